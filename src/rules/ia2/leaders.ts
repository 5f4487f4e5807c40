/**
 * Leaders with their units: infantry leaders under a Dug In marker (15.21, 15.25) and leaders fleeing with a
 * demoralized unit (6.63).
 */
import type { Hex } from '../../hex/grid.js';
import { DIG, type Draft, F_ACTIVE, GOOD, MORALE } from './state.js';
import { isCavalry, pieceLabel, sidePieces } from './units.js';

/**
 * 15.21, 15.25 (ruling IA2-R79): an infantry leader is under the Dug In marker exactly while a friendly combat unit in his hex
 * is (it completed its dig in with him there, or he entered its hex); alone he cannot keep the marker, and
 * cavalry leaders are never under one. Run after every action and at set-up.
 */
export function leadersUnderDugIn(d: Draft): void {
  for (let l = 0; l < d.sc.units.length; l++) {
    const def = d.sc.units[l]!;
    if (!def.leader) continue;
    const h = d.hex(l);
    const under = h >= 0 && !isCavalry(d, l) && sidePieces(d, h, def.side).some((p) => !d.sc.units[p]!.leader && d.get(p, DIG) === 2);
    const dig = under ? 2 : 0;
    if (d.get(l, DIG) !== dig) d.set(l, DIG, dig);
  }
}

/**
 * 6.63: a demoralized unit that failed recovery has fled from `from`; an activated good-order leader in that
 * hex goes with it (staying good order) when it would otherwise be left there without a friendly combat
 * unit (ruling IA2-R77); a disrupted one would have to demoralize himself to go and stays.
 */
export function leadersFlee(d: Draft, unit: number, from: Hex): void {
  const to = d.hex(unit);
  if (to < 0 || to === from) return;
  const side = d.sc.units[unit]!.side;
  const here = sidePieces(d, from, side);
  if (here.some((p) => !d.sc.units[p]!.leader)) return;
  for (const l of here) {
    if (!d.flag(l, F_ACTIVE) || d.get(l, MORALE) !== GOOD) continue;
    d.setHex(l, to);
    d.set(l, DIG, 0);
    d.events && d.say(() => `${pieceLabel(d, l)} flees with ${pieceLabel(d, unit)} to ${d.sc.map.grid.label(to)} (6.63)`);
  }
}
