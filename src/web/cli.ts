/** `tacsim serve`: the command that starts the web server (server.ts) and waits until it is stopped. */
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import type { ScenarioOptions } from '../core/system.js';
import { type GameRecord, readRecord } from '../cli/record.js';
import { DEFAULT_AI } from '../cli/play.js';
import { createAgent } from '../../agents/agent.js';
import { loadScenario } from '../scenarios.js';
import { startServer } from './server.js';

export const DEFAULT_PORT = 8765;

function portFlag(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InputError(`must be a port number 0-65535 (0: any free port), not "${text}"`, undefined, '--port');
  return n;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('play against the computer in the browser: a local web server with the map, counters and odds')
    .argument('<scenario>', 'shipped scenario id (tacsim scenarios list) or scenario file of the first game; the page can start others')
    .option('--side <SIDE>', 'the side you play (default: the first side of the scenario)')
    .option('--ai <SPEC>', `agent spec of the computer (default ${DEFAULT_AI})`)
    .option('--seed <S>', 'seed of the game dice (default: from the clock)')
    .option('--host <HOST>', 'address to listen on (default 127.0.0.1: this computer only)')
    .option('--port <PORT>', `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`)
    .addHelpText(
      'after',
      `
Open the printed URL in a browser. Each browser tab holds its own game; the server keeps the games and sends
each page only what its side may see. Stop the server with Ctrl-C.

Examples (scenario ids from tacsim scenarios list):
  tacsim serve SCENARIO --side SIDE
  tacsim serve my-scenario.json --side SIDE --ai scripted --port 8080`,
    )
    .action(async (scenario: string, flags: { side?: string; ai?: string; seed?: string; host?: string; port?: string }) => {
      await runServe({ scenario, ...flags });
    });
}

/** What `tacsim serve` and `tacsim play --web` start a server with (the flags as given). */
export interface ServeFlags {
  scenario?: string;
  side?: string;
  ai?: string;
  seed?: string;
  host?: string;
  port?: string;
  /** play's options, handed over by `play --web`. */
  charts?: string;
  counters?: string;
  set?: Record<string, number | boolean | string>;
  /** A game record to continue (play --load). */
  load?: string;
}

/** Starts the server, prints its URL and waits for Ctrl-C. */
export async function runServe(flags: ServeFlags): Promise<void> {
  let record: GameRecord | undefined;
  if (flags.load !== undefined) record = readRecord(flags.load);
  const id = record?.scenario ?? flags.scenario;
  if (id === undefined) throw new InputError('name a scenario (tacsim scenarios list) or a record to --load', undefined, 'scenario');
  const options: ScenarioOptions = record?.options ?? {
    ...(flags.charts !== undefined ? { charts: flags.charts } : {}),
    ...(flags.counters !== undefined ? { counters: flags.counters } : {}),
    ...(flags.set !== undefined ? { set: flags.set } : {}),
  };
  const side = record !== undefined ? Object.entries(record.agents).find(([, spec]) => spec === 'human')?.[0] : flags.side;
  const ai = flags.ai ?? (record !== undefined ? Object.values(record.agents).find((spec) => spec !== 'human') : undefined) ?? DEFAULT_AI;
  const sc = loadScenario(id, options);
  createAgent(ai, sc.ai);
  if (side !== undefined && !sc.sides.some((s) => s.id === side))
    throw new InputError(`no side "${side}" in ${sc.id} (sides: ${sc.sides.map((s) => s.id).join(', ')})`, undefined, '--side');
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      scenario: id,
      ai,
      ...(Object.keys(options).length > 0 ? { options } : {}),
      ...(record !== undefined ? { record } : {}),
      ...(side !== undefined ? { side } : {}),
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags.host !== undefined ? { host: flags.host } : {}),
      port: portFlag(flags.port),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new InputError('that port is in use: choose another with --port (0 picks a free one)', undefined, '--port');
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new InputError(`cannot listen on "${flags.host}"`, undefined, '--host');
    throw e;
  }
  process.stdout.write(
    `tacsim serve: ${sc.title} (${sc.id}) against ${ai}${record !== undefined ? `, continuing ${flags.load}` : ''}\nOpen ${server.url} in a browser (Ctrl-C stops the server).\n`,
  );
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * `tacsim play --web [PORT]`: the same game in the browser. play's options are handed over; --record is not,
 * since the page downloads the record.
 */
export async function playOnTheWeb(
  scenario: string | undefined,
  web: boolean | string,
  flags: Omit<ServeFlags, 'scenario' | 'port' | 'host'> & { record?: string },
): Promise<void> {
  if (flags.record !== undefined)
    throw new InputError('with --web the page saves the game: use its "Download record" button instead of --record', undefined, '--record');
  const { record: _record, ...rest } = flags;
  await runServe({ ...rest, ...(scenario !== undefined ? { scenario } : {}), ...(typeof web === 'string' ? { port: web } : {}) });
}
