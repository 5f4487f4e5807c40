/**
 * What IA2 offers its agents: a doctrine advisor (fire by the exact table odds, assaults by their expected
 * losses, moves toward the objectives the seat does not hold and out of enemy fire, recovery), an
 * evaluation from victory points and strength, and an action order for MCTS. Everything here is public
 * information: the units are on the map for both players (digest 8.4).
 */
import type { ActionAssessment, AgentHooks } from '../../core/extensions.js';
import { coldSteelCompanies, leaderReach } from './actions.js';
import { forecastAssault, forecastFire, inspect } from './odds.js';
import type { Scenario } from './scenario.js';
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

/** Enemy fire strength that could reach hex h (in range and line of sight), in steps of a company's fire. */
function exposureAt(sc: Scenario, s: State, seat: number, h: number): number {
  const d = inspect(sc, s);
  const grid = sc.map.grid;
  let total = 0;
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (def.side === seat || def.leader || !d.onMap(i)) continue;
    const e = d.hex(i);
    if (grid.distance(e, h) <= values(d, i).dfRange && sc.map.hasLos(e, h)) total += fireStrength(d, i);
  }
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
    if (def.side !== side || def.leader || !d.onMap(i) || isCavalry(d, i) !== cav) continue;
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
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (i !== unit && d.sc.units[i]!.side === side && !d.sc.units[i]!.leader) return true;
  return false;
}

/** Ready combat units in good order among those an activation sets going: the value of activating them. */
function readyCombat(d: Draft, pieces: readonly number[]): number {
  let n = 0;
  for (const p of pieces) if (!d.sc.units[p]!.leader && !(d.get(p, FLAGS) & F_SPENT) && d.get(p, MORALE) !== DEMORALIZED) n++;
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
      const d = inspect(sc, s);
      const f = forecastAssault(sc, s, d.hex(l), [l, ...coldSteelCompanies(d, l)]);
      return { ...NOTHING, expectedEnemyLoss: f.enemy, expectedOwnLoss: f.own };
    }
    case 'move': {
      const u = Number(w[1]);
      const to = Number(w[2]);
      const from = s.u[u]![HEX]!;
      const gain = objectiveDistance(sc, s, seat, from) - objectiveDistance(sc, s, seat, to);
      const d = inspect(sc, s);
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
      const d = inspect(sc, s);
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
      return assessTransport(sc, s, action, seat) ?? NOTHING;
  }
}

/** Victory points plus half a point per step still on the map, per seat, squashed into [-1, 1]. */
export function evaluate(sc: Scenario, s: State): number[] {
  const vp = victoryPoints(sc, s);
  const strength = [0, 0];
  sc.units.forEach((def, i) => {
    if (!def.leader && s.u[i]![0]! >= 0) strength[def.side]! += s.u[i]![STEPS]! * 0.5;
  });
  const margin = vp[0]! - vp[1]! + strength[0]! - strength[1]!;
  const v = Math.tanh(margin / 6);
  return [v, -v];
}

export function ia2AgentHooks(sc: Scenario): AgentHooks<State, string> {
  return {
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
