/**
 * `tacsim sim` and `tacsim balance`: the simulation harness on the command line. The main program
 * (src/cli/main.ts) calls registerSimCommands(program). Bad flags and specs throw InputError (the main
 * program prints one line and exits 2); a run with failed games sets exit code 1 after saying how many.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { InputError } from '../core/errors.js';
import type { ScenarioOptions } from '../core/system.js';
import { balanceSearch, formatBalance } from './balance.js';
import { ensureOutputDir } from './output.js';
import { DEFAULT_GAME_TIME_LIMIT_MS, MAX_WORKERS } from './pool.js';
import { StoppedError } from './probe.js';
import { checkQueue } from './queue/runner.js';
import { MAX_GAMES, runSimulation } from './run.js';
import { formatSummary } from './summary.js';
import { formatRoundRobin, roundRobin } from './roundrobin.js';
import { runIdentity, type RunIdentity } from './identity.js';
import { probeScenario as probeForIdentity } from './probe.js';
import { DEFAULT_SKILL_GAMES, writeReport } from './report/index.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A whole number of at least `min` (and at most `max`) from a flag's text, or InputError naming the flag. */
export function parseIntFlag(flag: string, raw: string | undefined, min: number, max?: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\+?\d+$/.test(raw.trim()) || n < min || (max !== undefined && n > max))
    throw new InputError(
      `${flag} must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max.toLocaleString('en-US')}`}, not "${raw}"`,
      undefined,
      undefined,
      'bad-option',
    );
  return n;
}

/** `--game-time-limit SECONDS` to milliseconds (0: no limit). */
export function parseTimeLimitFlag(raw: string | undefined): number | undefined {
  const seconds = parseNumberFlag('--game-time-limit', raw);
  if (seconds === undefined) return undefined;
  if (seconds < 0 || seconds > 7 * 24 * 3600)
    throw new InputError(
      `--game-time-limit must be a number of seconds from 0 (no limit) to 604800, not "${raw}"`,
      undefined,
      undefined,
      'bad-option',
    );
  return Math.round(seconds * 1000);
}

export function parseNumberFlag(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v)) throw new InputError(`${flag} must be a number, not "${raw}"`);
  return v;
}

/**
 * `--agent SIDE=SPEC` values to a map (the spec may itself contain "=", e.g. mcts:iterations=500). The map
 * has no prototype, so a side named "__proto__" or "constructor" is a key like any other (and is refused by
 * the side check of the run if the scenario has no such side), never a built-in.
 */
export function parseAgentFlags(values: readonly string[] = []): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const v of values) {
    const eq = v.indexOf('=');
    const side = eq < 0 ? '' : v.slice(0, eq).trim();
    const spec = eq < 0 ? '' : v.slice(eq + 1).trim();
    if (side === '' || spec === '') throw new InputError(`--agent takes SIDE=SPEC (e.g. --agent german=mcts:iterations=1000), not "${v}"`);
    if (Object.hasOwn(out, side)) throw new InputError(`--agent gives side "${side}" twice`);
    out[side] = spec;
  }
  return out;
}

/**
 * `--set NAME=VALUE` values: numbers, true/false, or text, in a map with no prototype (a name like
 * "__proto__" stays a name, and the scenario refuses it as unknown). The values are checked against the
 * scenario's own schema when it is loaded with them (src/hex/params.ts).
 */
export function parseSetFlags(values: readonly string[] = []): Record<string, number | boolean | string> {
  const out = Object.create(null) as Record<string, number | boolean | string>;
  for (const v of values) {
    const eq = v.indexOf('=');
    const name = eq < 0 ? '' : v.slice(0, eq).trim();
    const raw = eq < 0 ? '' : v.slice(eq + 1).trim();
    if (name === '' || raw === '')
      throw new InputError(`--set takes NAME=VALUE (e.g. --set turns=10 or --set rule.fogOfWar=true), not "${v}"`);
    if (Object.hasOwn(out, name)) throw new InputError(`--set gives "${name}" twice`);
    out[name] = raw === 'true' ? true : raw === 'false' ? false : /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(raw) ? Number(raw) : raw;
  }
  return out;
}

interface CommonFlags {
  gameTimeLimit?: string;
  agent?: string[];
  seed?: string;
  workers?: string;
  charts?: string;
  counters?: string;
  set?: string[];
  maxActions?: string;
  swap?: boolean;
  json?: boolean;
  progress?: boolean;
  systemModule?: string;
  agentModule?: string;
  queue?: string;
}

/**
 * `--queue URL`: checked (Redis answers there) before anything is played or written; --workers belongs
 * to each `tacsim worker` then, not to the run.
 */
async function queueOption(flags: CommonFlags): Promise<{ queue?: string }> {
  if (flags.queue === undefined) return {};
  if (flags.workers !== undefined)
    throw new InputError('--workers has no effect with --queue: give it to each tacsim worker instead', undefined, undefined, 'bad-option');
  await checkQueue(flags.queue);
  return { queue: flags.queue };
}

/** The command line as typed (arguments with spaces or quotes quoted), for run.json and the report. */
export function commandLine(argv: readonly string[] = process.argv.slice(2)): string {
  return ['tacsim', ...argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))].join(' ');
}

/** `--report`: writes report.html and report.json into `dir` and says where. */
async function reportInto(dir: string, flags: { skillGames?: string; workers?: string }, signal?: AbortSignal): Promise<void> {
  const workers = parseIntFlag('--workers', flags.workers, 0, MAX_WORKERS);
  const written = await writeReport(dir, {
    skillGames: parseIntFlag('--skill-games', flags.skillGames, 0) ?? DEFAULT_SKILL_GAMES,
    ...(workers !== undefined ? { workers } : {}),
    ...(signal ? { signal } : {}),
  });
  process.stderr.write(`report in ${written.html}\n`);
}

/** What a balance search or tournament keeps of its run in its JSON file (a sim run keeps it in run.json). */
async function identityOf(
  scenario: string,
  options: ScenarioOptions,
  flags: CommonFlags,
  started: string,
): Promise<{ identity: RunIdentity; title: string; system: string }> {
  const { sketch } = await probeForIdentity({ scenario, options, ...modules(flags) });
  return { identity: { ...runIdentity(sketch, commandLine(), options), started }, title: sketch.title, system: sketch.system };
}

/** A folder for a command's files when --report is given without --out: results/<scenario>-<what>-<time>. */
/** `--out DIR`, or with `--report` alone a fresh results/ folder: checked (and made) before the first game, not after the last. */
function outputDirOf(flags: { out?: string; report?: boolean }, scenario: string, what: string): string | undefined {
  if (flags.out !== undefined) return ensureOutputDir(flags.out);
  return flags.report ? ensureOutputDir(defaultOutDir(scenario, what)) : undefined;
}

/** The options every batch of games (a balance search, a tournament) takes from the shared run flags. */
async function batchOptions(flags: CommonFlags) {
  const workers = parseIntFlag('--workers', flags.workers, 0, MAX_WORKERS);
  const gameTimeLimitMs = parseTimeLimitFlag(flags.gameTimeLimit);
  return {
    maxActions: parseIntFlag('--max-actions', flags.maxActions, 1),
    ...(workers !== undefined ? { workers } : {}),
    ...(gameTimeLimitMs !== undefined ? { gameTimeLimitMs } : {}),
    ...(await queueOption(flags)),
  };
}

function defaultOutDir(scenario: string, what: string): string {
  const stem = scenario
    .replace(/^.*[\\/]/, '')
    .replace(/\.json$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  const time = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return resolve('results', `${stem}-${what}-${time}`);
}

function scenarioOptions(flags: CommonFlags): ScenarioOptions {
  const set = parseSetFlags(flags.set);
  return {
    ...(flags.charts ? { charts: resolve(flags.charts) } : {}),
    ...(flags.counters ? { counters: resolve(flags.counters) } : {}),
    ...(Object.keys(set).length ? { set } : {}),
  };
}

function modules(flags: CommonFlags): { systemModule?: string; agentModule?: string } {
  return {
    ...(flags.systemModule ? { systemModule: resolve(flags.systemModule) } : {}),
    ...(flags.agentModule ? { agentModule: resolve(flags.agentModule) } : {}),
  };
}

/**
 * Ctrl-C (or SIGTERM) once: stop within a second, the finished games saved (the games in progress are
 * abandoned and played again on --resume); twice: quit at once.
 */
function interruptible(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) {
      process.stderr.write('\nquitting now\n');
      process.exit(130);
    }
    process.stderr.write('\nstopping: saving the finished games (Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
    },
  };
}

/**
 * The result of a run, or undefined when it was stopped before its first game (StoppedError): then the
 * stop is reported (`what` says what was kept) and the exit code is 130, as for any stop.
 */
async function stoppable<T>(what: string, run: Promise<T>): Promise<T | undefined> {
  try {
    return await run;
  } catch (e) {
    if (!(e instanceof StoppedError)) throw e;
    process.stderr.write(`stopped before the first game: ${what}\n`);
    process.exitCode = 130;
    return undefined;
  }
}

/** Options of every command that plays games of a scenario: workers, scenario changes, limits, progress. */
function addRunOptions(cmd: Command): Command {
  return cmd
    .option('--workers <N>', 'worker threads (default: all cores)')
    .option('--set <NAME=VALUE>', 'scenario parameter or optional rule (repeatable), e.g. turns=10, rule.fogOfWar=true', collect)
    .option('--charts <FILE>', "chart pack to use instead of the scenario's")
    .option('--counters <FILE>', "counter manifest to use instead of the scenario's")
    .option('--max-actions <N>', 'abandon (and record as failed) a game still running after N actions', '20000')
    .option(
      '--game-time-limit <SECONDS>',
      `abandon (and record as failed) a game still running after this many seconds of wall-clock time; 0 for none (default ${DEFAULT_GAME_TIME_LIMIT_MS / 1000})`,
    )
    .option('--no-progress', 'no progress bar or progress lines on stderr')
    .option('--queue <URL>', 'play the games on tacsim workers through Redis: redis://HOST:PORT[/DB] (see tacsim worker --help)');
}

/** --report and --skill-games: the report page of the run (src/harness/report). */
function addReportOptions(cmd: Command, skill: boolean): Command {
  cmd.option('--report', 'also write report.html (one page with plots that opens from disk) and report.json in the output folder');
  if (skill)
    cmd.option(
      '--skill-games <N>',
      `with --report: seeds of the skill-against-luck comparison, each played three times (0: none)`,
      String(DEFAULT_SKILL_GAMES),
    );
  return cmd;
}

/** sim and balance: one agent spec per side, on top of the run options. */
function addCommonOptions(cmd: Command): Command {
  return addRunOptions(
    cmd
      .option('--agent <SIDE=SPEC>', 'agent spec for a side (repeatable); sides not given play "scripted"', collect)
      .option('--seed <S>', 'master seed; game i uses seed S/i (default: the current time)')
      .option('--swap', 'swap the agents between the sides on odd games (compares agents on asymmetric scenarios)'),
  )
    .option('--json', 'print the summary as JSON instead of a table')
    .addOption(new Option('--system-module <FILE>', 'compiled JS module exporting a RulesSystem as `system`').hideHelp())
    .addOption(new Option('--agent-module <FILE>', 'compiled JS module exporting createAgent(spec)').hideHelp());
}

export function registerSimCommands(program: Command): void {
  const sim = program
    .command('sim')
    .description('play many games of a scenario between agents and report who wins, how often and by how much')
    .argument('[scenario]', 'shipped scenario id or scenario file (not needed with --resume)');
  addCommonOptions(sim)
    .option('--games <N>', 'number of games', '100')
    .option('--out <DIR>', 'output folder (default results/<scenario>-<timestamp>/)')
    .option('--resume <DIR>', 'continue an earlier run in DIR: its settings, skipping finished games')
    .option('--records', 'also write games.jsonl: one replayable record (seed, agents, action keys) per game')
    .option('--no-turns', 'leave out turns.csv (the position at the end of every turn of every game), for very large runs');
  addReportOptions(sim, true).addHelpText(
    'after',
    `
Writes games.csv (one row a game, in game order), turns.csv (every game's position at the end of each
turn), summary.json and run.json in the output folder; with --report also report.html and report.json.
Win rates count draws as half a win and come with Wilson 95% intervals. Ctrl-C stops cleanly: finished games are kept and
--resume DIR carries on. Exit code 1 when any game failed (the error column says why; replay by seed).

Examples:
  tacsim sim SCENARIO --games 500 --report
  tacsim sim SCENARIO --agent SIDE=mcts:iterations=2000 --agent OTHER=scripted --games 200
  tacsim sim SCENARIO --agent SIDE=mcts --agent OTHER=scripted --swap --games 400 --seed 7
  tacsim sim my-scenario.json --set turns=10 --workers 4 --out results/turns10 --records
  tacsim sim --resume results/SCENARIO-20250101-120000 --games 1000`,
  );
  sim.action(
    async (
      scenario: string | undefined,
      flags: CommonFlags & {
        games: string;
        out?: string;
        resume?: string;
        records?: boolean;
        turns?: boolean;
        report?: boolean;
        skillGames?: string;
      },
      cmd: Command,
    ) => {
      const given = (name: string) => cmd.getOptionValueSource(name) === 'cli';
      const games = parseIntFlag('--games', !given('games') && flags.resume ? undefined : flags.games, 1, MAX_GAMES);
      parseIntFlag('--skill-games', flags.skillGames, 0);
      const workers = parseIntFlag('--workers', flags.workers, 0, MAX_WORKERS);
      const maxActions = parseIntFlag('--max-actions', flags.maxActions, 1);
      const gameTimeLimitMs = parseTimeLimitFlag(flags.gameTimeLimit);
      if (!scenario && !flags.resume) throw new InputError('name a scenario (a shipped id or a file), or --resume an earlier run');
      if (flags.resume && flags.out) throw new InputError('--resume writes into the resumed folder; leave out --out');
      const queue = await queueOption(flags);
      const stop = interruptible();
      try {
        const result = await stoppable(
          flags.resume
            ? `the run in ${flags.resume} keeps every finished game; carry on with: tacsim sim --resume ${flags.resume}`
            : 'nothing was played',
          runSimulation({
            ...(flags.resume
              ? {
                  // Settings given again must be the run's own: runSimulation refuses any other.
                  resume: flags.resume,
                  ...(scenario !== undefined ? { scenario } : {}),
                  ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
                  ...(flags.set || flags.charts || flags.counters ? { scenarioOptions: scenarioOptions(flags) } : {}),
                  ...(flags.agent ? { agents: parseAgentFlags(flags.agent) } : {}),
                  ...(flags.swap ? { swap: true } : {}),
                  ...(given('maxActions') ? { maxActions } : {}),
                }
              : {
                  scenario: scenario!,
                  scenarioOptions: scenarioOptions(flags),
                  agents: parseAgentFlags(flags.agent),
                  seed: flags.seed,
                  swap: flags.swap ?? false,
                  maxActions,
                  out: flags.out,
                  turns: flags.turns !== false,
                  command: commandLine(),
                  ...modules(flags),
                }),
            ...(games !== undefined ? { games } : {}),
            ...(workers !== undefined ? { workers } : {}),
            ...(gameTimeLimitMs !== undefined ? { gameTimeLimitMs } : {}),
            records: flags.records ?? false,
            ...queue,
            signal: stop.signal,
            progress: flags.progress !== false,
          }),
        );
        if (result === undefined) return;
        process.stdout.write(`${flags.json ? JSON.stringify(result.summary, null, 2) : formatSummary(result.summary)}\n`);
        process.stderr.write(`results in ${result.outDir}\n`);
        if (result.aborted) {
          process.stderr.write(`stopped after ${result.recorded} games; carry on with: tacsim sim --resume ${result.outDir}\n`);
          process.exitCode = 130;
        }
        if (result.failed > 0) {
          process.stderr.write(`${result.failed} game(s) failed: see the error column of ${result.files.games}\n`);
          process.exitCode = 1;
        }
        if (flags.report && !stop.signal.aborted) await reportInto(result.outDir, flags, stop.signal);
        else if (flags.report) process.stderr.write(`no report for a stopped run: tacsim report ${result.outDir} writes one\n`);
      } finally {
        stop.dispose();
      }
    },
  );

  const balance = program
    .command('balance')
    .description('vary one scenario parameter and find the value that makes the scenario even')
    .argument('<scenario>', 'shipped scenario id or scenario file');
  addCommonOptions(balance)
    .requiredOption('--param <NAME>', "scenario parameter to vary (see the scenario's parameters)")
    .requiredOption('--from <A>', 'first value')
    .requiredOption('--to <B>', 'last value')
    .option('--step <S>', 'step between values', '1')
    .option('--games-per-value <N>', 'most games at one value', '400')
    .option('--batch <N>', 'games between looks at the interval', '50')
    .option('--side <SIDE>', 'side whose win rate is balanced (default the first side)')
    .option('--margin <X>', 'stop at a value once its interval is wholly outside 50% ± X', '0.02')
    .option('--half-width <X>', 'stop at a value once its interval is this narrow (half-width)', '0.03')
    .option('--out <DIR>', 'also write balance.json and balance.csv into DIR (with --report: default results/<scenario>-balance-<time>)');
  addReportOptions(balance, false).addHelpText(
    'after',
    `
Plays the scenario at each value from A to B by S (the same game seeds at every value), in batches,
until the win rate's 95% interval is narrow enough or clearly away from 50%; reports the value closest
to even and the 50% crossing (interpolated, rounded to the step), or warns when the parameter makes no
measurable difference over the range. Draws count half a win.

Examples:
  tacsim balance SCENARIO --param turns --from 6 --to 12 --step 1
  tacsim balance SCENARIO --param PARAMETER --from 1 --to 5 --games-per-value 400`,
  );
  balance.action(
    async (
      scenario: string,
      flags: CommonFlags & {
        param: string;
        from: string;
        to: string;
        step: string;
        gamesPerValue: string;
        batch: string;
        side?: string;
        margin: string;
        halfWidth: string;
        out?: string;
        report?: boolean;
      },
    ) => {
      const started = new Date().toISOString();
      const outDir = outputDirOf(flags, scenario, 'balance');
      const gamesPerValue = parseIntFlag('--games-per-value', flags.gamesPerValue, 1, MAX_GAMES)!;
      const batch = await batchOptions(flags);
      const stop = interruptible();
      try {
        const result = await stoppable(
          'no value was played',
          balanceSearch({
            scenario,
            scenarioOptions: scenarioOptions(flags),
            agents: parseAgentFlags(flags.agent),
            param: flags.param,
            from: parseNumberFlag('--from', flags.from)!,
            to: parseNumberFlag('--to', flags.to)!,
            step: parseNumberFlag('--step', flags.step)!,
            gamesPerValue,
            batch: parseIntFlag('--batch', flags.batch, 1)!,
            ...(flags.side ? { side: flags.side } : {}),
            margin: parseNumberFlag('--margin', flags.margin)!,
            halfWidth: parseNumberFlag('--half-width', flags.halfWidth)!,
            seed: flags.seed,
            swap: flags.swap ?? false,
            ...batch,
            signal: stop.signal,
            progress: flags.progress !== false,
            ...modules(flags),
          }),
        );
        if (result === undefined) return;
        process.stdout.write(`${flags.json ? JSON.stringify(result, null, 2) : formatBalance(result)}\n`);
        if (outDir !== undefined) {
          const dir = outDir;
          const identity = await identityOf(scenario, scenarioOptions(flags), flags, started);
          writeFileSync(join(dir, 'balance.json'), `${JSON.stringify({ ...result, ...identity }, null, 2)}\n`);
          const sides = result.rows[0] ? Object.keys(result.rows[0].wins) : [];
          const csv = [
            [result.param, 'games', ...sides.map((s) => `wins_${s}`), 'draws', 'errors', 'win_rate', 'ci_low', 'ci_high', 'stop'].join(','),
          ];
          for (const r of result.rows)
            csv.push(
              [r.value, r.games, ...sides.map((s) => r.wins[s]), r.draws, r.errors, r.winRate, r.ci95[0], r.ci95[1], r.stop].join(','),
            );
          writeFileSync(join(dir, 'balance.csv'), `${csv.join('\n')}\n`);
          process.stderr.write(`results in ${dir}\n`);
          if (flags.report) await reportInto(dir, flags);
        }
        if (result.aborted) process.exitCode = 130;
        const failed = result.rows.reduce((s, r) => s + r.errors, 0);
        if (failed > 0) {
          process.stderr.write(`${failed} game(s) failed\n`);
          process.exitCode = 1;
        }
      } finally {
        stop.dispose();
      }
    },
  );

  const tournament = program
    .command('tournament')
    .description('round robin of several agents on one scenario, with Bradley-Terry (Elo) ratings and 95% intervals')
    .argument('<scenario>', 'shipped scenario id or scenario file')
    .argument('<specs...>', 'two or more agent specs, e.g. random scripted mcts:timeMs=200');
  addRunOptions(
    tournament
      .option('--games-per-pair <N>', 'games between each pair of agents (sides alternate)', '40')
      .option('--seed <S>', 'master seed (default: the current time)'),
  )
    .option('--json', 'print the result as JSON')
    .option('--out <DIR>', 'also write tournament.json into DIR (with --report: default results/<scenario>-tournament-<time>)');
  addReportOptions(tournament, false).addHelpText(
    'after',
    `
Every pair plays --games-per-pair games, each agent on each side half the time. Ratings are on the Elo
scale (a 200-point gap ~ 76% expected score), anchored so they average 0.

Examples:
  tacsim tournament SCENARIO random scripted scripted:aggression=0.9 --games-per-pair 100
  tacsim tournament SCENARIO scripted "mcts:timeMs=100,rolloutDepth=10" --games-per-pair 20 --seed 1`,
  );
  tournament.action(
    async (scenario: string, specs: string[], flags: CommonFlags & { gamesPerPair: string; out?: string; report?: boolean }) => {
      if (specs.length < 2) throw new InputError('a tournament needs at least two agent specs');
      const started = new Date().toISOString();
      const outDir = outputDirOf(flags, scenario, 'tournament');
      const gamesPerPair = parseIntFlag('--games-per-pair', flags.gamesPerPair, 1, MAX_GAMES)!;
      const batch = await batchOptions(flags);
      const stop = interruptible();
      try {
        const result = await stoppable(
          'no game was played',
          roundRobin(specs, {
            scenario,
            scenarioOptions: scenarioOptions(flags),
            gamesPerPair,
            seed: flags.seed,
            ...batch,
            signal: stop.signal,
            progress: flags.progress !== false,
          }),
        );
        if (result === undefined) return;
        process.stdout.write(`${flags.json ? JSON.stringify(result, null, 2) : formatRoundRobin(result)}\n`);
        if (outDir !== undefined) {
          const identity = await identityOf(scenario, scenarioOptions(flags), flags, started);
          writeFileSync(join(outDir, 'tournament.json'), `${JSON.stringify({ ...result, ...identity }, null, 2)}\n`);
          process.stderr.write(`results in ${outDir}\n`);
          if (flags.report) await reportInto(outDir, flags);
        }
        if (result.aborted) process.exitCode = 130;
        if (result.pairs.some((p) => p.errors > 0)) process.exitCode = 1;
      } finally {
        stop.dispose();
      }
    },
  );
}
