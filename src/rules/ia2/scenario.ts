/**
 * Loading an IA2 scenario: the file, its chart pack and counter manifest validated, then cross-checked
 * (terrain ids, counters, hexes, stacking, artillery plans against 9.13), into the Scenario the game plays.
 */
import { ProblemList } from '../../core/errors.js';
import type { ScenarioOptions, ScenarioParameter } from '../../core/system.js';
import type { Hex } from '../../hex/grid.js';
import type { GameMap } from '../../hex/map.js';
import { hexAt, readCompactMap } from '../../hex/mapdata.js';
import {
  objectiveParameter,
  type ParameterSetter,
  ruleSwitchParameter,
  sideParameter,
  turnsParameter,
  victoryParameters,
} from '../../hex/params.js';
import { readScenarioSources } from '../../hex/scenariofile.js';
import { type CompiledTable, compileTable } from '../../hex/tables.js';
import type { FireValues } from '../pg/values.js';
import {
  type ChartPack,
  type CounterManifest,
  type LeaderFace,
  readChartPack,
  readCounterManifest,
  type ScenarioFile,
  scenarioFile,
  type TerrainEntry,
  type UnitType,
} from './formats.js';
import { type BoardExit, OFF_BOARD, type Reinforcement, readExits, readReinforcements } from './entry.js';
import { readDaylight } from './daylight.js';
import { readHiddenArea } from './hidden.js';
import { buildPlanLibrary, type NamedPlan, type PlanCandidate, SMOKE, SMOKE_PREFIX, vertexKey } from './plans.js';
import { buildRivers, type RiverMap } from './rivers.js';
import { Ia2Los } from './sight.js';

export { vertexHexes, vertexKey } from './plans.js';

/** Hexside bit of a road. */
export const ROAD = 1;

export type PieceType = UnitType | 'LEADER';

/** One piece of the scenario: a combat unit or a leader. */
export interface UnitDef {
  readonly index: number;
  readonly id: string;
  readonly side: number;
  readonly counter: string;
  readonly name: string;
  readonly type: PieceType;
  readonly leader: boolean;
  /** Every personnel unit but a machine gun (1.2). */
  readonly company: boolean;
  /** A transport (wagon, 5.6): a unit but not a combat unit (1.2). */
  readonly transport: boolean;
  /** Horse artillery (6.11): a field gun, MG or wagon that counts as cavalry for leaders. */
  readonly horseArtillery: boolean;
  /** The wagon it starts loaded on (5.6): its index + 1, else 0. */
  readonly startCarrier: number;
  readonly steps: number;
  /** Fire values per side of the counter: [full, reduced]; cavalry's dismounted piece in `dismounted`. */
  readonly values: readonly FireValues[];
  readonly dismounted: readonly FireValues[];
  readonly limberedMovement: number;
  readonly faces: readonly LeaderFace[];
  readonly startHex: Hex;
  readonly startReduced: boolean;
  readonly startMounted: boolean;
  readonly startLimbered: boolean;
  readonly startDugIn: boolean;
  /** Leader face fixed by the scenario, or -1: flipped for at set-up (6.2). */
  readonly startFace: number;
  /** Sets up hidden (15.5). */
  readonly startHidden: boolean;
  /** Index in Scenario.reinforcements of the group it enters with (15.41), -1 for a piece set up on the map. */
  readonly entryGroup: number;
}

export interface Increment {
  readonly side: number;
  readonly id: string;
  readonly strength: number;
  /** The scenario's plan (the default a side is offered, 9.1): vertex key per turn (index turn - 1), -1 for No Fire. */
  readonly plan: readonly number[];
  /** 9.2: the fire group of each turn's entry (0 when unmarked); increments at one vertex fire together per group. */
  readonly groups: readonly number[];
}

export interface Objective {
  readonly hex: Hex;
  readonly vp: number;
  readonly controlledBy: number;
}

export interface SideDef {
  readonly id: string;
  readonly name: string;
  readonly nation: string;
  readonly initiative: number;
  readonly lossesPerInitiative: number;
  readonly moraleFull: number;
  readonly moraleReduced: number;
}

export interface Scenario {
  readonly data: ScenarioFile;
  readonly charts: ChartPack;
  readonly counters: CounterManifest;
  readonly map: GameMap;
  /** The map's line-of-sight rule, for smoke laid over it (sight.ts seesThroughSmoke). */
  readonly los: Ia2Los;
  /** Per seat, whether its artillery may fire Smoke (15.1, 15.14). */
  readonly smokeAllowed: readonly boolean[];
  readonly terrain: readonly TerrainEntry[];
  readonly sides: readonly SideDef[];
  readonly units: readonly UnitDef[];
  readonly increments: readonly Increment[];
  /** The plans each side may write before play (9.1): the scenario's first, the default (plans.ts). */
  readonly planLibrary: readonly (readonly PlanCandidate[])[];
  readonly objectives: readonly Objective[];
  readonly entrenchments: ReadonlySet<Hex>;
  /** Rivers, fords and bridges (5.3, 5.8). */
  readonly rivers: RiverMap;
  /** Groups entering the board during play (15.41) and, per seat, where its units may leave it (15.42). */
  readonly reinforcements: readonly Reinforcement[];
  readonly exits: readonly (BoardExit | null)[];
  /** Per seat, the hexes its hidden units may be in (15.5, hidden.ts). */
  readonly hiddenArea: readonly (readonly Hex[])[];
  readonly nightTurns: ReadonlySet<number>;
  /** Turns whose spotting range the dawn/dusk schedule sets (7.11): 2, 4 or 8 hexes. */
  readonly twilightRange: ReadonlyMap<number, number>;
  readonly turns: number;
  readonly df: CompiledTable;
  readonly bomb: CompiledTable;
  readonly assault: CompiledTable;
  /** Highest rank among each side's leaders at set-up (6.73 decapitation). */
  readonly topRank: readonly number[];
  readonly parameters: readonly ScenarioParameter[];
  readonly files: { readonly charts: string; readonly counters: string };
}

const SETTERS: readonly ParameterSetter<ScenarioFile>[] = [
  turnsParameter(),
  ...victoryParameters(),
  objectiveParameter(),
  sideParameter('initiative', (side, v) => {
    side.initiative = v.number();
  }),
  sideParameter('morale', (side, v) => {
    const m = v.number();
    side.morale = { full: m, reduced: Math.max(2, m - 1) };
  }),
  ruleSwitchParameter(),
];

function fireValues(side: { directFire?: { strength: number; range: number } | undefined; movement: number }): FireValues {
  return {
    df: side.directFire?.strength ?? 0,
    dfRange: side.directFire?.range ?? 0,
    bomb: 0,
    bombRange: 0,
    at: -1,
    atRange: 0,
    ma: side.movement,
  };
}

export function loadIa2Scenario(file: string, options: ScenarioOptions = {}): Scenario {
  const src = readScenarioSources(file, options, { scenario: scenarioFile, charts: readChartPack, counters: readCounterManifest }, SETTERS);
  const { data, charts, counters } = src;
  const problems = new ProblemList(file);
  const terrainIds = Object.keys(charts.terrain);
  const terrain = terrainIds.map((t) => charts.terrain[t]!);
  const los = new Ia2Los(terrain.map((t) => ({ obstacleHeight: t.obstacleHeight, blocksLos: t.blocksLos, viewerBonus: t.viewerBonus })));
  const map = readCompactMap(data.map, { terrainIds, los, roadBit: ROAD, place: 'map' }, problems);
  const grid = map.grid;
  const hexOf = (label: string, place: string): Hex => hexAt(grid, label, place, problems);
  const sideIndex = (id: string, place: string): number => {
    const k = data.sides.findIndex((s) => s.id === id);
    if (k < 0) problems.add(place, `unknown side "${id}" (sides: ${data.sides.map((s) => s.id).join(', ')})`, 'bad-value');
    return k;
  };
  if (data.sides[0]!.id === data.sides[1]!.id) problems.add('sides[1].id', 'the two sides need different ids', 'bad-value');

  const units: UnitDef[] = [];
  // The pieces set up on the map, both sides, then those entering during play (15.41), waiting OFF_BOARD.
  const setUp = data.sides.flatMap((side, s) =>
    side.units.map((p, i) => ({ side, s, p, place: `sides[${s}].units[${i}]`, entryGroup: -1 })),
  );
  const entering = readReinforcements(data, grid, hexOf, problems);
  [setUp, entering.placements].forEach((placements) => {
    placements.forEach(({ side, s, p, place, entryGroup }) => {
      const h = entryGroup >= 0 ? OFF_BOARD : hexOf(p.hex, `${place}.hex`);
      const uc = counters.units[p.counter];
      const lc = counters.leaders[p.counter];
      if (!uc && !lc) {
        problems.add(
          `${place}.counter`,
          `unknown counter "${p.counter}" (the manifest has units ${Object.keys(counters.units).join(', ')} and leaders ${Object.keys(counters.leaders).join(', ')})`,
          'not-found',
        );
        return;
      }
      if (h < 0 && h !== OFF_BOARD) return;
      if (lc && p.face !== undefined && p.face >= lc.faces.length)
        problems.add(`${place}.face`, `the leader counter "${p.counter}" has ${lc.faces.length} face(s)`, 'bad-value');
      for (let k = 0; k < p.count; k++) {
        const index = units.length;
        const base = {
          index,
          id: `${side.id}-${index}`,
          side: s,
          counter: p.counter,
          startHex: h,
          startReduced: p.reduced,
          startDugIn: p.dugIn,
          horseArtillery: p.horseArtillery,
          startHidden: p.hidden && data.rules.hiddenUnits,
          entryGroup,
        };
        if (p.horseArtillery && !(uc && (uc.type === 'GUN' || uc.type === 'MG' || uc.type === 'WAGON')))
          problems.add(`${place}.horseArtillery`, 'only field guns, MGs and wagons may be horse artillery (6.11)', 'bad-value');
        let startCarrier = 0;
        if (p.loaded) {
          const wagon = units.find(
            (w) => w.side === s && w.transport && w.startHex === h && !units.some((o) => o.startCarrier === w.index + 1),
          );
          if (!(uc && (uc.type === 'MG' || uc.type === 'GUN')))
            problems.add(`${place}.loaded`, 'only MGs and field guns are loaded on transports (5.6)', 'bad-value');
          else if (!wagon) problems.add(`${place}.loaded`, `no empty wagon of the side is placed in ${p.hex} before it (5.6)`, 'bad-value');
          else startCarrier = wagon.index + 1;
        }
        if (uc) {
          if (p.reduced && uc.steps < 2) problems.add(`${place}.reduced`, `"${p.counter}" has one step and no reduced side`, 'bad-value');
          if (uc.steps === 2 && !uc.reduced)
            problems.add(`${place}.counter`, `"${p.counter}" has two steps but no reduced side`, 'bad-value');
          if (uc.type === 'CAV' && !uc.dismounted)
            problems.add(`${place}.counter`, `cavalry "${p.counter}" needs its dismounted piece (14.1)`, 'bad-value');
          const full = fireValues(uc.full);
          units.push({
            ...base,
            name: uc.name,
            type: uc.type,
            leader: false,
            company: uc.type === 'INF' || uc.type === 'CAV',
            transport: uc.type === 'WAGON',
            startCarrier,
            steps: uc.steps,
            values: [full, uc.reduced ? fireValues(uc.reduced) : full],
            dismounted: uc.dismounted
              ? [fireValues(uc.dismounted.full), fireValues(uc.dismounted.reduced ?? uc.dismounted.full)]
              : [full, full],
            limberedMovement: uc.limberedMovement ?? uc.full.movement,
            faces: [],
            startMounted: uc.type === 'CAV' && p.mounted,
            startLimbered: (uc.type === 'MG' || uc.type === 'GUN') && (p.limbered || p.loaded),
            startFace: -1,
          });
        } else if (lc) {
          const none = fireValues({ movement: 0 });
          units.push({
            ...base,
            name: lc.faces[p.face ?? 0]!.name,
            type: 'LEADER',
            leader: true,
            company: false,
            transport: false,
            startCarrier: 0,
            steps: 1,
            values: [none, none],
            dismounted: [none, none],
            limberedMovement: 0,
            faces: lc.faces,
            startMounted: false,
            startLimbered: false,
            startFace: p.face ?? (lc.faces.length === 1 ? 0 : -1),
          });
        }
      }
    });
  });

  // Stacking at set-up (4.1): three combat units, at most two companies, and three transports (a loaded weapon counting as part of its wagon), per side per hex.
  const seen = new Set<string>();
  for (const u of units) {
    if (u.leader || u.entryGroup >= 0) continue;
    const key = `${u.side}:${u.startHex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const wagons = units.filter((v) => v.transport && v.side === u.side && v.startHex === u.startHex);
    if (wagons.length > 3)
      problems.add(`sides[${u.side}].units`, `hex ${grid.label(u.startHex)} holds ${wagons.length} transports: 4.1 allows 3`, 'bad-value');
    const here = units.filter((v) => !v.leader && !v.transport && v.startCarrier === 0 && v.side === u.side && v.startHex === u.startHex);
    if (here.length > 3 || here.filter((v) => v.company).length > 2)
      problems.add(
        `sides[${u.side}].units`,
        `hex ${grid.label(u.startHex)} holds ${here.length} combat units (${here.filter((v) => v.company).length} companies): 4.1 allows 3, at most 2 companies`,
        'bad-value',
      );
  }

  const size = grid.size;
  /** One increment's line of a plan (9.1): a vertex (9.11) or No Fire per turn, shifts checked against 9.13. */
  const planLine = (entries: readonly string[], place: string, side: number): number[] => {
    if (entries.length !== data.turns)
      problems.add(place, `has ${entries.length} entries but the scenario has ${data.turns} turns (9.1: one per turn)`, 'bad-value');
    let last: Hex[] | null = null;
    return entries.map((written, t) => {
      const smoke = written.startsWith(SMOKE_PREFIX);
      const entry = (smoke ? written.slice(SMOKE_PREFIX.length) : written).split('/')[0]!;
      if (smoke && !data.sides[side]!.smokeAllowed)
        problems.add(
          `${place}[${t}]`,
          `"${written}": the scenario does not allow ${data.sides[side]!.id} to fire Smoke (15.14: set sides[${side}].smokeAllowed)`,
          'bad-value',
        );
      if (entry === 'none') {
        last = null;
        return -1;
      }
      const hexes = entry.split('-').map((l) => hexOf(l, `${place}[${t}]`));
      if (hexes.some((h) => h < 0)) return -1;
      const [a, b, c] = hexes as [Hex, Hex, Hex];
      if (grid.distance(a, b) !== 1 || grid.distance(b, c) !== 1 || grid.distance(a, c) !== 1) {
        problems.add(`${place}[${t}]`, `${entry} is not a vertex: its three hexes must touch each other (9.11)`, 'bad-value');
        return -1;
      }
      // 9.13 holds for Smoke as for Fire (digest 8: only No Fire frees the next vertex).
      const prev: Hex[] | null = last;
      if (prev !== null && !hexes.some((h) => prev.includes(h)))
        problems.add(
          `${place}[${t}]`,
          `${entry} shares no hex with the vertex of turn ${t} (9.13: shift to a vertex sharing a hex, or plan "none" first)`,
          'bad-value',
        );
      last = hexes;
      return vertexKey(size, hexes);
    });
  };
  const increments: Increment[] = [];
  data.sides.forEach((side, s) => {
    side.artillery.forEach((inc, i) => {
      const plan = planLine(inc.plan, `sides[${s}].artillery[${i}].plan`, s);
      increments.push({ side: s, id: inc.id, strength: inc.strength, plan, groups: fireGroups(inc.plan) });
    });
  });
  const named: NamedPlan[] = [];
  data.sides.forEach((side, s) => {
    side.plans.forEach((p, j) => {
      const place = `sides[${s}].plans[${j}]`;
      if (side.plans.findIndex((q) => q.name === p.name) !== j)
        problems.add(`${place}.name`, `the side has two plans named "${p.name}"`, 'bad-value');
      for (const id of Object.keys(p.fire))
        if (!side.artillery.some((inc) => inc.id === id))
          problems.add(
            `${place}.fire`,
            `names increment "${id}", which the side does not have (its increments: ${side.artillery.map((inc) => inc.id).join(', ') || 'none'})`,
            'not-found',
          );
      const fire = increments.map((inc) => {
        if (inc.side !== s) return [];
        const entries = p.fire[inc.id];
        return entries === undefined ? new Array<number>(data.turns).fill(-1) : planLine(entries, `${place}.fire["${inc.id}"]`, s);
      });
      const groups = increments.map((inc) => (inc.side !== s ? [] : fireGroups(p.fire[inc.id] ?? [])));
      named.push({ side: s, name: p.name, description: p.description, fire, groups });
    });
  });

  const objectives: Objective[] = data.victory.objectives.map((o, i) => ({
    hex: hexOf(o.hex, `victory.objectives[${i}].hex`),
    vp: o.vp,
    controlledBy: sideIndex(o.controlledBy, `victory.objectives[${i}].controlledBy`),
  }));
  const entrenchments = new Set(data.map.entrenchments.map((l, i) => hexOf(l, `map.entrenchments[${i}]`)));
  const rivers = buildRivers(data, map, terrain, ROAD, problems);
  data.nightTurns.forEach((t, i) => {
    if (t > data.turns) problems.add(`nightTurns[${i}]`, `turn ${t} is after the last turn (${data.turns})`, 'bad-value');
  });
  const daylight = readDaylight(data, problems);
  const exits = readExits(data, grid, hexOf, problems);
  const hiddenArea = readHiddenArea(data, grid, units, entering.groups, hexOf, problems);
  problems.throwIfAny();

  const topRank = [0, 1].map((s) =>
    Math.max(0, ...units.filter((u) => u.side === s && u.leader).map((u) => Math.max(...u.faces.map((f) => f.rank)))),
  );
  const parameters: ScenarioParameter[] = [
    { name: 'turns', description: 'turn limit', value: data.turns, min: 1, max: 60 },
    ...data.sides.map((s) => ({
      name: `initiative.${s.id}`,
      description: `${s.name} initiative rating (3.0A)`,
      value: s.initiative,
      min: 0,
      max: 10,
    })),
    ...data.sides.map((s) => ({
      name: `morale.${s.id}`,
      description: `${s.name} unit morale (13.0)`,
      value: s.morale.full,
      min: 2,
      max: 12,
    })),
  ];
  const base = {
    data,
    charts,
    counters,
    map,
    los,
    smokeAllowed: data.sides.map((side) => side.smokeAllowed),
    terrain,
    sides: data.sides.map((s) => ({
      id: s.id,
      name: s.name,
      nation: s.nation,
      initiative: s.initiative,
      lossesPerInitiative: s.lossesPerInitiative,
      moraleFull: s.morale.full,
      moraleReduced: s.morale.reduced,
    })),
    units,
    increments,
    objectives,
    entrenchments,
    rivers,
    reinforcements: entering.groups,
    exits,
    hiddenArea,
    nightTurns: daylight.nightTurns,
    twilightRange: daylight.ranges,
    turns: data.turns,
    df: compileTable(charts.directFire, 2, 12),
    bomb: compileTable(charts.bombardment, 2, 12),
    assault: compileTable(charts.assault, 2, 12),
    topRank,
    parameters,
    files: { charts: src.chartsFile, counters: src.countersFile },
  };
  // Plans are made from public positions only: hidden pieces' are secret (15.5), so the library (public) must not depend on them.
  return { ...base, planLibrary: buildPlanLibrary({ ...base, units: units.filter((u) => !u.startHidden) }, named) };
}

/**
 * 9.2: the fire group written after an entry ("0503-0603-0504/2" is group 2; unmarked entries are group 0);
 * a Smoke entry ("smoke 0503-0603-0504") is marked SMOKE instead (15.11: it makes no attack).
 */
function fireGroups(entries: readonly string[]): number[] {
  return entries.map((e) => (e.startsWith(SMOKE_PREFIX) ? SMOKE : Number(e.split('/')[1] ?? 0)));
}
