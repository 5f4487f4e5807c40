/**
 * `tacsim bench`: regression benchmarks of engine and AI speed. The CLI main calls registerBenchCommand.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { againstCommand } from './against.js';
import { benchCommand, type BenchCommandOptions } from './run.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

const EXAMPLES = `
Figures are units of work per second (lookups, actions, playouts, decisions, iterations, games), median
over samples with their p25-p75 spread, and relative to a fixed calibration workload timed in the same
run, so runs on different or busy machines compare. --check compares the relative figures with
benchmarks/baseline.json; each figure has its own threshold from measured run-to-run spread
(see benchmarks/README.md). Every run is saved as results/bench-<timestamp>.json.

To see whether a change made tacsim slower or faster, compare two builds side by side: --against REF
builds that commit in a temporary folder and times both builds in alternating rounds (same machine state),
then prints each figure's ratio new/old with its 95% interval and a verdict. It compares this checkout's
dist/, so run \`npm run build\` first.

Examples:
  $ tacsim bench --against HEAD~1 --filter playout    this build against the previous commit (3-7 minutes)
  $ tacsim bench --against main --rounds 16           every suite, 16 paired rounds (more rounds: narrower intervals)
  $ tacsim bench                        run every suite (about 1 minute), print the table
  $ tacsim bench --check                run, then exit 1 naming any figure slower than the baseline
  $ tacsim bench --filter rules         only the rules suite (legal actions and apply)
  $ tacsim bench --filter large         only figures whose id contains "large", in every suite
  $ tacsim bench --quick                every task once on tiny sizes (smoke test, not comparable)
  $ tacsim bench --update-baseline      5 full runs; rewrite the baseline and thresholds from them
  $ tacsim bench --history              how each figure moved across the stored runs
  $ tacsim bench --json > bench.json    machine-readable output`;

/** Adds the `bench` command to a commander program. */
export function registerBenchCommand(program: Command): Command {
  return program
    .command('bench')
    .description('regression benchmarks of engine and AI speed (hex/LOS lookups, legal actions, apply, playouts, agents, harness)')
    .option(
      '--against <ref>',
      'compare with another commit: build it in a temporary folder, run both builds in alternating rounds, print ratios new/old with 95% intervals',
    )
    .option('--rounds <n>', 'paired rounds of --against (default 10)', positiveInt)
    .option('--task-ms <ms>', 'sampling time per task in each --against round (default 1000)', positiveInt)
    .option(
      '--clock <cpu|wall>',
      'how --against times an op: CPU time of its process (default; ignores time spent waiting for a core) or the wall clock',
    )
    .option('--check', 'compare with benchmarks/baseline.json; exit 1 if a figure is slower beyond its threshold')
    .option('--update-baseline', 'rewrite benchmarks/baseline.json (and thresholds) from this run (--runs, default 5)')
    .option('--history', 'print how each figure moved across the stored results/bench-*.json runs (runs nothing)')
    .option(
      '--filter <name>',
      'run only suites whose name contains NAME (hex, rules, playout, agents, harness), else only figures whose id contains it',
    )
    .option('--quick', 'a tiny run: every task once on small sizes (smoke test; not for --check)')
    .option('--json', 'print the run (and check) as JSON instead of tables')
    .option('--runs <n>', 'full runs to make (default 1, or 5 with --update-baseline to measure run-to-run spread)', positiveInt)
    .option('--baseline <file>', 'baseline file to check against or update (default benchmarks/baseline.json)')
    .option('--no-save', 'do not write results/bench-<timestamp>.json')
    .addHelpText('after', EXAMPLES)
    .action(async (opts: BenchCommandOptions & { against?: string; rounds?: number; taskMs?: number; clock?: string }) => {
      const code = opts.against === undefined ? await benchCommand(opts) : await against(opts as typeof opts & { against: string });
      if (code !== 0) process.exitCode = code;
    });
}

/** `--against`: refuses the options that belong to single-build runs, then runs the comparison. */
async function against(
  opts: { against: string; check?: boolean; updateBaseline?: boolean; history?: boolean; runs?: number; baseline?: string } & Parameters<
    typeof againstCommand
  >[0],
): Promise<number> {
  const clash = (['check', 'updateBaseline', 'history', 'runs', 'baseline'] as const).find((k) => opts[k] !== undefined);
  if (clash) {
    process.stderr.write(`tacsim bench: --against cannot be combined with --${clash.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}\n`);
    return 2;
  }
  return againstCommand(opts);
}
