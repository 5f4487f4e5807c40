/**
 * The IA2 game: immutable states, `apply` never mutates its input and takes every die from the rng it is
 * given. The artillery plans are read from the scenario file and are public in this version (both players
 * may read the file); hidden plans with a determinize come later (see docs/rules/ia2-status.json, 9.1).
 */
import type { Game, Rng } from '../../core/game.js';
import { IllegalActionError } from '../../core/game.js';
import { RecentMemo } from '../../core/memo.js';
import { textDigest } from '../pg/digest.js';
import { applyAction, legalActions } from './actions.js';
import type { Scenario } from './scenario.js';
import { DIG, Draft, NO_DICE, F_LIMBERED, F_MOUNTED, FACE, FLAGS, HEX, ROW_FIELDS, STEPS, type State } from './state.js';
import { outcomeOf, startTurn } from './turn.js';

export class Ia2Game implements Game<State, string> {
  readonly name: string;
  readonly players = 2;
  private readonly legalCache = new RecentMemo<State, readonly string[]>(8);

  constructor(
    readonly sc: Scenario,
    readonly opts: { narrate?: boolean } = {},
  ) {
    this.name = `ia2:${sc.data.id}`;
  }

  /** Set-up (leader faces flipped for, 6.2; night darkness rolled, 7.12), then turn 1 begins. */
  initialState(rng: Rng): State {
    const sc = this.sc;
    const u = sc.units.map((def) => {
      const row = new Array<number>(ROW_FIELDS).fill(0);
      row[HEX] = def.startHex;
      row[STEPS] = def.startReduced ? 1 : def.steps;
      row[FLAGS] = (def.startMounted ? F_MOUNTED : 0) | (def.startLimbered ? F_LIMBERED : 0);
      row[DIG] = def.startDugIn ? 2 : 0;
      row[FACE] = def.leader ? (def.startFace >= 0 ? def.startFace : rng.int(2)) : 0;
      return row;
    });
    const nightRange = sc.data.nightSpotting ?? (sc.nightTurns.size > 0 ? (rng.int(6) + 1 <= 4 ? 1 : 2) : 1);
    const zero: State = {
      u,
      events: [],
      turn: 0,
      initiative: 0,
      active: 0,
      toMove: 0,
      lead: 0,
      segs: [0, 0],
      lastPass: -1,
      activated: false,
      mover: -1,
      chargeTo: -1,
      oppWindow: false,
      oppFired: [],
      drumfire: [],
      lastVertex: sc.increments.map(() => -1),
      ammoOut: sc.increments.map(() => 0),
      shortage: [0, 0],
      shortageTurn: [0, 0],
      lost: [0, 0],
      decapUntil: [0, 0],
      decapDone: [0, 0],
      control: sc.objectives.map((o) => o.controlledBy),
      nightRange,
      initiativeTurn1: -1,
      over: false,
    };
    const d = new Draft(sc, zero, rng, this.opts.narrate === true);
    startTurn(d, 1);
    return d.seal();
  }

  toMove(s: State): number {
    return s.toMove;
  }

  legalActions(s: State): readonly string[] {
    let cached = this.legalCache.get(s);
    if (cached === undefined) {
      cached = Object.freeze(legalActions(new Draft(this.sc, s, NO_DICE, false)));
      this.legalCache.set(s, cached);
    }
    return cached;
  }

  apply(s: State, action: string, rng: Rng): State {
    if (!this.legalActions(s).includes(action)) throw new IllegalActionError(action, 'not among the legal actions of this position');
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

  actionKey(a: string): string {
    return a;
  }
}

/** A short stable digest of everything that affects play. */
export function ia2StateHash(s: State): string {
  const text = [
    s.turn,
    s.initiative,
    s.active,
    s.toMove,
    s.lead,
    s.segs.join(','),
    s.lastPass,
    s.activated ? 1 : 0,
    s.mover,
    s.chargeTo,
    s.oppWindow ? 1 : 0,
    s.oppFired.join(','),
    s.drumfire.join(','),
    s.lastVertex.join(','),
    s.ammoOut.join(','),
    s.shortage.join(','),
    s.shortageTurn.join(','),
    s.lost.join(','),
    s.decapUntil.join(','),
    s.decapDone.join(','),
    s.control.join(','),
    s.nightRange,
    s.over ? 1 : 0,
    s.u.map((r) => r.join(',')).join(';'),
  ].join('|');
  return textDigest(text);
}
