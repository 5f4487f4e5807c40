/**
 * Panzer Leader CORE rules the engine had without a test of their own, each named by its rule id and
 * asserting the position after the rule: the die, the segments, movement over terrain and roads, carriers,
 * the UFT, the CRT, the first IF orders and control of hexes.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { airStrength, canDirectFire, directFireOdds, overrunsOf } from '../../../src/rules/pl/actions.js';
import { outcomeOf } from '../../../src/rules/pl/game.js';
import { reachable } from '../../../src/rules/pl/movement.js';
import {
  CARRIER,
  ELIMINATED,
  F_DESIGNATED,
  F_DISPERSED,
  F_FIRED,
  PH_COMBAT,
  PH_MOVE_OTHERS,
  PH_MOVE_VEHICLES,
} from '../../../src/rules/pl/state.js';
import { at, custom, draftOf, edit, flagOf, hex, loadedDice, open, play } from './helpers.js';

/** One M4/76 (14 A, range 10; unit 0) six hexes from a Pz IV (DS 7; unit 2): 14 to 7, the 2-1 column. */
function tankDuel() {
  return custom({
    terrain: open(10, 3),
    // A second unit a side that may move, so that no segment is passed over whole.
    allied: [
      { counter: 'us-m4-76', hex: '0102' },
      { counter: 'us-rifle', hex: '0103' },
    ],
    german: [
      { counter: 'ger-pz4', hex: '0702' },
      { counter: 'ger-rifle', hex: '1001' },
    ],
  });
}

describe('PL game equipment and outline', () => {
  it('PL II.A: every roll is one six-sided die: a direct fire attack takes exactly one d6, and a 1 at 2-1 eliminates', () => {
    const { game, start } = tankDuel();
    // loadedDice fails the test if asked for any die but a d6, or for a second roll.
    const s = play(game, start, ['fire 0 2', 'resolve'], loadedDice(1));
    expect(at(s, 2)).toBe(ELIMINATED);
    expect(s.lost).toEqual([0, 1]);
  });

  it('PL III: player segments alternate, Allied then German, and an attack is one roll on the odds-ratio CRT', () => {
    const { game, start } = tankDuel();
    const fired = play(game, start, ['fire 0 2', 'resolve'], loadedDice(2));
    expect(flagOf(fired, 2) & F_DISPERSED).toBe(F_DISPERSED); // 2-1, roll 2: dispersed
    let s = fired;
    while (s.side === 0) s = game.apply(s, 'next', createRng(1));
    expect([s.turn, s.side]).toEqual([1, 1]); // its phases with nothing to do (the Pz IV dispersed) are passed over
    while (s.side === 1) s = game.apply(s, 'next', createRng(1));
    expect([s.turn, s.side, s.phase]).toEqual([2, 0, PH_COMBAT]);
  });

  it('PL VII.B.9: a direct fire attack is resolved on the CRT: at 2-1 a 1 eliminates, a 3 disperses, a 4 has no effect', () => {
    const { game, start } = tankDuel();
    expect(at(play(game, start, ['fire 0 2', 'resolve'], loadedDice(1)), 2)).toBe(ELIMINATED);
    const dispersed = play(game, start, ['fire 0 2', 'resolve'], loadedDice(3));
    expect([at(dispersed, 2), flagOf(dispersed, 2) & F_DISPERSED]).toEqual([hex(game.sc, '0702'), F_DISPERSED]);
    const missed = play(game, start, ['fire 0 2', 'resolve'], loadedDice(4));
    expect([at(missed, 2), flagOf(missed, 2) & F_DISPERSED]).toEqual([hex(game.sc, '0702'), 0]);
    // The firer is inverted whatever the result (VII.B.6).
    expect(flagOf(missed, 0) & F_FIRED).toBe(F_FIRED);
  });
});

describe('PL movement over terrain', () => {
  it('PL V: in the movement phase a face-up unit moves as far as its MA allows; a unit that fired does not move', () => {
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-m4-75', hex: '0103' },
      ],
      german: [{ counter: 'ger-rifle', hex: '1201' }],
    });
    const s = play(game, start, ['next']);
    expect(s.phase).toBe(PH_MOVE_VEHICLES);
    const r = reachable(draftOf(sc, s), 0);
    expect(r.has(hex(sc, '0902'))).toBe(true); // MA 8: eight clear hexes
    expect(r.has(hex(sc, '1002'))).toBe(false);
    const moved = game.apply(s, `move 0 ${hex(sc, '0902')}`, loadedDice());
    expect(at(moved, 0)).toBe(hex(sc, '0902'));
    const fired = edit(s, { 1: { flags: F_FIRED } });
    expect(game.legalActions(fired).some((a) => a.startsWith('move 1 '))).toBe(false);
  });

  it('PL V.A.1: a hex is wholly its terrain: a tank may not enter a woods hex off the road, a rifle platoon may', () => {
    const { sc, start } = custom({
      terrain: ['......', '..w...', '......'],
      allied: [
        { counter: 'us-m4-75', hex: '0202' },
        { counter: 'us-rifle', hex: '0202' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0601' }],
    });
    const woods = hex(sc, '0302');
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    expect(reachable(draftOf(sc, s), 0).has(woods)).toBe(false);
    expect(reachable(draftOf(sc, s), 0).has(hex(sc, '0402'))).toBe(true);
    expect(reachable(draftOf(sc, s), 1).has(woods)).toBe(true);
  });

  it('PL V.A.4 / XIV.B.1: edge hexes are whole hexes: a unit sets up on one, moves along the edge, and holds an objective there', () => {
    const { sc, game, start } = custom({
      terrain: open(6, 3),
      allied: [{ counter: 'us-m4-75', hex: '0101' }],
      german: [{ counter: 'ger-rifle', hex: '0603' }],
      objectives: [{ hex: '0401', vp: 3, heldBy: 'german' }],
    });
    expect(at(start, 0)).toBe(hex(sc, '0101'));
    const s = play(game, start, ['next', `move 0 ${hex(sc, '0401')}`]);
    expect(at(s, 0)).toBe(hex(sc, '0401'));
    expect(s.control).toEqual([0]);
    expect(outcomeOf(sc, s).vp).toEqual([3, 0]);
  });

  it('PL V.B.8 / V.B.9: in the Allied movement phase only Allied units act: no German move, no fire, the Allied seat to move', () => {
    const { sc, game, start } = custom({
      terrain: open(6, 3),
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-rifle', hex: '0202' },
      ],
      german: [
        { counter: 'ger-pz4', hex: '0402' },
        { counter: 'ger-rifle', hex: '0302' },
      ],
    });
    const s = play(game, start, ['next']);
    expect(s.phase).toBe(PH_MOVE_VEHICLES);
    expect(game.toMove(s)).toBe(0);
    const legal = game.legalActions(s);
    expect(legal.length).toBeGreaterThan(1);
    for (const a of legal) {
      const w = a.split(' ');
      expect(['move', 'overrun', 'load', 'unload', 'next']).toContain(w[0]);
      if (w[0] !== 'next') expect(sc.units[Number(w[1])]!.side).toBe(0);
    }
  });

  it('PL V.D.2: a move mixes road and cross-country steps: three road hexes (1 1/2 MP) and a clear hex (1 MP)', () => {
    const { sc, start } = custom({
      terrain: open(8, 3),
      roads: [['0102', '0202', '0302', '0402']],
      allied: [{ counter: 'us-m4-75', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const r = reachable(draftOf(sc, { ...start, phase: PH_MOVE_VEHICLES }), 0);
    // Half points: 3 road hexes at 1 each, then 2 for the clear hex off the road.
    expect(r.get(hex(sc, '0402'))).toBe(3);
    expect(r.get(hex(sc, '0502'))).toBe(5);
  });
});

describe('PL carriers and the UFT', () => {
  it('PL V.C.2: a halftrack loads a rifle platoon, carries it and unloads it the next turn in the hex it reached', () => {
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      allied: [
        { counter: 'us-halftrack', hex: '0102' },
        { counter: 'us-rifle', hex: '0102' },
      ],
      german: [{ counter: 'ger-rifle', hex: '1201' }],
      turns: 3,
    });
    const carried = play(game, start, ['next', 'load 0 1', `move 0 ${hex(sc, '0602')}`]);
    expect(carried.u[1]![CARRIER]).toBe(1);
    expect([at(carried, 0), at(carried, 1)]).toEqual([hex(sc, '0602'), hex(sc, '0602')]);
    let s = carried;
    while (!(s.turn === 2 && s.side === 0 && s.phase === PH_MOVE_VEHICLES)) s = game.apply(s, 'next', loadedDice());
    expect(game.legalActions(s)).toContain('unload 0');
    const down = game.apply(s, 'unload 0', loadedDice());
    expect(down.u[1]![CARRIER]).toBe(0);
    expect(at(down, 1)).toBe(hex(sc, '0602'));
  });

  it('PL V.C.2.b / V.C.2.d: a carrier moves up to half its MA and then unloads; one that loaded this phase may not also unload', () => {
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      allied: [
        { counter: 'us-halftrack', hex: '0102' },
        { counter: 'us-rifle', hex: '0102', aboard: 0 },
        { counter: 'us-halftrack', hex: '0103' },
        { counter: 'us-rifle', hex: '0103' },
      ],
      german: [{ counter: 'ger-rifle', hex: '1201' }],
    });
    const s = play(game, start, ['next']);
    expect(s.phase).toBe(PH_MOVE_VEHICLES);
    // MA 12: five hexes (5 MP) leave 7, enough for the 6 of unloading; seven hexes leave 5, not enough.
    const near = game.apply(s, `move 0 ${hex(sc, '0602')}`, loadedDice());
    expect(game.legalActions(near)).toContain('unload 0');
    const down = game.apply(near, 'unload 0', loadedDice());
    expect([at(down, 1), down.u[1]![CARRIER]]).toEqual([hex(sc, '0602'), 0]);
    const far = game.apply(s, `move 0 ${hex(sc, '0802')}`, loadedDice());
    expect(game.legalActions(far)).not.toContain('unload 0');
    // The second halftrack loads, moves half its MA, and may not unload again.
    const loaded = play(game, s, ['load 2 3', `move 2 ${hex(sc, '0403')}`]);
    expect(loaded.u[3]![CARRIER]).toBe(3);
    expect(game.legalActions(loaded)).not.toContain('unload 2');
  });

  it('PL V.C.6: only a German AFV carries, and only an infantry-type unit: a Pz IV takes a rifle, not a mortar; an M4 takes nothing', () => {
    const { game, start } = custom({
      terrain: open(8, 3),
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-rifle', hex: '0102' },
      ],
      german: [
        { counter: 'ger-pz4', hex: '0802' },
        { counter: 'ger-rifle', hex: '0802' },
        { counter: 'ger-81mm', hex: '0802' },
      ],
    });
    const allied = game.legalActions({ ...start, phase: PH_MOVE_VEHICLES });
    expect(allied.some((a) => a.startsWith('load '))).toBe(false);
    const german = game.legalActions({ ...start, side: 1, phase: PH_MOVE_VEHICLES });
    expect(german).toContain('load 2 3');
    expect(german).not.toContain('load 2 4');
  });

  it('PL V.C.7: the UFT decides what a unit may do: a Hummel (no OR dot) never overruns where a Pz IV may; a truck never fires', () => {
    const { sc, start } = custom({
      terrain: open(8, 4),
      allied: [
        { counter: 'us-rifle', hex: '0402' },
        { counter: 'us-truck', hex: '0404' },
      ],
      german: [
        { counter: 'ger-hummel', hex: '0202' },
        { counter: 'ger-pz4', hex: '0203' },
      ],
    });
    const s = { ...start, side: 1, phase: PH_MOVE_VEHICLES };
    expect(overrunsOf(draftOf(sc, s), 2)).toEqual([]);
    expect(overrunsOf(draftOf(sc, s), 3).some(([h]) => h === hex(sc, '0402'))).toBe(true);
    expect(sc.units[1]!.c.attack).toBe(0);
    expect(sc.units[1]!.c.modes).toEqual([]);
  });

  it('PL VII.D.7: a tank that fired in the combat phase may not overrun in the movement phase', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      allied: [{ counter: 'us-m4-75', hex: '0202' }],
      german: [{ counter: 'ger-rifle', hex: '0402' }],
    });
    const moving = { ...start, phase: PH_MOVE_VEHICLES };
    expect(game.legalActions(moving).some((a) => a.startsWith(`overrun 0 ${hex(sc, '0402')} `))).toBe(true);
    const fired = edit(moving, { 0: { flags: F_FIRED } });
    expect(game.legalActions(fired).some((a) => a.startsWith('overrun 0 '))).toBe(false);
  });
});

describe('PL special vehicles and aircraft armament', () => {
  it('PL X.C.2: a Churchill Crocodile is an ordinary H unit with its UFT factors: 40 H at range 1, full strength on armour next door', () => {
    const { sc, start } = custom({
      terrain: open(8, 3),
      allied: [{ counter: 'uk-crocodile', hex: '0202' }],
      german: [
        { counter: 'ger-pz4', hex: '0302' },
        { counter: 'ger-pz4', hex: '0502' },
      ],
    });
    const d = draftOf(sc, start);
    expect(canDirectFire(d, 0, 1)).toBe(true);
    expect(canDirectFire(d, 0, 2)).toBe(false); // range 1
    const o = directFireOdds(d, [0], 1);
    expect([o.attack, o.defense, o.col]).toEqual([40, 7, 4]); // H at 6 hexes or less is not halved on armour: 4-1
  });

  it('PL XIV.B.6: the fighter-bomber armament is fixed by the scenario: rockets 20 (A) once, bombs 30 (H) once, machine guns as printed', () => {
    const aircraft = [
      { id: 'typhoon', name: 'Typhoon', ordnance: 'rockets', mg: { attack: 2, weapon: 'A' } },
      { id: 'p47', name: 'P-47', ordnance: 'bombs', mg: { attack: 3, weapon: 'I' } },
    ];
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      aircraft,
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [
        { counter: 'ger-pz4', hex: '0602' },
        { counter: 'ger-rifle', hex: '0801' },
      ],
    });
    const d = draftOf(sc, start);
    expect(airStrength(d, 0, 1, 'ord')).toBe(20);
    expect(airStrength(d, 1, 1, 'ord')).toBe(30);
    expect(airStrength(d, 0, 1, 'mg')).toBe(2);
    expect(airStrength(d, 1, 1, 'mg')).toBe(0); // the P-47's I machine guns are ineffective against armour
    const air = game.apply(start, 'next', loadedDice());
    expect(game.legalActions(air)).toEqual(expect.arrayContaining(['air 0 1 ord', 'air 1 1 ord', 'air 0 1 mg']));
    expect(game.legalActions(air)).not.toContain('air 1 1 mg');
  });
});

describe('PL situations', () => {
  it('PL XIV.B.5: no IF order exists at the start; the first is written in turn 1 and fires in turn 2', () => {
    const { sc, game, start } = custom({
      terrain: open(14, 3),
      allied: [{ counter: 'us-105mm', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '1202' }],
    });
    expect(start.orders).toEqual([]);
    const target = hex(sc, '1202');
    const written = game.apply(start, `order 0 ${target}`, loadedDice());
    expect(written.orders).toEqual([{ side: 0, turn: 1, hex: target, units: [0] }]);
    expect(flagOf(written, 0) & F_DESIGNATED).toBe(F_DESIGNATED);
    let s = written;
    while (s.side === 0) s = game.apply(s, 'next', loadedDice());
    expect(s.orders.length).toBe(1); // not fired in the turn it was written
    // Turn 2: the Allied combat phase opens by executing it (105 mm 40 (H) on a rifle DS 8: 5-1 reads 4-1; a 6 misses).
    while (s.side === 1) s = game.apply(s, 'next', loadedDice(6));
    expect([s.turn, s.side, s.phase]).toEqual([2, 0, PH_COMBAT]);
    expect(s.orders).toEqual([]);
    expect(flagOf(s, 0) & (F_FIRED | F_DESIGNATED)).toBe(F_FIRED);
  });

  it('PL XIV.B.9: a town is controlled hex by hex (ruling PL-R26): holding one of two town objectives scores that one', () => {
    const { sc, game, start } = custom({
      terrain: ['......', '..tt..', '......'],
      allied: [{ counter: 'us-rifle', hex: '0202' }],
      german: [{ counter: 'ger-rifle', hex: '0603' }],
      objectives: [
        { hex: '0302', vp: 2, heldBy: 'german' },
        { hex: '0402', vp: 2, heldBy: 'german' },
      ],
    });
    let s = start;
    while (s.phase !== PH_MOVE_OTHERS) s = game.apply(s, 'next', loadedDice());
    s = game.apply(s, `move 0 ${hex(sc, '0302')}`, loadedDice());
    expect(s.control).toEqual([0, 1]);
    expect(outcomeOf(sc, s).vp).toEqual([2, 2]);
  });
});
