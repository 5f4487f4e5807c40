/** The Infantry Attacks 2nd edition rules system: what the tools and agents get of it, through declared interfaces. */
import type { LoadMode, MetricDeclaration, RulesSystem, ScenarioOptions } from '../../core/system.js';
import { LoadedFamilyScenario } from '../pg/loaded.js';
import { ia2AgentHooks } from './doctrine.js';
import { Ia2Game, ia2StateHash } from './game.js';
import { withEntryAdvice } from './entry.js';
import { withHiddenView } from './hidden.js';
import { withPlanAdvice } from './plans.js';
import { loadIa2Scenario, type Scenario } from './scenario.js';
import type { State } from './state.js';
import { gameOutcome } from './turn.js';
import { ia2Ui } from './ui.js';

export const IA2_METRICS: readonly MetricDeclaration[] = [
  { id: 'steps_lost', kind: 'perSeat', label: 'steps lost' },
  { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
];

export type Ia2Scenario = LoadedFamilyScenario<Scenario, State, string, Ia2Game>;

/** Loads an IA2 scenario file as a LoadedScenario. */
export function loadIa2(file: string, options: ScenarioOptions = {}, mode: LoadMode = {}): Ia2Scenario {
  const sc = loadIa2Scenario(file, options);
  return new LoadedFamilyScenario('ia2', IA2_METRICS, sc, file, options, {
    game: new Ia2Game(sc, { narrate: mode.narrate === true }),
    ai: withHiddenView(sc, withEntryAdvice(sc, withPlanAdvice(sc.planLibrary, ia2AgentHooks(sc)))),
    ui: ia2Ui(sc),
    outcome: (s) => gameOutcome(sc, s),
    turn: (s) => s.turn,
    stateHash: ia2StateHash,
  });
}

export const ia2System: RulesSystem = {
  id: 'ia2',
  title: 'Infantry Attacks 2nd edition (1914)',
  load: (file, options, mode) => loadIa2(file, options, mode),
};

export { Ia2Game } from './game.js';
export type { State as Ia2State } from './state.js';
