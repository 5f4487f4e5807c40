/**
 * Advanced Game AP hits (6.5.2.2-6.5.2.5): the hit angle of the six (front, front/side, rear/side, rear,
 * the sides mirror images), one roll(100) whose tens digit gives the hit location and whose units digit
 * gives the damage on the firer's AP Damage row, the armor by angle, location and Level / Rising / Falling
 * shot, and the locations a hull down or partial hull down position turns into misses (6.5.2.2.3). Pure
 * functions of the scenario and a state.
 */
import { Arc } from '../../../hex/grid.js';
import type { Scenario, VehicleDef } from '../scenario.js';
import { DAMAGED, HULL_DOWN, NOT_HULL_DOWN, PARTIAL_HULL_DOWN, type State, type Unit } from '../state.js';

/** Hit angles (6.5.2.2), most frontal first; left and right are mirror images and read the same row. */
export const ANGLES = ['front', 'frontSide', 'rearSide', 'rear'] as const;
export type Angle = (typeof ANGLES)[number];

/**
 * 6.5.2.2: the angle `target` is hit at from `firer`'s hex. On a hexspine between two angles the owner
 * chooses (ruling PZ-R31: the more frontal one, whose armor is the thicker on every designed card).
 */
export function hitAngle(sc: Scenario, state: State, firer: number, target: number): Angle {
  const t = state.units[target]!;
  const arcs = sc.map.grid.arcsOf(t.hex, t.facing, state.units[firer]!.hex);
  for (const a of [Arc.Front, Arc.FrontFlank, Arc.RearFlank, Arc.Rear]) if (arcs & (1 << a)) return ANGLES[a]!;
  return 'front';
}

/** A unit's height for fire (6.5.2.3.1, 6.1.4.1.3): the ground level of its hex. */
function heightOf(sc: Scenario, state: State, u: number): number {
  return sc.map.elevation[state.units[u]!.hex]!;
}

/** 6.5.2.3.1: Level (same height), Rising (firer lower) or Falling (firer higher) shot: the armor column 0, 1, 2. */
export function shotSlope(sc: Scenario, state: State, firer: number, target: number): 0 | 1 | 2 {
  const d = heightOf(sc, state, firer) - heightOf(sc, state, target);
  return d === 0 ? 0 : d < 0 ? 1 : 2;
}

/** The two digits of a roll(100) (3.2): tens and units, each 1..10 (a 0 reads 10; "00" is 100). */
export function digits(roll: number): { tens: number; units: number } {
  const tens = Math.floor((roll % 100) / 10);
  const units = roll % 10;
  return { tens: tens === 0 ? 10 : tens, units: units === 0 ? 10 : units };
}

/**
 * 6.5.2.2: the hit location of a tens digit: 10 a track hit (6.5.2.2.1); 1 on a falling shot the deck
 * (6.5.2.2.2); otherwise the AP Hit Locations Table's entry for the angle (a starred hull location is Hull*).
 */
export function hitLocation(sc: Scenario, angle: Angle, tens: number, falling: boolean): string {
  if (tens === 10) return 'TK';
  if (tens === 1 && falling) return 'DK';
  return sc.adv!.hitLocations![angle][tens - 1]!;
}

/**
 * The hull down protection of `target` against AP direct fire from `firer` (6.1.4.1): a searched
 * position covers every angle but the rear/side and rear (6.6.9); a target higher than the firer at a
 * range no greater than its height advantage is partial hull down from every angle (6.1.4.1.3).
 */
export function hullDownAgainst(sc: Scenario, state: State, firer: number, target: number): number {
  if (!sc.modules.hullDown) return NOT_HULL_DOWN;
  const t = state.units[target]!;
  const angle = hitAngle(sc, state, firer, target);
  if (t.hd !== NOT_HULL_DOWN && (angle === 'front' || angle === 'frontSide')) return t.hd;
  const advantage = heightOf(sc, state, target) - heightOf(sc, state, firer);
  if (advantage > 0 && sc.map.grid.distance(state.units[firer]!.hex, t.hex) <= advantage) return PARTIAL_HULL_DOWN;
  return NOT_HULL_DOWN;
}

/** 6.5.2.2.3: hull down turns Hull, Hull* and track hits into misses; partial hull down Hull* and track hits. */
export function hullDownMiss(location: string, hd: number): boolean {
  if (hd === HULL_DOWN) return location === 'TK' || location.startsWith('H');
  if (hd === PARTIAL_HULL_DOWN) return location === 'TK' || location.endsWith('*');
  return false;
}

/** 6.5.2.3: the armor of `def` at a location (TF .. HR, a Hull* location reading its hull row, DK the deck) for a shot angle and slope. */
export function locationArmor(def: VehicleDef, angle: Angle, location: string, slope: 0 | 1 | 2): number {
  const l = def.locations;
  // An S-type vehicle has 0 armor at every location (6.5.2.3); a card without AG armor reads its Basic armor.
  if (l === null) return def.gpd.type === 'S' ? 0 : angle === 'front' || angle === 'frontSide' ? def.armorFront : def.armorRear;
  if (location === 'DK') return l.deck;
  const key = location.replace('*', '') as keyof LocationRow;
  return l[angle][key][slope];
}
type LocationRow = NonNullable<VehicleDef['locations']>['front'];

/** What one AG AP hit does (6.5.2.2-6.5.2.5). */
export type AgHitResult = 'hull-down miss' | 'track' | 'no penetration' | 'no damage' | 'damaged' | 'knocked-out' | 'brewed-up';

export interface AgHit {
  readonly location: string;
  readonly armor: number;
  readonly penetration: number;
  readonly result: AgHitResult;
}

/** 6.5.2.5: the AP Damage row's letter for a units digit (an S-type target takes 2 off it, never below 1). */
export function apDamage(firer: VehicleDef, target: VehicleDef, units: number): AgHitResult {
  const u = target.gpd.type === 'S' ? Math.max(1, units - 2) : units;
  const letter = (firer.apDamage ?? 'NDDKKKKKBB')[u - 1];
  return letter === 'N' ? 'no damage' : letter === 'D' ? 'damaged' : letter === 'B' ? 'brewed-up' : 'knocked-out';
}

/**
 * One AP hit resolved the Advanced way from the hit-location roll `roll` (6.5.2.2): the location by the
 * tens digit and the angle, a hull down miss (6.5.2.2.3), a track hit (6.5.2.2.1), else the penetration
 * at the band against the location's armor (6.5.2.3), and the damage by the units digit (6.5.2.5).
 */
export function agHit(sc: Scenario, state: State, firer: number, target: number, band: number, roll: number): AgHit {
  const { tens, units } = digits(roll);
  const angle = hitAngle(sc, state, firer, target);
  const slope = shotSlope(sc, state, firer, target);
  const location = hitLocation(sc, angle, tens, slope === 2);
  const penetration = sc.units[firer]!.pen[band] ?? 0;
  if (hullDownMiss(location, hullDownAgainst(sc, state, firer, target)))
    return { location, armor: 0, penetration, result: 'hull-down miss' };
  if (location === 'TK') return { location, armor: 0, penetration, result: 'track' };
  const armor = locationArmor(sc.units[target]!, angle, location, slope);
  if (penetration < armor) return { location, armor, penetration, result: 'no penetration' };
  return { location, armor, penetration, result: apDamage(sc.units[firer]!, sc.units[target]!, units) };
}

/** 6.5.2.5: a damaged location of the turret (TF, TS, TR, DK) or of the hull (HF, HS, HR). */
export function hullLocation(location: string): boolean {
  return location.startsWith('H');
}

/** 6.5.2.2.4: whether a damaged vehicle fires as damaged: always in the Basic Game; with AG hits, TURRET DMGD only. */
export function fireDamaged(sc: Scenario, u: Unit): boolean {
  return u.status === DAMAGED && !(sc.modules.agHits && u.dmgHull);
}

/** 6.5.2.2.4: whether a damaged vehicle moves at half MF: always in the Basic Game (3.7); with AG hits, HULL DMGD only. */
export function movementDamaged(sc: Scenario, u: Unit): boolean {
  return u.status === DAMAGED && (!sc.modules.agHits || u.dmgHull);
}
