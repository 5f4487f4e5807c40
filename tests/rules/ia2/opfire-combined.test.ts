/** IA2 12.15 (with 8.32): inactive units of one hex combine their opportunity fire into one attack at the mover. */
import { describe, expect, it } from 'vitest';
import { opportunityShot } from '../../../src/rules/ia2/actions.js';
import { directFireColumn } from '../../../src/rules/ia2/combat.js';
import { forecastFire } from '../../../src/rules/ia2/odds.js';
import { F_HIDDEN, F_SPENT, FLAGS, HEX, OPP, type State } from '../../../src/rules/ia2/state.js';
import { fireStrength } from '../../../src/rules/ia2/units.js';
import { draftOf, edit, ground, hex, loadedDice } from './helpers.js';
import { segmentOf } from './movement-helpers.js';

/** German company 0 led by the Major (6) moves from 0610 into 0609, three hexes from Russian company 9 and MG 11 in 0606 (or firersAt). */
function moverInWindow(extra: Record<number, { hex?: number; flags?: number }> = {}, firersAt = '0606') {
  const { sc, game, start } = ground();
  const s = edit(start, {
    0: { hex: hex(sc, '0610') },
    6: { hex: hex(sc, '0610') },
    9: { hex: hex(sc, firersAt) },
    11: { hex: hex(sc, firersAt) },
    ...extra,
  });
  const a = game.apply(game.apply(segmentOf(s, 0), 'lead 6', loadedDice()), `move 0 ${hex(sc, '0609')}`, loadedDice());
  return { sc, game, a };
}

const withOpp = (s: State, unit: number, opp: number): State => ({
  ...s,
  u: s.u.map((r, i) => (i === unit ? r.map((v, k) => (k === OPP ? opp : v)) : r)),
});

describe('IA2 12.15 combined opportunity fire', () => {
  it('IA2 12.15: the company and the MG of one hex fire as one attack: one roll, both budgets spent, the result on the mover', () => {
    const { sc, game, a } = moverInWindow();
    expect(a.oppWindow).toBe(true);
    expect(game.legalActions(a)).toEqual(expect.arrayContaining(['opfire 9', 'opfire 11', 'opfire 9+11']));
    const d = draftOf(sc, a);
    const shot = opportunityShot(d, [9, 11]);
    expect(shot.strength).toBe(fireStrength(d, 9) + fireStrength(d, 11));
    // The combined strength's column is further right than either firer's alone (8.32).
    expect(directFireColumn(d, shot, 0, true)).toBeGreaterThan(directFireColumn(d, opportunityShot(d, [11]), 0, true));
    const dice = loadedDice(1, 1);
    const b = game.apply(a, 'opfire 9+11', dice);
    // One 2d6 roll for the attack; a 2 on the combined column eliminates the mover, so no morale check rolls.
    expect(dice.left()).toBe(0);
    expect(b.u[0]![HEX]).toBeLessThan(0);
    // 12.1: the company's one opportunity fire is used (Moved/Fired); the MG has used the first of its two.
    expect(b.u[9]![OPP]).toBe(1);
    expect(b.u[9]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(b.u[11]![OPP]).toBe(1);
    expect(b.u[11]![FLAGS]! & F_SPENT).toBe(0);
    expect(b.oppWindow).toBe(false);
  });

  it('IA2 12.15: after a combined attack neither firer may fire at the mover again in that hex (12.21)', () => {
    const { game, a } = moverInWindow();
    // A roll of 12 leaves the mover unharmed: it may go on, but neither firer shoots again here.
    const b = game.apply(a, 'opfire 9+11', loadedDice(6, 6));
    expect(b.u[0]![HEX]).toBeGreaterThanOrEqual(0);
    expect(game.legalActions(b).some((x) => x.startsWith('opfire'))).toBe(false);
  });

  it('IA2 12.15: units of different hexes may not combine, nor may a unit whose budget is spent; the game refuses them', () => {
    const { sc } = ground();
    const { game, a } = moverInWindow({ 10: { hex: hex(sc, '0706') } });
    const legal = game.legalActions(a);
    expect(legal).toContain('opfire 10');
    expect(legal).toContain('opfire 9+11');
    expect(legal.some((x) => x.startsWith('opfire') && x.includes('10') && x.includes('+'))).toBe(false);
    expect(() => game.apply(a, 'opfire 9+10', loadedDice(1, 1))).toThrow();
    // An MG that has made both of its opportunity fires this turn (12.1) cannot join a combination.
    const spent = withOpp(a, 11, 2);
    expect(game.legalActions(spent)).not.toContain('opfire 9+11');
    expect(() => game.apply(spent, 'opfire 9+11', loadedDice(1, 1))).toThrow();
  });

  it('IA2 12.15: the odds forecast of a combined attack is that of the summed strength, and it reveals each hidden firer (15.5)', () => {
    // Four hexes off, beyond the 15.5 search range of 3, so only firing reveals them.
    const { sc, game, a } = moverInWindow({}, '0605');
    const combined = forecastFire(sc, a, 'opfire 9+11')!;
    const alone = forecastFire(sc, a, 'opfire 11')!;
    expect(combined.expectedLoss).toBeGreaterThan(alone.expectedLoss);
    // Both firers written down hidden, with hidden-unit searching under way (15.5).
    const hidden: State = {
      ...a,
      u: a.u.map((r, i) => (i === 9 || i === 11 ? r.map((v, k) => (k === FLAGS ? v | F_HIDDEN : v)) : r)),
      searched: new Array<number>(2 * Math.ceil(sc.map.size / 32)).fill(0),
    };
    const isHidden = (s: State, i: number) => (s.u[i]![FLAGS]! & F_HIDDEN) !== 0;
    const single = game.apply(hidden, 'opfire 11', loadedDice(6, 6));
    expect([isHidden(single, 9), isHidden(single, 11)]).toEqual([true, false]);
    const both = game.apply(hidden, 'opfire 9+11', loadedDice(6, 6));
    expect([isHidden(both, 9), isHidden(both, 11)]).toEqual([false, false]);
  });
});
