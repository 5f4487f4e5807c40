/** Runs the built `tacsim` command as a person would, in a scratch folder, for the CLI tests. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'tacsim.js');

export interface TacsimRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A `tacsim` started in the background: the child, its output so far, and its end. */
export interface TacsimChild {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  exited: Promise<TacsimRun & { signal: NodeJS.Signals | null }>;
}

/**
 * A scratch folder (removed after the file's tests) and a runner that starts `tacsim ARGS` there with
 * `input` on stdin, colours off, and `env` added to the environment (`timeoutMs` ends it: code null);
 * `start` runs it in the background with stdin left open, for tests that signal it.
 */
export function tacsimIn(
  prefix: string,
  env: Record<string, string> = {},
): {
  tmp: string;
  tacsim: (args: string[], input?: string, timeoutMs?: number) => TacsimRun;
  start: (args: string[]) => TacsimChild;
} {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const fullEnv = { ...process.env, NO_COLOR: '1', TACSIM_DEBUG: '', ...env };
  const tacsim = (args: string[], input = '', timeoutMs = 120_000): TacsimRun => {
    const r = spawnSync(process.execPath, [bin, ...args], {
      cwd: tmp,
      input,
      encoding: 'utf8',
      env: fullEnv,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const start = (args: string[]): TacsimChild => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: tmp, env: fullEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<TacsimRun & { signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
    );
    return { child, output: () => ({ stdout, stderr }), exited };
  };
  return { tmp, tacsim, start };
}
