/**
 * Whole-game invariants: seeded random-vs-random games over every shipped scenario, checked after
 * every action; replay determinism; illegal actions; and bad input files (InputError naming the file,
 * the place and the problem).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IllegalActionError } from '../../../src/core/game.js';
import { InputError, type InputErrorCode } from '../../../src/core/errors.js';
import { createRng, pick } from '../../../src/core/rng.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { loadPg3Scenario, type Scenario } from '../../../src/rules/pg3/scenario.js';
import { CARRIED, ELIMINATED, EXITED, F, HEX, OFFBOARD, STEPS, type State } from '../../../src/rules/pg3/state.js';
import { COUNTERS, CHARTS, SCENARIOS, deepFreeze, scenarioData, shipped, writeTemp } from './helpers.js';

/** Every invariant of a position; returns the first problem or null. */
function checkState(sc: Scenario, s: State): string | null {
  const n = sc.units.length;
  if (s.u.length !== n) return `unit rows: ${s.u.length}, expected ${n}`;
  const short = s.u.findIndex((r) => r.length !== F);
  if (short >= 0) return `unit ${short}'s row has ${s.u[short]!.length} fields, expected ${F}`;
  const counts = new Map<string, { combat: number; transport: number }>();
  for (const u of sc.units) {
    const h = s.u[u.index]![HEX]!;
    const steps = s.u[u.index]![STEPS]!;
    if (steps < 0) return `${u.id} has ${steps} steps`;
    if (steps > u.maxSteps) return `${u.id} has ${steps} steps, more than ${u.maxSteps}`;
    if (h >= 0) {
      if (h >= sc.map.size) return `${u.id} is at hex ${h}, off the map`;
      if (steps === 0) return `${u.id} is on the map with 0 steps`;
      if (u.isLeader) continue;
      // A unit carried by a transport counts with its carrier, not on its own (PG3 5.6).
      if (s.u[u.index]![CARRIED] !== 0) continue;
      const key = `${u.side}:${h}`;
      const c = counts.get(key) ?? { combat: 0, transport: 0 };
      if (u.isApc || u.isTransport) c.transport++;
      else if (u.isCombat) c.combat++;
      counts.set(key, c);
    } else if (h === ELIMINATED) {
      if (steps !== 0) return `${u.id} is eliminated with ${steps} steps`;
    } else if (h === OFFBOARD) {
      if (u.entryTurn === 0) return `${u.id} is off board but is not a reinforcement`;
      if (steps === 0) return `${u.id} is off board with 0 steps`;
    } else if (h === EXITED) {
      if (steps === 0) return `${u.id} exited with 0 steps`;
    } else return `${u.id} has a bad HEX value ${h}`;
  }
  for (const [key, c] of counts) {
    if (c.combat > 3 || c.transport > 3) return `over-stacked ${key}: ${c.combat} combat units, ${c.transport} transports (PG3 4.1)`;
  }
  if (s.stepsLost[0] < 0 || s.stepsLost[1] < 0) return 'negative steps lost';
  return null;
}

interface GameRun {
  actions: string[];
  final: State;
  error: string | null;
}

/**
 * One random game. With `check`, every position is checked (checkState) and every `frozenEvery`-th
 * action is applied to a deep-frozen state whose JSON must not change (1: every action).
 */
function playRandom(game: Pg3Game, seed: string, check: boolean, maxActions = 20_000, frozenEvery = 1): GameRun {
  const dice = createRng(`dice/${seed}`);
  const choose = createRng(`choose/${seed}`);
  let s = game.initialState(dice);
  const actions: string[] = [];
  const sc = game.scenario;
  if (check) {
    const p = checkState(sc, s);
    if (p) return { actions, final: s, error: `initial: ${p}` };
  }
  while (!game.isTerminal(s)) {
    if (actions.length >= maxActions) return { actions, final: s, error: `no end after ${maxActions} actions` };
    const legal = game.legalActions(s);
    if (legal.length === 0) return { actions, final: s, error: `no legal actions in phase ${s.phase} (not over)` };
    const a = pick(choose, legal);
    let next: State;
    if (check && actions.length % frozenEvery === 0) {
      const before = JSON.stringify(s);
      deepFreeze(s);
      try {
        next = game.apply(s, a, dice);
      } catch (e) {
        return { actions, final: s, error: `apply(${a}) threw on a frozen state: ${(e as Error).stack}` };
      }
      if (next === s) return { actions, final: s, error: `apply(${a}) returned its input` };
      if (JSON.stringify(s) !== before) return { actions, final: s, error: `apply(${a}) changed its input` };
    } else next = game.apply(s, a, dice);
    if (check) {
      const p = checkState(sc, next);
      if (p) return { actions: [...actions, a], final: next, error: `after ${a} (action ${actions.length + 1}): ${p}` };
      const seat = game.toMove(next);
      if (!game.isTerminal(next) && seat !== 0 && seat !== 1) return { actions, final: next, error: `toMove is ${seat}` };
    }
    actions.push(a);
    s = next;
  }
  const r = game.returns(s);
  if (r.length !== 2 || r[0]! + r[1]! !== 0) return { actions, final: s, error: `returns ${r.join(',')}` };
  return { actions, final: s, error: null };
}

/** Scenario and games in which every action is applied to a deep-frozen state whose JSON must not change. */
const RUNS: [Parameters<typeof shipped>[0], number][] = [
  ['pg3-tiny', 1000],
  ['pg3-mirror', 120],
  ['pg3-medium', 50],
  ['pg3-large', 8],
];
/** More games on new seeds, for volume (3,090 games in all): every position checked, every 16th apply frozen. */
const BULK_RUNS: [Parameters<typeof shipped>[0], number][] = [
  ['pg3-tiny', 1500],
  ['pg3-mirror', 300],
  ['pg3-medium', 100],
  ['pg3-large', 12],
];
const BULK_FROZEN_EVERY = 16;

// Engine invariants, not rule tests: their names carry no rule id, so the rules coverage table does not count them.
describe('engine invariants over seeded random games of every shipped PG3 scenario', () => {
  for (const [id, games] of RUNS) {
    it(`${games} random games of ${id} finish without error; stacking limits and step counts hold after every action; apply never mutates its input`, () => {
      const game = new Pg3Game(shipped(id));
      for (let g = 0; g < games; g++) {
        const run = playRandom(game, `${id}/${g}`, true);
        expect(run.error, `${id} game ${g}`).toBeNull();
      }
    });
  }
  for (const [id, games] of BULK_RUNS) {
    it(`${games} more random games of ${id} on new seeds keep stacking limits, step counts and positions after every action`, () => {
      const game = new Pg3Game(shipped(id));
      for (let g = 0; g < games; g++) {
        const run = playRandom(game, `${id}/bulk/${g}`, true, 20_000, BULK_FROZEN_EVERY);
        expect(run.error, `${id} bulk game ${g}`).toBeNull();
      }
    });
  }

  it('determinism: replaying the same seed and actions gives an identical state, and the same seed the same game', () => {
    for (const id of ['pg3-tiny', 'pg3-mirror'] as const) {
      const game = new Pg3Game(shipped(id));
      for (let g = 0; g < 3; g++) {
        const run = playRandom(game, `replay/${id}/${g}`, false);
        const dice = createRng(`dice/replay/${id}/${g}`);
        let s = game.initialState(dice);
        for (const a of run.actions) s = game.apply(s, a, dice);
        expect(JSON.stringify(s)).toBe(JSON.stringify(run.final));
        const again = playRandom(game, `replay/${id}/${g}`, false);
        expect(again.actions).toEqual(run.actions);
      }
    }
  });

  it('apply shares with its input every unit row and array it did not write (structural sharing)', () => {
    const game = new Pg3Game(shipped('pg3-medium'));
    const keys = [
      'segmentsTaken',
      'act',
      'obaUsed',
      'air',
      'smoke',
      'wrecks',
      'mines',
      'control',
      'stepsLost',
      'decapHex',
      'decapTurn',
      'stepsExited',
      'queue',
      'assaults',
    ] as const;
    const shared = new Map<string, number>(keys.map((k) => [k, 0]));
    let applies = 0,
      moves = 0,
      rowsCopied = 0;
    for (let g = 0; g < 3; g++) {
      const dice = createRng(`share/${g}`);
      let s = game.initialState(dice);
      while (!game.isTerminal(s)) {
        const action = pick(dice, game.legalActions(s));
        const next = game.apply(s, action, dice);
        for (const k of keys) if (next[k] === s[k]) shared.set(k, shared.get(k)! + 1);
        for (let i = 0; i < s.u.length; i++) if (next.u[i] !== s.u[i]) rowsCopied++;
        // A move never changes who takes part in the activation (3.1): it keeps the very same list, and it
        // changes no row but the mover's, its cargo's (5.6) and those of enemies it overruns in the hex (5.3, 6.71).
        if (action.startsWith('mv ')) {
          expect(next.act).toBe(s.act);
          const [, mover, to] = action.split(' ').map(Number) as [number, number, number];
          const moved = (i: number): boolean => i === mover || s.u[i]![CARRIED] === mover + 1 || s.u[i]![HEX] === to;
          for (let i = 0; i < s.u.length; i++) if (!moved(i)) expect(next.u[i], `${action}: unit ${i}`).toBe(s.u[i]);
          moves++;
        }
        applies++;
        s = next;
      }
    }
    expect(moves).toBeGreaterThan(100);
    // Copying every unit's row for every action (as before) would make this the number of units (44).
    expect(rowsCopied / applies).toBeLessThan(3);
    // Smoke, wrecks, mines, exits and the decapitation record change a few times a game at most: copying them for
    // every action (as before copy-on-write) would share none.
    for (const k of ['smoke', 'wrecks', 'mines', 'stepsExited', 'decapHex', 'decapTurn', 'air'] as const)
      expect(shared.get(k)! / applies, k).toBeGreaterThan(0.95);
  });

  it('illegal actions throw IllegalActionError naming the action', () => {
    const game = new Pg3Game(shipped('pg3-tiny'));
    const s = game.initialState(createRng(5));
    for (const bad of ['mv 0 1', 'df 1 2', 'loss 3', 'frobnicate', 'pass pass']) {
      let err: unknown;
      try {
        game.apply(s, bad, createRng(1));
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(IllegalActionError);
      expect((err as IllegalActionError).message).toContain(bad);
      expect((err as IllegalActionError).actionKey).toBe(bad);
    }
    // A terminal state accepts nothing.
    const run = playRandom(game, 'terminal', false);
    expect(() => game.apply(run.final, 'pass', createRng(1))).toThrow(IllegalActionError);
  });
});

describe('bad input files throw InputError naming the file, the place and the problem', () => {
  const expectInputError = (
    fn: () => unknown,
    file: string,
    place: string | RegExp | null,
    problem: RegExp,
    code?: InputErrorCode,
  ): InputError => {
    let err: unknown;
    try {
      fn();
    } catch (e) {
      err = e;
    }
    expect(err, 'expected an InputError').toBeInstanceOf(InputError);
    const ie = err as InputError;
    if (code !== undefined) expect(ie.code).toBe(code);
    expect(ie.file).toBe(file);
    expect(ie.message).toContain(file);
    if (place !== null) {
      if (typeof place === 'string') {
        expect(ie.place).toBe(place);
        expect(ie.message).toContain(place);
      } else expect(ie.place ?? '').toMatch(place);
    }
    expect(ie.message).toMatch(problem);
    return ie;
  };

  it('scenario that is not JSON', () => {
    const f = writeTemp('{ "format": "tacsim-scenario/1", oops }', 'badjson');
    expectInputError(() => loadPg3Scenario(f), f, null, /not valid JSON/, 'bad-json');
  });

  it('missing scenario file', () => {
    const f = join(SCENARIOS, 'no-such-file.json');
    expectInputError(() => loadPg3Scenario(f), f, null, /cannot read/, 'not-found');
  });

  it('unknown terrain in the legend', () => {
    const data = scenarioData();
    (data.map as { legend: Record<string, string> }).legend.x = 'lava';
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'map.legend["x"]', /unknown terrain "lava"/);
  });

  it('map row of the wrong width and a character not in the legend', () => {
    const data = scenarioData();
    (data.map as { terrain: string[] }).terrain[2] = '..Q.......';
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'map.terrain[2]', /"Q".*not in the legend/);
  });

  it('unknown counter id', () => {
    const data = scenarioData({
      sides: [{ units: [{ counter: 'ger-nonesuch', hex: '0101' }] }, { units: [{ counter: 'sov-rifle', hex: '1010' }] }],
    });
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'sides[0].units[0].counter', /unknown counter "ger-nonesuch"/);
  });

  it('unknown leader id', () => {
    const data = scenarioData({
      sides: [
        { units: [{ counter: 'ger-inf', hex: '0101' }], leaders: [{ counter: 'ger-gen-9', hex: '0101' }] },
        { units: [{ counter: 'sov-rifle', hex: '1010' }] },
      ],
    });
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, /sides\[0\]\.leaders\[0\]/, /unknown leader "ger-gen-9"/);
  });

  it('hex off the map', () => {
    const data = scenarioData({
      sides: [{ units: [{ counter: 'ger-inf', hex: '1205' }] }, { units: [{ counter: 'sov-rifle', hex: '1010' }] }],
    });
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'sides[0].units[0].hex', /off the 10x10 map/);
  });

  it('badly written hex label', () => {
    const data = scenarioData({
      sides: [{ units: [{ counter: 'ger-inf', hex: 'A1' }] }, { units: [{ counter: 'sov-rifle', hex: '1010' }] }],
    });
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'sides[0].units[0].hex', /CCRR/, 'bad-value');
  });

  it('PG3 4.1: over-stacked set-up', () => {
    const data = scenarioData({
      sides: [{ units: [{ counter: 'ger-inf', hex: '0101', count: 4 }] }, { units: [{ counter: 'sov-rifle', hex: '1010' }] }],
    });
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'sides[0].units[0]', /over-stacked.*0101/);
  });

  it('PG3 4.1: four transports in a hex are over-stacked', () => {
    const data = scenarioData({
      sides: [{ units: [{ counter: 'ger-truck', hex: '0101', count: 4 }] }, { units: [{ counter: 'sov-rifle', hex: '1010' }] }],
    });
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'sides[0].units[0]', /over-stacked.*transports/);
  });

  it('missing side', () => {
    const data = scenarioData();
    (data.sides as unknown[]).pop();
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'sides', /exactly two sides/, 'bad-value');
  });

  it('negative values', () => {
    const data = scenarioData();
    (data.victory as { vpPerStep: number }).vpPerStep = -1;
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), f, 'victory.vpPerStep', /must not be negative/, 'bad-value');
    const data2 = scenarioData();
    (data2.sides as { initiative: number }[])[1]!.initiative = -2;
    const f2 = writeTemp(data2);
    expectInputError(() => loadPg3Scenario(f2), f2, 'sides[1].initiative', /./, 'bad-value');
  });

  it('objective controlled by an unknown side', () => {
    const f = writeTemp(scenarioData({ objectives: [{ hex: '0505', vp: 2, controlledBy: 'martians' }] }));
    expectInputError(() => loadPg3Scenario(f), f, 'victory.objectives[0].controlledBy', /unknown side "martians"/);
  });

  it('chart pack that is not JSON', () => {
    const charts = writeTemp('not json at all', 'charts');
    const data = scenarioData();
    data.charts = charts;
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), charts, null, /not valid JSON/, 'bad-json');
  });

  it('chart pack with a negative movement cost', () => {
    const c = JSON.parse(readFileSync(CHARTS, 'utf8'));
    c.terrain.woods.move.foot = -2;
    const charts = writeTemp(c, 'charts');
    const data = scenarioData();
    data.charts = charts;
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), charts, 'terrain.woods.move.foot', /./, 'bad-value');
  });

  it('chart pack with a fire-table row of the wrong length', () => {
    const c = JSON.parse(readFileSync(CHARTS, 'utf8'));
    c.directFire.rows['7'].pop();
    const charts = writeTemp(c, 'charts');
    const data = scenarioData();
    data.charts = charts;
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), charts, 'directFire.rows.7', /results but there are 10 columns/, 'bad-value');
  });

  it('counter manifest with a negative fire strength', () => {
    const c = JSON.parse(readFileSync(COUNTERS, 'utf8'));
    c.units['ger-inf'].full.directFire.strength = -5;
    const counters = writeTemp(c, 'counters');
    const data = scenarioData();
    data.counters = counters;
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), counters, 'units.ger-inf.full.directFire.strength', /must not be negative/, 'bad-value');
  });

  it('counter manifest that is not JSON', () => {
    const counters = writeTemp('[1, 2', 'counters');
    const data = scenarioData();
    data.counters = counters;
    const f = writeTemp(data);
    expectInputError(() => loadPg3Scenario(f), counters, null, /not valid JSON/, 'bad-json');
  });
});
