/**
 * Line-of-sight rules. A map is built with one (`GameMap` asks it once per pair of hexes, or once per
 * row with `seesFrom`, the first time a pair is asked about); the systems differ here: the Panzer Grenadier family reads heights and obstacles from the hex
 * centres' line and lets the spotter pick a side of a hexspine, Panzer Leader has slope hexsides, GMT
 * Panzer blind hexes behind crests.
 */
import type { Hex } from './grid.js';
import type { GameMap } from './map.js';
import { distanceToMarked, LineIndex } from './sightlines.js';

export interface LosRule {
  /** Short name, for messages and tests. */
  readonly name: string;
  /**
   * Whether a viewer in hex a sees hex b over the map's terrain and ground (markers and units aside), for
   * a != b. Must be symmetric: the map asks once per pair and answers both ways from it.
   */
  sees(map: GameMap, a: Hex, b: Hex): boolean;
  /**
   * Optional, for rules that can answer a whole row faster than pair by pair: sets row[b] to LOS_CLEAR or
   * LOS_BLOCKED, as `sees(map, a, b)` would answer, for every hex b whose row[b] is still LOS_UNKNOWN (the
   * others are known already, from the other end). A map whose rule has it fills its table a row at a time.
   */
  seesFrom?(map: GameMap, a: Hex, row: Uint8Array): void;
}

/** Entries of a map's line-of-sight table (GameMap.hasLos, LosRule.seesFrom). */
export const LOS_UNKNOWN = 0;
export const LOS_CLEAR = 1;
export const LOS_BLOCKED = 2;

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

  /** Whether the terrain of hex h blocks lines at its obstacle's height (woods, towns). */
  blocks(map: GameMap, h: Hex): boolean {
    return this.terrain[map.terrain[h]!]!.blocksLos;
  }

  /** Top of whatever stands in hex h, in levels: ground plus an obstacle's height if it has one. */
  obstacleTop(map: GameMap, h: Hex): number {
    const p = this.terrain[map.terrain[h]!]!;
    return map.elevation[h]! + (p.blocksLos ? Math.max(1, p.obstacleHeight) : 0);
  }

  sees(map: GameMap, a: Hex, b: Hex): boolean {
    const f = this.fieldsOf(map);
    return this.clearLine(f, f.lines.key(a, b), f.lines.pad(a), f.eye[a]!, f.eye[b]!);
  }

  seesFrom(map: GameMap, a: Hex, row: Uint8Array): void {
    const f = this.fieldsOf(map);
    const lines = f.lines;
    const width = map.grid.width;
    const from = lines.pad(a);
    const ha = f.eye[a]!;
    // Keys of the lines from a run along each row of targets: one per column offset.
    let b = 0;
    for (let r = 0; r < map.grid.height; r++) {
      const first = lines.key(a, r * width);
      for (let c = 0; c < width; c++, b++) {
        if (row[b] === LOS_UNKNOWN) row[b] = this.clearLine(f, first + c, from, ha, f.eye[b]!) ? LOS_CLEAR : LOS_BLOCKED;
      }
    }
  }

  /** Whether the line of the given key from the hex at padded index `from` (eye height ha) to one at eye height hb is clear. */
  private clearLine(f: SightFields, key: number, from: number, ha: number, hb: number): boolean {
    const lines = f.lines;
    const m = lines.length(key);
    if (m === 0) return true; // the same or adjacent hexes
    const high = ha > hb ? ha : hb;
    // The plateau rule counts only when one end is lower (PG3 8.4); which hexes matter depends on it.
    const plateauCounts = (ha > hb ? hb : ha) < high;
    const clearance = (plateauCounts ? f.clearanceWithPlateau : f.clearance)[high - f.lowestEye]!;
    // Symmetric by construction: the same two sides are tried from either end.
    const steps = lines.stepTable;
    const left = lines.sideStart(key, 0);
    if (sideOpen(steps, f.need, left, m, from, high, clearance)) return true;
    const right = lines.sideStart(key, 1);
    return right !== left && sideOpen(steps, f.need, right, m, from, high, clearance);
  }

  /** Per-hex figures of a map for `sees`, computed once per map. */
  private fieldsOf(map: GameMap): SightFields {
    if (map === this.lastMap) return this.lastFields!;
    let f = this.fields.get(map);
    if (f === undefined) {
      f = sightFields(map, this);
      this.fields.set(map, f);
    }
    this.lastMap = map;
    this.lastFields = f;
    return f;
  }
  private readonly fields = new WeakMap<GameMap, SightFields>();
  private lastMap: GameMap | undefined;
  private lastFields: SightFields | undefined;

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

/**
 * pathClear over one side of a line in the map's line index: hexes far from anything that could matter at
 * this height are stepped over (`clearance`), the others tested as pathClear tests them.
 */
function sideOpen(
  steps: Int32Array,
  need: Int16Array,
  start: number,
  m: number,
  from: number,
  high: number,
  clearance: Uint8Array,
): boolean {
  let plateau = 0;
  let k = 0;
  while (k < m) {
    const h = from + steps[start + k]!;
    const skip = clearance[h]!;
    if (skip !== 0) {
      k += skip;
      continue;
    }
    // A marked hex: it blocks, or (counted only when the plateau rule applies) it stands at the higher end's height.
    if (need[h]! > high || ++plateau >= 2) return false;
    k++;
  }
  return true;
}

/** What PgLos.sees reads, over the map's line index (padded indices: off-board hexes block every line). */
interface SightFields {
  readonly lines: LineIndex;
  /** Viewer's eye height per board hex. */
  readonly eye: Int16Array;
  readonly lowestEye: number;
  /** Ground level per padded hex. */
  readonly ground: Int16Array;
  /**
   * Per padded hex, the height a line's higher end must reach for the hex not to block it: its ground, or
   * one above the top of an obstacle that blocks (PG3 8.3, 8.4); off the board, more than any. A hex blocks
   * a line when need > high, as pathClear tests it.
   */
  readonly need: Int16Array;
  /** Per height of the higher end (from lowestEye): distance of each padded hex to the nearest that blocks. */
  readonly clearance: Uint8Array[];
  /** The same, counting hexes at that height too (plateau candidates). */
  readonly clearanceWithPlateau: Uint8Array[];
}

const OFF_BOARD = 0x7fff;

function sightFields(map: GameMap, rule: PgLos): SightFields {
  const grid = map.grid;
  const lines = new LineIndex(grid.width, grid.height, grid.orientation);
  const size = lines.padded.size;
  const eye = new Int16Array(map.size);
  const ground = new Int16Array(size);
  const need = new Int16Array(size).fill(OFF_BOARD);
  let lowestEye = Number.POSITIVE_INFINITY;
  let highestEye = Number.NEGATIVE_INFINITY;
  for (let h = 0; h < map.size; h++) {
    const p = lines.pad(h);
    eye[h] = rule.viewerHeight(map, h);
    lowestEye = Math.min(lowestEye, eye[h]!);
    highestEye = Math.max(highestEye, eye[h]!);
    ground[p] = map.elevation[h]!;
    need[p] = rule.blocks(map, h) ? Math.max(ground[p]!, rule.obstacleTop(map, h) + 1) : ground[p]!;
  }
  const clearance: Uint8Array[] = [];
  const clearanceWithPlateau: Uint8Array[] = [];
  for (let high = lowestEye; high <= highestEye; high++) {
    clearance.push(distanceToMarked(lines.padded, (p) => need[p]! > high));
    clearanceWithPlateau.push(distanceToMarked(lines.padded, (p) => need[p]! > high || ground[p] === high));
  }
  return { lines, eye, lowestEye, ground, need, clearance, clearanceWithPlateau };
}
