/** Small hand-made Panzer scenarios and states for rule tests. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario, type Scenario } from '../../../src/rules/panzer/scenario.js';
import { MOUNTED, NC, type State, type Unit } from '../../../src/rules/panzer/state.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHARTS = join(ROOT, 'scenarios/panzer/charts/reference.json');
export const COUNTERS = join(ROOT, 'scenarios/panzer/counters/reference.json');
export const scenarioFile = (id: string): string => join(ROOT, `scenarios/panzer/${id}.json`);

const LEGEND = {
  '.': 'clear',
  w: 'woods',
  b: 'brush',
  k: 'brick',
  h: 'building',
  g: 'gully',
  s: 'stream',
  '=': 'bridge',
  r: 'rough',
  H: 'heavywoods',
};

export interface MiniSpec {
  terrain: string[];
  elevation?: string[];
  roads?: string[][];
  /** [side, counter, hex, facing] */
  units: [number, string, string, string][];
  turns?: number;
  objectives?: { hex: string; vp: number }[];
  exitEdge?: [string | undefined, string | undefined];
}

const dir = mkdtempSync(join(tmpdir(), 'panzer-test-'));
let n = 0;

/** Writes a scenario file for `spec` (reference charts and cards) and returns its path. */
export function writeScenario(spec: MiniSpec, extra: Record<string, unknown> = {}): string {
  const file = join(dir, `mini-${n++}.json`);
  const sides = [0, 1].map((side) => ({
    id: side === 0 ? 'german' : 'soviet',
    name: side === 0 ? 'German' : 'Soviet',
    units: spec.units.filter((u) => u[0] === side).map(([, counter, hex, facing]) => ({ counter, hex, facing })),
    ...(spec.exitEdge?.[side] ? { exitEdge: spec.exitEdge[side] } : {}),
  }));
  const data = {
    format: 'tacsim-scenario/1',
    system: 'panzer',
    id: 'mini',
    title: 'test',
    charts: CHARTS,
    counters: COUNTERS,
    map: {
      width: spec.terrain[0]!.length,
      height: spec.terrain.length,
      legend: LEGEND,
      terrain: spec.terrain,
      ...(spec.elevation ? { elevation: spec.elevation } : {}),
      roads: spec.roads ?? [],
    },
    turns: spec.turns ?? 5,
    sides,
    objectives: spec.objectives ?? [],
    ...extra,
  };
  writeFileSync(file, JSON.stringify(data));
  return file;
}

export function mini(spec: MiniSpec): { sc: Scenario; game: PanzerGame; start: State } {
  const sc = loadPanzerScenario(writeScenario(spec));
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('mini')) };
}

/** A state with some units changed. */
export function withUnits(s: State, changes: Record<number, Partial<Unit>>): State {
  return { ...s, units: s.units.map((u, i) => (changes[i] ? { ...u, ...changes[i] } : u)) };
}

/** Dice that always roll the given d100 values in turn (then repeat the last). */
export function dice(...rolls: number[]): Rng {
  let k = 0;
  return {
    next: () => (rolls[Math.min(k++, rolls.length - 1)]! - 1) / 100,
    int: (m: number) => Math.floor(((rolls[Math.min(k++, rolls.length - 1)]! - 1) * m) / 100),
  };
}

export function hex(sc: Scenario, label: string): number {
  return sc.map.grid.parseLabel(label);
}

/** Applies actions in order. */
export function run(game: PanzerGame, s: State, actions: string[], rng: Rng = createRng('run')): State {
  for (const a of actions) s = game.apply(s, a, rng);
  return s;
}

/** The Movement Phase of seat 0 (moving first as Second Player), every unit not aboard a carrier spotted and holding its command (N/C when none given). */
export function movePhase(s: State, commands: Record<number, number>): State {
  return {
    ...s,
    phase: 'move',
    first: 1,
    stepSeat: 0,
    owStage: 0,
    units: s.units.map((u, i) => (u.status === MOUNTED ? u : { ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
}

/** A hand-made scenario with the transport module; `mountedOn` maps a unit's index to its carrier's index (same side). */
export function transport(spec: MiniSpec, mountedOn: Record<number, number> = {}, modules = ['leg-towed', 'gp-fire', 'transport']) {
  const file = writeScenario(spec, { modules });
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const placeOf: number[] = [];
  const next = [0, 0];
  spec.units.forEach(([side]) => {
    placeOf.push(next[side]!++);
  });
  for (const [u, c] of Object.entries(mountedOn)) data.sides[spec.units[Number(u)]![0]].units[placeOf[Number(u)]!].mountedOn = placeOf[c];
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('transport')) };
}

/**
 * A hand-made scenario with command control: `sides` gives each side's Force Grade and formations,
 * `formationOf` each unit's formation id (by unit index).
 */
export function cc(
  spec: MiniSpec,
  sides: { forceGrade: string; formations: { id: string; grade: string }[] }[],
  formationOf: Record<number, string> = {},
  modules = ['leg-towed', 'gp-fire', 'bail-out', 'command-control'],
) {
  const file = writeScenario(spec, { modules });
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const next = [0, 0];
  spec.units.forEach(([side], idx) => {
    const placed = data.sides[side].units[next[side]!++];
    if (formationOf[idx] !== undefined) placed.formation = formationOf[idx];
  });
  sides.forEach((s, k) => {
    Object.assign(data.sides[k], s);
  });
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('cc')) };
}
