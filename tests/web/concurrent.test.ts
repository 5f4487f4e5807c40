/**
 * One server, 50 games at once (pg3-tiny, the computer on the worker pool): a test client plays each player's
 * side with seeded random choices through the API; every game reaches its end with no error, and the server
 * answers every request meanwhile.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import type { RunningServer } from '../../src/web/server.js';
import { serve } from './support.js';

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ ai: 'random' });
});
afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(new URL(path, server.url), {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  const data = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${data.error}`);
  return data;
}

async function playOne(n: number): Promise<{ over: string; actions: number }> {
  const rng = createRng(`concurrent/${n}`);
  let p = await call('POST', '/api/games', { seed: String(n), side: n % 2 === 0 ? 'german' : 'soviet' });
  for (let k = 0; k < 20_000; k++) {
    if (p.error) throw new Error(`game ${n}: ${p.error}`);
    if (p.over !== null) return { over: p.over, actions: p.actions };
    if (!p.yourTurn) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      p = await call('GET', `/api/games/${p.id}`);
      continue;
    }
    // Passing often keeps the games short; the rest is random.
    const ending = p.legal.filter((x: { kind: string }) => x.kind === 'pass' || x.kind === 'end');
    const a = ending.length > 0 && rng.next() < 0.5 ? ending[0] : p.legal[rng.int(p.legal.length)];
    p = await call('POST', `/api/games/${p.id}/actions`, { action: a.key });
  }
  throw new Error(`game ${n} did not end`);
}

it('50 concurrent games on one server all finish with no error', async () => {
  const results = await Promise.all(Array.from({ length: 50 }, (_, n) => playOne(n)));
  expect(results).toHaveLength(50);
  for (const r of results) {
    expect(r.over).toMatch(/^Game over after turn \d/);
    expect(r.actions).toBeGreaterThan(10);
  }
  // Still serving.
  expect((await fetch(server.url)).status).toBe(200);
}, 240_000);
