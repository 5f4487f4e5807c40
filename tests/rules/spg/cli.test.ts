import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, scenarioFile } from './helpers.js';
import { tacsimIn } from '../../cli/run-tacsim.js';

const { tmp, tacsim } = tacsimIn('tacsim-spg-cli-');

describe('tacsim with SPG', () => {
  it('plays spg-tiny to the end from piped short commands, and the record replays', () => {
    const record = join(tmp, 'spg.json');
    const moves = 'move german-3 0304\nmove german-1 0203\nend\n';
    const rest = Array.from({ length: 200 }, () => 'pass\ny\n1\n').join('');
    const played = tacsim(['play', 'spg-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '5', '--record', record], moves + rest);
    expect(played.stderr).toBe('');
    expect(played.stdout).toContain('you: Infantry platoon (german-3) moves to 0304');
    expect(played.stdout).toMatch(/Game over after turn \d/);
    const replay = tacsim(['replay', record]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/OK: \d+ actions legal, \d+ state hashes match/);
  });

  it('shows spg-tiny with its briefing and the ready/spent legend', () => {
    const shown = tacsim(['scenarios', 'show', 'spg-tiny']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Objectives: 0603 (3 VP, held by soviet)');
    expect(shown.stdout).toContain('lower case: all spent; ! disrupted');
  });

  it('simulates spg-tiny between scripted agents', () => {
    const sim = tacsim(['sim', 'spg-tiny', '--games', '6', '--seed', '1', '--workers', '1', '--no-progress', '--out', join(tmp, 'sim')]);
    expect(sim.code).toBe(0);
    expect(sim.stdout).toContain('spg-tiny: 6 games, seed 1');
  });

  it('rejects a malformed SPG scenario with exit 2 and one line naming the file, place and problem', () => {
    const bad = join(tmp, 'bad-spg.json');
    const data = JSON.parse(readFileSync(scenarioFile('spg-tiny'), 'utf8')) as Record<string, unknown>;
    data.charts = join(root, 'scenarios', 'spg', 'charts', 'reference.json');
    data.counters = join(root, 'scenarios', 'spg', 'counters', 'reference.json');
    (data.sides as { units: { hex: string }[] }[])[0]!.units[0]!.hex = '0909';
    writeFileSync(bad, JSON.stringify(data));
    const r = tacsim(['scenarios', 'show', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}: sides[0].units[0].hex: hex 0909 is off the 8x6 map`);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('plays spg-tiny as the Soviets against the random agent to the end, with help, map, units and typing mistakes; the record replays', () => {
    const record = join(tmp, 'spg-soviet.json');
    const asked = 'help\nmove soviet-9 0909\nfire 1 0909\nfoo\nmap\nunits\nlist\n';
    const rest = Array.from({ length: 300 }, () => 'pass\n1\n').join('');
    const played = tacsim(['play', 'spg-tiny', '--side', 'soviet', '--ai', 'random', '--seed', '4', '--record', record], asked + rest);
    expect(played.code).toBe(0);
    expect(played.stderr).toBe('');
    expect(played.stdout).toContain('you play Soviet outpost (soviet) against random (german)');
    expect(played.stdout).toContain('Commands (a number picks an action from the list)');
    expect(played.stdout).toContain('"soviet-9" names no unit (a number 0-7 or an id such as german-1; see "units")');
    expect(played.stdout).toContain('"0909" is not a hex label of this 8x6 map (e.g. 0304)');
    expect(played.stdout).toContain('unknown command "foo"');
    expect(played.stdout).toMatch(/#7 +45mm AT gun \(1943\) +0502 +1-3 AT3-5-0/);
    expect(played.stdout).toMatch(/Game over after turn 4: .+\nVictory points: german \d+, soviet \d+/);
    const replay = tacsim(['replay', record]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/OK: (\d+) actions legal, \1 state hashes match/);
  });

  it('shows spg-medium with its works and obstacles and its reinforcement schedule, passengers with their carriers', () => {
    const shown = tacsim(['scenarios', 'show', 'spg-medium']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('spg-medium), spg, map 20x15, 10 turns');
    expect(shown.stdout).toContain(
      'Works and obstacles: fortified positions 1110; foxholes 1208, 1307; wire 1109, 1209; minefields 1006 (AP); AT ditches 1007, 1009; heavy buildings 1405. Hidden minefields: one secret from german.',
    );
    expect(shown.stdout).toContain(
      'Reinforcements: german, turn 3, column at 0108: Panzer IV H, SdKfz 251 halftrack carrying Infantry platoon, SdKfz 251 halftrack carrying Infantry platoon',
    );
    expect(shown.stdout).toContain('Reinforcements: german, turn 5 or later (arrives on 2d6 <= 8), line at 0104');
    expect(shown.stdout).toContain('#12 german-13 7.5cm PaK 40: 0112 (ready, packed, aboard german-12)');
    expect(shown.stdout).toContain('#13 german-14 10.5cm leFH 18 howitzer: off-board artillery (ready)');
  });

  it('validate rejects malformed SPG chart, counter and scenario files: exit 2, one line each naming file, place and problem', () => {
    const spg = join(root, 'scenarios', 'spg');
    const write = (name: string, data: unknown): string => {
      const file = join(tmp, name);
      writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
      return file;
    };
    const json = (file: string): Record<string, any> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
    const charts = json(join(spg, 'charts', 'reference.json'));
    delete charts.directFire.rows['7'];
    const counters = json(join(spg, 'counters', 'reference.json'));
    counters.units['ger-pz4h'].armor = -3;
    const scenario = (change: (d: Record<string, any>) => void): Record<string, any> => {
      const d = json(scenarioFile('spg-tiny'));
      d.charts = join(spg, 'charts', 'reference.json');
      d.counters = join(spg, 'counters', 'reference.json');
      change(d);
      return d;
    };
    const badCharts = write('bad-charts.json', charts);
    const badCounters = write('bad-counters.json', counters);
    const files = [
      write(
        'uses-bad-charts.json',
        scenario((d) => (d.charts = badCharts)),
      ),
      write(
        'uses-bad-counters.json',
        scenario((d) => (d.counters = badCounters)),
      ),
      write(
        'bad-mines.json',
        scenario((d) => (d.map.mines = [{ hex: '0909', kind: 'ap' }])),
      ),
      write(
        'bad-soft.json',
        scenario((d) => (d.softGround = ['swamp'])),
      ),
      write(
        'bad-gun.json',
        scenario((d) => (d.sides[0].reinforcements = [{ turn: 2, entry: { edge: 'west' }, units: [{ counter: 'ger-pak40' }] }])),
      ),
      write('bad-syntax.json', '{"format": "tacsim-scenario/1",, }'),
    ];
    const r = tacsim(['scenarios', 'validate', 'spg-tiny', ...files]);
    expect(r.code).toBe(2);
    const out = r.stdout + r.stderr;
    expect(out).toMatch(/OK +spg-tiny/);
    expect(out).toContain(`${badCharts}: directFire.rows: missing the row for a roll of 7`);
    expect(out).toContain(`${badCounters}: units.ger-pz4h.armor: must be at least 0 (given -3)`);
    expect(out).toContain(`${files[2]}: map.mines[0].hex: hex 0909 is off the 8x6 map`);
    expect(out).toContain(`${files[3]}: softGround[0]: unknown terrain "swamp"`);
    expect(out).toContain(`${files[4]}: sides[0].reinforcements[0].units[0]: ger-pak40 has no movement allowance`);
    expect(out).toContain(`${files[5]}: not valid JSON`);
    expect(out).toContain('6 of 7 file(s) failed');
    expect(out).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
