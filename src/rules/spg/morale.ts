/**
 * Morale (SPG S-21, S-40, S-41, S-42): two unit states, good order and disrupted; an unmodified 2d6 at or
 * under the unit's morale passes, one roll for the whole stack; a second disruption eliminates; rally
 * with no enemy within 3 hexes; a side's losses make it shaken (morale -1) and demoralized (no rally).
 */
import { roll2d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import type { Scenario } from './scenario.js';
import { F_DISRUPTED, FLAGS, HEX, type Draft, type State } from './state.js';

/** S-42 L606: the side's total steps lost have reached its shaken level. */
export function isShaken(sc: Scenario, s: Pick<State, 'lost'>, side: number): boolean {
  return s.lost[side]! >= sc.sides[side]!.shakenAt;
}

/** S-42 L610: the side's total steps lost have reached its demoralized level: no more rallies. */
export function isDemoralized(sc: Scenario, s: Pick<State, 'lost'>, side: number): boolean {
  return s.lost[side]! >= sc.sides[side]!.demoralizedAt;
}

/** A unit's morale: the scenario's, one less once its side is shaken (S-42 L606). */
export function moraleOf(sc: Scenario, s: Pick<State, 'lost'>, unit: number): number {
  const def = sc.units[unit]!;
  return def.morale - (isShaken(sc, s, def.side) ? 1 : 0);
}

/** S-21 L308: one unmodified 2d6 for the listed units (a stack); each that rolls over its morale is disrupted. */
export function moraleCheck(d: Draft, units: readonly number[]): void {
  const live = units.filter((i) => d.onMap(i));
  if (live.length === 0) return;
  const roll = roll2d6(d.rng);
  d.d(() => `morale check: rolled ${roll}`);
  for (const i of live) if (roll > moraleOf(d.sc, d, i)) d.disrupt(i);
}

/** Nearest enemy unit on the map to hex h, in hexes (Infinity if none). */
export function nearestEnemy(sc: Scenario, s: State, side: number, h: Hex): number {
  let best = Infinity;
  sc.units.forEach((u, i) => {
    const eh = s.u[i]![HEX]!;
    if (u.side !== side && eh >= 0) best = Math.min(best, sc.map.grid.distance(h, eh));
  });
  return best;
}

/**
 * S-41: a ready, disrupted unit may rally when no enemy is within 3 hexes (in a fortified position: none
 * adjacent, S-45 L638, ruling SPG-R17); never once its side is demoralized (S-42 L610).
 */
export function mayRally(sc: Scenario, s: State, unit: number): boolean {
  const h = s.u[unit]![HEX]!;
  if (h < 0 || (s.u[unit]![FLAGS]! & F_DISRUPTED) === 0) return false;
  if (isDemoralized(sc, s, sc.units[unit]!.side)) return false;
  const near = nearestEnemy(sc, s, sc.units[unit]!.side, h);
  return sc.fortified[h] && sc.units[unit]!.leg ? near > 1 : near > 3;
}

/** S-41 L598: 2d6 at or under morale removes the disruption; spent either way (the caller marks it). Never a Reaction. */
export function rally(d: Draft, unit: number): void {
  const roll = roll2d6(d.rng);
  const ok = roll <= moraleOf(d.sc, d, unit);
  d.d(() => `${d.sc.units[unit]!.name} (${d.sc.units[unit]!.id}) tries to rally: rolled ${roll}, ${ok ? 'rallied' : 'still disrupted'}`);
  if (ok) d.setFlag(unit, F_DISRUPTED, false);
}
