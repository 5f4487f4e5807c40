/** IA2 CORE combat rules not named by another test: direct and opportunity fire, assault and morale, each checked by the state it leaves. */
import { describe, expect, it } from 'vitest';
import { opportunityFirers } from '../../../src/rules/ia2/actions.js';
import { applyResults, assaultStrength, directFireColumn, drumfireOnMover, resolveAssault } from '../../../src/rules/ia2/combat.js';
import {
  DEMORALIZED,
  DISRUPTED,
  F_ATTACKER,
  F_SPENT,
  FACE,
  FLAGS,
  GOOD,
  HEX,
  MORALE,
  STEPS,
  type State,
} from '../../../src/rules/ia2/state.js';
import { baseMorale, fireBlocked } from '../../../src/rules/ia2/units.js';
import { draftOf, edit, ground, hex, loadedDice } from './helpers.js';
import { segmentOf, withField } from './movement-helpers.js';

const fires = (actions: readonly string[], target: number): string[] =>
  actions.filter((a) => a.startsWith('fire ') && a.split(' ')[2] === `${target}`);

describe('IA2 direct fire', () => {
  it('IA2 8.0 / 8.1 / 10.0 / 8.44: an activated field gun fires at a spotted hex in range; the target takes the result and the gun is spent', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 12: { hex: hex(sc, '0605') }, 0: { hex: hex(sc, '0610') } });
    const a = game.apply(segmentOf(s, 1), 'act 12', loadedDice());
    expect(game.legalActions(a)).toContain(`fire 12 ${hex(sc, '0610')}`);
    // Strength 8 (the 7 column), one company +1, long range -1; a roll of 2 is 2X: the company is gone.
    const b = game.apply(a, `fire 12 ${hex(sc, '0610')}`, loadedDice(1, 1));
    expect(b.u[0]![HEX]).toBeLessThan(0);
    expect(b.u[12]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 8.21 / 8.3 / 8.31: a company fires out to its range of 4 counting the target hex, and only at a hex it spots', () => {
    const { sc, game, start } = ground();
    const from = hex(sc, '0605');
    const act = (target: string): readonly string[] =>
      game.legalActions(game.apply(segmentOf(edit(start, { 9: { hex: from }, 0: { hex: hex(sc, target) } }), 1), 'act 9', loadedDice()));
    expect(fires(act('0609'), hex(sc, '0609')).length).toBeGreaterThan(0);
    expect(fires(act('0610'), hex(sc, '0610'))).toEqual([]);
    // In the woods of 0505 four hexes off, the company is in range but not spotted (7.21: 3 hexes).
    const hidden = game.legalActions(
      game.apply(segmentOf(edit(start, { 9: { hex: hex(sc, '0501') }, 0: { hex: hex(sc, '0505') } }), 1), 'act 9', loadedDice()),
    );
    expect(fires(hidden, hex(sc, '0505'))).toEqual([]);
  });

  it('IA2 8.22 / 8.23 / 8.41 / 8.43: one fire at one hex hits every unit in it, each rolling its own check; the firer fires no more', () => {
    const { sc, game, start } = ground();
    const t = hex(sc, '0609');
    const s = edit(start, { 9: { hex: hex(sc, '0606') }, 0: { hex: t }, 1: { hex: t }, 2: { hex: hex(sc, '0610') } });
    const a = game.apply(segmentOf(s, 1), 'act 9', loadedDice());
    // Strength 5, two companies +2: the 7 column; a roll of 4 is M2 for each. Company 0 rolls 7 (9 > 8: disrupted), company 1 rolls 6 (passes).
    const b = game.apply(a, `fire 9 ${t}`, loadedDice(2, 2, 3, 4, 3, 3));
    expect(b.u[0]![MORALE]).toBe(DISRUPTED);
    expect(b.u[1]![MORALE]).toBe(GOOD);
    expect(b.u[2]![MORALE]).toBe(GOOD);
    expect(b.u[9]![FLAGS]! & F_SPENT).toBeTruthy();
    expect(game.legalActions(b).some((x) => x.startsWith('fire 9 '))).toBe(false);
  });

  it('IA2 8.24 / 10.13: a friendly company between firer and target blocks the fire; a hex of leaders alone does not', () => {
    const { sc, start } = ground();
    const from = hex(sc, '0610');
    const to = hex(sc, '0607');
    const withCompany = edit(start, { 0: { hex: from }, 1: { hex: hex(sc, '0609') }, 9: { hex: to } });
    const withLeader = edit(start, { 0: { hex: from }, 6: { hex: hex(sc, '0609') }, 9: { hex: to } });
    expect(fireBlocked(draftOf(sc, withCompany), 0, from, to)).toBe(true);
    expect(fireBlocked(draftOf(sc, withLeader), 0, from, to)).toBe(false);
  });

  it('IA2 8.5 / 8.51: modifiers add up, each target by its own type, and the shifted column stops at the table edges', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 9: { hex: h }, 12: { hex: h }, 0: { hex: hex(sc, '0610') } });
    const d = draftOf(sc, s);
    const shot = { strength: 5, side: 0, range: 1, opportunity: false, fieldGun: false };
    const base = sc.df.columns.indexOf(5);
    // One company in the hex +1 for both; the field gun +2 more for the gun alone.
    expect(directFireColumn(d, shot, 9, false)).toBe(base + 1);
    expect(directFireColumn(d, shot, 12, false)).toBe(base + 3);
    const last = sc.df.columns.length - 1;
    expect(directFireColumn(d, { ...shot, strength: 99 }, 12, false)).toBe(last);
  });
});

describe('IA2 opportunity fire', () => {
  it('IA2 3.14 / 8.42 / 12.11: an inactive company fires at the mover as it enters a hex; only the mover is hit and the firer is spent', () => {
    const { sc, game, start } = ground();
    const s = edit(start, {
      0: { hex: hex(sc, '0610') },
      6: { hex: hex(sc, '0610') },
      1: { hex: hex(sc, '0609') },
      9: { hex: hex(sc, '0606') },
    });
    let a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    a = game.apply(a, `move 0 ${hex(sc, '0609')}`, loadedDice());
    expect(a.oppWindow).toBe(true);
    // Strength 5 at range 3: +1 opportunity, +1 the mover, -1 long range: the 6 column; a roll of 2 is 2X.
    const b = game.apply(a, 'opfire 9', loadedDice(1, 1));
    expect(b.u[0]![HEX]).toBeLessThan(0);
    expect(b.u[1]![STEPS]).toBe(2);
    expect(b.u[1]![MORALE]).toBe(GOOD);
    expect(b.u[9]![FLAGS]! & F_SPENT).toBeTruthy();
  });

  it('IA2 8.63: a mover entering a drumfire hex takes the losses alone; the unit already standing there is untouched', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0810');
    const s = { ...edit(start, { 0: { hex: h }, 1: { hex: h } }), drumfire: [hex(sc, '0710'), hex(sc, '0809'), h, 14, 0] };
    // 14 on the 12 column +1 (the mover alone counts): 16; a roll of 2 is 3X, all of them on the mover.
    const d = draftOf(sc, s, loadedDice(1, 1));
    expect(drumfireOnMover(d, 0, h)).toBe(false);
    expect(d.hex(0)).toBeLessThan(0);
    expect(d.get(1, STEPS)).toBe(2);
    expect(d.get(1, MORALE)).toBe(GOOD);
  });

  it('IA2 12.12: only the moving company counts for the stacking shift, not the other companies in the hex it enters', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0609');
    const d = draftOf(sc, edit(start, { 0: { hex: h }, 1: { hex: h }, 9: { hex: hex(sc, '0606') } }));
    const shot = { strength: 5, side: 1, range: 1, opportunity: false, fieldGun: false };
    expect(directFireColumn(d, shot, 0, true)).toBe(directFireColumn(d, shot, 0, false) - 1);
  });

  it('IA2 12.22: a disrupted unit makes opportunity fire at half strength, a demoralized one not at all', () => {
    const { sc, game, start } = ground();
    const moveIn = (morale: number) => {
      const s = edit(start, { 0: { hex: hex(sc, '0610') }, 6: { hex: hex(sc, '0610') }, 9: { hex: hex(sc, '0607'), morale } });
      const a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
      return game.apply(a, `move 0 ${hex(sc, '0609')}`, loadedDice());
    };
    expect(opportunityFirers(draftOf(sc, moveIn(DEMORALIZED)))).toEqual([]);
    // Disrupted: strength 3 (half of 5 rounded up), +1 opportunity +1 the mover: the 5 column; a roll of 4 is M1, not the M2 of
    // full strength. The mover's check, 8 against 8 + 1 for the Major next to it, passes with M1 and fails with M2.
    const b = game.apply(moveIn(DISRUPTED), 'opfire 9', loadedDice(2, 2, 3, 5));
    expect(b.u[0]![MORALE]).toBe(GOOD);
    const c = game.apply(moveIn(GOOD), 'opfire 9', loadedDice(2, 2, 3, 5));
    expect(c.u[0]![MORALE]).toBe(DISRUPTED);
  });
});

describe('IA2 assault', () => {
  /** German company 0 (and whoever else is listed) attacking Russian company 9 in 0606. */
  const assaultHex = (extra: Record<number, { hex?: number; morale?: number; flags?: number }> = {}): { s: State; h: number } => {
    const { sc, start } = ground();
    const h = hex(sc, '0606');
    return { s: edit(start, { 0: { hex: h, flags: F_ATTACKER }, 9: { hex: h }, ...extra }), h };
  };

  it('IA2 5.4 / 5.9 / 11.21: an enemy combat hex is entered only by assault movement, which stops the company there; leaders alone are simply entered', () => {
    const { sc, game, start } = ground();
    const target = hex(sc, '0606');
    const s = edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: target } });
    const led = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    expect(game.legalActions(led)).not.toContain(`move 0 ${target}`);
    const a = game.apply(led, `assault 0 ${target}`, loadedDice());
    expect(a.u[0]![HEX]).toBe(target);
    expect(a.u[0]![FLAGS]! & F_ATTACKER).toBeTruthy();
    expect(game.legalActions(a).some((x) => x.startsWith('move 0 '))).toBe(false);
    const leadersOnly = edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 15: { hex: target } });
    expect(game.legalActions(game.apply(segmentOf(leadersOnly, 0), 'lead 6', loadedDice()))).toContain(`move 0 ${target}`);
  });

  it("IA2 11.0 / 11.3: both sides of an assault hex fire on the Assault table at once, each side taking the other side's result", () => {
    const { s, h } = assaultHex({ 1: { hex: hex(ground().sc, '0606'), flags: F_ATTACKER } });
    const { sc } = ground();
    // Attackers 10 (the 10 column) roll 2: 3Z; the defender 5 (the 4 column) rolls 2 as well: 3Z, though it is wiped out.
    const d = draftOf(sc, s, loadedDice(1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3));
    resolveAssault(d, h, 0);
    expect(d.hex(9)).toBeLessThan(0);
    expect(d.get(0, STEPS) + d.get(1, STEPS)).toBe(1);
  });

  it('IA2 11.1 / 11.5: in an existing assault hex attacking is optional, for either side; pieces that do not attack are not hit', () => {
    const { sc, game } = ground();
    const { s, h } = assaultHex({ 1: { hex: hex(sc, '0606') }, 15: { hex: hex(sc, '0606') } });
    const russian = game.apply(segmentOf(s, 1), 'lead 15', loadedDice());
    expect(game.legalActions(russian)).toContain(`assault 9 ${h}`);
    expect(game.legalActions(russian)).toContain('end');
    // German 0 attacks, 1 does not: the defender's 3Z falls on company 0 alone.
    const d = draftOf(sc, s, loadedDice(6, 6, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3));
    resolveAssault(d, h, 0);
    expect(d.get(1, STEPS)).toBe(2);
    expect(d.hex(0)).toBeLessThan(0);
  });

  it('IA2 11.1 / 11.5: a unit already in an assault hex may activate alone and attack there; a leader is needed only to move in', () => {
    const { sc, game } = ground();
    const { s, h } = assaultHex({ 0: { hex: hex(sc, '0606') } });
    const a = game.apply(segmentOf(s, 0), 'act 0', loadedDice());
    expect(game.legalActions(a)).toContain(`assault 0 ${h}`);
    const b = game.apply(a, `assault 0 ${h}`, loadedDice());
    expect(b.u[0]![FLAGS]! & F_ATTACKER).toBeTruthy();
  });

  it('IA2 11.24 / 11.32: machine guns never assault; a disrupted company fights at half, a field gun defends at 1, a leader adds only his bonus', () => {
    const { sc, game, start } = ground();
    const target = hex(sc, '0606');
    const s = edit(start, {
      2: { hex: hex(sc, '0607') },
      1: { hex: hex(sc, '0607'), morale: DISRUPTED },
      6: { hex: hex(sc, '0607') },
      9: { hex: target },
    });
    const led = game.legalActions(game.apply(segmentOf(s, 0), 'lead 6', loadedDice()));
    expect(led).not.toContain(`assault 2 ${target}`);
    expect(led).not.toContain(`assault 1 ${target}`);
    const d = draftOf(
      sc,
      edit(start, { 0: { hex: target }, 1: { hex: target, morale: DISRUPTED }, 6: { hex: target }, 12: { hex: target } }),
    );
    expect(assaultStrength(d, [1], true)).toBe(3);
    expect(assaultStrength(d, [12], false)).toBe(1);
    expect(assaultStrength(d, [6], true)).toBe(0);
    expect(assaultStrength(d, [0, 6], true)).toBe(6);
  });

  it('IA2 11.84: a machine gun never makes assault movement, but in an assault hex it attacks with the others, or leaves', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const s = edit(start, { 2: { hex: h }, 0: { hex: h }, 6: { hex: h }, 9: { hex: h }, 10: { hex: hex(sc, '0605') } });
    const a = game.apply(segmentOf(s, 0), 'lead 6', loadedDice());
    const legal = game.legalActions(a);
    expect(legal).toContain(`assault 2 ${h}`);
    expect(legal).not.toContain(`assault 2 ${hex(sc, '0605')}`);
    expect(legal.some((x) => x.startsWith('move 2 '))).toBe(true);
    const b = game.apply(a, `assault 2 ${h}`, loadedDice());
    expect(b.u[2]![FLAGS]! & F_ATTACKER).toBeTruthy();
  });

  it('IA2 11.24: a disrupted company in an assault hex may still attack there, at half strength; no unit goes from one assault hex to another', () => {
    const { sc, game, start } = ground();
    const h = hex(sc, '0606');
    const next = hex(sc, '0605');
    const s = edit(start, {
      0: { hex: h, morale: DISRUPTED },
      1: { hex: h },
      6: { hex: h },
      9: { hex: h },
      10: { hex: next },
      2: { hex: next },
    });
    const legal = game.legalActions(game.apply(segmentOf(s, 0), 'lead 6', loadedDice()));
    expect(legal).toContain(`assault 0 ${h}`);
    expect(legal).toContain(`assault 1 ${h}`);
    expect(legal).not.toContain(`assault 1 ${next}`);
    expect(legal).not.toContain(`move 1 ${next}`);
  });

  it('IA2 11.82 / 11.83: no opportunity fire at a company moving into an assault hex, and no direct fire into it', () => {
    const { sc, game, start } = ground();
    const target = hex(sc, '0606');
    const s = edit(start, { 0: { hex: hex(sc, '0607') }, 6: { hex: hex(sc, '0607') }, 9: { hex: target }, 11: { hex: hex(sc, '0604') } });
    const a = game.apply(game.apply(segmentOf(s, 0), 'lead 6', loadedDice()), `assault 0 ${target}`, loadedDice());
    expect(a.oppWindow).toBe(false);
    const b = edit(start, { 0: { hex: target }, 9: { hex: target }, 1: { hex: hex(sc, '0609') } });
    const firing = game.legalActions(game.apply(segmentOf(b, 0), 'act 1', loadedDice()));
    expect(fires(firing, target)).toEqual([]);
  });

  it('IA2 6.53 / 11.81: an undemoralized leader in the assault hex shifts his side one column; from the next hex he does not', () => {
    const { sc } = ground();
    const h = hex(sc, '0606');
    // Major Fabeck (combat bonus 0): only the 6.53 shift. Company 5 is the 4 column, shifted to the 6 column; a roll of 4 is 1Z there, M2 without.
    const run = (leaderHex: number): number => {
      const { s } = assaultHex({ 6: { hex: leaderHex, flags: F_ATTACKER } });
      const d = draftOf(sc, withField(s, FACE, { 6: 1 }), loadedDice(2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3));
      resolveAssault(d, h, 0);
      return d.get(9, STEPS);
    };
    expect(run(h)).toBe(1);
    expect(run(hex(sc, '0607'))).toBe(2);
  });
});

describe('IA2 morale', () => {
  it("IA2 13.0: a unit has its side's full morale, the reduced morale once it has lost a step; a leader his printed morale", () => {
    const { sc, start } = ground();
    const d = draftOf(sc, edit(start, { 0: { hex: hex(sc, '0610') }, 1: { hex: hex(sc, '0609'), steps: 1 }, 6: { hex: hex(sc, '0608') } }));
    expect(baseMorale(d, 0)).toBe(8);
    expect(baseMorale(d, 1)).toBe(7);
    expect(baseMorale(d, 6)).toBe(9);
  });

  it('IA2 13.12: leaders check first, the most senior first, and the result counts at once for the units after them', () => {
    const { sc, start } = ground();
    const h = hex(sc, '0610');
    const s = edit(start, { 0: { hex: h }, 5: { hex: h }, 6: { hex: h } });
    // M1 for all. The first roll, 12, is Oberst von Below's (rank 5, morale 10): 13 demoralizes him. The Major (morale 9)
    // then rolls 9: 10 would pass with the Oberst's bonus, but the Oberst is already demoralized and helps no more.
    const d = draftOf(sc, s, loadedDice(6, 6, 4, 5, 4, 4));
    applyResults(d, [0, 6, 5], ['M1', 'M1', 'M1']);
    expect(d.get(5, MORALE)).toBe(DEMORALIZED);
    expect(d.get(6, MORALE)).toBe(DISRUPTED);
  });

  it('IA2 13.3: a demoralized unit may not fire, checks at morale less 1, and defends an assault at a quarter of its strength', () => {
    const { sc, game, start } = ground();
    const s = edit(start, { 9: { hex: hex(sc, '0606'), morale: DEMORALIZED }, 0: { hex: hex(sc, '0608') } });
    const d = draftOf(sc, s);
    expect(baseMorale(d, 9)).toBe(7);
    expect(assaultStrength(d, [9], false)).toBe(2);
    expect(assaultStrength(d, [9], true)).toBe(0);
    const a = game.apply(segmentOf(s, 1), 'act 9', loadedDice());
    expect(game.legalActions(a).some((x) => x.startsWith('fire '))).toBe(false);
  });
});
