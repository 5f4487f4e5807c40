/**
 * Game records of `tacsim play` and `tacsim replay`. The same fields as a line of the harness's
 * games.jsonl (scenario, options, seed, agents per side id, actions as action keys), plus:
 *
 *   format  "tacsim-record/1"
 *   hashes  the scenario's stateHash of the state after each action (replay checks them when present)
 *   outcome the game's outcome when it is over
 *
 * A game is replayed by createRng(seed) for the dice, scenario.initialState(dice), then applying the
 * actions in order with the same dice stream: agents never draw from it, so the actions are enough.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { idTable, parseWith } from '../core/validate.js';
import type { GameOutcome, LoadedScenario, ScenarioOptions } from '../core/system.js';
import { listShippedScenarios, loadScenario, resolveScenarioFile } from '../scenarios.js';

export const RECORD_FORMAT = 'tacsim-record/1';

export interface GameRecord {
  format?: string;
  /** Shipped scenario id or scenario file path. */
  scenario: string;
  system?: string;
  options: ScenarioOptions;
  seed: string;
  /** Agent spec per side id ("human" for a person). */
  agents: Record<string, string>;
  actions: string[];
  hashes?: string[];
  outcome?: GameOutcome & { winnerSide?: string | null | undefined };
  /** games.jsonl fields. */
  game?: number;
  winner?: string | null;
  error?: string | null;
}

/** The scenario reference to store: the shipped id when the file is a shipped scenario, else its absolute path. */
export function scenarioRef(file: string): string {
  const shipped = listShippedScenarios().find((s) => resolve(s.file) === resolve(file));
  return shipped ? shipped.id : resolve(file);
}

/** Loads the record's scenario, with narration (ui.narration) when `narrate`. */
export function loadRecordScenario(rec: GameRecord, recordFile: string | undefined, narrate: boolean): LoadedScenario {
  let ref = rec.scenario;
  // A path relative to where the run was made may not resolve from here: try next to the record too.
  try {
    resolveScenarioFile(ref);
  } catch (e) {
    const beside = recordFile ? resolve(dirname(recordFile), ref) : '';
    if (beside && existsSync(beside)) ref = beside;
    else throw e;
  }
  return loadScenario(ref, rec.options ?? {}, { narrate });
}

/** "east 3, west 5": a number per seat, by side id. */
export function perSide(sc: LoadedScenario, values: readonly number[]): string {
  return sc.sides.map((x, i) => `${x.id} ${values[i] ?? '-'}`).join(', ');
}

/** The outcome's declared per-seat metrics, "; steps lost: east 3, west 5" (oneSeat metrics name the side). */
export function metricsText(sc: LoadedScenario, metrics: Readonly<Record<string, readonly number[]>>): string {
  return sc.metrics
    .map((m) => {
      const v = metrics[m.id] ?? [];
      if (m.kind === 'perSeat') return `; ${m.label}: ${perSide(sc, v)}`;
      const seat = v.indexOf(1);
      return seat < 0 ? '' : `; ${m.label}: ${sc.sides[seat]!.id}`;
    })
    .join('');
}

/** What a game record may hold: every field typed, no unknown field (a misspelt or foreign key is an error). */
const recordSchema = z.strictObject({
  format: z.literal(RECORD_FORMAT, { message: `format must be "${RECORD_FORMAT}"` }).optional(),
  scenario: z.string().min(1, { message: 'missing the scenario (a shipped id or a file path)' }),
  system: z.string().min(1).optional(),
  options: z
    .strictObject({
      charts: z.string().optional(),
      counters: z.string().optional(),
      set: idTable(z.union([z.number(), z.boolean(), z.string()])).optional(),
    })
    .default({}),
  seed: z.union([z.string(), z.number()]).transform(String),
  agents: idTable(z.string()).default(() => Object.create(null) as Record<string, string>),
  actions: z.array(z.string(), { message: 'actions must be a list of action keys (strings)' }),
  hashes: z.array(z.string(), { message: 'hashes must be a list of strings' }).optional(),
  outcome: z
    .strictObject({
      winner: z.number().int().min(0).nullable(),
      victoryLevel: z.string(),
      turns: z.number().int().min(0),
      vp: z.array(z.number()),
      metrics: idTable(z.array(z.number())),
      winnerSide: z.string().nullable().optional(),
    })
    .optional(),
  game: z.number().int().min(0).optional(),
  winner: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});

/**
 * Checks a parsed record (from `play` or a games.jsonl line): its shape, every field's type, and that its
 * state hashes, when it has them, are one per action. `place` prefixes the places of problems ("line 3: ").
 */
export function checkRecord(data: unknown, file: string, place: string): GameRecord {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new InputError('a game record must be a JSON object', file, place.replace(/: $/, '') || undefined, 'bad-value');
  let rec: GameRecord;
  try {
    rec = parseWith(recordSchema, data, file) as GameRecord;
  } catch (e) {
    if (!(e instanceof InputError) || place === '') throw e;
    throw new InputError(e.problem, file, `${place}${e.place ?? ''}`, e.code);
  }
  if (rec.hashes !== undefined && rec.hashes.length !== rec.actions.length) {
    throw new InputError(
      `${rec.hashes.length} state hashes for ${rec.actions.length} actions (a record has one hash per action)`,
      file,
      `${place}hashes`,
      'bad-value',
    );
  }
  return rec;
}

/**
 * Reads a record file: a JSON record, or a .jsonl of records (one per line) from which `game` picks
 * the record with that game number (or, failing that, that 0-based line). Without `game`, a .jsonl
 * must hold exactly one record.
 */
export function readRecord(file: string, game?: number): GameRecord {
  const path = resolve(file);
  if (!existsSync(path)) throw new InputError('no such file', file, undefined, 'not-found');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(
      `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      file,
      undefined,
      'unreadable',
    );
  }
  const trimmed = text.trim();
  if (trimmed === '') throw new InputError('the file is empty', file);
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch {
    whole = undefined;
  }
  if (whole !== undefined && game === undefined) return checkRecord(whole, file, '');
  const lines = text
    .split('\n')
    .map((l, i) => ({ l: l.trim(), n: i + 1 }))
    .filter((x) => x.l !== '');
  const parsed = lines.map(({ l, n }) => {
    try {
      return { v: JSON.parse(l) as unknown, n };
    } catch (e) {
      throw new InputError(`not valid JSON (${(e as Error).message})`, file, `line ${n}`);
    }
  });
  if (game === undefined) {
    if (parsed.length === 1) return checkRecord(parsed[0]!.v, file, `line ${parsed[0]!.n}: `);
    throw new InputError(`holds ${parsed.length} game records: pick one with --game N`, file);
  }
  const byNumber = parsed.find((p) => (p.v as { game?: unknown } | null)?.game === game);
  const pick = byNumber ?? parsed[game];
  if (!pick) throw new InputError(`no game ${game} (the file holds ${parsed.length} records)`, file);
  return checkRecord(pick.v, file, `line ${pick.n}: `);
}

export function writeRecord(file: string, rec: GameRecord): void {
  writeFileSync(resolve(file), `${JSON.stringify(rec, null, 1)}\n`);
}
