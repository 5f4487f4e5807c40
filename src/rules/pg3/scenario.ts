/**
 * Loading a PG3 scenario: the scenario file, its chart pack and counter manifest, validated and resolved
 * into one immutable Scenario that the rules read. Everything here is fixed for the whole game; the
 * changing part is State (state.ts).
 */
import { ProblemList } from '../../core/errors.js';
import type { GameMap } from '../../hex/map.js';
import type { Hex } from '../../hex/grid.js';
import { PgLos } from '../../hex/los.js';
import type { PieceIdentity } from '../../hex/units.js';
import type { FireValues } from '../pg/values.js';
import { hexAt as hexOfLabel, placeUnits, readCompactMap } from '../../hex/mapdata.js';
import { moveCostTable } from '../../hex/movement.js';
import {
  objectiveParameter,
  ruleSwitchParameter,
  sideParameter,
  turnsParameter,
  victoryParameters,
  type ParameterSetter,
} from '../../hex/params.js';
import { readScenarioSources } from '../../hex/scenariofile.js';
import { buildSightTable } from '../../hex/sight.js';
import { compileTable, type CompiledTable } from '../../hex/tables.js';
import type { ScenarioOptions, ScenarioParameter } from '../../core/system.js';
import { parseWith, readJsonFile } from '../../core/validate.js';
import {
  chartPack,
  counterManifest,
  scenarioFile,
  movementClasses,
  type ChartPack,
  type CounterEntry,
  type CounterManifest,
  type MovementClass,
  type ScenarioFile,
  type TerrainEntry,
} from './formats.js';

export const RANKS = ['CPL', 'SGT', 'LT', 'CPT', 'MAJ', 'LTC', 'COL'] as const;

export type { FireValues } from '../pg/values.js';

/** Everything fixed about one unit or leader piece in the game. */
export interface UnitDef extends PieceIdentity {
  readonly isLeader: boolean;
  // Combat units
  readonly type: string;
  readonly moveClass: MovementClass;
  readonly moveClassIndex: number;
  /** -1000 = not an AFV (no printed armor). PG3 1.1: any printed armor, even 0, makes an AFV. */
  readonly armor: number;
  readonly isAfv: boolean;
  readonly openTop: boolean;
  readonly isApc: boolean;
  /** Trucks and wagons: unarmed transports (not combat units, PG3 1.1). */
  readonly isTransport: boolean;
  /** Carries the NATO tank symbol: only these answer to tank leaders (PG3 3.3). */
  readonly isTankSymbol: boolean;
  readonly isArtillery: boolean;
  readonly isHmgLike: boolean;
  readonly isCombat: boolean;
  readonly maxSteps: number;
  readonly full: FireValues;
  readonly reduced: FireValues;
  readonly moraleFull: number;
  readonly moraleReduced: number;
  // Leaders
  readonly rank: number;
  readonly leaderMorale: number;
  readonly combatMod: number;
  readonly moraleMod: number;
  // Arrival
  readonly startHex: Hex;
  readonly entryTurn: number;
  readonly entryHexes: readonly Hex[];
  readonly startReduced: boolean;
  readonly startDugIn: boolean;
  readonly startTankLeader: boolean;
  /** Index of the transport it starts aboard (5.6), or -1. */
  readonly startCarrier: number;
  /** Starts hidden (16.6). */
  readonly startHidden: boolean;
  /** A Kommissar (6.6). */
  readonly isKom: boolean;
  /** A cavalry leader (6.9): MA 6. */
  readonly isCavalryLeader: boolean;
  /** A face of a leader piece in the 6.1 cup: out of play unless drawn at set-up. */
  readonly inPool: boolean;
}

/** PG3 6.1: a leader piece in a side's cup (one or two faces, unit indices) and the places drawn leaders fill. */
export interface LeaderDraw {
  readonly side: number;
  readonly pieces: readonly (readonly number[])[];
  /** Placeholders in set-up order: rank index and hex. */
  readonly slots: readonly { readonly rank: number; readonly hex: Hex }[];
}

export interface SideDef {
  readonly id: string;
  readonly name: string;
  readonly nation: string;
  readonly initiative: number;
  readonly initiativeLossEvery: number;
  readonly armorEfficiency: boolean;
  /** -1 = every tank-symbol AFV has one (public); otherwise the number assigned secretly. */
  readonly tankLeaders: number;
  readonly offboard: readonly number[];
  readonly friendlyFirePlus: boolean;
  readonly exitHexes: readonly Hex[];
  readonly exitVpPerStep: number;
  /** 15.1 aircraft: drawn per turn from `pool` (empty: none). */
  readonly airPerTurn: number;
  readonly airFromTurn: number;
  readonly airPool: readonly { readonly df: number; readonly at: number }[];
}

export type { CompiledTable } from '../../hex/tables.js';

export interface Objective {
  readonly hex: Hex;
  readonly vp: number;
  readonly initialController: number;
}

export interface Scenario {
  readonly file: string;
  readonly data: ScenarioFile;
  readonly charts: ChartPack;
  readonly chartsFile: string;
  readonly counters: CounterManifest;
  readonly countersFile: string;
  readonly map: GameMap;
  readonly terrain: readonly TerrainEntry[];
  /** MP cost x2 (so half-MP roads stay integers) per terrain index and movement class; -1 prohibited. */
  readonly moveCost2: Int16Array;
  readonly roadCost2: readonly number[];
  readonly climbCost2: readonly number[];
  /** Road bit in map.hexsides. */
  readonly ROAD: number;
  readonly units: readonly UnitDef[];
  /** Indices of each side's units and leaders, in index order (the hot loops ask about one side). */
  readonly unitsOf: readonly [readonly number[], readonly number[]];
  /** Indices of each side's leaders, in index order (spotting for bombardment and off-board artillery, 9.1). */
  readonly leadersOf: readonly [readonly number[], readonly number[]];
  /** Indices of each side's AFVs and trucks, in index order (the targets of AT fire, 11.0). */
  readonly vehiclesOf: readonly [readonly number[], readonly number[]];
  /** Indices of each side's units that are neither leaders nor transports, in index order (who may fire on a mover, 13.0). */
  readonly firersOf: readonly [readonly number[], readonly number[]];
  readonly sides: readonly [SideDef, SideDef];
  readonly turns: number;
  readonly visibility: number;
  /** 1 at the index of each night turn (read by turn number: spotting asks it for every pair of hexes it judges). */
  readonly nightTurn: Uint8Array;
  readonly objectives: readonly Objective[];
  readonly vpPerStep: number;
  readonly decisiveMargin: number;
  readonly rules: ScenarioFile['rules'];
  readonly df: CompiledTable;
  readonly bomb: CompiledTable;
  readonly assault: CompiledTable;
  /**
   * Spotting, precomputed per (observer hex, target hex) for the static map: bit 0 = a unit in the
   * target hex is seen when exposed (clear terrain or SPOTTED marker), bit 1 = when concealed by its
   * limiting terrain (PG3 8.1-8.4); bits 2 and 3: the same at the 1/4 range that finds a hidden unit (16.6).
   * Night and smoke are checked at query time.
   */
  readonly spot: Uint8Array;
  /** 15.1: whether any side has aircraft (else no air actions are looked for). */
  readonly hasAir: boolean;
  /** 15.31: whether some side has both a CAV unit and a cavalry leader (else no cavalry charge is looked for). */
  readonly hasCavalryCharge: boolean;
  /** 6.1: leader draws per side that uses them (empty for fixed leaders). */
  readonly leaderDraws: readonly LeaderDraw[];
  /** 16.6: whether any unit starts hidden (else the hidden-unit checks are skipped). */
  readonly hasHidden: boolean;
  /** 16.6: per side, the hexes where the other seat imagines its hidden units (determinization): within 3 hexes of the
   * side's visible set-up hexes. Empty unless the side has hidden units. */
  readonly hiddenArea: readonly (readonly Hex[])[];
  /** Minefields (16.7): owner side, hex and set-up strength (0 = dummy); State.mines holds their current state. */
  readonly minefields: readonly { readonly side: number; readonly hex: Hex; readonly strength: number }[];
  /** 1 for a hex holding at least one minefield. */
  readonly mineHex: Uint8Array;
  /** 1 for an entrenchment hex (16.4). */
  readonly entrenched: Uint8Array;
  /** 1 for a town or bridge hex (a river hex with a road), where an eliminated AFV step leaves a wreck (16.3). */
  readonly wreckHex: Uint8Array;
  readonly parameters: readonly ScenarioParameter[];
  readonly options: ScenarioOptions;
}

/** 1 at each listed turn's index, 0 elsewhere up to the last one listed. */
function turnMarks(turns: readonly number[]): Uint8Array {
  const marks = new Uint8Array(Math.max(0, ...turns) + 1);
  for (const t of turns) marks[t] = 1;
  return marks;
}

function fireValues(s: {
  directFire?: { strength: number; range: number } | undefined;
  bombardment?: { strength: number; range: number } | undefined;
  antiTank?: { strength: number; range: number } | undefined;
  movement: number;
}): FireValues {
  return {
    df: s.directFire?.strength ?? 0,
    dfRange: s.directFire?.range ?? 0,
    bomb: s.bombardment?.strength ?? 0,
    bombRange: s.bombardment?.range ?? 0,
    at: s.antiTank ? s.antiTank.strength : -1,
    atRange: s.antiTank?.range ?? 0,
    ma: s.movement,
  };
}

const NO_ARMOR = -1000;

/** The parameters `--set` may change (PG3 scenario fields), applied to the raw scenario before it is resolved. */
const PARAMETERS: readonly ParameterSetter<ScenarioFile>[] = [
  turnsParameter(),
  {
    name: 'visibility',
    apply: (data, _, v) => {
      data.visibility = v.number();
    },
  },
  ...victoryParameters(),
  sideParameter('initiative', (side, v) => {
    side.initiative = v.number();
  }),
  sideParameter('morale', (side, v) => {
    const delta = v.number() - side.morale.full;
    side.morale = { full: side.morale.full + delta, reduced: side.morale.reduced + delta };
  }),
  objectiveParameter(),
  ruleSwitchParameter(),
];

export function loadChartPack(file: string): ChartPack {
  return parseWith(chartPack, readJsonFile(file), file);
}

export function loadCounterManifest(file: string): CounterManifest {
  return parseWith(counterManifest, readJsonFile(file), file);
}

/** Loads, validates and resolves a PG3 scenario. Throws InputError naming the file, place and problem. */
export function loadPg3Scenario(file: string, options: ScenarioOptions = {}): Scenario {
  const { data, charts, counters, chartsFile, countersFile } = readScenarioSources(
    file,
    options,
    { scenario: scenarioFile, charts: loadChartPack, counters: loadCounterManifest },
    PARAMETERS,
  );
  const problems = new ProblemList(file);

  // --- Map (compact form: one legend character per hex) ---
  const { width, height } = data.map;
  const terrainIds = Object.keys(charts.terrain);
  const terrainDefs = terrainIds.map((id) => charts.terrain[id]!);
  const ROAD = 1;
  const los = new PgLos(terrainDefs);
  const map0 = readCompactMap(data.map, { terrainIds, los, roadBit: ROAD }, problems);
  const { terrain } = map0;
  const grid = map0.grid;
  const hexAt = (label: string, place: string): Hex => hexOfLabel(grid, label, place, problems);

  // --- Movement costs (x2) ---
  const moveCost2 = moveCostTable(terrainDefs, movementClasses, (t, mc) => t.move[mc], 2);
  const roadCost2 = movementClasses.map((mc) => Math.round(charts.road[mc] * 2));
  const climbCost2 = movementClasses.map((mc) => Math.round(charts.climb[mc] * 2));

  // --- Sides and units ---
  const sideIds = data.sides.map((s) => s.id);
  if (sideIds[0] === sideIds[1]) problems.add('sides[1].id', `both sides are called "${sideIds[0]}"`);
  const units: UnitDef[] = [];
  // Counted as units are made: a count by scanning `units` made loading quadratic in the placements.
  const unitsOfSide = [0, 0];
  const combatPerHex = new Map<string, number>();
  const transportsPerHex = new Map<string, number>();
  const counterDef = (id: string, place: string): CounterEntry | undefined => {
    const c = counters.units[id];
    if (!c) problems.add(place, `unknown counter "${id}" (not in ${countersFile})`);
    return c;
  };
  const makeUnit = (
    side: number,
    c: CounterEntry,
    counterId: string,
    hex: Hex,
    entryTurn: number,
    entryHexes: Hex[],
    p: { reduced: boolean; tankLeader: boolean; dugIn: boolean; loaded?: boolean; hidden?: boolean },
    place: string,
  ): void => {
    const s = data.sides[side]!;
    const full = fireValues(c.full);
    const reduced = c.reduced ? fireValues(c.reduced) : full;
    const isAfv = c.armor !== undefined;
    const isApc = c.type === 'APC';
    const isTransport = c.type === 'TRUCK' || c.type === 'WAGON';
    const isCombat = !isTransport && (full.df > 0 || full.bomb > 0 || full.at >= 0);
    const mci = movementClasses.indexOf(c.movementClass);
    if (hex >= 0 && !p.loaded) {
      const cost = moveCost2[terrain[hex]! * 4 + mci]!;
      if (cost < 0 && !map0.anySide(hex, ROAD)) {
        problems.add(place, `${c.name} (${c.movementClass}) may not be in ${map0.terrainId(hex)} at ${grid.label(hex)}`);
      }
      // PG3 4.1: 3 combat units (APCs excluded) and 3 transports (APCs included) per side per hex.
      const key = `${side}:${hex}`;
      if (isApc || isTransport) {
        const n = (transportsPerHex.get(key) ?? 0) + 1;
        transportsPerHex.set(key, n);
        if (n === 4) problems.add(place, `over-stacked: more than 3 transports/APCs of ${s.id} at ${grid.label(hex)} (PG3 4.1)`);
      } else if (isCombat) {
        const n = (combatPerHex.get(key) ?? 0) + 1;
        combatPerHex.set(key, n);
        if (n === 4) problems.add(place, `over-stacked: more than 3 combat units of ${s.id} at ${grid.label(hex)} (PG3 4.1)`);
      }
    }
    if (p.tankLeader && !(isAfv && c.type === 'TANK')) problems.add(place, 'only a tank-symbol AFV can carry a tank leader (PG3 3.3, 6.8)');
    units.push({
      index: units.length,
      id: `${sideIds[side]}-${++unitsOfSide[side]!}-${counterId}`,
      side,
      counter: counterId,
      name: c.name,
      isLeader: false,
      type: c.type,
      moveClass: c.movementClass,
      moveClassIndex: mci,
      armor: isAfv ? c.armor! : c.type === 'TRUCK' ? NO_ARMOR : NO_ARMOR,
      isAfv,
      openTop: c.openTop || isApc,
      isApc,
      isTransport,
      isTankSymbol: c.type === 'TANK',
      isArtillery: c.type === 'ART' || c.type === 'AT' || c.type === 'AA',
      isHmgLike: c.type === 'HMG' || c.type === 'AA' || isAfv,
      isCombat,
      maxSteps: c.steps,
      full,
      reduced,
      moraleFull: s.morale.full,
      moraleReduced: s.morale.reduced,
      rank: -1,
      leaderMorale: 0,
      combatMod: 0,
      moraleMod: 0,
      startHex: hex,
      entryTurn,
      entryHexes,
      startReduced: p.reduced,
      startDugIn: p.dugIn,
      startTankLeader: p.tankLeader,
      startCarrier: p.loaded ? -2 : -1,
      startHidden: p.hidden === true,
      isKom: false,
      isCavalryLeader: false,
      inPool: false,
    });
  };
  const makeLeader = (
    side: number,
    counterId: string,
    hex: Hex,
    entryTurn: number,
    entryHexes: Hex[],
    place: string,
    cavalry = false,
    inPool = false,
  ): void => {
    const l = counters.leaders[counterId];
    if (!l) {
      problems.add(place, `unknown leader "${counterId}" (not in ${countersFile})`);
      return;
    }
    const cav = cavalry || l.cavalry;
    // 6.3, 6.9: leaders have MA 4, cavalry leaders 6.
    const LEADER_MOVES: FireValues = { df: 0, dfRange: 0, bomb: 0, bombRange: 0, at: -1, atRange: 0, ma: cav ? 6 : 4 };
    units.push({
      index: units.length,
      id: `${sideIds[side]}-${counterId}`,
      side,
      counter: counterId,
      name: `${l.rank} ${l.name}`,
      isLeader: true,
      type: 'LEADER',
      moveClass: 'foot',
      moveClassIndex: 0,
      armor: NO_ARMOR,
      isAfv: false,
      openTop: false,
      isApc: false,
      isTransport: false,
      isTankSymbol: false,
      isArtillery: false,
      isHmgLike: false,
      isCombat: false,
      maxSteps: 1,
      full: LEADER_MOVES,
      reduced: LEADER_MOVES,
      moraleFull: l.morale,
      moraleReduced: l.morale,
      rank: RANKS.indexOf(l.rank),
      leaderMorale: l.morale,
      combatMod: l.combat,
      moraleMod: l.moraleModifier,
      startHex: hex,
      entryTurn,
      entryHexes,
      startReduced: false,
      startDugIn: false,
      startTankLeader: false,
      startCarrier: -1,
      startHidden: false,
      isKom: l.kom,
      isCavalryLeader: cav,
      inPool,
    });
  };
  const leaderDraws: LeaderDraw[] = [];
  data.sides.forEach((s, si) => {
    placeUnits(si, s.units, counterDef, hexAt, (p, c, h, place) => makeUnit(si, c, p.counter, h, 0, [], p, place));
    const slots: { rank: number; hex: Hex }[] = [];
    s.leaders.forEach((p, i) => {
      const h = hexAt(p.hex, `sides[${si}].leaders[${i}].hex`);
      if (h < 0) return;
      if ('draw' in p) slots.push({ rank: RANKS.indexOf(p.draw), hex: h });
      else makeLeader(si, p.counter, h, 0, [], `sides[${si}].leaders[${i}].counter`, p.cavalry);
    });
    // 6.1: every face of every piece in the cup is a leader out of play until drawn.
    if (slots.length > 0 && s.leaderPool.length === 0)
      problems.add(`sides[${si}].leaderPool`, 'leaders to draw (PG3 6.1) need a leaderPool to draw them from');
    if (slots.length > 0) {
      const pieces: number[][] = [];
      s.leaderPool.forEach((piece, k) => {
        const faces: number[] = [];
        for (const id of typeof piece === 'string' ? [piece] : piece) {
          const before = units.length;
          makeLeader(si, id, -1, 0, [], `sides[${si}].leaderPool[${k}]`, false, true);
          if (units.length > before) faces.push(before);
        }
        pieces.push(faces);
      });
      leaderDraws.push({ side: si, pieces, slots });
    }
    s.reinforcements.forEach((r, ri) => {
      const place = `sides[${si}].reinforcements[${ri}]`;
      if (r.turn > data.turns) problems.add(`${place}.turn`, `turn ${r.turn} is after the last turn (${data.turns})`);
      const entry = r.entry.map((l, k) => hexAt(l, `${place}.entry[${k}]`)).filter((h) => h >= 0);
      for (const h of entry) {
        const c = grid.col(h),
          row = grid.row(h);
        if (c !== 0 && row !== 0 && c !== width - 1 && row !== height - 1)
          problems.add(`${place}.entry`, `entry hex ${grid.label(h)} is not on a board edge (PG3 16.5)`);
      }
      r.units.forEach((p, i) => {
        const c = counterDef(p.counter, `${place}.units[${i}].counter`);
        if (!c) return;
        if (p.loaded) problems.add(`${place}.units[${i}].loaded`, 'only units set up on the map may start loaded (PG3 5.6)');
        if (p.hidden) problems.add(`${place}.units[${i}].hidden`, 'only units set up on the map may start hidden (PG3 16.6)');
        for (let k = 0; k < p.count; k++) makeUnit(si, c, p.counter, -1, r.turn, entry, p, `${place}.units[${i}]`);
      });
      for (const [i, p] of r.leaders.entries()) makeLeader(si, p.counter, -1, r.turn, entry, `${place}.leaders[${i}].counter`);
    });
    if (typeof s.tankLeaders === 'number') {
      const tanks =
        s.units.filter((p) => counters.units[p.counter]?.type === 'TANK').reduce((n, p) => n + p.count, 0) +
        s.reinforcements
          .flatMap((r) => r.units)
          .filter((p) => counters.units[p.counter]?.type === 'TANK')
          .reduce((n, p) => n + p.count, 0);
      if (s.tankLeaders > tanks)
        problems.add(`sides[${si}].tankLeaders`, `${s.tankLeaders} tank leaders but only ${tanks} tank-symbol AFVs to carry them`);
    }
    if (s.units.length === 0 && s.reinforcements.length === 0) problems.add(`sides[${si}].units`, 'a side needs at least one unit');
  });
  // PG3 5.6: units set up `loaded` go aboard a transport of their side in the same hex: one unit and up to 3 leaders each.
  const carrying = new Set<number>();
  for (const c of units) {
    if (c.startCarrier !== -2) continue;
    const place = `sides[${c.side}].units (${c.counter} at ${grid.label(c.startHex)})`;
    (c as { startCarrier: number }).startCarrier = -1;
    if (c.isAfv || c.isTransport || c.type === 'CAV') {
      problems.add(place, `${c.name} cannot ride a transport (PG3 5.6: weapon or personnel units, not cavalry or AFVs)`);
      continue;
    }
    const t = units.find(
      (x) => x.side === c.side && x.startHex === c.startHex && x.entryTurn === 0 && (x.isTransport || x.isApc) && !carrying.has(x.index),
    );
    if (!t) {
      problems.add(place, `no free transport of its side at ${grid.label(c.startHex)} to start loaded on (PG3 5.6)`);
      continue;
    }
    (c as { startCarrier: number }).startCarrier = t.index;
    carrying.add(t.index);
    if (c.startHidden !== t.startHidden)
      problems.add(place, 'a unit set up loaded is hidden exactly when its transport is (PG3 16.6, 5.6)');
  }
  // 16.6: hidden units and the area the other side imagines them in.
  const hasHidden = units.some((u) => u.startHidden);
  const hiddenArea: Hex[][] = [0, 1].map((side) => {
    if (!units.some((u) => u.side === side && u.startHidden)) return [];
    const seeds = [
      ...new Set(units.filter((u) => u.side === side && u.entryTurn === 0 && !u.startHidden && u.startHex >= 0).map((u) => u.startHex)),
    ];
    const area: Hex[] = [];
    for (let h = 0; h < width * height; h++) if (seeds.some((s) => grid.distance(s, h) <= HIDDEN_AREA_RADIUS)) area.push(h);
    return area;
  });
  const entrenched = new Uint8Array(width * height);
  data.map.entrenchments.forEach((l, i) => {
    const h = hexAt(l, `map.entrenchments[${i}]`);
    if (h >= 0) entrenched[h] = 1;
  });
  const minefields: { side: number; hex: Hex; strength: number }[] = [];
  const mineHex = new Uint8Array(width * height);
  for (const [si, s] of data.sides.entries()) {
    for (const [i, m] of s.minefields.entries()) {
      const h = hexAt(m.hex, `sides[${si}].minefields[${i}].hex`);
      if (h >= 0) {
        minefields.push({ side: si, hex: h, strength: m.strength });
        mineHex[h] = 1;
      }
    }
  }
  const wreckHex = new Uint8Array(width * height);
  for (let h = 0; h < width * height; h++) {
    const t = terrainDefs[terrain[h]!]!;
    const town = terrainIds[terrain[h]!] === 'town' || (t.blocksLos && t.viewerBonus > 0);
    if (town || (t.river !== undefined && map0.anySide(h, ROAD))) wreckHex[h] = 1;
  }
  const objectives = data.victory.objectives.map((o, i) => {
    const h = hexAt(o.hex, `victory.objectives[${i}].hex`);
    const ctrl = sideIds.indexOf(o.controlledBy);
    if (ctrl < 0) problems.add(`victory.objectives[${i}].controlledBy`, `unknown side "${o.controlledBy}" (sides: ${sideIds.join(', ')})`);
    return { hex: h, vp: o.vp, initialController: ctrl };
  });
  const sides = data.sides.map((s, si) => ({
    id: s.id,
    name: s.name,
    nation: s.nation,
    initiative: s.initiative,
    initiativeLossEvery: s.initiativeLossEvery,
    armorEfficiency: s.armorEfficiency,
    tankLeaders: s.tankLeaders === 'all' ? -1 : s.tankLeaders,
    offboard: s.offboardArtillery,
    friendlyFirePlus: s.friendlyFirePlus,
    exitHexes: s.exit ? s.exit.hexes.map((l, k) => hexAt(l, `sides[${si}].exit.hexes[${k}]`)) : [],
    exitVpPerStep: s.exit?.vpPerStep ?? 0,
    airPerTurn: s.aircraft?.perTurn ?? 0,
    airFromTurn: s.aircraft?.fromTurn ?? 1,
    airPool: s.aircraft?.pool ?? [],
  })) as unknown as [SideDef, SideDef];
  problems.throwIfAny();

  const scenario: Scenario = {
    file,
    data,
    charts,
    chartsFile,
    counters,
    countersFile,
    map: map0,
    terrain: terrainDefs,
    moveCost2,
    roadCost2,
    climbCost2,
    ROAD,
    units,
    sides,
    unitsOf: [0, 1].map((si) => units.filter((u) => u.side === si).map((u) => u.index)) as unknown as [number[], number[]],
    leadersOf: [0, 1].map((si) => units.filter((u) => u.side === si && u.isLeader).map((u) => u.index)) as unknown as [number[], number[]],
    vehiclesOf: [0, 1].map((si) =>
      units.filter((u) => u.side === si && (u.isAfv || u.type === 'TRUCK')).map((u) => u.index),
    ) as unknown as [number[], number[]],
    firersOf: [0, 1].map((si) => units.filter((u) => u.side === si && !u.isLeader && !u.isTransport).map((u) => u.index)) as unknown as [
      number[],
      number[],
    ],
    turns: data.turns,
    visibility: data.visibility,
    nightTurn: turnMarks(data.nightTurns),
    objectives,
    vpPerStep: data.victory.vpPerStep,
    decisiveMargin: data.victory.decisiveMargin,
    rules: data.rules,
    df: compileTable(charts.directFire, 2, 12),
    bomb: compileTable(charts.bombardment, 2, 12),
    assault: compileTable(charts.assault, 1, 6),
    spot: buildSpotTable(map0, los, terrainDefs, data.visibility, data.rules.hillsLimiting),
    hasHidden,
    hiddenArea,
    leaderDraws,
    hasAir: data.sides.some((s) => s.aircraft !== undefined),
    hasCavalryCharge: [0, 1].some(
      (si) => units.some((u) => u.side === si && u.type === 'CAV') && units.some((u) => u.side === si && u.isCavalryLeader),
    ),
    entrenched,
    wreckHex,
    minefields,
    mineHex,
    parameters: [
      { name: 'turns', description: 'turn limit', value: data.turns, min: 1, max: 60 },
      ...data.sides.map((s) => ({
        name: `initiative.${s.id}`,
        description: `${s.name} initiative rating`,
        value: s.initiative,
        min: 0,
        max: 10,
      })),
      ...data.sides.map((s) => ({
        name: `morale.${s.id}`,
        description: `${s.name} full-strength morale`,
        value: s.morale.full,
        min: 2,
        max: 12,
      })),
      ...data.victory.objectives.map((o) => ({
        name: `objective.${o.hex}`,
        description: `VP for the objective at ${o.hex}`,
        value: o.vp,
        min: 0,
        max: 50,
      })),
      { name: 'decisiveMargin', description: 'VP margin for a decisive victory', value: data.victory.decisiveMargin, min: 0, max: 100 },
    ],
    options,
  };
  map0.warm();
  return scenario;
}

/** 16.6 determinization: hidden units are imagined within this many hexes of their side's visible set-up (design). */
const HIDDEN_AREA_RADIUS = 3;

/** Whether a hex conceals its occupants (limiting terrain, or a hill under the official 8.2 ruling). */
export function isLimitingHex(map: GameMap, terrain: readonly TerrainEntry[], h: Hex, hillsLimiting: boolean): boolean {
  return terrain[map.terrain[h]!]!.limiting || (hillsLimiting && map.elevation[h]! > 0);
}

/**
 * PG3 spotting per (observer hex, target hex) for the static map: see Scenario.spot for the bits.
 */
function buildSpotTable(
  map: GameMap,
  los: PgLos,
  terrain: readonly TerrainEntry[],
  visibility: number,
  hillsLimiting: boolean,
): Uint8Array {
  const grid = map.grid;
  const full = visibility >= 12; // PG3 8.41: no height bonus at night or in reduced visibility.
  return buildSightTable(map.size, (o, x) => {
    const d = grid.distance(o, x);
    if (d <= 1) return 3; // PG3 8.0: same or adjacent hex always spotted.
    // PG3 8.41: +6 hexes per level the viewer stands above the target hex.
    const bonus = full ? 6 * Math.max(0, los.viewerHeight(map, o) - map.elevation[x]!) : 0;
    // A unit under a SPOTTED marker counts as in clear terrain (PG3 8.2, 8.22).
    const exposedRange = visibility + bonus;
    // Every range below is at most exposedRange: a pair beyond it is never spotted, and its line of
    // sight need not be traced (on a large map most pairs are).
    if (d > exposedRange || !map.hasLos(o, x)) return 0;
    const tx = terrain[map.terrain[x]!]!;
    const concealedRange =
      tx.spotRange !== undefined
        ? Math.min(tx.spotRange, visibility)
        : isLimitingHex(map, terrain, x, hillsLimiting)
          ? Math.min(3, visibility)
          : exposedRange;
    let bits = 0;
    if (d <= exposedRange) bits |= 1;
    if (d <= concealedRange) bits |= 2;
    // PG3 16.6: a hidden unit is found at 1/4 of the normal range, at least 1 hex (clear daylight 3, town adjacent).
    if (d <= Math.max(1, Math.floor(exposedRange / 4))) bits |= 4;
    if (d <= Math.max(1, Math.floor(concealedRange / 4))) bits |= 8;
    return bits;
  });
}
