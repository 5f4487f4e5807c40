/**
 * Shared fixtures for the PG3 rule tests: small scenarios written to a temp dir (referencing the
 * shipped chart pack and counters by absolute path), scripted dice, and drafts for setting up positions.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { Draft } from '../../../src/rules/pg3/draft.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { loadPg3Scenario, type Scenario } from '../../../src/rules/pg3/scenario.js';
import { F_DECL_FIRE, F_DECL_MOVE, F_IN_ACT, F_LEADER_ACT, MP, Phase, type State } from '../../../src/rules/pg3/state.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCENARIOS = join(ROOT, 'scenarios/pg3');
export const CHARTS = join(SCENARIOS, 'charts/reference.json');
export const COUNTERS = join(SCENARIOS, 'counters/reference.json');

export const tmp = mkdtempSync(join(tmpdir(), 'tacsim-pg3-test-'));
let fileNo = 0;

/** Writes `data` (object or raw text) to a fresh temp file and returns its path. */
export function writeTemp(data: unknown, name = 'scenario'): string {
  const file = join(tmp, `${name}-${++fileNo}.json`);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 1));
  return file;
}

export interface Placement {
  counter: string;
  hex: string;
  count?: number;
  reduced?: boolean;
  dugIn?: boolean;
  tankLeader?: boolean;
}
export interface SideSpec {
  id?: string;
  nation?: string;
  initiative?: number;
  morale?: { full: number; reduced: number };
  armorEfficiency?: boolean;
  tankLeaders?: 'all' | number;
  offboardArtillery?: number[];
  friendlyFirePlus?: boolean;
  units?: Placement[];
  leaders?: { counter: string; hex: string }[];
  reinforcements?: unknown[];
  exit?: { hexes: string[]; vpPerStep: number };
  initiativeLossEvery?: number;
}
export interface ScenarioSpec {
  width?: number;
  height?: number;
  terrain?: string[];
  elevation?: string[];
  legend?: Record<string, string>;
  roads?: string[][];
  turns?: number;
  visibility?: number;
  nightTurns?: number[];
  sides?: [SideSpec, SideSpec];
  objectives?: { hex: string; vp: number; controlledBy: string }[];
  rules?: Record<string, boolean>;
  vpPerStep?: number;
}

/** Scenario JSON for a small open board: 10x10 clear unless given. */
export function scenarioData(spec: ScenarioSpec = {}): Record<string, unknown> {
  const width = spec.width ?? 10;
  const height = spec.height ?? 10;
  const side = (s: SideSpec, k: number): Record<string, unknown> => ({
    id: s.id ?? (k === 0 ? 'german' : 'soviet'),
    name: k === 0 ? 'Germans' : 'Soviets',
    nation: s.nation ?? (k === 0 ? 'German' : 'Soviet'),
    initiative: s.initiative ?? 2,
    initiativeLossEvery: s.initiativeLossEvery ?? 0,
    morale: s.morale ?? { full: 8, reduced: 7 },
    armorEfficiency: s.armorEfficiency ?? false,
    tankLeaders: s.tankLeaders ?? 0,
    offboardArtillery: s.offboardArtillery ?? [],
    friendlyFirePlus: s.friendlyFirePlus ?? false,
    units: s.units ?? [],
    leaders: s.leaders ?? [],
    reinforcements: s.reinforcements ?? [],
    ...(s.exit ? { exit: s.exit } : {}),
  });
  const sides = spec.sides ?? [{ units: [{ counter: 'ger-inf', hex: '0101' }] }, { units: [{ counter: 'sov-rifle', hex: '1010' }] }];
  return {
    format: 'tacsim-scenario/1',
    system: 'pg3',
    id: 'test',
    title: 'test fixture',
    charts: CHARTS,
    counters: COUNTERS,
    map: {
      width,
      height,
      legend: spec.legend ?? { '.': 'clear', w: 'woods', f: 'field', t: 'town', s: 'swamp', r: 'river' },
      terrain: spec.terrain ?? Array.from({ length: height }, () => '.'.repeat(width)),
      ...(spec.elevation ? { elevation: spec.elevation } : {}),
      roads: spec.roads ?? [],
    },
    turns: spec.turns ?? 4,
    visibility: spec.visibility ?? 12,
    nightTurns: spec.nightTurns ?? [],
    sides: [side(sides[0], 0), side(sides[1], 1)],
    victory: { objectives: spec.objectives ?? [], vpPerStep: spec.vpPerStep ?? 1, decisiveMargin: 4 },
    rules: {
      splitColumns: true,
      hillsLimiting: true,
      fireOverFriendsAllUnits: false,
      fogOfWar: false,
      excessInitiative: false,
      ...(spec.rules ?? {}),
    },
  };
}

export function makeScenario(spec: ScenarioSpec = {}): Scenario {
  return loadPg3Scenario(writeTemp(scenarioData(spec)));
}

export function shipped(id: 'pg3-tiny' | 'pg3-medium' | 'pg3-large' | 'pg3-mirror'): Scenario {
  return loadPg3Scenario(join(SCENARIOS, `${id}.json`));
}

/**
 * Dice that return queued values: `int(n)` takes the next value (it must be < n). When the queue is
 * empty it falls back to a seeded stream, so tests only script the rolls they care about.
 */
export class ScriptedRng implements Rng {
  private readonly queue: number[];
  private readonly fallback = createRng('scripted-fallback');
  used = 0;
  constructor(values: number[] = []) {
    this.queue = values.slice();
  }
  push(...values: number[]): this {
    this.queue.push(...values);
    return this;
  }
  /** Queues one 2d6 roll with this total. */
  roll2(total: number): this {
    if (total < 2 || total > 12) throw new Error(`bad 2d6 total ${total}`);
    const a = Math.max(1, total - 6);
    return this.push(a - 1, total - a - 1);
  }
  /** Queues a d6 roll. */
  roll1(face: number): this {
    return this.push(face - 1);
  }
  get left(): number {
    return this.queue.length;
  }
  next(): number {
    return this.fallback.next();
  }
  int(n: number): number {
    if (this.queue.length === 0) return this.fallback.int(n);
    const v = this.queue.shift()!;
    if (v >= n || v < 0) throw new Error(`scripted value ${v} is not below ${n}`);
    this.used++;
    return v;
  }
}

/** The starting state of a scenario (seeded). */
export function startState(sc: Scenario, seed = 1): State {
  return new Pg3Game(sc).initialState(createRng(seed));
}

/** A draft of the starting state with every unit taken off the map, ready to be set up. */
export function emptyDraft(sc: Scenario, rng: Rng = new ScriptedRng(), seed = 1): Draft {
  const d = new Draft(sc, startState(sc, seed), rng, true);
  for (let i = 0; i < sc.units.length; i++) d.setHex(i, -1);
  return d;
}

/** A draft of the starting state as set up by the scenario. */
export function draftOf(sc: Scenario, rng: Rng = new ScriptedRng(), seed = 1): Draft {
  return new Draft(sc, startState(sc, seed), rng, true);
}

export function hexOf(sc: Scenario, label: string): number {
  const h = sc.map.grid.parseLabel(label);
  if (h < 0) throw new Error(`bad hex ${label}`);
  return h;
}

/** Index of the n-th unit (0-based) of `side` with this counter id. */
export function unitOf(sc: Scenario, side: number, counter: string, n = 0): number {
  const us = sc.units.filter((u) => u.side === side && u.counter === counter);
  if (!us[n]) throw new Error(`no unit ${counter} #${n} of side ${side}`);
  return us[n]!.index;
}

/** Recursively freezes plain objects and arrays. */
export function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as Record<string, unknown>)) deepFreeze(v);
  }
  return x;
}

/** What a rule test needs to set up a position: a draft with every piece off the map, and shorthands. */
export interface Setup {
  d: Draft;
  rng: ScriptedRng;
  h: (l: string) => number;
  u: (side: number, c: string, n?: number) => number;
  place: (i: number, l: string) => number;
}

/** A draft of `sc` with every piece off the map, German (seat 0) to act in the Execute phase. */
export function positionSetup(sc: Scenario, rng = new ScriptedRng()): Setup {
  const d = emptyDraft(sc, rng);
  d.active = 0;
  d.phase = Phase.Execute;
  d.act = [];
  d.queue = [];
  const h = (l: string): number => hexOf(sc, l);
  const u = (side: number, c: string, n = 0): number => unitOf(sc, side, c, n);
  const place = (i: number, l: string): number => {
    d.setHex(i, h(l));
    return i;
  };
  return { d, rng, h, u, place };
}

/** Puts units into the current activation with a declaration (3.13), led by a leader of their kind if `led`. */
export function activate(d: Draft, units: number[], decl: 'f' | 'm', led = false): void {
  for (const i of units) {
    d.setFlag(i, F_IN_ACT | (decl === 'f' ? F_DECL_FIRE : F_DECL_MOVE));
    if (led) d.setFlag(i, F_LEADER_ACT);
    if (decl === 'm') d.set(i, MP, d.sc.units[i]!.full.ma * 2);
  }
  d.act = [...d.act, ...units];
  d.phase = Phase.Execute;
}
