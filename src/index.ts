// Public entry of the tacsim package.
export type { Game, Rng } from './core/game.js';
export { IllegalActionError } from './core/game.js';
export { createRng, deriveSeed, d6, roll2d6 } from './core/rng.js';
export { HexGrid, DIRECTIONS } from './core/hex.js';
export type { Hex, Direction } from './core/hex.js';
export { GameMap } from './core/map.js';
export { InputError } from './core/errors.js';
export type { RulesSystem, LoadedScenario, ScenarioOptions, GameOutcome, SideInfo, ScenarioParameter, MetricDeclaration, ScenarioUi, ViewOptions, LoadMode } from './core/system.js';
export { loadScenario, listShippedScenarios, registerSystem, registerSystemModule, listSystems, resolveScenarioFile } from './scenarios.js';
export type { ActionAssessment, AgentHooks, DoctrineAdvisor, DoctrineWeights, SpawnedSearch, SpawnSpec } from './core/extensions.js';
export { doctrineScore, DEFAULT_DOCTRINE_WEIGHTS } from './core/extensions.js';
