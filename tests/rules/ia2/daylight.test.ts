/** IA2 7.11: from dusk to dawn, the schedule of spotting ranges and night rules around the turns day and night begin. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { NO_DICE } from '../../../src/rules/ia2/state.js';
import { visibility } from '../../../src/rules/ia2/units.js';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { draftOf, fixture, ground, root } from './helpers.js';

const { tmp } = tacsimIn('tacsim-ia2-daylight-');
const { start } = ground();

/** The proving ground (7 turns) with `light` added; night range fixed at 1 (7.12). */
function withLight(name: string, light: Record<string, number>): string {
  const data = JSON.parse(readFileSync(fixture('proving-ground'), 'utf8'));
  data.charts = join(root, 'scenarios', 'ia2', 'charts', 'reference.json');
  data.counters = join(root, 'scenarios', 'ia2', 'counters', 'reference.json');
  Object.assign(data, light, { nightSpotting: 1 });
  const file = join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** Per turn 1-7: [spotting range, night rules]. */
function schedule(file: string): [number, boolean][] {
  const sc = loadIa2Scenario(file);
  return [1, 2, 3, 4, 5, 6, 7].map((turn) => {
    const d = draftOf(sc, { ...start, turn, nightRange: 1 }, NO_DICE);
    return [visibility(d), d.isNight()];
  });
}

describe('IA2 7.11: from dusk to dawn', () => {
  it('IA2 7.11: dusk on turn 5: 12 hexes an hour before, then 8, 4, 2 under night rules, then night', () => {
    expect(schedule(withLight('dusk', { dusk: 5 }))).toEqual([
      [12, false],
      [8, false],
      [4, false],
      [2, true],
      [1, true],
      [1, true],
      [1, true],
    ]);
  });

  it('IA2 7.11: dawn on turn 5: night range and 2 hexes under night rules, then 4 and 8 without, then day', () => {
    expect(schedule(withLight('dawn', { dawn: 5 }))).toEqual([
      [1, true],
      [2, true],
      [4, false],
      [8, false],
      [12, false],
      [12, false],
      [12, false],
    ]);
  });

  it('IA2 7.11: dawn and dusk closer than the four turns the schedule needs are refused, naming the place', () => {
    expect(() => loadIa2Scenario(withLight('close', { dawn: 2, dusk: 4 }))).toThrow(/dusk.*less than four turns apart/);
  });
});
