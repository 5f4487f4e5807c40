/** More Panzer Leader rules, each test named by its rule id: transport, roads, IF eligibility, overrun and assault limits, LOS. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { assaulters, canDirectFire, canOrder, overrunOdds, overrunsOf, startSegment } from '../../../src/rules/pl/actions.js';
import { maxRange, weaponFactor } from '../../../src/rules/pl/combat.js';
import type { CounterEntry } from '../../../src/rules/pl/formats.js';
import { reachable } from '../../../src/rules/pl/movement.js';
import { F_DISPERSED, F_FIRED, HEX, PH_ASSAULT, PH_MOVE_VEHICLES } from '../../../src/rules/pl/state.js';
import { custom, draftOf, edit, hex, loadedDice, open, play } from './helpers.js';

describe('PL transport and roads', () => {
  it('PL V.C.2.c / V.C.6.b: a carrier that fired may not load, unless it is a German AFV', () => {
    const allied = custom({
      terrain: open(8, 3),
      allied: [
        { counter: 'us-halftrack', hex: '0202' },
        { counter: 'us-rifle', hex: '0202' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0302' }],
    });
    const fired = edit(allied.start, { 0: { flags: F_FIRED } }, { phase: PH_MOVE_VEHICLES });
    expect(allied.game.legalActions(fired)).not.toContain('load 0 1');
    expect(allied.game.legalActions({ ...allied.start, phase: PH_MOVE_VEHICLES })).toContain('load 0 1');
    const german = custom({
      terrain: open(8, 3),
      allied: [{ counter: 'us-rifle', hex: '0802' }],
      german: [
        { counter: 'ger-pz4', hex: '0202' },
        { counter: 'ger-rifle', hex: '0202' },
        { counter: 'ger-81mm', hex: '0202' },
      ],
    });
    const gs = edit(german.start, { 1: { flags: F_FIRED } }, { side: 1, phase: PH_MOVE_VEHICLES });
    const legal = german.game.legalActions(gs);
    expect(legal).toContain('load 1 2');
    // PL V.C.6: a German AFV carries infantry-type units only.
    expect(legal).not.toContain('load 1 3');
  });

  it('PL V.C.2.e: no unloading into a full hex', () => {
    const { game, start } = custom({
      terrain: open(8, 3),
      allied: [
        { counter: 'us-halftrack', hex: '0202' },
        { counter: 'us-rifle', hex: '0202', aboard: 0 },
        { counter: 'us-rifle', hex: '0202', count: 3 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0802' }],
    });
    expect(game.legalActions({ ...start, phase: PH_MOVE_VEHICLES })).not.toContain('unload 0');
  });

  it('PL V.D.5 / V.D (pre): vehicles enter woods only along a road, and not when the road hex is congested', () => {
    const base = {
      terrain: ['........', '...w....', '........'],
      roads: [['0202', '0302', '0402', '0502']],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    };
    const free = custom({ ...base, allied: [{ counter: 'us-m4-75', hex: '0202' }] });
    const r = reachable(draftOf(free.sc, free.start), 0);
    expect(r.get(hex(free.sc, '0402'))).toBe(2);
    const jammed = custom({
      ...base,
      allied: [
        { counter: 'us-m4-75', hex: '0202' },
        { counter: 'us-rifle', hex: '0402', count: 3 },
      ],
    });
    expect(reachable(draftOf(jammed.sc, jammed.start), 0).has(hex(jammed.sc, '0402'))).toBe(false);
  });

  it('PL V.D.7: a carrier with its passenger counts as one unit for road congestion', () => {
    const { sc, start } = custom({
      terrain: open(8, 3),
      roads: [['0102', '0202', '0302']],
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-halftrack', hex: '0202' },
        { counter: 'us-rifle', hex: '0202', aboard: 1 },
        { counter: 'us-rifle', hex: '0202' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    expect(reachable(draftOf(sc, start), 0).get(hex(sc, '0202'))).toBe(1);
  });
});

describe('PL fire', () => {
  it('PL VII.B.1: only the phasing player fires', () => {
    const { game, start } = custom({
      terrain: open(8, 3),
      allied: [{ counter: 'us-m4-75', hex: '0102' }],
      german: [{ counter: 'ger-pz4', hex: '0402' }],
    });
    expect(
      game
        .legalActions(start)
        .filter((a) => a.startsWith('fire '))
        .every((a) => a.startsWith('fire 0 ')),
    ).toBe(true);
  });

  it('PL VII.C.1: only M and (H) units with the IF mode may be ordered to fire indirectly', () => {
    const { sc, start } = custom({
      terrain: open(16, 3),
      allied: [
        { counter: 'us-rifle', hex: '0102' },
        { counter: 'us-81mm', hex: '0202' },
        { counter: 'us-m4-105', hex: '0302' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0902' }],
    });
    const d = draftOf(sc, start);
    const h = hex(sc, '0902');
    expect([canOrder(d, 0, h), canOrder(d, 1, h), canOrder(d, 2, h)]).toEqual([false, true, false]);
  });

  it('PL VII.C.9: indirect fire attacks every unit in the hex it lands in, friend or foe', () => {
    const t = custom({
      terrain: ['................', '................', '...........w....', '................', '................'],
      allied: [
        { counter: 'us-81mm', hex: '0103' },
        { counter: 'us-rifle', hex: '0101' },
      ],
      german: [
        { counter: 'ger-rifle', hex: '1203' },
        { counter: 'ger-rifle', hex: '1203' },
      ],
    });
    const target = hex(t.sc, '1203');
    const order = { side: 0, turn: 0, hex: target, units: [0] };
    // Sighted by the rifle next to the woods: both German units are attacked, 6 each vs 8: 1-2; rolls 0 impossible, so 1-2 at 1: no effect.
    const spotter = t.sc.map.grid.neighbour(target, 0);
    const d1 = draftOf(t.sc, edit({ ...t.start, orders: [order] }, { 1: { hex: spotter } }), loadedDice(1, 1));
    startSegment(d1);
    expect((d1.events ?? []).filter((e) => e.startsWith('indirect fire at german'))).toHaveLength(2);
    // Unsighted (the rifle next to the hex is dispersed): roll 3 scatters it, direction 6 (north-west) onto that rifle: 12 vs 6, 2-1, roll 1: X.
    const nw = t.sc.map.grid.neighbour(target, 5);
    const d2 = draftOf(t.sc, edit({ ...t.start, orders: [order] }, { 1: { hex: nw, flags: F_DISPERSED } }), loadedDice(3, 6, 1));
    startSegment(d2);
    expect(d2.seal().u[1]![HEX]).toBeLessThan(0);
  });

  it('PL VII.F.1 / VII.F.2.g: weapon classes against armour and not; an asterisk range fires twice as far at half strength', () => {
    const c = (weapon: CounterEntry['weapon'], range = 8): CounterEntry => ({
      name: 'x',
      side: 'allied',
      category: 'x',
      weapon,
      attack: 10,
      range,
      rangeAsterisk: false,
      defense: 1,
      movement: 1,
      modes: [],
      target: 'NA',
      carrier: 'none',
      passenger: 'none',
      vehicular: false,
      moveClass: 'foot',
      infantry: false,
      engineer: false,
      machineGun: false,
      softTransport: false,
      flail: false,
      bridgelayer: false,
      dd: false,
      source: { source: 'designed' },
    });
    expect([weaponFactor(c('I'), true, 2, true), weaponFactor(c('I'), false, 2, true)]).toEqual([0, 1]);
    expect([weaponFactor(c('A'), true, 4, true), weaponFactor(c('A'), true, 5, true), weaponFactor(c('A'), false, 2, true)]).toEqual([
      2, 1, 0.5,
    ]);
    expect([weaponFactor(c('H'), true, 6, true), weaponFactor(c('H'), true, 7, true), weaponFactor(c('H'), false, 9, true)]).toEqual([
      1, 0.5, 1,
    ]);
    expect([weaponFactor(c('(H)'), true, 3, false), weaponFactor(c('M'), false, 3, true)]).toEqual([0.5, 1]);
    const star = { ...c('I', 3), rangeAsterisk: true };
    expect(maxRange(star)).toBe(6);
    expect([weaponFactor(star, false, 3, true), weaponFactor(star, false, 5, true)]).toEqual([1, 0.5]);
  });

  it('PL VII.D.5 / VII.D.8: one overrun per stack per movement phase; none against units on a wreck, block or minefield', () => {
    const { sc, game, start } = custom({
      terrain: open(10, 3),
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-m4-75', hex: '0103' },
      ],
      german: [{ counter: 'ger-pz4', hex: '0402' }],
    });
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const h = hex(sc, '0402');
    const [, k] = overrunsOf(draftOf(sc, s), 0).find(([x]) => x === h)!;
    const after = game.apply(s, `overrun 0 ${h} ${k}`, loadedDice(6));
    expect(after.u[2]![HEX]).toBe(h);
    expect(overrunsOf(draftOf(sc, after), 1).some(([x]) => x === h)).toBe(false);
    const wrecked = { ...s, wrecks: [h] };
    expect(overrunsOf(draftOf(sc, wrecked), 0).some(([x]) => x === h)).toBe(false);
  });

  it('PL VII.D.6 / VII.F.2.e: an overrun uses printed strengths, no WEC', () => {
    const { sc, start } = custom({
      terrain: open(10, 3),
      allied: [{ counter: 'us-m4-75', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '0402' }],
    });
    expect(overrunOdds(draftOf(sc, start), 0, hex(sc, '0402')).attack).toBe(11);
  });

  it('PL VII.E.1 / VII.E.2 / VII.E.8: close assault from next door only, not by units that fired, and against any target', () => {
    const { sc, start } = custom({
      terrain: open(8, 4),
      allied: [
        { counter: 'us-rifle', hex: '0302' },
        { counter: 'us-rifle', hex: '0402' },
        { counter: 'us-rifle', hex: '0602' },
      ],
      german: [{ counter: 'ger-panther', hex: '0303' }],
    });
    const s = edit(start, { 1: { flags: F_FIRED } }, { phase: PH_ASSAULT });
    expect(assaulters(draftOf(sc, s), hex(sc, '0303'))).toEqual([0]);
  });

  it('PL VII.G.1: units never block the line of sight', () => {
    const { sc, start } = custom({
      terrain: open(10, 3),
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-rifle', hex: '0302', count: 4 },
      ],
      german: [{ counter: 'ger-pz4', hex: '0602' }],
    });
    expect(canDirectFire(draftOf(sc, start), 0, 5)).toBe(true);
  });

  it('PL VII.I / VII.J.1: along a hexspine both lines must be clear (the defender gets the benefit of the doubt)', () => {
    const { sc } = custom({
      terrain: ['........', '...t....', '........', '........'],
      allied: [{ counter: 'us-rifle', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const g = sc.map.grid;
    const [a, b] = g.linePaths(hex(sc, '0203'), hex(sc, '0602'));
    expect(a).not.toEqual(b);
    expect(sc.map.hasLos(hex(sc, '0203'), hex(sc, '0602'))).toBe(!a.concat(b).includes(hex(sc, '0402')));
  });

  it('PL VII.J.2 / VII.J.4: from a hilltop a ground unit is hidden only by a woods right next to it, or a slope nearer to it than to the hill', () => {
    const { sc } = custom({
      terrain: ['..........', '.h..w.....', '..........', '..........'],
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [{ counter: 'ger-rifle', hex: '1004' }],
    });
    const L = (l: string) => hex(sc, l);
    expect(sc.map.hasLos(L('0202'), L('0802'))).toBe(true); // the woods at 0502 is not next to 0802
    expect(sc.map.hasLos(L('0202'), L('0602'))).toBe(false); // directly behind the woods
    expect(sc.map.hasLos(L('0302'), L('0802'))).toBe(false); // ground to ground across the woods
  });
});

describe('PL counters', () => {
  it('PL II.C / VII.F.1: the counter manifest is the UFT: printed factors are rule, the rest designed', () => {
    const { sc } = custom({
      terrain: open(4, 2),
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [{ counter: 'ger-rifle', hex: '0401' }],
    });
    const hetzer = sc.counters.units['ger-hetzer']!;
    expect([hetzer.attack, hetzer.weapon, hetzer.range, hetzer.defense, hetzer.movement]).toEqual([12, 'A', 8, 12, 6]);
    expect(hetzer.source.source).toBe('rule');
    expect(sc.counters.units['us-rifle']!.defense).toBe(6);
    expect(sc.counters.units['ger-engineer']!.defense).toBe(10);
    expect(sc.counters.units['us-57mm']!.source.source).toBe('designed');
    expect(sc.charts.roadCost.source.source).toBe('rule');
    expect(sc.charts.crt.source.source).toBe('designed');
  });

  it('PL V.C.1: a carrier carries one unit', () => {
    const { game, start } = custom({
      terrain: open(8, 3),
      allied: [
        { counter: 'us-halftrack', hex: '0202' },
        { counter: 'us-rifle', hex: '0202', aboard: 0 },
        { counter: 'us-rifle', hex: '0202' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0802' }],
    });
    const legal = game.legalActions({ ...start, phase: PH_MOVE_VEHICLES });
    expect(legal).not.toContain('load 0 2');
    expect(legal).toContain('unload 0');
    expect(play(game, start, ['next', 'unload 0'], createRng(1)).u[1]![HEX]).toBe(start.u[0]![HEX]);
  });
});
