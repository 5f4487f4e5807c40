import { describe, expect, it } from 'vitest';
import { formatLadder, ladder, ladderPairs } from '../../src/harness/ladder.js';

describe('tacsim ladder', () => {
  it('pairs each rung with the next one up and the one after it', () => {
    expect(ladderPairs(4)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(ladderPairs(2)).toEqual([[0, 1]]);
  });

  it('plays the pairs with sides swapped and reports ratings and steps in rung order', async () => {
    const r = await ladder(['random', 'scripted', 'scripted:aggression=0.9'], {
      scenario: 'pg3-tiny',
      gamesPerPair: 2,
      seed: 'ladder-test',
      workers: 1,
    });
    expect(r.pairs.map((p) => [p.lower, p.upper])).toEqual([
      ['random', 'scripted'],
      ['random', 'scripted:aggression=0.9'],
      ['scripted', 'scripted:aggression=0.9'],
    ]);
    for (const p of r.pairs) expect(p.winsLower + p.winsUpper + p.draws + p.errors).toBe(2);
    expect(r.steps.map((s) => s.upper)).toEqual(['scripted', 'scripted:aggression=0.9']);
    expect(r.ratings.map((x) => x.games)).toEqual([4, 4, 4]);
    const text = formatLadder(r);
    expect(text.indexOf('random')).toBeLessThan(text.indexOf('scripted'));
    expect(text).toContain('scripted over random');
  });

  it('refuses fewer than two rungs or a repeated rung', async () => {
    await expect(ladder(['random'], { scenario: 'pg3-tiny' })).rejects.toThrow('at least two');
    await expect(ladder(['random', 'random'], { scenario: 'pg3-tiny' })).rejects.toThrow('must differ');
  });
});
