import { HexGrid, type Hex, type Orientation } from './grid.js';
import { LOS_BLOCKED, LOS_CLEAR, LOS_UNKNOWN, type LosRule } from './los.js';

/** Hexside features are bits; a rules system names them (road, wall, ...). */
export type HexsideBits = number;

/**
 * A map: terrain per hex, ground elevation per hex (in levels), features per hexside, and the line-of-sight
 * rule of its system. Immutable after construction (lines of sight over the static terrain are remembered
 * as they are first asked, which changes no answer).
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
  /** losKnown[a * size + b]: LOS_UNKNOWN until the pair is first asked, then LOS_CLEAR or LOS_BLOCKED. */
  private readonly losKnown: Uint8Array;
  /** losRowDone[a] = 1 once row a of losKnown is complete (rules with `seesFrom`). */
  private readonly losRowDone: Uint8Array;

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
    // Zero-filled memory is only backed by the system as it is written, so a 99x99 map costs little here.
    this.losKnown = new Uint8Array(this.grid.size * this.grid.size);
    this.losRowDone = new Uint8Array(this.grid.size);
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

  /**
   * Static line of sight between hexes (no smoke or other markers) by the map's rule, remembered from the
   * first time it is asked: a pair at a time, both ways, or (a rule with `seesFrom`) a row at a time, the
   * pairs known from the other end copied in. A big map's table is never filled for hexes no one asks
   * about, and loading pays nothing for it.
   */
  hasLos(a: Hex, b: Hex): boolean {
    const known = this.losKnown[a * this.grid.size + b]!;
    if (known !== LOS_UNKNOWN) return known === LOS_CLEAR;
    return this.learnLos(a, b);
  }

  private learnLos(a: Hex, b: Hex): boolean {
    const n = this.grid.size;
    const t = this.losKnown;
    if (this.los.seesFrom === undefined) {
      const v = a === b || this.los.sees(this, a, b) ? LOS_CLEAR : LOS_BLOCKED;
      t[a * n + b] = v;
      t[b * n + a] = v;
      return v === LOS_CLEAR;
    }
    const row = t.subarray(a * n, a * n + n);
    const done = this.losRowDone;
    for (let x = 0; x < n; x++) if (done[x] === 1) row[x] = t[x * n + a]!;
    row[a] = LOS_CLEAR;
    this.los.seesFrom(this, a, row);
    done[a] = 1;
    return row[b] === LOS_CLEAR;
  }

  /** Forces the precomputed distance table to be built now (e.g. before timing, or in a worker at start-up). */
  warm(): void {
    this.grid.distance(0, 0);
    this.hasLos(0, 0);
  }
}
