/**
 * Hex geometry for boards numbered like wargame maps, labels `CCRR` (column then row, 1-based): `0305`.
 * The default layout is PG3's: flat-topped hexes in vertical columns, odd columns (0-based) shifted half
 * a hex down. Other boards use the other three layouts (`Orientation`).
 *
 * Hexes are dense integer indices (row-major: index = row * width + col) so that tables over the map
 * (neighbours, distances, line of sight) are typed arrays, computed once per map. Geometry is done in cube
 * coordinates (x + y + z = 0), where a direction, a distance and a hexside are exact integer arithmetic.
 */

export type Hex = number;

/**
 * How the hexes of a board are laid out:
 *  - `flat-odd` (PG3, Panzer Leader): flat-topped hexes in columns, odd columns (0-based) half a hex lower;
 *  - `flat-even`: the same with even columns lower;
 *  - `pointy-odd` / `pointy-even`: pointy-topped hexes in rows, odd (even) rows half a hex to the right.
 */
export type Orientation = 'flat-odd' | 'flat-even' | 'pointy-odd' | 'pointy-even';

/** Directions of a flat-topped hex: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. The opposite of d is (d + 3) % 6. */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
/** Directions of a pointy-topped hex, in the same clockwise order. */
export const POINTY_DIRECTIONS = ['NE', 'E', 'SE', 'SW', 'W', 'NW'] as const;
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

// Cube offsets (x, z) of directions 0-5, clockwise; y = -x - z. Flat-topped: N first; pointy-topped: NE first.
const FLAT_DIR_X = [0, 1, 1, 0, -1, -1];
const FLAT_DIR_Z = [-1, -1, 0, 1, 1, 0];
const POINTY_DIR_X = [1, 1, 0, -1, -1, 0];
const POINTY_DIR_Z = [-1, 0, 1, 1, 0, -1];

/**
 * Where a hex lies relative to a unit's facing, by the hexside of the unit's hex that the line between
 * the two centres crosses: the facing hexside is the front, the opposite one the rear; between them the
 * front and rear flanks (the two sides of the counter mirror each other). GMT Panzer 6.5.2.2's six hit
 * angles are these four, left and right told apart by `relativeSide`.
 */
export const enum Arc {
  Front = 0,
  FrontFlank = 1,
  RearFlank = 2,
  Rear = 3,
}

/** Bit mask of a set of arcs or hexsides: bit k set = k is in the set. */
export type SideMask = number;

export interface Cube {
  x: number;
  y: number;
  z: number;
}

export class HexGrid {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly orientation: Orientation;
  /** neighbours[h * 6 + d] is the hex in direction d from h, or -1 off the map. */
  readonly neighbours: Int32Array;
  private distanceTable: Uint16Array | undefined;
  /** linePaths answers by a * size + b, for the pairs asked about (fire lines, smoke, crossfire). */
  private readonly lineCache = new Map<number, readonly [readonly Hex[], readonly Hex[]]>();

  private readonly pointy: boolean;
  /** 1 when odd columns (rows) are the shifted ones, 0 when even ones are. */
  private readonly shiftOdd: number;

  constructor(width: number, height: number, orientation: Orientation = 'flat-odd') {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`map size must be positive whole numbers, got ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.size = width * height;
    this.orientation = orientation;
    this.pointy = orientation.startsWith('pointy');
    this.shiftOdd = orientation.endsWith('odd') ? 1 : 0;
    const dirX = this.pointy ? POINTY_DIR_X : FLAT_DIR_X;
    const dirZ = this.pointy ? POINTY_DIR_Z : FLAT_DIR_Z;
    this.neighbours = new Int32Array(this.size * 6).fill(-1);
    for (let h = 0; h < this.size; h++) {
      const c = this.cube(h);
      for (let d = 0; d < 6; d++) {
        const n = this.fromCube(c.x + dirX[d]!, c.z + dirZ[d]!);
        this.neighbours[h * 6 + d] = n;
      }
    }
  }

  col(h: Hex): number {
    return h % this.width;
  }
  row(h: Hex): number {
    return (h / this.width) | 0;
  }
  at(col: number, row: number): Hex {
    return col >= 0 && row >= 0 && col < this.width && row < this.height ? row * this.width + col : -1;
  }
  onMap(h: number): boolean {
    return Number.isInteger(h) && h >= 0 && h < this.size;
  }

  /** Direction names of this layout, by direction index. */
  get directionNames(): readonly string[] {
    return this.pointy ? POINTY_DIRECTIONS : DIRECTIONS;
  }

  cube(h: Hex): Cube {
    const col = this.col(h);
    const row = this.row(h);
    let x: number, z: number;
    if (this.pointy) {
      z = row;
      x = col - (this.shiftOdd ? (row - (row & 1)) >> 1 : (row + (row & 1)) >> 1);
    } else {
      x = col;
      z = row - (this.shiftOdd ? (col - (col & 1)) >> 1 : (col + (col & 1)) >> 1);
    }
    return { x, y: -x - z, z };
  }

  /** The hex at cube (x, z), or -1 off the map. */
  fromCube(x: number, z: number): Hex {
    if (this.pointy) return this.at(x + (this.shiftOdd ? (z - (z & 1)) >> 1 : (z + (z & 1)) >> 1), z);
    return this.at(x, z + (this.shiftOdd ? (x - (x & 1)) >> 1 : (x + (x & 1)) >> 1));
  }

  /** Whether hex column `col` (flat layouts) or row `row` (pointy layouts) is drawn half a hex out of line. */
  shifted(line: number): boolean {
    return (line & 1) === this.shiftOdd;
  }

  neighbour(h: Hex, d: number): Hex {
    return this.neighbours[h * 6 + d]!;
  }

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
      const ax = xs[a]!,
        az = zs[a]!,
        ay = -ax - az;
      for (let b = 0; b < n; b++) {
        const dx = Math.abs(ax - xs[b]!),
          dz = Math.abs(az - zs[b]!),
          dy = Math.abs(ay + xs[b]! + zs[b]!);
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
   * A true rotation in hex space (cube coordinates negated), so neighbours stay neighbours: the first hex
   * goes to the last. On a PG3 map with an odd number of columns every even-column hex has an image; the
   * bottom hex of each odd column, which on a printed board is a half hex, does not.
   */
  rotate180(h: Hex): Hex {
    const c = this.cube(h);
    const last = this.cube(this.size - 1);
    return this.fromCube(last.x - c.x, last.z - c.z);
  }

  // --- Facing -------------------------------------------------------------------------------------

  /**
   * The hexsides of `h` that the straight line from its centre to the centre of `other` crosses: one bit
   * (bit d = direction d), or two adjacent bits when the line runs through a vertex of `h` (along a
   * hexspine), where the rules let a player choose (GMT Panzer 4.4.3.2.4) or count either side. 0 when
   * other is h. The same hexside a line from `other` enters `h` by (SPG flanking by hexside).
   *
   * In cube coordinates the line leaves through the side whose direction vector joins the component where
   * the offset is largest to the one where it is smallest; a tie for largest or smallest is a vertex.
   */
  sidesToward(h: Hex, other: Hex): SideMask {
    if (h === other) return 0;
    const p = this.cube(h),
      q = this.cube(other);
    const v = [q.x - p.x, q.y - p.y, q.z - p.z];
    const hi = Math.max(v[0]!, v[1]!, v[2]!),
      lo = Math.min(v[0]!, v[1]!, v[2]!);
    const sides = this.pointy ? POINTY_SIDE_OF : FLAT_SIDE_OF;
    let mask = 0;
    for (let i = 0; i < 3; i++) {
      if (v[i] !== hi) continue;
      for (let j = 0; j < 3; j++) if (v[j] === lo) mask |= 1 << sides[i * 3 + j]!;
    }
    return mask;
  }

  /** The hexside `side` seen from a unit facing hexside `facing`: 0 front, 1 right front, 2 right rear, 3 rear, 4 left rear, 5 left front. */
  relativeSide(facing: number, side: number): number {
    return (side - facing + 6) % 6;
  }

  /** The arc a hexside falls in for a unit facing hexside `facing` (front, front flank, rear flank, rear). */
  arcOfSide(facing: number, side: number): Arc {
    const r = this.relativeSide(facing, side);
    return (r <= 3 ? r : 6 - r) as Arc;
  }

  /**
   * The arcs (bit mask over Arc) in which `other` lies for a unit in `h` facing hexside `facing`: one bit,
   * or two when the line between the centres runs along the hexspine between two arcs (the owner's choice
   * in GMT Panzer 4.4.3.2.4). 0 when other is h.
   */
  arcsOf(h: Hex, facing: number, other: Hex): SideMask {
    const sides = this.sidesToward(h, other);
    let arcs = 0;
    for (let d = 0; d < 6; d++) if (sides & (1 << d)) arcs |= 1 << this.arcOfSide(facing, d);
    return arcs;
  }

  /**
   * Whether `other` is inside the 60-degree cone a unit in `h` covers through hexside `facing` (GMT Panzer
   * 4.4.3.1.4 front field of fire; a hex the cone's edge bisects counts as inside). The rear cone is the
   * one through (facing + 3) % 6.
   */
  inCone(h: Hex, facing: number, other: Hex): boolean {
    return (this.sidesToward(h, other) & (1 << facing)) !== 0;
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
    let rx = Math.round(fx),
      ry = Math.round(fy),
      rz = Math.round(fz);
    const dx = Math.abs(rx - fx),
      dy = Math.abs(ry - fy),
      dz = Math.abs(rz - fz);
    if (dx > dy && dx > dz) rx = -ry - rz;
    else if (dy > dz) ry = -rx - rz;
    else rz = -rx - ry;
    void ry;
    return this.fromCube(rx, rz);
  }
}

// The direction whose cube vector is +1 in component i and -1 in component j (components x, y, z), by i * 3 + j.
const FLAT_SIDE_OF = sideTable(FLAT_DIR_X, FLAT_DIR_Z);
const POINTY_SIDE_OF = sideTable(POINTY_DIR_X, POINTY_DIR_Z);

function sideTable(dx: readonly number[], dz: readonly number[]): Int8Array {
  const t = new Int8Array(9).fill(-1);
  for (let d = 0; d < 6; d++) {
    const v = [dx[d]!, -dx[d]! - dz[d]!, dz[d]!];
    t[v.indexOf(1) * 3 + v.indexOf(-1)] = d;
  }
  return t;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
