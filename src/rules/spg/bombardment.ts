/**
 * Bombardment (SPG S-27..S-32): white values, never as opportunity fire; the target must be spotted by
 * the firer or by any undisrupted friendly unit except an unarmored vehicle (S-16 L202); off-board
 * artillery counts its range from the friendly map edge (S-27 L372, ruling SPG-R25); armored units are
 * hurt only by X (closed) or X and M2 (open-topped), each losing a step and disrupting (S-30); a natural
 * roll at or above the unit's depletion number removes it after the attack, not as a loss (S-31).
 * Air support (S-32): a plane of the pool attacks a spotted hex not within 2 hexes of a friendly unit.
 */
import { roll2d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { canFire, enemiesIn, firePower, valuesOf } from './fire.js';
import { applyHits, readColumn, readResults, type Hit } from './results.js';
import type { Scenario } from './scenario.js';
import { spots } from './spotting.js';
import { CARRIER, F_DISRUPTED, F_DUG_IN, F_SPENT, FLAGS, HEX, OUT_OF_AMMO, ridesOutside, type Draft, type State } from './state.js';

/** Range of a bombardment unit to hex h: from its hex, or for off-board artillery from the nearest friendly edge hex + 1 + distance. */
export function bombardmentRange(sc: Scenario, s: State, i: number, h: Hex): number {
  const def = sc.units[i]!;
  if (!def.offBoard) return sc.map.grid.distance(s.u[i]![HEX]!, h);
  let best = Infinity;
  for (const e of sc.sides[def.side]!.edgeHexes) best = Math.min(best, sc.map.grid.distance(e, h));
  return best + 1 + def.offDistance;
}

/** Whether a bombardment unit may fire now (on the map and able to fire, or off-board and available). */
export function mayBombard(sc: Scenario, s: State, i: number): boolean {
  const def = sc.units[i]!;
  if ((s.u[i]![FLAGS]! & F_SPENT) !== 0) return false;
  if (def.offBoard) return s.u[i]![HEX] === -1 && s.turn >= def.fromTurn && def.full.bomb > 0;
  return canFire(s, i) && valuesOf(sc, s, i).bomb > 0;
}

/** S-16 L202: some unit of `side` that may spot for bombardment spots an enemy unit in hex h. */
export function bombardmentSpotted(sc: Scenario, s: State, side: number, h: Hex, firer = -1): boolean {
  const targets = enemiesIn(sc, s, side, h);
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (def.side !== side || s.u[i]![HEX]! < 0 || s.u[i]![CARRIER] !== 0) continue;
    const may = i === firer || ((s.u[i]![FLAGS]! & F_DISRUPTED) === 0 && !(def.vehicle && !def.armored));
    if (may && targets.some((t) => spots(sc, s, i, t, h))) return true;
  }
  return false;
}

/** Column shift of a bombardment against one unit in hex h (S-29 L380-L388). */
export function bombardmentShift(sc: Scenario, s: State, t: number, h: Hex): number {
  const def = sc.units[t]!,
    m = sc.charts.bombardmentModifiers;
  const terr = sc.terrain[sc.map.terrain[h]!]!;
  let shift = def.mounted || (def.vehicle && !def.armored) ? m.mountedOrUnarmored.value : 0;
  if (def.leg && sc.fortified[h]) shift += m.fortification.value;
  else if (sc.heavy[h] && terr.building) shift += m.heavyBuilding.value;
  else shift += terr.bombardmentShift;
  if ((def.leg && sc.foxholes[h]) || (s.u[t]![FLAGS]! & F_DUG_IN) !== 0) shift += m.foxholesOrDugIn.value;
  return shift;
}

/** Columns of a bombardment of `strength` on every unit in hex h. */
export function bombardmentColumns(sc: Scenario, s: State, side: number, strength: number, h: Hex): { unit: number; column: number }[] {
  // S-30 L390: riders outside tanks are hit like any unit; other passengers share their carrier's fate (S-22).
  const hit = enemiesIn(sc, s, side, h).filter((t) => s.u[t]![CARRIER] === 0 || ridesOutside(sc, s.u[t]![CARRIER]! - 1));
  return hit.map((t) => ({ unit: t, column: readColumn(sc.tables.bomb, strength, bombardmentShift(sc, s, t, h)) }));
}

/** Armored units are affected only by X (closed) or X and M2 (open-topped): a step and a disruption (S-30 L392). */
function applyBombardmentHits(d: Draft, hits: readonly Hit[]): void {
  const sc = d.sc;
  const soft: Hit[] = [];
  for (const hit of hits) {
    const def = sc.units[hit.unit]!;
    if (!def.armored) {
      soft.push(hit);
      continue;
    }
    const x = hit.result.endsWith('X');
    if (x || (def.openTop && hit.result === 'M2')) {
      d.loseStep(hit.unit);
      d.disrupt(hit.unit);
    }
  }
  applyHits(d, soft);
}

/** Resolves a bombardment by `firer` on hex h; returns the natural roll. Depletion removes the firer after (S-31 L400). */
export function resolveBombardment(d: Draft, firers: readonly number[], h: Hex): number {
  const sc = d.sc;
  const s = d.seal();
  const strength = firers.reduce((n, i) => n + firePower(s, i, valuesOf(sc, s, i).bomb), 0);
  return bombardHex(
    d,
    sc.units[firers[0]!]!.side,
    strength,
    h,
    () => roll2d6(d.rng),
    (roll) => {
      // S-31 L400, ruling SPG-R28: the one natural roll serves every member, each against its own number.
      for (const i of firers) {
        if (roll < sc.units[i]!.depletion) continue;
        d.d(() => `${sc.units[i]!.name} (${sc.units[i]!.id}) is out of ammunition`);
        if (d.carrierOf(i) >= 0) d.setCarrier(i, -1);
        d.setHex(i, OUT_OF_AMMO);
      }
    },
  );
}

/**
 * S-28: the bombardment groups worth offering from a first unit at hex h: the unit alone, and with up to
 * two more ready units that may bombard h, stacked with it or adjacent (off-board units of the same
 * counter count as adjacent), the strongest first.
 */
export function bombardmentGroups(sc: Scenario, s: State, first: number, mayJoin: (i: number) => boolean): number[][] {
  const def = sc.units[first]!;
  const near = (i: number): boolean => {
    const o = sc.units[i]!;
    if (def.offBoard || o.offBoard) return def.offBoard && o.offBoard && o.counter === def.counter;
    return sc.map.grid.distance(s.u[i]![HEX]!, s.u[first]![HEX]!) <= 1;
  };
  const others: number[] = [];
  for (let i = 0; i < sc.units.length; i++) if (i !== first && sc.units[i]!.side === def.side && near(i) && mayJoin(i)) others.push(i);
  if (others.length === 0) return [[first]];
  others.sort((a, b) => valuesOf(sc, s, b).bomb - valuesOf(sc, s, a).bomb || a - b);
  return [[first], [first, ...others.slice(0, 2)].sort((a, b) => a - b)];
}

/** One bombardment attack of `strength` by `side` on hex h (also air attacks and mines). */
export function bombardHex(
  d: Draft,
  side: number,
  strength: number,
  h: Hex,
  roll: () => number,
  after?: (roll: number) => void,
  only?: number,
): number {
  const sc = d.sc;
  const cols = bombardmentColumns(sc, d.seal(), side, strength, h).filter((c) => only === undefined || c.unit === only);
  if (!cols.some((c) => c.column >= 0)) return 0;
  const r = roll();
  const hits = readResults(sc.tables.bomb, cols, r);
  d.d(
    () =>
      `bombardment, strength ${strength} at ${sc.map.grid.label(h)}: rolled ${r}: ${hits.map((x) => `${sc.units[x.unit]!.id} ${x.result}`).join(', ') || 'no effect'}`,
  );
  applyBombardmentHits(d, hits);
  after?.(r);
  return r;
}

/** S-32 L426: an air target: a spotted enemy hex not within 2 hexes of any friendly unit. */
export function airTargetAllowed(sc: Scenario, s: State, side: number, h: Hex): boolean {
  const min = sc.charts.airSupport.minDistanceFromFriends.value;
  for (let i = 0; i < sc.units.length; i++) {
    const fh = s.u[i]![HEX]!;
    if (sc.units[i]!.side === side && fh >= 0 && sc.map.grid.distance(fh, h) <= min) return false;
  }
  return enemiesIn(sc, s, side, h).length > 0 && bombardmentSpotted(sc, s, side, h);
}

/**
 * S-32 L428-L436: roll 2d6 (+ the scenario's bonus, ruling SPG-R22): friendly fire on the friendly unit
 * nearest the target, abort, loiter, or deliver. Returns whether the plane leaves the pool, and the natural roll.
 */
export function resolveAir(d: Draft, side: number, plane: number, h: Hex): { gone: boolean; roll: number } {
  const sc = d.sc;
  const natural = roll2d6(d.rng);
  const roll = Math.min(12, natural + sc.sides[side]!.airBonus);
  const band = sc.charts.airSupport.bands.find((b) => roll >= b.from && roll <= b.to)!.result;
  const strength = sc.sides[side]!.planes[plane]!.strength;
  d.d(() => `air support at ${sc.map.grid.label(h)}: rolled ${roll}: ${band}`);
  if (band === 'loiter') return { gone: false, roll: natural };
  if (band === 'abort') return { gone: true, roll: natural };
  let target = h;
  if (band === 'friendlyFire') {
    let best = Infinity;
    for (let i = 0; i < sc.units.length; i++) {
      const fh = d.hex(i);
      if (sc.units[i]!.side !== side || fh < 0) continue;
      const dist = sc.map.grid.distance(fh, h);
      if (dist < best) {
        best = dist;
        target = fh;
      }
    }
    if (best === Infinity) return { gone: true, roll: natural };
    bombardHex(d, 1 - side, strength, target, () => roll2d6(d.rng));
    return { gone: true, roll: natural };
  }
  bombardHex(d, side, strength, target, () => roll2d6(d.rng));
  return { gone: true, roll: natural };
}
