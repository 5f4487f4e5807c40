/**
 * The hooks a rules system hands its agents (advisor, evaluator, action ordering, spawn spec). They live
 * in src/core/extensions.ts, so that rules systems implement them without importing agents; re-exported
 * here for the agents.
 */
export type { ActionAssessment, AgentHooks, DoctrineAdvisor, DoctrineWeights, SpawnedSearch, SpawnSpec } from '../src/core/extensions.js';
export { DEFAULT_DOCTRINE_WEIGHTS, doctrineScore, NO_HOOKS } from '../src/core/extensions.js';
