/**
 * Where a run's games are played: on this machine's worker threads (GameRunner), or, with a queue URL,
 * on `tacsim worker` processes through Redis (QueueRunner). Both play a list of game indices and report
 * each game's row; the games and their rows are the same either way.
 */
import { GameRunner, type PlayReport, type RunnerOptions } from '../pool.js';
import type { GameRow, RunConfig } from '../types.js';

export interface Runner {
  play(indices: readonly number[], onRow: (row: GameRow) => void, signal?: AbortSignal, batchSize?: number): Promise<PlayReport>;
  close(): Promise<void>;
  /** A line on the players (workers and their games/s) for the progress line, when there is one. */
  detail?(): string;
}

export interface RunnerChoice extends RunnerOptions {
  /** Redis URL of the queue (redis://HOST:PORT[/DB]); absent: play here. */
  queue?: string | undefined;
}

export async function createRunner(config: RunConfig, workers: number, options: RunnerChoice = {}): Promise<Runner> {
  const { queue, ...local } = options;
  if (queue === undefined) return GameRunner.create(config, workers, local);
  // Loaded only for queued runs: a local run never loads the Redis client.
  const { QueueRunner } = await import('./coordinator.js');
  return QueueRunner.create(config, queue, local.gameTimeLimitMs !== undefined ? { gameTimeLimitMs: local.gameTimeLimitMs } : {});
}

/** Checks a queue URL and that Redis answers there, before a run writes anything (InputError otherwise). */
export async function checkQueue(url: string): Promise<void> {
  const { connect, parseQueueUrl } = await import('./connection.js');
  const client = await connect(parseQueueUrl(url), 'tacsim-check');
  await client.quit();
}
