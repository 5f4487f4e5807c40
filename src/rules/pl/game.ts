/**
 * The Panzer Leader game: immutable states, `apply` never mutates its input and takes every die from the
 * rng it is given. The one secret of ordinary play is the IF orders a side writes a turn ahead (VII.C.3,
 * digest 8.3): `determinize` deals the other side's pending orders new target hexes, unless the scenario
 * plays with open orders (a labelled deviation, rule.openOrders). In a landing the Allied landing record and
 * the units at sea are secret too (XI.A.2, XI.B.1): `determinize` deals them again for the German seat.
 */
import { textDigest } from '../../core/digest.js';
import type { Rng } from '../../core/game.js';
import { d6 } from '../../core/rng.js';
import { WordActionGame } from '../../core/word-game.js';
import type { GameOutcome } from '../../core/system.js';
import { applyAction, isLegal, legalActions, startSegment } from './actions.js';
import { dealLandings, resampleOrders } from './hidden.js';
import type { Scenario } from './scenario.js';
import { CARRIER, Draft, EXITED, F_DESIGNATED, F_IN_FORT, FLAGS, HEX, MP_LEFT, OFFBOARD, PH_AA, PHASE_NAMES, type State } from './state.js';

export class PlGame extends WordActionGame<State> {
  readonly determinize?: (state: State, seat: number, rng: Rng) => State;

  constructor(
    readonly sc: Scenario,
    readonly opts: { narrate?: boolean } = {},
  ) {
    super(`pl:${sc.data.id}`);
    const secretOrders = !sc.rules.openOrders && sc.units.some((u) => u.c.modes.includes('IF'));
    const landings = sc.units.some((u) => u.lands > 0);
    // XI.A.2: the landing record and the identities at sea are the Allied player's secret.
    if (secretOrders || landings)
      this.determinize = (state, seat, rng) => resampleOrders(sc, dealLandings(sc, state, seat, rng), seat, rng);
  }

  /** Turn 1, the combat phase of the player segment that opens every turn: the Allied one (XIII) unless a set-up die decides (PL-R60). */
  initialState(rng: Rng): State {
    const sc = this.sc;
    const first = sc.rules.firstPlayerByDie ? (d6(rng) <= 3 ? 0 : 1) : 0;
    const u = sc.units.map((def) => {
      const row = [0, 0, 0, -1, 0];
      row[HEX] = def.enters > 0 ? OFFBOARD : def.startHex;
      row[FLAGS] = def.startsInFort ? F_IN_FORT : 0;
      row[CARRIER] = def.startCarrier + 1;
      row[MP_LEFT] = -1;
      return row;
    });
    const zero: State = {
      u,
      events: [],
      turn: 1,
      side: first,
      first,
      phase: 0,
      over: false,
      target: -1,
      firers: [],
      aimed: [],
      orders: [],
      wrecks: [],
      mines: sc.mines.map((m) => m.hex),
      blocks: [...sc.blocks],
      bridges: [...sc.bridges],
      tempBridges: [...sc.truckBridges],
      forts: sc.forts.map((f) => f.hex),
      clearing: [],
      control: sc.objectives.map((o) => o.heldBy),
      // XIV.B.7.b-c: the hexes a bridge or town objective asks about start with the objective's holder.
      held: sc.controlHexes.map((h) => sc.objectives.find((o) => o.hex === h || o.town.includes(h) || o.banks.flat().includes(h))!.heldBy),
      lost: [0, 0],
      hit: [],
      airUp: sc.aircraft.map(() => 1),
      airMg: sc.aircraft.map(() => 0),
      airOrdnance: sc.aircraft.map(() => 0),
      airDone: sc.aircraft.map(() => 0),
      airPending: [],
      landing: sc.units.some((u) => u.lands > 0) ? sc.units.map((u) => (u.lands > 0 ? [u.lands, u.startHex] : [0, -1])) : [],
    };
    const d = new Draft(sc, zero, rng, this.opts.narrate === true);
    startSegment(d);
    return d.seal();
  }

  /** The phasing seat, except while the German player decides on AA fire at the aircraft flown in (XII.D). */
  toMove(s: State): number {
    return s.phase === PH_AA ? 1 - s.side : s.side;
  }

  computeLegalActions(s: State): string[] {
    return legalActions(this.sc, s);
  }

  /** The agents' list, or any wider choice the rules give the player (VII.B.8, VII.C.6, VII.D.5, VII.E). */
  protected override accepts(s: State, action: string): boolean {
    return isLegal(this.sc, s, action, this.legalActions(s));
  }

  protected override illegalReason(s: State): string {
    return `not legal in the ${PHASE_NAMES[s.phase]} phase of this position`;
  }

  protected applyLegal(s: State, action: string, rng: Rng): State {
    const next = new Draft(this.sc, s, rng, this.opts.narrate === true);
    applyAction(next, action);
    return next.seal();
  }

  isTerminal(s: State): boolean {
    return s.over;
  }

  /** Win 1, loss -1, draw 0 by the victory margin (XIV.A). */
  returns(s: State): readonly number[] {
    const { winner } = outcomeOf(this.sc, s);
    return [0, 1].map((seat) => (winner === null ? 0 : winner === seat ? 1 : -1));
  }

  /** The player's wider choices (VII.B.8, VII.C.6, VII.D.5, VII.E, XII.A.3) that the agents' list leaves out. */
  actionOf(s: State, key: string): string | undefined {
    return this.accepts(s, key) ? key : undefined;
  }
}

/**
 * VP per seat: objectives held (XIV.B.7), enemy units eliminated (XIV.B.8) and, where the scenario allows
 * it, own units that left the map by its exit hexes (XIV.B.3); the margin decides the level (XIV.A).
 */
export function outcomeOf(sc: Scenario, s: State): GameOutcome {
  const vp = [0, 0];
  sc.objectives.forEach((o, k) => {
    vp[s.control[k]!]! += o.vp;
  });
  vp[0]! += s.lost[1]! * sc.data.victory.vpPerUnit;
  vp[1]! += s.lost[0]! * sc.data.victory.vpPerUnit;
  sc.units.forEach((u, i) => {
    const exit = sc.exits[u.side];
    if (exit && !u.soft && s.u[i]![HEX] === EXITED) vp[u.side]! += exit.vp;
  });
  const margin = vp[0]! - vp[1]!;
  const abs = Math.abs(margin);
  const winner = margin === 0 ? null : margin > 0 ? 0 : 1;
  const level =
    winner === null ? 'draw' : abs >= sc.data.victory.decisive ? 'decisive' : abs >= sc.data.victory.tactical ? 'tactical' : 'marginal';
  return {
    winner,
    victoryLevel: level,
    turns: s.turn,
    vp,
    metrics: sc.rules.firstPlayerByDie
      ? { units_lost: [...s.lost], first_player: [s.first === 0 ? 1 : 0, s.first === 1 ? 1 : 0] }
      : { units_lost: [...s.lost] },
  };
}

/** A short stable digest of everything that affects play. */
export function plStateHash(s: State): string {
  const text = [
    s.turn,
    // Who opens the turns only when the set-up die chose, so that positions of XIII's order keep their digests.
    s.first === 0 ? s.side : `${s.side}/${s.first}`,
    s.phase,
    s.over ? 1 : 0,
    s.target,
    // The aimed units only when there are some, so that positions without them keep their digests.
    s.firers.join(',') + (s.aimed.length > 0 ? `>${s.aimed.join(',')}` : ''),
    s.orders.map((o) => `${o.side}:${o.turn}:${o.hex}:${o.units.join('.')}`).join(','),
    s.wrecks.join(','),
    s.mines.join(','),
    s.blocks.join(','),
    s.bridges.join(','),
    s.tempBridges.join(','),
    s.forts.join(','),
    s.clearing.map((c) => c.join(':')).join(','),
    s.airPending.join(','),
    s.control.join(',') + (s.held.length > 0 ? `>${s.held.join(',')}` : ''),
    s.lost.join(','),
    s.hit.join(','),
    s.airUp.join(','),
    s.airMg.join(','),
    s.airOrdnance.join(','),
    s.airDone.join(','),
    s.u.map((r) => r.join(',')).join(';'),
    // The landing record only when the scenario has one, so that positions without it keep their digests.
    ...(s.landing.length > 0 ? [s.landing.map((l) => l.join(':')).join(',')] : []),
  ].join('|');
  return textDigest(text);
}

export { F_DESIGNATED };
