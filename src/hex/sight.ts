/**
 * Sight tables: what a viewer in one hex can see in another, precomputed per pair of hexes for the static
 * map (a system's spotting ranges, concealment and line of sight folded into a few bits), and the checks
 * of markers that come and go (smoke) along the same lines.
 */
import type { Hex, HexGrid } from './grid.js';

/**
 * A table of size * size small values, table[from * size + to] = bitsOf(from, to), each pair asked once.
 * The bits are the system's (e.g. PG3: seen when exposed, seen when concealed, the same at a quarter range).
 */
export function buildSightTable(size: number, bitsOf: (from: Hex, to: Hex) => number): Uint8Array {
  const t = new Uint8Array(size * size);
  for (let from = 0; from < size; from++) {
    for (let to = 0; to < size; to++) t[from * size + to] = bitsOf(from, to);
  }
  return t;
}

/**
 * Whether a marker blocks the line between two hexes: both sides of it (the two sides differ only along a
 * hexspine, where the viewer may choose, PG3 8.31) pass through a hex the predicate marks, the end hexes
 * excluded.
 */
export function lineBlocked(grid: HexGrid, from: Hex, to: Hex, blocks: (h: Hex) => boolean): boolean {
  const [a, b] = grid.linePaths(from, to);
  return sideBlocked(a, blocks) && sideBlocked(b, blocks);
}

function sideBlocked(path: readonly Hex[], blocks: (h: Hex) => boolean): boolean {
  for (let k = 0; k < path.length - 1; k++) if (blocks(path[k]!)) return true;
  return false;
}
