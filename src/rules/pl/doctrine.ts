/**
 * Panzer Leader's advice to the agents: expected enemy units lost and dispersed from the CRT's chances
 * (exact: one die), progress toward the objectives, exposure to the enemy's direct fire where a move
 * ends, and an evaluation from units and objectives. Nothing here reads the other side's IF orders or who
 * stands face down at sea in a landing (the secrets, digest 8.3): tests change them and check the advice
 * does not move. Fire at a face-down counter is weighed as fire at a landing craft (XI.D.3, ruling PL-R61).
 */
import type { ActionAssessment, AgentHooks, DoctrineAdvisor } from '../../core/extensions.js';
import type { Hex } from '../../hex/grid.js';
import {
  aaHitNumber,
  aaStrength,
  airAttackOdds,
  airPlan,
  airTargets,
  assaulters,
  assaultOdds,
  assaultOnOwnFortOdds,
  BRIDGE_TARGET,
  bridgeFireOdds,
  canDirectFire,
  defendersIn,
  directFireOdds,
  faceDownAt,
  fortBeneathOdds,
  landingCraftOdds,
  overrunOdds,
  overrunWays,
  targetsOf,
} from './actions.js';
import { chances, defenseOf, LANDING_CRAFT_DS, maxRange, oddsColumn, stackFactor } from './combat.js';
import { outcomeOf } from './game.js';
import { insideFort, seaAt } from './movement.js';
import type { Scenario } from './scenario.js';
import { type Draft, F_DISPERSED, HEX, type State, view } from './state.js';

const NOTHING: ActionAssessment = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };
/** A dispersal is worth this much of an elimination (the unit loses a segment). */
const DISPERSAL_VALUE = 0.3;

function lossAt(sc: Scenario, col: number, drm: number, units: number): number {
  if (col < 0) return 0;
  const p = chances(sc, col, drm);
  return (p.x + DISPERSAL_VALUE * p.d) * units;
}

export class PlDoctrine implements DoctrineAdvisor<State, string> {
  constructor(private readonly sc: Scenario) {}

  assess(s: State, action: string, seat: number): ActionAssessment {
    const sc = this.sc;
    const d = view(sc, s);
    const w = action.split(' ');
    const num = (k: number): number => Number(w[k]);
    switch (w[0]) {
      case 'fire': {
        const f = num(1),
          t = num(2);
        const before = s.target >= 0 ? directFireOdds(d, s.firers, t) : undefined;
        const after = directFireOdds(d, [...s.firers, f], t);
        const n = targetsOf(d, t).length;
        const gain = lossAt(sc, after.col, after.drm, n) - (before ? lossAt(sc, before.col, before.drm, n) : 0);
        // IX.C.10.a: fire into a town hex at the enemy on top of one's own fort hits the fort as well.
        const fortBefore = s.target >= 0 ? fortBeneathOdds(d, s.firers, t) : null;
        const fortAfter = fortBeneathOdds(d, [...s.firers, f], t);
        const inside = fortAfter ? insideFort(d, d.hex(t)).length : 0;
        const ownLoss =
          (fortAfter ? lossAt(sc, fortAfter.col, fortAfter.drm, inside) : 0) -
          (fortBefore ? lossAt(sc, fortBefore.col, fortBefore.drm, inside) : 0);
        return { ...NOTHING, expectedEnemyLoss: gain, expectedOwnLoss: ownLoss };
      }
      case 'resolve':
        return { ...NOTHING, cohesion: 0.02 };
      case 'shell': {
        // X.C.4.b: only an X destroys a temporary bridge; that helps the side holding the objectives and
        // hurts the one that must cross to them (as for demolition, X.B.1). The agents fire at an empty
        // fort (IX.C.8) only to join an attack the player began: no value of its own.
        const f = num(1),
          h = num(2);
        if (faceDownAt(d, h) >= 0) {
          // XI.D.1, XI.D.3: a face-down counter at sea, whatever it is, is fired at as a landing craft (DS 8).
          const before = s.target <= BRIDGE_TARGET ? landingCraftOdds(d, s.firers, h) : undefined;
          const after = landingCraftOdds(d, s.target <= BRIDGE_TARGET ? [...s.firers, f] : [f], h);
          return {
            ...NOTHING,
            expectedEnemyLoss: lossAt(sc, after.col, after.drm, 1) - (before ? lossAt(sc, before.col, before.drm, 1) : 0),
          };
        }
        if (!s.tempBridges.includes(h)) return NOTHING;
        const before = s.target <= BRIDGE_TARGET ? chances(sc, bridgeFireOdds(d, s.firers, h, true).col, 0).x : 0;
        const after = chances(sc, bridgeFireOdds(d, s.target <= BRIDGE_TARGET ? [...s.firers, f] : [f], h, true).col, 0).x;
        const holding = s.control.filter((c) => c === seat).length * 2 >= s.control.length;
        return { ...NOTHING, objective: (after - before) * (holding ? 1.5 : -1.5) };
      }
      case 'land': {
        // XI.C: landing early lets an undispersed unit move on (XI.C.4); nearer the objectives is better.
        const i = num(1),
          h = num(2);
        const progress = objectiveDistance(sc, s, seat, d.hex(i)) - objectiveDistance(sc, s, seat, h);
        return { ...NOTHING, objective: 0.2 + 0.3 * progress, exposure: exposureOf(sc, d, seat, i, h) };
      }
      case 'order': {
        const i = num(1),
          h = num(2);
        const c = sc.units[i]!.c;
        const hidden = faceDownAt(d, h);
        if (hidden >= 0) {
          // XI.D.1, XI.D.3: a face-down counter at sea (one, whatever it carries) defends as a landing craft.
          const attack = c.attack * stackFactor(sc, c, [hidden], h, sc.map.grid.distance(d.hex(i), h), false);
          return { ...NOTHING, expectedEnemyLoss: 0.5 * lossAt(sc, oddsColumn(sc, attack, LANDING_CRAFT_DS), 0, 1) };
        }
        const targets = d.unitsIn(h);
        const each = (c.attack * stackFactor(sc, c, targets, h, sc.map.grid.distance(d.hex(i), h), false)) / Math.max(1, targets.length);
        // Indirect fire hits every counter of the hex: one's own inside a fort with the enemy on top too (IX.C.10.a).
        let loss = 0;
        let own = 0;
        for (const t of targets) {
          const l = lossAt(sc, oddsColumn(sc, each, defenseOf(d, t)), 0, 1);
          if (sc.units[t]!.side === seat) own += l;
          else loss += l;
        }
        // Next turn's fire: the target may move away.
        return { ...NOTHING, expectedEnemyLoss: 0.5 * loss, expectedOwnLoss: 0.5 * own };
      }
      case 'air': {
        // XII.C.2.b: what this aircraft adds to the one attack on the target's hex (machine guns beside
        // another's bombs or rockets, XII.C.3.d); bombs and rockets, once a game, are held a little dearer.
        const k = num(1),
          t = num(2);
        const mg = w[3] === 'mg';
        const joined = airPlan(s).filter((p) => p.t === t);
        const n = airTargets(d, t).length;
        const before = joined.length > 0 ? airAttackOdds(d, joined, t) : undefined;
        const after = airAttackOdds(d, [...joined, { k, w: mg ? 'mg' : 'ord' }], t);
        const gain = lossAt(sc, after.col, after.drm, n) - (before ? lossAt(sc, before.col, before.drm, n) : 0);
        return { ...NOTHING, expectedEnemyLoss: gain * (mg ? 1 : 0.8) };
      }
      case 'overrun': {
        // `overrun U H D [V E ...]`: every vehicle of a combined overrun (VII.D.5) adds its strength and its exposure.
        const parties = overrunWays(w.slice(1).map(Number));
        const o = overrunOdds(
          d,
          parties.map(([i]) => i),
          num(2),
        );
        let exposure = 0;
        for (const [i, k] of parties) exposure += exposureOf(sc, d, seat, i, sc.map.grid.neighbour(num(2), k));
        return { ...NOTHING, expectedEnemyLoss: lossAt(sc, o.col, o.drm, d.unitsIn(num(2)).length), exposure };
      }
      case 'cat': {
        const h = num(1);
        const units = assaulters(d, h);
        const o = assaultOdds(d, h, units);
        // IX.C.10.a: an assault on the enemy on top of one's own fort is an attack on the fort as well.
        const fort = assaultOnOwnFortOdds(d, h, units);
        const ownLoss = fort ? lossAt(sc, fort.col, fort.drm, insideFort(d, h).length) : 0;
        return { ...NOTHING, expectedEnemyLoss: lossAt(sc, o.col, o.drm, defendersIn(d, h).length), expectedOwnLoss: ownLoss };
      }
      case 'move': {
        const i = num(1),
          h = num(2);
        // A reinforcement not yet on the map counts from its entry hex (XIV.B.3).
        const offMap = d.hex(i) < 0;
        const from = offMap ? sc.units[i]!.startHex : d.hex(i);
        const progress = objectiveDistance(sc, s, seat, from) - objectiveDistance(sc, s, seat, h);
        const holding = sc.objectives.some((o) => o.hex === from) && !sc.units[i]!.soft && d.unitsIn(from).length === 1;
        // Units that shoot look for targets from where they stop.
        let shots = 0;
        for (let t = 0; t < sc.units.length; t++) {
          if (sc.units[t]!.side === seat || d.hex(t) < 0 || d.carrierOf(t) >= 0) continue;
          const dist = sc.map.grid.distance(h, d.hex(t));
          if (dist <= maxRange(sc.units[i]!.c) && sc.map.hasLos(h, d.hex(t))) shots += 0.05;
          if (dist === 1 && sc.units[i]!.c.modes.includes('CAT')) shots += 0.15;
        }
        // X.B (pre), ruling PL-R43: an engineer's equipment carrier keeps within a hex of its engineer.
        const u = sc.units[i]!;
        let escort = 0;
        if (u.equipment >= 0 && !u.c.engineer && d.carrierOf(u.equipment) !== i && d.hex(u.equipment) >= 0) {
          const near = (x: Hex) => sc.map.grid.distance(x, d.hex(u.equipment)) <= 1;
          escort =
            (near(h) ? 0.5 : 0) -
            (!offMap && near(from) ? 0.5 : 0) +
            0.1 * (sc.map.grid.distance(from, d.hex(u.equipment)) - sc.map.grid.distance(h, d.hex(u.equipment)));
        }
        return {
          ...NOTHING,
          objective: (u.equipment >= 0 && !u.c.engineer ? escort : 0.3 * progress) - (holding ? 1 : 0),
          exposure: exposureOf(sc, d, seat, i, h) - (offMap ? 0 : exposureOf(sc, d, seat, i, from)),
          expectedEnemyLoss: Math.min(shots, 0.3),
        };
      }
      case 'aa': {
        // XII.D: a hit saves the target from the attack; the gun is blanked for its next segment.
        const i = num(1);
        const t = airPlan(s).find((p) => p.k === num(2))?.t ?? -1;
        if (t < 0) return NOTHING;
        const strength = aaStrength(sc.units[i]!.c, sc.map.grid.distance(d.hex(i), d.hex(t)));
        const hit = Math.max(0, aaHitNumber(sc, strength)) / 6;
        return { ...NOTHING, expectedEnemyLoss: hit, cohesion: -0.1 };
      }
      case 'exit': {
        // XIV.B.3: VP for leaving, against what the unit would still do on the map.
        const exit = sc.exits[seat];
        const holding = sc.objectives.some((o) => o.hex === d.hex(num(1)));
        return { ...NOTHING, objective: (exit ? 0.5 * exit.vp : 0) - (holding ? 1 : 0) };
      }
      case 'clear': {
        // X.A: an attacker opens a way through; a defender keeps its obstacles.
        const attacking = s.control.some((c) => c !== seat);
        return { ...NOTHING, objective: attacking ? 0.3 : -0.3 };
      }
      case 'demolish': {
        // X.B.1-2: blowing a bridge or blocking a road is worth it to the side that holds the objectives.
        const holding = s.control.filter((c) => c === seat).length * 2 >= s.control.length;
        return { ...NOTHING, objective: holding ? 0.6 : -0.6 };
      }
      case 'load': {
        const p = num(2);
        return { ...NOTHING, objective: objectiveDistance(sc, s, seat, d.hex(p)) > 3 ? 0.4 : -0.2 };
      }
      case 'unload': {
        const c = num(1);
        return { ...NOTHING, objective: objectiveDistance(sc, s, seat, d.hex(c)) <= 3 ? 0.4 : -0.2 };
      }
      default:
        return NOTHING;
    }
  }
}

/** Distance from h to the nearest objective `side` does not hold, or (all held) to the nearest one it holds. */
function objectiveDistance(sc: Scenario, s: State, side: number, h: Hex): number {
  const grid = sc.map.grid;
  let best = Infinity;
  sc.objectives.forEach((o, k) => {
    if (s.control[k] !== side) best = Math.min(best, grid.distance(h, o.hex));
  });
  if (best === Infinity) for (const o of sc.objectives) best = Math.min(best, grid.distance(h, o.hex));
  return best === Infinity ? 0 : best;
}

/**
 * Weights of the evaluation's terms. The margin and the strength left say who is winning; position and
 * exposure say who is about to, which a search valuing its leaves at once (no rollout) needs to tell one
 * move from another.
 */
const EVAL_MARGIN = 0.4;
const EVAL_STRENGTH = 0.3;
const EVAL_POSITION = 0.3;
const EVAL_EXPOSURE = 0.4;
/** Hexes of average distance to the objectives that make the position term about 0.76 (tanh 1). */
const POSITION_SCALE = 4;
/** Distances beyond this count as this (a unit far off is simply not in the fight for the objectives). */
const FAR = 8;

/**
 * Evaluation per seat (public information only): the victory margin, the strength left on the map, how
 * close each side's fighting units stand to the objectives that matter to it (XIV.B.7: control goes to
 * whoever stands in the hex last), and how exposed they stand to the other side's direct fire.
 */
export function plEvaluate(sc: Scenario, s: State): readonly number[] {
  const o = outcomeOf(sc, s);
  const d = view(sc, s);
  const strength = [0, 0];
  const distance = [0, 0];
  const count = [0, 0];
  const exposed = [0, 0];
  for (let i = 0; i < sc.units.length; i++) {
    const h = s.u[i]![HEX]!;
    if (h < 0 || sc.units[i]!.soft) continue;
    const side = sc.units[i]!.side;
    strength[side]! += d.flag(i, F_DISPERSED) ? 0.7 : 1;
    if (sc.units[i]!.c.attack <= 0) continue;
    count[side]!++;
    distance[side]! += Math.min(FAR, objectiveDistance(sc, s, side, h));
    // A passenger is attacked with its carrier, on the carrier's defence (V.C.3-4): the carrier is counted.
    if (d.carrierOf(i) < 0) exposed[side]! += Math.min(1, exposureOf(sc, d, side, i, h));
  }
  const total = Math.max(1, strength[0]! + strength[1]!);
  const margin = (o.vp[0]! - o.vp[1]!) / Math.max(1, sc.data.victory.decisive);
  const avg = (x: number[], k: number) => x[k]! / Math.max(1, count[k]!);
  const position = Math.tanh((avg(distance, 1) - avg(distance, 0)) / POSITION_SCALE);
  const exposure = avg(exposed, 1) - avg(exposed, 0);
  const v = Math.max(
    -1,
    Math.min(
      1,
      EVAL_MARGIN * Math.tanh(margin) +
        EVAL_STRENGTH * ((strength[0]! - strength[1]!) / total) +
        EVAL_POSITION * position +
        EVAL_EXPOSURE * exposure,
    ),
  );
  return [v, -v];
}

/** How much enemy direct fire could reach `unit` of `side` standing in h (expected losses, summed over the enemy's units). */
function exposureOf(sc: Scenario, d: Draft, side: number, unit: number, h: Hex): number {
  const hidden = sc.obstacle[sc.map.terrain[h]!]!;
  let risk = 0;
  for (let e = 0; e < sc.units.length; e++) {
    const eu = sc.units[e]!;
    if (eu.side === side || d.hex(e) < 0 || d.carrierOf(e) >= 0 || eu.c.attack <= 0 || !eu.c.modes.includes('DF')) continue;
    if (seaAt(d, d.hex(e))) continue; // XI: no fire from landing craft
    const dist = sc.map.grid.distance(d.hex(e), h);
    if (dist > maxRange(eu.c) || (hidden && dist > 1) || !sc.map.hasLos(d.hex(e), h)) continue;
    const f = stackFactor(sc, eu.c, [unit], h, dist, true);
    const col = oddsColumn(sc, eu.c.attack * f, Math.max(1, sc.units[unit]!.c.defense));
    risk += lossAt(sc, col, 0, 1);
  }
  return risk;
}

export function plAgentHooks(sc: Scenario): AgentHooks<State, string> {
  const doctrine = new PlDoctrine(sc);
  return {
    // A PL move phase offers up to hundreds of moves and a random rollout to the end is slow: the search
    // spends its time better on breadth, each new leaf valued by the evaluation (distance and exposure).
    agentDefaults: { mcts: 'rolloutDepth=0,expandAfter=1' },
    doctrine,
    evaluate: (s) => plEvaluate(sc, s),
  };
}

export { canDirectFire };
