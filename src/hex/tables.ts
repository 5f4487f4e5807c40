/**
 * Results tables: a row per die roll, a column per strength (or odds) heading, a result per cell. Read
 * from a chart pack with the provenance of every cell, compiled into one flat array for lookup.
 */
import { z } from 'zod';
import { idTable } from '../core/validate.js';
import { provenance } from './provenance.js';

/** A results table compiled for lookup: results[(roll - minRoll) * columns.length + column]. */
export interface CompiledTable {
  readonly columns: readonly number[];
  readonly minRoll: number;
  readonly results: readonly string[];
}

/** A table as a chart pack states it: headings, and one row of results per roll (keyed by the roll). */
export interface TableRows {
  readonly columns: readonly number[];
  readonly rows: Readonly<Record<string, readonly string[]>>;
}

export function compileTable(t: TableRows, minRoll: number, maxRoll: number): CompiledTable {
  const results: string[] = [];
  for (let r = minRoll; r <= maxRoll; r++) results.push(...t.rows[String(r)]!);
  return { columns: t.columns, minRoll, results };
}

/** Index of the column for a strength: the highest heading that does not exceed it (PG3 10.2), or -1 below the first. */
export function columnIndex(t: CompiledTable, strength: number): number {
  const cols = t.columns;
  if (strength < cols[0]!) return -1;
  let i = 0;
  while (i + 1 < cols.length && cols[i + 1]! <= strength) i++;
  return i;
}

/** Applies a net column shift; never below the lowest column (PG3 7.5) nor past the highest. */
export function shiftColumn(t: CompiledTable, col: number, shift: number): number {
  const c = col + shift;
  return c < 0 ? 0 : c >= t.columns.length ? t.columns.length - 1 : c;
}

export function tableResult(t: CompiledTable, col: number, roll: number): string {
  return t.results[(roll - t.minRoll) * t.columns.length + col]!;
}

/** The provenance of one cell, where it differs from the table's. */
export const cellSource = z.strictObject({ column: z.number(), roll: z.number().int(), source: provenance });

/**
 * The chart-pack form of a results table: increasing column headings, a row for every possible roll with
 * one `result` per column, the provenance of every cell (`source`, and `cells` for the ones that differ).
 * `extra` adds fields the system keeps beside the table (e.g. PG3 9.5's friendly-fire columns).
 */
export function resultsTable<E extends z.ZodRawShape = Record<never, never>>(result: z.ZodString, rolls: readonly number[], extra?: E) {
  return z
    .strictObject({
      columns: z.array(z.number().positive()).min(2),
      /** rows[roll] = results per column. */
      rows: idTable(z.array(result)),
      /** Provenance of every cell not listed in `cells`. */
      source: provenance,
      /** Cells whose provenance differs from `source`. */
      cells: z.array(cellSource).default([]),
      ...(extra ?? ({} as E)),
    })
    .superRefine((t, ctx) => checkTable(t as unknown as TableChecked, rolls, ctx));
}

interface TableChecked {
  readonly columns: readonly number[];
  readonly rows: Readonly<Record<string, readonly string[]>>;
  readonly cells: readonly { readonly column: number; readonly roll: number }[];
}

function checkTable(t: TableChecked, rolls: readonly number[], ctx: z.RefinementCtx): void {
  for (let i = 1; i < t.columns.length; i++) {
    if (t.columns[i]! <= t.columns[i - 1]!) ctx.addIssue({ code: 'custom', path: ['columns', i], message: 'columns must increase' });
  }
  for (const r of rolls) {
    const row = t.rows[String(r)];
    if (!row) ctx.addIssue({ code: 'custom', path: ['rows'], message: `missing the row for a roll of ${r}` });
    else if (row.length !== t.columns.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows', String(r)],
        message: `has ${row.length} results but there are ${t.columns.length} columns`,
      });
    }
  }
  for (const k of Object.keys(t.rows)) {
    if (!rolls.includes(Number(k))) ctx.addIssue({ code: 'custom', path: ['rows', k], message: `${k} is not a possible roll` });
  }
  t.cells.forEach((c, i) => {
    if (!t.columns.includes(c.column))
      ctx.addIssue({ code: 'custom', path: ['cells', i, 'column'], message: `${c.column} is not a column` });
    if (!rolls.includes(c.roll)) ctx.addIssue({ code: 'custom', path: ['cells', i, 'roll'], message: `${c.roll} is not a possible roll` });
  });
}

/** Rolls of two six-sided dice, and of one. */
export const TWO_D6 = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const ONE_D6 = [1, 2, 3, 4, 5, 6] as const;
