/**
 * Advanced Game smoke and barrages (6.1.4.3.10, 5.11, 6.5.1.6, 6.5.2.4, 6.5.4.3, 6.8.4), with the
 * "indirect-fire" switch. A Smoke mission (6.5.1.6.1) lands on the hexes of its SHEAF (6.5.1.5) as SMOKE/ON
 * counters instead of attacking; the Adjust/Remove Counters Step turns SMOKE/ON to SMOKE/OFF and removes
 * SMOKE/OFF (6.8.4), so smoke lasts the turn it lands and the next unless fired again. A GP mission on the
 * map is a Barrage over its SHEAF (6.1.4.3.10). Neither blocks line of sight; both hinder direct fire whose
 * line starts in, passes through or enters them (6.5.2.4 AP, 6.5.4.3 GP), once per cloud, and in a hex where
 * several coexist only the strongest counts (5.11, ruling PZ-R71). Smoke ammo is limited (5.16.2.3,
 * 5.16.2.5, 6.5.1.11.4; designed limits, ruling PZ-R70). Illumination (6.5.1.6.2, 7.27) is not offered: no
 * scenario is at night (ruling PZ-R73).
 *
 * State: `State.smoke`, one counter per hex, sorted by hex; a Smoke mission has `Mission.smoke`.
 */
import type { Rng } from '../../../core/game.js';
import type { AdvancedCharts } from '../formats.js';
import type { Scenario } from '../scenario.js';
import { alive, FIRE, MOVE, type Mission, SHORT_HALT, type State } from '../state.js';

/** A SMOKE counter (6.1.4.3.10): its hex, the Target Point of the mission that laid it (the cloud), Closed or Open SHEAF, ON or OFF. */
export interface SmokeCounter {
  readonly hex: number;
  readonly tp: number;
  readonly closed: boolean;
  readonly on: boolean;
}

/** One kind of fire's Smoke and Barrage modifiers (the chart pack's advanced.indirectFire.smoke.ap or .gp). */
type Table = NonNullable<AdvancedCharts['indirectFire']>['smoke']['ap'];

/** Whether hex h is in a SHEAF (6.5.1.5) with Target Point tp, without building its hex list. */
export function inSheaf(sc: Scenario, h: number, tp: number, sheaf: string): boolean {
  const grid = sc.map.grid;
  if (sheaf === 'S') return h === tp;
  if (sheaf === 'C') return grid.distance(h, tp) <= 1;
  if (sheaf === 'O') return grid.distance(h, tp) <= 2;
  const d = Number(sheaf.slice(1));
  for (let x = tp, k = 0; x >= 0 && k <= 6; x = grid.neighbour(x, d), k++) if (x === h) return true;
  return false;
}

/** 6.1.4.3.10: an Open SHEAF is Open; the Closed, Closed Linear and on-map single-hex SHEAFs are Closed. */
function closedSheaf(sheaf: string): boolean {
  return sheaf !== 'O';
}

/** Whether there is smoke or a barrage anywhere: nothing else here need run otherwise. */
export function anyHindrance(state: State): boolean {
  if (state.smoke.length > 0) return true;
  for (const m of state.missions) if (!m.smoke) return true;
  return false;
}

// Scratch for the clouds a line has counted (no allocation per shot): smoke clouds by Target Point, barrages by mission index.
const seen = new Int32Array(64);

/** The strongest smoke/barrage modifier in hex h (5.11), with its cloud id in `best.id`. */
const best = { mod: 0, id: -1 };
function strongest(sc: Scenario, state: State, h: number, t: Table): void {
  best.mod = 0;
  best.id = -1;
  for (const c of state.smoke) {
    if (c.hex > h) break;
    if (c.hex !== h) continue;
    const v = c.closed ? t.smokeClosed.value : t.smokeOpen.value;
    if (v < best.mod) {
      best.mod = v;
      best.id = c.tp;
    }
  }
  for (let k = 0; k < state.missions.length; k++) {
    const m = state.missions[k]!;
    if (m.smoke || !inSheaf(sc, h, m.hex, m.sheaf)) continue;
    const v = closedSheaf(m.sheaf) ? t.barrageClosed.value : t.barrageOpen.value;
    if (v < best.mod) {
      best.mod = v;
      best.id = (1 << 24) + k;
    }
  }
}

/** The modifier along one path: the firer's hex, the path (its last hex the target's), each cloud once. */
function pathModifier(sc: Scenario, state: State, a: number, path: readonly number[], t: Table): number {
  let n = 0;
  let total = 0;
  for (let j = -1; j < path.length; j++) {
    const h = j < 0 ? a : path[j]!;
    if (h < 0) continue;
    strongest(sc, state, h, t);
    if (best.id < 0) continue;
    let counted = false;
    for (let k = 0; k < n && !counted; k++) counted = seen[k] === best.id;
    if (counted) continue;
    if (n < seen.length) seen[n++] = best.id;
    total += best.mod;
  }
  return total;
}

/**
 * 6.5.2.4 (ap) / 6.5.4.3 (gp): the Smoke and Barrage modifier of direct fire from hex a to hex b: each
 * cloud the line starts in, passes through or enters counts once, cumulatively; in a hex where smoke and
 * barrages coexist only the strongest counts (5.11). Where the line runs along a hexside, the side better for
 * the target (as brew-up smoke, 4.1.4.1.9). 0 at once when no smoke or barrage is on the map.
 */
export function smokeModifier(sc: Scenario, state: State, a: number, b: number, kind: 'ap' | 'gp'): number {
  if (!sc.modules.indirectFire || !anyHindrance(state)) return 0;
  const t = sc.adv!.indirectFire!.smoke[kind];
  const [left, right] = sc.map.grid.linePaths(a, b);
  // Both paths end in b (a shot has range 1 or more).
  return Math.min(pathModifier(sc, state, a, left, t), pathModifier(sc, state, a, right, t));
}

/** 6.5.1.12.1 Observer Hindered: smoke clouds on the observer's line to the Target Point (each -1, as brew-up smoke and barrages). */
export function smokeCloudsOnLine(sc: Scenario, state: State, a: number, b: number): number {
  if (state.smoke.length === 0) return 0;
  const [left, right] = sc.map.grid.linePaths(a, b);
  const clouds = new Set<number>();
  for (const c of state.smoke) if (c.hex === a || c.hex === b || left.includes(c.hex) || right.includes(c.hex)) clouds.add(c.tp);
  return clouds.size;
}

/** 5.16.2.3, 5.16.2.5: the S ammo limit of a mission's source (the chart pack's; designed in the reference pack, PZ-R70). */
export function smokeAmmo(sc: Scenario, m: Pick<Mission, 'battery'>): number {
  const t = sc.adv!.indirectFire!.smoke;
  return m.battery >= 0 ? t.batteryAmmo.value : t.onMapAmmo.value;
}

/** The SMOKE/ON counters laid over a SHEAF: one counter per hex, new smoke replacing (or turning ON) what was there (6.1.4.3.10). */
export function layCounters(smoke: readonly SmokeCounter[], tp: number, hexes: readonly number[], sheaf: string): SmokeCounter[] {
  const closed = closedSheaf(sheaf);
  const out = smoke.filter((c) => !hexes.includes(c.hex));
  for (const h of hexes) out.push({ hex: h, tp, closed, on: true });
  out.sort((x, y) => x.hex - y.hex);
  return out;
}

/**
 * 6.5.1.6.1, 6.5.1.13: a Smoke mission lands: roll (10) against its S ammo limit (5.16.2.3, 5.16.2.5); above
 * it the fire is not resolved and the mission comes off the map (no ARTILLERY IMPACT counter, ruling
 * PZ-R70); otherwise SMOKE/ON on every hex of its SHEAF. No unit is attacked.
 */
export function landSmoke(
  sc: Scenario,
  state: State,
  m: Mission,
  hexes: readonly number[],
  rng: Rng,
  log: string[] | null,
  where: string,
): State {
  const limit = smokeAmmo(sc, m);
  const roll = rng.int(10) + 1;
  if (roll > limit) {
    log?.push(`  smoke ammo: rolled ${roll} against ${limit}: out of smoke, the fire is not resolved`);
    return { ...state, missions: state.missions.filter((x) => x !== m) };
  }
  log?.push(`  smoke ammo: rolled ${roll} against ${limit}: SMOKE/ON on ${where}`);
  return { ...state, smoke: layCounters(state.smoke, m.hex, hexes, m.sheaf) };
}

/** 6.8.4: SMOKE/OFF counters come off; SMOKE/ON counters turn to SMOKE/OFF. */
export function adjustSmoke(smoke: readonly SmokeCounter[]): readonly SmokeCounter[] {
  if (smoke.length === 0) return smoke;
  const out: SmokeCounter[] = [];
  for (const c of smoke) if (c.on) out.push({ ...c, on: false });
  return out;
}

/**
 * For the agents: what a Smoke mission over `hexes` is worth to `seat` (tenths of PTS): it screens its moving
 * units from the enemy units it covers. Each enemy unit in the smoke is worth a share of its PTS for each own
 * unit with a MOVE command within 12 hexes of it, less one for each own unit there with FIRE or SHORT HALT
 * (doctrine figures); none when no own unit moves.
 */
export function smokeValue(sc: Scenario, state: State, seat: number, hexes: readonly number[]): number {
  const grid = sc.map.grid;
  let v = 0;
  state.units.forEach((e, i) => {
    if (!alive(e) || sc.units[i]!.side === seat || !hexes.includes(e.hex)) return;
    let movers = 0;
    state.units.forEach((u, j) => {
      if (!alive(u) || sc.units[j]!.side !== seat || !u.ordered || grid.distance(u.hex, e.hex) > 12) return;
      // Smoke hinders fire both ways: own units that mean to fire lose by it.
      if (u.cmd === MOVE) movers++;
      else if (u.cmd === FIRE || u.cmd === SHORT_HALT) movers--;
    });
    if (movers > 0) v += (sc.units[i]!.pts / 10) * 0.05 * Math.min(movers, 4);
  });
  return v;
}
