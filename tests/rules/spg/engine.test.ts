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

describe('SPG S-24: fire groups formed one unit at a time', () => {
  it("SPG S-24: any subset of the eligible units may form the group, not only the engine's pick; the others stay ready", () => {
    const { sc, game, start } = tiny();
    // The infantry and the HMG stacked at 0303, another infantry next door at 0403; the Soviet rifles in the open at 0503.
    const s = edit(start, {
      0: { hex: hex(sc, '0303') },
      1: { hex: hex(sc, '0303') },
      2: { hex: hex(sc, '0403') },
      4: { hex: hex(sc, '0503') },
    });
    const target = hex(sc, '0503');
    const top = game.legalActions(s);
    // The engine's pick takes the whole stack; the HMG and the neighbour without the stacked infantry is not on offer at once.
    expect(top).toContain(`fire 0.1.2 ${target}`);
    expect(top).not.toContain(`fire 1.2 ${target}`);
    expect(top).toContain(`group 1 ${target}`);
    const started = game.apply(s, `group 1 ${target}`, loadedDice());
    expect(started.group).toEqual([1]);
    expect(game.legalActions(started)).toEqual(['join 0', 'join 2']);
    const two = game.apply(started, 'join 2', loadedDice());
    // Joiners come in index order, so each group forms one way: after unit 2, unit 0 is not offered.
    expect(game.legalActions(two)).toEqual([`fire 1.2 ${target}`]);
    const fired = game.apply(two, `fire 1.2 ${target}`, createRng('s24'));
    expect(fired.group).toEqual([]);
    expect(fired.acted).toBe(1);
    expect(flags(fired, 1) & F_SPENT).toBe(F_SPENT);
    expect(flags(fired, 2) & F_SPENT).toBe(F_SPENT);
    expect(flags(fired, 0) & F_SPENT).toBe(0);
  });
});

describe('SPG S-03: mortars packed or deployed at the Refresh', () => {
  const sc = loadSpgScenario(scenarioFile('spg-medium'));
  const game = new SpgGame(sc, { narrate: true });
  // spg-medium: 5 German 8 cm mortar (MA 1, packed 3), 30 Soviet 82 mm mortar (MA 1, packed 3).

  it("SPG S-03: at the next Refresh each mortar's owner chooses its side, last turn's initiative player first, before the Initiative roll", () => {
    const start = game.initialState(createRng('s03'));
    const holder = start.initiative;
    const refresh = game.apply(game.apply(start, 'pass', createRng('a')), 'pass', createRng('b'));
    expect(refresh.turn).toBe(2);
    expect(refresh.refreshQueue).toEqual(holder === 0 ? [5, 30] : [30, 5]);
    const first = refresh.refreshQueue[0]!;
    expect(refresh.toMove).toBe(sc.units[first]!.side);
    expect(game.legalActions(refresh)).toEqual([`deploy ${first}`, `pack ${first}`]);
    const packed = game.apply(refresh, `pack ${first}`, loadedDice());
    expect(flags(packed, first) & F_PACKED).toBe(F_PACKED);
    expect(packed.toMove).toBe(1 - sc.units[first]!.side);
    const second = packed.refreshQueue[0]!;
    const going = game.apply(packed, `deploy ${second}`, createRng('c'));
    expect(going.refreshQueue).toEqual([]);
    expect(flags(going, second) & F_PACKED).toBe(0);
    expect(going.active).toBe(going.initiative);
    // A packed mortar moves at its packed MA (S-03 L42): 3 MP instead of 1.
    expect(movementAllowance(sc, going, first)).toBe(3);
    expect(movementAllowance(sc, going, second)).toBe(1);
  });

  it('SPG S-03: a carried mortar has no choice (always packed); a towed gun set down deploys by itself', () => {
    const start = game.initialState(createRng('s03b'));
    const carried = edit(start, {
      5: { hex: hex(sc, '0112'), carrier: 11, flags: F_PACKED },
      12: { carrier: -1, hex: hex(sc, '0113'), flags: F_PACKED },
    });
    const refresh = game.apply(game.apply(carried, 'pass', createRng('a')), 'pass', createRng('b'));
    expect(refresh.refreshQueue).toEqual([30]);
    expect(flags(refresh, 12) & F_PACKED).toBe(0);
    expect(flags(refresh, 5) & F_PACKED).toBe(F_PACKED);
  });
});

describe('SPG S-22: passengers and combat results', () => {
  const sc = loadSpgScenario(scenarioFile('spg-medium'));
  const game = new SpgGame(sc, { narrate: true });
  const start = game.initialState(createRng('s22'));
  const H = (label: string): number => hex(sc, label);
  // 40 Soviet truck carrying 41 rifle platoon; 16 German halftrack carrying 17 infantry; 31 Soviet T-34.
  const convoy = edit(start, { 40: { hex: H('1603') }, 41: { hex: H('1603') }, 16: { hex: H('0303') }, 17: { hex: H('0303') } });

  it('SPG S-22: an X on an unarmored transport destroys its passenger too; a step loss only costs the passenger a step', () => {
    const d = draftOf(sc, convoy, loadedDice());
    d.attack(() => d.eliminate(40, true, true));
    expect(d.hex(41)).toBe(ELIMINATED);
    const e = draftOf(sc, convoy, loadedDice());
    e.loseStep(40);
    expect(e.hex(40)).toBe(ELIMINATED);
    expect(e.hex(41)).toBe(H('1603'));
    expect(e.steps(41)).toBe(1);
    expect(e.flag(41, F_DISRUPTED)).toBe(true);
    expect(e.carrierOf(41)).toBe(-1);
  });

  it('SPG S-22: a tank rider dismounts, loses a step and disrupts when its tank loses one; disrupted alone, it dismounts where it is', () => {
    const riding = edit(start, { 22: { hex: H('1707'), carrier: 31 }, 24: { hex: H('1707') } });
    const tank = edit(riding, { 24: { hex: H('1405') } });
    const d = draftOf(sc, tank, loadedDice());
    d.loseStep(31);
    expect(d.steps(31)).toBe(1);
    expect(d.carrierOf(22)).toBe(-1);
    expect(d.hex(22)).toBe(H('1707'));
    expect(d.steps(22)).toBe(1);
    expect(d.flag(22, F_DISRUPTED)).toBe(true);
    const e = draftOf(sc, tank, loadedDice());
    e.attack(() => e.disrupt(22));
    expect(e.carrierOf(22)).toBe(-1);
    expect(e.flag(31, F_DISRUPTED)).toBe(false);
    // Riders outside are direct fire targets; passengers inside a halftrack are not.
    expect(directFireTargets(sc, tank, 0, H('1707'))).toContain(22);
    expect(directFireTargets(sc, convoy, 1, H('0303'))).not.toContain(17);
  });

  it('SPG S-22: a passenger inside a vehicle shares its fate, and one attack disrupts it once however the result reaches it', () => {
    const d = draftOf(sc, convoy, loadedDice());
    d.attack(() => d.disrupt(16));
    expect(d.flag(17, F_DISRUPTED)).toBe(true);
    expect(d.carrierOf(17)).toBe(16);
    // The truck and its passenger fail one morale roll (12): the passenger is disrupted once, not eliminated.
    const e = draftOf(sc, convoy, loadedDice(6, 6));
    e.attack(() => {
      for (const i of [40, 41]) e.disrupt(i);
    });
    expect(e.hex(41)).toBe(H('1603'));
    expect(e.flag(41, F_DISRUPTED)).toBe(true);
    expect(convoy.u[41]![CARRIER]).toBe(41);
  });
});

describe('SPG S-22: opportunity fire at a tank rider', () => {
  it('SPG S-22: opportunity direct fire may strike an outside rider alone; hit, it dismounts where it is, spent, and the tank drives on', () => {
    const { sc, game, start } = tiny();
    const s = edit(start, { 2: { hex: hex(sc, '0105'), carrier: 3 } });
    let x = game.apply(s, `move 3 ${hex(sc, '0404')}`, loadedDice());
    while (x.opp >= 0 && !game.legalActions(x).includes('opp 4 2')) x = game.apply(x, 'noop', loadedDice());
    expect(x.opp).toBe(3);
    const where = x.u[3]![HEX]!;
    const col = directFirePlan(sc, x, [4], where, { only: 2 }).columns[0]!.column;
    const roll = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].find((r) => tableResult(sc.tables.df, col, r) === 'M2')!;
    x = game.apply(x, 'opp 4 2', loadedDice(...faces(roll)));
    expect(x.u[2]![CARRIER]).toBe(0);
    expect(x.u[2]![HEX]).toBe(where);
    expect(x.u[2]![STEPS]).toBe(1);
    expect(flags(x, 2) & (F_DISRUPTED | F_SPENT)).toBe(F_DISRUPTED | F_SPENT);
    // The tank itself was not hit: it keeps its plan.
    expect(x.u[3]![STEPS]).toBe(2);
    const done = declineAll(game, x);
    expect(done.u[3]![HEX]).toBe(hex(sc, '0404'));
  });
});

describe('SPG S-43, S-53: PBEM mode', () => {
  it('SPG S-53: opportunity fire is automatic, by adjacent unspent good-order units only, with no window for the other side', () => {
    const { sc, game, start } = tiny({ 'rule.pbem': true });
    const s = edit(start, { 2: { hex: hex(sc, '0404') } });
    const moved = game.apply(s, `move 2 ${hex(sc, '0504')}`, createRng('pbem'));
    expect(moved.opp).toBe(-1);
    expect(moved.toMove).toBe(0);
    // The rifle platoons at 0603 and 0604 are next to 0504: they fired; the HMG at 0703, in range, did not.
    expect(sc.map.grid.distance(hex(sc, '0504'), hex(sc, '0604'))).toBe(1);
    expect(flags(moved, 5) & F_SPENT).toBe(F_SPENT);
    expect(flags(moved, 6) & F_SPENT).toBe(0);
  });

  it('SPG S-53: no Reactions; the initiative player acts, then the other side once, and the turn ends', () => {
    const { sc, game, start } = tiny({ 'rule.pbem': true });
    const s = edit(start, { 0: { hex: hex(sc, '0403') } });
    // A natural 7 on direct fire would be a Reaction outside PBEM mode.
    expect(game.legalActions(s)).toContain(`fire 0 ${hex(sc, '0603')}`);
    const fired = game.apply(s, `fire 0 ${hex(sc, '0603')}`, loadedDice(3, 4));
    expect(fired.active).toBe(0);
    expect(fired.reaction).toBe(false);
    const handed = game.apply(fired, 'end', loadedDice());
    expect(handed.active).toBe(1);
    const over = game.apply(handed, 'pass', createRng('turn2'));
    expect(over.turn).toBe(2);
  });

  it('SPG S-43: at the end of the turn every unspent disrupted unit that may rally tries to, automatically', () => {
    const { game, start } = tiny({ 'rule.pbem': true });
    const s = edit(start, { 0: { flags: F_DISRUPTED }, 1: { flags: F_DISRUPTED | F_SPENT } });
    const handed = game.apply(s, 'pass', loadedDice());
    expect(handed.active).toBe(1);
    // The rally roll (2: passed), then turn 2's initiative (6+6 against 1+1).
    const next = game.apply(handed, 'pass', loadedDice(1, 1, 6, 6, 1, 1));
    expect(next.turn).toBe(2);
    expect(flags(next, 0) & F_DISRUPTED).toBe(0);
    expect(flags(next, 1) & F_DISRUPTED).toBe(F_DISRUPTED);
  });
});

describe('SPG S-15 with rule.opportunityFireAtMoveEnd', () => {
  it('SPG S-15: with the switch on, opportunity fire is offered only where the path ends (ruling SPG-R39)', () => {
    const { sc, game, start } = tiny({ 'rule.opportunityFireAtMoveEnd': true });
    const moved = game.apply(start, `move 2 ${hex(sc, '0404')}`, loadedDice());
    expect(moved.u[2]![HEX]).toBe(hex(sc, '0404'));
    expect(moved.opp).toBe(2);
    expect(moved.path).toEqual([]);
  });
});

describe('SPG S-15 with rule.opportunityFireGroups', () => {
  it('SPG S-15: with the switch on, a fire group may take opportunity fire at the mover, every member spent (ruling SPG-R06)', () => {
    const { sc, game, start } = tiny({ 'rule.opportunityFireGroups': true });
    const moved = game.apply(start, `move 2 ${hex(sc, '0404')}`, loadedDice());
    expect(moved.opp).toBe(2);
    expect(game.legalActions(moved)).toContain('opp 4.5');
    const fired = game.apply(moved, 'opp 4.5', createRng('group opp'));
    expect(flags(fired, 4) & F_SPENT).toBe(F_SPENT);
    expect(flags(fired, 5) & F_SPENT).toBe(F_SPENT);
    const { game: plain, start: plainStart } = tiny();
    const window = plain.apply(plainStart, `move 2 ${hex(sc, '0404')}`, loadedDice());
    expect(plain.legalActions(window).some((a) => a.includes('.'))).toBe(false);
  });
});
