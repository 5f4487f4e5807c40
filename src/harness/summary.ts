/**
 * Running summary of a set of games: who wins, how often (Wilson 95% intervals), by how much, how long
 * games last, the metrics the scenario declares (per-seat means; for a marked seat, how often it went on
 * to win), and per-agent-spec results. Keeps only counters and
 * histograms, so memory does not grow with the number of games.
 */
import type { MetricDeclaration, SideInfo } from '../core/system.js';
import { markedSeat } from './csv.js';
import { Histogram, round, RunningStats, wilson } from './stats.js';
import type { GameRow } from './types.js';

/** The one definition of "win rate" in every tacsim output: sim, balance, tournament and the reports. */
export const WIN_RATE_DEFINITION = 'win rate = (wins + half the draws) / games finished without error; failed games are left out';

/** Wins, draws and losses of a side or an agent, with its win rate (WIN_RATE_DEFINITION) and 95% interval. */
export interface Tally {
  wins: number;
  draws: number;
  losses: number;
  winRate: number;
  ci95: [number, number];
}

/** A row of the per-agent table (terminal and report): agent, games, wins, draws, losses, win rate, interval, by side. */
export function agentRow(spec: string, games: number, t: Tally, bySide: string): string[] {
  return [spec, String(games), String(t.wins), String(t.draws), String(t.losses), pct(t.winRate), interval(t.ci95), bySide];
}

export interface SideSummary {
  name: string;
  wins: number;
  losses: number;
  /** WIN_RATE_DEFINITION: draws count half. */
  winRate: number;
  ci95: [number, number];
  /** Victory level counts of this side's wins (e.g. decisive, marginal). */
  victoryLevels: Record<string, number>;
  /** Per `perSeat` metric id: this side's value per game. */
  metrics: Record<string, { label: string; mean: number; ci95: [number, number] }>;
  vp: { mean: number };
}

/** Per agent spec; winRate (draws half) is the same as `score`. */
export interface SpecSummary extends Tally {
  games: number;
  /** Wins plus half the draws, per game. */
  score: number;
  bySide: Record<string, { games: number; wins: number; draws: number; winRate: number }>;
}

export interface Summary {
  scenario: string;
  seed: string;
  swap: boolean;
  agents: Record<string, string>;
  winRateDefinition: string;
  /** Games recorded (finished plus failed). */
  games: number;
  /** Games that finished without error (the base of every rate). */
  completed: number;
  draws: number;
  drawRate: number;
  drawCi95: [number, number];
  errors: number;
  /** Up to ten failed games, to replay. */
  errorSamples: { game: number; seed: string; error: string }[];
  sides: Record<string, SideSummary>;
  /** VP of the first side minus VP of the second. */
  vpMargin: { between: [string, string]; mean: number; sd: number; ci95: [number, number] } | null;
  length: { turns: { mean: number; median: number }; actions: { mean: number; median: number } };
  /** Per `oneSeat` metric id: games where the seat it marked went on to win. */
  markedSeats: Record<string, { label: string; games: number; markedWon: number; rate: number; ci95: [number, number] }>;
  /** Per agent spec (present when swap is on or the sides' specs differ). */
  agentSpecs?: Record<string, SpecSummary>;
  /** Mean milliseconds per game (not deterministic). */
  msPerGame: number;
}

interface SpecCount {
  games: number;
  wins: number;
  draws: number;
  bySide: Map<string, { games: number; wins: number; draws: number }>;
}

export class SummaryBuilder {
  private games = 0;
  private completed = 0;
  private draws = 0;
  private errors = 0;
  private readonly errorSamples: Summary['errorSamples'] = [];
  private readonly wins: number[];
  private readonly levels: Map<string, number>[];
  private readonly perSeat: { m: MetricDeclaration; stats: RunningStats[] }[];
  private readonly oneSeat: { m: MetricDeclaration; games: number; won: number }[];
  private readonly vps: RunningStats[];
  private readonly margin = new RunningStats();
  private readonly turns = new RunningStats();
  private readonly turnsHist = new Histogram();
  private readonly actions = new RunningStats();
  private readonly actionsHist = new Histogram();
  private readonly specs = new Map<string, SpecCount>();
  private ms = new RunningStats();

  constructor(
    readonly sides: readonly SideInfo[],
    readonly metrics: readonly MetricDeclaration[],
    readonly meta: { scenario: string; seed: string; swap: boolean; agents: Record<string, string> },
  ) {
    this.wins = sides.map(() => 0);
    this.levels = sides.map(() => new Map());
    this.perSeat = metrics.filter((m) => m.kind === 'perSeat').map((m) => ({ m, stats: sides.map(() => new RunningStats()) }));
    this.oneSeat = metrics.filter((m) => m.kind === 'oneSeat').map((m) => ({ m, games: 0, won: 0 }));
    this.vps = sides.map(() => new RunningStats());
  }

  add(row: GameRow): void {
    this.games++;
    if (row.error !== null) {
      this.errors++;
      if (this.errorSamples.length < 10) this.errorSamples.push({ game: row.game, seed: row.seed, error: row.error });
      return;
    }
    this.completed++;
    this.ms.add(row.ms);
    if (row.winner === null) this.draws++;
    else {
      this.wins[row.winner]!++;
      const lv = this.levels[row.winner]!;
      lv.set(row.victoryLevel, (lv.get(row.victoryLevel) ?? 0) + 1);
    }
    this.sides.forEach((_, i) => {
      for (const { m, stats } of this.perSeat) {
        const v = row.metrics[m.id]?.[i];
        if (v !== null && v !== undefined) stats[i]!.add(v);
      }
      if (row.vp[i] !== null && row.vp[i] !== undefined) this.vps[i]!.add(row.vp[i]!);
    });
    if (this.sides.length >= 2 && row.vp[0] != null && row.vp[1] != null) this.margin.add(row.vp[0] - row.vp[1]);
    if (row.turns !== null) {
      this.turns.add(row.turns);
      this.turnsHist.add(row.turns);
    }
    this.actions.add(row.actions);
    this.actionsHist.add(row.actions);
    for (const o of this.oneSeat) {
      const seat = markedSeat(row.metrics[o.m.id]);
      if (seat === null) continue;
      o.games++;
      if (row.winner === seat) o.won++;
    }
    row.agents.forEach((spec, seat) => {
      let c = this.specs.get(spec);
      if (!c) this.specs.set(spec, (c = { games: 0, wins: 0, draws: 0, bySide: new Map() }));
      c.games++;
      if (row.winner === null) c.draws++;
      else if (row.winner === seat) c.wins++;
      const side = this.sides[seat]?.id ?? String(seat);
      let b = c.bySide.get(side);
      if (!b) c.bySide.set(side, (b = { games: 0, wins: 0, draws: 0 }));
      b.games++;
      if (row.winner === seat) b.wins++;
      else if (row.winner === null) b.draws++;
    });
  }

  build(): Summary {
    const n = this.completed;
    const ci = (k: number, total: number): [number, number] => wilson(k, total).map((x) => round(x)) as [number, number];
    const sides: Record<string, SideSummary> = {};
    this.sides.forEach((s, i) => {
      const score = this.wins[i]! + this.draws / 2;
      sides[s.id] = {
        name: s.name,
        wins: this.wins[i]!,
        losses: n - this.wins[i]! - this.draws,
        winRate: n ? round(score / n) : 0,
        ci95: ci(score, n),
        victoryLevels: Object.fromEntries([...this.levels[i]!.entries()].sort()),
        metrics: Object.fromEntries(
          this.perSeat.map(({ m, stats }) => [
            m.id,
            {
              label: m.label,
              mean: round(stats[i]!.mean),
              ci95: stats[i]!.ci95().map((x) => round(x)) as [number, number],
            },
          ]),
        ),
        vp: { mean: round(this.vps[i]!.mean) },
      };
    });
    const distinct = new Set(Object.values(this.meta.agents)).size;
    let agentSpecs: Record<string, SpecSummary> | undefined;
    if (this.meta.swap || distinct > 1) {
      agentSpecs = {};
      for (const [spec, c] of [...this.specs.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
        agentSpecs[spec] = {
          games: c.games,
          wins: c.wins,
          draws: c.draws,
          losses: c.games - c.wins - c.draws,
          winRate: c.games ? round((c.wins + c.draws / 2) / c.games) : 0,
          ci95: ci(c.wins + c.draws / 2, c.games),
          score: c.games ? round((c.wins + c.draws / 2) / c.games) : 0,
          bySide: Object.fromEntries(
            [...c.bySide.entries()].map(([side, b]) => [side, { ...b, winRate: b.games ? round((b.wins + b.draws / 2) / b.games) : 0 }]),
          ),
        };
      }
    }
    return {
      scenario: this.meta.scenario,
      seed: this.meta.seed,
      swap: this.meta.swap,
      agents: this.meta.agents,
      winRateDefinition: WIN_RATE_DEFINITION,
      games: this.games,
      completed: n,
      draws: this.draws,
      drawRate: n ? round(this.draws / n) : 0,
      drawCi95: ci(this.draws, n),
      errors: this.errors,
      errorSamples: this.errorSamples,
      sides,
      vpMargin:
        this.sides.length >= 2 && this.margin.n > 0
          ? {
              between: [this.sides[0]!.id, this.sides[1]!.id],
              mean: round(this.margin.mean),
              sd: round(this.margin.sd),
              ci95: this.margin.ci95().map((x) => round(x)) as [number, number],
            }
          : null,
      length: {
        turns: { mean: round(this.turns.mean), median: this.turnsHist.median() },
        actions: { mean: round(this.actions.mean), median: this.actionsHist.median() },
      },
      markedSeats: Object.fromEntries(
        this.oneSeat
          .filter((o) => o.games > 0)
          .map((o) => [
            o.m.id,
            {
              label: o.m.label,
              games: o.games,
              markedWon: o.won,
              rate: round(o.won / o.games),
              ci95: ci(o.won, o.games),
            },
          ]),
      ),
      ...(agentSpecs ? { agentSpecs } : {}),
      msPerGame: round(this.ms.mean, 2),
    };
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const interval = (c: [number, number]) => `${pct(c[0])}–${pct(c[1])}`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cellText, c) => (c === 0 ? cellText.padEnd(widths[c]!) : cellText.padStart(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The summary as a readable text table for the terminal. */
export function formatSummary(s: Summary): string {
  const lines: string[] = [];
  lines.push(
    `${s.scenario}: ${s.completed} games${s.errors ? ` (+${s.errors} failed)` : ''}, seed ${s.seed}${s.swap ? ', sides swapped on odd games' : ''}`,
  );
  lines.push(
    `agents: ${Object.entries(s.agents)
      .map(([side, spec]) => `${side}=${spec}`)
      .join('  ')}`,
  );
  lines.push('');
  const first = Object.values(s.sides)[0];
  const metricIds = first ? Object.keys(first.metrics) : [];
  const rows: string[][] = [
    [
      'side',
      'wins',
      'draws',
      'losses',
      'win rate',
      '95% interval',
      'victory levels',
      ...metricIds.map((id) => `${first!.metrics[id]!.label}/game`),
      'VP/game',
    ],
  ];
  for (const [id, side] of Object.entries(s.sides)) {
    rows.push([
      id,
      String(side.wins),
      String(s.draws),
      String(side.losses),
      pct(side.winRate),
      interval(side.ci95),
      Object.entries(side.victoryLevels)
        .map(([lv, k]) => `${lv} ${k}`)
        .join(', ') || '-',
      ...metricIds.map((m) => side.metrics[m]!.mean.toFixed(2)),
      side.vp.mean.toFixed(2),
    ]);
  }
  lines.push(table(rows));
  lines.push(`draws: ${s.draws} (${pct(s.drawRate)}, 95% ${interval(s.drawCi95)}); win rate = wins plus half the draws, per game finished`);
  lines.push('');
  if (s.vpMargin) {
    lines.push(
      `VP margin (${s.vpMargin.between[0]} - ${s.vpMargin.between[1]}): mean ${s.vpMargin.mean.toFixed(2)} ` +
        `(95% ${s.vpMargin.ci95[0].toFixed(2)} to ${s.vpMargin.ci95[1].toFixed(2)}), sd ${s.vpMargin.sd.toFixed(2)}`,
    );
  }
  lines.push(
    `game length: ${s.length.turns.mean.toFixed(1)} turns (median ${s.length.turns.median}), ` +
      `${s.length.actions.mean.toFixed(1)} actions (median ${s.length.actions.median})`,
  );
  for (const m of Object.values(s.markedSeats)) {
    lines.push(`${m.label} won ${pct(m.rate)} of ${m.games} games (95% ${interval(m.ci95)})`);
  }
  if (s.agentSpecs) {
    lines.push('');
    const specRows: string[][] = [['agent', 'games', 'wins', 'draws', 'losses', 'win rate', '95% interval', 'by side']];
    for (const [spec, a] of Object.entries(s.agentSpecs))
      specRows.push(
        agentRow(
          spec,
          a.games,
          a,
          Object.entries(a.bySide)
            .map(([side, b]) => `${side} ${b.wins}/${b.games}`)
            .join(', '),
        ),
      );
    lines.push(table(specRows));
  }
  if (s.errors) {
    lines.push('');
    lines.push(
      `${s.errors} game(s) failed; first: game ${s.errorSamples[0]?.game} seed ${s.errorSamples[0]?.seed}: ${s.errorSamples[0]?.error}`,
    );
  }
  lines.push(`${s.msPerGame.toFixed(1)} ms per game`);
  return lines.join('\n');
}
