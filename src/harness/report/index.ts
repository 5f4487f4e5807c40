/**
 * `tacsim report DIR` and the `--report` flag of sim, balance and tournament: report.html (one page that opens
 * from disk with no network) and report.json (the same figures as data) in the run's folder. For a sim run the
 * skill-against-luck games are played first when skill.json is not there yet (--skill-games 0: never).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { parseIntFlag } from '../cli.js';
import { MAX_WORKERS } from '../pool.js';
import { buildReportData, type ReportData, reportKind, type SavedRunFile } from './data.js';
import { renderReport } from './html.js';
import { measureSkill, SKILL_FILE } from './skill.js';

export const REPORT_HTML = 'report.html';
export const REPORT_JSON = 'report.json';
/** Seeds of the skill comparison by default (each played by three matchups). */
export const DEFAULT_SKILL_GAMES = 100;

export interface ReportOptions {
  /** Seeds of the skill comparison of a sim run (default DEFAULT_SKILL_GAMES, never more than the run's games; 0: none). */
  skillGames?: number;
  workers?: number;
  signal?: AbortSignal;
}

export interface WrittenReport {
  html: string;
  json: string;
  data: ReportData;
}

/** Writes report.html and report.json into the run folder `dir`. */
export async function writeReport(dir: string, options: ReportOptions = {}): Promise<WrittenReport> {
  const folder = resolve(dir);
  if (!existsSync(folder)) throw new InputError('no such folder', folder, undefined, 'not-found');
  if (reportKind(folder) === 'sim' && !existsSync(join(folder, SKILL_FILE))) {
    const run = JSON.parse(readFileSync(join(folder, 'run.json'), 'utf8')) as SavedRunFile;
    const games = Math.min(options.skillGames ?? DEFAULT_SKILL_GAMES, run.games);
    const csv = join(folder, 'games.csv');
    // A run with no game recorded has nothing to compare the skill games with.
    const played =
      existsSync(csv) &&
      readFileSync(csv, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '').length > 1;
    if (games > 0 && run.sides.length === 2 && played)
      await measureSkill(folder, {
        scenario: run.config.scenario,
        config: run.config,
        sides: run.sides,
        games,
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
  }
  const data = buildReportData(folder);
  const html = join(folder, REPORT_HTML);
  const json = join(folder, REPORT_JSON);
  writeFileSync(json, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(html, renderReport(data));
  return { html, json, data };
}

export function registerReportCommand(program: Command): void {
  program
    .command('report')
    .description('write report.html (plots, one page that opens from disk) and report.json for a sim, balance or tournament folder')
    .argument('<dir>', 'output folder of tacsim sim, balance --out or tournament --out')
    .option(
      '--skill-games <N>',
      `seeds of the skill-against-luck comparison of a sim run, each played three times (0: none)`,
      String(DEFAULT_SKILL_GAMES),
    )
    .option('--workers <N>', 'worker threads for the skill games (default: all cores)')
    .addHelpText(
      'after',
      `
The page shows the run (command, scenario, agents, seed, games, date, tacsim version, input file hashes),
warnings, wins/draws/losses with 95% intervals, the VP-margin and game-length distributions, turn-by-turn
bands, objective holders, the VP split, losses by unit type and skill against luck (sim); the win-rate
curve with its 50% crossing (balance); ratings and the pairwise matrix (tournament).

Examples:
  tacsim report results/pg3-medium-20250101-120000
  tacsim sim SCENARIO --games 500 --report`,
    )
    .action(async (dir: string, flags: { skillGames: string; workers?: string }) => {
      const workers = parseIntFlag('--workers', flags.workers, 0, MAX_WORKERS);
      const written = await writeReport(dir, {
        skillGames: parseIntFlag('--skill-games', flags.skillGames, 0)!,
        ...(workers !== undefined ? { workers } : {}),
      });
      process.stderr.write(`report in ${written.html}\n`);
    });
}
