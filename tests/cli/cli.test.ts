import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, tacsimIn } from './run-tacsim.js';

const { tmp, tacsim } = tacsimIn('tacsim-cli-');

/** Answers "1" to every decision and "y" to every confirmation (a "y" at a decision is a harmless bad command). */
const ones = (n: number) => Array.from({ length: n }, () => '1\ny\n').join('');

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('tacsim play', () => {
  const record = join(tmp, 'game.json');
  let played: ReturnType<typeof tacsim>;

  it('plays pg3-tiny to the end through stdin, with map, narration and outcome', () => {
    played = tacsim(['play', 'pg3-tiny', '--side', 'german', '--ai', 'random', '--seed', '2', '--record', record], ones(3000));
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    const out = played.stdout;
    // The map: labels, terrain letters, unit markers, legend.
    expect(out).toMatch(/0101 \./);
    expect(out).toMatch(/0703 t/);
    expect(out).toMatch(/G2L/);
    expect(out).toContain('Terrain: ');
    // Legal actions by number, narration with rule ids, the computer's moves, odds before fire.
    expect(out).toMatch(/ {3,}1\. activate the stack at 0103/);
    expect(out).toMatch(/\[PG3 3\.1\]/);
    expect(out).toMatch(/soviet \(random\) is thinking\.\.\./);
    expect(out).toMatch(/confirm\? \(y\/n\)/);
    expect(out).toMatch(/no effect \d+%/);
    expect(out).toMatch(/Game over after turn \d+: (german|soviet) wins|Game over after turn \d+: a draw/);
    expect(out).toMatch(/Victory points: german \d+, soviet \d+/);
    const rec = JSON.parse(readFileSync(record, 'utf8'));
    expect(rec.scenario).toBe('pg3-tiny');
    expect(rec.seed).toBe('2');
    expect(rec.agents).toEqual({ german: 'human', soviet: 'random' });
    expect(rec.actions.length).toBeGreaterThan(20);
    expect(rec.hashes.length).toBe(rec.actions.length);
    expect(rec.outcome).toBeDefined();
  });

  it('is reproducible: the same answers and seed give the same game', () => {
    const again = tacsim(['play', 'pg3-tiny', '--side', 'german', '--ai', 'random', '--seed', '2'], ones(3000));
    const strip = (t: string) => t.replace(/\((\d+ ms|\d+\.\d s)\)/g, '').replace(/game record written.*\n/, '');
    expect(strip(again.stdout)).toBe(strip(played.stdout));
  });

  it('answers bad input with one line and asks again; quits cleanly at the end of input, writing the record', () => {
    const partial = join(tmp, 'partial.json');
    const r = tacsim(
      ['play', 'pg3-tiny', '--side', 'german', '--ai', 'random', '--seed', '2', '--record', partial],
      'frobnicate\nmove 0 9999\n99\nmove 0 0101\nhelp\nunits\n1\n',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /german> frobnicate\nunknown command "frobnicate" \(type "help" for the commands, or a number from the list\)\ngerman> /,
    );
    expect(r.stdout).toMatch(/"9999" is not a hex of this map/);
    expect(r.stdout).toMatch(/99 is not on the list \(1 to \d+\)\ngerman> /);
    expect(r.stdout).toMatch(/unit #0 cannot move to 0101 now/);
    expect(r.stdout).toContain('save FILE');
    expect(r.stdout).toMatch(/#0 +Infantry platoon +0103 +5-3-3/);
    expect(r.stdout).toContain('end of input: quitting');
    const rec = JSON.parse(readFileSync(partial, 'utf8'));
    expect(rec.actions).toEqual(['stack 16']);
    noStack(r.stdout + r.stderr);
  });

  it('undo takes back the last decision; save and --load continue the game', () => {
    const saved = join(tmp, 'saved.json');
    const r = tacsim(
      ['play', 'pg3-tiny', '--side', 'german', '--ai', 'random', '--seed', '3'],
      `1\n1\nundo\nundo\n2\nsave ${saved}\nquit\n`,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/undone: /);
    const rec = JSON.parse(readFileSync(saved, 'utf8'));
    expect(rec.actions[0]).toBe('stack 24'); // the stack at 0104, chosen after undoing both decisions
    const cont = tacsim(['play', '--load', saved, '--ai', 'random'], 'quit\n');
    expect(cont.code).toBe(0);
    expect(cont.stdout).toContain(`continuing a saved game after ${rec.actions.length} actions`);
  });

  it('rejects a bad side or agent with exit 2 and one line', () => {
    const side = tacsim(['play', 'pg3-tiny', '--side', 'martian', '--ai', 'random']);
    expect(side.code).toBe(2);
    expect(side.stderr.trim().split('\n')).toHaveLength(1);
    expect(side.stderr).toContain('no side "martian"');
    const agent = tacsim(['play', 'pg3-tiny', '--side', 'german', '--ai', 'grandmaster']);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('unknown agent "grandmaster"');
    noStack(agent.stderr);
  });

  it('replays the saved record: every action legal, every state hash matching', () => {
    const r = tacsim(['replay', record]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/OK: \d+ actions legal, \d+ state hashes match/);
    expect(r.stdout).toMatch(/Outcome: /);
    const verbose = tacsim(['replay', record, '--verbose']);
    expect(verbose.stdout).toContain('=== Turn 1 ===');
    expect(verbose.stdout).toMatch(/\[PG3 3\.1\]/);
  });

  it('replay fails (exit 1) when a state hash or an action does not match', () => {
    const rec = JSON.parse(readFileSync(record, 'utf8'));
    rec.hashes[5] = '00000000';
    writeFileSync(join(tmp, 'tampered.json'), JSON.stringify(rec));
    const r = tacsim(['replay', join(tmp, 'tampered.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/action 6 of \d+ .*the state differs/);
    const rec2 = JSON.parse(readFileSync(record, 'utf8'));
    delete rec2.hashes;
    rec2.actions[0] = 'mv 0 47';
    writeFileSync(join(tmp, 'illegal.json'), JSON.stringify(rec2));
    const r2 = tacsim(['replay', join(tmp, 'illegal.json')]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/action 1 of \d+ \("mv 0 47"\) is not legal/);
  });
});

describe('tacsim replay of harness records', () => {
  it('replays a games.jsonl line picked with --game', () => {
    const out = join(tmp, 'sim');
    const sim = tacsim([
      'sim',
      'pg3-tiny',
      '--games',
      '2',
      '--records',
      '--workers',
      '0',
      '--no-progress',
      '--seed',
      '4',
      '--agent',
      'german=random',
      '--agent',
      'soviet=random',
      '--out',
      out,
    ]);
    expect(sim.code).toBe(0);
    const r = tacsim(['replay', join(out, 'games.jsonl'), '--game', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/seed 4\/1/);
    expect(r.stdout).toMatch(/OK: \d+ actions legal/);
    const both = tacsim(['replay', join(out, 'games.jsonl')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('pick one with --game N');
  });
});

describe('tacsim scenarios', () => {
  it('list --json has the shipped scenarios of every system', () => {
    const r = tacsim(['scenarios', 'list', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as {
      id: string;
      system: string;
      map: string;
      sides: { id: string; units: number }[];
      turns: number;
    }[];
    expect(rows.map((x) => x.id).sort()).toEqual([
      'ia2-medium',
      'ia2-mirror',
      'ia2-tiny',
      'panzer-advanced',
      'panzer-medium',
      'panzer-mirror',
      'panzer-tiny',
      'pg3-large',
      'pg3-medium',
      'pg3-mirror',
      'pg3-tiny',
      'pl-medium',
      'pl-mirror',
      'pl-tiny',
      'spg-medium',
      'spg-mirror',
      'spg-tiny',
    ]);
    const tiny = rows.find((x) => x.id === 'pg3-tiny')!;
    expect(tiny).toMatchObject({ system: 'pg3', map: '8x6', turns: 4 });
    expect(tiny.sides.map((s) => s.id)).toEqual(['german', 'soviet']);
    const table = tacsim(['scenarios', 'list']);
    expect(table.stdout).toMatch(/pg3-tiny\s+pg3\s+8x6\s+german \(5\) vs soviet \(5\)\s+4/);
  });

  it('show prints the map and the order of battle', () => {
    const r = tacsim(['scenarios', 'show', 'pg3-tiny']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Order of battle:');
    expect(r.stdout).toMatch(/0603 t/);
    expect(r.stdout).toMatch(/Objectives: 0603 \(3 VP, held by soviet\)/);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('validate: OK for a good file; file, place and problem for a broken one, exit 2, no stack', () => {
    const data = JSON.parse(readFileSync(join(root, 'scenarios/pg3/pg3-tiny.json'), 'utf8'));
    data.charts = join(root, 'scenarios/pg3/charts/reference.json');
    data.counters = join(root, 'scenarios/pg3/counters/reference.json');
    data.sides[0].units[0].counter = 'ger-nonexistent';
    data.sides[1].units[0].hex = '0999';
    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, JSON.stringify(data));
    const r = tacsim(['scenarios', 'validate', join(root, 'scenarios/pg3/pg3-tiny.json'), broken]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^OK +.*pg3-tiny\.json/m);
    expect(r.stdout).toContain(`${broken}: sides[0].units[0].counter: unknown counter "ger-nonexistent"`);
    expect(r.stdout).toContain('sides[1].units[0].hex: hex 0999 is off the 8x6 map');
    noStack(r.stdout + r.stderr);
  });
});

describe('exit codes', () => {
  it('bad flags and unknown commands exit 2 without a stack trace', () => {
    for (const args of [
      ['play', 'pg3-tiny', '--side', 'german', '--bogus'],
      ['frobnicate'],
      ['sim', 'pg3-tiny', '--games', 'many'],
      ['replay'],
      ['scenarios', 'show', 'no-such-scenario'],
    ]) {
      const r = tacsim(args);
      expect(r.code, args.join(' ')).toBe(2);
      noStack(r.stderr);
    }
  });

  it('--help exits 0', () => {
    const r = tacsim(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('scenarios');
  });
});

describe('tacsim tournament', () => {
  it('plays a round robin and prints Bradley-Terry ratings with intervals for every agent', () => {
    const r = tacsim([
      'tournament',
      'pg3-tiny',
      'random',
      'scripted',
      '--games-per-pair',
      '6',
      '--seed',
      't',
      '--workers',
      '1',
      '--no-progress',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as {
      pairs: { a: string; b: string; games: number }[];
      ratings: { name?: string; spec?: string; rating?: number; elo?: number; ci95?: number[] }[];
    };
    expect(result.pairs).toHaveLength(1);
    expect(result.pairs[0]!.games).toBe(6);
    expect(result.ratings).toHaveLength(2);
  });

  it('needs two agents, and says so with exit code 2', () => {
    const r = tacsim(['tournament', 'pg3-tiny', 'random', '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/at least two agent specs/);
  });
});
