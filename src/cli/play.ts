/**
 * `tacsim play`: a person plays one side of a scenario against an agent in the terminal, for any
 * registered rules system: drawing, short commands, odds and narration come from the scenario's `ui`.
 * Input is read line by line (works through a pipe). The game's dice come from createRng(seed) and the
 * record of actions, so `undo` and `load` replay the record from the start and land on the same state.
 */
import type { SearchReport } from '../../agents/mcts.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createAgent } from '../../agents/agent.js';
import { withThreads } from '../../agents/presets.js';
import { InputError } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import { actionByKey, type Rng } from '../core/game.js';
import type { ActionPlace, BoardView, LoadedScenario, ScenarioOptions, ViewOptions } from '../core/system.js';
import { boardWindow } from '../hex/ascii.js';
import { HexGrid, type Orientation } from '../hex/grid.js';
import { loadScenario, systemModuleOf } from '../scenarios.js';
import { parseSetFlags } from '../harness/cli.js';
import { checkOutputFile } from '../harness/output.js';
import { LineInput, wantColor } from './input.js';
import { cheapestPath } from './play-move.js';
import { actionMenu, filterActions, hexInfo, UnitNumbers, unitInfo, unitsTable, whyText } from './play-view.js';
import type { PlayWorkerAnswer, PlayWorkerSetup, PlayWorkerTask } from './play-worker.js';
import { metricsText, perSide, RECORD_FORMAT, readRecord, scenarioRef, writeRecord, type GameRecord } from './record.js';

export const DEFAULT_AI = 'hard';

export interface PlayOptions {
  scenario?: string;
  side?: string;
  ai?: string;
  seed?: string;
  charts?: string;
  counters?: string;
  set?: string[];
  record?: string;
  load?: string;
  /** Text columns the map may take (default: the terminal's width, 120 when not a terminal). */
  width?: string;
}

/** The commands every system's prompt has; the system's own short commands are listed between. */
function helpText(sc: LoadedScenario): string {
  const own = sc.ui.commandHelp.map((l) => `  ${l}`);
  return [
    'Commands (a number picks an action from the list):',
    '  N                    play legal action number N',
    ...own,
    ...(sc.ui.movement
      ? ['                       (move reaches a distant hex too: the cheapest path, one hex at a time, saying where fire may come)']
      : []),
    "  list [all|KIND|U|HEX]  the legal actions (long lists grouped): all, a kind (move, fire...), unit U's, at HEX",
    '  map [HEX|<|>|all]    the map around the action, centred on HEX, scrolled left or right, or all of it',
    '  units | info U | hex HEX   the units with their values; unit U in full; what is in hex HEX',
    '  why                  what the computer weighed for its last decision',
    '  help                 this text',
    '  save FILE            write the game record to FILE (replay it with: tacsim replay FILE)',
    '  load FILE            continue from a saved record of this scenario',
    "  undo                 take back your last decision (and the computer's replies after it)",
    '  quit                 stop (with --record, the record is written; Ctrl-C does the same)',
    'Units are called by their #number (see "units"). Any legal action key is accepted as is.',
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
    const action = actionByKey(game, s.state, key);
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

/**
 * The computer's seats, searching in a worker thread (play-worker.ts) so that the main thread hears Ctrl-C while
 * it thinks. Started at its first decision; ended with the session.
 */
class ComputerPlayer {
  private worker: Worker | null = null;
  private pending: { resolve: (a: PlayWorkerAnswer) => void; reject: (e: Error) => void } | null = null;

  constructor(private readonly setup: PlayWorkerSetup) {}

  /** Starts the thread (loading the scenario takes a moment), so that it is ready for the first decision. */
  warm(): void {
    this.start();
  }

  decide(task: PlayWorkerTask): Promise<PlayWorkerAnswer> {
    const worker = this.start();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage(task);
    });
  }

  private start(): Worker {
    if (this.worker === null) {
      const w = new Worker(new URL('./play-worker.js', import.meta.url), { workerData: this.setup });
      w.on('message', (a: PlayWorkerAnswer) => {
        const p = this.pending;
        this.pending = null;
        p?.resolve(a);
      });
      w.on('error', (e) => {
        const p = this.pending;
        this.pending = null;
        p?.reject(e);
      });
      w.on('exit', (code) => {
        this.worker = null;
        const p = this.pending;
        this.pending = null;
        p?.reject(new Error(`the computer's thread stopped (exit code ${code})`));
      });
      this.worker = w;
    }
    return this.worker;
  }

  /** Ends the thread at once, even in the middle of a search. */
  async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.pending = null;
    if (w !== null) await w.terminate();
  }
}

/** Text columns for the map: --width, else the terminal's, else 120. */
function mapWidth(flag: string | undefined): number {
  if (flag !== undefined) {
    const n = Number(flag);
    if (!Number.isInteger(n) || n < 40 || n > 1000)
      throw new InputError(`--width takes a number of text columns from 40 to 1000, not "${flag}"`);
    return n;
  }
  const cols = process.stdout.isTTY ? process.stdout.columns : undefined;
  return cols !== undefined && cols >= 40 ? cols : 120;
}

export async function runPlay(opts: PlayOptions): Promise<void> {
  let loaded: GameRecord | undefined;
  if (opts.load) loaded = readRecord(opts.load);
  const scenarioArg = opts.scenario ?? loaded?.scenario;
  if (!scenarioArg) throw new InputError('name a scenario (a shipped id or a file), or --load a saved game');
  if (opts.charts && !existsSync(resolve(opts.charts))) throw new InputError('no such chart pack', opts.charts);
  if (opts.counters && !existsSync(resolve(opts.counters))) throw new InputError('no such counter manifest', opts.counters);
  const set = parseSetFlags(opts.set);
  const options: ScenarioOptions = {
    ...(loaded?.options ?? {}),
    ...(opts.charts ? { charts: resolve(opts.charts) } : {}),
    ...(opts.counters ? { counters: resolve(opts.counters) } : {}),
    ...(Object.keys(set).length > 0 ? { set: { ...(loaded?.options?.set ?? {}), ...set } } : {}),
  };
  const width = mapWidth(opts.width);
  const sc = loadScenario(scenarioArg, options, { narrate: true });
  // The record's place is checked now, not after an hour of play.
  if (opts.record) checkOutputFile(opts.record, '--record');
  const sideIds = sc.sides.map((x) => x.id);
  let sideId = opts.side;
  if (!sideId && loaded) sideId = Object.entries(loaded.agents).find(([, spec]) => spec === 'human')?.[0];
  if (!sideId) throw new InputError(`--side is required: one of ${sideIds.join(', ')}`);
  const human = sideIds.indexOf(sideId);
  if (human < 0) throw new InputError(`no side "${sideId}" in ${sc.id} (sides: ${sideIds.join(', ')})`, undefined, '--side');
  // A loaded game's computer keeps its agent; with --side naming the record's human side or the other, the computer
  // is whichever agent of the record is not "human" (a record's "human" is no agent).
  const recordedAi = loaded ? Object.values(loaded.agents).find((spec) => spec !== 'human') : undefined;
  const aiSpec = opts.ai ?? recordedAi ?? DEFAULT_AI;
  createAgent(aiSpec, sc.ai); // says now, before any play, when the spec is wrong
  const seed = opts.seed ?? loaded?.seed ?? String(Date.now() % 1_000_000);
  const game = sc.game;
  const ui = sc.ui;
  const view: ViewOptions = { viewer: human, color: wantColor(process.stdout) };
  const s: Session = { sc, seed, human, aiSpec, actions: [], seats: [], hashes: [], state: undefined, dice: createRng(seed) };
  replayInto(s, loaded?.actions ?? [], null);
  const module = systemModuleOf(sc.system);
  const computer = new ComputerPlayer({
    file: sc.file,
    options: sc.options,
    // Root parallelism on all cores but one (a spec naming its own threads keeps them).
    aiSpec: withThreads(aiSpec, availableParallelism() - 1),
    agentSeedBase: seed,
    ...(module !== undefined ? { systemModule: module } : {}),
  });
  const input = new LineInput();
  const numbers = new UnitNumbers();
  const grid = ui.board
    ? (() => {
        const b = ui.board!(s.state, view);
        return new HexGrid(b.width, b.height, b.orientation as Orientation);
      })()
    : null;
  const boardNow = (): BoardView | null => {
    if (!ui.board) return null;
    const b = ui.board(s.state, view);
    numbers.see(b);
    return b;
  };
  boardNow();
  const say = (text: string) => out(ui.board ? numbers.text(text) : text);
  /** Whether the player sees fewer of the board's units than `seat` does (units of its hidden from the player). */
  const hiddenFromPlayer = (seat: number): boolean =>
    ui.board !== undefined && ui.board(s.state, { ...view, viewer: seat }).units.length > ui.board(s.state, view).units.length;
  const sideNames = sc.sides.map((x) => x.id);
  /** Where the map window is centred: the last action's hex, a hex the player asked for, at first the middle of the player's units. */
  let focus: number | undefined;
  {
    const b = boardNow();
    const mine =
      b === null ? [] : b.units.filter((u) => u.side === human && u.hex >= 0).sort((p, q) => b.hexes[p.hex]!.col - b.hexes[q.hex]!.col);
    focus = mine[mine.length >> 1]?.hex;
  }
  let showAll = false;
  const showMap = (centre?: number) => {
    boardNow();
    out(
      ui.renderMap(
        s.state,
        showAll ? view : { ...view, width, ...(centre !== undefined ? { centre } : focus !== undefined ? { centre: focus } : {}) },
      ),
    );
  };
  const fingerprint = (): string => {
    const b = boardNow();
    return b === null
      ? ui.renderMap(s.state, view)
      : JSON.stringify([b.units.map((u) => [u.unit, u.hex, u.markers]), b.hexes.map((h) => h.markers), b.objectives]);
  };
  const placeHex = (p: ActionPlace): number => (p.to >= 0 ? p.to : p.target >= 0 ? p.target : p.from);
  const others = sideIds.filter((_, i) => i !== human).join(', ');
  /** The computer's last search, and the position it decided in (to put its candidates in words). */
  let lastSearch: SearchReport | undefined;
  let lastSearchState: unknown;
  let lastSearchSeat = -1;
  /** Whether the computer's last decision was told to the player in other words than its own (a secret, e.g. a written plan). */
  let lastDecisionSecret = false;
  /** A move of several hexes under way: the unit and the hexes still to enter. */
  let plan: { unit: number; hexes: number[]; target: number } | null = null;

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
  // consistent whenever this can run: between actions, at the prompt or while the computer thinks (in its thread).
  const onInterrupt = (signal: NodeJS.Signals) => {
    out(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: quitting after ${s.actions.length} actions`);
    try {
      if (opts.record) save(opts.record);
    } catch (e) {
      process.stderr.write(`tacsim: ${(e as Error).message}\n`);
    }
    void computer.stop().finally(() => process.exit(130));
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  let quit = false;
  let lastTurn = -1;
  /** The board when the computer began its run of decisions: the map is drawn again when they changed it. */
  let beforeComputer: string | null = null;
  try {
    computer.warm();
    while (!game.isTerminal(s.state) && !quit) {
      const turn = sc.turn(s.state);
      if (turn !== lastTurn) {
        lastTurn = turn;
        out(`\n=== ${sc.ui.turnHeading?.(s.state) ?? `Turn ${turn} of ${sc.turnLimit}`} ===`);
      }
      const seat = game.toMove(s.state);
      const legal = game.legalActions(s.state);
      if (seat !== human) {
        if (beforeComputer === null) beforeComputer = fingerprint();
        out(`${sideIds[seat]} (${aiSpec}) is thinking...`);
        const t0 = performance.now();
        const answer = await computer.decide({ seed: s.seed, actions: s.actions });
        if (!answer.ok) {
          if (answer.input) throw new InputError(answer.message);
          throw new Error(answer.message);
        }
        const action = legal.find((a) => game.actionKey(a) === answer.action);
        if (action === undefined) throw new Error(`the computer chose "${answer.action}", which is not legal`);
        const ms = performance.now() - t0;
        lastSearch = answer.search as SearchReport | undefined;
        lastSearchState = s.state;
        lastSearchSeat = seat;
        const iterations = (answer.search as { iterations?: number } | undefined)?.iterations;
        const before = s.state;
        const seen = ui.publicAction ? ui.publicAction(before, action, view) : null;
        lastDecisionSecret = seen !== null && seen.label !== ui.describeAction(before, action);
        if (seen !== null && seen.kind !== 'decide') focus = placeHex(seen) >= 0 ? placeHex(seen) : focus;
        say(
          `${sideIds[seat]}: ${seen !== null ? seen.label : ui.describeAction(before, action)} (${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`}${iterations !== undefined ? `, ${iterations} iterations` : ''})`,
        );
        play(s, action, seat);
        boardNow();
        for (const e of ui.publicNarration ? ui.publicNarration(s.state, view) : ui.narration(s.state)) say(`    ${e}`);
        continue;
      }
      // The person's decision. After the computer's turn, the map again when it changed.
      if (beforeComputer !== null) {
        if (fingerprint() !== beforeComputer) showMap();
        beforeComputer = null;
      }
      const places = ui.actionPlaces ? ui.actionPlaces(s.state, legal) : undefined;
      const labels = legal.map((a) => ui.describeAction(s.state, a));
      const moveOf = (unit: number, to: number): unknown =>
        places === undefined
          ? undefined
          : legal[places.findIndex((p) => p.kind === 'move' && p.units.length === 1 && p.units[0] === unit && p.to === to)];
      let chosen: unknown;
      let decided = false;
      // A move of several hexes goes on by itself while its next hex is a legal move.
      if (plan !== null) {
        const next = moveOf(plan.unit, plan.hexes[0]!);
        if (next !== undefined) {
          plan.hexes.shift();
          chosen = next;
          decided = true;
          if (plan.hexes.length === 0) plan = null;
        } else {
          say(`the move of #${plan.unit} to ${grid!.label(plan.target)} stops here: it cannot enter ${grid!.label(plan.hexes[0]!)} now`);
          plan = null;
        }
      }
      if (!decided) {
        say(`\n${ui.renderStatus(s.state, view)}`);
        const list = (only?: readonly number[]) => {
          if (only !== undefined) for (const k of only) say(`  ${String(k + 1).padStart(3)}. ${labels[k]}`);
          else for (const l of actionMenu(labels, places, numbers, (h) => grid?.label(h) ?? String(h))) say(l);
        };
        out('Your decision:');
        list();
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
            const board = boardNow();
            const hexArg = (text: string | undefined): number => {
              const h = text === undefined || grid === null ? -1 : grid.parseLabel(text);
              if (h < 0) throw new InputError(`"${text ?? ''}" is not a hex of this map (a label such as 0405)`);
              return h;
            };
            if (/^\d+$/.test(cmd) && words.length === 1) {
              const n = Number(cmd);
              if (n < 1 || n > legal.length) throw new InputError(`${n} is not on the list (1 to ${legal.length})`);
              chosen = legal[n - 1];
              decided = true;
            } else if (cmd === 'help' || cmd === '?') out(helpText(sc));
            else if (cmd === 'map') {
              const arg = words[1];
              showAll = arg === 'all';
              if (arg === undefined || arg === 'all') showMap();
              else if ((arg === '<' || arg === '>') && board !== null) {
                // The window now, moved by its own width.
                const { first, count } = boardWindow(board, board.hexes[0]!.label.length, width, focus);
                const col = Math.min(board.width - 1, Math.max(0, first + (count >> 1) + (arg === '<' ? -count : count)));
                focus = board.hexes.find((h) => h.col === col && h.row === (focus !== undefined ? board.hexes[focus]!.row : 0))!.hex;
                showMap();
              } else {
                focus = hexArg(arg);
                showMap();
              }
            } else if (cmd === 'units') {
              if (board === null) out(ui.renderUnits(s.state, view));
              else for (const l of unitsTable(board, numbers, sideNames, human)) out(l);
            } else if (cmd === 'info' && board !== null) {
              for (const l of unitInfo(board, numbers, numbers.engine(Number((words[1] ?? '').replace('#', ''))), sideNames)) out(l);
            } else if (cmd === 'hex' && board !== null) {
              for (const l of hexInfo(board, numbers, hexArg(words[1]), sideNames)) out(l);
            } else if (cmd === 'why') {
              const describeKey = (key: string) => {
                const a =
                  lastSearchState === undefined ? undefined : game.legalActions(lastSearchState).find((x) => game.actionKey(x) === key);
                return a === undefined ? key : ui.describeAction(lastSearchState, a);
              };
              for (const l of whyText(
                lastSearch,
                describeKey,
                lastDecisionSecret || (lastSearchSeat >= 0 && hiddenFromPlayer(lastSearchSeat)),
              ))
                say(l);
            } else if (cmd === 'list') {
              if (words[1] === undefined) list();
              else if (words[1] === 'all') list(legal.map((_, k) => k));
              else if (places === undefined) throw new InputError('this rules system does not group its actions: "list" or "list all"');
              else {
                const ks = filterActions(words[1], places, numbers, (l) => grid?.parseLabel(l) ?? -1);
                if (ks.length === 0) out(`no legal action of ${words[1]} now`);
                list(ks);
              }
            } else if (cmd === 'quit' || cmd === 'exit') {
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
              say(
                `undone: ${action === undefined ? undone : ui.describeAction(s.state, action)} (and what followed); back to action ${k + 1}`,
              );
              lastTurn = -1;
              plan = null;
              break;
            } else if (byKey !== undefined) {
              chosen = byKey;
              decided = true;
            } else {
              const typed = board !== null ? numbers.words(words.slice(1)) : words.slice(1);
              // A move to any hex: the legal move there, else the cheapest path one hex at a time.
              if (
                (cmd === 'move' || cmd === 'mv') &&
                typed.length === 2 &&
                /^\d+$/.test(typed[0]!) &&
                places !== undefined &&
                grid !== null
              ) {
                const unit = Number(typed[0]);
                const to = hexArg(typed[1]);
                const direct = moveOf(unit, to);
                if (direct !== undefined) {
                  chosen = direct;
                  decided = true;
                } else if (ui.movement && places.some((p) => p.kind === 'move' && p.units.includes(unit))) {
                  // (A unit with no move now is left to the system's command, which says why.)
                  const m = ui.movement(s.state, unit);
                  const who = `#${numbers.shown(unit) ?? unit}`;
                  if (typeof m === 'string') throw new InputError(`unit ${who} cannot move now: ${m}`);
                  const path = cheapestPath(grid, m, to);
                  if (path === null)
                    throw new InputError(
                      `unit ${who} cannot reach ${grid.label(to)} now: no path within its ${m.budget / m.scale} movement points that the movement rules allow ("list #${numbers.shown(unit) ?? unit}" shows its next hexes)`,
                    );
                  out(
                    `move ${who}: ${[m.start, ...path.hexes].map((h) => grid.label(h)).join(' -> ')}, ${path.cost} of ${path.budget} movement points`,
                  );
                  out(
                    path.exposed.length === 0
                      ? '  no enemy unit you know of can fire on it along the way'
                      : `  opportunity fire may come at ${path.exposed.map((x) => `${grid.label(x.hex)} (${x.firers} unit${x.firers > 1 ? 's' : ''})`).join(', ')}`,
                  );
                  const first = moveOf(unit, path.hexes[0]!);
                  if (first === undefined) throw new InputError(`unit ${who} cannot enter ${grid.label(path.hexes[0]!)} now`);
                  chosen = first;
                  decided = true;
                  if (path.hexes.length > 1) plan = { unit, hexes: path.hexes.slice(1), target: to };
                }
              }
              if (!decided) {
                chosen = ui.parseCommand(s.state, [cmd, ...typed], legal);
                if (chosen === undefined)
                  throw new InputError(`unknown command "${words.join(' ')}" (type "help" for the commands, or a number from the list)`);
                decided = true;
              }
            }
            if (decided) {
              const odds = ui.odds(s.state, chosen);
              if (odds.length > 0) {
                say(ui.describeAction(s.state, chosen));
                for (const l of odds) say(`  ${l}`);
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
                  plan = null;
                }
              }
            }
          } catch (e) {
            // Every failed command (bad input, a file that cannot be read or written, a fault in the
            // system's command parser) is said at the prompt, and the game goes on.
            say(e instanceof InputError ? e.message : `${cmd} failed: ${(e as Error)?.message ?? String(e)}`);
            decided = false;
            plan = null;
          }
        }
      }
      if (!decided) continue;
      // Described in the position it was chosen in (unit positions are those before the move).
      const said = ui.describeAction(s.state, chosen);
      const place = ui.actionPlaces ? ui.actionPlaces(s.state, [chosen])[0] : undefined;
      if (place !== undefined && placeHex(place) >= 0) focus = placeHex(place);
      play(s, chosen, human);
      boardNow();
      say(`you: ${said}`);
      for (const e of ui.publicNarration ? ui.publicNarration(s.state, view) : ui.narration(s.state)) say(`    ${e}`);
    }
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    input.close();
    await computer.stop();
  }

  if (game.isTerminal(s.state)) {
    out('');
    showAll = true;
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
