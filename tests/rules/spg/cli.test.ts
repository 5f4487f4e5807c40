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
    expect(shown.stdout).toContain('capitals ready, lower case spent, "!" disrupted');
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
});
