/** The Panzer Leader rules system: what the tools and agents get of it, through declared interfaces. */
import type { LoadedScenario, LoadMode, MetricDeclaration, RulesSystem, ScenarioOptions } from '../../core/system.js';
import { plAgentHooks } from './doctrine.js';
import { outcomeOf, PlGame, plStateHash } from './game.js';
import { loadPlScenario, type Scenario } from './scenario.js';
import type { State } from './state.js';
import { plUi } from './ui.js';

export type PlScenario = LoadedScenario<State, string> & { readonly game: PlGame; readonly sc: Scenario };

/** Units eliminated per side (trucks and wagons excepted, XIV.B.8), reported for every game. */
export const PL_METRICS: readonly MetricDeclaration[] = [{ id: 'units_lost', kind: 'perSeat', label: 'units lost' }];
/** With rule.firstPlayerByDie: which side's segment opened every turn (PL-R60), so the summary shows what moving first was worth. */
const FIRST_PLAYER: MetricDeclaration = { id: 'first_player', kind: 'oneSeat', label: 'first player' };

/** A PL scenario file loaded for the tools: everything is fixed once the file is read. */
export function loadPl(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): PlScenario {
  const sc = loadPlScenario(file, options);
  const game = new PlGame(sc, { narrate: mode.narrate === true });
  const grid = sc.map.grid;
  return {
    sc,
    id: sc.data.id,
    title: sc.data.title,
    system: 'pl',
    file,
    options,
    game,
    sides: sc.sides.map((x) => ({ id: x.id, name: x.name })),
    mapWidth: grid.width,
    mapHeight: grid.height,
    unitCounts: sc.sides.map((_, seat) => sc.units.filter((u) => u.side === seat).length),
    turnLimit: sc.turns,
    parameters: sc.parameters,
    metrics: sc.rules.firstPlayerByDie ? [...PL_METRICS, FIRST_PLAYER] : PL_METRICS,
    ai: plAgentHooks(sc),
    ui: plUi(sc),
    initialState: (rng) => game.initialState(rng),
    outcome: (state) => outcomeOf(sc, state),
    // After the last German segment the turn counter stays on the last turn.
    turn: (state) => Math.min(state.turn, sc.turns),
    stateHash: plStateHash,
  };
}

export const plSystem: RulesSystem = {
  id: 'pl',
  title: 'Panzer Leader',
  load: (file, options, mode) => loadPl(file, options, mode),
};

export { PlGame } from './game.js';
export type { State as PlState } from './state.js';
