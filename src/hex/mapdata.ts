/**
 * The compact map form scenario files use: a legend character per terrain, one string of characters per
 * row of hexes, optional elevation digits, and roads as paths of adjacent hexes. Parsed here into a GameMap,
 * with every problem named by its place in the file.
 */
import { z } from 'zod';
import type { ProblemList } from '../core/errors.js';
import { idTable } from '../core/validate.js';
import type { Hex, HexGrid, Orientation } from './grid.js';
import type { LosRule } from './los.js';
import { GameMap } from './map.js';

/** Terrain types a chart pack may define: a hex stores its terrain's index in one byte. */
export const MAX_TERRAIN_TYPES = 256;

/** A chart pack's terrain types by id (at most MAX_TERRAIN_TYPES, in the order the map indexes them). */
export function terrainTable<V extends z.ZodType>(entry: V) {
  return idTable(entry).refine((t) => Object.keys(t).length <= MAX_TERRAIN_TYPES, {
    message: `at most ${MAX_TERRAIN_TYPES} terrain types (a hex stores its terrain in one byte)`,
  });
}

/** A hex written CCRR (column, row; 1-based). */
export const hexLabel = z.string().regex(/^\d{4}$/, { message: 'a hex is written CCRR, e.g. "0305"' });

export const compactMap = z.strictObject({
  width: z.number().int().min(2).max(99),
  height: z.number().int().min(2).max(99),
  /** One character per terrain id, e.g. {".": "clear", "w": "woods"}. */
  legend: idTable(z.string(), z.string().length(1, { message: 'a legend key is one character' })),
  /** One string per row (top to bottom), one legend character per column. */
  terrain: z.array(z.string()),
  /** One string per row, one digit (0-9, in elevation levels) per column. Omitted = all 0. */
  elevation: z.array(z.string()).optional(),
  /** Roads as paths of adjacent hexes; the road runs across the hexsides between consecutive hexes. */
  roads: z.array(z.array(hexLabel).min(2)).default([]),
});
export type CompactMap = z.infer<typeof compactMap>;

/** The hex a label names, or -1 with a problem added at `place` when it is off the map. */
export function hexAt(grid: HexGrid, label: string, place: string, problems: ProblemList): Hex {
  const h = grid.parseLabel(label);
  if (h < 0) problems.add(place, `hex ${label} is off the ${grid.width}x${grid.height} map`, 'bad-value');
  return h;
}

/**
 * Builds the map of a compact description, at `place` in the file (e.g. "map"). Terrain and elevation
 * problems are thrown at once (nothing else can be checked without them); road problems are added to
 * `problems` for the caller to throw with the rest.
 * @param terrainIds the system's terrain ids, in the order of its terrain tables
 * @param roadBit the hexside bit a road sets
 */
export function readCompactMap(
  spec: CompactMap,
  opts: {
    terrainIds: readonly string[];
    los: LosRule;
    roadBit: number;
    orientation?: Orientation;
    place?: string;
  },
  problems: ProblemList,
): GameMap {
  const { width, height } = spec;
  const at = opts.place ?? 'map';
  const terrainIds = opts.terrainIds;
  if (terrainIds.length > MAX_TERRAIN_TYPES)
    throw new Error(`${terrainIds.length} terrain types: the chart pack schema allows at most ${MAX_TERRAIN_TYPES}`);
  const terrainIndex = new Map(terrainIds.map((t, i) => [t, i]));
  for (const [ch, id] of Object.entries(spec.legend)) {
    if (!terrainIndex.has(id))
      problems.add(`${at}.legend["${ch}"]`, `unknown terrain "${id}" (the chart pack has: ${terrainIds.join(', ')})`, 'bad-value');
  }
  const terrain = new Uint8Array(width * height);
  const elevation = new Int8Array(width * height);
  if (spec.terrain.length !== height)
    problems.add(`${at}.terrain`, `has ${spec.terrain.length} rows but the map is ${height} high`, 'bad-value');
  spec.terrain.forEach((rowText, r) => {
    if (rowText.length !== width)
      problems.add(`${at}.terrain[${r}]`, `has ${rowText.length} hexes but the map is ${width} wide`, 'bad-value');
    for (let c = 0; c < Math.min(width, rowText.length); c++) {
      const id = spec.legend[rowText[c]!];
      const t = id === undefined ? undefined : terrainIndex.get(id);
      if (t === undefined) {
        if (id === undefined)
          problems.add(`${at}.terrain[${r}]`, `character "${rowText[c]}" at column ${c + 1} is not in the legend`, 'bad-value');
      } else if (r < height) terrain[r * width + c] = t;
    }
  });
  if (spec.elevation) {
    if (spec.elevation.length !== height)
      problems.add(`${at}.elevation`, `has ${spec.elevation.length} rows but the map is ${height} high`, 'bad-value');
    spec.elevation.forEach((rowText, r) => {
      if (rowText.length !== width)
        problems.add(`${at}.elevation[${r}]`, `has ${rowText.length} hexes but the map is ${width} wide`, 'bad-value');
      for (let c = 0; c < Math.min(width, rowText.length); c++) {
        const ch = rowText[c]!;
        if (!/[0-9]/.test(ch)) problems.add(`${at}.elevation[${r}]`, `"${ch}" at column ${c + 1} is not a digit 0-9`, 'bad-value');
        else if (r < height) elevation[r * width + c] = Number(ch);
      }
    });
  }
  problems.throwIfAny();
  const hexsides = new Uint8Array(width * height * 6);
  const map = new GameMap({ width, height, orientation: opts.orientation, terrainIds, terrain, elevation, hexsides, los: opts.los });
  const grid = map.grid;
  spec.roads.forEach((path, i) => {
    for (let k = 1; k < path.length; k++) {
      const a = hexAt(grid, path[k - 1]!, `${at}.roads[${i}][${k - 1}]`, problems);
      const b = hexAt(grid, path[k]!, `${at}.roads[${i}][${k}]`, problems);
      if (a < 0 || b < 0) continue;
      const d = grid.directionTo(a, b);
      if (d < 0) {
        problems.add(`${at}.roads[${i}][${k}]`, `${path[k]} is not next to ${path[k - 1]}`, 'bad-value');
        continue;
      }
      hexsides[a * 6 + d]! |= opts.roadBit;
      hexsides[b * 6 + ((d + 3) % 6)]! |= opts.roadBit;
    }
  });
  return map;
}

/**
 * The fields every set-up placement of counters on the map has: which counter, where, how many identical
 * ones, and whether they start on their reduced side. A system adds its own (dug in, loaded, ...).
 */
export function placementFields(maxCount: number) {
  return {
    counter: z.string(),
    hex: hexLabel,
    /** Several identical units at once. */
    count: z.number().int().min(1).max(maxCount).default(1),
    /** Starts on its reduced side. */
    reduced: z.boolean().default(false),
  };
}

/**
 * Resolves the set-up placements of one side (`sides[side].units[i]`): calls `each` once per unit placed
 * (a placement of `count` units, `count` times) whose counter and hex resolve; the resolvers add the
 * problems of those that do not.
 */
export function placeUnits<P extends { counter: string; hex: string; count: number }, C>(
  side: number,
  placements: readonly P[],
  counterOf: (id: string, place: string) => C | undefined,
  hexOf: (label: string, place: string) => Hex,
  each: (p: P, counter: C, hex: Hex, place: string, copy: number) => void,
): void {
  placements.forEach((p, i) => {
    const place = `sides[${side}].units[${i}]`;
    const c = counterOf(p.counter, `${place}.counter`);
    const h = hexOf(p.hex, `${place}.hex`);
    if (c === undefined || h < 0) return;
    for (let k = 0; k < p.count; k++) each(p, c, h, place, k);
  });
}
