/**
 * The Infantry Attacks 2nd edition file formats (docs/formats/ia2.md): a chart pack (terrain effects, the
 * Direct Fire, Bombardment and Assault tables, column modifiers, spotting and fog-of-war figures), a counter
 * manifest (1914 companies, squadrons, machine guns, field guns and two-faced leader counters) and the
 * scenario. The text prints none of its charts (digest 4.29): every value says where it comes from.
 */
import { z } from 'zod';
import { idTable, parseWith, readJsonFile } from '../../core/validate.js';
import { compactMap, hexLabel, terrainTable } from '../../hex/mapdata.js';
import { provenance, sourced } from '../../hex/provenance.js';
import { scenarioHeader, ruleSwitches } from '../../hex/scenariofile.js';
import { resultsTable, TWO_D6 } from '../../hex/tables.js';
import { counterSide } from '../pg/formats.js';

/** Results of the Direct Fire and Bombardment tables (8.43, 8.61). */
const fireResult = z.string().regex(/^(-|M|M1|M2|X|2X|3X)$/, { message: 'a fire result is one of -, M, M1, M2, X, 2X, 3X' });
/** Results of the Assault table (8.62): morale checks and Z step losses. */
const assaultResult = z.string().regex(/^(-|M|M1|M2|1Z|2Z|3Z)$/, { message: 'an assault result is one of -, M, M1, M2, 1Z, 2Z, 3Z' });

const nonNeg = z.number().min(0);
const moveCost = z.number().min(0).max(99);

/** One terrain type of the TEC (missing from the text, 4.5): costs per movement class, spotting and combat effects. */
const terrainEntry = z.strictObject({
  /** Movement points to enter, per class: on foot, mounted (cavalry, cavalry leaders), limbered guns. 99 = prohibited. */
  move: z.strictObject({ foot: moveCost, horse: moveCost, gun: moveCost }),
  /** Limiting terrain (7.2): units in it are spotted only within `spotDistance` hexes. */
  limiting: z.boolean(),
  spotDistance: z.number().int().min(1).default(3),
  /** Blocks line of sight at ground + obstacleHeight (7.42: blocking terrain is 20 m, one level). */
  blocksLos: z.boolean(),
  obstacleHeight: z.number().int().min(0).default(0),
  /** A spotter in it is raised by this many levels (7.44: towns +20 m). */
  viewerBonus: z.number().int().min(0).default(0),
  /** Column shift for an attacker in an assault in this terrain (11.31: town -2, woods negative). */
  assaultAttacker: z.number().int().default(0),
  /** Units may dig in here (15.2: not in town or woods). */
  digIn: z.boolean().default(true),
  /** +1 to recovery (13.45: town). */
  recoveryBonus: z.boolean().default(false),
  /** Clear ground a cavalry charge may cross as its intervening hex (11.73). */
  clear: z.boolean().default(false),
  /** A river hex (5.8): its move cost is the River MP cost; the scenario's map.rivers give its banks. */
  river: z.enum(['minor', 'major']).optional(),
  source: provenance,
});

const sourcedInt = () => sourced(z.number().int());

export const chartPack = z.strictObject({
  format: z.literal('tacsim-ia2-charts/1', { message: 'format must be "tacsim-ia2-charts/1"' }),
  name: z.string(),
  notice: z.string().default(''),
  terrain: terrainTable(terrainEntry),
  /** Movement cost along a road hexside (5.3), whatever the hex. */
  roadCost: sourced(nonNeg),
  directFire: resultsTable(fireResult, TWO_D6),
  bombardment: resultsTable(fireResult, TWO_D6),
  assault: resultsTable(assaultResult, TWO_D6),
  /** Column modifiers (8.5) with their sources; signs as applied to the attacker's column. */
  modifiers: z.strictObject({
    /** Per company (full or reduced) in the target hex, at most two (4.2). */
    perCompany: sourcedInt(),
    mountedCavalry: sourcedInt(),
    fieldGunTarget: sourcedInt(),
    /** Direct fire at a target this many hexes or more away (12.15: 3). */
    longRangeFrom: sourcedInt(),
    longRange: sourcedInt(),
    opportunityFire: sourcedInt(),
    night: sourcedInt(),
    entrenchment: sourcedInt(),
    dugIn: sourcedInt(),
    shellShortfall: sourcedInt(),
    /** Net direct fire shift is clamped to [low, high] (10.3). */
    directFireLow: sourcedInt(),
    directFireHigh: sourcedInt(),
    /** An undemoralized leader of the side in the assault hex (6.53, value not in the text). */
    leaderInAssault: sourcedInt(),
    cavalryCharge: sourcedInt(),
    /** Direct fire by firers all standing higher than the target's hex (7.41, value not in the text). */
    firerAbove: sourcedInt(),
    /** Direct fire by firers all standing lower than the target's hex: the height is the target's advantage (7.41). */
    firerBelow: sourcedInt(),
    /** Direct fire into or out of a Smoke hex (15.12), once whether into, out of or both. */
    smoke: sourcedInt(),
  }),
  spotting: z.strictObject({
    dayRange: sourcedInt(),
    /** Extra hexes per elevation level the spotter stands above the target (7.43). */
    perLevelAbove: sourcedInt(),
  }),
  /** Smoke (15.11-15.13). */
  smoke: z.strictObject({
    /** 2d6 at or below this places the marker (15.11: 8). */
    placeAtOrBelow: sourcedInt(),
    /** LOS reaches into (and out of) a Smoke hex this many hexes (15.12: three). */
    sightInto: sourcedInt(),
    /** Dispersal die (15.13): this or less stays... */
    staysAtOrBelow: sourcedInt(),
    /** ...this or less (above staysAtOrBelow) drifts one hex; higher is removed. */
    driftsAtOrBelow: sourcedInt(),
  }),
  fogOfWar: z.strictObject({
    /** 3d6 at or above this ends the turn (15.6). */
    endsTurnAt: sourcedInt(),
    nightBonus: sourcedInt(),
    /** 3d6 at or below this starts a shell shortage (15.7: 3 or 4). */
    shortageAtOrBelow: sourcedInt(),
  }),
});
export type ChartPack = z.infer<typeof chartPack>;
export type TerrainEntry = z.infer<typeof terrainEntry>;

/** WAGON: a transport (1.2, 5.6), not a combat unit. */
export const UNIT_TYPES = ['INF', 'CAV', 'MG', 'GUN', 'WAGON'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** A unit counter: full and reduced sides; cavalry its dismounted piece (14.1); weapons their limbered back (5.61). */
const unitCounter = z.strictObject({
  name: z.string(),
  nation: z.string(),
  type: z.enum(UNIT_TYPES),
  steps: z.union([z.literal(1), z.literal(2)]),
  full: counterSide,
  reduced: counterSide.optional(),
  /** CAV: the dismounted piece with the same letter (14.1). */
  dismounted: z.strictObject({ full: counterSide, reduced: counterSide.optional() }).optional(),
  /** MG and field gun: movement allowance on the limbered back (5.61). */
  limberedMovement: z.number().int().min(0).optional(),
  source: provenance,
});

/** One face of a leader counter (1.2, 6.2): rank in stars, morale, combat bonus, morale bonus. */
const leaderFace = z.strictObject({
  name: z.string(),
  rank: z.number().int().min(1).max(6),
  type: z.enum(['infantry', 'cavalry']),
  morale: z.number().int().min(2).max(12),
  combat: z.number().int().min(0).max(3),
  moraleBonus: z.number().int().min(0).max(3),
});

const leaderCounter = z.strictObject({
  nation: z.string(),
  /** The two faces of the piece (6.2); a scenario names one or flips for it. */
  faces: z.array(leaderFace).min(1).max(2),
  source: provenance,
});

export const counterManifest = z.strictObject({
  format: z.literal('tacsim-ia2-counters/1', { message: 'format must be "tacsim-ia2-counters/1"' }),
  name: z.string(),
  notice: z.string().default(''),
  units: idTable(unitCounter),
  leaders: idTable(leaderCounter),
});
export type CounterManifest = z.infer<typeof counterManifest>;
export type UnitCounter = z.infer<typeof unitCounter>;
export type LeaderFace = z.infer<typeof leaderFace>;

/**
 * A plan entry (9.1): Fire at a vertex (9.11: three mutually adjacent hexes, "0304-0404-0405", optionally
 * with a fire group "/2", 9.2), Smoke at a vertex ("smoke 0304-0404-0405", 15.11), or "none" for No Fire.
 */
export const vertexText = z.string().regex(/^(none|smoke \d{4}-\d{4}-\d{4}|\d{4}-\d{4}-\d{4}(\/[1-8])?)$/, {
  message:
    'a plan entry is "none", a vertex written as three adjacent hexes "0304-0404-0405" optionally with a fire group "/2" (9.2), groups 1 to 8, or "smoke 0304-0404-0405" (15.11)',
});

const placement = z.strictObject({
  counter: z.string(),
  hex: hexLabel,
  count: z.number().int().min(1).max(6).default(1),
  reduced: z.boolean().default(false),
  /** Cavalry: start mounted (14.4, the owner's choice); weapons: start limbered. */
  mounted: z.boolean().default(true),
  limbered: z.boolean().default(false),
  dugIn: z.boolean().default(false),
  /** MG or field gun: starts loaded on a wagon of its side placed in the same hex before it (5.6). */
  loaded: z.boolean().default(false),
  /** Field gun, MG or wagon designated horse artillery: counts as cavalry for leaders (6.11). */
  horseArtillery: z.boolean().default(false),
  /** Leaders: which face (0 or 1); omitted on a two-faced piece, the face is flipped for at set-up (6.2). */
  face: z.number().int().min(0).max(1).optional(),
  /** Sets up hidden (15.5) when the scenario's rule switch hiddenUnits is on: written down, not placed. */
  hidden: z.boolean().default(false),
});

/** Units that enter the board during play (15.41): off the edge from the start, entering on `turn` at one of `hexes` (map-edge hexes). */
const reinforcement = z.strictObject({
  turn: z.number().int().min(1),
  hexes: z.array(hexLabel).min(1, { message: 'a reinforcement group needs at least one entry hex (15.41)' }),
  units: z.array(placement.omit({ hex: true, dugIn: true, hidden: true })).min(1),
});

/** Leaving the board (15.42): only where the scenario permits; victory points per step exited; exited units count as destroyed only when it says so. */
const boardExit = z.strictObject({
  hexes: z.array(hexLabel).min(1, { message: 'an exit needs at least one map-edge hex (15.42)' }),
  vpPerStep: nonNeg.default(0),
  countsAsDestroyed: z.boolean().default(false),
});

const increment = z.strictObject({
  /** Letter id (4.23: "14 A"). */
  id: z.string(),
  strength: z.number().int().min(1),
  /** One entry per game turn: a vertex to fire at or "none" (9.1). */
  plan: z.array(vertexText),
});

/** A named candidate plan (9.1) a side may write instead of the scenario's: lines per increment id, one entry per turn; increments left out do not fire. */
const namedPlan = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'a plan name is lower-case letters, digits and dashes, starting with a letter' }),
  description: z.string().default(''),
  fire: z.record(z.string(), z.array(vertexText)),
});

const scenarioSide = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: z.string(),
  nation: z.string(),
  /** Initiative rating (3.0A) and the step losses that lower it by one. */
  initiative: z.number().int().min(0).max(10),
  lossesPerInitiative: z.number().int().min(1).max(50),
  /** Unit morale, full and reduced (13.0). */
  morale: z.strictObject({ full: z.number().int().min(2).max(12), reduced: z.number().int().min(2).max(12) }),
  units: z.array(placement),
  artillery: z.array(increment).default([]),
  /** More plans the side may choose from before play (9.1), besides its increments' `plan` (the default) and the generated ones. */
  plans: z.array(namedPlan).default([]),
  /** Groups entering the board during play (15.4, 15.41). */
  reinforcements: z.array(reinforcement).default([]),
  /** Hexes the side's hidden units may stand in (15.5), public; omitted, the hexes its hidden placements name. */
  hiddenArea: z.array(hexLabel).default([]),
  /** Where the side's units may leave the board (15.42); absent, they may not. */
  exit: boardExit.optional(),
  /** Its artillery may fire Smoke (15.1, 15.14: only when the scenario allows). */
  smokeAllowed: z.boolean().default(false),
});

export const scenarioFile = z.strictObject({
  ...scenarioHeader('ia2'),
  map: compactMap.extend({
    /** Entrenchment hexes (15.3). */
    entrenchments: z.array(hexLabel).default([]),
    /** Rivers (5.8) as paths of adjacent river hexes, upstream first: the banks are the two sides of the path. */
    rivers: z.array(z.array(hexLabel).min(1)).default([]),
    /** Fords (5.8): river hexes crossed at the scenario's MP cost. */
    fords: z.array(z.strictObject({ hex: hexLabel, cost: z.number().min(0).max(98) })).default([]),
  }),
  turns: z.number().int().min(1).max(60),
  /** Turns played under night rules (7.11, 1.2). */
  nightTurns: z.array(z.number().int().min(1)).default([]),
  /** The turn day begins and the turn night begins (7.11): the four turns before each follow the dawn/dusk schedule. */
  dawn: z.number().int().min(1).optional(),
  dusk: z.number().int().min(1).optional(),
  /** Night spotting range; omitted, rolled at the start (7.12). */
  nightSpotting: z.union([z.literal(1), z.literal(2)]).optional(),
  sides: z.array(scenarioSide).length(2, { message: 'an IA2 scenario has exactly two sides' }),
  victory: z.strictObject({
    objectives: z.array(z.strictObject({ hex: hexLabel, vp: nonNeg, controlledBy: z.string() })).default([]),
    vpPerStep: nonNeg.default(1),
    decisiveMargin: nonNeg.default(6),
  }),
  /** Rule switches: the rulings of docs/rules/ia2-rulings.json by default. */
  rules: ruleSwitches({
    fogOfWarNightShortage: false,
    criticalReplacesShortfall: false,
    /** 15.5 (optional rule): placements marked hidden set up hidden; a scenario with a hidden set-up turns it on. */
    hiddenUnits: false,
  }),
});
export type ScenarioFile = z.infer<typeof scenarioFile>;

export function readChartPack(file: string): ChartPack {
  return parseWith(chartPack, readJsonFile(file), file);
}
export function readCounterManifest(file: string): CounterManifest {
  return parseWith(counterManifest, readJsonFile(file), file);
}
