/**
 * What a piece is worth now: fire values by side of the counter and morale state, movement allowance,
 * morale, leader faces and reach; and what a side can see (7.x) and fire through (10.1).
 */
import type { Hex } from '../../hex/grid.js';
import type { FireValues } from '../pg/values.js';
import type { LeaderFace } from './formats.js';
import { seesThroughSmoke } from './sight.js';
import {
  CARRIER,
  DEMORALIZED,
  DIG,
  DISRUPTED,
  type Draft,
  F_HIDDEN,
  F_LIMBERED,
  F_MOUNTED,
  F_ON_TOP,
  F_SPENT,
  F_SPOTTED,
  FACE,
  GOOD,
  HEX,
  MORALE,
  STEPS,
} from './state.js';

export function face(d: Draft, unit: number): LeaderFace {
  const def = d.sc.units[unit]!;
  return def.faces[d.get(unit, FACE)]!;
}

/** The piece's name for narration: a leader by the face in play. */
export function pieceLabel(d: Draft, unit: number): string {
  const def = d.sc.units[unit]!;
  return `${def.leader ? face(d, unit).name : def.name} (${d.sc.sides[def.side]!.id} #${unit})`;
}

/** Whether the piece counts as cavalry for leaders (6.1): cavalry units, cavalry leaders and horse artillery (6.11). */
export function isCavalry(d: Draft, unit: number): boolean {
  const def = d.sc.units[unit]!;
  return def.leader ? face(d, unit).type === 'cavalry' : def.type === 'CAV' || def.horseArtillery;
}

/** A weapon loaded on a transport (5.6): it moves, is hit and is spotted as part of its transport. */
export function carried(d: Draft, unit: number): boolean {
  return d.get(unit, CARRIER) > 0;
}

/** The counter side in play: reduced after one step lost; cavalry's dismounted piece when dismounted. */
export function values(d: Draft, unit: number): FireValues {
  const def = d.sc.units[unit]!;
  const reduced = def.steps === 2 && d.get(unit, STEPS) === 1 ? 1 : 0;
  if (def.type === 'CAV' && !d.flag(unit, F_MOUNTED)) return def.dismounted[reduced]!;
  return def.values[reduced]!;
}

/** Combat units have a fire value (1.2); leaders are not units, transports not combat units. */
export function isCombat(d: Draft, unit: number): boolean {
  const def = d.sc.units[unit]!;
  return !def.leader && !def.transport;
}

/** Movement allowance now (5.1, 5.61, 6.4, 13.2). */
export function movementAllowance(d: Draft, unit: number): number {
  const def = d.sc.units[unit]!;
  let ma: number;
  if (def.leader) ma = face(d, unit).type === 'cavalry' ? 6 : 4;
  else if ((def.type === 'MG' || def.type === 'GUN') && d.flag(unit, F_LIMBERED)) ma = def.limberedMovement;
  else ma = values(d, unit).ma;
  return ma;
}

/** Movement class for the TEC: mounted cavalry and cavalry leaders ride, limbered guns roll, the rest walk. */
export function moveClass(d: Draft, unit: number): 'foot' | 'horse' | 'gun' {
  const def = d.sc.units[unit]!;
  if (def.leader) return face(d, unit).type === 'cavalry' ? 'horse' : 'foot';
  if (def.type === 'CAV' && d.flag(unit, F_MOUNTED)) return 'horse';
  if (def.type === 'GUN' || def.transport) return 'gun';
  return 'foot';
}

/** Base morale (13.0): leaders their printed morale, units the side's full or reduced value; -1 when demoralized (13.3). */
export function baseMorale(d: Draft, unit: number): number {
  const def = d.sc.units[unit]!;
  let m: number;
  if (def.leader) m = face(d, unit).morale;
  else {
    const side = d.sc.sides[def.side]!;
    m = def.steps === 2 && d.get(unit, STEPS) === 1 ? side.moraleReduced : side.moraleFull;
  }
  return d.get(unit, MORALE) === DEMORALIZED ? m - 1 : m;
}

/** The leader rank in stars (3.2). */
export function rank(d: Draft, unit: number): number {
  return face(d, unit).rank;
}

/** Pieces of `side` on the map in hex h (leaders included). */
export function sidePieces(d: Draft, h: Hex, side: number): number[] {
  const out: number[] = [];
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (d.sc.units[i]!.side === side) out.push(i);
  return out;
}

export function hasEnemyCombat(d: Draft, h: Hex, side: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (d.sc.units[i]!.side !== side && isCombat(d, i)) return true;
  return false;
}
export function hasEnemy(d: Draft, h: Hex, side: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (d.sc.units[i]!.side !== side) return true;
  return false;
}
export function hasFriendlyCombat(d: Draft, h: Hex, side: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (d.sc.units[i]!.side === side && isCombat(d, i)) return true;
  return false;
}
/** An assault hex: combat units or leaders of both sides (11.0); transports and leaders ignore each other (5.69). */
export function isAssaultHex(d: Draft, h: Hex): boolean {
  let sides = 0;
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (!d.sc.units[i]!.transport) sides |= 1 << d.sc.units[i]!.side;
  return sides === 3;
}

/**
 * Whether a unit of `side` may stack in h with the units there (4.1): three combat units, at most two
 * companies, and three transports (a loaded weapon is part of its transport and not counted, 4.1).
 */
export function stackingAllows(d: Draft, h: Hex, side: number, unit: number): boolean {
  const def = d.sc.units[unit]!;
  if (def.leader) return true;
  let combat = 0,
    companies = 0,
    transports = 0;
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
    const o = d.sc.units[i]!;
    if (o.side !== side || o.leader || i === unit) continue;
    if (o.transport) transports++;
    else combat++;
    if (o.company) companies++;
  }
  if (def.transport) return transports < 3;
  return combat < 3 && (!def.company || companies < 2);
}

/** Nearest enemy combat unit on the map, in hexes (3.11, 5.5). */
export function nearestEnemyCombat(d: Draft, h: Hex, side: number): number {
  const grid = d.sc.map.grid;
  let best = 999;
  for (let i = 0; i < d.sc.units.length; i++) {
    const def = d.sc.units[i]!;
    // 15.5: a hidden enemy is nowhere as far as the side knows.
    if (def.side === side || def.leader || def.transport || carried(d, i) || d.flag(i, F_HIDDEN)) continue;
    const e = d.hex(i);
    if (e < 0) continue;
    const dist = grid.distance(h, e);
    if (dist < best) best = dist;
  }
  return best;
}

/** Nearest combat unit of `side` other than `except`, in hexes (where a leader or a fleeing unit goes to its own side). */
export function nearestFriendlyCombat(d: Draft, h: Hex, side: number, except: number): number {
  const grid = d.sc.map.grid;
  let best = 999;
  for (let i = 0; i < d.sc.units.length; i++) {
    const def = d.sc.units[i]!;
    if (i === except || def.side !== side || def.leader || def.transport || carried(d, i)) continue;
    const e = d.hex(i);
    if (e < 0) continue;
    const dist = grid.distance(h, e);
    if (dist < best) best = dist;
  }
  return best;
}

/**
 * The hex the engine chooses for an owner among equally good ones (ruling IA2-R05): the nearest to his own
 * combat units, then one by a die. Never the first in direction order: that would send one side's pieces
 * north and the other's south, and a point-symmetric position would not play the same for both.
 */
export function ownersChoice(d: Draft, candidates: readonly Hex[], side: number, unit: number): Hex {
  if (candidates.length <= 1) return candidates[0] ?? -1;
  const near = candidates.map((h) => nearestFriendlyCombat(d, h, side, unit));
  const best = Math.min(...near);
  const pool = candidates.filter((_, k) => near[k] === best);
  return pool.length === 1 ? pool[0]! : pool[d.rng.int(pool.length)]!;
}

/** Line of sight between two hexes now (7.5): the map's, with the Smoke markers on the board laid over it (15.12). */
export function sees(d: Draft, a: Hex, b: Hex): boolean {
  const sc = d.sc;
  return d.smoke.length === 0 ? sc.map.hasLos(a, b) : seesThroughSmoke(sc.map, sc.los, d.smoke, sc.charts.smoke.sightInto.value, a, b);
}

/** A night turn (1.2, 7.11). */
export function visibility(d: Draft): number {
  return d.sc.twilightRange.get(d.turn) ?? (d.isNight() ? d.nightRange : d.sc.charts.spotting.dayRange.value);
}

/**
 * Whether a piece of `side` spots enemy piece `target` (7.1-7.43): adjacent always; otherwise within the
 * day (or night) range plus 6 hexes per level above the target, and in limiting terrain only within its
 * spotting distance unless it carries a Spotted marker; with line of sight.
 */
export function spots(d: Draft, side: number, target: number): boolean {
  const th = d.hex(target);
  // 15.5: a hidden piece still hidden is one nobody has spotted (hidden.ts reveals those that are).
  if (th < 0 || d.flag(target, F_HIDDEN)) return false;
  return spotsHex(d, side, th, d.flag(target, F_SPOTTED));
}

/** Whether a piece of `side` would spot an enemy piece standing in hex th (7.1-7.43), marked Spotted or not. */
export function spotsHex(d: Draft, side: number, th: Hex, marked: boolean): boolean {
  const map = d.sc.map;
  const grid = map.grid;
  const t = d.sc.terrain[map.terrain[th]!]!;
  const limited = t.limiting && !marked;
  const vis = visibility(d);
  for (let i = 0; i < d.sc.units.length; i++) {
    if (d.sc.units[i]!.side !== side) continue;
    const h = d.hex(i);
    if (h < 0) continue;
    const dist = grid.distance(h, th);
    if (dist <= 1) return true;
    let range = vis;
    const above = map.elevation[h]! + d.sc.terrain[map.terrain[h]!]!.viewerBonus - map.elevation[th]!;
    if (above > 0 && !d.isNight()) range += above * d.sc.charts.spotting.perLevelAbove.value;
    if (limited) range = Math.min(range, t.spotDistance);
    if (dist <= range && sees(d, h, th)) return true;
  }
  return false;
}

/**
 * 7.22: a piece carrying a Spotted marker that has moved keeps it unless its new hex is limiting terrain
 * farther from every enemy piece in line of sight than the terrain's spotting distance, or out of every enemy
 * piece's line of sight: exactly when the enemy would not spot it there without the marker.
 */
export function keepSpottedAfterMove(d: Draft, unit: number): void {
  const h = d.hex(unit);
  if (!d.flag(unit, F_SPOTTED) || h < 0) return;
  if (!spotsHex(d, 1 - d.sc.units[unit]!.side, h, false)) d.setFlag(unit, F_SPOTTED, false);
}

/** A hex may be fired at when an enemy piece in it is spotted (7.22: then everything in it is affected). */
export function hexSpotted(d: Draft, side: number, h: Hex): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (d.sc.units[i]!.side !== side && spots(d, side, i)) return true;
  return false;
}

/**
 * Whether friendly units block fire from `from` at `to` (8.24, 10.1): a hex between them holding friendly
 * combat units blocks unless every such hex is lower than the firer; field guns are never blocked (10.12);
 * a machine gun fires over them when an empty hex lies between the target and the outermost one (10.11);
 * leader-only hexes never block (10.13). Either side of a hexspine will do (7.56).
 */
export function fireBlocked(d: Draft, unit: number, from: Hex, to: Hex): boolean {
  const def = d.sc.units[unit]!;
  if (def.type === 'GUN') return false;
  const map = d.sc.map;
  const firerLevel = map.elevation[from]!;
  const paths = map.grid.linePaths(from, to);
  return paths.every((path) => {
    let blockedLow = false;
    let lastFriendly = -1;
    for (let k = 0; k < path.length - 1; k++) {
      const h = path[k]!;
      if (h < 0) return true;
      if (hasFriendlyCombat(d, h, def.side)) {
        lastFriendly = k;
        if (map.elevation[h]! >= firerLevel) blockedLow = true;
      }
    }
    if (!blockedLow) return false;
    if (def.type === 'MG') return lastFriendly >= path.length - 2;
    return true;
  });
}

/** Whether the piece can act this turn (no Moved/Fired marker). */
export function ready(d: Draft, unit: number): boolean {
  return d.onMap(unit) && !d.flag(unit, F_SPENT);
}

/** Dug in and in effect (15.2: marker on top). */
export function dugIn(d: Draft, unit: number): boolean {
  return d.get(unit, DIG) === 2;
}
/** Whether the piece may occupy an entrenchment (15.34, 14.7): never cavalry units, cavalry leaders or transports. */
function mayOccupyEntrenchment(d: Draft, unit: number): boolean {
  const def = d.sc.units[unit]!;
  return def.type !== 'CAV' && !def.transport && !(def.leader && face(d, unit).type === 'cavalry');
}

/** Whether a piece stood in h when the action began (the pieces settleEntrenchments has placed). */
function settledIn(d: Draft, unit: number, h: Hex): boolean {
  return d.source.u[unit]![HEX] === h;
}

/** Whether `side` occupies the entrenchment in h (15.31): one of its pieces is under the marker. */
function holdsEntrenchment(d: Draft, h: Hex, side: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i))
    if (d.sc.units[i]!.side === side && mayOccupyEntrenchment(d, i) && !d.flag(i, F_ON_TOP) && settledIn(d, i, h)) return true;
  return false;
}

/**
 * Under an entrenchment marker (15.31): in an entrenchment hex, able to occupy it, and not on top of it. A
 * piece that entered during the current action is on top when the enemy holds the marker (settleEntrenchments
 * marks it when the action ends).
 */
export function entrenched(d: Draft, unit: number): boolean {
  const h = d.hex(unit);
  if (h < 0 || !d.sc.entrenchments.has(h) || !mayOccupyEntrenchment(d, unit) || d.flag(unit, F_ON_TOP)) return false;
  return settledIn(d, unit, h) || !holdsEntrenchment(d, h, 1 - d.sc.units[unit]!.side);
}

/**
 * 15.31, after every action and at set-up: pieces entering an entrenchment the enemy holds go on top of the
 * marker; pieces leaving it come off; when no piece remains under the marker, the other side's pieces on
 * top go under it. Pieces entering an entrenchment nobody holds go under it.
 */
export function settleEntrenchments(d: Draft): void {
  if (d.sc.entrenchments.size === 0) return;
  for (let i = 0; i < d.sc.units.length; i++) if (d.flag(i, F_ON_TOP) && d.hex(i) !== d.source.u[i]![HEX]) d.setFlag(i, F_ON_TOP, false);
  for (const h of d.sc.entrenchments) {
    if (d.firstIn(h) < 0) continue;
    const pieces = [0, 1].map((side) => sidePieces(d, h, side).filter((p) => mayOccupyEntrenchment(d, p)));
    const holds = [0, 1].map((side) => holdsEntrenchment(d, h, side));
    if (!holds[0] && !holds[1])
      for (const side of [0, 1])
        if (pieces[side]!.some((p) => d.flag(p, F_ON_TOP))) {
          for (const p of pieces[side]!) d.setFlag(p, F_ON_TOP, false);
          holds[side] = true;
          d.events && d.say(() => `${d.sc.sides[side]!.id} now occupies the entrenchment in ${d.sc.map.grid.label(h)} (15.31)`);
        }
    for (const side of [0, 1]) if (holds[1 - side]) for (const p of pieces[side]!) if (!settledIn(d, p, h)) d.setFlag(p, F_ON_TOP, true);
  }
}

/** The fire strength a unit brings to direct or opportunity fire (13.2: disrupted half, rounded up; 13.3 demoralized none). */
export function fireStrength(d: Draft, unit: number): number {
  // 5.69: units being transported may not fire.
  if (carried(d, unit)) return 0;
  const v = values(d, unit);
  const m = d.get(unit, MORALE);
  if (m === DEMORALIZED) return 0;
  if (m === DISRUPTED) return Math.ceil(v.df / 2);
  return v.df;
}

/** The best leader morale bonus for a check of `unit` (6.61, 6.64): same type, good order in its hex or adjacent, disrupted in its hex. */
export function moraleHelp(d: Draft, unit: number, except = -1): number {
  const grid = d.sc.map.grid;
  const h = d.hex(unit);
  const cav = isCavalry(d, unit);
  const myRank = d.sc.units[unit]!.leader ? rank(d, unit) : 99;
  let best = 0;
  for (let i = 0; i < d.sc.units.length; i++) {
    if (i === unit || i === except || !d.sc.units[i]!.leader || d.sc.units[i]!.side !== d.sc.units[unit]!.side) continue;
    const lh = d.hex(i);
    if (lh < 0 || isCavalry(d, i) !== cav) continue;
    const m = d.get(i, MORALE);
    if (m === DEMORALIZED) continue;
    const reach = m === GOOD ? 1 : 0;
    if (grid.distance(lh, h) > reach) continue;
    // 6.65: a leader helps only lower-ranked leaders.
    if (d.sc.units[unit]!.leader && rank(d, i) <= myRank) continue;
    best = Math.max(best, face(d, i).moraleBonus);
  }
  return best;
}
