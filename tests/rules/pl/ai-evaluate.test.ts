/**
 * The PL evaluation MCTS values its leaves by (rolloutDepth=0): besides the margin and the strength left it
 * sees how close each side stands to the objectives (XIV.B.7) and how exposed it stands to enemy direct
 * fire (VII.A). Without those a search that values its leaves at once sees every move of a movement phase
 * alike, and MCTS as the attacker played no better than the scripted doctrine it searches from.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { createRng } from '../../../src/core/rng.js';
import { plAgentHooks, plEvaluate } from '../../../src/rules/pl/doctrine.js';
import { outcomeOf, PlGame } from '../../../src/rules/pl/game.js';
import { loadPlScenario } from '../../../src/rules/pl/scenario.js';
import type { State } from '../../../src/rules/pl/state.js';
import { custom, edit, hex, open, scenarioFile } from './helpers.js';

const ALLIED = 0,
  GERMAN = 1;

describe('PL evaluation for the search', () => {
  it('rates an attacker that closes on the objective higher, out of reach of any fire', () => {
    const { sc, start } = custom({
      terrain: open(12, 3),
      allied: [{ counter: 'us-rifle', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '1202' }],
      objectives: [{ hex: '0102', vp: 2, heldBy: 'allied' }],
    });
    const closer = edit(start, { 1: { hex: hex(sc, '0702') } });
    expect(plEvaluate(sc, closer)[GERMAN]!).toBeGreaterThan(plEvaluate(sc, start)[GERMAN]!);
    // The objective is still the defender's: the margin keeps the Allies ahead.
    expect(plEvaluate(sc, closer)[ALLIED]!).toBeGreaterThan(0);
  });

  it('rates a unit in the open under an enemy gun lower than the same unit hidden in woods (VII.A)', () => {
    const place = {
      allied: [{ counter: 'us-rifle', hex: '0302' }],
      german: [{ counter: 'ger-pz4-ss', hex: '0902' }],
    };
    const inOpen = custom({ terrain: open(10, 3), ...place });
    const inWoods = custom({ terrain: ['..........', '..w.......', '..........'], ...place });
    expect(plEvaluate(inWoods.sc, inWoods.start)[ALLIED]!).toBeGreaterThan(plEvaluate(inOpen.sc, inOpen.start)[ALLIED]!);
  });

  it('values are per seat, opposite and within [-1, 1]', () => {
    const sc = loadPlScenario(scenarioFile('pl-tiny'));
    const v = plEvaluate(sc, new PlGame(sc).initialState(createRng('e')));
    expect(v[0]! + v[1]!).toBeCloseTo(0, 12);
    expect(Math.abs(v[0]!)).toBeLessThanOrEqual(1);
  });
});

describe('PL MCTS valuing leaves at once against the scripted doctrine', () => {
  const sc = loadPlScenario(scenarioFile('pl-tiny'));
  const game = new PlGame(sc);
  const hooks = plAgentHooks(sc);

  /** The German VP margin of a pl-tiny game with the given German agent against the scripted Allies. */
  async function germanMargin(germanSpec: string, seed: string): Promise<number> {
    const agents = [createAgent('scripted', hooks), createAgent(germanSpec, hooks)];
    const dice = createRng(`${seed}/dice`);
    const agentRng = [createRng(`${seed}/allied`), createRng(`${seed}/german`)];
    let s: State = game.initialState(dice);
    while (!game.isTerminal(s)) {
      const seat = game.toMove(s);
      s = game.apply(s, await agents[seat]!.act(game, s, seat, agentRng[seat]!), dice);
    }
    const { vp } = outcomeOf(sc, s);
    return vp[GERMAN]! - vp[ALLIED]!;
  }

  it('as the attacker it ends games on better margins than the scripted German on the same dice seeds', async () => {
    const seeds = Array.from({ length: 16 }, (_, k) => `pl-ai/${k}`);
    let search = 0,
      scripted = 0;
    for (const seed of seeds) {
      search += await germanMargin('mcts:iterations=150,rolloutDepth=0,expandAfter=1', seed);
      scripted += await germanMargin('scripted', seed);
    }
    // A search that saw no further than the doctrine it starts from would end level with it; 1 VP a game
    // leaves room for the dice of 16 games (the margins' spread is about 4-5 VP a game).
    expect(search / seeds.length).toBeGreaterThan(scripted / seeds.length + 1);
  }, 240_000);
});
