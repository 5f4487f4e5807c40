/**
 * Plays sets of games on a piscina pool (or in this thread with workers = 0): batching, a bounded
 * number of batches in flight (so memory stays flat), replacement of dead workers with their games
 * rerun, and a clean stop through a shared flag the workers poll between actions.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { InputError } from '../core/errors.js';
import { deriveSeed } from '../core/rng.js';
import type { LoadedScenario, SideInfo } from '../core/system.js';
import { systemModuleOfScenario } from '../scenarios.js';
import { loadAgentFactory, loadRunScenario, playGame, progressValue, seatSpecs, timeLimitError } from './match.js';
import type { AgentFactory, GameOrder, GameRow, HarnessAgent, RunConfig } from './types.js';
import type { BatchResult, BatchTask, WorkerInit } from './worker.js';

/**
 * Node flags for every worker thread we start. Without them Piscina loads our ES-module worker file through
 * require(esm), and Node 20 aborts the whole process (FATAL ERROR in v8::Module::IsGraphAsync) when a worker is
 * terminated while that synchronous load is under way, as when a run or the web server stops just after its
 * pool started. Refused, the require falls back to import(), which a termination interrupts cleanly. The
 * parent's own flags are not passed on: some (--max-old-space-size) are refused in a worker.
 */
export const WORKER_EXEC_ARGV: readonly string[] = ['--no-experimental-require-module'];

/** Games per batch at most, and the time a batch should take (see `play`). */
const MAX_BATCH = 20;
const BATCH_TARGET_MS = 250;
/** A given batchSize is capped here: the watchdog counts a batch's started games in 11 bits. */
const MAX_GIVEN_BATCH = 2000;

/** How many times a game whose worker died is tried again before it is recorded as failed. */
const MAX_ATTEMPTS = 3;

/** Most worker threads a run may ask for: each costs a V8 heap, so a thousand exhaust memory. */
export const MAX_WORKERS = 256;

/** Default wall-clock limit of one game (--game-time-limit): long MCTS games take minutes, never this. */
export const DEFAULT_GAME_TIME_LIMIT_MS = 30 * 60_000;

/**
 * After a stop request, the games in progress get this long to reach their next action and hand back
 * the finished rows; a worker still busy then (one long decision, a game stuck in a loop) is ended.
 */
const STOP_GRACE_MS = 400;
/** How often the watchdog looks at the batches in flight. */
const WATCH_MS = 100;
/**
 * The watchdog ends a worker only this long after the game's own limit, so a game that is slow but
 * still acting ends in the worker (playGame checks the clock between actions) and the worker lives on.
 */
const WATCHDOG_SLACK_MS = 1000;

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

export interface RunnerOptions {
  /**
   * Wall-clock limit of one game in ms (0: none). Default DEFAULT_GAME_TIME_LIMIT_MS. A game over it is
   * an error row; a worker that does not come back from it (stuck inside one action) is ended and replaced.
   */
  gameTimeLimitMs?: number;
}

interface Batch {
  indices: number[];
  attempts: number;
}

/** A batch handed to the pool: its abort switch and what the watchdog has seen of it. */
interface Launch {
  batch: Batch;
  token: number;
  slot: number;
  controller: AbortController;
  /** Games of the batch started so far, and when the last one started (performance.now()). */
  started: number;
  since: number;
  why?: 'time-limit' | 'stop';
}

export class GameRunner {
  private pool: Piscina<BatchTask, BatchResult> | undefined;
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  /** One slot per batch in flight, written by the worker as each game starts (progressValue). */
  private readonly progress: Int32Array;
  private local: { scenario: LoadedScenario; factory: AgentFactory; agents: Map<string, HarnessAgent> } | undefined;
  /** During playOrders: each game's own specs and seed, by index. */
  private orders: ReadonlyMap<number, GameOrder> | undefined;
  readonly gameTimeLimitMs: number;

  private constructor(
    readonly config: RunConfig,
    readonly workers: number,
    options: RunnerOptions,
  ) {
    this.progress = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, workers * 2)));
    this.gameTimeLimitMs = options.gameTimeLimitMs ?? DEFAULT_GAME_TIME_LIMIT_MS;
  }

  /** `workers` 0 plays in this thread (debugging, tiny runs); otherwise a pool of that many threads. */
  static async create(config: RunConfig, workers: number = defaultWorkers(), options: RunnerOptions = {}): Promise<GameRunner> {
    if (!Number.isInteger(workers) || workers < 0 || workers > MAX_WORKERS)
      throw new InputError(`the number of workers must be a whole number from 0 to ${MAX_WORKERS}, not ${workers}`, undefined, '--workers');
    // Workers must load a system registered at run time in this thread (a test's, a plugin's) themselves.
    if (config.systemModule === undefined) {
      const systemModule = systemModuleOfScenario(config.scenario);
      if (systemModule !== undefined) config = { ...config, systemModule };
    }
    const runner = new GameRunner(config, workers, options);
    if (workers <= 0) {
      const scenario = await loadRunScenario(config.scenario, config.scenarioOptions, config.systemModule);
      runner.local = { scenario, factory: await loadAgentFactory(config.agentModule), agents: new Map() };
    } else {
      const init: WorkerInit = { config, stop: runner.stop, progress: runner.progress, gameTimeLimitMs: runner.gameTimeLimitMs };
      runner.pool = new Piscina<BatchTask, BatchResult>({
        filename: workerFile(),
        workerData: init,
        minThreads: workers,
        maxThreads: workers,
        idleTimeout: 60_000,
        execArgv: [...WORKER_EXEC_ARGV],
      });
    }
    return runner;
  }

  /**
   * Plays the games `indices`, calling `onRow` for each as it finishes (in completion order).
   * Batches shrink as the run nears its end (or are all `batchSize` games when given); at most 2 batches
   * per worker are in flight. A stop request (the signal) ends the call within about STOP_GRACE_MS: the
   * games in progress are abandoned, the finished ones reported.
   */
  async play(indices: readonly number[], onRow: (row: GameRow) => void, signal?: AbortSignal, batchSize?: number): Promise<PlayReport> {
    const stopRequested = () => signal?.aborted === true;
    let stopAt: number | undefined;
    const onAbort = () => {
      Atomics.store(this.stop, 0, 1);
      stopAt = performance.now();
    };
    if (signal?.aborted) return { stopped: true };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (!this.pool) return await this.playLocal(indices, onRow, stopRequested);
      // Batch size: guided self-scheduling (Polychronopoulos & Kuck, IEEE Trans. Computers 36(12), 1987) --
      // a share of the games still unsent, so single games at the end and no worker idles while another
      // finishes a long batch -- capped so a batch takes about BATCH_TARGET_MS by the games timed so far:
      // 50 ms scripted games travel 5 at a time, 2-minute MCTS games one by one (rows, progress and the
      // CSV then move game by game). The first batches, before any game is timed, are single games.
      const given = batchSize === undefined ? undefined : Math.max(1, Math.min(MAX_GIVEN_BATCH, Math.floor(batchSize)));
      const retries: Batch[] = [];
      let next = 0;
      let timedGames = 0;
      let timedMs = 0;
      const take = (): Batch | undefined => {
        if (retries.length > 0) return retries.shift();
        if (next >= indices.length) return undefined;
        let size = given ?? 1;
        if (given === undefined && timedGames > 0) {
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
      const freeSlots = Array.from({ length: maxInFlight }, (_, i) => maxInFlight - 1 - i);
      const running = new Set<Launch>();
      let tokens = 0;
      let stopped = false;
      let fatal: Error | undefined;
      let watchdog: NodeJS.Timeout | undefined;
      await new Promise<void>((resolveAll) => {
        const pump = () => {
          while (!fatal && !stopRequested() && running.size < maxInFlight && queued() > 0) launch(take()!);
          if (running.size === 0 && (queued() === 0 || fatal || stopRequested())) {
            if (queued() > 0) stopped = true;
            clearInterval(watchdog);
            resolveAll();
          }
        };
        const settle = (l: Launch) => {
          running.delete(l);
          freeSlots.push(l.slot);
        };
        const launch = (batch: Batch) => {
          const l: Launch = {
            batch,
            token: ++tokens,
            slot: freeSlots.pop()!,
            controller: new AbortController(),
            started: 0,
            since: 0,
          };
          running.add(l);
          batch.attempts++;
          Atomics.store(this.progress, l.slot, progressValue(l.token, 0));
          const orders = this.orders;
          const task: BatchTask = { indices: batch.indices, slot: l.slot, token: l.token };
          if (orders) task.orders = batch.indices.map((i) => orders.get(i)!);
          this.pool!.run(task, { signal: l.controller.signal }).then(
            (res) => {
              settle(l);
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
              settle(l);
              if (l.why === 'stop') stopped = true;
              else if (l.why === 'time-limit') {
                // The stuck game is an error row; the batch's other games (finished ones were lost with
                // the worker) are played again, each on its own.
                const stuck = l.batch.indices[l.started - 1]!;
                onRow(this.failedRow(stuck, timeLimitError(this.gameTimeLimitMs)));
                retries.unshift(...l.batch.indices.filter((i) => i !== stuck).map((i) => ({ indices: [i], attempts: 0 })));
              } else {
                // The worker died (process.exit, out of memory, native crash): piscina replaces it.
                const msg = err instanceof Error ? err.message : String(err);
                if (batch.indices.length > 1) {
                  // Rerun each of its games on its own, so one bad game cannot sink the others.
                  retries.unshift(...batch.indices.map((i) => ({ indices: [i], attempts: 1 })));
                } else if (batch.attempts < MAX_ATTEMPTS) {
                  retries.unshift(batch);
                } else {
                  onRow(this.failedRow(batch.indices[0]!, `worker died ${MAX_ATTEMPTS} times playing this game: ${msg}`));
                }
              }
              pump();
            },
          );
        };
        watchdog = setInterval(() => {
          const now = performance.now();
          for (const l of running) {
            if (l.why !== undefined) continue;
            const value = Atomics.load(this.progress, l.slot);
            if (value >>> 11 !== (l.token & 0xfffff)) continue;
            const started = value & 0x7ff;
            if (started !== l.started) {
              l.started = started;
              l.since = now;
            } else if (stopAt !== undefined && now - stopAt > STOP_GRACE_MS) {
              // Still in the same game (or still waiting for a worker) well after the stop request.
              l.why = 'stop';
              l.controller.abort();
            } else if (started > 0 && this.gameTimeLimitMs > 0 && now - l.since > this.gameTimeLimitMs + WATCHDOG_SLACK_MS) {
              l.why = 'time-limit';
              l.controller.abort();
            }
          }
        }, WATCH_MS);
        pump();
      });
      if (fatal) throw fatal;
      return { stopped };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Plays games each given by its own seat specs and seed (keyed by the index its row will carry) rather
   * than by the run's agents and master seed, as `play` plays indices: batches, retries, time limits, stop.
   */
  async playOrders(orders: ReadonlyMap<number, GameOrder>, onRow: (row: GameRow) => void, signal?: AbortSignal): Promise<PlayReport> {
    if (this.orders !== undefined) throw new Error('playOrders: the runner is already playing ordered games');
    this.orders = orders;
    try {
      return await this.play([...orders.keys()], onRow, signal);
    } finally {
      this.orders = undefined;
    }
  }

  private specsOf(sides: readonly SideInfo[], index: number): string[] {
    const order = this.orders?.get(index);
    return order ? [...order.specs] : seatSpecs(sides, this.config.agents, this.config.swap, index);
  }

  private seedOf(index: number): string {
    return this.orders?.get(index)?.seed ?? deriveSeed(this.config.seed, index);
  }

  /** The row of a game that produced none: its worker died or it ran out of time. */
  private failedRow(index: number, message: string): GameRow {
    const sides = Object.keys(this.config.agents).map((id) => ({ id, name: id }));
    const n = sides.length;
    return {
      game: index,
      seed: this.seedOf(index),
      agents: this.specsOf(sides, index),
      winner: null,
      victoryLevel: '',
      turns: null,
      vp: new Array<null>(n).fill(null),
      metrics: {},
      actions: 0,
      ms: 0,
      error: message,
    };
  }

  private async playLocal(indices: readonly number[], onRow: (row: GameRow) => void, stopRequested: () => boolean): Promise<PlayReport> {
    const ctx = this.local!;
    const { config } = this;
    for (const index of indices) {
      if (stopRequested()) return { stopped: true };
      const specs = this.specsOf(ctx.scenario.sides, index);
      const agents: HarnessAgent[] = [];
      for (let seat = 0; seat < specs.length; seat++) {
        const key = `${seat}\u0000${specs[seat]}`;
        let agent = ctx.agents.get(key);
        if (!agent) ctx.agents.set(key, (agent = await ctx.factory(specs[seat]!, ctx.scenario.ai)));
        agents.push(agent);
      }
      const row = await playGame(ctx.scenario, agents, specs, index, this.seedOf(index), {
        maxActions: config.maxActions,
        records: config.records,
        turnRecords: config.turnRecords === true,
        shouldStop: stopRequested,
        timeLimitMs: this.gameTimeLimitMs,
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
