/**
 * `tacsim serve`: a local web server (fastify) where a person plays a scenario against the computer on a hex
 * map, for any rules system. Everything the page needs (the page, its script and style) is served from here:
 * it works with no network. The API answers bad requests with a 4xx and one line of explanation.
 *
 *   GET  /                           the page
 *   GET  /static/app.js              the page's script (compiled from src/web/client)
 *   GET  /api/setup                  the defaults (scenario, side, agent) and the shipped scenarios
 *   POST /api/games                  {scenario?, side?, ai?, seed?, set?, record?} -> the new game (an empty body:
 *                                    the server's first game, a loaded record if it was started with one)
 *   GET  /api/games/:id?since=N      the game as the player's side sees it (log entries after N)
 *   POST /api/games/:id/actions      {action: KEY} -> the game after it
 *   POST /api/games/:id/command      {command: TEXT} -> the game after it (a command as typed at `tacsim play`'s
 *                                    prompt, with the page's unit numbers)
 *   GET  /api/games/:id/odds?action=KEY    the chances of a combat action
 *   POST /api/games/:id/undo
 *   GET  /api/games/:id/record       the game record (tacsim play --record's format)
 *   GET  /api/rules/:system          the rules the narration cites: coverage table rows and rulings (rules.ts)
 *   GET  /rules/:system              the same as a page (the log's rule links open it at #r-<id>)
 *
 * Request and answer bodies are described in client/protocol.ts.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { InputError } from '../core/errors.js';
import type { ScenarioOptions } from '../core/system.js';
import { listShippedScenarios, loadScenario } from '../scenarios.js';
import { GameStore, type NewGame, RequestError, type WebGame } from './games.js';
import type { Setup } from './client/protocol.js';
import { PAGE_HTML, PAGE_CSS } from './page.js';
import { ruleBook, rulesPage } from './rules.js';

export interface ServeOptions {
  scenario: string;
  side?: string;
  ai: string;
  seed?: string;
  /** Chart pack, counters and --set switches of the first game (and of new games of the same scenario). */
  options?: ScenarioOptions;
  /** A game record to continue as the first game (tacsim play --load). */
  record?: unknown;
  host?: string;
  port?: number;
  /** Log requests to stderr. */
  verbose?: boolean;
}

export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  /** The games (for tests that compare what was sent with the true position). */
  readonly store: GameStore;
  close(): Promise<void>;
}

/** The compiled page script: dist/web-client beside dist/src (also when this module runs from the sources). */
export function clientDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = here.endsWith('/dist/src/web') ? here.slice(0, -'/src/web'.length) : join(here, '..', '..', 'dist');
  return join(root, 'web-client');
}

function body(req: { body: unknown }): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new RequestError(400, 'the request body must be a JSON object');
  return b as Record<string, unknown>;
}

function optionalString(b: Record<string, unknown>, key: string): string | undefined {
  const v = b[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new RequestError(400, `"${key}" must be a string`);
  return String(v);
}

/** `set` of a new game: parameter values and rule switches by name ({"rule.fogOfWar": true}). */
function setOf(b: Record<string, unknown>): Record<string, number | boolean | string> | undefined {
  const v = b.set;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new RequestError(400, '"set" must be an object of names and values');
  for (const [k, x] of Object.entries(v))
    if (typeof x !== 'number' && typeof x !== 'boolean' && typeof x !== 'string')
      throw new RequestError(400, `"set.${k}" must be a number, true/false or a string`);
  return v as Record<string, number | boolean | string>;
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const sc = loadScenario(opts.scenario, opts.options ?? {});
  const side = opts.side ?? sc.sides[0]!.id;
  if (!sc.sides.some((s) => s.id === side))
    throw new InputError(`no side "${side}" in ${sc.id} (sides: ${sc.sides.map((s) => s.id).join(', ')})`, undefined, '--side');
  if (sc.ui.board === undefined) throw new InputError(`the ${sc.system} rules system draws no board for the browser`, sc.file);
  const dir = clientDir();
  if (!existsSync(join(dir, 'app.js'))) throw new InputError('the page script is not built: run "npm run build"', join(dir, 'app.js'));
  const defaults: NewGame = {
    scenario: opts.scenario,
    side,
    ai: opts.ai,
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.options !== undefined ? { options: opts.options } : {}),
  };
  const store = new GameStore(defaults);
  const app = Fastify({ logger: opts.verbose === true, bodyLimit: 4 * 1024 * 1024 });

  app.setErrorHandler((err: FastifyError | RequestError | InputError, _req, reply) => {
    if (err instanceof RequestError) return reply.code(err.status).send({ error: err.message });
    if (err instanceof InputError) return reply.code(400).send({ error: err.message });
    const status = (err as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message =
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? `malformed JSON: ${err.message}`
          : err.message;
      return reply.code(status).send({ error: message });
    }
    app.log.error(err);
    return reply.code(500).send({ error: `unexpected error: ${err.message}` });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `nothing at ${req.method} ${req.url}` }));

  await app.register(fastifyStatic, { root: dir, prefix: '/static/', index: false, list: false });
  app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE_HTML));
  app.get('/favicon.ico', (_req, reply) => reply.code(204).send());
  app.get('/style.css', (_req, reply) => reply.type('text/css; charset=utf-8').send(PAGE_CSS));

  app.get(
    '/api/setup',
    (): Setup => ({
      defaults: { scenario: sc.id, side, ai: opts.ai },
      scenarios: listShippedScenarios().map((s) => ({ id: s.id, system: s.system })),
    }),
  );

  app.post('/api/games', (req, reply) => {
    const b = body(req);
    const asked = ['scenario', 'side', 'ai', 'seed', 'set', 'record'].some((k) => b[k] !== undefined && b[k] !== null && b[k] !== '');
    if (!asked && opts.record !== undefined) return reply.code(201).send(store.payload(store.create({ ...defaults, record: opts.record })));
    const scenario = optionalString(b, 'scenario') ?? defaults.scenario;
    const set = setOf(b);
    // The server's chart pack and counters go with its own scenario; `set` adds to (or replaces) its switches.
    const base = scenario === defaults.scenario ? (defaults.options ?? {}) : {};
    const options: ScenarioOptions = set === undefined ? base : { ...base, set: { ...base.set, ...set } };
    const seed = optionalString(b, 'seed') ?? defaults.seed;
    const game = store.create({
      scenario,
      side: optionalString(b, 'side') ?? defaults.side,
      ai: optionalString(b, 'ai') ?? defaults.ai,
      options,
      ...(seed !== undefined ? { seed } : {}),
      ...(b.record !== undefined ? { record: b.record } : {}),
    });
    return reply.code(201).send(store.payload(game));
  });

  const bookOf = (req: { params: unknown }) => {
    const system = (req.params as { system: string }).system;
    const book = ruleBook(system);
    if (book === null) throw new RequestError(404, `tacsim ships no rule notes for "${system}"`);
    return book;
  };
  app.get('/api/rules/:system', (req) => bookOf(req));
  app.get('/rules/:system', (req, reply) => reply.type('text/html; charset=utf-8').send(rulesPage(bookOf(req))));

  const sinceOf = (q: unknown): number => {
    const v = (q as { since?: string } | undefined)?.since;
    if (v === undefined) return 0;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new RequestError(400, '"since" must be a whole number');
    return n;
  };

  app.get('/api/games/:id', (req) => {
    const g = store.get((req.params as { id: string }).id);
    return store.payload(g, sinceOf(req.query));
  });
  // The player's decision, by a listed action's key or a typed command: the game after it, its log from the decision on.
  for (const [path, decide] of [
    ['actions', (g: WebGame, b: Record<string, unknown>) => store.act(g, b.action)],
    ['command', (g: WebGame, b: Record<string, unknown>) => store.command(g, b.command)],
  ] as const) {
    app.post(`/api/games/:id/${path}`, (req) => {
      const g = store.get((req.params as { id: string }).id);
      const b = body(req);
      const since = g.actions.length;
      decide(g, b);
      return store.payload(g, since);
    });
  }
  app.get('/api/games/:id/odds', (req) => {
    const g = store.get((req.params as { id: string }).id);
    return { lines: store.odds(g, (req.query as { action?: unknown } | undefined)?.action) };
  });
  app.post('/api/games/:id/undo', (req) => {
    const g = store.get((req.params as { id: string }).id);
    store.undo(g);
    return store.payload(g);
  });
  app.get('/api/games/:id/record', (req, reply) => {
    const g = store.get((req.params as { id: string }).id);
    return reply.header('content-disposition', `attachment; filename="${g.sc.id}-${g.seed}.json"`).send(store.record(g));
  });

  app.addHook('onClose', async () => {
    await store.close();
  });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ host, port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  return { url, app, store, close: () => app.close() };
}
