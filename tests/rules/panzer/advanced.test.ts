/**
 * GMT Panzer Advanced Game modules: leg and towed units (5.1, 5.2, 5.5, 6.6.4, 6.6.5) and GP fire with
 * suppression (5.10, 6.5.4, 6.8.3, 6.8.4), each asserted on the state or figures the engine produces. The
 * units are the reference cards: ger-squad / sov-squad (2L 3, GP 8/6/4/2/1 to 1/2/4/6/8 hexes, small arms,
 * GPD 2/4/6/8 by cover), ger-section (2L 3, 1L 0 with weapons), pak40 (towed, 1L 0, AP and HE), the
 * vehicles of the Basic Game with GPD (pz4h 5A, t3485 6A, su76m 2P) and HE rows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { gpDefense, gpResult, gpThresholds } from '../../../src/rules/panzer/advanced/gp-fire.js';
import { legDestinations } from '../../../src/rules/panzer/advanced/legs.js';
import { gpShotFigures, recoverSuppression } from '../../../src/rules/panzer/advanced/suppression.js';
import { legalActions, legalCommands, PanzerGame, victoryPoints } from '../../../src/rules/panzer/game.js';
import { canFireAt, canFireGpAt, overStacked, spots, spottingRange } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import {
  ELIMINATED,
  FIRE,
  MOVE,
  NC,
  NOT_SUPPRESSED,
  OVERWATCH,
  SHORT_HALT,
  SPOT_FIRE_SA,
  type State,
  SUPPRESSION_OFF,
  SUPPRESSION_ON,
} from '../../../src/rules/panzer/state.js';
import { dice, hex, type MiniSpec, run, withUnits, writeScenario } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];
const MODULES = ['leg-towed', 'gp-fire'];

/** A hand-made Advanced scenario; `attached` gives crew-served weapons by unit index. */
function adv(spec: MiniSpec, attached: Record<number, string[]> = {}) {
  const file = writeScenario(spec, { modules: MODULES });
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const next = [0, 0];
  spec.units.forEach(([side], idx) => {
    const placed = data.sides[side].units[next[side]!++];
    if (attached[idx]) placed.attached = attached[idx];
  });
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('adv')) };
}

/** The Combat Phase's direct fire step of seat 0, with the given commands placed and every unit spotted. */
function firePhase(s: State, commands: Record<number, number>): State {
  return {
    ...s,
    phase: 'fire',
    first: 0,
    stepSeat: 0,
    owStage: 0,
    units: s.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
}

describe('PANZER 5.1: leg units', () => {
  it('PANZER 5.1.1: an effective GP result reduces a squad to its half-squad under SUPPRESSION/ON; a second one eliminates the half-squad', () => {
    const { sc, game, start } = adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [0, 'ger-squad', '0405', 'N'],
        [1, 'sov-squad', '0304', 'S'],
      ],
    });
    // Range 1, GP 8 against GPD 2 (clear): a roll above S is effective.
    const [, s] = gpThresholds(sc, 8, 2);
    const fire = firePhase(start, { 0: FIRE, 1: FIRE, 2: OVERWATCH });
    expect(legalActions(sc, fire)).toContain('g:0:2');
    const after = run(game, fire, ['g:0:2', 'resolve'], dice(s + 1, 5));
    expect(after.units[2]!.half).toBe(true);
    expect(after.units[2]!.sup).toBe(SUPPRESSION_ON);
    expect(after.units[2]!.status).not.toBe(ELIMINATED);
    expect(after.units[0]!.fired).toBe(true);
    const again = run(game, { ...after, reactions: [], stepSeat: 0, owStage: 0, engaged: [] }, ['g:1:2'], dice(100, 5));
    expect(again.units[2]!.status).toBe(ELIMINATED);
    // An eliminated leg unit leaves no wreck and counts its PTS for the other side.
    expect(again.wrecks[again.units[2]!.hex]).toBe(0);
    expect(victoryPoints(sc, again)[0]).toBe(sc.units[2]!.pts);
  });

  it('PANZER 5.1: a leg unit fires all round; suppressed, only into its front 60 degrees', () => {
    const { sc, start } = adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0307', 'N'],
      ],
    });
    const s = firePhase(start, {});
    expect(canFireGpAt(sc, s, 0, 1)).toBe(true);
    const suppressed = withUnits(s, { 0: { sup: SUPPRESSION_OFF } });
    expect(canFireGpAt(sc, suppressed, 0, 1)).toBe(false);
    expect(canFireGpAt(sc, withUnits(suppressed, { 0: { facing: 3 } }), 0, 1)).toBe(true);
  });

  it('PANZER 5.1.2: a section with attached weapons moves with its second movement factor (1L 0) and takes no SHORT HALT', () => {
    const { sc, start } = adv(
      {
        terrain: OPEN,
        units: [
          [0, 'ger-section', '0305', 'N'],
          [0, 'ger-section', '0505', 'N'],
          [1, 'sov-squad', '0301', 'S'],
        ],
      },
      { 0: ['mg42'] },
    );
    expect(sc.units[0]!.mf).toBe(1);
    expect(sc.units[1]!.mf).toBe(2);
    const s = withUnits(firePhase(start, {}), { 0: { cmd: MOVE }, 1: { cmd: MOVE } });
    const far = (u: number) => Math.max(...legDestinations(sc, s, u).map((d) => sc.map.grid.distance(s.units[u]!.hex, d.hex)));
    expect(far(0)).toBe(1);
    expect(far(1)).toBe(2);
    expect(legalCommands(sc, s, 0)).not.toContain(SHORT_HALT);
    expect(legalCommands(sc, s, 1)).toContain(SHORT_HALT);
  });

  it('PANZER 5.1.3: an attached crew-served weapon adds its rows: an HMG its GP, a Panzerschreck its AP row to the squad', () => {
    const { sc } = adv(
      {
        terrain: OPEN,
        units: [
          [0, 'ger-squad', '0305', 'N'],
          [0, 'ger-section', '0505', 'N'],
          [1, 't3485', '0301', 'S'],
        ],
      },
      { 0: ['panzerschreck'], 1: ['mg42'] },
    );
    expect(sc.units[0]!.pen[0]).toBeGreaterThan(0);
    expect(sc.units[1]!.gp.length).toBe(2);
    expect(sc.units[1]!.gp[1]!.factor[0]).toBe(10);
  });
});

describe('PANZER 5.2: towed units', () => {
  const gun = () =>
    adv({
      terrain: OPEN,
      units: [
        [0, 'pak40', '0305', 'N'],
        [1, 't3485', '0301', 'S'],
        [1, 't3485', '0309', 'N'],
        [1, 'sov-squad', '0303', 'S'],
      ],
    });

  it('PANZER 5.2: a towed gun fires only into its front 60 degrees', () => {
    const { sc, start } = gun();
    const s = firePhase(start, {});
    expect(canFireAt(sc, s, 0, 1)).toBe(true);
    expect(canFireAt(sc, s, 0, 2)).toBe(false);
  });

  it('PANZER 6.5.2: AP fire only at vehicles; a leg target takes GP fire', () => {
    const { sc, start } = gun();
    const s = firePhase(start, {});
    expect(canFireAt(sc, s, 0, 3)).toBe(false);
    expect(canFireGpAt(sc, s, 0, 3)).toBe(true);
  });

  it('PANZER 6.6.5: a towed gun is manhandled one hex at most, in any direction, ends facing any way, and takes no SHORT HALT', () => {
    const { sc, start } = gun();
    const s = withUnits(firePhase(start, {}), { 0: { cmd: MOVE } });
    const d = legDestinations(sc, s, 0);
    const hexes = new Set(d.map((x) => x.hex));
    expect(hexes.size).toBe(7);
    for (const h of hexes) expect(sc.map.grid.distance(s.units[0]!.hex, h)).toBeLessThanOrEqual(1);
    expect(
      d
        .filter((x) => x.hex === hex(sc, '0306'))
        .map((x) => x.facing)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    expect(legalCommands(sc, s, 0)).not.toContain(SHORT_HALT);
  });
});

describe('PANZER 5.5, 6.6.4: leg movement', () => {
  it('PANZER 6.6.4.1: a squad (2L) moves 2 clear hexes in any direction with no turn cost; SHORT HALT and suppression halve it (6.6.2)', () => {
    const { sc, start } = adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0701', 'S'],
      ],
    });
    const s = withUnits(firePhase(start, {}), { 0: { cmd: MOVE } });
    const d = legDestinations(sc, s, 0);
    // Straight back, two hexes, facing south: no reverse or turn cost (5.5).
    expect(d.some((x) => x.hex === hex(sc, '0307') && x.facing === 3 && x.cost === 2)).toBe(true);
    expect(d.some((x) => x.hex === hex(sc, '0308'))).toBe(false);
    const halted = legDestinations(sc, withUnits(s, { 0: { cmd: SHORT_HALT } }), 0);
    expect(Math.max(...halted.map((x) => sc.map.grid.distance(s.units[0]!.hex, x.hex)))).toBe(1);
    const suppressed = legDestinations(sc, withUnits(s, { 0: { sup: SUPPRESSION_ON } }), 0);
    expect(Math.max(...suppressed.map((x) => sc.map.grid.distance(s.units[0]!.hex, x.hex)))).toBe(1);
  });

  it('PANZER 6.6.4.1: a leg unit changes at most 2 heights in one hex; a towed gun 1 (6.6.5)', () => {
    const { sc, start } = adv({
      terrain: OPEN,
      elevation: ['0000000', '0000000', '0000000', '0020000', '0000000', '0000000', '0000000', '0000000', '0000000', '0000000'],
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [0, 'pak40', '0405', 'N'],
        [1, 'sov-squad', '0701', 'S'],
      ],
    });
    const s = withUnits(firePhase(start, {}), { 0: { cmd: MOVE }, 1: { cmd: MOVE } });
    const squad = new Set(legDestinations(sc, s, 0).map((x) => x.hex));
    // 0304 is 2 up from 0305: allowed (1 + 2 MF, the one-hex minimum).
    expect(squad.has(hex(sc, '0304'))).toBe(true);
    const towed = withUnits(s, { 1: { hex: hex(sc, '0305') } });
    expect(new Set(legDestinations(sc, towed, 1).map((x) => x.hex)).has(hex(sc, '0304'))).toBe(false);
  });

  it('PANZER 5.13: leg units do not count for stacking; towed units do', () => {
    const { sc, start } = adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [0, 'pak40', '0405', 'N'],
        [1, 'sov-squad', '0701', 'S'],
      ],
    });
    const h = hex(sc, '0305');
    const legs = { ...start, units: [...Array(6)].map(() => ({ ...start.units[0]!, hex: h })) };
    expect(overStacked({ ...sc, units: [...Array(6)].map(() => sc.units[0]!) }, legs, h)).toBe(false);
    const guns = { ...start, units: [...Array(6)].map(() => ({ ...start.units[1]!, hex: h })) };
    expect(overStacked({ ...sc, units: [...Array(6)].map(() => sc.units[1]!) }, guns, h)).toBe(true);
  });
});

describe('PANZER 6.1: Advanced spotting', () => {
  const pair = () =>
    adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0310', 'N'],
        [1, 'sov-squad', '0301', 'S'],
        [1, 'pz4h', '0601', 'S'],
      ],
    });

  it('PANZER 6.1.3: a leg target is spotted in the S column (base 10 hexes); SPOT/FIRE SA moves it one row up', () => {
    const { sc, start } = pair();
    expect(spottingRange(sc, start, 1)).toBe(10);
    expect(spottingRange(sc, start, 2)).toBe(20);
    expect(spottingRange(sc, withUnits(start, { 1: { mark: SPOT_FIRE_SA } }), 1)).toBe(15);
  });

  it('PANZER 6.1.1: a leg unit spots (it has no AP weapon, unlike the Basic Game spotter)', () => {
    const { sc, start } = pair();
    const near = withUnits(start, { 0: { hex: hex(sc, '0302') } });
    expect(spots(sc, near, 0, 1)).toBe(true);
  });

  it('PANZER 6.1.3.1: a suppressed spotter is two rows down and sees only its front 60 degrees', () => {
    const { sc, start } = pair();
    const s = withUnits(start, { 0: { hex: hex(sc, '0307'), sup: SUPPRESSION_ON } });
    expect(spottingRange(sc, s, 1, 0)).toBeLessThan(spottingRange(sc, s, 1));
    expect(spots(sc, withUnits(s, { 0: { hex: hex(sc, '0304') } }), 0, 1)).toBe(true);
    expect(spots(sc, withUnits(s, { 0: { hex: hex(sc, '0304'), facing: 3 } }), 0, 1)).toBe(false);
  });
});

/** Units of the GP range: #0 German squad 0305, #1 Pz IV 0306; Soviet squad 0304, section in woods 0303, SU-76M 0404, T-34/85 0405. */
const SQUAD = 2,
  SECTION = 3,
  SU76 = 4,
  T34 = 5;

describe('PANZER 6.5.4: GP fire', () => {
  const range = () =>
    adv({
      terrain: ['.......', '.......', '..w....', '.......', '.......', '.......', '.......', '.......', '.......', '.......'],
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [0, 'pz4h', '0306', 'N'],
        [1, 'sov-squad', '0304', 'S'],
        [1, 'sov-section', '0303', 'S'],
        [1, 'su76m', '0404', 'S'],
        [1, 't3485', '0405', 'S'],
      ],
    });

  it('PANZER 6.5.4.2.2: a leg GPD is read by the cover of its hex, 2 less when seen moving, never under 1', () => {
    const { sc, start } = range();
    expect(gpDefense(sc, start, SQUAD, false)).toEqual({ value: 2, type: 'S' });
    expect(gpDefense(sc, start, SQUAD, true).value).toBe(1);
    // The section stands in woods (Medium cover): its third GPD.
    expect(gpDefense(sc, start, SECTION, false).value).toBe(5);
    expect(gpDefense(sc, start, SECTION, true).value).toBe(3);
    // 6.5.4.2.1: a vehicle's is fixed.
    expect(gpDefense(sc, start, SU76, true)).toEqual({ value: 2, type: 'P' });
  });

  it('PANZER 6.5.4.1: the GP factor is read under the first R at or above the range', () => {
    const { sc, start } = range();
    const s = firePhase(start, { 0: FIRE });
    expect(gpShotFigures(sc, s, 0, SQUAD, false, false).factor).toBe(8);
    expect(gpShotFigures(sc, s, 0, SECTION, false, false).factor).toBe(6);
  });

  it('PANZER 6.5.4.3: a suppressed firer is -20, a SHORT HALT firer -15, a P-type target -10', () => {
    const { sc, start } = range();
    const s = firePhase(start, { 0: FIRE });
    expect(gpShotFigures(sc, s, 0, SQUAD, false, false).modifier).toBe(0);
    expect(gpShotFigures(sc, withUnits(s, { 0: { sup: SUPPRESSION_OFF } }), 0, SQUAD, false, false).modifier).toBe(-20);
    expect(gpShotFigures(sc, withUnits(s, { 0: { cmd: SHORT_HALT } }), 0, SQUAD, false, false).modifier).toBe(-15);
    expect(gpShotFigures(sc, s, 0, SU76, false, false).modifier).toBe(-10);
  });

  it('PANZER 6.5.4.4: at or under N no effect, at or under S suppressed, above S effective', () => {
    const { sc, start } = range();
    const s = firePhase(start, { 0: FIRE });
    const fig = gpShotFigures(sc, s, 0, SECTION, false, false);
    expect(fig.n).toBeLessThan(fig.s);
    expect(gpResult(sc, s, SECTION, fig, fig.n, 5)).toBe('none');
    expect(gpResult(sc, s, SECTION, fig, fig.n + 1, 5)).toBe('suppressed');
    expect(gpResult(sc, s, SECTION, fig, fig.s, 5)).toBe('suppressed');
    expect(gpResult(sc, s, SECTION, fig, fig.s + 1, 5)).toBe('eliminated');
  });

  it('PANZER 6.5.4.4.2: small arms against an A-type vehicle at P range only suppress it; against a P-type at P range an effective result damages', () => {
    const { sc, start } = range();
    const s = firePhase(start, { 0: FIRE });
    const atTank = gpShotFigures(sc, s, 0, T34, false, false);
    expect(atTank.smallArms).toBe(true);
    expect(gpResult(sc, s, T34, atTank, 200, 1)).toBe('suppressed');
    const atSu = gpShotFigures(sc, s, 0, SU76, false, false);
    expect(gpResult(sc, s, SU76, atSu, 200, 1)).toBe('damaged');
  });

  it('PANZER 6.5.4.4.2: non-small-arms HE: the rule of 5s and 10s, else KO or BU by the GP Effectiveness; no effect on A-types it cannot reach', () => {
    const { sc, start } = range();
    const s = firePhase(start, { 1: FIRE });
    const atSu = gpShotFigures(sc, s, 1, SU76, false, false);
    expect(atSu.smallArms).toBe(false);
    expect(gpResult(sc, s, SU76, atSu, 105, 9)).toBe('damaged');
    expect(gpResult(sc, s, SU76, atSu, 110, 9)).toBe('track');
    expect(gpResult(sc, s, SU76, atSu, 107, 9)).toBe('knocked-out');
    expect(gpResult(sc, s, SU76, atSu, 107, 4)).toBe('brewed-up');
    // HE Effectiveness 4 against the T-34's GPD 6A: an effective result only suppresses.
    const atTank = gpShotFigures(sc, s, 1, T34, false, false);
    expect(gpResult(sc, s, T34, atTank, 107, 1)).toBe('suppressed');
  });
});

describe('PANZER 5.10, 6.8: the suppression life cycle', () => {
  const one = () =>
    adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0701', 'S'],
      ],
    });

  it('PANZER 6.8.4: SUPPRESSION/ON turns to OFF in the Adjustment Phase with no roll', () => {
    const { sc, start } = one();
    const s = withUnits(start, { 0: { sup: SUPPRESSION_ON, underFire: true } });
    const after = recoverSuppression(sc, s, dice(1), null, () => '');
    expect(after.units[0]!.sup).toBe(SUPPRESSION_OFF);
    expect(after.units[0]!.underFire).toBe(false);
  });

  it('PANZER 6.8.3: SUPPRESSION/OFF comes off on a roll(100) within the recovery range (01-50 designed), +20 for a command other than N/C, +10 when fired at', () => {
    const { sc, start } = one();
    const off = withUnits(start, { 0: { sup: SUPPRESSION_OFF, ordered: true, cmd: NC } });
    const r = (s: State, roll: number) => recoverSuppression(sc, s, dice(roll), null, () => '').units[0]!.sup;
    expect(r(off, 50)).toBe(NOT_SUPPRESSED);
    expect(r(off, 51)).toBe(SUPPRESSION_OFF);
    expect(r(withUnits(off, { 0: { cmd: MOVE } }), 30)).toBe(NOT_SUPPRESSED);
    expect(r(withUnits(off, { 0: { cmd: MOVE } }), 31)).toBe(SUPPRESSION_OFF);
    expect(r(withUnits(off, { 0: { underFire: true } }), 41)).toBe(SUPPRESSION_OFF);
    expect(r(withUnits(off, { 0: { underFire: true } }), 40)).toBe(NOT_SUPPRESSED);
  });

  it('PANZER 5.10: a new suppression turns SUPPRESSION/OFF back to ON, and the target is marked under fire', () => {
    const { sc, game, start } = adv({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0304', 'S'],
      ],
    });
    const [n] = gpThresholds(sc, 8, 2);
    const fire = withUnits(firePhase(start, { 0: FIRE, 1: OVERWATCH }), { 1: { sup: SUPPRESSION_OFF } });
    const after = run(game, fire, ['g:0:1'], dice(n + 1, 5));
    expect(after.units[1]!.sup).toBe(SUPPRESSION_ON);
    expect(after.units[1]!.underFire).toBe(true);
  });
});

describe('PANZER 5.0: Advanced modules are scenario switches', () => {
  it('PANZER 5.0: a leg or towed counter in a scenario without the leg-towed module is refused with one clear line', () => {
    const file = writeScenario({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    let err: unknown;
    try {
      loadPanzerScenario(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toContain('leg-towed');
  });

  it('PANZER 5.0: without the gp-fire module no unit has a GP row, so no GP action is offered', () => {
    const file = writeScenario(
      {
        terrain: OPEN,
        units: [
          [0, 'ger-squad', '0305', 'N'],
          [1, 'pz4h', '0303', 'S'],
        ],
      },
      { modules: ['leg-towed'] },
    );
    const sc = loadPanzerScenario(file);
    expect(sc.units[1]!.gp.length).toBe(0);
    expect(sc.units[0]!.armed).toBe(false);
  });
});

describe('PANZER 6.1.4.2: Full Cover', () => {
  const dug = () =>
    adv({
      terrain: ['.......', '.......', '..w....', '.......', '.......', '.......', '.......', '.......', '.......', '.......'],
      units: [
        [0, 'ger-squad', '0303', 'N'],
        [0, 'pak40', '0305', 'N'],
        [1, 'sov-squad', '0309', 'N'],
      ],
    });

  it('PANZER 6.8.2: at the end of the Movement Phase each seat chooses Full Cover for its leg and towed units, for the next turn', () => {
    const { sc, game, start } = dug();
    // Nobody moves or fires: the turn runs to the Adjust Full Cover Step.
    let s = run(game, start, ['O:NN', 'O:N'], createRng('fc'));
    s = run(game, s, [game.legalActions(s)[0]!], createRng('fc'));
    expect(s.phase).toBe('cover');
    const seat = game.toMove(s);
    expect(seat).toBe(1 - s.first);
    const all = game.legalActions(s).find((a) => !a.includes('-'))!;
    s = game.apply(s, all, createRng('fc'));
    expect(s.units.filter((_, i) => sc.units[i]!.side === seat).every((u) => u.fc)).toBe(true);
    expect(game.toMove(s)).toBe(1 - seat);
  });

  it('PANZER 6.1.4.2: in Full Cover a towed gun takes no MOVE and a leg unit no SHORT HALT', () => {
    const { sc, start } = dug();
    const s = withUnits(start, { 0: { fc: true }, 1: { fc: true } });
    expect(legalCommands(sc, s, 1)).not.toContain(MOVE);
    expect(legalCommands(sc, s, 0)).toContain(MOVE);
    expect(legalCommands(sc, start, 0)).toContain(SHORT_HALT);
    expect(legalCommands(sc, s, 0)).not.toContain(SHORT_HALT);
  });

  it('PANZER 6.1.3.2: a target in Full Cover is spotted two rows down; a spotter in it sees four rows down', () => {
    const { sc, start } = dug();
    const base = spottingRange(sc, start, 2, 0);
    expect(spottingRange(sc, withUnits(start, { 2: { fc: true } }), 2, 0)).toBe(sc.adv!.spotting.S[4]!.range);
    expect(spottingRange(sc, withUnits(start, { 0: { fc: true } }), 2, 0)).toBe(sc.adv!.spotting.S[6]!.range);
    expect(base).toBe(10);
  });

  it('PANZER 6.5.4.2.2: Full Cover adds 2 to the GPD in Medium cover (woods), 1 in the open (designed split of "1 or 2")', () => {
    const { sc, start } = dug();
    const s = withUnits(start, { 0: { fc: true }, 1: { fc: true } });
    expect(gpDefense(sc, s, 0, false).value).toBe(gpDefense(sc, start, 0, false).value + 2);
    expect(gpDefense(sc, s, 1, false).value).toBe(gpDefense(sc, start, 1, false).value + 1);
  });
});
