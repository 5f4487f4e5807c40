/**
 * A Panzer Grenadier family scenario as the tools see it (LoadedScenario): what every member reads the same
 * way off its loaded scenario (id, title, sides, map size, units per side, turn limit, parameters), with the
 * game, hooks, ui and outcome the member supplies.
 */
import type { AgentHooks } from '../../core/extensions.js';
import type { Game, Rng } from '../../core/game.js';
import type {
  GameOutcome,
  LoadedScenario,
  MetricDeclaration,
  ScenarioOptions,
  ScenarioParameter,
  ScenarioUi,
  SideInfo,
} from '../../core/system.js';
import type { GameMap } from '../../hex/map.js';

/** What the family's loaded scenarios have in common. */
export interface FamilyScenario {
  readonly data: { readonly id: string; readonly title: string };
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly map: GameMap;
  readonly units: readonly { readonly side: number }[];
  readonly turns: number;
  readonly parameters: readonly ScenarioParameter[];
}

/** What a member supplies for one loaded scenario. */
export interface FamilyParts<S, A, G extends Game<S, A>> {
  readonly game: G & { initialState(rng: Rng): S };
  readonly ai: AgentHooks<S, A>;
  readonly ui: ScenarioUi<S, A>;
  outcome(state: S): GameOutcome;
  turn(state: S): number;
  stateHash(state: S): string;
}

export class LoadedFamilyScenario<Sc extends FamilyScenario, S, A, G extends Game<S, A>> implements LoadedScenario<S, A> {
  readonly game: G & { initialState(rng: Rng): S };
  readonly ai: AgentHooks<S, A>;
  readonly ui: ScenarioUi<S, A>;

  constructor(
    readonly system: string,
    readonly metrics: readonly MetricDeclaration[],
    readonly scenario: Sc,
    readonly file: string,
    readonly options: ScenarioOptions,
    private readonly parts: FamilyParts<S, A, G>,
  ) {
    this.game = parts.game;
    this.ai = parts.ai;
    this.ui = parts.ui;
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
  initialState(rng: Rng): S {
    return this.game.initialState(rng);
  }
  outcome(state: S): GameOutcome {
    return this.parts.outcome(state);
  }
  turn(state: S): number {
    return this.parts.turn(state);
  }
  stateHash(state: S): string {
    return this.parts.stateHash(state);
  }
}
