/**
 * IA2 9.2: combined fire. Increments planned at one vertex on one turn fire as one attack per fire group the
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
import { consistentPlans } from '../../../src/rules/ia2/plans.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import type { State } from '../../../src/rules/ia2/state.js';
import { planLines } from '../../../src/rules/ia2/ui.js';
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
