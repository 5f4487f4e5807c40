/** Kernel helpers a rules system builds on: results tables, compact maps, parameters, reachability, sight lines, ASCII maps. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError, ProblemList } from '../../src/core/errors.js';
import { drawHexMap } from '../../src/hex/ascii.js';
import { HexGrid } from '../../src/hex/grid.js';
import { openGroundLos } from '../../src/hex/los.js';
import { compactMap, readCompactMap } from '../../src/hex/mapdata.js';
import { moveCostTable, reachableHexes } from '../../src/hex/movement.js';
import { applyParameterOverrides, type ParameterSetter } from '../../src/hex/params.js';
import { buildSightTable, lineBlocked } from '../../src/hex/sight.js';
import { columnIndex, compileTable, resultsTable, shiftColumn, tableResult, ONE_D6 } from '../../src/hex/tables.js';

describe('results tables', () => {
  const rows = {
    '1': ['-', 'M', '1'],
    '2': ['-', '-', 'M'],
    '3': ['-', '-', '-'],
    '4': ['-', '-', '-'],
    '5': ['-', '-', '-'],
    '6': ['-', '-', '-'],
  };
  const schema = resultsTable(z.string().regex(/^(-|M|1)$/), ONE_D6);

  it('compiles for lookup: the column of a strength is the highest heading not above it; shifts stop at the ends', () => {
    const t = compileTable({ columns: [2, 4, 8], rows }, 1, 6);
    expect([1, 2, 3, 4, 7, 8, 50].map((s) => columnIndex(t, s))).toEqual([-1, 0, 0, 1, 1, 2, 2]);
    expect(shiftColumn(t, 1, -5)).toBe(0);
    expect(shiftColumn(t, 1, 5)).toBe(2);
    expect(tableResult(t, 2, 1)).toBe('1');
    expect(tableResult(t, 2, 2)).toBe('M');
  });

  it('the chart-pack form checks headings, rows and cell provenance, and refuses unknown keys', () => {
    const ok = {
      columns: [2, 4, 8],
      rows,
      source: { source: 'designed' },
      cells: [{ column: 4, roll: 1, source: { source: 'rule', rule: '12.4' } }],
    };
    expect(schema.safeParse(ok).success).toBe(true);
    const issues = (x: unknown) =>
      schema
        .safeParse(x)
        .error?.issues.map((i) => i.message)
        .join(' | ') ?? '';
    expect(issues({ ...ok, columns: [2, 8, 4] })).toContain('columns must increase');
    expect(issues({ ...ok, rows: { ...rows, '7': ['-', '-', '-'] } })).toContain('7 is not a possible roll');
    expect(issues({ ...ok, cells: [{ column: 5, roll: 1, source: { source: 'designed' } }] })).toContain('5 is not a column');
    expect(issues({ ...ok, cells: [{ column: 4, roll: 1, source: { source: 'rule' } }] })).toMatch(/must name the rule id/);
    expect(schema.safeParse({ ...ok, colums: [1] }).success).toBe(false);
    const withExtra = resultsTable(z.string(), ONE_D6, { note: z.string() });
    expect(withExtra.safeParse({ ...ok, note: 'x' }).success).toBe(true);
  });
});

describe('compact maps', () => {
  const spec = (over: object = {}) =>
    compactMap.parse({
      width: 3,
      height: 2,
      legend: { '.': 'clear', w: 'woods' },
      terrain: ['.w.', '...'],
      elevation: ['012', '000'],
      roads: [['0101', '0201', '0301']],
      ...over,
    });

  it('reads terrain, elevation and roads (a road sets its bit on both sides of each hexside it crosses)', () => {
    const map = readCompactMap(spec(), { terrainIds: ['clear', 'woods'], los: openGroundLos, roadBit: 4 }, new ProblemList('m.json'));
    const g = map.grid;
    expect(map.terrainId(g.at(1, 0))).toBe('woods');
    expect(map.elevation[g.at(2, 0)]).toBe(2);
    const a = g.at(0, 0),
      b = g.at(1, 0);
    expect(map.hexside(a, g.directionTo(a, b)) & 4).toBe(4);
    expect(map.hexside(b, g.directionTo(b, a)) & 4).toBe(4);
    expect(map.anySide(g.at(0, 1), 4)).toBe(false);
  });

  it('names the file and place of a bad legend character, row length or road', () => {
    const read = (over: object) => () =>
      readCompactMap(spec(over), { terrainIds: ['clear', 'woods'], los: openGroundLos, roadBit: 1 }, new ProblemList('m.json'));
    expect(read({ terrain: ['.x.', '...'] })).toThrow(/m\.json: map\.terrain\[0\]: character "x" at column 2 is not in the legend/);
    expect(read({ terrain: ['..', '...'] })).toThrow(/map\.terrain\[0\]: has 2 hexes but the map is 3 wide/);
    const problems = new ProblemList('m.json');
    readCompactMap(spec({ roads: [['0101', '0301']] }), { terrainIds: ['clear', 'woods'], los: openGroundLos, roadBit: 1 }, problems);
    expect(problems.problems).toEqual([{ place: 'map.roads[0][1]', problem: '0301 is not next to 0101', code: 'bad-value' }]);
  });
});

describe('parameter overrides', () => {
  interface Data {
    turns: number;
    sides: { id: string; rating: number }[];
    fog: boolean;
  }
  const setters: ParameterSetter<Data>[] = [
    {
      name: 'turns',
      apply: (d, _, v) => {
        d.turns = v.number();
      },
    },
    {
      name: 'rating.<side>',
      apply: (d, id, v) => {
        (d.sides.find((s) => s.id === id) ?? v.fail(`no side "${id}"`)).rating = v.number();
      },
    },
    {
      name: 'fog',
      apply: (d, _, v) => {
        d.fog = v.boolean();
      },
    },
  ];
  const raw: Data = { turns: 5, sides: [{ id: 'red', rating: 1 }], fog: false };

  it('applies named and family parameters to a copy, leaving the raw data as it was', () => {
    const out = applyParameterOverrides(raw, { turns: '7', 'rating.red': 3, fog: 'true' }, 's.json', setters);
    expect(out).toEqual({ turns: 7, sides: [{ id: 'red', rating: 3 }], fog: true });
    expect(raw.turns).toBe(5);
    expect(applyParameterOverrides(raw, undefined, 's.json', setters)).toBe(raw);
  });

  it('refuses unknown names and bad values in one line naming the file and the parameter', () => {
    const err = (set: Record<string, string>) => {
      try {
        applyParameterOverrides(raw, set, 's.json', setters);
      } catch (e) {
        return e;
      }
      return null;
    };
    const unknown = err({ turnz: '3' }) as InputError;
    expect(unknown).toBeInstanceOf(InputError);
    expect(unknown.message).toBe('s.json: --set turnz: unknown scenario parameter "turnz" (known: turns, rating.<side>, fog)');
    expect((err({ turns: 'many' }) as Error).message).toBe('s.json: --set turns: "many" is not a finite number');
    expect((err({ fog: 'maybe' }) as Error).message).toBe('s.json: --set fog: expected true or false, not "maybe"');
    expect((err({ 'rating.blue': '2' }) as Error).message).toBe('s.json: --set rating.blue: no side "blue"');
  });
});

describe('reachability and sight lines', () => {
  const g = new HexGrid(6, 6);

  it('cheapest costs within a budget; the first hex always reachable when asked; prohibited steps never taken', () => {
    const wall = new Set([g.at(2, 0), g.at(2, 1), g.at(2, 2), g.at(2, 3), g.at(2, 4)]);
    const cost = (_: number, to: number) => (wall.has(to) ? -1 : to === g.at(1, 0) ? 5 : 1);
    const reach = reachableHexes(g, g.at(0, 0), 3, cost);
    expect(reach.get(g.at(0, 0))).toBe(0);
    expect(reach.get(g.at(0, 3))).toBe(3);
    expect(reach.has(g.at(1, 0))).toBe(false); // costs 5: over the budget
    for (const h of wall) expect(reach.has(h)).toBe(false);
    expect(reachableHexes(g, g.at(0, 0), 3, cost, true).get(g.at(1, 0))).toBe(5);
    expect([...reachableHexes(g, g.at(0, 0), 0, cost, true).keys()]).toEqual([g.at(0, 0)]);
    const table = moveCostTable(
      ['clear', 'swamp'],
      ['foot', 'wheels'],
      (t, c) => (t === 'swamp' && c === 'wheels' ? 'P' : t === 'swamp' ? 1.5 : 1),
      2,
    );
    expect([...table]).toEqual([2, 2, 3, -1]);
  });

  it('a marker blocks a line only when both sides of a hexspine pass through one; the end hexes never block', () => {
    const a = g.at(1, 3),
      b = g.at(3, 3); // same row, odd columns: along a hexspine
    const [l, r] = g.linePaths(a, b);
    expect(lineBlocked(g, a, b, (h) => h === l[0])).toBe(false);
    expect(lineBlocked(g, a, b, (h) => h === l[0] || h === r[0])).toBe(true);
    expect(lineBlocked(g, a, b, (h) => h === a || h === b)).toBe(false);
    const t = buildSightTable(g.size, (x, y) => (g.distance(x, y) <= 1 ? 1 : 0));
    expect(t[a * g.size + g.neighbour(a, 2)]).toBe(1);
    expect(t[a * g.size + b]).toBe(0);
  });
});

describe('ASCII hex maps', () => {
  it('flat layouts: two text rows per hex, shifted columns one text row lower; colours only when asked', () => {
    const g = new HexGrid(3, 2);
    const lines = drawHexMap(g, (h, row) => (row === 0 ? [{ text: g.label(h) }] : [{ text: 'x', code: '31' }]), { width: 6 });
    expect(lines).toEqual(['0101        0301', 'x     0201  x', '0102  x     0302', 'x     0202  x', '      x']);
    const coloured = drawHexMap(g, () => [{ text: 'x', code: '31' }], { width: 6, color: true });
    expect(coloured[0]).toContain('\u001b[31mx\u001b[0m');
  });

  it('pointy layouts: a row of cells per hex row, shifted rows half a cell to the right; long text is cut', () => {
    const g = new HexGrid(2, 2, 'pointy-odd');
    const lines = drawHexMap(g, (h, row) => [{ text: row === 0 ? g.label(h) : 'abcdefgh' }], { width: 6 });
    expect(lines).toEqual(['0101  0201', 'abcde abcde', '   0102  0202', '   abcde abcde']);
  });
});
