/**
 * Advanced Game Close Assault and Hand-to-Hand combat (6.6.1): in their own step at the start of the
 * Movement Phase (First Player, then Second), unsuppressed squads, half-squads and sections with MOVE
 * attack a spotted enemy in an adjacent hex no more than one height away: a vehicle by Close Assault (a GP
 * attack with the common factors 8 / 4 / 2 on the GP Combat Results Table, the vehicle's GPD at most 5,
 * 6.6.1.1.1-6.6.1.1.3), a leg or towed unit by Hand-to-Hand (both sides roll(100) until one is gone,
 * 6.6.1.2.1-6.6.1.2.3). Attackers of one hex on one target combine, with the extra-attacker modifiers (ruling PZ-R65). Figures are pure; `resolve*` roll.
 * An Advancing Attack (`A:u:h:t`) moves the attacker one hex through the move machinery first (the other side's
 * overwatch answers the step before the attack, ruling PZ-R66); a Dismount Attack (`D:p:t`) is a passenger's
 * attack straight off its carrier in the Movement Step (ruling PZ-R67). An Overrun (`R:v:t`, 6.6.10) is a vehicle's move next to
 * a leg or towed target, then GP fire on entering its hex (ruling PZ-R69). Shared MOVE commands attack one target (6.6.11, ruling PZ-R68).
 */
import type { Rng } from '../../../core/game.js';
import { destinations, enterCost, HEDGEROW_COST, moveAllowance } from '../rules.js';
import { isLeg, isLegOrTowed, type Scenario } from '../scenario.js';
import {
  alive,
  BREWED_UP,
  DAMAGED,
  ELIMINATED,
  KNOCKED_OUT,
  MOVE,
  NOT_SUPPRESSED,
  SHORT_HALT,
  SPOT_MOVE,
  type State,
  type Step,
  SUPPRESSION_OFF,
  SUPPRESSION_ON,
  type Unit,
  withUnit,
  withWreck,
} from '../state.js';
import { carryPassengers } from './transport.js';
import { checkBailOut } from './bail-out.js';
import { sharedMoveFilter, sharers } from './command-control.js';
import { type GpFigures, gpDefense, gpFactorAt, gpResult, gpThresholds } from './gp-fire.js';
import { fireDamaged } from './hit-locations.js';
import { legEnterCost } from './legs.js';
import { passengersOf } from './transport.js';

type Log = string[] | null;

/** How the attacker came to the attack: from where it stood, by an Advancing Attack, or by a Dismount Attack (6.6.1.1.2). */
export const FROM_PLACE = 0;
export const ADVANCING = 1;
export const DISMOUNTING = 2;
type Namer = (sc: Scenario, u: number) => string;

/** 6.6.1.1.1: the common GP factor of a leg unit: squad 8, half-squad 4, section 2. */
export function closeFactor(sc: Scenario, state: State, u: number): number {
  const def = sc.units[u]!;
  if (def.kind === 'section') return 2;
  return state.units[u]!.half ? 4 : 8;
}

/** 6.6.1.1: whether `u` may attack now: a live, unsuppressed squad or section on foot with MOVE that has not moved. */
export function mayAttack(sc: Scenario, state: State, u: number): boolean {
  const unit = state.units[u]!;
  return (
    sc.modules.closeAssault &&
    isLeg(sc.units[u]!) &&
    alive(unit) &&
    unit.sup === NOT_SUPPRESSED &&
    unit.ordered &&
    unit.cmd === MOVE &&
    !unit.moved
  );
}

/** 6.6.1.1, 6.6.1.2: whether `u` may attack `t`: an adjacent spotted live enemy no more than one height away. */
export function mayAttackTarget(sc: Scenario, state: State, u: number, t: number): boolean {
  const a = state.units[u]!;
  const d = state.units[t]!;
  if (sc.units[t]!.side === sc.units[u]!.side || !alive(d) || !d.spotted) return false;
  if (sc.map.grid.distance(a.hex, d.hex) !== 1) return false;
  return Math.abs(sc.map.elevation[d.hex]! - sc.map.elevation[a.hex]!) <= 1;
}

/**
 * 6.6.11: units sharing a MOVE command may only attack the same target: once a sharer has attacked (its
 * target kept in `aimed`), `u` may attack only that one.
 */
export function sharedCloseAllowed(state: State, u: number, t: number): boolean {
  if (state.aimed.length === 0) return true;
  for (const o of sharers(state, u)) {
    const a = state.aimed[o]!;
    if (a >= 0 && a !== t) return false;
  }
  return true;
}

/**
 * The Close Assault and Hand-to-Hand attacks open to `seat`: `a:<attacker>:<target>` from where it stands, and
 * Advancing Attacks `A:<attacker>:<hex>:<target>` (6.6.1.1, 6.6.1.2: one hex's move to a hex adjacent to a
 * target spotted now; ruling PZ-R66 offers it only against targets not already adjacent).
 */
export function closeCombatActions(sc: Scenario, state: State, seat: number): string[] {
  const out: string[] = [];
  state.units.forEach((_, u) => {
    if (sc.units[u]!.side !== seat || !mayAttack(sc, state, u)) return;
    state.units.forEach((_, t) => {
      if (mayAttackTarget(sc, state, u, t) && sharedCloseAllowed(state, u, t)) out.push(`a:${u}:${t}`);
    });
    for (const [h, t] of advancingAttacks(sc, state, u)) out.push(`A:${u}:${h}:${t}`);
  });
  return out;
}

/** Whether hex h holds a live unit of the side other than `side`. */
function enemyIn(sc: Scenario, state: State, side: number, h: number): boolean {
  return state.units.some((o, i) => o.hex === h && alive(o) && sc.units[i]!.side !== side);
}

/**
 * 6.6.1.1, 6.6.1.2 Advancing Attack: the [hex, target] pairs open to `u` (which may attack now): a squad,
 * half-squad or section without attached weapons moves one hex it may enter (no enemy in it, the leg cost
 * payable, 6.6.4.1) to become adjacent to a spotted enemy no more than one height from that hex, one not
 * adjacent to it now. With command control the hex keeps Command Range of sharers that have moved (6.6.11).
 */
export function advancingAttacks(sc: Scenario, state: State, u: number): [number, number][] {
  const def = sc.units[u]!;
  if (def.burdened) return [];
  const grid = sc.map.grid;
  const from = state.units[u]!.hex;
  const out: [number, number][] = [];
  for (let d = 0; d < 6; d++) {
    const h = grid.neighbour(from, d);
    if (h < 0 || enemyIn(sc, state, def.side, h) || legEnterCost(sc, state, def, from, h) < 0) continue;
    if (state.shared.length > 0 && !sharedMoveFilter(sc, state, u, [h])[0]) continue;
    state.units.forEach((o, t) => {
      if (sc.units[t]!.side === def.side || !alive(o) || !o.spotted) return;
      if (grid.distance(h, o.hex) !== 1 || grid.distance(from, o.hex) === 1) return;
      if (Math.abs(sc.map.elevation[o.hex]! - sc.map.elevation[h]!) > 1 || !sharedCloseAllowed(state, u, t)) return;
      out.push([h, t]);
    });
  }
  return out;
}

/** The step of an Advancing Attack of `u` into neighbouring hex h: facing the way it moves, the leg cost spent. */
export function advanceStep(sc: Scenario, state: State, u: number, h: number): { hex: number; facing: number; cost: number } {
  const from = state.units[u]!.hex;
  let facing = 0;
  for (let d = 0; d < 6; d++) if (sc.map.grid.neighbour(from, d) === h) facing = d;
  return { hex: h, facing, cost: legEnterCost(sc, state, sc.units[u]!, from, h) };
}

/**
 * 6.6.1.1, 6.6.1.2 Dismount Attack: the attacks open to carrier v about to move, `D:<p>:<t>`: an unsuppressed
 * squad, half-squad or section aboard dismounts (with every passenger, 6.6.7.1.1) and attacks a spotted enemy
 * adjacent to the carrier's hex no more than one height away.
 */
export function dismountAttackActions(sc: Scenario, state: State, v: number): string[] {
  if (!sc.modules.closeAssault || !sc.modules.transport) return [];
  const out: string[] = [];
  for (const p of passengersOf(state, v)) {
    if (!isLeg(sc.units[p]!) || state.units[p]!.sup !== NOT_SUPPRESSED) continue;
    state.units.forEach((_, t) => {
      if (mayAttackTarget(sc, state, p, t)) out.push(`D:${p}:${t}`);
    });
  }
  return out;
}

/**
 * 6.6.1.1, 6.6.1.2: the units that combine with `u`'s attack on `t`: every other unit of its side in its hex
 * that may attack `t` now. The text makes attackers from one hex on one target combine (the first named is the
 * primary attacker); which of them choose to attack is left to them, and ruling PZ-R65 has them all join.
 */
export function combinedAttackers(sc: Scenario, state: State, u: number, t: number): number[] {
  const out: number[] = [];
  state.units.forEach((o, i) => {
    if (i === u || o.hex !== state.units[u]!.hex || sc.units[i]!.side !== sc.units[u]!.side) return;
    if (mayAttack(sc, state, i) && mayAttackTarget(sc, state, i, t)) out.push(i);
  });
  return out;
}

/**
 * 6.6.1.1.2, 6.6.1.2.2 "+ Attacker": each additional attacker adds its common modifier: section +5,
 * half-squad +10, squad +20 (rule values, stated in both tables).
 */
export function extraAttackerModifier(sc: Scenario, state: State, extra: readonly number[]): number {
  let mod = 0;
  for (const i of extra) {
    if (!alive(state.units[i]!)) continue;
    if (sc.units[i]!.kind === 'section') mod += 5;
    else mod += state.units[i]!.half ? 10 : 20;
  }
  return mod;
}

/**
 * The units joining `u`'s attack on `t`: an Advancing Attack (ruling PZ-R66) and a Dismount Attack (6.6.1.1:
 * "may not combine") are made alone; otherwise the hex's other attackers combine (ruling PZ-R65).
 */
function attackersWith(sc: Scenario, state: State, u: number, t: number, how: number): number[] {
  return how === FROM_PLACE ? combinedAttackers(sc, state, u, t) : [];
}

/** 6.6.1.1.2, 6.6.1.2.2: Advance Attack -10, Dismount Attack -10. */
function howModifier(sc: Scenario, how: number): number {
  const m = sc.adv!.closeAssault!;
  return how === ADVANCING ? m.advance.value : how === DISMOUNTING ? m.dismount.value : 0;
}

/** Whether the target's MOVE or SHORT HALT is shown (its owner revealed it, ruling PZ-R20). */
function movingShown(u: Unit): boolean {
  return u.movingShown && (u.cmd === MOVE || u.cmd === SHORT_HALT);
}

/** Whether terrain calls for support (the TET's close terrain, designed: woods, groves, buildings). */
function closeTerrain(sc: Scenario, h: number): boolean {
  return sc.terrain[sc.map.terrain[h]!]!.closeTerrain === true;
}

export interface CloseAssaultFigures {
  readonly factor: number;
  readonly gpd: number;
  readonly modifier: number;
  readonly n: number;
  readonly s: number;
}

/**
 * 6.6.1.1.1-6.6.1.1.2: the figures of a Close Assault: the common factor against the vehicle's GPD (at most
 * 5) on the GP CRT, and the exclusive modifiers this module models: uphill -10, vs a moving vehicle -10,
 * vs a suppressed one +20, an unsupported vehicle in close terrain +30 (a friendly squad or half-squad in
 * its hex supports it), vs P-type +20, vs S-type +30.
 */
export function closeAssaultFigures(sc: Scenario, state: State, u: number, t: number, how = FROM_PLACE): CloseAssaultFigures {
  const m = sc.adv!.closeAssault!;
  const target = state.units[t]!;
  const def = sc.units[t]!;
  const factor = closeFactor(sc, state, u);
  const gpd = Math.min(5, def.gpd.value);
  let mod = extraAttackerModifier(sc, state, attackersWith(sc, state, u, t, how)) + howModifier(sc, how);
  if (sc.map.elevation[target.hex]! > sc.map.elevation[state.units[u]!.hex]!) mod += m.uphill.value;
  if (movingShown(target)) mod += m.vsMoving.value;
  if (target.sup !== NOT_SUPPRESSED) mod += m.vsSuppressed.value;
  if (def.gpd.type === 'P') mod += m.vsP.value;
  else if (def.gpd.type === 'S') mod += m.vsS.value;
  if (closeTerrain(sc, target.hex)) {
    const supported = state.units.some(
      (o, i) => i !== t && alive(o) && o.hex === target.hex && sc.units[i]!.side === def.side && sc.units[i]!.kind === 'squad',
    );
    if (!supported) mod += m.unsupported.value;
  }
  const [n, s] = gpThresholds(sc, factor, gpd);
  return { factor, gpd, modifier: mod, n, s };
}

/** What a Close Assault does to the vehicle: 6.6.1.1.3, with the rule of 5s and 10s of 6.5.4.4.2. */
export type CloseAssaultOutcome = 'none' | 'suppressed' | 'damaged' | 'track' | 'knocked-out' | 'brewed-up';

/** 6.6.1.1.3: the outcome of a modified roll `total`; `roll10` at or under half the factor brews up. */
export function closeAssaultOutcome(fig: CloseAssaultFigures, total: number, roll10: number): CloseAssaultOutcome {
  if (total <= fig.n) return 'none';
  if (total <= fig.s) return 'suppressed';
  const last = ((total % 10) + 10) % 10;
  if (last === 5) return 'damaged';
  if (last === 0) return 'track';
  return roll10 <= fig.factor / 2 ? 'brewed-up' : 'knocked-out';
}

/** The attacker's part after any close combat: SPOT/MOVE, command shown, its move spent (6.6.1.1, ruling PZ-R40). */
function attackerSpent(units: readonly Unit[], u: number, extra: readonly number[] = []): Unit[] {
  let out = withUnit(units, u, { mark: SPOT_MOVE, shown: true, movingShown: true, moved: true, fc: false });
  for (const i of extra) out = withUnit(out, i, { mark: SPOT_MOVE, shown: true, movingShown: true, moved: true, fc: false });
  return out;
}

/** 6.6.1.1.1-6.6.1.1.3: one Close Assault resolved on the state. */
export function resolveCloseAssault(
  sc: Scenario,
  state: State,
  u: number,
  t: number,
  rng: Rng,
  log: Log,
  name: Namer,
  how = FROM_PLACE,
): State {
  const fig = closeAssaultFigures(sc, state, u, t, how);
  const roll = rng.int(100) + 1;
  const roll10 = rng.int(10) + 1;
  const total = roll + fig.modifier;
  const outcome = closeAssaultOutcome(fig, total, roll10);
  const extra = attackersWith(sc, state, u, t, how);
  let units = attackerSpent(state.units, u, extra);
  const cur = units[t]!;
  let change: Partial<Unit> = {};
  if (outcome === 'suppressed') change = { sup: SUPPRESSION_ON };
  else if (outcome === 'damaged')
    change = cur.status === DAMAGED ? { status: KNOCKED_OUT } : { status: DAMAGED, dmgHull: sc.modules.agHits && roll10 > 4 };
  else if (outcome === 'track') change = { immobile: true };
  else if (outcome === 'knocked-out') change = { status: KNOCKED_OUT };
  else if (outcome === 'brewed-up') change = { status: BREWED_UP };
  if (sc.modules.gpFire) change = { ...change, underFire: true };
  units = withUnit(units, t, change);
  log?.push(
    `${name(sc, u)} close-assaults ${name(sc, t)} (factor ${fig.factor} against GPD ${fig.gpd}): N ${fig.n}, S ${fig.s}, rolled ${roll}${fig.modifier >= 0 ? '+' : ''}${fig.modifier} = ${total}: ${outcome}`,
  );
  let after: State = { ...state, units, wrecks: withWreck(state.wrecks, cur.hex, units[t]!.status), aimed: aimedAt(state, u, extra, t) };
  // 6.5.4.5: Close Assault is GP fire: the crew checks after a Damaged or Track result.
  if (outcome === 'damaged' && units[t]!.status === DAMAGED) after = checkBailOut(sc, after, t, 'damaged', rng, log, name);
  else if (outcome === 'track' && !cur.immobile) after = checkBailOut(sc, after, t, 'track', rng, log, name);
  return after;
}

/** 6.6.1.2.2: a side's Hand-to-Hand modifier for its size: squad 0, half-squad -25, section -30; a towed defender -40. */
function sizeModifier(sc: Scenario, state: State, u: number): number {
  const m = sc.adv!.closeAssault!;
  const def = sc.units[u]!;
  if (def.kind === 'towed') return m.hthTowed.value;
  if (def.kind === 'section') return m.hthSection.value;
  return state.units[u]!.half ? m.hthHalfSquad.value : 0;
}

/** 6.6.1.2.2: the net modifiers of attacker `u` and defender `t` now: sizes, a suppressed defender -20, uphill -10. */
export function handToHandModifiers(
  sc: Scenario,
  state: State,
  u: number,
  t: number,
  how = FROM_PLACE,
  extra: readonly number[] = attackersWith(sc, state, u, t, how),
): [number, number] {
  const m = sc.adv!.closeAssault!;
  let a = sizeModifier(sc, state, u) + extraAttackerModifier(sc, state, extra) + howModifier(sc, how);
  const d = sizeModifier(sc, state, t) + (state.units[t]!.sup !== NOT_SUPPRESSED ? m.hthDefenderSuppressed.value : 0);
  if (sc.map.elevation[state.units[t]!.hex]! > sc.map.elevation[state.units[u]!.hex]!) a += m.uphill.value;
  return [a, d];
}

/** The loser of a roll-off: a full squad is reduced to its half-squad (not suppressed), anything else eliminated (6.6.1.2.3). */
function loses(sc: Scenario, units: readonly Unit[], x: number): Unit[] {
  return sc.units[x]!.kind === 'squad' && !units[x]!.half ? withUnit(units, x, { half: true }) : withUnit(units, x, { status: ELIMINATED });
}

/** 6.6.1.2.1-6.6.1.2.3: a Hand-to-Hand combat fought out: roll-offs, ties again, until one side is gone. */
export function resolveHandToHand(
  sc: Scenario,
  state: State,
  u: number,
  t: number,
  rng: Rng,
  log: Log,
  name: Namer,
  how = FROM_PLACE,
): State {
  // 6.6.1.2: the attackers of one hex combine; the primary attacker fights the roll-offs (ruling PZ-R65).
  const extra = attackersWith(sc, state, u, t, how);
  let units: Unit[] = attackerSpent(state.units, u, extra);
  if (sc.modules.gpFire) units = withUnit(units, t, { underFire: true });
  const rolls: string[] = [];
  for (let guard = 0; guard < 100 && alive(units[u]!) && alive(units[t]!); guard++) {
    const [ma, md] = handToHandModifiers(sc, { ...state, units }, u, t, how, extra);
    const a = rng.int(100) + 1 + ma;
    const d = rng.int(100) + 1 + md;
    rolls.push(`${a} to ${d}`);
    if (a === d) continue;
    units = loses(sc, units, a > d ? t : u);
  }
  const winner = alive(units[u]!) ? u : t;
  log?.push(`${name(sc, u)} fights ${name(sc, t)} hand to hand: ${rolls.join(', ')}: ${name(sc, winner)} is left standing`);
  return { ...state, units, aimed: aimedAt(state, u, extra, t) };
}

/** 6.6.11: with command control, the target the attackers went for is kept for their sharers. */
function aimedAt(state: State, u: number, extra: readonly number[], t: number): readonly number[] {
  if (state.aimed.length === 0) return state.aimed;
  const aimed = state.aimed.slice();
  aimed[u] = t;
  for (const i of extra) aimed[i] = t;
  return aimed;
}

/** One attack of `u` on `t`: Close Assault on a vehicle, Hand-to-Hand on a leg or towed unit. */
export function resolveCloseCombat(
  sc: Scenario,
  state: State,
  u: number,
  t: number,
  rng: Rng,
  log: Log,
  name: Namer,
  how = FROM_PLACE,
): State {
  return isLegOrTowed(sc.units[t]!)
    ? resolveHandToHand(sc, state, u, t, rng, log, name, how)
    : resolveCloseAssault(sc, state, u, t, rng, log, name, how);
}

/**
 * The end of an Advancing Attack's move (6.6.1.1, 6.6.1.2): the attacker `u` attacks its announced target when
 * it still may: alive, unsuppressed by the overwatch fire its step drew, and the target alive and adjacent.
 */
export function finishAdvance(sc: Scenario, state: State, u: number, rng: Rng, log: Log, name: Namer): State {
  const t = state.closing;
  const s: State = { ...state, closing: -1 };
  const a = s.units[u]!;
  if (!alive(a) || a.sup !== NOT_SUPPRESSED || !mayAttackTarget(sc, s, u, t)) {
    log?.push(`${name(sc, u)} does not attack ${name(sc, t)}`);
    return s;
  }
  return resolveCloseCombat(sc, s, u, t, rng, log, name, ADVANCING);
}

// --- Overrun (6.6.10) --------------------------------------------------------------------------------

/**
 * 6.6.10.1: the Overrun GP factor of vehicle v: the GP factors at 1 hex of all its weapons added up, with the
 * best GP factor at 1 hex of each squad, half-squad or section aboard; more than 15 is read as 15.
 */
export function overrunFactor(sc: Scenario, state: State, v: number): number {
  let f = 0;
  for (const row of sc.units[v]!.gp) {
    const band = row.range.findIndex((r) => r >= 1);
    if (band >= 0) f += row.factor[band]!;
  }
  for (const p of passengersOf(state, v)) if (isLeg(sc.units[p]!)) f += gpFactorAt(sc, p, 1).factor;
  return Math.min(15, f);
}

/**
 * 6.6.10.1: the figures of vehicle v's Overrun of `t`: its Overrun factor against the target's GP Defense in
 * its terrain, with the GP direct fire modifiers that can apply to the firer (damaged turret, suppressed).
 */
export function overrunFigures(sc: Scenario, state: State, v: number, t: number): GpFigures {
  const m = sc.adv!.modifiers;
  const factor = overrunFactor(sc, state, v);
  const d = gpDefense(sc, state, t, false);
  const f = state.units[v]!;
  let modifier = 0;
  if (fireDamaged(sc, f)) modifier += m.gpFirerDamaged.value;
  if (f.sup !== NOT_SUPPRESSED) modifier += m.gpFirerSuppressed.value;
  const [n, s] = gpThresholds(sc, factor, d.value);
  return { factor, smallArms: false, effectiveness: 0, gpd: d.value, type: d.type, modifier, n, s, band: 0 };
}

/**
 * 6.6.10: how vehicle v reaches target t for an Overrun: the cheapest place it may end a move (not by road)
 * next to the target and facing it, from which it can still pay to enter the target's hex; null when none.
 * The target's hex must be open to the vehicle (not across a hedgerow, ruling PZ-R69) and hold no enemy vehicle.
 */
export function overrunApproach(sc: Scenario, state: State, v: number, t: number): { steps: Step[]; hex: number } | null {
  const def = sc.units[v]!;
  const th = state.units[t]!.hex;
  if (state.units.some((o, i) => o.hex === th && alive(o) && !isLegOrTowed(sc.units[i]!) && sc.units[i]!.side !== def.side)) return null;
  const mf = moveAllowance(sc, state, v, false);
  const grid = sc.map.grid;
  let best: { steps: Step[]; hex: number } | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const d of destinations(sc, state, v)) {
    if (d.hex < 0 || d.road || grid.neighbour(d.hex, d.facing) !== th) continue;
    const e = enterCost(sc, state, def, d.hex, th, d.facing);
    if (e < 0 || e === HEDGEROW_COST || d.cost + e > mf || d.cost + e >= bestCost) continue;
    if (state.shared.length > 0 && !sharedMoveFilter(sc, state, v, [d.hex])[0]) continue;
    bestCost = d.cost + e;
    best = { steps: [...d.steps, { kind: 'enter', hex: th, facing: d.facing, spent: d.cost + e }], hex: d.hex };
  }
  return best;
}

/**
 * 6.6.10: the Overruns open to vehicle v about to move, `R:<v>:<t>`: a vehicle with MOVE (not SHORT HALT) and
 * an Overrun factor, at a spotted dismounted enemy leg or towed unit it can reach (overrunApproach).
 */
export function overrunActions(sc: Scenario, state: State, v: number): string[] {
  if (!sc.modules.closeAssault || !sc.modules.gpFire) return [];
  const def = sc.units[v]!;
  const unit = state.units[v]!;
  if (isLegOrTowed(def) || unit.cmd !== MOVE || overrunFactor(sc, state, v) <= 0) return [];
  const reach = moveAllowance(sc, state, v, false) + 1;
  const out: string[] = [];
  state.units.forEach((o, t) => {
    if (sc.units[t]!.side === def.side || !isLegOrTowed(sc.units[t]!) || !alive(o) || !o.spotted) return;
    if (sc.map.grid.distance(unit.hex, o.hex) > reach || !sharedCloseAllowed(state, v, t)) return;
    if (overrunApproach(sc, state, v, t) !== null) out.push(`R:${v}:${t}`);
  });
  return out;
}

/**
 * 6.6.10.1-6.6.10.2: the Overrun of `t` by the mover as it comes to enter the target's hex (no overwatch at
 * this step): roll(100) plus the modifiers on the GP CRT; a SUPPRESSION/OFF turns ON whatever the result;
 * suppressed, or effective: a squad reduced and suppressed, anything else eliminated. With the target gone
 * and no other enemy in the hex the vehicle takes the hex; otherwise it stays in the hex it came from. Its move
 * ends with the Overrun (ruling PZ-R69).
 */
export function resolveOverrun(sc: Scenario, state: State, rng: Rng, log: Log, name: Namer): State {
  const v = state.mover;
  const t = state.closing;
  const step = state.route[0]!;
  const s: State = { ...state, closing: -1, route: [] };
  const target = s.units[t]!;
  if (step.spent > s.allowance || !alive(target) || target.hex !== step.hex) {
    log?.push(`${name(sc, v)} does not overrun ${name(sc, t)}`);
    return s;
  }
  const fig = overrunFigures(sc, s, v, t);
  const roll = rng.int(100) + 1;
  const total = roll + fig.modifier;
  const outcome = gpResult(sc, s, t, fig, total, 10);
  let change: Partial<Unit> = { underFire: true };
  if (target.sup === SUPPRESSION_OFF || outcome === 'suppressed') change = { ...change, sup: SUPPRESSION_ON };
  if (outcome === 'reduced') change = { ...change, half: true, sup: SUPPRESSION_ON };
  else if (outcome === 'eliminated') change = { ...change, status: ELIMINATED };
  let units: readonly Unit[] = withUnit(s.units, t, change);
  log?.push(
    `${name(sc, v)} overruns ${name(sc, t)} (factor ${fig.factor} against GPD ${fig.gpd}): N ${fig.n}, S ${fig.s}, rolled ${roll}${fig.modifier >= 0 ? '+' : ''}${fig.modifier} = ${total}: ${outcome}`,
  );
  const side = sc.units[v]!.side;
  if (!alive(units[t]!) && !enemyIn(sc, { ...s, units }, side, step.hex))
    units = carryPassengers(withUnit(units, v, { hex: step.hex, facing: step.facing }), v, step.hex, step.facing);
  return { ...s, units, aimed: aimedAt(s, v, [], t) };
}
