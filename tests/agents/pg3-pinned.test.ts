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
      'leader 9 6f4687b3be0d',
      'leader 9 b97aa85034fe',
      'leader 9 5a7e6de04084',
      'leader 9 6d4edea42866',
      'leader 9 6fb31db93d38',
      'leader 9 5e604d2f9eda',
    ],
  ],
  [
    'pg3-medium',
    100,
    [
      'leader 20 5a1093904d63',
      'leader 20 2540d6f8ab34',
      'mv 0 84 ea2c44e94198',
      'mv 0 84 54d233d9789c',
      'mv 17 167 6c0c484d02bc',
      'mv 17 167 aaf1f61c3f59',
    ],
  ],
  [
    'pg3-mirror',
    60,
    [
      'stack 143 7104285ee48a',
      'stack 143 9787f93ceed4',
      'mv 20 122 a637c8c21c23',
      'mv 20 106 044cc0609966',
      'stack 24 ebf4618b38b1',
      'stack 24 9064af275286',
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
