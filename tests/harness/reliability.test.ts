/**
 * Runs at the edges (issue 13): games that never end, stops while workers are stuck, resumes of runs
 * whose files or settings changed or whose files were cut by a kill, and limits on sizes and paths.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/core/rng.js';
import { parseCsv } from '../../src/harness/csv.js';
import { ensureOutputDir, checkOutputFile } from '../../src/harness/output.js';
import { GameRunner } from '../../src/harness/pool.js';
import { checkFingerprint, JOURNAL_FILE, runSimulation, type SimulationOptions } from '../../src/harness/run.js';
import type { GameRow } from '../../src/harness/types.js';
import { isEndless } from '../fixtures/endless/system.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const raceModule = join(root, 'dist/src/harness/testing/dice-race.js');
const raceScenario = join(root, 'tests/harness/fixtures/dice-race.json');
const endlessModule = join(root, 'dist/tests/fixtures/endless/system.js');
const endlessScenario = join(root, 'tests/fixtures/endless/endless-race.json');
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-reliability-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let outN = 0;
const out = () => join(tmp, `run-${outN++}`);

const race = (over: Partial<SimulationOptions>): SimulationOptions => ({
  scenario: raceScenario,
  systemModule: raceModule,
  agentModule: raceModule,
  agents: { east: 'random', west: 'random' },
  seed: 'rel',
  workers: 1,
  ...over,
});

/** A run of the endless race: games whose dice say so (isEndless) loop forever from turn 3. */
const ENDLESS_RATE = 0.15;
const endless = (over: Partial<SimulationOptions>): SimulationOptions => ({
  scenario: endlessScenario,
  systemModule: endlessModule,
  agentModule: raceModule,
  agents: { east: 'random', west: 'random' },
  scenarioOptions: { set: { endlessRate: ENDLESS_RATE } },
  seed: 'e',
  workers: 2,
  ...over,
});
const endlessGames = (seed: string, games: number) =>
  Array.from({ length: games }, (_, i) => i).filter((i) => isEndless(deriveSeed(seed, i), ENDLESS_RATE));

function csvRows(dir: string): string[][] {
  return parseCsv(readFileSync(join(dir, 'games.csv'), 'utf8'));
}
/** games.csv without the ms column (the only column that is not deterministic). */
function csvWithoutMs(dir: string): string {
  const rows = csvRows(dir);
  const ms = rows[0]!.indexOf('ms');
  return rows.map((r) => r.filter((_, i) => i !== ms).join(',')).join('\n');
}

describe('a game that never ends', () => {
  it('is an error row after the time limit; its worker is replaced and every other game is recorded', async () => {
    const stuck = endlessGames('e', 30);
    // More stuck games than workers: without replacement the pool would have none left.
    expect(stuck.length).toBeGreaterThan(2);
    const r = await runSimulation(endless({ games: 30, gameTimeLimitMs: 300, out: out() }));
    expect(r.recorded).toBe(30);
    const rows = csvRows(r.outDir);
    const [game, error] = [rows[0]!.indexOf('game'), rows[0]!.indexOf('error')];
    expect(rows.slice(1).map((x) => Number(x[game]))).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const failed = rows.slice(1).filter((x) => x[error] !== '');
    expect(failed.map((x) => Number(x[game]))).toEqual(stuck);
    for (const x of failed) expect(x[error]).toMatch(/exceeded the time limit of 0.3 s per game/);
    expect(r.failed).toBe(stuck.length);
    expect(existsSync(join(r.outDir, JOURNAL_FILE))).toBe(false);
  });

  it('a stop while workers are stuck in such games returns with the finished games saved; the resume equals an uninterrupted run', async () => {
    const dir = out();
    const controller = new AbortController();
    let seen = 0;
    const r = await runSimulation(
      endless({
        games: 40,
        gameTimeLimitMs: 0,
        out: dir,
        signal: controller.signal,
        batchSize: 1,
        // Game 3 never ends, so rows reach onRow (in game order) up to game 2: stop then.
        onRow: () => {
          if (++seen === 2) controller.abort();
        },
      }),
    );
    expect(r.aborted).toBe(true);
    expect(r.recorded).toBeGreaterThanOrEqual(2);
    const rows = csvRows(dir);
    expect(rows.length - 1).toBe(r.recorded);
    const stuck = new Set(endlessGames('e', 40));
    expect(rows.slice(1).some((x) => stuck.has(Number(x[0])))).toBe(false);
    expect(existsSync(join(dir, JOURNAL_FILE))).toBe(false);
    const resumed = await runSimulation({ resume: dir, gameTimeLimitMs: 300, workers: 2 });
    expect(resumed.recorded).toBe(40);
    const full = await runSimulation(endless({ games: 40, gameTimeLimitMs: 300, out: out() }));
    expect(csvWithoutMs(dir)).toEqual(csvWithoutMs(full.outDir));
  });
});

describe('resume', () => {
  it('refuses, saying why, when the scenario file changed since the run began', async () => {
    const scenario = join(tmp, 'race-edited.json');
    copyFileSync(raceScenario, scenario);
    const dir = out();
    await runSimulation(race({ scenario, games: 10, out: dir }));
    writeFileSync(scenario, readFileSync(scenario, 'utf8').replace('"turns": 20', '"turns": 12'));
    await expect(runSimulation({ resume: dir, games: 20 })).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/race-edited\.json has changed since the run began/),
    });
    expect(csvRows(dir)).toHaveLength(11);
  });

  it('accepts the same scenario contents read from other paths (a run folder carried to another clone), and names a changed file', () => {
    const saved = { files: { '/home/a/tacsim/scenarios/s.json': 'h1', '/home/a/tacsim/scenarios/charts.json': 'h2' } };
    const moved = { files: { '/tmp/clone/scenarios/s.json': 'h1', '/tmp/clone/scenarios/charts.json': 'h2' } };
    expect(() => checkFingerprint(saved, moved, 'run.json')).not.toThrow();
    const edited = { files: { '/home/a/tacsim/scenarios/s.json': 'h3', '/home/a/tacsim/scenarios/charts.json': 'h2' } };
    expect(() => checkFingerprint(saved, edited, 'run.json')).toThrow(/s\.json has changed since the run began \(run\.json\)/);
  });

  it('warns, and carries on, when another build of tacsim resumes the run: the new games may not play as the old ones did', async () => {
    const dir = out();
    await runSimulation(race({ games: 4, out: dir }));
    const runFile = join(dir, 'run.json');
    const saved = JSON.parse(readFileSync(runFile, 'utf8')) as { fingerprint: { program?: string } };
    expect(saved.fingerprint.program).toMatch(/^[0-9a-f]{16}$/);
    const quiet: string[] = [];
    await runSimulation({ resume: dir, games: 6, onWarning: (m) => quiet.push(m) });
    expect(quiet).toEqual([]);
    writeFileSync(runFile, JSON.stringify({ ...saved, fingerprint: { ...saved.fingerprint, program: '0123456789abcdef' } }));
    const warned: string[] = [];
    const resumed = await runSimulation({ resume: dir, games: 8, onWarning: (m) => warned.push(m) });
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(
      /program that plays the games has changed since the run began .*run\.json: build 0123456789abcdef, now [0-9a-f]{16}/,
    );
    expect(resumed.recorded).toBe(8);
    const files = { '/a/s.json': 'h1' };
    expect(checkFingerprint({ files }, { files, program: 'b2' }, 'run.json')).toBeUndefined(); // a run made before builds were kept
  });

  it('refuses settings that differ from the run: agents, scenario options, swap, action limit, records', async () => {
    const dir = out();
    await runSimulation(race({ games: 4, out: dir }));
    const refused = (over: Partial<SimulationOptions>, why: RegExp) =>
      expect(runSimulation({ resume: dir, games: 8, ...over })).rejects.toMatchObject({
        name: 'InputError',
        message: expect.stringMatching(why),
      });
    await refused({ agents: { east: 'two' } }, /agent east=two differs from the run's east=random/);
    await refused({ scenarioOptions: { set: { turns: 5 } } }, /scenario options .* differ/);
    await refused({ swap: true }, /made without --swap/);
    await refused({ maxActions: 7 }, /--max-actions 7 differs/);
    await refused({ records: true }, /made without --records/);
    // The same settings given again are fine.
    const same = await runSimulation({ resume: dir, games: 8, agents: { east: 'random' }, scenarioOptions: {} });
    expect(same.recorded).toBe(8);
  });

  it('--games below the games already recorded is refused and run.json keeps the run as it is', async () => {
    const dir = out();
    await runSimulation(race({ games: 40, out: dir }));
    const before = readFileSync(join(dir, 'run.json'), 'utf8');
    await expect(runSimulation({ resume: dir, games: 10 })).rejects.toThrow(/--games 10 would drop 30 of them/);
    expect(readFileSync(join(dir, 'run.json'), 'utf8')).toBe(before);
    expect(JSON.parse(before).games).toBe(40);
  });

  it('reconciles games.jsonl with games.csv: a half-written last line and rows in one file only are played again, once', async () => {
    const full = await runSimulation(race({ games: 30, records: true, out: out() }));
    const dir = out();
    await runSimulation(race({ games: 30, records: true, out: dir }));
    // As if killed: games.csv has games 0-19, games.jsonl games 0-24 and half of game 25's line.
    const csvText = readFileSync(join(dir, 'games.csv'), 'utf8').split('\n');
    writeFileSync(join(dir, 'games.csv'), `${csvText.slice(0, 21).join('\n')}\n`);
    const lines = readFileSync(join(dir, 'games.jsonl'), 'utf8').split('\n');
    writeFileSync(join(dir, 'games.jsonl'), `${lines.slice(0, 25).join('\n')}\n${lines[25]!.slice(0, 40)}`);
    const resumed = await runSimulation({ resume: dir });
    expect(resumed.played).toBe(10);
    expect(readFileSync(join(dir, 'games.jsonl'), 'utf8')).toBe(readFileSync(full.files.records!, 'utf8'));
    expect(csvWithoutMs(dir)).toEqual(csvWithoutMs(full.outDir));
  });

  it('takes the rows of the journal (games that finished while games.csv waited for an earlier one) without playing them again', async () => {
    const rows: GameRow[] = [];
    const full = await runSimulation(race({ games: 30, out: out(), onRow: (row) => rows.push(row) }));
    const dir = out();
    await runSimulation(race({ games: 30, out: dir }));
    // As if killed while game 10 was slow: games.csv stops at game 9, the journal has 11-29, its last line cut.
    const csvText = readFileSync(join(dir, 'games.csv'), 'utf8').split('\n');
    writeFileSync(join(dir, 'games.csv'), `${csvText.slice(0, 11).join('\n')}\n`);
    const journal = rows.slice(11).map((row) => JSON.stringify(row));
    writeFileSync(join(dir, JOURNAL_FILE), `${journal.join('\n')}\n${journal[0]!.slice(0, 30)}`);
    const resumed = await runSimulation({ resume: dir });
    expect(resumed.played).toBe(1);
    expect(csvWithoutMs(dir)).toEqual(csvWithoutMs(full.outDir));
    expect(existsSync(join(dir, JOURNAL_FILE))).toBe(false);
  });
});

describe('limits and output paths', () => {
  it('--games and --workers have caps with clear messages', async () => {
    await expect(runSimulation(race({ games: 200_000_000, out: out() }))).rejects.toThrow(
      /at most 10,000,000 games a run, not 200,000,000/,
    );
    const config = {
      scenario: raceScenario,
      scenarioOptions: {},
      agents: { east: 'random', west: 'random' },
      seed: 's',
      swap: false,
      maxActions: 100,
      records: false,
    };
    await expect(GameRunner.create(config, 1000)).rejects.toThrow(/workers must be a whole number from 0 to 256, not 1000/);
  });

  it('an output folder that is a file, or lies under one, is bad input before any game', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'x');
    await expect(runSimulation(race({ games: 2, out: file }))).rejects.toMatchObject({
      name: 'InputError',
      message: `--out: ${file} is a file, not a folder`,
    });
    await expect(runSimulation(race({ games: 2, out: join(file, 'sub') }))).rejects.toMatchObject({ name: 'InputError' });
    expect(ensureOutputDir(join(tmp, 'new', 'deeper'))).toBe(join(tmp, 'new', 'deeper'));
    expect(() => checkOutputFile(join(tmp, 'no-such-folder', 'game.json'), '--record')).toThrow(/--record: no folder/);
    expect(() => checkOutputFile(tmp, '--record')).toThrow(/is a folder, not a file/);
    expect(checkOutputFile(join(tmp, 'game.json'), '--record')).toBe(join(tmp, 'game.json'));
    expect(existsSync(join(tmp, 'game.json'))).toBe(false);
  });

  it.skipIf(!existsSync('/proc/self'))('a folder under /proc is refused at once (recursive mkdir loops forever there)', () => {
    expect(() => ensureOutputDir('/proc/tacsim-x/y')).toThrow(/--out: cannot create the folder \/proc\/tacsim-x/);
  });
});
