/**
 * GMT Panzer Basic Game map features beyond hex terrain: terrain overlays (1.3), hexside terrain (1.2:
 * crests 4.1.4.1.5, hedgerows 4.1.4.1.10, cliffs), roads and paths through buildings and woods (4.1.4.1.3),
 * desert buildings (4.1.4.1.3.1), spotting in gullies (4.1.4.1.6) and path movement (4.5.1.1.1), each
 * asserted on the line of sight or the moves the engine produces.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { destinations } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { DAMAGED } from '../../../src/rules/panzer/state.js';
import { hex, type MiniSpec, mini, writeScenario } from './helpers.js';

/** A scenario from `spec` with extra top-level fields (overlays, hexsides, paths). */
function board(spec: MiniSpec, extra: Record<string, unknown>) {
  const sc = loadPanzerScenario(writeScenario(spec, extra));
  const los = (a: string, b: string) => sc.map.hasLos(hex(sc, a), hex(sc, b));
  return { sc, los };
}

/** The hexes a route crosses between, as "from>to". */
const crossings = (steps: readonly { kind: string; hex: number }[], start: number): string[] => {
  const out: string[] = [];
  let at = start;
  for (const st of steps) {
    if (st.kind === 'enter') out.push(`${at}>${st.hex}`);
    at = st.hex;
  }
  return out;
};

const COLUMN = ['0301', '0302', '0303', '0304', '0305', '0306', '0307'];
const UNITS: MiniSpec['units'] = [
  [0, 'pz4h', '0307', 'N'],
  [1, 't3485', '0501', 'S'],
];

describe('PANZER 1.3: terrain overlays', () => {
  it('PANZER 1.3: an overlay replaces the terrain of the hexes it covers: woods laid on clear block the line and cost their terrain to enter', () => {
    const spec: MiniSpec = { terrain: Array.from({ length: 7 }, () => '.....'), units: UNITS };
    const plain = board(spec, {});
    const laid = board(spec, { overlays: [{ id: 'W1', hexes: { '0304': 'woods', '0404': 'woods' } }] });
    expect(plain.los('0307', '0301')).toBe(true);
    expect(laid.los('0307', '0301')).toBe(false);
    expect(laid.sc.map.terrainId(hex(laid.sc, '0304'))).toBe('woods');
    const s = mini(spec).start;
    const into = (sc: typeof laid.sc) =>
      destinations(sc, { ...s, units: s.units.map((u, i) => (i === 0 ? { ...u, hex: hex(sc, '0305') } : u)) }, 0).find(
        (d) => d.hex === hex(sc, '0304') && d.facing === 0,
      )!.cost;
    expect(into(laid.sc)).toBe(into(plain.sc) + 1);
  });
  it('PANZER 1.3: an overlay naming a terrain the chart pack lacks is refused with its place', () => {
    const file = writeScenario(
      { terrain: ['.....', '.....'], units: UNITS.map((u) => [u[0], u[1], u[0] === 0 ? '0302' : '0501', u[3]]) },
      {
        overlays: [{ hexes: { '0301': 'lava' } }],
      },
    );
    expect(() => loadPanzerScenario(file)).toThrow(InputError);
    expect(() => loadPanzerScenario(file)).toThrow(/overlays\[0\]\.hexes\.0301.*lava/);
  });
});

describe('PANZER 4.1.4.1.3: buildings', () => {
  const town = ['.....', '.....', '..h..', '..h..', '..h..', '.....', '.....'];
  it('PANZER 4.1.4.1.3: a road straight through a row of buildings clears the line along it; a line across the buildings is blocked', () => {
    const bare = board({ terrain: town, units: UNITS }, {});
    const road = board({ terrain: town, roads: [COLUMN], units: UNITS }, {});
    expect(bare.los('0307', '0301')).toBe(false);
    expect(road.los('0307', '0301')).toBe(true);
    // Off the road's line, the same buildings still block.
    expect(road.los('0107', '0501')).toBe(false);
    // A path does the same as a road (4.1.4.1.3: "Roads and Paths").
    expect(board({ terrain: town, units: UNITS }, { paths: [COLUMN] }).los('0307', '0301')).toBe(true);
  });
  it('PANZER 4.1.4.1.3.1: desert buildings, named by a scenario, block the line like one-storey buildings and give Heavy spotting cover', () => {
    const spec: MiniSpec = { terrain: Array.from({ length: 7 }, () => '.....'), units: UNITS };
    const desert = board(spec, { overlays: [{ hexes: { '0304': 'desertbuilding', '0501': 'desertbuilding' } }] });
    expect(desert.los('0307', '0301')).toBe(false);
    const t = desert.sc.terrain[desert.sc.map.terrain[hex(desert.sc, '0304')]!]!;
    expect([t.height, t.spotCover]).toEqual([1, 'heavy']);
  });
});

describe('PANZER 4.1.4.1.6: gullies and streams', () => {
  const gully = ['.....', '..g..', '..g..', '..g..', '..g..', '..g..', '.....'];
  it('PANZER 4.1.4.1.6: units spot along a straight line inside a gully; from a gully a unit one level up is spotted only when adjacent', () => {
    const { los } = board({ terrain: gully, units: UNITS }, {});
    // Both in the gully, the line along it: seen.
    expect(los('0302', '0306')).toBe(true);
    // From the gully floor (height -1) to level-0 ground two hexes off, over level-0 ground: not seen.
    expect(los('0304', '0504')).toBe(false);
    // Adjacent: seen.
    expect(los('0304', '0404')).toBe(true);
    // Up the gully and out of its end: only the gully's own hexes lie between, so the line is in the gully.
    expect(los('0303', '0307')).toBe(true);
  });
});

describe('PANZER 1.2 / 4.1.4.1.5 / 4.1.4.1.10: hexside terrain', () => {
  const flat = Array.from({ length: 7 }, () => '.....');
  it('PANZER 1.2 / 4.1.4.1.5: a crest hexside (Height +1) blocks a line between two units level with the ground; from a hill above it a unit far enough behind is seen', () => {
    const crest = { hexsides: [{ hex: '0304', side: 'N', kind: 'crest' }] };
    expect(board({ terrain: flat, units: UNITS }, {}).los('0307', '0301')).toBe(true);
    expect(board({ terrain: flat, units: UNITS }, crest).los('0307', '0301')).toBe(false);
    const hill = board({ terrain: flat, elevation: ['00000', '00000', '00000', '00000', '00000', '00000', '00300'], units: UNITS }, crest);
    // From level 3 the crest (top 1) leaves a short blind zone: 0303, just behind it, is hidden; 0301 is seen.
    expect(hill.los('0307', '0303')).toBe(false);
    expect(hill.los('0307', '0301')).toBe(true);
  });
  it('PANZER 4.1.4.1.5: crossing a crest with no change of level costs +1; a cliff (a hill edge with no slope) may not be crossed', () => {
    const spec: MiniSpec = {
      terrain: flat,
      units: [
        [0, 'pz4h', '0305', 'N'],
        [1, 't3485', '0501', 'S'],
      ],
    };
    const cost = (extra: Record<string, unknown>) => {
      const { sc } = board(spec, extra);
      const s = mini(spec).start;
      const ds = destinations(sc, s, 0);
      return {
        cost: ds.find((d) => d.hex === hex(sc, '0304') && d.facing === 0)?.cost,
        direct: ds.some((d) => crossings(d.steps, s.units[0]!.hex).includes(`${hex(sc, '0305')}>${hex(sc, '0304')}`)),
      };
    };
    expect(cost({})).toEqual({ cost: 1, direct: true });
    expect(cost({ hexsides: [{ hex: '0305', side: 'N', kind: 'crest' }] })).toEqual({ cost: 2, direct: true });
    // Behind a cliff the hex is reached only the long way round.
    expect(cost({ hexsides: [{ hex: '0305', side: 'N', kind: 'cliff' }] }).direct).toBe(false);
  });
  it('PANZER 4.1.4.1.10: a hedgerow hexside blocks a line between units at ground level; a tracked vehicle crosses it only as its whole move, a wheeled one never', () => {
    const hedge = { hexsides: [{ hex: '0304', side: 'N', kind: 'hedgerow' }] };
    expect(board({ terrain: flat, units: UNITS }, hedge).los('0307', '0301')).toBe(false);
    const spec: MiniSpec = {
      terrain: flat,
      units: [
        [0, 'pz4h', '0304', 'N'],
        [0, 'opel', '0304', 'N'],
        [1, 't3485', '0501', 'S'],
      ],
    };
    const { sc } = board(spec, hedge);
    // Damaged (MF halved) so the long way round the hedgerow is out of reach.
    const start = mini(spec).start;
    const s = { ...start, units: start.units.map((u) => ({ ...u, status: DAMAGED })) };
    const across = `${hex(sc, '0304')}>${hex(sc, '0303')}`;
    const over = (u: number) => destinations(sc, s, u).filter((d) => crossings(d.steps, s.units[u]!.hex).includes(across));
    // The Pz IV crosses as a move of that one hex, spending its whole allowance; the Opel never crosses.
    expect(over(0).length).toBeGreaterThan(0);
    expect(over(0).every((d) => d.steps.length === 1 && d.cost === 2)).toBe(true);
    expect(over(1)).toEqual([]);
  });
});

describe('PANZER 4.5.1.1.1: path movement', () => {
  it('PANZER 4.5.1.1.1 / 4.5.1.1.5: along a path a vehicle moves at its path MF (SU-76M "5T 6 10": 6 hexes), along a road at its road MF (10)', () => {
    const rows = Array.from({ length: 14 }, () => '.....');
    const column = rows.map((_, k) => `03${String(k + 1).padStart(2, '0')}`).reverse();
    const spec: MiniSpec = {
      terrain: rows,
      units: [
        [0, 'su76m', '0314', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    };
    const reach = (extra: Record<string, unknown>, roads: string[][] = []) => {
      const { sc } = board({ ...spec, roads }, extra);
      const s = mini(spec).start;
      const ahead = destinations(sc, s, 0).filter((d) => d.road && sc.map.grid.col(d.hex) === 2);
      return Math.max(...ahead.map((d) => d.steps.length));
    };
    expect(reach({ paths: [column] })).toBe(6);
    expect(reach({}, [column])).toBe(10);
    // A route mostly on the road (the first 8 hexes), then path: the road rate for the whole move.
    expect(reach({ paths: [column.slice(8)] }, [column.slice(0, 9)])).toBe(10);
  });
});
