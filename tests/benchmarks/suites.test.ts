import { describe, expect, it } from 'vitest';
import { SUITES, runSuites, selectSuites, rateStats, calibrationWorkload } from '../../benchmarks/suites.js';
import type { FigureResult } from '../../benchmarks/suites.js';
import { bestOfRuns, buildBaseline, compareToBaseline, figuresOf, thresholdFor, type Baseline, type BenchReport } from '../../benchmarks/run.js';

function figure(id: string, relative: number, extra: Partial<FigureResult> = {}): FigureResult {
  return {
    id, suite: id.split('.')[0]!, description: id, unit: 'ops', samples: 10,
    median: relative * 1000, p25: relative * 990, p75: relative * 1010, mad: relative * 5, relative, ...extra,
  };
}

function report(figures: FigureResult[], date = '2026-01-01T00:00:00.000Z'): BenchReport {
  return {
    version: 1, date, mode: 'full', filter: null, node: 'v20', platform: 'linux-x64', cpu: 'test', cpuCount: 2, seconds: 1,
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

  it('run every task once in quick mode, with finite figures and a calibration per suite', async () => {
    const suites = await runSuites({ mode: 'quick' });
    expect(suites.map((s) => s.name)).toEqual(SUITES.map((s) => s.name));
    const ids = suites.flatMap((s) => s.figures.map((f) => f.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['hex.distance', 'hex.los', 'agents.scripted.pg3-medium', 'agents.mcts.pg3-medium', 'agents.mcts.tictactoe',
      'harness.pg3-medium.1w', 'harness.pg3-medium.2w']) expect(ids).toContain(id);
    for (const sc of ['pg3-tiny', 'pg3-medium', 'pg3-large', 'pg3-mirror']) {
      for (const f of [`rules.legal.${sc}`, `rules.apply.${sc}`, `playout.${sc}`]) expect(ids).toContain(f);
    }
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
  });

  it('--filter selects whole suites by name, else figures by id', () => {
    expect(selectSuites('rules').map((s) => [s.suite.name, s.taskFilter])).toEqual([['rules', undefined]]);
    const byFigure = selectSuites('pg3-large');
    expect(byFigure).toHaveLength(SUITES.length);
    expect(byFigure.every((s) => s.taskFilter === 'pg3-large')).toBe(true);
  });

  it('computes rates from latencies: median and quartiles in units/s', () => {
    const st = rateStats([10, 10, 20, 5], 10); // rates 1000, 1000, 500, 2000
    expect(st.median).toBe(1000);
    expect(st.p25).toBe(875);
    expect(st.p75).toBe(1250);
    expect(calibrationWorkload()).toBe(calibrationWorkload());
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
    const within = MEASURED.map((f) => (f.id === 'hex.distance' ? figure(f.id, f.relative * (1 - t + 0.01)) : figure(f.id, f.relative * 2)));
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

  it('--check keeps each figure\'s better run, so one run slowed by load does not fail the check', () => {
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
