/**
 * Rivers, fords and bridges (5.3, 5.8-5.83). A river is a path of river hexes (the terrain says minor or
 * major); each river hex's six neighbours are along the river (the hexes before and after it on the path,
 * the ends carried straight on) or on one of its two banks, numbered 1 and 2 the same way all along the
 * path. A unit in a river hex remembers the bank it came from (BANK). A bridge is a river hex with a road
 * (5.3: "printed on the board"); fords are the scenario's (5.8).
 */
import type { ProblemList } from '../../core/errors.js';
import type { Hex } from '../../hex/grid.js';
import type { GameMap } from '../../hex/map.js';
import { hexAt } from '../../hex/mapdata.js';
import type { ScenarioFile, TerrainEntry } from './formats.js';
import { BANK, type Draft, MP } from './state.js';

/** What the engine knows of the rivers of a map. */
export interface RiverMap {
  /** Per hex: 0 no river, 1 minor, 2 major. */
  readonly kind: Uint8Array;
  /** Per hex and direction (hex * 6 + k): the bank (1, 2) of that neighbour of a river hex, 0 along the river. */
  readonly bank: Uint8Array;
  /** Fords and their MP cost (5.8). */
  readonly fords: ReadonlyMap<Hex, number>;
  /** Per hex: 1 for a river hex with a road, a bridge (5.3). */
  readonly bridge: Uint8Array;
}

export const MINOR = 1,
  MAJOR = 2;

/** 5.83: each attack in a Major River hex whose opponents are all on opposite banks shifts two columns left. */
export const RIVER_ASSAULT_SHIFT = -2;

/**
 * The river map of a scenario: each path of map.rivers must run through adjacent river-terrain hexes, and
 * every river-terrain hex must lie on a path; fords must be river hexes. Problems are added at their place.
 */
export function buildRivers(
  data: ScenarioFile,
  map: GameMap,
  terrain: readonly TerrainEntry[],
  roadBit: number,
  problems: ProblemList,
): RiverMap {
  const grid = map.grid;
  const size = grid.size;
  const kind = new Uint8Array(size);
  const bank = new Uint8Array(size * 6);
  const bridge = new Uint8Array(size);
  const onPath = new Uint8Array(size);
  const riverKind = (h: Hex): number => {
    const r = terrain[map.terrain[h]!]!.river;
    return r === 'major' ? MAJOR : r === 'minor' ? MINOR : 0;
  };
  data.map.rivers.forEach((path, i) => {
    const hexes = path.map((l, k) => hexAt(grid, l, `map.rivers[${i}][${k}]`, problems));
    if (hexes.some((h) => h < 0)) return;
    hexes.forEach((h, k) => {
      const place = `map.rivers[${i}][${k}]`;
      if (riverKind(h) === 0) {
        problems.add(place, `hex ${path[k]} is on a river but its terrain is not a river terrain (5.8)`, 'bad-value');
        return;
      }
      const prev = k > 0 ? grid.directionTo(h, hexes[k - 1]!) : -1;
      const next = k < hexes.length - 1 ? grid.directionTo(h, hexes[k + 1]!) : -1;
      if ((k > 0 && prev < 0) || (k < hexes.length - 1 && next < 0)) {
        problems.add(place, `${path[k]} is not next to the hex before or after it on the river`, 'bad-value');
        return;
      }
      if (prev < 0 && next < 0) {
        problems.add(place, 'a river of one hex has no banks: give at least two hexes', 'bad-value');
        return;
      }
      // The ends of a path carry the river straight on.
      const back = prev >= 0 ? prev : (next + 3) % 6;
      const ahead = next >= 0 ? next : (prev + 3) % 6;
      kind[h] = riverKind(h);
      onPath[h] = 1;
      // Bank 1: the directions met turning one way from upstream to downstream; bank 2 the rest.
      for (let step = 1; step < 6; step++) {
        const k2 = (back + step) % 6;
        if (k2 === ahead) break;
        bank[h * 6 + k2] = 1;
      }
      for (let k2 = 0; k2 < 6; k2++) if (k2 !== back && k2 !== ahead && bank[h * 6 + k2] === 0) bank[h * 6 + k2] = 2;
      for (let k2 = 0; k2 < 6; k2++) if (map.hexside(h, k2) & roadBit) bridge[h] = 1;
    });
  });
  for (let h = 0; h < size; h++)
    if (riverKind(h) !== 0 && onPath[h] === 0)
      problems.add('map.rivers', `hex ${grid.label(h)} has river terrain but lies on no river path (5.8)`, 'bad-value');
  const fords = new Map<Hex, number>();
  data.map.fords.forEach((f, i) => {
    const h = hexAt(grid, f.hex, `map.fords[${i}].hex`, problems);
    if (h < 0) return;
    if (onPath[h] === 0) problems.add(`map.fords[${i}].hex`, `hex ${f.hex} is not a river hex (5.8: fords cross rivers)`, 'bad-value');
    fords.set(h, f.cost);
  });
  return { kind, bank, fords, bridge };
}

/** The bank of neighbour `to` of river hex `river` (1 or 2), 0 along the river or when not adjacent. */
export function bankOf(d: Draft, river: Hex, to: Hex): number {
  const k = d.sc.map.grid.directionTo(river, to);
  return k < 0 ? 0 : d.sc.rivers.bank[river * 6 + k]!;
}

/** A crossing: leaving a river hex for the bank opposite the one the unit came from (5.81, 5.82). */
function crossing(d: Draft, unit: number, from: Hex, to: Hex): boolean {
  const r = d.sc.rivers;
  if (r.kind[from] === 0 || r.kind[to] !== 0) return false;
  const came = d.get(unit, BANK);
  const side = bankOf(d, from, to);
  return came !== 0 && side !== 0 && side !== came;
}

/** Bridges and fords let units cross without stopping (5.3, 5.8). */
function crossingPoint(d: Draft, h: Hex): boolean {
  return d.sc.rivers.bridge[h] === 1 || d.sc.rivers.fords.has(h);
}

/**
 * The MP cost of one step with the river rules (5.3, 5.8, 5.81, 5.82), given its cost without them (road or
 * terrain); 99 when the step is prohibited. Entering a river hex along a road (a bridge) costs the road
 * rate, entering a ford its scenario cost, else the River cost of the TEC; leaving a major river for the
 * other bank is prohibited but at a bridge or ford.
 */
export function riverStepCost(d: Draft, unit: number, from: Hex, to: Hex, cost: number, road: boolean): number {
  const r = d.sc.rivers;
  if (r.kind[to] !== 0 && !road) {
    const ford = r.fords.get(to);
    if (ford !== undefined) return ford;
  }
  if (crossing(d, unit, from, to) && r.kind[from] === MAJOR && !crossingPoint(d, from)) return 99;
  return cost;
}

/** Whether the step ends the unit's move: it crosses a minor river away from a bridge or ford (5.81). */
export function riverStops(d: Draft, unit: number, from: Hex, to: Hex): boolean {
  return crossing(d, unit, from, to) && d.sc.rivers.kind[from] === MINOR && !crossingPoint(d, from);
}

/**
 * Records the bank a piece enters a river hex from (5.82, 5.83): the bank of the hex it comes from, kept
 * when it moves along the river; 0 outside river hexes.
 */
export function noteBank(d: Draft, unit: number, from: Hex, to: Hex): void {
  const r = d.sc.rivers;
  if (to < 0 || r.kind[to] === 0) d.set(unit, BANK, 0);
  else if (from >= 0 && r.kind[from] === 0) d.set(unit, BANK, bankOf(d, to, from));
}

/** After a step (called before the piece is moved): the bank it will be on, and a stop after a minor crossing. */
export function afterRiverStep(d: Draft, unit: number, from: Hex, to: Hex): boolean {
  const stop = riverStops(d, unit, from, to);
  noteBank(d, unit, from, to);
  if (stop) d.set(unit, MP, 99);
  return stop;
}

/** Pieces in a Major River hex on opposite banks: bank 0 (set up there, no bank) is on both. */
function opposite(d: Draft, a: number, b: number): boolean {
  const x = d.get(a, BANK),
    y = d.get(b, BANK);
  return x !== 0 && y !== 0 && x !== y;
}

/** 5.83: every firer is on the bank opposite every target in a Major River assault hex. */
export function acrossMajorRiver(d: Draft, h: Hex, firers: readonly number[], targets: readonly number[]): boolean {
  if (d.sc.rivers.kind[h] !== MAJOR || firers.length === 0 || targets.length === 0) return false;
  return firers.every((f) => targets.every((t) => opposite(d, f, t)));
}

/** 5.83: a piece in a Major River hex on the bank opposite every enemy piece there takes no part in Cold Steel. */
export function barredFromColdSteel(d: Draft, unit: number, enemies: readonly number[]): boolean {
  const h = d.hex(unit);
  if (h < 0 || d.sc.rivers.kind[h] !== MAJOR || enemies.length === 0) return false;
  return enemies.every((e) => opposite(d, unit, e));
}
