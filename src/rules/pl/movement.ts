/**
 * Panzer Leader movement (V, VI): terrain costs per move class from the TEC, half a point a hex along a
 * road into a hex holding two other units or fewer (V.D), stacking of four (VI, wrecks and blocks count),
 * no entry into enemy hexes (V.B.7), minefields and blocks stop a unit (IX.A.2, IX.B.2), a unit with MA 1
 * may always move one hex (V.B.5).
 */
import type { Hex } from '../../hex/grid.js';
import { forEachReachable } from '../../hex/movement.js';
import { MOVE_CLASSES } from './formats.js';
import { MP_SCALE, ROAD, type Scenario } from './scenario.js';
import type { Draft } from './state.js';
import { F_IN_FORT, MP_LEFT, OFFBOARD } from './state.js';

/** X.C.3: movement points a bridgelayer spends leaving the stream hex as it lays its bridge. */
export const BRIDGE_LAYING = 3;

/** VI.A: four units a hex. */
export const STACK_LIMIT = 4;

/**
 * What counts for stacking in h (VI) for the units outside a fortification: units (a carrier with its
 * passenger is one), wrecks, a block, and a fort with the units inside it as one (IX.C.2, IX.C.11).
 */
export function stackCount(d: Draft, h: Hex): number {
  let n = 0;
  for (const i of d.unitsIn(h)) if (!d.flag(i, F_IN_FORT)) n++;
  for (const w of d.wrecks) if (w === h) n++;
  if (d.blocks.includes(h)) n++;
  if (d.forts.includes(h)) n++;
  return n;
}

/** IX.C.10: the units inside the fortification in h (none where no fort stands). */
export function insideFort(d: Draft, h: Hex): number[] {
  if (!d.forts.includes(h)) return [];
  return d.unitsIn(h).filter((i) => d.flag(i, F_IN_FORT));
}

/**
 * IX.C.10.a-b: whether a unit of `side` may move on top of the fort in h: the other side's units are inside
 * it and none of theirs stands on top (outside). It stops there (IX.C.10.a).
 */
export function fortToMount(d: Draft, side: number, h: Hex): boolean {
  const inside = insideFort(d, h);
  if (inside.length === 0 || d.sc.units[inside[0]!]!.side === side) return false;
  return d.unitsIn(h).every((i) => d.flag(i, F_IN_FORT) || d.sc.units[i]!.side === side);
}

/** IX.C.10.a: the units standing on top of the fort in h whose side is not the side inside it (none where no one is inside). */
export function enemiesOnFort(d: Draft, h: Hex): number[] {
  const inside = insideFort(d, h);
  if (inside.length === 0) return [];
  const holder = d.sc.units[inside[0]!]!.side;
  return d.unitsIn(h).filter((i) => d.sc.units[i]!.side !== holder);
}

/**
 * IX.C.7, IX.C.11: whether a unit of `side` may go inside the fort in h: one stands there, empty (an empty
 * fort is captured by entering it) or held by that side, with fewer than four units inside.
 */
export function fortRoom(d: Draft, h: Hex, side: number): boolean {
  if (!d.forts.includes(h)) return false;
  const inside = insideFort(d, h);
  return inside.length < STACK_LIMIT && (inside.length === 0 || d.sc.units[inside[0]!]!.side === side);
}

/** VI.E, IX.C.11: whether one more unit of `side` may stand in h: inside its fort, or outside within the limit of four. */
export function roomFor(d: Draft, h: Hex, side: number): boolean {
  return fortRoom(d, h, side) || stackCount(d, h) < STACK_LIMIT;
}

export function hasEnemy(d: Draft, side: number, h: Hex): boolean {
  for (const i of d.unitsIn(h)) if (d.sc.units[i]!.side !== side) return true;
  return false;
}

/** VII.K: whether h is a stream hex without a standing bridge (a bridged one is clear terrain, VII.K.6). */
export function streamAt(d: { readonly sc: Scenario; readonly bridges: readonly Hex[] }, h: Hex): boolean {
  return d.sc.stream[d.sc.map.terrain[h]!]! && !d.bridges.includes(h);
}

/**
 * Cost (x MP_SCALE) for unit class `cls` to enter `to` from `from` across direction `dir`, ignoring units;
 * -1 prohibited. A bridged stream hex costs as clear terrain (VII.K.6); an unbridged one has no road.
 */
export function terrainStep(
  sc: Scenario,
  cls: number,
  from: Hex,
  to: Hex,
  dir: number,
  roadOk: boolean,
  bridges: readonly Hex[] = sc.bridges,
): number {
  const stream = sc.stream[sc.map.terrain[to]!]!;
  const bridged = stream && bridges.includes(to);
  if (roadOk && (!stream || bridged) && (sc.map.hexside(from, dir) & ROAD) !== 0) return sc.roadCost;
  const terrain = bridged ? sc.bridgeTerrain : sc.map.terrain[to]!;
  return sc.moveCost[terrain * MOVE_CLASSES.length + cls]!;
}

/** XIV.B.3: whether unit i is a reinforcement off the map whose turn to enter has come (a unit landing from the sea is placed at sea instead, XI.B). */
export function dueToEnter(d: Draft, i: number): boolean {
  const u = d.sc.units[i]!;
  return u.enters > 0 && u.lands === 0 && u.enters <= d.turn && d.hex(i) === OFFBOARD && d.carrierOf(i) < 0;
}

/** V.A.3: whether h is a sea hex. */
export function seaAt(d: { readonly sc: Scenario }, h: Hex): boolean {
  return h >= 0 && d.sc.sea[d.sc.map.terrain[h]!]!;
}

/** The movement points (x MP_SCALE) unit i may still spend this phase. */
export function budgetOf(d: Draft, i: number): number {
  const left = d.get(i, MP_LEFT);
  return left >= 0 ? left : d.sc.units[i]!.c.movement * MP_SCALE;
}

/** Every hex unit i may end its move in this phase, with its cost (the start hex excluded). */
export function reachable(d: Draft, i: number, budget = budgetOf(d, i)): Map<Hex, number> {
  const sc = d.sc;
  const u = sc.units[i]!;
  const cls = MOVE_CLASSES.indexOf(u.c.moveClass);
  const out = new Map<Hex, number>();
  let start = d.hex(i);
  const entering = dueToEnter(d, i);
  if (entering) {
    // XIV.B.3: a reinforcement enters at its edge hex paying that hex's cost (MA 1 units always may, V.B.5).
    start = u.startHex;
    if (hasEnemy(d, u.side, start) || !roomFor(d, start, u.side)) return out;
    const terrain = d.bridges.includes(start) ? sc.bridgeTerrain : sc.map.terrain[start]!;
    const first = streamAt(d, start) ? -1 : sc.moveCost[terrain * MOVE_CLASSES.length + cls]!;
    const cost = first >= 0 && u.c.movement === 1 ? Math.min(first, budget) : first;
    if (cost < 0 || cost > budget) return out;
    out.set(start, cost);
    if (d.mines.includes(start) || d.blocks.includes(start)) return out;
    budget -= cost;
  }
  // X.C.1: a flail leaving a minefield spends half its MA (rounded up) doing it.
  // X.C.3: a bridgelayer leaving the stream hex it stopped in spends 3 MP laying its bridge.
  const untouched = !entering && d.get(i, MP_LEFT) < 0;
  const flailing =
    untouched && u.c.flail && d.mines.includes(start)
      ? Math.ceil(u.c.movement / 2) * MP_SCALE
      : untouched && u.c.bridgelayer && streamAt(d, start)
        ? BRIDGE_LAYING * MP_SCALE
        : 0;
  budget -= flailing;
  // XI.C: a unit at sea reaches the shore only by landing ('land'); nothing ever moves into the sea (V.A.3).
  if (budget <= 0 || start < 0 || seaAt(d, start)) return out;
  const step = (from: Hex, to: Hex, dir: number): number => {
    if ((from !== start || entering) && (d.mines.includes(from) || d.blocks.includes(from))) return -1;
    // VII.K.2: the entry roll is made where the move ends, so a move stops in the first stream hex it enters.
    if (from !== start && streamAt(d, from)) return -1;
    // X.C.3: the one vehicle that may enter a stream hex (where it stops, above).
    if (u.c.bridgelayer && streamAt(d, to)) return hasEnemy(d, u.side, to) || !roomFor(d, to, u.side) ? -1 : MP_SCALE;
    if (d.blocks.includes(to) && from !== start) return -1;
    // IX.C.10.a: a unit moving on top of an enemy-held fort stops there.
    if (from !== start && fortToMount(d, u.side, from)) return -1;
    // V.B.7: no entry into an enemy hex, but for the top of an enemy-held fort (IX.C.10.a-b).
    if (hasEnemy(d, u.side, to) && !fortToMount(d, u.side, to)) return -1;
    if (!roomFor(d, to, u.side)) return -1;
    // V.D.6: no road rate into a hex with a block, a minefield or a fortification.
    const roadOk = !d.blocks.includes(to) && !d.mines.includes(to) && !d.forts.includes(to) && d.unitsIn(to).length <= 2;
    return terrainStep(sc, cls, from, to, dir, roadOk, d.bridges);
  };
  forEachReachable(
    sc.map.grid,
    start,
    budget,
    step,
    (h, cost) => {
      if (h !== start) out.set(h, cost + flailing + (out.get(start) ?? 0));
    },
    u.c.movement === 1 && d.get(i, MP_LEFT) < 0 && !entering,
  );
  return out;
}
