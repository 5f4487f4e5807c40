/**
 * Reliability of input values (issue 13, items 3, 4, 8, 9): every value that can change a scenario goes
 * through the scenario's own schema (`--set` included), id tables have no prototype, numbers that would
 * overflow the loader's stores are refused by the chart-pack schemas, and replay checks the whole record.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORD_FORMAT, type GameRecord } from '../../src/cli/record.js';
import { runReplay } from '../../src/cli/replay.js';
import { InputError } from '../../src/core/errors.js';
import { createRng } from '../../src/core/rng.js';
import type { LoadedScenario, ScenarioOptions } from '../../src/core/system.js';
import { parseAgentFlags, parseSetFlags } from '../../src/harness/cli.js';
import { resolveAgents } from '../../src/harness/run.js';
import { MAX_TERRAIN_TYPES } from '../../src/hex/mapdata.js';
import { loadPg3Scenario } from '../../src/rules/pg3/scenario.js';
import { loadScenario } from '../../src/scenarios.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-inputrel-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Json = Record<string, any>;
const readJson = (path: string): Json => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
let fileNo = 0;
function write(data: unknown, name: string): string {
  const file = join(tmp, `${name}-${++fileNo}.json`);
  writeFileSync(file, JSON.stringify(data, null, 1));
  return file;
}

/** A copy of a shipped tiny scenario with its own chart pack and counter manifest (edited by `edit`), written to tmp. */
function tinyCopy(
  system: 'pg3' | 'spg',
  edit: (files: { scenario: Json; charts: Json; counters: Json }) => void = () => {},
): { scenario: string; charts: string; counters: string } {
  const files = {
    scenario: readJson(`scenarios/${system}/${system}-tiny.json`),
    charts: readJson(`scenarios/${system}/charts/reference.json`),
    counters: readJson(`scenarios/${system}/counters/reference.json`),
  };
  edit(files);
  const charts = write(files.charts, `${system}-charts`);
  const counters = write(files.counters, `${system}-counters`);
  const scenario = write({ ...files.scenario, charts, counters }, `${system}-scenario`);
  return { scenario, charts, counters };
}

/** The InputError thrown by `f`, or a failed expectation. */
function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message.split('\n')).toHaveLength(1);
    return e as InputError;
  }
  throw new Error('expected an InputError, but it succeeded');
}

/** Plays a game with uniformly random choices from a fixed seed; the outcome and the action keys. */
function playRandom(sc: LoadedScenario, seed: string, limit = 5000) {
  const dice = createRng(seed);
  const choose = createRng(`${seed}/choose`);
  let state = sc.initialState(dice);
  const keys: string[] = [];
  const hashes: string[] = [];
  while (!sc.game.isTerminal(state) && keys.length < limit) {
    const legal = sc.game.legalActions(state);
    const action = legal[Math.floor(choose.next() * legal.length)]!;
    keys.push(sc.game.actionKey(action));
    state = sc.game.apply(state, action, dice);
    hashes.push(sc.stateHash(state));
  }
  return { outcome: sc.game.isTerminal(state) ? sc.outcome(state) : undefined, keys, hashes };
}

describe('issue 13 item 3: --set values meet the ranges the same values meet in a scenario file', () => {
  const refused: [string, string, number | boolean | string][] = [
    ['pg3-tiny', 'turns', -5],
    ['pg3-tiny', 'turns', 0],
    ['pg3-tiny', 'turns', 2.5],
    ['pg3-tiny', 'turns', 1000],
    ['pg3-tiny', 'visibility', -3],
    ['pg3-tiny', 'morale.german', 100],
    ['pg3-tiny', 'initiative.german', 0.5],
    ['pg3-tiny', 'vpPerStep', -1],
    ['pg3-tiny', 'decisiveMargin', -2],
    ['pg3-tiny', 'objective.0603', -10],
    ['pg3-tiny', 'rule.__proto__', true],
    ['pg3-tiny', 'rule.constructor', true],
    ['pg3-tiny', '__proto__', 1],
    ['pg3-tiny', 'turns', 'ten'],
    ['pg3-tiny', 'turns', '0x4'],
    ['spg-tiny', 'turns', -5],
    ['spg-tiny', 'turns', 2.5],
    ['spg-tiny', 'turns', 1000],
    ['spg-tiny', 'morale.german', 100],
    ['spg-tiny', 'initiative.german', 0.5],
    ['spg-tiny', 'vpPerStep', -1],
    ['spg-tiny', 'objective.0603', -10],
    ['spg-tiny', 'rule.__proto__', true],
  ];
  it.each(refused)('%s --set %s=%s is refused, naming the flag', (id, name, value) => {
    const e = inputError(() => loadScenario(id, { set: { [name]: value } }));
    expect(e.place).toBe(`--set ${name}`);
    expect(e.file).toMatch(new RegExp(`${id}\\.json$`));
  });

  it('names the range the scenario format gives the value', () => {
    expect(inputError(() => loadScenario('pg3-tiny', { set: { turns: 1000 } })).message).toMatch(
      /--set turns: 1000 is not allowed: turns must be at most 60 \(given 1000\)$/,
    );
    expect(inputError(() => loadScenario('spg-tiny', { set: { 'initiative.german': 0.5 } })).problem).toMatch(/must be a whole number/);
  });

  it('values within range still change the scenario, in both systems', () => {
    expect(loadScenario('pg3-tiny', { set: { turns: 3 } }).turnLimit).toBe(3);
    expect(loadScenario('spg-tiny', { set: { turns: 3, 'morale.german': 9 } }).turnLimit).toBe(3);
    const pg3 = loadScenario('pg3-tiny', { set: { 'objective.0603': 7 } });
    expect(pg3.parameters.find((p) => p.name === 'objective.0603')?.value).toBe(7);
  });

  it('a record or run carrying a bad value is refused the same way (the options pass through the same loader)', () => {
    const options: ScenarioOptions = JSON.parse('{"set": {"turns": 1000}}') as ScenarioOptions;
    expect(inputError(() => loadScenario('pg3-tiny', options)).place).toBe('--set turns');
  });

  it('--set and --agent names are keys, never built-ins: "__proto__" reaches the checks instead of vanishing', () => {
    expect(Object.keys(parseSetFlags(['__proto__=1']))).toEqual(['__proto__']);
    expect(Object.keys(parseAgentFlags(['__proto__=random']))).toEqual(['__proto__']);
    expect(parseAgentFlags(['german=random']).constructor).toBeUndefined();
  });
});

const BUILT_IN_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'] as const;

/** Renames a key of an object, keeping its place among the keys. */
function renameKey(obj: Json, from: string, to: string): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) Object.defineProperty(out, k === from ? to : k, { value: v, enumerable: true, writable: true });
  return out;
}

describe('issue 13 item 4: counter and leader ids are keys of prototype-free tables', () => {
  for (const name of BUILT_IN_NAMES) {
    it(`PG3: a counter and a leader named "${name}" load and play like the originals`, () => {
      const files = tinyCopy('pg3', ({ scenario, counters }) => {
        counters.units = renameKey(counters.units, 'ger-inf', name);
        counters.leaders = renameKey(counters.leaders, 'ger-lt-1', name);
        for (const u of scenario.sides[0].units) if (u.counter === 'ger-inf') u.counter = name;
        for (const l of scenario.sides[0].leaders) if (l.counter === 'ger-lt-1') l.counter = name;
      });
      const renamed = loadScenario(files.scenario);
      const original = loadScenario(tinyCopy('pg3').scenario);
      const units = renamed.ui.renderUnits(renamed.initialState(createRng('1')), { viewer: 0 });
      expect(units).not.toMatch(/undefined|function|\[object/);
      expect(units).toBe(original.ui.renderUnits(original.initialState(createRng('1')), { viewer: 0 }).replaceAll('ger-inf', name));
      const a = playRandom(renamed, 'ids');
      const b = playRandom(original, 'ids');
      expect(a.outcome).toEqual(b.outcome);
      expect(a.keys).toEqual(b.keys);
    });

    it(`SPG: a counter named "${name}" loads and plays like the original`, () => {
      const files = tinyCopy('spg', ({ scenario, counters }) => {
        counters.units = renameKey(counters.units, 'ger-inf', name);
        for (const side of scenario.sides) for (const u of side.units) if (u.counter === 'ger-inf') u.counter = name;
      });
      const a = playRandom(loadScenario(files.scenario), 'ids');
      const b = playRandom(loadScenario(tinyCopy('spg').scenario), 'ids');
      expect(a.outcome).toEqual(b.outcome);
      expect(a.keys).toEqual(b.keys);
    });

    it(`a placement of a counter or leader "${name}" the manifest lacks is an unknown counter, in both systems`, () => {
      const pg3 = tinyCopy('pg3', ({ scenario }) => {
        scenario.sides[0].units[0].counter = name;
      });
      expect(inputError(() => loadScenario(pg3.scenario)).message).toContain(`unknown counter "${name}"`);
      const leader = tinyCopy('pg3', ({ scenario }) => {
        scenario.sides[0].leaders[0].counter = name;
      });
      expect(inputError(() => loadScenario(leader.scenario)).message).toContain(`unknown leader "${name}"`);
      const spg = tinyCopy('spg', ({ scenario }) => {
        scenario.sides[0].units[0].counter = name;
      });
      expect(inputError(() => loadScenario(spg.scenario)).message).toContain(`unknown counter "${name}"`);
    });
  }

  it('a side id "constructor" gets the default agent, not Object.prototype.constructor', async () => {
    const files = tinyCopy('pg3', ({ scenario }) => {
      scenario.sides[0].id = 'constructor';
      for (const o of scenario.victory.objectives) if (o.controlledBy === 'german') o.controlledBy = 'constructor';
    });
    const sc = loadScenario(files.scenario);
    expect(await resolveAgents(sc, parseAgentFlags([]), 'random')).toEqual({ constructor: 'random', soviet: 'random' });
    expect(await resolveAgents(sc, { soviet: 'random' }, 'random')).toEqual({ constructor: 'random', soviet: 'random' });
  });

  it('a terrain id "constructor" is a terrain like any other', () => {
    const files = tinyCopy('pg3', ({ scenario, charts }) => {
      charts.terrain = renameKey(charts.terrain, 'woods', 'constructor');
      for (const [ch, id] of Object.entries(scenario.map.legend)) if (id === 'woods') scenario.map.legend[ch] = 'constructor';
    });
    const a = playRandom(loadScenario(files.scenario), 'terrain');
    const b = playRandom(loadScenario(tinyCopy('pg3').scenario), 'terrain');
    expect(a.outcome).toEqual(b.outcome);
  });
});

describe('issue 13 item 9: chart-pack numbers that would overflow the stored tables are refused', () => {
  const refusedCost: [string, number][] = [
    ['1e308 (became 0 MP: free movement)', 1e308],
    ['16384 (wrapped to a negative cost)', 16384],
    ['100 (above the most a hex may cost)', 100],
    ['1.3 (not a whole number of half points)', 1.3],
  ];
  it.each(refusedCost)('PG3 movement cost %s', (_, cost) => {
    const files = tinyCopy('pg3', ({ charts }) => {
      charts.terrain.clear.move.foot = cost;
    });
    const e = inputError(() => loadScenario(files.scenario));
    expect(e.file).toBe(files.charts);
    expect(e.place).toBe('terrain.clear.move.foot');
  });

  it.each(refusedCost)('SPG movement cost %s', (_, cost) => {
    const files = tinyCopy('spg', ({ charts }) => {
      charts.terrain.clear.move.tracked = cost;
    });
    const e = inputError(() => loadScenario(files.scenario));
    expect(e.file).toBe(files.charts);
    expect(e.place).toBe('terrain.clear.move.tracked');
  });

  it('road and climb costs have the same range', () => {
    const pg3 = tinyCopy('pg3', ({ charts }) => {
      charts.road.foot = 1e308;
    });
    expect(inputError(() => loadScenario(pg3.scenario)).place).toBe('road.foot');
    const spg = tinyCopy('spg', ({ charts }) => {
      charts.climb.leg = 40000;
    });
    expect(inputError(() => loadScenario(spg.scenario)).place).toBe('climb.leg');
  });

  it('SPG minefield strengths are whole numbers the per-hex store holds', () => {
    for (const value of [0.5, 70000]) {
      const files = tinyCopy('spg', ({ charts }) => {
        charts.mines.ap.value = value;
      });
      expect(inputError(() => loadScenario(files.scenario)).place).toBe('mines.ap.value');
    }
  });

  /** A chart pack with `count` terrain types (copies of clear), the map's last column of the last type. */
  function manyTerrains(count: number) {
    return tinyCopy('pg3', ({ scenario, charts }) => {
      for (let i = Object.keys(charts.terrain).length; i < count; i++) charts.terrain[`t${i}`] = { ...charts.terrain.clear, name: `T${i}` };
      scenario.map.legend.Z = `t${count - 1}`;
      scenario.map.terrain = (scenario.map.terrain as string[]).map((row) => `${row.slice(0, -1)}Z`);
    });
  }

  it(`more than ${MAX_TERRAIN_TYPES} terrain types are refused (a hex stores its terrain in one byte)`, () => {
    const files = manyTerrains(MAX_TERRAIN_TYPES + 1);
    const e = inputError(() => loadScenario(files.scenario));
    expect(e.file).toBe(files.charts);
    expect(e.place).toBe('terrain');
    expect(e.problem).toContain(`at most ${MAX_TERRAIN_TYPES} terrain types`);
  });

  it(`${MAX_TERRAIN_TYPES} terrain types load, and the last one reads as itself`, () => {
    const files = manyTerrains(MAX_TERRAIN_TYPES);
    const sc = loadPg3Scenario(files.scenario);
    const last = sc.map.grid.parseLabel('0801');
    expect(sc.map.terrainId(last)).toBe(`t${MAX_TERRAIN_TYPES - 1}`);
  });
});

describe('issue 13 item 8: replay checks the whole record', () => {
  let good: GameRecord;
  let sc: LoadedScenario;
  const quiet = () => vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const quietErr = () => vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

  beforeAll(() => {
    sc = loadScenario('pg3-tiny');
    const { outcome, keys, hashes } = playRandom(sc, 'replay');
    expect(outcome).toBeDefined();
    good = {
      format: RECORD_FORMAT,
      scenario: 'pg3-tiny',
      system: 'pg3',
      options: {},
      seed: 'replay',
      agents: { german: 'random', soviet: 'random' },
      actions: keys,
      hashes,
      outcome: { ...outcome!, winnerSide: outcome!.winner === null ? null : sc.sides[outcome!.winner]!.id },
      winner: outcome!.winner === null ? 'draw' : sc.sides[outcome!.winner]!.id,
    };
  });

  function replay(rec: unknown, name: string) {
    const file = write(rec, name);
    const out = quiet();
    const err = quietErr();
    try {
      return runReplay(file);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }
  const edited = (edit: (r: Json) => void): Json => {
    const r = structuredClone(good) as Json;
    edit(r);
    return r;
  };

  it('the untouched record replays OK, with or without its hashes', () => {
    expect(replay(good, 'good').ok).toBe(true);
    expect(
      replay(
        edited((r) => delete r.hashes),
        'no-hashes',
      ).ok,
    ).toBe(true);
  });

  it('a record missing its last 20 actions, or all of them, but still claiming the result fails', () => {
    const short = replay(
      edited((r) => {
        r.actions = r.actions.slice(0, -20);
        r.hashes = r.hashes.slice(0, -20);
      }),
      'short',
    );
    expect(short.ok).toBe(false);
    expect(short.problem).toMatch(/claims .* but its \d+ actions end before the game is over/);
    const none = replay(
      edited((r) => {
        r.actions = [];
        r.hashes = [];
      }),
      'none',
    );
    expect(none.ok).toBe(false);
  });

  it('an edited outcome (VP, winner, winning side, level, turns) fails', () => {
    const edits: ((r: Json) => void)[] = [
      (r) => {
        r.outcome.vp = r.outcome.vp.map((v: number) => v + 1);
      },
      (r) => {
        r.outcome.winner = r.outcome.winner === 0 ? 1 : 0;
      },
      (r) => {
        r.outcome.winnerSide = r.outcome.winnerSide === 'german' ? 'soviet' : 'german';
      },
      (r) => {
        r.outcome.victoryLevel = 'decisive-ish';
      },
      (r) => {
        r.outcome.turns += 1;
      },
      (r) => {
        r.winner = r.winner === 'german' ? 'soviet' : 'german';
      },
      (r) => {
        delete r.outcome;
      },
    ];
    for (const [i, edit] of edits.entries()) expect(replay(edited(edit), `outcome-${i}`).ok, `edit ${i}`).toBe(false);
  });

  it('a wrong format or system, or hashes that do not cover every action, are refused with one line', () => {
    const cases: [string, (r: Json) => void, string][] = [
      ['format', (r) => (r.format = 'tacsim-record/2'), 'format'],
      ['system', (r) => (r.system = 'spg'), 'system'],
      ['unknown system', (r) => (r.system = 'chess'), 'system'],
      ['extra hash', (r) => r.hashes.push('00000000'), 'hashes'],
      ['missing hash', (r) => r.hashes.pop(), 'hashes'],
      ['bad vp', (r) => (r.outcome.vp = 'lots'), 'outcome.vp'],
      ['unknown key', (r) => (r.extra = 1), '(top level)'],
    ];
    for (const [what, edit, place] of cases) {
      const e = inputError(() => replay(edited(edit), what));
      expect(e.place, what).toBe(place);
    }
  });

  it('a games.jsonl line (no format, no hashes) claiming a winner its actions do not reach fails', () => {
    const line = { game: 0, seed: good.seed, scenario: 'pg3-tiny', system: 'pg3', options: {}, agents: good.agents, error: null };
    expect(replay({ ...line, actions: good.actions, winner: good.winner }, 'line-ok').ok).toBe(true);
    expect(replay({ ...line, actions: good.actions.slice(0, 5), winner: good.winner }, 'line-short').ok).toBe(false);
  });
});

describe('issue 13: a refusal is one line', () => {
  it('a scenario with many problems names the first and counts the rest on the same line', () => {
    const files = tinyCopy('pg3', ({ scenario }) => {
      scenario.map.legend = { w: 'woods' };
    });
    const e = inputError(() => loadScenario(files.scenario));
    expect(e.place).toBe('map.terrain[0]');
    expect(e.problem).toMatch(/^character "\." at column 1 is not in the legend \(and \d+ more problems\)$/);
  });
});

describe('issue 13 item 6: scenario loading is linear in its unit placements', () => {
  // 20,000 placements took 2 s and 40,000 12.8 s when each unit's id counted the units made before it;
  // 200,000 would take minutes. The timeout guards against that return, with a wide margin.
  it.each(['pg3', 'spg'] as const)(
    '%s: 200,000 over-stacked placements are refused naming the first over-stacked hex',
    (system) => {
      const { scenario } = tinyCopy(system, ({ scenario: s }) => {
        const first = s.sides[0].units[0];
        s.sides[0].units = Array.from({ length: 200_000 }, () => ({ counter: first.counter, hex: first.hex }));
      });
      const e = inputError(() => loadScenario(scenario));
      expect(e.message).toMatch(/stack/);
      expect(e.place).toMatch(/^sides/);
    },
    60_000,
  );
});
