/**
 * `tacsim worker`: takes batches of games off the Redis queue and plays them on this machine's worker
 * threads, one batch a thread (each thread has its own one-thread GameRunner, so a batch gets the local
 * pool's time limits and dead-thread retries), sending each finished game's row to the run's row stream
 * as it finishes. A worker that dies mid-batch holds no lock any more: BullMQ's stalled-job check, run by
 * the other workers, puts the batch back on the queue.
 */
import { hostname } from 'node:os';
import { type ConnectionOptions, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { GameRunner } from '../pool.js';
import { probeScenario } from '../probe.js';
import { connect, parseQueueUrl } from './connection.js';
import {
  BEAT_MS,
  type BatchDone,
  type BatchJob,
  buildId,
  encodeRow,
  FATAL,
  keys,
  QUEUE_NAME,
  QUEUE_PREFIX,
  type RunSpec,
  type WorkerBeat,
} from './protocol.js';

export interface QueueWorkerOptions {
  url: string;
  /** Worker threads, and batches played at once. */
  threads: number;
  /**
   * A batch whose worker has not renewed its lock for this long is taken to be lost and queued again
   * (BullMQ's lockDuration; the stalled check runs as often). Default 30 s.
   */
  stallTimeoutMs?: number;
  /** Log lines (default: stderr with a time stamp). */
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** Worker id (default HOST-PID). */
  id?: string;
}

interface Slot {
  busy: boolean;
  spec?: string;
  runner?: GameRunner;
}

/** Runs until the signal is aborted, then finishes the batches in hand and returns. */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<void> {
  const address = parseQueueUrl(options.url);
  const log = options.log ?? ((line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`));
  const id = options.id ?? `${hostname()}-${process.pid}`;
  const build = buildId();
  let down = false;
  const onError = (e: Error) => {
    if (!down) log(`Redis unreachable at ${address.display} (${e.message}); retrying`);
    down = true;
  };
  const client: Redis = await connect(address, `tacsim-worker-${id}`, onError);
  client.on('ready', () => {
    if (down) log(`Redis at ${address.display} is back`);
    down = false;
  });
  const specs = new Map<string, RunSpec>();
  const checked = new Map<string, string | undefined>();
  const slots: Slot[] = Array.from({ length: options.threads }, () => ({ busy: false }));
  let games = 0;

  /** The spec of a run, checked once against this machine: same build, same scenario files. */
  const specOf = async (hash: string): Promise<RunSpec> => {
    let spec = specs.get(hash);
    if (!spec) {
      const text = await client.get(keys.spec(hash));
      if (text === null) throw new UnrecoverableError(`${FATAL}the run's settings (${hash}) are not in Redis any more`);
      spec = JSON.parse(text) as RunSpec;
      specs.set(hash, spec);
    }
    if (!checked.has(hash)) {
      let problem: string | undefined;
      if (spec.build !== build)
        problem = `worker ${id} runs another build of tacsim (${build}) than the coordinator (${spec.build}): install the same version on every machine`;
      else {
        try {
          const { sketch } = await probeScenario({
            scenario: spec.config.scenario,
            options: spec.config.scenarioOptions,
            ...(spec.config.systemModule ? { systemModule: spec.config.systemModule } : {}),
          });
          const here = Object.values(sketch.fingerprint.files).sort();
          if (here.join() !== spec.scenarioFiles.join())
            problem = `worker ${id}: the scenario ${spec.config.scenario} or its charts or counters differ on this machine from the coordinator's`;
        } catch (e) {
          problem = `worker ${id} cannot load the scenario ${spec.config.scenario}: ${(e as Error).message}`;
        }
      }
      checked.set(hash, problem);
    }
    const problem = checked.get(hash);
    if (problem !== undefined) throw new UnrecoverableError(`${FATAL}${problem}`);
    return spec;
  };

  const processBatch = async (job: Job<BatchJob, BatchDone>): Promise<BatchDone> => {
    const { spec: hash, games: indices } = job.data;
    const spec = await specOf(hash);
    const slot = slots.find((s) => !s.busy);
    if (!slot) throw new Error('no free thread (more batches than threads)');
    slot.busy = true;
    const started = performance.now();
    let failed = 0;
    try {
      if (slot.spec !== hash || !slot.runner) {
        await slot.runner?.close();
        slot.runner = undefined;
        slot.runner = await GameRunner.create(spec.config, 1, {
          ...(spec.gameTimeLimitMs !== undefined ? { gameTimeLimitMs: spec.gameTimeLimitMs } : {}),
        });
        slot.spec = hash;
      }
      const first = indices[0];
      const last = indices[indices.length - 1];
      log(
        `job ${job.id}: ${indices.length} game${indices.length === 1 ? '' : 's'} (${first === last ? `game ${first}` : `games ${first}..${last}`}) of ${spec.config.scenario}, seed ${spec.config.seed}${job.attemptsStarted > 1 ? `, attempt ${job.attemptsStarted}` : ''}`,
      );
      const rowsKey = keys.rows(hash);
      const sends: Promise<unknown>[] = [];
      const report = await slot.runner.play(indices, (row) => {
        if (row.error !== null) failed++;
        games++;
        sends.push(client.xadd(rowsKey, '*', 'w', id, 'r', encodeRow(row)));
      });
      await Promise.all(sends);
      if (report.stopped) throw new Error('the worker was stopped');
      log(`job ${job.id}: done in ${((performance.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`);
      return { worker: id, games: indices.length };
    } catch (e) {
      if (!(e instanceof UnrecoverableError)) log(`job ${job.id}: ${(e as Error).message}`);
      // A runner that failed may be in any state: the next batch gets a new one.
      await slot.runner?.close().catch(() => {});
      slot.runner = undefined;
      throw e;
    } finally {
      slot.busy = false;
    }
  };

  const stallMs = options.stallTimeoutMs ?? 30_000;
  const worker = new Worker<BatchJob, BatchDone>(QUEUE_NAME, processBatch, {
    connection: { ...address.options } as ConnectionOptions,
    prefix: QUEUE_PREFIX,
    concurrency: options.threads,
    lockDuration: stallMs,
    stalledInterval: stallMs,
    maxStalledCount: 2,
    autorun: false,
  });
  worker.on('error', onError);
  worker.on('failed', (job, err) => {
    if (job && err instanceof UnrecoverableError) log(`job ${job.id}: ${err.message}`);
  });

  const beat = async () => {
    const value: WorkerBeat = { id, host: hostname(), pid: process.pid, threads: options.threads, games, at: Date.now() };
    await client.hset(keys.workers, id, JSON.stringify(value));
  };
  await beat();
  const beating = setInterval(() => void beat().catch(() => {}), BEAT_MS);
  log(`worker ${id}: ${options.threads} thread${options.threads === 1 ? '' : 's'}, build ${build}, taking games from ${address.display}`);
  const running = worker.run();
  try {
    await new Promise<void>((resolve) => {
      if (options.signal?.aborted) return resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    log(`worker ${id}: stopping (finishing the batches in hand; Ctrl-C again to quit at once)`);
    await worker.close();
    await running;
  } finally {
    clearInterval(beating);
    await client.hdel(keys.workers, id).catch(() => {});
    for (const slot of slots) await slot.runner?.close().catch(() => {});
    await client.quit().catch(() => client.disconnect());
    log(`worker ${id}: stopped after ${games} game${games === 1 ? '' : 's'}`);
  }
}
