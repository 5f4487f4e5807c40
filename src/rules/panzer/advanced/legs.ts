/**
 * Advanced Game leg and towed units on the ground (5.1, 5.2, 5.5, 6.6.4, 6.6.5): they face a hexside
 * like vehicles but move in any direction with no turn cost, pay the terrain's leg cost, and a towed gun
 * is manhandled one hex a turn. Pure functions of the scenario and a state.
 */
import type { Scenario, VehicleDef } from '../scenario.js';
import { isLeg, TRACK } from '../scenario.js';
import { alive, BU_WRECK, MOVE, NOT_SUPPRESSED, OK, SHORT_HALT, type State, type Step } from '../state.js';
import { quickmarchRange } from './grades.js';

/** 6.6.4.2: the terrains a quickmarch may cross besides Path and Road hexes. */
const QUICKMARCH_TERRAIN = new Set(['clear', 'brush', 'crops']);
const QUICKMARCH_HEXES = new WeakMap<Scenario, Uint8Array>();

/** 6.6.4.2: per hex, whether a quickmarch may enter it: Brush, Clear, Crops, or a hex with a road or path. Fixed by the map. */
function quickmarchHexes(sc: Scenario): Uint8Array {
  let ok = QUICKMARCH_HEXES.get(sc);
  if (ok === undefined) {
    const map = sc.map;
    ok = new Uint8Array(map.terrain.length);
    for (let h = 0; h < ok.length; h++) ok[h] = QUICKMARCH_TERRAIN.has(map.terrainIds[map.terrain[h]!]!) || map.anySide(h, TRACK) ? 1 : 0;
    QUICKMARCH_HEXES.set(sc, ok);
  }
  return ok;
}

/**
 * 6.6.4.2: whether leg unit u may quickmarch now: an unsuppressed, dismounted squad, half-squad or
 * unburdened section with a quickmarch allowance, on MOVE, with grades played (the suppression range is
 * the Unit Grade's, ruling PZ-R77).
 */
export function mayQuickmarch(sc: Scenario, state: State, u: number): boolean {
  const def = sc.units[u]!;
  const x = state.units[u]!;
  return (
    def.quickmarch > 0 && isLeg(def) && x.status === OK && x.sup === NOT_SUPPRESSED && x.cmd === MOVE && quickmarchRange(sc, u) !== null
  );
}

/**
 * 6.6.4.3: whether leg unit u may crawl now: an unsuppressed, dismounted squad, half-squad or section
 * without attached weapons (ruling PZ-R78: the bracket is the sections'), in Full Cover, on MOVE (not SHORT HALT).
 */
export function mayCrawl(sc: Scenario, state: State, u: number): boolean {
  const def = sc.units[u]!;
  const x = state.units[u]!;
  return isLeg(def) && !def.burdened && x.status === OK && x.sup === NOT_SUPPRESSED && x.fc && x.cmd === MOVE;
}

/**
 * 6.6.4.3: where leg unit u may crawl: one adjacent hex it may enter, at its own level, where Full Cover is
 * possible (it keeps it), not holding or next to an enemy unit its side spots; any facing.
 */
export function crawlDestinations(sc: Scenario, state: State, u: number): LegDestination[] {
  const def = sc.units[u]!;
  const unit = state.units[u]!;
  const grid = sc.map.grid;
  const out: LegDestination[] = [];
  for (let d = 0; d < 6; d++) {
    const to = grid.neighbour(unit.hex, d);
    if (to < 0 || sc.map.elevation[to] !== sc.map.elevation[unit.hex] || sc.terrain[sc.map.terrain[to]!]!.noFullCover) continue;
    const cost = legEnterCost(sc, state, def, unit.hex, to);
    if (cost < 0) continue;
    const near = state.units.some((o, i) => alive(o) && o.spotted && sc.units[i]!.side !== def.side && grid.distance(o.hex, to) <= 1);
    if (near) continue;
    for (let f = 0; f < 6; f++) {
      const enter: Step = { kind: 'enter', hex: to, facing: d, spent: cost };
      const steps = f === d ? [enter] : [enter, { kind: 'turn' as const, hex: to, facing: f, spent: cost }];
      out.push({ hex: to, facing: f, cost, road: false, steps });
    }
  }
  return out;
}

/** A leg or towed move's end: hex and facing, with the route that reaches it (the turn to the facing is free). */
export interface LegDestination {
  readonly hex: number;
  readonly facing: number;
  readonly cost: number;
  readonly road: false;
  readonly steps: readonly Step[];
}

/**
 * 6.6.4.1, 6.6.2, 5.12: a leg unit's MF: the cross-country MF, halved by SHORT HALT and again by
 * suppression, rounded down, at least 1. Towed units: one hex (6.6.5).
 */
export function legAllowance(def: VehicleDef, shortHalt: boolean, suppressed: boolean): number {
  let mf = def.mf;
  if (shortHalt) mf /= 2;
  if (suppressed) mf /= 2;
  return Math.max(1, Math.floor(mf));
}

/** 6.6.4.1: most height levels a leg unit may change in one hex (squads and unburdened sections 2); towed 1 (6.6.5). */
function heightLimit(def: VehicleDef): number {
  return isLeg(def) ? 2 : 1;
}

/** 6.6.4.1: MF for a leg or towed unit to enter `to` from `from`: the terrain's leg cost, one per level climbed or descended, +1 for brew-up smoke; -1 when it may not. */
export function legEnterCost(sc: Scenario, state: State, def: VehicleDef, from: number, to: number): number {
  const t = sc.terrain[sc.map.terrain[to]!]!;
  const cost = t.moveLeg;
  if (cost === null || cost === undefined) return -1;
  const climb = Math.abs(sc.map.elevation[to]! - sc.map.elevation[from]!);
  if (climb > heightLimit(def)) return -1;
  return cost + climb + (state.wrecks[to] === BU_WRECK ? 1 : 0);
}

/**
 * Every place a leg or towed unit may end its move (5.5: any direction, any final facing): the cheapest
 * route within its MF (6.6.4.1), one hex always allowed when it may enter it (the 1-hex minimum), a towed
 * gun one hex at most (6.6.5). A unit never enters a hex holding enemy units (close assault is not
 * modelled, ruling PZ-R18); staying put facing elsewhere is a move in place.
 */
export function legDestinations(sc: Scenario, state: State, u: number, quick = false): LegDestination[] {
  const def = sc.units[u]!;
  const unit = state.units[u]!;
  const grid = sc.map.grid;
  const towed = def.kind === 'towed';
  // 6.6.4.2: a quickmarch uses the quickmarch allowance, crosses only open hexes and changes a single height (PZ-R77).
  const mf = quick ? def.quickmarch : legAllowance(def, unit.cmd === SHORT_HALT, unit.sup !== NOT_SUPPRESSED);
  const open = quick ? quickmarchHexes(sc) : null;
  const level = sc.map.elevation[unit.hex]!;
  const enemyIn = (h: number) => state.units.some((o, i) => alive(o) && o.hex === h && sc.units[i]!.side !== def.side);
  const cost = new Map<number, { c: number; from: number; dir: number }>([[unit.hex, { c: 0, from: -1, dir: unit.facing }]]);
  let frontier = [unit.hex];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const h of frontier) {
      const here = cost.get(h)!;
      if (towed && h !== unit.hex) continue;
      for (let d = 0; d < 6; d++) {
        const to = grid.neighbour(h, d);
        if (to < 0 || enemyIn(to)) continue;
        if (open !== null && (open[to] === 0 || Math.abs(sc.map.elevation[to]! - level) > 1)) continue;
        const e = legEnterCost(sc, state, def, h, to);
        if (e < 0) continue;
        // 6.6.4.1: one hex is always allowed; beyond it the MF must last.
        const c = here.c + e;
        if (c > mf && h !== unit.hex) continue;
        const prev = cost.get(to);
        if (prev !== undefined && prev.c <= c) continue;
        cost.set(to, { c, from: h, dir: d });
        next.push(to);
      }
    }
    frontier = next;
  }
  const out: LegDestination[] = [];
  for (const [h, x] of cost) {
    if (quick && h === unit.hex) continue;
    const path: Step[] = [];
    for (let at = h; at !== unit.hex; at = cost.get(at)!.from) {
      const s = cost.get(at)!;
      path.push({ kind: 'enter', hex: at, facing: s.dir, spent: s.c });
    }
    path.reverse();
    for (let f = 0; f < 6; f++) {
      if (h === unit.hex && f === unit.facing) {
        out.push({ hex: h, facing: f, cost: 0, road: false, steps: [] });
        continue;
      }
      const last = path.at(-1);
      const steps = last === undefined || last.facing !== f ? [...path, { kind: 'turn' as const, hex: h, facing: f, spent: x.c }] : path;
      out.push({ hex: h, facing: f, cost: x.c, road: false, steps });
    }
  }
  return out;
}
