/**
 * Worker thread of `tacsim serve`: the computer's decisions, off the server's event loop so the page stays
 * responsive while it searches. A task carries the whole game (scenario, options, seed, action keys): the
 * worker replays it (keeping the last position of each game it saw, so a task usually applies only the new
 * actions) and asks the agent for one action.
 */
import type { Rng } from '../core/game.js';
import { createRng } from '../core/rng.js';
import type { LoadedScenario, ScenarioOptions } from '../core/system.js';
import { createAgent } from '../../agents/agent.js';
import { loadScenario, registerSystemModule } from '../scenarios.js';

export interface AiTask {
  game: string;
  /** Scenario file and the options it was loaded with. */
  file: string;
  options: ScenarioOptions;
  /** Module of a system registered at run time (RulesSystem.module), imported before loading. */
  systemModule?: string;
  seed: string;
  aiSpec: string;
  actions: string[];
  /** The agent's rng seed for this decision. */
  agentSeed: string;
}

export interface AiResult {
  action: string;
  iterations: number;
  /** The search's best candidates (action key, mean value for the seat, visits), best first. */
  top: { key: string; mean: number; visits: number }[];
}

interface Replayed {
  sc: LoadedScenario;
  dice: Rng;
  state: unknown;
  actions: string[];
}

/** The last position per game: most recent last, a few kept. */
const cache = new Map<string, Replayed>();
const CACHE_SIZE = 64;
const scenarios = new Map<string, LoadedScenario>();
const modules = new Set<string>();

async function scenarioOf(task: AiTask): Promise<LoadedScenario> {
  if (task.systemModule !== undefined && !modules.has(task.systemModule)) {
    await registerSystemModule(task.systemModule);
    modules.add(task.systemModule);
  }
  const key = JSON.stringify([task.file, task.options]);
  let sc = scenarios.get(key);
  if (sc === undefined) scenarios.set(key, (sc = loadScenario(task.file, task.options)));
  return sc;
}

function isPrefix(prefix: readonly string[], of: readonly string[]): boolean {
  return prefix.length <= of.length && prefix.every((k, i) => of[i] === k);
}

async function positionOf(task: AiTask): Promise<Replayed> {
  const sc = await scenarioOf(task);
  let r = cache.get(task.game);
  cache.delete(task.game);
  if (r === undefined || r.sc !== sc || !isPrefix(r.actions, task.actions)) {
    const dice = createRng(task.seed);
    r = { sc, dice, state: sc.initialState(dice), actions: [] };
  }
  const game = sc.game;
  for (let k = r.actions.length; k < task.actions.length; k++) {
    const key = task.actions[k]!;
    const action = game.legalActions(r.state).find((a) => game.actionKey(a) === key);
    if (action === undefined) throw new Error(`action ${k + 1} ("${key}") is not legal in the replay`);
    r.state = game.apply(r.state, action, r.dice);
    r.actions.push(key);
  }
  cache.set(task.game, r);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return r;
}

export default async function decide(task: AiTask): Promise<AiResult> {
  const r = await positionOf(task);
  const game = r.sc.game;
  const agent = createAgent(task.aiSpec, r.sc.ai);
  try {
    const seat = game.toMove(r.state);
    const action = await agent.act(game, r.state, seat, createRng(task.agentSeed));
    const search = agent.lastSearch;
    return {
      action: game.actionKey(action),
      iterations: search?.iterations ?? 0,
      top: (search?.top ?? []).slice(0, 5).map((c) => ({ key: c.key, mean: c.mean, visits: c.visits })),
    };
  } finally {
    await agent.close?.();
  }
}
