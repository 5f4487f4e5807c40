/**
 * Runs the benchmark suites, prints a table, writes results/bench-<timestamp>.json, and compares runs with
 * benchmarks/baseline.json (`--check`), rewrites it (`--update-baseline`) or shows the history of stored runs.
 *
 * Run without the CLI: npx tsc -p . && node dist/benchmarks/run.js [--quick] [--filter NAME] [--check] ...
 * (the same options as `tacsim bench`; see benchmarks/cli.ts and benchmarks/README.md).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALIBRATION_ID, runSuites, type BenchMode, type FigureResult, type SuiteResult } from './suites.js';

// ---------------------------------------------------------------------------------------------------
// Paths

/** The tacsim package root: the nearest folder above this file (src or dist) holding package.json. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'tacsim') return dir;
      } catch {
        /* not ours: keep walking */
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the tacsim package.json above ${from}`);
    dir = up;
  }
}

export function resultsDir(root = packageRoot()): string {
  return join(root, 'results');
}
/** The accepted figures live with the sources (benchmarks/baseline.json), not in dist/. */
export function baselinePath(root = packageRoot()): string {
  return join(root, 'benchmarks', 'baseline.json');
}

// ---------------------------------------------------------------------------------------------------
// Reports

export interface BenchReport {
  readonly version: 1;
  /** ISO time the run started. */
  readonly date: string;
  readonly mode: BenchMode;
  readonly filter: string | null;
  readonly node: string;
  readonly platform: string;
  readonly cpu: string;
  readonly cpuCount: number;
  readonly seconds: number;
  readonly suites: readonly SuiteResult[];
}

/** Every figure of a report except the per-suite calibrations (whose relative figure is 1 by definition). */
export function figuresOf(report: Pick<BenchReport, 'suites'>): FigureResult[] {
  return report.suites.flatMap((s) => s.figures.filter((f) => !f.id.endsWith(`.${CALIBRATION_ID}`)));
}

export async function runBench(options: { mode?: BenchMode; filter?: string; log?: (line: string) => void } = {}): Promise<BenchReport> {
  const date = new Date();
  const t0 = performance.now();
  const suites = await runSuites(options);
  const cpuList = cpus();
  return {
    version: 1,
    date: date.toISOString(),
    mode: options.mode ?? 'full',
    filter: options.filter ?? null,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cpuCount: cpuList.length,
    seconds: (performance.now() - t0) / 1000,
    suites,
  };
}

/** Writes results/bench-<timestamp>.json (creating results/); returns the path. */
export function saveReport(report: BenchReport, dir = resultsDir()): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/** Reads every results/bench-*.json, oldest first (skipping unreadable files). */
export function loadReports(dir = resultsDir()): BenchReport[] {
  if (!existsSync(dir)) return [];
  const out: BenchReport[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => /^bench-.*\.json$/.test(n))
    .sort()) {
    try {
      const r = JSON.parse(readFileSync(join(dir, f), 'utf8')) as BenchReport;
      if (r.version === 1 && Array.isArray(r.suites)) out.push(r);
    } catch {
      /* a broken or foreign file: skip */
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

// ---------------------------------------------------------------------------------------------------
// Formatting

/** 1234567 -> "1.23M", 0.5 -> "0.500": three significant digits with k/M/G suffixes. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return '-';
  const a = Math.abs(n);
  if (a >= 1e9) return `${(n / 1e9).toPrecision(3)}G`;
  if (a >= 1e6) return `${(n / 1e6).toPrecision(3)}M`;
  if (a >= 1e4) return `${(n / 1e3).toPrecision(3)}k`;
  if (a >= 100) return n.toFixed(0);
  return n.toPrecision(3);
}

export function table(header: readonly string[], rows: readonly (readonly string[])[], rightFrom = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The readable table of a run: figure, median rate, quartiles, MAD, samples, relative figure. */
export function formatReport(report: BenchReport): string {
  const rows: string[][] = [];
  for (const s of report.suites) {
    for (const f of s.figures) {
      if (f.error) {
        rows.push([f.id, 'ERROR', '', '', '', '', '', f.error.slice(0, 60)]);
        continue;
      }
      const spread = f.median > 0 ? `${((100 * (f.p75 - f.p25)) / f.median).toFixed(1)}%` : '-';
      rows.push([
        f.id,
        fmt(f.median),
        `${fmt(f.p25)}-${fmt(f.p75)}`,
        spread,
        fmt(f.mad),
        String(f.samples),
        f.id.endsWith(`.${CALIBRATION_ID}`) ? '1' : fmt(f.relative),
        `${f.unit}/s`,
      ]);
    }
  }
  const head = `tacsim bench, ${report.mode} run ${report.date} (Node ${report.node}, ${report.cpuCount} x ${report.cpu}), ${report.seconds.toFixed(1)} s`;
  const body = table(['figure', 'median/s', 'p25-p75', 'IQR/med', 'MAD', 'n', 'relative', 'unit'], rows);
  return `${head}\n${body}\nrelative = median / the suite's calibration median (ops/s of a fixed JS workload timed in the same run).${scalingLine(report)}${actionsLines(report)}`;
}

/**
 * Actions per second of each playout figure, from its median playouts/s and the actions its op plays
 * (`details.actions` over `details.gamesPerOp`): the figure that compares systems whose games differ in length.
 */
export function playoutActionRates(
  report: Pick<BenchReport, 'suites'>,
): { id: string; actionsPerSecond: number; actionsPerGame: number }[] {
  const out: { id: string; actionsPerSecond: number; actionsPerGame: number }[] = [];
  for (const f of figuresOf(report)) {
    const actions = f.details?.actions;
    const games = f.details?.gamesPerOp;
    if (f.error || f.unit !== 'playouts' || typeof actions !== 'number' || typeof games !== 'number' || !(games > 0)) continue;
    out.push({ id: f.id, actionsPerSecond: (f.median * actions) / games, actionsPerGame: actions / games });
  }
  return out;
}

function actionsLines(report: BenchReport): string {
  return playoutActionRates(report)
    .map((r) => `\nactions/s, ${r.id}: ${fmt(r.actionsPerSecond)} (median playouts/s x ${r.actionsPerGame.toFixed(1)} actions a game)`)
    .join('');
}

/** The harness figure the issue asks about: games/s with 2 workers over games/s with 1, in the same run. */
function scalingLine(report: BenchReport): string {
  const figures = figuresOf(report);
  const lines: string[] = [];
  for (const one of figures) {
    const m = /^(harness\..+)\.1w$/.exec(one.id);
    if (!m || one.error || !(one.median > 0)) continue;
    const two = figures.find((f) => f.id === `${m[1]}.2w`);
    if (two && !two.error)
      lines.push(
        `\nworker scaling, ${m[1]}: 2 workers give ${(two.median / one.median).toFixed(2)}x the games/s of 1 (medians of this run)`,
      );
  }
  return lines.join('');
}

// ---------------------------------------------------------------------------------------------------
// Baseline and check

// The floor: figures measured in separate processes at different times vary more than the runs inside one
// --update-baseline (benchmarks/README.md), so no figure gets less than 20% (a figure 30% short of the
// baseline still fails: 1/1.3 is 23% slower).
export const MIN_THRESHOLD = 0.2;
export const SPREAD_FACTOR = 3;
/** The ceiling: a threshold past this would never fail; a figure that noisy is reported, not trusted. */
export const MAX_THRESHOLD = 0.6;

export interface BaselineFigure {
  /** Accepted calibration-relative figure (median over the runs that made the baseline). */
  readonly relative: number;
  /** Accepted absolute figure, units/s (for reading; not compared). */
  readonly median: number;
  readonly unit: string;
  /** Run-to-run relative spread of `relative` (1.4826 x MAD / median) over the runs that made the baseline (0 if one run). */
  readonly spread: number;
  /** --check fails when the run's relative figure < relative * (1 - threshold). */
  readonly threshold: number;
  /** The workload measured (mid-game ply, legal actions, action applied...): if a run's differ, it is not compared. */
  readonly details?: Readonly<Record<string, string | number>>;
}

export interface Baseline {
  readonly version: 1;
  readonly date: string;
  readonly runs: number;
  readonly node: string;
  readonly cpu: string;
  readonly method: string;
  readonly figures: Readonly<Record<string, BaselineFigure>>;
}

export const THRESHOLD_METHOD =
  `threshold = min(${MAX_THRESHOLD * 100}%, max(${MIN_THRESHOLD * 100}%, ${SPREAD_FACTOR} x spread, slowest baseline run's drop + 5%)), ` +
  'spread = run-to-run robust relative spread (1.4826 x MAD / median) of the calibration-relative figure over the runs that made the baseline; ' +
  "--check compares each figure's better of 2 runs";

/** Threshold from run-to-run spread, rounded up to whole percent. */
export function thresholdFor(spread: number): number {
  return Math.ceil(Math.min(MAX_THRESHOLD, Math.max(MIN_THRESHOLD, SPREAD_FACTOR * spread)) * 100 - 1e-9) / 100;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Robust relative spread of run-to-run values: 1.4826 x MAD / median (the MAD scaled to estimate a
 * standard deviation under normal noise), so one run hit by a burst of load does not set the threshold
 * alone. 0 for fewer than two values.
 */
export function relativeSpread(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = median(xs);
  return (1.4826 * median(xs.map((x) => Math.abs(x - m)))) / m;
}

/**
 * A baseline from one or more full runs: each figure's median relative value, its run-to-run spread and
 * the threshold derived from it. Errored figures are left out. `previous` figures not measured are kept.
 */
export function buildBaseline(reports: readonly BenchReport[], previous?: Baseline): Baseline {
  const byId = new Map<string, FigureResult[]>();
  for (const r of reports)
    for (const f of figuresOf(r))
      if (!f.error && Number.isFinite(f.relative)) {
        const list = byId.get(f.id) ?? [];
        list.push(f);
        byId.set(f.id, list);
      }
  const figures: Record<string, BaselineFigure> = { ...(previous?.figures ?? {}) };
  for (const [id, list] of byId) {
    const rel = list.map((f) => f.relative);
    const spread = relativeSpread(rel);
    // The baseline's own slowest run: a figure that sometimes compiles into a slower form (the JIT's
    // choices differ between processes, benchmarks/README.md) must not fail a check for landing where the
    // baseline runs themselves went.
    const ownDrop = rel.length > 1 ? 1 - Math.min(...rel) / median(rel) + 0.05 : 0;
    figures[id] = {
      relative: median(rel),
      median: median(list.map((f) => f.median)),
      unit: list[0]!.unit,
      spread: Math.round(spread * 10_000) / 10_000,
      // One run measures no spread: keep the earlier threshold rather than fall to the minimum.
      threshold:
        list.length > 1 || !previous?.figures[id]
          ? Math.max(thresholdFor(spread), Math.min(MAX_THRESHOLD, Math.ceil(ownDrop * 100) / 100))
          : previous.figures[id]!.threshold,
      ...(list[list.length - 1]!.details ? { details: list[list.length - 1]!.details } : {}),
    };
  }
  const sorted = Object.fromEntries(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b)));
  const last = reports[reports.length - 1]!;
  return {
    version: 1,
    date: last.date,
    runs: reports.length,
    node: last.node,
    cpu: `${last.cpuCount} x ${last.cpu}`,
    method: THRESHOLD_METHOD,
    figures: sorted,
  };
}

export type CheckStatus = 'ok' | 'slower' | 'error' | 'new' | 'not run' | 'changed';

/** Whether a run measured the same workload as the baseline (same mid-game ply, legal actions, action...). */
export function sameWorkload(
  a: Readonly<Record<string, string | number>> | undefined,
  b: Readonly<Record<string, string | number>> | undefined,
): boolean {
  if (!a || !b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

export interface CheckRow {
  readonly id: string;
  readonly status: CheckStatus;
  readonly baseline?: number;
  readonly measured?: number;
  /** measured / baseline relative figure. */
  readonly ratio?: number;
  readonly threshold?: number;
}

export interface CheckResult {
  readonly ok: boolean;
  readonly rows: readonly CheckRow[];
  /** Figures slower than the baseline beyond their threshold, or that failed to run. */
  readonly failed: readonly string[];
}

/**
 * Compares a run's calibration-relative figures with the baseline. A figure fails when it is slower than
 * its baseline beyond its threshold (measured < baseline * (1 - threshold)), or when it errored although
 * the baseline has it. Faster figures and figures without a baseline pass; baseline figures the run did not
 * measure (a --filter run) are listed as "not run".
 */
export function compareToBaseline(figures: readonly FigureResult[], baseline: Baseline): CheckResult {
  const rows: CheckRow[] = [];
  const seen = new Set<string>();
  for (const f of figures) {
    seen.add(f.id);
    const b = baseline.figures[f.id];
    if (!b) {
      rows.push({ id: f.id, status: f.error ? 'error' : 'new', measured: f.relative });
      continue;
    }
    if (f.error || !Number.isFinite(f.relative)) {
      rows.push({ id: f.id, status: 'error', baseline: b.relative, threshold: b.threshold });
      continue;
    }
    const ratio = f.relative / b.relative;
    if (!sameWorkload(f.details, b.details)) {
      // The rules changed the mid-game state (or a task's size changed): the figures measure different work.
      rows.push({ id: f.id, status: 'changed', baseline: b.relative, measured: f.relative, ratio, threshold: b.threshold });
      continue;
    }
    rows.push({
      id: f.id,
      status: ratio < 1 - b.threshold ? 'slower' : 'ok',
      baseline: b.relative,
      measured: f.relative,
      ratio,
      threshold: b.threshold,
    });
  }
  for (const [id, b] of Object.entries(baseline.figures))
    if (!seen.has(id)) rows.push({ id, status: 'not run', baseline: b.relative, threshold: b.threshold });
  const failed = rows.filter((r) => r.status === 'slower' || (r.status === 'error' && r.baseline !== undefined)).map((r) => r.id);
  return { ok: failed.length === 0, rows, failed };
}

export function formatCheck(check: CheckResult): string {
  const rows = check.rows.map((r) => [
    r.id,
    r.baseline === undefined ? '-' : fmt(r.baseline),
    r.measured === undefined ? '-' : fmt(r.measured),
    r.ratio === undefined ? '-' : `${(100 * r.ratio).toFixed(1)}%`,
    r.threshold === undefined ? '-' : `-${Math.round(r.threshold * 100)}%`,
    r.status === 'slower' ? 'SLOWER' : r.status === 'error' ? 'ERROR' : r.status,
  ]);
  const body = table(['figure', 'baseline', 'now', 'now/base', 'allowed', 'status'], rows);
  const verdict = check.ok
    ? 'check passed: no figure is slower than the baseline beyond its threshold'
    : `check FAILED: ${check.failed.length} figure(s) fell short of the baseline: ${check.failed.join(', ')}`;
  const changed = check.rows.filter((r) => r.status === 'changed').map((r) => r.id);
  const note = changed.length
    ? `\nnot compared, the workload differs from the baseline's (rules or task changed; run --update-baseline): ${changed.join(', ')}`
    : '';
  return `${body}\n${verdict}${note}`;
}

export function readBaseline(file = baselinePath()): Baseline | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Baseline;
}

export function writeBaseline(baseline: Baseline, file = baselinePath()): void {
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------------
// History

/**
 * How each figure moved across stored runs: rows are figures, columns are runs (oldest left, at most
 * `last`), cells the calibration-relative figure as a percentage of the baseline's (or, for figures the
 * baseline lacks, of the figure's first stored run). Quick runs are left out unless `includeQuick`.
 */
export function formatHistory(reports: readonly BenchReport[], baseline: Baseline | undefined, last = 10, includeQuick = false): string {
  const runs = reports.filter((r) => includeQuick || r.mode === 'full').slice(-last);
  if (runs.length === 0) return 'no stored full runs in results/ (run `tacsim bench` first)';
  const ids = [...new Set(runs.flatMap((r) => figuresOf(r).map((f) => f.id)))];
  const header = ['figure', 'ref', ...runs.map((r) => `${r.date.slice(5, 10)} ${r.date.slice(11, 16)}${r.mode === 'quick' ? 'q' : ''}`)];
  const rows = ids.map((id) => {
    const cells = runs.map((r) => figuresOf(r).find((f) => f.id === id));
    const ref = baseline?.figures[id]?.relative ?? cells.find((f) => f && !f.error)?.relative;
    return [
      id,
      baseline?.figures[id] ? 'base' : 'first',
      ...cells.map((f) => (!f ? '' : f.error ? 'ERR' : ref ? `${Math.round((100 * f.relative) / ref)}%` : '-')),
    ];
  });
  return `${table(header, rows, 2)}\ncells: calibration-relative figure as % of the reference (base = benchmarks/baseline.json, first = first stored run); dates UTC`;
}

// ---------------------------------------------------------------------------------------------------
// The command

export interface BenchCommandOptions {
  check?: boolean;
  updateBaseline?: boolean;
  history?: boolean;
  filter?: string;
  quick?: boolean;
  json?: boolean;
  /** Full runs to make (default 1; 5 with --update-baseline, to measure run-to-run spread). */
  runs?: number;
  /** Baseline file instead of benchmarks/baseline.json. */
  baseline?: string;
  /** Do not write results/bench-*.json. */
  save?: boolean;
}

/** Each figure's best (highest calibration-relative) result over several runs; errors only if every run erred. */
export function bestOfRuns(reports: readonly BenchReport[]): FigureResult[] {
  const best = new Map<string, FigureResult>();
  for (const r of reports) {
    for (const f of figuresOf(r)) {
      const prev = best.get(f.id);
      if (!prev || (prev.error && !f.error) || (!f.error && f.relative > prev.relative)) best.set(f.id, f);
    }
  }
  return [...best.values()];
}

/**
 * Optimizes functions on the main thread instead of a background one, for the rest of this process.
 * Why: with background compilation, when the optimized code arrives depends on the machine's load, and
 * the feedback gathered meanwhile decides how it is compiled, so the same build and task measured at
 * two very different speeds from one process to the next (benchmarks/README.md, "Background
 * compilation"). Steady-state speed is the same; only warm-up differs, and the benchmark warms up
 * before it samples.
 */
function deterministicJit(): void {
  setFlagsFromString('--no-concurrent-recompilation');
}

/** Runs `tacsim bench` with parsed options; returns the process exit code (0 ok, 1 check failed, 2 usage). */
export async function benchCommand(
  o: BenchCommandOptions,
  out: (s: string) => void = (s) => process.stdout.write(`${s}\n`),
  err: (s: string) => void = (s) => process.stderr.write(`${s}\n`),
): Promise<number> {
  const baselineFile = o.baseline ?? baselinePath();
  if (o.history) {
    const reports = loadReports();
    if (o.json)
      out(
        JSON.stringify(
          reports.map((r) => ({ date: r.date, mode: r.mode, figures: Object.fromEntries(figuresOf(r).map((f) => [f.id, f.relative])) })),
          null,
          2,
        ),
      );
    else out(formatHistory(reports, readBaseline(baselineFile)));
    return 0;
  }
  if (o.quick && (o.check || o.updateBaseline)) {
    err('tacsim bench: --check and --update-baseline need a full run (quick figures run each task once and are not comparable)');
    return 2;
  }
  deterministicJit();
  // --check runs twice and keeps each figure's better run: load on a shared machine only ever slows
  // code down, so the better of two runs is the steadier estimate of how fast the build is.
  const runs = o.runs ?? (o.updateBaseline ? 5 : o.check ? 2 : 1);
  if (!Number.isInteger(runs) || runs < 1) {
    err(`tacsim bench: --runs must be a whole number of at least 1, not ${o.runs}`);
    return 2;
  }
  const baseline = o.check ? readBaseline(baselineFile) : undefined;
  if (o.check && !baseline) {
    err(`tacsim bench: no baseline at ${baselineFile}; make one with --update-baseline`);
    return 2;
  }
  const reports: BenchReport[] = [];
  for (let i = 0; i < runs; i++) {
    const log = (s: string): void => err(s); // progress goes to stderr, so --json output stays clean
    if (runs > 1) log(`run ${i + 1} of ${runs}`);
    const report = await runBench({ mode: o.quick ? 'quick' : 'full', ...(o.filter ? { filter: o.filter } : {}), log });
    reports.push(report);
    if (report.suites.length === 0) {
      err(`tacsim bench: no suite or figure matches --filter ${o.filter}`);
      return 2;
    }
    if (o.save !== false) err(`wrote ${saveReport(report)}`);
    if (!o.json) out(formatReport(report));
  }
  let code = 0;
  let check: CheckResult | undefined;
  if (o.check && baseline) {
    check = compareToBaseline(bestOfRuns(reports), baseline);
    if (!o.json) out(formatCheck(check));
    if (!check.ok) code = 1;
  }
  if (o.updateBaseline) {
    const next = buildBaseline(reports, readBaseline(baselineFile));
    writeBaseline(next, baselineFile);
    if (!o.json) {
      out(`wrote ${baselineFile} from ${reports.length} run(s); ${THRESHOLD_METHOD}`);
      out(
        table(
          ['figure', 'relative', 'spread', 'threshold'],
          Object.entries(next.figures).map(([id, f]) => [
            id,
            fmt(f.relative),
            `${(100 * f.spread).toFixed(1)}%`,
            `${Math.round(100 * f.threshold)}%`,
          ]),
        ),
      );
    }
  }
  if (o.json) out(JSON.stringify({ runs: reports, ...(check ? { check } : {}) }, null, 2));
  return code;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Standalone: the same options as `tacsim bench` (benchmarks/cli.ts parses them).
  const { Command } = await import('commander');
  const { registerBenchCommand } = await import('./cli.js');
  const program = new Command('tacsim');
  registerBenchCommand(program);
  await program.parseAsync(['bench', ...process.argv.slice(2)], { from: 'user' });
}
