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

/**
 * Map features beyond hex terrain that a system's rules add to the blind-zone rule (all optional):
 * `roadBit`: a hex whose road runs straight through it along a straight line of sight does not block it
 * (GMT Panzer 4.1.4.1.3, 4.1.4.1.7); `hexsides`: hexside obstacles (crests, hedgerows) by feature bit,
 * `height` levels above the higher ground of the two hexes beside them (4.1.4.1.5, 4.1.4.1.10).
 */
export interface BlindZoneFeatures {
  readonly roadBit?: number;
  readonly hexsides?: readonly { readonly bit: number; readonly height: number }[];
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
  private readonly hexsideBits: number;

  constructor(
    private readonly terrain: readonly BlindZoneTerrain[],
    private readonly features: BlindZoneFeatures = {},
  ) {
    this.hexsideBits = (features.hexsides ?? []).reduce((m, x) => m | x.bit, 0);
  }

  /** The straight-line direction from a to b (a row of hexes), or -1 when b is not straight ahead in any direction. */
  private straightDirection(map: GameMap, a: Hex, b: Hex): number {
    const grid = map.grid;
    const n = grid.distance(a, b);
    for (let d = 0; d < 6; d++) {
      let h = a;
      for (let k = 0; k < n && h >= 0; k++) h = grid.neighbour(h, d);
      if (h === b) return d;
    }
    return -1;
  }

  /** Height of the hexside obstacle between hexes p and q (adjacent), or undefined when there is none. */
  private hexsideTop(map: GameMap, p: Hex, q: Hex): number | undefined {
    if (this.hexsideBits === 0 || p < 0 || q < 0) return undefined;
    const d = map.grid.directionTo(p, q);
    if (d < 0) return undefined;
    const bits = map.hexside(p, d) & this.hexsideBits;
    if (bits === 0) return undefined;
    let top: number | undefined;
    for (const x of this.features.hexsides!)
      if (bits & x.bit) top = Math.max(top ?? -99, Math.max(map.elevation[p]!, map.elevation[q]!) + x.height);
    return top;
  }

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
    // 4.1.4.1.3, 4.1.4.1.7: along a straight row of hexes, a road running straight through a hex clears its obstacle.
    const roadBit = this.features.roadBit ?? 0;
    const straight = roadBit === 0 ? -1 : this.straightDirection(map, a, b);
    /** Whether an obstacle `top` high, `beyond` hexes short of the obstacle hex h as seen from the higher end, blocks. */
    const blocks = (top: number, h: Hex, beyond: number): boolean => {
      const verdict = obstacleVerdict(ha, hb, top);
      if (verdict === 'blocked') return true;
      if (verdict === 'clear') return false;
      const zone = blindZoneLength(hi - top, grid.distance(high, h), lo);
      return grid.distance(h, low) + beyond <= zone;
    };
    for (const path of [left, right]) {
      let prev = a;
      for (let k = 0; k < path.length; k++) {
        const h = path[k]!;
        if (h < 0) return false; // the line runs along the board edge
        // A hexside obstacle (crest, hedgerow) between the last hex and this one: its blind zone starts with this hex.
        const side = this.hexsideTop(map, prev, h);
        if (side !== undefined) {
          const far = grid.distance(high, h) >= grid.distance(high, prev) ? h : prev;
          if (blocks(side, far, 1)) return false;
        }
        prev = h;
        if (k === path.length - 1) break;
        // A depression's floor is below the ground around it (4.1.4.1.6): a line along a gully stays inside it.
        const ground = this.unitHeight(map, h);
        if (obstacleVerdict(ha, hb, ground) === 'blocked') return false;
        const top = this.obstacleTop(map, h);
        if (top === undefined) continue;
        if (straight >= 0 && (map.hexside(h, straight) & roadBit) !== 0 && (map.hexside(h, (straight + 3) % 6) & roadBit) !== 0) continue;
        if (blocks(top, h, 0)) return false;
      }
    }
    // 4.1.4.2.6: a line along a hexspine that is a hexside obstacle is blocked by it.
    if (this.hexsideBits !== 0)
      for (let k = 0; k < left.length - 1; k++) {
        const top = left[k] !== right[k] ? this.hexsideTop(map, left[k]!, right[k]!) : undefined;
        if (top !== undefined && blocks(top, left[k]!, 0)) return false;
      }
    return true;
  }
}
