/**
 * Panzer Leader's turn sequence (XIII) and its actions. A turn is the Allied player segment then the
 * German one; a segment is the combat phase (minefield attacks, last turn's IF orders and this turn's,
 * direct fire), the air phase (Allied only), vehicular then non-vehicular movement, close assault, and
 * turning the phasing player's units face-up.
 *
 * Actions (strings):
 *   order U H        write an IF order for next turn: unit U at hex H (VII.C.3)
 *   fire U T         add unit U to the direct fire attack on target unit T (VII.B.5); starts it if none
 *   aim T            (the player's) add unit T of the target's hex to the units the attack being put together hits (VII.B.8)
 *   shell U H        add unit U to the direct fire attack on the temporary bridge (X.C.4.b), the empty fort (IX.C.8)
 *                    or the face-down counter at sea (XI.D.1) in H; starts it if none
 *   resolve          roll the attack being put together
 *   air A T W        aircraft A announces an attack on unit T with W = ord (bombs or rockets) or mg (XII.C)
 *   leave A          (the player's) aircraft A leaves the map in the air phase, never to return (XII.A.3)
 *   aa U             (the German seat, while an air attack waits) AA unit U fires at the aircraft (XII.D)
 *   pass             (the German seat) no more AA fire: the air attack is resolved
 *   move U H         unit U moves to hex H (V)
 *   land U H         unit U at sea lands on the beach hex H next to it (XI.C); undispersed, it may move on
 *   load C P         carrier C loads passenger P in its hex (V.C.2)
 *   unload C         carrier C sets its passenger down in its hex
 *   overrun U H D    vehicle U overruns hex H, leaving by direction D (VII.D)
 *   overrun U H D V E ...  vehicles U, V, ... overrun hex H together, U leaving by D, V by E, ... (VII.D.5)
 *   exit U           unit U leaves the map from an exit hex of its side (XIV.B.3)
 *   clear E H        engineer E turns over the minefield or block next to it in H, or removes the one it stands on (X.A, X.B.3)
 *   demolish E H     engineer E moves off to H and rolls to blow its bridge or make its block (X.B.1-2)
 *   cat H            close assault on hex H by every eligible adjacent unit (VII.E)
 *   cat H U V ...    (the player's) close assault on hex H by the adjacent units U, V, ... chosen (VII.E)
 *   next             end the phase
 *
 * `legalActions` is the list an agent weighs: a subset of the player's choices kept small for search
 * (rulings PL-R29, PL-R45..PL-R48). `isLegal` accepts every choice the rules allow, which the player may
 * type at the prompt: target combinations (aim), IF orders at any hex, combined overruns, and the close
 * assault units chosen one by one.
 */
import { d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import {
  applyResult,
  applyToTargets,
  columnName,
  crtResult,
  defenseOf,
  elevationFactor,
  eliminate,
  fireDistance,
  fireDrm,
  flying,
  fortResult,
  ifSighted,
  inFort,
  LANDING_CRAFT_DS,
  maxRange,
  oddsColumn,
  predominantFactor,
  settle,
  shifted,
  spottedFor,
  stackFactor,
  targetDefense,
  weaponFactor,
} from './combat.js';
import {
  bridgelayerLeaves,
  clearerOf,
  clearHex,
  clearTargets,
  demolish,
  demolitionTask,
  equipmentNear,
  flailLeaves,
  isClearing,
} from './engineers.js';
import { MOVE_CLASSES } from './formats.js';
import { budgetOf, dueToEnter, enemiesOnFort, hasEnemy, insideFort, reachable, roomFor, seaAt, streamAt, terrainStep } from './movement.js';
import { MP_SCALE, type Scenario } from './scenario.js';
import {
  CARRIER,
  type Draft,
  EXITED,
  F_ATTACKED,
  F_CARRIED_NOW,
  F_DESIGNATED,
  F_DISPERSED,
  F_FIRED,
  F_IN_FORT,
  F_LANDED,
  F_MOVED,
  F_PASSENGER_NOW,
  F_REVEALED,
  F_SPOTTED,
  F_TRANSPORTED,
  MP_LEFT,
  OFFBOARD,
  PH_AA,
  PH_AIR,
  STATIONARY,
  PH_ASSAULT,
  PH_COMBAT,
  PH_MOVE_OTHERS,
  PH_MOVE_VEHICLES,
  type IfOrder,
  landingTurn,
  seaHexOf,
  type State,
  view,
} from './state.js';

// ---------------------------------------------------------------- eligibility

/** `State.target` at or below this marks a fire attack on the temporary bridge in hex BRIDGE_TARGET - target (X.C.4.b). */
export const BRIDGE_TARGET = -2;

function onMap(d: Draft, i: number): boolean {
  return d.hex(i) >= 0 && d.carrierOf(i) < 0;
}

/** Face-up (not fired, not dispersed) and on the map, not a passenger (ruling PL-R03: passengers do not fire). */
function ready(d: Draft, i: number): boolean {
  return onMap(d, i) && !d.flag(i, F_FIRED) && !d.flag(i, F_DISPERSED);
}

/** V.C.6.a: unit t rides on a German AFV (it may be attacked alone, at DS 1). */
export function isRider(d: Draft, t: number): boolean {
  const c = d.carrierOf(t);
  return c >= 0 && d.hex(t) >= 0 && d.sc.units[c]!.c.carrier === 'infantry';
}

/** Whether unit t may be picked as a DF target: a unit on the map, or a rider outside a town (V.C.6.a, VII.F.2.c). */
function targetable(d: Draft, t: number): boolean {
  if (onMap(d, t)) return true;
  return isRider(d, t) && !d.sc.town[d.sc.map.terrain[d.hex(t)]!];
}

/**
 * Whether unit f may direct-fire at target unit t now (VII.B, VII.F, VII.L, VII.C.11, VII.K.3-5); a unit
 * face down at sea is fired at by its hex instead (XI.D.1, canShell).
 */
export function canDirectFire(d: Draft, f: number, t: number): boolean {
  return !faceDown(d, t) && mayFireAt(d, f, t);
}

/** XI.B.1, XI.D.1: whether unit t stands face down at sea, its identity not yet seen by the German player. */
export function faceDown(d: Draft, t: number): boolean {
  return landingTurn(d, t) > 0 && d.carrierOf(t) < 0 && seaAt(d, d.hex(t)) && !d.flag(t, F_REVEALED);
}

/** XI.D.1: the face-down unit at sea in h (a carrier stands for its passenger), or -1. */
export function faceDownAt(d: Draft, h: Hex): number {
  if (!seaAt(d, h)) return -1;
  for (const i of d.unitsIn(h)) if (faceDown(d, i)) return i;
  return -1;
}

/** XI.D.1: the unit and its passenger are turned face up for good. */
function reveal(d: Draft, i: number): void {
  d.setFlag(i, F_REVEALED);
  const p = d.passengerOf(i);
  if (p >= 0) d.setFlag(p, F_REVEALED);
}

function mayFireAt(d: Draft, f: number, t: number): boolean {
  const sc = d.sc;
  const u = sc.units[f]!;
  if (u.side !== d.side || !ready(d, f) || d.flag(f, F_ATTACKED) || !u.c.modes.includes('DF') || u.c.attack <= 0) return false;
  if (u.c.engineer && isClearing(d, f)) return false; // X.A.7
  if (!targetable(d, t) || sc.units[t]!.side === d.side) return false;
  const from = d.hex(f);
  const h = d.hex(t);
  if (d.hit.includes(h)) return false; // VII.C.11: not the hex IF hit this phase
  if (streamAt(d, from) || seaAt(d, from)) return false; // VII.K.3: no attacks out of a stream hex; none from landing craft (XI)
  const dist = fireDistance(sc, from, h);
  // VII.K.4-5: a unit in a stream hex is fired on from ground level only from next door.
  if (streamAt(d, h) && dist > 1 && sc.level[sc.map.terrain[from]!] === 0) return false;
  if (dist > maxRange(u.c)) return false;
  if (!sc.map.hasLos(from, h)) return false;
  if (!spottedFor(d, d.side, h, from)) return false;
  return stackFactor(sc, u.c, targetsOf(d, t), h, dist, true, insideFort(d, h)) > 0;
}

/** The defence strength of the temporary bridge in h (X.C.4.b.2: printed on its counter). */
export function bridgeDefense(d: Draft, h: Hex): number {
  const b = d.sc.charts.temporaryBridges;
  return d.sc.truckBridges.includes(h) ? b.truck : b.tank;
}

/** X.C.4.b: whether unit f may direct-fire at the temporary bridge in h now (not with an I weapon; permanent bridges never). */
export function canShellBridge(d: Draft, f: number, h: Hex): boolean {
  const sc = d.sc;
  const u = sc.units[f]!;
  if (!d.tempBridges.includes(h) || u.side !== d.side || !ready(d, f) || d.flag(f, F_ATTACKED)) return false;
  if (!u.c.modes.includes('DF') || u.c.attack <= 0 || u.c.weapon === 'I' || u.c.weapon === '-') return false;
  if (u.c.engineer && isClearing(d, f)) return false;
  const from = d.hex(f);
  if (d.hit.includes(h) || streamAt(d, from)) return false;
  const dist = sc.map.grid.distance(from, h);
  return dist <= maxRange(u.c) && sc.map.hasLos(from, h);
}

/** X.C.4.b: a temporary bridge is a non-armoured target (UFT) attacked alone; indirect fire at it is halved (X.C.4.b.3). */
export function bridgeFireOdds(
  d: Draft,
  firers: readonly number[],
  h: Hex,
  direct: boolean,
): { attack: number; defense: number; col: number } {
  const sc = d.sc;
  let attack = 0;
  for (const f of firers) {
    const c = sc.units[f]!.c;
    attack +=
      c.attack * weaponFactor(c, false, sc.map.grid.distance(d.hex(f), h), direct) * (direct ? elevationFactor(sc, d.hex(f), h) : 0.5);
  }
  const defense = bridgeDefense(d, h);
  return { attack, defense, col: oddsColumn(sc, attack, defense) };
}

/** IX.C.8: whether a fortification stands in h with no unit inside it (fire may destroy it). */
export function emptyFortAt(d: Draft, h: Hex): boolean {
  return d.forts.includes(h) && insideFort(d, h).length === 0;
}

/**
 * Whether unit f may direct-fire at the face-down counter at sea in h (XI.D.1) or at the structure in h now:
 * a temporary bridge (X.C.4.b) or an empty fortification, either side's (IX.C.8: a fort is destroyed only by
 * fire), as an armoured target.
 */
export function canShell(d: Draft, f: number, h: Hex): boolean {
  if (d.tempBridges.includes(h)) return canShellBridge(d, f, h);
  // XI.D.1: at sea, whatever the face-down counter is: every unit there is an armoured target (XI.D.3), so
  // which units may fire at it does not depend on what it is.
  const hidden = faceDownAt(d, h);
  if (hidden >= 0) return mayFireAt(d, f, hidden);
  const sc = d.sc;
  const u = sc.units[f]!;
  if (!emptyFortAt(d, h) || u.side !== d.side || !ready(d, f) || d.flag(f, F_ATTACKED)) return false;
  if (!u.c.modes.includes('DF') || u.c.attack <= 0 || (u.c.engineer && isClearing(d, f))) return false;
  const from = d.hex(f);
  if (d.hit.includes(h) || streamAt(d, from) || seaAt(d, from)) return false;
  const dist = fireDistance(sc, from, h);
  return dist <= maxRange(u.c) && sc.map.hasLos(from, h) && weaponFactor(u.c, true, dist, true) > 0;
}

/**
 * The odds of fire at the structure in h: a temporary bridge (bridgeFireOdds, no terrain modifier), or an
 * empty fortification, attacked alone with its DS as an armoured target, terrain counting (IX.C.3, IX.C.8).
 */
export function structureFireOdds(
  d: Draft,
  firers: readonly number[],
  h: Hex,
  direct: boolean,
): { attack: number; defense: number; col: number; drm: number } {
  if (d.tempBridges.includes(h)) return { ...bridgeFireOdds(d, firers, h, direct), drm: 0 };
  const sc = d.sc;
  let attack = 0;
  for (const f of firers) {
    const c = sc.units[f]!.c;
    const from = d.hex(f);
    attack += c.attack * weaponFactor(c, true, fireDistance(sc, from, h), direct) * (direct ? elevationFactor(sc, from, h) : 1);
  }
  const defense = sc.charts.fortDefense.value;
  return { attack, defense, col: oddsColumn(sc, attack, defense), drm: fireDrm(d, h) };
}

/** X.C.4.b.2, X.C.4.b.4: only an X destroys a temporary bridge; vehicles in its hex go with it (and their passengers), leaving no wreck. */
function bridgeResult(d: Draft, h: Hex, result: string): void {
  if (result !== 'X') return;
  d.bridges = d.bridges.filter((b) => b !== h);
  d.tempBridges = d.tempBridges.filter((b) => b !== h);
  d.events && d.say(() => `the temporary bridge at ${d.sc.map.grid.label(h)} is destroyed`);
  for (const i of d.unitsIn(h)) if (d.sc.units[i]!.c.vehicular) eliminate(d, i, false);
}

/**
 * The units a DF attack on t hits: all of a town hex together (VII.F.2.c), the fort with every unit inside
 * it (IX.C.3), else t alone (a rider alone too, V.C.6.a).
 */
export function targetsOf(d: Draft, t: number): number[] {
  const one = targetGroup(d, t);
  if (t !== d.target || d.aimed.length === 0) return one;
  // VII.B.8: the attack being put together hits the units the player added to it as well.
  const all = new Set(one);
  for (const a of d.aimed) for (const x of targetGroup(d, a)) all.add(x);
  return [...all];
}

/** The units a DF attack at t alone hits (see targetsOf). */
function targetGroup(d: Draft, t: number): number[] {
  const h = d.hex(t);
  // The town hex's units of t's side: a fort's enemies on top of it are not among them (IX.C.10.a).
  const side = d.sc.units[t]!.side;
  if (d.sc.town[d.sc.map.terrain[h]!] && !isRider(d, t)) return d.unitsIn(h).filter((x) => d.sc.units[x]!.side === side);
  return inFort(d, t) ? insideFort(d, h) : [t];
}

/**
 * VII.B.8: whether unit a of the target's hex may be added to the units the attack being put together hits:
 * a unit that could be fired at, not hit already, with every firer so far still effective against them all.
 */
export function canAim(d: Draft, a: number): boolean {
  const t = d.target;
  if (t < 0 || a === t || !targetable(d, a) || d.sc.units[a]!.side === d.side || d.hex(a) !== d.hex(t)) return false;
  if (targetsOf(d, t).includes(a)) return false;
  const h = d.hex(t);
  const widened = [...targetsOf(d, t), ...targetGroup(d, a)];
  const inside = insideFort(d, h);
  return d.firers.every((f) => stackFactor(d.sc, d.sc.units[f]!.c, widened, h, fireDistance(d.sc, d.hex(f), h), true, inside) > 0);
}

/** The attack strength of a DF group against t (VII.B.5 with VII.F and VII.H). */
export function directFireStrength(d: Draft, firers: readonly number[], t: number): number {
  const sc = d.sc;
  const h = d.hex(t);
  const targets = targetsOf(d, t);
  const inside = insideFort(d, h);
  let total = 0;
  for (const f of firers) {
    const from = d.hex(f);
    const c = sc.units[f]!.c;
    total += c.attack * stackFactor(sc, c, targets, h, fireDistance(sc, from, h), true, inside) * elevationFactor(sc, from, h);
  }
  return total;
}

/**
 * IX.C.10.a: fire by the fort's own side into a town hex at the enemy on top of its fort cannot pick them out
 * (VII.F.2.c), so a second attack at the same strengths goes in against the fort's DS: the odds of that
 * attack (by the firers outside the hex; those inside fire at the units on top alone, ruling PL-R54), or
 * null when there is none.
 */
export function fortBeneathOdds(
  d: Draft,
  firers: readonly number[],
  t: number,
): { attack: number; defense: number; col: number; drm: number } | null {
  const sc = d.sc;
  const h = d.hex(t);
  if (t < 0 || !sc.town[sc.map.terrain[h]!] || !enemiesOnFort(d, h).includes(t)) return null;
  let attack = 0;
  for (const f of firers) {
    const from = d.hex(f);
    if (from === h) continue;
    const c = sc.units[f]!.c;
    attack += c.attack * weaponFactor(c, true, fireDistance(sc, from, h), true) * elevationFactor(sc, from, h);
  }
  if (attack <= 0) return null;
  const defense = sc.charts.fortDefense.value;
  return { attack, defense, col: oddsColumn(sc, attack, defense), drm: fireDrm(d, h) };
}

export function directFireOdds(
  d: Draft,
  firers: readonly number[],
  t: number,
): { attack: number; defense: number; col: number; drm: number } {
  const attack = directFireStrength(d, firers, t);
  const defense = targetDefense(d, targetsOf(d, t));
  const h = d.hex(t);
  return { attack, defense, col: oddsColumn(d.sc, attack, defense), drm: fireDrm(d, h) };
}

/**
 * XI.D.1, XI.D.3: the odds of fire at the face-down counter at sea in h as the German player sees them before
 * it is turned face up: a landing craft's, DS 8 as an armoured target, the sea's modifier only (a DD tank's own
 * DS and +2, XI.D.4, show when the attack resolves).
 */
export function landingCraftOdds(
  d: Draft,
  firers: readonly number[],
  h: Hex,
): { attack: number; defense: number; col: number; drm: number } {
  const attack = directFireStrength(d, firers, faceDownAt(d, h));
  return { attack, defense: LANDING_CRAFT_DS, col: oddsColumn(d.sc, attack, LANDING_CRAFT_DS), drm: d.sc.drm[d.sc.map.terrain[h]!]! };
}

/** Whether unit i may be named in an IF order at hex h now (VII.C.1-7, VII.C.12). */
export function canOrder(d: Draft, i: number, h: Hex): boolean {
  const sc = d.sc;
  const c = sc.units[i]!.c;
  if (sc.units[i]!.side !== d.side || !c.modes.includes('IF') || !onMap(d, i)) return false;
  if (d.flag(i, F_DISPERSED) || d.flag(i, F_DESIGNATED) || streamAt(d, d.hex(i)) || seaAt(d, d.hex(i))) return false; // VII.K.3, XI
  const dist = sc.map.grid.distance(d.hex(i), h);
  if (dist > c.range) return false;
  if (c.weapon === '(H)' && dist <= Math.floor(c.range / 4)) return false; // VII.C.12
  return ifSighted(d, d.side, h);
}

/** Whether unit i is a vehicle that may overrun the units in h (VII.D.1, VII.D.8, VII.D.9). */
function overrunTargetOk(d: Draft, i: number, h: Hex): boolean {
  const sc = d.sc;
  const c = sc.units[i]!.c;
  // VII.D.1, VII.K.6: clear terrain, a bridged stream hex counting as clear (a vehicle never enters a bare stream).
  if (streamAt(d, h) || !sc.overrunOk[d.bridges.includes(h) ? sc.bridgeTerrain : sc.map.terrain[h]!]) return false;
  // VII.D.8, IX.C.14: never units on a wreck, block, minefield or fortification.
  if (d.wrecks.includes(h) || d.blocks.includes(h) || d.mines.includes(h) || d.forts.includes(h) || d.hit.includes(h)) return false;
  const defenders = d.unitsIn(h);
  if (defenders.length === 0 || sc.units[defenders[0]!]!.side === d.side) return false;
  if (!c.modes.includes('OR')) return c.modes.includes('ORna') && defenders.every((t) => sc.units[t]!.c.target === 'NA');
  return true;
}

/** May unit i move in this phase (V.B.3, VII.C.7, V.C.2.b; a reinforcement whose turn has come, XIV.B.3)? */
function mayMove(d: Draft, i: number): boolean {
  const u = d.sc.units[i]!;
  if (u.side !== d.side || u.c.movement === 0 || u.c.vehicular !== (d.phase === PH_MOVE_VEHICLES)) return false;
  if (dueToEnter(d, i)) return true;
  if (!ready(d, i)) return false;
  // IX.C.10.c: units inside a fort with the enemy on top may not leave it.
  if (inFort(d, i) && enemiesOnFort(d, d.hex(i)).length > 0) return false;
  // XI.C.1: units ashore move before any unit lands from the sea in this phase.
  if (!d.flag(i, F_LANDED) && landingBegun(d)) return false;
  return !d.flag(i, F_MOVED) && !d.flag(i, F_DESIGNATED) && !d.flag(i, F_PASSENGER_NOW);
}

/** XI.C.1: whether a unit of the phasing side has landed from the sea in this movement phase. */
function landingBegun(d: Draft): boolean {
  const sc = d.sc;
  for (let i = 0; i < sc.units.length; i++) if (sc.units[i]!.side === d.side && d.flag(i, F_LANDED)) return true;
  return false;
}

/** XI.C: the beach hexes unit i at sea may land on now (next to it, not enemy-held, with room), or [] when it may not land. */
export function landingHexes(d: Draft, i: number): Hex[] {
  const sc = d.sc;
  const u = sc.units[i]!;
  const h = d.hex(i);
  if (u.side !== d.side || landingTurn(d, i) === 0 || !seaAt(d, h) || d.carrierOf(i) >= 0) return [];
  if (u.c.vehicular !== (d.phase === PH_MOVE_VEHICLES)) return [];
  const out: Hex[] = [];
  for (let k = 0; k < 6; k++) {
    const n = sc.map.grid.neighbour(h, k);
    if (n >= 0 && sc.beach[sc.map.terrain[n]!] && !hasEnemy(d, u.side, n) && roomFor(d, n, u.side)) out.push(n);
  }
  return out;
}

/** XIV.B.3: may unit i leave the map now: on one of its side's exit hexes, face-up, with a movement point left? */
function mayExit(d: Draft, i: number): boolean {
  const u = d.sc.units[i]!;
  const exit = d.sc.exits[u.side];
  if (!exit || u.side !== d.side || u.c.movement === 0 || u.c.vehicular !== (d.phase === PH_MOVE_VEHICLES)) return false;
  if (!ready(d, i) || d.flag(i, F_DESIGNATED) || d.flag(i, F_PASSENGER_NOW) || !exit.hexes.includes(d.hex(i))) return false;
  return budgetOf(d, i) >= MP_SCALE;
}

/** The units that would close assault hex h now (VII.E), or [] when none may. */
export function assaulters(d: Draft, h: Hex): number[] {
  const sc = d.sc;
  // VII.E.9: no close assault against a sea hex.
  if (d.hit.includes(h) || !hasEnemy(d, d.side, h) || seaAt(d, h)) return [];
  const grid = sc.map.grid;
  const out: number[] = [];
  // IX.C.10.c: units on top of an enemy-held fort assault it as if adjacent.
  const onTop = enemiesOnFort(d, h).filter((i) => sc.units[i]!.side === d.side);
  for (let k = 0; k < 7; k++) {
    const n = k < 6 ? grid.neighbour(h, k) : onTop.length > 0 ? h : -1;
    if (n < 0) continue;
    // IX.C.10.c: units inside a fort with the enemy on top may not close assault.
    const shut = enemiesOnFort(d, n).length > 0;
    const here = (k < 6 ? d.unitsIn(n) : onTop).filter(
      (i) =>
        sc.units[i]!.side === d.side &&
        ready(d, i) &&
        !(shut && inFort(d, i)) &&
        !streamAt(d, n) &&
        !seaAt(d, n) &&
        !(sc.units[i]!.c.engineer && isClearing(d, i)) &&
        !d.flag(i, F_ATTACKED) &&
        !d.flag(i, F_TRANSPORTED) &&
        (sc.units[i]!.c.modes.includes('CAT') || sc.units[i]!.c.modes.includes('CATmg')),
    );
    // VII.E.6: an Allied MG assaults only beside a non-MG infantry-type unit assaulting the same defender.
    const partner = here.some((i) => sc.units[i]!.c.modes.includes('CAT'));
    for (const i of here) if (sc.units[i]!.c.modes.includes('CAT') || partner) out.push(i);
  }
  return out;
}

export function assaultOdds(d: Draft, h: Hex, attackers: readonly number[]): { attack: number; defense: number; col: number; drm: number } {
  const sc = d.sc;
  const attack = attackers.reduce((s, i) => s + sc.units[i]!.c.attack, 0); // VII.E: printed AS, no WEC
  const defense = targetDefense(d, defendersIn(d, h));
  const col = shifted(sc, oddsColumn(sc, attack, defense), engineerShift(d, attackers));
  return { attack, defense, col, drm: -2 + sc.drm[sc.map.terrain[h]!]! };
}

/** VII.E.5: an engineer stacked with an infantry unit, both assaulting: one column up. */
function engineerShift(d: Draft, attackers: readonly number[]): number {
  const sc = d.sc;
  const byHex = new Map<Hex, number[]>();
  for (const i of attackers) byHex.set(d.hex(i), [...(byHex.get(d.hex(i)) ?? []), i]);
  const bonus = [...byHex.values()].some(
    (g) => g.some((i) => sc.units[i]!.c.engineer) && g.some((i) => !sc.units[i]!.c.engineer && sc.units[i]!.c.infantry),
  );
  return bonus ? 1 : 0;
}

/** The units of the side not phasing in h: the defenders of a close assault (not the assaulting side's own units on top of a fort, IX.C.10.c). */
export function defendersIn(d: Draft, h: Hex): number[] {
  return d.unitsIn(h).filter((i) => d.sc.units[i]!.side !== d.side);
}

/**
 * IX.C.10.a: a close assault by the fort's own side on the enemy on top of it is also an attack on the fort,
 * at the same strength against the fort's DS: its odds, or null when the assault is not such a one.
 */
export function assaultOnOwnFortOdds(
  d: Draft,
  h: Hex,
  attackers: readonly number[],
): { attack: number; defense: number; col: number; drm: number } | null {
  const inside = insideFort(d, h);
  if (inside.length === 0 || d.sc.units[inside[0]!]!.side !== d.side) return null;
  const o = assaultOdds(d, h, attackers);
  const defense = d.sc.charts.fortDefense.value;
  return { ...o, defense, col: shifted(d.sc, oddsColumn(d.sc, o.attack, defense), engineerShift(d, attackers)) };
}

export function overrunOdds(
  d: Draft,
  units: number | readonly number[],
  h: Hex,
): { attack: number; defense: number; col: number; drm: number } {
  const sc = d.sc;
  // VII.D.5-6: printed strengths, every overrunning vehicle's together.
  const attack = (typeof units === 'number' ? [units] : units).reduce((sum, i) => sum + sc.units[i]!.c.attack, 0);
  const defense = d.unitsIn(h).reduce((s, x) => s + defenseOf(d, x), 0);
  return { attack, defense, col: shifted(sc, oddsColumn(sc, attack, defense), 1), drm: -2 };
}

/** Overruns unit i may make: [target hex, exit direction] (VII.D.3: straight through to the opposite hex). */
export function overrunsOf(d: Draft, i: number): [Hex, number][] {
  const sc = d.sc;
  const grid = sc.map.grid;
  const start = d.hex(i);
  const reach = reachable(d, i);
  reach.set(start, 0);
  const budget = budgetOf(d, i);
  const cls = MOVE_CLASSES.indexOf(sc.units[i]!.c.moveClass);
  const out: [Hex, number][] = [];
  const seen = new Set<Hex>();
  for (const [entry, cost] of reach) {
    for (let k = 0; k < 6; k++) {
      const h = grid.neighbour(entry, k);
      if (h < 0 || seen.has(h * 6 + k) || !overrunTargetOk(d, i, h)) continue;
      const exit = grid.neighbour(h, k);
      if (exit < 0 || hasEnemy(d, d.side, exit) || !roomFor(d, exit, d.side)) continue;
      // A14: pay the target hex and the exit hex; no road rate, but a road negates the terrain (VII.D.3).
      const through = terrainStep(sc, cls, entry, h, k, false);
      const out2 = terrainStep(sc, cls, h, exit, k, false);
      const roadIn = (sc.map.hexside(entry, k) & 1) !== 0 ? MP_SCALE : through;
      const roadOut = (sc.map.hexside(h, k) & 1) !== 0 ? MP_SCALE : out2;
      if (roadIn < 0 || roadOut < 0 || cost + roadIn + roadOut > budget) continue;
      seen.add(h * 6 + k);
      out.push([h, k]);
    }
  }
  return out;
}

// ---------------------------------------------------------------- legal actions

export function legalActions(sc: Scenario, s: State): string[] {
  if (s.over) return [];
  const d = view(sc, s);
  const out: string[] = [];
  const n = sc.units.length;
  if (s.phase === PH_COMBAT) {
    if (s.target >= 0) {
      for (let f = 0; f < n; f++) if (!s.firers.includes(f) && canDirectFire(d, f, s.target)) out.push(`fire ${f} ${s.target}`);
      out.push('resolve');
      return out;
    }
    if (s.target <= BRIDGE_TARGET) {
      const h = BRIDGE_TARGET - s.target;
      for (let f = 0; f < n; f++) if (!s.firers.includes(f) && canShell(d, f, h)) out.push(`shell ${f} ${h}`);
      out.push('resolve');
      return out;
    }
    // VII.C.6: the agents' IF orders go at enemy hexes, at temporary bridges (X.C.4.b.3: with no unit in the
    // hex, the bridge is the target) and at the objectives the side does not stand in, where the enemy is
    // likely to come (ruling PL-R46); the player may order fire at any hex (isLegal).
    const orderHexes = new Set<Hex>();
    const seaCounters: Hex[] = [];
    for (let t = 0; t < n; t++) {
      if (sc.units[t]!.side === s.side || !onMap(d, t)) continue;
      if (faceDown(d, t)) seaCounters.push(d.hex(t));
      else orderHexes.add(d.hex(t));
    }
    // XI.B.1: the hexes of face-down counters at sea in an order of their own (the list is the same whoever is there).
    seaCounters.sort((a, b) => a - b);
    for (const h of seaCounters) orderHexes.add(h);
    for (const b of s.tempBridges) orderHexes.add(b);
    for (const o of sc.objectives) if (!d.unitsIn(o.hex).some((x) => sc.units[x]!.side === s.side)) orderHexes.add(o.hex);
    for (let i = 0; i < n; i++) {
      if (sc.units[i]!.side !== s.side || !sc.units[i]!.c.modes.includes('IF')) continue;
      for (const h of orderHexes) if (canOrder(d, i, h)) out.push(`order ${i} ${h}`);
    }
    for (let t = 0; t < n; t++) {
      if (sc.units[t]!.side === s.side || !targetable(d, t)) continue;
      if (sc.town[sc.map.terrain[d.hex(t)]!] && targetGroup(d, t)[0] !== t) continue; // one target per town hex
      if (inFort(d, t) && insideFort(d, d.hex(t))[0] !== t) continue; // one target per fort (IX.C.3)
      for (let f = 0; f < n; f++) if (canDirectFire(d, f, t)) out.push(`fire ${f} ${t}`);
    }
    // XI.D.1: the German allocates fire at a face-down counter at sea by its hex, before it is turned face up.
    for (const h of seaCounters) for (let f = 0; f < n; f++) if (canShell(d, f, h)) out.push(`shell ${f} ${h}`);
    for (const h of s.tempBridges) for (let f = 0; f < n; f++) if (canShellBridge(d, f, h)) out.push(`shell ${f} ${h}`);
  } else if (s.phase === PH_AA) {
    // XII.D: the German player decides which AA units fire at which of the aircraft flown in, one at a time.
    for (const [i, k] of aaShots(d)) out.push(`aa ${i} ${k}`);
    out.push('pass');
    return out;
  } else if (s.phase === PH_AIR) {
    // XII.C.2.b: the aircraft flying at one hex join its one attack, on the target the first of them chose;
    // the agents' targets are one unit a hex, a town hex's or a fort's group counting once (ruling PL-R29).
    for (let t = 0; t < n; t++) {
      if (sc.units[t]!.side === s.side || !targetable(d, t)) continue;
      const planned = plannedTarget(d, d.hex(t));
      if (planned >= 0 ? planned !== t : airTargets(d, t)[0] !== t) continue;
      sc.aircraft.forEach((_, k) => {
        for (const w of ['ord', 'mg'] as const) if (mayFly(d, k, t, w)) out.push(`air ${k} ${t} ${w}`);
      });
    }
  } else if (s.phase === PH_MOVE_VEHICLES || s.phase === PH_MOVE_OTHERS) {
    for (let i = 0; i < n; i++) {
      if (mayMove(d, i)) {
        for (const h of reachable(d, i).keys()) out.push(`move ${i} ${h}`);
        if (s.phase === PH_MOVE_VEHICLES && d.hex(i) >= 0) for (const [h, k] of overrunsOf(d, i)) out.push(`overrun ${i} ${h} ${k}`);
      }
      if (mayExit(d, i)) out.push(`exit ${i}`);
      for (const h of landingHexes(d, i)) out.push(`land ${i} ${h}`);
      if (s.phase === PH_MOVE_OTHERS && sc.units[i]!.c.engineer && mayMove(d, i) && d.hex(i) >= 0) {
        for (const h of clearTargets(d, i)) out.push(`clear ${i} ${h}`);
        if (demolitionTask(d, i) !== null)
          for (const h of reachable(d, i).keys())
            if (sc.map.grid.distance(h, d.hex(i)) === 1 && !streamAt(d, h)) out.push(`demolish ${i} ${h}`);
      }
      if (s.phase !== PH_MOVE_VEHICLES || !mayCarry(d, i)) continue;
      const p = d.passengerOf(i);
      if (p >= 0) {
        if (roomFor(d, d.hex(i), sc.units[i]!.side) && carryAffordable(d, i, p)) out.push(`unload ${i}`);
      } else {
        for (const q of d.unitsIn(d.hex(i))) if (mayBoard(d, i, q)) out.push(`load ${i} ${q}`);
      }
    }
    if (s.phase === PH_MOVE_VEHICLES) out.push(...combinedOverruns(d));
  } else if (s.phase === PH_ASSAULT) {
    const hexes = new Set<Hex>();
    for (let t = 0; t < n; t++) if (sc.units[t]!.side !== s.side && onMap(d, t)) hexes.add(d.hex(t));
    for (const h of hexes) if (assaulters(d, h).length > 0 && assaultOdds(d, h, assaulters(d, h)).col >= 0) out.push(`cat ${h}`);
  }
  out.push('next');
  return out;
}

/**
 * VII.D.5, ruling PL-R47: the agents' combined overruns: for each hex two or more vehicles may overrun, one
 * attack by all of them, each leaving by the first way through that still has room.
 */
function combinedOverruns(d: Draft): string[] {
  const sc = d.sc;
  const ways = new Map<Hex, [number, number][]>();
  for (let i = 0; i < sc.units.length; i++) {
    if (!mayMove(d, i) || d.hex(i) < 0) continue;
    for (const [h, k] of overrunsOf(d, i)) {
      const list = ways.get(h) ?? [];
      if (!list.some(([u]) => u === i)) list.push([i, k]);
      ways.set(h, list);
    }
  }
  const out: string[] = [];
  for (const [h, list] of ways) {
    if (list.length < 2) continue;
    const trial = view(sc, d.peek());
    const joined: [number, number][] = [];
    for (const [i] of list) {
      const way = overrunsOf(trial, i).find(([x]) => x === h);
      if (way === undefined) continue;
      joined.push([i, way[1]]);
      relocate(trial, i, sc.map.grid.neighbour(h, way[1]));
      trial.setFlag(i, F_MOVED);
    }
    if (joined.length >= 2)
      out.push(`overrun ${joined[0]![0]} ${h} ${joined.map(([i, k], j) => (j === 0 ? `${k}` : `${i} ${k}`)).join(' ')}`);
  }
  return out;
}

/**
 * Every choice the rules allow the phasing player (or the German at an air attack): the agents' list, and
 * the wider ones the player may type (VII.B.8 aim, VII.C.6 orders at any hex, VII.D.5 combined overruns,
 * VII.E chosen assault units).
 */
export function isLegal(sc: Scenario, s: State, action: string, agentList: readonly string[] = legalActions(sc, s)): boolean {
  if (agentList.includes(action)) return true;
  if (s.over) return false;
  const w = action.split(' ');
  const nums = w.slice(1).map(Number);
  if (nums.some((x) => !Number.isInteger(x) || x < 0)) return false;
  const d = view(sc, s);
  const unit = (x: number | undefined): boolean => x !== undefined && x < sc.units.length;
  const hexOk = (x: number | undefined): boolean => x !== undefined && x < sc.map.size;
  switch (w[0]) {
    case 'aim':
      if (s.phase === PH_AIR) return nums.length === 1 && unit(nums[0]) && canAimFromTheAir(d, nums[0]!);
      return s.phase === PH_COMBAT && nums.length === 1 && unit(nums[0]) && canAim(d, nums[0]!);
    case 'shell': {
      // IX.C.8: fire at an empty fortification (the agents do not start it, ruling PL-R54).
      const [f, h] = nums as [number, number];
      return (
        s.phase === PH_COMBAT &&
        nums.length === 2 &&
        unit(f) &&
        hexOk(h) &&
        (s.target === -1 || (s.target === BRIDGE_TARGET - h && !s.firers.includes(f))) &&
        canShell(d, f, h)
      );
    }
    case 'leave': {
      // XII.A.3: an aircraft of the phasing side may leave in the air phase, never to return.
      const k = nums[0]!;
      return (
        s.phase === PH_AIR &&
        nums.length === 1 &&
        k < sc.aircraft.length &&
        s.airDone[k] === 0 &&
        sc.aircraft[k]!.side === s.side &&
        flying(d, k)
      );
    }
    case 'order':
      return (
        s.phase === PH_COMBAT && s.target === -1 && nums.length === 2 && unit(nums[0]) && hexOk(nums[1]) && canOrder(d, nums[0]!, nums[1]!)
      );
    case 'overrun':
      return s.phase === PH_MOVE_VEHICLES && nums.length >= 3 && nums.length % 2 === 1 && overrunParties(d, nums) !== null;
    case 'cat':
      return s.phase === PH_ASSAULT && nums.length >= 2 && hexOk(nums[0]) && chosenAssault(d, nums[0]!, nums.slice(1)) !== null;
    default:
      return false;
  }
}

/**
 * VII.D.3, VII.D.5: the vehicles and exit directions of an overrun written `U H D [V E ...]` ([U, H, D, V, E, ...]),
 * or null unless each may overrun H that way, the ones before it having moved to their exit hexes.
 */
function overrunParties(d: Draft, nums: readonly number[]): [number, number][] | null {
  const sc = d.sc;
  const h = nums[1]!;
  if (h >= sc.map.size) return null;
  const parties = overrunWays(nums);
  const trial = view(sc, d.peek());
  const seen = new Set<number>();
  for (const [i, k] of parties) {
    if (i >= sc.units.length || k > 5 || seen.has(i) || !mayMove(trial, i) || trial.hex(i) < 0) return null;
    if (!overrunsOf(trial, i).some(([x, y]) => x === h && y === k)) return null;
    seen.add(i);
    relocate(trial, i, sc.map.grid.neighbour(h, k));
    trial.setFlag(i, F_MOVED);
  }
  return parties;
}

/** The [vehicle, exit direction] pairs of an overrun's numbers `U H D [V E ...]` (no legality asked). */
export function overrunWays(nums: readonly number[]): [number, number][] {
  const parties: [number, number][] = [[nums[0]!, nums[2]!]];
  for (let j = 3; j + 1 < nums.length; j += 2) parties.push([nums[j]!, nums[j + 1]!]);
  return parties;
}

/** VII.E: the chosen units, when each may close assault h and every MG among them has its partner (VII.E.6) and the odds are on the table. */
function chosenAssault(d: Draft, h: Hex, units: readonly number[]): number[] | null {
  const sc = d.sc;
  const eligible = assaulters(d, h);
  if (new Set(units).size !== units.length || units.some((i) => !eligible.includes(i))) return null;
  const partnered = units.every(
    (i) => sc.units[i]!.c.modes.includes('CAT') || units.some((j) => d.hex(j) === d.hex(i) && sc.units[j]!.c.modes.includes('CAT')),
  );
  if (!partnered || assaultOdds(d, h, units).col < 0) return null;
  return [...units];
}

/** V.C.2.c-d, V.C.6.b: may unit c load or unload now (a German AFV even after firing)? */
function mayCarry(d: Draft, c: number): boolean {
  const u = d.sc.units[c]!;
  if (u.side !== d.side || u.c.carrier === 'none' || !onMap(d, c) || d.flag(c, F_DISPERSED) || seaAt(d, d.hex(c))) return false;
  if (d.flag(c, F_DESIGNATED) || d.flag(c, F_CARRIED_NOW)) return false; // V.C.2.d: one load or unload a phase
  return !d.flag(c, F_FIRED) || u.c.carrier === 'infantry';
}

/**
 * V.C.2.a-b: whether carrier c has the movement points to load or unload p now: a heavy gun only with the
 * carrier's whole MA untouched (both in the hex at the start and end of the phase); anything else for half
 * the MA (rounded up), before or after the carrier moves up to half its MA.
 */
function carryAffordable(d: Draft, c: number, p: number): boolean {
  if (!d.flag(c, F_MOVED)) return d.get(c, MP_LEFT) < 0;
  return d.sc.units[p]!.c.passenger === 'half' && budgetOf(d, c) >= loadCost(d.sc, c, p);
}

/** V.C.1-2, V.C.6: may carrier c load unit q of its hex? */
function mayBoard(d: Draft, c: number, q: number): boolean {
  const sc = d.sc;
  const cu = sc.units[c]!;
  const qu = sc.units[q]!;
  if (q === c || qu.side !== cu.side || qu.c.passenger === 'none' || qu.c.vehicular) return false;
  if (cu.c.carrier === 'infantry' && !qu.c.infantry) return false;
  if (cu.equipment >= 0 && cu.equipment !== q) return false; // X.B (pre): an equipment carrier transports only its engineer
  // V.C.2.c: neither may have fired (German AFVs may, V.C.6.b) or be dispersed; the passenger has not moved.
  if (!carryAffordable(d, c, q) || (d.flag(c, F_FIRED) && cu.c.carrier !== 'infantry')) return false;
  if (!ready(d, q) || d.flag(q, F_MOVED) || d.flag(q, F_DESIGNATED) || d.flag(q, F_ATTACKED)) return false;
  if (qu.c.engineer && isClearing(d, q)) return false; // X.A.7
  return true;
}

/** The WEC of an aircraft weapon against a target type (XII.C.3.a as DF without range, ruling PL-R12). */
function airWeaponFactor(weapon: string, armoured: boolean): number {
  if (weapon === 'I') return armoured ? 0 : 1;
  if (weapon === 'A') return armoured ? 1 : 0.5;
  return 1;
}

/**
 * Attack factor of aircraft k's weapon against the units `targets` of hex h (XII.C.3 weapons chart, WEC
 * without range, ruling PL-R12): by their predominant type (VII.F.2.b; a fort with its occupants one armoured counter, IX.C.3).
 */
export function airFactorOn(d: Draft, k: number, w: 'ord' | 'mg', targets: readonly number[], h: Hex): number {
  const a = d.sc.aircraft[k]!;
  const weapon = w === 'ord' ? (a.ordnance === 'bombs' ? 'H' : 'A') : a.mg.weapon;
  return predominantFactor(d.sc, targets, h, insideFort(d, h), false, (armoured) => airWeaponFactor(weapon, armoured));
}

/** The printed strength of aircraft k's weapon (XII.C.3 chart: bombs 30, rockets 20, machine guns the aircraft's). */
function airWeaponStrength(d: Draft, k: number, w: 'ord' | 'mg'): number {
  const a = d.sc.aircraft[k]!;
  return w === 'ord' ? (a.ordnance === 'bombs' ? 30 : 20) : a.mg.attack;
}

/** Attack factor of aircraft k's weapon against a DF at t alone (its town hex or fort group). */
export function airFactor(d: Draft, k: number, t: number, w: 'ord' | 'mg'): number {
  return airFactorOn(d, k, w, targetGroup(d, t), d.hex(t));
}

/** The strength aircraft k's weapon alone brings against a DF at t (its town hex or fort group). */
export function airStrength(d: Draft, k: number, t: number, w: 'ord' | 'mg'): number {
  return airWeaponStrength(d, k, w) * airFactor(d, k, t, w);
}

/** The air attacks planned this air phase (State.airPending): aircraft, target unit, weapon. */
export function airPlan(d: { readonly airPending: readonly number[] }): { k: number; t: number; w: 'ord' | 'mg' }[] {
  const out: { k: number; t: number; w: 'ord' | 'mg' }[] = [];
  for (let j = 0; j + 2 < d.airPending.length; j += 3)
    out.push({ k: d.airPending[j]!, t: d.airPending[j + 1]!, w: d.airPending[j + 2] === 1 ? 'mg' : 'ord' });
  return out;
}

/** XII.C.2.b: the target unit of the air attack planned on hex h, or -1 (one attack a hex, all its aircraft together). */
export function plannedTarget(d: Draft, h: Hex): number {
  for (const p of airPlan(d)) if (d.hex(p.t) === h) return p.t;
  return -1;
}

/**
 * XII.C.3.b: the units an air attack at t hits: t's DF group (a town hex's units, a fort with its occupants,
 * VII.F.2.c, IX.C.3) and those the player added of its hex (`aim` in the air phase).
 */
export function airTargets(d: Draft, t: number): number[] {
  const h = d.hex(t);
  const all = new Set(targetGroup(d, t));
  for (const a of d.aimed) if (d.hex(a) === h) for (const x of targetGroup(d, a)) all.add(x);
  return [...all];
}

/** The odds of the air attack on t by the planned aircraft `flights` (XII.C.2.b: strengths totalled, one roll, VII.B.5). */
export function airAttackOdds(
  d: Draft,
  flights: readonly { k: number; w: 'ord' | 'mg' }[],
  t: number,
): { attack: number; defense: number; col: number; drm: number } {
  const h = d.hex(t);
  const targets = airTargets(d, t);
  let attack = 0;
  for (const { k, w } of flights) attack += airWeaponStrength(d, k, w) * airFactorOn(d, k, w, targets, h);
  const defense = targetDefense(d, targets);
  return { attack, defense, col: oddsColumn(d.sc, attack, defense), drm: fireDrm(d, h) };
}

/**
 * XII.C: whether fighter-bomber k may fly at enemy unit t with weapon w now: over the map, not yet flown this
 * air phase (XII.C.3.c: one weapon a phase), its bombs or rockets unspent (once a game) or machine guns used
 * fewer than four times (XII.C.4), effective against the target; at a hex already planned, only at its target
 * (XII.C.2.b).
 */
export function mayFly(d: Draft, k: number, t: number, w: 'ord' | 'mg'): boolean {
  const sc = d.sc;
  const a = sc.aircraft[k];
  if (d.phase !== PH_AIR || a === undefined || a.role !== 'fighter-bomber' || a.side !== d.side || !flying(d, k) || d.airDone[k] === 1)
    return false;
  if (w === 'ord' ? d.airOrdnance[k] !== 0 : d.airMg[k]! >= 4) return false;
  if (!targetable(d, t) || sc.units[t]!.side === d.side || d.hit.includes(d.hex(t))) return false;
  const planned = plannedTarget(d, d.hex(t));
  if (planned >= 0 && planned !== t) return false;
  return airWeaponStrength(d, k, w) * airFactorOn(d, k, w, airTargets(d, t), d.hex(t)) > 0;
}

/**
 * XII.C.3.b: whether unit x may be added to the air attack planned on its hex (the player's combination, as
 * 'aim' in direct fire): an enemy unit not hit by it already, every aircraft of it still effective against them all.
 */
function canAimFromTheAir(d: Draft, x: number): boolean {
  const sc = d.sc;
  const t = plannedTarget(d, d.hex(x));
  if (t < 0 || sc.units[x]!.side === d.side || !targetable(d, x) || airTargets(d, t).includes(x)) return false;
  const h = d.hex(t);
  const widened = [...airTargets(d, t), ...targetGroup(d, x)];
  return airPlan(d)
    .filter((p) => p.t === t)
    .every((p) => airFactorOn(d, p.k, p.w, widened, h) > 0);
}

// ---------------------------------------------------------------- apply

export function applyAction(d: Draft, action: string): void {
  const w = action.split(' ');
  const num = (k: number): number => Number(w[k]);
  switch (w[0]) {
    case 'order':
      writeOrder(d, num(1), num(2));
      break;
    case 'fire':
      if (d.target < 0) {
        d.target = num(2);
        d.firers = [num(1)];
      } else d.firers = [...d.firers, num(1)];
      break;
    case 'aim':
      d.aimed = [...d.aimed, num(1)];
      d.events && d.phase === PH_AIR && d.say(() => `${d.sc.units[num(1)]!.id} is added to the air attack on its hex`);
      break;
    case 'shell':
      if (d.target > BRIDGE_TARGET) {
        d.target = BRIDGE_TARGET - num(2);
        d.firers = [num(1)];
      } else d.firers = [...d.firers, num(1)];
      break;
    case 'resolve':
      if (d.target <= BRIDGE_TARGET && faceDownAt(d, BRIDGE_TARGET - d.target) >= 0) {
        // XI.D.1: the fire allocated, the target is turned face up and the attack resolved as any other.
        d.target = faceDownAt(d, BRIDGE_TARGET - d.target);
        reveal(d, d.target);
      }
      if (d.target <= BRIDGE_TARGET) resolveStructureFire(d);
      else resolveDirectFire(d);
      break;
    case 'air':
      flyAt(d, num(1), num(2), w[3] === 'mg' ? 'mg' : 'ord');
      break;
    case 'leave':
      d.mut('airUp')[num(1)] = 0;
      d.events && d.say(() => `${d.sc.aircraft[num(1)]!.name} leaves the map for good`);
      break;
    case 'aa':
      antiAircraftFire(d, num(1), num(2));
      break;
    case 'pass':
      nextPhase(d);
      break;
    case 'exit':
      exitMap(d, num(1));
      break;
    case 'clear':
      clearHex(d, num(1), num(2));
      d.setFlag(num(1), F_MOVED);
      d.set(num(1), MP_LEFT, 0);
      break;
    case 'demolish': {
      const from = d.hex(num(1));
      demolish(d, num(1), from);
      moveUnit(d, num(1), num(2));
      break;
    }
    case 'move':
      moveUnit(d, num(1), num(2));
      break;
    case 'land':
      land(d, num(1), num(2));
      break;
    case 'load':
      load(d, num(1), num(2));
      break;
    case 'unload':
      unload(d, num(1));
      break;
    case 'overrun':
      overrun(d, overrunParties(d, w.slice(1).map(Number)) ?? [[num(1), num(3)]], num(2));
      break;
    case 'cat':
      closeAssault(d, num(1), w.length > 2 ? w.slice(2).map(Number) : assaulters(d, num(1)));
      break;
    case 'next':
      nextPhase(d);
      break;
    default:
      throw new Error(`unknown PL action "${action}"`);
  }
  updateControl(d);
  skipEmptyPhases(d);
}

function writeOrder(d: Draft, i: number, h: Hex): void {
  const orders = d.mut('orders');
  const k = orders.findIndex((o) => o.side === d.side && o.turn === d.turn && o.hex === h);
  if (k >= 0) orders[k] = { ...orders[k]!, units: [...orders[k]!.units, i] };
  else orders.push({ side: d.side, turn: d.turn, hex: h, units: [i] });
  d.setFlag(i, F_DESIGNATED);
  d.events && d.say(() => `${d.sc.units[i]!.id} is ordered to fire indirectly at ${d.sc.map.grid.label(h)} next turn`);
}

/** Marks a firer inverted and, if an enemy unit sees it, spotted (VII.L.2). */
function fired(d: Draft, f: number): void {
  d.setFlag(f, F_FIRED | F_ATTACKED);
  const sc = d.sc;
  const h = d.hex(f);
  for (let e = 0; e < sc.units.length; e++) {
    if (sc.units[e]!.side === d.side || sc.units[e]!.soft || !onMap(d, e)) continue;
    if (sc.map.hasLos(d.hex(e), h)) {
      d.setFlag(f, F_SPOTTED);
      return;
    }
  }
}

function resolveDirectFire(d: Draft): void {
  const sc = d.sc;
  const t = d.target;
  const firers = d.firers;
  const { attack, defense, col, drm } = directFireOdds(d, firers, t);
  const targets = targetsOf(d, t);
  const beneath = fortBeneathOdds(d, firers, t);
  const roll = d6(d.rng);
  const result = crtResult(sc, col, roll + drm);
  d.events &&
    d.say(
      () =>
        `direct fire by ${firers.map((f) => sc.units[f]!.id).join(', ')} at ${targets.map((x) => sc.units[x]!.id).join(', ')}: ${attack}:${defense} ${columnName(sc, col)}, roll ${roll}${drm ? `${drm > 0 ? '+' : ''}${drm}` : ''}: ${result}`,
    );
  for (const f of firers) fired(d, f);
  const h = d.hex(t);
  applyToTargets(d, targets, result);
  if (beneath !== null) attackFortBeneath(d, h, beneath, 'fire');
  d.target = -1;
  d.firers = [];
  d.aimed = [];
}

/** IX.C.10.a: the second attack of fire or a close assault at the enemy on top of a fort: the same strengths at the fort beneath. */
function attackFortBeneath(d: Draft, h: Hex, o: { attack: number; defense: number; col: number; drm: number }, what: string): void {
  const sc = d.sc;
  const roll = d6(d.rng);
  const result = crtResult(sc, o.col, roll + o.drm);
  d.events &&
    d.say(
      () =>
        `the same ${what} at the fortification beneath: ${o.attack}:${o.defense} ${columnName(sc, o.col)}, roll ${roll}${o.drm ? `${o.drm > 0 ? '+' : ''}${o.drm}` : ''}: ${result}`,
    );
  fortResult(d, h, result);
}

/**
 * X.C.4.b: the direct fire attack on a temporary bridge, alone (X.C.4.b.1): one roll, destroyed only on an X;
 * IX.C.8: on an empty fortification, destroyed on an X (leaving a wreck, VIII), nothing else touching it.
 */
function resolveStructureFire(d: Draft): void {
  const sc = d.sc;
  const h = BRIDGE_TARGET - d.target;
  const firers = d.firers;
  const bridge = d.tempBridges.includes(h);
  const { attack, defense, col, drm } = structureFireOdds(d, firers, h, true);
  const roll = d6(d.rng);
  const result = crtResult(sc, col, roll + drm);
  d.events &&
    d.say(
      () =>
        `direct fire by ${firers.map((f) => sc.units[f]!.id).join(', ')} at the ${bridge ? 'temporary bridge' : 'empty fortification'} at ${sc.map.grid.label(h)}: ${attack}:${defense} ${columnName(sc, col)}, roll ${roll}${drm ? `${drm > 0 ? '+' : ''}${drm}` : ''}: ${result}`,
    );
  for (const f of firers) fired(d, f);
  if (bridge) bridgeResult(d, h, result);
  else if (result === 'X') fortResult(d, h, result);
  d.target = -1;
  d.firers = [];
}

/** VII.C.8-10: one IF order executed: scatter check when no spotter remains, then AS / counters for each unit. */
function executeOrder(d: Draft, o: IfOrder): void {
  const sc = d.sc;
  const firers = o.units.filter((i) => d.hex(i) >= 0 && d.carrierOf(i) < 0 && !d.flag(i, F_DISPERSED));
  for (const i of o.units) d.setFlag(i, F_DESIGNATED, false);
  if (firers.length === 0) return;
  let h = o.hex;
  const label = sc.map.grid.label(h);
  // A6 (ruling PL-R06): any qualifying spotter of the side at execution keeps the fire on target.
  if (!ifSighted(d, d.side, h)) {
    const r = d6(d.rng);
    if (r > sc.charts.scatter.adjacent) {
      d.events && d.say(() => `indirect fire at ${label} has no spotter: roll ${r}, widely dispersed`);
      for (const f of firers) d.setFlag(f, F_FIRED);
      return;
    }
    if (r > sc.charts.scatter.hit) {
      const dir = sc.charts.scatterDirections.value[d6(d.rng) - 1]!;
      const n = sc.map.grid.neighbour(h, dir);
      d.events &&
        d.say(() => `indirect fire at ${label} has no spotter: roll ${r}, scatters to ${n >= 0 ? sc.map.grid.label(n) : 'off the map'}`);
      h = n;
    }
  }
  for (const f of firers) d.setFlag(f, F_FIRED);
  if (h < 0) return;
  const targets = d.unitsIn(h);
  for (const t of targets) if (faceDown(d, t)) reveal(d, t); // XI.D.1
  if (targets.length === 0 && d.tempBridges.includes(h)) {
    // X.C.4.b.3: indirect fire at a temporary bridge alone, at half strength.
    const { attack, defense, col } = bridgeFireOdds(d, firers, h, false);
    const roll = d6(d.rng);
    const result = crtResult(sc, col, roll);
    d.events &&
      d.say(
        () => `indirect fire at the temporary bridge at ${label}: ${attack}:${defense} ${columnName(sc, col)}, roll ${roll}: ${result}`,
      );
    d.mut('hit').push(h);
    bridgeResult(d, h, result);
    return;
  }
  // IX.C.8, IX.C.10: an empty fortification is a counter of its hex like any other, and may be fired on alone.
  const inside = insideFort(d, h);
  const emptyFort = d.forts.includes(h) && inside.length === 0;
  if (targets.length === 0 && !emptyFort) {
    d.events && d.say(() => `indirect fire falls on empty hex ${sc.map.grid.label(h)}`);
    return;
  }
  d.mut('hit').push(h);
  // VII.C.10.a: a fort with the units inside it counts as one counter (IX.C.10.a), each other unit as one;
  // every counter of the hex is hit, the enemy's on top of a fort and the fort's own alike (ruling PL-R54).
  const groups: number[][] = targets.filter((t) => !inside.includes(t)).map((t) => [t]);
  if (inside.length > 0 || emptyFort) groups.push(inside);
  // A8: the WEC once per attacker by the hex's predominant type, then the total divided by the counters (VII.C.10).
  let total = 0;
  for (const f of firers) {
    const c = sc.units[f]!.c;
    total += c.attack * stackFactor(sc, c, targets, h, sc.map.grid.distance(d.hex(f), h), false, inside, emptyFort);
  }
  const each = total / groups.length;
  const drm = fireDrm(d, h);
  for (const g of groups) {
    if (g.length > 0 && d.hex(g[0]!) !== h) continue;
    if (g.length === 0 && !d.forts.includes(h)) continue;
    const defense = g.length === 0 ? sc.charts.fortDefense.value : targetDefense(d, g);
    const col = oddsColumn(sc, each, defense);
    const roll = d6(d.rng);
    const result = crtResult(sc, col, roll + drm);
    const fortGroup = g.length === 0 || inFort(d, g[0]!);
    d.events &&
      d.say(
        () =>
          `indirect fire at ${fortGroup ? (g.length === 0 ? 'the empty fortification' : 'the fortification') : sc.units[g[0]!]!.id} in ${sc.map.grid.label(h)}: ${each}:${defense} ${columnName(sc, col)}, roll ${roll}: ${result}`,
      );
    if (g.length === 0) fortResult(d, h, result);
    else applyToTargets(d, g, result);
  }
}

/** IX.A.3: each unit of the other side on a minefield is attacked at 2-1, no terrain, no WEC. */
function mineAttacks(d: Draft): void {
  const sc = d.sc;
  if (d.mines.length === 0) return;
  const col = oddsColumn(sc, sc.charts.mineOdds.value, 1);
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side === d.side || !onMap(d, i) || !d.mines.includes(d.hex(i))) continue;
    // X.C.1: flails are immune; X.A.5: the engineer clearing the minefield is not attacked by it.
    if (sc.units[i]!.c.flail || clearerOf(d, d.hex(i)) === i) continue;
    const roll = d6(d.rng);
    const result = crtResult(sc, col, roll);
    d.events &&
      d.say(
        () => `minefield at ${sc.map.grid.label(d.hex(i))} attacks ${sc.units[i]!.id}: ${columnName(sc, col)}, roll ${roll}: ${result}`,
      );
    applyResult(d, i, result);
  }
}

/**
 * XII.D.2-3: the AA shots the non-phasing side may fire now: [AA unit, aircraft], each face-up AA unit at a
 * planned aircraft still flying, within its range of the hex the aircraft attacks (it flies in next to it, XII.C.2).
 */
function aaShots(d: Draft): [number, number][] {
  const sc = d.sc;
  const out: [number, number][] = [];
  const plan = airPlan(d).filter((p) => d.airUp[p.k] === 1);
  if (plan.length === 0) return out;
  for (let i = 0; i < sc.units.length; i++) {
    const c = sc.units[i]!.c;
    if (sc.units[i]!.side === d.side || !c.modes.includes('AA') || !ready(d, i) || streamAt(d, d.hex(i))) continue;
    for (const p of plan) if (sc.map.grid.distance(d.hex(i), d.hex(p.t)) <= c.range) out.push([i, p.k]);
  }
  return out;
}

/** XII.C.2, XIII.A.2.a: fighter-bomber k flies at t with weapon w; the record of its weapons is kept (XII.C.4). */
function flyAt(d: Draft, k: number, t: number, w: 'ord' | 'mg'): void {
  d.mut('airDone')[k] = 1;
  if (w === 'ord') d.mut('airOrdnance')[k] = 1;
  else d.mut('airMg')[k] = d.airMg[k]! + 1;
  d.airPending = [...d.airPending, k, t, w === 'mg' ? 1 : 0];
  d.events &&
    d.say(
      () =>
        `${d.sc.aircraft[k]!.name} flies at ${d.sc.units[t]!.id} in ${d.sc.map.grid.label(d.hex(t))} with ${w === 'mg' ? 'machine guns' : d.sc.aircraft[k]!.ordnance}`,
    );
}

/** XII.D: AA unit i fires at aircraft k on the designed AA table; a unit that fires is blanked for the German's next segment. */
function antiAircraftFire(d: Draft, i: number, k: number): void {
  const sc = d.sc;
  const t = airPlan(d).find((p) => p.k === k)!.t;
  const c = sc.units[i]!.c;
  const dist = sc.map.grid.distance(d.hex(i), d.hex(t));
  const strength = aaStrength(c, dist);
  const needed = aaHitNumber(sc, strength);
  const roll = d6(d.rng);
  d.setFlag(i, F_FIRED);
  d.events &&
    d.say(() => `AA by ${sc.units[i]!.id} at ${sc.aircraft[k]!.name}: strength ${strength}, roll ${roll} (hits on ${needed} or less)`);
  if (roll <= needed) {
    d.mut('airUp')[k] = 0;
    d.events && d.say(() => `${sc.aircraft[k]!.name} is shot down`);
  }
  if (aaShots(d).length === 0) nextPhase(d);
}

/** XII.D.3.c: AA strength doubled at half range or less. */
export function aaStrength(c: { attack: number; range: number }, dist: number): number {
  return c.attack * (dist <= halfOf(c.range) ? 2 : 1);
}

/** The highest die that hits on the designed AA table (ruling PL-R13). */
export function aaHitNumber(sc: Scenario, strength: number): number {
  return Math.min(5, Math.floor((strength * sc.charts.aaHitPer10.value) / 10));
}

/**
 * XII.C.2, XIII.A.2.c: the air attacks, the AA fire over: on each hex flown at, the aircraft still flying
 * total their strengths (machine guns beside another's bombs or rockets, XII.C.3.d) against the target's
 * DF group and the units added to it (XII.C.3.b), with one roll (XII.C.2.b); the hex is then attacked for
 * this air phase (XII.C.2.a).
 */
function resolveAirAttacks(d: Draft): void {
  const sc = d.sc;
  const plan = airPlan(d);
  for (const t of [...new Set(plan.map((p) => p.t))]) {
    const flights = plan.filter((p) => p.t === t && d.airUp[p.k] === 1);
    const h = d.hex(t);
    if (flights.length === 0 || h < 0) continue;
    const targets = airTargets(d, t);
    const { attack, defense, col, drm } = airAttackOdds(d, flights, t);
    const roll = d6(d.rng);
    const result = crtResult(sc, col, roll + drm);
    d.mut('hit').push(h);
    d.events &&
      d.say(
        () =>
          `air attack by ${flights.map((p) => `${sc.aircraft[p.k]!.name} (${p.w === 'mg' ? 'machine guns' : sc.aircraft[p.k]!.ordnance})`).join(', ')} on ${targets.map((x) => sc.units[x]!.id).join(', ')}: ${attack}:${defense} ${columnName(sc, col)}, roll ${roll}${drm ? `${drm > 0 ? '+' : ''}${drm}` : ''}: ${result}`,
      );
    applyToTargets(d, targets, result);
  }
  d.airPending = [];
  d.aimed = [];
}

function halfOf(n: number): number {
  return Math.floor(n / 2);
}

function moveUnit(d: Draft, i: number, h: Hex): void {
  const cost = reachable(d, i).get(h) ?? 0;
  const sc = d.sc;
  if (streamAt(d, h) && !sc.units[i]!.c.vehicular) {
    // VII.K.2: a roll for each stream hex entered; a failed one ends the unit's movement phase where it stands.
    const roll = d6(d.rng);
    if (roll > sc.charts.streamEntry.value) {
      d.setFlag(i, F_MOVED);
      d.set(i, MP_LEFT, 0);
      d.events && d.say(() => `${sc.units[i]!.id} fails to enter the stream at ${sc.map.grid.label(h)} (roll ${roll})`);
      return;
    }
    d.events && d.say(() => `${sc.units[i]!.id} enters the stream (roll ${roll})`);
  }
  const from = d.hex(i);
  relocate(d, i, h);
  d.setFlag(i, F_MOVED);
  d.set(i, MP_LEFT, Math.max(0, budgetOf(d, i) - cost));
  d.set(i, STATIONARY, 0);
  if (from >= 0) {
    flailLeaves(d, i, from);
    bridgelayerLeaves(d, i, from);
  }
  const p = d.passengerOf(i);
  if (p >= 0) d.setFlag(p, F_TRANSPORTED);
  if (p >= 0) d.setFlag(i, F_TRANSPORTED);
  d.events && d.say(() => `${d.sc.units[i]!.id} moves to ${d.sc.map.grid.label(h)}`);
}

/**
 * XI.C: unit i lands from its sea hex on beach hex h, paying the beach's cost; undispersed it may move on
 * with what is left (XI.C.4), dispersed it stops there (XI.C.3). Landing where a friendly unit already stands
 * disperses every unit in the hex (XI.C.5).
 */
function land(d: Draft, i: number, h: Hex): void {
  const sc = d.sc;
  const crowded = d.unitsIn(h).length > 0;
  const cls = MOVE_CLASSES.indexOf(sc.units[i]!.c.moveClass);
  const cost = Math.max(0, sc.moveCost[sc.map.terrain[h]! * MOVE_CLASSES.length + cls]!);
  relocate(d, i, h);
  reveal(d, i); // XI.C.4: turned face up
  d.setFlag(i, F_LANDED);
  d.set(i, MP_LEFT, Math.max(0, budgetOf(d, i) - cost));
  d.events && d.say(() => `${sc.units[i]!.id} lands at ${sc.map.grid.label(h)}`);
  if (crowded) for (const x of d.unitsIn(h)) applyResult(d, x, 'D');
  if (d.flag(i, F_DISPERSED)) {
    d.setFlag(i, F_MOVED);
    d.set(i, MP_LEFT, 0);
  }
  const p = d.passengerOf(i);
  if (p >= 0) d.setFlag(p, F_TRANSPORTED);
}

/**
 * XI.C.2: at the end of its movement phase every unit of the phasing side still at sea lands on a beach
 * hex next to it; one with no room there is eliminated. XI.B: Allied units landing next turn are then
 * placed at sea by startSegment.
 */
function forceLandings(d: Draft, vehicular: boolean): void {
  const sc = d.sc;
  for (let i = 0; i < sc.units.length; i++) {
    const u = sc.units[i]!;
    if (u.side !== d.side || landingTurn(d, i) === 0 || u.c.vehicular !== vehicular || !seaAt(d, d.hex(i)) || d.carrierOf(i) >= 0) continue;
    const beach = landingHexes(d, i);
    if (beach.length > 0) {
      land(d, i, beach[0]!);
      d.setFlag(i, F_MOVED);
      d.set(i, MP_LEFT, 0);
    } else {
      d.events && d.say(() => `${u.id} finds no room on the beach and is lost`);
      eliminate(d, i, false);
    }
  }
  for (let i = 0; i < sc.units.length; i++) if (d.flag(i, F_LANDED)) d.setFlag(i, F_LANDED, false);
}

/**
 * XI.B.1: Allied units landing next turn are placed (inverted) on their sea hexes as the German segment
 * opens, by the secret landing record (XI.A.2).
 */
function placeAtSea(d: Draft): void {
  const sc = d.sc;
  for (let i = 0; i < sc.units.length; i++) {
    if (landingTurn(d, i) !== d.turn + 1 || d.hex(i) !== OFFBOARD || d.carrierOf(i) >= 0) continue;
    const h = seaHexOf(d, i);
    relocate(d, i, h);
    d.events && d.say(() => `${sc.units[i]!.id} is offshore at ${sc.map.grid.label(h)}`);
  }
}

/** XIV.B.3: unit i (with its passenger) leaves the map by an exit hex; it scores the scenario's exit VP. */
function exitMap(d: Draft, i: number): void {
  const from = d.hex(i);
  relocate(d, i, EXITED);
  d.setFlag(i, F_MOVED);
  d.events && d.say(() => `${d.sc.units[i]!.id} leaves the map at ${d.sc.map.grid.label(from)}`);
}

/**
 * XIV.B.3: reinforcements of the phasing side whose turn has come and that were not moved on enter at
 * their edge hex at the end of their movement phase (ruling PL-R25); one whose hex is full or held by the
 * enemy waits for the next turn.
 */
function enterWaitingReinforcements(d: Draft, vehicular: boolean): void {
  const sc = d.sc;
  for (let i = 0; i < sc.units.length; i++) {
    const u = sc.units[i]!;
    if (u.side !== d.side || u.c.vehicular !== vehicular || !dueToEnter(d, i)) continue;
    if (hasEnemy(d, u.side, u.startHex) || !roomFor(d, u.startHex, u.side)) continue;
    relocate(d, i, u.startHex);
    d.setFlag(i, F_MOVED);
    d.set(i, MP_LEFT, 0);
    d.events && d.say(() => `${u.id} enters at ${sc.map.grid.label(u.startHex)}`);
  }
}

/** Puts unit i in hex h with its passenger (V.C.5: one unit), inside the fort there if it has room (IX.C.10). */
function relocate(d: Draft, i: number, h: Hex): void {
  d.setFlag(i, F_IN_FORT, false);
  d.setHex(i, h);
  const p = d.passengerOf(i);
  if (p >= 0) d.setHex(p, h);
  settle(d, i);
}

/** V.C.2.a-b: the carrier spends its whole MA for a heavy gun, half (rounded up) for the rest. */
export function loadCost(sc: Scenario, c: number, p: number): number {
  const ma = sc.units[c]!.c.movement;
  return sc.units[p]!.c.passenger === 'full' ? ma * MP_SCALE : Math.ceil(ma / 2) * MP_SCALE;
}

function load(d: Draft, c: number, p: number): void {
  d.set(p, CARRIER, c + 1);
  d.carryingChanged();
  d.setFlag(p, F_TRANSPORTED | F_PASSENGER_NOW | F_MOVED);
  d.setFlag(c, F_TRANSPORTED | F_CARRIED_NOW);
  d.set(c, MP_LEFT, Math.max(0, budgetOf(d, c) - loadCost(d.sc, c, p)));
  d.events && d.say(() => `${d.sc.units[c]!.id} loads ${d.sc.units[p]!.id}`);
}

function unload(d: Draft, c: number): void {
  const p = d.passengerOf(c);
  d.set(p, CARRIER, 0);
  d.carryingChanged();
  d.setHex(p, d.hex(c));
  settle(d, p);
  d.setFlag(p, F_TRANSPORTED | F_PASSENGER_NOW | F_MOVED);
  d.setFlag(c, F_TRANSPORTED | F_CARRIED_NOW);
  d.set(c, MP_LEFT, Math.max(0, budgetOf(d, c) - loadCost(d.sc, c, p)));
  d.events && d.say(() => `${d.sc.units[c]!.id} unloads ${d.sc.units[p]!.id}`);
}

/** VII.D: the vehicles (each with its exit direction) overrun h as one attack (VII.D.5), then stop in their exit hexes. */
function overrun(d: Draft, parties: readonly (readonly [number, number])[], h: Hex): void {
  const sc = d.sc;
  const units = parties.map(([i]) => i);
  const { attack, defense, col, drm } = overrunOdds(d, units, h);
  const roll = d6(d.rng);
  const result = crtResult(sc, col, roll + drm);
  const defenders = d.unitsIn(h);
  d.events &&
    d.say(
      () =>
        `${units.map((i) => sc.units[i]!.id).join(', ')} overrun${units.length > 1 ? '' : 's'} ${sc.map.grid.label(h)}: ${attack}:${defense} ${columnName(sc, col)}, roll ${roll}-2: ${result}`,
    );
  d.mut('hit').push(h);
  for (const x of defenders) applyResult(d, x, result);
  for (const [i, k] of parties) {
    relocate(d, i, sc.map.grid.neighbour(h, k));
    d.setFlag(i, F_MOVED | F_ATTACKED);
    d.set(i, MP_LEFT, 0);
  }
}

function closeAssault(d: Draft, h: Hex, attackers: readonly number[]): void {
  const sc = d.sc;
  const { attack, defense, col, drm } = assaultOdds(d, h, attackers);
  const roll = d6(d.rng);
  const result = crtResult(sc, col, roll + drm);
  d.events &&
    d.say(
      () =>
        `close assault on ${sc.map.grid.label(h)} by ${attackers.map((a) => sc.units[a]!.id).join(', ')}: ${attack}:${defense} ${columnName(sc, col)}, roll ${roll}${drm}: ${result}`,
    );
  d.mut('hit').push(h);
  for (const a of attackers) d.setFlag(a, F_ATTACKED);
  const own = assaultOnOwnFortOdds(d, h, attackers);
  applyToTargets(d, defendersIn(d, h), result);
  if (own !== null) attackFortBeneath(d, h, own, 'assault');
}

/**
 * XIV.B.7.a, XIV.B.8: the side of a unit (not a truck or wagon) in h, or -1: also -1 when both sides stand
 * there (a fort with the enemy on top, IX.C.10.a), which leaves the hex with the side that held it (ruling PL-R54).
 */
function occupier(d: Draft, h: Hex): number {
  let side = -1;
  for (const i of d.unitsIn(h)) {
    const s = d.sc.units[i]!.side;
    if (d.sc.units[i]!.soft) continue;
    if (side >= 0 && s !== side) return -1;
    side = s;
  }
  return side;
}

/**
 * XIV.B.7: a hex is controlled by the side whose units (not trucks or wagons, XIV.B.8) stand in it last;
 * a bridge by the side holding its hex and a hex next to it on each bank (b); a town by the side holding
 * every one of its hexes (c). Until a side meets that, the objective stays with the side that held it.
 */
function updateControl(d: Draft): void {
  const sc = d.sc;
  sc.controlHexes.forEach((h, j) => {
    const side = occupier(d, h);
    if (side >= 0 && d.held[j] !== side) d.mut('held')[j] = side;
  });
  const heldBy = (h: Hex): number => {
    const j = sc.controlHexes.indexOf(h);
    return j >= 0 ? d.held[j]! : occupier(d, h);
  };
  sc.objectives.forEach((o, k) => {
    let side = -1;
    if (o.control === 'hex') side = occupier(d, o.hex);
    else if (o.control === 'town') {
      const first = heldBy(o.town[0]!);
      if (first >= 0 && o.town.every((h) => heldBy(h) === first)) side = first;
    } else {
      const bridge = heldBy(o.hex);
      if (bridge >= 0 && o.banks.every((bank) => bank.some((h) => heldBy(h) === bridge))) side = bridge;
    }
    if (side >= 0 && d.control[k] !== side) d.mut('control')[k] = side;
  });
}

// ---------------------------------------------------------------- sequence

function nextPhase(d: Draft): void {
  if (d.phase === PH_COMBAT) {
    d.hit = [];
    if (d.side === 0 && d.sc.aircraft.some((a, k) => a.role === 'fighter-bomber' && flying(d, k))) {
      d.phase = PH_AIR;
      d.airDone = d.airDone.map(() => 0);
    } else d.phase = PH_MOVE_VEHICLES;
  } else if (d.phase === PH_AIR || d.phase === PH_AA) {
    // XIII.A.2: the aircraft have flown; the German AA fires at them, then the attacks are resolved.
    if (d.phase === PH_AIR && aaShots(d).length > 0) {
      d.phase = PH_AA;
      return;
    }
    resolveAirAttacks(d);
    d.hit = [];
    d.phase = PH_MOVE_VEHICLES;
  } else if (d.phase === PH_MOVE_VEHICLES) {
    enterWaitingReinforcements(d, true);
    forceLandings(d, true);
    d.hit = [];
    d.phase = PH_MOVE_OTHERS;
  } else if (d.phase === PH_MOVE_OTHERS) {
    enterWaitingReinforcements(d, false);
    forceLandings(d, false);
    d.hit = [];
    d.phase = PH_ASSAULT;
  } else endSegment(d);
}

/** XIII.A.5: the phasing player's units are turned face-up; then the other segment, or the next turn. */
function endSegment(d: Draft): void {
  const sc = d.sc;
  const clear = F_FIRED | F_DISPERSED | F_MOVED | F_TRANSPORTED | F_PASSENGER_NOW | F_ATTACKED | F_CARRIED_NOW;
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side !== d.side || d.hex(i) < 0) continue;
    // X.B.1: an engineer that began and ended this movement phase in its hex has one more stationary turn; a dispersed one pauses.
    if (sc.units[i]!.c.engineer) {
      if (d.flag(i, F_MOVED) || d.carrierOf(i) >= 0) d.set(i, STATIONARY, 0);
      // X.B (pre): a turn counts only with the equipment carrier in or next to the engineer's hex.
      else if (!d.flag(i, F_DISPERSED) && equipmentNear(d, i, d.hex(i))) d.set(i, STATIONARY, d.get(i, STATIONARY) + 1);
    }
    d.setFlag(i, clear, false);
    d.set(i, MP_LEFT, -1);
  }
  d.hit = [];
  if (d.side !== d.first) {
    if (d.turn >= sc.turns) {
      d.over = true;
      d.events && d.say(() => 'the last turn is over');
      return;
    }
    d.turn++;
  }
  d.side = 1 - d.side;
  startSegment(d);
}

/** XIII.A.1: the combat phase opens with minefield attacks and last turn's IF orders. */
export function startSegment(d: Draft): void {
  const sc = d.sc;
  d.phase = PH_COMBAT;
  for (let i = 0; i < sc.units.length; i++) if (sc.units[i]!.side === d.side && d.flag(i, F_SPOTTED)) d.setFlag(i, F_SPOTTED, false);
  d.events && d.say(() => `turn ${d.turn}: ${sc.sides[d.side]!.name} player segment`);
  if (d.side === 1) placeAtSea(d);
  mineAttacks(d);
  const due = d.orders.filter((o) => o.side === d.side && o.turn < d.turn);
  if (due.length > 0) {
    d.orders = d.orders.filter((o) => !(o.side === d.side && o.turn < d.turn));
    for (const o of due) executeOrder(d, o);
  }
}

/** Phases with nothing to do but end are passed over (the player could only say "next"). */
function skipEmptyPhases(d: Draft): void {
  for (let guard = 0; guard < 12 && !d.over; guard++) {
    const legal = legalActions(d.sc, d.peek());
    if (legal.length !== 1 || legal[0] !== 'next') return;
    // XII.C.3.b: every aircraft has flown, but the player may still add units to an air attack.
    if (d.phase === PH_AIR && d.sc.units.some((_, x) => canAimFromTheAir(d, x))) return;
    nextPhase(d);
  }
}
