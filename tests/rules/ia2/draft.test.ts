/** The IA2 Draft (state.ts): a draft copies every field of its state, and seals it back unchanged. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { loadIa2 } from '../../../src/rules/ia2/index.js';
import { Draft, NO_DICE, type State } from '../../../src/rules/ia2/state.js';
import { shipped } from './helpers.js';

describe('IA2 Draft', () => {
  it('a draft sealed without an edit gives back every field of its state (a field the constructor forgot would be missing)', () => {
    const { scenario: sc, game } = loadIa2(shipped('ia2-medium'));
    const rng = createRng('draft');
    let s: State = game.initialState(rng);
    for (let ply = 0; ply < 120 && !s.over; ply++) {
      const legal = game.legalActions(s);
      s = game.apply(s, legal[rng.int(legal.length)]!, rng);
    }
    expect(s.turn).toBeGreaterThan(0);
    const sealed = new Draft(sc, s, NO_DICE, false).seal();
    expect(Object.keys(sealed).sort()).toEqual(Object.keys(s).sort());
    for (const k of Object.keys(s) as (keyof State)[]) if (k !== 'events') expect(sealed[k], k).toBe(s[k]);
    expect(sealed.events).toEqual([]);
  });
});
