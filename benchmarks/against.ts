/**
 * `tacsim bench --against GIT_REF`: this checkout's build and another commit's, timed side by side.
 *
 * The other commit is extracted (`git archive`) into a folder under the system's temp directory, given this
 * checkout's node_modules when its package-lock.json is the same (else `npm install`), and compiled with its
 * own tsconfig; the folder is kept, per commit, for the next comparison. Then rounds: each a fresh child
 * process (benchmarks/round.ts) that loads both builds' suites and times every figure of both, op by op,
 * alternating between the builds, so both see the same machine state. Each figure's per-round ratio
 * new/old gives its ratio and 95% interval (benchmarks/paired.ts).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOISE_BAND, pairedRatio, type PairedRatio } from './paired.js';
import type { RoundClock, RoundFigure, RoundResult } from './round.js';
import { fmt, packageRoot, table } from './run.js';
import type { BenchMode } from './suites.js';

/** A problem the user can act on: printed as one line, exit code 2 (bad input) or 1 (the build failed). */
export class AgainstError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = 'AgainstError';
  }
}

export interface AgainstOptions {
  /** The commit to compare with (anything `git rev-parse` accepts). */
  readonly ref: string;
  /** This checkout: the package root holding the new build's dist/. */
  readonly root: string;
  readonly filter?: string;
  /** Paired rounds. */
  readonly rounds: number;
  /** Sampling time per task in a round, ms. */
  readonly taskMs: number;
  readonly mode: BenchMode;
  /** How ops are timed: CPU time of the round's process (default) or the wall clock. */
  readonly clock?: RoundClock;
  readonly log: (line: string) => void;
  /** Where commits are built (default: <tmpdir>/tacsim-bench). */
  readonly buildsDir?: string;
}

export interface FigureComparison extends PairedRatio {
  readonly id: string;
  readonly unit: string;
  /** Whether both builds measured the same workload (mid-game ply, legal actions, ...) in the first round. */
  readonly sameWorkload: boolean;
  /** Per round: each build's median rate (NaN where it did not run or failed). */
  readonly perRound: readonly { readonly new: number; readonly old: number }[];
}

export interface AgainstResult {
  readonly ref: string;
  readonly commit: string;
  readonly oldDir: string;
  readonly newDir: string;
  readonly rounds: number;
  readonly taskMs: number;
  readonly mode: BenchMode;
  readonly clock: RoundClock;
  readonly figures: readonly FigureComparison[];
  /** Figure ids measured by one build only. */
  readonly onlyNew: readonly string[];
  readonly onlyOld: readonly string[];
  readonly seconds: number;
}

// ---------------------------------------------------------------------------------------------------
// Building the other commit

function git(root: string, args: readonly string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The full commit id of `ref` in the repository at `root`. */
export function resolveCommit(root: string, ref: string): string {
  try {
    git(root, ['rev-parse', '--git-dir']);
  } catch {
    throw new AgainstError(`tacsim bench --against: ${root} is not a git checkout, so there is no commit to compare with`, 2);
  }
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new AgainstError(`tacsim bench --against: "${ref}" names no commit in ${root} (try a commit id, a branch or HEAD~1)`, 2);
  }
}

function lastLines(text: string, n: number): string {
  return text
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, n)
    .join(' | ');
}

/**
 * The folder holding `commit` built (dist/ compiled), building it on first use. Reuses this checkout's
 * node_modules (a symlink) when the commit's package-lock.json is the same file, else installs its own.
 */
export function buildCommit(
  root: string,
  commit: string,
  ref: string,
  log: (line: string) => void,
  buildsDir = join(tmpdir(), 'tacsim-bench'),
): string {
  const dir = join(buildsDir, commit);
  const marker = join(dir, '.tacsim-bench-built');
  // A build linked to the node_modules of a checkout since removed (a worktree) cannot load its packages.
  if (existsSync(marker) && existsSync(join(dir, 'node_modules'))) {
    log(`using the build of ${ref} (${commit.slice(0, 8)}) in ${dir}`);
    return dir;
  }
  if (existsSync(marker)) log(`the build of ${ref} in ${dir} has lost its node_modules (its checkout was removed): building it again`);
  const fail = (what: string, output: string): never => {
    throw new AgainstError(
      `tacsim bench --against: could not build ${ref} (${commit.slice(0, 8)}) in ${dir}: ${what}${output ? `: ${lastLines(output, 3)}` : ''}`,
      1,
    );
  };
  // Built in a folder of its own, renamed when complete, so an interrupted build is never reused.
  const work = `${dir}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  log(`building ${ref} (${commit.slice(0, 8)}) in ${dir}`);
  const archive = spawnSync('sh', ['-c', 'git -C "$1" archive --format=tar "$2" | tar -x -C "$3"', 'sh', root, commit, work], {
    encoding: 'utf8',
  });
  if (archive.status !== 0) fail('git archive | tar failed', archive.stderr);
  let sameLock = false;
  try {
    sameLock = git(root, ['show', `${commit}:package-lock.json`]) === readFileSync(join(root, 'package-lock.json'), 'utf8').trim();
  } catch {
    /* no lock file on one side: install */
  }
  if (sameLock && existsSync(join(root, 'node_modules'))) {
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  } else {
    log("  its package-lock.json differs from this checkout's: npm install");
    const npm = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: work,
      encoding: 'utf8',
    });
    if (npm.status !== 0) fail('npm install failed', `${npm.stderr}\n${npm.stdout}`);
  }
  const tsc = join(work, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) fail('no TypeScript compiler in its node_modules', '');
  const compile = spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { cwd: work, encoding: 'utf8' });
  if (compile.status !== 0) fail('tsc failed', `${compile.stdout}\n${compile.stderr}`);
  if (!existsSync(join(work, 'dist', 'benchmarks', 'suites.js')))
    fail('it has no benchmarks/suites.ts (a commit from before the benchmarks)', '');
  writeFileSync(join(work, '.tacsim-bench-built'), `${commit}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------------
// Rounds

/** Runs one round in a child process (benchmarks/round.ts): both builds, op by op; resolves to their figures. */
function runRoundProcess(
  newDir: string,
  oldDir: string,
  filter: string,
  taskMs: number,
  mode: BenchMode,
  clock: RoundClock,
  first: 'new' | 'old',
): Promise<RoundResult> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'round.js');
  // Optimization on the main thread, as in `tacsim bench` (see deterministicJit in run.ts).
  const args = ['--no-concurrent-recompilation', script, newDir, oldDir, filter, String(taskMs), mode, clock, first];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: newDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(thrownMessage(err) ?? (lastLines(err, 3) || `exit code ${code}`)));
      try {
        resolve(JSON.parse(out) as RoundResult);
      } catch {
        reject(new Error(`unreadable output: ${out.slice(0, 200)}`));
      }
    });
  });
}

/** The message of an uncaught error in a child's stderr (the line Node prints it on), not the stack around it. */
function thrownMessage(stderr: string): string | undefined {
  return stderr
    .split('\n')
    .find((l) => /^(\w*Error\b|Error \[|Cannot )/.test(l.trim()))
    ?.trim();
}

function figureMap(figures: readonly RoundFigure[]): Map<string, RoundFigure> {
  return new Map(figures.map((f) => [f.id, f]));
}

function sameDetails(a: RoundFigure | undefined, b: RoundFigure | undefined): boolean {
  const x = a?.details;
  const y = b?.details;
  if (!x || !y) return true;
  for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) if (x[k] !== y[k]) return false;
  return true;
}

/** Compares paired rounds: figure maps of the new and old build, one of each per round. */
export function compareRounds(
  rounds: readonly { readonly new: ReadonlyMap<string, RoundFigure>; readonly old: ReadonlyMap<string, RoundFigure> }[],
): {
  figures: FigureComparison[];
  onlyNew: string[];
  onlyOld: string[];
} {
  const newIds = [...new Set(rounds.flatMap((r) => [...r.new.keys()]))];
  const oldIds = new Set(rounds.flatMap((r) => [...r.old.keys()]));
  const figures: FigureComparison[] = [];
  for (const id of newIds.filter((i) => oldIds.has(i))) {
    const perRound = rounds.map((r) => ({ new: r.new.get(id)?.median ?? NaN, old: r.old.get(id)?.median ?? NaN }));
    const first = rounds[0];
    figures.push({
      id,
      unit: first?.new.get(id)?.unit ?? '',
      sameWorkload: sameDetails(first?.new.get(id), first?.old.get(id)),
      // Rounds alternate which build goes first (runAgainst): each two rounds are one unit.
      ...pairedRatio(perRound, NOISE_BAND, 2),
      perRound,
    });
  }
  return { figures, onlyNew: newIds.filter((i) => !oldIds.has(i)), onlyOld: [...oldIds].filter((i) => !newIds.includes(i)) };
}

export async function runAgainst(o: AgainstOptions): Promise<AgainstResult> {
  const t0 = performance.now();
  const commit = resolveCommit(o.root, o.ref);
  const oldDir = buildCommit(o.root, commit, o.ref, o.log, o.buildsDir);
  const filter = o.filter ?? '';
  const rounds: { new: Map<string, RoundFigure>; old: Map<string, RoundFigure> }[] = [];
  for (let r = 0; r < o.rounds; r++) {
    const started = performance.now();
    let round: RoundResult;
    try {
      // Which build loads first alternates by round, so any advantage of going first falls on both.
      round = await runRoundProcess(o.root, oldDir, filter, o.taskMs, o.mode, o.clock ?? 'cpu', r % 2 === 0 ? 'new' : 'old');
    } catch (e) {
      throw new AgainstError(
        `tacsim bench --against: round ${r + 1} (this checkout against ${o.ref} in ${oldDir}) failed: ${(e as Error).message}`,
        1,
      );
    }
    if (round.new.length === 0) throw new AgainstError(`tacsim bench --against: no suite or figure matches --filter ${o.filter}`, 2);
    const failed = [...round.new, ...round.old].filter((f) => f.error !== undefined && !f.error.startsWith('not in the'));
    for (const f of failed) o.log(`  round ${r + 1}: ${f.id} failed: ${f.error}`);
    o.log(`  round ${r + 1}/${o.rounds}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    rounds.push({
      new: figureMap(round.new.filter((f) => f.error !== 'not in the old build')),
      old: figureMap(round.old.filter((f) => f.error !== 'not in the new build')),
    });
  }
  return {
    ref: o.ref,
    commit,
    oldDir,
    newDir: o.root,
    rounds: o.rounds,
    taskMs: o.taskMs,
    mode: o.mode,
    clock: o.clock ?? 'cpu',
    ...compareRounds(rounds),
    seconds: (performance.now() - t0) / 1000,
  };
}

// ---------------------------------------------------------------------------------------------------
// Report and command

function pct(r: number): string {
  return Number.isFinite(r) ? `${(100 * r).toFixed(1)}%` : '-';
}

export function formatAgainst(r: AgainstResult): string {
  const rows = r.figures.map((f) => [
    f.id,
    fmt(f.oldMedian),
    fmt(f.newMedian),
    pct(f.ratio),
    Number.isFinite(f.low) ? `${pct(f.low)}-${pct(f.high)}` : '-',
    f.verdict === 'slower' || f.verdict === 'faster'
      ? f.verdict.toUpperCase()
      : f.verdict === 'within noise'
        ? `within ${Math.round(NOISE_BAND * 100)}%`
        : f.verdict,
    `${f.unit}/s${f.sameWorkload ? '' : ', workload differs'}`,
  ]);
  const head =
    `tacsim bench --against ${r.ref}: new = ${r.newDir}, old = ${r.commit.slice(0, 8)} (${r.oldDir}); ` +
    `${r.rounds} rounds (a process each, builds alternating op by op), ${r.mode === 'quick' ? 'quick' : `${r.taskMs} ms per task`}, ${r.clock === 'cpu' ? 'CPU time' : 'wall clock'}, ${r.seconds.toFixed(0)} s`;
  const body = table(['figure', 'old', 'new', 'new/old', '95% interval', 'verdict', 'unit'], rows);
  const notes = [
    `old, new: medians over the rounds of each round's median rate (ops timed by ${r.clock === 'cpu' ? "the process's CPU time" : 'the wall clock'}); new/old: geometric mean of the per-round ratios,`,
    `with a 95% t-interval on their logs, taken over pairs of rounds (each build first in one of the two);`,
    `SLOWER/FASTER when the whole interval is below/above 100% and the ratio more than ${Math.round(NOISE_BAND * 100)}% off.`,
  ];
  const differs = r.figures.filter((f) => !f.sameWorkload).map((f) => f.id);
  if (differs.length) notes.push(`workload differs (another mid-game state or task size, see --json details): ${differs.join(', ')}`);
  if (r.onlyNew.length) notes.push(`only in the new build: ${r.onlyNew.join(', ')}`);
  if (r.onlyOld.length) notes.push(`only in ${r.ref}: ${r.onlyOld.join(', ')}`);
  return `${head}\n${body}\n${notes.join('\n')}`;
}

export interface AgainstCommandOptions {
  readonly against: string;
  readonly filter?: string;
  readonly rounds?: number;
  readonly taskMs?: number;
  readonly quick?: boolean;
  readonly json?: boolean;
  /** `cpu` or `wall` (checked here: it comes from the command line). */
  readonly clock?: string;
}

/** Paired rounds by default: enough for a 10% change to show on a noisy 2-core machine (benchmarks/README.md). */
export const DEFAULT_ROUNDS = 10;
/** Sampling time per task in each round, ms. */
export const DEFAULT_TASK_MS = 1000;

/** Runs `tacsim bench --against`; returns the exit code (0 done, 1 a build or round failed, 2 bad input). */
export async function againstCommand(
  o: AgainstCommandOptions,
  out: (s: string) => void = (s) => process.stdout.write(`${s}\n`),
  err: (s: string) => void = (s) => process.stderr.write(`${s}\n`),
  root: string = packageRoot(),
  buildsDir?: string,
): Promise<number> {
  const quick = o.quick === true;
  const rounds = o.rounds ?? (quick ? 2 : DEFAULT_ROUNDS);
  if (o.clock !== undefined && o.clock !== 'cpu' && o.clock !== 'wall') {
    err(`tacsim bench --against: --clock is cpu or wall, not ${o.clock}`);
    return 2;
  }
  if (!Number.isInteger(rounds) || rounds < 2) {
    err(`tacsim bench --against: --rounds must be a whole number of at least 2 (an interval needs two pairs), not ${o.rounds}`);
    return 2;
  }
  try {
    const result = await runAgainst({
      ref: o.against,
      root,
      rounds,
      taskMs: o.taskMs ?? DEFAULT_TASK_MS,
      mode: quick ? 'quick' : 'full',
      clock: o.clock === 'wall' ? 'wall' : 'cpu',
      log: err,
      ...(o.filter ? { filter: o.filter } : {}),
      ...(buildsDir ? { buildsDir } : {}),
    });
    out(o.json ? JSON.stringify(result, null, 2) : formatAgainst(result));
    return 0;
  } catch (e) {
    if (e instanceof AgainstError) {
      err(e.message);
      return e.exitCode;
    }
    throw e;
  }
}
