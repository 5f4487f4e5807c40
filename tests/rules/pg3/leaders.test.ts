/**
 * Leader rules that decide who an activation brings in and what a leader adds (PG3 3.1, 3.13, 3.3, 5.0, 6.2, 6.42,
 * 6.8, 12.1). Positions on the fixture board; each test plays the actions and checks the state after them.
 */
import { describe, expect, it } from 'vitest';
import { activationSet, applyAction, directFireSpec, legalActionsOf } from '../../../src/rules/pg3/actions.js';
import type { Draft } from '../../../src/rules/pg3/draft.js';
import { F_ACTIVATED, F_ASSAULT_IN, F_IN_ACT, F_LEADER_ACT, F_TANK_LEADER, Phase } from '../../../src/rules/pg3/state.js';
import { join } from 'node:path';
import { loadPg3Scenario } from '../../../src/rules/pg3/scenario.js';
import { Pg3Doctrine } from '../../../src/rules/pg3/doctrine.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { doctrineScore } from '../../../src/core/extensions.js';
import { SCENARIOS, positionSetup, type Setup } from './helpers.js';
import { board, boardWith, ROSTER0 } from './fixture.js';

const G = 0,
  S = 1;

/** Declares each unit of the activation as `modes` says (default: Fire if offered, else Move). */
function declare(d: Draft, modes: Map<number, 'm' | 'f' | 'n'>): void {
  while (d.phase === Phase.Declare) {
    const i = d.act[d.declIndex]!;
    const want = modes.get(i);
    const legal = legalActionsOf(d);
    const pick = want !== undefined ? `decl ${i} ${want}` : legal.includes(`decl ${i} f`) ? `decl ${i} f` : legal[0]!;
    expect(legal).toContain(pick);
    applyAction(d, pick);
  }
}

/** Ends the activation and resolves what follows it (no losses to allocate in these positions). */
function endActivation(d: Draft): void {
  applyAction(d, 'end');
  while (d.phase === Phase.Allocate) applyAction(d, legalActionsOf(d)[0]!);
}

/** The fixture board with armoured cars and SP guns added to the German roster. */
function vehicleBoard(rules: Record<string, boolean> = {}): Setup {
  const extra = ['ger-sdkfz222', 'ger-stug3'];
  const units = [...ROSTER0, ...extra].map((c, k) => ({
    counter: c,
    hex: `${String(1 + (k % 16)).padStart(2, '0')}${String(1 + Math.floor(k / 16)).padStart(2, '0')}`,
  }));
  return positionSetup(boardWith({ side0: { units }, rules }));
}

describe('PG3 leaders: who an activation brings in', () => {
  it('PG3 3.13: a leader declared out of a stack activation leads nobody in it; he stays unmarked, the unit he left is unled', () => {
    const { d, h, u, place } = positionSetup(board());
    const a = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const b = place(u(G, 'ger-inf', 1), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    expect([...d.act].sort()).toEqual([a, b, lt].sort());
    declare(
      d,
      new Map([
        [a, 'm'],
        [b, 'n'],
        [lt, 'n'],
      ]),
    );
    expect(d.phase).toBe(Phase.Execute);
    expect([...d.act]).toEqual([a]);
    // A is in the activation as part of the stack (3.11), but no leader of the activation directs it (5.4).
    expect(d.flag(a, F_IN_ACT)).toBe(true);
    expect(d.flag(a, F_LEADER_ACT)).toBe(false);
    expect(d.flag(lt, F_IN_ACT | F_LEADER_ACT)).toBe(false);
    endActivation(d);
    expect(d.flag(a, F_ACTIVATED)).toBe(true);
    // He did not activate: no MOVED/FIRED marker (3.13), and later he may activate, but not A again.
    expect(d.flag(lt, F_ACTIVATED)).toBe(false);
    expect(d.flag(b, F_ACTIVATED)).toBe(false);
    d.active = 0;
    d.phase = Phase.Segment;
    expect(legalActionsOf(d)).toContain(`leader ${lt}`);
    expect(activationSet(d, 'leader', lt).has(a)).toBe(false);
  });

  it('PG3 3.1: a unit a leader brought in from an adjacent hex leaves the activation when he declares himself out', () => {
    const { d, h, u, place } = positionSetup(board());
    const a = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const b = place(u(G, 'ger-inf', 1), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declare(
      d,
      new Map([
        [a, 'f'],
        [b, 'm'],
        [lt, 'n'],
      ]),
    );
    expect([...d.act]).toEqual([a]);
    expect(d.flag(b, F_IN_ACT)).toBe(false);
    expect(legalActionsOf(d).some((x) => x.startsWith(`mv ${b} `))).toBe(false);
    endActivation(d);
    expect(d.flag(b, F_ACTIVATED)).toBe(false);
  });

  it('PG3 6.2: a leader who stays in the stack activation leads its units and gets his MOVED/FIRED marker', () => {
    const { d, h, u, place } = positionSetup(board());
    const a = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const b = place(u(G, 'ger-inf', 1), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declare(
      d,
      new Map([
        [a, 'm'],
        [b, 'm'],
        [lt, 'm'],
      ]),
    );
    expect(d.flag(a, F_LEADER_ACT)).toBe(true);
    expect(d.flag(b, F_LEADER_ACT)).toBe(true);
    endActivation(d);
    expect(d.flag(lt, F_ACTIVATED)).toBe(true);
    d.active = 0;
    d.phase = Phase.Segment;
    expect(legalActionsOf(d)).not.toContain(`leader ${lt}`);
  });

  it('PG3 3.3: a regular leader does not bring an armoured car into his activation (its own leader does, 6.8)', () => {
    const { d, h, u, place } = vehicleBoard();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const inf = place(u(G, 'ger-inf'), '0504');
    const ac = place(u(G, 'ger-sdkfz222'), '0506');
    const set = activationSet(d, 'leader', lt);
    expect(set.get(inf)).toBe(true);
    expect(set.has(ac)).toBe(false);
    // In a stack activation the armoured car comes in, led by its own armoured-car leader (6.8).
    place(ac, '0505');
    const stack = activationSet(d, 'stack', h('0505'));
    expect(stack.get(ac)).toBe(true);
  });
});

describe('PG3 leaders: what a leader adds', () => {
  it('PG3 6.42: an unactivated leader adds nothing to the active fire of a unit activated alone from his hex', () => {
    const { d, h, u, place } = positionSetup(board());
    const inf = place(u(G, 'ger-inf', 0), '0505');
    place(u(G, 'ger-inf', 1), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    place(u(S, 'sov-rifle'), '0507');
    d.phase = Phase.Segment;
    applyAction(d, `unit ${inf}`);
    declare(d, new Map([[inf, 'f']]));
    expect(d.flag(lt, F_IN_ACT)).toBe(false);
    const spec = directFireSpec(d, h('0505'), h('0507'));
    expect(spec.firers).toEqual([inf]);
    expect(spec.strength).toBe(5);
  });

  it('PG3 6.42: the same fire with the leader activated in the stack gets his modifier', () => {
    const { d, h, u, place } = positionSetup(board());
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    place(u(S, 'sov-rifle'), '0507');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declare(
      d,
      new Map([
        [inf, 'f'],
        [lt, 'm'],
      ]),
    );
    expect(directFireSpec(d, h('0505'), h('0507')).strength).toBe(6);
  });
});

describe('PG3 leaders and assault movement', () => {
  it('PG3 5.0: a leader may choose to go into the assault with a unit he activated; he is not moved with it', () => {
    const { d, h, u, place } = positionSetup(board());
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    place(u(S, 'sov-rifle'), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declare(
      d,
      new Map([
        [inf, 'f'],
        [lt, 'm'],
      ]),
    );
    applyAction(d, `asl ${inf} ${h('0506')}`);
    expect(d.hex(inf)).toBe(h('0506'));
    expect(d.hex(lt)).toBe(h('0505'));
    expect(legalActionsOf(d)).toContain(`asl ${lt} ${h('0506')}`);
    applyAction(d, `asl ${lt} ${h('0506')}`);
    expect(d.hex(lt)).toBe(h('0506'));
    expect(d.flag(lt, F_ASSAULT_IN)).toBe(true);
  });

  it('PG3 5.0: the doctrine rates a leader joining an assault by what he adds to it (6.42 modifier, 6.43 shift)', () => {
    const { d, h, u, place } = positionSetup(board());
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    place(u(S, 'sov-rifle'), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declare(
      d,
      new Map([
        [inf, 'f'],
        [lt, 'm'],
      ]),
    );
    applyAction(d, `asl ${inf} ${h('0506')}`);
    const state = d.seal();
    const doctrine = new Pg3Doctrine(d.sc, new Pg3Game(d.sc));
    const join = doctrine.assess(state, `asl ${lt} ${h('0506')}`, G);
    expect(join.expectedEnemyLoss).toBeGreaterThan(0);
    expect(join.expectedOwnLoss).toBe(0);
    expect(doctrineScore(join)).toBeGreaterThan(doctrineScore(doctrine.assess(state, 'end', G)));
  });

  it('PG3 12.1: a leader who does not join stays out of the assault hex when the assault is resolved', () => {
    const { d, h, u, place, rng } = positionSetup(board());
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    place(u(S, 'sov-rifle'), '0506');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    declare(
      d,
      new Map([
        [inf, 'f'],
        [lt, 'm'],
      ]),
    );
    applyAction(d, `asl ${inf} ${h('0506')}`);
    rng.roll1(1).roll1(1);
    endActivation(d);
    expect(d.hex(lt)).toBe(h('0505'));
  });
});

describe('PG3 leaders and self-propelled guns (ruling: rule.spGunsRegularLeaders)', () => {
  it('PG3 3.3: by default (L102) a regular leader activates and leads an SP gun; a tank leader does not', () => {
    const { d, h, u, place } = vehicleBoard();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const spg = place(u(G, 'ger-stug3'), '0506');
    expect(activationSet(d, 'leader', lt).get(spg)).toBe(true);
    const tank = place(u(G, 'ger-pz4h'), '0507');
    d.setFlag(tank, F_TANK_LEADER);
    place(lt, '0909');
    const set = activationSet(d, 'stack', h('0507'));
    expect(set.has(spg)).toBe(false);
  });

  it('PG3 3.3: with rule.spGunsRegularLeaders off (L103: regular leaders activate no AFV but APCs) no leader brings an SP gun in', () => {
    const { d, h, u, place } = vehicleBoard({ spGunsRegularLeaders: false });
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const spg = place(u(G, 'ger-stug3'), '0506');
    expect(activationSet(d, 'leader', lt).has(spg)).toBe(false);
    // It still self-activates with a stack, unled (3.11).
    place(spg, '0505');
    expect(activationSet(d, 'stack', h('0505')).get(spg)).toBe(false);
  });

  it('PG3 3.3: the SP-gun switch is a scenario parameter: rule.spGunsRegularLeaders (default true)', () => {
    const file = join(SCENARIOS, 'pg3-medium.json');
    expect(loadPg3Scenario(file).rules.spGunsRegularLeaders).toBe(true);
    expect(loadPg3Scenario(file, { set: { 'rule.spGunsRegularLeaders': false } }).rules.spGunsRegularLeaders).toBe(false);
  });
});
