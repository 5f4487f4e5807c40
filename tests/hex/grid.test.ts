/** Hex geometry (src/hex/grid.ts): labels, neighbours, distance, rotation, lines, in every layout. */
import { describe, expect, it } from 'vitest';
import { HexGrid, type Orientation } from '../../src/hex/grid.js';

const grids = [new HexGrid(8, 6), new HexGrid(15, 11), new HexGrid(20, 15), new HexGrid(7, 9)];

describe('HexGrid', () => {
  it('PG3 2.2: labels CCRR round-trip for every hex, 1-based column then row', () => {
    for (const g of grids) {
      for (let h = 0; h < g.size; h++) {
        const l = g.label(h);
        expect(l).toMatch(/^\d{4}$/);
        expect(g.parseLabel(l)).toBe(h);
      }
    }
    const g = grids[0]!;
    expect(g.label(g.at(2, 4))).toBe('0305');
    expect(g.parseLabel('0305')).toBe(g.at(2, 4));
    expect(g.parseLabel('0907')).toBe(-1); // off an 8x6 map
    expect(g.parseLabel('0000')).toBe(-1);
    expect(g.parseLabel('12a4')).toBe(-1);
    expect(g.parseLabel(' 0101 ')).toBe(0);
  });

  it('neighbours of an odd (shifted-down) and an even column', () => {
    const g = new HexGrid(8, 8);
    const at = (c: number, r: number) => g.at(c, r);
    // 0-based column 1 (label column 02) is shifted half a hex down.
    expect([0, 1, 2, 3, 4, 5].map((d) => g.neighbour(at(1, 1), d))).toEqual([at(1, 0), at(2, 1), at(2, 2), at(1, 2), at(0, 2), at(0, 1)]);
    // 0-based column 2 (label column 03) is not.
    expect([0, 1, 2, 3, 4, 5].map((d) => g.neighbour(at(2, 2), d))).toEqual([at(2, 1), at(3, 1), at(3, 2), at(2, 3), at(1, 2), at(1, 1)]);
    // Corner hex: only 2 or 3 neighbours on the map.
    expect([0, 1, 2, 3, 4, 5].map((d) => g.neighbour(0, d)).filter((n) => n >= 0).length).toBe(2);
    // Neighbourhood is symmetric, with opposite directions.
    for (let h = 0; h < g.size; h++)
      for (let d = 0; d < 6; d++) {
        const n = g.neighbour(h, d);
        if (n >= 0) {
          expect(g.neighbour(n, (d + 3) % 6)).toBe(h);
          expect(g.directionTo(h, n)).toBe(d);
          expect(g.distance(h, n)).toBe(1);
        }
      }
  });

  it('distance is symmetric, zero only on the diagonal, satisfies the triangle inequality and equals computeDistance', () => {
    for (const g of grids) {
      for (let a = 0; a < g.size; a++)
        for (let b = 0; b < g.size; b++) {
          const d = g.distance(a, b);
          expect(d).toBe(g.computeDistance(a, b));
          expect(d).toBe(g.distance(b, a));
          if ((d === 0) !== (a === b)) throw new Error(`distance ${a},${b} = ${d}`);
        }
      const n = g.size;
      for (let k = 0; k < 500; k++) {
        const a = (k * 7919) % n,
          b = (k * 104729) % n,
          c = (k * 1299709) % n;
        expect(g.distance(a, c)).toBeLessThanOrEqual(g.distance(a, b) + g.distance(b, c));
      }
    }
  });

  it('within(r) is exactly the hexes at distance <= r', () => {
    const g = grids[2]!;
    for (const h of [0, 57, 150, g.size - 1])
      for (const r of [0, 1, 3]) {
        const w = new Set(g.within(h, r));
        for (let x = 0; x < g.size; x++) expect(w.has(x)).toBe(g.distance(h, x) <= r);
      }
  });

  it('rotate180 is an involutive isometry where defined', () => {
    for (const g of grids) {
      const img: number[] = [];
      for (let h = 0; h < g.size; h++) {
        const r = g.rotate180(h);
        img.push(r);
        if (r >= 0) expect(g.rotate180(r)).toBe(h);
      }
      for (let a = 0; a < g.size; a++)
        for (let b = 0; b < g.size; b++) {
          if (img[a]! >= 0 && img[b]! >= 0) expect(g.distance(img[a]!, img[b]!)).toBe(g.distance(a, b));
        }
      // Odd widths: every even-column hex has an image (digest: the half hexes of odd columns do not).
      if (g.width % 2 === 1) for (let h = 0; h < g.size; h++) if (g.col(h) % 2 === 0) expect(img[h]).toBeGreaterThanOrEqual(0);
    }
  });

  it('PG3 8.3: linePaths remembers each pair: the same answer as computeLinePaths, the same arrays when asked again', () => {
    const g = new HexGrid(9, 7);
    for (let a = 0; a < g.size; a += 3)
      for (let b = 0; b < g.size; b += 2) {
        if (a === b) continue;
        const first = g.linePaths(a, b);
        expect(first).toEqual(g.computeLinePaths(a, b));
        expect(g.linePaths(a, b)).toBe(first);
      }
  });

  it('PG3 8.3: linePaths gives distance-many hexes ending at the target; sides differ only along a hexspine', () => {
    const g = new HexGrid(12, 12);
    for (let a = 0; a < g.size; a += 7)
      for (let b = 0; b < g.size; b += 5) {
        if (a === b) continue;
        const [l, r] = g.linePaths(a, b);
        const n = g.distance(a, b);
        expect(l.length).toBe(n);
        expect(r.length).toBe(n);
        expect(l[n - 1]).toBe(b);
        expect(r[n - 1]).toBe(b);
        // consecutive hexes adjacent (or off the board on a spine at the edge)
        let prev = a;
        for (const h of l) {
          if (h >= 0 && prev >= 0) expect(g.distance(prev, h)).toBe(1);
          prev = h;
        }
      }
    // A straight column line has no hexspine: both sides equal.
    const [l, r] = g.linePaths(g.at(3, 1), g.at(3, 8));
    expect(l).toEqual(r);
    // Same row, two columns apart: the line runs along a hexspine, the two sides differ at the middle.
    const [l2, r2] = g.linePaths(g.at(2, 5), g.at(4, 5));
    expect(l2[0]).not.toBe(r2[0]);
    expect(new Set([l2[0], r2[0]])).toEqual(new Set([g.at(3, 4), g.at(3, 5)]));
  });

  it('rejects bad sizes', () => {
    expect(() => new HexGrid(0, 5)).toThrow(RangeError);
    expect(() => new HexGrid(2.5, 5)).toThrow(RangeError);
  });
});

describe('HexGrid layouts', () => {
  const layouts: Orientation[] = ['flat-odd', 'flat-even', 'pointy-odd', 'pointy-even'];

  it('every layout: neighbours are mutual in opposite directions, at distance 1, and cube coordinates round-trip', () => {
    for (const o of layouts) {
      const g = new HexGrid(7, 6, o);
      for (let h = 0; h < g.size; h++) {
        const c = g.cube(h);
        expect(g.fromCube(c.x, c.z)).toBe(h);
        let inside = 0;
        for (let d = 0; d < 6; d++) {
          const n = g.neighbour(h, d);
          if (n < 0) continue;
          inside++;
          expect(g.neighbour(n, (d + 3) % 6)).toBe(h);
          expect(g.distance(h, n)).toBe(1);
        }
        if (g.col(h) > 0 && g.row(h) > 0 && g.col(h) < g.width - 1 && g.row(h) < g.height - 1) expect(inside).toBe(6);
      }
    }
  });

  it('which lines are shifted: flat layouts shift columns down, pointy layouts rows right', () => {
    const at = (g: HexGrid, c: number, r: number) => g.at(c, r);
    const flatEven = new HexGrid(6, 6, 'flat-even');
    // Even column 2 is the lower one: its NE neighbour is in the same row of column 3.
    expect(flatEven.neighbour(at(flatEven, 2, 2), 1)).toBe(at(flatEven, 3, 2));
    const pointyOdd = new HexGrid(6, 6, 'pointy-odd');
    expect(pointyOdd.directionNames[1]).toBe('E');
    // Odd row 1 is shifted right: its NE neighbour is column + 1 of row 0; an even row's is the same column.
    expect(pointyOdd.neighbour(at(pointyOdd, 2, 1), 0)).toBe(at(pointyOdd, 3, 0));
    expect(pointyOdd.neighbour(at(pointyOdd, 2, 2), 0)).toBe(at(pointyOdd, 2, 1));
    const pointyEven = new HexGrid(6, 6, 'pointy-even');
    expect(pointyEven.neighbour(at(pointyEven, 2, 2), 0)).toBe(at(pointyEven, 3, 1));
    expect([0, 1, 2, 3].map((l) => pointyEven.shifted(l))).toEqual([true, false, true, false]);
  });

  it('rotate180 maps the first hex to the last and keeps distances in every layout', () => {
    for (const o of layouts) {
      const g = new HexGrid(7, 5, o);
      expect(g.rotate180(0)).toBe(g.size - 1);
      for (let a = 0; a < g.size; a++) {
        const ra = g.rotate180(a);
        if (ra < 0) continue;
        expect(g.rotate180(ra)).toBe(a);
        for (let b = 0; b < g.size; b++) {
          const rb = g.rotate180(b);
          if (rb >= 0) expect(g.distance(ra, rb)).toBe(g.distance(a, b));
        }
      }
    }
  });
});
