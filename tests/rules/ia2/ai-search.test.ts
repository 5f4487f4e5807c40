/**
 * IA2's hooks as MCTS uses them: the prior is the doctrine the scripted agent plays by, and the doctrine's
 * per-state view (one draft and one enemy-fire sum per hex, shared by every rating of a state's moves) never
 * answers for another state.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { doctrineScore } from '../../../agents/doctrine.js';
import { MCTS_DEFAULTS, MctsTree } from '../../../agents/mcts.js';
import { createRng } from '../../../src/core/rng.js';
import { loadIa2 } from '../../../src/rules/ia2/index.js';
import type { State } from '../../../src/rules/ia2/state.js';
import { shipped } from './helpers.js';

/** The states of one seeded scripted game of `id` with the moves legal in each, every `every`-th decision among two or more moves. */
function positions(id: string, seed: string, every: number): { states: State[]; loaded: ReturnType<typeof loadIa2> } {
  const loaded = loadIa2(shipped(id));
  const game = loaded.game;
  const agents = [createAgent('scripted', loaded.ai), createAgent('scripted', loaded.ai)];
  const dice = createRng(seed);
  const rngs = [createRng(`${seed}/0`), createRng(`${seed}/1`)];
  let s = loaded.initialState(dice) as State;
  const states: State[] = [];
  let decisions = 0;
  while (!game.isTerminal(s)) {
    const seat = game.toMove(s);
    if (game.legalActions(s).length > 1 && decisions++ % every === 0) states.push(s);
    s = game.apply(s, agents[seat]!.act(game, s, seat, rngs[seat]!) as string, dice);
  }
  return { states, loaded };
}

describe('IA2 search hooks', () => {
  it("IA2 10.2: the MCTS prior's favourite move is the scripted agent's, at every decision of a game (the doctrine sets no weights of its own that the prior would miss)", () => {
    const { states, loaded } = positions('ia2-tiny', 'ai-search/prior', 2);
    const game = loaded.game;
    expect(loaded.ai.doctrine?.weights).toBeUndefined();
    let compared = 0;
    for (const s of states) {
      const seat = game.toMove(s);
      const legal = game.legalActions(s);
      const scores = legal.map((a) => doctrineScore(loaded.ai.doctrine!.assess(s, a, seat)));
      const top = Math.max(...scores);
      if (scores.filter((x) => x > top - 1e-9).length > 1) continue; // a tie: the scripted agent draws among them
      const tree = new MctsTree(
        game,
        s,
        seat,
        createRng('ai-search/tree'),
        { ...MCTS_DEFAULTS, iterations: 1, rolloutDepth: 0 },
        loaded.ai,
      );
      const children = tree.run().children;
      const favourite = children.reduce((a, c) => ((c.prior ?? 0) > (a.prior ?? 0) ? c : a));
      const scripted = createAgent('scripted', loaded.ai).act(game, s, seat, createRng('ai-search/scripted')) as string;
      expect(favourite.key).toBe(game.actionKey(scripted));
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('IA2 10.2: a rating read from the shared view of one state is the rating a fresh view of an identical state gives, move by move', () => {
    const { states, loaded } = positions('ia2-tiny', 'ai-search/view', 2);
    const game = loaded.game;
    const advisor = loaded.ai.doctrine!;
    let moves = 0;
    for (const s of states) {
      const seat = game.toMove(s);
      const legal = game.legalActions(s);
      // Rated twice on the same state (the second time from its kept view), then on a copy no view is kept for.
      const first = legal.map((a) => advisor.assess(s, a, seat));
      const again = legal.map((a) => advisor.assess(s, a, seat));
      const copy = structuredClone(s);
      const fresh = legal.map((a) => advisor.assess(copy, a, seat));
      expect(again).toEqual(first);
      expect(fresh).toEqual(first);
      moves += legal.filter((a) => a.startsWith('move ')).length;
    }
    expect(moves).toBeGreaterThan(50);
  });
});
