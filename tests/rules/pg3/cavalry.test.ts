/**
 * PG3 15.3 / 15.31 cavalry charge: CAV units activated by a cavalry leader (6.9) may assault from two hexes away
 * (+1 column), taking opportunity fire in the first hex entered; the target must be spotted along the charge path.
 * Positions are set up on a Draft; dice forced with ScriptedRng.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyAction, legalActionsOf, oppOptions } from '../../../src/rules/pg3/actions.js';
import { CAVALRY_CHARGE_SHIFT, assaultShift } from '../../../src/rules/pg3/assault.js';
import type { Draft } from '../../../src/rules/pg3/draft.js';
import { loadPg3Scenario, type Scenario } from '../../../src/rules/pg3/scenario.js';
import {
  DISRUPTED,
  ELIMINATED,
  F_ASSAULT_IN,
  F_CAV_LED,
  F_CHARGE,
  F_FIRED,
  F_MOVED,
  GOOD,
  MORALE,
  Phase,
} from '../../../src/rules/pg3/state.js';
import { COUNTERS, ScriptedRng, emptyDraft, hexOf, scenarioData, shipped, unitOf, writeTemp, type ScenarioSpec } from './helpers.js';

const G = 0,
  S = 1;

/** The reference manifest plus a cavalry platoon and a cavalry leader (test-only counters). */
let counters: string | undefined;
function cavCounters(): string {
  const m = JSON.parse(readFileSync(COUNTERS, 'utf8')) as { units: Record<string, unknown>; leaders: Record<string, unknown> };
  const src = { source: 'designed' };
  m.units['sov-cav'] = {
    name: 'Cavalry platoon',
    nation: 'Soviet',
    type: 'CAV',
    movementClass: 'foot',
    steps: 2,
    full: { directFire: { strength: 4, range: 2 }, movement: 6 },
    reduced: { directFire: { strength: 2, range: 2 }, movement: 6 },
    source: src,
  };
  m.leaders['sov-cav-lt'] = {
    name: 'Lt. Budenko',
    nation: 'Soviet',
    rank: 'LT',
    morale: 8,
    combat: 1,
    moraleModifier: 1,
    cavalry: true,
    source: src,
  };
  return writeTemp(m, 'counters');
}

/** Soviets: two cavalry platoons, a rifle platoon, a cavalry LT and a plain LT; Germans: three infantry platoons. All off the map until placed. */
function spec(terrain?: string[]): ScenarioSpec {
  return {
    ...(terrain ? { terrain } : {}),
    sides: [
      {
        units: [
          { counter: 'ger-inf', hex: '0101' },
          { counter: 'ger-inf', hex: '0102' },
          { counter: 'ger-inf', hex: '0103' },
        ],
      },
      {
        units: [
          { counter: 'sov-cav', hex: '1010' },
          { counter: 'sov-cav', hex: '1009' },
          { counter: 'sov-rifle', hex: '1008' },
        ],
        leaders: [
          { counter: 'sov-cav-lt', hex: '0910' },
          { counter: 'sov-lt-1', hex: '0909' },
        ],
      },
    ],
  };
}
const scenarios = new Map<string, Scenario>();
function cavScenario(terrain?: string[]): Scenario {
  const key = JSON.stringify(terrain ?? null);
  let sc = scenarios.get(key);
  if (!sc)
    scenarios.set(key, (sc = loadPg3Scenario(writeTemp({ ...scenarioData(spec(terrain)), counters: (counters ??= cavCounters()) }))));
  return sc;
}

interface Setup {
  d: Draft;
  rng: ScriptedRng;
  sc: Scenario;
  h: (l: string) => number;
  u: (side: number, c: string, n?: number) => number;
  place: (i: number, hex: number) => number;
}
function setup(terrain?: string[], rng = new ScriptedRng()): Setup {
  const sc = cavScenario(terrain);
  const d = emptyDraft(sc, rng);
  d.active = S;
  d.phase = Phase.Segment;
  d.act = [];
  d.queue = [];
  const h = (l: string): number => hexOf(sc, l);
  const u = (side: number, c: string, n = 0): number => unitOf(sc, side, c, n);
  const place = (i: number, hex: number): number => {
    d.setHex(i, hex);
    return i;
  };
  return { d, rng, sc, h, u, place };
}

/** Activates leader L and declares every unit: Fire for those in `fire`, Move for the others (leaders). */
function activateLeader(d: Draft, l: number, fire: number[]): void {
  applyAction(d, `leader ${l}`);
  while (d.phase === Phase.Declare) {
    const i = d.act[d.declIndex]!;
    applyAction(d, `decl ${i} ${fire.includes(i) ? 'f' : 'm'}`);
  }
  expect(d.phase).toBe(Phase.Execute);
}

/** A cavalry platoon and its cavalry LT at `start`, a German infantry platoon two hexes away (straight line, direction 0). */
function charging(terrain?: string[]): Setup & { cav: number; lt: number; ger: number; start: number; mid: number; target: number } {
  const s = setup(terrain);
  const { d, h, u, place } = s;
  const start = h('0505');
  const mid = d.sc.map.grid.neighbour(start, 0);
  const target = d.sc.map.grid.neighbour(mid, 0);
  const cav = place(u(S, 'sov-cav'), start);
  const lt = place(u(S, 'sov-cav-lt'), start);
  const ger = place(u(G, 'ger-inf'), target);
  return { ...s, cav, lt, ger, start, mid, target };
}

describe('PG3 15.31 cavalry charge', () => {
  it('PG3 15.31: the charge is looked for only in scenarios with CAV units and a cavalry leader on one side', () => {
    expect(cavScenario().hasCavalryCharge).toBe(true);
    for (const id of ['pg3-tiny', 'pg3-medium', 'pg3-large', 'pg3-mirror'] as const) expect(shipped(id).hasCavalryCharge).toBe(false);
  });

  it('PG3 15.31: CAV activated by a cavalry leader may charge a spotted enemy hex two hexes away through a hex on the line', () => {
    const { d, cav, lt, mid, target } = charging();
    activateLeader(d, lt, [cav]);
    expect(d.flag(cav, F_CAV_LED)).toBe(true);
    const legal = legalActionsOf(d);
    expect(legal).toContain(`chg ${cav} ${mid} ${target}`);
    // A straight line passes through one hex only: that is the only way in.
    expect(legal.filter((a) => a.startsWith(`chg ${cav} `))).toEqual([`chg ${cav} ${mid} ${target}`]);
    // No ordinary assault: the target is not adjacent.
    expect(legal.some((a) => a.startsWith(`asl ${cav} `))).toBe(false);
  });

  it('PG3 15.31: a line along a hexside passes through two hexes: either is a charge path', () => {
    const { d, h, u, place } = setup();
    const grid = d.sc.map.grid;
    const start = h('0505');
    const lt = u(S, 'sov-cav-lt');
    const a = grid.neighbour(start, 0),
      b = grid.neighbour(start, 1);
    const target = grid.neighbour(a, 1);
    expect(grid.distance(start, target)).toBe(2);
    expect(grid.distance(b, target)).toBe(1);
    const cav = place(u(S, 'sov-cav'), start);
    place(lt, start);
    place(u(G, 'ger-inf'), target);
    activateLeader(d, lt, [cav]);
    const paths = legalActionsOf(d)
      .filter((x) => x.startsWith(`chg ${cav} `))
      .sort();
    expect(paths).toEqual([`chg ${cav} ${a} ${target}`, `chg ${cav} ${b} ${target}`].sort());
  });

  it('PG3 15.31: only cavalry leaders order a charge; only CAV units charge; units declared Move do not', () => {
    // A plain LT leading the same platoon: no charge.
    {
      const { d, u, place, cav, start } = charging();
      d.setHex(u(S, 'sov-cav-lt'), -1);
      const lt1 = place(u(S, 'sov-lt-1'), start);
      activateLeader(d, lt1, [cav]);
      expect(d.flag(cav, F_CAV_LED)).toBe(false);
      expect(legalActionsOf(d).some((a) => a.startsWith('chg '))).toBe(false);
    }
    // A rifle platoon under the cavalry leader: no charge.
    {
      const { d, u, place, cav, lt, start } = charging();
      d.setHex(cav, -1);
      const rifle = place(u(S, 'sov-rifle'), start);
      activateLeader(d, lt, [rifle]);
      expect(legalActionsOf(d).some((a) => a.startsWith('chg '))).toBe(false);
    }
    // The platoon declared Move: no charge.
    {
      const { d, lt } = charging();
      activateLeader(d, lt, []);
      expect(legalActionsOf(d).some((a) => a.startsWith('chg '))).toBe(false);
    }
    // The platoon activated alone: no leader, no charge.
    {
      const { d, cav } = charging();
      applyAction(d, `unit ${cav}`);
      while (d.phase === Phase.Declare) applyAction(d, `decl ${d.act[d.declIndex]!} f`);
      expect(legalActionsOf(d).some((a) => a.startsWith('chg '))).toBe(false);
    }
  });

  it('PG3 15.31: a cavalry leader in good order reaches CAV in adjacent hexes; CAV two hexes from him are not his', () => {
    const { d, h, u, place } = setup();
    const grid = d.sc.map.grid;
    const lt = place(u(S, 'sov-cav-lt'), h('0505'));
    const near = place(u(S, 'sov-cav', 0), grid.neighbour(h('0505'), 3));
    const far = place(u(S, 'sov-cav', 1), grid.neighbour(grid.neighbour(h('0505'), 0), 0));
    activateLeader(d, lt, [near]);
    expect(d.flag(near, F_CAV_LED)).toBe(true);
    expect(d.act.includes(far)).toBe(false);
    expect(d.flag(far, F_CAV_LED)).toBe(false);
  });

  it('PG3 15.31: the target must be spotted along the path: no charge through a woods hex that blocks the line of sight', () => {
    // 0505 -> direction 0 twice; put woods in the middle hex.
    const probe = setup();
    const mid = probe.d.sc.map.grid.neighbour(probe.h('0505'), 0);
    const label = probe.d.sc.map.grid.label(mid);
    const col = Number(label.slice(0, 2)) - 1,
      row = Number(label.slice(2)) - 1;
    const terrain = Array.from({ length: 10 }, (_, r) => (r === row ? `${'.'.repeat(col)}w${'.'.repeat(9 - col)}` : '.'.repeat(10)));
    const { d, cav, lt, target, start } = charging(terrain);
    expect(d.sc.map.grid.label(d.sc.map.grid.neighbour(start, 0))).toBe(label);
    activateLeader(d, lt, [cav]);
    expect(d.sc.map.hasLos(start, target)).toBe(false);
    expect(legalActionsOf(d).some((a) => a.startsWith('chg '))).toBe(false);
  });

  it('PG3 15.31: opportunity fire is allowed in the first hex; the charge then must go on into the target and gets +1 column', () => {
    const { d, cav, lt, ger, start, mid, target } = charging();
    activateLeader(d, lt, [cav]);
    applyAction(d, `chg ${cav} ${mid} ${target}`);
    expect(d.hex(cav)).toBe(mid);
    expect(d.flag(cav, F_MOVED)).toBe(true);
    expect(d.flag(cav, F_FIRED)).toBe(true);
    expect(d.charge).toEqual({ unit: cav, target });
    // 13.2 exception: the charged Germans (alone in their hex) may fire at the platoon in the first hex.
    expect(d.phase).toBe(Phase.OppFire);
    expect(oppOptions(d)).toContain(`opp ${ger}`);
    applyAction(d, 'nofire');
    // Forced on: the only legal action is the assault into the charged hex.
    expect(legalActionsOf(d)).toEqual([`asl ${cav} ${target}`]);
    applyAction(d, `asl ${cav} ${target}`);
    expect(d.hex(cav)).toBe(target);
    expect(d.flag(cav, F_ASSAULT_IN)).toBe(true);
    expect(d.flag(cav, F_CHARGE)).toBe(true);
    expect(d.charge).toBeNull();
    expect(d.assaults).toContain(target);
    // +1 column against the same assault without the charge.
    const own = [cav],
      enemy = [ger];
    const charged = assaultShift(d, target, own, enemy, true);
    d.setFlag(cav, F_CHARGE, false);
    expect(charged - assaultShift(d, target, own, enemy, true)).toBe(CAVALRY_CHARGE_SHIFT);
    expect(CAVALRY_CHARGE_SHIFT).toBe(1);
    expect(start).not.toBe(target);
  });

  it('PG3 15.31: the +1 column lasts for the charge activation only (the flag clears when it ends)', () => {
    const { d, cav, lt, mid, target } = charging();
    activateLeader(d, lt, [cav]);
    applyAction(d, `chg ${cav} ${mid} ${target}`);
    applyAction(d, 'nofire');
    applyAction(d, `asl ${cav} ${target}`);
    applyAction(d, 'end');
    while (d.phase === Phase.Allocate) applyAction(d, legalActionsOf(d)[0]!);
    expect(d.flag(cav, F_CHARGE)).toBe(false);
    expect(d.flag(cav, F_CAV_LED)).toBe(false);
    expect(d.charge).toBeNull();
  });

  it('PG3 15.31: a platoon shaken by the opportunity fire in the first hex stops there; the charge is over', () => {
    const { d, cav, lt, mid, target } = charging();
    activateLeader(d, lt, [cav]);
    applyAction(d, `chg ${cav} ${mid} ${target}`);
    d.set(cav, MORALE, DISRUPTED); // as if the opportunity fire had disrupted it
    applyAction(d, 'nofire');
    const legal = legalActionsOf(d);
    expect(legal.some((a) => a.startsWith(`asl ${cav}`))).toBe(false);
    expect(legal).toContain('end');
    applyAction(d, 'end');
    expect(d.hex(cav)).toBe(mid);
    expect(d.charge).toBeNull();
    expect(d.get(cav, MORALE)).toBe(DISRUPTED);
  });

  it('PG3 15.31: real opportunity fire in the first hex can stop the charge (forced dice: 2d6 = 2, point blank)', () => {
    const { d, rng, cav, lt, ger, mid, target } = charging();
    activateLeader(d, lt, [cav]);
    applyAction(d, `chg ${cav} ${mid} ${target}`);
    rng.roll2(2); // the best DF roll; morale checks, if any, use the fallback stream
    for (let k = 0; k < 10; k++) rng.roll2(12); // every morale check fails
    applyAction(d, `opp ${ger}`);
    while (d.phase === Phase.Allocate) applyAction(d, legalActionsOf(d)[0]!);
    if (d.phase === Phase.OppFire) applyAction(d, 'nofire');
    // Point blank at 2d6 = 2: the platoon is gone (2X on two steps) or at least shaken; either way it never reaches the target.
    expect(d.hex(cav) === ELIMINATED || d.get(cav, MORALE) !== GOOD).toBe(true);
    expect(d.phase).toBe(Phase.Execute);
    expect(d.charge === null || d.hex(cav) < 0).toBe(true);
    const legal = legalActionsOf(d);
    expect(legal).toContain('end');
    expect(legal.some((a) => a.startsWith(`asl ${cav} `) || a.startsWith(`chg ${cav} `))).toBe(false);
    applyAction(d, 'end');
    expect(d.unitsIn(target).every((i) => d.sc.units[i]!.side === G)).toBe(true);
    expect(d.hex(ger)).toBe(target);
  });

  it('PG3 15.31: units being charged may not fire if other enemy units are already in their hex; others still may', () => {
    const { d, u, place, cav, lt, ger, mid, target } = charging();
    // A Soviet rifle platoon already assaulting the German hex: it is an assault hex.
    place(u(S, 'sov-rifle'), target);
    // Another German platoon next to the first hex, outside the assault.
    const grid = d.sc.map.grid;
    let other = -1;
    for (let k = 0; k < 6 && other < 0; k++) {
      const n = grid.neighbour(mid, k);
      if (n >= 0 && n !== target && grid.distance(n, d.hex(cav)) >= 2 && grid.distance(n, target) === 1) other = n;
    }
    expect(other).toBeGreaterThanOrEqual(0);
    const ger2 = place(u(G, 'ger-inf', 1), other);
    activateLeader(d, lt, [cav]);
    expect(legalActionsOf(d)).toContain(`chg ${cav} ${mid} ${target}`);
    applyAction(d, `chg ${cav} ${mid} ${target}`);
    expect(d.phase).toBe(Phase.OppFire);
    const opts = oppOptions(d);
    expect(opts).not.toContain(`opp ${ger}`);
    expect(opts).toContain(`opp ${ger2}`);
  });

  it('PG3 15.31: a platoon starting adjacent to the enemy assaults normally and may not charge that hex', () => {
    const { d, cav, lt, ger, mid } = charging();
    d.setHex(ger, mid);
    activateLeader(d, lt, [cav]);
    const legal = legalActionsOf(d);
    expect(legal).toContain(`asl ${cav} ${mid}`);
    expect(legal.some((a) => a.startsWith('chg '))).toBe(false);
  });

  it('PG3 15.31: no charge through a hex holding an enemy unit', () => {
    const { d, u, place, cav, lt, mid } = charging();
    place(u(G, 'ger-inf', 1), mid);
    activateLeader(d, lt, [cav]);
    // The adjacent hex is assaulted normally; the hex behind it is not charged through it.
    expect(legalActionsOf(d).some((a) => a.startsWith('chg '))).toBe(false);
  });
});
