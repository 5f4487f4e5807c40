/**
 * Panzer Leader fortifications with the enemy on top of them (IX.C.10.a-c) and fire at an empty fortification
 * (IX.C.8), each test named by its rule id.
 */
import { describe, expect, it } from 'vitest';
import { assaulters, assaultOdds, canDirectFire, directFireOdds, isLegal, startSegment } from '../../../src/rules/pl/actions.js';
import { reachable } from '../../../src/rules/pl/movement.js';
import {
  ELIMINATED,
  F_DISPERSED,
  F_IN_FORT,
  PH_ASSAULT,
  PH_COMBAT,
  PH_MOVE_OTHERS,
  PH_MOVE_VEHICLES,
} from '../../../src/rules/pl/state.js';
import { at, custom, draftOf, edit, flagOf, hex, loadedDice, open, play, townFortWithEnemyOnTop } from './helpers.js';

/** A German fort at 0602 with a rifle platoon inside; vehicles kept to the middle row by woods. */
const held = (terrain: string[] = ['wwwwwwwwww', '..........', 'wwwwwwwwww'], fortHex = '0602') =>
  custom({
    terrain,
    forts: [[], [fortHex]],
    objectives: [{ hex: fortHex, vp: 2, heldBy: 'german' }],
    allied: [
      { counter: 'us-m4-76', hex: '0402' },
      { counter: 'us-rifle', hex: '0502' },
    ],
    german: [
      { counter: 'ger-rifle', hex: fortHex },
      { counter: 'ger-pz4', hex: '0902' },
    ],
  });

describe('PL fortifications: the enemy on top (IX.C.10)', () => {
  it('PL IX.C.1 / IX.C.10.a: an enemy unit may move on top of an occupied fort, outside it, and must stop there; the hex stays with its holder', () => {
    const { sc, game, start } = held();
    const fort = hex(sc, '0602');
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const reach = reachable(draftOf(sc, s), 0);
    expect(reach.has(fort)).toBe(true);
    // The only way on along the row is through the fort hex: the tank may go no further.
    expect(reach.has(hex(sc, '0702'))).toBe(false);
    const on = play(game, s, [`move 0 ${fort}`]);
    expect(at(on, 0)).toBe(fort);
    expect(flagOf(on, 0) & F_IN_FORT).toBe(0);
    expect(flagOf(on, 2) & F_IN_FORT).toBe(F_IN_FORT);
    // XIV.B.7, ruling PL-R54: both sides stand in the hex, so it stays German.
    expect(on.control).toEqual([1]);
    // Next turn it may move off normally.
    const later = edit(on, { 0: { flags: 0 } }, { phase: PH_MOVE_VEHICLES, turn: 2 });
    expect(reachable(draftOf(sc, later), 0).has(hex(sc, '0802'))).toBe(true);
  });

  it('PL IX.C.10.b: no enemy unit may enter a fort hex while units of the fort side stand on top of it', () => {
    const { sc, start } = custom({
      terrain: open(10, 3),
      forts: [[], ['0602']],
      allied: [{ counter: 'us-rifle', hex: '0502' }],
      german: [{ counter: 'ger-rifle', hex: '0602', count: 5 }],
    });
    // Four inside, the fifth outside, on top.
    expect([1, 2, 3, 4, 5].map((i) => flagOf(start, i) & F_IN_FORT)).toEqual([F_IN_FORT, F_IN_FORT, F_IN_FORT, F_IN_FORT, 0]);
    const s = { ...start, phase: PH_MOVE_OTHERS };
    expect(reachable(draftOf(sc, s), 0).has(hex(sc, '0602'))).toBe(false);
    // With the fifth gone, the rifle platoon may climb on top.
    const gone = edit(s, { 5: { hex: ELIMINATED } });
    expect(reachable(draftOf(sc, gone), 0).has(hex(sc, '0602'))).toBe(true);
  });

  it('PL IX.C.10.c: with the enemy on top, the units inside may not leave nor close assault, no friend may enter, and the two sides fire at each other as if adjacent', () => {
    const { sc, game, start } = held(open(10, 3));
    const fort = hex(sc, '0602');
    // The US rifle platoon sits on top; a second one stands next to the fort at 0702.
    const s = edit(start, { 1: { hex: fort }, 0: { hex: hex(sc, '0702') } }, { side: 1, phase: PH_MOVE_OTHERS });
    expect(game.legalActions(s).some((a) => a.startsWith('move 2 '))).toBe(false);
    expect(reachable(draftOf(sc, { ...s, phase: PH_MOVE_VEHICLES }), 3).has(fort)).toBe(false);
    // The rifle inside fires at the unit on top as if adjacent: 8 (I) against 6, 1-1.
    const fire = { ...s, phase: PH_COMBAT };
    expect(canDirectFire(draftOf(sc, fire), 2, 1)).toBe(true);
    const o = directFireOdds(draftOf(sc, fire), [2], 1);
    expect([o.attack, o.defense, o.col]).toEqual([8, 6, 1]);
    const hit = play(game, fire, ['fire 2 1', 'resolve'], loadedDice(1));
    expect(flagOf(hit, 1) & F_DISPERSED).toBe(F_DISPERSED);
    expect(hit.events.filter((e) => e.startsWith('the same fire'))).toEqual([]); // fire from inside hits the unit on top alone
    // No close assault from inside the fort while the enemy is on top.
    expect(assaulters(draftOf(sc, { ...s, phase: PH_ASSAULT }), hex(sc, '0702'))).toEqual([]);
    // The US rifle platoon on top close-assaults the fort as if adjacent, against the fort's DS alone.
    const allied = edit(start, { 1: { hex: fort } }, { phase: PH_ASSAULT });
    const d = draftOf(sc, allied);
    expect(assaulters(d, fort)).toEqual([1]);
    expect(assaultOdds(d, fort, [1]).defense).toBe(sc.charts.fortDefense.value);
  });

  it('PL IX.C.10.a: fire into a town hex or a close assault at the enemy on top of a fort is two attacks: one at the enemy, one at the fort', () => {
    const { sc, game, s } = townFortWithEnemyOnTop();
    const fort = hex(sc, '0602');
    // Two Pz IVs two hexes off: 22 + 22 at the rifle platoon (armoured in a town), 4-1, roll 1: X;
    // the same 44 at the fort's 40, 1-1, roll 1: D, and the rifle inside is dispersed.
    const shot = play(game, s, ['fire 2 0', 'fire 3 0', 'resolve'], loadedDice(1, 1));
    expect(at(shot, 0)).toBe(ELIMINATED);
    expect(shot.events.some((e) => e.startsWith('the same fire at the fortification beneath: 44:40 1-1, roll 1: D'))).toBe(true);
    expect(flagOf(shot, 1) & F_DISPERSED).toBe(F_DISPERSED);
    // Close assault by three rifle platoons next door: 24 against 6 at 4-1, and against the fort's 40 at 1-2.
    const cat = { ...s, phase: PH_ASSAULT };
    const assaulted = play(game, cat, [`cat ${fort}`], loadedDice(6, 1));
    // (The play runs on to the German's next segment, so the dispersals are read from the record.)
    expect(at(assaulted, 0)).toBe(fort);
    expect(assaulted.events.slice(0, 4)).toEqual([
      'close assault on 0602 by german-ger-rifle-2, german-ger-rifle-3, german-ger-rifle-4: 24:6 4-1, roll 6-2: D',
      'allied-us-rifle-1 is dispersed',
      'the same assault at the fortification beneath: 24:40 1-2, roll 1-2: D',
      'german-ger-rifle-1 is dispersed',
    ]);
  });

  it('PL IX.C.10.a: indirect fire at a fort hex with the enemy on top treats the fort as one more counter of the stack', () => {
    const { sc, start } = custom({
      terrain: open(14, 3),
      forts: [[], ['1202']],
      allied: [{ counter: 'us-rifle', hex: '1201' }],
      german: [
        { counter: 'ger-rifle', hex: '1202' },
        { counter: 'ger-105mm-how', hex: '0102' },
      ],
    });
    const fort = hex(sc, '1202');
    const s = edit(start, { 0: { hex: fort } }, { side: 1 });
    const d = draftOf(sc, { ...s, orders: [{ side: 1, turn: 0, hex: fort, units: [2] }] }, loadedDice(1, 1));
    startSegment(d);
    const after = d.seal();
    // 40 (H), a tie of one armoured counter (the fort) and one soft: halved, 20, split two ways: 10 each.
    expect(after.events.filter((e) => e.startsWith('indirect fire at'))).toEqual([
      'indirect fire at allied-us-rifle-1 in 1202: 10:6 1-1, roll 1: D',
      'indirect fire at the fortification in 1202: 10:40 below the lowest column, roll 1: -',
    ]);
    expect(flagOf(after, 0) & F_DISPERSED).toBe(F_DISPERSED);
  });
});

describe('PL fortifications: fire at an empty fort (IX.C.8)', () => {
  const empty = () =>
    custom({
      terrain: open(16, 3),
      forts: [[], ['0602']],
      allied: [{ counter: 'us-m4-76', hex: '0402', count: 3 }],
      german: [
        { counter: 'ger-rifle', hex: '1301' },
        { counter: 'ger-105mm-how', hex: '1602', count: 4 },
      ],
    });

  it('PL IX.C.1 / IX.C.8: an empty fort is destroyed only by fire: an X leaves a wreck, anything else leaves it standing; the agents do not start such fire', () => {
    const { sc, game, start } = empty();
    const fort = hex(sc, '0602');
    expect(game.legalActions(start).some((a) => a.startsWith('shell '))).toBe(false);
    expect(isLegal(sc, start, `shell 0 ${fort}`)).toBe(true);
    const firing = play(game, start, [`shell 0 ${fort}`]);
    // Once begun, the other tanks may join it from the agents' list.
    expect(game.legalActions(firing)).toEqual(expect.arrayContaining([`shell 1 ${fort}`, `shell 2 ${fort}`, 'resolve']));
    // Three M4/76 at two hexes, A doubled against an armoured target: 84 to 40, 2-1.
    const missed = play(game, firing, [`shell 1 ${fort}`, `shell 2 ${fort}`, 'resolve'], loadedDice(3));
    expect(missed.forts).toEqual([fort]); // a D does nothing to an empty fort
    expect(missed.wrecks).toEqual([]);
    const blown = play(game, firing, [`shell 1 ${fort}`, `shell 2 ${fort}`, 'resolve'], loadedDice(1));
    expect(blown.forts).toEqual([]);
    expect(blown.wrecks).toEqual([fort]);
    expect(blown.events.some((e) => e.includes('at the empty fortification at 0602: 84:40 2-1, roll 1: X'))).toBe(true);
    // An occupied fort is fired on through its occupants, not with 'shell'.
    const occupied = edit(start, { 3: { hex: fort, flags: F_IN_FORT } });
    expect(isLegal(sc, occupied, `shell 0 ${fort}`)).toBe(false);
  });

  it('PL IX.C.8: indirect fire at an empty fort attacks it alone at full strength', () => {
    const { sc, start } = empty();
    const fort = hex(sc, '0602');
    // Four 105 mm howitzers, 40 (H) each, halved against the armoured fort: 80 to 40, 2-1, roll 1: X.
    const d = draftOf(sc, { ...start, side: 1, orders: [{ side: 1, turn: 0, hex: fort, units: [4, 5, 6, 7] }] }, loadedDice(1));
    startSegment(d);
    const after = d.seal();
    expect(after.events).toContain('indirect fire at the empty fortification in 0602: 80:40 2-1, roll 1: X');
    expect(after.forts).toEqual([]);
    expect(after.wrecks).toEqual([fort]);
  });
});
