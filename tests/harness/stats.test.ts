import { describe, expect, it } from 'vitest';
import { Histogram, RunningStats, wilson } from '../../src/harness/stats.js';
import { bradleyTerry, expectedScore, invert } from '../../src/harness/ratings.js';

describe('wilson', () => {
  it('matches published values', () => {
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 4);
    expect(hi).toBeCloseTo(0.5962, 4);
    const [lo0, hi0] = wilson(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775, 4);
    const [lo9, hi9] = wilson(9, 10);
    expect(lo9).toBeCloseTo(0.5958, 4);
    expect(hi9).toBeCloseTo(0.9821, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe('running statistics', () => {
  it('mean, sd and median', () => {
    const r = new RunningStats();
    const h = new Histogram();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) {
      r.add(x);
      h.add(x);
    }
    expect(r.mean).toBe(5);
    expect(r.variance).toBeCloseTo(32 / 7, 12);
    expect(h.median()).toBe(4.5);
    h.add(1);
    expect(h.median()).toBe(4);
  });
});

describe('Bradley-Terry', () => {
  it('two players: 75-25 is 400·log10(3) Elo apart', () => {
    const r = bradleyTerry(['a', 'b'], [{ a: 0, b: 1, winsA: 75, winsB: 25 }]);
    expect(r[0]!.elo - r[1]!.elo).toBeCloseTo(400 * Math.log10(3), 6);
    expect(r[0]!.elo + r[1]!.elo).toBeCloseTo(0, 9);
    // Fisher SE of the log-odds difference is sqrt(1/75 + 1/25) for one pair; each rating carries half.
    const halfWidthDiff = 1.959964 * Math.sqrt(1 / 75 + 1 / 25) * (400 / Math.LN10);
    expect(r[0]!.ci95[1]! - r[0]!.ci95[0]!).toBeCloseTo(halfWidthDiff, 3);
    expect(expectedScore(r[0]!.elo, r[1]!.elo)).toBeCloseTo(0.75, 9);
  });

  it('recovers exact strengths from data that fit the model', () => {
    // Strengths 4, 2, 1; 60 games a pair with wins exactly proportional.
    const results = [
      { a: 0, b: 1, winsA: 40, winsB: 20 },
      { a: 0, b: 2, winsA: 48, winsB: 12 },
      { a: 1, b: 2, winsA: 40, winsB: 20 },
    ];
    const r = bradleyTerry(['x', 'y', 'z'], results);
    const mean = (400 * (Math.log10(4) + Math.log10(2) + Math.log10(1))) / 3;
    expect(r[0]!.elo).toBeCloseTo(400 * Math.log10(4) - mean, 6);
    expect(r[1]!.elo).toBeCloseTo(400 * Math.log10(2) - mean, 6);
    expect(r[2]!.elo).toBeCloseTo(-mean, 6);
    expect(r[0]!.strength / r[2]!.strength).toBeCloseTo(4, 6);
    for (const x of r) expect(x.ci95[0]! < x.elo && x.elo < x.ci95[1]!).toBe(true);
    expect(r[0]!.games).toBe(120);
    expect(r[0]!.score).toBe(88);
  });

  it('draws count half; the prior keeps a perfect record finite; bootstrap intervals cover', () => {
    const even = bradleyTerry(2, [{ a: 0, b: 1, winsA: 10, winsB: 10, draws: 20 }]);
    expect(even[0]!.elo).toBeCloseTo(0, 9);
    const perfect = bradleyTerry(2, [{ a: 0, b: 1, winsA: 10, winsB: 0 }], { prior: 1 });
    expect(Number.isFinite(perfect[0]!.elo)).toBe(true);
    expect(perfect[0]!.strength / perfect[1]!.strength).toBeCloseTo(21, 6);
    const boot = bradleyTerry(['a', 'b'], [{ a: 0, b: 1, winsA: 75, winsB: 25 }], { interval: 'bootstrap', samples: 300, seed: 's' });
    expect(boot[0]!.ci95[0]!).toBeLessThan(boot[0]!.elo);
    expect(boot[0]!.ci95[1]!).toBeGreaterThan(boot[0]!.elo);
  });

  it('inverts matrices', () => {
    const inv = invert([
      [4, 7],
      [2, 6],
    ]);
    expect(inv[0]![0]).toBeCloseTo(0.6, 12);
    expect(inv[0]![1]).toBeCloseTo(-0.7, 12);
    expect(inv[1]![0]).toBeCloseTo(-0.2, 12);
    expect(inv[1]![1]).toBeCloseTo(0.4, 12);
  });
});
