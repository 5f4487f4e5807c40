/**
 * Panzer Leader engineers' tasks (X): clearing minefields and removing blocks in four turns (X.A, X.B.3),
 * demolishing a bridge or making a block by staying put and then moving off with a roll (X.B.1-2), and the
 * Sherman Flail clearing the minefield it leaves (X.C.1). The X.B tasks (demolition, blocks, removing
 * blocks; a temporary bridge too, X.C.4.a) need the engineer's equipment carrier within a hex (X.B pre).
 */
import { d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { ROAD } from './scenario.js';
import { type Draft, F_BLOCK_MADE, F_TASK_FAILED, STATIONARY } from './state.js';

/**
 * X.B (pre): whether engineer e's designated equipment carrier stands on the map in or next to hex h (an
 * engineer with none designated may do no X.B task).
 */
export function equipmentNear(d: Draft, e: number, h: Hex): boolean {
  const c = d.sc.units[e]!.equipment;
  if (c < 0 || d.hex(c) < 0 || h < 0) return false;
  return d.sc.map.grid.distance(d.hex(c), h) <= 1;
}

/** The engineer turning over the minefield or block in h (X.A.2), or -1: one no longer beside or on it has given up (X.A.6). */
export function clearerOf(d: Draft, h: Hex): number {
  for (const [x, e] of d.clearing) if (x === h && d.hex(e) >= 0 && d.sc.map.grid.distance(d.hex(e), h) <= 1) return e;
  return -1;
}

/** X.A.7: an engineer busy clearing may not attack or load. */
export function isClearing(d: Draft, e: number): boolean {
  for (const [x, c] of d.clearing) if (c === e && clearerOf(d, x) === e) return true;
  return false;
}

/**
 * The minefield and block hexes engineer e may work on at the start of its movement phase: turn over one
 * next to it (X.A.2, one at a time, X.A.7), or remove the one it stands on that it turned over (X.A.4).
 */
export function clearTargets(d: Draft, e: number): Hex[] {
  const sc = d.sc;
  const h = d.hex(e);
  const out: Hex[] = [];
  if (!sc.units[e]!.c.engineer || h < 0) return out;
  if (clearerOf(d, h) === e) return d.mines.includes(h) || equipmentNear(d, e, h) ? [h] : [];
  if (isClearing(d, e)) return out;
  // X.B.3: a block is removed like a minefield, but with the equipment carrier at hand.
  const withKit = equipmentNear(d, e, h);
  for (let k = 0; k < 6; k++) {
    const n = sc.map.grid.neighbour(h, k);
    if (n >= 0 && (d.mines.includes(n) || (d.blocks.includes(n) && withKit)) && clearerOf(d, n) < 0) out.push(n);
  }
  return out;
}

/** X.A.2-4: turns the minefield or block in h over, or removes it. The engineer spends its movement phase. */
export function clearHex(d: Draft, e: number, h: Hex): void {
  const sc = d.sc;
  if (d.hex(e) === h) {
    if (d.mines.includes(h)) d.mines = d.mines.filter((m) => m !== h);
    else d.blocks = d.blocks.filter((b) => b !== h);
    d.clearing = d.clearing.filter(([x]) => x !== h);
    d.events && d.say(() => `${sc.units[e]!.id} clears ${sc.map.grid.label(h)}`);
  } else {
    d.clearing = [...d.clearing.filter(([x]) => x !== h), [h, e]];
    d.events && d.say(() => `${sc.units[e]!.id} begins clearing ${sc.map.grid.label(h)}`);
  }
}

/** X.C.3: a bridgelayer leaving a stream hex lays a tank bridge there, usable at once and for good. */
export function bridgelayerLeaves(d: Draft, i: number, from: Hex): void {
  const sc = d.sc;
  if (!sc.units[i]!.c.bridgelayer || !sc.stream[sc.map.terrain[from]!] || d.bridges.includes(from)) return;
  d.bridges = [...d.bridges, from];
  d.tempBridges = [...d.tempBridges, from];
  d.events && d.say(() => `${sc.units[i]!.id} lays a tank bridge at ${sc.map.grid.label(from)}`);
}

/** X.C.1: a flail leaving a minefield removes it. */
export function flailLeaves(d: Draft, i: number, from: Hex): void {
  if (!d.sc.units[i]!.c.flail || !d.mines.includes(from)) return;
  d.mines = d.mines.filter((m) => m !== from);
  d.clearing = d.clearing.filter(([x]) => x !== from);
  d.events && d.say(() => `${d.sc.units[i]!.id} flails the minefield at ${d.sc.map.grid.label(from)} clear`);
}

/** Whether h carries a road (a road hexside). */
function roadHex(d: Draft, h: Hex): boolean {
  for (let k = 0; k < 6; k++) if ((d.sc.map.hexside(h, k) & ROAD) !== 0) return true;
  return false;
}

/**
 * The demolition task engineer e may finish by moving off its hex now: 'bridge' (X.B.1: on a bridge, three
 * stationary turns, or one after a failed attempt), 'block' (X.B.2: on a road hex, two stationary turns in
 * woods or four elsewhere, one after a failure; one block per engineer), or null.
 */
export function demolitionTask(d: Draft, e: number): 'bridge' | 'block' | null {
  const sc = d.sc;
  const h = d.hex(e);
  if (!sc.units[e]!.c.engineer || h < 0 || isClearing(d, e) || !equipmentNear(d, e, h)) return null;
  const turns = d.get(e, STATIONARY);
  const failed = d.flag(e, F_TASK_FAILED);
  if (d.bridges.includes(h)) {
    // A bridge is not blown under a vehicle standing on it (ruling PL-R27).
    if (d.unitsIn(h).some((i) => i !== e && sc.units[i]!.c.vehicular)) return null;
    if (d.tempBridges.includes(h)) return turns >= 2 ? 'bridge' : null; // X.C.4.a
    return turns >= (failed ? 1 : 3) ? 'bridge' : null;
  }
  if (d.flag(e, F_BLOCK_MADE) || d.blocks.includes(h) || d.mines.includes(h) || !roadHex(d, h)) return null;
  const woods = sc.obstacle[sc.map.terrain[h]!]! && !sc.town[sc.map.terrain[h]!]!;
  return turns >= (failed ? 1 : woods ? 2 : 4) ? 'block' : null;
}

/** X.B.1-2: the roll as the engineer moves off: success places a block (and a bridge is gone); a second failure starts over. */
export function demolish(d: Draft, e: number, from: Hex): void {
  const sc = d.sc;
  const task = demolitionTask(d, e);
  if (task === null) return;
  if (task === 'bridge' && d.tempBridges.includes(from)) {
    // X.C.4.a: a temporary bridge is destroyed outright, and no block is placed.
    d.bridges = d.bridges.filter((b) => b !== from);
    d.tempBridges = d.tempBridges.filter((b) => b !== from);
    d.events && d.say(() => `${sc.units[e]!.id} destroys the temporary bridge at ${sc.map.grid.label(from)}`);
    return;
  }
  const failed = d.flag(e, F_TASK_FAILED);
  const turns = d.get(e, STATIONARY);
  const needed = task === 'block' || !failed ? 5 : turns >= 3 ? 5 : turns === 2 ? 4 : 2;
  const roll = d6(d.rng);
  const label = sc.map.grid.label(from);
  if (roll <= needed) {
    d.setFlag(e, F_TASK_FAILED, false);
    if (task === 'bridge') d.bridges = d.bridges.filter((b) => b !== from);
    else d.setFlag(e, F_BLOCK_MADE);
    d.blocks = [...d.blocks, from];
    d.events && d.say(() => `${sc.units[e]!.id} ${task === 'bridge' ? 'blows the bridge' : 'makes a block'} at ${label} (roll ${roll})`);
  } else {
    d.setFlag(e, F_TASK_FAILED, !failed);
    d.events &&
      d.say(() => `${sc.units[e]!.id} fails to ${task === 'bridge' ? 'blow the bridge' : 'make a block'} at ${label} (roll ${roll})`);
  }
}
