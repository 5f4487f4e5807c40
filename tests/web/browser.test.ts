/**
 * The page in a real browser (the system's Chromium driven by playwright-core): pg3-tiny played to its end by
 * clicking counters, hexes and the action panel, against the scripted agent; a fire with its odds shown and
 * confirmed; the computer's replies on the map; the game saved, reloaded and loaded back from its record.
 * Screenshots go to results/screenshots/. Without Chromium the test is skipped, except on CI (CI=true), where
 * .ci/run installs it and its absence is a failure.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/web/server.js';
import { findChromium, ROOT, serve } from './support.js';

const chromiumPath = findChromium();
const onCi = process.env.CI === 'true' || process.env.CI === '1';
const SHOTS = join(ROOT, 'results', 'screenshots');

if (chromiumPath === undefined && !onCi)
  console.warn('tests/web/browser.test.ts skipped: no Chromium installed (apt-get install chromium, or set CHROMIUM_PATH)');

interface Place {
  key: string;
  kind: string;
  label: string;
  units: number[];
  from: number;
  to: number;
  target: number;
  combat: boolean;
}

describe.skipIf(chromiumPath === undefined && !onCi)('the page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    if (chromiumPath === undefined) throw new Error('CI=true but no Chromium is installed: .ci/run installs the Debian chromium package');
    mkdirSync(SHOTS, { recursive: true });
    server = await serve();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const idle = (page: Page) => page.waitForFunction(() => (globalThis as any).tacsim?.idle === true, null, { timeout: 30_000 });
  const legal = (page: Page): Promise<Place[]> => page.evaluate(() => (globalThis as any).tacsim.game.legal as Place[]);
  const unitHex = (page: Page, unit: number): Promise<number> =>
    page.evaluate((u) => (globalThis as any).tacsim.game.board.units.find((x: { unit: number }) => x.unit === u)?.hex ?? -1, unit);

  /** Selects a unit by clicking its counter (its stack fanned out first by hovering it). */
  async function selectUnit(page: Page, unit: number): Promise<void> {
    if ((await page.locator(`[data-unit="${unit}"].selected`).count()) > 0) return;
    const hex = await unitHex(page, unit);
    await page.hover(`[data-stack="${hex}"]`, { force: true });
    await page.click(`[data-unit="${unit}"]`, { force: true });
    await page.waitForSelector(`[data-unit="${unit}"].selected`);
  }
  const clickHex = (page: Page, hex: number) => page.click(`polygon[data-hex="${hex}"]`, { force: true });

  it('plays pg3-tiny to its end by clicking, shows odds and the computer moves, saves and reloads', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await idle(page);
    await page.screenshot({ path: join(SHOTS, 'web-1-start.png') });
    expect(await page.locator('polygon.hex').count()).toBe(48);
    expect(await page.locator('[data-unit]').count()).toBeGreaterThan(5);

    let fires = 0;
    let assaults = 0;
    let moves = 0;
    let illegalExplained = false;
    let sawComputerMove = false;
    let activationsThisTurn = 0;
    let turn = 1;
    for (let step = 0; step < 400; step++) {
      await idle(page);
      const g = await page.evaluate(() => (globalThis as any).tacsim.game);
      if (g.over !== null) break;
      if (!sawComputerMove && (await page.locator('.anim-move').count()) > 0) {
        sawComputerMove = true;
        await page.screenshot({ path: join(SHOTS, 'web-computer-move.png') });
      }
      const t = Number(/Turn (\d+)/.exec(g.board.status)?.[1] ?? '1');
      if (t !== turn) {
        turn = t;
        activationsThisTurn = 0;
      }
      const acts = await legal(page);
      const withUnit = (kind: string) => acts.filter((a) => a.kind === kind && a.units.length > 0 && a.from >= 0);
      const assault = withUnit('assault').filter((a) => a.target >= 0)[0];
      const fire = withUnit('fire').filter((a) => a.target >= 0 && a.key.startsWith('df') === false)[0] ?? withUnit('fire')[0];
      const move = withUnit('move')
        .filter((a) => a.to >= 0)
        // Eastward, towards the Soviet objectives (pg3-tiny is 8 hexes wide).
        .sort((a, b) => (b.to % 8) - (a.to % 8))[0];
      if (assault !== undefined && assaults < 1) {
        await selectUnit(page, assault.units[0]!);
        await clickHex(page, assault.target);
        await page.waitForSelector('#odds:not([hidden])');
        await page.screenshot({ path: join(SHOTS, 'web-4-assault-odds.png') });
        await page.click('#confirm');
        assaults++;
        continue;
      }
      if (fire !== undefined && fires < 3) {
        await selectUnit(page, fire.units[0]!);
        await clickHex(page, fire.target);
        await page.waitForSelector('#odds:not([hidden])');
        const odds = await page.textContent('#odds-lines');
        expect(odds).toMatch(/\d/);
        if (fires === 0) await page.screenshot({ path: join(SHOTS, 'web-3-fire-odds.png') });
        await page.click('#confirm');
        fires++;
        continue;
      }
      if (move !== undefined && moves < 20) {
        await selectUnit(page, move.units[0]!);
        if (!illegalExplained) {
          // A click on a hex the unit cannot reach is explained, not played.
          const bad = (await page.evaluate(() => (globalThis as any).tacsim.game.board.hexes.length)) - 1;
          if (!acts.some((a) => a.units.includes(move.units[0]!) && (a.to === bad || a.target === bad))) {
            await clickHex(page, bad);
            await expect.poll(() => page.textContent('#message')).toMatch(/cannot act at/);
            illegalExplained = true;
          }
        }
        if (moves === 0) await page.screenshot({ path: join(SHOTS, 'web-2-moves.png') });
        await clickHex(page, move.to);
        moves++;
        continue;
      }
      // The panel: declarations (move if moves are left, else fire), decisions, activations, end, pass.
      const pick =
        acts.find((a) => a.kind === 'decide' && a.key !== 'nofire') ??
        acts.find((a) => a.kind === 'declare' && a.key.endsWith(moves < 20 ? ' m' : ' f')) ??
        acts.find((a) => a.kind === 'declare') ??
        // A leader's activation lets its units move into an assault (PG3 12.1).
        (activationsThisTurn < 2
          ? (acts.find((a) => a.kind === 'activate' && a.key.startsWith('leader')) ?? acts.find((a) => a.kind === 'activate'))
          : undefined) ??
        acts.find((a) => a.kind === 'end') ??
        acts.find((a) => a.kind === 'pass') ??
        acts.find((a) => a.kind === 'decide') ??
        acts[0]!;
      if (pick.kind === 'activate') activationsThisTurn++;
      await page.click(`#actions button[data-action="${pick.key}"]`);
      if (pick.combat) {
        await page.waitForSelector('#odds:not([hidden])');
        await page.click('#confirm');
      }
    }
    await idle(page);
    const over = await page.textContent('#over');
    expect(over).toMatch(/Game over after turn/);
    expect(fires).toBeGreaterThan(0);
    expect(moves).toBeGreaterThan(0);
    expect(illegalExplained).toBe(true);
    expect(sawComputerMove).toBe(true);
    // The map shows what happened: the log narrates fire results and some counter carries a marker or a step lost.
    const logText = await page.textContent('#log');
    expect(logText).toMatch(/\[PG3 /);
    await page.screenshot({ path: join(SHOTS, 'web-5-over.png') });

    // Save: the record downloads in tacsim play --record's format.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const saved = join(SHOTS, 'web-game-record.json');
    await download.saveAs(saved);
    const record = JSON.parse(readFileSync(saved, 'utf8'));
    expect(record.format).toBe('tacsim-record/1');
    expect(record.agents).toEqual({ german: 'human', soviet: 'scripted' });
    const actions = await page.evaluate(() => (globalThis as any).tacsim.game.actions);
    expect(record.actions.length).toBe(actions);

    // Reload the tab: the same game comes back from the server.
    await page.reload();
    await idle(page);
    expect(await page.textContent('#over')).toBe(over);

    // Load the record as a new game: the same position.
    await page.setInputFiles('#load', saved);
    await expect.poll(() => page.textContent('#message')).toMatch(/Loaded/);
    await idle(page);
    expect(await page.textContent('#over')).toBe(over);
    expect(await page.evaluate(() => (globalThis as any).tacsim.game.actions)).toBe(actions);
    await page.screenshot({ path: join(SHOTS, 'web-6-loaded.png') });
    expect(errors).toEqual([]);
  });
});
