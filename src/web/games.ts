/**
 * The games `tacsim serve` holds, one per browser tab, for any rules system: the page is given only what the
 * seat it plays may see, built from the scenario's ui (board, actionPlaces, publicAction, publicNarration).
 * Unit numbers and action keys are the page's own (client/protocol.ts): units are numbered in the order the
 * player first sees them, and actions are named by tokens, so nothing sent counts the units the player may not
 * see. The computer's decisions run on a piscina pool of worker threads (ai-worker.ts), which report their
 * search iterations while they think.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { createAgent } from '../../agents/agent.js';
import { InputError } from '../core/errors.js';
import { actionByKey, type Rng } from '../core/game.js';
import { createRng } from '../core/rng.js';
import { engineUnitWords, shownUnitText } from '../core/typed-units.js';
import type { BoardView as KernelBoard, ActionPlace as EnginePlace, LoadedScenario, ScenarioOptions } from '../core/system.js';
import { agentSeed } from '../harness/match.js';
import { WORKER_EXEC_ARGV } from '../harness/pool.js';
import { checkRecord, type GameRecord, RECORD_FORMAT, scenarioRef } from '../cli/record.js';
import { loadScenario, systemModuleOf } from '../scenarios.js';
import type { AiProgress, AiResult, AiTask } from './ai-worker.js';
import type { ActionPlace, BoardView, GamePayload, LegalAction, LogEntry, WhyCandidate } from './client/protocol.js';

export type { GamePayload, LogEntry };

/** A request the page got wrong: answered with `status` and the message, the server keeps serving. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface NewGame {
  scenario: string;
  side: string;
  ai: string;
  seed?: string;
  options?: ScenarioOptions;
  /** A saved record to continue (its scenario, options, seed and actions win over the above). */
  record?: unknown;
}

/**
 * The page's unit numbers for one game: a unit gets the next number the first time anything sent to the
 * page shows it, and keeps it for the rest of the game (undo included). The engine's unit indices never leave
 * the server, so a unit the player may not see leaves no gap. In text, a unit is written `#N` with its index
 * (the convention of the systems' describe and narration), rewritten to the page's number.
 */
export class UnitNumbers {
  private readonly numbers = new Map<number, number>();

  of(unit: number): number {
    let n = this.numbers.get(unit);
    if (n === undefined) {
      n = this.numbers.size;
      this.numbers.set(unit, n);
    }
    return n;
  }

  /** The engine's index of the page's unit `n`, or undefined when the page has no unit `n`. */
  engineUnit(n: number): number | undefined {
    for (const [unit, shown] of this.numbers) if (shown === n) return unit;
    return undefined;
  }

  /** A command's words with the page's unit numbers as the engine's (core/typed-units.ts). */
  words(words: readonly string[]): string[] {
    return engineUnitWords(words, (n) => {
      const unit = this.engineUnit(n);
      if (unit === undefined) throw new InputError(`there is no unit #${n} on your page`);
      return unit;
    });
  }

  /** `text` with the units the page has been shown in its numbers, and any other unit as "#?" (numbering it would tell the page it exists). */
  shownText(line: string): string {
    return shownUnitText(line, (unit) => this.numbers.get(unit));
  }

  /** How many units the page has been shown. */
  get size(): number {
    return this.numbers.size;
  }

  text(line: string): string {
    return line.replace(/#(\d+)/g, (_, i: string) => `#${this.of(Number(i))}`);
  }

  place(p: EnginePlace): ActionPlace {
    return { ...p, label: this.text(p.label), units: p.units.map((u) => this.of(u)) };
  }

  board(b: KernelBoard): BoardView {
    // The engine's order first, so a game's first numbers follow the scenario's order of battle.
    for (const u of [...b.units].sort((x, y) => x.unit - y.unit)) this.of(u.unit);
    return {
      ...b,
      units: b.units.map((u) => ({ ...u, unit: this.of(u.unit), name: this.text(u.name), details: this.text(u.details) })),
      status: this.text(b.status),
    };
  }
}

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const i = here.lastIndexOf('/src/web/');
    return `${here.slice(0, i)}/dist/src/web/ai-worker.js`;
  }
  return fileURLToPath(new URL('./ai-worker.js', import.meta.url));
}

export class WebGame {
  readonly id = randomUUID();
  state: unknown;
  dice: Rng;
  actions: string[] = [];
  seats: number[] = [];
  hashes: string[] = [];
  log: LogEntry[] = [];
  thinking: { seat: number; since: number; iterations: number } | null = null;
  /** The page's unit numbers (kept through undo: a unit keeps its number for the whole game). */
  readonly numbers = new UnitNumbers();
  error: string | null = null;
  /** Bumped by undo and load, so a decision of the computer asked for before is dropped. */
  epoch = 0;
  /** Actions of the other side the player may not learn of (a hidden unit's activation): the record would show them. */
  secretActions = 0;
  lastSeen = Date.now();

  constructor(
    readonly sc: LoadedScenario,
    readonly seed: string,
    readonly human: number,
    readonly aiSpec: string,
  ) {
    this.dice = createRng(seed);
    this.state = sc.initialState(this.dice);
    this.numbers.board(this.board());
  }

  /** The position as the player's side may see it, with the engine's unit indices. */
  board(): KernelBoard {
    return this.sc.ui.board!(this.state, this.view);
  }

  /**
   * Whether the player's side may not see some unit the other side sees (hidden units): then the record, which
   * lists every action, waits for the end of the game, and the computer's expected lines are not shown.
   */
  hidesUnits(): boolean {
    const mine = new Set(this.board().units.map((u) => u.unit));
    return this.sc.ui.board!(this.state, { viewer: 1 - this.human }).units.some((u) => !mine.has(u.unit));
  }

  get view() {
    return { viewer: this.human };
  }

  /** Applies the action with key `key` for the seat to move, logging it as that seat's opponent may see it. */
  apply(action: unknown, extra: Pick<LogEntry, 'ms' | 'iterations' | 'why'> = {}): void {
    const { sc } = this;
    const game = sc.game;
    const seat = game.toMove(this.state);
    const before = this.state;
    const own = sc.ui.actionPlaces?.(before, [action])[0] ?? neutralPlace(sc.ui.describeAction(before, action));
    const place = seat === this.human ? own : (sc.ui.publicAction?.(before, action, this.view) ?? own);
    if (place.label !== own.label) this.secretActions++;
    this.state = game.apply(before, action, this.dice);
    this.actions.push(game.actionKey(action));
    this.seats.push(seat);
    this.hashes.push(sc.stateHash(this.state));
    const narration = (sc.ui.publicNarration?.(this.state, this.view) ?? sc.ui.narration(this.state)).map((l) => this.numbers.text(l));
    const shown = this.numbers.place(place);
    this.log.push({ seq: this.actions.length, seat, turn: sc.turn(before), text: shown.label, place: shown, narration, ...extra });
  }

  replay(actions: readonly string[]): void {
    const game = this.sc.game;
    this.dice = createRng(this.seed);
    this.state = this.sc.initialState(this.dice);
    this.actions = [];
    this.seats = [];
    this.hashes = [];
    this.log = [];
    this.secretActions = 0;
    for (const [k, key] of actions.entries()) {
      if (game.isTerminal(this.state)) throw new RequestError(400, `action ${k + 1} ("${key}") comes after the end of the game`);
      const action = actionByKey(game, this.state, key);
      if (action === undefined) throw new RequestError(400, `action ${k + 1} ("${key}") is not legal at that point of the game`);
      this.apply(action);
    }
  }

  record(): GameRecord {
    const { sc } = this;
    const rec: GameRecord = {
      format: RECORD_FORMAT,
      scenario: scenarioRef(sc.file),
      system: sc.system,
      options: sc.options,
      seed: this.seed,
      agents: Object.fromEntries(sc.sides.map((side, i) => [side.id, i === this.human ? 'human' : this.aiSpec])),
      actions: this.actions.slice(),
      hashes: this.hashes.slice(),
    };
    if (sc.game.isTerminal(this.state)) {
      const o = sc.outcome(this.state);
      rec.outcome = { ...o, winnerSide: o.winner === null ? null : sc.sides[o.winner]!.id };
      rec.winner = o.winner === null ? 'draw' : sc.sides[o.winner]!.id;
    }
    return rec;
  }
}

function neutralPlace(label: string): ActionPlace {
  return { kind: 'other', label, units: [], from: -1, to: -1, target: -1, combat: false };
}

/** Games not asked about for this long are dropped. */
const IDLE_MS = 6 * 3600 * 1000;

export class GameStore {
  private readonly games = new Map<string, WebGame>();
  private readonly pool: Piscina<AiTask, AiResult>;

  constructor(readonly defaults: NewGame) {
    this.pool = new Piscina({
      filename: workerFile(),
      maxThreads: Math.max(1, availableParallelism()),
      idleTimeout: 60_000,
      execArgv: [...WORKER_EXEC_ARGV],
    });
  }

  async close(): Promise<void> {
    this.games.clear();
    await this.pool.destroy();
  }

  /** Starts a game (or continues a record); the computer moves at once if it has the first decision. */
  create(req: NewGame): WebGame {
    let scenario = req.scenario;
    let options = req.options ?? {};
    let seed = req.seed ?? String(Date.now() % 1_000_000);
    let side = req.side;
    let ai = req.ai;
    let actions: string[] = [];
    if (req.record !== undefined) {
      const rec = checkRecord(req.record, 'the uploaded record', '');
      scenario = rec.scenario;
      options = rec.options;
      seed = rec.seed;
      actions = rec.actions;
      side = Object.entries(rec.agents).find(([, spec]) => spec === 'human')?.[0] ?? side;
      ai = Object.entries(rec.agents).find(([, spec]) => spec !== 'human')?.[1] ?? ai;
    }
    const sc = loadScenario(scenario, options, { narrate: true });
    const human = sc.sides.findIndex((s) => s.id === side);
    if (human < 0) throw new RequestError(400, `no side "${side}" in ${sc.id} (sides: ${sc.sides.map((s) => s.id).join(', ')})`);
    if (sc.ui.board === undefined) throw new RequestError(400, `the ${sc.system} rules system draws no board for the browser`);
    createAgent(ai, sc.ai); // checks the spec
    const g = new WebGame(sc, seed, human, ai);
    if (actions.length > 0) g.replay(actions);
    this.prune();
    this.games.set(g.id, g);
    this.pump(g);
    return g;
  }

  get(id: string): WebGame {
    const g = this.games.get(id);
    if (g === undefined) throw new RequestError(404, `no game "${id}" on this server (it may have ended with a restart): start a new one`);
    g.lastSeen = Date.now();
    return g;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, g] of this.games) if (now - g.lastSeen > IDLE_MS) this.games.delete(id);
  }

  payload(g: WebGame, since = 0): GamePayload {
    const { sc } = g;
    const game = sc.game;
    const over = game.isTerminal(g.state);
    const toMove = over ? -1 : game.toMove(g.state);
    const yourTurn = toMove === g.human && g.thinking === null;
    const board = g.numbers.board(g.board());
    const legal = yourTurn ? game.legalActions(g.state) : [];
    const places = yourTurn
      ? (sc.ui.actionPlaces?.(g.state, legal) ?? legal.map((a) => neutralPlace(sc.ui.describeAction(g.state, a))))
      : [];
    let overText: string | null = null;
    if (over) {
      const o = sc.outcome(g.state);
      overText = `Game over after turn ${o.turns}: ${
        o.winner === null
          ? 'a draw'
          : `${sc.sides[o.winner]!.name} win${o.winner === g.human ? ' - you win' : ' - you lose'} (${o.victoryLevel} victory)`
      }; victory points ${sc.sides.map((s, i) => `${s.id} ${o.vp[i]}`).join(', ')}`;
    }
    return {
      id: g.id,
      scenario: {
        id: sc.id,
        title: sc.title,
        system: sc.system,
        turnLimit: sc.turnLimit,
        sides: sc.sides.map((s) => ({ id: s.id, name: s.name })),
        commands: sc.ui.commandHelp,
      },
      human: g.human,
      ai: g.aiSpec,
      seed: g.seed,
      board,
      toMove,
      yourTurn,
      legal: places.map((p, k): LegalAction => ({ key: actionToken(g, k), ...g.numbers.place(p) })),
      log: g.log.filter((e) => e.seq > since),
      thinking: g.thinking && { seat: g.thinking.seat, ms: Date.now() - g.thinking.since, iterations: g.thinking.iterations },
      error: g.error,
      over: overText,
      actions: g.actions.length,
    };
  }

  /** The player's action, by the key the payload gave it: checked against the engine's legal actions. */
  act(g: WebGame, key: unknown): void {
    const action = this.legalAction(g, key);
    g.apply(action);
    this.pump(g);
  }

  /**
   * A command the player typed, as at the terminal's prompt (the system's short commands, `ui.parseCommand`),
   * with the page's unit numbers: the way to every choice the rules give the player, the ones the agents'
   * list leaves out included (Game.actionOf).
   */
  command(g: WebGame, text: unknown): void {
    if (typeof text !== 'string' || text.trim() === '') throw new RequestError(400, 'type a command: {"command": "TEXT"}');
    const game = g.sc.game;
    this.yourDecision(g);
    const typed = text.trim();
    const [first, ...rest] = typed.split(/\s+/);
    let words: string[];
    let action: unknown;
    try {
      words = [first!.toLowerCase(), ...g.numbers.words(rest)];
    } catch (e) {
      // Said in the page's numbers already.
      if (e instanceof InputError) throw new RequestError(400, e.message);
      throw e;
    }
    try {
      action = g.sc.ui.parseCommand(g.state, words, game.legalActions(g.state));
    } catch (e) {
      // The system's parser says units by the engine's numbers.
      if (e instanceof InputError) throw new RequestError(400, g.numbers.shownText(e.message));
      throw e;
    }
    if (action === undefined) throw new RequestError(400, `unknown command "${typed}" (the commands are listed under the box)`);
    // A parser may name a wider choice than the list; the engine has the last word on what the rules allow.
    if (actionByKey(game, g.state, game.actionKey(action)) === undefined) throw new RequestError(400, `"${typed}" is not open to you now`);
    g.apply(action);
    this.pump(g);
  }

  /** The chances of a combat action of the player (the terminal's odds lines). */
  odds(g: WebGame, key: unknown): string[] {
    const action = this.legalAction(g, key);
    return g.sc.ui.odds(g.state, action).map((l) => g.numbers.text(l));
  }

  private legalAction(g: WebGame, key: unknown): unknown {
    if (typeof key !== 'string' || key === '') throw new RequestError(400, 'name the action by its key: {"action": "KEY"}');
    const game = g.sc.game;
    this.yourDecision(g);
    const legal = game.legalActions(g.state);
    const m = /^(\d+)\.(\d+)$/.exec(key);
    if (m !== null && Number(m[1]) !== g.actions.length)
      throw new RequestError(409, `"${key}" was an action of an earlier position: the game has moved on (reload it)`);
    const action = m === null ? undefined : legal[Number(m[2])];
    if (action === undefined) throw new RequestError(400, `"${key}" is not one of your actions now: ${this.explain(g, legal)}`);
    return action;
  }

  /** Refuses a request to act when the decision is not the player's. */
  private yourDecision(g: WebGame): void {
    const game = g.sc.game;
    if (game.isTerminal(g.state)) throw new RequestError(409, 'the game is over: start a new one');
    if (g.thinking !== null || game.toMove(g.state) !== g.human)
      throw new RequestError(409, 'it is not your decision: the computer is playing');
  }

  /** What the player may do now, in words. */
  private explain(g: WebGame, legal: readonly unknown[]): string {
    const places = g.sc.ui.actionPlaces?.(g.state, legal) ?? [];
    const kinds = [...new Set(places.map((p) => p.kind))];
    return `the decision now is ${g.numbers.text(g.sc.ui.renderStatus(g.state, g.view))}; you may ${kinds.join(', ') || 'do nothing'}`;
  }

  /** Takes back the player's last decision and the computer's replies after it. */
  undo(g: WebGame): void {
    if (g.thinking !== null) throw new RequestError(409, 'wait for the computer to finish its decision');
    const k = g.seats.lastIndexOf(g.human);
    if (k < 0) throw new RequestError(409, 'nothing to undo: you have not decided anything yet');
    g.epoch++;
    g.error = null;
    g.replay(g.actions.slice(0, k));
    this.pump(g);
  }

  /**
   * Lets the computer play while it has the decision, one action at a time on the worker pool; the worker
   * reports its search iterations on a message port while it thinks.
   */
  private pump(g: WebGame): void {
    const game = g.sc.game;
    if (g.thinking !== null || game.isTerminal(g.state) || game.toMove(g.state) === g.human) return;
    const seat = game.toMove(g.state);
    const epoch = g.epoch;
    const thinking = { seat, since: Date.now(), iterations: 0 };
    g.thinking = thinking;
    const channel = new MessageChannel();
    channel.port1.on('message', (m: AiProgress) => {
      thinking.iterations = m.iterations;
    });
    channel.port1.unref();
    const task: AiTask = {
      game: g.id,
      file: g.sc.file,
      options: g.sc.options,
      seed: g.seed,
      aiSpec: g.aiSpec,
      actions: g.actions.slice(),
      // One decision, one seed: the same game gets the same replies whatever worker thread answers.
      agentSeed: `${agentSeed(g.seed, seat)}/${g.actions.length}`,
      progress: channel.port2,
    };
    const module = systemModuleOf(g.sc.system);
    if (module !== undefined) task.systemModule = module;
    this.pool
      .run(task, { transferList: [channel.port2] })
      .then((r) => {
        channel.port1.close();
        if (g.epoch !== epoch) return;
        g.thinking = null;
        const action = actionByKey(game, g.state, r.action);
        if (action === undefined) throw new Error(`the computer chose "${r.action}", not legal here`);
        g.apply(action, { ms: Date.now() - thinking.since, iterations: r.iterations, why: this.why(g, r) });
        this.pump(g);
      })
      .catch((e: unknown) => {
        channel.port1.close();
        if (g.epoch !== epoch) return;
        g.thinking = null;
        g.error = `the computer failed: ${(e as Error).message ?? String(e)}`;
      });
  }

  /**
   * The computer's best candidates, worded as the player may see them (a move out of sight stays unnamed), with
   * the line of play it expects after its choice. The line is shown only when the player's side sees every unit:
   * it would otherwise tell where hidden units are meant to go.
   */
  private why(g: WebGame, r: AiResult): WhyCandidate[] {
    const { sc } = g;
    const game = sc.game;
    const legal = game.legalActions(g.state);
    const line = r.line !== undefined && r.line.length > 1 && r.line[0] === r.action && !g.hidesUnits() ? r.line : undefined;
    return r.top.map((c) => {
      const action = legal.find((a) => game.actionKey(a) === c.key);
      const label =
        action === undefined ? 'an action' : (sc.ui.publicAction?.(g.state, action, g.view).label ?? sc.ui.describeAction(g.state, action));
      const out: { -readonly [K in keyof WhyCandidate]: WhyCandidate[K] } = {
        label: g.numbers.text(label),
        value: Math.round(c.mean * 100) / 100,
        visits: c.visits,
      };
      if (c.prior !== undefined) out.prior = Math.round(c.prior * 1000) / 1000;
      if (line !== undefined && action !== undefined && c.key === r.action) out.line = this.lineWords(g, action, line.slice(1));
      return out;
    });
  }

  /**
   * An expected line in words: each action described in the position the ones before it lead to (with dice of
   * their own: a line is what the search expects, not what will happen). Stops at the first key not legal there.
   */
  private lineWords(g: WebGame, first: unknown, keys: readonly string[]): string[] {
    const game = g.sc.game;
    const dice = createRng(`why/${g.actions.length}`);
    let state = game.apply(g.state, first, dice);
    const words: string[] = [];
    for (const key of keys) {
      if (game.isTerminal(state)) break;
      const action = actionByKey(game, state, key);
      if (action === undefined) break;
      words.push(g.numbers.text(g.sc.ui.describeAction(state, action)));
      state = game.apply(state, action, dice);
    }
    return words;
  }

  /**
   * A record for download: the same format `tacsim play --record` writes. It lists every action, the other
   * side's included, so while the game goes on it is refused when one of them was out of the player's sight or
   * the other side has units the player may not see (their numbers would show in the record).
   */
  record(g: WebGame): GameRecord {
    if ((g.secretActions > 0 || g.hidesUnits()) && !g.sc.game.isTerminal(g.state))
      throw new RequestError(
        409,
        'the record would show units of the other side out of your sight (hidden units): it can be downloaded when the game is over; this tab keeps the game meanwhile',
      );
    return g.record();
  }
}

/** The key of the player's k-th legal action: valid for this position only. */
function actionToken(g: WebGame, k: number): string {
  return `${g.actions.length}.${k}`;
}

export { InputError };
