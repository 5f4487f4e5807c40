/**
 * Skill against luck: the same seeds played three times, by equal agents (strong against strong), and by a
 * strong agent against a weak one on each side. The spread of the first side's VP margin among the equal
 * games is what the dice (and the agents' own randomness) do; the shift of the mean margin when the first
 * side's agent is the strong one rather than the weak one is what skill does. skill.json keeps both.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_ACTIONS } from '../match.js';
import { defaultWorkers, GameRunner } from '../pool.js';
import { round } from '../stats.js';
import type { GameRow, RunConfig } from '../types.js';

export const SKILL_FILE = 'skill.json';
/** The weak agent of the comparison. */
export const WEAK_AGENT = 'random';

export interface Matchup {
  /** "equal", "strong-first", "weak-first". */
  id: string;
  label: string;
  agents: Record<string, string>;
  games: number;
  errors: number;
  /** First side's VP minus the second's, per finished game, in seed order. */
  margins: number[];
  mean: number;
  sd: number;
  /** First side's win rate (draws half). */
  winRate: number;
}

export interface SkillResult {
  strong: string;
  weak: string;
  seed: string;
  /** Games per matchup (the same seeds in each). */
  games: number;
  between: [string, string];
  matchups: Matchup[];
  /** Half the difference of the mean margins strong-first and weak-first: VP that skill moves, per game. */
  skillVp: number;
  /** Standard deviation of the margin among equal agents: VP the dice move, per game. */
  luckVp: number;
  /** skill² / (skill² + luck²): the share of a strong-against-weak game's margin variance that skill explains. */
  skillShare: number;
}

export interface SkillOptions {
  scenario: string;
  config: RunConfig;
  sides: readonly { id: string }[];
  games: number;
  workers?: number;
  signal?: AbortSignal;
}

async function playMatchup(config: RunConfig, games: number, workers: number, signal?: AbortSignal): Promise<GameRow[]> {
  const rows: GameRow[] = [];
  const runner = await GameRunner.create(config, workers);
  try {
    await runner.play(
      Array.from({ length: games }, (_, i) => i),
      (row) => rows.push(row),
      signal,
    );
  } finally {
    await runner.close();
  }
  return rows.sort((a, b) => a.game - b.game);
}

const stats = (xs: number[]) => {
  const mean = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
  const sd = xs.length > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) : 0;
  return { mean, sd };
};

/** Plays the three matchups on the run's scenario and writes skill.json into `dir`. */
export async function measureSkill(dir: string, options: SkillOptions): Promise<SkillResult> {
  const [first, second] = options.sides.map((s) => s.id) as [string, string];
  const runStrong = options.config.agents[first] ?? 'scripted';
  const strong = runStrong === WEAK_AGENT ? 'scripted' : runStrong;
  const seed = `${options.config.seed}/skill`;
  const workers = options.workers ?? defaultWorkers();
  const plan: { id: string; label: string; agents: Record<string, string> }[] = [
    { id: 'equal', label: `equal: ${strong} v ${strong}`, agents: { [first]: strong, [second]: strong } },
    { id: 'strong-first', label: `${first} strong: ${strong} v ${WEAK_AGENT}`, agents: { [first]: strong, [second]: WEAK_AGENT } },
    { id: 'weak-first', label: `${second} strong: ${WEAK_AGENT} v ${strong}`, agents: { [first]: WEAK_AGENT, [second]: strong } },
  ];
  const matchups: Matchup[] = [];
  for (const m of plan) {
    const config: RunConfig = {
      ...options.config,
      agents: m.agents,
      seed,
      swap: false,
      records: false,
      turnRecords: false,
      maxActions: options.config.maxActions ?? DEFAULT_MAX_ACTIONS,
    };
    const rows = await playMatchup(config, options.games, workers, options.signal);
    const ok = rows.filter((r) => r.error === null && r.vp[0] != null && r.vp[1] != null);
    const margins = ok.map((r) => r.vp[0]! - r.vp[1]!);
    const { mean, sd } = stats(margins);
    const score = ok.reduce((s, r) => s + (r.winner === 0 ? 1 : r.winner === null ? 0.5 : 0), 0);
    matchups.push({
      ...m,
      games: rows.length,
      errors: rows.length - ok.length,
      margins,
      mean: round(mean, 3),
      sd: round(sd, 3),
      winRate: ok.length ? round(score / ok.length) : 0,
    });
  }
  const byId = new Map(matchups.map((m) => [m.id, m]));
  const skillVp = (byId.get('strong-first')!.mean - byId.get('weak-first')!.mean) / 2;
  const luckVp = byId.get('equal')!.sd;
  const result: SkillResult = {
    strong,
    weak: WEAK_AGENT,
    seed,
    games: options.games,
    between: [first, second],
    matchups,
    skillVp: round(skillVp, 3),
    luckVp: round(luckVp, 3),
    skillShare: skillVp === 0 && luckVp === 0 ? 0 : round(skillVp ** 2 / (skillVp ** 2 + luckVp ** 2)),
  };
  writeFileSync(join(dir, SKILL_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
