/**
 * Line-of-sight rules. A map is built with one (`GameMap` asks it once per pair of hexes for its static
 * table); the systems differ here: the Panzer Grenadier family reads heights and obstacles from the hex
 * centres' line and lets the spotter pick a side of a hexspine, Panzer Leader has slope hexsides, GMT
 * Panzer blind hexes behind crests.
 */
import type { Hex } from './grid.js';
import type { GameMap } from './map.js';

export interface LosRule {
  /** Short name, for messages and tests. */
  readonly name: string;
  /**
   * Whether a viewer in hex a sees hex b over the map's terrain and ground (markers and units aside), for
   * a != b. Must be symmetric: the map asks once per pair and answers both ways from it.
   */
  sees(map: GameMap, a: Hex, b: Hex): boolean;
}

/** Nothing ever blocks: a board of open ground (tests, and systems whose maps are all clear). */
export const openGroundLos: LosRule = {
  name: 'open ground',
  sees: () => true,
};

/**
 * What the Panzer Grenadier line-of-sight rule needs to know about a terrain type (the chart pack has
 * these fields among its own).
 */
export interface TerrainLosProperties {
  /** Height of the terrain feature above the ground, in elevation levels (woods and towns: 1). 0 = no obstacle. */
  readonly obstacleHeight: number;
  /** Blocks line of sight at its own height (woods, towns: yes; clear, swamp: no). */
  readonly blocksLos: boolean;
  /** A viewer standing in it is raised by this many levels for seeing (towns: 1; woods: 0). */
  readonly viewerBonus: number;
}

/**
 * The Panzer Grenadier family's line of sight (PG3 8.3, 8.4; SPG and IA2 read it the same way), between
 * hex centres, from terrain per hex and ground levels:
 *  - an obstacle (woods, town) in an intermediate hex blocks unless the higher end is strictly above its top;
 *  - bare ground blocks if it is higher than both ends, or if two or more intermediate hexes stand at the
 *    height of the higher end while the other end is lower (a plateau edge);
 *  - along a hexspine the spotter may choose either side (8.31): LOS exists if either side is clear.
 */
export class PgLos implements LosRule {
  readonly name = 'panzer grenadier';

  /** @param terrain LOS properties per terrain index of the map. */
  constructor(private readonly terrain: readonly TerrainLosProperties[]) {}

  /** Height of a viewer's eye in hex h, in levels (ground plus e.g. a town's 20 m, PG3 8.42). */
  viewerHeight(map: GameMap, h: Hex): number {
    return map.elevation[h]! + this.terrain[map.terrain[h]!]!.viewerBonus;
  }

  /** Top of whatever stands in hex h, in levels: ground plus an obstacle's height if it has one. */
  obstacleTop(map: GameMap, h: Hex): number {
    const p = this.terrain[map.terrain[h]!]!;
    return map.elevation[h]! + (p.blocksLos ? Math.max(1, p.obstacleHeight) : 0);
  }

  sees(map: GameMap, a: Hex, b: Hex): boolean {
    const [left, right] = map.grid.computeLinePaths(a, b); // every pair once: not worth remembering
    // Symmetric by construction: the same two sides are tried from either end.
    return this.pathClear(map, a, left) || this.pathClear(map, a, right);
  }

  /** Whether one side of the line is clear given the intermediate hexes (the path ends at the target). */
  pathClear(map: GameMap, a: Hex, path: readonly Hex[]): boolean {
    const b = path[path.length - 1]!;
    const ha = this.viewerHeight(map, a);
    const hb = this.viewerHeight(map, b);
    const high = ha > hb ? ha : hb;
    const low = ha > hb ? hb : ha;
    let plateau = 0;
    for (let i = 0; i < path.length - 1; i++) {
      const h = path[i]!;
      if (h < 0) return false; // this side of a hexspine runs off the board edge
      const ground = map.elevation[h]!;
      if (ground > high) return false;
      if (this.terrain[map.terrain[h]!]!.blocksLos && this.obstacleTop(map, h) >= high) return false;
      if (ground === high && low < high) plateau++;
    }
    return plateau < 2;
  }
}
