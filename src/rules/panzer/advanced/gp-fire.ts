/**
 * Advanced Game GP fire (6.5.4) and suppression (5.10, 6.8.3): the GP factor by range, the target's GP
 * Defense Factor, the stated modifiers, the GP Combat Results Table's N / S thresholds, and the results
 * against leg, towed and vehicle targets. The figures are pure; `gpResult` turns a roll into a result.
 */
import type { Scenario } from '../scenario.js';
import { isLegOrTowed, LEG_TARGETS_ONLY, NO_TRANSPORTED } from '../scenario.js';
import { MOUNTED, NOT_SUPPRESSED, SHORT_HALT, type State } from '../state.js';
import { dualFireModifier } from './dual-fire.js';
import { fireDamaged } from './hit-locations.js';
import { smokeModifier } from './smoke.js';
import { passengerGpd } from './transport.js';

/**
 * 6.5.4.1: the GP factor of `firer` at `range`: the best of its GP rows, each read under the first R at or
 * above the range; 0 out of range. `dual`: the rows of its Dual Fire weapons only, else its own (5.14).
 */
export function gpFactorAt(
  sc: Scenario,
  firer: number,
  range: number,
  dual = false,
  exclude = 0,
): { factor: number; smallArms: boolean; effectiveness: number } {
  let best = { factor: 0, smallArms: true, effectiveness: 0 };
  const def = sc.units[firer]!;
  const to = dual ? def.gp.length : def.gpDual;
  for (let k = dual ? def.gpDual : 0; k < to; k++) {
    // 5.1.3.1, 5.1.3.4: rows whose limits `exclude` names (from a carrier, at a vehicle) do not fire.
    if ((def.gpLimits[k]! & exclude) !== 0) continue;
    const row = def.gp[k]!;
    // 5.6: the minimum range is 1 hex unless the card says otherwise.
    if (range < 1) continue;
    const band = row.range.findIndex((r) => range <= r);
    if (band < 0) continue;
    const f = row.factor[band]!;
    if (f > best.factor) best = { factor: f, smallArms: row.smallArms, effectiveness: row.effectiveness };
  }
  return best;
}

/** Largest GP range of a unit (0: no GP weapon); `dual`: of its Dual Fire weapons, else its own (5.14). */
export function gpMaxRange(sc: Scenario, u: number, dual = false, exclude = 0): number {
  let r = 0;
  const def = sc.units[u]!;
  const to = dual ? def.gp.length : def.gpDual;
  for (let k = dual ? def.gpDual : 0; k < to; k++) if ((def.gpLimits[k]! & exclude) === 0) r = Math.max(r, def.gp[k]!.range[4]!);
  return r;
}

/** 5.1.3.1, 5.1.3.4: the `gpLimits` bits that keep rows of `firer` from firing at `target` now (aboard a carrier; at a vehicle). */
export function gpExcluded(sc: Scenario, state: State, firer: number, target: number): number {
  return (state.units[firer]!.status === MOUNTED ? NO_TRANSPORTED : 0) | (isLegOrTowed(sc.units[target]!) ? 0 : LEG_TARGETS_ONLY);
}

/**
 * 6.5.4.2: the target's GP Defense Factor and type: a vehicle's is fixed (6.5.4.2.1); a leg or towed unit's
 * is read by the cover of its hex (the AP cover class, 6.5.4.2.2), more in Full Cover, less 2 when it is seen moving, 1..10.
 */
export function gpDefense(sc: Scenario, state: State, target: number, moving: boolean): { value: number; type: 'A' | 'P' | 'S' } {
  const def = sc.units[target]!;
  if (!isLegOrTowed(def)) return def.gpd;
  const t = state.units[target]!;
  // 6.5.4.2.3: a passenger has a set GP Defense, whatever the carrier's terrain or movement.
  if (t.status === MOUNTED) return { value: passengerGpd(sc, state, target), type: 'S' };
  const cover = sc.terrain[sc.map.terrain[t.hex]!]!.apCover;
  const k = cover === 'none' ? 0 : cover === 'light' ? 1 : cover === 'medium' ? 2 : 3;
  let v = def.gpdByCover[k]!;
  const m = sc.adv!.modifiers;
  // 6.5.4.2.2: Full Cover adds 1 or 2 (ruling PZ-R26: 2 in Medium or Heavy cover).
  if (t.fc) v += k >= 2 ? m.gpdFullCoverCovered.value : m.gpdFullCoverOpen.value;
  if (moving) v += m.gpdMoving.value;
  return { value: Math.max(1, Math.min(10, v)), type: 'S' };
}

export interface GpFigures {
  readonly factor: number;
  readonly smallArms: boolean;
  readonly effectiveness: number;
  readonly gpd: number;
  readonly type: 'A' | 'P' | 'S';
  /** Net modifier to the roll (6.5.4.3). */
  readonly modifier: number;
  /** GP CRT thresholds: at or under N no effect, at or under S suppressed, above S effective (6.5.4.4). */
  readonly n: number;
  readonly s: number;
  /** Range band of the shot: 0 P, 1 S, ... (for the small-arms results against vehicles, 6.5.4.4.2). */
  readonly band: number;
}

/** Brew-up smoke counters on the line of fire (the same count as for AP fire, 4.1.4.1.9). */
export type SmokeCounter = (sc: Scenario, state: State, a: number, b: number) => number;

/**
 * 6.5.4.3: the figures of a GP direct fire shot. `moving`: the target's MOVE / SHORT HALT is shown. The
 * modifiers are the stated ones this module models: vehicle target moving, type P / A, cover (Medium,
 * Heavy) for vehicles, firer SHORT HALT, firer damaged (turret damaged), firer suppressed, brew-up smoke,
 * overwatch inside or outside the front field of fire.
 */
export function gpFigures(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  moving: boolean,
  smoke: SmokeCounter,
  insideFront: boolean,
  dual = false,
): GpFigures {
  const adv = sc.adv!;
  const m = adv.modifiers;
  const f = state.units[firer]!;
  const t = state.units[target]!;
  const range = sc.map.grid.distance(f.hex, t.hex);
  const g = gpFactorAt(sc, firer, range, dual, gpExcluded(sc, state, firer, target));
  const d = gpDefense(sc, state, target, moving);
  let mod = gpTargetModifier(sc, state, target, d.type, moving);
  if (f.ordered && f.cmd === SHORT_HALT) mod += m.gpShortHalt.value;
  if (fireDamaged(sc, f)) mod += m.gpFirerDamaged.value;
  if (f.sup !== NOT_SUPPRESSED) mod += m.gpFirerSuppressed.value;
  // 6.6.7.2: a passenger firing from its carrier; its SHORT HALT modifier never applies (it holds no command).
  if (f.status === MOUNTED) mod += adv.transport!.transportedGp.value;
  mod += smoke(sc, state, f.hex, t.hex) * m.gpBrewUpSmoke.value;
  // 6.5.4.3: Smoke and Barrages on the line of fire (direct fire only).
  mod += smokeModifier(sc, state, f.hex, t.hex, 'gp');
  if (overwatch) mod += insideFront ? m.gpOverwatchInside.value : m.gpOverwatchOutside.value;
  // 5.14: the Dual Fire weapon's shot when the unit's own weapon fires too.
  if (dual) mod += dualFireModifier(sc, state, firer, target, true);
  const [n, s] = gpThresholds(sc, g.factor, d.value);
  let band = 0;
  const def = sc.units[firer]!;
  const to = dual ? def.gp.length : def.gpDual;
  for (let k = dual ? def.gpDual : 0; k < to; k++) {
    const b = def.gp[k]!.range.findIndex((r) => range <= r);
    if (b >= 0) {
      band = b;
      break;
    }
  }
  return {
    factor: g.factor,
    smallArms: g.smallArms,
    effectiveness: g.effectiveness,
    gpd: d.value,
    type: d.type,
    modifier: mod,
    n,
    s,
    band,
  };
}

/** 6.5.4.3: the modifiers of a GP attack that come from the target: a vehicle moving, of type P or A, in Medium or Heavy cover. */
export function gpTargetModifier(sc: Scenario, state: State, target: number, type: 'A' | 'P' | 'S', moving: boolean): number {
  // 6.6.4.3: GP direct and indirect fire at a unit that crawled this turn.
  if (isLegOrTowed(sc.units[target]!)) return state.units[target]!.crawled ? (sc.adv!.modifiers.gpCrawling?.value ?? 0) : 0;
  const m = sc.adv!.modifiers;
  let mod = 0;
  if (moving) mod += m.gpTargetVehicleMoving.value;
  if (type === 'P') mod += m.gpTargetP.value;
  else if (type === 'A') mod += m.gpTargetA.value;
  const cover = sc.terrain[sc.map.terrain[state.units[target]!.hex]!]!.apCover;
  if (cover === 'medium') mod += m.gpTargetCover.medium.value;
  else if (cover === 'heavy') mod += m.gpTargetCover.heavy.value;
  return mod;
}

/** 6.5.4.4: the N and S numbers of the GP Combat Results Table at a GP factor (the last column at or under it) and a GPD. */
export function gpThresholds(sc: Scenario, factor: number, gpd: number): [number, number] {
  const adv = sc.adv!;
  let col = 0;
  adv.gpColumns.forEach((c, k) => {
    if (c <= factor) col = k;
  });
  const row = adv.gpCrt[Math.max(1, Math.min(10, gpd)) - 1]!;
  return row.ns[col] ?? [100, 100];
}

/** What a GP shot does: nothing, suppression, a squad's reduction, elimination, or a vehicle result. */
export type GpOutcome = 'none' | 'suppressed' | 'reduced' | 'eliminated' | 'damaged' | 'track' | 'knocked-out' | 'brewed-up';

/**
 * 6.5.4.4: the result of a modified roll `total` (the d100 plus the net modifier). Leg and towed targets
 * (6.5.4.4.3): suppressed, or effective: a full squad is reduced to its half-squad and suppressed, anything
 * else eliminated. Vehicles (6.5.4.4.2): by fire type (small arms or not) and target type A / P / S, with
 * the rule of 5s and 10s; `roll10` is the roll(10) that tells KO from BU (and turret from hull).
 */
export function gpResult(sc: Scenario, state: State, target: number, fig: GpFigures, total: number, roll10: number): GpOutcome {
  if (fig.factor <= 0 || total <= fig.n) return 'none';
  const effective = total > fig.s;
  const def = sc.units[target]!;
  if (isLegOrTowed(def)) {
    if (!effective) return 'suppressed';
    return def.kind === 'squad' && !state.units[target]!.half ? 'reduced' : 'eliminated';
  }
  if (!fig.smallArms) {
    if (!effective) return 'suppressed';
    // Non-small-arms: effective against A and P only when the max GP Effectiveness reaches the GPD.
    if (fig.type !== 'S' && fig.effectiveness < fig.gpd) return 'suppressed';
    return vehicleEffective(total, roll10 <= fig.effectiveness);
  }
  // Small arms against vehicles.
  if (!effective) {
    if (fig.type === 'S' || (fig.type === 'P' && fig.band <= 1) || (fig.type === 'A' && fig.band === 0)) return 'suppressed';
    return 'none';
  }
  if (fig.type === 'A') return fig.band <= 1 ? 'suppressed' : 'none';
  if (fig.type === 'P') return fig.band === 0 ? 'damaged' : fig.band === 1 ? 'suppressed' : 'none';
  return vehicleEffective(total, roll10 <= Math.max(1, Math.floor(fig.factor / 2)));
}

/** The rule of 5s and 10s (6.5.4.4.2): a total ending in 5 damages, in 0 hits the track; else KO, or BU when `brews`. */
function vehicleEffective(total: number, brews: boolean): GpOutcome {
  const last = ((total % 10) + 10) % 10;
  if (last === 5) return 'damaged';
  if (last === 0) return 'track';
  return brews ? 'brewed-up' : 'knocked-out';
}
