/**
 * Where an MCTS iteration's time goes, on a scenario's mid-game state (the state the bench's
 * `agents.mcts.<scenario>` figure searches): every `Game` call and every hook call the search makes is
 * counted and timed, and the iterations per second of the same search without the instruments is given
 * beside it. The shares are of the instrumented run less what the instruments cost (measured on a timed
 * no-op: a clock reading on each side of every call); "search's own" is what is left: selection,
 * backup, node bookkeeping, the agent's set-up and report.
 *
 * Run: npm run build && node dist/benchmarks/search-profile.js SCENARIO [iterations] [spec]
 * e.g. node dist/benchmarks/search-profile.js pg3-medium 300 mcts:rolloutDepth=10
 *
 * Side by side with another build (a checkout with its own dist/, e.g. the folder `tacsim bench --against`
 * builds in): node dist/benchmarks/search-profile.js SCENARIO [iterations] [spec] --against DIR [--rounds N]
 * imports both builds' agents and suites in this process and times one search of each, alternating, by
 * the process's CPU time (as `bench --against` does), and prints the median iterations/s of each and the
 * ratio of the medians, with the spread of the per-pair ratios.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Game, Rng } from '../src/core/game.js';
import type { AgentHooks } from '../src/core/extensions.js';
import { createRng } from '../src/core/rng.js';
import { createAgent } from '../agents/agent.js';
import { benchScenario, midGameState } from './suites.js';

/** Calls and milliseconds per instrumented function. */
export type CallProfile = Record<string, { calls: number; ms: number }>;

export interface SearchProfile {
  scenario: string;
  spec: string;
  ply: number;
  legalActions: number;
  iterations: number;
  /** Iterations per second, uninstrumented (median of `repeats` searches). */
  iterationsPerSecond: number;
  /** Per function: calls per iteration and share of the instrumented run's time. */
  calls: Record<string, { perIteration: number; share: number; usPerCall: number }>;
  /** Share of the instrumented run's time spent outside every instrumented call. */
  ownShare: number;
  instrumentedMs: number;
}

function timed<F extends (...args: any[]) => any>(profile: CallProfile, name: string, f: F): F {
  const entry = (profile[name] ??= { calls: 0, ms: 0 });
  return ((...args: unknown[]) => {
    const t0 = performance.now();
    try {
      return f(...args);
    } finally {
      entry.ms += performance.now() - t0;
      entry.calls++;
    }
  }) as F;
}

/** A game whose every call is counted and timed. */
export function instrumentGame<S, A>(game: Game<S, A>, profile: CallProfile): Game<S, A> {
  const g: Game<S, A> = {
    name: game.name,
    players: game.players,
    toMove: timed(profile, 'toMove', (s: S) => game.toMove(s)),
    legalActions: timed(profile, 'legalActions', (s: S) => game.legalActions(s)),
    apply: timed(profile, 'apply', (s: S, a: A, rng: Rng) => game.apply(s, a, rng)),
    isTerminal: timed(profile, 'isTerminal', (s: S) => game.isTerminal(s)),
    returns: timed(profile, 'returns', (s: S) => game.returns(s)),
    actionKey: timed(profile, 'actionKey', (a: A) => game.actionKey(a)),
  };
  if (game.determinize) g.determinize = timed(profile, 'determinize', (s: S, seat: number, rng: Rng) => game.determinize!(s, seat, rng));
  if (game.evaluate) g.evaluate = timed(profile, 'game.evaluate', (s: S) => game.evaluate!(s));
  if (game.describeAction) g.describeAction = (s, a) => game.describeAction!(s, a);
  if (game.playout) g.playout = timed(profile, 'playout', (s: S, rng: Rng, n: number) => game.playout!(s, rng, n));
  return g;
}

export function instrumentHooks<S, A>(hooks: AgentHooks<S, A>, profile: CallProfile): AgentHooks<S, A> {
  const h: AgentHooks<S, A> = {};
  if (hooks.doctrine) {
    const d = hooks.doctrine;
    h.doctrine = { assess: timed(profile, 'doctrine.assess', (s: S, a: A, seat: number) => d.assess(s, a, seat)) };
  }
  if (hooks.evaluate) h.evaluate = timed(profile, 'hooks.evaluate', (s: S) => hooks.evaluate!(s));
  if (hooks.orderActions) h.orderActions = timed(profile, 'orderActions', (s: S, acts: readonly A[]) => hooks.orderActions!(s, acts));
  return h;
}

/** Profiles `spec` with `iterations` iterations (one thread) on the scenario's mid-game state. */
export async function profileSearch(
  scenario: string,
  iterations = 300,
  spec = 'mcts:rolloutDepth=10',
  repeats = 5,
): Promise<SearchProfile> {
  const b = benchScenario(scenario);
  const sc = b.scenario;
  const mid = midGameState(sc, b.midPly);
  const g = sc.game as Game<unknown, unknown>;
  const seat = g.toMove(mid.state);
  const full = `${spec}${spec.includes(':') ? ',' : ':'}iterations=${iterations}`;
  // Warm-up, then the plain timing.
  const plain = createAgent(full, sc.ai);
  await plain.act(g, mid.state, seat, createRng('profile/warm-up'));
  const rates: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    await plain.act(g, mid.state, seat, createRng(`profile/${r}`));
    rates.push(iterations / ((performance.now() - t0) / 1000));
  }
  rates.sort((x, y) => x - y);
  // The instrumented run.
  const profile: CallProfile = {};
  const ig = instrumentGame(g, profile);
  const agent = createAgent(full, instrumentHooks(sc.ai as AgentHooks<unknown, unknown>, profile));
  await agent.act(ig, mid.state, seat, createRng('profile/warm-up'));
  for (const e of Object.values(profile)) {
    e.calls = 0;
    e.ms = 0;
  }
  const t0 = performance.now();
  await agent.act(ig, mid.state, seat, createRng('profile/0'));
  const rawTotal = performance.now() - t0;
  // What the instruments cost: a timed no-op, its whole cost and the part its own clock readings see.
  const probe: CallProfile = {};
  const noop = timed(probe, 'noop', (x: number) => x);
  const n = 200_000;
  const p0 = performance.now();
  for (let i = 0; i < n; i++) noop(i);
  const perCall = (performance.now() - p0) / n;
  const perCallInside = probe.noop!.ms / n;
  let allCalls = 0;
  for (const e of Object.values(profile)) allCalls += e.calls;
  const total = Math.max(1e-6, rawTotal - allCalls * perCall);
  const calls: SearchProfile['calls'] = {};
  // The hooks hold the real game, not the instrumented one, so no instrumented call nests in another.
  let outside = total;
  for (const [name, e] of Object.entries(profile)) {
    if (e.calls === 0) continue;
    const ms = Math.max(0, e.ms - e.calls * perCallInside);
    calls[name] = { perIteration: e.calls / iterations, share: ms / total, usPerCall: (ms / e.calls) * 1000 };
    outside -= ms;
  }
  await plain.close?.();
  await agent.close?.();
  return {
    scenario,
    spec: full,
    ply: mid.ply,
    legalActions: g.legalActions(mid.state).length,
    iterations,
    iterationsPerSecond: rates[rates.length >> 1]!,
    calls,
    ownShare: Math.max(0, outside / total),
    instrumentedMs: rawTotal,
  };
}

export function formatProfile(p: SearchProfile): string {
  const lines = [
    `${p.spec} on ${p.scenario} (mid-game state, ply ${p.ply}, ${p.legalActions} legal actions): ${Math.round(p.iterationsPerSecond)} iterations/s uninstrumented`,
    `instrumented run ${p.instrumentedMs.toFixed(0)} ms; per iteration:`,
  ];
  const rows = Object.entries(p.calls).sort((a, b) => b[1].share - a[1].share);
  for (const [name, c] of rows)
    lines.push(
      `  ${name.padEnd(18)} ${c.perIteration.toFixed(1).padStart(7)} calls  ${(c.share * 100).toFixed(1).padStart(5)}% of the time  ${c.usPerCall.toFixed(1).padStart(7)} us a call`,
    );
  lines.push(`  ${"search's own".padEnd(18)} ${''.padStart(7)}        ${(p.ownShare * 100).toFixed(1).padStart(5)}% of the time`);
  return lines.join('\n');
}

interface BuildModules {
  createAgent: (spec: string, hooks: unknown) => { act: (...args: unknown[]) => unknown; close?: () => Promise<void> };
  benchScenario: (id: string) => { scenario: { game: Game<unknown, unknown>; ai: unknown }; midPly: number };
  midGameState: (sc: unknown, plies: number) => { state: unknown };
  createRng: (seed: string) => Rng;
}

async function importBuild(dir: string): Promise<BuildModules> {
  const url = (p: string) => pathToFileURL(join(dir, 'dist', p)).href;
  const agent = (await import(url('agents/agent.js'))) as Pick<BuildModules, 'createAgent'>;
  const suites = (await import(url('benchmarks/suites.js'))) as Pick<BuildModules, 'benchScenario' | 'midGameState'>;
  const rng = (await import(url('src/core/rng.js'))) as Pick<BuildModules, 'createRng'>;
  return {
    createAgent: agent.createAgent,
    benchScenario: suites.benchScenario,
    midGameState: suites.midGameState,
    createRng: rng.createRng,
  };
}

export interface SideBySide {
  newPerSecond: number;
  oldPerSecond: number;
  /** Median of the per-pair ratios new/old, and their 25th and 75th percentiles. */
  ratio: number;
  ratioP25: number;
  ratioP75: number;
  pairs: number;
}

/** Times one search of each build in turn (order alternating), `pairs` times, by CPU time. */
export async function searchSideBySide(
  newDir: string,
  oldDir: string,
  scenario: string,
  iterations: number,
  spec: string,
  pairs = 40,
): Promise<SideBySide> {
  const full = `${spec}${spec.includes(':') ? ',' : ':'}iterations=${iterations}`;
  const builds = [await importBuild(newDir), await importBuild(oldDir)];
  const setups = builds.map((m) => {
    const b = m.benchScenario(scenario);
    const state = m.midGameState(b.scenario, b.midPly).state;
    const g = b.scenario.game;
    return { m, g, state, seat: g.toMove(state), agent: m.createAgent(full, b.scenario.ai) };
  });
  const once = async (k: number, i: number): Promise<number> => {
    const s = setups[k]!;
    const c0 = process.cpuUsage();
    await s.agent.act(s.g, s.state, s.seat, s.m.createRng(`side-by-side/${i}`));
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  for (let i = 0; i < 4; i++) for (const k of [0, 1]) await once(k, -1 - i);
  const ms: number[][] = [[], []];
  for (let i = 0; i < pairs; i++) for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) ms[k]!.push(await once(k, i));
  for (const s of setups) await s.agent.close?.();
  const median = (xs: number[]) => {
    const ys = xs.slice().sort((a, b) => a - b);
    return ys[ys.length >> 1]!;
  };
  const ratios = ms[0]!.map((t, i) => ms[1]![i]! / t).sort((a, b) => a - b);
  return {
    newPerSecond: iterations / (median(ms[0]!) / 1000),
    oldPerSecond: iterations / (median(ms[1]!) / 1000),
    ratio: median(ratios),
    ratioP25: ratios[Math.floor(ratios.length / 4)]!,
    ratioP75: ratios[Math.floor((ratios.length * 3) / 4)]!,
    pairs,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const against = flag('--against');
  const pairs = Number(flag('--rounds') ?? 40);
  const scenario = args[0];
  if (!scenario) {
    process.stderr.write('usage: node dist/benchmarks/search-profile.js SCENARIO [iterations] [spec] [--against DIR [--rounds N]]\n');
    process.exit(2);
  }
  const iterations = Number(args[1] ?? 300);
  const spec = args[2] ?? 'mcts:rolloutDepth=10';
  if (against !== undefined) {
    const here = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const r = await searchSideBySide(here, against, scenario, iterations, spec, pairs);
    console.log(
      `${spec},iterations=${iterations} on ${scenario}'s mid-game state, ${r.pairs} pairs by CPU time: this build ${Math.round(r.newPerSecond)} iterations/s, ${against} ${Math.round(r.oldPerSecond)}; new/old ${r.ratio.toFixed(2)}x (pairs' p25-p75 ${r.ratioP25.toFixed(2)}-${r.ratioP75.toFixed(2)})`,
    );
    return;
  }
  console.log(formatProfile(await profileSearch(scenario, iterations, spec)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
