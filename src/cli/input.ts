/** Line-by-line input from a stream (stdin), usable through a pipe: a test can drive it. */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export class LineInput {
  private readonly rl: Interface;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {
    this.rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
    this.rl.on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(line);
      } else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(null);
      }
    });
  }

  /** Writes the prompt and returns the next line, or null at the end of input. */
  ask(prompt: string): Promise<string | null> {
    this.output.write(prompt);
    const next = this.lines.shift();
    if (next !== undefined) {
      if (!(this.input as { isTTY?: boolean }).isTTY) this.output.write(`${next}\n`);
      return Promise.resolve(next);
    }
    if (this.ended) {
      this.output.write('\n');
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      this.waiting = (line) => {
        if (line !== null && !(this.input as { isTTY?: boolean }).isTTY) this.output.write(`${line}\n`);
        if (line === null) this.output.write('\n');
        resolve(line);
      };
    });
  }

  close(): void {
    this.rl.close();
    if (this.input === process.stdin) process.stdin.destroy();
  }
}

/** Whether to colour output on `stream`: a TTY and NO_COLOR unset (https://no-color.org). */
export function wantColor(stream: { isTTY?: boolean }): boolean {
  return stream.isTTY === true && (process.env.NO_COLOR === undefined || process.env.NO_COLOR === '');
}
