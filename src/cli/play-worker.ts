/**
 * Worker thread of `tacsim play`: the computer's decisions, off the main thread, so that Ctrl-C is heard while it
 * thinks (a search holds its thread for up to its whole time budget) and the game ends at once with its record
 * written. The worker keeps the game as the main thread plays it (same scenario, options, seed and action keys,
 * replayed from the start when the main thread takes actions back) and one agent with one rng per computer seat
 * for the whole session, as play used to hold them itself: the same seed gives the same game.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Agent, createAgent } from '../../agents/agent.js';
import { actionByKey, type Rng } from '../core/game.js';
import { createRng } from '../core/rng.js';
import type { LoadedScenario, ScenarioOptions } from '../core/system.js';
import { agentSeed } from '../harness/match.js';
import { loadScenario, registerSystemModule } from '../scenarios.js';

export interface PlayWorkerSetup {
  /** Scenario file and the options it was loaded with. */
  file: string;
  options: ScenarioOptions;
  /** Module of a system registered at run time, imported before loading (undefined for a built-in system). */
  systemModule?: string;
  aiSpec: string;
  /** The session's seed: agent rngs are agentSeed(seed, seat), as the harness gives them. */
  agentSeedBase: string;
}

export interface PlayWorkerTask {
  /** The game's seed and every action key so far. */
  seed: string;
  actions: string[];
}

export type PlayWorkerAnswer = { ok: true; action: string; search?: unknown } | { ok: false; message: string; input: boolean };

interface Position {
  seed: string;
  dice: Rng;
  state: unknown;
  actions: string[];
}

async function start(setup: PlayWorkerSetup): Promise<void> {
  if (setup.systemModule !== undefined) await registerSystemModule(setup.systemModule);
  const sc: LoadedScenario = loadScenario(setup.file, setup.options, { narrate: true });
  const agent: Agent = createAgent(setup.aiSpec, sc.ai);
  const rngs = new Map<number, Rng>();
  const rngOf = (seat: number): Rng => {
    let r = rngs.get(seat);
    if (r === undefined) rngs.set(seat, (r = createRng(agentSeed(setup.agentSeedBase, seat))));
    return r;
  };
  let pos: Position | null = null;
  const positionOf = (task: PlayWorkerTask): Position => {
    const same = pos !== null && pos.seed === task.seed && pos.actions.every((k, i) => task.actions[i] === k);
    if (!same || pos === null) {
      const dice = createRng(task.seed);
      pos = { seed: task.seed, dice, state: sc.initialState(dice), actions: [] };
    }
    const game = sc.game;
    for (let k = pos.actions.length; k < task.actions.length; k++) {
      const key = task.actions[k]!;
      const action = actionByKey(game, pos.state, key);
      if (action === undefined) throw new Error(`action ${k + 1} ("${key}") is not legal in the worker's replay`);
      pos.state = game.apply(pos.state, action, pos.dice);
      pos.actions.push(key);
    }
    return pos;
  };
  parentPort!.on('message', async (task: PlayWorkerTask | 'close') => {
    if (task === 'close') {
      await agent.close?.();
      parentPort!.close();
      return;
    }
    let answer: PlayWorkerAnswer;
    try {
      const p = positionOf(task);
      const seat = sc.game.toMove(p.state);
      const action = await agent.act(sc.game, p.state, seat, rngOf(seat));
      const search = agent.lastSearch;
      answer = { ok: true, action: sc.game.actionKey(action), ...(search !== undefined ? { search: structuredClone(search) } : {}) };
    } catch (e) {
      answer = { ok: false, message: (e as Error)?.message ?? String(e), input: (e as Error)?.name === 'InputError' };
    }
    parentPort!.postMessage(answer);
  });
}

if (parentPort !== null) await start(workerData as PlayWorkerSetup);
