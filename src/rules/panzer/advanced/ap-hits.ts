/**
 * An AP hit resolved with the Advanced modules on the state: the hit-location roll (6.5.2.2), a hull down
 * miss (6.5.2.2.3), and with "ag-hits" the AG damage (6.5.2.5: track, turret or hull damage, knock out,
 * brew up); with "hull-down" alone the Basic margin still gives the damage (4.4.3.2.6). Says what the crew
 * may bail out on (6.5.2.6.1).
 */
import type { Rng } from '../../../core/game.js';
import { damageOf } from '../rules.js';
import type { Scenario } from '../scenario.js';
import { BREWED_UP, DAMAGED, KNOCKED_OUT, type State, type Unit, withUnit, withWreck } from '../state.js';
import type { BailCause } from './bail-out.js';
import { agHit, digits, hitAngle, hitLocation, hullDownAgainst, hullDownMiss, hullLocation, shotSlope } from './hit-locations.js';

export interface HitEffect {
  readonly units: readonly Unit[];
  readonly wrecks: readonly number[];
  /** Words for the narration. */
  readonly result: string;
  readonly bail: BailCause | null;
}

/** A status after damage: a second damage of either kind knocks the vehicle out (4.4.3.2.6, 6.5.2.2.4). */
function damage(cur: Unit, hull: boolean): Partial<Unit> {
  return cur.status === DAMAGED ? { status: KNOCKED_OUT } : { status: DAMAGED, dmgHull: hull };
}

/**
 * The effect of an AP hit of `firer` on `target` at `band` (margin: the Basic penetration margin), the
 * location rolled now from `rng`. `units` already carry the firer's SPOT/FIRE; `state` is the state the
 * shot was announced in (angles and heights).
 */
export function advancedApHit(
  sc: Scenario,
  state: State,
  units: readonly Unit[],
  wrecks: readonly number[],
  firer: number,
  target: number,
  band: number,
  margin: number,
  rng: Rng,
): HitEffect {
  const roll = rng.int(100) + 1;
  const cur = units[target]!;
  const hex = cur.hex;
  if (sc.modules.agHits) {
    const hit = agHit(sc, state, firer, target, band, roll);
    const where = `location roll ${roll}: ${hit.location}`;
    switch (hit.result) {
      case 'hull-down miss':
        return { units, wrecks, result: `${where}, a miss (hull down)`, bail: null };
      case 'track':
        // 6.5.2.2.1: a track hit immobilizes for the rest of the game; a later one changes nothing.
        if (cur.immobile) return { units, wrecks, result: `${where}, track hit again (no effect)`, bail: null };
        return { units: withUnit(units, target, { immobile: true }), wrecks, result: `${where}, TRACK HIT`, bail: 'track' };
      case 'no penetration':
        return { units, wrecks, result: `${where}, armor ${hit.armor} against penetration ${hit.penetration}: no penetration`, bail: null };
      case 'no damage':
        return { units, wrecks, result: `${where}, penetrates: NO DAMAGE`, bail: 'noDamage' };
      case 'damaged': {
        const next = withUnit(units, target, damage(cur, hullLocation(hit.location)));
        const status = next[target]!.status;
        const words = status === DAMAGED ? (next[target]!.dmgHull ? 'HULL DAMAGED' : 'TURRET DAMAGED') : 'damaged again: KNOCKED OUT';
        return {
          units: next,
          wrecks: withWreck(wrecks, hex, status),
          result: `${where}, penetrates: ${words}`,
          bail: status === DAMAGED ? 'damaged' : null,
        };
      }
      default: {
        const status = hit.result === 'brewed-up' ? BREWED_UP : KNOCKED_OUT;
        return {
          units: withUnit(units, target, { status }),
          wrecks: withWreck(wrecks, hex, status),
          result: `${where}, penetrates: ${status === BREWED_UP ? 'BREWED UP' : 'KNOCKED OUT'}`,
          bail: null,
        };
      }
    }
  }
  // Hull down without AG hit locations: the location roll may make the hit a miss; the Basic margin does the rest.
  const angle = hitAngle(sc, state, firer, target);
  const location = hitLocation(sc, angle, digits(roll).tens, shotSlope(sc, state, firer, target) === 2);
  if (hullDownMiss(location, hullDownAgainst(sc, state, firer, target)))
    return { units, wrecks, result: `location roll ${roll}: ${location}, a miss (hull down)`, bail: null };
  const dmg = damageOf(margin);
  if (dmg < 0) return { units, wrecks, result: 'hit, no penetration', bail: null };
  const change: Partial<Unit> = dmg === 0 ? damage(cur, false) : { status: dmg === 2 ? BREWED_UP : KNOCKED_OUT };
  const next = withUnit(units, target, change);
  const status = next[target]!.status;
  const words = status === DAMAGED ? 'DAMAGED' : status === KNOCKED_OUT ? 'KNOCKED OUT' : 'BREWED UP';
  return { units: next, wrecks: withWreck(wrecks, hex, status), result: `hit: ${words}`, bail: status === DAMAGED ? 'damaged' : null };
}
