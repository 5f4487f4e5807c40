/** The Panzer Grenadier 3rd edition rules system: what the tools and agents get of it, through declared interfaces. */
import type { AgentHooks } from '../../core/extensions.js';
import type { LoadedScenario, LoadMode, MetricDeclaration, RulesSystem, ScenarioOptions } from '../../core/system.js';
import { Pg3Game, pg3StateHash } from './game.js';
import { loadPg3Scenario, type Scenario } from './scenario.js';
import { outcomeOf } from './turn.js';
import type { State } from './state.js';
import { Pg3Doctrine, Pg3SearchHints } from './doctrine.js';
import { pg3Ui } from './ui.js';

export type Pg3Scenario = LoadedScenario<State, string> & { readonly game: Pg3Game };

/** games.csv keeps the columns it had before metrics were declared: steps_lost_<side>, initiative_turn1. */
export const PG3_METRICS: readonly MetricDeclaration[] = [
  { id: 'steps_lost', kind: 'perSeat', label: 'steps lost' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

/**
 * The hooks PG3 agents receive: the doctrine (scripted agent, MCTS prior and scripted rollouts), the
 * search hints' evaluation (VP margin, shaken units, exposure to ready enemies, objective pressure) and action ordering.
 * Production (loadPg3) and tests that build a Pg3Game themselves both take them from here, so they search
 * alike.
 */
export function pg3AgentHooks(sc: Scenario, game: Pg3Game): AgentHooks<State, string> {
  const doctrine = new Pg3Doctrine(sc, game);
  const hints = new Pg3SearchHints(sc, doctrine, game);
  return {
    doctrine,
    evaluate: (s) => hints.evaluate(s),
    orderActions: (s, actions) => hints.order(s, actions),
  };
}

/** Loads a PG3 scenario file as a LoadedScenario. */
export function loadPg3(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): Pg3Scenario {
  const sc = loadPg3Scenario(file, options);
  const game = new Pg3Game(sc, { narrate: mode.narrate === true });
  const count = (seat: number): number => sc.units.filter((u) => u.side === seat).length;
  return {
    id: sc.data.id,
    title: sc.data.title,
    system: pg3System.id,
    file,
    sides: sc.sides.map((s) => ({ id: s.id, name: s.name })),
    game,
    mapWidth: sc.map.grid.width,
    mapHeight: sc.map.grid.height,
    unitCounts: [count(0), count(1)],
    turnLimit: sc.turns,
    parameters: sc.parameters,
    options,
    metrics: PG3_METRICS,
    ai: pg3AgentHooks(sc, game),
    ui: pg3Ui(sc),
    initialState: (rng) => game.initialState(rng),
    outcome: (state) => {
      const o = outcomeOf(sc, state);
      return {
        winner: o.winner,
        victoryLevel: o.victoryLevel,
        turns: o.turns,
        vp: o.vp,
        metrics: { steps_lost: o.stepsLost.slice(), initiative_turn1: [o.initiativeTurn1 === 0 ? 1 : 0, o.initiativeTurn1 === 1 ? 1 : 0] },
      };
    },
    turn: (state) => state.turn,
    stateHash: pg3StateHash,
  };
}

export const pg3System: RulesSystem = {
  id: 'pg3',
  title: 'Panzer Grenadier, 3rd edition',
  load: (file, options, mode) => loadPg3(file, options, mode),
};

export { Pg3Game } from './game.js';
export type { State as Pg3State } from './state.js';
