/** Line of sight (src/hex/map.ts, src/hex/los.ts: pluggable rules) and PG3 spotting range (PG3 8.3, 8.4; digest T14-T16). */
import { describe, expect, it } from 'vitest';
import { HexGrid } from '../../src/hex/grid.js';
import { GameMap } from '../../src/hex/map.js';
import { LineIndex } from '../../src/hex/sightlines.js';
import { PgLos, openGroundLos, type LosRule, type TerrainLosProperties } from '../../src/hex/los.js';
import { makeScenario, emptyDraft, hexOf, unitOf } from '../rules/pg3/helpers.js';
import { hexSpotsUnit } from '../../src/rules/pg3/spotting.js';

const PROPS: Record<string, TerrainLosProperties> = {
  clear: { obstacleHeight: 0, blocksLos: false, viewerBonus: 0 },
  woods: { obstacleHeight: 1, blocksLos: true, viewerBonus: 0 },
  town: { obstacleHeight: 1, blocksLos: true, viewerBonus: 1 },
};
const IDS = Object.keys(PROPS);

/** A map from rows of terrain letters (c/w/t) and elevation digits, seen by the given rule (default: PG's). */
function mapOf(terrain: string[], elevation: string[], los: LosRule = new PgLos(IDS.map((i) => PROPS[i]!))): GameMap {
  const height = terrain.length,
    width = terrain[0]!.length;
  const t = new Uint8Array(width * height),
    e = new Int8Array(width * height);
  const code: Record<string, number> = { c: 0, w: 1, t: 2 };
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++) {
      t[r * width + c] = code[terrain[r]![c]!]!;
      e[r * width + c] = Number(elevation[r]![c]!);
    }
  return new GameMap({ width, height, terrainIds: IDS, terrain: t, elevation: e, hexsides: new Uint8Array(width * height * 6), los });
}

/** A vertical line of hexes in column 0 (straight, no hexspines): rows top to bottom. */
function column(cells: string, heights: string): GameMap {
  return mapOf(
    [...cells].map((ch) => `${ch}c`),
    [...heights].map((ch) => `${ch}0`),
  );
}

describe('PG3 line of sight', () => {
  it('PG3 8.3: clear ground does not block; a woods or town hex between equal-height ends blocks', () => {
    const open = column('ccccc', '00000');
    expect(open.hasLos(open.grid.at(0, 0), open.grid.at(0, 4))).toBe(true);
    const woods = column('ccwcc', '00000');
    expect(woods.hasLos(woods.grid.at(0, 0), woods.grid.at(0, 4))).toBe(false);
    expect(woods.hasLos(woods.grid.at(0, 4), woods.grid.at(0, 0))).toBe(false);
    // The obstacle's own hex is seen (blocking applies to intermediate hexes only).
    expect(woods.hasLos(woods.grid.at(0, 0), woods.grid.at(0, 2))).toBe(true);
  });

  it('PG3 8.3 (T15): a 20 m spotter does not see over a town at 0 m (20 m tall); a 40 m spotter does', () => {
    const low = column('ccctc' + 'c', '100000');
    expect(low.hasLos(low.grid.at(0, 0), low.grid.at(0, 5))).toBe(false);
    const high = column('ccctc' + 'c', '200000');
    expect(high.hasLos(high.grid.at(0, 0), high.grid.at(0, 5))).toBe(true);
  });

  it('PG3 8.3 (T16): both ends at 40 m, woods on 20 m ground between: blocked; one end at 60 m: clear', () => {
    const m = column('ccwcc', '22122');
    expect(m.hasLos(m.grid.at(0, 0), m.grid.at(0, 4))).toBe(false);
    const m2 = column('ccwcc', '32122');
    expect(m2.hasLos(m2.grid.at(0, 0), m2.grid.at(0, 4))).toBe(true);
  });

  it('PG3 8.4: ground higher than both ends blocks; a plateau edge of two hexes blocks the lower end', () => {
    const hill = column('ccccc', '00100');
    expect(hill.hasLos(hill.grid.at(0, 0), hill.grid.at(0, 4))).toBe(false);
    const plateau = column('ccccc', '22200');
    expect(plateau.hasLos(plateau.grid.at(0, 0), plateau.grid.at(0, 4))).toBe(false);
    const edge = column('ccccc', '22000');
    expect(edge.hasLos(edge.grid.at(0, 0), edge.grid.at(0, 4))).toBe(true);
  });

  it('PG3 8.31: along a hexspine the spotter may use either side: blocked only if both sides are', () => {
    // Same row, columns 0 and 2 (both even): the line runs along the spine between (1,1) and (1,2).
    const base = ['ccc', 'ccc', 'ccc', 'ccc'];
    const z = ['000', '000', '000', '000'];
    const clear = mapOf(base, z);
    const a = clear.grid.at(0, 2),
      b = clear.grid.at(2, 2);
    const [l, r] = clear.grid.linePaths(a, b);
    const spine = [l[0]!, r[0]!];
    expect(spine[0]).not.toBe(spine[1]);
    const rows = (woodsAt: number[]): string[] =>
      base.map((row, ri) => [...row].map((ch, ci) => (woodsAt.includes(clear.grid.at(ci, ri)) ? 'w' : ch)).join(''));
    expect(mapOf(rows([spine[0]!]), z).hasLos(a, b)).toBe(true);
    expect(mapOf(rows([spine[1]!]), z).hasLos(a, b)).toBe(true);
    expect(mapOf(rows(spine), z).hasLos(a, b)).toBe(false);
  });

  it('line of sight is symmetric on a mixed map', () => {
    const m = mapOf(['cwcctc', 'cccwcc', 'tcwccc', 'cccccw', 'ccwccc'], ['001100', '012100', '001000', '000011', '000012']);
    for (let a = 0; a < m.size; a++) for (let b = 0; b < m.size; b++) expect(m.hasLos(a, b)).toBe(m.hasLos(b, a));
  });
});

describe('pluggable line-of-sight rules', () => {
  const woodsAndHill = {
    terrain: ['cwcctc', 'cccwcc', 'tcwccc', 'cccccw', 'ccwccc'],
    elevation: ['001100', '012100', '001000', '000011', '000012'],
  };

  it('an open-ground rule plugged into the same map sees every pair the PG rule blocks', () => {
    const pg = mapOf(woodsAndHill.terrain, woodsAndHill.elevation);
    const open = mapOf(woodsAndHill.terrain, woodsAndHill.elevation, openGroundLos);
    let blocked = 0;
    for (let a = 0; a < pg.size; a++)
      for (let b = 0; b < pg.size; b++) {
        if (!pg.hasLos(a, b)) blocked++;
        expect(open.hasLos(a, b)).toBe(true);
      }
    expect(blocked).toBeGreaterThan(0);
    expect(open.los.name).toBe('open ground');
  });

  it('the map asks its rule once per pair of distinct hexes, only when asked, and answers both directions from it', () => {
    const asked: string[] = [];
    // A rule that sees only along its own column: asymmetric questions would show up as both orders asked.
    const sameColumn: LosRule = {
      name: 'same column',
      sees: (map, a, b) => {
        asked.push(`${a}-${b}`);
        return map.grid.col(a) === map.grid.col(b);
      },
    };
    const m = mapOf(['ccc', 'ccc'], ['000', '000'], sameColumn);
    expect(m.hasLos(m.grid.at(1, 0), m.grid.at(1, 1))).toBe(true);
    expect(m.hasLos(m.grid.at(1, 1), m.grid.at(1, 0))).toBe(true);
    expect(m.hasLos(m.grid.at(0, 0), m.grid.at(2, 1))).toBe(false);
    expect(m.hasLos(m.grid.at(2, 1), m.grid.at(0, 0))).toBe(false);
    expect(m.hasLos(4, 4)).toBe(true);
    expect(asked).toEqual([`${m.grid.at(1, 0)}-${m.grid.at(1, 1)}`, `${m.grid.at(0, 0)}-${m.grid.at(2, 1)}`]);
    for (let a = 0; a < m.size; a++) for (let b = 0; b < m.size; b++) m.hasLos(a, b);
    expect(asked.length).toBe((m.size * (m.size - 1)) / 2);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('PG3 8.3, 8.31, 8.4: the PG rule over its line index answers every pair as the hex-by-hex walk of both sides does', () => {
    // The reference: HexGrid.computeLinePaths' two sides checked one by one by pathClear.
    const reference = (rule: PgLos, m: GameMap, a: number, b: number) => {
      if (a === b) return true;
      const [left, right] = m.grid.computeLinePaths(a, b);
      return rule.pathClear(m, a, left) || rule.pathClear(m, a, right);
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const orientations = ['flat-odd', 'flat-even', 'pointy-odd', 'pointy-even'] as const;
    let blocked = 0;
    let clear = 0;
    for (const [width, height, obstacles, hills] of [
      [9, 7, 0.3, 0.3],
      [12, 10, 0.05, 0.1],
      [17, 6, 0.15, 0.5],
      [6, 15, 0.02, 0.02],
    ] as const) {
      for (const orientation of orientations) {
        const rule = new PgLos(IDS.map((i) => PROPS[i]!));
        const size = width * height;
        const terrain = new Uint8Array(size);
        const elevation = new Int8Array(size);
        for (let h = 0; h < size; h++) {
          const r = random();
          terrain[h] = r < obstacles / 2 ? 1 : r < obstacles ? 2 : 0;
          elevation[h] = random() < hills ? 1 + Math.floor(random() * 3) : 0;
        }
        const m = new GameMap({
          width,
          height,
          orientation,
          terrainIds: IDS,
          terrain,
          elevation,
          hexsides: new Uint8Array(size * 6),
          los: rule,
        });
        for (let a = 0; a < size; a++)
          for (let b = 0; b < size; b++) {
            const expected = reference(rule, m, a, b);
            if (m.hasLos(a, b) !== expected)
              expect(`${orientation} ${width}x${height} ${m.grid.label(a)}-${m.grid.label(b)}: ${!expected}`).toBe(`${expected}`);
            if (expected) clear++;
            else blocked++;
          }
      }
    }
    // Both answers are common: the comparison is not vacuous.
    expect(Math.min(blocked, clear)).toBeGreaterThan(10_000);
  });

  it('PG3 8.42: the PG rule raises a viewer in town by the town height, not one in woods', () => {
    const rule = new PgLos(IDS.map((i) => PROPS[i]!));
    const m = mapOf(['ctw'], ['111'], rule);
    expect([0, 1, 2].map((h) => rule.viewerHeight(m, h))).toEqual([1, 2, 1]);
    expect([0, 1, 2].map((h) => rule.obstacleTop(m, h))).toEqual([1, 2, 2]);
  });
});

describe('PG3 spotting range', () => {
  it('PG3 8.41 (T14): a spotter at 40 m sees a target at 0 m out to 24 hexes (12 + 2 x 6), not 25', () => {
    const height = 27;
    const sc = makeScenario({
      width: 2,
      height,
      terrain: Array.from({ length: height }, () => '..'),
      elevation: Array.from({ length: height }, (_, r) => (r === 0 ? '20' : '00')),
      sides: [
        { units: [{ counter: 'ger-inf', hex: '0101' }] },
        {
          units: [
            { counter: 'sov-rifle', hex: '0125' },
            { counter: 'sov-rifle', hex: '0126' },
          ],
        },
      ],
    });
    const n = sc.map.size;
    const o = hexOf(sc, '0101');
    expect(sc.spot[o * n + hexOf(sc, '0125')]! & 1).toBe(1); // distance 24
    expect(sc.spot[o * n + hexOf(sc, '0126')]! & 1).toBe(0); // distance 25
    // At ground level the range is the plain 12.
    const g = hexOf(sc, '0102');
    expect(sc.spot[g * n + hexOf(sc, '0114')]! & 1).toBe(1);
    expect(sc.spot[g * n + hexOf(sc, '0115')]! & 1).toBe(0);
    const d = emptyDraft(sc);
    const u1 = unitOf(sc, 1, 'sov-rifle', 0),
      u2 = unitOf(sc, 1, 'sov-rifle', 1);
    d.setHex(u1, hexOf(sc, '0125'));
    d.setHex(u2, hexOf(sc, '0126'));
    expect(hexSpotsUnit(d, o, u1)).toBe(true);
    expect(hexSpotsUnit(d, o, u2)).toBe(false);
  });

  it('PG3 8.2: units in limiting terrain are spotted at 3 hexes, in clear at 12; a SPOTTED marker exposes them', async () => {
    const { F_SPOTTED } = await import('../../src/rules/pg3/state.js');
    const sc = makeScenario({
      width: 2,
      height: 10,
      terrain: ['..', '..', '..', 'w.', 'w.', '..', '..', '..', '..', '..'],
      sides: [{ units: [{ counter: 'ger-inf', hex: '0110' }] }, { units: [{ counter: 'sov-rifle', hex: '0104' }] }],
    });
    const d = emptyDraft(sc);
    const t = unitOf(sc, 1, 'sov-rifle');
    // Woods at rows 4-5 (1-based): a unit at 0105 is 5 hexes from 0110 (line through clear only).
    d.setHex(t, hexOf(sc, '0105'));
    expect(hexSpotsUnit(d, hexOf(sc, '0110'), t)).toBe(false);
    expect(hexSpotsUnit(d, hexOf(sc, '0108'), t)).toBe(true); // 3 hexes
    d.setFlag(t, F_SPOTTED);
    expect(hexSpotsUnit(d, hexOf(sc, '0110'), t)).toBe(true);
    // Adjacent is always spotted (8.0).
    d.setFlag(t, F_SPOTTED, false);
    expect(hexSpotsUnit(d, hexOf(sc, '0106'), t)).toBe(true);
  });

  it('PG3 8.1: at night only adjacent units are spotted', () => {
    const sc = makeScenario({
      nightTurns: [1],
      sides: [{ units: [{ counter: 'ger-inf', hex: '0101' }] }, { units: [{ counter: 'sov-rifle', hex: '0103' }] }],
    });
    const d = emptyDraft(sc);
    const t = unitOf(sc, 1, 'sov-rifle');
    d.setHex(t, hexOf(sc, '0103'));
    expect(hexSpotsUnit(d, hexOf(sc, '0101'), t)).toBe(false);
    expect(hexSpotsUnit(d, hexOf(sc, '0102'), t)).toBe(true);
  });
});

describe('line index (src/hex/sightlines.ts)', () => {
  it('lists for every pair of hexes the hexes HexGrid.computeLinePaths lists, on either side, in every layout', () => {
    for (const orientation of ['flat-odd', 'flat-even', 'pointy-odd', 'pointy-even'] as const) {
      for (const [width, height] of [
        [7, 6],
        [2, 9],
        [10, 3],
      ] as const) {
        const grid = new HexGrid(width, height, orientation);
        const lines = new LineIndex(width, height, orientation);
        const pw = lines.padded.width;
        for (let a = 0; a < grid.size; a++)
          for (let b = 0; b < grid.size; b++) {
            const key = lines.key(a, b);
            const [left, right] = grid.computeLinePaths(a, b);
            const expected = (path: readonly number[]) => path.slice(0, -1).map((h) => (h < 0 ? 'off' : lines.pad(h)));
            const listed = (side: 0 | 1) =>
              Array.from({ length: lines.length(key) }, (_, k) => {
                const p = lines.pad(a) + lines.stepTable[lines.sideStart(key, side) + k]!;
                const col = (p % pw) - 2,
                  row = Math.floor(p / pw) - 2;
                // A margin hex stands for "off the board": computeLinePaths' -1.
                return col < 0 || row < 0 || col >= width || row >= height ? 'off' : p;
              });
            expect(listed(0)).toEqual(expected(left));
            expect(listed(1)).toEqual(expected(right));
            expect(lines.sidesDiffer(key)).toBe(left.some((h, i) => h !== right[i]));
          }
      }
    }
  });
});
