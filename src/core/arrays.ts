/**
 * An array of n copies of a small integer, in V8's packed-integer form. `new Array(n).fill(v)` makes a
 * "holey" array: every read then checks for holes, and arrays copied from it (each state's unit array
 * is a copy of a copy of the first) inherit the slower form.
 */
export function packedInts(n: number, value: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(value);
  return out;
}
