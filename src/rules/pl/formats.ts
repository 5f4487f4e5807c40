/**
 * The Panzer Leader file formats (docs/formats/pl.md): the counter manifest (the Unit Function Table of
 * digest section 5, one entry per counter type), the chart pack (CRT, TEC, WEC and the IF figures) and the
 * scenario. Every value carries its provenance (src/hex/provenance.ts): the PL text prints no charts.
 */
import { z } from 'zod';
import { idTable } from '../../core/validate.js';
import { compactMap, hexLabel, terrainTable } from '../../hex/mapdata.js';
import { movementPoints, moveCost } from '../../hex/movement.js';
import { provenance } from '../../hex/provenance.js';
import { ruleSwitches, scenarioHeader } from '../../hex/scenariofile.js';
import { resultsTable } from '../../hex/tables.js';

/** Weapon classes of VII.F.1 ("-": no weapon: trucks, wagons). */
export const WEAPONS = ['I', 'A', 'H', '(H)', 'M', '-'] as const;
export type Weapon = (typeof WEAPONS)[number];

/** How a unit moves over the TEC: tracked and wheeled vehicles, men on foot, or not at all (MA 0 guns). */
export const MOVE_CLASSES = ['tracked', 'wheeled', 'foot'] as const;
export type MoveClass = (typeof MOVE_CLASSES)[number];

/** The attack modes of the UFT (digest 5.2): "ORna" overruns non-armoured targets only, "CATmg" only beside non-MG infantry (VII.E.6). */
export const MODES = ['DF', 'IF', 'OR', 'ORna', 'CAT', 'CATmg', 'AA'] as const;

export const counterEntry = z.strictObject({
  name: z.string(),
  side: z.enum(['allied', 'german']),
  /** UFT category: "tank", "infantry", "towed gun", "transport"... */
  category: z.string(),
  weapon: z.enum(WEAPONS),
  attack: z.number().min(0),
  range: z.number().int().min(0),
  /** VII.B.3: an asterisk range ("2*"): may fire up to twice the range at half strength. */
  rangeAsterisk: z.boolean().default(false),
  defense: z.number().int().min(0),
  movement: z.number().int().min(0),
  modes: z.array(z.enum(MODES)).default([]),
  /** UFT TARGET column: armoured or non-armoured target type. */
  target: z.enum(['A', 'NA']),
  /** UFT CARRIER: may carry any non-vehicular unit, infantry-type ones only ("●i"), or nothing. */
  carrier: z.enum(['none', 'any', 'infantry']).default('none'),
  /** UFT PASS: "half" (V.C.2.b, carrier spends half its MA), "full" (V.C.2.a, its whole MA), "none". */
  passenger: z.enum(['none', 'half', 'full']).default('none'),
  /** Drawn as a silhouette: moves in the vehicular movement phase (XIII.A.3). */
  vehicular: z.boolean(),
  moveClass: z.enum(MOVE_CLASSES),
  /** Infantry-type (VII.E, XV.A): rifle, engineer, scout, MG, SMG, security. */
  infantry: z.boolean().default(false),
  engineer: z.boolean().default(false),
  /** Allied machine-gun platoon (VII.E.6). */
  machineGun: z.boolean().default(false),
  /** Truck or wagon (V.C.3, VII.L.3, XIV.B.8): never spots, never counts for victory. */
  softTransport: z.boolean().default(false),
  /** X.C.1: a Sherman Flail (Crab): clears the minefield it stands on as it leaves, and is immune to mines. */
  flail: z.boolean().default(false),
  /** X.C.3: a Valentine bridgelayer: may enter a stream hex (and stop), and lays a tank bridge as it leaves. */
  bridgelayer: z.boolean().default(false),
  /** XI.D.4: a DD (amphibious) tank: keeps its own DS at sea, and fire at it there is +2 on the die. */
  dd: z.boolean().default(false),
  source: provenance,
});
export type CounterEntry = z.infer<typeof counterEntry>;

export const counterManifest = z.strictObject({
  format: z.literal('tacsim-pl-counters/1', { message: 'format must be "tacsim-pl-counters/1"' }),
  name: z.string(),
  notice: z.string().default(''),
  units: idTable(counterEntry),
});
export type CounterManifest = z.infer<typeof counterManifest>;

/** Modified die rolls the CRT must have a row for: 1 - 2 (overrun, CAT) to 6 + 2 (DD tanks at sea). */
export const CRT_ROLLS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/** One terrain type of the TEC. Movement in movement points per move class ("P": prohibited). */
export const terrainEntry = z.strictObject({
  name: z.string(),
  move: z.strictObject({ tracked: moveCost(2), wheeled: moveCost(2), foot: moveCost(2) }),
  /** VII.G.3: unit elevation (0 ground, 1 slope, 2 hilltop). */
  level: z.number().int().min(0).max(2),
  /** Woods and towns: a low obstacle at ground level (VII.G.2) that hides its units unless spotted (VII.L). */
  obstacle: z.boolean(),
  /** VII.F.2.c: units in it are armoured targets, attacked together by DF. */
  town: z.boolean().default(false),
  /** VII.D.1: overruns may go against units in it ("clear", including clear hilltop). */
  overrun: z.boolean(),
  /** A15: die modifier for fire and close assault against units in it. */
  drm: z.number().int().default(0),
  /** VII.K: a stream hex: vehicles only over a bridge, foot units on a roll, no attacks out of it. */
  stream: z.boolean().default(false),
  /** V.A.3: a sea hex: only units landing from it (XI) are ever in it; nothing enters it. */
  sea: z.boolean().default(false),
  /** XI.C: a beach hex, where units at sea land. */
  beach: z.boolean().default(false),
  source: provenance,
});

export const chartPack = z.strictObject({
  format: z.literal('tacsim-pl-charts/1', { message: 'format must be "tacsim-pl-charts/1"' }),
  name: z.string(),
  notice: z.string().default(''),
  /** Columns are odds ratios (attack : defence, 0.5 = 1-2): VII.A rounds down to the highest column reached. */
  crt: resultsTable(
    z.string().regex(/^(X|D|-)$/, { message: 'a CRT result is X (eliminated), D (dispersed) or - (no effect)' }),
    CRT_ROLLS,
  ),
  terrain: terrainTable(terrainEntry),
  /** V.D.1: road movement cost per hex. */
  roadCost: z.strictObject({ value: movementPoints(2), source: provenance }),
  /** VII.C.8: the scatter chart: d6 at most `hit` hits, at most `adjacent` scatters, above: no effect. */
  scatter: z.strictObject({ hit: z.number().int(), adjacent: z.number().int(), source: provenance }),
  /** A22: the direction (HexGrid index) a scatter die of 1..6 sends the fire to. */
  scatterDirections: z.strictObject({ value: z.array(z.number().int().min(0).max(5)).length(6), source: provenance }),
  /** VII.K.2: a non-vehicular unit enters a stream hex on a d6 of at most this value. */
  streamEntry: z.strictObject({ value: z.number().int().min(0).max(6), source: provenance }),
  /** IX.A.3: every minefield attack is at this column ratio. */
  mineOdds: z.strictObject({ value: z.number().positive(), source: provenance }),
  /** XII.D: AA: an aircraft is hit on a d6 at most this value per 10 AA strength (designed AA table). */
  aaHitPer10: z.strictObject({ value: z.number().int().min(0).max(6), source: provenance }),
  /** X.C.4.b.2: the defence strengths printed on the temporary bridge counters (UFT: Tank Bridge 32, Truck Bridge 23). */
  temporaryBridges: z.strictObject({ tank: z.number().int().positive(), truck: z.number().int().positive(), source: provenance }).default({
    tank: 32,
    truck: 23,
    source: { source: 'rule', rule: 'X.C.4.b.2', note: 'UFT rows Tank Bridge (0-0 / 32 0) and Truck Bridge (0-0 / 23 0)' },
  }),
  /** IX.C.3: the defence strength of a fortification (ruling PL-R40: the UFT prints "40 / 10" unlabelled, A20). */
  fortDefense: z.strictObject({ value: z.number().int().positive(), source: provenance }).default({
    value: 40,
    source: { source: 'designed', note: 'ruling PL-R40: the larger of the two unlabelled UFT figures "40 / 10" (A20)' },
  }),
});
export type ChartPack = z.infer<typeof chartPack>;

/** Rule switches (`--set rule.<name>=true`); every one off by default. */
export const PL_RULE_SWITCHES = {
  /** DEVIATION (for fast balance runs): IF orders are public, determinize does not resample them. */
  openOrders: false,
  /**
   * DESIGNED (for point-symmetric scenarios): a die rolled at set-up names the side whose player segment
   * opens every turn (XIII always has the Allied one first, so the German has the last word on the
   * objectives; ruling PL-R60).
   */
  firstPlayerByDie: false,
} as const;

const placement = z.strictObject({
  counter: z.string(),
  hex: hexLabel,
  count: z.number().int().min(1).max(12).default(1),
  /** Index (in this side's placements, after counts are expanded) of the carrier this unit starts aboard. */
  aboard: z.number().int().min(0).optional(),
  /** XIV.B.3: a reinforcement: off the map until this turn's movement phase, when it enters at `hex` (a map-edge hex). */
  enters: z.number().int().min(1).optional(),
  /**
   * X.B (pre): on a carrier, the engineer (index in this side's placements, after counts are expanded) whose
   * equipment it carries: it transports nothing else, and stays within a hex of the engineer's X.B tasks.
   */
  equipmentFor: z.number().int().min(0).optional(),
  /**
   * XI: an Allied unit landing from the sea on this turn: `hex` is its sea hex, next to a beach; it is placed
   * there (inverted, in its landing craft) for the German segment of the turn before, or at set-up for turn 1.
   */
  lands: z.number().int().min(1).optional(),
});

const airUnit = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** XII.C: a fighter-bomber; XII.B: an L-5 observation aircraft, which only sights for indirect fire. */
  role: z.enum(['fighter-bomber', 'observation']).default('fighter-bomber'),
  /** XII.C.3 weapons chart: MG 2(A) Typhoon / 3(I) P-47; bombs 30(H); rockets 20(A). */
  ordnance: z.enum(['bombs', 'rockets']).default('bombs'),
  mg: z.strictObject({ attack: z.number().min(0), weapon: z.enum(['A', 'I']) }).default({ attack: 0, weapon: 'I' }),
  /** XII.A.3: the first turn it flies (it enters in that turn's air phase). */
  arrives: z.number().int().min(1).default(1),
  /** XII.A.3: the last turn it flies, as the situation says (absent: to the end); it may leave sooner, never to return. */
  leaves: z.number().int().min(1).optional(),
});

const side = z.strictObject({
  id: z.enum(['allied', 'german']),
  name: z.string(),
  units: z.array(placement),
  aircraft: z.array(airUnit).default([]),
  /** IX.A: minefield hexes this side laid. */
  mines: z.array(hexLabel).default([]),
  /** IX.B: block hexes. */
  blocks: z.array(hexLabel).default([]),
  /** IX.C: fortification hexes of this side (one a hex, not on a stream, a minefield or a block); its units set up in them are inside. */
  forts: z.array(hexLabel).default([]),
  /** XIV.B.3: the map-edge hexes this side's units may leave the map from, and the VP each unit that leaves is worth. */
  exit: z.strictObject({ hexes: z.array(hexLabel).min(1), vp: z.number().min(0) }).optional(),
});

export const scenarioSchema = z.strictObject({
  ...scenarioHeader('pl'),
  map: compactMap,
  turns: z.number().int().min(1).max(40),
  /**
   * V.A.2, VII.J: heavy hexside symbols drawn side by side (brown: a slope's edge, orange: a hilltop's, none:
   * no symbol), where they differ from the ones derived from the hexes' levels (ruling PL-R10, PL-R50).
   */
  hexsides: z.array(z.strictObject({ between: z.tuple([hexLabel, hexLabel]), symbol: z.enum(['brown', 'orange', 'none']) })).default([]),
  sides: z.tuple([side, side]),
  /** VII.K.6: stream hexes crossed by a (permanent) bridge: clear terrain while the bridge stands. */
  bridges: z.array(hexLabel).default([]),
  /** X.C.4, A24: stream hexes crossed by a temporary Truck Bridge at the start (gunfire may destroy it, X.C.4.b). */
  truckBridges: z.array(hexLabel).default([]),
  /** XIV.B.4: the side that sets up last, whose units must start out of the enemy's sight (checked on loading). */
  setsUpLast: z.enum(['allied', 'german']).optional(),
  victory: z.strictObject({
    /** Hexes counted for control (XIV.B.7), each worth `vp`, and who holds it at the start. */
    objectives: z.array(
      z.strictObject({
        hex: hexLabel,
        vp: z.number().min(0),
        heldBy: z.enum(['allied', 'german']),
        /**
         * XIV.B.7: what is controlled: the hex (a, the default), the bridge in it (b: the hex and a hex next
         * to it on each side of the stream) or the whole town it is part of (c: all its town hexes).
         */
        control: z.enum(['hex', 'bridge', 'town']).default('hex'),
      }),
    ),
    /** VP per enemy unit eliminated (trucks and wagons excepted, XIV.B.8). */
    vpPerUnit: z.number().min(0).default(1),
    /** VP margin (seat 0 minus seat 1, or the reverse) for each level (XIV.A: marginal, tactical, decisive). */
    tactical: z.number().min(0),
    decisive: z.number().min(0),
  }),
  rules: ruleSwitches(PL_RULE_SWITCHES),
});
export type ScenarioData = z.infer<typeof scenarioSchema>;
