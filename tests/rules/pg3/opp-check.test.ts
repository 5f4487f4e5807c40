/**
 * PG3 13.0: after every hex a unit enters, the rules ask whether it draws any opportunity fire
 * (`hasOppOption`, which stops at the first option) instead of listing them all (`oppOptions`). The two
 * must agree wherever a unit could move: checked on positions of seeded random games, with each
 * on-map unit of the side to act standing as the mover in turn.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { hasOppOption, oppOptions } from '../../../src/rules/pg3/actions.js';
import { Draft } from '../../../src/rules/pg3/draft.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { HEX } from '../../../src/rules/pg3/state.js';
import { shipped } from './helpers.js';

const NO_DICE = { next: () => 0, int: () => 0 };

describe('PG3 13.0: whether a mover draws opportunity fire', () => {
  for (const id of ['pg3-tiny', 'pg3-medium'] as const) {
    it(`PG3 13.0: hasOppOption agrees with oppOptions on ${id} positions of seeded random games`, () => {
      const sc = shipped(id);
      const game = new Pg3Game(sc);
      let compared = 0,
        withFire = 0;
      for (let g = 0; g < 4; g++) {
        const rng = createRng(`opp-check/${id}/${g}`);
        let s = game.initialState(rng);
        for (let ply = 0; ply < 400 && !game.isTerminal(s); ply++) {
          if (ply % 5 === 0) {
            for (const i of sc.unitsOf[s.active]!) {
              const h = s.u[i]![HEX]!;
              if (h < 0) continue;
              const d = new Draft(sc, { ...s, opp: { mover: i, hex: h, fired: [] } }, NO_DICE, false);
              const any = oppOptions(d).length > 0;
              expect(hasOppOption(d)).toBe(any);
              compared++;
              if (any) withFire++;
            }
          }
          const legal = game.legalActions(s);
          s = game.apply(s, legal[rng.int(legal.length)]!, rng);
        }
      }
      // Both answers occur, so the check compares something.
      expect(compared).toBeGreaterThan(100);
      expect(withFire).toBeGreaterThan(0);
      expect(withFire).toBeLessThan(compared);
    });
  }
});
