/**
 * Worker thread of `tacsim serve`: the computer's decisions, off the server's event loop so the page stays
 * responsive while it searches. A task carries the whole game (scenario, options, seed, action keys): the
 * worker replays it (keeping the last position of each game it saw, so a task usually applies only the new
 * actions) and asks the agent for one action. While the agent searches, the worker posts its iteration count on
 * the task's progress port (the page's thinking indicator).
 */
import type { MessagePort } from 'node:worker_threads';
import { actionByKey, type Rng } from '../core/game.js';
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
  /** Where to post progress ({iterations}) while the agent searches (transferred with the task). */
  progress?: MessagePort;
}

/** A progress report on AiTask.progress. */
export interface AiProgress {
  iterations: number;
}

export interface AiResult {
  action: string;
  iterations: number;
  /** The search's best candidates (action key, mean value for the seat, visits), best first. */
  top: AiCandidate[];
  /** The line of play the search expects, chosen action first (action keys), when the agent reports one. */
  line?: string[];
}

/** One candidate of AiResult.top; its `prior` when the agent reports one. */
export interface AiCandidate {
  key: string;
  mean: number;
  visits: number;
  prior?: number;
}

/** Progress is posted at most this often. */
const PROGRESS_MS = 150;

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
    const action = actionByKey(game, r.state, key);
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
  const port = task.progress;
  try {
    const seat = game.toMove(r.state);
    if (port !== undefined) {
      let next = performance.now() + PROGRESS_MS;
      agent.onProgress = (iterations) => {
        const now = performance.now();
        if (now < next) return;
        next = now + PROGRESS_MS;
        port.postMessage({ iterations } satisfies AiProgress);
      };
    }
    const action = await agent.act(game, r.state, seat, createRng(task.agentSeed));
    const search = agent.lastSearch;
    const result: AiResult = {
      action: game.actionKey(action),
      iterations: search?.iterations ?? 0,
      top: (search?.top ?? []).slice(0, 5).map(candidate),
    };
    const line = lineKeys((search as { line?: unknown } | undefined)?.line);
    if (line.length > 0) result.line = line;
    return result;
  } finally {
    port?.close();
    await agent.close?.();
  }
}

/** A candidate of the agent's SearchReport, with its prior when it gives one. */
function candidate(c: { key: string; mean: number; visits: number; prior?: unknown }): AiCandidate {
  const out: AiCandidate = { key: c.key, mean: c.mean, visits: c.visits };
  if (typeof c.prior === 'number') out.prior = c.prior;
  return out;
}

/**
 * The action keys of a SearchReport's expected line, when it has one: steps with a `key` (or keys). Only keys
 * cross to the server, which words them as the player may see them (descriptions would name hidden units).
 */
function lineKeys(line: unknown): string[] {
  if (!Array.isArray(line)) return [];
  const keys: string[] = [];
  for (const step of line) {
    const key = typeof step === 'string' ? step : (step as { key?: unknown } | null)?.key;
    if (typeof key !== 'string') break;
    keys.push(key);
  }
  return keys;
}
