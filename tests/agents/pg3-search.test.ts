/**
 * The PG3 game a test builds (new Pg3Game + pg3AgentHooks) and the one production builds (loadScenario)
 * are searched alike: the evaluation, advisor and ordering are hooks handed to the agent, never patched
 * onto the game, so there is no second evaluation a directly built game could fall back to.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/agent.js';
import type { MctsAgent } from '../../agents/mcts.js';
import { ScriptedAgent } from '../../agents/scripted.js';
import { createRng } from '../../src/core/rng.js';
import { loadScenario } from '../../src/scenarios.js';
import { pg3AgentHooks, Pg3Game, type Pg3State } from '../../src/rules/pg3/index.js';
import { loadPg3Scenario } from '../../src/rules/pg3/scenario.js';

const production = loadScenario('pg3-medium');
const built = (() => {
  const sc = loadPg3Scenario(production.file);
  const game = new Pg3Game(sc);
  return { game, hooks: pg3AgentHooks(sc, game) };
})();

/** A mid-game position of pg3-medium with a real choice: 120 random actions from a fixed seed, then on to a decision among several actions (MCTS searches nothing when one action is legal). */
function midGame(): Pg3State {
  const dice = createRng('mid/dice');
  const pick = createRng('mid/pick');
  let s = production.initialState(dice) as Pg3State;
  for (let k = 0; ; k++) {
    const legal = production.game.legalActions(s);
    if (k >= 120 && legal.length >= 5) break;
    s = production.game.apply(s, legal[pick.int(legal.length)], dice) as Pg3State;
  }
  return s;
}

describe('PG3 search: the game tests build and the game production builds', () => {
  const state = midGame();
  const seat = production.game.toMove(state);

  it('neither game carries AI hooks or an evaluation of its own', () => {
    for (const game of [production.game, built.game]) {
      expect(Object.keys(game)).not.toEqual(expect.arrayContaining(['doctrine']));
      expect((game as { evaluate?: unknown }).evaluate).toBeUndefined();
      expect((game as { orderActions?: unknown }).orderActions).toBeUndefined();
    }
    expect(typeof production.ai.evaluate).toBe('function');
    expect(production.ai.spawnSpec).toBeDefined();
  });

  it('MCTS makes the same choice with the same search statistics (short rollouts, so the evaluation decides)', async () => {
    for (const spec of ['mcts:iterations=150,rolloutDepth=6', 'mcts:iterations=150,rolloutDepth=6,prior=none,rollout=scripted']) {
      const prod = createAgent(spec, production.ai) as MctsAgent;
      const test = createAgent(spec, built.hooks) as MctsAgent;
      const a = await prod.act(production.game, state, seat, createRng('same'));
      const b = await test.act(built.game, state, seat, createRng('same'));
      expect(b).toBe(a);
      expect(test.lastSearch!.top).toEqual(prod.lastSearch!.top);
      expect(test.lastSearch!.iterations).toBe(150);
    }
  });

  it('and the hooks matter: without them MCTS values the same position differently', async () => {
    const spec = 'mcts:iterations=150,rolloutDepth=6';
    const withHooks = createAgent(spec, production.ai) as MctsAgent;
    const without = createAgent(spec) as MctsAgent;
    await withHooks.act(production.game, state, seat, createRng('same'));
    await without.act(production.game, state, seat, createRng('same'));
    expect(without.lastSearch!.top).not.toEqual(withHooks.lastSearch!.top);
  });

  it('the scripted agent chooses alike on both', () => {
    const prod = new ScriptedAgent({}, production.ai);
    const test = new ScriptedAgent({}, built.hooks);
    let s = state;
    const dice = createRng('scripted/dice');
    for (let k = 0; k < 40 && !production.game.isTerminal(s); k++) {
      const who = production.game.toMove(s);
      const a = prod.act(production.game, s, who, createRng(`p${k}`));
      expect(test.act(built.game, s, who, createRng(`p${k}`))).toBe(a);
      s = production.game.apply(s, a, dice) as Pg3State;
    }
  });
});
