// The simulation harness: match sets, summaries, ratings, balance search, and the sim/balance commands.
export type { AgentFactory, GameRow, HarnessAgent, RunConfig } from './types.js';
export {
  agentSeed,
  DEFAULT_MAX_ACTIONS,
  loadAgentFactory,
  loadRunScenario,
  playGame,
  registerSystemModule,
  runMatch,
  seatSpecs,
} from './match.js';
export type { MatchOptions, PlayOptions } from './match.js';
export { defaultWorkers, GameRunner, workerFile } from './pool.js';
export { DEFAULT_AGENT, resolveAgents, runSimulation } from './run.js';
export type { SimulationOptions, SimulationResult } from './run.js';
export { formatSummary, SummaryBuilder } from './summary.js';
export type { Summary, SideSummary, SpecSummary } from './summary.js';
export { Histogram, RunningStats, wilson, Z95 } from './stats.js';
export { bradleyTerry, expectedScore, ELO_PER_NATURAL_LOG } from './ratings.js';
export type { BradleyTerryOptions, PairResult, Rating } from './ratings.js';
export { formatRoundRobin, roundRobin } from './roundrobin.js';
export type { PairOutcome, RoundRobinOptions, RoundRobinResult } from './roundrobin.js';
export { balanceSearch, formatBalance, rangeValues } from './balance.js';
export type { BalanceOptions, BalanceResult, BalanceRow, StopReason } from './balance.js';
export { createProgress, formatDuration, silentProgress } from './progress.js';
export type { ProgressOptions, ProgressReporter } from './progress.js';
export { csvColumns, parseCsv } from './csv.js';
export { gamesPerSecond, measureThroughput, type ThroughputReport } from './bench-workers.js';
export { registerSimCommands } from './cli.js';
