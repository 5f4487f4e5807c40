/** Test helpers for the SPG engine: the shipped tiny scenario, positions built by editing unit rows, loaded dice. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { loadSpgScenario, type Scenario } from '../../../src/rules/spg/scenario.js';
import { CARRIER, Draft, FLAGS, HEX, STEPS, type State } from '../../../src/rules/spg/state.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const scenarioFile = (id: string): string => join(root, 'scenarios', 'spg', `${id}.json`);

export function tiny(set?: Record<string, number | boolean | string>): { sc: Scenario; game: SpgGame; start: State } {
  const sc = loadSpgScenario(scenarioFile('spg-tiny'), set ? { set } : {});
  const game = new SpgGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('tiny')) };
}

/** A hex by its board label. */
export const hex = (sc: Scenario, label: string): number => sc.map.grid.parseLabel(label);

/** The state with some units' fields replaced (`carrier`: the carrying unit's index, -1 for none). */
export function edit(s: State, edits: Record<number, { hex?: number; steps?: number; flags?: number; carrier?: number }>): State {
  const u = s.u.map((row, i) => {
    const e = edits[i];
    if (!e) return row;
    const r = row.slice();
    if (e.hex !== undefined) r[HEX] = e.hex;
    if (e.steps !== undefined) r[STEPS] = e.steps;
    if (e.flags !== undefined) r[FLAGS] = e.flags;
    if (e.carrier !== undefined) r[CARRIER] = e.carrier + 1;
    return r;
  });
  return { ...s, u };
}

/** Dice that come up as listed: each number is a die face 1-6, taken in order (2d6 = two faces). */
export function loadedDice(...faces: number[]): Rng {
  const queue = faces.slice();
  return {
    next: () => {
      throw new Error('loaded dice: next() not expected');
    },
    int: (n: number) => {
      if (n !== 6) throw new Error(`loaded dice: int(${n})`);
      const f = queue.shift();
      if (f === undefined) throw new Error('loaded dice: out of faces');
      return f - 1;
    },
  };
}

/** Two die faces that make a 2d6 roll of `total` (2-12). */
export function faces(total: number): [number, number] {
  const a = Math.min(6, total - 1);
  return [a, total - a];
}

/** A draft of `s` rolling `dice`. */
export function draftOf(sc: Scenario, s: State, dice: Rng): Draft {
  return new Draft(sc, s, dice, true);
}
