/**
 * The Basic Game's figures as pure functions of the scenario and a state: spotting (4.1), AP fire (4.4.3)
 * and movement (4.5). Nothing here rolls a die or changes a state.
 */
import { RecentMemo } from '../../core/memo.js';
import { Arc } from '../../hex/grid.js';
import { dualFireModifier } from './advanced/dual-fire.js';
import { gradeApModifier } from './advanced/grades.js';
import { gpExcluded, gpMaxRange } from './advanced/gp-fire.js';
import { fireDamaged, movementDamaged } from './advanced/hit-locations.js';
import { legAllowance, legDestinations } from './advanced/legs.js';
import { smokeModifier } from './advanced/smoke.js';
import { CLIFF, CREST, HEDGEROW, isLeg, isLegOrTowed, ROAD, type Scenario, TRACK, type VehicleDef } from './scenario.js';
import {
  alive,
  BU_WRECK,
  FIRE,
  MOUNTED,
  MOVE,
  OK,
  NOT_SUPPRESSED,
  SHORT_HALT,
  SPOT_FIRE,
  SPOT_FIRE_SA,
  SPOT_MOVE,
  type State,
  type Step,
  type Unit,
  withUnit,
} from './state.js';

// --- Stacking (3.8) -------------------------------------------------------------------------------

/** Live vehicles and towed units in hex h (5.13: leg units do not count). */
export function vehiclesIn(sc: Scenario, state: State, h: number): number {
  let n = 0;
  state.units.forEach((u, i) => {
    if (alive(u) && u.hex === h && !isLeg(sc.units[i]!)) n++;
  });
  return n;
}

/** 3.8, 5.13: a hex holding the chart's number of vehicles and towed units (wrecks and leg units not counted) or more is over-stacked. */
export function overStacked(sc: Scenario, state: State, h: number): boolean {
  return vehiclesIn(sc, state, h) >= sc.charts.overStacked.value;
}

// --- Spotting (4.1) -------------------------------------------------------------------------------

/**
 * 4.1.3: spotting range to a target: row 0 shifted by the target's cover (4.1.3.2: none when over-stacked)
 * and its SPOT marker, the net clamped to +2..-5, read in the V column.
 */
export function spottingRange(sc: Scenario, state: State, target: number, spotter = -1): number {
  const u = state.units[target]!;
  const m = sc.charts.modifiers;
  let row = 0;
  if (!overStacked(sc, state, u.hex)) {
    const cover = sc.terrain[sc.map.terrain[u.hex]!]!.spotCover;
    if (cover !== 'none') row += m.spotCover[cover].value;
  }
  if (u.mark === SPOT_MOVE) row += m.spotMove.value;
  else if (u.mark === SPOT_FIRE) row += m.spotFire.value;
  // 6.1.3: a unit that fired small arms only is one row up (SPOT/FIRE SA +1).
  else if (u.mark === SPOT_FIRE_SA) row += 1;
  // 6.1.3.1: a suppressed spotter is two rows down; 6.1.3.2: a target in Full Cover two, a spotter in it four.
  if (spotter >= 0 && state.units[spotter]!.sup !== NOT_SUPPRESSED) row += sc.adv!.modifiers.spotSuppressed.value;
  if (u.fc) row += sc.adv!.modifiers.spotFullCoverTarget.value;
  if (spotter >= 0 && state.units[spotter]!.fc) row += sc.adv!.modifiers.spotFromFullCover.value;
  // 6.1.3.3: a Recon vehicle, leg or towed unit spots one row up.
  if (spotter >= 0 && sc.units[spotter]!.recon) row += 1;
  row = Math.max(-5, Math.min(2, row));
  // 6.1.3: leg and towed targets are read in the L or S column.
  const column = sc.units[target]!.sizeClass;
  if (column !== 'V' && sc.adv !== null) return sc.adv.spotting[column][2 - row]!.range;
  return sc.spotRange[2 - row]!;
}

/** 4.1.1, 4.1.2: whether armed vehicle `spotter` spots `target` itself now (range and line of sight, all round). */
export function spots(sc: Scenario, state: State, spotter: number, target: number): boolean {
  const s = state.units[spotter]!;
  const t = state.units[target]!;
  // 4.1.1: combat units spot; 6.1.1: every leg and towed unit spots.
  if (!alive(s) || !alive(t) || !(sc.units[spotter]!.armed || isLegOrTowed(sc.units[spotter]!))) return false;
  if (sc.units[spotter]!.side === sc.units[target]!.side) return false;
  if (sc.map.grid.distance(s.hex, t.hex) > spottingRange(sc, state, target, spotter)) return false;
  // 6.1.3.1: a suppressed unit spots only to its front 60 degrees.
  if (s.sup !== NOT_SUPPRESSED && !sc.map.grid.inCone(s.hex, s.facing, t.hex)) return false;
  return sc.map.hasLos(s.hex, t.hex);
}

/**
 * 4.1.1 for a shot: whether `firer` spots `target` itself. A passenger (6.6.7.2) makes its own spotting
 * attempt from its carrier's hex, as the unit it is.
 */
function firerSpots(sc: Scenario, state: State, firer: number, target: number): boolean {
  const f = state.units[firer]!;
  if (f.status !== MOUNTED) return spots(sc, state, firer, target);
  if (!sc.modules.transport || !alive(state.units[f.carrier]!)) return false;
  return spots(sc, { ...state, units: withUnit(state.units, firer, { status: OK }) }, firer, target);
}

/** 4.1.1: whether any vehicle of the other side spots `target` now. */
export function spottedBySide(sc: Scenario, state: State, target: number): boolean {
  const side = sc.units[target]!.side;
  for (let i = 0; i < state.units.length; i++) if (sc.units[i]!.side !== side && spots(sc, state, i, target)) return true;
  return false;
}

// --- AP fire (4.4.3) ------------------------------------------------------------------------------

/** 4.4.3.2.1: the band (0 P .. 4 E) of a range, the first R value at or above it; -1 beyond E (3.5.2). */
export function bandOf(def: VehicleDef, range: number): number {
  for (let b = 0; b < 5; b++) if (range <= def.range[b]!) return b;
  return -1;
}

/** 4.4.3.1: whether `target` is in the firer's field of fire (fixed mounts: the 60-degree front or rear arc). */
export function inFieldOfFire(sc: Scenario, state: State, firer: number, target: number): boolean {
  const def = sc.units[firer]!;
  const f = state.units[firer]!;
  // 5.1: a leg unit fires all round unless suppressed, then to its front 60 degrees.
  if (isLeg(def) && f.sup !== NOT_SUPPRESSED) return sc.map.grid.inCone(f.hex, f.facing, state.units[target]!.hex);
  if (def.arc === 'all') return true;
  const facing = def.arc === 'front' ? f.facing : (f.facing + 3) % 6;
  return sc.map.grid.inCone(f.hex, facing, state.units[target]!.hex);
}

/**
 * 4.4.3: whether `firer` may fire AP at `target` now: armed, has not fired this turn, the target an enemy
 * vehicle it spots itself (4.1.1), within the maximum range (3.5.2) and its field of fire.
 */
export function canFireAt(sc: Scenario, state: State, firer: number, target: number, dual = false): boolean {
  const f = state.units[firer]!;
  // 6.5.2: AP fire only at vehicles. 5.14: a Dual Fire weapon may fire after the unit's own (dual).
  if ((f.fired && !dual) || isLegOrTowed(sc.units[target]!) || !firerSpots(sc, state, firer, target)) return false;
  // 5.1.3.4: an HHATW does not fire from a carrier.
  if (f.status === MOUNTED && sc.units[firer]!.apHhatw) return false;
  const range = sc.map.grid.distance(f.hex, state.units[target]!.hex);
  if (bandOf(sc.units[firer]!, range) < 0) return false;
  return inFieldOfFire(sc, state, firer, target);
}

/**
 * 6.5.4: whether `firer` may fire GP at `target` now: the GP module on, a GP row reaching the range, the
 * target a unit it spots itself, in its field of fire; one shot per unit per turn (ruling PZ-R17).
 */
export function canFireGpAt(sc: Scenario, state: State, firer: number, target: number, dual = false): boolean {
  if (!sc.modules.gpFire || sc.units[firer]!.gp.length === 0) return false;
  const f = state.units[firer]!;
  // 5.14: `dual`, with the Dual Fire weapons' rows, which may fire after the unit's own.
  if ((f.fired && !dual) || !firerSpots(sc, state, firer, target)) return false;
  const range = sc.map.grid.distance(f.hex, state.units[target]!.hex);
  if (range < 1 || range > gpMaxRange(sc, firer, dual, gpExcluded(sc, state, firer, target))) return false;
  return inFieldOfFire(sc, state, firer, target);
}

/** Brew-up smoke counters on the line of fire: the firer's hex, the hexes between, the target's (4.1.4.1.9). */
export function smokeOnLine(sc: Scenario, state: State, a: number, b: number): number {
  let n = (state.wrecks[a] === BU_WRECK ? 1 : 0) + (state.wrecks[b] === BU_WRECK ? 1 : 0);
  const [left, right] = sc.map.grid.linePaths(a, b);
  let l = 0;
  let r = 0;
  for (let k = 0; k < left.length - 1; k++) if (left[k]! >= 0 && state.wrecks[left[k]!] === BU_WRECK) l++;
  for (let k = 0; k < right.length - 1; k++) if (right[k]! >= 0 && state.wrecks[right[k]!] === BU_WRECK) r++;
  n += Math.max(l, r);
  return n;
}

export interface ShotFigures {
  readonly band: number;
  /** Net modifier, clamped to +5..-10 (4.4.3.2.3). */
  readonly modifier: number;
  readonly hitNumber: number;
  /** Penetration minus armor for the aspect hit (4.4.3.2.4-5). */
  readonly margin: number;
}

/**
 * 4.4.3.2: the figures of a shot. `moving`: the target's owner revealed MOVE/SHORT HALT. The aspect is
 * front or rear by the hexside of the target the line crosses; on the boundary the owner takes the better
 * armor (4.4.3.2.4, ruling PZ-R3).
 */
export function shotFigures(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  moving: boolean,
  dual = false,
): ShotFigures {
  const grid = sc.map.grid;
  const f = state.units[firer]!;
  const t = state.units[target]!;
  const fd = sc.units[firer]!;
  const td = sc.units[target]!;
  const m = sc.charts.modifiers;
  const band = bandOf(fd, grid.distance(f.hex, t.hex));
  let mod = td.size;
  if (moving) mod += m.targetMoving.value;
  if (!overStacked(sc, state, t.hex)) {
    const cover = sc.terrain[sc.map.terrain[t.hex]!]!.apCover;
    if (cover !== 'none') mod += m.apCover[cover].value;
  }
  if (f.cmd === SHORT_HALT && f.ordered) mod += m.shortHalt.value;
  if (fireDamaged(sc, f)) mod += m.damaged.value;
  // 6.5.2.4: a suppressed shooter.
  if (f.sup !== NOT_SUPPRESSED) mod += sc.adv!.modifiers.apFirerSuppressed.value;
  // 6.6.7.2: a passenger firing AP from its carrier (an attached anti-tank rifle).
  if (f.status === MOUNTED) mod += sc.adv!.transport!.transportedAp.value;
  mod += smokeOnLine(sc, state, f.hex, t.hex) * m.brewUpSmoke.value;
  // 6.5.2.4: Smoke and Barrages on the line of fire.
  mod += smokeModifier(sc, state, f.hex, t.hex, 'ap');
  if (overwatch) mod += inCone(sc, state, firer, target) ? m.overwatchInside.value : m.overwatchOutside.value;
  // 5.14: the Dual Fire weapon's shot when the unit's own weapon fires too.
  if (dual) mod += dualFireModifier(sc, state, firer, target, false);
  // 6.5.2.4: the firer's Unit Grade by range band (5.8.3).
  if (sc.modules.commandControl) mod += gradeApModifier(sc, firer, band);
  const modifier = Math.max(-10, Math.min(5, mod));
  const hitNumber = band < 0 ? 0 : sc.hit[(5 - modifier) * 5 + band]!;
  const arcs = grid.arcsOf(t.hex, t.facing, f.hex);
  const front = (arcs & ((1 << Arc.Front) | (1 << Arc.FrontFlank))) !== 0;
  const rear = (arcs & ((1 << Arc.Rear) | (1 << Arc.RearFlank))) !== 0;
  const armor = front && rear ? Math.max(td.armorFront, td.armorRear) : front ? td.armorFront : td.armorRear;
  return { band, modifier, hitNumber, margin: (band < 0 ? 0 : fd.pen[band]!) - armor };
}

/** Overwatch inside the front (or a fixed mount's) field of fire: -1; outside it (turreted only): -3. */
export function inCone(sc: Scenario, state: State, firer: number, target: number): boolean {
  const def = sc.units[firer]!;
  const f = state.units[firer]!;
  const facing = def.arc === 'rear' ? (f.facing + 3) % 6 : f.facing;
  return sc.map.grid.inCone(f.hex, facing, state.units[target]!.hex);
}

/** 4.4.3.2.6: damage by margin: -1 none, 0 damaged, 1 knocked out, 2 brewed up. */
export function damageOf(margin: number): number {
  if (margin < 0) return -1;
  if (margin <= 3) return 0;
  if (margin <= 9) return 1;
  return 2;
}

/** Whether the target's moving modifier applies: its owner revealed MOVE or SHORT HALT. */
export function movingShown(u: Unit): boolean {
  return u.movingShown && (u.cmd === MOVE || u.cmd === SHORT_HALT);
}

/** Whether a command lets the unit fire in the Direct Fire Step. */
export function firesInDirectStep(u: Unit): boolean {
  return u.ordered && (u.cmd === FIRE || u.cmd === SHORT_HALT);
}

// --- Movement (4.5) -------------------------------------------------------------------------------

/** 3.7: MF after SHORT HALT and damage halvings, rounded down, at least 1. */
export function movementAllowance(base: number, shortHalt: boolean, damaged: boolean): number {
  let mf = base;
  if (shortHalt) mf /= 2;
  if (damaged) mf /= 2;
  return Math.max(1, Math.floor(mf));
}

/**
 * The MF of unit u's move: 3.7 for vehicles (cross-country or road), halved again when suppressed
 * (6.6.2); leg and towed units by 6.6.4.1.
 */
export function moveAllowance(sc: Scenario, state: State, u: number, road: boolean, path = false): number {
  const def = sc.units[u]!;
  const unit = state.units[u]!;
  const suppressed = unit.sup !== NOT_SUPPRESSED;
  if (isLegOrTowed(def)) return legAllowance(def, unit.cmd === SHORT_HALT, suppressed);
  const base = movementAllowance(path ? def.pathMf : road ? def.roadMf : def.mf, unit.cmd === SHORT_HALT, movementDamaged(sc, unit));
  // 6.6.7.1.1: mounting or dismounting passengers spends half the MF (round down).
  const mf = unit.transferred ? base - Math.floor(base / 2) : base;
  return suppressed ? Math.max(1, Math.floor(mf / 2)) : mf;
}

/** Height limit of one hex's move by traction (4.5.1.1.2): tracked and half-tracked 2, wheeled 1. */
const HEIGHT_LIMIT = { T: 2, H: 2, W: 1 } as const;

/** A move's destination: hex (-1 off the map) and facing, with the route that reaches it. */
export interface Destination {
  readonly hex: number;
  readonly facing: number;
  readonly cost: number;
  readonly road: boolean;
  readonly steps: readonly Step[];
}

/**
 * 4.5.1.1.2: MF to enter hex `to` from `from` for `def`, or -1 when it may not: the terrain cost for its
 * traction, one per level of height changed (the limit by traction), +1 for brew-up smoke (4.1.4.1.9);
 * a road-only hex (bridge, heavy woods) only across a road hexside (4.5.1.1.6).
 */
export function enterCost(sc: Scenario, state: State, def: VehicleDef, from: number, to: number, dir: number): number {
  const c = mapEnterCosts(sc, def.traction)[from * 6 + dir]!;
  if (c < 0 || c === HEDGEROW_COST) return c;
  return c + (state.wrecks[to] === BU_WRECK ? 1 : 0);
}

/** Per scenario and traction, what the map alone makes each hex's exits cost (enterCost less wrecks): -1 where barred. */
const ENTER_COSTS = new WeakMap<Scenario, Partial<Record<VehicleDef['traction'], Int16Array>>>();

function mapEnterCosts(sc: Scenario, traction: VehicleDef['traction']): Int16Array {
  let byTraction = ENTER_COSTS.get(sc);
  if (byTraction === undefined) ENTER_COSTS.set(sc, (byTraction = {}));
  let table = byTraction[traction];
  if (table !== undefined) return table;
  const map = sc.map;
  table = new Int16Array(map.grid.size * 6).fill(-1);
  for (let from = 0; from < map.grid.size; from++)
    for (let dir = 0; dir < 6; dir++) {
      const to = map.grid.neighbour(from, dir);
      if (to >= 0) table[from * 6 + dir] = mapEnterCost(sc, traction, from, to, dir);
    }
  byTraction[traction] = table;
  return table;
}

function mapEnterCost(sc: Scenario, traction: VehicleDef['traction'], from: number, to: number, dir: number): number {
  const map = sc.map;
  const tTo = sc.terrain[map.terrain[to]!]!;
  const tFrom = sc.terrain[map.terrain[from]!]!;
  const side = map.hexside(from, dir);
  const acrossTrack = (side & TRACK) !== 0;
  if ((tTo.roadOnly || tFrom.roadOnly) && !acrossTrack) return -1;
  // 4.1.4.1.5: a hill edge with no slope is a cliff; 4.5.1.1.2: only tracked vehicles cross a hedgerow.
  if (side & CLIFF || (side & HEDGEROW && traction !== 'T')) return -1;
  const base = tTo.roadOnly ? 1 : tTo.move[traction];
  if (base === null) return -1;
  const climb = Math.abs(map.elevation[to]! - map.elevation[from]!);
  if (climb > HEIGHT_LIMIT[traction]) return -1;
  // 4.5.1.1.2: a hedgerow costs the whole allowance (crossed only as the one-hex move of 4.5.1.1.3); a crest
  // with no change of level is a rise of its own: +1 (ruling PZ-R45).
  if (side & HEDGEROW) return HEDGEROW_COST;
  const crest = side & CREST && climb === 0 ? 1 : 0;
  return base + climb + crest;
}

/** Above any movement allowance: a hedgerow hexside is crossed only as a vehicle's whole move (4.5.1.1.2-3). */
export const HEDGEROW_COST = 99;

/** 4.5.1.1.4: cost of a turn that is not the hex's free hexside turn. */
function turnCost(sc: Scenario, state: State, def: VehicleDef, h: number): number {
  const t = sc.terrain[sc.map.terrain[h]!]!;
  const c = t.roadOnly ? 1 : (t.turn[def.traction] ?? 1);
  return c + (state.wrecks[h] === BU_WRECK ? 1 : 0);
}

/** Whether a side may leave the map from hex h going in direction d (4.5.1.1.9). */
export function exitAllowed(sc: Scenario, side: number, h: number, d: number): boolean {
  const edge = sc.sides[side]!.exitEdge;
  if (edge === null || sc.map.grid.neighbour(h, d) >= 0) return false;
  const grid = sc.map.grid;
  if (edge === 'N') return grid.row(h) === 0 && (d === 0 || d === 1 || d === 5);
  if (edge === 'S') return grid.row(h) === grid.height - 1 && (d === 2 || d === 3 || d === 4);
  if (edge === 'E') return grid.col(h) === grid.width - 1 && (d === 1 || d === 2);
  return grid.col(h) === 0 && (d === 4 || d === 5);
}

/** A destination whose route is traced back from the search only when asked for (most listed moves are never taken). */
class RoutedDestination implements Destination {
  readonly road = false;
  private traced: readonly Step[] | undefined;
  constructor(
    readonly hex: number,
    readonly facing: number,
    readonly cost: number,
    private readonly trace: () => Step[],
  ) {}
  get steps(): readonly Step[] {
    this.traced ??= this.trace();
    return this.traced;
  }
}

/**
 * Every place (hex and facing) vehicle `u` may end its move at, with the cheapest route (4.5.1.1):
 * forward into the hex faced, reverse at twice the cost (4.5.1.1.7), one free hexside turn per hex and
 * the terrain's turn cost for any other (4.5.1.1.4); the 1-hex minimum move (4.5.1.1.3); the road rate
 * when the whole route keeps to the road with no wreck, enemy or over-stacked hex on it (4.5.1.1.5);
 * leaving the map at the side's exit edge (4.5.1.1.9); never ending with enemy vehicles (4.5.1.1.10).
 * Staying where it stands is the no-move move (4.5.1.1.8).
 */
export function destinations(sc: Scenario, state: State, u: number): readonly Destination[] {
  // Listed for the legal actions, then looked up again when the move is applied to the same state.
  let byUnit = DESTINATIONS.get(state);
  if (byUnit === undefined) DESTINATIONS.set(state, (byUnit = new Map()));
  let found = byUnit.get(u);
  if (found === undefined) byUnit.set(u, (found = searchDestinations(sc, state, u)));
  return found;
}

/** The destinations of the last few states, by unit (a WeakMap by state costs the collector more than it saves). */
const DESTINATIONS = new RecentMemo<State, Map<number, readonly Destination[]>>(4);

function searchDestinations(sc: Scenario, state: State, u: number): Destination[] {
  const def = sc.units[u]!;
  if (isLegOrTowed(def)) return legDestinations(sc, state, u);
  const unit = state.units[u]!;
  const mf = moveAllowance(sc, state, u, false);
  const grid = sc.map.grid;
  const size = grid.size;
  // Nodes: (hex * 6 + facing) * 2 + (free turn used in this hex). Dijkstra by MF (small integers: bucket queue).
  const nodes = size * 12;
  const cost = new Int32Array(nodes).fill(-1);
  const parent = new Int32Array(nodes).fill(-1);
  const kind = new Int8Array(nodes); // 0 start, 1 enter, 2 turn
  const start = (unit.hex * 6 + unit.facing) * 2;
  const buckets: number[][] = [[start]];
  cost[start] = 0;
  const exitCost = new Map<number, { cost: number; from: number; facing: number }>();
  const relax = (n: number, c: number, from: number, k: number) => {
    if (c > mf) return;
    if (cost[n] !== -1 && cost[n]! <= c) return;
    cost[n] = c;
    parent[n] = from;
    kind[n] = k;
    (buckets[c] ??= []).push(n);
  };
  // The turn costs and the cost of entering each neighbour are the same from every node of a hex: found once per hex reached.
  const hexTurnCost = new Int32Array(size).fill(-1);
  const forward = (h: number, dir: number, c: number, n: number, f: number, mult: number) => {
    const to = grid.neighbour(h, dir);
    if (to < 0) {
      if (mult === 1 && exitAllowed(sc, def.side, h, dir)) {
        const t = sc.terrain[sc.map.terrain[h]!]!;
        const ec = c + (t.move[def.traction] ?? 1);
        if (ec <= mf && (exitCost.get(h)?.cost ?? 1e9) > ec) exitCost.set(h, { cost: ec, from: n, facing: f });
      }
      return;
    }
    const e = enterCost(sc, state, def, h, to, dir);
    if (e >= 0) relax((to * 6 + f) * 2, c + e * mult, n, 1);
  };
  for (let c = 0; c <= mf; c++) {
    const bucket = buckets[c];
    if (!bucket) continue;
    for (const n of bucket) {
      if (cost[n] !== c) continue;
      const used = n & 1;
      const f = (n >> 1) % 6;
      const h = ((n >> 1) / 6) | 0;
      forward(h, f, c, n, f, 1);
      forward(h, (f + 3) % 6, c, n, f, 2); // 4.5.1.1.7: reverse at twice the cost
      let tc = hexTurnCost[h]!;
      if (tc < 0) hexTurnCost[h] = tc = turnCost(sc, state, def, h);
      // 4.5.1.1.4: one free hexside turn per hex; any other turn pays the terrain's turn cost.
      const base = h * 12;
      if (used === 0) {
        relax(base + ((f + 1) % 6) * 2 + 1, c, n, 2);
        relax(base + ((f + 5) % 6) * 2 + 1, c, n, 2);
      } else {
        relax(base + ((f + 1) % 6) * 2 + 1, c + tc, n, 2);
        relax(base + ((f + 5) % 6) * 2 + 1, c + tc, n, 2);
      }
      relax(base + ((f + 2) % 6) * 2 + used, c + tc, n, 2);
      relax(base + ((f + 4) % 6) * 2 + used, c + tc, n, 2);
      relax(base + ((f + 3) % 6) * 2 + used, c + tc, n, 2);
    }
  }
  // 4.5.1.1.10: no ending with enemy vehicles, unless an armed mover enters a hex of unarmed ones only (it knocks them out).
  const barred = new Uint8Array(size);
  for (let i = 0; i < state.units.length; i++) {
    const o = state.units[i]!;
    const d = sc.units[i]!;
    if (o.hex >= 0 && alive(o) && d.side !== def.side && (d.armed || !def.armed)) barred[o.hex] = 1;
  }
  const enemyIn = (h: number) => barred[h] === 1;
  const routeTo = (n: number): Step[] => {
    const steps: Step[] = [];
    for (let x = n; x !== start && x >= 0; x = parent[x]!) {
      const f = (x >> 1) % 6;
      const h = ((x >> 1) / 6) | 0;
      steps.push({ kind: kind[x] === 1 ? 'enter' : 'turn', hex: h, facing: f, spent: cost[x]! });
    }
    return steps.reverse();
  };
  const best = new Map<number, Destination>();
  // Node pairs (free turn unused, used) of one hex and facing are adjacent: the cheaper wins, the unused on a tie.
  for (let key = 0; key < size * 6; key++) {
    const c0 = cost[key * 2]!;
    const c1 = cost[key * 2 + 1]!;
    if (c0 === -1 && c1 === -1) continue;
    const h = (key / 6) | 0;
    if (h !== unit.hex && enemyIn(h)) continue;
    const n = c0 !== -1 && (c1 === -1 || c0 <= c1) ? key * 2 : key * 2 + 1;
    best.set(key, new RoutedDestination(h, key % 6, cost[n]!, () => routeTo(n)));
  }
  // 4.5.1.1.3: one hex forward or back is always allowed as the whole move (no MF spent turning).
  for (const [dir, mult] of [
    [unit.facing, 1],
    [(unit.facing + 3) % 6, 2],
  ] as const) {
    const to = grid.neighbour(unit.hex, dir);
    if (to < 0 || enemyIn(to)) continue;
    const full = enterCost(sc, state, def, unit.hex, to, dir);
    if (full < 0) continue;
    // Crossing a hedgerow spends the whole allowance (4.5.1.1.2).
    const e = full === HEDGEROW_COST ? mf : full;
    const key = to * 6 + unit.facing;
    if (!best.has(key))
      best.set(key, {
        hex: to,
        facing: unit.facing,
        cost: e * mult,
        road: false,
        steps: [{ kind: 'enter', hex: to, facing: unit.facing, spent: e * mult }],
      });
  }
  for (const [h, x] of exitCost) {
    const key = -1 - h;
    const steps = routeTo(x.from);
    steps.push({ kind: 'exit', hex: h, facing: x.facing, spent: x.cost });
    best.set(key, { hex: -1, facing: x.facing, cost: x.cost, road: false, steps });
  }
  // The road rate where the cross-country rules do not reach the same place and facing.
  for (const d of roadDestinations(sc, state, u, enemyIn)) if (!best.has(d.hex * 6 + d.facing)) best.set(d.hex * 6 + d.facing, d);
  return [...best.values()];
}

/**
 * 4.5.1.1.5: moves along roads and paths at 1 MF a hex, starting facing along one; the facing follows it.
 * The rate is the road MF or the path MF (halved like the rest, 3.7) by which of the two the route runs
 * along for more hexes, the path's on a tie. A wreck, an enemy vehicle or an over-stacked hex on the
 * route denies the road rate; a change of height costs one less than it would (4.5.1.1.5), within the
 * limit by traction.
 */
function roadDestinations(sc: Scenario, state: State, u: number, enemyIn: (h: number) => boolean): Destination[] {
  const def = sc.units[u]!;
  const unit = state.units[u]!;
  const map = sc.map;
  const grid = map.grid;
  if ((map.hexside(unit.hex, unit.facing) & TRACK) === 0) return [];
  const roadMf = moveAllowance(sc, state, u, true);
  const pathMf = def.pathMf === def.roadMf ? roadMf : moveAllowance(sc, state, u, true, true);
  const mf = Math.max(roadMf, pathMf);
  const out: Destination[] = [];
  const seen = new Set<number>([unit.hex]);
  let frontier: { hex: number; facing: number; steps: Step[]; spent: number; roads: number }[] = [
    { hex: unit.hex, facing: unit.facing, steps: [], spent: 0, roads: 0 },
  ];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const p of frontier) {
      for (let d = 0; d < 6; d++) {
        const side = map.hexside(p.hex, d) & TRACK;
        if (side === 0) continue;
        if (p.steps.length === 0 && d !== unit.facing) continue;
        const to = grid.neighbour(p.hex, d);
        if (to < 0 || seen.has(to)) continue;
        if (state.wrecks[to] !== 0 || enemyIn(to) || overStacked(sc, state, to)) continue;
        const climb = Math.abs(map.elevation[to]! - map.elevation[p.hex]!);
        if (climb > HEIGHT_LIMIT[def.traction]) continue;
        const spent = p.spent + 1 + Math.max(0, climb - 1);
        if (spent > mf) continue;
        const roads = p.roads + ((side & ROAD) !== 0 ? 1 : 0);
        const hexes = p.steps.length + 1;
        // The road rate when more of the route is road than path; the path rate otherwise.
        if (spent > (roads * 2 > hexes ? roadMf : pathMf)) continue;
        seen.add(to);
        const steps = [...p.steps, { kind: 'enter' as const, hex: to, facing: d, spent }];
        next.push({ hex: to, facing: d, steps, spent, roads });
        out.push({ hex: to, facing: d, cost: spent, road: true, steps });
      }
    }
    frontier = next;
  }
  return out;
}
