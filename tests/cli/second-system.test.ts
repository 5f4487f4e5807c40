import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/agent.js';
import type { MctsAgent } from '../../agents/mcts.js';
import { midGameState, randomPlayout, runScenarioSuites } from '../../benchmarks/suites.js';
import { createRng } from '../../src/core/rng.js';
import { balanceSearch } from '../../src/harness/balance.js';
import { parseCsv } from '../../src/harness/csv.js';
import { runSimulation } from '../../src/harness/run.js';
import { formatSummary } from '../../src/harness/summary.js';
import { loadScenario, registerSystem, systemModuleOf } from '../../src/scenarios.js';
import { system, type MiniState } from '../fixtures/mini/system.js';
import { root, tacsimIn } from './run-tacsim.js';

const scenarioFile = join(root, 'tests/fixtures/mini/mini-skirmish.json');
const compiledSystem = join(root, 'dist/tests/fixtures/mini/system.js');
const { tmp, tacsim } = tacsimIn('tacsim-mini-', { TACSIM_SYSTEMS: compiledSystem });
/** The same command with no system module named: it must say which systems it knows. */
const withoutSystem = tacsimIn('tacsim-mini-bare-', { TACSIM_SYSTEMS: '' }).tacsim;
beforeAll(() => registerSystem(system));

describe('the CLI on a second rules system', () => {
  const record = join(tmp, 'mini-game.json');

  it('scenarios show draws its map and units through its ui', () => {
    const r = tacsim(['scenarios', 'show', scenarioFile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Mini skirmish .*\(mini-skirmish\), mini, map 5x3, 4 turns/);
    expect(r.stdout).toContain('Objective: 0302 (2 VP).');
    expect(r.stdout).toMatch(/0101 \.R/);
    expect(r.stdout).toMatch(/#4 Blue gun \(blue, gun\) 0502, 2 steps/);
  });

  it('scenarios validate accepts it, and says which systems are known when none is loaded', () => {
    expect(tacsim(['scenarios', 'validate', scenarioFile]).stdout).toMatch(/^OK .*\(mini-skirmish, mini, map 5x3\)/);
    const bare = withoutSystem(['scenarios', 'validate', scenarioFile]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toMatch(/system: unknown rules system "mini" \(known: pg3, spg, ia2, pl, panzer\)/);
  });

  it('plays a whole game through stdin with its short command, odds and narration, and writes a record', () => {
    // "fire 2 1" is no legal fire for red at the start (its own unit): the prompt explains and asks again.
    const answers = `fire 2 1\n${Array.from({ length: 400 }, () => '1\ny\n').join('')}`;
    const r = tacsim(['play', scenarioFile, '--side', 'red', '--ai', 'scripted', '--seed', '5', '--record', record], answers);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('unit #2 cannot fire at #1 now');
    expect(r.stdout).toMatch(/Red gun#2 fires at Blue infantry#3\n {2}no effect 28%, 1 step 44%, 2 steps 28%\nconfirm\? \(y\/n\)/);
    expect(r.stdout).toMatch(/ {4}Red gun fires at Blue infantry: rolled \d+, total \d+/);
    expect(r.stdout).toMatch(/=== Turn 2 of 4 ===/);
    expect(r.stdout).toMatch(/blue \(scripted\) is thinking/);
    expect(r.stdout).toMatch(/Game over after turn 4: (red wins|blue wins|a draw)/);
    expect(r.stdout).toMatch(/Victory points: red \d+, blue \d+; steps lost: red \d+, blue \d+/);
    const rec = JSON.parse(readFileSync(record, 'utf8')) as {
      system: string;
      actions: string[];
      hashes: string[];
      agents: Record<string, string>;
    };
    expect(rec.system).toBe('mini');
    expect(rec.agents).toEqual({ red: 'human', blue: 'scripted' });
    expect(rec.hashes).toHaveLength(rec.actions.length);
    expect(rec.actions.length).toBeGreaterThan(8);
  });

  it('replays the record, checking every state hash', () => {
    const r = tacsim(['replay', record, '--verbose']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/=== Turn 3 ===/);
    expect(r.stdout).toMatch(/OK: \d+ actions legal, \d+ state hashes match/);
  });

  it('sim runs it on worker threads that load the system module themselves', () => {
    const out = join(tmp, 'sim');
    const r = tacsim(['sim', scenarioFile, '--games', '20', '--workers', '2', '--no-progress', '--seed', 'm', '--out', out]);
    expect(r.stderr.trim()).toBe(`results in ${out}`);
    expect(r.code).toBe(0);
    const [header] = parseCsv(readFileSync(join(out, 'games.csv'), 'utf8'));
    expect(header).toEqual([
      'game',
      'seed',
      'agent_red',
      'agent_blue',
      'winner',
      'victory_level',
      'turns',
      'vp_red',
      'vp_blue',
      'steps_lost_red',
      'steps_lost_blue',
      'actions',
      'ms',
      'error',
    ]);
    expect(r.stdout).toMatch(/steps lost\/game/);
  });
});

describe('the harness, balance, bench helpers and MCTS threads on a second rules system', () => {
  it('the registry knows where workers find the system', () => {
    expect(systemModuleOf('mini')).toBe(compiledSystem);
    expect(systemModuleOf('pg3')).toBeUndefined();
  });

  it('runSimulation: the same games on 2 workers as in this thread, with its declared metrics', async () => {
    const run = (workers: number) =>
      runSimulation({
        scenario: scenarioFile,
        games: 12,
        workers,
        seed: 's',
        out: join(tmp, `run${workers}`),
        progress: false,
        agents: { red: 'scripted', blue: 'random' },
      });
    const [local, pooled] = [await run(0), await run(2)];
    const strip = (file: string) => parseCsv(readFileSync(file, 'utf8')).map((row) => row.slice(0, -2));
    expect(strip(pooled.files.games)).toEqual(strip(local.files.games));
    expect(local.summary.completed).toBe(12);
    expect(Object.keys(local.summary.sides.red!.metrics)).toEqual(['steps_lost']);
    expect(local.summary.markedSeats).toEqual({});
    expect(formatSummary(local.summary)).toMatch(/steps lost\/game/);
  });

  it('balanceSearch varies its parameter', async () => {
    const r = await balanceSearch({
      scenario: scenarioFile,
      agents: { red: 'random', blue: 'random' },
      param: 'turns',
      from: 1,
      to: 3,
      step: 2,
      gamesPerValue: 20,
      batch: 10,
      seed: 'b',
      workers: 2,
    });
    expect(r.rows.map((x) => x.value)).toEqual([1, 3]);
    expect(r.rows.every((x) => x.games === 20 && x.errors === 0)).toBe(true);
  });

  it("the bench suites' mid-game states and random playouts take it as they are", () => {
    const sc = loadScenario(scenarioFile);
    const mid = midGameState(sc, 6);
    expect(mid.ply).toBeGreaterThan(0);
    expect(sc.game.legalActions(mid.state).length).toBeGreaterThan(0);
    expect(randomPlayout(sc, 'p')).toBeGreaterThan(0);
  });

  it('the bench suites run on it: rules, playout and agent figures named after the scenario, every rate positive', async () => {
    const results = await runScenarioSuites(scenarioFile, { mode: 'quick' });
    const figures = results.flatMap((r) => r.figures);
    const id = loadScenario(scenarioFile).id;
    expect(figures.map((f) => f.id)).toEqual(
      expect.arrayContaining([`rules.legal.${id}`, `rules.apply.${id}`, `playout.${id}`, `agents.scripted.${id}`]),
    );
    for (const f of figures) expect(f.median, f.id).toBeGreaterThan(0);
  });

  it("MCTS searches it on 2 threads (the workers rebuild game and hooks from the registry's spawn spec), reproducibly", async () => {
    const sc = loadScenario(scenarioFile);
    expect(sc.ai.spawnSpec!.args).toEqual([sc.file, {}, compiledSystem]);
    const state = sc.initialState(createRng('x')) as MiniState;
    const choose = async (): Promise<{ action: unknown; threads: number; top: unknown }> => {
      const agent = createAgent('mcts:iterations=300,threads=2', sc.ai) as MctsAgent;
      try {
        const action = await agent.act(sc.game, state, 0, createRng('t'));
        return { action, threads: agent.lastSearch!.threads, top: agent.lastSearch!.top };
      } finally {
        await agent.close();
      }
    };
    const a = await choose();
    expect(a.threads).toBe(2);
    expect(sc.game.legalActions(state)).toContain(a.action);
    expect(await choose()).toEqual(a);
  });
});
