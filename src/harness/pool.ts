/**
 * Plays sets of games on a piscina pool (or in this thread with workers = 0): batching, a bounded
 * number of batches in flight (so memory stays flat), replacement of dead workers with their games
 * rerun, and a clean stop through a shared flag the workers poll between actions.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { deriveSeed } from '../core/rng.js';
import type { LoadedScenario } from '../core/system.js';
import { systemModuleOfScenario } from '../scenarios.js';
import { loadAgentFactory, loadRunScenario, playGame, seatSpecs } from './match.js';
import type { AgentFactory, GameRow, HarnessAgent, RunConfig } from './types.js';
import type { BatchResult, BatchTask, WorkerInit } from './worker.js';

/** Games per batch at most, and the time a batch should take (see `play`). */
const MAX_BATCH = 20;
const BATCH_TARGET_MS = 250;

/** How many times a game whose worker died is tried again before it is recorded as failed. */
const MAX_ATTEMPTS = 3;

/**
 * The compiled worker file. From dist/ it sits beside this module; when this module runs from the
 * TypeScript sources (tests), the compiled copy in dist/src/harness/ is used.
 */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const i = here.lastIndexOf('/src/harness/');
    if (i < 0) throw new Error(`cannot locate the compiled worker from ${here}`);
    return `${here.slice(0, i)}/dist/src/harness/worker.js`;
  }
  return fileURLToPath(new URL('./worker.js', import.meta.url));
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

export interface PlayReport {
  /** Stopped by the signal before every game was played. */
  stopped: boolean;
}

interface Batch {
  indices: number[];
  attempts: number;
}

export class GameRunner {
  private pool: Piscina<BatchTask, BatchResult> | undefined;
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  private local: { scenario: LoadedScenario; factory: AgentFactory; agents: Map<string, HarnessAgent> } | undefined;

  private constructor(
    readonly config: RunConfig,
    readonly workers: number,
  ) {}

  /** `workers` 0 plays in this thread (debugging, tiny runs); otherwise a pool of that many threads. */
  static async create(config: RunConfig, workers: number = defaultWorkers()): Promise<GameRunner> {
    // Workers must load a system registered at run time in this thread (a test's, a plugin's) themselves.
    if (config.systemModule === undefined) {
      const systemModule = systemModuleOfScenario(config.scenario);
      if (systemModule !== undefined) config = { ...config, systemModule };
    }
    const runner = new GameRunner(config, workers);
    if (workers <= 0) {
      const scenario = await loadRunScenario(config.scenario, config.scenarioOptions, config.systemModule);
      runner.local = { scenario, factory: await loadAgentFactory(config.agentModule), agents: new Map() };
    } else {
      const init: WorkerInit = { config, stop: runner.stop };
      runner.pool = new Piscina<BatchTask, BatchResult>({
        filename: workerFile(),
        workerData: init,
        minThreads: workers,
        maxThreads: workers,
        idleTimeout: 60_000,
      });
    }
    return runner;
  }

  /**
   * Plays the games `indices`, calling `onRow` for each as it finishes (in completion order).
   * Batches shrink as the run nears its end (or are all `batchSize` games when given); at most 2 batches
   * per worker are in flight.
   */
  async play(indices: readonly number[], onRow: (row: GameRow) => void, signal?: AbortSignal, batchSize?: number): Promise<PlayReport> {
    const stopRequested = () => signal?.aborted === true;
    const onAbort = () => Atomics.store(this.stop, 0, 1);
    if (signal?.aborted) return { stopped: true };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (!this.pool) return await this.playLocal(indices, onRow, stopRequested);
      // Batch size: guided self-scheduling (Polychronopoulos & Kuck, IEEE Trans. Computers 36(12), 1987) --
      // a share of the games still unsent, so single games at the end and no worker idles while another
      // finishes a long batch -- capped so a batch takes about BATCH_TARGET_MS by the games timed so far:
      // 50 ms scripted games travel 5 at a time, 2-minute MCTS games one by one (rows, progress and the
      // CSV then move game by game). The first batches, before any game is timed, are single games.
      const retries: Batch[] = [];
      let next = 0;
      let timedGames = 0;
      let timedMs = 0;
      const take = (): Batch | undefined => {
        if (retries.length > 0) return retries.shift();
        if (next >= indices.length) return undefined;
        let size = batchSize ?? 1;
        if (batchSize === undefined && timedGames > 0) {
          const byTime = Math.floor(BATCH_TARGET_MS / Math.max(1e-3, timedMs / timedGames));
          const guided = Math.ceil((indices.length - next) / (this.workers * 4));
          size = Math.max(1, Math.min(MAX_BATCH, byTime, guided));
        }
        const batch = { indices: indices.slice(next, next + size), attempts: 0 };
        next = Math.min(indices.length, next + size);
        return batch;
      };
      const queued = () => retries.length + (indices.length - next);
      const maxInFlight = this.workers * 2;
      let inFlight = 0;
      let stopped = false;
      let fatal: Error | undefined;
      await new Promise<void>((resolveAll) => {
        const pump = () => {
          while (!fatal && !stopRequested() && inFlight < maxInFlight && queued() > 0) launch(take()!);
          if (inFlight === 0 && (queued() === 0 || fatal || stopRequested())) {
            if (queued() > 0) stopped = true;
            resolveAll();
          }
        };
        const launch = (batch: Batch) => {
          inFlight++;
          batch.attempts++;
          this.pool!.run({ indices: batch.indices }).then(
            (res) => {
              inFlight--;
              if (res.fatal !== undefined) fatal ??= new Error(res.fatal);
              for (const row of res.rows) {
                timedGames++;
                timedMs += row.ms;
                onRow(row);
              }
              if (res.stopped) stopped = true;
              pump();
            },
            (err: unknown) => {
              // The worker died (process.exit, out of memory, native crash): piscina replaces it.
              inFlight--;
              const msg = err instanceof Error ? err.message : String(err);
              if (batch.indices.length > 1) {
                // Rerun each of its games on its own, so one bad game cannot sink the others.
                retries.unshift(...batch.indices.map((i) => ({ indices: [i], attempts: 1 })));
              } else if (batch.attempts < MAX_ATTEMPTS) {
                retries.unshift(batch);
              } else {
                onRow(this.deadWorkerRow(batch.indices[0]!, msg));
              }
              pump();
            },
          );
        };
        pump();
      });
      if (fatal) throw fatal;
      return { stopped };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private deadWorkerRow(index: number, message: string): GameRow {
    const sides = Object.keys(this.config.agents).map((id) => ({ id, name: id }));
    const n = sides.length;
    return {
      game: index,
      seed: deriveSeed(this.config.seed, index),
      agents: seatSpecs(sides, this.config.agents, this.config.swap, index),
      winner: null,
      victoryLevel: '',
      turns: null,
      vp: new Array<null>(n).fill(null),
      metrics: {},
      actions: 0,
      ms: 0,
      error: `worker died ${MAX_ATTEMPTS} times playing this game: ${message}`,
    };
  }

  private async playLocal(indices: readonly number[], onRow: (row: GameRow) => void, stopRequested: () => boolean): Promise<PlayReport> {
    const ctx = this.local!;
    const { config } = this;
    for (const index of indices) {
      if (stopRequested()) return { stopped: true };
      const specs = seatSpecs(ctx.scenario.sides, config.agents, config.swap, index);
      const agents: HarnessAgent[] = [];
      for (let seat = 0; seat < specs.length; seat++) {
        const key = `${seat}\u0000${specs[seat]}`;
        let agent = ctx.agents.get(key);
        if (!agent) ctx.agents.set(key, (agent = await ctx.factory(specs[seat]!, ctx.scenario.ai)));
        agents.push(agent);
      }
      const row = await playGame(ctx.scenario, agents, specs, index, deriveSeed(config.seed, index), {
        maxActions: config.maxActions,
        records: config.records,
        shouldStop: stopRequested,
      });
      if (row === null) return { stopped: true };
      onRow(row);
    }
    return { stopped: false };
  }

  async close(): Promise<void> {
    if (this.pool) {
      await this.pool.destroy();
      this.pool = undefined;
    }
    if (this.local) {
      for (const a of this.local.agents.values()) await a.close?.();
      this.local = undefined;
    }
  }
}
