/**
 * PG3's leaf value for the search (Pg3SearchHints.evaluate): besides the VP margin and shaken units it
 * charges each side for its units that a ready enemy threatens where they stand (5.4's test), so that a
 * line ending one activation after a unit steps into the enemy's sight does not score like one that stays
 * in cover.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { loadScenario } from '../../../src/scenarios.js';
import { Draft } from '../../../src/rules/pg3/draft.js';
import { Pg3Doctrine, Pg3SearchHints, PRESSURE_REACH } from '../../../src/rules/pg3/doctrine.js';
import { pg3AgentHooks, Pg3Game } from '../../../src/rules/pg3/index.js';
import { threatens } from '../../../src/rules/pg3/movement.js';
import { loadPg3Scenario, type Scenario } from '../../../src/rules/pg3/scenario.js';
import {
  DEMORALIZED,
  ELIMINATED,
  F_ACTIVATED,
  F_HIDDEN,
  F_LEADERS_ABOARD,
  F_LOADED,
  FLAGS,
  HEX,
  MORALE,
  OFFBOARD,
  OPP,
  type State,
} from '../../../src/rules/pg3/state.js';

const sc = loadPg3Scenario(loadScenario('pg3-medium').file);
const game = new Pg3Game(sc);
const hooks = pg3AgentHooks(sc, game);
const NO_DICE = { next: () => 0, int: () => 0 };

/** Unit e can still fire this turn or next (13.0): not demoralized, and not yet activated or holding an opportunity shot. */
const readyToFire = (d: Draft, e: number): boolean =>
  d.get(e, MORALE) !== DEMORALIZED && (!d.flag(e, F_ACTIVATED) || (d.get(e, OPP) & 3) === 1);

/** Enemy units of `side` that are ready to fire and threaten one of its combat units where it stands. */
function readyThreats(s: State, side: number): number[] {
  const d = new Draft(sc, s, NO_DICE, false);
  const out: number[] = [];
  for (const e of sc.unitsOf[1 - side]!) {
    if (!readyToFire(d, e)) continue;
    const threat = sc.unitsOf[side]!.some(
      (i) => d.hex(i) >= 0 && sc.units[i]!.isCombat && !d.flag(i, F_HIDDEN) && threatens(d, e, i, d.hex(i)),
    );
    if (threat) out.push(e);
  }
  return out;
}

/** The same position with units `spent`: activated this turn, no opportunity shot left (13.0). */
function spend(s: State, spent: readonly number[]): State {
  const u = s.u.map((r) => r.slice());
  for (const e of spent) {
    u[e]![FLAGS]! |= F_ACTIVATED;
    u[e]![OPP] = 0;
  }
  return { ...s, u };
}

/** Positions of seeded random games in which each side has a unit under a ready enemy's threat. */
function contested(scenario: Scenario, count: number): State[] {
  const found: State[] = [];
  for (let seed = 0; found.length < count && seed < 20; seed++) {
    const dice = createRng(`value/${seed}`);
    let s = game.initialState(dice);
    for (let k = 0; k < 400 && !game.isTerminal(s); k++) {
      const legal = game.legalActions(s);
      s = game.apply(s, legal[dice.int(legal.length)]!, dice);
      if (k % 50 === 49 && readyThreats(s, 0).length > 0 && readyThreats(s, 1).length > 0) {
        found.push(s);
        break;
      }
    }
  }
  expect(found.length, `positions of ${scenario.data.id} with both sides threatened`).toBe(count);
  return found;
}

describe('PG3 search value: exposure to enemy fire', () => {
  const positions = contested(sc, 4);

  it('a side whose units ready enemies threaten (the 5.4 threat test) is valued lower than when those enemies are spent', () => {
    for (const s of positions) {
      for (const side of [0, 1]) {
        const before = hooks.evaluate!(s)[side]!;
        const after = hooks.evaluate!(spend(s, readyThreats(s, side)))[side]!;
        expect(after).toBeGreaterThan(before);
      }
    }
  });

  it('spending enemies that threaten nothing (13.0 readiness) changes no value', () => {
    for (const s of positions) {
      const probe = spend(
        s,
        sc.units.map((u) => u.index).filter((e) => !threatensAnyone(s, e)),
      );
      expect(hooks.evaluate!(probe)).toEqual(hooks.evaluate!(s));
    }
  });
});

function threatensAnyone(s: State, e: number): boolean {
  const d = new Draft(sc, s, NO_DICE, false);
  const side = sc.units[e]!.side;
  return sc.unitsOf[1 - side]!.some((i) => d.hex(i) >= 0 && threatens(d, e, i, d.hex(i)));
}

describe('PG3 search value: pressure on the objectives', () => {
  // Exposure off, so that only the pressure term tells the values apart.
  const pressureOnly = new Pg3SearchHints(sc, new Pg3Doctrine(sc, game), game, 0);
  const positions = contested(sc, 4);

  /** Side's combat units on the map, not demoralized nor hidden, closer than PRESSURE_REACH to an objective the other side holds. */
  function pressing(s: State, side: number): number {
    let n = 0;
    for (const i of sc.unitsOf[side]!) {
      const h = s.u[i]![HEX]!;
      if (h < 0 || !sc.units[i]!.isCombat || s.u[i]![MORALE] === DEMORALIZED || (s.u[i]![FLAGS]! & F_HIDDEN) !== 0) continue;
      if (sc.objectives.some((o, k) => s.control[k] !== side && sc.map.grid.distance(h, o.hex) < PRESSURE_REACH)) n++;
    }
    return n;
  }

  /** The same position with side's combat units hidden (16.6): their places are secrets, so they press nothing. */
  function hideAll(s: State, side: number): State {
    const u = s.u.map((r, i) => {
      if (sc.units[i]!.side !== side || !sc.units[i]!.isCombat) return r;
      const copy = r.slice();
      copy[FLAGS]! |= F_HIDDEN;
      return copy;
    });
    return { ...s, u };
  }

  it('a side with units near an objective the enemy holds is valued higher than with them out of sight; a side with none, the same', () => {
    let pressed = 0;
    let idle = 0;
    for (const s of [game.initialState(createRng('pressure/start')), ...positions]) {
      for (const side of [0, 1]) {
        const seen = pressureOnly.evaluate(s)[side]!;
        const hidden = pressureOnly.evaluate(hideAll(s, side))[side]!;
        if (pressing(s, side) > 0) {
          expect(seen).toBeGreaterThan(hidden);
          pressed++;
        } else {
          expect(seen).toBe(hidden);
          idle++;
        }
      }
    }
    expect(pressed).toBeGreaterThan(0);
    expect(idle).toBeGreaterThan(0);
  });

  it('on the last turn the same pressure counts half', () => {
    const s = positions.find((p) => pressing(p, 0) > 0 || pressing(p, 1) > 0)!;
    const gain = (t: State) => {
      const side = pressing(t, 0) > 0 ? 0 : 1;
      return Math.atanh(pressureOnly.evaluate(t)[side]!) - Math.atanh(pressureOnly.evaluate(hideAll(t, side))[side]!);
    };
    const last = { ...s, turn: sc.turns };
    const early = { ...s, turn: 1 };
    expect(gain(last)).toBeCloseTo(gain(early) / 2, 6);
  });
});

describe('PG3 search value: leaders', () => {
  /** The same position with unit i's hex set to h. */
  const placed = (s: State, i: number, h: number): State => {
    const u = s.u.slice();
    const row = u[i]!.slice();
    row[HEX] = h;
    u[i] = row;
    return { ...s, u };
  };

  it("PG3 6.71 / 6.7: a lost leader lowers his side's value, and the loss of its highest-ranking leader (decapitation) lowers it again", () => {
    const s = game.initialState(createRng('leaders/start'));
    for (const side of [0, 1] as const) {
      const leader = sc.leadersOf[side]![0]!;
      const lost = placed(s, leader, ELIMINATED);
      const decapitated = { ...lost, decapTurn: side === 0 ? ([1, 0] as const) : ([0, 1] as const) };
      const value = (t: State) => hooks.evaluate!(t)[side]!;
      expect(value(lost)).toBeLessThan(value(s));
      expect(value(decapitated)).toBeLessThan(value(lost));
      // The other side gains what this one loses.
      expect(hooks.evaluate!(lost)[1 - side]!).toBeGreaterThan(hooks.evaluate!(s)[1 - side]!);
    }
  });

  it("PG3 6.71: a leader alone in a ready enemy's sight is charged like a threatened unit; one stacked with his troops is not", () => {
    // hard26 game 24 (tests/agents/fixtures/pg3-medium-hard-lone-captain.json): the German captain at 0607 with a
    // platoon; replayed two plies on, he stands alone at 0708, where the Soviet units could fire (the record's "nofire").
    const record = JSON.parse(
      readFileSync(new URL('../../agents/fixtures/pg3-medium-hard-lone-captain.json', import.meta.url), 'utf8'),
    ) as { seed: string; played: string; actions: string[] };
    const dice = createRng(record.seed);
    let withTroops = game.initialState(dice);
    for (const a of record.actions) withTroops = game.apply(withTroops, a, dice);
    const captain = Number(record.played.split(' ')[1]);
    const alone = game.apply(withTroops, record.played, dice);
    const d = new Draft(sc, alone, NO_DICE, false);
    const h = d.hex(captain);
    expect(sc.units[captain]!.isLeader).toBe(true);
    expect(d.unitsIn(h).filter((j) => sc.units[j]!.side === 0 && !sc.units[j]!.isLeader)).toEqual([]);
    const threats = sc.unitsOf[1]!.filter((e) => readyToFire(d, e) && threatens(d, e, captain, h));
    expect(threats.length).toBeGreaterThan(0);
    // Taking him off the map (neither lost nor exposed) raises the German value by the pairs he stood in.
    const german = (t: State) => Math.atanh(hooks.evaluate!(t)[0]!);
    const gain = german(placed(alone, captain, OFFBOARD)) - german(alone);
    expect(gain * Math.max(4, sc.decisiveMargin)).toBeCloseTo(0.2 * threats.length, 6);
    // Where he stood with the platoon, the same leaves the value as it was.
    const before = withTroops.u[captain]![HEX]!;
    expect(sc.unitsOf[0]!.some((j) => j !== captain && sc.units[j]!.isCombat && withTroops.u[j]![HEX] === before)).toBe(true);
    expect(german(placed(withTroops, captain, OFFBOARD))).toBeCloseTo(german(withTroops), 12);
  });

  it('PG3 6.71: a leader whose only companion is a transport is not alone (a hit falls on the transport), so he is not charged', () => {
    // pg3-large has German trucks (pg3-medium has no transport). Put a German leader in an empty hex a ready
    // Soviet unit threatens, then an empty truck beside him.
    const lsc = loadPg3Scenario(loadScenario('pg3-large').file);
    const lgame = new Pg3Game(lsc);
    const lhooks = pg3AgentHooks(lsc, lgame);
    const start = lgame.initialState(createRng('leaders/transport'));
    const truck = lsc.units.find((u) => u.side === 0 && u.isTransport)!.index;
    const leader = lsc.leadersOf[0]![0]!;
    const visible = (s: State, i: number): State => {
      const u = s.u.slice();
      const row = u[i]!.slice();
      row[FLAGS]! &= ~(F_HIDDEN | F_LOADED | F_LEADERS_ABOARD);
      u[i] = row;
      return { ...s, u };
    };
    const base = visible(visible(placed(placed(start, leader, OFFBOARD), truck, OFFBOARD), leader), truck);
    const soviet = lsc.unitsOf[1]!;
    let hex = -1;
    let threatsThere = 0;
    for (let h = 0; h < lsc.map.grid.size && hex < 0; h++) {
      const there = placed(base, leader, h);
      const d = new Draft(lsc, there, NO_DICE, false);
      if (d.unitsIn(h).length !== 1 || d.hex(leader) !== h) continue;
      const n = soviet.filter((e) => d.hex(e) >= 0 && readyToFire(d, e) && threatens(d, e, leader, h)).length;
      if (n > 0) {
        hex = h;
        threatsThere = n;
      }
    }
    expect(hex).toBeGreaterThanOrEqual(0);
    const german = (t: State) => Math.atanh(lhooks.evaluate!(t)[0]!) * Math.max(4, lsc.decisiveMargin);
    // Alone, he is charged for the pairs he stands in.
    const alone = placed(base, leader, hex);
    expect(german(base) - german(alone)).toBeCloseTo(0.2 * threatsThere, 6);
    // With the truck beside him, taking him off the map changes nothing: the truck, not he, would take the hit.
    const withTruck = placed(alone, truck, hex);
    expect(lsc.units[truck]!.isCombat).toBe(false);
    expect(german(placed(withTruck, leader, OFFBOARD))).toBeCloseTo(german(withTruck), 12);
  });
});
