/**
 * Invariants over 1,000 seeded random PL games (pl-tiny and pl-mirror): apply never mutates its input
 * (the state is the same, as JSON, after it), stacking and occupancy hold after every action, passengers ride in their
 * carrier's hex, designated units stand in a pending order of their side, and every game ends.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { PlGame, plStateHash } from '../../../src/rules/pl/game.js';
import { loadPlScenario, type Scenario } from '../../../src/rules/pl/scenario.js';
import { CARRIER, EXITED, F_DESIGNATED, F_IN_FORT, FLAGS, HEX, OFFBOARD, type State } from '../../../src/rules/pl/state.js';
import { custom, fortifiedLanding, scenarioFile } from './helpers.js';

/** A broken invariant ends the run at once (the checks run after every action of 1,000 games). */
function expectTrue(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

function checkPosition(sc: Scenario, s: State): void {
  const perHex = new Map<number, { n: number; inside: number; sides: Set<number>; fortSide: number }>();
  s.u.forEach((r, i) => {
    const h = r[HEX]!;
    // XIV.B.3: only a reinforcement is off the map before entering, only a unit of a side with exits leaves it.
    if (h === OFFBOARD) expectTrue(sc.units[i]!.enters > 0, `unit ${i} off the map without being a reinforcement`);
    if (h === EXITED) expectTrue(sc.exits[sc.units[i]!.side] !== null, `unit ${i} left the map with no exit allowed`);
    if (h < 0) return;
    expectTrue(h < sc.map.size, `unit ${i} off the map`);
    // VII.K.1: vehicles are never in a stream hex without a bridge.
    const bareStream = sc.stream[sc.map.terrain[h]!]! && !s.bridges.includes(h);
    expectTrue(!(bareStream && sc.units[i]!.c.vehicular && !sc.units[i]!.c.bridgelayer), `vehicle ${i} in a stream hex`);
    const c = r[CARRIER]! - 1;
    if (c >= 0) {
      expectTrue(s.u[c]![HEX] === h, `unit ${i} is not in its carrier's hex`);
      expectTrue(s.u.filter((x) => x[CARRIER] === c + 1).length === 1, `carrier ${c} carries more than one unit`);
      return;
    }
    const e = perHex.get(h) ?? { n: 0, inside: 0, sides: new Set<number>(), fortSide: -1 };
    // IX.C.10-11: a unit inside a fort stands in a standing fort's hex and counts against the fort's four, not the hex's.
    if ((r[FLAGS]! & F_IN_FORT) !== 0) {
      expectTrue(s.forts.includes(h), `unit ${i} inside a fort that does not stand`);
      e.inside++;
    } else e.n++;
    e.sides.add(sc.units[i]!.side);
    if ((r[FLAGS]! & F_IN_FORT) !== 0) e.fortSide = sc.units[i]!.side;
    perHex.set(h, e);
    if ((r[FLAGS]! & F_DESIGNATED) !== 0)
      expectTrue(
        s.orders.some((o) => o.side === sc.units[i]!.side && o.units.includes(i)),
        `unit ${i} designated with no order`,
      );
  });
  for (const [h, e] of perHex) {
    const wrecks = s.wrecks.filter((w) => w === h).length;
    expectTrue(wrecks <= 3, `hex ${h} has ${wrecks} wrecks`);
    // VI: four a hex; an overrun may pass a full stack, never end in one.
    expectTrue(e.n + wrecks + (s.blocks.includes(h) ? 1 : 0) + (s.forts.includes(h) ? 1 : 0) <= 4, `hex ${h} overstacked`);
    expectTrue(e.inside <= 4, `fort in hex ${h} holds ${e.inside} units`);
    // IX.C.10.a: both sides share a hex only as a fort's occupants and the enemy on top of it.
    expectTrue(e.sides.size === 1 || (e.fortSide >= 0 && e.inside > 0), `hex ${h} holds both sides`);
  }
  expectTrue(s.turn <= sc.turns, 'turn past the last');
}

describe('PL invariants over seeded random games', () => {
  const N = 1000;
  it(`PL VI.A / XIII: ${N} random games of pl-tiny and pl-mirror keep their invariants, never mutate a state and end`, () => {
    const scs = [loadPlScenario(scenarioFile('pl-tiny')), loadPlScenario(scenarioFile('pl-mirror'))];
    let actions = 0;
    const results = [0, 0, 0];
    for (let g = 0; g < N; g++) {
      const sc = scs[g % 2]!;
      const game = new PlGame(sc);
      const rng = createRng(`pl-inv/${g}`);
      let s = game.initialState(rng);
      for (let ply = 0; ply < 3000 && !s.over; ply++) {
        const legal = game.legalActions(s);
        expectTrue(legal.length > 0, 'no legal action in a live position');
        const a = legal[rng.int(legal.length)]!;
        // Every tenth game: the state before apply, as JSON, is the same after it (apply never mutates).
        const before = g % 10 === 0 ? JSON.stringify(s) : '';
        const next = game.apply(s, a, rng);
        if (g % 10 === 0) expectTrue(JSON.stringify(s) === before, `apply changed its input (${a})`);
        checkPosition(sc, next);
        s = next;
        actions++;
      }
      expectTrue(s.over, `game ${g} did not end`);
      const w = game.returns(s);
      results[w[0] === 1 ? 0 : w[0] === -1 ? 1 : 2]!++;
    }
    expect(actions).toBeGreaterThan(N * 10);
    // Random against random ends both ways.
    expect(results[0]).toBeGreaterThan(0);
    expect(results[1]).toBeGreaterThan(0);
  });

  it('PL VII.K.1 / XIV.B.3: 40 random games of pl-medium (a stream, a bridge, reinforcements, AA decisions) keep their invariants and end', () => {
    const sc = loadPlScenario(scenarioFile('pl-medium'));
    const seen = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const game = new PlGame(sc);
      const rng = createRng(`pl-inv-medium/${g}`);
      let s = game.initialState(rng);
      for (let ply = 0; ply < 5000 && !s.over; ply++) {
        const legal = game.legalActions(s);
        expectTrue(legal.length > 0, 'no legal action in a live position');
        const a = legal[rng.int(legal.length)]!;
        seen.add(a.split(' ')[0]!);
        const before = g % 10 === 0 ? JSON.stringify(s) : '';
        const next = game.apply(s, a, rng);
        if (g % 10 === 0) expectTrue(JSON.stringify(s) === before, `apply changed its input (${a})`);
        checkPosition(sc, next);
        s = next;
      }
      expectTrue(s.over, `game ${g} did not end`);
      // Every reinforcement entered (or its side was still waiting for room) by the end.
      sc.units.forEach((u, i) => {
        if (u.enters > 0 && u.enters < sc.turns)
          expectTrue(s.u[i]![HEX] !== OFFBOARD || u.c.movement === 0, `reinforcement ${i} never entered`);
      });
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['aa', 'air', 'move', 'pass']));
  });

  it('PL IX.C.1 / X.C.4.b.1: 60 random games with forts, truck and tank bridges and engineers with their carriers keep their invariants and end', () => {
    const { sc } = custom({
      terrain: ['....~...t..', '....~......', '....~...w..', '....~......', '....~......'],
      roads: [['0103', '0203', '0303', '0403', '0503', '0603', '0703']],
      truckBridges: ['0503'],
      forts: [['0302'], ['0803', '0901']],
      blocks: ['0202'],
      mines: ['0704'],
      turns: 6,
      allied: [
        { counter: 'us-rifle', hex: '0302', count: 2 },
        { counter: 'us-engineer', hex: '0403' },
        { counter: 'us-halftrack', hex: '0303', equipmentFor: 2 },
        { counter: 'uk-valentine-bridgelayer', hex: '0301' },
        { counter: 'us-m4-75', hex: '0103' },
        { counter: 'us-105mm', hex: '0101' },
        { counter: 'us-m7', hex: '0105' },
      ],
      german: [
        { counter: 'ger-rifle', hex: '0803', count: 3 },
        { counter: 'ger-engineer', hex: '0703' },
        { counter: 'ger-truck', hex: '0702', equipmentFor: 3 },
        { counter: 'ger-pz4', hex: '0904' },
        { counter: 'ger-rifle', hex: '0901' },
        { counter: 'ger-81mm', hex: '1101' },
      ],
      objectives: [
        { hex: '0803', vp: 3, heldBy: 'german' },
        { hex: '0302', vp: 3, heldBy: 'allied' },
      ],
    });
    const seen = new Set<string>();
    let fortsLost = 0;
    let bridgesLost = 0;
    for (let g = 0; g < 60; g++) {
      const game = new PlGame(sc);
      const rng = createRng(`pl-inv-positional/${g}`);
      let s = game.initialState(rng);
      for (let ply = 0; ply < 5000 && !s.over; ply++) {
        const legal = game.legalActions(s);
        expectTrue(legal.length > 0, 'no legal action in a live position');
        const a = legal[rng.int(legal.length)]!;
        seen.add(a.split(' ')[0]!);
        const before = g % 10 === 0 ? JSON.stringify(s) : '';
        const next = game.apply(s, a, rng);
        if (g % 10 === 0) expectTrue(JSON.stringify(s) === before, `apply changed its input (${a})`);
        checkPosition(sc, next);
        s = next;
      }
      expectTrue(s.over, `game ${g} did not end`);
      fortsLost += sc.forts.length - s.forts.length;
      bridgesLost += s.bridges.includes(sc.truckBridges[0]!) ? 0 : 1;
    }
    expect([...seen]).toEqual(expect.arrayContaining(['shell', 'move', 'fire', 'order']));
    expect(fortsLost + bridgesLost).toBeGreaterThan(0);
  });

  it('PL XI.C.1 / XI.C.2: 60 random games of a landing against a fortified beach keep their invariants, land every unit and end', () => {
    const { sc } = fortifiedLanding();
    for (let g = 0; g < 60; g++) {
      const game = new PlGame(sc);
      const rng = createRng(`pl-inv-landing/${g}`);
      let s = game.initialState(rng);
      for (let ply = 0; ply < 5000 && !s.over; ply++) {
        const legal = game.legalActions(s);
        expectTrue(legal.length > 0, 'no legal action in a live position');
        const a = legal[rng.int(legal.length)]!;
        const before = g % 10 === 0 ? JSON.stringify(s) : '';
        const next = game.apply(s, a, rng);
        if (g % 10 === 0) expectTrue(JSON.stringify(s) === before, `apply changed its input (${a})`);
        checkPosition(sc, next);
        // XI.C.2: no unit is still at sea once its landing turn's Allied segment is over.
        if (next.side === 1)
          sc.units.forEach((u, i) => {
            const h = next.u[i]![HEX]!;
            if (u.lands > 0 && u.lands <= next.turn && h >= 0) expectTrue(!sc.sea[sc.map.terrain[h]!], `unit ${i} still at sea`);
          });
        s = next;
      }
      expectTrue(s.over, `game ${g} did not end`);
    }
  });

  it('PL XIII: the same seed gives the same game', () => {
    const sc = loadPlScenario(scenarioFile('pl-tiny'));
    const run = () => {
      const game = new PlGame(sc);
      const rng = createRng('same');
      let s = game.initialState(rng);
      const hashes: string[] = [];
      while (!s.over) {
        const legal = game.legalActions(s);
        s = game.apply(s, legal[rng.int(legal.length)]!, rng);
        hashes.push(plStateHash(s));
      }
      return hashes;
    };
    expect(run()).toEqual(run());
  });
});
