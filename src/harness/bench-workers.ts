/**
 * Throughput of the harness: games per second with a given number of worker threads, for the benchmark
 * suite to compare 1 vs 2 workers. Run on its own:
 *   node dist/src/harness/bench-workers.js SCENARIO [GAMES] [SIDE=SPEC ...]
 * (5 rounds of GAMES games on a warm 1-worker pool and 2 x GAMES on a warm 2-worker pool, and the median
 * of the per-round ratios: see measureScaling).
 */
import { pathToFileURL } from 'node:url';
import { DEFAULT_MAX_ACTIONS, loadRunScenario } from './match.js';
import { GameRunner } from './pool.js';
import { DEFAULT_AGENT, resolveAgents } from './run.js';
import type { RunConfig } from './types.js';
import type { ScenarioOptions } from '../core/system.js';

export interface BenchOptions {
  scenarioOptions?: ScenarioOptions;
  seed?: string;
  systemModule?: string;
  agentModule?: string;
  /**
   * Games per worker played before the clock starts (not counted), so the figure is the pool's steady
   * throughput -- what decides a 10,000-game run -- rather than worker start-up (0: start-up included).
   */
  warmupPerWorker?: number;
}

/** What one throughput measurement saw. */
export interface ThroughputReport {
  /** Games per second over the timed games. */
  gamesPerSecond: number;
  /** Milliseconds from creating the pool to the end of the warm-up games (0 when there were none). */
  startupMs: number;
}

/**
 * Plays `games` games of `scenario` with `workers` threads (0 = this thread) and returns games per
 * second, timed from the first game sent to the last row back (worker start-up included unless
 * `options.warmupPerWorker` plays warm-up games first). `specs`: agent spec per side id, or per seat.
 */
export async function gamesPerSecond(
  scenario: string,
  specs: Readonly<Record<string, string>> | readonly string[],
  workers: number,
  games: number,
  options: BenchOptions = {},
): Promise<number> {
  return (await measureThroughput(scenario, specs, workers, games, options)).gamesPerSecond;
}

/** gamesPerSecond with the start-up time reported beside it. */
export async function measureThroughput(
  scenario: string,
  specs: Readonly<Record<string, string>> | readonly string[],
  workers: number,
  games: number,
  options: BenchOptions = {},
): Promise<ThroughputReport> {
  const config = await benchConfig(scenario, specs, options);
  const created = performance.now();
  const runner = await GameRunner.create(config, workers);
  try {
    const warmup = Math.max(0, options.warmupPerWorker ?? 0) * Math.max(1, workers);
    await warmUp(runner, warmup, games);
    const startupMs = warmup > 0 ? performance.now() - created : 0;
    // Without a warm-up the clock runs from the pool's creation: start-up is part of the figure.
    return { gamesPerSecond: await timedRate(runner, games, warmup > 0 ? undefined : created), startupMs };
  } finally {
    await runner.close();
  }
}

/** Plays `count` untimed games, one per batch, with indices from `first` (apart from the timed ones). */
async function warmUp(runner: GameRunner, count: number, first: number): Promise<void> {
  if (count > 0)
    await runner.play(
      Array.from({ length: count }, (_, i) => first + i),
      () => {},
      undefined,
      1,
    );
}

/** Games per second playing games 0..n-1, timed from `since` (default: now). */
async function timedRate(runner: GameRunner, n: number, since = performance.now()): Promise<number> {
  let rows = 0;
  await runner.play(
    Array.from({ length: n }, (_, i) => i),
    () => rows++,
  );
  return rows / ((performance.now() - since) / 1000);
}

/** The run configuration of a throughput measurement. */
async function benchConfig(
  scenario: string,
  specs: Readonly<Record<string, string>> | readonly string[],
  options: BenchOptions,
): Promise<RunConfig> {
  const scenarioOptions = options.scenarioOptions ?? {};
  const loaded = await loadRunScenario(scenario, scenarioOptions, options.systemModule);
  const bySide = Array.isArray(specs)
    ? Object.fromEntries(loaded.sides.map((s, i) => [s.id, (specs as readonly string[])[i] ?? DEFAULT_AGENT]))
    : (specs as Record<string, string>);
  const agents = await resolveAgents(loaded, bySide, DEFAULT_AGENT, options.agentModule);
  return {
    scenario,
    scenarioOptions,
    agents,
    seed: options.seed ?? 'bench',
    swap: false,
    maxActions: DEFAULT_MAX_ACTIONS,
    records: false,
    ...(options.systemModule ? { systemModule: options.systemModule } : {}),
    ...(options.agentModule ? { agentModule: options.agentModule } : {}),
  };
}

/** Paired 1-worker and 2-worker throughput, round by round. */
export interface ScalingReport {
  /** Games per second of each round, with 1 and with 2 workers. */
  oneWorker: number[];
  twoWorkers: number[];
  /** Median over rounds of (2-worker rate / 1-worker rate) measured in the same round. */
  medianRatio: number;
}

/**
 * How the pool scales from 1 to 2 workers, measured so that a busy or drifting machine cancels out:
 * both pools are started and warmed first (start-up and JIT warm-up are not timed), then every round
 * plays `games` games on the 1-worker pool and 2 x `games` on the 2-worker pool, back to back, and the
 * ratio is taken within the round. The same game indices are played in every round.
 */
export async function measureScaling(
  scenario: string,
  specs: Readonly<Record<string, string>> | readonly string[],
  games: number,
  rounds: number,
  options: BenchOptions = {},
): Promise<ScalingReport> {
  const config = await benchConfig(scenario, specs, options);
  const one = await GameRunner.create(config, 1);
  const two = await GameRunner.create(config, 2);
  try {
    const warmup = Math.max(1, options.warmupPerWorker ?? 10);
    await warmUp(one, warmup, games * 2);
    await warmUp(two, 2 * warmup, games * 2);
    const oneWorker: number[] = [];
    const twoWorkers: number[] = [];
    for (let r = 0; r < rounds; r++) {
      oneWorker.push(await timedRate(one, games));
      twoWorkers.push(await timedRate(two, 2 * games));
    }
    const ratios = oneWorker.map((x, i) => twoWorkers[i]! / x).sort((a, b) => a - b);
    const mid = ratios.length >> 1;
    const medianRatio = ratios.length % 2 === 1 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
    return { oneWorker, twoWorkers, medianRatio };
  } finally {
    await one.close();
    await two.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [scenario, gamesText, ...agentArgs] = process.argv.slice(2);
  if (!scenario) {
    console.error('usage: node dist/src/harness/bench-workers.js SCENARIO [GAMES] [SIDE=SPEC ...]');
    process.exit(2);
  }
  const games = Number(gamesText ?? 100);
  const specs = Object.fromEntries(agentArgs.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  const report = await measureScaling(scenario, specs, games, 5);
  const fmt = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(', ');
  console.log(`1 worker:  ${fmt(report.oneWorker)} games/s (${games} games a round)`);
  console.log(`2 workers: ${fmt(report.twoWorkers)} games/s (${2 * games} games a round)`);
  console.log(`2 workers / 1 worker, median of the rounds: ${report.medianRatio.toFixed(2)}x`);
}
