/**
 * Advanced Game GP fire resolved on the state (6.5.4.4) and the suppression life cycle (5.10, 6.8.3,
 * 6.8.4): a new suppression puts SUPPRESSION/ON (or turns OFF back to ON); in the Adjustment Phase units
 * under SUPPRESSION/OFF roll to recover, then every ON turns to OFF. Dice come from the rng given.
 */
import type { Rng } from '../../../core/game.js';
import { inCone, smokeOnLine } from '../rules.js';
import { gradeGpModifier, recoveryRange } from './grades.js';
import type { Scenario } from '../scenario.js';
import {
  BREWED_UP,
  DAMAGED,
  ELIMINATED,
  KNOCKED_OUT,
  NC,
  NOT_HULL_DOWN,
  NOT_SUPPRESSED,
  SPOT_FIRE,
  SPOT_FIRE_SA,
  type State,
  SUPPRESSION_OFF,
  SUPPRESSION_ON,
  type Unit,
  withUnit,
  withWreck,
} from '../state.js';
import { checkBailOut } from './bail-out.js';
import { type GpFigures, type GpOutcome, gpFigures, gpResult } from './gp-fire.js';
import { hullDownAgainst } from './hit-locations.js';

type Log = string[] | null;
type Namer = (sc: Scenario, u: number) => string;

/** The figures of a GP shot as the rules read them now (the target's MOVE shown or not). */
export function gpShotFigures(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  moving: boolean,
  dual = false,
) {
  const fig = gpFigures(sc, state, firer, target, overwatch, moving, smokeOnLine, inCone(sc, state, firer, target), dual);
  // 6.5.4.3: the firer's Unit Grade by range band (5.8.3); direct fire only (indirect fire has no firer grade, 5.8.3).
  const grade = fig.factor > 0 ? gradeGpModifier(sc, firer, fig.band) : 0;
  return grade === 0 ? fig : { ...fig, modifier: fig.modifier + grade };
}

/** The change a GP outcome makes to the target (6.5.4.4.2, 6.5.4.4.3); `hull`: AG damage to the hull rather than the turret. */
function outcomeChange(u: Unit, outcome: GpOutcome, hull: boolean): Partial<Unit> {
  switch (outcome) {
    case 'none':
      return {};
    case 'suppressed':
      return { sup: SUPPRESSION_ON };
    case 'reduced':
      return { half: true, sup: SUPPRESSION_ON };
    case 'eliminated':
      return { status: ELIMINATED };
    case 'damaged':
      // A second damage is a KO; without AG hit locations turret and hull damage are the Basic Game's DAMAGED (ruling PZ-R21).
      return u.status === DAMAGED ? { status: KNOCKED_OUT } : { status: DAMAGED, dmgHull: hull };
    case 'track':
      return { immobile: true };
    case 'knocked-out':
      return { status: KNOCKED_OUT };
    case 'brewed-up':
      return { status: BREWED_UP };
  }
}

/**
 * 6.5.4.4: one GP direct fire shot: roll(100) plus the net modifier against the N and S numbers, the result
 * applied; the firer takes SPOT/FIRE (SPOT/FIRE SA for small arms, 6.1.3) and shows its command.
 */
export function applyGpShot(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  rng: Rng,
  log: Log,
  name: Namer,
  dual = false,
): State {
  const t = state.units[target]!;
  const fig = gpShotFigures(sc, state, firer, target, overwatch, t.movingShown, dual);
  // 6.1.3: a unit that fired anything but small arms this turn keeps its SPOT/FIRE (5.14: it may fire twice).
  const f = state.units[firer]!;
  const mark = fig.smallArms && !(f.fired && f.mark === SPOT_FIRE) ? SPOT_FIRE_SA : SPOT_FIRE;
  const marked: State = {
    ...state,
    units: withUnit(state.units, firer, { fired: true, shown: true, mark }),
  };
  const what = `${name(sc, firer)} ${overwatch ? 'overwatch-fires' : 'fires'} ${dual ? 'its Dual Fire weapon, ' : ''}GP`;
  return applyGpAttack(sc, marked, target, fig, what, hullDownAgainst(sc, state, firer, target) !== NOT_HULL_DOWN, rng, log, name);
}

/**
 * 6.5.4.4: one GP attack on `target` with figures `fig` (direct fire, or indirect fire, 6.5.1.13): roll(100)
 * plus the net modifier against the N and S numbers, then roll(10) (KO or BU, turret or hull), the result
 * applied and the crew's bail out check (6.5.4.5). `hullDown`: a track result does nothing (direct fire at a
 * hull down target, 6.5.4.4.2). `what` opens the log line ("#3 Pz IV fires GP").
 */
export function applyGpAttack(
  sc: Scenario,
  state: State,
  target: number,
  fig: GpFigures,
  what: string,
  hullDown: boolean,
  rng: Rng,
  log: Log,
  name: Namer,
): State {
  const t = state.units[target]!;
  const roll = rng.int(100) + 1;
  const total = roll + fig.modifier;
  const roll10 = rng.int(10) + 1;
  let outcome = gpResult(sc, state, target, fig, total, roll10);
  if (outcome === 'track' && hullDown) outcome = 'none';
  // 6.5.4.4.2: with AG hit locations the roll(10) tells turret (1-4) from hull damage.
  const change = outcomeChange(state.units[target]!, outcome, sc.modules.agHits && roll10 > 4);
  const units = withUnit(state.units, target, change);
  const wrecks = withWreck(state.wrecks, t.hex, units[target]!.status);
  log?.push(
    `${what} ${fig.factor}${fig.smallArms ? ' (small arms)' : ''} at ${name(sc, target)} (GPD ${fig.gpd}${fig.type}): N ${fig.n}, S ${fig.s}, rolled ${roll}${fig.modifier >= 0 ? '+' : ''}${fig.modifier} = ${total}: ${outcome}`,
  );
  let after: State = { ...state, units, wrecks };
  // 6.5.4.5: a vehicle's crew may bail out after a GP Damaged or Track result (a second track hit changes nothing).
  if (units[target]!.status === DAMAGED && outcome === 'damaged') after = checkBailOut(sc, after, target, 'damaged', rng, log, name);
  else if (outcome === 'track' && !t.immobile) after = checkBailOut(sc, after, target, 'track', rng, log, name);
  return after;
}

/**
 * 6.8.3: each unit under SUPPRESSION/OFF rolls(100), +20 when its command was not N/C (6.8.3.1.1), +10 when
 * it was fired at this turn (6.8.3.1.2); at or under the recovery range the counter comes off. Then 6.8.4:
 * every SUPPRESSION/ON turns OFF and the UNDER FIRE marks come off.
 */
export function recoverSuppression(sc: Scenario, state: State, rng: Rng, log: Log, name: Namer): State {
  const adv = sc.adv!;
  const units = state.units.map((u, i) => {
    let sup = u.sup;
    if (sup === SUPPRESSION_OFF && u.status !== ELIMINATED) {
      const roll = rng.int(100) + 1;
      const mod =
        (u.ordered && u.cmd !== NC ? adv.modifiers.recoveryNotNc.value : 0) + (u.underFire ? adv.modifiers.recoveryUnderFire.value : 0);
      // 6.8.3: the Sup'd Recvy range of the unit's grade (5.8.3).
      const range = recoveryRange(sc, i, adv.suppressionRecovery.value);
      const recovered = roll + mod <= range;
      log?.push(
        `${name(sc, i)} suppression recovery: rolled ${roll}+${mod} against ${range}: ${recovered ? 'recovers' : 'stays suppressed'}`,
      );
      if (recovered) sup = NOT_SUPPRESSED;
    } else if (sup === SUPPRESSION_ON) sup = SUPPRESSION_OFF;
    return sup === u.sup && !u.underFire ? u : { ...u, sup, underFire: false };
  });
  return { ...state, units };
}
