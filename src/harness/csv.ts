/**
 * games.csv: one row a game, written with csv-stringify, read back for `resume` and summaries.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import type { MetricDeclaration, SideInfo } from '../core/system.js';
import type { GameRow } from './types.js';

/**
 * The columns of games.csv. Declared metrics come between the VP and the action count: a `perSeat`
 * metric as one column `<id>_<side id>` per side, a `oneSeat` metric as one column `<id>` holding the
 * side id of the marked seat.
 */
export function csvColumns(sides: readonly SideInfo[], metrics: readonly MetricDeclaration[]): string[] {
  return [
    'game',
    'seed',
    ...sides.map((s) => `agent_${s.id}`),
    'winner',
    'victory_level',
    'turns',
    ...sides.map((s) => `vp_${s.id}`),
    ...metrics.flatMap((m) => (m.kind === 'perSeat' ? sides.map((s) => `${m.id}_${s.id}`) : [m.id])),
    'actions',
    'ms',
    'error',
  ];
}

const cell = (x: number | null | undefined): string => (x === null || x === undefined ? '' : String(x));

/** The seat a `oneSeat` metric marks (its value 1), or null. */
export function markedSeat(values: readonly (number | null)[] | undefined): number | null {
  const seat = values?.indexOf(1) ?? -1;
  return seat < 0 ? null : seat;
}

export function rowToRecord(row: GameRow, sides: readonly SideInfo[], metrics: readonly MetricDeclaration[]): string[] {
  const sideId = (seat: number | null) => (seat === null ? '' : (sides[seat]?.id ?? String(seat)));
  return [
    String(row.game),
    row.seed,
    ...sides.map((_, i) => row.agents[i] ?? ''),
    row.error !== null ? '' : row.winner === null ? 'draw' : sideId(row.winner),
    row.victoryLevel,
    cell(row.turns),
    ...sides.map((_, i) => cell(row.vp[i])),
    ...metrics.flatMap((m) =>
      m.kind === 'perSeat' ? sides.map((_, i) => cell(row.metrics[m.id]?.[i])) : [sideId(markedSeat(row.metrics[m.id]))],
    ),
    String(row.actions),
    String(row.ms),
    row.error ?? '',
  ];
}

/** Reads a record written by rowToRecord (columns found by name). Throws on a malformed row. */
export function recordToRow(
  header: readonly string[],
  record: readonly string[],
  sides: readonly SideInfo[],
  metrics: readonly MetricDeclaration[],
): GameRow {
  const col = new Map(header.map((h, i) => [h, i]));
  const get = (name: string): string => {
    const i = col.get(name);
    if (i === undefined) throw new Error(`games.csv has no column "${name}"`);
    return record[i] ?? '';
  };
  const numOrNull = (name: string): number | null => {
    const v = get(name);
    if (v === '') return null;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`"${v}" in column ${name} is not a number`);
    return n;
  };
  const seatOf = (id: string): number | null => {
    if (id === '' || id === 'draw') return null;
    const i = sides.findIndex((s) => s.id === id);
    if (i < 0) throw new Error(`unknown side "${id}"`);
    return i;
  };
  const game = Number(get('game'));
  if (!Number.isInteger(game) || game < 0) throw new Error(`bad game index "${get('game')}"`);
  const error = get('error');
  const metricValues: Record<string, (number | null)[]> = {};
  for (const m of metrics) {
    if (m.kind === 'perSeat') metricValues[m.id] = sides.map((s) => numOrNull(`${m.id}_${s.id}`));
    else {
      const seat = seatOf(get(m.id));
      metricValues[m.id] = sides.map((_, i) => (seat === null ? null : i === seat ? 1 : 0));
    }
  }
  return {
    game,
    seed: get('seed'),
    agents: sides.map((s) => get(`agent_${s.id}`)),
    winner: seatOf(get('winner')),
    victoryLevel: get('victory_level'),
    turns: numOrNull('turns'),
    vp: sides.map((s) => numOrNull(`vp_${s.id}`)),
    metrics: metricValues,
    actions: Number(get('actions')) || 0,
    ms: Number(get('ms')) || 0,
    error: error === '' ? null : error,
  };
}

/**
 * Parses CSV text (RFC 4180: quotes, doubled quotes, CRLF). A last line without its newline is a row
 * cut off mid-write (the run was killed) and is dropped.
 */
export function parseCsv(text: string): string[][] {
  return [...csvRecords(text)];
}

/** parseCsv one record at a time (blank lines left out), for files too big to parse in one go. */
export function* csvRecords(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      if (!(row.length === 1 && row[0] === '')) yield row;
      row = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
}

/** Appends CSV records to a file through a write stream. */
export class CsvFile {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  constructor(
    readonly path: string,
    readonly columns: readonly string[],
    append: boolean,
  ) {
    this.stream = createWriteStream(path, { flags: append ? 'a' : 'w' });
    this.stream.on('error', (e) => (this.failure = e));
    if (!append) this.stream.write(stringify([columns as string[]]));
  }
  write(record: readonly string[]): void {
    if (this.failure) throw this.failure;
    this.stream.write(stringify([record as string[]]));
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.end(() => (this.failure ? reject(this.failure) : resolve()));
    });
  }
}

/** Appends text (turns.csv lines) to a file, with `header` first when given. */
export class TextFile {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  constructor(
    readonly path: string,
    header: string | undefined,
  ) {
    this.stream = createWriteStream(path, { flags: header === undefined ? 'a' : 'w' });
    this.stream.on('error', (e) => (this.failure = e));
    if (header !== undefined) this.stream.write(header);
  }
  write(text: string): void {
    if (this.failure) throw this.failure;
    if (text !== '') this.stream.write(text);
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.end(() => (this.failure ? reject(this.failure) : resolve()));
    });
  }
}

/** Appends JSON lines (game records, the run's journal) to a file. */
export class JsonLinesFile {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  constructor(
    readonly path: string,
    append: boolean,
  ) {
    this.stream = createWriteStream(path, { flags: append ? 'a' : 'w' });
    this.stream.on('error', (e) => (this.failure = e));
  }
  write(value: unknown): void {
    this.writeLine(JSON.stringify(value));
  }
  /** Writes one line of JSON text as it is. */
  writeLine(json: string): void {
    if (this.failure) throw this.failure;
    this.stream.write(`${json}\n`);
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.end(() => (this.failure ? reject(this.failure) : resolve()));
    });
  }
}
