import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SUITES,
  benchScenario,
  playoutTask,
  registryScenarios,
  representativeScenarios,
  runScenarioSuites,
  runSuites,
  selectSuites,
  rateStats,
} from '../../benchmarks/suites.js';
import type { FigureResult } from '../../benchmarks/suites.js';
import { pairedRatio, tQuantile975 } from '../../benchmarks/paired.js';
import { againstCommand, compareRounds } from '../../benchmarks/against.js';
import { roundPlan, runRound, type RoundFigure } from '../../benchmarks/round.js';
import { packageRoot } from '../../benchmarks/run.js';
import { createRng } from '../../src/core/rng.js';
import { listShippedScenarios, listSystems } from '../../src/scenarios.js';
import {
  bestOfRuns,
  buildBaseline,
  compareToBaseline,
  figuresOf,
  playoutActionRates,
  thresholdFor,
  type Baseline,
  type BenchReport,
} from '../../benchmarks/run.js';

function figure(id: string, relative: number, extra: Partial<FigureResult> = {}): FigureResult {
  return {
    id,
    suite: id.split('.')[0]!,
    description: id,
    unit: 'ops',
    samples: 10,
    median: relative * 1000,
    p25: relative * 990,
    p75: relative * 1010,
    mad: relative * 5,
    relative,
    ...extra,
  };
}

function report(figures: FigureResult[], date = '2026-01-01T00:00:00.000Z'): BenchReport {
  return {
    version: 1,
    date,
    mode: 'full',
    filter: null,
    node: 'v20',
    platform: 'linux-x64',
    cpu: 'test',
    cpuCount: 2,
    seconds: 1,
    suites: [{ name: 'all', calibration: 1000, figures: [figure('all.calibration', 1), ...figures], seconds: 1 }],
  };
}

const MEASURED = [figure('hex.distance', 350_000), figure('rules.legal.pg3-tiny', 1200), figure('playout.pg3-large', 0.02)];

describe('benchmark suites', () => {
  it('define uniquely named suites', () => {
    const names = SUITES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['hex', 'rules', 'playout', 'agents', 'harness']);
  });

  // The timeout guards against a hang, not speed: quick mode still plays whole games (random playouts,
  // the harness with 1 and 2 workers) on every shipped scenario of every system.
  it('run every task once in quick mode: rules and playout figures for every shipped scenario of every registered system', async () => {
    const suites = await runSuites({ mode: 'quick' });
    expect(suites.map((s) => s.name)).toEqual(SUITES.map((s) => s.name));
    const ids = suites.flatMap((s) => s.figures.map((f) => f.id));
    expect(new Set(ids).size).toBe(ids.length);
    const systems = listSystems().map((s) => s.id);
    const shipped = listShippedScenarios()
      .filter((s) => systems.includes(s.system))
      .map((s) => s.id);
    expect(shipped.length).toBeGreaterThan(0);
    const perScenario = (prefix: string): string[] =>
      ids
        .filter((id) => id.startsWith(prefix) && !id.endsWith('.calibration'))
        .map((id) => id.slice(prefix.length))
        .sort();
    expect(perScenario('rules.legal.')).toEqual([...shipped].sort());
    expect(perScenario('rules.apply.')).toEqual([...shipped].sort());
    expect(perScenario('playout.')).toEqual([...shipped].sort());
    // Agents and the harness on one scenario per system, the one of median size.
    const reps = representativeScenarios().map((b) => b.id);
    expect(reps).toHaveLength(
      systems.filter((sys) => shipped.some((id) => listShippedScenarios().find((s) => s.id === id)!.system === sys)).length,
    );
    for (const id of reps) {
      for (const f of [`agents.scripted.${id}`, `agents.mcts.${id}`, `agents.mcts-search.${id}`, `harness.${id}.1w`, `harness.${id}.2w`])
        expect(ids).toContain(f);
    }
    for (const id of ['hex.distance', 'hex.los', 'agents.mcts.tictactoe']) expect(ids).toContain(id);
    for (const s of suites) {
      expect(s.calibration).toBeGreaterThan(0);
      expect(s.figures[0]!.id).toBe(`${s.name}.calibration`);
      for (const f of s.figures) {
        expect(f.error, `${f.id}: ${f.error}`).toBeUndefined();
        expect(f.samples).toBeGreaterThanOrEqual(1);
        expect(f.median).toBeGreaterThan(0);
        expect(Number.isFinite(f.relative)).toBe(true);
      }
    }
  }, 600_000);

  it('size each scenario from its own random games: mid-game at 40% of the mean length, about 2500 actions per playout op', () => {
    const all = registryScenarios();
    for (let i = 1; i < all.length; i++) {
      if (all[i]!.system === all[i - 1]!.system) expect(all[i]!.meanLength).toBeGreaterThanOrEqual(all[i - 1]!.meanLength);
    }
    for (const b of all) {
      expect(b.meanLength).toBeGreaterThan(0);
      expect(Math.abs(b.midPly - 0.4 * b.meanLength)).toBeLessThanOrEqual(25);
      expect(Math.log2(b.playoutGames) % 1).toBe(0);
      expect(b.playoutGames).toBeGreaterThanOrEqual(2);
      // Within a factor sqrt(2) of 2500 actions, unless the floor of 2 games applies.
      if (b.playoutGames > 2) {
        expect((b.playoutGames * b.meanLength) / 2500).toBeGreaterThan(Math.SQRT1_2);
        expect((b.playoutGames * b.meanLength) / 2500).toBeLessThan(Math.SQRT2);
      } else {
        expect(2500 / b.meanLength).toBeLessThan(2 * Math.SQRT2);
      }
    }
  });

  it('a playout op plays the games its figure declares: the actions it returns are the workload recorded in its details', () => {
    const b = registryScenarios()[0]!;
    const task = playoutTask(b, 'full');
    expect(task.unitsPerOp).toBe(b.playoutGames);
    expect(task.details!.gamesPerOp).toBe(b.playoutGames);
    const played = task.fn() as number;
    expect(played).toBe(task.details!.actions);
    expect(played / b.playoutGames).toBeGreaterThan(0.25 * b.meanLength);
  });

  it('runScenarioSuites times the rules, playout and agents figures of one scenario', async () => {
    const b = registryScenarios()[0]!;
    const suites = await runScenarioSuites(b.id, { mode: 'quick' });
    expect(suites.map((s) => s.name)).toEqual(['rules', 'playout', 'agents']);
    const ids = suites.flatMap((s) => s.figures.map((f) => f.id));
    expect(ids).toEqual([
      'rules.calibration',
      `rules.legal.${b.id}`,
      `rules.apply.${b.id}`,
      'playout.calibration',
      `playout.${b.id}`,
      'agents.calibration',
      `agents.scripted.${b.id}`,
      `agents.mcts.${b.id}`,
      `agents.mcts-search.${b.id}`,
    ]);
    for (const f of suites.flatMap((s) => s.figures)) expect(f.error, `${f.id}: ${f.error}`).toBeUndefined();
    expect(benchScenario(b.id)).toBe(b);
  });

  it('--filter selects whole suites by name, else figures by id', () => {
    expect(selectSuites('rules').map((s) => [s.suite.name, s.taskFilter])).toEqual([['rules', undefined]]);
    const byFigure = selectSuites('pg3-large');
    expect(byFigure).toHaveLength(SUITES.length);
    expect(byFigure.every((s) => s.taskFilter === 'pg3-large')).toBe(true);
  });

  it('a suite told which figures to keep builds only the scenarios of those figures', async () => {
    const suite = (name: string) => SUITES.find((x) => x.name === name)!;
    const playout = await suite('playout').build('quick', (id) => id === 'playout.pg3-tiny');
    expect(playout.map((t) => t.id)).toEqual(['playout.pg3-tiny']);
    const rules = await suite('rules').build('quick', (id) => id === 'rules.apply.pg3-tiny');
    expect(rules.map((t) => t.id)).toEqual(['rules.legal.pg3-tiny', 'rules.apply.pg3-tiny']);
    expect(registryScenarios((id) => id === 'pg3-tiny').map((b) => b.id)).toEqual(['pg3-tiny']);
  });

  it('computes rates from latencies: median and quartiles in units/s', () => {
    const st = rateStats([10, 10, 20, 5], 10); // rates 1000, 1000, 500, 2000
    expect(st.median).toBe(1000);
    expect(st.p25).toBe(875);
    expect(st.p75).toBe(1250);
  });

  it('a comparison round samples each task for --task-ms (warm-up capped at a quarter of it), self-timed suites for their iterations', () => {
    expect(roundPlan({ time: 2500, iterations: 10, warmupTime: 200, warmupIterations: 1 }, 400, 'full')).toEqual({
      warmupMs: 100,
      warmupOps: 1,
      sampleMs: 400,
      minOps: 10,
    });
    expect(roundPlan({ time: 0, iterations: 3, warmupTime: 0, warmupIterations: 1 }, 400, 'full')).toEqual({
      warmupMs: 0,
      warmupOps: 1,
      sampleMs: 0,
      minOps: 3,
    });
    expect(roundPlan({ time: 2500, iterations: 10, warmupTime: 200, warmupIterations: 1 }, 400, 'quick')).toEqual({
      warmupMs: 0,
      warmupOps: 0,
      sampleMs: 0,
      minOps: 1,
    });
  });
});

/** Paired rounds of a figure: the machine's speed drifts and jitters by round, both builds see the same drift. */
function syntheticRounds(seed: string, effect: number, rounds: number, jitter = 0.04): { old: number; new: number }[] {
  const rng = createRng(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Array.from({ length: rounds }, () => {
    const machine = 1000 * Math.exp(0.3 * normal()); // round-to-round drift, shared by the pair
    return { old: machine * Math.exp(jitter * normal()), new: machine * effect * Math.exp(jitter * normal()) };
  });
}

describe('side-by-side comparison (bench --against)', () => {
  it('Student t quantiles: the table and its tail', () => {
    expect(tQuantile975(1)).toBe(12.706);
    expect(tQuantile975(9)).toBe(2.262);
    expect(tQuantile975(30)).toBe(2.042);
    expect(tQuantile975(60)).toBeCloseTo(2.001, 2);
    expect(tQuantile975(1e9)).toBeCloseTo(1.96, 3);
    expect(tQuantile975(0)).toBeNaN();
  });

  it('a 10% slowdown under 30% round-to-round drift and 4% jitter: 10 paired rounds give an interval below 1', () => {
    const r = pairedRatio(syntheticRounds('paired/slow', 0.9, 10));
    expect(r.rounds).toBe(10);
    expect(r.verdict).toBe('slower');
    expect(r.high).toBeLessThan(1);
    expect(r.low).toBeLessThan(0.9);
    expect(r.high).toBeGreaterThan(0.9);
  });

  it('a 10% speed-up is "faster"; no change gives an interval around 1', () => {
    const fast = pairedRatio(syntheticRounds('paired/fast', 1.1, 10));
    expect(fast.verdict).toBe('faster');
    expect(fast.low).toBeGreaterThan(1);
    const same = pairedRatio(syntheticRounds('paired/same', 1, 10));
    expect(same.verdict).toBe('no clear change');
    expect(same.low).toBeLessThan(1);
    expect(same.high).toBeGreaterThan(1);
  });

  it('a 1.5% difference measured precisely is "within noise", not slower: a build against itself can differ that much', () => {
    const r = pairedRatio(syntheticRounds('paired/small', 0.985, 10, 0.005));
    expect(r.high).toBeLessThan(1);
    expect(r.verdict).toBe('within noise');
    expect(pairedRatio(syntheticRounds('paired/small', 0.985, 10, 0.005), 0.01).verdict).toBe('slower');
  });

  it('rounds in crossover blocks: a 5% advantage of going first, alternating by round, is cancelled within each block of two', () => {
    const rounds = syntheticRounds('paired/crossover', 0.9, 10, 0.01).map((p, i) => ({
      ...p,
      new: p.new * (i % 2 === 0 ? 0.95 : 1 / 0.95),
    }));
    const blocked = pairedRatio(rounds, 0.03, 2);
    const unblocked = pairedRatio(rounds, 0.03, 1);
    expect(blocked.rounds).toBe(10);
    expect(blocked.verdict).toBe('slower');
    expect(blocked.low).toBeGreaterThan(0.87);
    expect(blocked.high).toBeLessThan(0.93);
    expect(blocked.high - blocked.low).toBeLessThan((unblocked.high - unblocked.low) / 2);
    // A trailing round without its partner is left out, and so is a block with a failed round.
    expect(pairedRatio([...rounds, { old: 1, new: 1 }], 0.03, 2).ratio).toBeCloseTo(blocked.ratio, 12);
    const failed = pairedRatio(
      rounds.map((p, i) => (i === 3 ? { ...p, new: NaN } : p)),
      0.03,
      2,
    );
    expect(failed.rounds).toBe(8);
  });

  it('leaves out rounds where a side failed or did not run, and gives no interval from one pair', () => {
    const r = pairedRatio([
      { old: 100, new: 90 },
      { old: NaN, new: 50 },
      { old: 0, new: 10 },
    ]);
    expect(r.rounds).toBe(1);
    expect(r.ratio).toBeCloseTo(0.9, 10);
    expect(r.low).toBeNaN();
    expect(r.verdict).toBe('no clear change');
  });

  it('pairs figures by id, lists figures one build lacks, and flags a workload that differs', () => {
    const f = (id: string, median: number, details?: Record<string, number>): RoundFigure => ({
      id,
      unit: 'ops',
      median,
      samples: 10,
      ...(details ? { details } : {}),
    });
    const rounds = [1, 2, 3, 4].map((k) => ({
      new: new Map([
        ['a', f('a', 90 + k)],
        ['b', f('b', 10, { ply: 600 })],
        ['n', f('n', 1)],
      ]),
      old: new Map([
        ['a', f('a', 100 + k)],
        ['b', f('b', 10, { ply: 700 })],
        ['o', f('o', 1)],
      ]),
    }));
    const c = compareRounds(rounds);
    expect(c.figures.map((x) => x.id)).toEqual(['a', 'b']);
    expect(c.figures[0]!.sameWorkload).toBe(true);
    expect(c.figures[0]!.verdict).toBe('slower');
    expect(c.figures[0]!.perRound.map((p) => p.new)).toEqual([91, 92, 93, 94]);
    expect(c.figures[1]!.sameWorkload).toBe(false);
    expect(c.onlyNew).toEqual(['n']);
    expect(c.onlyOld).toEqual(['o']);
  });

  it("a round attributes each build's figures to it, whichever build is loaded first", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tacsim-round-test-'));
    try {
      const build = (name: string, extra: string): string => {
        const root = join(dir, name);
        mkdirSync(join(root, 'dist', 'benchmarks'), { recursive: true });
        writeFileSync(
          join(root, 'dist', 'benchmarks', 'suites.js'),
          `
          const task = (id) => ({ id, unit: 'ops', unitsPerOp: 1, details: { build: '${name}' }, fn: () => 0 });
          const suite = { name: 's', timing: { time: 1, iterations: 1, warmupTime: 0, warmupIterations: 0 },
            build: async () => [task('shared'), task('${extra}')] };
          export function selectSuites() { return [{ suite, taskFilter: undefined }]; }
        `,
        );
        return root;
      };
      const newDir = build('new', 'only-new');
      const oldDir = build('old', 'only-old');
      for (const oldFirst of [false, true]) {
        const r = await runRound(newDir, oldDir, '', 1, 'quick', 'cpu', oldFirst);
        expect(r.new.map((f) => [f.id, f.details?.build, f.error ?? ''])).toEqual([
          ['shared', 'new', ''],
          ['only-new', undefined, 'not in the old build'],
        ]);
        expect(r.old.map((f) => [f.id, f.details?.build, f.error ?? ''])).toEqual([
          ['shared', 'old', ''],
          ['only-old', undefined, 'not in the new build'],
        ]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unknown git ref: one line naming it, exit 2', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await againstCommand(
      { against: 'no-such-ref-xyz' },
      (s) => out.push(s),
      (s) => err.push(s),
      packageRoot(),
    );
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^tacsim bench --against: "no-such-ref-xyz" names no commit in /);
  });

  it('a commit that does not compile: one line naming the commit and the compiler error, exit 1', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'tacsim-against-test-'));
    const builds = mkdtempSync(join(tmpdir(), 'tacsim-against-builds-'));
    try {
      const sh = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
      sh('init', '-q');
      writeFileSync(join(repo, 'package.json'), '{"name":"tacsim","type":"module"}\n');
      writeFileSync(join(repo, 'package-lock.json'), '{}\n');
      writeFileSync(join(repo, 'tsconfig.json'), '{"compilerOptions":{"strict":true,"outDir":"dist","types":[]},"include":["*.ts"]}\n');
      writeFileSync(join(repo, 'broken.ts'), 'export const n: number = "not a number";\n');
      sh('add', '.');
      sh('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'broken');
      symlinkSync(join(packageRoot(), 'node_modules'), join(repo, 'node_modules'), 'dir');
      const err: string[] = [];
      const code = await againstCommand(
        { against: 'HEAD' },
        () => {},
        (s) => err.push(s),
        repo,
        builds,
      );
      expect(code).toBe(1);
      const last = err[err.length - 1]!;
      expect(last).toMatch(
        /^tacsim bench --against: could not build HEAD \([0-9a-f]{8}\) in .*: tsc failed: broken\.ts\(1,14\): error TS2322/,
      );
      expect(last).not.toContain('\n');
    } finally {
      rmSync(repo, { recursive: true, force: true });
      rmSync(builds, { recursive: true, force: true });
    }
  });
});

describe('actions per second of the playout figures', () => {
  it('each playout figure gives actions/s from its playouts/s and the actions a game of its op; other figures give none', () => {
    const playout = figure('playout.a', 1, { unit: 'playouts', median: 2, details: { gamesPerOp: 4, actions: 1000 } });
    const failed = figure('playout.b', 1, { unit: 'playouts', details: { gamesPerOp: 2, actions: 90 }, error: 'boom' });
    const rules = figure('rules.legal.a', 1, { unit: 'calls', details: { ply: 50, legalActions: 4 } });
    expect(playoutActionRates(report([playout, failed, rules]))).toEqual([{ id: 'playout.a', actionsPerSecond: 500, actionsPerGame: 250 }]);
  });
});

describe('baseline check', () => {
  const baseline: Baseline = buildBaseline([report(MEASURED)]);

  it('an identical baseline passes', () => {
    const check = compareToBaseline(figuresOf(report(MEASURED)), baseline);
    expect(check.ok).toBe(true);
    expect(check.failed).toEqual([]);
    expect(check.rows.every((r) => r.status === 'ok')).toBe(true);
  });

  it('a baseline claiming figures 30% better than measured fails and names them', () => {
    const edited: Baseline = {
      ...baseline,
      figures: {
        ...baseline.figures,
        'hex.distance': { ...baseline.figures['hex.distance']!, relative: baseline.figures['hex.distance']!.relative * 1.3 },
        'playout.pg3-large': { ...baseline.figures['playout.pg3-large']!, relative: baseline.figures['playout.pg3-large']!.relative * 1.3 },
      },
    };
    const check = compareToBaseline(figuresOf(report(MEASURED)), edited);
    expect(check.ok).toBe(false);
    expect([...check.failed].sort()).toEqual(['hex.distance', 'playout.pg3-large']);
    expect(check.rows.find((r) => r.id === 'rules.legal.pg3-tiny')!.status).toBe('ok');
  });

  it('slower within the threshold passes; faster passes; an errored baseline figure fails', () => {
    const t = baseline.figures['hex.distance']!.threshold;
    expect(t).toBe(0.2);
    const within = MEASURED.map((f) =>
      f.id === 'hex.distance' ? figure(f.id, f.relative * (1 - t + 0.01)) : figure(f.id, f.relative * 2),
    );
    expect(compareToBaseline(within, baseline).ok).toBe(true);
    const errored = [figure('hex.distance', NaN, { error: 'boom' }), ...MEASURED.slice(1)];
    const check = compareToBaseline(errored, baseline);
    expect(check.failed).toEqual(['hex.distance']);
  });

  it('figures missing from the run (a --filter run) or from the baseline do not fail', () => {
    const check = compareToBaseline([MEASURED[0]!, figure('new.figure', 5)], baseline);
    expect(check.ok).toBe(true);
    expect(check.rows.find((r) => r.id === 'new.figure')!.status).toBe('new');
    expect(check.rows.find((r) => r.id === 'playout.pg3-large')!.status).toBe('not run');
  });

  it('does not compare a figure whose workload changed (another mid-game state), and says so', () => {
    const withDetails = buildBaseline([report([figure('rules.legal.pg3-medium', 1000, { details: { ply: 601, legalActions: 20 } })])]);
    const changed = compareToBaseline([figure('rules.legal.pg3-medium', 400, { details: { ply: 600, legalActions: 7 } })], withDetails);
    expect(changed.ok).toBe(true);
    expect(changed.rows[0]!.status).toBe('changed');
    const same = compareToBaseline([figure('rules.legal.pg3-medium', 400, { details: { ply: 601, legalActions: 20 } })], withDetails);
    expect(same.failed).toEqual(['rules.legal.pg3-medium']);
  });

  it('derives thresholds from run-to-run spread: min(60%, max(20%, 3 x 1.4826 x MAD / median))', () => {
    expect(thresholdFor(0)).toBe(0.2);
    expect(thresholdFor(0.1)).toBe(0.3);
    expect(thresholdFor(0.5)).toBe(0.6);
    const runs = [100, 110, 90].map((v, i) => report([figure('x.y', v)], `2026-01-0${i + 1}T00:00:00.000Z`));
    const b = buildBaseline(runs);
    expect(b.runs).toBe(3);
    expect(b.figures['x.y']!.relative).toBe(100);
    expect(b.figures['x.y']!.spread).toBeCloseTo(0.148, 3); // MAD 10 on median 100
    expect(b.figures['x.y']!.threshold).toBe(0.45);
    expect(b.figures['all.calibration']).toBeUndefined();
  });

  it("--check keeps each figure's better run, so one run slowed by load does not fail the check", () => {
    const slow = report([figure('x.y', 60), figure('a.b', 100)]);
    const fast = report([figure('x.y', 100), figure('a.b', 90)]);
    const best = bestOfRuns([slow, fast]);
    expect(best.find((f) => f.id === 'x.y')!.relative).toBe(100);
    expect(best.find((f) => f.id === 'a.b')!.relative).toBe(100);
    const b = buildBaseline([report([figure('x.y', 100), figure('a.b', 100)])]);
    expect(compareToBaseline(figuresOf(slow), b).ok).toBe(false);
    expect(compareToBaseline(best, b).ok).toBe(true);
  });
});
