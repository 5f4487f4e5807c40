/**
 * GMT Panzer Advanced Game transport (6.6.7, 6.5.2.6.2, 6.5.4.2.3), the "transport" switch: the reference
 * trucks (opel, studebaker: TR 1-4, not Under Cover, designed), squads (passenger 0-2), sections (0-1) and
 * towed guns (1-1), asserted on the state after each action.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { gpDefense } from '../../../src/rules/panzer/advanced/gp-fire.js';
import { hasRoom, passengerFates, reverses } from '../../../src/rules/panzer/advanced/transport.js';
import { commandable, legalActions, unitName } from '../../../src/rules/panzer/game.js';
import { canFireGpAt, destinations, moveAllowance } from '../../../src/rules/panzer/rules.js';
import {
  ELIMINATED,
  FIRE,
  KNOCKED_OUT,
  MOUNTED,
  MOVE,
  OK,
  SPOT_MOVE,
  type State,
  SUPPRESSION_ON,
} from '../../../src/rules/panzer/state.js';
import { dice, hex, type MiniSpec, movePhase, run, transport, withUnits } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];

describe('PANZER 6.6.7: transport', () => {
  it('PANZER 6.6.7.1: a truck (TR 1-4) takes two squads (2 each) but not a third, and tows one gun at most', () => {
    const { sc, start } = transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0305', 'N'],
          [0, 'ger-squad', '0305', 'N'],
          [0, 'ger-squad', '0305', 'N'],
          [0, 'ger-squad', '0305', 'N'],
          [0, 'pak40', '0305', 'N'],
          [1, 'sov-squad', '0301', 'S'],
        ],
      },
      { 1: 0, 2: 0 },
    );
    expect([start.units[1]!.status, start.units[2]!.status]).toEqual([MOUNTED, MOUNTED]);
    expect(hasRoom(sc, start, 0, 3)).toBe(false);
    // One squad aboard: room for the gun (towed 1, leg 1) as well.
    const one = withUnits(start, { 2: { status: OK, carrier: -1 } });
    expect(hasRoom(sc, one, 0, 4)).toBe(true);
    expect(hasRoom(sc, withUnits(one, { 4: { status: MOUNTED, carrier: 0 } }), 0, 2)).toBe(false);
  });

  it('PANZER 6.6.7: a passenger has no command of its own, is not a target and moves with its carrier', () => {
    const { sc, game, start } = transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0308', 'N'],
          [0, 'ger-squad', '0308', 'N'],
          [1, 'sov-squad', '0306', 'S'],
        ],
      },
      { 1: 0 },
    );
    expect(commandable(sc, start, 0)).toEqual([0]);
    expect(canFireGpAt(sc, { ...start, units: start.units.map((u) => ({ ...u, spotted: true })) }, 2, 1)).toBe(false);
    const s = movePhase(start, { 0: MOVE });
    const to = hex(sc, '0307');
    // 6.6.7.1.2: the passenger may bail out as the move starts and after its step; it rides on.
    const after = run(game, s, [`m:0:${to}:0`, 'go', 'go'], createRng('m'));
    expect(after.units[0]!.hex).toBe(to);
    expect([after.units[1]!.status, after.units[1]!.hex, after.units[1]!.carrier]).toEqual([MOUNTED, to, 0]);
  });

  it('PANZER 6.6.7.1.1: a squad with MOVE next to a truck mounts it with its whole move; the truck then moves with half its MF', () => {
    const { sc, game, start } = transport({
      terrain: OPEN,
      units: [
        [0, 'opel', '0308', 'N'],
        [0, 'ger-squad', '0309', 'N'],
        [1, 'sov-squad', '0301', 'S'],
      ],
    });
    const s = movePhase(start, { 0: MOVE, 1: MOVE });
    const full = moveAllowance(sc, s, 0, false);
    expect(legalActions(sc, s)).toContain('b:1:0');
    const after = game.apply(s, 'b:1:0', createRng('b'));
    expect(after.units[1]).toMatchObject({ status: MOUNTED, carrier: 0, hex: hex(sc, '0308'), moved: true });
    expect(after.units[0]!.transferred).toBe(true);
    expect(moveAllowance(sc, after, 0, false)).toBe(full - Math.floor(full / 2));
  });

  it('PANZER 6.6.7.1.1: the carrier dismounts its passengers into its hex before it moves: SPOT/MOVE, no command, their move spent', () => {
    const { sc, game, start } = transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0308', 'N'],
          [0, 'ger-squad', '0308', 'N'],
          [0, 'ger-section', '0308', 'N'],
          [1, 'sov-squad', '0301', 'S'],
        ],
      },
      { 1: 0, 2: 0 },
    );
    const s = movePhase(start, { 0: MOVE });
    expect(legalActions(sc, s)).toContain('d:0');
    const after = game.apply(s, 'd:0', createRng('d'));
    for (const p of [1, 2])
      expect(after.units[p]).toMatchObject({ status: OK, carrier: -1, hex: hex(sc, '0308'), mark: SPOT_MOVE, moved: true, ordered: false });
    // The truck still moves, with what the dismount left it.
    expect(legalActions(sc, after).some((a) => a.startsWith('m:0:'))).toBe(true);
    expect(legalActions(sc, after)).not.toContain('d:0');
  });

  it('PANZER 6.6.7.1: a vehicle towing a gun takes no route that reverses; without the gun it may', () => {
    const { sc, start } = transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0305', 'N'],
          [0, 'pak40', '0305', 'N'],
          [1, 'sov-squad', '0301', 'S'],
        ],
      },
      { 1: 0 },
    );
    const s = movePhase(start, { 0: MOVE });
    const behind = hex(sc, '0306');
    const reverseTo = destinations(sc, s, 0).find((d) => d.hex === behind && d.facing === 0);
    expect(reverseTo).toBeDefined();
    expect(reverses(sc, s.units[0]!.hex, 0, reverseTo!.steps)).toBe(true);
    expect(legalActions(sc, s)).not.toContain(`m:0:${behind}:0`);
    const free = withUnits(s, { 1: { status: OK, carrier: -1 } });
    expect(legalActions(sc, free)).toContain(`m:0:${behind}:0`);
  });

  it('PANZER 6.5.4.2.3: GP fire at a carrier attacks each passenger too, at the set GPD 1S of a truck without Under Cover', () => {
    const { sc, game, start } = transport(
      {
        terrain: ['.......', '.......', '...w...', '.......', '.......'],
        units: [
          [0, 'opel', '0303', 'N'],
          [0, 'ger-squad', '0303', 'N'],
          [1, 'sov-squad', '0302', 'S'],
        ],
      },
      { 1: 0 },
    );
    // In woods or not, moving or not: the passenger's GPD is set.
    expect(gpDefense(sc, start, 1, true)).toEqual({ value: 1, type: 'S' });
    const fire: State = {
      ...start,
      phase: 'fire',
      first: 1,
      stepSeat: 1,
      owStage: 0,
      units: start.units.map((u, i) => (i === 2 ? { ...u, ordered: true, cmd: FIRE } : { ...u, spotted: true })),
    };
    expect(legalActions(sc, fire)).toEqual(['g:2:0']);
    const after = run(game, fire, ['g:2:0'], dice(100));
    // The squad aboard took its own roll: effective, reduced to its half-squad and suppressed.
    expect(after.units[1]!.half).toBe(true);
    expect(after.units[1]!.sup).toBe(SUPPRESSION_ON);
    expect(after.events.some((e) => e.includes(`at ${unitName(sc, 1)}`))).toBe(true);
  });

  it('PANZER 6.5.2.6.2: when the carrier is knocked out a leg passenger escapes on 41 or more (designed), suppressed, else it is eliminated', () => {
    const { sc, start } = transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0305', 'N'],
          [0, 'ger-squad', '0305', 'N'],
          [0, 'pak40', '0305', 'N'],
          [1, 'sov-squad', '0301', 'S'],
        ],
      },
      { 1: 0, 2: 0 },
    );
    const ko = withUnits(start, { 0: { status: KNOCKED_OUT } });
    // The squad rolls 41 (escapes), the towed gun 60 (needs 61, the text's example): lost.
    const after = passengerFates(sc, ko, dice(41, 60), null, unitName);
    expect(after.units[1]).toMatchObject({ status: OK, carrier: -1, sup: SUPPRESSION_ON, hex: ko.units[0]!.hex });
    expect(after.units[2]!.status).toBe(ELIMINATED);
    const lost = passengerFates(sc, ko, dice(40), null, unitName);
    expect(lost.units[1]!.status).toBe(ELIMINATED);
  });

  it('PANZER 6.6.7: a unit starting mounted needs the transport module and a carrier listed before it', () => {
    const spec: MiniSpec = {
      terrain: OPEN,
      units: [
        [0, 'opel', '0305', 'N'],
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0301', 'S'],
      ],
    };
    expect(() => transport(spec, { 1: 0 }, ['leg-towed', 'gp-fire'])).toThrow(InputError);
    expect(() => transport(spec, { 1: 0 }, ['leg-towed', 'gp-fire'])).toThrow(/mountedOn/);
    expect(() => transport(spec, { 0: 1 })).toThrow(/mountedOn/);
  });
});
