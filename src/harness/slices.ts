/**
 * Long loops over a run's files (a resume reading and rewriting a million rows) cut into slices, with
 * the event loop given its turn between them: a Ctrl-C is seen within a slice, not at the end.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { StoppedError } from './probe.js';

/** Work between two turns of the event loop, in ms. */
const SLICE_MS = 25;

export class Slicer {
  private last = performance.now();
  constructor(private readonly signal?: AbortSignal) {}

  /** Whether this slice is used up: then `await pause()` (checked per item, cheaply, in a long loop). */
  due(): boolean {
    return performance.now() - this.last >= SLICE_MS;
  }

  /** Gives the event loop its turn (work that must finish even after a stop: saving the finished games). */
  async breathe(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }

  /** Gives the event loop its turn; throws StoppedError when the run has been asked to stop meanwhile. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
    if (this.signal?.aborted) throw new StoppedError();
  }
}

/**
 * Writes the lines to `file` in slices, through a temporary file that is renamed into place by the
 * returned function (so several files can be replaced together, after every one is written). A stop
 * while writing removes the temporary file and leaves `file` as it was.
 */
export async function writeLinesSliced(file: string, lines: Iterable<string>, slicer: Slicer): Promise<() => void> {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    let chunk: string[] = [];
    let size = 0;
    for (const line of lines) {
      chunk.push(line);
      size += line.length;
      if (size >= 1 << 20) {
        writeSync(fd, chunk.join(''));
        chunk = [];
        size = 0;
      }
      if (slicer.due()) await slicer.pause();
    }
    writeSync(fd, chunk.join(''));
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  return () => renameSync(tmp, file);
}
