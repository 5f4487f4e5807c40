/**
 * Output paths, checked before any game is played: a folder for `--out` (made if missing) and a file for
 * `--record`. A path that cannot be written is bad input (InputError naming the flag, the path and the
 * operating system's reason), found while it costs nothing, not after an hour of games.
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code ?? err.message ?? String(e);
}

/** The path's stat, or undefined when nothing is there; other failures (EACCES, ELOOP, ...) are bad input. */
function statOrNone(path: string, flag: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new InputError(`${path}: a part of this path is a file, not a folder`, undefined, flag, 'bad-option');
    throw new InputError(`cannot use ${path} (${reason(e)})`, undefined, flag, 'unreadable');
  }
}

/**
 * Makes sure `dir` is a folder this process can write in, creating it (and missing parents) if needed;
 * returns its absolute path. The folders are made one level at a time from the nearest existing parent:
 * `mkdirSync(..., { recursive: true })` loops forever on paths such as /proc/x, where the parent exists
 * but refuses new entries.
 */
export function ensureOutputDir(dir: string, flag = '--out'): string {
  const abs = resolve(dir);
  const missing: string[] = [];
  for (let p = abs; ; ) {
    const st = statOrNone(p, flag);
    if (st !== undefined) {
      if (!st.isDirectory())
        throw new InputError(`${p} is a file, not a folder${p === abs ? '' : ` (needed to hold ${abs})`}`, undefined, flag, 'bad-option');
      break;
    }
    missing.push(p);
    const parent = dirname(p);
    if (parent === p) break;
    p = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statOrNone(folder, flag)?.isDirectory()) continue;
      throw new InputError(`cannot create the folder ${folder} (${reason(e)})`, undefined, flag, 'unreadable');
    }
  }
  // Permission bits do not tell (root, read-only mounts, /proc): try a file of our own.
  const probe = join(abs, `.tacsim-write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'w'));
    rmSync(probe, { force: true });
  } catch (e) {
    throw new InputError(`cannot write in the folder ${abs} (${reason(e)})`, undefined, flag, 'unreadable');
  }
  return abs;
}

/**
 * Makes sure `file` can be written (created or replaced) without changing it; returns its absolute path.
 * A file already there is opened for appending (nothing written); a new one is created and removed again.
 */
export function checkOutputFile(file: string, flag: string): string {
  const abs = resolve(file);
  const st = statOrNone(abs, flag);
  if (st?.isDirectory()) throw new InputError(`${abs} is a folder, not a file`, undefined, flag, 'bad-option');
  if (st === undefined) {
    const parent = statOrNone(dirname(abs), flag);
    if (parent === undefined) throw new InputError(`no folder ${dirname(abs)} to write ${abs} in`, undefined, flag, 'not-found');
    if (!parent.isDirectory()) throw new InputError(`${dirname(abs)} is a file, not a folder`, undefined, flag, 'bad-option');
  }
  try {
    closeSync(openSync(abs, st === undefined ? 'wx' : 'a'));
    if (st === undefined) rmSync(abs, { force: true });
  } catch (e) {
    throw new InputError(`cannot write ${abs} (${reason(e)})`, undefined, flag, 'unreadable');
  }
  return abs;
}
