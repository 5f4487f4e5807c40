/**
 * The digest's worked examples (U1..U26) that the rules decide, where rules.test.ts and std.test.ts do not
 * already play them. Where the digest marks the text's arithmetic as inconsistent with the rules (U12, U13),
 * the rules are tested.
 */
import { describe, expect, it } from 'vitest';
import { antiTankChances } from '../../../src/rules/spg/antitank.js';
import { createRng } from '../../../src/core/rng.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { moveDestinations, movementAllowance } from '../../../src/rules/spg/movement.js';
import { loadSpgScenario } from '../../../src/rules/spg/scenario.js';
import { spotRange } from '../../../src/rules/spg/spotting.js';
import { F_SPENT } from '../../../src/rules/spg/state.js';
import { edit, hex, scenarioFile, tiny } from './helpers.js';

const { sc, start } = tiny();
/** Chance in % (one decimal) of a step loss or better at a final AT modifier. */
const hit = (mod: number): number => Math.round((antiTankChances(sc, mod).damage / 36) * 1000) / 10;
/** The capped net armor modifier (S-34 L464). */
const net = (at: number, armor: number): number => Math.max(-4, Math.min(4, at - armor));

describe('SPG worked examples', () => {
  it('SPG S-35 / U6: net -4 (capped) with +1 point blank and +1 flank: only a modified 12 hurts, 5.6%', () => {
    expect(hit(net(1, 9) + 1 + 1)).toBe(5.6);
  });

  it('SPG S-34 / U7 / U8 / U9: Tiger I (AT 7) against T-34C (armor 5) and back', () => {
    expect(hit(net(7, 5))).toBe(55.6); // 2-4 hexes
    expect(hit(net(7, 5) - 1)).toBe(38.9); // 5+ hexes
    expect(hit(net(7, 5) - 1 - 1)).toBe(25); // 5+ hexes, opportunity fire at a mover
    expect(hit(net(7, 5) + 1)).toBe(72.2); // adjacent
    expect(hit(net(4, 6))).toBe(5.6); // T-34C (AT 4) against the Tiger (armor 6)
    expect(hit(net(4, 6) + 1)).toBe(13.9);
    expect(net(4, 6) - 1).toBe(-3); // at 5+ hexes: not rolled (S-20 L302)
  });

  it('SPG S-34 / U10: three T-34s adjacent on different hexsides, two of them flanking: 51.6%', () => {
    const first = antiTankChances(sc, net(4, 6) + 1).damage / 36;
    const flank = antiTankChances(sc, net(4, 6) + 1 + 1).damage / 36;
    expect(Math.round((1 - (1 - first) * (1 - flank) ** 2) * 1000) / 10).toBe(51.6);
  });

  it('SPG S-34 / U11 / U12: T-34C against Panzer IV long, Sherman against Panzer IV (U12: the prose says 0 net at 7-8 hexes, the rules give +1)', () => {
    // U11: T-34C (AT 4) vs Panzer IV long (armor 3), 1943: +1 native; 5-6 hexes, 2-4 hexes, adjacent.
    expect([hit(net(4, 3) - 1), hit(net(4, 3)), hit(net(4, 3) + 1)]).toEqual([25, 38.9, 55.6]);
    // U12: Sherman (AT 5) vs Panzer IV (armor 3) and Panzer IV (AT 6) vs Sherman (armor 4): +2 native.
    expect([hit(net(5, 3) - 1), hit(net(5, 3)), hit(net(5, 3) + 1)]).toEqual([38.9, 55.6, 72.2]);
    expect(hit(net(6, 4) - 1)).toBe(38.9);
  });

  it('SPG S-34 / U13 / U14: Panther (AT 8) against a 6-4 AFV, capped at +4; T-34/85 (armor 5) against the Panther', () => {
    expect(hit(net(8, 4))).toBe(83.3);
    expect(hit(net(8, 4) - 1)).toBe(72.2);
    expect(hit(net(8, 4) + 1)).toBe(91.7); // the rules give 91.7% adjacent where the prose says 83% (digest 8.1 #3b)
    expect([hit(net(8, 5) - 1), hit(net(8, 5)), hit(net(8, 5) + 1)]).toEqual([55.6, 72.2, 83.3]);
  });

  it('SPG S-14 / U20: a deployed medium mortar (MA 1) cannot move in light mud: no minimum move', () => {
    const dry = loadSpgScenario(scenarioFile('spg-medium'));
    const light = dry.charts.groundConditions.light;
    const mud = {
      ...dry,
      groundCost: (['leg', 'cavalry', 'wagon', 'tracked', 'wheeled', 'motorcycle'] as const).map((c) => Math.round(light[c] * 2)),
    };
    const medium = new SpgGame(dry).initialState(createRng('u20'));
    const mortar = dry.units.findIndex((u) => u.mortar && u.side === 0);
    expect(moveDestinations(dry, medium, mortar, movementAllowance(dry, medium, mortar) * 2).size).toBeGreaterThan(0);
    expect(moveDestinations(mud, medium, mortar, movementAllowance(mud, medium, mortar) * 2).size).toBe(0);
  });

  it('SPG S-19 / U22: a spent vehicle in the open at night is spotted at 3 hexes', () => {
    const night = loadSpgScenario(scenarioFile('spg-tiny'), { set: {} });
    const atNight = { ...night, visibility: night.visibility.map(() => 'night' as const) };
    expect(spotRange(atNight, edit(start, { 3: { flags: F_SPENT } }), 4, 3)).toBe(3);
  });

  it('SPG S-12: a unit may pass through a full hex but not stop in it', () => {
    const full = hex(sc, '0203');
    const s = edit(start, { 1: { hex: full }, 2: { hex: full }, 3: { hex: full } });
    const dests = moveDestinations(sc, s, 0, 6);
    expect(dests.has(full)).toBe(false);
    expect(dests.has(hex(sc, '0303'))).toBe(true);
  });
});
