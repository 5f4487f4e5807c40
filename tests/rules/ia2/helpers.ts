/** Test helpers for the IA2 engine: scenarios, positions built by editing unit rows, loaded dice. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import { DIG, Draft, FLAGS, HEX, MORALE, NO_DICE, STEPS, type State } from '../../../src/rules/ia2/state.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const shipped = (id: string): string => join(root, 'scenarios', 'ia2', `${id}.json`);
export const fixture = (name: string): string => join(root, 'tests', 'rules', 'ia2', 'fixtures', `${name}.json`);

/** The proving ground (every unit type, open board): German 0-1 INF, 2 MG, 3 gun, 4 CAV, 5 Oberst (5*), 6 Major, 7 Hauptmann, 8 Rittmeister; Russian 9-10 INF, 11 MG, 12 gun, 13 CAV, 14 Lt Col (4*), 15 Kapitan, 16 Poruchik. */
export function ground(set?: Record<string, number | boolean | string>): { sc: Scenario; game: Ia2Game; start: State } {
  const sc = loadIa2Scenario(fixture('proving-ground'), set ? { set } : {});
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('ground');
  return { sc, game, start: withDefaultPlans(game, game.initialState(dice), dice) };
}

export function tiny(): { sc: Scenario; game: Ia2Game; start: State } {
  const sc = loadIa2Scenario(shipped('ia2-tiny'));
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('tiny');
  return { sc, game, start: withDefaultPlans(game, game.initialState(dice), dice) };
}

export const hex = (sc: Scenario, label: string): number => sc.map.grid.parseLabel(label);

/** The state with some units' fields replaced; every other unit taken off the map unless `keep`. */
export function edit(
  s: State,
  edits: Record<number, { hex?: number; steps?: number; flags?: number; morale?: number; dig?: number }>,
  keep = false,
): State {
  const u = s.u.map((row, i) => {
    const e = edits[i];
    const r = row.slice();
    if (!e) {
      if (!keep) r[HEX] = -1;
      return r;
    }
    if (e.hex !== undefined) r[HEX] = e.hex;
    if (e.steps !== undefined) r[STEPS] = e.steps;
    if (e.flags !== undefined) r[FLAGS] = e.flags;
    if (e.morale !== undefined) r[MORALE] = e.morale;
    if (e.dig !== undefined) r[DIG] = e.dig;
    return r;
  });
  return { ...s, u };
}

/** Dice that come up as listed: each number is a die face 1-6, taken in order (2d6 = two faces). */
export function loadedDice(...faces: number[]): Rng & { left(): number } {
  const queue = faces.slice();
  return {
    next: () => {
      throw new Error('loaded dice: next() not expected');
    },
    int: (n: number) => {
      if (n !== 6 && n !== 2) throw new Error(`loaded dice: int(${n})`);
      const f = queue.shift();
      if (f === undefined) throw new Error('loaded dice: out of faces');
      return f - 1;
    },
    left: () => queue.length,
  };
}

/** Two die faces that make a 2d6 roll of `total` (2-12). */
export function faces(total: number): [number, number] {
  const a = Math.min(6, total - 1);
  return [a, total - a];
}

export function draftOf(sc: Scenario, s: State, dice: Rng = NO_DICE): Draft {
  return new Draft(sc, s, dice, true);
}

/** The state at the start of german's first segment of turn 1, nothing activated yet. */
export const firstSegment = (s: State): State => ({
  ...s,
  turn: 1,
  active: 0,
  toMove: 0,
  initiative: 0,
  lead: 1,
  segs: [0, 0],
  lastPass: -1,
  activated: false,
  mover: -1,
});
