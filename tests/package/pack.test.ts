/**
 * The published package, for real: `npm pack` on a copy of the repository (its `prepare` script builds dist/),
 * `npm install` of the tarball into an empty folder, then the `tacsim` command and the package entry used
 * from there. Needs the npm registry for the dependencies (cached ones are used first).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The environment of a fresh shell: no npm_* settings inherited from an `npm test` that runs this file. */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));

function run(command: string, args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(command, args, {
    cwd,
    env: { ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function succeed(command: string, args: string[], cwd: string): string {
  const r = run(command, args, cwd);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.code}:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

let packed: string[] = [];
let app = '';

beforeAll(() => {
  // Pack a copy without dist/, so the package's dist/ can only come from the build `npm pack` runs, and so the
  // build never rewrites the dist/ the other test files are loading.
  const source = join(tmp, 'source');
  const skip = new Set(['node_modules', 'dist', 'results', '.git']);
  cpSync(root, source, { recursive: true, filter: (src) => src === root || !(dirname(src) === root && skip.has(basename(src))) });
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  const packDir = join(tmp, 'pack');
  mkdirSync(packDir);
  const out = succeed('npm', ['pack', '--json', '--pack-destination', packDir], source);
  const report = JSON.parse(out.slice(out.search(/^\[/m))) as { filename: string; files: { path: string }[] }[];
  packed = report[0]!.files.map((f) => f.path);

  app = join(tmp, 'app');
  mkdirSync(app);
  succeed('npm', ['init', '-y'], app);
  succeed('npm', ['install', join(packDir, report[0]!.filename), '--no-audit', '--no-fund', '--prefer-offline'], app);
}, 900_000);

describe('npm pack', () => {
  it('ships the launcher, the compiled program with its types, and the scenarios with their charts and counters', () => {
    expect(packed).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'bin/tacsim.js',
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/cli/main.js',
        'dist/src/harness/worker.js',
        'dist/agents/index.js',
        'scenarios/pg3/pg3-tiny.json',
        'scenarios/pg3/charts/reference.json',
        'scenarios/pg3/counters/reference.json',
      ]),
    );
  });

  it('ships no tests, no TypeScript sources and no source maps', () => {
    expect(
      packed.filter(
        (p) =>
          /^(tests|src|agents|benchmarks|scripts|dist\/tests)\//.test(p) ||
          p.endsWith('.map') ||
          (p.endsWith('.ts') && !p.endsWith('.d.ts')),
      ),
    ).toEqual([]);
  });
});

describe('the installed package', () => {
  it('runs `npx tacsim sim pg3-tiny --games 10` to a summary', () => {
    const r = run('npx', ['--no', 'tacsim', 'sim', 'pg3-tiny', '--games', '10', '--workers', '1', '--no-progress', '--seed', '7'], app);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^pg3-tiny: 10 games, seed 7$/m);
    expect(r.stdout).toMatch(/^german +\d+ +\d+ +\d+ +[\d.]+%/m);
    expect(r.stdout).toMatch(/^soviet +\d+ +\d+ +\d+ +[\d.]+%/m);
    expect(r.stdout).toMatch(/^game length: [\d.]+ turns/m);
  });

  it('exports the scenario loader, the agents and the harness from its entry', () => {
    const script = `
      const m = await import('tacsim');
      const kinds = Object.fromEntries(['createAgent', 'describeAgents', 'ScriptedAgent', 'MctsAgent', 'RandomAgent', 'loadScenario',
        'runSimulation', 'balanceSearch', 'InputError'].map((k) => [k, typeof m[k]]));
      console.log(JSON.stringify({ kinds, scenario: m.loadScenario('pg3-tiny').id }));`;
    const out = JSON.parse(succeed(process.execPath, ['--input-type=module', '-e', script], app)) as {
      kinds: Record<string, string>;
      scenario: string;
    };
    expect(out.kinds).toEqual({
      createAgent: 'function',
      describeAgents: 'function',
      ScriptedAgent: 'function',
      MctsAgent: 'function',
      RandomAgent: 'function',
      loadScenario: 'function',
      runSimulation: 'function',
      balanceSearch: 'function',
      InputError: 'function',
    });
    expect(out.scenario).toBe('pg3-tiny');
  });
});
