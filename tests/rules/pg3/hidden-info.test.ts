/**
 * Issue 11 item 4: the doctrine advisor and the agents see only what their seat may see (16.6 hidden units, 6.8
 * secret tank leaders, 16.7 minefield strengths). At positions of seeded pg3-large games, a second state differs
 * from the first only in the other side's secrets; every doctrine rating of every legal action of the seat to move,
 * the search hints, the scripted agent's choice and a seeded MCTS choice must be the same in both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/index.js';
import type { Game, Rng } from '../../../src/core/game.js';
import type { AgentHooks, DoctrineAdvisor } from '../../../src/core/extensions.js';
import { createRng, shuffled } from '../../../src/core/rng.js';
import { Draft } from '../../../src/rules/pg3/draft.js';
import { relocateHidden } from '../../../src/rules/pg3/hidden.js';
import { loadPg3 } from '../../../src/rules/pg3/index.js';
import type { Pg3Game } from '../../../src/rules/pg3/game.js';
import { F_HIDDEN, F_TANK_LEADER, F_TL_REVEALED, MINE_REVEALED, Phase, STEPS, type State } from '../../../src/rules/pg3/state.js';
import { SCENARIOS, writeTemp } from './helpers.js';

/**
 * Everything these tests ask of the agents and of the game's AI hooks, in one place (how the hooks reach the
 * agents is changing: only this needs adapting).
 */
const ai = {
  /** The scenario as production loads it; its hooks are what the agents receive. */
  load(file: string): Pg3Game {
    const sc = loadPg3(file);
    HOOKS.set(sc.game, sc.ai);
    return sc.game;
  },
  hooks(game: Pg3Game): {
    doctrine: DoctrineAdvisor<State, string>;
    order: (s: State, a: readonly string[]) => readonly string[];
    evaluate: (s: State) => readonly number[];
  } {
    const h = HOOKS.get(game)!;
    return { doctrine: h.doctrine!, order: (s, a) => h.orderActions!(s, a), evaluate: (s) => h.evaluate!(s) };
  },
  agent(spec: string, game: Pg3Game) {
    return createAgent(spec, HOOKS.get(game)!);
  },
  choose(spec: string, game: Pg3Game, state: State, seat: number, seed: number): string {
    const choice = ai.agent(spec, game).act(game as Game<State, string>, state, seat, createRng(seed));
    if (typeof choice !== 'string') throw new Error('expected a synchronous agent');
    return choice;
  },
};
const HOOKS = new Map<Pg3Game, AgentHooks<State, string>>();

const LARGE = join(SCENARIOS, 'pg3-large.json');

/** pg3-large with two Soviet minefields added (the shipped scenario has none), so their strengths are a secret too. */
function largeWithMines(): string {
  const data = JSON.parse(readFileSync(LARGE, 'utf8')) as { charts: string; counters: string; sides: { minefields?: unknown[] }[] };
  data.charts = join(SCENARIOS, data.charts);
  data.counters = join(SCENARIOS, data.counters);
  data.sides[1]!.minefields = [
    { hex: '1214', strength: 1 },
    { hex: '1515', strength: 3 },
    { hex: '1813', strength: 0 },
  ];
  return writeTemp(data, 'pg3-large-mines');
}

/**
 * Positions of a seeded scripted game where seat 0 is to move and seat 1 still has hidden units on the map: one at
 * every `every`-th such decision, up to `count`.
 */
function positions(game: Pg3Game, seed: number, every: number, count: number): State[] {
  const dice = createRng(seed);
  const agentRng = createRng(seed + 1000);
  const agent = ai.agent('scripted', game);
  let s = game.initialState(dice);
  const out: State[] = [];
  for (let n = 0; out.length < count && s.phase !== Phase.Over && n < 5000; n++) {
    const seat = game.toMove(s);
    if (seat === 0 && secretsOf(game, s) && n % every === 0) out.push(s);
    s = game.apply(s, agent.act(game, s, seat, agentRng) as string, dice);
  }
  return out;
}

function secretsOf(game: Pg3Game, s: State): boolean {
  return game.scenario.units.some((u) => u.side === 1 && (s.u[u.index]![3]! & F_HIDDEN) !== 0 && s.u[u.index]![0]! >= 0);
}

/**
 * The same position with the other side's secrets changed: its hidden units dealt to other hexes the seat cannot
 * see (16.6), its secret tank leaders moved to other unrevealed tanks (6.8), its unrevealed minefields' strengths
 * permuted (16.7).
 */
function otherSecrets(game: Pg3Game, s: State, seat: number, rng: Rng): State {
  const sc = game.scenario;
  const other = 1 - seat;
  const d = new Draft(sc, s, rng, false);
  relocateHidden(d, seat, rng);
  if (sc.sides[other]!.tankLeaders >= 0) {
    const free = sc.units.filter((u) => u.side === other && u.isTankSymbol && d.get(u.index, STEPS) > 0 && !d.flag(u.index, F_TL_REVEALED));
    const count = free.filter((u) => d.flag(u.index, F_TANK_LEADER)).length;
    for (const u of free) d.setFlag(u.index, F_TANK_LEADER, false);
    for (const u of shuffled(rng, free).slice(0, count)) d.setFlag(u.index, F_TANK_LEADER);
  }
  const secretMines = sc.minefields.map((_, k) => k).filter((k) => sc.minefields[k]!.side === other && (d.mines[k]! & MINE_REVEALED) === 0);
  if (secretMines.length > 1) {
    const m = d.mut('mines');
    const first = m[secretMines[0]!]!;
    for (let n = 0; n + 1 < secretMines.length; n++) m[secretMines[n]!] = m[secretMines[n + 1]!]!;
    m[secretMines[secretMines.length - 1]!] = first;
  }
  return d.seal();
}

function hiddenHexes(game: Pg3Game, s: State): number[] {
  return game.scenario.units.filter((u) => u.side === 1 && (s.u[u.index]![3]! & F_HIDDEN) !== 0).map((u) => s.u[u.index]![0]!);
}

function checkPosition(game: Pg3Game, s: State, variant: number, mcts: boolean): void {
  const seat = game.toMove(s);
  const t = otherSecrets(game, s, seat, createRng(`secrets-${variant}`));
  expect(hiddenHexes(game, t)).not.toEqual(hiddenHexes(game, s));
  const legal = game.legalActions(s);
  expect(game.legalActions(t)).toEqual(legal);
  const { doctrine, order, evaluate } = ai.hooks(game);
  for (const a of legal) expect(doctrine.assess(t, a, seat), a).toEqual(doctrine.assess(s, a, seat));
  expect(order(t, legal)).toEqual(order(s, legal));
  expect(evaluate(t)).toEqual(evaluate(s));
  expect(ai.choose('scripted', game, t, seat, 11)).toBe(ai.choose('scripted', game, s, seat, 11));
  expect(ai.choose('scripted:noise=0.2', game, t, seat, 12)).toBe(ai.choose('scripted:noise=0.2', game, s, seat, 12));
  if (mcts) {
    const spec = 'mcts:iterations=48,rolloutDepth=24';
    expect(ai.choose(spec, game, t, seat, 13)).toBe(ai.choose(spec, game, s, seat, 13));
  }
}

describe('PG3 16.6: the AI sees only what its seat may see (issue 11 item 4)', () => {
  it('PG3 16.6: on pg3-large, other hidden-unit hexes and tank-leader assignments change no rating, scripted or MCTS choice', () => {
    const game = ai.load(LARGE);
    let checked = 0;
    for (const seed of [1, 2]) {
      for (const [k, s] of positions(game, seed, 7, 10).entries()) {
        checkPosition(game, s, seed * 100 + k, k % 4 === 0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it("PG3 16.7: on pg3-large with minefields, permuted strengths of the other side's minefields change no rating or choice", () => {
    const game = ai.load(largeWithMines());
    const found = positions(game, 3, 5, 4);
    expect(found.length).toBe(4);
    for (const [k, s] of found.entries()) checkPosition(game, s, 300 + k, k === 0);
  });
});
