/**
 * The PG3 advisor for the scripted (doctrine) agent: rates an action by exact outcome probabilities read
 * from the chart pack (2d6 and 1d6 distributions, not sampling), as Battle for Wesnoth's candidate-action
 * AI rates attacks. It reads only what the seat may see (hidden.ts seatView): positions, steps, morale states and
 * the charts; never the other side's hidden units, secret tank leaders or minefield strengths, and never a future die.
 */
import type { Rng } from '../../core/game.js';
import { doctrineScore, type ActionAssessment, type DoctrineAdvisor, type DoctrineWeights } from '../../core/extensions.js';
import type { Hex } from '../../hex/grid.js';
import { RecentMemo } from '../../core/memo.js';
import { Draft } from './draft.js';
import type { Pg3Game } from './game.js';
import type { Scenario } from './scenario.js';
import { P2D6, atOdds, atShot, columnGroups, fireTargets, lossesOf, moraleModOf, tableResult, type FireSpec } from './combat.js';
import { assaultOdds } from './assault.js';
import { bombardSpec, directFireSpec, baseShift, groupStrength, parseAction } from './actions.js';
import { threatens, threatReachAgainst } from './movement.js';
import { fireLineClear, hexSpotsUnit } from './spotting.js';
import {
  DEMORALIZED,
  DISRUPTED,
  ELIMINATED,
  F_ACTIVATED,
  F_HIDDEN,
  F_IN_ACT,
  GOOD,
  HEX,
  MORALE,
  OPP,
  Phase,
  STEPS,
  type State,
} from './state.js';
import { seatView } from './hidden.js';
import { victoryPoints } from './turn.js';
import { def, dfStrength, leaderMoraleBonus, moraleValue, values } from './units.js';

export type { ActionAssessment };

const NO_DICE: Rng = { next: () => 0, int: () => 0 };
/**
 * What entering a hex costs when it gains nothing: movement points and a chance for enemy opportunity fire
 * (13.0). A move that gains nothing then rates below ending the activation, so a unit never walks out and back.
 */
const MOVE_COST = 0.05;
const ZERO: ActionAssessment = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };

/** Probability that a morale check with modifier `mod` fails against morale `target` (14.1: fails if 2d6 + mod > target). */
function pFailAt(target: number, mod: number): number {
  let p = 0;
  for (let r = 2; r <= 12; r++) if (r + mod > target) p += P2D6[r]!;
  return p;
}

/** Expected steps lost (plus a part-step for morale failures) by the units a DF/bombardment attack hits. */
export function fireValue(d: Draft, spec: FireSpec): number {
  const table = spec.kind === 'direct' ? d.sc.df : d.sc.bomb;
  const targets = fireTargets(d, spec);
  let total = 0;
  for (const [col, units] of columnGroups(d, spec, targets)) {
    let pieces = 0,
      steps = 0;
    for (const i of units) {
      const u = def(d, i);
      if (!u.isLeader && !(u.isAfv && !u.openTop)) {
        pieces++;
        steps += d.get(i, STEPS);
      }
    }
    // Morale of the units that check (not AFVs), with the best leader's help: looked up once, not per roll.
    let morale: number[] | null = null;
    for (let r = 2; r <= 12; r++) {
      const res = tableResult(table, col, r);
      const l = lossesOf(res);
      if (l > 0) total += P2D6[r]! * Math.min(l, steps) + P2D6[r]! * 0.3 * pieces;
      else {
        const mod = moraleModOf(d, res);
        if (mod < 0) continue;
        morale ??= units.filter((i) => !def(d, i).isAfv).map((i) => moraleValue(d, i) + leaderMoraleBonus(d, i, false));
        for (const target of morale) total += P2D6[r]! * 0.35 * pFailAt(target, mod);
      }
    }
  }
  return total;
}

/** What the doctrine keeps per assessed state: the seat's view of it and expectedFire's answers there. */
interface SeatMemo {
  readonly seat: number;
  /** The state as the seat sees it (hidden.ts seatView), and a read-only draft of it. */
  readonly viewState: State;
  readonly view: Draft;
  readonly fire: Map<number, number>;
}

/**
 * The scripted agent's weights for PG3, found by `tacsim tune scripted --scenario pg3-medium` (NTBEA over the
 * four weights, paired seeds) and kept because they beat the generic weights on fresh seeds (README, Measured).
 */
export const PG3_SCRIPTED_WEIGHTS: Readonly<DoctrineWeights> = { aggression: 0.5, caution: 1, objectiveWeight: 0.25, cohesionWeight: 0.75 };

export class Pg3Doctrine implements DoctrineAdvisor<State, string> {
  readonly weights = PG3_SCRIPTED_WEIGHTS;
  /**
   * Per state, for the last two assessed (an agent assesses every legal action of one state): one read-only
   * draft of what the seat may see of it (hidden.ts seatView; assess never writes through it), and expectedFire's
   * answers.
   */
  private readonly perState = new RecentMemo<State, SeatMemo>(2);
  /** The memo of the state being assessed. */
  private current: SeatMemo | null = null;

  constructor(
    readonly sc: Scenario,
    readonly game: Pg3Game,
  ) {}

  /**
   * Rates `action` for `seat` from what that seat may see of `state` (the other side's hidden units, secret tank
   * leaders and minefield strengths are not used): two states that differ only in those secrets rate alike.
   */
  assess(state: State, action: string, seat: number): ActionAssessment {
    if (state.phase === Phase.Over) return ZERO;
    const memo = this.memoOf(state, seat);
    this.current = memo;
    const d = memo.view;
    const { verb, a, b, last } = parseAction(action);
    switch (verb) {
      case 'df':
        return { ...ZERO, expectedEnemyLoss: fireValue(d, directFireSpec(d, a, b, false)) };
      case 'bomb':
        return { ...ZERO, expectedEnemyLoss: fireValue(d, bombardSpec(d, a, b, 1 - seat, false)) };
      case 'oba': {
        const strength = [...this.sc.sides[seat]!.offboard]
          .sort((x, y) => y - x)
          .slice(0, b)
          .reduce((s, v) => s + v, 0);
        const spec: FireSpec = {
          kind: 'bombard',
          firers: [],
          strength,
          target: a,
          moverOnly: -1,
          baseShift: baseShift(d, 'bombard', [], a, 1 - seat, false),
          targetSeat: 1 - seat,
          label: '',
        };
        // Spending several factors at once is worth less than the sum: each factor fires once a turn.
        return { ...ZERO, expectedEnemyLoss: fireValue(d, spec) / Math.sqrt(b) };
      }
      case 'at':
      case 'oppat': {
        const target = verb === 'at' ? b : state.opp!.mover;
        const o = atOdds(d, a, target);
        return { ...ZERO, expectedEnemyLoss: o.damage + o.eliminate * (d.get(target, STEPS) - 1) };
      }
      case 'opp':
      case 'oppx': {
        const mover = state.opp!.mover;
        const mh = d.hex(mover);
        const firers =
          verb === 'opp'
            ? [a]
            : this.game
                .legalActions(state)
                .filter((x) => x.startsWith('opp '))
                .map((x) => Number(x.slice(4)))
                .filter((i) => d.hex(i) === a);
        const spec: FireSpec = {
          kind: 'direct',
          firers,
          strength: groupStrength(d, firers, true),
          target: mh,
          moverOnly: mover,
          targetSeat: 1 - seat,
          baseShift: baseShift(d, 'direct', firers, mh, 1 - seat, true),
          label: '',
        };
        // A shot now spends one of the unit's two opportunity fires (13.0): keep a margin.
        return { ...ZERO, expectedEnemyLoss: fireValue(d, spec) - 0.05 };
      }
      case 'asl': {
        const already = d.act.filter((i) => i !== a && d.hex(i) === b);
        const attackers = [a, ...already];
        const defenders = d.unitsIn(b).filter((i) => def(d, i).side !== seat);
        const mine = assaultOdds(d, b, attackers, defenders, true);
        const exp = (o: number[]): number => o[1]! + 2 * o[2]! + 3 * o[3]! + 0.3 * o[4]!;
        // A leader joining an assault his units entered (5.0) is worth what he adds to it.
        if (def(d, a).isLeader) return { ...ZERO, expectedEnemyLoss: exp(mine) - exp(assaultOdds(d, b, already, defenders, true)) };
        const theirs = assaultOdds(d, b, defenders, attackers, false);
        return { ...ZERO, expectedEnemyLoss: exp(mine), expectedOwnLoss: exp(theirs), objective: this.objectiveAt(d, b, seat) ? 1.5 : 0 };
      }
      case 'melee': {
        const attackers = d.act.filter((i) => d.hex(i) === a);
        const defenders = d.unitsIn(a).filter((i) => def(d, i).side !== seat);
        const mine = assaultOdds(d, a, attackers, defenders, true);
        const theirs = assaultOdds(d, a, defenders, attackers, false);
        const exp = (o: number[]): number => o[1]! + 2 * o[2]! + 3 * o[3]! + 0.3 * o[4]!;
        return { ...ZERO, expectedEnemyLoss: exp(mine), expectedOwnLoss: exp(theirs) };
      }
      case 'mv':
        return this.assessMove(d, a, b, seat);
      case 'rec': {
        const target = moraleValue(d, a) + leaderMoraleBonus(d, a, true);
        let pOk = 0;
        for (let r = 2; r <= 12; r++) if (r === 2 || r < target) pOk += P2D6[r]!;
        return { ...ZERO, cohesion: 1 + pOk };
      }
      case 'dig':
        // Digging in (16.2) protects from fire to come: on the last turn there is little left to come, and the
        // activation is better spent on the victory conditions (fire, objectives).
        if (d.turn >= this.sc.turns) return { ...ZERO, cohesion: 0.02 };
        return { ...ZERO, cohesion: this.enemyNear(d, d.hex(a), seat, 6) ? 0.4 : 0.05 };
      case 'decl':
        return this.assessDeclare(d, a, last, seat, action);
      case 'stack':
      case 'leader':
      case 'unit':
        return this.assessActivation(d, verb, a, seat);
      case 'loss': {
        // Give the loss to the unit worth least: reduced or shaken units, not leaders.
        const u = def(d, a);
        const worth = u.isLeader
          ? 5
          : (values(d, a).df + values(d, a).at + values(d, a).bomb / 2) * (d.get(a, MORALE) === GOOD ? 1 : 0.5) +
            (d.get(a, STEPS) === 1 ? -1 : 0);
        return { ...ZERO, cohesion: -worth / 10 };
      }
      case 'exit':
        return { ...ZERO, objective: this.sc.sides[seat]!.exitVpPerStep * d.get(a, STEPS) };
      case 'pass':
        return { ...ZERO, objective: -0.05 };
      default:
        return ZERO;
    }
  }

  private memoOf(state: State, seat: number): SeatMemo {
    let m = this.perState.get(state);
    if (m === undefined || m.seat !== seat) {
      const viewState = seatView(this.sc, state, seat);
      this.perState.set(state, (m = { seat, viewState, view: new Draft(this.sc, viewState, NO_DICE, false), fire: new Map() }));
    }
    return m;
  }

  private objectiveAt(d: Draft, h: Hex, seat: number): boolean {
    return this.sc.objectives.some((o, k) => o.hex === h && d.control[k] !== seat);
  }

  private enemyNear(d: Draft, h: Hex, seat: number, radius: number): boolean {
    const g = this.sc.map.grid;
    return this.sc.unitsOf[1 - seat]!.some((e) => d.hex(e) >= 0 && g.distance(d.hex(e), h) <= radius);
  }

  /** Distance from h to the nearest objective the seat does not hold (or, if it holds all, the nearest enemy). */
  private goalDistance(d: Draft, h: Hex, seat: number): number {
    const g = this.sc.map.grid;
    let best = 99;
    this.sc.objectives.forEach((o, k) => {
      if (d.control[k] !== seat) best = Math.min(best, g.distance(o.hex, h));
    });
    if (best === 99)
      for (const e of this.sc.unitsOf[1 - seat]!) if (d.hex(e) >= 0 && def(d, e).isCombat) best = Math.min(best, g.distance(d.hex(e), h));
    return best === 99 ? 0 : best;
  }

  /**
   * Expected steps unit i would lose to enemy direct fire standing in hex h: opportunity fire as it enters
   * (units that have not activated, or still have a shot, 13.0) counts fully; the rest of the enemy's
   * fire, which could come in its next segment, counts half. AFVs: each AT threat counts 0.2.
   */
  private expectedFire(d: Draft, i: number, h: Hex, seat: number): number {
    // Every move of unit i asks about the hex it leaves: remember answers for the state being assessed.
    const memo = this.current!.fire;
    const key = (i * this.sc.map.grid.size + h) * 2 + seat;
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = this.expectedFireNow(d, i, h, seat)));
    return v;
  }

  private expectedFireNow(d: Draft, i: number, h: Hex, seat: number): number {
    let total = 0;
    const u = def(d, i);
    for (const j of this.sc.unitsOf[1 - seat]!) {
      const e = def(d, j);
      if (e.isLeader || !threatens(d, e.index, i, h)) continue;
      const ready = readyToFire(d, e.index);
      let v: number;
      if (u.isAfv) v = 0.2;
      else {
        const spec: FireSpec = {
          kind: 'direct',
          firers: [e.index],
          strength: dfStrength(d, e.index),
          target: h,
          moverOnly: i,
          targetSeat: seat,
          baseShift: baseShift(d, 'direct', [e.index], h, seat, true),
          label: '',
        };
        v = fireValue(d, spec);
      }
      total += ready ? v : v / 2;
    }
    return total;
  }

  private assessMove(d: Draft, i: number, to: Hex, seat: number): ActionAssessment {
    const from = d.hex(i);
    const u = def(d, i);
    if (u.isLeader) return this.assessLeaderMove(d, from, to, seat);
    const heldHere = this.sc.objectives.some((o, k) => o.hex === from && d.control[k] === seat);
    const lastDefender = heldHere && d.unitsIn(from).filter((j) => def(d, j).side === seat && def(d, j).isCombat).length <= 1;
    const progress = this.goalDistance(d, from, seat) - this.goalDistance(d, to, seat);
    // Urgency: the objectives matter more as the turns run out.
    const urgency = 0.3 + 0.9 * (d.turn / this.sc.turns);
    const objective =
      progress * urgency + (this.objectiveAt(d, to, seat) && u.isCombat ? 2 : 0) - (lastDefender && u.isCombat ? 3 : 0) - MOVE_COST;
    // The fire the move walks into, less the fire it leaves: a move and its reverse rate opposite, so no
    // activation walks a unit out and back (A-B-A) when it could end where it stands.
    const exposure = this.expectedFire(d, i, to, seat) - this.expectedFire(d, i, from, seat);
    // Keep units with leaders (6.5): units staying near a leader.
    const cohesion = (this.nearLeader(d, i, to, seat) ? 0.2 : 0) - (this.nearLeader(d, i, from, seat) ? 0.2 : 0);
    return { ...ZERO, objective, exposure: exposure + (d.get(i, MORALE) !== GOOD ? 0.1 : 0), cohesion };
  }

  private nearLeader(d: Draft, i: number, h: Hex, seat: number): boolean {
    const g = this.sc.map.grid;
    return this.sc.leadersOf[seat]!.some((l) => l !== i && d.hex(l) >= 0 && g.distance(d.hex(l), h) <= 1);
  }

  /** Own units a leader standing in h could lead (6.5: in his hex or adjacent), at most 3. */
  private troopsNear(d: Draft, h: Hex, seat: number): number {
    const g = this.sc.map.grid;
    let n = 0;
    for (const o of this.sc.unitsOf[seat]!) if (!def(d, o).isLeader && d.hex(o) >= 0 && g.distance(d.hex(o), h) <= 1 && ++n === 3) break;
    return n;
  }

  /**
   * A leader goes where his troops are (6.5: he activates and helps only units in or next to his hex):
   * toward units he could lead, toward the objectives only with troops around him; a leader alone is a
   * target whose loss freezes the units near him (6.7 decapitation).
   */
  private assessLeaderMove(d: Draft, from: Hex, to: Hex, seat: number): ActionAssessment {
    const troopsTo = this.troopsNear(d, to, seat);
    const troopsFrom = this.troopsNear(d, from, seat);
    const urgency = 0.3 + 0.9 * (d.turn / this.sc.turns);
    const progress = this.goalDistance(d, from, seat) - this.goalDistance(d, to, seat);
    const alone = troopsTo === 0 && this.enemyNear(d, to, seat, 6);
    return {
      ...ZERO,
      objective: (troopsTo > 0 ? 0.5 * progress * urgency : 0) - MOVE_COST,
      exposure: alone ? 0.5 : 0,
      cohesion: 0.3 * (troopsTo - troopsFrom),
    };
  }

  /** The best expected enemy loss unit i could inflict by firing now (direct, bombardment or AT), for its Move/Fire choice. */
  private bestFire(d: Draft, i: number, seat: number): number {
    const h = d.hex(i);
    const u = def(d, i);
    const g = this.sc.map.grid;
    const v = values(d, i);
    let best = 0;
    const seenHex = new Set<Hex>();
    for (const e of this.sc.units) {
      const eh = d.hex(e.index);
      if (e.side === seat || eh < 0 || !hexSpotsUnit(d, h, e.index)) continue;
      const dist = g.distance(h, eh);
      if (!seenHex.has(eh)) {
        seenHex.add(eh);
        // Direct fire needs a clear line of fire (10.1), as the fire actions the declaration leads to do.
        if (v.df > 0 && dist <= v.dfRange && dist > 0 && fireLineClear(d, seat, h, eh, u.isHmgLike)) {
          const spec: FireSpec = {
            kind: 'direct',
            firers: [i],
            strength: dfStrength(d, i),
            target: eh,
            moverOnly: -1,
            targetSeat: 1 - seat,
            baseShift: baseShift(d, 'direct', [i], eh, 1 - seat, false),
            label: '',
          };
          best = Math.max(best, fireValue(d, spec));
        }
        if (v.bomb > 0 && dist <= v.bombRange) {
          const spec: FireSpec = {
            kind: 'bombard',
            firers: [i],
            strength: v.bomb,
            target: eh,
            moverOnly: -1,
            targetSeat: 1 - seat,
            baseShift: baseShift(d, 'bombard', [i], eh, 1 - seat, false),
            label: '',
          };
          best = Math.max(best, fireValue(d, spec));
        }
      }
      // AT fire needs a shot (range, 11.0) and a clear line of fire (10.1), as the AT actions do.
      if (v.at >= 0 && (e.isAfv || e.type === 'TRUCK') && atShot(d, i, e.index) !== null && fireLineClear(d, seat, h, eh, true))
        best = Math.max(best, atOdds(d, i, e.index).damage);
    }
    return best;
  }

  /**
   * Whether declaring `action` (Fire, 3.13) leads to a fire action of unit i: the declaration is applied to
   * what the seat sees, the other units still to declare stay out, and the fire actions offered are read.
   */
  private firesAfterDeclaring(i: number, action: string): boolean {
    const h = this.current!.view.hex(i);
    const fires = [`df ${h} `, `bomb ${h} `, `smoke ${h} `, `at ${i} `, `split ${i} `];
    let s = this.game.apply(this.current!.viewState, action, NO_DICE);
    for (;;) {
      const legal = this.game.legalActions(s);
      if (legal.some((x) => fires.some((f) => x.startsWith(f)))) return true;
      const next = legal.find((x) => x.startsWith('decl ') && x.endsWith(' n')) ?? legal.find((x) => x.startsWith('decl '));
      if (next === undefined) return false;
      s = this.game.apply(s, next, NO_DICE);
    }
  }

  private assessDeclare(d: Draft, i: number, mode: string, seat: number, action: string): ActionAssessment {
    const u = def(d, i);
    if (mode === 'f') {
      const best = this.firesAfterDeclaring(i, action) ? this.bestFire(d, i, seat) : 0;
      // Declaring Fire with nothing to fire at only spends the activation (3.13): worse than moving or staying out.
      return best > 0 ? { ...ZERO, expectedEnemyLoss: best } : { ...ZERO, objective: -0.2, cohesion: -0.2 };
    }
    const urgency = 0.3 + 0.9 * (d.turn / this.sc.turns);
    if (mode === 'm') {
      const onHeldObjective = this.sc.objectives.some((o, k) => o.hex === d.hex(i) && d.control[k] === seat);
      return { ...ZERO, objective: u.isLeader ? 0.1 : onHeldObjective ? 0 : 0.3 * urgency, cohesion: d.get(i, MORALE) !== GOOD ? 0.5 : 0 };
    }
    // Held back: keeps the unit for opportunity fire (13.0).
    return { ...ZERO, cohesion: u.isLeader ? -0.1 : 0.05 };
  }

  private assessActivation(d: Draft, kind: string, x: number, seat: number): ActionAssessment {
    let units = 0,
      shaken = 0,
      led = 0;
    const seen = new Set<number>();
    const consider = (i: number): void => {
      if (seen.has(i)) return;
      seen.add(i);
      if (def(d, i).isLeader) return;
      units++;
      if (d.get(i, MORALE) !== GOOD) shaken++;
      if (d.get(i, MORALE) === DEMORALIZED) shaken++;
    };
    if (kind === 'unit') consider(x);
    else if (kind === 'stack')
      for (const i of d.unitsIn(x)) {
        if (def(d, i).side === seat) consider(i);
      }
    else {
      const g = this.sc.map.grid;
      const h = d.hex(x);
      led = 1;
      for (const i of g.within(h, 1).flatMap((n) => d.unitsIn(n))) if (def(d, i).side === seat && !d.flag(i, F_IN_ACT)) consider(i);
    }
    return {
      ...ZERO,
      objective: 0.1 * units + (this.enemyNear(d, kind === 'stack' ? x : d.hex(x), seat, 8) ? 0.3 : 0),
      cohesion: 0.3 * shaken + 0.2 * led,
    };
  }
}

/** Hexes from an objective at which a unit no longer presses it (`Pg3SearchHints.pressure`). */
export const PRESSURE_REACH = 5;

/**
 * Whether unit e can fire at a unit it threatens before its side's next activation ends: not demoralized,
 * and not yet activated this turn or still holding an opportunity shot (13.0).
 */
function readyToFire(d: Draft, e: number): boolean {
  return d.get(e, MORALE) !== DEMORALIZED && (!d.flag(e, F_ACTIVATED) || (d.get(e, OPP) & 3) === 1);
}

/**
 * Search helpers built on the advisor: action ordering (MCTS progressive widening tries the doctrine's
 * favourites first) and a position evaluation for rollouts cut short. Both use public information only.
 */
export class Pg3SearchHints {
  private readonly orderCache = new RecentMemo<State, readonly string[]>(4);

  constructor(
    private readonly sc: Scenario,
    private readonly doctrine: Pg3Doctrine,
    private readonly game: Pg3Game,
    /** VP charged in the leaf value for each threatened pair (see `evaluate`; the weight is measured in docs/design.md). */
    private readonly exposureVp = 0.2,
    /** VP credited in the leaf value per VP of an objective within reach of the side not holding it (see `pressure`). */
    private readonly pressureVp = 0.25,
    /** VP charged in the leaf value for a leader lost, and again for a side's decapitation (see `leaderLosses`). */
    private readonly leaderVp = 1,
  ) {}

  /** Scratch for `exposure`: (unit, reach against personnel, reach against vehicles) triples. */
  private readonly readyThreats: number[] = [];

  order(state: State, actions: readonly string[]): readonly string[] {
    const cached = this.orderCache.get(state);
    if (cached && cached.length === actions.length) return cached;
    const seat = this.game.toMove(state);
    const scored = actions.map((a) => ({ a, s: doctrineScore(this.doctrine.assess(state, a, seat)) }));
    scored.sort((x, y) => y.s - x.s);
    const out = scored.map((x) => x.a);
    this.orderCache.set(state, out);
    return out;
  }

  /**
   * VP margin so far plus the morale state of both armies (a disrupted unit counts a third of a step, a
   * demoralized one two thirds: they are likely to be lost or useless) less what each army stands to lose
   * next (`exposureVp` for every unit an enemy that can still fire this turn or next threatens where it
   * stands, 5.4's test) plus what each army threatens to take (`pressureVp` for each VP of an objective the
   * enemy holds, by how near its closest unit stands) less the leaders each army has lost (`leaderVp` a leader,
   * and again for the highest-ranking one, 6.7), squashed into [-1, 1]. Without the exposure term a line
   * that ends one activation after a unit steps into the enemy guns' sight scores as well as one that stays in
   * cover; without the pressure term, crossing that fire toward an objective is all cost until the objective
   * is taken, beyond the rollout's horizon. A leader has no steps, so the VP margin never sees one lost; without
   * the leader term a leader walking alone into the enemy's sight (where 6.71 lets any hit take him) cost the
   * line nothing, though losing him leaves his troops unled, and losing the highest-ranking one freezes every
   * unit within 3 hexes for two turns (6.7).
   */
  evaluate(state: State): readonly number[] {
    const vp = victoryPoints(this.sc, state);
    let shaken = 0;
    for (const u of this.sc.units) {
      if (u.isLeader) continue;
      const r = state.u[u.index]!;
      if (r[HEX]! < 0) continue;
      const m = r[MORALE]!;
      const w = m === DISRUPTED ? 0.33 : m === DEMORALIZED ? 0.67 : 0;
      shaken += u.side === 0 ? -w : w;
    }
    const d = this.exposureVp > 0 || this.pressureVp > 0 ? new Draft(this.sc, state, NO_DICE, false) : undefined;
    const exposed = this.exposureVp > 0 ? this.exposure(d!) : 0;
    const pressure = this.pressureVp > 0 ? this.pressure(d!) : 0;
    const leaders = this.leaderVp > 0 ? this.leaderLosses(state) : 0;
    const margin =
      vp[0] - vp[1] + shaken * this.sc.vpPerStep - exposed * this.exposureVp + pressure * this.pressureVp - leaders * this.leaderVp;
    const v = Math.tanh(margin / Math.max(4, this.sc.decisiveMargin));
    return [v, -v];
  }

  /**
   * Objective VP within reach, side 0's less side 1's: for each objective (control, 1.1: the last side to
   * occupy it) a side does not hold, its VP times max(0, 1 - d / PRESSURE_REACH), d the distance from the
   * side's nearest combat unit on the map that is not demoralized (14.3: it cannot advance) nor hidden (16.6:
   * its place is a secret), halved on the last turn, when little reach is left to turn into control.
   */
  private pressure(d: Draft): number {
    const grid = this.sc.map.grid;
    const lastTurn = d.turn >= this.sc.turns ? 0.5 : 1;
    let net = 0;
    for (let k = 0; k < this.sc.objectives.length; k++) {
      const objective = this.sc.objectives[k]!;
      const challenger = 1 - d.control[k]!;
      let nearest = PRESSURE_REACH;
      for (const i of this.sc.unitsOf[challenger]!) {
        const h = d.hex(i);
        if (h < 0 || !def(d, i).isCombat || d.get(i, MORALE) === DEMORALIZED || d.flag(i, F_HIDDEN)) continue;
        const distance = grid.distance(h, objective.hex);
        if (distance < nearest) nearest = distance;
      }
      const credit = objective.vp * (1 - nearest / PRESSURE_REACH) * lastTurn;
      net += challenger === 0 ? credit : -credit;
    }
    return net;
  }

  /** Leaders lost, side 0's less side 1's, counting a side's decapitation (6.7: its highest-ranking leader lost) twice. */
  private leaderLosses(state: State): number {
    let net = 0;
    for (const side of [0, 1] as const) {
      let lost = state.decapTurn[side] !== 0 ? 1 : 0;
      for (const l of this.sc.leadersOf[side]!) if (state.u[l]![HEX] === ELIMINATED) lost++;
      net += side === 0 ? lost : -lost;
    }
    return net;
  }

  /**
   * Threatened pairs, side 0's less side 1's: a combat unit on the map, or a leader with only leaders of his
   * side in his hex (6.71: a lone leader takes a hit himself), and an enemy combat unit that threatens it in
   * its hex (movement.ts `threatens`: range, spotting and, against a vehicle, a possible kill) and is ready
   * to fire (not demoralized; not yet activated this turn, or holding an opportunity shot, 13.0).
   */
  private exposure(d: Draft): number {
    const grid = this.sc.map.grid;
    const ready = this.readyThreats;
    let net = 0;
    for (const side of [0, 1]) {
      // The enemy's ready units with their reach against personnel and against vehicles, once each.
      let n = 0;
      for (const e of this.sc.unitsOf[1 - side]!) {
        if (!readyToFire(d, e)) continue;
        const personnel = threatReachAgainst(d, e, false);
        const vehicles = threatReachAgainst(d, e, true);
        if (personnel < 0 && vehicles < 0) continue;
        ready[n++] = e;
        ready[n++] = personnel;
        ready[n++] = vehicles;
      }
      if (n === 0) continue;
      let pairs = 0;
      for (const i of this.sc.unitsOf[side]!) {
        const h = d.hex(i);
        // 16.6: a hidden unit's place is a secret (and only a sample in a searched state): it counts as unseen.
        if (h < 0 || d.flag(i, F_HIDDEN)) continue;
        const u = def(d, i);
        if (!u.isCombat && !(u.isLeader && this.alone(d, i, h))) continue;
        const afv = u.isAfv;
        for (let k = 0; k < n; k += 3) {
          const e = ready[k]!;
          if (grid.distance(d.hex(e), h) <= ready[k + (afv ? 2 : 1)]! && threatens(d, e, i, h)) pairs++;
        }
      }
      net += side === 0 ? pairs : -pairs;
    }
    return net;
  }

  /**
   * Whether leader l stands in hex h with no other unit of his side than leaders: then a hit there falls on the
   * leaders (6.71, as combat.ts `applyHexResult` resolves it); with a transport or a combat unit it falls on them.
   */
  private alone(d: Draft, l: number, h: Hex): boolean {
    const side = def(d, l).side;
    for (let j = d.firstIn(h); j >= 0; j = d.nextIn(j)) if (def(d, j).side === side && !def(d, j).isLeader) return false;
    return true;
  }
}
