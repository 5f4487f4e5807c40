/**
 * Text drawing of a hex map for the terminal. Each hex is a cell of two text rows; the system says what
 * goes in each row (`cell`). Flat-topped layouts draw a column of cells per hex column, shifted columns
 * one text row lower, so a hex row takes two text rows and neighbours line up as on the board:
 *
 *   0101 .   0301 t1
 *   G3L  *   0201 w   ...
 *
 * Pointy-topped layouts draw a row of cells per hex row, shifted rows half a cell to the right.
 */
import type { BoardHex, BoardUnit, BoardView, ViewOptions } from '../core/system.js';
import type { Hex, HexGrid } from './grid.js';

/** A piece of text in a cell, with an optional ANSI colour code (e.g. '32' green). */
export interface Segment {
  readonly text: string;
  readonly code?: string | undefined;
}

export interface DrawOptions {
  /** Width of a cell in characters (what does not fit in width - 1 is cut). Default 8. */
  width?: number;
  /** ANSI colours. Default false. */
  color?: boolean;
}

const ESC = '\u001b[';

/** Text in an ANSI colour when `on`. */
export function paint(on: boolean, code: string, text: string): string {
  return on ? `${ESC}${code}m${text}${ESC}0m` : text;
}

/**
 * The map as lines of text (trailing blanks trimmed). `cell(h, row)` gives the segments of text row 0 and
 * 1 of hex h's cell.
 */
export function drawHexMap(grid: HexGrid, cell: (h: Hex, row: 0 | 1) => readonly Segment[], opts: DrawOptions = {}): string[] {
  const W = opts.width ?? 8;
  const color = opts.color === true;
  const text = (h: Hex, row: 0 | 1): string => {
    const segs = cell(h, row);
    let plain = segs.map((s) => s.text).join('');
    if (plain.length > W - 1) plain = plain.slice(0, W - 1);
    const shown = color ? segs.map((s) => (s.code ? paint(true, s.code, s.text) : s.text)).join('') : plain;
    return shown + ' '.repeat(Math.max(0, W - plain.length));
  };
  const lines: string[] = [];
  if (grid.orientation.startsWith('flat')) {
    for (let L = 0; L < grid.height * 2 + 1; L++) {
      let line = '';
      for (let c = 0; c < grid.width; c++) {
        const shifted = L - (grid.shifted(c) ? 1 : 0);
        const r = Math.floor(shifted / 2);
        if (shifted < 0 || r >= grid.height) {
          line += ' '.repeat(W);
          continue;
        }
        line += text(grid.at(c, r), shifted % 2 === 0 ? 0 : 1);
      }
      lines.push(line.replace(/\s+$/, ''));
    }
  } else {
    for (let r = 0; r < grid.height; r++) {
      const indent = grid.shifted(r) ? ' '.repeat(W >> 1) : '';
      for (const row of [0, 1] as const) {
        let line = indent;
        for (let c = 0; c < grid.width; c++) line += text(grid.at(c, r), row);
        lines.push(line.replace(/\s+$/, ''));
      }
    }
  }
  return lines;
}

/** How `drawBoard` draws a BoardView. */
export interface BoardDrawOptions {
  /** The character of each terrain id (the scenario's legend); a terrain not listed is drawn by its first letter. */
  readonly letters: ReadonlyMap<string, string>;
  /** One letter per seat, for unit stacks and objective holders. */
  readonly sideLetters: readonly string[];
  /** Side ids, for the legend. */
  readonly sideIds: readonly string[];
  /** ANSI colours. Default false. */
  readonly color?: boolean;
  /** Text columns the map may take: a wider map is cut to a window of whole hex columns. Default: the whole map. */
  readonly width?: number;
  /** Hex the window is centred on when the map is cut. Default: the left edge. */
  readonly centre?: number;
  /** The stack marks the system's units can carry, for the legend. Default: all of them. */
  readonly stackMarks?: readonly StackMark[];
}

/**
 * The symbol of each hex marker of a BoardView (BoardHex.markers), drawn after the units in a hex's lower
 * half (never a letter, which would read as a side). Markers not listed are drawn as `?`; "cleared" (an obstacle removed) is not drawn.
 */
export const HEX_MARKER_SYMBOLS: Readonly<Record<string, string>> = {
  smoke: '%',
  drumfire: '$',
  barrage: '$',
  mines: '+',
  wreck: '#',
  entrenchment: '=',
  fortification: '=',
  foxholes: '=',
  wire: '&',
  'AT ditch': '_',
  'heavy building': '@',
  cleared: '',
};
const OTHER_MARKER = '?';
/** Drawn as the last character of a hex's line when its content does not fit. */
export const MORE = '>';

const SIDE_CODES = ['36', '31', '33', '35'];
const TERRAIN_CODES: Readonly<Record<string, string>> = {
  woods: '32',
  forest: '32',
  town: '33',
  village: '33',
  field: '93',
  wheat: '93',
  swamp: '34',
  marsh: '34',
  river: '94',
  stream: '94',
  hill: '35',
};

/**
 * A stack of one seat's units in a hex as the map draws it: the side letter (lower case when every unit in
 * it is spent), the number of units that are not leaders, `L` when a leader is there, `!` when one is
 * disrupted (`!!` demoralized) and `^` when one is dug in.
 */
export function stackToken(units: readonly BoardUnit[], letter: string): string {
  const allSpent = units.length > 0 && units.every((u) => u.markers.includes('spent'));
  const count = units.filter((u) => !u.leader).length;
  let text = allSpent ? letter.toLowerCase() : letter.toUpperCase();
  if (count > 0) text += String(count);
  if (units.some((u) => u.leader)) text += 'L';
  if (units.some((u) => u.markers.includes('demoralized'))) text += '!!';
  else if (units.some((u) => u.markers.includes('disrupted'))) text += '!';
  if (units.some((u) => u.markers.includes('dug in'))) text += '^';
  return text;
}

/** What a stack token can show beside its side letter and count. */
export type StackMark = 'spent' | 'L' | '!' | '!!' | '^';

/** The legend of the stack marks, in the order a token shows them. */
const STACK_MARK_LEGEND: readonly (readonly [StackMark, string])[] = [
  ['L', 'L: a leader is there'],
  ['spent', 'lower case: all spent'],
  ['!', '! disrupted'],
  ['!!', '!! demoralized'],
  ['^', '^ dug in'],
];

/** The map window a width allows: the first hex column drawn and how many. */
export function boardWindow(board: BoardView, labelLength: number, width: number | undefined, centre: number | undefined) {
  const pitch = labelLength + 6;
  const indent = board.orientation.startsWith('pointy') ? pitch >> 1 : 0;
  const fit = width === undefined ? board.width : Math.max(1, Math.floor((width - 1 - indent) / pitch));
  if (fit >= board.width) return { first: 0, count: board.width, pitch };
  const middle = centre !== undefined ? (board.hexes[centre]?.col ?? 0) : 0;
  const first = Math.min(Math.max(0, middle - (fit >> 1)), board.width - fit);
  return { first, count: fit, pitch };
}

/**
 * A BoardView as text for the terminal: every hex a cell of two lines holding its label, terrain, elevation and
 * objective (upper line) and the units and markers in it (lower line), so nothing stands outside its own hex.
 * Flat-topped maps are drawn with `/` and `\` borders (a hex is `/…\` over `\…/`, shifted columns one line
 * lower); pointy-topped maps as rows of `|` cells, shifted rows half a cell to the right. A cell's content
 * never widens it: what does not fit ends in `>` (the `hex` command of play shows all of it). Cut to `width`,
 * the map is a window of whole hex columns around `centre`, said above it. A legend of the symbols in use follows.
 */
export function drawBoard(board: BoardView, opts: BoardDrawOptions): string[] {
  const color = opts.color === true;
  const labelLength = board.hexes[0]?.label.length ?? 4;
  const { first, count, pitch } = boardWindow(board, labelLength, opts.width, opts.centre);
  const inner = pitch - 1;
  const pointy = board.orientation.startsWith('pointy');
  const shiftOdd = board.orientation.endsWith('odd') ? 1 : 0;
  const shifted = (line: number) => (line & 1) === shiftOdd;
  const at = (col: number, row: number): BoardHex => board.hexes[row * board.width + col]!;
  const byHex = new Map<number, BoardUnit[]>();
  for (const u of board.units) if (u.hex >= 0) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u]);
  const objectives = new Map(board.objectives.map((o) => [o.hex, o]));
  const usedTerrain = new Set<string>();
  const usedMarkers = new Set<string>();
  const letterOf = (terrain: string) => opts.letters.get(terrain) ?? terrain.charAt(0);
  const cellText = (segs: readonly Segment[]): string => {
    let plain = segs.map((s) => s.text).join('');
    let shown = segs;
    if (plain.length > inner) {
      // Cut to the cell, keeping colours of what stays, and say that something was left out.
      const kept: Segment[] = [];
      let room = inner - 1;
      for (const s of segs) {
        if (room <= 0) break;
        kept.push({ text: s.text.slice(0, room), code: s.code });
        room -= Math.min(room, s.text.length);
      }
      kept.push({ text: MORE });
      shown = kept;
      plain = kept.map((s) => s.text).join('');
    }
    const body = color ? shown.map((s) => (s.code ? paint(true, s.code, s.text) : s.text)).join('') : plain;
    return body + ' '.repeat(inner - plain.length);
  };
  const upper = (h: BoardHex): Segment[] => {
    usedTerrain.add(h.terrain);
    const segs: Segment[] = [
      { text: `${h.label} ` },
      { text: letterOf(h.terrain), code: TERRAIN_CODES[h.terrain] },
      { text: h.elevation > 0 ? String(Math.min(9, h.elevation)) : ' ' },
    ];
    const o = objectives.get(h.hex);
    if (o !== undefined) segs.push({ text: `*${opts.sideLetters[o.controller] ?? '-'}`, code: '1' });
    return segs;
  };
  const lower = (h: BoardHex): Segment[] => {
    const segs: Segment[] = [];
    const here = byHex.get(h.hex) ?? [];
    for (let seat = 0; seat < opts.sideLetters.length; seat++) {
      const mine = here.filter((u) => u.side === seat);
      if (mine.length === 0) continue;
      if (segs.length > 0) segs.push({ text: ' ' });
      segs.push({ text: stackToken(mine, opts.sideLetters[seat]!), code: SIDE_CODES[seat] });
    }
    let marks = '';
    for (const m of h.markers) {
      const symbol = HEX_MARKER_SYMBOLS[m] ?? OTHER_MARKER;
      if (symbol === '') continue;
      usedMarkers.add(m);
      if (!marks.includes(symbol)) marks += symbol;
    }
    if (marks !== '') segs.push({ text: `${segs.length > 0 ? ' ' : ''}${marks}`, code: '90' });
    return segs;
  };
  const lines: string[] = [];
  if (count < board.width) {
    const from = at(first, 0).label.slice(0, labelLength / 2);
    const to = at(first + count - 1, 0).label.slice(0, labelLength / 2);
    lines.push(`columns ${from}-${to} of ${board.width} ("map <" and "map >" scroll, "map HEX" centres, "map all")`);
  }
  if (!pointy) {
    for (let L = 0; L < board.height * 2 + 1; L++) {
      // Each column has the upper half (0) or the lower half (1) of one of its hexes on this line, or none (-1).
      const half = (c: number): number => {
        const r = L - (shifted(c) ? 1 : 0);
        return r < 0 || r >= board.height * 2 ? -1 : r & 1;
      };
      let line = '';
      for (let c = first; c < first + count; c++) {
        const mine = half(c);
        const left = c > first ? half(c - 1) : -1;
        line += mine === 0 ? '/' : mine === 1 ? '\\' : left === 0 ? '\\' : left === 1 ? '/' : ' ';
        if (mine < 0) line += ' '.repeat(inner);
        else {
          const h = at(c, (L - (shifted(c) ? 1 : 0)) >> 1);
          line += cellText(mine === 0 ? upper(h) : lower(h));
        }
      }
      const last = half(first + count - 1);
      line += last === 0 ? '\\' : last === 1 ? '/' : '';
      lines.push(line.replace(/\s+$/, ''));
    }
  } else {
    for (let r = 0; r < board.height; r++) {
      const indent = shifted(r) ? ' '.repeat(pitch >> 1) : '';
      for (const part of [0, 1]) {
        let line = indent;
        for (let c = first; c < first + count; c++) line += `|${cellText(part === 0 ? upper(at(c, r)) : lower(at(c, r)))}`;
        lines.push(`${line}|`);
      }
    }
  }
  const terrain = [...usedTerrain].map((t) => `${letterOf(t)} ${t}`).join(', ');
  const sides = opts.sideIds.map((id, k) => `${opts.sideLetters[k]} ${id}`).join(', ');
  const markers = [...usedMarkers].map((m) => `${HEX_MARKER_SYMBOLS[m] ?? OTHER_MARKER} ${m}`);
  // A system without leaders or morale (its units never carry those marks) gets no legend for them.
  const shown = STACK_MARK_LEGEND.filter(([m]) => opts.stackMarks?.includes(m) ?? true).map(([, text]) => text);
  // "L: ..." and "lower case: ..." read as clauses; the symbol marks as one list after them.
  const symbols = shown.filter((t) => !t.includes(':'));
  const stackMarks = [...shown.filter((t) => t.includes(':')), ...(symbols.length > 0 ? [symbols.join(', ')] : [])];
  lines.push(
    ...wrapWords(
      [
        `Terrain: ${terrain}; a digit after it is the elevation.`,
        `Units: ${sides}, then how many units${stackMarks.length > 0 ? ` (${stackMarks.join('; ')})` : ''}.`,
        `*${opts.sideLetters[0]} objective held by ${opts.sideIds[0]} (*- by nobody)${markers.length > 0 ? `; ${markers.join(', ')}` : ''}; ${MORE} more than fits (see "hex HEX").`,
      ].join(' '),
      Math.max(60, opts.width ?? 120),
    ),
  );
  return lines;
}

/** `text` broken at spaces into lines of at most `width` characters. */
export function wrapWords(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') out.push(line);
  return out;
}

/** One letter per side for a map, distinct: the first letter of each side id (A, B... if they clash). */
export function sideLettersOf(sideIds: readonly string[]): string[] {
  const first = sideIds.map((id) => id.charAt(0).toUpperCase() || 'A');
  return new Set(first).size === first.length ? first : sideIds.map((_, k) => String.fromCharCode(65 + k));
}

/**
 * A system's board view as its terminal map (ScenarioUi.renderMap): side letters from the side ids, the
 * viewer's colour choice and window.
 */
export function renderBoardMap(
  board: BoardView,
  letters: ReadonlyMap<string, string>,
  sideIds: readonly string[],
  view: ViewOptions,
  stackMarks?: readonly StackMark[],
): string {
  return drawBoard(board, {
    ...(stackMarks !== undefined ? { stackMarks } : {}),
    letters,
    sideLetters: sideLettersOf(sideIds),
    sideIds,
    color: view.color === true,
    ...(view.width !== undefined ? { width: view.width } : {}),
    ...(view.centre !== undefined ? { centre: view.centre } : {}),
  }).join('\n');
}
