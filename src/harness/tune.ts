/**
 * `tacsim tune AGENT --scenario ID`: searches an agent's parameters for a spec that beats the starting one.
 *
 * Method: NTBEA, the N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu & Perez-Liebana, "The N-Tuple
 * Bandit Evolutionary Algorithm for Game Agent Optimisation", IEEE CEC 2018; the tuner of the TAG
 * framework). Every parameter takes one of a few values; a point is one value per parameter. Each
 * evaluation plays the point against the starting spec on one paired seed: two games with the same
 * dice, the point on each side in turn (side swap), scored 1 for a win, 1/2 for a draw. A model keeps
 * the mean score of every value of every parameter (1-tuples), of every pair of parameters (2-tuples)
 * and of whole points (the N-tuple); the next point evaluated is the neighbour of the current one
 * (a few values changed at random) with the best UCB over those tuples, so one noisy game pair informs
 * every point that shares a value with it. At the end the evaluated point with the best model mean is
 * the answer, and it is played against the starting spec again on fresh seeds (never the tuning
 * seeds): its score per pair with a normal 95% interval is what the output states.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import type { LoadedScenario } from '../core/system.js';
import { loadAgentFactory, loadRunScenario, playGame } from './match.js';
import { createProgress, silentProgress, type ProgressReporter } from './progress.js';
import { RunningStats, round } from './stats.js';
import type { AgentFactory, GameOrder, GameRow, HarnessAgent, RunConfig } from './types.js';
import { parseIntFlag } from './cli.js';
import { defaultWorkers, GameRunner, MAX_WORKERS } from './pool.js';
import { probeScenario, type RunFingerprint } from './probe.js';
import { checkFingerprint, readJsonLines, writeWarning } from './run.js';
import { Slicer } from './slices.js';

/** A tunable parameter of an agent: its option key and the values the search may give it. */
export interface TuneParam {
  readonly key: string;
  readonly values: readonly number[];
}

const range = (from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  for (let x = from; x <= to + 1e-9; x += step) out.push(round(x, 4));
  return out;
};

/** The parameters `tune` searches, per agent kind (the option keys of agents/scripted.ts and agents/mcts.ts). */
export const TUNABLE: Readonly<Record<string, readonly TuneParam[]>> = {
  scripted: [
    { key: 'aggression', values: range(0, 1, 0.1) },
    { key: 'caution', values: range(0, 1, 0.1) },
    { key: 'objectiveWeight', values: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] },
    { key: 'cohesionWeight', values: [0, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3] },
  ],
  mcts: [
    { key: 'cpuct', values: [0.2, 0.35, 0.5, 0.7, 1, 1.4, 2, 3] },
    { key: 'priorTemp', values: [0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5] },
    { key: 'rolloutDepth', values: [0, 2, 5, 10, 20, 40, 200] },
    { key: 'overrideMargin', values: [0, 0.005, 0.01, 0.02, 0.05] },
  ],
};

export interface TuneOptions {
  scenario: string;
  /** Evaluations (one paired seed, two games each). Default 300. */
  evaluations?: number;
  /** Fresh paired seeds the best point plays against the start to confirm it. Default 300. */
  confirmPairs?: number;
  seed?: string;
  /** UCB exploration constant of the n-tuple model (scores are in [0, 1]). Default 0.5. */
  explore?: number;
  /** Neighbours generated per evaluation, the best by UCB evaluated. Default 50. */
  neighbours?: number;
  /** Only these option keys (default: all of the agent's tunable keys). */
  keys?: readonly string[];
  maxActions?: number;
  progress?: boolean;
  signal?: AbortSignal;
  /** Overrides agents/agent.js (tests; in this thread only). */
  agentFactory?: AgentFactory;
  /**
   * A file of finished pairs (a JSON line each: seed, spec, other and the two games' points), read at the
   * start and added to as each pair ends. A pair it holds is not played again: a pair's outcome depends
   * only on its specs and seed, so a run stopped and started again takes the same steps to the same result.
   */
  journal?: string;
  /**
   * Worker threads (default 0: this thread). An evaluation's two games run side by side, and all the
   * confirmation pairs at once; the search's steps stay in order, so the result is the same on any number.
   */
  workers?: number;
}

/** A score per pair (mean of the two games) with its 95% interval. */
export interface PairedScore {
  pairs: number;
  wins: number;
  losses: number;
  draws: number;
  failed: number;
  /** Mean score per game of the spec against the start (wins + draws/2) / games. */
  score: number;
  /** Normal 95% interval of the mean score per pair (pairs are independent; the two games of a pair are not). */
  ci95: [number, number];
}

export interface TuneResult {
  scenario: string;
  method: string;
  seed: string;
  start: string;
  best: string;
  /** The best point's values, and the start's, per tuned key. */
  bestValues: Record<string, number>;
  startValues: Record<string, number>;
  evaluations: number;
  /** The best point's score against the start in the tuning games it played (biased upward: it was selected on them). */
  tuning: PairedScore;
  /** The best point against the start on fresh seeds. */
  confirm: PairedScore;
  /** The lower end of the confirmation interval is above 50%. */
  beatsStart: boolean;
  aborted: boolean;
}

/** Splits `name:k=v,k=v` into its name and options (in order). */
export function splitSpec(spec: string): { name: string; options: Map<string, string> } {
  const text = spec.trim();
  const colon = text.indexOf(':');
  const options = new Map<string, string>();
  if (colon >= 0)
    for (const part of text.slice(colon + 1).split(',')) {
      const eq = part.indexOf('=');
      if (part.trim() !== '') options.set((eq < 0 ? part : part.slice(0, eq)).trim(), eq < 0 ? '' : part.slice(eq + 1).trim());
    }
  return { name: (colon < 0 ? text : text.slice(0, colon)).trim(), options };
}

/** `spec` with `values` in place of (or added to) its options. */
export function withValues(spec: string, values: Readonly<Record<string, number>>): string {
  const { name, options } = splitSpec(spec);
  for (const [k, v] of Object.entries(values)) options.set(k, String(v));
  return options.size === 0 ? name : `${name}:${[...options].map(([k, v]) => `${k}=${v}`).join(',')}`;
}

/** Deterministic stream for the search's own choices (mulberry32 over a string hash). */
function searchRng(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface TupleStats {
  n: number;
  sum: number;
}

/**
 * The n-tuple bandit model: statistics of every 1-tuple, every 2-tuple and the full tuple of value
 * indices. A point is an array of value indices, one per parameter.
 */
export class NTupleModel {
  private readonly tuples: number[][] = [];
  private readonly stats: Map<string, TupleStats>[] = [];
  total = 0;

  constructor(dims: number) {
    for (let i = 0; i < dims; i++) this.tuples.push([i]);
    for (let i = 0; i < dims; i++) for (let j = i + 1; j < dims; j++) this.tuples.push([i, j]);
    if (dims > 2) this.tuples.push(Array.from({ length: dims }, (_, i) => i));
    for (let t = 0; t < this.tuples.length; t++) this.stats.push(new Map());
  }

  private key(t: number, point: readonly number[]): string {
    return this.tuples[t]!.map((i) => point[i]).join(',');
  }

  add(point: readonly number[], score: number): void {
    this.total++;
    for (let t = 0; t < this.tuples.length; t++) {
      const k = this.key(t, point);
      const s = this.stats[t]!.get(k) ?? { n: 0, sum: 0 };
      s.n++;
      s.sum += score;
      this.stats[t]!.set(k, s);
    }
  }

  /** Mean over the tuples seen of their mean score (exploitation only); 0 when none is seen. */
  mean(point: readonly number[]): number {
    let sum = 0;
    let seen = 0;
    for (let t = 0; t < this.tuples.length; t++) {
      const s = this.stats[t]!.get(this.key(t, point));
      if (s) {
        sum += s.sum / s.n;
        seen++;
      }
    }
    return seen === 0 ? 0 : sum / seen;
  }

  /** Mean over all tuples of mean + explore * sqrt(ln(1 + total) / (n + 0.5)) (an unseen tuple's mean counts as 0.5). */
  ucb(point: readonly number[], explore: number): number {
    let sum = 0;
    const logTotal = Math.log(1 + this.total);
    for (let t = 0; t < this.tuples.length; t++) {
      const s = this.stats[t]!.get(this.key(t, point));
      const n = s?.n ?? 0;
      sum += (s ? s.sum / n : 0.5) + explore * Math.sqrt(logTotal / (n + 0.5));
    }
    return sum / this.tuples.length;
  }
}

/** One paired seed: `spec` against `other`, two games on the same dice, `spec` on each side in turn. */
interface PairGames {
  spec: string;
  other: string;
  seed: string;
}

/** `spec`'s points in each game of a pair (1 a win, 1/2 a draw), or null for a failed game. */
type PairOutcome = [number | null, number | null];

/**
 * Plays paired games: on a pool of worker threads (the games of all the pairs asked for at once side by
 * side), or in this thread with workers = 0. Either way a pair's outcome depends only on its specs and
 * seed, so a tuning run gives the same result on any number of workers.
 */
class PairedPlayer {
  private readonly agents = new Map<string, HarnessAgent>();
  private constructor(
    private readonly scenario: LoadedScenario,
    private readonly factory: AgentFactory,
    private readonly maxActions: number,
    private readonly runner: GameRunner | undefined,
  ) {}

  static async create(scenario: LoadedScenario, options: TuneOptions): Promise<PairedPlayer> {
    const maxActions = options.maxActions ?? 20_000;
    const workers = options.workers ?? 0;
    if (workers > 0 && options.agentFactory !== undefined)
      throw new Error('tune: an agent factory given as a function plays in this thread only (workers 0)');
    const factory = options.agentFactory ?? (await loadAgentFactory());
    let runner: GameRunner | undefined;
    if (workers > 0) {
      // Every game is ordered (its own specs and seed): the run's agents only name the sides.
      const config: RunConfig = {
        scenario: options.scenario,
        scenarioOptions: {},
        agents: Object.fromEntries(scenario.sides.map((s) => [s.id, 'random'])),
        seed: '',
        swap: false,
        maxActions,
        records: false,
      };
      runner = await GameRunner.create(config, workers);
    }
    return new PairedPlayer(scenario, factory, maxActions, runner);
  }

  private async agent(spec: string, seat: number): Promise<HarnessAgent> {
    const key = `${seat}\u0000${spec}`;
    let a = this.agents.get(key);
    if (!a) this.agents.set(key, (a = await this.factory(spec, this.scenario.ai)));
    return a;
  }

  /**
   * The outcomes of `pairs`, in their order; a pair not finished because `signal` stopped the run is
   * undefined. `onGame` hears of each game as it ends, `onPair` of each pair (by its place in `pairs`).
   */
  async play(
    pairs: readonly PairGames[],
    onGame: (failed: boolean) => void,
    onPair: (k: number, outcome: PairOutcome) => void,
    signal?: AbortSignal,
  ): Promise<(PairOutcome | undefined)[]> {
    const points = (row: GameRow, side: number): number | null =>
      row.error !== null ? null : row.winner === null ? 0.5 : row.winner === side ? 1 : 0;
    const outcomes: (PairOutcome | undefined)[] = pairs.map(() => undefined);
    if (this.runner) {
      const orders = new Map<number, GameOrder>();
      pairs.forEach((p, k) => {
        orders.set(2 * k, { specs: [p.spec, p.other], seed: p.seed });
        orders.set(2 * k + 1, { specs: [p.other, p.spec], seed: p.seed });
      });
      const games: (number | null | undefined)[] = new Array(2 * pairs.length).fill(undefined);
      await this.runner.playOrders(
        orders,
        (row) => {
          games[row.game] = points(row, row.game % 2);
          onGame(row.error !== null);
          const k = row.game >> 1;
          const [a, b] = [games[2 * k], games[2 * k + 1]];
          if (a !== undefined && b !== undefined) onPair(k, [a, b]);
        },
        signal,
      );
      pairs.forEach((_, k) => {
        const [a, b] = [games[2 * k], games[2 * k + 1]];
        if (a !== undefined && b !== undefined) outcomes[k] = [a, b];
      });
      return outcomes;
    }
    for (const [k, p] of pairs.entries()) {
      if (signal?.aborted) break;
      const out: PairOutcome = [null, null];
      for (let side = 0; side < 2; side++) {
        const specs = side === 0 ? [p.spec, p.other] : [p.other, p.spec];
        const agents = [await this.agent(specs[0]!, 0), await this.agent(specs[1]!, 1)];
        const row = await playGame(this.scenario, agents, specs, side, p.seed, { maxActions: this.maxActions });
        if (row !== null) out[side] = points(row, side);
        onGame(out[side] === null);
      }
      outcomes[k] = out;
      onPair(k, out);
    }
    return outcomes;
  }

  /** Forgets the agents of specs other than `keep` (a long search makes many). */
  async prune(keep: ReadonlySet<string>): Promise<void> {
    for (const [key, a] of this.agents) {
      if (keep.has(key.slice(key.indexOf('\u0000') + 1))) continue;
      await a.close?.();
      this.agents.delete(key);
    }
  }

  async close(): Promise<void> {
    await this.prune(new Set());
    await this.runner?.close();
  }
}

/** The tuple sizes NTupleModel keeps for `dims` parameters, as the method line names them. */
function tupleSizes(dims: number): string {
  if (dims <= 1) return '1-tuples';
  if (dims === 2) return '1- and 2-tuples';
  return `1-, 2- and ${dims}-tuples`;
}

function pairKey(p: PairGames): string {
  return `${p.seed}\n${p.spec}\n${p.other}`;
}

/** The outcomes a tuning journal holds, by pair; a line cut short by a kill is left out (that pair is played again). */
async function readTuneJournal(file: string, signal: AbortSignal | undefined): Promise<Map<string, PairOutcome>> {
  const known = new Map<string, PairOutcome>();
  const point = (x: unknown) => x === null || x === 0 || x === 0.5 || x === 1;
  for (const line of await readJsonLines(file, new Slicer(signal))) {
    const p = line as Partial<PairGames> & { outcome?: unknown };
    const o = p?.outcome;
    if (typeof p?.seed !== 'string' || typeof p.spec !== 'string' || typeof p.other !== 'string') continue;
    if (!Array.isArray(o) || o.length !== 2 || !point(o[0]) || !point(o[1])) continue;
    known.set(pairKey(p as PairGames), [o[0] as number | null, o[1] as number | null]);
  }
  return known;
}

class ScoreTally {
  private readonly stats = new RunningStats();
  wins = 0;
  losses = 0;
  draws = 0;
  failed = 0;
  add([a, b]: PairOutcome): void {
    for (const x of [a, b]) {
      if (x === null) this.failed++;
      else if (x === 1) this.wins++;
      else if (x === 0) this.losses++;
      else this.draws++;
    }
    if (a !== null && b !== null) this.stats.add((a + b) / 2);
  }
  result(): PairedScore {
    const [lo, hi] = this.stats.ci95();
    return {
      pairs: this.stats.n,
      wins: this.wins,
      losses: this.losses,
      draws: this.draws,
      failed: this.failed,
      score: round(this.stats.mean),
      ci95: [round(Math.max(0, lo)), round(Math.min(1, hi))],
    };
  }
}

export async function tune(agentSpec: string, options: TuneOptions): Promise<TuneResult> {
  const scenario = await loadRunScenario(options.scenario, {});
  if (scenario.sides.length !== 2)
    throw new InputError(`tune needs a two-sided scenario; ${scenario.id} has ${scenario.sides.length} sides`);
  const factory = options.agentFactory ?? (await loadAgentFactory());
  const probe = (await factory(agentSpec, scenario.ai)) as HarnessAgent & { options?: Record<string, unknown> };
  await probe.close?.();
  const table = TUNABLE[probe.name];
  if (table === undefined)
    throw new InputError(
      `agent "${agentSpec}" has no tunable parameters; tune accepts ${Object.keys(TUNABLE).join(', ')} (and the presets built on them)`,
      undefined,
      'agent',
    );
  const params = options.keys ? table.filter((p) => options.keys!.includes(p.key)) : [...table];
  for (const k of options.keys ?? [])
    if (!table.some((p) => p.key === k))
      throw new InputError(
        `--keys: ${probe.name} has no tunable option "${k}"; its tunable options are ${table.map((p) => p.key).join(', ')}`,
      );
  // The start's own values join each parameter's list, so the starting point is one of the points.
  const startValues: Record<string, number> = {};
  const lists = params.map((p) => {
    const v = Number(probe.options?.[p.key]);
    if (!Number.isFinite(v)) return [...p.values];
    startValues[p.key] = v;
    return [...new Set([...p.values, v])].sort((a, b) => a - b);
  });
  const startPoint = params.map((p, i) => lists[i]!.indexOf(startValues[p.key] ?? lists[i]![0]!));
  const valuesOf = (point: readonly number[]): Record<string, number> =>
    Object.fromEntries(params.map((p, i) => [p.key, lists[i]![point[i]!]!]));
  const specOf = (point: readonly number[]): string => withValues(agentSpec, valuesOf(point));

  const seed = options.seed ?? String(Date.now());
  const evaluations = options.evaluations ?? 300;
  const confirmPairs = options.confirmPairs ?? 300;
  const explore = options.explore ?? 0.5;
  const neighbours = options.neighbours ?? 50;
  const random = searchRng(`${seed}/ntbea`);
  const known = options.journal !== undefined ? await readTuneJournal(options.journal, options.signal) : new Map<string, PairOutcome>();
  // A line cut short by a kill is ended, so the next pair's line is not glued to it.
  if (options.journal !== undefined && existsSync(options.journal) && !/(^|\n)$/.test(readFileSync(options.journal, 'utf8')))
    appendFileSync(options.journal, '\n');
  const player = await PairedPlayer.create(scenario, options);
  /** The pairs' outcomes: from the journal where it has them, the rest played (and journalled as each ends). */
  const playPairs = async (pairs: readonly PairGames[]): Promise<(PairOutcome | undefined)[]> => {
    const out = pairs.map((p) => known.get(pairKey(p)));
    const todo = pairs.flatMap((_, k) => (out[k] === undefined ? [k] : []));
    if (todo.length === 0) return out;
    const played = await player.play(
      todo.map((k) => pairs[k]!),
      tick,
      (j, outcome) => {
        const p = pairs[todo[j]!]!;
        known.set(pairKey(p), outcome);
        if (options.journal !== undefined) appendFileSync(options.journal, `${JSON.stringify({ ...p, outcome })}\n`);
      },
      options.signal,
    );
    played.forEach((o, j) => {
      out[todo[j]!] = o;
    });
    return out;
  };
  const model = new NTupleModel(params.length);
  const tallies = new Map<string, ScoreTally>();
  const pointOf = new Map<string, number[]>();
  let progress: ProgressReporter = silentProgress;
  // Pairs in the journal are not played again: at most this many of the run's count as done already.
  if (options.progress)
    progress = createProgress({ total: 2 * (evaluations + confirmPairs), already: 2 * Math.min(known.size, evaluations + confirmPairs) });
  const tick = (failed: boolean) => progress.tick(failed);
  let aborted = false;
  try {
    let current = startPoint.slice();
    for (let e = 0; e < evaluations; e++) {
      if (options.signal?.aborted) {
        aborted = true;
        break;
      }
      // Neighbours of the current point: each value changed with probability 1/d, at least one changed.
      let chosen = current;
      let bestUcb = -Infinity;
      const tried = new Set<string>();
      for (let k = 0; k < neighbours; k++) {
        const next = current.slice();
        const forced = Math.floor(random() * params.length);
        for (let i = 0; i < params.length; i++) {
          if (i !== forced && random() >= 1 / params.length) continue;
          const n = lists[i]!.length;
          if (n > 1) next[i] = (next[i]! + 1 + Math.floor(random() * (n - 1))) % n;
        }
        const key = next.join(',');
        if (tried.has(key)) continue;
        tried.add(key);
        const u = model.ucb(next, explore);
        if (u > bestUcb) {
          bestUcb = u;
          chosen = next;
        }
      }
      current = chosen;
      const spec = specOf(current);
      const [outcome] = await playPairs([{ spec, other: agentSpec, seed: `${seed}/tune/${e}` }]);
      if (outcome === undefined) {
        aborted = true;
        break;
      }
      if (outcome[0] !== null && outcome[1] !== null) model.add(current, (outcome[0] + outcome[1]) / 2);
      const key = current.join(',');
      pointOf.set(key, current);
      if (!tallies.has(key)) tallies.set(key, new ScoreTally());
      tallies.get(key)!.add(outcome);
      await player.prune(new Set([agentSpec]));
    }
    // The evaluated point the model rates best (the start when nothing was evaluated).
    let best = startPoint;
    let bestMean = -Infinity;
    for (const p of pointOf.values()) {
      const m = model.mean(p);
      if (m > bestMean) {
        bestMean = m;
        best = p;
      }
    }
    const bestSpec = specOf(best);
    const confirm = new ScoreTally();
    if (!aborted) {
      const pairs = Array.from({ length: confirmPairs }, (_, k) => ({ spec: bestSpec, other: agentSpec, seed: `${seed}/confirm/${k}` }));
      // Added in the pairs' order, whatever order the workers finished them in.
      for (const outcome of await playPairs(pairs)) {
        if (outcome === undefined) aborted = true;
        else confirm.add(outcome);
      }
    }
    progress.finish(aborted ? 'stopped' : undefined);
    const confirmed = confirm.result();
    return {
      scenario: scenario.id,
      method: `NTBEA (${tupleSizes(params.length)}, UCB explore ${explore}, ${neighbours} neighbours), one paired seed per evaluation`,
      seed,
      start: agentSpec,
      best: bestSpec,
      bestValues: valuesOf(best),
      startValues,
      evaluations: model.total,
      tuning: (tallies.get(best.join(',')) ?? new ScoreTally()).result(),
      confirm: confirmed,
      beatsStart: confirmed.pairs > 0 && confirmed.ci95[0] > 0.5,
      aborted,
    };
  } finally {
    await player.close();
  }
}

/** The result as text. */
export function formatTune(r: TuneResult): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const line = (s: PairedScore) =>
    s.pairs === 0 && s.failed === 0
      ? 'none played'
      : `${pct(s.score)} (95% interval ${pct(s.ci95[0])}-${pct(s.ci95[1])}) over ${s.pairs} paired seed${s.pairs === 1 ? '' : 's'}: ${s.wins} won, ${s.losses} lost, ${s.draws} drawn${s.failed ? `, ${s.failed} failed` : ''}`;
  return [
    `${r.scenario}: tuned ${r.start} (seed ${r.seed}, ${r.evaluations} evaluations of 2 games)`,
    `method: ${r.method}`,
    `start: ${Object.entries(r.startValues)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
    `best:  ${r.best}`,
    `best vs start in its tuning games: ${line(r.tuning)}`,
    `best vs start on fresh seeds:      ${line(r.confirm)}`,
    r.beatsStart
      ? 'the best spec beats the start (the lower end of the interval is above 50%)'
      : r.confirm.pairs === 0
        ? 'not confirmed: no fresh seeds were played'
        : 'no clear gain over the start (the interval reaches 50%)',
    ...(r.aborted ? ['stopped before the end'] : []),
  ].join('\n');
}

/** The settings of a tuning run that decide its games: kept in its --out file so --resume can carry it on. */
interface TuneSettings {
  agent: string;
  scenario: string;
  keys?: string[];
  seed: string;
  evaluations: number;
  confirmPairs: number;
  explore: number;
  maxActions: number;
}

/** What `--out FILE` holds: the run's settings and inputs from its start, and the result's fields once it has one. */
interface SavedTune extends Partial<TuneResult> {
  settings: TuneSettings;
  fingerprint: RunFingerprint;
  /** When the run was begun and each time it was resumed (ISO dates). */
  runs: string[];
}

/** The journal of finished pairs kept beside a run's --out file: tuned.json -> tuned.pairs.jsonl. */
export function tuneJournalOf(outFile: string): string {
  return `${outFile.replace(/\.json$/i, '')}.pairs.jsonl`;
}

/** A setting as a command line gives it. */
function shown(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : typeof value === 'string' ? `"${value}"` : String(value);
}

function readSavedTune(file: string): SavedTune {
  if (!existsSync(file))
    throw new InputError('no such file: --resume takes the --out file of a tuning run', file, '--resume', 'bad-option');
  let saved: SavedTune;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedTune;
  } catch (e) {
    throw new InputError(`not valid JSON (${(e as Error).message})`, file, undefined, 'bad-json');
  }
  const t = saved?.settings;
  const ok =
    typeof t === 'object' &&
    t !== null &&
    typeof t.agent === 'string' &&
    typeof t.scenario === 'string' &&
    typeof t.seed === 'string' &&
    Number.isInteger(t.evaluations) &&
    Number.isInteger(t.confirmPairs) &&
    typeof t.explore === 'number' &&
    Number.isInteger(t.maxActions) &&
    (t.keys === undefined || (Array.isArray(t.keys) && t.keys.every((k) => typeof k === 'string')));
  if (!ok)
    throw new InputError(
      'not the --out file of a tuning run (its settings: agent, scenario, seed, evaluations, confirmPairs, explore, maxActions)',
      file,
      '--resume',
      'bad-option',
    );
  return saved;
}

export function registerTuneCommand(program: Command): void {
  program
    .command('tune')
    .description("search an agent's parameters (NTBEA, paired seeds, sides swapped) for a spec that beats it")
    .argument('[agent]', 'the starting agent spec, e.g. scripted or mcts:timeMs=200,rolloutDepth=10 (not needed with --resume)')
    .option('--scenario <ID>', 'shipped scenario id or scenario file (two sides)')
    .option('--evaluations <N>', 'tuning evaluations, each one paired seed (2 games) against the start (default: 300)')
    .option('--confirm-pairs <N>', 'fresh paired seeds on which the best spec plays the start again (default: 300)')
    .option('--keys <LIST>', 'only these options, comma-separated (default: all the tunable ones)')
    .option('--explore <X>', 'UCB exploration constant of the n-tuple model (default: 0.5)')
    .option('--seed <S>', 'master seed (default: the current time)')
    .option('--out <FILE>', 'write the result (best spec, win rate and interval) as JSON here, and keep every finished pair beside it')
    .option('--resume <FILE>', 'carry on the run whose --out file this is: only the pairs it lacks are played')
    .option('--max-actions <N>', 'abandon (and count as failed) a game still running after N actions (default: 20000)')
    .option('--workers <N>', 'worker threads (default: all cores; 0 plays in this thread)')
    .option('--no-progress', 'no progress bar on stderr')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Tunable options: ${Object.entries(TUNABLE)
        .map(([name, ps]) => `${name}: ${ps.map((p) => p.key).join(', ')}`)
        .join('; ')}.
Each evaluation plays a candidate against the starting spec on one seed twice, once on each side
(the same dice both times). The best candidate by the NTBEA model then plays the start again on
fresh seeds; its score per pair and 95% interval are printed. An evaluation's two games run on two
worker threads side by side and the confirmation pairs on all of them; the result is the same for a
seed on any number of workers. Budgets in time (timeMs) depend on the machine's load: tune those on a
quiet machine, or give the budget in iterations.
With --out FILE every finished pair is kept beside it (tuned.json: tuned.pairs.jsonl) as it ends;
Ctrl-C (or a crash) keeps them, and --resume FILE plays only the pairs it lacks, to the same result.
--evaluations and --confirm-pairs may be raised when resuming.

Examples:
  tacsim tune scripted --scenario SCENARIO --evaluations 300 --confirm-pairs 300 --seed 1 --out tuned.json
  tacsim tune --resume tuned.json --confirm-pairs 600
  tacsim tune mcts:iterations=300,rolloutDepth=10 --scenario SCENARIO --keys cpuct,priorTemp --evaluations 60 --out mcts.json`,
    )
    .action(
      async (
        agent: string | undefined,
        flags: {
          scenario?: string;
          evaluations?: string;
          confirmPairs?: string;
          keys?: string;
          explore?: string;
          seed?: string;
          out?: string;
          resume?: string;
          maxActions?: string;
          workers?: string;
          progress?: boolean;
          json?: boolean;
        },
      ) => {
        const explore = flags.explore === undefined ? undefined : Number(flags.explore);
        if (explore !== undefined && (!Number.isFinite(explore) || explore < 0))
          throw new InputError(`--explore must be a number of at least 0, not "${flags.explore}"`, undefined, undefined, 'bad-option');
        const given: Partial<TuneSettings> = {
          ...(agent !== undefined ? { agent } : {}),
          ...(flags.scenario !== undefined ? { scenario: flags.scenario } : {}),
          ...(flags.keys !== undefined ? { keys: flags.keys.split(',').map((k) => k.trim()) } : {}),
          ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
          ...(explore !== undefined ? { explore } : {}),
          ...(flags.maxActions !== undefined ? { maxActions: parseIntFlag('--max-actions', flags.maxActions, 1)! } : {}),
        };
        const evaluations = parseIntFlag('--evaluations', flags.evaluations, 0);
        const confirmPairs = parseIntFlag('--confirm-pairs', flags.confirmPairs, 0);
        const workers = parseIntFlag('--workers', flags.workers, 0, MAX_WORKERS) ?? defaultWorkers();
        let settings: TuneSettings;
        let saved: SavedTune | undefined;
        let out = flags.out;
        if (flags.resume !== undefined) {
          if (out !== undefined)
            throw new InputError('--resume writes to the file it carries on; leave --out out', undefined, '--out', 'bad-option');
          out = flags.resume;
          saved = readSavedTune(out);
          const s = saved.settings;
          for (const [key, value] of Object.entries(given)) {
            const was = (s as unknown as Record<string, unknown>)[key];
            if (JSON.stringify(value) !== JSON.stringify(was) && !(key === 'scenario' && resolve(String(value)) === resolve(s.scenario)))
              throw new InputError(
                `${key === 'agent' ? 'the agent' : `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`} ${shown(value)} differs from the run's ${was === undefined ? '(all the tunable options)' : shown(was)} (${out}); leave it out to carry the run on as it was`,
                undefined,
                '--resume',
                'bad-option',
              );
          }
          settings = { ...s, evaluations: evaluations ?? s.evaluations, confirmPairs: confirmPairs ?? s.confirmPairs };
        } else {
          if (given.agent === undefined)
            throw new InputError('tune needs an agent spec to start from (or --resume FILE)', undefined, 'agent', 'bad-option');
          if (given.scenario === undefined)
            throw new InputError('tune needs --scenario (or --resume FILE)', undefined, '--scenario', 'bad-option');
          settings = {
            agent: given.agent,
            scenario: given.scenario,
            ...(given.keys !== undefined ? { keys: given.keys } : {}),
            seed: given.seed ?? String(Date.now()),
            evaluations: evaluations ?? 300,
            confirmPairs: confirmPairs ?? 300,
            explore: given.explore ?? 0.5,
            maxActions: given.maxActions ?? 20_000,
          };
          if (out !== undefined && existsSync(tuneJournalOf(out)))
            throw new InputError(
              `${tuneJournalOf(out)} holds the pairs of an earlier run: carry it on with --resume ${out}, or move it away`,
              undefined,
              '--out',
              'bad-option',
            );
        }
        const journal = out === undefined ? undefined : tuneJournalOf(out);
        let record: SavedTune | undefined;
        if (out !== undefined) {
          const { sketch } = await probeScenario({ scenario: settings.scenario, options: {} });
          if (saved !== undefined) {
            const warning = checkFingerprint(saved.fingerprint, sketch.fingerprint, out);
            if (warning !== undefined) writeWarning(warning);
          }
          record = { settings, fingerprint: sketch.fingerprint, runs: [...(saved?.runs ?? []), new Date().toISOString()] };
          writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
        }
        const controller = new AbortController();
        const onSignal = () => controller.abort();
        process.on('SIGINT', onSignal);
        try {
          const r = await tune(settings.agent, {
            scenario: settings.scenario,
            evaluations: settings.evaluations,
            confirmPairs: settings.confirmPairs,
            explore: settings.explore,
            maxActions: settings.maxActions,
            workers,
            ...(settings.keys !== undefined ? { keys: settings.keys } : {}),
            seed: settings.seed,
            ...(journal !== undefined ? { journal } : {}),
            progress: flags.progress !== false,
            signal: controller.signal,
          });
          if (out !== undefined) writeFileSync(out, `${JSON.stringify({ ...record, ...r }, null, 2)}\n`);
          process.stdout.write(`${flags.json ? JSON.stringify(r, null, 2) : formatTune(r)}\n`);
          if (r.aborted) {
            process.stderr.write(
              out !== undefined
                ? `stopped; the finished pairs are kept: carry on with tacsim tune --resume ${out}\n`
                : 'stopped (a run given --out FILE keeps its finished pairs and can be carried on with --resume FILE)\n',
            );
            process.exitCode = 130;
          }
        } finally {
          process.off('SIGINT', onSignal);
        }
      },
    );
}
