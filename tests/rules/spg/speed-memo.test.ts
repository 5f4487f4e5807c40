import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import type { Hex } from '../../../src/hex/grid.js';
import { loadScenario } from '../../../src/scenarios.js';
import type { SpgScenario } from '../../../src/rules/spg/index.js';
import { enemyPresence, fitsIn, moveDestinations, movementAllowance, passengerOf, stepCost } from '../../../src/rules/spg/movement.js';
import { MP_SCALE, type Scenario } from '../../../src/rules/spg/scenario.js';
import { CARRIER, F_DISRUPTED, FLAGS, HEX, type State } from '../../../src/rules/spg/state.js';

/** States along seeded random games of a scenario (every one of the first `plies` actions). */
function statesOf(id: string, seeds: readonly string[], plies: number): { loaded: SpgScenario; states: State[] } {
  const loaded = loadScenario(id) as SpgScenario;
  const g = loaded.game;
  const states: State[] = [];
  for (const seed of seeds) {
    const rng = createRng(seed);
    let s = loaded.initialState(rng);
    for (let n = 0; n < plies && !g.isTerminal(s); n++) {
      states.push(s);
      const legal = g.legalActions(s);
      s = g.apply(s, legal[rng.int(legal.length)]!, rng);
    }
  }
  return { loaded, states };
}

/**
 * Where unit i may move, by the plain definition: a first-in first-out search keeping the cheapest cost of
 * each hex (hexes in the order first reached), then the hexes it may end in, one stacking count at a time.
 */
function referenceDestinations(sc: Scenario, s: State, i: number, budget: number): [Hex, number][] {
  const start = s.u[i]![HEX]!;
  if (budget <= 0 || start < 0) return [];
  const enemies = enemyPresence(sc, s, sc.units[i]!.side);
  const best = new Map<Hex, number>([[start, 0]]);
  const frontier: Hex[] = [start];
  while (frontier.length > 0) {
    const h = frontier.shift()!;
    for (let k = 0; k < 6; k++) {
      const n = sc.map.grid.neighbour(h, k);
      if (n < 0) continue;
      const c = stepCost(sc, s, i, h, n, enemies, start);
      if (c < 0 || best.get(h)! + c > budget) continue;
      const prev = best.get(n);
      if (prev === undefined || best.get(h)! + c < prev) {
        best.set(n, best.get(h)! + c);
        frontier.push(n);
      }
    }
  }
  const p = passengerOf(sc, s, i);
  const disrupted = ((s.u[i]![FLAGS]! | (p >= 0 ? s.u[p]![FLAGS]! : 0)) & F_DISRUPTED) !== 0;
  return [...best].filter(([h]) => h !== start && !(disrupted && enemies[h]! & 2) && fitsIn(sc, s, i, h));
}

describe('SPG speed: the legal-action memo and the movement search give what a fresh computation gives', () => {
  const { loaded, states } = statesOf('spg-medium', ['speed-memo/0', 'speed-memo/1'], 250);
  const g = loaded.game;

  it('the memo returns the same legal actions as a fresh generation, state after state', () => {
    expect(states.length).toBeGreaterThan(200);
    for (const s of states) {
      const fresh = g.computeLegalActions(s);
      expect(g.legalActions(s)).toEqual(fresh);
      expect(g.legalActions(s)).toBe(g.legalActions(s));
    }
  });

  it('callers cannot change the memo: the list it hands out is frozen', () => {
    const s = states[10]!;
    const fresh = g.computeLegalActions(s);
    const given = g.legalActions(s) as string[];
    expect(Object.isFrozen(given)).toBe(true);
    expect(() => given.push('end')).toThrow(TypeError);
    expect(() => given.reverse()).toThrow(TypeError);
    expect(() => {
      given[0] = 'pass';
    }).toThrow(TypeError);
    expect(g.legalActions(s)).toEqual(fresh);
  });

  it('apply still refuses an action that is not legal, and accepts every legal one', () => {
    const s = states[20]!;
    expect(() => g.apply(s, 'move 999 0', createRng('x'))).toThrow(/not among the legal actions/);
    for (const a of g.legalActions(s)) expect(() => g.apply(s, a, createRng(`apply/${a}`))).not.toThrow();
  });

  it('moveDestinations lists the same hexes, costs and order as the plain search and stacking checks', () => {
    const sc = g.sc;
    let compared = 0;
    // State after state of one game, in the order played: the per-unit memo must notice every change that matters.
    for (const s of states.slice(0, 250)) {
      for (let i = 0; i < sc.units.length; i++) {
        if (s.u[i]![HEX]! < 0 || s.u[i]![CARRIER] !== 0) continue;
        const budget = movementAllowance(sc, s, i) * MP_SCALE;
        const got = [...moveDestinations(sc, s, i, budget)];
        expect(got).toEqual(referenceDestinations(sc, s, i, budget));
        if (got.length > 0) compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
