/**
 * AT fire (SPG S-33..S-35): one shooter at one vehicle; a white die plus a red die read one higher (7
 * counts as 6); the net armor modifier (AT - armor, unarmored = -1) capped at +-4 before the others;
 * 10-12 costs a step and disrupts, 13+ eliminates. Flanking by hexside: a later shot in the same impulse
 * entering the target hex through a hexside no earlier shot used (the kernel's `sidesToward`).
 */
import { d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { canFire, valuesOf } from './fire.js';
import type { Scenario } from './scenario.js';
import { spots } from './spotting.js';
import { F_DISRUPTED, F_DUG_IN, F_IMMOBILE, FLAGS, HEX, type Draft, type State } from './state.js';

/** The final AT modifier of `shooter` against vehicle `target`, or undefined when it may not shoot (no value, range, spot). */
export function antiTankModifier(
  sc: Scenario,
  s: State,
  shooter: number,
  target: number,
  opts: { opportunity?: boolean; targetHex?: Hex } = {},
): number | undefined {
  const tdef = sc.units[target]!;
  if (!tdef.vehicle || !canFire(s, shooter)) return undefined;
  const v = valuesOf(sc, s, shooter);
  if (v.at < 0) return undefined;
  const from = s.u[shooter]![HEX]!,
    to = opts.targetHex ?? s.u[target]![HEX]!;
  const range = sc.map.grid.distance(from, to);
  if (range > v.atRange || !spots(sc, s, shooter, target, to)) return undefined;
  const at = sc.charts.antiTank,
    m = at.modifiers;
  const cap = at.netArmorCap.value;
  const raw = v.at - tdef.armor;
  let mod = sc.rules.capFinalAtModifier ? raw : Math.max(-cap, Math.min(cap, raw));
  const tf = s.u[target]![FLAGS]!;
  // S-34 L466, S-47 L654, ruling SPG-R15: dug in, or higher than the firer; never for weak-turret tanks.
  const higher = sc.map.elevation[to]! > sc.map.elevation[from]!;
  if (((tf & F_DUG_IN) !== 0 || higher) && !tdef.weakTurret) mod += m.hullDown.value;
  if (range <= 1) mod += m.adjacent.value;
  else if (range >= m.longRangeFrom.value) mod += m.longRange.value;
  if (opts.opportunity) mod += m.opportunityMoving.value;
  if ((s.u[shooter]![FLAGS]! & F_DISRUPTED) !== 0) mod += m.disruptedShooter.value;
  const earlier = s.atSides[target]!;
  const flanked = (tf & F_IMMOBILE) !== 0 || (earlier !== 0 && (sc.map.grid.sidesToward(to, from) & earlier) === 0);
  // rule.perfectionistFlanking (ruling SPG-R34, S-54 L756): flanking a Panther is worth its counter's extra bonus too.
  if (flanked) mod += m.flanking.value + (sc.rules.perfectionistFlanking ? tdef.extraFlankBonus : 0);
  if (sc.rules.capFinalAtModifier) mod = Math.max(-cap, Math.min(cap, mod));
  return mod;
}

/** Whether the shot is worth rolling (S-20 L302: at -3 or worse it cannot succeed, is not rolled, sets up no flank). */
export function antiTankRollable(sc: Scenario, mod: number | undefined): mod is number {
  return mod !== undefined && mod > sc.charts.antiTank.noRollAtOrBelow.value;
}

/** Chances (of 36) of a step loss or better, and of elimination, at a final modifier (the coloured die, S-33 L456). */
export function antiTankChances(sc: Scenario, mod: number): { damage: number; kill: number } {
  const at = sc.charts.antiTank;
  let damage = 0,
    kill = 0;
  for (let w = 1; w <= 6; w++)
    for (let r = 1; r <= 6; r++) {
      const total = w + Math.min(r + at.redDieAdd.value, at.redDieMax.value) + mod;
      if (total >= at.damage.value) damage++;
      if (total >= at.eliminate.value) kill++;
    }
  return { damage, kill };
}

/** Resolves an AT shot with final modifier `mod`; returns the natural roll (raw dice, ruling SPG-R04). */
export function resolveAntiTank(d: Draft, shooter: number, target: number, mod: number): number {
  const sc = d.sc,
    at = sc.charts.antiTank;
  const white = d6(d.rng),
    red = d6(d.rng);
  const total = white + Math.min(red + at.redDieAdd.value, at.redDieMax.value) + mod;
  const from = d.hex(shooter),
    to = d.hex(target);
  const sides = d.mut('atSides');
  sides[target] = sides[target]! | sc.map.grid.sidesToward(to, from);
  d.d(
    () =>
      `${sc.units[shooter]!.id} AT fire at ${sc.units[target]!.name} (${sc.units[target]!.id}), modifier ${mod >= 0 ? '+' : ''}${mod}: rolled ${white}+${red} = ${total}`,
  );
  // S-22 L320: a kill is a whole-unit elimination; an unarmored transport's passenger dies with it.
  if (total >= at.eliminate.value) d.eliminate(target, true, true);
  else if (total >= at.damage.value) {
    d.loseStep(target);
    d.disrupt(target);
  }
  return white + red;
}
