/**
 * PL II.B, V.A.2, XIV.C: the map a scenario draws: its hexes, the heavy hexside symbols (derived from the
 * hexes' levels unless drawn side by side, rulings PL-R10 and PL-R50) and the hex names (ruling PL-R51).
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { custom, hex, open } from './helpers.js';

const rifle = (h: string) => ({ counter: 'us-rifle', hex: h });
const enemy = (h: string) => ({ counter: 'ger-rifle', hex: h });

describe('PL: the map', () => {
  it('PL V.A.2 / VII.J.10: a brown hexside drawn between two clear hexes blocks a ground-level line across it', () => {
    const plain = custom({ terrain: open(9, 3), allied: [rifle('0102')], german: [enemy('0902')] });
    const drawn = custom({
      terrain: open(9, 3),
      allied: [rifle('0102')],
      german: [enemy('0902')],
      hexsides: [{ between: ['0402', '0502'], symbol: 'brown' }],
    });
    const [a, b] = [hex(plain.sc, '0102'), hex(plain.sc, '0802')];
    expect(plain.sc.map.hasLos(a, b)).toBe(true);
    expect(drawn.sc.map.hasLos(a, b)).toBe(false);
    // A line that does not cross the side is unaffected; the side's own hexes still see each other (J.8).
    expect(drawn.sc.map.hasLos(hex(plain.sc, '0101'), hex(plain.sc, '0801'))).toBe(true);
    expect(drawn.sc.map.hasLos(hex(plain.sc, '0402'), hex(plain.sc, '0502'))).toBe(true);
  });

  it('PL V.A.2 / VII.J.7: a side drawn without a symbol clears an orange side the levels would give', () => {
    // From hilltop 0101 to ground 0601 past hilltop 0401: three orange sides (0101|0201, 0301|0401, 0401|0501) block.
    const terrain = ['h..h.....', 'h..h.....', 'hhhh.....'];
    const derived = custom({ terrain, allied: [rifle('0101')], german: [enemy('0901')] });
    const a = hex(derived.sc, '0101');
    const b = hex(derived.sc, '0601');
    expect(derived.sc.map.hasLos(a, b)).toBe(false);
    const cleared = custom({
      terrain,
      allied: [rifle('0101')],
      german: [enemy('0901')],
      hexsides: [
        { between: ['0101', '0201'], symbol: 'none' },
        { between: ['0301', '0401'], symbol: 'none' },
      ],
    });
    // Two of them drawn without a symbol: one orange side is left, which does not block.
    expect(cleared.sc.map.hasLos(a, b)).toBe(true);
  });

  it('PL V.A.2: a drawn hexside between hexes that are not neighbours is refused on loading', () => {
    expect(() =>
      custom({
        terrain: open(9, 3),
        allied: [rifle('0102')],
        german: [enemy('0902')],
        hexsides: [{ between: ['0102', '0302'], symbol: 'brown' }],
      }),
    ).toThrow(InputError);
  });

  it('PL II.B / XIV.C / V.A.4: a scenario draws its own map, sea edge included; hexes are named column then row; edge hexes play as whole', () => {
    const { sc } = custom({ terrain: ['==bb.....', '==b......', '==b......'], allied: [rifle('0402')], german: [enemy('0902')] });
    expect(sc.map.grid.label(hex(sc, '0903'))).toBe('0903');
    expect(sc.sea[sc.map.terrain[hex(sc, '0101')]!]).toBe(true);
    expect(sc.beach[sc.map.terrain[hex(sc, '0301')]!]).toBe(true);
    // A corner hex has its on-map neighbours like any other.
    expect(sc.map.grid.distance(hex(sc, '0903'), hex(sc, '0902'))).toBe(1);
  });
});
