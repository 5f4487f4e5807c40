/**
 * The input fuzzer of issue 13, kept as a test: a seeded generator of malformed scenarios, chart packs,
 * counter manifests, game records and command lines, each run through `tacsim` (most in-process through
 * the CLI's entry function `main(argv)`, a share as real processes). Every case must end in a successful
 * run, or exit 2 with one line naming the file or flag, the place and the problem (a replay that does not
 * verify: exit 1 with one "replay failed" line); never a stack trace, an "unexpected error", a hang, an
 * accepted input whose game then fails, or a neutral edit (ids renamed, keys reordered) that changes a result.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_FORMAT } from '../../src/cli/record.js';
import type { Rng } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { loadScenario } from '../../src/scenarios.js';
import { root } from './run-tacsim.js';

/** Cases generated (the issue asks for at least 300) and the seed they come from. */
const CASES = 320;
const SEED = 'tacsim-fuzz-1';
/** Every how many cases one runs as a real process instead of in-process. */
const SUBPROCESS_EVERY = 16;
/** Longest a case may take before it counts as a hang. */
const CASE_LIMIT_MS = 30_000;

const tmp = mkdtempSync(join(tmpdir(), 'tacsim-fuzz-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Json = any;
interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}
/** What a case must end in. `either`: success or a clean refusal; `refuse`: a clean refusal (exit 2, or 1 for a replay that fails); `same`: success with the games of `baseline`. */
type Expectation = { kind: 'either' } | { kind: 'refuse' } | { kind: 'same'; baseline: string };
interface Case {
  what: string;
  args: string[];
  expect: Expectation;
  /** A directory whose games.csv to compare (for `same`). */
  out?: string;
}

// ---- In-process and real runs of `tacsim ARGS` ----

let main: (argv: readonly string[]) => Promise<void>;

beforeAll(async () => {
  // Importing the CLI runs it once with process.argv: give it a harmless command, and keep its output.
  const argv = process.argv;
  const write = process.stdout.write;
  process.argv = [argv[0]!, 'tacsim', '--version'];
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    ({ main } = await import('../../src/cli/main.js'));
  } finally {
    process.argv = argv;
    process.stdout.write = write;
    process.exitCode = undefined;
  }
  process.stdout.setMaxListeners(0);
});

async function inProcess(args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  process.stdout.write = ((chunk: unknown) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  process.exitCode = undefined;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let hung = false;
  try {
    await Promise.race([
      main(['node', 'tacsim', ...args]),
      new Promise<void>((done) => {
        timer = setTimeout(() => {
          hung = true;
          done();
        }, CASE_LIMIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
  }
  const code = hung ? -1 : Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  return { code, stdout: out.join(''), stderr: err.join(''), ms: performance.now() - started };
}

function subprocess(args: string[]): Promise<Run> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'bin', 'tacsim.js'), ...args], {
      cwd: tmp,
      env: { ...process.env, NO_COLOR: '1', TACSIM_DEBUG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), CASE_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout, stderr, ms: performance.now() - started });
    });
  });
}

// ---- Inputs: the shipped tiny scenarios of both systems, and records of their games ----

let fileNo = 0;
const fresh = (name: string) => join(tmp, `${++fileNo}-${name}`);
function writeText(name: string, text: string): string {
  const file = fresh(name);
  writeFileSync(file, text);
  return file;
}
const readJson = (path: string): Json => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** JSON text in which the string RAW_INFINITY becomes a number JSON.parse reads as Infinity. */
const RAW_INFINITY = '\u0000raw:1e400';
const jsonText = (data: unknown) => JSON.stringify(data, null, 1).replaceAll(`"${RAW_INFINITY}"`, '1e400');

const BUILT_INS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  '',
  'x',
  'P',
  -1,
  0,
  0.5,
  2.5,
  16384,
  40000,
  1e308,
  -1e308,
  RAW_INFINITY,
  2 ** 53 + 2,
  [],
  {},
  [1, 2],
  { a: 1 },
  'x'.repeat(5000),
  ...BUILT_INS,
];

/** Every path into the JSON tree (objects and arrays included), the root excepted. */
function paths(node: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof node !== 'object' || node === null) return out;
  const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
  for (const k of keys) {
    const p = [...prefix, k];
    out.push(p);
    paths(node[k], p, out);
  }
  return out;
}
const parentOf = (data: Json, path: (string | number)[]): Json => path.slice(0, -1).reduce((n, k) => n[k], data);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

/** One random structural edit of `data` (a copy), described. */
function mutate(rng: Rng, source: Json): { data: Json; what: string } {
  const data = structuredClone(source);
  const all = paths(data);
  const numbers = all.filter((p) => typeof parentOf(data, p)[p[p.length - 1]!] === 'number');
  if (numbers.length > 0 && rng.int(3) === 0) {
    // A plausible number in place of another: most are accepted, and the game must then run.
    const path = pick(rng, numbers);
    const value = pick(rng, [0, 1, 2, 3, 6, 12, 20, 60, 99]);
    parentOf(data, path)[path[path.length - 1]!] = value;
    return { data, what: `set ${path.join('.')} to ${value}` };
  }
  const path = pick(rng, all);
  const parent = parentOf(data, path);
  const key = path[path.length - 1]!;
  const where = path.join('.');
  switch (rng.int(6)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return { data, what: `delete ${where}` };
    case 1: {
      const name = Array.isArray(parent) ? undefined : pick(rng, [...BUILT_INS, `${String(key)}x`, String(key).slice(1)]);
      if (name === undefined) {
        parent.push(structuredClone(parent[key]));
        return { data, what: `duplicate ${where}` };
      }
      const renamed: Json = {};
      for (const [k, v] of Object.entries(parent))
        Object.defineProperty(renamed, k === key ? name : k, { value: v, enumerable: true, writable: true, configurable: true });
      if (path.length === 1) return { data: renamed, what: `rename ${where} to ${name}` };
      parentOf(data, path.slice(0, -1) as (string | number)[])[path[path.length - 2]!] = renamed;
      return { data, what: `rename ${where} to ${name}` };
    }
    case 2:
      if (!Array.isArray(parent)) {
        Object.defineProperty(parent, pick(rng, BUILT_INS), { value: structuredClone(parent[key]), enumerable: true, writable: true });
        return { data, what: `add a built-in key beside ${where}` };
      }
      parent[key as number] = structuredClone(pick(rng, ODD_VALUES));
      return { data, what: `set ${where}` };
    default: {
      const value = structuredClone(pick(rng, ODD_VALUES));
      parent[key] = value;
      return { data, what: `set ${where} to ${typeof value === 'string' ? value.slice(0, 20) : JSON.stringify(value)}` };
    }
  }
}

/** Broken text: cut short, empty, not an object. */
function brokenText(rng: Rng, text: string): { text: string; what: string } {
  const cut = rng.int(text.length);
  return pick(rng, [
    { text: text.slice(0, cut), what: `cut at ${cut}` },
    { text: '', what: 'empty' },
    { text: 'null', what: 'null' },
    { text: '[]', what: 'an array' },
    { text: '"pg3"', what: 'a string' },
    { text: '\u00ff\u00fe\u0000\u0001', what: 'binary' },
  ]);
}

/** A scenario, chart pack and counter manifest of a system, with paths between them made absolute. */
function systemFiles(system: 'pg3' | 'spg') {
  return {
    scenario: readJson(`scenarios/${system}/${system}-tiny.json`),
    charts: readJson(`scenarios/${system}/charts/reference.json`),
    counters: readJson(`scenarios/${system}/counters/reference.json`),
  };
}

const simArgs = (scenario: string, out: string) => [
  'sim',
  scenario,
  '--games',
  '1',
  '--workers',
  '0',
  '--seed',
  'fuzz',
  '--no-progress',
  '--agent',
  'german=random',
  '--agent',
  'soviet=random',
  '--out',
  out,
];

/** A play record of a random game of a shipped tiny scenario, made with the loader directly. */
function playRecord(id: string, seed: string): Json {
  const sc = loadScenario(id);
  const dice = createRng(seed);
  const choose = createRng(`${seed}/choose`);
  let state = sc.initialState(dice);
  const actions: string[] = [];
  const hashes: string[] = [];
  while (!sc.game.isTerminal(state)) {
    const legal = sc.game.legalActions(state);
    const action = legal[choose.int(legal.length)];
    actions.push(sc.game.actionKey(action));
    state = sc.game.apply(state, action, dice);
    hashes.push(sc.stateHash(state));
  }
  const o = sc.outcome(state);
  const side = o.winner === null ? null : sc.sides[o.winner]!.id;
  return {
    format: RECORD_FORMAT,
    scenario: id,
    system: sc.system,
    options: {},
    seed,
    agents: { german: 'random', soviet: 'random' },
    actions,
    hashes,
    outcome: { ...o, winnerSide: side },
    winner: side ?? 'draw',
  };
}

/** Edits of a record that change what it claims: each one must make replay fail. */
const RECORD_EDITS: [string, (r: Json, rng: Rng) => void][] = [
  ['drop the last actions', (r, rng) => void r.actions.splice(-1 - rng.int(20))],
  ['drop every action', (r) => void (r.actions = [])],
  ['drop an action', (r, rng) => void r.actions.splice(rng.int(r.actions.length), 1)],
  ['swap two actions', (r, rng) => void r.actions.splice(rng.int(r.actions.length - 1), 2, ...r.actions.slice(0, 2).reverse())],
  ['replace an action', (r, rng) => void (r.actions[rng.int(r.actions.length)] = pick(rng, ['pass', 'mv 0 47', '', 'constructor']))],
  ['change a hash', (r, rng) => r.hashes && void (r.hashes[rng.int(r.hashes.length)] = '00000000')],
  ['change the VP', (r) => r.outcome && void (r.outcome.vp = r.outcome.vp.map((v: number) => v + 3))],
  ['change the winner seat', (r) => r.outcome && void (r.outcome.winner = r.outcome.winner === 0 ? 1 : 0)],
  ['change the winning side', (r) => void (r.winner = r.winner === 'german' ? 'soviet' : 'german')],
  ['change the turns', (r) => r.outcome && void (r.outcome.turns += 1)],
  ['change the format', (r) => void (r.format = 'tacsim-record/9')],
  ['change the system', (r, rng) => void (r.system = pick(rng, ['spg', 'pg3', 'chess']))],
  ['change the seed', (r) => void (r.seed = `${r.seed}x`)],
  ['change the scenario', (r, rng) => void (r.scenario = pick(rng, ['pg3-tiny', 'spg-tiny', 'pg3-medium', 'nosuch']))],
  ['set an impossible option', (r) => void (r.options = { set: { turns: 1000 } })],
];

/** The edits of RECORD_EDITS that change the action list itself. */
const ACTION_EDITS = new Set(['drop an action', 'swap two actions', 'replace an action']);

// ---- Command lines ----

const FLAG_VALUES: Record<string, string[]> = {
  '--games': ['1', '0', '-1', '2.5', 'abc', '', '+1', '01', ' 1'],
  '--workers': ['0', '-1', 'x', '1.5'],
  '--seed': ['1', '', 'x'.repeat(300), '__proto__'],
  '--set': [
    'turns=3',
    'turns=-5',
    'turns=2.5',
    'turns=1000',
    'visibility=-3',
    'morale.german=100',
    'morale.german=7',
    'initiative.german=0.5',
    'vpPerStep=-1',
    'rule.__proto__=true',
    'rule.constructor=true',
    'objective.0603=-10',
    '__proto__=1',
    'turns',
    '=3',
    'turns=',
    'turns=1e400',
    'decisiveMargin=NaN',
    'rule.fogOfWar=maybe',
  ],
  '--agent': [
    'german=random',
    'soviet=random',
    '__proto__=random',
    'constructor=random',
    'german=',
    '=random',
    'german=nosuch',
    'german=mcts:iterations=-1',
    'german=random:aggression=2',
    'martian=random',
  ],
  '--max-actions': ['0', 'x', '-5', '50000'],
  '--charts': ['nosuch.json', '/', 'scenarios/pg3/charts/reference.json'],
  '--counters': ['nosuch.json', '/'],
};

function commandLine(rng: Rng): { args: string[]; what: string } {
  const scenario = pick(rng, ['pg3-tiny', 'spg-tiny', 'nosuch', '', '/', join(root, 'package.json')]);
  const flags = (names: string[], n: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const name = pick(rng, names);
      out.push(name, pick(rng, FLAG_VALUES[name] ?? ['x']));
    }
    return out;
  };
  const base = ['--no-progress', '--workers', '0', '--agent', 'german=random', '--agent', 'soviet=random'];
  let args: string[];
  switch (rng.int(7)) {
    case 0:
      args = [
        'sim',
        scenario,
        '--games',
        pick(rng, FLAG_VALUES['--games']!),
        '--out',
        fresh('cli-out'),
        '--no-progress',
        ...flags(['--set', '--seed', '--max-actions', '--workers'], 1 + rng.int(3)),
      ];
      break;
    case 1:
      args = [
        'sim',
        scenario,
        '--games',
        '1',
        '--out',
        fresh('cli-out'),
        ...base.slice(0, 3),
        ...flags(['--set', '--agent', '--charts', '--counters'], 1 + rng.int(2)),
      ];
      break;
    case 2:
      args = [
        'balance',
        scenario,
        '--param',
        pick(rng, ['turns', 'morale.german', 'initiative.german', 'nope', '__proto__']),
        '--from',
        pick(rng, ['1', '3', 'x', '-1', '2.5']),
        '--to',
        pick(rng, ['3', '4', '100']),
        '--step',
        pick(rng, ['1', '0', '-1', '0.5']),
        '--games-per-value',
        pick(rng, ['2', '0', 'x']),
        '--batch',
        '2',
        ...base,
      ];
      break;
    case 3:
      args = [
        'tournament',
        scenario,
        pick(rng, ['random', 'nosuch']),
        pick(rng, ['random', 'scripted', '__proto__']),
        '--games-per-pair',
        pick(rng, ['1', '0', 'x']),
        '--no-progress',
        '--workers',
        '0',
      ];
      break;
    case 4:
      args = [
        'replay',
        pick(rng, ['nosuch.json', '/', join(root, 'package.json')]),
        ...(rng.int(2) ? ['--game', pick(rng, ['0', '-1', 'x', '99'])] : []),
      ];
      break;
    case 5:
      args = ['scenarios', pick(rng, ['show', 'validate', 'list', 'nosuch']), scenario];
      break;
    default:
      args = [pick(rng, ['sim', 'play', 'replay', 'nosuch', '--nosuch']), pick(rng, ['--nosuch', '--games', '-x', '--side'])];
  }
  return { args, what: `command line: tacsim ${args.join(' ')}` };
}

// ---- The cases ----

function generate(): Case[] {
  const rng = createRng(SEED);
  const cases: Case[] = [];
  const systems = { pg3: systemFiles('pg3'), spg: systemFiles('spg') };
  const baselines: Record<string, string> = {};
  const records = { pg3: playRecord('pg3-tiny', 'fuzz-record'), spg: playRecord('spg-tiny', 'fuzz-record') };
  /** Writes a system's three files (one of them replaced by `replace`), returns the scenario file. */
  const writeSet = (system: 'pg3' | 'spg', replace: Partial<Record<'scenario' | 'charts' | 'counters', string>> = {}): string => {
    const f = systems[system];
    const charts = replace.charts ?? writeText('charts.json', jsonText(f.charts));
    const counters = replace.counters ?? writeText('counters.json', jsonText(f.counters));
    return replace.scenario ?? writeText('scenario.json', jsonText({ ...f.scenario, charts, counters }));
  };
  for (const system of ['pg3', 'spg'] as const) {
    const out = fresh(`baseline-${system}`);
    baselines[system] = out;
    cases.push({ what: `${system} baseline`, args: simArgs(writeSet(system), out), expect: { kind: 'either' }, out });
  }
  while (cases.length < CASES) {
    const system = pick(rng, ['pg3', 'spg'] as const);
    const f = systems[system];
    const out = fresh('out');
    const roll = rng.int(100);
    if (roll < 45) {
      // A structural edit of one of the three files.
      const which = pick(rng, ['scenario', 'charts', 'counters'] as const);
      const charts = writeText('charts.json', jsonText(f.charts));
      const counters = writeText('counters.json', jsonText(f.counters));
      const whole = { scenario: { ...f.scenario, charts, counters }, charts: f.charts, counters: f.counters };
      const { data, what } = mutate(rng, whole[which]);
      const file = writeText(`${which}.json`, jsonText(data));
      const scenario = which === 'scenario' ? file : writeSet(system, { [which]: file });
      cases.push({ what: `${system} ${which}: ${what}`, args: simArgs(scenario, out), expect: { kind: 'either' }, out });
    } else if (roll < 52) {
      const which = pick(rng, ['scenario', 'charts', 'counters'] as const);
      const { text, what } = brokenText(rng, jsonText(f[which]));
      const file = writeText(`${which}.json`, text);
      const scenario = writeSet(system, { [which]: file });
      cases.push({ what: `${system} ${which}: ${what}`, args: simArgs(scenario, out), expect: { kind: 'refuse' }, out });
    } else if (roll < 60) {
      // Neutral edits: a counter id renamed everywhere (built-in names too), the manifest's keys in another order.
      const name = pick(rng, [...BUILT_INS, 'a', 'ger-inf-2']);
      const counters = structuredClone(f.counters);
      const scenario = structuredClone(f.scenario);
      const units: Json = {};
      for (const [k, v] of Object.entries(counters.units).reverse())
        Object.defineProperty(units, k === 'ger-inf' ? name : k, { value: v, enumerable: true, writable: true });
      counters.units = units;
      for (const side of scenario.sides) for (const u of side.units) if (u.counter === 'ger-inf') u.counter = name;
      const countersFile = writeText('counters.json', jsonText(counters));
      const chartsFile = writeText('charts.json', jsonText(f.charts));
      const file = writeText('scenario.json', jsonText({ ...scenario, charts: chartsFile, counters: countersFile }));
      cases.push({
        what: `${system}: counter ger-inf renamed ${name}`,
        args: simArgs(file, out),
        expect: { kind: 'same', baseline: baselines[system]! },
        out,
      });
    } else if (roll < 78) {
      const [what, edit] = pick(rng, RECORD_EDITS);
      const rec = structuredClone(records[system]);
      const hashless = rng.int(3) === 0;
      if (hashless) {
        // As a games.jsonl line: no format, hashes or outcome.
        delete rec.format;
        delete rec.hashes;
        delete rec.outcome;
        rec.game = 0;
        rec.error = null;
      }
      const before = JSON.stringify(rec);
      edit(rec, rng);
      if (JSON.stringify(rec) === before) continue;
      cases.push({
        what: `${system} record: ${what}`,
        args: ['replay', writeText('record.json', jsonText(rec))],
        // Without hashes, an edited action list can still be a legal game with the claimed winner (a dropped
        // pass in an opportunity window, say): nothing in the record tells it from the original, so replay
        // may accept it; it must still never crash.
        expect: { kind: hashless && ACTION_EDITS.has(what) ? 'either' : 'refuse' },
      });
    } else if (roll < 83) {
      const { data, what } = mutate(rng, records[system]);
      cases.push({
        what: `${system} record: ${what}`,
        args: ['replay', writeText('record.json', jsonText(data))],
        expect: { kind: 'either' },
      });
    } else {
      const { args, what } = commandLine(rng);
      cases.push({ what, args, expect: { kind: 'either' } });
    }
  }
  return cases;
}

// ---- Checks ----

const STACK = /^\s+at .+\(.*:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;
/** Commander's usage hints after its one-line error: help, and the nearest option to a misspelt one. */
const isHint = (line: string) => line === '(add --help for usage)' || /^\(Did you mean .+\?\)$/.test(line);

/** What is wrong with how a case ended, or undefined when it ended as it must. */
function problemOf(c: Case, r: Run): string | undefined {
  const all = r.stdout + r.stderr;
  if (r.code === -1) return `no end within ${CASE_LIMIT_MS} ms (a hang)`;
  if (STACK.test(all)) return 'a stack trace';
  if (/unexpected error/.test(all)) return `an unexpected error: ${r.stderr.trim()}`;
  const lines = r.stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !isHint(l));
  if (r.code === 0) {
    if (c.expect.kind === 'refuse') return 'accepted an input that must be refused';
    return undefined;
  }
  if (r.code === 2) {
    if (lines.length !== 1) return `exit 2 with ${lines.length} lines: ${r.stderr.trim()}`;
    if (/undefined|\[object|is not a function|Cannot read/.test(lines[0]!)) return `a confused message: ${lines[0]}`;
    return undefined;
  }
  if (r.code === 1 && c.args[0] === 'replay') {
    if (lines.length !== 1 || !lines[0]!.startsWith('replay failed: '))
      return `exit 1 without one "replay failed" line: ${r.stderr.trim()}`;
    return undefined;
  }
  return `exit ${r.code}: an accepted input whose run then failed: ${r.stderr.trim().slice(0, 300)}`;
}

/** games.csv of a run without the timing column. */
function gamesOf(out: string): string {
  const [head, ...rows] = readFileSync(join(out, 'games.csv'), 'utf8').trim().split('\n');
  const ms = head!.split(',').indexOf('ms');
  return [head!, ...rows]
    .map((l) =>
      l
        .split(',')
        .filter((_, i) => i !== ms)
        .join(','),
    )
    .join('\n');
}

describe(`fuzz: ${CASES} seeded malformed inputs (seed ${SEED})`, () => {
  it('every case ends in a clean success or a one-line refusal; no crash, hang, stack trace or silent change', async () => {
    const cases = generate();
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const failures: string[] = [];
    const figures = { cases: cases.length, inProcess: 0, subprocesses: 0, succeeded: 0, refused: 0, crashes: 0, hangs: 0, silent: 0 };
    const pending: Promise<void>[] = [];
    const settle = (c: Case, r: Run) => {
      let problem = problemOf(c, r);
      if (problem === undefined && c.expect.kind === 'same') {
        if (r.code !== 0) problem = `a neutral edit was refused: ${r.stderr.trim()}`;
        else if (gamesOf(c.out!) !== gamesOf(c.expect.baseline)) problem = 'a neutral edit changed the games';
        if (problem !== undefined) figures.silent++;
      }
      if (r.code === -1) figures.hangs++;
      else if (problem !== undefined && c.expect.kind !== 'same') figures.crashes++;
      if (r.code === 0) figures.succeeded++;
      else figures.refused++;
      if (problem !== undefined) failures.push(`${c.what}\n    -> ${problem}`);
    };
    for (const [i, c] of cases.entries()) {
      if (i % SUBPROCESS_EVERY === SUBPROCESS_EVERY - 1 && c.expect.kind !== 'same') {
        figures.subprocesses++;
        pending.push(subprocess(c.args).then((r) => settle(c, r)));
        if (pending.length >= 2) await Promise.all(pending.splice(0));
      } else {
        figures.inProcess++;
        settle(c, await inProcess(c.args));
      }
    }
    await Promise.all(pending);
    process.stderr.write(`fuzz figures: ${JSON.stringify(figures)}\n`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(figures.hangs + figures.crashes + figures.silent).toBe(0);
  });
});
