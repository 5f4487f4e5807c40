/**
 * The PG3 rules as a Game: the contract agents search and the harness plays. It has no `evaluate`: the
 * one position evaluation PG3 search uses is Pg3SearchHints.evaluate, handed to agents with the other
 * hooks (index.ts), so a game built here and the one `loadScenario` builds are searched alike.
 */
import { packedInts } from '../../core/arrays.js';
import type { Rng } from '../../core/game.js';
import { shuffled } from '../../core/rng.js';
import { WordActionGame } from '../../core/word-game.js';
import { Draft } from './draft.js';
import { applyAction, legalActionsOf, seatToMove } from './actions.js';
import type { LeaderDraw, Scenario } from './scenario.js';
import {
  CARRIED,
  DIG,
  ELIMINATED,
  F,
  F_DUG_IN,
  F_ENTRENCHED,
  F_HIDDEN,
  F_LOADED,
  F_TANK_LEADER,
  F_TL_REVEALED,
  FLAGS,
  GOOD,
  HEX,
  MINE_REVEALED,
  MORALE,
  OFFBOARD,
  Phase,
  STEPS,
  type State,
} from './state.js';
import { outcomeOf, startTurn } from './turn.js';
import { describeAction } from './describe.js';
import { usesEntrenchment } from './units.js';
import { relocateHidden, revealHidden } from './hidden.js';

const NO_RNG: Rng = {
  next: () => {
    throw new Error('legal-action generation must not roll dice');
  },
  int: () => {
    throw new Error('legal-action generation must not roll dice');
  },
};

export interface Pg3GameOptions {
  /** Record narration (with rule ids) in state.events on every apply: for play and replays, not playouts. */
  narrate?: boolean;
}

export class Pg3Game extends WordActionGame<State> {
  constructor(
    readonly scenario: Scenario,
    readonly options: Pg3GameOptions = {},
  ) {
    super(`pg3:${scenario.data.id}`);
  }

  /** The starting position (set-up is fixed by the scenario; tank leaders and turn-1 initiative use dice). */
  initialState(rng: Rng): State {
    const sc = this.scenario;
    const u = sc.units.map(() => packedInts(F, 0));
    for (const d of sc.units) {
      const r = u[d.index]!;
      r[HEX] = d.entryTurn > 0 ? OFFBOARD : d.startHex;
      r[STEPS] = d.startReduced ? 1 : d.maxSteps;
      r[MORALE] = GOOD;
      let flags = 0;
      if (d.startDugIn) flags |= F_DUG_IN;
      // 16.4: set up in an entrenchment: it holds it.
      if (d.entryTurn === 0 && d.startCarrier < 0 && sc.entrenched[d.startHex] === 1 && usesEntrenchment(d)) flags |= F_ENTRENCHED;
      r[FLAGS] = flags;
      r[DIG] = 0;
    }
    // 5.6: units set up aboard a transport.
    for (const d of sc.units) {
      if (d.startCarrier < 0) continue;
      u[d.index]![CARRIED] = d.startCarrier + 1;
      u[d.startCarrier]![FLAGS]! |= F_LOADED;
    }
    // 16.6: hidden units (what a hidden transport carries is hidden with it).
    if (sc.hasHidden) for (const d of sc.units) if (d.startHidden && d.entryTurn === 0) u[d.index]![FLAGS]! |= F_HIDDEN;
    // 6.8: tank leaders. Nations with one in every tank ("all") are public; others are assigned secretly.
    for (let seat = 0; seat < 2; seat++) {
      const side = sc.sides[seat]!;
      const tanks = sc.units.filter((d) => d.side === seat && d.isTankSymbol);
      if (side.tankLeaders < 0) for (const t of tanks) u[t.index]![FLAGS]! |= F_TANK_LEADER;
      else {
        const fixed = tanks.filter((t) => t.startTankLeader);
        for (const t of fixed) u[t.index]![FLAGS]! |= F_TANK_LEADER;
        const rest = shuffled(
          rng,
          tanks.filter((t) => !t.startTankLeader),
        ).slice(0, Math.max(0, side.tankLeaders - fixed.length));
        for (const t of rest) u[t.index]![FLAGS]! |= F_TANK_LEADER;
      }
    }
    // 6.1: leaders drawn from the cup (after the tank leaders, so scenarios without draws roll as before).
    for (const ld of sc.leaderDraws) drawLeaders(sc, ld, u, rng);
    const base: State = {
      turn: 0,
      phase: Phase.Segment,
      active: 0,
      initiativeWinner: 0,
      openingLeft: 0,
      lastWasPass: false,
      lastPassSeat: -1,
      segmentsTaken: [0, 0],
      savedSegment: -1,
      u,
      act: [],
      declIndex: 0,
      obaUsed: [0, 0],
      obaThisSegment: 0,
      air: [0, 0],
      smoke: [],
      wrecks: [],
      mines: sc.minefields.map((m) => m.strength),
      control: sc.objectives.map((o) => o.initialController),
      stepsLost: [0, 0],
      decapHex: [-1, -1],
      decapTurn: [0, 0],
      stepsExited: [0, 0],
      initiativeTurn1: -1,
      opp: null,
      queue: [],
      afterPhase: Phase.Segment,
      assaults: [],
      charge: null,
      events: [],
      actions: 0,
    };
    const d = new Draft(sc, base, rng, this.options.narrate === true);
    startTurn(d, 1);
    if (sc.hasHidden) revealHidden(d); // 16.6: set up within enemy sight at 1/4 range
    return d.seal();
  }

  toMove(state: State): number {
    return seatToMove(state);
  }

  /** Legal actions computed afresh, bypassing the per-state cache (for benchmarks of the generator itself). */
  computeLegalActions(state: State): string[] {
    return state.phase === Phase.Over ? [] : legalActionsOf(new Draft(this.scenario, state, NO_RNG, false));
  }

  protected override illegalReason(state: State): string {
    return state.phase === Phase.Over ? 'the game is over' : super.illegalReason(state);
  }

  protected applyLegal(state: State, action: string, rng: Rng): State {
    const d = new Draft(this.scenario, state, rng, this.options.narrate === true);
    applyAction(d, action);
    if (this.scenario.hasHidden) revealHidden(d);
    d.actions++;
    return d.seal();
  }

  /**
   * Random actions on one working copy (the Game contract's `playout`): from the second action on, the draft
   * writes the unit rows, arrays and occupancy index it already copied in place instead of sealing a state and
   * copying them again for every action. What it plays and rolls is what `legalActions` and `apply` would.
   */
  playout(state: State, rng: Rng, maxActions: number): State {
    if (this.options.narrate === true) {
      // Narration is per action (state.events): played action by action.
      for (let k = 0; k < maxActions && state.phase !== Phase.Over; k++) {
        const legal = this.legalActions(state);
        if (legal.length === 0) break;
        state = this.apply(state, legal[legal.length === 1 ? 0 : rng.int(legal.length)]!, rng);
      }
      return state;
    }
    if (maxActions <= 0 || state.phase === Phase.Over) return state;
    const sc = this.scenario;
    const d = new Draft(sc, state, rng, false);
    for (let k = 0; k < maxActions; k++) {
      const legal = legalActionsOf(d);
      const n = legal.length;
      if (n === 0) break;
      applyAction(d, legal[n === 1 ? 0 : rng.int(n)]!);
      if (sc.hasHidden) revealHidden(d);
      d.actions++;
      if (d.phase === Phase.Over) break;
    }
    return d.seal();
  }

  isTerminal(state: State): boolean {
    return state.phase === Phase.Over;
  }

  returns(state: State): readonly number[] {
    const o = outcomeOf(this.scenario, state);
    if (o.winner === null) return [0, 0];
    return o.winner === 0 ? [1, -1] : [-1, 1];
  }

  /**
   * Resamples what `seat` cannot know: which of the other side's tanks carry its secret tank leaders
   * (6.8), keeping those revealed by leading, and the strengths of its minefields not yet entered (16.7),
   * dealt again among the same set; and where the other side's hidden units are (16.6: see hidden.ts).
   * Every other fact of a PG3 position is public.
   */
  determinize(state: State, seat: number, rng: Rng): State {
    const sc = this.scenario;
    const other = 1 - seat;
    if (sc.hasHidden && sc.hiddenArea[other]!.length > 0) {
      const d = new Draft(sc, state, rng, false);
      relocateHidden(d, seat, rng);
      state = d.seal();
    }
    const side = sc.sides[other]!;
    // 16.7: the other side's minefields not yet entered: their strengths are dealt again among the same set.
    let mines = state.mines;
    const hiddenMines = sc.minefields
      .map((_, k) => k)
      .filter((k) => sc.minefields[k]!.side === other && (state.mines[k]! & MINE_REVEALED) === 0);
    if (hiddenMines.length > 1) {
      const m = state.mines.slice();
      const dealt = shuffled(
        rng,
        hiddenMines.map((k) => m[k]!).sort((a, b) => a - b),
      ); // sorted: where each lies plays no part
      hiddenMines.forEach((k, n) => {
        m[k] = dealt[n]!;
      });
      mines = m;
    }
    const withMines = mines === state.mines ? state : { ...state, mines };
    if (side.tankLeaders < 0) return withMines;
    // The living tanks whose tank leader, if any, is not revealed: the deal is among them.
    const free = sc.units.filter(
      (d) => d.side === other && d.isTankSymbol && state.u[d.index]![STEPS]! > 0 && (state.u[d.index]![FLAGS]! & F_TL_REVEALED) === 0,
    );
    const hidden = free.filter((t) => (state.u[t.index]![FLAGS]! & F_TANK_LEADER) !== 0).length;
    // No tank leader left unrevealed, or every unrevealed tank has one: nothing to guess, and no draw, so
    // the search keeps the positions it reaches (a FIXED root, agents/mcts.ts).
    if (hidden === 0 || hidden === free.length) return withMines;
    const u = state.u.map((r) => r.slice());
    for (const t of free) u[t.index]![FLAGS]! &= ~F_TANK_LEADER;
    for (const t of shuffled(rng, free).slice(0, hidden)) u[t.index]![FLAGS]! |= F_TANK_LEADER;
    return { ...state, u, mines };
  }

  describeAction(state: State, action: string): string {
    return describeAction(this.scenario, state, action);
  }
}

/**
 * PG3 6.1 (L168): the side's leader pieces go in a cup; draw one at random and flip it like a coin (a piece with
 * two faces is two different leaders); a face of a rank still wanted fills the first open placeholder of that rank,
 * any other is put aside; draw until every placeholder is filled or the cup is empty. Undrawn faces are out of
 * play (hex ELIMINATED, so they never count as living leaders, e.g. for decapitation 6.7).
 */
export function drawLeaders(sc: Scenario, ld: LeaderDraw, u: number[][], rng: Rng): void {
  for (const piece of ld.pieces) for (const i of piece) u[i]![HEX] = ELIMINATED;
  const open = ld.slots.map(() => true);
  let left = open.length;
  for (const piece of shuffled(
    rng,
    ld.pieces.filter((p) => p.length > 0),
  )) {
    if (left === 0) break;
    const face = piece.length > 1 ? piece[rng.int(piece.length)]! : piece[0]!;
    const k = ld.slots.findIndex((s, n) => open[n] && s.rank === sc.units[face]!.rank);
    if (k < 0) continue;
    open[k] = false;
    left--;
    u[face]![HEX] = ld.slots[k]!.hex;
  }
}

/**
 * FNV-1a (32-bit) over what a PG3 position holds that affects play: every unit row field by field, then
 * turn, phase, active seat, objective control and the length of the effect queue. Game records store it
 * after every action; the sequence is that of the records written before it moved here, so they verify.
 */
export function pg3StateHash(s: State): string {
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    // Integers of the state are small; mix 4 bytes of each.
    let x = n | 0;
    for (let k = 0; k < 4; k++) {
      h ^= x & 0xff;
      h = Math.imul(h, 0x01000193);
      x >>>= 8;
    }
  };
  for (const row of s.u) for (const v of row) mix(v);
  mix(s.turn);
  mix(s.phase);
  mix(s.active);
  for (const c of s.control) mix(c);
  mix(s.queue.length);
  return (h >>> 0).toString(16).padStart(8, '0');
}
