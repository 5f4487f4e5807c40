/** The worked examples of the IA2 rules (digest section 7), each as the state the rule leaves. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { leaderReach } from '../../../src/rules/ia2/actions.js';
import { applyResults, bombardColumn, directFireColumn, moraleCheck } from '../../../src/rules/ia2/combat.js';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { DEMORALIZED, DISRUPTED, F_MOUNTED, F_SPENT, GOOD, HEX, MORALE, STEPS } from '../../../src/rules/ia2/state.js';
import { bombardmentPhase, currentInitiative, endSegment, leadSegments, startTurn } from '../../../src/rules/ia2/turn.js';
import { stackingAllows } from '../../../src/rules/ia2/units.js';
import { tableResult } from '../../../src/hex/tables.js';
import { diceAndPicks } from './choices.js';
import { draftOf, edit, faces, fixture, ground, hex, loadedDice } from './helpers.js';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

describe('IA2 section 7 worked examples', () => {
  it('IA2 3.0: initiative 4+5 against 2+2 wins by 5, a lead of 2 segments; margins 1, 3, 4, 6 give 1, 1, 2, 3', () => {
    expect([1, 2, 3, 4, 5, 6].map(leadSegments)).toEqual([1, 1, 1, 2, 2, 3]);
    const { sc, start } = ground({ 'initiative.german': 4, 'initiative.russian': 2 });
    // Turn 2's initiative: German die 5, Russian die 2; the artillery fires at an empty vertex (one roll).
    const d = draftOf(sc, edit(start, {}), loadedDice(5, 2, 3, 3));
    startTurn(d, 2);
    expect(d.initiative).toBe(0);
    expect(d.lead).toBe(2);
    expect(d.active).toBe(0);
  });

  it('IA2 3.0: initiative never falls below 0 (rating 1 under a decapitation penalty of 2)', () => {
    const { sc, start } = ground({ 'initiative.german': 1 });
    expect(currentInitiative(sc, { lost: [0, 0], decapUntil: [3, 0] }, 0, 2)).toBe(0);
    expect(currentInitiative(sc, { lost: [0, 0], decapUntil: [3, 0] }, 0, 4)).toBe(1);
    expect(currentInitiative(sc, { lost: [0, 7], decapUntil: [0, 0] }, 1, 4)).toBe(0);
    expect(start.turn).toBe(1);
  });

  it('IA2 4.2: DF or bombardment at 2 companies +2, at 1 company +1; opportunity fire at a mover counts only the mover', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const two = draftOf(sc, edit(start, { 9: { hex: h }, 10: { hex: h }, 11: { hex: h }, 2: { hex: hex(sc, '0608') } }));
    const shot = { strength: 6, side: 0, range: 2, opportunity: false, fieldGun: false };
    const base = 5; // the 6 column
    expect(directFireColumn(two, shot, 9, false)).toBe(base + 2);
    expect(bombardColumn(two, 16, 0, 9, false)).toBe(6 + 2);
    const one = draftOf(sc, edit(start, { 9: { hex: h }, 11: { hex: h } }));
    expect(directFireColumn(one, shot, 9, false)).toBe(base + 1);
    // Opportunity fire (+1) at a moving company through a hex with two: only the mover counts (+1).
    expect(directFireColumn(two, { ...shot, opportunity: true }, 9, true)).toBe(base + 2);
    // A moving MG gets no stacking shift.
    expect(directFireColumn(two, { ...shot, opportunity: true }, 11, true)).toBe(base + 1);
  });

  it('IA2 4.1 / 4.3: an INF cannot enter a hex with two friendly INF; an MG can', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const d = draftOf(sc, edit(start, { 0: { hex: h }, 1: { hex: h }, 2: { hex: hex(sc, '0607') } }, true));
    expect(stackingAllows(d, h, 0, 4)).toBe(false);
    expect(stackingAllows(d, h, 0, 2)).toBe(true);
  });

  it('IA2 3.2: a Lt Col activates an adjacent Major, who activates a Captain adjacent to him; never a peer, a senior or another type', () => {
    const { sc, start } = ground();
    // Russian Lt Col 14 at 0606, Kapitan 15 adjacent, Poruchik 16 adjacent to the Kapitan only; a German-free board.
    const s = edit(start, {
      14: { hex: hex(sc, '0606') },
      15: { hex: hex(sc, '0607') },
      16: { hex: hex(sc, '0608') },
      9: { hex: hex(sc, '0609') },
      13: { hex: hex(sc, '0605'), flags: F_MOUNTED },
      0: { hex: hex(sc, '0112') },
    });
    const d = draftOf(sc, s);
    expect(leaderReach(d, 14)).toEqual([9, 14, 15, 16]);
    // The Kapitan (2*) cannot activate the Lt Col (4*); the cavalry unit is of another type.
    expect(leaderReach(d, 15)).toEqual([9, 15, 16]);
  });

  it('IA2 8.52: one roll, a column per unit; the field gun at +4 is clamped to +3 (10.3, ruling IA2-R01)', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 9: { hex: h }, 13: { hex: h, flags: F_MOUNTED }, 12: { hex: h }, 2: { hex: hex(sc, '0608') } });
    const d = draftOf(sc, s);
    const shot = { strength: 6, side: 0, range: 2, opportunity: false, fieldGun: false };
    const cols = [9, 13, 12].map((t) => sc.df.columns[directFireColumn(d, shot, t, false)]);
    expect(cols).toEqual([11, 16, 16]);
    expect([9, 13, 12].map((t) => tableResult(sc.df, directFireColumn(d, shot, t, false), 5))).toEqual(['M', 'M1', 'M1']);
  });

  it('IA2 8.61: a 2X on an Oberst with two full companies costs two steps (one each), then M2 checks and the Oberst risks 2d6-2 <= 2', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 0: { hex: h }, 1: { hex: h }, 5: { hex: h }, 9: { hex: hex(sc, '0101') } });
    // Checks in order Oberst, INF 0, INF 1 (all pass on 2), then the casualty roll 4: 4-2 = 2, dead; his 5 stars
    // bring catastrophic-loss checks on the two companies (6.74), passed on 2.
    const d = draftOf(sc, s, loadedDice(1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1));
    applyResults(d, [0, 1, 5], ['2X', '2X', '2X']);
    expect(d.get(0, STEPS)).toBe(1);
    expect(d.get(1, STEPS)).toBe(1);
    expect(d.hex(5)).toBeLessThan(0);
    expect(d.lost[0]).toBe(2);
  });

  it('IA2 8.62: a 1Z takes its first loss from the unit in the best morale state (the good-order INF, not the disrupted MG)', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 0: { hex: h }, 2: { hex: h, morale: DISRUPTED }, 9: { hex: hex(sc, '0101') } });
    const d = draftOf(sc, s, loadedDice(1, 1, 1, 1));
    applyResults(d, [0, 2], ['1Z', '1Z'], true);
    expect(d.get(0, STEPS)).toBe(1);
    expect(d.hex(2)).toBe(h);
  });

  it('IA2 8.6: a full company taking 2 losses from a single result is eliminated', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const d = draftOf(sc, edit(start, { 0: { hex: h }, 9: { hex: hex(sc, '0101') } }), loadedDice());
    applyResults(d, [0], ['2X']);
    expect(d.hex(0)).toBeLessThan(0);
    expect(d.lost[0]).toBe(2);
  });

  it('IA2 9.13 / 9.6: the plan 0710/0809/0810 turns 1-3, 0809/0909/0910 turns 4-6, none on 7 puts drumfire on turns 2, 3, 5 and 6', () => {
    const { sc, start } = ground();
    const drum: number[] = [];
    let lastVertex: readonly number[] = [-1];
    for (let turn = 1; turn <= 7; turn++) {
      const s = { ...edit(start, { 9: { hex: hex(sc, '0101') }, 0: { hex: hex(sc, '0112') } }), turn, lastVertex };
      const d = draftOf(sc, s, loadedDice(6, 6, 6, 6));
      d.turn = turn;
      bombardmentPhase(d);
      if (d.drumfire.length > 0) drum.push(turn);
      lastVertex = d.lastVertex;
    }
    expect(drum).toEqual([2, 3, 5, 6]);
  });

  it('IA2 9.13: a shift to a vertex sharing no hex without a No Fire turn between is refused at load; sharing 0910 is legal', () => {
    const data = JSON.parse(readFileSync(fixture('proving-ground'), 'utf8'));
    const dir = mkdtempSync(join(tmpdir(), 'ia2-'));
    const write = (plan: string[]) => {
      data.sides[0].artillery[0].plan = plan;
      data.charts = join(fixture('proving-ground'), '../../../../../scenarios/ia2/charts/reference.json');
      data.counters = join(fixture('proving-ground'), '../../../../../scenarios/ia2/counters/reference.json');
      const f = join(dir, 'plan.json');
      writeFileSync(f, JSON.stringify(data));
      return f;
    };
    const bad = write(['0809-0909-0910', '1010-1110-1111', 'none', 'none', 'none', 'none', 'none']);
    expect(() => loadIa2Scenario(bad)).toThrow(InputError);
    expect(() => loadIa2Scenario(bad)).toThrow(/9\.13/);
    const good = write(['0809-0909-0910', '0910-1009-1010', 'none', '1010-1110-1111', 'none', 'none', 'none']);
    expect(loadIa2Scenario(good).increments[0]!.plan.filter((v) => v >= 0)).toHaveLength(3);
  });

  it('IA2 9.3: an increment of 20 uses the 16 column; a Lieutenant with 2 mounted CAV is resolved at 30, the CAV at 42; a roll of 8 gives M and M1', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 13: { hex: h, flags: F_MOUNTED }, 16: { hex: h }, 0: { hex: hex(sc, '0112') } });
    // A second mounted CAV: the German one stands in for it (companies of the target's side count: here one Russian CAV).
    const d = draftOf(sc, s);
    expect(sc.bomb.columns[bombardColumn(d, 20, 0, 16, false)]).toBe(21);
    const s2 = edit(start, { 13: { hex: h, flags: F_MOUNTED }, 10: { hex: h }, 16: { hex: h }, 0: { hex: hex(sc, '0112') } });
    const d2 = draftOf(sc, s2);
    expect(sc.bomb.columns[bombardColumn(d2, 20, 0, 16, false)]).toBe(30);
    expect(sc.bomb.columns[bombardColumn(d2, 20, 0, 13, false)]).toBe(42);
    expect(tableResult(sc.bomb, bombardColumn(d2, 20, 0, 16, false), 8)).toBe('M');
    expect(tableResult(sc.bomb, bombardColumn(d2, 20, 0, 13, false), 8)).toBe('M1');
  });

  it('IA2 12.15: a Russian MG of 7 at a German mounted CAV 3 hexes away fires on the 16 column (-1 +1 +1 +1); a 6 gives M', () => {
    const { sc, start } = ground();
    const s = edit(start, { 11: { hex: hex(sc, '0603') }, 4: { hex: hex(sc, '0606'), flags: F_MOUNTED } });
    const d = draftOf(sc, s);
    const col = directFireColumn(d, { strength: 7, side: 1, range: 3, opportunity: true, fieldGun: false }, 4, true);
    expect(sc.df.columns[col]).toBe(16);
    expect(tableResult(sc.df, col, 6)).toBe('M');
  });

  it('IA2 13.1: M2 on two INF (morale 8) and a leader (10, bonus 1): leader 8+2 passes, INF 8+2 disrupted, INF 10+2 demoralized', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 9: { hex: h }, 10: { hex: h }, 16: { hex: h }, 0: { hex: hex(sc, '0112') } });
    const d = draftOf(sc, s, loadedDice(...faces(8), ...faces(8), ...faces(10)));
    applyResults(d, [9, 10, 16], ['M2', 'M2', 'M2']);
    expect(d.get(16, MORALE)).toBe(GOOD);
    expect(d.get(9, MORALE)).toBe(DISRUPTED);
    expect(d.get(10, MORALE)).toBe(DEMORALIZED);
  });

  it('IA2 13.11: disrupted failing by 1 is demoralized; demoralized failing by 3 loses a step (a leader dies), by 2 no change', () => {
    const { sc, start } = ground();
    const s = edit(start, {
      9: { hex: hex(sc, '0606'), morale: DISRUPTED },
      10: { hex: hex(sc, '0608'), morale: DEMORALIZED },
      11: { hex: hex(sc, '0610'), morale: DEMORALIZED },
      16: { hex: hex(sc, '0901'), morale: DEMORALIZED },
      0: { hex: hex(sc, '0112') },
    });
    // INF 9: morale 8, roll 9 (over by 1). INF 10: morale 7 (demoralized), roll 10 (over 3). MG 11: roll 9 (over 2). Leader 16: 9, roll 12 (over 3).
    const d = draftOf(sc, s, loadedDice(...faces(9), ...faces(10), ...faces(9), ...faces(12)));
    moraleCheck(d, 9, 0);
    moraleCheck(d, 10, 0);
    moraleCheck(d, 11, 0);
    moraleCheck(d, 16, 0);
    expect(d.get(9, MORALE)).toBe(DEMORALIZED);
    expect(d.get(10, STEPS)).toBe(1);
    expect(d.hex(11)).toBeGreaterThanOrEqual(0);
    expect(d.get(11, MORALE)).toBe(DEMORALIZED);
    expect(d.hex(16)).toBeLessThan(0);
  });

  it('IA2 6.71: two leaders alone in a hex under a 2X are both eliminated', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 15: { hex: h }, 16: { hex: h }, 9: { hex: hex(sc, '0101') }, 0: { hex: hex(sc, '0112') } });
    const d = draftOf(sc, s, loadedDice());
    applyResults(d, [15, 16], ['2X', '2X']);
    expect(d.hex(15)).toBeLessThan(0);
    expect(d.hex(16)).toBeLessThan(0);
  });

  it('IA2 6.73: the Oberst killed costs -2 initiative for the next 2 turns; a Major killed later changes nothing; a deserting Oberst 4 turns', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    // The Oberst alone in his hex under an X (6.71).
    const alone = { ...edit(start, { 5: { hex: h }, 6: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0101') } }), turn: 3 };
    // His 5 stars: the adjacent Major checks at morale - 1 (6.74), passing on 2.
    const d3 = draftOf(sc, alone, loadedDice(1, 1));
    d3.turn = 3;
    applyResults(d3, [5], ['X']);
    expect(d3.hex(5)).toBeLessThan(0);
    expect(d3.decapUntil[0]).toBe(5);
    expect(currentInitiative(sc, d3, 0, 4)).toBe(2);
    expect(currentInitiative(sc, d3, 0, 6)).toBe(4);
    // The Major killed later: no further effect.
    applyResults(d3, [6], ['X']);
    expect(d3.decapUntil[0]).toBe(5);
    // Deserting (compound): four turns.
    const desert = { ...edit(start, { 5: { hex: h, morale: DEMORALIZED }, 9: { hex: hex(sc, '0101') } }), turn: 3, active: 0, toMove: 0 };
    const { game } = ground();
    const gone = game.apply(game.apply(desert, 'act 5', loadedDice()), 'recover 5', loadedDice(6, 6));
    expect(gone.decapUntil[0]).toBe(7);
  });

  it('IA2 10.3: DF modifiers summing to +5 apply as +3, to -4 as -2', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    // Two companies (+2), mounted (+1), field gun? no: a mounted CAV with an INF: +2 +1 +1 (opportunity) = +4 -> +3 (night -1 would be -1 more).
    const s = edit(start, { 9: { hex: h }, 13: { hex: h, flags: F_MOUNTED }, 0: { hex: hex(sc, '0610') } });
    const d = draftOf(sc, s);
    const col = directFireColumn(d, { strength: 6, side: 0, range: 1, opportunity: true, fieldGun: false }, 13, false);
    expect(col).toBe(5 + 3);
    // -1 range, entrenchment -2 (fixture has none: dug in -1), night off: -1 -1 + 1 company = -1.
    const far = edit(start, { 9: { hex: h, dig: 2 }, 0: { hex: hex(sc, '0610') } });
    const d2 = draftOf(sc, far);
    expect(directFireColumn(d2, { strength: 6, side: 0, range: 4, opportunity: false, fieldGun: true }, 9, false)).toBe(5 - 1);
  });

  it('IA2 5.63: a field gun failing its limber check stays unlimbered and spent, not disrupted; an MG limbers with no check', () => {
    const { sc, game, start } = ground();
    const s0 = edit(start, { 3: { hex: hex(sc, '0606') }, 2: { hex: hex(sc, '0808') }, 9: { hex: hex(sc, '0101') } });
    const s = { ...s0, active: 0, toMove: 0, activated: false };
    const a = game.apply(s, 'act 3', loadedDice());
    const b = game.apply(a, 'limber 3', loadedDice(6, 6));
    expect(b.u[3]![MORALE]).toBe(GOOD);
    expect(b.u[3]![1]! & F_SPENT).toBeTruthy();
    expect(game.legalActions(b)).toContain('end');
    const m = game.apply(game.apply(s, 'act 2', loadedDice()), 'limber 2', loadedDice());
    expect(m.u[2]![1]! & 16).toBeTruthy();
  });

  it('IA2 15.6 / 15.7: after three segments each a 3d6 of 15 ends the turn; 3 or 4 starts a shortfall, again on a later turn a critical one', () => {
    const { sc, game, start } = ground();
    const base = {
      ...edit(start, { 0: { hex: hex(sc, '0112') }, 9: { hex: hex(sc, '0101') } }),
      segs: [3, 3],
      active: 0,
      toMove: 0,
      initiative: 0,
      lead: 0,
      turn: 2,
    };
    // Act, end: 3d6 = 5+5+5 = 15 ends turn 2; turn 3 begins (initiative dice 6 and 1, the plan's bombardment 1 roll).
    const a = game.apply(base, 'act 0', loadedDice());
    const b = game.apply(a, 'end', loadedDice(5, 5, 5, 6, 1, 6, 6));
    expect(b.turn).toBe(3);
    // 14 does not end it by day.
    const c = game.apply(a, 'end', loadedDice(5, 5, 4));
    expect(c.turn).toBe(2);
    expect(c.active).toBe(1);
    // 1+1+2 = 4: a shortfall for the roller's side.
    const e = game.apply(a, 'end', loadedDice(1, 1, 2));
    expect(e.shortage).toEqual([1, 0]);
    const later = { ...base, turn: 3, shortage: [1, 0], shortageTurn: [2, 0] };
    const f = game.apply(game.apply(later, 'act 0', loadedDice()), 'end', loadedDice(1, 1, 1));
    expect(f.shortage).toEqual([2, 0]);
    const same = { ...base, shortage: [1, 0], shortageTurn: [2, 0] };
    const g = game.apply(game.apply(same, 'act 0', loadedDice()), 'end', loadedDice(1, 1, 1));
    expect(g.shortage).toEqual([1, 0]);
  });

  it('IA2 15.6: at night a 3d6 of 14 (+1) ends the turn', () => {
    const { sc, game, start } = ground();
    const base = {
      ...edit(start, { 0: { hex: hex(sc, '0112') }, 9: { hex: hex(sc, '0101') } }),
      segs: [3, 3],
      active: 0,
      toMove: 0,
      initiative: 0,
      lead: 0,
      turn: 2,
    };
    const night = { ...sc, nightTurns: new Set([2]) };
    const d = draftOf(night, game.apply(base, 'act 0', loadedDice()), loadedDice(5, 5, 4, 6, 1, 6, 6));
    endSegment(d, false);
    expect(d.turn).toBe(3);
  });

  it('IA2 6.52: a Russian infantry leader with bonus 1 raises an INF from 5 to 6; not a field gun nor a demoralized unit', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = {
      ...edit(start, { 9: { hex: h }, 12: { hex: hex(sc, '0607') }, 15: { hex: h }, 0: { hex: hex(sc, '0603') } }),
      active: 1,
      toMove: 1,
    };
    const a = game.apply(s, 'lead 15', loadedDice());
    const legal = game.legalActions(a);
    const target = hex(sc, '0603');
    expect(legal).toContain(`fire 9 ${target} 15`);
    expect(legal.filter((x) => x.startsWith('fire 12 ') && x.split(' ').length === 4)).toEqual([]);
    const dem = {
      ...edit(start, { 9: { hex: h, morale: DEMORALIZED }, 15: { hex: h }, 0: { hex: hex(sc, '0603') } }),
      active: 1,
      toMove: 1,
    };
    expect(game.legalActions(game.apply(dem, 'lead 15', loadedDice())).some((x) => x.startsWith('fire 9'))).toBe(false);
  });

  it('IA2 13.2: a disrupted INF moves one hex, fires at half rounded up (5 -> 3), and cannot assault', () => {
    const { sc, game, start } = ground();
    const s = {
      ...edit(start, { 0: { hex: hex(sc, '0606'), morale: DISRUPTED }, 6: { hex: hex(sc, '0606') }, 9: { hex: hex(sc, '0604') } }),
      active: 0,
      toMove: 0,
    };
    const a = game.apply(s, 'lead 6', loadedDice());
    const legal = game.legalActions(a);
    expect(legal.some((x) => x.startsWith('assault 0'))).toBe(false);
    let moved = game.apply(a, `move 0 ${hex(sc, '0607')}`, loadedDice());
    if (moved.oppWindow) moved = game.apply(moved, 'hold', loadedDice());
    expect(moved.mover).toBe(-1);
    expect(moved.u[0]![HEX]).toBe(hex(sc, '0607'));
  });

  it('IA2 5.2: a unit with MA 1 may always enter one adjacent hex, whatever it costs', () => {
    const { sc, game, start } = ground();
    // The MG (MA 1 unlimbered) next to woods (cost 2 on foot).
    const s = {
      ...edit(start, { 2: { hex: hex(sc, '0506') }, 7: { hex: hex(sc, '0506') }, 9: { hex: hex(sc, '0101') } }),
      active: 0,
      toMove: 0,
    };
    const a = game.apply(s, 'lead 7', loadedDice());
    expect(game.legalActions(a)).toContain(`move 2 ${hex(sc, '0505')}`);
  });

  it('IA2 11.7: mounted CAV 2 hexes away over a clear empty hex may charge; not over woods or an occupied hex, not from adjacent', () => {
    const { sc, game, start } = ground();
    const s = {
      ...edit(start, { 4: { hex: hex(sc, '0607'), flags: F_MOUNTED }, 8: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0605') } }),
      active: 0,
      toMove: 0,
    };
    const a = game.apply(s, 'lead 8', loadedDice());
    expect(game.legalActions(a)).toContain(`charge 4 ${hex(sc, '0606')} ${hex(sc, '0605')}`);
    // Over woods: 0505 is woods.
    const w = {
      ...edit(start, { 4: { hex: hex(sc, '0506'), flags: F_MOUNTED }, 8: { hex: hex(sc, '0506') }, 9: { hex: hex(sc, '0504') } }),
      active: 0,
      toMove: 0,
    };
    expect(
      game.legalActions(game.apply(w, 'lead 8', loadedDice())).some((x) => x.startsWith('charge') && x.includes(` ${hex(sc, '0505')} `)),
    ).toBe(false);
    // Over an occupied hex.
    const o = {
      ...s,
      u: edit(s, {
        4: { hex: hex(sc, '0607'), flags: F_MOUNTED },
        8: { hex: hex(sc, '0607') },
        9: { hex: hex(sc, '0605') },
        1: { hex: hex(sc, '0606') },
      }).u,
    };
    expect(game.legalActions(game.apply(o, 'lead 8', loadedDice())).some((x) => x.startsWith(`charge 4 ${hex(sc, '0606')}`))).toBe(false);
    // Adjacent: an assault, not a charge.
    const adj = {
      ...edit(start, { 4: { hex: hex(sc, '0606'), flags: F_MOUNTED }, 8: { hex: hex(sc, '0606') }, 9: { hex: hex(sc, '0605') } }),
      active: 0,
      toMove: 0,
    };
    const la = game.legalActions(game.apply(adj, 'lead 8', loadedDice()));
    expect(la).toContain(`assault 4 ${hex(sc, '0605')}`);
    expect(la.some((x) => x.startsWith('charge') && x.endsWith(` ${hex(sc, '0605')}`))).toBe(false);
  });

  it('IA2 11.7: a charge that survives the intervening hex enters the target and attacks at +2', () => {
    const { sc, game, start } = ground();
    const s = {
      ...edit(start, { 4: { hex: hex(sc, '0607'), flags: F_MOUNTED }, 8: { hex: hex(sc, '0607') }, 9: { hex: hex(sc, '0605') } }),
      active: 0,
      toMove: 0,
    };
    const a = game.apply(s, 'lead 8', loadedDice());
    // The Russian company in 0605 may fire at the charger in 0606 (11.71): it holds.
    const b = game.apply(a, `charge 4 ${hex(sc, '0606')} ${hex(sc, '0605')}`, loadedDice());
    expect(b.oppWindow).toBe(true);
    const c = game.apply(b, 'hold', loadedDice());
    expect(c.u[4]![HEX]).toBe(hex(sc, '0605'));
    expect(c.u[4]![1]! & 128).toBeTruthy();
  });

  it('IA2 13.41 / 13.43 / 13.44 / 13.45: recovery against morale 8 -1 +1: 7 disrupted, 8 flees, natural 2 good order; a leader deserts on 12; town +1', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0608');
    const s = {
      ...edit(start, { 9: { hex: h, morale: DEMORALIZED }, 16: { hex: h }, 0: { hex: hex(sc, '0611') } }),
      active: 1,
      toMove: 1,
    };
    const a = game.apply(s, 'lead 16', loadedDice());
    expect(game.legalActions(a)).toContain('recover 9 16');
    expect(game.legalActions(a)).not.toContain('end');
    const r7 = game.apply(a, 'recover 9 16', loadedDice(...faces(7)));
    expect(r7.u[9]![MORALE]).toBe(DISRUPTED);
    const r8 = game.apply(a, 'recover 9 16', diceAndPicks(faces(8)));
    expect(r8.u[9]![MORALE]).toBe(DEMORALIZED);
    expect(r8.u[9]![HEX]).not.toBe(h);
    const r2 = game.apply(a, 'recover 9 16', loadedDice(1, 1));
    expect(r2.u[9]![MORALE]).toBe(GOOD);
    const lone = {
      ...edit(start, { 15: { hex: h, morale: DEMORALIZED }, 9: { hex: hex(sc, '0101') }, 0: { hex: hex(sc, '0611') } }),
      active: 1,
      toMove: 1,
    };
    const deserts = game.apply(game.apply(lone, 'act 15', loadedDice()), 'recover 15', loadedDice(6, 6));
    expect(deserts.u[15]![HEX]).toBeLessThan(0);
    // Town 0202: +1 (8 - 1 + 1 = 8): a roll of 7 recovers without a leader.
    const town = {
      ...edit(start, { 9: { hex: hex(sc, '0202'), morale: DEMORALIZED }, 0: { hex: hex(sc, '0611') } }),
      active: 1,
      toMove: 1,
    };
    const t7 = game.apply(game.apply(town, 'act 9', loadedDice()), 'recover 9', loadedDice(...faces(7)));
    expect(t7.u[9]![MORALE]).toBe(DISRUPTED);
  });

  it('IA2 13.42: a side with a demoralized, unactivated unit cannot pass, and every activation it may choose includes one', () => {
    const { sc, game, start } = ground();
    const s = {
      ...edit(start, { 9: { hex: hex(sc, '0608'), morale: DEMORALIZED }, 10: { hex: hex(sc, '0208') }, 0: { hex: hex(sc, '0611') } }),
      active: 1,
      toMove: 1,
    };
    const legal = game.legalActions(s);
    expect(legal).not.toContain('pass');
    expect(legal).toEqual(['act 9']);
  });
});
