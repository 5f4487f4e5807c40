/**
 * Movement (SPG S-12..S-15): one unit at a time (a vehicle takes its passenger), costs from the Terrain
 * Effects Chart with ground conditions (S-14) and no minimum move (L174); stacking of 3 units, at most 2
 * vehicles, passengers counted (S-12 L138); never into an enemy hex; unarmored vehicles never adjacent to
 * an enemy (S-11 L108); a disrupted unit never ends adjacent to one (S-40 L578); wire, AT ditches and
 * mines per S-49..S-51; drop-off costs half the MA (S-13 L154).
 */
import type { Hex } from '../../hex/grid.js';
import { forEachReachable } from '../../hex/movement.js';
import { valuesOf } from './fire.js';
import { groundPenalty } from './ground.js';
import { knownHiddenMines, mineKnownTo } from './obstacles.js';
import { MP_SCALE, ROAD, type Scenario } from './scenario.js';
import { CARRIER, F_DISRUPTED, F_IMMOBILE, F_IN_COLUMN, F_PACKED, FLAGS, HEX, type State } from './state.js';

const CLASSES = 6;

/** Units and vehicles of either side in hex h (carried units counted, S-12 L138). */
export function stackIn(sc: Scenario, s: State, h: Hex, except = -1): { units: number; vehicles: number; side: number } {
  let units = 0,
    vehicles = 0,
    side = -1;
  for (let i = 0; i < sc.units.length; i++) {
    if (i === except || s.u[i]![HEX] !== h) continue;
    if (except >= 0 && s.u[i]![CARRIER] === except + 1) continue;
    units++;
    if (sc.units[i]!.vehicle) vehicles++;
    side = sc.units[i]!.side;
  }
  return { units, vehicles, side };
}

/** Whether unit i (with its passenger) may end its move in hex h under the stacking limits. */
export function fitsIn(sc: Scenario, s: State, i: number, h: Hex): boolean {
  const here = stackIn(sc, s, h, i);
  const passenger = passengerOf(sc, s, i);
  const adds = 1 + (passenger >= 0 ? 1 : 0);
  return here.units + adds <= 3 && here.vehicles + (sc.units[i]!.vehicle ? 1 : 0) <= 2;
}

export function passengerOf(sc: Scenario, s: State, v: number): number {
  // A waiting reinforcement's passenger is off the map (-1) with its carrier (S-08 L64).
  for (let i = 0; i < sc.units.length; i++)
    if (s.u[i]![CARRIER] === v + 1 && (s.u[i]![HEX]! >= 0 || s.u[i]![HEX] === s.u[v]![HEX])) return i;
  return -1;
}

/** Enemy units of `side` on the map, by hex: a mask per hex (1 enemy in it, 2 enemy adjacent). */
export function enemyPresence(sc: Scenario, s: State, side: number): Uint8Array {
  const grid = sc.map.grid;
  const out = new Uint8Array(grid.size);
  for (let i = 0; i < sc.units.length; i++) {
    const h = s.u[i]![HEX]!;
    if (h < 0 || sc.units[i]!.side === side) continue;
    out[h]! |= 1;
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(h, k);
      if (n >= 0) out[n]! |= 2;
    }
  }
  return out;
}

/** MA of a unit as it stands: the packed side of a gun or mortar, the reduced side after a loss. */
export function movementAllowance(sc: Scenario, s: State, i: number): number {
  const f = s.u[i]![FLAGS]!;
  if ((f & F_IMMOBILE) !== 0) return 0;
  return (f & F_PACKED) !== 0 ? sc.units[i]!.packedMa : valuesOf(sc, s, i).ma;
}

/** The last enemyPresence worked out for each side, with the unit positions it was worked out from. */
interface PresenceMemo {
  sc: Scenario;
  hexes: Int32Array;
  presence: Uint8Array;
}
const presenceMemo: (PresenceMemo | undefined)[] = [undefined, undefined];

/**
 * enemyPresence for this module's own read-only use: the last answer for the side again while no unit has
 * changed hex. It is checked against the positions, not the state's identity, because an
 * apply may look at a position it is still changing; a legal-action generation asks once per unit.
 */
function sharedEnemyPresence(sc: Scenario, s: State, side: number): Uint8Array {
  const memo = presenceMemo[side];
  const n = sc.units.length;
  if (memo !== undefined && memo.sc === sc) {
    const hexes = memo.hexes;
    let same = true;
    for (let j = 0; j < n; j++) {
      if (hexes[j] !== s.u[j]![HEX]) {
        same = false;
        break;
      }
    }
    if (same) return memo.presence;
  }
  const hexes = new Int32Array(n);
  for (let j = 0; j < n; j++) hexes[j] = s.u[j]![HEX]!;
  const presence = enemyPresence(sc, s, side);
  if (side === 0 || side === 1) presenceMemo[side] = { sc, hexes, presence };
  return presence;
}

/** Mine strength per hex as `side` knows it (obstacles.ts knownMineStrength, before clearing): the scenario's public table when no hidden minefield is known to it. */
function minesKnownBy(sc: Scenario, s: State, side: number): Uint16Array {
  if (s.hiddenMines.length === 0) return sc.publicMines;
  const known = knownHiddenMines(sc, s, side);
  if (!known.some((h) => h >= 0)) return sc.publicMines;
  // The table of the last few sets of known hidden minefields (a search asks again and again for the same).
  const key = known.join(',');
  let tables = knownMineTables.get(sc);
  if (tables === undefined) knownMineTables.set(sc, (tables = new Map()));
  let out = tables.get(key);
  if (out === undefined) {
    out = sc.publicMines.slice();
    for (const [k, h] of known.entries()) if (h >= 0) out[h] = sc.hiddenMines[k]!.strength;
    if (tables.size >= 64) tables.clear();
    tables.set(key, out);
  }
  return out;
}
const knownMineTables = new WeakMap<Scenario, Map<string, Uint16Array>>();

/** Cost x MP_SCALE of one step from `from` into `to` for unit i, or -1 where it may not go. */
export function stepCost(sc: Scenario, s: State, i: number, from: Hex, to: Hex, enemies: Uint8Array, start: Hex): number {
  return unitStepCost(sc, s, i, enemies, start)(from, to);
}

/**
 * stepCost of unit i as a function of the step alone, with what depends only on the unit and the position
 * looked up once for a whole search. `direction` (from `from` to `to`), when the caller knows it, saves
 * finding it again.
 */
function unitStepCost(
  sc: Scenario,
  s: State,
  i: number,
  enemies: Uint8Array,
  start: Hex,
): (from: Hex, to: Hex, direction?: number) => number {
  const def = sc.units[i]!;
  const cleared = s.cleared;
  const { wire, atDitch, moveCost } = sc;
  // S-50 L672: the mover stops in the minefields its side knows of; one it does not know stops it when it enters (actions.ts).
  const mines = minesKnownBy(sc, s, def.side);
  const map = sc.map;
  const { terrain, elevation, hexsides } = map;
  const grid = map.grid;
  const c = def.moveClass;
  const roadCost = sc.roadCost[c]!;
  const climbCost = sc.climbCost[c]!;
  const unarmoredVehicle = def.vehicle && !def.armored;
  const ditchStops = def.vehicle || def.mounted;
  const armored = def.armored;
  const wireCost = armored ? Math.round(sc.charts.wireMoveCost.value * MP_SCALE) : 0;
  const uncleared = (h: Hex): boolean => cleared.length === 0 || !cleared.includes(h);
  // groundPenalty by the terrain entered and whether along a road, worked out when first needed.
  const UNKNOWN = -0x7fffffff;
  const penalties = new Int32Array(sc.terrain.length * 2).fill(UNKNOWN);
  return (from, to, direction) => {
    if (enemies[to]! & 1) return -1;
    if (from !== start && mines[from]! > 0 && uncleared(from)) return -1; // S-50 L674: a unit entering a minefield stops there (its attack decides)
    if (unarmoredVehicle && enemies[to]! & 2) return -1; // S-11 L108
    if (ditchStops && atDitch[to] === 1 && uncleared(to)) return -1; // S-51 L682
    const wired = wire[to] === 1 && uncleared(to);
    if (wired && !armored) return -1; // S-49: mounted and unarmored never; leg units only by a wire entry action
    const d = direction ?? grid.directionTo(from, to);
    const road = d >= 0 && (hexsides[from * 6 + d]! & ROAD) !== 0;
    let cost = road ? roadCost : moveCost[terrain[to]! * CLASSES + c]!;
    if (cost < 0) return -1;
    const climb = elevation[to]! - elevation[from]!;
    if (climb > 0 && !road) cost += climb * climbCost;
    const key = terrain[to]! * 2 + (road ? 1 : 0);
    let penalty = penalties[key]!;
    if (penalty === UNKNOWN) penalties[key] = penalty = groundPenalty(sc, i, to, road);
    cost += penalty; // S-14
    if (wired) cost += wireCost;
    return cost;
  };
}

/**
 * Hexes unit i may end a move in, with the MP x MP_SCALE spent, for a budget of `budget` (x MP_SCALE).
 * Column arrivals start off the map with their place in the column already spent (S-08 L64).
 * The map is shared with later callers (see destinationsMemo): read it, never change it.
 */
export function moveDestinations(
  sc: Scenario,
  s: State,
  i: number,
  budget: number,
  startHex?: Hex,
  preSpent = 0,
): ReadonlyMap<Hex, number> {
  const start = startHex ?? s.u[i]![HEX]!;
  if (budget <= 0 || start < 0) return NO_DESTINATIONS;
  const passenger = passengerOf(sc, s, i);
  const disrupted = (s.u[i]![FLAGS]! & F_DISRUPTED) !== 0 || (passenger >= 0 && (s.u[passenger]![FLAGS]! & F_DISRUPTED) !== 0);
  const memo = destinationsMemo(sc, i);
  const fromColumn = preSpent > 0 || startHex !== undefined;
  if (
    memo.dests !== undefined &&
    memo.start === start &&
    memo.budget === budget &&
    memo.preSpent === preSpent &&
    memo.fromColumn === fromColumn &&
    memo.disrupted === disrupted &&
    memo.passenger === passenger &&
    sameNumbers(memo.cleared, s.cleared) &&
    sameKnownMines(sc, s, sc.units[i]!.side, memo.knownMines) &&
    !movedNear(sc, s, i, memo)
  )
    return memo.dests;
  const def = sc.units[i]!;
  const enemies = sharedEnemyPresence(sc, s, def.side);
  const out = new Map<Hex, number>();
  // fitsIn for every hex reached, from one count of the other stacks (S-12 L138).
  const stacks = countOtherStacks(sc, s, i);
  const unitsRoom = 3 - 1 - (passenger >= 0 ? 1 : 0);
  const vehiclesRoom = 2 - (def.vehicle ? 1 : 0);
  const region = memo.region;
  region.fill(0);
  const neighbours = sc.map.grid.neighbours;
  const keep = (h: Hex, cost: number): void => {
    // What the search read (see movedNear): the hexes reached (2) and their neighbours (1 unless reached).
    region[h] = REACHED;
    for (let k = 0; k < 6; k++) {
      const n = neighbours[h * 6 + k]!;
      if (n >= 0 && region[n] === 0) region[n] = LOOKED_AT;
    }
    if (h === start && startHex === undefined) return;
    // S-40 L578: a disrupted unit (or one carrying a disrupted passenger) never ends next to an enemy (S-22 L320).
    if (disrupted && enemies[h]! & 2) return;
    const stack = stacks[h]!;
    if (stack !== 0 && ((stack & 0xff) > unitsRoom || stack >> 8 > vehiclesRoom)) return;
    out.set(h, cost + preSpent);
  };
  try {
    if (fromColumn) forEachReachableFrom(sc, s, i, start, budget - preSpent, enemies, keep);
    else forEachReachable(sc.map.grid, start, budget, unitStepCost(sc, s, i, enemies, start), keep);
  } finally {
    clearOtherStacks(sc, s, stacks);
  }
  // An entry hex the search never reached (an enemy in it, too dear) was still looked at.
  if (region[start] === 0) region[start] = LOOKED_AT;
  memo.nextToEnemyMatters = disrupted || (def.vehicle && !def.armored);
  const knownMines = s.hiddenMines.length === 0 ? [] : knownHiddenMines(sc, s, def.side);
  Object.assign(memo, { start, budget, preSpent, fromColumn, disrupted, passenger, cleared: s.cleared.slice(), knownMines });
  for (let j = 0; j < sc.units.length; j++) memo.hexes[j] = s.u[j]![HEX]!;
  memo.dests = out;
  return out;
}

const NO_DESTINATIONS: ReadonlyMap<Hex, number> = new Map();

/**
 * The last moveDestinations answer for one unit of a scenario, with what it was worked out from: a move
 * changes one unit's hex, and most units' reach does not come near it, so their answers stand. It is
 * checked against the positions, not the state's identity, so any state of the scenario may ask.
 */
interface DestinationsMemo {
  dests: ReadonlyMap<Hex, number> | undefined;
  start: Hex;
  budget: number;
  preSpent: number;
  fromColumn: boolean;
  disrupted: boolean;
  passenger: number;
  cleared: readonly number[];
  /** knownHiddenMines of the unit's side. */
  knownMines: readonly Hex[];
  /** Whether the answer read which hexes are next to an enemy (S-11 L108, S-40 L578), not only which hold one. */
  nextToEnemyMatters: boolean;
  /** Every unit's hex when the answer was worked out. */
  hexes: Int32Array;
  /** Per hex: REACHED, LOOKED_AT (next to a hex reached), or 0. */
  region: Uint8Array;
}
const REACHED = 2,
  LOOKED_AT = 1;
const destinationsMemos = new WeakMap<Scenario, DestinationsMemo[]>();

function destinationsMemo(sc: Scenario, i: number): DestinationsMemo {
  let memos = destinationsMemos.get(sc);
  if (memos === undefined)
    destinationsMemos.set(
      sc,
      (memos = sc.units.map(() => ({
        dests: undefined,
        start: -1,
        budget: 0,
        preSpent: 0,
        fromColumn: false,
        disrupted: false,
        passenger: -1,
        cleared: [],
        knownMines: [],
        nextToEnemyMatters: false,
        hexes: new Int32Array(sc.units.length),
        region: new Uint8Array(sc.map.grid.size),
      }))),
    );
  return memos[i]!;
}

/**
 * Whether a unit has moved where it changes the memo's answer. The search read, for the hexes reached, the
 * stacks in them (S-12 L138: units of both sides) and, for those and their neighbours, whether an enemy
 * holds them; for some units also whether an enemy is next to them. So an enemy entering or leaving a hex
 * read (or one next to it, when that mattered) counts, a friend only in a hex reached.
 */
function movedNear(sc: Scenario, s: State, i: number, memo: DestinationsMemo): boolean {
  const { hexes, region, nextToEnemyMatters } = memo;
  const neighbours = sc.map.grid.neighbours;
  const side = sc.units[i]!.side;
  const counts = (h: Hex, friend: boolean): boolean => {
    if (h < 0) return false;
    if (friend) return region[h] === REACHED;
    if (region[h] !== 0) return true;
    if (!nextToEnemyMatters) return false;
    for (let k = 0; k < 6; k++) {
      const n = neighbours[h * 6 + k]!;
      if (n >= 0 && region[n] !== 0) return true;
    }
    return false;
  };
  for (let j = 0; j < hexes.length; j++) {
    const now = s.u[j]![HEX]!;
    if (now === hexes[j]) continue;
    const friend = sc.units[j]!.side === side;
    if (counts(now, friend) || counts(hexes[j]!, friend)) return true;
  }
  return false;
}

/** Whether `side` knows of the hidden minefields `known` lists, where it lists them. */
function sameKnownMines(sc: Scenario, s: State, side: number, known: readonly Hex[]): boolean {
  if (s.hiddenMines.length === 0) return known.length === 0;
  if (known.length !== s.hiddenMines.length) return false;
  for (let k = 0; k < known.length; k++) {
    const h = s.hiddenMines[k]!;
    if (known[k] !== (mineKnownTo(sc, s, k, side) && !s.cleared.includes(h) ? h : -1)) return false;
  }
  return true;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** By hex, the count of countOtherStacks; all zero between calls (moveDestinations does not call itself). */
const stackScratch = new Map<number, Uint16Array>();

/**
 * By hex, the units and vehicles on the map other than unit i and what it carries, as units + 256 x
 * vehicles: what stackIn(sc, s, h, i) counts, for all hexes at once. Give it back with clearOtherStacks.
 */
function countOtherStacks(sc: Scenario, s: State, i: number): Uint16Array {
  const size = sc.map.grid.size;
  let out = stackScratch.get(size);
  if (out === undefined) stackScratch.set(size, (out = new Uint16Array(size)));
  for (let j = 0; j < sc.units.length; j++) {
    const r = s.u[j]!;
    const h = r[HEX]!;
    if (j === i || h < 0 || r[CARRIER] === i + 1) continue;
    out[h] = out[h]! + (sc.units[j]!.vehicle ? 257 : 1);
  }
  return out;
}

function clearOtherStacks(sc: Scenario, s: State, stacks: Uint16Array): void {
  for (let j = 0; j < sc.units.length; j++) {
    const h = s.u[j]![HEX]!;
    if (h >= 0) stacks[h] = 0;
  }
}

/** Hexes reachable when the unit enters the map at `entry` (paying for the entry hex itself), with their costs, in order. */
function forEachReachableFrom(
  sc: Scenario,
  s: State,
  i: number,
  entry: Hex,
  budget: number,
  enemies: Uint8Array,
  visit: (h: Hex, cost: number) => void,
): void {
  if (enemies[entry]! & 1) return;
  const mc = sc.units[i]!.moveClass;
  const road = sc.map.anySide(entry, ROAD);
  const terrainCost = road ? sc.roadCost[mc]! : sc.moveCost[sc.map.terrain[entry]! * CLASSES + mc]!;
  if (terrainCost < 0) return;
  const entryCost = terrainCost + groundPenalty(sc, i, entry, road); // S-14: the entry hex is a hex entered
  if (entryCost > budget) return;
  forEachReachable(sc.map.grid, entry, budget - entryCost, unitStepCost(sc, s, i, enemies, entry), (h, cost) => visit(h, cost + entryCost));
}

/** Cost x MP_SCALE per place in a column entering through `entry` (S-08 L64: the entry hex's terrain, road included; S-14 its ground). */
export function columnPlaceCost(sc: Scenario, i: number, entry: Hex): number {
  const mc = sc.units[i]!.moveClass;
  const road = sc.map.anySide(entry, ROAD);
  return (road ? sc.roadCost[mc]! : Math.max(0, sc.moveCost[sc.map.terrain[entry]! * CLASSES + mc]!)) + groundPenalty(sc, i, entry, road);
}

/** Whether unit i waits in a reinforcement column. */
export function inColumn(s: State, i: number): boolean {
  return (s.u[i]![FLAGS]! & F_IN_COLUMN) !== 0;
}

/** Cost x MP_SCALE of entering the map at `entry` from a reinforcement column (S-08 L64), or -1. */
export function entryCost(sc: Scenario, i: number, entry: Hex): number {
  const mc = sc.units[i]!.moveClass;
  return sc.map.anySide(entry, ROAD) ? sc.roadCost[mc]! : sc.moveCost[sc.map.terrain[entry]! * CLASSES + mc]!;
}

/**
 * The path unit i takes from `from` to `to` within `budget` (x MP_SCALE), as pairs: a hex entered, then the
 * MP x MP_SCALE it cost. The mover's player would pick it; the engine picks for him the path entering hexes
 * the fewest enemy units can fire at (`risk` of each hex), the cheapest among those, and the cheapest path
 * when that one costs too much (ruling SPG-R49). Empty when `to` is `from`; undefined when out of reach.
 */
export function planPath(
  sc: Scenario,
  s: State,
  i: number,
  from: Hex,
  to: Hex,
  budget: number,
  risk: (h: Hex) => number,
): number[] | undefined {
  if (from === to) return [];
  const enemies = sharedEnemyPresence(sc, s, sc.units[i]!.side);
  const grid = sc.map.grid;
  const step = unitStepCost(sc, s, i, enemies, from);
  // Labels of the hexes reached by the current search (those whose `seen` holds its number): the risk and
  // cost of the best path found to them and the hex before them on it.
  const size = grid.size;
  const seen = new Uint8Array(size);
  const riskOf = new Float64Array(size);
  const costOf = new Int32Array(size);
  const prevOf = new Int32Array(size);
  const search = (riskFirst: boolean, mark: number): void => {
    seen[from] = mark;
    riskOf[from] = 0;
    costOf[from] = 0;
    prevOf[from] = -1;
    const frontier: Hex[] = [from];
    for (let head = 0; head < frontier.length; head++) {
      const h = frontier[head]!;
      const lRisk = riskOf[h]!,
        lCost = costOf[h]!;
      for (let k = 0; k < 6; k++) {
        const n = grid.neighbour(h, k);
        if (n < 0) continue;
        const c = step(h, n, k);
        if (c < 0 || lCost + c > budget) continue;
        const cost = lCost + c,
          r = lRisk + risk(n);
        const old = seen[n] === mark;
        const better =
          !old ||
          (riskFirst
            ? r < riskOf[n]! || (r === riskOf[n]! && cost < costOf[n]!)
            : cost < costOf[n]! || (cost === costOf[n]! && r < riskOf[n]!));
        if (!better) continue;
        seen[n] = mark;
        riskOf[n] = r;
        costOf[n] = cost;
        prevOf[n] = h;
        frontier.push(n);
      }
    }
  };
  search(true, 1);
  if (seen[to] !== 1) search(false, 2);
  if (seen[to] === 0) return undefined;
  const out: number[] = [];
  for (let h = to; h !== from; ) {
    const prev = prevOf[h]!;
    out.push(costOf[h]! - costOf[prev]!, h);
    h = prev;
  }
  return out.reverse();
}
