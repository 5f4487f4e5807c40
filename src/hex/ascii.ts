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
