/**
 * PL XIV.B.7: control of bridge hexes (the hex and a hex next to it on each bank) and of whole towns (all
 * their hexes), besides the single hex of XIV.B.7.a. Positions are small scenarios written on the fly.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { outcomeOf } from '../../../src/rules/pl/game.js';
import { PH_MOVE_OTHERS } from '../../../src/rules/pl/state.js';
import { custom, edit, hex } from './helpers.js';

const GERMAN = 1;

describe('PL XIV.B.7: control of bridges and towns', () => {
  it('PL XIV.B.7.b: a bridge is controlled with its hex and a hex next to it on each side of the stream', () => {
    const river = (control: 'hex' | 'bridge') =>
      custom({
        terrain: ['.....~....', '.....~....', '.....~....', '.....~....', '.....~....'],
        allied: [{ counter: 'us-rifle', hex: '0101' }],
        german: [
          { counter: 'ger-rifle', hex: '0903' },
          { counter: 'ger-rifle', hex: '0905' },
          { counter: 'ger-truck', hex: '0901' },
        ],
        bridges: ['0603'],
        objectives: [{ hex: '0603', vp: 3, heldBy: 'allied', control }],
      });
    const { sc, game, start } = river('hex');
    // The scenario file marks the objective as a bridge.
    expect(sc.objectives[0]!.control).toBe('hex');
    const bridged = river('bridge');
    const b = bridged.sc.objectives[0]!;
    expect(b.banks.length).toBe(2);
    const bridge = hex(sc, '0603');
    const west = b.banks.find((bank) => bank.some((h) => bridged.sc.map.grid.distance(h, hex(sc, '0103')) < 5))!;
    const east = b.banks.find((bank) => bank !== west)!;
    // A German rifle on the bridge alone: the plain hex objective changes hands, the bridge does not.
    const onBridge = { ...edit(start, { 1: { hex: bridge } }), phase: PH_MOVE_OTHERS };
    expect(game.apply(onBridge, 'next', createRng(1)).control[0]).toBe(GERMAN);
    const g = bridged.game;
    const onlyBridge = { ...edit(bridged.start, { 1: { hex: bridge } }), phase: PH_MOVE_OTHERS };
    expect(g.apply(onlyBridge, 'next', createRng(1)).control[0]).toBe(0);
    // With a German unit next to it on one bank only: still Allied; on both banks: German.
    const oneBank = { ...edit(bridged.start, { 1: { hex: bridge }, 2: { hex: east[0]! } }), phase: PH_MOVE_OTHERS };
    expect(g.apply(oneBank, 'next', createRng(1)).control[0]).toBe(0);
    // XIV.B.8: a truck does not hold the west bank; a rifle that was the last unit in it does, after it has moved on.
    const truckWest = { ...edit(bridged.start, { 1: { hex: bridge }, 2: { hex: east[0]! }, 3: { hex: west[0]! } }), phase: PH_MOVE_OTHERS };
    expect(g.apply(truckWest, 'next', createRng(1)).control[0]).toBe(0);
    const rifleWest = { ...edit(bridged.start, { 1: { hex: bridge }, 2: { hex: west[0]! } }), phase: PH_MOVE_OTHERS };
    const passed = g.apply(rifleWest, 'next', createRng(1));
    const thenEast = { ...edit(passed, { 2: { hex: east[0]! } }), phase: PH_MOVE_OTHERS };
    const held = g.apply(thenEast, 'next', createRng(1));
    expect(held.control[0]).toBe(GERMAN);
    expect(outcomeOf(bridged.sc, held).vp[GERMAN]).toBeGreaterThanOrEqual(3);
  });

  it('PL XIV.B.7.c: a town is controlled when every one of its hexes is', () => {
    const { sc, game, start } = custom({
      terrain: ['..........', '...tt.....', '....t.....', '..........'],
      allied: [{ counter: 'us-rifle', hex: '0104' }],
      german: [
        { counter: 'ger-rifle', hex: '0904' },
        { counter: 'ger-rifle', hex: '0903' },
        { counter: 'ger-rifle', hex: '0902' },
      ],
      objectives: [{ hex: '0402', vp: 4, heldBy: 'allied', control: 'town' }],
    });
    const town = sc.objectives[0]!.town;
    expect(town.length).toBe(3);
    const two = { ...edit(start, { 1: { hex: town[0]! }, 2: { hex: town[1]! } }), phase: PH_MOVE_OTHERS };
    const partly = game.apply(two, 'next', createRng(1));
    expect(partly.control[0]).toBe(0);
    const all = { ...edit(partly, { 3: { hex: town[2]! } }), phase: PH_MOVE_OTHERS };
    expect(game.apply(all, 'next', createRng(1)).control[0]).toBe(GERMAN);
  });

  it('PL XIV.B.7: a bridge objective off a bridge, or a town objective off a town, is refused on loading', () => {
    expect(() =>
      custom({
        terrain: ['.....~....', '.....~....'],
        allied: [{ counter: 'us-rifle', hex: '0101' }],
        german: [{ counter: 'ger-rifle', hex: '0902' }],
        objectives: [{ hex: '0302', vp: 1, heldBy: 'allied', control: 'bridge' }],
      }),
    ).toThrow(InputError);
    expect(() =>
      custom({
        terrain: ['..........', '..........'],
        allied: [{ counter: 'us-rifle', hex: '0101' }],
        german: [{ counter: 'ger-rifle', hex: '0902' }],
        objectives: [{ hex: '0302', vp: 1, heldBy: 'allied', control: 'town' }],
      }),
    ).toThrow(/not a town hex/);
  });
});
