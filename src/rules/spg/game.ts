/**
 * The SPG game: immutable states, `apply` never mutates its input and takes every die from the rng it is
 * given. SPG has almost no hidden information (digest 8.3): every unit is visible; the one secret is where
 * the minefields laid by hidden placement lie (S-50 L672), and only scenarios that have them get a
 * determinize (obstacles.ts dealHiddenMines).
 */
import { textDigest } from '../../core/digest.js';
import type { Rng } from '../../core/game.js';
import { WordActionGame } from '../../core/word-game.js';

import { legalActions, applyAction } from './actions.js';
import { dealHiddenMines } from './obstacles.js';
import type { Scenario } from './scenario.js';
import { CARRIER, Draft, F_DUG_IN, F_PACKED, FLAGS, HEX, MOVE_PLAIN, STEPS, type State } from './state.js';
import { outcomeOf, startTurn } from './turn.js';

export class SpgGame extends WordActionGame<State> {
  /**
   * A state consistent with what `seat` knows: the other side's hidden minefields it has not seen are laid
   * again at random in their scenario areas (S-50 L672). Absent when the scenario hides none, so that the
   * search of an open game starts every iteration from the same state.
   */
  readonly determinize?: (state: State, seat: number, rng: Rng) => State;
  constructor(
    readonly sc: Scenario,
    readonly opts: { narrate?: boolean } = {},
  ) {
    super(`spg:${sc.data.id}`);
    if (sc.hiddenMines.length > 0) this.determinize = (state, seat, rng) => dealHiddenMines(sc, state, seat, rng);
  }

  /** The position before turn 1's Refresh, then turn 1 begins (its initiative may take dice from `rng`). */
  initialState(rng: Rng): State {
    const sc = this.sc;
    const u = sc.units.map((def) => {
      const row = [0, 0, 0, 0];
      row[HEX] = def.startHex;
      row[STEPS] = def.startReduced ? 1 : def.steps;
      // A gun or mortar set up as a passenger is on its towed side (S-13 L158).
      const towed = def.startCarrier >= 0 && (def.gun || def.mortar);
      row[FLAGS] = (def.startPacked || towed ? F_PACKED : 0) | (def.startDugIn ? F_DUG_IN : 0);
      row[CARRIER] = def.startCarrier + 1;
      return row;
    });
    const zero: State = {
      u,
      events: [],
      turn: 0,
      initiative: -1,
      active: 0,
      toMove: 0,
      acted: 0,
      passes: 0,
      lost: [0, 0],
      control: sc.objectives.map((o) => o.controlledBy),
      atSides: sc.units.map(() => 0),
      planes: [0, 1].map((side) => (1 << sc.sides[side]!.planes.length) - 1).concat([0, 0]),
      arrived: sc.groups.map(() => 0),
      opp: -1,
      oppOpen: false,
      reaction: false,
      over: false,
      suddenWinner: -1,
      initiativeTurn1: -1,
      cleared: [],
      hiddenMines: sc.hiddenMines.map((m) => m.hex),
      minesRevealed: 0,
      mover: -1,
      path: [],
      moveSpent: 0,
      moveEnd: MOVE_PLAIN,
      overran: false,
      replan: false,
      moverMark: 0,
      group: [],
      groupHex: -1,
      refreshQueue: [],
      pbemSecond: false,
    };
    const d = new Draft(sc, zero, rng, this.opts.narrate === true);
    startTurn(d, 1);
    return d.seal();
  }

  toMove(s: State): number {
    return s.toMove;
  }

  computeLegalActions(s: State): string[] {
    return legalActions(this.sc, s);
  }

  protected applyLegal(s: State, action: string, rng: Rng): State {
    const d = new Draft(this.sc, s, rng, this.opts.narrate === true);
    applyAction(d, action);
    return d.seal();
  }

  isTerminal(s: State): boolean {
    return s.over;
  }

  returns(s: State): readonly number[] {
    const o = outcomeOf(this.sc, s);
    return o.winner === null ? [0, 0] : o.winner === 0 ? [1, -1] : [-1, 1];
  }
}

/** A short stable digest of everything that affects play. */
export function spgStateHash(s: State): string {
  const units = s.u.map((r) => r.join(',')).join(';');
  const text = [
    s.turn,
    s.initiative,
    s.active,
    s.toMove,
    s.acted,
    s.passes,
    s.lost.join(','),
    s.control.join(','),
    s.atSides.join(','),
    s.planes.join(','),
    s.arrived.join(','),
    s.opp,
    s.oppOpen ? 1 : 0,
    s.over ? 1 : 0,
    s.suddenWinner,
    s.cleared.join(','),
    s.hiddenMines.join(','),
    s.minesRevealed,
    s.mover,
    s.path.join(','),
    s.moveSpent,
    s.moveEnd,
    s.overran ? 1 : 0,
    s.replan ? 1 : 0,
    s.moverMark,
    s.group.join(','),
    s.groupHex,
    s.refreshQueue.join(','),
    s.pbemSecond ? 1 : 0,
    units,
  ].join('|');
  return textDigest(text);
}
