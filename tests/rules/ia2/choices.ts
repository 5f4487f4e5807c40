import type { Rng } from '../../../src/core/game.js';
import { loadedDice } from './helpers.js';

/**
 * Loaded dice (helpers.ts) that also make the engine's choices among equally good hexes for an owner
 * (ruling IA2-R05, `ownersChoice`): such a draw takes the listed `picks` in order, else the first candidate.
 */
export function diceAndPicks(faces: readonly number[], picks: readonly number[] = []): Rng {
  const dice = loadedDice(...faces);
  const queue = picks.slice();
  return {
    next: dice.next,
    int: (n: number) => (n === 6 ? dice.int(n) : Math.min(n - 1, queue.shift() ?? 0)),
  };
}
