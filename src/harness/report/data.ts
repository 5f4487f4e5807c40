/**
 * report.json: the figures of a report page as data, built from a run's folder: a `sim` run (run.json,
 * games.csv, turns.csv, skill.json), a `balance` search (balance.json) or a `tournament` (tournament.json).
 * Every rate here is a win rate in the one sense tacsim uses (WIN_RATE_DEFINITION).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import type { MetricDeclaration } from '../../core/system.js';
import { OTHER_UNIT_TYPE, type TurnRecordShape } from '../../core/turns.js';
import type { BalanceResult } from '../balance.js';
import { csvRecords } from '../csv.js';
import type { RunIdentity, RunInput } from '../identity.js';
import type { Rating } from '../ratings.js';
import type { PairOutcome } from '../roundrobin.js';
import { round, wilson } from '../stats.js';
import { type Tally, WIN_RATE_DEFINITION } from '../summary.js';
import { TURNS_FILE, typeStem } from '../turns.js';
import type { RunConfig } from '../types.js';
import type { SkillResult } from './skill.js';

export { WIN_RATE_DEFINITION };

/** A 95% half-width above this is "too few games" for a designer's decision (±5 points). */
export const WANTED_HALF_WIDTH = 0.05;

export type ReportKind = 'sim' | 'balance' | 'tournament';

export interface Warning {
  kind: 'few-games' | 'errors' | 'action-cap' | 'one-game' | 'stopped' | 'resumed' | 'flat' | 'no-turns' | 'no-skill' | 'no-games';
  text: string;
}

export interface Header {
  kind: ReportKind;
  command: string | null;
  scenario: string;
  title: string | null;
  system: string | null;
  agents: Record<string, string>;
  seed: string;
  /** Games recorded (or played, for balance and tournament). */
  games: number;
  /** Games the run asked for (sim); null when not known. */
  planned: number | null;
  /** When the run began (ISO), null when not recorded. */
  date: string | null;
  tacsim: string | null;
  inputs: RunInput[];
  /** Dates the run was resumed on. */
  resumed: string[];
  /** What the page is: "complete run of 500 games", "stopped after 120 of 500 games"... */
  status: string;
}

export interface SideOutcome extends Tally {
  id: string;
  name: string;
  /** Wins by victory level. */
  levels: Record<string, number>;
}

export interface AgentOutcome extends Tally {
  spec: string;
  games: number;
  /** Games and win rate per side played. */
  bySide: Record<string, { games: number; winRate: number }>;
}

export interface Quartiles {
  q25: number;
  median: number;
  q75: number;
}

export interface BandSeries {
  /** "vp" or a perSeat metric id. */
  measure: string;
  label: string;
  side: string;
  /** One per turn of TurnBands.turns. */
  values: Quartiles[];
}

export interface SimFigures {
  completed: number;
  errors: number;
  /** Failed games that hit the --max-actions cap (abandoned, never finished). */
  actionCap: number;
  draws: number;
  drawRate: number;
  drawCi95: [number, number];
  sides: SideOutcome[];
  agents: AgentOutcome[] | null;
  vpMargin: { between: [string, string]; mean: number; sd: number; bins: { margin: number; games: number }[] } | null;
  turnsPlayed: { turns: number; games: number }[];
  actions: { from: number; to: number; games: number }[];
  /** Quartiles per turn over games that finished; a game that ended earlier keeps its last position. */
  turnBands: { turns: number[]; series: BandSeries[] } | null;
  /** Who held each objective at the end: fraction of finished games per side id ("" nobody). */
  objectives: { label: string; held: Record<string, number> }[] | null;
  /** Mean VP per game at the end: from objectives held, and the rest (casualties, exits...). */
  vpSplit: { side: string; objectives: number; other: number }[] | null;
  /** Mean units eliminated per game, per unit type and side. */
  lossesByType: { type: string; eliminated: Record<string, number> }[] | null;
  skill: SkillResult | null;
}

export interface BalanceFigures {
  param: string;
  side: string;
  step: number;
  rows: BalanceResult['rows'];
  best: { value: number; winRate: number; ci95: [number, number] } | null;
  /** The 50% crossing rounded to the step (null: none in the range, or the range makes no measurable difference). */
  crossing: number | null;
  crossingRaw: number | null;
  flat: boolean;
}

export interface TournamentFigures {
  ratings: Rating[];
  pairs: PairOutcome[];
  /** score[i][j]: agent i's score against agent j (wins + half the draws, per game), null when they did not play. */
  matrix: { agents: string[]; score: (number | null)[][]; games: number[][] };
}

export interface ReportData {
  format: 'tacsim-report/1';
  header: Header;
  winRateDefinition: string;
  warnings: Warning[];
  sim?: SimFigures;
  balance?: BalanceFigures;
  tournament?: TournamentFigures;
}

/** What tacsim sim keeps in run.json (read loosely: older runs lack the later fields). */
export interface SavedRunFile {
  games: number;
  config: RunConfig;
  system?: string;
  sides: { id: string; name: string }[];
  identity?: RunIdentity;
  title?: string;
  turnShape?: TurnRecordShape;
  metrics?: MetricDeclaration[];
  resumed?: string[];
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (e) {
    throw new InputError(`not valid JSON (${(e as Error).message})`, file, undefined, 'bad-json');
  }
}

/** Which kind of folder `dir` is. */
export function reportKind(dir: string): ReportKind {
  if (existsSync(join(dir, 'run.json'))) return 'sim';
  if (existsSync(join(dir, 'balance.json'))) return 'balance';
  if (existsSync(join(dir, 'tournament.json'))) return 'tournament';
  throw new InputError(
    'not a folder of a tacsim run: it has no run.json (sim), balance.json or tournament.json',
    dir,
    undefined,
    'not-found',
  );
}

/** Rows of a CSV file as objects by column name. */
function csvObjects(file: string): Record<string, string>[] {
  if (!existsSync(file)) return [];
  let header: string[] | undefined;
  const out: Record<string, string>[] = [];
  for (const rec of csvRecords(readFileSync(file, 'utf8'))) {
    if (!header) {
      header = rec;
      continue;
    }
    out.push(Object.fromEntries(header.map((h, i) => [h, rec[i] ?? ''])));
  }
  return out;
}

const num = (s: string | undefined): number | null =>
  s === undefined || s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s);

/** Quantile of sorted values, linear between ranks. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function quartiles(values: number[]): Quartiles {
  const s = values.slice().sort((a, b) => a - b);
  return { q25: round(quantile(s, 0.25), 3), median: round(quantile(s, 0.5), 3), q75: round(quantile(s, 0.75), 3) };
}

const ci = (k: number, n: number): [number, number] => wilson(k, n).map((x) => round(x)) as [number, number];

/** How many games give a 95% half-width of `half` at a rate near 50%. */
export function gamesFor(half: number): number {
  return Math.ceil((1.959963984540054 ** 2 * 0.25) / (half * half));
}

function fewGamesWarning(n: number, interval: [number, number], what: string): Warning | null {
  const half = (interval[1] - interval[0]) / 2;
  if (n === 0 || half <= WANTED_HALF_WIDTH) return null;
  return {
    kind: 'few-games',
    text: `${n} finished game${n === 1 ? '' : 's'} give ${what} a 95% interval of ±${(half * 100).toFixed(1)} points; about ${gamesFor(WANTED_HALF_WIDTH)} games are needed for ±${WANTED_HALF_WIDTH * 100} points.`,
  };
}

const ACTION_CAP = /exceeded the limit of \d+ actions/;

function simFigures(dir: string, run: SavedRunFile, warnings: Warning[]): SimFigures {
  const sides = run.sides;
  const rows = csvObjects(join(dir, 'games.csv'));
  const finished = rows.filter((r) => (r.error ?? '') === '');
  const failed = rows.filter((r) => (r.error ?? '') !== '');
  const actionCap = failed.filter((r) => ACTION_CAP.test(r.error ?? '')).length;
  const n = finished.length;
  const draws = finished.filter((r) => r.winner === 'draw').length;
  const sideOutcomes: SideOutcome[] = sides.map((s) => {
    const wins = finished.filter((r) => r.winner === s.id);
    const levels: Record<string, number> = {};
    for (const r of wins) levels[r.victory_level ?? ''] = (levels[r.victory_level ?? ''] ?? 0) + 1;
    const score = wins.length + draws / 2;
    return {
      id: s.id,
      name: s.name,
      wins: wins.length,
      draws,
      losses: n - wins.length - draws,
      winRate: n ? round(score / n) : 0,
      ci95: ci(score, n),
      levels: Object.fromEntries(Object.entries(levels).sort()),
    };
  });
  // Per agent spec, when the specs differ or swap: every seat a spec played.
  const specs = new Set(finished.flatMap((r) => sides.map((s) => r[`agent_${s.id}`] ?? '')));
  let agents: AgentOutcome[] | null = null;
  if (run.config.swap || new Set(Object.values(run.config.agents)).size > 1) {
    agents = [...specs].sort().map((spec) => {
      let games = 0;
      let wins = 0;
      let drawn = 0;
      const bySide: Record<string, { games: number; score: number }> = {};
      for (const r of finished)
        sides.forEach((s) => {
          if (r[`agent_${s.id}`] !== spec) return;
          games++;
          const b = (bySide[s.id] ??= { games: 0, score: 0 });
          b.games++;
          if (r.winner === s.id) {
            wins++;
            b.score++;
          } else if (r.winner === 'draw') {
            drawn++;
            b.score += 0.5;
          }
        });
      const score = wins + drawn / 2;
      return {
        spec,
        games,
        wins,
        draws: drawn,
        losses: games - wins - drawn,
        winRate: games ? round(score / games) : 0,
        ci95: ci(score, games),
        bySide: Object.fromEntries(Object.entries(bySide).map(([id, b]) => [id, { games: b.games, winRate: round(b.score / b.games) }])),
      };
    });
  }
  // VP margin histogram (first side minus second), in whole VP.
  let vpMargin: SimFigures['vpMargin'] = null;
  if (sides.length >= 2) {
    const margins = finished
      .map((r) => {
        const a = num(r[`vp_${sides[0]!.id}`]);
        const b = num(r[`vp_${sides[1]!.id}`]);
        return a === null || b === null ? null : a - b;
      })
      .filter((x): x is number => x !== null);
    if (margins.length > 0) {
      const counts = new Map<number, number>();
      for (const m of margins) counts.set(Math.round(m), (counts.get(Math.round(m)) ?? 0) + 1);
      const mean = margins.reduce((a, b) => a + b, 0) / margins.length;
      const sd = margins.length > 1 ? Math.sqrt(margins.reduce((a, b) => a + (b - mean) ** 2, 0) / (margins.length - 1)) : 0;
      vpMargin = {
        between: [sides[0]!.id, sides[1]!.id],
        mean: round(mean, 3),
        sd: round(sd, 3),
        bins: [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([margin, games]) => ({ margin, games })),
      };
    }
  }
  const turnCounts = new Map<number, number>();
  for (const r of finished) {
    const t = num(r.turns);
    if (t !== null) turnCounts.set(t, (turnCounts.get(t) ?? 0) + 1);
  }
  const actionValues = finished.map((r) => num(r.actions) ?? 0);
  const actions: SimFigures['actions'] = [];
  if (actionValues.length > 0) {
    const lo = Math.min(...actionValues);
    const hi = Math.max(...actionValues);
    const width = Math.max(1, Math.ceil((hi - lo + 1) / 20));
    const start = Math.floor(lo / width) * width;
    for (let from = start; from <= hi; from += width)
      actions.push({ from, to: from + width - 1, games: actionValues.filter((a) => a >= from && a < from + width).length });
  }
  const perTurn = turnFigures(dir, run, finished, warnings);
  return {
    completed: n,
    errors: failed.length,
    actionCap,
    draws,
    drawRate: n ? round(draws / n) : 0,
    drawCi95: ci(draws, n),
    sides: sideOutcomes,
    agents,
    vpMargin,
    turnsPlayed: [...turnCounts.entries()].sort((a, b) => a[0] - b[0]).map(([turns, games]) => ({ turns, games })),
    actions,
    ...perTurn,
    skill: existsSync(join(dir, 'skill.json')) ? readJson<SkillResult>(join(dir, 'skill.json')) : null,
  };
}

/** The turn-by-turn figures from turns.csv, over the games that finished. */
function turnFigures(
  dir: string,
  run: SavedRunFile,
  finished: Record<string, string>[],
  warnings: Warning[],
): Pick<SimFigures, 'turnBands' | 'objectives' | 'vpSplit' | 'lossesByType'> {
  const none = { turnBands: null, objectives: null, vpSplit: null, lossesByType: null };
  const shape = run.turnShape;
  if (!run.config.turnRecords || !shape || !existsSync(join(dir, TURNS_FILE))) {
    warnings.push({
      kind: 'no-turns',
      text: 'This run has no turns.csv (made with --no-turns, or before tacsim wrote it): the turn-by-turn bands, objective holders, VP split and losses by unit type are left out.',
    });
    return none;
  }
  const sides = run.sides;
  const ok = new Set(finished.map((r) => r.game));
  const byGame = new Map<string, Record<string, string>[]>();
  for (const r of csvObjects(join(dir, TURNS_FILE))) {
    if (!ok.has(r.game!)) continue;
    let list = byGame.get(r.game!);
    if (!list) byGame.set(r.game!, (list = []));
    list.push(r);
  }
  const games = [...byGame.values()].map((list) => list.sort((a, b) => Number(a.turn) - Number(b.turn)));
  if (games.length === 0) return none;
  const lastTurn = Math.max(...games.map((g) => Number(g[g.length - 1]!.turn)));
  const firstTurn = Math.min(...games.map((g) => Number(g[0]!.turn)));
  const turns = Array.from({ length: lastTurn - firstTurn + 1 }, (_, k) => firstTurn + k);
  /** The game's line at turn t: the last line at or before t (a game that ended keeps its last position). */
  const at = (g: Record<string, string>[], t: number) => {
    let line = g[0]!;
    for (const l of g) if (Number(l.turn) <= t) line = l;
    return line;
  };
  const measures: { measure: string; label: string; stem: string }[] = [
    { measure: 'vp', label: 'VP', stem: 'vp' },
    ...shape.metrics.map((id) => ({ measure: id, label: run.metrics?.find((m) => m.id === id)?.label ?? id.replace(/_/g, ' '), stem: id })),
  ];
  if (shape.board) measures.push({ measure: 'units', label: 'units on the map', stem: 'units' });
  const series: BandSeries[] = [];
  for (const m of measures)
    for (const s of sides)
      series.push({
        measure: m.measure,
        label: m.label,
        side: s.id,
        values: turns.map((t) => quartiles(games.map((g) => num(at(g, t)[`${m.stem}_${s.id}`]) ?? 0))),
      });
  const finals = games.map((g) => g[g.length - 1]!);
  const mean = (f: (l: Record<string, string>) => number) => round(finals.reduce((a, l) => a + f(l), 0) / finals.length, 3);
  let objectives: SimFigures['objectives'] = null;
  let vpSplit: SimFigures['vpSplit'] = null;
  let lossesByType: SimFigures['lossesByType'] = null;
  if (shape.board) {
    objectives = shape.objectives.map((label) => {
      const held: Record<string, number> = {};
      for (const s of [...sides.map((x) => x.id), ''])
        held[s] = round(finals.filter((l) => (l[`held_${label}`] ?? '') === s).length / finals.length);
      return { label, held };
    });
    vpSplit = sides.map((s) => {
      const total = mean((l) => num(l[`vp_${s.id}`]) ?? 0);
      const objectiveVp = mean((l) => num(l[`objective_vp_${s.id}`]) ?? 0);
      return { side: s.id, objectives: objectiveVp, other: round(total - objectiveVp, 3) };
    });
    lossesByType = [...shape.unitTypes, OTHER_UNIT_TYPE]
      .map((type) => ({
        type,
        eliminated: Object.fromEntries(sides.map((s) => [s.id, mean((l) => num(l[`eliminated_${typeStem(type)}_${s.id}`]) ?? 0)])),
      }))
      .filter((x) => type0(x.type) || Object.values(x.eliminated).some((v) => v > 0));
  }
  return { turnBands: { turns, series }, objectives, vpSplit, lossesByType };
}

/** Types always listed (even with no losses): every type but the catch-all "other". */
const type0 = (type: string) => type !== OTHER_UNIT_TYPE;

function simReport(dir: string): ReportData {
  const run = readJson<SavedRunFile>(join(dir, 'run.json'));
  if (typeof run !== 'object' || run === null || typeof run.config !== 'object' || !Array.isArray(run.sides))
    throw new InputError('not a run.json of tacsim sim (it has no "config" or "sides")', join(dir, 'run.json'));
  const warnings: Warning[] = [];
  const sim = simFigures(dir, run, warnings);
  const recorded = sim.completed + sim.errors;
  const resumed = run.resumed ?? [];
  const status =
    recorded === 0
      ? `no game recorded yet (${run.games} planned)`
      : recorded < run.games
        ? `stopped after ${recorded} of ${run.games} games${resumed.length ? `, resumed ${resumed.length} time${resumed.length === 1 ? '' : 's'}` : ''}`
        : `complete: ${recorded} game${recorded === 1 ? '' : 's'}${resumed.length ? `, interrupted and resumed ${resumed.length === 1 ? 'once' : `${resumed.length} times`}` : ''}`;
  if (recorded === 0) warnings.push({ kind: 'no-games', text: 'No game has been recorded in this folder: there is nothing to plot yet.' });
  if (recorded > 0 && recorded < run.games)
    warnings.push({
      kind: 'stopped',
      text: `The run was stopped after ${recorded} of ${run.games} games; the figures are of those. Carry on with: tacsim sim --resume ${dir}`,
    });
  if (resumed.length > 0)
    warnings.push({
      kind: 'resumed',
      text: `The run was interrupted and resumed (${resumed.join(', ')}). Games are played by index with their own seeds, so the figures are those an uninterrupted run gives.`,
    });
  if (sim.completed === 1)
    warnings.push({
      kind: 'one-game',
      text: 'One finished game: the plots show a single result, not a distribution, and every interval is as wide as it can be.',
    });
  else {
    const first = sim.sides[0];
    if (first) {
      const w = fewGamesWarning(sim.completed, first.ci95, `${first.id}'s win rate`);
      if (w) warnings.push(w);
    }
  }
  if (sim.errors > sim.actionCap)
    warnings.push({
      kind: 'errors',
      text: `${sim.errors - sim.actionCap} game(s) failed with an error and are left out of every figure (see the error column of games.csv; replay by seed).`,
    });
  if (sim.actionCap > 0)
    warnings.push({
      kind: 'action-cap',
      text: `${sim.actionCap} game(s) were abandoned at the action cap (--max-actions ${run.config.maxActions}) before they ended: neither a win nor a draw, they are left out. Many such games mean the agents stall.`,
    });
  if (!sim.skill && sim.completed > 0)
    warnings.push({
      kind: 'no-skill',
      text: 'The skill-versus-luck games were not played (tacsim report DIR --skill-games N plays them).',
    });
  return {
    format: 'tacsim-report/1',
    header: {
      kind: 'sim',
      command: run.identity?.command ?? null,
      scenario: run.config.scenario,
      title: run.title ?? null,
      system: run.system ?? null,
      agents: run.config.agents,
      seed: run.config.seed,
      games: recorded,
      planned: run.games,
      date: run.identity?.started ?? null,
      tacsim: run.identity?.tacsim ?? null,
      inputs: run.identity?.inputs ?? [],
      resumed,
      status,
    },
    winRateDefinition: WIN_RATE_DEFINITION,
    warnings,
    sim,
  };
}

/** What balance.json and tournament.json keep of their run besides the results. */
interface SavedIdentity {
  scenario: string;
  seed: string;
  identity?: RunIdentity;
  title?: string;
  system?: string;
}

function savedHeader(kind: ReportKind, saved: SavedIdentity, agents: Record<string, string>, games: number, status: string): Header {
  return {
    kind,
    command: saved.identity?.command ?? null,
    scenario: saved.scenario,
    title: saved.title ?? null,
    system: saved.system ?? null,
    agents,
    seed: saved.seed,
    games,
    planned: null,
    date: saved.identity?.started ?? null,
    tacsim: saved.identity?.tacsim ?? null,
    inputs: saved.identity?.inputs ?? [],
    resumed: [],
    status,
  };
}

/** What `balance --out` writes in balance.json. */
export interface SavedBalance extends BalanceResult, SavedIdentity {}

function balanceReport(dir: string): ReportData {
  const b = readJson<SavedBalance>(join(dir, 'balance.json'));
  if (typeof b !== 'object' || b === null || !Array.isArray(b.rows))
    throw new InputError('not a balance.json of tacsim balance', join(dir, 'balance.json'));
  const warnings: Warning[] = [];
  const games = b.rows.reduce((s, r) => s + r.games, 0);
  const errors = b.rows.reduce((s, r) => s + r.errors, 0);
  if (b.rows.length === 0) warnings.push({ kind: 'no-games', text: 'No value was played.' });
  if (b.flat)
    warnings.push({
      kind: 'flat',
      text: `${b.param} makes no measurable difference from ${b.rows[0]?.value} to ${b.rows[b.rows.length - 1]?.value}: every value's 95% interval overlaps every other's, so neither "closest to even" nor the crossing says which value to choose. Widen the range or play more games per value.`,
    });
  // A value stopped because its interval was clearly away from 50% has games enough for that.
  for (const r of b.rows.filter((x) => x.stop !== 'clearly-uneven')) {
    const w = fewGamesWarning(r.games - r.errors, r.ci95, `${b.param} = ${r.value}`);
    if (w && !b.flat) warnings.push(w);
  }
  if (errors > 0) warnings.push({ kind: 'errors', text: `${errors} game(s) failed and are left out of the win rates.` });
  if (b.aborted) warnings.push({ kind: 'stopped', text: 'The search was stopped before the whole range was played.' });
  return {
    format: 'tacsim-report/1',
    header: savedHeader(
      'balance',
      b,
      b.agents,
      games,
      `${b.aborted ? 'stopped' : 'complete'}: ${b.rows.length} value${b.rows.length === 1 ? '' : 's'} of ${b.param}, ${games} games`,
    ),
    winRateDefinition: WIN_RATE_DEFINITION,
    warnings,
    balance: {
      param: b.param,
      side: b.side,
      step: b.step,
      rows: b.rows,
      best: b.best ? { value: b.best.value, winRate: b.best.winRate, ci95: b.best.ci95 } : null,
      crossing: b.flat ? null : b.estimate,
      crossingRaw: b.estimateRaw,
      flat: b.flat,
    },
  };
}

/** What `tournament --out` writes in tournament.json. */
export interface SavedTournament extends SavedIdentity {
  pairs: PairOutcome[];
  ratings: Rating[];
  aborted: boolean;
}

function tournamentReport(dir: string): ReportData {
  const t = readJson<SavedTournament>(join(dir, 'tournament.json'));
  if (typeof t !== 'object' || t === null || !Array.isArray(t.ratings))
    throw new InputError('not a tournament.json of tacsim tournament', join(dir, 'tournament.json'));
  const names = t.ratings.map((r) => r.name);
  const score = names.map(() => names.map((): number | null => null));
  const games = names.map(() => names.map(() => 0));
  for (const p of t.pairs) {
    const a = names.indexOf(p.a);
    const b = names.indexOf(p.b);
    const n = p.winsA + p.winsB + p.draws;
    if (a < 0 || b < 0 || n === 0) continue;
    score[a]![b] = round((p.winsA + p.draws / 2) / n);
    score[b]![a] = round((p.winsB + p.draws / 2) / n);
    games[a]![b] = games[b]![a] = n;
  }
  const warnings: Warning[] = [];
  const total = t.pairs.reduce((s, p) => s + p.games, 0);
  const errors = t.pairs.reduce((s, p) => s + p.errors, 0);
  for (const p of t.pairs) {
    const n = p.winsA + p.winsB + p.draws;
    const w = fewGamesWarning(n, wilson(p.winsA + p.draws / 2, n), `${p.a} against ${p.b}`);
    if (w) warnings.push(w);
  }
  if (errors > 0) warnings.push({ kind: 'errors', text: `${errors} game(s) failed and are left out of the ratings.` });
  if (t.aborted) warnings.push({ kind: 'stopped', text: 'The tournament was stopped before every pair was played.' });
  return {
    format: 'tacsim-report/1',
    header: savedHeader(
      'tournament',
      t,
      Object.fromEntries(names.map((n, i) => [`agent ${i + 1}`, n])),
      total,
      `${t.aborted ? 'stopped' : 'complete'}: ${t.pairs.length} pair${t.pairs.length === 1 ? '' : 's'}, ${total} games`,
    ),
    winRateDefinition: WIN_RATE_DEFINITION,
    warnings,
    tournament: { ratings: t.ratings, pairs: t.pairs, matrix: { agents: names, score, games } },
  };
}

/** The report data of the run in `dir`. */
export function buildReportData(dir: string): ReportData {
  const kind = reportKind(dir);
  return kind === 'sim' ? simReport(dir) : kind === 'balance' ? balanceReport(dir) : tournamentReport(dir);
}
