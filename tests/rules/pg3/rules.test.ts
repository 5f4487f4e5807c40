/**
 * One test per PG3 rule (named "PG3 <id>"), checking the state after the rules function runs.
 * Positions are set up directly on a Draft; dice are forced with ScriptedRng.
 */
import { describe, expect, it } from 'vitest';
import { CountingRng, createRng } from '../../../src/core/rng.js';
import type { Draft } from '../../../src/rules/pg3/draft.js';
import {
  activationSet,
  applyAction,
  baseShift,
  directFireSpec,
  groupStrength,
  legalActionsOf,
  oppOptions,
  settleInto,
  flee,
} from '../../../src/rules/pg3/actions.js';
import { assaultShift, assaultStrength, resolveAssault } from '../../../src/rules/pg3/assault.js';
import {
  applyHexResult,
  atShot,
  columnFor,
  columnGroups,
  columnIndex,
  leaderCasualties,
  lossCandidates,
  moraleCheck,
  resolveAt,
  resolveFire,
  shiftColumn,
  tableResult,
  type FireSpec,
} from '../../../src/rules/pg3/combat.js';
import { breaksCombatMovement, moveBlocked, moveCost2, moveOne } from '../../../src/rules/pg3/movement.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import {
  ATSHOTS,
  DEMORALIZED,
  DIG,
  DISRUPTED,
  ELIMINATED,
  F_ACTIVATED,
  F_DECL_FIRE,
  F_DECL_MOVE,
  F_DUG_IN,
  F_ENTRY_WAIT,
  F_IN_ACT,
  F_LEADER_ACT,
  F_MOVED,
  F_MOVED_TURN,
  F_MUST_STOP,
  F_TANK_LEADER,
  F_TL_REVEALED,
  GOOD,
  MORALE,
  OPP,
  Phase,
  STEPS,
  XFIRE,
  FLAGS,
  HEX,
} from '../../../src/rules/pg3/state.js';
import { fitsStack, dfStrength } from '../../../src/rules/pg3/units.js';
import { initiativeRating, openingSegments, outcomeOf, startTurn, victoryPoints } from '../../../src/rules/pg3/turn.js';
import { ScriptedRng, emptyDraft, hexOf, makeScenario, startState, unitOf, positionSetup, activate, type Setup } from './helpers.js';
import { board, boardSpec } from './fixture.js';

const G = 0,
  S = 1; // seats: German, Soviet

/** A draft of the test board with every piece off the map. */
function setup(rng = new ScriptedRng()): Setup {
  return positionSetup(board(), rng);
}

function line(d: Draft, from: number, dir: number, steps: number): number {
  let h = from;
  for (let k = 0; k < steps; k++) h = d.sc.map.grid.neighbour(h, dir);
  return h;
}

// ---------------------------------------------------------------- 3.x turn and activation

describe('PG3 3.x sequence of play and activation', () => {
  it('PG3 3.0: initiative winner by 4 takes 2 opening segments (T1)', () => {
    const sc = makeScenario({
      sides: [
        { initiative: 4, units: [{ counter: 'ger-inf', hex: '0101' }] },
        { initiative: 2, units: [{ counter: 'sov-rifle', hex: '1010' }] },
      ],
    });
    const rng = new ScriptedRng().roll1(5).roll1(3);
    const d = emptyDraft(sc, createRng(1));
    (d as { rng: unknown }).rng = rng;
    startTurn(d, 1);
    expect(rng.left).toBe(0);
    expect(d.initiativeWinner).toBe(0);
    expect(d.active).toBe(0);
    expect(d.openingLeft).toBe(2);
    expect(d.initiativeTurn1).toBe(0);
  });

  it('PG3 3.0: a difference of 3 rounds up to 2 opening segments (T2); ties are re-rolled', () => {
    expect(openingSegments(3)).toBe(2);
    expect(openingSegments(1)).toBe(1);
    expect(openingSegments(4)).toBe(2);
    expect(openingSegments(5)).toBe(3);
    const sc = makeScenario({
      sides: [
        { initiative: 3, units: [{ counter: 'ger-inf', hex: '0101' }] },
        { initiative: 1, units: [{ counter: 'sov-rifle', hex: '1010' }] },
      ],
    });
    const d = emptyDraft(sc, createRng(1));
    // Tie first (3+3 = 1+5), then German 3+4 = 7 vs Soviet 1+3 = 4.
    (d as { rng: unknown }).rng = new ScriptedRng().roll1(3).roll1(5).roll1(4).roll1(3);
    startTurn(d, 1);
    expect(d.initiativeWinner).toBe(0);
    expect(d.openingLeft).toBe(2);
  });

  it('PG3 3.0: initiative rating falls by one per initiativeLossEvery steps lost, never below 0', () => {
    const sc = makeScenario({
      sides: [
        { initiative: 2, initiativeLossEvery: 3, units: [{ counter: 'ger-inf', hex: '0101' }] },
        { initiative: 1, units: [{ counter: 'sov-rifle', hex: '1010' }] },
      ],
    });
    expect(initiativeRating(sc, [0, 0], 0)).toBe(2);
    expect(initiativeRating(sc, [3, 0], 0)).toBe(1);
    expect(initiativeRating(sc, [9, 0], 0)).toBe(0);
    expect(initiativeRating(sc, [0, 9], 1)).toBe(1); // loss 0 = never
  });

  it('PG3 3.0: two passes in a row end the turn; the opening segments go first', () => {
    const sc = makeScenario({
      turns: 3,
      sides: [
        { initiative: 4, units: [{ counter: 'ger-inf', hex: '0101' }] },
        { initiative: 0, units: [{ counter: 'sov-rifle', hex: '1010' }] },
      ],
    });
    const game = new Pg3Game(sc);
    let s = game.initialState(createRng(2));
    expect(s.turn).toBe(1);
    const rng = createRng(3);
    let passes = 0;
    const seats: number[] = [];
    while (s.turn === 1) {
      seats.push(s.active);
      s = game.apply(s, 'pass', rng);
      passes++;
      expect(passes).toBeLessThan(10);
    }
    // The winner's passes during his opening segments do not end the turn; the first pass of the other side after one of his does.
    expect(seats[seats.length - 1]).not.toBe(seats[seats.length - 2]);
    expect(seats.slice(0, -1).every((x) => x === seats[0])).toBe(true);
    expect(s.turn).toBe(2);
    // After the last turn the game is over.
    while (!game.isTerminal(s)) s = game.apply(s, 'pass', rng);
    expect(s.turn).toBe(3);
  });

  it('PG3 3.2: a leader activates lower-ranking leaders in reach, who activate in turn (T3: MAJ -> LT -> SGT)', () => {
    const { d, h, u, place } = setup();
    const maj = place(u(G, 'ger-maj-1'), '0505');
    const g = d.sc.map.grid;
    const lt = u(G, 'ger-lt-1');
    d.setHex(lt, line(d, h('0505'), 3, 1));
    const sgt = u(G, 'ger-sgt-1');
    d.setHex(sgt, line(d, h('0505'), 3, 2));
    const far = u(G, 'ger-inf', 0);
    d.setHex(far, line(d, h('0505'), 3, 3)); // adjacent to the SGT only
    const outside = u(G, 'ger-inf', 1);
    d.setHex(outside, line(d, h('0505'), 0, 3)); // nobody's reach
    expect(g.distance(d.hex(far), h('0505'))).toBe(3);
    const set = activationSet(d, 'leader', maj);
    expect([...set.keys()].sort()).toEqual([maj, lt, sgt, far].sort());
    expect(set.get(far)).toBe(true); // led by a leader of its kind (5.4)
    expect(set.has(outside)).toBe(false);
    // A higher-ranking leader is not activated by a lower one (3.2).
    const set2 = activationSet(d, 'leader', sgt);
    expect(set2.has(maj)).toBe(false);
    expect(set2.has(lt)).toBe(false);
  });

  it('PG3 3.12: a disrupted leader reaches his own hex only; a demoralized one activates nobody', () => {
    const { d, u, place } = setup();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const inHex = place(u(G, 'ger-inf', 0), '0505');
    const adj = place(u(G, 'ger-inf', 1), '0506');
    expect(activationSet(d, 'leader', lt).has(adj)).toBe(true);
    d.set(lt, MORALE, DISRUPTED);
    const s2 = activationSet(d, 'leader', lt);
    expect(s2.has(inHex)).toBe(true);
    expect(s2.has(adj)).toBe(false);
    d.set(lt, MORALE, DEMORALIZED);
    expect(activationSet(d, 'leader', lt).size).toBe(0);
  });

  it('PG3 3.3: regular leaders activate APCs but not tanks; a tank leader activates adjacent tanks and APCs', () => {
    const { d, u, place } = setup();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const tank = place(u(G, 'ger-pz4h', 0), '0506');
    const apc = place(u(G, 'ger-sdkfz251', 0), '0504');
    const inf = place(u(G, 'ger-inf', 0), '0604');
    const s1 = activationSet(d, 'leader', lt);
    expect(s1.has(apc)).toBe(true);
    expect(s1.has(inf)).toBe(true);
    expect(s1.has(tank)).toBe(false);
    // Tank leader in a stack: adjacent tank-symbol AFVs and APCs come in, not infantry.
    const tl = place(u(G, 'ger-pz4h', 1), '0507');
    d.setFlag(tl, F_TANK_LEADER);
    const s2 = activationSet(d, 'stack', d.hex(tl));
    expect(s2.has(tl)).toBe(true);
    expect(s2.has(tank)).toBe(true);
    expect(s2.get(tank)).toBe(true);
    // Without the tank leader only the stack itself activates (3.11), and not as led.
    d.setFlag(tl, F_TANK_LEADER, false);
    const s3 = activationSet(d, 'stack', d.hex(tl));
    expect([...s3.keys()]).toEqual([tl]);
    expect(s3.get(tl)).toBe(false);
  });

  it('PG3 3.1 / 3.11: a stack self-activates with its leader, who brings in the adjacent units', () => {
    const { d, h, u, place } = setup();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const a = place(u(G, 'ger-inf', 0), '0505');
    const b = place(u(G, 'ger-inf', 1), '0506');
    d.phase = Phase.Segment;
    const legal = legalActionsOf(d);
    expect(legal).toContain(`stack ${h('0505')}`);
    expect(legal).toContain(`leader ${lt}`);
    expect(legal).toContain('pass');
    applyAction(d, `stack ${h('0505')}`);
    expect([...d.act].sort()).toEqual([lt, a, b].sort());
  });

  it('PG3 3.13: every activated unit declares Move or Fire before anything is resolved', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    const b = place(u(G, 'ger-hmg'), '0505');
    place(u(S, 'sov-rifle', 0), '0508');
    d.phase = Phase.Segment;
    applyAction(d, `stack ${h('0505')}`);
    expect(d.phase).toBe(Phase.Declare);
    const first = d.act[0]!;
    expect(legalActionsOf(d).sort()).toEqual([`decl ${first} f`, `decl ${first} m`, `decl ${first} n`].sort());
    applyAction(d, `decl ${first} f`);
    const second = d.act[1]!;
    expect(legalActionsOf(d)).toContain(`decl ${second} m`);
    applyAction(d, `decl ${second} m`);
    expect(d.phase).toBe(Phase.Execute);
    expect(d.flag(first, F_DECL_FIRE)).toBe(true);
    expect(d.flag(second, F_DECL_MOVE)).toBe(true);
    const legal = legalActionsOf(d);
    expect(legal.some((x) => x.startsWith(`mv ${second} `))).toBe(true);
    expect(legal.some((x) => x.startsWith(`mv ${first} `))).toBe(false);
    void a;
    void b;
  });

  it('PG3 3.0: a side with an unactivated demoralized unit may not pass (it must try to recover, 14.3)', () => {
    const { d, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    d.phase = Phase.Segment;
    expect(legalActionsOf(d)).toContain('pass');
    d.set(a, MORALE, DEMORALIZED);
    expect(legalActionsOf(d)).not.toContain('pass');
  });
});

// ---------------------------------------------------------------- 4.x stacking

describe('PG3 4.x stacking', () => {
  it('PG3 4.1 / 4.2 / 4.3 / 4.5: 3 combat units and 3 transports (APCs count as transports) per side; leaders unlimited', () => {
    const { d, h, u, place } = setup();
    for (let k = 0; k < 3; k++) place(u(G, 'ger-inf', k), '0505');
    expect(fitsStack(d, u(G, 'ger-inf', 3), h('0505'))).toBe(false);
    expect(fitsStack(d, u(G, 'ger-sdkfz251', 0), h('0505'))).toBe(true);
    expect(fitsStack(d, u(G, 'ger-lt-1'), h('0505'))).toBe(true);
    for (let k = 0; k < 3; k++) place(u(G, 'ger-sdkfz251', k), '0505');
    expect(fitsStack(d, u(G, 'ger-truck', 0), h('0505'))).toBe(false);
    // The other side has its own limits (assault hexes hold 3 + 3 per side).
    expect(fitsStack(d, u(S, 'sov-rifle', 0), h('0505'))).toBe(true);
    const mover = place(u(G, 'ger-inf', 3), '0506');
    activate(d, [mover], 'm');
    expect(moveBlocked(d, mover, h('0505'))).toMatch(/full.*4\.5/);
  });

  it('PG3 4.4: a target hex of 3 combat units gives +1 column (T4): 2 INF + tank, 3 INF; not APCs, trucks, leaders; not opportunity fire', () => {
    const { d, h, u, place } = setup();
    place(u(S, 'sov-rifle', 0), '0505');
    place(u(S, 'sov-rifle', 1), '0505');
    place(u(S, 'sov-t34-76', 0), '0505');
    expect(baseShift(d, 'direct', [], h('0505'), S, false)).toBe(1);
    expect(baseShift(d, 'direct', [], h('0505'), S, true)).toBe(0); // 13.2
    for (let k = 0; k < 3; k++) place(u(S, 'sov-rifle', k), '0707');
    expect(baseShift(d, 'bombard', [], h('0707'), S, false)).toBe(1);
    for (let k = 0; k < 3; k++) place(u(G, 'ger-sdkfz251', k), '0909');
    place(u(G, 'ger-lt-1'), '0909');
    place(u(G, 'ger-sgt-1'), '0909');
    place(u(G, 'ger-maj-1'), '0909');
    expect(baseShift(d, 'direct', [], h('0909'), G, false)).toBe(0);
    place(u(S, 'sov-rifle', 3), '1111');
    place(u(S, 'sov-truck', 0), '1111');
    place(u(S, 'sov-truck', 1), '1111');
    expect(baseShift(d, 'direct', [], h('1111'), S, false)).toBe(0);
  });
});

// ---------------------------------------------------------------- 5.x movement

describe('PG3 5.x movement', () => {
  it('PG3 5.0 / 5.1: terrain costs by movement class (doubled), prohibited terrain, climbing', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0215');
    const truck = place(u(G, 'ger-truck', 0), '0415');
    expect(moveCost2(d, inf, h('0215'), h('0216'))).toBe(4); // woods, foot 2 MP
    expect(moveCost2(d, inf, h('0215'), h('0214'))).toBe(2); // clear, foot 1 MP
    expect(moveCost2(d, truck, h('0415'), h('0416'))).toBe(-1); // swamp prohibited to motorized
    expect(moveCost2(d, truck, h('0415'), h('0414'))).toBe(4); // clear, motorized 2 MP
    place(inf, '1014');
    expect(moveCost2(d, inf, h('1014'), h('1015'))).toBe(4); // clear + 1 level climbed
    expect(moveCost2(d, inf, h('1015'), h('1016'))).toBe(2); // downhill costs nothing extra
  });

  it('PG3 5.2: road rate only across a road hexside; a road into a town pays the town rate', () => {
    const { d, h, u, place } = setup();
    const truck = place(u(G, 'ger-truck', 0), '0514');
    expect(moveCost2(d, truck, h('0514'), h('0614'))).toBe(1); // road 0.5 MP
    expect(moveCost2(d, truck, h('0514'), h('0515'))).toBe(4); // off the road: clear 2 MP
    place(truck, '0115');
    expect(moveCost2(d, truck, h('0115'), h('0116'))).toBe(2); // town rate (1 MP), not road (0.5)
  });

  it('PG3 5.0: a unit with MA 1+ may always move one hex, then stops when out of points', () => {
    const { d, h, u, place } = setup();
    const gun = place(u(G, 'ger-pak40'), '0214'); // towed, MA 1
    activate(d, [gun], 'm');
    expect(moveBlocked(d, gun, h('0215'))).toBeNull();
    moveOne(d, gun, h('0215'));
    expect(moveBlocked(d, gun, h('0315'))).toMatch(/movement points/);
  });

  it('PG3 5.3: no entry into a hex holding enemy combat units except by assault', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    place(u(S, 'sov-rifle', 0), '0506');
    activate(d, [inf], 'm', true);
    expect(moveBlocked(d, inf, h('0506'))).toMatch(/5\.3/);
  });

  it('PG3 5.7: a unit leaving a river hex (not by road) must stop', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0316');
    activate(d, [inf], 'm');
    moveOne(d, inf, h('0315'));
    expect(d.flag(inf, F_MUST_STOP)).toBe(true);
    expect(moveBlocked(d, inf, h('0314'))).toMatch(/stop/);
  });

  it('PG3 5.4: without a leader of its kind a unit may not move closer to an enemy that can spot and hurt it', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    place(u(S, 'sov-rifle', 0), '0508'); // DF 5 range 3: threatens hexes within 3
    activate(d, [inf], 'm');
    expect(breaksCombatMovement(d, inf, h('0505'), h('0506'))).toBe(true); // distance 3 -> 2, in range
    expect(moveBlocked(d, inf, h('0506'))).toMatch(/5\.4/);
    expect(breaksCombatMovement(d, inf, h('0505'), h('0504'))).toBe(false); // moving away
    d.setFlag(inf, F_LEADER_ACT);
    expect(breaksCombatMovement(d, inf, h('0505'), h('0506'))).toBe(false);
    // DF-only enemies never impede AFVs.
    const tank = place(u(G, 'ger-pz4h', 0), '0705');
    place(u(S, 'sov-rifle', 1), '0707');
    activate(d, [tank], 'm');
    expect(breaksCombatMovement(d, tank, h('0705'), h('0706'))).toBe(false);
    // An AT gun in range does.
    place(u(S, 'sov-zis3'), '0709');
    expect(breaksCombatMovement(d, tank, h('0705'), h('0706'))).toBe(true);
  });

  it('PG3 5.5: at night a unit without a leader enters only friendly hexes', () => {
    const sc = makeScenario({ ...boardSpec(), nightTurns: [1] });
    const d = emptyDraft(sc);
    d.active = G;
    const inf = unitOf(sc, G, 'ger-inf', 0),
      other = unitOf(sc, G, 'ger-inf', 1);
    d.setHex(inf, hexOf(sc, '0505'));
    d.setHex(other, hexOf(sc, '0506'));
    activate(d, [inf], 'm');
    expect(moveBlocked(d, inf, hexOf(sc, '0504'))).toMatch(/5\.5/);
    expect(moveBlocked(d, inf, hexOf(sc, '0506'))).toBeNull();
  });
});

// ---------------------------------------------------------------- 6.x leaders

describe('PG3 6.x leaders', () => {
  it('PG3 6.42: a leader adds his combat modifier to one unit: INF DF 5 fires at 6 (T7)', () => {
    const { d, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    activate(d, [lt, inf], 'f');
    expect(groupStrength(d, [inf], true)).toBe(6);
    expect(groupStrength(d, [inf], false)).toBe(5);
    // Two leaders, one unit: only one bonus (the best).
    const cpt = place(u(G, 'ger-cpt-1'), '0505');
    activate(d, [cpt], 'f');
    expect(groupStrength(d, [inf], true)).toBe(7);
    // A demoralized leader adds nothing.
    d.set(cpt, MORALE, DEMORALIZED);
    expect(groupStrength(d, [inf], true)).toBe(6);
  });

  it('PG3 6.41: a leader with combat modifier 1 brings in one adjacent firing hex', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const b = place(u(G, 'ger-inf', 1), '0605');
    place(u(S, 'sov-rifle', 0), '0507');
    activate(d, [lt, a, b], 'f');
    const spec = directFireSpec(d, h('0505'), h('0507'));
    expect([...spec.firers].sort()).toEqual([a, b].sort());
    expect(spec.strength).toBe(5 + 5 + 1);
  });

  it('PG3 6.7: leader casualty: roll 5 with 3 friendly steps lost gives 2: killed (T29); roll 6 survives', () => {
    const { d, h, u, place, rng } = setup();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    rng.roll2(5);
    leaderCasualties(d, h('0505'), G, 3);
    expect(d.hex(lt)).toBe(ELIMINATED);
    const sgt = place(u(G, 'ger-sgt-1'), '0606');
    rng.roll2(6);
    leaderCasualties(d, h('0606'), G, 3);
    expect(d.hex(sgt)).toBe(h('0606'));
  });

  it("PG3 6.5: a leader's morale modifier helps units in his hex and adjacent, not himself, automatically", () => {
    const { d, u, place, rng } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    place(u(G, 'ger-lt-1'), '0506'); // morale modifier 1, adjacent, not activated
    rng.roll2(9); // 9 vs 8 + 1: passes only with the leader
    moraleCheck(d, inf, 0, 'test');
    expect(d.get(inf, MORALE)).toBe(GOOD);
  });
});

// ---------------------------------------------------------------- 7.x fire and losses

describe('PG3 7.x fire results and step losses', () => {
  it('PG3 7.52: split columns: one roll of 4, INF on column 11 takes M1, the gun on 22 takes X and is eliminated (T9)', () => {
    const { d, h, u, place, rng } = setup();
    const hmg = place(u(G, 'ger-ss-hmg'), '0505');
    const inf = place(u(S, 'sov-rifle', 0), '0507');
    const gun = place(u(S, 'sov-zis3'), '0507');
    activate(d, [hmg], 'f');
    const spec = directFireSpec(d, h('0505'), h('0507'));
    expect(spec.strength).toBe(11);
    expect(spec.baseShift).toBe(0); // range 2 of 5: not long range; not point blank
    const groups = columnGroups(d, spec, [inf, gun]);
    expect(groups.get(columnIndex(d.sc.df, 11))).toEqual([inf]);
    expect(groups.get(columnIndex(d.sc.df, 22))).toEqual([gun]);
    rng.roll2(4);
    resolveFire(d, spec);
    expect(d.queue).toContainEqual(expect.objectContaining({ k: 'morale', unit: inf, mod: 1 }));
    expect(d.queue).toContainEqual(expect.objectContaining({ k: 'loss', pool: [gun], losses: 1 }));
    settleInto(d, Phase.Execute);
    expect(d.hex(gun)).toBe(ELIMINATED);
    expect(d.get(inf, STEPS)).toBe(2);
  });

  it('PG3 7.52: with the splitColumns switch off, every unit uses the hex column and a unit shift counts only when shared', () => {
    const sc = makeScenario({ ...boardSpec(), rules: { splitColumns: false } });
    const d = emptyDraft(sc);
    d.active = G;
    const hmg = unitOf(sc, G, 'ger-ss-hmg'),
      inf = unitOf(sc, S, 'sov-rifle'),
      gun = unitOf(sc, S, 'sov-zis3');
    d.setHex(hmg, hexOf(sc, '0505'));
    d.setHex(inf, hexOf(sc, '0507'));
    d.setHex(gun, hexOf(sc, '0507'));
    activate(d, [hmg], 'f');
    const groups = columnGroups(d, directFireSpec(d, hexOf(sc, '0505'), hexOf(sc, '0507')), [inf, gun]);
    expect([...groups.keys()]).toEqual([columnIndex(sc.df, 11)]);
  });

  it('PG3 7.52: bombardment split (T10): roll 2 gives 2X on column 30 (gun eliminated) and X on column 20 (INF reduced, then M2)', () => {
    const { d, h, u, place } = setup();
    const t = d.sc.bomb;
    expect(tableResult(t, columnIndex(t, 30), 2)).toBe('2X');
    expect(tableResult(t, columnIndex(t, 21), 2)).toBe('X'); // "21" reads on the 20 column
    const gun = place(u(S, 'sov-zis3'), '0507');
    const inf = place(u(S, 'sov-rifle', 0), '0707');
    applyHexResult(d, h('0507'), [gun], '2X', false);
    applyHexResult(d, h('0707'), [inf], 'X', false);
    expect(d.queue).toContainEqual(expect.objectContaining({ k: 'morale', unit: inf, mod: 2 }));
    settleInto(d, Phase.Execute);
    expect(d.hex(gun)).toBe(ELIMINATED);
    expect(d.get(inf, STEPS)).toBe(1);
  });

  // Digest T10 puts the AT gun two columns above the INF under BOMBARDMENT (30 vs "21"): the +2 against
  // artillery (7.52, L239) applies to bombardment too.
  it('PG3 7.52: the +2 column shift against artillery applies to bombardment as well (T10 columns 30 vs 20)', () => {
    const { d, h, u, place } = setup();
    const gun = place(u(S, 'sov-zis3'), '0507');
    const inf = place(u(S, 'sov-rifle', 0), '0507');
    const spec: FireSpec = {
      kind: 'bombard',
      firers: [],
      strength: 20,
      target: h('0507'),
      moverOnly: -1,
      baseShift: 0,
      targetSeat: S,
      label: 'T10',
    };
    const groups = columnGroups(d, spec, [gun, inf]);
    expect(groups.get(columnIndex(d.sc.bomb, 30))).toEqual([gun]);
    expect(groups.get(columnIndex(d.sc.bomb, 20))).toEqual([inf]);
  });

  it('PG3 7.61: 2X on INF + Tiger + APC + 2 wagons (T11): one loss to the INF, one must go to the open-top APC; wagons go; the tank checks M', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const tank = place(u(G, 'ger-pz4h', 0), '0505');
    const apc = place(u(G, 'ger-sdkfz251', 0), '0505');
    const w1 = place(u(G, 'ger-truck', 0), '0505');
    const w2 = place(u(G, 'ger-truck', 1), '0505');
    applyHexResult(d, h('0505'), [inf, tank, apc, w1, w2], '2X', false);
    expect(d.queue).toContainEqual(expect.objectContaining({ k: 'morale', unit: tank, mod: 0 }));
    const loss = d.queue[0]!;
    expect(loss.k).toBe('loss');
    if (loss.k !== 'loss') return;
    expect([...loss.pool].sort()).toEqual([inf, apc].sort());
    expect(lossCandidates(d, loss).sort()).toEqual([inf, apc].sort());
    settleInto(d, Phase.Execute);
    expect(d.phase).toBe(Phase.Allocate);
    expect(legalActionsOf(d).sort()).toEqual([`loss ${inf}`, `loss ${apc}`].sort());
    applyAction(d, `loss ${inf}`);
    expect(d.get(inf, STEPS)).toBe(1);
    expect(d.hex(apc)).toBe(ELIMINATED); // the second loss had to go to the open-top AFV
    expect(d.hex(w1)).toBe(ELIMINATED);
    expect(d.hex(w2)).toBe(ELIMINATED);
    expect(d.get(tank, STEPS)).toBe(2);
  });

  it('PG3 7.63: assault result "1" (T12): the loss goes to a good-order unit (INF, tank or APC), not the disrupted HMG; one truck', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const hmg = place(u(G, 'ger-hmg'), '0505');
    const tank = place(u(G, 'ger-pz4h', 0), '0505');
    const apc = place(u(G, 'ger-sdkfz251', 0), '0505');
    d.set(hmg, MORALE, DISRUPTED);
    const e = {
      k: 'loss' as const,
      seat: G,
      hex: h('0505'),
      losses: 1,
      pool: [inf, hmg, tank, apc],
      assault: true,
      needAfv: false,
      why: 't',
      taken: 0,
    };
    expect(lossCandidates(d, e).sort()).toEqual([inf, tank, apc].sort());
  });

  it('PG3 7.63: assault result "2" (T13): losses allocated freely but at least one to the tank or APC', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const hmg = place(u(G, 'ger-hmg'), '0505');
    const tank = place(u(G, 'ger-pz4h', 0), '0505');
    const apc = place(u(G, 'ger-sdkfz251', 0), '0505');
    d.set(hmg, MORALE, DISRUPTED);
    const e = {
      k: 'loss' as const,
      seat: G,
      hex: h('0505'),
      losses: 2,
      pool: [inf, hmg, tank, apc],
      assault: true,
      needAfv: true,
      why: 't',
      taken: 0,
    };
    expect(lossCandidates(d, e).sort()).toEqual([inf, tank, apc].sort());
    // After the first loss went to the INF, the last must go to an AFV.
    expect(lossCandidates(d, { ...e, losses: 1, taken: 1 }).sort()).toEqual([tank, apc].sort());
  });

  it('PG3 7.61: two or more losses eliminate any unit; DF M results do not affect AFVs', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(S, 'sov-rifle', 0), '0505');
    applyHexResult(d, h('0505'), [inf], '2X', false);
    settleInto(d, Phase.Execute);
    expect(d.hex(inf)).toBe(ELIMINATED);
    const tank = place(u(S, 'sov-t34-76', 0), '0707');
    d.queue = [];
    applyHexResult(d, h('0707'), [tank], 'M2', false);
    expect(d.queue.length).toBe(0);
  });
});

// ---------------------------------------------------------------- 9.x bombardment, 10.x direct fire

describe('PG3 9.x bombardment and 10.x direct fire', () => {
  it('PG3 10.3 / 7.5: net DF shift capped at +3: Italian INF DF 4 adjacent to 3 artillery units reads column 16 (T18)', () => {
    const { d, h, u, place } = setup();
    const ita = place(u(G, 'ita-inf'), '0505');
    const guns = [0, 1, 2].map((k) => place(u(S, 'sov-m30', k), '0506'));
    activate(d, [ita], 'f');
    const spec = directFireSpec(d, h('0505'), h('0506'));
    expect(spec.strength).toBe(4);
    expect(spec.baseShift).toBe(3); // +2 point blank, +1 three units
    const groups = columnGroups(d, spec, guns);
    expect([...groups.keys()]).toEqual([columnIndex(d.sc.df, 16)]);
    expect(d.sc.df.columns[columnFor(d, spec, 2)]).toBe(16);
    // and at least -2
    expect(d.sc.df.columns[columnFor(d, { ...spec, baseShift: -5 }, 0)]).toBe(2); // 4 -> two columns down, not three
    expect(shiftColumn(d.sc.df, 0, -1)).toBe(0); // 7.5: never below the lowest column
  });

  it('PG3 10.0 / 10.2: long range (beyond half range) -1; point blank +2; town -2', () => {
    const { d, h, u, place } = setup();
    const hmg = place(u(G, 'ger-hmg'), '0505'); // range 5: half 3
    place(u(S, 'sov-rifle', 0), '0509');
    activate(d, [hmg], 'f');
    expect(directFireSpec(d, h('0505'), h('0509')).baseShift).toBe(-1);
    place(u(S, 'sov-rifle', 1), '0506');
    expect(directFireSpec(d, h('0505'), h('0506')).baseShift).toBe(2);
    const inf = place(u(G, 'ger-inf', 0), '1112');
    place(u(S, 'sov-rifle', 2), '1114'); // town
    activate(d, [inf], 'f');
    expect(directFireSpec(d, h('1112'), h('1114')).baseShift).toBe(-2);
  });

  it('PG3 10.1: direct fire may not pass through friendly units; HMGs fire over them with a clear hex beyond', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const hmg = place(u(G, 'ger-hmg'), '0505');
    place(u(G, 'ger-inf', 1), '0506'); // friend in the line
    place(u(S, 'sov-rifle', 0), '0508');
    activate(d, [inf, hmg], 'f');
    const spec = directFireSpec(d, h('0505'), h('0508'));
    expect(spec.firers).toEqual([hmg]);
  });

  it('PG3 9.2 / 9.3: off-board artillery fires at most 3 factors per segment, each once a turn', () => {
    const sc = makeScenario(boardSpec({ side0: { offboardArtillery: [20, 20, 20, 20] } }));
    const rng = new ScriptedRng();
    const d = emptyDraft(sc, rng);
    d.active = G;
    d.phase = Phase.Execute;
    d.act = [];
    d.queue = [];
    const lt = unitOf(sc, G, 'ger-lt-1'),
      inf = unitOf(sc, G, 'ger-inf'),
      tgt = unitOf(sc, S, 'sov-rifle');
    d.setHex(lt, hexOf(sc, '0505'));
    d.setHex(inf, hexOf(sc, '0505'));
    d.setHex(tgt, hexOf(sc, '0509'));
    activate(d, [inf], 'f');
    const T = hexOf(sc, '0509');
    const oba = (): string[] => legalActionsOf(d).filter((a) => a.startsWith('oba '));
    expect(oba()).toEqual([`oba ${T} 1`, `oba ${T} 2`, `oba ${T} 3`]);
    applyAction(d, `oba ${T} 2`);
    d.queue = [];
    d.phase = Phase.Execute;
    expect(d.obaThisSegment).toBe(2);
    expect(oba()).toEqual([`oba ${T} 1`]);
    applyAction(d, `oba ${T} 1`);
    d.queue = [];
    d.phase = Phase.Execute;
    expect(oba()).toEqual([]);
    // Next segment: one factor left this turn.
    d.obaThisSegment = 0;
    expect(oba()).toEqual([`oba ${T} 1`]);
  });

  it('PG3 9.5: friendly fire: a d6 of 1-2 (+1 for German fire) hits an adjacent friendly hex on the rolled column', () => {
    const mk = (plus: boolean): { d: Draft; rng: ScriptedRng; friend: number; T: number } => {
      const sc = makeScenario(boardSpec({ side0: { offboardArtillery: [20], friendlyFirePlus: plus } }));
      const rng = new ScriptedRng();
      const d = emptyDraft(sc, rng);
      d.active = G;
      d.phase = Phase.Execute;
      d.act = [];
      d.queue = [];
      const lt = unitOf(sc, G, 'ger-lt-1'),
        friend = unitOf(sc, G, 'ger-inf'),
        tgt = unitOf(sc, S, 'sov-rifle');
      d.setHex(lt, hexOf(sc, '0502'));
      d.setHex(tgt, hexOf(sc, '0505'));
      d.setHex(friend, hexOf(sc, '0506'));
      return { d, rng, friend, T: hexOf(sc, '0505') };
    };
    {
      const { d, rng, T } = mk(false);
      rng.roll2(7).roll1(2).roll1(6).roll2(12); // target roll; friendly check 2: hit; column d6 6 -> 12; roll 12 -> M1 on column 12
      applyAction(d, `oba ${T} 1`);
      expect(d.events!.some((e) => /Friendly fire check.*column 12/.test(e))).toBe(true);
      expect(d.events!.some((e) => /Friendly fire at/.test(e))).toBe(true);
    }
    {
      const { d, rng, T } = mk(true);
      rng.roll2(7).roll1(2); // 2 + 1 = 3: no hit
      applyAction(d, `oba ${T} 1`);
      expect(d.events!.some((e) => /Friendly fire at/.test(e))).toBe(false);
    }
  });
});

// ---------------------------------------------------------------- 11.x AT fire

describe('PG3 11.x AT fire', () => {
  it('PG3 11.0: 2d6 + AT - armor: 10+ a step loss, below 10 nothing, 13+ (designed threshold) eliminated', () => {
    const { d, u, place, rng } = setup();
    const tank = place(u(G, 'ger-pz4h', 0), '0505'); // AT 8
    const t34 = place(u(S, 'sov-t34-76', 0), '0508'); // armor 5: drm +3
    expect(atShot(d, tank, t34)!.drm).toBe(3);
    rng.roll2(6); // 9
    resolveAt(d, tank, t34);
    expect(d.get(t34, STEPS)).toBe(2);
    rng.roll2(7); // 10
    resolveAt(d, tank, t34);
    expect(d.get(t34, STEPS)).toBe(1);
    const t2 = place(u(S, 'sov-t34-76', 1), '0808');
    rng.roll2(10); // 13
    d.setHex(tank, d.hex(tank));
    resolveAt(d, tank, t2);
    expect(d.hex(t2)).toBe(ELIMINATED);
    expect(d.sc.charts.antiTank.eliminate.value).toBe(13);
  });

  it('PG3 11.3: AT 2+ fires out to 150% of its range at half value; not beyond', () => {
    const { d, u, place } = setup();
    const tank = place(u(G, 'ger-pz4h', 0), '0101'); // AT 8 range 8
    const t34 = u(S, 'sov-t34-76', 0);
    d.setHex(t34, line(d, d.hex(tank), 3, 8));
    expect(atShot(d, tank, t34)!.value).toBe(8);
    d.setHex(t34, line(d, d.hex(tank), 3, 10));
    expect(atShot(d, tank, t34)!.value).toBe(4);
    d.setHex(t34, line(d, d.hex(tank), 3, 12));
    expect(atShot(d, tank, t34)!.value).toBe(4);
    d.setHex(t34, line(d, d.hex(tank), 3, 13));
    expect(atShot(d, tank, t34)).toBeNull();
  });

  it('PG3 11.1: crossfire +2 through a non-adjacent hexside; none down a hexspine or from an adjacent direction (T19)', () => {
    const { d, h, u, place } = setup();
    const t = place(u(S, 'sov-t34-76', 0), '0808');
    const T = h('0808');
    const first = place(u(G, 'ger-pz4h', 0), '0805'); // from the north (direction 0)
    const a0 = atShot(d, first, t)!;
    expect(a0.dir).toBe(0);
    d.set(t, XFIRE, a0.dir + 1);
    const south = place(u(G, 'ger-pz4h', 1), '0811');
    expect(atShot(d, south, t)!.crossfire).toBe(true);
    expect(atShot(d, south, t)!.drm).toBe(a0.drm + 2);
    const ne = u(G, 'ger-pz4h', 2);
    d.setHex(ne, line(d, T, 1, 3)); // from the NE: adjacent direction to N
    expect(atShot(d, ne, t)!.crossfire).toBe(false);
    d.setHex(ne, line(d, T, 2, 3)); // from the SE: two hexsides away
    expect(atShot(d, ne, t)!.crossfire).toBe(true);
    const spine = place(u(G, 'ger-pak40'), '1008'); // same row two columns over: along a hexspine
    expect(atShot(d, spine, t)!.dir).toBe(-1);
    expect(atShot(d, spine, t)!.crossfire).toBe(false);
  });

  it('PG3 11.2: armor-efficient full-strength AFVs get two AT shots a turn; reduced ones one', () => {
    const { d, u, place } = setup();
    const tank = place(u(G, 'ger-pz4h', 0), '0505');
    const t34 = place(u(S, 'sov-t34-76', 0), '0508');
    activate(d, [tank], 'f');
    const has = (): boolean => legalActionsOf(d).includes(`at ${tank} ${t34}`);
    expect(has()).toBe(true);
    d.set(tank, ATSHOTS, 1);
    expect(has()).toBe(false); // the board's Germans are not armor-efficient
    const sc2 = makeScenario(boardSpec({ side0: { armorEfficiency: true } }));
    const d2 = emptyDraft(sc2);
    d2.active = G;
    d2.queue = [];
    const tk = unitOf(sc2, G, 'ger-pz4h'),
      tt = unitOf(sc2, S, 'sov-t34-76');
    d2.setHex(tk, hexOf(sc2, '0505'));
    d2.setHex(tt, hexOf(sc2, '0508'));
    activate(d2, [tk], 'f');
    const has2 = (): boolean => legalActionsOf(d2).includes(`at ${tk} ${tt}`);
    d2.set(tk, ATSHOTS, 1);
    expect(has2()).toBe(true);
    d2.set(tk, ATSHOTS, 2);
    expect(has2()).toBe(false);
    d2.set(tk, ATSHOTS, 1);
    d2.set(tk, STEPS, 1);
    expect(has2()).toBe(false);
  });
});

// ---------------------------------------------------------------- 12.x assault

describe('PG3 12.x assault', () => {
  it('PG3 12.4: town -2 applies to the attacker only (T22)', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '1114');
    const b = place(u(S, 'sov-rifle', 0), '1114');
    expect(assaultShift(d, h('1114'), [a], [b], true)).toBe(-2);
    expect(assaultShift(d, h('1114'), [b], [a], false)).toBe(0);
    // Roles swap when the other side assaults in its segment.
    expect(assaultShift(d, h('1114'), [b], [a], true)).toBe(-2);
  });

  it('PG3 12.4 / 6.43: 3 INF + a leader assault 3 tanks in a town: -2 town +1 leader +1 armor in cover = net 0 (T23); "1" hits one tank and all take M2', () => {
    const { d, h, u, place, rng } = setup();
    const infs = [0, 1, 2].map((k) => place(u(G, 'ger-inf', k), '1114'));
    const lt = place(u(G, 'ger-lt-1'), '1114');
    const tanks = [0, 1, 2].map((k) => place(u(S, 'sov-t34-76', k), '1114'));
    const own = [...infs, lt];
    expect(assaultShift(d, h('1114'), own, tanks, true)).toBe(0);
    expect(assaultStrength(d, own, true)).toBe(16);
    for (const i of infs) d.setFlag(i, F_IN_ACT);
    rng.roll1(2).roll1(1); // attacker 2 on column 16: "1"; defender 1
    resolveAssault(d, h('1114'), G, infs);
    const loss = d.queue.find((e) => e.k === 'loss' && e.seat === S);
    expect(loss).toMatchObject({ losses: 1, assault: true });
    for (const t of tanks) expect(d.queue).toContainEqual(expect.objectContaining({ k: 'morale', unit: t, mod: 2 }));
  });

  it('PG3 12.4: units without DF fight at 1; demoralized attackers add nothing; disrupted halve', () => {
    const { d, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const mortar = place(u(G, 'ger-mortar-8cm'), '0505');
    expect(assaultStrength(d, [inf, mortar], true)).toBe(6);
    d.set(inf, MORALE, DISRUPTED);
    expect(assaultStrength(d, [inf, mortar], true)).toBe(4);
    d.set(inf, MORALE, DEMORALIZED);
    expect(assaultStrength(d, [inf, mortar], true)).toBe(1);
    expect(assaultStrength(d, [inf, mortar], false)).toBe(3); // a quarter of 5, rounded up, + 1
  });

  it('PG3 12.1: only activated good-order units led by a leader of their kind may assault, from an adjacent hex', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    place(u(S, 'sov-rifle', 0), '0506');
    activate(d, [inf], 'f');
    expect(legalActionsOf(d)).not.toContain(`asl ${inf} ${h('0506')}`);
    d.setFlag(inf, F_LEADER_ACT);
    expect(legalActionsOf(d)).toContain(`asl ${inf} ${h('0506')}`);
    d.set(inf, MORALE, DISRUPTED);
    expect(legalActionsOf(d)).not.toContain(`asl ${inf} ${h('0506')}`);
  });

  it('PG3 12.0 / 12.2: units that assaulted into a hex must fight when the activation ends, with every unit of both sides', () => {
    const { d, h, u, place, rng } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0505');
    const def1 = place(u(S, 'sov-rifle', 0), '0506');
    activate(d, [inf], 'f', true);
    applyAction(d, `asl ${inf} ${h('0506')}`);
    expect(d.hex(inf)).toBe(h('0506'));
    expect(d.assaults).toEqual([h('0506')]);
    const before = rng.used;
    rng.roll1(1).roll1(1); // both sides roll 1: column 4/6 -> "-"
    applyAction(d, 'end');
    expect(rng.used - before).toBeGreaterThanOrEqual(2);
    expect(d.flag(inf, F_ACTIVATED)).toBe(true);
    expect(d.phase).toBe(Phase.Segment);
    expect(d.hex(def1)).toBe(h('0506'));
  });

  it('PG3 12.43: dug-in defenders fire first; the attacker answers only afterwards (queued)', () => {
    const { d, h, u, place, rng } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0506');
    const dug = place(u(S, 'sov-rifle', 0), '0506');
    d.setFlag(dug, F_DUG_IN);
    const before = rng.used;
    rng.roll1(1);
    resolveAssault(d, h('0506'), G, [inf]);
    expect(rng.used - before).toBe(1); // only the defender rolled
    expect(d.queue[d.queue.length - 1]).toMatchObject({ k: 'assault', hex: h('0506'), attacker: G });
    expect(assaultShift(d, h('0506'), [inf], [dug], true)).toBe(-1); // dug-in defender
  });

  it('PG3 12.3 / 12.5: units already in an assault hex may choose to fight (melee)', () => {
    const { d, h, u, place } = setup();
    const inf = place(u(G, 'ger-inf', 0), '0506');
    place(u(S, 'sov-rifle', 0), '0506');
    activate(d, [inf], 'f');
    expect(legalActionsOf(d)).toContain(`melee ${h('0506')}`);
    // No direct fire out of an assault hex (12.5).
    place(u(S, 'sov-rifle', 1), '0508');
    expect(legalActionsOf(d).some((a) => a.startsWith(`df ${h('0506')}`))).toBe(false);
  });
});

// ---------------------------------------------------------------- 13.x opportunity fire

describe('PG3 13.x opportunity fire', () => {
  function oppSetup(): { d: Draft; mover: number; rifle: number; T: number } {
    const { d, h, u, place } = setup();
    const mover = place(u(G, 'ger-inf', 0), '0506');
    const rifle = place(u(S, 'sov-rifle', 0), '0508');
    d.opp = { mover, hex: h('0506'), fired: [] };
    d.phase = Phase.OppFire;
    return { d, mover, rifle, T: h('0506') };
  }

  it('PG3 13.0: an unactivated inactive unit may fire at a spotted unit entering a hex in range', () => {
    const { d, rifle } = oppSetup();
    expect(oppOptions(d)).toEqual([`opp ${rifle}`, 'nofire']);
  });

  it('PG3 13.1: a unit that activated this turn may not opportunity-fire', () => {
    const { d, rifle } = oppSetup();
    d.setFlag(rifle, F_ACTIVATED);
    expect(oppOptions(d)).toEqual([]);
  });

  it('PG3 13.0: DF units get two opportunity shots a turn, one per hex entered (13.2)', () => {
    const { d, rifle, mover, T } = oppSetup();
    d.setFlag(rifle, F_ACTIVATED);
    d.set(rifle, OPP, 1);
    expect(oppOptions(d)).toContain(`opp ${rifle}`);
    d.set(rifle, OPP, 2);
    expect(oppOptions(d)).toEqual([]);
    d.set(rifle, OPP, 1);
    d.opp = { mover, hex: T, fired: [rifle] };
    expect(oppOptions(d)).toEqual([]);
  });

  it('PG3 13.2: opportunity fire hits only the mover and gets no 3-unit shift', () => {
    const { d, rifle, mover, T } = oppSetup();
    const { u } = { u: (side: number, c: string, n = 0) => unitOf(d.sc, side, c, n) };
    const other = u(G, 'ger-inf', 1),
      third = u(G, 'ger-hmg');
    d.setHex(other, T);
    d.setHex(third, T);
    (d as { rng: unknown }).rng = new ScriptedRng().roll2(2); // column 4 (rifle DF 5), roll 2: M2
    applyAction(d, `opp ${rifle}`);
    expect(d.get(rifle, OPP)).toBe(1);
    expect(d.flag(rifle, F_ACTIVATED)).toBe(true);
    expect(d.events!.some((e) => /column 4 .*M2 on .*Gren|column 4/.test(e))).toBe(true);
    expect(d.get(other, MORALE)).toBe(GOOD);
    expect(d.get(third, MORALE)).toBe(GOOD);
    void mover;
  });
});

// ---------------------------------------------------------------- 14.x morale

describe('PG3 14.x morale', () => {
  it('PG3 14.1: leader 9 rolls 7 passes; INF 8 (+1 leader) rolls 10: disrupted, rolls 12: demoralized (T25)', () => {
    const { d, u, place, rng } = setup();
    const lt = place(u(G, 'ger-lt-1'), '0505'); // morale 9, modifier 1
    const a = place(u(G, 'ger-inf', 0), '0505');
    const b = place(u(G, 'ger-inf', 1), '0505');
    rng.roll2(7).roll2(10).roll2(12);
    moraleCheck(d, lt, 0, 'M');
    moraleCheck(d, a, 0, 'M');
    moraleCheck(d, b, 0, 'M');
    expect(d.get(lt, MORALE)).toBe(GOOD);
    expect(d.get(a, MORALE)).toBe(DISRUPTED);
    expect(d.get(b, MORALE)).toBe(DEMORALIZED);
  });

  it('PG3 14.11: a disrupted unit failing becomes demoralized; a demoralized one failing by 3 loses a step', () => {
    const { d, u, place, rng } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    d.set(a, MORALE, DISRUPTED);
    rng.roll2(9);
    moraleCheck(d, a, 0, 'M');
    expect(d.get(a, MORALE)).toBe(DEMORALIZED);
    rng.roll2(10); // vs 8 - 1 = 7: by 3
    moraleCheck(d, a, 0, 'M');
    expect(d.get(a, STEPS)).toBe(1);
  });

  it('PG3 14.2: a disrupted unit fires at half strength and moves only one hex a turn', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    d.set(a, MORALE, DISRUPTED);
    expect(dfStrength(d, a)).toBe(3);
    activate(d, [a], 'm');
    expect(moveBlocked(d, a, h('0506'))).toBeNull();
    moveOne(d, a, h('0506'));
    expect(moveBlocked(d, a, h('0507'))).toMatch(/14\.2/);
    d.setFlag(a, F_MOVED, false);
    expect(d.flag(a, F_MOVED_TURN)).toBe(true);
    expect(moveBlocked(d, a, h('0507'))).toMatch(/14\.2/);
  });

  it('PG3 14.3: a demoralized unit may not fire or move; activated, it must declare Move and attempt recovery', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0505');
    place(u(G, 'ger-inf', 1), '0505');
    place(u(S, 'sov-rifle', 0), '0508');
    d.set(a, MORALE, DEMORALIZED);
    expect(dfStrength(d, a)).toBe(0);
    expect(moveBlocked(d, a, h('0504'))).toMatch(/14\.3/);
    d.phase = Phase.Segment;
    applyAction(d, `unit ${a}`);
    expect(d.flag(a, F_DECL_MOVE)).toBe(true);
    expect(d.phase).toBe(Phase.Execute);
    expect(legalActionsOf(d)).toContain(`rec ${a}`);
    expect(legalActionsOf(d).some((x) => x.startsWith(`mv ${a}`) || x.startsWith('df '))).toBe(false);
  });

  it('PG3 14.4: recovery: a demoralized leader rolling 12 deserts; a demoralized unit rolling 2 goes straight to good order (T28)', () => {
    const { d, u, place, rng } = setup();
    const lt = place(u(G, 'ger-lt-1'), '0505');
    const inf = place(u(G, 'ger-inf', 0), '0909');
    d.set(lt, MORALE, DEMORALIZED);
    d.set(inf, MORALE, DEMORALIZED);
    activate(d, [lt, inf], 'm');
    rng.roll2(12);
    applyAction(d, `rec ${lt}`);
    expect(d.hex(lt)).toBe(ELIMINATED);
    rng.roll2(2);
    applyAction(d, `rec ${inf}`);
    expect(d.get(inf, MORALE)).toBe(GOOD);
  });

  it('PG3 14.4: recovery needs a roll strictly below morale (+1 in town); success improves one state', () => {
    const { d, u, place, rng } = setup();
    const a = place(u(G, 'ger-inf', 0), '0909');
    const b = place(u(G, 'ger-inf', 1), '1114'); // town +1
    d.set(a, MORALE, DISRUPTED);
    d.set(b, MORALE, DISRUPTED);
    activate(d, [a, b], 'm');
    rng.roll2(8); // 8 < 8? no
    applyAction(d, `rec ${a}`);
    expect(d.get(a, MORALE)).toBe(DISRUPTED);
    rng.roll2(8); // 8 < 9 in town: yes
    applyAction(d, `rec ${b}`);
    expect(d.get(b, MORALE)).toBe(GOOD);
  });

  // A unit that cannot get out of an assault hex is eliminated and its steps count as lost (VP, initiative).
  it('PG3 14.33: a unit eliminated because it cannot flee an assault hex counts its steps as lost', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0808');
    place(u(S, 'sov-rifle', 0), '0808');
    const g = d.sc.map.grid;
    let k = 1;
    for (let dir = 0; dir < 6; dir++) {
      const n = g.neighbour(h('0808'), dir);
      const e = k <= 3 ? u(S, 'sov-rifle', k) : u(S, 'sov-hmg', 0);
      if (k <= 4) d.setHex(e, n);
      else d.setHex(u(S, 'sov-m30', k - 5), n);
      k++;
    }
    d.set(a, MORALE, DEMORALIZED);
    const before = d.stepsLost[G];
    flee(d, a);
    expect(d.hex(a)).toBe(ELIMINATED);
    expect(d.stepsLost[G]).toBe(before + 2);
  });

  it('PG3 14.31: a demoralized unit that fails recovery flees out of enemy reach; a 0-MA weapon is eliminated (14.35)', () => {
    const { d, h, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0808');
    const enemy = place(u(S, 'sov-rifle', 0), '0810');
    d.set(a, MORALE, DEMORALIZED);
    flee(d, a);
    const g = d.sc.map.grid;
    expect(d.hex(a)).not.toBe(h('0808'));
    expect(g.distance(d.hex(a), d.hex(enemy))).toBeGreaterThan(3);
    const gun = place(u(G, 'ger-lefh18'), '0909');
    d.set(gun, MORALE, DEMORALIZED);
    flee(d, gun);
    expect(d.hex(gun)).toBe(ELIMINATED);
  });
});

// ---------------------------------------------------------------- 16.x special rules

describe('PG3 16.x special rules', () => {
  it('PG3 16.2: digging in takes two segments, not in woods or town', () => {
    const { d, u, place } = setup();
    const a = place(u(G, 'ger-inf', 0), '0909');
    activate(d, [a], 'm');
    expect(legalActionsOf(d)).toContain(`dig ${a}`);
    applyAction(d, `dig ${a}`);
    expect(d.flag(a, F_DUG_IN)).toBe(false);
    expect(d.get(a, DIG)).toBe(1);
    // second segment
    d.phase = Phase.Execute;
    d.queue = [];
    d.act = [];
    d.setFlag(a, F_MOVED | F_ACTIVATED, false);
    activate(d, [a], 'm');
    applyAction(d, `dig ${a}`);
    expect(d.flag(a, F_DUG_IN)).toBe(true);
    const w = place(u(G, 'ger-inf', 1), '0216');
    d.phase = Phase.Execute;
    d.queue = [];
    d.act = [];
    activate(d, [w], 'm');
    expect(legalActionsOf(d)).not.toContain(`dig ${w}`);
  });

  it('PG3 16.2: disruption ends digging in', () => {
    const { d, u, place, rng } = setup();
    const a = place(u(G, 'ger-inf', 0), '0909');
    d.setFlag(a, F_DUG_IN);
    rng.roll2(10);
    moraleCheck(d, a, 0, 'M');
    expect(d.get(a, MORALE)).toBe(DISRUPTED);
    expect(d.flag(a, F_DUG_IN)).toBe(false);
  });

  it('PG3 16.5: reinforcements enter at their entry hexes on their turn; a blocked entry waits a turn and comes in beside it', () => {
    const spec = boardSpec({
      side0: { reinforcements: [{ turn: 2, entry: ['0101'], units: [{ counter: 'ger-inf' }], leaders: [] }] },
    });
    const sc = makeScenario(spec);
    const state = startState(sc);
    const r = sc.units.find((x) => x.entryTurn === 2)!;
    expect(state.u[r.index]![HEX]).toBe(-1);
    const d = emptyDraft(sc, createRng(4));
    d.setHex(r.index, -1);
    startTurn(d, 2);
    expect(d.hex(r.index)).toBe(hexOf(sc, '0101'));
    // Blocked by an enemy combat unit: waits, then enters next to it.
    const d2 = emptyDraft(sc, createRng(4));
    d2.setHex(unitOf(sc, S, 'sov-rifle'), hexOf(sc, '0101'));
    startTurn(d2, 2);
    expect(d2.hex(r.index)).toBe(-1);
    expect(d2.flag(r.index, F_ENTRY_WAIT)).toBe(true);
    startTurn(d2, 3);
    expect(sc.map.grid.distance(d2.hex(r.index), hexOf(sc, '0101'))).toBe(1);
  });
});

// ---------------------------------------------------------------- victory, hidden information

describe('PG3 victory and hidden information', () => {
  it('PG3 2.3: victory points: objectives held, enemy steps eliminated, steps exited; margin decides the level', () => {
    const sc = makeScenario({
      ...boardSpec(),
      objectives: [
        { hex: '0808', vp: 3, controlledBy: 'soviet' },
        { hex: '0909', vp: 2, controlledBy: 'german' },
      ],
    });
    const s = startState(sc);
    expect(victoryPoints(sc, s)).toEqual([2, 3]);
    expect(victoryPoints(sc, { control: [0, 0], stepsLost: [1, 4], stepsExited: [0, 0] })).toEqual([5 + 4, 1]);
    const o = outcomeOf(sc, { ...s, control: [0, 0], stepsLost: [0, 4] });
    expect(o.winner).toBe(0);
    expect(o.victoryLevel).toBe('decisive');
    expect(outcomeOf(sc, { ...s, control: [1, 0], stepsLost: [0, 1] }).winner).toBeNull();
    expect(outcomeOf(sc, { ...s, control: [1, 0], stepsLost: [0, 1] }).victoryLevel).toBe('draw');
  });

  it('PG3 1.1: control goes to the last side to occupy the objective with combat units', () => {
    const sc = makeScenario({ ...boardSpec(), objectives: [{ hex: '0808', vp: 3, controlledBy: 'soviet' }] });
    const d = emptyDraft(sc);
    d.active = G;
    const a = unitOf(sc, G, 'ger-inf');
    d.setHex(a, hexOf(sc, '0807'));
    activate(d, [a], 'm', true);
    applyAction(d, `mv ${a} ${hexOf(sc, '0808')}`);
    expect(d.control[0]).toBe(0);
  });

  it("PG3 6.8: determinize resamples only the opponent's secret tank leaders, keeping their number and revealed ones", () => {
    const sc = makeScenario(boardSpec({ side0: { tankLeaders: 'all' }, side1: { tankLeaders: 1 } }));
    const game = new Pg3Game(sc);
    const s = game.initialState(createRng(9));
    const tanks1 = sc.units.filter((x) => x.side === S && x.isTankSymbol).map((x) => x.index);
    const tl = (st: typeof s, i: number): boolean => (st.u[i]![FLAGS]! & F_TANK_LEADER) !== 0;
    expect(tanks1.filter((i) => tl(s, i)).length).toBe(1);
    const seen = new Set<number>();
    for (let k = 0; k < 40; k++) {
      const x = game.determinize(s, G, createRng(k));
      expect(tanks1.filter((i) => tl(x, i)).length).toBe(1);
      seen.add(tanks1.find((i) => tl(x, i))!);
      // everything else untouched
      for (let i = 0; i < sc.units.length; i++) if (!tanks1.includes(i)) expect(x.u[i]).toEqual(s.u[i]);
    }
    expect(seen.size).toBe(3);
    // The German "all" side has nothing secret: seat 1's view is the state itself.
    expect(game.determinize(s, S, createRng(1))).toBe(s);
    // A revealed tank leader stays put.
    const holder = tanks1.find((i) => tl(s, i))!;
    const u2 = s.u.map((r) => r.slice());
    u2[holder]![FLAGS]! |= F_TL_REVEALED;
    const rev = { ...s, u: u2 };
    for (let k = 0; k < 10; k++) expect(tl(game.determinize(rev, G, createRng(k)), holder)).toBe(true);
  });

  it('PG3 6.8: with no secret tank leader left to deal (revealed, or his tank destroyed), determinize draws nothing and returns the state', () => {
    // So a search from such a position keeps the positions it reaches (a FIXED root).
    const sc = makeScenario(boardSpec({ side0: { tankLeaders: 'all' }, side1: { tankLeaders: 1 } }));
    const game = new Pg3Game(sc);
    const s = game.initialState(createRng(9));
    const holder = sc.units.find((x) => x.side === S && x.isTankSymbol && (s.u[x.index]![FLAGS]! & F_TANK_LEADER) !== 0)!.index;
    const draws = (st: typeof s): number => {
      const counting = new CountingRng(createRng(1));
      game.determinize(st, G, counting);
      return counting.draws;
    };
    /** The state with one field of the leader's tank set. */
    const withHolder = (field: number, value: number): typeof s => {
      const u = s.u.map((r) => r.slice());
      u[holder]![field] = value;
      return { ...s, u };
    };
    expect(draws(s)).toBeGreaterThan(0);
    const revealed = withHolder(FLAGS, s.u[holder]![FLAGS]! | F_TL_REVEALED);
    expect(draws(revealed)).toBe(0);
    expect(game.determinize(revealed, G, createRng(1))).toBe(revealed);
    expect(draws(withHolder(STEPS, 0))).toBe(0);
  });
});
