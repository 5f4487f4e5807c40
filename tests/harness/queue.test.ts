/**
 * Queued runs (--queue, tacsim worker) against a real Redis: the Debian redis-server, started here on a
 * free loopback port with appendonly persistence. Every run's games.csv must equal a local run's of the
 * same command and seed (the ms column aside), whatever happens to workers, Redis or the coordinator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/harness/csv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin/tacsim.js');
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-queue-'));

function findRedisServer(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/usr/sbin', '/usr/local/bin']))
    if (dir && existsSync(join(dir, 'redis-server'))) return join(dir, 'redis-server');
  return undefined;
}
const redisServer = findRedisServer();
const onCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
if (!redisServer && !onCi)
  console.warn('tests/harness/queue.test.ts skipped: redis-server is not installed (apt-get install redis-server); on CI it must be');

const GAMES = 200;
const SEED = 'queue';

/** games.csv without the ms column (the only column that is not deterministic). */
function csvWithoutMs(dir: string): string {
  const rows = parseCsv(readFileSync(join(dir, 'games.csv'), 'utf8'));
  const ms = rows[0]!.indexOf('ms');
  return rows.map((r) => r.filter((_, i) => i !== ms).join(',')).join('\n');
}

function journalRows(dir: string): number {
  const file = join(dir, 'games.journal.jsonl');
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '').length;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A child process whose output is kept, and whose end can be awaited. */
class Proc {
  out = '';
  err = '';
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.err += d.toString()));
    // 'close', not 'exit': a process can exit before the test has read all it wrote, and the
    // checks below read the last lines a killed worker printed.
    this.exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  }
}

const running = new Set<Proc>();
function start(command: string, args: string[]): Proc {
  const p = new Proc(spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }));
  running.add(p);
  void p.exited.then(() => running.delete(p));
  return p;
}
const tacsim = (...args: string[]) => start(process.execPath, [bin, ...args]);

/** Polls `condition` (on the run's progress, not the clock) until it holds. */
async function until(condition: () => boolean, what: string, tries = 6000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** A redis-server on a free loopback port, with appendonly persistence (fsync at every write) in its own folder. */
class RedisServer {
  proc: Proc | undefined;
  readonly dir: string;
  private constructor(readonly port: number) {
    this.dir = mkdtempSync(join(tmp, 'redis-'));
  }
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.up();
    return server;
  }
  async up(): Promise<void> {
    const p = start(redisServer!, [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
    ]);
    this.proc = p;
    await until(() => /Ready to accept connections/.test(p.out) || p.child.exitCode !== null, 'redis-server to start');
    if (p.child.exitCode !== null) throw new Error(`redis-server did not start: ${p.out}${p.err}`);
  }
  /** Shuts Redis down as a restart does (SIGTERM: it writes the append-only file and exits). */
  async down(): Promise<void> {
    this.proc?.child.kill('SIGTERM');
    await this.proc?.exited;
  }
}

/** `count` worker processes of one thread each, with a short stall timeout so a killed worker's batch comes back soon. */
function startWorkers(url: string, count: number): Proc[] {
  return Array.from({ length: count }, () => tacsim('worker', '--queue', url, '--workers', '1', '--stall-timeout', '2'));
}

async function stopWorkers(workers: Proc[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGINT');
  await Promise.all(workers.map((w) => w.exited));
}

let outN = 0;
const out = () => join(tmp, `run-${outN++}`);
const simArgs = (dir: string, url: string) => [
  'sim',
  'pg3-tiny',
  '--games',
  String(GAMES),
  '--seed',
  SEED,
  '--queue',
  url,
  '--out',
  dir,
  '--no-progress',
];

const skip = !redisServer && !onCi;
describe.skipIf(skip)(`queued runs on Redis (--queue, tacsim worker)${skip ? ': skipped, redis-server is not installed' : ''}`, () => {
  let local: string;
  let localTurns: string;
  let redis: RedisServer | undefined;

  beforeAll(async () => {
    expect(redisServer, 'redis-server must be installed on CI (.ci/run installs it)').toBeDefined();
    const dir = out();
    const run = tacsim('sim', 'pg3-tiny', '--games', String(GAMES), '--seed', SEED, '--workers', '1', '--out', dir, '--no-progress');
    expect(await run.exited, run.err).toBe(0);
    local = csvWithoutMs(dir);
    localTurns = readFileSync(join(dir, 'turns.csv'), 'utf8');
    expect(local.split('\n')).toHaveLength(GAMES + 1);
  });

  afterEach(async () => {
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all([...running].map((p) => p.exited));
    redis = undefined;
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('200 games on three worker processes give the games.csv of a local run', async () => {
    redis = await RedisServer.start();
    const workers = startWorkers(redis.url, 3);
    const dir = out();
    const run = tacsim(...simArgs(dir, redis.url));
    expect(await run.exited, run.err).toBe(0);
    expect(csvWithoutMs(dir)).toBe(local);
    // The per-turn file rides along with each game's row: the same as the local run's too.
    expect(readFileSync(join(dir, 'turns.csv'), 'utf8')).toBe(localTurns);
    // Every worker took part, and said what it played.
    for (const w of workers) expect(w.err).toMatch(/job \S+: \d+ games? \(game/);
    // balance and tournament take --queue too: a tournament's result is the local one's.
    const args = [
      'tournament',
      'pg3-tiny',
      'scripted',
      'scripted:aggression=0.9',
      '--games-per-pair',
      '8',
      '--seed',
      '3',
      '--json',
      '--no-progress',
    ];
    const here = tacsim(...args, '--workers', '1');
    const there = tacsim(...args, '--queue', redis.url);
    expect(await here.exited, here.err).toBe(0);
    expect(await there.exited, there.err).toBe(0);
    expect(JSON.parse(there.out)).toEqual(JSON.parse(here.out));
    await stopWorkers(workers);
  });

  it('a game that throws is an error row on the queue as in a local run (a system and agents loaded from modules)', async () => {
    redis = await RedisServer.start();
    const workers = startWorkers(redis.url, 1);
    const fixture = join(root, 'dist/src/harness/testing/dice-race.js');
    const args = (dir: string) => [
      'sim',
      join(root, 'tests/harness/fixtures/dice-race.json'),
      '--system-module',
      fixture,
      '--agent-module',
      fixture,
      '--agent',
      'east=random',
      '--agent',
      'west=random',
      '--set',
      'failRate=0.02',
      '--games',
      '40',
      '--seed',
      'throws',
      '--out',
      dir,
      '--no-progress',
    ];
    const [here, there] = [out(), out()];
    const localRun = tacsim(...args(here), '--workers', '1');
    const queued = tacsim(...args(there), '--queue', redis.url);
    // Exit 1: some games failed, and the run says so.
    expect(await localRun.exited, localRun.err).toBe(1);
    expect(await queued.exited, queued.err).toBe(1);
    expect(csvWithoutMs(there)).toBe(csvWithoutMs(here));
    expect(csvWithoutMs(there)).toContain('dice-race: injected failure');
    await stopWorkers(workers);
  });

  it('a worker SIGKILLed halfway through a batch: its batch is played again by the others, the results the same', async () => {
    redis = await RedisServer.start();
    const workers = startWorkers(redis.url, 3);
    const victim = workers[0]!;
    const dir = out();
    const run = tacsim(...simArgs(dir, redis.url));
    // Halfway, and just after the victim started a batch: a batch is sized to take about a second, so
    // the kill lands before it has sent the batch's rows. (Killed later, it may have sent them all and
    // died before saying "done", and then nobody needs to play them again.)
    const jobLines = () => victim.err.split('\n').filter((l) => / job \S+: /.test(l));
    let linesBefore = -1;
    await until(() => {
      if (journalRows(dir) < GAMES / 2 - 40) return false;
      const lines = jobLines();
      const fresh = linesBefore >= 0 && lines.length > linesBefore && !/: done in /.test(lines.at(-1)!);
      linesBefore = lines.length;
      return fresh;
    }, 'the victim to start a batch halfway through the run');
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(await run.exited, run.err).toBe(0);
    expect(csvWithoutMs(dir)).toBe(local);
    // The batch it had not finished was played by another worker: the same job again (taken back from
    // the stalled worker) or a new one the coordinator queued with its missing games. A worker's last
    // lines can reach the test after the run has ended, so they are waited for.
    const killed = / job \S+: \d+ games? \((?:game (\d+)|games \d+\.\.(\d+))\)/.exec(jobLines().at(-1)!)!;
    const lastGame = Number(killed[1] ?? killed[2]);
    const playedByOthers = () =>
      workers.slice(1).some((w) => {
        const lines = w.err.split('\n');
        return lines.some((l) => {
          const m = / job (\S+): \d+ games? \((?:game (\d+)|games (\d+)\.\.(\d+))\)/.exec(l);
          if (!m) return false;
          const [from, to] = m[2] !== undefined ? [Number(m[2]), Number(m[2])] : [Number(m[3]), Number(m[4])];
          return from <= lastGame && lastGame <= to && lines.some((d) => d.includes(`job ${m[1]}: done in`));
        });
      });
    await until(playedByOthers, `another worker to finish the victim's game ${lastGame}`, 500);
    await stopWorkers(workers.slice(1));
  });

  it('Redis restarted halfway: nothing is lost, the results the same', async () => {
    const server = await RedisServer.start();
    redis = server;
    const workers = startWorkers(server.url, 3);
    const dir = out();
    const run = tacsim(...simArgs(dir, server.url));
    await until(() => journalRows(dir) >= GAMES / 2, 'half of the games');
    await server.down();
    const before = journalRows(dir);
    await server.up();
    expect(await run.exited, run.err).toBe(0);
    expect(before).toBeLessThan(GAMES);
    expect(csvWithoutMs(dir)).toBe(local);
    await stopWorkers(workers);
  });

  it('the coordinator stopped halfway and resumed with --resume: the finished rows are kept, the results the same', async () => {
    redis = await RedisServer.start();
    const workers = startWorkers(redis.url, 3);
    const dir = out();
    const first = tacsim(...simArgs(dir, redis.url));
    await until(() => journalRows(dir) >= GAMES / 2, 'half of the games');
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    const kept = parseCsv(readFileSync(join(dir, 'games.csv'), 'utf8')).length - 1;
    expect(kept).toBeGreaterThanOrEqual(GAMES / 2);
    expect(kept).toBeLessThan(GAMES);
    const resumed = tacsim('sim', '--resume', dir, '--queue', redis.url, '--no-progress');
    expect(await resumed.exited, resumed.err).toBe(0);
    expect(csvWithoutMs(dir)).toBe(local);
    await stopWorkers(workers);
  });

  it('a Redis that cannot be reached: exit 2 and one line naming the URL, its password masked', async () => {
    const port = await freePort();
    const sim = tacsim('sim', 'pg3-tiny', '--games', '1', '--queue', `redis://:s3cret@127.0.0.1:${port}/0`, '--out', out());
    expect(await sim.exited).toBe(2);
    expect(sim.err.trim().split('\n')).toHaveLength(1);
    expect(sim.err).toContain(`--queue: cannot use Redis at redis://:***@127.0.0.1:${port}/0`);
    expect(sim.err).not.toContain('s3cret');
    const worker = tacsim('worker', '--queue', 'http://127.0.0.1:6379');
    expect(await worker.exited).toBe(2);
    expect(worker.err.trim().split('\n')).toHaveLength(1);
    expect(worker.err).toContain('redis:// or rediss://');
  });
});
