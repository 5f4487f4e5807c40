/**
 * turns.csv: the position at the end of every turn of every game (one line a game and turn, in game order),
 * beside games.csv. Its columns come from the scenario's turn record shape (core/turns.ts), so a run's
 * file has the same columns for every game and every worker count:
 *
 *   game, turn, vp_<side>..., <perSeat metric>_<side>..., units_<side>..., objectives_<side>...,
 *   objective_vp_<side>..., held_<objective label>... (the holder's side id, empty for nobody),
 *   eliminated_<unit type>_<side>...
 *
 * Units, objectives and eliminations are empty when the system draws no board.
 */
import { existsSync, readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { SideInfo } from '../core/system.js';
import { OTHER_UNIT_TYPE, type TurnRecordShape } from '../core/turns.js';
import type { Slicer } from './slices.js';
import type { GameRow } from './types.js';

export const TURNS_FILE = 'turns.csv';

/** Unit types as column stems: lower case, letters, digits and underscores. */
export function typeStem(type: string): string {
  return type.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** The unit types of a shape's eliminated_ columns, "other" last. */
export function eliminatedTypes(shape: TurnRecordShape): string[] {
  return [...shape.unitTypes, OTHER_UNIT_TYPE];
}

export function turnColumns(sides: readonly SideInfo[], shape: TurnRecordShape): string[] {
  const perSide = (stem: string) => sides.map((s) => `${stem}_${s.id}`);
  return [
    'game',
    'turn',
    ...perSide('vp'),
    ...shape.metrics.flatMap((id) => perSide(id)),
    ...perSide('units'),
    ...perSide('objectives'),
    ...perSide('objective_vp'),
    ...shape.objectives.map((label) => `held_${label}`),
    ...eliminatedTypes(shape).flatMap((type) => perSide(`eliminated_${typeStem(type)}`)),
  ];
}

const cell = (x: number | undefined) => (x === undefined ? '' : String(x));

/** The turns.csv text of one game (its lines, each ending in a newline; "" when it has no turn log). */
export function turnLines(row: GameRow, sides: readonly SideInfo[], shape: TurnRecordShape): string {
  const log = row.turnLog ?? [];
  const seats = sides.map((_, i) => i);
  return stringify(
    log.map(({ turn, record: r }) => [
      String(row.game),
      String(turn),
      ...seats.map((i) => cell(r.vp[i])),
      ...shape.metrics.flatMap((id) => seats.map((i) => cell(r.metrics[id]?.[i]))),
      ...seats.map((i) => cell(r.unitsOnMap[i])),
      ...seats.map((i) => (shape.board ? String(r.holders.filter((h) => h === i).length) : '')),
      ...seats.map((i) => cell(r.objectiveVp[i])),
      ...shape.objectives.map((_, k) => {
        const h = r.holders[k] ?? -1;
        return h >= 0 ? (sides[h]?.id ?? '') : '';
      }),
      ...eliminatedTypes(shape).flatMap((type) => seats.map((i) => (shape.board ? cell(r.eliminated[type]?.[i] ?? 0) : ''))),
    ]),
  );
}

/**
 * The lines of an existing turns.csv by game (for --resume): only whole lines, and only when its header is
 * `columns`; a file with other columns is refused by the caller (undefined).
 */
export async function readTurnLines(file: string, columns: readonly string[], slicer: Slicer): Promise<Map<number, string> | undefined> {
  const out = new Map<number, string>();
  if (!existsSync(file)) return out;
  const text = readFileSync(file, 'utf8');
  const header = stringify([columns as string[]]);
  if (text.length > 0 && !text.startsWith(header)) return undefined;
  let start = header.length;
  for (let end = text.indexOf('\n', start); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
    const line = text.slice(start, end + 1);
    const game = Number(line.slice(0, line.indexOf(',')));
    if (!Number.isInteger(game) || game < 0) continue;
    out.set(game, (out.get(game) ?? '') + line);
    if (slicer.due()) await slicer.pause();
  }
  return out;
}
