/**
 * Advanced Game hull down (6.1.4.1, 6.6.9): a vehicle with MOVE may spend its whole move searching its
 * hex for a Hull Down or Partial Hull Down position, turning to any hexside; it finds one when the
 * roll(100), with the stated modifiers, falls within the terrain's Hull Dn range. A vehicle that moves
 * again gives the position up. Pure figures; the roll is made by the game.
 */
import type { Scenario } from '../scenario.js';
import { isLegOrTowed } from '../scenario.js';
import { alive, HULL_DOWN, MOVE, PARTIAL_HULL_DOWN, type State } from '../state.js';

/** The top of the Hull Dn range of the terrain in hex h (01..N); 0 when the terrain offers none (6.6.9). */
export function hullDownRange(sc: Scenario, h: number): number {
  return sc.terrain[sc.map.terrain[h]!]!.hullDown ?? 0;
}

/** 6.6.9: whether vehicle u may search for hull down now: the module on, a vehicle with MOVE still to move, in a hex with a Hull Dn range. */
export function maySearch(sc: Scenario, state: State, u: number): boolean {
  const unit = state.units[u]!;
  if (!sc.modules.hullDown || isLegOrTowed(sc.units[u]!) || !alive(unit)) return false;
  return unit.ordered && unit.cmd === MOVE && !unit.moved && !unit.immobile && hullDownRange(sc, unit.hex) > 0;
}

/** 6.6.9: the modifier to the search roll: -20 for partial hull down, the Target Size modifier (+2: +10 .. -2: -10); Seasoned grade, 0. */
export function searchModifier(sc: Scenario, u: number, kind: number): number {
  const t = sc.adv!.hullDownSearch!;
  const size = Math.max(-2, Math.min(2, sc.units[u]!.size));
  return (kind === PARTIAL_HULL_DOWN ? t.partial.value : 0) + t.bySize[2 - size]!;
}

/** 6.6.9: whether a search roll finds the position: the modified roll within 01..N (a result under 01 is inside, ruling PZ-R30). */
export function searchFinds(sc: Scenario, state: State, u: number, kind: number, roll: number): boolean {
  return roll + searchModifier(sc, u, kind) <= hullDownRange(sc, state.units[u]!.hex);
}

/** The chance a search finds the position, for the agents. */
export function searchChance(sc: Scenario, state: State, u: number, kind: number): number {
  const top = hullDownRange(sc, state.units[u]!.hex) - searchModifier(sc, u, kind);
  return Math.max(0, Math.min(100, top)) / 100;
}

/** Search actions of a mover: `h:<u>:<facing>:H` (hull down) or `:P` (partial hull down), any final facing (6.6.9). */
export function searchActions(sc: Scenario, state: State, u: number): string[] {
  if (!maySearch(sc, state, u)) return [];
  const out: string[] = [];
  for (let f = 0; f < 6; f++) out.push(`h:${u}:${f}:H`, `h:${u}:${f}:P`);
  return out;
}

/** The kind of position a search action asks for. */
export function searchKind(letter: string): number {
  return letter === 'P' ? PARTIAL_HULL_DOWN : HULL_DOWN;
}
