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
import type { Scenario } from '../../src/rules/pg3/scenario.js';
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
  /**
   * Clicks the target of a combat action of the selected unit until its odds show: a hex that offers more than one
   * action (a fire and an assault at it) lists them in the panel to choose from.
   */
  async function clickTarget(page: Page, a: Place): Promise<void> {
    await clickHex(page, a.target);
    await page.waitForSelector(`#odds:not([hidden]), #actions button[data-action="${a.key}"]`);
    if ((await page.locator('#odds[hidden]').count()) > 0) await page.click(`#actions button[data-action="${a.key}"]`);
    await page.waitForSelector('#odds:not([hidden])');
  }

  it('plays pg3-tiny to its end by clicking: odds, an assault with a leader and its result on the map, the computer moves; saves and reloads', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // ?anim=120: the computer's actions are animated, quickly.
    await page.goto(`${server.url}?anim=120`);
    await idle(page);
    await page.screenshot({ path: join(SHOTS, 'web-1-start.png') });
    expect(await page.locator('polygon.hex').count()).toBe(48);
    expect(await page.locator('[data-unit]').count()).toBeGreaterThan(5);
    const gameId: string = await page.evaluate(() => (globalThis as any).tacsim.game.id);
    const grid = (server.store.get(gameId).sc.game as unknown as { scenario: Scenario }).scenario.map.grid;

    let fires = 0;
    let assaults = 0;
    let assaultHex = -1;
    let assaultSeq = 0;
    let moves = 0;
    let illegalExplained = false;
    let sawComputerMove = false;
    let sawAnimation = false;
    let sawThinking = false;
    for (let step = 0; step < 500; step++) {
      // While the computer plays: its thinking indicator, then its actions animated on the map.
      for (let k = 0; k < 400 && !(await page.evaluate(() => (globalThis as any).tacsim.idle)); k++) {
        if (!sawThinking && (await page.locator('#thinking:not([hidden])').count()) > 0) sawThinking = true;
        if (!sawAnimation && (await page.locator('[data-animating]').count()) > 0) {
          sawAnimation = true;
          await page.screenshot({ path: join(SHOTS, 'web-computer-animating.png') });
        }
        await page.waitForTimeout(40);
      }
      await idle(page);
      const g = await page.evaluate(() => (globalThis as any).tacsim.game);
      if (g.over !== null) break;
      if (!sawComputerMove && (await page.locator('.anim-move').count()) > 0) {
        sawComputerMove = true;
        await page.screenshot({ path: join(SHOTS, 'web-computer-move.png') });
      }
      if (assaultHex >= 0 && assaults === 1 && (await page.locator(`.result.assault[data-result="${assaultSeq}"]`).count()) > 0) {
        // The assault's outcome stays drawn at its hex until the player's next decision.
        const tag = await page.locator(`.result.assault[data-result="${assaultSeq}"]`).textContent();
        if (/Assault at/.test(tag ?? '')) {
          await page.screenshot({ path: join(SHOTS, 'web-5-assault-result.png') });
          assaults++;
        }
      }
      const acts = await legal(page);
      const enemyHexes: number[] = g.board.units
        .filter((u: { side: number; hex: number }) => u.side !== g.human && u.hex >= 0)
        .map((u: { hex: number }) => u.hex);
      const nearest = (h: number) => Math.min(99, ...enemyHexes.map((e) => grid.distance(h, e)));
      const withUnit = (kind: string) => acts.filter((a) => a.kind === kind && a.units.length > 0 && a.from >= 0);
      const assault = withUnit('assault').filter((a) => a.target >= 0)[0];
      const fire = withUnit('fire').filter((a) => a.target >= 0)[0];
      // Towards the enemy, until adjacent (PG3 12.1: an assault starts from an adjacent hex).
      const move = withUnit('move')
        .filter((a) => a.to >= 0 && nearest(a.from) > 1 && nearest(a.to) < nearest(a.from))
        .sort((a, b) => nearest(a.to) - nearest(b.to))[0];
      if (assault !== undefined && assaults === 0) {
        await selectUnit(page, assault.units[0]!);
        await clickTarget(page, assault);
        expect(await page.textContent('#odds-title')).toMatch(/assault/i);
        await page.screenshot({ path: join(SHOTS, 'web-4-assault-odds.png') });
        await page.click('#confirm');
        assaults++;
        assaultHex = assault.target;
        assaultSeq = g.actions + 1;
        continue;
      }
      if (fire !== undefined && fires < 3 && assaults !== 1) {
        await selectUnit(page, fire.units[0]!);
        await clickTarget(page, fire);
        const odds = await page.textContent('#odds-lines');
        expect(odds).toMatch(/\d/);
        if (fires === 0) await page.screenshot({ path: join(SHOTS, 'web-3-fire-odds.png') });
        await page.click('#confirm');
        fires++;
        continue;
      }
      if (move !== undefined && moves < 30) {
        await selectUnit(page, move.units[0]!);
        if (!illegalExplained) {
          // A click on a hex the unit cannot reach is explained, not played.
          const bad = g.board.hexes.length - 1;
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
      // The panel: a declaration (FIRE next to the enemy, where an assault is offered; MOVE otherwise), a leader's
      // activation (PG3 12.1: assaults need one), decisions, end, pass.
      const declare = (a: Place) => {
        const from = a.from >= 0 ? a.from : -1;
        return from >= 0 && nearest(from) <= 1 ? / will FIRE$/.test(a.label) : / will MOVE$/.test(a.label);
      };
      const pick =
        acts.find((a) => a.kind === 'decide' && !/^no /.test(a.label) && a.combat === false) ??
        acts.find((a) => a.kind === 'declare' && declare(a)) ??
        acts.find((a) => a.kind === 'declare') ??
        (assaults === 0 ? acts.find((a) => a.kind === 'activate' && /^activate leader/.test(a.label)) : undefined) ??
        acts.find((a) => a.kind === 'end') ??
        (assaults > 0 ? acts.find((a) => a.kind === 'pass') : undefined) ??
        acts.find((a) => a.kind === 'activate') ??
        acts.find((a) => a.kind === 'pass') ??
        acts.find((a) => a.kind === 'decide') ??
        acts[0]!;
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
    // PG3 12.1: the assault was made, and its result drawn at its hex (web-5-assault-result.png).
    expect(assaults).toBe(2);
    expect(sawThinking).toBe(true);
    expect(sawAnimation).toBe(true);
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
  it("PL VII.C.6: the command box plays a typed IF order at a hex no button lists, and shows a bad command's line", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}?new=1&scenario=pl-tiny&side=allied&ai=scripted&seed=2&anim=0`);
    await idle(page);
    await page.click('#command-help summary');
    expect(await page.locator('#command-lines').textContent()).toMatch(/^order U HEX/m);
    await page.fill('#command', 'dance 1');
    await page.press('#command', 'Enter');
    await expect.poll(() => page.locator('#message').textContent()).toMatch(/^unknown command "dance 1"/);
    expect(await page.inputValue('#command')).toBe('dance 1');
    // Engine unit 3 (the 81mm mortar) may be ordered to fire at 0101, which no button lists (tests/web/command.test.ts).
    const listed = await page.locator('#actions button').allTextContents();
    expect(listed.some((t) => /at 0101 next turn/.test(t))).toBe(false);
    const before = await page.evaluate(() => (globalThis as any).tacsim.game.actions as number);
    const mortar = await page.evaluate(() => {
      const g = (globalThis as any).tacsim.game;
      return g.board.units.find((u: { name: string; side: number }) => /81mm/.test(u.name) && u.side === g.human)?.unit;
    });
    await page.fill('#command', `order ${mortar} 0101`);
    await page.press('#command', 'Enter');
    await expect.poll(() => page.evaluate(() => (globalThis as any).tacsim.game.actions as number)).toBeGreaterThan(before);
    await idle(page);
    expect(await page.inputValue('#command')).toBe('');
    expect(await page.locator('#log').textContent()).toMatch(/ordered to fire indirectly at 0101 next turn/);
    await page.screenshot({ path: join(SHOTS, 'web-command.png') });
    expect(errors).toEqual([]);
  });

  it("the computer's search: iterations while it thinks, its candidates in the why panel, rule ids linked to the rule notes", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}?new=1&seed=3&ai=${encodeURIComponent('mcts:timeMs=1200')}&anim=150`);
    await idle(page);
    // Passes hand the segments to the computer, until it has searched a decision.
    let iterations = 0;
    for (let k = 0; k < 8 && (iterations === 0 || (await page.locator('#why:not([hidden])').count()) === 0); k++) {
      const acts = await legal(page);
      const pick = acts.find((a) => a.kind === 'pass') ?? acts.find((a) => a.kind === 'end') ?? acts.find((a) => !a.combat)!;
      await page.click(`#actions button[data-action="${pick.key}"]`);
      for (let t = 0; t < 300 && !(await page.evaluate(() => (globalThis as any).tacsim.idle)); t++) {
        const n = Number((await page.getAttribute('#thinking-text', 'data-iterations')) ?? '0');
        if (n > iterations) {
          iterations = n;
          await page.screenshot({ path: join(SHOTS, 'web-thinking.png') });
        }
        await page.waitForTimeout(50);
      }
      await idle(page);
    }
    expect(iterations).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#why:not([hidden]) tr').count()).toBeGreaterThan(1);
    const header = await page.locator('#why tr th').allTextContents();
    expect(header.slice(0, 3)).toEqual(['candidate', 'value', 'visits']);
    const value = await page.locator('#why tr td:nth-child(2)').first().textContent();
    expect(Number(value)).toBeGreaterThanOrEqual(-1);
    const link = page.locator('#log .rule a[href^="/rules/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/rules\/[a-z0-9-]+#r-/);
    expect(await link.getAttribute('title')).toMatch(/\S/);
    await page.screenshot({ path: join(SHOTS, 'web-why.png') });
    // The link opens the rule's notes: its anchor is on the rules page.
    const rules = await browser.newPage();
    await rules.goto(new URL(href!, server.url).href);
    const anchor = href!.slice(href!.indexOf('#') + 1);
    expect(await rules.locator(`section[id="${anchor}"] h2`).count()).toBe(1);
    await rules.close();
    expect(errors).toEqual([]);
  });
});
