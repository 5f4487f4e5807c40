/**
 * Ground conditions (SPG S-14 L162-L174): the movement points a unit pays on top of the terrain cost for
 * each hex entered. The scenario's ground state charges each movement class (light mud or snow, deep mud
 * or deep snow, L166-L168); in deep snow a road carries only the light-snow penalty, in deep mud it does
 * not help (L168); leg units on skis ignore snow (L170); terrain types the scenario names as soft ground
 * are in light mud whatever the ground state (L172, ruling SPG-R61).
 */
import type { Hex } from '../../hex/grid.js';
import { movementClasses } from './formats.js';
import { MP_SCALE, type Scenario } from './scenario.js';

const softTerrainOf = new WeakMap<Scenario, Uint8Array>();

/** Per terrain index: 1 where the scenario makes that terrain soft ground. */
function softTerrain(sc: Scenario): Uint8Array {
  let soft = softTerrainOf.get(sc);
  if (!soft) {
    const ids = Object.keys(sc.charts.terrain);
    soft = Uint8Array.from(ids, (id) => (sc.data.softGround.includes(id) ? 1 : 0));
    softTerrainOf.set(sc, soft);
  }
  return soft;
}

/** The light mud/snow penalty of movement class c, x MP_SCALE. */
function lightPenalty(sc: Scenario, c: number): number {
  return Math.round(sc.charts.groundConditions.light[movementClasses[c]!] * MP_SCALE);
}

/** The ground-condition penalty x MP_SCALE for unit i entering hex `to`, along a road or not. */
export function groundPenalty(sc: Scenario, i: number, to: Hex, road: boolean): number {
  const def = sc.units[i]!;
  const c = def.moveClass;
  // Skis are only counted in snow (scenario.ts), where they cancel the snow penalty.
  let penalty = def.skis ? 0 : road && sc.data.ground === 'deepSnow' ? lightPenalty(sc, c) : sc.groundCost[c]!;
  if (sc.data.softGround.length > 0 && softTerrain(sc)[sc.map.terrain[to]!] === 1) penalty = Math.max(penalty, lightPenalty(sc, c));
  return penalty;
}
