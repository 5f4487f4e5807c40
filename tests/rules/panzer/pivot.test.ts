/**
 * Advanced Game Pivot Step (6.8.1, ruling PZ-R81): in the Adjustment Phase a seat may turn its dismounted leg
 * and towed units to their nearest spotted enemy, with its Full Cover choice, without MF or a SPOT/MOVE counter.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTRINE_WEIGHTS, doctrineScore } from '../../../src/core/extensions.js';
import { createRng } from '../../../src/core/rng.js';
import { panzerAdvisor } from '../../../src/rules/panzer/doctrine.js';
import { PanzerGame } from '../../../src/rules/panzer/game.js';
import { FACINGS, loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { FIRE, MOUNTED, MOVE, NO_MARK, type State } from '../../../src/rules/panzer/state.js';
import { hex, withUnits, writeScenario } from './helpers.js';

const S = FACINGS.indexOf('S');
const N = FACINGS.indexOf('N');

function setup() {
  const sc = loadPanzerScenario(
    writeScenario(
      {
        terrain: ['.......', '.......', '..w....', '.......', '.......', '.......', '.......', '.......', '.......', '.......'],
        units: [
          [0, 'ger-squad', '0303', 'N'],
          [0, 'pak40', '0305', 'N'],
          [0, 'pz4h', '0404', 'N'],
          [1, 'sov-squad', '0309', 'N'],
        ],
      },
      { modules: ['leg-towed'] },
    ),
  );
  const game = new PanzerGame(sc, { narrate: true });
  const start = game.initialState(createRng('pivot'));
  // The Adjust steps of seat 0 (Second Player), everyone spotted, the German squad on a MOVE and the gun on FIRE.
  const cover: State = {
    ...withUnits(start, {
      0: { spotted: true, ordered: true, cmd: MOVE },
      1: { spotted: true, ordered: true, cmd: FIRE },
      2: { spotted: true },
      3: { spotted: true },
    }),
    phase: 'cover',
    first: 1,
    stepSeat: 0,
  };
  return { sc, game, cover };
}

describe('PANZER 6.8.1: Pivot Step', () => {
  it('PANZER 6.8.1: whatever their commands, leg and towed units turn to the nearest spotted enemy, without MF or SPOT/MOVE; vehicles do not', () => {
    const { game, cover } = setup();
    const acts = game.legalActions(cover);
    const plain = acts.filter((a) => !a.endsWith(':p'));
    // One pivot alternative per Full Cover set, no more.
    expect(acts.filter((a) => a.endsWith(':p')).sort()).toEqual(plain.map((a) => `${a}:p`).sort());
    const kept = game.apply(cover, plain[0]!, createRng('x'));
    expect(kept.units[0]!.facing).toBe(N);
    const s = game.apply(cover, `${plain[0]!}:p`, createRng('x'));
    expect(s.units[0]!.facing).toBe(S);
    expect(s.units[1]!.facing).toBe(S);
    expect(s.units[2]!.facing).toBe(N);
    expect(s.units[3]!.facing).toBe(N);
    expect(s.units[0]!.mark).toBe(NO_MARK);
    expect(s.units[0]!.moved).toBe(false);
    expect(game.toMove(s)).toBe(1);
    // The input is not changed.
    expect(cover.units[0]!.facing).toBe(N);
  });

  it('PANZER 6.8.1: with no spotted enemy, or already facing it, nothing to pivot is offered; a passenger does not pivot', () => {
    const { game, cover } = setup();
    expect(game.legalActions(withUnits(cover, { 3: { spotted: false } })).some((a) => a.endsWith(':p'))).toBe(false);
    expect(game.legalActions(withUnits(cover, { 0: { facing: S }, 1: { facing: S } })).some((a) => a.endsWith(':p'))).toBe(false);
    const aboard = withUnits(cover, { 0: { status: MOUNTED, carrier: 2 }, 1: { facing: S } });
    expect(game.legalActions(aboard).some((a) => a.endsWith(':p'))).toBe(false);
  });

  it('PANZER 6.8.1: a unit that may not be in Full Cover (bridge) still pivots: the seat gets keep or pivot', () => {
    const sc = loadPanzerScenario(
      writeScenario(
        {
          terrain: ['.......', '.......', '..=....', '.......', '.......', '.......', '.......', '.......', '.......', '.......'],
          units: [
            [0, 'ger-squad', '0303', 'N'],
            [1, 'sov-squad', '0309', 'N'],
          ],
        },
        { modules: ['leg-towed'] },
      ),
    );
    const game = new PanzerGame(sc, { narrate: true });
    const start = game.initialState(createRng('pivot'));
    const cover: State = { ...withUnits(start, { 0: { spotted: true }, 1: { spotted: true } }), phase: 'cover', first: 1, stepSeat: 0 };
    expect(sc.map.grid.label(cover.units[0]!.hex)).toBe('0303');
    expect(game.legalActions(cover)).toEqual(['c:', 'c::p']);
    expect(game.apply(cover, 'c::p', createRng('x')).units[0]!.facing).toBe(S);
    expect(hex(sc, '0303')).toBe(cover.units[0]!.hex);
  });

  it('PANZER 6.8.1: the scripted doctrine rates the pivot above keeping the facings', () => {
    const { sc, game, cover } = setup();
    const advisor = panzerAdvisor(sc);
    const score = (a: string) => doctrineScore(advisor.assess(cover, a, 0), DEFAULT_DOCTRINE_WEIGHTS);
    for (const a of game.legalActions(cover).filter((x) => !x.endsWith(':p'))) expect(score(`${a}:p`)).toBeGreaterThan(score(a));
  });
});
