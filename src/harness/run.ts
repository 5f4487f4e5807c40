/**
 * `runSimulation`: plays a match set of many games on worker threads and writes, as games finish,
 * games.csv (one row a game, in game order), optionally games.jsonl (one replayable record a game),
 * and at the end summary.json. Can be stopped (AbortSignal) and resumed from its output folder.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import type { LoadedScenario, ScenarioOptions } from '../core/system.js';
import { CsvFile, csvColumns, JsonLinesFile, parseCsv, recordToRow, rowToRecord } from './csv.js';
import { DEFAULT_MAX_ACTIONS, loadAgentFactory, loadRunScenario } from './match.js';
import { defaultWorkers, GameRunner } from './pool.js';
import { createProgress, silentProgress, type ProgressOptions, type ProgressReporter } from './progress.js';
import { SummaryBuilder, type Summary } from './summary.js';
import type { GameRow, RunConfig } from './types.js';

export const DEFAULT_AGENT = 'scripted';

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
  /** Worker threads; default os.availableParallelism(); 0 plays in this thread. */
  workers?: number;
  /** Games per worker task (default: chosen from games and workers). Does not change results. */
  batchSize?: number;
  /** Output folder; default results/<scenario>-<timestamp>/. */
  out?: string;
  /** An earlier run's output folder: its settings are reused, its finished games skipped. */
  resume?: string;
  signal?: AbortSignal;
  /** Show progress on stderr (or a given stream). Default off. */
  progress?: boolean | Omit<ProgressOptions, 'total' | 'already'>;
  /** Called with every game's row, in game order. */
  onRow?: (row: GameRow) => void;
  systemModule?: string;
  agentModule?: string;
}

export interface SimulationResult {
  outDir: string;
  files: { games: string; summary: string; run: string; records?: string };
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

/** Checks agent specs against the scenario's sides, fills in the default, and validates each spec. */
export async function resolveAgents(
  scenario: LoadedScenario,
  agents: Record<string, string> | undefined,
  defaultAgent: string,
  agentModule?: string,
): Promise<Record<string, string>> {
  const ids = scenario.sides.map((s) => s.id);
  for (const side of Object.keys(agents ?? {})) {
    if (!ids.includes(side))
      throw new InputError(`scenario ${scenario.id} has no side "${side}" (sides: ${ids.join(', ')})`, undefined, '--agent');
  }
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = (agents && Object.hasOwn(agents, id) ? agents[id] : undefined) ?? defaultAgent;
  const factory = await loadAgentFactory(agentModule);
  for (const spec of new Set(Object.values(out))) {
    try {
      const agent = await factory(spec, scenario.ai);
      await agent.close?.();
    } catch (e) {
      if (e instanceof Error && e.name === 'InputError') throw e;
      throw new InputError(`bad agent spec "${spec}": ${e instanceof Error ? e.message : String(e)}`, undefined, '--agent');
    }
  }
  return out;
}

function scenarioRef(arg: string, loaded: LoadedScenario): string {
  return loaded.file === resolve(arg) ? loaded.file : arg;
}

/** Plays a match set of games; see SimulationOptions. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  let config: RunConfig;
  let games: number;
  let scenario: LoadedScenario;
  let outDir: string;
  const existing: GameRow[] = [];
  let appendable = false;

  if (options.resume) {
    outDir = resolve(options.resume);
    const runFile = join(outDir, 'run.json');
    if (!existsSync(runFile)) throw new InputError('not a run folder to resume (it has no run.json)', outDir);
    const saved = JSON.parse(readFileSync(runFile, 'utf8')) as SavedRun;
    config = { ...saved.config };
    if (options.seed !== undefined && String(options.seed) !== config.seed) {
      throw new InputError(`--seed ${options.seed} differs from the seed ${config.seed} of the run being resumed`, outDir);
    }
    if (options.records) config.records = true;
    games = options.games ?? saved.games;
    scenario = await loadRunScenario(config.scenario, config.scenarioOptions, config.systemModule);
    const csvPath = join(outDir, 'games.csv');
    if (existsSync(csvPath)) {
      const text = readFileSync(csvPath, 'utf8');
      const [header, ...records] = parseCsv(text);
      const columns = csvColumns(scenario.sides, scenario.metrics);
      if (header && header.join(',') !== columns.join(','))
        throw new InputError('games.csv has other columns than this run writes', csvPath);
      const seen = new Set<number>();
      records.forEach((rec, i) => {
        let row: GameRow;
        try {
          row = recordToRow(columns, rec, scenario.sides, scenario.metrics);
        } catch (e) {
          throw new InputError((e as Error).message, csvPath, `row ${i + 2}`);
        }
        if (!seen.has(row.game)) existing.push(row);
        seen.add(row.game);
      });
      appendable =
        header !== undefined && text.endsWith('\n') && existing.length === records.length && existing.every((r, i) => r.game === i);
    }
    saved.games = games;
    writeFileSync(runFile, `${JSON.stringify({ ...saved, games, config }, null, 2)}\n`);
  } else {
    if (!options.scenario) throw new InputError('no scenario given');
    games = options.games ?? 100;
    const scenarioOptions = options.scenarioOptions ?? {};
    scenario = await loadRunScenario(options.scenario, scenarioOptions, options.systemModule);
    const agents = await resolveAgents(scenario, options.agents, options.defaultAgent ?? DEFAULT_AGENT, options.agentModule);
    config = {
      scenario: scenarioRef(options.scenario, scenario),
      scenarioOptions,
      agents,
      seed: String(options.seed ?? Date.now()),
      swap: options.swap ?? false,
      maxActions: options.maxActions ?? DEFAULT_MAX_ACTIONS,
      records: options.records ?? false,
      ...(options.systemModule ? { systemModule: options.systemModule } : {}),
      ...(options.agentModule ? { agentModule: options.agentModule } : {}),
    };
    outDir = options.out ? resolve(options.out) : newOutDir(scenario.id);
    if (existsSync(join(outDir, 'games.csv'))) {
      throw new InputError('this folder already has a games.csv: resume it (--resume) or choose another --out', outDir);
    }
    mkdirSync(outDir, { recursive: true });
    const saved: SavedRun = {
      version: 1,
      games,
      config,
      system: scenario.system,
      sides: scenario.sides.map((s) => ({ id: s.id, name: s.name })),
    };
    writeFileSync(join(outDir, 'run.json'), `${JSON.stringify(saved, null, 2)}\n`);
  }
  if (!Number.isInteger(games) || games < 0) throw new InputError(`the number of games must be a whole number, not ${games}`);

  const sides = scenario.sides;
  const files: SimulationResult['files'] = {
    games: join(outDir, 'games.csv'),
    summary: join(outDir, 'summary.json'),
    run: join(outDir, 'run.json'),
    ...(config.records ? { records: join(outDir, 'games.jsonl') } : {}),
  };
  const summary = new SummaryBuilder(sides, scenario.metrics, {
    scenario: scenario.id,
    seed: config.seed,
    swap: config.swap,
    agents: config.agents,
  });
  existing.sort((a, b) => a.game - b.game);
  for (const row of existing) summary.add(row);
  const done = new Set(existing.map((r) => r.game));

  // Rows are written in game order: a reorder buffer holds rows that finished ahead of a gap.
  const columns = csvColumns(sides, scenario.metrics);
  const tmpPath = `${files.games}.partial`;
  const csv = appendable ? new CsvFile(files.games, columns, true) : new CsvFile(existing.length ? tmpPath : files.games, columns, false);
  const toRewrite = new Map<number, GameRow>(appendable ? [] : existing.map((r) => [r.game, r]));
  const jsonl = config.records ? new JsonLinesFile(files.records!, options.resume !== undefined) : undefined;
  const pending = new Map<number, GameRow>();
  let next = appendable ? existing.length : 0;
  let recorded = existing.length;
  let failed = existing.filter((r) => r.error !== null).length;
  let played = 0;

  const emitNew = (row: GameRow) => {
    csv.write(rowToRecord(row, sides, scenario.metrics));
    summary.add(row);
    recorded++;
    if (row.error !== null) failed++;
    if (jsonl) {
      jsonl.write({
        game: row.game,
        seed: row.seed,
        scenario: config.scenario,
        system: scenario.system,
        options: config.scenarioOptions,
        agents: Object.fromEntries(sides.map((s, i) => [s.id, row.agents[i] ?? ''])),
        actions: row.actionKeys ?? [],
        winner: row.error !== null ? null : row.winner === null ? 'draw' : sides[row.winner]?.id,
        error: row.error,
      });
    }
    options.onRow?.(row);
  };
  const drain = () => {
    for (;;) {
      const old = toRewrite.get(next);
      if (old) {
        csv.write(rowToRecord(old, sides, scenario.metrics));
        toRewrite.delete(next);
        next++;
        continue;
      }
      if (done.has(next) && !pending.has(next)) {
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
  for (let i = 0; i < games; i++) if (!done.has(i)) todo.push(i);
  let progress: ProgressReporter = silentProgress;
  if (options.progress) {
    progress = createProgress({
      ...(typeof options.progress === 'object' ? options.progress : {}),
      total: games,
      already: games - todo.length,
    });
  }

  const runner = todo.length > 0 ? await GameRunner.create(config, options.workers ?? defaultWorkers()) : undefined;
  let aborted = false;
  try {
    if (runner) {
      const report = await runner.play(
        todo,
        (row) => {
          played++;
          progress.tick(row.error !== null);
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
    // Keep every finished game, even those past a gap left by the stop.
    drain();
    const rest = [...toRewrite.values(), ...pending.values()].sort((a, b) => a.game - b.game);
    for (const row of rest) {
      if (pending.has(row.game)) emitNew(row);
      else csv.write(rowToRecord(row, sides, scenario.metrics));
    }
    pending.clear();
    toRewrite.clear();
    await csv.close();
    await jsonl?.close();
    if (!appendable && existing.length) renameSync(tmpPath, files.games);
    progress.finish(aborted ? `stopped: ${recorded} of ${games} games recorded` : undefined);
  }
  const built = summary.build();
  writeFileSync(files.summary, `${JSON.stringify(built, null, 2)}\n`);
  return { outDir, files, summary: built, recorded, played, failed, aborted };
}

/** The seed of game `index` in a run with master seed `seed` (re-exported for replay tools). */
export function gameSeed(seed: string, index: number): string {
  return deriveSeed(seed, index);
}
