/**
 * `tacsim worker --queue URL`: the command that serves queued runs (`tacsim sim ... --queue URL`) on this
 * machine. Registered by the main program (src/cli/main.ts).
 */
import type { Command } from 'commander';
import { parseIntFlag, parseNumberFlag } from '../cli.js';
import { defaultWorkers, MAX_WORKERS } from '../pool.js';
import { InputError } from '../../core/errors.js';

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('play the games of runs started elsewhere with --queue: takes batches from Redis, sends rows back')
    .requiredOption('--queue <URL>', 'Redis URL: redis://[USER:PASSWORD@]HOST:PORT[/DB], or rediss:// for TLS')
    .option('--workers <N>', 'worker threads, each playing one batch at a time (default: all cores)')
    .option(
      '--stall-timeout <SECONDS>',
      'a batch whose worker has given no sign of life for this long is put back on the queue for another worker',
      '30',
    )
    .addHelpText(
      'after',
      `
Start Redis once (with appendonly yes), then any number of workers on any machines with the same tacsim
version and scenario files, then the run itself on one machine:
  redis-server --port 6379 --appendonly yes
  tacsim worker --queue redis://HOST:6379
  tacsim sim SCENARIO --games 1000 --seed 1 --queue redis://HOST:6379

The worker logs each batch it plays. Ctrl-C finishes the batches in hand and stops; twice quits at once
(those batches go to other workers). See docs/scale-out.md.`,
    )
    .action(async (flags: { queue: string; workers?: string; stallTimeout: string }) => {
      const threads = parseIntFlag('--workers', flags.workers, 1, MAX_WORKERS) ?? defaultWorkers();
      const stall = parseNumberFlag('--stall-timeout', flags.stallTimeout)!;
      if (!(stall >= 0.5 && stall <= 3600))
        throw new InputError(
          `--stall-timeout must be from 0.5 to 3600 seconds, not "${flags.stallTimeout}"`,
          undefined,
          undefined,
          'bad-option',
        );
      const controller = new AbortController();
      const onSignal = () => {
        if (controller.signal.aborted) {
          process.stderr.write('quitting now\n');
          process.exit(130);
        }
        controller.abort();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        const { runQueueWorker } = await import('./worker.js');
        await runQueueWorker({ url: flags.queue, threads, stallTimeoutMs: Math.round(stall * 1000), signal: controller.signal });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
