/**
 * report.html: one self-contained page (inline style, SVG plots, no script, no network) drawn from ReportData.
 * Every section is a <section data-section="..."> and every plot an <svg data-plot="...">, for readers and tests.
 */
import type { BalanceFigures, ReportData, SimFigures, TournamentFigures } from './data.js';
import { agentRow } from '../summary.js';
import { esc, type Layer, plot } from './svg.js';

/** Colours per side (first, second, more) and for draws / nobody. */
const SIDE_COLORS = ['#1f5fa8', '#c0392b', '#2e8b57', '#8e44ad'];
const GREY = '#7f8c8d';
const sideColor = (i: number) => SIDE_COLORS[i % SIDE_COLORS.length]!;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const interval = (c: readonly [number, number]) => `${pct(c[0])}–${pct(c[1])}`;
const f1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

function table(head: string[], rows: string[][], cls = ''): string {
  return `<table class="${cls}"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

function section(id: string, title: string, body: string): string {
  return `<section data-section="${id}"><h2>${esc(title)}</h2>${body}</section>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f23;margin:0 auto;max-width:1080px;padding:16px 24px}
h1{font-size:22px;margin:8px 0 4px}h2{font-size:17px;margin:22px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:3px}
.sub{color:#57606a;margin:0 0 10px}
table{border-collapse:collapse;margin:6px 0 10px}th,td{padding:3px 9px;border-bottom:1px solid #e1e4e8;text-align:right;white-space:nowrap}
thead th{background:#f3f5f7;text-align:right}th[scope=row],thead th:first-child{text-align:left}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:6px 0}dl.meta dt{color:#57606a}dl.meta dd{margin:0;word-break:break-all}
.warnings li{margin:3px 0}.warnings .w{color:#8a4b00}
.none{color:#57606a;font-style:italic}
.plots{display:flex;flex-wrap:wrap;gap:10px}
svg.plot{background:#fff;border:1px solid #e1e4e8;max-width:100%;height:auto}
svg .grid{stroke:#eceff1}svg .axis{stroke:#57606a}svg .tick{font-size:11px;fill:#57606a}svg .alabel{font-size:12px;fill:#1b1f23}
svg .ptitle{font-size:13px;font-weight:600;fill:#1b1f23}svg .legend{font-size:11px;fill:#1b1f23}svg .mlabel{font-size:11px}
.method{background:#f6f8fa;border-left:3px solid #8c959f;padding:6px 10px;max-width:900px}
code{font:12px ui-monospace,Menlo,Consolas,monospace;background:#f3f5f7;padding:1px 3px}
@media print{body{max-width:none;padding:0}section{break-inside:avoid}svg.plot{border:none}}
`;

function headerSection(d: ReportData): string {
  const h = d.header;
  const rows: [string, string][] = [
    ['status', h.status],
    ['command', h.command ?? '(not recorded)'],
    ['scenario', `${h.scenario}${h.title ? ` — ${h.title}` : ''}${h.system ? ` (${h.system})` : ''}`],
    [
      'agents',
      Object.entries(h.agents)
        .map(([s, a]) => `${s} = ${a}`)
        .join(', ') || '-',
    ],
    ['seed', h.seed],
    ['games', h.planned !== null && h.planned !== h.games ? `${h.games} recorded of ${h.planned}` : String(h.games)],
    ['date', h.date ?? '(not recorded)'],
    ['tacsim', h.tacsim ?? '(not recorded)'],
    ...h.inputs.map((i): [string, string] => [`${i.role} file`, `${i.file} — sha256 ${i.sha256.slice(0, 16)}…`]),
    ['win rate', d.winRateDefinition],
  ];
  return section('header', 'Run', `<dl class="meta">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`);
}

function warningsSection(d: ReportData): string {
  const body =
    d.warnings.length === 0
      ? '<p class="none">None: enough games for ±5-point intervals, no failed game, no game abandoned at the action cap.</p>'
      : `<ul class="warnings">${d.warnings.map((w) => `<li class="w" data-warning="${w.kind}">${esc(w.text)}</li>`).join('')}</ul>`;
  return section('warnings', 'Warnings', body);
}

function outcomeSections(s: SimFigures): string[] {
  const out: string[] = [];
  const levels = [...new Set(s.sides.flatMap((x) => Object.keys(x.levels)))].sort();
  const rows = s.sides.map((x) => [
    `${x.id} (${x.name})`,
    String(x.wins),
    String(x.draws),
    String(x.losses),
    pct(x.winRate),
    interval(x.ci95),
    ...levels.map((lv) => String(x.levels[lv] ?? 0)),
  ]);
  const body =
    s.completed === 0
      ? '<p class="none">No finished game.</p>'
      : `${table(['side', 'wins', 'draws', 'losses', 'win rate', '95% interval', ...levels.map((lv) => `wins ${lv}`)], rows)}
<p class="sub">Of ${s.completed} finished games, ${s.draws} drawn (${pct(s.drawRate)}, 95% ${interval(s.drawCi95)})${s.errors ? `; ${s.errors} failed and left out` : ''}.</p>
${plot({
  id: 'outcomes',
  title: 'Win rate per side (draws count half), with 95% intervals',
  x: { label: 'side', min: 0.5, max: s.sides.length + 0.5, ticks: s.sides.map((x, i) => ({ value: i + 1, label: x.id })) },
  y: { label: 'win rate (% of finished games)', min: 0, max: 1, percent: true },
  layers: [
    ...s.sides.map(
      (x, i): Layer => ({
        kind: 'errorbars',
        name: x.id,
        color: sideColor(i),
        points: [{ x: i + 1, y: x.winRate, lo: x.ci95[0], hi: x.ci95[1] }],
      }),
    ),
    { kind: 'hline', y: 0.5, label: 'even (50%)', color: GREY },
  ],
  width: 420,
  height: 280,
})}`;
  out.push(section('outcomes', 'Wins, draws and losses per side', body));
  if (s.agents)
    out.push(
      section(
        'agents',
        'Per agent (agents swap sides)',
        table(
          ['agent', 'games', 'wins', 'draws', 'losses', 'win rate', '95% interval', 'by side (win rate)'],
          s.agents.map((a) =>
            agentRow(
              a.spec,
              a.games,
              a,
              Object.entries(a.bySide)
                .map(([side, b]) => `${side} ${pct(b.winRate)} of ${b.games}`)
                .join(', '),
            ),
          ),
        ),
      ),
    );
  return out;
}

function distributionSection(s: SimFigures): string {
  const plots: string[] = [];
  if (s.vpMargin) {
    const [a, b] = s.vpMargin.between;
    plots.push(
      plot({
        id: 'vp-margin',
        title: `VP margin at the end (mean ${f1(s.vpMargin.mean)}, sd ${f1(s.vpMargin.sd)})`,
        x: { label: `VP margin (VP, ${a} − ${b}; > 0: ${a} ahead)`, integer: true },
        y: { label: 'games', integer: true },
        layers: [
          {
            kind: 'bars',
            width: 1,
            series: [
              {
                name: `${a} ahead`,
                color: sideColor(0),
                points: s.vpMargin.bins.filter((x) => x.margin > 0).map((x) => ({ x: x.margin, y: x.games })),
              },
              { name: 'level', color: GREY, points: s.vpMargin.bins.filter((x) => x.margin === 0).map((x) => ({ x: 0, y: x.games })) },
              {
                name: `${b} ahead`,
                color: sideColor(1),
                points: s.vpMargin.bins.filter((x) => x.margin < 0).map((x) => ({ x: x.margin, y: x.games })),
              },
            ].filter((x) => x.points.length > 0),
            overlay: true,
          },
          { kind: 'vline', x: 0, label: 'level', color: GREY },
        ],
      }),
    );
  }
  if (s.turnsPlayed.length > 0) {
    const lo = s.turnsPlayed[0]!.turns - 1;
    const hi = s.turnsPlayed[s.turnsPlayed.length - 1]!.turns + 1;
    const every = Math.max(1, Math.ceil((hi - lo) / 12));
    plots.push(
      plot({
        id: 'game-length-turns',
        title: 'Game length in turns',
        x: {
          label: 'game turns played (turns)',
          min: lo - 0.5,
          max: hi + 0.5,
          ticks: Array.from({ length: hi - lo + 1 }, (_, k) => lo + k)
            .filter((t) => t % every === 0)
            .map((t) => ({ value: t, label: String(t) })),
        },
        y: { label: 'games', integer: true },
        layers: [
          {
            kind: 'bars',
            width: 0.8,
            series: [{ name: 'games', color: '#4b6584', points: s.turnsPlayed.map((t) => ({ x: t.turns, y: t.games })) }],
          },
        ],
        width: 420,
      }),
    );
  }
  if (s.actions.length > 0) {
    const width = s.actions[0]!.to - s.actions[0]!.from + 1;
    plots.push(
      plot({
        id: 'game-length-actions',
        title: 'Game length in actions',
        x: { label: `actions per game (actions; bins of ${width})` },
        y: { label: 'games', integer: true },
        layers: [
          {
            kind: 'bars',
            width,
            series: [{ name: 'games', color: '#4b6584', points: s.actions.map((a) => ({ x: a.from + (width - 1) / 2, y: a.games })) }],
          },
        ],
        width: 420,
      }),
    );
  }
  return section(
    'distributions',
    'VP margin and game length',
    plots.length ? `<div class="plots">${plots.join('\n')}</div>` : '<p class="none">No finished game.</p>',
  );
}

function bandsSection(s: SimFigures, sides: string[]): string {
  if (!s.turnBands) return section('bands', 'Turn by turn', '<p class="none">No turn records (see the warnings).</p>');
  const { turns, series } = s.turnBands;
  const measures = [...new Set(series.map((x) => x.measure))];
  const plots = measures.map((m) => {
    const of = series.filter((x) => x.measure === m);
    const label = of[0]!.label;
    const layers: Layer[] = [];
    of.forEach((x) => {
      const i = sides.indexOf(x.side);
      layers.push({ kind: 'band', color: sideColor(i), points: x.values.map((v, k) => ({ x: turns[k]!, lo: v.q25, hi: v.q75 })) });
    });
    of.forEach((x) => {
      const i = sides.indexOf(x.side);
      layers.push({
        kind: 'line',
        name: `${x.side} median`,
        color: sideColor(i),
        dots: true,
        points: x.values.map((v, k) => ({ x: turns[k]!, y: v.median })),
      });
    });
    return plot({
      id: `band-${m}`,
      title: `${label} by turn`,
      x: {
        label: 'game turn (end of turn)',
        ticks: turns.map((t) => ({ value: t, label: String(t) })),
        min: turns[0]! - 0.3,
        max: turns[turns.length - 1]! + 0.3,
      },
      y: {
        label: m === 'vp' ? 'victory points so far (VP)' : m === 'units' ? 'units on the map (units)' : `${label} so far (per side)`,
        min: 0,
      },
      layers,
      width: 520,
    });
  });
  return section(
    'bands',
    'Turn by turn: when the game is decided',
    `<p class="sub">At the end of each turn: the line is the median over finished games, the shaded band the middle 50% of games (25th to 75th percentile); a game that ended early keeps its last position. Where the bands part, the game is being decided.</p><div class="plots">${plots.join('\n')}</div>`,
  );
}

function designerSections(s: SimFigures, sides: string[]): string[] {
  const out: string[] = [];
  if (s.objectives && s.objectives.length > 0) {
    const rows = s.objectives.map((o) => [o.label, ...sides.map((id) => pct(o.held[id] ?? 0)), pct(o.held[''] ?? 0)]);
    const chart = plot({
      id: 'objectives',
      title: 'Who held each objective at the end',
      x: {
        label: 'objective (hex)',
        min: 0.5,
        max: s.objectives.length + 0.5,
        ticks: s.objectives.map((o, k) => ({ value: k + 1, label: o.label })),
      },
      y: { label: 'share of finished games (%)', min: 0, max: 1, percent: true },
      layers: [
        {
          kind: 'bars',
          width: 0.8,
          series: [
            ...sides.map((id, i) => ({
              name: `held by ${id}`,
              color: sideColor(i),
              points: s.objectives!.map((o, k) => ({ x: k + 1, y: o.held[id] ?? 0 })),
            })),
            { name: 'nobody', color: GREY, points: s.objectives.map((o, k) => ({ x: k + 1, y: o.held[''] ?? 0 })) },
          ],
        },
      ],
      width: 520,
    });
    out.push(
      section(
        'objectives',
        'Objective holders at the end',
        `${table(['objective hex', ...sides.map((id) => `held by ${id}`), 'nobody'], rows)}${chart}`,
      ),
    );
  }
  if (s.vpSplit) {
    const chart = plot({
      id: 'vp-split',
      title: 'Where the VP come from (mean per game at the end)',
      x: { label: 'side', min: 0.5, max: sides.length + 0.5, ticks: sides.map((id, i) => ({ value: i + 1, label: id })) },
      y: { label: 'victory points per game (VP)', min: 0 },
      layers: [
        {
          kind: 'bars',
          width: 0.8,
          series: [
            { name: 'from objectives held', color: '#2e86ab', points: s.vpSplit.map((v, i) => ({ x: i + 1, y: v.objectives })) },
            { name: 'from casualties and other sources', color: '#e28413', points: s.vpSplit.map((v, i) => ({ x: i + 1, y: v.other })) },
          ],
        },
      ],
      width: 420,
    });
    out.push(
      section(
        'vp-split',
        'VP split: objectives against casualties',
        `${table(
          ['side', 'VP from objectives', 'VP from casualties and other', 'share from objectives'],
          s.vpSplit.map((v) => [
            v.side,
            f1(v.objectives),
            f1(v.other),
            v.objectives + v.other > 0 ? pct(v.objectives / (v.objectives + v.other)) : '-',
          ]),
        )}${chart}<p class="sub">"Other" is the VP not given by objectives held at the end: enemy steps eliminated, units exited, and any other source the rules award.</p>`,
      ),
    );
  }
  if (s.lossesByType) {
    const types = s.lossesByType;
    const chart = plot({
      id: 'losses-by-type',
      title: 'Units eliminated per game, by unit type',
      x: { label: 'unit type', min: 0.5, max: types.length + 0.5, ticks: types.map((t, k) => ({ value: k + 1, label: t.type })) },
      y: { label: 'units eliminated per game (units)', min: 0 },
      layers: [
        {
          kind: 'bars',
          width: 0.8,
          series: sides.map((id, i) => ({
            name: `${id} losses`,
            color: sideColor(i),
            points: types.map((t, k) => ({ x: k + 1, y: t.eliminated[id] ?? 0 })),
          })),
        },
      ],
      width: Math.max(520, 60 * types.length),
    });
    out.push(
      section(
        'losses',
        'Losses by unit type: which units matter',
        `${table(
          ['unit type', ...sides.map((id) => `${id} eliminated/game`)],
          types.map((t) => [t.type, ...sides.map((id) => (t.eliminated[id] ?? 0).toFixed(2))]),
        )}${chart}`,
      ),
    );
  }
  return out;
}

function skillSection(s: SimFigures): string {
  const k = s.skill;
  if (!k)
    return section(
      'skill',
      'Skill against luck',
      '<p class="none">Not measured for this run: <code>tacsim report DIR --skill-games 100</code> plays the comparison.</p>',
    );
  const [a, b] = k.between;
  const boxes = k.matchups.map((m, i) => {
    const sorted = m.margins.slice().sort((x, y) => x - y);
    const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((sorted.length - 1) * p)))]! : 0);
    return { i: i + 1, m, q10: q(0.1), q25: q(0.25), q50: q(0.5), q75: q(0.75), q90: q(0.9) };
  });
  const colors = [GREY, sideColor(0), sideColor(1)];
  const chart = plot({
    id: 'skill',
    title: 'VP margin on the same seeds: equal agents against strong v weak',
    x: { label: 'matchup (same dice seeds)', min: 0.5, max: 3.5, ticks: boxes.map((x) => ({ value: x.i, label: x.m.label })) },
    y: { label: `VP margin (VP, ${a} − ${b})` },
    layers: [
      ...boxes.map(
        (x): Layer => ({
          kind: 'band',
          color: colors[x.i - 1]!,
          points: [
            { x: x.i - 0.25, lo: x.q25, hi: x.q75 },
            { x: x.i + 0.25, lo: x.q25, hi: x.q75 },
          ],
        }),
      ),
      ...boxes.map((x): Layer => ({ kind: 'errorbars', color: colors[x.i - 1]!, points: [{ x: x.i, y: x.m.mean, lo: x.q10, hi: x.q90 }] })),
      ...boxes.map(
        (x): Layer => ({
          kind: 'line',
          color: colors[x.i - 1]!,
          points: [
            { x: x.i - 0.25, y: x.q50 },
            { x: x.i + 0.25, y: x.q50 },
          ],
        }),
      ),
      { kind: 'hline', y: 0, label: 'level', color: GREY },
    ],
    width: 640,
    height: 340,
  });
  const rows = k.matchups.map((m) => [m.label, String(m.margins.length), f1(m.mean), f1(m.sd), pct(m.winRate)]);
  const verdict =
    k.skillShare >= 0.5
      ? 'skill outweighs the dice'
      : k.skillShare >= 0.2
        ? 'skill matters, but the dice decide much of a game'
        : 'the dice decide most of a game; skill shifts it a little';
  return section(
    'skill',
    'Skill against luck',
    `${chart}
${table([`matchup (${k.games} seeds each)`, 'finished', `mean margin (VP)`, 'sd (VP)', `${a} win rate`], rows)}
<p><b>Skill moves the margin by ${f1(k.skillVp)} VP a game; the dice spread it by ${f1(k.luckVp)} VP (one standard deviation).</b>
Skill explains ${pct(k.skillShare)} of the spread of a strong-against-weak game: ${verdict}.</p>
<p class="method"><b>Method.</b> The same ${k.games} game seeds (master seed <code>${esc(k.seed)}</code>) are played three times: by two equal agents
(<code>${esc(k.strong)}</code> on both sides), by <code>${esc(k.strong)}</code> as ${esc(a)} against <code>${esc(k.weak)}</code>, and the other way round.
Among the equal games only the dice (and the agents' own random choices) differ, so the standard deviation of the VP margin there is
the luck: how far chance alone moves a result. Half the difference between the mean margins of the two strong-against-weak matchups is
the skill: how far being the better player moves a result, whichever side one plays (the scenario's own lean cancels out). The share is
skill² / (skill² + luck²), the part of a strong-against-weak game's margin variance that skill accounts for. Box: middle 50% of games;
bar: median; whisker: 10th to 90th percentile, with the mean as a dot. The strong agent is the run's ${esc(a)} agent, the weak one plays at random.</p>`,
  );
}

function balanceSections(b: BalanceFigures): string[] {
  const rows = b.rows;
  const sides = rows[0] ? Object.keys(rows[0].wins) : [];
  const layers: Layer[] = [
    { kind: 'band', color: sideColor(0), points: rows.map((r) => ({ x: r.value, lo: r.ci95[0], hi: r.ci95[1] })) },
    { kind: 'line', name: `${b.side} win rate`, color: sideColor(0), dots: true, points: rows.map((r) => ({ x: r.value, y: r.winRate })) },
    { kind: 'errorbars', color: sideColor(0), points: rows.map((r) => ({ x: r.value, y: r.winRate, lo: r.ci95[0], hi: r.ci95[1] })) },
    { kind: 'hline', y: 0.5, label: 'even (50%)', color: GREY },
  ];
  if (b.crossing !== null) layers.push({ kind: 'vline', x: b.crossing, label: `50% crossing ≈ ${b.crossing}`, color: '#b03a2e' });
  const curve = plot({
    id: 'balance-curve',
    title: `${b.side} win rate against ${b.param}, with 95% interval band`,
    x: {
      label: `${b.param} (scenario parameter, step ${b.step})`,
      ticks: rows.map((r) => ({ value: r.value, label: String(r.value) })),
      min: (rows[0]?.value ?? 0) - b.step / 2,
      max: (rows[rows.length - 1]?.value ?? 1) + b.step / 2,
    },
    y: { label: `${b.side} win rate (% of finished games)`, min: 0, max: 1, percent: true },
    layers,
    width: 640,
    height: 340,
  });
  const verdict = b.flat
    ? `<p><b>${esc(b.param)} makes no measurable difference over this range</b> (see the warnings): no value is marked as the crossing.</p>`
    : b.crossing !== null
      ? `<p><b>The win rate crosses 50% at ${esc(b.param)} ≈ ${b.crossing}</b> (rounded to the step ${b.step}; interpolated ${b.crossingRaw}).${b.best ? ` Closest to even of the values played: ${b.best.value} (${pct(b.best.winRate)}, 95% ${interval(b.best.ci95)}).` : ''}</p>`
      : `<p><b>The win rate does not cross 50% in this range.</b>${b.best ? ` Closest to even: ${esc(b.param)} = ${b.best.value} (${pct(b.best.winRate)}, 95% ${interval(b.best.ci95)}).` : ''}</p>`;
  const tableHtml = table(
    [b.param, 'games', ...sides.map((s) => `${s} wins`), 'draws', 'failed', `${b.side} win rate`, '95% interval', 'stopped because'],
    rows.map((r) => [
      String(r.value),
      String(r.games),
      ...sides.map((s) => String(r.wins[s] ?? 0)),
      String(r.draws),
      String(r.errors),
      pct(r.winRate),
      interval(r.ci95),
      r.stop,
    ]),
  );
  return [
    section('balance-curve', 'Win rate against the parameter', `${curve}${verdict}`),
    section('balance-table', 'Results per value', tableHtml),
  ];
}

function tournamentSections(t: TournamentFigures): string[] {
  const sorted = [...t.ratings].sort((x, y) => y.elo - x.elo);
  const fmt = (x: number | null) => (x === null ? '?' : x.toFixed(0));
  const elo = table(
    ['agent', 'Elo', '95% interval', 'games', 'score'],
    sorted.map((r) => [
      r.name,
      r.elo.toFixed(0),
      `${fmt(r.ci95[0])} to ${fmt(r.ci95[1])}`,
      String(r.games),
      r.games ? pct(r.score / r.games) : '-',
    ]),
  );
  const chart = plot({
    id: 'elo',
    title: 'Bradley–Terry ratings on the Elo scale, 95% intervals',
    x: { label: 'agent', min: 0.5, max: sorted.length + 0.5, ticks: sorted.map((r, i) => ({ value: i + 1, label: r.name })) },
    y: { label: 'rating (Elo points, mean 0)' },
    layers: [
      {
        kind: 'errorbars',
        color: sideColor(0),
        points: sorted.map((r, i) => ({ x: i + 1, y: r.elo, lo: r.ci95[0] ?? r.elo, hi: r.ci95[1] ?? r.elo })),
      },
      { kind: 'hline', y: 0, label: 'mean', color: GREY },
    ],
    width: Math.max(480, 110 * sorted.length),
  });
  const m = t.matrix;
  const matrix = `<table class="matrix"><thead><tr><th>row's score against column</th>${m.agents.map((a) => `<th>${esc(a)}</th>`).join('')}</tr></thead><tbody>${m.agents
    .map(
      (a, i) =>
        `<tr><th scope="row">${esc(a)}</th>${m.agents
          .map((_, j) => {
            const s = m.score[i]![j];
            if (i === j || s === null || s === undefined) return '<td>–</td>';
            const shade = Math.round(Math.abs(s - 0.5) * 2 * 60);
            const bg = s >= 0.5 ? `hsl(210 60% ${98 - shade / 2}%)` : `hsl(5 60% ${98 - shade / 2}%)`;
            return `<td style="background:${bg}">${pct(s)} <span class="sub">(${m.games[i]![j]})</span></td>`;
          })
          .join('')}</tr>`,
    )
    .join('')}</tbody></table>`;
  return [
    section(
      'elo',
      'Ratings',
      `${elo}${chart}<p class="sub">Ratings are Bradley–Terry strengths on the Elo scale (a 200-point gap is about a 76% expected score), anchored to average 0.</p>`,
    ),
    section(
      'matrix',
      'Pairwise results',
      `${matrix}<p class="sub">Each cell: the row agent's score (wins plus half the draws) against the column agent, games in brackets; sides alternate.</p>`,
    ),
  ];
}

/** The whole page. */
export function renderReport(d: ReportData): string {
  const h = d.header;
  const sections: string[] = [headerSection(d), warningsSection(d)];
  if (d.sim) {
    const sides = d.sim.sides.map((x) => x.id);
    sections.push(
      ...outcomeSections(d.sim),
      distributionSection(d.sim),
      bandsSection(d.sim, sides),
      ...designerSections(d.sim, sides),
      skillSection(d.sim),
    );
  }
  if (d.balance) sections.push(...balanceSections(d.balance));
  if (d.tournament) sections.push(...tournamentSections(d.tournament));
  const what = h.kind === 'sim' ? 'simulation' : h.kind === 'balance' ? `balance of ${d.balance?.param ?? ''}` : 'tournament';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`tacsim ${what}: ${h.scenario}`)}</title>
<style>${STYLE}</style></head>
<body data-report="${h.kind}">
<h1>${esc(`${h.title ? `${h.title} (${h.scenario.replace(/^.*[\\/]/, '')})` : h.scenario}: ${what} report`)}</h1>
<p class="sub">${esc(h.status)}</p>
${sections.join('\n')}
<p class="sub">Made by tacsim ${esc(h.tacsim ?? '')}. The same figures as data: report.json beside this page.</p>
</body></html>
`;
}
