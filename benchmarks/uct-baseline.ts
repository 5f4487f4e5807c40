/**
 * The yardstick for the search's overhead: a plain tic-tac-toe written against the `Game` contract the
 * way a newcomer would (the board array copied on every move, the winner found by scanning all eight
 * lines), and a minimal UCT over the same contract (Kocsis & Szepesvári 2006: nodes keep their state and
 * untried actions, UCB1 selection, one node added per iteration, uniformly random rollouts to the end,
 * negamax backup). `compareWithMinimalUct` runs `mcts` (MctsTree with its defaults) and the minimal UCT
 * on that game side by side in one process, alternating, and counts every `Game` call each makes per
 * iteration.
 *
 * Run: npm run build && node dist/benchmarks/uct-baseline.js [iterations] [pairs]
 */
import { fileURLToPath } from 'node:url';
import type { Game, Rng } from '../src/core/game.js';
import { IllegalActionError } from '../src/core/game.js';
import { createRng } from '../src/core/rng.js';
import { MCTS_DEFAULTS, MctsTree } from '../agents/mcts.js';

export interface PlainBoard {
  /** 9 cells: 0 empty, 1 X (seat 0), 2 O (seat 1). */
  readonly cells: readonly number[];
  readonly toMove: number;
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** 1 or 2 for the mark with three in a row, 0 for none. */
function lineWinner(cells: readonly number[]): number {
  for (const [a, b, c] of LINES) {
    const m = cells[a!]!;
    if (m !== 0 && m === cells[b!] && m === cells[c!]) return m;
  }
  return 0;
}

/** Tic-tac-toe as plainly as the contract allows: nothing cached, every question answered from the cells. */
export function plainTicTacToe(): Game<PlainBoard, number> & { initialState(): PlainBoard } {
  return {
    name: 'plain tic-tac-toe',
    players: 2,
    initialState: () => ({ cells: [0, 0, 0, 0, 0, 0, 0, 0, 0], toMove: 0 }),
    toMove: (s) => s.toMove,
    legalActions(s) {
      if (lineWinner(s.cells) !== 0) return [];
      const out: number[] = [];
      for (let i = 0; i < 9; i++) if (s.cells[i] === 0) out.push(i);
      return out;
    },
    apply(s, a, _rng: Rng) {
      if (s.cells[a] !== 0 || lineWinner(s.cells) !== 0) throw new IllegalActionError(String(a), 'cell taken or game over');
      const cells = s.cells.slice();
      cells[a] = s.toMove + 1;
      return { cells, toMove: 1 - s.toMove };
    },
    isTerminal: (s) => lineWinner(s.cells) !== 0 || s.cells.every((c) => c !== 0),
    returns(s) {
      const w = lineWinner(s.cells);
      return w === 0 ? [0, 0] : w === 1 ? [1, -1] : [-1, 1];
    },
    actionKey: (a) => String(a),
  };
}

interface UctNode<S, A> {
  readonly state: S;
  readonly parent: UctNode<S, A> | null;
  readonly action: A | null;
  /** Seat that moved into this node (whose reward `total` sums). */
  readonly seat: number;
  readonly untried: A[];
  readonly children: UctNode<S, A>[];
  visits: number;
  total: number;
}

/** A minimal UCT over the Game contract (perfect information, no chance handling); returns the root visits per action. */
export function minimalUct<S, A>(game: Game<S, A>, root: S, iterations: number, rng: Rng, c = 1.4): Map<A, number> {
  const make = (state: S, parent: UctNode<S, A> | null, action: A | null, seat: number): UctNode<S, A> => ({
    state,
    parent,
    action,
    seat,
    untried: game.isTerminal(state) ? [] : game.legalActions(state).slice(),
    children: [],
    visits: 0,
    total: 0,
  });
  const top = make(root, null, null, -1);
  for (let it = 0; it < iterations; it++) {
    let node = top;
    // Selection.
    while (node.untried.length === 0 && node.children.length > 0) {
      const logN = Math.log(node.visits);
      let best = node.children[0]!;
      let bestScore = -Infinity;
      for (const ch of node.children) {
        const score = ch.total / ch.visits + c * Math.sqrt(logN / ch.visits);
        if (score > bestScore) {
          bestScore = score;
          best = ch;
        }
      }
      node = best;
    }
    // Expansion.
    if (node.untried.length > 0) {
      const k = rng.int(node.untried.length);
      const action = node.untried[k]!;
      node.untried[k] = node.untried[node.untried.length - 1]!;
      node.untried.pop();
      const mover = game.toMove(node.state);
      const child = make(game.apply(node.state, action, rng), node, action, mover);
      node.children.push(child);
      node = child;
    }
    // Rollout.
    let s = node.state;
    while (!game.isTerminal(s)) {
      const legal = game.legalActions(s);
      s = game.apply(s, legal[rng.int(legal.length)]!, rng);
    }
    const rewards = game.returns(s);
    // Backup.
    for (let n: UctNode<S, A> | null = node; n !== null; n = n.parent) {
      n.visits++;
      if (n.seat >= 0) n.total += rewards[n.seat]!;
    }
  }
  return new Map(top.children.map((ch) => [ch.action!, ch.visits]));
}

/** Calls per iteration of each `Game` method. */
export type CallCounts = Record<'apply' | 'legalActions' | 'isTerminal' | 'actionKey' | 'toMove' | 'returns', number>;

function counted<S, A>(game: Game<S, A>): { game: Game<S, A>; counts: CallCounts } {
  const counts: CallCounts = { apply: 0, legalActions: 0, isTerminal: 0, actionKey: 0, toMove: 0, returns: 0 };
  const tally = <T>(name: keyof CallCounts, value: T): T => {
    counts[name]++;
    return value;
  };
  return {
    counts,
    game: {
      name: game.name,
      players: game.players,
      toMove: (s) => tally('toMove', game.toMove(s)),
      legalActions: (s) => tally('legalActions', game.legalActions(s)),
      apply: (s, a, r) => tally('apply', game.apply(s, a, r)),
      isTerminal: (s) => tally('isTerminal', game.isTerminal(s)),
      returns: (s) => tally('returns', game.returns(s)),
      actionKey: (a) => tally('actionKey', game.actionKey(a)),
    },
  };
}

function perIteration(c: CallCounts, iterations: number): CallCounts {
  const out = { ...c };
  for (const k of Object.keys(out) as (keyof CallCounts)[]) out[k] = c[k] / iterations;
  return out;
}

export interface UctComparison {
  iterations: number;
  pairs: number;
  /** Median iterations/s of each, timed alternately in this process. */
  mctsPerSecond: number;
  uctPerSecond: number;
  /** mcts / minimal UCT: the median of the per-pair ratios. */
  speedRatio: number;
  mctsCalls: CallCounts;
  uctCalls: CallCounts;
}

/** `mcts` (MctsTree, default options) against the minimal UCT on the plain tic-tac-toe, from the empty board. */
export function compareWithMinimalUct(iterations = 20_000, pairs = 9): UctComparison {
  const game = plainTicTacToe();
  const root = game.initialState();
  const runMcts = (g: Game<PlainBoard, number>, seed: string) =>
    new MctsTree(g, root, 0, createRng(seed), { ...MCTS_DEFAULTS, iterations }).run();
  const runUct = (g: Game<PlainBoard, number>, seed: string) => minimalUct(g, root, iterations, createRng(seed));
  // Calls, on counting wrappers (not timed).
  const cm = counted(game);
  runMcts(cm.game, 'count');
  const cu = counted(game);
  runUct(cu.game, 'count');
  // Warm-up, then alternating timed pairs.
  for (let i = 0; i < 2; i++) {
    runMcts(game, `warm/${i}`);
    runUct(game, `warm/${i}`);
  }
  const tm: number[] = [];
  const tu: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? ['m', 'u'] : ['u', 'm'];
    for (const which of order) {
      const t0 = performance.now();
      if (which === 'm') runMcts(game, `pair/${i}`);
      else runUct(game, `pair/${i}`);
      (which === 'm' ? tm : tu).push(performance.now() - t0);
    }
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
  return {
    iterations,
    pairs,
    mctsPerSecond: iterations / (median(tm) / 1000),
    uctPerSecond: iterations / (median(tu) / 1000),
    speedRatio: median(tm.map((t, i) => tu[i]! / t)),
    mctsCalls: perIteration(cm.counts, iterations),
    uctCalls: perIteration(cu.counts, iterations),
  };
}

export function formatComparison(r: UctComparison): string {
  const row = (name: string, c: CallCounts) =>
    `  ${name.padEnd(12)} ${(['apply', 'legalActions', 'isTerminal', 'actionKey', 'toMove', 'returns'] as const).map((k) => `${k} ${c[k].toFixed(2)}`).join('  ')}`;
  return [
    `plain tic-tac-toe from the empty board, ${r.iterations} iterations a search, ${r.pairs} alternating pairs in one process:`,
    `  mcts ${Math.round(r.mctsPerSecond)} iterations/s, minimal UCT ${Math.round(r.uctPerSecond)}: mcts/UCT ${r.speedRatio.toFixed(2)}x (median of the pairs)`,
    `  apply calls per iteration, mcts/UCT: ${(r.mctsCalls.apply / r.uctCalls.apply).toFixed(2)}x`,
    'Game calls per iteration:',
    row('mcts', r.mctsCalls),
    row('minimal UCT', r.uctCalls),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatComparison(compareWithMinimalUct(Number(process.argv[2] ?? 20_000), Number(process.argv[3] ?? 9))));
}
