/** IA2's agent hooks: the doctrine reads the table odds and the objectives, so the scripted agent beats random play. */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { createRng } from '../../../src/core/rng.js';
import { assess, evaluate, ia2AgentHooks } from '../../../src/rules/ia2/doctrine.js';
import { Ia2Game } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { DEMORALIZED, DISRUPTED } from '../../../src/rules/ia2/state.js';
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

  /** Turn 1 of ia2-tiny, German segment, the Germans' plan written as `plan` (the scenario's fires on 0503-0603-0504 on turns 1-2). */
  const turnOne = (plan = 'scenario') => {
    const pre = game.initialState(createRng('eval'));
    const s = game.apply(pre, `plan ${plan}`, createRng('eval/dice'));
    expect(s.turn).toBe(1);
    return { ...s, active: 0, toMove: 0, activated: false };
  };
  const RUS_INF = 6,
    RUS_MG = 7;

  it('IA2 13.0: the evaluation counts a disrupted unit as part of a step lost and a demoralized one as more', () => {
    const s = turnOne('none');
    const good = evaluate(sc, s)[0]!;
    const disrupted = evaluate(sc, edit(s, { [RUS_INF]: { morale: DISRUPTED } }, true))[0]!;
    const demoralized = evaluate(sc, edit(s, { [RUS_INF]: { morale: DEMORALIZED } }, true))[0]!;
    const stepLost = evaluate(sc, { ...edit(s, { [RUS_INF]: { steps: 1 } }, true), lost: [0, 1] })[0]!;
    expect(disrupted).toBeGreaterThan(good);
    expect(demoralized).toBeGreaterThan(disrupted);
    expect(stepLost).toBeGreaterThan(demoralized);
    // The other seat's value is the mirror image.
    expect(evaluate(sc, edit(s, { [RUS_INF]: { morale: DISRUPTED } }, true))[1]).toBeCloseTo(-disrupted, 10);
  });

  it("IA2 9.3: the evaluation counts the next turn's planned bombardment on the pieces under its vertex, so ending a turn sooner gains nothing", () => {
    // The same position with the scenario's plan written, which fires again on turn 2 at 0503-0603-0504 where the
    // Russian company stands, and with No Fire.
    const none = turnOne('none');
    const scenarioPlan = sc.planLibrary[0]!.findIndex((c) => c.name === 'scenario');
    const planned = { ...none, plans: [scenarioPlan, none.plans[1]!] };
    expect(evaluate(sc, planned)[0]).toBeGreaterThan(evaluate(sc, none)[0]!);
    // Out of the vertex, the Russians are not counted.
    const away = (s: typeof none) => edit(s, { [RUS_INF]: { hex: hex(sc, '0705') }, [RUS_MG]: { hex: hex(sc, '0706') } }, true);
    expect(evaluate(sc, away(planned))[0]).toBeCloseTo(evaluate(sc, away(none))[0]!, 10);
  });

  it('IA2 1.2: the evaluation weighs an objective its holder has left empty by how near the enemy stands to it', () => {
    const s = turnOne('none');
    // The Russians leave the village hex 0503 (still theirs: control goes to the last occupant).
    const left = edit(s, { [RUS_INF]: { hex: hex(sc, '0705') } }, true);
    const far = evaluate(sc, left)[0]!;
    const adjacent = evaluate(sc, edit(left, { 0: { hex: hex(sc, '0403') } }, true))[0]!;
    expect(adjacent).toBeGreaterThan(far);
  });

  it('IA2 3.11: the evaluation values units within reach of a good-order leader of their type, so leaders walked off lose value', () => {
    const s = turnOne('none');
    const RUS_LEADERS = [8, 9];
    const led = evaluate(sc, s)[1]!;
    const leaderless = evaluate(sc, edit(s, Object.fromEntries(RUS_LEADERS.map((l) => [l, { hex: hex(sc, '0801') }])), true))[1]!;
    const shakenLeaders = evaluate(sc, edit(s, Object.fromEntries(RUS_LEADERS.map((l) => [l, { morale: DISRUPTED }])), true))[1]!;
    expect(leaderless).toBeLessThan(led);
    expect(shakenLeaders).toBeCloseTo(leaderless, 10);
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
