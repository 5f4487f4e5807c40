/**
 * The `tacsim` command line. Exit codes: 0 success, 1 a run failed (a failed game, a replay that does
 * not verify, an unexpected error), 2 bad usage or bad input (unknown flag, bad scenario file, ...).
 * Bad input prints one clear line, never a stack trace; unexpected errors print one line and a hint to
 * rerun with TACSIM_DEBUG=1 for the stack.
 */
import { Command, CommanderError, Option } from 'commander';
import { InputError } from '../core/errors.js';
import { formatAgentHelp } from '../../agents/agent.js';
import { registerSimCommands } from '../harness/cli.js';
import { registerLadderCommand } from '../harness/ladder.js';
import { registerWorkerCommand } from '../harness/queue/cli.js';
import { registerReportCommand } from '../harness/report/index.js';
import { registerTuneCommand } from '../harness/tune.js';
import { registerBenchCommand } from '../../benchmarks/cli.js';
import { parseIntFlag, parseSetFlags } from '../harness/cli.js';
import { DEFAULT_AI, type PlayOptions, runPlay } from './play.js';
import { runReplay } from './replay.js';
import { registerScenarioCommands } from './scenarios.js';
import { listSystems, registerSystemModule } from '../scenarios.js';
import { playOnTheWeb, registerServeCommand } from '../web/cli.js';

/** Environment variable naming compiled modules of rules systems kept outside tacsim, comma-separated. */
export const SYSTEMS_ENV = 'TACSIM_SYSTEMS';

/** Registers the systems named in TACSIM_SYSTEMS (absolute paths or file URLs). */
async function registerEnvSystems(): Promise<void> {
  const list = process.env[SYSTEMS_ENV];
  if (!list) return;
  for (const item of list
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '')) {
    try {
      await registerSystemModule(item);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`${SYSTEMS_ENV}: ${e.problem}`, e.file, e.place);
      throw new InputError(`${SYSTEMS_ENV}: cannot load it (${(e as Error).message})`, item);
    }
  }
}

export function buildProgram(): Command {
  const program = new Command('tacsim');
  program
    .description(
      `AI opponent and simulation harness for tactical hex wargames (rules systems: ${listSystems()
        .map((x) => `${x.id}, ${x.title}`)
        .join('; ')})`,
    )
    .version('0.1.0', '-V, --version')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({
      writeErr: (text) => process.stderr.write(text),
      outputError: (text, write) => write(text),
    })
    .addHelpText(
      'after',
      `
SCENARIO is a shipped scenario id (see "tacsim scenarios list") or a scenario file; SIDE a side id of it.

Examples:
  tacsim scenarios list
  tacsim scenarios show SCENARIO
  tacsim play SCENARIO --side SIDE --ai scripted --seed 1 --record game.json
  tacsim replay game.json --verbose
  tacsim sim SCENARIO --games 200
  tacsim balance SCENARIO --param turns --from 6 --to 12
  tacsim bench --check

Exit codes: 0 success, 1 a run failed, 2 bad usage or bad input.
Set TACSIM_DEBUG=1 to see stack traces of unexpected errors.
Set ${SYSTEMS_ENV}=FILE[,FILE...] to load rules systems kept outside tacsim (compiled modules exporting \`system\`).`,
    );

  program
    .command('play')
    .description('play one side of a scenario against the computer in the terminal')
    .argument('[scenario]', 'shipped scenario id or scenario file (not needed with --load)')
    .option('--side <SIDE>', 'the side you play (a side id of the scenario)')
    .option('--ai <SPEC>', `agent spec of the computer (default ${DEFAULT_AI}; see below)`)
    .option('--seed <S>', 'seed of the game dice (default: from the clock)')
    .option('--charts <FILE>', "chart pack to use instead of the scenario's")
    .option('--counters <FILE>', "counter manifest to use instead of the scenario's")
    .option(
      '--set <NAME=VALUE>',
      'scenario parameter or optional rule (repeatable), e.g. turns=10, rule.fogOfWar=true',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--width <N>', 'text columns the map may take (default: the terminal width; 120 when not a terminal)')
    .option('--record <FILE>', 'write the game record here when the game ends (or you quit, or press Ctrl-C)')
    .option('--load <FILE>', 'continue a saved game record')
    .option('--web [PORT]', 'play in the browser instead: starts tacsim serve with these options (port default 8765)')
    .addHelpText(
      'after',
      `
At each of your decisions the legal actions are listed by number (long lists grouped by kind and unit).
Type a number, or a command: the rules system's short commands (see "help" in the game), move U HEX (to
a distant hex too, by the cheapest path), list, map, units, info U, hex HEX, why, help, save FILE,
load FILE, undo, quit. Combat actions show their chances and ask you to confirm. The map fits the
terminal (a window that follows the action; "map all" draws all of it). Input is read line by line,
so a game can be driven through a pipe. Ctrl-C quits, writing the --record file.

Agents:
${formatAgentHelp()
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}

Examples:
  tacsim play SCENARIO --side SIDE
  tacsim play SCENARIO --side SIDE --ai mcts:timeMs=3000 --seed 7 --record my-game.json
  tacsim play SCENARIO --side SIDE --set rule.fogOfWar=true
  tacsim play --load my-game.json`,
    )
    .action(async (scenario: string | undefined, flags: Omit<PlayOptions, 'scenario'> & { web?: boolean | string }) => {
      const { web, ...play } = flags;
      if (web !== undefined) {
        const { set, width: _width, ...rest } = play;
        return playOnTheWeb(scenario, web, { ...rest, ...(set !== undefined ? { set: parseSetFlags(set) } : {}) });
      }
      await runPlay({ ...play, ...(scenario !== undefined ? { scenario } : {}) });
    });

  registerSimCommands(program);
  registerLadderCommand(program);
  // Scale-out: `tacsim worker` serves the runs started with --queue (src/harness/queue/).
  registerWorkerCommand(program);
  // The report page of a sim, balance or tournament folder (src/harness/report/).
  registerReportCommand(program);
  registerTuneCommand(program);

  program
    .command('replay')
    .description('re-run a game record, check every action and state, and print the outcome')
    .argument('<record>', 'a record from tacsim play (--record/save) or a games.jsonl from tacsim sim --records')
    .option('--verbose', 'print the game turn by turn with narration')
    .addOption(new Option('--game <N>', 'which game of a .jsonl file (its game number)'))
    .addHelpText(
      'after',
      `
Exit code 1 when an action is not legal or a state does not match the recorded hash.

Examples:
  tacsim replay my-game.json --verbose
  tacsim replay results/SCENARIO-20250101-120000/games.jsonl --game 3`,
    )
    .action((file: string, flags: { verbose?: boolean; game?: string }) => {
      const game = parseIntFlag('--game', flags.game, 0);
      const r = runReplay(file, { verbose: flags.verbose ?? false, ...(game !== undefined ? { game } : {}) });
      if (!r.ok) process.exitCode = 1;
    });

  registerScenarioCommands(program);
  registerBenchCommand(program);
  registerServeCommand(program);
  return program;
}

function fail(code: number, text: string): void {
  process.stderr.write(`${text}\n`);
  process.exitCode = code;
}

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  // Output piped into `head` and the like: stop quietly when the reader goes away.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  try {
    await registerEnvSystems();
    const program = buildProgram();
    await program.parseAsync(argv as string[]);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has printed its message already; help and --version end with exit code 0.
      process.exitCode = e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2;
      return;
    }
    if (e instanceof InputError) return fail(2, `tacsim: ${e.message}`);
    if (process.env.TACSIM_DEBUG) {
      process.stderr.write(`${(e as Error)?.stack ?? String(e)}\n`);
      process.exitCode = 1;
      return;
    }
    fail(1, `tacsim: unexpected error: ${(e as Error)?.message ?? String(e)}\n(rerun with TACSIM_DEBUG=1 to see the stack trace)`);
  }
}

await main();
