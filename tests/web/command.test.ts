/**
 * Commands typed on the page (POST /api/games/:id/command): the terminal prompt's short commands, with the page's
 * unit numbers. They reach the choices the rules give the player that the listed buttons leave out (a system's
 * wider choices, Game.actionOf); bad ones get a 4xx with one line and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionByKey } from '../../src/core/game.js';
import { loadScenario } from '../../src/scenarios.js';
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

async function request(method: string, path: string, body?: unknown) {
  const res = await fetch(new URL(path, server.url), {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) };
}

async function playerTurn(id: string): Promise<GamePayload> {
  for (let k = 0; k < 2000; k++) {
    const p = (await request('GET', `/api/games/${id}`)).json() as GamePayload;
    if (p.error !== null) throw new Error(p.error);
    if (p.yourTurn || p.over !== null) return p;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the computer never handed the decision back');
}

/** The page's number of engine unit `unit` (it must have been shown). */
function pageNumber(id: string, unit: number): number {
  const g = server.store.get(id);
  for (let n = 0; n < g.numbers.size; n++) if (g.numbers.engineUnit(n) === unit) return n;
  throw new Error(`unit ${unit} was never shown to the page`);
}

describe('typed commands', () => {
  it("PL VII.C.6: an IF order at a hex the buttons do not list, typed with the page's unit number, is played", async () => {
    const pl = loadScenario('pl-tiny');
    const created = await request('POST', '/api/games', { scenario: 'pl-tiny', side: pl.sides[0]!.id, ai: 'scripted', seed: '2' });
    expect(created.status).toBe(201);
    const p = await playerTurn(created.json().id);
    expect(p.scenario.commands.some((l) => l.startsWith('order'))).toBe(true);
    const g = server.store.get(p.id);
    const game = g.sc.game;
    // Engine unit 3 may be ordered to fire at hex 0 (found by the rules), which is not among the listed actions.
    expect(game.legalActions(g.state)).not.toContain('order 3 0');
    expect(actionByKey(game, g.state, 'order 3 0')).toBe('order 3 0');
    const label = p.board.hexes.find((h) => h.hex === 0)!.label;
    const r = await request('POST', `/api/games/${p.id}/command`, { command: `Order ${pageNumber(p.id, 3)} ${label}` });
    expect(r.status).toBe(200);
    expect(g.actions[0]).toBe('order 3 0');
    const after = r.json() as GamePayload;
    expect(after.log.at(-1)?.seat).toBe(0);
  });

  it('an unknown command, a unit number the page never showed, a malformed body: 400 with one line, and nothing played', async () => {
    const created = (await request('POST', '/api/games', { seed: '4' })).json() as GamePayload;
    const p = await playerTurn(created.id);
    const before = p.actions;
    const unknown = await request('POST', `/api/games/${p.id}/command`, { command: 'dance 1 2' });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error).toMatch(/^unknown command "dance 1 2"/);
    const noUnit = await request('POST', `/api/games/${p.id}/command`, { command: 'move 999 0101' });
    expect(noUnit.status).toBe(400);
    expect(noUnit.json().error).toBe('there is no unit #999 on your page');
    const empty = await request('POST', `/api/games/${p.id}/command`, { command: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json().error).toMatch(/type a command/);
    expect(((await request('GET', `/api/games/${p.id}`)).json() as GamePayload).actions).toBe(before);
  });

  it("a listed action typed as the terminal's command is the same decision as its button", async () => {
    const created = (await request('POST', '/api/games', { seed: '4' })).json() as GamePayload;
    let p = await playerTurn(created.id);
    // Play the first listed action until passing is among them, then pass by the typed command.
    for (let k = 0; k < 40 && !p.legal.some((a) => a.kind === 'pass') && p.over === null; k++) {
      await request('POST', `/api/games/${p.id}/actions`, { action: p.legal[0]!.key });
      p = await playerTurn(p.id);
    }
    const pass = p.legal.find((a) => a.kind === 'pass');
    expect(pass).toBeDefined();
    const g = server.store.get(p.id);
    const n = g.actions.length;
    const r = await request('POST', `/api/games/${p.id}/command`, { command: 'pass' });
    expect(r.status).toBe(200);
    expect(g.actions.length).toBeGreaterThan(n);
    expect((r.json() as GamePayload).log.find((e) => e.seat === p.human)?.text).toBe(pass!.label);
  });
});
