/** Panzer files: a problem is one InputError naming the file, the place and the problem. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { CHARTS, COUNTERS, scenarioFile, writeScenario } from './helpers.js';

function errorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('PANZER 2.0: scenario files', () => {
  it('PANZER 2.0: the shipped scenarios load with their charts and cards', () => {
    for (const id of ['panzer-tiny', 'panzer-medium', 'panzer-mirror']) {
      const sc = loadPanzerScenario(scenarioFile(id));
      expect(sc.units.length).toBeGreaterThan(1);
    }
    const medium = loadPanzerScenario(scenarioFile('panzer-medium'));
    expect([medium.map.grid.width, medium.map.grid.height]).toEqual([20, 15]);
    for (const side of [0, 1]) {
      const n = medium.units.filter((u) => u.side === side).length;
      expect(n).toBeGreaterThanOrEqual(8);
      expect(n).toBeLessThanOrEqual(15);
    }
  });
  it('PANZER 2.0: an unknown counter is named with its place', () => {
    const file = writeScenario({
      terrain: ['...', '...'],
      units: [
        [0, 'tiger', '0101', 'N'],
        [1, 't3485', '0302', 'N'],
      ],
    });
    const e = errorOf(() => loadPanzerScenario(file));
    expect(e.file).toBe(file);
    expect(e.place).toBe('sides[0].units[0].counter');
    expect(e.code).toBe('not-found');
  });
  it('PANZER 2.0: a bad facing, hex or turn count is refused with its place', () => {
    const file = writeScenario({
      terrain: ['...', '...'],
      units: [
        [0, 'pz4h', '0101', 'E'],
        [1, 't3485', '0302', 'N'],
      ],
    });
    expect(errorOf(() => loadPanzerScenario(file)).place).toContain('facing');
    const off = writeScenario({
      terrain: ['...', '...'],
      units: [
        [0, 'pz4h', '0909', 'N'],
        [1, 't3485', '0302', 'N'],
      ],
    });
    expect(errorOf(() => loadPanzerScenario(off)).problem).toContain('off the');
    expect(errorOf(() => loadPanzerScenario(scenarioFile('panzer-tiny'), { set: { turns: 0 } })).place).toContain('turns');
  });
  it('PANZER 1.6: a Data Card movement row must read like "5T 6 10"', () => {
    const m = JSON.parse(readFileSync(COUNTERS, 'utf8'));
    m.vehicles.pz4h.movement = '5 T';
    const bad = join(mkdtempSync(join(tmpdir(), 'panzer-counters-')), 'counters.json');
    writeFileSync(bad, JSON.stringify(m));
    const e = errorOf(() => loadPanzerScenario(scenarioFile('panzer-tiny'), { counters: bad }));
    expect(e.file).toBe(bad);
    expect(e.place).toBe('vehicles.pz4h.movement');
  });
  it('PANZER 1.4: a chart pack with its AP Hit Table rows out of order is refused; every entry has a provenance', () => {
    const c = JSON.parse(readFileSync(CHARTS, 'utf8'));
    for (const r of c.apHit) expect(['rule', 'example', 'designed', 'official']).toContain(r.source.source);
    for (const t of Object.values(c.terrain) as { source: { source: string } }[]) expect(t.source.source).toBeDefined();
    [c.apHit[0], c.apHit[1]] = [c.apHit[1], c.apHit[0]];
    const bad = join(mkdtempSync(join(tmpdir(), 'panzer-charts-')), 'charts.json');
    writeFileSync(bad, JSON.stringify(c));
    const e = errorOf(() => loadPanzerScenario(scenarioFile('panzer-tiny'), { charts: bad }));
    expect(e.place).toBe('apHit[0].modifier');
  });
  it('PANZER 2.0: panzer-mirror is point-symmetric: terrain, heights, objectives and each vehicle with its twin facing the other way', () => {
    const sc = loadPanzerScenario(scenarioFile('panzer-mirror'));
    const grid = sc.map.grid;
    for (let h = 0; h < grid.size; h++) {
      const img = grid.rotate180(h);
      if (img < 0) continue;
      expect(sc.map.terrain[img]).toBe(sc.map.terrain[h]);
      expect(sc.map.elevation[img]).toBe(sc.map.elevation[h]);
    }
    const west = sc.units.filter((u) => u.side === 0);
    const east = sc.units.filter((u) => u.side === 1);
    expect(east).toHaveLength(west.length);
    west.forEach((w, k) => {
      expect(east[k]!.counter).toBe(w.counter);
      expect(east[k]!.startHex).toBe(grid.rotate180(w.startHex));
      expect(east[k]!.startFacing).toBe((w.startFacing + 3) % 6);
    });
    const objectives = new Map(sc.objectives.map((o) => [o.hex, o.vp]));
    for (const o of sc.objectives) expect(objectives.get(grid.rotate180(o.hex))).toBe(o.vp);
  });
});
