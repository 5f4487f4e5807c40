/**
 * `tacsim ladder SCENARIO [specs...]`: a strength ladder. The rungs are agent specs from weakest to
 * strongest (by default random, scripted, mcts at 50, 200, 1000 and 3000 ms a decision, then the
 * difficulty presets); each rung plays the next one up and the one after it (`gamesPerPair` games each,
 * sides swapped on odd games), so a ladder of n rungs plays 2n - 3 pairs instead of a round robin's
 * n(n - 1)/2, and every rung is linked to the rest through two neighbours. The games give Bradley-Terry
 * ratings on the Elo scale with 95% intervals (ratings.ts), and each step up the ladder its score
 * against the rung below with a Wilson 95% interval: a step rises when that interval is above 50%.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { DEFAULT_MAX_ACTIONS } from './match.js';
import { probeScenario, StoppedError } from './probe.js';
import { DEFAULT_GAME_TIME_LIMIT_MS, defaultWorkers, MAX_WORKERS } from './pool.js';
import { playPair } from './roundrobin.js';
import { createProgress, silentProgress, type ProgressReporter } from './progress.js';
import { bradleyTerry, type Rating } from './ratings.js';
import { wilson } from './stats.js';
import { ensureOutputDir } from './output.js';
import type { RunFingerprint } from './probe.js';
import { checkFingerprint, readJsonLines, writeWarning } from './run.js';
import { Slicer } from './slices.js';
import type { GameRow, RunConfig } from './types.js';
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
  /** Scenario id or file (not needed with `resume`: the ladder's own). */
  scenario?: string;
  gamesPerPair?: number;
  seed?: string | number;
  maxActions?: number;
  workers?: number;
  gameTimeLimitMs?: number;
  signal?: AbortSignal;
  /** As `SimulationOptions.onWarning`; default stderr. */
  onWarning?: (message: string) => void;
  progress?: boolean;
  /**
   * A folder to keep the ladder in (ladder.json: its settings; games.jsonl: every finished game), so a
   * ladder of hours can be stopped and carried on with `resume`.
   */
  out?: string;
  /**
   * An earlier ladder's folder: its settings and finished games are kept and only the missing games are
   * played. `gamesPerPair` may be raised, and rungs added above the saved ones (the saved pairs stay).
   */
  resume?: string;
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
  /** Games of the step that ended (failed ones aside). */
  games: number;
}

export interface LadderResult {
  scenario: string;
  seed: string;
  rungs: string[];
  pairs: LadderPair[];
  ratings: Rating[];
  steps: LadderStep[];
  aborted: boolean;
  /** The ladder's folder, when it keeps one (out or resume). */
  dir?: string;
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

/** A ladder's folder: its settings, and every finished game in the order games finished. */
export const LADDER_FILE = 'ladder.json';
export const LADDER_JOURNAL = 'games.jsonl';

interface SavedLadder {
  version: 1;
  scenario: string;
  seed: string;
  rungs: string[];
  gamesPerPair: number;
  maxActions: number;
  /** `--game-time-limit` of the run that began the ladder, or of the last resume that gave one (ms; 0: none). */
  gameTimeLimitMs?: number;
  fingerprint: RunFingerprint;
  /** When the ladder was begun and each time it was resumed (ISO dates). */
  runs: string[];
}

/** One finished game of a ladder's journal: the pair (by spec), the game's index in the pair and who won. */
interface JournalGame {
  lower: string;
  upper: string;
  game: number;
  result: 'lower' | 'upper' | 'draw' | 'failed';
  error?: string;
}

function pairKey(lower: string, upper: string): string {
  return `${lower}\n${upper}`;
}

/** The saved settings of the ladder in `dir`, checked; InputError naming the file otherwise. */
function readSavedLadder(dir: string): SavedLadder {
  const file = join(dir, LADDER_FILE);
  if (!existsSync(file)) throw new InputError(`not a ladder folder to resume (it has no ${LADDER_FILE})`, dir, '--resume', 'bad-option');
  let saved: SavedLadder;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SavedLadder;
  } catch (e) {
    throw new InputError(`not valid JSON (${(e as Error).message})`, file, undefined, 'bad-json');
  }
  const ok =
    typeof saved === 'object' &&
    saved !== null &&
    typeof saved.scenario === 'string' &&
    typeof saved.seed === 'string' &&
    Array.isArray(saved.rungs) &&
    saved.rungs.every((x) => typeof x === 'string') &&
    Number.isInteger(saved.gamesPerPair) &&
    Number.isInteger(saved.maxActions);
  if (!ok) throw new InputError('not a ladder.json of tacsim ladder (scenario, seed, rungs, gamesPerPair, maxActions)', file);
  return saved;
}

/**
 * The journal's games by pair and game index; a half-written last line (a killed run) is left out, so that game is
 * played again. A game that failed and was played again later is taken by its later, finished line.
 */
async function readJournal(file: string, signal: AbortSignal | undefined): Promise<Map<string, Map<number, JournalGame>>> {
  const out = new Map<string, Map<number, JournalGame>>();
  for (const line of await readJsonLines(file, new Slicer(signal))) {
    const g = line as JournalGame | null;
    if (typeof g?.lower !== 'string' || typeof g.upper !== 'string' || !Number.isInteger(g.game)) continue;
    const key = pairKey(g.lower, g.upper);
    let games = out.get(key);
    if (games === undefined) out.set(key, (games = new Map()));
    if (!games.has(g.game) || games.get(g.game)!.result === 'failed') games.set(g.game, g);
  }
  return out;
}

/** Refuses a setting given with --resume that differs from the saved ladder's: its games would not be the ladder's. */
function checkLadderResume(options: LadderOptions, rungs: readonly string[] | undefined, saved: SavedLadder, dir: string): void {
  const refuse = (what: string) => {
    throw new InputError(
      `${what} (${join(dir, LADDER_FILE)}); leave it out to carry on the ladder as it was`,
      undefined,
      '--resume',
      'bad-option',
    );
  };
  if (options.seed !== undefined && String(options.seed) !== saved.seed)
    refuse(`--seed ${options.seed} differs from the ladder's seed ${saved.seed}`);
  if (options.scenario !== undefined && options.scenario !== saved.scenario && resolve(options.scenario) !== resolve(saved.scenario))
    refuse(`the scenario ${options.scenario} is not the ladder's scenario ${saved.scenario}`);
  if (options.maxActions !== undefined && options.maxActions !== saved.maxActions)
    refuse(`--max-actions ${options.maxActions} differs from the ladder's ${saved.maxActions}`);
  if (rungs !== undefined && rungs.length > 0 && saved.rungs.some((r, k) => rungs[k] !== r))
    refuse(`the rungs must begin with the ladder's own (${saved.rungs.join(' ')}); new rungs may only be added above them`);
}

export async function ladder(rungsGiven: readonly string[], options: LadderOptions): Promise<LadderResult> {
  let saved: SavedLadder | undefined;
  let dir: string | undefined;
  if (options.resume !== undefined) {
    dir = resolve(options.resume);
    saved = readSavedLadder(dir);
    checkLadderResume(options, rungsGiven, saved, dir);
  } else if (options.out !== undefined) {
    dir = ensureOutputDir(options.out);
    if (existsSync(join(dir, LADDER_FILE)))
      throw new InputError(
        `${dir} already holds a ladder; carry it on with --resume ${options.out}, or choose another folder`,
        undefined,
        '--out',
        'bad-option',
      );
  }
  const rungs = saved !== undefined && rungsGiven.length <= saved.rungs.length ? saved.rungs : rungsGiven;
  if (rungs.length < 2) throw new InputError('a ladder needs at least two agent specs');
  if (new Set(rungs).size !== rungs.length) throw new InputError('the rungs of a ladder must differ');
  const scenarioRef = saved?.scenario ?? options.scenario;
  if (scenarioRef === undefined) throw new InputError('a ladder needs a scenario (or --resume with a ladder folder)');
  // Loaded and the specs checked off this thread, so Ctrl-C is heard during a big scenario's load.
  const { sketch: scenario } = await probeScenario(
    { scenario: scenarioRef, options: {}, agentChecks: rungs.map((spec) => ({ defaultAgent: spec })) },
    options.signal,
  );
  if (scenario.sides.length !== 2)
    throw new InputError(`a ladder needs a two-sided scenario; ${scenario.id} has ${scenario.sides.length} sides`);
  const [s0, s1] = scenario.sides.map((s) => s.id) as [string, string];
  const perPair = options.gamesPerPair ?? saved?.gamesPerPair ?? 40;
  const seed = saved?.seed ?? String(options.seed ?? Date.now());
  const maxActions = saved?.maxActions ?? options.maxActions ?? DEFAULT_MAX_ACTIONS;
  // A long ladder's limit is chosen for its slowest rung; a resume keeps it unless given another.
  const gameTimeLimitMs = options.gameTimeLimitMs ?? saved?.gameTimeLimitMs;
  const workers = options.workers ?? defaultWorkers();
  const plan = ladderPairs(rungs.length);
  const journalFile = dir === undefined ? undefined : join(dir, LADDER_JOURNAL);
  const journal = journalFile === undefined ? new Map<string, Map<number, JournalGame>>() : await readJournal(journalFile, options.signal);
  const warning = saved !== undefined ? checkFingerprint(saved.fingerprint, scenario.fingerprint, join(dir!, LADDER_FILE)) : undefined;
  if (warning !== undefined) (options.onWarning ?? writeWarning)(warning);
  if (dir !== undefined) {
    const record: SavedLadder = {
      version: 1,
      scenario: scenarioRef,
      seed,
      rungs: [...rungs],
      gamesPerPair: Math.max(perPair, saved?.gamesPerPair ?? 0),
      maxActions,
      ...(gameTimeLimitMs !== undefined ? { gameTimeLimitMs } : {}),
      fingerprint: scenario.fingerprint,
      runs: [...(saved?.runs ?? []), new Date().toISOString()],
    };
    writeFileSync(join(dir, LADDER_FILE), `${JSON.stringify(record, null, 2)}\n`);
  }
  // Games finished in the journal count toward their pair (only those below this run's games a pair); a failed
  // one (over a limit, or an error) has no result, so it is played again.
  const doneOf = (lower: string, upper: string) =>
    [...(journal.get(pairKey(lower, upper))?.values() ?? [])].filter((g) => g.game < perPair && g.result !== 'failed');
  const already = plan.reduce((n, [i, j]) => n + doneOf(rungs[i]!, rungs[j]!).length, 0);
  let progress: ProgressReporter = silentProgress;
  if (options.progress) progress = createProgress({ total: plan.length * perPair, already });
  const pairs: LadderPair[] = [];
  let aborted = false;
  for (const [i, j] of plan) {
    const lower = rungs[i]!;
    const upper = rungs[j]!;
    const config: RunConfig = {
      scenario: scenarioRef,
      scenarioOptions: {},
      agents: { [s0]: lower, [s1]: upper },
      seed: `${seed}/ladder/${i}-${j}`,
      swap: true,
      maxActions,
      records: false,
    };
    const done = doneOf(lower, upper);
    const doneIndices = new Set(done.map((g) => g.game));
    const indices = Array.from({ length: perPair }, (_, k) => k).filter((k) => !doneIndices.has(k));
    const onRow =
      journalFile === undefined
        ? undefined
        : (row: GameRow) => {
            const result: JournalGame['result'] =
              row.error !== null ? 'failed' : row.winner === null ? 'draw' : row.agents[row.winner] === lower ? 'lower' : 'upper';
            const line: JournalGame = { lower, upper, game: row.game, result, ...(row.error !== null ? { error: row.error } : {}) };
            appendFileSync(journalFile, `${JSON.stringify(line)}\n`);
          };
    const played = await playPair(config, lower, upper, perPair, workers, progress, {
      ...options,
      ...(gameTimeLimitMs !== undefined ? { gameTimeLimitMs } : {}),
      indices,
      ...(onRow ? { onRow } : {}),
    });
    const p = played.pair;
    const pair: LadderPair = {
      lower,
      upper,
      games: p.games + done.length,
      winsLower: p.winsA + done.filter((g) => g.result === 'lower').length,
      winsUpper: p.winsB + done.filter((g) => g.result === 'upper').length,
      draws: p.draws + done.filter((g) => g.result === 'draw').length,
      errors: p.errors,
    };
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
      return { lower: p.lower, upper: p.upper, score: n > 0 ? score / n : 0.5, ci95, rises: ci95[0] > 0.5, games: n };
    });
  return { scenario: scenario.id, seed, rungs: [...rungs], pairs, ratings, steps, aborted, ...(dir !== undefined ? { dir } : {}) };
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
    ...r.steps.map((s) =>
      s.games === 0
        ? `  ${s.upper} over ${s.lower}: no games yet`
        : `  ${s.upper} over ${s.lower}: ${pct(s.score)} (${pct(s.ci95[0])}-${pct(s.ci95[1])}) ${s.rises ? 'rises' : 'no clear rise'}`,
    ),
    '',
    ...r.pairs.map(
      (p) =>
        `${p.upper} vs ${p.lower}: ${p.winsUpper}-${p.winsLower}${p.draws ? `, ${p.draws} drawn` : ''}${p.errors ? `, ${p.errors} failed` : ''}`,
    ),
  ];
  if (r.aborted)
    lines.push(
      r.dir !== undefined
        ? `stopped before every pair was played; the finished games are kept: carry on with tacsim ladder --resume ${r.dir}`
        : 'stopped before every pair was played (a ladder kept with --out DIR can be carried on with --resume DIR)',
    );
  return lines.join('\n');
}

export function registerLadderCommand(program: Command): void {
  program
    .command('ladder')
    .description('strength ladder: agents and budgets from weakest to strongest play their neighbours; Elo with 95% intervals')
    .argument('[scenario]', 'shipped scenario id or scenario file (not needed with --resume)')
    .argument('[specs...]', `rungs from weakest to strongest (default: ${DEFAULT_LADDER.join(' ')})`)
    .option(
      '--games-per-pair <N>',
      "games between each rung and each of the next two (sides alternate); default 40, or the resumed ladder's",
    )
    .option('--seed <S>', 'master seed (default: the current time)')
    .option('--workers <N>', 'worker threads (default: all cores)')
    .option('--max-actions <N>', `abandon (and record as failed) a game still running after N actions (default ${DEFAULT_MAX_ACTIONS})`)
    .option(
      '--game-time-limit <SECONDS>',
      `abandon (and record as failed) a game still running after this many seconds; 0 for none (default ${DEFAULT_GAME_TIME_LIMIT_MS / 1000}, or the resumed ladder's)`,
    )
    .option('--out <DIR>', 'keep the ladder in DIR (ladder.json, games.jsonl) so that it can be stopped and carried on')
    .option(
      '--resume <DIR>',
      'carry on the ladder kept in DIR: play only its missing and failed games (raise --games-per-pair, or add rungs above its own)',
    )
    .option('--no-progress', 'no progress bar or progress lines on stderr')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Each rung plays the next one up and the one after it, so strength is compared where it matters: does
each step up beat the one below? Ratings are Bradley-Terry on the Elo scale (anchored to average 0);
a step "rises" when the Wilson 95% interval of the upper rung's score is above 50%. Time budgets
(timeMs) make results depend on the machine's load: run with --workers 1 on a quiet machine.
A ladder with --out DIR writes every finished game to DIR/games.jsonl as it ends; Ctrl-C (or a lost
machine) keeps them, and --resume DIR plays only the games it lacks. Pairs are played in turn, so a
long ladder is best grown in steps: --games-per-pair 4, then --resume DIR --games-per-pair 10, ...

Examples:
  tacsim ladder SCENARIO --games-per-pair 40 --seed 1
  tacsim ladder SCENARIO random scripted easy normal hard --games-per-pair 20
  tacsim ladder SCENARIO random scripted normal --games-per-pair 6 --out results/ladder
  tacsim ladder --resume results/ladder --games-per-pair 12        (six more games a pair)
  tacsim ladder --resume results/ladder random scripted normal hard (a rung added on top)`,
    )
    .action(
      async (
        scenario: string | undefined,
        specs: string[],
        flags: {
          gamesPerPair?: string;
          out?: string;
          resume?: string;
          seed?: string;
          workers?: string;
          maxActions?: string;
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
          if (flags.resume !== undefined && flags.out !== undefined)
            throw new InputError('--out and --resume both name a ladder folder: give one', undefined, '--out', 'bad-option');
          // With --resume the scenario is the ladder's: the words are rungs (its own, then any added above).
          const resuming = flags.resume !== undefined;
          const rungs = resuming && scenario !== undefined ? [scenario, ...specs] : specs;
          const scenarioArg = resuming ? undefined : scenario;
          if (scenarioArg === undefined && !resuming)
            throw new InputError('name a scenario (tacsim ladder SCENARIO [specs...]) or a ladder folder to carry on (--resume DIR)');
          const gamesPerPair = parseIntFlag('--games-per-pair', flags.gamesPerPair, 1);
          const maxActions = parseIntFlag('--max-actions', flags.maxActions, 1);
          const r = await ladder(rungs.length > 0 || flags.resume !== undefined ? rungs : DEFAULT_LADDER, {
            ...(scenarioArg !== undefined ? { scenario: scenarioArg } : {}),
            ...(gamesPerPair !== undefined ? { gamesPerPair } : {}),
            ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
            ...(flags.out !== undefined ? { out: flags.out } : {}),
            ...(flags.resume !== undefined ? { resume: flags.resume } : {}),
            ...(maxActions !== undefined ? { maxActions } : {}),
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
