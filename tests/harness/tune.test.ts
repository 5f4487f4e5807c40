import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTune, NTupleModel, splitSpec, tune, tuneJournalOf, withValues } from '../../src/harness/tune.js';
import { tacsimIn } from '../cli/run-tacsim.js';

const { tmp, tacsim } = tacsimIn('tacsim-tune-');
/** The journal's whole pairs (a line cut short by a kill left out). */
const journalLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}') && l.includes('"outcome"'))
    .map((l) => JSON.parse(l) as { seed: string; spec: string; other: string; outcome: unknown });

describe('tacsim tune', () => {
  it('rewrites a spec with new values, keeping its other options', () => {
    expect(splitSpec('mcts:timeMs=200,rolloutDepth=10').options.get('rolloutDepth')).toBe('10');
    expect(withValues('scripted', { aggression: 0.7 })).toBe('scripted:aggression=0.7');
    expect(withValues('mcts:timeMs=200,rolloutDepth=10', { rolloutDepth: 5, cpuct: 1 })).toBe('mcts:timeMs=200,rolloutDepth=5,cpuct=1');
  });

  it('the n-tuple model rates best the values that scored best, from noisy scores', () => {
    const model = new NTupleModel(3);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    // The score rises with parameter 0 (index 3 best) and ignores the others; win/loss noise on top.
    for (let k = 0; k < 2000; k++) {
      const p = [Math.floor(random() * 4), Math.floor(random() * 4), Math.floor(random() * 4)];
      model.add(p, random() < 0.3 + 0.1 * p[0]! ? 1 : 0);
    }
    const means = [0, 1, 2, 3].map((v) => model.mean([v, 1, 2]));
    expect(means[3]).toBeGreaterThan(means[2]!);
    expect(means[2]).toBeGreaterThan(means[0]!);
    // Exploration favours what was tried least.
    const fresh = new NTupleModel(2);
    fresh.add([0, 0], 0.5);
    expect(fresh.ucb([1, 1], 0.5)).toBeGreaterThan(fresh.ucb([0, 0], 0.5));
  });

  it('finds a spec that beats a passive start, on paired seeds with sides swapped, the same for a seed', async () => {
    const start = 'scripted:aggression=0,caution=1,objectiveWeight=0.25,cohesionWeight=3';
    const options = { scenario: 'pg3-tiny', evaluations: 40, confirmPairs: 20, seed: 'tune-test' };
    const r = await tune(start, options);
    expect(r.startValues).toEqual({ aggression: 0, caution: 1, objectiveWeight: 0.25, cohesionWeight: 3 });
    expect(r.evaluations).toBe(40);
    expect(r.confirm.pairs).toBe(20);
    expect(r.confirm.wins + r.confirm.losses + r.confirm.draws + r.confirm.failed).toBe(40);
    expect(r.best).not.toBe(start);
    expect(r.confirm.score).toBeGreaterThan(0.5);
    expect(r.confirm.ci95[0]).toBeLessThanOrEqual(r.confirm.score);
    expect(r.confirm.ci95[1]).toBeGreaterThanOrEqual(r.confirm.score);
    expect(formatTune(r)).toContain('best vs start on fresh seeds');
    const again = await tune(start, options);
    expect(again.best).toBe(r.best);
    expect(again.confirm).toEqual(r.confirm);
    // On worker threads (an evaluation's two games side by side, the confirmation pairs all at once): the same.
    const threaded = await tune(start, { ...options, workers: 2 });
    expect(threaded).toEqual(r);
  });

  describe('kept beside its --out file, carried on with --resume', () => {
    const start = 'scripted:aggression=0,caution=1,objectiveWeight=0.25,cohesionWeight=3';
    const base = { scenario: 'pg3-tiny', seed: 'tune-journal', confirmPairs: 10 };

    it('journals every pair; run again with more evaluations it plays only the pairs it lacks, to the result of one run', async () => {
      const journal = join(tmp, 'api.pairs.jsonl');
      await tune(start, { ...base, evaluations: 12, journal });
      const first = journalLines(journal);
      expect(first.filter((p) => p.seed.includes('/tune/'))).toHaveLength(12);
      expect(first.filter((p) => p.seed.includes('/confirm/'))).toHaveLength(10);
      // A pair cut short by a kill (half a line) is left out and played again.
      appendFileSync(journal, '{"spec":"scripted","other":"scri');
      const resumed = await tune(start, { ...base, evaluations: 25, journal });
      const whole = await tune(start, { ...base, evaluations: 25 });
      expect(resumed).toEqual(whole);
      const tuning = journalLines(journal).filter((p) => p.seed.includes('/tune/'));
      // Each tuning pair played once: the first 12 were taken from the journal; the cut line is kept apart.
      expect(readFileSync(journal, 'utf8')).toContain('"other":"scri\n');
      expect(new Set(tuning.map((p) => p.seed)).size).toBe(25);
      expect(tuning).toHaveLength(25);
    });

    it('tacsim tune --out FILE then --resume FILE with more confirmation pairs: the output of one run with them', () => {
      const out = join(tmp, 'cli.json');
      const args = [
        'tune',
        start,
        '--scenario',
        'pg3-tiny',
        '--evaluations',
        '10',
        '--seed',
        'tune-cli',
        '--workers',
        '1',
        '--no-progress',
      ];
      const first = tacsim([...args, '--confirm-pairs', '6', '--out', out]);
      expect(first.code, first.stderr).toBe(0);
      const saved = JSON.parse(readFileSync(out, 'utf8'));
      expect(saved.settings).toMatchObject({ agent: start, scenario: 'pg3-tiny', seed: 'tune-cli', evaluations: 10, confirmPairs: 6 });
      expect(saved.confirm.pairs).toBe(6);
      expect(journalLines(tuneJournalOf(out))).toHaveLength(16);
      const resumed = tacsim(['tune', '--resume', out, '--confirm-pairs', '12', '--no-progress']);
      expect(resumed.code, resumed.stderr).toBe(0);
      const whole = tacsim([...args, '--confirm-pairs', '12']);
      expect(resumed.stdout).toBe(whole.stdout);
      expect(journalLines(tuneJournalOf(out))).toHaveLength(22);
      expect(JSON.parse(readFileSync(out, 'utf8')).runs).toHaveLength(2);
    });

    it('refuses a setting that differs from the run it carries on, a file that is not a run, and a new run over a kept one', () => {
      const out = join(tmp, 'refuse.json');
      const made = tacsim([
        'tune',
        'scripted',
        '--scenario',
        'pg3-tiny',
        '--evaluations',
        '2',
        '--confirm-pairs',
        '1',
        '--seed',
        's',
        '--workers',
        '0',
        '--no-progress',
        '--out',
        out,
      ]);
      expect(made.code, made.stderr).toBe(0);
      const seed = tacsim(['tune', '--resume', out, '--seed', 'other']);
      expect(seed.code).toBe(2);
      expect(seed.stderr.trim()).toBe(
        `tacsim: --resume: --seed "other" differs from the run's "s" (${out}); leave it out to carry the run on as it was`,
      );
      const again = tacsim(['tune', 'scripted', '--scenario', 'pg3-tiny', '--out', out]);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('holds the pairs of an earlier run: carry it on with --resume');
      const notRun = join(tmp, 'not-a-run.json');
      writeFileSync(notRun, '{"best":"scripted"}\n');
      const bad = tacsim(['tune', '--resume', notRun]);
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim()).toMatch(/^tacsim: .*not-a-run\.json: --resume: not the --out file of a tuning run/);
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('refuses an agent without tunable parameters, or a key it does not have', async () => {
    await expect(tune('random', { scenario: 'pg3-tiny', evaluations: 1 })).rejects.toThrow('no tunable parameters');
    await expect(tune('scripted', { scenario: 'pg3-tiny', evaluations: 1, keys: ['speed'] })).rejects.toThrow('no tunable option "speed"');
  });
});
