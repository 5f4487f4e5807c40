/** GMT Panzer (the Basic Game and the Advanced modules built): what the tools and agents get of it, through declared interfaces. */
import type { Rng } from '../../core/game.js';
import type * as sys from '../../core/system.js';
import { hiddenCommandWeights, panzerAgentHooks } from './doctrine.js';
import { PanzerGame, panzerStateHash, victoryPoints } from './game.js';
import { loadPanzerScenario, type Scenario } from './scenario.js';
import { BAILED_OUT, BREWED_UP, KNOCKED_OUT, type State } from './state.js';
import { panzerUi } from './ui.js';

export const PANZER_METRICS: readonly sys.MetricDeclaration[] = [
  { id: 'vehicles_lost', kind: 'perSeat', label: 'vehicles knocked out, brewed up or abandoned' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

export type PanzerScenario = sys.LoadedScenario<State, string> & { readonly game: PanzerGame; readonly sc: Scenario };

/** Who won and how, from the VP (ruling PZ-R11), with the vehicles each side lost and the turn-1 initiative. */
function outcomeOf(sc: Scenario, state: State): sys.GameOutcome {
  const vp = victoryPoints(sc, state);
  const winner = vp[0] === vp[1] ? null : vp[0]! > vp[1]! ? 0 : 1;
  const ratio = sc.data.victory.decisiveRatio;
  const level = winner === null ? 'draw' : vp[winner]! >= ratio * vp[1 - winner]! && vp[winner]! > 0 ? 'decisive' : 'marginal';
  const destroyed = (seat: number) =>
    state.units.filter(
      (u, i) => sc.units[i]!.side === seat && (u.status === KNOCKED_OUT || u.status === BREWED_UP || u.status === BAILED_OUT),
    ).length;
  return {
    winner,
    victoryLevel: level,
    turns: state.turn,
    vp,
    metrics: { vehicles_lost: [destroyed(0), destroyed(1)], initiative_turn1: [0, 1].map((s) => (state.initiativeTurn1 === s ? 1 : 0)) },
  };
}

/** A Panzer scenario file loaded for the tools: the game, its hooks and ui, and what the harness reports. */
export function loadPanzer(file: string, options: sys.ScenarioOptions = {}, mode: sys.LoadMode = {}): PanzerScenario {
  const sc = loadPanzerScenario(file, options);
  const game = new PanzerGame(sc, { narrate: mode.narrate === true, hiddenCommandWeights: hiddenCommandWeights(sc) });
  const parameters: readonly sys.ScenarioParameter[] = sc.parameters;
  const sides: sys.SideInfo[] = sc.sides.map((x) => ({ id: x.id, name: x.name }));
  return {
    sc,
    game,
    file,
    options,
    system: 'panzer',
    id: sc.data.id,
    title: sc.data.title,
    sides,
    metrics: PANZER_METRICS,
    ai: panzerAgentHooks(sc),
    ui: panzerUi(sc),
    mapWidth: sc.map.grid.width,
    mapHeight: sc.map.grid.height,
    unitCounts: [0, 1].map((seat) => sc.units.filter((u) => u.side === seat).length),
    turnLimit: sc.turns,
    parameters,
    initialState: (rng: Rng) => game.initialState(rng),
    outcome: (state: State) => outcomeOf(sc, state),
    turn: (state: State) => state.turn,
    stateHash: (state: State) => panzerStateHash(state),
  };
}

export const panzerSystem: sys.RulesSystem = {
  id: 'panzer',
  title:
    'GMT Panzer (Basic Game, Advanced leg, towed, GP, hull down, hit location, bail out, close assault, transport, command control and indirect fire modules)',
  load: (file, options, mode) => loadPanzer(file, options, mode),
};

export { PanzerGame } from './game.js';
export type { State as PanzerState } from './state.js';
