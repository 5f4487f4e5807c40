/**
 * One round of a side-by-side comparison (`tacsim bench --against`), run in a child process:
 *   node --no-concurrent-recompilation dist/benchmarks/round.js BUILD_DIR FILTER TASK_MS MODE CLOCK
 * imports BUILD_DIR/dist/benchmarks/suites.js (the build being measured, which may be an older commit),
 * runs the suites FILTER selects ('' for all) with TASK_MS of sampling per task, and prints the
 * SuiteResult[] as JSON on stdout.
 *
 * CLOCK `cpu` times each op by the process's CPU time (user + system, all its threads) instead of the
 * wall clock: on a machine shared with other work, a process waiting for a core accrues wall time but no
 * CPU time, and that wait, not the code, is most of the round-to-round spread. Ops that time themselves
 * (`overriddenDuration`: worker pools, a timed inner loop) keep their own figure.
 *
 * Both builds of a comparison are run by this same script, so they are timed the same way whatever the
 * older build's own CLI offers. It imports nothing of tacsim statically: only the measured build's
 * modules are loaded in the process. What it needs of them is the suites API every build since the
 * benchmarks began exports (`selectSuites`, `runSuite`, a suite's `timing`).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchMode, SuiteDef, SuiteResult, SuiteTiming } from './suites.js';

interface SuitesModule {
  selectSuites(filter: string | undefined): { suite: SuiteDef; taskFilter: string | undefined }[];
  runSuite(suite: SuiteDef, mode: BenchMode, taskFilter?: string): Promise<SuiteResult | undefined>;
}

/** A suite's timing for one round: `taskMs` of sampling per task, except for self-timed suites (time 0). */
export function roundTiming(timing: SuiteTiming, taskMs: number): SuiteTiming {
  if (timing.time === 0) return timing;
  return { ...timing, time: taskMs, warmupTime: Math.min(timing.warmupTime, taskMs / 4) };
}

export type RoundClock = 'cpu' | 'wall';

/** The op `fn` timed by CPU time, reported to tinybench as the op's duration. */
export function cpuTimed(fn: () => unknown): () => Promise<unknown> {
  return async () => {
    const before = process.cpuUsage();
    const result = await fn();
    const used = process.cpuUsage(before);
    const own = typeof result === 'object' && result !== null && 'overriddenDuration' in result;
    return own ? result : { overriddenDuration: (used.user + used.system) / 1000 };
  };
}

function withClock(suite: SuiteDef, clock: RoundClock): SuiteDef {
  if (clock === 'wall') return suite;
  return { ...suite, build: async (mode) => (await suite.build(mode)).map((t) => ({ ...t, fn: cpuTimed(t.fn) })) };
}

export async function runRound(buildDir: string, filter: string, taskMs: number, mode: BenchMode, clock: RoundClock = 'cpu'): Promise<SuiteResult[]> {
  const url = pathToFileURL(join(buildDir, 'dist', 'benchmarks', 'suites.js')).href;
  const mod = (await import(url)) as Partial<SuitesModule>;
  if (typeof mod.selectSuites !== 'function' || typeof mod.runSuite !== 'function') {
    throw new Error(`${url} does not export selectSuites and runSuite`);
  }
  const out: SuiteResult[] = [];
  for (const { suite, taskFilter } of mod.selectSuites(filter || undefined)) {
    const r = await mod.runSuite({ ...withClock(suite, clock), timing: roundTiming(suite.timing, taskMs) }, mode, taskFilter);
    if (r) out.push(r);
  }
  return out;
}

const [, self, buildDir, filter, taskMs, mode, clock] = process.argv;
if (self && import.meta.url === pathToFileURL(self).href) {
  try {
    if (!buildDir || taskMs === undefined) throw new Error('usage: round.js BUILD_DIR FILTER TASK_MS quick|full cpu|wall');
    const suites = await runRound(buildDir, filter ?? '', Number(taskMs), mode === 'quick' ? 'quick' : 'full', clock === 'wall' ? 'wall' : 'cpu');
    process.stdout.write(`${JSON.stringify(suites)}\n`);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
