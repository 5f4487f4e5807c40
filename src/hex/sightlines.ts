/**
 * Straight lines between hex centres for a whole board at once, for rules that ask about every pair of
 * hexes (a sight table over the static map). A line's hexes depend only on the offset between its ends
 * (and, on these boards, the parity of the first hex's column or row), so each offset's line is drawn
 * once, as HexGrid.computeLinePaths draws it, and kept as index steps on the board padded with a margin
 * of off-board hexes: walking a line is then reading a few arrays, with no arithmetic and no bounds test.
 */
import { HexGrid, type Hex, type Orientation } from './grid.js';

/** Off-board hexes kept around the board: a line between two board hexes leaves it by at most one. */
const MARGIN = 2;

export class LineIndex {
  readonly width: number;
  readonly height: number;
  /** The board with MARGIN hexes on every side (an even margin keeps every column's and row's parity). */
  readonly padded: HexGrid;
  private readonly pointy: boolean;
  private readonly shiftOdd: number;
  /** Keys per parity: one per (column offset, row offset) between two board hexes. */
  private readonly perParity: number;
  /** Per key: where the first (left) and second (right) side's steps start in `steps`, and how many. */
  private readonly leftAt: Int32Array;
  private readonly rightAt: Int32Array;
  private readonly count: Int32Array;
  /** Padded index of each intermediate hex minus the padded index of the line's first hex. */
  private steps: Int32Array;

  constructor(width: number, height: number, orientation: Orientation = 'flat-odd') {
    this.width = width;
    this.height = height;
    this.padded = new HexGrid(width + 2 * MARGIN, height + 2 * MARGIN, orientation);
    this.pointy = orientation.startsWith('pointy');
    this.shiftOdd = orientation.endsWith('odd') ? 1 : 0;
    this.perParity = (2 * width - 1) * (2 * height - 1);
    this.leftAt = new Int32Array(2 * this.perParity);
    this.rightAt = new Int32Array(2 * this.perParity);
    this.count = new Int32Array(2 * this.perParity);
    this.steps = new Int32Array(1 << 16);
    let used = 0;
    const pw = this.padded.width;
    const left: number[] = [];
    const right: number[] = [];
    for (let parity = 0; parity < 2; parity++) {
      // A virtual first hex with this parity; the line is the same from any other (integer translation).
      const col0 = this.pointy ? 0 : parity;
      const row0 = this.pointy ? parity : 0;
      const [px, pz] = this.cubeOf(col0, row0);
      for (let dr = 1 - height; dr < height; dr++) {
        for (let dc = 1 - width; dc < width; dc++) {
          const key = parity * this.perParity + (dr + height - 1) * (2 * width - 1) + (dc + width - 1);
          const [qx, qz] = this.cubeOf(col0 + dc, row0 + dr);
          const n = Math.max(Math.abs(qx - px), Math.abs(qz - pz), Math.abs(qx + qz - px - pz));
          left.length = 0;
          right.length = 0;
          let same = true;
          // HexGrid.computeLinePaths' arithmetic, step for step (the last step, the far hex, is left out).
          for (let i = 1; i < n; i++) {
            const t = i / n;
            const fx = px + (qx - px) * t;
            const fz = pz + (qz - pz) * t;
            roundCube(fx + 1e-6, fz + 2e-6);
            const l = this.stepOf(rounded.x, rounded.z, col0, row0, pw);
            roundCube(fx - 1e-6, fz - 2e-6);
            const r = this.stepOf(rounded.x, rounded.z, col0, row0, pw);
            left.push(l);
            right.push(r);
            if (l !== r) same = false;
          }
          const need = used + (same ? 1 : 2) * left.length;
          if (need > this.steps.length) {
            const grown = new Int32Array(Math.max(need, this.steps.length * 2));
            grown.set(this.steps.subarray(0, used));
            this.steps = grown;
          }
          this.leftAt[key] = used;
          this.steps.set(left, used);
          used += left.length;
          if (same) this.rightAt[key] = this.leftAt[key]!;
          else {
            this.rightAt[key] = used;
            this.steps.set(right, used);
            used += right.length;
          }
          this.count[key] = left.length;
        }
      }
    }
    this.steps = this.steps.slice(0, used);
  }

  /** The padded index of board hex h. */
  pad(h: Hex): number {
    const col = h % this.width;
    const row = (h / this.width) | 0;
    return (row + MARGIN) * this.padded.width + col + MARGIN;
  }

  /** The key of the line from board hex a to board hex b (for `sideStart`, `sidesDiffer`, `length`). */
  key(a: Hex, b: Hex): number {
    const w = this.width;
    const ca = a % w,
      ra = (a / w) | 0;
    const dc = (b % w) - ca,
      dr = ((b / w) | 0) - ra;
    const parity = (this.pointy ? ra : ca) & 1;
    return parity * this.perParity + (dr + this.height - 1) * (2 * w - 1) + (dc + w - 1);
  }

  /** The intermediate hexes of a line (its ends excluded). */
  length(key: number): number {
    return this.count[key]!;
  }
  /** Where side 0 (left) or 1 (right) of a line starts in `stepTable`. */
  sideStart(key: number, side: 0 | 1): number {
    return side === 0 ? this.leftAt[key]! : this.rightAt[key]!;
  }
  /** Whether the two sides of a line differ (it runs along a hexspine somewhere). */
  sidesDiffer(key: number): boolean {
    return this.leftAt[key] !== this.rightAt[key];
  }
  /** Steps of every line: padded index of an intermediate hex minus the padded index of the line's first hex. */
  get stepTable(): Int32Array {
    return this.steps;
  }

  /** Cube (x, z) of a (possibly off-board) column and row: HexGrid.cube's formula. */
  private cubeOf(col: number, row: number): [number, number] {
    if (this.pointy) return [col - (this.shiftOdd ? (row - (row & 1)) >> 1 : (row + (row & 1)) >> 1), row];
    return [col, row - (this.shiftOdd ? (col - (col & 1)) >> 1 : (col + (col & 1)) >> 1)];
  }

  /** The padded-index step from (col0, row0) to the hex at cube (x, z): HexGrid.fromCube's formula. */
  private stepOf(x: number, z: number, col0: number, row0: number, pw: number): number {
    const col = this.pointy ? x + (this.shiftOdd ? (z - (z & 1)) >> 1 : (z + (z & 1)) >> 1) : x;
    const row = this.pointy ? z : z + (this.shiftOdd ? (x - (x & 1)) >> 1 : (x + (x & 1)) >> 1);
    return (row - row0) * pw + (col - col0);
  }
}

/** roundCube's answer (kept in one place: the index is built from millions of them). */
const rounded = { x: 0, z: 0 };

/** HexGrid's rounding of fractional cube coordinates to a hex, as cube (x, z), into `rounded`. */
function roundCube(fx: number, fz: number): void {
  const fy = -fx - fz;
  let rx = Math.round(fx);
  const ry = Math.round(fy);
  let rz = Math.round(fz);
  const dx = Math.abs(rx - fx),
    dy = Math.abs(ry - fy),
    dz = Math.abs(rz - fz);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dy <= dz) rz = -rx - ry;
  rounded.x = rx;
  rounded.z = rz;
}

/**
 * For each padded hex, its distance (at most 255) to the nearest hex the predicate marks (0 for those):
 * a walk along a line can skip that many hexes minus one, since a line moves one hex a step.
 */
export function distanceToMarked(padded: HexGrid, marked: (p: number) => boolean): Uint8Array {
  const n = padded.size;
  const dist = new Uint8Array(n).fill(255);
  const queue = new Int32Array(n);
  let head = 0,
    tail = 0;
  for (let p = 0; p < n; p++) {
    if (marked(p)) {
      dist[p] = 0;
      queue[tail++] = p;
    }
  }
  while (head < tail) {
    const p = queue[head++]!;
    const d = dist[p]! + 1;
    if (d >= 255) continue;
    for (let k = 0; k < 6; k++) {
      const q = padded.neighbours[p * 6 + k]!;
      if (q >= 0 && dist[q]! > d) {
        dist[q] = d;
        queue[tail++] = q;
      }
    }
  }
  return dist;
}
