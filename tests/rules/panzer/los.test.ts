/**
 * PANZER 4.1.4: line of sight on the reference terrain heights (woods 3, buildings 1, gullies -1), through
 * the kernel's blind-zone rule (src/hex/blindzone.ts, tested on its own in tests/hex/blindzone.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { spots } from '../../../src/rules/panzer/rules.js';
import { mini } from './helpers.js';

/** One column of hexes (col 3) read top to bottom: the spotter at the bottom (0309), the target on top (0301). */
function column(terrain: string, elevation = '000000000') {
  const rows = terrain.split('').map((t) => `..${t}..`);
  const elev = elevation.split('').map((e) => `00${e}00`);
  return mini({
    terrain: rows,
    elevation: elev,
    units: [
      [0, 'pz4h', '0309', 'N'],
      [1, 't3485', '0301', 'S'],
    ],
  });
}

describe('PANZER 4.1.4: line of sight', () => {
  it('PANZER 4.1.4.1.1: clear, rough, brush and gully between the units never block', () => {
    for (const t of ['.', 'r', 'b', 'g']) {
      const { sc, start } = column(`....${t}....`);
      expect(spots(sc, start, 0, 1)).toBe(true);
    }
  });
  it('PANZER 4.1.4.1.2 / 4.1.4.1.7 / 4.1.4.2.1: woods (height 3) between two units on level ground block', () => {
    const { sc, start } = column('....w....');
    expect(spots(sc, start, 0, 1)).toBe(false);
  });
  it('PANZER 4.1.4.2 / 4.1.4.2.3: an obstacle at or below both units does not block', () => {
    const { sc, start } = column('....h....', '333303333');
    expect(spots(sc, start, 0, 1)).toBe(true);
  });
  it('PANZER 4.1.4.2.2: an obstacle level with the higher unit and above the lower blocks', () => {
    // The building (height 1) between a spotter on level 1 and a target on level 0.
    const { sc, start } = column('....h....', '000000001');
    expect(spots(sc, start, 0, 1)).toBe(false);
  });
  it('PANZER 4.1.4.2.4 / 4.1.4.2.4.1: from a hill over woods the units far enough behind them are seen, those close behind are in the blind zone', () => {
    // Spotter on level 4 at 0309, woods (top 3) at 0306: delta 1, distance 3: a 1-hex zone behind the woods.
    const near = mini({
      terrain: ['.....', '.....', '.....', '.....', '.....', '..w..', '.....', '.....', '.....'],
      elevation: ['00000', '00000', '00000', '00000', '00000', '00000', '00000', '00000', '00400'],
      units: [
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0305', 'S'],
        [1, 't3485', '0304', 'S'],
      ],
    });
    expect(spots(near.sc, near.start, 0, 1)).toBe(false);
    expect(spots(near.sc, near.start, 0, 2)).toBe(true);
  });
  it('PANZER 4.1.4.2.5: a unit sees one hex into woods but not two', () => {
    const one = mini({
      terrain: ['.....', '..w..', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0304', 'N'],
        [1, 't3485', '0303', 'S'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    expect(spots(one.sc, one.start, 0, 1)).toBe(true);
    expect(spots(one.sc, one.start, 0, 2)).toBe(false);
  });
});
