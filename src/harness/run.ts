/**
 * `runSimulation`: plays a match set of many games on worker threads and writes, as games finish,
 * games.csv (one row a game, in game order), optionally games.jsonl (one replayable record a game),
 * and at the end summary.json. Can be stopped (AbortSignal) and resumed from its output folder.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import type { MetricDeclaration, ScenarioOptions } from '../core/system.js';
import { CsvFile, csvColumns, csvRecords, JsonLinesFile, recordToRow, rowToRecord, TextFile } from './csv.js';
import { DEFAULT_MAX_ACTIONS } from './match.js';
import { ensureOutputDir } from './output.js';
import { defaultWorkers } from './pool.js';
import { probeScenario, type RunFingerprint, type ScenarioSketch } from './probe.js';
import { createProgress, silentProgress, type ProgressOptions, type ProgressReporter } from './progress.js';
import { createRunner, type Runner } from './queue/runner.js';
import { Slicer, writeLinesSliced } from './slices.js';
import { SummaryBuilder, type Summary } from './summary.js';
import type { GameRow, RunConfig } from './types.js';
import { readTurnLines, turnColumns, turnLines, TURNS_FILE } from './turns.js';
import { runIdentity, type RunIdentity } from './identity.js';
import type { TurnRecordShape } from '../core/turns.js';

export const DEFAULT_AGENT = 'scripted';
export { resolveAgents, StoppedError, type RunFingerprint } from './probe.js';

export interface SimulationOptions {
  /** Shipped scenario id or scenario file path (not needed with `resume`). */
  scenario?: string;
  scenarioOptions?: ScenarioOptions;
  /** Agent spec per side id; sides left out play `defaultAgent`. */
  agents?: Record<string, string>;
  /** Default "scripted". */
  defaultAgent?: string;
  /** Number of games (with `resume`: the new total; default the saved one). Default 100. */
  games?: number;
  /** Master seed; game i uses deriveSeed(seed, i). Default: the current time. */
  seed?: string | number;
  swap?: boolean;
  maxActions?: number;
  /** Also write games.jsonl: one replayable record (with action keys) per game. */
  records?: boolean;
  /** Write turns.csv: the position at the end of every turn of every game. Default true (a resumed run keeps its own setting). */
  turns?: boolean;
  /** The command line that started the run, for run.json and the report. */
  command?: string;
  /** Worker threads; default os.availableParallelism(); 0 plays in this thread. */
  workers?: number;
  /** Games per worker task (default: chosen from games and workers). Does not change results. */
  batchSize?: number;
  /** Wall-clock limit of one game in ms (0: none); default DEFAULT_GAME_TIME_LIMIT_MS (see GameRunner). */
  gameTimeLimitMs?: number;
  /** Output folder; default results/<scenario>-<timestamp>/. */
  out?: string;
  /**
   * An earlier run's output folder: its settings are reused, its finished games skipped. Settings given
   * with it (scenario, scenarioOptions, agents, seed, swap, maxActions, records) must match the run's.
   */
  resume?: string;
  signal?: AbortSignal;
  /** Show progress on stderr (or a given stream). Default off. */
  progress?: boolean | Omit<ProgressOptions, 'total' | 'already'>;
  /** Told what the person running should know before the games begin (a resumed run's changed program); default stderr. */
  onWarning?: (message: string) => void;
  /** Called with every game's row, in game order. */
  onRow?: (row: GameRow) => void;
  /** Redis URL: play the games on `tacsim worker` processes through this queue instead of here (queue/). */
  queue?: string;
  systemModule?: string;
  agentModule?: string;
}

export interface SimulationResult {
  outDir: string;
  files: { games: string; summary: string; run: string; records?: string; turns?: string };
  summary: Summary;
  /** Games recorded in games.csv (including those of an earlier run when resuming). */
  recorded: number;
  /** Games played by this call. */
  played: number;
  /** Failed games in the whole games.csv. */
  failed: number;
  /** Stopped by the signal before every game was played. */
  aborted: boolean;
}

interface SavedRun {
  version: 1;
  games: number;
  config: RunConfig;
  system: string;
  sides: { id: string; name: string }[];
  /** Absent in runs made before fingerprints; such runs resume without the file check. */
  fingerprint?: RunFingerprint;
  /** Absent in runs made before the report: tacsim's version, the command, the date, the input files' hashes. */
  identity?: RunIdentity;
  title?: string;
  /** The columns of turns.csv (see turns.ts). */
  turnShape?: TurnRecordShape;
  metrics?: MetricDeclaration[];
  /** When the run was resumed (ISO dates). */
  resumed?: string[];
}

/**
 * Refuses to resume when a file the run's games were played from is not what it was. A changed program
 * (`buildId`) is returned as a warning instead: most changes to the code leave a scenario's games as
 * they were (a fix in another rules system, a faster but equivalent engine), and only the person resuming
 * knows whether this one does.
 */
export function checkFingerprint(saved: RunFingerprint, now: RunFingerprint, runFile: string): string | undefined {
  // The same contents read from other paths (the run folder carried to another clone of the project, a
  // shipped scenario found in another install) are the same inputs: only contents decide.
  const savedHashes = Object.values(saved.files ?? {}).sort();
  const nowHashes = Object.values(now.files).sort();
  if (savedHashes.length === nowHashes.length && savedHashes.every((h, k) => h === nowHashes[k])) {
    if (saved.program === undefined || now.program === undefined || saved.program === now.program) return undefined;
    return (
      `the program that plays the games has changed since the run began (${runFile}: build ${saved.program}, now ` +
      `${now.program}); the games played from now on may differ from the earlier ones. ` +
      'If the change matters to this scenario, stop (Ctrl-C keeps every finished game) and start a new run'
    );
  }
  const files = new Set([...Object.keys(saved.files ?? {}), ...Object.keys(now.files)]);
  for (const file of files) {
    const before = saved.files?.[file];
    const after = now.files[file];
    if (before === after) continue;
    const what =
      before === undefined
        ? `the scenario now reads ${file}, which it did not`
        : after === undefined
          ? `the scenario no longer reads ${file}`
          : `${file} has changed`;
    throw new InputError(
      `${what} since the run began (${runFile}): its games would mix with the earlier ones; start a new run instead`,
      undefined,
      '--resume',
      'bad-option',
    );
  }
}

/** The default `onWarning`: one line on stderr. */
export function writeWarning(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}

/** JSON with object keys sorted, to compare settings whatever order they were given in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Refuses to resume when a setting given now differs from the run's: its games would not be the run's games. */
function checkResumeOptions(options: SimulationOptions, config: RunConfig, runFile: string): void {
  const refuse = (what: string) => {
    throw new InputError(
      `${what} (${runFile}); leave it out to carry on the run as it was, or start a new run`,
      undefined,
      '--resume',
      'bad-option',
    );
  };
  if (options.seed !== undefined && String(options.seed) !== config.seed)
    refuse(`--seed ${options.seed} differs from the seed ${config.seed} of the run being resumed`);
  if (options.scenario !== undefined && options.scenario !== config.scenario && resolve(options.scenario) !== resolve(config.scenario))
    refuse(`the scenario ${options.scenario} is not the run's scenario ${config.scenario}`);
  if (options.scenarioOptions !== undefined && canonical(options.scenarioOptions) !== canonical(config.scenarioOptions ?? {}))
    refuse(`the scenario options ${canonical(options.scenarioOptions)} differ from the run's ${canonical(config.scenarioOptions ?? {})}`);
  for (const [side, spec] of Object.entries(options.agents ?? {}))
    if (config.agents[side] !== spec) refuse(`the agent ${side}=${spec} differs from the run's ${side}=${config.agents[side] ?? '(none)'}`);
  if (options.swap !== undefined && options.swap !== config.swap) refuse(`the run was made ${config.swap ? 'with' : 'without'} --swap`);
  if (options.maxActions !== undefined && options.maxActions !== config.maxActions)
    refuse(`--max-actions ${options.maxActions} differs from the run's ${config.maxActions}`);
  if (options.records === true && !config.records) refuse('the run was made without --records, so its earlier games have no records');
}

function timestamp(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function newOutDir(scenarioId: string): string {
  const base = resolve('results', `${scenarioId.replace(/[^A-Za-z0-9._-]+/g, '_')}-${timestamp()}`);
  let dir = base;
  for (let k = 2; existsSync(dir); k++) dir = `${base}-${k}`;
  return dir;
}

function scenarioRef(arg: string, loaded: ScenarioSketch): string {
  return loaded.file === resolve(arg) ? loaded.file : arg;
}

/** Most games one run may hold: the run keeps a number per game in memory (a hundred million exhaust V8). */
export const MAX_GAMES = 10_000_000;

/** Checks a game count from a flag or an option: a whole number from 1 (a run of no game reports nothing) to MAX_GAMES. */
export function checkGameCount(games: number, flag = '--games'): number {
  if (!Number.isInteger(games) || games < 1)
    throw new InputError(`the number of games must be a whole number of at least 1, not ${games}`, undefined, flag, 'bad-option');
  if (games > MAX_GAMES)
    throw new InputError(
      `at most ${MAX_GAMES.toLocaleString('en-US')} games a run, not ${games.toLocaleString('en-US')} (split it into several runs)`,
      undefined,
      flag,
      'bad-option',
    );
  return games;
}

/** Rows written in one go while games are being played (see drain). */
const DRAIN_BUDGET = 2000;

/** The journal of a run: every finished game's row (as JSON, with its action keys), in the order games finish. */
export const JOURNAL_FILE = 'games.journal.jsonl';

/** Writes `text` to `file` through a temporary file and a rename, so a reader never sees half of it. */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The lines of a JSON-lines file that parse, by line; a half-written last line (a killed run) is left out. */
export async function readJsonLines(file: string, slicer: Slicer): Promise<unknown[]> {
  if (!existsSync(file)) return [];
  const out: unknown[] = [];
  const text = readFileSync(file, 'utf8');
  // Only complete lines (ending in a newline) count: what follows the last newline is left out.
  let start = 0;
  for (let end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
    const line = text.slice(start, end);
    if (line.trim() === '') continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // A line cut by a kill and glued to the next record: neither is trusted (the games are played again).
    }
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

function isRow(x: unknown): x is GameRow {
  const r = x as GameRow | null;
  return typeof r === 'object' && r !== null && Number.isInteger(r.game) && r.game >= 0 && Array.isArray(r.agents) && Array.isArray(r.vp);
}

/** Plays a match set of games; see SimulationOptions. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  let config: RunConfig;
  let games: number;
  let scenario: ScenarioSketch;
  let outDir: string;
  // Long steps over the files of a big run give Ctrl-C its turn (a stop before the first game: StoppedError).
  const slicer = new Slicer(options.signal);
  // Games already played (resume), by game index: the row and, with records, its games.jsonl line.
  const existing = new Map<number, { row: GameRow; record?: string; turns?: string }>();

  if (options.resume) {
    outDir = resolve(options.resume);
    const runFile = join(outDir, 'run.json');
    if (!existsSync(runFile)) throw new InputError('not a run folder to resume (it has no run.json)', outDir);
    let saved: SavedRun;
    try {
      saved = JSON.parse(readFileSync(runFile, 'utf8')) as SavedRun;
    } catch (e) {
      throw new InputError(`not valid JSON (${(e as Error).message})`, runFile, undefined, 'bad-json');
    }
    if (typeof saved !== 'object' || saved === null || typeof saved.config !== 'object' || saved.config === null)
      throw new InputError('not a run.json of tacsim sim (it has no "config")', runFile);
    config = { ...saved.config };
    checkResumeOptions(options, config, runFile);
    games = checkGameCount(options.games ?? saved.games);
    scenario = (
      await probeScenario(
        {
          scenario: config.scenario,
          options: config.scenarioOptions,
          ...(config.systemModule ? { systemModule: config.systemModule } : {}),
        },
        options.signal,
      )
    ).sketch;
    const warning = saved.fingerprint ? checkFingerprint(saved.fingerprint, scenario.fingerprint, runFile) : undefined;
    if (warning !== undefined) (options.onWarning ?? writeWarning)(warning);
    const columns = csvColumns(scenario.sides, scenario.metrics);
    const csvPath = join(outDir, 'games.csv');
    // Rows: games.csv, then the journal (rows that finished while games.csv waited for an earlier game).
    const rows = new Map<number, GameRow>();
    if (existsSync(csvPath)) {
      let line = 0;
      for (const rec of csvRecords(readFileSync(csvPath, 'utf8'))) {
        line++;
        if (line === 1) {
          if (rec.join(',') !== columns.join(',')) throw new InputError('games.csv has other columns than this run writes', csvPath);
          continue;
        }
        let row: GameRow;
        try {
          row = recordToRow(columns, rec, scenario.sides, scenario.metrics);
        } catch (e) {
          throw new InputError((e as Error).message, csvPath, `row ${line}`);
        }
        if (!rows.has(row.game)) rows.set(row.game, row);
        if (slicer.due()) await slicer.pause();
      }
    }
    const journal = (await readJsonLines(join(outDir, JOURNAL_FILE), slicer)).filter(isRow);
    for (const row of journal) if (!rows.has(row.game)) rows.set(row.game, row);
    // Records: games.jsonl, then the journal's action keys. A game counts as played only with both its
    // row and (when the run keeps records) its record; anything else is played again, identically.
    const records = new Map<number, string>();
    if (config.records) {
      for (const rec of await readJsonLines(join(outDir, 'games.jsonl'), slicer)) {
        const game = (rec as { game?: unknown } | null)?.game;
        if (typeof game === 'number' && Number.isInteger(game) && !records.has(game)) records.set(game, JSON.stringify(rec));
      }
      for (const row of journal)
        if (row.actionKeys && !records.has(row.game)) records.set(row.game, JSON.stringify(recordOf(row, config, scenario)));
    }
    const beyond = [...rows.keys()].filter((g) => g >= games).length;
    if (beyond > 0)
      throw new InputError(
        `this run already holds games up to ${Math.max(...rows.keys()) + 1}; --games ${games} would drop ${beyond} of them (give at least ${Math.max(...rows.keys()) + 1}, or leave --games out)`,
        undefined,
        '--games',
        'bad-option',
      );
    // Turn lines: turns.csv, then the journal's turn logs. A game without them is played again (a failed
    // game may have none: it ended before its first turn did).
    const turnColumnsNow = turnColumns(scenario.sides, scenario.turnShape);
    const turns = config.turnRecords ? await readTurnLines(join(outDir, TURNS_FILE), turnColumnsNow, slicer) : new Map<number, string>();
    if (turns === undefined) throw new InputError(`${TURNS_FILE} has other columns than this run writes`, join(outDir, TURNS_FILE));
    if (config.turnRecords)
      for (const row of journal)
        if (row.turnLog && !turns.has(row.game)) turns.set(row.game, turnLines(row, scenario.sides, scenario.turnShape));
    for (const [game, row] of rows) {
      if (config.records && !records.has(game)) continue;
      if (config.turnRecords && !turns.has(game) && row.error === null) continue;
      existing.set(game, {
        row,
        ...(config.records ? { record: records.get(game)! } : {}),
        ...(config.turnRecords ? { turns: turns.get(game) ?? '' } : {}),
      });
    }
    // Reconcile the files with that: game order, one line a game, nothing half-written; no journal left.
    // Both files are written before either replaces the old one, so a stop meanwhile changes nothing.
    const sorted = [...existing.keys()].sort((x, y) => x - y);
    const sides = scenario.sides;
    const metrics = scenario.metrics;
    const replace = [
      await writeLinesSliced(
        csvPath,
        (function* () {
          yield stringify([columns]);
          for (const g of sorted) yield stringify([rowToRecord(existing.get(g)!.row, sides, metrics)]);
        })(),
        slicer,
      ),
    ];
    if (config.records)
      replace.push(
        await writeLinesSliced(
          join(outDir, 'games.jsonl'),
          sorted.map((g) => `${existing.get(g)!.record}\n`),
          slicer,
        ),
      );
    if (config.turnRecords)
      replace.push(
        await writeLinesSliced(
          join(outDir, TURNS_FILE),
          (function* () {
            yield stringify([turnColumnsNow]);
            for (const g of sorted) yield existing.get(g)!.turns ?? '';
          })(),
          slicer,
        ),
      );
    for (const put of replace) put();
    rmSync(join(outDir, JOURNAL_FILE), { force: true });
    const resumed = [...(saved.resumed ?? []), new Date().toISOString()];
    writeAtomically(runFile, `${JSON.stringify({ ...saved, games, config, resumed }, null, 2)}\n`);
  } else {
    if (!options.scenario) throw new InputError('no scenario given');
    games = checkGameCount(options.games ?? 100);
    const scenarioOptions = options.scenarioOptions ?? {};
    const probe = await probeScenario(
      {
        scenario: options.scenario,
        options: scenarioOptions,
        ...(options.systemModule ? { systemModule: options.systemModule } : {}),
        ...(options.agentModule ? { agentModule: options.agentModule } : {}),
        agentChecks: [{ ...(options.agents ? { agents: options.agents } : {}), defaultAgent: options.defaultAgent ?? DEFAULT_AGENT }],
      },
      options.signal,
    );
    scenario = probe.sketch;
    const agents = probe.agents[0]!;
    config = {
      scenario: scenarioRef(options.scenario, scenario),
      scenarioOptions,
      agents,
      seed: String(options.seed ?? Date.now()),
      swap: options.swap ?? false,
      maxActions: options.maxActions ?? DEFAULT_MAX_ACTIONS,
      records: options.records ?? false,
      turnRecords: options.turns ?? true,
      ...(options.systemModule ? { systemModule: options.systemModule } : {}),
      ...(options.agentModule ? { agentModule: options.agentModule } : {}),
    };
    outDir = options.out ? resolve(options.out) : newOutDir(scenario.id);
    ensureOutputDir(outDir);
    if (existsSync(join(outDir, 'games.csv'))) {
      throw new InputError('this folder already has a games.csv: resume it (--resume) or choose another --out', outDir);
    }
    const saved: SavedRun = {
      version: 1,
      games,
      config,
      system: scenario.system,
      sides: scenario.sides.map((s) => ({ id: s.id, name: s.name })),
      fingerprint: scenario.fingerprint,
      identity: runIdentity(scenario, options.command, scenarioOptions),
      title: scenario.title,
      metrics: scenario.metrics.map((m) => ({ ...m })),
      turnShape: scenario.turnShape,
    };
    writeAtomically(join(outDir, 'run.json'), `${JSON.stringify(saved, null, 2)}\n`);
  }

  const sides = scenario.sides;
  const files: SimulationResult['files'] = {
    games: join(outDir, 'games.csv'),
    summary: join(outDir, 'summary.json'),
    run: join(outDir, 'run.json'),
    ...(config.records ? { records: join(outDir, 'games.jsonl') } : {}),
    ...(config.turnRecords ? { turns: join(outDir, TURNS_FILE) } : {}),
  };
  const summary = new SummaryBuilder(sides, scenario.metrics, {
    scenario: scenario.id,
    seed: config.seed,
    swap: config.swap,
    agents: config.agents,
  });
  const done = [...existing.keys()].sort((a, b) => a - b);
  for (const g of done) {
    summary.add(existing.get(g)!.row);
    if (slicer.due()) await slicer.pause();
  }
  // The files can be appended to when the games played are exactly the first ones; otherwise the files
  // are written anew (old and new games merged in game order) beside them and renamed at the end.
  const appendable = done.every((g, i) => g === i);

  // Every row goes to the journal as it finishes, so a game that takes long (or never ends) delays no
  // finished game's safety; games.csv and games.jsonl are written in game order: a reorder buffer holds
  // rows that finished ahead of a gap, and on a stop every finished row is written (past the gaps).
  const columns = csvColumns(sides, scenario.metrics);
  const partial = (file: string) => `${file}.partial`;
  const csv = new CsvFile(appendable ? files.games : partial(files.games), columns, appendable && done.length > 0);
  const jsonl = config.records
    ? new JsonLinesFile(appendable ? files.records! : partial(files.records!), appendable && done.length > 0)
    : undefined;
  const turnsOut = config.turnRecords
    ? new TextFile(
        appendable ? files.turns! : partial(files.turns!),
        appendable && done.length > 0 ? undefined : stringify([turnColumns(sides, scenario.turnShape)]),
      )
    : undefined;
  const journal = new JsonLinesFile(join(outDir, JOURNAL_FILE), false);
  const toRewrite = new Map(appendable ? [] : existing);
  const pending = new Map<number, GameRow>();
  let next = appendable ? done.length : 0;
  let recorded = existing.size;
  let failed = done.filter((g) => existing.get(g)!.row.error !== null).length;
  let played = 0;
  const doneSet = new Set(done);

  const emitNew = (row: GameRow) => {
    csv.write(rowToRecord(row, sides, scenario.metrics));
    summary.add(row);
    recorded++;
    if (row.error !== null) failed++;
    jsonl?.writeLine(JSON.stringify(recordOf(row, config, scenario)));
    turnsOut?.write(turnLines(row, sides, scenario.turnShape));
    options.onRow?.(row);
  };
  const emitOld = (old: { row: GameRow; record?: string; turns?: string }) => {
    csv.write(rowToRecord(old.row, sides, scenario.metrics));
    if (old.record !== undefined) jsonl?.writeLine(old.record);
    if (old.turns !== undefined) turnsOut?.write(old.turns);
  };
  // Writes the rows that are next in game order: at most `budget` of them a call, so a long stretch of a
  // resumed run's earlier games does not hold up the event loop (the rest go at the next call).
  const drain = (budget = DRAIN_BUDGET) => {
    for (let k = 0; k < budget; k++) {
      const old = toRewrite.get(next);
      if (old) {
        emitOld(old);
        toRewrite.delete(next);
        next++;
        continue;
      }
      if (doneSet.has(next) && !pending.has(next)) {
        next++;
        continue;
      }
      const row = pending.get(next);
      if (!row) break;
      pending.delete(next);
      emitNew(row);
      next++;
    }
  };

  const todo: number[] = [];
  for (let i = 0; i < games; i++) if (!doneSet.has(i)) todo.push(i);
  let runner: Runner | undefined;
  let progress: ProgressReporter = silentProgress;
  if (options.progress) {
    progress = createProgress({
      ...(typeof options.progress === 'object' ? options.progress : {}),
      total: games,
      already: games - todo.length,
      detail: () => runner?.detail?.() ?? '',
    });
  }

  let aborted = false;
  try {
    if (todo.length > 0)
      runner = await createRunner(config, options.workers ?? defaultWorkers(), {
        ...(options.gameTimeLimitMs !== undefined ? { gameTimeLimitMs: options.gameTimeLimitMs } : {}),
        queue: options.queue,
      });
    if (runner) {
      const report = await runner.play(
        todo,
        (row) => {
          played++;
          progress.tick(row.error !== null);
          journal.write(row);
          pending.set(row.game, row);
          drain();
        },
        options.signal,
        options.batchSize,
      );
      aborted = report.stopped;
    }
  } finally {
    await runner?.close();
    // Keep every finished game, even those past a gap left by the stop (a second Ctrl-C may still quit:
    // the journal keeps the rows for --resume).
    for (let before = -1; next !== before; ) {
      before = next;
      drain();
      await slicer.breathe();
    }
    const rest = [...toRewrite.keys(), ...pending.keys()].sort((a, b) => a - b);
    for (const g of rest) {
      const row = pending.get(g);
      if (row) emitNew(row);
      else emitOld(toRewrite.get(g)!);
      if (slicer.due()) await slicer.breathe();
    }
    pending.clear();
    toRewrite.clear();
    await csv.close();
    await jsonl?.close();
    await turnsOut?.close();
    if (!appendable) {
      renameSync(partial(files.games), files.games);
      if (files.records) renameSync(partial(files.records), files.records);
      if (files.turns) renameSync(partial(files.turns), files.turns);
    }
    // Every finished row is now in games.csv (and games.jsonl): the journal has done its work.
    await journal.close();
    rmSync(journal.path, { force: true });
    progress.finish(aborted ? `stopped: ${recorded} of ${games} games recorded` : undefined);
  }
  const built = summary.build();
  writeAtomically(files.summary, `${JSON.stringify(built, null, 2)}\n`);
  return { outDir, files, summary: built, recorded, played, failed, aborted };
}

/** A game's games.jsonl record. */
function recordOf(row: GameRow, config: RunConfig, scenario: ScenarioSketch): Record<string, unknown> {
  return {
    game: row.game,
    seed: row.seed,
    scenario: config.scenario,
    system: scenario.system,
    options: config.scenarioOptions,
    agents: Object.fromEntries(scenario.sides.map((s, i) => [s.id, row.agents[i] ?? ''])),
    actions: row.actionKeys ?? [],
    winner: row.error !== null ? null : row.winner === null ? 'draw' : scenario.sides[row.winner]?.id,
    error: row.error,
  };
}

/** The seed of game `index` in a run with master seed `seed` (re-exported for replay tools). */
export function gameSeed(seed: string, index: number): string {
  return deriveSeed(seed, index);
}
