/**
 * File formats of the Simple Panzer Grenadier (SPG) rules system: chart pack, counter manifest, scenario.
 * Documented in docs/formats/spg.md; rulings on the text's gaps in docs/rules/spg-rulings.json.
 *
 * Every object is strict: an unknown key is an error (a misspelt field in a hand-typed table must not be
 * dropped silently).
 *
 * Provenance: SPG reuses the Panzer Grenadier charts without printing them (SPG S-00 L7), so every value
 * says where it comes from: "rule" (stated in the SPG text: "S-35 L492"), "example" (a worked example of
 * the digest: "U7"), "designed" (ours, consistent with the rest; the note says why) or "official" (copied
 * by a player from a printed chart).
 */
import { z } from 'zod';
import { idTable } from '../../core/validate.js';
import { compactMap, hexLabel, placementFields, terrainTable } from '../../hex/mapdata.js';
import { ruleSwitches, scenarioHeader } from '../../hex/scenariofile.js';
import { counterSide, fireValue as fire, pgUnitTypes } from '../pg/formats.js';
import { moveCost as kernelMoveCost, movementPoints } from '../../hex/movement.js';
import { provenance as kernelProvenance } from '../../hex/provenance.js';
import { resultsTable as kernelResultsTable, TWO_D6 } from '../../hex/tables.js';

export { hexLabel } from '../../hex/mapdata.js';

// ---- Building blocks: the kernel's, with SPG's citations ----

/** Rule ids of the SPG digest: a rule cites the section and line ("S-35 L492"), an example its id ("U7"). */
const ruleCitation = /^S-\d{2} L\d+/;
const exampleCitation = /^U\d+/;

export const provenance = kernelProvenance.superRefine((p, ctx) => {
  if (p.source === 'rule' && !ruleCitation.test(p.rule ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['rule'], message: 'a "rule" source cites the SPG section and line, e.g. "S-35 L492"' });
  }
  if (p.source === 'example' && !exampleCitation.test(p.rule ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['rule'], message: 'an "example" source cites the worked example, e.g. "U7"' });
  }
});
export type Provenance = z.infer<typeof provenance>;

/** A number with its provenance: {"value": 10, "source": {...}}. */
export const sourced = (inner: z.ZodNumber = z.number()) => z.strictObject({ value: inner, source: provenance });

/** A fire result of the Panzer Grenadier 2d6 tables (S-26 L360). */
const fireResult = z.string().regex(/^(-|M|M1|M2|X|2X|3X)$/, { message: 'a fire result is one of -, M, M1, M2, X, 2X, 3X' });

/** A 2d6 results table (columns of fire strength, one row per roll, results -, M, M1, M2, X, 2X, 3X): the kernel's form. */
export const resultsTable = kernelResultsTable(fireResult, TWO_D6, {
  source: provenance,
  cells: z.array(z.strictObject({ column: z.number(), roll: z.number().int(), source: provenance })).default([]),
});
export type ResultsTable = z.infer<typeof resultsTable>;

const nonNeg = z.number().min(0, { message: 'must not be negative' });
const shift = z.number().int({ message: 'must be a whole number of columns' });
const roll2d6 = z.number().int().min(2, { message: 'a 2d6 roll is 2 to 12' }).max(12, { message: 'a 2d6 roll is 2 to 12' });

// ---- Chart pack ----

/**
 * Movement classes (SPG S-14 L166): ground conditions charge leg units, cavalry, wagons and tracked vehicles
 * one penalty, wheeled vehicles and motorcycles another; the terrain chart may tell them all apart.
 */
export const movementClasses = ['leg', 'cavalry', 'wagon', 'tracked', 'wheeled', 'motorcycle'] as const;
export type MovementClass = (typeof movementClasses)[number];

/** Movement points in steps of 1/MP_SCALE (S-14 L166: +0.5 MP), 0-99, as the loader stores them; "P" = prohibited. */
const MP_STEPS = 2;
const moveCost = kernelMoveCost(MP_STEPS);
const movePoints = movementPoints(MP_STEPS);
const perClass = <T extends z.ZodType>(cost: T) =>
  z.strictObject({
    leg: cost,
    cavalry: cost,
    wagon: cost,
    tracked: cost,
    wheeled: cost,
    motorcycle: cost,
  });

/** Cover classes for spotting (S-19 L228). */
export const coverClasses = ['open', 'concealment', 'full'] as const;
export type CoverClass = (typeof coverClasses)[number];

export const terrainEntry = z.strictObject({
  name: z.string(),
  /** Spotting cover class of a unit in the hex (S-19 L228); "open" is also the open ground of S-25, S-37. */
  cover: z.enum(coverClasses),
  /** Line of sight (S-17 L206): "blocks" (woods, buildings), "low" (blocks only between units at its level), "clear". */
  los: z.enum(['blocks', 'low', 'clear']),
  /** MP to enter, per movement class; "P" = prohibited. From the PG Terrain Effects Chart (S-14 L164). */
  move: perClass(moveCost),
  /** Column shift to direct fire at non-mounted soft units in the hex (S-25 L344: woods, buildings, gully -1). */
  directFireShift: shift,
  /** The direct fire shift helps infantry units only (S-25 L344: gully). */
  directFireShiftInfantryOnly: z.boolean().default(false),
  /** Column shift to bombardment into the hex (S-29 L382: building -1; woods and gullies 0, L388). */
  bombardmentShift: shift,
  /** A building hex: -1 to assault fire either way (S-37 L522); a scenario may make it heavy (S-25 L342). */
  building: z.boolean().default(false),
  /** Base terrain an overrun may enter (S-38 L560, S-37 L544: open, wheat, brush). */
  overrun: z.boolean(),
  /** Water: a road through it is a bridge (S-25 L354, S-34 L486). */
  water: z.boolean().default(false),
  source: provenance,
  /** Per-field provenance where it differs from `source` (keys: field names, e.g. "move.tracked"). */
  fieldSources: z.record(z.string(), provenance).optional(),
});
export type TerrainEntry = z.infer<typeof terrainEntry>;

const perCover = z.strictObject({ open: z.number().int().min(0), concealment: z.number().int().min(0), full: z.number().int().min(0) });
const readySpent = z.strictObject({ ready: perCover, spent: perCover });
/** One visibility table of S-19: maximum spotting range in hexes by target class, state and cover. */
export const spottingTable = z.strictObject({
  infantry: readySpent,
  gunsMounted: readySpent,
  vehicles: readySpent,
  source: provenance,
});
export type SpottingTable = z.infer<typeof spottingTable>;

const rollSet = z.strictObject({ rolls: z.array(roll2d6).min(1), source: provenance });

export const airResults = ['friendlyFire', 'abort', 'loiter', 'deliver'] as const;
export type AirResult = (typeof airResults)[number];

const airSupportTable = z
  .strictObject({
    /** Bands of the modified 2d6 roll (S-32 L428-L436), together covering 2 to 12 once each. */
    bands: z.array(z.strictObject({ from: roll2d6, to: roll2d6, result: z.enum(airResults) })).min(1),
    /** No air attack on a hex within this many hexes of a friendly unit (S-32 L426). */
    minDistanceFromFriends: sourced(z.number().int().min(0)),
    source: provenance,
  })
  .superRefine((t, ctx) => {
    const seen = new Map<number, number>();
    t.bands.forEach((b, i) => {
      if (b.to < b.from) ctx.addIssue({ code: 'custom', path: ['bands', i], message: `"to" (${b.to}) is below "from" (${b.from})` });
      for (let r = b.from; r <= b.to; r++) {
        if (seen.has(r)) ctx.addIssue({ code: 'custom', path: ['bands', i], message: `roll ${r} is already in band ${seen.get(r)! + 1}` });
        seen.set(r, i);
      }
    });
    for (let r = 2; r <= 12; r++)
      if (!seen.has(r)) ctx.addIssue({ code: 'custom', path: ['bands'], message: `no band covers a roll of ${r}` });
  });

/** A minefield's bombardment strength: a whole number the loader stores per hex in 16 bits. */
const mineStrength = z.number().int().min(1).max(999);

export const chartPack = z.strictObject({
  format: z.literal('tacsim-spg-charts/1', { message: 'format must be "tacsim-spg-charts/1"' }),
  name: z.string(),
  notice: z.string().optional(),
  /** The Terrain Effects Chart: terrain id -> entry. A "clear" terrain is required. */
  terrain: terrainTable(terrainEntry).refine((t) => 'clear' in t, { message: 'needs a "clear" terrain' }),
  /** MP per hex entered along a road, per movement class (PG TEC; S-14 L164). */
  road: perClass(movePoints).extend({ source: provenance }),
  /** Extra MP per elevation level climbed, per movement class (PG TEC). */
  climb: perClass(movePoints).extend({ source: provenance }),
  /** Extra MP per hex entered in light mud or snow, and in deep mud or deep snow (S-14 L166, L168). */
  groundConditions: z.strictObject({
    light: perClass(movePoints).extend({ source: provenance }),
    deep: perClass(movePoints).extend({ source: provenance }),
  }),
  /** Armored vehicles pay this many extra MP to enter a wire hex (S-49 L666). */
  wireMoveCost: sourced(movePoints),
  /** Spotting tables by global visibility (S-19 L242-L288). */
  spotting: z.strictObject({ clear: spottingTable, impaired: spottingTable, night: spottingTable }),
  /** Cover-class shifts (S-19 L232, L234); they never add up, the larger one applies. */
  coverShift: z.strictObject({ disruptedLeg: sourced(z.number().int().min(0)), limitedVisionSpotter: sourced(z.number().int().min(0)) }),
  directFire: resultsTable,
  bombardment: resultsTable,
  /** The 2d6 Assault table with Direct Fire results (S-36 L514, L516; rulings SPG-R01). */
  assault: resultsTable,
  directFireModifiers: z.strictObject({
    fortification: sourced(shift),
    heavyBuilding: sourced(shift),
    foxholes: sourced(shift),
    adjacent: sourced(shift),
    longRange: sourced(shift),
    /** Range in hexes from which `longRange` applies. */
    longRangeFrom: sourced(z.number().int().min(1)),
    mountedOrUnarmored: sourced(shift),
    /** Opportunity fire at leg units moving on their own in open ground; also leg units in wire (S-49 L664). */
    hazardousMovement: sourced(shift),
  }),
  bombardmentModifiers: z.strictObject({
    fortification: sourced(shift),
    heavyBuilding: sourced(shift),
    foxholesOrDugIn: sourced(shift),
    mountedOrUnarmored: sourced(shift),
  }),
  assaultModifiers: z.strictObject({
    /** Assault, either way: a leg unit of the target hex in a fortification or a building (S-37 L522, S-45 L632). */
    buildingOrFortification: sourced(shift),
    /** Assault, attacker only: infantry or HMG of the defending hex in foxholes (S-37 L526). */
    foxholes: sourced(shift),
    /** Assault, attacker only: the defending hex is higher than every attacker (S-37 L530). */
    higherGround: sourced(shift),
    /** Assault, attacker only: a closed armored vehicle defends in clear terrain (S-37 L534). */
    closedArmorInClear: sourced(shift),
    /** Assault, attacker only: every attacker's morale is higher than every defender's (S-37 L536). */
    higherMorale: sourced(shift),
    /** Assault, attacker only: German infantry 1944-5 against a hex holding a vehicle (S-37 L538). */
    panzerfaustAttack: sourced(shift),
    /** Assault, attacker only: an engineer among the attackers (S-37 L540). */
    engineers: sourced(shift),
    /** Overrun, attacker only: a closed armored overrunner against defenders in clear terrain (S-37 L546). */
    overrunArmorAttack: sourced(shift),
    /** Overrun, defender only: the same case (S-37 L548). */
    overrunArmorDefence: sourced(shift),
    /** Overrun, defender only: German infantry 1944-5 (S-37 L550). */
    panzerfaustDefence: sourced(shift),
    /** Assault or overrun, attacker only: every defender is disrupted (S-37 L554). */
    allDefendersDisrupted: sourced(shift),
  }),
  antiTank: z
    .strictObject({
      /** The coloured die (S-33 L456): add `add`, read anything above `max` as `max`. */
      redDieAdd: sourced(z.number().int()),
      redDieMax: sourced(z.number().int().min(1).max(12)),
      /** The net armor modifier (AT - armor) is capped to +-this before other modifiers (S-34 L464). */
      netArmorCap: sourced(z.number().int().min(0)),
      /** Armor of an unarmored vehicle (S-33 L460). */
      unarmoredArmor: sourced(z.number().int()),
      /** Final total at or above which the target loses a step and is disrupted (S-35 L492). */
      damage: sourced(z.number().int()),
      /** ... at or above which it is eliminated (S-35 L494). */
      eliminate: sourced(z.number().int()),
      /** A shot whose final modifier is at or below this is not rolled (S-20 L302). */
      noRollAtOrBelow: sourced(z.number().int()),
      modifiers: z.strictObject({
        hullDown: sourced(z.number().int()),
        adjacent: sourced(z.number().int()),
        longRange: sourced(z.number().int()),
        longRangeFrom: sourced(z.number().int().min(1)),
        opportunityMoving: sourced(z.number().int()),
        disruptedShooter: sourced(z.number().int()),
        flanking: sourced(z.number().int()),
      }),
    })
    .superRefine((a, ctx) => {
      if (a.eliminate.value <= a.damage.value) ctx.addIssue({ code: 'custom', path: ['eliminate'], message: 'must be above "damage"' });
    }),
  /** Natural rolls that hand control over (S-10 L86, L88). AT rolls are the raw dice (ruling SPG-R04). */
  reactions: z.strictObject({
    activeFire: rollSet,
    activeAntiTank: rollSet,
    inactiveFire: rollSet,
    inactiveAntiTank: rollSet,
  }),
  airSupport: airSupportTable,
  /** Natural bombardment roll at or above which the unit is out of ammunition (S-31 L402-L412, L732). */
  ammoDepletion: z.strictObject({
    rocket: sourced(roll2d6),
    limitedVehicle: sourced(roll2d6),
    standard: sourced(roll2d6),
    offBoardDedicated: sourced(roll2d6),
    offBoardNormal: sourced(roll2d6),
    /** Optional special AT ammunition (APCR, HEAT): the AT roll at or above which it is spent (S-54 L732). */
    specialAmmo: sourced(roll2d6),
  }),
  /** Bombardment strength of minefields (S-50 L676). */
  mines: z.strictObject({ ap: sourced(mineStrength), atAp: sourced(mineStrength) }),
});
export type ChartPack = z.infer<typeof chartPack>;

// ---- Counter manifest ----

/** Counter icons: PG3's, plus motorcycle recon and jeeps (S-11 L102, L116). */
export const unitTypes = [...pgUnitTypes, 'MC', 'JEEP'] as const;
export type UnitType = (typeof unitTypes)[number];

export const counterEntry = z
  .strictObject({
    name: z.string(),
    nation: z.string(),
    /** Era the values are for, where S-54 makes them date-dependent (e.g. "1943"). */
    era: z.string().optional(),
    type: z.enum(unitTypes),
    movementClass: z.enum(movementClasses),
    /** Red boxed armor rating; any value, even 0, makes the vehicle armored (S-11 L106). Absent = unarmored. */
    armor: z.number().int().min(0).optional(),
    /** No full overhead cover (S-11 L110). */
    openTop: z.boolean().default(false),
    /** Spots with one cover class more (S-19 L234): 1-man turrets, 2-man turrets without a free commander. */
    limitedVision: z.boolean().default(false),
    /** No hull-down AT benefit (S-47 L654): T-70, all T-34s, Panther, Panzer IV F2-H. */
    weakTurret: z.boolean().default(false),
    /** Ammunition class for the depletion table (S-31): mortars, on-map guns and heavy Flak are "standard". */
    ammo: z.enum(['standard', 'limitedVehicle', 'rocket']).default('standard'),
    /** Optional special AT ammunition (S-54 L730-L732, L744): the rating with it; `full.antiTank` is without. */
    specialAmmo: z
      .strictObject({
        kind: z.enum(['APCR', 'HEAT']),
        antiTank: fire,
        /** The SPG revision rates the unit with this ammunition unless a scenario says otherwise (L744, L758). */
        standard: z.boolean(),
      })
      .optional(),
    /** Extra AT flanking bonus against it under the "perfectionist" option (S-54 L756: Panther +1 more). */
    extraFlankBonus: z.number().int().min(0).default(0),
    /** An engineer (S-11 L124, S-52). */
    engineer: z.boolean().default(false),
    steps: z.union([z.literal(1), z.literal(2)]),
    /** The front: deployed side for guns and mortars, full strength otherwise. */
    full: counterSide,
    /** The back of a 2-step unit. */
    reduced: counterSide.optional(),
    /** The back of a gun or mortar: limbered ("T") or packed up, unable to fire (S-11 L130, S-03 L42). */
    packed: z.strictObject({ movement: z.number().int().min(0) }).optional(),
    source: provenance,
    /** Per-field provenance where it differs from `source` (keys: "armor", "full.antiTank", ...). */
    fieldSources: z.record(z.string(), provenance).optional(),
  })
  .superRefine((c, ctx) => {
    const vehicle = isVehicleType(c.type);
    const armed = c.full.directFire !== undefined || c.full.antiTank !== undefined || c.full.bombardment !== undefined;
    const gunOrMortar = c.type === 'MORTAR' || isGunType(c.type, c.full.movement);
    if (c.steps === 2 && !c.reduced)
      ctx.addIssue({ code: 'custom', path: ['reduced'], message: 'a 2-step counter needs its reduced side' });
    if (c.steps === 1 && c.reduced) ctx.addIssue({ code: 'custom', path: ['reduced'], message: 'a 1-step counter has no reduced side' });
    // S-11 L130: all guns, mortars and transports have a single step.
    if (c.steps === 2 && (gunOrMortar || (vehicle && !armed))) {
      ctx.addIssue({ code: 'custom', path: ['steps'], message: 'guns, mortars and unarmed transports have a single step (SPG S-11 L130)' });
    }
    if (gunOrMortar && !c.packed)
      ctx.addIssue({ code: 'custom', path: ['packed'], message: 'a gun or mortar needs its limbered/packed side' });
    if (!gunOrMortar && c.packed) ctx.addIssue({ code: 'custom', path: ['packed'], message: 'only guns and mortars have a packed side' });
    if (!vehicle && c.armor !== undefined) ctx.addIssue({ code: 'custom', path: ['armor'], message: 'only vehicles have an armor rating' });
    const vehicleClass = c.movementClass === 'tracked' || c.movementClass === 'wheeled' || c.movementClass === 'wagon';
    if (vehicle !== vehicleClass) {
      ctx.addIssue({
        code: 'custom',
        path: ['movementClass'],
        message: vehicle ? 'a vehicle moves as "tracked", "wheeled" or "wagon"' : `a ${c.type} moves as "leg", "cavalry" or "motorcycle"`,
      });
    }
    if (c.type === 'MORTAR' && (c.full.directFire || c.full.antiTank)) {
      ctx.addIssue({ code: 'custom', path: ['full'], message: 'mortars have bombardment values only (SPG S-11 L128)' });
    }
    if (c.specialAmmo && !c.full.antiTank)
      ctx.addIssue({ code: 'custom', path: ['specialAmmo'], message: 'special ammunition needs an AT rating without it (full.antiTank)' });
  });
export type CounterEntry = z.infer<typeof counterEntry>;

/** Vehicle icons (S-11 L102); wagons count as unarmored vehicles (ruling SPG-R12); aircraft are not counters. */
export function isVehicleType(type: UnitType): boolean {
  return ['TANK', 'SPG', 'AC', 'APC', 'TRUCK', 'JEEP', 'WAGON'].includes(type);
}

/** A gun unit: a gun icon and a movement allowance of 0 (S-11 L120). */
export function isGunType(type: UnitType, movement: number): boolean {
  return (type === 'AT' || type === 'ART' || type === 'AA') && movement === 0;
}

export const counterManifest = z.strictObject({
  format: z.literal('tacsim-spg-counters/1', { message: 'format must be "tacsim-spg-counters/1"' }),
  name: z.string(),
  notice: z.string().optional(),
  units: idTable(counterEntry),
});
export type CounterManifest = z.infer<typeof counterManifest>;

// ---- Scenario ----

const sideId = z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'a side id is lower-case letters, digits and dashes' });
export const edges = ['north', 'south', 'east', 'west'] as const;

const placement = z.strictObject({
  ...placementFields(3),
  /** A gun or mortar starting on its limbered/packed side (default: deployed). */
  packed: z.boolean().default(false),
  /** A vehicle dug in at set-up (S-47 L652). */
  dugIn: z.boolean().default(false),
  /** Starts as the passenger of a vehicle of its side set up in the same hex (S-12 L138). */
  passenger: z.boolean().default(false),
  /** Morale of this unit, if not the side's (S-42 L604: formations may differ). */
  morale: z.number().int().min(2).max(12).optional(),
});

const reinforcementUnit = placement.omit({ hex: true, packed: true, dugIn: true });

const entryArea = z.union([
  /** One hex: column arrival by default (S-06 L56). */
  z.strictObject({ hex: hexLabel }),
  /** A list of hexes: line arrival. */
  z.strictObject({ hexes: z.array(hexLabel).min(1) }),
  /** A board edge, optionally only within `within` hexes of `near` (S-07 L60): line arrival. */
  z.strictObject({ edge: z.enum(edges), near: hexLabel.optional(), within: z.number().int().min(0).optional() }),
]);

const reinforcement = z
  .strictObject({
    turn: z.number().int().min(1),
    /** Line or column arrival (S-06); default: column for a single hex, line otherwise. */
    arrival: z.enum(['line', 'column']).optional(),
    entry: entryArea,
    /** Variable arrival (S-05 L52; method designed): from `turn` on, the group arrives when 2d6 <= this. */
    arrivalRoll: roll2d6.optional(),
    /** In column order for a column arrival (the first is placed in the entry hex, S-08 L64); a unit with
     * `passenger: true` rides the nearest vehicle listed before it. */
    units: z.array(reinforcementUnit).min(1),
  })
  .superRefine((r, ctx) => {
    if (r.arrival === 'column' && !('hex' in r.entry)) {
      ctx.addIssue({ code: 'custom', path: ['entry'], message: 'a column arrival enters through one hex: {"hex": "CCRR"} (SPG S-08 L64)' });
    }
  });

const offBoardBattery = z.strictObject({
  counter: z.string(),
  count: z.number().int().min(1).max(12).default(1),
  /** Dedicated support depletes less (S-31 L410, L418: by scenario rule only). */
  support: z.enum(['normal', 'dedicated']).default('normal'),
  /** Hexes off the map; range counts from the friendly edge plus this (S-27 L372). Default 0. */
  distance: z.number().int().min(0).default(0),
  /** Overrides the chart pack's depletion number (S-31 L398). */
  ammoDepletion: roll2d6.optional(),
  fromTurn: z.number().int().min(1).default(1),
});

export const scenarioSide = z
  .strictObject({
    id: sideId,
    name: z.string(),
    nation: z.string(),
    /** Scenario morale of the side's units (S-21 L310: 6 green, 7 regular, 8 veteran). */
    morale: z.number().int().min(2).max(12),
    /** Steps lost at which the side is shaken and demoralized (S-42 L606). Omitted: ruling SPG-R02 defaults. */
    lossLevels: z.strictObject({ shaken: z.number().int().min(1), demoralized: z.number().int().min(1) }).optional(),
    /** Added to the side's initiative roll (S-04 L48). */
    initiativeBonus: z.number().int().default(0),
    /** Edges the side's off-board artillery fires from (S-27 L372) and its units may exit through. */
    friendlyEdges: z.array(z.enum(edges)).default([]),
    offBoardArtillery: z.array(offBoardBattery).default([]),
    /** Air support (S-32): one entry per plane with its bombardment strength; `rollBonus` +1 for accurate support (L450). */
    air: z
      .strictObject({
        planes: z.array(z.strictObject({ strength: z.number().positive(), fromTurn: z.number().int().min(1).default(1) })).min(1),
        rollBonus: z.number().int().min(0).max(1).default(0),
      })
      .optional(),
    /** Special AT ammunition (S-54 L730-L732): "standard" as the counters say, "abundant" always, "depleting" until a 9+, "none". */
    specialAmmo: z.enum(['standard', 'abundant', 'depleting', 'none']).default('standard'),
    /** German infantry with Panzerfausts, 1944-5 (S-37 L538, L550). */
    panzerfausts: z.boolean().default(false),
    /** Leg units on skis in snow (S-14 L170). */
    skis: z.boolean().default(false),
    units: z.array(placement),
    reinforcements: z.array(reinforcement).default([]),
    /** Hexes the side's units may exit through, with VP per step exited (not a loss, S-42 L606). */
    exit: z.strictObject({ hexes: z.array(hexLabel).min(1), vpPerStep: nonNeg }).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.offBoardArtillery.length > 0 && s.friendlyEdges.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['friendlyEdges'],
        message: 'off-board artillery needs the friendly edge its range counts from (SPG S-27 L372)',
      });
    }
    if (s.lossLevels && s.lossLevels.demoralized < s.lossLevels.shaken) {
      ctx.addIssue({
        code: 'custom',
        path: ['lossLevels', 'demoralized'],
        message: 'the demoralized level must not come before the shaken level (ruling SPG-R02)',
      });
    }
  });
export type ScenarioSide = z.infer<typeof scenarioSide>;

export const visibilities = ['clear', 'impaired', 'night'] as const;
export const groundStates = ['dry', 'lightMud', 'snow', 'deepMud', 'deepSnow'] as const;

const suddenDeath = z.union([
  /** `winner` wins when it controls every hex listed (S-44 L620). */
  z.strictObject({
    kind: z.literal('control'),
    winner: sideId,
    hexes: z.array(hexLabel).min(1),
    fromTurn: z.number().int().min(1).default(1),
  }),
  /** `winner` wins when `side` reaches its demoralized loss level (S-42 L610). */
  z.strictObject({ kind: z.literal('demoralized'), winner: sideId, side: sideId, fromTurn: z.number().int().min(1).default(1) }),
]);

export const spgMap = compactMap
  .extend({
    /** Town or village hexes that are heavy buildings (S-25 L342; otherwise buildings are normal). */
    heavyBuildings: z.array(hexLabel).default([]),
    /** Fortified positions (S-45): permanent, for leg units of either side. */
    fortifications: z.array(hexLabel).default([]),
    /** Foxholes (S-46): for leg units of either side. */
    foxholes: z.array(hexLabel).default([]),
    wire: z.array(hexLabel).default([]),
    /**
     * Minefields (S-50): AP (12) or AT+AP (30). A hidden one (L672) is secret from `hiddenFrom` until a unit
     * enters it; `area` is where the scenario lets it be laid (what that side knows of it; the whole map if
     * not given): the hexes listed, or those within `within` hexes of `near`.
     */
    mines: z
      .array(
        z.strictObject({
          hex: hexLabel,
          kind: z.enum(['ap', 'atAp']),
          hiddenFrom: sideId.optional(),
          area: z
            .union([
              z.strictObject({ hexes: z.array(hexLabel).min(1) }),
              z.strictObject({ near: hexLabel, within: z.number().int().min(0).max(60) }),
            ])
            .optional(),
        }),
      )
      .default([]),
    /** AT ditches and roadblocks (S-51). */
    atDitches: z.array(hexLabel).default([]),
  })
  .strict();

export const scenarioFile = z
  .strictObject({
    ...scenarioHeader('spg'),
    map: spgMap,
    turns: z.number().int().min(1).max(60),
    /** Global visibility (S-19 L222-L224): `default`, changed for the turns listed. */
    visibility: z
      .strictObject({
        default: z.enum(visibilities),
        turns: z
          .array(z.strictObject({ from: z.number().int().min(1), to: z.number().int().min(1), visibility: z.enum(visibilities) }))
          .default([]),
      })
      .default({ default: 'clear', turns: [] }),
    /** Ground state (S-14), and terrain ids treated as soft ground (L172). */
    ground: z.enum(groundStates).default('dry'),
    softGround: z.array(z.string()).default([]),
    initiative: z
      .strictObject({
        /** The side that has the initiative on turn 1 without a roll (S-04 L48). */
        firstTurn: sideId.optional(),
        /** Initiative stays with `side` through turn `throughTurn`, or until an enemy unit enters one of `untilEntered` (L48). */
        locked: z
          .strictObject({
            side: sideId,
            throughTurn: z.number().int().min(1).optional(),
            untilEntered: z.array(hexLabel).default([]),
          })
          .optional(),
      })
      .default({}),
    sides: z.array(scenarioSide).length(2, { message: 'an SPG scenario has exactly two sides' }),
    victory: z.strictObject({
      /** Objective hexes: VP to the side that controls them at the end; `controlledBy` at the start. */
      objectives: z.array(z.strictObject({ hex: hexLabel, vp: nonNeg, controlledBy: sideId })).default([]),
      /** VP for each enemy step lost (S-42 L606 counts what is a loss). */
      vpPerStep: nonNeg.default(1),
      /** VP to the other side when a side becomes shaken / demoralized (S-42 L608, L610). */
      vpShaken: nonNeg.default(0),
      vpDemoralized: nonNeg.default(0),
      decisiveMargin: nonNeg.default(10),
      suddenDeath: z.array(suddenDeath).default([]),
    }),
    /** Rule switches: the rulings of docs/rules/spg-rulings.json by default; `--set rule.<name>=true` changes one. */
    rules: ruleSwitches({
      pbem: false,
      assaultOnDirectFireTable: false,
      lossLevelsAsPrinted: false,
      capFinalAtModifier: false,
      turnOneTieToFirstSide: false,
      opportunityFireGroups: false,
      opportunityFireAtMoveEnd: false,
      defensiveFireHitsWholeHex: false,
      cavalryAssault: false,
      perfectionistFlanking: false,
    }),
  })
  .superRefine((s, ctx) => {
    const ids = s.sides.map((x) => x.id);
    if (ids[0] === ids[1]) ctx.addIssue({ code: 'custom', path: ['sides', 1, 'id'], message: `both sides are called "${ids[0]}"` });
    const checkSide = (id: string | undefined, path: (string | number)[]) => {
      if (id !== undefined && !ids.includes(id))
        ctx.addIssue({ code: 'custom', path, message: `no side "${id}" (sides: ${ids.join(', ')})` });
    };
    checkSide(s.initiative.firstTurn, ['initiative', 'firstTurn']);
    checkSide(s.initiative.locked?.side, ['initiative', 'locked', 'side']);
    for (const [i, o] of s.victory.objectives.entries()) checkSide(o.controlledBy, ['victory', 'objectives', i, 'controlledBy']);
    for (const [i, d] of s.victory.suddenDeath.entries()) {
      checkSide(d.winner, ['victory', 'suddenDeath', i, 'winner']);
      if (d.kind === 'demoralized') checkSide(d.side, ['victory', 'suddenDeath', i, 'side']);
    }
    for (const [i, m] of s.map.mines.entries()) {
      checkSide(m.hiddenFrom, ['map', 'mines', i, 'hiddenFrom']);
      if (m.area !== undefined && m.hiddenFrom === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['map', 'mines', i, 'area'],
          message: 'an area is for a hidden minefield (give "hiddenFrom")',
        });
    }
    for (const [i, t] of s.visibility.turns.entries()) {
      if (t.to < t.from)
        ctx.addIssue({ code: 'custom', path: ['visibility', 'turns', i, 'to'], message: `"to" (${t.to}) is before "from" (${t.from})` });
    }
  });
export type ScenarioFile = z.infer<typeof scenarioFile>;
