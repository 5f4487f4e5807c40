/** The blind-zone line-of-sight rule of src/hex/blindzone.ts (GMT Panzer 4.1.4.2 and its worked cases). */
import { describe, expect, it } from 'vitest';
import { BlindZoneLos, blindZoneLength, obstacleVerdict } from '../../src/hex/blindzone.js';
import { GameMap } from '../../src/hex/map.js';

const TERRAIN = ['clear', 'woods', 'gully'];
const rule = new BlindZoneLos([{ height: 0 }, { height: 3 }, { height: -1 }]);

/** A one-row-wide corridor map: terrain letters (. w g) and elevation digits along row 0 of a 12x1 board. */
function corridor(terrain: string, elevation: string): GameMap {
  const width = terrain.length;
  const t = new Uint8Array(width * 3);
  const e = new Int8Array(width * 3);
  for (let c = 0; c < width; c++)
    for (let r = 0; r < 3; r++) {
      t[r * width + c] = '.wg'.indexOf(terrain[c]!);
      e[r * width + c] = Number(elevation[c]);
    }
  return new GameMap({
    width,
    height: 3,
    orientation: 'pointy-odd',
    terrainIds: TERRAIN,
    terrain: t,
    elevation: e,
    hexsides: new Uint8Array(width * 18),
    los: rule,
  });
}

describe('obstacle verdicts (GMT Panzer 4.1.4.2.1-4.1.4.2.3, digest 6 #12)', () => {
  it('higher than both blocks; equal to one and above the other blocks; at or below both is clear; between leaves a blind zone', () => {
    expect(obstacleVerdict(0, 0, 3)).toBe('blocked');
    expect(obstacleVerdict(3, 0, 3)).toBe('blocked');
    expect(obstacleVerdict(3, 3, 3)).toBe('clear');
    expect(obstacleVerdict(4, 2, 1)).toBe('clear');
    expect(obstacleVerdict(4, 0, 3)).toBe('blind-zone');
  });
});

describe('blind zone length (4.1.4.2.4, 4.1.4.2.4.1; digest 6 #8-#11)', () => {
  it('delta 1 at distance 6: 3 hexes; delta 2 at distance 3: 0 rounds up to the minimum 1', () => {
    expect(blindZoneLength(1, 6, 0)).toBe(3);
    expect(blindZoneLength(2, 3, 0)).toBe(1);
  });
  it('a lower unit at height 1 adds 1 to the divisor (delta 1, distance 9: 9/3 = 3)', () => {
    expect(blindZoneLength(1, 9, 1)).toBe(3);
  });
  it('a lower unit at -1 takes 1 from the divisor, never under 2 (delta 2: 4 -> 3; delta 1 keeps 2)', () => {
    expect(blindZoneLength(2, 9, -1)).toBe(3);
    expect(blindZoneLength(1, 9, -1)).toBe(4);
  });
  it('an obstacle 4 or more levels below the higher unit casts a 1-hex zone', () => {
    expect(blindZoneLength(4, 30, 0)).toBe(1);
  });
});

describe('BlindZoneLos on a map', () => {
  it('woods between two units on level ground block; a unit on a hill sees over them beyond the blind zone', () => {
    const flat = corridor('...w........', '000000000000');
    expect(flat.hasLos(flat.grid.at(0, 1), flat.grid.at(8, 1))).toBe(false);
    // Spotter on level 4, woods top 3 (delta 1), 3 hexes away: zone floor(3/2) = 1 hex behind the woods.
    const hill = corridor('...w........', '400000000000');
    const spotter = hill.grid.at(0, 1);
    expect(hill.hasLos(spotter, hill.grid.at(4, 1))).toBe(false);
    expect(hill.hasLos(spotter, hill.grid.at(5, 1))).toBe(true);
    // Symmetric: the lower unit sees the higher one exactly when it is seen.
    expect(hill.hasLos(hill.grid.at(4, 1), spotter)).toBe(false);
    expect(hill.hasLos(hill.grid.at(5, 1), spotter)).toBe(true);
  });
  it('GMT Panzer 4.1.4.2.5: a unit always sees 1 hex into or out of woods, not 2', () => {
    const m = corridor('..ww........', '000000000000');
    expect(m.hasLos(m.grid.at(1, 1), m.grid.at(2, 1))).toBe(true);
    expect(m.hasLos(m.grid.at(1, 1), m.grid.at(3, 1))).toBe(false);
  });
  it('a gully lowers the unit in it to -1 and never blocks a line across it', () => {
    const m = corridor('....g.......', '000000000000');
    expect(rule.unitHeight(m, m.grid.at(4, 1))).toBe(-1);
    expect(m.hasLos(m.grid.at(1, 1), m.grid.at(8, 1))).toBe(true);
  });
  it('bare ground above both ends blocks; a continuous slope down from a hill does not', () => {
    const ridge = corridor('............', '000020000000');
    expect(ridge.hasLos(ridge.grid.at(1, 1), ridge.grid.at(8, 1))).toBe(false);
    const slope = corridor('............', '321000000000');
    expect(slope.hasLos(slope.grid.at(0, 1), slope.grid.at(8, 1))).toBe(true);
  });
});
