/**
 * The map part of a system-neutral BoardView (src/core/system.ts), which `tacsim serve`'s page draws:
 * hexes with terrain, elevation, road hexsides and the markers a system lays in them, and the colour
 * of each terrain used. A system adds its units, objectives and status.
 */
import type { BoardHex, BoardObjective, BoardUnit, BoardView } from '../core/system.js';
import type { Hex } from './grid.js';
import type { GameMap } from './map.js';

/** Map colours by terrain id, as printed maps tint them; a terrain not listed is drawn as open ground. */
const TERRAIN_FILL: Readonly<Record<string, string>> = {
  clear: '#dfe6b8',
  woods: '#6f9a4e',
  forest: '#6f9a4e',
  wheat: '#e8d47a',
  field: '#e8d47a',
  town: '#c9b29a',
  village: '#c9b29a',
  brush: '#a9c07a',
  gully: '#b8a27a',
  hill: '#c8b27a',
  marsh: '#9bb8a8',
  swamp: '#9bb8a8',
  stream: '#7fb2dd',
  river: '#7fb2dd',
};
const OPEN_GROUND_FILL = '#cfd8b0';

/**
 * A BoardView of `map`: `roadBit` is the hexside bit the system marks roads with, `markersOf` the
 * markers lying in a hex as the viewing seat may see them.
 */
export function boardOf(
  map: GameMap,
  roadBit: number,
  markersOf: (h: Hex) => string[],
  rest: { units: readonly BoardUnit[]; objectives: readonly BoardObjective[]; status: string },
): BoardView {
  const grid = map.grid;
  const used = new Set<string>();
  const hexes: BoardHex[] = [];
  for (let h = 0; h < grid.size; h++) {
    const terrain = map.terrainId(h);
    used.add(terrain);
    const sides: { dir: number; feature: string }[] = [];
    for (let d = 0; d < 6; d++) if (map.hexside(h, d) & roadBit) sides.push({ dir: d, feature: 'road' });
    hexes.push({
      hex: h,
      label: grid.label(h),
      col: grid.col(h),
      row: grid.row(h),
      terrain,
      elevation: map.elevation[h]!,
      sides,
      markers: markersOf(h),
    });
  }
  return {
    width: grid.width,
    height: grid.height,
    orientation: grid.orientation,
    terrain: Object.fromEntries([...used].map((t) => [t, TERRAIN_FILL[t] ?? OPEN_GROUND_FILL])),
    hexes,
    ...rest,
  };
}
