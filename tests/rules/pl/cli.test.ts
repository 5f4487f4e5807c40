/** tacsim with Panzer Leader: a whole game from the terminal, its record replayed, odds before fire, malformed files. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { loadPlScenario } from '../../../src/rules/pl/scenario.js';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { plDir, scenarioFile } from './helpers.js';

const { tmp, tacsim } = tacsimIn('tacsim-pl-cli-');

/** pl-tiny with one change, written to the scratch folder (charts and counters by absolute path). */
function variant(name: string, change: (d: Record<string, any>) => void): string {
  const data = JSON.parse(readFileSync(scenarioFile('pl-tiny'), 'utf8')) as Record<string, any>;
  data.charts = join(plDir, 'charts', 'reference.json');
  data.counters = join(plDir, 'counters', 'reference.json');
  change(data);
  const file = join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('tacsim with PL', () => {
  it('PL XIII: plays pl-tiny to the end from the terminal, and the record replays', () => {
    const record = join(tmp, 'pl.json');
    const input = `help\nmap\nunits\nfoo\n${'next\n'.repeat(120)}`;
    const played = tacsim(['play', 'pl-tiny', '--side', 'allied', '--ai', 'scripted', '--seed', '5', '--record', record], input);
    expect(played.stderr).toBe('');
    expect(played.stdout).toContain('you play American rifle company (allied) against scripted (german)');
    expect(played.stdout).toContain('unknown command "foo"');
    expect(played.stdout).toMatch(/Game over after turn 5/);
    const replay = tacsim(['replay', record]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/OK: \d+ actions legal, \d+ state hashes match/);
  });

  it('PL VII.A: the odds column and its chances are shown before a direct fire attack is rolled', () => {
    // The Sherman (#2) fires at the German tank (#8) at 4 hexes, moved next to it in this variant.
    const file = variant('odds', (d) => {
      d.sides[1].units[4].hex = '0605';
    });
    const played = tacsim(
      ['play', file, '--side', 'allied', '--ai', 'scripted', '--seed', '1'],
      `fire 2 8\ny\nresolve\ny\n${'next\n'.repeat(120)}`,
    );
    expect(played.stdout).toMatch(/odds 22:8, column 2-1: eliminated \d+%, dispersed \d+%/);
  });

  it('PL XIV.A: rejects malformed PL files with exit 2 and one line naming the file, place and problem', () => {
    const offMap = variant('off-map', (d) => {
      d.sides[0].units[0].hex = '1109';
    });
    const r = tacsim(['scenarios', 'show', offMap]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${offMap}: sides[0].units[0].hex: hex 1109 is off the 10x8 map`);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    const unknown = variant('unknown', (d) => {
      d.sides[1].units[0].counter = 'ger-tiger-ii';
    });
    expect(() => loadPlScenario(unknown)).toThrow(InputError);
    expect(() => loadPlScenario(unknown)).toThrow(/sides\[1\]\.units\[0\]\.counter: no counter "ger-tiger-ii"/);
    const wrongSide = variant('wrong-side', (d) => {
      d.sides[0].units[0].counter = 'ger-rifle';
    });
    expect(() => loadPlScenario(wrongSide)).toThrow(/"ger-rifle" is a german counter, not allied/);
    const badRide = variant('bad-ride', (d) => {
      d.sides[0].units[1].aboard = 0;
      d.sides[0].units[1].hex = d.sides[0].units[0].hex;
    });
    expect(() => loadPlScenario(badRide)).toThrow(/cannot ride on/);
    const crowd = variant('crowd', (d) => {
      d.sides[0].units.push({ counter: 'us-rifle', hex: '0304', count: 4 });
    });
    expect(() => loadPlScenario(crowd)).toThrow(/5 units set up in hex 0304: at most 4 \(VI\.A\)/);
    const charts = join(tmp, 'bad-charts.json');
    const pack = JSON.parse(readFileSync(join(plDir, 'charts', 'reference.json'), 'utf8'));
    pack.crt.rows['3'] = ['-', '-', 'D'];
    writeFileSync(charts, JSON.stringify(pack));
    const c = tacsim(['sim', 'pl-tiny', '--games', '1', '--workers', '1', '--charts', charts]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(`${charts}: crt.rows.3: has 3 results but there are 5 columns`);
  });
});
