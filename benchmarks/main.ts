/**
 * Standalone entry of `tacsim bench` while (or where) the CLI main is not built:
 *   npx tsc -p . && node dist/benchmarks/main.js [--check] [--quick] [--filter NAME] ...
 */
import { Command } from 'commander';
import { registerBenchCommand } from './cli.js';

const program = new Command('tacsim').description('tacsim benchmarks (standalone entry)');
registerBenchCommand(program);
await program.parseAsync(['bench', ...process.argv.slice(2)], { from: 'user' });
