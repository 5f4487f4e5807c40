/** Spotting and line of fire (PG3 8.0-8.4, 10.1), answered from the scenario's precomputed tables. */
import type { Hex } from '../../hex/grid.js';
import { lineBlocked } from '../../hex/sight.js';
import type { Draft } from './draft.js';
import { isLimitingHex } from './scenario.js';
import { F_HIDDEN, F_SPOTTED } from './state.js';

/** A night turn: visibility of one hex (PG3 1.1, 8.1). */
export function isNight(d: Draft): boolean {
  return d.sc.visibility <= 1 || d.sc.nightTurn[d.turn] === 1;
}

/** 16.1: smoke between the hexes blocks the line (on both sides of a hexspine, 8.31). */
function smokeOnLine(d: Draft, from: Hex, to: Hex): boolean {
  if (d.smoke.length === 0) return false;
  return lineBlocked(d.sc.map.grid, from, to, (h) => d.smoke.includes(h));
}

/** spotBits: a viewer in the same or an adjacent hex spots whatever is there (8.0). */
export const ADJACENT = -1;

/**
 * What the map and the light allow between two hexes, whatever unit is in `to`: ADJACENT (8.0), 0 when
 * nothing there can be spotted from `from` (night 8.1, or the spotting table), else the table's bits.
 */
export function spotBits(d: Draft, from: Hex, to: Hex): number {
  const sc = d.sc;
  if (sc.map.grid.distance(from, to) <= 1) return ADJACENT;
  if (isNight(d)) return 0; // 8.1: night visibility one hex
  return sc.spot[from * sc.map.size + to]!;
}

/** Whether a viewer in hex `from` spots unit `target` (8.0-8.4; smoke 16.1 blocks LOS and conceals). */
export function hexSpotsUnit(d: Draft, from: Hex, target: number, th: Hex = d.hex(target)): boolean {
  return spotsUnitWith(d, spotBits(d, from, th), from, target, th);
}

/** hexSpotsUnit given `bits`, spotBits(d, from, th): for a caller asking about every unit in one hex. */
export function spotsUnitWith(d: Draft, bits: number, from: Hex, target: number, th: Hex): boolean {
  if (bits === ADJACENT) return true;
  if (bits === 0) return false;
  // 16.6: a hidden unit is spotted only at 1/4 range (bits 2-3 of the table hold those ranges).
  if (d.flag(target, F_HIDDEN)) bits >>= 2;
  const concealed = !d.flag(target, F_SPOTTED) && ((bits & 2) === 0 || d.smoke.includes(th));
  if (concealed) {
    if ((bits & 2) === 0) return false;
    if (d.smoke.includes(th) && d.sc.map.grid.distance(from, th) > 3) return false;
  } else if ((bits & 1) === 0) return false;
  return !smokeOnLine(d, from, th);
}

/** Whether any unit or leader of `seat` spots `target`. */
export function seatSpotsUnit(d: Draft, seat: number, target: number): boolean {
  const units = d.sc.units;
  for (let i = 0; i < units.length; i++) {
    if (units[i]!.side !== seat) continue;
    const h = d.hex(i);
    if (h >= 0 && hexSpotsUnit(d, h, target)) return true;
  }
  return false;
}

/** Whether the hex conceals its occupants from distant spotters. */
export function concealing(d: Draft, h: Hex): boolean {
  return isLimitingHex(d.sc.map, d.sc.terrain, h, d.sc.rules.hillsLimiting) || d.smoke.includes(h);
}

/**
 * PG3 10.1: direct fire may pass through empty hexes, enemy hexes and hexes holding only friendly AFVs.
 * HMG, AFV and AA units (or every unit, under the fireOverFriendsAllUnits reading of L307) may fire over
 * friendly units if at least one friendly-free hex lies between the target and the friendly units.
 */
export function fireLineClear(d: Draft, seat: number, from: Hex, to: Hex, canFireOver: boolean): boolean {
  const grid = d.sc.map.grid;
  if (grid.distance(from, to) <= 1) return true;
  const over = canFireOver || d.sc.rules.fireOverFriendsAllUnits;
  const paths = grid.linePaths(from, to);
  for (const p of paths) {
    if (p.includes(-1)) continue; // this side of a hexspine runs off the board
    let ok = true;
    let sawFriend = false;
    let clearAfterFriend = false;
    for (let k = 0; k < p.length - 1; k++) {
      const h = p[k]!;
      let friend = false;
      for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
        const u = d.sc.units[i]!;
        if (u.side === seat && !u.isAfv) {
          friend = true;
          break;
        }
      }
      if (friend) {
        if (!over) {
          ok = false;
          break;
        }
        sawFriend = true;
        clearAfterFriend = false;
      } else if (sawFriend) clearAfterFriend = true;
    }
    if (ok && (!sawFriend || clearAfterFriend)) return true;
  }
  return false;
}
