/**
 * The chances of an SPG attack, computed exactly over the 36 rolls of two dice (never sampled): for the
 * `play` prompt before fire, AT fire, assault and overrun, and for the doctrine's expected losses.
 */
import type { Hex } from '../../hex/grid.js';
import { tableResult, type CompiledTable } from '../../hex/tables.js';
import { antiTankChances, antiTankModifier } from './antitank.js';
import { assaultAttackers, assaultShift, assaultStrengths, defenceStrength } from './assault.js';
import { bombardmentColumns } from './bombardment.js';
import { directFirePlan, enemiesIn, firePower, valuesOf } from './fire.js';
import { moraleOf } from './morale.js';
import { eliminations, readColumn } from './results.js';
import type { Scenario } from './scenario.js';
import { F_DISRUPTED, FLAGS, HEX, STEPS, type State } from './state.js';

/** Ways of 36 to roll each total of 2d6. */
export const WAYS_2D6 = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/** Chance that a unit fails a morale check (2d6 above its morale). */
function failChance(sc: Scenario, s: State, i: number): number {
  const m = moraleOf(sc, s, i);
  let ways = 0;
  for (let r = m + 1; r <= 12; r++) ways += WAYS_2D6[r] ?? 0;
  return ways / 36;
}

/** Steps a disruption costs: a unit already disrupted is eliminated by it (S-40 L590); otherwise a fraction for the lost time. */
function disruptionWorth(s: State, i: number): number {
  return (s.u[i]![FLAGS]! & F_DISRUPTED) !== 0 ? s.u[i]![STEPS]! : 0.3;
}

/** Expected enemy steps lost (disruption counted as a fraction) of one roll's results on the given units. */
function lossOfResults(sc: Scenario, s: State, results: readonly { unit: number; result: string }[]): number {
  let loss = 0;
  const x = Math.max(0, ...results.map((r) => eliminations(r.result)));
  const steps = results.map((r) => s.u[r.unit]![STEPS]!).sort((a, b) => b - a);
  if (x > 0) {
    loss += steps.slice(0, x).reduce((a, b) => a + b, 0) + (steps.length > x ? 1 : 0);
    loss += results.slice(x).reduce((n, r) => n + disruptionWorth(s, r.unit), 0);
    return loss;
  }
  const m2 = results.filter((r) => r.result === 'M2');
  if (m2.length > 0) return Math.min(2, m2.length) + m2.reduce((n, r) => n + disruptionWorth(s, r.unit), 0);
  for (const r of results) {
    if (r.result === 'M1') loss += 1 / results.filter((q) => q.result === 'M1').length;
    if (r.result === 'M' || r.result === 'M1') loss += failChance(sc, s, r.unit) * (disruptionWorth(s, r.unit) + 0.2);
  }
  return loss;
}

/** Expected loss and per-result chances of an attack read on `table` by the given columns. */
export function attackOdds(
  sc: Scenario,
  s: State,
  table: CompiledTable,
  columns: readonly { unit: number; column: number }[],
): { expected: number; results: Map<string, number> } {
  const live = columns.filter((c) => c.column >= 0);
  const results = new Map<string, number>();
  let expected = 0;
  for (let roll = 2; roll <= 12; roll++) {
    const p = WAYS_2D6[roll]! / 36;
    const hits = live.map((c) => ({ unit: c.unit, result: tableResult(table, c.column, roll) }));
    const best = hits.map((h) => h.result).sort((a, b) => rank(b) - rank(a))[0] ?? '-';
    results.set(best, (results.get(best) ?? 0) + p);
    expected +=
      p *
      lossOfResults(
        sc,
        s,
        hits.filter((h) => h.result !== '-'),
      );
  }
  return { expected, results };
}

function rank(result: string): number {
  return ['-', 'M', 'M1', 'M2', 'X', '2X', '3X'].indexOf(result);
}

/** Bombardment strength of a group (S-28), disrupted members at half. */
function groupStrength(sc: Scenario, s: State, group: readonly number[]): number {
  return group.reduce((n, i) => n + firePower(s, i, valuesOf(sc, s, i).bomb), 0);
}

/** Expected enemy steps lost by an action (0 for actions that attack nothing). */
export function expectedLoss(sc: Scenario, s: State, action: string): number {
  const w = action.split(' ');
  switch (w[0]) {
    case 'fire':
      return attackOdds(sc, s, sc.tables.df, directFirePlan(sc, s, w[1]!.split('.').map(Number), Number(w[2])).columns).expected;
    case 'bomb': {
      const group = w[1]!.split('.').map(Number);
      return attackOdds(
        sc,
        s,
        sc.tables.bomb,
        bombardmentColumns(sc, s, sc.units[group[0]!]!.side, groupStrength(sc, s, group), Number(w[2])),
      ).expected;
    }
    case 'at': {
      const mod = antiTankModifier(sc, s, Number(w[1]), Number(w[2]));
      if (mod === undefined) return 0;
      const c = antiTankChances(sc, mod);
      return (c.damage + c.kill * Math.max(0, s.u[Number(w[2])]![STEPS]! - 1)) / 36;
    }
    case 'assault':
    case 'overrun': {
      const h = Number(w[w[0] === 'assault' ? 1 : 2]);
      const attackers = w[0] === 'assault' ? assaultAttackers(sc, s, s.active, h) : [Number(w[1])];
      return assaultOdds(sc, s, attackers, h).attack.expected;
    }
    default:
      return 0;
  }
}

/** Odds of an assault or overrun: the defenders' first fire on the attackers, then the attack. */
export function assaultOdds(sc: Scenario, s: State, attackers: readonly number[], h: Hex) {
  const st = assaultStrengths(sc, s, attackers, h);
  const overrun = attackers.length === 1 && !sc.units[attackers[0]!]!.assaults;
  const defenceCols = attackers.map((a) => ({ unit: a, column: readColumn(sc.tables.assault, st.defence, 0) }));
  const attackCols = enemiesIn(sc, s, sc.units[attackers[0]!]!.side, h).map((t) => ({
    unit: t,
    column: readColumn(sc.tables.assault, st.attack, assaultShift(sc, s, attackers, h, overrun)),
  }));
  return {
    strengths: st,
    defence: attackOdds(sc, s, sc.tables.assault, st.defence > 0 ? defenceCols : []),
    attack: attackOdds(sc, s, sc.tables.assault, attackCols),
  };
}

function percent(p: number): string {
  return `${Math.round(p * 100)}%`;
}

function resultLine(results: Map<string, number>): string {
  return ['-', 'M', 'M1', 'M2', 'X', '2X', '3X']
    .filter((r) => (results.get(r) ?? 0) > 0)
    .map((r) => `${r === '-' ? 'no effect' : r} ${percent(results.get(r)!)}`)
    .join(', ');
}

/** Lines for the play prompt before a combat action; [] for others. */
export function oddsLines(sc: Scenario, s: State, action: string): string[] {
  const w = action.split(' ');
  switch (w[0]) {
    case 'fire': {
      const plan = directFirePlan(sc, s, w[1]!.split('.').map(Number), Number(w[2]));
      const o = attackOdds(sc, s, sc.tables.df, plan.columns);
      return [
        `direct fire strength ${plan.strength}: ${resultLine(o.results)}`,
        `expected enemy steps lost ${o.expected.toFixed(2)}; a natural 7 hands the initiative over`,
      ];
    }
    case 'bomb': {
      const group = w[1]!.split('.').map(Number);
      const strength = groupStrength(sc, s, group);
      const o = attackOdds(sc, s, sc.tables.bomb, bombardmentColumns(sc, s, sc.units[group[0]!]!.side, strength, Number(w[2])));
      const depletion = Math.min(...group.map((i) => sc.units[i]!.depletion));
      return [`bombardment strength ${strength}: ${resultLine(o.results)}`, `out of ammunition on a natural ${depletion}+`];
    }
    case 'at': {
      const mod = antiTankModifier(sc, s, Number(w[1]), Number(w[2]));
      if (mod === undefined) return [];
      const c = antiTankChances(sc, mod);
      return [
        `AT fire, final modifier ${mod >= 0 ? '+' : ''}${mod}: step loss or better ${percent(c.damage / 36)}, eliminated ${percent(c.kill / 36)}`,
      ];
    }
    case 'assault':
    case 'overrun': {
      const h = Number(w[w[0] === 'assault' ? 1 : 2]);
      const attackers = w[0] === 'assault' ? assaultAttackers(sc, s, s.active, h) : [Number(w[1])];
      const o = assaultOdds(sc, s, attackers, h);
      return [
        `defensive first fire strength ${o.strengths.defence}: ${o.strengths.defence > 0 ? resultLine(o.defence.results) : 'none'}`,
        `${w[0]} strength ${o.strengths.attack}: ${resultLine(o.attack.results)}`,
      ];
    }
    default:
      return [];
  }
}

/** Enemy units able to fire at hex h next (for the doctrine's exposure): those in range with a line of sight. */
export function threatsTo(sc: Scenario, s: State, side: number, h: Hex): number {
  let n = 0;
  for (let i = 0; i < sc.units.length; i++) {
    const e = s.u[i]![HEX]!;
    if (sc.units[i]!.side === side || e < 0) continue;
    const v = valuesOf(sc, s, i);
    const r = sc.map.grid.distance(e, h);
    if ((r <= v.dfRange && v.df > 0) || (r <= v.atRange && v.at >= 0))
      if (sc.map.hasLos(e, h)) n += defenceStrength(sc, s, i) > 0 || v.at >= 0 ? 1 : 0;
  }
  return n;
}
