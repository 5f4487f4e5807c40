/** GMT Panzer (Basic Game): what the tools and agents get of it, through declared interfaces. */
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
import { panzerAgentHooks } from './doctrine.js';
import { PanzerGame, panzerStateHash, victoryPoints } from './game.js';
import { loadPanzerScenario, type Scenario } from './scenario.js';
import { BREWED_UP, KNOCKED_OUT, type State } from './state.js';
import { panzerUi } from './ui.js';

export const PANZER_METRICS: readonly MetricDeclaration[] = [
  { id: 'vehicles_lost', kind: 'perSeat', label: 'vehicles knocked out or brewed up' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

export type PanzerScenario = LoadedScenario<State, string> & { readonly game: PanzerGame; readonly sc: Scenario };

class LoadedPanzer implements PanzerScenario {
  readonly system = 'panzer';
  readonly metrics = PANZER_METRICS;
  readonly game: PanzerGame;
  readonly ai: AgentHooks<State, string>;
  readonly ui: ScenarioUi<State, string>;

  constructor(
    readonly sc: Scenario,
    readonly file: string,
    readonly options: ScenarioOptions,
    mode: LoadMode,
  ) {
    this.game = new PanzerGame(sc, { narrate: mode.narrate === true });
    this.ai = panzerAgentHooks(sc);
    this.ui = panzerUi(sc);
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
    const vp = victoryPoints(this.sc, state);
    const winner = vp[0] === vp[1] ? null : vp[0]! > vp[1]! ? 0 : 1;
    const ratio = this.sc.data.victory.decisiveRatio;
    const level = winner === null ? 'draw' : vp[winner]! >= ratio * vp[1 - winner]! && vp[winner]! > 0 ? 'decisive' : 'marginal';
    const lost = [0, 1].map(
      (seat) =>
        state.units.filter((u, i) => this.sc.units[i]!.side === seat && (u.status === KNOCKED_OUT || u.status === BREWED_UP)).length,
    );
    return {
      winner,
      victoryLevel: level,
      turns: state.turn,
      vp,
      metrics: { vehicles_lost: lost, initiative_turn1: [0, 1].map((s) => (state.initiativeTurn1 === s ? 1 : 0)) },
    };
  }
  turn(state: State): number {
    return state.turn;
  }
  stateHash(state: State): string {
    return panzerStateHash(state);
  }
}

export function loadPanzer(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): PanzerScenario {
  return new LoadedPanzer(loadPanzerScenario(file, options), file, options, mode);
}

export const panzerSystem: RulesSystem = {
  id: 'panzer',
  title: 'GMT Panzer (Basic Game)',
  load: (file, options, mode) => loadPanzer(file, options, mode),
};

export { PanzerGame } from './game.js';
export type { State as PanzerState } from './state.js';
