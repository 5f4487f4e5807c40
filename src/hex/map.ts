import { HexGrid, type Hex, type Orientation } from './grid.js';
import type { LosRule } from './los.js';

/** Hexside features are bits; a rules system names them (road, wall, ...). */
export type HexsideBits = number;

/**
 * A map: terrain per hex, ground elevation per hex (in levels), features per hexside, and the line-of-sight
 * rule of its system. Immutable after construction. Lines of sight over the static terrain are answered
 * from a table the rule fills once.
 */
export class GameMap {
  readonly grid: HexGrid;
  /** Index into `terrainIds` per hex. */
  readonly terrain: Uint8Array;
  readonly terrainIds: readonly string[];
  /** Ground level per hex in elevation levels (PG3: one level = 20 m). */
  readonly elevation: Int8Array;
  /** hexsides[h * 6 + d]: feature bits of the side of h facing direction d (kept symmetric). */
  readonly hexsides: Uint8Array;
  readonly los: LosRule;
  private losTable: Uint8Array | undefined;

  constructor(opts: {
    width: number;
    height: number;
    orientation?: Orientation;
    terrainIds: readonly string[];
    terrain: Uint8Array;
    elevation: Int8Array;
    hexsides: Uint8Array;
    los: LosRule;
  }) {
    this.grid = new HexGrid(opts.width, opts.height, opts.orientation);
    this.terrain = opts.terrain;
    this.terrainIds = opts.terrainIds;
    this.elevation = opts.elevation;
    this.hexsides = opts.hexsides;
    this.los = opts.los;
  }

  get size(): number {
    return this.grid.size;
  }

  terrainId(h: Hex): string {
    return this.terrainIds[this.terrain[h]!]!;
  }

  hexside(h: Hex, d: number): HexsideBits {
    return this.hexsides[h * 6 + d]!;
  }

  /** Whether any side of hex h has one of the feature bits (e.g. a road runs through it). */
  anySide(h: Hex, bits: HexsideBits): boolean {
    for (let d = 0; d < 6; d++) if (this.hexsides[h * 6 + d]! & bits) return true;
    return false;
  }

  /** Static line of sight between hexes (no smoke or other markers) by the map's rule, from a table built once. */
  hasLos(a: Hex, b: Hex): boolean {
    let t = this.losTable;
    if (t === undefined) t = this.buildLosTable();
    return t[a * this.grid.size + b] === 1;
  }

  private buildLosTable(): Uint8Array {
    const n = this.grid.size;
    const t = new Uint8Array(n * n);
    for (let a = 0; a < n; a++) {
      t[a * n + a] = 1;
      for (let b = a + 1; b < n; b++) {
        const clear = this.los.sees(this, a, b) ? 1 : 0;
        t[a * n + b] = clear;
        t[b * n + a] = clear;
      }
    }
    this.losTable = t;
    return t;
  }

  /** Forces the precomputed tables to be built now (e.g. before timing, or in a worker at start-up). */
  warm(): void {
    this.grid.distance(0, 0);
    this.hasLos(0, 0);
  }
}
