/**
 * Panzer Leader's advice to the agents: expected enemy units lost and dispersed from the CRT's chances
 * (exact: one die), progress toward the objectives, exposure to the enemy's direct fire where a move
 * ends, and an evaluation from units and objectives. Nothing here reads the other side's IF orders (the
 * one secret): a test changes them and checks the advice does not move.
 */
import type { ActionAssessment, AgentHooks, DoctrineAdvisor } from '../../core/extensions.js';
import type { Hex } from '../../hex/grid.js';
import {
  aaHitNumber,
  aaStrength,
  airStrength,
  assaulters,
  assaultOdds,
  canDirectFire,
  directFireOdds,
  overrunOdds,
  targetsOf,
} from './actions.js';
import { chances, defenseOf, maxRange, oddsColumn, stackFactor } from './combat.js';
import { outcomeOf } from './game.js';
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

  /** Distance from h to the nearest objective the side does not hold, or to the nearest one it holds. */
  private objectiveDistance(s: State, side: number, h: Hex): number {
    const grid = this.sc.map.grid;
    let best = Infinity;
    this.sc.objectives.forEach((o, k) => {
      if (s.control[k] !== side) best = Math.min(best, grid.distance(h, o.hex));
    });
    if (best === Infinity) for (const o of this.sc.objectives) best = Math.min(best, grid.distance(h, o.hex));
    return best === Infinity ? 0 : best;
  }

  /** How much enemy direct fire could reach a unit of `side` standing in h (a rough count of the threats). */
  private exposure(d: Draft, side: number, unit: number, h: Hex): number {
    const sc = this.sc;
    const hidden = sc.obstacle[sc.map.terrain[h]!]!;
    let risk = 0;
    for (let e = 0; e < sc.units.length; e++) {
      const eu = sc.units[e]!;
      if (eu.side === side || d.hex(e) < 0 || d.carrierOf(e) >= 0 || eu.c.attack <= 0 || !eu.c.modes.includes('DF')) continue;
      const dist = sc.map.grid.distance(d.hex(e), h);
      if (dist > maxRange(eu.c) || (hidden && dist > 1) || !sc.map.hasLos(d.hex(e), h)) continue;
      const f = stackFactor(sc, eu.c, [unit], h, dist, true);
      const col = oddsColumn(sc, eu.c.attack * f, Math.max(1, sc.units[unit]!.c.defense));
      risk += lossAt(sc, col, 0, 1);
    }
    return risk;
  }

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
        return { ...NOTHING, expectedEnemyLoss: gain };
      }
      case 'resolve':
        return { ...NOTHING, cohesion: 0.02 };
      case 'order': {
        const i = num(1),
          h = num(2);
        const targets = d.unitsIn(h);
        const c = sc.units[i]!.c;
        const each = (c.attack * stackFactor(sc, c, targets, h, sc.map.grid.distance(d.hex(i), h), false)) / Math.max(1, targets.length);
        let loss = 0;
        for (const t of targets) loss += lossAt(sc, oddsColumn(sc, each, defenseOf(d, t)), 0, 1);
        // Next turn's fire: the target may move away.
        return { ...NOTHING, expectedEnemyLoss: 0.5 * loss };
      }
      case 'air': {
        const k = num(1),
          t = num(2);
        const col = oddsColumn(sc, airStrength(d, k, t, w[3] === 'mg' ? 'mg' : 'ord'), defenseOf(d, t));
        return { ...NOTHING, expectedEnemyLoss: lossAt(sc, col, 0, 1) * (w[3] === 'mg' ? 1 : 0.8) };
      }
      case 'overrun': {
        const o = overrunOdds(d, num(1), num(2));
        return {
          ...NOTHING,
          expectedEnemyLoss: lossAt(sc, o.col, o.drm, d.unitsIn(num(2)).length),
          exposure: this.exposure(d, seat, num(1), sc.map.grid.neighbour(num(2), num(3))),
        };
      }
      case 'cat': {
        const h = num(1);
        const o = assaultOdds(d, h, assaulters(d, h));
        return { ...NOTHING, expectedEnemyLoss: lossAt(sc, o.col, o.drm, d.unitsIn(h).length) };
      }
      case 'move': {
        const i = num(1),
          h = num(2);
        // A reinforcement not yet on the map counts from its entry hex (XIV.B.3).
        const offMap = d.hex(i) < 0;
        const from = offMap ? sc.units[i]!.startHex : d.hex(i);
        const progress = this.objectiveDistance(s, seat, from) - this.objectiveDistance(s, seat, h);
        const holding = sc.objectives.some((o) => o.hex === from) && !sc.units[i]!.soft && d.unitsIn(from).length === 1;
        // Units that shoot look for targets from where they stop.
        let shots = 0;
        for (let t = 0; t < sc.units.length; t++) {
          if (sc.units[t]!.side === seat || d.hex(t) < 0 || d.carrierOf(t) >= 0) continue;
          const dist = sc.map.grid.distance(h, d.hex(t));
          if (dist <= maxRange(sc.units[i]!.c) && sc.map.hasLos(h, d.hex(t))) shots += 0.05;
          if (dist === 1 && sc.units[i]!.c.modes.includes('CAT')) shots += 0.15;
        }
        return {
          ...NOTHING,
          objective: 0.3 * progress - (holding ? 1 : 0),
          exposure: this.exposure(d, seat, i, h) - (offMap ? 0 : this.exposure(d, seat, i, from)),
          expectedEnemyLoss: Math.min(shots, 0.3),
        };
      }
      case 'aa': {
        // XII.D: a hit saves the target from the attack; the gun is blanked for its next segment.
        const i = num(1);
        const t = s.airPending[1]!;
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
        return { ...NOTHING, objective: this.objectiveDistance(s, seat, d.hex(p)) > 3 ? 0.4 : -0.2 };
      }
      case 'unload': {
        const c = num(1);
        return { ...NOTHING, objective: this.objectiveDistance(s, seat, d.hex(c)) <= 3 ? 0.4 : -0.2 };
      }
      default:
        return NOTHING;
    }
  }
}

/** Evaluation per seat from the victory margin and the strength left on the map (public information only). */
export function plEvaluate(sc: Scenario, s: State): readonly number[] {
  const o = outcomeOf(sc, s);
  const d = view(sc, s);
  const strength = [0, 0];
  for (let i = 0; i < sc.units.length; i++) {
    if (s.u[i]![HEX]! < 0 || sc.units[i]!.soft) continue;
    strength[sc.units[i]!.side]! += d.flag(i, F_DISPERSED) ? 0.7 : 1;
  }
  const total = Math.max(1, strength[0]! + strength[1]!);
  const margin = (o.vp[0]! - o.vp[1]!) / Math.max(1, sc.data.victory.decisive);
  const v = Math.max(-1, Math.min(1, 0.6 * Math.tanh(margin) + 0.4 * ((strength[0]! - strength[1]!) / total)));
  return [v, -v];
}

export function plAgentHooks(sc: Scenario): AgentHooks<State, string> {
  const doctrine = new PlDoctrine(sc);
  return {
    doctrine,
    evaluate: (s) => plEvaluate(sc, s),
  };
}

export { canDirectFire };
