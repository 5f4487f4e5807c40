/**
 * One round of a side-by-side comparison (`tacsim bench --against`), run in a child process:
 *   node --no-concurrent-recompilation dist/benchmarks/round.js NEW_DIR OLD_DIR FILTER TASK_MS MODE CLOCK FIRST
 * imports both builds' dist/benchmarks/suites.js (the old one may be an older commit), builds the tasks
 * FILTER selects ('' for all) on both, and times each figure of both builds op by op, alternating between
 * the builds (new old, old new, ...), until each has TASK_MS of samples. FIRST (`new` or `old`): which
 * build is imported, built and timed first. Prints a RoundResult as JSON.
 *
 * Why both builds in one process, alternating op by op: on a machine shared with other work the speed a
 * process gets changes from second to second; builds timed one after the other in separate processes
 * differed by 20% per round with no change in the code, while ops a few milliseconds apart see the same
 * machine. Each build's modules are its own (another folder, so another module instance and its own
 * compiled code); they share the heap, so one build's garbage is collected on both builds' time.
 * Each round is a fresh process, so the JIT's per-process choices vary across rounds and the interval
 * over rounds includes them.
 *
 * What it needs of a build is the suites API every build since the benchmarks began exports:
 * `selectSuites(filter)` and a suite's `name`, `timing` and `build(mode)` giving tasks with `id`, `unit`,
 * `unitsPerOp`, `fn` and `details`. CLOCK `cpu` times ops by the process's CPU time (user + system, all
 * threads), which a wait for a core does not advance; ops that time themselves (`overriddenDuration`:
 * worker pools, a timed inner loop) keep their own figure.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchMode, SuiteDef, SuiteTiming, TaskDef } from './suites.js';

export type RoundClock = 'cpu' | 'wall';

/** One build's figure in one round. */
export interface RoundFigure {
  readonly id: string;
  readonly unit: string;
  /** Median rate over the round's ops, units/s (NaN if the task failed). */
  readonly median: number;
  readonly samples: number;
  readonly details?: Readonly<Record<string, string | number>>;
  readonly error?: string;
}

export interface RoundResult {
  readonly new: readonly RoundFigure[];
  readonly old: readonly RoundFigure[];
}

interface SuitesModule {
  selectSuites(filter: string | undefined): { suite: SuiteDef; taskFilter: string | undefined }[];
}

async function importSuites(buildDir: string): Promise<SuitesModule> {
  const url = pathToFileURL(join(buildDir, 'dist', 'benchmarks', 'suites.js')).href;
  const mod = (await import(url)) as Partial<SuitesModule>;
  if (typeof mod.selectSuites !== 'function') throw new Error(`${url} does not export selectSuites`);
  return mod as SuitesModule;
}

/** Times one call of `fn` in ms: by the clock, or the op's own `overriddenDuration` when it reports one. */
async function timeOp(fn: () => unknown, clock: RoundClock): Promise<number> {
  const cpu0 = clock === 'cpu' ? process.cpuUsage() : undefined;
  const t0 = performance.now();
  const result = await fn();
  const wall = performance.now() - t0;
  const own =
    typeof result === 'object' && result !== null && 'overriddenDuration' in result
      ? Number((result as { overriddenDuration: unknown }).overriddenDuration)
      : NaN;
  if (Number.isFinite(own)) return own;
  if (!cpu0) return wall;
  const used = process.cpuUsage(cpu0);
  return (used.user + used.system) / 1000;
}

/** How many ops a round takes of a task: warm-up and sampling budgets from the suite's timing. */
export function roundPlan(
  timing: SuiteTiming,
  taskMs: number,
  mode: BenchMode,
): { warmupMs: number; warmupOps: number; sampleMs: number; minOps: number } {
  if (mode === 'quick') return { warmupMs: 0, warmupOps: 0, sampleMs: 0, minOps: 1 };
  // Self-timed suites (time 0) take exactly their iterations; the others sample for taskMs.
  return {
    warmupMs: Math.min(timing.warmupTime, taskMs / 4),
    warmupOps: timing.warmupIterations,
    sampleMs: timing.time === 0 ? 0 : taskMs,
    minOps: timing.iterations,
  };
}

function medianRate(ms: readonly number[], unitsPerOp: number): number {
  const rates = ms
    .filter((x) => x > 0)
    .map((x) => (unitsPerOp * 1000) / x)
    .sort((a, b) => a - b);
  if (rates.length === 0) return NaN;
  const m = rates.length >> 1;
  return rates.length % 2 ? rates[m]! : (rates[m - 1]! + rates[m]!) / 2;
}

/**
 * Times a task of both builds, alternating op by op (new old, old new, ...): warm-up ops first, then
 * sampled ops until each side has `sampleMs` of measured time and at least `minOps` ops.
 */
async function timePair(
  a: TaskDef,
  b: TaskDef,
  plan: ReturnType<typeof roundPlan>,
  clock: RoundClock,
): Promise<[RoundFigure, RoundFigure]> {
  const sides = [a, b];
  const ms: number[][] = [[], []];
  const errors: (string | undefined)[] = [undefined, undefined];
  const once = async (i: number, record: boolean): Promise<number> => {
    if (errors[i] !== undefined) return 0;
    try {
      const d = await timeOp(sides[i]!.fn, clock);
      if (record) ms[i]!.push(d);
      return d;
    } catch (e) {
      errors[i] = String((e as Error | undefined)?.message ?? e);
      return 0;
    }
  };
  const order = (k: number): number[] => (k % 2 === 0 ? [0, 1] : [1, 0]);
  const warm = [0, 0];
  for (let k = 0; k < plan.warmupOps || (warm[0]! < plan.warmupMs && warm[1]! < plan.warmupMs); k++) {
    for (const i of order(k)) warm[i]! += await once(i, false);
    if (errors[0] !== undefined && errors[1] !== undefined) break;
  }
  const total = [0, 0];
  for (let k = 0; k < plan.minOps || total[0]! < plan.sampleMs || total[1]! < plan.sampleMs; k++) {
    for (const i of order(k)) total[i]! += await once(i, true);
    if (errors[0] !== undefined || errors[1] !== undefined) break;
  }
  const figure = (i: number): RoundFigure => {
    const t = sides[i]!;
    const err = errors[i];
    return {
      id: t.id,
      unit: t.unit,
      median: err === undefined ? medianRate(ms[i]!, t.unitsPerOp) : NaN,
      samples: ms[i]!.length,
      ...(t.details ? { details: t.details } : {}),
      ...(err !== undefined ? { error: err } : {}),
    };
  };
  return [figure(0), figure(1)];
}

/**
 * Times both builds' selected figures in this process. `oldFirst`: the old build's modules are imported,
 * and its tasks built, before the new build's (the first build loaded can gain or lose a few percent from
 * it, so the caller alternates this by round); the op order within a figure alternates anyway.
 */
export async function runRound(
  newDir: string,
  oldDir: string,
  filter: string,
  taskMs: number,
  mode: BenchMode,
  clock: RoundClock = 'cpu',
  oldFirst = false,
): Promise<RoundResult> {
  const oldEarly = oldFirst ? await importSuites(oldDir) : undefined;
  const newMod = await importSuites(newDir);
  const oldMod = oldEarly ?? (await importSuites(oldDir));
  const result: { new: RoundFigure[]; old: RoundFigure[] } = { new: [], old: [] };
  const oldSelected = oldMod.selectSuites(filter || undefined);
  for (const { suite, taskFilter } of newMod.selectSuites(filter || undefined)) {
    const wanted = (f: string | undefined) => (f ? (id: string) => id.toLowerCase().includes(f) : undefined);
    const keep = (tasks: TaskDef[], f: string | undefined): TaskDef[] => (f ? tasks.filter((t) => wanted(f)!(t.id)) : tasks);
    const oldSel = oldSelected.find((s) => s.suite.name === suite.name);
    // A build whose suites take no `keep` (older commits) builds every scenario's tasks and keeps some here.
    const buildOld = async (): Promise<TaskDef[]> =>
      oldSel ? keep(await oldSel.suite.build(mode, wanted(oldSel.taskFilter)), oldSel.taskFilter) : [];
    const buildNew = async (): Promise<TaskDef[]> => keep(await suite.build(mode, wanted(taskFilter)), taskFilter);
    const oldTasks = oldFirst ? await buildOld() : [];
    const newTasks = await buildNew();
    if (!oldFirst) oldTasks.push(...(await buildOld()));
    const plan = roundPlan(suite.timing, taskMs, mode);
    for (const t of newTasks) {
      const o = oldTasks.find((x) => x.id === t.id);
      if (!o) {
        result.new.push({ id: t.id, unit: t.unit, median: NaN, samples: 0, error: 'not in the old build' });
        continue;
      }
      const [n, old] = oldFirst
        ? ((await timePair(o, t, plan, clock)).reverse() as [RoundFigure, RoundFigure])
        : await timePair(t, o, plan, clock);
      result.new.push(n);
      result.old.push(old);
    }
    for (const o of oldTasks) {
      if (!newTasks.some((t) => t.id === o.id))
        result.old.push({ id: o.id, unit: o.unit, median: NaN, samples: 0, error: 'not in the new build' });
    }
  }
  return result;
}

const [, self, newDir, oldDir, filter, taskMs, mode, clock, first] = process.argv;
if (self && import.meta.url === pathToFileURL(self).href) {
  try {
    if (!newDir || !oldDir || taskMs === undefined)
      throw new Error('usage: round.js NEW_DIR OLD_DIR FILTER TASK_MS quick|full cpu|wall new|old');
    const r = await runRound(
      newDir,
      oldDir,
      filter ?? '',
      Number(taskMs),
      mode === 'quick' ? 'quick' : 'full',
      clock === 'wall' ? 'wall' : 'cpu',
      first === 'old',
    );
    process.stdout.write(`${JSON.stringify(r)}\n`);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
