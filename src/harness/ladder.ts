/**
 * `tacsim ladder SCENARIO [specs...]`: a strength ladder. The rungs are agent specs from weakest to
 * strongest (by default random, scripted, mcts at 50, 200, 1000 and 3000 ms a decision, then the
 * difficulty presets); each rung plays the next one up and the one after it (`gamesPerPair` games each,
 * sides swapped on odd games), so a ladder of n rungs plays 2n - 3 pairs instead of a round robin's
 * n(n - 1)/2, and every rung is linked to the rest through two neighbours. The games give Bradley-Terry
 * ratings on the Elo scale with 95% intervals (ratings.ts), and each step up the ladder its score
 * against the rung below with a Wilson 95% interval: a step rises when that interval is above 50%.
 */
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { DEFAULT_MAX_ACTIONS } from './match.js';
import { probeScenario, StoppedError } from './probe.js';
import { defaultWorkers, MAX_WORKERS } from './pool.js';
import { playPair } from './roundrobin.js';
import { createProgress, silentProgress, type ProgressReporter } from './progress.js';
import { bradleyTerry, type Rating } from './ratings.js';
import { wilson } from './stats.js';
import type { RunConfig } from './types.js';
import { parseIntFlag, parseTimeLimitFlag } from './cli.js';

/** The default rungs, weakest first. */
export const DEFAULT_LADDER: readonly string[] = [
  'random',
  'scripted',
  'mcts:timeMs=50,rolloutDepth=10',
  'mcts:timeMs=200,rolloutDepth=10',
  'mcts:timeMs=1000,rolloutDepth=10',
  'mcts:timeMs=3000,rolloutDepth=10',
];

export interface LadderOptions {
  scenario: string;
  gamesPerPair?: number;
  seed?: string | number;
  maxActions?: number;
  workers?: number;
  gameTimeLimitMs?: number;
  signal?: AbortSignal;
  progress?: boolean;
}

export interface LadderPair {
  lower: string;
  upper: string;
  games: number;
  winsLower: number;
  winsUpper: number;
  draws: number;
  errors: number;
}

export interface LadderStep {
  lower: string;
  upper: string;
  /** The upper rung's score (wins + half the draws) against the lower, and its Wilson 95% interval. */
  score: number;
  ci95: [number, number];
  /** The whole interval is above 50%. */
  rises: boolean;
}

export interface LadderResult {
  scenario: string;
  seed: string;
  rungs: string[];
  pairs: LadderPair[];
  ratings: Rating[];
  steps: LadderStep[];
  aborted: boolean;
}

/** The pairs a ladder plays: each rung against the next one up and the one after it. */
export function ladderPairs(n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < n; i++) {
    out.push([i, i + 1]);
    if (i + 2 < n) out.push([i, i + 2]);
  }
  return out;
}

export async function ladder(rungs: readonly string[], options: LadderOptions): Promise<LadderResult> {
  if (rungs.length < 2) throw new InputError('a ladder needs at least two agent specs');
  if (new Set(rungs).size !== rungs.length) throw new InputError('the rungs of a ladder must differ');
  // Loaded and the specs checked off this thread, so Ctrl-C is heard during a big scenario's load.
  const { sketch: scenario } = await probeScenario(
    { scenario: options.scenario, options: {}, agentChecks: rungs.map((spec) => ({ defaultAgent: spec })) },
    options.signal,
  );
  if (scenario.sides.length !== 2)
    throw new InputError(`a ladder needs a two-sided scenario; ${scenario.id} has ${scenario.sides.length} sides`);
  const [s0, s1] = scenario.sides.map((s) => s.id) as [string, string];
  const perPair = options.gamesPerPair ?? 40;
  const seed = String(options.seed ?? Date.now());
  const workers = options.workers ?? defaultWorkers();
  const plan = ladderPairs(rungs.length);
  let progress: ProgressReporter = silentProgress;
  if (options.progress) progress = createProgress({ total: plan.length * perPair });
  const pairs: LadderPair[] = [];
  let aborted = false;
  for (const [i, j] of plan) {
    const lower = rungs[i]!;
    const upper = rungs[j]!;
    const config: RunConfig = {
      scenario: options.scenario,
      scenarioOptions: {},
      agents: { [s0]: lower, [s1]: upper },
      seed: `${seed}/ladder/${i}-${j}`,
      swap: true,
      maxActions: options.maxActions ?? DEFAULT_MAX_ACTIONS,
      records: false,
    };
    const played = await playPair(config, lower, upper, perPair, workers, progress, options);
    const { games, winsA, winsB, draws, errors } = played.pair;
    const pair: LadderPair = { lower, upper, games, winsLower: winsA, winsUpper: winsB, draws, errors };
    aborted = played.stopped;
    pairs.push(pair);
    if (aborted) break;
  }
  progress.finish(aborted ? 'stopped' : undefined);
  const ratings = bradleyTerry(
    [...rungs],
    pairs.map((p) => ({ a: rungs.indexOf(p.lower), b: rungs.indexOf(p.upper), winsA: p.winsLower, winsB: p.winsUpper, draws: p.draws })),
    { prior: 1 },
  );
  const steps: LadderStep[] = pairs
    .filter((p) => rungs.indexOf(p.upper) === rungs.indexOf(p.lower) + 1)
    .map((p) => {
      const n = p.winsLower + p.winsUpper + p.draws;
      const score = p.winsUpper + p.draws / 2;
      const ci95 = n > 0 ? wilson(score, n) : ([0, 1] as [number, number]);
      return { lower: p.lower, upper: p.upper, score: n > 0 ? score / n : 0.5, ci95, rises: ci95[0] > 0.5 };
    });
  return { scenario: scenario.id, seed, rungs: [...rungs], pairs, ratings, steps, aborted };
}

/** The ladder as text: ratings in rung order, then each step's score against the rung below. */
export function formatLadder(r: LadderResult): string {
  const fmt = (x: number | null) => (x === null ? '?' : x.toFixed(0));
  const byName = new Map(r.ratings.map((x) => [x.name, x]));
  const rows = [
    ['rung', 'Elo', '95% interval', 'games', 'score'],
    ...r.rungs.map((name) => {
      const x = byName.get(name)!;
      return [
        name,
        x.elo.toFixed(0),
        `${fmt(x.ci95[0])} to ${fmt(x.ci95[1])}`,
        String(x.games),
        x.games ? `${((x.score / x.games) * 100).toFixed(1)}%` : '-',
      ];
    }),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((x) => x[c]!.length)));
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `${r.scenario}: ladder of ${r.rungs.length} rungs (seed ${r.seed}); each rung played the next two up, sides swapped`,
    '',
    ...rows.map((x) => x.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ')),
    '',
    "steps (the upper rung's score against the one below, Wilson 95% interval):",
    ...r.steps.map(
      (s) => `  ${s.upper} over ${s.lower}: ${pct(s.score)} (${pct(s.ci95[0])}-${pct(s.ci95[1])}) ${s.rises ? 'rises' : 'no clear rise'}`,
    ),
    '',
    ...r.pairs.map(
      (p) =>
        `${p.upper} vs ${p.lower}: ${p.winsUpper}-${p.winsLower}${p.draws ? `, ${p.draws} drawn` : ''}${p.errors ? `, ${p.errors} failed` : ''}`,
    ),
  ];
  if (r.aborted) lines.push('stopped before every pair was played');
  return lines.join('\n');
}

export function registerLadderCommand(program: Command): void {
  program
    .command('ladder')
    .description('strength ladder: agents and budgets from weakest to strongest play their neighbours; Elo with 95% intervals')
    .argument('<scenario>', 'shipped scenario id or scenario file')
    .argument('[specs...]', `rungs from weakest to strongest (default: ${DEFAULT_LADDER.join(' ')})`)
    .option('--games-per-pair <N>', 'games between each rung and each of the next two (sides alternate)', '40')
    .option('--seed <S>', 'master seed (default: the current time)')
    .option('--workers <N>', 'worker threads (default: all cores)')
    .option('--max-actions <N>', 'abandon (and record as failed) a game still running after N actions', '20000')
    .option('--game-time-limit <SECONDS>', 'abandon a game still running after this many seconds; 0 for none')
    .option('--no-progress', 'no progress bar or progress lines on stderr')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Each rung plays the next one up and the one after it, so strength is compared where it matters: does
each step up beat the one below? Ratings are Bradley-Terry on the Elo scale (anchored to average 0);
a step "rises" when the Wilson 95% interval of the upper rung's score is above 50%. Time budgets
(timeMs) make results depend on the machine's load: run with --workers 1 on a quiet machine.

Examples:
  tacsim ladder SCENARIO --games-per-pair 40 --seed 1
  tacsim ladder SCENARIO random scripted easy normal hard --games-per-pair 20`,
    )
    .action(
      async (
        scenario: string,
        specs: string[],
        flags: {
          gamesPerPair: string;
          seed?: string;
          workers?: string;
          maxActions: string;
          gameTimeLimit?: string;
          progress?: boolean;
          json?: boolean;
        },
      ) => {
        const workers = parseIntFlag('--workers', flags.workers, 1, MAX_WORKERS);
        const gameTimeLimitMs = parseTimeLimitFlag(flags.gameTimeLimit);
        const controller = new AbortController();
        const onSignal = () => controller.abort();
        process.on('SIGINT', onSignal);
        try {
          const r = await ladder(specs.length > 0 ? specs : DEFAULT_LADDER, {
            scenario,
            gamesPerPair: parseIntFlag('--games-per-pair', flags.gamesPerPair, 1)!,
            ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
            maxActions: parseIntFlag('--max-actions', flags.maxActions, 1)!,
            ...(workers !== undefined ? { workers } : {}),
            ...(gameTimeLimitMs !== undefined ? { gameTimeLimitMs } : {}),
            signal: controller.signal,
            progress: flags.progress !== false,
          });
          process.stdout.write(`${flags.json ? JSON.stringify(r, null, 2) : formatLadder(r)}\n`);
          if (r.aborted) process.exitCode = 130;
          if (r.pairs.some((p) => p.errors > 0)) process.exitCode = 1;
        } catch (e) {
          if (!(e instanceof StoppedError)) throw e;
          process.stderr.write('stopped before the first game: nothing was played\n');
          process.exitCode = 130;
        } finally {
          process.off('SIGINT', onSignal);
        }
      },
    );
}
