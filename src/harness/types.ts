/** Shared types of the simulation harness. */
import type { AgentHooks } from '../core/extensions.js';
import type { Game, Rng } from '../core/game.js';
import type { ScenarioOptions, TurnRecord } from '../core/system.js';
import type { ProgressOptions } from './progress.js';

/**
 * What the harness needs of an agent (the same shape as `Agent` in agents/agent.ts, restated here so
 * the harness compiles against the interface, not an implementation).
 */
export interface HarnessAgent {
  readonly name: string;
  act(game: Game<any, any>, state: any, seat: number, rng: Rng): unknown;
  close?(): unknown;
}

/**
 * Creates an agent from a spec string such as "random", "scripted" or "mcts:iterations=2000", given
 * the hooks of the scenario it will play (LoadedScenario.ai).
 */
export type AgentFactory = (spec: string, hooks: AgentHooks<any, any>) => HarnessAgent | Promise<HarnessAgent>;

/** How a batch of games (a balance search, a tournament) is run: where, how long, how it is watched. */
export interface BatchOptions {
  maxActions?: number;
  workers?: number;
  /** Wall-clock limit of one game in ms (0: none); default DEFAULT_GAME_TIME_LIMIT_MS. */
  gameTimeLimitMs?: number;
  /** Redis URL: play the games on `tacsim worker` processes through this queue instead of here (queue/). */
  queue?: string;
  signal?: AbortSignal;
  progress?: boolean | Omit<ProgressOptions, 'total' | 'already'>;
}

/** How to play a set of games. Everything a worker needs, sent to it once. */
export interface RunConfig {
  /** Shipped scenario id or path of a scenario file. */
  scenario: string;
  scenarioOptions: ScenarioOptions;
  /** Agent spec per side id (every side of the scenario). */
  agents: Record<string, string>;
  /** Master seed: game i uses deriveSeed(seed, i). */
  seed: string;
  /** On odd games, rotate the specs one seat (with two sides: swap them). */
  swap: boolean;
  /** Guard: a game still running after this many actions is abandoned and recorded as an error. */
  maxActions: number;
  /** Keep each game's action keys (for games.jsonl records). */
  records: boolean;
  /** Keep each game's position at the end of every turn (turns.csv). Absent in runs made before turns.csv. */
  turnRecords?: boolean;
  /**
   * Absolute path (or file URL) of a compiled JS module exporting a RulesSystem as `system`,
   * registered before the scenario is loaded (test fixtures, out-of-tree rules systems). runSimulation
   * fills it in from the registry when the scenario's system was registered with a `module`.
   */
  systemModule?: string;
  /**
   * Absolute path (or file URL) of a compiled JS module exporting `createAgent(spec, hooks)`, used instead
   * of agents/agent.js (test fixtures, out-of-tree agents).
   */
  agentModule?: string;
}

/**
 * One game given by its own seat specs and seed instead of the run's agents and master seed: how `tune`
 * plays a candidate and the start on the same dice with sides swapped (GameRunner.playOrders).
 */
export interface GameOrder {
  readonly specs: readonly string[];
  readonly seed: string;
}

/** One game's result: compact, structured-clone friendly, sent from workers to the main thread. */
export interface GameRow {
  game: number;
  seed: string;
  /** Agent spec per seat. */
  agents: string[];
  /** Seat of the winner, null for a draw (or when the game failed). */
  winner: number | null;
  victoryLevel: string;
  turns: number | null;
  vp: (number | null)[];
  /** Per metric id the scenario declares (LoadedScenario.metrics), a value per seat; absent when the game failed. */
  metrics: Record<string, (number | null)[]>;
  actions: number;
  ms: number;
  /** Message of the error that stopped the game, or null. */
  error: string | null;
  /** Action keys, only when records are on. */
  actionKeys?: string[];
  /** The position at the end of every turn played, only when turn records are on. */
  turnLog?: TurnLogEntry[];
}

/** One turn of a game's turn log: the game turn and the position at its end. */
export interface TurnLogEntry {
  turn: number;
  record: TurnRecord;
}
