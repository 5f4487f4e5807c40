/**
 * The worked examples of the PL text (digest section 7, T1..): odds columns and modifiers, which the text
 * states; CRT results are the designed chart's (the text has no CRT).
 */
import { describe, expect, it } from 'vitest';
import { assaultOdds, canOrder, directFireOdds, overrunOdds, startSegment } from '../../../src/rules/pl/actions.js';
import { columnName, halfRange, oddsColumn, stackFactor, weaponFactor } from '../../../src/rules/pl/combat.js';
import { loadPlScenario } from '../../../src/rules/pl/scenario.js';
import { F_DISPERSED, FLAGS, HEX } from '../../../src/rules/pl/state.js';
import { custom, draftOf, hex, loadedDice, open, scenarioFile } from './helpers.js';

const sc = loadPlScenario(scenarioFile('pl-tiny'));
const counter = (id: string) => sc.counters.units[id]!;
const col = (a: number, d: number): string => columnName(sc, oddsColumn(sc, a, d));

describe('PL worked examples (digest section 7)', () => {
  it('PL VII.A: 11 to 3 rounds down to 3-1 (T1)', () => {
    expect(col(11, 3)).toBe('3-1');
  });

  it('PL VII.F.2.a: half of range 9 is 4, half of AS 13 is 6 1/2 (T2, T3)', () => {
    expect(halfRange(9)).toBe(4);
    expect(13 * weaponFactor(counter('us-m4-75'), false, 3, true)).toBe(6.5);
  });

  it('PL VII.C.10: 80 AS of IF on an engineer, a rifle and an 81 mm: AS / 3 each at 2-1, 3-1 and 4-1, three rolls (T4, ruling PL-R07)', () => {
    expect(col(80 / 3, 10)).toBe('2-1');
    expect(col(80 / 3, 8)).toBe('3-1');
    expect(col(80 / 3, 3)).toBe('4-1');
    // Executed: two 105 mm howitzers (40 each, (H) against non-armoured: full) on the German stack.
    const t = custom({
      terrain: open(16, 3),
      allied: [
        { counter: 'us-105mm', hex: '0102', count: 2 },
        { counter: 'us-rifle', hex: '0802' },
      ],
      german: [
        { counter: 'ger-engineer', hex: '1202' },
        { counter: 'ger-rifle', hex: '1202' },
        { counter: 'ger-81mm', hex: '1202' },
      ],
    });
    const d = draftOf(t.sc, { ...t.start, orders: [{ side: 0, turn: 0, hex: hex(t.sc, '1202'), units: [0, 1] }] }, loadedDice(3, 3, 3));
    startSegment(d);
    const s = d.seal();
    // Roll 3: 2-1 D, 3-1 D, 4-1 X.
    expect(s.u[3]![FLAGS]! & F_DISPERSED).toBe(F_DISPERSED);
    expect(s.u[4]![FLAGS]! & F_DISPERSED).toBe(F_DISPERSED);
    expect(s.u[5]![HEX]).toBeLessThan(0);
  });

  it('PL XVII: two 120 mm mortars (30) on three Allied rifle platoons (DS 6): 10 each, three 1-1 attacks (T5)', () => {
    const each = (2 * counter('ger-120mm').attack * stackFactor(sc, counter('ger-120mm'), [0, 1], hex(sc, '0101'), 10, false)) / 3;
    expect(each).toBe(10);
    expect(col(each, counter('us-rifle').defense)).toBe('1-1');
  });

  it('PL XVII: Hetzer (12 A 8) at 4 hexes on an M4/75: 24 to 9, 2-1; a StuG-III at 7: 12 to 9, 1-1 (T6, T7)', () => {
    const t = custom({
      terrain: open(12, 3),
      allied: [{ counter: 'us-m4-75', hex: '0902' }],
      german: [
        { counter: 'ger-hetzer', hex: '0502' },
        { counter: 'ger-stug3', hex: '0202' },
      ],
    });
    const d = draftOf(t.sc, { ...t.start, side: 1 });
    const a = directFireOdds(d, [1], 0);
    expect([a.attack, a.defense, columnName(t.sc, a.col)]).toEqual([24, 9, '2-1']);
    const b = directFireOdds(d, [2], 0);
    expect([b.attack, columnName(t.sc, b.col)]).toEqual([12, '1-1']);
  });

  it('PL XVII: a 20 mm Quad at 6 hexes and a 20 mm at 7 on an M4/75: the Quad whole, the 20 mm halved, 16 to 9, 1-1 (T8)', () => {
    const t = custom({
      terrain: open(12, 3),
      allied: [{ counter: 'us-m4-75', hex: '0802' }],
      german: [
        { counter: 'ger-20mm-quad', hex: '0202' },
        { counter: 'ger-20mm', hex: '0102' },
      ],
    });
    const o = directFireOdds(draftOf(t.sc, { ...t.start, side: 1 }), [1, 2], 0);
    expect([o.attack, columnName(t.sc, o.col)]).toEqual([16, '1-1']);
  });

  it('PL VII.F.2.f / XVII: Gw 38(M) (10 H 12) on an M4/75 at 6 hexes 10 to 9, 1-1; at 7 halved, 5 to 9, below 1-1 (T15); PL VII.F.2.f: M always halved against armour (T16)', () => {
    const gw = counter('ger-gw38');
    expect(10 * weaponFactor(gw, true, 6, true)).toBe(10);
    expect(10 * weaponFactor(gw, true, 7, true)).toBe(5);
    expect(col(10, 9)).toBe('1-1');
    expect(oddsColumn(sc, 5, 9)).toBeLessThan(oddsColumn(sc, 9, 9));
    expect(weaponFactor(counter('ger-81mm'), true, 1, true)).toBe(0.5);
    expect(weaponFactor(counter('ger-81mm'), true, 10, false)).toBe(0.5);
  });

  it('PL VII.E.7: an I unit may not fire at armour; it may close assault it (T17)', () => {
    expect(weaponFactor(counter('us-rifle'), true, 1, true)).toBe(0);
    const t = custom({
      terrain: open(6, 3),
      allied: [{ counter: 'us-rifle', hex: '0302' }],
      german: [{ counter: 'ger-pz4', hex: '0402' }],
    });
    const o = assaultOdds(draftOf(t.sc, t.start), hex(t.sc, '0402'), [0]);
    expect(o.attack).toBe(6);
  });

  it('PL VII.F.2.b: a mixed stack is the predominant type; a tie counts as the type least favourable to the attacker (T18, T19)', () => {
    const t = custom({
      terrain: open(6, 3),
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [
        { counter: 'ger-pz4', hex: '0402' },
        { counter: 'ger-pz4', hex: '0402' },
        { counter: 'ger-rifle', hex: '0402' },
      ],
    });
    const h = hex(t.sc, '0402');
    const a = counter('us-m4-75');
    expect(stackFactor(t.sc, a, [1, 2, 3], h, 2, true)).toBe(2); // 2 armoured + 1: armoured, A at half range doubled
    expect(stackFactor(t.sc, a, [1, 3], h, 2, true)).toBe(0.5); // tie: non-armoured for an A weapon (halved)
    const how = counter('us-m4-105');
    expect(stackFactor(t.sc, how, [1, 3], h, 8, true)).toBe(0.5); // tie: armoured for an H weapon beyond 6
  });

  it('PL VII.H.1 / VII.H.2: DF at a hilltop defender is halved unless from a hilltop; at a slope defender unless adjacent from the slope (T22, T23)', () => {
    const t = custom({
      terrain: ['........', '..h..h..', '........', '..s.....'],
      allied: [
        { counter: 'us-m4-75', hex: '0302' },
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-m4-75', hex: '0304' },
      ],
      german: [
        { counter: 'ger-pz4', hex: '0602' },
        { counter: 'ger-pz4', hex: '0404' },
      ],
    });
    const d = draftOf(t.sc, t.start);
    // Hilltop (0302) to hilltop (0602), 3 hexes: 11 doubled (A at half range or less), not halved.
    expect(directFireOdds(d, [0], 3).attack).toBe(22);
    // From the ground (0102), 5 hexes: 11, halved.
    expect(directFireOdds(d, [1], 3).attack).toBe(5.5);
    // Slope (0304) adjacent to the slope defender (0404): not halved.
    expect(directFireOdds(d, [2], 4).attack).toBe(22);
  });

  it('PL VII.D.4 / VII.E.4: an overrun at 3-1 is resolved at 4-1, a roll of 3 read as 1 (T10); PL VII.E.4: a close assault roll of 2 read as 0 (T11)', () => {
    const t = custom({
      terrain: open(8, 3),
      allied: [
        { counter: 'us-m4-76', hex: '0202' },
        { counter: 'us-rifle', hex: '0302' },
      ],
      german: [{ counter: 'ger-halftrack', hex: '0402' }],
    });
    const d = draftOf(t.sc, t.start);
    const o = overrunOdds(d, 0, hex(t.sc, '0402'));
    expect(columnName(t.sc, oddsColumn(t.sc, 14, 5))).toBe('2-1');
    expect([columnName(t.sc, o.col), 3 + o.drm]).toEqual(['3-1', 1]);
    expect(columnName(t.sc, oddsColumn(t.sc, 15, 5) + 1)).toBe('4-1');
    expect(2 + assaultOdds(d, hex(t.sc, '0402'), [1]).drm).toBe(0);
  });

  it('PL VII.C.12: a 25 pdr (range 35) may not fire IF at 8 hexes, may at 9 (T12); a Hummel (range 24) not at 6 (T13)', () => {
    const t = custom({
      terrain: open(20, 3),
      allied: [
        { counter: 'uk-25pdr', hex: '0102' },
        { counter: 'us-rifle', hex: '0602' },
      ],
      german: [
        { counter: 'ger-hummel', hex: '1102' },
        { counter: 'ger-rifle', hex: '0902' },
        { counter: 'ger-rifle', hex: '1002' },
      ],
    });
    const d = draftOf(t.sc, t.start);
    expect(canOrder(d, 0, hex(t.sc, '0902'))).toBe(false);
    expect(canOrder(d, 0, hex(t.sc, '1002'))).toBe(true);
    const g = draftOf(t.sc, { ...t.start, side: 1 });
    expect(canOrder(g, 2, hex(t.sc, '0502'))).toBe(false);
    expect(canOrder(g, 2, hex(t.sc, '0402'))).toBe(true);
  });

  it('PL VII.J.8 / VII.J.7: adjacent hexes always see each other (T25); PL VII.J.7: ground to hilltop across two orange sides is blocked, hilltop to hilltop is not (T26)', () => {
    const t = custom({
      terrain: ['..........', '.t.h.hh...', '..........'],
      allied: [{ counter: 'us-rifle', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '1002' }],
    });
    const m = t.sc.map;
    const H = (l: string) => hex(t.sc, l);
    expect(m.hasLos(H('0102'), H('0202'))).toBe(true);
    // Ground (0102) to hilltop 0702 crosses the lone hilltop 0402's two orange sides.
    expect(m.hasLos(H('0102'), H('0702'))).toBe(false);
    expect(m.hasLos(H('0402'), H('0702'))).toBe(true);
  });
});
