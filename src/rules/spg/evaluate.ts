/**
 * SPG's evaluation of a position for the search (MCTS leaves and rollouts cut short): a margin in steps for
 * seat 0, squashed into [-1, 1]. Every unit is public in SPG, so it reads the whole state.
 *
 * SPG games are mostly decided by sudden death (S-44): a side whose losses reach its demoralized level
 * loses at once, and a side holding all the scenario's sudden-death hexes wins. So beside the victory
 * points (objectives, enemy steps lost, loss levels: outcomeOf) the margin counts what moves a position
 * toward those ends before the points show it:
 *   - the loss race: a side's losses weigh more the nearer they are to its demoralized level (S-42 L610);
 *   - disrupted units: a second disruption eliminates them (S-40 L590), so part of their steps is as good
 *     as lost, and they neither move next to an enemy nor fire well;
 *   - sudden-death hexes: holding some of them is progress toward holding all;
 *   - presence: units near an objective are what takes or keeps it (ruling SPG-R32: the last side in a hex
 *     controls it);
 *   - ready fire: a ready unit with an enemy in its direct-fire or AT range and sight will fire before the
 *     turn ends (S-09: every ready unit may act), a spent one not until the next Refresh (S-03). This is
 *     what a move that ends in the open in front of ready enemies costs, and what a shot spends.
 */
import { isDemoralized } from './morale.js';
import type { Scenario } from './scenario.js';
import { canFire, valuesOf } from './fire.js';
import { F_DISRUPTED, F_SPENT, FLAGS, HEX, STEPS, type State } from './state.js';
import { outcomeOf } from './turn.js';

/** Steps of margin that make the value tanh(1) (about 0.76). */
const SCALE = 6;
/** Share of a disrupted unit's steps counted as lost. */
const DISRUPTED_SHARE = 0.4;
/** Extra steps charged to a side whose losses reach its demoralized level: RACE * (lost / demoralized)^3. */
const RACE = 6;
/** Steps of margin for holding all but the last of a sudden-death set (scaled by the share held, squared). */
const SUDDEN_HEXES = 4;
/** Hexes within which a unit counts as present at an objective. */
const PRESENCE_RANGE = 6;
/** Steps of margin per objective VP for being alone next to it (scaled by closeness). */
const PRESENCE = 0.25;

/** Steps a ready unit's coming shot is worth (a disrupted one fires at half, S-40 L584). */
const READY_SHOT = 0.25;

/** Whether ready unit i of one side has a unit of the other in its direct-fire or AT range and line of sight. */
function hasTarget(sc: Scenario, s: State, i: number): boolean {
  const from = s.u[i]![HEX]!;
  const side = sc.units[i]!.side;
  const v = valuesOf(sc, s, i);
  const grid = sc.map.grid;
  for (let t = 0; t < sc.units.length; t++) {
    const to = s.u[t]![HEX]!;
    const def = sc.units[t]!;
    if (to < 0 || def.side === side) continue;
    const r = grid.distance(from, to);
    const inRange = (def.soft && v.df > 0 && r <= v.dfRange) || (def.vehicle && v.at >= 0 && r <= v.atRange);
    if (inRange && sc.map.hasLos(from, to)) return true;
  }
  return false;
}

/** The evaluation margin in steps for seat 0 (positive favours seat 0). */
export function spgMargin(sc: Scenario, s: State): number {
  const o = outcomeOf(sc, s);
  let margin = o.vp[0]! - o.vp[1]!;
  const sign = [1, -1];
  const grid = sc.map.grid;
  for (let side = 0; side < 2; side++) {
    const level = sc.sides[side]!.demoralizedAt;
    if (level > 0 && !isDemoralized(sc, s, side)) margin -= sign[side]! * RACE * (s.lost[side]! / level) ** 3;
  }
  for (let i = 0; i < sc.units.length; i++) {
    const r = s.u[i]!;
    if (r[HEX]! < 0) continue;
    const disrupted = (r[FLAGS]! & F_DISRUPTED) !== 0;
    if (disrupted) margin -= sign[sc.units[i]!.side]! * DISRUPTED_SHARE * r[STEPS]!;
    if ((r[FLAGS]! & F_SPENT) === 0 && canFire(s, i) && hasTarget(sc, s, i))
      margin += sign[sc.units[i]!.side]! * READY_SHOT * (disrupted ? 0.5 : 1);
  }
  for (const sd of sc.suddenDeath) {
    if (sd.kind !== 'control') continue;
    let held = 0;
    for (const h of sd.hexes) {
      const k = sc.objectives.findIndex((ob) => ob.hex === h);
      if (k >= 0 && s.control[k] === sd.winner) held++;
    }
    if (held < sd.hexes.length) margin += sign[sd.winner]! * SUDDEN_HEXES * (held / sd.hexes.length) ** 2;
  }
  for (const ob of sc.objectives) {
    const nearest = [Infinity, Infinity];
    for (let i = 0; i < sc.units.length; i++) {
      const r = s.u[i]!;
      if (r[HEX]! < 0 || (r[FLAGS]! & F_DISRUPTED) !== 0) continue;
      const side = sc.units[i]!.side;
      const d = grid.distance(r[HEX]!, ob.hex);
      if (d < nearest[side]!) nearest[side] = d;
    }
    const close = (d: number): number => Math.max(0, PRESENCE_RANGE - d) / PRESENCE_RANGE;
    margin += PRESENCE * ob.vp * (close(nearest[0]!) - close(nearest[1]!));
  }
  return margin;
}

/** The value per seat in [-1, 1]: ±1 once sudden death has decided, else the squashed margin. */
export function spgEvaluate(sc: Scenario, s: State): readonly number[] {
  if (s.suddenWinner >= 0) return s.suddenWinner === 0 ? [1, -1] : [-1, 1];
  const v = Math.tanh(spgMargin(sc, s) / SCALE);
  return [v, -v];
}
