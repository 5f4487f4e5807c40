/**
 * IA2 15.21 (infantry leaders under the Dug In marker) and 6.63 (leaders fleeing with a unit), on the proving
 * ground: German 0-1 INF, 5 Oberst, 6 Major, 7 Hauptmann (infantry), 8 Rittmeister (cavalry); Russian 9 INF.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { DEMORALIZED, DIG, DISRUPTED, F_ACTIVE, GOOD, HEX } from '../../../src/rules/ia2/state.js';
import { edit, firstSegment, ground, hex } from './helpers.js';

const { sc, game, start } = ground();
const at = firstSegment;

describe('IA2 15.21: infantry leaders go under the Dug In marker', () => {
  it('IA2 15.21: when a unit in his hex completes its dig in the infantry leader is under the marker, the cavalry leader never', () => {
    const A = hex(sc, '0606');
    const s0 = at(
      edit(start, { 0: { hex: A, dig: 1 }, 6: { hex: A }, 8: { hex: A }, 7: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0601') } }),
    );
    const dice = createRng('dig');
    let s = game.apply(s0, 'act 0', dice);
    expect(s.u[6]![DIG]).toBe(0);
    s = game.apply(s, 'dig 0', dice);
    expect([s.u[0]![DIG], s.u[6]![DIG], s.u[8]![DIG]]).toEqual([2, 2, 0]);
    // A leader entering a hex of dug-in units goes under the marker too.
    s = game.apply(game.apply(at(s), 'act 7', dice), `move 7 ${A}`, dice);
    expect(s.u[7]![HEX]).toBe(A);
    expect(s.u[7]![DIG]).toBe(2);
  });

  it('IA2 15.25: a leader alone cannot keep the marker: when the dug-in unit leaves, so does his', () => {
    const A = hex(sc, '0606');
    const s0 = at(edit(start, { 0: { hex: A, dig: 2 }, 6: { hex: A }, 9: { hex: hex(sc, '0601') } }));
    const dice = createRng('leave');
    let s = game.apply(s0, 'act 0', dice);
    expect(s.u[6]![DIG]).toBe(2);
    s = game.apply(s, `move 0 ${hex(sc, '0607')}`, dice);
    expect([s.u[0]![DIG], s.u[6]![DIG]]).toEqual([0, 0]);
  });
});

/** Dice whose first 2d6 is 12 (a failed recovery), then seeded ones. */
function failedRecovery(): Rng {
  const rest = createRng('flight');
  let sixes = 2;
  return { next: () => rest.next(), int: (n) => (n === 6 && sixes-- > 0 ? 5 : rest.int(n)) };
}

describe('IA2 6.63: fleeing leaders', () => {
  /** German 0 demoralized at 0606 with the Major; a Russian company two hexes off, so 0606 is no Safe Hex. */
  const flight = (leaderMorale: number) =>
    at(
      edit(start, {
        0: { hex: hex(sc, '0606'), morale: DEMORALIZED },
        6: { hex: hex(sc, '0606'), morale: leaderMorale },
        9: { hex: hex(sc, '0604') },
      }),
    );

  it('IA2 6.63: an activated good-order leader flees with the unit that failed recovery, staying in good order', () => {
    let s = game.apply(flight(GOOD), 'lead 6', createRng('x'));
    expect(s.u[6]![1]! & F_ACTIVE).toBe(F_ACTIVE);
    // 12 fails the recovery; seeded dice settle any ties in the flight.
    s = game.apply(s, 'recover 0', failedRecovery());
    expect(s.u[0]![HEX]).not.toBe(hex(sc, '0606'));
    expect(s.u[6]![HEX]).toBe(s.u[0]![HEX]);
    expect(s.u[6]![3]).toBe(GOOD);
  });

  it('IA2 6.63: a disrupted leader does not (he would have to demoralize himself), and stays', () => {
    let s = game.apply(flight(DISRUPTED), 'act 0', createRng('y'));
    s = game.apply(
      { ...s, u: s.u.map((r, i) => (i === 6 ? r.map((v, k) => (k === 1 ? v | F_ACTIVE : v)) : r)) },
      'recover 0',
      failedRecovery(),
    );
    expect(s.u[0]![HEX]).not.toBe(hex(sc, '0606'));
    expect(s.u[6]![HEX]).toBe(hex(sc, '0606'));
  });
});
