/**
 * The unit-test candidates of the Panzer digest, section 6 (the text has no worked examples of play; these
 * come from its explicit statements and their arithmetic), on the reference cards and charts.
 */
import { describe, expect, it } from 'vitest';
import { blindZoneLength } from '../../../src/hex/blindzone.js';
import { effectiveCommand } from '../../../src/rules/panzer/game.js';
import { destinations, shotFigures, spots, spottingRange } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { FIRE, NC, SPOT_FIRE } from '../../../src/rules/panzer/state.js';
import { hex, mini, withUnits, writeScenario } from './helpers.js';

describe('digest 6: examples from the text', () => {
  it('PANZER 4.5.1.1.1: digest 6 #3: "5T 6 10" (SU-76M M43) reads cross-country 5, tracked, path 6, road 10', () => {
    const sc = loadPanzerScenario(
      writeScenario({
        terrain: ['...', '...'],
        units: [
          [0, 'pz4h', '0101', 'N'],
          [1, 'su76m', '0302', 'N'],
        ],
      }),
    );
    const su = sc.units[1]!;
    expect([su.mf, su.traction, su.roadMf]).toEqual([5, 'T', 10]);
  });
  it('PANZER 4.1.3: digest 6 #4-#7: open no marker 20; Heavy + SPOT/FIRE row 0; open + SPOT/FIRE clamped to +2; over-stacked Heavy = none', () => {
    const { sc, start } = mini({
      terrain: ['h....', '.....', '.....'],
      units: [
        [0, 'pz4h', '0503', 'N'],
        [1, 't3485', '0101', 'S'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(spottingRange(sc, start, 2)).toBe(20);
    expect(spottingRange(sc, withUnits(start, { 1: { mark: SPOT_FIRE } }), 1)).toBe(20);
    expect(spottingRange(sc, withUnits(start, { 2: { mark: SPOT_FIRE } }), 2)).toBe(sc.spotRange[0]);
  });
  it('PANZER 4.1.4.2.4: digest 6 #8-#11: blind zones 3, 1 (minimum), 3 (lower unit at height 1)', () => {
    expect(blindZoneLength(1, 6, 0)).toBe(3);
    expect(blindZoneLength(2, 3, 0)).toBe(1);
    expect(blindZoneLength(1, 9, 1)).toBe(3);
  });
  it('PANZER 4.1.4.2.5: digest 6 #13: two vehicles one hex apart inside woods spot each other', () => {
    const { sc, start } = mini({
      terrain: ['.www.', '.www.', '.....'],
      units: [
        [0, 'pz4h', '0201', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(spots(sc, start, 0, 1)).toBe(true);
    expect(spots(sc, start, 1, 0)).toBe(true);
  });
  it('PANZER 4.2.2: digest 6 #14: FIRE ordered with no spotted target becomes N/C', () => {
    const { sc, start } = mini({
      terrain: ['.....', '.www.', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(effectiveCommand(sc, start, 0, FIRE)).toBe(NC);
  });
  it('PANZER 4.4.3.2.3: digest 6 #16-#17: nets beyond +5 / -10 use those rows; band E at -10 cannot hit', () => {
    const { sc, start } = mini({
      terrain: ['.....', '.....', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    // Size +1 and nothing else: +1. Force the extremes through a damaged SHORT HALT firer on overwatch at a moving target in smoke.
    const extreme = withUnits(
      { ...start, wrecks: start.wrecks.map((w, h) => (h === hex(sc, '0302') ? 2 : w)) },
      { 0: { status: 1, cmd: 3, ordered: true } },
    );
    const fig = shotFigures(sc, extreme, 0, 1, true, true);
    expect(fig.modifier).toBe(-10);
    expect(sc.hit[15 * 5 + 4]).toBe(0);
  });
  it('PANZER 4.5.1.1.3: digest 6 #24: with 1 MF left a 3-MF hex ahead may be entered only as the whole move', () => {
    const { sc, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    });
    const slow = withUnits(start, { 0: { status: 1, cmd: 3, ordered: true } });
    const ds = destinations(sc, slow, 0);
    const woods = ds.find((d) => d.hex === hex(sc, '0302'))!;
    expect(woods.steps).toHaveLength(1);
    // Not after a paid turn: no turn-then-enter route reaches it.
    expect(ds.filter((d) => d.hex === hex(sc, '0302')).every((d) => d.steps.length === 1)).toBe(true);
  });
  it('PANZER 4.5.1.1.5: digest 6 #26: a road route that crosses a wreck moves at the cross-country rate', () => {
    const road = ['0301', '0302', '0303', '0304', '0305', '0306', '0307', '0308'];
    const { sc, start } = mini({
      terrain: Array(8).fill('.....'),
      roads: [road],
      units: [
        [0, 'pz4h', '0308', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    });
    // By road (11 MF at 1 a hex) the Pz IV reaches the end of the road; cross-country (5 MF) only 0303.
    expect(destinations(sc, start, 0).find((x) => x.hex === hex(sc, '0301'))?.road).toBe(true);
    const wrecked = { ...start, wrecks: start.wrecks.map((w, h) => (h === hex(sc, '0306') ? 1 : w)) };
    const ds = destinations(sc, wrecked, 0);
    expect(ds.some((x) => x.hex === hex(sc, '0301'))).toBe(false);
    const d = ds.find((x) => x.hex === hex(sc, '0303') && x.facing === 0)!;
    expect(d.road).toBe(false);
    expect(d.cost).toBe(5);
  });
  it('PANZER 4.5.1.1.7: digest 6 #27: reversing into cost-2 terrain costs 4 MF; the turn cost is unchanged', () => {
    const { sc, start } = mini({
      terrain: ['.....', '.....', '..r..', '.....'],
      units: [
        [0, 'pz4h', '0302', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    });
    const back = destinations(sc, start, 0).find((d) => d.hex === hex(sc, '0303') && d.facing === 0)!;
    expect(back.cost).toBe(4);
  });
});
