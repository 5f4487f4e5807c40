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
import { MP_LEFT } from './state.js';

/** VI.A: four units a hex. */
export const STACK_LIMIT = 4;

/** What counts for stacking in h (VI): units (a carrier with its passenger is one), wrecks, a block. */
export function stackCount(d: Draft, h: Hex): number {
  let n = d.unitsIn(h).length;
  for (const w of d.wrecks) if (w === h) n++;
  if (d.blocks.includes(h)) n++;
  return n;
}

export function hasEnemy(d: Draft, side: number, h: Hex): boolean {
  for (const i of d.unitsIn(h)) if (d.sc.units[i]!.side !== side) return true;
  return false;
}

/** Cost (x MP_SCALE) for unit class `cls` to enter `to` from `from` across direction `dir`, ignoring units; -1 prohibited. */
export function terrainStep(sc: Scenario, cls: number, from: Hex, to: Hex, dir: number, roadOk: boolean): number {
  if (roadOk && (sc.map.hexside(from, dir) & ROAD) !== 0) return sc.roadCost;
  return sc.moveCost[sc.map.terrain[to]! * MOVE_CLASSES.length + cls]!;
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
  const start = d.hex(i);
  const cls = MOVE_CLASSES.indexOf(u.c.moveClass);
  const out = new Map<Hex, number>();
  if (budget <= 0 || start < 0) return out;
  const step = (from: Hex, to: Hex, dir: number): number => {
    if (from !== start && (d.mines.includes(from) || d.blocks.includes(from))) return -1;
    if (d.blocks.includes(to) && from !== start) return -1;
    if (hasEnemy(d, u.side, to)) return -1;
    if (stackCount(d, to) >= STACK_LIMIT) return -1;
    const roadOk = !d.blocks.includes(to) && !d.mines.includes(to) && d.unitsIn(to).length <= 2;
    return terrainStep(sc, cls, from, to, dir, roadOk);
  };
  forEachReachable(
    sc.map.grid,
    start,
    budget,
    step,
    (h, cost) => {
      if (h !== start) out.set(h, cost);
    },
    u.c.movement === 1 && d.get(i, MP_LEFT) < 0,
  );
  return out;
}
