/**
 * Facing (src/hex/grid.ts): the hexside a line between two hex centres crosses, and the arc (front,
 * flanks, rear) a hex lies in for a unit facing a hexside (GMT Panzer 4.4.3.1.4, 4.4.3.2.4, 6.5.2.2;
 * SPG flanking by hexside).
 */
import { describe, expect, it } from 'vitest';
import { Arc, HexGrid, type Orientation } from '../../src/hex/grid.js';

const N = 0,
  NE = 1,
  SE = 2,
  S = 3,
  SW = 4,
  NW = 5;
const bit = (...ds: number[]) => ds.reduce((m, d) => m | (1 << d), 0);
const layouts: Orientation[] = ['flat-odd', 'flat-even', 'pointy-odd', 'pointy-even'];

/** The hex reached from h by the steps (directions) in turn. */
function walk(g: HexGrid, h: number, ...steps: number[]): number {
  for (const d of steps) h = g.neighbour(h, d);
  return h;
}

describe('sidesToward', () => {
  it('an adjacent hex is across the one hexside between them, in every layout; a hex with itself has none', () => {
    for (const o of layouts) {
      const g = new HexGrid(9, 9, o);
      const h = g.at(4, 4);
      for (let d = 0; d < 6; d++) expect(g.sidesToward(h, g.neighbour(h, d))).toBe(bit(d));
      expect(g.sidesToward(h, h)).toBe(0);
    }
  });

  it('a straight line of hexes in one direction leaves through that hexside at every distance', () => {
    const g = new HexGrid(15, 15);
    const h = g.at(7, 7);
    for (let d = 0; d < 6; d++)
      for (let k = 2; k <= 5; k++) {
        const far = walk(g, h, ...Array<number>(k).fill(d));
        expect(g.sidesToward(h, far)).toBe(bit(d));
      }
  });

  it('a line along a hexspine (N then NE) crosses the vertex between the two hexsides: both are offered', () => {
    const g = new HexGrid(15, 15);
    const h = g.at(7, 7);
    expect(g.sidesToward(h, walk(g, h, N, NE))).toBe(bit(N, NE));
    expect(g.sidesToward(h, walk(g, h, S, SW, S, SW))).toBe(bit(S, SW));
    // One step off the spine: a single side again.
    expect(g.sidesToward(h, walk(g, h, N, N, NE))).toBe(bit(N));
    expect(g.sidesToward(h, walk(g, h, NE, NE, N))).toBe(bit(NE));
  });

  it('seen from the other end, the line crosses the opposite hexside(s)', () => {
    const g = new HexGrid(11, 11);
    const opposite = (m: number) => ((m << 3) | (m >> 3)) & 63;
    for (let a = 0; a < g.size; a += 5)
      for (let b = 0; b < g.size; b += 3) {
        expect(g.sidesToward(b, a)).toBe(opposite(g.sidesToward(a, b)));
      }
  });
});

describe('arcs of a unit facing a hexside', () => {
  const g = new HexGrid(15, 15);
  const h = g.at(7, 7);

  it('GMT Panzer 6.5.2.2: facing N, a hex ahead is Front, behind Rear, to the sides front or rear flank, left or right', () => {
    expect(g.arcsOf(h, N, walk(g, h, N, N, N))).toBe(1 << Arc.Front);
    expect(g.arcsOf(h, N, walk(g, h, S, S))).toBe(1 << Arc.Rear);
    expect(g.arcsOf(h, N, walk(g, h, NE, NE))).toBe(1 << Arc.FrontFlank);
    expect(g.arcsOf(h, N, walk(g, h, NW))).toBe(1 << Arc.FrontFlank);
    expect(g.arcsOf(h, N, walk(g, h, SE, SE, SE))).toBe(1 << Arc.RearFlank);
    expect(g.arcsOf(h, N, walk(g, h, SW))).toBe(1 << Arc.RearFlank);
    expect(g.relativeSide(N, NE)).toBe(1); // right front
    expect(g.relativeSide(N, NW)).toBe(5); // left front
    expect(g.relativeSide(SE, N)).toBe(4); // facing SE, the N side is the left rear
  });

  it('GMT Panzer 4.4.3.2.4: a line along the spine between two arcs gives both (the owner picks)', () => {
    // Facing N: the spine between the N (front) and NE (front flank) hexsides.
    expect(g.arcsOf(h, N, walk(g, h, N, NE))).toBe((1 << Arc.Front) | (1 << Arc.FrontFlank));
    // Facing NE: the same line runs between its front flank (N) and front (NE).
    expect(g.arcsOf(h, NE, walk(g, h, N, NE))).toBe((1 << Arc.Front) | (1 << Arc.FrontFlank));
    // Facing S: between its rear (N) and rear flank (NE).
    expect(g.arcsOf(h, S, walk(g, h, N, NE))).toBe((1 << Arc.Rear) | (1 << Arc.RearFlank));
  });

  it('the arcs turn with the facing: every hex is in the same arc for a unit facing d from the hex rotated with it', () => {
    // Rotating the whole picture by one hexside: facing d+1 sees walk(d+1 ...) as facing d sees walk(d ...).
    for (let d = 0; d < 6; d++) {
      const steps = [0, 0, 1];
      const a = g.arcsOf(h, d, walk(g, h, ...steps.map((s) => (s + d) % 6)));
      expect(a).toBe(g.arcsOf(h, 0, walk(g, h, ...steps)));
    }
  });

  it('GMT Panzer 4.4.3.1.4: the front 60-degree cone holds the hexes ahead and those its edge bisects, not beside', () => {
    expect(g.inCone(h, N, walk(g, h, N, N, N, N))).toBe(true);
    expect(g.inCone(h, N, walk(g, h, N, NE))).toBe(true); // on the edge: bisected, counts
    expect(g.inCone(h, N, walk(g, h, N, N, NW))).toBe(true);
    expect(g.inCone(h, N, walk(g, h, NE, NE))).toBe(false);
    expect(g.inCone(h, N, walk(g, h, S))).toBe(false);
    // The rear cone (overscored ammo, 4.4.3.1.5) is the cone through the opposite hexside.
    expect(g.inCone(h, (N + 3) % 6, walk(g, h, S, S))).toBe(true);
    // Within 3 hexes: 1 at distance 1; at distance 2 the hex ahead and the two the edges bisect; 3 at distance 3.
    const inside = g.within(h, 3).filter((x) => x !== h && g.inCone(h, N, x));
    expect(inside.length).toBe(1 + 3 + 3);
  });
});
