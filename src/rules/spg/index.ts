/** The Simple Panzer Grenadier rules system: what the tools and agents get of it, through declared interfaces. */
import type { AgentHooks } from '../../core/extensions.js';
import type { Rng } from '../../core/game.js';
import type {
  GameOutcome,
  LoadedScenario,
  LoadMode,
  MetricDeclaration,
  RulesSystem,
  ScenarioOptions,
  ScenarioParameter,
  ScenarioUi,
  SideInfo,
} from '../../core/system.js';
import { spgAgentHooks } from './doctrine.js';
import { SpgGame, spgStateHash } from './game.js';
import { loadSpgScenario, type Scenario } from './scenario.js';
import type { State } from './state.js';
import { gameOutcome } from './turn.js';
import { spgUi } from './ui.js';

export type SpgScenario = LoadedScenario<State, string> & { readonly game: SpgGame };

export const SPG_METRICS: readonly MetricDeclaration[] = [
  { id: 'steps_lost', kind: 'perSeat', label: 'steps lost' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

/** An SPG scenario loaded for the tools: the game, its hooks and ui, and what the harness reports. */
class LoadedSpg implements SpgScenario {
  readonly system = 'spg';
  readonly metrics = SPG_METRICS;
  readonly game: SpgGame;
  readonly ai: AgentHooks<State, string>;
  readonly ui: ScenarioUi<State, string>;

  constructor(
    private readonly sc: Scenario,
    readonly file: string,
    readonly options: ScenarioOptions,
    mode: LoadMode,
  ) {
    this.game = new SpgGame(sc, { narrate: mode.narrate === true });
    this.ai = spgAgentHooks(sc);
    this.ui = spgUi(sc);
  }

  get id(): string {
    return this.sc.data.id;
  }
  get title(): string {
    return this.sc.data.title;
  }
  get sides(): SideInfo[] {
    return this.sc.sides.map((side) => ({ id: side.id, name: side.name }));
  }
  get mapWidth(): number {
    return this.sc.map.grid.width;
  }
  get mapHeight(): number {
    return this.sc.map.grid.height;
  }
  get unitCounts(): number[] {
    return [0, 1].map((seat) => this.sc.units.filter((u) => u.side === seat).length);
  }
  get turnLimit(): number {
    return this.sc.turns;
  }
  get parameters(): readonly ScenarioParameter[] {
    return this.sc.parameters;
  }

  initialState(rng: Rng): State {
    return this.game.initialState(rng);
  }
  outcome(state: State): GameOutcome {
    return gameOutcome(this.sc, state);
  }
  turn(state: State): number {
    return state.turn;
  }
  stateHash(state: State): string {
    return spgStateHash(state);
  }
}

/** Loads an SPG scenario file as a LoadedScenario. */
export function loadSpg(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): SpgScenario {
  return new LoadedSpg(loadSpgScenario(file, options), file, options, mode);
}

export const spgSystem: RulesSystem = {
  id: 'spg',
  title: 'Simple Panzer Grenadier',
  load: (file, options, mode) => loadSpg(file, options, mode),
};

export { SpgGame } from './game.js';
export type { State as SpgState } from './state.js';
