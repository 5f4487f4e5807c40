/**
 * Panzer Leader positional defences and engineering, each test named by its rule id: fortifications (IX.C),
 * gunfire at temporary bridges (X.C.4.b) and the engineer's equipment carrier (X.B pre).
 */
import { describe, expect, it } from 'vitest';
import { bridgeFireOdds, canDirectFire, directFireOdds, overrunsOf, startSegment, targetsOf } from '../../../src/rules/pl/actions.js';
import { defenseOf, fortResult } from '../../../src/rules/pl/combat.js';
import { reachable } from '../../../src/rules/pl/movement.js';
import { ELIMINATED, F_DISPERSED, F_IN_FORT, FLAGS, PH_MOVE_OTHERS, PH_MOVE_VEHICLES, type State } from '../../../src/rules/pl/state.js';
import { at, custom, draftOf, edit, flagOf, hex, loadedDice, open, play } from './helpers.js';

const STREAM = ['...~....', '...~....', '...~....'];

describe('PL fortifications', () => {
  /** Two German rifle platoons inside a fort at 0602; two M4/76 (14 A, range 10) five hexes off, a US rifle platoon near. */
  const fortified = () =>
    custom({
      terrain: open(10, 3),
      forts: [[], ['0602']],
      allied: [
        { counter: 'us-m4-76', hex: '0102' },
        { counter: 'us-m4-76', hex: '0101' },
        { counter: 'us-rifle', hex: '0402' },
      ],
      german: [
        { counter: 'ger-rifle', hex: '0602', count: 2 },
        { counter: 'ger-rifle', hex: '1003' },
      ],
    });

  it('PL IX.C.3 / VII.F.2.d: units inside a fort defend with its DS only, as one armoured target: I fire cannot touch it', () => {
    const { sc, start } = fortified();
    expect(flagOf(start, 3) & F_IN_FORT).toBe(F_IN_FORT);
    expect(flagOf(start, 5) & F_IN_FORT).toBe(0);
    const d = draftOf(sc, start);
    expect(targetsOf(d, 3)).toEqual([3, 4]);
    expect(defenseOf(d, 3)).toBe(sc.charts.fortDefense.value);
    // A against an armoured target at half range or less is doubled: 28 + 28 against the fort's 40 alone, 1-1.
    const o = directFireOdds(d, [0, 1], 3);
    expect([o.attack, o.defense, o.col]).toEqual([56, 40, 1]);
    // The rifle platoon's I weapon is ineffective against armour (VII.E.7).
    expect(canDirectFire(d, 2, 3)).toBe(false);
  });

  it('PL IX.C.12 / IX.C.5: a dispersed fort disperses everyone inside; a destroyed one takes them with it and leaves one wreck', () => {
    const { sc, game, start } = fortified();
    const h = hex(sc, '0602');
    const hit = play(game, start, ['fire 0 3', 'fire 1 3', 'resolve'], loadedDice(1)); // 1-1, roll 1: D
    expect([flagOf(hit, 3) & F_DISPERSED, flagOf(hit, 4) & F_DISPERSED]).toEqual([F_DISPERSED, F_DISPERSED]);
    expect(hit.forts).toEqual([h]);
    const d = draftOf(sc, start);
    fortResult(d, h, 'X');
    const gone = d.seal();
    expect([at(gone, 3), at(gone, 4)]).toEqual([ELIMINATED, ELIMINATED]);
    expect(gone.forts).toEqual([]);
    expect(gone.wrecks).toEqual([h]);
    expect(gone.lost).toEqual([0, 2]);
  });

  it('PL IX.C.11 / IX.C.2: a fort hex holds four units inside and three outside; an eighth may not enter (T31)', () => {
    const { sc, start } = custom({
      terrain: open(8, 3),
      forts: [['0402'], []],
      allied: [
        { counter: 'us-rifle', hex: '0402', count: 7 },
        { counter: 'us-rifle', hex: '0302' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    expect(start.u.filter((r) => (r[FLAGS]! & F_IN_FORT) !== 0).length).toBe(4);
    const s = { ...start, phase: PH_MOVE_OTHERS };
    expect(reachable(draftOf(sc, s), 7).has(hex(sc, '0402'))).toBe(false);
    const six = edit(s, { 6: { hex: hex(sc, '0302') } });
    expect(reachable(draftOf(sc, six), 7).has(hex(sc, '0402'))).toBe(true);
    expect(() =>
      custom({
        terrain: open(8, 3),
        forts: [['0402'], []],
        allied: [{ counter: 'us-rifle', hex: '0402', count: 8 }],
        german: [{ counter: 'ger-rifle', hex: '0801' }],
      }),
    ).toThrow(/5 units set up in hex 0402: at most 4/);
  });

  it('PL IX.C.7: an empty fort is captured by the first unit to enter it, which then defends with the fort', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      forts: [[], ['0402']],
      allied: [{ counter: 'us-rifle', hex: '0302' }],
      german: [{ counter: 'ger-pz4', hex: '0802' }],
    });
    const s = play(game, { ...start, phase: PH_MOVE_OTHERS }, [`move 0 ${hex(sc, '0402')}`]);
    expect(flagOf(s, 0) & F_IN_FORT).toBe(F_IN_FORT);
    expect(defenseOf(draftOf(sc, s), 0)).toBe(sc.charts.fortDefense.value);
  });

  it('PL IX.C.14 / VII.D.8 / V.D.6: no overrun of a fortification hex, and no road rate into one', () => {
    const { sc, start } = custom({
      terrain: open(8, 3),
      roads: [['0202', '0302', '0402', '0502']],
      forts: [['0402'], []],
      allied: [{ counter: 'us-rifle', hex: '0402' }],
      german: [
        { counter: 'ger-pz4', hex: '0302' },
        { counter: 'ger-rifle', hex: '0801' },
      ],
    });
    const s = { ...start, side: 1, phase: PH_MOVE_VEHICLES };
    expect(overrunsOf(draftOf(sc, s), 1).some(([h]) => h === hex(sc, '0402'))).toBe(false);
    const empty = edit(s, { 0: { hex: hex(sc, '0101') } });
    // Half points: clear terrain (2) into the fort hex although the road runs into it (1 elsewhere).
    expect(reachable(draftOf(sc, empty), 1).get(hex(sc, '0402'))).toBe(2);
    expect(reachable(draftOf(sc, empty), 1).get(hex(sc, '0202'))).toBe(1);
  });

  it('PL VII.C.10 / IX.C.10.a: indirect fire counts a fort with the units inside it as one counter of the hex', () => {
    const { sc, start } = custom({
      terrain: open(14, 3),
      forts: [['1202'], []],
      allied: [
        { counter: 'us-rifle', hex: '1202', count: 2 },
        { counter: 'us-rifle', hex: '1101' },
      ],
      german: [{ counter: 'ger-105mm-how', hex: '0102' }],
    });
    // A third rifle platoon outside the fort, in the fort hex.
    const s = edit(start, { 2: { hex: hex(sc, '1202') } }, { side: 1 });
    const order = { side: 1, turn: 0, hex: hex(sc, '1202'), units: [3] };
    const d = draftOf(sc, { ...s, orders: [order] }, loadedDice(1, 1));
    startSegment(d);
    const after = d.seal();
    // 40 (H) indirect, a tie of one armoured (the fort) and one soft counter: halved, 20, split two ways: 10 each.
    // The rifle outside: 10 to 6, 1-1, roll 1: dispersed. The fort: 10 to 40, below 1-2: no effect.
    expect(after.events.filter((e) => e.startsWith('indirect fire at')).length).toBe(2);
    expect(flagOf(after, 2) & F_DISPERSED).toBe(F_DISPERSED);
    expect([flagOf(after, 0) & F_DISPERSED, flagOf(after, 1) & F_DISPERSED]).toEqual([0, 0]);
  });
});

describe('PL gunfire at temporary bridges', () => {
  const bridged = () =>
    custom({
      terrain: STREAM,
      truckBridges: ['0402'],
      bridges: ['0401'],
      allied: [
        { counter: 'us-rifle', hex: '0202' },
        { counter: 'us-155mm', hex: '0102' },
        { counter: 'us-105mm', hex: '0103' },
      ],
      german: [
        { counter: 'ger-pz4', hex: '0402' },
        { counter: 'ger-rifle', hex: '0402' },
        { counter: 'ger-rifle', hex: '0801' },
      ],
    });

  it('PL X.C.4.b.1 / X.C.4.b.2 / X.C.4.b.4: a temporary bridge is fired on alone, not by I weapons, destroyed only on X with the vehicles on it', () => {
    const { sc, game, start } = bridged();
    const h = hex(sc, '0402');
    const legal = game.legalActions(start);
    expect(legal).toContain(`shell 1 ${h}`);
    expect(legal).not.toContain(`shell 0 ${h}`); // X.C.4.b: no I weapons
    // X.C.4.b.5: a permanent bridge may not be attacked.
    expect(legal.some((a) => a.startsWith('shell ') && a.endsWith(` ${hex(sc, '0401')}`))).toBe(false);
    // 60 + 40 (H) against the Truck Bridge's 23 (a non-armoured target): 4-1.
    const o = bridgeFireOdds(draftOf(sc, start), [1, 2], h, true);
    expect([o.attack, o.defense, o.col]).toEqual([100, 23, 4]);
    const dispersedOnly = play(game, start, [`shell 1 ${h}`, `shell 2 ${h}`, 'resolve'], loadedDice(4));
    expect(dispersedOnly.bridges).toContain(h); // a D is no effect on a bridge
    expect(at(dispersedOnly, 3)).toBe(h);
    const blown = play(game, start, [`shell 1 ${h}`, `shell 2 ${h}`, 'resolve'], loadedDice(1));
    expect(blown.bridges).toEqual([hex(sc, '0401')]);
    expect(blown.tempBridges).toEqual([]);
    expect(at(blown, 3)).toBe(ELIMINATED); // the Pz IV on it is lost, leaving no wreck
    expect(blown.wrecks).toEqual([]);
    expect(at(blown, 4)).toBe(h); // the rifle platoon (non-vehicular) is unaffected
    expect(blown.lost).toEqual([0, 1]);
  });

  it('PL X.C.4.b.3: indirect fire at a temporary bridge with no unit in its hex is halved: 40 AS on a Truck Bridge reads 20 to 23 (T36)', () => {
    const { sc, start } = custom({
      terrain: ['...~..........', '...~..........', '...~..........'],
      truckBridges: ['0402'],
      allied: [{ counter: 'us-105mm', hex: '1402' }],
      german: [
        { counter: 'ger-rifle', hex: '0301' },
        { counter: 'ger-rifle', hex: '0101' },
      ],
    });
    const h = hex(sc, '0402');
    const o = bridgeFireOdds(draftOf(sc, start), [0], h, false);
    expect([o.attack, o.defense]).toEqual([20, 23]);
    const order = { side: 0, turn: 0, hex: h, units: [0] };
    const missed = draftOf(sc, { ...start, orders: [order] }, loadedDice(1));
    startSegment(missed);
    expect(missed.seal().bridges).toEqual([h]); // below 1-1: only an X would do, and 1-2 gives none on a 1
  });
});

describe('PL engineer equipment carrier', () => {
  it("PL X.B: an engineer's demolition needs its designated carrier within a hex; that carrier transports only its engineer", () => {
    const { sc, game, start } = custom({
      terrain: open(10, 3),
      roads: [['0202', '0302', '0402']],
      allied: [
        { counter: 'us-engineer', hex: '0302' },
        { counter: 'us-truck', hex: '0802', equipmentFor: 0 },
        { counter: 'us-rifle', hex: '0802' },
      ],
      german: [{ counter: 'ger-rifle', hex: '1001' }],
    });
    const to = hex(sc, '0202');
    const ready = (s: State, truckAt: string): State => ({
      ...s,
      phase: PH_MOVE_OTHERS,
      u: s.u.map((r, i) => (i === 0 ? [r[0]!, 0, 0, -1, 4] : i === 1 ? [hex(sc, truckAt), ...r.slice(1)] : r)),
    });
    expect(game.legalActions(ready(start, '0802'))).not.toContain(`demolish 0 ${to}`);
    const near = ready(start, '0402');
    expect(game.legalActions(near)).toContain(`demolish 0 ${to}`);
    expect(game.apply(near, `demolish 0 ${to}`, loadedDice(5)).blocks).toEqual([hex(sc, '0302')]);
    // The truck may not load the rifle platoon beside it, only its engineer.
    const vehicles = { ...start, phase: PH_MOVE_VEHICLES };
    expect(game.legalActions(vehicles)).not.toContain('load 1 2');
    const together = edit(vehicles, { 0: { hex: hex(sc, '0802') } });
    expect(game.legalActions(together)).toContain('load 1 0');
    expect(() =>
      custom({
        terrain: open(10, 3),
        allied: [
          { counter: 'us-rifle', hex: '0302' },
          { counter: 'us-truck', hex: '0802', equipmentFor: 0 },
        ],
        german: [{ counter: 'ger-rifle', hex: '1001' }],
      }),
    ).toThrow(/no engineer unit 0/);
  });
});
