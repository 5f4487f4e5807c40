/**
 * `tacsim replay`: re-runs a game record (from `tacsim play`, or a line of the harness's games.jsonl) and
 * checks the whole of it: the format and rules system it names, that every action is legal, that every
 * state matches its recorded hash, and that the outcome it claims (winner, victory level, turns, VP,
 * metrics) is the one the actions reach, after exactly that many actions. A record that claims an outcome
 * but stops short of the end of the game fails.
 */
import { InputError } from '../core/errors.js';
import { actionByKey } from '../core/game.js';
import type { GameOutcome, LoadedScenario } from '../core/system.js';
import { createRng } from '../core/rng.js';
import { type GameRecord, loadRecordScenario, metricsText, perSide, readRecord } from './record.js';

export interface ReplayOptions {
  verbose?: boolean;
  game?: number;
}

export interface ReplayResult {
  ok: boolean;
  actions: number;
  problem?: string;
}

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function runReplay(file: string, opts: ReplayOptions = {}): ReplayResult {
  const rec = readRecord(file, opts.game);
  const sc = loadRecordScenario(rec, file, opts.verbose === true);
  if (rec.system !== undefined && rec.system !== sc.system)
    throw new InputError(
      `the record is a game of system "${rec.system}" but its scenario is of system "${sc.system}"`,
      file,
      'system',
      'bad-value',
    );
  const game = sc.game;
  const sides = sc.sides.map((s) => s.id);
  const agents = sides.map((id) => `${id}: ${rec.agents[id] ?? '?'}`).join(', ');
  out(`Replaying ${sc.title} (${sc.id}), seed ${rec.seed}, ${rec.actions.length} actions; ${agents}`);
  const dice = createRng(rec.seed);
  let state = sc.initialState(dice);
  let lastTurn = -1;
  const hashes = rec.hashes;
  for (const [k, key] of rec.actions.entries()) {
    const where = `action ${k + 1} of ${rec.actions.length}`;
    if (game.isTerminal(state)) return fail(`${where} ("${key}") comes after the end of the game`, k);
    const action = actionByKey(game, state, key);
    if (action === undefined) return fail(`${where} ("${key}") is not legal in that position`, k);
    const seat = game.toMove(state);
    const turn = sc.turn(state);
    if (opts.verbose && turn !== lastTurn) {
      lastTurn = turn;
      out(`\n=== ${sc.ui.turnHeading?.(state) ?? `Turn ${turn}`} ===`);
    }
    if (opts.verbose) out(`${sides[seat] ?? seat}: ${sc.ui.describeAction(state, action)}`);
    state = game.apply(state, action, dice);
    if (opts.verbose) for (const e of sc.ui.narration(state)) out(`    ${e}`);
    const hash = hashes?.[k] !== undefined ? sc.stateHash(state) : undefined;
    if (hash !== undefined && hashes![k] !== hash) {
      return fail(`${where} ("${key}"): the state differs from the recorded one (hash ${hash}, recorded ${hashes![k]})`, k);
    }
  }
  const checked = hashes ? `, ${hashes.length} state hashes match` : '';
  if (game.isTerminal(state)) {
    const o = sc.outcome(state);
    const winner = o.winner === null ? 'draw' : sides[o.winner]!;
    out(
      `Outcome: ${o.winner === null ? 'a draw' : `${winner} wins (${o.victoryLevel})`} after turn ${o.turns}; VP ${perSide(sc, o.vp)}${metricsText(sc, o.metrics)}`,
    );
    if (rec.format !== undefined && rec.outcome === undefined)
      return fail('the actions end the game but the record has no outcome (a finished game is recorded with it)', rec.actions.length);
    const differs = outcomeDifference(rec, sc, o);
    if (differs !== undefined) return fail(differs, rec.actions.length);
  } else {
    const claim = claimedResult(rec);
    if (claim !== undefined) {
      return fail(
        `the record claims ${claim}, but its ${rec.actions.length} actions end before the game is over (turn ${sc.turn(state)})`,
        rec.actions.length,
      );
    }
    out(`The record ends before the game is over (turn ${sc.turn(state)}).`);
  }
  out(`OK: ${rec.actions.length} actions legal${checked}`);
  return { ok: true, actions: rec.actions.length };

  function fail(problem: string, k: number): ReplayResult {
    process.stderr.write(`replay failed: ${file}: ${problem}\n`);
    return { ok: false, actions: k, problem };
  }
}

/** What the record says the result was ("german wins", "a draw"), or undefined when it claims none. */
function claimedResult(rec: GameRecord): string | undefined {
  if (rec.outcome !== undefined) {
    const side = rec.outcome.winnerSide ?? (rec.outcome.winner === null ? null : `seat ${rec.outcome.winner}`);
    return side === null ? 'a draw' : `${side} wins`;
  }
  if (typeof rec.winner === 'string') return rec.winner === 'draw' ? 'a draw' : `${rec.winner} wins`;
  return undefined;
}

/** How the record's claimed outcome differs from the replayed one `o`, or undefined when it agrees (or claims none). */
function outcomeDifference(rec: GameRecord, sc: LoadedScenario, o: GameOutcome): string | undefined {
  const winner = o.winner === null ? 'draw' : sc.sides[o.winner]!.id;
  if (typeof rec.winner === 'string' && rec.winner !== winner)
    return `the record says the winner was ${rec.winner}, the replay gives ${winner}`;
  const r = rec.outcome;
  if (r === undefined) return undefined;
  const winnerSide = o.winner === null ? null : sc.sides[o.winner]!.id;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const metrics = (m: Readonly<Record<string, readonly number[]>>) =>
    Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1)));
  const fields: [string, unknown, unknown][] = [
    ['outcome.winner', r.winner, o.winner],
    ['outcome.winnerSide', r.winnerSide === undefined ? winnerSide : r.winnerSide, winnerSide],
    ['outcome.victoryLevel', r.victoryLevel, o.victoryLevel],
    ['outcome.turns', r.turns, o.turns],
    ['outcome.vp', r.vp, o.vp],
    ['outcome.metrics', metrics(r.metrics), metrics(o.metrics)],
  ];
  for (const [name, claimed, replayed] of fields) {
    if (!same(claimed, replayed))
      return `${name}: the record says ${JSON.stringify(claimed)}, the replay gives ${JSON.stringify(replayed)}`;
  }
  return undefined;
}
