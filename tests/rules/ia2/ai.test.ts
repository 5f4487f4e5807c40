/** IA2's agent hooks: the doctrine reads the table odds and the objectives, so the scripted agent beats random play. */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { createRng } from '../../../src/core/rng.js';
import { assess, evaluate, ia2AgentHooks } from '../../../src/rules/ia2/doctrine.js';
import { Ia2Game } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { edit, hex, shipped } from './helpers.js';

describe('IA2 agents', () => {
  const sc = loadIa2Scenario(shipped('ia2-tiny'));
  const game = new Ia2Game(sc);

  it('IA2 10.2: the doctrine values a fire by its exact expected losses and a move by the progress toward the objectives', () => {
    const start = game.initialState(createRng('ai'));
    const s = { ...edit(start, {}, true), active: 0, toMove: 0, activated: false };
    const near = assess(sc, s, `move 0 ${hex(sc, '0203')}`, 0);
    const back = assess(sc, s, `move 0 ${hex(sc, '0102')}`, 0);
    expect(near.objective).toBeGreaterThan(0);
    expect(back.objective).toBeLessThan(near.objective);
    const close = { ...edit(start, { 0: { hex: hex(sc, '0403') } }, true), active: 0, toMove: 0, activated: false };
    const fire = assess(sc, close, `fire 0 ${hex(sc, '0503')}`, 0);
    // Company 5 at a hex with one company (+1): the 6 column; X on 2-3 (3/36), M2 on 4, M on 5, plus morale results.
    expect(fire.expectedEnemyLoss).toBeGreaterThan(0.05);
    expect(fire.expectedEnemyLoss).toBeLessThan(1);
    const v = evaluate(sc, s);
    expect(v[0]).toBeCloseTo(-v[1]!, 10);
  });

  it('IA2 3.0: the scripted agent beats the random one on ia2-tiny from either seat (at least 65% of 60 seeded games)', () => {
    const hooks = ia2AgentHooks(sc);
    let scriptedWins = 0;
    const games = 60;
    for (let g = 0; g < games; g++) {
      const scriptedSeat = g % 2;
      const agents = [0, 1].map((seat) => createAgent(seat === scriptedSeat ? 'scripted' : 'random', hooks));
      const dice = createRng(`ai/dice/${g}`);
      const pick = createRng(`ai/pick/${g}`);
      let s = game.initialState(dice);
      while (!game.isTerminal(s)) {
        const seat = game.toMove(s);
        s = game.apply(s, agents[seat]!.act(game, s, seat, pick) as string, dice);
      }
      if (game.returns(s)[scriptedSeat] === 1) scriptedWins++;
    }
    expect(scriptedWins / games).toBeGreaterThanOrEqual(0.65);
  }, 120_000);
});
