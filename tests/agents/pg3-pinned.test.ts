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
      'mv 4 17 b5b971226eab',
      'mv 0 17 6dc65ae22382',
      'mv 0 17 8cce80437cfa',
      'mv 4 25 69e4c0e5b3d4',
      'mv 4 25 4017e6e58381',
    ],
  ],
  [
    'pg3-medium',
    100,
    [
      'mv 39 114 66d6efc5ecd8',
      'mv 39 134 4ee3ae4c4b1a',
      'mv 16 165 1227a6ee550b',
      'mv 16 165 2826214ea583',
      'stack 153 093ddc8ef4ad',
      'stack 154 9b4fb720f2c3',
    ],
  ],
  [
    'pg3-mirror',
    60,
    [
      'stack 143 420ec3703e1a',
      'stack 143 c0f770bad1f5',
      'mv 1 36 54a599615c38',
      'mv 1 22 3fcaa79f9497',
      'mv 20 125 dba199c8d43e',
      'mv 20 124 88b39f1b8d03',
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
