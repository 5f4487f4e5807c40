/** Worker thread for MCTS root parallelism: rebuilds the game from its spawn spec, grows one tree. */
import { parentPort } from 'node:worker_threads';
import type { Game } from '../src/core/game.js';
import type { SpawnSpec } from './doctrine.js';
import { runWorkerSearch, type MctsOptions } from './mcts.js';
import { loadSpawnedGame } from './spawn.js';

interface Task { id: number; spec: SpawnSpec; state: unknown; seat: number; seed: number; options: MctsOptions }

const games = new Map<string, Promise<Game<unknown, unknown>>>();

parentPort!.on('message', async (task: Task) => {
  try {
    const specKey = JSON.stringify(task.spec);
    let game = games.get(specKey);
    if (game === undefined) {
      game = loadSpawnedGame(task.spec);
      games.set(specKey, game);
    }
    const result = runWorkerSearch(await game, task.state, task.seat, task.seed, task.options);
    parentPort!.postMessage({ id: task.id, ok: true, result });
  } catch (err) {
    parentPort!.postMessage({ id: task.id, ok: false, error: err instanceof Error ? err.stack ?? err.message : String(err) });
  }
});
