import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../src/core/rng.js';
import type { Game, Rng } from '../../src/core/game.js';
import { breadthShare, formatSearchReport, lowerBound, MctsAgent, MctsTree, MCTS_DEFAULTS, robustChoice } from '../../agents/mcts.js';
import { createTicTacToe, createPerfectPlayer, type TicTacToeState } from '../../agents/testing/tictactoe.js';
import type { AgentHooks } from '../../agents/doctrine.js';
import {
  ambush,
  cardGuess,
  cardGuessOpen,
  dieBet,
  interrupt,
  skirmish,
  skirmishHooks,
  type SkirmishAction,
  type SkirmishState,
  wideGame,
  wideOrder,
} from './toy-games.js';

const ttt = createTicTacToe();
const perfect = createPerfectPlayer();

async function playTicTacToe(mctsSeat: number, seed: string, spec: Partial<typeof MCTS_DEFAULTS>): Promise<number> {
  const agent = new MctsAgent(spec);
  const agentRng = createRng(`${seed}/agent`);
  const perfectRng = createRng(`${seed}/perfect`);
  const dice = createRng(`${seed}/dice`);
  let s: TicTacToeState = ttt.initialState();
  while (!ttt.isTerminal(s)) {
    const seat = ttt.toMove(s);
    const a = seat === mctsSeat ? await agent.act(ttt, s, seat, agentRng) : pick(perfectRng, perfect(s).best);
    s = ttt.apply(s, a, dice);
  }
  await agent.close();
  return ttt.returns(s)[mctsSeat]!;
}

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(xs.length)]!;
}

describe('MCTS on tic-tac-toe', () => {
  it('never loses to a perfect minimax player with 2000 iterations (20 games as X, 20 as O)', async () => {
    const results: number[] = [];
    for (let g = 0; g < 20; g++) {
      results.push(await playTicTacToe(0, deriveSeed('ttt-x', g), { iterations: 2000 }));
      results.push(await playTicTacToe(1, deriveSeed('ttt-o', g), { iterations: 2000 }));
    }
    expect(results.filter((r) => r < 0)).toEqual([]);
  });

  it('takes an immediate win and blocks an immediate loss', () => {
    const agent = new MctsAgent({ iterations: 2000 });
    // X to move: X X . / O O . / . . .  -> X wins at 2.
    const win: TicTacToeState = { cells: [1, 1, 0, 2, 2, 0, 0, 0, 0], toMove: 0, winner: -1 };
    expect(agent.act(ttt, win, 0, createRng('w'))).toBe(2);
    // O to move: X X . / O . . / . . .  -> O must block at 2.
    const block: TicTacToeState = { cells: [1, 1, 0, 2, 0, 0, 0, 0, 0], toMove: 1, winner: -1 };
    expect(agent.act(ttt, block, 1, createRng('b'))).toBe(2);
  });

  it('gives the identical choice and report for identical seeds (iterations budget)', () => {
    const s: TicTacToeState = { cells: [1, 0, 0, 0, 2, 0, 0, 0, 0], toMove: 0, winner: -1 };
    for (const seed of ['a', 'b', 'c']) {
      const a1 = new MctsAgent({ iterations: 300 });
      const a2 = new MctsAgent({ iterations: 300 });
      expect(a1.act(ttt, s, 0, createRng(seed))).toBe(a2.act(ttt, s, 0, createRng(seed)));
      expect(a1.lastSearch!.top).toEqual(a2.lastSearch!.top);
    }
  });

  it('keeps the tree within maxNodes and keeps searching once it is full', () => {
    const tree = new MctsTree(ttt, ttt.initialState(), 0, createRng('m'), { ...MCTS_DEFAULTS, iterations: 5000, maxNodes: 100 });
    const res = tree.run();
    expect(res.iterations).toBe(5000);
    let count = 0;
    const walk = (n: { children: unknown[] }): void => {
      count++;
      for (const c of n.children) walk(c as { children: unknown[] });
    };
    walk(tree.root);
    expect(count).toBe(tree.nodes);
    expect(count).toBeLessThanOrEqual(100);
    expect(tree.root.visits).toBe(5000);
  });

  it('reports its search (lastSearch) and prints it with verbose=true', () => {
    const agent = new MctsAgent({ iterations: 500 });
    const a = agent.act(ttt, ttt.initialState(), 0, createRng('r'));
    const r = agent.lastSearch!;
    expect(r.iterations).toBe(500);
    expect(r.nodes).toBeGreaterThan(1);
    expect(r.top[0]!.key).toBe(String(a));
    expect(r.top[0]!.description).toMatch(/^cell /);
    expect(r.top.reduce((n, c) => n + c.visits, 0)).toBeLessThanOrEqual(500);
  });

  it('explains its choice: the expected line of play from the chosen move, alternating seats, described move by move', () => {
    const agent = new MctsAgent({ iterations: 3000 });
    // X to move: X . . / . O . / . . .  (no immediate win or loss).
    const s: TicTacToeState = { cells: [1, 0, 0, 0, 2, 0, 0, 0, 0], toMove: 0, winner: -1 };
    const a = agent.act(ttt, s, 0, createRng('line')) as number;
    const r = agent.lastSearch!;
    expect(r.chosenDescription).toBe(`cell ${a} (row ${Math.floor(a / 3) + 1}, column ${(a % 3) + 1})`);
    const line = r.line!;
    expect(line.length).toBeGreaterThanOrEqual(3);
    expect(line[0]!.key).toBe(String(a));
    expect(line.map((x) => x.seat)).toEqual(line.map((_, i) => i % 2));
    for (const step of line) {
      expect(step.description).toMatch(/^cell \d/);
      expect(step.afterDice).toBe(false);
    }
    // Each step is the most visited reply, so visits fall along the line.
    for (let i = 1; i < line.length; i++) expect(line[i]!.visits).toBeLessThanOrEqual(line[i - 1]!.visits);
    expect(formatSearchReport(r, 0)).toContain('expected line:');
  });

  it('stops on a time budget, reading the clock after every iteration while iterations are slow', () => {
    // A scripted clock: 10 ms pass between readings, so each iteration seems to take 10 ms and the 50 ms
    // budget is spent at the fifth reading, after the fifth iteration (a slow game never overruns by more than one).
    let now = 0;
    const clock = (): number => (now += 10) - 10;
    const tree = new MctsTree(
      ttt,
      ttt.initialState(),
      0,
      createRng('t'),
      { ...MCTS_DEFAULTS, iterations: Infinity, timeMs: 50 },
      {},
      clock,
    );
    expect(tree.run().iterations).toBe(5);
    expect(now).toBe(60);
  });

  it('reads the clock at most every 32 iterations when iterations are fast', () => {
    // 0.001 ms between readings: a thousand iterations a millisecond, so readings space out to every 32.
    let now = 0;
    let readings = 0;
    const clock = (): number => {
      readings++;
      return (now += 0.001) - 0.001;
    };
    // Three equal moves: the visits stay even, so the early stop never ends the search before its budget.
    const tree = new MctsTree(
      wideGame(3, () => 0),
      { k: -1 },
      0,
      createRng('t'),
      { ...MCTS_DEFAULTS, iterations: 3201, timeMs: 1000, prior: 'none' },
      {},
      clock,
    );
    expect(tree.run().iterations).toBe(3201);
    // The start, the first iteration, then one reading per 32 iterations.
    expect(readings).toBe(2 + 100);
  });

  it('stops early under a time budget once the most visited move cannot be overtaken', () => {
    // One move wins at once, the others lose. With a reading every 32 iterations and 1 ms between readings,
    // the whole budget would be 1000 readings (32000 iterations); the search stops once the rest of it
    // (at the rate so far) cannot let another move overtake the most visited one.
    let now = 0;
    const clock = (): number => (now += 1) - 1;
    const game = wideGame(3, (k) => (k === 1 ? 1 : -1));
    const tree = new MctsTree(
      game,
      { k: -1 },
      0,
      createRng('e'),
      { ...MCTS_DEFAULTS, iterations: Infinity, timeMs: 1000, prior: 'none' },
      {},
      clock,
    );
    const r = tree.run();
    expect(r.iterations).toBeLessThan(32_000);
    expect(now).toBeLessThan(1000);
    expect(r.children.reduce((best, c) => (c.visits > best.visits ? c : best)).key).toBe('1');
  });
});

describe('MCTS answers obvious decisions fast', () => {
  it('stops after a tenth of its time budget once the best move is better beyond the noise of every other', () => {
    // A slow game (1 ms a reading, one iteration a reading): two moves, one wins and one loses. The visit
    // lead alone would need about half the budget before the loser could no longer overtake.
    let now = 0;
    const clock = (): number => (now += 1) - 1;
    const tree = new MctsTree(
      wideGame(2, (k) => (k === 1 ? 1 : -1)),
      { k: -1 },
      0,
      createRng('s'),
      { ...MCTS_DEFAULTS, iterations: Infinity, timeMs: 1000, prior: 'none', fullBreadth: 1 },
      {},
      clock,
    );
    const r = tree.run();
    expect(r.iterations).toBeGreaterThanOrEqual(100);
    expect(r.iterations).toBeLessThan(200);
    expect(r.children.reduce((best, c) => (c.visits > best.visits ? c : best)).key).toBe('1');
  });
});

describe('MCTS gives a decision time by its number of moves (fullBreadth)', () => {
  const iterationsFor = (moves: number, fullBreadth: number): number => {
    // Equal moves (the choice never settles), 1 ms a reading: the iterations are the milliseconds searched.
    let now = 0;
    const clock = (): number => (now += 1) - 1;
    const tree = new MctsTree(
      wideGame(moves, () => 0),
      { k: -1 },
      0,
      createRng('b'),
      { ...MCTS_DEFAULTS, iterations: Infinity, timeMs: 400, prior: 'none', fullBreadth },
      {},
      clock,
    );
    return tree.run().iterations;
  };

  it('searches a two-way choice a quarter of its budget, a choice among fullBreadth moves or more all of it', () => {
    expect(breadthShare(2, 8)).toBe(0.25);
    expect(breadthShare(6, 8)).toBe(0.75);
    expect(breadthShare(20, 8)).toBe(1);
    expect(iterationsFor(2, 8)).toBe(100);
    expect(iterationsFor(6, 8)).toBe(300);
    expect(iterationsFor(8, 8)).toBe(400);
    expect(iterationsFor(2, 1)).toBe(400);
  });
});

describe('MCTS spends more time on close choices (extend)', () => {
  const run = (value: (k: number) => number, extend: number): { iterations: number; now: number } => {
    // 1 ms between clock readings: a slow game, one iteration a reading.
    let now = 0;
    const clock = (): number => (now += 1) - 1;
    const tree = new MctsTree(
      wideGame(3, value),
      { k: -1 },
      0,
      createRng('x'),
      { ...MCTS_DEFAULTS, iterations: Infinity, timeMs: 100, extend, prior: 'none', fullBreadth: 1 },
      {},
      clock,
    );
    return { iterations: tree.run().iterations, now };
  };

  it('searches on past the deadline, up to timeMs x (1 + extend), while the best moves stay close', () => {
    // Three equal moves: the choice never settles.
    const plain = run(() => 0, 0);
    const extended = run(() => 0, 0.5);
    expect(plain.iterations).toBe(100);
    expect(extended.iterations).toBe(150);
  });

  it('takes no extra time when one move is clearly best', () => {
    const clear = run((k) => (k === 1 ? 1 : -1), 0.5);
    expect(clear.iterations).toBeLessThanOrEqual(100);
  });
});

describe('MCTS keeps the positions it reaches without dice', () => {
  /** `game` with its apply and determinize calls counted. */
  function counting<S, A>(game: Game<S, A>): { game: Game<S, A>; applies: () => number; determinizes: () => number } {
    let applies = 0;
    let determinizes = 0;
    const g: Game<S, A> = {
      ...game,
      apply: (s, a, rng) => {
        applies++;
        return game.apply(s, a, rng);
      },
    };
    if (game.determinize) {
      g.determinize = (s, seat, rng) => {
        determinizes++;
        return game.determinize!(s, seat, rng);
      };
    }
    return { game: g, applies: () => applies, determinizes: () => determinizes };
  }

  it('applies at most one action an iteration on a game without dice (rollouts cut at once): the tree path is never replayed', () => {
    for (const prior of ['none', 'doctrine'] as const) {
      const c = counting(ttt);
      const hooks: AgentHooks<TicTacToeState, number> =
        prior === 'doctrine'
          ? { doctrine: { assess: () => ({ expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 }) } }
          : {};
      const tree = new MctsTree(
        c.game,
        ttt.initialState(),
        0,
        createRng('fixed'),
        { ...MCTS_DEFAULTS, iterations: 2000, rolloutDepth: 0, prior },
        hooks,
      );
      tree.run();
      expect(c.applies()).toBeLessThanOrEqual(2000);
      expect(c.applies()).toBeGreaterThan(500); // the tree did grow
    }
  });

  it('replays the path below a die roll on every visit, with fresh dice (open loop), and never above it', () => {
    // First a free choice of bet (no dice), then the die: the bet's node keeps its position, the roll is replayed.
    const c = counting(dieBet);
    const tree = new MctsTree(c.game, { bet: null, won: false }, 0, createRng('chance'), {
      ...MCTS_DEFAULTS,
      iterations: 300,
      prior: 'none',
    });
    tree.run();
    expect(c.applies()).toBe(300); // every iteration rolls the die again
    const meanA = (() => {
      const a = tree.root.children.find((ch) => ch.key === 'A')!;
      return a.total / a.visits;
    })();
    expect(meanA).toBeGreaterThan(0.1); // about 1/3: the roll was not kept as if known
    expect(meanA).toBeLessThan(0.6);
  });

  it('calls determinize once when it draws no random number (nothing hidden from the searching seat), on every iteration when it does', () => {
    const open = counting({ ...cardGuess, determinize: (s: { card: 'A' | 'B'; guess: 'A' | 'B' | null }) => s });
    new MctsTree(open.game, { card: 'A', guess: null }, 0, createRng('d'), { ...MCTS_DEFAULTS, iterations: 100 }).run();
    expect(open.determinizes()).toBe(1);
    const hidden = counting(cardGuess);
    new MctsTree(hidden.game, { card: 'A', guess: null }, 0, createRng('d'), { ...MCTS_DEFAULTS, iterations: 100 }).run();
    expect(hidden.determinizes()).toBe(100);
  });
});

describe('MCTS expandAfter (prior=doctrine)', () => {
  /** A doctrine with no opinion (a flat prior) that counts its ratings. */
  function countingHooks(): { hooks: AgentHooks<TicTacToeState, number>; calls: () => number } {
    let calls = 0;
    const none = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };
    return {
      hooks: {
        doctrine: {
          assess: () => {
            calls++;
            return none;
          },
        },
      },
      calls: () => calls,
    };
  }

  it('with expandAfter=1 a new leaf is valued before its moves are rated: fewer ratings and nodes, the same sure win found', () => {
    // X to move with two in a row (cells 0 and 1) and the third cell (2) free: a win at once.
    let s = ttt.initialState();
    for (const cell of [0, 3, 1, 4]) s = ttt.apply(s, cell, createRng('x'));
    const at = (expandAfter: number) => {
      const h = countingHooks();
      const tree = new MctsTree(ttt, s, 0, createRng('ea'), { ...MCTS_DEFAULTS, iterations: 400, expandAfter }, h.hooks);
      const r = tree.run();
      const best = r.children.reduce((a, c) => (c.visits > a.visits ? c : a));
      return { calls: h.calls(), nodes: r.nodes, best: best.key };
    };
    const eager = at(0);
    const lazy = at(1);
    expect(eager.best).toBe('2');
    expect(lazy.best).toBe('2');
    expect(lazy.calls).toBeLessThan(eager.calls);
    expect(lazy.nodes).toBeLessThan(eager.nodes);
  });
});

describe('MCTS with chance, hidden information and several seats', () => {
  it('picks the better die bet (A: 3+ on a d6) over the worse one (B: only a 6)', () => {
    for (const seed of ['1', '2', '3', '4', '5']) {
      const agent = new MctsAgent({ iterations: 1000 });
      expect(agent.act(dieBet, { bet: null, won: false }, 0, createRng(seed))).toBe('A');
      expect(agent.lastSearch!.line!.map((x) => x.key)).toEqual(['A']); // the game ends with the roll
      const top = agent.lastSearch!.top;
      const meanA = top.find((c) => c.key === 'A')!.mean;
      expect(meanA).toBeGreaterThan(0.1); // about 1/3: the dice were not treated as known
      expect(meanA).toBeLessThan(0.6);
    }
  });

  it('chooses by the information set, not by the true secret (determinize)', () => {
    // The true card is A (the 1-in-3 card); a searcher that saw it would guess A.
    const state = { card: 'A' as const, guess: null };
    expect(new MctsAgent({ iterations: 500 }).act(cardGuessOpen, state, 0, createRng('open'))).toBe('A');
    // Knowing only the deck, B is right two times in three.
    for (const seed of ['1', '2', '3', '4', '5']) {
      const agent = new MctsAgent({ iterations: 1000 });
      expect(agent.act(cardGuess, state, 0, createRng(seed))).toBe('B');
    }
  });

  it('selects only among children legal in each determinization, with availability counts (SO-ISMCTS)', () => {
    // The true card is B, so going would win; but seat 0 knows only that A (a trap) is three times as likely.
    const root = { card: 'B' as const, step: 0, last: '' };
    const agent = new MctsAgent({ iterations: 2000 });
    expect(agent.act(ambush, root, 0, createRng('amb'))).toBe('stay');
    const tree = new MctsTree(ambush, root, 0, createRng('amb2'), { ...MCTS_DEFAULTS, iterations: 4000 });
    tree.run();
    const go = tree.root.children.find((c) => c.key === 'go')!;
    const trap = go.children.find((c) => c.key === 'trap')!;
    const pass = go.children.find((c) => c.key === 'pass')!;
    // trap is selectable only in the A determinizations (3 in 4); pass in all of them.
    expect(trap.avail / pass.avail).toBeGreaterThan(0.6);
    expect(trap.avail / pass.avail).toBeLessThan(0.9);
    expect(trap.visits).toBeGreaterThan(pass.visits);
  });

  it('handles a seat moving twice in a row and the other seat interrupting (max^n backup)', () => {
    const agent = new MctsAgent({ iterations: 2000 });
    expect(agent.act(interrupt, { x: -1, y: -1, z: -1 }, 0, createRng('x'))).toBe(0);
    expect(agent.act(interrupt, { x: 1, y: -1, z: -1 }, 0, createRng('y'))).toBe(0);
    expect(agent.act(interrupt, { x: 1, y: 1, z: -1 }, 1, createRng('z1'))).toBe(1);
    expect(agent.act(interrupt, { x: 1, y: 0, z: -1 }, 1, createRng('z0'))).toBe(0);
  });

  it('widens progressively and follows orderActions when the game has it', () => {
    const value = (k: number): number => (k === 77 ? 1 : -1 + k / 1000);
    const tree = new MctsTree(wideGame(200, value), { k: -1 }, 0, createRng('w'), { ...MCTS_DEFAULTS, iterations: 100 });
    tree.run();
    expect(tree.root.children.length).toBeLessThanOrEqual(Math.ceil(2 * Math.sqrt(100)));
    const agent = new MctsAgent({ iterations: 100 }, wideOrder(value));
    expect(agent.act(wideGame(200, value), { k: -1 }, 0, createRng('o'))).toBe(77);
    // Without the ordering hook, the same budget does not find it among 200.
    expect(new MctsAgent({ iterations: 100 }).act(wideGame(200, value), { k: -1 }, 0, createRng('o'))).not.toBe(77);
  });

  it('never reads the game dice: only the rng it is given', () => {
    let calls = 0;
    const counting: Game<typeof dieBet extends Game<infer S, unknown> ? S : never, 'A' | 'B'> = {
      ...dieBet,
      apply: (s, a, rng) => {
        calls++;
        return dieBet.apply(s, a, rng);
      },
    };
    const agentRng = createRng('own');
    const before = createRng('own').next();
    new MctsAgent({ iterations: 50 }).act(counting, { bet: null, won: false }, 0, agentRng);
    expect(calls).toBe(50);
    expect(agentRng.next()).not.toBe(before); // the search drew from its own stream
  });
});

describe('MCTS with a doctrine prior (PUCT, prior=doctrine)', () => {
  /** Hooks with a doctrine that rates action k by `score(k)` as expected enemy losses. */
  function doctrineOf<S, A>(score: (a: A) => number): AgentHooks<S, A> {
    const zero = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };
    return { doctrine: { assess: (_s, a) => ({ ...zero, expectedEnemyLoss: score(a) }) } };
  }

  it("spends the search on the doctrine's favourite among 200 moves and plays it when the rollouts agree", () => {
    const value = (k: number): number => (k === 77 ? 1 : -1 + k / 1000);
    const agent = new MctsAgent(
      { iterations: 100 },
      doctrineOf<{ k: number }, number>((k) => (k === 77 ? 2 : 0)),
    );
    expect(agent.act(wideGame(200, value), { k: -1 }, 0, createRng('p'))).toBe(77);
    const top = agent.lastSearch!.top;
    expect(top[0]!.key).toBe('77');
    expect(top[0]!.visits).toBeGreaterThan(50); // the prior kept the budget on it: widening would have spread it
    // Each candidate's prior share is reported: the favourite's is by far the largest.
    expect(top[0]!.prior!).toBeGreaterThan(0.5);
    for (const c of top.slice(1)) expect(c.prior!).toBeLessThan(0.01);
  });

  it('overrides a doctrine that prefers the worse die bet once the rollouts show it', () => {
    // The doctrine rates B (win only on a 6) far above A (win on 3+): P(B) is about 0.97.
    const game = dieBet;
    const hooks = doctrineOf<{ bet: 'A' | 'B' | null; won: boolean }, 'A' | 'B'>((a) => (a === 'B' ? 1 : 0));
    // A low-prior move whose first roll loses waits long for its second try (seed 2: about 1000
    // iterations), the price of trusting the prior; 5000 iterations settle it for every seed here.
    for (const seed of ['1', '2', '3']) {
      const agent = new MctsAgent({ iterations: 5000 }, hooks);
      expect(agent.act(game, { bet: null, won: false }, 0, createRng(seed))).toBe('A');
    }
    // With prior=none the same budget also finds A (the prior is not needed for a two-way choice).
    expect(new MctsAgent({ iterations: 2000, prior: 'none' }, hooks).act(game, { bet: null, won: false }, 0, createRng('n'))).toBe('A');
  });

  it('plays the better die bet even when the prior kept the worse one the most visited (lower confidence bound)', () => {
    // The doctrine favours B (wins on a 6 only); A (wins on 3+) lost its first roll and waited. At these
    // budgets B still has the most visits, but A has been tried enough to be better beyond its noise. The
    // means differ by about 1, far above any overrideMargin a wargame would use, so a margin changes nothing.
    const hooks = doctrineOf<{ bet: 'A' | 'B' | null; won: boolean }, 'A' | 'B'>((a) => (a === 'B' ? 1 : 0));
    for (const [seed, iterations, overrideMargin] of [
      ['2', 1500, 0],
      ['5', 1000, 0],
      ['6', 1200, 0],
      ['2', 1500, 0.05],
      ['5', 1000, 0.05],
      ['6', 1200, 0.05],
    ] as const) {
      const agent = new MctsAgent({ iterations, overrideMargin }, hooks);
      expect(agent.act(dieBet, { bet: null, won: false }, 0, createRng(seed))).toBe('A');
      const top = agent.lastSearch!.top;
      expect(top[0]!.key).toBe('B'); // the most visited
      expect(top[0]!.visits).toBeGreaterThan(top[1]!.visits);
    }
  });

  it('overrideMargin keeps the most visited move where a less visited one is better only by less than the margin', () => {
    // A long search on nearly equal moves: 4000 visits at a mean of 0.300 and 1000 at 0.304, both with a
    // spread of 0.02, so the second's lower bound (0.304 - 0.0024) is above the first's (0.300 - 0.0008).
    const stats = (visits: number, mean: number, sd: number) => ({
      visits,
      total: visits * mean,
      squares: visits * (mean * mean + sd * sd),
    });
    const moves = [stats(4000, 0.3, 0.02), stats(1000, 0.304, 0.02), undefined, stats(50, 0.1, 0.3)];
    expect(lowerBound(1000, 304, moves[1]!.squares)).toBeGreaterThan(lowerBound(4000, 1200, moves[0]!.squares));
    expect(robustChoice(moves, 0)).toBe(1);
    expect(robustChoice(moves, 0.01)).toBe(0);
    // A gap wider than the margin, and beyond the noise, still overrides.
    const wide = [stats(4000, 0.3, 0.02), stats(1000, 0.33, 0.02)];
    expect(robustChoice(wide, 0.01)).toBe(1);
    // A move never searched is never played over a searched one.
    expect(robustChoice([undefined, stats(10, -0.5, 0.1)], 0.01)).toBe(1);
  });

  it('the lower bound trusts a few lucky visits less than many good ones', () => {
    expect(lowerBound(2, 2, 2)).toBeLessThan(lowerBound(500, 250, 500)); // two wins vs a 0.5 mean over 500
    expect(lowerBound(400, 120, 400)).toBeGreaterThan(lowerBound(1000, -640, 1000)); // 0.3 over 400 vs -0.64 over 1000
    expect(lowerBound(0, 0, 0)).toBe(-Infinity);
  });

  it('creates a child for every legal move of a node it expands, and stays within maxNodes', () => {
    const tree = new MctsTree(
      wideGame(200, () => 0),
      { k: -1 },
      0,
      createRng('c'),
      { ...MCTS_DEFAULTS, iterations: 10 },
      doctrineOf<{ k: number }, number>((k) => k / 200),
    );
    tree.run();
    expect(tree.root.children.length).toBe(200);
    const capped = new MctsTree(
      ttt,
      ttt.initialState(),
      0,
      createRng('cap'),
      { ...MCTS_DEFAULTS, iterations: 500, maxNodes: 300 },
      doctrineOf<TicTacToeState, number>((a) => (a === 4 ? 1 : 0)),
    );
    capped.run();
    expect(capped.nodes).toBeLessThanOrEqual(300);
  });
});

describe("MCTS weighs the doctrine as the scripted agent does (the rules system's weights)", () => {
  /** Weights under which the skirmish doctrine prefers rally (0.15) to fire and hold (0) and assault (-0.6); the generic ones prefer assault (1.2). */
  const cautious: AgentHooks<SkirmishState, SkirmishAction> = {
    doctrine: { assess: skirmishHooks.doctrine!.assess, weights: { aggression: 0, caution: 1 } },
  };
  /** The skirmish with a hidden card: assault is legal in one determinization, rally in the other (so one of them is met after the root is expanded). */
  type Hidden = SkirmishState & { card: number };
  const hiddenSkirmish: Game<Hidden, SkirmishAction> = {
    ...(skirmish() as unknown as Game<Hidden, SkirmishAction>),
    legalActions: (s) => (s.done !== null ? [] : s.card === 0 ? ['hold', 'fire', 'assault'] : ['hold', 'fire', 'rally']),
    apply: (s, a) => ({ ...s, done: a }),
    determinize: (s, _seat, rng) => ({ ...s, card: rng.int(2) }),
  };

  function priorShares(
    hooks: AgentHooks<Hidden, SkirmishAction>,
    doctrineWeights: 'system' | 'generic',
    seed: string,
  ): Record<string, number> {
    const tree = new MctsTree(
      hiddenSkirmish,
      { done: null, card: 0 },
      0,
      createRng(seed),
      { ...MCTS_DEFAULTS, iterations: 40, rolloutDepth: 0, doctrineWeights },
      hooks,
    );
    return Object.fromEntries(tree.run().children.map((c) => [c.key, c.prior!]));
  }

  it("rates moves by the system's weights when the advisor has them, in the children of an expansion and those added later", () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const system = priorShares(cautious as AgentHooks<Hidden, SkirmishAction>, 'system', seed);
      expect(Object.keys(system).sort()).toEqual(['assault', 'fire', 'hold', 'rally']);
      expect(system.rally!).toBeGreaterThan(system.assault!);
      expect(system.fire!).toBeGreaterThan(system.assault!);
      // doctrineWeights=generic, or an advisor without weights: the generic order.
      for (const generic of [
        priorShares(cautious as AgentHooks<Hidden, SkirmishAction>, 'generic', seed),
        priorShares(skirmishHooks as AgentHooks<Hidden, SkirmishAction>, 'system', seed),
      ]) {
        expect(generic.assault!).toBeGreaterThan(generic.rally!);
        expect(generic.fire!).toBeGreaterThan(generic.rally!);
      }
    }
  });

  it("plays scripted rollouts by the system's weights", () => {
    /** Two skirmish decisions in a row; records the second one's actions (only rollouts take them in a one-iteration search). */
    type Twice = SkirmishState & { round: number };
    const second: SkirmishAction[] = [];
    const twice: Game<Twice, SkirmishAction> = {
      ...(skirmish() as unknown as Game<Twice, SkirmishAction>),
      legalActions: (s) => (s.round < 2 ? ['assault', 'fire', 'hold', 'advance', 'rally'] : []),
      apply: (s, a) => {
        if (s.round === 1) second.push(a);
        return { round: s.round + 1, done: a };
      },
    };
    const rolloutPicks = (
      hooks: AgentHooks<SkirmishState, SkirmishAction>,
      doctrineWeights: 'system' | 'generic',
    ): Record<string, number> => {
      second.length = 0;
      for (let i = 0; i < 20; i++) {
        const opt = { ...MCTS_DEFAULTS, iterations: 1, rollout: 'scripted' as const, rolloutDepth: 1, doctrineWeights };
        new MctsTree(twice, { round: 0, done: null }, 0, createRng(`r${i}`), opt, hooks as AgentHooks<Twice, SkirmishAction>).run();
      }
      const counts: Record<string, number> = {};
      for (const a of second) counts[a] = (counts[a] ?? 0) + 1;
      return counts;
    };
    expect(rolloutPicks(cautious, 'system').rally).toBeGreaterThanOrEqual(15);
    expect(rolloutPicks(cautious, 'generic').assault).toBeGreaterThanOrEqual(15);
    expect(rolloutPicks(skirmishHooks, 'system').assault).toBeGreaterThanOrEqual(15);
  });
});

describe('MCTS reuse: the next decision continues the last one', () => {
  type Walk = { pos: number; left: number; roll: number };
  /** Seat 0 steps a token left or right three times in a row (no dice), then the game ends: worth pos/3. */
  const walk: Game<Walk, number> = {
    name: 'walk',
    players: 2,
    toMove: () => 0,
    legalActions: (s) => (s.left > 0 ? [-1, 1] : []),
    apply: (s, a) => ({ pos: s.pos + a, left: s.left - 1, roll: s.roll }),
    isTerminal: (s) => s.left === 0,
    returns: (s) => [s.pos / 3, -s.pos / 3],
    actionKey: (a) => String(a),
  };
  const start: Walk = { pos: 0, left: 3, roll: 0 };

  it('keeps the subtree of the move played and spends the next budget on top of it', () => {
    const agent = new MctsAgent({ iterations: 200, reuse: true });
    const first = agent.act(walk, start, 0, createRng('w1')) as number;
    expect(first).toBe(1);
    expect(agent.lastSearch!.reused).toBeUndefined();
    const visits = agent.lastSearch!.top.find((c) => c.key === '1')!.visits;
    const second = agent.act(walk, walk.apply(start, first, createRng('-')), 0, createRng('w2')) as number;
    expect(second).toBe(1);
    // The chosen move's node became the root: its visits, then 200 more.
    expect(agent.lastSearch!.reused).toBe(visits);
    expect(agent.lastSearch!.iterations).toBe(200);
    expect(agent.lastSearch!.top.reduce((n, c) => n + c.visits, 0)).toBe(visits - 1 + 200);
    expect(formatSearchReport(agent.lastSearch!, 0)).toContain(`on top of ${visits} from the last decision`);
  });

  it('searches afresh when the position is not the one its move led to, or reuse is off', () => {
    const agent = new MctsAgent({ iterations: 200, reuse: true });
    agent.act(walk, start, 0, createRng('w1'));
    agent.act(walk, { pos: -1, left: 2, roll: 0 }, 0, createRng('w2')); // the other step
    expect(agent.lastSearch!.reused).toBeUndefined();
    const off = new MctsAgent({ iterations: 200 });
    const a = off.act(walk, start, 0, createRng('w1')) as number;
    off.act(walk, walk.apply(start, a, createRng('-')), 0, createRng('w2'));
    expect(off.lastSearch!.reused).toBeUndefined();
  });

  it('does not continue past a die rolled by the move, nor where something is hidden from the seat', () => {
    const rolled: Game<Walk, number> = { ...walk, apply: (s, a, rng) => ({ pos: s.pos + a, left: s.left - 1, roll: rng.int(6) }) };
    const dice = new MctsAgent({ iterations: 200, reuse: true });
    const a = dice.act(rolled, start, 0, createRng('w1')) as number;
    dice.act(rolled, rolled.apply(start, a, createRng('d')), 0, createRng('w2'));
    expect(dice.lastSearch!.reused).toBeUndefined();
    // A determinize that draws: the tree holds guesses of the secret, never matched against the real state.
    const hidden: Game<Walk, number> = { ...walk, determinize: (s, _seat, rng) => ({ ...s, roll: rng.int(6) }) };
    const guessing = new MctsAgent({ iterations: 200, reuse: true });
    const b = guessing.act(hidden, start, 0, createRng('w1')) as number;
    guessing.act(hidden, hidden.apply(start, b, createRng('-')), 0, createRng('w2'));
    expect(guessing.lastSearch!.reused).toBeUndefined();
  });

  it("never follows the other side's reply: on tic-tac-toe every decision is a fresh search", () => {
    const agent = new MctsAgent({ iterations: 300, reuse: true });
    const rng = createRng('t');
    let s: TicTacToeState = ttt.initialState();
    while (!ttt.isTerminal(s)) {
      const seat = ttt.toMove(s);
      const a = seat === 0 ? (agent.act(ttt, s, 0, rng) as number) : pick(rng, perfect(s).best);
      if (seat === 0) expect(agent.lastSearch!.reused).toBeUndefined();
      s = ttt.apply(s, a, rng);
    }
  });

  it('follows a forced move to the decision after it, and gives the same moves for the same seeds', () => {
    // Seat 0: a free choice, then a forced step, then a free choice again.
    const forced: Game<Walk, number> = { ...walk, legalActions: (s) => (s.left === 0 ? [] : s.left === 2 ? [1] : [-1, 1]) };
    const play = (): { moves: number[]; reused: (number | undefined)[] } => {
      const agent = new MctsAgent({ iterations: 200, reuse: true });
      let s = start;
      const moves: number[] = [];
      const reused: (number | undefined)[] = [];
      for (let k = 0; !forced.isTerminal(s); k++) {
        const a = agent.act(forced, s, 0, createRng(`f${k}`)) as number;
        moves.push(a);
        reused.push(agent.lastSearch!.reused);
        s = forced.apply(s, a, createRng('-'));
      }
      return { moves, reused };
    };
    const one = play();
    expect(one.moves).toEqual([1, 1, 1]);
    expect(one.reused[0]).toBeUndefined();
    expect(one.reused[2]).toBeGreaterThan(0);
    expect(play()).toEqual(one);
  });
});
