/**
 * Piscina worker: receives the run configuration once (workerData), loads the scenario once, caches
 * one agent per (seat, spec), and plays batches of whole games. A task is a list of game indices (with,
 * for `tune`, each game's own specs and seed); the answer is one compact row per finished game.
 */
import { workerData } from 'node:worker_threads';
import { deriveSeed } from '../core/rng.js';
import type { LoadedScenario } from '../core/system.js';
import { loadAgentFactory, loadRunScenario, playGame, progressValue, seatSpecs } from './match.js';
import type { AgentFactory, GameOrder, GameRow, HarnessAgent, RunConfig } from './types.js';

export interface WorkerInit {
  config: RunConfig;
  /** Int32Array over a SharedArrayBuffer: element 0 becomes 1 when the run is asked to stop. */
  stop: Int32Array;
  /** Int32Array over a SharedArrayBuffer: a batch's slot gets progressValue(token, games started) as each game starts. */
  progress: Int32Array;
  /** Wall-clock limit of one game in ms (0: none), checked between actions. */
  gameTimeLimitMs: number;
}

export interface BatchTask {
  indices: number[];
  /** The batch's slot in WorkerInit.progress and the token that tells this batch from earlier users of the slot. */
  slot: number;
  token: number;
  /** Per game of `indices`, its own specs and seed (GameRunner.playOrders); absent: the run's. */
  orders?: GameOrder[];
}

export interface BatchResult {
  rows: GameRow[];
  /** The run was stopped: the games not in `rows` were not played. */
  stopped: boolean;
  /** The worker could not start (scenario or agent module failed to load): the run must end. */
  fatal?: string;
}

interface Context {
  scenario: LoadedScenario;
  factory: AgentFactory;
  agents: Map<string, HarnessAgent>;
}

const init = workerData as WorkerInit;

/** Agents a worker keeps made between ordered games before it forgets those the next game does not use. */
const MAX_CACHED_AGENTS = 8;

async function forgetAgentsBut(agents: Map<string, HarnessAgent>, specs: readonly string[]): Promise<void> {
  for (const [key, agent] of agents) {
    if (specs.includes(key.slice(key.indexOf('\u0000') + 1))) continue;
    await agent.close?.();
    agents.delete(key);
  }
}

let context: Promise<Context> | undefined;

function getContext(): Promise<Context> {
  context ??= (async () => {
    const { config } = init;
    const scenario = await loadRunScenario(config.scenario, config.scenarioOptions, config.systemModule);
    const factory = await loadAgentFactory(config.agentModule);
    return { scenario, factory, agents: new Map() };
  })();
  return context;
}

export default async function runBatch(task: BatchTask): Promise<BatchResult> {
  const { config, stop, progress } = init;
  let ctx: Context;
  try {
    ctx = await getContext();
  } catch (e) {
    return { rows: [], stopped: false, fatal: e instanceof Error ? e.message : String(e) };
  }
  const shouldStop = () => Atomics.load(stop, 0) !== 0;
  const rows: GameRow[] = [];
  for (const [k, index] of task.indices.entries()) {
    if (shouldStop()) return { rows, stopped: true };
    Atomics.store(progress, task.slot, progressValue(task.token, k + 1));
    const order = task.orders?.[k];
    const specs = order ? [...order.specs] : seatSpecs(ctx.scenario.sides, config.agents, config.swap, index);
    // Ordered games name new specs game after game (a tuner's candidates): the cache keeps only a few.
    if (order && ctx.agents.size > MAX_CACHED_AGENTS) await forgetAgentsBut(ctx.agents, specs);
    const agents: HarnessAgent[] = [];
    try {
      for (let seat = 0; seat < specs.length; seat++) {
        const key = `${seat}\u0000${specs[seat]}`;
        let agent = ctx.agents.get(key);
        if (!agent) {
          agent = await ctx.factory(specs[seat]!, ctx.scenario.ai);
          ctx.agents.set(key, agent);
        }
        agents.push(agent);
      }
    } catch (e) {
      return { rows, stopped: false, fatal: `cannot create agent: ${e instanceof Error ? e.message : String(e)}` };
    }
    const row = await playGame(ctx.scenario, agents, specs, index, order ? order.seed : deriveSeed(config.seed, index), {
      maxActions: config.maxActions,
      records: config.records,
      turnRecords: config.turnRecords === true,
      shouldStop,
      timeLimitMs: init.gameTimeLimitMs,
    });
    if (row === null) return { rows, stopped: true };
    rows.push(row);
  }
  return { rows, stopped: false };
}
