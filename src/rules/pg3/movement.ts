/** Movement (PG3 5.x): costs by class, roads, rivers, stacking, combat movement, entering and leaving assault hexes. */
import type { Hex } from '../../hex/grid.js';
import { forEachReachable, reachableHexes } from '../../hex/movement.js';
import type { Draft } from './draft.js';
import { atShotDrm } from './combat.js';
import { hexSpotsUnit, isNight } from './spotting.js';
import {
  DEMORALIZED,
  DISRUPTED,
  F_DUG_IN,
  F_HIDDEN,
  F_LEADER_ACT,
  F_LOADED,
  F_MOVED,
  F_MOVED_TURN,
  F_MUST_STOP,
  FLAGS,
  MORALE,
  MP,
} from './state.js';
import {
  atReach,
  cannotFire,
  combatIn,
  occupyEntrenchment,
  def,
  fitsStack,
  isAssaultHex,
  sideIn,
  stacksAsTransport,
  values,
} from './units.js';

const MOTORIZED = 1,
  MECHANIZED = 2; // indices in formats.movementClasses
const WRECK_COST2 = [0, 2, 10];

/** Movement points for an activation, doubled (roads cost half points). Leaders: 4 (6.3). */
export function startingMp2(d: Draft, i: number): number {
  return values(d, i).ma * 2;
}

/** Cost (doubled) to move from a to its neighbour b, or -1 if prohibited (5.0, 5.2, 5.7). */
export function moveCost2(d: Draft, i: number, a: Hex, b: Hex): number {
  return moveCostToward(d, i, a, b, d.sc.map.grid.directionTo(a, b));
}

/** moveCost2 for a caller that knows the direction `dir` from a to b (directionTo(a, b)). */
function moveCostToward(d: Draft, i: number, a: Hex, b: Hex, dir: number): number {
  const sc = d.sc;
  const u = def(d, i);
  const mc = u.moveClassIndex;
  const tb = sc.map.terrain[b]!;
  const terrainCost = sc.moveCost2[tb * 4 + mc]!;
  const road = dir >= 0 && (sc.map.hexside(a, dir) & sc.ROAD) !== 0;
  let cost: number;
  if (road) {
    // 5.2: road rate across a road hexside; a road into a town is charged at the town rate.
    const t = sc.terrain[tb]!;
    cost = t.blocksLos && t.viewerBonus > 0 && terrainCost >= 0 ? terrainCost : sc.roadCost2[mc]!;
  } else {
    if (terrainCost < 0) return -1;
    cost = terrainCost;
  }
  const climb = sc.map.elevation[b]! - sc.map.elevation[a]!;
  if (climb > 0 && !road) cost += climb * sc.climbCost2[mc]!;
  // 16.3: vehicles (motorized, mechanized) pay +1 MP into a hex with one wreck, +5 with two; three bar them.
  if (d.wrecks.length > 0 && (mc === MOTORIZED || mc === MECHANIZED)) {
    const n = d.wrecksIn(b);
    if (n >= 3) return -1;
    cost += WRECK_COST2[n]!;
  }
  return cost;
}

/**
 * How far enemy unit e can threaten unit i from (5.4), wherever i stands, or -1 if it cannot at all: it must be
 * on the map, a combat unit able to fire, and not hidden; DF-only units never impede AFVs (AT reach, 11.3), and
 * AT-only or bombardment-only units never impede personnel (DF range).
 */
function threatReach(d: Draft, e: number, i: number): number {
  return threatReachAgainst(d, e, def(d, i).isAfv);
}

/** `threatReach` against an armoured target (`afv`) or any other: what it depends on of the target. */
export function threatReachAgainst(d: Draft, e: number, afv: boolean): number {
  const ue = def(d, e);
  if (d.hex(e) < 0 || ue.isLeader || !ue.isCombat || cannotFire(d, e)) return -1;
  // 16.6: a hidden unit is unknown to the other side, so it imposes no combat-movement limit and does not make a
  // hex unsafe for fleeing (the player could not know of it; the engine must not leak it through legal moves).
  if (d.flag(e, F_HIDDEN)) return -1;
  const v = values(d, e);
  if (afv) return atReach(v);
  return v.df <= 0 ? -1 : v.dfRange;
}

/** Enemy unit e threatens unit i standing in hex h (5.4): it spots i there, has it in range and could hurt it. */
export function threatens(d: Draft, e: number, i: number, h: Hex): boolean {
  const reach = threatReach(d, e, i);
  const eh = d.hex(e);
  if (reach < 0 || d.sc.map.grid.distance(eh, h) > reach) return false;
  // Spotting is judged with i in hex h.
  if (!hexSpotsUnit(d, eh, i, h)) return false;
  if (def(d, i).isAfv) {
    const drm = atShotDrm(d, e, i, h); // NaN without a shot: the comparison is false
    return 12 + drm >= d.sc.charts.antiTank.damage.value;
  }
  return true;
}

/**
 * Combat movement (5.4): without a leader of its own kind, a unit may not move closer to an enemy unit
 * that threatens it. Ruling (digest 8.1 #10): "closer" means the hex distance to any threatening enemy
 * unit shrinks.
 */
export function breaksCombatMovement(d: Draft, i: number, from: Hex, to: Hex, threats?: readonly number[]): boolean {
  if (d.flag(i, F_LEADER_ACT)) return false;
  const u = def(d, i);
  if (u.isLeader) return false;
  const grid = d.sc.map.grid;
  const units = d.sc.units;
  const n = threats ? threats.length : units.length;
  for (let k = 0; k < n; k++) {
    const e = threats ? threats[k]! : k;
    if (units[e]!.side === u.side) continue;
    const eh = d.hex(e);
    if (eh < 0) continue;
    if (grid.distance(eh, to) >= grid.distance(eh, from)) continue;
    if (threatens(d, e, i, to)) return true;
  }
  return false;
}

/**
 * The enemy units that could threaten unit i (5.4) in some hex next to the one it stands in: on the map,
 * able to fire, not hidden, and in range of a neighbouring hex. A superset of what `threatens` accepts
 * there, so legal-move generation asks only these about each of the six neighbours.
 */
export function possibleThreats(d: Draft, i: number): number[] {
  const side = def(d, i).side;
  const from = d.hex(i);
  const grid = d.sc.map.grid;
  const out: number[] = [];
  if (from < 0) return out;
  for (const e of d.sc.unitsOf[1 - side]!) {
    const reach = threatReach(d, e, i);
    if (reach >= 0 && grid.distance(d.hex(e), from) - 1 <= reach) out.push(e);
  }
  return out;
}

/** The enemy units that could threaten unit i (5.4) in some hex: those `threatens` may accept anywhere (threatReach). */
export function anyThreats(d: Draft, i: number): number[] {
  const out: number[] = [];
  for (const e of d.sc.unitsOf[1 - def(d, i).side]!) if (threatReach(d, e, i) >= 0) out.push(e);
  return out;
}

/** Why unit i may not move into the adjacent hex `to` now, or null. `threats`: possibleThreats(d, i), when the caller has it. */
export function moveBlocked(d: Draft, i: number, to: Hex, threats?: readonly number[]): string | null {
  const from = d.hex(i);
  if (from < 0 || to < 0) return 'not on the map';
  if (d.sc.map.grid.distance(from, to) !== 1) return 'not an adjacent hex';
  return unitMoveBlocked(d, i) ?? stepBlocked(d, i, from, to, threats);
}

/**
 * Why unit i (on the map) may not move at all now, whatever the hex, or null. Legal-move generation asks
 * this once per unit and `stepBlocked` for each of the six neighbours.
 */
export function unitMoveBlocked(d: Draft, i: number): string | null {
  const from = d.hex(i);
  if (d.carried(i)) return 'it rides a transport: it moves with it (5.6)';
  if (d.decapitated(i, from))
    return 'its side lost its highest-ranking leader within 3 hexes: no voluntary movement this turn or next (6.7)';
  const m = d.get(i, MORALE);
  if (m === DEMORALIZED) return 'demoralized units only recover or flee (14.3)';
  if (m === DISRUPTED && (d.flag(i, F_MOVED_TURN) || d.flag(i, F_MOVED))) return 'a disrupted unit moves only one hex a turn (14.2)';
  if (d.flag(i, F_MUST_STOP)) return 'it must stop here (5.7, 12.1)';
  if (d.get(i, MP) <= 0) return 'no movement points left';
  if (d.flag(i, F_MOVED) && isAssaultHex(d, from)) return 'a unit leaving an assault hex moves one hex (5.3)';
  return null;
}

/** Why a step is refused (stepBlocked's reasons, in the order it asks), or STEP_OK. */
export const enum StepBlock {
  Ok = 0,
  Enemy,
  Full,
  Terrain,
  NoMp,
  CombatMovement,
  Night,
}
export const STEP_OK = StepBlock.Ok;

/**
 * stepBlocked's answer as a code: why a step is refused (the prompt's reasons). Listing moves asks `mayStep`,
 * the same tests in a cheaper order; tests/rules/pg3/step-check.test.ts keeps the two in agreement. `night`
 * is isNight(d).
 */
export function stepBlock(d: Draft, i: number, from: Hex, to: Hex, threats: readonly number[] | undefined, night: boolean): StepBlock {
  const u = def(d, i);
  if (combatIn(d, to, 1 - u.side)) return StepBlock.Enemy;
  if (!fitsStack(d, i, to)) return StepBlock.Full;
  const cost = moveCost2(d, i, from, to);
  if (cost < 0) return StepBlock.Terrain;
  // 5.0: a unit with MA 1+ may always move one hex.
  if (cost > d.get(i, MP) && d.flag(i, F_MOVED)) return StepBlock.NoMp;
  if (breaksCombatMovement(d, i, from, to, threats)) return StepBlock.CombatMovement;
  // 5.5: a leaderless unit at night enters only friendly-controlled hexes (occupied by friends here).
  if (night && !d.flag(i, F_LEADER_ACT) && !u.isLeader && !sideIn(d, to, u.side)) return StepBlock.Night;
  return StepBlock.Ok;
}

/**
 * Whether stepBlock(d, i, from, to, threats, night, dir) is STEP_OK, for listing moves, where the reason does not
 * matter: the same tests, those that read only tables first, and the units in `to` walked once for the enemy (5.3),
 * stacking (4.1, 4.5) and night (5.5) tests instead of once for each.
 */
export function mayStep(
  d: Draft,
  i: number,
  from: Hex,
  to: Hex,
  threats: readonly number[] | undefined,
  night: boolean,
  dir: number,
): boolean {
  const cost = moveCostToward(d, i, from, to, dir);
  if (cost < 0) return false;
  if (cost > d.get(i, MP) && d.flag(i, F_MOVED)) return false;
  const u = def(d, i);
  const side = u.side;
  const transport = stacksAsTransport(u);
  const units = d.sc.units;
  let stacked = 0;
  let friends = false;
  for (let j = d.firstIn(to); j >= 0; j = d.nextIn(j)) {
    const o = units[j]!;
    if (o.side !== side) {
      if (o.isCombat || (d.u[j]![FLAGS]! & F_LOADED) !== 0) return false; // combatIn
      continue;
    }
    friends = true; // sideIn
    if (!o.isLeader && (stacksAsTransport(o) ? transport : !transport && o.isCombat)) stacked++; // stackCount
  }
  // fitsStack: leaders and units that are neither combat units nor transports never fill a hex.
  if (!u.isLeader && (transport || u.isCombat) && stacked >= 3) return false;
  if (breaksCombatMovement(d, i, from, to, threats)) return false;
  return !night || d.flag(i, F_LEADER_ACT) || u.isLeader || friends;
}

/** Why unit i, free to move (unitMoveBlocked is null), may not step from `from` into the adjacent hex `to`, or null. */
export function stepBlocked(d: Draft, i: number, from: Hex, to: Hex, threats?: readonly number[]): string | null {
  switch (stepBlock(d, i, from, to, threats, isNight(d))) {
    case StepBlock.Ok:
      return null;
    case StepBlock.Enemy:
      return 'enemy units are there: only an assault may enter (5.3)';
    case StepBlock.Full:
      return 'the hex is full (3 combat units and 3 transports, 4.5)';
    case StepBlock.Terrain:
      return `${d.sc.map.terrainId(to)} is prohibited to ${def(d, i).moveClass} units (TEC)`;
    case StepBlock.NoMp:
      return 'not enough movement points';
    case StepBlock.CombatMovement:
      return 'without a leader of its kind it may not move closer to enemies that can fire on it (5.4)';
    case StepBlock.Night:
      return 'at night a unit without a leader enters only friendly hexes (5.5)';
  }
}

/** Moves unit i one hex, paying the cost; returns the MP (doubled) left. */
export function moveOne(d: Draft, i: number, to: Hex): void {
  const from = d.hex(i);
  const dir = d.sc.map.grid.directionTo(from, to);
  const cost = moveCostToward(d, i, from, to, dir);
  const mp = d.get(i, MP);
  d.set(i, MP, Math.max(0, mp - cost));
  // 5.7: a unit crossing a river must stop once it leaves the river hex.
  const fromRiver = d.sc.terrain[d.sc.map.terrain[from]!]!.river !== undefined;
  const road = (d.sc.map.hexside(from, dir) & d.sc.ROAD) !== 0;
  d.setHex(i, to);
  d.setFlag(i, F_DUG_IN, false); // 16.2: moving ends dug-in status
  occupyEntrenchment(d, i); // 16.4
  d.setFlag(i, F_MOVED);
  d.setFlag(i, F_MOVED_TURN);
  if (fromRiver && !road) d.setFlag(i, F_MUST_STOP);
}

/**
 * The cheapest cost (doubled) to reach each hex within the unit's MP, ignoring enemies' fire (for fleeing and
 * the advisor): never into a hex holding enemy combat units (5.3); one hex always (5.0).
 */
export function reachable(d: Draft, i: number, mp2: number): Map<Hex, number> {
  return reachableHexes(d.sc.map.grid, d.hex(i), mp2, fleeStepCost(d, i), true);
}

/** `reachable` without the map: visit(hex, cost) for each hex, in the order reachable lists them. */
export function forEachFleeHex(d: Draft, i: number, mp2: number, visit: (h: Hex, cost: number) => void): void {
  forEachReachable(d.sc.map.grid, d.hex(i), mp2, fleeStepCost(d, i), visit, true);
}

/** reachable's step cost: never into enemy combat units (5.3), else moveCost2 (the search gives the direction). */
function fleeStepCost(d: Draft, i: number): (from: Hex, to: Hex, dir: number) => number {
  const enemy = 1 - def(d, i).side;
  return (from, to, dir) => (combatIn(d, to, enemy) ? -1 : moveCostToward(d, i, from, to, dir));
}
