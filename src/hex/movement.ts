/** Movement costs and reachability over a hex map, given a system's cost of each step. */
import { z } from 'zod';
import type { Hex, HexGrid } from './grid.js';

/** The most movement points one hex or hexside may cost in a chart pack: more than any allowance, so "cannot afford". */
export const MAX_MOVE_COST = 99;

/**
 * A movement cost in a chart pack: 0 to MAX_MOVE_COST points, in steps of 1/scale (the costs are stored
 * multiplied by `scale` as whole numbers: with 2, half points). Anything else would be rounded or wrap
 * around when stored (1e308 became 0, free movement).
 */
export function movementPoints(scale: number) {
  return z
    .number()
    .min(0, { message: 'must not be negative' })
    .max(MAX_MOVE_COST)
    .refine((v) => Number.isInteger(v * scale), { message: `must be a whole number of 1/${scale} movement points` });
}

/** A terrain's cost to enter for one movement class: movementPoints, or "P" where the class may not enter. */
export function moveCost(scale: number) {
  return z.union([movementPoints(scale), z.literal('P')], {
    error: (issue) =>
      issue.code === 'invalid_union' && typeof issue.input !== 'number'
        ? `a movement cost is a number of movement points (0-${MAX_MOVE_COST}) or "P" (prohibited)`
        : undefined,
  });
}

/**
 * A table of the cost to enter each terrain type, per movement class: table[terrain * classes + class].
 * `costOf` returns a number of movement points, or 'P' where the class may not enter; costs are stored
 * multiplied by `scale` (e.g. 2, so that half-point road costs stay whole numbers) and prohibited as -1.
 */
export function moveCostTable<T, C>(
  terrain: readonly T[],
  classes: readonly C[],
  costOf: (t: T, c: C) => number | 'P',
  scale = 1,
): Int16Array {
  const out = new Int16Array(terrain.length * classes.length);
  for (const [ti, t] of terrain.entries()) {
    for (const [ci, c] of classes.entries()) {
      const cost = costOf(t, c);
      const stored = cost === 'P' ? -1 : cost * scale;
      // The chart-pack schema (movementPoints) keeps costs in range; a system that skipped it must not get a wrapped cost.
      if (!Number.isInteger(stored) || stored < -1 || stored > MAX_MOVE_COST * scale)
        throw new RangeError(`movement cost ${String(cost)} is not ${moveCostRangeText(scale)}`);
      out[ti * classes.length + ci] = stored;
    }
  }
  return out;
}

function moveCostRangeText(scale: number): string {
  return `a multiple of 1/${scale} from 0 to ${MAX_MOVE_COST}`;
}

/**
 * Working memory of the reachability search, kept between calls so that a search allocates nothing of its
 * own: the best cost of each hex (valid where `stamp` holds the current search's number), the hexes in the
 * order first reached, and the FIFO queue.
 */
interface ReachScratch {
  best: Int32Array;
  stamp: Uint32Array;
  order: Int32Array;
  queue: Int32Array;
  search: number;
  busy: boolean;
}
const scratchBySize = new Map<number, ReachScratch>();

function reachScratch(size: number): ReachScratch {
  const fresh = (): ReachScratch => ({
    best: new Int32Array(size),
    stamp: new Uint32Array(size),
    order: new Int32Array(size),
    queue: new Int32Array(Math.max(16, size)),
    search: 0,
    busy: false,
  });
  let s = scratchBySize.get(size);
  if (s === undefined) scratchBySize.set(size, (s = fresh()));
  // A search started while another's results are in use (from a step cost or a visit) gets buffers of its own.
  else if (s.busy) s = fresh();
  if (++s.search === 0xffffffff) {
    s.stamp.fill(0);
    s.search = 1;
  }
  return s;
}

/** The search of reachableHexes into `scratch`: returns how many hexes it reached (listed in scratch.order). */
function searchReachable(
  scratch: ReachScratch,
  grid: HexGrid,
  start: Hex,
  budget: number,
  stepCost: (from: Hex, to: Hex, direction: number) => number,
  oneHexAlways: boolean,
): number {
  const { best, stamp, search, order } = scratch;
  const neighbours = grid.neighbours;
  let queue = scratch.queue;
  let head = 0,
    tail = 0,
    reached = 0;
  queue[tail++] = start;
  order[reached++] = start;
  best[start] = 0;
  stamp[start] = search;
  while (head < tail) {
    const h = queue[head++]!;
    const spent = best[h]!;
    for (let k = 0; k < 6; k++) {
      const n = neighbours[h * 6 + k]!;
      if (n < 0) continue;
      const c = stepCost(h, n, k);
      if (c < 0) continue;
      const total = spent + c;
      if (total > budget && !(oneHexAlways && h === start && budget > 0)) continue;
      const seen = stamp[n] === search;
      if (!seen || total < best[n]!) {
        if (!seen) {
          stamp[n] = search;
          order[reached++] = n;
        }
        best[n] = total;
        // An improved hex is queued again, so the queue may outgrow the map.
        if (tail === queue.length) {
          const grown = new Int32Array(queue.length * 2);
          grown.set(queue);
          queue = scratch.queue = grown;
        }
        queue[tail++] = n;
      }
    }
  }
  return reached;
}

/**
 * The cheapest total cost from `start` to every hex within `budget`, by a label-correcting search over
 * neighbours (a first-in first-out queue, every improvement queued again: the same costs as Dijkstra's).
 * `stepCost(from, to, direction)` is the cost of one step between neighbours (`to` lies in `direction` from
 * `from`), or a negative number where the step is not allowed. With `oneHexAlways`, a first step from
 * `start` is allowed whatever it costs when the budget is positive (PG3 5.0: a unit with any movement
 * allowance may always move one hex).
 * The map lists hexes in the order they were first reached, `start` first.
 */
export function reachableHexes(
  grid: HexGrid,
  start: Hex,
  budget: number,
  stepCost: (from: Hex, to: Hex, direction: number) => number,
  oneHexAlways = false,
): Map<Hex, number> {
  const out = new Map<Hex, number>();
  forEachReachable(grid, start, budget, stepCost, (h, cost) => out.set(h, cost), oneHexAlways);
  return out;
}

/** reachableHexes without the map: `visit(hex, cost)` for each hex, in the order first reached, `start` first. */
export function forEachReachable(
  grid: HexGrid,
  start: Hex,
  budget: number,
  stepCost: (from: Hex, to: Hex, direction: number) => number,
  visit: (h: Hex, cost: number) => void,
  oneHexAlways = false,
): void {
  const scratch = reachScratch(grid.size);
  scratch.busy = true;
  try {
    const reached = searchReachable(scratch, grid, start, budget, stepCost, oneHexAlways);
    const { order, best } = scratch;
    for (let k = 0; k < reached; k++) visit(order[k]!, best[order[k]!]!);
  } finally {
    scratch.busy = false;
  }
}
