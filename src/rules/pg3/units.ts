/** Queries about units that every part of the rules shares (one way to do each thing). */
import type { Hex } from '../../hex/grid.js';
import type { Draft } from './draft.js';
import type { FireValues, UnitDef } from './scenario.js';
import {
  CARRIED,
  DEMORALIZED,
  DISRUPTED,
  F_DUG_IN,
  F_ENTRENCHED,
  F_IN_ACT,
  F_LEADERS_ABOARD,
  F_LIMBERED,
  F_LOADED,
  FLAGS,
  GOOD,
  HEX,
  MORALE,
  STEPS,
} from './state.js';

export function def(d: Draft, i: number): UnitDef {
  return d.sc.units[i]!;
}

export function onMap(d: Draft, i: number): boolean {
  return d.u[i]![HEX]! >= 0;
}

/** Current fire values: the reduced side once a 2-step unit has lost a step (PG3 7.61). */
export function values(d: Draft, i: number): FireValues {
  const u = d.sc.units[i]!;
  return d.u[i]![STEPS]! < u.maxSteps ? u.reduced : u.full;
}

/** 11.3: the farthest AT fire of these values reaches (AT 2+ out to 150% of its range at half value), or -1 without AT. */
export function atReach(v: FireValues): number {
  return v.at < 0 ? -1 : v.at >= 2 ? Math.floor(v.atRange * 1.5) : v.atRange;
}

export function morale(d: Draft, i: number): number {
  return d.u[i]![MORALE]!;
}

/** Halves per unit, rounding up (PG3 1.1 fractions; 14.2 disrupted strengths halved). */
export function half(x: number): number {
  return Math.ceil(x / 2);
}

/** Whether unit i cannot fire: riding a transport or limbered (5.6). */
export function cannotFire(d: Draft, i: number): boolean {
  return d.u[i]![CARRIED] !== 0 || (d.u[i]![FLAGS]! & F_LIMBERED) !== 0;
}

/** 5.6: trucks, wagons and APCs carry. */
export function isCarrier(u: UnitDef): boolean {
  return u.isTransport || u.isApc;
}

/** 5.6: one weapon or personnel unit (not cavalry, not self-propelled: no armor, not a transport) or a leader may ride. */
export function canRide(u: UnitDef): boolean {
  return u.isLeader || (!u.isAfv && !u.isTransport && u.type !== 'CAV');
}

/** 5.6: a weapon with no movement allowance must limber to be carried (all MPs of both) and unlimber after (its segment). */
export function needsLimber(u: UnitDef): boolean {
  return !u.isLeader && u.full.ma === 0;
}

/** Direct fire strength as fired (disrupted: halved, 14.2; demoralized: none, 14.3; carried or limbered: none, 5.6). */
export function dfStrength(d: Draft, i: number): number {
  const m = morale(d, i);
  if (m === DEMORALIZED || cannotFire(d, i)) return 0;
  const v = values(d, i).df;
  return m === DISRUPTED ? half(v) : v;
}

export function bombStrength(d: Draft, i: number): number {
  const m = morale(d, i);
  if (m === DEMORALIZED || cannotFire(d, i)) return 0;
  const v = values(d, i).bomb;
  return m === DISRUPTED ? half(v) : v;
}

/** AT value as fired, or -1 if none (disrupted: halved, 14.2). */
export function atStrength(d: Draft, i: number): number {
  const m = morale(d, i);
  const v = values(d, i).at;
  if (m === DEMORALIZED || v < 0 || cannotFire(d, i)) return -1;
  return m === DISRUPTED ? half(v) : v;
}

/** Morale value for checks: full/reduced by steps, -1 while demoralized (14.3). Leaders use their own. */
export function moraleValue(d: Draft, i: number): number {
  const u = d.sc.units[i]!;
  const base = u.isLeader ? u.leaderMorale : d.u[i]![STEPS]! < u.maxSteps ? u.moraleReduced : u.moraleFull;
  return morale(d, i) === DEMORALIZED ? base - 1 : base;
}

/** Units of `seat` in hex h that count as combat units (PG3 1.1: DF, bombardment or AT value). */
export function combatUnitsIn(d: Draft, h: Hex, seat: number): number[] {
  const out: number[] = [];
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
    const u = d.sc.units[i]!;
    if (u.side === seat && u.isCombat) out.push(i);
  }
  return out;
}

/** Whether any unit or leader of `seat` is in h. */
export function sideIn(d: Draft, h: Hex, seat: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (d.sc.units[i]!.side === seat) return true;
  return false;
}

/** Whether a combat unit of `seat` is in h (what makes a hex enemy-occupied for movement, 5.3); a transport
 * carrying a unit is not an "empty" transport (5.3, 5.6). */
export function combatIn(d: Draft, h: Hex, seat: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
    const u = d.sc.units[i]!;
    if (u.side === seat && (u.isCombat || (d.u[i]![FLAGS]! & F_LOADED) !== 0)) return true;
  }
  return false;
}

/** An assault hex holds units of both sides (12.0): derived from positions, never stored. */
export function isAssaultHex(d: Draft, h: Hex): boolean {
  let seen = 0;
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
    const u = d.sc.units[i]!;
    if (u.isLeader) continue;
    seen |= 1 << u.side;
    if (seen === 3) return true;
  }
  return false;
}

/** 4.1, 4.5: trucks, wagons and APCs count against a hex's transport limit, not its combat-unit limit. */
export function stacksAsTransport(u: UnitDef): boolean {
  return u.isApc || u.isTransport;
}

/**
 * Stacking count of one side in a hex (4.1): its transports (APCs included), or its combat units (APCs
 * excluded). One count, not both: fitsStack asks this for every hex a unit might enter.
 */
export function stackCount(d: Draft, h: Hex, seat: number, transports: boolean): number {
  let n = 0;
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
    const u = d.sc.units[i]!;
    if (u.side !== seat || u.isLeader) continue;
    if (stacksAsTransport(u) ? transports : !transports && u.isCombat) n++;
  }
  return n;
}

/** Whether unit i could join the stack in h without breaking 4.1/4.5. */
export function fitsStack(d: Draft, i: number, h: Hex, limit = 3): boolean {
  const u = d.sc.units[i]!;
  if (u.isLeader) return true;
  const transport = stacksAsTransport(u);
  if (!transport && !u.isCombat) return true;
  return stackCount(d, h, u.side, transport) < limit;
}

/** The best morale modifier a friendly leader gives unit i (6.5): good-order leaders reach their hex and the
 * adjacent hexes, disrupted leaders their own hex, demoralized ones nobody; never to himself; regular
 * leaders never help AFVs (6.8). With `activatedOnly`, only leaders of the current activation count (14.4). */
export function leaderMoraleBonus(d: Draft, i: number, activatedOnly: boolean): number {
  const u = d.sc.units[i]!;
  if (u.isAfv) return 0;
  const h = d.hex(i);
  if (h < 0) return 0;
  let best = 0;
  const consider = (hex: Hex, adjacent: boolean): void => {
    for (let j = d.firstIn(hex); j >= 0; j = d.nextIn(j)) {
      const l = d.sc.units[j]!;
      if (!l.isLeader || l.side !== u.side || j === i || l.moraleMod <= best || l.isKom) continue; // 6.6: a KOM is no leader here
      if (u.isLeader && l.rank <= u.rank) continue; // helps lower-ranking leaders only (6.5)
      const m = morale(d, j);
      if (m === DEMORALIZED || (adjacent && m !== GOOD)) continue;
      if (activatedOnly && !d.flag(j, F_IN_ACT)) continue;
      best = l.moraleMod;
    }
  };
  consider(h, false);
  const g = d.sc.map.grid;
  for (let k = 0; k < 6; k++) {
    const n = g.neighbour(h, k);
    if (n >= 0) consider(n, true);
  }
  return best;
}

/** 16.4: AFVs, cavalry and transports get nothing from an entrenchment. */
export function usesEntrenchment(u: UnitDef): boolean {
  return !u.isAfv && !u.isTransport && u.type !== 'CAV';
}

/** Whether unit i benefits from an entrenchment in its hex now (16.4; 14.45 recovery, 14.35 fleeing). */
export function inEntrenchment(d: Draft, i: number): boolean {
  const h = d.hex(i);
  return h >= 0 && d.sc.entrenched[h] === 1 && usesEntrenchment(d.sc.units[i]!) && d.u[i]![CARRIED] === 0;
}

/** Dug in (16.2) or holding an entrenchment it occupied before the enemy came (16.4): dug-in shifts and First Fire. */
export function fortified(d: Draft, i: number): boolean {
  return (d.u[i]![FLAGS]! & (F_DUG_IN | F_ENTRENCHED)) !== 0;
}

/** 16.4, 12.4 (L355): a unit arriving in an entrenchment holds it if no enemy unit is there; leaving it ends that. */
export function occupyEntrenchment(d: Draft, i: number): void {
  const h = d.hex(i);
  let hold = inEntrenchment(d, i);
  if (hold) {
    const side = d.sc.units[i]!.side;
    for (let j = d.firstIn(h); j >= 0; j = d.nextIn(j)) {
      const o = d.sc.units[j]!;
      if (o.side !== side && !o.isLeader) {
        hold = false;
        break;
      }
    }
  }
  d.setFlag(i, F_ENTRENCHED, hold);
}

/** Seat on the other side. */
export function other(seat: number): number {
  return 1 - seat;
}

/** A transport that becomes disrupted or demoralized passes its state to what it carries, which unloads at once;
 * weapons unload limbered (5.6). */
export function shareCarrierMorale(d: Draft, t: number): void {
  const m = d.get(t, MORALE);
  if (m === GOOD || (d.u[t]![FLAGS]! & (F_LOADED | F_LEADERS_ABOARD)) === 0) return;
  for (const c of d.cargoOf(t)) {
    d.alight(c);
    if (d.get(c, MORALE) < m) d.set(c, MORALE, m);
    if (needsLimber(d.sc.units[c]!)) d.setFlag(c, F_LIMBERED);
    d.events &&
      d.say(() => `${d.sc.units[c]!.name} is thrown off ${d.sc.units[t]!.name} ${m === DISRUPTED ? 'disrupted' : 'demoralized'} [PG3 5.6]`);
  }
}
