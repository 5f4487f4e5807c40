/**
 * The part of a Panzer Grenadier family Game that does not depend on the rules: two seats, actions as words,
 * legal actions remembered per state and frozen, and `apply` refusing any action not among them before the
 * member's rules edit a draft.
 */
import type { Game, Rng } from '../../core/game.js';
import { IllegalActionError } from '../../core/game.js';
import { RecentMemo } from '../../core/memo.js';

export abstract class WordActionGame<S extends object> implements Game<S, string> {
  abstract readonly name: string;
  readonly players = 2;
  /**
   * Legal actions of the states asked about most recently, by identity (states are immutable): a playout or
   * search asks for a state's actions and then applies one of them, and apply checks the action against the
   * same list. The lists are frozen so that no caller can change what the next one is given.
   */
  private readonly legalCache = new RecentMemo<S, readonly string[]>(8);

  abstract toMove(state: S): number;
  abstract isTerminal(state: S): boolean;
  abstract returns(state: S): readonly number[];
  /** The legal actions computed afresh. */
  abstract computeLegalActions(state: S): string[];
  /** The next state after an action known to be legal; never mutates `state`. */
  protected abstract applyLegal(state: S, action: string, rng: Rng): S;

  legalActions(state: S): readonly string[] {
    let cached = this.legalCache.get(state);
    if (cached === undefined) {
      cached = Object.freeze(this.computeLegalActions(state));
      this.legalCache.set(state, cached);
    }
    return cached;
  }

  apply(state: S, action: string, rng: Rng): S {
    if (!this.legalActions(state).includes(action)) throw new IllegalActionError(action, 'not among the legal actions of this position');
    return this.applyLegal(state, action, rng);
  }

  actionKey(action: string): string {
    return action;
  }
}
