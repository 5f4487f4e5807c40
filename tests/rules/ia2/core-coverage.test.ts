/** IA2 CORE rules not named by another test: the map, leaders, spotting and line of sight, each checked by the state it leaves. */
import { describe, expect, it } from 'vitest';
import { moraleCheck } from '../../../src/rules/ia2/combat.js';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { DISRUPTED, F_ACTIVE, F_SPENT, FACE, FLAGS, GOOD, HEX, MORALE, MP } from '../../../src/rules/ia2/state.js';
import { spots } from '../../../src/rules/ia2/units.js';
import { draftOf, edit, faces, ground, hex, loadedDice, shipped, tiny } from './helpers.js';
import { segmentOf, withField } from './movement-helpers.js';

describe('IA2 the map and the scenario', () => {
  it('IA2 2.2 / 2.21: hexes are named by their numbers, and a move goes from numbered hex to numbered hex', () => {
    const { sc, game, start } = ground();
    expect(sc.map.grid.label(hex(sc, '0612'))).toBe('0612');
    const s = edit(start, { 0: { hex: hex(sc, '0612') }, 6: { hex: hex(sc, '0612') }, 9: { hex: hex(sc, '0101') } });
    const a = game.apply(game.apply(segmentOf(s, 0), 'lead 6', loadedDice()), `move 0 ${hex(sc, '0611')}`, loadedDice());
    expect(sc.map.grid.label(a.u[0]![HEX]!)).toBe('0611');
  });

  it('IA2 2.22: a hex is its terrain: entering the woods hex costs the woods cost (2), a clear hex 1', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0507') }, 6: { hex: hex(sc, '0507') }, 9: { hex: hex(sc, '1201') } });
    let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    a = game.apply(a, `move 0 ${hex(sc, '0506')}`, loadedDice());
    expect(a.u[0]![MP]).toBe(1);
    a = game.apply(a, `move 0 ${hex(sc, '0505')}`, loadedDice());
    expect(a.u[0]![MP]).toBe(3);
  });

  it('IA2 2.3: a scenario sets up its forces where it lists them and scores its victory conditions', () => {
    const { sc, start } = ground();
    expect(start.u[0]![HEX]).toBe(hex(sc, '0112'));
    expect(start.u[16]![HEX]).toBe(hex(sc, '0901'));
    expect(start.turn).toBe(1);
    const tinySc = loadIa2Scenario(shipped('ia2-tiny'));
    expect(tinySc.sides.length).toBe(2);
    expect(tinySc.units.length).toBeGreaterThan(0);
  });
});

describe('IA2 leaders', () => {
  it('IA2 5.51 / 6.1: an infantry leader activates the infantry in his hex and not the cavalry; a cavalry leader the reverse', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0610');
    const s = edit(start, { 0: { hex: h }, 4: { hex: h }, 6: { hex: h }, 8: { hex: h }, 9: { hex: hex(sc, '0101') } });
    const inf = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    expect(inf.u[0]![FLAGS]! & F_ACTIVE).toBeTruthy();
    expect(inf.u[4]![FLAGS]! & F_ACTIVE).toBe(0);
    const cav = game.apply(segmentOf(s, 0), 'lead 8', loadedDice());
    expect(cav.u[4]![FLAGS]! & F_ACTIVE).toBeTruthy();
    expect(cav.u[0]![FLAGS]! & F_ACTIVE).toBe(0);
  });

  it('IA2 6.0 / 6.3: a leader with a Moved/Fired marker still helps a morale check but can activate nobody', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0610') }, 6: { hex: hex(sc, '0609'), flags: F_SPENT }, 9: { hex: hex(sc, '0101') } });
    expect(game.legalActions(segmentOf(s, 0))).not.toContain('lead 6');
    // Morale 8 plus Major Kluck's bonus 1: a roll of 9 passes.
    const d = draftOf(sc, s, loadedDice(...faces(9)));
    expect(moraleCheck(d, 0, 0)).toBe(true);
    expect(d.get(0, MORALE)).toBe(GOOD);
  });

  it('IA2 6.61: a good-order leader helps checks of his type in his hex and adjacent ones, not two hexes off, not the other type', () => {
    const { sc, start } = ground();
    const check = (leaderHex: string, unit: number): boolean => {
      const s = edit(start, { [unit]: { hex: hex(sc, '0610') }, 6: { hex: hex(sc, leaderHex) } });
      const d = draftOf(sc, s, loadedDice(...faces(9)));
      return moraleCheck(d, unit, 0);
    };
    expect(check('0609', 0)).toBe(true);
    expect(check('0608', 0)).toBe(false);
    expect(check('0610', 4)).toBe(false);
  });

  it('IA2 6.65: a leader helps only lower-ranked leaders of his type, never himself', () => {
    const { sc, start } = ground();
    // Major Kluck (rank 3, morale 9) and Hauptmann Lenz (rank 2, morale 8, bonus 1) side by side.
    const s = withField(edit(start, { 6: { hex: hex(sc, '0610') }, 7: { hex: hex(sc, '0609') } }), FACE, { 7: 1 });
    const lower = draftOf(sc, s, loadedDice(...faces(9)));
    expect(moraleCheck(lower, 7, 0)).toBe(true);
    const higher = draftOf(sc, s, loadedDice(...faces(10)));
    expect(moraleCheck(higher, 6, 0)).toBe(false);
    const alone = draftOf(sc, edit(start, { 6: { hex: hex(sc, '0610') } }), loadedDice(...faces(10)));
    expect(moraleCheck(alone, 6, 0)).toBe(false);
  });

  it('IA2 6.62 / 6.66 / 13.4: recovery takes the activation; a leader adds his bonus to it and is pinned', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0610');
    const s = edit(start, { 0: { hex: h, morale: DISRUPTED }, 6: { hex: h }, 9: { hex: hex(sc, '0101') } });
    const led = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    expect(game.legalActions(led)).toContain('recover 0 6');
    // 8 against morale 8 fails alone; with Major Kluck's bonus 1 it is below 9.
    const helped = game.apply(led, 'recover 0 6', loadedDice(...faces(8)));
    expect(helped.u[0]![MORALE]).toBe(GOOD);
    expect(helped.u[0]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(helped.u[6]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(game.legalActions(helped).some((a) => a.startsWith('move 6 '))).toBe(false);
    const alone = game.apply(led, 'recover 0', loadedDice(...faces(8)));
    expect(alone.u[0]![MORALE]).toBe(DISRUPTED);
    expect(alone.u[0]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(alone.u[6]![FLAGS]! & F_SPENT).toBe(0);
  });
});

describe('IA2 spotting and line of sight', () => {
  it('IA2 7.0 / 7.1: by day a unit in the open is spotted within 12 hexes and not at 13', () => {
    const { sc, start } = ground();
    const grid = sc.map.grid;
    const from = hex(sc, '0101');
    let at12 = -1;
    let at13 = -1;
    for (let h = 0; h < sc.map.terrain.length; h++) {
      if (!sc.terrain[sc.map.terrain[h]!]!.clear || !sc.map.hasLos(from, h)) continue;
      if (grid.distance(from, h) === 12 && at12 < 0) at12 = h;
      if (grid.distance(from, h) === 13 && at13 < 0) at13 = h;
    }
    expect(at12).toBeGreaterThanOrEqual(0);
    expect(at13).toBeGreaterThanOrEqual(0);
    expect(spots(draftOf(sc, edit(start, { 9: { hex: from }, 0: { hex: at12 } })), 1, 0)).toBe(true);
    expect(spots(draftOf(sc, edit(start, { 9: { hex: from }, 0: { hex: at13 } })), 1, 0)).toBe(false);
  });

  it('IA2 7.2 / 7.5 / 7.51: a woods hex between two units blocks their line of sight; clear hexes do not', () => {
    const { sc, start } = ground();
    // 0504 and 0506 look at each other through the woods of 0505; 0604 and 0606 through clear 0605.
    expect(spots(draftOf(sc, edit(start, { 9: { hex: hex(sc, '0504') }, 0: { hex: hex(sc, '0506') } })), 1, 0)).toBe(false);
    expect(spots(draftOf(sc, edit(start, { 9: { hex: hex(sc, '0604') }, 0: { hex: hex(sc, '0606') } })), 1, 0)).toBe(true);
  });

  it('IA2 7.53: flat limiting terrain (fields) between two hexes leaves the line of sight open', () => {
    const { sc } = tiny();
    const grid = sc.map.grid;
    const open = (h: number): boolean => h >= 0 && !!sc.terrain[sc.map.terrain[h]!]!.clear;
    let pairs = 0;
    for (let f = 0; f < sc.map.terrain.length; f++) {
      if (sc.terrain[sc.map.terrain[f]!]!.blocksLos !== false || !sc.terrain[sc.map.terrain[f]!]!.limiting) continue;
      for (let k = 0; k < 3; k++) {
        const a = grid.neighbour(f, k);
        const b = grid.neighbour(f, k + 3);
        if (!open(a) || !open(b)) continue;
        expect(sc.map.hasLos(a, b)).toBe(true);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(0);
  });

  it('IA2 7.56: a line along a hexspine passes when either hex beside it is open; woods on both sides (town and woods) block it', () => {
    const { sc } = ground();
    const grid = sc.map.grid;
    const town = hex(sc, '0202');
    const woods = hex(sc, '0302');
    const lone = hex(sc, '0505');
    let besideLone = 0;
    let between = 0;
    for (let a = 0; a < sc.map.terrain.length; a++) {
      for (let b = 0; b < sc.map.terrain.length; b++) {
        if (a === b || !sc.terrain[sc.map.terrain[a]!]!.clear || !sc.terrain[sc.map.terrain[b]!]!.clear) continue;
        const [left, right] = grid.linePaths(a, b);
        const l = left.slice(0, -1);
        const r = right.slice(0, -1);
        const onlyLeft = (h: number): boolean => l.includes(h) && !r.includes(h);
        const onlyRight = (h: number): boolean => r.includes(h) && !l.includes(h);
        const others = [...l, ...r].filter((h) => h !== town && h !== woods && h !== lone);
        if (!others.every((h) => h >= 0 && sc.terrain[sc.map.terrain[h]!]!.clear)) continue;
        if ((onlyLeft(lone) || onlyRight(lone)) && !l.includes(town) && !r.includes(town) && !l.includes(woods) && !r.includes(woods)) {
          expect(sc.map.hasLos(a, b)).toBe(true);
          besideLone++;
        }
        if ((onlyLeft(town) && onlyRight(woods)) || (onlyLeft(woods) && onlyRight(town))) {
          expect(sc.map.hasLos(a, b)).toBe(false);
          between++;
        }
      }
    }
    expect(besideLone).toBeGreaterThan(0);
    expect(between).toBeGreaterThan(0);
  });

  it('IA2 7.54: units never block line of sight: a full stack between spotter and target changes nothing', () => {
    const { sc, start } = ground();
    const mid = hex(sc, '0607');
    const open = edit(start, { 9: { hex: hex(sc, '0605') }, 0: { hex: hex(sc, '0609') } });
    const stacked = edit(start, {
      9: { hex: hex(sc, '0605') },
      0: { hex: hex(sc, '0609') },
      1: { hex: mid },
      2: { hex: mid },
      10: { hex: mid },
    });
    expect(spots(draftOf(sc, open), 1, 0)).toBe(true);
    expect(spots(draftOf(sc, stacked), 1, 0)).toBe(true);
  });

  it('IA2 7.55: line of sight is reciprocal, concealment is not: the unit in the woods sees the one in the open that cannot see it', () => {
    const { sc, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0505') }, 9: { hex: hex(sc, '0509') } });
    expect(sc.map.hasLos(hex(sc, '0505'), hex(sc, '0509'))).toBe(sc.map.hasLos(hex(sc, '0509'), hex(sc, '0505')));
    expect(spots(draftOf(sc, s), 0, 9)).toBe(true);
    expect(spots(draftOf(sc, s), 1, 0)).toBe(false);
  });
});

describe('IA2 unit actions', () => {
  it('IA2 3.13: an activated unit takes one action and is then Moved/Fired: after its move it is offered nothing more, the others of the stack still act', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0610');
    const s = edit(start, { 0: { hex: h }, 1: { hex: h }, 6: { hex: h }, 9: { hex: hex(sc, '0101') } });
    let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    a = game.apply(a, `move 0 ${hex(sc, '0609')}`, loadedDice());
    a = game.apply(a, 'stop 0', loadedDice());
    expect(a.u[0]![FLAGS]! & F_SPENT).toBeTruthy();
    const legal = game.legalActions(a);
    expect(legal.some((x) => x.split(' ')[1] === '0' && x !== 'pass')).toBe(false);
    expect(legal.some((x) => x.split(' ')[1] === '1')).toBe(true);
  });
});
