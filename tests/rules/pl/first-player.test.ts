/** PL-R60: a set-up die names the side that opens every turn (rule.firstPlayerByDie, for point-symmetric scenarios). */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { loadPl } from '../../../src/rules/pl/index.js';
import { PlGame } from '../../../src/rules/pl/game.js';
import { loadPlScenario } from '../../../src/rules/pl/scenario.js';
import { scenarioFile } from './helpers.js';

describe('PL first player by a set-up die (ruling PL-R60)', () => {
  it('PL XIII: with rule.firstPlayerByDie the die picks the opening side; the turn ends after the other side, and the last turn after the other side too', () => {
    const sc = loadPlScenario(scenarioFile('pl-mirror'));
    expect(sc.rules.firstPlayerByDie).toBe(true);
    const game = new PlGame(sc);
    const openers = new Set<number>();
    for (let seed = 0; seed < 40 && openers.size < 2; seed++) openers.add(game.initialState(createRng(`first-${seed}`)).first);
    expect([...openers].sort()).toEqual([0, 1]);
    let seed = 0;
    while (game.initialState(createRng(`first-${seed}`)).first !== 1) seed++;
    const rng = createRng(`first-${seed}`);
    let s = game.initialState(rng);
    expect([s.turn, s.side]).toEqual([1, 1]);
    // Each segment ends by "next" through its phases; the German segment (seat 1) opens, the Allied one closes the turn.
    const sides: string[] = [];
    while (!s.over) {
      const before = `${s.turn}:${s.side}`;
      if (sides[sides.length - 1] !== before) sides.push(before);
      const legal = game.legalActions(s);
      s = game.apply(s, legal.includes('next') ? 'next' : legal[0]!, rng);
    }
    const turns = sc.turns;
    const expected: string[] = [];
    for (let t = 1; t <= turns; t++) expected.push(`${t}:1`, `${t}:0`);
    expect(sides).toEqual(expected);
  });

  it('PL XIII: without the switch the Allied segment opens every turn, and the outcome reports no first-player metric', () => {
    const sc = loadPlScenario(scenarioFile('pl-tiny'));
    expect(sc.rules.firstPlayerByDie).toBe(false);
    const game = new PlGame(sc);
    for (let seed = 0; seed < 10; seed++) expect(game.initialState(createRng(`allied-${seed}`)).side).toBe(0);
    const loaded = loadPl(scenarioFile('pl-tiny'));
    expect(loaded.metrics.map((m) => m.id)).toEqual(['units_lost']);
    expect(loadPl(scenarioFile('pl-mirror')).metrics.map((m) => m.id)).toEqual(['units_lost', 'first_player']);
  });

  it('PL XIII: the summary metric marks the side that opened the turns', () => {
    const loaded = loadPl(scenarioFile('pl-mirror'));
    const rng = createRng('metric');
    const s = loaded.game.initialState(rng);
    const marked = loaded.outcome(s).metrics.first_player!;
    expect(marked[s.first]).toBe(1);
    expect(marked[1 - s.first]).toBe(0);
  });

  it('PL XIV.A: the switch is refused in a scenario with aircraft, naming the rule', () => {
    expect(() => loadPlScenario(scenarioFile('pl-medium'), { set: { 'rule.firstPlayerByDie': true } })).toThrow(
      /rules\.firstPlayerByDie.*no aircraft/,
    );
  });
});
