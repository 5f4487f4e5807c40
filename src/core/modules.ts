/** Paths of compiled modules, for worker threads that must import what the main thread runs. */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InputError } from './errors.js';

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

/** An absolute path or file URL as a file URL for import(); a relative path is bad input. */
export function moduleUrl(pathOrUrl: string): string {
  if (pathOrUrl.startsWith('file:')) return pathOrUrl;
  if (!isAbsolute(pathOrUrl)) throw new InputError('a module path must be absolute', pathOrUrl);
  return pathToFileURL(pathOrUrl).href;
}
