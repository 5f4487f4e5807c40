/**
 * GMT Panzer Advanced Game module "close-assault": Close Assault and Hand-to-Hand combat (6.6.1), asserted on
 * the state the engine produces from fixed dice. Reference cards: ger-squad / sov-squad (squads), ger-section,
 * t3485 (GPD 6A), su76m (GPD 2P), opel (GPD 1S), pak40 (towed); charts: the designed GP Combat Results Table.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { closeAssaultFigures, closeAssaultOutcome, handToHandModifiers } from '../../../src/rules/panzer/advanced/close-combat.js';
import { gpThresholds } from '../../../src/rules/panzer/advanced/gp-fire.js';
import { panzerAdvisor } from '../../../src/rules/panzer/doctrine.js';
import { legalActions, PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import {
  BREWED_UP,
  DAMAGED,
  ELIMINATED,
  FIRE,
  KNOCKED_OUT,
  MOVE,
  NC,
  OK,
  SPOT_MOVE,
  type State,
  SUPPRESSION_ON,
} from '../../../src/rules/panzer/state.js';
import { dice, hex, type MiniSpec, run, withUnits, writeScenario } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];
const MODULES = ['leg-towed', 'close-assault'];

function game(spec: MiniSpec, modules = MODULES) {
  const sc = loadPanzerScenario(writeScenario(spec, { modules }));
  const g = new PanzerGame(sc, { narrate: true });
  return { sc, game: g, start: g.initialState(createRng('cc')) };
}

/** A German squad at 0305 and an enemy `counter` adjacent at 0304. */
function pair(counter: string, terrain = OPEN, elevation?: string[]) {
  return game({
    terrain,
    ...(elevation ? { elevation } : {}),
    units: [
      [0, 'ger-squad', '0305', 'N'],
      [1, counter, '0304', 'S'],
    ],
  });
}

/** The Close Assault / Hand-to-Hand Step of seat 0 (the First Player), every unit spotted, with the given commands. */
function assaultStep(s: State, commands: Record<number, number>): State {
  return {
    ...s,
    phase: 'assault',
    first: 0,
    stepSeat: 0,
    owStage: 0,
    units: s.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
}

/** The first roll whose Close Assault total gives `outcome` (roll(10) 5). */
function rollFor(sc: ReturnType<typeof pair>['sc'], s: State, outcome: string): number {
  const fig = closeAssaultFigures(sc, s, 0, 1);
  for (let r = 1; r <= 100; r++) if (closeAssaultOutcome(fig, r + fig.modifier, 5) === outcome) return r;
  throw new Error(`no roll gives ${outcome}`);
}

describe('PANZER 6.6.1.1: Close Assault', () => {
  it('PANZER 6.6.1.1: an unsuppressed squad with MOVE may attack an adjacent spotted vehicle; not with FIRE, suppressed, unspotted, two hexes off or two heights apart', () => {
    const { sc, start } = pair('t3485');
    const s = assaultStep(start, { 0: MOVE });
    expect(legalActions(sc, s)).toEqual(['a:0:1', 'hold']);
    expect(legalActions(sc, assaultStep(start, { 0: FIRE }))).toEqual(['hold']);
    expect(legalActions(sc, withUnits(s, { 0: { sup: SUPPRESSION_ON } }))).toEqual(['hold']);
    expect(legalActions(sc, withUnits(s, { 1: { spotted: false } }))).toEqual(['hold']);
    expect(legalActions(sc, withUnits(s, { 1: { hex: hex(sc, '0303') } })).filter((a) => a.startsWith('a:'))).toEqual([]);
    const high = pair('t3485', OPEN, [
      '0000000',
      '0000000',
      '0000000',
      '0020000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
    ]);
    expect(legalActions(high.sc, assaultStep(high.start, { 0: MOVE }))).toEqual(['hold']);
  });
  it('PANZER 6.6.1.1.1: a squad attacks with 8, a half-squad 4, a section 2, against the vehicle GPD capped at 5', () => {
    const { sc, start } = pair('t3485');
    const fig = closeAssaultFigures(sc, start, 0, 1);
    expect(sc.units[1]!.gpd.value).toBe(6);
    expect([fig.factor, fig.gpd]).toEqual([8, 5]);
    expect([fig.n, fig.s]).toEqual(gpThresholds(sc, 8, 5));
    expect(closeAssaultFigures(sc, withUnits(start, { 0: { half: true } }), 0, 1).factor).toBe(4);
    const sec = game({
      terrain: OPEN,
      units: [
        [0, 'ger-section', '0305', 'N'],
        [1, 't3485', '0304', 'S'],
      ],
    });
    expect(closeAssaultFigures(sec.sc, sec.start, 0, 1).factor).toBe(2);
  });
  it('PANZER 6.6.1.1.2: vs P-type +20, vs S-type +30, vs a suppressed vehicle +20, uphill -10, unsupported in close terrain +30 (a friendly squad in the hex supports)', () => {
    expect(closeAssaultFigures(pair('t3485').sc, pair('t3485').start, 0, 1).modifier).toBe(0);
    const p = pair('su76m');
    expect(closeAssaultFigures(p.sc, p.start, 0, 1).modifier).toBe(20);
    const s = pair('opel');
    expect(closeAssaultFigures(s.sc, s.start, 0, 1).modifier).toBe(30);
    const t = pair('t3485');
    expect(closeAssaultFigures(t.sc, withUnits(t.start, { 1: { sup: SUPPRESSION_ON } }), 0, 1).modifier).toBe(20);
    const up = pair('t3485', OPEN, [
      '0000000',
      '0000000',
      '0000000',
      '0010000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
    ]);
    expect(closeAssaultFigures(up.sc, up.start, 0, 1).modifier).toBe(-10);
    const woods = ['.......', '.......', '.......', '..w....', '.......', '.......', '.......', '.......', '.......', '.......'];
    const w = game({
      terrain: woods,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 't3485', '0304', 'S'],
        [1, 'sov-squad', '0304', 'S'],
      ],
    });
    expect(closeAssaultFigures(w.sc, w.start, 0, 1).modifier).toBe(0);
    expect(closeAssaultFigures(w.sc, withUnits(w.start, { 2: { status: ELIMINATED } }), 0, 1).modifier).toBe(30);
  });
  it('PANZER 6.6.1.1.3: an effective result ending in 5 damages, in 0 hits the track, otherwise knocks out, or brews up on roll(10) at or under half the factor', () => {
    const fig = { factor: 8, gpd: 5, modifier: 0, n: 40, s: 60 };
    expect(closeAssaultOutcome(fig, 40, 1)).toBe('none');
    expect(closeAssaultOutcome(fig, 60, 1)).toBe('suppressed');
    expect(closeAssaultOutcome(fig, 75, 1)).toBe('damaged');
    expect(closeAssaultOutcome(fig, 80, 1)).toBe('track');
    expect(closeAssaultOutcome(fig, 77, 4)).toBe('brewed-up');
    expect(closeAssaultOutcome(fig, 77, 5)).toBe('knocked-out');
  });
  it('PANZER 6.6.1.1.3: resolved on the state: the vehicle knocked out or brewed up, the attacker marked SPOT/MOVE with its move spent', () => {
    const { sc, game: g, start } = pair('opel');
    const s = assaultStep(start, { 0: MOVE });
    const r = rollFor(sc, s, 'knocked-out');
    // The dice value 41 rolls 5 on roll(10) (over half of 8: knocked out); 31 rolls 4 (brewed up).
    const ko = run(g, s, ['a:0:1'], dice(r, 41));
    expect(ko.units[1]!.status).toBe(KNOCKED_OUT);
    expect(ko.units[0]!.mark).toBe(SPOT_MOVE);
    expect(ko.units[0]!.moved).toBe(true);
    expect(ko.wrecks[ko.units[1]!.hex]).toBeGreaterThan(0);
    expect(run(g, s, ['a:0:1'], dice(r, 31)).units[1]!.status).toBe(BREWED_UP);
    const sup = run(g, s, ['a:0:1'], dice(rollFor(sc, s, 'suppressed'), 41));
    expect(sup.units[1]!.sup).toBe(SUPPRESSION_ON);
    expect(sup.units[1]!.status).toBe(OK);
    const dmg = run(g, s, ['a:0:1'], dice(rollFor(sc, s, 'damaged'), 41));
    expect(dmg.units[1]!.status).toBe(DAMAGED);
  });
  it('PANZER 6.6.1.1.1: the First Player attacks first, then the Second; then the Second Player moves first', () => {
    const {
      sc,
      game: g,
      start,
    } = game({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0304', 'S'],
      ],
    });
    const s = assaultStep(start, { 0: MOVE, 1: MOVE });
    expect(legalActions(sc, s)).toContain('a:0:1');
    const after = run(g, s, ['hold']);
    expect(after.phase).toBe('assault');
    expect(after.stepSeat).toBe(1);
    expect(legalActions(sc, after)).toContain('a:1:0');
    const moving = run(g, after, ['hold']);
    expect(moving.phase).toBe('move');
    expect(moving.stepSeat).toBe(1);
  });
  it('PANZER 6.6.1: at the play prompt "assault U T" and "hold" are the step\'s actions; an attack not open is refused in one line', () => {
    const { sc, start } = pair('t3485');
    const s = assaultStep(start, { 0: MOVE });
    const ui = panzerUi(sc);
    const legal = legalActions(sc, s);
    expect(ui.parseCommand(s, ['assault', '0', '1'], legal)).toBe('a:0:1');
    expect(ui.parseCommand(s, ['hold'], legal)).toBe('hold');
    expect(() => ui.parseCommand(s, ['assault', '1', '0'], legal)).toThrow(InputError);
  });
  it('PANZER 6.6.1: the module needs leg units: "close-assault" without "leg-towed" is refused in one line', () => {
    const file = writeScenario(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 't3485', '0304', 'S'],
        ],
      },
      { modules: ['close-assault'] },
    );
    expect(() => loadPanzerScenario(file)).toThrow(InputError);
    expect(() => loadPanzerScenario(file)).toThrow(/leg-towed/);
  });
});

describe('PANZER 6.6.1.2: Hand-to-Hand combat', () => {
  it('PANZER 6.6.1.2.3: the higher roll wins; a losing squad becomes a half-squad (not suppressed) and they roll again until one side is gone; ties are rolled again', () => {
    const { game: g, start } = pair('sov-squad');
    const s = assaultStep(start, { 0: MOVE });
    const won = run(g, s, ['a:0:1'], dice(50, 50, 90, 10, 90, 10));
    expect(won.units[1]!.status).toBe(ELIMINATED);
    expect(won.units[0]!.half).toBe(false);
    expect(won.units[0]!.status).toBe(OK);
    expect(won.events.join('\n')).toContain('50 to 50, 90 to 10, 90 to -15');
    const lost = run(g, s, ['a:0:1'], dice(10, 90, 10, 90));
    expect(lost.units[0]!.status).toBe(ELIMINATED);
    expect(lost.units[1]!.half).toBe(false);
    const mixed = run(g, s, ['a:0:1'], dice(90, 10, 10, 90, 90, 10));
    // The defender reduced, then the attacker, then the half-squad defender eliminated.
    expect(mixed.units[1]!.status).toBe(ELIMINATED);
    expect(mixed.units[0]!.half).toBe(true);
    expect(mixed.units[0]!.sup).toBe(0);
  });
  it('PANZER 6.6.1.2.2: half-squad -25, section -30, a towed defender -40, a suppressed defender -20, uphill -10', () => {
    const { sc, start } = pair('sov-squad');
    expect(handToHandModifiers(sc, start, 0, 1)).toEqual([0, 0]);
    expect(handToHandModifiers(sc, withUnits(start, { 0: { half: true }, 1: { sup: SUPPRESSION_ON } }), 0, 1)).toEqual([-25, -20]);
    const gun = pair('zis3');
    expect(handToHandModifiers(gun.sc, gun.start, 0, 1)).toEqual([0, -40]);
    const sec = pair('sov-section');
    expect(handToHandModifiers(sec.sc, sec.start, 0, 1)).toEqual([0, -30]);
    const up = pair('sov-squad', OPEN, [
      '0000000',
      '0000000',
      '0000000',
      '0010000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
      '0000000',
    ]);
    expect(handToHandModifiers(up.sc, up.start, 0, 1)).toEqual([-10, 0]);
  });
  it('PANZER 6.6.1.2: the scripted doctrine rates a hand-to-hand attack on a towed gun above holding, and one against the odds below', () => {
    const gun = pair('zis3');
    const s = assaultStep(gun.start, { 0: MOVE });
    const advisor = panzerAdvisor(gun.sc);
    expect(advisor.assess(s, 'a:0:1', 0).expectedEnemyLoss).toBeGreaterThan(advisor.assess(s, 'hold', 0).expectedEnemyLoss);
    const weak = withUnits(s, { 0: { half: true } });
    const squad = pair('sov-squad');
    const w = withUnits(assaultStep(squad.start, { 0: MOVE }), { 0: { half: true } });
    expect(panzerAdvisor(squad.sc).assess(w, 'a:0:1', 0).expectedEnemyLoss).toBeLessThan(0);
    expect(weak.units[0]!.half).toBe(true);
  });
});

describe('PANZER 6.6.1.1.2 / 6.6.1.2.2: combined attacks from one hex (ruling PZ-R65)', () => {
  /** Units 0-2: German squad, squad, section at 0305; 3: a German squad at 0306; 4: an enemy `counter` at 0304 (units are listed side by side). */
  function three(counter: string) {
    return game({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [0, 'ger-squad', '0305', 'N'],
        [0, 'ger-section', '0305', 'N'],
        [0, 'ger-squad', '0306', 'N'],
        [1, counter, '0304', 'S'],
      ],
    });
  }
  it('PANZER 6.6.1.1.2: each additional attacker of the hex adds squad +20, half-squad +10, section +5; units of another hex or without MOVE do not join', () => {
    const { sc, start } = three('t3485');
    const s = assaultStep(start, { 0: MOVE, 1: MOVE, 2: MOVE, 3: MOVE });
    expect(closeAssaultFigures(sc, s, 0, 4).modifier).toBe(25);
    expect(closeAssaultFigures(sc, withUnits(s, { 1: { half: true } }), 0, 4).modifier).toBe(15);
    expect(closeAssaultFigures(sc, withUnits(s, { 2: { cmd: FIRE } }), 0, 4).modifier).toBe(20);
    expect(closeAssaultFigures(sc, withUnits(s, { 1: { sup: SUPPRESSION_ON } }), 0, 4).modifier).toBe(5);
  });
  it('PANZER 6.6.1.1: a combined Close Assault spends every attacker of the hex: all marked SPOT/MOVE, moved, and none may attack again', () => {
    const { sc, game: g, start } = three('t3485');
    const s = assaultStep(start, { 0: MOVE, 1: MOVE, 2: MOVE });
    const after = run(g, s, ['a:0:4'], dice(1, 41));
    for (const u of [0, 1, 2]) {
      expect(after.units[u]!.moved).toBe(true);
      expect(after.units[u]!.mark).toBe(SPOT_MOVE);
    }
    expect(legalActions(sc, after).filter((a) => a.startsWith('a:'))).toEqual([]);
  });
  it("PANZER 6.6.1.2.2: a combined Hand-to-Hand attack adds the extra attackers to the primary attacker's rolls", () => {
    const { sc, game: g, start } = three('sov-squad');
    const s = assaultStep(start, { 0: MOVE, 1: MOVE, 2: MOVE });
    expect(handToHandModifiers(sc, s, 0, 4)).toEqual([25, 0]);
    // 40 + 25 = 65 beats 60: the defender is reduced; then 40 + 25 = 65 beats 60 + (-25) = 35: eliminated.
    const after = run(g, s, ['a:0:4'], dice(40, 60, 40, 60));
    expect(after.units[4]!.status).toBe(ELIMINATED);
    expect(after.events.join('\n')).toContain('65 to 60, 65 to 35');
    expect(after.units[1]!.moved).toBe(true);
  });
});
