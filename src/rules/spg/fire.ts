/**
 * Direct fire (SPG S-23..S-26): black values against soft units only, by one unit or a fire group (the
 * first firer, its hex and up to two hexes adjacent to it), every member spotting the target and in
 * range; modifiers netted per target unit and read on that unit's column (S-20).
 */
import { roll2d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { applyHits, readColumn, readResults } from './results.js';
import type { FireSide, Scenario } from './scenario.js';
import { friendsInTheWay } from './los.js';
import { hasWire, mineStrength } from './obstacles.js';
import { spots } from './spotting.js';
import { CARRIER, F_DISRUPTED, F_PACKED, F_SPENT, FLAGS, HEX, ridesOutside, STEPS, type Draft, type State } from './state.js';

/** Fire values of a unit as it stands (reduced side after a step loss). */
export function valuesOf(sc: Scenario, s: Pick<State, 'u'>, i: number): FireSide {
  const def = sc.units[i]!;
  return s.u[i]![STEPS]! < def.steps ? def.reduced : def.full;
}

/** S-40 L584: a disrupted unit fires at half its printed value, rounded up. */
export function firePower(s: Pick<State, 'u'>, i: number, value: number): number {
  return (s.u[i]![FLAGS]! & F_DISRUPTED) !== 0 ? Math.ceil(value / 2) : value;
}

/** Whether the unit may fire at all now: on the map, not a passenger (S-15 L196), not packed, with the value. */
export function canFire(s: State, i: number): boolean {
  const r = s.u[i]!;
  return r[HEX]! >= 0 && r[CARRIER] === 0 && (r[FLAGS]! & F_PACKED) === 0;
}

/** Whether a unit of `side` stands in hex h. */
export function friendlyIn(sc: Scenario, s: State, side: number, h: Hex): boolean {
  for (let i = 0; i < sc.units.length; i++) if (s.u[i]![HEX] === h && sc.units[i]!.side === side) return true;
  return false;
}

/** Enemy units in hex h of seat `side`'s enemy (carried units included: they share the hex). */
export function enemiesIn(sc: Scenario, s: State, side: number, h: Hex): number[] {
  const out: number[] = [];
  for (let i = 0; i < sc.units.length; i++) if (s.u[i]![HEX] === h && sc.units[i]!.side !== side) out.push(i);
  return out;
}

/** A unit may join a direct fire attack on hex h: DF value, range, and it spots a unit there (S-24 L328). */
export function mayDirectFire(sc: Scenario, s: State, i: number, h: Hex, target: readonly number[]): boolean {
  if (!canFire(s, i)) return false;
  const v = valuesOf(sc, s, i);
  if (v.df <= 0) return false;
  const from = s.u[i]![HEX]!;
  if (sc.map.grid.distance(from, h) > v.dfRange) return false;
  if (!target.some((t) => spots(sc, s, i, t, h))) return false;
  const side = sc.units[i]!.side;
  return !friendsInTheWay(sc.map, from, h, (x) => friendlyIn(sc, s, side, x));
}

/**
 * The direct fire column shift against one soft unit in hex h (S-25 L340-L356): terrain for leg units
 * (fortification -2, heavy building -2, woods/buildings/gully -1, foxholes -1 where the terrain gives
 * nothing), +1 against mounted units and unarmored vehicles (no terrain for mounted), +1 leg units in wire,
 * +1 opportunity fire at a leg unit moving in the open.
 */
export function directFireShift(sc: Scenario, s: State, t: number, h: Hex, opts: { opportunityOpen?: boolean } = {}): number {
  const def = sc.units[t]!;
  const m = sc.charts.directFireModifiers;
  const terr = sc.terrain[sc.map.terrain[h]!]!;
  let shift = 0;
  if (def.mounted || def.vehicle) shift += m.mountedOrUnarmored.value;
  if (def.leg) {
    let terrain = 0;
    if (sc.fortified[h]) terrain = m.fortification.value;
    else if (sc.heavy[h] && terr.building) terrain = m.heavyBuilding.value;
    else if (!terr.directFireShiftInfantryOnly || def.spotClass === 0) terrain = terr.directFireShift;
    if (terrain === 0 && sc.foxholes[h]) terrain = m.foxholes.value;
    shift += terrain;
    // S-49 L664 wire; S-50 L674: a spent unit in a minefield is always moving hazardously.
    if (hasWire(sc, s, h) || ((s.u[t]![FLAGS]! & F_SPENT) !== 0 && mineStrength(sc, s, h) > 0)) shift += m.hazardousMovement.value;
    else if (opts.opportunityOpen && s.u[t]![CARRIER] === 0) shift += m.hazardousMovement.value;
  }
  return shift;
}

/** The group's range shift (S-25 L346-L350, ruling SPG-R09): +1 when every firer is adjacent, -1 when any is 5+ away. */
export function rangeShift(sc: Scenario, s: State, firers: readonly number[], h: Hex): number {
  const m = sc.charts.directFireModifiers;
  const ranges = firers.map((i) => sc.map.grid.distance(s.u[i]![HEX]!, h));
  if (ranges.some((r) => r >= m.longRangeFrom.value)) return m.longRange.value;
  return ranges.every((r) => r <= 1) ? m.adjacent.value : 0;
}

/**
 * Soft units of hex h a direct fire can affect (S-23 L324: armored units never; passengers inside a
 * halftrack neither, S-22: tank riders outside and passengers of soft vehicles are fully affected).
 */
export function directFireTargets(sc: Scenario, s: State, side: number, h: Hex, only?: number): number[] {
  return enemiesIn(sc, s, side, h).filter((t) => {
    if (only !== undefined && t !== only) return false;
    if (!sc.units[t]!.soft) return false;
    const c = s.u[t]![CARRIER]! - 1;
    return !(c >= 0 && sc.units[c]!.armored && !ridesOutside(sc, c));
  });
}

export interface FirePlan {
  readonly strength: number;
  readonly columns: { unit: number; column: number }[];
}

/** Strength and per-unit columns of a direct fire attack; no column >= 0 means it is not rolled (S-20 L300). */
export function directFirePlan(
  sc: Scenario,
  s: State,
  firers: readonly number[],
  h: Hex,
  opts: { opportunityOpen?: boolean; only?: number } = {},
): FirePlan {
  const side = sc.units[firers[0]!]!.side;
  const strength = firers.reduce((n, i) => n + firePower(s, i, valuesOf(sc, s, i).df), 0);
  const range = rangeShift(sc, s, firers, h);
  const columns = directFireTargets(sc, s, side, h, opts.only).map((t) => ({
    unit: t,
    column: readColumn(sc.tables.df, strength, range + directFireShift(sc, s, t, h, opts)),
  }));
  return { strength, columns };
}

/**
 * The fire groups worth offering from a first firer at hex h: the firer alone, and the firer with every
 * ready unit that may join from its own hex and from the (at most two) adjacent hexes adding the most
 * strength (S-24 L328).
 */
export function fireGroups(sc: Scenario, s: State, first: number, h: Hex, target: readonly number[]): number[][] {
  const side = sc.units[first]!.side;
  const home = s.u[first]![HEX]!;
  const joiners = (hex: Hex): number[] => {
    const out: number[] = [];
    for (let i = 0; i < sc.units.length; i++) {
      if (i === first || sc.units[i]!.side !== side || s.u[i]![HEX] !== hex) continue;
      if ((s.u[i]![FLAGS]! & F_SPENT) !== 0 || !mayDirectFire(sc, s, i, h, target)) continue;
      out.push(i);
    }
    return out;
  };
  const group = [first, ...joiners(home)];
  const adjacent: { hex: Hex; units: number[]; strength: number }[] = [];
  for (let k = 0; k < 6; k++) {
    const n = sc.map.grid.neighbour(home, k);
    if (n < 0) continue;
    const units = joiners(n);
    if (units.length > 0) adjacent.push({ hex: n, units, strength: units.reduce((t, i) => t + valuesOf(sc, s, i).df, 0) });
  }
  adjacent.sort((a, b) => b.strength - a.strength || a.hex - b.hex);
  for (const a of adjacent.slice(0, 2)) group.push(...a.units);
  return group.length > 1 ? [[first], group.sort((a, b) => a - b)] : [[first]];
}

/**
 * S-24 L328: the units that may join a fire group being formed against hex h, one at a time: ready units
 * of the first firer's side in its hex or in a hex adjacent to it (at most two such hexes in all), each
 * in range and spotting a target with a clear line. Joiners come in index order, so that each group is
 * formed in exactly one way.
 */
export function groupJoiners(sc: Scenario, s: State, group: readonly number[], h: Hex, target: readonly number[]): number[] {
  const first = group[0]!;
  const side = sc.units[first]!.side;
  const home = s.u[first]![HEX]!;
  const grid = sc.map.grid;
  const last = group.length > 1 ? Math.max(...group.slice(1)) : -1;
  const hexes = new Set<Hex>();
  for (const g of group) if (s.u[g]![HEX] !== home) hexes.add(s.u[g]![HEX]!);
  const out: number[] = [];
  for (let i = last + 1; i < sc.units.length; i++) {
    if (i === first || sc.units[i]!.side !== side || (s.u[i]![FLAGS]! & F_SPENT) !== 0) continue;
    const at = s.u[i]![HEX]!;
    if (at < 0 || (at !== home && grid.distance(at, home) !== 1)) continue;
    if (at !== home && !hexes.has(at) && hexes.size >= 2) continue;
    if (mayDirectFire(sc, s, i, h, target)) out.push(i);
  }
  return out;
}

/** Resolves a direct fire attack; returns the natural roll (for Reactions), or 0 when nothing was rolled. */
export function resolveDirectFire(
  d: Draft,
  firers: readonly number[],
  h: Hex,
  opts: { opportunityOpen?: boolean; only?: number } = {},
): number {
  const sc = d.sc;
  const plan = directFirePlan(sc, d.seal(), firers, h, opts);
  if (!plan.columns.some((c) => c.column >= 0)) return 0;
  const roll = roll2d6(d.rng);
  const hits = readResults(sc.tables.df, plan.columns, roll);
  d.d(
    () =>
      `direct fire, strength ${plan.strength} at ${sc.map.grid.label(h)}: rolled ${roll}: ${hits.map((x) => `${sc.units[x.unit]!.id} ${x.result}`).join(', ')}`,
  );
  applyHits(d, hits);
  return roll;
}
