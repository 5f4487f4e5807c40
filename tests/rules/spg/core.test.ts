import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { legalActions } from '../../../src/rules/spg/actions.js';
import { bombardmentSpotted } from '../../../src/rules/spg/bombardment.js';
import { directFireTargets } from '../../../src/rules/spg/fire.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { loadSpgScenario } from '../../../src/rules/spg/scenario.js';
import { spotRange, spots } from '../../../src/rules/spg/spotting.js';
import { F_DISRUPTED, F_SPENT, FLAGS, HEX, STEPS } from '../../../src/rules/spg/state.js';
import { edit, hex, loadedDice, scenarioFile, tiny } from './helpers.js';

// spg-tiny units: 0 ger-inf 0103, 1 ger-hmg 0103, 2 ger-inf 0104, 3 ger-pz4h 0105,
// 4 sov-rifle 0603, 5 sov-rifle 0604, 6 sov-hmg 0703, 7 sov-45mm 0502.
// Terrain: 0603 town (full cover), 0302 woods (full), 0205 wheat (concealment), 0503 clear (open).

/** Actions (other than pass and hand-over) that name unit i among their acting units. */
const actionsOf = (acts: readonly string[], i: number): string[] =>
  acts.filter((a) => a.split(' ')[1]?.split('.').includes(String(i)) && !a.startsWith('pass') && !a.startsWith('end'));

describe('SPG sequence of play', () => {
  // S-01 L15: "A unit can only conduct one action per full game turn ... Only one player has the initiative for a full game turn".
  it('SPG S-01: a unit that acted is spent and offered no second action in the turn', () => {
    const { sc, game, start } = tiny();
    expect(actionsOf(game.legalActions(start), 0).length).toBeGreaterThan(0);
    const moved = game.apply(start, `move 0 ${hex(sc, '0203')}`, loadedDice());
    expect(moved.u[0]![FLAGS]! & F_SPENT).toBe(F_SPENT);
    expect(actionsOf(game.legalActions(moved), 0)).toEqual([]);
    // Hand over, the Soviet player passes back: unit 0 is still spent and still offered nothing.
    const handed = game.apply(moved, 'end', loadedDice());
    const back = game.apply(handed, 'pass', loadedDice());
    expect(back.active).toBe(0);
    expect(back.turn).toBe(1);
    expect(back.u[0]![FLAGS]! & F_SPENT).toBe(F_SPENT);
    expect(actionsOf(game.legalActions(back), 0)).toEqual([]);
    expect(actionsOf(game.legalActions(back), 2).length).toBeGreaterThan(0);
  });

  it('SPG S-01: the initiative side holds the initiative for the whole turn, through every impulse', () => {
    const { sc, game, start } = tiny();
    const holder = start.initiative;
    expect(holder).toBe(0);
    let s = game.apply(start, `move 0 ${hex(sc, '0203')}`, loadedDice());
    s = game.apply(s, 'end', loadedDice());
    expect(s.active).toBe(1);
    expect(s.initiative).toBe(holder);
    const soviet = actionsOf(game.legalActions(s), 5).find((a) => a.startsWith('move '))!;
    expect(soviet).toBeDefined();
    s = game.apply(s, soviet, loadedDice());
    s = game.apply(s, 'end', loadedDice());
    expect(s.active).toBe(0);
    expect(s.turn).toBe(1);
    expect(s.initiative).toBe(holder);
  });

  // S-02 L19-L30: Refresh, Initiative, Reinforcement, Action (initiative player's impulse first), Victory.
  it('SPG S-02: ending the Action phase refreshes spent units, rolls the initiative, and the new holder takes the first impulse', () => {
    const { sc, game, start } = tiny();
    let s = game.apply(start, `move 0 ${hex(sc, '0203')}`, loadedDice());
    s = game.apply(s, 'end', loadedDice());
    expect(s.u[0]![FLAGS]! & F_SPENT).toBe(F_SPENT);
    s = game.apply(s, 'pass', loadedDice());
    expect(s.turn).toBe(1);
    // Two passes in succession end turn 1's Action phase; turn 2's initiative roll: German 1+1, Soviet 6+6.
    const next = game.apply(s, 'pass', loadedDice(1, 1, 6, 6));
    expect(next.turn).toBe(2);
    // Refresh: every spent unit is ready again.
    expect(next.u.every((r) => (r[FLAGS]! & F_SPENT) === 0)).toBe(true);
    // Initiative: the Soviet roll won; Action: the initiative player's first impulse.
    expect(next.initiative).toBe(1);
    expect(next.active).toBe(1);
    expect(next.passes).toBe(0);
    expect(actionsOf(game.legalActions(next), 0)).toEqual([]);
    expect(actionsOf(game.legalActions(next), 4).length).toBeGreaterThan(0);
  });

  it("SPG S-02: the Victory phase of the scenario's last turn ends the game", () => {
    const { sc, game, start } = tiny();
    const last = { ...start, turn: sc.turns };
    const s = game.apply(last, 'pass', loadedDice());
    expect(game.isTerminal(s)).toBe(false);
    const end = game.apply(s, 'pass', loadedDice());
    expect(game.isTerminal(end)).toBe(true);
    expect(end.turn).toBe(sc.turns);
  });
  // S-01 L15 "reinforcements arrive only on new full game turns"; S-02 L19-L22: the Reinforcement phase follows Refresh and Initiative.
  it('SPG S-02: reinforcements enter at the start of their turn, after the Refresh, ready, and not before', () => {
    const sc = loadSpgScenario(scenarioFile('spg-medium'));
    const game = new SpgGame(sc);
    const start = game.initialState(createRng('s02'));
    const group = sc.groups.findIndex((g) => g.side === 1 && g.turn === 4);
    expect(group).toBeGreaterThanOrEqual(0);
    const head = sc.groups[group]!.units[0]!;
    const entry = sc.groups[group]!.entryHex;
    const later = sc.units.findIndex((u) => u.side === 1 && u.group >= 0 && sc.groups[u.group]!.turn > 4);
    // Turn 3, every unit on the map spent: the turn-4 column is still off the map.
    const s3 = {
      ...start,
      turn: 3,
      u: start.u.map((r) => (r[HEX]! >= 0 ? Object.assign(r.slice(), { [FLAGS]: r[FLAGS]! | F_SPENT }) : r)),
    };
    expect(s3.u[head]![HEX]! < 0).toBe(true);
    const dice = createRng('s02/dice');
    const passed = game.apply(s3, 'pass', dice);
    expect(passed.turn).toBe(3);
    expect(passed.u[head]![HEX]! < 0).toBe(true);
    let t4 = game.apply(passed, 'pass', dice);
    // S-03 L42: the mortar owners choose packed or deployed first.
    while (t4.refreshQueue.length > 0) t4 = game.apply(t4, `deploy ${t4.refreshQueue[0]}`, dice);
    expect(t4.turn).toBe(4);
    expect(t4.u[head]![HEX]).toBe(entry);
    expect(t4.u.every((r) => (r[FLAGS]! & F_SPENT) === 0)).toBe(true);
    expect(t4.active).toBe(t4.initiative);
    expect(t4.u[later]![HEX]! < 0).toBe(true);
  });
});

describe('SPG spotting', () => {
  // S-16 L202: "A fire attack ... can only be conducted if the targeted enemy unit or hex is spotted."
  it('SPG S-16: no direct fire is offered at an enemy in range and line of sight that the firer does not spot', () => {
    const { sc, start } = tiny();
    const rifle = hex(sc, '0603');
    // Ready infantry in a town (full cover) is spotted at 2 hexes on a clear day; the German platoon stands 3 off, in DF range 3.
    const far = edit(start, { 0: { hex: hex(sc, '0303') } });
    expect(sc.map.grid.distance(hex(sc, '0303'), rifle)).toBe(3);
    expect(sc.map.hasLos(hex(sc, '0303'), rifle)).toBe(true);
    expect(spots(sc, far, 0, 4)).toBe(false);
    expect(legalActions(sc, far).filter((a) => a.startsWith('fire ') && a.endsWith(` ${rifle}`))).toEqual([]);
    // Spent, the same platoon is spotted at 3 and the fire is offered.
    const spent = edit(far, { 4: { flags: F_SPENT } });
    expect(spots(sc, spent, 0, 4)).toBe(true);
    expect(legalActions(sc, spent).some((a) => a.startsWith('fire 0') && a.endsWith(` ${rifle}`))).toBe(true);
  });

  // S-16 L202: bombardment "can be spotted for by any undisrupted friendly unit except unarmored vehicles, including the bombardment shooting unit itself".
  it('SPG S-16: a bombardment is spotted by an undisrupted friendly unit, not by a disrupted one except for its own fire, nor by an unarmored vehicle', () => {
    const { sc, start } = tiny();
    const rifle = hex(sc, '0603');
    // Only German unit 0 is near: 2 hexes from the Soviet platoon in the town.
    const away = hex(sc, '0101');
    const s = edit(start, { 0: { hex: hex(sc, '0403') }, 1: { hex: away }, 2: { hex: away }, 3: { hex: -2 } });
    expect(spots(sc, s, 0, 4)).toBe(true);
    expect(bombardmentSpotted(sc, s, 0, rifle)).toBe(true);
    const disrupted = edit(s, { 0: { flags: F_DISRUPTED } });
    // Disrupted leg spotter: one cover shift, still full cover (2 hexes), so it spots for itself but not for others.
    expect(spots(sc, disrupted, 0, 4)).toBe(true);
    expect(bombardmentSpotted(sc, disrupted, 0, rifle)).toBe(false);
    expect(bombardmentSpotted(sc, disrupted, 0, rifle, 0)).toBe(true);
    // The same spotter as an unarmored vehicle may not spot for bombardment.
    const truck = { ...sc, units: sc.units.map((u, i) => (i === 0 ? { ...u, vehicle: true, armored: false } : u)) };
    expect(spots(truck, s, 0, 4)).toBe(true);
    expect(bombardmentSpotted(truck, s, 0, rifle)).toBe(false);
  });

  // S-18 L214-L216 with the S-19 clear and impaired tables (L244-L272): range by target class, ready/spent, cover and visibility.
  it('SPG S-18: the spotting range follows target class, ready or spent, and cover, at the clear-day visibility', () => {
    const { sc, start } = tiny();
    const open = hex(sc, '0503'),
      concealment = hex(sc, '0205'),
      full = hex(sc, '0302');
    // Infantry (unit 4): ready 4/3/2, spent 6/4/3.
    expect([open, concealment, full].map((h) => spotRange(sc, start, 0, 4, h))).toEqual([4, 3, 2]);
    const spent = edit(start, { 4: { flags: F_SPENT }, 3: { flags: F_SPENT } });
    expect([open, concealment, full].map((h) => spotRange(sc, spent, 0, 4, h))).toEqual([6, 4, 3]);
    // A vehicle (the German Panzer IV, unit 3, seen by Soviet unit 4) is seen farthest: ready 8/6/4, spent 12/8/6.
    expect([open, concealment, full].map((h) => spotRange(sc, start, 4, 3, h))).toEqual([8, 6, 4]);
    expect([open, concealment, full].map((h) => spotRange(sc, spent, 4, 3, h))).toEqual([12, 8, 6]);
    // A gun (the Soviet 45 mm, unit 7) sits between: ready in the open 6.
    expect(spotRange(sc, start, 0, 7, open)).toBe(6);
  });

  it('SPG S-18: a worse visibility shortens every spotting range; a spot needs the target within that range', () => {
    const { sc, start } = tiny();
    const impaired = { ...sc, visibility: sc.visibility.map(() => 'impaired' as const) };
    const night = { ...sc, visibility: sc.visibility.map(() => 'night' as const) };
    const open = hex(sc, '0504');
    expect(spotRange(impaired, start, 0, 4, open)).toBe(2);
    expect(spotRange(impaired, start, 4, 3, open)).toBe(4);
    expect(spotRange(night, start, 0, 4, open)).toBe(1);
    // German platoon 3 hexes from a Soviet platoon in the open: spotted on a clear day, not in impaired visibility.
    const s = edit(start, { 0: { hex: hex(sc, '0204') }, 2: { hex: hex(sc, '0104') }, 4: { hex: open } });
    expect(sc.map.grid.distance(hex(sc, '0204'), open)).toBe(3);
    expect(spots(sc, s, 0, 4)).toBe(true);
    expect(spots(impaired, s, 0, 4)).toBe(false);
  });
});

describe('SPG direct fire', () => {
  // S-23 L324: "Direct fire affects only Soft units".
  it('SPG S-23: direct fire is offered against soft targets only; an armored target alone in its hex draws none', () => {
    const { sc, start } = tiny();
    const tankHex = hex(sc, '0503');
    // The Panzer IV alone next to the Soviet rifle platoon; the Soviet side is active.
    const s = { ...edit(start, { 3: { hex: tankHex } }), active: 1, decider: 1 };
    expect(directFireTargets(sc, s, 1, tankHex)).toEqual([]);
    expect(legalActions(sc, s).filter((a) => a.startsWith('fire ') && a.endsWith(` ${tankHex}`))).toEqual([]);
    // A German platoon stacked with it is the only unit a direct fire there can affect.
    const stacked = { ...edit(start, { 3: { hex: tankHex }, 0: { hex: tankHex } }), active: 1, decider: 1 };
    expect(directFireTargets(sc, stacked, 1, tankHex)).toEqual([0]);
  });

  it('SPG S-23: a direct fire on a stack of tank and infantry leaves the tank untouched', () => {
    const { sc, game, start } = tiny();
    const h = hex(sc, '0503');
    const s = edit(start, { 3: { hex: h }, 0: { hex: h } });
    const soviet = { ...s, active: 1, decider: 1 };
    const action = legalActions(sc, soviet).find((a) => a.startsWith('fire ') && a.endsWith(` ${h}`));
    expect(action).toBeDefined();
    // Highest roll, then no reaction trigger.
    const after = game.apply(soviet, action!, loadedDice(6, 6, 1, 1, 1, 1, 1, 1, 1, 1));
    expect(after.u[3]![STEPS]).toBe(start.u[3]![STEPS]);
    expect(after.u[3]![HEX]).toBe(h);
    expect(after.u[3]![FLAGS]! & F_DISRUPTED).toBe(0);
    expect(after.u[0]![STEPS]! < start.u[0]![STEPS]! || (after.u[0]![FLAGS]! & F_DISRUPTED) !== 0 || after.u[0]![HEX]! < 0).toBe(true);
  });
});
