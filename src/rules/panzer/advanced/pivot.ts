/**
 * Advanced Game Pivot Step (6.8.1): in the Adjustment Phase every dismounted leg and towed unit may face
 * any hexside, whatever its command, without MF and without a SPOT/MOVE counter. Each seat decides for
 * all its units at once, together with its Full Cover choice: keep the facings, or turn each unit to its
 * nearest spotted enemy (ruling PZ-R81), so the step adds at most one alternative to each Full Cover set.
 */
import type { Scenario } from '../scenario.js';
import { isLegOrTowed } from '../scenario.js';
import { alive, type State } from '../state.js';

/**
 * For each unit of `seat` the Pivot Step may re-face (a live leg or towed unit; a MOUNTED passenger is
 * not alive on its own, so only dismounted ones): the hexside toward its nearest spotted enemy, or -1
 * when there is none or it already faces that way. Null when no unit would change its facing.
 */
export function pivotFacings(sc: Scenario, state: State, seat: number): Int8Array | null {
  const grid = sc.map.grid;
  let out: Int8Array | null = null;
  for (let i = 0; i < state.units.length; i++) {
    const u = state.units[i]!;
    const def = sc.units[i]!;
    if (def.side !== seat || !alive(u) || !isLegOrTowed(def)) continue;
    // The nearest enemy this side spotted in the last Spotting Phase (the lowest index on a tie).
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let j = 0; j < state.units.length; j++) {
      const e = state.units[j]!;
      if (sc.units[j]!.side === seat || !e.spotted || !alive(e) || e.hex === u.hex) continue;
      const d = grid.distance(u.hex, e.hex);
      if (d < bestD) {
        bestD = d;
        best = e.hex;
      }
    }
    if (best < 0) continue;
    // The enemy is then in the front (on a hexspine, the front arc is one of the two; 4.4.3.2.4).
    const sides = grid.sidesToward(u.hex, best);
    if (sides & (1 << u.facing)) continue;
    out ??= new Int8Array(state.units.length).fill(-1);
    out[i] = 31 - Math.clz32(sides & -sides);
  }
  return out;
}

/** Applies a seat's Pivot Step (6.8.1): the facings `pivotFacings` chose. */
export function applyPivot(sc: Scenario, state: State, seat: number): State {
  const facings = pivotFacings(sc, state, seat);
  if (facings === null) return state;
  const units = state.units.slice();
  facings.forEach((f, i) => {
    if (f >= 0) units[i] = { ...units[i]!, facing: f };
  });
  return { ...state, units };
}
