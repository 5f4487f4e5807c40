import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Game } from '../src/core/game.js';
import type { SpawnSpec } from './doctrine.js';

/**
 * The compiled .js path for a module URL. A .js file maps to itself; a .ts source (running under
 * vitest or tsx) maps to the same place under the package's `dist/` (found by walking up to the
 * directory holding tsconfig.json), since tsc mirrors the tree there.
 */
export function compiledPath(moduleUrl: string): string {
  const file = moduleUrl.startsWith('file:') ? fileURLToPath(moduleUrl) : moduleUrl;
  if (!file.endsWith('.ts')) return file;
  let dir = dirname(file);
  for (;;) {
    if (existsSync(join(dir, 'tsconfig.json'))) break;
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find tsconfig.json above ${file} to locate its compiled copy`);
    dir = up;
  }
  return join(dir, 'dist', relative(dir, file).replace(/\.ts$/, '.js'));
}

/** Rebuilds a game from its spawn spec (see SpawnSpec). */
export async function loadSpawnedGame(spec: SpawnSpec): Promise<Game<unknown, unknown>> {
  const mod = (await import(pathToFileURL(spec.module).href)) as Record<string, unknown>;
  const exported = mod[spec.exportName];
  if (exported === undefined) throw new Error(`${spec.module} has no export named ${spec.exportName}`);
  if (typeof exported === 'function') return (exported as (...args: unknown[]) => Game<unknown, unknown>)(...spec.args);
  return exported as Game<unknown, unknown>;
}
