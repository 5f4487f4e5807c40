/**
 * The obstacle-height line-of-sight rule with blind zones (GMT Panzer 4.1.4.2): the highest obstacle
 * between two hex centres is compared with the heights of the two ends. An obstacle above both, or level
 * with one and above the other, blocks; one at or below both does not; one between the two heights leaves
 * a blind zone behind it, seen from the higher end, whose length shrinks as the higher end rises above the
 * obstacle. A line that touches a hex at all counts it (a line along a hexspine counts both hexes beside it,
 * 4.1.4.2.6). Ground that only rises and falls (no terrain obstacle on it) blocks when it stands above both
 * ends or level with the higher, never casts a blind zone (continuous slopes, 4.1.4.1.5.1).
 */
import type { Hex } from './grid.js';
import type { LosRule } from './los.js';
import type { GameMap } from './map.js';

/** What the blind-zone rule needs of a terrain type. */
export interface BlindZoneTerrain {
  /**
   * Height of the terrain above the ground, in levels: woods 3, a one-storey building 1, open ground 0; a
   * depression (gully, stream) is -1, which lowers a unit standing in it and never blocks.
   */
  readonly height: number;
}

/** How a line between two unit heights fares against its highest obstacle (4.1.4.2.1-4.1.4.2.4). */
export type ObstacleVerdict = 'clear' | 'blocked' | 'blind-zone';

/** 4.1.4.2.1-4.1.4.2.4: compare obstacle height `o` with the two ends' heights. */
export function obstacleVerdict(hA: number, hB: number, o: number): ObstacleVerdict {
  const lo = Math.min(hA, hB);
  const hi = Math.max(hA, hB);
  if (o <= lo) return 'clear';
  if (o >= hi) return 'blocked';
  return 'blind-zone';
}

/**
 * Length in hexes of the blind zone behind an obstacle (4.1.4.2.4, 4.1.4.2.4.1): `delta` levels below the
 * higher unit, `distance` hexes from it (the obstacle hex counted, the unit's own not), the lower unit at
 * height `lowerHeight`. The divisor is 2, 4, 8 for delta 1, 2, 3 (4 or more: a zone of 1 hex), plus the
 * lower unit's height when above 0, less one when it is below 0 (never under 2); at least 1 hex.
 */
export function blindZoneLength(delta: number, distance: number, lowerHeight: number): number {
  if (delta >= 4) return 1;
  let divisor = delta <= 1 ? 2 : delta === 2 ? 4 : 8;
  if (lowerHeight > 0) divisor += lowerHeight;
  else if (lowerHeight < 0) divisor = Math.max(2, divisor - 1);
  return Math.max(1, Math.floor(distance / divisor));
}

export class BlindZoneLos implements LosRule {
  readonly name = 'blind zones';

  /** @param terrain blind-zone properties per terrain index of the map */
  constructor(private readonly terrain: readonly BlindZoneTerrain[]) {}

  /** Height of a unit standing in hex h: its ground, lowered by a depression (4.1.4.1.6). */
  unitHeight(map: GameMap, h: Hex): number {
    const t = this.terrain[map.terrain[h]!]!.height;
    return map.elevation[h]! + (t < 0 ? t : 0);
  }

  /** Top of the terrain obstacle in hex h (ground plus the terrain's height), or undefined when it has none. */
  obstacleTop(map: GameMap, h: Hex): number | undefined {
    const t = this.terrain[map.terrain[h]!]!.height;
    return t > 0 ? map.elevation[h]! + t : undefined;
  }

  sees(map: GameMap, a: Hex, b: Hex): boolean {
    const grid = map.grid;
    const ha = this.unitHeight(map, a);
    const hb = this.unitHeight(map, b);
    const lo = Math.min(ha, hb);
    const hi = Math.max(ha, hb);
    // The higher end and the lower (for the zone's length and where it lies).
    const high = ha >= hb ? a : b;
    const low = high === a ? b : a;
    const [left, right] = grid.linePaths(a, b);
    for (const path of [left, right]) {
      for (let k = 0; k < path.length - 1; k++) {
        const h = path[k]!;
        if (h < 0) return false; // the line runs along the board edge
        const ground = map.elevation[h]!;
        if (obstacleVerdict(ha, hb, ground) === 'blocked') return false;
        const top = this.obstacleTop(map, h);
        if (top === undefined) continue;
        const verdict = obstacleVerdict(ha, hb, top);
        if (verdict === 'blocked') return false;
        if (verdict === 'blind-zone') {
          const zone = blindZoneLength(hi - top, grid.distance(high, h), lo);
          if (grid.distance(h, low) <= zone) return false;
        }
      }
    }
    return true;
  }
}
