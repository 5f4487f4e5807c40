import { createRng } from '../../src/core/rng.js';
import { MCTS_DEFAULTS, MctsTree } from '../mcts.js';
import { createTicTacToe } from './tictactoe.js';

/**
 * MCTS iterations per second on tic-tac-toe from the empty board (one thread, one search of
 * `iterations` iterations with default options, after a short warm-up).
 */
export function mctsTicTacToeIterationsPerSecond(iterations: number): number {
  const game = createTicTacToe();
  const root = game.initialState();
  const opt = { ...MCTS_DEFAULTS, iterations };
  new MctsTree(game, root, 0, createRng('warm-up'), { ...opt, iterations: Math.min(iterations, 20_000) }).run();
  const tree = new MctsTree(game, root, 0, createRng(`bench/${iterations}`), opt);
  const t0 = performance.now();
  const res = tree.run();
  const ms = performance.now() - t0;
  return res.iterations / (ms / 1000);
}
