/** The Panzer Leader rules system: what the tools and agents get of it, through declared interfaces. */
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
import { plAgentHooks } from './doctrine.js';
import { outcomeOf, PlGame, plStateHash } from './game.js';
import { loadPlScenario, type Scenario } from './scenario.js';
import type { State } from './state.js';
import { plUi } from './ui.js';

export type PlScenario = LoadedScenario<State, string> & { readonly game: PlGame; readonly sc: Scenario };

export const PL_METRICS: readonly MetricDeclaration[] = [{ id: 'units_lost', kind: 'perSeat', label: 'units lost' }];

class LoadedPl implements PlScenario {
  readonly system = 'pl';
  readonly metrics = PL_METRICS;
  readonly game: PlGame;
  readonly ai: AgentHooks<State, string>;
  readonly ui: ScenarioUi<State, string>;

  constructor(
    readonly sc: Scenario,
    readonly file: string,
    readonly options: ScenarioOptions,
    mode: LoadMode,
  ) {
    this.game = new PlGame(sc, { narrate: mode.narrate === true });
    this.ai = plAgentHooks(sc);
    this.ui = plUi(sc);
  }

  get id(): string {
    return this.sc.data.id;
  }
  get title(): string {
    return this.sc.data.title;
  }
  get sides(): SideInfo[] {
    return this.sc.sides.map((s) => ({ id: s.id, name: s.name }));
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
    return outcomeOf(this.sc, state);
  }
  turn(state: State): number {
    return Math.min(state.turn, this.sc.turns);
  }
  stateHash(state: State): string {
    return plStateHash(state);
  }
}

export function loadPl(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): PlScenario {
  return new LoadedPl(loadPlScenario(file, options), file, options, mode);
}

export const plSystem: RulesSystem = {
  id: 'pl',
  title: 'Panzer Leader',
  load: (file, options, mode) => loadPl(file, options, mode),
};

export { PlGame } from './game.js';
export type { State as PlState } from './state.js';
