/**
 * IA2 9.1, 9.11, 9.13: artillery plans written before play as one decision per side among candidate plans,
 * secret from the other side until fired, resampled by determinize. ia2-tiny gives the Germans (seat 0) one
 * increment and the Russians none; ia2-mirror gives each side one; ia2-medium three increments in all.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import type { MctsAgent } from '../../../agents/mcts.js';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { loadIa2 } from '../../../src/rules/ia2/index.js';
import { consistentPlans, dealPlans, illegalShift, vertexHexes } from '../../../src/rules/ia2/plans.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import type { State } from '../../../src/rules/ia2/state.js';
import { ia2Ui } from '../../../src/rules/ia2/ui.js';
import { shipped } from './helpers.js';

const planOf = (sc: Scenario, side: number, name: string): number => sc.planLibrary[side]!.findIndex((c) => c.name === name);

describe('IA2 9.1: plans are written before play', () => {
  const sc = loadIa2Scenario(shipped('ia2-tiny'));
  const game = new Ia2Game(sc, { narrate: true });

  it('IA2 9.1: the game starts in the pre-game with the side that has artillery writing its plan; the side without has nothing to write', () => {
    const s = game.initialState(createRng('pre'));
    expect(s.turn).toBe(0);
    expect(s.toMove).toBe(0);
    expect(s.plans).toEqual([-1, 0]);
    expect(sc.planLibrary[1]!.map((c) => c.name)).toEqual(['none']);
    expect(game.legalActions(s)).toEqual([...sc.planLibrary[0]!.map((c) => `plan ${c.name}`), 'plan write']);
    expect(game.legalActions(s)[0]).toBe('plan scenario');
    const after = game.apply(s, 'plan none', createRng('pre/1'));
    expect(after.turn).toBe(1);
    expect(after.plans).toEqual([planOf(sc, 0, 'none'), 0]);
    expect(after.events.join('\n')).toContain('german has written its artillery plan');
  });

  it("IA2 9.1: turn 1's dice come after the plans: the default plan gives the same opening as the same dice without a choice", () => {
    const dice = createRng('same');
    const a = withDefaultPlans(game, game.initialState(dice), dice);
    const again = createRng('same');
    const b = game.apply(game.initialState(again), 'plan scenario', again);
    expect(b).toEqual(a);
    expect(a.turn).toBe(1);
  });

  it('IA2 9.1: the plan written is the one that fires: the scenario plan bombards 0503/0603/0504 on turn 1, No Fire bombards nothing', () => {
    const fired = (plan: string) =>
      game.apply(game.initialState(createRng('fire')), `plan ${plan}`, createRng('fire/dice')).events.join('\n');
    expect(fired('scenario')).toContain('bombardment of 20 at 0503/0603/0504');
    expect(fired('none')).not.toContain('bombardment');
    const rolling = sc.planLibrary[0]!.find((c) => c.kind === 'rolling')!;
    expect(fired(rolling.name)).toContain(
      `bombardment of 20 at ${vertexHexes(sc.map.size, rolling.fire[0]![0]!)
        .map((h) => sc.map.grid.label(h))
        .join('/')}`,
    );
  });

  it('IA2 9.1: with artillery on both sides, the first side writes first, then the second, then turn 1 begins', () => {
    const m = loadIa2Scenario(shipped('ia2-mirror'));
    const g = new Ia2Game(m);
    const s0 = g.initialState(createRng('mirror'));
    expect([s0.turn, s0.toMove]).toEqual([0, 0]);
    const s1 = g.apply(s0, 'plan scenario', createRng('m1'));
    expect([s1.turn, s1.toMove]).toEqual([0, 1]);
    expect(g.legalActions(s1)).toEqual([...m.planLibrary[1]!.map((c) => `plan ${c.name}`), 'plan write']);
    const s2 = g.apply(s1, 'plan none', createRng('m2'));
    expect(s2.turn).toBe(1);
    expect(s2.plans).toEqual([0, planOf(m, 1, 'none')]);
  });
});

describe('IA2 9.11 / 9.13: the plan library', () => {
  it('IA2 9.13: every candidate of every shipped scenario is a line per increment and turn of vertices of three touching hexes, shifting only to a vertex sharing a hex', () => {
    for (const id of ['ia2-tiny', 'ia2-mirror', 'ia2-medium']) {
      const sc = loadIa2Scenario(shipped(id));
      const grid = sc.map.grid;
      sc.planLibrary.forEach((lib, side) => {
        expect(new Set(lib.map((c) => c.name)).size).toBe(lib.length);
        expect(lib.at(-1)!.kind).toBe('none');
        for (const c of lib) {
          expect(c.fire).toHaveLength(sc.increments.length);
          c.fire.forEach((line, k) => {
            if (sc.increments[k]!.side !== side) {
              expect(line).toEqual([]);
              return;
            }
            expect(line).toHaveLength(sc.turns);
            expect(illegalShift(sc.map.size, line)).toBe(0);
            for (const v of line) {
              if (v < 0) continue;
              const [a, b, h] = vertexHexes(sc.map.size, v);
              expect([grid.distance(a, b), grid.distance(b, h), grid.distance(a, h)]).toEqual([1, 1, 1]);
            }
          });
        }
      });
    }
  });

  it("IA2 9.1: the scenario's plan comes first (the default); barrages on the enemy's set-up, fire on the objectives, a rolling barrage and No Fire follow", () => {
    const sc = loadIa2Scenario(shipped('ia2-tiny'));
    const lib = sc.planLibrary[0]!;
    expect(lib[0]!.name).toBe('scenario');
    expect(lib[0]!.fire[0]).toEqual(sc.increments[0]!.plan);
    const kinds = new Set(lib.map((c) => c.kind));
    for (const k of ['barrage', 'opening', 'objective', 'rolling', 'none'] as const) expect(kinds.has(k)).toBe(true);
    // The enemy's set-up: every barrage vertex touches a hex a Russian unit sets up in.
    const russian = new Set(sc.units.filter((u) => u.side === 1 && !u.leader).map((u) => u.startHex));
    for (const c of lib.filter((x) => x.kind === 'barrage' || x.kind === 'opening'))
      expect(vertexHexes(sc.map.size, c.fire[0]![0]!).some((h) => russian.has(h))).toBe(true);
    // Fire on each Russian-held objective touches that objective.
    for (const o of sc.objectives) {
      const c = lib.find((x) => x.name === `objective-${sc.map.grid.label(o.hex)}`)!;
      expect(vertexHexes(sc.map.size, c.fire[0]![0]!)).toContain(o.hex);
    }
  });

  it('IA2 9.13: the rolling barrage moves each turn to a different vertex sharing a hex with the last until it lifts', () => {
    const sc = loadIa2Scenario(shipped('ia2-medium'));
    for (const lib of sc.planLibrary) {
      const rolling = lib.find((c) => c.kind === 'rolling')!;
      const line = rolling.fire.find((l) => l.length > 0)!;
      const firing = line.filter((v) => v >= 0);
      expect(new Set(firing).size).toBeGreaterThan(1);
      // It fires on consecutive turns from turn 1 and, once lifted, stays lifted.
      expect(line.slice(0, firing.length)).toEqual(firing);
      for (let t = 1; t < firing.length; t++) {
        const a = vertexHexes(sc.map.size, firing[t - 1]!),
          b = vertexHexes(sc.map.size, firing[t]!);
        expect(b.some((h) => a.includes(h))).toBe(true);
      }
    }
  });

  it('IA2 9.1: the scripted agent writes the candidate with the highest rating, never one that only shells its own set-up', () => {
    for (const id of ['ia2-tiny', 'ia2-mirror', 'ia2-medium']) {
      const loaded = loadIa2(shipped(id));
      const game = loaded.game;
      const s = game.initialState(createRng('scripted-plan'));
      const lib = loaded.scenario.planLibrary[s.toMove]!;
      const chosen = createAgent('scripted', loaded.ai).act(game, s, s.toMove, createRng('pick')) as string;
      const c = lib.find((x) => `plan ${x.name}` === chosen)!;
      expect(c.rating).toBe(Math.max(...lib.map((x) => x.rating)));
      expect(c.rating).toBeGreaterThan(0);
    }
  });
});

describe('IA2 9.1: plans in scenario files', () => {
  const file = shipped('ia2-tiny');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { sides: { plans?: unknown[] }[]; [k: string]: unknown };
  const workDir = mkdtempSync(join(tmpdir(), 'tacsim-ia2-plans-'));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  let n = 0;
  const load = (plans: unknown[]): Scenario => {
    const d = structuredClone(data);
    d.charts = join(dirname(file), data.charts as string);
    d.counters = join(dirname(file), data.counters as string);
    d.sides[0]!.plans = plans;
    const f = join(workDir, `v${++n}.json`);
    writeFileSync(f, JSON.stringify(d));
    return loadIa2Scenario(f);
  };
  const line = ['0402-0502-0503', '0503-0603-0504', 'none', 'none', 'none', 'none'];

  it('IA2 9.1: a named plan of the file is offered after the scenario plan, with its description', () => {
    const sc = load([{ name: 'feint', description: 'fire short of the village', fire: { '20 A': line } }]);
    expect(sc.planLibrary[0]![1]!.name).toBe('feint');
    expect(sc.planLibrary[0]![1]!.description).toBe('fire short of the village');
    const ui = ia2Ui(sc);
    const game = new Ia2Game(sc);
    const s = game.initialState(createRng('named'));
    expect(ui.describeAction(s, 'plan feint')).toContain('20 A: 0402-0502-0503 turn 1, 0503-0603-0504 turn 2, No Fire turns 3-6');
    expect(ui.describeAction(s, 'plan scenario')).toContain('[default]');
  });

  it('IA2 9.13: a named plan that breaks the shifting rule, or names an increment the side does not have, is refused naming its place', () => {
    const bad = line.slice();
    bad[1] = '0103-0203-0104';
    expect(() => load([{ name: 'bad', fire: { '20 A': bad } }])).toThrow(InputError);
    expect(() => load([{ name: 'bad', fire: { '20 A': bad } }])).toThrow(/sides\[0\]\.plans\[0\]\.fire\["20 A"\]\[1\].*9\.13/);
    expect(() => load([{ name: 'ghost', fire: { '99 Z': line } }])).toThrow(/sides\[0\]\.plans\[0\]\.fire.*"99 Z"/);
    expect(() => load([{ name: 'Bad Name', fire: {} }])).toThrow(InputError);
  });
});

describe('IA2 9.1: the other side plan is a secret', () => {
  const loaded = loadIa2(shipped('ia2-mirror'));
  const sc = loaded.scenario;
  const game = loaded.game;
  const BLUE = 0,
    RED = 1;
  const barrage = sc.planLibrary[BLUE]!.find((c) => c.kind === 'barrage')!;
  const opening = sc.planLibrary[BLUE]!.find((c) => c.kind === 'opening' && c.fire[0]![0] === barrage.fire[0]![0])!;
  const blue = (name: string) => planOf(sc, BLUE, name);

  it('IA2 9.1: determinize draws the other side plan whatever it truly is, and leaves the seat its own', () => {
    const s0 = game.initialState(createRng('secret'));
    const s1 = game.apply(s0, `plan ${barrage.name}`, createRng('x'));
    const other = { ...s1, plans: [blue('none'), -1] };
    const drawn = new Set<number>();
    for (let k = 0; k < 100; k++) {
      const a = game.determinize!(s1, RED, createRng(`deal/${k}`));
      expect(game.determinize!(other, RED, createRng(`deal/${k}`)).plans).toEqual(a.plans);
      drawn.add(a.plans[BLUE]!);
    }
    expect(drawn.size).toBe(sc.planLibrary[BLUE]!.length);
    // Blue knows its own plan; red has not written one yet: nothing to draw for blue.
    expect(game.determinize!(s1, BLUE, createRng('own'))).toBe(s1);
  });

  it('IA2 9.1: once fired, the turns seen bind the draw: only candidates with the same fire on every turn so far, the future free', () => {
    const s = withDefaultPlans(game, game.initialState(createRng('fired')), createRng('fired/dice'));
    const atBarrage = { ...s, plans: [blue(barrage.name), s.plans[RED]!] };
    const allowed = consistentPlans(sc.planLibrary, BLUE, atBarrage);
    expect(allowed).toContain(blue(barrage.name));
    expect(allowed).toContain(blue(opening.name));
    expect(allowed).not.toContain(blue('none'));
    for (const i of allowed) expect(sc.planLibrary[BLUE]![i]!.fire[0]![0]).toBe(barrage.fire[0]![0]);
    // On turn 3 the barrage fired again where the opening barrage had lifted: they are told apart.
    const turn3 = { ...atBarrage, turn: 3 };
    expect(consistentPlans(sc.planLibrary, BLUE, turn3)).toContain(blue(barrage.name));
    expect(consistentPlans(sc.planLibrary, BLUE, turn3)).not.toContain(blue(opening.name));
    // An increment out of ammunition since turn 1 (15.7) fires no more: its later turns tell nothing.
    expect(consistentPlans(sc.planLibrary, BLUE, { ...turn3, ammoOut: [1, 0] })).toContain(blue(opening.name));
    for (let k = 0; k < 40; k++) expect(allowed).toContain(dealPlans(sc.planLibrary, atBarrage, RED, createRng(`d/${k}`)).plans[BLUE]);
    // On the last turn every line has been fired: nothing is left to draw.
    const last = { ...atBarrage, turn: sc.turns };
    expect(consistentPlans(sc.planLibrary, BLUE, last)).toEqual([blue(barrage.name)]);
    expect(game.determinize!(last, RED, createRng('last'))).toBe(last);
  });

  it('IA2 9.1: red chooses the same actions whatever blue wrote (legal actions, scripted and the whole MCTS search, fixed seeds)', async () => {
    const ui = loaded.ui;
    // Red's plan, then red decisions of turns 1-2 along a seeded scripted game with blue's barrage written.
    const states: State[] = [];
    const scripted = createAgent('scripted', loaded.ai);
    const dice = createRng('secret/game');
    const pick = createRng('secret/pick');
    let s = game.apply(game.initialState(dice), `plan ${barrage.name}`, dice);
    states.push(s);
    for (let ply = 0; ply < 400 && states.length < 4 && !game.isTerminal(s) && s.turn <= 2; ply++) {
      if (s.toMove === RED && s.turn >= 1 && game.legalActions(s).length > 3 && ply % 3 === 0) states.push(s);
      s = game.apply(s, (await scripted.act(game, s, s.toMove, pick)) as string, dice);
    }
    expect(states.length).toBe(4);
    for (const [n, s0] of states.entries()) {
      expect(s0.toMove).toBe(RED);
      // Before anything is fired any plan will do; later, blue's opening barrage fires as its barrage does on
      // turns 1-2, and only the future differs.
      const s1 = { ...s0, plans: [blue(n === 0 ? 'none' : opening.name), s0.plans[RED]!] };
      expect(s1.plans).not.toEqual(s0.plans);
      expect(game.legalActions(s1)).toEqual(game.legalActions(s0));
      expect(ui.renderStatus(s1, { viewer: RED })).toBe(ui.renderStatus(s0, { viewer: RED }));
      const choose = async (x: State) => createAgent('scripted:noise=0.2', loaded.ai).act(game, x, RED, createRng(`scripted/${n}`));
      expect(await choose(s1)).toBe(await choose(s0));
      const search = async (x: State) => {
        // Rollouts long enough to reach the turns where the plans differ.
        const agent = createAgent('mcts:iterations=40,rolloutDepth=120,expandAfter=1', loaded.ai) as MctsAgent;
        const chosen = await agent.act(game, x, RED, createRng(`mcts/${n}`));
        return { chosen, top: agent.lastSearch!.top };
      };
      expect(await search(s1)).toEqual(await search(s0));
    }
  }, 60_000);
});
