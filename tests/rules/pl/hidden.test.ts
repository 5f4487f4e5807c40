/**
 * PL VII.C.3: IF orders are written secretly a turn ahead (digest 8.3). determinize deals the other side's
 * pending orders new targets; neither the legal actions, nor the scripted agent, nor an MCTS search of the
 * other seat changes when the secret does; "open orders" (a labelled deviation) turns the secret off.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import type { MctsAgent } from '../../../agents/mcts.js';
import { createRng } from '../../../src/core/rng.js';
import { plAgentHooks } from '../../../src/rules/pl/doctrine.js';
import { PlGame } from '../../../src/rules/pl/game.js';
import { loadPlScenario } from '../../../src/rules/pl/scenario.js';
import { HEX, type State } from '../../../src/rules/pl/state.js';
import { plUi } from '../../../src/rules/pl/ui.js';
import { scenarioFile } from './helpers.js';

const sc = loadPlScenario(scenarioFile('pl-medium'));
const game = new PlGame(sc, { narrate: true });
const ALLIED = 0,
  GERMAN = 1;

/** Positions along a seeded scripted game where the Germans have an order pending and the Allies are to act. */
async function alliedDecisionsWithGermanOrders(): Promise<State[]> {
  const hooks = plAgentHooks(sc);
  const agent = createAgent('scripted', hooks);
  const out: State[] = [];
  // Seeded games in turn until three such positions are found (not every game has the Germans write orders).
  for (let game_ = 0; game_ < 6 && out.length < 3; game_++) {
    const rng = createRng(game_ === 0 ? 'pl-hidden/game' : `pl-hidden/game/${game_}`);
    let s = game.initialState(rng);
    for (let ply = 0; ply < 2000 && out.length < 3 && !s.over; ply++) {
      if (s.side === ALLIED && s.orders.some((o) => o.side === GERMAN) && game.legalActions(s).length > 3 && ply % 3 === 0) out.push(s);
      s = game.apply(s, await agent.act(game, s, s.side, rng), rng);
    }
  }
  return out;
}

/** The same position with the Germans' pending orders aimed at another Allied-occupied hex. */
function retarget(s: State, k: number): State {
  const alliedHexes = [...new Set(sc.units.filter((u) => u.side === ALLIED).map((u) => s.u[u.index]![HEX]!))].filter((h) => h >= 0);
  return {
    ...s,
    orders: s.orders.map((o) => {
      if (o.side !== GERMAN) return o;
      const others = alliedHexes.filter((h) => h !== o.hex);
      return { ...o, hex: others[k % others.length]! };
    }),
  };
}

describe('PL VII.C.3: secret IF orders', () => {
  it('PL VII.C.3: determinize deals the other side new targets and leaves the seat its own orders', () => {
    const s0: State = {
      ...game.initialState(createRng(1)),
      orders: [
        { side: GERMAN, turn: 1, hex: sc.map.grid.parseLabel('0707'), units: [sc.units.findIndex((u) => u.counter === 'ger-wespe')] },
        { side: ALLIED, turn: 1, hex: sc.map.grid.parseLabel('1907'), units: [sc.units.findIndex((u) => u.counter === 'us-105mm')] },
      ],
    };
    const targets = new Set<number>();
    for (let k = 0; k < 20; k++) {
      const d = game.determinize!(s0, ALLIED, createRng(`det/${k}`));
      expect(d.orders[1]).toBe(s0.orders[1]);
      expect(d.orders[0]!.units).toEqual(s0.orders[0]!.units);
      targets.add(d.orders[0]!.hex);
      // Every dealt target holds an Allied unit, or is an objective with no German unit in it (ruling PL-R46).
      const h = d.orders[0]!.hex;
      const alliedThere = sc.units.some((u) => u.side === ALLIED && d.u[u.index]![HEX] === h);
      const openObjective = sc.objectives.some((o) => o.hex === h) && !sc.units.some((u) => u.side === GERMAN && d.u[u.index]![HEX] === h);
      expect(alliedThere || openObjective).toBe(true);
    }
    expect(targets.size).toBeGreaterThan(2);
    expect(game.determinize!(s0, GERMAN, createRng('x')).orders[0]).toBe(s0.orders[0]);
  });

  it('PL VII.C.3: the Allies choose the same actions wherever the German orders are aimed (legal actions, scripted, MCTS; fixed seeds)', async () => {
    const hooks = plAgentHooks(sc);
    const states = await alliedDecisionsWithGermanOrders();
    expect(states.length).toBeGreaterThanOrEqual(2);
    for (const [n, s0] of states.entries()) {
      const s1 = retarget(s0, n + 1);
      expect(s1.orders).not.toEqual(s0.orders);
      expect(game.legalActions(s1)).toEqual(game.legalActions(s0));
      const scripted = async (x: State) => createAgent('scripted:noise=0.2', hooks).act(game, x, ALLIED, createRng(`scripted/${n}`));
      expect(await scripted(s1)).toBe(await scripted(s0));
      const search = async (x: State) => {
        const agent = createAgent('mcts:iterations=30,rolloutDepth=6,expandAfter=1', hooks) as MctsAgent;
        const chosen = await agent.act(game, x, ALLIED, createRng(`mcts/${n}`));
        return { chosen, top: agent.lastSearch!.top };
      };
      expect(await search(s1)).toEqual(await search(s0));
    }
  });

  it('PL VII.C.3: a seat is shown its own orders only; the other side learns that an order was written, not where', () => {
    const ui = plUi(sc);
    const wespe = sc.units.findIndex((u) => u.counter === 'ger-wespe');
    const s: State = {
      ...game.initialState(createRng(1)),
      side: GERMAN,
      orders: [{ side: GERMAN, turn: 1, hex: sc.map.grid.parseLabel('0707'), units: [wespe] }],
    };
    expect(ui.renderUnits(s, { viewer: GERMAN })).toContain('IF order of german');
    expect(ui.renderUnits(s, { viewer: ALLIED })).not.toContain('IF order');
    const seen = ui.publicAction!(s, `order ${wespe} ${sc.map.grid.parseLabel('0707')}`, { viewer: ALLIED });
    expect(seen.label).toBe('an IF order is written');
    expect(seen.target).toBe(-1);
  });

  it('PL VII.C.3: with open orders (a deviation for fast balance runs) there is no secret and no determinize', () => {
    const openSc = loadPlScenario(scenarioFile('pl-medium'), { set: { 'rule.openOrders': true } });
    expect(new PlGame(openSc).determinize).toBeUndefined();
    expect(game.determinize).toBeDefined();
    const wespe = sc.units.findIndex((u) => u.counter === 'ger-wespe');
    const s: State = {
      ...game.initialState(createRng(1)),
      orders: [{ side: GERMAN, turn: 1, hex: sc.map.grid.parseLabel('0707'), units: [wespe] }],
    };
    expect(plUi(openSc).renderUnits(s, { viewer: ALLIED })).toContain('IF order of german');
  });
});
