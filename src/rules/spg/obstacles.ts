/**
 * Obstacles and combat engineering (SPG S-48..S-52): wire (mounted units and unarmored vehicles never
 * enter; a leg unit enters by passing a morale check, spent either way; +1 MP for armored vehicles),
 * minefields (a bombardment attack on every unit entering), AT ditches and roadblocks (no vehicles or
 * mounted units); an undisrupted engineer next to an obstacle removes it with a passed morale check.
 */
import type { Rng } from '../../core/game.js';
import { pick, roll2d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { moraleOf } from './morale.js';
import { enemyPresence, fitsIn } from './movement.js';
import type { Scenario } from './scenario.js';
import { CARRIER, F_DISRUPTED, F_IMMOBILE, F_SPENT, FLAGS, HEX, type Draft, type State } from './state.js';
import { bombardHex, bombardmentColumns } from './bombardment.js';
import { tableResult } from '../../hex/tables.js';

type Cleared = Pick<State, 'cleared'>;
type Mines = Pick<State, 'cleared' | 'hiddenMines' | 'minesRevealed'>;

export function hasWire(sc: Scenario, s: Cleared, h: Hex): boolean {
  return sc.wire[h] === 1 && !s.cleared.includes(h);
}

/** The strength of the minefield in hex h as it is (what attacks a unit entering it), hidden or not; 0 for none. */
export function mineStrength(sc: Scenario, s: Mines, h: Hex): number {
  if (s.cleared.length > 0 && s.cleared.includes(h)) return 0;
  const open = sc.publicMines[h]!;
  if (open > 0 || s.hiddenMines.length === 0) return open;
  const k = s.hiddenMines.indexOf(h);
  return k < 0 ? 0 : sc.hiddenMines[k]!.strength;
}

/**
 * The strength of the minefield in hex h as `side` knows it: the other side's hidden minefields not yet
 * revealed are not there for it (S-50 L672). What a side may plan with: its moves, overruns, assaults and
 * engineers' work. A side of -1 knows them all.
 */
export function knownMineStrength(sc: Scenario, s: Mines, h: Hex, side: number): number {
  if (s.cleared.length > 0 && s.cleared.includes(h)) return 0;
  const open = sc.publicMines[h]!;
  if (open > 0 || s.hiddenMines.length === 0) return open;
  const k = s.hiddenMines.indexOf(h);
  return k < 0 || !mineKnownTo(sc, s, k, side) ? 0 : sc.hiddenMines[k]!.strength;
}

/** Whether `side` knows where hidden minefield k lies: laid by its own side, or revealed. */
export function mineKnownTo(sc: Scenario, s: Pick<State, 'minesRevealed'>, k: number, side: number): boolean {
  return side < 0 || sc.hiddenMines[k]!.hiddenFrom !== side || (s.minesRevealed & (1 << k)) !== 0;
}

/** The hexes of the hidden minefields `side` knows of (see mineKnownTo), in minefield order; -1 for the others. */
export function knownHiddenMines(sc: Scenario, s: Mines, side: number): Hex[] {
  return s.hiddenMines.map((h, k) => (mineKnownTo(sc, s, k, side) && !s.cleared.includes(h) ? h : -1));
}

/** S-50 L672, L678: a unit entering a hidden minefield triggers its attack, which reveals it to both sides. */
export function revealMineAt(d: Draft, h: Hex): void {
  const k = d.hiddenMines.indexOf(h);
  if (k < 0 || (d.minesRevealed & (1 << k)) !== 0) return;
  d.minesRevealed |= 1 << k;
  d.d(() => `a hidden minefield is revealed at ${d.sc.map.grid.label(h)} [SPG S-50]`);
}

/**
 * S-50 L672-L674: the minefield in hex h attacks unit i, which has just entered it (by moving or retreating):
 * a bombardment attack at the field's strength on that unit alone, with the usual modifiers; an M2 immobilizes
 * an armored vehicle for good. The field is revealed. Nothing happens where there is none.
 */
export function mineAttack(d: Draft, i: number, h: Hex): void {
  const sc = d.sc;
  const mines = mineStrength(sc, d, h);
  if (mines <= 0) return;
  revealMineAt(d, h);
  const side = 1 - sc.units[i]!.side;
  const col = bombardmentColumns(sc, d.seal(), side, mines, h).find((c) => c.unit === i);
  const roll = d.attack(() => bombardHex(d, side, mines, h, () => roll2d6(d.rng), undefined, i));
  if (roll > 0 && col && col.column >= 0 && sc.units[i]!.armored && d.hex(i) >= 0 && tableResult(sc.tables.bomb, col.column, roll) === 'M2')
    d.setFlag(i, F_IMMOBILE);
}

export function hasAtDitch(sc: Scenario, s: Cleared, h: Hex): boolean {
  return sc.atDitch[h] === 1 && !s.cleared.includes(h);
}
/** An obstacle `side` knows of in hex h (-1: any). */
function hasObstacle(sc: Scenario, s: Mines, h: Hex, side: number): boolean {
  return hasWire(sc, s, h) || knownMineStrength(sc, s, h, side) > 0 || hasAtDitch(sc, s, h);
}

/**
 * What `seat` may know of `state` (S-50 L672): the other side's hidden minefields it has not seen are off
 * the map. Everything else in an SPG position is public (digest 8.3). Returns `state` itself when the seat
 * knows every minefield.
 */
export function seatView(sc: Scenario, state: State, seat: number): State {
  let hidden: Hex[] | undefined;
  for (let k = 0; k < state.hiddenMines.length; k++) {
    if (mineKnownTo(sc, state, k, seat) || state.hiddenMines[k]! < 0) continue;
    hidden ??= state.hiddenMines.slice();
    hidden[k] = OFF_MAP;
  }
  return hidden === undefined ? state : { ...state, hiddenMines: hidden };
}

/** Where a hidden minefield that is not on the map lies (seatView). */
const OFF_MAP = -1;

/**
 * Determinization for `seat` (S-50 L672): each hidden minefield of the other side that the seat has not
 * seen is laid again on a random hex of its scenario area where the seat could not rule it out: no other
 * minefield it knows of, no unit standing (entering would have revealed it, and none sets up in one, ruling
 * SPG-R66), not cleared. Its true hex plays no part. With no such hex it stays where it is.
 */
export function dealHiddenMines(sc: Scenario, state: State, seat: number, rng: Rng): State {
  const secret: number[] = [];
  for (let k = 0; k < state.hiddenMines.length; k++) if (!mineKnownTo(sc, state, k, seat)) secret.push(k);
  if (secret.length === 0) return state;
  const taken = new Uint8Array(sc.map.size);
  for (let h = 0; h < sc.map.size; h++) if (sc.publicMines[h]! > 0) taken[h] = 1;
  for (const h of state.cleared) taken[h] = 1;
  for (const r of state.u) if (r[HEX]! >= 0) taken[r[HEX]!] = 1;
  state.hiddenMines.forEach((h, k) => {
    if (h >= 0 && mineKnownTo(sc, state, k, seat)) taken[h] = 1;
  });
  const hexes = state.hiddenMines.slice();
  for (const k of secret) {
    const free = sc.hiddenMines[k]!.area.filter((h) => taken[h] === 0);
    if (free.length === 0) continue;
    const h = pick(rng, free);
    hexes[k] = h;
    taken[h] = 1;
  }
  return { ...state, hiddenMines: hexes };
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
    if (n >= 0 && hasObstacle(sc, s, n, sc.units[i]!.side)) out.push(n);
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
