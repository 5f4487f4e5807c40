import type { Game, Rng } from '../src/core/game.js';
import type { Agent } from './agent.js';
import type { KeyTable } from './spec.js';

export const RANDOM_KEYS: KeyTable = {};

/** Plays a uniformly random legal action, drawing only from the agent's own rng. */
export class RandomAgent implements Agent {
  readonly name = 'random';
  act<S, A>(game: Game<S, A>, state: S, _seat: number, rng: Rng): A {
    const legal = game.legalActions(state);
    if (legal.length === 0) throw new Error(`random: no legal actions for seat ${game.toMove(state)} in ${game.name}`);
    return legal[rng.int(legal.length)]!;
  }
}
