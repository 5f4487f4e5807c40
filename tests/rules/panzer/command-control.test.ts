/**
 * GMT Panzer Advanced Game grades and command control (5.8, 6.2, 6.3), the "command-control" switch,
 * asserted on the state after each action. The reference chart pack's Available Commands Table is
 * designed (Seasoned: 1 1 2 2 2 3 3 3 4 for 1-9 active units, 4 per full 10); the Command Ranges and the
 * Force Grade initiative modifiers are the text's.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { checkBailOut } from '../../../src/rules/panzer/advanced/bail-out.js';
import {
  activeUnits,
  availableCommands,
  commandRange,
  countersNeeded,
  initiativeModifier,
} from '../../../src/rules/panzer/advanced/command-control.js';
import { legalCommands, unitName } from '../../../src/rules/panzer/game.js';
import { BAILED_OUT, FIRE, MOVE, NC, OK } from '../../../src/rules/panzer/state.js';
import { cc, dice, type MiniSpec, run } from './helpers.js';

const OPEN = ['..........', '..........', '..........', '..........', '..........', '..........', '..........', '..........'];

const SEASONED = { forceGrade: 'seasoned', formations: [] };

describe('PANZER 6.2: command control', () => {
  it('PANZER 6.2.1.1.2: Command Range by Formation Grade: Elite 2, Veteran and Seasoned 1, Regulars and Green 0', () => {
    const grades = ['elite', 'veteran', 'seasoned', 'regulars', 'green'];
    const { sc } = cc(
      {
        terrain: OPEN,
        units: [...grades.map((_, k): [number, string, string, string] => [0, 'pz4h', `010${k + 1}`, 'N']), [1, 't3485', '0901', 'S']],
      },
      [{ forceGrade: 'seasoned', formations: grades.map((g) => ({ id: g, grade: g })) }, SEASONED],
      Object.fromEntries(grades.map((g, k) => [k, g])),
    );
    expect(grades.map((_, k) => commandRange(sc, sc.units[k]!.formation))).toEqual([2, 1, 1, 0, 0]);
  });

  it('PANZER 6.2.1.1: active units are the combat units on the map, plus an unarmed one in Command Range of one, no more than combat units', () => {
    const { sc, start } = cc(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0104', 'N'],
          [0, 'opel', '0204', 'N'],
          [0, 'opel', '0205', 'N'],
          [0, 'opel', '0704', 'N'],
          [1, 't3485', '0901', 'S'],
        ],
      },
      [SEASONED, SEASONED],
    );
    // The tank, and one of the two trucks in range (1 hex); the far truck is not active.
    expect(activeUnits(sc, start, 0)).toEqual([0, 1]);
    const gone = { ...start, units: start.units.map((u, i) => (i === 0 ? { ...u, status: BAILED_OUT } : u)) };
    expect(activeUnits(sc, gone, 0)).toEqual([]);
    // 6.2.1.1.1: never less than one command.
    expect(availableCommands(sc, gone, 0)).toBe(1);
  });

  it('PANZER 6.2.1.1.1: Available Commands read the Force Grade row at the active units: tens times the 10s column plus the units column', () => {
    const units: [number, string, string, string][] = [];
    for (let k = 0; k < 12; k++) units.push([0, 'ger-squad', `${String((k % 10) + 1).padStart(2, '0')}0${Math.floor(k / 10) + 1}`, 'N']);
    units.push([1, 't3485', '0908', 'S']);
    const { sc, start } = cc({ terrain: OPEN, units }, [SEASONED, SEASONED]);
    // Seasoned, 12 active units: 4 (one full 10) + 1 (2 units).
    expect(activeUnits(sc, start, 0)).toHaveLength(12);
    expect(availableCommands(sc, start, 0)).toBe(5);
    const elite = cc({ terrain: OPEN, units }, [{ forceGrade: 'elite', formations: [] }, SEASONED]);
    expect(availableCommands(elite.sc, elite.start, 0)).toBe(8);
  });

  it('PANZER 6.2.1.1.3: units with the same command in Command Range of one another share a counter; past the Available Commands a unique command is not offered', () => {
    const { sc, game, start } = cc(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0104', 'N'],
          [0, 'pz4h', '0204', 'N'],
          [0, 'pz4h', '0504', 'N'],
          [0, 'pz4h', '0804', 'N'],
          [1, 't3485', '0901', 'S'],
        ],
      },
      [SEASONED, SEASONED],
    );
    // Four active units, Seasoned: 2 commands; Command Range 1.
    expect(availableCommands(sc, start, 0)).toBe(2);
    let s = run(game, start, ['o:0:M', 'o:1:M'], createRng('o'));
    // #0 and #1 are adjacent: one MOVE counter.
    expect(countersNeeded(sc, s, 0)).toBe(1);
    s = game.apply(s, 'o:2:O', createRng('o'));
    expect(countersNeeded(sc, s, 0)).toBe(2);
    // Both counters are placed: #3, far from the others, may take only N/C.
    expect(legalCommands(sc, s, 3)).toEqual([NC]);
    // A whole-side set: the commands past the limit become N/C, in the order of the units.
    // #0 and #1 share one MOVE counter, #2 takes the second, #3 is left with N/C.
    const set = game.apply(start, 'O:MMMM', createRng('o'));
    expect(set.units.slice(0, 4).map((u) => u.cmd)).toEqual([MOVE, MOVE, MOVE, NC]);
    expect(legalCommands(sc, start, 0)).toContain(FIRE);
  });

  it('PANZER 6.2: without the command-control module every unit takes its own command and grades are Seasoned', () => {
    const { sc, game, start } = cc(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0104', 'N'],
          [0, 'pz4h', '0504', 'N'],
          [0, 'pz4h', '0804', 'N'],
          [1, 't3485', '0901', 'S'],
        ],
      },
      [{ forceGrade: 'green', formations: [] }, SEASONED],
      {},
      ['leg-towed', 'gp-fire'],
    );
    const set = game.apply(start, 'O:MMM', createRng('o'));
    expect(set.units.slice(0, 3).map((u) => u.cmd)).toEqual([MOVE, MOVE, MOVE]);
    expect(sc.units[0]!.grade).toBe(2);
    expect(initiativeModifier(sc, 0)).toBe(0);
  });
});

describe('PANZER 5.8: grades', () => {
  it('PANZER 6.3.2: each side adds its Force Grade modifier to its initiative roll (Veteran +20 against Green -40)', () => {
    const { sc, game, start } = cc(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0104', 'N'],
          [1, 't3485', '0901', 'S'],
        ],
      },
      [
        { forceGrade: 'veteran', formations: [] },
        { forceGrade: 'green', formations: [] },
      ],
    );
    expect([initiativeModifier(sc, 0), initiativeModifier(sc, 1)]).toEqual([20, -40]);
    // German 30 + 20 = 50 beats Soviet 80 - 40 = 40.
    const s = run(game, start, ['o:0:N', 'o:1:N'], dice(30, 80));
    expect(s.initiativeRolls).toEqual([50, 40]);
    expect(s.chooser).toBe(0);
  });

  it('PANZER 5.8.3: a unit takes its Formation Grade unless the scenario gives it its own; an unknown formation is refused', () => {
    const spec: MiniSpec = {
      terrain: OPEN,
      units: [
        [0, 'pz4h', '0104', 'N'],
        [0, 'pz4h', '0204', 'N'],
        [1, 't3485', '0901', 'S'],
      ],
    };
    const sides = [{ forceGrade: 'seasoned', formations: [{ id: 'a', grade: 'elite' }] }, SEASONED];
    const { sc } = cc(spec, sides, { 0: 'a', 1: 'a' });
    expect([sc.units[0]!.grade, sc.units[1]!.grade]).toEqual([0, 0]);
    expect(() => cc(spec, sides, { 0: 'b' })).toThrow(InputError);
    expect(() => cc(spec, sides, { 0: 'b' })).toThrow(/formation/);
  });

  it('PANZER 5.8.3 / 6.5.2.6.1: the Unit Grade modifies a crew bail out roll: Green -5 bails out on 32 against 30, Seasoned does not', () => {
    const spec: MiniSpec = {
      terrain: OPEN,
      units: [
        [0, 'pz4h', '0104', 'N'],
        [1, 't3485', '0901', 'S'],
      ],
    };
    const green = cc(spec, [{ forceGrade: 'green', formations: [] }, SEASONED]);
    const seasoned = cc(spec, [SEASONED, SEASONED]);
    const g = checkBailOut(green.sc, green.start, 0, 'track', dice(32), null, unitName);
    const s = checkBailOut(seasoned.sc, seasoned.start, 0, 'track', dice(32), null, unitName);
    expect([g.units[0]!.status, s.units[0]!.status]).toEqual([BAILED_OUT, OK]);
  });
});
