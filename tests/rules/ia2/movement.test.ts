/** IA2 movement rules checked by the state they leave: rivers, fords and bridges, transports, night, rapid march, horse artillery. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { leaderReach } from '../../../src/rules/ia2/actions.js';
import { applyResults } from '../../../src/rules/ia2/combat.js';
import { rapidMarchShift } from '../../../src/rules/ia2/march.js';
import { acrossMajorRiver } from '../../../src/rules/ia2/rivers.js';
import {
  BANK,
  CARRIER,
  DISRUPTED,
  F_ACTIVE,
  F_LIMBERED,
  F_MOUNTED,
  F_HIDDEN,
  F_RAPID,
  F_SPENT,
  FLAGS,
  GOOD,
  HEX,
  MORALE,
  MP,
  type State,
  STEPS,
} from '../../../src/rules/ia2/state.js';
import { stackingAllows } from '../../../src/rules/ia2/units.js';
import { draftOf, edit, faces, hex, loadedDice } from './helpers.js';
import { riverGround, segmentOf, withField } from './movement-helpers.js';

const { sc, game, start } = riverGround();
const h = (label: string): number => hex(sc, label);
const col = (hx: number): number => Number(sc.map.grid.label(hx).slice(0, 2));
const holdAll = (s: State): State => (s.oppWindow ? holdAll(game.apply(s, 'hold', loadedDice())) : s);
const move = (s: State, u: number, label: string): State => holdAll(game.apply(s, `move ${u} ${h(label)}`, loadedDice()));
const movesOf = (s: State, u: number): number[] =>
  game
    .legalActions(s)
    .filter((a) => a.startsWith(`move ${u} `))
    .map((a) => Number(a.split(' ')[2]));
const MOUNTED = F_MOUNTED;
/** The start with `units` in hex `at` and a Russian company far off at 1201 (so the game goes on). */
const gathered = (units: readonly number[], at = '0310'): State =>
  edit(start, { ...Object.fromEntries(units.map((u) => [u, { hex: h(at) }])), 13: { hex: h('1201') } });

describe('IA2 rivers, fords and bridges', () => {
  it('IA2 5.3 / 5.8: along the road a bridge hex costs the road rate and the river is crossed without stopping', () => {
    const s = edit(start, { 0: { hex: h('0306') }, 6: { hex: h('0306') }, 13: { hex: h('0112') } });
    let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    a = move(a, 0, '0406');
    a = move(a, 0, '0506');
    expect(a.u[0]![HEX]).toBe(h('0506'));
    expect(a.u[0]![MP]).toBe(1);
    expect(a.mover).toBe(0);
  });

  it('IA2 5.3: off the road a bridge hex costs the River rate, and the bridge then crosses without stopping', () => {
    const s = edit(start, { 4: { hex: h('0307'), flags: MOUNTED }, 7: { hex: h('0307') }, 13: { hex: h('0112') } });
    let a = game.apply(segmentOf(s, 0), 'lead 7', loadedDice());
    a = move(a, 4, '0406');
    expect(a.u[4]![MP]).toBe(3);
    a = move(a, 4, '0507');
    expect(a.u[4]![MP]).toBe(4);
    expect(a.mover).toBe(4);
  });

  it('IA2 5.81: a minor river hex costs the River rate; leaving it across the river ends the move, back to the same bank does not', () => {
    const s = edit(start, { 4: { hex: h('0310'), flags: MOUNTED }, 7: { hex: h('0310') }, 13: { hex: h('0112') } });
    let a = game.apply(segmentOf(s, 0), 'lead 7', loadedDice());
    a = move(a, 4, '0410');
    expect(a.u[4]![MP]).toBe(3);
    expect(a.u[4]![BANK]).toBe(2);
    const east = movesOf(a, 4).find((n) => col(n) === 5)!;
    const west = movesOf(a, 4).find((n) => col(n) === 3)!;
    const across = holdAll(game.apply(a, `move 4 ${east}`, loadedDice()));
    expect(across.u[4]![HEX]).toBe(east);
    expect(across.mover).toBe(-1);
    expect(across.u[4]![FLAGS]! & F_SPENT).toBeTruthy();
    const back = holdAll(game.apply(a, `move 4 ${west}`, loadedDice()));
    expect(back.mover).toBe(4);
    expect(back.u[4]![BANK]).toBe(0);
  });

  it('IA2 5.8: a ford costs the scenario cost and the unit crosses and keeps moving', () => {
    const s = edit(start, { 4: { hex: h('0309'), flags: MOUNTED }, 7: { hex: h('0309') }, 13: { hex: h('0112') } });
    let a = game.apply(segmentOf(s, 0), 'lead 7', loadedDice());
    a = move(a, 4, '0409');
    expect(a.u[4]![MP]).toBe(2);
    a = move(a, 4, '0509');
    expect(a.u[4]![HEX]).toBe(h('0509'));
    expect(a.mover).toBe(4);
    expect(a.u[4]![MP]).toBe(3);
  });

  it('IA2 5.82: in a major river a unit moves along it and leaves on the bank it came from; it crosses only at a ford', () => {
    const s = edit(start, { 4: { hex: h('0709'), flags: MOUNTED }, 7: { hex: h('0709') }, 13: { hex: h('0112') } });
    let a = game.apply(segmentOf(s, 0), 'lead 7', loadedDice());
    a = move(a, 4, '0809');
    expect(a.u[4]![MP]).toBe(4);
    expect(movesOf(a, 4).filter((n) => col(n) === 9)).toEqual([]);
    expect(movesOf(a, 4).some((n) => col(n) === 7)).toBe(true);
    a = move(a, 4, '0810');
    expect(a.u[4]![MP]).toBe(6);
    expect(a.u[4]![BANK]).toBe(2);
    a = move(a, 4, '0910');
    expect(a.u[4]![HEX]).toBe(h('0910'));
    expect(a.mover).toBe(4);
  });

  it('IA2 5.83: in a Major River assault hex with the sides on opposite banks each attack is -2 and no Cold Steel is offered', () => {
    const s = edit(start, { 0: { hex: h('0805') }, 6: { hex: h('0805') }, 13: { hex: h('0805') } });
    const apart = withField(s, BANK, { 0: 1, 6: 1, 13: 2 });
    const together = withField(s, BANK, { 0: 1, 6: 1, 13: 1 });
    expect(acrossMajorRiver(draftOf(sc, apart), h('0805'), [0, 6], [13])).toBe(true);
    expect(acrossMajorRiver(draftOf(sc, together), h('0805'), [0, 6], [13])).toBe(false);
    const cold = (st: State) => game.legalActions(game.apply(segmentOf(st, 0), 'lead 6', loadedDice())).includes('cold 6');
    expect(cold(apart)).toBe(false);
    expect(cold(together)).toBe(true);
  });

  it('IA2 5.83: in Cold Steel a defender across a Major River from every attacker takes no part; one on their bank fights', () => {
    const s = withField(
      edit(start, { 0: { hex: h('0805') }, 1: { hex: h('0805') }, 6: { hex: h('0805') }, 13: { hex: h('0805') }, 14: { hex: h('0805') } }),
      BANK,
      {
        0: 1,
        1: 1,
        6: 1,
        13: 1,
        14: 2,
      },
    );
    const led = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    let near = 0;
    for (let seed = 0; seed < 30; seed++) {
      const after = game.apply(led, 'cold 6', createRng(`cold-${seed}`));
      expect(after.u[14]).toEqual(s.u[14]);
      if (after.u[13]![STEPS] !== s.u[13]![STEPS] || after.u[13]![MORALE] !== s.u[13]![MORALE]) near++;
    }
    expect(near).toBeGreaterThan(0);
  });

  it('IA2 5.84: a lake hex may not be entered, not even as the one hex a unit may always move', () => {
    const s = edit(start, { 0: { hex: h('1209') }, 6: { hex: h('1209') }, 13: { hex: h('0101') } });
    const a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    expect(movesOf(a, 0)).not.toContain(h('1210'));
    expect(movesOf(a, 0)).toContain(h('1208'));
  });
});

describe('IA2 night movement and rapid march', () => {
  it('IA2 5.7: at night a unit not activated by a leader enters only friendly-controlled hexes; led, it may go on', () => {
    const s = edit(start, { 0: { hex: h('0607') }, 1: { hex: h('1212') }, 6: { hex: h('0607') }, 13: { hex: h('0603') } });
    const away = h('0608');
    const night = { ...s, turn: 7 };
    expect(movesOf(game.apply(segmentOf(night, 0), 'act 0', loadedDice()), 0)).not.toContain(away);
    expect(movesOf(game.apply(segmentOf(s, 0), 'act 0', loadedDice()), 0)).toContain(away);
    expect(movesOf(game.apply(segmentOf(night, 0), 'lead 6', loadedDice()), 0)).toContain(away);
  });

  it('IA2 15.8: out of enemy sight a unit marches along the road at twice its allowance; in sight it stops at its allowance', () => {
    const road = ['0306', '0406', '0506', '0606', '0706', '0806', '0906', '1006', '1106', '1206'];
    const run = (enemyAt: string): State => {
      const s = edit(start, { 0: { hex: h('0206') }, 6: { hex: h('0206') }, 13: { hex: h(enemyAt) } });
      let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
      for (const l of road) {
        if (a.mover === -1 && a.u[0]![MP] !== 0) break;
        if (!movesOf(a, 0).includes(h(l))) break;
        a = move(a, 0, l);
      }
      return a;
    };
    const hidden = run('0101');
    expect(hidden.u[0]![HEX]).toBe(h('1206'));
    expect(hidden.u[0]![MP]).toBe(5);
    expect(hidden.u[0]![FLAGS]! & F_RAPID).toBeTruthy();
    expect(game.apply(hidden, 'stop 0', loadedDice()).u[0]![FLAGS]! & F_RAPID).toBe(0);
    const seen = run('0112');
    expect(seen.u[0]![HEX]).toBe(h('1006'));
    expect(seen.mover).toBe(-1);
  });

  it('IA2 15.8: off the road the rapid march is lost: a unit past its own allowance stops', () => {
    const s = edit(start, { 0: { hex: h('0206') }, 6: { hex: h('0206') }, 13: { hex: h('0101') } });
    let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    for (const l of ['0306', '0406', '0506', '0606', '0706', '0806', '0906', '1006', '1106']) a = move(a, 0, l);
    expect(a.u[0]![MP]).toBe(4.5);
    expect(a.u[0]![FLAGS]! & F_RAPID).toBeTruthy();
    // Only the road (1006 back, 1206 on) is left: any step off it would end the march at 4.5 MP spent of 4.
    expect(movesOf(a, 0).sort((x, y) => x - y)).toEqual([h('1006'), h('1206')]);
  });

  it('IA2 15.8: a hidden unit firing at a unit on rapid march shifts two columns; a visible one does not, nor at a unit not marching', () => {
    const s = withField(edit(start, { 0: { hex: h('0506') }, 13: { hex: h('0508') } }), FLAGS, { 0: F_RAPID });
    expect(rapidMarchShift(draftOf(sc, s), 13, 0)).toBe(0);
    const hidden = withField(s, FLAGS, { 0: F_RAPID, 13: F_HIDDEN });
    expect(rapidMarchShift(draftOf(sc, hidden), 13, 0)).toBe(2);
    expect(rapidMarchShift(draftOf(sc, withField(s, FLAGS, { 0: 0, 13: F_HIDDEN })), 13, 0)).toBe(0);
  });
});

describe('IA2 transports', () => {
  it('IA2 5.64: a wagon loads a limbered MG of its hex, both spent; loaded, the MG is out of the hex list and moves with the wagon', () => {
    const s = edit(start, { 9: { hex: h('0310') }, 2: { hex: h('0310'), flags: F_LIMBERED }, 13: { hex: h('1201') } });
    const a = game.apply(segmentOf(s, 0), 'act 9', loadedDice());
    expect(game.legalActions(a)).toContain('load 9 2');
    const loaded = game.apply(a, 'load 9 2', loadedDice());
    expect(loaded.u[2]![CARRIER]).toBe(10);
    expect(loaded.u[2]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(loaded.u[9]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(draftOf(sc, loaded).unitsIn(h('0310'))).toEqual([9]);
    const next = withField(loaded, FLAGS, { 2: F_LIMBERED, 9: 0 });
    let b = game.apply(segmentOf(next, 0), 'act 9', loadedDice());
    expect(b.u[2]![FLAGS]! & F_ACTIVE).toBeTruthy();
    b = move(b, 9, '0311');
    expect(b.u[2]![HEX]).toBe(h('0311'));
    expect(b.u[2]![CARRIER]).toBe(10);
  });

  it('IA2 5.64 / 5.63: an unlimbered field gun limbers as it loads with a passed morale check; failing, nothing loads and both are spent', () => {
    const s = edit(start, { 9: { hex: h('0310') }, 3: { hex: h('0310'), flags: 0 }, 13: { hex: h('1201') } });
    const a = game.apply(segmentOf(s, 0), 'act 9', loadedDice());
    const passed = game.apply(a, 'load 9 3', loadedDice(...faces(5)));
    expect(passed.u[3]![CARRIER]).toBe(10);
    expect(passed.u[3]![FLAGS]! & F_LIMBERED).toBeTruthy();
    const failed = game.apply(a, 'load 9 3', loadedDice(...faces(12)));
    expect(failed.u[3]![CARRIER]).toBe(0);
    expect(failed.u[3]![FLAGS]! & F_LIMBERED).toBe(0);
    expect(failed.u[9]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 5.65 / 5.66: the load unloads after the wagon has moved and may then only unlimber; the wagon moves on', () => {
    const s = edit(start, { 8: { hex: h('1108') }, 10: { hex: h('1108') }, 13: { hex: h('0101') } });
    let a = game.apply(segmentOf(s, 0), 'act 8', loadedDice());
    a = move(a, 8, '1109');
    expect(game.legalActions(a)).toContain('unload 10');
    a = game.apply(a, 'unload 10', loadedDice());
    expect(a.u[10]![CARRIER]).toBe(0);
    expect(a.mover).toBe(8);
    a = move(a, 8, '1110');
    expect(a.u[10]![HEX]).toBe(h('1109'));
    expect(a.u[8]![HEX]).toBe(h('1110'));
    a = game.apply(a, 'stop 8', loadedDice());
    expect(game.legalActions(a).filter((x) => x.split(' ').includes('10'))).toEqual(['unlimber 10']);
  });

  it('IA2 5.69: a loaded weapon activated may only unload: it does not fire', () => {
    const s = edit(start, { 8: { hex: h('0310') }, 10: { hex: h('0310') }, 13: { hex: h('0308') } });
    const a = game.apply(segmentOf(s, 0), 'act 10', loadedDice());
    expect(game.legalActions(a)).toEqual(['unload 10', 'end']);
  });

  it('IA2 5.67 / 5.68 / 4.4: a disrupted wagon disrupts its MG, which is thrown off; the hex overstacked, the MG is eliminated', () => {
    const here = h('0310');
    const s = gathered([0, 1, 3, 8, 10]);
    const d = draftOf(sc, s, loadedDice(1, 1, 1, 1, 1, 1, ...faces(9)));
    applyResults(d, [0, 1, 3, 8], ['M', 'M', 'M', 'M']);
    const after = d.seal();
    expect(after.u[8]![MORALE]).toBe(DISRUPTED);
    expect(after.u[8]![HEX]).toBe(here);
    expect(after.u[10]![HEX]).toBe(-2);
    expect(after.lost[0]).toBe(1);
    // Not overstacked: the MG stays, disrupted, limbered, unloaded and free to activate.
    const alone = gathered([8, 10]);
    const d2 = draftOf(sc, alone, loadedDice(...faces(9)));
    applyResults(d2, [8], ['M']);
    const off = d2.seal();
    expect(off.u[10]![HEX]).toBe(here);
    expect(off.u[10]![MORALE]).toBe(DISRUPTED);
    expect(off.u[10]![CARRIER]).toBe(0);
    expect(off.u[10]![FLAGS]! & F_LIMBERED).toBeTruthy();
    expect(off.u[10]![FLAGS]! & F_SPENT).toBe(0);
  });

  it('IA2 5.67 / 8.61 / 6.7: an X eliminates the wagon with its load and a step of a company; only the company step counts for the leader', () => {
    const here = h('0310');
    const s = gathered([0, 6, 8, 10]);
    // Major's M2 check 2, the company's 2, then the Major's casualty roll 4: 4 - 1 loss > 2, he lives.
    const d = draftOf(sc, s, loadedDice(1, 1, 1, 1, 2, 2));
    applyResults(d, [0, 6, 8], ['X', 'X', 'X']);
    const after = d.seal();
    expect(after.u[8]![HEX]).toBe(-2);
    expect(after.u[10]![HEX]).toBe(-2);
    expect(after.u[0]![STEPS]).toBe(1);
    expect(after.u[6]![HEX]).toBe(here);
    expect(after.lost[0]).toBe(3);
  });

  it('IA2 5.69: an enemy combat unit entering a hex of transports alone eliminates them; a wagon entering it does nothing', () => {
    const s = edit(start, {
      0: { hex: h('0609') },
      6: { hex: h('0609') },
      9: { hex: h('0509') },
      15: { hex: h('0608') },
      13: { hex: h('1201') },
    });
    let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    expect(movesOf(a, 9)).toContain(h('0608'));
    const wagon = move(a, 9, '0608');
    expect(wagon.u[15]![HEX]).toBe(h('0608'));
    a = move(a, 0, '0608');
    expect(a.u[15]![HEX]).toBe(-2);
  });

  it('IA2 4.1 / 5.6: a loaded weapon does not count toward stacking; its wagon counts as one transport', () => {
    const here = h('0310');
    const s = gathered([0, 1, 3, 8, 10]);
    const d = draftOf(sc, s);
    expect(stackingAllows(d, here, 0, 9)).toBe(true);
    expect(stackingAllows(d, here, 0, 2)).toBe(false);
  });
});

describe('IA2 horse artillery', () => {
  it('IA2 6.11: a horse-artillery gun and wagon answer a cavalry leader, not an infantry one', () => {
    const s = gathered([0, 6, 7, 11, 12]);
    const d = draftOf(sc, s);
    expect(leaderReach(d, 7)).toEqual([7, 11, 12]);
    expect(leaderReach(d, 6)).toEqual([0, 6]);
    expect(s.u[11]![MORALE]).toBe(GOOD);
  });
});
