/**
 * Spotting (SPG S-16..S-19): every attack needs a spot: line of sight and a range read from one of three
 * visibility tables by the target's class, its ready/spent state and its cover, shifted one cover level
 * for a disrupted leg unit at either end or a limited-vision spotter (never both).
 */
import type { Hex } from '../../hex/grid.js';
import type { SpottingTable } from './formats.js';
import type { SpotClass, Scenario } from './scenario.js';
import { F_DISRUPTED, F_SPENT, FLAGS, HEX, type State } from './state.js';

const COVERS = ['open', 'concealment', 'full'] as const;
const CLASSES = ['infantry', 'gunsMounted', 'vehicles'] as const;

/** Cover level 0..2 of a hex (S-19 L228): foxholes, fortifications and slopes do not change it (L230). */
export function coverLevel(sc: Scenario, h: Hex): number {
  return COVERS.indexOf(sc.terrain[sc.map.terrain[h]!]!.cover);
}

/** Maximum range at which `target` is spotted by `spotter` (S-19 L240), from the table of the turn's visibility. */
export function spotRange(sc: Scenario, s: State, spotter: number, target: number, targetHex: Hex = s.u[target]![HEX]!): number {
  const table: SpottingTable = sc.charts.spotting[sc.visibility[Math.min(s.turn, sc.turns)] ?? 'clear'];
  const t = sc.units[target]!,
    sp = sc.units[spotter]!;
  const tf = s.u[target]![FLAGS]!,
    sf = s.u[spotter]![FLAGS]!;
  let cover = coverLevel(sc, targetHex);
  // S-19 L232, L234: one shift at most, however many reasons.
  const disruptedLeg = (t.leg && (tf & F_DISRUPTED) !== 0) || (sp.leg && (sf & F_DISRUPTED) !== 0);
  const shift = Math.max(
    disruptedLeg ? sc.charts.coverShift.disruptedLeg.value : 0,
    sp.limitedVision ? sc.charts.coverShift.limitedVisionSpotter.value : 0,
  );
  cover = Math.min(2, cover + shift);
  const row = table[CLASSES[t.spotClass as SpotClass]!];
  return ((tf & F_SPENT) !== 0 ? row.spent : row.ready)[COVERS[cover]!];
}

/** Whether `spotter` spots `target` (S-18: line of sight and range; not reciprocal, L290). */
export function spots(sc: Scenario, s: State, spotter: number, target: number, targetHex: Hex = s.u[target]![HEX]!): boolean {
  const from = s.u[spotter]![HEX]!;
  if (from < 0 || targetHex < 0) return false;
  const range = sc.map.grid.distance(from, targetHex);
  return range <= spotRange(sc, s, spotter, target, targetHex) && sc.map.hasLos(from, targetHex);
}
