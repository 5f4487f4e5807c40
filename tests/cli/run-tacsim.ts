/** Runs the built `tacsim` command as a person would, in a scratch folder, for the CLI tests. */
import { spawnSync } from 'node:child_process';
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

/**
 * A scratch folder (removed after the file's tests) and a runner that starts `tacsim ARGS` there with
 * `input` on stdin, colours off, and `env` added to the environment.
 */
export function tacsimIn(
  prefix: string,
  env: Record<string, string> = {},
): { tmp: string; tacsim: (args: string[], input?: string) => TacsimRun } {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const tacsim = (args: string[], input = ''): TacsimRun => {
    const r = spawnSync(process.execPath, [bin, ...args], {
      cwd: tmp,
      input,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', TACSIM_DEBUG: '', ...env },
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return { tmp, tacsim };
}
