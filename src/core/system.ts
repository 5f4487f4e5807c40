import type { Game, Rng } from './game.js';

/**
 * A rules system (PG3, SPG, IA2, PL, Panzer) is a module beside the others. It turns a scenario file
 * into a LoadedScenario: a Game plus what the harness, the CLI and the agents need to know about it.
 */
export interface RulesSystem {
  /** Short id used in scenario files: "pg3". */
  readonly id: string;
  readonly title: string;
  /** Parses and validates a scenario file; throws InputError naming the file, place and problem. */
  load(file: string, options?: ScenarioOptions): LoadedScenario;
}

/** Changes a user can make to a scenario from the command line. */
export interface ScenarioOptions {
  /** Path of a chart pack to use instead of the scenario's (e.g. a player's own printed charts). */
  charts?: string;
  /** Path of a counter manifest to use instead of the scenario's. */
  counters?: string;
  /**
   * Scenario parameters by name (see LoadedScenario.parameters), e.g. { "turns": 10, "initiative.axis": 3 },
   * and optional-rule switches, e.g. { "rule.fogOfWar": true }.
   */
  set?: Readonly<Record<string, number | boolean | string>>;
}

export interface SideInfo {
  /** Id used on the command line and in output: "axis", "soviet", "east". */
  readonly id: string;
  readonly name: string;
}

/** A numeric scenario parameter that balance search may vary. */
export interface ScenarioParameter {
  readonly name: string;
  readonly description: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
}

/** How a finished (or abandoned) game came out, in the terms a scenario designer uses. */
export interface GameOutcome {
  /** Seat index of the winner, or null for a draw. */
  readonly winner: number | null;
  /** e.g. "decisive", "marginal", "draw". */
  readonly victoryLevel: string;
  readonly turns: number;
  /** Victory points per seat. */
  readonly vp: readonly number[];
  /** Steps lost per seat. */
  readonly stepsLost: readonly number[];
  /** Seat that won the initiative on turn 1, when the system has initiative. */
  readonly initiativeTurn1: number | null;
}

export interface LoadedScenario<S = any, A = any> {
  readonly id: string;
  readonly title: string;
  readonly system: string;
  /** Absolute path of the scenario file. */
  readonly file: string;
  readonly sides: readonly SideInfo[];
  readonly game: Game<S, A>;
  /** Map size in hexes. */
  readonly mapWidth: number;
  readonly mapHeight: number;
  /** Units per side at the start and as reinforcements (leaders included). */
  readonly unitCounts: readonly number[];
  readonly turnLimit: number;
  readonly parameters: readonly ScenarioParameter[];
  /** The options this scenario was loaded with (so a worker or a replay can load it identically). */
  readonly options: ScenarioOptions;
  /** The starting position. Set-up may use dice (e.g. random leader draws), taken from `rng`. */
  initialState(rng: Rng): S;
  outcome(state: S): GameOutcome;
}
