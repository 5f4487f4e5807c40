/**
 * Hidden information in the browser (issue 14, item 5): a PG3 game with hidden units (PG3 16.6, pg3-large's
 * Soviet set-up) and fog of war switched on (PG3 17.4, `rule.fogOfWar`) is played through the API as the page
 * plays it, and every response body the server sends is read. None of them draws, names or places a unit the
 * player may not see, nor tells which Soviet unit carries a tank leader before it is revealed (PG3 6.8); the
 * unit numbers the page is given count only what it has been shown (no gap where a hidden unit is), and action
 * keys carry no engine numbering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { tankLeaderVisible } from '../../src/rules/pg3/render.js';
import type { Scenario } from '../../src/rules/pg3/scenario.js';
import { CARRIED, F_HIDDEN, FLAGS, HEX, type State } from '../../src/rules/pg3/state.js';
import type { GamePayload } from '../../src/web/client/protocol.js';
import type { RunningServer } from '../../src/web/server.js';
import { serve } from './support.js';

let server: RunningServer;

beforeAll(async () => {
  server = await serve();
});
afterAll(async () => {
  await server?.close();
});

/** Every body the server sent, with the request that got it. */
const bodies: { path: string; status: number; text: string }[] = [];

async function request(method: string, path: string, body?: unknown) {
  const res = await fetch(new URL(path, server.url), {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  const text = await res.text();
  bodies.push({ path, status: res.status, text });
  return { status: res.status, text };
}

describe('hidden information (PG3 16.6, 17.4)', () => {
  it('PG3 16.6: with hidden units and fog of war on, nothing sent to the page draws, names, places or counts a hidden unit', async () => {
    // What a page loads before it plays: the page, its script and style, the set-up and the rule notes.
    for (const path of ['/', '/static/app.js', '/style.css', '/api/setup']) expect((await request('GET', path)).status).toBe(200);
    const created = await request('POST', '/api/games', {
      scenario: 'pg3-large',
      side: 'german',
      ai: 'random',
      seed: '11',
      set: { 'rule.fogOfWar': true },
    });
    expect(created.status).toBe(201);
    const first = JSON.parse(created.text) as GamePayload;
    expect((await request('GET', `/api/rules/${first.scenario.system}`)).status).toBe(200);
    const g = server.store.get(first.id);
    const sc = (g.sc.game as unknown as { scenario: Scenario }).scenario;
    expect(sc.rules.fogOfWar).toBe(true);
    expect(sc.units.filter((u) => u.startHidden).length).toBe(3);
    const soviet = 1;

    /** The true position's secrets now: the Soviet units hidden from the German player, with their hexes. */
    const secretsNow = () => {
      const s = g.state as State;
      const hidden = sc.units
        .filter((u) => u.side === soviet && (s.u[u.index]![FLAGS]! & F_HIDDEN) !== 0)
        .map((u) => ({ unit: u.index, hex: s.u[u.index]![CARRIED]! === 0 ? s.u[u.index]![HEX]! : -1 }));
      return { state: s, hidden, hiddenUnits: new Set(hidden.map((h) => h.unit)), hiddenHexes: new Set(hidden.map((h) => h.hex)) };
    };
    let hiddenSeen = 0;
    let checked = 0;
    /** Unit numbers the page has been given so far. */
    const numbersSeen = new Set<number>();

    /** Hexes the page may name whoever else stands there: where units the player sees stand, and went (last payload). */
    let publicLabels = new Set<string>();
    const checkPayloadText = (text: string, words: readonly string[], units: readonly number[]) => {
      const now = secretsNow();
      hiddenSeen = Math.max(hiddenSeen, now.hidden.length);
      const hiddenLabels = now.hidden
        .filter((h) => h.hex >= 0)
        .map((h) => sc.map.grid.label(h.hex))
        .filter((label) => !publicLabels.has(label));
      for (const w of words) {
        for (const label of hiddenLabels)
          expect(w, `a hidden unit's hex ${label} in "${w}"`).not.toMatch(new RegExp(`(?<!\\d)${label}(?!\\d)`));
        for (const m of w.matchAll(/#(\d+)/g)) units = [...units, Number(m[1])];
      }
      for (const n of units) {
        const engine = g.numbers.engineUnit(n);
        expect(engine, `unit number ${n} sent but never given`).toBeDefined();
        expect(now.hiddenUnits.has(engine!), `hidden unit ${engine} sent as #${n} in ${text.slice(0, 80)}`).toBe(false);
        numbersSeen.add(n);
      }
      // The numbers given so far are 0..n-1: no gap where a unit the player may not see stands.
      expect([...numbersSeen].sort((a, b) => a - b)).toEqual([...numbersSeen].map((_, k) => k));
      checked++;
    };

    const checkPayload = (text: string) => {
      const p = JSON.parse(text) as GamePayload;
      const now = secretsNow();
      // The status line names objective hexes, public whoever stands in them: its unit numbers are checked below.
      const words: string[] = [];
      publicLabels = new Set([
        ...p.board.units.map((u) => u.where),
        ...p.log
          .filter((e) => e.place.units.length > 0)
          .flatMap((e) => [e.place.from, e.place.to].filter((h) => h >= 0).map((h) => sc.map.grid.label(h))),
      ]);
      const status = [...p.board.status.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
      const units: number[] = [...status];
      for (const u of p.board.units) {
        units.push(u.unit);
        words.push(u.name, u.details, u.where);
        const engine = g.numbers.engineUnit(u.unit);
        if (engine !== undefined && u.markers.includes('tank leader'))
          expect(tankLeaderVisible(sc, now.state, engine, 0), `a secret tank leader shown on unit ${engine}`).toBe(true);
      }
      for (const a of p.legal) {
        expect(a.key, 'an action key with engine numbers').toMatch(/^\d+\.\d+$/);
        units.push(...a.units);
        words.push(a.label);
      }
      for (const e of p.log) {
        units.push(...e.place.units);
        words.push(e.text, ...e.narration, ...(e.why ?? []).flatMap((w) => [w.label, ...(w.line ?? [])]));
        // Where a unit the player sees stood and went is public even when a hidden unit shares the hex (a visible
        // unit may stack with one, 16.6); the units themselves are checked below. Other hexes must not be a hidden unit's.
        if (e.seat === soviet)
          for (const h of e.place.units.length > 0 ? [e.place.target] : [e.place.from, e.place.to, e.place.target])
            if (h >= 0) expect(now.hiddenHexes.has(h), `a hidden unit's hex ${h} in the log`).toBe(false);
      }
      checkPayloadText(text, words, units);
      return p;
    };

    /** Polls as the page does until the player has the decision (or the game is over). */
    const playerTurn = async (id: string): Promise<GamePayload> => {
      for (let k = 0; k < 3000; k++) {
        const p = checkPayload((await request('GET', `/api/games/${id}`)).text);
        if (p.error !== null) throw new Error(p.error);
        if (p.yourTurn || p.over !== null) return p;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the computer never handed the decision back');
    };

    const rng = createRng('web-hidden');
    let p = checkPayload(created.text);
    let recordRefused = false;
    for (let step = 0; step < 80; step++) {
      p = await playerTurn(p.id);
      if (p.over !== null) break;
      // The odds of a few combat actions, as the page asks before a fire.
      for (const c of p.legal.filter((x) => x.combat).slice(0, 2)) {
        const odds = await request('GET', `/api/games/${p.id}/odds?action=${encodeURIComponent(c.key)}`);
        expect(odds.status).toBe(200);
        checkPayloadText(odds.text, JSON.parse(odds.text).lines, []);
      }
      if (step % 20 === 5) {
        const rec = await request('GET', `/api/games/${p.id}/record`);
        if (secretsNow().hidden.length > 0) {
          // The record lists every action with the engine's numbers: it waits for the end of the game.
          expect(rec.status).toBe(409);
          recordRefused = true;
        }
      }
      const moves = p.legal.filter((a) => a.kind !== 'pass');
      const a = moves.length > 0 && rng.next() < 0.85 ? moves[rng.int(moves.length)]! : p.legal[rng.int(p.legal.length)]!;
      const r = await request('POST', `/api/games/${p.id}/actions`, { action: a.key });
      expect(r.status).toBe(200);
      p = checkPayload(r.text);
    }
    expect(hiddenSeen).toBe(3);
    expect(recordRefused).toBe(true);
    expect(checked).toBeGreaterThan(100);
    // Numbers went only to units the player was shown: none to a unit still hidden at the end.
    const stillHidden = secretsNow().hidden.map((h) => h.unit);
    expect(stillHidden.length).toBeGreaterThan(0);
    for (let n = 0; n < g.numbers.size; n++) expect(stillHidden).not.toContain(g.numbers.engineUnit(n));
    expect(g.numbers.size).toBeLessThanOrEqual(sc.units.length - stillHidden.length);
    // No request of the page's kinds failed on the server.
    for (const b of bodies) expect(b.status, b.path).toBeLessThan(500);
  });

  it('a stale or unknown action key is refused with a reason, and the engine key of an action is not accepted', async () => {
    const created = JSON.parse(
      (await request('POST', '/api/games', { scenario: 'pg3-tiny', side: 'german', ai: 'scripted', seed: '4' })).text,
    );
    const id = created.id as string;
    let p = created as GamePayload;
    const wait = async (q: GamePayload): Promise<GamePayload> => {
      for (let k = 0; k < 3000 && !q.yourTurn && q.over === null; k++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        q = JSON.parse((await request('GET', `/api/games/${id}`)).text);
      }
      return q;
    };
    p = await wait(p);
    const pass = p.legal.find((a) => a.kind === 'pass')!;
    const engineKey = await request('POST', `/api/games/${id}/actions`, { action: 'pass' });
    expect(engineKey.status).toBe(400);
    expect(JSON.parse(engineKey.text).error).toMatch(/"pass" is not one of your actions now: the decision now is .*you may/);
    const played = await request('POST', `/api/games/${id}/actions`, { action: pass.key });
    expect(played.status).toBe(200);
    const q = await wait(JSON.parse(played.text) as GamePayload);
    expect(q.yourTurn).toBe(true);
    const stale = await request('POST', `/api/games/${id}/actions`, { action: pass.key });
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.text).error).toMatch(/an action of an earlier position/);
  });
});
