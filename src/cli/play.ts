/**
 * `tacsim play`: a person plays one side of a scenario against an agent in the terminal, for any
 * registered rules system: drawing, short commands, odds and narration come from the scenario's `ui`.
 * Input is read line by line (works through a pipe). The game's dice come from createRng(seed) and the
 * record of actions, so `undo` and `load` replay the record from the start and land on the same state.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createAgent, type Agent } from '../../agents/agent.js';
import { InputError } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import type { Rng } from '../core/game.js';
import type { LoadedScenario, ScenarioOptions } from '../core/system.js';
import { loadScenario } from '../scenarios.js';
import { agentSeed } from '../harness/match.js';
import { checkOutputFile } from '../harness/output.js';
import { LineInput, wantColor } from './input.js';
import { metricsText, perSide, RECORD_FORMAT, readRecord, scenarioRef, writeRecord, type GameRecord } from './record.js';

export const DEFAULT_AI = 'mcts:timeMs=1500';

export interface PlayOptions {
  scenario?: string;
  side?: string;
  ai?: string;
  seed?: string;
  charts?: string;
  record?: string;
  load?: string;
}

/** The commands every system's prompt has; the system's own short commands are listed between. */
function helpText(sc: LoadedScenario): string {
  const own = sc.ui.commandHelp.map((l) => `  ${l}`);
  return [
    'Commands (a number picks an action from the list):',
    '  N                    play legal action number N',
    ...own,
    '  map | units | list   show the map, the units, the legal actions again',
    '  help                 this text',
    '  save FILE            write the game record to FILE (replay it with: tacsim replay FILE)',
    '  load FILE            continue from a saved record of this scenario',
    "  undo                 take back your last decision (and the computer's replies after it)",
    '  quit                 stop (with --record, the record is written)',
    'Any legal action key is accepted as is.',
  ].join('\n');
}

interface Session {
  sc: LoadedScenario;
  seed: string;
  human: number;
  aiSpec: string;
  /** Action keys played so far. */
  actions: string[];
  seats: number[];
  hashes: string[];
  state: unknown;
  dice: Rng;
}

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

function narrate(s: Session): void {
  for (const e of s.sc.ui.narration(s.state)) out(`    ${e}`);
}

/** Applies `action` for `seat`, keeping the record (key, seat, state hash). */
function play(s: Session, action: unknown, seat: number): void {
  const game = s.sc.game;
  s.state = game.apply(s.state, action, s.dice);
  s.actions.push(game.actionKey(action));
  s.seats.push(seat);
  s.hashes.push(s.sc.stateHash(s.state));
}

/** Replays `actions` (keys) from the start of the game (seeded dice), checking each is legal. */
function replayInto(s: Session, actions: readonly string[], seats: readonly number[] | null): void {
  const game = s.sc.game;
  s.dice = createRng(s.seed);
  s.state = s.sc.initialState(s.dice);
  s.actions = [];
  s.seats = [];
  s.hashes = [];
  for (const [k, key] of actions.entries()) {
    if (game.isTerminal(s.state)) throw new InputError(`action ${k + 1} ("${key}") comes after the end of the game`);
    const action = game.legalActions(s.state).find((a) => game.actionKey(a) === key);
    if (action === undefined) throw new InputError(`action ${k + 1} ("${key}") is not legal at that point of the game`);
    play(s, action, seats?.[k] ?? game.toMove(s.state));
  }
}

function buildRecord(s: Session): GameRecord {
  const game = s.sc.game;
  const rec: GameRecord = {
    format: RECORD_FORMAT,
    scenario: scenarioRef(s.sc.file),
    system: s.sc.system,
    options: s.sc.options,
    seed: s.seed,
    agents: Object.fromEntries(s.sc.sides.map((side, i) => [side.id, i === s.human ? 'human' : s.aiSpec])),
    actions: s.actions.slice(),
    hashes: s.hashes.slice(),
  };
  if (game.isTerminal(s.state)) {
    const o = s.sc.outcome(s.state);
    rec.outcome = { ...o, winnerSide: o.winner === null ? null : s.sc.sides[o.winner]!.id };
    rec.winner = o.winner === null ? 'draw' : s.sc.sides[o.winner]!.id;
  }
  return rec;
}

export async function runPlay(opts: PlayOptions): Promise<void> {
  let loaded: GameRecord | undefined;
  if (opts.load) loaded = readRecord(opts.load);
  const scenarioArg = opts.scenario ?? loaded?.scenario;
  if (!scenarioArg) throw new InputError('name a scenario (a shipped id or a file), or --load a saved game');
  const options: ScenarioOptions = { ...(loaded?.options ?? {}), ...(opts.charts ? { charts: resolve(opts.charts) } : {}) };
  if (opts.charts && !existsSync(resolve(opts.charts))) throw new InputError('no such chart pack', opts.charts);
  const sc = loadScenario(scenarioArg, options, { narrate: true });
  // The record's place is checked now, not after an hour of play.
  if (opts.record) checkOutputFile(opts.record, '--record');
  const sideIds = sc.sides.map((x) => x.id);
  let sideId = opts.side;
  if (!sideId && loaded) sideId = Object.entries(loaded.agents).find(([, spec]) => spec === 'human')?.[0];
  if (!sideId) throw new InputError(`--side is required: one of ${sideIds.join(', ')}`);
  const human = sideIds.indexOf(sideId);
  if (human < 0) throw new InputError(`no side "${sideId}" in ${sc.id} (sides: ${sideIds.join(', ')})`, undefined, '--side');
  const aiSpec = opts.ai ?? (loaded ? Object.entries(loaded.agents).find(([, spec]) => spec !== 'human')?.[1] : undefined) ?? DEFAULT_AI;
  const agent: Agent = createAgent(aiSpec, sc.ai);
  const seed = opts.seed ?? loaded?.seed ?? String(Date.now() % 1_000_000);
  const game = sc.game;
  const ui = sc.ui;
  const view = { viewer: human, color: wantColor(process.stdout) };
  const s: Session = { sc, seed, human, aiSpec, actions: [], seats: [], hashes: [], state: undefined, dice: createRng(seed) };
  replayInto(s, loaded?.actions ?? [], null);
  // One rng per computer seat, as the harness gives them (agentSeed).
  const aiRngs = new Map<number, Rng>();
  const aiRng = (seat: number): Rng => {
    let r = aiRngs.get(seat);
    if (r === undefined) aiRngs.set(seat, (r = createRng(agentSeed(seed, seat))));
    return r;
  };
  const input = new LineInput();
  const showMap = () => out(ui.renderMap(s.state, view));
  const showUnits = () => out(ui.renderUnits(s.state, view));
  const others = sideIds.filter((_, i) => i !== human).join(', ');

  out(`${sc.title} (${sc.id}): you play ${sc.sides[human]!.name} (${sideIds[human]}) against ${aiSpec} (${others}), seed ${seed}`);
  if (loaded) out(`continuing a saved game after ${s.actions.length} actions`);
  out('Type "help" for the commands.');
  showMap();

  const save = (file: string) => {
    try {
      writeRecord(file, buildRecord(s));
    } catch (e) {
      throw new InputError(`cannot write the game record (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, file);
    }
    out(`game record written to ${resolve(file)} (${s.actions.length} actions)`);
  };
  // Ctrl-C (or SIGTERM) ends the session as "quit" does, writing the --record file first. The session is
  // consistent whenever this can run: between actions, at the prompt or while an agent awaits.
  const onInterrupt = (signal: NodeJS.Signals) => {
    out(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: quitting after ${s.actions.length} actions`);
    try {
      if (opts.record) save(opts.record);
    } catch (e) {
      process.stderr.write(`tacsim: ${(e as Error).message}\n`);
    }
    process.exit(130);
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  let quit = false;
  let lastTurn = -1;
  try {
    while (!game.isTerminal(s.state) && !quit) {
      const turn = sc.turn(s.state);
      if (turn !== lastTurn) {
        lastTurn = turn;
        out(`\n=== Turn ${turn} of ${sc.turnLimit} ===`);
      }
      const seat = game.toMove(s.state);
      const legal = game.legalActions(s.state);
      if (seat !== human) {
        out(`${sideIds[seat]} (${aiSpec}) is thinking...`);
        const t0 = performance.now();
        let action = agent.act(game, s.state, seat, aiRng(seat));
        if (action instanceof Promise) action = await action;
        const ms = performance.now() - t0;
        const search = agent.lastSearch;
        out(
          `${sideIds[seat]}: ${ui.describeAction(s.state, action)} (${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`}${search ? `, ${search.iterations} iterations` : ''})`,
        );
        play(s, action, seat);
        narrate(s);
        continue;
      }
      // The person's decision.
      out(`\n${ui.renderStatus(s.state, view)}`);
      const list = () => {
        for (const [k, a] of legal.entries()) out(`  ${String(k + 1).padStart(3)}. ${ui.describeAction(s.state, a)}`);
      };
      out('Your decision:');
      list();
      let chosen: unknown;
      let decided = false;
      while (!decided && !quit) {
        const line = await input.ask(`${sideIds[human]}> `);
        if (line === null) {
          out('end of input: quitting');
          quit = true;
          break;
        }
        const words = line
          .trim()
          .split(/\s+/)
          .filter((w) => w !== '');
        if (words.length === 0) continue;
        const cmd = words[0]!.toLowerCase();
        try {
          const byKey = legal.find((a) => game.actionKey(a) === line.trim());
          if (/^\d+$/.test(cmd) && words.length === 1) {
            const n = Number(cmd);
            if (n < 1 || n > legal.length) throw new InputError(`${n} is not on the list (1 to ${legal.length})`);
            chosen = legal[n - 1];
            decided = true;
          } else if (cmd === 'help' || cmd === '?') out(helpText(sc));
          else if (cmd === 'map') showMap();
          else if (cmd === 'units') showUnits();
          else if (cmd === 'list') list();
          else if (cmd === 'quit' || cmd === 'exit') {
            quit = true;
            break;
          } else if (cmd === 'save') {
            if (!words[1]) throw new InputError('save needs a file name: save FILE');
            save(words[1]);
          } else if (cmd === 'load') {
            if (!words[1]) throw new InputError('load needs a file name: load FILE');
            const rec = readRecord(words[1]);
            if (resolve(loadScenario(rec.scenario, rec.options).file) !== resolve(sc.file))
              throw new InputError(`that record is of another scenario (${rec.scenario})`, words[1]);
            const backup = { seed: s.seed, actions: s.actions.slice(), seats: s.seats.slice() };
            try {
              s.seed = rec.seed;
              replayInto(s, rec.actions, null);
            } catch (e) {
              s.seed = backup.seed;
              replayInto(s, backup.actions, backup.seats);
              throw e;
            }
            out(`loaded ${words[1]}: ${s.actions.length} actions`);
            showMap();
            lastTurn = -1;
            break;
          } else if (cmd === 'undo') {
            const k = s.seats.lastIndexOf(human);
            if (k < 0) throw new InputError('nothing to undo: you have not decided anything yet');
            const undone = s.actions[k]!;
            replayInto(s, s.actions.slice(0, k), s.seats.slice(0, k));
            const action = game.legalActions(s.state).find((a) => game.actionKey(a) === undone);
            out(
              `undone: ${action === undefined ? undone : ui.describeAction(s.state, action)} (and what followed); back to action ${k + 1}`,
            );
            lastTurn = -1;
            break;
          } else if (byKey !== undefined) {
            chosen = byKey;
            decided = true;
          } else {
            chosen = ui.parseCommand(s.state, [cmd, ...words.slice(1)], legal);
            if (chosen === undefined)
              throw new InputError(`unknown command "${words.join(' ')}" (type "help" for the commands, or a number from the list)`);
            decided = true;
          }
          if (decided) {
            const odds = ui.odds(s.state, chosen);
            if (odds.length > 0) {
              out(ui.describeAction(s.state, chosen));
              for (const l of odds) out(`  ${l}`);
              const answer = await input.ask('confirm? (y/n) ');
              if (answer === null) {
                out('end of input: quitting');
                quit = true;
                decided = false;
                break;
              }
              if (!/^y(es)?$/i.test(answer.trim())) {
                out('not done');
                decided = false;
              }
            }
          }
        } catch (e) {
          // Every failed command (bad input, a file that cannot be read or written, a fault in the
          // system's command parser) is said at the prompt, and the game goes on.
          out(e instanceof InputError ? e.message : `${cmd} failed: ${(e as Error)?.message ?? String(e)}`);
          decided = false;
        }
      }
      if (!decided) continue;
      // Described in the position it was chosen in (unit positions are those before the move).
      const said = ui.describeAction(s.state, chosen);
      play(s, chosen, human);
      out(`you: ${said}`);
      narrate(s);
    }
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    input.close();
    await agent.close?.();
  }

  if (game.isTerminal(s.state)) {
    out('');
    showMap();
    const o = sc.outcome(s.state);
    out(
      `Game over after turn ${o.turns}: ${o.winner === null ? 'a draw' : `${sc.sides[o.winner]!.id} wins (${o.victoryLevel} victory)${o.winner === human ? ' - you win' : ' - you lose'}`}`,
    );
    out(`Victory points: ${perSide(sc, o.vp)}${metricsText(sc, o.metrics)}`);
  } else {
    out(
      `game stopped after ${s.actions.length} actions (turn ${sc.turn(s.state)}); continue with: tacsim play --load FILE after "save FILE" or --record FILE`,
    );
  }
  if (opts.record) save(opts.record);
}
