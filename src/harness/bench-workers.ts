/**
 * Throughput of the harness: games per second with a given number of worker threads, for the benchmark
 * suite to compare 1 vs 2 workers. Run on its own:
 *   node dist/src/harness/bench-workers.js SCENARIO [GAMES] [SIDE=SPEC ...]
 * (steady throughput after two warm-up games per worker, and the ratio of 2 workers to 1).
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
  const scenarioOptions = options.scenarioOptions ?? {};
  const loaded = await loadRunScenario(scenario, scenarioOptions, options.systemModule);
  const bySide = Array.isArray(specs)
    ? Object.fromEntries(loaded.sides.map((s, i) => [s.id, (specs as readonly string[])[i] ?? DEFAULT_AGENT]))
    : (specs as Record<string, string>);
  const agents = await resolveAgents(loaded, bySide, DEFAULT_AGENT, options.agentModule);
  const config: RunConfig = {
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
  const created = performance.now();
  const runner = await GameRunner.create(config, workers);
  let rows = 0;
  let startupMs = 0;
  let started = created;
  try {
    const warmup = Math.max(0, options.warmupPerWorker ?? 0) * Math.max(1, workers);
    if (warmup > 0) {
      // Warm-up games have their own indices (after the timed ones) so the timed set is the same either way.
      await runner.play(Array.from({ length: warmup }, (_, i) => games + i), () => {}, undefined, 1);
      started = performance.now();
      startupMs = started - created;
    }
    await runner.play(Array.from({ length: games }, (_, i) => i), () => rows++);
  } finally {
    await runner.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return { gamesPerSecond: rows / seconds, startupMs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [scenario, gamesText, ...agentArgs] = process.argv.slice(2);
  if (!scenario) {
    console.error('usage: node dist/src/harness/bench-workers.js SCENARIO [GAMES] [SIDE=SPEC ...]');
    process.exit(2);
  }
  const games = Number(gamesText ?? 200);
  const specs = Object.fromEntries(agentArgs.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  const rates: number[] = [];
  for (const w of [1, 2]) {
    const r = await measureThroughput(scenario, specs, w, games, { warmupPerWorker: 2 });
    rates.push(r.gamesPerSecond);
    console.log(`${w} worker${w > 1 ? 's' : ''}: ${r.gamesPerSecond.toFixed(2)} games/s after a ${r.startupMs.toFixed(0)} ms warm-up`);
  }
  console.log(`2 workers / 1 worker: ${(rates[1]! / rates[0]!).toFixed(2)}x`);
}
