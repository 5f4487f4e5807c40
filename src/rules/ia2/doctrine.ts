/**
 * What IA2 offers its agents: a doctrine advisor (fire by the exact table odds, assaults by their expected
 * losses, moves toward the objectives the seat does not hold and out of enemy fire, recovery), an
 * evaluation for searches cut short (victory points, shaken units, threatened objectives and the bombardment
 * the plans will fire next), and an action order for MCTS. Everything here is public information (the units
 * are on the map for both players, digest 8.4) or, in a search, the determinized plans.
 */
import type { ActionAssessment, AgentHooks } from '../../core/extensions.js';
import { tableResult } from '../../hex/tables.js';
import { coldSteelCompanies, leaderReach } from './actions.js';
import { bombardColumn, lossesOf } from './combat.js';
import { forecastAssault, forecastFire, inspect, P2D6 } from './odds.js';
import { plannedGroup, plannedVertex, SMOKE } from './plans.js';
import { type Scenario, vertexHexes } from './scenario.js';
import { assessJoin } from './escort-rating.js';
import { assessTransport } from './transport-rating.js';
import { DEMORALIZED, type Draft, F_SPENT, FLAGS, GOOD, HEX, MORALE, STEPS, type State } from './state.js';
import { victoryPoints } from './turn.js';
import { fireStrength, isCavalry, nearestEnemyCombat, values } from './units.js';

const NOTHING: ActionAssessment = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };

/** Distance from hex h to the nearest objective `seat` does not control (or, holding them all, to the nearest one). */
function objectiveDistance(sc: Scenario, s: State, seat: number, h: number): number {
  const grid = sc.map.grid;
  const wanted = sc.objectives.filter((_, k) => s.control[k] !== seat);
  const list = wanted.length > 0 ? wanted : sc.objectives;
  let best = Number.POSITIVE_INFINITY;
  for (const o of list) best = Math.min(best, grid.distance(h, o.hex));
  return best;
}

/**
 * What the doctrine reads of one state, made once per state: a search rates every move of a position (the
 * MCTS prior) and the scripted agent rates them all, and each rating would otherwise rebuild the same view
 * and sum the same enemy fire per hex. Read only: nothing here writes to the draft.
 */
interface StateView {
  readonly d: Draft;
  /** Enemy fire reaching a hex, per seat (exposureAt), filled as asked. */
  readonly exposure: [Map<number, number>, Map<number, number>];
}
const stateViews = new WeakMap<State, StateView>();

function viewOf(sc: Scenario, s: State): StateView {
  let v = stateViews.get(s);
  if (v === undefined) {
    v = { d: inspect(sc, s), exposure: [new Map(), new Map()] };
    stateViews.set(s, v);
  }
  return v;
}

/** Enemy fire strength that could reach hex h (in range and line of sight), in steps of a company's fire. */
function exposureAt(sc: Scenario, s: State, seat: number, h: number): number {
  const view = viewOf(sc, s);
  const known = view.exposure[seat]!.get(h);
  if (known !== undefined) return known;
  const d = view.d;
  const grid = sc.map.grid;
  let total = 0;
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (def.side === seat || def.leader || def.transport || !d.onMap(i)) continue;
    const e = d.hex(i);
    if (grid.distance(e, h) <= values(d, i).dfRange && sc.map.hasLos(e, h)) total += fireStrength(d, i);
  }
  view.exposure[seat]!.set(h, total / 10);
  return total / 10;
}

/** Combat units of the leader's side and type within one hex of h (those he could activate from there, 3.12). */
function followersNear(d: Draft, leader: number, h: number): number {
  const sc = d.sc;
  const side = sc.units[leader]!.side;
  const cav = isCavalry(d, leader);
  let n = 0;
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (def.side !== side || def.leader || def.transport || !d.onMap(i) || isCavalry(d, i) !== cav) continue;
    if (sc.map.grid.distance(d.hex(i), h) <= 1) n++;
  }
  return n;
}

/** Whether a good-order leader of the unit's side and type stands within one hex of h (3.11: it can be led on from there). */
function ledFrom(d: Draft, unit: number, h: number): boolean {
  const sc = d.sc;
  const side = sc.units[unit]!.side;
  const cav = isCavalry(d, unit);
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (i === unit || def.side !== side || !def.leader || !d.onMap(i) || isCavalry(d, i) !== cav) continue;
    if (d.get(i, MORALE) === GOOD && sc.map.grid.distance(d.hex(i), h) <= 1) return true;
  }
  return false;
}

/** Whether combat units of the unit's side other than it stand in h. */
function holdersBesides(d: Draft, unit: number, h: number): boolean {
  const side = d.sc.units[unit]!.side;
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i))
    if (i !== unit && d.sc.units[i]!.side === side && !d.sc.units[i]!.leader && !d.sc.units[i]!.transport) return true;
  return false;
}

/** Ready combat units in good order among those an activation sets going: the value of activating them. */
function readyCombat(d: Draft, pieces: readonly number[]): number {
  let n = 0;
  for (const p of pieces)
    if (!d.sc.units[p]!.leader && !d.sc.units[p]!.transport && !(d.get(p, FLAGS) & F_SPENT) && d.get(p, MORALE) !== DEMORALIZED) n++;
  return n;
}

export function assess(sc: Scenario, s: State, action: string, seat: number): ActionAssessment {
  const w = action.split(' ');
  const verb = w[0]!;
  switch (verb) {
    case 'fire':
    case 'opfire': {
      const f = forecastFire(sc, s, action);
      return { ...NOTHING, expectedEnemyLoss: f?.expectedLoss ?? 0 };
    }
    case 'assault':
    case 'charge': {
      const h = Number(w[verb === 'charge' ? 3 : 2]);
      const u = Number(w[1]);
      const f = forecastAssault(sc, s, h, [u]);
      const isObjective = sc.objectives.some((o) => o.hex === h) ? 1 : 0;
      // A leader going in without combat units of his side risks himself for nothing (6.72 overrun, 6.71).
      const alone = sc.units[u]!.leader && !sc.units.some((def, i) => def.side === sc.units[u]!.side && !def.leader && s.u[i]![0] === h);
      return { ...NOTHING, expectedEnemyLoss: f.enemy, expectedOwnLoss: f.own + (alone ? 2 : 0), objective: isObjective };
    }
    case 'cold': {
      // 11.61: both sides shift alike, so the plain assault forecast ranks it.
      const l = Number(w[1]);
      const d = viewOf(sc, s).d;
      const f = forecastAssault(sc, s, d.hex(l), [l, ...coldSteelCompanies(d, l)]);
      return { ...NOTHING, expectedEnemyLoss: f.enemy, expectedOwnLoss: f.own };
    }
    case 'move': {
      const u = Number(w[1]);
      const to = Number(w[2]);
      const from = s.u[u]![HEX]!;
      const gain = objectiveDistance(sc, s, seat, from) - objectiveDistance(sc, s, seat, to);
      const d = viewOf(sc, s).d;
      // A leader is worth what he can lead (3.12): he keeps to his units rather than run ahead of them;
      // a unit keeps within reach of a leader of its type, without whom it cannot close on the enemy (3.11).
      const cohesion = sc.units[u]!.leader
        ? (followersNear(d, u, to) - followersNear(d, u, from)) * 0.8
        : (ledFrom(d, u, to) ? 0.3 : 0) - (ledFrom(d, u, from) ? 0.3 : 0);
      let objective = sc.units[u]!.leader ? gain * 0.5 : gain;
      // The last combat unit on an objective leaves it for the enemy to walk into (1.2: control goes to the last occupant).
      if (!sc.units[u]!.leader && nearestEnemyCombat(d, from, seat) <= 5 && !holdersBesides(d, u, from)) {
        for (const o of sc.objectives) if (o.hex === from) objective -= o.vp;
      }
      return { ...NOTHING, objective, cohesion, exposure: exposureAt(sc, s, seat, to) - exposureAt(sc, s, seat, from) };
    }
    case 'recover':
      return { ...NOTHING, cohesion: 1 + s.u[Number(w[1])]![MORALE]! * 0.5 };
    case 'lead': {
      const d = viewOf(sc, s).d;
      return { ...NOTHING, cohesion: 0.2 + 0.3 * readyCombat(d, leaderReach(d, Number(w[1]))) };
    }
    case 'stack':
      return { ...NOTHING, cohesion: 0.4 };
    case 'act':
      return { ...NOTHING, cohesion: 0.2 };
    case 'dig': {
      const u = Number(w[1]);
      const holding = sc.objectives.some((o, k) => o.hex === s.u[u]![0] && s.control[k] === seat);
      return { ...NOTHING, cohesion: holding ? 0.5 : 0.05 };
    }
    default:
      return assessTransport(sc, s, action, seat) ?? assessJoin(sc, s, action, seat) ?? NOTHING;
  }
}

/** What the evaluation gives a combat unit within reach of a good-order leader of its type, in VP. */
const LED_VP = 0.2;

/** A shaken unit's worth in steps lost (13.0): a disrupted one a third of a step, a demoralized one two thirds (it cannot act and is near breaking). */
const SHAKEN_STEPS = [0, 0.33, 0.67];

/** Chance, in the evaluation, that objective control changes hands when the side not holding it has a ready combat unit this near and nearer than the holder's (1.2: the last to occupy it controls it). */
function flipChance(challenger: number, holder: number): number {
  if (challenger > holder || challenger >= 4) return 0;
  return 0.4 / Math.max(1, challenger);
}

/**
 * A value per seat in [-1, 1] for a position the search stops in: the victory-point margin the scenario
 * would score now (steps lost and objectives held, 1.2), shaken units counted as part of a step lost, and
 * each objective weighted by the chance its holder loses it to a nearer enemy, the next turn's planned
 * bombardment (pendingBombardment), and a fifth of a VP per combat unit a leader can lead on; all as VP, so a margin of the scenario's decisive margin is about three
 * quarters of a win. A search evaluates determinized states: the plans in them are the seat's own and the
 * other side's as drawn (plans.ts dealPlans), never the other side's true plan.
 */
export function evaluate(sc: Scenario, s: State): number[] {
  const vp = victoryPoints(sc, s);
  const perStep = sc.data.victory.vpPerStep;
  let margin = vp[0]! - vp[1]!;
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    const row = s.u[i]!;
    if (def.leader || def.transport || row[HEX]! < 0) continue;
    const w = SHAKEN_STEPS[row[MORALE]!]! * perStep;
    margin += def.side === 0 ? -w : w;
  }
  const grid = sc.map.grid;
  sc.objectives.forEach((o, k) => {
    const holder = s.control[k]!;
    if (holder < 0) return;
    // Nearest combat unit of each side that can still act (a demoralized one cannot move toward it, 13.0).
    const near = [99, 99];
    for (let i = 0; i < sc.units.length; i++) {
      const def = sc.units[i]!;
      const row = s.u[i]!;
      if (def.leader || def.transport || row[HEX]! < 0 || row[MORALE] === DEMORALIZED) continue;
      near[def.side] = Math.min(near[def.side]!, grid.distance(row[HEX]!, o.hex));
    }
    // Changing hands moves the objective's VP from one side to the other: twice its value in the margin.
    margin += (holder === 0 ? -2 : 2) * o.vp * flipChance(near[1 - holder]!, near[holder]!);
  });
  const d = inspect(sc, s);
  margin += pendingBombardment(sc, s, d);
  // A unit a good-order leader of its type can lead on (3.11: it may close on the enemy and assault; 6.61 his
  // morale help), so a leader walked away from his units, or back and forth, is worth less.
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (def.leader || def.transport || !d.onMap(i) || !ledFrom(d, i, d.hex(i))) continue;
    margin += def.side === 0 ? LED_VP : -LED_VP;
  }
  const v = Math.tanh(margin / Math.max(4, sc.data.victory.decisiveMargin));
  return [v, -v];
}

/**
 * What the plans written will do at the next turn's Bombardment phase (9.3) to the pieces now under their
 * vertices, in VP to seat 0: expected steps lost plus a third of a step per morale result, friendly pieces
 * hit too (9.5). The evaluation counts it before the phase as it counts the losses after it, so a line of
 * play is not valued for merely reaching the phase sooner (ending a turn early by passing).
 */
function pendingBombardment(sc: Scenario, s: State, d: Draft): number {
  const next = s.turn + 1;
  if (s.turn < 1 || next > sc.turns) return 0;
  const byVertex: { v: number; side: number; strength: number }[] = [];
  sc.increments.forEach((inc, k) => {
    const v = plannedVertex(sc.planLibrary, inc.side, s.plans, k, next, s.written);
    // A Smoke mission makes no attack (15.11).
    if (v < 0 || s.ammoOut[k] || plannedGroup(sc.planLibrary, inc.side, s.plans, k, next, s.written) === SMOKE) return;
    const strength = s.shortage[inc.side] === 2 ? Math.ceil(inc.strength / 2) : inc.strength;
    const same = byVertex.find((x) => x.v === v && x.side === inc.side);
    if (same) same.strength += strength;
    else byVertex.push({ v, side: inc.side, strength });
  });
  if (byVertex.length === 0) return 0;
  const perStep = sc.data.victory.vpPerStep;
  let total = 0;
  for (const { v, side, strength } of byVertex)
    for (const h of vertexHexes(sc.map.size, v))
      for (let p = d.firstIn(h); p >= 0; p = d.nextIn(p)) {
        if (sc.units[p]!.leader || sc.units[p]!.transport) continue;
        const col = bombardColumn(d, strength, side, p, false);
        if (col < 0) continue;
        let e = 0;
        for (let roll = 2; roll <= 12; roll++) {
          const r = tableResult(sc.bomb, col, roll);
          if (r !== '-') e += P2D6[roll]! * (Math.min(lossesOf(r), d.get(p, STEPS)) + 0.33);
        }
        total += (sc.units[p]!.side === 0 ? -e : e) * perStep;
      }
  return total;
}

export function ia2AgentHooks(sc: Scenario): AgentHooks<State, string> {
  return {
    // A random IA2 line says little before the fog of war ends the turn, and costs hundreds of actions;
    // the evaluation (morale, threatened objectives, the next bombardment) values a new leaf better.
    agentDefaults: { mcts: 'rolloutDepth=0,expandAfter=1' },
    doctrine: { assess: (s, a, seat) => assess(sc, s, a, seat) },
    evaluate: (s) => evaluate(sc, s),
    orderActions: (s, actions) => {
      const seat = s.toMove;
      const score = (a: string) => {
        const x = assess(sc, s, a, seat);
        return x.expectedEnemyLoss * 2 - x.expectedOwnLoss + x.objective + x.cohesion - x.exposure * 0.5;
      };
      return actions
        .map((a, k) => ({ a, k, v: score(a) }))
        .sort((p, q) => q.v - p.v || p.k - q.k)
        .map((p) => p.a);
    },
  };
}
