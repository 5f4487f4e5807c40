/**
 * Panzer Leader combat arithmetic: the Weapons Effectiveness Chart (VII.F), range and elevation effects
 * (VII.B.3, VII.H), defence strengths of stacks and carriers (V.C.3-5, VII.F.2.c), the odds-ratio CRT on
 * one die (VII.A) and what a result does (dispersal, elimination, wrecks: VIII).
 */
import { tableResult } from '../../hex/tables.js';
import type { Hex } from '../../hex/grid.js';
import type { CounterEntry } from './formats.js';
import type { Scenario } from './scenario.js';
import { insideFort, roomFor, streamAt } from './movement.js';
import { CARRIER, type Draft, ELIMINATED, F_DISPERSED, F_IN_FORT, F_SPOTTED, HEX } from './state.js';

/** VII.F.2.a: half range rounds down (half of 9 is 4). */
export function halfRange(range: number): number {
  return Math.floor(range / 2);
}

/**
 * The WEC multiplier of one attacker's AS against a target type (VII.F.2, digest 4.4): 0 where the weapon
 * is ineffective (I against armour, VII.E.7). `direct` is false for indirect fire (always "beyond 6 hexes"
 * for (H), VII.F.2.f).
 */
export function weaponFactor(c: CounterEntry, armoured: boolean, distance: number, direct: boolean): number {
  switch (c.weapon) {
    case 'I':
      if (armoured) return 0;
      return c.rangeAsterisk && distance > c.range ? 0.5 : 1; // VII.B.3: asterisk range at half AS
    case 'A':
      if (!armoured) return 0.5;
      return distance <= halfRange(c.range) ? 2 : 1; // doubled at half range or less (XVII Hetzer)
    case 'H':
    case '(H)':
      return armoured && !(direct && distance <= 6) ? 0.5 : 1;
    case 'M':
      return armoured ? 0.5 : 1;
    default:
      return 0;
  }
}

/** The farthest a unit may direct-fire (VII.B.3: twice an asterisk range). */
export function maxRange(c: CounterEntry): number {
  return c.rangeAsterisk ? 2 * c.range : c.range;
}

/** Whether a unit in hex h counts as an armoured target: its UFT type, or any unit in a town (VII.F.2.c) or at sea (XI.D.3). */
export function armouredTarget(sc: Scenario, unit: number, h: Hex): boolean {
  const t = sc.map.terrain[h]!;
  return sc.town[t]! || sc.sea[t]! || sc.units[unit]!.c.target === 'A';
}

/** The die modifier of fire at the units in h: the terrain's (A15), +2 against a DD tank at sea (XI.D.4). */
export function fireDrm(d: Draft, h: Hex): number {
  const sc = d.sc;
  const t = sc.map.terrain[h]!;
  const dd = sc.sea[t]! && d.unitsIn(h).some((i) => sc.units[i]!.c.dd);
  return sc.drm[t]! + (dd ? SEA_DD_DRM : 0);
}

/** XI.D.3: the defence strength of a landing craft (any unit at sea but a DD tank). */
export const LANDING_CRAFT_DS = 8;
/** XI.D.4: added to the die against a DD tank at sea. */
export const SEA_DD_DRM = 2;

/**
 * The target type a set of targets presents to one attacker (VII.F.2.b): the predominant type by counters
 * (passengers ignored; the units inside a fort, `inside`, are one armoured counter, IX.C.3, VII.F.2.d); a tie
 * counts as whichever type is less favourable to that attacker.
 */
export function stackFactor(
  sc: Scenario,
  c: CounterEntry,
  targets: readonly number[],
  h: Hex,
  distance: number,
  direct: boolean,
  inside: readonly number[] = [],
  emptyFort = false,
): number {
  return predominantFactor(sc, targets, h, inside, emptyFort, (armoured) => weaponFactor(c, armoured, distance, direct));
}

/**
 * VII.F.2.b: the factor `factor` gives against the predominant target type of a set of targets (counters,
 * passengers ignored; the units inside a fort, or an empty fort counted as a counter of its hex, are one
 * armoured counter, IX.C.3, IX.C.10); a tie counts as the less favourable type.
 */
export function predominantFactor(
  sc: Scenario,
  targets: readonly number[],
  h: Hex,
  inside: readonly number[],
  emptyFort: boolean,
  factor: (armoured: boolean) => number,
): number {
  let armoured = 0;
  let soft = 0;
  let fort = emptyFort;
  for (const t of targets) {
    if (inside.includes(t)) fort = true;
    else if (armouredTarget(sc, t, h)) armoured++;
    else soft++;
  }
  if (fort) armoured++;
  if (armoured > soft) return factor(true);
  if (soft > armoured) return factor(false);
  return Math.min(factor(true), factor(false));
}

/**
 * VII.H: direct fire at a slope or hilltop defender is halved, except hilltop against hilltop and an adjacent
 * attacker on the slope's level or above (units inside a fort and on top of it fire as if adjacent, IX.C.10.c).
 */
export function elevationFactor(sc: Scenario, from: Hex, to: Hex): number {
  const lt = sc.level[sc.map.terrain[to]!]!;
  const lf = sc.level[sc.map.terrain[from]!]!;
  if (lt === 0) return 1;
  if (lt === 2) return lf === 2 ? 1 : 0.5;
  return sc.map.grid.distance(from, to) <= 1 && lf >= 1 ? 1 : 0.5;
}

/** The range of fire from `from` at h: one hex within a fort hex, where the units inside and those on top fire at each other as if adjacent (IX.C.10.c). */
export function fireDistance(sc: Scenario, from: Hex, h: Hex): number {
  return Math.max(1, sc.map.grid.distance(from, h));
}

/**
 * Defence strength of a unit as a target: a truck or wagon with its passenger is 1 (V.C.3), a rider on a
 * German AFV attacked alone is 1 (V.C.6.a); otherwise its own DS (V.C.4).
 */
export function defenseOf(d: Draft, unit: number): number {
  const c = d.sc.units[unit]!.c;
  if (inFort(d, unit)) return d.sc.charts.fortDefense.value; // IX.C.3: the fort's DS only
  const h = d.hex(unit);
  if (h >= 0 && d.sc.sea[d.sc.map.terrain[h]!] && !c.dd) return LANDING_CRAFT_DS; // XI.D.3
  if (riding(d, unit)) return 1;
  if (c.softTransport && d.passengerOf(unit) >= 0) return 1;
  return c.defense;
}

/** IX.C.10: whether the unit stands inside a fortification. */
export function inFort(d: Draft, unit: number): boolean {
  return d.flag(unit, F_IN_FORT) && d.carrierOf(unit) < 0 && d.forts.includes(d.hex(unit));
}

/** The combined defence of a set of targets (VII.B.5): each its own DS, those inside a fort the fort's DS once (IX.C.3). */
export function targetDefense(d: Draft, targets: readonly number[]): number {
  let sum = 0;
  let fort = false;
  for (const t of targets) {
    if (inFort(d, t)) fort = true;
    else sum += defenseOf(d, t);
  }
  return sum + (fort ? d.sc.charts.fortDefense.value : 0);
}

/** A CRT result on a set of targets attacked together: each unit outside a fort, and the fort with everything inside it once. */
export function applyToTargets(d: Draft, targets: readonly number[], result: string): void {
  let fortHex = -1;
  for (const t of targets) {
    if (inFort(d, t)) fortHex = d.hex(t);
    else applyResult(d, t, result);
  }
  if (fortHex >= 0) fortResult(d, fortHex, result);
}

/**
 * IX.C.5, IX.C.12: a fortification eliminated goes with every unit inside it and leaves a single wreck
 * (VIII, three at most a hex); dispersed, the units inside are dispersed.
 */
export function fortResult(d: Draft, h: Hex, result: string): void {
  const inside = insideFort(d, h);
  if (result === 'X') {
    for (const i of inside) eliminate(d, i, false);
    d.forts = d.forts.filter((f) => f !== h);
    if (d.wrecks.filter((w) => w === h).length < 3) d.mut('wrecks').push(h);
    d.events && d.say(() => `the fortification at ${d.sc.map.grid.label(h)} is destroyed`);
  } else if (result === 'D') for (const i of inside) applyResult(d, i, 'D');
}

/** Puts unit i inside the fort of its hex if it stands in one with room for it (IX.C.10), else outside. */
export function settle(d: Draft, i: number): void {
  d.setFlag(i, F_IN_FORT, false);
  const h = d.hex(i);
  if (h >= 0 && d.carrierOf(i) < 0 && d.forts.includes(h) && insideFort(d, h).length < 4) {
    const inside = insideFort(d, h);
    if (inside.length === 0 || d.sc.units[inside[0]!]!.side === d.sc.units[i]!.side) d.setFlag(i, F_IN_FORT);
  }
}

/** Units (not passengers) in hex h. */
export function stackIn(d: Draft, h: Hex): number[] {
  return d.unitsIn(h);
}

/** Index of the CRT column for attack:defence (VII.A: rounded down to the column reached), or -1 below the lowest. */
export function oddsColumn(sc: Scenario, attack: number, defense: number): number {
  if (attack <= 0) return -1;
  const ratio = defense <= 0 ? Infinity : attack / defense;
  const cols = sc.crt.columns;
  if (ratio < cols[0]!) return -1;
  let i = 0;
  while (i + 1 < cols.length && cols[i + 1]! <= ratio) i++;
  return i;
}

/** A column shifted by `shift` (VII.D.4, VII.E.5), kept on the table. */
export function shifted(sc: Scenario, col: number, shift: number): number {
  if (col < 0) return col;
  return Math.max(0, Math.min(sc.crt.columns.length - 1, col + shift));
}

/** The column's name as the CRT prints it: "2-1", "1-2". */
export function columnName(sc: Scenario, col: number): string {
  const r = sc.crt.columns[col];
  if (r === undefined) return 'below the lowest column';
  return r >= 1 ? `${r}-1` : `1-${Math.round(1 / r)}`;
}

/** The CRT result of a modified roll (kept within the table's rows). */
export function crtResult(sc: Scenario, col: number, roll: number): string {
  if (col < 0) return '-';
  const r = Math.max(sc.crt.minRoll, Math.min(sc.crt.minRoll + sc.crt.results.length / sc.crt.columns.length - 1, roll));
  return tableResult(sc.crt, col, r);
}

/** Chances of elimination and dispersal at a column with a die modifier. */
export function chances(sc: Scenario, col: number, drm: number): { x: number; d: number } {
  let x = 0,
    dd = 0;
  for (let r = 1; r <= 6; r++) {
    const res = crtResult(sc, col, r + drm);
    if (res === 'X') x++;
    else if (res === 'D') dd++;
  }
  return { x: x / 6, d: dd / 6 };
}

/** Whether unit is carried by a German AFV (V.C.6.a: a rider). */
function riding(d: Draft, unit: number): boolean {
  const c = d.carrierOf(unit);
  return c >= 0 && d.sc.units[c]!.c.carrier === 'infantry';
}

/** Applies a CRT result to one unit (with its passenger, V.C.5). Returns whether it was eliminated. */
export function applyResult(d: Draft, unit: number, result: string): boolean {
  if (result === 'X') {
    eliminate(d, unit);
    return true;
  }
  if (result === 'D' && riding(d, unit)) {
    // V.C.6.a: a rider attacked alone and dispersed is unloaded at once; with no room for it, both are dispersed.
    const c = d.carrierOf(unit);
    const h = d.hex(unit);
    d.setFlag(unit, F_DISPERSED);
    if (roomFor(d, h, d.sc.units[unit]!.side)) {
      d.set(unit, CARRIER, 0);
      d.carryingChanged();
      settle(d, unit);
      d.events && d.say(() => `${d.sc.units[unit]!.id} is dispersed and unloaded`);
    } else {
      d.setFlag(c, F_DISPERSED);
      d.events && d.say(() => `${d.sc.units[unit]!.id} is dispersed with ${d.sc.units[c]!.id} (no room to unload)`);
    }
    return false;
  }
  if (result === 'D') {
    // A2: a second dispersal adds nothing.
    d.setFlag(unit, F_DISPERSED);
    const p = d.passengerOf(unit);
    if (p >= 0) d.setFlag(p, F_DISPERSED);
    d.events && d.say(() => `${d.sc.units[unit]!.id} is dispersed`);
  }
  return false;
}

/** Removes a unit and its passenger; an armoured unit leaves a wreck, three at most per hex (VIII), unless `wreck` is false. */
export function eliminate(d: Draft, unit: number, wreck = true): void {
  const sc = d.sc;
  const h = d.hex(unit);
  const p = d.passengerOf(unit);
  if (d.carrierOf(unit) >= 0) {
    // A rider attacked alone (V.C.6.a) leaves its carrier.
    d.set(unit, CARRIER, 0);
    d.carryingChanged();
  }
  if (p >= 0) {
    d.set(p, CARRIER, 0);
    d.carryingChanged();
    d.setHex(p, ELIMINATED);
    countLoss(d, p);
  }
  d.setHex(unit, ELIMINATED);
  countLoss(d, unit);
  d.events && d.say(() => `${sc.units[unit]!.id} is eliminated${p >= 0 ? ` with ${sc.units[p]!.id}` : ''}`);
  if (d.flag(unit, F_IN_FORT)) d.setFlag(unit, F_IN_FORT, false);
  if (wreck && h >= 0 && sc.units[unit]!.c.target === 'A' && d.wrecks.filter((w) => w === h).length < 3) d.mut('wrecks').push(h);
}

function countLoss(d: Draft, unit: number): void {
  const u = d.sc.units[unit]!;
  if (u.soft) return; // XIV.B.8: trucks and wagons do not count
  const lost = d.mut('lost');
  lost[u.side] = lost[u.side]! + 1;
}

/**
 * Whether some unit of `side` (not a truck or wagon, not dispersed, not a passenger) stands next to h
 * (VII.L.1, VII.C.5), or in h itself: inside a fort with the enemy on top, or on top of it, as if adjacent (IX.C.10.c).
 */
export function adjacentSpotter(d: Draft, side: number, h: Hex): boolean {
  const grid = d.sc.map.grid;
  for (const i of d.unitsIn(h)) if (canSpot(d, i, side)) return true;
  for (let k = 0; k < 6; k++) {
    const n = grid.neighbour(h, k);
    if (n < 0) continue;
    for (const i of d.unitsIn(n)) if (canSpot(d, i, side)) return true;
  }
  return false;
}

/** Whether unit i may spot for `side` (VII.L.3: not trucks or wagons; A2: not dispersed). */
export function canSpot(d: Draft, i: number, side: number): boolean {
  const u = d.sc.units[i]!;
  return u.side === side && !u.soft && !d.flag(i, F_DISPERSED) && d.get(i, HEX) >= 0;
}

/**
 * Whether `side` may fire at units in hex h from `from` as far as spotting goes (VII.L): units in woods or
 * towns only from next door, or when spotted (an adjacent friendly unit, or they fired in sight).
 */
export function spottedFor(d: Draft, side: number, h: Hex, from: Hex): boolean {
  const sc = d.sc;
  if (!sc.obstacle[sc.map.terrain[h]!]) return true;
  if (sc.map.grid.distance(from, h) <= 1) return true;
  if (adjacentSpotter(d, side, h)) return true;
  for (const i of d.unitsIn(h)) if (d.flag(i, F_SPOTTED)) return true;
  return false;
}

/**
 * XII.B: an L-5 of `side` over the battlefield sights h for indirect fire: a hex of clear terrain (anything
 * but woods and towns: blocking terrain does not apply to it, XII.B.3), or a woods or town hex whose units
 * fired in sight (spotted). Aircraft move anywhere in a turn (XII.A.2) and have no map position (ruling
 * PL-R12), so the L-5 is taken to fly within 30 hexes of the one and 10 of the other (XII.B.2) and to stay
 * there from order to execution (XII.B.4; ruling PL-R30).
 */
/** XII.A.3: aircraft k is over the map this turn: arrived, not yet left (by the situation or by choice), not shot down. */
export function flying(d: Draft, k: number): boolean {
  const a = d.sc.aircraft[k]!;
  return d.airUp[k] === 1 && a.arrives <= d.turn && d.turn <= a.leaves;
}

function observedFromTheAir(d: Draft, side: number, h: Hex): boolean {
  const sc = d.sc;
  const up = sc.aircraft.some((a, k) => a.role === 'observation' && a.side === side && flying(d, k));
  if (!up) return false;
  if (!sc.obstacle[sc.map.terrain[h]!]) return true;
  return d.unitsIn(h).some((i) => d.flag(i, F_SPOTTED));
}

/**
 * Whether some unit of `side` sees hex h for indirect fire (VII.C.4-5). A stream hex is seen only from
 * next door or from a slope or hilltop (VII.K.4-5 applied to the spotter, ruling PL-R24).
 */
export function ifSighted(d: Draft, side: number, h: Hex): boolean {
  const sc = d.sc;
  const woods = sc.obstacle[sc.map.terrain[h]!]!;
  const stream = streamAt(d, h);
  if (observedFromTheAir(d, side, h)) return true;
  if (woods) {
    if (adjacentSpotter(d, side, h)) return true;
    for (const i of d.unitsIn(h)) if (d.flag(i, F_SPOTTED)) return true;
    return false;
  }
  for (let i = 0; i < sc.units.length; i++) {
    if (!canSpot(d, i, side) || d.carrierOf(i) >= 0) continue;
    const from = d.hex(i);
    if (stream && sc.level[sc.map.terrain[from]!] === 0 && sc.map.grid.distance(from, h) > 1) continue;
    if (sc.map.hasLos(from, h)) return true;
  }
  return false;
}
