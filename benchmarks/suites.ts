/**
 * Regression benchmarks of engine and AI speed: the suite definitions.
 *
 * A suite is a group of tasks timed by one tinybench `Bench`. Every suite also times the same fixed
 * calibration workload (`calibration`, a deterministic integer/array/object loop that touches no tacsim
 * code) in the same run, so each figure can be given relative to the machine's speed at that moment:
 * relative = figure (units/s) / calibration (ops/s). Relative figures are what `--check` compares, so
 * runs on different or busy machines stay comparable.
 *
 * Figures are in units of work per second (lookups/s, actions/s, playouts/s, decisions/s, iterations/s,
 * games/s), not tinybench ops/s: an op may do several units (a batch of lookups, a fixed set of games).
 */
import { Bench } from 'tinybench';
import type { Game, Rng } from '../src/core/game.js';
import type { GameMap } from '../src/hex/map.js';
import { createRng } from '../src/core/rng.js';
import type { LoadedScenario } from '../src/core/system.js';
import { loadScenario } from '../src/scenarios.js';
import { createAgent } from '../agents/agent.js';
import { measureScaling, type ScalingReport } from '../src/harness/bench-workers.js';
import { mctsTicTacToeIterationsPerSecond } from './mcts-ttt.js';

/** `full`: the measured run. `quick`: every task runs once on tiny sizes (smoke test; figures are not comparable). */
export type BenchMode = 'full' | 'quick';

/** One timed figure. `fn` does `unitsPerOp` units of work; it may report its own duration (see below). */
export interface TaskDef {
  /** Figure id, unique across suites: `suite.what[.scenario]`. */
  readonly id: string;
  readonly description: string;
  /** Unit of the figure, per second: "lookups", "playouts", ... */
  readonly unit: string;
  readonly unitsPerOp: number;
  /**
   * One op. May return `{ overriddenDuration: ms }` when the measured code times itself (MCTS tic-tac-toe's
   * warm-up, the harness's worker start-up): tinybench then records that duration instead of the call's.
   */
  readonly fn: () => unknown;
  /** Extra facts for the report (mid-game ply, action applied, ...). */
  readonly details?: Readonly<Record<string, string | number>>;
}

export interface SuiteTiming {
  /** Time budget per task, ms (tinybench `time`). */
  readonly time: number;
  /** Minimum samples per task (tinybench `iterations`). */
  readonly iterations: number;
  readonly warmupTime: number;
  readonly warmupIterations: number;
}

export interface SuiteDef {
  readonly name: string;
  readonly description: string;
  readonly timing: SuiteTiming;
  /** Builds the tasks (loads scenarios, plays to mid-game states), outside the timing. */
  build(mode: BenchMode): Promise<TaskDef[]>;
}

export const CALIBRATION_ID = 'calibration';

/** Settings of a quick run: every task once, no warm-up. */
export const QUICK_TIMING: SuiteTiming = { time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 };

// ---------------------------------------------------------------------------------------------------
// Calibration

const CAL_N = 4096;

/**
 * The fixed calibration workload: a linear congruential fill of an Int32Array, a numeric sort of a
 * plain array copy, an xor/imul hash pass, and 512 small objects in a Map keyed by strings (the engine
 * allocates and hashes a lot, so the workload exercises the allocator and GC as well as the integer JIT).
 * Deterministic; returns a checksum so the JIT cannot drop it. About 1 ms on a 2020s laptop core.
 */
export function calibrationWorkload(): number {
  const a = new Int32Array(CAL_N);
  let x = 12345;
  for (let i = 0; i < CAL_N; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    a[i] = x >>> 8;
  }
  const b = Array.from(a);
  b.sort((p, q) => p - q);
  let h = 0;
  for (let i = 0; i < CAL_N; i++) h = Math.imul(h ^ b[i]!, 16777619) | 0;
  const m = new Map<string, { i: number; v: number }>();
  for (let i = 0; i < 512; i++) m.set(`k${b[i * 8]! & 1023}`, { i, v: a[i]! });
  for (const o of m.values()) h = (h + o.v + o.i) | 0;
  return h;
}

export function calibrationTask(): TaskDef {
  let sink = 0;
  return {
    id: CALIBRATION_ID,
    description: 'fixed integer/array/Map workload (no tacsim code), the yardstick for relative figures',
    unit: 'ops',
    unitsPerOp: 1,
    fn: () => { sink ^= calibrationWorkload(); return sink === 0.5 ? sink : undefined; },
  };
}

// ---------------------------------------------------------------------------------------------------
// Shared helpers

/** The shipped scenarios, with the number of random actions (~40% of a random game) to reach mid-game. */
export const SCENARIOS: readonly { readonly id: string; readonly midPly: number }[] = [
  { id: 'pg3-tiny', midPly: 50 },
  { id: 'pg3-medium', midPly: 600 },
  { id: 'pg3-large', midPly: 1950 },
  { id: 'pg3-mirror', midPly: 250 },
];

/** Cap on actions in a benchmark playout (the harness's own cap is 20,000). */
const PLAYOUT_CAP = 50_000;

const loaded = new Map<string, LoadedScenario>();
function scenario(id: string): LoadedScenario {
  let sc = loaded.get(id);
  if (!sc) {
    sc = loadScenario(id);
    loaded.set(id, sc);
  }
  return sc;
}

export interface MidGame<S = unknown, A = unknown> {
  readonly state: S;
  /** Actions actually played (fewer than asked if the game would have ended). */
  readonly ply: number;
}

/** A mid-game state must offer at least this many legal actions (a forced move makes MCTS return at once). */
export const MID_MIN_LEGAL = 3;

/**
 * The state after `plies` uniformly random actions from the scenario's start, dice and choices from the
 * fixed seed `mid/<scenario>`, then on until a state offers at least MID_MIN_LEGAL legal actions (at most
 * 200 more). Stops one action early rather than reach a terminal state.
 */
export function midGameState<S, A>(sc: LoadedScenario<S, A>, plies: number, seed = `mid/${sc.id}`): MidGame<S, A> {
  const rng = createRng(seed);
  const g = sc.game;
  let s = sc.initialState(rng);
  let ply = 0;
  while (ply < plies || (g.legalActions(s).length < MID_MIN_LEGAL && ply < plies + 200)) {
    const legal = g.legalActions(s);
    const next = g.apply(s, legal[rng.int(legal.length)]!, rng);
    if (g.isTerminal(next)) break;
    s = next;
    ply++;
  }
  return { state: s, ply };
}

/** Plays one uniformly random game from the start; returns the number of actions. */
export function randomPlayout<S, A>(sc: LoadedScenario<S, A>, seed: string): number {
  const rng = createRng(seed);
  const g = sc.game;
  let s = sc.initialState(rng);
  let n = 0;
  while (!g.isTerminal(s) && n < PLAYOUT_CAP) {
    const legal = g.legalActions(s);
    s = g.apply(s, legal[rng.int(legal.length)]!, rng);
    n++;
  }
  return n;
}

/**
 * A cheap replayable Rng: the same precomputed stream from the start on every `fresh()` call, so each
 * timed `apply` rolls identical dice without paying for a new seeded generator.
 */
function replayRng(seed: string, length = 4096): { fresh(): Rng } {
  const src = createRng(seed);
  const values = Float64Array.from({ length }, () => src.next());
  return {
    fresh(): Rng {
      let i = 0;
      const next = (): number => values[i++ % length]!;
      return { next, int: (n: number) => Math.floor(next() * n) };
    },
  };
}

/** Map of a PG3 scenario (the Pg3Game keeps its scenario, which holds the map). */
function mapOf(sc: LoadedScenario): GameMap {
  const map = (sc.game as unknown as { scenario?: { map?: GameMap } }).scenario?.map;
  if (!map) throw new Error(`scenario ${sc.id} does not expose a map (game.scenario.map)`);
  return map;
}

// ---------------------------------------------------------------------------------------------------
// Suites

const hexSuite: SuiteDef = {
  name: 'hex',
  description: 'hex distance and line-of-sight table lookups on pg3-large\'s map',
  timing: { time: 1000, iterations: 20, warmupTime: 100, warmupIterations: 5 },
  async build(mode) {
    const map = mapOf(scenario('pg3-large'));
    const grid = map.grid;
    const pairs = mode === 'quick' ? 1000 : 100_000;
    const rng = createRng('hex-pairs');
    const a = new Int32Array(pairs);
    const b = new Int32Array(pairs);
    for (let i = 0; i < pairs; i++) {
      a[i] = rng.int(grid.size);
      b[i] = rng.int(grid.size);
    }
    // Build the tables outside the timing (the engine builds them once per map).
    grid.distance(0, 0);
    map.hasLos(0, 0);
    let sink = 0;
    return [
      {
        id: 'hex.distance', description: `HexGrid.distance over ${pairs} fixed random pairs`, unit: 'lookups', unitsPerOp: pairs,
        details: { map: `${grid.width}x${grid.height}`, pairs },
        fn: () => { let s = 0; for (let i = 0; i < pairs; i++) s += grid.distance(a[i]!, b[i]!); sink ^= s; return sink === 0.5 ? 1 : undefined; },
      },
      {
        id: 'hex.los', description: `GameMap.hasLos over ${pairs} fixed random pairs`, unit: 'lookups', unitsPerOp: pairs,
        details: { map: `${grid.width}x${grid.height}`, pairs },
        fn: () => { let s = 0; for (let i = 0; i < pairs; i++) if (map.hasLos(a[i]!, b[i]!)) s++; sink ^= s; return sink === 0.5 ? 1 : undefined; },
      },
    ];
  },
};

const rulesSuite: SuiteDef = {
  name: 'rules',
  description: 'legal-action generation (uncached) and apply of a fixed action, on a mid-game state of each scenario',
  timing: { time: 600, iterations: 50, warmupTime: 100, warmupIterations: 10 },
  async build(mode) {
    // Calls are microseconds: batch them so the timer's own cost and resolution do not dominate a sample.
    const batch = mode === 'quick' ? 1 : 64;
    const tasks: TaskDef[] = [];
    for (const { id, midPly } of SCENARIOS) {
      const sc = scenario(id) as LoadedScenario<object, unknown>;
      const g: Game<object, unknown> = sc.game;
      const mid = midGameState(sc, midPly);
      const state = mid.state;
      const legal = g.legalActions(state);
      const pickRng = createRng(`action/${id}`);
      const action = legal[pickRng.int(legal.length)]!;
      const dice = replayRng(`dice/${id}`);
      const gen = (g as { computeLegalActions?: (s: object) => readonly unknown[] }).computeLegalActions;
      const uncached = gen ? (s: object) => gen.call(g, s) : undefined;
      let sink = 0;
      tasks.push({
        id: `rules.legal.${id}`, description: `legal-action generation (uncached) on the state after ${mid.ply} random actions, ${batch} per op`,
        unit: 'calls', unitsPerOp: batch, details: { ply: mid.ply, legalActions: legal.length },
        fn: () => {
          // The generator itself when the game exposes it (PG3), so a per-state cache filling with copies
          // does not add garbage-collection noise; otherwise a fresh shallow copy defeats the cache.
          if (uncached) for (let i = 0; i < batch; i++) sink ^= uncached(state).length;
          else for (let i = 0; i < batch; i++) sink ^= g.legalActions({ ...state }).length;
          return sink === 0.5 ? 1 : undefined;
        },
      });
      tasks.push({
        id: `rules.apply.${id}`, description: `apply of one fixed legal action (${g.actionKey(action)}) with replayed dice, ${batch} per op`,
        unit: 'calls', unitsPerOp: batch, details: { ply: mid.ply, action: g.actionKey(action) },
        fn: () => {
          let last: object | undefined;
          for (let i = 0; i < batch; i++) last = g.apply(state, action, dice.fresh());
          return last;
        },
      });
    }
    return tasks;
  },
};

const playoutSuite: SuiteDef = {
  name: 'playout',
  description: 'full random playouts from the start of each scenario (a fixed set of seeds per op)',
  timing: { time: 2500, iterations: 10, warmupTime: 200, warmupIterations: 1 },
  async build(mode) {
    const games: Readonly<Record<string, number>> = mode === 'quick'
      ? { 'pg3-tiny': 1, 'pg3-medium': 1, 'pg3-large': 1, 'pg3-mirror': 1 }
      : { 'pg3-tiny': 16, 'pg3-medium': 2, 'pg3-large': 2, 'pg3-mirror': 4 };
    return SCENARIOS.map(({ id }) => {
      const sc = scenario(id);
      const k = games[id] ?? 1;
      const seeds = Array.from({ length: k }, (_, i) => `playout/${id}/${i}`);
      // The games' total length identifies the workload: a rules change that lengthens games shows up here.
      const actions = seeds.reduce((n, s) => n + randomPlayout(sc, s), 0);
      return {
        id: `playout.${id}`, description: `${k} random game(s) to the end, seeds playout/${id}/0..${k - 1}`,
        unit: 'playouts', unitsPerOp: k, details: { gamesPerOp: k, actions },
        fn: () => { let n = 0; for (const s of seeds) n += randomPlayout(sc, s); return n; },
      };
    });
  },
};

const agentsSuite: SuiteDef = {
  name: 'agents',
  description: 'scripted decisions/s and MCTS iterations/s on pg3-medium; MCTS iterations/s on tic-tac-toe',
  timing: { time: 2500, iterations: 8, warmupTime: 0, warmupIterations: 1 },
  async build(mode) {
    const sc = scenario('pg3-medium') as LoadedScenario<object, unknown>;
    const g = sc.game;
    // Scripted: one decision on each of 8 states along a seeded random game, on fresh copies (uncached).
    const states: object[] = [];
    {
      const rng = createRng('scripted-states');
      let s = sc.initialState(rng);
      for (let ply = 1; states.length < 8 && ply <= 2000 && !g.isTerminal(s); ply++) {
        const legal = g.legalActions(s);
        s = g.apply(s, legal[rng.int(legal.length)]!, rng);
        if (ply >= 100 * (states.length + 1) && !g.isTerminal(s) && g.legalActions(s).length >= MID_MIN_LEGAL) states.push(s);
      }
    }
    const scripted = createAgent('scripted', sc.ai);
    const mctsIterations = mode === 'quick' ? 10 : 200;
    const mcts = createAgent(`mcts:iterations=${mctsIterations}`, sc.ai);
    const mid = midGameState(sc, SCENARIOS.find((x) => x.id === 'pg3-medium')!.midPly);
    const tttIterations = mode === 'quick' ? 500 : 20_000;
    const tasks: TaskDef[] = [
      {
        id: 'agents.scripted.pg3-medium', description: `scripted agent, one decision on each of ${states.length} states of a random game`,
        unit: 'decisions', unitsPerOp: states.length, details: { states: states.length },
        fn: async () => {
          let i = 0;
          for (const s of states) await scripted.act(g, { ...s }, g.toMove(s), createRng(`scripted/${i++}`));
        },
      },
      {
        id: 'agents.mcts.pg3-medium', description: `mcts:iterations=${mctsIterations}, one decision on the mid-game state (ply ${mid.ply})`,
        unit: 'iterations', unitsPerOp: mctsIterations, details: { ply: mid.ply, iterations: mctsIterations, legalActions: g.legalActions(mid.state).length },
        fn: async () => { await mcts.act(g, mid.state, g.toMove(mid.state), createRng('mcts-bench')); },
      },
      {
        id: 'agents.mcts.tictactoe', description: `MctsTree on tic-tac-toe, ${tttIterations} iterations from the empty board (timed without its warm-up)`,
        unit: 'iterations', unitsPerOp: tttIterations, details: { iterations: tttIterations },
        fn: () => ({ overriddenDuration: (tttIterations / mctsTicTacToeIterationsPerSecond(tttIterations)) * 1000 }),
      },
    ];
    return tasks;
  },
};

const harnessSuite: SuiteDef = {
  name: 'harness',
  description: 'harness games/s, pg3-medium scripted vs scripted, 1 and 2 worker threads, in paired rounds on warm pools',
  timing: { time: 0, iterations: 3, warmupIterations: 1, warmupTime: 0 },
  async build(mode) {
    // The machine's speed drifts between runs, so the two figures come from one measureScaling call:
    // rounds of `games` games on a warm 1-worker pool, then 2 x `games` on a warm 2-worker pool, back to
    // back. Each sample tinybench takes of a figure is that figure's next round (the first, its warm-up
    // sample, is dropped), so both medians come from the same time window and their ratio is fair.
    // Rounds of several seconds: shorter ones measured the machine's hiccups more than the pool.
    const games = mode === 'quick' ? 2 : 200;
    const rounds = 4; // timing: 1 warm-up + 3 iterations per figure
    let scaling: Promise<ScalingReport> | undefined;
    const measure = (): Promise<ScalingReport> =>
      (scaling ??= measureScaling('pg3-medium', ['scripted', 'scripted'], games, rounds, { warmupPerWorker: mode === 'quick' ? 1 : 20 }));
    return [1, 2].map((workers) => {
      let round = 0;
      const played = workers * games;
      return {
        id: `harness.pg3-medium.${workers}w`,
        description: `${played} games of pg3-medium a round, scripted vs scripted, ${workers} worker thread(s), warm pool, rounds paired with the other figure`,
        unit: 'games', unitsPerOp: played, details: { games: played, workers, rounds },
        fn: async () => {
          const r = await measure();
          const rates = workers === 1 ? r.oneWorker : r.twoWorkers;
          const rate = rates[Math.min(round++, rates.length - 1)]!;
          return { overriddenDuration: (played / rate) * 1000 };
        },
      };
    });
  },
};

export const SUITES: readonly SuiteDef[] = [hexSuite, rulesSuite, playoutSuite, agentsSuite, harnessSuite];

// ---------------------------------------------------------------------------------------------------
// Running

/** One figure of one run. Rates are units/s over the per-op samples. */
export interface FigureResult {
  readonly id: string;
  readonly suite: string;
  readonly description: string;
  readonly unit: string;
  readonly samples: number;
  /** Median rate, units/s. */
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
  /** Median absolute deviation of the rate, units/s. */
  readonly mad: number;
  /** median / calibration: the machine-independent figure --check compares. */
  readonly relative: number;
  /** Calibration median ops/s timed just before and after this task (absent on the calibration figure). */
  readonly calibration?: number;
  readonly details?: Readonly<Record<string, string | number>>;
  /** Set when the task threw: no numbers then (they are NaN). */
  readonly error?: string;
}

export interface SuiteResult {
  readonly name: string;
  /** Calibration median ops/s measured in this suite's run. */
  readonly calibration: number;
  readonly figures: readonly FigureResult[];
  readonly seconds: number;
}

export interface RunOptions {
  mode?: BenchMode;
  /** Keep suites whose name contains this, or (if none does) tasks whose id contains it. */
  filter?: string;
  /** Called as each suite starts and ends (progress lines). */
  log?: (line: string) => void;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Median, quartiles and MAD of rates (units/s) from op latencies in ms. */
export function rateStats(latenciesMs: readonly number[], unitsPerOp: number): { median: number; p25: number; p75: number; mad: number } {
  const rates = latenciesMs.filter((ms) => ms > 0).map((ms) => (unitsPerOp * 1000) / ms).sort((x, y) => x - y);
  const median = quantile(rates, 0.5);
  const dev = rates.map((r) => Math.abs(r - median)).sort((x, y) => x - y);
  return { median, p25: quantile(rates, 0.25), p75: quantile(rates, 0.75), mad: quantile(dev, 0.5) };
}

/** Which suites and tasks a filter selects. */
export function selectSuites(filter: string | undefined): { suite: SuiteDef; taskFilter: string | undefined }[] {
  if (!filter) return SUITES.map((suite) => ({ suite, taskFilter: undefined }));
  const f = filter.toLowerCase();
  const whole = SUITES.filter((s) => s.name.toLowerCase().includes(f));
  if (whole.length > 0) return whole.map((suite) => ({ suite, taskFilter: undefined }));
  // No suite name matches: run, within every suite, the tasks whose id matches (built per suite, below).
  return SUITES.map((suite) => ({ suite, taskFilter: f }));
}

/** Calibration timing: the same everywhere (200 ms, at least 30 samples). */
export const CALIBRATION_TIMING: SuiteTiming = { time: 200, iterations: 30, warmupTime: 30, warmupIterations: 5 };

/** Latencies (ms) of the calibration workload, timed by a bench of its own. */
export async function runCalibration(mode: BenchMode): Promise<number[]> {
  const t = mode === 'quick' ? QUICK_TIMING : CALIBRATION_TIMING;
  const bench = new Bench({
    name: CALIBRATION_ID, time: t.time, iterations: t.iterations, warmup: t.warmupIterations > 0,
    warmupTime: t.warmupTime, warmupIterations: t.warmupIterations, retainSamples: true, throws: true,
  });
  bench.add(CALIBRATION_ID, calibrationTask().fn);
  await bench.run();
  const r = bench.tasks[0]!.result as { latency?: { samples?: ArrayLike<number> } };
  return Array.from(r.latency?.samples ?? []);
}

/** Runs one suite: each task in a Bench of its own, with the calibration timed between tasks. */
export async function runSuite(suite: SuiteDef, mode: BenchMode, taskFilter?: string): Promise<SuiteResult | undefined> {
  const started = performance.now();
  let tasks = await suite.build(mode);
  if (taskFilter) tasks = tasks.filter((t) => t.id.toLowerCase().includes(taskFilter));
  if (tasks.length === 0) return undefined;
  const timing = mode === 'quick' ? QUICK_TIMING : suite.timing;
  // The calibration is timed by a bench of its own just before every task and once after the last, with
  // the same sampling in every suite. A task's relative figure divides by the calibration measured on
  // either side of it, so a machine whose load comes and goes during the suite (a shared CI box, another
  // process) moves the yardstick with the figure. The suite's calibration figure pools all of them.
  const cal = calibrationTask();
  const calRuns: number[][] = [await runCalibration(mode)];
  const measured: { ms: number[]; error?: string }[] = [];
  for (const t of tasks) {
    const bench = new Bench({
      name: `${suite.name}/${t.id}`,
      time: timing.time,
      iterations: timing.iterations,
      warmup: timing.warmupIterations > 0,
      warmupTime: timing.warmupTime,
      warmupIterations: timing.warmupIterations,
      retainSamples: true,
      throws: false,
    });
    bench.add(t.id, t.fn as () => Promise<unknown>);
    await bench.run();
    const r = bench.tasks[0]?.result as { state: string; latency?: { samples?: ArrayLike<number> }; error?: unknown } | undefined;
    if (!r) measured.push({ ms: [], error: 'not run' });
    else if (r.state === 'errored') measured.push({ ms: [], error: String((r.error as Error | undefined)?.message ?? r.error) });
    else measured.push({ ms: Array.from(r.latency?.samples ?? []) });
    calRuns.push(await runCalibration(mode));
  }
  const calSamples = calRuns.flat();
  const calibration = rateStats(calSamples, 1);
  const figures: FigureResult[] = [{
    id: `${suite.name}.${CALIBRATION_ID}`, suite: suite.name, description: cal.description, unit: cal.unit,
    samples: calSamples.length, ...calibration, relative: 1,
  }];
  tasks.forEach((t, i) => {
    const l = measured[i]!;
    const st = l.error ? { median: NaN, p25: NaN, p75: NaN, mad: NaN } : rateStats(l.ms, t.unitsPerOp);
    const around = rateStats([...calRuns[i]!, ...calRuns[i + 1]!], 1).median;
    figures.push({
      id: t.id,
      suite: suite.name,
      description: t.description,
      unit: t.unit,
      samples: l.ms.length,
      ...st,
      relative: st.median / around,
      calibration: around,
      ...(t.details ? { details: t.details } : {}),
      ...(l.error ? { error: l.error } : {}),
    });
  });
  return { name: suite.name, calibration: calibration.median, figures, seconds: (performance.now() - started) / 1000 };
}

/** Runs the selected suites in order. */
export async function runSuites(options: RunOptions = {}): Promise<SuiteResult[]> {
  const mode = options.mode ?? 'full';
  const out: SuiteResult[] = [];
  for (const { suite, taskFilter } of selectSuites(options.filter)) {
    options.log?.(`suite ${suite.name}: ${suite.description}`);
    const r = await runSuite(suite, mode, taskFilter);
    if (r) {
      out.push(r);
      options.log?.(`  done in ${r.seconds.toFixed(1)} s`);
    }
  }
  return out;
}
