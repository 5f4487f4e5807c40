/**
 * IA2 15.4-15.43: entering the board from an off-map line, exits where the scenario permits, blocked entry.
 * The fixture (fixtures/board-edge.json, the tiny map): German 0 INF at 0303; Russian 1 INF at 0801;
 * German group 0 (turn 2, hexes 0102 clear, 0103 road, 0101 clear): 2-5 INF, 6 Major; Russian group 1
 * (turn 2, hex 0806): 7 INF. Germans may exit at 0802 and 0803 for 1 VP a step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { EXITED, OFF_BOARD, onMapEdge } from '../../../src/rules/ia2/entry.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import { DEMORALIZED, HEX, MP, type State } from '../../../src/rules/ia2/state.js';
import { victoryPoints } from '../../../src/rules/ia2/turn.js';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { edit, fixture, hex, root } from './helpers.js';

const { tmp, tacsim } = tacsimIn('tacsim-ia2-entry-');

function load(file = fixture('board-edge')): { sc: Scenario; game: Ia2Game; start: State } {
  const sc = loadIa2Scenario(file);
  const game = new Ia2Game(sc, { narrate: true });
  const dice = createRng('edge');
  return { sc, game, start: withDefaultPlans(game, game.initialState(dice), dice) };
}

/** The position at the start of a segment of `turn` with `side` to act. */
function at(s: State, turn: number, side: number): State {
  return { ...s, turn, active: side, toMove: side, initiative: side, lead: 1, segs: [0, 0], lastPass: -1, activated: false, mover: -1 };
}

/** The fixture written again with `change` made to its data, charts and counters by absolute path. */
function variant(name: string, change: (data: Record<string, any>) => void): string {
  const data = JSON.parse(readFileSync(fixture('board-edge'), 'utf8'));
  data.charts = join(root, 'scenarios', 'ia2', 'charts', 'reference.json');
  data.counters = join(root, 'scenarios', 'ia2', 'counters', 'reference.json');
  change(data);
  const file = join(tmp, `${name}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('IA2 15.41: entering the board', () => {
  it('IA2 15.41: reinforcements wait off the board until their turn, then the group is activated at the edge', () => {
    const { sc, game, start } = load();
    expect([2, 3, 4, 5, 6, 7].map((i) => start.u[i]![HEX])).toEqual(new Array(6).fill(OFF_BOARD));
    expect(game.legalActions(at(start, 1, 0))).not.toContain('arrive 0');
    const s = game.apply(at(start, 2, 0), 'arrive 0', createRng('a'));
    const entries = game.legalActions(s).filter((a) => a.startsWith('enter 2 '));
    expect(entries.sort()).toEqual(['0101', '0102', '0103'].map((l) => `enter 2 ${hex(sc, l)}`).sort());
  });

  it('IA2 15.41: the first stack pays the clear cost (or the road rate where a road meets the edge), the second twice as much', () => {
    const { sc, game, start } = load();
    const clear = sc.charts.terrain.clear!.move.foot;
    const road = sc.charts.roadCost.value;
    const dice = createRng('b');
    let s = game.apply(at(start, 2, 0), 'arrive 0', dice);
    const spent: Record<number, number> = {};
    // Stacks in the line: [2, 3] (two companies, 4.1), [4, 5]; the Major with the first.
    for (const [u, l] of [
      [2, '0102'],
      [3, '0102'],
      [4, '0101'],
      [5, '0103'],
      [6, '0103'],
    ] as const) {
      s = game.apply(s, `enter ${u} ${hex(sc, l)}`, dice);
      spent[u] = s.u[u]![MP]!;
      if (s.mover === u) s = game.apply(s, `stop ${u}`, dice);
    }
    expect(spent).toEqual({ 2: clear, 3: clear, 4: 2 * clear, 5: 2 * road, 6: road });
    // The example's figures (15.41): road 1/2 then 1 MP; a clear cost of 2 would give 2 then 4.
    expect([road, 2 * road]).toEqual([0.5, 1]);
  });

  it('IA2 15.41: a piece that has entered moves on with what is left of its movement', () => {
    const { sc, game, start } = load();
    const dice = createRng('c');
    let s = game.apply(at(start, 2, 0), 'arrive 0', dice);
    s = game.apply(s, `enter 2 ${hex(sc, '0103')}`, dice);
    expect(s.mover).toBe(2);
    expect(game.legalActions(s)).toContain(`move 2 ${hex(sc, '0203')}`);
  });

  it('IA2 15.43: when every entry hex holds enemy units the group enters next to them, one turn late', () => {
    const { sc, game, start } = load();
    const blocked = edit(start, { 0: { hex: hex(sc, '0806') } }, true);
    expect(game.legalActions(at(blocked, 2, 1))).not.toContain('arrive 1');
    const s = game.apply(at(blocked, 3, 1), 'arrive 1', createRng('d'));
    const grid = sc.map.grid;
    const around = [0, 1, 2, 3, 4, 5].map((k) => grid.neighbour(hex(sc, '0806'), k)).filter((n) => n >= 0 && onMapEdge(grid, n));
    const entries = game
      .legalActions(s)
      .filter((a) => a.startsWith('enter 7 '))
      .map((a) => Number(a.split(' ')[2]));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.sort()).toEqual(around.sort());
    // Unblocked, the group enters on its own turn by its own hex.
    const free = game.apply(at(start, 2, 1), 'arrive 1', createRng('d'));
    expect(game.legalActions(free).filter((a) => a.startsWith('enter 7 '))).toEqual([`enter 7 ${hex(sc, '0806')}`]);
  });
});

describe('IA2 15.42: exiting the board', () => {
  it('IA2 15.42: a unit leaves by a permitted hex, is not counted destroyed, scores its exit VP and never comes back', () => {
    const { sc, game, start } = load();
    const dice = createRng('e');
    let s = game.apply(at(edit(start, { 0: { hex: hex(sc, '0803') } }, true), 1, 0), 'act 0', dice);
    expect(game.legalActions(s)).toContain('exit 0');
    s = game.apply(s, 'exit 0', dice);
    expect(s.u[0]![HEX]).toBe(EXITED);
    expect(s.lost).toEqual([0, 0]);
    expect(s.over).toBe(false); // its reinforcements are still to come
    expect(victoryPoints(sc, s)).toEqual([2, 0]);
    const later = at(s, 2, 0);
    // `arrive 0` names group 0, every other verb a piece.
    expect(game.legalActions(later).filter((a) => !a.startsWith('arrive') && a.split(' ')[1] === '0')).toEqual([]);
    expect(game.legalActions(later)).toContain('arrive 0');
  });

  it('IA2 15.42: no exit where the scenario permits none, off a hex not listed, or for a demoralized unit', () => {
    const { sc, game, start } = load();
    const dice = createRng('f');
    const russian = game.apply(at(start, 1, 1), 'act 1', dice);
    expect(game.legalActions(russian).some((a) => a.startsWith('exit'))).toBe(false);
    const inland = game.apply(at(start, 1, 0), 'act 0', dice);
    expect(game.legalActions(inland)).not.toContain('exit 0');
    const demo = game.apply(at(edit(start, { 0: { hex: hex(sc, '0803'), morale: DEMORALIZED } }, true), 1, 0), 'act 0', dice);
    expect(game.legalActions(demo)).not.toContain('exit 0');
  });

  it('IA2 15.42: a scenario may count exited units as destroyed (the enemy scores their steps)', () => {
    const file = variant('destroyed', (d) => {
      d.sides[0].exit.countsAsDestroyed = true;
      d.sides[0].exit.vpPerStep = 0;
    });
    const { sc, game, start } = load(file);
    const dice = createRng('g');
    let s = game.apply(at(edit(start, { 0: { hex: hex(sc, '0803') } }, true), 1, 0), 'act 0', dice);
    s = game.apply(s, 'exit 0', dice);
    expect(victoryPoints(sc, s)).toEqual([0, 2]);
  });
});

describe('IA2 15.4: the scenario format', () => {
  it('IA2 15.4: an entry hex inside the map, or a turn after the last, is refused naming the file and place', () => {
    const inland = variant('inland', (d) => {
      d.sides[0].reinforcements[0].hexes = ['0404'];
    });
    expect(() => loadIa2Scenario(inland)).toThrow(InputError);
    expect(() => loadIa2Scenario(inland)).toThrow(/sides\[0\]\.reinforcements\[0\]\.hexes\[0\].*0404 is not on the map edge/);
    const late = variant('late', (d) => {
      d.sides[1].reinforcements[0].turn = 9;
    });
    expect(() => loadIa2Scenario(late)).toThrow(/sides\[1\]\.reinforcements\[0\]\.turn.*after the last turn/);
    const r = tacsim(['sim', inland, '--games', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/inland\.json.*reinforcements\[0\]\.hexes\[0\]/);
  });
});
