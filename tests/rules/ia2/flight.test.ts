/**
 * IA2 11.25, 13.31, 13.33: flight of demoralized units that fail recovery, on the proving ground (woods at
 * 0302 and 0505, town at 0202): German 0-1 INF; Russian 9-10 INF.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { inSafeHex } from '../../../src/rules/ia2/actions.js';
import { DEMORALIZED, F_LIMBERED, HEX, type State } from '../../../src/rules/ia2/state.js';
import { draftOf, edit, ground, hex } from './helpers.js';

const { sc, game, start } = ground();
const russians = (s: State): State => ({ ...s, turn: 1, active: 1, toMove: 1, activated: false, mover: -1 });

/** Dice whose first 2d6 is 12 (a failed recovery), then the seeded stream. */
function failedRecovery(seed: string): Rng {
  const rest = createRng(seed);
  let sixes = 2;
  return { next: () => rest.next(), int: (n) => (n === 6 && sixes-- > 0 ? 5 : rest.int(n)) };
}

const failRecovery = (s: State, seed: string): State =>
  game.apply(game.apply(russians(s), 'act 9', createRng('a')), 'recover 9', failedRecovery(seed));

describe('IA2 11.25: demoralized units in an assault hex', () => {
  const A = hex(sc, '0606');

  it('IA2 11.25: failing recovery, the unit leaves the assault hex by one hex and draws harassing fire when none of its side stays', () => {
    const s = failRecovery(edit(start, { 9: { hex: A, morale: DEMORALIZED }, 0: { hex: A } }), 'harass');
    expect(s.events.some((e) => e.startsWith('harassing fire at'))).toBe(true);
    const to = s.u[9]![HEX]!;
    if (to >= 0) expect(sc.map.grid.distance(to, A)).toBe(1);
  });

  it('IA2 11.25: with a unit of its side staying in the hex there is no harassing fire', () => {
    const s = failRecovery(edit(start, { 9: { hex: A, morale: DEMORALIZED }, 10: { hex: A }, 0: { hex: A } }), 'harass');
    expect(s.events.some((e) => e.startsWith('harassing fire'))).toBe(false);
    expect(sc.map.grid.distance(s.u[9]![HEX]!, A)).toBe(1);
    expect(s.u[10]![HEX]).toBe(A);
  });
});

describe('IA2 13.31: the flight heads for the closest Safe Hex', () => {
  it('IA2 13.31 / 13.33: of two hexes equally farther from the enemy, the fleeing unit takes the one toward the Safe Hex behind the woods, whatever the dice', () => {
    const s0 = edit(start, { 9: { hex: hex(sc, '0401'), morale: DEMORALIZED }, 0: { hex: hex(sc, '0403') } });
    expect(inSafeHex(draftOf(sc, russians(s0)), 9)).toBe(false);
    for (let k = 0; k < 10; k++) {
      const s = failRecovery(s0, `flight${k}`);
      expect(sc.map.grid.label(s.u[9]![HEX]!)).toBe('0301');
      expect(inSafeHex(draftOf(sc, s), 9)).toBe(true);
    }
  });
});

describe('IA2 13.33: away from the units that can fire on it', () => {
  it('IA2 13.33: the flight goes away from the company that can fire on it, not from a nearer limbered gun that cannot', () => {
    const X = hex(sc, '0808');
    const company = hex(sc, '0805');
    const s0 = edit(start, { 9: { hex: X, morale: DEMORALIZED }, 0: { hex: company }, 3: { hex: hex(sc, '0810'), flags: F_LIMBERED } });
    const s = failRecovery(s0, 'away');
    const to = s.u[9]![HEX]!;
    expect(to).not.toBe(X);
    expect(sc.map.grid.distance(to, company)).toBeGreaterThan(sc.map.grid.distance(X, company));
  });
});
