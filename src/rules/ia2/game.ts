/**
 * The IA2 game: immutable states, `apply` never mutates its input and takes every die from the rng it is
 * given. Before turn 1 (turn 0, the pre-game) each side with artillery writes its plan (9.1) as one decision,
 * `plan NAME`, among its candidates (plans.ts, ruling IA2-R40); the plan is that side's secret, which `determinize` draws
 * again for the other seat.
 */
import type { Rng } from '../../core/game.js';
import { textDigest } from '../../core/digest.js';
import { WordActionGame } from '../../core/word-game.js';
import { applyAction, legalActions } from './actions.js';
import { dealHidden, initialSearched, markSearched, type SearchMarker, searchAndReveal } from './hidden.js';
import { leadersUnderDugIn } from './leaders.js';
import { allVertices, dealPlans, entryActions, nextEntry, SMOKE, UNWRITTEN, vertexKey, WRITTEN } from './plans.js';

/** The state an action leads to, edited in `d` and sealed; `mark` is the hidden-unit search (15.5), another only in tests. */
export function nextState(d: Draft, action: string, mark: SearchMarker = markSearched): State {
  if (d.turn === 0) writePlan(d, action);
  else applyAction(d, action);
  leadersUnderDugIn(d);
  settleEntrenchments(d);
  searchAndReveal(d, action, mark);
  return d.seal();
}

const VERTICES = new WeakMap<Scenario, number[]>();

/**
 * The pre-game decision (9.1): the seat to move writes one of its candidate plans, or `plan write` to write
 * its own by hand, then its entries one by one (`line fire V[/G]`, `line smoke V`, `line nofire`: plans.ts entryActions).
 */
export function planActions(sc: Scenario, s: State): string[] {
  const seat = s.toMove;
  if (s.plans[seat] === WRITTEN) {
    let vertices = VERTICES.get(sc);
    if (vertices === undefined) VERTICES.set(sc, (vertices = allVertices(sc.map.grid)));
    return entryActions(sc.planLibrary, sc.map.grid, seat, s.written, vertices, sc.smokeAllowed[seat]);
  }
  const lib = sc.planLibrary[seat]!;
  return [...lib.map((c) => `plan ${c.name}`), ...(lib.length > 1 ? ['plan write'] : [])];
}

/**
 * `plan NAME` by the seat to move, or `plan write` and its entries; when both sides have written, turn 1
 * begins (its dice are rolled after the plans, 9.1).
 */
function writePlan(d: Draft, action: string): void {
  const seat = d.toMove;
  const sc = d.sc;
  if (action === 'plan write') {
    d.arr('plans')[seat] = WRITTEN;
    if (d.written === undefined) d.written = new Array<number>(sc.increments.length * sc.turns).fill(UNWRITTEN);
    d.events && d.say(() => `${sc.sides[seat]!.id} writes its artillery plan by hand (9.1)`);
    return;
  }
  if (action.startsWith('line ')) {
    const at = nextEntry(sc.planLibrary, seat, d.written)!;
    const written = d.written!.slice();
    const [, kind, vertex] = action.split(' ');
    if (kind === 'nofire') written[at.k * sc.turns + at.turn - 1] = -1;
    else {
      const [labels, group] = vertex!.split('/');
      const hexes = labels!.split('-').map((l) => sc.map.grid.parseLabel(l));
      written[at.k * sc.turns + at.turn - 1] = vertexKey(sc.map.size, hexes) * 10 + (kind === 'smoke' ? SMOKE : Number(group ?? 0));
    }
    d.written = written;
    if (nextEntry(sc.planLibrary, seat, written) !== undefined) return;
  } else {
    const name = action.slice('plan '.length);
    d.arr('plans')[seat] = sc.planLibrary[seat]!.findIndex((c) => c.name === name);
  }
  d.events && d.say(() => `${sc.sides[seat]!.id} has written its artillery plan (9.1)`);
  nextWriterOrTurn(d);
}

/** The next side still to write its plan, or turn 1. */
function nextWriterOrTurn(d: Draft): void {
  const next = d.plans.indexOf(-1);
  if (next >= 0) {
    d.toMove = next;
    d.active = next;
  } else startTurn(d, 1);
}
import type { Scenario } from './scenario.js';
import { CARRIER, DIG, Draft, NO_DICE, F_HIDDEN, F_LIMBERED, F_MOUNTED, FACE, FLAGS, HEX, ROW_FIELDS, STEPS, type State } from './state.js';
import { outcomeOf, startTurn } from './turn.js';
import { settleEntrenchments } from './units.js';

export class Ia2Game extends WordActionGame<State> {
  /**
   * A state consistent with what `seat` knows: the other side's written plan drawn again among its
   * candidates that agree with the fire seen so far (plans.ts dealPlans). Absent when neither side has a
   * choice of plan, so that the search of an open game starts every iteration from the same state.
   */
  readonly determinize?: (state: State, seat: number, rng: Rng) => State;

  constructor(
    readonly sc: Scenario,
    readonly opts: { narrate?: boolean } = {},
  ) {
    super(`ia2:${sc.data.id}`);
    const plans = sc.planLibrary.some((lib) => lib.length > 1);
    const hidden = sc.units.some((u) => u.startHidden);
    if (plans || hidden)
      this.determinize = (state, seat, rng) => dealHidden(sc, plans ? dealPlans(sc.planLibrary, state, seat, rng) : state, seat, rng);
  }

  /**
   * Set-up (leader faces flipped for, 6.2; night darkness rolled, 7.12), then the pre-game: each side with a
   * choice of artillery plan writes one (9.1), the first side first; then turn 1 begins. A side without
   * artillery has nothing to write.
   */
  initialState(rng: Rng): State {
    const sc = this.sc;
    const u = sc.units.map((def) => {
      const row = new Array<number>(ROW_FIELDS).fill(0);
      row[HEX] = def.startHex;
      row[STEPS] = def.startReduced ? 1 : def.steps;
      row[FLAGS] = (def.startMounted ? F_MOUNTED : 0) | (def.startLimbered ? F_LIMBERED : 0) | (def.startHidden ? F_HIDDEN : 0);
      row[DIG] = def.startDugIn ? 2 : 0;
      row[FACE] = def.leader ? (def.startFace >= 0 ? def.startFace : rng.int(2)) : 0;
      row[CARRIER] = def.startCarrier;
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
      smoke: [],
      lastVertex: sc.increments.map(() => -1),
      ammoOut: sc.increments.map(() => 0),
      plans: sc.planLibrary.map((lib) => (lib.length > 1 ? -1 : 0)),
      shortage: [0, 0],
      shortageTurn: [0, 0],
      lost: [0, 0],
      decapUntil: [0, 0],
      decapDone: [0, 0],
      control: sc.objectives.map((o) => o.controlledBy),
      nightRange,
      searched: initialSearched(sc),
      initiativeTurn1: -1,
      over: false,
    };
    const d = new Draft(sc, zero, rng, this.opts.narrate === true);
    // 15.5: pieces set up within the enemy's hidden spotting range are found at once.
    leadersUnderDugIn(d);
    settleEntrenchments(d);
    searchAndReveal(d);
    nextWriterOrTurn(d);
    return d.seal();
  }

  toMove(s: State): number {
    return s.toMove;
  }

  computeLegalActions(s: State): string[] {
    if (s.turn === 0) return planActions(this.sc, s);
    return legalActions(new Draft(this.sc, s, NO_DICE, false));
  }

  protected applyLegal(s: State, action: string, rng: Rng): State {
    return nextState(new Draft(this.sc, s, rng, this.opts.narrate === true), action);
  }

  isTerminal(s: State): boolean {
    return s.over;
  }

  /** Win 1, loss -1, draw 0 by the scenario's victory points. */
  returns(s: State): readonly number[] {
    const { winner } = outcomeOf(this.sc, s);
    return [0, 1].map((seat) => (winner === null ? 0 : winner === seat ? 1 : -1));
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
    // Only when there is smoke: a game without it hashes as it always has.
    ...(s.smoke.length > 0 ? [`smoke ${s.smoke.join(',')}`] : []),
    s.lastVertex.join(','),
    s.ammoOut.join(','),
    s.plans.join(','),
    ...(s.written ? [s.written.join(',')] : []),
    s.shortage.join(','),
    s.shortageTurn.join(','),
    s.lost.join(','),
    s.decapUntil.join(','),
    s.decapDone.join(','),
    s.control.join(','),
    s.nightRange,
    s.searched.join(','),
    s.over ? 1 : 0,
    s.u.map((r) => r.join(',')).join(';'),
  ].join('|');
  return textDigest(text);
}

/** `s` after every side still to write its plan has written the default, the scenario's plan (for tests and set positions). */
export function withDefaultPlans(game: Ia2Game, s: State, rng: Rng): State {
  let out = s;
  while (out.turn === 0 && !out.over) out = game.apply(out, `plan ${game.sc.planLibrary[out.toMove]![0]!.name}`, rng);
  return out;
}
