/**
 * What `tacsim serve` sends the page and the page sends back: the one description of the wire both sides
 * import (the server from ../client/protocol.js, the page from ./protocol.js). Types only and dependency-free,
 * so it compiles under the page's own tsconfig (no Node, no kernel imports) and leaves nothing to load at run
 * time. The board types mirror the kernel's BoardView (src/core/system.ts); the server assigns the kernel's
 * view to these, so a change there that the page would not understand fails to compile.
 *
 * Unit numbers on the wire are the page's own (`unit`): numbered per game in the order the player first sees
 * each unit, so units the player may not see leave no gap in the numbering. Action keys are tokens for one
 * position, not the engine's keys (which name units by their engine index).
 */

/** What kind of thing an action is: moves go to hexes, fire and assaults at targets. */
export type ActionKind = 'move' | 'fire' | 'assault' | 'activate' | 'declare' | 'pass' | 'end' | 'decide' | 'other';

/** Where an action happens on the map (hex indices; -1 none). */
export interface ActionPlace {
  readonly kind: ActionKind;
  /** The action in words. */
  readonly label: string;
  /** Units that act (the page's unit numbers). */
  readonly units: readonly number[];
  readonly from: number;
  readonly to: number;
  readonly target: number;
  /** Whether its chances are worth showing before committing it (GET .../odds gives them). */
  readonly combat: boolean;
}

/** One of the player's legal actions: `key` names it in POST .../actions and GET .../odds. */
export interface LegalAction extends ActionPlace {
  readonly key: string;
}

export interface BoardHex {
  readonly hex: number;
  readonly label: string;
  readonly col: number;
  readonly row: number;
  readonly terrain: string;
  readonly elevation: number;
  readonly sides: readonly { readonly dir: number; readonly feature: string }[];
  readonly markers: readonly string[];
}

export interface BoardUnit {
  /** The page's unit number. */
  readonly unit: number;
  readonly side: number;
  /** Hex, or -1 off the map. */
  readonly hex: number;
  readonly name: string;
  readonly type: string;
  readonly values: string;
  readonly where: string;
  readonly reduced: boolean;
  readonly leader: boolean;
  readonly markers: readonly string[];
  readonly details: string;
}

export interface BoardObjective {
  readonly hex: number;
  readonly vp: number;
  readonly controller: number;
}

export interface BoardView {
  readonly width: number;
  readonly height: number;
  readonly orientation: string;
  readonly terrain: Readonly<Record<string, string>>;
  readonly hexes: readonly BoardHex[];
  readonly units: readonly BoardUnit[];
  readonly objectives: readonly BoardObjective[];
  readonly status: string;
}

/** One candidate the computer weighed ("why"), as the player may see it. */
export interface WhyCandidate {
  readonly label: string;
  /** Mean value of the candidate for the computer's seat, -1 (sure loss) to 1 (sure win). */
  readonly value: number;
  readonly visits: number;
  /** The search's prior for it (0..1), when the agent reports one. */
  readonly prior?: number;
  /** The chosen candidate: the line of play the search expects after it, in words, when the agent reports one. */
  readonly line?: readonly string[];
}

/** One entry of the game log the page shows beside the map. */
export interface LogEntry {
  readonly seq: number;
  readonly seat: number;
  readonly turn: number;
  readonly text: string;
  readonly place: ActionPlace;
  readonly narration: readonly string[];
  /** The computer's decisions: time taken and search iterations. */
  readonly ms?: number;
  readonly iterations?: number;
  /** The computer's best candidates, best first ("why"). */
  readonly why?: readonly WhyCandidate[];
}

/** The computer at work: its seat, the time so far and the search iterations reported so far. */
export interface Thinking {
  readonly seat: number;
  readonly ms: number;
  readonly iterations: number;
}

export interface GamePayload {
  readonly id: string;
  readonly scenario: {
    readonly id: string;
    readonly title: string;
    readonly system: string;
    readonly turnLimit: number;
    readonly sides: readonly { readonly id: string; readonly name: string }[];
    /** Help lines for the commands the player may type (POST .../command), as the terminal's "help" lists them. */
    readonly commands: readonly string[];
  };
  readonly human: number;
  readonly ai: string;
  readonly seed: string;
  readonly board: BoardView;
  readonly toMove: number;
  readonly yourTurn: boolean;
  /** The player's legal actions with where they happen (only on the player's decision). */
  readonly legal: readonly LegalAction[];
  /** Log entries after the `since` asked for. */
  readonly log: readonly LogEntry[];
  readonly thinking: Thinking | null;
  readonly error: string | null;
  readonly over: string | null;
  /** Actions played so far (both sides). */
  readonly actions: number;
}

/** GET /api/setup. */
export interface Setup {
  readonly defaults: { readonly scenario: string; readonly side: string; readonly ai: string };
  readonly scenarios: readonly { readonly id: string; readonly system: string }[];
}

/** POST /api/games/:id/command: a command as typed at the terminal's prompt, with the page's unit numbers. */
export interface CommandRequest {
  readonly command: string;
}

/** GET /api/games/:id/odds. */
export interface Odds {
  readonly lines: readonly string[];
}

/** One rule of the game's rules system, as the coverage table and the rulings give it (GET /api/rules/:system). */
export interface RuleInfo {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly note: string;
  readonly rulings: readonly string[];
}

/** GET /api/rules/:system: rules by id ("8.2", "S-35"), and the prefix narration writes before an id. */
export interface RuleBook {
  readonly system: string;
  readonly prefix: string;
  readonly rules: Readonly<Record<string, RuleInfo>>;
}

/** A 4xx or 5xx answer. */
export interface ErrorAnswer {
  readonly error: string;
}
