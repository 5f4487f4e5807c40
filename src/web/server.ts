/**
 * `tacsim serve`: a local web server (fastify) where a person plays a scenario against the computer on a hex
 * map, for any rules system. Everything the page needs (the page, its script and style) is served from here:
 * it works with no network. The API answers bad requests with a 4xx and one line of explanation.
 *
 *   GET  /                           the page
 *   GET  /static/app.js              the page's script (compiled from src/web/client)
 *   GET  /api/setup                  the defaults (scenario, side, agent) and the shipped scenarios
 *   POST /api/games                  {scenario?, side?, ai?, seed?, record?} -> the new game
 *   GET  /api/games/:id?since=N      the game as the player's side sees it (log entries after N)
 *   POST /api/games/:id/actions      {action: KEY} -> the game after it
 *   GET  /api/games/:id/odds?action=KEY    the chances of a combat action
 *   POST /api/games/:id/undo
 *   GET  /api/games/:id/record       the game record (tacsim play --record's format)
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { InputError } from '../core/errors.js';
import { listShippedScenarios, loadScenario } from '../scenarios.js';
import { GameStore, type NewGame, RequestError } from './games.js';
import { PAGE_HTML, PAGE_CSS } from './page.js';

export interface ServeOptions {
  scenario: string;
  side?: string;
  ai: string;
  seed?: string;
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

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const sc = loadScenario(opts.scenario);
  const side = opts.side ?? sc.sides[0]!.id;
  if (!sc.sides.some((s) => s.id === side))
    throw new InputError(`no side "${side}" in ${sc.id} (sides: ${sc.sides.map((s) => s.id).join(', ')})`, undefined, '--side');
  if (sc.ui.board === undefined) throw new InputError(`the ${sc.system} rules system draws no board for the browser`, sc.file);
  const dir = clientDir();
  if (!existsSync(join(dir, 'app.js'))) throw new InputError('the page script is not built: run "npm run build"', join(dir, 'app.js'));
  const defaults: NewGame = { scenario: opts.scenario, side, ai: opts.ai, ...(opts.seed !== undefined ? { seed: opts.seed } : {}) };
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

  app.get('/api/setup', () => ({
    defaults: { scenario: sc.id, side, ai: opts.ai },
    scenarios: listShippedScenarios().map((s) => ({ id: s.id, system: s.system })),
  }));

  app.post('/api/games', (req, reply) => {
    const b = body(req);
    const game = store.create({
      scenario: optionalString(b, 'scenario') ?? defaults.scenario,
      side: optionalString(b, 'side') ?? defaults.side,
      ai: optionalString(b, 'ai') ?? defaults.ai,
      ...(optionalString(b, 'seed') !== undefined
        ? { seed: optionalString(b, 'seed')! }
        : defaults.seed !== undefined
          ? { seed: defaults.seed }
          : {}),
      ...(b.record !== undefined ? { record: b.record } : {}),
    });
    return reply.code(201).send(store.payload(game));
  });

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
  app.post('/api/games/:id/actions', (req) => {
    const g = store.get((req.params as { id: string }).id);
    const b = body(req);
    const since = g.actions.length;
    store.act(g, b.action);
    return store.payload(g, since);
  });
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
