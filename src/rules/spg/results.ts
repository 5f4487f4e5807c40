/**
 * Results of the 2d6 fire tables as SPG redefines them (S-26 L360-L368), read on one column per target
 * unit (S-20 L296: multiple-column results), and shared by direct fire, bombardment and assault:
 *  - X / NX: N whole units eliminated, one more unit loses a step, every unit hit is disrupted;
 *  - M2: up to two units lose a step, all are disrupted;
 *  - M1: one unit loses a step, then all check morale (one roll);
 *  - M: all check morale.
 * The shooter picks the first casualty (the most valuable unit), the owner the rest (the least valuable).
 */
import { columnIndex, tableResult, type CompiledTable } from '../../hex/tables.js';
import { moraleCheck } from './morale.js';
import type { Scenario } from './scenario.js';
import type { Draft, State } from './state.js';
import { STEPS } from './state.js';

/** Eliminations a result calls for: X 1, 2X 2, 3X 3; 0 for the others. */
export function eliminations(result: string): number {
  return result === 'X' ? 1 : result === '2X' ? 2 : result === '3X' ? 3 : 0;
}

/** A unit's worth to the shooter picking the first casualty: its fire values and steps. */
export function unitValue(sc: Scenario, s: Pick<State, 'u'>, i: number): number {
  const def = sc.units[i]!;
  const f = s.u[i]![STEPS]! < def.steps ? def.reduced : def.full;
  return f.df + f.bomb + Math.max(0, f.at) * 2 + s.u[i]![STEPS]! * 2 + i * 1e-3;
}

/**
 * The column each unit reads: the strength's column shifted by the unit's modifier; -1 when it is shifted
 * off the left edge (no effect, S-20 L300); past the right edge the last column (L298).
 */
export function readColumn(table: CompiledTable, strength: number, shift: number): number {
  const c = columnIndex(table, strength);
  if (c < 0) return -1;
  const k = c + shift;
  return k < 0 ? -1 : Math.min(k, table.columns.length - 1);
}

export interface Hit {
  readonly unit: number;
  readonly result: string;
}

/** Results per unit for one roll: each unit on its own column. */
export function readResults(table: CompiledTable, columns: readonly { unit: number; column: number }[], roll: number): Hit[] {
  return columns.filter((c) => c.column >= 0).map((c) => ({ unit: c.unit, result: tableResult(table, c.column, roll) }));
}

/** Applies the results of one attack to the units that read them (S-26; S-21 L312 one morale roll). */
export function applyHits(d: Draft, hits: readonly Hit[]): void {
  d.attack(() => applyAttackHits(d, hits));
}

function applyAttackHits(d: Draft, hits: readonly Hit[]): void {
  const sc = d.sc;
  const value = (i: number): number => unitValue(sc, d, i);
  const alive = (i: number): boolean => d.onMap(i);
  const byValue = (units: number[]): number[] => units.filter(alive).sort((a, b) => value(b) - value(a));
  const xs = hits.filter((h) => eliminations(h.result) > 0).map((h) => h.unit);
  const m2 = hits.filter((h) => h.result === 'M2').map((h) => h.unit);
  const m1 = hits.filter((h) => h.result === 'M1').map((h) => h.unit);
  const checks = hits.filter((h) => h.result === 'M' || h.result === 'M1').map((h) => h.unit);
  const disrupted = (i: number): boolean => d.disruptedNow?.has(i) === true;
  if (xs.length > 0) {
    const n = Math.max(...hits.map((h) => eliminations(h.result)));
    // Shooter's pick first (most valuable), then the owner's (least valuable).
    const order = byValue(xs);
    const picks = order.length > 0 ? [order[0]!, ...order.slice(1).reverse()].slice(0, n) : [];
    // S-22 L320: a whole unit eliminated by X takes an unarmored transport's passenger with it.
    for (const i of picks) d.eliminate(i, true, true);
    const others = byValue([...xs, ...m2, ...m1]).reverse();
    if (others.length > 0) d.loseStep(others[0]!);
    for (const i of [...xs, ...m2]) if (alive(i)) d.disrupt(i);
  } else if (m2.length > 0) {
    const order = byValue(m2);
    const picks = order.length > 0 ? [order[0]!, ...order.slice(1).reverse()].slice(0, 2) : [];
    for (const i of picks) d.loseStep(i);
    for (const i of m2) if (alive(i)) d.disrupt(i);
  } else if (m1.length > 0) {
    const first = byValue(m1)[0];
    if (first !== undefined) d.loseStep(first);
  }
  moraleCheck(
    d,
    checks.filter((i) => alive(i) && !disrupted(i)),
  );
}
