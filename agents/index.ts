// Public entry of the agents: the Agent contract, the three agents, and the game extensions they use.
export type { Agent, AgentDescription } from './agent.js';
export { createAgent, describeAgents, formatAgentHelp } from './agent.js';
export { RandomAgent, RANDOM_KEYS } from './random.js';
export { ScriptedAgent, SCRIPTED_DEFAULTS, SCRIPTED_KEYS, doctrineScore, bestByDoctrine } from './scripted.js';
export type { ScriptedOptions, DoctrineWeights } from './scripted.js';
export { MctsAgent, MctsTree, MCTS_DEFAULTS, MCTS_KEYS, mctsSearch, formatSearchReport, mctsWorkerFile, lowerBound } from './mcts.js';
export type { MctsOptions, SearchReport, SearchChild, SearchResult, RootChildStats, LineStep } from './mcts.js';
export type { ActionAssessment, AgentHooks, DoctrineAdvisor, SpawnedSearch, SpawnSpec } from './doctrine.js';
export { compiledPath, loadSpawnedSearch } from './spawn.js';
export type { KeySpec, KeyTable } from './spec.js';
export { DIFFICULTY_PRESETS, findPreset, formatPresetHelp, withThreads } from './presets.js';
export type { DifficultyPreset } from './presets.js';
