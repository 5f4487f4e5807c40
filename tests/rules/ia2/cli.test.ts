import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { root, shipped } from './helpers.js';

const { tmp, tacsim } = tacsimIn('tacsim-ia2-cli-');

describe('tacsim with IA2', () => {
  it('plays ia2-tiny to the end from piped commands (hexes written CCRR), and the record replays', () => {
    const record = join(tmp, 'ia2.json');
    const opening = 'plan\nlead 4\nmove 0 0203\n';
    const rest = Array.from({ length: 900 }, () => '1\ny\n').join('');
    const played = tacsim(['play', 'ia2-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '5', '--record', record], opening + rest);
    expect(played.stdout).toContain('move Infanterie-Kompanie #0 to 0203');
    expect(played.stdout).toMatch(/Game over after turn \d/);
    const replay = tacsim(['replay', record]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/OK: \d+ actions legal, \d+ state hashes match/);
  });

  it('simulates ia2-tiny between scripted agents', () => {
    const sim = tacsim(['sim', 'ia2-tiny', '--games', '6', '--seed', '1', '--workers', '1', '--no-progress', '--out', join(tmp, 'sim')]);
    expect(sim.code).toBe(0);
    expect(sim.stdout).toContain('ia2-tiny: 6 games, seed 1');
  });

  it('IA2 9.13: an artillery plan that breaks the shifting rule is refused with exit 2 and one line naming the file, place and problem', () => {
    const bad = join(tmp, 'bad-ia2.json');
    const data = JSON.parse(readFileSync(shipped('ia2-tiny'), 'utf8')) as Record<string, unknown>;
    data.charts = join(root, 'scenarios', 'ia2', 'charts', 'reference.json');
    data.counters = join(root, 'scenarios', 'ia2', 'counters', 'reference.json');
    (data.sides as { artillery: { plan: string[] }[] }[])[0]!.artillery[0]!.plan[1] = '0103-0203-0104';
    writeFileSync(bad, JSON.stringify(data));
    const r = tacsim(['scenarios', 'show', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}: sides[0].artillery[0].plan[1]: 0103-0203-0104 shares no hex with the vertex of turn 1 (9.13`);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
