/**
 * Pg3Game.playout (the Game contract's optional `playout`): random lines played on one working copy must be
 * the lines legalActions + apply play, state for state and draw for draw, from positions all through seeded
 * games of every shipped scenario; and the position it starts from is never written.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import type { State } from '../../../src/rules/pg3/state.js';
import { deepFreeze, shipped } from './helpers.js';

/** The line `playout` promises: legalActions, then apply of a uniformly drawn one (no draw for a single choice). */
function byApply(g: Pg3Game, s: State, rng: Rng, max: number): State {
  for (let k = 0; k < max && !g.isTerminal(s); k++) {
    const legal = g.legalActions(s);
    if (legal.length === 0) break;
    s = g.apply(s, legal[legal.length === 1 ? 0 : rng.int(legal.length)]!, rng);
  }
  return s;
}

/** Everything a position holds but the narration of its last action. */
function content(s: State): string {
  return JSON.stringify({ ...s, events: [] });
}

describe('Pg3Game.playout', () => {
  for (const id of ['pg3-tiny', 'pg3-medium', 'pg3-mirror', 'pg3-large'] as const) {
    it(`plays the lines legalActions + apply play on ${id}`, () => {
      const g = new Pg3Game(shipped(id));
      const walk = createRng(`playout/${id}`);
      let s = g.initialState(walk);
      let lines = 0;
      for (let ply = 0; ply < 400 && !g.isTerminal(s); ply++) {
        if (ply % 4 === 0) {
          const depth = [0, 1, 5, 40, 200][lines % 5]!;
          const seed = `line/${id}/${lines++}`;
          const viaApply = createRng(seed),
            viaPlayout = createRng(seed);
          const expected = byApply(g, s, viaApply, depth);
          const start = content(s);
          const got = g.playout(deepFreeze(s), viaPlayout, depth);
          expect(content(got)).toBe(content(expected));
          expect(got.actions).toBe(expected.actions);
          expect(viaPlayout.next()).toBe(viaApply.next()); // the same number of draws
          expect(content(s)).toBe(start);
          // The state it returns is a state like any other: play goes on from it.
          if (!g.isTerminal(got) && g.legalActions(got).length > 0) {
            const again = createRng(`${seed}/after`),
              againApply = createRng(`${seed}/after`);
            expect(content(g.playout(got, again, 3))).toBe(content(byApply(g, expected, againApply, 3)));
          }
        }
        const legal = g.legalActions(s);
        s = g.apply(s, legal[walk.int(legal.length)]!, walk);
      }
      expect(lines).toBeGreaterThan(10);
    });
  }

  it('narrating, plays action by action (each state keeps its own narration)', () => {
    const sc = shipped('pg3-tiny');
    const g = new Pg3Game(sc, { narrate: true });
    const s = g.initialState(createRng('narrated'));
    const got = g.playout(s, createRng('n'), 5);
    const expected = byApply(g, s, createRng('n'), 5);
    expect(got.events).toEqual(expected.events);
    expect(content(got)).toBe(content(expected));
  });
});
