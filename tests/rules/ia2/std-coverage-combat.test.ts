/** IA2 STANDARD rules checked by the state they leave: bombardment, cavalry and the charge, dug in and entrenchments. */
import { describe, expect, it } from 'vitest';
import { shiftColumn, tableResult } from '../../../src/hex/tables.js';
import { createRng } from '../../../src/core/rng.js';
import { assaultStrength, baseColumn, bombardColumn, bombardVertex, loseSteps, resolveAssault } from '../../../src/rules/ia2/combat.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import type { Scenario } from '../../../src/rules/ia2/scenario.js';
import {
  DEMORALIZED,
  DISRUPTED,
  F_ACTIVE,
  F_ATTACKER,
  F_CHARGE,
  F_MOUNTED,
  HEX,
  MORALE,
  OPP,
  STEPS,
  type State,
} from '../../../src/rules/ia2/state.js';
import { bombardmentPhase } from '../../../src/rules/ia2/turn.js';
import { movementAllowance, values } from '../../../src/rules/ia2/units.js';
import { diceAndPicks } from './choices.js';
import { draftOf, edit, faces, ground, hex, loadedDice } from './helpers.js';
import { riverGround, segmentOf } from './movement-helpers.js';
import { groundWith } from './scenario-edit.js';

/** A game of a scenario made by groundWith, set up and past its pre-game. */
function started(sc: Scenario): { game: Ia2Game; start: State } {
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('std');
  return { game, start: withDefaultPlans(game, game.initialState(dice), dice) };
}

/** The state on turn `turn` before its Bombardment phase, with the listed increments' last vertices. */
const beforeBombardment = (s: State, turn: number, lastVertex: readonly number[]): State => ({ ...s, turn, lastVertex, drumfire: [] });

describe('IA2 bombardment (9.0)', () => {
  it('IA2 9.0 / 9.12 / 9.4: in the Bombardment phase the off-board increment fires at its planned vertex with nobody spotting it', () => {
    const { sc, start } = ground();
    // The German plan for turn 1: 0710/0809/0810. No German piece is on the board.
    const s = beforeBombardment(edit(start, { 9: { hex: hex(sc, '0809') } }), 1, [-1]);
    // Roll 4: 14 on the 12 column, +1 company: X; the check (2) passes.
    const dice = loadedDice(3, 1, 1, 1);
    const d = draftOf(sc, s, dice);
    d.turn = 1;
    bombardmentPhase(d);
    expect(d.get(9, STEPS)).toBe(1);
    expect(dice.left()).toBe(0);
  });

  it('IA2 9.11: a vertex is the point where three hexes meet: one roll hits the units in its hexes; a plan naming three hexes that do not meet is refused', () => {
    const { sc, start } = ground();
    const s = beforeBombardment(edit(start, { 9: { hex: hex(sc, '0710') }, 10: { hex: hex(sc, '0810') } }), 1, [-1]);
    // One roll of 4 for the vertex: X on each company; their checks (2) pass.
    const dice = loadedDice(3, 1, 1, 1, 1, 1);
    const d = draftOf(sc, s, dice);
    d.turn = 1;
    bombardmentPhase(d);
    expect([d.get(9, STEPS), d.get(10, STEPS)]).toEqual([1, 1]);
    expect(dice.left()).toBe(0);
    expect(() =>
      groundWith((data) => {
        data.sides[0].artillery[0].plan = ['0710-0809-0812', 'none', 'none', 'none', 'none', 'none', 'none'];
      }),
    ).toThrow(/0710-0809-0812 is not a vertex.*9\.11/);
  });

  it('IA2 9.2: increments at the same vertex fire as one attack of their total; at two vertices sharing a hex they fire apart', () => {
    const same = groundWith((data) => {
      data.sides[0].artillery.push({ id: '7 B', strength: 7, plan: data.sides[0].artillery[0].plan });
    });
    const { start } = started(same);
    const s = beforeBombardment(edit(start, { 9: { hex: hex(same, '0809') } }), 1, [-1, -1]);
    const d = draftOf(same, s, loadedDice(6, 6));
    d.turn = 1;
    bombardmentPhase(d);
    const one = (d.events ?? []).filter((e) => e.startsWith('bombardment of '));
    expect(one).toHaveLength(1);
    expect(one[0]).toMatch(/^bombardment of 21 /);
    const apart = groundWith((data) => {
      data.sides[0].artillery.push({ id: '7 B', strength: 7, plan: ['0809-0909-0910', 'none', 'none', 'none', 'none', 'none', 'none'] });
    });
    const b = started(apart);
    const t = beforeBombardment(edit(b.start, { 9: { hex: hex(apart, '0809') } }), 1, [-1, -1]);
    const e = draftOf(apart, t, loadedDice(6, 6, 6, 6));
    e.turn = 1;
    bombardmentPhase(e);
    const lines = (e.events ?? []).filter((x) => x.startsWith('bombardment of '));
    expect(lines).toHaveLength(2);
    expect(lines.some((x) => x.startsWith('bombardment of 14 '))).toBe(true);
    expect(lines.some((x) => x.startsWith('bombardment of 7 '))).toBe(true);
  });

  it('IA2 9.63: pieces in a hex as Drumfire is placed are hit once, by the phase roll; staying they are not hit again, a piece moving into a Drumfire hex is', () => {
    const { sc, game, start } = ground();
    const v = sc.increments[0]!.plan[1]!;
    const s = beforeBombardment(edit(start, { 9: { hex: hex(sc, '0809') }, 10: { hex: hex(sc, '0809') } }), 2, [v]);
    const dice = loadedDice(6, 6);
    const d = draftOf(sc, s, dice);
    d.turn = 2;
    bombardmentPhase(d);
    expect(d.drumfire.length).toBeGreaterThan(0);
    expect(dice.left()).toBe(0);
    const after = d.seal();
    // INF 10 moves into 0810, another Drumfire hex: it is attacked (roll 12, no effect); INF 9 stays and is not.
    const moverDice = loadedDice(6, 6);
    const a = game.apply(game.apply(segmentOf(after, 1), 'act 10', loadedDice()), `move 10 ${hex(sc, '0810')}`, moverDice);
    expect(moverDice.left()).toBe(0);
    expect(a.events.some((e) => e.startsWith('drumfire of 14 on'))).toBe(true);
    const b = game.apply(game.apply(segmentOf(after, 1), 'act 9', loadedDice()), 'end', loadedDice());
    expect(b.u[9]![HEX]).toBe(hex(sc, '0809'));
    expect(b.u[9]![STEPS]).toBe(2);
  });

  it('IA2 9.64: an increment firing (Fire, not Smoke) at the same vertex two turns running places Drumfire of its strength', () => {
    const { sc, start } = ground();
    const v = sc.increments[0]!.plan[0]!;
    expect(sc.increments[0]!.plan[1]).toBe(v);
    const d = draftOf(sc, beforeBombardment(edit(start, {}), 2, [v]), loadedDice(6, 6));
    d.turn = 2;
    bombardmentPhase(d);
    expect([...d.drumfire.slice(0, 3)].sort((a, b) => a - b)).toEqual(
      [hex(sc, '0710'), hex(sc, '0809'), hex(sc, '0810')].sort((a, b) => a - b),
    );
    expect(d.drumfire.slice(3)).toEqual([14, 0]);
  });
});

describe('IA2 cavalry and the charge (11.7, 14.0)', () => {
  const chargeAt = (sc: Scenario, start: State, extra: Parameters<typeof edit>[1] = {}) =>
    segmentOf(
      edit(start, { 4: { hex: hex(sc, '0607'), flags: F_MOUNTED }, 8: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0605') }, ...extra }),
      0,
    );

  it('IA2 11.6: a leader who began his activation in an assault hex declares Cold Steel, resolved at once; one entering it this segment may not', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const inside = segmentOf(edit(start, { 0: { hex: h }, 6: { hex: h }, 9: { hex: h } }), 0);
    const a = game.apply(inside, 'lead 6', loadedDice());
    expect(game.legalActions(a)).toContain('cold 6');
    const b = game.apply(a, 'cold 6', loadedDice(...new Array<number>(30).fill(6)));
    expect(b.events.some((e) => e.startsWith('assault in 0606'))).toBe(true);
    expect(b.events.some((e) => e.startsWith('defenders ('))).toBe(true);
    // The Major enters the hex, where his company is, this segment: no Cold Steel.
    const outside = segmentOf(edit(start, { 0: { hex: h }, 6: { hex: hex(sc, '0607') }, 9: { hex: h } }), 0);
    const c = game.apply(game.apply(outside, 'lead 6', loadedDice()), `assault 6 ${h}`, loadedDice());
    expect(c.u[6]![HEX]).toBe(h);
    expect(game.legalActions(c)).not.toContain('cold 6');
  });

  it('IA2 11.71: the defenders may make opportunity fire at the charger in the intervening hex; surviving it goes on into the target', () => {
    const { sc, game, start } = ground();
    const a = game.apply(chargeAt(sc, start), 'lead 8', loadedDice());
    const b = game.apply(a, `charge 4 ${hex(sc, '0606')} ${hex(sc, '0605')}`, loadedDice());
    expect(b.u[4]![HEX]).toBe(hex(sc, '0606'));
    expect(game.legalActions(b)).toContain('opfire 9');
    // Roll 12: no effect; the charger goes on into 0605.
    const c = game.apply(b, 'opfire 9', loadedDice(6, 6));
    expect(c.u[9]![OPP]).toBe(1);
    const held = c.oppWindow ? game.apply(c, 'hold', loadedDice()) : c;
    expect(held.u[4]![HEX]).toBe(hex(sc, '0605'));
  });

  it('IA2 11.72 / 14.3: charging cavalry alone attack at +2; a company joining the assault in the same segment cancels the +2', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0605');
    const s = edit(start, {
      4: { hex: h, flags: F_MOUNTED | F_ATTACKER | F_CHARGE | F_ACTIVE },
      0: { hex: h, flags: F_ATTACKER | F_ACTIVE },
      9: { hex: h },
    });
    const alone = edit(s, { 0: { hex: -1 } }, true);
    const charge = sc.charts.modifiers.cavalryCharge.value;
    const d0 = draftOf(sc, alone);
    const chargeCol = shiftColumn(sc.assault, baseColumn(sc.assault, assaultStrength(d0, [4], true)), charge);
    const plainCol = baseColumn(sc.assault, assaultStrength(draftOf(sc, s), [0, 4], true));
    const alt = shiftColumn(sc.assault, plainCol, charge);
    // A roll where the +2 would change the joint result, so the test tells the two apart.
    const roll = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find(
      (r) => tableResult(sc.assault, plainCol, r) !== tableResult(sc.assault, alt, r),
    )!;
    expect(roll).toBeDefined();
    const line = (st: State) => {
      const d = draftOf(sc, st, loadedDice(...new Array<number>(30).fill(0).flatMap(() => faces(roll))));
      resolveAssault(d, h, 0);
      return (d.events ?? []).find((e) => e.startsWith('attackers ('))!;
    };
    expect(line(alone)).toContain(`roll ${roll}: ${tableResult(sc.assault, chargeCol, roll)}`);
    expect(line(s)).toContain(`roll ${roll}: ${tableResult(sc.assault, plainCol, roll)}`);
  });

  it('IA2 11.73 / 14.5: dismounted cavalry never charge, and no mounted modifier applies to fire at them', () => {
    const { sc, game, start } = ground();
    const charge = `charge 4 ${hex(sc, '0606')} ${hex(sc, '0605')}`;
    expect(game.legalActions(game.apply(chargeAt(sc, start), 'lead 8', loadedDice()))).toContain(charge);
    const dismounted = chargeAt(sc, start, { 4: { hex: hex(sc, '0607'), flags: 0 } });
    expect(game.legalActions(game.apply(dismounted, 'lead 8', loadedDice()))).not.toContain(charge);
    const target = (flags: number) => draftOf(sc, edit(start, { 13: { hex: hex(sc, '0606'), flags } }));
    const mounted = sc.charts.modifiers.mountedCavalry.value;
    expect(mounted).not.toBe(0);
    expect(bombardColumn(target(F_MOUNTED), 14, 0, 13, false) - bombardColumn(target(0), 14, 0, 13, false)).toBe(mounted);
  });

  it('IA2 12.24 / 14.5: dismounted cavalry may make opportunity fire at a mover; mounted cavalry may not', () => {
    const { sc, game, start } = ground();
    const moving = (cavFlags: number) => {
      const s = edit(start, { 0: { hex: hex(sc, '0610') }, 6: { hex: hex(sc, '0610') }, 13: { hex: hex(sc, '0605'), flags: cavFlags } });
      return game.apply(game.apply(segmentOf(s, 0), 'lead 6', loadedDice()), `move 0 ${hex(sc, '0609')}`, loadedDice());
    };
    expect(game.legalActions(moving(0))).toContain('opfire 13');
    const mounted = moving(F_MOUNTED);
    expect(mounted.oppWindow && game.legalActions(mounted).includes('opfire 13')).toBe(false);
  });

  it('IA2 14.0 / 14.1: a squadron is one unit on two pieces: a loss taken dismounted is still there when it mounts', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 4: { hex: hex(sc, '0610'), flags: 0 }, 9: { hex: hex(sc, '0101') } });
    const d = draftOf(sc, s);
    loseSteps(d, 4, 1);
    expect(values(d, 4)).toEqual(sc.units[4]!.dismounted[1]);
    const mounted = game.apply(game.apply(segmentOf(d.seal(), 0), 'act 4', loadedDice()), 'mount 4', loadedDice());
    expect(mounted.u[4]![STEPS]).toBe(1);
    expect(values(draftOf(sc, mounted), 4)).toEqual(sc.units[4]!.values[1]);
  });

  it('IA2 14.2: a cavalry leader moves 6 and leads the cavalry, who then may charge; an infantry leader moves 4 and leads none of them', () => {
    const { sc, game, start } = ground();
    const s = chargeAt(sc, start, { 6: { hex: hex(sc, '0607') }, 0: { hex: hex(sc, '0607') } });
    const d = draftOf(sc, s);
    expect(movementAllowance(d, 8)).toBe(6);
    expect(movementAllowance(d, 6)).toBe(4);
    const charge = `charge 4 ${hex(sc, '0606')} ${hex(sc, '0605')}`;
    expect(game.legalActions(game.apply(s, 'lead 8', loadedDice()))).toContain(charge);
    expect(game.legalActions(game.apply(s, 'act 4', loadedDice()))).not.toContain(charge);
    expect(game.apply(s, 'lead 6', loadedDice()).u[4]![1]! & F_ACTIVE).toBe(0);
  });
});

describe('IA2 digging in and entrenchments (15.2, 15.3)', () => {
  it('IA2 15.23: a hex with dug-in and other units takes one bombardment roll, read on a column per unit', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 9: { hex: h, dig: 2 }, 10: { hex: h } });
    const d = draftOf(sc, s);
    expect(bombardColumn(d, 14, 0, 9, false) - bombardColumn(d, 14, 0, 10, false)).toBe(sc.charts.modifiers.dugIn.value);
    const dice = loadedDice(6, 6);
    bombardVertex(draftOf(sc, s, dice), [h, hex(sc, '0607'), hex(sc, '0707')], 14, 0);
    expect(dice.left()).toBe(0);
  });

  it('IA2 15.24: cavalry, mounted or not, and transports cannot dig in; a company can', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0610') }, 4: { hex: hex(sc, '0710') }, 9: { hex: hex(sc, '0101') } });
    expect(game.legalActions(game.apply(segmentOf(s, 0), 'act 0', loadedDice()))).toContain('dig 0');
    for (const flags of [F_MOUNTED, 0]) {
      const cav = edit(s, { 4: { flags } }, true);
      expect(game.legalActions(game.apply(segmentOf(cav, 0), 'act 4', loadedDice())).some((x) => x.startsWith('dig'))).toBe(false);
    }
    const river = riverGround();
    const wagon = river.game.legalActions(river.game.apply(segmentOf(river.start, 0), 'act 9', loadedDice()));
    expect(river.sc.units[9]!.transport).toBe(true);
    expect(wagon.some((x) => x.startsWith('dig'))).toBe(false);
  });

  const entrenchedGround = () =>
    groundWith((data) => {
      data.map.entrenchments = ['0606'];
    });

  it('IA2 15.3 / 15.32: fire of any kind at units in an entrenchment is 2 columns left, and its defenders fire first in an assault', () => {
    const sc = entrenchedGround();
    const { game, start } = started(sc);
    const column = (label: string) => bombardColumn(draftOf(sc, edit(start, { 9: { hex: hex(sc, label) } })), 14, 0, 9, false);
    expect(column('0606') - column('0706')).toBe(-2);
    const s = segmentOf(edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0606') } }), 0);
    const a = game.apply(game.apply(s, 'lead 6', loadedDice()), `assault 0 ${hex(sc, '0606')}`, loadedDice());
    const b = game.apply(a, 'end', loadedDice(...new Array<number>(20).fill(6)));
    const fire = b.events.filter((e) => e.startsWith('defenders (') || e.startsWith('attackers ('));
    expect(fire[0]).toMatch(/^defenders/);
  });

  it('IA2 15.31: an assault may enter an entrenchment held by the enemy: both sides stand in the hex, the defenders under the marker', () => {
    const sc = entrenchedGround();
    const { game, start } = started(sc);
    const h = hex(sc, '0606');
    const s = segmentOf(edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: h } }), 0);
    const a = game.apply(game.apply(s, 'lead 6', loadedDice()), `assault 0 ${h}`, loadedDice());
    expect([a.u[0]![HEX], a.u[9]![HEX]]).toEqual([h, h]);
    // The defender is entrenched: fire at it is 2 columns left of the same fire at it in the open.
    const open = bombardColumn(draftOf(sc, edit(start, { 9: { hex: hex(sc, '0706') } })), 14, 0, 9, false);
    expect(bombardColumn(draftOf(sc, a), 14, 0, 9, false)).toBe(open - 2);
  });

  it('IA2 15.33: a demoralized unit in an entrenchment recovers at +1 and, failing, need not flee even under enemy fire', () => {
    const sc = entrenchedGround();
    const { game, start } = started(sc);
    const recover = (label: string, roll: number) => {
      const s = segmentOf(edit(start, { 9: { hex: hex(sc, label), morale: DEMORALIZED }, 0: { hex: hex(sc, '0608') } }), 1);
      return game.apply(game.apply(s, 'act 9', loadedDice()), 'recover 9', diceAndPicks(faces(roll)));
    };
    // Below demoralized morale 7, +1 entrenched: a roll of 7 recovers to disrupted; in the open it fails and the unit flees.
    expect(recover('0606', 7).u[9]![MORALE]).toBe(DISRUPTED);
    const open = recover('0706', 7);
    expect(open.u[9]![HEX]).not.toBe(hex(sc, '0706'));
    // A roll of 12 fails in the entrenchment too: the unit stays.
    const failed = recover('0606', 12);
    expect(failed.u[9]![MORALE]).toBe(DEMORALIZED);
    expect(failed.u[9]![HEX]).toBe(hex(sc, '0606'));
  });

  it('IA2 15.34: cavalry in an entrenchment hex sit on top: fire at them takes no entrenchment modifier', () => {
    const sc = entrenchedGround();
    const { start } = started(sc);
    const column = (label: string) => bombardColumn(draftOf(sc, edit(start, { 13: { hex: hex(sc, label) } })), 14, 0, 13, false);
    expect(column('0606')).toBe(column('0706'));
  });
});
