/**
 * The hexes units have stood in during the current run of plain steps of one activation: steps that changed
 * nothing but where the unit is and what movement it has left. Stepping back into one of them only spends
 * movement (and offers the enemy more shots): the unit could have stopped there. A rules system keeps such a
 * trail in its state to leave those steps out of the agents' list of actions, while the player may still
 * take them. Entries are `unit * mapSize + hex`, in the order stood in; the arrays are never written.
 */
import type { Hex } from './grid.js';

export type Trail = readonly number[];

export const NO_TRAIL: Trail = Object.freeze([]);

/** Whether `unit` has stood in `hex` during the trail. */
export function trailHas(trail: Trail, mapSize: number, unit: number, hex: Hex): boolean {
  if (trail.length === 0) return false;
  const entry = unit * mapSize + hex;
  for (let k = 0; k < trail.length; k++) if (trail[k] === entry) return true;
  return false;
}

/** The trail with `unit` having stood in `hex` (the same trail when it already has). */
export function trailWith(trail: Trail, mapSize: number, unit: number, hex: Hex): Trail {
  return trailHas(trail, mapSize, unit, hex) ? trail : [...trail, unit * mapSize + hex];
}
