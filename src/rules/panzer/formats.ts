/**
 * File formats of GMT Panzer (docs/formats/panzer.md): the chart pack (Game Card tables: spotting ranges,
 * AP hit table, terrain effects, the Basic Game modifiers), the counter manifest (vehicle Data Cards,
 * digest 4.10) and the scenario file. Every chart entry and card carries its provenance: the text gives
 * almost none of the numbers (digest 0, 8.2), so most are "designed", and a player may load their own
 * printed values as "official" with --charts / --counters.
 */
import { z } from 'zod';
import { idTable } from '../../core/validate.js';
import { compactMap, hexLabel, terrainTable } from '../../hex/mapdata.js';
import { provenance } from '../../hex/provenance.js';
import { scenarioHeader } from '../../hex/scenariofile.js';

/** AP range bands, closest first (4.4.3.2.1). */
export const BANDS = ['P', 'S', 'M', 'L', 'E'] as const;
/** Spotting Ranges Table rows, best first (4.1.3: net modifier clamped +2..-5). */
export const SPOT_ROWS = [2, 1, 0, -1, -2, -3, -4, -5] as const;
/** AP Hit Table rows, best first (4.4.3.2.3: net modifier clamped +5..-10). */
export const HIT_ROWS = [5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10] as const;
export const TRACTIONS = ['T', 'H', 'W'] as const;
export type Traction = (typeof TRACTIONS)[number];
export const COVERS = ['none', 'light', 'medium', 'heavy'] as const;
export type Cover = (typeof COVERS)[number];

const sourcedNumber = z.strictObject({ value: z.number(), source: provenance });
const percent = z.number().int().min(0).max(100);
/** The Smoke and Barrage modifiers of one kind of fire, by Open and Closed SHEAF (6.5.2.4, 6.5.4.3). */
const smokeModifiers = z.strictObject({
  smokeOpen: sourcedNumber,
  smokeClosed: sourcedNumber,
  barrageOpen: sourcedNumber,
  barrageClosed: sourcedNumber,
});

/** A movement or turn cost per traction: a number of MF, or null where the terrain is prohibited ("P"). */
const costByTraction = z.strictObject({
  T: z.number().int().min(1).nullable(),
  H: z.number().int().min(1).nullable(),
  W: z.number().int().min(1).nullable(),
});

export const terrainEntry = z.strictObject({
  /** Obstacle height above the ground in levels (4.1.4.1): woods 3, heavy woods 4, a building 1 per storey, gully -1. */
  height: z.number().int().min(-1).max(9),
  /** Cover for spotting (4.1.3) and for AP fire (4.4.3.2.2): Brush is Light for spotting but None for fire (7.59.1). */
  spotCover: z.enum(COVERS),
  apCover: z.enum(COVERS),
  /** Movement cost to enter, per traction (4.5.1.1.2); null = prohibited. */
  move: costByTraction,
  /** Cost of a turn of 2-3 hexsides, or of any turn after the free one, in this hex (4.5.1.1.4). */
  turn: costByTraction,
  /** May be entered or left only across a road hexside (a bridge, 4.5.1.1.6; heavy woods off the road, 4.1.4.1.7). */
  roadOnly: z.boolean().default(false),
  /** Advanced Game: MF for a leg or towed unit to enter (6.6.4.1); null = prohibited; absent = no leg column. */
  moveLeg: z.number().int().min(1).nullable().optional(),
  /** Advanced Game: no Full Cover in this terrain (bridge, ford, stream, 6.1.4.2). */
  noFullCover: z.boolean().default(false),
  /** Advanced Game: the TET "Hull Dn" range 01..N a search for hull down must roll within (6.6.9); absent = none. */
  hullDown: z.number().int().min(1).max(100).optional(),
  /** Advanced Game: close terrain where a vehicle needs leg support against Close Assault (the TET, 6.6.1.1.2). */
  closeTerrain: z.boolean().optional(),
  source: provenance,
});
export type TerrainEntry = z.infer<typeof terrainEntry>;

/** One row of the AP Hit Table: the hit numbers at bands P S M L E for one net modifier. */
const hitRow = z.strictObject({
  modifier: z.number().int().min(-10).max(5),
  hit: z.array(percent).length(5, { message: 'a hit row has 5 numbers: bands P, S, M, L, E' }),
  source: provenance,
});

/** A spotting column (L or S, 6.1.3): 8 ranges for rows +2 .. -5. */
const spotColumn = z
  .array(z.strictObject({ row: z.number().int().min(-5).max(2), range: z.number().int().min(1).max(99), source: provenance }))
  .length(8, { message: 'a spotting column has 8 rows: +2, +1, 0, -1 ... -5' });

/** The Hit Locations a tens digit 1..9 gives at one hit angle (6.5.2.2). */
export const HIT_LOCATION = /^(TF|TS|TR|HF\*?|HS\*?|HR\*?)$/;
const locationRow = z
  .array(z.string().regex(HIT_LOCATION, { message: 'a hit location is TF, TS, TR, HF, HS or HR (a hull location may be starred: HF*)' }))
  .length(9, {
    message: 'a hit angle row gives the locations of tens digits 1 to 9 (10 is a track hit)',
  });

/** One row of the GP Combat Results Table (6.5.4.4): a GP Defense Factor and its [N, S] pair per GP factor column. */
const gpCrtRow = z.strictObject({
  gpd: z.number().int().min(1).max(10),
  ns: z.array(z.tuple([z.number().int(), z.number().int()])),
  source: provenance,
});

/** One value per grade, Elite to Green (5.8). */
const byGrade = z.strictObject({ values: z.array(z.number().int()).length(5), source: provenance });

/** One observer row of the Called Indirect Fire Response Table (6.5.1.12): the Response Factor per Attachment Level (6.5.1.3). */
const responseRow = z.strictObject({ attached: sourcedNumber, organic: sourcedNumber, unattached: sourcedNumber });

export const advancedCharts = z.strictObject({
  /** Spotting Ranges Table, columns L and S (6.1.3), rows +2..-5. */
  spotting: z.strictObject({ L: spotColumn, S: spotColumn }),
  /** GP Combat Results Table: the GP factor at the head of each column (a factor reads the last column at or below it). */
  gpColumns: z.array(z.number().int().min(1)).min(1),
  /** Rows GP Defense Factor 1..10. */
  gpCrt: z.array(gpCrtRow).length(10, { message: 'the GP Combat Results Table has 10 rows: GP Defense Factor 1 to 10' }),
  /** The stated modifiers of the Advanced modules (6.1.3.1, 6.5.2.4, 6.5.4.2.2, 6.5.4.3, 6.8.3.1). */
  modifiers: z.strictObject({
    spotSuppressed: sourcedNumber,
    apFirerSuppressed: sourcedNumber,
    gpFirerSuppressed: sourcedNumber,
    gpTargetVehicleMoving: sourcedNumber,
    gpTargetP: sourcedNumber,
    gpTargetA: sourcedNumber,
    gpTargetCover: z.strictObject({ medium: sourcedNumber, heavy: sourcedNumber }),
    gpShortHalt: sourcedNumber,
    gpFirerDamaged: sourcedNumber,
    gpBrewUpSmoke: sourcedNumber,
    gpOverwatchInside: sourcedNumber,
    gpOverwatchOutside: sourcedNumber,
    gpdMoving: sourcedNumber,
    /** 6.6.4.3: GP direct and indirect fire at a unit that crawled this turn. */
    gpCrawling: sourcedNumber.optional(),
    recoveryNotNc: sourcedNumber,
    recoveryUnderFire: sourcedNumber,
    /** 6.1.3.2: a target in Full Cover is spotted two rows down; a spotter in Full Cover is four rows down. */
    spotFullCoverTarget: sourcedNumber,
    spotFromFullCover: sourcedNumber,
    /** 6.5.4.2.2: Full Cover adds 1 or 2 to a leg or towed GPD: the value in a hex of no or Light cover, and in Medium or Heavy cover. */
    gpdFullCoverOpen: sourcedNumber,
    gpdFullCoverCovered: sourcedNumber,
  }),
  /** Suppression recovery: a roll(100) at or under this recovers (the Sup'd Recvy range of a Seasoned unit, 6.8.3). */
  suppressionRecovery: sourcedNumber,
  /**
   * AP Hit Locations Table (6.5.2.2): per hit angle, the location of tens digits 1..9 (10 is always TK,
   * 6.5.2.2.1). A starred hull location ("HF*") is a Hull* location (6.5.2.2.3).
   */
  hitLocations: z
    .strictObject({ front: locationRow, frontSide: locationRow, rearSide: locationRow, rear: locationRow, source: provenance })
    .optional(),
  /** Searching for hull down (6.6.9): the Partial Hull Down modifier and the modifier per Target Size +2 .. -2. */
  hullDownSearch: z.strictObject({ partial: sourcedNumber, bySize: z.array(z.number().int()).length(5), source: provenance }).optional(),
  /** The Close Assault (6.6.1.1.2) and Hand-to-Hand (6.6.1.2.2) modifiers this module models. */
  closeAssault: z
    .strictObject({
      advance: sourcedNumber,
      dismount: sourcedNumber,
      uphill: sourcedNumber,
      vsMoving: sourcedNumber,
      vsSuppressed: sourcedNumber,
      unsupported: sourcedNumber,
      vsP: sourcedNumber,
      vsS: sourcedNumber,
      hthHalfSquad: sourcedNumber,
      hthSection: sourcedNumber,
      hthTowed: sourcedNumber,
      hthDefenderSuppressed: sourcedNumber,
    })
    .optional(),
  /** Bail Out Table, Crew rows (6.5.2.6.1): the crew bails out on a roll(100) at or under the value. */
  bailOut: z
    .strictObject({
      noDamage: sourcedNumber,
      damaged: sourcedNumber,
      track: sourcedNumber,
      // 6.5.2.6.2: the Bail Out Table's Pass rows (passengers of a carrier whose crew stays).
      pass: z.strictObject({ noDamage: sourcedNumber, damaged: sourcedNumber, track: sourcedNumber }).optional(),
    })
    .optional(),
  /**
   * Grades and command control (5.8, 6.2, 6.3.2): the Force Grade initiative modifiers, the Command Range
   * by Formation Grade, the Available Commands Table (per Force Grade, the commands for 1..9 active units
   * and for each full 10, 6.2.1.1.1) and the Unit Grade bail out modifiers (6.5.2.6).
   */
  commandControl: z
    .strictObject({
      initiative: byGrade,
      commandRange: byGrade,
      availableCommands: z.strictObject({
        rows: z.array(z.array(z.number().int().min(0)).length(10)).length(5),
        source: provenance,
      }),
      bailOut: byGrade,
      /**
       * The Unit Grade Modifiers Table (5.8.3; Game Card B, not in the text): per Unit Grade Elite..Green, the
       * AP and GP direct fire modifiers by range band P S M L E (6.5.2.4, 6.5.4.3), the Sup'd Recvy base
       * recovery range (6.8.3) and the Quickmarch suppression range (6.6.4.2). The IF RSP column is
       * indirectFire.grade; the HTH CA column is not used (close combat, PZ-R40).
       */
      unitGrade: z
        .strictObject({
          ap: z.strictObject({ rows: z.array(z.array(z.number().int()).length(5)).length(5), source: provenance }),
          gp: z.strictObject({ rows: z.array(z.array(z.number().int()).length(5)).length(5), source: provenance }),
          recovery: byGrade,
          quickmarch: byGrade,
        })
        .optional(),
    })
    .optional(),
  /**
   * Dual Fire (5.14, module "dual-fire"): the modifier of the Dual Fire weapon's shot when the unit's other
   * weapon fires too, at the same target or a different one (AP 6.5.2.4, GP 6.5.4.3).
   */
  dualFire: z
    .strictObject({
      apSame: sourcedNumber,
      apOther: sourcedNumber,
      gpSame: sourcedNumber,
      gpOther: sourcedNumber,
    })
    .optional(),
  /**
   * Transport (6.6.7, 6.5.2.6.2, 6.5.4.2.3): the Bail Out Table's passenger rows for a carrier knocked out or
   * brewed up (a roll(100) at or above the value escapes, else the passenger is eliminated) and the set GP
   * Defense of passengers, Under Cover or not, and the Transported Combat fire modifiers (6.6.7.2).
   */
  transport: z
    .strictObject({
      koLeg: sourcedNumber,
      koTowed: sourcedNumber,
      buLeg: sourcedNumber,
      buTowed: sourcedNumber,
      gpdUnderCover: sourcedNumber,
      gpdOpen: sourcedNumber,
      /** 6.6.7.2: the Transported Combat modifiers of a passenger's AP and GP fire. */
      transportedAp: sourcedNumber,
      transportedGp: sourcedNumber,
    })
    .optional(),
  /**
   * Indirect fire (6.5.1, module "indirect-fire"): the Called Indirect Fire Response Table (observer type by
   * Attachment Level, 6.5.1.12; the table is not in the text, so its values are designed), the response
   * modifiers of 6.5.1.12.1 and the observer's grade modifier (the IF RSP column).
   */
  indirectFire: z
    .strictObject({
      response: z.strictObject({
        fo: responseRow,
        command: responseRow,
        recon: responseRow,
      }),
      modifiers: z.strictObject({
        preRegistered: sourcedNumber,
        commandRecon: sourcedNumber,
        adjusted: sourcedNumber,
        observerSuppressed: sourcedNumber,
        observerDamaged: sourcedNumber,
        hindered: sourcedNumber,
      }),
      grade: byGrade,
      /** 6.5.1.10, 6.5.1.12: spotted friendly units within this many hexes make a call Danger Close. */
      dangerClose: sourcedNumber,
      /** 6.5.1.8.2: a Called mission is adjusted up to this many hexes. */
      adjustCalled: sourcedNumber,
      /**
       * Smoke and barrages (6.1.4.3.10): the AP (6.5.2.4) and direct GP (6.5.4.3) fire modifiers of Smoke and
       * Barrage, Open and Closed, and the S ammo limit of an off-map battery (5.16.2.5) and an on-map unit
       * (5.16.2.3) on roll(10).
       */
      smoke: z.strictObject({
        ap: smokeModifiers,
        gp: smokeModifiers,
        batteryAmmo: sourcedNumber,
        onMapAmmo: sourcedNumber,
      }),
    })
    .optional(),
});
export type AdvancedCharts = z.infer<typeof advancedCharts>;

export const chartPack = z.strictObject({
  format: z.literal('tacsim-panzer-charts/1', { message: 'format must be "tacsim-panzer-charts/1"' }),
  notice: z.string().default(''),
  /** Spotting Ranges Table, column V (vehicles), one entry per row +2..-5 (4.1.3). */
  spotting: z.strictObject({
    V: z
      .array(z.strictObject({ row: z.number().int().min(-5).max(2), range: z.number().int().min(1).max(99), source: provenance }))
      .length(8, { message: 'the V column has 8 rows: +2, +1, 0, -1 ... -5' }),
  }),
  /** AP Hit Table (Game Card A), rows +5..-10. */
  apHit: z.array(hitRow).length(16, { message: 'the AP Hit Table has 16 rows: +5 down to -10' }),
  /** The Basic Game's stated modifiers (4.1.3, 4.4.3.2.2). */
  modifiers: z.strictObject({
    spotCover: z.strictObject({ light: sourcedNumber, medium: sourcedNumber, heavy: sourcedNumber }),
    spotMove: sourcedNumber,
    spotFire: sourcedNumber,
    apCover: z.strictObject({ light: sourcedNumber, medium: sourcedNumber, heavy: sourcedNumber }),
    targetMoving: sourcedNumber,
    shortHalt: sourcedNumber,
    damaged: sourcedNumber,
    brewUpSmoke: sourcedNumber,
    overwatchInside: sourcedNumber,
    overwatchOutside: sourcedNumber,
  }),
  /** Vehicles in one hex from which it is over-stacked (3.8). */
  overStacked: sourcedNumber,
  terrain: terrainTable(terrainEntry),
  /** The Advanced Game tables (Game Cards A and B), needed by scenarios that switch an Advanced module on. */
  advanced: advancedCharts.optional(),
});
export type ChartPack = z.infer<typeof chartPack>;

/** The movement row of a Data Card: "5T 6 10" = cross-country 5, tracked, path 6, road 10 (4.5.1.1.1). */
export const MOVEMENT_ROW = /^(\d+)([THWL])([RA]?) (\d+) (\d+)$/;
/** A leg or towed unit's movement row: "2L 3" = cross-country 2, leg, quickmarch 3 (6.6.4.1, 6.6.5). */
export const LEG_MOVEMENT_ROW = /^(\d+)L (\d+)$/;

/** A GP row (6.5.4.1): R sub-row (upper range of each band) and F sub-row (GP factor), small arms or not (5.7). */
const gpRow = z.strictObject({
  range: z.array(z.number().int().min(1)).length(5),
  factor: z.array(z.number().int().min(0)).length(5),
  smallArms: z.boolean().default(false),
  /** GP Effectiveness: roll(10) at or under it turns a vehicle KO into BU (6.5.4.4.2). */
  effectiveness: z.number().int().min(0).max(10).default(0),
});
export type GpRow = z.infer<typeof gpRow>;

/**
 * A GP-IF row (6.5.1): the R sub-row (upper range of each band) and F sub-row of Indirect Fire, the minimum
 * range (6.5.1.13) and the GP Effectiveness.
 */
export const ifRow = z.strictObject({
  range: z.array(z.number().int().min(1)).length(5),
  factor: z.array(z.number().int().min(0)).length(5),
  minRange: z.number().int().min(0).default(1),
  effectiveness: z.number().int().min(0).max(10).default(0),
});
export type IfRow = z.infer<typeof ifRow>;

/** An off-map artillery battery (6.5.1.2): Light, Medium, Heavy or Super Heavy, with its GP-IF row. */
export const batteryCard = z.strictObject({
  name: z.string(),
  nation: z.string(),
  class: z.enum(['light', 'medium', 'heavy', 'super-heavy']),
  indirect: ifRow,
  source: provenance,
});
export type BatteryCard = z.infer<typeof batteryCard>;

/**
 * The AP Damage row of an AP weapon (6.5.2.5): one letter per units digit 1..10 of the hit-location roll:
 * N No Damage, D Damaged, K Knocked Out, B Brew Up.
 */
const apDamageRow = z.string().regex(/^[NDKB]{10}$/, { message: 'an AP Damage row is 10 letters N, D, K or B, for units digits 1 to 10' });

const armorTriple = z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(0)]);
/** Armor at one hit angle: per location, [Level, Rising, Falling]. */
const angleArmor = z.strictObject({
  TF: armorTriple,
  TS: armorTriple,
  TR: armorTriple,
  HF: armorTriple,
  HS: armorTriple,
  HR: armorTriple,
});

/** The unit kinds of the Advanced Game (5.1, 5.2): a vehicle, or a squad / section on foot, or a towed gun. */
export const UNIT_KINDS = ['vehicle', 'squad', 'section', 'towed'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** An attached crew-served weapon (5.1.3): never fielded alone, it adds its rows to the leg unit carrying it. */
export const weaponCard = z.strictObject({
  name: z.string(),
  type: z.enum(['mortar', 'hmg', 'atr', 'hhatw', 'flamethrower']),
  ap: z
    .strictObject({
      ammo: z.string(),
      range: z.array(z.number().int().min(1)).length(5),
      pen: z.array(z.number().int().min(0)).length(5),
      apDamage: apDamageRow.optional(),
    })
    .nullable()
    .default(null),
  gp: gpRow.nullable().default(null),
  /** A mortar's GP-IF row (6.5.1, 5.1.3.1): used only for Indirect Fire. */
  indirect: ifRow.optional(),
  /** Small arms for spotting (5.7). */
  smallArms: z.boolean(),
  source: provenance,
});
export type WeaponCard = z.infer<typeof weaponCard>;

export const vehicleCard = z.strictObject({
  name: z.string(),
  nation: z.string(),
  /** Data Card id in the style of the cards (G-2A); a designed card says so in its source. */
  card: z.string(),
  /** Points value (VP when destroyed). */
  pts: z.number().int().min(0),
  /** The "M:" row (4.5.1.1.1; leg and towed units "2L 3", 6.6.4.1). */
  movement: z.string().refine((m) => MOVEMENT_ROW.test(m) || LEG_MOVEMENT_ROW.test(m), {
    message: 'a movement row is written "5T 6 10" (cross-country MF and traction, path MF, road MF) or "2L 3" for leg and towed units',
  }),
  /** Advanced Game unit kind (5.1, 5.2); vehicles by default. */
  kind: z.enum(UNIT_KINDS).default('vehicle'),
  /** A section's movement row with attached crew-served weapons, e.g. "1L 0" (5.1.2). */
  movementWithWeapons: z.string().regex(LEG_MOVEMENT_ROW).optional(),
  /** Leg and towed size for spotting: the L or S column (6.1.3). */
  sizeClass: z.enum(['L', 'S']).optional(),
  /** GP rows (6.5.4.1): the unit's own GP weapon. */
  gp: gpRow.nullable().default(null),
  /** Vehicle GP Defense Factor and target type (6.5.4.2.1), e.g. 4A. */
  gpd: z.strictObject({ value: z.number().int().min(1).max(10), type: z.enum(['A', 'P', 'S']) }).optional(),
  /** Leg and towed GP Defense Factors by the cover of the hex: None, Light, Medium, Heavy (6.5.4.2.2); type S. */
  gpdByCover: z.array(z.number().int().min(1).max(10)).length(4).optional(),
  /** Small arms (5.7): the AP row is a small-arms weapon for spotting. */
  apSmallArms: z.boolean().default(false),
  /** A GP-IF row (6.5.1): an on-map Indirect Fire unit. */
  indirect: ifRow.optional(),
  /** Observer labels (5.9.4, 6.5.1.1): FO, a Command unit, a Recon unit, or a Command Recon unit. */
  observer: z.enum(['fo', 'command', 'recon', 'command-recon']).optional(),
  /**
   * Advanced Game transport (6.6.7.1): a vehicle's Transport Capacity "TR: towed-leg" and whether its leg
   * value is squared (Under Cover); a leg or towed unit's Passenger Capacity, towed and leg components.
   */
  transport: z
    .strictObject({ towed: z.number().int().min(0), leg: z.number().int().min(0), underCover: z.boolean().default(false) })
    .optional(),
  passenger: z.strictObject({ towed: z.number().int().min(0), leg: z.number().int().min(0) }).optional(),
  /** Target Size (+2 .. -2), an AP hit modifier (4.4.3.2.2). */
  size: z.number().int().min(-2).max(2),
  /** Basic Game armor, from the card's Notes (4.4.3.2.5). */
  armor: z.strictObject({ front: z.number().int().min(0), rear: z.number().int().min(0) }),
  /** Advanced Game armor per hit angle and location, each [Level, Rising, Falling] (6.5.2.3, 6.5.2.3.1), and the deck (6.5.2.2.2). */
  locations: z
    .strictObject({
      front: angleArmor,
      frontSide: angleArmor,
      rearSide: angleArmor,
      rear: angleArmor,
      deck: z.number().int().min(0),
    })
    .optional(),
  /** TT factor: 0 fixed mount, 1-3 turret, 360 all-round mount (4.4.3.1). */
  tt: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(360)]),
  /** The AP row (null: unarmed, cannot spot or fire, 4.1.1). */
  ap: z
    .strictObject({
      ammo: z.string(),
      /** R sub-row: upper range of bands P, S, M, L, E; E is the maximum range (3.5.2). */
      range: z.array(z.number().int().min(1)).length(5),
      /** P sub-row: penetration at bands P, S, M, L, E. */
      pen: z.array(z.number().int().min(0)).length(5),
      /** Fixed mounts: front (underscored) or rear (overscored) 60-degree field of fire (4.4.3.1.4-5). */
      arc: z.enum(['front', 'rear']).default('front'),
      apDamage: apDamageRow.optional(),
    })
    .nullable(),
  source: provenance,
});
export type VehicleCard = z.infer<typeof vehicleCard>;
export type LocationArmor = NonNullable<VehicleCard['locations']>;

export const counterManifest = z.strictObject({
  format: z.literal('tacsim-panzer-counters/1', { message: 'format must be "tacsim-panzer-counters/1"' }),
  notice: z.string().default(''),
  vehicles: idTable(vehicleCard),
  /** Attached crew-served weapons (5.1.3). */
  weapons: idTable(weaponCard).default({}),
  /** Off-map artillery batteries (6.5.1.2). */
  batteries: idTable(batteryCard).default({}),
});
export type CounterManifest = z.infer<typeof counterManifest>;

/** The Advanced Game modules a scenario may switch on. */
export const MODULES = [
  'leg-towed',
  'gp-fire',
  'hull-down',
  'ag-hits',
  'bail-out',
  'close-assault',
  'transport',
  'command-control',
  'indirect-fire',
  'dual-fire',
] as const;

/** Indirect Fire SHEAF patterns (6.5.1.5): Closed (radius 1), Open (radius 2), Closed Linear (6 hexes out in a direction). */
export const SHEAFS = ['closed', 'open', 'linear-N', 'linear-NE', 'linear-SE', 'linear-S', 'linear-SW', 'linear-NW'] as const;

/** Grades, best first (5.8). */
export const GRADES = ['elite', 'veteran', 'seasoned', 'regulars', 'green'] as const;
export type Grade = (typeof GRADES)[number];

/** Facing as a direction name of the flat-topped map (N NE SE S SW NW). */
export const facingName = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']);

const placement = z.strictObject({
  counter: z.string(),
  hex: hexLabel,
  facing: facingName,
  count: z.number().int().min(1).max(6).default(1),
  /** Crew-served weapons attached to this leg unit (5.1.3), by their id in the counter manifest. */
  attached: z.array(z.string()).default([]),
  /** Advanced Game transport (6.6.7): the leg or towed unit starts as a passenger of the side's unit at this place in its list. */
  mountedOn: z.number().int().min(0).optional(),
  /** Command control (5.8.2): the id of the side's formation it belongs to; the side's first formation when absent. */
  formation: z.string().optional(),
  /** Unit Grade (5.8.3) when it differs from its Formation Grade. */
  grade: z.enum(GRADES).optional(),
});

const side = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'a side id is lower-case letters, digits and dashes' }),
  name: z.string(),
  units: z.array(placement).min(1),
  /** Map edge this side's vehicles may leave by for VP (4.5.1.1.9): its units' PTS times `exitVp`. */
  exitEdge: z.enum(['N', 'S', 'E', 'W']).optional(),
  exitVp: z.number().min(0).default(1),
  /** Command control (5.8.1): the Force Grade, an initiative modifier (6.3.2). */
  forceGrade: z.enum(GRADES).default('seasoned'),
  /** Command control (5.8.2, 6.2): the side's formations (companies) and their grades; one formation of the Force Grade when none. */
  formations: z.array(z.strictObject({ id: z.string(), grade: z.enum(GRADES) })).default([]),
  /**
   * Indirect fire (6.5.1): the side's off-map batteries, Organic or Attached to one of its formations
   * (6.5.1.3), their Pre-Registered Points (6.5.1.4) and the Planned fire missions the side may plot for
   * one (6.5.1.11.1): the side secretly picks one of `plans` at the start.
   */
  artillery: z
    .array(
      z.strictObject({
        battery: z.string(),
        attachment: z.enum(['organic', 'attached']).default('organic'),
        formation: z.string().optional(),
        preRegistered: z.array(hexLabel).default([]),
        plans: z
          .array(
            z.strictObject({
              hex: hexLabel,
              turn: z.number().int().min(1),
              sheaf: z.enum(SHEAFS).default('closed'),
              duration: z.number().int().min(1).max(5).default(1),
              /**
               * 6.5.1.11.3: the plotted adjustments: the Target Point of each later turn of the mission, in
               * order, each within 5 hexes of the one before; turns past the list keep its last point.
               */
              adjust: z.array(hexLabel).default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** Hexside terrain (4.1.4.1.5, 4.1.4.1.10): a crest, a hedgerow, or a cliff (a hill edge drawn without a slope). */
export const HEXSIDE_KINDS = ['crest', 'hedgerow', 'cliff'] as const;

export const scenarioFile = z.strictObject({
  ...scenarioHeader('panzer'),
  map: compactMap,
  /** Paths as runs of adjacent hexes (4.5.1.1.1, 4.5.1.1.5): the path crosses the hexsides between them. */
  paths: z.array(z.array(hexLabel).min(2)).default([]),
  /** Hexside terrain: the side of `hex` facing `side`, and so the neighbour's side facing back. */
  hexsides: z.array(z.strictObject({ hex: hexLabel, side: facingName, kind: z.enum(HEXSIDE_KINDS) })).default([]),
  /**
   * Terrain overlays (1.3): each hex an overlay covers with the Terrain Effects Table entry it shows there,
   * laid over the map's own terrain in order (ruling PZ-R43).
   */
  overlays: z.array(z.strictObject({ id: z.string().optional(), hexes: z.record(hexLabel, z.string()) })).default([]),
  turns: z.number().int().min(1).max(60),
  sides: z.array(side).length(2, { message: 'a Panzer scenario has exactly two sides' }),
  /** VP hexes (3.6): held by whoever occupied them alone at the end of two turns in a row. */
  objectives: z
    .array(z.strictObject({ hex: hexLabel, vp: z.number().min(0), controlledBy: z.string().nullable().default(null) }))
    .default([]),
  /**
   * Advanced Game modules switched on: leg and towed units (5.1, 5.2, 5.5), GP fire and suppression (6.5.4,
   * 5.10), hull down (6.1.4.1, 6.6.9), AG hit locations and damage (6.5.2.2-6.5.2.5), bail out (5.15, 6.5.2.6), close assault and hand-to-hand (6.6.1).
   */
  modules: z.array(z.enum(MODULES)).default([]),
  victory: z
    .strictObject({
      /** The winner's VP at least this many times the loser's (and above 0) is a decisive victory. */
      decisiveRatio: z.number().min(1).default(2),
    })
    .default({ decisiveRatio: 2 }),
});
export type ScenarioData = z.infer<typeof scenarioFile>;
