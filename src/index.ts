// Public entry of the tacsim package: the Game contract and its kernel, scenarios, the agents and the harness.
export type { Game, Rng } from './core/game.js';
export { IllegalActionError } from './core/game.js';
export { createRng, deriveSeed, d6, roll2d6 } from './core/rng.js';
// The hex-wargame kernel (src/hex): what a rules system outside this package is written against.
export { HexGrid, DIRECTIONS, POINTY_DIRECTIONS, Arc } from './hex/grid.js';
export type { Hex, Direction, Orientation, SideMask, Cube } from './hex/grid.js';
export { GameMap } from './hex/map.js';
export type { HexsideBits } from './hex/map.js';
export { openGroundLos, PgLos } from './hex/los.js';
export type { LosRule, TerrainLosProperties } from './hex/los.js';
export { compileTable, columnIndex, shiftColumn, tableResult, resultsTable, cellSource, TWO_D6, ONE_D6 } from './hex/tables.js';
export type { CompiledTable, TableRows } from './hex/tables.js';
export { provenance, sourced } from './hex/provenance.js';
export type { Provenance } from './hex/provenance.js';
export { UnitDraft } from './hex/draft.js';
export type { UnitState, SharedArrayKey, Writable } from './hex/draft.js';
export { HEX, OFFBOARD, ELIMINATED, EXITED } from './hex/units.js';
export type { UnitRow, UnitRows, RowLayout } from './hex/units.js';
export { readCompactMap, compactMap, hexAt, hexLabel } from './hex/mapdata.js';
export type { CompactMap } from './hex/mapdata.js';
export { moveCostTable, reachableHexes } from './hex/movement.js';
export { buildSightTable, lineBlocked } from './hex/sight.js';
export { applyParameterOverrides } from './hex/params.js';
export type { ParameterValue, ParameterSetter } from './hex/params.js';
export { drawHexMap, paint } from './hex/ascii.js';
export type { Segment, DrawOptions } from './hex/ascii.js';
export { InputError } from './core/errors.js';
export type { InputErrorCode, InputErrorDetails } from './core/errors.js';
export type {
  RulesSystem,
  LoadedScenario,
  ScenarioOptions,
  GameOutcome,
  SideInfo,
  ScenarioParameter,
  MetricDeclaration,
  ScenarioUi,
  ViewOptions,
  LoadMode,
} from './core/system.js';
export { loadScenario, listShippedScenarios, registerSystem, registerSystemModule, listSystems, resolveScenarioFile } from './scenarios.js';
export type { ActionAssessment, AgentHooks, DoctrineAdvisor, DoctrineWeights, SpawnedSearch, SpawnSpec } from './core/extensions.js';
export { doctrineScore, DEFAULT_DOCTRINE_WEIGHTS } from './core/extensions.js';
// The agents' and the harness's own entries choose what they make public; the package passes all of it on.
export * from '../agents/index.js';
export * from './harness/index.js';
