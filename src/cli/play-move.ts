/**
 * `play`'s move to a distant hex in one command: the cheapest path by the kernel's movement search
 * (reachableHexes over the system's step costs, ScenarioUi.movement), and the hexes on it where units of the
 * other side may fire at the mover (opportunity fire).
 */
import type { UnitMovement } from '../core/system.js';
import type { HexGrid } from '../hex/grid.js';
import { reachableHexes } from '../hex/movement.js';

export interface MovePath {
  /** The hexes entered, in order (the start not included). */
  readonly hexes: readonly number[];
  /** Movement points it costs, and those the unit has. */
  readonly cost: number;
  readonly budget: number;
  /** Hexes of the path where opportunity fire may come, with how many units may fire there. */
  readonly exposed: readonly { hex: number; firers: number }[];
}

/** The cheapest path of a unit to `to`, or null when `to` is out of its reach. */
export function cheapestPath(grid: HexGrid, m: UnitMovement, to: number): MovePath | null {
  const neighbours = (h: number): number[] => {
    const out: number[] = [];
    for (let d = 0; d < 6; d++) {
      const n = grid.neighbour(h, d);
      if (n >= 0) out.push(n);
    }
    return out;
  };
  let hexes: number[];
  let cost: number;
  if (m.maxHexes === 1) {
    // One hex only: a neighbour it may step into.
    const d = grid.directionTo(m.start, to);
    if (d < 0) return null;
    const c = m.stepCost(m.start, to, d);
    if (c < 0 || (c > m.budget && !m.oneHexAlways)) return null;
    hexes = [to];
    cost = c;
  } else {
    const best = reachableHexes(grid, m.start, m.budget, m.stepCost, m.oneHexAlways);
    const total = best.get(to);
    if (total === undefined || to === m.start) return null;
    // Back from `to`: each hex came from a neighbour whose cost plus the step's makes its own.
    hexes = [to];
    let h = to;
    while (h !== m.start) {
      const from = neighbours(h).find((n) => {
        const at = best.get(n);
        return at !== undefined && at + m.stepCost(n, h, grid.directionTo(n, h)) === best.get(h);
      });
      if (from === undefined) return null;
      if (from !== m.start) hexes.unshift(from);
      h = from;
    }
    cost = total;
    if (m.maxHexes !== undefined && hexes.length > m.maxHexes) return null;
  }
  const exposed = hexes.map((hex) => ({ hex, firers: m.firersAt(hex) })).filter((x) => x.firers > 0);
  return { hexes, cost: cost / m.scale, budget: m.budget / m.scale, exposed };
}
