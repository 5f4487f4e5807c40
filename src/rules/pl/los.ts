/**
 * Panzer Leader line of sight (VII.G, VII.I, VII.J), a LosRule of the kernel's map. The printed boards
 * mark obstacles as coloured hexsides; tacsim's maps derive them from the hex terrain (ruling PL-R10):
 * a side between a slope (level 1) and ground (level 0) is brown, a side between a hilltop (level 2) and
 * anything lower is orange, and a woods or town hex is a low obstacle all round (its green sides).
 *
 * - adjacent hexes always see each other (J.8);
 * - ground to ground: any intervening woods or town hex, slope or hilltop blocks (J.10);
 * - from higher to lower: an intervening woods or town blocks only "directly behind" the lower end, i.e.
 *   next to it (J.2, J.3); a brown side closer to the lower end, or midway, blocks (J.4, J.5); more than
 *   one orange side blocks unless both ends are hilltops (J.7); ground higher than both ends blocks;
 * - on the hexspine the defender gets the benefit of the doubt (J.1.b): both lines must be clear.
 * The rule is symmetric (LosRule.sees): it only asks which end is higher.
 */
import type { Hex } from '../../hex/grid.js';
import type { LosRule } from '../../hex/los.js';
import type { GameMap } from '../../hex/map.js';

/** Hexside symbols (VII.J): none, brown (a slope's edge), orange (a hilltop's edge). */
export const SIDE_NONE = 0,
  SIDE_BROWN = 1,
  SIDE_ORANGE = 2;

export class PlLos implements LosRule {
  readonly name = 'panzer leader';
  /**
   * @param levelOf unit elevation per terrain index (VII.G.3: 0 ground, 1 slope, 2 hilltop)
   * @param obstacleOf whether a terrain index is a low obstacle (woods, town: VII.G.2)
   */
  /**
   * @param drawn V.A.2: hexside symbols a scenario draws, by hex * 6 + direction (both sides of each):
   *   SIDE_NONE, SIDE_BROWN or SIDE_ORANGE; a side not drawn takes the symbol its hexes' levels give.
   */
  constructor(
    private readonly levelOf: readonly number[],
    private readonly obstacleOf: readonly boolean[],
    readonly drawn: Map<number, number> = new Map(),
  ) {}

  /** The symbol on the side between neighbours h1 and h2 (VII.J): drawn, else derived (ruling PL-R10). */
  private symbol(map: GameMap, h1: Hex, h2: Hex): number {
    if (this.drawn.size > 0) {
      for (let k = 0; k < 6; k++)
        if (map.grid.neighbour(h1, k) === h2) {
          const s = this.drawn.get(h1 * 6 + k);
          if (s !== undefined) return s;
          break;
        }
    }
    const l1 = this.level(map, h1);
    const l2 = this.level(map, h2);
    if (l1 === l2) return SIDE_NONE;
    return Math.max(l1, l2) === 2 ? SIDE_ORANGE : SIDE_BROWN;
  }

  sees(map: GameMap, a: Hex, b: Hex): boolean {
    if (map.grid.distance(a, b) <= 1) return true;
    const [left, right] = map.grid.linePaths(a, b);
    return this.lineClear(map, a, left) && this.lineClear(map, a, right);
  }

  private level(map: GameMap, h: Hex): number {
    return this.levelOf[map.terrain[h]!]!;
  }

  /** Whether the line from a through `path` (a excluded, the far end last) is clear. */
  lineClear(map: GameMap, a: Hex, path: readonly Hex[]): boolean {
    const b = path[path.length - 1]!;
    const la = this.level(map, a);
    const lb = this.level(map, b);
    const hi = Math.max(la, lb);
    const lo = Math.min(la, lb);
    // Positions along the line: 0 = a, n = b; the lower end is at lowAt (either end when level).
    const n = path.length;
    const lowAt = la <= lb ? 0 : n;
    const at = (k: number): Hex => (k === 0 ? a : path[k - 1]!);
    let orange = 0;
    for (let k = 1; k < n; k++) {
      const m = at(k);
      const lm = this.level(map, m);
      if (lm > hi) return false;
      if (this.obstacleOf[map.terrain[m]!]) {
        if (hi === lo) {
          if (hi === 0) return false; // J.10: ground to ground, every obstacle blocks
          if (k === 1 || k === n - 1) return false; // level ends above ground: directly behind either end
        } else if (Math.abs(k - lowAt) === 1) return false; // J.2 / J.3: directly behind the lower end
      }
    }
    for (let k = 0; k < n; k++) {
      const side = this.symbol(map, at(k), at(k + 1));
      if (side === SIDE_NONE) continue;
      if (side === SIDE_ORANGE) {
        orange++;
        continue;
      }
      // A brown side between positions k and k + 1.
      if (hi === lo) {
        // Level ends (ruling PL-R10): a brown side that is not one of the ends' own sides blocks.
        if (k !== 0 && k !== n - 1) return false;
      } else {
        const fromLow = lowAt === 0 ? k + 0.5 : n - k - 0.5;
        const fromHigh = n - fromLow;
        if (fromLow <= fromHigh && !(hi === 1 && (k === 0 || k === n - 1))) return false; // J.4 / J.5
      }
    }
    return orange <= 1 || (la === 2 && lb === 2); // J.7
  }
}
