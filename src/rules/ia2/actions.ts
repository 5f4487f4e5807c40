/**
 * The actions of an IA2 game, as words: activations (3.1, 3.12, 3.2), each activated piece's one action
 * (3.13: move, fire, assault, charge, recover, dig in, limber, mount), the inactive side's opportunity fire
 * at a mover (12.0), and the end of a segment or a pass.
 *
 *   pass | act U | stack H | lead L | end
 *   move U H | stop U | join L U (the leader moves with the unit, escort.ts) | fire U H [L] | assault U H | cold L | charge U V H | recover U [L]
 *   dig U | limber U | unlimber U | mount U | dismount U | load T W | unload W (transport.ts)
 *   opfire F[+G] | hold (units of one hex may combine one opportunity attack: 12.15, 8.32)
 */
import type { Hex } from '../../hex/grid.js';
import { drumfireOnMover, eliminate, type FireShot, leaveAssaultHex, resolveAssault, resolveDirectFire, setMorale } from './combat.js';
import {
  DEMORALIZED,
  DIG,
  DISRUPTED,
  type Draft,
  F_ACTIVE,
  F_ATTACKER,
  F_CHARGE,
  F_LED,
  F_LIMBERED,
  F_MOUNTED,
  F_MOVED,
  F_RAPID,
  F_SPENT,
  F_SPOTTED,
  GOOD,
  MORALE,
  MP,
  OPP,
} from './state.js';
import { marchAllowance, nightForbids, rapidMarchShift, rapidStep } from './march.js';
import { afterRiverStep, barredFromColdSteel, noteBank, riverStepCost, riverStops } from './rivers.js';
import { applyBoardEdge, arrivals, boardEdgeActions } from './entry.js';
import { knownEnemyCombat } from './hidden.js';
import { carryEscort, dropFallenEscort, escortOf, join, joinActions, releaseEscort } from './escort.js';
import { leadersFlee } from './leaders.js';
import { ROAD } from './scenario.js';
import { activateCargo, carryCargo, load, overrunTransports, transportActions, unload, unloadDuringMove } from './transport.js';
import { checkGameOver, endSegment, updateControl } from './turn.js';
import {
  entrenched,
  face,
  fireBlocked,
  fireStrength,
  hasEnemy,
  hasEnemyCombat,
  hexSpotted,
  isAssaultHex,
  isCavalry,
  isCombat,
  keepSpottedAfterMove,
  baseMorale,
  movementAllowance,
  moveClass,
  nearestEnemyCombat,
  ownersChoice,
  pieceLabel,
  rank,
  ready,
  sidePieces,
  sees,
  spots,
  spotsHex,
  stackingAllows,
  values,
} from './units.js';

// ---------------------------------------------------------------- activation (3.1, 3.12, 3.2)

/** Pieces a leader activates (3.12, 3.2): his type in his hex and, in good order, the six around; lower-ranked leaders of his type carry it on. */
export function leaderReach(d: Draft, leader: number): number[] {
  const side = d.sc.units[leader]!.side;
  const cav = isCavalry(d, leader);
  const grid = d.sc.map.grid;
  const out = new Set<number>([leader]);
  const queue = [leader];
  while (queue.length > 0) {
    const l = queue.shift()!;
    const m = d.get(l, MORALE);
    if (m === DEMORALIZED) continue;
    const reach = m === GOOD ? 1 : 0;
    const lh = d.hex(l);
    for (let i = 0; i < d.sc.units.length; i++) {
      if (out.has(i) || d.sc.units[i]!.side !== side || !ready(d, i)) continue;
      if (grid.distance(d.hex(i), lh) > reach || isCavalry(d, i) !== cav) continue;
      if (d.sc.units[i]!.leader) {
        if (rank(d, i) >= rank(d, l)) continue;
        queue.push(i);
      }
      out.add(i);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Pieces of a stack activation (3.1 type 2): every ready piece in the hex, and what its leaders reach
 * (`reachOf`: leaderReach of leaders already worked out).
 */
function stackSet(d: Draft, h: Hex, side: number, reachOf?: ReadonlyMap<number, readonly number[]>): { all: number[]; led: Set<number> } {
  const here = sidePieces(d, h, side).filter((p) => ready(d, p));
  const led = new Set<number>();
  for (const p of here)
    if (d.sc.units[p]!.leader && d.get(p, MORALE) !== DEMORALIZED) for (const q of reachOf?.get(p) ?? leaderReach(d, p)) led.add(q);
  return { all: [...new Set([...here, ...led])].sort((a, b) => a - b), led };
}

function mustRecover(d: Draft, side: number): boolean {
  for (let i = 0; i < d.sc.units.length; i++)
    if (d.sc.units[i]!.side === side && ready(d, i) && d.get(i, MORALE) === DEMORALIZED) return true;
  return false;
}

function activations(d: Draft, side: number): string[] {
  const out: string[] = [];
  const must = mustRecover(d, side);
  const hasDemo = (set: readonly number[]) => !must || set.some((p) => d.get(p, MORALE) === DEMORALIZED);
  const hexes = new Set<Hex>();
  const reachOf = new Map<number, number[]>();
  for (let i = 0; i < d.sc.units.length; i++) {
    const def = d.sc.units[i]!;
    if (def.side !== side || !ready(d, i)) continue;
    if (!must || d.get(i, MORALE) === DEMORALIZED) out.push(`act ${i}`);
    hexes.add(d.hex(i));
    if (def.leader && d.get(i, MORALE) !== DEMORALIZED) {
      const set = leaderReach(d, i);
      reachOf.set(i, set);
      if (set.length > 1 && hasDemo(set)) out.push(`lead ${i}`);
    }
  }
  for (const h of [...hexes].sort((a, b) => a - b)) {
    let readyHere = 0;
    for (let i = d.firstIn(h); i >= 0 && readyHere < 2; i = d.nextIn(i)) if (d.sc.units[i]!.side === side && ready(d, i)) readyHere++;
    if (readyHere > 1 && (!must || hasDemo(stackSet(d, h, side, reachOf).all))) out.push(`stack ${h}`);
  }
  if (!must) out.push(...arrivals(d, side), 'pass');
  return out;
}

/**
 * 6.73: while decapitated, a leader of the side of the dead leader's type (decapDone: 1 infantry, 2 cavalry)
 * must pass a plain morale check to activate (ruling IA2-R16).
 */
function decapitationCheck(d: Draft, leader: number): boolean {
  const side = d.sc.units[leader]!.side;
  if (!(d.decapUntil[side]! > 0 && d.turn <= d.decapUntil[side]!)) return true;
  if (isCavalry(d, leader) !== (d.decapDone[side] === 2)) return true;
  const roll = d.roll2d6();
  const ok = roll <= baseMorale(d, leader);
  d.events && d.say(() => `${face(d, leader).name} activation check under decapitation: ${roll}: ${ok ? 'passes' : 'fails'}`);
  return ok;
}

function activate(d: Draft, set: readonly number[], led: ReadonlySet<number>): void {
  for (const p of set) {
    d.setFlag(p, F_ACTIVE, true);
    // Leaders lead themselves (11.2: good-order leaders may make assault movement).
    if (led.has(p) || d.sc.units[p]!.leader) d.setFlag(p, F_LED, true);
    d.set(p, MP, 0);
    activateCargo(d, p);
  }
  d.activated = true;
}

// ---------------------------------------------------------------- movement (5.0)

/** Whether the step follows a road across a road hexside (5.3). */
function alongRoad(d: Draft, from: Hex, to: Hex): boolean {
  const map = d.sc.map;
  const dir = map.grid.directionTo(from, to);
  return dir >= 0 && (map.hexside(from, dir) & ROAD) !== 0;
}

/**
 * Movement cost of one step (5.2, 5.3, 5.8): the road rate along a road hexside (a bridge too), else the
 * terrain's cost for the class; fords and river crossings as rivers.ts says (99: prohibited).
 */
function stepCost(d: Draft, unit: number, from: Hex, to: Hex): number {
  const road = alongRoad(d, from, to);
  const cost = road ? d.sc.charts.roadCost.value : d.sc.terrain[d.sc.map.terrain[to]!]!.move[moveClass(d, unit)];
  return riverStepCost(d, unit, from, to, cost, road);
}

/**
 * Whether a unit may step from its hex into `to` now (4.3, 5.2, 5.5, 5.9, 13.2). `nearFrom`, when given, is
 * nearestEnemyCombat of the unit's hex (the same for each of its steps).
 */
function canStep(d: Draft, unit: number, to: Hex, nearFrom = -1): boolean {
  const def = d.sc.units[unit]!;
  const from = d.hex(unit);
  const base = movementAllowance(d, unit);
  if (base <= 0) return false;
  const m = d.get(unit, MORALE);
  if (m === DEMORALIZED) return false;
  const spent = d.get(unit, MP);
  const moved = d.flag(unit, F_MOVED);
  // 11.22: out of an assault hex one hex only, never into another enemy hex.
  if (isAssaultHex(d, from) && (moved || hasEnemy(d, to, def.side))) return false;
  const cost = stepCost(d, unit, from, to);
  if (cost >= 99) return false;
  // 13.2: disrupted, one hex a turn; 5.2: the first hex is always possible; 15.8: twice the allowance along
  // roads out of enemy sight (asked only when the allowance decides: it looks for enemy lines of sight).
  if (m === DISRUPTED) {
    if (moved) return false;
  } else if (moved && spent + cost > marchAllowance(base, rapidStep(d, unit, from, to, alongRoad(d, from, to)))) return false;
  if (hasEnemyCombat(d, to, def.side)) return false;
  // 5.69: leaders and transports ignore enemy transports (and transports enemy leaders).
  if (def.leader && sidePieces(d, to, 1 - def.side).some((p) => !d.sc.units[p]!.transport)) return false;
  if (!stackingAllows(d, to, def.side, unit)) return false;
  if (nightForbids(d, unit, to)) return false;
  // 3.11, 5.5: without a leader of its type, never closer to the enemy's combat units.
  if (!d.flag(unit, F_LED) && nearestEnemyCombat(d, to, def.side) < (nearFrom >= 0 ? nearFrom : nearestEnemyCombat(d, from, def.side)))
    return false;
  return true;
}

/** nearestEnemyCombat of the unit's hex when its steps need it (3.11, 5.5: a unit without a leader of its type), else -1. */
function nearFromOf(d: Draft, unit: number): number {
  return d.flag(unit, F_LED) ? -1 : nearestEnemyCombat(d, d.hex(unit), d.sc.units[unit]!.side);
}

/** Units of the inactive side that may make opportunity fire at the mover in its hex now (12.0-12.24). */
export function opportunityFirers(d: Draft): number[] {
  const mover = d.mover;
  if (mover < 0 || !d.onMap(mover)) return [];
  const mh = d.hex(mover);
  if (isAssaultHex(d, mh)) return [];
  const side = 1 - d.sc.units[mover]!.side;
  const grid = d.sc.map.grid;
  const out: number[] = [];
  let spotted: boolean | undefined;
  for (let i = 0; i < d.sc.units.length; i++) {
    const def = d.sc.units[i]!;
    if (def.side !== side || def.leader || !ready(d, i) || d.flag(i, F_ACTIVE)) continue;
    if (d.get(i, MORALE) === DEMORALIZED || d.oppFired.includes(i)) continue;
    const budget = def.type === 'MG' ? 2 : def.type === 'GUN' || (def.type === 'CAV' && d.flag(i, F_MOUNTED)) ? 0 : 1;
    if (d.get(i, OPP) >= budget) continue;
    const h = d.hex(i);
    if (isAssaultHex(d, h)) continue;
    const v = values(d, i);
    const dist = grid.distance(h, mh);
    if (dist > v.dfRange || fireStrength(d, i) <= 0 || !sees(d, h, mh) || fireBlocked(d, i, h, mh)) continue;
    if (spotted === undefined) spotted = spots(d, side, mover);
    if (!spotted) return [];
    out.push(i);
  }
  return out;
}

/**
 * The opportunity attacks open now (12.15, 8.32): each firer alone, and every group of two or more firers
 * of one hex combined into one attack. Inactive units are not activated by a leader, so the 8.32 combination
 * across adjacent hexes (6.51) is not open to them (ruling IA2-R23).
 */
export function opportunityAttacks(d: Draft): string[] {
  const firers = opportunityFirers(d);
  const out = firers.map((f) => `opfire ${f}`);
  const byHex = new Map<number, number[]>();
  for (const f of firers) byHex.set(d.hex(f), [...(byHex.get(d.hex(f)) ?? []), f]);
  for (const group of byHex.values()) {
    if (group.length < 2) continue;
    for (let mask = 1; mask < 1 << group.length; mask++) {
      const pick = group.filter((_, k) => mask & (1 << k));
      if (pick.length >= 2) out.push(`opfire ${pick.join('+')}`);
    }
  }
  return out;
}

/**
 * One opportunity attack by `firers` at the mover (12.1, 12.15): their strengths added (8.32), at the range of
 * the farthest, with the 15.8 hidden-firer shift only when every firer is hidden (ruling IA2-R23).
 */
export function opportunityShot(d: Draft, firers: readonly number[]): FireShot {
  const mover = d.mover;
  const grid = d.sc.map.grid;
  return {
    strength: firers.reduce((n, f) => n + fireStrength(d, f), 0),
    side: d.sc.units[firers[0]!]!.side,
    range: Math.max(...firers.map((f) => grid.distance(d.hex(f), d.hex(mover)))),
    opportunity: true,
    fieldGun: false,
    extraShift: Math.min(...firers.map((f) => rapidMarchShift(d, f, mover))),
    from: firers.map((f) => d.hex(f)),
  };
}

export function finishMover(d: Draft): void {
  const u = d.mover;
  releaseEscort(d, escortOf(d));
  d.mover = -1;
  d.oppWindow = false;
  d.oppFired = [];
  d.toMove = d.active;
  if (u < 0) return;
  d.setFlag(u, F_RAPID, false);
  const to = d.chargeTo;
  d.chargeTo = -1;
  if (to >= 0 && d.onMap(u) && d.get(u, MORALE) === GOOD && hasEnemyCombat(d, to, d.sc.units[u]!.side)) {
    noteBank(d, u, d.hex(u), to);
    d.setHex(u, to);
    d.setFlag(u, F_ATTACKER, true);
    d.setFlag(u, F_CHARGE, true);
    d.events && d.say(() => `${pieceLabel(d, u)} charges into ${d.sc.map.grid.label(to)}`);
  }
  if (d.onMap(u)) d.setFlag(u, F_SPENT, true);
}

/** After a mover enters a hex: drumfire (9.6), then the opportunity-fire window (12.11), or it goes on or stops. */
export function afterStep(d: Draft, unit: number, h: Hex): void {
  const before = d.get(unit, MORALE);
  const escort = escortOf(d);
  const ok = drumfireOnMover(d, unit, h, escort) && d.onMap(unit) && d.get(unit, MORALE) === before;
  dropFallenEscort(d, escort);
  updateControl(d);
  checkGameOver(d);
  if (!ok) {
    d.chargeTo = -1;
    finishMover(d);
    return;
  }
  d.oppFired = [];
  if (opportunityFirers(d).length > 0) {
    d.oppWindow = true;
    d.toMove = 1 - d.active;
    return;
  }
  continueOrStop(d);
}

function continueOrStop(d: Draft): void {
  const u = d.mover;
  d.oppWindow = false;
  d.toMove = d.active;
  if (d.chargeTo >= 0) {
    finishMover(d);
    return;
  }
  if (!d.onMap(u) || !canStepOn(d, u)) finishMover(d);
}

/** Whether the unit has a step to take (stepsFrom not empty), looking no further than the first. */
function canStepOn(d: Draft, unit: number): boolean {
  const h = d.hex(unit);
  const grid = d.sc.map.grid;
  let nearFrom: number | undefined;
  for (let k = 0; k < 6; k++) {
    const n = grid.neighbour(h, k);
    if (n >= 0 && canStep(d, unit, n, (nearFrom ??= nearFromOf(d, unit)))) return true;
  }
  return false;
}

function stepsFrom(d: Draft, unit: number): Hex[] {
  const h = d.hex(unit);
  const out: Hex[] = [];
  const grid = d.sc.map.grid;
  let nearFrom: number | undefined;
  for (let k = 0; k < 6; k++) {
    const n = grid.neighbour(h, k);
    if (n >= 0 && canStep(d, unit, n, (nearFrom ??= nearFromOf(d, unit)))) out.push(n);
  }
  return out.sort((a, b) => a - b);
}

function step(d: Draft, unit: number, to: Hex, free = false): void {
  const from = d.hex(unit);
  const cost = free ? 0 : stepCost(d, unit, from, to);
  const rapid = !free && rapidStep(d, unit, from, to, alongRoad(d, from, to));
  const escort = d.mover === unit ? escortOf(d) : -1;
  d.set(unit, MP, d.get(unit, MP) + cost);
  d.setFlag(unit, F_RAPID, rapid);
  // 5.81: crossing a minor river ends the move (MP set past any allowance).
  afterRiverStep(d, unit, from, to);
  d.setHex(unit, to);
  carryCargo(d, unit);
  carryEscort(d, escort, unit, to);
  keepSpottedAfterMove(d, unit);
  // 15.22: moving loses a dig in under way and leaves a completed position.
  d.set(unit, DIG, 0);
  d.events && d.say(() => `${pieceLabel(d, unit)} moves to ${d.sc.map.grid.label(to)}`);
}

function isDrumfireHex(d: Draft, h: Hex): boolean {
  for (let k = 0; k < d.drumfire.length; k += 5) if (d.drumfire[k] === h || d.drumfire[k + 1] === h || d.drumfire[k + 2] === h) return true;
  return false;
}

/**
 * A Safe Hex for the piece where it stands (1.2, 13.31): no enemy combat unit can fire on it with direct fire
 * (in range, line of sight and spotting), and not a drumfire hex.
 */
export function inSafeHex(d: Draft, unit: number): boolean {
  const h = d.hex(unit);
  return h >= 0 && safeHexFor(d, unit, h, () => spots(d, 1 - d.sc.units[unit]!.side, unit));
}

/** Whether h would be a Safe Hex for the piece (13.31); `spotted` says whether the enemy would spot it there. */
function safeHexFor(d: Draft, unit: number, h: Hex, spotted: () => boolean): boolean {
  return !isDrumfireHex(d, h) && threatsAt(d, unit, h, spotted, true).length === 0;
}

/** Enemy combat units that could fire on the piece with direct fire in hex h (13.31: range, line of sight, spotting); the first only when `first`. */
function threatsAt(d: Draft, unit: number, h: Hex, spotted: () => boolean, first = false): number[] {
  const side = d.sc.units[unit]!.side;
  const grid = d.sc.map.grid;
  const out: number[] = [];
  let seen: boolean | undefined;
  for (let i = 0; i < d.sc.units.length; i++) {
    const def = d.sc.units[i]!;
    if (def.side === side || def.leader || !d.onMap(i) || fireStrength(d, i) <= 0) continue;
    if (def.type === 'GUN' && d.flag(i, F_LIMBERED)) continue;
    const e = d.hex(i);
    if (grid.distance(e, h) > values(d, i).dfRange || !sees(d, e, h)) continue;
    if (seen === undefined) seen = spotted();
    if (!seen) return out;
    out.push(i);
    if (first) return out;
  }
  return out;
}

/**
 * Distance from each of `from` to the nearest Safe Hex within `radius` of the fleeing piece (13.31), 999
 * where none is that near. A piece that has fled is not marked Spotted.
 */
function safeHexDistances(d: Draft, unit: number, from: readonly Hex[], radius: number): number[] {
  const grid = d.sc.map.grid;
  const h0 = d.hex(unit);
  const enemy = 1 - d.sc.units[unit]!.side;
  const safe: Hex[] = [];
  for (let h = 0; h < grid.size; h++) {
    if (grid.distance(h0, h) > radius || h === h0 || hasEnemy(d, h, d.sc.units[unit]!.side)) continue;
    if (safeHexFor(d, unit, h, () => spotsHex(d, enemy, h, false))) safe.push(h);
  }
  return from.map((n) => safe.reduce((m, s) => Math.min(m, grid.distance(n, s)), 999));
}

/**
 * Flight of a demoralized unit that failed recovery (13.31-13.35): out of an assault hex one hex, boxed in
 * eliminated; otherwise up to its movement allowance, each hex farther from the enemy's combat units (else
 * as far), never into drumfire or enemy hexes; a field gun that must flee is lost (13.34).
 */
export function flee(d: Draft, unit: number): void {
  const def = d.sc.units[unit]!;
  if (def.type === 'GUN') {
    d.events && d.say(() => `${pieceLabel(d, unit)} cannot flee and is abandoned (13.34)`);
    eliminate(d, unit);
    return;
  }
  const grid = d.sc.map.grid;
  const drum = (h: Hex) => isDrumfireHex(d, h);
  const inAssault = isAssaultHex(d, d.hex(unit));
  const budget = inAssault ? 1 : Math.max(1, def.leader ? movementAllowance(d, unit) : values(d, unit).ma);
  // 13.31, 13.33: away from the enemy units that can fire on it as it starts to flee (all enemy combat units
  // when none can, as in a drumfire hex, ruling IA2-R13).
  const threats = threatsAt(d, unit, d.hex(unit), () => spots(d, 1 - def.side, unit));
  const away = (h: Hex): number =>
    threats.length === 0 ? nearestEnemyCombat(d, h, def.side) : Math.min(...threats.map((t) => grid.distance(d.hex(t), h)));
  let spent = 0;
  for (let moved = 0; moved < budget; moved++) {
    const h = d.hex(unit);
    const here = away(h);
    // Out of an assault hex any hex will do; otherwise farther from the enemy, or as far as a first step (IA2-R13).
    let bestDist = inAssault ? -1 : moved === 0 ? here - 1 : here;
    let best: Hex[] = [];
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(h, k);
      if (n < 0 || hasEnemy(d, n, def.side) || drum(n) || !stackingAllows(d, n, def.side, unit)) continue;
      const cost = stepCost(d, unit, h, n);
      if (cost >= 99 || (moved > 0 && spent + cost > budget)) continue;
      const dist = away(n);
      if (dist > bestDist) {
        best = [n];
        bestDist = dist;
      } else if (dist === bestDist && best.length > 0) best.push(n);
    }
    if (best.length === 0) {
      if (inAssault) {
        d.events && d.say(() => `${pieceLabel(d, unit)} is boxed in and eliminated (13.35)`);
        eliminate(d, unit);
      }
      return;
    }
    // 13.31: among the hexes that go away, those toward the closest Safe Hex (ruling IA2-R13).
    if (best.length > 1 && !inAssault) {
      const toSafe = safeHexDistances(d, unit, best, budget + 1);
      const nearest = Math.min(...toSafe);
      best = best.filter((_, k) => toSafe[k] === nearest);
    }
    const to = ownersChoice(d, best, def.side, unit);
    spent += stepCost(d, unit, h, to);
    const stop = riverStops(d, unit, h, to);
    noteBank(d, unit, h, to);
    d.setHex(unit, to);
    d.set(unit, DIG, 0);
    keepSpottedAfterMove(d, unit);
    d.events && d.say(() => `${pieceLabel(d, unit)} flees to ${grid.label(to)}`);
    // 11.25: out of an assault hex one hex, under harassing fire when nothing of its side stays behind (11.23).
    if (inAssault) {
      leaveAssaultHex(d, unit, h);
      return;
    }
    // 13.32: it goes to ground in the first Safe Hex it reaches; 5.81: a minor river crossed ends the flight.
    if (stop || bestDist <= here || inSafeHex(d, unit)) return;
  }
}

// ---------------------------------------------------------------- legal actions

function fireTargets(d: Draft, unit: number): Hex[] {
  const def = d.sc.units[unit]!;
  if (def.leader || fireStrength(d, unit) <= 0) return [];
  if (def.type === 'GUN' && d.flag(unit, F_LIMBERED)) return [];
  const h = d.hex(unit);
  if (isAssaultHex(d, h)) return [];
  const range = values(d, unit).dfRange;
  const grid = d.sc.map.grid;
  const out: Hex[] = [];
  const seen = new Set<Hex>();
  for (let i = 0; i < d.sc.units.length; i++) {
    if (d.sc.units[i]!.side === def.side) continue;
    const t = d.hex(i);
    if (t < 0 || seen.has(t)) continue;
    seen.add(t);
    if (grid.distance(h, t) > range || isAssaultHex(d, t)) continue;
    if (!hexSpotted(d, def.side, t) || !sees(d, h, t) || fireBlocked(d, unit, h, t)) continue;
    out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** Leaders who may add their combat bonus to a unit's fire (6.52): activated, ready, same hex and type, undemoralized. */
function bonusLeaders(d: Draft, unit: number): number[] {
  const def = d.sc.units[unit]!;
  if (def.type === 'GUN' || d.get(unit, MORALE) === DEMORALIZED) return [];
  return sidePieces(d, d.hex(unit), def.side).filter(
    (l) =>
      d.sc.units[l]!.leader &&
      d.flag(l, F_ACTIVE) &&
      ready(d, l) &&
      d.get(l, MORALE) !== DEMORALIZED &&
      isCavalry(d, l) === isCavalry(d, unit) &&
      face(d, l).combat > 0,
  );
}

/** Leaders who may help a recovery (6.62): activated, ready, same type, in reach. */
function recoveryLeaders(d: Draft, unit: number): number[] {
  const def = d.sc.units[unit]!;
  const grid = d.sc.map.grid;
  const out: number[] = [];
  for (let l = 0; l < d.sc.units.length; l++) {
    if (l === unit || !d.sc.units[l]!.leader || d.sc.units[l]!.side !== def.side) continue;
    if (!d.flag(l, F_ACTIVE) || !ready(d, l) || d.get(l, MORALE) !== GOOD || isCavalry(d, l) !== isCavalry(d, unit)) continue;
    if (d.flag(l, F_MOVED) || grid.distance(d.hex(l), d.hex(unit)) > 1) continue;
    if (def.leader && rank(d, l) <= rank(d, unit)) continue;
    if (face(d, l).moraleBonus > 0) out.push(l);
  }
  return out;
}

function unitActions(d: Draft, u: number, out: string[]): void {
  const def = d.sc.units[u]!;
  if (transportActions(d, u, out)) return;
  const m = d.get(u, MORALE);
  if (m !== GOOD) {
    out.push(`recover ${u}`);
    for (const l of recoveryLeaders(d, u)) out.push(`recover ${u} ${l}`);
    if (m === DEMORALIZED) return;
  }
  const h = d.hex(u);
  const grid = d.sc.map.grid;
  for (const n of stepsFrom(d, u)) out.push(`move ${u} ${n}`);
  for (const t of fireTargets(d, u)) {
    out.push(`fire ${u} ${t}`);
    for (const l of bonusLeaders(d, u)) out.push(`fire ${u} ${t} ${l}`);
  }
  // 11.24: a disrupted company already in an assault hex may still attack there (at half strength).
  if (m !== GOOD) {
    if (def.company && isAssaultHex(d, h)) out.push(`assault ${u} ${h}`);
    return;
  }
  // 11.2, 11.24: assault movement by good-order companies and leaders led by their type; 11.84: a machine gun
  // never moves to assault, but one already in an assault hex attacks there normally; 11.1, 11.5: attacking
  // where it stands needs no leader (3.11 limits only moving closer).
  const assaulter = def.leader || def.company || (def.type === 'MG' && isAssaultHex(d, h));
  if (assaulter && isAssaultHex(d, h)) out.push(`assault ${u} ${h}`);
  else if (assaulter && d.flag(u, F_LED)) {
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(h, k);
      if (n < 0 || !hasEnemy(d, n, def.side)) continue;
      if (!hasEnemyCombat(d, n, def.side) && !def.leader) continue;
      if (d.sc.terrain[d.sc.map.terrain[n]!]!.move[moveClass(d, u)] >= 99 || !stackingAllows(d, n, def.side, u)) continue;
      // 5.82: never across a Major River but at a bridge or ford.
      if (riverStepCost(d, u, h, n, 0, false) >= 99) continue;
      out.push(`assault ${u} ${n}`);
    }
    // 11.7, 11.73: a charge from two hexes over a clear hex holding no units (leaders may be there), by mounted
    // cavalry led by a cavalry leader.
    if (def.type === 'CAV' && d.flag(u, F_MOUNTED) && !isAssaultHex(d, h)) {
      for (let k = 0; k < 6; k++) {
        const v = grid.neighbour(h, k);
        if (v < 0 || !d.sc.terrain[d.sc.map.terrain[v]!]!.clear || !onlyLeadersIn(d, v)) continue;
        for (let j = 0; j < 6; j++) {
          const t = grid.neighbour(v, j);
          if (t < 0 || grid.distance(h, t) !== 2 || !knownEnemyCombat(d, t, def.side)) continue;
          if (!stackingAllows(d, t, def.side, u)) continue;
          out.push(`charge ${u} ${v} ${t}`);
        }
      }
    }
  }
  if (def.leader) {
    if (coldSteelCompanies(d, u).length > 0) out.push(`cold ${u}`);
    return;
  }
  if (def.type === 'CAV') out.push(d.flag(u, F_MOUNTED) ? `dismount ${u}` : `mount ${u}`);
  if (def.type === 'MG' || def.type === 'GUN') out.push(d.flag(u, F_LIMBERED) ? `unlimber ${u}` : `limber ${u}`);
  const t = d.sc.terrain[d.sc.map.terrain[h]!]!;
  if (def.type !== 'CAV' && !def.transport && t.digIn && !d.sc.entrenchments.has(h) && d.get(u, DIG) < 2 && !isAssaultHex(d, h))
    out.push(`dig ${u}`);
}

/** Whether h holds no units, only leaders or nothing (11.73: a charge may pass through leaders). */
function onlyLeadersIn(d: Draft, h: Hex): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (!d.sc.units[i]!.leader) return false;
  return true;
}

/**
 * Companies that may make a Cold Steel attack with leader `l` (11.6-11.62): the leader, activated, ready and
 * undemoralized in an assault hex with enemy combat units, and the activated, ready, undemoralized companies
 * of his type in that hex that began their activation there (not moved, not already attacking).
 */
export function coldSteelCompanies(d: Draft, l: number): number[] {
  const h = d.hex(l);
  const side = d.sc.units[l]!.side;
  if (d.get(l, MORALE) === DEMORALIZED || d.flag(l, F_MOVED) || !hasEnemyCombat(d, h, side)) return [];
  // 5.83: not across a Major River from every enemy there, nor when the two sides are wholly apart.
  const enemies = sidePieces(d, h, 1 - side);
  const own = sidePieces(d, h, side);
  if (barredFromColdSteel(d, l, enemies) || own.every((p) => barredFromColdSteel(d, p, enemies))) return [];
  // 11.62: a normal assault already declared in the hex excludes cold steel there.
  if (sidePieces(d, h, side).some((p) => d.flag(p, F_ATTACKER))) return [];
  return sidePieces(d, h, side).filter(
    (p) =>
      d.sc.units[p]!.company &&
      d.flag(p, F_ACTIVE) &&
      ready(d, p) &&
      !d.flag(p, F_MOVED) &&
      !d.flag(p, F_ATTACKER) &&
      d.get(p, MORALE) !== DEMORALIZED &&
      isCavalry(d, p) === isCavalry(d, l) &&
      !barredFromColdSteel(d, p, enemies),
  );
}

/**
 * Combined fire of every activated, ready unit in a hex that can fire at the same target (8.32): field guns
 * together, the others together; the whole group only (ruling IA2-R24), with an optional leader's bonus.
 * Across hexes (6.51): an activated, good-order leader with a combat bonus of n combines his type's groups in
 * his hex and up to n adjacent hexes (never field guns), naming himself last; each hex's group fires whole.
 */
function combinedFire(d: Draft, side: number, out: string[]): void {
  const byHex = new Map<Hex, number[]>();
  for (let u = 0; u < d.sc.units.length; u++) {
    const def = d.sc.units[u]!;
    if (def.side !== side || def.leader || !d.flag(u, F_ACTIVE) || !ready(d, u) || d.flag(u, F_MOVED)) continue;
    if (d.get(u, MORALE) === DEMORALIZED || def.type === 'GUN') continue;
    const h = d.hex(u);
    byHex.set(h, [...(byHex.get(h) ?? []), u]);
  }
  const targetsOf = (group: readonly number[]) => group.map((u) => fireTargets(d, u)).reduce((a, b) => a.filter((t) => b.includes(t)));
  for (const units of byHex.values()) {
    if (units.length < 2) continue;
    const key = units.join('+');
    for (const t of targetsOf(units)) {
      out.push(`fire ${key} ${t}`);
      for (const l of bonusLeaders(d, units[0]!)) out.push(`fire ${key} ${t} ${l}`);
    }
  }
  // Field guns of one hex together (8.32), never across hexes (6.51).
  for (let u = 0; u < d.sc.units.length; u++) {
    const def = d.sc.units[u]!;
    if (def.side !== side || def.type !== 'GUN' || !d.flag(u, F_ACTIVE) || !ready(d, u) || d.flag(u, F_MOVED)) continue;
    if (d.get(u, MORALE) === DEMORALIZED) continue;
    const group = sidePieces(d, d.hex(u), side).filter(
      (g) => d.sc.units[g]!.type === 'GUN' && d.flag(g, F_ACTIVE) && ready(d, g) && !d.flag(g, F_MOVED) && d.get(g, MORALE) !== DEMORALIZED,
    );
    if (group.length < 2 || group[0] !== u) continue;
    for (const t of targetsOf(group)) out.push(`fire ${group.join('+')} ${t}`);
  }
  for (const l of combiningLeaders(d, side)) {
    const lh = d.hex(l);
    const cav = isCavalry(d, l);
    const groupIn = (h: Hex) => (byHex.get(h) ?? []).filter((u) => isCavalry(d, u) === cav);
    const own = groupIn(lh);
    const grid = d.sc.map.grid;
    const around: number[][] = [];
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(lh, k);
      if (n < 0) continue;
      const g = groupIn(n);
      if (g.length > 0) around.push(g);
    }
    const n = face(d, l).combat;
    const picks: number[][][] = around.map((g) => [g]);
    if (n >= 2) for (let a = 0; a < around.length; a++) for (let b = a + 1; b < around.length; b++) picks.push([around[a]!, around[b]!]);
    for (const pick of picks) {
      const group = [...own, ...pick.flat()].sort((a, b) => a - b);
      if (pick.length + (own.length > 0 ? 1 : 0) < 2) continue;
      for (const t of targetsOf(group)) out.push(`fire ${group.join('+')} ${t} ${l}`);
    }
  }
}

/** Leaders who may combine fire across hexes (6.51): activated, ready, in good order, with a combat bonus. */
function combiningLeaders(d: Draft, side: number): number[] {
  const out: number[] = [];
  for (let l = 0; l < d.sc.units.length; l++) {
    const def = d.sc.units[l]!;
    if (def.side !== side || !def.leader || !d.flag(l, F_ACTIVE) || !ready(d, l) || d.get(l, MORALE) !== GOOD) continue;
    if (face(d, l).combat > 0) out.push(l);
  }
  return out;
}

export function legalActions(d: Draft): string[] {
  if (d.over) return [];
  if (d.oppWindow) return [...opportunityAttacks(d), 'hold'];
  const side = d.active;
  if (d.mover >= 0) {
    const out = [...stepsFrom(d, d.mover).map((n) => `move ${d.mover} ${n}`), ...unloadDuringMove(d), `stop ${d.mover}`];
    boardEdgeActions(d, out);
    return out;
  }
  if (!d.activated) return activations(d, side);
  const out: string[] = [];
  let demoralizedLeft = false;
  for (let u = 0; u < d.sc.units.length; u++) {
    if (!d.flag(u, F_ACTIVE) || !ready(d, u)) continue;
    if (d.get(u, MORALE) === DEMORALIZED) demoralizedLeft = true;
    unitActions(d, u, out);
  }
  combinedFire(d, side, out);
  joinActions(d, side, (u) => canStepOn(d, u), out);
  boardEdgeActions(d, out);
  // 13.42: every activated demoralized piece attempts recovery before the segment ends.
  if (!demoralizedLeft) out.push('end');
  return out;
}

// ---------------------------------------------------------------- apply

const num = (w: string | undefined): number => Number(w);

export function applyAction(d: Draft, action: string): void {
  const w = action.split(' ');
  const verb = w[0]!;
  const side = d.active;
  switch (verb) {
    case 'pass':
      d.events && d.say(() => `${d.sc.sides[side]!.id} passes`);
      endSegment(d, true);
      return;
    case 'end': {
      const hexes = new Set<Hex>();
      for (let i = 0; i < d.sc.units.length; i++) if (d.flag(i, F_ATTACKER) && d.onMap(i)) hexes.add(d.hex(i));
      for (const h of [...hexes].sort((a, b) => a - b)) {
        resolveAssault(d, h, side);
        afterAssault(d, h, side);
      }
      updateControl(d);
      checkGameOver(d);
      if (!d.over) endSegment(d, false);
      return;
    }
    case 'act': {
      const u = num(w[1]);
      if (d.sc.units[u]!.leader && !decapitationCheck(d, u)) {
        d.setFlag(u, F_SPENT, true);
        endSegment(d, false);
        return;
      }
      activate(d, [u], new Set());
      return;
    }
    case 'lead': {
      const l = num(w[1]);
      if (!decapitationCheck(d, l)) {
        d.setFlag(l, F_SPENT, true);
        endSegment(d, false);
        return;
      }
      const set = leaderReach(d, l);
      activate(d, set, new Set(set));
      return;
    }
    case 'stack': {
      // 6.73: each leader in the stack checks to activate; one who fails is spent and the others go without him.
      for (const l of sidePieces(d, num(w[1]), side))
        if (d.sc.units[l]!.leader && ready(d, l) && !decapitationCheck(d, l)) d.setFlag(l, F_SPENT, true);
      const { all, led } = stackSet(d, num(w[1]), side);
      if (all.length === 0) endSegment(d, false);
      else activate(d, all, led);
      return;
    }
    case 'move': {
      const u = num(w[1]);
      const to = num(w[2]);
      if (d.mover < 0) {
        d.mover = u;
        d.setFlag(u, F_MOVED, true);
      }
      const from = d.hex(u);
      if (isAssaultHex(d, from)) {
        step(d, u, to);
        exitAssault(d, u, from);
        return;
      }
      const enemyLeaders = hasEnemy(d, to, d.sc.units[u]!.side);
      step(d, u, to);
      if (enemyLeaders && isCombat(d, u)) {
        overrunTransports(d, to, 1 - side);
        overrun(d, to, side);
      }
      afterStep(d, u, to);
      return;
    }
    case 'stop':
      finishMover(d);
      return;
    case 'join':
      join(d, num(w[1]), num(w[2]));
      return;
    case 'opfire': {
      // 12.15: one attack, by one unit or by units of one hex combined (8.32).
      const firers = w[1]!.split('+').map(num);
      const mover = d.mover;
      const shot = opportunityShot(d, firers);
      for (const f of firers) {
        d.arr('oppFired').push(f);
        d.set(f, OPP, d.get(f, OPP) + 1);
        // 12.1: a machine gun's first shot leaves it an Opportunity Fire marker; its second, or any other unit's shot, Moved/Fired.
        if (d.sc.units[f]!.type !== 'MG' || d.get(f, OPP) >= 2) d.setFlag(f, F_SPENT, true);
        // 7.22: firing from limiting terrain leaves the firer spotted.
        if (d.sc.terrain[d.sc.map.terrain[d.hex(f)]!]!.limiting) d.setFlag(f, F_SPOTTED, true);
      }
      const before = d.get(mover, MORALE);
      d.events && d.say(() => `${firers.map((f) => pieceLabel(d, f)).join(' + ')} make${firers.length > 1 ? '' : 's'} opportunity fire`);
      // 6.4, 6.7: a leader moving with the unit is in the hex fired at.
      const escort = escortOf(d);
      resolveDirectFire(d, shot, escort >= 0 ? [mover, escort] : [mover], true);
      dropFallenEscort(d, escort);
      updateControl(d);
      checkGameOver(d);
      // 12.14: a failed morale check stops the mover; a step loss alone does not.
      if (!d.onMap(mover) || d.get(mover, MORALE) !== before) {
        d.chargeTo = -1;
        finishMover(d);
      } else if (opportunityFirers(d).length === 0) continueOrStop(d);
      return;
    }
    case 'hold':
      continueOrStop(d);
      return;
    case 'fire': {
      // 8.32: units in one hex may combine their fire (field guns only with field guns).
      const firers = w[1]!.split('+').map(num);
      const t = num(w[2]);
      const def = d.sc.units[firers[0]!]!;
      const guns = def.type === 'GUN';
      const critical = guns && d.shortage[def.side] === 2;
      // 15.7: under critical shortfall each field gun fires at half (rounded up per unit, 1.2).
      let strength = firers.reduce((n, f) => n + (critical ? Math.ceil(fireStrength(d, f) / 2) : fireStrength(d, f)), 0);
      // 6.52: the named leader adds his bonus to a unit in his hex; 6.51: he may have combined units of several hexes.
      if (w[3] !== undefined) {
        const l = num(w[3]);
        if (firers.some((f) => d.hex(f) === d.hex(l))) strength += face(d, l).combat;
        d.setFlag(l, F_SPENT, true);
      }
      const targets = sidePieces(d, t, 1 - def.side);
      const grid = d.sc.map.grid;
      // Fire combined across hexes is at long range when any of it is (10.2).
      const range = Math.max(...firers.map((f) => grid.distance(d.hex(f), t)));
      const fromOf = firers.map((f) => d.hex(f));
      d.events && d.say(() => `${firers.map((f) => pieceLabel(d, f)).join(' + ')} fire at ${d.sc.map.grid.label(t)}`);
      resolveDirectFire(d, { strength, side: def.side, range, opportunity: false, fieldGun: guns, from: fromOf }, targets, false);
      firers.forEach((f, k) => {
        const from = fromOf[k]!;
        if (!d.onMap(f)) return;
        // 7.22: firing from limiting terrain leaves the firer spotted; 15.22: firing ends a dig in under way.
        if (d.sc.terrain[d.sc.map.terrain[from]!]!.limiting) d.setFlag(f, F_SPOTTED, true);
        if (d.get(f, DIG) === 1) d.set(f, DIG, 0);
        d.setFlag(f, F_SPENT, true);
        // 15.7: a field gun under critical shortfall rolls for its ammunition after firing.
        if (critical && d.d6() <= 2) {
          d.events && d.say(() => `${pieceLabel(d, f)} is out of ammunition (15.7)`);
          d.setHex(f, -2);
        }
      });
      updateControl(d);
      checkGameOver(d);
      return;
    }
    case 'cold': {
      // 11.61: the leader and the companies he activated in the hex attack at once with cold steel.
      const l = num(w[1]);
      const h = d.hex(l);
      const companies = coldSteelCompanies(d, l);
      for (const p of [l, ...companies]) {
        d.setFlag(p, F_ATTACKER, true);
        d.setFlag(p, F_SPENT, true);
      }
      d.events && d.say(() => `${pieceLabel(d, l)} leads a cold steel attack in ${d.sc.map.grid.label(h)}`);
      resolveAssault(d, h, side, true);
      afterAssault(d, h, side);
      updateControl(d);
      checkGameOver(d);
      return;
    }
    case 'assault': {
      const u = num(w[1]);
      const to = num(w[2]);
      if (d.hex(u) !== to) {
        const onlyLeaders = !hasEnemyCombat(d, to, d.sc.units[u]!.side);
        noteBank(d, u, d.hex(u), to);
        d.setHex(u, to);
        d.set(u, DIG, 0);
        d.events && d.say(() => `${pieceLabel(d, u)} moves into ${d.sc.map.grid.label(to)} to assault`);
        if (onlyLeaders) overrun(d, to, side);
        else d.setFlag(u, F_ATTACKER, true);
      } else d.setFlag(u, F_ATTACKER, true);
      d.setFlag(u, F_SPENT, true);
      return;
    }
    case 'charge': {
      const u = num(w[1]);
      const v = num(w[2]);
      d.mover = u;
      d.chargeTo = num(w[3]);
      d.setFlag(u, F_MOVED, true);
      const enemyLeaders = hasEnemy(d, v, d.sc.units[u]!.side);
      step(d, u, v, true);
      // 11.73, 6.72: charging through enemy leaders overruns them.
      if (enemyLeaders) overrun(d, v, side);
      afterStep(d, u, v);
      return;
    }
    case 'recover': {
      const u = num(w[1]);
      recover(d, u, w[2] === undefined ? -1 : num(w[2]));
      d.setFlag(u, F_SPENT, true);
      checkGameOver(d);
      return;
    }
    case 'dig': {
      const u = num(w[1]);
      d.set(u, DIG, d.get(u, DIG) + 1);
      d.events && d.say(() => `${pieceLabel(d, u)} digs in (${d.get(u, DIG) === 2 ? 'done' : 'under way'})`);
      d.setFlag(u, F_SPENT, true);
      return;
    }
    case 'limber':
    case 'unlimber': {
      const u = num(w[1]);
      // 5.63: a field gun limbers only with a passed morale check; failing costs just the activation.
      const needsCheck = verb === 'limber' && d.sc.units[u]!.type === 'GUN';
      const ok = !needsCheck || d.roll2d6() <= baseMorale(d, u);
      if (ok) d.setFlag(u, F_LIMBERED, verb === 'limber');
      d.events && d.say(() => `${pieceLabel(d, u)} ${ok ? `${verb}s` : 'fails to limber'}`);
      d.setFlag(u, F_SPENT, true);
      return;
    }
    case 'load':
      load(d, num(w[1]), num(w[2]));
      return;
    case 'unload':
      unload(d, num(w[1]));
      return;
    case 'mount':
    case 'dismount': {
      const u = num(w[1]);
      d.setFlag(u, F_MOUNTED, verb === 'mount');
      d.set(u, DIG, 0);
      d.setFlag(u, F_SPENT, true);
      return;
    }
    default:
      if (!applyBoardEdge(d, w)) throw new Error(`unknown action ${action}`);
  }
}

/**
 * Recovery (13.4-13.45): 2d6 below morale (less 1 demoralized) plus one activated leader's bonus (6.62), +1
 * in a town or entrenchment; a natural 2 restores good order, a demoralized leader deserts on a natural 12;
 * a demoralized unit that fails flees unless entrenched or in a Safe Hex (13.31, 13.32, 15.33).
 */
export function recover(d: Draft, u: number, leader: number): void {
  const def = d.sc.units[u]!;
  const h = d.hex(u);
  const t = d.sc.terrain[d.sc.map.terrain[h]!]!;
  let target = baseMorale(d, u);
  if (leader >= 0) {
    target += face(d, leader).moraleBonus;
    // 6.66: the assisting leader is pinned.
    d.setFlag(leader, F_SPENT, true);
  }
  if (t.recoveryBonus || entrenched(d, u)) target += 1;
  const roll = d.roll2d6();
  const m = d.get(u, MORALE);
  d.events && d.say(() => `${pieceLabel(d, u)} recovery: ${roll} against ${target}`);
  if (roll === 12 && def.leader && m === DEMORALIZED) {
    d.events && d.say(() => `${pieceLabel(d, u)} deserts (13.44)`);
    eliminate(d, u, true);
    return;
  }
  if (roll === 2) {
    setMorale(d, u, GOOD);
    return;
  }
  if (roll < target) {
    setMorale(d, u, m === DEMORALIZED ? DISRUPTED : GOOD);
    return;
  }
  // 13.32: in a Safe Hex it stays gone to ground; 15.33: under an entrenchment it need not flee.
  if (m === DEMORALIZED && !entrenched(d, u) && !inSafeHex(d, u)) {
    flee(d, u);
    leadersFlee(d, u, h);
  }
}

/**
 * 6.72: enemy combat units entering a hex of leaders alone: the active player rolls 2d6 per leader, 9 or
 * more removes him; otherwise his owner moves him one hex to a hex free of enemy combat units (the nearest
 * to his own side's units, ruling IA2-R05), or he is lost.
 */
export function overrun(d: Draft, h: Hex, activeSide: number): void {
  const grid = d.sc.map.grid;
  for (const l of sidePieces(d, h, 1 - activeSide)) {
    if (!d.sc.units[l]!.leader) continue;
    if (!sidePieces(d, h, activeSide).some((p) => isCombat(d, p))) return;
    const roll = d.roll2d6();
    if (roll >= 9) {
      d.events && d.say(() => `${pieceLabel(d, l)} is overrun (${roll})`);
      eliminate(d, l);
      continue;
    }
    const free: Hex[] = [];
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(h, k);
      if (n >= 0 && !hasEnemyCombat(d, n, 1 - activeSide)) free.push(n);
    }
    const best = ownersChoice(d, free, 1 - activeSide, l);
    if (best < 0) eliminate(d, l);
    else {
      noteBank(d, l, h, best);
      d.setHex(l, best);
      d.events && d.say(() => `${pieceLabel(d, l)} escapes to ${grid.label(best)}`);
    }
  }
}

/** 11.22, 11.23: a unit leaves an assault hex one hex and stops, under harassing fire when nothing of its side stays (leaveAssaultHex). */
function exitAssault(d: Draft, u: number, from: Hex): void {
  leaveAssaultHex(d, u, from, escortOf(d));
  if (d.onMap(u)) drumfireOnMover(d, u, d.hex(u));
  updateControl(d);
  checkGameOver(d);
  d.chargeTo = -1;
  finishMover(d);
}

/**
 * After an assault: leaders left without combat units among enemies are overrun (6.72); transports left
 * without them are lost (5.69, ruling IA2-R53).
 */
function afterAssault(d: Draft, h: Hex, activeSide: number): void {
  for (const side of [1 - activeSide, activeSide]) {
    overrunTransports(d, h, side);
    const mine = sidePieces(d, h, side).filter((p) => !d.sc.units[p]!.transport);
    const theirs = sidePieces(d, h, 1 - side);
    if (theirs.some((p) => isCombat(d, p)) && !mine.some((p) => isCombat(d, p)) && mine.length > 0) overrun(d, h, 1 - side);
  }
}
