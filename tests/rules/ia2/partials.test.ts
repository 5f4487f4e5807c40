/** IA2 rules once partly implemented, checked by the state they leave: entrenchments, first fire, decapitation, cavalry. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { ELIMINATED } from '../../../src/hex/units.js';
import { flee, inSafeHex } from '../../../src/rules/ia2/actions.js';
import {
  assaultStrength,
  bombardColumn,
  drumfireOnMover,
  eliminate,
  firstFireDefenders,
  setMorale,
} from '../../../src/rules/ia2/combat.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import type { Scenario } from '../../../src/rules/ia2/scenario.js';
import {
  DEMORALIZED,
  DISRUPTED,
  F_ACTIVE,
  F_LED,
  F_MOUNTED,
  F_ON_TOP,
  F_SPENT,
  F_SPOTTED,
  FLAGS,
  GOOD,
  HEX,
  MORALE,
  STEPS,
  type State,
} from '../../../src/rules/ia2/state.js';
import { entrenched, keepSpottedAfterMove, settleEntrenchments } from '../../../src/rules/ia2/units.js';
import { diceAndPicks } from './choices.js';
import { draftOf, edit, ground, hex, loadedDice } from './helpers.js';
import { segmentOf } from './movement-helpers.js';
import { groundWith } from './scenario-edit.js';

/** The proving ground changed by `change` (scenario-edit.ts), its game, and the position after its pre-game. */
function groundGame(change: Parameters<typeof groundWith>[0]): { sc: Scenario; game: Ia2Game; start: State } {
  const sc = groundWith(change);
  const game = new Ia2Game(sc, { narrate: true });
  const rng = createRng('partials');
  return { sc, game, start: withDefaultPlans(game, game.initialState(rng), rng) };
}

const flagged = (s: State, unit: number, flag: number): boolean => (s.u[unit]![FLAGS]! & flag) !== 0;

describe('IA2 entrenchments: who is under the marker (15.31)', () => {
  const entrenchedGround = () =>
    groundGame((data) => {
      data.map.entrenchments = ['0606'];
    });

  /** German company 0, led by its Major from 0607, has assaulted into the entrenchment at 0606 that Russian company 9 holds. */
  function assaultedEntrenchment(): { sc: Scenario; start: State; a: State; h: number } {
    const { sc, game, start } = entrenchedGround();
    const h = hex(sc, '0606');
    const s = segmentOf(edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: h } }), 0);
    return { sc, start, h, a: game.apply(game.apply(s, 'lead 6', loadedDice()), `assault 0 ${h}`, loadedDice()) };
  }

  it('IA2 15.31: attackers entering an entrenchment the enemy holds stand on top, without its -2; the defenders under it keep theirs', () => {
    const { sc, start, a, h } = assaultedEntrenchment();
    expect(a.u[0]![HEX]).toBe(h);
    expect(flagged(a, 0, F_ON_TOP)).toBe(true);
    expect(flagged(a, 9, F_ON_TOP)).toBe(false);
    const d = draftOf(sc, a);
    expect([entrenched(d, 0), entrenched(d, 9)]).toEqual([false, true]);
    // Fire at the attacker is as in the open; at the defender 2 columns left.
    const openAttacker = bombardColumn(draftOf(sc, edit(start, { 0: { hex: hex(sc, '0706') } })), 14, 1, 0, false);
    const openDefender = bombardColumn(draftOf(sc, edit(start, { 9: { hex: hex(sc, '0706') } })), 14, 0, 9, false);
    expect(bombardColumn(d, 14, 1, 0, false)).toBe(openAttacker);
    expect(bombardColumn(d, 14, 0, 9, false)).toBe(openDefender - 2);
  });

  it('IA2 15.31: when the last unit under the marker is eliminated, the enemy on top goes under it', () => {
    const { sc, a } = assaultedEntrenchment();
    const d = draftOf(sc, a);
    eliminate(d, 9);
    settleEntrenchments(d);
    expect(d.flag(0, F_ON_TOP)).toBe(false);
    expect(entrenched(d, 0)).toBe(true);
  });

  it('IA2 15.31: a unit entering an entrenchment no enemy holds goes under the marker; leaving it, it is in the open', () => {
    const { sc, game, start } = entrenchedGround();
    const h = hex(sc, '0606');
    const s = segmentOf(edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0101') } }), 0);
    const moved = game.apply(game.apply(s, 'lead 6', loadedDice()), `move 0 ${h}`, loadedDice());
    expect(moved.u[0]![HEX]).toBe(h);
    expect(flagged(moved, 0, F_ON_TOP)).toBe(false);
    expect(entrenched(draftOf(sc, moved), 0)).toBe(true);
    expect(entrenched(draftOf(sc, edit(moved, { 0: { hex: hex(sc, '0706') } }, true)), 0)).toBe(false);
  });

  it('IA2 15.31 / 15.33: a demoralized attacker on top of the marker recovers without the +1 and, failing, flees', () => {
    const { sc, game, start } = entrenchedGround();
    const h = hex(sc, '0606');
    // Russian 9 holds the entrenchment; German 0 entered and stands on top, demoralized.
    const recover = (flags: number) => {
      const s = segmentOf(edit(start, { 9: { hex: h }, 0: { hex: h, morale: DEMORALIZED, flags } }), 0);
      return game.apply(game.apply(s, 'act 0', loadedDice()), 'recover 0', diceAndPicks([3, 4, ...new Array<number>(10).fill(1)]));
    };
    // Demoralized morale 7: a roll of 7 recovers under the marker (+1), not on top of it.
    expect(recover(0).u[0]![MORALE]).toBe(DISRUPTED);
    const onTop = recover(F_ON_TOP);
    expect(onTop.u[0]![MORALE]).toBe(DEMORALIZED);
    expect(onTop.u[0]![HEX]).not.toBe(h);
  });
});

describe('IA2 first fire with some defenders dug in (11.33)', () => {
  /** The defenders' fire events of an assault by German 0 (led by 6) on 0606, in order. */
  function assaultEvents(defenders: Record<number, { hex?: number; dig?: number }>): { first: string; firers: readonly number[] } {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = segmentOf(edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, ...defenders }), 0);
    const a = game.apply(game.apply(s, 'lead 6', loadedDice()), `assault 0 ${h}`, loadedDice());
    const d = draftOf(sc, a);
    const firers = firstFireDefenders(d, Object.keys(defenders).map(Number), false);
    const b = game.apply(a, 'end', loadedDice(...new Array<number>(60).fill(6)));
    const first = b.events.find((e) => e.startsWith('defenders (') || e.startsWith('attackers ('))!;
    return { first, firers };
  }

  it('IA2 11.33: the dug-in half of the defence fires first alone; the others do not fire but are hit', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const { first, firers } = assaultEvents({ 9: { hex: h, dig: 2 }, 10: { hex: h } });
    expect(firers).toEqual([9]);
    const alone = assaultStrength(draftOf(sc, edit(start, { 9: { hex: h } })), [9], false);
    expect(first).toMatch(new RegExp(`^defenders \\(${alone}\\)`));
  });

  it('IA2 11.33: when the dug-in units are the smaller part, everyone fires at once with the attacker', () => {
    const { sc } = ground();
    const h = hex(sc, '0606');
    const { first, firers } = assaultEvents({ 9: { hex: h, dig: 2 }, 10: { hex: h }, 11: { hex: h } });
    expect(firers).toEqual([]);
    expect(first).toMatch(/^attackers/);
  });
});

describe('IA2 decapitation by type (6.73)', () => {
  /** Turn 3 of the proving ground with the German Oberst (infantry) dead: the penalty runs to turn 5. */
  const decapitated = (s: State): State => segmentOf({ ...s, turn: 3, decapUntil: [5, 0], decapDone: [1, 0] }, 0);

  it('IA2 6.73: after the infantry Oberst falls, an infantry leader checks to activate and a failure spends him; a cavalry leader does not check', () => {
    const { sc, game, start } = ground();
    const s = decapitated(
      edit(start, { 6: { hex: hex(sc, '0606') }, 0: { hex: hex(sc, '0606') }, 8: { hex: hex(sc, '0608') }, 4: { hex: hex(sc, '0608') } }),
    );
    const cav = game.apply(s, 'lead 8', loadedDice());
    expect(flagged(cav, 8, F_ACTIVE) && flagged(cav, 4, F_ACTIVE)).toBe(true);
    const failed = game.apply(s, 'lead 6', loadedDice(6, 6));
    expect(flagged(failed, 6, F_SPENT)).toBe(true);
    expect(flagged(failed, 0, F_ACTIVE)).toBe(false);
  });

  it('IA2 6.73: in a stack activation the infantry leader who fails his check is spent; the cavalry leader leads his own', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = decapitated(edit(start, { 6: { hex: h }, 0: { hex: h }, 8: { hex: h }, 4: { hex: h } }));
    const a = game.apply(s, `stack ${h}`, loadedDice(6, 6));
    expect(flagged(a, 6, F_SPENT)).toBe(true);
    expect([flagged(a, 0, F_ACTIVE), flagged(a, 0, F_LED)]).toEqual([true, false]);
    expect([flagged(a, 4, F_ACTIVE), flagged(a, 4, F_LED)]).toEqual([true, true]);
  });
});

describe('IA2 cavalry restrictions (14.7)', () => {
  it('IA2 14.7: dismounted cavalry demoralized re-mounts at once and is marked Moved/Fired; mounted cavalry is not marked', () => {
    const { sc, start } = ground();
    const d = draftOf(sc, edit(start, { 13: { hex: hex(sc, '0606'), flags: 0 }, 4: { hex: hex(sc, '0608'), flags: F_MOUNTED } }));
    setMorale(d, 13, DEMORALIZED);
    setMorale(d, 4, DEMORALIZED);
    expect([d.flag(13, F_MOUNTED), d.flag(13, F_SPENT)]).toEqual([true, true]);
    expect([d.flag(4, F_MOUNTED), d.flag(4, F_SPENT)]).toEqual([true, false]);
  });
});

describe('IA2 harassing fire at every piece that left (11.23)', () => {
  it('IA2 11.23: the first company out of the assault hex draws no fire; when the last leaves, one roll hits both', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = segmentOf(edit(start, { 0: { hex: h }, 1: { hex: h }, 6: { hex: hex(sc, '0607') }, 9: { hex: h } }), 0);
    const a = game.apply(s, 'lead 6', loadedDice());
    const first = game.apply(a, `move 0 ${hex(sc, '0607')}`, loadedDice());
    expect(first.events.some((e) => e.startsWith('harassing fire'))).toBe(false);
    expect(first.u[0]![HEX]).toBe(hex(sc, '0607'));
    const out = game
      .legalActions(first)
      .filter((x) => x.startsWith('move 1 '))
      .map((x) => Number(x.split(' ')[2]))
      .find((t) => t !== hex(sc, '0607'))!;
    // The Russian company (5, the 4 column), roll 3: 2Z on each leaving company, in both hexes.
    const last = game.apply(first, `move 1 ${out}`, loadedDice(1, 2));
    expect(last.events.filter((e) => e.startsWith('harassing fire'))).toHaveLength(1);
    expect([last.u[0]![HEX], last.u[1]![HEX]]).toEqual([ELIMINATED, ELIMINATED]);
  });
});

describe('IA2 the charge through leaders (11.73)', () => {
  const position = (extra: Record<number, { hex: number }>, sc: Scenario, start: State): State =>
    segmentOf(
      edit(start, { 4: { hex: hex(sc, '0607'), flags: F_MOUNTED }, 8: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0605') }, ...extra }),
      0,
    );

  it('IA2 11.73: cavalry may charge through a hex holding only leaders; enemy leaders there are overrun', () => {
    const { sc, game, start } = ground();
    const v = hex(sc, '0606');
    const charge = `charge 4 ${v} ${hex(sc, '0605')}`;
    const friendly = game.apply(position({ 7: { hex: v } }, sc, start), 'lead 8', loadedDice());
    expect(game.legalActions(friendly)).toContain(charge);
    const enemy = game.apply(position({ 15: { hex: v } }, sc, start), 'lead 8', loadedDice());
    expect(game.legalActions(enemy)).toContain(charge);
    // 6.72: a roll of 9 or more removes the Russian leader.
    const b = game.apply(enemy, charge, loadedDice(5, 4));
    expect(b.u[4]![HEX]).toBe(v);
    expect(b.u[15]![HEX]).toBeLessThan(0);
    const unit = game.apply(position({ 1: { hex: v } }, sc, start), 'lead 8', loadedDice());
    expect(game.legalActions(unit)).not.toContain(charge);
  });
});

describe('IA2 the Spotted marker on the move (7.22)', () => {
  /** The proving ground with woods at 0506 and 0606. */
  const woodsGround = () =>
    groundGame((data) => {
      data.map.terrain[5] = '....ww......';
    });

  /** German 0 (marked Spotted) and its Major in the woods at 0506 move to the woods at 0606, the Russian company at `enemy`. */
  function moveInWoods(enemy: string): State {
    const { sc, game, start } = woodsGround();
    const s = segmentOf(
      edit(start, { 0: { hex: hex(sc, '0506'), flags: F_SPOTTED }, 6: { hex: hex(sc, '0506') }, 9: { hex: hex(sc, enemy) } }),
      0,
    );
    return game.apply(game.apply(s, 'lead 6', loadedDice()), `move 0 ${hex(sc, '0606')}`, loadedDice());
  }

  it('IA2 7.22: a spotted unit moving into woods within 3 hexes of an enemy in line of sight stays spotted', () => {
    const s = moveInWoods('0603');
    expect(flagged(s, 0, F_SPOTTED)).toBe(true);
    // Still spotted in its new hex: the Russian company may make opportunity fire at it there.
    expect(s.oppWindow).toBe(true);
  });

  it('IA2 7.22: a spotted unit moving into woods farther than 3 hexes from every enemy loses the marker', () => {
    const s = moveInWoods('0601');
    expect(flagged(s, 0, F_SPOTTED)).toBe(false);
    expect(s.oppWindow).toBe(false);
  });

  it('IA2 7.22: a spotted unit moving into clear ground out of every enemy line of sight loses the marker; in sight it keeps it', () => {
    const { sc, start } = woodsGround();
    const keptAgainst = (enemy: string): boolean => {
      const d = draftOf(sc, edit(start, { 0: { hex: hex(sc, '0607'), flags: F_SPOTTED }, 9: { hex: hex(sc, enemy) } }));
      keepSpottedAfterMove(d, 0);
      return d.flag(0, F_SPOTTED);
    };
    // The woods at 0606 stand between 0601 and 0607; nothing stands between 0610 and 0607.
    expect(keptAgainst('0601')).toBe(false);
    expect(keptAgainst('0610')).toBe(true);
  });

  it('IA2 7.22: opportunity fire from woods marks the firer Spotted', () => {
    const { sc, game, start } = woodsGround();
    const s = segmentOf(edit(start, { 0: { hex: hex(sc, '0609') }, 6: { hex: hex(sc, '0609') }, 9: { hex: hex(sc, '0606') } }), 0);
    const a = game.apply(game.apply(s, 'lead 6', loadedDice()), `move 0 ${hex(sc, '0608')}`, loadedDice());
    expect(a.oppWindow).toBe(true);
    const b = game.apply(a, 'opfire 9', diceAndPicks(new Array<number>(12).fill(6)));
    expect(flagged(b, 9, F_SPOTTED)).toBe(true);
  });
});

describe('IA2 drumfire is no safe zone (9.62)', () => {
  it('IA2 9.62: a two-step mover that loses a step to drumfire but passes its check may go on', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0810');
    const s = { ...edit(start, { 0: { hex: h } }), drumfire: [hex(sc, '0710'), hex(sc, '0809'), h, 14, 1] };
    // 14 on the 12 column, +1 for the company: 16; roll 4: X; the M2 check 5 + 2 against 8 passes.
    const d = draftOf(sc, s, loadedDice(2, 2, 4, 1));
    expect(drumfireOnMover(d, 0, h)).toBe(true);
    expect([d.get(0, STEPS), d.get(0, MORALE)]).toEqual([1, GOOD]);
  });

  it('IA2 9.62: a drumfire hex is never a Safe Hex, and a fleeing unit never enters one', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0610');
    const quiet = edit(start, { 0: { hex: h }, 9: { hex: hex(sc, '0101') } });
    expect(inSafeHex(draftOf(sc, quiet), 0)).toBe(true);
    expect(inSafeHex(draftOf(sc, { ...quiet, drumfire: [h, h, h, 14, 0] }), 0)).toBe(false);
    // A demoralized company at 0606 under the Russian company's fire at 0603: every hex it could flee to but one is drumfire.
    const grid = sc.map.grid;
    const at = hex(sc, '0606');
    const enemy = hex(sc, '0603');
    const away = [0, 1, 2, 3, 4, 5]
      .map((k) => grid.neighbour(at, k))
      .filter((n) => n >= 0 && grid.distance(n, enemy) > grid.distance(at, enemy));
    const drummed = away.slice(0, -1);
    const drumfire = drummed.flatMap((n) => [n, n, n, 14, 1]);
    const s = { ...edit(start, { 0: { hex: at, morale: DEMORALIZED }, 9: { hex: enemy } }), drumfire };
    const d = draftOf(sc, s, diceAndPicks([]));
    flee(d, 0);
    const path = d.events!.filter((e) => e.includes(' flees to ')).map((e) => grid.parseLabel(e.slice(e.lastIndexOf(' ') + 1)));
    expect(path.length).toBeGreaterThan(0);
    expect(path[0]).toBe(away[away.length - 1]);
    expect(path.some((p) => drummed.includes(p))).toBe(false);
  });
});

describe('IA2 line of sight between levels (7.41, 7.52)', () => {
  /** The proving ground with rows 01-02 at level 1, the rest level 0; woods at 0603, 0408 and 0205; level-1 hexes at 0808 and 1003. */
  const slopes = () =>
    groundWith((data) => {
      const rows = Array.from({ length: 12 }, () => '.'.repeat(12).split(''));
      const elev = Array.from({ length: 12 }, (_, r) => (r < 2 ? '1' : '0').repeat(12).split(''));
      const set = (grid: string[][], label: string, c: string) => {
        grid[Number(label.slice(2)) - 1]![Number(label.slice(0, 2)) - 1] = c;
      };
      for (const w of ['0603', '0408', '0205']) set(rows, w, 'w');
      for (const e of ['0808', '1003']) set(elev, e, '1');
      data.map = { ...data.map, terrain: rows.map((r) => r.join('')), elevation: elev.map((r) => r.join('')) };
    });

  it('IA2 7.52: woods as high as the higher unit block only nearer the lower unit: near the higher one or halfway they do not', () => {
    const sc = slopes();
    const los = (a: string, b: string) => sc.map.hasLos(hex(sc, a), hex(sc, b));
    expect(los('0601', '0610')).toBe(true);
    expect(los('0401', '0410')).toBe(false);
    expect(los('0201', '0209')).toBe(true);
  });

  it('IA2 7.41 / 7.52: a slope hex at the higher unit level blocks nearer the lower unit; a plateau reaching out from the higher one does not', () => {
    const sc = slopes();
    const los = (a: string, b: string) => sc.map.hasLos(hex(sc, a), hex(sc, b));
    expect(los('0801', '0810')).toBe(false);
    expect(los('1001', '1010')).toBe(true);
    // 7.51: between two level-0 hexes the level-1 hex blocks wherever it stands.
    expect(los('0807', '0810')).toBe(false);
  });
});

describe('IA2 mixed stacks (5.52)', () => {
  it('IA2 5.52: a stack with only an infantry leader activates its cavalry unled; around it only his type answers, and through a captain two hexes out', () => {
    const { sc, game, start } = ground();
    const grid = sc.map.grid;
    const h = hex(sc, '0610');
    const [n1, n2] = [grid.neighbour(h, 0), grid.neighbour(h, 3)];
    const far = [0, 1, 2, 3, 4, 5].map((k) => grid.neighbour(n2, k)).find((x) => x >= 0 && grid.distance(x, h) === 2)!;
    // Stack: Major 6, company 0, mounted cavalry 4. Next to it: company 1, Hauptmann 7, Rittmeister 8; two hexes out: MG 2.
    const s = segmentOf(
      edit(start, {
        6: { hex: h },
        0: { hex: h },
        4: { hex: h, flags: F_MOUNTED },
        1: { hex: n1 },
        8: { hex: n1 },
        7: { hex: n2 },
        2: { hex: far },
        9: { hex: hex(sc, '0604') },
      }),
      0,
    );
    const a = game.apply(s, `stack ${h}`, loadedDice());
    const on = (p: number) => [flagged(a, p, F_ACTIVE), flagged(a, p, F_LED)];
    expect(on(0)).toEqual([true, true]);
    expect(on(4)).toEqual([true, false]);
    expect(on(1)).toEqual([true, true]);
    expect(on(7)).toEqual([true, true]);
    expect(on(2)).toEqual([true, true]);
    expect(on(8)).toEqual([false, false]);
    // Unled, the cavalry in the stack may not move closer to the enemy at 0604; the led company may.
    const closer = hex(sc, '0609');
    const legal = game.legalActions(a);
    expect(legal).toContain(`move 0 ${closer}`);
    expect(legal).not.toContain(`move 4 ${closer}`);
  });
});
