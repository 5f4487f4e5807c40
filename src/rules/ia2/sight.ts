/**
 * IA2's line of sight (7.5-7.56), the map's LosRule. It differs from the Panzer Grenadier family's reading in
 * what stands at the height of the higher end (7.52): a hex of ground at that height, or an obstacle (woods,
 * town: 20 m above its ground, 7.42) whose top is at that height, blocks only when it is nearer the lower
 * end than the higher one (not equidistant); nearer the higher end, or halfway, it does not. Ground above the
 * higher end, or an obstacle topping it, always blocks. Between two ends on one level (7.51) any obstacle
 * reaching their height blocks and higher ground blocks. Along a hexspine either side will do (7.56); units
 * never block (7.54). Every elevated hex counts as a slope hex at its full height (7.41, ruling IA2-R102).
 */
import type { Hex } from '../../hex/grid.js';
import type { LosRule, TerrainLosProperties } from '../../hex/los.js';
import type { GameMap } from '../../hex/map.js';

export class Ia2Los implements LosRule {
  readonly name = 'infantry attacks';

  /** @param terrain LOS properties per terrain index of the map (obstacle height, blocking, a town's raised eye). */
  constructor(private readonly terrain: readonly TerrainLosProperties[]) {}

  /** Eye height in hex h, in levels: its ground plus a town's 20 m (7.44). */
  private eye(map: GameMap, h: Hex): number {
    return map.elevation[h]! + this.terrain[map.terrain[h]!]!.viewerBonus;
  }

  sees(map: GameMap, a: Hex, b: Hex): boolean {
    const [left, right] = map.grid.computeLinePaths(a, b);
    return this.sideClear(map, a, b, left) || this.sideClear(map, a, b, right);
  }

  /**
   * Line of sight with Smoke hexes added (15.12): unlimited height, so an intervening Smoke hex blocks a side
   * of the line at any elevation; the line is clear when one side (7.56) is clear of both terrain and smoke.
   */
  seesPastSmoke(map: GameMap, a: Hex, b: Hex, smoky: (h: Hex) => boolean): boolean {
    for (const path of map.grid.linePaths(a, b)) {
      let clear = true;
      for (let i = 0; i < path.length - 1 && clear; i++) if (path[i]! >= 0 && smoky(path[i]!)) clear = false;
      if (clear && this.sideClear(map, a, b, path)) return true;
    }
    return false;
  }

  /** Whether one side of the line (the hexes it passes, b last) is clear. */
  private sideClear(map: GameMap, a: Hex, b: Hex, path: readonly Hex[]): boolean {
    const grid = map.grid;
    const ea = this.eye(map, a);
    const eb = this.eye(map, b);
    const high = Math.max(ea, eb);
    const lowEnd = ea < eb ? a : eb < ea ? b : -1;
    const highEnd = lowEnd === a ? b : a;
    for (let i = 0; i < path.length - 1; i++) {
      const h = path[i]!;
      // This side of a hexspine runs off the board.
      if (h < 0) return false;
      const p = this.terrain[map.terrain[h]!]!;
      const ground = map.elevation[h]!;
      const top = p.blocksLos ? ground + Math.max(1, p.obstacleHeight) : ground;
      if (top > high) return false;
      if (lowEnd < 0) {
        // 7.51: an obstacle reaching the common height blocks; level ground does not.
        if (p.blocksLos && top >= high) return false;
        continue;
      }
      // 7.52: at the higher end's height, only nearer the lower end (not equidistant).
      if (top === high && grid.distance(h, lowEnd) < grid.distance(h, highEnd)) return false;
    }
    return true;
  }
}

/** Whether a hex holds a Smoke marker (State.smoke: [hex, owner] pairs). */
export function smokeIn(smoke: readonly number[], h: Hex): boolean {
  for (let k = 0; k < smoke.length; k += 2) if (smoke[k] === h) return true;
  return false;
}

/**
 * Line of sight in play (7.5, 15.12): the map's, remembered once for all (GameMap.hasLos), and while Smoke
 * markers are on the board the smoke laid over it. A Smoke hex between the ends blocks at any height; a
 * Smoke hex at either end is seen into, or out of, only within `sightInto` hexes, like limiting terrain
 * (ruling IA2-R132: LOS stays reciprocal).
 */
export function seesThroughSmoke(map: GameMap, los: Ia2Los, smoke: readonly number[], sightInto: number, a: Hex, b: Hex): boolean {
  if (!map.hasLos(a, b)) return false;
  if (smoke.length === 0 || a === b) return true;
  const grid = map.grid;
  const dist = grid.distance(a, b);
  let between = false;
  for (let k = 0; k < smoke.length; k += 2) {
    const h = smoke[k]!;
    if (h === a || h === b) {
      if (dist > sightInto) return false;
      continue;
    }
    // Only a hex on a shortest path from a to b can lie on the line between them.
    if (grid.distance(a, h) + grid.distance(h, b) === dist) between = true;
  }
  return !between || los.seesPastSmoke(map, a, b, (h) => smokeIn(smoke, h));
}
