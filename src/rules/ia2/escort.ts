/**
 * A leader moving together with a unit he activated (6.4, 3.13, ruling IA2-R19): `join L U` makes U the mover
 * with L flagged F_ESCORT; every hex U enters, L enters with it, paying nothing of his own allowance. While
 * together, opportunity fire and drumfire at the mover's hex take the leader too (6.7), and his morale bonus
 * helps the unit's checks by being in its hex (12.13). He drops out when he is hit out of good order or killed,
 * and is Moved/Fired when the move ends.
 */
import type { Hex } from '../../hex/grid.js';
import { BANK, CARRIER, DEMORALIZED, DIG, type Draft, F_ACTIVE, F_ESCORT, F_LED, F_MOVED, F_SPENT, GOOD, MORALE } from './state.js';
import { isAssaultHex, isCavalry, pieceLabel, ready, sidePieces } from './units.js';

/** The leader moving with the current mover, or -1. */
export function escortOf(d: Draft): number {
  if (d.mover < 0) return -1;
  for (let p = 0; p < d.sc.units.length; p++) if (d.flag(p, F_ESCORT)) return p;
  return -1;
}

/**
 * `join L U` for each pair that may move together (6.4): an activated, ready, good-order leader who has not
 * acted, and an activated, ready, undemoralized unit of his type in his hex that he activated (led), is not a
 * transport or a load, has not acted and can step somewhere; neither in an assault hex (they leave it one by one, 11.22).
 */
export function joinActions(d: Draft, side: number, canMove: (unit: number) => boolean, out: string[]): void {
  if (d.mover >= 0) return;
  for (let l = 0; l < d.sc.units.length; l++) {
    const ld = d.sc.units[l]!;
    if (!ld.leader || ld.side !== side || !d.flag(l, F_ACTIVE) || !ready(d, l) || d.flag(l, F_MOVED)) continue;
    if (d.get(l, MORALE) !== GOOD) continue;
    const h = d.hex(l);
    if (isAssaultHex(d, h)) continue;
    for (const u of sidePieces(d, h, side)) {
      const def = d.sc.units[u]!;
      if (def.leader || def.transport || d.get(u, CARRIER) !== 0) continue;
      if (!d.flag(u, F_ACTIVE) || !d.flag(u, F_LED) || !ready(d, u) || d.flag(u, F_MOVED)) continue;
      if (isCavalry(d, u) !== isCavalry(d, l) || d.get(u, MORALE) === DEMORALIZED) continue;
      if (canMove(u)) out.push(`join ${l} ${u}`);
    }
  }
}

/** Applies `join L U`: U becomes the mover, L goes with it. */
export function join(d: Draft, leader: number, unit: number): void {
  d.mover = unit;
  d.setFlag(unit, F_MOVED, true);
  d.setFlag(leader, F_MOVED, true);
  d.setFlag(leader, F_ESCORT, true);
  d.events && d.say(() => `${pieceLabel(d, leader)} moves with ${pieceLabel(d, unit)} (6.4)`);
}

/** The escort follows the mover into the hex it has just entered (and onto its river bank). */
export function carryEscort(d: Draft, escort: number, mover: number, to: Hex): void {
  if (escort < 0) return;
  d.setHex(escort, to);
  d.set(escort, BANK, d.get(mover, BANK));
  d.set(escort, DIG, 0);
}

/** After fire at the mover's hex: a leader killed or shaken out of good order stops going with it (he cannot move on). */
export function dropFallenEscort(d: Draft, escort: number): void {
  if (escort < 0 || (d.onMap(escort) && d.get(escort, MORALE) === GOOD && d.onMap(d.mover))) return;
  releaseEscort(d, escort);
}

/** The move is over: the leader stays where it ended, Moved/Fired (3.13). */
export function releaseEscort(d: Draft, escort: number): void {
  if (escort < 0) return;
  d.setFlag(escort, F_ESCORT, false);
  if (d.onMap(escort)) d.setFlag(escort, F_SPENT, true);
}
