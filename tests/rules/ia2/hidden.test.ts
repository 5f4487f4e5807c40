/**
 * IA2 15.5 (optional rule, switch hiddenUnits): hidden units. ia2-medium turns the switch on and sets the two
 * Russian machine guns (at 1504 and 1509) up hidden in the Russian hidden area 1503-1506, 1508-1511.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import type { MctsAgent } from '../../../agents/mcts.js';
import { createRng } from '../../../src/core/rng.js';
import { searched } from '../../../src/rules/ia2/hidden.js';
import { loadIa2 } from '../../../src/rules/ia2/index.js';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { F_HIDDEN, FLAGS, HEX, MORALE, type State } from '../../../src/rules/ia2/state.js';
import { edit, hex, shipped } from './helpers.js';

const GERMAN = 0,
  RUSSIAN = 1;
const loaded = loadIa2(shipped('ia2-medium'));
const sc = loaded.scenario;
const game = loaded.game;
/** The two Russian machine guns, the pieces ia2-medium sets up hidden. */
const MGS = loaded.scenario.units.filter((u) => u.side === RUSSIAN && u.type === 'MG').map((u) => u.index);
const [GUN_A, GUN_B] = MGS as [number, number];
const ui = loaded.ui;
const isHidden = (s: State, i: number) => (s.u[i]![FLAGS]! & F_HIDDEN) !== 0;
/** The state with hidden piece i written down at h instead. */
const movedTo = (s: State, moves: Record<number, number>): State =>
  edit(s, Object.fromEntries(Object.entries(moves).map(([i, h]) => [i, { hex: h }])), true);
const start = (seed: string) => {
  const dice = createRng(seed);
  let s = game.initialState(dice);
  while (s.turn === 0) s = game.apply(s, game.legalActions(s)[0]!, dice);
  return s;
};

describe('IA2 15.5: hidden units', () => {
  it('IA2 15.5: the pieces marked hidden set up hidden, and not with the rule switched off', () => {
    expect(sc.units.filter((u) => u.startHidden).map((u) => u.index)).toEqual(MGS);
    const s = start('setup');
    expect(MGS.map((i) => isHidden(s, i))).toEqual([true, true]);
    const off = loadIa2Scenario(shipped('ia2-medium'), { set: { 'rule.hiddenUnits': false } });
    expect(off.units.some((u) => u.startHidden)).toBe(false);
  });

  it("IA2 15.5: the German view (map, board, units) shows nothing of the hidden guns' positions; the Russian view does", () => {
    const s = start('view');
    const other = movedTo(s, { [GUN_A]: hex(sc, '1506'), [GUN_B]: hex(sc, '1511') });
    expect(ui.renderMap(other, { viewer: GERMAN })).toBe(ui.renderMap(s, { viewer: GERMAN }));
    expect(ui.renderUnits(other, { viewer: GERMAN })).toBe(ui.renderUnits(s, { viewer: GERMAN }));
    expect(ui.board!(s, { viewer: GERMAN }).units.map((u) => u.unit)).not.toContain(GUN_A);
    expect(ui.board!(s, { viewer: RUSSIAN }).units.find((u) => u.unit === GUN_A)!.hex).toBe(hex(sc, '1504'));
    expect(ui.renderUnits(s, { viewer: GERMAN })).not.toContain('1504');
    expect(ui.renderMap(other, { viewer: RUSSIAN })).not.toBe(ui.renderMap(s, { viewer: RUSSIAN }));
  });

  it('IA2 15.5: an enemy piece finds a hidden one at a quarter of the spotting range (3 hexes in clear by day), not farther', () => {
    const s = start('spot');
    const dice = createRng('spot/dice');
    // Gun A written down in the clear at 1506; a German company (index 0) brought 3 or 4 hexes west of it, in the open.
    const at = (label: string) => ({
      ...movedTo(s, { [GUN_A]: hex(sc, '1506'), 0: hex(sc, label) }),
      active: GERMAN,
      toMove: GERMAN,
      activated: false,
      mover: -1,
    });
    expect(sc.map.grid.distance(hex(sc, '1206'), hex(sc, '1506'))).toBe(3);
    const near = game.apply(at('1206'), 'act 0', dice);
    expect(isHidden(near, GUN_A)).toBe(false);
    const far = game.apply(at('1106'), 'act 0', dice);
    expect(isHidden(far, GUN_A)).toBe(true);
    expect(searched(sc, far, GERMAN, hex(sc, '1406'))).toBe(true);
    expect(searched(sc, far, GERMAN, hex(sc, '1506'))).toBe(false);
  });

  it('IA2 15.5: a hidden unit that moves or fires is revealed; one that is only activated stays hidden', () => {
    // Every Russian in good order, so that no recovery is owed first (13.42).
    const rallied = start('act');
    const s = {
      ...rallied,
      u: rallied.u.map((r, i) => (sc.units[i]!.side === RUSSIAN ? r.map((v, k) => (k === MORALE ? 0 : v)) : r)),
      active: RUSSIAN,
      toMove: RUSSIAN,
      activated: false,
      mover: -1,
    };
    const dice = createRng('act/dice');
    const active = game.apply(s, `act ${GUN_A}`, dice);
    expect(isHidden(active, GUN_A)).toBe(true);
    const move = game.legalActions(active).find((a) => a.startsWith(`move ${GUN_A} `));
    expect(move).toBeDefined();
    expect(isHidden(game.apply(active, move!, dice), GUN_A)).toBe(false);
  });

  it('IA2 15.5: determinize draws the hidden guns again among the unsearched hexes of the hidden area, whatever their true hexes', () => {
    const s = start('deal');
    const other = movedTo(s, { [GUN_A]: hex(sc, '1503'), [GUN_B]: hex(sc, '1510') });
    const seen = new Set<number>();
    for (let k = 0; k < 60; k++) {
      const a = game.determinize!(s, GERMAN, createRng(`deal/${k}`));
      const b = game.determinize!(other, GERMAN, createRng(`deal/${k}`));
      expect(MGS.map((i) => b.u[i]![HEX])).toEqual(MGS.map((i) => a.u[i]![HEX]));
      for (const i of MGS) {
        const h = a.u[i]![HEX]!;
        expect(sc.hiddenArea[RUSSIAN]).toContain(h);
        expect(searched(sc, s, GERMAN, h)).toBe(false);
        seen.add(h);
      }
    }
    expect(seen.size).toBeGreaterThan(3);
    // The Russians know where their own guns are.
    expect(MGS.map((i) => game.determinize!(s, RUSSIAN, createRng('own')).u[i]![HEX])).toEqual(MGS.map((i) => s.u[i]![HEX]));
  });

  it('IA2 15.5: the Germans choose the same whatever the hidden guns truly are (legal actions, scripted and the whole MCTS search, fixed seeds)', async () => {
    // German decisions of turn 1 along a seeded scripted game, while both guns are still hidden.
    const states: State[] = [];
    const scripted = createAgent('scripted', loaded.ai);
    const dice = createRng('hidden/game');
    const pick = createRng('hidden/pick');
    let s = start('hidden/start');
    for (let ply = 0; ply < 300 && states.length < 3 && !game.isTerminal(s); ply++) {
      if (s.toMove === GERMAN && MGS.every((i) => isHidden(s, i)) && game.legalActions(s).length > 3 && ply % 2 === 0) states.push(s);
      s = game.apply(s, (await scripted.act(game, s, s.toMove, pick)) as string, dice);
    }
    expect(states.length).toBe(3);
    for (const [n, s0] of states.entries()) {
      // Two other hexes of the hidden area nobody has searched: as consistent with what the Germans know as the truth.
      const free = sc.hiddenArea[RUSSIAN]!.filter((h) => !searched(sc, s0, GERMAN, h) && !MGS.some((i) => s0.u[i]![HEX] === h));
      expect(free.length).toBeGreaterThanOrEqual(2);
      const s1 = movedTo(s0, { [GUN_A]: free[0]!, [GUN_B]: free[free.length - 1]! });
      expect(s1.u[GUN_A]![HEX]).not.toBe(s0.u[GUN_A]![HEX]);
      expect(game.legalActions(s1)).toEqual(game.legalActions(s0));
      expect(ui.renderStatus(s1, { viewer: GERMAN })).toBe(ui.renderStatus(s0, { viewer: GERMAN }));
      const choose = async (x: State) => createAgent('scripted:noise=0.2', loaded.ai).act(game, x, GERMAN, createRng(`scripted/${n}`));
      expect(await choose(s1)).toBe(await choose(s0));
      const search = async (x: State) => {
        const agent = createAgent('mcts:iterations=30,rolloutDepth=80,expandAfter=1', loaded.ai) as MctsAgent;
        const chosen = await agent.act(game, x, GERMAN, createRng(`mcts/${n}`));
        return { chosen, top: agent.lastSearch!.top };
      };
      expect(await search(s1)).toEqual(await search(s0));
    }
  }, 120_000);
});
