/** Worker thread for MCTS root parallelism: rebuilds the game and its hooks from the spawn spec, grows one tree. */
import { parentPort } from 'node:worker_threads';
import type { SpawnedSearch, SpawnSpec } from './doctrine.js';
import { runWorkerSearch, type MctsOptions } from './mcts.js';
import { loadSpawnedSearch } from './spawn.js';

interface Task {
  id: number;
  spec: SpawnSpec;
  state: unknown;
  seat: number;
  seed: number;
  options: MctsOptions;
}

const searches = new Map<string, Promise<SpawnedSearch<unknown, unknown>>>();

parentPort!.on('message', async (task: Task) => {
  try {
    const specKey = JSON.stringify(task.spec);
    let search = searches.get(specKey);
    if (search === undefined) {
      search = loadSpawnedSearch(task.spec);
      searches.set(specKey, search);
    }
    const { game, ai } = await search;
    const result = runWorkerSearch(game, ai, task.state, task.seat, task.seed, task.options);
    parentPort!.postMessage({ id: task.id, ok: true, result });
  } catch (err) {
    parentPort!.postMessage({ id: task.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
