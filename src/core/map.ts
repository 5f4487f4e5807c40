import { HexGrid, type Hex } from './hex.js';

/**
 * What the core needs to know about a terrain type. Rules systems extend this with their own fields
 * (movement costs, combat shifts) in their chart packs; the core only reads line-of-sight properties.
 */
export interface TerrainLosProperties {
  /** Height of the terrain feature above the ground, in elevation levels (woods and towns: 1). 0 = no obstacle. */
  readonly obstacleHeight: number;
  /** Blocks line of sight at its own height (woods, towns: yes; clear, swamp: no). */
  readonly blocksLos: boolean;
  /** A viewer standing in it is raised by this many levels for seeing (towns: 1; woods: 0). */
  readonly viewerBonus: number;
}

/** Hexside features are bits; a rules system names them (road, wall, ...). */
export type HexsideBits = number;

/**
 * A map: terrain per hex, ground elevation per hex (in levels), features per hexside.
 * Immutable after construction. Lines of sight are precomputed for the static terrain.
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
  private readonly losProps: readonly TerrainLosProperties[];
  private losTable: Uint8Array | undefined;

  constructor(opts: {
    width: number;
    height: number;
    terrainIds: readonly string[];
    terrain: Uint8Array;
    elevation: Int8Array;
    hexsides: Uint8Array;
    losProperties: readonly TerrainLosProperties[];
  }) {
    this.grid = new HexGrid(opts.width, opts.height);
    this.terrain = opts.terrain;
    this.terrainIds = opts.terrainIds;
    this.elevation = opts.elevation;
    this.hexsides = opts.hexsides;
    this.losProps = opts.losProperties;
  }

  get size(): number { return this.grid.size; }

  terrainId(h: Hex): string { return this.terrainIds[this.terrain[h]!]!; }

  hexside(h: Hex, d: number): HexsideBits { return this.hexsides[h * 6 + d]!; }

  /** Height of a viewer's eye in hex h, in levels (ground plus e.g. a town's 20 m, PG3 8.42). */
  viewerHeight(h: Hex): number {
    return this.elevation[h]! + this.losProps[this.terrain[h]!]!.viewerBonus;
  }

  /** Top of whatever stands in hex h, in levels: ground plus an obstacle's height if it has one. */
  obstacleTop(h: Hex): number {
    const p = this.losProps[this.terrain[h]!]!;
    return this.elevation[h]! + (p.blocksLos ? Math.max(1, p.obstacleHeight) : 0);
  }

  /**
   * Static line of sight between hex centres (no smoke or other markers), from a table built once.
   * The rule it encodes (PG3 8.3, 8.4, a reading shared by the other systems' simple LOS rules):
   *  - an obstacle (woods, town) in an intermediate hex blocks unless the higher end is strictly above its top;
   *  - bare ground blocks if it is higher than both ends, or if two or more intermediate hexes stand at the
   *    height of the higher end while the other end is lower (a plateau edge);
   *  - along a hexspine the spotter may choose either side (8.31): LOS exists if either side is clear.
   */
  hasLos(a: Hex, b: Hex): boolean {
    let t = this.losTable;
    if (t === undefined) t = this.buildLosTable();
    return t[a * this.grid.size + b] === 1;
  }

  /** Whether one side of the line is clear given the intermediate hexes. Exposed for dynamic blockers (smoke). */
  pathClear(a: Hex, path: readonly Hex[]): boolean {
    const b = path[path.length - 1]!;
    const ha = this.viewerHeight(a);
    const hb = this.viewerHeight(b);
    const high = ha > hb ? ha : hb;
    const low = ha > hb ? hb : ha;
    let plateau = 0;
    for (let i = 0; i < path.length - 1; i++) {
      const h = path[i]!;
      if (h < 0) return false; // this side of a hexspine runs off the board edge
      const ground = this.elevation[h]!;
      if (ground > high) return false;
      if (this.losProps[this.terrain[h]!]!.blocksLos && this.obstacleTop(h) >= high) return false;
      if (ground === high && low < high) plateau++;
    }
    return plateau < 2;
  }

  private buildLosTable(): Uint8Array {
    const n = this.grid.size;
    const t = new Uint8Array(n * n);
    for (let a = 0; a < n; a++) {
      t[a * n + a] = 1;
      for (let b = a + 1; b < n; b++) {
        const [left, right] = this.grid.computeLinePaths(a, b); // every pair once: not worth remembering
        // Symmetric by construction: the same two sides are tried from either end.
        const clear = this.pathClear(a, left) || this.pathClear(a, right) ? 1 : 0;
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
