/**
 * A Panzer Leader scenario read and checked: the map with its line-of-sight rule, the units placed from
 * the counter manifest (the UFT), the compiled CRT and TEC. Every problem is an InputError naming the
 * file, the place and the problem (exit 2).
 */
import { ProblemList, InputError } from '../../core/errors.js';
import type { ScenarioOptions, ScenarioParameter } from '../../core/system.js';
import { parseWith, readJsonFile } from '../../core/validate.js';
import type { Hex } from '../../hex/grid.js';
import type { GameMap } from '../../hex/map.js';
import { hexAt, readCompactMap } from '../../hex/mapdata.js';
import { moveCostTable } from '../../hex/movement.js';
import { objectiveParameter, ruleSwitchParameter, turnsParameter } from '../../hex/params.js';
import { readScenarioSources } from '../../hex/scenariofile.js';
import { compileTable, type CompiledTable } from '../../hex/tables.js';
import {
  type ChartPack,
  chartPack,
  type CounterEntry,
  type CounterManifest,
  counterManifest,
  CRT_ROLLS,
  MOVE_CLASSES,
  type ScenarioData,
  scenarioSchema,
} from './formats.js';
import { PlLos, SIDE_BROWN, SIDE_NONE, SIDE_ORANGE } from './los.js';

/** Hexside bit of a road (V.D). */
export const ROAD = 1;
/** Movement costs are stored in half points (V.D.1: half a point per road hex). */
export const MP_SCALE = 2;

export interface UnitDef {
  readonly index: number;
  readonly id: string;
  readonly side: number;
  readonly counter: string;
  readonly name: string;
  readonly c: CounterEntry;
  readonly startHex: Hex;
  /** Index of the unit it starts aboard, or -1. */
  readonly startCarrier: number;
  /** Can never spot, control or count for victory (XIV.B.8, VII.L.3). */
  readonly soft: boolean;
  /** XIV.B.3: the turn a reinforcement enters at startHex (0: set up on the map). */
  readonly enters: number;
  /** IX.C.10: sets up inside the fortification of its hex. */
  readonly startsInFort: boolean;
  /** X.B (pre): for an engineer, its equipment carrier; for that carrier, its engineer; else -1. */
  readonly equipment: number;
  /** XI: the turn it lands from its sea hex (startHex), or 0. */
  readonly lands: number;
}

export interface AirDef {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly side: number;
  readonly role: 'fighter-bomber' | 'observation';
  readonly ordnance: 'bombs' | 'rockets';
  readonly mg: { readonly attack: number; readonly weapon: 'A' | 'I' };
  readonly arrives: number;
  /** XII.A.3: the last turn it flies. */
  readonly leaves: number;
}

/** A victory hex (XIV.B.7): worth `vp` to the side controlling it, `heldBy` at the start. */
export interface Objective {
  readonly hex: Hex;
  readonly vp: number;
  readonly heldBy: number;
  readonly control: 'hex' | 'bridge' | 'town';
  /** A town objective: every hex of the town (XIV.B.7.c). */
  readonly town: readonly Hex[];
  /** A bridge objective: the hexes next to it on either side of the stream (XIV.B.7.b). */
  readonly banks: readonly (readonly Hex[])[];
}

export interface Scenario {
  readonly data: ScenarioData;
  readonly charts: ChartPack;
  readonly counters: CounterManifest;
  readonly file: string;
  readonly map: GameMap;
  readonly sides: readonly { readonly id: string; readonly name: string }[];
  readonly units: readonly UnitDef[];
  readonly aircraft: readonly AirDef[];
  readonly crt: CompiledTable;
  /** Cost to enter per terrain and move class, x MP_SCALE, -1 prohibited. */
  readonly moveCost: Int16Array;
  readonly roadCost: number;
  readonly level: readonly number[];
  readonly obstacle: readonly boolean[];
  readonly town: readonly boolean[];
  readonly overrunOk: readonly boolean[];
  readonly drm: readonly number[];
  /** Per terrain: a sea hex (V.A.3) and a beach hex (XI.C). */
  readonly sea: readonly boolean[];
  readonly beach: readonly boolean[];
  /** Per terrain: a stream (VII.K). */
  readonly stream: readonly boolean[];
  /** VII.K.6: the terrain a bridged stream hex counts as (clear), or -1 when the chart pack has no clear terrain. */
  readonly bridgeTerrain: number;
  /** Stream hexes with a bridge at the start: permanent ones and the temporary truck bridges. */
  readonly bridges: readonly Hex[];
  /** X.C.4, A24: those of the bridges that are temporary Truck Bridges. */
  readonly truckBridges: readonly Hex[];
  /** IX.C: fortification hexes at the start, each with the side that set it up. */
  readonly forts: readonly { readonly hex: Hex; readonly side: number }[];
  /** XIV.B.3: per seat, the hexes its units may leave the map from and the VP per unit that leaves, or null. */
  readonly exits: readonly ({ readonly hexes: readonly Hex[]; readonly vp: number } | null)[];
  readonly objectives: readonly Objective[];
  /** XIV.B.7.b-c: the hexes whose last occupier a bridge or town objective's control asks about. */
  readonly controlHexes: readonly Hex[];
  /** Starting minefields: hex and the side that laid them. */
  readonly mines: readonly { readonly hex: Hex; readonly side: number }[];
  readonly blocks: readonly Hex[];
  readonly turns: number;
  readonly rules: ScenarioData['rules'];
  readonly parameters: readonly ScenarioParameter[];
}

const SETTERS = [
  turnsParameter<ScenarioData>(),
  objectiveParameter<ScenarioData & { victory: never }>(),
  ruleSwitchParameter<ScenarioData>(),
];

/** XIV.B.7.c: the town h is part of: the town hexes joined to it, or [] when h is not a town hex. */
function townOf(map: GameMap, terrains: readonly { town: boolean }[], h: Hex): Hex[] {
  if (!terrains[map.terrain[h]!]?.town) return [];
  const out = [h];
  for (let j = 0; j < out.length; j++)
    for (let k = 0; k < 6; k++) {
      const n = map.grid.neighbour(out[j]!, k);
      if (n >= 0 && !out.includes(n) && terrains[map.terrain[n]!]?.town) out.push(n);
    }
  return out;
}

/**
 * XIV.B.7.b: the banks of the stream at bridge hex h: its neighbours that are not stream hexes, in runs
 * around the hex (the stream hexes above and below the bridge part them into two).
 */
function banksOf(map: GameMap, stream: readonly boolean[], h: Hex): Hex[][] {
  const ring = [0, 1, 2, 3, 4, 5].map((k) => map.grid.neighbour(h, k));
  const land = ring.map((n) => n >= 0 && !stream[map.terrain[n]!]);
  const start = land.indexOf(false);
  if (start < 0) return [ring.filter((n) => n >= 0)];
  const banks: Hex[][] = [];
  let run: Hex[] = [];
  for (let j = 1; j <= 6; j++) {
    const k = (start + j) % 6;
    if (land[k]) run.push(ring[k]!);
    else if (run.length > 0) {
      banks.push(run);
      run = [];
    }
  }
  if (run.length > 0) banks.push(run);
  return banks;
}

/** Whether h lies on the edge of the map (XIV.B.3: units enter and leave there). */
function onEdge(grid: GameMap['grid'], h: Hex): boolean {
  for (let k = 0; k < 6; k++) if (grid.neighbour(h, k) < 0) return true;
  return false;
}

/** XI.B.1: whether sea hex h lies next to a beach hex. */
function seaNextToBeach(grid: GameMap['grid'], map: GameMap, terrains: readonly { beach: boolean }[], h: Hex): boolean {
  for (let k = 0; k < 6; k++) {
    const n = grid.neighbour(h, k);
    if (n >= 0 && terrains[map.terrain[n]!]!.beach) return true;
  }
  return false;
}

/**
 * XIV.B.4: the side that sets up last places its units out of the LOS/LOF of enemy units (in sight and
 * within an enemy weapon's range), or unspotted (in woods or town and not next to an enemy unit).
 */
function checkSetUpOutOfSight(
  units: readonly UnitDef[],
  last: number,
  map: GameMap,
  obstacle: readonly boolean[],
  problems: ProblemList,
): void {
  const grid = map.grid;
  for (const u of units) {
    if (u.side !== last || u.startHex < 0 || u.enters > 0 || u.startCarrier >= 0) continue;
    const hidden = obstacle[map.terrain[u.startHex]!]!;
    for (const e of units) {
      if (e.side === last || e.startHex < 0 || e.enters > 0 || e.startCarrier >= 0 || e.soft) continue;
      const dist = grid.distance(e.startHex, u.startHex);
      const range = e.c.rangeAsterisk ? 2 * e.c.range : e.c.range;
      if (hidden ? dist > 1 : dist > range || e.c.attack <= 0 || !map.hasLos(e.startHex, u.startHex)) continue;
      problems.add(
        'sides',
        `${u.id} sets up at ${grid.label(u.startHex)} in sight of ${e.id} at ${grid.label(e.startHex)}; the side that sets up last starts out of the enemy's sight (XIV.B.4)`,
        'bad-value',
      );
      break;
    }
  }
}

function readCharts(file: string): ChartPack {
  return parseWith(chartPack, readJsonFile(file), file);
}
function readCounters(file: string): CounterManifest {
  return parseWith(counterManifest, readJsonFile(file), file);
}

export function loadPlScenario(file: string, options: ScenarioOptions = {}): Scenario {
  const src = readScenarioSources(
    file,
    options,
    { scenario: scenarioSchema, charts: readCharts, counters: readCounters },
    SETTERS as never,
  );
  const data = src.data as ScenarioData;
  const charts = src.charts;
  const counters = src.counters;
  const problems = new ProblemList(file);
  if (data.sides[0].id !== 'allied' || data.sides[1].id !== 'german')
    throw new InputError(
      'the Allied side comes first, the German second (XIII: the Allied player segment opens every turn)',
      file,
      'sides',
      'bad-value',
    );
  const terrainIds = Object.keys(charts.terrain);
  const terrains = terrainIds.map((t) => charts.terrain[t]!);
  const level = terrains.map((t) => t.level);
  const obstacle = terrains.map((t) => t.obstacle);
  const los = new PlLos(level, obstacle);
  const map = readCompactMap(data.map, { terrainIds, los, roadBit: ROAD }, problems);
  // V.A.2: the hexside symbols the scenario draws (ruling PL-R50); the others derive from the levels (PL-R10).
  data.hexsides.forEach((side, i) => {
    const a = hexAt(map.grid, side.between[0], `hexsides[${i}].between[0]`, problems);
    const b = hexAt(map.grid, side.between[1], `hexsides[${i}].between[1]`, problems);
    if (a < 0 || b < 0) return;
    const k = [0, 1, 2, 3, 4, 5].find((x) => map.grid.neighbour(a, x) === b);
    if (k === undefined) {
      problems.add(`hexsides[${i}].between`, `${side.between[1]} is not next to ${side.between[0]}`, 'bad-value');
      return;
    }
    const symbol = side.symbol === 'brown' ? SIDE_BROWN : side.symbol === 'orange' ? SIDE_ORANGE : SIDE_NONE;
    los.drawn.set(a * 6 + k, symbol);
    los.drawn.set(b * 6 + ((k + 3) % 6), symbol);
  });
  const grid = map.grid;
  const units: UnitDef[] = [];
  data.sides.forEach((sd, side) => {
    const first = units.length;
    const expanded: number[] = [];
    sd.units.forEach((p, i) => {
      const place = `sides[${side}].units[${i}]`;
      const c = counters.units[p.counter];
      if (c === undefined) {
        problems.add(`${place}.counter`, `no counter "${p.counter}" in the counter manifest ${src.countersFile}`, 'not-found');
        return;
      }
      if (c.side !== sd.id) problems.add(`${place}.counter`, `"${p.counter}" is a ${c.side} counter, not ${sd.id}`, 'bad-value');
      const h = hexAt(grid, p.hex, `${place}.hex`, problems);
      for (let k = 0; k < p.count; k++) {
        expanded.push(i);
        const n = units.filter((u) => u.side === side && u.counter === p.counter).length + 1;
        units.push({
          index: units.length,
          id: `${sd.id}-${p.counter}-${n}`,
          side,
          counter: p.counter,
          name: c.name,
          c,
          startHex: h,
          startCarrier: -1,
          soft: c.softTransport,
          // XI.B: a unit landing on turn N > 1 waits off the map until it is placed at sea in turn N - 1.
          enters: p.lands !== undefined ? p.lands - 1 : (p.enters ?? 0),
          startsInFort: false,
          equipment: -1,
          lands: p.lands ?? 0,
        });
        if (p.lands !== undefined) {
          if (side !== 0) problems.add(`${place}.lands`, 'only the Allied player lands from the sea (XI)', 'bad-value');
          else if (p.enters !== undefined)
            problems.add(`${place}.lands`, 'a unit lands from the sea or enters from an edge, not both', 'bad-value');
          else if (c.movement === 0 && p.aboard === undefined)
            problems.add(`${place}.lands`, `${c.name} (MA 0) lands aboard its carrier (XI.B.3): give it "aboard"`, 'bad-value');
          else if (h >= 0 && !(terrains[map.terrain[h]!]!.sea && seaNextToBeach(grid, map, terrains, h)))
            problems.add(
              `${place}.hex`,
              `a landing unit is placed on a sea hex next to a beach (XI.B.1); ${p.hex} is not one`,
              'bad-value',
            );
        } else if (h >= 0 && terrains[map.terrain[h]!]!.sea)
          problems.add(`${place}.hex`, `only units landing from the sea ("lands") stand on a sea hex (V.A.3): ${p.hex}`, 'bad-value');
        if (p.enters !== undefined && h >= 0 && !onEdge(grid, h))
          problems.add(`${place}.hex`, `a reinforcement enters from the map edge; ${p.hex} is not an edge hex (XIV.B.3)`, 'bad-value');
      }
    });
    // Carriers: `aboard` counts this side's units in placement order, after counts are expanded.
    let k = first;
    sd.units.forEach((p, i) => {
      for (let j = 0; j < p.count && k < units.length; j++, k++) {
        if (p.aboard === undefined) continue;
        const place = `sides[${side}].units[${i}].aboard`;
        const carrier = units[first + p.aboard];
        const u = units[k]!;
        if (carrier === undefined || carrier.side !== side) {
          problems.add(place, `no unit ${p.aboard} of this side to be aboard`, 'bad-value');
          continue;
        }
        if (carrier.c.carrier === 'none' || (carrier.c.carrier === 'infantry' && !u.c.infantry) || u.c.passenger === 'none')
          problems.add(place, `${u.name} cannot ride on ${carrier.name} (UFT CARRIER/PASS, V.C.1, V.C.6)`, 'bad-value');
        else if (carrier.startHex !== u.startHex) problems.add(place, `${u.name} is not in the hex of ${carrier.name}`, 'bad-value');
        else if (carrier.enters !== u.enters) problems.add(place, `${u.name} does not enter on the turn ${carrier.name} does`, 'bad-value');
        else (units[k] as { startCarrier: number }).startCarrier = carrier.index;
      }
    });
  });
  // XI.B.2: one Allied unit a sea hex (a carrier with its passenger is one).
  const atSea = new Map<string, string>();
  for (const u of units) {
    if (u.lands === 0 || u.startCarrier >= 0 || u.startHex < 0) continue;
    const key = `${u.lands}:${u.startHex}`;
    const other = atSea.get(key);
    if (other !== undefined)
      problems.add(
        'sides[0].units',
        `${u.id} and ${other} are placed on the same sea hex ${grid.label(u.startHex)} (XI.B.2: one a hex)`,
        'bad-value',
      );
    atSea.set(key, u.id);
  }
  // X.B (pre): each engineer platoon's equipment carrier, designated before the game.
  data.sides.forEach((sd, side) => {
    const first = units.findIndex((u) => u.side === side);
    let k = first;
    sd.units.forEach((p, i) => {
      for (let j = 0; j < p.count && k < units.length; j++, k++) {
        if (p.equipmentFor === undefined) continue;
        const place = `sides[${side}].units[${i}].equipmentFor`;
        const engineer = units[first + p.equipmentFor];
        const carrier = units[k]!;
        if (engineer === undefined || engineer.side !== side || !engineer.c.engineer)
          problems.add(place, `no engineer unit ${p.equipmentFor} of this side for ${carrier.name} to carry the equipment of`, 'bad-value');
        else if (carrier.c.carrier === 'none' || !carrier.c.vehicular)
          problems.add(
            place,
            `${carrier.name} is not a carrier: an engineer's equipment goes in a truck, halftrack or other carrier (X.B)`,
            'bad-value',
          );
        else if (engineer.equipment >= 0)
          problems.add(place, `${engineer.id} already has an equipment carrier (X.B: one per platoon)`, 'bad-value');
        else {
          (engineer as { equipment: number }).equipment = carrier.index;
          (carrier as { equipment: number }).equipment = engineer.index;
          const rider = units.find((u) => u.startCarrier === carrier.index);
          if (rider !== undefined && rider !== engineer)
            problems.add(
              place,
              `${carrier.name} carries ${rider.name}; an equipment carrier transports only its engineer (X.B)`,
              'bad-value',
            );
        }
      }
    });
  });
  // IX.C: fortifications, one a hex (IX.C.13), not on a stream (IX.C.1), a minefield or a block (IX.C.15).
  const forts: { hex: Hex; side: number }[] = [];
  data.sides.forEach((sd, side) => {
    sd.forts.forEach((l, i) => {
      const place = `sides[${side}].forts[${i}]`;
      const h = hexAt(grid, l, place, problems);
      if (h < 0) return;
      const t = terrains[map.terrain[h]!]!;
      if (t.stream || t.sea || t.beach) problems.add(place, `no fortification on a stream, sea or beach hex (IX.C.1): ${l}`, 'bad-value');
      if (forts.some((f) => f.hex === h)) problems.add(place, `a second fortification in ${l}: one a hex (IX.C.13)`, 'bad-value');
      if (data.sides.some((x) => x.mines.includes(l) || x.blocks.includes(l)))
        problems.add(place, `a fortification on a minefield or block in ${l} (IX.C.15)`, 'bad-value');
      forts.push({ hex: h, side });
    });
  });
  // IX.C.10-11: up to four units of the fort's side set up inside it; the fort with them counts one for the rest.
  for (const f of forts) {
    const inside = units.filter((u) => u.side === f.side && u.startHex === f.hex && u.startCarrier < 0 && u.enters === 0).slice(0, 4);
    for (const u of inside) (u as { startsInFort: boolean }).startsInFort = true;
  }
  // VI: at most 4 units per hex (a carrier with its passenger is one; a fort with its occupants is one, IX.C.11).
  const stack = new Map<Hex, number>();
  for (const u of units)
    if (u.startHex >= 0 && u.startCarrier < 0 && u.enters === 0 && !u.startsInFort) stack.set(u.startHex, (stack.get(u.startHex) ?? 0) + 1);
  for (const f of forts) stack.set(f.hex, (stack.get(f.hex) ?? 0) + 1);
  for (const [h, n] of stack)
    if (n > 4)
      problems.add(
        'sides',
        `${n} units set up in hex ${grid.label(h)}: at most 4 (VI.A${forts.some((f) => f.hex === h) ? '; a fort with the units inside it counts one, IX.C.11' : ''})`,
        'bad-value',
      );
  const seatOf = (id: string): number => (id === 'allied' ? 0 : 1);
  const mines: { hex: Hex; side: number }[] = [];
  const blocks: Hex[] = [];
  data.sides.forEach((sd, side) => {
    sd.mines.forEach((l, i) => {
      const h = hexAt(grid, l, `sides[${side}].mines[${i}]`, problems);
      if (h >= 0 && terrains[map.terrain[h]!]!.town)
        problems.add(`sides[${side}].mines[${i}]`, 'no minefield in a town hex (IX.A.5)', 'bad-value');
      // IX.A.1.a: one minefield a hex, none at sea (nor on a bridge: checked below).
      if (h >= 0 && terrains[map.terrain[h]!]!.sea)
        problems.add(`sides[${side}].mines[${i}]`, 'no minefield on a sea hex (IX.A.1.a)', 'bad-value');
      if (h >= 0 && mines.some((m) => m.hex === h))
        problems.add(`sides[${side}].mines[${i}]`, `a second minefield in ${l} (IX.A.1.a: one a hex)`, 'bad-value');
      if (h >= 0) mines.push({ hex: h, side });
    });
    sd.blocks.forEach((l, i) => {
      const h = hexAt(grid, l, `sides[${side}].blocks[${i}]`, problems);
      // IX.B.1: one block a hex, none at sea.
      if (h >= 0 && terrains[map.terrain[h]!]!.sea)
        problems.add(`sides[${side}].blocks[${i}]`, 'no block on a sea hex (IX.B.1)', 'bad-value');
      if (h >= 0 && blocks.includes(h))
        problems.add(`sides[${side}].blocks[${i}]`, `a second block in ${l} (IX.B.1: one a hex)`, 'bad-value');
      if (h >= 0) blocks.push(h);
    });
  });
  const stream = terrains.map((t) => t.stream);
  const bridgeTerrain = terrainIds.indexOf('clear');
  const bridges = data.bridges.map((l, i) => {
    const h = hexAt(grid, l, `bridges[${i}]`, problems);
    if (h >= 0 && !stream[map.terrain[h]!])
      problems.add(`bridges[${i}]`, `${l} is not a stream hex (VII.K.6: bridges cross streams)`, 'bad-value');
    return h;
  });
  const truckBridges = data.truckBridges.map((l, i) => {
    const h = hexAt(grid, l, `truckBridges[${i}]`, problems);
    if (h >= 0 && !stream[map.terrain[h]!])
      problems.add(`truckBridges[${i}]`, `${l} is not a stream hex (X.C.4: a truck bridge crosses a stream)`, 'bad-value');
    if (h >= 0 && bridges.includes(h)) problems.add(`truckBridges[${i}]`, `${l} already has a permanent bridge`, 'bad-value');
    return h;
  });
  const objectives: Objective[] = data.victory.objectives.map((o, i) => {
    const h = hexAt(grid, o.hex, `victory.objectives[${i}].hex`, problems);
    const place = `victory.objectives[${i}].control`;
    let town: Hex[] = [];
    let banks: Hex[][] = [];
    if (h >= 0 && o.control === 'town') {
      town = townOf(map, terrains, h);
      if (town.length === 0) problems.add(place, `${o.hex} is not a town hex (XIV.B.7.c)`, 'bad-value');
    }
    if (h >= 0 && o.control === 'bridge') {
      banks = banksOf(map, stream, h);
      if (!stream[map.terrain[h]!] || ![...bridges, ...truckBridges].includes(h))
        problems.add(place, `${o.hex} is not a bridged stream hex (XIV.B.7.b)`, 'bad-value');
      else if (banks.length !== 2)
        problems.add(place, `the stream at ${o.hex} does not part its neighbours into two banks (XIV.B.7.b)`, 'bad-value');
    }
    return { hex: h, vp: o.vp, heldBy: seatOf(o.heldBy), control: o.control, town, banks };
  });
  const controlHexes: Hex[] = [];
  for (const o of objectives)
    for (const h of o.control === 'town' ? o.town : o.control === 'bridge' ? [o.hex, ...o.banks.flat()] : [])
      if (!controlHexes.includes(h)) controlHexes.push(h);
  for (const m of mines)
    if (bridges.includes(m.hex) || truckBridges.includes(m.hex))
      problems.add('sides', `no minefield on the bridge at ${grid.label(m.hex)} (IX.A.1.a)`, 'bad-value');
  if ((bridges.length > 0 || truckBridges.length > 0) && bridgeTerrain < 0)
    problems.add('bridges', `the chart pack ${src.chartsFile} has no "clear" terrain for bridged hexes (VII.K.6)`, 'not-found');
  const exits = data.sides.map((sd, side) =>
    sd.exit === undefined
      ? null
      : {
          vp: sd.exit.vp,
          hexes: sd.exit.hexes.map((l, i) => {
            const h = hexAt(grid, l, `sides[${side}].exit.hexes[${i}]`, problems);
            if (h >= 0 && !onEdge(grid, h))
              problems.add(
                `sides[${side}].exit.hexes[${i}]`,
                `units leave the map from an edge hex; ${l} is not one (XIV.B.3)`,
                'bad-value',
              );
            return h;
          }),
        },
  );
  if (data.setsUpLast !== undefined) checkSetUpOutOfSight(units, seatOf(data.setsUpLast), map, obstacle, problems);
  const aircraft: AirDef[] = [];
  data.sides.forEach((sd, side) => {
    for (const a of sd.aircraft) {
      if (side !== 0) problems.add(`sides[${side}].aircraft`, 'only the Allied player has an air phase (XIII.B)', 'bad-value');
      aircraft.push({
        index: aircraft.length,
        id: a.id,
        name: a.name,
        side,
        role: a.role,
        ordnance: a.ordnance,
        mg: a.mg,
        arrives: a.arrives,
        leaves: a.leaves ?? data.turns,
      });
      if (a.leaves !== undefined && a.leaves < a.arrives)
        problems.add(`sides[${side}].aircraft`, `${a.id} leaves (turn ${a.leaves}) before it arrives (turn ${a.arrives})`, 'bad-value');
    }
  });
  // PL-R60: the die only swaps who opens the turn; sea landings (XI.B) and the air phase (XIII.B) are timed by the Allied-first order.
  if (data.rules.firstPlayerByDie && (aircraft.length > 0 || units.some((u) => u.lands > 0)))
    problems.add(
      'rules.firstPlayerByDie',
      'a set-up die for the first player needs a scenario with no aircraft and no landing from the sea',
      'bad-value',
    );
  problems.throwIfAny();
  const moveCost = moveCostTable(terrains, MOVE_CLASSES, (t, c) => t.move[c], MP_SCALE);
  const crt = compileTable(charts.crt, CRT_ROLLS[0], CRT_ROLLS[CRT_ROLLS.length - 1]!);
  return {
    data,
    charts,
    counters,
    file,
    map,
    sides: data.sides.map((s) => ({ id: s.id, name: s.name })),
    units,
    aircraft,
    crt,
    moveCost,
    roadCost: charts.roadCost.value * MP_SCALE,
    level,
    obstacle,
    town: terrains.map((t) => t.town),
    sea: terrains.map((t) => t.sea),
    beach: terrains.map((t) => t.beach),
    overrunOk: terrains.map((t) => t.overrun),
    drm: terrains.map((t) => t.drm),
    stream,
    bridgeTerrain,
    bridges: [...bridges, ...truckBridges],
    truckBridges,
    forts,
    exits,
    objectives,
    controlHexes,
    mines,
    blocks,
    turns: data.turns,
    rules: data.rules,
    parameters: [
      { name: 'turns', description: 'game length in turns', value: data.turns, min: 1, max: 40 },
      ...data.victory.objectives.map((o) => ({
        name: `objective.${o.hex}`,
        description: `VP of the objective at ${o.hex}`,
        value: o.vp,
        min: 0,
        max: 20,
      })),
    ],
  };
}
