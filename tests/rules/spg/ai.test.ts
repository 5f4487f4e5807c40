/**
 * SPG's AI hooks and how the search treats SPG's chance (issue 12 item 4): a Reaction (SPG S-10) hands the
 * initiative over on a natural roll in the middle of an impulse, and the initiative of each turn is rolled
 * (SPG S-04), so MCTS must sample both from its own dice and never plan as if it keeps the initiative.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { MCTS_DEFAULTS, type MctsAgent, MctsTree } from '../../../agents/mcts.js';
import { createRng } from '../../../src/core/rng.js';
import { spgAgentHooks } from '../../../src/rules/spg/doctrine.js';
import { spgEvaluate, spgMargin } from '../../../src/rules/spg/evaluate.js';
import { directFireTargets, groupJoiners } from '../../../src/rules/spg/fire.js';
import { expectedLoss } from '../../../src/rules/spg/odds.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { loadSpgScenario, type Scenario } from '../../../src/rules/spg/scenario.js';
import { F_DISRUPTED, FLAGS, HEX, type State } from '../../../src/rules/spg/state.js';
import { edit, scenarioFile } from './helpers.js';

function load(id: string): { sc: Scenario; game: SpgGame; start: State } {
  const sc = loadSpgScenario(scenarioFile(id));
  const game = new SpgGame(sc);
  return { sc, game, start: game.initialState(createRng(`ai/${id}`)) };
}

/** The first position of a seeded scripted game where the seat to move may make a direct-fire attack. */
function firePosition(sc: Scenario, game: SpgGame, start: State): State {
  const agent = createAgent('scripted', spgAgentHooks(sc));
  const dice = createRng('ai/fire/dice');
  const rng = createRng('ai/fire/agent');
  let s = start;
  for (let n = 0; n < 2000 && !game.isTerminal(s); n++) {
    const legal = game.legalActions(s);
    if (s.opp < 0 && legal.some((a) => a.startsWith('fire '))) return s;
    s = game.apply(s, agent.act(game, s, game.toMove(s), rng) as string, dice);
  }
  throw new Error('no position with a direct-fire attack');
}

describe('SPG AI: Reactions and the initiative are chance events to MCTS', () => {
  const { sc, game, start } = load('spg-tiny');
  const hooks = spgAgentHooks(sc);

  it('SPG S-10: after its own direct fire the search meets both futures, the same seat acting on and the enemy seizing the impulse, about as often as the dice say', () => {
    const s = firePosition(sc, game, start);
    const seat = game.toMove(s);
    const fire = game.legalActions(s).find((a) => a.startsWith('fire '))!;
    // Only the attack and the hand-over are offered at the root, so the attack's subtree is searched often.
    const narrowed = { ...game, legalActions: (x: State) => (x === s ? [fire, s.acted > 0 ? 'end' : 'pass'] : game.legalActions(x)) };
    Object.setPrototypeOf(narrowed, SpgGame.prototype);
    const tree = new MctsTree(
      narrowed as SpgGame,
      s,
      seat,
      createRng('ai/reaction'),
      { ...MCTS_DEFAULTS, iterations: 300, rolloutDepth: 0 },
      hooks,
    );
    tree.run();
    const node = tree.root.children.find((c) => c.key === fire)!;
    expect(node.visits).toBeGreaterThan(100);
    // After the attack, 'end' is legal only when the same seat keeps the impulse, 'pass' only when a natural 7
    // handed it over (the enemy has not acted yet). Their availability counts are how often each future was dealt.
    const kept = node.children.find((c) => c.key === 'end')?.avail ?? 0;
    const lost = node.children.find((c) => c.key === 'pass')?.avail ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
    const share = lost / (kept + lost);
    expect(share).toBeGreaterThan(0.05); // a natural 7 is 1 in 6
    expect(share).toBeLessThan(0.35);
  });

  it('SPG S-04: a pass that ends the turn leads to either side holding the next initiative in the search', () => {
    // Past turn 1 (whose initiative the scenario gives): one side has passed, the other is about to.
    const agent = createAgent('scripted', hooks);
    const dice = createRng('ai/init/dice');
    const rng = createRng('ai/init/agent');
    let s = start;
    while (!(s.turn >= 2 && s.opp < 0 && s.passes === 1)) s = game.apply(s, agent.act(game, s, game.toMove(s), rng) as string, dice);
    const seat = game.toMove(s);
    const narrowed = { ...game, legalActions: (x: State) => (x === s ? ['pass'] : game.legalActions(x)) };
    Object.setPrototypeOf(narrowed, SpgGame.prototype);
    const tree = new MctsTree(
      narrowed as SpgGame,
      s,
      seat,
      createRng('ai/init'),
      { ...MCTS_DEFAULTS, iterations: 60, rolloutDepth: 0 },
      hooks,
    );
    tree.run();
    const next = tree.root.children[0]!;
    // The first action of the new turn is the initiative holder's; unit indices tell the sides apart.
    const sides = new Set(
      next.children
        .filter((c) => c.avail > 0 && /^(move|fire|rally|at|bomb) /.test(c.key))
        .map((c) => sc.units[Number(c.key.split(' ')[1]!.split('.')[0])]!.side),
    );
    expect([...sides].sort()).toEqual([0, 1]);
  });

  it('the search is reproducible: the same seed gives the same move and statistics, and it never touches the state', async () => {
    const s = firePosition(sc, game, start);
    const seat = game.toMove(s);
    const before = JSON.stringify(s);
    const spec = 'mcts:iterations=40,rolloutDepth=2,expandAfter=1';
    const a = createAgent(spec, hooks) as MctsAgent;
    const b = createAgent(spec, hooks) as MctsAgent;
    expect(await a.act(game, s, seat, createRng('same'))).toBe(await b.act(game, s, seat, createRng('same')));
    expect(a.lastSearch!.top).toEqual(b.lastSearch!.top);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('SPG evaluation', () => {
  const { sc, start } = load('spg-medium');

  it('SPG S-44: a sudden-death winner is worth the whole range', () => {
    expect(spgEvaluate(sc, { ...start, suddenWinner: 0, over: true })).toEqual([1, -1]);
    expect(spgEvaluate(sc, { ...start, suddenWinner: 1, over: true })).toEqual([-1, 1]);
  });

  it('SPG S-42: the same losses weigh more the nearer a side is to its demoralized level', () => {
    const at = (german: number): number => spgMargin(sc, { ...start, lost: [german, 0] });
    const early = at(0) - at(2);
    const late = at(20) - at(22);
    expect(early).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(early);
  });

  it('SPG S-40: a disrupted unit counts against its side', () => {
    const i = sc.units.findIndex((u, k) => u.side === 1 && start.u[k]![HEX]! >= 0);
    const disrupted = edit(start, { [i]: { flags: start.u[i]![FLAGS]! | F_DISRUPTED } });
    expect(spgMargin(sc, disrupted)).toBeGreaterThan(spgMargin(sc, start));
    const v = spgEvaluate(sc, disrupted);
    expect(v[0]).toBeCloseTo(-v[1]!, 12);
  });
});

describe('SPG AI: the scripted agent forms its own fire groups (S-24)', () => {
  const { sc, game, start } = load('spg-medium');
  const hooks = spgAgentHooks(sc);
  const doctrine = hooks.doctrine!;
  const loss = (s: State, group: readonly number[], h: number): number =>
    expectedLoss(sc, s, `fire ${[...group].sort((a, b) => a - b).join('.')} ${h}`);

  /** Positions of seeded scripted games where the seat to move may begin a fire group whose combined fire reads better than its members' own shots. */
  function groupPositions(): { s: State; action: string }[] {
    const out: { s: State; action: string }[] = [];
    const agent = createAgent('scripted', hooks);
    for (let k = 0; k < 3 && out.length < 6; k++) {
      const dice = createRng(`ai/group/${k}`);
      let s = start;
      for (let n = 0; n < 1500 && !game.isTerminal(s) && out.length < 6; n++) {
        const seat = game.toMove(s);
        for (const a of game.legalActions(s).filter((x) => x.startsWith('group '))) {
          const [i, h] = a.split(' ').slice(1).map(Number) as [number, number];
          if (doctrine.assess(s, a, seat).expectedEnemyLoss > loss(s, [i], h) + 0.05) out.push({ s, action: a });
        }
        s = game.apply(s, agent.act(game, s, seat, dice) as string, dice);
      }
    }
    return out;
  }

  it('SPG S-24: begun, the group takes joiners while each adds more than its own shot, then fires a group that reads better than its members alone', () => {
    const positions = groupPositions();
    expect(positions.length).toBeGreaterThan(0);
    const agent = createAgent('scripted', hooks);
    for (const { s, action } of positions) {
      const seat = game.toMove(s);
      const h = Number(action.split(' ')[2]);
      // Rated above the first unit's own shot: combined fire is worth forming.
      let g = game.apply(s, action, createRng('group'));
      for (let n = 0; n < 4 && g.group.length > 0; n++) {
        const choice = agent.act(game, g, seat, createRng('join')) as string;
        if (choice.startsWith('fire ')) {
          const members = choice.split(' ')[1]!.split('.').map(Number);
          expect(members.length).toBeGreaterThanOrEqual(2);
          expect(loss(g, members, h)).toBeGreaterThan(members.reduce((x, j) => x + loss(g, [j], h), 0));
        }
        g = game.apply(g, choice, createRng(`group/${n}`));
      }
      expect(g.group).toEqual([]);
    }
  });

  it("SPG S-24: a group is rated by what grouping adds: its fire less the joiners' own shots", () => {
    const { s, action } = groupPositions()[0]!;
    const seat = game.toMove(s);
    const [i, h] = action.split(' ').slice(1).map(Number) as [number, number];
    const rated = doctrine.assess(s, action, seat).expectedEnemyLoss;
    // Never more than the best the group could do, never less than the first unit's own shot.
    expect(rated).toBeGreaterThan(loss(s, [i], h));
    const joiners = groupJoiners(sc, s, [i], h, directFireTargets(sc, s, seat, h));
    expect(rated).toBeLessThanOrEqual(loss(s, [i, ...joiners], h) + 1e-9);
  });
});
