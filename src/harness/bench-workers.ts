/**
 * Throughput of the harness: games per second with a given number of worker threads, for the benchmark
 * suite to compare 1 vs 2 workers. Run on its own:
 *   node dist/src/harness/bench-workers.js SCENARIO [GAMES] [SIDE=SPEC ...]
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
}

/**
 * Plays `games` games of `scenario` with `workers` threads (0 = this thread) and returns games per
 * second, timed from the first game sent to the last row back (worker start-up included).
 * `specs`: agent spec per side id, or per seat.
 */
export async function gamesPerSecond(
  scenario: string,
  specs: Readonly<Record<string, string>> | readonly string[],
  workers: number,
  games: number,
  options: BenchOptions = {},
): Promise<number> {
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
  const started = performance.now();
  const runner = await GameRunner.create(config, workers);
  let rows = 0;
  try {
    await runner.play(Array.from({ length: games }, (_, i) => i), () => rows++);
  } finally {
    await runner.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return rows / seconds;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [scenario, gamesText, ...agentArgs] = process.argv.slice(2);
  if (!scenario) {
    console.error('usage: node dist/src/harness/bench-workers.js SCENARIO [GAMES] [SIDE=SPEC ...]');
    process.exit(2);
  }
  const games = Number(gamesText ?? 200);
  const specs = Object.fromEntries(agentArgs.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  for (const w of [1, 2]) {
    const rate = await gamesPerSecond(scenario, specs, w, games);
    console.log(`${w} worker${w > 1 ? 's' : ''}: ${rate.toFixed(1)} games/s`);
  }
}
