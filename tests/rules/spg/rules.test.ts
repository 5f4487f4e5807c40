import { describe, expect, it } from 'vitest';
import { antiTankChances, antiTankModifier, antiTankRollable } from '../../../src/rules/spg/antitank.js';
import { legalActions, moveBudget } from '../../../src/rules/spg/actions.js';
import { assaultAttackers } from '../../../src/rules/spg/assault.js';
import { directFirePlan, directFireShift } from '../../../src/rules/spg/fire.js';
import { moveDestinations } from '../../../src/rules/spg/movement.js';
import { mayRally, moraleOf } from '../../../src/rules/spg/morale.js';
import { applyHits, readColumn } from '../../../src/rules/spg/results.js';
import { spotRange } from '../../../src/rules/spg/spotting.js';
import { CARRIER, ELIMINATED, F_DISRUPTED, F_SPENT, FLAGS, HEX, STEPS } from '../../../src/rules/spg/state.js';
import { rollInitiative, suddenDeathWinner } from '../../../src/rules/spg/turn.js';
import { tableResult } from '../../../src/hex/tables.js';
import { draftOf, edit, hex, loadedDice, tiny } from './helpers.js';

// spg-tiny units: 0 ger-inf 0103, 1 ger-hmg 0103, 2 ger-inf 0104, 3 ger-pz4h 0105,
// 4 sov-rifle 0603, 5 sov-rifle 0604, 6 sov-hmg 0703, 7 sov-45mm 0502.

describe('SPG turn and impulses', () => {
  it("SPG S-04 / U26: an initiative tie leaves the initiative with last turn's holder", () => {
    const { sc, start } = tiny();
    const d = draftOf(sc, { ...start, turn: 2, initiative: 1 }, loadedDice(4, 4, 3, 5));
    d.turn = 2;
    rollInitiative(d);
    expect(d.initiative).toBe(1);
  });

  it('SPG S-04: the higher 2d6 wins the initiative', () => {
    const { sc, start } = tiny();
    const d = draftOf(sc, { ...start, turn: 2, initiative: 1 }, loadedDice(6, 5, 1, 1));
    d.turn = 2;
    rollInitiative(d);
    expect(d.initiative).toBe(0);
  });

  it('SPG S-09: a hand-over needs an action first; two passes in succession end the Action phase', () => {
    const { game, start } = tiny();
    expect(start.turn).toBe(1);
    expect(start.active).toBe(0);
    const acts = game.legalActions(start);
    expect(acts).toContain('pass');
    expect(acts).not.toContain('end');
    const afterPass = game.apply(start, 'pass', loadedDice());
    expect(afterPass.active).toBe(1);
    expect(afterPass.turn).toBe(1);
    // Turn 2's initiative roll: german 6+6, soviet 1+1.
    const next = game.apply(afterPass, 'pass', loadedDice(6, 6, 1, 1));
    expect(next.turn).toBe(2);
    expect(next.initiative).toBe(0);
    expect(next.u.every((r) => (r[FLAGS]! & F_SPENT) === 0)).toBe(true);
  });

  it('SPG S-09: after acting the player may hand over; a hand-over is not a pass', () => {
    const { sc, game, start } = tiny();
    const moved = game.apply(start, `move 0 ${hex(sc, '0203')}`, loadedDice());
    expect(moved.active).toBe(0);
    expect(moved.u[0]![FLAGS]! & F_SPENT).toBe(F_SPENT);
    expect(game.legalActions(moved)).toContain('end');
    const handed = game.apply(moved, 'end', loadedDice());
    expect(handed.active).toBe(1);
    expect(handed.passes).toBe(0);
  });

  it("SPG S-10 / U1: a natural 7 on the active player's direct fire hands control over; each trigger set is 1 in 6", () => {
    const { sc, game, start } = tiny();
    // German infantry next to the Soviet rifle platoon at 0603.
    const s = edit(start, { 0: { hex: hex(sc, '0503') } });
    const action = legalActions(sc, s).find((a) => a.startsWith('fire 0 ') && a.endsWith(` ${hex(sc, '0603')}`))!;
    expect(action).toBeDefined();
    const after = game.apply(s, action, loadedDice(3, 4, 1, 1));
    expect(after.active).toBe(1);
    expect(after.acted).toBe(0);
    const ways = (rolls: readonly number[]): number => rolls.reduce((n, r) => n + 6 - Math.abs(r - 7), 0);
    const r = sc.charts.reactions;
    for (const set of [r.activeFire, r.activeAntiTank, r.inactiveFire, r.inactiveAntiTank]) expect(ways(set.rolls)).toBe(6);
  });

  it('SPG S-10: a roll that is no trigger keeps the initiative with the active player', () => {
    const { sc, game, start } = tiny();
    const s = edit(start, { 0: { hex: hex(sc, '0503') } });
    const action = legalActions(sc, s).find((a) => a.startsWith('fire 0 ') && a.endsWith(` ${hex(sc, '0603')}`))!;
    const after = game.apply(s, action, loadedDice(1, 1, 6, 6, 6, 6));
    expect(after.active).toBe(0);
  });
});

describe('SPG movement and stacking', () => {
  it('SPG S-12: no move ends in a hex holding 3 units; never into an enemy hex', () => {
    const { sc, start } = tiny();
    const full = hex(sc, '0203');
    const s = edit(start, { 1: { hex: full }, 2: { hex: full }, 3: { hex: full } });
    const dests = moveDestinations(sc, s, 0, moveBudget(sc, s, 0).budget);
    expect(dests.has(full)).toBe(false);
    const nextToEnemy = edit(start, { 0: { hex: hex(sc, '0503') } });
    expect(moveDestinations(sc, nextToEnemy, 0, 6).has(hex(sc, '0603'))).toBe(false);
  });

  it('SPG S-12: at most 2 vehicles in a hex', () => {
    const { sc, start } = tiny();
    // Move the Soviet gun away; two German "vehicles" cannot be made from tiny's counters, so check the limit on the tank itself.
    const h = hex(sc, '0204');
    const s = edit(start, { 0: { hex: h }, 1: { hex: h } });
    expect(moveDestinations(sc, s, 3, moveBudget(sc, s, 3).budget).has(h)).toBe(true);
    const s3 = edit(start, { 0: { hex: h }, 1: { hex: h }, 2: { hex: h } });
    expect(moveDestinations(sc, s3, 3, moveBudget(sc, s3, 3).budget).has(h)).toBe(false);
  });

  it('SPG S-40: a disrupted unit may not end its move adjacent to an enemy', () => {
    const { sc, start } = tiny();
    const s = edit(start, { 0: { hex: hex(sc, '0403'), flags: F_DISRUPTED } });
    const dests = moveDestinations(sc, s, 0, moveBudget(sc, s, 0).budget);
    expect(dests.has(hex(sc, '0503'))).toBe(false);
    const fine = edit(start, { 0: { hex: hex(sc, '0403') } });
    expect(moveDestinations(sc, fine, 0, moveBudget(sc, fine, 0).budget).has(hex(sc, '0503'))).toBe(true);
  });

  it('SPG S-15: a move into sight of a ready enemy opens an opportunity-fire window for the inactive player; the mover ends spent', () => {
    const { sc, game, start } = tiny();
    const s = edit(start, { 2: { hex: hex(sc, '0404') } });
    const moved = game.apply(s, `move 2 ${hex(sc, '0504')}`, loadedDice());
    expect(moved.opp).toBe(2);
    expect(moved.toMove).toBe(1);
    const opts = game.legalActions(moved);
    expect(opts).toContain('noop');
    expect(opts.some((a) => a.startsWith('opp '))).toBe(true);
    const declined = game.apply(moved, 'noop', loadedDice());
    expect(declined.toMove).toBe(0);
    expect(declined.u[2]![FLAGS]! & F_SPENT).toBe(F_SPENT);
  });
});

describe('SPG spotting', () => {
  it('SPG S-19 / U21: a disrupted leg spotter sees ready infantry in concealment as if in full cover (2 hexes on a clear day)', () => {
    const { sc, start } = tiny();
    // 0205 is wheat (concealment); the spotter is the Soviet rifle platoon.
    const s = edit(start, { 0: { hex: hex(sc, '0205') }, 4: { flags: F_DISRUPTED } });
    expect(spotRange(sc, s, 4, 0)).toBe(2);
    const calm = edit(start, { 0: { hex: hex(sc, '0205') } });
    expect(spotRange(sc, calm, 4, 0)).toBe(3);
  });

  it('SPG S-19 / U22-style: a spent vehicle in the open is seen farther than a ready one', () => {
    const { sc, start } = tiny();
    const ready = spotRange(sc, start, 4, 3);
    const spent = spotRange(sc, edit(start, { 3: { flags: F_SPENT } }), 4, 3);
    expect([ready, spent]).toEqual([8, 12]);
  });
});

describe('SPG direct fire', () => {
  it('SPG S-20 / U2: one roll read on different columns: infantry on column 7 reads M, a mounted unit shifted to column 11 reads M1', () => {
    const { sc } = tiny();
    const t = sc.tables.df;
    const infantry = readColumn(t, 7, 0),
      cavalry = readColumn(t, 7, 1);
    expect([t.columns[infantry], t.columns[cavalry]]).toEqual([7, 11]);
    expect(tableResult(t, infantry, 10)).toBe('M');
    expect(tableResult(t, cavalry, 10)).toBe('M1');
  });

  it('SPG S-20 / U3: shifted off the left edge, an attack has no column and is not offered', () => {
    const { sc } = tiny();
    expect(readColumn(sc.tables.df, 1, -1)).toBe(-1);
    expect(readColumn(sc.tables.df, 40, 5)).toBe(sc.tables.df.columns.length - 1);
  });

  it('SPG S-25: woods -1 and the adjacent +1 for a leg target', () => {
    const { sc, start } = tiny();
    const woods = hex(sc, '0302');
    const s = edit(start, { 4: { hex: woods }, 0: { hex: hex(sc, '0402') } });
    expect(directFireShift(sc, s, 4, woods)).toBe(-1);
    const plan = directFirePlan(sc, s, [0], woods);
    expect(plan.columns[0]!.column).toBe(readColumn(sc.tables.df, 5, 0));
  });

  it('SPG S-26: M2 costs two units a step each and disrupts them all', () => {
    const { sc, start } = tiny();
    const d = draftOf(sc, start, loadedDice());
    applyHits(d, [
      { unit: 4, result: 'M2' },
      { unit: 5, result: 'M2' },
    ]);
    const s = d.seal();
    expect([s.u[4]![STEPS], s.u[5]![STEPS]]).toEqual([1, 1]);
    expect([s.u[4]![FLAGS]! & F_DISRUPTED, s.u[5]![FLAGS]! & F_DISRUPTED]).toEqual([F_DISRUPTED, F_DISRUPTED]);
    expect(s.lost[1]).toBe(2);
  });

  it("SPG S-26: X eliminates the shooter's pick (the strongest unit), another unit loses a step, survivors are disrupted", () => {
    const { sc, start } = tiny();
    const h = hex(sc, '0603');
    const s0 = edit(start, { 6: { hex: h } });
    const d = draftOf(sc, s0, loadedDice());
    applyHits(d, [
      { unit: 4, result: 'X' },
      { unit: 6, result: 'X' },
    ]);
    const s = d.seal();
    expect(s.u[6]![HEX]).toBe(ELIMINATED); // the HMG (8 DF) is worth more than the rifles (5)
    expect(s.u[4]![STEPS]).toBe(1);
    expect(s.u[4]![FLAGS]! & F_DISRUPTED).toBe(F_DISRUPTED);
  });

  it('SPG S-40: a second disruption eliminates the unit', () => {
    const { sc, start } = tiny();
    const d = draftOf(sc, edit(start, { 4: { flags: F_DISRUPTED } }), loadedDice());
    d.disrupt(4);
    expect(d.seal().u[4]![HEX]).toBe(ELIMINATED);
  });

  it("SPG S-21: one morale roll for the whole stack, read against each unit's morale", () => {
    const { sc, start } = tiny();
    const d = draftOf(sc, start, loadedDice(4, 4));
    applyHits(d, [
      { unit: 0, result: 'M' },
      { unit: 1, result: 'M' },
    ]);
    const s = d.seal();
    // German morale 8: a roll of 8 passes for both.
    expect([s.u[0]![FLAGS]! & F_DISRUPTED, s.u[1]![FLAGS]! & F_DISRUPTED]).toEqual([0, 0]);
    const d2 = draftOf(sc, start, loadedDice(5, 4));
    applyHits(d2, [
      { unit: 0, result: 'M' },
      { unit: 1, result: 'M' },
    ]);
    const s2 = d2.seal();
    expect([s2.u[0]![FLAGS]! & F_DISRUPTED, s2.u[1]![FLAGS]! & F_DISRUPTED]).toEqual([F_DISRUPTED, F_DISRUPTED]);
  });
});

describe('SPG AT fire', () => {
  it('SPG S-33 / U4: the coloured die runs 3 to 12; chances at a final modifier match the text', () => {
    const { sc } = tiny();
    const pct = (m: number): number => Math.round((antiTankChances(sc, m).damage / 36) * 1000) / 10;
    expect([pct(-2), pct(-1), pct(0), pct(1), pct(2), pct(3), pct(4), pct(5)]).toEqual([5.6, 13.9, 25, 38.9, 55.6, 72.2, 83.3, 91.7]);
    expect(antiTankChances(sc, 4).kill).toBe(14);
  });

  it('SPG S-34 / U5: a shot at -3 or worse is not rolled and not offered', () => {
    const { sc } = tiny();
    expect(antiTankRollable(sc, -3)).toBe(false);
    expect(antiTankRollable(sc, -2)).toBe(true);
  });

  it('SPG S-34 / U7: net armor is capped at +-4 before range; the 45 mm (AT 3) against the Panzer IV H (armor 3) adjacent is +1', () => {
    const { sc, start } = tiny();
    const s = edit(start, { 3: { hex: hex(sc, '0402') } });
    expect(antiTankModifier(sc, s, 7, 3)).toBe(1);
  });

  it('SPG S-34: a second shot through another hexside of the same impulse flanks (+1)', () => {
    const { sc, start } = tiny();
    const tank = hex(sc, '0402');
    const s = edit(start, { 3: { hex: tank } });
    const first = antiTankModifier(sc, s, 7, 3)!;
    // An earlier shot came in through the side facing the far west.
    const flanked = { ...s, atSides: s.atSides.map((x, i) => (i === 3 ? sc.map.grid.sidesToward(tank, hex(sc, '0202')) : x)) };
    expect(antiTankModifier(sc, flanked, 7, 3)).toBe(first + 1);
    const sameSide = { ...s, atSides: s.atSides.map((x, i) => (i === 3 ? sc.map.grid.sidesToward(tank, hex(sc, '0502')) : x)) };
    expect(antiTankModifier(sc, sameSide, 7, 3)).toBe(first);
  });

  it('SPG S-35: 10-12 costs a step and disrupts, 13+ eliminates', () => {
    const { sc, game, start } = tiny();
    const s = edit(start, { 3: { hex: hex(sc, '0402') } });
    const toSoviet = { ...s, active: 1, toMove: 1 };
    expect(game.legalActions(toSoviet)).toContain('at 7 3');
    // white 5 + red 4 (+1 = 5) + 1 = 11: a step lost and disrupted.
    const hit = game.apply(toSoviet, 'at 7 3', loadedDice(5, 4));
    expect(hit.u[3]![STEPS]).toBe(1);
    expect(hit.u[3]![FLAGS]! & F_DISRUPTED).toBe(F_DISRUPTED);
    // white 6 + red 6 (counts 6) + 1 = 13: eliminated.
    const kill = game.apply(toSoviet, 'at 7 3', loadedDice(6, 6));
    expect(kill.u[3]![HEX]).toBe(ELIMINATED);
  });
});

describe('SPG assault, rally, losses, victory', () => {
  it('SPG S-36 / S-39: an assault that clears the hex advances at least half the attackers', () => {
    const { sc, game, start } = tiny();
    const target = hex(sc, '0603');
    // Two German infantry adjacent to the lone rifle platoon at 0603 (the HMG elsewhere).
    const s = edit(start, {
      0: { hex: hex(sc, '0503') },
      2: { hex: hex(sc, '0604') },
      7: { hex: hex(sc, '0801') },
      5: { hex: hex(sc, '0806') },
      6: { hex: hex(sc, '0805') },
    });
    expect(assaultAttackers(sc, s, 0, target)).toEqual([0, 2]);
    // Defensive first fire (strength 5): 3+4 = 7 reads "-"; the attack (strength 10): 6+6 = 12 reads "2X".
    const after = game.apply(s, `assault ${target}`, loadedDice(3, 4, 6, 6));
    expect(after.u[4]![HEX]).toBe(ELIMINATED);
    const inHex = [0, 2].filter((i) => after.u[i]![HEX] === target);
    expect(inHex.length).toBeGreaterThanOrEqual(1);
    expect([0, 2].every((i) => (after.u[i]![FLAGS]! & F_SPENT) !== 0)).toBe(true);
  });

  it('SPG S-41 / U24: no rally with an enemy 3 hexes away (line of sight irrelevant); allowed at 4', () => {
    const { sc, start } = tiny();
    const at3 = edit(start, { 0: { hex: hex(sc, '0303'), flags: F_DISRUPTED } });
    expect(sc.map.grid.distance(hex(sc, '0303'), hex(sc, '0502'))).toBe(2);
    const far = edit(start, { 0: { hex: hex(sc, '0101'), flags: F_DISRUPTED }, 7: { hex: hex(sc, '0401') } });
    expect(sc.map.grid.distance(hex(sc, '0101'), hex(sc, '0401'))).toBe(3);
    expect(mayRally(sc, far, 0)).toBe(false);
    const farther = edit(start, { 0: { hex: hex(sc, '0101'), flags: F_DISRUPTED }, 7: { hex: hex(sc, '0501') } });
    expect(mayRally(sc, farther, 0)).toBe(true);
    expect(mayRally(sc, at3, 0)).toBe(false);
  });

  it('SPG S-41: a rally on 2d6 at or under morale removes the disruption and spends the unit; no Reaction', () => {
    const { sc, game, start } = tiny();
    const s = edit(start, { 0: { hex: hex(sc, '0101'), flags: F_DISRUPTED }, 7: { hex: hex(sc, '0501') } });
    const after = game.apply(s, 'rally 0', loadedDice(3, 4));
    expect(after.u[0]![FLAGS]! & F_DISRUPTED).toBe(0);
    expect(after.u[0]![FLAGS]! & F_SPENT).toBe(F_SPENT);
    expect(after.active).toBe(0);
  });

  it('SPG S-42: a shaken side checks morale one lower; a demoralized side may not rally', () => {
    const { sc, start } = tiny();
    expect(moraleOf(sc, start, 0)).toBe(8);
    expect(moraleOf(sc, { ...start, lost: [4, 0] }, 0)).toBe(7);
    const s = edit({ ...start, lost: [6, 0] }, { 0: { hex: hex(sc, '0101'), flags: F_DISRUPTED }, 7: { hex: hex(sc, '0501') } });
    expect(mayRally(sc, s, 0)).toBe(false);
  });

  it('SPG S-44: sudden death when the Germans hold both objectives', () => {
    const { sc, start } = tiny();
    expect(suddenDeathWinner(sc, start, 1)).toBe(-1);
    expect(suddenDeathWinner(sc, { ...start, control: [0, 0] }, 1)).toBe(0);
  });

  it('SPG S-13: a passenger moves with its carrier and is not on the hex list; dropping off costs half the MA', () => {
    const { sc, start } = tiny();
    const s = edit(start, { 0: { hex: hex(sc, '0105') } });
    const u = s.u.map((r, i) => (i === 0 ? Object.assign(r.slice(), { [CARRIER]: 4 }) : r));
    const carried = { ...s, u };
    const acts = legalActions(sc, carried);
    const drops = acts.filter((a) => a.startsWith('move 3 ') && a.endsWith(' drop'));
    const moves = acts.filter((a) => a.startsWith('move 3 ') && !a.endsWith(' drop'));
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.length).toBeLessThan(moves.length + 1);
    expect(acts.some((a) => a.startsWith('move 0 '))).toBe(false);
  });
});
