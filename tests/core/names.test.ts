/** Interned action strings (src/core/names.ts) and packed integer arrays (src/core/arrays.ts). */
import { describe, expect, it } from 'vitest';
import { ActionNames } from '../../src/core/names.js';
import { packedInts } from '../../src/core/arrays.js';

describe('ActionNames', () => {
  it('spells "verb a" and "verb a b" as a template literal would, with the suffix after the first argument', () => {
    const mv = new ActionNames('mv');
    const decl = new ActionNames('decl', ' m');
    for (const [a, b] of [[0, 0], [3, 144], [120, 7], [5, 2000], [0, 1]] as const) {
      expect(mv.of2(a, b)).toBe(`mv ${a} ${b}`);
      expect(mv.of(a)).toBe(`mv ${a}`);
      expect(decl.of(a)).toBe(`decl ${a} m`);
    }
  });

  it('keeps one string per arguments, asked in any order, far past the end of its tables', () => {
    const df = new ActionNames('df');
    const seen = new Map<string, string>();
    for (const a of [900, 0, 37, 900, 1, 37]) for (const b of [5, 1200, 0, 5]) {
      const s = df.of2(a, b);
      const before = seen.get(s);
      if (before !== undefined) expect(Object.is(before, s)).toBe(true);
      seen.set(s, s);
    }
    expect(seen.size).toBe(4 * 3);
  });
});

describe('packedInts', () => {
  it('makes n copies of the value', () => {
    expect(packedInts(0, 1)).toEqual([]);
    expect(packedInts(4, -1)).toEqual([-1, -1, -1, -1]);
  });
});
