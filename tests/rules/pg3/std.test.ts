/**
 * Tests of the PG3 standard rules added after the core (named "PG3 <id>"): smoke, HMG split fire,
 * transport, leader loss, tank-leader limit, entrenchments, wrecks, minefields, excess initiative, fog of war.
 * Positions are set up directly on a Draft; dice are forced with ScriptedRng.
 */
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/rules/pg3/draft.js';
import { activationSet, applyAction, flee, legalActionsOf, settleInto } from '../../../src/rules/pg3/actions.js';
import type { Scenario } from '../../../src/rules/pg3/scenario.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { publicAction } from '../../../src/rules/pg3/ui.js';
import { endSegment, startTurn } from '../../../src/rules/pg3/turn.js';
import { createRng } from '../../../src/core/rng.js';
import {
  CARRIED,
  DEMORALIZED,
  DISRUPTED,
  ELIMINATED,
  F_ACTIVATED,
  F_DECL_MOVE,
  F_FIRED,
  F_HIDDEN,
  F_IN_ACT,
  F_LEADER_ACT,
  F_LIMBERED,
  F_MOVED,
  F_MUST_STOP,
  F_RECOVERED,
  F_TANK_LEADER,
  GOOD,
  MINE_REVEALED,
  MORALE,
  MP,
  Phase,
  STEPS,
} from '../../../src/rules/pg3/state.js';
import { ScriptedRng, makeScenario, startState, unitOf, writeTemp, scenarioData, positionSetup, activate } from './helpers.js';
import { moraleCheck, stepLoss, unitShift } from '../../../src/rules/pg3/combat.js';
import { resolveAssault } from '../../../src/rules/pg3/assault.js';
import { moveBlocked, moveCost2, moveOne } from '../../../src/rules/pg3/movement.js';
import { dfStrength, fitsStack, fortified, stackCount } from '../../../src/rules/pg3/units.js';
import { loadPg3Scenario } from '../../../src/rules/pg3/scenario.js';
import { boardSpec, boardWith } from './fixture.js';

const G = 0,
  S = 1; // seats: German, Soviet

const setup = positionSetup;

/** Resolves queued effects (morale checks and so on). */
function settle(d: Draft): void {
  settleInto(d, d.phase);
}

// ---------------------------------------------------------------- 16.1 smoke

describe('PG3 16.1 smoke', () => {
  const smokeBoard = (): Scenario => boardWith({ rules: { smoke: true }, side0: { offboardArtillery: [20, 10] } });

  it('PG3 16.1: a mortar fires smoke at a spotted hex in range: 2d6 <= 8 places it; the mortar has fired', () => {
    const { d, rng, h, u, place } = setup(smokeBoard());
    const mortar = place(u(G, 'ger-mortar-8cm'), '0505');
    const inf = place(u(G, 'ger-inf'), '0506');
    place(u(S, 'sov-rifle'), '0510');
    activate(d, [mortar, inf], 'f');
    const acts = legalActionsOf(d);
    expect(acts).toContain(`smoke ${h('0505')} ${h('0510')}`);
    expect(acts).not.toContain(`smoke ${h('0506')} ${h('0510')}`); // INF cannot fire smoke
    rng.roll2(8);
    applyAction(d, `smoke ${h('0505')} ${h('0510')}`);
    expect(rng.left).toBe(0);
    expect(d.smoke).toEqual([h('0510')]);
    expect(d.flag(mortar, F_FIRED)).toBe(true);
    // It may not fire again; no second smoke offered at a smoked hex.
    expect(legalActionsOf(d).some((a) => a.startsWith(`bomb ${h('0505')}`) || a.startsWith(`smoke ${h('0505')}`))).toBe(false);
  });

  it('PG3 16.1: a smoke roll of 9 places nothing; smoke is only offered when the scenario allows it', () => {
    const { d, rng, h, u, place } = setup(smokeBoard());
    const mortar = place(u(G, 'ger-mortar-8cm'), '0505');
    place(u(S, 'sov-rifle'), '0510');
    activate(d, [mortar], 'f');
    rng.roll2(9);
    applyAction(d, `smoke ${h('0505')} ${h('0510')}`);
    expect(d.smoke).toEqual([]);
    expect(d.flag(mortar, F_FIRED)).toBe(true);
    const plain = setup(boardWith({ side0: { offboardArtillery: [20, 10] } }));
    const m2 = plain.place(plain.u(G, 'ger-mortar-8cm'), '0505');
    plain.place(plain.u(S, 'sov-rifle'), '0510');
    plain.place(plain.u(G, 'ger-lt-1'), '0506');
    activate(plain.d, [m2], 'f');
    const acts = legalActionsOf(plain.d);
    expect(acts).toContain(`bomb ${plain.h('0505')} ${plain.h('0510')}`);
    expect(acts.some((a) => a.startsWith('smoke') || a.startsWith('obasmoke'))).toBe(false);
  });

  it('PG3 16.1: one off-board factor fires smoke (the smallest left); it is used for the turn and counts toward 3 a segment', () => {
    const { d, rng, h, u, place } = setup(smokeBoard());
    const lt = place(u(G, 'ger-lt-1'), '0505');
    place(u(S, 'sov-rifle'), '0508');
    activate(d, [lt], 'm');
    expect(legalActionsOf(d)).toContain(`obasmoke ${h('0508')}`);
    rng.roll2(4);
    applyAction(d, `obasmoke ${h('0508')}`);
    expect(d.smoke).toEqual([h('0508')]);
    expect(d.obaUsed[G]).toBe(2); // factor 1 (the 10) used; the 20 is left
    expect(d.obaThisSegment).toBe(1);
    expect(legalActionsOf(d)).toContain(`oba ${h('0508')} 1`);
    expect(legalActionsOf(d)).not.toContain(`obasmoke ${h('0508')}`);
  });
});

// ---------------------------------------------------------------- 7.25 HMG split fire

describe('PG3 7.25 HMG split fire', () => {
  it('PG3 7.25: a 9-5 HMG splits its fire between two hexes, 5 and 4, one roll each; then it has fired', () => {
    const { d, rng, h, u, place } = setup(boardWith());
    const hmg = place(u(G, 'ger-hmg'), '0505');
    const inf = place(u(G, 'ger-inf'), '0605');
    const a = place(u(S, 'sov-rifle', 0), '0508');
    const b = place(u(S, 'sov-rifle', 1), '0805');
    activate(d, [hmg, inf], 'f');
    const acts = legalActionsOf(d);
    expect(acts).toContain(`split ${hmg} ${h('0508')} ${h('0805')}`);
    expect(acts).toContain(`split ${hmg} ${h('0805')} ${h('0508')}`);
    expect(acts.some((x) => x.startsWith(`split ${inf} `))).toBe(false); // only HMGs
    rng.roll2(7).roll2(7);
    applyAction(d, `split ${hmg} ${h('0508')} ${h('0805')}`);
    expect(rng.left).toBe(0);
    expect(d.flag(hmg, F_FIRED)).toBe(true);
    const ev = (d.events ?? []).join('\n');
    expect(ev).toContain('(5 of 9) at 0508');
    expect(ev).toContain('(4 of 9) at 0805');
    expect(legalActionsOf(d).some((x) => x.startsWith(`split ${hmg}`))).toBe(false);
    expect(d.hex(a)).toBe(h('0508'));
    expect(d.hex(b)).toBe(h('0805'));
  });

  it('PG3 7.25: no split below 2 x 3 (a disrupted 9 HMG fires 5), with a single target, or on opportunity fire', () => {
    const { d, h, u, place } = setup(boardWith());
    const hmg = place(u(G, 'ger-hmg'), '0505');
    place(u(S, 'sov-rifle', 0), '0508');
    activate(d, [hmg], 'f');
    expect(legalActionsOf(d).some((x) => x.startsWith('split'))).toBe(false); // one target
    place(u(S, 'sov-rifle', 1), '0805');
    expect(legalActionsOf(d).filter((x) => x.startsWith('split'))).toHaveLength(2);
    d.set(hmg, MORALE, DISRUPTED);
    expect(legalActionsOf(d).some((x) => x.startsWith('split'))).toBe(false);
    // Opportunity fire offers whole-value shots only (13.0 actions: opp, oppx, oppat, nofire).
    d.set(hmg, MORALE, GOOD);
    d.active = S;
    d.act = [];
    const mover = u(S, 'sov-rifle', 0);
    d.opp = { mover, hex: h('0508'), fired: [] };
    d.phase = Phase.OppFire;
    expect(legalActionsOf(d).every((x) => /^(opp|oppx|oppat|nofire)\b/.test(x))).toBe(true);
  });
});

// ---------------------------------------------------------------- 5.6 transport

describe('PG3 5.6 transport', () => {
  it('PG3 5.6: a truck loads an INF for 1 MP each, carries it, unloads it for 1 MP; the INF then stops', () => {
    const { d, h, u, place } = setup(boardWith());
    const truck = place(u(G, 'ger-truck'), '0505');
    const inf = place(u(G, 'ger-inf'), '0505');
    activate(d, [truck, inf], 'm');
    expect(legalActionsOf(d)).toContain(`load ${truck} ${inf}`);
    applyAction(d, `load ${truck} ${inf}`);
    expect(d.carrier(inf)).toBe(truck);
    expect(d.get(truck, MP)).toBe(16 - 2);
    expect(d.get(inf, MP)).toBe(6 - 2);
    expect(d.unitsIn(h('0505'))).toEqual([truck]); // one unit for stacking, fire and spotting (4.1, 5.6)
    expect(legalActionsOf(d).some((a) => a.startsWith(`mv ${inf} `))).toBe(false);
    applyAction(d, `mv ${truck} ${h('0506')}`);
    expect(d.hex(inf)).toBe(h('0506'));
    expect(legalActionsOf(d)).toContain(`unload ${inf}`);
    const mp = d.get(truck, MP);
    applyAction(d, `unload ${inf}`);
    expect(d.carried(inf)).toBe(false);
    expect(d.hex(inf)).toBe(h('0506'));
    expect(d.get(truck, MP)).toBe(mp - 2);
    expect(d.flag(inf, F_MUST_STOP)).toBe(true); // may not enter another hex after unloading
    expect(legalActionsOf(d).some((a) => a.startsWith(`mv ${inf} `))).toBe(false);
    expect(legalActionsOf(d).some((a) => a.startsWith(`mv ${truck} `))).toBe(true); // the truck may go on
  });

  it('PG3 5.6, 16.6: loading, unloading and unlimbering are told in words, and a hidden transport’s are told to no one else', () => {
    const { d, u, place } = setup(boardWith());
    const truck = place(u(G, 'ger-truck'), '0505');
    const inf = place(u(G, 'ger-inf'), '0505');
    activate(d, [truck, inf], 'm');
    const before = d.seal();
    expect(publicAction(d.sc, before, `load ${truck} ${inf}`, S).label).toMatch(/^Infantry platoon#\d+ @0505 boards .*#\d+ @0505$/);
    applyAction(d, `load ${truck} ${inf}`);
    const loaded = d.seal();
    expect(publicAction(d.sc, loaded, `unload ${inf}`, S)).toMatchObject({
      units: [inf],
      label: expect.stringMatching(/gets off its transport$/),
    });
    expect(publicAction(d.sc, loaded, `unlimber ${inf}`, S).label).toMatch(/unlimbers$/);
    d.setFlag(truck, F_HIDDEN);
    d.setFlag(inf, F_HIDDEN);
    const hidden = d.seal();
    expect(publicAction(d.sc, hidden, `unload ${inf}`, S)).toMatchObject({
      units: [],
      from: -1,
      label: expect.stringMatching(/acts out of sight$/),
    });
    expect(publicAction(d.sc, hidden, `unload ${inf}`, G).units).toEqual([inf]);
  });

  it('PG3 5.6: limbering and loading a 0-MA gun takes the whole segment of both; unloading costs nothing and it unlimbers', () => {
    const { d, h, u, place } = setup(boardWith());
    const truck = place(u(G, 'ger-truck'), '0505');
    const gun = place(u(G, 'ger-lefh18'), '0505');
    activate(d, [truck, gun], 'm');
    applyAction(d, `load ${truck} ${gun}`);
    expect(d.carrier(gun)).toBe(truck);
    expect(d.get(truck, MP)).toBe(0);
    expect(legalActionsOf(d).some((a) => a.startsWith(`mv ${truck} `))).toBe(false); // may not move and load a weapon
    expect(legalActionsOf(d)).not.toContain(`unload ${gun}`);
    // A later segment: the truck moves and drops the gun, which deploys at once (its own segment).
    d.setFlag(truck, F_MOVED | F_IN_ACT | F_DECL_MOVE, false);
    d.setFlag(gun, F_MOVED | F_IN_ACT | F_DECL_MOVE, false);
    d.act = [];
    activate(d, [truck], 'm');
    applyAction(d, `mv ${truck} ${h('0506')}`);
    const mp = d.get(truck, MP);
    expect(legalActionsOf(d)).toContain(`unload ${gun}`);
    applyAction(d, `unload ${gun}`);
    expect(d.get(truck, MP)).toBe(mp);
    expect(d.hex(gun)).toBe(h('0506'));
    expect(d.flag(gun, F_ACTIVATED)).toBe(true);
    expect(d.flag(gun, F_LIMBERED)).toBe(false);
  });

  it('PG3 5.6: carried units cannot fire; they die with their transport; a disrupted transport unloads them disrupted, guns limbered', () => {
    const { d, rng, h, u, place } = setup(boardWith());
    const truck = place(u(G, 'ger-truck', 0), '0505');
    const inf = place(u(G, 'ger-inf'), '0505');
    d.board(inf, truck);
    expect(dfStrength(d, inf)).toBe(0);
    const lost = d.stepsLost[G];
    d.eliminate(truck);
    expect(d.hex(inf)).toBe(ELIMINATED);
    expect(d.get(inf, STEPS)).toBe(0);
    expect(d.stepsLost[G]).toBe(lost + 2);
    const truck2 = place(u(G, 'ger-truck', 1), '0707');
    const pak = place(u(G, 'ger-lefh18'), '0707');
    d.board(pak, truck2);
    rng.roll2(10); // morale 8: fails by 2 -> disrupted
    moraleCheck(d, truck2, 0, 'test');
    expect(d.get(truck2, MORALE)).toBe(DISRUPTED);
    expect(d.carried(pak)).toBe(false);
    expect(d.get(pak, MORALE)).toBe(DISRUPTED);
    expect(d.flag(pak, F_LIMBERED)).toBe(true);
    expect(dfStrength(d, pak)).toBe(0);
    // Limbered, it may only unlimber (its whole segment).
    d.set(pak, MORALE, GOOD);
    activate(d, [pak], 'm');
    expect(legalActionsOf(d)).toContain(`unlimber ${pak}`);
    applyAction(d, `unlimber ${pak}`);
    expect(d.flag(pak, F_LIMBERED)).toBe(false);
    expect(d.hex(pak)).toBe(h('0707'));
  });

  it('PG3 5.6 / 4.1: the carried unit does not count for stacking; a loaded truck is not an empty transport (5.3)', () => {
    const { d, h, u, place } = setup(boardWith());
    const truck = place(u(G, 'ger-truck'), '0505');
    place(u(G, 'ger-inf', 0), '0505');
    place(u(G, 'ger-inf', 1), '0505');
    place(u(G, 'ger-inf', 2), '0505');
    const hmg = place(u(G, 'ger-hmg'), '0505');
    expect(fitsStack(d, hmg, h('0505'))).toBe(false);
    d.board(hmg, truck);
    expect([stackCount(d, h('0505'), G, false), stackCount(d, h('0505'), G, true)]).toEqual([3, 1]); // combat units, transports
    expect(legalActionsOf(d).includes(`unload ${hmg}`)).toBe(false); // no room to unload
    const truck2 = place(u(G, 'ger-truck', 1), '0707');
    const rifle = place(u(S, 'sov-rifle'), '0708');
    d.active = S;
    d.set(rifle, MP, 6);
    d.setFlag(rifle, F_LEADER_ACT);
    expect(moveBlocked(d, rifle, h('0707'))).toBeNull(); // empty truck: enter and overrun
    place(u(G, 'ger-inf', 3), '0707');
    d.board(u(G, 'ger-inf', 3), truck2);
    expect(moveBlocked(d, rifle, h('0707'))).toMatch(/5\.3/);
  });

  it('PG3 5.6: a scenario may set up a unit loaded on a transport in its hex', () => {
    const spec = {
      sides: [
        {
          units: [
            { counter: 'ger-truck', hex: '0303' },
            { counter: 'ger-pak40', hex: '0303', loaded: true },
          ],
        },
        { units: [{ counter: 'sov-rifle', hex: '0909' }] },
      ],
    };
    const sc = makeScenario(spec as never);
    const s = startState(sc);
    const pak = unitOf(sc, G, 'ger-pak40'),
      truck = unitOf(sc, G, 'ger-truck');
    expect(s.u[pak]![CARRIED]).toBe(truck + 1);
    expect(s.u[pak]![0]).toBe(s.u[truck]![0]);
    const bad = scenarioData({
      sides: [
        { units: [{ counter: 'ger-pak40', hex: '0303', loaded: true } as never] },
        { units: [{ counter: 'sov-rifle', hex: '0909' }] },
      ],
    });
    expect(() => loadPg3Scenario(writeTemp(bad))).toThrow(/no free transport/);
  });
});

// ---------------------------------------------------------------- 6.7 leader loss, 3.3 tank leaders

describe('PG3 6.7 decapitation and MAJ+ losses; 3.3 tank-leader limit', () => {
  it('PG3 6.7: the highest-ranking leader killed: no friendly unit within 3 hexes moves this turn or next; once per side', () => {
    const { d, h, u, place } = setup(boardWith());
    d.turn = 2;
    const maj = place(u(G, 'ger-maj-1'), '0505');
    const near = place(u(G, 'ger-inf', 0), '0508'); // 3 hexes away
    const far = place(u(G, 'ger-inf', 1), '0509'); // 4 hexes away
    d.eliminate(maj);
    expect(d.decapHex[G]).toBe(h('0505'));
    expect(d.decapTurn[G]).toBe(2);
    d.set(near, MP, 6);
    d.set(far, MP, 6);
    d.setFlag(near, F_LEADER_ACT);
    d.setFlag(far, F_LEADER_ACT);
    expect(moveBlocked(d, near, h('0509'))).toMatch(/6\.7/);
    expect(moveBlocked(d, far, h('0510'))).toBeNull();
    d.turn = 3;
    expect(moveBlocked(d, near, h('0509'))).toMatch(/6\.7/);
    d.turn = 4;
    expect(moveBlocked(d, near, h('0509'))).toBeNull();
    // Once per side: the next leader lost changes nothing.
    const cpt = place(u(G, 'ger-cpt-1'), '0909');
    d.eliminate(cpt);
    expect(d.decapHex[G]).toBe(h('0505'));
  });

  it('PG3 6.7: a lower leader lost while a higher one lives is no decapitation; a MAJ lost makes his stack check morale less his modifier', () => {
    const { d, rng, u, place } = setup(boardWith());
    place(u(G, 'ger-maj-1'), '0909');
    const lt = place(u(G, 'ger-lt-1'), '0505');
    d.eliminate(lt);
    expect(d.decapTurn[G]).toBe(0);
    expect(d.queue).toHaveLength(0); // an LT: no morale checks
    const maj = u(G, 'ger-maj-1');
    const inf = place(u(G, 'ger-inf', 0), '0909');
    const tank = place(u(G, 'ger-pz4h', 0), '0909');
    d.eliminate(maj);
    const mm = d.sc.units[maj]!.moraleMod;
    expect(d.queue).toEqual([expect.objectContaining({ k: 'morale', unit: inf, mod: mm })]); // not the tank (6.8)
    expect(tank).toBeGreaterThanOrEqual(0);
    // Morale 8 with the MAJ's modifier against it: a roll of 8 - mm + 1 fails by 1 -> disrupted.
    rng.roll2(8 - mm + 1);
    d.phase = Phase.Execute;
    settle(d);
    expect(d.get(inf, MORALE)).toBe(DISRUPTED);
  });

  it('PG3 3.3: only the tank leaders of the self-activating stack lead: a tank leader reached by one does not extend the reach', () => {
    const { d, h, u, place } = setup(boardWith());
    const t1 = place(u(G, 'ger-pz4h', 0), '0505');
    const t2 = place(u(G, 'ger-pz4h', 1), '0506'); // adjacent, with its own tank leader
    const t3 = place(u(G, 'ger-pz4h', 2), '0507'); // adjacent to t2 only
    for (const t of [t1, t2, t3]) d.setFlag(t, F_TANK_LEADER);
    const set = activationSet(d, 'stack', h('0505'));
    expect(set.get(t1)).toBe(true);
    expect(set.get(t2)).toBe(true);
    expect(set.has(t3)).toBe(false); // one tank leader per segment (3.3)
    // Several tank leaders in one self-activating stack all lead: each brings the tanks next to him.
    d.setHex(t2, h('0505'));
    d.setHex(t3, h('0504'));
    const t4 = place(u(G, 'ger-sdkfz251', 0), '0506'); // APCs answer to tank leaders too
    const set2 = activationSet(d, 'stack', h('0505'));
    expect([set2.get(t1), set2.get(t2), set2.get(t3), set2.get(t4)]).toEqual([true, true, true, true]);
  });
});

// ---------------------------------------------------------------- 16.4 entrenchments

const boards = new Map<string, Scenario>();
/** The fixture board with extra map data (entrenchments) and scenario settings. */
function boardWithMap(map: Record<string, unknown>, over: Parameters<typeof boardSpec>[0] = {}): Scenario {
  const key = JSON.stringify([map, over]);
  let sc = boards.get(key);
  if (!sc) {
    const data = scenarioData(boardSpec(over));
    Object.assign(data.map as Record<string, unknown>, map);
    boards.set(key, (sc = loadPg3Scenario(writeTemp(data))));
  }
  return sc;
}

describe('PG3 16.4 entrenchments', () => {
  const sc = (): Scenario => boardWithMap({ entrenchments: ['0606', '0808'] });

  it('PG3 16.4: a unit entering an empty entrenchment holds it: dug-in shift and First Fire; AFVs get nothing; leaving ends it', () => {
    const { d, rng, h, u, place } = setup(sc());
    const inf = place(u(G, 'ger-inf'), '0605');
    const tank = place(u(G, 'ger-pz4h'), '0607');
    d.set(inf, MP, 6);
    d.set(tank, MP, 12);
    moveOne(d, inf, h('0606'));
    moveOne(d, tank, h('0606'));
    expect(fortified(d, inf)).toBe(true);
    expect(fortified(d, tank)).toBe(false);
    expect(unitShift(d, inf)).toBe(d.sc.charts.modifiers.dugIn.value);
    expect(unitShift(d, tank)).toBe(0);
    // A Soviet assault into it: the entrenched defenders fire first (12.43); the attackers never hold it.
    const rifle = place(u(S, 'sov-rifle'), '0606');
    d.active = S;
    rng.roll1(1);
    resolveAssault(d, h('0606'), S, [rifle]);
    expect((d.events ?? []).join('\n')).toContain('First Fire');
    expect(fortified(d, rifle)).toBe(false);
    // Leaving the hex ends it.
    d.setHex(rifle, -1);
    d.queue = [];
    moveOne(d, inf, h('0605'));
    expect(fortified(d, inf)).toBe(false);
  });

  it('PG3 16.4 / 14.45 / 14.35: +1 to recovery in an entrenchment; a demoralized unit there need not flee; no digging in there', () => {
    const { d, rng, h, u, place } = setup(sc());
    const inf = place(u(G, 'ger-inf', 0), '0808');
    place(u(S, 'sov-hmg'), '0810'); // threatens the hex
    d.set(inf, MORALE, DEMORALIZED);
    activate(d, [inf], 'm');
    rng.roll2(7); // demoralized morale 8 - 1 = 7, +1 entrenchment: 7 < 8 recovers
    applyAction(d, `rec ${inf}`);
    expect(d.get(inf, MORALE)).toBe(DISRUPTED);
    d.set(inf, MORALE, DEMORALIZED);
    flee(d, inf);
    expect(d.hex(inf)).toBe(h('0808')); // stays
    const other = place(u(G, 'ger-inf', 1), '0505');
    flee(d, other); // not threatened: stays anyway; in the open a threatened one runs
    d.set(inf, MORALE, GOOD);
    d.setFlag(inf, F_RECOVERED | F_MOVED, false);
    d.set(inf, MP, 6);
    expect(legalActionsOf(d)).not.toContain(`dig ${inf}`);
    d.setHex(inf, h('0707'));
    expect(legalActionsOf(d)).toContain(`dig ${inf}`);
  });
});

// ---------------------------------------------------------------- 16.3 wrecks

describe('PG3 16.3 wrecks', () => {
  it('PG3 16.3: an AFV step eliminated in a town leaves a wreck (one per step); not in the open; not for other units', () => {
    const { d, h, u, place } = setup(boardWith());
    const t1 = place(u(G, 'ger-pz4h', 0), '1114'); // town
    stepLoss(d, t1, 1, 'test');
    expect(d.wrecks).toEqual([h('1114')]);
    stepLoss(d, t1, 1, 'test');
    expect(d.wrecksIn(h('1114'))).toBe(2);
    const t2 = place(u(G, 'ger-pz4h', 1), '1214');
    stepLoss(d, t2, 2, 'test'); // both steps at once: two wrecks
    expect(d.wrecksIn(h('1214'))).toBe(2);
    const t3 = place(u(G, 'ger-pz4h', 2), '0909'); // clear
    stepLoss(d, t3, 2, 'test');
    const inf = place(u(G, 'ger-inf'), '1314');
    stepLoss(d, inf, 2, 'test');
    expect(d.wrecks).toHaveLength(4);
  });

  it('PG3 16.3: a bridge (river hex with a road) is a wreck hex; a plain river hex is not', () => {
    const plain = boardWith();
    const g = plain.map.grid;
    const river = g.parseLabel('0316');
    const next = [0, 1, 2, 3, 4, 5].map((k) => g.neighbour(river, k)).find((n) => n >= 0)!;
    const bridged = boardWith({
      roads: [
        ['0514', '0614', '0714'],
        [g.label(next), '0316'],
      ],
    });
    expect(plain.wreckHex[river]).toBe(0);
    expect(bridged.wreckHex[river]).toBe(1);
    expect(plain.wreckHex[g.parseLabel('0116')]).toBe(1); // town
  });

  it('PG3 16.3: vehicles pay +1 MP into a hex with one wreck, +5 with two, and cannot enter one with three; foot units pay nothing extra', () => {
    const { d, h, u, place } = setup(boardWith());
    const tank = place(u(G, 'ger-pz4h'), '1014');
    const truck = place(u(G, 'ger-truck'), '1014');
    const inf = place(u(G, 'ger-inf'), '1014');
    const to = h('1114');
    const base = [tank, truck, inf].map((i) => moveCost2(d, i, h('1014'), to));
    d.mut('wrecks').push(to);
    expect([tank, truck, inf].map((i) => moveCost2(d, i, h('1014'), to))).toEqual([base[0]! + 2, base[1]! + 2, base[2]]);
    d.mut('wrecks').push(to);
    expect(moveCost2(d, tank, h('1014'), to)).toBe(base[0]! + 10);
    d.mut('wrecks').push(to);
    expect(moveCost2(d, tank, h('1014'), to)).toBe(-1);
    expect(moveCost2(d, inf, h('1014'), to)).toBe(base[2]);
  });
});

// ---------------------------------------------------------------- 16.7 minefields

/** The fixture board with minefields laid by `side`. */
function boardWithMines(
  side: number,
  minefields: { hex: string; strength: number }[],
  over: Parameters<typeof boardSpec>[0] = {},
): Scenario {
  const key = JSON.stringify([side, minefields, over]);
  let sc = boards.get(key);
  if (!sc) {
    const data = scenarioData(boardSpec(over));
    (data.sides as Record<string, unknown>[])[side]!.minefields = minefields;
    boards.set(key, (sc = loadPg3Scenario(writeTemp(data))));
  }
  return sc;
}

describe('PG3 16.7 minefields', () => {
  const sc = (): Scenario =>
    boardWithMines(S, [
      { hex: '0606', strength: 2 },
      { hex: '0707', strength: 0 },
      { hex: '0808', strength: 3 },
    ]);

  function mover(rolls: number[], counter = 'ger-inf'): { d: Draft; rng: ScriptedRng; inf: number; h: (l: string) => number } {
    const { d, rng, h, u, place } = setup(sc());
    const inf = place(u(G, counter), '0605');
    activate(d, [inf], 'm', true);
    for (const r of rolls) rng.roll1(r);
    applyAction(d, `mv ${inf} ${h('0606')}`);
    expect(rng.left).toBe(0);
    return { d, rng, inf, h };
  }

  it('PG3 16.7: a full-strength 2-step unit entering a 2-point minefield rolls 6, 6: eliminated (T27); the minefield is revealed', () => {
    const { d, inf } = mover([6, 6]);
    expect(d.get(inf, STEPS)).toBe(0);
    expect(d.stepsLost[G]).toBe(2);
    expect(d.mines[0]! & MINE_REVEALED).toBe(MINE_REVEALED);
    expect(d.mines[1]! & MINE_REVEALED).toBe(0);
  });

  it('PG3 16.7: 5, 5 is one step loss by compound demoralization, demoralized and stopped (T27); 3, 1 stops; 1, 2 nothing', () => {
    const a = mover([5, 5]);
    expect(a.d.get(a.inf, STEPS)).toBe(1);
    expect(a.d.get(a.inf, MORALE)).toBe(DEMORALIZED);
    expect(a.d.flag(a.inf, F_MUST_STOP)).toBe(true);
    const b = mover([3, 1]);
    expect(b.d.get(b.inf, STEPS)).toBe(2);
    expect(b.d.get(b.inf, MORALE)).toBe(GOOD);
    expect(legalActionsOf(b.d).some((x) => x.startsWith(`mv ${b.inf} `))).toBe(false);
    const c = mover([1, 2]);
    expect(c.d.get(c.inf, MORALE)).toBe(GOOD);
    expect(legalActionsOf(c.d).some((x) => x.startsWith(`mv ${c.inf} `))).toBe(true);
  });

  it('PG3 16.7: engineers: an ENG alone rolls two dice fewer (none here); a unit joining an ENG in the hex rolls one fewer', () => {
    const sc2 = boardWithMines(S, [{ hex: '0606', strength: 2 }], {
      side0: {
        units: [
          { counter: 'ger-eng', hex: '0605' },
          { counter: 'ger-inf', hex: '0604' },
        ],
      },
    });
    const { d, rng, h, u, place } = setup(sc2);
    const eng = place(u(G, 'ger-eng'), '0605');
    const inf = place(u(G, 'ger-inf'), '0605');
    activate(d, [eng, inf], 'm', true);
    applyAction(d, `mv ${eng} ${h('0606')}`);
    expect(rng.used).toBe(0);
    rng.roll1(6);
    applyAction(d, `mv ${inf} ${h('0606')}`);
    expect(rng.used).toBe(1); // one die: 2 - 1
    expect(d.get(inf, STEPS)).toBe(1);
    expect(d.get(inf, MORALE)).toBe(DEMORALIZED);
  });

  it("PG3 16.7: determinize deals the opponent's unrevealed minefield strengths again among the same set; revealed ones and own ones stay", () => {
    const s0 = sc();
    const game = new Pg3Game(s0);
    const st = startState(s0);
    expect(st.mines).toEqual([2, 0, 3]);
    const seen = new Set<string>();
    for (let k = 0; k < 40; k++) {
      const x = game.determinize(st, G, createRng(k));
      expect([...x.mines].sort()).toEqual([0, 2, 3]);
      seen.add(x.mines.join(','));
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(game.determinize(st, S, createRng(1)).mines).toEqual([2, 0, 3]); // the owner knows them
    const revealed = { ...st, mines: [2 | MINE_REVEALED, 0, 3] };
    for (let k = 0; k < 10; k++) expect(game.determinize(revealed, G, createRng(k)).mines[0]).toBe(2 | MINE_REVEALED);
  });
});

// ---------------------------------------------------------------- 17.2 excess initiative, 17.4 fog of war

describe('PG3 17.2 excess initiative and 17.4 fog of war (optional rules)', () => {
  it('PG3 17.2: a winner of 3+ opening segments may save one before his first; later he spends it for two segments in a row', () => {
    const sc = boardWith({ rules: { excessInitiative: true }, side0: { initiative: 4 }, side1: { initiative: 0 } });
    const { d } = setup(sc);
    (d as { rng: unknown }).rng = new ScriptedRng().roll1(6).roll1(1); // 10 vs 1: 5 opening segments
    startTurn(d, 1);
    expect(d.openingLeft).toBe(5);
    expect(legalActionsOf(d)).toContain('save');
    applyAction(d, 'save');
    expect(d.openingLeft).toBe(4);
    expect(d.savedSegment).toBe(G);
    expect(legalActionsOf(d)).not.toContain('save');
    expect(legalActionsOf(d)).not.toContain('double'); // not during the opening segments
    // Later in the turn, in one of his segments.
    d.openingLeft = 0;
    d.segmentsTaken = [4, 2];
    expect(legalActionsOf(d)).toContain('double');
    applyAction(d, 'double');
    endSegment(d, false);
    expect(d.active).toBe(G);
    endSegment(d, false);
    expect(d.active).toBe(S);
    expect(d.savedSegment).toBe(-2);
    // Without the switch nothing is offered.
    const plain = setup(boardWith({ side0: { initiative: 4 }, side1: { initiative: 0 } }));
    (plain.d as { rng: unknown }).rng = new ScriptedRng().roll1(6).roll1(1);
    startTurn(plain.d, 1);
    expect(legalActionsOf(plain.d)).not.toContain('save');
  });

  it('PG3 17.4: after 3 segments each, 3d6 >= 16 at the end of a later segment ends the turn (+1 at night); not before', () => {
    const sc = boardWith({ rules: { fogOfWar: true }, nightTurns: [2] });
    const { d, rng, u, place } = setup(sc);
    place(u(G, 'ger-inf'), '0101');
    place(u(S, 'sov-rifle'), '1616'); // both sides on the map: the game goes on
    d.turn = 1;
    d.phase = Phase.Segment;
    d.initiativeWinner = S;
    d.openingLeft = 0;
    d.segmentsTaken = [2, 3];
    endSegment(d, false); // German's 3rd segment: no roll yet
    expect(rng.used).toBe(0);
    expect(d.active).toBe(S);
    rng.roll1(6).roll1(6).roll1(3); // 15: the turn goes on
    endSegment(d, false);
    expect(rng.used).toBe(3);
    expect(d.turn).toBe(1);
    rng.roll1(6).roll1(6).roll1(4); // 16: the turn ends
    endSegment(d, false);
    expect(d.turn).toBe(2);
    // Night turn: 15 + 1.
    d.segmentsTaken = [3, 3];
    d.initiativeWinner = S;
    d.openingLeft = 0;
    d.active = G;
    const before = rng.used;
    rng.roll1(6).roll1(6).roll1(3);
    endSegment(d, false);
    expect(rng.used).toBe(before + 3);
    expect(d.turn).toBe(3);
    // Without the switch: no rolls.
    const plain = setup(boardWith());
    plain.d.segmentsTaken = [5, 5];
    plain.d.phase = Phase.Segment;
    endSegment(plain.d, false);
    expect(plain.rng.used).toBe(0);
  });
});
