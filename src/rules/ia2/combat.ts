/**
 * Combat results (8.4-8.6), morale (13.1-13.3), leader casualties (6.7-6.74), direct and opportunity fire
 * (10.0, 12.0), bombardment and drumfire (9.3, 9.6) and assault (11.0-11.7).
 */
import { smokeIn } from './sight.js';
import { type CompiledTable, columnIndex, shiftColumn, tableResult } from '../../hex/tables.js';
import type { Hex } from '../../hex/grid.js';
import { ELIMINATED } from '../../hex/units.js';
import {
  DEMORALIZED,
  DIG,
  DISRUPTED,
  type Draft,
  F_ATTACKER,
  F_CHARGE,
  F_EXITED,
  F_MOUNTED,
  F_SPENT,
  GOOD,
  MORALE,
  STEPS,
} from './state.js';
import { acrossMajorRiver, barredFromColdSteel, RIVER_ASSAULT_SHIFT } from './rivers.js';
import { eliminateCargo, forcedUnload } from './transport.js';
import {
  baseMorale,
  dugIn,
  entrenched,
  face,
  hasFriendlyCombat,
  isCavalry,
  isCombat,
  moraleHelp,
  pieceLabel,
  rank,
  sidePieces,
  values,
} from './units.js';

/** Column for a strength: the highest heading not above it; any positive strength below the first column uses the first (ruling IA2-R07). */
export function baseColumn(t: CompiledTable, strength: number): number {
  if (strength <= 0) return -1;
  const c = columnIndex(t, strength);
  return c < 0 ? 0 : c;
}

/** Losses a result inflicts: X/2X/3X and 1Z/2Z/3Z (8.61, 8.62). */
export function lossesOf(result: string): number {
  if (result === 'X' || result === '1Z') return 1;
  if (result === '2X' || result === '2Z') return 2;
  if (result === '3X' || result === '3Z') return 3;
  return 0;
}
/** The morale check modifier of a result: M +0, M1 +1, M2 +2; every loss result is followed by an M2 check (8.61). */
export function checkOf(result: string): number {
  if (result === '-') return -1;
  if (result === 'M') return 0;
  if (result === 'M1') return 1;
  return 2;
}

const name = pieceLabel;

/**
 * A morale check (13.1): 2d6 plus the result's modifier against morale (less 1 demoralized) plus the best
 * leader's bonus (6.61); over by 1-2 worsens by one state, by 3 or more demoralizes; a demoralized unit over
 * by 3 loses a step and a demoralized leader is eliminated (13.11). Returns whether it passed.
 * @param moraleShift added to the morale (6.74 catastrophic loss subtracts the dead leader's bonus)
 */
export function moraleCheck(d: Draft, unit: number, mod: number, moraleShift = 0): boolean {
  if (!d.onMap(unit)) return true;
  const target = baseMorale(d, unit) + moraleHelp(d, unit) + moraleShift;
  const roll = d.roll2d6();
  const over = roll + mod - target;
  const m = d.get(unit, MORALE);
  d.events &&
    d.say(
      () => `${name(d, unit)} morale check: ${roll}${mod ? `+${mod}` : ''} against ${target}: ${over <= 0 ? 'passes' : `fails by ${over}`}`,
    );
  if (over <= 0) return true;
  if (m === DEMORALIZED) {
    if (over >= 3) {
      if (d.sc.units[unit]!.leader) eliminate(d, unit, true);
      else loseSteps(d, unit, 1);
    }
    return false;
  }
  setMorale(d, unit, over >= 3 || m === DISRUPTED ? DEMORALIZED : DISRUPTED);
  return false;
}

export function setMorale(d: Draft, unit: number, m: number): void {
  d.set(unit, MORALE, m);
  // 15.22: a dig in under way is lost on disruption or demoralization.
  if (m !== GOOD && d.get(unit, DIG) === 1) d.set(unit, DIG, 0);
  // 14.7: dismounted cavalry that is demoralized re-mounts at once and is marked Moved/Fired (kept if it had one).
  if (m === DEMORALIZED && d.sc.units[unit]!.type === 'CAV' && !d.flag(unit, F_MOUNTED)) {
    d.setFlag(unit, F_MOUNTED, true);
    d.setFlag(unit, F_SPENT, true);
  }
  // 5.67, 5.68: a transport's state passes to its load, which is thrown off.
  if (m !== GOOD && d.sc.units[unit]!.transport) forcedUnload(d, unit, m);
}

/** Removes a piece. For a leader, decapitation (6.73) and catastrophic loss (6.74) follow. */
export function eliminate(d: Draft, unit: number, compound = false): void {
  const def = d.sc.units[unit]!;
  const h = d.hex(unit);
  if (h < 0) return;
  if (def.transport) eliminateCargo(d, unit);
  if (!def.leader) {
    const steps = d.get(unit, STEPS);
    d.set(unit, STEPS, 0);
    countLoss(d, def.side, steps);
  }
  d.setHex(unit, ELIMINATED);
  d.events && d.say(() => `${name(d, unit)} is eliminated`);
  if (!def.leader) return;
  const f = face(d, unit);
  if (d.decapDone[def.side] === 0 && f.rank >= d.sc.topRank[def.side]!) {
    d.arr('decapDone')[def.side] = f.type === 'cavalry' ? 2 : 1;
    d.arr('decapUntil')[def.side] = d.turn + (compound ? 4 : 2);
    d.events && d.say(() => `decapitation: ${d.sc.sides[def.side]!.id} initiative -2 through turn ${d.turn + (compound ? 4 : 2)} (6.73)`);
  }
  if (f.rank >= 5) {
    const grid = d.sc.map.grid;
    for (let i = 0; i < d.sc.units.length; i++) {
      const o = d.sc.units[i]!;
      if (o.side !== def.side || !d.onMap(i) || isCavalry(d, i) !== (f.type === 'cavalry')) continue;
      if (grid.distance(d.hex(i), h) <= 1) moraleCheck(d, i, 0, -f.moraleBonus);
    }
  }
}

function countLoss(d: Draft, side: number, steps: number): void {
  d.arr('lost')[side] = d.lost[side]! + steps;
}

/** Takes n steps from a unit (8.6): two or more at once eliminate it. */
export function loseSteps(d: Draft, unit: number, n: number): void {
  if (n <= 0 || !d.onMap(unit)) return;
  const steps = d.get(unit, STEPS);
  if (n >= 2 || steps <= 1) {
    eliminate(d, unit);
    return;
  }
  d.set(unit, STEPS, steps - 1);
  countLoss(d, d.sc.units[unit]!.side, 1);
  d.events && d.say(() => `${name(d, unit)} loses a step`);
}

/**
 * Applies the results one roll gave each piece of one side in one hex (8.43, 8.52, 8.61, 8.62): losses within
 * each group of units that drew the same result, no spill-over; an assault's first loss goes to the unit in
 * the best morale state (8.62); then morale checks, leaders first by seniority (13.12); then leader
 * casualties (6.7), or one lone leader lost per step (6.71).
 * The owner's choice of which unit loses a step is made for him: one step to each unit before any unit
 * loses a second (ruling IA2-R05).
 */
export function applyResults(d: Draft, pieces: readonly number[], results: readonly string[], assault = false): void {
  const units = pieces.filter((p) => !d.sc.units[p]!.leader);
  const combat = units.filter((p) => !d.sc.units[p]!.transport);
  const leaders = pieces.filter((p) => d.sc.units[p]!.leader);
  let hexLosses = 0;
  const taken = new Map<number, number>();
  // 8.61, 8.62: each loss is one to a combat unit and one to a transport, each category on its own.
  const groups = new Map<string, number[]>();
  pieces.forEach((p, k) => {
    const r = results[k]!;
    if (lossesOf(r) === 0 || d.sc.units[p]!.leader) return;
    const key = d.sc.units[p]!.transport ? `T${r}` : r;
    const g = groups.get(key) ?? [];
    g.push(p);
    groups.set(key, g);
  });
  for (const [key, group] of groups) {
    const n = lossesOf(key.startsWith('T') ? key.slice(1) : key);
    const transports = key.startsWith('T');
    for (let k = 0; k < n; k++) {
      let pool = group.filter((p) => (taken.get(p) ?? 0) < d.get(p, STEPS));
      if (pool.length === 0) break;
      if (assault && k === 0) {
        const best = Math.min(...pool.map((p) => d.get(p, MORALE)));
        pool = pool.filter((p) => d.get(p, MORALE) === best);
      }
      const pick = pool.slice().sort((a, b) => (taken.get(a) ?? 0) - (taken.get(b) ?? 0) || d.get(b, STEPS) - d.get(a, STEPS) || a - b)[0]!;
      taken.set(pick, (taken.get(pick) ?? 0) + 1);
      // 6.7: transports' losses do not count toward leader casualties.
      if (!transports) hexLosses++;
    }
  }
  for (const [p, n] of taken) loseSteps(d, p, n);
  // 6.71: lone leaders under fire lose one leader per step loss (lowest rank first, ruling IA2-R05).
  if (combat.length === 0 && leaders.length > 0) {
    const worst = Math.max(...leaders.map((p) => lossesOf(results[pieces.indexOf(p)]!)));
    const order = leaders.slice().sort((a, b) => rank(d, a) - rank(d, b));
    for (let k = 0; k < worst && k < order.length; k++) eliminate(d, order[k]!);
  }
  // 13.12: leaders check first, by seniority; then the units.
  const checkers = [...leaders.slice().sort((a, b) => rank(d, b) - rank(d, a)), ...units];
  for (const p of checkers) {
    if (!d.onMap(p)) continue;
    const mod = checkOf(results[pieces.indexOf(p)]!);
    if (mod >= 0) moraleCheck(d, p, mod);
  }
  // 6.7: each leader in a hex whose combat units lost steps risks death: 2d6 - losses <= 2.
  if (hexLosses > 0 && combat.length > 0) {
    for (const l of leaders) {
      if (!d.onMap(l)) continue;
      const roll = d.roll2d6();
      if (roll - hexLosses <= 2) {
        d.events && d.say(() => `${name(d, l)} is a casualty (${roll} - ${hexLosses})`);
        eliminate(d, l);
      }
    }
  }
}

/** Companies of `side` in hex h, at most two (4.2). */
function companiesIn(d: Draft, h: Hex, side: number): number {
  let n = 0;
  for (const p of sidePieces(d, h, side)) if (d.sc.units[p]!.company) n++;
  return Math.min(2, n);
}

/** Per-target column modifiers shared by direct fire and bombardment (4.2, 8.52, 15.2, 15.32). */
function targetShift(d: Draft, target: number, moverOnly: boolean): number {
  const m = d.sc.charts.modifiers;
  const def = d.sc.units[target]!;
  let s = 0;
  const companies = moverOnly ? (def.company ? 1 : 0) : companiesIn(d, d.hex(target), def.side);
  s += companies * m.perCompany.value;
  if (def.type === 'CAV' && d.flag(target, F_MOUNTED)) s += m.mountedCavalry.value;
  if (entrenched(d, target)) s += m.entrenchment.value;
  else if (dugIn(d, target)) s += m.dugIn.value;
  return s;
}

export interface FireShot {
  /** Total strength and the firer's context. */
  readonly strength: number;
  /** A further column shift inside the 10.3 clamp (15.8: hidden units firing at a Rapid March). */
  readonly extraShift?: number;
  readonly side: number;
  readonly range: number;
  readonly opportunity: boolean;
  readonly fieldGun: boolean;
  /** The firers' hexes, for the height advantage (7.41); without them no height shift is counted. */
  readonly from?: readonly Hex[];
}

/**
 * 7.41 (ruling IA2-R120): firers all higher than the target's hex shift right, all lower shift left; firers of
 * several hexes at mixed heights (6.51) have neither. Heights are the ground's, slope hexes at full height (7.41).
 */
export function heightShift(d: Draft, from: readonly Hex[], target: Hex): number {
  if (from.length === 0) return 0;
  const elevation = d.sc.map.elevation;
  const t = elevation[target]!;
  const m = d.sc.charts.modifiers;
  if (from.every((h) => elevation[h]! > t)) return m.firerAbove.value;
  if (from.every((h) => elevation[h]! < t)) return m.firerBelow.value;
  return 0;
}

/** 15.7: a shortfall shifts artillery and field guns one column; under critical shortfall too (ruling IA2-R12), unless the switch says the halving replaces it. */
function shortfallShift(d: Draft, side: number): boolean {
  const level = d.shortage[side]!;
  return level === 1 || (level === 2 && !d.sc.data.rules.criticalReplacesShortfall);
}

/** The Direct Fire column of one target (10.2, 10.3, 15.12): base column, modifiers clamped to [-2, +3]. */
export function directFireColumn(d: Draft, shot: FireShot, target: number, moverOnly: boolean): number {
  const t = d.sc.df;
  const m = d.sc.charts.modifiers;
  const base = baseColumn(t, shot.strength);
  if (base < 0) return -1;
  const def = d.sc.units[target]!;
  let s = targetShift(d, target, moverOnly);
  if (def.type === 'GUN') s += m.fieldGunTarget.value;
  if (shot.range >= m.longRangeFrom.value) s += m.longRange.value;
  if (shot.opportunity) s += m.opportunityFire.value;
  if (d.isNight()) s += m.night.value;
  if (shot.fieldGun && shortfallShift(d, shot.side)) s += m.shellShortfall.value;
  s += shot.extraShift ?? 0;
  if (shot.from !== undefined) s += heightShift(d, shot.from, d.hex(target));
  // 15.12: into or out of a Smoke hex, once (ruling IA2-R133).
  if (d.smoke.length > 0 && (smokeIn(d.smoke, d.hex(target)) || (shot.from ?? []).some((h) => smokeIn(d.smoke, h)))) s += m.smoke.value;
  s = Math.max(m.directFireLow.value, Math.min(m.directFireHigh.value, s));
  return shiftColumn(t, base, s);
}

/** Direct or opportunity fire at pieces (one roll, a column per target: 8.52). */
export function resolveDirectFire(d: Draft, shot: FireShot, targets: readonly number[], moverOnly: boolean): void {
  const roll = d.roll2d6();
  const results = targets.map((t) => {
    const col = directFireColumn(d, shot, t, moverOnly);
    return col < 0 ? '-' : tableResult(d.sc.df, col, roll);
  });
  d.events &&
    d.say(() => `fire at strength ${shot.strength}: rolled ${roll}: ${targets.map((t, k) => `${name(d, t)} ${results[k]}`).join(', ')}`);
  applyResults(d, targets, results);
}

/** The Bombardment column of one target (9.3): no clamp (10.3 is for direct fire). */
export function bombardColumn(d: Draft, strength: number, side: number, target: number, moverOnly: boolean): number {
  const t = d.sc.bomb;
  const base = baseColumn(t, strength);
  if (base < 0) return -1;
  let s = targetShift(d, target, moverOnly);
  if (shortfallShift(d, side)) s += d.sc.charts.modifiers.shellShortfall.value;
  return shiftColumn(t, base, s);
}

/**
 * One bombardment of a vertex (9.3): one 2d6 roll for all three hexes, a column per piece; an assault hex is
 * attacked twice, once per side (9.7). Friendly pieces are hit too (9.5).
 */
export function bombardVertex(d: Draft, hexes: readonly Hex[], strength: number, owner: number): void {
  const roll = d.roll2d6();
  d.events && d.say(() => `bombardment of ${strength} at ${hexes.map((h) => d.sc.map.grid.label(h)).join('/')}: rolled ${roll}`);
  for (const h of hexes) {
    const bySide = [sidePieces(d, h, 0), sidePieces(d, h, 1)];
    bySide.forEach((pieces, side) => {
      if (pieces.length === 0) return;
      // 9.7: the second side of an assault hex takes its own roll.
      const r = side === 1 && bySide[0]!.length > 0 ? d.roll2d6() : roll;
      const results = pieces.map((p) => {
        const col = bombardColumn(d, strength, owner, p, false);
        return col < 0 ? '-' : tableResult(d.sc.bomb, col, r);
      });
      applyResults(d, pieces, results);
    });
  }
}

/**
 * Drumfire on a mover entering a drumfire hex (9.6, 9.61): only the mover (and a leader moving with it, 6.4),
 * each with its own modifiers. Returns whether the mover may go on.
 */
export function drumfireOnMover(d: Draft, mover: number, h: Hex, escort = -1): boolean {
  const df = d.drumfire;
  let ok = true;
  for (let k = 0; k < df.length; k += 5) {
    if (df[k] !== h && df[k + 1] !== h && df[k + 2] !== h) continue;
    const strength = df[k + 3]!;
    const owner = df[k + 4]!;
    const roll = d.roll2d6();
    const pieces = escort >= 0 && d.onMap(escort) && d.onMap(mover) ? [mover, escort] : [mover];
    const results = pieces.map((p) => {
      const col = bombardColumn(d, strength, owner, p, true);
      return col < 0 ? '-' : tableResult(d.sc.bomb, col, roll);
    });
    d.events &&
      d.say(() => `drumfire of ${strength} on ${pieces.map((p) => name(d, p)).join(' + ')}: rolled ${roll}: ${results.join(', ')}`);
    const before = d.get(mover, MORALE);
    applyResults(d, pieces, results);
    // 9.62: a failed check stops the mover.
    if (!d.onMap(mover) || d.get(mover, MORALE) !== before) ok = false;
  }
  return ok;
}

/** Assault strength of one side's pieces (11.24, 11.25, 11.32, 6.52). */
export function assaultStrength(d: Draft, pieces: readonly number[], attacking: boolean): number {
  let total = 0;
  let bearers = 0;
  for (const p of pieces) {
    const def = d.sc.units[p]!;
    if (def.leader) continue;
    const m = d.get(p, MORALE);
    let v: number;
    if (def.type === 'GUN') v = attacking ? 0 : 1;
    else if (m === DEMORALIZED) v = attacking ? 0 : Math.ceil(values(d, p).df / 4);
    else if (m === DISRUPTED) v = Math.ceil(values(d, p).df / 2);
    else v = values(d, p).df;
    if (v > 0 && m !== DEMORALIZED && def.type !== 'GUN') bearers++;
    total += v;
  }
  // 6.52: each undemoralized leader adds his bonus to one undemoralized unit of his type.
  const bonuses = pieces
    .filter((p) => d.sc.units[p]!.leader && d.get(p, MORALE) !== DEMORALIZED)
    .map((p) => face(d, p).combat)
    .sort((a, b) => b - a);
  for (let k = 0; k < bonuses.length && k < bearers; k++) total += bonuses[k]!;
  return total;
}

/** Cold Steel (11.61): both sides' columns shift two to the right. */
export const COLD_STEEL_SHIFT = 2;

/** The assault column shift of one side's fire (11.31, 6.53, 11.7, 15.32, 11.61). */
function assaultShift(
  d: Draft,
  h: Hex,
  firers: readonly number[],
  targets: readonly number[],
  firersAttack: boolean,
  coldSteel: boolean,
): number {
  const m = d.sc.charts.modifiers;
  let s = coldSteel ? COLD_STEEL_SHIFT : 0;
  if (firersAttack) s += d.sc.terrain[d.sc.map.terrain[h]!]!.assaultAttacker;
  if (firers.some((p) => d.sc.units[p]!.leader && d.get(p, MORALE) !== DEMORALIZED)) s += m.leaderInAssault.value;
  if (firersAttack && firers.length > 0 && firers.filter((p) => !d.sc.units[p]!.leader).every((p) => d.flag(p, F_CHARGE)))
    if (firers.some((p) => !d.sc.units[p]!.leader)) s += m.cavalryCharge.value;
  if (targets.length > 0 && targets.every((p) => entrenched(d, p))) s += m.entrenchment.value;
  // 5.83: all opponents on opposite banks of a Major River.
  if (acrossMajorRiver(d, h, firers, targets)) s += RIVER_ASSAULT_SHIFT;
  return s;
}

function assaultFire(
  d: Draft,
  h: Hex,
  firers: readonly number[],
  targets: readonly number[],
  firersAttack: boolean,
  coldSteel: boolean,
): string {
  const strength = assaultStrength(d, firers, firersAttack);
  const base = baseColumn(d.sc.assault, strength);
  if (base < 0 || targets.length === 0) return '-';
  const col = shiftColumn(d.sc.assault, base, assaultShift(d, h, firers, targets, firersAttack, coldSteel));
  const roll = d.roll2d6();
  const r = tableResult(d.sc.assault, col, roll);
  d.events && d.say(() => `${firersAttack ? 'attackers' : 'defenders'} (${strength}) roll ${roll}: ${r}`);
  return r;
}

/**
 * The defenders who fire first (11.33), none when the assault is simultaneous. Against Cold Steel all of
 * them. When only some are dug in or entrenched (15.32) the defender chooses between First Fire with those
 * alone and everyone firing with the attacker; the choice is made for him (ruling IA2-R100): First Fire
 * when those under the markers bring at least half of the defence's assault strength.
 */
export function firstFireDefenders(d: Draft, defenders: readonly number[], coldSteel: boolean): readonly number[] {
  if (coldSteel) return defenders;
  const under = defenders.filter((p) => dugIn(d, p) || entrenched(d, p));
  if (under.length === 0 || under.length === defenders.length) return under;
  return 2 * assaultStrength(d, under, false) >= assaultStrength(d, defenders, false) ? under : [];
}

/**
 * Resolves the assault in hex h by the active side's attackers (11.3): both sides fire on the Assault
 * table, simultaneously, or those defenders who are dug in or entrenched first (11.33, firstFireDefenders). Active
 * pieces in the hex that did not attack are immune (8.62, 11.5). A Cold Steel attack (11.61): the defenders
 * always fire first, and both sides fire two columns to the right.
 */
export function resolveAssault(d: Draft, h: Hex, attackerSide: number, coldSteel = false): void {
  const attackers = () => sidePieces(d, h, attackerSide).filter((p) => d.flag(p, F_ATTACKER));
  // 5.83: in Cold Steel, defenders across a Major River from every attacking-side piece take no part.
  const defenders = () =>
    sidePieces(d, h, 1 - attackerSide).filter((p) => !coldSteel || !barredFromColdSteel(d, p, sidePieces(d, h, attackerSide)));
  d.events && d.say(() => `assault in ${d.sc.map.grid.label(h)}`);
  const firstFirers = firstFireDefenders(d, defenders(), coldSteel);
  if (coldSteel || firstFirers.length > 0) {
    const rd = assaultFire(d, h, firstFirers, attackers(), false, coldSteel);
    const hit = attackers();
    applyResults(
      d,
      hit,
      hit.map(() => rd),
      true,
    );
    const live = attackers().filter((p) => d.get(p, MORALE) !== DEMORALIZED);
    const ra = assaultFire(d, h, live, defenders(), true, coldSteel);
    const def = defenders();
    applyResults(
      d,
      def,
      def.map(() => ra),
      true,
    );
  } else {
    const ra = assaultFire(d, h, attackers(), defenders(), true, false);
    const rd = assaultFire(d, h, defenders(), attackers(), false, false);
    const def = defenders();
    const att = attackers();
    applyResults(
      d,
      def,
      def.map(() => ra),
      true,
    );
    applyResults(
      d,
      att,
      att.map(() => rd),
      true,
    );
  }
  for (const p of sidePieces(d, h, attackerSide)) {
    d.setFlag(p, F_ATTACKER, false);
    d.setFlag(p, F_CHARGE, false);
  }
}

/**
 * 11.23: piece `u` (with `escort`, a leader moving with it) has left assault hex `from`. While combat units of
 * its side stay there it is only marked; when none stays, the enemy's undemoralized combat units there fire
 * at every piece of its side that left the hex this segment, as one group on the Assault table (one roll,
 * each hex's pieces taking the result together), only positive modifiers counting: an undemoralized
 * leader's. The pieces that left earlier are those marked and standing next to the hex (ruling IA2-R101).
 * A leader leaving alone draws no fire (6.72).
 */
export function leaveAssaultHex(d: Draft, u: number, from: Hex, escort = -1): void {
  const side = d.sc.units[u]!.side;
  for (const p of [u, escort]) if (p >= 0 && d.onMap(p)) d.setFlag(p, F_EXITED, true);
  if (!isCombat(d, u) || hasFriendlyCombat(d, from, side)) return;
  const grid = d.sc.map.grid;
  const group: number[] = [];
  for (let i = 0; i < d.sc.units.length; i++)
    if (d.sc.units[i]!.side === side && d.onMap(i) && d.flag(i, F_EXITED) && grid.distance(d.hex(i), from) === 1) group.push(i);
  const enemies = sidePieces(d, from, 1 - side);
  const base = baseColumn(d.sc.assault, assaultStrength(d, enemies, true));
  if (base < 0) return;
  const leader = enemies.some((p) => d.sc.units[p]!.leader && d.get(p, MORALE) !== DEMORALIZED);
  const col = shiftColumn(d.sc.assault, base, leader ? Math.max(0, d.sc.charts.modifiers.leaderInAssault.value) : 0);
  const roll = d.roll2d6();
  const r = tableResult(d.sc.assault, col, roll);
  d.events && d.say(() => `harassing fire at ${group.map((p) => pieceLabel(d, p)).join(' + ')}: rolled ${roll}: ${r}`);
  const hexes = [...new Set(group.map((p) => d.hex(p)))].sort((a, b) => a - b);
  for (const h of hexes) {
    const here = group.filter((p) => d.hex(p) === h);
    applyResults(
      d,
      here,
      here.map(() => r),
      true,
    );
  }
}
