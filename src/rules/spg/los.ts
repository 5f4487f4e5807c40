/**
 * SPG line of sight (S-17): the Panzer Grenadier rule of the kernel (woods, buildings and higher ground
 * block; along a hexspine either side will do, ruling SPG-R20), plus low concealment (wheat, brush),
 * which blocks only a line between two units at its own level (L206). Direct fire may not be traced
 * through hexes holding friendly units (L208).
 */
import type { Hex } from '../../hex/grid.js';
import { PgLos, type LosRule } from '../../hex/los.js';
import type { GameMap } from '../../hex/map.js';
import { lineBlocked } from '../../hex/sight.js';
import type { TerrainEntry } from './formats.js';

export class SpgLos implements LosRule {
  readonly name = 'simple panzer grenadier';
  private readonly pg: PgLos;

  constructor(private readonly terrain: readonly TerrainEntry[]) {
    this.pg = new PgLos(
      terrain.map((t) => ({ obstacleHeight: t.los === 'blocks' ? 1 : 0, blocksLos: t.los === 'blocks', viewerBonus: 0 })),
    );
  }

  sees(map: GameMap, a: Hex, b: Hex): boolean {
    const [left, right] = map.grid.computeLinePaths(a, b);
    return this.sideClear(map, a, left) || this.sideClear(map, a, right);
  }

  private sideClear(map: GameMap, a: Hex, path: readonly Hex[]): boolean {
    if (!this.pg.pathClear(map, a, path)) return false;
    const b = path[path.length - 1]!;
    const level = map.elevation[a]!;
    if (map.elevation[b] !== level) return true;
    for (let i = 0; i < path.length - 1; i++) {
      const h = path[i]!;
      if (this.terrain[map.terrain[h]!]!.los === 'low' && map.elevation[h] === level) return false;
    }
    return true;
  }
}

/** S-17 L208: direct fire is not traced through hexes holding friendly units (both sides of a spine must be blocked). */
export function friendsInTheWay(map: GameMap, from: Hex, to: Hex, friendly: (h: Hex) => boolean): boolean {
  return lineBlocked(map.grid, from, to, friendly);
}
