/**
 * The doctrine's rating of `join L U` (6.4, ruling IA2-R19): a leader going with a unit keeps it led (it may
 * close on the enemy, 3.11) and helps its morale under opportunity fire (12.13), worth more the nearer the
 * enemy and the larger his morale bonus; far from the enemy it is worth little, since he could lead more
 * pieces by moving on his own. The unit's move itself is rated by its `move` actions. Public information only.
 */
import type { ActionAssessment } from '../../core/extensions.js';
import { inspect } from './odds.js';
import type { Scenario } from './scenario.js';
import type { State } from './state.js';
import { face, nearestEnemyCombat } from './units.js';

/** Hexes from the nearest enemy combat unit within which opportunity fire is a real prospect. */
const NEAR = 6;

/** The rating of `join L U`, or null for any other action. */
export function assessJoin(sc: Scenario, s: State, action: string, seat: number): ActionAssessment | null {
  const w = action.split(' ');
  if (w[0] !== 'join') return null;
  const d = inspect(sc, s);
  const leader = Number(w[1]);
  const near = nearestEnemyCombat(d, d.hex(leader), seat) <= NEAR;
  const cohesion = near ? 0.2 + 0.15 * face(d, leader).moraleBonus : 0.05;
  return { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion };
}
