/**
 * Reading a Panzer scenario with its chart pack and counter manifest into the immutable Scenario the game
 * plays: the map (blind-zone line of sight, 4.1.4.2), the vehicles with their Data Card figures, sides,
 * objectives. Every problem is an InputError naming the file, the place in it and the problem.
 */
import { ProblemList } from '../../core/errors.js';
import type { ScenarioOptions, ScenarioParameter } from '../../core/system.js';
import { parseWith, readJsonFile } from '../../core/validate.js';
import { BlindZoneLos } from '../../hex/blindzone.js';
import type { Hex } from '../../hex/grid.js';
import type { GameMap } from '../../hex/map.js';
import { hexAt, readCompactMap } from '../../hex/mapdata.js';
import { turnsParameter } from '../../hex/params.js';
import { readScenarioSources } from '../../hex/scenariofile.js';
import {
  type AdvancedCharts,
  BANDS,
  type ChartPack,
  chartPack,
  type CounterManifest,
  counterManifest,
  type Cover,
  type GpRow,
  HIT_ROWS,
  type IfRow,
  type SHEAFS,
  LEG_MOVEMENT_ROW,
  GRADES,
  MOVEMENT_ROW,
  type LocationArmor,
  type ScenarioData,
  SPOT_ROWS,
  scenarioFile,
  type TerrainEntry,
  type Traction,
  type UnitKind,
} from './formats.js';

/** Hexside feature bits: road, path (4.5.1.1.5), crest, hedgerow (4.1.4.1.5, 4.1.4.1.10), cliff (a hill edge with no slope). */
export const ROAD = 1,
  PATH = 2,
  CREST = 4,
  HEDGEROW = 8,
  CLIFF = 16;
/** Roads and paths alike carry road-only terrain (4.5.1.1.5) and clear blocking hexes on a straight line (4.1.4.1.3). */
export const TRACK = ROAD | PATH;
const HEXSIDE_BIT = { crest: CREST, hedgerow: HEDGEROW, cliff: CLIFF } as const;
export const FACINGS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

/** A vehicle as the rules read it: its Data Card figures, resolved. */
export interface VehicleDef {
  readonly index: number;
  readonly side: number;
  readonly counter: string;
  readonly name: string;
  readonly pts: number;
  readonly mf: number;
  readonly traction: Traction;
  readonly roadMf: number;
  /** Path movement speed allowance, the third element of the movement row (4.5.1.1.1). */
  readonly pathMf: number;
  readonly size: number;
  readonly armorFront: number;
  readonly armorRear: number;
  readonly tt: number;
  readonly armed: boolean;
  readonly range: readonly number[];
  readonly pen: readonly number[];
  /** Field of fire of a fixed mount: 'front' / 'rear'; turreted and 360 mounts: 'all'. */
  readonly arc: 'front' | 'rear' | 'all';
  readonly startHex: Hex;
  readonly startFacing: number;
  /** Advanced Game unit kind (5.1, 5.2); 'vehicle' in the Basic Game. */
  readonly kind: UnitKind;
  /** Leg and towed spotting column (6.1.3); vehicles 'V'. */
  readonly sizeClass: 'V' | 'L' | 'S';
  /** GP weapons (the unit's own row and its attached weapons', 5.1.3, 6.5.4.1). */
  readonly gp: readonly GpRow[];
  /** Vehicle GP Defense Factor and target type (6.5.4.2.1); leg and towed: by cover, type S. */
  readonly gpd: { readonly value: number; readonly type: 'A' | 'P' | 'S' };
  readonly gpdByCover: readonly number[];
  /**
   * Dual Fire (5.14): its AP row is a Dual Fire weapon (an attached crew-served weapon of a squad); false
   * without the "dual-fire" module.
   */
  readonly dualAp: boolean;
  /**
   * Dual Fire (5.14): `gp` rows from this index on are Dual Fire weapons (a squad's attached crew-served
   * weapons), those before it the unit's own; `gp.length` when it has none or the module is off.
   */
  readonly gpDual: number;
  /** The AP row is an attached HHATW's (5.1.3.4): not fired from a carrier. */
  readonly apHhatw: boolean;
  /**
   * Per `gp` row, what limits it (bits): NO_TRANSPORTED, a mortar's or HHATW's row, not fired from a carrier
   * (5.1.3.1, 5.1.3.4); LEG_TARGETS_ONLY, an HHATW's fixed GP factor, used only at leg and towed units (5.1.3.4).
   */
  readonly gpLimits: readonly number[];
  /** The AP weapon is small arms (an anti-tank rifle, 5.1.3.3, 5.7). */
  readonly apSmallArms: boolean;
  /** Quickmarch movement speed allowance of a leg unit (6.6.4.2; the leg row's second figure), 0 none. */
  readonly quickmarch: number;
  /** A section carrying crew-served weapons: no SHORT HALT (6.6.4.1). */
  readonly burdened: boolean;
  /** AG armor per hit angle and location (6.5.2.3); null when the card has none. */
  readonly locations: LocationArmor | null;
  /** The AP Damage row of its AP weapon (6.5.2.5); null when the card has none. */
  readonly apDamage: string | null;
  /** Transport Capacity (6.6.7.1): towed and leg, Under Cover; null when it carries nothing or the module is off. */
  readonly transport: { readonly towed: number; readonly leg: number; readonly underCover: boolean } | null;
  /** Passenger Capacity of a leg or towed unit (6.6.7.1); null when it cannot be carried or the module is off. */
  readonly passenger: { readonly towed: number; readonly leg: number } | null;
  /** The unit it starts aboard (its index in the scenario's units), -1 none. */
  readonly startCarrier: number;
  /** Its formation (an index of the scenario's formations, 5.8.2). */
  readonly formation: number;
  /** Its Unit Grade, 0 Elite .. 4 Green (5.8.3; Seasoned without the command-control module). */
  readonly grade: number;
  /** Its nation (the Data Card's), e.g. for the US FO's four sources (6.5.1.1.1). */
  readonly nation: string;
  /** Indirect fire (module "indirect-fire"): its GP-IF row (its own or an attached mortar's, 6.5.1), null none. */
  readonly indirect: IfRow | null;
  /** Indirect fire: its observer label (5.9.4, 6.5.1.1), null when it may not call fire. */
  readonly observer: 'fo' | 'command' | 'recon' | 'command-recon' | null;
  /** Advanced Game: it has a Recon label (5.9.2: the manifest's observer label "recon" or "command-recon"). */
  readonly recon: boolean;
}

/** An off-map artillery battery in play (6.5.1.2), module "indirect-fire". */
export interface BatteryDef {
  readonly side: number;
  readonly id: string;
  readonly name: string;
  readonly class: 'light' | 'medium' | 'heavy' | 'super-heavy';
  readonly indirect: IfRow;
  /** 6.5.1.3: Organic (-1) or Attached to this formation. */
  readonly formation: number;
  /** 6.5.1.4: its Pre-Registered Points. */
  readonly preRegistered: readonly number[];
  /** 6.5.1.11.1: the Planned missions its side may plot for it (one is picked, secretly). */
  readonly plans: readonly Plan[];
}

/** 6.5.1.11.3: a Planned mission's Target Point moves at most this many hexes a turn (the text's figure). */
export const MAX_PLANNED_ADJUST = 5;

/** A Planned Indirect Fire mission (6.5.1.11.1): Target Point, arrival turn, SHEAF and duration in turns. */
export interface Plan {
  readonly hex: number;
  /** 6.5.1.11.3: the Target Point of each turn of the mission (the first is `hex`), as plotted; `duration` long. */
  readonly hexes: readonly number[];
  readonly turn: number;
  readonly sheaf: Sheaf;
  readonly duration: number;
}

export type Sheaf = (typeof SHEAFS)[number] | 'single';

/** A formation (5.8.2): its side and Formation Grade (0 Elite .. 4 Green). */
export interface Formation {
  readonly id: string;
  readonly side: number;
  readonly grade: number;
}

/** `VehicleDef.gpLimits` bits: a row not fired from a carrier (5.1.3.1, 5.1.3.4); a row used only at leg and towed targets (5.1.3.4). */
export const NO_TRANSPORTED = 1,
  LEG_TARGETS_ONLY = 2;

/** Leg units: squads, half-squads and sections on foot (5.1). */
export function isLeg(def: VehicleDef): boolean {
  return def.kind === 'squad' || def.kind === 'section';
}
/** Leg and towed units: they face and move the Advanced Game's way (5.5, 6.6.4, 6.6.5). */
export function isLegOrTowed(def: VehicleDef): boolean {
  return def.kind !== 'vehicle';
}

/** The Advanced modules a scenario switches on. */
export interface Modules {
  readonly legTowed: boolean;
  readonly gpFire: boolean;
  /** Hull down and partial hull down (6.1.4.1, 6.5.2.2.3, 6.6.9). */
  readonly hullDown: boolean;
  /** AG hit angles, locations and damage from one d100 (6.5.2.2-6.5.2.5). */
  readonly agHits: boolean;
  /** Crews bail out (5.15, 6.5.2.6.1, 6.5.4.5). */
  readonly bailOut: boolean;
  /** Close Assault and Hand-to-Hand combat (6.6.1). */
  readonly closeAssault: boolean;
  /** Carriers mounting, dismounting and towing leg and towed units (6.6.7). */
  readonly transport: boolean;
  /** Grades and command control: Force Grade initiative, available commands per formation, Unit Grade bail out (5.8, 6.2, 6.3). */
  readonly commandControl: boolean;
  /** Indirect fire: off-map batteries and on-map mortars, observers, Called and Planned fire (5.9.4, 6.5.1). */
  readonly indirectFire: boolean;
  /** Dual Fire (5.14): a squad fires its own weapon and its attached crew-served weapons in one turn. */
  readonly dualFire: boolean;
}

/** A VP hex (3.6) and the seat holding it at the start (-1 nobody). */
export interface Objective {
  readonly vp: number;
  readonly hex: Hex;
  readonly holder: number;
}

/** A side: its ids, and the map edge its vehicles may leave by for VP (4.5.1.1.9), with the VP per PTS. */
export interface SideDef {
  readonly exitEdge: 'N' | 'S' | 'E' | 'W' | null;
  readonly exitVp: number;
  readonly id: string;
  readonly name: string;
}

/** A loaded scenario: the map and forces, and the chart figures the rules read, resolved once. */
export interface Scenario {
  readonly map: GameMap;
  readonly units: readonly VehicleDef[];
  readonly sides: readonly SideDef[];
  readonly objectives: readonly Objective[];
  readonly turns: number;
  /** Terrain Effects Table entries by the map's terrain index. */
  readonly terrain: readonly TerrainEntry[];
  readonly data: ScenarioData;
  readonly modules: Modules;
  /** Formations (5.8.2), and each side's Force Grade (5.8.1, 0 Elite .. 4 Green). */
  readonly formations: readonly Formation[];
  readonly forceGrade: readonly number[];
  /** Off-map artillery batteries (6.5.1.2), module "indirect-fire"; empty otherwise. */
  readonly batteries: readonly BatteryDef[];
  /** The Advanced tables (present when a module is on). */
  readonly adv: AdvancedCharts | null;
  readonly charts: ChartPack;
  readonly counters: CounterManifest;
  readonly parameters: readonly ScenarioParameter[];
  /** Spotting range by net row (index 0 = +2 ... 7 = -5). */
  readonly spotRange: readonly number[];
  /** AP hit numbers: hit[(5 - modifier) * 5 + band]. */
  readonly hit: readonly number[];
}

/**
 * What the compact map does not carry, laid on it before any line of sight is asked: terrain overlays (1.3,
 * ruling PZ-R43), paths (4.5.1.1.5) and hexside terrain (4.1.4.1.5, 4.1.4.1.10), each side set on both hexes.
 */
function layMapFeatures(data: ScenarioData, map: GameMap, terrainIds: readonly string[], problems: ProblemList): void {
  const grid = map.grid;
  const setSide = (a: number, d: number, bit: number) => {
    map.hexsides[a * 6 + d]! |= bit;
    const b = grid.neighbour(a, d);
    if (b >= 0) map.hexsides[b * 6 + ((d + 3) % 6)]! |= bit;
  };
  data.overlays.forEach((o, i) => {
    for (const [label, id] of Object.entries(o.hexes)) {
      const h = hexAt(grid, label, `overlays[${i}].hexes.${label}`, problems);
      const t = terrainIds.indexOf(id);
      if (t < 0) problems.add(`overlays[${i}].hexes.${label}`, `no terrain "${id}" in the chart pack`, 'not-found');
      else if (h >= 0) map.terrain[h] = t;
    }
  });
  data.paths.forEach((path, i) => {
    const hexes = path.map((label, k) => hexAt(grid, label, `paths[${i}][${k}]`, problems));
    for (let k = 1; k < hexes.length; k++) {
      const d = hexes[k - 1]! >= 0 && hexes[k]! >= 0 ? grid.directionTo(hexes[k - 1]!, hexes[k]!) : -1;
      if (d < 0) problems.add(`paths[${i}][${k}]`, `${path[k]} is not next to ${path[k - 1]}`, 'bad-value');
      else setSide(hexes[k - 1]!, d, PATH);
    }
  });
  data.hexsides.forEach((x, i) => {
    const h = hexAt(grid, x.hex, `hexsides[${i}].hex`, problems);
    if (h >= 0) setSide(h, FACINGS.indexOf(x.side), HEXSIDE_BIT[x.kind]);
  });
}

const COVER_INDEX: Record<Cover, number> = { none: 0, light: 1, medium: 2, heavy: 3 };
export const coverIndex = (c: Cover): number => COVER_INDEX[c];

function readCharts(file: string): ChartPack {
  const c = parseWith(chartPack, readJsonFile(file), file);
  const problems = new ProblemList(file);
  c.spotting.V.forEach((r, i) => {
    if (r.row !== SPOT_ROWS[i])
      problems.add(`spotting.V[${i}].row`, `rows run +2, +1, 0 ... -5 in order: expected ${SPOT_ROWS[i]}, found ${r.row}`, 'bad-value');
    if (i > 0 && r.range > c.spotting.V[i - 1]!.range)
      problems.add(`spotting.V[${i}].range`, 'a worse row cannot spot farther than the row above it', 'bad-value');
  });
  c.apHit.forEach((r, i) => {
    if (r.modifier !== HIT_ROWS[i])
      problems.add(`apHit[${i}].modifier`, `rows run +5 down to -10 in order: expected ${HIT_ROWS[i]}, found ${r.modifier}`, 'bad-value');
  });
  problems.throwIfAny();
  return c;
}

function readCounters(file: string): CounterManifest {
  const m = parseWith(counterManifest, readJsonFile(file), file);
  const problems = new ProblemList(file);
  for (const [id, v] of Object.entries(m.vehicles)) {
    if (v.ap === null) continue;
    v.ap.range.forEach((r, k) => {
      if (k > 0 && r < v.ap!.range[k - 1]!)
        problems.add(
          `vehicles.${id}.ap.range[${k}]`,
          `band ${BANDS[k]} ends closer than band ${BANDS[k - 1]}: the R row must not decrease`,
          'bad-value',
        );
    });
  }
  problems.throwIfAny();
  return m;
}

/** Loads a scenario file (with its chart pack and counter manifest). Throws InputError. */
export function loadPanzerScenario(file: string, options: ScenarioOptions = {}): Scenario {
  const src = readScenarioSources(file, options, { scenario: scenarioFile, charts: readCharts, counters: readCounters }, [
    turnsParameter<ScenarioData>(),
  ]);
  const { data, charts, counters } = src;
  const problems = new ProblemList(file);
  const terrainIds = Object.keys(charts.terrain);
  const terrain = terrainIds.map((t) => charts.terrain[t]!);
  // 4.1.4.1.5, 4.1.4.1.10: crests and hedgerows are Height 1 hexside obstacles; slopes are the hills' own rise.
  const los = new BlindZoneLos(
    terrain.map((t) => ({ height: t.height })),
    {
      roadBit: TRACK,
      hexsides: [
        { bit: CREST, height: 1 },
        { bit: HEDGEROW, height: 1 },
      ],
    },
  );
  const map = readCompactMap(data.map, { terrainIds, los, roadBit: ROAD, orientation: 'flat-odd' }, problems);
  const grid = map.grid;
  layMapFeatures(data, map, terrainIds, problems);
  const units: VehicleDef[] = [];
  const sides: SideDef[] = data.sides.map((s) => ({ id: s.id, name: s.name, exitEdge: s.exitEdge ?? null, exitVp: s.exitVp }));
  if (sides[0]!.id === sides[1]!.id) problems.add('sides[1].id', `both sides are called "${sides[0]!.id}"`, 'bad-value');
  const modules: Modules = {
    legTowed: data.modules.includes('leg-towed'),
    gpFire: data.modules.includes('gp-fire'),
    hullDown: data.modules.includes('hull-down'),
    agHits: data.modules.includes('ag-hits'),
    bailOut: data.modules.includes('bail-out'),
    closeAssault: data.modules.includes('close-assault'),
    transport: data.modules.includes('transport'),
    commandControl: data.modules.includes('command-control'),
    indirectFire: data.modules.includes('indirect-fire'),
    dualFire: data.modules.includes('dual-fire'),
  };
  const adv = charts.advanced ?? null;
  if (data.modules.length > 0 && adv === null)
    problems.add('modules', `the Advanced modules need the "advanced" tables in the chart pack ${src.chartsFile}`, 'missing');
  const needTable = (on: boolean, module: string, table: string, present: boolean) => {
    if (on && adv !== null && !present)
      problems.add('modules', `the "${module}" module needs the table advanced.${table} in the chart pack ${src.chartsFile}`, 'missing');
  };
  needTable(modules.hullDown || modules.agHits, modules.agHits ? 'ag-hits' : 'hull-down', 'hitLocations', adv?.hitLocations !== undefined);
  needTable(modules.hullDown, 'hull-down', 'hullDownSearch', adv?.hullDownSearch !== undefined);
  needTable(modules.bailOut, 'bail-out', 'bailOut', adv?.bailOut !== undefined);
  needTable(modules.closeAssault, 'close-assault', 'closeAssault', adv?.closeAssault !== undefined);
  needTable(modules.transport, 'transport', 'transport', adv?.transport !== undefined);
  needTable(modules.commandControl, 'command-control', 'commandControl', adv?.commandControl !== undefined);
  needTable(modules.indirectFire, 'indirect-fire', 'indirectFire', adv?.indirectFire !== undefined);
  needTable(modules.dualFire, 'dual-fire', 'dualFire', adv?.dualFire !== undefined);
  if (modules.indirectFire && !modules.gpFire)
    problems.add(
      'modules',
      'the "indirect-fire" module needs the "gp-fire" module (indirect fire is resolved as GP fire, 6.5.1.13)',
      'bad-value',
    );
  // 5.8.2: each side's formations; a side naming none is one formation at its Force Grade.
  const formations: Formation[] = [];
  const formationStart: number[] = [];
  data.sides.forEach((s, side) => {
    formationStart.push(formations.length);
    const listed = s.formations.length > 0 ? s.formations : [{ id: s.id, grade: s.forceGrade }];
    for (const f of listed) formations.push({ id: f.id, side, grade: GRADES.indexOf(f.grade) });
  });
  if (modules.transport && !modules.legTowed)
    problems.add('modules', 'the "transport" module needs the "leg-towed" module (its passengers are leg and towed units)', 'bad-value');
  if (modules.closeAssault && !modules.legTowed)
    problems.add('modules', 'the "close-assault" module needs the "leg-towed" module (its attackers are leg units)', 'bad-value');
  if (modules.legTowed)
    terrainIds.forEach((id, k) => {
      if (terrain[k]!.moveLeg === undefined)
        problems.add('modules', `terrain "${id}" of the chart pack ${src.chartsFile} has no leg movement cost (moveLeg)`, 'missing');
    });
  data.sides.forEach((s, side) => {
    // The first unit index of each placement of this side, for "mountedOn".
    const firstOf: number[] = [];
    s.units.forEach((p, i) => {
      firstOf[i] = units.length;
      const place = `sides[${side}].units[${i}]`;
      const card = counters.vehicles[p.counter];
      if (card === undefined) {
        problems.add(`${place}.counter`, `no vehicle "${p.counter}" in the counter manifest ${src.countersFile}`, 'not-found');
        return;
      }
      const h = hexAt(grid, p.hex, `${place}.hex`, problems);
      if (h < 0) return;
      const legRow = LEG_MOVEMENT_ROW.exec(card.movement);
      if ((legRow !== null || card.kind !== 'vehicle') && !modules.legTowed) {
        problems.add(
          `${place}.counter`,
          `"${p.counter}" is a leg or towed unit: the scenario must switch on the "leg-towed" module`,
          'bad-value',
        );
        return;
      }
      if ((legRow === null) !== (card.kind === 'vehicle')) {
        problems.add(`${place}.counter`, `"${p.counter}" is a ${card.kind} with the movement row "${card.movement}"`, 'bad-value');
        return;
      }
      const weapons = p.attached.map((w, k) => {
        const wc = counters.weapons[w];
        if (wc === undefined)
          problems.add(`${place}.attached[${k}]`, `no weapon "${w}" in the counter manifest ${src.countersFile}`, 'not-found');
        return wc;
      });
      if (p.attached.length > 0 && card.kind !== 'squad' && card.kind !== 'section')
        problems.add(`${place}.attached`, 'crew-served weapons attach to squads and sections only (5.1.3)', 'bad-value');
      const attached = weapons.filter((w) => w !== undefined);
      const burdened = card.kind === 'section' && attached.length > 0;
      const moveRow = burdened && card.movementWithWeapons !== undefined ? card.movementWithWeapons : card.movement;
      const m = legRow === null ? MOVEMENT_ROW.exec(moveRow)! : null;
      const lm = legRow === null ? null : LEG_MOVEMENT_ROW.exec(moveRow)!;
      // An attached AP weapon (anti-tank rifle, HHATW) becomes the unit's AP row (5.1.3.3-4).
      const apWeapon = attached.find((w) => w.ap !== null);
      const ap = apWeapon?.ap ?? (card.ap === null ? null : { ...card.ap });
      const gp = [card.gp, ...attached.map((w) => w.gp)].filter((g): g is GpRow => g !== null && modules.gpFire);
      const vehicle = card.kind === 'vehicle';
      // 5.14: a squad's attached crew-served weapons are its Dual Fire weapons; a section uses one weapon at a time.
      const dual = modules.dualFire && card.kind === 'squad' && attached.length > 0;
      const ownGp = card.gp !== null && modules.gpFire ? 1 : 0;
      const apDamage = apWeapon?.ap?.apDamage ?? card.ap?.apDamage ?? null;
      if (modules.agHits && vehicle && card.locations === undefined)
        problems.add(
          `${place}.counter`,
          `"${p.counter}" has no AG armor (locations) for the "ag-hits" module in ${src.countersFile}`,
          'missing',
        );
      if (modules.agHits && ap !== null && apDamage === null)
        problems.add(
          `${place}.counter`,
          `"${p.counter}" has no AP Damage row (apDamage) for the "ag-hits" module in ${src.countersFile}`,
          'missing',
        );
      let formation = formationStart[side]!;
      if (p.formation !== undefined) {
        const k = formations.findIndex((f) => f.side === side && f.id === p.formation);
        if (k < 0) problems.add(`${place}.formation`, `no formation "${p.formation}" in sides[${side}].formations`, 'not-found');
        else formation = k;
      }
      const grade = modules.commandControl ? (p.grade !== undefined ? GRADES.indexOf(p.grade) : formations[formation]!.grade) : 2;
      let startCarrier = -1;
      if (p.mountedOn !== undefined) {
        const carrier = s.units[p.mountedOn];
        const card2 = carrier === undefined ? undefined : counters.vehicles[carrier.counter];
        if (!modules.transport) problems.add(`${place}.mountedOn`, 'a unit starts mounted only with the "transport" module', 'bad-value');
        else if (p.mountedOn >= i || carrier === undefined || carrier.count !== 1 || card2?.transport === undefined)
          problems.add(
            `${place}.mountedOn`,
            `unit ${p.mountedOn} of this side is not a single vehicle with a Transport Capacity listed before this unit`,
            'bad-value',
          );
        else if (card.passenger === undefined || vehicle)
          problems.add(`${place}.mountedOn`, `"${p.counter}" has no Passenger Capacity`, 'bad-value');
        else startCarrier = firstOf[p.mountedOn]!;
      }
      for (let k = 0; k < p.count; k++)
        units.push({
          index: units.length,
          side,
          counter: p.counter,
          name: card.name,
          pts: card.pts,
          mf: Number(m?.[1] ?? lm![1]),
          traction: (m?.[2] ?? 'T') as Traction,
          roadMf: Number(m?.[5] ?? lm![1]),
          pathMf: Number(m?.[4] ?? lm![1]),
          size: card.size,
          armorFront: card.armor.front,
          armorRear: card.armor.rear,
          tt: card.tt,
          armed: ap !== null || gp.length > 0,
          range: ap?.range ?? [0, 0, 0, 0, 0],
          pen: ap?.pen ?? [0, 0, 0, 0, 0],
          // 5.1: leg units fire all round (front only when suppressed); 5.2: towed guns the front 60 degrees.
          arc: card.kind === 'towed' ? 'front' : vehicle && card.ap !== null && card.tt === 0 ? card.ap.arc : 'all',
          startHex: h,
          startFacing: FACINGS.indexOf(p.facing),
          kind: card.kind,
          sizeClass: vehicle ? 'V' : (card.sizeClass ?? 'S'),
          gp,
          gpd: card.gpd ?? { value: 1, type: 'S' },
          gpdByCover: card.gpdByCover ?? [1, 1, 1, 1],
          dualAp: dual && apWeapon !== undefined,
          apHhatw: apWeapon?.type === 'hhatw',
          gpLimits: [
            ...(card.gp !== null && modules.gpFire ? [0] : []),
            ...attached
              .filter((w) => w.gp !== null && modules.gpFire)
              .map((w) => (w.type === 'mortar' ? NO_TRANSPORTED : w.type === 'hhatw' ? NO_TRANSPORTED | LEG_TARGETS_ONLY : 0)),
          ],
          gpDual: dual ? ownGp : gp.length,
          apSmallArms: apWeapon !== undefined ? apWeapon.smallArms : card.apSmallArms,
          // 6.6.4.2: a section with attached weapons may not quickmarch (its row "1L 0" has none).
          quickmarch: lm !== null && !burdened ? Number(lm[2]) : 0,
          burdened,
          locations: card.locations ?? null,
          apDamage,
          transport: modules.transport && vehicle ? (card.transport ?? null) : null,
          passenger: modules.transport && !vehicle ? (card.passenger ?? null) : null,
          startCarrier,
          formation,
          grade,
          nation: card.nation,
          indirect: modules.indirectFire ? (card.indirect ?? attached.find((w) => w.indirect !== undefined)?.indirect ?? null) : null,
          observer: modules.indirectFire ? (card.observer ?? null) : null,
          recon: data.modules.length > 0 && (card.observer === 'recon' || card.observer === 'command-recon'),
        });
    });
  });
  // 6.5.1.2-6.5.1.4, 6.5.1.11: each side's off-map batteries.
  const batteries: BatteryDef[] = [];
  data.sides.forEach((s, side) => {
    s.artillery.forEach((a, i) => {
      const place = `sides[${side}].artillery[${i}]`;
      if (!modules.indirectFire) {
        problems.add(place, 'off-map artillery needs the "indirect-fire" module', 'bad-value');
        return;
      }
      const card = counters.batteries[a.battery];
      if (card === undefined) {
        problems.add(`${place}.battery`, `no battery "${a.battery}" in the counter manifest ${src.countersFile}`, 'not-found');
        return;
      }
      let formation = -1;
      if (a.attachment === 'attached') {
        formation = formations.findIndex((f) => f.side === side && f.id === (a.formation ?? s.id));
        if (formation < 0) problems.add(`${place}.formation`, `an Attached battery names one of sides[${side}].formations`, 'not-found');
      }
      batteries.push({
        side,
        id: a.battery,
        name: card.name,
        class: card.class,
        indirect: card.indirect,
        formation,
        preRegistered: a.preRegistered.map((l, k) => hexAt(grid, l, `${place}.preRegistered[${k}]`, problems)),
        plans: a.plans.map((p, k) => {
          const hex = hexAt(grid, p.hex, `${place}.plans[${k}].hex`, problems);
          // 6.5.1.11.3: each turn's Target Point within 5 hexes of the last one, and no more points than turns.
          const points = [hex, ...p.adjust.map((l, j) => hexAt(grid, l, `${place}.plans[${k}].adjust[${j}]`, problems))];
          if (p.adjust.length > p.duration - 1)
            problems.add(
              `${place}.plans[${k}].adjust`,
              `a mission of ${p.duration} turn(s) has ${p.duration - 1} adjustment(s) at most`,
              'bad-value',
            );
          points.forEach((h, j) => {
            if (j > 0 && h >= 0 && points[j - 1]! >= 0 && grid.distance(h, points[j - 1]!) > MAX_PLANNED_ADJUST)
              problems.add(
                `${place}.plans[${k}].adjust[${j - 1}]`,
                `moves the Target Point more than ${MAX_PLANNED_ADJUST} hexes in a turn (6.5.1.11.3)`,
                'bad-value',
              );
          });
          const hexes = Array.from({ length: p.duration }, (_, j) => points[Math.min(j, points.length - 1)]!);
          return { hex, hexes, turn: p.turn, sheaf: p.sheaf, duration: p.duration };
        }),
      });
    });
  });
  const objectives: Objective[] = data.objectives.map((o, i) => {
    const holder = o.controlledBy === null ? -1 : sides.findIndex((s) => s.id === o.controlledBy);
    if (o.controlledBy !== null && holder < 0) problems.add(`objectives[${i}].controlledBy`, `no side "${o.controlledBy}"`, 'not-found');
    return { hex: hexAt(grid, o.hex, `objectives[${i}].hex`, problems), vp: o.vp, holder };
  });
  problems.throwIfAny();
  return {
    data,
    charts,
    counters,
    map,
    terrain,
    sides,
    units,
    objectives,
    turns: data.turns,
    modules,
    formations,
    batteries,
    forceGrade: data.sides.map((x) => (modules.commandControl ? GRADES.indexOf(x.forceGrade) : 2)),
    adv,
    parameters: [{ name: 'turns', description: 'number of game turns', value: data.turns, min: 1, max: 60 }],
    spotRange: charts.spotting.V.map((r) => r.range),
    hit: charts.apHit.flatMap((r) => r.hit),
  };
}
