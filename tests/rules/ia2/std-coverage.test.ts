/** IA2 STANDARD rules checked by the state they leave: guns, leaders, night, elevation and town spotting. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { eliminate } from '../../../src/rules/ia2/combat.js';
import { Ia2Game } from '../../../src/rules/ia2/game.js';
import type { Scenario } from '../../../src/rules/ia2/scenario.js';
import {
  DISRUPTED,
  F_ACTIVE,
  F_LIMBERED,
  F_MOUNTED,
  F_SPENT,
  FACE,
  FLAGS,
  GOOD,
  MORALE,
  type State,
} from '../../../src/rules/ia2/state.js';
import { movementAllowance, spots } from '../../../src/rules/ia2/units.js';
import { draftOf, edit, faces, ground, hex, loadedDice } from './helpers.js';
import { segmentOf } from './movement-helpers.js';
import { groundWith } from './scenario-edit.js';

/**
 * A 12 x 24 board (straight lines of sight run down the columns): rows 01-02 a plateau at level 1; single
 * level-1 hexes at 0310 and 0508, a level-2 one at 0705; woods at 1012 and 1212; a town at 0805.
 */
function heights(): { sc: Scenario; start: State } {
  const sc = groundWith((data) => {
    const rows = Array.from({ length: 24 }, () => '.'.repeat(12).split(''));
    const elev = Array.from({ length: 24 }, (_, r) => (r < 2 ? '1' : '0').repeat(12).split(''));
    const set = (grid: string[][], label: string, c: string) => {
      grid[Number(label.slice(2)) - 1]![Number(label.slice(0, 2)) - 1] = c;
    };
    set(elev, '0310', '1');
    set(elev, '0508', '1');
    set(elev, '0705', '2');
    for (const w of ['1012', '1212']) set(rows, w, 'w');
    set(rows, '0805', 't');
    data.map = { ...data.map, height: 24, terrain: rows.map((r) => r.join('')), elevation: elev.map((r) => r.join('')) };
  });
  const game = new Ia2Game(sc);
  return { sc, start: game.initialState(createRng('heights')) };
}

describe('IA2 field guns and machine guns (5.6)', () => {
  it('IA2 5.61: limbered, an MG moves at its back MA (above its front one) and a field gun may not fire; unlimbered, the gun fires', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 2: { hex: hex(sc, '0610') }, 3: { hex: hex(sc, '0710') }, 9: { hex: hex(sc, '0607') } });
    const limbered = edit(s, { 2: { flags: F_LIMBERED }, 3: { flags: F_LIMBERED } }, true);
    const d = draftOf(sc, limbered);
    expect(movementAllowance(d, 2)).toBe(sc.units[2]!.limberedMovement);
    expect(movementAllowance(draftOf(sc, s), 2)).toBe(sc.units[2]!.values[0]!.ma);
    expect(sc.units[2]!.limberedMovement).toBeGreaterThan(sc.units[2]!.values[0]!.ma);
    const t = hex(sc, '0607');
    expect(game.legalActions(game.apply(segmentOf(limbered, 0), 'act 3', loadedDice()))).not.toContain(`fire 3 ${t}`);
    expect(game.legalActions(game.apply(segmentOf(s, 0), 'act 3', loadedDice()))).toContain(`fire 3 ${t}`);
  });

  it('IA2 5.62: unlimbering an MG takes its whole activation: it is unlimbered and spent, with no fire or move left', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 2: { hex: hex(sc, '0610'), flags: F_LIMBERED }, 9: { hex: hex(sc, '0607') } });
    const a = game.apply(game.apply(segmentOf(s, 0), 'act 2', loadedDice()), 'unlimber 2', loadedDice());
    expect(a.u[2]![FLAGS]! & F_LIMBERED).toBe(0);
    expect(a.u[2]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(game.legalActions(a).some((x) => x.startsWith('fire 2 ') || x.startsWith('move 2 '))).toBe(false);
  });
});

describe('IA2 leaders', () => {
  it('IA2 5.52: a stack with an infantry and a cavalry leader activates both chains, led, together; either leader alone leads only his own type', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0610');
    const s = edit(start, { 0: { hex: h }, 4: { hex: h, flags: F_MOUNTED }, 6: { hex: h }, 8: { hex: h }, 9: { hex: hex(sc, '0604') } });
    const both = game.apply(segmentOf(s, 0), `stack ${h}`, loadedDice());
    for (const p of [0, 4, 6, 8]) expect(both.u[p]![FLAGS]! & F_ACTIVE).toBeTruthy();
    // Led, both may move closer to the enemy (3.11).
    const legal = game.legalActions(both);
    expect(legal).toContain(`move 0 ${hex(sc, '0609')}`);
    expect(legal).toContain(`move 4 ${hex(sc, '0609')}`);
    const major = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    expect(major.u[0]![FLAGS]! & F_ACTIVE).toBeTruthy();
    expect(major.u[4]![FLAGS]! & F_ACTIVE).toBe(0);
  });

  it('IA2 6.2: a leader whose face the scenario does not name is flipped for at set-up; a named face is kept', () => {
    const sc = groundWith((data) => {
      delete data.sides[0].units[5].face;
    });
    const game = new Ia2Game(sc);
    const seen = new Set<number>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) {
      const s = game.initialState(createRng(seed));
      seen.add(s.u[5]![FACE]!);
      expect(s.u[6]![FACE]).toBe(0);
    }
    expect([...seen].sort()).toEqual([0, 1]);
  });

  it('IA2 6.74: an Oberst (5 stars) killed: the infantry stacked and adjacent check morale minus his bonus, the cavalry not; a Major killed brings no check', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0608');
    const s = edit(start, {
      5: { hex: h },
      0: { hex: h },
      1: { hex: hex(sc, '0609') },
      4: { hex: hex(sc, '0607') },
      9: { hex: hex(sc, '0101') },
    });
    const bonus = sc.units[5]!.faces[0]!.moraleBonus;
    expect(sc.units[5]!.faces[0]!.rank).toBeGreaterThanOrEqual(5);
    expect(bonus).toBeGreaterThan(0);
    // Morale 8: INF 0 rolls 8 and fails against 8 - bonus; INF 1 rolls 8 - bonus and passes.
    const dice = loadedDice(...faces(8), ...faces(8 - bonus));
    const d = draftOf(sc, s, dice);
    eliminate(d, 5);
    expect(d.get(0, MORALE)).toBe(DISRUPTED);
    expect(d.get(1, MORALE)).toBe(GOOD);
    expect(d.get(4, MORALE)).toBe(GOOD);
    expect(dice.left()).toBe(0);
    // A Major (under 5 stars): no dice are rolled (loaded dice with no faces would throw).
    const m = draftOf(sc, edit(start, { 6: { hex: h }, 0: { hex: h }, 9: { hex: hex(sc, '0101') } }), loadedDice());
    eliminate(m, 6);
    expect(m.get(0, MORALE)).toBe(GOOD);
  });
});

describe('IA2 night and elevation (7.1, 7.4, 7.5)', () => {
  it('IA2 7.12: with night turns and no range given, a d6 at set-up sets the night range: 1-4 one hex, 5-6 two', () => {
    const sc = groundWith((data) => {
      data.nightTurns = [6, 7];
    });
    const game = new Ia2Game(sc);
    const range = (die: number) => game.initialState(loadedDice(die, ...new Array<number>(40).fill(3))).nightRange;
    expect([1, 4, 5, 6].map(range)).toEqual([1, 1, 2, 2]);
    const fixed = groundWith((data) => {
      data.nightTurns = [6, 7];
      data.nightSpotting = 2;
    });
    expect(new Ia2Game(fixed).initialState(loadedDice(...new Array<number>(40).fill(3))).nightRange).toBe(2);
  });

  it('IA2 7.4 / 7.41: a level-1 slope hex between two level-0 hexes blocks the line of sight, as high throughout; the same line without it is clear', () => {
    const { sc } = heights();
    expect(sc.map.elevation[hex(sc, '0310')]).toBe(1);
    expect(sc.map.hasLos(hex(sc, '0306'), hex(sc, '0314'))).toBe(false);
    expect(sc.map.hasLos(hex(sc, '0406'), hex(sc, '0414'))).toBe(true);
  });

  it('IA2 7.42: woods (20 m above their ground) block a line of sight on one level; the same line without them is clear', () => {
    const { sc } = heights();
    expect(sc.map.hasLos(hex(sc, '1008'), hex(sc, '1016'))).toBe(false);
    expect(sc.map.hasLos(hex(sc, '0908'), hex(sc, '0916'))).toBe(true);
  });

  it('IA2 7.52: from level 1 down to level 0: a level-2 hill blocks; a level-1 hex or woods nearer the lower unit block; the plateau edge nearer the higher one does not', () => {
    const { sc } = heights();
    expect(sc.map.hasLos(hex(sc, '0701'), hex(sc, '0710'))).toBe(false);
    expect(sc.map.hasLos(hex(sc, '0501'), hex(sc, '0510'))).toBe(false);
    expect(sc.map.hasLos(hex(sc, '1201'), hex(sc, '1214'))).toBe(false);
    expect(sc.map.hasLos(hex(sc, '0601'), hex(sc, '0610'))).toBe(true);
  });

  it('IA2 7.43: one level above the target a unit spots 12 + 6 = 18 hexes by day; never uphill, and not from level ground', () => {
    const { sc, start } = heights();
    const at = (ger: string, rus: string) => draftOf(sc, edit(start, { 0: { hex: hex(sc, ger) }, 9: { hex: hex(sc, rus) } }));
    expect(spots(at('0601', '0619'), 0, 9)).toBe(true);
    expect(spots(at('0601', '0620'), 0, 9)).toBe(false);
    expect(spots(at('0601', '0619'), 1, 0)).toBe(false);
    expect(spots(at('0603', '0619'), 0, 9)).toBe(false);
    expect(spots(at('0603', '0615'), 0, 9)).toBe(true);
  });

  it('IA2 7.44: a spotter in a town counts 20 m higher: 16 hexes away is spotted from the town, not from the clear hex beside it', () => {
    const { sc, start } = heights();
    const at = (ger: string, rus: string) => draftOf(sc, edit(start, { 0: { hex: hex(sc, ger) }, 9: { hex: hex(sc, rus) } }));
    expect(spots(at('0805', '0821'), 0, 9)).toBe(true);
    expect(spots(at('0905', '0921'), 0, 9)).toBe(false);
    // For spotting only: the enemy 16 hexes away does not spot the unit in the town.
    expect(spots(at('0805', '0821'), 1, 0)).toBe(false);
  });
});
