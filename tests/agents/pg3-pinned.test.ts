/**
 * MCTS on PG3 with an iterations budget and a seed gives the same decision and the same root statistics
 * from one build to the next: the rules engine's and the search's speed work must not change what is
 * searched. The expected values were recorded on the tree before that work; a change that alters play
 * (a rule fix, another search) updates them and says so in its commit.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/agent.js';
import type { MctsAgent } from '../../agents/mcts.js';
import { createRng } from '../../src/core/rng.js';
import { loadScenario } from '../../src/scenarios.js';

/** Scenario, random actions before each of the three decisions, and per decision and spec: chosen move, digest of the root's top moves. */
const PINNED: [string, number, string[]][] = [
  [
    'pg3-tiny',
    15,
    [
      'mv 4 9 d9b6d648c432',
      'mv 4 9 e85b539b8522',
      'mv 0 17 6dc65ae22382',
      'mv 0 17 c1d96799ce46',
      'mv 4 25 69e4c0e5b3d4',
      'mv 4 25 9c0f941dad72',
    ],
  ],
  [
    'pg3-medium',
    100,
    [
      'mv 39 134 457c166ad7cb',
      'mv 39 134 e491ba376d15',
      'mv 16 165 c6de71172f13',
      'mv 16 165 c636e21261cb',
      'stack 154 f57138a6727a',
      'stack 231 bd9aa516670c',
    ],
  ],
  [
    'pg3-mirror',
    60,
    [
      'stack 127 37b1bb5ea095',
      'stack 143 b8e3f3491314',
      'mv 1 36 dfc49921c5d8',
      'mv 1 22 72214552debe',
      'mv 20 124 1d28244eabbd',
      'mv 20 124 3b738778f3a7',
    ],
  ],
];

/** Random rollouts to the end (the bench's agents.mcts) and short ones valued by the evaluation (agents.mcts-search). */
const SPECS = ['mcts:iterations=60,rolloutDepth=200,expandAfter=0', 'mcts:iterations=80,rolloutDepth=10,expandAfter=0'];

describe('MCTS on PG3: fixed seeds and iteration budgets give the recorded decisions', () => {
  for (const [id, step, expected] of PINNED) {
    it(`${id}: three positions of a seeded random game, two searches each`, async () => {
      const sc = loadScenario(id);
      const g = sc.game;
      const dice = createRng(`pin/${id}/dice`);
      const pick = createRng(`pin/${id}/pick`);
      let s = sc.initialState(dice);
      const got: string[] = [];
      for (let k = 0; k < 3; k++) {
        for (let j = 0; ; j++) {
          const legal = g.legalActions(s);
          if (j >= step && legal.length >= 4) break;
          s = g.apply(s, legal[pick.int(legal.length)]!, dice);
        }
        for (const spec of SPECS) {
          const agent = createAgent(spec, sc.ai) as MctsAgent;
          const chosen = await agent.act(g, s, g.toMove(s), createRng(`pin/${id}/${k}`));
          const top = agent.lastSearch!.top.map((c) => `${c.key}:${c.visits}:${c.mean.toFixed(9)}`).join(',');
          got.push(`${chosen} ${createHash('sha1').update(top).digest('hex').slice(0, 12)}`);
        }
      }
      expect(got).toEqual(expected);
    });
  }
});
