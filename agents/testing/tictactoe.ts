/**
 * Tic-tac-toe as a `Game`: a test and benchmark fixture for the agents (not a rules system).
 * Seat 0 plays X and moves first. Compiled to dist/agents/testing/tictactoe.js, which worker threads
 * load through the spawn spec of `ticTacToeHooks`.
 */
import type { Game, Rng } from '../../src/core/game.js';
import { IllegalActionError } from '../../src/core/game.js';
import type { AgentHooks } from '../doctrine.js';
import { compiledPath } from '../spawn.js';

export interface TicTacToeState {
  /** 9 cells, row by row: 0 empty, 1 X (seat 0), 2 O (seat 1). */
  readonly cells: readonly number[];
  readonly toMove: number;
  /** -1 still playing, 0 or 1 the winning seat, 2 a draw. */
  readonly winner: number;
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
] as const;
const KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8'];
const RETURNS: readonly (readonly number[])[] = [
  [1, -1],
  [-1, 1],
  [0, 0],
];

function winnerAfter(cells: readonly number[], cell: number, mark: number, filled: number): number {
  for (let l = 0; l < LINES.length; l++) {
    const line = LINES[l]!;
    if (line[0] !== cell && line[1] !== cell && line[2] !== cell) continue;
    if (cells[line[0]] === mark && cells[line[1]] === mark && cells[line[2]] === mark) return mark - 1;
  }
  return filled === 9 ? 2 : -1;
}

export function createTicTacToe(): Game<TicTacToeState, number> & { initialState(): TicTacToeState } {
  return {
    name: 'tic-tac-toe',
    players: 2,
    initialState: () => ({ cells: [0, 0, 0, 0, 0, 0, 0, 0, 0], toMove: 0, winner: -1 }),
    toMove: (s) => s.toMove,
    legalActions(s) {
      const out: number[] = [];
      if (s.winner !== -1) return out;
      const c = s.cells;
      for (let i = 0; i < 9; i++) if (c[i] === 0) out.push(i);
      return out;
    },
    apply(s, a, _rng: Rng) {
      if (s.winner !== -1 || s.cells[a] !== 0 || !(a >= 0 && a < 9)) throw new IllegalActionError(String(a), 'cell taken or game over');
      const cells = s.cells.slice();
      const mark = s.toMove + 1;
      cells[a] = mark;
      let filled = 0;
      for (let i = 0; i < 9; i++) if (cells[i] !== 0) filled++;
      return { cells, toMove: 1 - s.toMove, winner: winnerAfter(cells, a, mark, filled) };
    },
    isTerminal: (s) => s.winner !== -1,
    returns: (s) => (s.winner === -1 ? RETURNS[2]! : RETURNS[s.winner]!),
    actionKey: (a) => KEYS[a]!,
    describeAction: (_s, a) => `cell ${a} (row ${Math.floor(a / 3) + 1}, column ${(a % 3) + 1})`,
  };
}

/** Hooks for tic-tac-toe: none but the recipe worker threads use to rebuild the game (MCTS threads=N). */
export const ticTacToeHooks: AgentHooks<TicTacToeState, number> = {
  spawnSpec: { module: compiledPath(import.meta.url), exportName: 'createTicTacToe', args: [] },
};

/** Perfect play by full minimax (memoised): the value for the seat to move and its best moves. */
export function createPerfectPlayer(): (s: TicTacToeState) => { value: number; best: number[] } {
  const game = createTicTacToe();
  const memo = new Map<string, number>();
  const rng: Rng = { next: () => 0, int: () => 0 };
  const value = (s: TicTacToeState): number => {
    if (s.winner !== -1) return s.winner === 2 ? 0 : s.winner === s.toMove ? 1 : -1;
    const k = s.cells.join('');
    const m = memo.get(k);
    if (m !== undefined) return m;
    let best = -2;
    for (const a of game.legalActions(s)) best = Math.max(best, -value(game.apply(s, a, rng)));
    memo.set(k, best);
    return best;
  };
  return (s) => {
    const moves = game.legalActions(s).map((a) => ({ a, v: -value(game.apply(s, a, rng)) }));
    const v = Math.max(...moves.map((m) => m.v));
    return { value: v, best: moves.filter((m) => m.v === v).map((m) => m.a) };
  };
}
