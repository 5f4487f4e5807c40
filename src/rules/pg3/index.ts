/** The Panzer Grenadier 3rd edition rules system. */
import { fileURLToPath } from 'node:url';
import type { LoadedScenario, RulesSystem, ScenarioOptions } from '../../core/system.js';
import { Pg3Game } from './game.js';
import { loadPg3Scenario } from './scenario.js';
import { outcomeOf } from './turn.js';
import type { State } from './state.js';
import { Pg3Doctrine, Pg3SearchHints } from './doctrine.js';

export type Pg3Scenario = LoadedScenario<State, string> & { readonly game: Pg3Game };

/** Loads a PG3 scenario file as a LoadedScenario. */
export function loadPg3(file: string, options: ScenarioOptions = {}, narrate = false): Pg3Scenario {
  const sc = loadPg3Scenario(file, options);
  const game = new Pg3Game(sc, { narrate });
  // Worker threads (MCTS threads=N) rebuild the same game from this recipe.
  (game as Pg3Game & { spawnSpec?: unknown }).spawnSpec = { module: compiledSelf(), exportName: 'gameFromFile', args: [file, options] };
  const doctrine = new Pg3Doctrine(sc, game);
  const hints = new Pg3SearchHints(sc, doctrine, game);
  // Optional Game extensions the agents use (agents/doctrine.ts): the advisor for the scripted agent,
  // action ordering for MCTS widening, and an evaluation that also counts shaken units.
  Object.assign(game, {
    doctrine,
    orderActions: (s: State, actions: readonly string[]) => hints.order(s, actions),
    evaluate: (s: State) => hints.evaluate(s),
  });
  const count = (seat: number): number => sc.units.filter((u) => u.side === seat).length;
  return {
    id: sc.data.id, title: sc.data.title, system: 'pg3', file, sides: sc.sides.map((s) => ({ id: s.id, name: s.name })),
    game, mapWidth: sc.map.grid.width, mapHeight: sc.map.grid.height, unitCounts: [count(0), count(1)], turnLimit: sc.turns,
    parameters: sc.parameters, options,
    initialState: (rng) => game.initialState(rng),
    outcome: (state) => outcomeOf(sc, state),
  };
}

/** Entry for worker threads: the game of a scenario file. */
export function gameFromFile(file: string, options: ScenarioOptions = {}): Pg3Game {
  return loadPg3(file, options).game;
}

function compiledSelf(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? here.replace(/\/src\/rules\/pg3\/index\.ts$/, '/dist/src/rules/pg3/index.js') : here;
}

export const pg3System: RulesSystem = {
  id: 'pg3',
  title: 'Panzer Grenadier, 3rd edition',
  load: (file, options) => loadPg3(file, options),
};

export { Pg3Game } from './game.js';
export type { State as Pg3State } from './state.js';
