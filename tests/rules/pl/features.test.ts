/** Panzer Leader streams and bridges, riders, reinforcements and exits, set-up out of sight and AA as a decision; each test named by its rule id. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { assaulters, canDirectFire, canOrder, directFireOdds, overrunsOf, startSegment, targetsOf } from '../../../src/rules/pl/actions.js';
import { outcomeOf } from '../../../src/rules/pl/game.js';
import { reachable } from '../../../src/rules/pl/movement.js';
import {
  CARRIER,
  ELIMINATED,
  EXITED,
  F_DISPERSED,
  F_FIRED,
  F_MOVED,
  F_SPOTTED,
  FLAGS,
  HEX,
  OFFBOARD,
  PH_AA,
  PH_AIR,
  PH_MOVE_OTHERS,
  PH_MOVE_VEHICLES,
  type State,
} from '../../../src/rules/pl/state.js';
import { at, custom, draftOf, edit, hex, loadedDice, open, play } from './helpers.js';

const flags = (s: State, i: number): number => s.u[i]![FLAGS]!;
/** Three rows with a stream down column 4. */
const STREAM = ['...~....', '...~....', '...~....'];

describe('PL streams and bridges', () => {
  it('PL VII.K.1 / VII.K.6: vehicles cross a stream only at a bridge, which is clear terrain carrying its road', () => {
    const base = {
      terrain: STREAM,
      roads: [['0102', '0202', '0302', '0402', '0502', '0602']],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    };
    const bridged = custom({ ...base, bridges: ['0402'], allied: [{ counter: 'us-m4-75', hex: '0202' }] });
    const r = reachable(draftOf(bridged.sc, bridged.start), 0);
    expect(r.get(hex(bridged.sc, '0402'))).toBe(2); // two road hexes at half a point (x2)
    expect(r.has(hex(bridged.sc, '0401'))).toBe(false);
    expect(r.has(hex(bridged.sc, '0602'))).toBe(true);
    const bare = custom({ ...base, allied: [{ counter: 'us-m4-75', hex: '0202' }] });
    const r2 = reachable(draftOf(bare.sc, bare.start), 0);
    expect([...r2.keys()].some((h) => bare.sc.map.grid.col(h) >= 3)).toBe(false);
  });

  it('PL VII.K.6 / VII.D.1: a bridge hex may be overrun as clear terrain; a bare stream hex may not', () => {
    const base = {
      terrain: STREAM,
      roads: [['0102', '0202', '0302', '0402', '0502']],
      allied: [{ counter: 'us-m4-75', hex: '0202' }],
      german: [{ counter: 'ger-rifle', hex: '0402' }],
    };
    const bridged = custom({ ...base, bridges: ['0402'] });
    const h = hex(bridged.sc, '0402');
    expect(overrunsOf(draftOf(bridged.sc, { ...bridged.start, phase: PH_MOVE_VEHICLES }), 0).some(([x]) => x === h)).toBe(true);
    const bare = custom(base);
    expect(overrunsOf(draftOf(bare.sc, { ...bare.start, phase: PH_MOVE_VEHICLES }), 0).some(([x]) => x === h)).toBe(false);
  });

  it('PL VII.K.2: a foot unit enters a stream hex on a roll of 1-3; on a 4 it may not move that phase (T33)', () => {
    const { sc, game, start } = custom({
      terrain: STREAM,
      allied: [
        { counter: 'us-rifle', hex: '0302' },
        { counter: 'us-rifle', hex: '0101' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const s = { ...start, phase: PH_MOVE_OTHERS };
    const stream = hex(sc, '0402');
    expect(game.legalActions(s)).toContain(`move 0 ${stream}`);
    const entered = game.apply(s, `move 0 ${stream}`, loadedDice(3));
    expect(at(entered, 0)).toBe(stream);
    const failed = game.apply(s, `move 0 ${stream}`, loadedDice(4));
    expect(at(failed, 0)).toBe(hex(sc, '0302'));
    expect(flags(failed, 0) & F_MOVED).toBe(F_MOVED);
    expect(game.legalActions(failed).some((a) => a.startsWith('move 0 '))).toBe(false);
  });

  it('PL VII.K.3: a unit in a stream hex may not attack in any manner (direct fire, IF orders, close assault)', () => {
    const { sc, start } = custom({
      terrain: STREAM,
      allied: [
        { counter: 'us-rifle', hex: '0402' },
        { counter: 'us-81mm', hex: '0401' },
        { counter: 'us-rifle', hex: '0202' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0502' }],
    });
    const d = draftOf(sc, start);
    const target = hex(sc, '0502');
    expect(canDirectFire(d, 0, 3)).toBe(false);
    expect(canOrder(d, 1, target)).toBe(false);
    expect(assaulters(draftOf(sc, { ...start, phase: 4 }), target)).not.toContain(0);
    // The same rifle out of the stream may fire at it.
    expect(canDirectFire(draftOf(sc, edit(start, { 0: { hex: hex(sc, '0302') } })), 0, 3)).toBe(true);
  });

  it('PL VII.K.4 / VII.K.5: a unit in a stream is fired on from ground level only from next door; from a hilltop with a line of sight', () => {
    const { sc, start } = custom({
      terrain: ['h..~....', '...~....', '...~....'],
      allied: [
        { counter: 'us-m4-75', hex: '0102' },
        { counter: 'us-m4-75', hex: '0302' },
        { counter: 'us-m4-75', hex: '0101' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0402' }],
    });
    const d = draftOf(sc, start);
    expect(canDirectFire(d, 0, 3)).toBe(false);
    expect(canDirectFire(d, 1, 3)).toBe(true);
    expect(canDirectFire(d, 2, 3)).toBe(true);
  });
});

describe('PL riders', () => {
  const rider = (extra: { counter: string; hex: string; count?: number }[] = []) =>
    custom({
      terrain: open(8, 3),
      allied: [{ counter: 'us-rifle', hex: '0302' }],
      german: [{ counter: 'ger-panther', hex: '0502' }, { counter: 'ger-rifle', hex: '0502', aboard: 0 }, ...extra],
    });

  it('PL V.C.6.a: a rider on a German AFV may be attacked alone at DS 1; eliminated, the AFV is unaffected', () => {
    const { sc, game, start } = rider();
    expect(game.legalActions(start)).toContain('fire 0 2');
    const d = draftOf(sc, start);
    expect(targetsOf(d, 2)).toEqual([2]);
    expect(directFireOdds(d, [0], 2)).toMatchObject({ attack: 6, defense: 1 });
    const s = play(game, start, ['fire 0 2', 'resolve'], loadedDice(1));
    expect(at(s, 2)).toBe(ELIMINATED);
    expect(at(s, 1)).toBe(hex(sc, '0502'));
    expect(draftOf(sc, s).passengerOf(1)).toBe(-1);
  });

  it('PL V.C.6.a: a dispersed rider is unloaded at once; with no room in the hex both are dispersed (T50)', () => {
    const roomy = rider();
    const s = play(roomy.game, roomy.start, ['fire 0 2', 'resolve'], loadedDice(5)); // 6:1 at 4-1, roll 5: D
    expect(s.u[2]![CARRIER]).toBe(0);
    expect(flags(s, 2) & F_DISPERSED).toBe(F_DISPERSED);
    expect(flags(s, 1) & F_DISPERSED).toBe(0);
    expect(draftOf(roomy.sc, s).unitsIn(hex(roomy.sc, '0502'))).toEqual([1, 2]);
    const full = rider([{ counter: 'ger-rifle', hex: '0502', count: 3 }]);
    const f = play(full.game, full.start, ['fire 0 2', 'resolve'], loadedDice(5));
    expect(f.u[2]![CARRIER]).toBe(2);
    expect(flags(f, 1) & F_DISPERSED).toBe(F_DISPERSED);
    expect(flags(f, 2) & F_DISPERSED).toBe(F_DISPERSED);
  });
});

describe('PL entry and exit', () => {
  const base = {
    terrain: open(8, 3),
    allied: [{ counter: 'us-m4-75', hex: '0102', enters: 2 }],
    german: [{ counter: 'ger-rifle', hex: '0801' }],
  };

  it('PL XIV.B.3: a reinforcement stays off the map until its turn, then enters at its edge hex paying for it', () => {
    const { sc, game, start } = custom(base);
    expect(at(start, 0)).toBe(OFFBOARD);
    const early = { ...start, phase: PH_MOVE_VEHICLES };
    expect(game.legalActions(early).some((a) => a.startsWith('move 0 '))).toBe(false);
    const due = { ...start, turn: 2, phase: PH_MOVE_VEHICLES };
    const r = reachable(draftOf(sc, due), 0);
    expect(r.get(hex(sc, '0102'))).toBe(2);
    expect(r.get(hex(sc, '0502'))).toBe(10); // entry hex and four more at 1 MP (x2)
    const moved = game.apply(due, `move 0 ${hex(sc, '0502')}`, loadedDice());
    expect(at(moved, 0)).toBe(hex(sc, '0502'));
  });

  it('PL XIV.B.3: a reinforcement not moved on enters at its edge hex at the end of its movement phase (ruling PL-R25)', () => {
    const { sc, game, start } = custom(base);
    const s = game.apply({ ...start, turn: 2, phase: PH_MOVE_VEHICLES }, 'next', loadedDice());
    expect(at(s, 0)).toBe(hex(sc, '0102'));
  });

  it("PL XIV.B.3: units leave the map only at their side's exit hexes, and score the exit VP", () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      allied: [
        { counter: 'us-m4-75', hex: '0802' },
        { counter: 'us-m4-75', hex: '0702' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0101' }],
      exits: [{ hexes: ['0802'], vp: 3 }, undefined],
    });
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const legal = game.legalActions(s);
    expect(legal).toContain('exit 0');
    expect(legal).not.toContain('exit 1');
    const out = game.apply(s, 'exit 0', loadedDice());
    expect(at(out, 0)).toBe(EXITED);
    expect(outcomeOf(sc, out).vp).toEqual([3, 0]);
    expect(outcomeOf(sc, out).metrics?.units_lost).toEqual([0, 0]);
  });

  it('PL XIV.B.3: a reinforcement entering away from the map edge is rejected with the place named', () => {
    expect(() => custom({ ...base, allied: [{ counter: 'us-m4-75', hex: '0402', enters: 2 }] })).toThrow(
      /sides\[0\]\.units\[0\]\.hex.*edge hex/,
    );
  });
});

describe('PL set-up', () => {
  it('PL XIV.B.4: the side that sets up last may not start in sight of the enemy; hidden in woods it may', () => {
    const seen = () =>
      custom({
        terrain: open(8, 3),
        setsUpLast: 'german',
        allied: [{ counter: 'us-m4-75', hex: '0202' }],
        german: [{ counter: 'ger-rifle', hex: '0502' }],
      });
    expect(seen).toThrow(InputError);
    expect(seen).toThrow(/XIV\.B\.4/);
    const hidden = custom({
      terrain: ['........', '....w...', '........'],
      setsUpLast: 'german',
      allied: [{ counter: 'us-m4-75', hex: '0202' }],
      german: [{ counter: 'ger-rifle', hex: '0502' }],
    });
    expect(at(hidden.start, 1)).toBe(hex(hidden.sc, '0502'));
  });
});

describe('PL AA', () => {
  const air = (germanAt: string) =>
    custom({
      terrain: open(16, 3),
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [
        { counter: 'ger-pz4', hex: '0602' },
        { counter: 'ger-20mm', hex: germanAt },
      ],
      aircraft: [{ id: 'p47', name: 'P-47', ordnance: 'bombs', mg: { attack: 3, weapon: 'I' } }],
    });

  it("PL XII.D.1: AA fire is the German player's decision: the German seat chooses AA units or passes", () => {
    const { game, start } = air('0802');
    // The one aircraft has flown: the air phase goes on to the German AA decision.
    const s = game.apply({ ...start, phase: PH_AIR }, 'air 0 1 ord', loadedDice());
    expect(s.airPending).toEqual([0, 1, 0]);
    expect(s.phase).toBe(PH_AA);
    expect(game.toMove(s)).toBe(1);
    expect(game.legalActions(s)).toEqual(['aa 2 0', 'pass']);
    // Passing: no AA; the bombs, 30 H vs 7, 4-1, roll 1: X.
    const passed = game.apply(s, 'pass', loadedDice(1));
    expect(at(passed, 1)).toBe(ELIMINATED);
    expect(flags(passed, 2) & F_FIRED).toBe(0);
    expect(game.toMove(passed)).toBe(0);
    expect(passed.airPending).toEqual([]);
  });

  it('PL XII.D.2: with no AA unit in range the attack goes in at once, with no German decision', () => {
    const { game, start } = air('1602');
    const s = game.apply({ ...start, phase: PH_AIR }, 'air 0 1 ord', loadedDice(6));
    expect(s.airPending).toEqual([]);
    expect(s.phase).toBeGreaterThanOrEqual(PH_MOVE_VEHICLES);
    expect(game.toMove(s)).toBe(0);
    expect(at(s, 1)).toBeGreaterThanOrEqual(0);
  });
});

describe('PL engineers', () => {
  it('PL X.A.1-7: an engineer turns a minefield over from next door, walks on unharmed and removes it; it may not fire meanwhile', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      mines: ['0302'],
      allied: [
        { counter: 'us-engineer', hex: '0202' },
        { counter: 'us-rifle', hex: '0101' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0402' }],
    });
    const mine = hex(sc, '0302');
    const s = { ...start, phase: PH_MOVE_OTHERS };
    expect(game.legalActions(s)).toContain(`clear 0 ${mine}`);
    const turned = game.apply(s, `clear 0 ${mine}`, loadedDice());
    expect(turned.clearing).toEqual([[mine, 0]]);
    expect(canDirectFire(draftOf(sc, { ...turned, phase: 0 }), 0, 2)).toBe(false);
    // Turn 3: on the minefield; the German combat phase's minefield attack passes it by (no die is rolled).
    const onIt = edit(turned, { 0: { hex: mine, flags: 0 } }, { side: 1, phase: 0 });
    const d = draftOf(sc, onIt);
    startSegment(d);
    expect(d.seal().u[0]![HEX]).toBe(mine);
    // Turn 4: removed at the start of its movement phase.
    const removed = game.apply({ ...onIt, side: 0, phase: PH_MOVE_OTHERS }, `clear 0 ${mine}`, loadedDice());
    expect(removed.mines).toEqual([]);
    expect(removed.clearing).toEqual([]);
  });

  it('PL X.B.3: a block is removed the same way', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      blocks: ['0302'],
      allied: [
        { counter: 'us-engineer', hex: '0202' },
        { counter: 'us-rifle', hex: '0101' },
        { counter: 'us-truck', hex: '0201', equipmentFor: 0 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0802' }],
    });
    const block = hex(sc, '0302');
    const turned = game.apply({ ...start, phase: PH_MOVE_OTHERS }, `clear 0 ${block}`, loadedDice());
    const removed = game.apply(edit(turned, { 0: { hex: block, flags: 0 } }), `clear 0 ${block}`, loadedDice());
    expect(removed.blocks).toEqual([]);
  });

  it('PL X.C.1: a Sherman Crab is immune to mines and clears the minefield as it leaves, spending half its MA', () => {
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      mines: ['0302'],
      allied: [{ counter: 'uk-sherman-crab', hex: '0302' }],
      german: [{ counter: 'ger-rifle', hex: '1201' }],
    });
    const d = draftOf(sc, { ...start, side: 1 });
    startSegment(d); // no die rolled: immune
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const to = hex(sc, '0402');
    expect(reachable(draftOf(sc, s), 0).get(to)).toBe(10); // 4 MP leaving + 1 MP, x2
    const moved = game.apply(s, `move 0 ${to}`, loadedDice());
    expect(moved.mines).toEqual([]);
  });

  it('PL X.B.1: three stationary turns on a bridge, then moving off rolls: 6 fails; a retry after two turns succeeds on 1-4 (T35)', () => {
    const { sc, game, start } = custom({
      terrain: STREAM,
      bridges: ['0402'],
      roads: [['0302', '0402', '0502']],
      allied: [
        { counter: 'us-engineer', hex: '0402' },
        { counter: 'us-rifle', hex: '0101' },
        { counter: 'us-truck', hex: '0302', equipmentFor: 0 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const bridge = hex(sc, '0402');
    const off = hex(sc, '0302');
    const phase = { phase: PH_MOVE_OTHERS };
    const withTurns = (s: State, n: number, f = 0) => {
      const u = s.u.map((r, i) => (i === 0 ? [r[0]!, f, r[2]!, r[3]!, n] : r));
      return { ...s, ...phase, u };
    };
    // The count: a segment begun and ended on the bridge without moving.
    const after = play(game, start, ['next', 'next', 'next'], loadedDice());
    expect(after.u[0]![4]).toBe(1);
    expect(game.legalActions(withTurns(start, 2))).not.toContain(`demolish 0 ${off}`);
    const failed = game.apply(withTurns(start, 3), `demolish 0 ${off}`, loadedDice(6));
    expect(failed.bridges).toEqual([bridge]);
    expect(failed.u[0]![HEX]).toBe(off);
    // Back on the bridge for two turns, the failure remembered (F_TASK_FAILED).
    const back = edit(failed, { 0: { hex: bridge } });
    const retry = withTurns(back, 2, failed.u[0]![1]! & ~F_MOVED);
    expect(game.legalActions(withTurns(back, 2, 0))).not.toContain(`demolish 0 ${off}`);
    const blown = game.apply(retry, `demolish 0 ${off}`, loadedDice(4));
    expect(blown.bridges).toEqual([]);
    expect(blown.blocks).toEqual([bridge]);
  });

  it('PL X.B.2: four stationary turns on a road hex, then a roll of 1-5 as the engineer moves off makes a block, once per engineer', () => {
    const { sc, game, start } = custom({
      terrain: open(8, 3),
      roads: [['0202', '0302', '0402']],
      allied: [
        { counter: 'us-engineer', hex: '0302' },
        { counter: 'us-rifle', hex: '0101' },
        { counter: 'us-truck', hex: '0303', equipmentFor: 0 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const road = hex(sc, '0302');
    const to = hex(sc, '0202');
    const s = { ...start, phase: PH_MOVE_OTHERS, u: start.u.map((r, i) => (i === 0 ? [r[0]!, 0, 0, -1, 4] : r)) };
    const made = game.apply(s, `demolish 0 ${to}`, loadedDice(5));
    expect(made.blocks).toEqual([road]);
    const again = { ...made, phase: PH_MOVE_OTHERS, u: made.u.map((r, i) => (i === 0 ? [to, r[1]! & ~F_MOVED, 0, -1, 4] : r)) };
    expect(game.legalActions(again).some((a) => a.startsWith('demolish 0 '))).toBe(false);
  });
});

describe('PL special engineer vehicles and temporary bridges', () => {
  const valentine = () =>
    custom({
      terrain: STREAM,
      allied: [
        { counter: 'uk-valentine-bridgelayer', hex: '0302' },
        { counter: 'us-m4-75', hex: '0202' },
        { counter: 'us-engineer', hex: '0101' },
        { counter: 'us-truck', hex: '0302', equipmentFor: 2 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });

  it('PL X.C.3: a Valentine enters a stream hex and stops; leaving next phase for 3 MP it lays a tank bridge other vehicles cross', () => {
    const { sc, game, start } = valentine();
    const stream = hex(sc, '0402');
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const r = reachable(draftOf(sc, s), 0);
    expect(r.get(stream)).toBe(2);
    expect(r.has(hex(sc, '0502'))).toBe(false); // it stops in the stream
    expect(reachable(draftOf(sc, s), 1).has(stream)).toBe(false); // no other vehicle may enter
    const inStream = edit(s, { 0: { hex: stream } });
    const out = hex(sc, '0502');
    expect(reachable(draftOf(sc, inStream), 0).get(out)).toBe(8); // 3 MP laying + 1 MP, x2
    const laid = game.apply(inStream, `move 0 ${out}`, loadedDice());
    expect(laid.bridges).toEqual([stream]);
    expect(laid.tempBridges).toEqual([stream]);
    expect(reachable(draftOf(sc, laid), 1).has(stream)).toBe(true);
  });

  it('PL X.C.4.a: engineers destroy a temporary bridge after two turns on it, moving off; no block is placed', () => {
    const { sc, game, start } = valentine();
    const stream = hex(sc, '0402');
    const off = hex(sc, '0302');
    const s = {
      ...start,
      phase: PH_MOVE_OTHERS,
      bridges: [stream],
      tempBridges: [stream],
      u: start.u.map((r, i) => (i === 2 ? [stream, 0, 0, -1, 2] : i === 0 ? [hex(sc, '0201'), ...r.slice(1)] : r)),
    };
    const gone = game.apply(s, `demolish 2 ${off}`, loadedDice());
    expect(gone.bridges).toEqual([]);
    expect(gone.tempBridges).toEqual([]);
    expect(gone.blocks).toEqual([]);
  });
});

describe('PL observation aircraft', () => {
  it('PL XII.B.1-4: an L-5 sights clear terrain for indirect fire past blocking terrain, and woods units only once they fired in sight', () => {
    const terrain = ['.w......w.......', '.w......w.......', '.w......w.......'];
    const base = {
      terrain,
      allied: [{ counter: 'us-81mm', hex: '0102' }],
      german: [
        { counter: 'ger-rifle', hex: '0502' },
        { counter: 'ger-rifle', hex: '0902' },
      ],
    };
    const blind = custom(base);
    const open5 = hex(blind.sc, '0502');
    expect(canOrder(draftOf(blind.sc, blind.start), 0, open5)).toBe(false);
    const l5 = custom({ ...base, aircraft: [{ id: 'l5', name: 'L-5', role: 'observation' }] });
    const d = draftOf(l5.sc, l5.start);
    expect(canOrder(d, 0, open5)).toBe(true);
    const woods = hex(l5.sc, '0902');
    expect(canOrder(d, 0, woods)).toBe(false);
    expect(canOrder(draftOf(l5.sc, edit(l5.start, { 2: { flags: F_SPOTTED } })), 0, woods)).toBe(true);
    // It never attacks: no air phase actions.
    expect(l5.game.legalActions({ ...l5.start, phase: PH_AIR }).filter((a) => a.startsWith('air '))).toEqual([]);
  });
});
