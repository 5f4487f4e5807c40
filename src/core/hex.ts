/**
 * Hex geometry for boards numbered like wargame maps: flat-topped hexes in vertical columns,
 * odd columns (0-based) shifted half a hex down, labels `CCRR` (column then row, 1-based): `0305`.
 *
 * Hexes are dense integer indices (row-major: index = row * width + col) so that tables over the map
 * (neighbours, distances, line of sight) are typed arrays, computed once per map.
 */

export type Hex = number;

/** Directions of a flat-topped hex: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. The opposite of d is (d + 3) % 6. */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

// Cube offsets (x, z) for each direction; y = -x - z.
const CUBE_DIR_X = [0, 1, 1, 0, -1, -1];
const CUBE_DIR_Z = [-1, -1, 0, 1, 1, 0];

export interface Cube { x: number; y: number; z: number }

export class HexGrid {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** neighbours[h * 6 + d] is the hex in direction d from h, or -1 off the map. */
  readonly neighbours: Int32Array;
  private distanceTable: Uint16Array | undefined;
  /** linePaths answers by a * size + b, for the pairs asked about (fire lines, smoke, crossfire). */
  private readonly lineCache = new Map<number, readonly [readonly Hex[], readonly Hex[]]>();

  constructor(width: number, height: number) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`map size must be positive whole numbers, got ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.size = width * height;
    this.neighbours = new Int32Array(this.size * 6).fill(-1);
    for (let h = 0; h < this.size; h++) {
      const c = this.cube(h);
      for (let d = 0; d < 6; d++) {
        const n = this.fromCube(c.x + CUBE_DIR_X[d]!, c.z + CUBE_DIR_Z[d]!);
        this.neighbours[h * 6 + d] = n;
      }
    }
  }

  col(h: Hex): number { return h % this.width; }
  row(h: Hex): number { return (h / this.width) | 0; }
  at(col: number, row: number): Hex {
    return col >= 0 && row >= 0 && col < this.width && row < this.height ? row * this.width + col : -1;
  }
  onMap(h: number): boolean { return Number.isInteger(h) && h >= 0 && h < this.size; }

  cube(h: Hex): Cube {
    const col = this.col(h);
    const row = this.row(h);
    const x = col;
    const z = row - ((col - (col & 1)) >> 1);
    return { x, y: -x - z, z };
  }

  /** The hex at cube (x, z), or -1 off the map. */
  fromCube(x: number, z: number): Hex {
    const col = x;
    const row = z + ((x - (x & 1)) >> 1);
    return this.at(col, row);
  }

  neighbour(h: Hex, d: number): Hex { return this.neighbours[h * 6 + d]!; }

  /** The direction from a to its neighbour b, or -1 if they are not adjacent. */
  directionTo(a: Hex, b: Hex): number {
    for (let d = 0; d < 6; d++) if (this.neighbours[a * 6 + d] === b) return d;
    return -1;
  }

  /** Hex distance computed from coordinates (no table). */
  computeDistance(a: Hex, b: Hex): number {
    const p = this.cube(a);
    const q = this.cube(b);
    return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z));
  }

  /** Hex distance from a precomputed table (built on first use; size^2 16-bit entries). */
  distance(a: Hex, b: Hex): number {
    let t = this.distanceTable;
    if (t === undefined) t = this.buildDistanceTable();
    return t[a * this.size + b]!;
  }

  private buildDistanceTable(): Uint16Array {
    const n = this.size;
    const t = new Uint16Array(n * n);
    const xs = new Int32Array(n);
    const zs = new Int32Array(n);
    for (let h = 0; h < n; h++) {
      const c = this.cube(h);
      xs[h] = c.x;
      zs[h] = c.z;
    }
    for (let a = 0; a < n; a++) {
      const ax = xs[a]!, az = zs[a]!, ay = -ax - az;
      for (let b = 0; b < n; b++) {
        const dx = Math.abs(ax - xs[b]!), dz = Math.abs(az - zs[b]!), dy = Math.abs(ay + xs[b]! + zs[b]!);
        t[a * n + b] = dx > dz ? (dx > dy ? dx : dy) : dz > dy ? dz : dy;
      }
    }
    this.distanceTable = t;
    return t;
  }

  /** Hexes within `radius` of h (h included). */
  within(h: Hex, radius: number): Hex[] {
    const out: Hex[] = [];
    const c = this.cube(h);
    for (let dx = -radius; dx <= radius; dx++) {
      for (let dz = Math.max(-radius, -dx - radius); dz <= Math.min(radius, -dx + radius); dz++) {
        const n = this.fromCube(c.x + dx, c.z + dz);
        if (n >= 0) out.push(n);
      }
    }
    return out;
  }

  /** Board label `CCRR`, 1-based: hex (col 2, row 4) is `0305`. */
  label(h: Hex): string {
    return pad2(this.col(h) + 1) + pad2(this.row(h) + 1);
  }

  /** Parses `CCRR` (or `CCCRRR` on maps of 100+ columns/rows); returns -1 if malformed or off the map. */
  parseLabel(label: string): Hex {
    const s = label.trim();
    if (!/^\d{4}$|^\d{6}$/.test(s)) return -1;
    const half = s.length / 2;
    const col = Number(s.slice(0, half)) - 1;
    const row = Number(s.slice(half)) - 1;
    return this.at(col, row);
  }

  /**
   * The hex rotated 180 degrees about the map's centre, or -1 where the image falls off the board.
   * A true rotation in hex space (cube coordinates negated), so neighbours stay neighbours. On a map with
   * an odd number of columns every even-column hex has an image; the bottom hex of each odd column,
   * which on a printed board is a half hex, does not.
   */
  rotate180(h: Hex): Hex {
    const c = this.cube(h);
    const k = this.height - 1 - ((this.width - 1) >> 1);
    return this.fromCube(this.width - 1 - c.x, k - c.z);
  }

  /**
   * computeLinePaths(a, b), remembered: fire lines and smoke are checked for the same pairs again and
   * again during play (a rules engine asks thousands of times a game), and the answer is fixed by the map.
   * The arrays are shared: do not modify them.
   */
  linePaths(a: Hex, b: Hex): readonly [readonly Hex[], readonly Hex[]] {
    const key = a * this.size + b;
    let paths = this.lineCache.get(key);
    if (paths === undefined) {
      paths = this.computeLinePaths(a, b);
      this.lineCache.set(key, paths);
    }
    return paths;
  }

  /**
   * The hexes a straight line between hex centres passes through, a excluded, b included.
   * Returns two paths: the line nudged to one side and to the other. They differ only where the line
   * runs along a hexspine, where the rules let the spotter choose a side (PG3 8.31).
   */
  computeLinePaths(a: Hex, b: Hex): [Hex[], Hex[]] {
    const p = this.cube(a);
    const q = this.cube(b);
    const n = this.computeDistance(a, b);
    const left: Hex[] = [];
    const right: Hex[] = [];
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      left.push(this.roundCube(lerp(p.x, q.x, t) + 1e-6, lerp(p.z, q.z, t) + 2e-6));
      right.push(this.roundCube(lerp(p.x, q.x, t) - 1e-6, lerp(p.z, q.z, t) - 2e-6));
    }
    return [left, right];
  }

  private roundCube(fx: number, fz: number): Hex {
    const fy = -fx - fz;
    let rx = Math.round(fx), ry = Math.round(fy), rz = Math.round(fz);
    const dx = Math.abs(rx - fx), dy = Math.abs(ry - fy), dz = Math.abs(rz - fz);
    if (dx > dy && dx > dz) rx = -ry - rz;
    else if (dy > dz) ry = -rx - rz;
    else rz = -rx - ry;
    void ry;
    return this.fromCube(rx, rz);
  }
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
