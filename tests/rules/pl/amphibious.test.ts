/**
 * Panzer Leader amphibious landings (XI) and sea hexes (V.A.3, VII.E.9), each test named by its rule id: a map
 * whose first column is sea (=) and second beach (b).
 */
import { describe, expect, it } from 'vitest';
import { assaulters, canDirectFire, directFireOdds } from '../../../src/rules/pl/actions.js';
import { defenseOf } from '../../../src/rules/pl/combat.js';
import { reachable } from '../../../src/rules/pl/movement.js';
import { CARRIER, ELIMINATED, F_DISPERSED, OFFBOARD, PH_MOVE_VEHICLES } from '../../../src/rules/pl/state.js';
import { at, custom, draftOf, edit, flagOf, hex, loadedDice, play } from './helpers.js';

const COAST = ['=b......', '=b......', '=b......', '=b......', '=b......'];

describe('PL amphibious landings', () => {
  it('PL XI.B.1 / XI.B.2 / XI.B.3 / XI.A.2 / V.A.3: each landing unit has its landing turn and sea hex next to a beach (one a sea hex) and waits there; nothing moves into the sea', () => {
    const { sc, game, start } = custom({
      terrain: COAST,
      allied: [
        { counter: 'us-rifle', hex: '0102', lands: 1 },
        { counter: 'us-m4-dd', hex: '0103', lands: 2 },
        { counter: 'us-m4-75', hex: '0404' },
        { counter: 'us-halftrack', hex: '0105', lands: 2 },
        { counter: 'us-57mm', hex: '0105', lands: 2, aboard: 3 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    expect(at(start, 0)).toBe(hex(sc, '0102'));
    expect([at(start, 1), at(start, 3)]).toEqual([OFFBOARD, OFFBOARD]);
    // Placed at sea as the German segment of turn 1 opens, the gun already aboard its carrier.
    let s = start;
    while (s.side === 0) s = game.apply(s, 'next', loadedDice());
    expect([at(s, 1), at(s, 3), s.u[4]![CARRIER]]).toEqual([hex(sc, '0103'), hex(sc, '0105'), 4]);
    const d = draftOf(sc, { ...start, phase: PH_MOVE_VEHICLES });
    expect([...reachable(d, 2).keys()].some((h) => sc.sea[sc.map.terrain[h]!])).toBe(false);
    const bad = (allied: object[]) => () =>
      custom({ terrain: COAST, allied: allied as never, german: [{ counter: 'ger-rifle', hex: '0801' }] });
    expect(
      bad([
        { counter: 'us-rifle', hex: '0102', lands: 1 },
        { counter: 'us-rifle', hex: '0102', lands: 1 },
      ]),
    ).toThrow(/same sea hex 0102/);
    expect(bad([{ counter: 'us-rifle', hex: '0302', lands: 1 }])).toThrow(/sea hex next to a beach/);
    expect(bad([{ counter: 'us-57mm', hex: '0102', lands: 1 }])).toThrow(/lands aboard its carrier/);
    expect(bad([{ counter: 'us-rifle', hex: '0102' }])).toThrow(/only units landing from the sea/);
  });

  it('PL XI.C.4 / XI.C.1 / XI.C.2: a unit lands on a beach next to it and moves on; units ashore move first; one still at sea lands as the phase ends, or is lost without room', () => {
    const { sc, game, start } = custom({
      terrain: COAST,
      allied: [
        { counter: 'us-m4-dd', hex: '0102', lands: 1 },
        { counter: 'us-m4-75', hex: '0404' },
        { counter: 'us-m4-dd', hex: '0104', lands: 1 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const s = play(game, start, ['next']);
    expect(s.phase).toBe(PH_MOVE_VEHICLES);
    const beach = hex(sc, '0202');
    expect(game.legalActions(s)).toContain(`land 0 ${beach}`);
    expect(game.legalActions(s).some((a) => a.startsWith('move 0 '))).toBe(false);
    expect(game.legalActions(s).some((a) => a.startsWith('move 1 '))).toBe(true);
    const ashore = game.apply(s, `land 0 ${beach}`, loadedDice());
    expect(at(ashore, 0)).toBe(beach);
    expect(game.legalActions(ashore).some((a) => a.startsWith('move 0 '))).toBe(true); // 7 MP left
    expect(game.legalActions(ashore).some((a) => a.startsWith('move 1 '))).toBe(false); // XI.C.1
    const ended = game.apply(ashore, 'next', loadedDice());
    expect(sc.beach[sc.map.terrain[at(ended, 2)]!]).toBe(true);
    // With every beach hex next to it full, a unit at sea is lost (XI.C.2).
    const full = custom({
      terrain: ['=b...', '=b...', '=b...'],
      allied: [
        { counter: 'us-m4-dd', hex: '0101', lands: 1 },
        { counter: 'us-rifle', hex: '0201', count: 4 },
        { counter: 'us-rifle', hex: '0202', count: 4 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0503' }],
    });
    const f = play(full.game, full.start, ['next'], loadedDice());
    expect(full.game.legalActions(f).some((a) => a.startsWith('land 0 '))).toBe(false);
    const lost = full.game.apply(f, 'next', loadedDice());
    expect(at(lost, 0)).toBe(ELIMINATED);
    expect(lost.lost).toEqual([1, 0]);
  });

  it('PL XI.C.5 / XI.C.3: landing where a friendly unit stands disperses every unit there; a dispersed unit lands and stops', () => {
    const { sc, game, start } = custom({
      terrain: COAST,
      allied: [
        { counter: 'us-m4-dd', hex: '0102', lands: 1 },
        { counter: 'us-m4-75', hex: '0202' },
        { counter: 'us-m4-dd', hex: '0104', lands: 1 },
      ],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
    });
    const s = play(game, start, ['next']);
    const crowded = game.apply(s, `land 0 ${hex(sc, '0202')}`, loadedDice());
    expect([flagOf(crowded, 0) & F_DISPERSED, flagOf(crowded, 1) & F_DISPERSED]).toEqual([F_DISPERSED, F_DISPERSED]);
    expect(game.legalActions(crowded).some((a) => a.startsWith('move 0 '))).toBe(false);
    const dispersedAtSea = edit(s, { 2: { flags: F_DISPERSED } });
    const landed = game.apply(dispersedAtSea, `land 2 ${hex(sc, '0204')}`, loadedDice());
    expect(at(landed, 2)).toBe(hex(sc, '0204'));
    expect(game.legalActions(landed).some((a) => a.startsWith('move 2 '))).toBe(false);
  });

  it('PL XI.D.3 / XI.D.4 / VII.E.9: at sea a unit defends at 8 as an armoured target, a DD tank with its own DS and +2 on the die; no close assault on the sea, no fire from it', () => {
    const { sc, start } = custom({
      terrain: COAST,
      allied: [
        { counter: 'us-rifle', hex: '0102', lands: 1 },
        { counter: 'us-m4-dd', hex: '0103', lands: 1 },
      ],
      german: [
        { counter: 'ger-pz4', hex: '0502' },
        { counter: 'ger-rifle', hex: '0202' },
      ],
    });
    const g = { ...start, side: 1 };
    const d = draftOf(sc, g);
    expect(defenseOf(d, 0)).toBe(8);
    // The Pz IV's 11 A at 4 hexes (half its range 8) against an armoured landing craft: doubled, 22 to 8, 2-1, no modifier.
    const craft = directFireOdds(d, [2], 0);
    expect([craft.attack, craft.defense, craft.col, craft.drm]).toEqual([22, 8, 2, 0]);
    const dd = directFireOdds(d, [2], 1);
    expect([dd.defense, dd.drm]).toEqual([9, 2]);
    expect(assaulters(d, hex(sc, '0102'))).toEqual([]);
    expect(canDirectFire(draftOf(sc, start), 0, 3)).toBe(false);
  });
});
