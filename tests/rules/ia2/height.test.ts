/** IA2 7.41: units on higher elevation have combat advantages on the fire tables (designed values, ruling IA2-R120). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { directFireColumn, heightShift } from '../../../src/rules/ia2/combat.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { forecastFire } from '../../../src/rules/ia2/odds.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import { draftOf, edit, hex, loadedDice } from './helpers.js';
import { segmentOf } from './movement-helpers.js';
import { groundWith } from './scenario-edit.js';

const REFERENCE = join(import.meta.dirname, '../../../scenarios/ia2/charts/reference.json');

/** The proving ground, all clear, with a one-hex hill at 0606 (level 1); `charts` a chart pack file given as --charts gives it. */
function hill(charts?: string): Scenario {
  let file = '';
  const sc = groundWith((data) => {
    const elev = Array.from({ length: 12 }, () => '0'.repeat(12).split(''));
    elev[5]![5] = '1';
    data.map = { ...data.map, terrain: Array.from({ length: 12 }, () => '.'.repeat(12)), elevation: elev.map((r) => r.join('')) };
    file = join(mkdtempSync(join(tmpdir(), 'ia2-hill-')), 'hill.json');
    writeFileSync(file, JSON.stringify(data));
  });
  return charts === undefined ? sc : loadIa2Scenario(file, { charts });
}

/** German company 0 at 0609; Russian company 9 at `from` (on the hill or beside it). */
function start(sc: Scenario, from: string, target = '0609') {
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('height');
  const s = edit(withDefaultPlans(game, game.initialState(dice), dice), { 0: { hex: hex(sc, target) }, 9: { hex: hex(sc, from) } });
  return { game, s };
}

const shot = { strength: 5, side: 1, range: 3, opportunity: false, fieldGun: false };

describe('IA2 7.41 combat advantage of height', () => {
  it('IA2 7.41: fire from higher ground is one column right, at higher ground one column left; mixed heights neither', () => {
    const sc = hill();
    const { s } = start(sc, '0606');
    const d = draftOf(sc, s);
    const flat = directFireColumn(d, shot, 0, false);
    expect(sc.map.elevation[hex(sc, '0606')]).toBe(1);
    expect(heightShift(d, [hex(sc, '0606')], hex(sc, '0609'))).toBe(1);
    expect(directFireColumn(d, { ...shot, from: [hex(sc, '0606')] }, 0, false)).toBe(flat + 1);
    expect(directFireColumn(d, { ...shot, from: [hex(sc, '0603')] }, 0, false)).toBe(flat);
    expect(directFireColumn(d, { ...shot, from: [hex(sc, '0606'), hex(sc, '0506')] }, 0, false)).toBe(flat);
    // The German company on the hill, fired at from below.
    const up = start(sc, '0609', '0606');
    const du = draftOf(sc, up.s);
    expect(directFireColumn(du, { ...shot, from: [hex(sc, '0609')] }, 0, false)).toBe(directFireColumn(du, shot, 0, false) - 1);
  });

  it('IA2 7.41: a company firing from the hill does better than from level ground at the same range, in the odds the prompt shows', () => {
    const sc = hill();
    const onHill = start(sc, '0606');
    const beside = start(sc, '0506', '0509');
    expect(sc.map.grid.distance(hex(sc, '0506'), hex(sc, '0509'))).toBe(3);
    const act = (g: ReturnType<typeof start>) => g.game.apply(segmentOf(g.s, 1), 'act 9', loadedDice());
    const a = act(onHill);
    const b = act(beside);
    const fireOn = `fire 9 ${hex(sc, '0609')}`;
    const fireBeside = `fire 9 ${hex(sc, '0509')}`;
    expect(onHill.game.legalActions(a)).toContain(fireOn);
    expect(forecastFire(sc, a, fireOn)!.expectedLoss).toBeGreaterThan(forecastFire(sc, b, fireBeside)!.expectedLoss);
    // Strength 5 at range 3: one company +1, long range -1 (the 5 column); from the hill the 6 column.
    const d = draftOf(sc, a);
    const col = directFireColumn(d, { ...shot, from: [hex(sc, '0606')] }, 0, false);
    expect(sc.df.columns[col]).toBe(6);
  });

  it('IA2 7.41: the height values are chart-pack data of designed provenance, and another pack given by --charts replaces them', () => {
    const sc = hill();
    expect(sc.charts.modifiers.firerAbove.value).toBe(1);
    expect(sc.charts.modifiers.firerAbove.source.source).toBe('designed');
    expect(sc.charts.modifiers.firerBelow.source.source).toBe('designed');
    const pack = JSON.parse(readFileSync(REFERENCE, 'utf8'));
    pack.modifiers.firerAbove.value = 2;
    const file = join(mkdtempSync(join(tmpdir(), 'ia2-height-')), 'charts.json');
    writeFileSync(file, JSON.stringify(pack));
    const steep = hill(file);
    const { s } = start(steep, '0606');
    const d = draftOf(steep, s);
    expect(directFireColumn(d, { ...shot, from: [hex(steep, '0606')] }, 0, false)).toBe(directFireColumn(d, shot, 0, false) + 2);
  });
});
