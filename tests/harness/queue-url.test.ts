/** The --queue URL: what is accepted, how it is shown (password masked), and the one-line errors. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseQueueUrl } from '../../src/harness/queue/connection.js';
import { decodeRow, encodeRow } from '../../src/harness/queue/protocol.js';
import type { GameRow } from '../../src/harness/types.js';

describe('parseQueueUrl', () => {
  it('takes host, port and database; the port defaults to 6379 and the database to 0', () => {
    expect(parseQueueUrl('redis://10.0.0.5:6380/3').options).toMatchObject({ host: '10.0.0.5', port: 6380, db: 3 });
    expect(parseQueueUrl('redis://redis-host').options).toMatchObject({ host: 'redis-host', port: 6379, db: 0 });
    expect(parseQueueUrl('redis://[::1]:7000').options).toMatchObject({ host: '::1', port: 7000 });
  });

  it('takes a user and a password, and shows the URL with the password masked', () => {
    const a = parseQueueUrl('redis://runner:p%40ss@host:6379/1');
    expect(a.options).toMatchObject({ username: 'runner', password: 'p@ss', db: 1 });
    expect(a.display).toBe('redis://runner:***@host:6379/1');
    const b = parseQueueUrl('redis://:secret@host:6379');
    expect(b.options.password).toBe('secret');
    expect(b.display).not.toContain('secret');
  });

  it('rediss:// turns TLS on, checked against the host name', () => {
    expect(parseQueueUrl('rediss://cache.example.org:6380').options.tls).toEqual({ servername: 'cache.example.org' });
    expect(parseQueueUrl('redis://cache.example.org:6380').options.tls).toBeUndefined();
  });

  it('refuses other schemes, a path that is not a database number, and text that is not a URL, naming --queue', () => {
    for (const [url, problem] of [
      ['http://host:6379', 'must start with redis:// or rediss://'],
      ['redis://host:6379/queue', 'must be a database number'],
      ['host:6379', 'must start with redis://'],
      ['not a url', 'not a Redis URL'],
    ] as const) {
      let error: unknown;
      try {
        parseQueueUrl(url);
      } catch (e) {
        error = e;
      }
      expect(error, url).toBeInstanceOf(InputError);
      expect((error as InputError).place).toBe('--queue');
      expect((error as InputError).message).toContain(problem);
    }
    expect(() => parseQueueUrl('redis://:hunter2@host/x')).toThrow(/redis:\/\/:\*\*\*@host\/x/);
    expect(() => parseQueueUrl('redis://:hunter2@host/x')).not.toThrow(/hunter2/);
  });
});

describe('rows on the queue', () => {
  it('come back as they were sent, numbers JSON cannot hold and extra per-game data included', () => {
    const row = {
      game: 7,
      seed: 's/7',
      agents: ['scripted', 'random'],
      winner: 1,
      victoryLevel: 'marginal',
      turns: 4,
      vp: [3, Number.NaN],
      metrics: { loss: [Number.POSITIVE_INFINITY, -2] },
      actions: 120,
      ms: 12.5,
      error: null,
      turnLog: [
        {
          turn: 1,
          record: {
            vp: [0, 1],
            metrics: { loss: [0, 2] },
            unitsOnMap: [5, 4],
            holders: [0, -1],
            objectiveVp: [2, 0],
            eliminated: { rifle: [0, 1] },
          },
        },
      ],
    } as unknown as GameRow;
    const back = decodeRow(encodeRow(row));
    expect(back).toEqual(row);
    expect(Number.isNaN(back.vp[1])).toBe(true);
  });
});
