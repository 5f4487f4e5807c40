/**
 * CORE rules that had no test naming them (PG3 2.1, 6.0, 6.2, 7.1, 7.3, 7.4, 8.0, 9.0, 9.1, 9.4, 14.0), one test or
 * more each, checking the state after the rules function runs. Positions on the fixture board; dice forced with ScriptedRng.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, directFireSpec, legalActionsOf } from '../../../src/rules/pg3/actions.js';
import { fireTargets } from '../../../src/rules/pg3/combat.js';
import type { Draft } from '../../../src/rules/pg3/draft.js';
import {
  F_ACTIVATED,
  F_FIRED,
  F_IN_ACT,
  F_LEADER_ACT,
  F_SPOTTED,
  DEMORALIZED,
  GOOD,
  MORALE,
  Phase,
  STEPS,
} from '../../../src/rules/pg3/state.js';
import { leaderMoraleBonus, moraleValue } from '../../../src/rules/pg3/units.js';
import { ScriptedRng, positionSetup, activate, type Setup } from './helpers.js';
import { board } from './fixture.js';

const G = 0,
  S = 1;

function setup(rng = new ScriptedRng()): Setup {
  return positionSetup(board(), rng);
}

/** Runs the declarations of the activation just begun: Fire where possible, else Move. */
function declareAll(d: Draft, mode: 'f' | 'm' = 'f'): void {
  while (d.phase === Phase.Declare) {
    const i = d.act[d.declIndex]!;
    const opts = legalActionsOf(d);
    applyAction(d, opts.includes(`decl ${i} ${mode}`) ? `decl ${i} ${mode}` : opts.includes(`decl ${i} m`) ? `decl ${i} m` : opts[0]!);
  }
}

describe('PG3 core rules without a named test', () => {
  it('PG3 2.1: markers are state: SPOTTED after firing from limiting terrain (not from clear), MOVED/FIRED after the activation', () => {
    const { d, rng, h, u, place } = setup();
    const inWoods = place(u(G, 'ger-inf', 0), '0216');
    const inClear = place(u(G, 'ger-inf', 1), '0515');
    place(u(S, 'sov-rifle', 0), '0214');
    place(u(S, 'sov-rifle', 1), '0513');
    activate(d, [inWoods, inClear], 'f');
    rng.roll2(7).roll2(7);
    applyAction(d, `df ${h('0216')} ${h('0214')}`);
    applyAction(d, `df ${h('0515')} ${h('0513')}`);
    expect(d.flag(inWoods, F_SPOTTED)).toBe(true);
    expect(d.flag(inClear, F_SPOTTED)).toBe(false);
    expect(d.flag(inWoods, F_ACTIVATED)).toBe(false);
    applyAction(d, 'end');
    while (d.phase === Phase.Allocate) applyAction(d, legalActionsOf(d)[0]!);
    expect(d.flag(inWoods, F_ACTIVATED)).toBe(true);
    expect(d.flag(inClear, F_ACTIVATED)).toBe(true);
    expect(d.flag(inWoods, F_IN_ACT | F_FIRED)).toBe(false);
  });

  it('PG3 6.0: units need a leader for assault movement: alone they may not assault, with a leader in the stack they may', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf'), '0505');
    place(u(S, 'sov-rifle'), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declareAll(d, 'f');
    expect(d.flag(inf, F_LEADER_ACT)).toBe(false);
    expect(legalActionsOf(d).some((a) => a.startsWith(`asl ${inf} `))).toBe(false);

    const s2 = setup();
    const inf2 = s2.place(s2.u(G, 'ger-inf'), '0505');
    s2.place(s2.u(G, 'ger-lt-1'), '0505');
    s2.place(s2.u(S, 'sov-rifle'), '0506');
    s2.d.phase = Phase.Segment;
    applyAction(s2.d, `stack ${s2.h('0505')}`);
    declareAll(s2.d, 'f');
    expect(s2.d.flag(inf2, F_LEADER_ACT)).toBe(true);
    expect(legalActionsOf(s2.d)).toContain(`asl ${inf2} ${s2.h('0506')}`);
  });

  it('PG3 6.2: a leader under MOVED/FIRED cannot activate units but still helps a morale check', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf'), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    d.setFlag(lt, F_ACTIVATED);
    d.phase = Phase.Segment;
    const legal = legalActionsOf(d);
    expect(legal).not.toContain(`leader ${lt}`);
    expect(legal).toContain(`stack ${h('0505')}`);
    applyAction(d, `stack ${h('0505')}`);
    expect(d.act).not.toContain(lt);
    expect(d.flag(inf, F_LEADER_ACT)).toBe(false);
    // Morale checks: his modifier still counts; recovery (activated leaders only) does not get it.
    expect(leaderMoraleBonus(d, inf, false)).toBe(d.sc.units[lt]!.moraleMod);
    expect(d.sc.units[lt]!.moraleMod).toBeGreaterThan(0);
    expect(leaderMoraleBonus(d, inf, true)).toBe(0);
  });

  it('PG3 7.1: one fire type per unit per activation: after a direct fire the unit has no other attack', () => {
    const { d, rng, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf'), '0505');
    place(u(S, 'sov-rifle', 0), '0507');
    const adj = d.sc.map.grid.neighbour(h('0505'), 1);
    d.setHex(u(S, 'sov-rifle', 1), adj);
    activate(d, [inf], 'f', true);
    const before = legalActionsOf(d);
    expect(before).toContain(`df ${h('0505')} ${h('0507')}`);
    expect(before).toContain(`asl ${inf} ${adj}`);
    rng.roll2(7);
    applyAction(d, `df ${h('0505')} ${h('0507')}`);
    expect(d.flag(inf, F_FIRED)).toBe(true);
    const after = legalActionsOf(d);
    expect(
      after.filter((a) => a.startsWith('df ') || a.startsWith('bomb ') || a.startsWith(`asl ${inf}`) || a.startsWith(`at ${inf}`)),
    ).toEqual([]);
    expect(after).toContain('end');
  });

  it('PG3 7.3 (7.33): stacked units combine their fire values; a target beyond range is not offered', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    const b = place(u(G, 'ger-inf', 1), '0505');
    place(u(S, 'sov-rifle', 0), '0507');
    place(u(S, 'sov-rifle', 1), '0509'); // 4 hexes: beyond range 3
    activate(d, [a, b], 'f');
    const spec = directFireSpec(d, h('0505'), h('0507'));
    expect([...spec.firers].sort()).toEqual([a, b].sort());
    expect(spec.strength).toBe(10);
    d.set(b, STEPS, 1); // reduced: 3
    expect(directFireSpec(d, h('0505'), h('0507')).strength).toBe(8);
    const legal = legalActionsOf(d);
    expect(legal).toContain(`df ${h('0505')} ${h('0507')}`);
    expect(legal).not.toContain(`df ${h('0505')} ${h('0509')}`);
  });

  it('PG3 7.4 (7.44): direct fire hits every unit in the hex; opportunity fire only the moving unit', () => {
    const { d, rng, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    const b = place(u(G, 'ger-inf', 1), '0505');
    const r1 = place(u(S, 'sov-rifle', 0), '0507');
    const r2 = place(u(S, 'sov-rifle', 1), '0507');
    activate(d, [a, b], 'f');
    const spec = directFireSpec(d, h('0505'), h('0507'));
    expect(fireTargets(d, spec).sort()).toEqual([r1, r2].sort());
    expect(fireTargets(d, { ...spec, moverOnly: r1 })).toEqual([r1]);
    // Strength 10 (column 7) rolls 6: M; both rifles check morale and roll 12: both demoralized.
    rng.roll2(6).roll2(12).roll2(12);
    applyAction(d, `df ${h('0505')} ${h('0507')}`);
    expect(d.get(r1, MORALE)).toBe(DEMORALIZED);
    expect(d.get(r2, MORALE)).toBe(DEMORALIZED);
    expect(rng.left).toBe(0);
  });

  it('PG3 8.0: direct fire and bombardment need a spotted unit in the hex; a SPOTTED marker exposes a unit in a town', () => {
    const { d, h, u, place } = setup();
    const mortar = place(u(G, 'ger-mortar-8cm'), '1208');
    const rifle = place(u(S, 'sov-rifle'), '1214'); // town, 6 hexes away: concealed beyond 3
    activate(d, [mortar], 'f');
    expect(legalActionsOf(d)).not.toContain(`bomb ${h('1208')} ${h('1214')}`);
    d.setFlag(rifle, F_SPOTTED);
    expect(legalActionsOf(d)).toContain(`bomb ${h('1208')} ${h('1214')}`);
  });

  it('PG3 9.0: only activated units with a bombardment value bombard, at spotted hexes in range', () => {
    const { d, h, u, place } = setup();
    const mortar = place(u(G, 'ger-mortar-8cm'), '1205');
    const inf = place(u(G, 'ger-inf'), '0505');
    place(u(S, 'sov-rifle', 0), '1210');
    activate(d, [inf], 'f');
    expect(legalActionsOf(d).some((a) => a.startsWith('bomb '))).toBe(false); // the mortar is not activated; infantry has no bombardment value
    activate(d, [mortar], 'f');
    expect(legalActionsOf(d)).toContain(`bomb ${h('1205')} ${h('1210')}`);
  });

  it('PG3 9.1: an undemoralized leader anywhere spots for bombardment, even under MOVED/FIRED; a demoralized one does not', () => {
    const { d, h, u, place } = setup();
    const mortar = place(u(G, 'ger-mortar-8cm'), '1208');
    place(u(S, 'sov-rifle'), '1214');
    const lt = place(u(G, 'ger-lt-1'), '1213');
    d.setFlag(lt, F_ACTIVATED);
    activate(d, [mortar], 'f');
    const bomb = `bomb ${h('1208')} ${h('1214')}`;
    expect(legalActionsOf(d)).toContain(bomb);
    d.set(lt, MORALE, DEMORALIZED);
    expect(legalActionsOf(d)).not.toContain(bomb);
  });

  it('PG3 9.4: bombardment into an assault hex is two attacks, one on each side; elsewhere one', () => {
    const run = (assault: boolean): { used: number; ger: number; rifle: number; d: Draft } => {
      const { d, rng, h, u, place } = setup();
      const mortar = place(u(G, 'ger-mortar-8cm'), '1205');
      const rifle = place(u(S, 'sov-rifle'), '1210');
      const ger = place(u(G, 'ger-inf'), assault ? '1210' : '0101');
      activate(d, [mortar], 'f');
      // Column 6 rolls 2 on each attack (the best result); only the attacks are scripted, morale checks use the fallback stream.
      rng.roll2(2);
      if (assault) rng.roll2(2);
      applyAction(d, `bomb ${h('1205')} ${h('1210')}`);
      while (d.phase === Phase.Allocate) applyAction(d, legalActionsOf(d)[0]!);
      return { used: rng.used, ger, rifle, d };
    };
    const one = run(false);
    expect(one.used).toBe(2);
    const hurt = (x: { d: Draft }, i: number): boolean =>
      x.d.hex(i) < 0 || x.d.get(i, STEPS) < x.d.sc.units[i]!.maxSteps || x.d.get(i, MORALE) !== GOOD;
    expect(hurt(one, one.rifle)).toBe(true);
    expect(hurt(one, one.ger)).toBe(false);
    const two = run(true);
    expect(two.used).toBe(4);
    expect(hurt(two, two.rifle)).toBe(true);
    expect(hurt(two, two.ger)).toBe(true);
  });

  it('PG3 14.0: leader morale comes from the counter, unit morale from the scenario side (full / reduced)', () => {
    const { d, u, place } = setup();
    const inf = place(u(G, 'ger-inf'), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    expect(moraleValue(d, lt)).toBe(9);
    expect(moraleValue(d, inf)).toBe(8);
    d.set(inf, STEPS, 1);
    expect(moraleValue(d, inf)).toBe(7);
    expect(d.sc.units[inf]!.moraleFull).toBe(8);
    expect(d.sc.units[inf]!.moraleReduced).toBe(7);
  });
});
