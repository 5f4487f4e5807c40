/**
 * Invariants over 1,000 seeded random games of panzer-tiny, 200 of panzer-advanced (and a few of panzer-medium): every decision
 * has a legal action and a seat, apply never mutates its input, the same seed replays the same game,
 * destroyed vehicles leave wrecks, no vehicle ends a move with armed enemies, one shot per vehicle per
 * turn, and every game ends by its last turn.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import { PanzerGame, panzerStateHash } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario, type Scenario } from '../../../src/rules/panzer/scenario.js';
import { alive, BREWED_UP, ELIMINATED, KNOCKED_OUT, NOT_SUPPRESSED, type State } from '../../../src/rules/panzer/state.js';
import { scenarioFile } from './helpers.js';

function deepFreeze<T>(o: T): T {
  if (typeof o === 'object' && o !== null && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function checkState(sc: Scenario, game: PanzerGame, s: State): void {
  if (!game.isTerminal(s)) {
    expect([0, 1]).toContain(game.toMove(s));
    expect(game.legalActions(s).length).toBeGreaterThan(0);
  }
  s.units.forEach((u, i) => {
    if (u.status === KNOCKED_OUT || u.status === BREWED_UP) expect(s.wrecks[u.hex]).toBeGreaterThan(0);
    if (u.status === BREWED_UP) expect(s.wrecks[u.hex]).toBe(2);
    const def = sc.units[i]!;
    // 5.1.1, 6.5.4.4.3: only squads have a half-squad side; only leg and towed units are eliminated.
    if (u.half) expect(def.kind).toBe('squad');
    if (u.status === ELIMINATED) expect(def.kind).not.toBe('vehicle');
    // 5.10: SUPPRESSION only comes with the GP module.
    if (!sc.modules.gpFire) expect(u.sup).toBe(NOT_SUPPRESSED);
    // No leg or towed unit shares a hex with enemy units (close assault is not modelled, ruling PZ-R18).
    if (alive(u) && def.kind !== 'vehicle')
      expect(s.units.some((o, j) => alive(o) && o.hex === u.hex && sc.units[j]!.side !== def.side && s.mover !== j && s.mover !== i)).toBe(
        false,
      );
    // No vehicle stands with armed enemies once its move is over (4.5.1.1.10).
    if (alive(u) && s.mover !== i && sc.units[i]!.armed)
      expect(
        s.units.some(
          (o, j) => alive(o) && o.hex === u.hex && sc.units[j]!.side !== sc.units[i]!.side && sc.units[j]!.armed && s.mover !== j,
        ),
      ).toBe(false);
  });
}

/** Plays one random game; returns its action keys and final hash. */
function playRandom(sc: Scenario, game: PanzerGame, seed: string, check: boolean): { actions: string[]; hash: string; turns: number } {
  const dice: Rng = createRng(`${seed}/dice`);
  const pick = createRng(`${seed}/pick`);
  let s = game.initialState(dice);
  const actions: string[] = [];
  let shotsThisTurn = new Set<number>();
  let turn = s.turn;
  for (let n = 0; n < 5000 && !game.isTerminal(s); n++) {
    const legal = game.legalActions(s);
    const a = legal[pick.int(legal.length)]!;
    if (s.turn !== turn) {
      turn = s.turn;
      shotsThisTurn = new Set();
    }
    if (/^[fwgv]:/.test(a)) {
      // One shot a unit a turn; with Dual Fire (5.14, PZ-R75) one more with its Dual Fire weapon after its own.
      const p = a.split(':');
      const firer = Number(p[1]);
      const dual = p[0] === 'g' || p[0] === 'v' ? p[3] === 'd' : sc.units[firer]!.dualAp;
      expect(shotsThisTurn.has(firer * 2 + 1)).toBe(false);
      if (!dual) expect(shotsThisTurn.has(firer * 2)).toBe(false);
      shotsThisTurn.add(firer * 2 + (dual ? 1 : 0));
    }
    if (check) {
      const frozen = deepFreeze(s);
      const before = JSON.stringify(frozen);
      s = game.apply(frozen, a, dice);
      expect(JSON.stringify(frozen)).toBe(before);
      checkState(sc, game, s);
    } else s = game.apply(s, a, dice);
    actions.push(a);
  }
  expect(game.isTerminal(s)).toBe(true);
  expect(s.turn).toBeLessThanOrEqual(sc.turns);
  return { actions, hash: panzerStateHash(s), turns: s.turn };
}

describe('PANZER invariants over random games', () => {
  it('PANZER 4.0: 1,000 random panzer-tiny games end by their last turn with every invariant kept', () => {
    const sc = loadPanzerScenario(scenarioFile('panzer-tiny'));
    const game = new PanzerGame(sc);
    let decided = 0;
    for (let g = 0; g < 1000; g++) {
      const r = playRandom(sc, game, `tiny/${g}`, g < 100);
      if (r.turns < sc.turns) decided++;
    }
    // Some duels end early with a tank destroyed; most run their six turns.
    expect(decided).toBeGreaterThan(0);
  }, 120_000);

  it('PANZER 5.0: 200 random panzer-advanced games (leg, towed, GP fire) end by their last turn with every invariant kept', () => {
    const sc = loadPanzerScenario(scenarioFile('panzer-advanced'));
    const game = new PanzerGame(sc);
    let gpShots = 0;
    for (let g = 0; g < 200; g++) gpShots += playRandom(sc, game, `advanced/${g}`, g < 10).actions.filter((a) => /^[gv]:/.test(a)).length;
    expect(gpShots).toBeGreaterThan(0);
  }, 300_000);

  it('PANZER 4.0: the same seed plays the same game (actions and final state)', () => {
    const sc = loadPanzerScenario(scenarioFile('panzer-medium'));
    const game = new PanzerGame(sc);
    for (let g = 0; g < 3; g++) {
      const a = playRandom(sc, game, `medium/${g}`, g === 0);
      const b = playRandom(sc, new PanzerGame(loadPanzerScenario(scenarioFile('panzer-medium'))), `medium/${g}`, false);
      expect(b.actions).toEqual(a.actions);
      expect(b.hash).toBe(a.hash);
    }
  }, 120_000);
});
