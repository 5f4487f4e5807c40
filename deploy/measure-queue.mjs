#!/usr/bin/env node
// Measures a queued run against a local run of the same games (docs/scale-out.md has the results):
// for N = 1, 2, 3 it plays the same games with `tacsim sim --workers N` and with N `tacsim worker`
// processes of one thread each on a redis-server it starts on a free loopback port, and prints the wall
// time, games/s, the CPU time per game (less the fixed costs of a run of a few games) of the coordinator, of the workers and of Redis, and Redis's
// commands and bytes per game. Linux only (reads /proc for CPU time).
//
//   node deploy/measure-queue.mjs [--games 600] [--scenario pg3-tiny] [--agent SIDE=SPEC ...] [--max-workers 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/tacsim.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const games = Number(arg('--games', '600'));
const scenario = arg('--scenario', 'pg3-tiny');
const maxWorkers = Number(arg('--max-workers', '3'));
const agents = process.argv.flatMap((a, i) => (a === '--agent' ? ['--agent', process.argv[i + 1]] : []));
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-measure-'));
const TICK = 100; // clock ticks a second (getconf CLK_TCK)

/** CPU seconds (user + system, all threads) of a live process. */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return undefined;
  }
}

function run(args) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  let cpu = 0;
  const poll = setInterval(() => (cpu = cpuOf(child.pid) ?? cpu), 50);
  const started = performance.now();
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) reject(new Error(`tacsim ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ wall: (performance.now() - started) / 1000, cpu });
    }),
  );
}

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function info(redis) {
  const text = await redis.info();
  const get = (k) => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    cpu: get('used_cpu_user') + get('used_cpu_sys'),
    commands: get('total_commands_processed'),
    bytes: get('total_net_input_bytes') + get('total_net_output_bytes'),
  };
}

const port = await freePort();
const url = `redis://127.0.0.1:${port}`;
const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', tmp, '--appendonly', 'yes', '--save', ''], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.on('data', (d) => /Ready to accept/.test(String(d)) && resolve()));
const redis = new Redis({ port, host: '127.0.0.1' });
const common = [scenario, '--games', String(games), '--seed', 'measure', ...agents, '--no-progress'];
const rows = [];
/** CPU of the fixed costs (start, scenario load): a run of FEW games, subtracted to give the cost per game. */
const FEW = 20;
let fixed;
try {
  {
    const few = ['sim', scenario, '--games', String(FEW), '--seed', 'measure-fixed', ...agents, '--no-progress'];
    const local = await run([...few, '--workers', '1', '--out', join(tmp, 'local-fixed')]);
    const worker = spawn(process.execPath, [bin, 'worker', '--queue', url, '--workers', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise((resolve) => worker.stderr.on('data', (d) => /taking games/.test(String(d)) && resolve()));
    const worker0 = cpuOf(worker.pid) ?? 0;
    const queued = await run([...few, '--queue', url, '--out', join(tmp, 'queue-fixed')]);
    const workerCpu = (cpuOf(worker.pid) ?? 0) - worker0;
    worker.kill('SIGINT');
    await new Promise((resolve) => worker.on('exit', resolve));
    fixed = { local: local.cpu, coordinator: queued.cpu, worker: workerCpu };
  }
  for (let n = 1; n <= maxWorkers; n++) {
    const local = await run(['sim', ...common, '--workers', String(n), '--out', join(tmp, `local-${n}`)]);
    const workers = Array.from({ length: n }, () =>
      spawn(process.execPath, [bin, 'worker', '--queue', url, '--workers', '1'], { stdio: ['ignore', 'ignore', 'pipe'] }),
    );
    await Promise.all(workers.map((w) => new Promise((resolve) => w.stderr.on('data', (d) => /taking games/.test(String(d)) && resolve()))));
    const before = await info(redis);
    const workerCpu0 = workers.map((w) => cpuOf(w.pid) ?? 0);
    const queued = await run(['sim', ...common, '--queue', url, '--out', join(tmp, `queue-${n}`)]);
    const after = await info(redis);
    const workerCpu = workers.reduce((s, w, i) => s + (cpuOf(w.pid) ?? 0) - workerCpu0[i], 0);
    for (const w of workers) w.kill('SIGINT');
    await Promise.all(workers.map((w) => new Promise((resolve) => w.on('exit', resolve))));
    rows.push({
      n,
      localWall: local.wall,
      localRate: games / local.wall,
      localCpuMs: ((local.cpu - fixed.local) / (games - FEW)) * 1000,
      queueWall: queued.wall,
      queueRate: games / queued.wall,
      coordinatorCpuMs: ((queued.cpu - fixed.coordinator) / (games - FEW)) * 1000,
      workerCpuMs: ((workerCpu - n * fixed.worker) / (games - n * FEW)) * 1000,
      redisCpuMs: ((after.cpu - before.cpu) / games) * 1000,
      commands: (after.commands - before.commands) / games,
      bytes: (after.bytes - before.bytes) / games,
    });
  }
} finally {
  redis.disconnect();
  server.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
const f = (x, d = 1) => x.toFixed(d);
console.log(`${games} games of ${scenario}${agents.length ? ` (${agents.join(' ')})` : ''}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
console.log(
  `fixed CPU (start, load): local run ${f(fixed.local, 2)} s, coordinator ${f(fixed.coordinator, 2)} s, a worker's first batch ${f(fixed.worker, 2)} s; per game below is the rest over the games`,
);
console.log('| workers | local games/s | queued games/s | queued/local | CPU ms/game local | CPU ms/game workers | coordinator | Redis | Redis commands/game | Redis bytes/game |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.n} | ${f(r.localRate)} | ${f(r.queueRate)} | ${f(r.queueRate / r.localRate, 2)} | ${f(r.localCpuMs)} | ${f(r.workerCpuMs)} | ${f(r.coordinatorCpuMs, 2)} | ${f(r.redisCpuMs, 2)} | ${f(r.commands)} | ${f(r.bytes, 0)} |`,
  );
