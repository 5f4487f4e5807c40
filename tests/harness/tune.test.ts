import { describe, expect, it } from 'vitest';
import { formatTune, NTupleModel, splitSpec, tune, withValues } from '../../src/harness/tune.js';

describe('tacsim tune', () => {
  it('rewrites a spec with new values, keeping its other options', () => {
    expect(splitSpec('mcts:timeMs=200,rolloutDepth=10').options.get('rolloutDepth')).toBe('10');
    expect(withValues('scripted', { aggression: 0.7 })).toBe('scripted:aggression=0.7');
    expect(withValues('mcts:timeMs=200,rolloutDepth=10', { rolloutDepth: 5, cpuct: 1 })).toBe('mcts:timeMs=200,rolloutDepth=5,cpuct=1');
  });

  it('the n-tuple model rates best the values that scored best, from noisy scores', () => {
    const model = new NTupleModel(3);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    // The score rises with parameter 0 (index 3 best) and ignores the others; win/loss noise on top.
    for (let k = 0; k < 2000; k++) {
      const p = [Math.floor(random() * 4), Math.floor(random() * 4), Math.floor(random() * 4)];
      model.add(p, random() < 0.3 + 0.1 * p[0]! ? 1 : 0);
    }
    const means = [0, 1, 2, 3].map((v) => model.mean([v, 1, 2]));
    expect(means[3]).toBeGreaterThan(means[2]!);
    expect(means[2]).toBeGreaterThan(means[0]!);
    // Exploration favours what was tried least.
    const fresh = new NTupleModel(2);
    fresh.add([0, 0], 0.5);
    expect(fresh.ucb([1, 1], 0.5)).toBeGreaterThan(fresh.ucb([0, 0], 0.5));
  });

  it('finds a spec that beats a passive start, on paired seeds with sides swapped, the same for a seed', async () => {
    const start = 'scripted:aggression=0,caution=1,objectiveWeight=0.25,cohesionWeight=3';
    const options = { scenario: 'pg3-tiny', evaluations: 40, confirmPairs: 20, seed: 'tune-test' };
    const r = await tune(start, options);
    expect(r.startValues).toEqual({ aggression: 0, caution: 1, objectiveWeight: 0.25, cohesionWeight: 3 });
    expect(r.evaluations).toBe(40);
    expect(r.confirm.pairs).toBe(20);
    expect(r.confirm.wins + r.confirm.losses + r.confirm.draws + r.confirm.failed).toBe(40);
    expect(r.best).not.toBe(start);
    expect(r.confirm.score).toBeGreaterThan(0.5);
    expect(r.confirm.ci95[0]).toBeLessThanOrEqual(r.confirm.score);
    expect(r.confirm.ci95[1]).toBeGreaterThanOrEqual(r.confirm.score);
    expect(formatTune(r)).toContain('best vs start on fresh seeds');
    const again = await tune(start, options);
    expect(again.best).toBe(r.best);
    expect(again.confirm).toEqual(r.confirm);
    // On worker threads (an evaluation's two games side by side, the confirmation pairs all at once): the same.
    const threaded = await tune(start, { ...options, workers: 2 });
    expect(threaded).toEqual(r);
  });

  it('refuses an agent without tunable parameters, or a key it does not have', async () => {
    await expect(tune('random', { scenario: 'pg3-tiny', evaluations: 1 })).rejects.toThrow('no tunable parameters');
    await expect(tune('scripted', { scenario: 'pg3-tiny', evaluations: 1, keys: ['speed'] })).rejects.toThrow('no tunable option "speed"');
  });
});
