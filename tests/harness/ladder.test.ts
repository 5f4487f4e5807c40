import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLadder, LADDER_FILE, LADDER_JOURNAL, type LadderPair, ladder, ladderPairs } from '../../src/harness/ladder.js';

const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
function freshFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tacsim-ladder-'));
  folders.push(dir);
  return dir;
}
const journalLines = (dir: string) =>
  readFileSync(join(dir, LADDER_JOURNAL), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
const tallies = (pairs: readonly LadderPair[]) =>
  pairs.map((p) => [p.lower, p.upper, p.games, p.winsLower, p.winsUpper, p.draws, p.errors]);

describe('tacsim ladder', () => {
  it('pairs each rung with the next one up and the one after it', () => {
    expect(ladderPairs(4)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(ladderPairs(2)).toEqual([[0, 1]]);
  });

  it('plays the pairs with sides swapped and reports ratings and steps in rung order', async () => {
    const r = await ladder(['random', 'scripted', 'scripted:aggression=0.9'], {
      scenario: 'pg3-tiny',
      gamesPerPair: 2,
      seed: 'ladder-test',
      workers: 1,
    });
    expect(r.pairs.map((p) => [p.lower, p.upper])).toEqual([
      ['random', 'scripted'],
      ['random', 'scripted:aggression=0.9'],
      ['scripted', 'scripted:aggression=0.9'],
    ]);
    for (const p of r.pairs) expect(p.winsLower + p.winsUpper + p.draws + p.errors).toBe(2);
    expect(r.steps.map((s) => s.upper)).toEqual(['scripted', 'scripted:aggression=0.9']);
    expect(r.ratings.map((x) => x.games)).toEqual([4, 4, 4]);
    const text = formatLadder(r);
    expect(text.indexOf('random')).toBeLessThan(text.indexOf('scripted'));
    expect(text).toContain('scripted over random');
    expect(formatLadder({ ...r, aborted: true, dir: '/tmp/kept' })).toContain('carry on with tacsim ladder --resume /tmp/kept');
    expect(r.steps.map((s) => s.games)).toEqual([2, 2]);
    // A step a stopped ladder has not reached yet says so, not a 50% score over nothing.
    const unplayed = { ...r.steps[1]!, games: 0, score: 0.5, ci95: [0, 1] as [number, number] };
    expect(formatLadder({ ...r, steps: [r.steps[0]!, unplayed] })).toContain('scripted:aggression=0.9 over scripted: no games yet');
  });

  it('refuses fewer than two rungs or a repeated rung', async () => {
    await expect(ladder(['random'], { scenario: 'pg3-tiny' })).rejects.toThrow('at least two');
    await expect(ladder(['random', 'random'], { scenario: 'pg3-tiny' })).rejects.toThrow('must differ');
  });

  describe('kept in a folder (--out, --resume)', () => {
    const rungs = ['random', 'scripted', 'scripted:aggression=0.9'];
    const base = { scenario: 'pg3-tiny', seed: 'ladder-resume', workers: 1 };

    it('journals every game and, resumed with more games a pair, plays only the missing ones: the same tallies as one run', async () => {
      const whole = await ladder(rungs, { ...base, gamesPerPair: 3 });
      const dir = freshFolder();
      const first = await ladder(rungs, { ...base, gamesPerPair: 2, out: dir });
      expect(first.dir).toBe(dir);
      expect(journalLines(dir)).toHaveLength(6);
      const saved = JSON.parse(readFileSync(join(dir, LADDER_FILE), 'utf8'));
      expect(saved).toMatchObject({ scenario: 'pg3-tiny', seed: 'ladder-resume', rungs, gamesPerPair: 2 });
      const resumed = await ladder([], { resume: dir, gamesPerPair: 3, workers: 1 });
      expect(journalLines(dir)).toHaveLength(9);
      expect(tallies(resumed.pairs)).toEqual(tallies(whole.pairs));
      expect(resumed.ratings).toEqual(whole.ratings);
      // Resumed again with nothing missing: nothing is played.
      const again = await ladder([], { resume: dir, workers: 1 });
      expect(journalLines(dir)).toHaveLength(9);
      expect(tallies(again.pairs)).toEqual(tallies(whole.pairs));
    });

    it('plays again a game whose journal line a kill cut short', async () => {
      const dir = freshFolder();
      const full = await ladder(rungs, { ...base, gamesPerPair: 2, out: dir });
      const lines = journalLines(dir);
      // The last game lost, and half of the one before it written.
      writeFileSync(join(dir, LADDER_JOURNAL), `${lines.slice(0, 4).join('\n')}\n${lines[4]!.slice(0, 10)}`);
      const resumed = await ladder([], { resume: dir, workers: 1 });
      expect(tallies(resumed.pairs)).toEqual(tallies(full.pairs));
    });

    it('keeps the game time limit it was begun with, and plays a failed game again when resumed', async () => {
      const dir = freshFolder();
      const pair = ['random', 'mcts:iterations=20'];
      // 1 ms a game: every game is abandoned after its first search.
      const first = await ladder(pair, { ...base, gamesPerPair: 2, out: dir, gameTimeLimitMs: 1 });
      expect(first.pairs[0]).toMatchObject({ errors: 2 });
      expect(JSON.parse(readFileSync(join(dir, LADDER_FILE), 'utf8')).gameTimeLimitMs).toBe(1);
      // Resumed without a limit given: the ladder's own holds, and the failed games are tried again (and fail again).
      const again = await ladder([], { resume: dir, workers: 1 });
      expect(again.pairs[0]).toMatchObject({ errors: 2 });
      expect(journalLines(dir)).toHaveLength(4);
      // Resumed with the limit lifted: both games are played to the end, as in a run that never failed.
      const lifted = await ladder([], { resume: dir, workers: 1, gameTimeLimitMs: 0 });
      expect(lifted.pairs[0]).toMatchObject({ games: 2, errors: 0 });
      expect(tallies(lifted.pairs)).toEqual(tallies((await ladder(pair, { ...base, gamesPerPair: 2 })).pairs));
      // The finished lines stand over the failed ones: nothing is left to play.
      const done = await ladder([], { resume: dir, workers: 1 });
      expect(journalLines(dir)).toHaveLength(6);
      expect(tallies(done.pairs)).toEqual(tallies(lifted.pairs));
    });

    it('adds a rung above the saved ones and plays only the new pairs', async () => {
      const dir = freshFolder();
      const two = await ladder(rungs.slice(0, 2), { ...base, gamesPerPair: 2, out: dir });
      expect(two.pairs).toHaveLength(1);
      const three = await ladder(rungs, { resume: dir, workers: 1 });
      expect(three.rungs).toEqual(rungs);
      expect(three.pairs).toHaveLength(3);
      expect(tallies(three.pairs.slice(0, 1))).toEqual(tallies(two.pairs));
      expect(journalLines(dir)).toHaveLength(6);
      expect(JSON.parse(readFileSync(join(dir, LADDER_FILE), 'utf8')).rungs).toEqual(rungs);
    });

    it('refuses a folder without a ladder, a ladder folder given to --out, and settings that differ from the saved ones', async () => {
      const empty = freshFolder();
      await expect(ladder([], { resume: empty })).rejects.toThrow('not a ladder folder to resume');
      const dir = freshFolder();
      await ladder(rungs.slice(0, 2), { ...base, gamesPerPair: 1, out: dir });
      await expect(ladder(rungs.slice(0, 2), { ...base, gamesPerPair: 1, out: dir })).rejects.toThrow('already holds a ladder');
      await expect(ladder([], { resume: dir, seed: 'other' })).rejects.toThrow('differs from the ladder');
      await expect(ladder(['scripted', 'random'], { resume: dir })).rejects.toThrow('must begin with');
      await expect(ladder([], { resume: dir, scenario: 'pg3-medium' })).rejects.toThrow("not the ladder's scenario");
    });
  });
});
