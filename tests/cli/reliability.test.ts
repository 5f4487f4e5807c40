/**
 * The command line at the edges (issue 13): output paths that cannot be written, sizes over the caps,
 * games that never end, Ctrl-C at several moments of a run and of a play session, a killed run resumed,
 * and resumes of a run whose scenario or settings changed.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/core/rng.js';
import { parseCsv } from '../../src/harness/csv.js';
import { JOURNAL_FILE, runSimulation } from '../../src/harness/run.js';
import { registerSystemModule } from '../../src/scenarios.js';
import { isEndless } from '../fixtures/endless/system.js';
import { writeTiledScenario } from '../fixtures/large-map.js';
import { root, type TacsimChild, tacsimIn } from './run-tacsim.js';

const endlessModule = join(root, 'dist/tests/fixtures/endless/system.js');
const miniModule = join(root, 'dist/tests/fixtures/mini/system.js');
const slowModule = join(root, 'dist/tests/fixtures/slowload/system.js');
const endlessScenario = join(root, 'tests/fixtures/endless/endless-race.json');
const miniScenario = join(root, 'tests/fixtures/mini/mini-skirmish.json');
const { tmp, tacsim, start } = tacsimIn('tacsim-reliability-', { TACSIM_SYSTEMS: `${endlessModule},${miniModule},${slowModule}` });
beforeAll(async () => {
  await registerSystemModule(endlessModule);
});
const hasProc = existsSync('/proc/self');

/** Generous bound on the time from Ctrl-C to the end of the process (the promise is one second). */
const STOP_BOUND_MS = 5000;

/** Waits (polling) until `ready` holds; fails the test with `what` if it never does. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (ready()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Sends SIGINT and returns the child's end and how long after the signal it came. */
async function interrupt(p: TacsimChild): Promise<Awaited<TacsimChild['exited']> & { afterMs: number }> {
  const sent = Date.now();
  p.child.kill('SIGINT');
  const end = await p.exited;
  return { ...end, afterMs: Date.now() - sent };
}

const gamesOf = (file: string): number[] =>
  parseCsv(readFileSync(file, 'utf8'))
    .slice(1)
    .map((r) => Number(r[0]));
const journalGames = (dir: string): number[] => {
  const file = join(dir, JOURNAL_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((l) => (JSON.parse(l) as { game: number }).game);
};
const endlessRun = (out: string, ...extra: string[]) => [
  'sim',
  endlessScenario,
  '--set',
  'endlessRate=0.15',
  '--agent',
  'east=random',
  '--agent',
  'west=random',
  '--seed',
  'e',
  '--no-progress',
  '--out',
  out,
  ...extra,
];

describe('output paths and sizes, checked before any game', () => {
  it.skipIf(!hasProc)('sim and balance --out /proc/x end at once with exit 2 (a recursive mkdir looped forever there)', () => {
    const sim = tacsim(['sim', 'pg3-tiny', '--games', '2', '--out', '/proc/x', '--no-progress'], '', 30_000);
    expect(sim.code).toBe(2);
    expect(sim.stderr).toBe('tacsim: --out: cannot create the folder /proc/x (ENOENT)\n');
    const balance = tacsim(['balance', 'pg3-tiny', '--param', 'turns', '--from', '5', '--to', '6', '--out', '/proc/x'], '', 30_000);
    expect(balance.code).toBe(2);
    expect(balance.stdout).toBe('');
    expect(balance.stderr).toBe('tacsim: --out: cannot create the folder /proc/x (ENOENT)\n');
  });

  it('--out at a file is one line and exit 2, not an unexpected error', () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'x');
    for (const cmd of [
      ['sim', 'pg3-tiny', '--games', '2'],
      ['balance', 'pg3-tiny', '--param', 'turns', '--from', '5', '--to', '6'],
    ]) {
      const r = tacsim([...cmd, '--out', file, '--no-progress']);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`tacsim: --out: ${file} is a file, not a folder\n`);
      expect(r.stdout).toBe('');
    }
  });

  it('--games and --workers over their caps are refused with the cap (200 million games crashed V8)', () => {
    const games = tacsim(['sim', 'pg3-tiny', '--games', '200000000', '--no-progress']);
    expect(games.code).toBe(2);
    expect(games.stderr).toBe('tacsim: --games must be a whole number from 1 to 10,000,000, not "200000000"\n');
    const workers = tacsim(['sim', 'pg3-tiny', '--games', '2', '--workers', '1000', '--no-progress']);
    expect(workers.code).toBe(2);
    expect(workers.stderr).toBe('tacsim: --workers must be a whole number from 0 to 256, not "1000"\n');
  });
});

describe('a game that never ends', () => {
  it('sim completes with that game as an error row and every other row present', () => {
    const out = join(tmp, 'endless');
    const r = tacsim(endlessRun(out, '--games', '20', '--workers', '2', '--game-time-limit', '0.3'));
    expect(r.code).toBe(1);
    const stuck = Array.from({ length: 20 }, (_, i) => i).filter((i) => isEndless(deriveSeed('e', i), 0.15));
    expect(stuck.length).toBeGreaterThan(0);
    expect(r.stderr).toContain(`${stuck.length} game(s) failed`);
    const rows = parseCsv(readFileSync(join(out, 'games.csv'), 'utf8'));
    const error = rows[0]!.indexOf('error');
    expect(rows.slice(1).map((x) => Number(x[0]))).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(rows.slice(1).flatMap((x) => (x[error] === '' ? [] : [Number(x[0])]))).toEqual(stuck);
  });
});

describe('Ctrl-C', () => {
  it('while the program starts: it ends at once', async () => {
    const p = start(endlessRun(join(tmp, 'int-start'), '--games', '40', '--workers', '2'));
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code === 130 || end.signal === 'SIGINT').toBe(true);
  });

  it('while workers are stuck in games that never end: it ends within the bound with every finished game in games.csv', async () => {
    const out = join(tmp, 'int-stuck');
    const p = start(endlessRun(out, '--games', '40', '--workers', '2', '--game-time-limit', '0'));
    // Game 3 never ends: games.csv waits for it, the journal does not.
    await until(() => journalGames(out).length >= 3, 'three finished games');
    const finished = journalGames(out);
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code).toBe(130);
    expect(end.stderr).toMatch(/stopped after \d+ games; carry on with: tacsim sim --resume/);
    expect(gamesOf(join(out, 'games.csv'))).toEqual(expect.arrayContaining(finished));
    expect(existsSync(join(out, JOURNAL_FILE))).toBe(false);
  });

  it('during a long run of quick games, and during balance: exits within the bound, results saved', async () => {
    const out = join(tmp, 'int-quick');
    const p = start(['sim', 'pg3-tiny', '--games', '100000', '--workers', '2', '--seed', '1', '--no-progress', '--out', out]);
    await until(() => journalGames(out).length >= 20, 'twenty finished games');
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code).toBe(130);
    const games = gamesOf(join(out, 'games.csv'));
    expect(games.length).toBeGreaterThanOrEqual(20);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).games).toBe(games.length);

    const b = start([
      'balance',
      'pg3-tiny',
      '--param',
      'turns',
      '--from',
      '4',
      '--to',
      '8',
      '--games-per-value',
      '100000',
      '--workers',
      '2',
      '--seed',
      '1',
      '--no-progress',
    ]);
    // Balance writes nothing until it ends: the moment is a while into its games (or, on a slow machine,
    // still in the loading of the scenario, which is said differently).
    await new Promise((r) => setTimeout(r, 3000));
    const bend = await interrupt(b);
    expect(bend.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(bend.code).toBe(130);
    if (!/stopped before the first game: no value was played/.test(bend.stderr))
      expect(bend.stdout).toMatch(/stopped before the whole range was played/);
  });

  it('during tune --out: exits within the bound with the finished pairs kept, and --resume ends as one run does', async () => {
    const out = join(tmp, 'int-tune.json');
    const journal = join(tmp, 'int-tune.pairs.jsonl');
    const args = ['tune', 'scripted', '--scenario', 'pg3-tiny', '--evaluations', '200', '--confirm-pairs', '20', '--seed', 'int'];
    const p = start([...args, '--workers', '2', '--no-progress', '--out', out]);
    const pairs = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').length - 1 : 0);
    await until(() => pairs() >= 30, 'thirty finished pairs');
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code).toBe(130);
    expect(end.stderr).toContain(`carry on with tacsim tune --resume ${out}`);
    const kept = pairs();
    expect(kept).toBeGreaterThanOrEqual(30);
    expect(kept).toBeLessThan(220);
    const resumed = tacsim(['tune', '--resume', out, '--no-progress']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe(tacsim([...args, '--no-progress']).stdout);
  });

  it('at the play prompt: writes the --record file the help promises, which replays', async () => {
    const record = join(tmp, 'interrupted.json');
    const p = start(['play', miniScenario, '--side', 'red', '--ai', 'scripted', '--seed', '5', '--record', record]);
    p.child.stdin!.write('1\n');
    await until(() => (p.output().stdout.match(/red> /g) ?? []).length >= 2, 'the second prompt');
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code).toBe(130);
    const rec = JSON.parse(readFileSync(record, 'utf8')) as { actions: string[] };
    expect(rec.actions.length).toBeGreaterThan(0);
    const replay = tacsim(['replay', record]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/OK: /);
  });
});

/**
 * A scenario of the slow-load fixture that busy-waits `loadSeconds` in every load (a big map's precompute
 * stands in), and the file whose lines tell that a load has begun.
 */
function slowScenario(name: string, loadSeconds: number): { file: string; loads: () => number } {
  const file = join(tmp, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      id: name,
      system: 'slowload',
      title: 'Slow load',
      sides: [
        { id: 'east', name: 'East' },
        { id: 'west', name: 'West' },
      ],
      target: 30,
      turns: 20,
      loadSeconds,
    }),
  );
  const marks = `${file}.loading`;
  return { file, loads: () => (existsSync(marks) ? readFileSync(marks, 'utf8').split('\n').length - 1 : 0) };
}

describe('Ctrl-C in a long step that cannot be cut into pieces', () => {
  const race = ['--agent', 'east=random', '--agent', 'west=random', '--seed', '1', '--workers', '1', '--no-progress'];

  it('while sim, balance or tournament loads a scenario that takes minutes: each ends within the bound, nothing played', async () => {
    const { file, loads } = slowScenario('slow-to-load', 600);
    const out = join(tmp, 'int-loading');
    const runs: [string[], string][] = [
      [['sim', file, '--games', '4', '--out', out, ...race], 'nothing was played'],
      [['balance', file, '--param', 'target', '--from', '20', '--to', '22', ...race], 'no value was played'],
      [['tournament', file, 'random', 'random:seed=2', '--seed', '1', '--workers', '1', '--no-progress'], 'no game was played'],
    ];
    for (const [args, kept] of runs) {
      const before = loads();
      const p = start(args);
      await until(() => loads() > before, `${args[0]} to begin loading`);
      const end = await interrupt(p);
      expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
      expect(end.code).toBe(130);
      expect(end.stderr).toBe(
        `\nstopping: saving the finished games (Ctrl-C again to quit at once)\nstopped before the first game: ${kept}\n`,
      );
    }
    expect(existsSync(join(out, 'games.csv'))).toBe(false);
  });

  it('while sim loads a 99x99 map (the largest the format allows): it ends within the bound', async () => {
    const big = writeTiledScenario(join(root, 'scenarios/pg3/pg3-large.json'), join(tmp, 'pg3-99x99.json'), 99, 99);
    const p = start(['sim', big, '--games', '2', '--workers', '1', '--no-progress', '--out', join(tmp, 'int-big-map')]);
    // Started and well into the load (the command line itself takes well under this).
    await new Promise((r) => setTimeout(r, 2500));
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code === 130 || end.signal === 'SIGINT').toBe(true);
  });

  it('while --resume reconciles a run of a million games: it ends within the bound and the run is as it was', async () => {
    const { file, loads } = slowScenario('big-run', 0);
    const out = join(tmp, 'int-big-resume');
    // Without turns.csv: a games.csv row with no turn lines would be a game to play again.
    expect(tacsim(['sim', file, '--games', '20', '--out', out, '--no-turns', ...race]).code).toBe(0);
    // A million finished games: the first 20 rows again and again, renumbered.
    const [header, ...rows] = readFileSync(join(out, 'games.csv'), 'utf8').trimEnd().split('\n');
    const lines = [header!];
    for (let g = 0; g < 1_000_000; g++) lines.push(`${g}${rows[g % rows.length]!.slice(rows[g % rows.length]!.indexOf(','))}`);
    const csv = `${lines.join('\n')}\n`;
    writeFileSync(join(out, 'games.csv'), csv);
    const runFile = join(out, 'run.json');
    const run = JSON.parse(readFileSync(runFile, 'utf8')) as { games: number };
    writeFileSync(runFile, JSON.stringify({ ...run, games: 1_000_010 }));
    const runBefore = readFileSync(runFile, 'utf8');
    const before = loads();
    const p = start(['sim', '--resume', out, '--workers', '1', '--no-progress']);
    await until(() => loads() > before, 'the resume to load its scenario');
    // The rewrite of games.csv in game order has begun (beside the file, renamed over it at the end).
    await until(() => readdirSync(out).some((f) => f.startsWith('games.csv.tmp-')), 'the rewrite of games.csv');
    const end = await interrupt(p);
    expect(end.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(end.code).toBe(130);
    expect(end.stderr).toMatch(
      /stopped before the first game: the run in .* keeps every finished game; carry on with: tacsim sim --resume /,
    );
    expect(readFileSync(join(out, 'games.csv'), 'utf8') === csv).toBe(true);
    expect(readFileSync(runFile, 'utf8')).toBe(runBefore);
    expect(readdirSync(out).sort()).toEqual(['games.csv', 'run.json', 'summary.json']);
  });
});

describe('a run killed outright, then resumed', () => {
  it('keeps every game that had finished (the journal), plays only the rest, and equals an uninterrupted run', async () => {
    const out = join(tmp, 'killed');
    // With seed k6 only game 7 never ends: one worker sticks there, the other plays on.
    const p = start(endlessRun(out, '--games', '30', '--workers', '2', '--game-time-limit', '0', '--seed', 'k6'));
    await until(() => journalGames(out).length >= 10, 'ten finished games');
    // games.csv waits in game order for game 7; the journal holds what finished after it.
    expect(gamesOf(join(out, 'games.csv')).length).toBeLessThan(10);
    p.child.kill('SIGKILL');
    await p.exited;
    const finished = new Set([...journalGames(out), ...gamesOf(join(out, 'games.csv'))]);
    expect(finished.size).toBeGreaterThanOrEqual(10);
    const resumed = await runSimulation({ resume: out, gameTimeLimitMs: 300, workers: 2 });
    expect(resumed.recorded).toBe(30);
    expect(resumed.played).toBe(30 - finished.size);
    const full = join(tmp, 'unkilled');
    tacsim(endlessRun(full, '--games', '30', '--workers', '2', '--game-time-limit', '0.3', '--seed', 'k6'));
    const strip = (dir: string) =>
      parseCsv(readFileSync(join(dir, 'games.csv'), 'utf8')).map((r) => r.filter((_, i) => i !== r.length - 2));
    expect(strip(out)).toEqual(strip(full));
  });
});

describe('resume refuses what would mix two runs', () => {
  it('a scenario edited between stop and resume, or other agents: exit 2 saying why, the run left as it was', () => {
    const scenario = join(tmp, 'race-to-edit.json');
    copyFileSync(endlessScenario, scenario);
    const out = join(tmp, 'edited');
    expect(
      tacsim([
        'sim',
        scenario,
        '--games',
        '6',
        '--agent',
        'east=random',
        '--agent',
        'west=random',
        '--seed',
        '1',
        '--no-progress',
        '--out',
        out,
      ]).code,
    ).toBe(0);
    const before = readFileSync(join(out, 'games.csv'), 'utf8');
    const agents = tacsim(['sim', '--resume', out, '--games', '12', '--agent', 'east=scripted', '--no-progress']);
    expect(agents.code).toBe(2);
    expect(agents.stderr).toMatch(/^tacsim: --resume: the agent east=scripted differs from the run's east=random .*\n$/);
    writeFileSync(scenario, readFileSync(scenario, 'utf8').replace('"turns": 20', '"turns": 12'));
    const edited = tacsim(['sim', '--resume', out, '--games', '12', '--no-progress']);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(/^tacsim: --resume: .*race-to-edit\.json has changed since the run began .*start a new run instead\n$/);
    expect(readFileSync(join(out, 'games.csv'), 'utf8')).toBe(before);
  });
});

describe('play', () => {
  it('a save that cannot be written is said at the prompt and the game goes on to its end', () => {
    const record = join(tmp, 'after-failed-save.json');
    const answers = `save /proc/x/y.json\nsave ${tmp}\n${Array.from({ length: 400 }, () => '1\ny\n').join('')}`;
    const r = tacsim(['play', miniScenario, '--side', 'red', '--ai', 'scripted', '--seed', '5', '--record', record], answers);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${tmp}: cannot write the game record (EISDIR)`);
    if (hasProc) expect(r.stdout).toContain('/proc/x/y.json: cannot write the game record (ENOENT)');
    expect(r.stdout).toMatch(/Game over after turn 4/);
    expect(existsSync(record)).toBe(true);
  });

  it('a --record path that cannot be written is found before the game starts', () => {
    const r = tacsim(['play', miniScenario, '--side', 'red', '--ai', 'scripted', '--record', join(tmp, 'no-such-folder', 'g.json')], '1\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `tacsim: --record: no folder ${join(tmp, 'no-such-folder')} to write ${join(tmp, 'no-such-folder', 'g.json')} in\n`,
    );
  });
});
