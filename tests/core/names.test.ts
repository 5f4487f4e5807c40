/** Interned action strings (src/core/names.ts) and packed integer arrays (src/core/arrays.ts). */
import { describe, expect, it } from 'vitest';
import { ActionNames } from '../../src/core/names.js';
import { packedInts } from '../../src/core/arrays.js';

describe('ActionNames', () => {
  it('spells "verb a" and "verb a b" as a template literal would, with the suffix after the first argument', () => {
    const mv = new ActionNames('mv');
    const decl = new ActionNames('decl', ' m');
    for (const [a, b] of [
      [0, 0],
      [3, 144],
      [120, 7],
      [5, 2000],
      [0, 1],
    ] as const) {
      expect(mv.of2(a, b)).toBe(`mv ${a} ${b}`);
      expect(mv.of(a)).toBe(`mv ${a}`);
      expect(decl.of(a)).toBe(`decl ${a} m`);
    }
  });

  it("answers every request with its own arguments' spelling, whatever was asked before, far past the end of its tables", () => {
    // A table grown or filled at the wrong index would answer a later request with another request's string.
    const df = new ActionNames('df');
    const asked: [number, number][] = [
      [900, 5],
      [0, 1200],
      [37, 0],
      [5, 900],
      [900, 1200],
      [1, 5],
      [1200, 37],
      [37, 1200],
      [0, 0],
      [0, 200],
      [899, 4],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [a, b] of asked) {
        expect(df.of2(a, b)).toBe(`df ${a} ${b}`);
        expect(df.of(a)).toBe(`df ${a}`);
      }
    }
    // Another verb keeps its own tables.
    expect(new ActionNames('df', ' x').of(900)).toBe('df 900 x');
    expect(df.of(900)).toBe('df 900');
  });

  it('keeps its tables dense (no holes) however far past their end it is asked', () => {
    const names = new ActionNames('mv');
    names.of(500);
    names.of2(300, 1000);
    names.of2(2, 7);
    const { one, two } = names as unknown as { one: unknown[]; two: (unknown[] | undefined)[] };
    const holes = (arr: unknown[]) => arr.length - Object.keys(arr).length;
    expect([one.length, two.length, two[300]!.length, two[2]!.length]).toEqual([501, 301, 1001, 8]);
    expect([holes(one), holes(two), holes(two[300]!), holes(two[2]!)]).toEqual([0, 0, 0, 0]);
  });
});

describe('packedInts', () => {
  it('makes n copies of the value', () => {
    expect(packedInts(0, 1)).toEqual([]);
    expect(packedInts(4, -1)).toEqual([-1, -1, -1, -1]);
  });
});
