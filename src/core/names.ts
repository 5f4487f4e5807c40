/**
 * Interned action strings: one string per verb and arguments, made the first time it is asked for.
 *
 * Why: string actions are stable keys, cheap to store and to send between threads, but a playout
 * rebuilds its legal-action list after every action, and a template literal makes a fresh string each
 * time (a number formatted, a string concatenated, garbage for the collector). Looking the string up
 * by its numeric arguments costs two array reads, and equal actions are then the same string, so
 * `includes` and map lookups compare pointers.
 */
export class ActionNames {
  private readonly one: (string | undefined)[] = [];
  private readonly two: ((string | undefined)[] | undefined)[] = [];

  /** @param suffix text after the first argument, for verbs with a fixed word there (`decl 3 m`). */
  constructor(
    readonly verb: string,
    readonly suffix = '',
  ) {}

  /** `verb a` (a >= 0), followed by the suffix. */
  of(a: number): string {
    const one = this.one;
    if (a >= one.length) grow(one, a);
    return one[a] ?? (one[a] = `${this.verb} ${a}${this.suffix}`);
  }

  /** `verb a b` (a, b >= 0). */
  of2(a: number, b: number): string {
    const rows = this.two;
    if (a >= rows.length) grow(rows, a);
    const row = rows[a] ?? (rows[a] = []);
    if (b >= row.length) grow(row, b);
    return row[b] ?? (row[b] = `${this.verb} ${a} ${b}`);
  }
}

/** Extends an array with explicit `undefined` entries up to index i, so it stays a dense array (a write far
 * past the end would turn it into a slow dictionary). */
function grow<T>(arr: (T | undefined)[], i: number): void {
  while (arr.length <= i) arr.push(undefined);
}
