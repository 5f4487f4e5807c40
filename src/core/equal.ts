/**
 * Structural equality of two game states (or any plain data): numbers, strings, booleans, null and
 * undefined by value (NaN equals NaN), arrays and typed arrays element by element, Maps and Sets by
 * entries in order, plain objects by their own enumerable keys. Anything else (functions, class
 * instances other than those) is equal only to itself, so an unknown shape never counts as equal by
 * accident. Shared sub-objects are compared once by identity first, which keeps the check cheap on
 * immutable states that share most of their rows.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (ArrayBuffer.isView(a)) {
    if (!ArrayBuffer.isView(b) || a.constructor !== b.constructor) return false;
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    const bs = [...b];
    let k = 0;
    for (const [key, value] of a) {
      const [bKey, bValue] = bs[k++]!;
      if (!sameValue(key, bKey) || !sameValue(value, bValue)) return false;
    }
    return true;
  }
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    const bs = [...b];
    let k = 0;
    for (const value of a) if (!sameValue(value, bs[k++])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(a) as unknown;
  if ((proto !== Object.prototype && proto !== null) || Object.getPrototypeOf(b) !== proto) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
