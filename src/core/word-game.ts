/**
 * The part of a two-seat Game whose actions are words that does not depend on the rules: legal actions
 * remembered per state and frozen, and `apply` refusing any action not among them before the rules edit
 * anything. Every rules system whose actions are strings extends it.
 */
import type { Game, Rng } from './game.js';
import { IllegalActionError } from './game.js';
import { RecentMemo } from './memo.js';

export abstract class WordActionGame<S extends object> implements Game<S, string> {
  readonly players = 2;
  /**
   * Legal actions of the states asked about most recently, by identity (states are immutable): a playout or
   * search asks for a state's actions and then applies one of them, and apply checks the action against the
   * same list. The lists are frozen so that no caller can change what the next one is given.
   */
  private readonly legalCache = new RecentMemo<S, readonly string[]>(8);

  /** `name`: the system and scenario, as `pg3:pg3-tiny`. */
  constructor(readonly name: string) {}

  abstract toMove(state: S): number;
  abstract isTerminal(state: S): boolean;
  abstract returns(state: S): readonly number[];
  /** The legal actions computed afresh, bypassing the per-state memory (for tests and benchmarks of the generator). */
  abstract computeLegalActions(state: S): string[];
  /** The next state after an action known to be legal; never mutates `state`. */
  protected abstract applyLegal(state: S, action: string, rng: Rng): S;

  /** What the error of an action not legal in `state` says about the position. */
  protected illegalReason(_state: S): string {
    return 'not among the legal actions of this position';
  }

  legalActions(state: S): readonly string[] {
    let cached = this.legalCache.get(state);
    if (cached === undefined) {
      cached = Object.freeze(this.computeLegalActions(state));
      this.legalCache.set(state, cached);
    }
    return cached;
  }

  /**
   * Whether `apply` takes `action` in `state`: one of the legal actions, unless a game whose legal list is
   * the agents' subset of the player's choices widens it.
   */
  protected accepts(state: S, action: string): boolean {
    return this.legalActions(state).includes(action);
  }

  apply(state: S, action: string, rng: Rng): S {
    if (!this.accepts(state, action)) throw new IllegalActionError(action, this.illegalReason(state));
    return this.applyLegal(state, action, rng);
  }

  actionKey(action: string): string {
    return action;
  }
}
