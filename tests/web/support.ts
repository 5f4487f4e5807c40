/** Shared by the web tests: the page script compiled, a server started on a free port. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer, type ServeOptions } from '../../src/web/server.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The test global setup compiles the package; the page script has its own tsconfig. */
export function buildClient(): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'src/web/client/tsconfig.json')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

export async function serve(opts: Partial<ServeOptions> = {}): Promise<RunningServer> {
  buildClient();
  return startServer({ scenario: 'pg3-tiny', side: 'german', ai: 'scripted', seed: '7', port: 0, ...opts });
}

/** The Chromium of the system packages (never a downloaded one): CHROMIUM_PATH, else the usual install paths. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
  return candidates.find((p): p is string => p !== undefined && p !== '' && existsSync(p));
}
