/** The Infantry Attacks 2nd edition rules system: what the tools and agents get of it, through declared interfaces. */
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
import { ia2AgentHooks } from './doctrine.js';
import { Ia2Game, ia2StateHash } from './game.js';
import { loadIa2Scenario, type Scenario } from './scenario.js';
import type { State } from './state.js';
import { gameOutcome } from './turn.js';
import { ia2Ui } from './ui.js';

export const IA2_METRICS: readonly MetricDeclaration[] = [
  { id: 'steps_lost', kind: 'perSeat', label: 'steps lost' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

export type Ia2Scenario = LoadedScenario<State, string> & { readonly game: Ia2Game; readonly scenario: Scenario };

class LoadedIa2 implements Ia2Scenario {
  readonly system = 'ia2';
  readonly metrics = IA2_METRICS;
  readonly game: Ia2Game;
  readonly ai: AgentHooks<State, string>;
  readonly ui: ScenarioUi<State, string>;

  constructor(
    readonly scenario: Scenario,
    readonly file: string,
    readonly options: ScenarioOptions,
    mode: LoadMode,
  ) {
    this.game = new Ia2Game(scenario, { narrate: mode.narrate === true });
    this.ai = ia2AgentHooks(scenario);
    this.ui = ia2Ui(scenario);
  }

  get id(): string {
    return this.scenario.data.id;
  }
  get title(): string {
    return this.scenario.data.title;
  }
  get sides(): SideInfo[] {
    return this.scenario.sides.map((side) => ({ id: side.id, name: side.name }));
  }
  get mapWidth(): number {
    return this.scenario.map.grid.width;
  }
  get mapHeight(): number {
    return this.scenario.map.grid.height;
  }
  get unitCounts(): number[] {
    return [0, 1].map((seat) => this.scenario.units.filter((u) => u.side === seat).length);
  }
  get turnLimit(): number {
    return this.scenario.turns;
  }
  get parameters(): readonly ScenarioParameter[] {
    return this.scenario.parameters;
  }
  initialState(rng: Rng): State {
    return this.game.initialState(rng);
  }
  outcome(state: State): GameOutcome {
    return gameOutcome(this.scenario, state);
  }
  turn(state: State): number {
    return state.turn;
  }
  stateHash(state: State): string {
    return ia2StateHash(state);
  }
}

/** Loads an IA2 scenario file as a LoadedScenario. */
export function loadIa2(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): Ia2Scenario {
  return new LoadedIa2(loadIa2Scenario(file, options), file, options, mode);
}

export const ia2System: RulesSystem = {
  id: 'ia2',
  title: 'Infantry Attacks 2nd edition (1914)',
  load: (file, options, mode) => loadIa2(file, options, mode),
};

export { Ia2Game } from './game.js';
export type { State as Ia2State } from './state.js';
