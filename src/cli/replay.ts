/**
 * `tacsim replay`: re-runs a game record (from `tacsim play`, or a line of the harness's games.jsonl),
 * checks that every action is legal and, when the record has state hashes, that every state matches.
 */
import { createRng } from '../core/rng.js';
import { loadRecordScenario, metricsText, perSide, readRecord } from './record.js';

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
    const action = game.legalActions(state).find((a) => game.actionKey(a) === key);
    if (action === undefined) return fail(`${where} ("${key}") is not legal in that position`, k);
    const seat = game.toMove(state);
    const turn = sc.turn(state);
    if (opts.verbose && turn !== lastTurn) {
      lastTurn = turn;
      out(`\n=== Turn ${turn} ===`);
    }
    if (opts.verbose) out(`${sides[seat] ?? seat}: ${sc.ui.describeAction(state, action)}`);
    state = game.apply(state, action, dice);
    if (opts.verbose) for (const e of sc.ui.narration(state)) out(`    ${e}`);
    const hash = hashes?.[k] !== undefined ? sc.stateHash(state) : undefined;
    if (hash !== undefined && hashes![k] !== hash) {
      return fail(`${where} ("${key}"): the state differs from the recorded one (hash ${hash}, recorded ${hashes![k]})`, k);
    }
  }
  const checked = hashes ? `, ${Math.min(hashes.length, rec.actions.length)} state hashes match` : '';
  if (game.isTerminal(state)) {
    const o = sc.outcome(state);
    const winner = o.winner === null ? 'draw' : sides[o.winner]!;
    out(
      `Outcome: ${o.winner === null ? 'a draw' : `${winner} wins (${o.victoryLevel})`} after turn ${o.turns}; VP ${perSide(sc, o.vp)}${metricsText(sc, o.metrics)}`,
    );
    if (typeof rec.winner === 'string' && rec.winner !== winner) {
      return fail(`the record says the winner was ${rec.winner}, the replay gives ${winner}`, rec.actions.length);
    }
  } else {
    out(`The record ends before the game is over (turn ${sc.turn(state)}).`);
  }
  out(`OK: ${rec.actions.length} actions legal${checked}`);
  return { ok: true, actions: rec.actions.length };

  function fail(problem: string, k: number): ReplayResult {
    process.stderr.write(`replay failed: ${file}: ${problem}\n`);
    return { ok: false, actions: k, problem };
  }
}
