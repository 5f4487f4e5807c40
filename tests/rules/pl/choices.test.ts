/**
 * Panzer Leader: the player's whole choice where the agents weigh a subset (rulings PL-R45..PL-R48):
 * target combinations (VII.B.8), IF orders at any hex (VII.C.6), combined overruns (VII.D.5) and the close
 * assault units chosen (VII.E). Positions are small scenarios written on the fly; dice are loaded.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { directFireOdds, directFireStrength, isLegal, legalActions, overrunsOf } from '../../../src/rules/pl/actions.js';
import { ELIMINATED, F_ATTACKED, F_DISPERSED, PH_ASSAULT, PH_MOVE_VEHICLES } from '../../../src/rules/pl/state.js';
import { plUi } from '../../../src/rules/pl/ui.js';
import { at, custom, draftOf, edit, flagOf, hex, loadedDice, open, play } from './helpers.js';

/** Two M4/76 Shermans at `a` and `b`, and `n` German `counter` units stacked at `target`, on an open map. */
const shermansAt = (a: string, b: string, counter: string, target: string, n: number) =>
  custom({
    terrain: open(9, 5),
    allied: [
      { counter: 'us-m4-76', hex: a },
      { counter: 'us-m4-76', hex: b },
    ],
    german: Array.from({ length: n }, () => ({ counter, hex: target })),
  });

describe('PL: the player chooses what the rules allow', () => {
  it('PL VII.B.8: a DF attack hits any combination of the units in the target hex; the others are unaffected', () => {
    const { sc, game, start } = shermansAt('0102', '0103', 'ger-truck', '0502', 3);
    // The agents' list has no aim: one unit per attack (ruling PL-R45).
    const building = game.apply(start, 'fire 0 2', createRng(1));
    expect(legalActions(sc, building).some((a) => a.startsWith('aim'))).toBe(false);
    expect(isLegal(sc, building, 'aim 3')).toBe(true);
    expect(isLegal(sc, building, 'aim 2')).toBe(false); // already hit
    expect(isLegal(sc, building, 'aim 0')).toBe(false); // not an enemy unit
    const aimed = play(game, building, ['aim 3', 'fire 1 2']);
    // Both trucks defend together (DS 2 + 2) against both Shermans (A halved against non-armour: 7 + 7): 3-1, a 3 disperses.
    const odds = directFireOdds(draftOf(sc, aimed), aimed.firers, 2);
    expect(odds.defense).toBe(4);
    expect(sc.crt.columns[odds.col]).toBe(3);
    expect(odds.attack).toBe(directFireStrength(draftOf(sc, building), [0, 1], 2));
    const after = game.apply(aimed, 'resolve', loadedDice(3));
    expect(flagOf(after, 2) & F_DISPERSED).toBeTruthy();
    expect(flagOf(after, 3) & F_DISPERSED).toBeTruthy();
    expect(flagOf(after, 4) & F_DISPERSED).toBe(0);
    expect(after.aimed).toEqual([]);
  });

  it('PL VII.B.8: aim is refused when a firer already in the attack would be ineffective against the units added', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      allied: [{ counter: 'us-rifle', hex: '0402' }],
      german: [
        { counter: 'ger-rifle', hex: '0502' },
        { counter: 'ger-pz4', hex: '0502' },
      ],
    });
    const building = game.apply(start, 'fire 0 1', createRng(1));
    // An I weapon against a stack mostly armoured... one each: the lesser factor (0 for I against armour).
    expect(isLegal(sc, building, 'aim 2')).toBe(false);
  });

  it('PL VII.C.6: an IF order may target an empty hex; the agents weigh only enemy hexes, bridges and open objectives (ruling PL-R46)', () => {
    const { sc, game, start } = custom({
      terrain: open(20, 5),
      allied: [
        { counter: 'us-105mm', hex: '0103' },
        { counter: 'us-rifle', hex: '1203' },
      ],
      german: [{ counter: 'ger-rifle', hex: '1803' }],
      objectives: [{ hex: '1603', vp: 2, heldBy: 'german' }],
    });
    const empty = hex(sc, '1503');
    const objective = hex(sc, '1603');
    const agents = legalActions(sc, start);
    expect(agents).toContain(`order 0 ${hex(sc, '1803')}`);
    expect(agents).toContain(`order 0 ${objective}`);
    expect(agents).not.toContain(`order 0 ${empty}`);
    expect(isLegal(sc, start, `order 0 ${empty}`)).toBe(true);
    // Records, replays and the prompt take the wider choice by its key (Game.actionOf).
    expect(game.actionOf(start, `order 0 ${empty}`)).toBe(`order 0 ${empty}`);
    expect(game.actionOf(start, `order 1 ${empty}`)).toBeUndefined(); // a rifle fires no IF
    // The German rifle then stands in the hex; the fire falls on it there next turn (105 mm (H) 40 vs 8: 4-1, a 4 disperses).
    const ordered = game.apply(start, `order 0 ${empty}`, createRng(1));
    let s = edit(ordered, { 2: { hex: empty } });
    const dice = loadedDice(4);
    while (s.side === 0) s = game.apply(s, 'next', dice);
    while (s.side === 1) s = game.apply(s, 'next', dice);
    expect(s.turn).toBe(2);
    expect(flagOf(s, 2) & F_DISPERSED).toBeTruthy();
    expect(s.orders).toEqual([]);
  });

  it('PL VII.D.5: several vehicles overrun one stack as one combined attack, each leaving by its own exit hex', () => {
    const { sc, game, start } = shermansAt('0203', '0402', 'ger-rifle', '0403', 3);
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const h = hex(sc, '0403');
    const d = draftOf(sc, s);
    const k0 = overrunsOf(d, 0).find(([x]) => x === h)![1];
    const k1 = overrunsOf(d, 1).find(([x]) => x === h)![1];
    // Alone, 14 against 24 is below 1-1 (1-2, +1 column: 1-1); together 28 against 24 is 1-1, +1 column: 2-1.
    const agents = legalActions(sc, s);
    const combined = agents.find((a) => a.startsWith(`overrun 0 ${h} `) && a.split(' ').length === 6);
    expect(combined).toBeDefined();
    const action = `overrun 0 ${h} ${k0} 1 ${k1}`;
    expect(isLegal(sc, s, action)).toBe(true);
    expect(isLegal(sc, s, `overrun 0 ${h} ${k0} 0 ${k0}`)).toBe(false); // a vehicle once
    const after = game.apply(s, action, loadedDice(3)); // 3 - 2 = 1 at 2-1: X
    for (const r of [2, 3, 4]) expect(at(after, r)).toBe(ELIMINATED);
    expect(at(after, 0)).toBe(sc.map.grid.neighbour(h, k0));
    expect(at(after, 1)).toBe(sc.map.grid.neighbour(h, k1));
  });

  it('PL VII.D.5: a stack is overrun once a movement phase: no second overrun of the hex', () => {
    const { sc, game, start } = shermansAt('0203', '0402', 'ger-pz4', '0403', 1);
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const h = hex(sc, '0403');
    const k0 = overrunsOf(draftOf(sc, s), 0).find(([x]) => x === h)![1];
    const after = game.apply(s, `overrun 0 ${h} ${k0}`, loadedDice(6)); // no effect
    expect(at(after, 2)).toBe(h);
    expect(overrunsOf(draftOf(sc, after), 1).some(([x]) => x === h)).toBe(false);
  });

  it('PL VII.E: the player names the units that close assault; the rest stay free to assault another hex', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 5),
      allied: [
        { counter: 'us-rifle', hex: '0303' },
        { counter: 'us-rifle', hex: '0303' },
        { counter: 'us-mg', hex: '0303' },
      ],
      german: [
        { counter: 'ger-rifle', hex: '0403' },
        { counter: 'ger-rifle', hex: '0203' },
      ],
    });
    const s = { ...start, phase: PH_ASSAULT };
    const east = hex(sc, '0403');
    const west = hex(sc, '0203');
    // The agents assault with every eligible unit (ruling PL-R19).
    expect(legalActions(sc, s)).toContain(`cat ${east}`);
    expect(legalActions(sc, s).some((a) => a.split(' ').length > 2)).toBe(false);
    // VII.E.6: the MG only beside a non-MG infantry unit assaulting the same defender.
    expect(isLegal(sc, s, `cat ${east} 2`)).toBe(false);
    expect(isLegal(sc, s, `cat ${east} 0 2`)).toBe(true);
    // 6 + 10 = 16 vs 8: 2-1, a roll of 2 read as 0: X. The other rifle then assaults the west hex alone: 6 vs 8 (1-2 column), 1 - 2: D.
    const first = game.apply(s, `cat ${east} 0 2`, loadedDice(2));
    expect(at(first, 3)).toBe(ELIMINATED);
    expect(flagOf(first, 0) & F_ATTACKED).toBeTruthy();
    expect(flagOf(first, 1) & F_ATTACKED).toBe(0);
    expect(isLegal(sc, first, `cat ${west} 1`)).toBe(true);
    expect(isLegal(sc, first, `cat ${west} 0`)).toBe(false); // assaulted already
  });

  it('PL VII.B.8 / VII.D.5 / VII.E: the prompt reads aim, combined overruns and named assault units', () => {
    const { sc, game, start } = shermansAt('0203', '0402', 'ger-rifle', '0403', 2);
    const ui = plUi(sc);
    const building = game.apply(start, 'fire 0 2', createRng(1));
    expect(ui.parseCommand(building, ['aim', '3'], game.legalActions(building))).toBe('aim 3');
    const moving = { ...start, phase: PH_MOVE_VEHICLES };
    const typed = ui.parseCommand(moving, ['overrun', '0', '1', '0403'], game.legalActions(moving))!;
    expect(typed.split(' ').length).toBe(6);
    expect(isLegal(sc, moving, typed)).toBe(true);
    expect(ui.odds(moving, typed).length).toBeGreaterThan(0);
    expect(ui.commandHelp.some((l) => l.startsWith('aim T'))).toBe(true);
  });
});
