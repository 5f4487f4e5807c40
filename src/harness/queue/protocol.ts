/**
 * What the coordinator of a queued run and its workers agree on: the Redis keys, the run's spec (stored
 * once under its content hash, not in every job), the jobs (a batch of game indices), and the rows,
 * which travel as whole GameRow objects so any per-game data a row carries reaches the coordinator.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameRow, RunConfig } from '../types.js';

/** BullMQ key prefix and queue name: every tacsim run on a Redis database shares the one queue. */
export const QUEUE_PREFIX = 'tacsim';
export const QUEUE_NAME = 'games';

/** How long the spec, rows and job list of an unfinished run are kept after its coordinator's last sign of life. */
export const RUN_TTL_SECONDS = 7 * 24 * 3600;

/** Everything a worker needs to play any game of a run: one per content hash. */
export interface RunSpec {
  config: RunConfig;
  gameTimeLimitMs: number | undefined;
  /** The build of tacsim that made the spec (see buildId): a worker of another build cannot play its games. */
  build: string;
  /** SHA-256 of every file the scenario was read from, sorted (paths differ between machines, contents must not). */
  scenarioFiles: string[];
}

/** A job: the games to play, by index, of the run whose spec has hash `spec`. */
export interface BatchJob {
  spec: string;
  games: number[];
}

/** What a worker returns for a job (the rows themselves go to the run's row stream as they finish). */
export interface BatchDone {
  worker: string;
  games: number;
}

/** A failed job's reason starts with this when no worker can play the run (the coordinator stops). */
export const FATAL = 'fatal: ';

export const keys = {
  spec: (hash: string) => `${QUEUE_PREFIX}:run:${hash}:spec`,
  /** Stream of finished rows: fields `w` (worker id) and `r` (the row, encodeRow). */
  rows: (hash: string) => `${QUEUE_PREFIX}:run:${hash}:rows`,
  /** Set of the ids of the run's jobs not yet collected. */
  jobs: (hash: string) => `${QUEUE_PREFIX}:run:${hash}:jobs`,
  /** Held by the run's coordinator while it runs (one coordinator a run). */
  lock: (hash: string) => `${QUEUE_PREFIX}:run:${hash}:lock`,
  /** Hash of worker id to its latest heartbeat (WorkerBeat JSON). */
  workers: `${QUEUE_PREFIX}:workers`,
};

/** A worker's heartbeat, written every few seconds. */
export interface WorkerBeat {
  id: string;
  host: string;
  pid: number;
  threads: number;
  games: number;
  /** Date.now() of this beat. */
  at: number;
}

/** A heartbeat older than this means the worker is gone. */
export const BEAT_MS = 2000;
export const BEAT_STALE_MS = 15_000;

/** The content hash of a spec: the same run settings give the same hash (keys sorted). */
export function specHash(spec: RunSpec): string {
  return createHash('sha256').update(canonicalJson(spec)).digest('hex').slice(0, 32);
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * A row as JSON text. Numbers JSON cannot hold (NaN, ±Infinity) are kept as {"$num": "NaN"}, so a row
 * read back is the row that was played (its CSV line the same as a local run's).
 */
export function encodeRow(row: GameRow): string {
  return JSON.stringify(row, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { $num: String(v) } : v));
}

export function decodeRow(text: string): GameRow {
  return JSON.parse(text, (_k, v: unknown) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (Object.keys(o).length === 1 && typeof o.$num === 'string') return Number(o.$num);
    }
    return v;
  }) as GameRow;
}

let build: string | undefined;

/**
 * The build of this tacsim: a hash of its version and compiled code (dist/src, dist/agents). Games are
 * the same only when played by the same code, so every worker of a run must have the coordinator's build.
 */
export function buildId(): string {
  if (build !== undefined) return build;
  const root = packageRoot();
  const hash = createHash('sha256');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  hash.update(`tacsim ${pkg.version ?? '?'}\n`);
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js')) hash.update(`${path.slice(root.length)}\n`).update(readFileSync(path));
    }
  };
  walk(join(root, 'dist', 'src'));
  walk(join(root, 'dist', 'agents'));
  build = hash.digest('hex').slice(0, 16);
  return build;
}

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the package root of tacsim');
    dir = up;
  }
  return dir;
}
