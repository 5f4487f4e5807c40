/**
 * Redis connections of a queued run: the `--queue` URL (redis:// or rediss://, with an optional user,
 * password and database number), shown with its password masked, and a first connection that fails
 * fast with one clear line (InputError naming --queue and the masked URL) instead of retrying forever.
 * Once connected, clients retry without limit: a Redis restart pauses a run, it does not end it.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { InputError } from '../../core/errors.js';

export interface QueueAddress {
  /** The URL as given, with any password replaced by ***. */
  readonly display: string;
  /** ioredis options for this address (retrying without limit once connected). */
  readonly options: RedisOptions;
}

const FLAG = '--queue';

/** Parses a `--queue` URL; anything else than redis://[USER[:PASSWORD]@]HOST[:PORT][/DB] is bad input. */
export function parseQueueUrl(raw: string): QueueAddress {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError(`not a Redis URL: "${raw}" (expected redis://HOST:PORT[/DB] or rediss://...)`, undefined, FLAG, 'bad-option');
  }
  const display = maskPassword(url);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new InputError(`${display}: the URL must start with redis:// or rediss:// (TLS)`, undefined, FLAG, 'bad-option');
  if (url.hostname === '') throw new InputError(`${display}: the URL names no host`, undefined, FLAG, 'bad-option');
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\/+/, '');
  if (path !== '' && !/^\d+$/.test(path))
    throw new InputError(`${display}: the path must be a database number (e.g. /0), not "/${path}"`, undefined, FLAG, 'bad-option');
  if (url.search !== '' || url.hash !== '')
    throw new InputError(`${display}: the URL takes no query or fragment`, undefined, FLAG, 'bad-option');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const options: RedisOptions = {
    host,
    port,
    db: path === '' ? 0 : Number(path),
    ...(url.username !== '' ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password !== '' ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: { servername: host } } : {}),
    // BullMQ needs commands to wait for a reconnection rather than fail after a few tries.
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    connectTimeout: 10_000,
  };
  return { display, options };
}

function maskPassword(url: URL): string {
  if (url.password === '') return url.href.replace(/\/$/, '');
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href.replace(/\/$/, '');
}

/** The masked address and the reason, as the one line a failed connection is reported in. */
export function unreachable(address: QueueAddress, reason: string): InputError {
  return new InputError(`cannot use Redis at ${address.display}: ${reason}`, undefined, FLAG, 'unreadable');
}

/**
 * A connected client, or InputError when the server cannot be reached, refuses the password, or has no
 * such database. `name` labels the connection in Redis's CLIENT LIST; `onError` hears the errors of the
 * connection after that (a lost connection, each reconnection attempt), which the client survives.
 */
export async function connect(address: QueueAddress, name: string, onError: (e: Error) => void = () => {}): Promise<Redis> {
  let lastError: Error | undefined;
  const client = new Redis({ ...address.options, lazyConnect: true, retryStrategy: () => null, connectionName: name });
  client.on('error', (e: Error) => {
    lastError = e;
  });
  try {
    await client.connect();
    await client.select(address.options.db ?? 0);
    const info = await client.info('server');
    const version = /redis_version:(\d+)\.(\d+)/.exec(info);
    if (version && (Number(version[1]) < 6 || (Number(version[1]) === 6 && Number(version[2]) < 2)))
      throw new Error(`Redis ${version[1]}.${version[2]} is too old (6.2 or later is needed)`);
  } catch (e) {
    client.disconnect();
    const err = lastError ?? (e as Error);
    const code = (err as NodeJS.ErrnoException).code;
    throw unreachable(address, code && !err.message.includes(code) ? `${code} ${err.message}` : err.message);
  }
  // From now on a lost connection is retried without end (the run waits for Redis to come back).
  client.options.retryStrategy = address.options.retryStrategy;
  client.removeAllListeners('error');
  client.on('error', onError);
  return client;
}
