/** IA2 rules checked by the state they leave: the turn, activation, movement, spotting, fire, assault, leaders. */
import { describe, expect, it } from 'vitest';
import { fireBlocked, spots } from '../../../src/rules/ia2/units.js';
import {
  applyResults,
  assaultStrength,
  baseColumn,
  bombardVertex,
  COLD_STEEL_SHIFT,
  drumfireOnMover,
} from '../../../src/rules/ia2/combat.js';
import { shiftColumn, tableResult } from '../../../src/hex/tables.js';
import {
  DEMORALIZED,
  DISRUPTED,
  F_ACTIVE,
  F_MOUNTED,
  F_SPENT,
  F_SPOTTED,
  FACE,
  FLAGS,
  GOOD,
  HEX,
  MORALE,
  OPP,
  STEPS,
  type State,
} from '../../../src/rules/ia2/state.js';
import { inSafeHex } from '../../../src/rules/ia2/actions.js';
import { diceAndPicks } from './choices.js';
import { draftOf, edit, faces, ground, hex, loadedDice } from './helpers.js';

const at = (s: State, side: number): State => ({ ...s, active: side, toMove: side, activated: false });

describe('IA2 turn', () => {
  it('IA2 3.0: two passes in a row by the two players end the turn; the winner takes his lead segments first', () => {
    const { sc, game, start } = ground();
    const s = {
      ...edit(start, { 0: { hex: hex(sc, '0612') }, 1: { hex: hex(sc, '0712') }, 9: { hex: hex(sc, '0101') } }),
      lead: 2,
      initiative: 0,
    };
    const a = game.apply(at(s, 0), 'act 0', loadedDice());
    const b = game.apply(a, 'end', loadedDice());
    expect(b.active).toBe(0); // second lead segment
    const c = game.apply(b, 'pass', loadedDice());
    expect(c.active).toBe(1);
    expect(c.turn).toBe(1);
    // Russian pass right after a German pass: the turn ends (initiative dice, then turn 2's bombardment roll).
    const d = game.apply(c, 'pass', loadedDice(6, 1, 3, 3));
    expect(d.turn).toBe(2);
    expect(d.u[0]![FLAGS]! & F_SPENT).toBe(0);
  });

  it('IA2 3.1 / 3.3: a piece activates once a turn: a spent unit is offered no activation', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0612') }, 1: { hex: hex(sc, '0712') }, 9: { hex: hex(sc, '0101') } });
    const a = game.apply(game.apply(at(s, 0), 'act 0', loadedDice()), 'end', loadedDice());
    const back = at(a, 0);
    expect(game.legalActions(back)).not.toContain('act 0');
    expect(game.legalActions(back)).toContain('act 1');
  });

  it('IA2 3.11 / 5.5: a unit activated without a leader of its type may not move closer to enemy combat units; led, it may', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0608') }, 6: { hex: hex(sc, '0609') }, 9: { hex: hex(sc, '0603') } });
    const alone = game.legalActions(game.apply(at(s, 0), 'act 0', loadedDice()));
    expect(alone).not.toContain(`move 0 ${hex(sc, '0607')}`);
    expect(alone).toContain(`move 0 ${hex(sc, '0609')}`);
    const led = game.legalActions(game.apply(at(s, 0), 'lead 6', loadedDice()));
    expect(led).toContain(`move 0 ${hex(sc, '0607')}`);
  });

  it('IA2 3.12 / 6.64: a disrupted leader activates only his own hex; a demoralized one nobody', () => {
    const { sc, game, start } = ground();
    const s = edit(start, {
      6: { hex: hex(sc, '0608'), morale: DISRUPTED },
      0: { hex: hex(sc, '0608') },
      1: { hex: hex(sc, '0609') },
      9: { hex: hex(sc, '0101') },
    });
    const a = game.apply(at(s, 0), 'lead 6', loadedDice());
    expect(a.u[0]![FLAGS]! & 1).toBeTruthy();
    expect(a.u[1]![FLAGS]! & 1).toBe(0);
    const dem = edit(start, { 6: { hex: hex(sc, '0608'), morale: DEMORALIZED }, 0: { hex: hex(sc, '0608') }, 9: { hex: hex(sc, '0101') } });
    expect(game.legalActions(at(dem, 0))).not.toContain('lead 6');
  });
});

describe('IA2 movement and opportunity fire', () => {
  it('IA2 5.1 / 5.2: a company spends its movement allowance hex by hex: four clear hexes with MA 4, then it stops', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0612') }, 6: { hex: hex(sc, '0612') }, 9: { hex: hex(sc, '0101') } });
    let a = game.apply(at(s, 0), 'lead 6', loadedDice());
    // Clear costs 1: four hexes with MA 4, then no more.
    for (const l of ['0611', '0610', '0609', '0608']) {
      a = game.apply(a, `move 0 ${hex(sc, l)}`, loadedDice());
      if (a.oppWindow) a = game.apply(a, 'hold', loadedDice());
    }
    expect(a.mover).toBe(-1);
    expect(a.u[0]![HEX]).toBe(hex(sc, '0608'));
  });

  it('IA2 12.0 / 12.1 / 12.21: an MG fires twice a turn at movers, once per hex entered; a company once; mounted cavalry never', () => {
    const { sc, game, start } = ground();
    const s = edit(start, {
      0: { hex: hex(sc, '0610') },
      6: { hex: hex(sc, '0610') },
      11: { hex: hex(sc, '0605') },
      9: { hex: hex(sc, '0605') },
      13: { hex: hex(sc, '0705'), flags: F_MOUNTED },
    });
    let a = game.apply(at(s, 0), 'lead 6', loadedDice());
    a = game.apply(a, `move 0 ${hex(sc, '0609')}`, loadedDice());
    expect(a.oppWindow).toBe(true);
    // Each alone, or both combined (12.15, they share a hex).
    expect(game.legalActions(a)).toEqual(['opfire 9', 'opfire 11', 'opfire 9+11', 'hold']);
    // The MG fires (roll 12: no effect): it may not fire again in this hex, the company still may.
    a = game.apply(a, 'opfire 11', loadedDice(6, 6));
    expect(a.u[11]![OPP]).toBe(1);
    expect(a.u[11]![FLAGS]! & F_SPENT).toBe(0);
    expect(game.legalActions(a)).toEqual(['opfire 9', 'hold']);
    a = game.apply(a, 'hold', loadedDice());
    a = game.apply(a, `move 0 ${hex(sc, '0608')}`, loadedDice());
    a = game.apply(a, 'opfire 11', loadedDice(6, 6));
    expect(a.u[11]![OPP]).toBe(2);
    expect(a.u[11]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 12.14: a mover that fails its morale check stops; one that passes goes on', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0610') }, 6: { hex: hex(sc, '0610') }, 11: { hex: hex(sc, '0605') } });
    let a = game.apply(at(s, 0), 'lead 6', loadedDice());
    a = game.apply(a, `move 0 ${hex(sc, '0609')}`, loadedDice());
    // MG 7 at range 4: +1 opportunity, +1 company, -1 range: the 11 column; roll 3 gives X; the M2 check 12 fails.
    const b = game.apply(a, 'opfire 11', loadedDice(1, 2, 6, 6));
    expect(b.u[0]![STEPS]).toBe(1);
    expect(b.mover).toBe(-1);
    expect(b.u[0]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 12.23 / 10.4: no opportunity fire at a unit in an assault hex, and no direct fire into one', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 0: { hex: h }, 10: { hex: h }, 11: { hex: hex(sc, '0603') }, 1: { hex: hex(sc, '0608') } });
    const a = game.apply(at(s, 1), 'act 11', loadedDice());
    expect(game.legalActions(a).some((x) => x === `fire 11 ${h}`)).toBe(false);
    expect(game.legalActions(a)).toContain(`fire 11 ${hex(sc, '0608')}`);
  });

  it('IA2 9.6 / 9.61 / 9.62: a mover entering a drumfire hex is attacked with its own modifiers; failing its check stops it', () => {
    const { sc, start } = ground();
    const s = {
      ...edit(start, { 0: { hex: hex(sc, '0810') }, 1: { hex: hex(sc, '0810') } }),
      drumfire: [hex(sc, '0710'), hex(sc, '0809'), hex(sc, '0810'), 14, 0],
    };
    // 14 on the 12 column +1 (the mover alone counts): 16; roll 4: M2; check 7 + 2 fails by 1.
    const d = draftOf(sc, s, loadedDice(2, 2, ...faces(7)));
    expect(drumfireOnMover(d, 0, hex(sc, '0810'))).toBe(false);
    expect(d.get(0, MORALE)).toBe(DISRUPTED);
    expect(d.get(1, MORALE)).toBe(GOOD);
  });

  it('IA2 9.5 / 9.7: a bombardment hits friendly units too, and an assault hex takes one roll per side', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 0: { hex: h }, 9: { hex: h } });
    // Roll 4 for the Germans (14 on the 12 column, +1 company: X, then an M2 check of 2), 12 for the Russians.
    const d = draftOf(sc, s, loadedDice(3, 1, 1, 1, 6, 6));
    bombardVertex(d, [h, hex(sc, '0607'), hex(sc, '0707')], 14, 0);
    expect(d.get(0, STEPS)).toBe(1);
    expect(d.get(9, STEPS)).toBe(2);
  });
});

describe('IA2 spotting and fire', () => {
  it('IA2 7.21: a unit in limiting terrain is spotted only within 3 hexes; in the open at 12; adjacent always', () => {
    const { sc, start } = ground();
    // Russian INF in the woods at 0505; German INF 4 hexes away in the open (0509) and 3 away (0508).
    const far = draftOf(sc, edit(start, { 9: { hex: hex(sc, '0505') }, 0: { hex: hex(sc, '0509') } }));
    expect(spots(far, 0, 9)).toBe(false);
    expect(spots(far, 1, 0)).toBe(true);
    const near = draftOf(sc, edit(start, { 9: { hex: hex(sc, '0505') }, 0: { hex: hex(sc, '0508') } }));
    expect(spots(near, 0, 9)).toBe(true);
  });

  it('IA2 7.22: a unit that fires from limiting terrain is spotted as if in the open', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 9: { hex: hex(sc, '0505') }, 0: { hex: hex(sc, '0508') }, 1: { hex: hex(sc, '0510') } });
    const a = game.apply(game.apply(at(s, 1), 'act 9', loadedDice()), `fire 9 ${hex(sc, '0508')}`, loadedDice(6, 6));
    expect(a.u[9]![FLAGS]! & F_SPOTTED).toBeTruthy();
    expect(spots(draftOf(sc, a), 0, 9)).toBe(true);
  });

  it('IA2 10.1 / 10.11 / 10.12: friendly units block fire; an MG fires over them with an empty hex before the target; a field gun is never blocked', () => {
    const { sc, start } = ground();
    // Line 0612 -> 0611 (friendly) -> 0610 (empty) -> 0609 (enemy).
    const s = edit(start, {
      2: { hex: hex(sc, '0612') },
      0: { hex: hex(sc, '0611') },
      1: { hex: hex(sc, '0612') },
      3: { hex: hex(sc, '0612') },
      9: { hex: hex(sc, '0609') },
    });
    const d = draftOf(sc, s);
    expect(fireBlocked(d, 1, hex(sc, '0612'), hex(sc, '0609'))).toBe(true);
    expect(fireBlocked(d, 2, hex(sc, '0612'), hex(sc, '0609'))).toBe(false);
    expect(fireBlocked(d, 3, hex(sc, '0612'), hex(sc, '0609'))).toBe(false);
    // Target adjacent to the friendly hex: the MG is blocked too.
    expect(fireBlocked(d, 2, hex(sc, '0612'), hex(sc, '0610'))).toBe(true);
  });
});

describe('IA2 assault and leaders', () => {
  it('IA2 11.2 / 11.4: a led good-order company moves into an adjacent enemy hex and the assault is resolved when the segment ends', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0606') } });
    const a = game.apply(game.apply(at(s, 0), 'lead 6', loadedDice()), `assault 0 ${hex(sc, '0606')}`, loadedDice());
    expect(a.u[0]![HEX]).toBe(hex(sc, '0606'));
    // Attackers 5 (the Major stays out) on the 4 column, roll 3: 2Z; defenders 5, roll 12: nothing.
    const b = game.apply(a, 'end', loadedDice(1, 2, 6, 6));
    expect(b.u[9]![HEX]).toBeLessThan(0);
    expect(b.u[0]![STEPS]).toBe(2);
    expect(b.control[0]).toBe(0);
  });

  it('IA2 11.2: a company activated without a leader of its type may not assault', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0606') } });
    expect(game.legalActions(game.apply(at(s, 0), 'act 0', loadedDice())).some((x) => x.startsWith('assault'))).toBe(false);
  });

  it('IA2 11.31: in a town the attacker fires 2 columns lower; the defender does not', () => {
    const { sc, game, start } = ground();
    const town = hex(sc, '0202');
    const s = edit(start, { 0: { hex: hex(sc, '0203') }, 6: { hex: hex(sc, '0203') }, 9: { hex: town } });
    const a = game.apply(game.apply(at(s, 0), 'lead 6', loadedDice()), `assault 0 ${town}`, loadedDice());
    // Roll 3 for each side: attackers 5 (4 column) -2 -> 2 column: 1Z; defenders 5 on the 4 column: 2Z.
    const b = game.apply(a, 'end', loadedDice(1, 2, 1, 2, 1, 1));
    expect(b.events.some((e) => e.includes('attackers (5) roll 3: 1Z'))).toBe(true);
    expect(b.events.some((e) => e.includes('defenders (5) roll 3: 2Z'))).toBe(true);
  });

  it('IA2 11.33 / 15.2: dug-in defenders fire first; an attacker they demoralize does not attack', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0606'), dig: 2 } });
    const a = game.apply(game.apply(at(s, 0), 'lead 6', loadedDice()), `assault 0 ${hex(sc, '0606')}`, loadedDice());
    // Defenders roll 4: M2; the attacker's check 12: demoralized (over by 4); it then has no strength and rolls nothing.
    const b = game.apply(a, 'end', loadedDice(3, 1, 6, 6));
    expect(b.u[0]![MORALE]).toBe(DEMORALIZED);
    expect(b.u[9]![STEPS]).toBe(2);
  });

  it('IA2 6.7: after step losses in his hex a leader dies on 2d6 minus the losses at or below 2', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 9: { hex: h }, 15: { hex: h }, 0: { hex: hex(sc, '0612') } });
    // X: one loss; checks 2 (leader) and 2 (INF) pass; casualty 3 - 1 = 2: dead.
    const dead = draftOf(sc, s, loadedDice(1, 1, 1, 1, 1, 2));
    applyResults(dead, [9, 15], ['X', 'X']);
    expect(dead.hex(15)).toBeLessThan(0);
    const alive = draftOf(sc, s, loadedDice(1, 1, 1, 1, 2, 2));
    applyResults(alive, [9, 15], ['X', 'X']);
    expect(alive.hex(15)).toBe(h);
  });

  it('IA2 6.72: combat units entering a hex of leaders alone: 9+ removes each, else he escapes one hex', () => {
    const { sc, game, start } = ground();
    const s = edit(start, {
      0: { hex: hex(sc, '0607') },
      6: { hex: hex(sc, '0607') },
      15: { hex: hex(sc, '0606') },
      9: { hex: hex(sc, '0101') },
    });
    const a = game.apply(at(s, 0), 'lead 6', loadedDice());
    const killed = game.apply(a, `move 0 ${hex(sc, '0606')}`, loadedDice(...faces(9)));
    expect(killed.u[15]![HEX]).toBeLessThan(0);
    const escaped = game.apply(a, `move 0 ${hex(sc, '0606')}`, diceAndPicks(faces(8)));
    expect(escaped.u[15]![HEX]).toBeGreaterThanOrEqual(0);
    expect(escaped.u[15]![HEX]).not.toBe(hex(sc, '0606'));
  });

  it('IA2 13.34 / 13.35: a demoralized field gun that must flee is lost; a unit boxed in an assault hex is eliminated', () => {
    const { sc, game, start } = ground();
    // A German company two hexes away can fire on it: the hex is not safe (13.32).
    const s = edit(start, { 12: { hex: hex(sc, '0606'), morale: DEMORALIZED }, 0: { hex: hex(sc, '0608') } });
    const a = game.apply(game.apply(at(s, 1), 'act 12', loadedDice()), 'recover 12', loadedDice(6, 5));
    expect(a.u[12]![HEX]).toBeLessThan(0);
  });

  it('IA2 14.4 / 14.6 / 14.7: dismounting and mounting take the activation; demoralized cavalry is put on its mounted piece', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 4: { hex: hex(sc, '0610'), flags: F_MOUNTED }, 9: { hex: hex(sc, '0101') } });
    const a = game.apply(game.apply(at(s, 0), 'act 4', loadedDice()), 'dismount 4', loadedDice());
    expect(a.u[4]![FLAGS]! & F_MOUNTED).toBe(0);
    expect(a.u[4]![FLAGS]! & F_SPENT).toBeTruthy();
    const d = draftOf(sc, a, loadedDice(6, 6));
    applyResults(d, [4], ['M2']);
    expect(d.get(4, MORALE)).toBe(DEMORALIZED);
    expect(d.flag(4, F_MOUNTED)).toBe(true);
  });

  it('IA2 15.2 / 15.22: digging in takes two segments; the marker works only when complete and is lost on moving', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 0: { hex: hex(sc, '0610') }, 9: { hex: hex(sc, '0101') } });
    const a = game.apply(game.apply(at(s, 0), 'act 0', loadedDice()), 'dig 0', loadedDice());
    expect(a.u[0]![6]).toBe(1);
    const next = { ...a, u: a.u.map((r, i) => (i === 0 ? r.map((v, k) => (k === FLAGS ? 0 : v)) : r)) };
    const b = game.apply(game.apply(at(next, 0), 'act 0', loadedDice()), 'dig 0', loadedDice());
    expect(b.u[0]![6]).toBe(2);
    const c = { ...b, u: b.u.map((r, i) => (i === 0 ? r.map((v, k) => (k === FLAGS ? 0 : v)) : r)) };
    const moved = game.apply(game.apply(at(c, 0), 'act 0', loadedDice()), `move 0 ${hex(sc, '0611')}`, loadedDice());
    expect(moved.u[0]![6]).toBe(0);
    // Not in woods (15.2).
    const woods = edit(start, { 0: { hex: hex(sc, '0505') }, 9: { hex: hex(sc, '0101') } });
    expect(game.legalActions(game.apply(at(woods, 0), 'act 0', loadedDice()))).not.toContain('dig 0');
  });

  it('IA2 8.32: two companies in one hex fire as one attack at their total strength; a field gun never joins them', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0608');
    const s = edit(start, { 0: { hex: h }, 1: { hex: h }, 3: { hex: h }, 6: { hex: h }, 9: { hex: hex(sc, '0605') } });
    const a = game.apply(at(s, 0), 'lead 6', loadedDice());
    const t = hex(sc, '0605');
    const legal = game.legalActions(a);
    expect(legal).toContain(`fire 0+1 ${t}`);
    expect(legal.some((x) => x.startsWith('fire 0+1+3') || x.startsWith('fire 0+3') || x.startsWith('fire 1+3'))).toBe(false);
    // 5 + 5 = 10: the 7 column, +1 company: the 11 column; roll 12: no effect.
    const b = game.apply(a, `fire 0+1 ${t}`, loadedDice(6, 6));
    expect(b.events.some((e) => e.includes('fire at strength 10'))).toBe(true);
    expect(b.u[0]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(b.u[1]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 11.22 / 11.23: a unit leaves an assault hex one hex only; leaving the hex empty of its side draws harassing fire', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 0: { hex: h }, 6: { hex: hex(sc, '0607') }, 9: { hex: h } });
    const a = game.apply(at(s, 0), 'lead 6', loadedDice());
    expect(game.legalActions(a)).toContain(`move 0 ${hex(sc, '0607')}`);
    // Harassing fire by the Russian company (5, the 4 column), roll 3: 2Z eliminates the leaving company.
    const b = game.apply(a, `move 0 ${hex(sc, '0607')}`, loadedDice(1, 2));
    expect(b.events.some((e) => e.startsWith('harassing fire'))).toBe(true);
    expect(b.u[0]![HEX]).toBeLessThan(0);
    expect(b.mover).toBe(-1);
  });
});

describe('IA2 combining fire through a leader', () => {
  it('IA2 6.51: a leader with a combat bonus of 1 combines his hex and one adjacent hex into one attack; a bonus of 0 cannot; field guns never', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0608');
    const next = hex(sc, '0708');
    const t = hex(sc, '0605');
    const s = edit(start, { 0: { hex: h }, 6: { hex: h }, 1: { hex: next }, 3: { hex: next }, 9: { hex: t } });
    const withFace = (face: number): State => ({ ...s, u: s.u.map((r, i) => (i === 6 ? r.map((v, k) => (k === FACE ? face : v)) : r)) });
    const bonus = sc.units[6]!.faces.map((f) => f.combat);
    const one = bonus.indexOf(1);
    const a = game.apply(at(withFace(one), 0), 'lead 6', loadedDice());
    expect(a.u[1]![FLAGS]! & F_ACTIVE).toBeTruthy();
    const legal = game.legalActions(a);
    expect(legal).toContain(`fire 0+1 ${t} 6`);
    const groups = legal.filter((x) => x.startsWith('fire ')).map((x) => x.split(' ')[1]!);
    expect(groups.some((g) => g.includes('+') && g.split('+').includes('3'))).toBe(false);
    // 5 + 5 + the leader's 1 for the company in his hex (6.52) = 11; roll 12: no effect.
    const b = game.apply(a, `fire 0+1 ${t} 6`, loadedDice(6, 6));
    expect(b.events.some((e) => e.includes('fire at strength 11'))).toBe(true);
    for (const p of [0, 1, 6]) expect(b.u[p]![FLAGS]! & F_SPENT).toBeTruthy();
    // A leader without a combat bonus combines nothing across hexes.
    const zero = bonus.indexOf(0);
    if (zero >= 0) {
      const c = game.apply(at(withFace(zero), 0), 'lead 6', loadedDice());
      expect(game.legalActions(c).some((x) => x.startsWith('fire 0+1 '))).toBe(false);
    }
  });
});

describe('IA2 cold steel', () => {
  it('IA2 11.61: a leader and the companies he activated in an assault hex attack with cold steel: the defenders fire first, both two columns right', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 0: { hex: h }, 6: { hex: h }, 9: { hex: h } });
    const a = game.apply(at(s, 0), 'lead 6', loadedDice());
    expect(game.legalActions(a)).toContain('cold 6');
    const d = draftOf(sc, a);
    const defenders = baseColumn(sc.assault, assaultStrength(d, [9], false));
    const attackers = baseColumn(sc.assault, assaultStrength(d, [0, 6], true));
    const leaderShift = sc.charts.modifiers.leaderInAssault.value;
    // Two assault rolls of 7, then 3s (2d6 = 6) for the morale checks and the leader's casualty roll.
    const b = game.apply(a, 'cold 6', loadedDice(...faces(7), ...faces(7), ...new Array<number>(20).fill(3)));
    const lines = b.events.filter((e) => e.includes(' roll 7: '));
    expect(lines[0]).toContain('defenders');
    expect(lines[0]).toContain(`: ${tableResult(sc.assault, shiftColumn(sc.assault, defenders, COLD_STEEL_SHIFT), 7)}`);
    if (lines[1] !== undefined) {
      expect(lines[1]).toContain('attackers');
      expect(lines[1]).toContain(`: ${tableResult(sc.assault, shiftColumn(sc.assault, attackers, COLD_STEEL_SHIFT + leaderShift), 7)}`);
    }
    for (const p of [0, 6]) if (b.u[p]![HEX]! >= 0) expect(b.u[p]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 11.62: companies that entered the assault hex this segment, and machine guns, never make a cold steel attack', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 2: { hex: h }, 6: { hex: h }, 9: { hex: h }, 0: { hex: hex(sc, '0607') } });
    const a = game.apply(at(s, 0), 'lead 6', loadedDice());
    // Only the machine gun is with him: no company, no cold steel.
    expect(game.legalActions(a)).not.toContain('cold 6');
    const entered = game.apply(a, `assault 0 ${h}`, loadedDice());
    expect(game.legalActions(entered)).not.toContain('cold 6');
  });
});

describe('IA2 going to ground', () => {
  it('IA2 13.32: a demoralized unit in a Safe Hex that fails recovery stays; under fire it flees and goes to ground in the first Safe Hex', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0608');
    const recoverFailing = (s: State) =>
      game.apply(game.apply({ ...s, active: 1, toMove: 1, activated: false }, 'act 9', loadedDice()), 'recover 9', diceAndPicks([6, 6]));
    // No enemy can fire on it: it stays, still demoralized.
    const safe = recoverFailing(edit(start, { 9: { hex: h, morale: DEMORALIZED }, 0: { hex: hex(sc, '0101') } }));
    expect(safe.u[9]![HEX]).toBe(h);
    expect(safe.u[9]![MORALE]).toBe(DEMORALIZED);
    // A German company three hexes away can fire on it: it flees, and stops in the first hex out of its fire.
    const firer = hex(sc, '0611');
    const fled = recoverFailing(edit(start, { 9: { hex: h, morale: DEMORALIZED }, 0: { hex: firer } }));
    const to = fled.u[9]![HEX]!;
    expect(to).not.toBe(h);
    expect(inSafeHex(draftOf(sc, fled), 9)).toBe(true);
    const range = sc.units[0]!.values[0]!.dfRange;
    expect(sc.map.grid.distance(to, firer) <= range + 1 || !sc.map.hasLos(firer, to)).toBe(true);
  });
});
