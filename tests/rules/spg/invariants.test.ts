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

/** A failed invariant: thrown directly, since the checks run after every action of 1,000 games. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

function checkPosition(sc: Scenario, s: State): void {
  const perHex = new Map<number, { units: number; vehicles: number; sides: Set<number> }>();
  s.u.forEach((r, i) => {
    const def = sc.units[i]!;
    check(r[STEPS]! >= (r[HEX]! >= 0 ? 1 : 0), `unit ${i} on the map with no steps`);
    check(r[STEPS]! <= def.steps, `unit ${i} has more steps than its counter`);
    if (r[HEX]! < 0) return;
    check(r[HEX]! < sc.map.size, `unit ${i} off the map`);
    if (r[CARRIER]! > 0) check(s.u[r[CARRIER]! - 1]![HEX] === r[HEX], `unit ${i} is not in its carrier's hex`);
    const e = perHex.get(r[HEX]!) ?? { units: 0, vehicles: 0, sides: new Set<number>() };
    e.units++;
    if (def.vehicle) e.vehicles++;
    e.sides.add(def.side);
    perHex.set(r[HEX]!, e);
  });
  // S-12 L138: 3 units, 2 vehicles, never both sides in a hex; a unit may pass through a full hex (L140), where its move may pause for opportunity fire.
  for (const [h, e] of perHex) {
    const passing = s.mover >= 0 && s.u[s.mover]![HEX] === h;
    check(passing || e.units <= 3, 'more than 3 units in a hex');
    check(passing || e.vehicles <= 2, 'more than 2 vehicles in a hex');
    check(e.sides.size === 1, 'both sides in a hex');
  }
}

const TINY_GAMES = 960,
  MEDIUM_GAMES = 15,
  MIRROR_GAMES = 25;

function playRandom(loaded: SpgScenario, seed: number): { hashes: string[]; actions: number } {
  const game = loaded.game;
  const dice = createRng(`dice/${seed}`),
    choice = createRng(`choice/${seed}`);
  let s = loaded.initialState(dice);
  const hashes = [spgStateHash(s)];
  let actions = 0;
  while (!game.isTerminal(s)) {
    const legal = game.legalActions(s);
    check(legal.length > 0, `seed ${seed}: no legal action`);
    freeze(s);
    const before = JSON.stringify(s);
    const next = game.apply(s, legal[choice.int(legal.length)]!, dice);
    check(JSON.stringify(s) === before, `seed ${seed}: apply changed its input`);
    checkPosition(game.sc, next);
    s = next;
    hashes.push(spgStateHash(s));
    actions++;
    check(actions < 3000, `seed ${seed}: no end after 3000 actions`);
  }
  expect(s.turn).toBeLessThanOrEqual(game.sc.turns);
  return { hashes, actions };
}

/** Seeded random games per scenario: 1,000 in all, mostly the tiny scenario, which is quick to play. */
const SWEEP: readonly { id: string; games: number }[] = [
  { id: 'spg-tiny', games: TINY_GAMES },
  { id: 'spg-medium', games: MEDIUM_GAMES },
  { id: 'spg-mirror', games: MIRROR_GAMES },
];
/** Tiny games per test, so a failure names a small seed range. */
const CHUNK = 200;

describe('SPG invariants over seeded random games', () => {
  const tiny = loadScenario('spg-tiny') as SpgScenario;

  it('the sweep plays at least 1,000 games in all', () => {
    expect(SWEEP.reduce((n, e) => n + e.games, 0)).toBeGreaterThanOrEqual(1000);
  });

  for (let from = 0; from < TINY_GAMES; from += CHUNK) {
    const to = Math.min(TINY_GAMES, from + CHUNK);
    it(`spg-tiny seeds ${from}-${to - 1}: stacking, steps, positions and no mutation of the input state hold after every action, and every game ends`, () => {
      for (let seed = from; seed < to; seed++) playRandom(tiny, seed);
    });
  }

  it('spg-tiny: the same seeds replay the same game', () => {
    for (const seed of [3, 17, 42]) expect(playRandom(tiny, seed).hashes).toEqual(playRandom(tiny, seed).hashes);
  });

  for (const { id, games } of SWEEP.slice(1)) {
    it(`${id}: ${games} random games play to the end under the same invariants`, () => {
      const loaded = loadScenario(id) as SpgScenario;
      for (let seed = 0; seed < games; seed++) expect(playRandom(loaded, seed).actions).toBeGreaterThan(0);
    }, 300_000); // long games: every move walks its path hex by hex
  }
});
