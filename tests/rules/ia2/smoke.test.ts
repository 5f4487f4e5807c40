/**
 * IA2 15.1-15.14 Smoke, and the plan entries that fire it (9.1, 9.13, 9.64), checked by the state they
 * leave with loaded dice. The proving ground's German increment 14 A is planned on 0710-0809-0810; the
 * Russian companies are units 9 and 10.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { directFireColumn } from '../../../src/rules/ia2/combat.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { consistentPlans, SMOKE, vertexKey, vertexLabel, WRITTEN } from '../../../src/rules/ia2/plans.js';
import { loadIa2Scenario, type Scenario, vertexHexes } from '../../../src/rules/ia2/scenario.js';
import { type State, STEPS, MORALE } from '../../../src/rules/ia2/state.js';
import { bombardmentPhase, disperseSmoke, endTurn } from '../../../src/rules/ia2/turn.js';
import { ia2Ui, planLines } from '../../../src/rules/ia2/ui.js';
import { sees, spots } from '../../../src/rules/ia2/units.js';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { draftOf, edit, ground, hex, loadedDice, shipped } from './helpers.js';
import { groundWith } from './scenario-edit.js';

const V1 = '0710-0809-0810';
const V2 = '0809-0909-0910';

/** The proving ground with smoke allowed to the Germans and 14 A's plan line replaced. */
function smokeGround(plan: string[], allowed = true): Scenario {
  return groundWith((data) => {
    data.sides[0].smokeAllowed = allowed;
    data.sides[0].artillery[0].plan = plan;
  });
}

/** A game of `sc` set up and past its pre-game (each side its scenario plan). */
function started(sc: Scenario): { game: Ia2Game; start: State } {
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('smoke');
  return { game, start: withDefaultPlans(game, game.initialState(dice), dice) };
}

/** The state on `turn` before its Bombardment phase. */
const beforeBombardment = (s: State, turn: number, lastVertex: readonly number[]): State => ({
  ...s,
  turn,
  lastVertex,
  drumfire: [],
  smoke: [],
});

const key = (sc: Scenario, v: string) =>
  vertexKey(
    sc.map.size,
    v.split('-').map((l) => hex(sc, l)),
  );

describe('IA2 15.14 / 9.1: Smoke in the plan', () => {
  it('IA2 15.1 / 15.14: a side may plan Smoke only when the scenario allows it; the file is refused in one line naming the entry', () => {
    expect(() => smokeGround([`smoke ${V1}`, 'none', 'none', 'none', 'none', 'none', 'none'], false)).toThrow(
      /sides\[0\]\.artillery\[0\]\.plan\[0\].*does not allow german to fire Smoke \(15\.14: set sides\[0\]\.smokeAllowed\)/,
    );
    const sc = smokeGround([`smoke ${V1}`, V1, 'none', 'none', 'none', 'none', 'none']);
    expect(sc.smokeAllowed).toEqual([true, false]);
  });

  it('IA2 9.1: a plan file entry is Fire at V, Smoke at V or No Fire; the plan shows Smoke, and Smoke obeys the 9.13 shift like Fire', () => {
    const sc = smokeGround([`smoke ${V1}`, V1, V1, `smoke ${V2}`, 'none', 'none', 'none']);
    const plan = sc.planLibrary[0]![0]!;
    expect(plan.fire[0]).toEqual([key(sc, V1), key(sc, V1), key(sc, V1), key(sc, V2), -1, -1, -1]);
    expect(plan.groups[0]).toEqual([SMOKE, 0, 0, SMOKE, 0, 0, 0]);
    const v1 = vertexLabel(sc.map.grid, key(sc, V1)),
      v2 = vertexLabel(sc.map.grid, key(sc, V2));
    expect(planLines(sc, plan)[0]).toBe(`14 A: Smoke ${v1} turn 1, ${v1} turns 2-3, Smoke ${v2} turn 4, No Fire turns 5-7`);
    // 9.13: Smoke at V1, then a vertex sharing no hex with it, is refused as Fire would be.
    expect(() => smokeGround([`smoke ${V1}`, '0102-0202-0103', 'none', 'none', 'none', 'none', 'none'])).toThrow(/9\.13/);
    expect(() => smokeGround([V1, 'smoke 0102-0202-0103', 'none', 'none', 'none', 'none', 'none'])).toThrow(/9\.13/);
    // A Smoke entry has no fire group (9.2).
    expect(() => smokeGround([`smoke ${V1}/1`, 'none', 'none', 'none', 'none', 'none', 'none'])).toThrow(/plan entry is "none"/);
  });

  it('IA2 9.1: the library offers Smoke plans only where allowed (a screen after the preferred plan lifts, and smoke on the enemy line), and the scripted choice is the screen on ia2-medium', () => {
    const none = loadIa2Scenario(shipped('ia2-medium'), {});
    expect(none.planLibrary[1]!.some((c) => c.groups.some((l) => l.includes(SMOKE)))).toBe(false);
    const lib = none.planLibrary[0]!;
    const smoky = lib.filter((c) => c.groups.some((l) => l.includes(SMOKE)));
    expect(smoky.map((c) => c.kind).sort()).toEqual(['screen', 'screen', 'smoke']);
    const best = lib.reduce((a, c) => (c.rating > a.rating ? c : a), lib[0]!);
    expect(best.name).toBe('scenario-screen');
    // The screen keeps the scenario's fire and adds Smoke only on turns the scenario left No Fire.
    const base = lib[0]!;
    best.fire.forEach((line, k) => {
      line.forEach((v, t) => {
        if (base.fire[k]![t]! >= 0) expect([v, best.groups[k]![t]]).toEqual([base.fire[k]![t], base.groups[k]![t]]);
        else if (v >= 0) expect(best.groups[k]![t]).toBe(SMOKE);
      });
    });
  });

  it('IA2 9.1: the Smoke seen is part of what the other side knows: after turn 1 it resamples only plans with Smoke there', () => {
    const sc = loadIa2Scenario(shipped('ia2-medium'));
    const lib = sc.planLibrary[0]!;
    const smokeFirst = lib.findIndex((c) => c.kind === 'smoke');
    const s = { plans: [smokeFirst, 0], turn: 1, ammoOut: sc.increments.map(() => 0) };
    const options = consistentPlans(sc.planLibrary, 0, s);
    expect(options).toContain(smokeFirst);
    for (const i of options) expect(lib[i]!.groups[0]![0]).toBe(SMOKE);
  });
});

describe('IA2 15.11: Smoke in the Bombardment phase', () => {
  const sc = smokeGround([`smoke ${V1}`, `smoke ${V1}`, V1, V1, 'none', 'none', 'none']);
  const { start } = started(sc);
  const hexes = vertexHexes(sc.map.size, key(sc, V1)).sort((a, b) => a - b);

  it('IA2 15.11: 2d6 <= 8 places a Smoke marker in the hex 1d6 picks (3-4: the second hex of the vertex); no attack on the company there and no drumfire', () => {
    const s = beforeBombardment(edit(start, { 9: { hex: hexes[1]! } }), 1, [-1]);
    const dice = loadedDice(4, 4, 3);
    const d = draftOf(sc, s, dice);
    bombardmentPhase(d);
    expect(d.smoke).toEqual([hexes[1], 0]);
    expect([d.get(9, STEPS), d.get(9, MORALE)]).toEqual([2, 0]);
    expect(d.drumfire).toEqual([]);
    expect(dice.left()).toBe(0);
    expect(s.smoke).toEqual([]);
  });

  it('IA2 15.11: the placement die picks the vertex hexes in order: 1-2 the first, 5-6 the third; a roll of 9 places nothing', () => {
    for (const [die, at] of [
      [1, 0],
      [2, 0],
      [5, 2],
      [6, 2],
    ] as const) {
      const d = draftOf(sc, beforeBombardment(start, 1, [-1]), loadedDice(2, 2, die));
      bombardmentPhase(d);
      expect(d.smoke).toEqual([hexes[at], 0]);
    }
    const miss = loadedDice(5, 4);
    const d = draftOf(sc, beforeBombardment(start, 1, [-1]), miss);
    bombardmentPhase(d);
    expect([d.smoke, miss.left()]).toEqual([[], 0]);
  });

  it('IA2 9.64: Smoke never creates Drumfire: Smoke after Fire, or Fire after Smoke, at one vertex places none; two Fire turns in a row do', () => {
    // Turn 2 is Smoke at V1 after (say) Fire at V1 on turn 1.
    const d2 = draftOf(sc, beforeBombardment(start, 2, [key(sc, V1)]), loadedDice(6, 6));
    bombardmentPhase(d2);
    expect([d2.drumfire, d2.lastVertex, d2.smoke]).toEqual([[], [-1], []]);
    // Turn 3 is Fire at V1 after Smoke at V1: no drumfire either.
    const d3 = draftOf(sc, { ...beforeBombardment(start, 3, d2.lastVertex) }, createRng('smoke-9.64'));
    bombardmentPhase(d3);
    expect(d3.drumfire).toEqual([]);
    expect(d3.lastVertex).toEqual([key(sc, V1)]);
    // Turn 4, Fire at V1 again: now drumfire.
    const d4 = draftOf(sc, beforeBombardment(start, 4, d3.lastVertex), createRng('smoke-9.64'));
    bombardmentPhase(d4);
    expect(d4.drumfire.slice(0, 3).sort((a, b) => a - b)).toEqual(hexes);
  });
});

describe('IA2 15.12: Smoke effects', () => {
  const { sc, start } = ground();
  const at = (l: string) => hex(sc, l);

  it('IA2 15.12: a Smoke hex between two hexes blocks their line of sight; without it they see each other', () => {
    const s = { ...start, smoke: [at('0605'), 0] };
    const d = draftOf(sc, s);
    expect(sc.map.hasLos(at('0603'), at('0607'))).toBe(true);
    expect(sees(d, at('0603'), at('0607'))).toBe(false);
    expect(sees(draftOf(sc, start), at('0603'), at('0607'))).toBe(true);
    // Off the line: no effect.
    expect(sees(d, at('0303'), at('0307'))).toBe(true);
  });

  it('IA2 15.12: a Smoke hex is seen into (and out of) up to three hexes away, not four: a company in it is spotted at 3, not at 4', () => {
    const s = edit({ ...start, smoke: [at('0606'), 1] }, { 9: { hex: at('0606') }, 0: { hex: at('0603') } });
    const d = draftOf(sc, s);
    expect([sees(d, at('0603'), at('0606')), sees(d, at('0606'), at('0603'))]).toEqual([true, true]);
    expect([sees(d, at('0602'), at('0606')), sees(d, at('0606'), at('0602'))]).toEqual([false, false]);
    expect(spots(d, 0, 9)).toBe(true);
    const far = draftOf(sc, edit(s, { 9: { hex: at('0606') }, 0: { hex: at('0602') } }));
    expect(spots(far, 0, 9)).toBe(false);
    expect(spots(draftOf(sc, { ...edit(s, { 9: { hex: at('0606') }, 0: { hex: at('0602') } }), smoke: [] }), 0, 9)).toBe(true);
  });

  it('IA2 15.12: direct fire into or out of a Smoke hex is one column left, once even when both ends are in smoke', () => {
    const s = edit(start, { 9: { hex: at('0605') }, 0: { hex: at('0603') } });
    const shot = { strength: 6, side: 0, range: 2, opportunity: false, fieldGun: false, from: [at('0603')] };
    const column = (smoke: number[]) => directFireColumn(draftOf(sc, { ...s, smoke }), shot, 9, false);
    const clear = column([]);
    expect(clear).toBeGreaterThan(0);
    expect(column([at('0605'), 1])).toBe(clear - 1);
    expect(column([at('0603'), 0])).toBe(clear - 1);
    expect(column([at('0603'), 0, at('0605'), 1])).toBe(clear - 1);
    // Smoke elsewhere changes nothing.
    expect(column([at('0101'), 0])).toBe(clear);
  });

  it('IA2 15.12: smoke has no movement effect: the legal moves of a company beside a Smoke hex are the same with and without it', () => {
    const { game } = started(sc);
    const s = edit({ ...start, turn: 1, active: 0, toMove: 0, initiative: 0, lead: 1, segs: [0, 0] }, { 0: { hex: at('0606') } }, false);
    const act = game.apply(s, 'act 0', createRng('move'));
    const moves = (x: State) => game.legalActions(x).filter((a) => a.startsWith('move '));
    expect(moves({ ...act, smoke: [at('0605'), 1, at('0607'), 1] })).toEqual(moves(act));
    expect(moves(act).length).toBeGreaterThan(0);
  });
});

describe('IA2 15.13: Smoke dispersal and drift', () => {
  const { sc, start } = ground();
  const at = (l: string) => hex(sc, l);
  const grid = sc.map.grid;

  it('IA2 15.13: a die per marker in the order placed: 1 stays, 2 drifts one hex by a second die (1: north for seat 0, south for seat 1), 3-6 removed', () => {
    const s = { ...start, smoke: [at('0505'), 0, at('0606'), 0, at('0707'), 1, at('0808'), 0] };
    const dice = loadedDice(1, 2, 1, 2, 1, 3);
    const d = draftOf(sc, s, dice);
    disperseSmoke(d);
    expect(d.smoke).toEqual([at('0505'), 0, grid.neighbour(at('0606'), 0), 0, grid.neighbour(at('0707'), 3), 1]);
    expect(grid.label(grid.neighbour(at('0606'), 0))).toBe('0605');
    expect(grid.label(grid.neighbour(at('0707'), 3))).toBe('0708');
    expect(dice.left()).toBe(0);
    expect(s.smoke).toHaveLength(8);
  });

  it('IA2 15.13: the scatter die goes round clockwise from Hex 1; smoke drifting off the map is removed', () => {
    for (let die = 1; die <= 6; die++) {
      const d = draftOf(sc, { ...start, smoke: [at('0606'), 0] }, loadedDice(2, die));
      disperseSmoke(d);
      expect(d.smoke).toEqual([grid.neighbour(at('0606'), die - 1), 0]);
    }
    const edgeHex = at('0601');
    expect(grid.neighbour(edgeHex, 0)).toBe(-1);
    const d = draftOf(sc, { ...start, smoke: [edgeHex, 0] }, loadedDice(2, 1));
    disperseSmoke(d);
    expect(d.smoke).toEqual([]);
  });

  it('IA2 15.13: Marker Removal rolls for the smoke (3.0D): at the end of the last turn a 4 removes it', () => {
    const s = { ...start, turn: sc.turns, smoke: [at('0505'), 0] };
    const d = draftOf(sc, s, loadedDice(4));
    endTurn(d);
    expect([d.smoke, d.over]).toEqual([[], true]);
  });
});

describe('IA2 9.1 / 15.11 at the prompt', () => {
  const { tmp, tacsim } = tacsimIn('tacsim-ia2-smoke-');

  it('IA2 9.1: the player writes "smoke V" at the prompt (a group refused), it is placed in the Bombardment phase, the board shows it, and the record replays', () => {
    const record = join(tmp, 'smoke.json');
    const lines = [
      'plan write',
      'smoke 0503-0603-0504/1',
      'smoke 0503-0603-0504',
      'fire 0503-0603-0504',
      'nofire',
      'nofire',
      'nofire',
      'nofire',
    ];
    const input = `${lines.join('\n')}\n${'1\ny\n'.repeat(900)}`;
    const r = tacsim(['play', 'ia2-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '7', '--record', record], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"smoke V" (15.11)');
    expect(r.stdout).toContain('a smoke mission makes no attack and has no fire group (15.11): write "smoke 0503-0603-0504"');
    expect(r.stdout).toContain('you: 20 A turn 1: Smoke at 0503-0603-0504 (15.11)');
    expect(r.stdout).toMatch(/increment 20 A fires smoke: rolled \d+/);
    // The terminal map draws the marker and its legend; Marker Removal rolls for it (15.13).
    expect(r.stdout).toContain('% smoke');
    expect(r.stdout).toMatch(/smoke in \d{4} (stays|drifts|disperses) \(rolled/);
    const replay = tacsim(['replay', record]);
    expect([replay.code, /OK: \d+ actions legal, \d+ state hashes match/.test(replay.stdout)]).toEqual([0, true]);
  });

  it('IA2 15.14: where the scenario does not allow smoke, "smoke V" is refused in one line and not offered', () => {
    const { sc, game, start } = ground();
    let s = game.initialState(createRng('prompt'));
    s = game.apply(s, 'plan write', createRng('prompt'));
    expect(s.plans[0]).toBe(WRITTEN);
    expect(game.legalActions(s).some((a) => a.startsWith('line smoke '))).toBe(false);
    const ui = ia2Ui(sc);
    expect(() => ui.parseCommand!(s, ['smoke', V1], game.legalActions(s))).toThrow(
      /does not allow german to fire smoke \(15\.14\): write "fire V" or "nofire"/,
    );
    expect(start.smoke).toEqual([]);
    const allowed = smokeGround([V1, V1, V1, V2, V2, V2, 'none']);
    const g2 = new Ia2Game(allowed);
    const w = g2.apply(g2.initialState(createRng('prompt')), 'plan write', createRng('prompt'));
    expect(ia2Ui(allowed).parseCommand!(w, ['smoke', V1], g2.legalActions(w))).toBe(
      `line smoke ${vertexLabel(allowed.map.grid, key(allowed, V1))}`,
    );
  });
});
