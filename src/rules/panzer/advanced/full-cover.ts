/**
 * Advanced Game Full Cover (6.1.4.2, 6.8.2): dismounted leg and towed units may go into or out of Full
 * Cover in the Adjustment Phase, for the next turn. Each seat decides for all its eligible units at once,
 * from a small library of whole-side choices (a macro-decision, like the command sets).
 */
import type { Scenario } from '../scenario.js';
import { isLegOrTowed } from '../scenario.js';
import { alive, type State } from '../state.js';

/** Units of `seat` that may be in Full Cover: live leg and towed units outside bridge, ford and stream hexes (6.1.4.2). */
export function fullCoverEligible(sc: Scenario, state: State, seat: number): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    const def = sc.units[i]!;
    if (def.side === seat && alive(u) && isLegOrTowed(def) && !sc.terrain[sc.map.terrain[u.hex]!]!.noFullCover) out.push(i);
  });
  return out;
}

/**
 * The Full Cover choices offered to `seat`, one letter per eligible unit (F in Full Cover, - out of it):
 * all in, all out, as they are, and in Full Cover where the hex gives cover.
 */
export function fullCoverSets(sc: Scenario, state: State, seat: number): string[] {
  const units = fullCoverEligible(sc, state, seat);
  if (units.length === 0) return [];
  const sets = new Set<string>([
    'F'.repeat(units.length),
    '-'.repeat(units.length),
    units.map((u) => (state.units[u]!.fc ? 'F' : '-')).join(''),
    units.map((u) => (sc.terrain[sc.map.terrain[state.units[u]!.hex]!]!.apCover !== 'none' ? 'F' : '-')).join(''),
  ]);
  return [...sets].map((s) => `c:${s}`);
}

/** Applies a seat's Full Cover choice. */
export function applyFullCover(sc: Scenario, state: State, seat: number, letters: string): State {
  const units = state.units.slice();
  fullCoverEligible(sc, state, seat).forEach((u, k) => {
    const fc = letters[k] === 'F';
    if (units[u]!.fc !== fc) units[u] = { ...units[u]!, fc };
  });
  return { ...state, units };
}
