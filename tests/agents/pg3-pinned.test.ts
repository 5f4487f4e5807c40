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
      'mv 4 17 24c0dc0eb78b',
      'mv 0 17 6dc65ae22382',
      'mv 0 17 6820186b09d5',
      'mv 4 25 69e4c0e5b3d4',
      'mv 4 25 0c4294c5f477',
    ],
  ],
  [
    'pg3-medium',
    100,
    [
      'mv 39 134 aa0188162f74',
      'mv 39 134 2d33ed328fd0',
      'mv 16 165 ed6e1263ac38',
      'mv 16 165 6b11967ea2cc',
      'stack 153 421236b2dd57',
      'stack 154 1ffb3147f068',
    ],
  ],
  [
    'pg3-mirror',
    60,
    [
      'stack 143 7d19f175162d',
      'stack 143 5f470d855170',
      'mv 1 7 7f3ff6c2d76a',
      'mv 1 22 605b2aaa2758',
      'mv 20 124 3198124b96c2',
      'mv 20 124 a62b03df48d4',
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
