/** The Simple Panzer Grenadier rules system: what the tools and agents get of it, through declared interfaces. */
import type { LoadedScenario, LoadMode, MetricDeclaration, RulesSystem, ScenarioOptions } from '../../core/system.js';
import { spgAgentHooks } from './doctrine.js';
import { SpgGame, spgStateHash } from './game.js';
import { loadSpgScenario } from './scenario.js';
import type { State } from './state.js';
import { outcomeOf } from './turn.js';
import { spgUi } from './ui.js';

export type SpgScenario = LoadedScenario<State, string> & { readonly game: SpgGame };

export const SPG_METRICS: readonly MetricDeclaration[] = [
  { id: 'steps_lost', kind: 'perSeat', label: 'steps lost' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

/** Loads an SPG scenario file as a LoadedScenario. */
export function loadSpg(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): SpgScenario {
  const sc = loadSpgScenario(file, options);
  const game = new SpgGame(sc, { narrate: mode.narrate === true });
  const count = (seat: number): number => sc.units.filter((u) => u.side === seat).length;
  return {
    id: sc.data.id, title: sc.data.title, system: spgSystem.id, file, sides: sc.sides.map((s) => ({ id: s.id, name: s.name })),
    game, mapWidth: sc.map.grid.width, mapHeight: sc.map.grid.height, unitCounts: [count(0), count(1)], turnLimit: sc.turns,
    parameters: sc.parameters, options, metrics: SPG_METRICS,
    ai: spgAgentHooks(sc),
    ui: spgUi(sc),
    initialState: (rng) => game.initialState(rng),
    outcome: (state) => {
      const o = outcomeOf(sc, state);
      return {
        winner: o.winner, victoryLevel: o.victoryLevel, turns: o.turns, vp: o.vp,
        metrics: { steps_lost: o.lost, initiative_turn1: [o.initiativeTurn1 === 0 ? 1 : 0, o.initiativeTurn1 === 1 ? 1 : 0] },
      };
    },
    turn: (state) => state.turn,
    stateHash: spgStateHash,
  };
}

export const spgSystem: RulesSystem = {
  id: 'spg',
  title: 'Simple Panzer Grenadier',
  load: (file, options, mode) => loadSpg(file, options, mode),
};

export { SpgGame } from './game.js';
export type { State as SpgState } from './state.js';
