import { pathToFileURL } from 'node:url';
import { compiledPath } from '../src/core/modules.js';
import type { Game } from '../src/core/game.js';
import { NO_HOOKS, type SpawnedSearch, type SpawnSpec } from './doctrine.js';

export { compiledPath };

/** Rebuilds a game and its hooks from a spawn spec (see SpawnSpec): a bare Game comes with no hooks. */
export async function loadSpawnedSearch(spec: SpawnSpec): Promise<SpawnedSearch<unknown, unknown>> {
  const mod = (await import(pathToFileURL(spec.module).href)) as Record<string, unknown>;
  const exported = mod[spec.exportName];
  if (exported === undefined) throw new Error(`${spec.module} has no export named ${spec.exportName}`);
  const built = typeof exported === 'function' ? await (exported as (...args: unknown[]) => unknown)(...spec.args) : exported;
  if (isSpawnedSearch(built)) return built;
  return { game: built as Game<unknown, unknown>, ai: NO_HOOKS };
}

function isSpawnedSearch(x: unknown): x is SpawnedSearch<unknown, unknown> {
  return typeof x === 'object' && x !== null && 'game' in x && 'ai' in x;
}
