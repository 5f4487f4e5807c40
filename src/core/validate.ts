import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { InputError } from './errors.js';

/** Reads a JSON file, or throws InputError naming the file and the JSON problem. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, file);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`not valid JSON: ${(e as Error).message}`, file);
  }
}

/** A JSON path like `sides[0].units[3].hex`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '(top level)' : out;
}

/** Validates data against a zod schema; on failure throws one InputError naming the file, place and problem. */
export function parseWith<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issues = r.error.issues;
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  throw new InputError(first.message + more, file, formatPath(first.path));
}
