/** Test helpers for the Panzer Leader engine: small scenarios written on the fly, positions edited, loaded dice. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { PlGame } from '../../../src/rules/pl/game.js';
import { loadPlScenario, type Scenario } from '../../../src/rules/pl/scenario.js';
import { CARRIER, Draft, F_IN_FORT, FLAGS, HEX, type State } from '../../../src/rules/pl/state.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const plDir = join(root, 'scenarios', 'pl');
export const scenarioFile = (id: string): string => join(plDir, `${id}.json`);
const workDir = mkdtempSync(join(tmpdir(), 'tacsim-pl-test-'));
let made = 0;

export interface Placement {
  counter: string;
  hex: string;
  count?: number;
  aboard?: number;
  enters?: number;
  equipmentFor?: number;
  lands?: number;
}

/**
 * A scenario on a map drawn with the shipped legend (. clear, w woods, t town, s slope, h hilltop, ~ stream, = sea, b beach), with the
 * given units, written to a temporary file and loaded with the reference charts and counters.
 */
export function custom(opts: {
  terrain: string[];
  allied: Placement[];
  german: Placement[];
  roads?: string[][];
  turns?: number;
  mines?: string[];
  blocks?: string[];
  aircraft?: unknown[];
  charts?: string;
  objectives?: { hex: string; vp: number; heldBy: 'allied' | 'german'; control?: 'hex' | 'bridge' | 'town' }[];
  bridges?: string[];
  setsUpLast?: 'allied' | 'german';
  exits?: [{ hexes: string[]; vp: number } | undefined, { hexes: string[]; vp: number } | undefined];
  forts?: [string[], string[]];
  truckBridges?: string[];
  hexsides?: { between: [string, string]; symbol: 'brown' | 'orange' | 'none' }[];
}): { sc: Scenario; game: PlGame; start: State; file: string } {
  const data = {
    format: 'tacsim-scenario/1',
    system: 'pl',
    id: 'pl-test',
    title: 'test',
    charts: opts.charts ?? join(plDir, 'charts', 'reference.json'),
    counters: join(plDir, 'counters', 'reference.json'),
    map: {
      width: opts.terrain[0]!.length,
      height: opts.terrain.length,
      legend: { '.': 'clear', w: 'woods', t: 'town', s: 'slope', h: 'hilltop', '~': 'stream', '=': 'sea', b: 'beach' },
      terrain: opts.terrain,
      roads: opts.roads ?? [],
    },
    turns: opts.turns ?? 3,
    sides: [
      {
        id: 'allied',
        name: 'Allied',
        units: opts.allied,
        mines: opts.mines ?? [],
        blocks: opts.blocks ?? [],
        aircraft: opts.aircraft ?? [],
        forts: opts.forts?.[0] ?? [],
        ...(opts.exits?.[0] ? { exit: opts.exits[0] } : {}),
      },
      {
        id: 'german',
        name: 'German',
        units: opts.german,
        forts: opts.forts?.[1] ?? [],
        ...(opts.exits?.[1] ? { exit: opts.exits[1] } : {}),
      },
    ],
    bridges: opts.bridges ?? [],
    truckBridges: opts.truckBridges ?? [],
    ...(opts.hexsides ? { hexsides: opts.hexsides } : {}),
    ...(opts.setsUpLast ? { setsUpLast: opts.setsUpLast } : {}),
    victory: { objectives: opts.objectives ?? [], vpPerUnit: 1, tactical: 2, decisive: 4 },
  };
  const file = join(workDir, `s${++made}.json`);
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPlScenario(file);
  const game = new PlGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('test')), file };
}

/** An open map of `w` x `h` clear hexes. */
export const open = (w: number, h: number): string[] => Array.from({ length: h }, () => '.'.repeat(w));

export const hex = (sc: Scenario, label: string): number => sc.map.grid.parseLabel(label);

/** Unit i's flags and hex in a position. */
export const flagOf = (s: State, i: number): number => s.u[i]![FLAGS]!;
export const at = (s: State, i: number): number => s.u[i]![HEX]!;

/** The state with some units' fields replaced (`carrier`: the carrying unit's index, -1 for none). */
export function edit(
  s: State,
  edits: Record<number, { hex?: number; flags?: number; carrier?: number }>,
  rest: Partial<State> = {},
): State {
  const u = s.u.map((row, i) => {
    const e = edits[i];
    if (!e) return row;
    const r = row.slice();
    if (e.hex !== undefined) r[HEX] = e.hex;
    if (e.flags !== undefined) r[FLAGS] = e.flags;
    if (e.carrier !== undefined) r[CARRIER] = e.carrier + 1;
    return r;
  });
  return { ...s, ...rest, u };
}

/** Dice showing the given faces (1-6) in turn; asking for anything else, or one die too many, fails the test. */
export function loadedDice(...faces: number[]): Rng {
  let next = 0;
  const face = (sides: number): number => {
    if (sides !== 6 || next >= faces.length)
      throw new Error(`loaded dice: roll ${next + 1} of a d${sides} not loaded (${faces.join(',')})`);
    return faces[next++]! - 1;
  };
  return { int: face, next: () => face(0) };
}

/** A draft of `s` for calling engine functions directly. */
export function draftOf(sc: Scenario, s: State, dice: Rng = loadedDice()): Draft {
  return new Draft(sc, s, dice, true);
}

/** Applies actions in order with the given dice. */
export function play(game: PlGame, s: State, actions: string[], dice: Rng = loadedDice()): State {
  let x = s;
  for (const a of actions) x = game.apply(x, a, dice);
  return x;
}

/**
 * IX.C.10.a: a German fort in the town hex 0602 with a German rifle platoon (1) inside and a US one (0) on top;
 * two Pz IVs (2, 3) two hexes off at 0802 and three German rifle platoons (4-6) next door at 0702; the German
 * combat phase.
 */
export function townFortWithEnemyOnTop(): { sc: Scenario; game: PlGame; s: State } {
  const { sc, game, start } = custom({
    terrain: ['..........', '.....t....', '..........'],
    forts: [[], ['0602']],
    allied: [{ counter: 'us-rifle', hex: '0101' }],
    german: [
      { counter: 'ger-rifle', hex: '0502' },
      { counter: 'ger-pz4', hex: '0802', count: 2 },
      { counter: 'ger-rifle', hex: '0702', count: 3 },
    ],
  });
  const fort = hex(sc, '0602');
  return { sc, game, s: edit(start, { 1: { hex: fort, flags: F_IN_FORT }, 0: { hex: fort, flags: 0 } }, { side: 1 }) };
}

/**
 * XI: a landing against a fortified beach (sea column 1, beach column 2, a German fort in the town at 0403):
 * Allied units 0-2 land on turn 1, a DD tank (3) and a half-track (4) with its gun (5) on turn 2, a rifle
 * platoon (6) on turn 3; German rifles (7, 8) in the fort hex, a Pz IV (9), a 75mm AT gun (10), an 81mm mortar (11).
 */
export function fortifiedLanding(): ReturnType<typeof custom> {
  return custom({
    terrain: ['=b...w..', '=b......', '=b..t...', '=b......', '=b...w..'],
    forts: [[], ['0403']],
    turns: 5,
    allied: [
      { counter: 'us-rifle', hex: '0101', lands: 1 },
      { counter: 'us-m4-dd', hex: '0102', lands: 1 },
      { counter: 'us-engineer', hex: '0103', lands: 1 },
      { counter: 'us-m4-dd', hex: '0104', lands: 2 },
      { counter: 'us-halftrack', hex: '0105', lands: 2 },
      { counter: 'us-57mm', hex: '0105', lands: 2, aboard: 4 },
      { counter: 'us-rifle', hex: '0103', lands: 3 },
    ],
    german: [
      { counter: 'ger-rifle', hex: '0403', count: 2 },
      { counter: 'ger-pz4', hex: '0601' },
      { counter: 'ger-75mm-at', hex: '0503' },
      { counter: 'ger-81mm', hex: '0805' },
    ],
    objectives: [{ hex: '0403', vp: 4, heldBy: 'german' }],
  });
}
