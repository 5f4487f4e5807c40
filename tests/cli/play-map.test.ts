/**
 * The terminal map of `tacsim play` (issue 14 item 7): every unit and objective marker is drawn inside the hex
 * it stands in, for every shipped scenario, whole and cut to a window; a crowded hex never widens its cell.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import type { BoardView, LoadedScenario } from '../../src/core/system.js';
import { drawBoard, MORE } from '../../src/hex/ascii.js';
import { listShippedScenarios, loadScenario } from '../../src/scenarios.js';

interface DrawnHex {
  upper: string;
  lower: string;
}

/**
 * Reads a drawn map back: each label found after a cell border opens a cell (its upper line); the cell's lower
 * line is the text under it, on the next line (flat layouts: `/0101 .   \` over `\G2L      /`; pointy: `|…|`).
 */
function parseMap(lines: readonly string[], inner: number): Map<string, DrawnHex> {
  const out = new Map<string, DrawnHex>();
  for (let L = 0; L + 1 < lines.length; L++) {
    const line = lines[L]!;
    for (const m of line.matchAll(/[/|](\d{4}) /g)) {
      const start = m.index + 1;
      const next = lines[L + 1]!.padEnd(start + inner);
      const border = next.charAt(start - 1);
      // The lower half of a flat hex opens with "\", a pointy cell with "|".
      expect(border === '\\' || border === '|', `hex ${m[1]}: "${border}" under its border`).toBe(true);
      out.set(m[1]!, { upper: line.slice(start, start + inner), lower: next.slice(start, start + inner) });
    }
  }
  return out;
}

/** What a hex's lower line must show for `board`: a stack token per side present, with its unit count. */
function expectedStacks(board: BoardView, hex: number, letters: readonly string[]): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < letters.length; seat++) {
    const here = board.units.filter((u) => u.hex === hex && u.side === seat);
    if (here.length === 0) continue;
    const count = here.filter((u) => !u.leader).length;
    out.push(`${letters[seat]}${count > 0 ? count : ''}${here.some((u) => u.leader) ? 'L' : ''}`);
  }
  return out;
}

function sideLettersOf(sc: LoadedScenario): string[] {
  const first = sc.sides.map((x) => x.id.charAt(0).toUpperCase());
  return new Set(first).size === first.length ? first : sc.sides.map((_, k) => String.fromCharCode(65 + k));
}

/** Checks every hex drawn in `map` against the board: units, leaders, objectives, nothing misplaced. */
function checkMap(sc: LoadedScenario, state: unknown, viewer: number, map: string, whole: boolean): number {
  const board = sc.ui.board!(state, { viewer });
  const letters = sideLettersOf(sc);
  const inner = board.hexes[0]!.label.length + 5;
  const drawn = parseMap(map.split('\n'), inner);
  if (whole) expect(drawn.size).toBe(board.hexes.length);
  let checked = 0;
  for (const [label, cell] of drawn) {
    const h = board.hexes.find((x) => x.label === label)!;
    expect(h, label).toBeDefined();
    const tokens = cell.lower
      .replace(MORE, '')
      .trim()
      .split(/\s+/)
      .filter((t) => /^[A-Za-z]/.test(t))
      .map((t) => t.replace(/[!^]+$/, '').replace(/^[a-z]/, (c) => c.toUpperCase()));
    expect(tokens, `units drawn in ${label}`).toEqual(expectedStacks(board, h.hex, letters));
    const objective = board.objectives.find((o) => o.hex === h.hex);
    const mark = cell.upper.match(/\*(.)/)?.[1];
    expect(mark, `objective drawn in ${label}`).toBe(objective === undefined ? undefined : (letters[objective.controller] ?? '-'));
    checked++;
  }
  return checked;
}

describe('terminal map: markers in their own hex', () => {
  for (const { id } of listShippedScenarios()) {
    it(`${id}: every unit and objective marker is drawn in its engine hex, whole and in windows, as the game goes on`, () => {
      const sc = loadScenario(id);
      const dice = createRng('map');
      const pick = createRng('moves');
      let state = sc.initialState(dice);
      for (let step = 0; step < 4; step++) {
        for (const viewer of [0, 1]) {
          const whole = sc.ui.renderMap(state, { viewer });
          expect(checkMap(sc, state, viewer, whole, true)).toBe(sc.mapWidth * sc.mapHeight);
          for (const width of [80, 120]) {
            const board = sc.ui.board!(state, { viewer });
            for (const centre of [0, board.hexes.length >> 1, board.hexes.length - 1]) {
              const window = sc.ui.renderMap(state, { viewer, width, centre });
              for (const line of window.split('\n')) expect(line.length, line).toBeLessThanOrEqual(width);
              expect(checkMap(sc, state, viewer, window, false)).toBeGreaterThan(0);
            }
          }
        }
        // Some play between checks, so that units have moved, fired, been disrupted.
        for (let k = 0; k < 40 && !sc.game.isTerminal(state); k++) {
          const legal = sc.game.legalActions(state);
          state = sc.game.apply(state, legal[pick.int(legal.length)], dice);
        }
      }
    });
  }
});

describe('terminal map: crowded hexes and markers', () => {
  const board = (markers: string[], units: BoardView['units']): BoardView => ({
    width: 3,
    height: 2,
    orientation: 'flat-odd',
    terrain: { clear: '#fff', river: '#00f' },
    hexes: Array.from({ length: 6 }, (_, h) => ({
      hex: h,
      label: `0${(h % 3) + 1}0${Math.floor(h / 3) + 1}`,
      col: h % 3,
      row: Math.floor(h / 3),
      terrain: h === 4 ? 'river' : 'clear',
      elevation: 0,
      sides: [],
      markers: h === 1 ? markers : [],
    })),
    units,
    objectives: [{ hex: 1, vp: 3, controller: 1 }],
    status: '',
  });
  const unit = (side: number, markers: string[], leader = false) => ({
    unit: 0,
    side,
    hex: 1,
    name: 'x',
    type: 'infantry',
    values: '',
    where: '',
    reduced: false,
    leader,
    markers,
    details: '',
  });
  const opts = { letters: new Map([['river', '~']]), sideLetters: ['G', 'S'], sideIds: ['german', 'soviet'] };

  it('a hex holding both sides, every status and every marker keeps its width: the rows do not shift', () => {
    const crowded = board(
      ['smoke', 'mines', 'wreck', 'entrenchment'],
      [unit(0, ['disrupted', 'dug in']), unit(0, ['demoralized']), unit(0, [], true), unit(1, ['spent']), unit(1, ['spent'])],
    );
    const plain = board([], []);
    const a = drawBoard(crowded, opts);
    const b = drawBoard(plain, opts);
    const borders = (lines: string[]) =>
      lines.slice(0, 5).map((l) => [...l].map((c, k) => ('/\\'.includes(c) ? k : -1)).filter((k) => k >= 0));
    expect(borders(a)).toEqual(borders(b));
    // 0201 is the shifted column's first hex: its lower half is the third line.
    expect(a[2]).toContain(`\\G2L!!^ s${MORE}`);
  });

  it('statuses and markers have their own symbols; "~" is the river and smoke is not', () => {
    const lines = drawBoard(board(['smoke', 'mines', 'wreck'], [unit(0, ['disrupted'])]), opts);
    expect(lines[2]).toContain('\\G1! %+#');
    expect(lines[3]).toContain('0202 ~');
    const legend = lines.slice(5).join(' ');
    expect(legend).toContain('~ river');
    expect(legend).toContain('% smoke');
    expect(legend).toContain('+ mines');
    expect(legend).toContain('# wreck');
    expect(legend).toContain('! disrupted, !! demoralized, ^ dug in');
  });

  it('a map wider than the screen is drawn as a window of whole columns around the hex asked for', () => {
    const wide: BoardView = { ...board([], []), width: 3 };
    const lines = drawBoard(wide, { ...opts, width: 25, centre: 2 });
    expect(lines[0]).toMatch(/^columns 02-03 of 3/);
    expect(lines.slice(1, 5).join('\n')).not.toContain('0101');
    expect(lines.slice(1, 5).join('\n')).toContain('0301');
  });
});
