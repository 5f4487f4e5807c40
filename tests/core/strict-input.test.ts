/**
 * Strict input: a key the file formats do not define is an error (code `unknown-key`) naming the file, the
 * place and the key, with the nearest known key suggested; other input errors carry their own codes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, ProblemList } from '../../src/core/errors.js';
import { editDistance, nearestKey, readJsonFile } from '../../src/core/validate.js';
import { listShippedScenarios, loadScenario } from '../../src/scenarios.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shipped = join(root, 'scenarios', 'pg3');
const tmp = mkdtempSync(join(tmpdir(), 'tacsim-strict-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Json = Record<string, unknown>;
const readShipped = (path: string): Json => JSON.parse(readFileSync(join(shipped, path), 'utf8')) as Json;
/** The object at a JSON path inside parsed data. */
function at(data: unknown, ...path: (string | number)[]): Json {
  let node = data;
  for (const p of path) node = (node as Record<string | number, unknown>)[p];
  return node as Json;
}
/** Renames a key in place (a misspelling of an existing key). */
function rename(obj: Json, from: string, to: string): void {
  obj[to] = obj[from];
  delete obj[from];
}
let fileNo = 0;
function write(data: unknown, name: string): string {
  const file = join(tmp, `${name}-${++fileNo}.json`);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 1));
  return file;
}

/** pg3-tiny, with its chart pack and counters by absolute path (so the copy loads from the temp folder). */
function tiny(charts = join(shipped, 'charts/reference.json'), counters = join(shipped, 'counters/reference.json')): Json {
  return { ...readShipped('pg3-tiny.json'), charts, counters };
}

/** The InputError thrown by loading the file, or a failed expectation if it loads. */
function loadError(file: string): InputError {
  try {
    loadScenario(file);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error(`${file} loaded without an error`);
}

describe('unknown keys in a scenario', () => {
  it('names a misspelled unit key with its place and the key it was meant to be', () => {
    const data = tiny();
    at(data, 'sides', 0, 'units', 1).hiden = true;
    const file = write(data, 'unit-typo');
    const e = loadError(file);
    expect(e.code).toBe('unknown-key');
    expect(e.file).toBe(file);
    expect(e.place).toBe('sides[0].units[1]');
    expect(e.key).toBe('hiden');
    expect(e.suggestion).toBe('hidden');
    expect(e.message).toBe(`${file}: sides[0].units[1]: unknown key "hiden" (did you mean "hidden"?)`);
  });

  it('reports a misspelled top-level key rather than the required key it leaves missing', () => {
    const data = tiny();
    rename(data, 'victory', 'vicotry');
    const e = loadError(write(data, 'top-typo'));
    expect(e.code).toBe('unknown-key');
    expect(e.place).toBe('(top level)');
    expect(e.key).toBe('vicotry');
    expect(e.suggestion).toBe('victory');
    expect(e.message.split('\n')).toHaveLength(1);
  });

  it('suggests from every branch of a union (a fixed leader or a drawn one)', () => {
    const data = tiny();
    at(data, 'sides', 1, 'leaders', 0).cavalri = true;
    const e = loadError(write(data, 'union-typo'));
    expect([e.code, e.place, e.key, e.suggestion]).toEqual(['unknown-key', 'sides[1].leaders[0]', 'cavalri', 'cavalry']);
  });

  it('lists the known keys when no known key is near the unknown one', () => {
    const data = tiny();
    at(data, 'rules').weather = 'rain';
    const e = loadError(write(data, 'far-key'));
    expect(e.code).toBe('unknown-key');
    expect(e.place).toBe('rules');
    expect(e.suggestion).toBeUndefined();
    expect(e.problem).toMatch(/^unknown key "weather" \(known keys: splitColumns, hillsLimiting, .*smoke.*\)$/);
  });
});

describe('unknown keys in a chart pack', () => {
  it('names the file of the chart pack, the terrain entry and the misspelled field', () => {
    const pack = readShipped('charts/reference.json');
    rename(at(pack, 'terrain', 'woods'), 'obstacleHeight', 'obstacleHieght');
    const charts = write(pack, 'charts');
    const e = loadError(write(tiny(charts), 'uses-charts'));
    expect(e.code).toBe('unknown-key');
    expect(e.file).toBe(charts);
    expect(e.place).toBe('terrain.woods');
    expect(e.key).toBe('obstacleHieght');
    expect(e.suggestion).toBe('obstacleHeight');
  });

  it('knows the keys of both halves of the bombardment table (fire table and friendly-fire columns)', () => {
    const pack = readShipped('charts/reference.json');
    rename(at(pack, 'bombardment'), 'friendlyFireSource', 'friendlyFireSorce');
    const e = loadError(write(tiny(write(pack, 'charts')), 'uses-charts'));
    expect([e.code, e.place, e.key, e.suggestion]).toEqual(['unknown-key', 'bombardment', 'friendlyFireSorce', 'friendlyFireSource']);
  });
});

describe('unknown keys in a counter manifest', () => {
  it('names the file of the manifest, the counter and the misspelled field', () => {
    const manifest = readShipped('counters/reference.json');
    rename(at(manifest, 'units', 'ger-hmg'), 'movementClass', 'movementclas');
    const counters = write(manifest, 'counters');
    const e = loadError(write(tiny(undefined, counters), 'uses-counters'));
    expect(e.code).toBe('unknown-key');
    expect(e.file).toBe(counters);
    expect(e.place).toBe('units.ger-hmg');
    expect(e.key).toBe('movementclas');
    expect(e.suggestion).toBe('movementClass');
  });

  it('names an unknown key in a leader entry', () => {
    const manifest = readShipped('counters/reference.json');
    at(manifest, 'leaders', 'ger-lt-1').moral = 9;
    const e = loadError(write(tiny(undefined, write(manifest, 'counters')), 'uses-counters'));
    expect([e.code, e.place, e.key, e.suggestion]).toEqual(['unknown-key', 'leaders.ger-lt-1', 'moral', 'morale']);
  });
});

describe('the other kinds of input error', () => {
  it('a required key that is absent is "missing"; a wrong value is "bad-value"', () => {
    const noTitle = tiny();
    delete noTitle.title;
    const missing = loadError(write(noTitle, 'no-title'));
    expect([missing.code, missing.place]).toEqual(['missing', 'title']);

    const badHex = tiny();
    at(badHex, 'sides', 0, 'units', 0).hex = '12';
    const bad = loadError(write(badHex, 'bad-hex'));
    expect([bad.code, bad.place]).toEqual(['bad-value', 'sides[0].units[0].hex']);
  });

  it('a file that is not JSON is "bad-json"; a file that does not exist is "not-found"', () => {
    const broken = write('{"format": ', 'broken');
    expect(() => readJsonFile(broken)).toThrow(expect.objectContaining({ code: 'bad-json', file: broken }));
    const absent = join(tmp, 'absent.json');
    expect(() => readJsonFile(absent)).toThrow(expect.objectContaining({ code: 'not-found', file: absent }));
  });

  it('an InputError made without a kind is "invalid"; a ProblemList throws with its first problem\'s kind', () => {
    expect(new InputError('no such side', 'f.json', 'sides').code).toBe('invalid');
    const list = new ProblemList('f.json');
    list.add('map.terrain[2]', 'row too short', 'bad-value');
    list.add('map.legend', 'no "clear"', 'missing');
    expect(() => list.throwIfAny()).toThrow(expect.objectContaining({ code: 'bad-value', place: 'map.terrain[2]' }));
  });
});

describe('nearest key', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('vicotry', 'victory')).toBe(1);
    expect(editDistance('hiden', 'hidden')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests only a key close enough to be the intended one, ignoring case', () => {
    expect(nearestKey('HEX', ['counter', 'hex'])).toBe('hex');
    expect(nearestKey('cout', ['counter', 'count'])).toBe('count');
    expect(nearestKey('weather', ['splitColumns', 'smoke'])).toBeUndefined();
    expect(nearestKey('ab', ['xy'])).toBeUndefined();
  });
});

describe('shipped files under the strict formats', () => {
  it('every shipped scenario, with its chart pack and counters, still loads', () => {
    const ids = listShippedScenarios().map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['pg3-tiny', 'pg3-medium', 'pg3-large', 'pg3-mirror']));
    for (const id of ids) expect(loadScenario(id).id).toBe(id);
  });
});

describe('tacsim scenarios validate', () => {
  it('exits 2 with one line naming the file, the place and the misspelled key, and the right key', () => {
    const data = tiny();
    at(data, 'sides', 0, 'units', 1).hiden = true;
    const file = write(data, 'cli-typo');
    const r = spawnSync(process.execPath, [join(root, 'bin', 'tacsim.js'), 'scenarios', 'validate', file], {
      cwd: tmp,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', TACSIM_DEBUG: '' },
      timeout: 120_000,
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(`FAIL  ${file}: sides[0].units[1]: unknown key "hiden" (did you mean "hidden"?)\n`);
    expect(r.stderr).toBe('1 of 1 file(s) failed\n');
  });
});
