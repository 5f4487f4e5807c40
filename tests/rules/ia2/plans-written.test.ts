/**
 * IA2 9.1: a plan written by hand, entry by entry, at the prompt and as actions (ruling IA2-R40); 9.13 refuses
 * a shift to a vertex sharing no hex with the last. IA2 9.2: combined fire. Increments planned at one vertex on one turn fire as one attack per fire group the
 * plan writes (ruling IA2-R09): one attack when unmarked, separate attacks when grouped apart ("/N" after a
 * vertex in a file, the "-apart" candidates). ia2-medium gives the Germans 14 A and 20 B, both planned at
 * 1404-1405-1505 on turns 1 and 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { Ia2Game } from '../../../src/rules/ia2/game.js';
import { consistentPlans, dealPlans, WRITTEN, writtenPlan } from '../../../src/rules/ia2/plans.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import type { State } from '../../../src/rules/ia2/state.js';
import { planLines } from '../../../src/rules/ia2/ui.js';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { shipped } from './helpers.js';

const GERMAN = 0;
const file = shipped('ia2-medium');
const workDir = mkdtempSync(join(tmpdir(), 'tacsim-ia2-groups-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** ia2-medium with its German increments' plan lines changed by `change`. */
function medium(change: (artillery: { id: string; plan: string[] }[]) => void): Scenario {
  const d = JSON.parse(readFileSync(file, 'utf8'));
  d.charts = join(dirname(file), d.charts);
  d.counters = join(dirname(file), d.counters);
  change(d.sides[GERMAN].artillery);
  const f = join(workDir, `m${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(f, JSON.stringify(d));
  return loadIa2Scenario(f);
}

/** Turn 1 after the Germans write `plan` and the Russians No Fire, with the same dice each time. */
function turnOne(sc: Scenario, plan: string): State {
  const game = new Ia2Game(sc, { narrate: true });
  const rng = createRng('groups');
  let s = game.initialState(rng);
  while (s.turn === 0) s = game.apply(s, s.toMove === GERMAN ? `plan ${plan}` : 'plan none', rng);
  return s;
}
const bombardments = (s: State) => s.events.filter((e) => e.startsWith('bombardment of'));

describe('IA2 9.2: combined fire', () => {
  const sc = loadIa2Scenario(file);

  it('IA2 9.2: two increments planned at one vertex fire as one attack of 34 unless the plan fires them apart, then as attacks of 14 and 20', () => {
    expect(bombardments(turnOne(sc, 'scenario'))).toEqual([expect.stringMatching(/^bombardment of 34 at 1404\/1405\/1505/)]);
    const apart = bombardments(turnOne(sc, 'scenario-apart'));
    expect(apart).toHaveLength(2);
    expect(apart.map((e) => e.match(/^bombardment of (\d+) at 1404\/1405\/1505/)?.[1]).sort()).toEqual(['14', '20']);
  });

  it('IA2 9.2: every plan putting two increments at one vertex is offered apart too, after the others and before No Fire; the apart plan fires the same vertices', () => {
    const lib = sc.planLibrary[GERMAN]!;
    const together = lib.filter((c) => !c.name.endsWith('-apart') && c.kind !== 'none' && c.groups.every((l) => l.every((g) => g === 0)));
    for (const c of together) {
      const shared = c.fire[0]!.some((v, t) => v >= 0 && c.fire[1]![t] === v);
      const apart = lib.find((x) => x.name === `${c.name}-apart`);
      expect(apart !== undefined).toBe(shared);
      if (apart) {
        expect(apart.fire).toEqual(c.fire);
        expect(apart.groups.slice(0, 2).map((l) => new Set(l).size)).toEqual([1, 1]);
        expect(apart.groups[0]![0]).not.toBe(apart.groups[1]![0]);
      }
    }
    expect(lib.at(-1)!.name).toBe('none');
  });

  it('IA2 9.2: a file may group the increments at one vertex: "/1" after a vertex fires 14 A alone, and the plan shows it', () => {
    const grouped = medium((art) => {
      art[0]!.plan[0] = `${art[0]!.plan[0]}/1`;
    });
    const s = turnOne(grouped, 'scenario');
    expect(
      bombardments(s)
        .map((e) => e.match(/^bombardment of (\d+)/)?.[1])
        .sort(),
    ).toEqual(['14', '20']);
    expect(planLines(grouped, grouped.planLibrary[GERMAN]![0]!)[0]).toMatch(/^14 A: 1404-1405-1505\/1 turn 1, 1404-1405-1505 turn 2, /);
    expect(grouped.planLibrary[GERMAN]![0]!.groups[0]!.slice(0, 2)).toEqual([1, 0]);
    // Turn 2 is unmarked again: both fire together.
    expect(grouped.increments[0]!.groups.slice(0, 3)).toEqual([1, 0, 0]);
    expect(() =>
      medium((art) => {
        art[0]!.plan[0] = `${art[0]!.plan[0]}/x`;
      }),
    ).toThrow(/fire group "\/2" \(9\.2\)/);
  });

  it('IA2 9.2: the grouping is seen when fired: after turn 1 the Russians resample only plans that grouped the same way', () => {
    const s = turnOne(sc, 'scenario-apart');
    const lib = sc.planLibrary[GERMAN]!;
    const options = consistentPlans(sc.planLibrary, GERMAN, s).map((i) => lib[i]!.name);
    expect(options).toContain('scenario-apart');
    expect(options).not.toContain('scenario');
  });
});

describe('IA2 9.1: a plan written by hand', () => {
  const { tmp, tacsim } = tacsimIn('tacsim-ia2-written-');

  it('IA2 9.1: the player writes his own plan at the prompt after the default is offered; a line breaking 9.13, a non-vertex and a group are refused in one line; the plan fires as written and the record replays', () => {
    const record = join(tmp, 'written.json');
    const lines = [
      'plan write',
      'fire 0402-0502-0503',
      'fire 0103-0203-0104',
      'fire 0402-0502',
      'fire 0503-0603-0504/2',
      'fire 0504-0603-0503',
      'nofire',
      'nofire',
      'fire 0103-0203-0104',
      'nofire',
    ];
    const input = `${lines.join('\n')}\n${'1\ny\n'.repeat(900)}`;
    const r = tacsim(['play', 'ia2-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '7', '--record', record], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1\. write artillery plan "scenario" \[default\]/);
    expect(r.stdout).toContain('increment 20 A, turn 2 of 6: "fire V[/G]"');
    expect(r.stdout).toContain(
      'increment 20 A, turn 2: 0103-0203-0104 shares no hex with turn 1\'s vertex 0402-0502-0503 (9.13): fire at a vertex sharing a hex with it, or write "nofire" first',
    );
    expect(r.stdout).toContain('increment 20 A, turn 2: "0402-0502" is not a vertex');
    expect(r.stdout).toContain('increment 20 A, turn 2: no fire group "2": with one increment there is nothing to group');
    // After a No Fire turn any vertex may follow (9.13).
    expect(r.stdout).toContain('you: 20 A turn 5: Fire at 0103-0203-0104');
    expect(r.stdout).toContain('bombardment of 20 at 0402/0502/0503');
    expect(r.stdout).toContain('bombardment of 20 at 0503/0603/0504');
    expect(r.stdout).toContain('your plan "written"');
    expect(r.stdout).toMatch(/Game over after turn \d/);
    const replay = tacsim(['replay', record]);
    expect([replay.code, /OK: \d+ actions legal, \d+ state hashes match/.test(replay.stdout)]).toEqual([0, true]);
  });

  it('IA2 9.1: written as actions, the plan fires where written; the other side never keeps it when determinized, only what it has seen', () => {
    const m = loadIa2Scenario(shipped('ia2-mirror'));
    const game = new Ia2Game(m, { narrate: true });
    const rng = createRng('written');
    let s = game.initialState(rng);
    expect(game.legalActions(s).at(-1)).toBe('plan write');
    s = game.apply(s, 'plan write', rng);
    expect(s.plans[0]).toBe(WRITTEN);
    const first = game.legalActions(s).find((a) => a.startsWith('line fire '))!;
    s = game.apply(s, first, rng);
    // 9.13: turn 2 may only shift to a vertex sharing a hex with turn 1's.
    const turn2 = game.legalActions(s).filter((a) => a.startsWith('line fire '));
    const v1 = first.slice('line fire '.length).split('-');
    expect(turn2.length).toBeGreaterThan(0);
    for (const a of turn2)
      expect(
        a
          .slice('line fire '.length)
          .split('-')
          .some((h) => v1.includes(h)),
      ).toBe(true);
    while (s.turn === 0 && s.toMove === 0) s = game.apply(s, 'line nofire', rng);
    expect(s.events).toContain('blue has written its artillery plan (9.1)');
    s = game.apply(s, 'plan none', rng);
    expect(s.turn).toBe(1);
    const hexes = first.slice('line fire '.length).replaceAll('-', '/');
    expect(s.events.some((e) => e.startsWith(`bombardment of`) && e.includes(hexes))).toBe(true);
    const fired = s.written![0]!;
    for (let k = 0; k < 20; k++) {
      const seen = dealPlans(m.planLibrary, s, 1, createRng(`deal/${k}`));
      const plan = writtenPlan(m.planLibrary, 0, seen.plans, seen.written)!;
      // Turn 1 as seen; of turns 2 on, only a candidate's lines or No Fire, never the hand-written ones.
      expect(plan.fire[0]![0]! * 10 + plan.groups[0]![0]!).toBe(fired);
      if (seen.plans[0] === WRITTEN) expect(plan.fire[0]!.slice(1).every((v) => v === -1)).toBe(true);
      else expect(m.planLibrary[0]![seen.plans[0]!]).toBeDefined();
    }
  });
});
