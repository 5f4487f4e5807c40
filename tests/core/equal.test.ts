import { describe, expect, it } from 'vitest';
import { sameValue } from '../../src/core/equal.js';

describe('sameValue: structural equality of game states', () => {
  it('compares numbers, strings, arrays, typed arrays, Maps, Sets and plain objects by content', () => {
    const row = [1, 2, 3];
    const same = {
      u: [
        [1, 2, 3],
        [4, 5],
      ],
      turn: 2,
      tag: 'x',
    };
    expect(sameValue({ u: [row, [4, 5]], turn: 2, tag: 'x' }, same)).toBe(true);
    expect(sameValue({ u: [row, [4, 5]], turn: 2 }, { u: [row, [4, 6]], turn: 2 })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue(NaN, NaN)).toBe(true);
    expect(sameValue(0, '0')).toBe(false);
    expect(sameValue(new Int16Array([1, 2]), new Int16Array([1, 2]))).toBe(true);
    expect(sameValue(new Int16Array([1, 2]), new Int32Array([1, 2]))).toBe(false);
    expect(sameValue(new Map([[1, [2]]]), new Map([[1, [2]]]))).toBe(true);
    expect(sameValue(new Map([[1, [2]]]), new Map([[1, [3]]]))).toBe(false);
    expect(sameValue(new Set([1, 2]), new Set([1, 2]))).toBe(true);
    expect(sameValue(new Set([1, 2]), new Set([1, 3]))).toBe(false);
  });

  it('tells missing keys from undefined ones, and never equates an unknown class with a look-alike', () => {
    expect(sameValue({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    class Box {
      constructor(readonly v: number) {}
    }
    expect(sameValue(new Box(1), new Box(1))).toBe(false);
    const box = new Box(1);
    expect(sameValue(box, box)).toBe(true);
    expect(sameValue(new Box(1), { v: 1 })).toBe(false);
  });
});
