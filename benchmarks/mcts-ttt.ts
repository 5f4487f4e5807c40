/**
 * MCTS speed on tic-tac-toe: iterations per second from the empty board, one core.
 * Run: npx tsc -p tsconfig.json && node dist/benchmarks/mcts-ttt.js [iterations] [repetitions]
 */
import { fileURLToPath } from 'node:url';
import { mctsTicTacToeIterationsPerSecond } from '../agents/testing/mcts-bench.js';

export { mctsTicTacToeIterationsPerSecond };

function main(): void {
  const iterations = Number(process.argv[2] ?? 200_000);
  const reps = Number(process.argv[3] ?? 7);
  const rates: number[] = [];
  for (let i = 0; i < reps; i++) {
    const r = mctsTicTacToeIterationsPerSecond(iterations);
    rates.push(r);
    console.log(`run ${i + 1}: ${Math.round(r).toLocaleString('en-US')} iterations/s`);
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)]!;
  console.log(
    `median: ${Math.round(median).toLocaleString('en-US')} iterations/s (${iterations} iterations x ${reps} runs, Node ${process.version})`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
