/**
 * IA2 6.4 and 12.13: a leader moving together with a unit he activated (ruling IA2-R19), on the proving
 * ground: German 0-1 INF, 4 CAV, 5 Oberst, 6 Major, 7 Hauptmann (infantry), 8 Rittmeister (cavalry); Russian 9 INF.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { assessJoin } from '../../../src/rules/ia2/escort-rating.js';
import { F_ESCORT, F_MOVED, F_SPENT, FACE, FLAGS, HEX, MORALE, MP, type State } from '../../../src/rules/ia2/state.js';
import { edit, firstSegment, ground, hex } from './helpers.js';

const { sc, game, start } = ground();
const at = firstSegment;
const flag = (s: State, u: number, f: number): boolean => (s.u[u]![FLAGS]! & f) !== 0;

describe('IA2 6.4: a leader moves with a unit he activates', () => {
  const A = hex(sc, '0606');
  const B = hex(sc, '0607');
  const C = hex(sc, '0608');
  const far = hex(sc, '0201');

  it('IA2 6.4: after join the leader enters every hex the unit enters, spends none of his own allowance, and both end Moved/Fired', () => {
    const s0 = at(edit(start, { 0: { hex: A }, 6: { hex: A }, 9: { hex: far } }));
    const dice = createRng('join');
    let s = game.apply(s0, 'lead 6', dice);
    expect(game.legalActions(s)).toContain('join 6 0');
    s = game.apply(s, 'join 6 0', dice);
    expect(s.mover).toBe(0);
    expect(game.legalActions(s).every((a) => a.startsWith('move 0 ') || a === 'stop 0' || a.startsWith('exit 0'))).toBe(true);
    s = game.apply(s, `move 0 ${B}`, dice);
    expect([s.u[0]![HEX], s.u[6]![HEX]]).toEqual([B, B]);
    s = game.apply(s, `move 0 ${C}`, dice);
    expect([s.u[0]![HEX], s.u[6]![HEX]]).toEqual([C, C]);
    expect(s.u[6]![MP]).toBe(0);
    s = game.apply(s, 'stop 0', dice);
    expect(s.mover).toBe(-1);
    expect([flag(s, 0, F_SPENT), flag(s, 6, F_SPENT), flag(s, 6, F_ESCORT)]).toEqual([true, true, false]);
    // The leader has acted: he can no longer move alone this segment.
    expect(game.legalActions(s).some((a) => a.startsWith('move 6 ') || a.startsWith('join 6 '))).toBe(false);
  });

  it('IA2 6.4: one join per leader and unit he led in his hex; none for a unit activated alone or of the other type', () => {
    const s0 = at(edit(start, { 0: { hex: A }, 1: { hex: A }, 4: { hex: A }, 6: { hex: A }, 8: { hex: A }, 9: { hex: far } }));
    const dice = createRng('pairs');
    const joins = (s: State) => game.legalActions(s).filter((a) => a.startsWith('join '));
    expect(joins(game.apply(s0, 'lead 6', dice)).sort()).toEqual(['join 6 0', 'join 6 1']);
    expect(joins(game.apply(s0, 'lead 8', dice))).toEqual(['join 8 4']);
    expect(joins(game.apply(s0, 'act 0', dice))).toEqual([]);
  });

  it('IA2 6.4: a leader who has moved alone cannot then join a unit', () => {
    const s0 = at(edit(start, { 0: { hex: A }, 1: { hex: A }, 6: { hex: A }, 9: { hex: far } }));
    const dice = createRng('order');
    let s = game.apply(s0, 'lead 6', dice);
    s = game.apply(game.apply(s, `move 6 ${B}`, dice), 'stop 6', dice);
    expect(game.legalActions(s).filter((a) => a.startsWith('join '))).toEqual([]);
    expect(flag(s, 0, F_MOVED)).toBe(false);
  });
});

describe('IA2 12.13: the leader moving with a unit under opportunity fire', () => {
  const A = hex(sc, '0606');
  const B = hex(sc, '0605');
  const enemy = hex(sc, '0602');
  const target = (events: readonly string[]): number =>
    Number(/Kompanie \(german #0\) morale check: \d+ against (\d+)/.exec(events.join('\n'))![1]);

  it("IA2 12.13: the fire takes the leader moving with the unit too, and his bonus raises the unit's morale for the check", () => {
    const withLeader = at(edit(start, { 0: { hex: A }, 6: { hex: A }, 9: { hex: enemy } }));
    let s = game.apply(
      game.apply(game.apply(withLeader, 'lead 6', createRng('x')), 'join 6 0', createRng('x')),
      `move 0 ${B}`,
      createRng('x'),
    );
    expect(s.oppWindow).toBe(true);
    s = game.apply(s, 'opfire 9', createRng('opfire'));
    expect(s.events.some((e) => e.startsWith('fire at') && e.includes('Major'))).toBe(true);
    const helped = target(s.events);

    // The same move led by the Major from a hex two away from where the fire lands: no bonus reaches it (6.61).
    const alone = at(edit(start, { 0: { hex: A }, 6: { hex: hex(sc, '0607') }, 9: { hex: enemy } }));
    let t = game.apply(game.apply(alone, 'lead 6', createRng('x')), `move 0 ${B}`, createRng('x'));
    t = game.apply(t, 'opfire 9', createRng('opfire'));
    expect(t.events.some((e) => e.startsWith('fire at') && e.includes('Major'))).toBe(false);
    expect(helped - target(t.events)).toBe(sc.units[6]!.faces[s.u[6]![FACE]!]!.moraleBonus);
    expect(helped - target(t.events)).toBeGreaterThan(0);
  });

  it('IA2 12.13: a leader shaken out of good order by the fire stops going with the unit', () => {
    const s0 = at(edit(start, { 0: { hex: A }, 6: { hex: A, morale: 0 }, 9: { hex: enemy } }));
    let s = game.apply(game.apply(game.apply(s0, 'lead 6', createRng('x')), 'join 6 0', createRng('x')), `move 0 ${B}`, createRng('x'));
    for (let seed = 0; seed < 200; seed++) {
      const t = game.apply(s, 'opfire 9', createRng(`shake${seed}`));
      if (t.u[6]![HEX] === B && t.u[6]![MORALE] !== 0) {
        s = t;
        break;
      }
    }
    expect(s.u[6]![MORALE]).not.toBe(0);
    expect(flag(s, 6, F_ESCORT)).toBe(false);
    expect(flag(s, 6, F_SPENT)).toBe(true);
  });
});

describe('IA2 6.4: the doctrine rating of a leader moving with a unit', () => {
  it('IA2 6.4: joining is worth more near the enemy than far from it, and other actions are not rated here', () => {
    const A = hex(sc, '0606');
    const rate = (enemy: string) => {
      const s = game.apply(at(edit(start, { 0: { hex: A }, 6: { hex: A }, 9: { hex: hex(sc, enemy) } })), 'lead 6', createRng('r'));
      return assessJoin(sc, s, 'join 6 0', 0)!.cohesion;
    };
    expect(rate('0603')).toBeGreaterThan(rate('0101'));
    expect(assessJoin(sc, start, 'pass', 0)).toBeNull();
  });
});
