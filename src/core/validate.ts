import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { InputError, type InputErrorCode } from './errors.js';

/** The files readJsonFile read (absolute path to text) while logJsonReads runs: a run's fingerprint. */
let readLog: Map<string, string> | undefined;

/** Runs `fn`, returning what it returned and every file readJsonFile read meanwhile (absolute path to text). */
export function logJsonReads<T>(fn: () => T): { value: T; reads: Map<string, string> } {
  const outer = readLog;
  const reads = new Map<string, string>();
  readLog = reads;
  try {
    return { value: fn(), reads };
  } finally {
    readLog = outer;
    for (const [f, t] of reads) outer?.set(f, t);
  }
}

/** Reads a JSON file, or throws InputError naming the file and the JSON problem. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    readLog?.set(resolve(file), text);
  } catch (e) {
    const errno = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `cannot read the file (${errno ?? (e as Error).message})`,
      file,
      undefined,
      errno === 'ENOENT' ? 'not-found' : 'unreadable',
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`not valid JSON: ${(e as Error).message}`, file, undefined, 'bad-json');
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

/**
 * Validates data against a zod schema; on failure throws one InputError naming the file, place and problem.
 * An unknown key is reported before any other problem, since a misspelled key also makes the intended key
 * look missing: the misspelling is the cause.
 */
export function parseWith<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const r = schema.safeParse(data, { error: plainMessage });
  if (r.success) return r.data;
  const issues = r.error.issues;
  const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!;
  const problems = issues.reduce((n, i) => n + (i.code === 'unrecognized_keys' ? i.keys.length : 1), 0);
  const more = problems > 1 ? ` (and ${problems - 1} more problem${problems > 2 ? 's' : ''})` : '';
  const place = formatPath(first.path);
  if (first.code === 'unrecognized_keys') {
    const key = first.keys[0]!;
    const known = knownKeysAt(schema, first.path);
    const suggestion = nearestKey(key, known);
    const hint =
      suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : known.length > 0 ? ` (known keys: ${known.join(', ')})` : '';
    throw new InputError(
      `unknown key "${key}"${hint}${more}`,
      file,
      place,
      'unknown-key',
      suggestion !== undefined ? { key, suggestion } : { key },
    );
  }
  const absent = isAbsentKey(data, first.path);
  const code: InputErrorCode = absent ? 'missing' : 'bad-value';
  const problem = absent && first.code === 'invalid_type' ? `required but missing (expected ${first.expected})` : first.message;
  throw new InputError(problem + more, file, place, code);
}

/**
 * Messages for the range and type checks every format uses, in the words of a person editing a file and with
 * the value given (zod's defaults read "Too big: expected number to be <=60"). A schema's own message wins.
 */
function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const given = typeof issue.input === 'number' || typeof issue.input === 'string' ? ` (given ${String(issue.input)})` : '';
  switch (issue.code) {
    case 'too_big':
      if (issue.origin !== 'number' && issue.origin !== 'int') return undefined;
      return `must be at most ${issue.maximum}${issue.inclusive === false ? ' (exclusive)' : ''}${given}`;
    case 'too_small':
      if (issue.origin !== 'number' && issue.origin !== 'int') return undefined;
      return issue.inclusive === false ? `must be more than ${issue.minimum}${given}` : `must be at least ${issue.minimum}${given}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}${given}`;
    case 'invalid_type':
      if (issue.expected === 'int') return `must be a whole number${given}`;
      if (issue.expected === 'number' && typeof issue.input === 'number') return 'must be a finite number';
      return undefined;
    default:
      return undefined;
  }
}

/**
 * A table keyed by names a person chooses (counter, leader and terrain ids), validated like a record and
 * returned with no prototype: an id such as "constructor", "toString" or "__proto__" is an entry like any
 * other, and looking up an id the table lacks gives undefined, never a built-in of Object.prototype.
 * (zod's record drops a "__proto__" key silently, so the entries are read into a Map first.)
 */
export function idTable<V extends z.ZodType>(value: V, key: z.ZodType<string> = z.string()) {
  return z
    .preprocess(
      (raw) => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? new Map(Object.entries(raw)) : raw),
      z.map(key, value, { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object of entries by id' : undefined) }),
    )
    .transform((entries) => {
      const table = Object.create(null) as Record<string, z.output<V>>;
      for (const [id, entry] of entries) table[id] = entry;
      return table;
    });
}

/** True when the path names a key its (existing) parent object does not have. */
function isAbsentKey(data: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let node: unknown = data;
  for (const p of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return false;
    node = Object.hasOwn(node, p) ? (node as Record<PropertyKey, unknown>)[p] : undefined;
  }
  return typeof node === 'object' && node !== null && !Array.isArray(node) && !Object.hasOwn(node, path[path.length - 1]!);
}

/** The parts of a zod 4 schema definition the walk below reads. */
interface SchemaDef {
  type: string;
  shape?: Record<string, SchemaNode>;
  element?: SchemaNode;
  valueType?: SchemaNode;
  options?: SchemaNode[];
  left?: SchemaNode;
  right?: SchemaNode;
  innerType?: SchemaNode;
  in?: SchemaNode;
  out?: SchemaNode;
  items?: SchemaNode[];
  rest?: SchemaNode | null;
  getter?: () => SchemaNode;
}
interface SchemaNode {
  _zod: { def: SchemaDef };
}

/**
 * The keys the schema defines for the object at `path`: the union of every object schema that can stand
 * there (all branches of a union, both sides of an intersection), in declaration order.
 */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let nodes = expand([schema as unknown as SchemaNode]);
  for (const step of path) {
    const next: SchemaNode[] = [];
    for (const {
      _zod: { def },
    } of nodes) {
      if (def.type === 'object' && typeof step === 'string' && def.shape?.[step]) next.push(def.shape[step]);
      else if ((def.type === 'record' || def.type === 'map') && def.valueType) next.push(def.valueType);
      else if (def.type === 'array' && typeof step === 'number' && def.element) next.push(def.element);
      else if (def.type === 'tuple' && typeof step === 'number') {
        const item = def.items?.[step] ?? def.rest;
        if (item) next.push(item);
      }
    }
    nodes = expand(next);
  }
  const keys: string[] = [];
  for (const {
    _zod: { def },
  } of nodes) {
    if (def.type === 'object') for (const k of Object.keys(def.shape ?? {})) if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** Unwraps wrappers (optional, default, pipe ...) and splits unions and intersections into the schemas they combine. */
function expand(nodes: SchemaNode[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const def = node._zod.def;
    if (def.options) stack.push(...def.options);
    else if (def.type === 'intersection' && def.left && def.right) stack.push(def.left, def.right);
    else if (def.type === 'pipe' && def.in) stack.push(def.in._zod.def.type === 'transform' && def.out ? def.out : def.in);
    else if (def.type === 'lazy' && def.getter) stack.push(def.getter());
    else if (def.type !== 'object' && def.type !== 'record' && def.type !== 'array' && def.type !== 'tuple' && def.innerType)
      stack.push(def.innerType);
    else out.push(node);
  }
  return out.reverse();
}

/**
 * The known key nearest to a misspelled one, if near enough to be what was meant: at most a third of the key's
 * length in edits (at least 1, at most 3), case ignored, a swap of two neighbouring letters counting as one edit.
 */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
