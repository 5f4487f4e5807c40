/**
 * Transports (5.6-5.69) and overstacking (4.4). A good-order wagon carries one good-order MG or field gun;
 * loaded, the weapon's row names its wagon (CARRIER) and the pair is one transport for stacking, movement and
 * combat: the weapon is out of the hex's occupancy list, moves with the wagon and shares its fate.
 *
 *   load T W    wagon T, not yet moved this segment, loads weapon W of its hex (limbering it if need be)
 *   unload W    the activated weapon W leaves its wagon, limbered (after the wagon moved: it may only unlimber)
 */
import type { Hex } from '../../hex/grid.js';
import { eliminate, setMorale } from './combat.js';
import { BANK, CARRIER, DIG, type Draft, F_ACTIVE, F_LED, F_LIMBERED, F_MOVED, F_SPENT, GOOD, MORALE, MP, STEPS } from './state.js';
import { baseMorale, carried, hasFriendlyCombat, isAssaultHex, isCombat, pieceLabel, ready, sidePieces } from './units.js';

/** The weapon a transport carries, or -1. */
export function cargoOf(d: Draft, transport: number): number {
  if (!d.sc.units[transport]!.transport) return -1;
  for (let i = 0; i < d.sc.units.length; i++) if (d.get(i, CARRIER) === transport + 1 && d.hex(i) >= 0) return i;
  return -1;
}

function isWeapon(d: Draft, unit: number): boolean {
  const t = d.sc.units[unit]!.type;
  return t === 'MG' || t === 'GUN';
}

/** The cargo moves with its transport (5.6: "they move together as one"). */
export function carryCargo(d: Draft, transport: number): void {
  const c = cargoOf(d, transport);
  if (c < 0) return;
  d.setHex(c, d.hex(transport));
  d.set(c, BANK, d.get(transport, BANK));
}

/** An activated transport activates the weapon it carries with it (5.2: it moves at the same time). */
export function activateCargo(d: Draft, transport: number): void {
  const c = cargoOf(d, transport);
  if (c < 0 || !ready(d, c)) return;
  d.setFlag(c, F_ACTIVE, true);
  d.setFlag(c, F_LED, d.flag(transport, F_LED));
  d.set(c, MP, 0);
}

/**
 * The actions a transport or a weapon has besides the common ones; true when it has no others: a loaded
 * weapon may only unload (5.69: no fire while carried); a weapon unloaded from a wagon that has moved this
 * segment may only unlimber (ruling IA2-R51).
 */
export function transportActions(d: Draft, u: number, out: string[]): boolean {
  const def = d.sc.units[u]!;
  if (carried(d, u)) {
    out.push(`unload ${u}`);
    return true;
  }
  if (isWeapon(d, u) && d.flag(u, F_MOVED) && d.mover !== u) {
    if (d.flag(u, F_LIMBERED)) out.push(`unlimber ${u}`);
    return true;
  }
  if (def.transport) for (const w of loadable(d, u)) out.push(`load ${u} ${w}`);
  return false;
}

/** Unloading by the moving transport's weapon, between its steps (5.66: the transport may move on). */
export function unloadDuringMove(d: Draft): string[] {
  const c = cargoOf(d, d.mover);
  return c >= 0 && d.flag(c, F_ACTIVE) && ready(d, c) ? [`unload ${c}`] : [];
}

/**
 * Weapons transport t may load now (5.6, 5.64, 5.69): t activated, in good order, empty, not yet moved this
 * segment, out of an assault hex; the weapon of its side in its hex, in good order, without a Moved/Fired
 * marker and not moving (5.66: one that has not yet activated this turn will do).
 */
function loadable(d: Draft, t: number): number[] {
  const h = d.hex(t);
  if (!ready(d, t) || d.get(t, MORALE) !== GOOD || cargoOf(d, t) >= 0 || d.flag(t, F_MOVED) || isAssaultHex(d, h)) return [];
  return sidePieces(d, h, d.sc.units[t]!.side).filter(
    (w) => isWeapon(d, w) && ready(d, w) && !d.flag(w, F_MOVED) && d.get(w, MORALE) === GOOD,
  );
}

/**
 * 5.64: loading takes the whole segment of both; an unlimbered weapon is limbered as it loads (a field gun
 * only with a passed morale check, 5.63: failing, both are spent and nothing loads, ruling IA2-R50).
 */
export function load(d: Draft, t: number, w: number): void {
  d.setFlag(t, F_SPENT, true);
  d.setFlag(w, F_SPENT, true);
  if (!d.flag(w, F_LIMBERED)) {
    const gun = d.sc.units[w]!.type === 'GUN';
    if (gun && d.roll2d6() > baseMorale(d, w)) {
      d.events && d.say(() => `${pieceLabel(d, w)} fails to limber and is not loaded`);
      return;
    }
    d.setFlag(w, F_LIMBERED, true);
  }
  d.set(w, CARRIER, t + 1);
  d.set(w, DIG, 0);
  d.carryingChanged();
  d.events && d.say(() => `${pieceLabel(d, w)} is loaded on ${pieceLabel(d, t)}`);
}

/** 5.65: unloading costs no MPs; after its wagon has moved the weapon may only unlimber (ruling IA2-R51). */
export function unload(d: Draft, w: number): void {
  const t = d.get(w, CARRIER) - 1;
  d.set(w, CARRIER, 0);
  d.carryingChanged();
  if (t >= 0 && d.flag(t, F_MOVED)) d.setFlag(w, F_MOVED, true);
  d.events && d.say(() => `${pieceLabel(d, w)} unloads from ${pieceLabel(d, t)}`);
}

/**
 * 5.68: a transport disrupted or demoralized passes its state to its weapon, which unloads limbered in the hex
 * at no cost to either's activation; the hex may then be overstacked (4.4).
 */
export function forcedUnload(d: Draft, t: number, m: number): void {
  const w = cargoOf(d, t);
  if (w < 0 || m === GOOD) return;
  d.set(w, CARRIER, 0);
  d.carryingChanged();
  setMorale(d, w, m);
  d.events && d.say(() => `${pieceLabel(d, w)} is thrown off ${pieceLabel(d, t)} (5.68)`);
  removeOverstack(d, d.hex(w), d.sc.units[w]!.side, w);
}

/** 5.67: a transport eliminated takes its weapon with it. */
export function eliminateCargo(d: Draft, t: number): void {
  const w = cargoOf(d, t);
  if (w < 0) return;
  eliminate(d, w);
  d.set(w, CARRIER, 0);
}

/**
 * 4.4: a hex over the stacking limit of a category loses units of that category at once, eliminated (they
 * count as losses). The owner's choice is made for him (ruling IA2-R52): the unit that just caused it first,
 * then the unit with fewest steps, the last in order among equals.
 */
export function removeOverstack(d: Draft, h: Hex, side: number, cause: number): void {
  for (;;) {
    const here = sidePieces(d, h, side).filter((p) => isCombat(d, p));
    const companies = here.filter((p) => d.sc.units[p]!.company);
    const transports = sidePieces(d, h, side).filter((p) => d.sc.units[p]!.transport);
    let pool: number[] = [];
    if (companies.length > 2) pool = companies;
    else if (here.length > 3) pool = here;
    else if (transports.length > 3) pool = transports;
    if (pool.length === 0) return;
    const victim = pool.includes(cause) ? cause : pool.slice().sort((a, b) => d.get(a, STEPS) - d.get(b, STEPS) || b - a)[0]!;
    d.events && d.say(() => `${pieceLabel(d, victim)} is eliminated: the hex is overstacked (4.4)`);
    eliminate(d, victim);
  }
}

/**
 * 5.69: transports in a hex without friendly unloaded combat units are eliminated, with their loads, when an
 * enemy combat unit enters it (and, ruling IA2-R53, when the assault there leaves enemy combat units alone with
 * them).
 */
export function overrunTransports(d: Draft, h: Hex, owner: number): void {
  if (!hasFriendlyCombat(d, h, 1 - owner) || hasFriendlyCombat(d, h, owner)) return;
  for (const p of sidePieces(d, h, owner)) {
    if (!d.sc.units[p]!.transport) continue;
    d.events && d.say(() => `${pieceLabel(d, p)} is caught without an escort and eliminated (5.69)`);
    eliminate(d, p);
  }
}
