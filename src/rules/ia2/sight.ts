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
