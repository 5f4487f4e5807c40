/**
 * Loading an SPG scenario: the scenario file, its chart pack and counter manifest, validated and resolved
 * into the fixed facts of a game (map, unit definitions, sides, objectives, compiled tables). What changes
 * during play is in state.ts.
 */
import { ProblemList } from '../../core/errors.js';
import type { ScenarioOptions, ScenarioParameter } from '../../core/system.js';
import { parseWith, readJsonFile } from '../../core/validate.js';
import type { Hex } from '../../hex/grid.js';
import type { PieceIdentity } from '../../hex/units.js';
import type { FireValues } from '../pg/values.js';
import type { GameMap } from '../../hex/map.js';
import { hexAt, placeUnits, readCompactMap } from '../../hex/mapdata.js';
import { moveCostTable } from '../../hex/movement.js';
import * as params from '../../hex/params.js';
import { readScenarioSources } from '../../hex/scenariofile.js';
import { compileTable, type CompiledTable } from '../../hex/tables.js';
import { SpgLos } from './los.js';
import {
  chartPack,
  counterManifest,
  isGunType,
  isVehicleType,
  movementClasses,
  scenarioFile,
  type ChartPack,
  type CounterEntry,
  type ScenarioFile,
  type TerrainEntry,
} from './formats.js';

/** The hexside bit of a road. */
export const ROAD = 1;
/** Movement costs are kept doubled so that half points stay whole numbers (S-14 L166: +0.5 MP). */
export const MP_SCALE = 2;

/** Fire values of one side of a counter; `at` -1: no AT value. */
export type FireSide = FireValues;

/** Spotting classes (S-19 L236): infantry, guns/mounted, vehicles. */
export const enum SpotClass {
  Infantry = 0,
  GunsMounted = 1,
  Vehicles = 2,
}

export interface UnitDef extends PieceIdentity {
  readonly type: CounterEntry['type'];
  readonly moveClass: number;
  readonly steps: 1 | 2;
  readonly full: FireSide;
  readonly reduced: FireSide;
  /** MA on the limbered/packed side (guns, mortars), else the full MA. */
  readonly packedMa: number;
  /** S-11: vehicle, armored (a boxed armor rating, even 0), open-topped. */
  readonly vehicle: boolean;
  readonly armored: boolean;
  readonly armor: number;
  readonly openTop: boolean;
  /** Soft: non-vehicles and unarmored vehicles (S-11 L112). */
  readonly soft: boolean;
  /** Cavalry, motorcycles (S-11 L116), leg units on skis in snow (S-14 L170). */
  readonly mounted: boolean;
  /** On skis: no snow penalty to its movement (S-14 L170). */
  readonly skis: boolean;
  /** Every non-vehicle that is not mounted, guns included (S-11 L118). */
  readonly leg: boolean;
  /** Infantry that may assault: INF, SMG, ENG, motorcycles (S-36 L504, ruling SPG-R13). */
  readonly assaults: boolean;
  readonly hmg: boolean;
  readonly gun: boolean;
  readonly mortar: boolean;
  readonly engineer: boolean;
  readonly limitedVision: boolean;
  readonly weakTurret: boolean;
  /** S-54 L756: what flanking it adds on top of the flanking modifier with rule.perfectionistFlanking (the Panther's side armor). */
  readonly extraFlankBonus: number;
  readonly spotClass: SpotClass;
  /** May carry one unit (S-12 L140): a vehicle that is not a 1-step... every vehicle; reduced 2-step armored ones may not. */
  readonly carrier: boolean;
  readonly morale: number;
  /** Ammunition depletion number for bombardment (S-31), 13 = never. */
  readonly depletion: number;
  /** Off-board artillery (S-27 L372): never on the map; range from the friendly edge plus `offDistance`. */
  readonly offBoard: boolean;
  readonly offDistance: number;
  /** Reinforcement group index, -1 for units set up at the start. */
  readonly group: number;
  /** Starting facts. */
  readonly startHex: Hex;
  readonly startReduced: boolean;
  readonly startPacked: boolean;
  readonly startDugIn: boolean;
  /** Index of the unit carrying it at the start, or -1. */
  readonly startCarrier: number;
  readonly fromTurn: number;
}

export type ReinforcementGroup = Readonly<{
  index: number;
  side: number;
  turn: number;
  column: boolean;
  /** The entry hex of a column arrival; the hexes of a line arrival. */
  entryHex: Hex;
  lineHexes: readonly Hex[];
  /** Variable arrival (ruling SPG-R24): arrives when 2d6 <= this; 13 = always. */
  arrivalRoll: number;
  units: readonly number[];
}>;

export interface SideDef {
  readonly id: string;
  readonly name: string;
  readonly morale: number;
  readonly shakenAt: number;
  readonly demoralizedAt: number;
  readonly edges: readonly string[];
  readonly edgeHexes: readonly Hex[];
  readonly initiativeBonus: number;
  readonly planes: readonly { strength: number; fromTurn: number }[];
  readonly airBonus: number;
  /** German infantry with Panzerfausts, 1944-5 (S-37 L538, L550). */
  readonly panzerfausts: boolean;
}

export interface Objective {
  readonly hex: Hex;
  readonly vp: number;
  readonly controlledBy: number;
}

export type SuddenDeath =
  | { kind: 'control'; winner: number; hexes: readonly Hex[]; fromTurn: number }
  | { kind: 'demoralized'; winner: number; side: number; fromTurn: number };

export interface Scenario {
  readonly file: string;
  readonly data: ScenarioFile;
  readonly charts: ChartPack;
  readonly map: GameMap;
  readonly terrain: readonly TerrainEntry[];
  readonly units: readonly UnitDef[];
  readonly sides: readonly SideDef[];
  readonly groups: readonly ReinforcementGroup[];
  readonly objectives: readonly Objective[];
  readonly suddenDeath: readonly SuddenDeath[];
  readonly turns: number;
  /** Cost x MP_SCALE to enter terrain t for movement class c: moveCost[t * classes + c], -1 prohibited. */
  readonly moveCost: Int16Array;
  readonly roadCost: readonly number[];
  readonly climbCost: readonly number[];
  readonly groundCost: readonly number[];
  readonly fortified: Uint8Array;
  readonly foxholes: Uint8Array;
  readonly heavy: Uint8Array;
  readonly wire: Uint8Array;
  /** Mine strength per hex (0 none): every minefield where the scenario lays it, hidden ones included (for drawing the map). */
  readonly mines: Uint16Array;
  /** Mine strength per hex of the minefields both sides know of (the rules read hidden ones from the state). */
  readonly publicMines: Uint16Array;
  /** The hidden minefields (S-50 L672), in file order; the state holds where each lies and whether it is revealed. */
  readonly hiddenMines: readonly HiddenMinefield[];
  readonly atDitch: Uint8Array;
  readonly tables: { readonly df: CompiledTable; readonly bomb: CompiledTable; readonly assault: CompiledTable };
  readonly visibility: readonly ('clear' | 'impaired' | 'night')[];
  readonly firstTurnInitiative: number;
  readonly lock: { side: number; throughTurn: number } | undefined;
  readonly rules: ScenarioFile['rules'];
  readonly parameters: readonly ScenarioParameter[];
}

/** A minefield laid by hidden placement (S-50 L672). */
export interface HiddenMinefield {
  readonly strength: number;
  /** The side it is secret from until a unit enters it. */
  readonly hiddenFrom: number;
  /** Where it is laid at the start. */
  readonly hex: Hex;
  /** The hexes the scenario allows it in, in order: what the side it is hidden from knows of where it is. */
  readonly area: readonly Hex[];
}

/** At most this many hidden minefields: the state keeps one bit each for "revealed". */
export const MAX_HIDDEN_MINEFIELDS = 30;

const PARAMETERS: readonly params.ParameterSetter<ScenarioFile>[] = [
  params.turnsParameter(),
  ...params.victoryParameters(),
  params.sideParameter('morale', (side, v) => {
    side.morale = v.number();
  }),
  params.sideParameter('initiative', (side, v) => {
    side.initiativeBonus = v.number();
  }),
  params.objectiveParameter(),
  params.ruleSwitchParameter(),
];

export function loadSpgChartPack(file: string): ChartPack {
  return parseWith(chartPack, readJsonFile(file), file);
}

/** Loads, validates and resolves an SPG scenario. Throws InputError naming the file, place and problem. */
export function loadSpgScenario(file: string, options: ScenarioOptions = {}): Scenario {
  const { data, charts, counters, countersFile } = readScenarioSources(
    file,
    options,
    {
      scenario: scenarioFile,
      charts: loadSpgChartPack,
      counters: (f) => parseWith(counterManifest, readJsonFile(f), f),
    },
    PARAMETERS,
  );
  const problems = new ProblemList(file);

  const terrainIds = Object.keys(charts.terrain);
  const terrain = terrainIds.map((id) => charts.terrain[id]!);
  const los = new SpgLos(terrain);
  const map = readCompactMap(data.map, { terrainIds, los, roadBit: ROAD }, problems);
  const grid = map.grid;
  const at = (label: string, place: string): Hex => hexAt(grid, label, place, problems);
  const size = grid.size;

  const marks = (labels: readonly string[], place: string): Uint8Array => {
    const out = new Uint8Array(size);
    labels.forEach((l, i) => {
      const h = at(l, `${place}[${i}]`);
      if (h >= 0) out[h] = 1;
    });
    return out;
  };
  const mines = new Uint16Array(size);
  const publicMines = new Uint16Array(size);
  const sideIds = data.sides.map((s) => s.id);
  const sideIndex = (id: string): number => sideIds.indexOf(id);
  const hiddenMines: HiddenMinefield[] = [];
  data.map.mines.forEach((m, i) => {
    const place = `map.mines[${i}]`;
    const h = at(m.hex, `${place}.hex`);
    if (h < 0) return;
    if (mines[h]) problems.add(`${place}.hex`, `a second minefield in hex ${m.hex}`);
    const strength = m.kind === 'ap' ? charts.mines.ap.value : charts.mines.atAp.value;
    mines[h] = strength;
    if (m.hiddenFrom === undefined) {
      publicMines[h] = strength;
      return;
    }
    let area: Hex[];
    if (m.area === undefined) area = Array.from({ length: size }, (_, k) => k);
    else if ('hexes' in m.area) area = m.area.hexes.map((l, k) => at(l, `${place}.area.hexes[${k}]`)).filter((x) => x >= 0);
    else {
      const near = at(m.area.near, `${place}.area.near`);
      const within = m.area.within;
      area = near < 0 ? [] : Array.from({ length: size }, (_, k) => k).filter((k) => grid.distance(k, near) <= within);
    }
    if (!area.includes(h)) problems.add(`${place}.hex`, `hex ${m.hex} is outside the minefield's area`);
    if (hiddenMines.length === MAX_HIDDEN_MINEFIELDS) problems.add(place, `more than ${MAX_HIDDEN_MINEFIELDS} hidden minefields`);
    hiddenMines.push({ strength, hiddenFrom: sideIndex(m.hiddenFrom), hex: h, area });
  });
  const edgeHexes = (edge: string): Hex[] => {
    const out: Hex[] = [];
    for (let h = 0; h < size; h++) {
      const c = grid.col(h),
        r = grid.row(h);
      if (
        (edge === 'west' && c === 0) ||
        (edge === 'east' && c === grid.width - 1) ||
        (edge === 'north' && r === 0) ||
        (edge === 'south' && r === grid.height - 1)
      )
        out.push(h);
    }
    return out;
  };

  const units: UnitDef[] = [];
  // Kept as units are made: scanning `units` for these made loading quadratic in the placements.
  const unitsOfSide = [0, 0];
  const carrying = new Set<number>();
  const groups: ReinforcementGroup[] = [];
  const fireSide = (s: CounterEntry['full'] | undefined, fallback: FireSide | undefined): FireSide =>
    s === undefined
      ? fallback!
      : {
          df: s.directFire?.strength ?? 0,
          dfRange: s.directFire?.range ?? 0,
          bomb: s.bombardment?.strength ?? 0,
          bombRange: s.bombardment?.range ?? 0,
          at: s.antiTank?.strength ?? -1,
          atRange: s.antiTank?.range ?? 0,
          ma: s.movement,
        };
  const depletionOf = (c: CounterEntry, offBoard: boolean, support: string, override: number | undefined): number => {
    if (override !== undefined) return override;
    const d = charts.ammoDepletion;
    if (c.ammo === 'rocket') return d.rocket.value; // ruling SPG-R23: rockets on or off the map
    if (offBoard) return support === 'dedicated' ? d.offBoardDedicated.value : d.offBoardNormal.value;
    if (c.ammo === 'limitedVehicle') return d.limitedVehicle.value;
    return c.full.bombardment ? d.standard.value : 13;
  };
  const makeUnit = (
    side: number,
    counterId: string,
    c: CounterEntry,
    p: {
      hex: Hex;
      reduced?: boolean;
      packed?: boolean;
      dugIn?: boolean;
      carrier?: number;
      morale?: number;
      offBoard?: boolean;
      offDistance?: number;
      support?: string;
      depletion?: number;
      group?: number;
      fromTurn?: number;
    },
  ): number => {
    const vehicle = isVehicleType(c.type);
    const armored = vehicle && c.armor !== undefined;
    const gun = isGunType(c.type, c.full.movement);
    // S-14 L170: the side's leg units on skis in snow are mounted units for all purposes (ruling SPG-R60: not guns).
    const skis = data.sides[side]!.skis && (data.ground === 'snow' || data.ground === 'deepSnow') && !vehicle && !gun;
    const mounted = c.type === 'CAV' || c.type === 'MC' || skis;
    const mortar = c.type === 'MORTAR';
    const full = fireSide(c.full, undefined);
    const index = units.length;
    units.push({
      index,
      id: `${sideIds[side]}-${++unitsOfSide[side]!}`,
      side,
      counter: counterId,
      name: c.name,
      type: c.type,
      moveClass: movementClasses.indexOf(c.movementClass),
      steps: c.steps,
      full,
      reduced: fireSide(c.reduced, full),
      packedMa: c.packed?.movement ?? c.full.movement,
      vehicle,
      armored,
      armor: armored ? c.armor! : charts.antiTank.unarmoredArmor.value,
      openTop: c.openTop,
      soft: !armored,
      mounted,
      skis: skis && c.type !== 'CAV' && c.type !== 'MC',
      leg: !vehicle && !mounted,
      assaults: ['INF', 'SMG', 'ENG', 'MC'].includes(c.type) || (data.rules.cavalryAssault && c.type === 'CAV'),
      hmg: c.type === 'HMG',
      gun,
      mortar,
      engineer: c.engineer || c.type === 'ENG',
      limitedVision: c.limitedVision,
      weakTurret: c.weakTurret,
      extraFlankBonus: c.extraFlankBonus,
      // Ruling SPG-R26: infantry class = infantry, SMG, engineers, HMG, mortars.
      spotClass: vehicle ? SpotClass.Vehicles : gun || mounted ? SpotClass.GunsMounted : SpotClass.Infantry,
      carrier: vehicle,
      morale: p.morale ?? data.sides[side]!.morale,
      depletion: depletionOf(c, p.offBoard === true, p.support ?? 'normal', p.depletion),
      offBoard: p.offBoard === true,
      offDistance: p.offDistance ?? 0,
      group: p.group ?? -1,
      startHex: p.hex,
      startReduced: p.reduced === true,
      startPacked: p.packed === true,
      startDugIn: p.dugIn === true,
      startCarrier: p.carrier ?? -1,
      fromTurn: p.fromTurn ?? 1,
    });
    if (p.carrier !== undefined && p.carrier >= 0) carrying.add(p.carrier);
    return index;
  };
  const counterOf = (id: string, place: string): CounterEntry | undefined => {
    const c = counters.units[id];
    if (!c) problems.add(place, `unknown counter "${id}" (not in ${countersFile})`);
    return c;
  };

  data.sides.forEach((s, si) => {
    placeUnits(si, s.units, counterOf, at, (p, c, h, place) => {
      let carrier = -1;
      if (p.passenger) {
        carrier = units.findIndex((u) => u.side === si && u.startHex === h && u.vehicle && !carrying.has(u.index));
        if (carrier < 0)
          problems.add(`${place}.passenger`, `no vehicle of ${s.id} at ${p.hex} to carry it (S-12 L140: one unit per vehicle)`);
      }
      makeUnit(si, p.counter, c, { hex: h, reduced: p.reduced, packed: p.packed, dugIn: p.dugIn, carrier, morale: p.morale });
    });
    s.offBoardArtillery.forEach((b, i) => {
      const c = counterOf(b.counter, `sides[${si}].offBoardArtillery[${i}].counter`);
      if (!c) return;
      for (let k = 0; k < b.count; k++) {
        makeUnit(si, b.counter, c, {
          hex: -1,
          offBoard: true,
          offDistance: b.distance,
          support: b.support,
          depletion: b.ammoDepletion,
          fromTurn: b.fromTurn,
        });
      }
    });
    s.reinforcements.forEach((r, gi) => {
      const place = `sides[${si}].reinforcements[${gi}]`;
      const index = groups.length;
      const column = r.arrival === 'column' || (r.arrival === undefined && 'hex' in r.entry);
      let entryHex = -1;
      let lineHexes: Hex[] = [];
      if ('hex' in r.entry) {
        entryHex = at(r.entry.hex, `${place}.entry.hex`);
        lineHexes = entryHex >= 0 ? [entryHex] : [];
      } else if ('hexes' in r.entry) {
        lineHexes = r.entry.hexes.map((l, k) => at(l, `${place}.entry.hexes[${k}]`)).filter((h) => h >= 0);
      } else {
        const near = r.entry.near !== undefined ? at(r.entry.near, `${place}.entry.near`) : -1;
        const within = r.entry.within;
        lineHexes = edgeHexes(r.entry.edge).filter((h) => near < 0 || within === undefined || grid.distance(h, near) <= within);
      }
      const members: number[] = [];
      r.units.forEach((p, k) => {
        const c = counterOf(p.counter, `${place}.units[${k}].counter`);
        if (!c) return;
        for (let n = 0; n < p.count; n++) {
          let carrier = -1;
          if (p.passenger) {
            carrier = [...members].reverse().find((m) => units[m]!.vehicle && !carrying.has(m)) ?? -1;
            if (carrier < 0) problems.add(`${place}.units[${k}].passenger`, 'no vehicle listed before it in the group to carry it');
          } else if (isGunType(c.type, c.full.movement) && (c.packed?.movement ?? c.full.movement) === 0) {
            problems.add(`${place}.units[${k}]`, `${p.counter} has no movement allowance: it arrives as a passenger (SPG S-05 L52)`);
          }
          members.push(
            makeUnit(si, p.counter, c, {
              hex: -1,
              reduced: p.reduced,
              carrier,
              morale: p.morale,
              group: index,
              fromTurn: r.turn,
              packed: c.packed !== undefined,
            }),
          );
        }
      });
      groups.push({ index, side: si, turn: r.turn, column, entryHex, lineHexes, arrivalRoll: r.arrivalRoll ?? 13, units: members });
    });
  });

  // S-12 L138: 3 units, at most 2 vehicles, per hex at set-up too.
  const perHex = new Map<Hex, { n: number; v: number }>();
  for (const u of units) {
    if (u.startHex < 0) continue;
    const e = perHex.get(u.startHex) ?? { n: 0, v: 0 };
    e.n++;
    if (u.vehicle) e.v++;
    perHex.set(u.startHex, e);
    if (e.n === 4 || (u.vehicle && e.v === 3))
      problems.add('sides', `over-stacked at ${grid.label(u.startHex)}: at most 3 units, 2 of them vehicles (SPG S-12 L138)`);
  }

  // Ruling SPG-R66: no unit sets up in a hidden minefield (entering one reveals it, so none stands in one unrevealed).
  for (const m of hiddenMines)
    if (perHex.has(m.hex)) problems.add('map.mines', `a unit sets up in the hidden minefield at ${grid.label(m.hex)} (ruling SPG-R66)`);

  data.softGround.forEach((id, k) => {
    if (!terrainIds.includes(id)) problems.add(`softGround[${k}]`, `unknown terrain "${id}" (the chart pack has ${terrainIds.join(', ')})`);
  });

  const objectives = data.victory.objectives.map((o, i) => ({
    hex: at(o.hex, `victory.objectives[${i}].hex`),
    vp: o.vp,
    controlledBy: sideIndex(o.controlledBy),
  }));
  const suddenDeath: SuddenDeath[] = data.victory.suddenDeath.map((d, i) =>
    d.kind === 'control'
      ? {
          kind: 'control',
          winner: sideIndex(d.winner),
          hexes: d.hexes.map((l, k) => at(l, `victory.suddenDeath[${i}].hexes[${k}]`)),
          fromTurn: d.fromTurn,
        }
      : { kind: 'demoralized', winner: sideIndex(d.winner), side: sideIndex(d.side), fromTurn: d.fromTurn },
  );
  problems.throwIfAny();

  const sides: SideDef[] = data.sides.map((s, si) => {
    const engaged = units
      .filter((u) => u.side === si && !(u.vehicle && u.full.df <= 0 && u.full.at < 0 && u.full.bomb <= 0))
      .reduce((n, u) => n + (u.startReduced ? 1 : u.steps), 0);
    // Ruling SPG-R02: shaken at 1/2 and demoralized at 2/3 of the engaged steps unless the scenario says.
    const [shakenFrac, demFrac] = data.rules.lossLevelsAsPrinted ? [2 / 3, 1 / 2] : [1 / 2, 2 / 3];
    return {
      id: s.id,
      name: s.name,
      morale: s.morale,
      shakenAt: s.lossLevels?.shaken ?? Math.ceil(engaged * shakenFrac),
      demoralizedAt: s.lossLevels?.demoralized ?? Math.ceil(engaged * demFrac),
      edges: s.friendlyEdges,
      edgeHexes: s.friendlyEdges.flatMap(edgeHexes),
      initiativeBonus: s.initiativeBonus,
      planes: s.air?.planes ?? [],
      airBonus: s.air?.rollBonus ?? 0,
      panzerfausts: s.panzerfausts,
    };
  });

  const visibility = Array.from(
    { length: data.turns + 1 },
    (_, t) => data.visibility.turns.find((v) => t >= v.from && t <= v.to)?.visibility ?? data.visibility.default,
  );
  const groundIndex = { dry: -1, lightMud: 0, snow: 0, deepMud: 1, deepSnow: 1 }[data.ground];
  const gc = groundIndex < 0 ? undefined : groundIndex === 0 ? charts.groundConditions.light : charts.groundConditions.deep;

  return {
    file,
    data,
    charts,
    map,
    terrain,
    units,
    sides,
    groups,
    objectives,
    suddenDeath,
    turns: data.turns,
    moveCost: moveCostTable(terrain, movementClasses, (t, c) => t.move[c], MP_SCALE),
    roadCost: movementClasses.map((c) => Math.round(charts.road[c] * MP_SCALE)),
    climbCost: movementClasses.map((c) => Math.round(charts.climb[c] * MP_SCALE)),
    groundCost: movementClasses.map((c) => (gc ? Math.round(gc[c] * MP_SCALE) : 0)),
    fortified: marks(data.map.fortifications, 'map.fortifications'),
    foxholes: marks(data.map.foxholes, 'map.foxholes'),
    heavy: marks(data.map.heavyBuildings, 'map.heavyBuildings'),
    wire: marks(data.map.wire, 'map.wire'),
    mines,
    publicMines,
    hiddenMines,
    atDitch: marks(data.map.atDitches, 'map.atDitches'),
    tables: {
      df: compileTable(charts.directFire, 2, 12),
      bomb: compileTable(charts.bombardment, 2, 12),
      assault: compileTable(data.rules.assaultOnDirectFireTable ? charts.directFire : charts.assault, 2, 12),
    },
    visibility,
    firstTurnInitiative:
      data.initiative.firstTurn !== undefined
        ? sideIndex(data.initiative.firstTurn)
        : data.initiative.locked
          ? sideIndex(data.initiative.locked.side)
          : -1,
    lock: data.initiative.locked
      ? { side: sideIndex(data.initiative.locked.side), throughTurn: data.initiative.locked.throughTurn ?? 1 }
      : undefined,
    rules: data.rules,
    parameters: [
      { name: 'turns', description: 'turn limit', value: data.turns, min: 1, max: 60 },
      ...data.sides.map((s) => ({ name: `morale.${s.id}`, description: `morale of ${s.name}`, value: s.morale, min: 4, max: 10 })),
      ...data.sides.map((s) => ({
        name: `initiative.${s.id}`,
        description: `initiative roll bonus of ${s.name}`,
        value: s.initiativeBonus,
        min: -3,
        max: 3,
      })),
    ],
  };
}
