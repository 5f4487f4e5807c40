/**
 * The coordinator of a queued run: plays a set of games on `tacsim worker` processes through Redis with
 * BullMQ, with the interface of the local GameRunner (play, close). It stores the run's spec once under
 * its content hash, puts batches of game indices on the queue (a bounded number at a time, sized from
 * the games timed so far), and reads finished rows from the run's row stream as workers add them.
 *
 * Rows are keyed by game index: a game played twice (a batch retried after its worker was lost while
 * some of its rows were already sent) is counted once. A job that fails or disappears has its missing
 * games queued again; a game whose job fails MAX_ATTEMPTS times on its own becomes an error row.
 * Stopped, the coordinator takes its waiting jobs off the queue; jobs already running finish and leave
 * their rows in the stream, where a resumed run (same spec hash) finds them, as it finds its jobs still
 * queued after a coordinator was killed.
 */
import { hostname } from 'node:os';
import { type ConnectionOptions, type Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { InputError } from '../../core/errors.js';
import { deriveSeed } from '../../core/rng.js';
import { systemModuleOfScenario } from '../../scenarios.js';
import { seatSpecs } from '../match.js';
import { DEFAULT_GAME_TIME_LIMIT_MS, type PlayReport } from '../pool.js';
import { probeScenario } from '../probe.js';
import type { GameRow, RunConfig } from '../types.js';
import { connect, parseQueueUrl, type QueueAddress } from './connection.js';
import {
  BEAT_STALE_MS,
  type BatchJob,
  buildId,
  decodeRow,
  FATAL,
  keys,
  QUEUE_NAME,
  QUEUE_PREFIX,
  RUN_TTL_SECONDS,
  type RunSpec,
  specHash,
  type WorkerBeat,
} from './protocol.js';

/** A job should keep one worker thread busy about this long: long enough that the queue's cost per job is small. */
const TARGET_JOB_MS = 1000;
const MAX_JOB_GAMES = 500;
/** How often jobs in flight are looked at (failed, lost) and the lock and keys kept alive. */
const CHECK_MS = 2000;
/** How long a stream read waits for rows. */
const READ_BLOCK_MS = 250;
/** Times a game is queued again after its job failed before it is recorded as failed. */
const MAX_ATTEMPTS = 3;
const LOCK_MS = 15_000;
/** Rows of a worker within this window give its games/s. */
const RATE_WINDOW_MS = 30_000;

interface Flight {
  id: string;
  /** Games of the job whose rows have not come. */
  games: Set<number>;
  added: number;
  /** Seen finished (or gone) with rows missing: at the next look its missing games are queued again. */
  suspect: boolean;
}

interface WorkerStats {
  times: number[];
  games: number;
}

export interface QueueRunnerOptions {
  gameTimeLimitMs?: number;
  /** Where messages for the person running the coordinator go (lock waits). Default stderr. */
  log?: (line: string) => void;
}

export class QueueRunner {
  private readonly lockValue = `${hostname()} pid ${process.pid}`;
  private readonly stats = new Map<string, WorkerStats>();
  private alive: WorkerBeat[] = [];
  private redisDown: string | undefined;
  /** Jobs whose rows have all come, waiting to be taken off the run's job list. */
  private collected: string[] = [];
  private inFlight = new Map<string, Flight>();
  private jobSeq = 0;
  private timedGames = 0;
  private timedMs = 0;

  private constructor(
    readonly address: QueueAddress,
    readonly hash: string,
    readonly spec: RunSpec,
    private readonly client: Redis,
    private readonly reader: Redis,
    private readonly queue: Queue,
  ) {}

  static async create(config: RunConfig, url: string, options: QueueRunnerOptions = {}): Promise<QueueRunner> {
    const address = parseQueueUrl(url);
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    if (config.systemModule === undefined) {
      const systemModule = systemModuleOfScenario(config.scenario);
      if (systemModule !== undefined) config = { ...config, systemModule };
    }
    const { sketch } = await probeScenario({
      scenario: config.scenario,
      options: config.scenarioOptions,
      ...(config.systemModule ? { systemModule: config.systemModule } : {}),
    });
    const spec: RunSpec = {
      config,
      gameTimeLimitMs: options.gameTimeLimitMs ?? DEFAULT_GAME_TIME_LIMIT_MS,
      build: buildId(),
      scenarioFiles: Object.values(sketch.fingerprint.files).sort(),
    };
    const hash = specHash(spec);
    let runner: QueueRunner | undefined;
    const onError = (e: Error) => {
      if (runner && runner.redisDown === undefined) log(`Redis unreachable at ${address.display} (${e.message}); waiting for it`);
      if (runner) runner.redisDown = e.message;
    };
    const client = await connect(address, 'tacsim-coordinator', onError);
    const reader = client.duplicate();
    reader.on('error', onError);
    client.on('ready', () => {
      if (runner?.redisDown !== undefined) log(`Redis at ${address.display} is back`);
      if (runner) runner.redisDown = undefined;
    });
    // Nothing reads BullMQ's event stream (rows come through the run's own stream): keep it short.
    const queue = new Queue(QUEUE_NAME, {
      connection: { ...address.options } as ConnectionOptions,
      prefix: QUEUE_PREFIX,
      streams: { events: { maxLen: 1000 } },
    });
    queue.on('error', onError);
    runner = new QueueRunner(address, hash, spec, client, reader, queue);
    try {
      await runner.lock(log);
      await client.set(keys.spec(hash), JSON.stringify(spec), 'EX', RUN_TTL_SECONDS);
    } catch (e) {
      await runner.shut();
      throw e;
    }
    return runner;
  }

  /** Takes the run's lock, waiting for it while a coordinator that was killed still holds it. */
  private async lock(log: (line: string) => void): Promise<void> {
    const key = keys.lock(this.hash);
    let told = false;
    for (const until = Date.now() + LOCK_MS + 2000; ; ) {
      if ((await this.client.set(key, this.lockValue, 'PX', LOCK_MS, 'NX')) === 'OK') return;
      const holder = (await this.client.get(key)) ?? '?';
      if (Date.now() > until)
        throw new InputError(
          `another coordinator (${holder}) is running these games on ${this.address.display}; stop it before starting this one`,
          undefined,
          '--queue',
          'bad-option',
        );
      if (!told) log(`waiting for the lock of this run, held by ${holder} (a stopped coordinator's lock lapses in ${LOCK_MS / 1000} s)`);
      told = true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** One line on the workers: games/s each (the progress line shows it). */
  detail(): string {
    if (this.redisDown !== undefined) return `Redis unreachable (${this.redisDown}); waiting`;
    const now = Date.now();
    const parts: string[] = [];
    let threads = 0;
    for (const beat of this.alive) {
      threads += beat.threads;
      const s = this.stats.get(beat.id);
      const recent = s ? s.times.filter((t) => now - t <= RATE_WINDOW_MS).length : 0;
      const span = s && s.times.length > 0 ? Math.min(RATE_WINDOW_MS, Math.max(1000, now - s.times[0]!)) : RATE_WINDOW_MS;
      parts.push(`${beat.id} ${((recent * 1000) / span).toFixed(1)}/s`);
    }
    if (parts.length === 0) return `no workers yet (start some: tacsim worker --queue ${this.address.display})`;
    const shown = parts.length > 4 ? [...parts.slice(0, 4), `+${parts.length - 4} more`] : parts;
    return `${this.alive.length} worker${this.alive.length === 1 ? '' : 's'}, ${threads} thread${threads === 1 ? '' : 's'}: ${shown.join(', ')}`;
  }

  async play(indices: readonly number[], onRow: (row: GameRow) => void, signal?: AbortSignal, batchSize?: number): Promise<PlayReport> {
    if (signal?.aborted) return { stopped: true };
    const wanted = new Set(indices);
    const received = new Set<number>();
    const gameJob = new Map<number, string>();
    const attempts = new Map<number, number>();
    const retries: number[] = [];
    let fatal: string | undefined;
    const rowsKey = keys.rows(this.hash);
    const jobsKey = keys.jobs(this.hash);

    const deliver = (row: GameRow, worker: string | undefined) => {
      if (!wanted.has(row.game) || received.has(row.game)) return;
      received.add(row.game);
      if (worker !== undefined) {
        const s = this.stats.get(worker) ?? { times: [], games: 0 };
        const now = Date.now();
        s.times.push(now);
        while (s.times.length > 0 && now - s.times[0]! > RATE_WINDOW_MS) s.times.shift();
        s.games++;
        this.stats.set(worker, s);
      }
      if (row.error === null) {
        this.timedGames++;
        this.timedMs += row.ms;
      }
      const id = gameJob.get(row.game);
      if (id !== undefined) {
        gameJob.delete(row.game);
        const flight = this.inFlight.get(id);
        flight?.games.delete(row.game);
        if (flight && flight.games.size === 0) {
          this.inFlight.delete(id);
          this.collected.push(id);
        }
      }
      onRow(row);
    };

    let lastId = '0';
    const readRows = async (block: number | undefined): Promise<number> => {
      const res =
        block === undefined
          ? await this.reader.xread('COUNT', 1000, 'STREAMS', rowsKey, lastId)
          : await this.reader.xread('COUNT', 1000, 'BLOCK', block, 'STREAMS', rowsKey, lastId);
      let n = 0;
      for (const [, entries] of res ?? [])
        for (const [id, fields] of entries) {
          lastId = id;
          n++;
          let worker: string | undefined;
          let text: string | undefined;
          for (let i = 0; i + 1 < fields.length; i += 2) {
            if (fields[i] === 'w') worker = fields[i + 1];
            else if (fields[i] === 'r') text = fields[i + 1];
          }
          if (text === undefined) continue;
          let row: GameRow;
          try {
            row = decodeRow(text);
          } catch {
            continue;
          }
          if (Number.isInteger(row.game)) deliver(row, worker);
        }
      return n;
    };

    // Rows left by an earlier coordinator of the same games (stopped or killed), then its jobs still queued.
    while ((await readRows(undefined)) > 0) {}
    for (const id of await this.client.smembers(jobsKey)) {
      const state = await this.queue.getJobState(id);
      const job = (await this.queue.getJob(id)) as Job<BatchJob> | undefined;
      if (job && job.data.spec === this.hash && ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'].includes(state)) {
        const games = job.data.games.filter((g) => wanted.has(g) && !received.has(g) && !gameJob.has(g));
        if (games.length === 0) continue;
        this.inFlight.set(id, { id, games: new Set(games), added: Date.now(), suspect: false });
        for (const g of games) gameJob.set(g, id);
      } else {
        await job?.remove().catch(() => {});
        await this.client.srem(jobsKey, id);
      }
    }
    const fresh = indices.filter((g) => !received.has(g) && !gameJob.has(g));
    let nextFresh = 0;

    const threads = () =>
      Math.max(
        1,
        this.alive.reduce((n, b) => n + b.threads, 0),
      );
    const sizeOfNext = (): number => {
      if (batchSize !== undefined) return Math.max(1, Math.min(MAX_JOB_GAMES, Math.floor(batchSize)));
      if (this.timedGames === 0) return 1;
      const byTime = Math.floor(TARGET_JOB_MS / Math.max(1e-3, this.timedMs / this.timedGames));
      const guided = Math.ceil((fresh.length - nextFresh) / (threads() * 4));
      return Math.max(1, Math.min(MAX_JOB_GAMES, byTime, guided));
    };
    const topUp = async () => {
      const maxJobs = Math.max(4, threads() * 2);
      const batches: number[][] = [];
      while (this.inFlight.size + batches.length < maxJobs) {
        if (retries.length > 0) batches.push([retries.shift()!]);
        else if (nextFresh < fresh.length) {
          const size = sizeOfNext();
          batches.push(fresh.slice(nextFresh, nextFresh + size));
          nextFresh += size;
        } else break;
      }
      if (batches.length === 0) return;
      const jobs = batches.map((games) => ({
        id: `${this.hash.slice(0, 12)}-${process.pid}-${Date.now().toString(36)}-${++this.jobSeq}`,
        games,
      }));
      // Listed before they are queued: a coordinator killed in between leaves a listed job that does not exist, never the reverse.
      await this.client.sadd(jobsKey, ...jobs.map((j) => j.id));
      await this.queue.addBulk(
        jobs.map((j) => ({
          name: 'batch',
          data: { spec: this.hash, games: j.games },
          opts: { jobId: j.id, removeOnComplete: true, removeOnFail: false, attempts: 2, backoff: { type: 'fixed', delay: 1000 } },
        })),
      );
      const now = Date.now();
      for (const j of jobs) {
        this.inFlight.set(j.id, { id: j.id, games: new Set(j.games), added: now, suspect: false });
        for (const g of j.games) gameJob.set(g, j.id);
      }
    };

    const requeue = (flight: Flight, reason: string | undefined) => {
      this.inFlight.delete(flight.id);
      const games = [...flight.games].sort((a, b) => a - b);
      for (const g of games) gameJob.delete(g);
      if (reason === undefined) {
        retries.unshift(...games);
        return;
      }
      for (const g of games) {
        const n = (attempts.get(g) ?? 0) + 1;
        attempts.set(g, n);
        // Rerun each game of a failed batch on its own, so one bad game cannot sink the others.
        if (games.length > 1 || n < MAX_ATTEMPTS) retries.push(g);
        else deliver(this.failedRow(g, `its batch failed ${n} times on the workers: ${reason}`), undefined);
      }
    };

    let trimTo: string | undefined;
    const check = async () => {
      const now = Date.now();
      const lockKey = keys.lock(this.hash);
      if ((await this.client.get(lockKey)) === this.lockValue) await this.client.pexpire(lockKey, LOCK_MS);
      else await this.client.set(lockKey, this.lockValue, 'PX', LOCK_MS, 'NX');
      for (const key of [keys.spec(this.hash), rowsKey, jobsKey]) await this.client.expire(key, RUN_TTL_SECONDS);
      await this.readWorkers(now);
      const old = [...this.inFlight.values()].filter((f) => now - f.added >= CHECK_MS);
      const states = await Promise.all(old.map((f) => this.queue.getJobState(f.id)));
      for (const [i, flight] of old.entries()) {
        const state = states[i]!;
        if (state === 'completed' || state === 'unknown') {
          // Its rows were sent before it finished: a read or two later they are here, else they were lost.
          if (flight.suspect) {
            requeue(flight, undefined);
            await this.client.srem(jobsKey, flight.id);
          } else flight.suspect = true;
        } else if (state === 'failed') {
          const job = (await this.queue.getJob(flight.id)) as Job<BatchJob> | undefined;
          const reason = job?.failedReason || 'unknown failure';
          if (reason.startsWith(FATAL)) fatal = reason.slice(FATAL.length);
          else requeue(flight, reason);
          await job?.remove().catch(() => {});
          await this.client.srem(jobsKey, flight.id);
        }
      }
      if (this.collected.length > 0) {
        await this.client.srem(jobsKey, ...this.collected);
        this.collected = [];
      }
      // Rows read before the previous look are in the run's files by now: Redis need not keep them.
      if (trimTo !== undefined) await this.client.call('XTRIM', rowsKey, 'MINID', trimTo);
      trimTo = lastId === '0' ? undefined : lastId;
    };

    await this.readWorkers(Date.now());
    let lastCheck = Date.now();
    let stopped = false;
    while (received.size < wanted.size) {
      if (fatal !== undefined) break;
      if (signal?.aborted) {
        stopped = true;
        break;
      }
      await topUp();
      await readRows(READ_BLOCK_MS);
      if (Date.now() - lastCheck >= CHECK_MS) {
        await check();
        lastCheck = Date.now();
      }
    }
    if (stopped || fatal !== undefined) await this.withdraw();
    else if (this.collected.length > 0) {
      await this.client.srem(jobsKey, ...this.collected);
      this.collected = [];
    }
    if (fatal !== undefined) throw new InputError(fatal, undefined, '--queue', 'bad-option');
    return { stopped };
  }

  /** Takes the run's jobs that no worker has started off the queue (a stop); running ones finish into the row stream. */
  private async withdraw(): Promise<void> {
    for (const flight of this.inFlight.values()) {
      const state = await this.queue.getJobState(flight.id);
      if (state === 'waiting' || state === 'delayed' || state === 'prioritized') {
        const job = await this.queue.getJob(flight.id);
        const removed = await job
          ?.remove()
          .then(() => true)
          .catch(() => false);
        if (removed) {
          this.inFlight.delete(flight.id);
          await this.client.srem(keys.jobs(this.hash), flight.id);
        }
      }
    }
  }

  private async readWorkers(now: number): Promise<void> {
    const all = await this.client.hgetall(keys.workers);
    const alive: WorkerBeat[] = [];
    for (const [id, text] of Object.entries(all)) {
      let beat: WorkerBeat | undefined;
      try {
        beat = JSON.parse(text) as WorkerBeat;
      } catch {}
      if (beat && now - beat.at <= BEAT_STALE_MS) alive.push(beat);
      else if (beat && now - beat.at > 10 * BEAT_STALE_MS) await this.client.hdel(keys.workers, id);
    }
    this.alive = alive.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** The row of a game that produced none (its batch failed again and again on the workers). */
  private failedRow(index: number, message: string): GameRow {
    const { config } = this.spec;
    const sides = Object.keys(config.agents).map((id) => ({ id, name: id }));
    return {
      game: index,
      seed: deriveSeed(config.seed, index),
      agents: seatSpecs(sides, config.agents, config.swap, index),
      winner: null,
      victoryLevel: '',
      turns: null,
      vp: new Array<null>(sides.length).fill(null),
      metrics: {},
      actions: 0,
      ms: 0,
      error: message,
    };
  }

  /**
   * Lets go of the run. With nothing in flight its keys are deleted; otherwise (a stop while workers
   * were playing) they stay for a resumed run to collect.
   */
  async close(): Promise<void> {
    try {
      if (this.inFlight.size === 0 && this.redisDown === undefined)
        await this.client.del(keys.rows(this.hash), keys.jobs(this.hash), keys.spec(this.hash));
      if ((await this.client.get(keys.lock(this.hash))) === this.lockValue) await this.client.del(keys.lock(this.hash));
    } finally {
      await this.shut();
    }
  }

  private async shut(): Promise<void> {
    await this.queue.close().catch(() => {});
    this.reader.disconnect();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
