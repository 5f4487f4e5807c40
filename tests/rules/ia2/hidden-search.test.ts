/**
 * IA2 15.5: the hidden-unit search after every action adds each piece's precomputed search mask (hidden.ts
 * markSearched). Checked here against the search as the rule words it, hex by hex over the whole map, on
 * seeded random games of ia2-medium (the scenario that sets pieces up hidden), each while a piece is still
 * hidden, with the hidden guns drawn again (determinize) along the way and the German smoke (15.12) laid
 * over the map now and then: every state must come out the same,
 * searched hexes and reveals included.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { ia2StateHash, nextState } from '../../../src/rules/ia2/game.js';
import { hiddenRange, searched, searchWords } from '../../../src/rules/ia2/hidden.js';
import { loadIa2 } from '../../../src/rules/ia2/index.js';
import { Draft, F_HIDDEN, FLAGS, type State } from '../../../src/rules/ia2/state.js';
import { smokeIn } from '../../../src/rules/ia2/sight.js';
import { sees, visibility } from '../../../src/rules/ia2/units.js';
import { shipped } from './helpers.js';

const loaded = loadIa2(shipped('ia2-medium'));
const sc = loaded.scenario;
const game = loaded.game;

/** 15.5 word for word: every hex of the map within a piece's hidden range, in line of sight beyond one hex, smoke included (15.12). */
function searchHexByHex(d: Draft, seat: number): void {
  const grid = sc.map.grid;
  const words = searchWords(sc);
  const range = visibility(d);
  const night = d.isNight();
  for (let i = 0; i < sc.units.length; i++) {
    const from = d.hex(i);
    if (sc.units[i]!.side !== seat || from < 0) continue;
    for (let to = 0; to < sc.map.size; to++) {
      const dist = grid.distance(from, to);
      if (dist > hiddenRange(sc, range, night, from, to, smokeIn(d.smoke, to)) || (dist > 1 && !sees(d, from, to))) continue;
      if (!searched(sc, d, seat, to)) d.arr('searched')[seat * words + (to >>> 5)]! |= 1 << (to & 31);
    }
  }
}

const hiddenCount = (s: State): number => s.u.filter((r) => (r[FLAGS]! & F_HIDDEN) !== 0).length;
const searchedCount = (s: State): number => s.searched.reduce((n, w) => n + [...Array(32).keys()].filter((b) => (w >>> b) & 1).length, 0);

describe('IA2 15.5: the hidden-unit search', () => {
  it('IA2 15.5: searching by precomputed masks finds and reveals exactly what a hex-by-hex search does (80 seeded random ia2-medium games)', () => {
    let compared = 0,
      searches = 0,
      reveals = 0,
      smoky = 0;
    for (let g = 0; g < 80; g++) {
      const choice = createRng(`hidden-search/choice/${g}`);
      let s = game.initialState(createRng(`hidden-search/setup/${g}`));
      for (let ply = 0; !s.over && hiddenCount(s) > 0; ply++) {
        // Now and then the state as one seat may imagine it: the other side's hidden pieces drawn again.
        if (ply % 23 === 22) s = game.determinize!(s, ply % 2, createRng(`hidden-search/deal/${g}/${ply}`));
        const legal = game.legalActions(s);
        const action = legal[choice.int(legal.length)]!;
        const dice = `hidden-search/dice/${g}/${ply}`;
        const fast = game.apply(s, action, createRng(dice));
        const slow = nextState(new Draft(sc, s, createRng(dice), false), action, searchHexByHex);
        if (ia2StateHash(fast) !== ia2StateHash(slow)) expect.fail(`game ${g} action ${ply} (${action}): the two searches differ`);
        compared++;
        if (searchedCount(fast) > searchedCount(s)) searches++;
        if (hiddenCount(fast) < hiddenCount(s)) reveals++;
        if (fast.smoke.length > 0) smoky++;
        s = fast;
      }
    }
    // The games must exercise the search: hexes newly searched, and the hidden guns found or revealed.
    expect(compared).toBeGreaterThan(5000);
    expect(searches).toBeGreaterThan(300);
    expect(reveals).toBeGreaterThan(60);
    // ...and with Smoke on the board, which no remembered mask knows (15.12).
    expect(smoky).toBeGreaterThan(100);
  });
});
