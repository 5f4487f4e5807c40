import { describe, expect, it } from 'vitest';
import { compareWithMinimalUct, minimalUct, plainTicTacToe } from '../../benchmarks/uct-baseline.js';
import { createRng } from '../../src/core/rng.js';

describe('the minimal-UCT yardstick (benchmarks/uct-baseline.ts)', () => {
  it('the minimal UCT opens the plain tic-tac-toe in the centre or a corner', () => {
    const game = plainTicTacToe();
    const visits = minimalUct(game, game.initialState(), 20_000, createRng('uct'));
    const best = [...visits.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    expect([0, 2, 4, 6, 8]).toContain(best);
  });

  it('mcts makes at most 1.3x the apply calls of the minimal UCT per iteration, and no more legal-action or terminal checks', () => {
    const r = compareWithMinimalUct(5000, 1);
    expect(r.mctsCalls.apply / r.uctCalls.apply).toBeLessThanOrEqual(1.3);
    expect(r.mctsCalls.legalActions / r.uctCalls.legalActions).toBeLessThanOrEqual(1.3);
    expect(r.mctsCalls.isTerminal / r.uctCalls.isTerminal).toBeLessThanOrEqual(1.3);
    // Children of nodes reached without dice are found by index: a key is built once per new node only.
    expect(r.mctsCalls.actionKey).toBeLessThan(1);
  });
});
