/**
 * Dual Fire (5.14, module "dual-fire"): a squad or half-squad fires its own weapon and its attached
 * crew-served weapons (its Dual Fire weapons) in the same turn. The Dual Fire weapon's shot takes a
 * modifier when the unit's own weapon fires too: at the same target AP -1 / GP -5, at a different target
 * AP -3 / GP -10 (6.5.2.4, 6.5.4.3); fired alone, either weapon fires normally. A suppressed unit fires a
 * single weapon. A passenger's modifier comes from its own fire only (6.6.7.2).
 *
 * Ruling PZ-R75: the own weapon is announced first; a unit that announces its Dual Fire weapon first has
 * chosen to fire that weapon alone (5.14: "if only one of the weapons is firing ... the modifier is
 * ignored") and fires nothing else this turn.
 */
import type { Scenario, VehicleDef } from '../scenario.js';
import { MOUNTED, NOT_SUPPRESSED, type State } from '../state.js';

/** Whether a unit has a Dual Fire weapon (an attached weapon of a squad, with the module on). */
export function hasDualWeapon(def: VehicleDef): boolean {
  return def.dualAp || def.gpDual < def.gp.length;
}

/** Whether `def`'s AP or GP shot (`gp`) with its Dual Fire weapon (`dual`) or its own exists at all. */
export function hasWeapon(def: VehicleDef, gp: boolean, dual: boolean): boolean {
  if (!gp) return dual === def.dualAp;
  return dual ? def.gpDual < def.gp.length : def.gpDual > 0;
}

/**
 * 5.14, ruling PZ-R75: whether unit u may still announce a shot with its Dual Fire weapon (`dual`) or its
 * own. Own weapon: nothing announced yet. Dual Fire weapon: not yet announced, and either nothing else
 * announced (it fires alone) or the own weapon announced and the unit not suppressed (Dual Fire).
 */
export function weaponFree(state: State, u: number, dual: boolean): boolean {
  const x = state.units[u]!;
  if (!dual) return !x.fired && !x.dualFired && x.firedAt < 0;
  if (x.dualFired) return false;
  return x.firedAt >= 0 ? x.sup === NOT_SUPPRESSED : !x.fired;
}

/**
 * 6.5.2.4 / 6.5.4.3: the Dual Fire modifier of a shot of `firer`'s Dual Fire weapon at `target`: 0 when
 * its own weapon has not fired this turn, else the same-target or different-target figure.
 */
export function dualFireModifier(sc: Scenario, state: State, firer: number, target: number, gp: boolean): number {
  const at = state.units[firer]!.firedAt;
  if (at < 0 || !sc.modules.dualFire) return 0;
  const t = sc.adv!.dualFire!;
  // A passenger attacked with its carrier (6.5.4.2.3) is the carrier's target.
  const x = state.units[target]!;
  if (at === (x.status === MOUNTED ? x.carrier : target)) return gp ? t.gpSame.value : t.apSame.value;
  return gp ? t.gpOther.value : t.apOther.value;
}
