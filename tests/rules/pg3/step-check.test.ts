/**
 * Move listing asks `mayStep` (the step tests in one walk of the hex entered, for speed); the play prompt's
 * reasons come from `stepBlock`. The two must agree on every step, or the legal list and the prompt's
 * answer to a typed move would differ: checked for every unit and every neighbour at positions all through
 * seeded random games of every shipped scenario (a failure names the step).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { Draft } from '../../../src/rules/pg3/draft.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { mayStep, possibleThreats, STEP_OK, stepBlock, unitMoveBlocked } from '../../../src/rules/pg3/movement.js';
import { isNight } from '../../../src/rules/pg3/spotting.js';
import { F_LEADER_ACT } from '../../../src/rules/pg3/state.js';
import { def } from '../../../src/rules/pg3/units.js';
import { shipped } from './helpers.js';

describe('move listing and the step check', () => {
  for (const id of ['pg3-tiny', 'pg3-medium', 'pg3-mirror', 'pg3-large'] as const) {
    it(`mayStep agrees with stepBlock on every step of every unit through seeded games of ${id}`, () => {
      const sc = shipped(id);
      const g = new Pg3Game(sc);
      const grid = sc.map.grid;
      let checked = 0;
      let allowed = 0;
      for (let game = 0; game < 3; game++) {
        const rng = createRng(`step-check/${id}/${game}`);
        let s = g.initialState(rng);
        for (let ply = 0; ply < 600 && !g.isTerminal(s); ply++) {
          if (ply % 7 === 0) {
            const d = new Draft(sc, s, rng, false);
            const night = isNight(d);
            for (const u of sc.units) {
              const i = u.index;
              const h = d.hex(i);
              if (h < 0 || unitMoveBlocked(d, i) !== null) continue;
              const threats = d.flag(i, F_LEADER_ACT) || def(d, i).isLeader ? undefined : possibleThreats(d, i);
              for (let k = 0; k < 6; k++) {
                const n = grid.neighbour(h, k);
                if (n < 0) continue;
                const ok = stepBlock(d, i, h, n, threats, night) === STEP_OK;
                expect(mayStep(d, i, h, n, threats, night, k), `${id} ply ${ply}: unit ${i} from ${h} to ${n}`).toBe(ok);
                checked++;
                if (ok) allowed++;
              }
            }
          }
          const legal = g.legalActions(s);
          s = g.apply(s, legal[rng.int(legal.length)]!, rng);
        }
      }
      expect(allowed).toBeGreaterThan(50);
      expect(checked - allowed).toBeGreaterThan(50);
    });
  }
});
