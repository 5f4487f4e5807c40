/**
 * Recon units (5.9.2, 6.1.3.3): a unit with a Recon label spots one row up. The reference manifest has no
 * Recon counter, so the test adds Recon-labelled copies of the German squad and Panzer IV (designed, test only).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { spottingRange } from '../../../src/rules/panzer/rules.js';
import { COUNTERS, type MiniSpec, withUnits, writeScenario } from './helpers.js';

function reconCounters(): string {
  const data = JSON.parse(readFileSync(COUNTERS, 'utf8'));
  const test = { source: 'designed', note: 'test only: a Recon-labelled copy (5.9.2)' };
  data.vehicles['ger-recon-squad'] = { ...data.vehicles['ger-squad'], observer: 'recon', source: test };
  data.vehicles['pz4h-cmd-recon'] = { ...data.vehicles.pz4h, observer: 'command-recon', source: test };
  const file = join(tmpdir(), `panzer-recon-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

const ALL: MiniSpec['units'] = [
  [0, 'ger-squad', '0301', 'S'],
  [0, 'ger-recon-squad', '0302', 'S'],
  [0, 'pz4h', '0401', 'S'],
  [0, 'pz4h-cmd-recon', '0402', 'S'],
  [1, 'sov-squad', '0309', 'N'],
  [1, 't3485', '0409', 'N'],
];

function setup(modules: string[], units = ALL) {
  const spec: MiniSpec = {
    terrain: ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'],
    units,
  };
  const sc = loadPanzerScenario(writeScenario(spec, { modules, counters: reconCounters() }));
  const game = new PanzerGame(sc, {});
  return { sc, start: game.initialState(createRng('recon')) };
}

describe('PANZER 6.1.3.3: Recon units', () => {
  it('PANZER 6.1.3.3: Recon leg units and vehicles (Recon or Command Recon label) spot one row up: squad and tank targets', () => {
    const { sc, start } = setup(['leg-towed']);
    expect(sc.units.map((u) => u.recon)).toEqual([false, true, false, true, false, false]);
    for (const target of [4, 5]) {
      const plain = spottingRange(sc, start, target, 0);
      const up = spottingRange(sc, start, target, 1);
      expect(up).toBeGreaterThan(plain);
      expect(spottingRange(sc, start, target, 3)).toBe(up);
      expect(spottingRange(sc, start, target, 2)).toBe(plain);
    }
    // The unmarked squad in the open: row +1 for the Recon spotter, row 0 for the other (the table lists rows +2 down).
    const column = sc.adv!.spotting[sc.units[4]!.sizeClass as 'L' | 'S'];
    expect(spottingRange(sc, start, 4, 1)).toBe(column[1]!.range);
    expect(spottingRange(sc, start, 4, 0)).toBe(column[2]!.range);
    // Other modifiers still apply with it: a Full Cover target is two rows down (row -1).
    expect(spottingRange(sc, withUnits(start, { 4: { fc: true } }), 4, 1)).toBe(column[3]!.range);
  });

  it('PANZER 6.1.3.3: without an Advanced Game module the label does nothing (the Basic Game has no Recon units)', () => {
    const { sc, start } = setup([], [ALL[2]!, ALL[3]!, ALL[5]!]);
    expect(sc.units.some((u) => u.recon)).toBe(false);
    expect(spottingRange(sc, start, 2, 1)).toBe(spottingRange(sc, start, 2, 0));
  });
});
