/**
 * Round robin of agent specs on one two-sided scenario: every pair plays `gamesPerPair` games with
 * sides swapped on odd games, then Bradley-Terry ratings (Elo scale, 95% intervals) rank the specs.
 */
import { InputError } from '../core/errors.js';
import type { ScenarioOptions } from '../core/system.js';
import { DEFAULT_MAX_ACTIONS } from './match.js';
import { defaultWorkers } from './pool.js';
import { createProgress, silentProgress, type ProgressReporter } from './progress.js';
import { bradleyTerry, type BradleyTerryOptions, type Rating } from './ratings.js';
import { probeScenario } from './probe.js';
import { createRunner, type Runner } from './queue/runner.js';
import type { BatchOptions, GameRow, RunConfig } from './types.js';

export interface RoundRobinOptions extends BatchOptions {
  scenario: string;
  scenarioOptions?: ScenarioOptions;
  /** Games per pair (half with each spec on each side). Default 100. */
  gamesPerPair?: number;
  seed?: string | number;
  /** Rating options; the default prior is one virtual drawn game per pair. */
  ratings?: BradleyTerryOptions;
  systemModule?: string;
  agentModule?: string;
}

export interface PairOutcome {
  a: string;
  b: string;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  errors: number;
}

export interface RoundRobinResult {
  scenario: string;
  seed: string;
  pairs: PairOutcome[];
  ratings: Rating[];
  aborted: boolean;
}

export async function roundRobin(specs: readonly string[], options: RoundRobinOptions): Promise<RoundRobinResult> {
  if (specs.length < 2) throw new InputError('a round robin needs at least two agent specs');
  if (new Set(specs).size !== specs.length) throw new InputError('the agent specs of a round robin must differ');
  const scenarioOptions = options.scenarioOptions ?? {};
  const request = {
    scenario: options.scenario,
    options: scenarioOptions,
    ...(options.systemModule ? { systemModule: options.systemModule } : {}),
    ...(options.agentModule ? { agentModule: options.agentModule } : {}),
  };
  // Every spec is tried on both sides (no side is named, so each spec is the default of both).
  const { sketch: scenario } = await probeScenario(
    { ...request, agentChecks: specs.map((spec) => ({ defaultAgent: spec })) },
    options.signal,
  );
  if (scenario.sides.length !== 2)
    throw new InputError(`a round robin needs a two-sided scenario; ${scenario.id} has ${scenario.sides.length} sides`);
  const [s0, s1] = scenario.sides.map((s) => s.id) as [string, string];
  const perPair = options.gamesPerPair ?? 100;
  const seed = String(options.seed ?? Date.now());
  const workers = options.workers ?? defaultWorkers();
  const pairCount = (specs.length * (specs.length - 1)) / 2;
  let runner: Runner | undefined;
  let progress: ProgressReporter = silentProgress;
  if (options.progress)
    progress = createProgress({
      ...(typeof options.progress === 'object' ? options.progress : {}),
      total: pairCount * perPair,
      detail: () => runner?.detail?.() ?? '',
    });

  const pairs: PairOutcome[] = [];
  let aborted = false;
  outer: for (let i = 0; i < specs.length; i++) {
    for (let j = i + 1; j < specs.length; j++) {
      const a = specs[i]!;
      const b = specs[j]!;
      const config: RunConfig = {
        scenario: options.scenario,
        scenarioOptions,
        agents: { [s0]: a, [s1]: b },
        seed: `${seed}/pair/${i}-${j}`,
        swap: true,
        maxActions: options.maxActions ?? DEFAULT_MAX_ACTIONS,
        records: false,
        ...(options.systemModule ? { systemModule: options.systemModule } : {}),
        ...(options.agentModule ? { agentModule: options.agentModule } : {}),
      };
      const { pair, stopped } = await playPair(config, a, b, perPair, workers, progress, {
        ...options,
        onRunner: (r) => (runner = r),
      });
      aborted = stopped;
      pairs.push(pair);
      if (aborted) break outer;
    }
  }
  progress.finish(aborted ? 'stopped' : undefined);
  const ratings = bradleyTerry(
    specs,
    pairs.map((p) => ({
      a: specs.indexOf(p.a),
      b: specs.indexOf(p.b),
      winsA: p.winsA,
      winsB: p.winsB,
      draws: p.draws,
    })),
    { prior: 1, ...(options.ratings ?? {}) },
  );
  return { scenario: scenario.id, seed, pairs, ratings, aborted };
}

/** Ratings (best first) and the pair results as text. */
export function formatRoundRobin(r: RoundRobinResult): string {
  const sorted = [...r.ratings].sort((x, y) => y.elo - x.elo);
  const fmt = (x: number | null) => (x === null ? '?' : x.toFixed(0));
  const rows = [
    ['agent', 'Elo', '95% interval', 'games', 'score'],
    ...sorted.map((x) => [
      x.name,
      x.elo.toFixed(0),
      `${fmt(x.ci95[0])} to ${fmt(x.ci95[1])}`,
      String(x.games),
      x.games ? `${((x.score / x.games) * 100).toFixed(1)}%` : '-',
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((x) => x[c]!.length)));
  const lines = [
    `${r.scenario}: round robin (seed ${r.seed})`,
    '',
    ...rows.map((x) => x.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ')),
  ];
  lines.push('');
  for (const p of r.pairs)
    lines.push(`${p.a} vs ${p.b}: ${p.winsA}-${p.winsB}${p.draws ? `, ${p.draws} drawn` : ''}${p.errors ? `, ${p.errors} failed` : ''}`);
  if (r.aborted) lines.push('stopped before every pair was played');
  return lines.join('\n');
}

/**
 * Plays the games of one pair of specs (`config` names `a` on one side and `b` on the other and swaps
 * them on odd games) and counts the outcomes: wins of each spec, draws, failed games.
 */
export async function playPair(
  config: RunConfig,
  a: string,
  b: string,
  games: number,
  workers: number,
  progress: ProgressReporter,
  options: {
    readonly gameTimeLimitMs?: number | undefined;
    readonly signal?: AbortSignal | undefined;
    readonly queue?: string | undefined;
    /** Told the pair's runner, for a progress line that shows its workers. */
    readonly onRunner?: (runner: Runner) => void;
    /** The game indices to play (default 0 to games - 1): a resumed pair plays only those it lacks. */
    readonly indices?: readonly number[];
    /** Told every finished game's row (a ladder journals them). */
    readonly onRow?: (row: GameRow) => void;
  },
): Promise<{ pair: PairOutcome; stopped: boolean }> {
  const pair: PairOutcome = { a, b, games: 0, winsA: 0, winsB: 0, draws: 0, errors: 0 };
  const indices = options.indices ?? Array.from({ length: games }, (_, k) => k);
  if (indices.length === 0) return { pair, stopped: false };
  const runner = await createRunner(config, workers, {
    ...(options.gameTimeLimitMs !== undefined ? { gameTimeLimitMs: options.gameTimeLimitMs } : {}),
    queue: options.queue,
  });
  options.onRunner?.(runner);
  try {
    const report = await runner.play(
      [...indices],
      (row) => {
        options.onRow?.(row);
        pair.games++;
        progress.tick(row.error !== null);
        if (row.error !== null) pair.errors++;
        else if (row.winner === null) pair.draws++;
        else if (row.agents[row.winner] === a) pair.winsA++;
        else pair.winsB++;
      },
      options.signal,
    );
    return { pair, stopped: report.stopped };
  } finally {
    await runner.close();
  }
}
