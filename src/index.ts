// Public entry of the tacsim package: the Game contract and its kernel, scenarios, the agents and the harness.
export type { Game, Rng } from './core/game.js';
export { IllegalActionError } from './core/game.js';
export { createRng, deriveSeed, d6, roll2d6 } from './core/rng.js';
export { HexGrid, DIRECTIONS } from './hex/grid.js';
export type { Hex, Direction } from './hex/grid.js';
export { GameMap } from './hex/map.js';
export { InputError } from './core/errors.js';
export type { InputErrorCode, InputErrorDetails } from './core/errors.js';
export type { RulesSystem, LoadedScenario, ScenarioOptions, GameOutcome, SideInfo, ScenarioParameter, MetricDeclaration, ScenarioUi, ViewOptions, LoadMode } from './core/system.js';
export { loadScenario, listShippedScenarios, registerSystem, registerSystemModule, listSystems, resolveScenarioFile } from './scenarios.js';
export type { ActionAssessment, AgentHooks, DoctrineAdvisor, DoctrineWeights, SpawnedSearch, SpawnSpec } from './core/extensions.js';
export { doctrineScore, DEFAULT_DOCTRINE_WEIGHTS } from './core/extensions.js';
// The agents' and the harness's own entries choose what they make public; the package passes all of it on.
export * from '../agents/index.js';
export * from './harness/index.js';
