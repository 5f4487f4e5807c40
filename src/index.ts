// Public entry of the tacsim package.
export type { Game, Rng } from './core/game.js';
export { IllegalActionError } from './core/game.js';
export { createRng, deriveSeed, d6, roll2d6 } from './core/rng.js';
export { HexGrid, DIRECTIONS } from './hex/grid.js';
export type { Hex, Direction } from './hex/grid.js';
export { GameMap } from './hex/map.js';
export { InputError } from './core/errors.js';
export type { RulesSystem, LoadedScenario, ScenarioOptions, GameOutcome, SideInfo, ScenarioParameter } from './core/system.js';
export { loadScenario, listShippedScenarios, registerSystem, listSystems, resolveScenarioFile } from './scenarios.js';
export type { ActionAssessment, AgentGame, AgentGameExtensions, DoctrineAdvisor, DoctrineWeights, SpawnSpec } from './core/extensions.js';
export { doctrineScore, DEFAULT_DOCTRINE_WEIGHTS } from './core/extensions.js';
