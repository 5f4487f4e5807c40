/**
 * The doctrine's rating of the transport actions (5.64-5.66): a weapon rides while the enemy is far and gets
 * off to fight once the enemy is near; a weapon loads only far from the enemy. Public information only.
 */
import type { ActionAssessment } from '../../core/extensions.js';
import { inspect } from './odds.js';
import type { Scenario } from './scenario.js';
import type { State } from './state.js';
import { nearestEnemyCombat } from './units.js';

/** Hexes from the nearest enemy combat unit within which a weapon wants to be off its wagon. */
const NEAR = 6;

const rating = (cohesion: number): ActionAssessment => ({ expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion });

/** The rating of `load T W` or `unload W`, or null for any other action. */
export function assessTransport(sc: Scenario, s: State, action: string, seat: number): ActionAssessment | null {
  const w = action.split(' ');
  if (w[0] !== 'load' && w[0] !== 'unload') return null;
  const d = inspect(sc, s);
  const weapon = Number(w[w[0] === 'load' ? 2 : 1]);
  const near = nearestEnemyCombat(d, d.hex(weapon), seat) <= NEAR;
  if (w[0] === 'unload') return rating(near ? 1 : -0.5);
  return rating(near ? -1 : 0.3);
}
