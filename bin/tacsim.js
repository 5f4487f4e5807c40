#!/usr/bin/env node
// The `tacsim` command: runs the compiled CLI (npm install builds it).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'src', 'cli', 'main.js');
if (!existsSync(main)) {
  console.error('tacsim: the compiled program is missing; run `npm install` (or `npm run build`) first.');
  process.exit(2);
}
await import(main);
