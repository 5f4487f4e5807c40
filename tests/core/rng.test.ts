/** Seeded RNG (src/core/rng.ts): determinism and rough uniformity. */
import { describe, expect, it } from 'vitest';
import { createRng, d6, deriveSeed, roll2d6, shuffled } from '../../src/core/rng.js';

describe('rng', () => {
  it('the same seed gives the same stream; different seeds differ', () => {
    const a = createRng('seed-1'),
      b = createRng('seed-1'),
      c = createRng('seed-2');
    const sa = Array.from({ length: 1000 }, () => a.next());
    const sb = Array.from({ length: 1000 }, () => b.next());
    const sc = Array.from({ length: 1000 }, () => c.next());
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
    expect(createRng(7).int(1000)).toBe(createRng('7').int(1000));
    expect(deriveSeed('m', 3)).toBe('m/3');
    for (const x of sa) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('d6 is uniform within wide bounds and 2d6 has the triangular shape', () => {
    const r = createRng('uniform');
    const n = 60_000;
    const faces = new Array(7).fill(0);
    for (let i = 0; i < n; i++) faces[d6(r)]++;
    expect(faces[0]).toBe(0);
    for (let f = 1; f <= 6; f++) expect(Math.abs(faces[f] - n / 6)).toBeLessThan(600); // > 6 sigma
    const totals = new Array(13).fill(0);
    for (let i = 0; i < 36_000; i++) totals[roll2d6(r)]++;
    expect(totals[0] + totals[1]).toBe(0);
    expect(Math.abs(totals[7] - 6000)).toBeLessThan(500);
    expect(Math.abs(totals[2] - 1000)).toBeLessThan(250);
    expect(Math.abs(totals[12] - 1000)).toBeLessThan(250);
  });

  it('shuffled is a permutation and leaves its input alone', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8];
    const ys = shuffled(createRng(3), xs);
    expect(xs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...ys].sort()).toEqual(xs);
  });
});
