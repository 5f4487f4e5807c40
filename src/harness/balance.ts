/**
 * Balance search: what value of one scenario parameter makes the scenario even? Plays the scenario at
 * each value of a range, in batches, until the win rate's Wilson interval is narrow enough or clearly
 * away from 50%, and reports the value closest to even (with a linear estimate of the crossing).
 * Every value uses the same game seeds (common random numbers), which sharpens the comparison.
 */
import { InputError } from '../core/errors.js';
import type { ScenarioOptions } from '../core/system.js';
import { DEFAULT_MAX_ACTIONS } from './match.js';
import { defaultWorkers } from './pool.js';
import { createProgress, silentProgress, type ProgressReporter } from './progress.js';
import { probeScenario, StoppedError, type ProbeRequest } from './probe.js';
import { createRunner, type Runner } from './queue/runner.js';
import { DEFAULT_AGENT } from './run.js';
import { round, wilson } from './stats.js';
import { WIN_RATE_DEFINITION } from './summary.js';
import type { BatchOptions, RunConfig } from './types.js';

export interface BalanceOptions extends BatchOptions {
  scenario: string;
  scenarioOptions?: ScenarioOptions;
  agents?: Record<string, string>;
  defaultAgent?: string;
  /** Name of a numeric scenario parameter (LoadedScenario.parameters). */
  param: string;
  from: number;
  to: number;
  step: number;
  /** Most games at one value. Default 400. */
  gamesPerValue?: number;
  /** Games between two looks at the interval. Default 50. */
  batch?: number;
  /** The side whose win rate is balanced (WIN_RATE_DEFINITION: draws count half). Default the first side. */
  side?: string;
  /** Stop at a value once its 95% interval lies wholly outside 50% ± margin. Default 0.02. */
  margin?: number;
  /** Stop at a value once its 95% interval's half-width is at most this. Default 0.03. */
  halfWidth?: number;
  seed?: string | number;
  swap?: boolean;
  systemModule?: string;
  agentModule?: string;
}

export type StopReason = 'clearly-uneven' | 'narrow' | 'max-games' | 'stopped';

export interface BalanceRow {
  value: number;
  games: number;
  /** Wins per side id. */
  wins: Record<string, number>;
  draws: number;
  errors: number;
  /** Win rate of the balanced side (WIN_RATE_DEFINITION: draws count half), over games without error. */
  winRate: number;
  ci95: [number, number];
  stop: StopReason;
}

export interface BalanceResult {
  scenario: string;
  param: string;
  side: string;
  agents: Record<string, string>;
  seed: string;
  rows: BalanceRow[];
  /** The step between values. */
  step: number;
  /** The value whose win rate is closest to 50%. */
  best: BalanceRow | null;
  /**
   * Where the win rate crosses 50%, by linear interpolation between neighbouring values, rounded to the
   * parameter's step (null if it never does).
   */
  estimate: number | null;
  /** The interpolated crossing before rounding. */
  estimateRaw: number | null;
  /**
   * The parameter makes no measurable difference over the range: every value's 95% interval overlaps every
   * other's. Then neither `best` nor `estimate` says which value to choose.
   */
  flat: boolean;
  winRateDefinition: string;
  aborted: boolean;
}

/** `x` rounded to the nearest value of the range `from`, `from ± step`, ... */
export function roundToStep(x: number, from: number, step: number): number {
  return round(from + Math.round((x - from) / step) * step, 10);
}

/** Whether the rows' intervals all overlap (the highest lower bound is under the lowest upper bound). */
export function noMeasurableDifference(rows: readonly Pick<BalanceRow, 'ci95'>[]): boolean {
  if (rows.length < 2) return false;
  return Math.max(...rows.map((r) => r.ci95[0])) <= Math.min(...rows.map((r) => r.ci95[1]));
}

/** The values from `from` to `to` by `step` (inclusive, in either direction). */
export function rangeValues(from: number, to: number, step: number): number[] {
  if (!(step > 0)) throw new InputError(`the step must be a positive number, not ${step}`, undefined, 'step');
  const dir = to >= from ? 1 : -1;
  const count = Math.floor(Math.abs(to - from) / step + 1e-9);
  if (count > 1000) throw new InputError(`${count + 1} values: choose a larger step`, undefined, 'step');
  return Array.from({ length: count + 1 }, (_, i) => round(from + dir * i * step, 10));
}

export async function balanceSearch(options: BalanceOptions): Promise<BalanceResult> {
  const baseOptions = options.scenarioOptions ?? {};
  const probeOf = (scenarioOptions: ScenarioOptions): ProbeRequest => ({
    scenario: options.scenario,
    options: scenarioOptions,
    ...(options.systemModule ? { systemModule: options.systemModule } : {}),
    ...(options.agentModule ? { agentModule: options.agentModule } : {}),
  });
  const probe = await probeScenario(
    {
      ...probeOf(baseOptions),
      agentChecks: [{ ...(options.agents ? { agents: options.agents } : {}), defaultAgent: options.defaultAgent ?? DEFAULT_AGENT }],
    },
    options.signal,
  );
  const scenario = probe.sketch;
  const param = scenario.parameters.find((p) => p.name === options.param);
  if (!param) {
    const known = scenario.parameters.map((p) => p.name).join(', ') || 'none';
    throw new InputError(`scenario ${scenario.id} has no parameter "${options.param}" (parameters: ${known})`, undefined, 'param');
  }
  const values = rangeValues(options.from, options.to, options.step);
  for (const v of values) {
    if (v < param.min || v > param.max)
      throw new InputError(`${param.name} must stay within ${param.min} to ${param.max}; the range reaches ${v}`, undefined, 'param');
  }
  const sideId = options.side ?? scenario.sides[0]!.id;
  const seat = scenario.sides.findIndex((s) => s.id === sideId);
  if (seat < 0) throw new InputError(`scenario ${scenario.id} has no side "${sideId}"`, undefined, 'side');
  const agents = probe.agents[0]!;
  const maxGames = options.gamesPerValue ?? 400;
  const batch = Math.max(1, Math.min(options.batch ?? 50, maxGames));
  const margin = options.margin ?? 0.02;
  const halfWidth = options.halfWidth ?? 0.03;
  const seed = String(options.seed ?? Date.now());
  const workers = options.workers ?? defaultWorkers();
  let runner: Runner | undefined;
  let progress: ProgressReporter = silentProgress;
  if (options.progress) {
    progress = createProgress({
      ...(typeof options.progress === 'object' ? options.progress : {}),
      total: values.length * maxGames,
      label: 'games (at most)',
      detail: () => runner?.detail?.() ?? '',
    });
  }

  const rows: BalanceRow[] = [];
  let aborted = false;
  for (const value of values) {
    if (options.signal?.aborted) {
      aborted = true;
      break;
    }
    const scenarioOptions: ScenarioOptions = { ...baseOptions, set: { ...(baseOptions.set ?? {}), [param.name]: value } };
    try {
      await probeScenario(probeOf(scenarioOptions), options.signal); // validates the value here, not in a worker
    } catch (e) {
      if (!(e instanceof StoppedError)) throw e;
      aborted = true; // the values played so far are kept
      break;
    }
    const config: RunConfig = {
      scenario: options.scenario,
      scenarioOptions,
      agents,
      seed,
      swap: options.swap ?? false,
      maxActions: options.maxActions ?? DEFAULT_MAX_ACTIONS,
      records: false,
      ...(options.systemModule ? { systemModule: options.systemModule } : {}),
      ...(options.agentModule ? { agentModule: options.agentModule } : {}),
    };
    const wins = new Array<number>(scenario.sides.length).fill(0);
    let draws = 0;
    let errors = 0;
    let games = 0;
    let stop: StopReason = 'max-games';
    const valueRunner = await createRunner(config, workers, {
      ...(options.gameTimeLimitMs !== undefined ? { gameTimeLimitMs: options.gameTimeLimitMs } : {}),
      queue: options.queue,
    });
    runner = valueRunner;
    try {
      for (let start = 0; start < maxGames; start += batch) {
        const indices = Array.from({ length: Math.min(batch, maxGames - start) }, (_, i) => start + i);
        const report = await valueRunner.play(
          indices,
          (row) => {
            games++;
            progress.tick(row.error !== null);
            if (row.error !== null) errors++;
            else if (row.winner === null) draws++;
            else wins[row.winner]!++;
          },
          options.signal,
        );
        if (report.stopped) {
          stop = 'stopped';
          aborted = true;
          break;
        }
        const n = games - errors;
        const [lo, hi] = wilson(wins[seat]! + draws / 2, n);
        if (n > 0 && (hi < 0.5 - margin || lo > 0.5 + margin)) {
          stop = 'clearly-uneven';
          break;
        }
        if (n > 0 && (hi - lo) / 2 <= halfWidth) {
          stop = 'narrow';
          break;
        }
      }
    } finally {
      await valueRunner.close();
    }
    const n = games - errors;
    const ci = wilson(wins[seat]! + draws / 2, n);
    rows.push({
      value,
      games,
      wins: Object.fromEntries(scenario.sides.map((s, i) => [s.id, wins[i]!])),
      draws,
      errors,
      winRate: n ? round((wins[seat]! + draws / 2) / n) : 0,
      ci95: [round(ci[0]), round(ci[1])],
      stop,
    });
    if (aborted) break;
  }
  progress.finish(aborted ? 'stopped' : undefined);

  const scored = rows.filter((r) => r.games - r.errors > 0);
  const best = scored.reduce<BalanceRow | null>(
    (b, r) => (b === null || Math.abs(r.winRate - 0.5) < Math.abs(b.winRate - 0.5) ? r : b),
    null,
  );
  let estimateRaw: number | null = null;
  for (let i = 0; i + 1 < scored.length; i++) {
    const a = scored[i]!;
    const b = scored[i + 1]!;
    if ((a.winRate - 0.5) * (b.winRate - 0.5) <= 0 && a.winRate !== b.winRate) {
      estimateRaw = round(a.value + ((0.5 - a.winRate) * (b.value - a.value)) / (b.winRate - a.winRate), 4);
      break;
    }
  }
  return {
    scenario: scenario.id,
    param: param.name,
    side: sideId,
    agents,
    seed,
    rows,
    step: options.step,
    best,
    estimate: estimateRaw === null ? null : roundToStep(estimateRaw, options.from, options.step),
    estimateRaw,
    flat: noMeasurableDifference(scored),
    winRateDefinition: WIN_RATE_DEFINITION,
    aborted,
  };
}

/** The balance table as text for the terminal. */
export function formatBalance(r: BalanceResult): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const sides = r.rows[0] ? Object.keys(r.rows[0].wins) : [];
  const head = [
    r.param,
    'games',
    ...sides.map((s) => `${s} wins`),
    'draws',
    'errors',
    `${r.side} win rate`,
    '95% interval',
    'stopped because',
  ];
  const body = r.rows.map((row) => [
    String(row.value),
    String(row.games),
    ...sides.map((s) => String(row.wins[s])),
    String(row.draws),
    String(row.errors),
    pct(row.winRate),
    `${pct(row.ci95[0])}–${pct(row.ci95[1])}`,
    row.stop,
  ]);
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((x) => x[c]!.length)));
  const lines = all.map((x) => x.map((v, c) => v.padStart(widths[c]!)).join('  '));
  lines.unshift(
    `${r.scenario}: balance of ${r.param} for ${r.side} (agents ${Object.entries(r.agents)
      .map(([s, a]) => `${s}=${a}`)
      .join(' ')}, seed ${r.seed})`,
    '',
  );
  lines.push('');
  if (r.flat) {
    const rates = r.rows.filter((x) => x.games > x.errors).map((x) => x.winRate);
    lines.push(
      `warning: ${r.param} makes no measurable difference from ${r.rows[0]!.value} to ${r.rows[r.rows.length - 1]!.value}: ` +
        `every 95% interval overlaps the others (win rates ${pct(Math.min(...rates))} to ${pct(Math.max(...rates))}); ` +
        'no value is closer to even than another (widen the range or play more games per value)',
    );
  } else {
    if (r.best)
      lines.push(
        `closest to even: ${r.param} = ${r.best.value} (${r.side} ${pct(r.best.winRate)}, 95% ${pct(r.best.ci95[0])}–${pct(r.best.ci95[1])})`,
      );
    if (r.estimate !== null) lines.push(`50% crossing: ${r.param} ≈ ${r.estimate} (to the step ${r.step}; interpolated ${r.estimateRaw})`);
  }
  lines.push(`${r.side} win rate: wins plus half the draws, per game finished`);
  if (r.aborted) lines.push('stopped before the whole range was played');
  return lines.join('\n');
}
