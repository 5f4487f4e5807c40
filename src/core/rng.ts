import seedrandom from 'seedrandom';
import type { Rng } from './game.js';

/**
 * A seeded RNG (seedrandom's Alea generator: fast, 32-bit state, well distributed).
 * The same seed always gives the same stream on every machine and worker.
 */
export function createRng(seed: string | number): Rng {
  const prng = seedrandom.alea(String(seed));
  return {
    next: () => prng(),
    int: (n: number) => Math.floor(prng() * n),
  };
}

/** An Rng that counts its draws: a transition that drew none is deterministic (the Game contract: all dice come from the rng). */
export class CountingRng implements Rng {
  draws = 0;
  constructor(private readonly inner: Rng) {}
  next(): number {
    this.draws++;
    return this.inner.next();
  }
  int(n: number): number {
    this.draws++;
    return this.inner.int(n);
  }
}

/** Derives the seed of game `index` from a master seed, so any single game can be replayed on its own. */
export function deriveSeed(master: string | number, index: number): string {
  return `${master}/${index}`;
}

/** A number from 1 to 6. */
export function d6(rng: Rng): number {
  return rng.int(6) + 1;
}

/** The total of two six-sided dice, 2 to 12. */
export function roll2d6(rng: Rng): number {
  return rng.int(6) + rng.int(6) + 2;
}

/** Uniform choice from a non-empty array. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)]!;
}

/** Fisher-Yates shuffle into a new array. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
