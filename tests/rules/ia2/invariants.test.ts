/** Invariants over seeded random IA2 games: apply never mutates its input, every game ends, the same seed gives the same game. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { ia2StateHash } from '../../../src/rules/ia2/game.js';
import type { Ia2Scenario } from '../../../src/rules/ia2/index.js';
import { HEX, MORALE, STEPS, type State } from '../../../src/rules/ia2/state.js';
import { loadScenario } from '../../../src/scenarios.js';

/** A broken invariant fails the test at once, naming it (the checks run after every action of 1,000 games). */
const check = (ok: boolean, what: string): void => {
  if (!ok) expect.fail(`invariant broken: ${what}`);
};

/** Every field of a state, as text: apply must leave it exactly as it was. */
const snapshot = (s: State): string => JSON.stringify(s);

/** 4.1: three combat units, at most two companies, per side per hex; steps and morale in range. */
function checkPosition(loaded: Ia2Scenario, s: State): void {
  const sc = loaded.scenario;
  const count = new Map<string, { units: number; companies: number }>();
  s.u.forEach((r, i) => {
    const def = sc.units[i]!;
    check(r[MORALE]! >= 0 && r[MORALE]! <= 2, `unit ${i} morale ${r[MORALE]}`);
    if (r[HEX]! < 0 || def.leader) return;
    check(r[STEPS]! >= 1 && r[STEPS]! <= def.steps, `unit ${i} on the map with ${r[STEPS]} steps`);
    const k = `${def.side}:${r[HEX]}`;
    const e = count.get(k) ?? { units: 0, companies: 0 };
    e.units++;
    if (def.company) e.companies++;
    count.set(k, e);
  });
  for (const [k, e] of count) check(e.units <= 3 && e.companies <= 2, `overstacked ${k}`);
}

function play(loaded: Ia2Scenario, seed: number, frozen: boolean): { hashes: string[]; actions: number } {
  const game = loaded.game;
  const dice = createRng(`dice/${seed}`);
  const choice = createRng(`choice/${seed}`);
  let s = loaded.initialState(dice);
  const hashes = [ia2StateHash(s)];
  let actions = 0;
  while (!game.isTerminal(s)) {
    const legal = game.legalActions(s);
    check(legal.length > 0, `seed ${seed}: no legal action`);
    check(new Set(legal).size === legal.length, `seed ${seed}: duplicate actions`);
    const a = legal[choice.int(legal.length)]!;
    const before = frozen ? snapshot(s) : '';
    const next = game.apply(s, a, dice);
    if (frozen) check(snapshot(s) === before, `seed ${seed}: apply changed its input`);
    checkPosition(loaded, next);
    s = next;
    hashes.push(ia2StateHash(s));
    actions++;
    check(actions < 20000, `seed ${seed}: the game does not end`);
  }
  check(s.turn <= loaded.turnLimit, 'played past the last turn');
  return { hashes, actions };
}

describe('IA2 invariants over seeded random games', () => {
  it('IA2 3.0: 1,000 random ia2-tiny games end within the turn limit, stay within the stacking limits and never change the state they are applied to (compared field by field in every 10th game)', () => {
    const loaded = loadScenario('ia2-tiny') as Ia2Scenario;
    let total = 0;
    for (let seed = 0; seed < 1000; seed++) total += play(loaded, seed, seed % 10 === 0).actions;
    expect(total).toBeGreaterThan(1000 * 20);
  }, 120_000);

  it('IA2 3.0: the same seed gives the same game', () => {
    const loaded = loadScenario('ia2-tiny') as Ia2Scenario;
    for (const seed of [3, 17, 99]) expect(play(loaded, seed, false).hashes).toEqual(play(loaded, seed, false).hashes);
  });
});
