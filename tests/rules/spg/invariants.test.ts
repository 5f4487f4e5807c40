import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { loadScenario } from '../../../src/scenarios.js';
import { spgStateHash } from '../../../src/rules/spg/game.js';
import { CARRIER, HEX, STEPS, type State } from '../../../src/rules/spg/state.js';
import type { Scenario } from '../../../src/rules/spg/scenario.js';
import type { SpgScenario } from '../../../src/rules/spg/index.js';

/** Deep-freezes a state so that any write to it throws (apply must never mutate its input). */
function freeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) freeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

function checkPosition(sc: Scenario, s: State): void {
  const perHex = new Map<number, { units: number; vehicles: number; sides: Set<number> }>();
  s.u.forEach((r, i) => {
    const def = sc.units[i]!;
    expect(r[STEPS]).toBeGreaterThanOrEqual(r[HEX]! >= 0 ? 1 : 0);
    expect(r[STEPS]).toBeLessThanOrEqual(def.steps);
    if (r[HEX]! < 0) return;
    expect(r[HEX]).toBeLessThan(sc.map.size);
    if (r[CARRIER]! > 0) expect(s.u[r[CARRIER]! - 1]![HEX]).toBe(r[HEX]);
    const e = perHex.get(r[HEX]!) ?? { units: 0, vehicles: 0, sides: new Set<number>() };
    e.units++;
    if (def.vehicle) e.vehicles++;
    e.sides.add(def.side);
    perHex.set(r[HEX]!, e);
  });
  // S-12 L138: 3 units, 2 vehicles, never both sides in a hex.
  for (const e of perHex.values()) {
    expect(e.units).toBeLessThanOrEqual(3);
    expect(e.vehicles).toBeLessThanOrEqual(2);
    expect(e.sides.size).toBe(1);
  }
}

function playRandom(loaded: SpgScenario, seed: number): { hashes: string[]; actions: number } {
  const game = loaded.game;
  const dice = createRng(`dice/${seed}`),
    choice = createRng(`choice/${seed}`);
  let s = loaded.initialState(dice);
  const hashes = [spgStateHash(s)];
  let actions = 0;
  while (!game.isTerminal(s)) {
    const legal = game.legalActions(s);
    expect(legal.length).toBeGreaterThan(0);
    freeze(s);
    const before = JSON.stringify(s);
    const next = game.apply(s, legal[choice.int(legal.length)]!, dice);
    expect(JSON.stringify(s)).toBe(before);
    checkPosition(game.sc, next);
    s = next;
    hashes.push(spgStateHash(s));
    actions++;
    expect(actions).toBeLessThan(3000);
  }
  expect(s.turn).toBeLessThanOrEqual(game.sc.turns);
  return { hashes, actions };
}

describe('SPG invariants over seeded random games', () => {
  const tiny = loadScenario('spg-tiny') as SpgScenario;

  it('spg-tiny: stacking, steps, positions and no mutation of the input state hold in 100 random games, which end', () => {
    for (let seed = 0; seed < 100; seed++) playRandom(tiny, seed);
  });

  it('spg-tiny: the same seeds replay the same game', () => {
    for (const seed of [3, 17, 42]) expect(playRandom(tiny, seed).hashes).toEqual(playRandom(tiny, seed).hashes);
  });

  it('spg-medium and spg-mirror play to the end under the same invariants', () => {
    for (const id of ['spg-medium', 'spg-mirror']) {
      const loaded = loadScenario(id) as SpgScenario;
      for (let seed = 0; seed < 2; seed++) expect(playRandom(loaded, seed).actions).toBeGreaterThan(0);
    }
  });
});
