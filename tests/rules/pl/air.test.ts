/**
 * PL XII.A: aircraft move anywhere (they reach any target), enter and leave as the situation says, and may
 * leave sooner, never to return (ruling PL-R53). PL XII.C: the fighter-bombers flying at one hex total their
 * strengths and roll once, after the German AA has fired at them.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { isLegal, legalActions } from '../../../src/rules/pl/actions.js';
import { ELIMINATED, PH_AA, PH_AIR, PH_MOVE_VEHICLES } from '../../../src/rules/pl/state.js';
import { plUi } from '../../../src/rules/pl/ui.js';
import type { PlGame } from '../../../src/rules/pl/game.js';
import type { State } from '../../../src/rules/pl/state.js';
import { at, custom, loadedDice, open, play } from './helpers.js';

/** Plays the actions with the dice, returning the last position and every event said on the way. */
function record(game: PlGame, s: State, actions: string[], faces: number[] = []): { after: State; events: string[] } {
  const dice = loadedDice(...faces);
  const events: string[] = [];
  let x = s;
  for (const a of actions) {
    x = game.apply(x, a, dice);
    events.push(...x.events);
  }
  return { after: x, events };
}

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

describe('PL XII.C: fighter-bombers attacking together', () => {
  /** Two P-47s over two German rifle platoons stacked in a clear hex (DS 8 each); a 20 mm AA gun when asked. */
  const strike = (aa: boolean) => {
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [{ counter: 'ger-rifle', hex: '0602', count: 2 }, ...(aa ? [{ counter: 'ger-20mm', hex: '0802' }] : [])],
      aircraft: [p47('bomber', 1), p47('strafer', 1)],
    });
    return { sc, game, air: { ...start, phase: PH_AIR } };
  };

  it("PL XII.C.1 / XII.C.2.b / XII.C.3.d: two aircraft at one hex total their strengths with one roll, one's machine guns beside the other's bombs", () => {
    const { game, air } = strike(false);
    // Bombs 30 (H) and machine guns 3 (I) at a rifle platoon: 33 to 8, 4-1 (the bombs alone read 3-1);
    // 'next' ends the flying (no AA here): one roll.
    const { after, events } = record(game, air, ['air 0 1 ord', 'air 1 1 mg', 'next'], [5]);
    expect(events).toContain('air attack by bomber (bombs), strafer (machine guns) on german-ger-rifle-1: 33:8 4-1, roll 5: D');
    expect(events).toContain('german-ger-rifle-1 is dispersed');
    expect(events.filter((e) => e.endsWith('is dispersed'))).toHaveLength(1); // the other platoon of the stack was not the target
    expect(after.airOrdnance).toEqual([1, 0]);
    expect(after.airMg).toEqual([0, 1]);
    expect(after.airPending).toEqual([]);
    // The bombs alone: 30 to 8, 3-1, where a 5 does nothing.
    const alone = record(game, air, ['air 0 1 ord', 'next'], [5]);
    expect(alone.events).toContain('air attack by bomber (bombs) on german-ger-rifle-1: 30:8 3-1, roll 5: -');
  });

  it('PL XII.C.2.b / XII.C.3.c: every aircraft at a hex joins its one attack on the target chosen first, and each flies once an air phase with one weapon', () => {
    const { sc, game, air } = strike(false);
    const flown = game.apply(air, 'air 0 1 ord', loadedDice());
    const legal = game.legalActions(flown);
    expect(legal).toContain('air 1 1 mg');
    expect(legal).toContain('air 1 1 ord');
    expect(legal.some((a) => a.startsWith('air 1 2 '))).toBe(false); // the other unit of the hex is not a second attack
    expect(isLegal(sc, flown, 'air 1 2 mg')).toBe(false);
    expect(legal.some((a) => a.startsWith('air 0 '))).toBe(false); // XII.C.3.c: no machine guns after its bombs
  });

  it('PL XII.C.3.b: the player may add units of the stack to an air attack, as in direct fire; the one roll hits them all', () => {
    const { sc, game, air } = strike(false);
    const flown = play(game, air, ['air 0 1 ord']);
    expect(game.legalActions(flown)).not.toContain('aim 2'); // the agents' attacks hit one unit (ruling PL-R29)
    expect(isLegal(sc, flown, 'aim 2')).toBe(true);
    // 33 to 16, 2-1, roll 1: X on both platoons.
    const { after, events } = record(game, flown, ['aim 2', 'air 1 1 mg', 'next'], [1]);
    expect(events).toContain(
      'air attack by bomber (bombs), strafer (machine guns) on german-ger-rifle-1, german-ger-rifle-2: 33:16 2-1, roll 1: X',
    );
    expect([at(after, 1), at(after, 2)]).toEqual([ELIMINATED, ELIMINATED]);
    expect(after.aimed).toEqual([]);
  });

  it('PL XII.D.1 / XII.C.2.b: the German AA fires at the aircraft flown in, one chosen at a time, before the attack; one shot down adds nothing', () => {
    const { game, air } = strike(true);
    const flown = play(game, air, ['air 0 1 ord', 'air 1 1 mg', 'next']);
    expect(flown.phase).toBe(PH_AA);
    expect(game.toMove(flown)).toBe(1);
    expect(game.legalActions(flown)).toEqual(['aa 3 0', 'aa 3 1', 'pass']);
    // The 20 mm two hexes off hits on 2 or less: the bomber goes down; the machine guns alone, 3 to 8, do nothing.
    const { after, events } = record(game, flown, ['aa 3 0'], [2, 1]);
    expect(after.airUp).toEqual([0, 1]);
    expect(events).toContain('air attack by strafer (machine guns) on german-ger-rifle-1: 3:8 below the lowest column, roll 1: -');
    expect(at(after, 1)).toBeGreaterThanOrEqual(0);
    expect(after.phase).toBeGreaterThanOrEqual(PH_MOVE_VEHICLES);
  });

  it('PL XII.C.3.b: with every aircraft flown the air phase waits while the player may still add a unit to an attack; with none to add it goes on', () => {
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [{ counter: 'ger-rifle', hex: '0602', count: 2 }],
      aircraft: [p47('bomber', 1)],
    });
    const flown = game.apply({ ...start, phase: PH_AIR }, 'air 0 1 ord', loadedDice());
    expect(flown.phase).toBe(PH_AIR);
    expect(game.legalActions(flown)).toEqual(['next']);
    expect(isLegal(sc, flown, 'aim 2')).toBe(true);
    // Once the second platoon is added there is nothing left to choose: the attack goes in, 30 to 16, 1-1.
    const { after, events } = record(game, flown, ['aim 2'], [6]);
    expect(events).toContain('air attack by bomber (bombs) on german-ger-rifle-1, german-ger-rifle-2: 30:16 1-1, roll 6: -');
    expect(after.phase).toBeGreaterThanOrEqual(PH_MOVE_VEHICLES);
  });
});
