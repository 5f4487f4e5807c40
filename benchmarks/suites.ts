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
import { GameMap } from '../src/hex/map.js';
import { PgLos } from '../src/hex/los.js';
import { createRng } from '../src/core/rng.js';
import type { LoadedScenario } from '../src/core/system.js';
import { listShippedScenarios, listSystems, loadScenario } from '../src/scenarios.js';
import { createAgent, type Agent } from '../agents/agent.js';
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
  /**
   * Builds the tasks (loads scenarios, plays to mid-game states), outside the timing. `keep`, when given,
   * says which figure ids are wanted: scenarios none of whose figures are kept are not loaded nor played.
   */
  build(mode: BenchMode, keep?: (id: string) => boolean): Promise<TaskDef[]>;
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
    fn: () => {
      sink ^= calibrationWorkload();
      return sink === 0.5 ? sink : undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Scenarios from the registry, and their sizes

/** Cap on actions in a benchmark playout (the harness's own cap is 20,000). */
const PLAYOUT_CAP = 50_000;

/** Random games played to measure a scenario's length (from seeds `length/<id>/<i>`). */
const LENGTH_SAMPLES = 16;
/** The mid-game state is this fraction of a random game's mean length in. */
const MID_FRACTION = 0.4;
/** A playout op plays about this many actions (whole games, a power of two of them, at least 2). */
const PLAYOUT_ACTIONS_PER_OP = 2500;

/** A scenario the suites measure, with sizes derived from its own random games. */
export interface BenchScenario {
  readonly id: string;
  readonly system: string;
  readonly scenario: LoadedScenario;
  /** Mean length (actions) of LENGTH_SAMPLES uniformly random games. */
  readonly meanLength: number;
  /** Random actions to the mid-game state: MID_FRACTION of the mean length, to a multiple of 50 past 50. */
  readonly midPly: number;
  /** Games per playout op: PLAYOUT_ACTIONS_PER_OP / mean length, to a power of two, at least 2. */
  readonly playoutGames: number;
}

const measured = new Map<string, BenchScenario>();

/** Loads a scenario (shipped id or file path) and measures its sizes, once per process. */
export function benchScenario(idOrPath: string): BenchScenario {
  let b = measured.get(idOrPath);
  if (!b) {
    // The lengths are measured on a game object of their own: the timed tasks get a fresh one, whose
    // per-game caches hold nothing from these games.
    const sampler = loadScenario(idOrPath);
    let total = 0;
    for (let i = 0; i < LENGTH_SAMPLES; i++) total += randomPlayout(sampler, `length/${sampler.id}/${i}`);
    const sc = loadScenario(idOrPath);
    const meanLength = total / LENGTH_SAMPLES;
    const mid = MID_FRACTION * meanLength;
    b = {
      id: sc.id,
      system: sc.system,
      scenario: sc,
      meanLength,
      midPly: mid >= 50 ? Math.round(mid / 50) * 50 : Math.max(1, Math.round(mid)),
      playoutGames: Math.max(2, 2 ** Math.round(Math.log2(PLAYOUT_ACTIONS_PER_OP / Math.max(1, meanLength)))),
    };
    measured.set(idOrPath, b);
  }
  return b;
}

/**
 * Every shipped scenario of every registered system (those `which` keeps, if given), by system, then
 * shortest random game first.
 */
export function registryScenarios(which?: (id: string) => boolean): BenchScenario[] {
  const systems = listSystems().map((s) => s.id);
  return listShippedScenarios()
    .filter((s) => systems.includes(s.system) && (!which || which(s.id)))
    .map((s) => benchScenario(s.id))
    .sort((a, b) => systems.indexOf(a.system) - systems.indexOf(b.system) || a.meanLength - b.meanLength || a.id.localeCompare(b.id));
}

/**
 * Per system, its median scenario (the upper one of two) by size, map hexes x units, read from the
 * scenarios as loaded: where agents and the harness are timed. Chosen without playing the scenarios, so
 * a run of the agents suite alone runs the engine on that scenario only.
 */
export function representativeScenarios(which?: (id: string) => boolean): BenchScenario[] {
  const systems = listSystems().map((s) => s.id);
  const bySystem = new Map<string, { id: string; size: number }[]>();
  for (const s of listShippedScenarios().filter((x) => systems.includes(x.system))) {
    const sc = loadScenario(s.id);
    const size = sc.mapWidth * sc.mapHeight * sc.unitCounts.reduce((a, b) => a + b, 0);
    bySystem.set(s.system, [...(bySystem.get(s.system) ?? []), { id: s.id, size }]);
  }
  return systems
    .filter((sys) => bySystem.has(sys))
    .map((sys) => {
      const list = bySystem.get(sys)!.sort((a, b) => a.size - b.size || a.id.localeCompare(b.id));
      return list[list.length >> 1]!.id;
    })
    .filter((id) => !which || which(id))
    .map((id) => benchScenario(id));
}

export interface MidGame<S = unknown> {
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
export function midGameState<S, A>(sc: LoadedScenario<S, A>, plies: number, seed = `mid/${sc.id}`): MidGame<S> {
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

/**
 * The agent a suite times. The one place agents are made, so a change in how agents receive a system's
 * AI hooks is one edit here.
 */
function benchAgent(spec: string, scenario: LoadedScenario): Agent {
  return createAgent(spec, scenario.ai);
}

/**
 * A map for the hex suite: the kernel's grid and line-of-sight table, on a map the size of the largest
 * registered scenario's, with seeded terrain (open ground, woods, towns) and ground levels 0-2. The timed
 * work, a distance or a line-of-sight table lookup per pair, depends on the map's size, not its terrain.
 */
function syntheticMap(width: number, height: number): GameMap {
  const rng = createRng(`hex-map/${width}x${height}`);
  const size = width * height;
  const terrain = Uint8Array.from({ length: size }, () => {
    const r = rng.next();
    return r < 0.7 ? 0 : r < 0.9 ? 1 : 2;
  });
  const elevation = Int8Array.from({ length: size }, () => rng.int(3));
  return new GameMap({
    width,
    height,
    terrainIds: ['open', 'woods', 'town'],
    terrain,
    elevation,
    hexsides: new Uint8Array(size * 6),
    // The kernel's obstacle-and-height rule: the costliest table to build; lookups cost the same for any rule.
    los: new PgLos([
      { obstacleHeight: 0, blocksLos: false, viewerBonus: 0 },
      { obstacleHeight: 1, blocksLos: true, viewerBonus: 0 },
      { obstacleHeight: 1, blocksLos: true, viewerBonus: 1 },
    ]),
  });
}

// ---------------------------------------------------------------------------------------------------
// Tasks per scenario

/** `rules.legal.<id>` and `rules.apply.<id>` on the scenario's mid-game state. */
export function rulesTasks(b: BenchScenario, mode: BenchMode): TaskDef[] {
  // Calls are microseconds: batch them so the timer's own cost and resolution do not dominate a sample.
  const batch = mode === 'quick' ? 1 : 64;
  const { id } = b;
  const sc = b.scenario as LoadedScenario<object, unknown>;
  const g: Game<object, unknown> = sc.game;
  const mid = midGameState(sc, b.midPly);
  const state = mid.state;
  const legal = g.legalActions(state);
  const pickRng = createRng(`action/${id}`);
  const action = legal[pickRng.int(legal.length)]!;
  const dice = replayRng(`dice/${id}`);
  const gen = (g as { computeLegalActions?: (s: object) => readonly unknown[] }).computeLegalActions;
  const uncached = gen ? (s: object) => gen.call(g, s) : undefined;
  let sink = 0;
  return [
    {
      id: `rules.legal.${id}`,
      description: `legal-action generation (uncached) on the state after ${mid.ply} random actions, ${batch} per op`,
      unit: 'calls',
      unitsPerOp: batch,
      details: { ply: mid.ply, legalActions: legal.length },
      fn: () => {
        // The generator itself when the game exposes one (`computeLegalActions`), so a per-state cache
        // filling with copies does not add garbage-collection noise; otherwise a fresh shallow copy defeats the cache.
        if (uncached) for (let i = 0; i < batch; i++) sink ^= uncached(state).length;
        else for (let i = 0; i < batch; i++) sink ^= g.legalActions({ ...state }).length;
        return sink === 0.5 ? 1 : undefined;
      },
    },
    {
      id: `rules.apply.${id}`,
      description: `apply of one fixed legal action (${g.actionKey(action)}) with replayed dice, ${batch} per op`,
      unit: 'calls',
      unitsPerOp: batch,
      details: { ply: mid.ply, action: g.actionKey(action) },
      fn: () => {
        let last: object | undefined;
        for (let i = 0; i < batch; i++) last = g.apply(state, action, dice.fresh());
        return last;
      },
    },
  ];
}

/** `playout.<id>`: whole random games from fixed seeds. The op reports the actions it played. */
export function playoutTask(b: BenchScenario, mode: BenchMode): TaskDef {
  const { id, scenario: sc } = b;
  const k = mode === 'quick' ? 1 : b.playoutGames;
  const seeds = Array.from({ length: k }, (_, i) => `playout/${id}/${i}`);
  // The games' total length identifies the workload: a rules change that lengthens games shows up here.
  const actions = seeds.reduce((n, s) => n + randomPlayout(sc, s), 0);
  return {
    id: `playout.${id}`,
    description: `${k} random game(s) to the end, seeds playout/${id}/0..${k - 1}`,
    unit: 'playouts',
    unitsPerOp: k,
    details: { gamesPerOp: k, actions },
    fn: () => {
      let n = 0;
      for (const s of seeds) n += randomPlayout(sc, s);
      return n;
    },
  };
}

/**
 * `agents.scripted.<id>` (8 states of a random game), `agents.mcts.<id>` (the mid-game state, default
 * rollouts to the end) and `agents.mcts-search.<id>` (the same state with rollouts of 10 actions, so the
 * tree's own work shows: the figure the search's efficiency is judged by).
 */
export function agentTasks(b: BenchScenario, mode: BenchMode): TaskDef[] {
  const { id } = b;
  const sc = b.scenario as LoadedScenario<object, unknown>;
  const g = sc.game;
  // Scripted: one decision on each of 8 states along a seeded random game (plies 100, 200, ... or, in a
  // short game, spread over its mean length), on fresh copies (uncached).
  const step = Math.max(1, Math.min(100, Math.floor(b.meanLength / 10)));
  const states: object[] = [];
  {
    const rng = createRng('scripted-states');
    let s = sc.initialState(rng);
    for (let ply = 1; states.length < 8 && ply <= 20 * step && !g.isTerminal(s); ply++) {
      const legal = g.legalActions(s);
      s = g.apply(s, legal[rng.int(legal.length)]!, rng);
      if (ply >= step * (states.length + 1) && !g.isTerminal(s) && g.legalActions(s).length >= MID_MIN_LEGAL) states.push(s);
    }
  }
  const scripted = benchAgent('scripted', sc);
  const mctsIterations = mode === 'quick' ? 10 : 200;
  // Every search option the figure depends on is named, so that a rules system's own defaults
  // (AgentHooks.agentDefaults) never change what the task measures from one build to the next.
  const mctsSpec = `mcts:iterations=${mctsIterations},rolloutDepth=200,expandAfter=0`;
  const mcts = benchAgent(mctsSpec, sc);
  const searchIterations = mode === 'quick' ? 10 : 300;
  const searchSpec = `mcts:iterations=${searchIterations},rolloutDepth=10,expandAfter=0`;
  const search = benchAgent(searchSpec, sc);
  const mid = midGameState(sc, b.midPly);
  return [
    {
      id: `agents.scripted.${id}`,
      description: `scripted agent, one decision on each of ${states.length} states of a random game`,
      unit: 'decisions',
      unitsPerOp: states.length,
      details: { states: states.length },
      fn: async () => {
        let i = 0;
        for (const s of states) await scripted.act(g, { ...s }, g.toMove(s), createRng(`scripted/${i++}`));
      },
    },
    {
      id: `agents.mcts.${id}`,
      description: `${mctsSpec}, one decision on the mid-game state (ply ${mid.ply})`,
      unit: 'iterations',
      unitsPerOp: mctsIterations,
      details: { ply: mid.ply, iterations: mctsIterations, legalActions: g.legalActions(mid.state).length },
      fn: async () => {
        await mcts.act(g, mid.state, g.toMove(mid.state), createRng('mcts-bench'));
      },
    },
    {
      id: `agents.mcts-search.${id}`,
      description: `${searchSpec}, one decision on the mid-game state (ply ${mid.ply})`,
      unit: 'iterations',
      unitsPerOp: searchIterations,
      details: { ply: mid.ply, iterations: searchIterations, rolloutDepth: 10, legalActions: g.legalActions(mid.state).length },
      fn: async () => {
        await search.act(g, mid.state, g.toMove(mid.state), createRng('mcts-search-bench'));
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Suites

const hexSuite: SuiteDef = {
  name: 'hex',
  description: "hex distance and line-of-sight table lookups on a map the size of the largest scenario's",
  timing: { time: 1000, iterations: 20, warmupTime: 100, warmupIterations: 5 },
  async build(mode) {
    const largest = listShippedScenarios()
      .filter((s) => listSystems().some((sys) => sys.id === s.system))
      .map((s) => loadScenario(s.id))
      .reduce<LoadedScenario | undefined>((a, sc) => (!a || sc.mapWidth * sc.mapHeight > a.mapWidth * a.mapHeight ? sc : a), undefined);
    const map = syntheticMap(largest?.mapWidth ?? 32, largest?.mapHeight ?? 22);
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
        id: 'hex.distance',
        description: `HexGrid.distance over ${pairs} fixed random pairs`,
        unit: 'lookups',
        unitsPerOp: pairs,
        details: { map: `${grid.width}x${grid.height}`, pairs },
        fn: () => {
          let s = 0;
          for (let i = 0; i < pairs; i++) s += grid.distance(a[i]!, b[i]!);
          sink ^= s;
          return sink === 0.5 ? 1 : undefined;
        },
      },
      {
        id: 'hex.los',
        description: `GameMap.hasLos over ${pairs} fixed random pairs`,
        unit: 'lookups',
        unitsPerOp: pairs,
        details: { map: `${grid.width}x${grid.height}`, pairs },
        fn: () => {
          let s = 0;
          for (let i = 0; i < pairs; i++) if (map.hasLos(a[i]!, b[i]!)) s++;
          sink ^= s;
          return sink === 0.5 ? 1 : undefined;
        },
      },
    ];
  },
};

const rulesSuite: SuiteDef = {
  name: 'rules',
  description: 'legal-action generation (uncached) and apply of a fixed action, on a mid-game state of each scenario',
  timing: { time: 600, iterations: 50, warmupTime: 100, warmupIterations: 10 },
  async build(mode, keep) {
    return registryScenarios(keep && ((id) => keep(`rules.legal.${id}`) || keep(`rules.apply.${id}`))).flatMap((b) => rulesTasks(b, mode));
  },
};

const playoutSuite: SuiteDef = {
  name: 'playout',
  description: 'full random playouts from the start of each scenario (a fixed set of seeds per op)',
  timing: { time: 2500, iterations: 10, warmupTime: 200, warmupIterations: 1 },
  async build(mode, keep) {
    return registryScenarios(keep && ((id) => keep(`playout.${id}`))).map((b) => playoutTask(b, mode));
  },
};

const agentsSuite: SuiteDef = {
  name: 'agents',
  description: "scripted decisions/s and MCTS iterations/s on each system's median scenario; MCTS iterations/s on tic-tac-toe",
  timing: { time: 2500, iterations: 8, warmupTime: 0, warmupIterations: 1 },
  async build(mode, keep) {
    const tttIterations = mode === 'quick' ? 500 : 20_000;
    return [
      ...representativeScenarios(
        keep && ((id) => keep(`agents.scripted.${id}`) || keep(`agents.mcts.${id}`) || keep(`agents.mcts-search.${id}`)),
      ).flatMap((b) => agentTasks(b, mode)),
      {
        id: 'agents.mcts.tictactoe',
        description: `MctsTree on tic-tac-toe, ${tttIterations} iterations from the empty board (timed without its warm-up)`,
        unit: 'iterations',
        unitsPerOp: tttIterations,
        details: { iterations: tttIterations },
        fn: () => ({ overriddenDuration: (tttIterations / mctsTicTacToeIterationsPerSecond(tttIterations)) * 1000 }),
      },
    ];
  },
};

/** `harness.<id>.1w` and `.2w`: games/s on 1 and 2 worker threads, scripted vs scripted, in paired rounds. */
function harnessTasks(b: BenchScenario, mode: BenchMode): TaskDef[] {
  // The machine's speed drifts between runs, so the two figures come from one measureScaling call:
  // rounds of `games` games on a warm 1-worker pool, then 2 x `games` on a warm 2-worker pool, back to
  // back. Each sample tinybench takes of a figure is that figure's next round (the first, its warm-up
  // sample, is dropped), so both medians come from the same time window and their ratio is fair.
  // Rounds of several seconds: shorter ones measured the machine's hiccups more than the pool.
  const games = mode === 'quick' ? 2 : 200;
  const rounds = 4; // timing: 1 warm-up + 3 iterations per figure
  let scaling: Promise<ScalingReport> | undefined;
  const measure = (): Promise<ScalingReport> =>
    (scaling ??= measureScaling(b.id, ['scripted', 'scripted'], games, rounds, { warmupPerWorker: mode === 'quick' ? 1 : 20 }));
  return [1, 2].map((workers) => {
    let round = 0;
    const played = workers * games;
    return {
      id: `harness.${b.id}.${workers}w`,
      description: `${played} games of ${b.id} a round, scripted vs scripted, ${workers} worker thread(s), warm pool, rounds paired with the other figure`,
      unit: 'games',
      unitsPerOp: played,
      details: { games: played, workers, rounds },
      fn: async () => {
        const r = await measure();
        const rates = workers === 1 ? r.oneWorker : r.twoWorkers;
        const rate = rates[Math.min(round++, rates.length - 1)]!;
        return { overriddenDuration: (played / rate) * 1000 };
      },
    };
  });
}

const harnessSuite: SuiteDef = {
  name: 'harness',
  description:
    "harness games/s on each system's median scenario, scripted vs scripted, 1 and 2 worker threads, in paired rounds on warm pools",
  timing: { time: 0, iterations: 3, warmupIterations: 1, warmupTime: 0 },
  async build(mode, keep) {
    return representativeScenarios(keep && ((id) => keep(`harness.${id}.1w`) || keep(`harness.${id}.2w`))).flatMap((b) =>
      harnessTasks(b, mode),
    );
  },
};

export const SUITES: readonly SuiteDef[] = [hexSuite, rulesSuite, playoutSuite, agentsSuite, harnessSuite];

/**
 * The rules, playout and agents figures of one scenario (a shipped id, or a scenario file of any registered
 * system), as suites of their own: what a new system's tests call to see that the benchmarks run on it.
 */
export async function runScenarioSuites(idOrPath: string, options: Omit<RunOptions, 'filter'> = {}): Promise<SuiteResult[]> {
  const mode = options.mode ?? 'full';
  const b = benchScenario(idOrPath);
  const defs: SuiteDef[] = [
    { ...rulesSuite, build: async (m) => rulesTasks(b, m) },
    { ...playoutSuite, build: async (m) => [playoutTask(b, m)] },
    { ...agentsSuite, build: async (m) => agentTasks(b, m) },
  ];
  const out: SuiteResult[] = [];
  for (const suite of defs) {
    options.log?.(`suite ${suite.name} on ${b.id}`);
    const r = await runSuite(suite, mode);
    if (r) out.push(r);
  }
  return out;
}

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
  const rates = latenciesMs
    .filter((ms) => ms > 0)
    .map((ms) => (unitsPerOp * 1000) / ms)
    .sort((x, y) => x - y);
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
    name: CALIBRATION_ID,
    time: t.time,
    iterations: t.iterations,
    warmup: t.warmupIterations > 0,
    warmupTime: t.warmupTime,
    warmupIterations: t.warmupIterations,
    retainSamples: true,
    throws: true,
  });
  bench.add(CALIBRATION_ID, calibrationTask().fn);
  await bench.run();
  const r = bench.tasks[0]!.result as { latency?: { samples?: ArrayLike<number> } };
  return Array.from(r.latency?.samples ?? []);
}

/** Runs one suite: each task in a Bench of its own, with the calibration timed between tasks. */
export async function runSuite(suite: SuiteDef, mode: BenchMode, taskFilter?: string): Promise<SuiteResult | undefined> {
  const started = performance.now();
  const keep = taskFilter ? (id: string) => id.toLowerCase().includes(taskFilter) : undefined;
  let tasks = await suite.build(mode, keep);
  if (keep) tasks = tasks.filter((t) => keep(t.id));
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
  const figures: FigureResult[] = [
    {
      id: `${suite.name}.${CALIBRATION_ID}`,
      suite: suite.name,
      description: cal.description,
      unit: cal.unit,
      samples: calSamples.length,
      ...calibration,
      relative: 1,
    },
  ];
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
