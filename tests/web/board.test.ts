/**
 * The system-neutral board view (ScenarioUi.board, actionPlaces) every shipped scenario gives `tacsim serve`:
 * a hex per map hex with its terrain colour, the units on the map in their engine hexes, and every legal action
 * placed on the map within its bounds, for each rules system.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { listShippedScenarios, loadScenario } from '../../src/scenarios.js';

describe('board view of every shipped scenario', () => {
  for (const shipped of listShippedScenarios()) {
    it(`${shipped.id} (${shipped.system}): hexes, units and the first decisions placed on the map`, () => {
      const sc = loadScenario(shipped.id);
      expect(sc.ui.board, 'ui.board').toBeDefined();
      expect(sc.ui.actionPlaces, 'ui.actionPlaces').toBeDefined();
      const dice = createRng('board');
      const pick = createRng('pick');
      let state = sc.initialState(dice);
      const size = sc.mapWidth * sc.mapHeight;
      for (let step = 0; step < 40 && !sc.game.isTerminal(state); step++) {
        const seat = sc.game.toMove(state);
        const board = sc.ui.board!(state, { viewer: seat });
        expect(board.hexes.length).toBe(size);
        for (const h of board.hexes) expect(board.terrain[h.terrain], h.terrain).toMatch(/^#/);
        expect(board.units.some((u) => u.hex >= 0)).toBe(true);
        for (const u of board.units) {
          expect(u.hex).toBeLessThan(size);
          expect(u.values).not.toBe('');
        }
        const legal = sc.game.legalActions(state);
        const places = sc.ui.actionPlaces!(state, legal);
        expect(places.length).toBe(legal.length);
        for (const p of places) {
          for (const h of [p.from, p.to, p.target]) expect(h >= -1 && h < size, `${p.label}: hex ${h}`).toBe(true);
          if (p.kind === 'move') expect(p.to, p.label).toBeGreaterThanOrEqual(-1);
          expect(p.label).not.toBe('');
          // An action of a unit on the map starts where the board draws it.
          for (const u of p.units) {
            const drawn = board.units.find((x) => x.unit === u);
            if (drawn && drawn.hex >= 0 && p.from >= 0 && p.units.length === 1) expect(drawn.hex, p.label).toBe(p.from);
          }
        }
        state = sc.game.apply(state, legal[pick.int(legal.length)]!, dice);
      }
    });
  }
});
