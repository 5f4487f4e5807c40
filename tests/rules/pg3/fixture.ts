/** A 16x16 test board with a roster of pieces; tests take every piece off the map and place what they need. */
import type { Scenario } from '../../../src/rules/pg3/scenario.js';
import { makeScenario, type ScenarioSpec, type SideSpec } from './helpers.js';

export const ROSTER0 = [
  'ger-inf',
  'ger-inf',
  'ger-inf',
  'ger-inf',
  'ger-ss-hmg',
  'ger-hmg',
  'ger-pz4h',
  'ger-pz4h',
  'ger-pz4h',
  'ger-sdkfz251',
  'ger-sdkfz251',
  'ger-sdkfz251',
  'ger-truck',
  'ger-truck',
  'ger-truck',
  'ger-truck',
  'ger-pak40',
  'ita-inf',
  'ger-mortar-8cm',
  'ger-lefh18',
];
export const ROSTER1 = [
  'sov-rifle',
  'sov-rifle',
  'sov-rifle',
  'sov-rifle',
  'sov-zis3',
  'sov-m30',
  'sov-m30',
  'sov-m30',
  'sov-t34-76',
  'sov-t34-76',
  'sov-t34-76',
  'sov-hmg',
  'sov-truck',
  'sov-truck',
];
export const LEADERS0 = ['ger-maj-1', 'ger-cpt-1', 'ger-lt-1', 'ger-sgt-1', 'ger-lt-2'];
export const LEADERS1 = ['sov-lt-1', 'sov-maj-1', 'sov-cpt-1'];

const label = (c: number, r: number): string => `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;

export function boardSpec(over: { side0?: Partial<SideSpec>; side1?: Partial<SideSpec> } & Partial<ScenarioSpec> = {}): ScenarioSpec {
  const terrain = Array.from({ length: 16 }, () => '.'.repeat(16));
  terrain[15] = `twrs${'.'.repeat(12)}`; // 0116 town, 0216 woods, 0316 river, 0416 swamp
  terrain[13] = `${'.'.repeat(10)}ttt...`; // 1114-1314 town
  const elevation = Array.from({ length: 16 }, () => '0'.repeat(16));
  elevation[14] = `${'0'.repeat(9)}1${'0'.repeat(6)}`; // 1015 at 20 m
  const side0: SideSpec = {
    units: ROSTER0.map((c, k) => ({ counter: c, hex: label(1 + (k % 16), 1 + Math.floor(k / 16)) })),
    leaders: LEADERS0.map((c, k) => ({ counter: c, hex: label(1 + k, 3) })),
    ...over.side0,
  };
  const side1: SideSpec = {
    units: ROSTER1.map((c, k) => ({ counter: c, hex: label(1 + (k % 16), 5 + Math.floor(k / 16)) })),
    leaders: LEADERS1.map((c, k) => ({ counter: c, hex: label(1 + k, 7) })),
    ...over.side1,
  };
  return {
    width: 16,
    height: 16,
    terrain,
    elevation,
    roads: [
      ['0514', '0614', '0714'],
      ['0115', '0116'],
    ],
    ...over,
    sides: [side0, side1],
  };
}

let cached: Scenario | undefined;
/** The default board (cached: loading builds the LOS and spotting tables). */
export function board(): Scenario {
  return (cached ??= makeScenario(boardSpec()));
}

const boards = new Map<string, Scenario>();
/** The fixture board with extra scenario settings (loaded once per settings). */
export function boardWith(over: Parameters<typeof boardSpec>[0] = {}): Scenario {
  const key = JSON.stringify(over);
  let sc = boards.get(key);
  if (!sc) boards.set(key, (sc = makeScenario(boardSpec(over))));
  return sc;
}
