/**
 * The optional extensions of the Game contract that agents use. They live in src/core/extensions.ts, so
 * that rules systems implement them without importing agents; re-exported here for the agents.
 */
export type { ActionAssessment, AgentGame, AgentGameExtensions, DoctrineAdvisor, DoctrineWeights, SpawnSpec } from '../src/core/extensions.js';
export { DEFAULT_DOCTRINE_WEIGHTS, doctrineScore } from '../src/core/extensions.js';
