import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/harness/csv.js';
import { runMatch } from '../../src/harness/match.js';
import { runSimulation, type SimulationOptions } from '../../src/harness/run.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtureModule = join(root, 'dist/src/harness/testing/dice-race.js');
const scenario = join(root, 'tests/harness/fixtures/dice-race.json');
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-harness-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const base = (over: Partial<SimulationOptions>): SimulationOptions => ({
  scenario,
  systemModule: fixtureModule,
  agentModule: fixtureModule,
  agents: { east: 'random', west: 'random' },
  seed: 'fixture',
  ...over,
});

/** games.csv without the ms column (the only column that is not deterministic). */
function csvWithoutMs(dir: string): string {
  const rows = parseCsv(readFileSync(join(dir, 'games.csv'), 'utf8'));
  const ms = rows[0]!.indexOf('ms');
  return rows.map((r) => r.filter((_, i) => i !== ms).join(',')).join('\n');
}

let outN = 0;
const out = () => join(tmp, `run-${outN++}`);

describe('runMatch', () => {
  it('plays one game in-process, deterministic by seed, with action keys', async () => {
    const opts = {
      scenario,
      systemModule: fixtureModule,
      agentModule: fixtureModule,
      agents: { east: 'random', west: 'two' },
      seed: 'abc',
      records: true,
    };
    const a = await runMatch(opts);
    const b = await runMatch(opts);
    expect(a.error).toBeNull();
    expect(a.actions).toBeGreaterThan(0);
    expect(a.actionKeys).toHaveLength(a.actions);
    expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
    expect(a.agents).toEqual(['random', 'two']);
  });

  it('records an exceeded action limit as an error', async () => {
    const row = await runMatch({
      scenario,
      systemModule: fixtureModule,
      agentModule: fixtureModule,
      agents: ['random', 'random'],
      seed: 1,
      maxActions: 3,
    });
    expect(row.error).toMatch(/limit of 3 actions/);
    expect(row.actions).toBe(3);
  });
});

describe('runSimulation', () => {
  it('plays the same games on 1 and 2 workers with an MCTS that continues its trees (reuse=true, pg3-tiny)', async () => {
    // A worker keeps an agent from game to game, so a kept tree must never carry into another game.
    const run = (workers: number) =>
      runSimulation({
        scenario: 'pg3-tiny',
        agents: { german: 'mcts:iterations=40,rolloutDepth=4,reuse=true', soviet: 'scripted' },
        swap: true,
        games: 6,
        seed: 'reuse',
        workers,
        out: out(),
        progress: false,
      });
    const a = await run(1);
    const b = await run(2);
    expect(a.failed).toBe(0);
    expect(csvWithoutMs(a.outDir)).toEqual(csvWithoutMs(b.outDir));
  });

  it('writes the same games.csv with 1 and 2 workers', async () => {
    const a = await runSimulation(base({ games: 200, workers: 1, out: out(), swap: true, agents: { east: 'random', west: 'two' } }));
    const b = await runSimulation(
      base({ games: 200, workers: 2, out: out(), swap: true, agents: { east: 'random', west: 'two' }, batchSize: 7 }),
    );
    expect(a.recorded).toBe(200);
    expect(a.failed).toBe(0);
    expect(csvWithoutMs(a.outDir)).toEqual(csvWithoutMs(b.outDir));
    const header = parseCsv(readFileSync(a.files.games, 'utf8'))[0]!;
    expect(header).toEqual([
      'game',
      'seed',
      'agent_east',
      'agent_west',
      'winner',
      'victory_level',
      'turns',
      'vp_east',
      'vp_west',
      'steps_lost_east',
      'steps_lost_west',
      'initiative_turn1',
      'actions',
      'ms',
      'error',
    ]);
    const summary = JSON.parse(readFileSync(a.files.summary, 'utf8'));
    expect(summary.games).toBe(200);
    expect(summary.sides.east.ci95).toHaveLength(2);
    // Swap: each spec played each side 100 times.
    expect(summary.agentSpecs.two.bySide.east.games).toBe(100);
    expect(summary.agentSpecs.two.bySide.west.games).toBe(100);
    expect(summary.agentSpecs.two.winRate).toBeGreaterThan(summary.agentSpecs.random.winRate);
    const { files, outDir, ...restA } = a;
    void files;
    void outDir;
    expect(restA.summary.sides).toEqual(b.summary.sides);
  });

  it('same agent on both sides of the symmetric race: the interval contains 50%', async () => {
    const r = await runSimulation(base({ games: 400, workers: 2, out: out(), agents: { east: 'random', west: 'random' } }));
    const [lo, hi] = r.summary.sides.east!.ci95;
    expect(lo).toBeLessThan(0.5);
    expect(hi).toBeGreaterThan(0.5);
    expect(r.summary.markedSeats.initiative_turn1!.games).toBe(400);
    expect(r.summary.vpMargin).not.toBeNull();
  });

  it('records games that throw, with their seeds, and goes on', async () => {
    const r = await runSimulation(base({ games: 60, workers: 2, out: out(), scenarioOptions: { set: { failRate: 0.02 } } }));
    expect(r.recorded).toBe(60);
    expect(r.failed).toBeGreaterThan(0);
    expect(r.failed).toBeLessThan(60);
    const rows = parseCsv(readFileSync(r.files.games, 'utf8'));
    const err = rows[0]!.indexOf('error');
    const bad = rows.slice(1).filter((x) => x[err] !== '');
    expect(bad).toHaveLength(r.failed);
    expect(bad[0]![err]).toMatch(/injected failure/);
    expect(bad[0]![1]).toMatch(/^fixture\/\d+$/);
    expect(r.summary.errors).toBe(r.failed);
    // An agent that throws is a failed game too.
    const t = await runSimulation(base({ games: 4, workers: 1, out: out(), agents: { east: 'throw', west: 'random' } }));
    expect(t.failed).toBe(4);
  });

  it('replaces a worker that dies and reruns its games', async () => {
    const marker = join(tmp, 'exit-marker');
    const agents = { east: `exit-once:${marker}`, west: 'random' };
    const r = await runSimulation(base({ games: 40, workers: 2, out: out(), agents, batchSize: 5 }));
    expect(existsSync(marker)).toBe(true);
    expect(r.recorded).toBe(40);
    expect(r.failed).toBe(0);
    // Same games as a run in which no worker died (the marker now exists, so nobody exits).
    const again = await runSimulation(base({ games: 40, workers: 1, out: out(), agents }));
    expect(csvWithoutMs(r.outDir)).toEqual(csvWithoutMs(again.outDir));
  });

  it('resumes a partial games.csv and ends with the same file as an uninterrupted run', async () => {
    const full = await runSimulation(base({ games: 120, workers: 2, out: out() }));
    // A partial run: 50 games, then the last row cut mid-write as if the process was killed.
    const dir = out();
    await runSimulation(base({ games: 50, workers: 1, out: dir }));
    const text = readFileSync(join(dir, 'games.csv'), 'utf8');
    writeFileSync(join(dir, 'games.csv'), text.slice(0, text.length - 10));
    const resumed = await runSimulation({ resume: dir, games: 120, workers: 2 });
    expect(resumed.recorded).toBe(120);
    expect(resumed.played).toBe(71);
    expect(csvWithoutMs(dir)).toEqual(csvWithoutMs(full.outDir));
    expect(resumed.summary.sides).toEqual(full.summary.sides);
    // Resuming a finished run plays nothing.
    const again = await runSimulation({ resume: dir });
    expect(again.played).toBe(0);
    expect(csvWithoutMs(dir)).toEqual(csvWithoutMs(full.outDir));
  });

  it('an abort keeps finished games; a resume after it completes the run', async () => {
    const controller = new AbortController();
    const dir = out();
    let seen = 0;
    const r = await runSimulation(
      base({
        games: 300,
        workers: 2,
        out: dir,
        agents: { east: 'slow:1', west: 'random' },
        signal: controller.signal,
        batchSize: 3,
        onRow: () => {
          if (++seen === 20) controller.abort();
        },
      }),
    );
    expect(r.aborted).toBe(true);
    expect(r.recorded).toBeGreaterThanOrEqual(20);
    expect(r.recorded).toBeLessThan(300);
    const rows = parseCsv(readFileSync(r.files.games, 'utf8'));
    expect(rows.length - 1).toBe(r.recorded);
    expect(JSON.parse(readFileSync(r.files.summary, 'utf8')).games).toBe(r.recorded);
    const resumed = await runSimulation({ resume: dir, workers: 2 });
    expect(resumed.recorded).toBe(300);
    const full = await runSimulation(base({ games: 300, workers: 2, out: out(), agents: { east: 'slow:1', west: 'random' } }));
    expect(csvWithoutMs(dir)).toEqual(csvWithoutMs(full.outDir));
  });

  it('writes replayable game records on request', async () => {
    const r = await runSimulation(base({ games: 5, workers: 1, out: out(), records: true }));
    const lines = readFileSync(r.files.records!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    const one = await runMatch({
      scenario,
      systemModule: fixtureModule,
      agentModule: fixtureModule,
      agents: lines[2].agents,
      seed: lines[2].seed,
      records: true,
    });
    expect(one.actionKeys).toEqual(lines[2].actions);
  });

  it('uses createAgent of agents/agent.js when no agent module is given', async () => {
    const row = await runMatch({ scenario, systemModule: fixtureModule, agents: ['random', 'random'], seed: 'real' });
    expect(row.error).toBeNull();
    const r = await runSimulation({
      scenario,
      systemModule: fixtureModule,
      agents: { east: 'random', west: 'random' },
      seed: 'real',
      games: 10,
      workers: 1,
      out: out(),
    });
    expect(r.failed).toBe(0);
    await expect(runSimulation({ scenario, systemModule: fixtureModule, agents: { east: 'bogus' }, games: 1, out: out() })).rejects.toThrow(
      /unknown agent "bogus"/,
    );
  });

  it('rejects unknown sides and agent specs with InputError', async () => {
    await expect(runSimulation(base({ games: 1, out: out(), agents: { north: 'random' } }))).rejects.toThrow(/no side "north"/);
    await expect(runSimulation(base({ games: 1, out: out(), agents: { east: 'nonsense' } }))).rejects.toThrow(/unknown dice-race agent/);
  });
});
