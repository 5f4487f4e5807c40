/**
 * Obstacles and combat engineering (SPG S-48..S-52): wire (mounted units and unarmored vehicles never
 * enter; a leg unit enters by passing a morale check, spent either way; +1 MP for armored vehicles),
 * minefields (a bombardment attack on every unit entering), AT ditches and roadblocks (no vehicles or
 * mounted units); an undisrupted engineer next to an obstacle removes it with a passed morale check.
 */
import { roll2d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { moraleOf } from './morale.js';
import { enemyPresence, fitsIn } from './movement.js';
import type { Scenario } from './scenario.js';
import { CARRIER, F_DISRUPTED, F_SPENT, FLAGS, HEX, type Draft, type State } from './state.js';

type Cleared = Pick<State, 'cleared'>;

export function hasWire(sc: Scenario, s: Cleared, h: Hex): boolean {
  return sc.wire[h] === 1 && !s.cleared.includes(h);
}
export function mineStrength(sc: Scenario, s: Cleared, h: Hex): number {
  return s.cleared.includes(h) ? 0 : sc.mines[h]!;
}
export function hasAtDitch(sc: Scenario, s: Cleared, h: Hex): boolean {
  return sc.atDitch[h] === 1 && !s.cleared.includes(h);
}
function hasObstacle(sc: Scenario, s: Cleared, h: Hex): boolean {
  return hasWire(sc, s, h) || mineStrength(sc, s, h) > 0 || hasAtDitch(sc, s, h);
}

function readyGoodOrder(s: State, i: number): boolean {
  const r = s.u[i]!;
  return r[HEX]! >= 0 && r[CARRIER] === 0 && (r[FLAGS]! & (F_SPENT | F_DISRUPTED)) === 0;
}

/** S-49 L662: wire hexes a ready leg unit of `side` may try to enter from next door (no enemy in it, room to stack). */
export function wireEntries(sc: Scenario, s: State, i: number): Hex[] {
  const def = sc.units[i]!;
  if (!def.leg || !readyGoodOrder(s, i)) return [];
  const from = s.u[i]![HEX]!;
  const enemies = enemyPresence(sc, s, def.side);
  const out: Hex[] = [];
  for (let k = 0; k < 6; k++) {
    const n = sc.map.grid.neighbour(from, k);
    if (n >= 0 && hasWire(sc, s, n) && !(enemies[n]! & 1) && fitsIn(sc, s, i, n)) out.push(n);
  }
  return out;
}

/** S-49 L662: a morale check; passed, the unit is placed in the wire hex. Returns whether it entered. */
export function enterWire(d: Draft, i: number, h: Hex): boolean {
  const roll = roll2d6(d.rng);
  const ok = roll <= moraleOf(d.sc, d, i);
  d.d(
    () =>
      `${d.sc.units[i]!.name} (${d.sc.units[i]!.id}) tries the wire at ${d.sc.map.grid.label(h)}: rolled ${roll}, ${ok ? 'through' : 'held up'}`,
  );
  if (ok) d.moveTo(i, h);
  return ok;
}

/** S-52 L686: obstacle hexes an engineer may try to clear (adjacent, undisrupted, ready). */
export function clearable(sc: Scenario, s: State, i: number): Hex[] {
  if (!sc.units[i]!.engineer || !readyGoodOrder(s, i)) return [];
  const from = s.u[i]![HEX]!;
  const out: Hex[] = [];
  for (let k = 0; k < 6; k++) {
    const n = sc.map.grid.neighbour(from, k);
    if (n >= 0 && hasObstacle(sc, s, n)) out.push(n);
  }
  return out;
}

/** S-52 L686: a morale check; passed, the obstacle is removed. No Reaction, no opportunity fire. */
export function clearObstacle(d: Draft, i: number, h: Hex): void {
  const roll = roll2d6(d.rng);
  const ok = roll <= moraleOf(d.sc, d, i);
  d.d(
    () =>
      `${d.sc.units[i]!.name} (${d.sc.units[i]!.id}) works on the obstacle at ${d.sc.map.grid.label(h)}: rolled ${roll}, ${ok ? 'cleared' : 'not cleared'}`,
  );
  if (ok) d.cleared = [...d.cleared, h];
}
