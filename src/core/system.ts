import type { Game, Rng } from './game.js';
import type { AgentHooks } from './extensions.js';

/**
 * A rules system (PG3, SPG, IA2, PL, Panzer) is a module beside the others. It turns a scenario file
 * into a LoadedScenario: a Game plus everything the harness, the CLI and the agents need to know about
 * it, through declared interfaces (metrics, ui, ai), so that no tool names a system.
 */
export interface RulesSystem {
  /** Short id used in scenario files: "pg3". */
  readonly id: string;
  readonly title: string;
  /**
   * The compiled JS module (absolute path or file URL) that exports this system as `system`: how worker
   * threads (simulation workers, MCTS threads) find a system registered at run time, e.g. by a test or a
   * plugin. Systems the registry lists itself leave it out.
   */
  readonly module?: string;
  /** Parses and validates a scenario file; throws InputError naming the file, place and problem. */
  load(file: string, options?: ScenarioOptions, mode?: LoadMode): LoadedScenario;
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

/** How the game is to be used: not part of the scenario (a record does not store it), never changes play. */
export interface LoadMode {
  /** Record narration on every apply (ui.narration): for a person watching, not for playouts. */
  narrate?: boolean;
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

/**
 * A number per seat that a system reports for every game (GameOutcome.metrics[id]), declared so that
 * games.csv and the summary can show it without knowing the system.
 *
 * - `perSeat`: a count per seat (e.g. steps lost); games.csv has one column `<id>_<side id>` per side
 *   and the summary its mean per game.
 * - `oneSeat`: marks at most one seat with 1 (e.g. who won the turn-1 initiative); games.csv has one
 *   column `<id>` holding that side's id (empty when none), and the summary how often the marked seat
 *   went on to win.
 */
export interface MetricDeclaration {
  /** Key in GameOutcome.metrics and stem of the games.csv column(s): lower case, digits, underscores. */
  readonly id: string;
  readonly kind: 'perSeat' | 'oneSeat';
  /** For the summary: "steps lost" (per game), "turn-1 initiative winner". */
  readonly label: string;
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
  /** Per declared metric id (LoadedScenario.metrics), a number per seat. */
  readonly metrics: Readonly<Record<string, readonly number[]>>;
}

/** What a seat is shown: `viewer` is the seat whose secrets may be shown (-1: nobody's). */
export interface ViewOptions {
  readonly viewer: number;
  /** ANSI colours. */
  readonly color?: boolean;
  /** Text columns renderMap may take: a wider map is cut to a window of whole hex columns. Default: the whole map. */
  readonly width?: number;
  /** The hex renderMap centres its window on when the map is cut to `width`. */
  readonly centre?: number;
}

/**
 * What a person at a terminal needs of a system: the position drawn as a seat sees it, actions in words,
 * short commands, the chances of a combat action before it is committed, and the narration of the last
 * apply. `play`, `replay` and `scenarios show` use nothing else.
 */
export interface ScenarioUi<S, A> {
  /** The map as `view.viewer` may see it. */
  renderMap(state: S, view: ViewOptions): string;
  /** The units (order of battle with their state) as `view.viewer` may see them. */
  renderUnits(state: S, view: ViewOptions): string;
  /** One line: turn, phase, whose decision, score. */
  renderStatus(state: S, view: ViewOptions): string;
  /** The heading `play` and `replay` print when the turn changes; absent: "Turn N of M" (a pre-game has its own). */
  turnHeading?(state: S): string;
  /** What `scenarios show` prints around the map: the scenario's description and victory conditions. */
  briefing(): string[];
  describeAction(state: S, action: A): string;
  /** Help lines for the short commands `parseCommand` understands ("move U HEX  move unit U to hex HEX"). */
  readonly commandHelp: readonly string[];
  /**
   * A short command (words, the first lower-cased) as one of `legal`; undefined when the first word is
   * not a command of this system. Throws InputError with a one-line explanation when the command is
   * known but names nothing legal.
   */
  parseCommand(state: S, words: readonly string[], legal: readonly A[]): A | undefined;
  /**
   * Lines giving the chances of `action` when it is combat worth confirming (the CLI then asks), or
   * [] when it is not. Rolls no dice and changes nothing.
   */
  odds(state: S, action: A): string[];
  /** What happened in the apply that produced `state` (empty unless the game was loaded with narration). */
  narration(state: S): readonly string[];
  /**
   * The position as `view.viewer` may see it, as data a page draws a map from (`tacsim serve`). Everything in
   * it may be shown to that seat: units it may not see are left out, secrets of the other side are not given.
   */
  board?(state: S, view: ViewOptions): BoardView;
  /**
   * Where each of `actions` (legal actions of the seat to move) happens on the map, for a page to highlight
   * and click: `actions[k]` gives `places[k]`. Only for the seat whose decision it is.
   */
  actionPlaces?(state: S, actions: readonly A[]): ActionPlace[];
  /**
   * `action`, just applied by `seat` in `before`, as `view.viewer` may learn of it: its words and hexes, or a
   * neutral line ("a unit acts out of sight") with no places when it concerns only units the viewer may not see.
   */
  publicAction?(before: S, action: A, view: ViewOptions): ActionPlace;
  /** The narration of the apply that produced `state`, without lines about what `view.viewer` may not see. */
  publicNarration?(state: S, view: ViewOptions): readonly string[];
  /**
   * How unit `unit` of the seat to move may go on moving from where it stands, as that seat may know it, for
   * `play`'s move to a distant hex in one command (the kernel's reachableHexes finds the cheapest path; each
   * hex of it is then one legal move action); or why it may not move now. For systems whose moves go one hex
   * per action.
   */
  movement?(state: S, unit: number): UnitMovement | string;
}

/** What a system tells `play` of one unit's movement (ScenarioUi.movement). */
export interface UnitMovement {
  readonly start: number;
  /** Movement points left, in the units stepCost counts in. */
  readonly budget: number;
  /** How many of those units make one movement point (2 where half points count). */
  readonly scale: number;
  /** Whether a first step is allowed whatever it costs (a unit may always move one hex). */
  readonly oneHexAlways: boolean;
  /** The most hexes it may enter now (a unit that may move one hex only: 1); undefined: as far as the budget goes. */
  readonly maxHexes?: number | undefined;
  /** The cost of one step to a neighbour, negative where the unit may not step. */
  stepCost(from: number, to: number, direction: number): number;
  /** How many units of the other side, as the mover's seat knows them, may fire at it in `hex` (opportunity fire). */
  firersAt(hex: number): number;
}

/** One hex of a BoardView. */
export interface BoardHex {
  readonly hex: number;
  /** Board label, "0405". */
  readonly label: string;
  readonly col: number;
  readonly row: number;
  /** Terrain id ("woods"), the key of BoardView.terrain. */
  readonly terrain: string;
  readonly elevation: number;
  /** Hexside features (e.g. "road") by direction index (HexGrid directions). */
  readonly sides: readonly { readonly dir: number; readonly feature: string }[];
  /** Markers lying in the hex: "smoke", "mines", "wreck", "wire", "foxholes"... */
  readonly markers: readonly string[];
}

/** A counter on a BoardView. */
export interface BoardUnit {
  /** Unit index (the number actions and commands use). */
  readonly unit: number;
  readonly side: number;
  /** Hex, or -1 off the map (reinforcements to come, off-board artillery, eliminated). */
  readonly hex: number;
  readonly name: string;
  /** Unit type ("infantry", "tank", "leader"): what a counter style draws as a symbol. */
  readonly type: string;
  /** The values printed on the counter as a player reads them, e.g. "6-8-4" or "10-1 +1". */
  readonly values: string;
  /** Where it stands when not on the map ("eliminated", "enters turn 3"); "" on the map. */
  readonly where: string;
  readonly reduced: boolean;
  readonly leader: boolean;
  /** Status markers: "disrupted", "demoralized", "moved", "fired", "spent", "ready", "dug in", "activating"... */
  readonly markers: readonly string[];
  /** More about it for a tooltip: factors, movement points left, morale. */
  readonly details: string;
}

export interface BoardObjective {
  readonly hex: number;
  readonly vp: number;
  /** Seat holding it, -1 nobody. */
  readonly controller: number;
}

/** The position as one seat may see it, system-neutral: what `tacsim serve`'s page draws. */
export interface BoardView {
  readonly width: number;
  readonly height: number;
  readonly orientation: string;
  /** Fill colour (CSS) per terrain id used on the map. */
  readonly terrain: Readonly<Record<string, string>>;
  readonly hexes: readonly BoardHex[];
  readonly units: readonly BoardUnit[];
  readonly objectives: readonly BoardObjective[];
  /** One line: turn, phase, whose decision, score (renderStatus). */
  readonly status: string;
}

/** What kind of thing an action is, for a page: moves go to hexes, fire and assaults at targets. */
export type ActionKind = 'move' | 'fire' | 'assault' | 'activate' | 'declare' | 'pass' | 'end' | 'decide' | 'other';

/** Where an action happens on the map. */
export interface ActionPlace {
  readonly kind: ActionKind;
  /** The action in words (describeAction). */
  readonly label: string;
  /** Units that act (unit indices). */
  readonly units: readonly number[];
  /** Hex the acting units stand in, -1 none. */
  readonly from: number;
  /** Hex moved to, -1 none. */
  readonly to: number;
  /** Hex fired at or assaulted, -1 none. */
  readonly target: number;
  /** Whether its chances are worth showing before committing it (odds() gives them). */
  readonly combat: boolean;
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
  /** The per-seat numbers outcome() reports, in games.csv column order. */
  readonly metrics: readonly MetricDeclaration[];
  /** The advisor, evaluator and action ordering agents receive (see AgentHooks). */
  readonly ai: AgentHooks<S, A>;
  readonly ui: ScenarioUi<S, A>;
  /** The starting position. Set-up may use dice (e.g. random leader draws), taken from `rng`. */
  initialState(rng: Rng): S;
  outcome(state: S): GameOutcome;
  /** Game turn of `state` (1 on the first turn), for headings and records. */
  turn(state: S): number;
  /**
   * A short stable digest of everything in `state` that affects play, stored in game records after every
   * action so a replay can prove it reached the same positions.
   */
  stateHash(state: S): string;
  /**
   * The position at the end of a turn as numbers a designer reads (turns.csv, the balance report). Optional:
   * the kernel's default (core/turns.ts) derives it from outcome() and ui.board(); a system gives its own only
   * when that default cannot see something (e.g. VP sources the board does not show).
   */
  turnRecord?(state: S): TurnRecord;
}

/**
 * A position summed up per seat at the end of a turn (LoadedScenario.turnRecord). Arrays are per seat unless
 * said otherwise; every number is what has happened so far in the game, not in the turn.
 */
export interface TurnRecord {
  readonly vp: readonly number[];
  /** Per declared `perSeat` metric id (e.g. steps lost), its value so far per seat. */
  readonly metrics: Readonly<Record<string, readonly number[]>>;
  /** Units (leaders included) standing on a map hex. */
  readonly unitsOnMap: readonly number[];
  /** Seat holding each objective, -1 nobody, in the order of `TurnRecordShape.objectives`. */
  readonly holders: readonly number[];
  /** The part of `vp` that the objectives held give; the rest comes from casualties, exits and the like. */
  readonly objectiveVp: readonly number[];
  /** Units eliminated so far per unit type (`TurnRecordShape.unitTypes`), per seat. */
  readonly eliminated: Readonly<Record<string, readonly number[]>>;
}
