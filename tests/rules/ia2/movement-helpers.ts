/** Test helpers for the IA2 movement rules (rivers, transports, the march): the river ground and row edits. */
import { createRng } from '../../../src/core/rng.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import type { State } from '../../../src/rules/ia2/state.js';
import { fixture } from './helpers.js';

/**
 * The river ground: a minor river down column 04 and a major one down column 08, a road along row 06 (bridges
 * at 0406 and 0806), fords at 0409 and 0810, woods walling the corner 0101. German 0-1 INF, 2 MG (limbered),
 * 3 gun (limbered), 4 CAV, 5 Oberst, 6 Major, 7 Rittmeister, 8-9 wagons, 10 MG loaded on 8, 11 horse-artillery
 * gun, 12 horse-artillery wagon; Russian 13-14 INF, 15 wagon, 16 Lt Col. East banks are bank 1, west banks 2.
 */
export function riverGround(): { sc: Scenario; game: Ia2Game; start: State } {
  const sc = loadIa2Scenario(fixture('river-ground'));
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('river');
  return { sc, game, start: withDefaultPlans(game, game.initialState(dice), dice) };
}

/** The state with one field of some units' rows set. */
export function withField(s: State, field: number, values: Record<number, number>): State {
  return { ...s, u: s.u.map((row, i) => (values[i] === undefined ? row : row.map((v, k) => (k === field ? values[i]! : v)))) };
}

/** The state at the start of a segment of `side`, nothing activated. */
export const segmentOf = (s: State, side: number): State => ({ ...s, active: side, toMove: side, activated: false, mover: -1 });
