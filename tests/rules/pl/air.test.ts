/**
 * PL XII.A: aircraft move anywhere (they reach any target), enter and leave as the situation says, and may
 * leave sooner, never to return (ruling PL-R53).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { isLegal, legalActions } from '../../../src/rules/pl/actions.js';
import { PH_AIR, PH_MOVE_VEHICLES } from '../../../src/rules/pl/state.js';
import { plUi } from '../../../src/rules/pl/ui.js';
import { custom, open } from './helpers.js';

const p47 = (id: string, arrives: number, leaves?: number) => ({
  id,
  name: id,
  ordnance: 'bombs',
  mg: { attack: 3, weapon: 'I' },
  arrives,
  ...(leaves ? { leaves } : {}),
});

describe('PL XII.A: aircraft over the map', () => {
  it('PL XII.A.1 / XII.A.3: an aircraft attacks only from its arrival turn to its leaving turn, anywhere on the map', () => {
    const { sc, game, start } = custom({
      terrain: open(30, 3),
      allied: [{ counter: 'us-rifle', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '3002' }],
      aircraft: [p47('early', 1, 1), p47('late', 2)],
      turns: 3,
    });
    const turn1 = game.apply(start, 'next', createRng(1));
    expect(turn1.phase).toBe(PH_AIR);
    const t1 = legalActions(sc, turn1).filter((a) => a.startsWith('air'));
    // XII.A.2: 29 hexes away is no obstacle; only the aircraft that has arrived attacks.
    expect(t1).toContain('air 0 1 ord');
    expect(t1.some((a) => a.startsWith('air 1 '))).toBe(false);
    const turn2 = { ...start, turn: 2, phase: PH_AIR };
    const t2 = legalActions(sc, turn2).filter((a) => a.startsWith('air'));
    expect(t2.some((a) => a.startsWith('air 0 '))).toBe(false); // left after turn 1
    expect(t2).toContain('air 1 1 ord');
  });

  it('PL XII.A.3: an aircraft may leave sooner and never comes back; the agents do not weigh leaving', () => {
    const { sc, game, start } = custom({
      terrain: open(10, 3),
      allied: [{ counter: 'us-rifle', hex: '0102' }],
      german: [{ counter: 'ger-rifle', hex: '0902' }],
      aircraft: [p47('p47', 1)],
      turns: 3,
    });
    const air = game.apply(start, 'next', createRng(1));
    expect(legalActions(sc, air)).not.toContain('leave 0');
    expect(isLegal(sc, air, 'leave 0')).toBe(true);
    expect(plUi(sc).parseCommand(air, ['leave', '0'], game.legalActions(air))).toBe('leave 0');
    const gone = game.apply(air, 'leave 0', createRng(2));
    expect(gone.airUp[0]).toBe(0);
    expect(gone.phase).toBeGreaterThanOrEqual(PH_MOVE_VEHICLES); // the air phase has nothing left to do
    expect(isLegal(sc, { ...gone, turn: 2, phase: PH_AIR }, 'air 0 1 ord')).toBe(false);
  });

  it('PL XII.A.3: an aircraft that leaves before it arrives is refused on loading', () => {
    expect(() =>
      custom({
        terrain: open(10, 3),
        allied: [{ counter: 'us-rifle', hex: '0102' }],
        german: [{ counter: 'ger-rifle', hex: '0902' }],
        aircraft: [p47('p47', 3, 2)],
      }),
    ).toThrow(/leaves/);
  });
});
