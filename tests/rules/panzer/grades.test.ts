/**
 * GMT Panzer Unit Grade effects (5.8, 5.8.3, module "command-control"): the firer's grade modifies AP and
 * GP direct fire by range band (6.5.2.4, 6.5.4.3) and sets its suppression recovery range (6.8.3), from the
 * designed Unit Grade Modifiers Table (ruling PZ-R76). Asserted on the figures and on the state.
 */
import { describe, expect, it } from 'vitest';
import { gradeApModifier } from '../../../src/rules/panzer/advanced/grades.js';
import { gpShotFigures, recoverSuppression } from '../../../src/rules/panzer/advanced/suppression.js';
import { unitName } from '../../../src/rules/panzer/game.js';
import { shotFigures } from '../../../src/rules/panzer/rules.js';
import { NOT_SUPPRESSED, SUPPRESSION_OFF } from '../../../src/rules/panzer/state.js';
import { cc, dice, mini, withUnits } from './helpers.js';

const OPEN = ['..........', '..........', '..........', '..........', '..........', '..........'];
const GRADES = ['elite', 'veteran', 'seasoned', 'regulars', 'green'];

/** Five German tanks in column 01, one per grade (unit k of grade k), and five German squads next to them; a T-34 and a Soviet squad far off. */
const gradedScene = (modules?: string[]) =>
  cc(
    {
      terrain: OPEN,
      units: [
        ...GRADES.map((_, k): [number, string, string, string] => [0, 'pz4h', `010${k + 1}`, 'N']),
        ...GRADES.map((_, k): [number, string, string, string] => [0, 'ger-squad', `020${k + 1}`, 'N']),
        [1, 't3485', '0903', 'S'],
        [1, 'sov-squad', '0503', 'S'],
      ],
    },
    [
      { forceGrade: 'seasoned', formations: GRADES.map((g) => ({ id: g, grade: g })) },
      { forceGrade: 'seasoned', formations: [{ id: 'x', grade: 'seasoned' }] },
    ],
    Object.fromEntries([...GRADES.map((g, k) => [k, g]), ...GRADES.map((g, k) => [k + 5, g])]),
    modules,
  );

describe('PANZER 5.8.3: Unit Grade in combat and recovery', () => {
  it('PANZER 5.8.3: the grade comes from the formation; without the module every unit is Seasoned and fires unmodified', () => {
    const { sc } = gradedScene();
    expect(sc.units.slice(0, 5).map((u) => u.grade)).toEqual([0, 1, 2, 3, 4]);
    const plain = mini({
      terrain: OPEN,
      units: [
        [0, 'pz4h', '0101', 'N'],
        [1, 't3485', '0903', 'S'],
      ],
    });
    expect(plain.sc.units[0]!.grade).toBe(2);
    expect(gradeApModifier(plain.sc, 0, 2)).toBe(0);
  });

  it("PANZER 6.5.2.4: AP fire takes the firing unit's Unit Grade modifier by range band (designed table, PZ-R76); the target's grade does not count", () => {
    const { sc, start } = gradedScene();
    const s = withUnits(start, {});
    const t34 = 10;
    const mods = GRADES.map((_, k) => shotFigures(sc, s, k, t34, false, false).modifier);
    const seasoned = mods[2]!;
    const band = shotFigures(sc, s, 2, t34, false, false).band;
    const rows = sc.adv!.commandControl!.unitGrade!.ap.rows;
    expect(mods).toEqual(rows.map((r) => seasoned + r[band]!));
    // Elite fires better than Green at this range.
    expect(mods[0]!).toBeGreaterThan(mods[4]!);
    expect(sc.adv!.commandControl!.unitGrade!.ap.source.source).toBe('designed');
  });

  it("PANZER 6.5.4.3: GP fire takes the firing unit's Unit Grade modifier (Elite +10 .. Green -10, designed)", () => {
    const { sc, start } = gradedScene();
    const squad = 11;
    const mods = GRADES.map((_, k) => gpShotFigures(sc, start, k + 5, squad, false, false).modifier);
    expect(mods.map((m) => m - mods[2]!)).toEqual([10, 5, 0, -5, -10]);
  });

  it("PANZER 6.8.3: suppression recovery uses the Sup'd Recvy range of the unit's grade (Elite 70 .. Green 30, designed)", () => {
    const { sc, start } = gradedScene();
    const sup = withUnits(start, Object.fromEntries([5, 6, 7, 8, 9].map((u) => [u, { sup: SUPPRESSION_OFF }])));
    // Every roll 45: Elite (70), Veteran (60) and Seasoned (50) recover; Regulars (40) and Green (30) stay suppressed.
    const after = recoverSuppression(sc, sup, dice(45), null, unitName);
    expect([5, 6, 7, 8, 9].map((u) => after.units[u]!.sup === NOT_SUPPRESSED)).toEqual([true, true, true, false, false]);
  });
});
