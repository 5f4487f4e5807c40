/**
 * Advanced Game Close Assault and Hand-to-Hand combat (6.6.1): in their own step at the start of the
 * Movement Phase (First Player, then Second), unsuppressed squads, half-squads and sections with MOVE
 * attack a spotted enemy in an adjacent hex no more than one height away: a vehicle by Close Assault (a GP
 * attack with the common factors 8 / 4 / 2 on the GP Combat Results Table, the vehicle's GPD at most 5,
 * 6.6.1.1.1-6.6.1.1.3), a leg or towed unit by Hand-to-Hand (both sides roll(100) until one is gone,
 * 6.6.1.2.1-6.6.1.2.3). Attackers of one hex on one target combine, with the extra-attacker modifiers (ruling PZ-R65). Figures are pure; `resolve*` roll.
 */
import type { Rng } from '../../../core/game.js';
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
  SUPPRESSION_ON,
  type Unit,
  withUnit,
  withWreck,
} from '../state.js';
import { checkBailOut } from './bail-out.js';
import { gpThresholds } from './gp-fire.js';

type Log = string[] | null;
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

/** The Close Assault and Hand-to-Hand attacks open to `seat`: `a:<attacker>:<target>`. */
export function closeCombatActions(sc: Scenario, state: State, seat: number): string[] {
  const out: string[] = [];
  state.units.forEach((_, u) => {
    if (sc.units[u]!.side !== seat || !mayAttack(sc, state, u)) return;
    state.units.forEach((_, t) => {
      if (mayAttackTarget(sc, state, u, t)) out.push(`a:${u}:${t}`);
    });
  });
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
export function closeAssaultFigures(sc: Scenario, state: State, u: number, t: number): CloseAssaultFigures {
  const m = sc.adv!.closeAssault!;
  const target = state.units[t]!;
  const def = sc.units[t]!;
  const factor = closeFactor(sc, state, u);
  const gpd = Math.min(5, def.gpd.value);
  let mod = extraAttackerModifier(sc, state, combinedAttackers(sc, state, u, t));
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
export function resolveCloseAssault(sc: Scenario, state: State, u: number, t: number, rng: Rng, log: Log, name: Namer): State {
  const fig = closeAssaultFigures(sc, state, u, t);
  const roll = rng.int(100) + 1;
  const roll10 = rng.int(10) + 1;
  const total = roll + fig.modifier;
  const outcome = closeAssaultOutcome(fig, total, roll10);
  const extra = combinedAttackers(sc, state, u, t);
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
  let after: State = { ...state, units, wrecks: withWreck(state.wrecks, cur.hex, units[t]!.status) };
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
  extra: readonly number[] = combinedAttackers(sc, state, u, t),
): [number, number] {
  const m = sc.adv!.closeAssault!;
  let a = sizeModifier(sc, state, u) + extraAttackerModifier(sc, state, extra);
  const d = sizeModifier(sc, state, t) + (state.units[t]!.sup !== NOT_SUPPRESSED ? m.hthDefenderSuppressed.value : 0);
  if (sc.map.elevation[state.units[t]!.hex]! > sc.map.elevation[state.units[u]!.hex]!) a += m.uphill.value;
  return [a, d];
}

/** The loser of a roll-off: a full squad is reduced to its half-squad (not suppressed), anything else eliminated (6.6.1.2.3). */
function loses(sc: Scenario, units: readonly Unit[], x: number): Unit[] {
  return sc.units[x]!.kind === 'squad' && !units[x]!.half ? withUnit(units, x, { half: true }) : withUnit(units, x, { status: ELIMINATED });
}

/** 6.6.1.2.1-6.6.1.2.3: a Hand-to-Hand combat fought out: roll-offs, ties again, until one side is gone. */
export function resolveHandToHand(sc: Scenario, state: State, u: number, t: number, rng: Rng, log: Log, name: Namer): State {
  // 6.6.1.2: the attackers of one hex combine; the primary attacker fights the roll-offs (ruling PZ-R65).
  const extra = combinedAttackers(sc, state, u, t);
  let units: Unit[] = attackerSpent(state.units, u, extra);
  if (sc.modules.gpFire) units = withUnit(units, t, { underFire: true });
  const rolls: string[] = [];
  for (let guard = 0; guard < 100 && alive(units[u]!) && alive(units[t]!); guard++) {
    const [ma, md] = handToHandModifiers(sc, { ...state, units }, u, t, extra);
    const a = rng.int(100) + 1 + ma;
    const d = rng.int(100) + 1 + md;
    rolls.push(`${a} to ${d}`);
    if (a === d) continue;
    units = loses(sc, units, a > d ? t : u);
  }
  const winner = alive(units[u]!) ? u : t;
  log?.push(`${name(sc, u)} fights ${name(sc, t)} hand to hand: ${rolls.join(', ')}: ${name(sc, winner)} is left standing`);
  return { ...state, units };
}

/** One attack of `u` on `t`: Close Assault on a vehicle, Hand-to-Hand on a leg or towed unit. */
export function resolveCloseCombat(sc: Scenario, state: State, u: number, t: number, rng: Rng, log: Log, name: Namer): State {
  return isLegOrTowed(sc.units[t]!)
    ? resolveHandToHand(sc, state, u, t, rng, log, name)
    : resolveCloseAssault(sc, state, u, t, rng, log, name);
}
