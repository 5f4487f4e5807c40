/**
 * `tacsim play --web`: play's options handed over to `tacsim serve` (scenario, side, agent, seed, a record to
 * continue), and a clear one-line refusal of what the page does itself (--record).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GamePayload, Setup } from '../../src/web/client/protocol.js';
import { ROOT } from './support.js';

const BIN = join(ROOT, 'bin', 'tacsim.js');
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGINT');
});

/** Starts `tacsim ARGS` and resolves with the URL it prints. */
function startTacsim(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /Open (http:\/\/\S+) in a browser/.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.on('exit', (code) => reject(new Error(`tacsim exited with ${code}: ${err}${out}`)));
  });
}

async function json<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

async function playerTurn(url: string, id: string): Promise<GamePayload> {
  for (let k = 0; k < 2000; k++) {
    const p = await json<GamePayload>(new URL(`/api/games/${id}`, url).href);
    if (p.yourTurn || p.over !== null) return p;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the computer never handed the decision back');
}

describe('tacsim play --web', () => {
  it("starts the server with play's scenario, side, agent and seed", async () => {
    const { url, child } = await startTacsim(['play', 'pg3-tiny', '--side', 'soviet', '--ai', 'scripted', '--seed', '9', '--web', '0']);
    const setup = await json<Setup>(new URL('/api/setup', url).href);
    expect(setup.defaults).toEqual({ scenario: 'pg3-tiny', side: 'soviet', ai: 'scripted' });
    const game = await json<GamePayload>(new URL('/api/games', url).href, {});
    expect(game.seed).toBe('9');
    expect(game.scenario.sides[game.human]!.id).toBe('soviet');
    child.kill('SIGINT');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
  });

  it('continues a record given with --load as the first game', async () => {
    const { url } = await startTacsim(['play', 'pg3-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '5', '--web', '0']);
    let p = await playerTurn(url, (await json<GamePayload>(new URL('/api/games', url).href, {})).id);
    for (let k = 0; k < 4 && p.over === null; k++) {
      const a = p.legal.find((x) => x.kind !== 'pass') ?? p.legal[0]!;
      await json(new URL(`/api/games/${p.id}/actions`, url).href, { action: a.key });
      p = await playerTurn(url, p.id);
    }
    const record = await json<{ actions: string[] }>(new URL(`/api/games/${p.id}/record`, url).href);
    const file = join(mkdtempSync(join(tmpdir(), 'tacsim-web-')), 'game.json');
    writeFileSync(file, JSON.stringify(record));
    const loaded = await startTacsim(['play', '--load', file, '--web', '0']);
    const q = await playerTurn(loaded.url, (await json<GamePayload>(new URL('/api/games', loaded.url).href, {})).id);
    expect(q.actions).toBe(record.actions.length);
    expect(q.board).toEqual(p.board);
  });

  it('--record with --web is refused in one line: the page downloads the record', () => {
    const r = spawnSync(process.execPath, [BIN, 'play', 'pg3-tiny', '--web', '0', '--record', 'x.json'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--record.*Download record/);
  });
});
