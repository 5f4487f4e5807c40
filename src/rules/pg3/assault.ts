/** Assault combat (PG3 12.x): both sides roll 1d6 on the Assault Table; First Fire for dug-in defenders. */
import type { Hex } from '../../hex/grid.js';
import { d6 } from '../../core/rng.js';
import type { Draft } from './draft.js';
import { columnIndex, lossesOf, moraleModOf, queueMorale, shiftColumn, tableResult } from './combat.js';
import { DEMORALIZED, DISRUPTED, F_CHARGE, F_DUG_IN, F_FIRED, GOOD, MORALE, STEPS } from './state.js';

/** 15.31 (L449): charging cavalry shift one column on the Assault Table (not in the chart pack's modifiers). */
export const CAVALRY_CHARGE_SHIFT = 1;
import { cannotFire, def, fortified, half, moraleValue, values } from './units.js';

/**
 * Assault strength of a side's units (12.4): DF values (disrupted halved; demoralized a quarter, and only
 * when defending), units without DF (other than unarmed transports) count 1, plus each undemoralized
 * leader's combat modifier to one unit (6.42). HMG and AA halve when attacking without infantry (12.5).
 */
export function assaultStrength(d: Draft, units: readonly number[], attacking: boolean): number {
  let total = 0;
  const pieces = units.filter((i) => !def(d, i).isLeader && !def(d, i).isTransport);
  const hasInfantry = pieces.some((i) => ['INF', 'SMG', 'ENG', 'CAV'].includes(def(d, i).type));
  for (const i of pieces) {
    const m = d.get(i, MORALE);
    if (m === DEMORALIZED && attacking) continue;
    let v = values(d, i).df;
    if (v <= 0 || cannotFire(d, i)) v = 1; // limbered guns defend at 1 (5.6, 12.4)
    if (attacking && !hasInfantry && (def(d, i).type === 'HMG' || def(d, i).type === 'AA')) v = half(v);
    if (m === DISRUPTED) v = half(v);
    else if (m === DEMORALIZED) v = Math.ceil(v / 4);
    total += v;
  }
  const bonuses = units
    .filter((i) => def(d, i).isLeader && d.get(i, MORALE) !== DEMORALIZED)
    .map((i) => def(d, i).combatMod)
    .sort((a, b) => b - a)
    .slice(0, pieces.length);
  for (const b of bonuses) total += b;
  return total;
}

/** Column shift for one side's assault roll (12.4, 6.43). */
export function assaultShift(d: Draft, hex: Hex, own: readonly number[], enemy: readonly number[], attacking: boolean): number {
  const m = d.sc.charts.modifiers;
  const terrain = d.sc.terrain[d.sc.map.terrain[hex]!]!;
  let s = 0;
  if (attacking) s += terrain.assaultAttackerShift; // 12.4: terrain penalties apply to the attacker only
  if (own.some((i) => def(d, i).isLeader && d.get(i, MORALE) !== DEMORALIZED)) s += m.assaultLeader.value; // 6.43
  const enemyPieces = enemy.filter((i) => !def(d, i).isLeader && !def(d, i).isTransport);
  const enemyInfantry = enemyPieces.some((i) => !def(d, i).isAfv);
  if (enemyPieces.length > 0 && !enemyInfantry && terrain.limiting && terrain.blocksLos) s += m.assaultVsArmorInCover.value;
  if (enemyPieces.length > 0 && enemyPieces.every((i) => d.get(i, MORALE) === DEMORALIZED)) s += m.assaultAllDemoralized.value;
  if (attacking && enemyPieces.some((i) => fortified(d, i))) s += m.assaultDugInDefender.value; // 16.2, 16.4
  if (attacking && d.sc.hasCavalryCharge && own.some((i) => d.flag(i, F_CHARGE))) s += CAVALRY_CHARGE_SHIFT; // 15.31
  const ownPieces = own.filter((i) => !def(d, i).isLeader && !def(d, i).isTransport);
  if (attacking && ownPieces.length > 0 && enemyPieces.length > 0) {
    const lowOwn = Math.min(...ownPieces.map((i) => moraleValue(d, i)));
    const highEnemy = Math.max(...enemyPieces.map((i) => moraleValue(d, i)));
    if (lowOwn > highEnemy) s += m.assaultHigherMorale.value; // 12.4 L356
  }
  return s;
}

/** Probability distribution of the loss count one side inflicts: index = steps (0..3), plus P(M). */
export function assaultOdds(d: Draft, hex: Hex, own: readonly number[], enemy: readonly number[], attacking: boolean): number[] {
  const t = d.sc.assault;
  const col0 = columnIndex(t, assaultStrength(d, own, attacking));
  const out = [0, 0, 0, 0, 0];
  if (col0 < 0) {
    out[0] = 1;
    return out;
  }
  const col = shiftColumn(t, col0, assaultShift(d, hex, own, enemy, attacking));
  for (let r = 1; r <= 6; r++) {
    const res = tableResult(t, col, r);
    if (res === 'M') out[4]! += 1 / 6;
    else out[lossesOf(res)]! += 1 / 6;
  }
  return out;
}

function rollSide(d: Draft, hex: Hex, own: readonly number[], enemy: readonly number[], attacking: boolean, who: string): string {
  const t = d.sc.assault;
  const strength = assaultStrength(d, own, attacking);
  const col0 = columnIndex(t, strength);
  if (col0 < 0) return '-';
  const shift = assaultShift(d, hex, own, enemy, attacking);
  const col = shiftColumn(t, col0, shift);
  const roll = d6(d.rng);
  const res = tableResult(t, col, roll);
  d.events &&
    d.say(
      () =>
        `Assault at ${d.sc.map.grid.label(hex)}: ${who} strength ${strength}, shift ${shift >= 0 ? '+' : ''}${shift}, column ${t.columns[col]}, roll ${roll}: ${res} [PG3 12.4]`,
    );
  return res;
}

function queueResult(d: Draft, hex: Hex, victims: readonly number[], res: string): void {
  if (victims.length === 0) return;
  const seat = def(d, victims[0]!).side;
  const pieces = victims.filter((i) => !def(d, i).isLeader);
  const leaders = victims.filter((i) => def(d, i).isLeader);
  const losses = lossesOf(res);
  if (losses > 0) {
    const combat = pieces.filter((i) => !def(d, i).isTransport);
    const transports = pieces.filter((i) => def(d, i).isTransport);
    if (combat.length > 0)
      d.mut('queue').push({
        k: 'loss',
        seat,
        hex,
        losses,
        pool: combat,
        assault: true,
        needAfv: losses > 1 && combat.some((i) => def(d, i).isAfv),
        why: `assault result ${res} [PG3 7.63]`,
        taken: 0,
      });
    if (transports.length > 0)
      d.mut('queue').push({
        k: 'loss',
        seat,
        hex,
        losses,
        pool: transports,
        assault: false,
        needAfv: false,
        why: `assault result ${res} on transports [PG3 7.63]`,
      });
    queueMorale(d, [...leaders, ...combat], moraleModOf(d, 'M2'), 'after assault losses [PG3 7.63]');
    if (leaders.length > 0) d.mut('queue').push({ k: 'leaderCas', hex, seat, steps: losses });
  } else if (res === 'M') {
    queueMorale(d, victims, moraleModOf(d, 'M'), 'assault result M [PG3 12.4]');
  }
}

/**
 * Resolves one round of assault in a hex (12.4). Results are simultaneous, except that dug-in
 * defenders fire first (12.43) and only attackers still in good order or disrupted then fire.
 * Trucks in a hex with no unloaded combat units are eliminated when assaulted (12.4).
 */
export function resolveAssault(d: Draft, hex: Hex, attackerSeat: number, attackers: readonly number[]): void {
  const defenders = d.unitsIn(hex).filter((i) => def(d, i).side !== attackerSeat);
  const att = attackers.filter((i) => d.hex(i) === hex);
  if (att.length === 0 || defenders.length === 0) return;
  const defCombat = defenders.filter((i) => def(d, i).isCombat);
  if (defCombat.length === 0) {
    for (const i of defenders) {
      if (def(d, i).isTransport) {
        d.mut('stepsLost')[def(d, i).side] = d.stepsLost[def(d, i).side]! + d.get(i, STEPS);
        d.eliminate(i);
        d.events && d.say(() => `${def(d, i).name} overrun [PG3 12.4]`);
      }
    }
  }
  const attackLeaders = d.unitsIn(hex).filter((i) => def(d, i).isLeader && def(d, i).side === attackerSeat);
  const attSide = [...new Set([...att, ...attackLeaders])];
  const defs = d.unitsIn(hex).filter((i) => def(d, i).side !== attackerSeat);
  for (const i of att) d.setFlag(i, F_FIRED);
  const firstFire = defs.some((i) => fortified(d, i) && !def(d, i).isAfv); // 12.43: dug-in or entrenched defenders
  if (firstFire) {
    const defRes = rollSide(d, hex, defs, attSide, false, 'defender (First Fire, 12.43)');
    queueResult(d, hex, attSide, defRes);
    d.mut('queue').push({ k: 'assault', hex, attacker: attackerSeat, units: attSide });
    return;
  }
  const attRes = rollSide(d, hex, attSide, defs, true, 'attacker');
  const defRes = rollSide(d, hex, defs, attSide, false, 'defender');
  queueResult(d, hex, defs, attRes);
  queueResult(d, hex, attSide, defRes);
  // Attacking dug-in units lose their bonus while they attack (12.43); an attack ends digging in (16.2).
  for (const i of att) d.setFlag(i, F_DUG_IN, false);
}

/** The attacker's answer after First Fire: surviving, undemoralized attackers roll (12.43). */
export function resolveAfterFirstFire(d: Draft, hex: Hex, attackerSeat: number, units: readonly number[]): void {
  const att = units.filter((i) => d.hex(i) === hex && d.get(i, MORALE) !== DEMORALIZED);
  const defs = d.unitsIn(hex).filter((i) => def(d, i).side !== attackerSeat);
  if (att.filter((i) => !def(d, i).isLeader).length === 0 || defs.length === 0) return;
  const attRes = rollSide(d, hex, att, defs, true, 'attacker (after First Fire)');
  queueResult(d, hex, defs, attRes);
  for (const i of att) d.setFlag(i, F_DUG_IN, false);
}

export { GOOD };
