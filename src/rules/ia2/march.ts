/**
 * Movement limits and bonuses of the march: Night Movement (5.7) and Rapid March (15.8).
 */
import type { Hex } from '../../hex/grid.js';
import { type Draft, F_HIDDEN, F_LED, F_RAPID, MP } from './state.js';
import { carried, isCombat, sees } from './units.js';

/**
 * Whether `h` counts as friendly-controlled for `side` at night (5.7, ruling IA2-R54): an objective by its
 * control; any other hex when the side's combat units hold it alone, or when it lies nearer to the side's
 * combat units (the mover aside) than to the enemy's (1.2's set-up rule, applied to the position now; equal is
 * not friendly).
 */
export function friendlyControlled(d: Draft, h: Hex, side: number, except = -1): boolean {
  const k = d.sc.objectives.findIndex((o) => o.hex === h);
  if (k >= 0) return d.control[k] === side;
  const grid = d.sc.map.grid;
  let own = 999,
    enemy = 999;
  for (let i = 0; i < d.sc.units.length; i++) {
    const e = d.hex(i);
    if (i === except || e < 0 || !isCombat(d, i) || carried(d, i)) continue;
    const dist = grid.distance(h, e);
    if (d.sc.units[i]!.side === side) own = Math.min(own, dist);
    else enemy = Math.min(enemy, dist);
  }
  return own < enemy;
}

/** 5.7: on a night turn a unit not activated by a leader may enter only friendly-controlled hexes (leaders move freely). */
export function nightForbids(d: Draft, unit: number, to: Hex): boolean {
  const def = d.sc.units[unit]!;
  if (!d.isNight() || def.leader || d.flag(unit, F_LED)) return false;
  return !friendlyControlled(d, to, def.side, unit);
}

/** Whether any enemy unit (leaders are not units, 1.2) on the map has a line of sight to `h`. */
function inEnemyLos(d: Draft, h: Hex, side: number): boolean {
  for (let i = 0; i < d.sc.units.length; i++) {
    const def = d.sc.units[i]!;
    if (def.side === side || def.leader) continue;
    const e = d.hex(i);
    if (e >= 0 && sees(d, e, h)) return true;
  }
  return false;
}

/**
 * Whether a step keeps a Rapid March going (15.8, ruling IA2-R55): every step of the move so far and this one
 * along a road, from and into hexes no enemy unit has a line of sight to. The march starts with the move
 * (no MP spent yet) and, once broken, is lost for the rest of it.
 */
export function rapidStep(d: Draft, unit: number, from: Hex, to: Hex, road: boolean): boolean {
  if (!road) return false;
  if (!(d.flag(unit, F_RAPID) || d.get(unit, MP) === 0)) return false;
  const side = d.sc.units[unit]!.side;
  return !inEnemyLos(d, from, side) && !inEnemyLos(d, to, side);
}

/** The movement allowance for a step: doubled while a Rapid March holds (15.8). */
export function marchAllowance(base: number, rapid: boolean): number {
  return rapid ? base * 2 : base;
}

/** Whether the firer is still a hidden unit (15.5): it is revealed only after its shot (hidden.ts searchAndReveal). */
export function firerIsHidden(d: Draft, firer: number): boolean {
  return d.flag(firer, F_HIDDEN);
}

/** 15.8: a hidden unit's opportunity fire at a unit on Rapid March is two columns to the right. */
export const RAPID_MARCH_HIDDEN_SHIFT = 2;

/** The extra Direct Fire shift of an opportunity fire at the mover (15.8). */
export function rapidMarchShift(d: Draft, firer: number, mover: number): number {
  return d.flag(mover, F_RAPID) && firerIsHidden(d, firer) ? RAPID_MARCH_HIDDEN_SHIFT : 0;
}
