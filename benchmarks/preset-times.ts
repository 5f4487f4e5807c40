/**
 * How long each difficulty preset takes a decision, against the time it states: the preset plays a
 * scenario against the scripted agent (sides alternating by preset) for a number of its own decisions,
 * and the wall time of each `act` is recorded (forced moves included: they answer at once).
 *
 * Run: npm run build && node dist/benchmarks/preset-times.js SCENARIO [decisions per preset] [preset ...]
 */
import { fileURLToPath } from 'node:url';
import { createAgent } from '../agents/agent.js';
import { DIFFICULTY_PRESETS, findPreset } from '../agents/presets.js';
import { createRng } from '../src/core/rng.js';
import { loadScenario } from '../src/scenarios.js';

export interface PresetTimes {
  preset: string;
  statedMs: number;
  decisions: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export async function presetTimes(scenario: string, preset: string, decisions: number, seed = 'preset-times'): Promise<PresetTimes> {
  const p = findPreset(preset);
  if (p === undefined) throw new Error(`no preset ${preset}`);
  const sc = loadScenario(scenario);
  const g = sc.game;
  const seat = DIFFICULTY_PRESETS.indexOf(p) % 2;
  const agents = [createAgent(preset, sc.ai), createAgent('scripted', sc.ai)];
  const mine = agents[0]!;
  const other = agents[1]!;
  const dice = createRng(`${seed}/dice`);
  const rngs = [createRng(`${seed}/0`), createRng(`${seed}/1`)];
  const times: number[] = [];
  let s = sc.initialState(dice);
  while (times.length < decisions) {
    if (g.isTerminal(s)) s = sc.initialState(dice);
    const who = g.toMove(s);
    const t0 = performance.now();
    const a = await (who === seat ? mine : other).act(g, s, who, rngs[who]!);
    if (who === seat) times.push(performance.now() - t0);
    s = g.apply(s, a, dice);
  }
  for (const a of agents) await a.close?.();
  times.sort((x, y) => x - y);
  return {
    preset,
    statedMs: p.maxMsPerDecision,
    decisions,
    medianMs: times[times.length >> 1]!,
    p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!,
    maxMs: times[times.length - 1]!,
  };
}

async function main(): Promise<void> {
  const scenario = process.argv[2];
  if (!scenario) {
    process.stderr.write('usage: node dist/benchmarks/preset-times.js SCENARIO [decisions] [preset ...]\n');
    process.exit(2);
  }
  const decisions = Number(process.argv[3] ?? 40);
  const names = process.argv.length > 4 ? process.argv.slice(4) : DIFFICULTY_PRESETS.map((p) => p.name);
  console.log(`preset   stated     median     p95        max   (${decisions} decisions each on ${scenario}, forced moves included)`);
  for (const name of names) {
    const r = await presetTimes(scenario, name, decisions);
    const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;
    console.log(
      `${name.padEnd(7)} ${ms(r.statedMs)} ${ms(r.medianMs)} ${ms(r.p95Ms)} ${ms(r.maxMs)}  ${r.maxMs <= r.statedMs ? 'within' : 'OVER'}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
