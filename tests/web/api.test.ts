/**
 * The web server's API: bad requests get a clear 4xx and the server keeps serving; a game record downloaded from
 * the server replays as a `tacsim play --record` one; the computer thinks off the event loop. (What the page is
 * sent of a game with hidden units: hidden.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/web/server.js';
import { serve } from './support.js';

let server: RunningServer;

beforeAll(async () => {
  server = await serve();
});
afterAll(async () => {
  await server?.close();
});

async function request(method: string, path: string, body?: string, type = 'application/json') {
  const res = await fetch(new URL(path, server.url), {
    method,
    ...(body !== undefined ? { body, headers: { 'content-type': type } } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

/** Waits (polling the server, as the page does) until the player has the decision or the game is over. */
async function playerTurn(id: string, seen: string[]): Promise<any> {
  for (let k = 0; k < 2000; k++) {
    const r = await request('GET', `/api/games/${id}`);
    seen.push(r.text);
    const p = r.json();
    if (p.error) throw new Error(p.error);
    if (p.yourTurn || p.over !== null) return p;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the computer never handed the decision back');
}

describe('bad requests', () => {
  it('an unknown game id, an illegal action, malformed JSON, a path outside the served folder: 4xx, and the server keeps serving', async () => {
    const unknown = await request('GET', '/api/games/no-such-game');
    expect(unknown.status).toBe(404);
    expect(unknown.json().error).toMatch(/no game "no-such-game"/);

    const created = await request('POST', '/api/games', JSON.stringify({ seed: '3' }));
    expect(created.status).toBe(201);
    const game = await playerTurn(created.json().id, []);

    const illegal = await request('POST', `/api/games/${game.id}/actions`, JSON.stringify({ action: 'mv 0 47' }));
    expect(illegal.status).toBe(400);
    expect(illegal.json().error).toMatch(/"mv 0 47" is not one of your actions now: the decision now is /);

    const noKey = await request('POST', `/api/games/${game.id}/actions`, JSON.stringify({}));
    expect(noKey.status).toBe(400);
    expect(noKey.json().error).toMatch(/name the action/);

    const malformed = await request('POST', `/api/games/${game.id}/actions`, '{"action": ');
    expect(malformed.status).toBe(400);
    expect(malformed.json().error).toMatch(/malformed JSON/);

    const notObject = await request('POST', '/api/games', '[1, 2]');
    expect(notObject.status).toBe(400);

    const badSide = await request('POST', '/api/games', JSON.stringify({ side: 'martians' }));
    expect(badSide.status).toBe(400);
    expect(badSide.json().error).toMatch(/no side "martians"/);

    const badAgent = await request('POST', '/api/games', JSON.stringify({ ai: 'wizard' }));
    expect(badAgent.status).toBe(400);
    expect(badAgent.json().error).toMatch(/unknown agent "wizard"/);

    const badRecord = await request(
      'POST',
      '/api/games',
      JSON.stringify({ record: { scenario: 'pg3-tiny', seed: '1', actions: ['nonsense'] } }),
    );
    expect(badRecord.status).toBe(400);
    expect(badRecord.json().error).toMatch(/action 1 \("nonsense"\) is not legal/);

    for (const path of [
      '/static/../../package.json',
      '/static/%2e%2e/%2e%2e/package.json',
      '/static/..%2f..%2fpackage.json',
      '/../package.json',
    ]) {
      const outside = await request('GET', path);
      expect(outside.status, path).toBeGreaterThanOrEqual(400);
      expect(outside.status, path).toBeLessThan(500);
      expect(outside.text).not.toMatch(/"name": "tacsim"/);
    }

    const pass = game.legal.find((a: { kind: string }) => a.kind === 'pass');
    const odds = await request('GET', `/api/games/${game.id}/odds?action=${encodeURIComponent(pass.key)}`);
    expect(odds.status).toBe(200);
    expect(odds.json().lines).toEqual([]);

    // Still serving: the page, its script, the game.
    expect((await request('GET', '/')).status).toBe(200);
    expect((await request('GET', '/static/app.js')).status).toBe(200);
    expect((await request('GET', `/api/games/${game.id}`)).status).toBe(200);
  });

  it('the downloaded record is the terminal format and continues as a new game at the same position', async () => {
    const created = (await request('POST', '/api/games', JSON.stringify({ seed: '5' }))).json();
    let p = await playerTurn(created.id, []);
    for (let k = 0; k < 6 && p.over === null; k++) {
      const a = p.legal.find((x: { kind: string }) => x.kind !== 'pass') ?? p.legal[0];
      expect((await request('POST', `/api/games/${p.id}/actions`, JSON.stringify({ action: a.key }))).status).toBe(200);
      p = await playerTurn(p.id, []);
    }
    const record = (await request('GET', `/api/games/${p.id}/record`)).json();
    expect(record).toMatchObject({
      format: 'tacsim-record/1',
      scenario: 'pg3-tiny',
      seed: '5',
      agents: { german: 'human', soviet: 'scripted' },
    });
    expect(record.actions.length).toBe(p.actions);
    expect(record.hashes.length).toBe(p.actions);
    const loaded = (await request('POST', '/api/games', JSON.stringify({ record }))).json();
    const q = await playerTurn(loaded.id, []);
    expect(q.actions).toBe(p.actions);
    expect(q.board).toEqual(p.board);
  });
});

describe("the computer's turn", () => {
  it('searches off the event loop: the server answers while MCTS thinks, then logs its choice with iterations and its best candidates', async () => {
    const created = await request('POST', '/api/games', JSON.stringify({ ai: 'mcts:timeMs=800', seed: '2' }));
    let first = created.json();
    // Play until the computer has a decision to make.
    for (let k = 0; k < 50 && first.thinking === null; k++) {
      const a = first.legal.find((x: { kind: string }) => x.kind === 'pass') ?? first.legal[0];
      first = (await request('POST', `/api/games/${first.id}/actions`, JSON.stringify({ action: a.key }))).json();
    }
    expect(first.thinking).not.toBeNull();
    // Answered during the search: a search on the server's own thread would have finished before this reply.
    const during = (await request('GET', `/api/games/${first.id}`)).json();
    expect(during.thinking).toMatchObject({ seat: 1 });
    expect(during.legal).toEqual([]);
    const refused = await request('POST', `/api/games/${first.id}/actions`, JSON.stringify({ action: 'pass' }));
    expect(refused.status).toBe(409);
    // The worker reports its iterations while it searches: the thinking indicator counts them.
    let iterationsWhileThinking = 0;
    for (let k = 0; k < 2000; k++) {
      const now = (await request('GET', `/api/games/${first.id}`)).json();
      if (now.thinking === null && (now.yourTurn || now.over !== null)) break;
      iterationsWhileThinking = Math.max(iterationsWhileThinking, now.thinking?.iterations ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(iterationsWhileThinking).toBeGreaterThan(0);
    const p = await playerTurn(first.id, []);
    const computer = p.log.filter((e: { seat: number }) => e.seat === 1);
    expect(computer.length).toBeGreaterThan(0);
    const searched = computer.find((e: { iterations: number }) => e.iterations > 0);
    expect(searched).toBeDefined();
    expect(searched.why.length).toBeGreaterThan(0);
    expect(searched.why[0]).toMatchObject({ label: expect.any(String), value: expect.any(Number), visits: expect.any(Number) });
  });
});
