/**
 * The contract every rules system implements and every agent searches.
 * Modelled on OpenSpiel's state interface: whose decision, legal actions, apply, terminal, returns,
 * and (for imperfect information) a way to resample what a seat cannot see.
 */

/** A source of uniform random numbers. The game's dice and each agent's choices use separate ones. */
export interface Rng {
  /** A uniform number in [0, 1). */
  next(): number;
  /** A uniform integer in 0..n-1. */
  int(n: number): number;
}

export interface Game<S, A> {
  readonly name: string;
  readonly players: number;
  /** Seat (0..players-1) whose decision it is. Undefined for terminal states. */
  toMove(state: S): number;
  legalActions(state: S): readonly A[];
  /** Never mutates `state`; every die roll comes from `rng`. Throws IllegalActionError for an illegal action. */
  apply(state: S, action: A, rng: Rng): S;
  isTerminal(state: S): boolean;
  /** Per seat, in [-1, 1]: win 1, loss -1, draw 0 (or a graded margin). */
  returns(state: S): readonly number[];
  /** Stable and unique among a state's legal actions. */
  actionKey(action: A): string;
  /**
   * For a game whose `legalActions` is a subset kept small for the agents: the action with this key when
   * the rules allow it though the list leaves it out (a player's wider choice), else undefined. Records,
   * replays and the play prompt accept such actions.
   */
  actionOf?(state: S, key: string): A | undefined;
  /**
   * A state consistent with what `seat` knows, with every secret of the other seats resampled from `rng`.
   * Games without hidden information leave this out.
   */
  determinize?(state: S, seat: number, rng: Rng): S;
  /**
   * A heuristic value per seat in [-1, 1] for a non-terminal state, used to cut rollouts short.
   * Must use only information public to every seat (or the seat's own after determinize).
   */
  evaluate?(state: S): readonly number[];
  /** Human-readable description of an action, for logs and the play prompt. */
  describeAction?(state: S, action: A): string;
  /**
   * Optional, for speed: the state after up to `maxActions` uniformly random legal actions (fewer when a terminal
   * state or one without legal actions comes first), exactly as `legalActions` then
   * `apply(state, legal[n === 1 ? 0 : rng.int(n)], rng)` repeated would give it, with the same draws from `rng`.
   */
  playout?(state: S, rng: Rng, maxActions: number): S;
}

/** Thrown by `apply` when the action is not legal in the state. Names the action. */
export class IllegalActionError extends Error {
  readonly actionKey: string;
  constructor(actionKey: string, reason: string) {
    super(`illegal action ${actionKey}: ${reason}`);
    this.name = 'IllegalActionError';
    this.actionKey = actionKey;
  }
}

/**
 * The action whose key is `key` in `state`: one of the legal actions, or a wider choice the game accepts
 * from a player (Game.actionOf); undefined when neither. What a record, a prompt or a browser names.
 */
export function actionByKey<S, A>(game: Game<S, A>, state: S, key: string): A | undefined {
  return game.legalActions(state).find((a) => game.actionKey(a) === key) ?? game.actionOf?.(state, key);
}
