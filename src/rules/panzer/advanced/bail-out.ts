/**
 * Advanced Game bail out (5.15, 6.5.2.6.1, 6.5.4.5): after a No Damage, Damaged or Track result from AP
 * fire, or a Damaged or Track result from GP fire, the crew of a vehicle still in action rolls(100) on the
 * Bail Out Table's Crew row; at or under the value it abandons the vehicle for good (a BAIL marker). Every
 * unit is Seasoned (no grade modifier, ruling PZ-R16). With "transport", passengers of a carrier whose crew stays check on the Pass row (6.5.2.6.2).
 */
import type { Rng } from '../../../core/game.js';
import type { Scenario } from '../scenario.js';
import { bailOutGradeModifier } from './command-control.js';
import { dismounted } from './transport.js';
import { alive, BAILED_OUT, MOUNTED, type State, SUPPRESSION_ON, type Unit, withUnit } from '../state.js';

/** The results a crew may bail out on: a penetration that did no damage (AP only), damage, a track hit. */
export type BailCause = 'noDamage' | 'damaged' | 'track';

/** The Bail Out Table's Crew value for a cause (6.5.2.6.1). */
export function bailValue(sc: Scenario, cause: BailCause): number {
  return sc.adv!.bailOut![cause].value;
}

/**
 * 6.5.2.6.1: the crew of vehicle u checks for bail out after `cause`, rolling at once; a vehicle already
 * out of action does not. Returns the state, with the vehicle BAILED_OUT when the roll is at or under the value.
 */
export function checkBailOut(
  sc: Scenario,
  state: State,
  u: number,
  cause: BailCause,
  rng: Rng,
  log: string[] | null,
  name: (sc: Scenario, u: number) => string,
): State {
  if (!sc.modules.bailOut || !alive(state.units[u]!)) return state;
  // 6.5.2.6.1: the Unit Grade modifies the roll (Elite +5, Green -5).
  const roll = rng.int(100) + 1 + bailOutGradeModifier(sc, u);
  const value = bailValue(sc, cause);
  const bails = roll <= value;
  log?.push(`${name(sc, u)} crew bail-out check (${cause}): rolled ${roll} against ${value}: ${bails ? 'the crew bails out' : 'stays'}`);
  if (bails) return { ...state, units: withUnit(state.units, u, { status: BAILED_OUT }) };
  return passengersCheck(sc, state, u, cause, rng, log, name);
}

/**
 * 6.5.2.6.2: the crew stayed: each passenger of carrier u rolls(100) on the Pass row of `cause` (grade
 * modifier as the crew's); at or under the value it bails out into the carrier's hex, SUPPRESSION/ON,
 * facing as the carrier, its move spent. Under Cover transport does not roll (6.5.4.2.3).
 */
function passengersCheck(
  sc: Scenario,
  state: State,
  u: number,
  cause: BailCause,
  rng: Rng,
  log: string[] | null,
  name: (sc: Scenario, u: number) => string,
): State {
  const pass = sc.adv!.bailOut!.pass;
  if (!sc.modules.transport || !pass || sc.units[u]!.transport?.underCover) return state;
  const c = state.units[u]!;
  let units: readonly Unit[] = state.units;
  state.units.forEach((p, i) => {
    if (p.status !== MOUNTED || p.carrier !== u) return;
    const roll = rng.int(100) + 1 + bailOutGradeModifier(sc, i);
    const value = pass[cause].value;
    const bails = roll <= value;
    log?.push(
      `${name(sc, i)} passenger bail-out check (${cause}): rolled ${roll} against ${value}: ${bails ? 'bails out' : 'stays aboard'}`,
    );
    if (bails) units = withUnit(units, i, dismounted(c, { sup: SUPPRESSION_ON }));
  });
  return units === state.units ? state : { ...state, units: [...units] };
}
