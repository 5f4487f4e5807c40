/**
 * The balance report (issue 18): turns.csv the same at any worker count; `tacsim sim pg3-medium --games 500
 * --report` and `tacsim balance pg3-medium --param morale.german --from 7 --to 9 --report` write pages that the
 * system's Chromium (driven by playwright-core) opens from disk, with every section and plot present and
 * non-empty; a run with failed games, a run of one game and a run stopped and resumed each give a page that
 * says what it is. Screenshots go to results/report/ (artifacts). With TACSIM_UPDATE_IMAGES=1 the sim page's
 * screenshot also replaces docs/images/report.png (the README's). Without Chromium the browser checks are
 * skipped, except on CI (CI=true), where their absence is a failure.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noMeasurableDifference, roundToStep } from '../../src/harness/balance.js';
import { parseCsv } from '../../src/harness/csv.js';
import type { ReportData } from '../../src/harness/report/data.js';
import { writeReport } from '../../src/harness/report/index.js';
import { runSimulation, type SimulationOptions } from '../../src/harness/run.js';
import { root, tacsimIn } from '../cli/run-tacsim.js';
import { findChromium } from '../web/support.js';

const chromiumPath = findChromium();
const onCi = process.env.CI === 'true' || process.env.CI === '1';
const SHOTS = join(root, 'results', 'report');
const { tmp, tacsim } = tacsimIn('tacsim-report-');
const fixtureModule = join(root, 'dist/src/harness/testing/dice-race.js');
const raceScenario = join(root, 'tests/harness/fixtures/dice-race.json');

if (chromiumPath === undefined && !onCi)
  console.warn(
    'tests/harness/report.test.ts: browser checks skipped: no Chromium installed (apt-get install chromium, or set CHROMIUM_PATH)',
  );

const race = (over: Partial<SimulationOptions>): SimulationOptions => ({
  scenario: raceScenario,
  systemModule: fixtureModule,
  agentModule: fixtureModule,
  agents: { east: 'random', west: 'random' },
  seed: 'report',
  workers: 1,
  ...over,
});

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('turns.csv', () => {
  it('is the same at 1 and 2 workers, one line per game and turn, with the columns of the scenario', async () => {
    const one = await runSimulation({ scenario: 'pg3-tiny', games: 6, seed: 'turns', workers: 1, out: join(tmp, 'turns-1') });
    const two = await runSimulation({ scenario: 'pg3-tiny', games: 6, seed: 'turns', workers: 2, out: join(tmp, 'turns-2') });
    const a = readFileSync(one.files.turns!, 'utf8');
    expect(readFileSync(two.files.turns!, 'utf8')).toBe(a);
    const rows = parseCsv(a);
    const head = rows[0]!;
    for (const col of [
      'game',
      'turn',
      'vp_german',
      'vp_soviet',
      'steps_lost_german',
      'units_soviet',
      'objectives_german',
      'objective_vp_soviet',
    ])
      expect(head).toContain(col);
    expect(head.some((c) => c.startsWith('held_'))).toBe(true);
    expect(head.some((c) => c.startsWith('eliminated_'))).toBe(true);
    // Every game has a line for each turn it played, in game and turn order, ending on its last turn.
    const games = parseCsv(readFileSync(one.files.games, 'utf8'));
    const turnsCol = games[0]!.indexOf('turns');
    for (const g of games.slice(1)) {
      const lines = rows.slice(1).filter((r) => r[0] === g[0]);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.map((r) => Number(r[1]))).toEqual(lines.map((r) => Number(r[1])).sort((x, y) => x - y));
      expect(lines[lines.length - 1]![1]).toBe(g[turnsCol]);
    }
  });

  it('is left out with --no-turns (turns: false), and the report says so', async () => {
    const r = await runSimulation(race({ games: 4, turns: false, out: join(tmp, 'no-turns') }));
    expect(r.files.turns).toBeUndefined();
    expect(existsSync(join(r.outDir, 'turns.csv'))).toBe(false);
    const { data } = await writeReport(r.outDir, { skillGames: 0 });
    expect(data.warnings.map((w) => w.kind)).toContain('no-turns');
    expect(data.sim!.turnBands).toBeNull();
  });
});

describe('one reading of a balance search', () => {
  it("the 50% crossing is rounded to the parameter's step, on the grid of the range", () => {
    expect(roundToStep(7.7772, 7, 1)).toBe(8);
    expect(roundToStep(1.73, 1, 1)).toBe(2);
    expect(roundToStep(1.73, 1, 0.5)).toBe(1.5);
    expect(roundToStep(0.34, 0.1, 0.2)).toBe(0.3);
  });

  it('a range whose intervals all overlap makes no measurable difference; one that parts does', () => {
    // initiative.german 2 to 4 on pg3-medium: about 51% each, intervals overlapping.
    const flat = [
      { ci95: [0.47, 0.56] as [number, number] },
      { ci95: [0.46, 0.55] as [number, number] },
      { ci95: [0.47, 0.56] as [number, number] },
    ];
    expect(noMeasurableDifference(flat)).toBe(true);
    const parts = [
      { ci95: [0.28, 0.46] as [number, number] },
      { ci95: [0.49, 0.59] as [number, number] },
      { ci95: [0.52, 0.71] as [number, number] },
    ];
    expect(noMeasurableDifference(parts)).toBe(false);
  });

  it('--games 0 is refused with one line and exit 2', () => {
    const r = tacsim(['sim', 'pg3-tiny', '--games', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['tacsim: --games must be a whole number from 1 to 10,000,000, not "0"']);
  });
});

describe('report data of awkward runs', () => {
  it('a run with failed games counts them apart and warns', async () => {
    const r = await runSimulation(race({ games: 40, scenarioOptions: { set: { failRate: 0.02 } }, out: join(tmp, 'errors') }));
    expect(r.failed).toBeGreaterThan(0);
    const { data } = await writeReport(r.outDir, { skillGames: 0 });
    expect(data.sim!.errors).toBe(r.failed);
    expect(data.sim!.completed).toBe(40 - r.failed);
    expect(data.warnings.find((w) => w.kind === 'errors')?.text).toMatch(/failed with an error/);
  });

  it('a run of one game says it is one game', async () => {
    const r = await runSimulation(race({ games: 1, out: join(tmp, 'one') }));
    const { data } = await writeReport(r.outDir, { skillGames: 0 });
    expect(data.header.status).toBe('complete: 1 game');
    expect(data.warnings.map((w) => w.kind)).toContain('one-game');
  });

  it('a run stopped and resumed says so, and its figures equal an uninterrupted run', async () => {
    const whole = await runSimulation(race({ games: 30, out: join(tmp, 'whole') }));
    const controller = new AbortController();
    let seen = 0;
    const stopped = await runSimulation(
      race({
        games: 30,
        out: join(tmp, 'resumed'),
        signal: controller.signal,
        batchSize: 1,
        onRow: () => {
          if (++seen === 5) controller.abort();
        },
      }),
    );
    expect(stopped.aborted).toBe(true);
    const partial = await writeReport(stopped.outDir, { skillGames: 0 });
    expect(partial.data.header.status).toMatch(/^stopped after \d+ of 30 games$/);
    expect(partial.data.warnings.map((w) => w.kind)).toContain('stopped');
    await runSimulation({ resume: stopped.outDir, workers: 1 });
    const resumed = await writeReport(stopped.outDir, { skillGames: 0 });
    expect(resumed.data.header.status).toBe('complete: 30 games, interrupted and resumed once');
    expect(resumed.data.warnings.map((w) => w.kind)).toContain('resumed');
    expect(readFileSync(join(stopped.outDir, 'turns.csv'), 'utf8')).toBe(readFileSync(join(whole.outDir, 'turns.csv'), 'utf8'));
    const plain = await writeReport(whole.outDir, { skillGames: 0 });
    expect(resumed.data.sim).toEqual(plain.data.sim);
  });
});

describe.skipIf(chromiumPath === undefined && !onCi)('the report pages in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (chromiumPath === undefined) throw new Error('CI=true but no Chromium is installed: .ci/run installs the Debian chromium package');
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens report.html from disk (no server, no network), checks its sections and plots, screenshots it. */
  async function openReport(dir: string, sections: string[], plots: string[], shot: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1150, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) requests.push(r.url());
    });
    await page.goto(`file://${join(dir, 'report.html')}`);
    for (const id of sections) {
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a reader of the page sees
      const text = await page.locator(`section[data-section="${id}"]`).innerText();
      expect(text.trim().length, `section ${id}`).toBeGreaterThan(20);
    }
    for (const id of plots) {
      const svg = page.locator(`svg[data-plot="${id}"]`);
      expect(await svg.count(), `plot ${id}`).toBe(1);
      const marks = await svg.locator('rect.bar, polyline.line, polygon.band, circle.point').count();
      expect(marks, `marks in plot ${id}`).toBeGreaterThan(0);
      const box = await svg.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      // Both axes have a title (with its unit).
      expect(await svg.locator('text.alabel').count()).toBe(2);
    }
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
    return page;
  }

  it('tacsim sim pg3-medium --games 500 --report: every section and plot', async () => {
    const out = join(tmp, 'sim-500');
    const r = tacsim(
      [
        'sim',
        'pg3-medium',
        '--games',
        '500',
        '--report',
        '--workers',
        '2',
        '--seed',
        'report',
        '--skill-games',
        '40',
        '--out',
        out,
        '--no-progress',
      ],
      '',
      900_000,
    );
    expect(r.stderr).toMatch(/report in .*report\.html/);
    expect(r.code).toBe(0);
    const data = readJson(join(out, 'report.json')) as ReportData;
    expect(data.header.games).toBe(500);
    expect(data.header.tacsim).toMatch(/^\d+\.\d+\.\d+/);
    expect(data.header.inputs.map((i) => i.role).sort()).toEqual(['charts', 'counters', 'scenario']);
    expect(data.sim!.objectives!.length).toBeGreaterThan(0);
    const run = readJson(join(out, 'run.json'));
    expect(run.identity.inputs.find((i: { role: string }) => i.role === 'charts').sha256).toMatch(/^[0-9a-f]{64}$/);
    const page = await openReport(
      out,
      ['header', 'warnings', 'outcomes', 'distributions', 'bands', 'objectives', 'vp-split', 'losses', 'skill'],
      [
        'outcomes',
        'vp-margin',
        'game-length-turns',
        'game-length-actions',
        'band-vp',
        'band-steps_lost',
        'band-units',
        'objectives',
        'vp-split',
        'losses-by-type',
        'skill',
      ],
      'sim-pg3-medium',
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a reader of the page sees
    expect(await page.locator('section[data-section="header"]').innerText()).toContain('tacsim sim pg3-medium --games 500 --report');
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a reader of the page sees
    expect(await page.locator('section[data-section="skill"] .method').innerText()).toMatch(/Method\. The same 40 game seeds/);
    // The README's picture: the plots, from the VP margin to the turn-by-turn bands.
    const top = (await page.locator('section[data-section="distributions"]').boundingBox())!.y;
    await page.screenshot({ path: join(SHOTS, 'readme.png'), fullPage: true, clip: { x: 0, y: top - 8, width: 1150, height: 1240 } });
    if (process.env.TACSIM_UPDATE_IMAGES === '1') copyFileSync(join(SHOTS, 'readme.png'), join(root, 'docs', 'images', 'report.png'));
    await page.close();
  }, 900_000);

  it('tacsim balance pg3-medium --param morale.german --from 7 --to 9 --report: the curve, its band and the crossing', async () => {
    const out = join(tmp, 'balance');
    const r = tacsim(
      [
        'balance',
        'pg3-medium',
        '--param',
        'morale.german',
        '--from',
        '7',
        '--to',
        '9',
        '--report',
        '--workers',
        '2',
        '--seed',
        'b',
        '--games-per-value',
        '100',
        '--out',
        out,
        '--no-progress',
      ],
      '',
      900_000,
    );
    expect(r.code).toBe(0);
    const data = readJson(join(out, 'report.json')) as ReportData;
    expect(data.balance!.rows.map((x) => x.value)).toEqual([7, 8, 9]);
    const page = await openReport(out, ['header', 'warnings', 'balance-curve', 'balance-table'], ['balance-curve'], 'balance-pg3-medium');
    if (data.balance!.crossing !== null) {
      // The crossing is a value of the range's grid, marked on the curve.
      expect(Number.isInteger(data.balance!.crossing)).toBe(true);
      expect(await page.locator('svg[data-plot="balance-curve"] line.marker').count()).toBe(2);
    }
    await page.close();
  }, 900_000);

  it('a run with failed games, a run of one game and a resumed run each open and say what they are', async () => {
    const cases: [string, RegExp][] = [
      ['errors', /failed with an error/],
      ['one', /One finished game/],
      ['resumed', /interrupted and resumed/],
    ];
    for (const [name, says] of cases) {
      const dir = join(tmp, name);
      expect(existsSync(join(dir, 'report.html')), `${dir} is made by the tests of 'report data of awkward runs' above`).toBe(true);
      const page = await openReport(dir, ['header', 'warnings', 'outcomes'], ['outcomes'], `race-${name}`);
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a reader of the page sees
      expect(await page.locator('section[data-section="warnings"]').innerText()).toMatch(says);
      await page.close();
    }
  });
});
