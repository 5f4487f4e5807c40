import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { MctsAgent } from '../../agents/mcts.js';
import { createTicTacToe, ticTacToeHooks, type TicTacToeState } from '../../agents/testing/tictactoe.js';

describe('MCTS root parallelism (threads)', () => {
  it("searches on 2 threads with the game of the hooks' spawnSpec, returns a legal action, and is reproducible", async () => {
    const ttt = createTicTacToe();
    expect(ticTacToeHooks.spawnSpec!.module).toMatch(/dist[/\\]agents[/\\]testing[/\\]tictactoe\.js$/);
    const s: TicTacToeState = { cells: [1, 0, 0, 0, 2, 0, 0, 0, 0], toMove: 0, winner: -1 };
    const a1 = new MctsAgent({ iterations: 2000, threads: 2 }, ticTacToeHooks);
    const a2 = new MctsAgent({ iterations: 2000, threads: 2 }, ticTacToeHooks);
    try {
      const c1 = await a1.act(ttt, s, 0, createRng('t'));
      const top1 = a1.lastSearch!.top;
      expect(ttt.legalActions(s)).toContain(c1);
      expect(a1.lastSearch!.threads).toBe(2);
      expect(a1.lastSearch!.iterations).toBe(4000);
      // The pool stays alive between decisions.
      const c1b = await a1.act(ttt, ttt.initialState(), 0, createRng('u'));
      expect(ttt.legalActions(ttt.initialState())).toContain(c1b);
      const c2 = await a2.act(ttt, s, 0, createRng('t'));
      expect(c2).toBe(c1);
      expect(a2.lastSearch!.top).toEqual(top1);
    } finally {
      await a1.close();
      await a2.close();
    }
  });

  it('falls back to one thread when its hooks have no spawnSpec', async () => {
    const plain = createTicTacToe();
    const agent = new MctsAgent({ iterations: 300, threads: 2 });
    const a = await agent.act(plain, plain.initialState(), 0, createRng('p'));
    expect(plain.legalActions(plain.initialState())).toContain(a);
    expect(agent.lastSearch!.threads).toBe(1);
    await agent.close();
  });
});
