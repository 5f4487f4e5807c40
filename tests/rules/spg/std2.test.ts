/**
 * SPG standard rules, second batch: reinforcements (S-05..S-07), ground conditions (S-14), foxholes
 * (S-46), obstacles and engineers (S-48), mines (S-50). Positions are spg-medium's, or variants of its
 * file written to a temporary folder (the charts and counters stay the shipped ones).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { legalActions, moveBudget } from '../../../src/rules/spg/actions.js';
import { antiTankModifier } from '../../../src/rules/spg/antitank.js';
import { assaultShift, resolveAssault } from '../../../src/rules/spg/assault.js';
import { bombardmentShift } from '../../../src/rules/spg/bombardment.js';
import { directFireShift } from '../../../src/rules/spg/fire.js';
import { applyHits } from '../../../src/rules/spg/results.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { enemyPresence, moveDestinations, stepCost } from '../../../src/rules/spg/movement.js';
import { wireEntries } from '../../../src/rules/spg/obstacles.js';
import { loadSpgScenario, type Scenario } from '../../../src/rules/spg/scenario.js';
import {
  CARRIER,
  F_DISRUPTED,
  F_IMMOBILE,
  F_IN_COLUMN,
  F_PACKED,
  F_SPENT,
  FLAGS,
  HEX,
  STEPS,
  type State,
} from '../../../src/rules/spg/state.js';
import { startTurn } from '../../../src/rules/spg/turn.js';
import { draftOf, edit, hex, loadedDice, scenarioFile } from './helpers.js';

// spg-medium: 0 ger-inf 0205, 3 ger-eng 0207, 6/7 ger-pz4h 0308, 11 ger-sdkfz251 0112; groups 0 (German column, turn 3),
// 1 (German line, turn 5, arrivalRoll 8), 2 (Soviet column, turn 4), 3 (Soviet cavalry line, turn 6);
// 26 sov-rifle + 27 sov-45mm in foxholes at 1208 (clear); 31/32 t34c 1707. Wire 1109 1209; mines 1008 (AT+AP), 1006 (AP);
// AT ditches 1007 1009.
const mediumFile = scenarioFile('spg-medium');
const medium = JSON.parse(readFileSync(mediumFile, 'utf8')) as Record<string, unknown> & {
  map: Record<string, unknown>;
  sides: { reinforcements: Record<string, unknown>[]; [k: string]: unknown }[];
};
const workDir = mkdtempSync(join(tmpdir(), 'tacsim-spg-std2-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
let variants = 0;

/** spg-medium with its data changed by `change`, written to the temporary folder (charts and counters by absolute path). */
function variant(change: (data: typeof medium) => void): Scenario {
  const data = structuredClone(medium);
  data.charts = join(dirname(mediumFile), medium.charts as string);
  data.counters = join(dirname(mediumFile), medium.counters as string);
  change(data);
  const file = join(workDir, `variant-${++variants}.json`);
  writeFileSync(file, JSON.stringify(data));
  return loadSpgScenario(file);
}

const sc = loadSpgScenario(mediumFile);
const game = new SpgGame(sc, { narrate: true });
const start = game.initialState(createRng('medium'));
const H = (label: string): number => hex(sc, label);
const flags = (s: State, i: number): number => s.u[i]![FLAGS]!;
const onMap = (s: State, i: number): boolean => s.u[i]![HEX]! >= 0;

/** The first state of scenario `v` (its units may be numbered differently from spg-medium's). */
const startOf = (v: Scenario): State => new SpgGame(v).initialState(createRng('variant'));
/** Starts turn `turn` of `v` from state `s` with the given dice; returns the state after the Reinforcement phase. */
function turnStart(v: Scenario, s: State, turn: number, ...faces: number[]): State {
  const d = draftOf(v, { ...s, turn: turn - 1 }, loadedDice(...faces));
  startTurn(d, turn);
  return d.seal();
}

describe('SPG reinforcement phase (S-05..S-07)', () => {
  // Both sides roll for a variable arrival on turn 5: the German line (group 1, 2d6 <= 8) and the Soviet cavalry moved to turn 5.
  const bothRoll = variant((d) => {
    Object.assign(d.sides[1]!.reinforcements[1]!, { turn: 5, arrivalRoll: 8 });
  });
  const both = startOf(bothRoll);

  it('SPG S-05: the initiative player rolls for his variable reinforcements first', () => {
    // German 2d6 = 2, Soviet 2d6 = 12: Soviet initiative. The first arrival roll (2) is the Soviet one, the second (12) the German one.
    const soviet = turnStart(bothRoll, both, 5, 1, 1, 6, 6, 1, 1, 6, 6);
    expect(soviet.initiative).toBe(1);
    expect(bothRoll.groups[3]!.units.every((i) => onMap(soviet, i))).toBe(true);
    expect(bothRoll.groups[1]!.units.some((i) => onMap(soviet, i))).toBe(false);
    // German 12, Soviet 2: German initiative, and the same arrival dice now bring the German group, not the Soviet one.
    const german = turnStart(bothRoll, both, 5, 6, 6, 1, 1, 1, 1, 6, 6);
    expect(german.initiative).toBe(0);
    expect(bothRoll.groups[1]!.units.every((i) => onMap(german, i))).toBe(true);
    expect(bothRoll.groups[3]!.units.some((i) => onMap(german, i))).toBe(false);
  });

  it('SPG S-05: arrivals are ready and undisrupted; guns and mortars arrive packed, a gun of MA 0 on a vehicle', () => {
    const v = variant((d) => {
      d.sides[0]!.reinforcements[1] = {
        turn: 5,
        arrival: 'line',
        entry: { edge: 'west', near: '0108', within: 4 },
        units: [{ counter: 'ger-sdkfz251' }, { counter: 'ger-pak40', passenger: true }, { counter: 'ger-mortar-8cm' }],
      };
    });
    const [halftrack, pak, mortar] = v.groups[1]!.units as [number, number, number];
    const s = turnStart(v, startOf(v), 5, 6, 6, 1, 1);
    for (const i of [halftrack, pak, mortar]) {
      expect(onMap(s, i)).toBe(true);
      expect(flags(s, i) & (F_SPENT | F_DISRUPTED)).toBe(0);
    }
    expect(s.u[pak]![CARRIER]).toBe(halftrack + 1);
    expect(flags(s, pak) & F_PACKED).toBe(F_PACKED);
    expect(flags(s, mortar) & F_PACKED).toBe(F_PACKED);
    // Ready: the German player, who has the initiative, may move them at once (the mortar at its packed MA).
    const moves = legalActions(v, s);
    expect(moves.some((a) => a.startsWith(`move ${halftrack} `))).toBe(true);
    expect(moves.some((a) => a.startsWith(`move ${mortar} `))).toBe(true);
  });

  it('SPG S-05: a reinforcing gun with MA 0 and no vehicle to ride is refused at load time, naming the place', () => {
    let error: unknown;
    try {
      variant((d) => {
        d.sides[0]!.reinforcements[1] = { turn: 5, entry: { edge: 'west' }, units: [{ counter: 'ger-pak40' }] };
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(String((error as Error).message)).toMatch(/sides\[0\]\.reinforcements\[1\]\.units\[0\].*passenger/);
  });

  it('SPG S-06: a group with one entry hex and no arrival type is a column, one with edges or hexes a line; the scenario may say otherwise', () => {
    const v = variant((d) => {
      const g = d.sides[0]!.reinforcements;
      g[0] = { turn: 3, entry: { hex: '0108' }, units: [{ counter: 'ger-inf', count: 2 }] };
      g[1] = { turn: 3, entry: { edge: 'west' }, units: [{ counter: 'ger-inf', count: 2 }] };
      g.push({ turn: 3, entry: { hexes: ['0103', '0104'] }, units: [{ counter: 'ger-inf', count: 2 }] });
      g.push({ turn: 3, arrival: 'line', entry: { hex: '0110' }, units: [{ counter: 'ger-inf', count: 2 }] });
    });
    expect(v.groups.slice(0, 4).map((g) => g.column)).toEqual([true, false, false, false]);
    const s = turnStart(v, startOf(v), 3, 6, 6, 1, 1);
    const [col1, col2] = v.groups[0]!.units as [number, number];
    // Column: the lead unit in the entry hex, the next waiting off the map in column.
    expect(s.u[col1]![HEX]).toBe(H('0108'));
    expect(onMap(s, col2)).toBe(false);
    expect(flags(s, col2) & F_IN_COLUMN).toBe(F_IN_COLUMN);
    // Line: every unit placed at once; the single-hex line group stacks both in its hex.
    for (const i of [...v.groups[1]!.units, ...v.groups[2]!.units]) expect(onMap(s, i)).toBe(true);
    expect(v.groups[2]!.units.every((i) => [H('0103'), H('0104')].includes(s.u[i]![HEX]!))).toBe(true);
    expect(v.groups[3]!.units.map((i) => s.u[i]![HEX])).toEqual([H('0110'), H('0110')]);
    expect(v.groups[3]!.units.some((i) => flags(s, i) & F_IN_COLUMN)).toBe(false);
  });

  it('SPG S-07: a line arrival is placed within the stacking limits; what does not fit arrives the next turn', () => {
    const v = variant((d) => {
      d.sides[0]!.reinforcements[1] = {
        turn: 5,
        entry: { hexes: ['0101'] },
        units: [
          { counter: 'ger-inf', count: 3 },
          { counter: 'ger-inf', count: 2 },
        ],
      };
      d.sides[0]!.reinforcements.push({ turn: 5, entry: { hexes: ['0114', '0115'] }, units: [{ counter: 'ger-pz4h', count: 3 }] });
    });
    const infantry = v.groups[1]!.units;
    const tanks = v.groups[2]!.units; // the German groups come first
    const t5 = turnStart(v, startOf(v), 5, 6, 6, 1, 1);
    expect(infantry.filter((i) => t5.u[i]![HEX] === H('0101'))).toHaveLength(3);
    const waiting = infantry.filter((i) => !onMap(t5, i));
    expect(waiting).toHaveLength(2);
    // At most 2 vehicles a hex: the third tank goes to the group's other hex.
    expect(tanks.filter((i) => t5.u[i]![HEX] === H('0114'))).toHaveLength(2);
    expect(tanks.filter((i) => t5.u[i]![HEX] === H('0115'))).toHaveLength(1);
    // Still no room on turn 6: they wait again.
    const t6full = turnStart(v, t5, 6, 6, 6, 1, 1);
    expect(waiting.some((i) => onMap(t6full, i))).toBe(false);
    // The hex emptied: the rest arrive on turn 6 in the same entry area.
    const moved = edit(t5, Object.fromEntries(infantry.filter((i) => onMap(t5, i)).map((i) => [i, { hex: H('0302') }])));
    const t6 = turnStart(v, moved, 6, 6, 6, 1, 1);
    expect(waiting.map((i) => t6.u[i]![HEX])).toEqual([H('0101'), H('0101')]);
  });
});

describe('SPG foxholes (S-46)', () => {
  const noFoxholes = variant((d) => {
    d.map.foxholes = [];
  });
  const woodsFoxholes = variant((d) => {
    d.map.foxholes = ['1208', '1307', '1510'];
  });
  // 42 is a Soviet cavalry squadron (mounted), 40 a truck, 31 a T-34: all put in the foxhole hex 1208 with the rifles.
  const s = edit(start, { 42: { hex: H('1207') } });

  it('SPG S-46: -1 to direct fire at leg units in foxholes, not added to terrain; mounted units and vehicles never benefit', () => {
    expect(directFireShift(sc, s, 26, H('1208'))).toBe(-1);
    expect(directFireShift(noFoxholes, s, 26, H('1208'))).toBe(0);
    expect(directFireShift(sc, s, 27, H('1208'))).toBe(-1); // a gun is a leg unit (S-11 L118)
    const woods = edit(s, { 26: { hex: H('1510') } });
    expect(directFireShift(woodsFoxholes, woods, 26, H('1510'))).toBe(directFireShift(sc, woods, 26, H('1510')));
    const mounted = edit(s, { 42: { hex: H('1208') }, 40: { hex: H('1208') } });
    expect(directFireShift(sc, mounted, 42, H('1208'))).toBe(directFireShift(noFoxholes, mounted, 42, H('1208')));
    expect(directFireShift(sc, mounted, 40, H('1208'))).toBe(directFireShift(noFoxholes, mounted, 40, H('1208')));
  });

  it('SPG S-46: -1 to bombardment of leg units in foxholes; not for mounted units or vehicles', () => {
    expect(bombardmentShift(sc, s, 26, H('1208'))).toBe(bombardmentShift(noFoxholes, s, 26, H('1208')) - 1);
    const others = edit(s, { 42: { hex: H('1208') }, 31: { hex: H('1208') } });
    for (const t of [42, 31]) expect(bombardmentShift(sc, others, t, H('1208'))).toBe(bombardmentShift(noFoxholes, others, t, H('1208')));
  });

  it('SPG S-46: -1 to an assault on infantry in foxholes, attacker only', () => {
    const adj = edit(s, { 0: { hex: H('1108') } });
    expect(assaultShift(sc, adj, [0], H('1208'), false)).toBe(assaultShift(noFoxholes, adj, [0], H('1208'), false) - 1);
  });

  it('SPG S-46: foxholes negate open ground for an overrun: no +1 to the tank, and -1 as for every attack on leg units (ruling SPG-R30)', () => {
    const adj = edit(s, { 6: { hex: H('1108') } });
    expect(assaultShift(noFoxholes, adj, [6], H('1208'), true)).toBe(1);
    expect(assaultShift(sc, adj, [6], H('1208'), true)).toBe(-1);
  });

  it("SPG S-46: foxholes negate open ground for the defenders' first fire at an overrunning tank (no -1 to the defence)", () => {
    // Defence strength 5 (the rifles; the gun fires none): column 4, or column 3 with the -1 for a closed tank in the clear.
    // Defence roll 4 reads M1 on column 4 (the tank loses a step), M on column 3; the tank's morale roll 2 passes.
    const adj = edit(s, { 6: { hex: H('1108') } });
    const overrun = (v: Scenario): number => {
      const d = draftOf(v, adj, loadedDice(1, 3, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1));
      resolveAssault(d, [6], H('1208'), true);
      return d.seal().u[6]![STEPS]!;
    };
    expect(overrun(noFoxholes)).toBe(2);
    expect(overrun(sc)).toBe(1);
  });
});

describe('SPG obstacles and engineers (S-48)', () => {
  const engineer = 3;

  it('SPG S-48: engineers may clear every kind of obstacle: wire, AT ditch, AP and AT+AP mines', () => {
    const offered = (at: string, from = start): string[] =>
      legalActions(sc, edit(from, { [engineer]: { hex: H(at) } }))
        .filter((a) => a.startsWith(`clear ${engineer} `))
        .sort();
    const clear = (...labels: string[]): string[] => labels.map((l) => `clear ${engineer} ${H(l)}`).sort();
    // 1108 touches the AT ditch 1007, the AT+AP minefield 1008 and the wire 1109; 1107 the AP minefield 1006 and the ditch.
    // The field at 1008 is hidden from the Germans (S-50 L672): their engineer works on it once it is revealed.
    expect(offered('1108', { ...start, minesRevealed: 1 })).toEqual(clear('1007', '1008', '1109'));
    expect(offered('1108')).toEqual(clear('1007', '1109'));
    expect(offered('1107')).toEqual(clear('1006', '1007'));
    // Nothing to clear next to fortifications or foxholes, which are no obstacles.
    expect(offered('1406')).toEqual([]);
  });

  it('SPG S-48: cleared wire is entered by an ordinary move, even by unarmored vehicles', () => {
    const s = edit(start, { [engineer]: { hex: H('1108') } });
    const cleared = game.apply(s, `clear ${engineer} ${H('1109')}`, loadedDice(2, 2));
    expect(cleared.cleared).toContain(H('1109'));
    // A Soviet truck (40) next to the wire, the engineer gone home: it may not enter before, it may after.
    const truckAt = (x: State): State => edit(x, { [engineer]: { hex: H('0205') }, 40: { hex: H('1108') } });
    expect(moveDestinations(sc, truckAt(s), 40, 12 * 2).has(H('1109'))).toBe(false);
    expect(moveDestinations(sc, truckAt(cleared), 40, 12 * 2).has(H('1109'))).toBe(true);
    // A German rifle squad walks in without the wire's morale check.
    const leg = edit(cleared, { 0: { hex: H('1108') }, [engineer]: { hex: H('0205') } });
    expect(wireEntries(sc, edit(s, { 0: { hex: H('1108') }, [engineer]: { hex: H('0205') } }), 0)).toContain(H('1109'));
    expect(wireEntries(sc, leg, 0)).not.toContain(H('1109'));
    expect(moveDestinations(sc, leg, 0, 3 * 2).has(H('1109'))).toBe(true);
  });

  it('SPG S-48: a cleared AT ditch lets vehicles through; a failed attempt leaves it, spends the engineer, and hands nothing over', () => {
    const s = edit(start, { [engineer]: { hex: H('1107') }, 6: { hex: H('1107') } });
    expect(moveDestinations(sc, s, 6, 12).has(H('1007'))).toBe(false);
    const failed = game.apply(s, `clear ${engineer} ${H('1007')}`, loadedDice(6, 6));
    expect(failed.cleared).toEqual([]);
    expect(flags(failed, engineer) & F_SPENT).toBe(F_SPENT);
    expect(failed.active).toBe(s.active);
    const cleared = game.apply(s, `clear ${engineer} ${H('1007')}`, loadedDice(1, 2));
    expect(moveDestinations(sc, cleared, 6, 12).has(H('1007'))).toBe(true);
  });
});

describe('SPG mines (S-50)', () => {
  /** Applies `action`, and lets the inactive player decline any opportunity fire it opens. */
  const play = (s: State, action: string, ...faces: number[]): State => {
    const after = game.apply(s, action, loadedDice(...faces));
    return after.opp >= 0 ? game.apply(after, 'noop', loadedDice()) : after;
  };
  // A Panzer IV next to the AT+AP minefield 1008 (strength 30: column 30, where 4 reads M2 and 3 reads X).
  const tank = edit(start, { 6: { hex: H('1108') } });

  it('SPG S-50 / U23: an M2 from AT+AP mines immobilizes an armored vehicle: spent, not disrupted, no more moves or overruns', () => {
    const after = play(tank, `move 6 ${H('1008')}`, 2, 2);
    expect(after.u[6]![HEX]).toBe(H('1008'));
    expect(after.u[6]![STEPS]).toBe(2);
    expect(flags(after, 6) & (F_IMMOBILE | F_SPENT | F_DISRUPTED)).toBe(F_IMMOBILE | F_SPENT);
    // Ready again on a later turn, it may still fire but never move or overrun; a leg target next door makes an overrun thinkable.
    const ready = edit(after, { 6: { flags: F_IMMOBILE }, 22: { hex: H('0908') } });
    const actions = legalActions(sc, { ...ready, active: 0, toMove: 0, acted: 0 });
    expect(actions.some((a) => a.startsWith('move 6 ') || a.startsWith('overrun 6 '))).toBe(false);
    expect(actions.some((a) => a.startsWith('move 7 ') || a.startsWith('overrun 7 '))).toBe(true);
  });

  it('SPG S-50: AT fire at an immobilized vehicle takes the flanking +1', () => {
    const s = edit(tank, { 6: { hex: H('1008') }, 31: { hex: H('1108') } });
    const moving = antiTankModifier(sc, s, 31, 6)!;
    expect(antiTankModifier(sc, edit(s, { 6: { flags: F_IMMOBILE } }), 31, 6)).toBe(moving + 1);
  });

  it('SPG S-50: an X from the minefield costs an armored vehicle a step and disrupts it; it stops in the minefield (ruling SPG-R44)', () => {
    const after = play(tank, `move 6 ${H('1008')}`, 1, 2);
    expect(after.u[6]![HEX]).toBe(H('1008'));
    expect(after.u[6]![STEPS]).toBe(1);
    expect(flags(after, 6) & (F_DISRUPTED | F_IMMOBILE)).toBe(F_DISRUPTED);
  });

  it('SPG S-50: a mounted unit reads the mine attack one column right: AP mines roll 12 costs infantry a step, eliminates cavalry', () => {
    const inf = play(edit(start, { 0: { hex: H('0906') } }), `move 0 ${H('1006')}`, 6, 6);
    expect(inf.u[0]![STEPS]).toBe(1);
    expect(flags(inf, 0) & F_DISRUPTED).toBe(F_DISRUPTED);
    const sovietTurn = { ...edit(start, { 42: { hex: H('1106') } }), initiative: 1, active: 1, toMove: 1 };
    const cav = play(sovietTurn, `move 42 ${H('1006')}`, 6, 6);
    expect(cav.u[42]![HEX]).toBeLessThan(0);
    expect(cav.lost[1]).toBe(2);
  });

  it('SPG S-50: no assault or overrun against a minefield hex; once cleared, both are offered', () => {
    const s = edit(start, { 22: { hex: H('1006') }, 0: { hex: H('0906') }, 6: { hex: H('1107') } });
    const mined = legalActions(sc, s);
    expect(mined).not.toContain(`assault ${H('1006')}`);
    expect(mined).not.toContain(`overrun 6 ${H('1006')}`);
    const cleared = legalActions(sc, { ...s, cleared: [H('1006')] });
    expect(cleared).toContain(`assault ${H('1006')}`);
    expect(cleared).toContain(`overrun 6 ${H('1006')}`);
  });

  it('SPG S-50: a spent leg unit in a minefield moves hazardously: +1 to direct fire at it, as in wire', () => {
    const s = edit(start, { 22: { hex: H('1006') } });
    const ready = directFireShift(sc, s, 22, H('1006'));
    expect(directFireShift(sc, edit(s, { 22: { flags: F_SPENT } }), 22, H('1006'))).toBe(ready + 1);
    expect(directFireShift(sc, { ...edit(s, { 22: { flags: F_SPENT } }), cleared: [H('1006')] }, 22, H('1006'))).toBe(ready);
  });
});

describe('SPG movement and ground conditions (S-14)', () => {
  const withGround = (ground: string, more?: (d: typeof medium) => void): Scenario =>
    variant((d) => {
      d.ground = ground;
      more?.(d);
    });
  /** MP x 2 (MP_SCALE) for unit i of scenario v to step from one hex into the next, spg-medium's opening position. */
  const cost = (v: Scenario, i: number, from: string, to: string): number =>
    stepCost(v, start, i, H(from), H(to), enemyPresence(v, start, v.units[i]!.side), H(from));
  // 0 German rifles (leg), 6 Panzer IV (tracked), 40 Soviet truck (wheeled, kept away from the Germans). 0405-0505 and
  // 1609-1709 clear; 0308-0408 and 1608-1708 along the road; 1509 wheat.
  const penalties = (v: Scenario): number[] => [
    cost(v, 0, '0405', '0505') - cost(sc, 0, '0405', '0505'),
    cost(v, 6, '0405', '0505') - cost(sc, 6, '0405', '0505'),
    cost(v, 40, '1609', '1709') - cost(sc, 40, '1609', '1709'),
    cost(v, 6, '0308', '0408') - cost(sc, 6, '0308', '0408'),
    cost(v, 40, '1608', '1708') - cost(sc, 40, '1608', '1708'),
  ];

  it('SPG S-14: light mud or snow +0.5 MP a hex (wheeled +1), deep +1 (wheeled +2); in deep snow a road takes only the light penalty, in deep mud the full one', () => {
    // [leg, tracked, wheeled off the road; tracked, wheeled along it], in half MP.
    expect(penalties(withGround('lightMud'))).toEqual([1, 1, 2, 1, 2]);
    expect(penalties(withGround('snow'))).toEqual([1, 1, 2, 1, 2]);
    expect(penalties(withGround('deepMud'))).toEqual([2, 2, 4, 2, 4]);
    expect(penalties(withGround('deepSnow'))).toEqual([2, 2, 4, 1, 2]);
  });

  it('SPG S-14: leg units on skis ignore snow and are mounted units for all purposes; guns and tanks have no skis, and skis do nothing off snow', () => {
    const skis = withGround('deepSnow', (d) => {
      (d.sides[0] as Record<string, unknown>).skis = true;
    });
    const rifles = skis.units[0]!;
    expect([rifles.skis, rifles.mounted, rifles.leg, rifles.spotClass]).toEqual([true, true, false, 1]);
    expect(cost(skis, 0, '0405', '0505')).toBe(cost(sc, 0, '0405', '0505'));
    expect(cost(skis, 0, '0308', '0408')).toBe(cost(sc, 0, '0308', '0408'));
    expect([skis.units[12]!.skis, skis.units[12]!.leg]).toEqual([false, true]); // the PaK 40
    expect(cost(skis, 6, '0405', '0505')).toBe(cost(sc, 6, '0405', '0505') + 2);
    expect(cost(skis, 22, '1305', '1205')).toBe(cost(sc, 22, '1305', '1205') + 2); // the Soviets have none
    // Mounted for fire: +1 to direct fire at them, and no benefit from the woods.
    const inWoods = edit(start, { 0: { hex: H('0301') } });
    expect(directFireShift(sc, inWoods, 0, H('0301'))).toBe(-1);
    expect(directFireShift(skis, inWoods, 0, H('0301'))).toBe(1);
    // And a mounted unit never enters wire (S-49 L662).
    expect(wireEntries(skis, edit(start, { 0: { hex: H('1108') } }), 0)).toEqual([]);
    const mud = withGround('lightMud', (d) => {
      (d.sides[0] as Record<string, unknown>).skis = true;
    });
    expect([mud.units[0]!.skis, mud.units[0]!.leg]).toEqual([false, true]);
    expect(cost(mud, 0, '0405', '0505')).toBe(cost(sc, 0, '0405', '0505') + 1);
  });

  it('SPG S-14: terrain the scenario names soft ground is in light mud on dry ground; other terrain is not, and deep mud stays deep', () => {
    const soft = variant((d) => {
      d.softGround = ['wheat'];
    });
    expect(cost(soft, 0, '1409', '1509')).toBe(cost(sc, 0, '1409', '1509') + 1);
    expect(cost(soft, 6, '1409', '1509')).toBe(cost(sc, 6, '1409', '1509') + 1);
    expect(cost(soft, 40, '1409', '1509')).toBe(cost(sc, 40, '1409', '1509') + 2);
    expect(cost(soft, 0, '0405', '0505')).toBe(cost(sc, 0, '0405', '0505'));
    const softInMud = withGround('deepMud', (d) => {
      d.softGround = ['wheat'];
    });
    expect(cost(softInMud, 0, '1409', '1509')).toBe(cost(sc, 0, '1409', '1509') + 2);
  });

  it('SPG S-14, S-08: a column pays the ground penalty for its entry hex and for each place it waited in the column', () => {
    // spg-medium's German column (group 0) enters at 0108 on turn 3: the Panzer IV (15) is placed, the halftracks 16 and 18 wait.
    const arrivalCost = (v: Scenario, i: number): number => {
      const s = turnStart(v, startOf(v), 3, 6, 6, 1, 1);
      const { budget, start: entry, pre } = moveBudget(v, s, i);
      return moveDestinations(v, s, i, budget, entry, pre).get(H('0108'))!;
    };
    const mud = withGround('deepMud');
    expect(arrivalCost(mud, 16) - arrivalCost(sc, 16)).toBe(2); // the entry hex: +1 MP
    expect(arrivalCost(mud, 18) - arrivalCost(sc, 18)).toBe(4); // one place back, then the entry hex
  });
});

/** `s` with unit `p` riding vehicle `v` in hex `h` (both placed there). */
function riding(s: State, v: number, p: number, h: number): State {
  const u = s.u.map((row) => row.slice());
  u[v]![HEX] = h;
  u[p]![HEX] = h;
  u[p]![CARRIER] = v + 1;
  return { ...s, u };
}

describe('SPG refresh, passengers, fire groups (S-03, S-22, S-24)', () => {
  it('SPG S-03: the Refresh makes spent units ready (a disrupted one stays disrupted) and leaves a packed mortar packed for its owner to choose and a carried gun towed', () => {
    const s = edit(start, { 0: { flags: F_SPENT | F_DISRUPTED }, 1: { flags: F_SPENT }, 5: { flags: F_PACKED | F_SPENT } });
    expect(flags(s, 12) & F_PACKED).toBe(F_PACKED);
    const d = draftOf(sc, s, loadedDice()); // turn 2: the initiative is locked, no dice
    startTurn(d, 2);
    const after = d.seal();
    // Deploying the mortar is its owner's choice at the Refresh (the choice's own tests are in engine.test.ts).
    expect([flags(after, 0), flags(after, 1), flags(after, 5)]).toEqual([F_DISRUPTED, 0, F_PACKED]);
    expect(flags(after, 12) & F_PACKED).toBe(F_PACKED);
    expect(after.u[12]![CARRIER]).toBe(12);
  });

  it('SPG S-22: a one-step carrier that loses a step is destroyed; its passenger loses a step and is disrupted, or dies if it has one step', () => {
    // 40 a Soviet truck (1 step) carrying 41 rifles (2 steps); 11 the German halftrack (1 step) carrying 12 the PaK 40 (1 step).
    const s = riding(start, 40, 41, H('1610'));
    const d = draftOf(sc, s, loadedDice());
    d.loseStep(40);
    d.loseStep(11);
    const after = d.seal();
    expect(after.u[40]![HEX]).toBeLessThan(0);
    expect([after.u[41]![HEX], after.u[41]![STEPS], after.u[41]![CARRIER]]).toEqual([H('1610'), 1, 0]);
    expect(flags(after, 41) & F_DISRUPTED).toBe(F_DISRUPTED);
    expect([after.u[11]![HEX]! < 0, after.u[12]![HEX]! < 0]).toEqual([true, true]);
  });

  it('SPG S-22: tank riders dismount in the hex when their tank loses a step, lose a step themselves and disrupt', () => {
    const s = riding(start, 6, 0, H('0308'));
    const d = draftOf(sc, edit(s, { 7: { hex: H('0408') } }), loadedDice());
    d.loseStep(6);
    const after = d.seal();
    expect(after.u[6]![STEPS]).toBe(1);
    expect([after.u[0]![HEX], after.u[0]![STEPS], after.u[0]![CARRIER]]).toEqual([H('0308'), 1, 0]);
    expect(flags(after, 0) & F_DISRUPTED).toBe(F_DISRUPTED);
  });

  it('SPG S-22: an X on an unarmored transport destroys it and its two-step passenger completely (L320)', () => {
    const d = draftOf(sc, riding(start, 40, 41, H('1610')), loadedDice());
    applyHits(d, [{ unit: 40, result: 'X' }]);
    const after = d.seal();
    expect([after.u[40]![HEX]! < 0, after.u[41]![HEX]! < 0]).toEqual([true, true]);
  });

  it('SPG S-24: a fire group is the first firer with units of its hex and of hexes next to it; each may fire alone; all end spent', () => {
    // Target: Soviet rifles 22 at 0406. German 2 and 3 at 0306 (adjacent to the target), 4 at 0305 (next to 0306).
    const s = edit(start, {
      22: { hex: H('0406') },
      9: { hex: H('0606') },
      2: { hex: H('0306') },
      3: { hex: H('0306') },
      4: { hex: H('0305') },
    });
    const fire = legalActions(sc, s).filter((a) => a.endsWith(` ${H('0406')}`) && a.startsWith('fire '));
    expect(fire).toContain(`fire 2.3.4 ${H('0406')}`);
    expect(fire).toContain(`fire 2 ${H('0406')}`);
    expect(fire).toContain(`fire 4 ${H('0406')}`);
    for (const a of fire) {
      const [first, ...others] = a.split(' ')[1]!.split('.').map(Number);
      const hexes = new Set([first!, ...others].map((i) => s.u[i]![HEX]!));
      expect(hexes.size).toBeLessThanOrEqual(3);
      for (const i of others) expect(sc.map.grid.distance(s.u[first!]![HEX]!, s.u[i]![HEX]!)).toBeLessThanOrEqual(1);
    }
    // 4 moved two hexes from the first firer: no longer in its group.
    const far = edit(s, { 4: { hex: H('0304') } });
    expect(legalActions(sc, far).some((a) => a.startsWith('fire 2.') && a.split(' ')[1]!.split('.').includes('4'))).toBe(false);
    const after = game.apply(s, `fire 2.3.4 ${H('0406')}`, loadedDice(3, 4, 3, 4, 3, 4));
    expect([2, 3, 4].map((i) => flags(after, i) & F_SPENT)).toEqual([F_SPENT, F_SPENT, F_SPENT]);
  });
});
