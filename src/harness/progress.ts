/**
 * Progress of a run: games done, games per second and time left. A live bar redrawn in place on a
 * TTY; plain periodic lines otherwise (logs, CI).
 */
export interface ProgressOptions {
  total: number;
  /** Games already done when the run starts (resume): counted as done, not in the rate. */
  already?: number;
  label?: string;
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Force TTY (live bar) or plain lines; default: the stream's isTTY. */
  tty?: boolean;
  /** Minimum time between redraws / lines. Default 100 ms on a TTY, 10 s otherwise. */
  intervalMs?: number;
  /** More to show after the counts (a queued run's workers and their games/s); empty shows nothing. */
  detail?: () => string;
}

export interface ProgressReporter {
  tick(failed?: boolean): void;
  finish(note?: string): void;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
}

export function createProgress(options: ProgressOptions): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const tty = options.tty ?? (stream as { isTTY?: boolean }).isTTY === true;
  const interval = options.intervalMs ?? (tty ? 100 : 10_000);
  const label = options.label ?? 'games';
  const started = Date.now();
  const already = options.already ?? 0;
  let done = 0;
  let failed = 0;
  let last = 0;
  const line = (): string => {
    const elapsed = (Date.now() - started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const total = Math.max(0, options.total - already);
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    const count = `${already + done}/${options.total}`;
    const fail = failed ? ` ${failed} failed` : '';
    // Slow games (MCTS at a few hundred ms a decision take minutes) read better as time per game.
    const speed = rate === 0 || rate >= 0.1 ? `${rate.toFixed(1)}/s` : `${(1 / rate).toFixed(0)} s each`;
    const more = options.detail?.() ?? '';
    const stats = `${count} ${label} ${speed} ETA ${formatDuration(eta)}${fail}${more ? ` | ${more}` : ''}`;
    if (!tty) return stats;
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - stats.length - 10));
    const frac = options.total > 0 ? (already + done) / options.total : 1;
    const filled = Math.round(frac * width);
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(frac * 100)).padStart(3)}% ${stats}`;
  };
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - last < interval) return;
    last = now;
    if (tty) stream.write(`\r\x1b[2K${line()}`);
    else stream.write(`${line()}\n`);
  };
  if (!tty) last = Date.now();
  return {
    tick(f = false) {
      done++;
      if (f) failed++;
      draw(false);
    },
    finish(note?: string) {
      if (tty) {
        draw(true);
        stream.write('\n');
      } else stream.write(`${line()}\n`);
      if (note) stream.write(`${note}\n`);
    },
  };
}

/** A reporter that shows nothing. */
export const silentProgress: ProgressReporter = { tick() {}, finish() {} };
