/**
 * The hidden information of Panzer Leader (digest 8.3): IF orders written secretly a turn ahead (VII.C.3),
 * and in a landing the Allied record of each unit's landing turn and sea hex (XI.A.2) with the units at sea
 * face down (XI.B.1). What a seat may see of a position, and a position consistent with it with the other
 * side's secrets dealt again. Which units stand designated is deducible (they may not move, VII.C.7) and is
 * kept; the target hex is the secret (ruling PL-R05). At sea the German sees only which sea hexes hold a
 * counter, and how many landing units he has not yet seen (ruling PL-R44).
 */
import type { Rng } from '../../core/game.js';
import { shuffled } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import type { Scenario } from './scenario.js';
import { CARRIER, Draft, F_REVEALED, FLAGS, HEX, type IfOrder, landingTurn, MP_LEFT, OFFBOARD, STATIONARY, type State } from './state.js';

/**
 * XI.A.2, XI.B.1: the landing units whose identity `viewer` has not seen: the other side's units with a
 * landing record, not turned face up, at sea or yet to be placed there (a passenger with its carrier).
 */
export function unseenLanders(sc: Scenario, s: State, viewer: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side === viewer || landingTurn(s, i) === 0 || (s.u[i]![FLAGS]! & F_REVEALED) !== 0) continue;
    const h = s.u[i]![HEX]!;
    if (h === OFFBOARD || (h >= 0 && sc.sea[sc.map.terrain[h]!])) out.push(i);
  }
  return out;
}

/**
 * What `viewer` is shown of the landing units it has not seen (unseenLanders): the hexes of the face-down
 * counters at sea, dealt to those units in number order (-1 for the rest), so that a unit's number says
 * nothing of where it is. Empty for the side that lands.
 */
export function shownLanders(sc: Scenario, s: State, viewer: number): Map<number, Hex> {
  const unseen = unseenLanders(sc, s, viewer);
  const counters = unseen
    .filter((i) => s.u[i]![CARRIER] === 0 && s.u[i]![HEX]! >= 0)
    .map((i) => s.u[i]![HEX]!)
    .sort((a, b) => a - b);
  return new Map(unseen.map((i, k) => [i, counters[k] ?? -1]));
}

/**
 * `state` with the landing record of the seat's opponent dealt again (XI.A.2): the unseen counters (a carrier
 * with its passenger as one) shuffled among the face-down places at sea and the landings still to come, each
 * taking the place's hex, markers and record; units turned face up or landed stay where they are.
 */
export function dealLandings(sc: Scenario, state: State, seat: number, rng: Rng): State {
  if (state.landing.length === 0) return state;
  const heads = unseenLanders(sc, state, seat).filter((i) => state.u[i]![CARRIER] === 0);
  if (heads.length < 2) return state;
  // The places in an order of their own (sea hex, then record), so that the deal does not depend on who holds which.
  const places = shuffled(
    rng,
    heads
      .map((i) => ({ row: state.u[i]!, record: state.landing[i]! }))
      .sort((a, b) => a.row[HEX]! - b.row[HEX]! || a.record[0] - b.record[0] || a.record[1] - b.record[1]),
  );
  const d = new Draft(sc, state, rng, false);
  const landing = [...state.landing];
  heads.forEach((i, k) => {
    const { row, record } = places[k]!;
    d.setHex(i, row[HEX]!);
    for (const field of [FLAGS, MP_LEFT, STATIONARY]) d.set(i, field, row[field]!);
    landing[i] = record;
    const p = d.passengerOf(i);
    if (p >= 0) {
      d.setHex(p, row[HEX]!);
      landing[p] = record;
    }
  });
  d.landing = landing;
  return { ...d.seal(), events: state.events };
}

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
