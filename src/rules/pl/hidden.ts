/**
 * The hidden information of Panzer Leader: IF orders written secretly a turn ahead (VII.C.3, digest 8.3).
 * What a seat may see of a position, and a position consistent with it with the other side's orders dealt
 * again. Which units stand designated is deducible (they may not move, VII.C.7) and is kept; the target
 * hex is the secret (ruling PL-R05).
 */
import type { Rng } from '../../core/game.js';
import type { Hex } from '../../hex/grid.js';
import type { Scenario } from './scenario.js';
import { HEX, type IfOrder, type State } from './state.js';

/** `state` with every pending order of the seat's opponent given a random plausible target hex. */
export function resampleOrders(sc: Scenario, state: State, seat: number, rng: Rng): State {
  if (!state.orders.some((o) => o.side !== seat)) return state;
  const grid = sc.map.grid;
  const seatHexes: Hex[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    const h = state.u[i]![HEX]!;
    if (sc.units[i]!.side === seat && h >= 0 && !seatHexes.includes(h)) seatHexes.push(h);
  }
  const orders: IfOrder[] = state.orders.map((o) => {
    if (o.side === seat) return o;
    // VII.C.6, ruling PL-R46: an order may also fall on an objective the ordering side does not stand in.
    const candidates = [...seatHexes];
    for (const ob of sc.objectives) {
      const own = sc.units.some((u, i) => u.side === o.side && state.u[i]![HEX] === ob.hex);
      if (!own && !candidates.includes(ob.hex)) candidates.push(ob.hex);
    }
    const inRange = candidates.filter((h) =>
      o.units.every((i) => {
        const at = state.u[i]![HEX]!;
        if (at < 0) return true;
        const c = sc.units[i]!.c;
        const dist = grid.distance(at, h);
        return dist <= c.range && !(c.weapon === '(H)' && dist <= Math.floor(c.range / 4));
      }),
    );
    if (inRange.length === 0) return o;
    return { ...o, hex: inRange[rng.int(inRange.length)]! };
  });
  return { ...state, orders };
}

/** The pending orders `viewer` may know: its own (all of them with open orders, rule.openOrders). */
export function visibleOrders(sc: Scenario, state: State, viewer: number): readonly IfOrder[] {
  return sc.rules.openOrders ? state.orders : state.orders.filter((o) => o.side === viewer);
}
