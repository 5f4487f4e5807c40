import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { balanceSearch, formatBalance, rangeValues } from '../../src/harness/balance.js';
import { gamesPerSecond } from '../../src/harness/bench-workers.js';
import { registerSimCommands } from '../../src/harness/cli.js';
import { createProgress } from '../../src/harness/progress.js';
import { formatRoundRobin, roundRobin } from '../../src/harness/roundrobin.js';
import { runSimulation } from '../../src/harness/run.js';
import { formatSummary } from '../../src/harness/summary.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtureModule = join(root, 'dist/src/harness/testing/dice-race.js');
const scenario = join(root, 'tests/harness/fixtures/dice-race.json');
const modules = { systemModule: fixtureModule, agentModule: fixtureModule };
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-balance-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('balance search', () => {
  it('finds the head start that evens a race between unequal agents', async () => {
    // "two" (two dice) beats "one" (one die); a head start for east ("one") compensates.
    const r = await balanceSearch({
      scenario,
      ...modules,
      agents: { east: 'one', west: 'two' },
      param: 'headStart',
      from: 0,
      to: 12,
      step: 4,
      gamesPerValue: 300,
      batch: 100,
      seed: 'bal',
      workers: 2,
    });
    expect(r.rows.map((x) => x.value)).toEqual([0, 4, 8, 12]);
    expect(r.rows[0]!.winRate).toBeLessThan(0.5);
    expect(r.rows[0]!.stop).toBe('clearly-uneven');
    expect(r.rows[3]!.winRate).toBeGreaterThan(r.rows[0]!.winRate);
    expect(r.best).not.toBeNull();
    expect(r.estimate).not.toBeNull();
    expect(r.estimate!).toBeGreaterThan(0);
    expect(r.estimate!).toBeLessThan(12);
    expect(formatBalance(r)).toMatch(/closest to even: headStart = /);
  });

  it('rejects unknown parameters and values out of range', async () => {
    await expect(
      balanceSearch({ scenario, ...modules, agents: { east: 'one', west: 'two' }, param: 'nope', from: 0, to: 1, step: 1 }),
    ).rejects.toThrow(/no parameter "nope".*headStart/);
    await expect(
      balanceSearch({ scenario, ...modules, agents: { east: 'one', west: 'two' }, param: 'headStart', from: 0, to: 40, step: 10 }),
    ).rejects.toThrow(/within -20 to 20/);
    expect(rangeValues(1, 0, 0.25)).toEqual([1, 0.75, 0.5, 0.25, 0]);
    expect(() => rangeValues(0, 1, 0)).toThrow(/positive/);
  });
});

describe('round robin', () => {
  it('rates the specs with Bradley-Terry', async () => {
    const r = await roundRobin(['one', 'two', 'random'], { scenario, ...modules, gamesPerPair: 100, seed: 'rr', workers: 2 });
    expect(r.pairs).toHaveLength(3);
    const elo = Object.fromEntries(r.ratings.map((x) => [x.name, x.elo]));
    expect(elo.two).toBeGreaterThan(elo.one!);
    expect(r.ratings.every((x) => x.ci95[0]! < x.elo && x.elo < x.ci95[1]!)).toBe(true);
    expect(formatRoundRobin(r)).toMatch(/two vs random|one vs two/);
  });
});

describe('progress', () => {
  it('writes plain lines when not a TTY and a bar on a TTY', () => {
    const chunks: string[] = [];
    const stream = {
      write: (s: string) => {
        chunks.push(s);
        return true;
      },
    } as unknown as NodeJS.WritableStream;
    const plain = createProgress({ total: 10, stream, tty: false, intervalMs: 0 });
    for (let i = 0; i < 3; i++) plain.tick();
    plain.finish();
    expect(chunks.at(-1)).toMatch(/^3\/10 games .*\/s ETA/);
    chunks.length = 0;
    const bar = createProgress({ total: 4, stream, tty: true, intervalMs: 0 });
    bar.tick();
    expect(chunks.at(-1)).toMatch(/\r.*\[#+\.+\]\s+25% 1\/4 games/);
    bar.finish();
  });

  it('gives slow games (minutes each, as MCTS plays) as seconds per game, not 0.0/s', () => {
    vi.useFakeTimers();
    try {
      const chunks: string[] = [];
      const stream = {
        write: (s: string) => {
          chunks.push(s);
          return true;
        },
      } as unknown as NodeJS.WritableStream;
      const p = createProgress({ total: 60, stream, tty: false, intervalMs: 0 });
      vi.advanceTimersByTime(240_000);
      p.tick();
      p.tick();
      expect(chunks.at(-1)).toBe('2/60 games 120 s each ETA 1:56:00\n');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('bench', () => {
  it('measures games per second', async () => {
    const rate = await gamesPerSecond(scenario, ['random', 'random'], 1, 50, modules);
    expect(rate).toBeGreaterThan(0);
  });
});

describe('memory', () => {
  it('stays flat over a 10,000-game run', async () => {
    // The heap's peak over the first 1,000 games (pool start-up, warm-up garbage) against its peak after:
    // rows are streamed to disk, so the heap must not grow with the games (generous bound for GC timing).
    let early = 0;
    let late = 0;
    let n = 0;
    const r = await runSimulation({
      scenario,
      ...modules,
      agents: { east: 'random', west: 'two' },
      seed: 'mem',
      games: 10_000,
      workers: 2,
      out: join(tmp, 'mem'),
      onRow: () => {
        if (++n % 250 !== 0) return;
        const used = process.memoryUsage().heapUsed;
        if (n <= 1000) early = Math.max(early, used);
        else late = Math.max(late, used);
      },
    });
    expect(r.recorded).toBe(10_000);
    expect(r.summary.games).toBe(10_000);
    expect(early).toBeGreaterThan(0);
    expect(late - early).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('CLI', () => {
  const program = () => {
    const p = new Command().exitOverride();
    registerSimCommands(p);
    return p;
  };
  const fixtureFlags = ['--system-module', fixtureModule, '--agent-module', fixtureModule, '--no-progress'];

  it('runs sim and prints the summary; failed games set exit code 1', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await program().parseAsync([
        'node',
        'tacsim',
        'sim',
        scenario,
        '--games',
        '20',
        '--agent',
        'east=random',
        '--agent',
        'west=two',
        '--seed',
        's',
        '--workers',
        '1',
        '--out',
        join(tmp, 'cli'),
        '--json',
        ...fixtureFlags,
      ]);
      const printed = JSON.parse(out.mock.calls.map((c) => String(c[0])).join(''));
      expect(printed.games).toBe(20);
      expect(printed.agents).toEqual({ east: 'random', west: 'two' });
      expect(process.exitCode ?? 0).toBe(0);
      out.mockClear();
      await program().parseAsync([
        'node',
        'tacsim',
        'sim',
        scenario,
        '--games',
        '10',
        '--agent',
        'east=throw',
        '--agent',
        'west=two',
        '--seed',
        's',
        '--workers',
        '1',
        '--out',
        join(tmp, 'cli-fail'),
        ...fixtureFlags,
      ]);
      expect(process.exitCode).toBe(1);
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/10 game\(s\) failed/);
    } finally {
      process.exitCode = 0;
      out.mockRestore();
      err.mockRestore();
    }
  });

  it('bad flags are InputErrors with one clear message', async () => {
    await expect(program().parseAsync(['node', 'tacsim', 'sim', scenario, '--games', 'many', ...fixtureFlags])).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/--games must be a whole number/),
    });
    await expect(program().parseAsync(['node', 'tacsim', 'sim', scenario, '--agent', 'east', ...fixtureFlags])).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/--agent takes SIDE=SPEC/),
    });
    await expect(program().parseAsync(['node', 'tacsim', 'sim', scenario, '--set', 'x', ...fixtureFlags])).rejects.toMatchObject({
      name: 'InputError',
    });
    await expect(
      program().parseAsync(['node', 'tacsim', 'balance', scenario, '--param', 'headStart', '--from', 'a', '--to', '2', ...fixtureFlags]),
    ).rejects.toMatchObject({ name: 'InputError', message: expect.stringMatching(/--from must be a number/) });
  });

  it('formats a readable summary table', async () => {
    const r = await runSimulation({
      scenario,
      ...modules,
      agents: { east: 'random', west: 'two' },
      swap: true,
      seed: 't',
      games: 40,
      workers: 1,
      out: join(tmp, 'fmt'),
    });
    const text = formatSummary(r.summary);
    // side, wins, draws, losses, win rate, interval; the definition of the win rate under the table.
    expect(text).toMatch(/east\s+\d+\s+\d+\s+\d+\s+[\d.]+%\s+[\d.]+%–[\d.]+%/);
    expect(text).toMatch(/win rate = wins plus half the draws/);
    expect(text).toMatch(/VP margin \(east - west\)/);
    expect(text).toMatch(/turn-1 initiative winner won/);
    expect(text).toMatch(/^two\s+40/m);
    expect(JSON.parse(readFileSync(r.files.summary, 'utf8')).agentSpecs.random.games).toBe(40);
  });
});
