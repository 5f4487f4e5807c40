/**
 * What a run was made with, kept in run.json (and shown by the report): tacsim's version, the command, the
 * date, and every file the scenario was read from with its SHA-256 and its role (the scenario file, and the
 * chart pack and counter manifest under the key that names them in the scenario file or the options).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioOptions } from '../core/system.js';
import type { ScenarioSketch } from './probe.js';

export interface RunInput {
  /** "scenario", or the key that names the file: "charts", "counters"; "read" when nothing names it. */
  role: string;
  file: string;
  sha256: string;
}

export interface RunIdentity {
  tacsim: string;
  /** The command line, when the run was started from one. */
  command?: string;
  /** ISO date and time the run began. */
  started: string;
  inputs: RunInput[];
}

let version: string | undefined;

/** tacsim's version, from its package.json (found above this module, in the sources or in dist/). */
export function tacsimVersion(): string {
  if (version !== undefined) return version;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let k = 0; k < 6; k++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === 'tacsim' && typeof pkg.version === 'string') return (version = pkg.version);
      } catch {
        // Not ours: look further up.
      }
    }
    dir = dirname(dir);
  }
  return (version = 'unknown');
}

/** The role of each file the scenario was read from: what names it in the scenario file or the options. */
function roles(sketch: Pick<ScenarioSketch, 'file'>, options: ScenarioOptions): Map<string, string> {
  const out = new Map<string, string>([[resolve(sketch.file), 'scenario']]);
  for (const [key, value] of Object.entries(options)) if (typeof value === 'string') out.set(resolve(value), key);
  try {
    const data = JSON.parse(readFileSync(sketch.file, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(data)) {
      const file = typeof value === 'string' ? resolve(dirname(sketch.file), value) : undefined;
      if (file !== undefined && !out.has(file)) out.set(file, key);
    }
  } catch {
    // A scenario that is not JSON names nothing.
  }
  return out;
}

export function runIdentity(
  sketch: Pick<ScenarioSketch, 'file' | 'fingerprint'>,
  command: string | undefined,
  options: ScenarioOptions = {},
): RunIdentity {
  const named = roles(sketch, options);
  return {
    tacsim: tacsimVersion(),
    ...(command !== undefined ? { command } : {}),
    started: new Date().toISOString(),
    inputs: Object.entries(sketch.fingerprint.files).map(([file, sha256]) => ({ role: named.get(resolve(file)) ?? 'read', file, sha256 })),
  };
}
