import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { legalActions } from '../../../src/rules/spg/actions.js';
import { antiTankModifier } from '../../../src/rules/spg/antitank.js';
import { assaultShift } from '../../../src/rules/spg/assault.js';
import { bombardHex, bombardmentRange } from '../../../src/rules/spg/bombardment.js';
import { mayDirectFire } from '../../../src/rules/spg/fire.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { moveDestinations } from '../../../src/rules/spg/movement.js';
import { mayRally } from '../../../src/rules/spg/morale.js';
import { loadSpgScenario } from '../../../src/rules/spg/scenario.js';
import {
  CARRIER,
  F_DISRUPTED,
  F_DUG_IN,
  F_IMMOBILE,
  F_IN_COLUMN,
  F_PACKED,
  F_SPENT,
  FLAGS,
  HEX,
  OUT_OF_AMMO,
  STEPS,
  type State,
} from '../../../src/rules/spg/state.js';
import { startTurn } from '../../../src/rules/spg/turn.js';
import { draftOf, edit, hex, loadedDice, scenarioFile } from './helpers.js';

// spg-medium: 0 ger-inf 0205, 3 ger-eng 0207, 6/7 ger-pz4h 0308, 8 ger-tiger 0309, 11 ger-sdkfz251 0112 carrying 12 ger-pak40,
// 13/14 off-board lefh18; group 0 (turn 3, column at 0108) = 15..19; 22 sov-rifle 1305, 28 sov-rifle + 29 zis3 in the fortification 1110,
// 31/32 t34c 1707. Wire 1109 1209; mines 1008 (AT+AP), 1006 (AP); AT ditches 1007 1009.
const sc = loadSpgScenario(scenarioFile('spg-medium'));
const game = new SpgGame(sc, { narrate: true });
const start = game.initialState(createRng('medium'));
const H = (label: string): number => hex(sc, label);
const flags = (s: State, i: number): number => s.u[i]![FLAGS]!;

describe('SPG transport, obstacles and engineers (spg-medium)', () => {
  it('SPG S-13: a towed gun set up as a passenger is packed; dropped off it is spent, and deploys at the next Refresh', () => {
    expect(start.u[12]![CARRIER]).toBe(12);
    expect(flags(start, 12) & F_PACKED).toBe(F_PACKED);
    const drop = legalActions(sc, start).find((a) => a.startsWith('move 11 ') && a.endsWith(' drop'))!;
    const after = game.apply(start, drop, loadedDice());
    expect(after.u[12]![CARRIER]).toBe(0);
    expect(flags(after, 12) & F_SPENT).toBe(F_SPENT);
    const d = draftOf(sc, after, loadedDice(6, 6, 1, 1));
    startTurn(d, 3);
    expect(d.seal().u[12]![FLAGS]! & F_PACKED).toBe(0);
  });

  it('SPG S-13: a vehicle picks up a leg unit in its hex at half its MA; the pick-up flips a gun to its towed side', () => {
    const s = edit(start, { 0: { hex: H('0308') }, 6: { hex: H('0308') }, 7: { hex: H('0408') } });
    const loads = legalActions(sc, s).filter((a) => a.startsWith('move 6 ') && a.endsWith(' load 0'));
    expect(loads.length).toBeGreaterThan(0);
    const after = game.apply(s, loads[0]!, loadedDice());
    expect(after.u[0]![CARRIER]).toBe(7);
    expect(after.u[0]![HEX]).toBe(after.u[6]![HEX]);
  });

  it('SPG S-54: with rule.perfectionistFlanking (ruling SPG-R34) flanking a Panther adds its extra +1 (L756)', () => {
    // A T-34 shooting at a Panzer IV made a Panther (extraFlankBonus 1), immobilized so that every shot flanks (S-50 L674).
    const panther = (rules: Partial<typeof sc.rules>) => ({
      ...sc,
      rules: { ...sc.rules, ...rules },
      units: sc.units.map((u) => (u.index === 6 ? { ...u, extraFlankBonus: 1 } : u)),
    });
    const s = edit(start, { 6: { hex: H('1008'), flags: F_IMMOBILE }, 31: { hex: H('1108') } });
    const notFlanked = edit(s, { 6: { flags: 0 } });
    const plain = panther({});
    const perfectionist = panther({ perfectionistFlanking: true });
    expect(antiTankModifier(plain, s, 31, 6)).toBe(antiTankModifier(plain, notFlanked, 31, 6)! + 1);
    expect(antiTankModifier(perfectionist, s, 31, 6)).toBe(antiTankModifier(plain, s, 31, 6)! + 1);
    // Not flanked, nothing extra; a counter without the bonus gains nothing from the switch.
    expect(antiTankModifier(perfectionist, notFlanked, 31, 6)).toBe(antiTankModifier(plain, notFlanked, 31, 6));
    expect(antiTankModifier({ ...sc, rules: { ...sc.rules, perfectionistFlanking: true } }, s, 31, 6)).toBe(antiTankModifier(sc, s, 31, 6));
  });

  it('SPG S-49: a leg unit enters wire only by a morale check, spent either way; mounted units and unarmored vehicles never', () => {
    const s = edit(start, { 0: { hex: H('1108') } });
    expect(legalActions(sc, s)).toContain(`wire 0 ${H('1109')}`);
    expect(moveDestinations(sc, s, 0, 6).has(H('1109'))).toBe(false);
    const failed = game.apply(s, `wire 0 ${H('1109')}`, loadedDice(6, 6));
    expect(failed.u[0]![HEX]).toBe(H('1108'));
    expect(flags(failed, 0) & F_SPENT).toBe(F_SPENT);
    const passed = game.apply(s, `wire 0 ${H('1109')}`, loadedDice(2, 2));
    expect(passed.u[0]![HEX]).toBe(H('1109'));
  });

  it('SPG S-50: a unit entering a minefield takes a bombardment attack (AP 12: a roll of 2 reads M2)', () => {
    const s = edit(start, { 0: { hex: H('0906') } });
    const after = game.apply(s, `move 0 ${H('1006')}`, loadedDice(1, 1));
    expect(after.u[0]![STEPS]).toBe(1);
    expect(flags(after, 0) & F_DISRUPTED).toBe(F_DISRUPTED);
  });

  it('SPG S-51: no vehicle enters an AT ditch', () => {
    const s = edit(start, { 6: { hex: H('0907') } });
    expect(moveDestinations(sc, s, 6, 12).has(H('1007'))).toBe(false);
    const leg = edit(start, { 0: { hex: H('0907') } });
    expect(moveDestinations(sc, leg, 0, 6).has(H('1007'))).toBe(true);
  });

  it('SPG S-52: an engineer next to an obstacle clears it on a passed morale check; the minefield then attacks nobody', () => {
    const s = edit(start, { 3: { hex: H('0906') } });
    expect(legalActions(sc, s)).toContain(`clear 3 ${H('1006')}`);
    const cleared = game.apply(s, `clear 3 ${H('1006')}`, loadedDice(3, 3));
    expect(cleared.cleared).toEqual([H('1006')]);
    expect(cleared.active).toBe(0);
    const walk = game.apply(edit(cleared, { 0: { hex: H('0906') } }), `move 0 ${H('1006')}`, loadedDice());
    expect(walk.u[0]![STEPS]).toBe(2);
  });
});

describe('SPG bombardment and air (spg-medium)', () => {
  it('SPG S-27 / ruling SPG-R25: off-board range is the distance to the nearest friendly edge hex plus 1', () => {
    expect(bombardmentRange(sc, start, 13, H('0505'))).toBe(5);
  });

  it('SPG S-31 / U16: a natural roll at the depletion number removes the battery after the attack; not a loss', () => {
    const s = edit(start, { 0: { hex: H('1204') } });
    const action = legalActions(sc, s).find((a) => a === `bomb 13 ${H('1305')}`);
    expect(action).toBeDefined();
    const after = game.apply(s, action!, loadedDice(5, 5, 6, 6, 6, 6, 6, 6));
    expect(after.u[13]![HEX]).toBe(OUT_OF_AMMO);
    expect(after.lost[0]).toBe(0);
  });

  it('SPG S-28 / S-31: off-board batteries of one type fire as a group; the one natural roll depletes every member', () => {
    const s = edit(start, { 0: { hex: H('1204') } });
    const action = `bomb 13.14 ${H('1305')}`;
    expect(legalActions(sc, s)).toContain(action);
    const after = game.apply(s, action, loadedDice(5, 5, 6, 6, 6, 6, 6, 6));
    expect([after.u[13]![HEX], after.u[14]![HEX]]).toEqual([OUT_OF_AMMO, OUT_OF_AMMO]);
    expect([flags(after, 13) & F_SPENT, flags(after, 14) & F_SPENT]).toEqual([F_SPENT, F_SPENT]);
  });

  it('SPG S-30: bombardment hurts a closed armored vehicle only on X, an open-topped one on X and M2 (a step and a disruption)', () => {
    const s = edit(start, { 32: { hex: H('1807') }, 34: { hex: H('1707') } });
    const m2 = draftOf(sc, s, loadedDice());
    bombardHex(m2, 0, 16, H('1707'), () => 3);
    const afterM2 = m2.seal();
    expect([afterM2.u[31]![STEPS], afterM2.u[34]![STEPS]]).toEqual([2, 1]);
    expect(afterM2.u[34]![FLAGS]! & F_DISRUPTED).toBe(F_DISRUPTED);
    const x = draftOf(sc, s, loadedDice());
    bombardHex(x, 0, 16, H('1707'), () => 2);
    expect(x.seal().u[31]![STEPS]).toBe(1);
  });

  it('SPG S-32 / U17: the air support bands give delivery half the time when the plane does not loiter', () => {
    const ways = (from: number, to: number): number => {
      let n = 0;
      for (let r = from; r <= to; r++) n += 6 - Math.abs(r - 7);
      return n;
    };
    const bands = sc.charts.airSupport.bands;
    const of = (kind: string): number => bands.filter((b) => b.result === kind).reduce((n, b) => n + ways(b.from, b.to), 0);
    expect(of('deliver') / (of('deliver') + of('abort') + of('friendlyFire'))).toBe(0.5);
  });
});

describe('SPG reinforcements (spg-medium)', () => {
  it('SPG S-08: a column arrival puts its first vehicle in the entry hex, the rest wait in column', () => {
    const d = draftOf(sc, { ...start, turn: 2, initiative: 0 }, loadedDice(6, 6, 1, 1, 6, 6));
    startTurn(d, 3);
    const s = d.seal();
    expect(s.u[15]![HEX]).toBe(H('0108'));
    expect(flags(s, 16) & F_IN_COLUMN).toBe(F_IN_COLUMN);
    expect(legalActions(sc, s).some((a) => a.startsWith('move 16 '))).toBe(true);
  });

  it('SPG S-08 / U25: an enemy on the entry hex delays the column a turn; it then arrives in line within 5 hexes of it', () => {
    const blocked = edit({ ...start, turn: 2, initiative: 0 }, { 22: { hex: H('0108') } });
    const d = draftOf(sc, blocked, loadedDice(6, 6, 1, 1, 6, 6, 1, 1));
    startTurn(d, 3);
    expect(d.seal().arrived[0]).toBe(2);
    startTurn(d, 4);
    const s = d.seal();
    for (const i of [15, 16, 18]) {
      expect(s.u[i]![HEX]).toBeGreaterThanOrEqual(0);
      expect(sc.map.grid.distance(s.u[i]![HEX]!, H('0108'))).toBeLessThanOrEqual(5);
    }
  });
});

describe('SPG fortifications, overrun, hull-down, line of sight (spg-medium)', () => {
  it('SPG S-45: a disrupted leg unit in a fortified position rallies unless an enemy is adjacent', () => {
    const s = edit(start, { 28: { flags: F_DISRUPTED }, 0: { hex: H('0910') } });
    expect(sc.map.grid.distance(H('0910'), H('1110'))).toBe(2);
    expect(mayRally(sc, s, 28)).toBe(true);
    expect(mayRally(sc, edit(s, { 0: { hex: H('1010') } }), 28)).toBe(false);
  });

  it('SPG S-47: a dug-in vehicle is hull down against AT fire (-1), except a weak-turret tank (T-34)', () => {
    const s = edit(start, { 34: { hex: H('0509') }, 31: { hex: H('0510') } });
    const open = antiTankModifier(sc, s, 8, 34)!;
    expect(antiTankModifier(sc, edit(s, { 34: { flags: F_DUG_IN } }), 8, 34)).toBe(open - 1);
    expect(sc.units[31]!.weakTurret).toBe(true);
    const t34 = antiTankModifier(sc, s, 8, 31)!;
    expect(antiTankModifier(sc, edit(s, { 31: { flags: F_DUG_IN } }), 8, 31)).toBe(t34);
  });

  it('SPG S-38: a ready tank adjacent to leg units in the open may overrun them', () => {
    const s = edit(start, { 22: { hex: H('0408') }, 23: { hex: H('0708') } });
    expect(legalActions(sc, s)).toContain(`overrun 6 ${H('0408')}`);
  });

  it('SPG S-37: Panzerfausts give German infantry +1 assaulting a hex with a vehicle', () => {
    const pf = loadSpgScenario(scenarioFile('spg-medium'));
    const s = edit(start, { 0: { hex: H('1606') } });
    const base = assaultShift(sc, s, [0], H('1707'), false);
    const withPf = { ...pf, sides: pf.sides.map((x, k) => (k === 0 ? { ...x, panzerfausts: true } : x)) };
    expect(assaultShift(withPf, s, [0], H('1707'), false)).toBe(base + 1);
  });

  it('SPG S-17: direct fire is not traced through a hex of friendly units', () => {
    const s = edit(start, { 1: { hex: H('0803') }, 22: { hex: H('0805') } });
    expect(mayDirectFire(sc, s, 1, H('0805'), [22])).toBe(true);
    const blocked = edit(s, { 2: { hex: H('0804') } });
    expect(mayDirectFire(sc, blocked, 1, H('0805'), [22])).toBe(false);
  });
});

describe('SPG S-50: a retreat into a minefield (spg-medium, the AP field at 1006)', () => {
  const field = H('1006');
  const grid = sc.map.grid;
  // A Soviet rifle platoon, disrupted, in a clear hex next to the field; German infantry in every other hex around it.
  const defender = 22;
  const around = (h: number): number[] => [0, 1, 2, 3, 4, 5].map((k) => grid.neighbour(h, k)).filter((n) => n >= 0);
  const spot = around(field).find(
    (h) => sc.terrain[sc.map.terrain[h]!]!.cover === 'open' && !sc.wire[h] && !sc.atDitch[h] && around(h).length === 6 && !sc.mines[h],
  )!;
  // One German rifle platoon assaults; German units that never assault (tanks, guns, HMGs) close the other hexes.
  const attacker = sc.units.find((u) => u.side === 0 && u.assaults && u.full.df > 0 && u.startHex >= 0)!.index;
  const blockers = sc.units.filter((u) => u.side === 0 && !u.assaults && !u.offBoard).map((u) => u.index);
  const others = around(spot).filter((n) => n !== field);
  const position = (free: number[]): State => {
    const e: Record<number, { hex?: number; flags?: number; carrier?: number }> = { [defender]: { hex: spot, flags: F_DISRUPTED } };
    for (const [k, n] of others.filter((x) => !free.includes(x)).entries())
      e[k === 0 ? attacker : blockers[k]!] = { hex: n, flags: 0, carrier: -1 };
    return { ...edit(start, e), active: 0, toMove: 0 };
  };
  // Defensive first fire 3+4 reads "-"; the assault roll 3+3 an M, whose morale check 1+1 the disrupted defender passes; then the mine's roll, if any.
  const assault = (s: State, ...mine: number[]) => game.apply(s, `assault ${spot}`, loadedDice(3, 4, 3, 3, 1, 1, ...mine));

  it('SPG S-50: a unit retreating into a minefield is attacked by it as any unit entering (L672)', () => {
    expect(spot).toBeGreaterThanOrEqual(0);
    expect(blockers.length).toBeGreaterThanOrEqual(others.length);
    const s = position([]);
    // The field is the only way out: the retreat goes there and the mines roll 1+1 (M2, S-50 L676).
    const after = assault(s, 1, 1);
    expect(after.events.join('\n')).toMatch(/retreats to 1006/);
    const cleared = assault({ ...s, cleared: [field] });
    expect(cleared.u[defender]![HEX]).toBe(field);
    expect(cleared.u[defender]![STEPS]).toBe(2);
    // The mines' 12 hurt it: a step or the whole unit.
    expect(after.u[defender]![HEX] !== field || after.u[defender]![STEPS]! < 2).toBe(true);
  });

  it('SPG S-50: a retreat goes into a known minefield only when no other hex is open (ruling SPG-R42)', () => {
    const open = others[0]!;
    const after = assault(position([open]));
    expect(after.u[defender]![HEX]).toBe(open);
  });
});
