/**
 * File formats of the PG3 rules system: chart pack, counter manifest, scenario. Documented in
 * docs/formats/pg3.md; validated here at the boundary (chessops style: plain data in, typed and trusted
 * structures out).
 *
 * Every chart entry and counter says where its values come from (the kernel's provenance schema,
 * src/hex/provenance.ts); results tables, the compact map and hex labels are the kernel's forms too.
 */
import { z } from 'zod';
import { idTable } from '../../core/validate.js';
import { compactMap, hexLabel, placementFields, terrainTable } from '../../hex/mapdata.js';
import { scenarioHeader } from '../../hex/scenariofile.js';
import { counterSide, pgUnitTypes } from '../pg/formats.js';
import { moveCost as kernelMoveCost, movementPoints } from '../../hex/movement.js';
import { provenance, sourced } from '../../hex/provenance.js';
import { ONE_D6, TWO_D6, resultsTable } from '../../hex/tables.js';

export { provenance, sourced, type Provenance } from '../../hex/provenance.js';
export { cellSource, resultsTable } from '../../hex/tables.js';
export { compactMap, hexLabel } from '../../hex/mapdata.js';

const nonNeg = z.number().min(0, { message: 'must not be negative' });
const shift = z.number().int({ message: 'must be a whole number of columns' });

/** Movement points in half points (PG3 5.2: roads cost 1/2 MP), 0-99, as the loader stores them; "P" = prohibited. */
const moveCost = kernelMoveCost(2);
const movePoints = movementPoints(2);
export const movementClasses = ['foot', 'motorized', 'mechanized', 'towed'] as const;
export type MovementClass = (typeof movementClasses)[number];

export const terrainEntry = z.strictObject({
  name: z.string(),
  /** Limiting terrain conceals (spotted at <= 3 hexes) and blocks line of sight (PG3 8.2). */
  limiting: z.boolean(),
  /** Spotting range into this terrain, if shorter than the limiting 3 (swamp: 1, PG3 8.22). */
  spotRange: z.number().int().positive().optional(),
  blocksLos: z.boolean(),
  /** Height of its obstacle in elevation levels (woods, town: 1 = 20 m, PG3 8.42). */
  obstacleHeight: z.number().int().min(0),
  /** A viewer in it stands this many levels higher (town: 1, PG3 8.42). */
  viewerBonus: z.number().int().min(0),
  /** MP cost to enter, per movement class (PG3 5.0, 5.1); "P" = prohibited. */
  move: z.strictObject({ foot: moveCost, motorized: moveCost, mechanized: moveCost, towed: moveCost }),
  /** Column shift to direct fire and bombardment into the hex (negative helps the defender). */
  directFireShift: shift,
  bombardmentShift: shift,
  /** Column shift to an attacker assaulting into the hex (PG3 12.4: town -2). */
  assaultAttackerShift: shift,
  /** AT fire die-roll modifier against a vehicle in the hex. */
  antiTankDrm: z.number().int(),
  /** Recovery bonus (PG3 14.4: +1 in town). */
  recoveryBonus: z.number().int(),
  /** Units may dig in here (PG3 16.2: not town or woods). */
  digIn: z.boolean(),
  /** A river hex (PG3 5.7): crossing it ends movement; motorized units need a bridge (road). */
  river: z.enum(['minor', 'major']).optional(),
  source: provenance,
  /** Per-field provenance where it differs from `source`. */
  fieldSources: z.record(z.string(), provenance).optional(),
});
export type TerrainEntry = z.infer<typeof terrainEntry>;

const result = z.string().regex(/^(-|M|M1|M2|X|2X|3X)$/, { message: 'a fire result is one of -, M, M1, M2, X, 2X, 3X' });
const assaultResult = z.string().regex(/^(-|M|1|2|3)$/, { message: 'an assault result is one of -, M, 1, 2, 3' });

export const chartPack = z.strictObject({
  format: z.literal('tacsim-pg3-charts/1', { message: 'format must be "tacsim-pg3-charts/1"' }),
  name: z.string(),
  notice: z.string().optional(),
  terrain: terrainTable(terrainEntry).refine((t) => 'clear' in t, { message: 'needs a "clear" terrain' }),
  /** MP cost along a road hexside per movement class (PG3 5.2). */
  road: z.strictObject({ foot: movePoints, motorized: movePoints, mechanized: movePoints, towed: movePoints, source: provenance }),
  /** Extra MP to climb one elevation level. */
  climb: z.strictObject({ foot: movePoints, motorized: movePoints, mechanized: movePoints, towed: movePoints, source: provenance }),
  directFire: resultsTable(result, TWO_D6),
  bombardment: resultsTable(result, TWO_D6, {
    /** PG3 9.5: friendly-fire d6 (1..6) -> column. */
    friendlyFireColumns: z.array(z.number().positive()).length(6),
    friendlyFireSource: provenance,
  }),
  assault: resultsTable(assaultResult, ONE_D6),
  antiTank: z.strictObject({
    /** 2d6 + AT - armor + DRMs >= this: the vehicle loses a step (PG3 11.0: 10). */
    damage: sourced(z.number().int()),
    /** ... >= this: the vehicle is eliminated outright. */
    eliminate: sourced(z.number().int()),
    crossfire: sourced(z.number().int()),
    pointBlank: sourced(z.number().int()),
    truckArmor: sourced(z.number().int()),
  }),
  modifiers: z.strictObject({
    pointBlank: sourced(shift),
    longRange: sourced(shift),
    threeUnits: sourced(shift),
    artilleryTarget: sourced(shift),
    night: sourced(shift),
    dugIn: sourced(shift),
    targetUphill: sourced(shift),
    directFireMax: sourced(shift),
    directFireMin: sourced(shift),
    assaultLeader: sourced(shift),
    assaultVsArmorInCover: sourced(shift),
    assaultAllDemoralized: sourced(shift),
    assaultDugInDefender: sourced(shift),
    assaultHigherMorale: sourced(shift),
    /** Morale check result modifiers (PG3 14.1): M, M1, M2. */
    moraleM: sourced(z.number().int()),
    moraleM1: sourced(z.number().int()),
    moraleM2: sourced(z.number().int()),
  }),
});
export type ChartPack = z.infer<typeof chartPack>;

const side = counterSide;

export const unitTypes = pgUnitTypes;

export const counterEntry = z
  .strictObject({
    name: z.string(),
    nation: z.string(),
    type: z.enum(unitTypes),
    movementClass: z.enum(movementClasses),
    /** Printed armor (any value, even 0, makes it an AFV: PG3 1.1). */
    armor: z.number().int().min(0).optional(),
    openTop: z.boolean().default(false),
    steps: z.union([z.literal(1), z.literal(2)]),
    full: side,
    reduced: side.optional(),
    source: provenance,
  })
  .superRefine((c, ctx) => {
    if (c.steps === 2 && !c.reduced)
      ctx.addIssue({ code: 'custom', path: ['reduced'], message: 'a 2-step counter needs its reduced side' });
  });
export type CounterEntry = z.infer<typeof counterEntry>;

export const leaderEntry = z.strictObject({
  name: z.string(),
  nation: z.string(),
  rank: z.enum(['CPL', 'SGT', 'LT', 'CPT', 'MAJ', 'LTC', 'COL']),
  morale: z.number().int().min(0).max(12),
  combat: z.number().int().min(0).max(3),
  moraleModifier: z.number().int().min(0).max(3),
  /** A Kommissar (PG3 6.6; Soviet-bloc): helps demoralized units recover with his own morale, leads nobody. */
  kom: z.boolean().default(false),
  /** A cavalry leader (PG3 6.9): MA 6, may order cavalry charges (15.31). */
  cavalry: z.boolean().default(false),
  source: provenance,
});
export type LeaderEntry = z.infer<typeof leaderEntry>;

export const counterManifest = z.strictObject({
  format: z.literal('tacsim-pg3-counters/1', { message: 'format must be "tacsim-pg3-counters/1"' }),
  name: z.string(),
  units: idTable(counterEntry),
  leaders: idTable(leaderEntry),
});
export type CounterManifest = z.infer<typeof counterManifest>;

const placement = z.strictObject({
  ...placementFields(12),
  /** This AFV carries a tank leader (PG3 6.8; for nations with a fixed number, the scenario picks). */
  tankLeader: z.boolean().default(false),
  /** Starts dug in (PG3 16.2). */
  dugIn: z.boolean().default(false),
  /** Starts aboard a transport (truck, wagon or APC) of its side placed in the same hex (PG3 5.6; set-up only). */
  loaded: z.boolean().default(false),
  /** Starts hidden (PG3 16.6; set-up only): its position is secret from the other side until spotted at 1/4 range, moved or fired. */
  hidden: z.boolean().default(false),
});

const reinforcement = z.strictObject({
  turn: z.number().int().min(1),
  /** Entry hexes on the board edge (PG3 16.5). */
  entry: z.array(hexLabel).min(1),
  units: z.array(placement.omit({ hex: true }).extend({ hex: hexLabel.optional() })).min(1),
  leaders: z.array(z.strictObject({ counter: z.string() })).default([]),
});

export const scenarioSide = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'a side id is lower-case letters, digits and dashes' }),
  name: z.string(),
  nation: z.string(),
  /** Initiative rating (PG3 3.0). */
  initiative: z.number().int().min(0),
  /** Initiative falls by 1 for every this many steps lost (PG3 3.0; 0 = never). */
  initiativeLossEvery: z.number().int().min(0).default(0),
  /** Unit morale, full/reduced (PG3 14.0: from the scenario). */
  morale: z.strictObject({ full: z.number().int().min(2).max(12), reduced: z.number().int().min(2).max(12) }),
  /** Armor efficiency (PG3 11.2): full-strength AFVs of this side fire AT twice a turn. */
  armorEfficiency: z.boolean().default(false),
  /** Tank leaders: "all" (every tank-symbol AFV: German, PG3 6.8) or a number assigned secretly at set-up. */
  tankLeaders: z.union([z.literal('all'), z.number().int().min(0)]).default(0),
  /** Off-board artillery factors, e.g. [20, 20, 20] for "3 x 20" (PG3 9.2, 9.3). */
  offboardArtillery: z.array(z.number().positive()).default([]),
  /** PG3 15.1 aircraft: `perTurn` drawn at random from `pool` at the start of every turn (from `fromTurn`); each
   * has a direct fire value `df` and `at` anti-tank factors. */
  aircraft: z
    .strictObject({
      perTurn: z.number().int().min(1),
      fromTurn: z.number().int().min(1).default(1),
      pool: z
        .array(z.strictObject({ df: nonNeg, at: z.number().int().min(0).default(0) }))
        .min(1)
        .max(30),
    })
    .optional(),
  /** Bombardment friendly-fire check gets +1 (German, British or American fire, PG3 9.5). */
  friendlyFirePlus: z.boolean().default(false),
  units: z.array(placement),
  /** Leaders set up: a counter at a hex, or (PG3 6.1) `{draw: rank, hex}`: a leader of that rank drawn from `leaderPool`
   * at set-up. `cavalry: true` designates a fixed leader a cavalry leader (PG3 6.9). */
  leaders: z
    .array(
      z.union([
        z.strictObject({ counter: z.string(), hex: hexLabel, cavalry: z.boolean().default(false) }),
        z.strictObject({ draw: z.enum(['CPL', 'SGT', 'LT', 'CPT', 'MAJ', 'LTC', 'COL']), hex: hexLabel }),
      ]),
    )
    .default([]),
  /** PG3 6.1 leader selection: the side's leader pieces in the cup, each a counter id or [front, back] (flipped like a coin). */
  leaderPool: z.array(z.union([z.string(), z.tuple([z.string(), z.string()])])).default([]),
  reinforcements: z.array(reinforcement).default([]),
  /** Minefields this side laid (PG3 16.7): strength 1-3, 0 = dummy. Positions are public, strengths secret until entered. */
  minefields: z.array(z.strictObject({ hex: hexLabel, strength: z.number().int().min(0).max(3) })).default([]),
  /** Hexes through which this side's units may exit the board (PG3 16.5), with VP per step exited. */
  exit: z.strictObject({ hexes: z.array(hexLabel).min(1), vpPerStep: nonNeg }).optional(),
});

export const scenarioFile = z.strictObject({
  ...scenarioHeader('pg3'),
  map: compactMap.extend({
    /** Entrenchment hexes (PG3 16.4): permanent, usable by either side. */
    entrenchments: z.array(hexLabel).default([]),
  }),
  turns: z.number().int().min(1).max(60),
  /** Spotting range in daylight clear terrain (PG3 8.1: 12). 1 = night. */
  visibility: z.number().int().min(1).max(40).default(12),
  /** Turns that are night turns (PG3 1.1, 5.5, 8.1). */
  nightTurns: z.array(z.number().int().min(1)).default([]),
  sides: z.array(scenarioSide).length(2, { message: 'a PG3 scenario has exactly two sides' }),
  victory: z.strictObject({
    /** Objective hexes: VP to the side that controls them at the end (PG3 1.1 control). */
    objectives: z.array(z.strictObject({ hex: hexLabel, vp: nonNeg, controlledBy: z.string() })).default([]),
    /** VP for each enemy step eliminated. */
    vpPerStep: nonNeg.default(1),
    /** Margin (winner VP - loser VP) at or above which the win is decisive; below it, marginal. 0 margin = draw. */
    decisiveMargin: nonNeg.default(10),
  }),
  /** Rule switches: official readings by default; alternatives documented in docs/rules/pg3.md. */
  rules: z
    .strictObject({
      splitColumns: z.boolean().default(true),
      hillsLimiting: z.boolean().default(true),
      fireOverFriendsAllUnits: z.boolean().default(false),
      fogOfWar: z.boolean().default(false),
      excessInitiative: z.boolean().default(false),
      /** PG3 16.1: "in some scenarios players may fire smoke": mortars, on-board artillery and off-board factors. */
      smoke: z.boolean().default(false),
      /** PG3 3.3 (L102 vs L103): regular leaders activate and lead SP guns; false: no leader does. */
      spGunsRegularLeaders: z.boolean().default(true),
    })
    .default({
      splitColumns: true,
      hillsLimiting: true,
      fireOverFriendsAllUnits: false,
      fogOfWar: false,
      excessInitiative: false,
      smoke: false,
      spGunsRegularLeaders: true,
    }),
});
export type ScenarioFile = z.infer<typeof scenarioFile>;
export type ScenarioSide = z.infer<typeof scenarioSide>;
