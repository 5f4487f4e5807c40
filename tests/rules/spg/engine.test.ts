/**
 * The engine's gaps of issue 12, rule by rule: opportunity fire hex by hex (S-15), overrun inside a move
 * (S-38), fire groups formed a unit at a time (S-24), the Refresh choices of mortars (S-03), passengers
 * (S-22) and PBEM mode (S-43, S-53).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { tableResult } from '../../../src/hex/tables.js';
import { assaultShift } from '../../../src/rules/spg/assault.js';
import { directFirePlan, directFireTargets } from '../../../src/rules/spg/fire.js';
import { movementAllowance } from '../../../src/rules/spg/movement.js';
import { readColumn } from '../../../src/rules/spg/results.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { loadSpgScenario } from '../../../src/rules/spg/scenario.js';
import { CARRIER, ELIMINATED, F_DISRUPTED, F_PACKED, F_SPENT, FLAGS, HEX, STEPS, type State } from '../../../src/rules/spg/state.js';
import { draftOf, edit, faces, hex, loadedDice, scenarioFile, tiny } from './helpers.js';

// spg-tiny units: 0 ger-inf 0103, 1 ger-hmg 0103, 2 ger-inf 0104, 3 ger-pz4h 0105,
// 4 sov-rifle 0603, 5 sov-rifle 0604, 6 sov-hmg 0703, 7 sov-45mm 0502.

const flags = (s: State, i: number): number => s.u[i]![FLAGS]!;

/** Declines the windows of the hexes the mover walks through, up to the last hex of its path. */
function declineToLastHex(game: SpgGame, s: State): State {
  let x = s;
  while (x.opp >= 0 && x.path.length > 0) x = game.apply(x, 'noop', loadedDice());
  return x;
}

/** Declines every opportunity-fire window until the mover's side decides again. */
function declineAll(game: SpgGame, s: State): State {
  let x = s;
  while (x.opp >= 0) x = game.apply(x, 'noop', loadedDice());
  return x;
}

describe('SPG S-15: opportunity fire hex by hex', () => {
  it('SPG S-15: a move is interrupted in the first hex entered in sight of a ready enemy, before it reaches its end', () => {
    const { sc, game, start } = tiny();
    const moved = game.apply(start, `move 2 ${hex(sc, '0404')}`, loadedDice());
    expect(moved.u[2]![HEX]).toBe(hex(sc, '0304'));
    expect(moved.opp).toBe(2);
    expect(moved.toMove).toBe(1);
    expect(moved.path).toEqual([hex(sc, '0404'), 2]);
    expect(flags(moved, 2) & F_SPENT).toBe(0);
    // Declined: it walks on to 0404, where the window opens again, then ends there spent.
    const on = game.apply(moved, 'noop', loadedDice());
    expect(on.u[2]![HEX]).toBe(hex(sc, '0404'));
    expect(on.opp).toBe(2);
    const done = game.apply(on, 'noop', loadedDice());
    expect(done.opp).toBe(-1);
    expect(done.mover).toBe(-1);
    expect(done.toMove).toBe(0);
    expect(flags(done, 2) & F_SPENT).toBe(F_SPENT);
  });

  it('SPG S-15: a unit that fired at the mover is spent and cannot fire again at a later hex of the move', () => {
    const { sc, game, start } = tiny();
    const moved = game.apply(start, `move 2 ${hex(sc, '0404')}`, loadedDice());
    const plan = directFirePlan(sc, moved, [4], moved.u[2]![HEX]!, { opportunityOpen: moved.oppOpen, only: 2 });
    // A roll that reads no effect on the mover's column: the move goes on.
    const miss = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((r) => tableResult(sc.tables.df, plan.columns[0]!.column, r) === '-')!;
    const shot = game.apply(moved, 'opp 4', loadedDice(...faces(miss)));
    expect(flags(shot, 4) & F_SPENT).toBe(F_SPENT);
    const next = shot.opp >= 0 ? game.apply(shot, 'noop', loadedDice()) : shot;
    expect(next.u[2]![HEX]).toBe(hex(sc, '0404'));
    if (next.opp >= 0) expect(game.legalActions(next)).not.toContain('opp 4');
  });

  it('SPG S-15: a mover the fire disrupts stops its plan; its player says where it goes on, and never next to an enemy', () => {
    const { sc, game, start } = tiny();
    const moved = game.apply(start, `move 2 ${hex(sc, '0404')}`, loadedDice());
    const col = directFirePlan(sc, moved, [4], moved.u[2]![HEX]!, { opportunityOpen: moved.oppOpen, only: 2 }).columns[0]!.column;
    const roll = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((r) => tableResult(sc.tables.df, col, r) === 'M2')!;
    let s = game.apply(moved, 'opp 4', loadedDice(...faces(roll)));
    s = declineAll(game, s);
    expect(flags(s, 2) & F_DISRUPTED).toBe(F_DISRUPTED);
    expect(s.u[2]![STEPS]).toBe(1);
    expect(s.replan).toBe(true);
    expect(s.toMove).toBe(0);
    const options = game.legalActions(s);
    expect(options).toContain(`move 2 ${hex(sc, '0304')}`);
    // 0504 is next to the Soviet rifles: a disrupted unit may not end there (S-40 L578).
    expect(options).not.toContain(`move 2 ${hex(sc, '0504')}`);
    const stopped = game.apply(s, `move 2 ${hex(sc, '0304')}`, loadedDice());
    expect(stopped.mover).toBe(-1);
    expect(stopped.u[2]![HEX]).toBe(hex(sc, '0304'));
    expect(flags(stopped, 2) & F_SPENT).toBe(F_SPENT);
  });

  it('SPG S-15: a mover eliminated by opportunity fire ends the move; its side acts on', () => {
    const { sc, game, start } = tiny();
    const weak = edit(start, { 2: { steps: 1 } });
    const moved = game.apply(weak, `move 2 ${hex(sc, '0404')}`, loadedDice());
    const col = directFirePlan(sc, moved, [4], moved.u[2]![HEX]!, { opportunityOpen: moved.oppOpen, only: 2 }).columns[0]!.column;
    const roll = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].find((r) => ['M2', 'X'].includes(tableResult(sc.tables.df, col, r)))!;
    const s = game.apply(moved, 'opp 4', loadedDice(...faces(roll)));
    expect(s.u[2]![HEX]).toBe(ELIMINATED);
    expect(s.mover).toBe(-1);
    expect(s.opp).toBe(-1);
    expect(s.path).toEqual([]);
  });
});

describe('SPG S-38: overrun in the course of a move', () => {
  /** The tank at 0303, two hexes from the Soviet AT gun at 0502 (clear, with foxholes): leg units only there. */
  function setup(): { sc: ReturnType<typeof tiny>['sc']; game: SpgGame; s: State } {
    const { sc, game, start } = tiny();
    return { sc, game, s: edit(start, { 3: { hex: hex(sc, '0303') } }) };
  }

  it('SPG S-38: a tank not yet adjacent may move next to the hex and overrun it in the same action', () => {
    const { sc, game, s } = setup();
    expect(sc.map.grid.distance(hex(sc, '0303'), hex(sc, '0502'))).toBe(2);
    expect(game.legalActions(s)).toContain(`overrun 3 ${hex(sc, '0502')}`);
  });

  it('SPG S-38: a successful overrun enters the hex; the tank may then go on with the MA left, but not overrun again', () => {
    const { sc, game, s } = setup();
    let x = declineToLastHex(game, game.apply(s, `overrun 3 ${hex(sc, '0502')}`, loadedDice()));
    expect(x.opp).toBe(3);
    // The assault roll: the tank's DF value on the Assault table against the gun; pick a roll that eliminates it.
    const col = readColumn(sc.tables.assault, 6, assaultShift(sc, x, [3], hex(sc, '0502'), true));
    const roll = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].find((r) => ['X', 'M2', 'M1'].includes(tableResult(sc.tables.assault, col, r)))!;
    x = game.apply(x, 'noop', loadedDice(...faces(roll)));
    if (x.mover >= 0 && x.toMove === 0 && !x.replan) throw new Error('expected the overrun to be resolved');
    x = declineAll(game, x);
    expect(x.u[7]![HEX]).toBe(ELIMINATED);
    expect(x.u[3]![HEX]).toBe(hex(sc, '0502'));
    expect(x.overran).toBe(true);
    expect(x.replan).toBe(true);
    const options = game.legalActions(x);
    expect(options).toContain(`move 3 ${hex(sc, '0502')}`);
    expect(options.some((a) => a.startsWith('move 3 ') && a !== `move 3 ${hex(sc, '0502')}`)).toBe(true);
    expect(options.some((a) => a.startsWith('overrun'))).toBe(false);
    // Half the MA (3 of 6) went on the overrun; what is left bounds the rest of the move.
    expect(x.moveSpent).toBeGreaterThanOrEqual(3 * 2);
    const onward = options.find((a) => a.startsWith('move 3 ') && a !== `move 3 ${hex(sc, '0502')}`)!;
    const after = declineAll(game, game.apply(x, onward, loadedDice()));
    expect(after.mover).toBe(-1);
    expect(flags(after, 3) & F_SPENT).toBe(F_SPENT);
    expect(after.u[3]![HEX]).toBe(Number(onward.split(' ')[2]));
  });

  it('SPG S-38: a repulsed overrun stops the tank in the hex it attacked from, spent', () => {
    const { sc, game, s } = setup();
    let x = declineToLastHex(game, game.apply(s, `overrun 3 ${hex(sc, '0502')}`, loadedDice()));
    expect(x.opp).toBe(3);
    const col = readColumn(sc.tables.assault, 6, assaultShift(sc, x, [3], hex(sc, '0502'), true));
    const from = x.u[3]![HEX]!;
    const miss = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((r) => tableResult(sc.tables.assault, col, r) === '-')!;
    x = game.apply(x, 'noop', loadedDice(...faces(miss)));
    expect(x.u[7]![HEX]).toBe(hex(sc, '0502'));
    expect(x.u[3]![HEX]).toBe(from);
    expect(x.mover).toBe(-1);
    expect(flags(x, 3) & F_SPENT).toBe(F_SPENT);
  });
});
