/**
 * One game, in-process: the building block of every run. Game dice come from createRng(seed); each
 * seat's agent gets its own stream, createRng(`${seed}/agent/${seat}`), so no agent ever draws from
 * (or perturbs) the game's dice.
 */
import { InputError } from '../core/errors.js';
import { moduleUrl } from '../core/modules.js';
import { createRng } from '../core/rng.js';
import type { LoadedScenario, ScenarioOptions, SideInfo } from '../core/system.js';
import { turnRecordOf, turnRecordShape, type TurnRecordShape } from '../core/turns.js';
import { loadScenario, registerSystemModule } from '../scenarios.js';
import type { AgentFactory, GameRow, HarnessAgent, TurnLogEntry } from './types.js';

export const DEFAULT_MAX_ACTIONS = 20_000;

/** The agent rng seed of `seat` in the game seeded `seed`. */
export function agentSeed(seed: string, seat: number): string {
  return `${seed}/agent/${seat}`;
}

export { registerSystemModule };

/**
 * The agent factory: `createAgent` of agents/agent.js, or of `agentModule` when given
 * (a compiled module exporting `createAgent(spec, hooks)`, e.g. the harness test fixture).
 */
export async function loadAgentFactory(agentModule?: string): Promise<AgentFactory> {
  if (agentModule) {
    const mod = (await import(moduleUrl(agentModule))) as { createAgent?: AgentFactory };
    if (typeof mod.createAgent !== 'function') throw new InputError('the module exports no function "createAgent"', agentModule);
    return mod.createAgent;
  }
  // Loaded lazily so that runs with their own agentModule never load the real agents (and MCTS).
  const { createAgent } = await import('../../agents/agent.js');
  return (spec, hooks) => createAgent(spec, hooks) as HarnessAgent;
}

/** Loads a scenario after registering `systemModule`, if any. */
export async function loadRunScenario(scenario: string, options: ScenarioOptions, systemModule?: string): Promise<LoadedScenario> {
  if (systemModule) await registerSystemModule(systemModule);
  return loadScenario(scenario, options);
}

/**
 * Agent spec per seat for game `index`: the side's own spec, or with `swap` on odd games the specs
 * rotated one seat (with two sides, exchanged).
 */
export function seatSpecs(sides: readonly SideInfo[], agents: Readonly<Record<string, string>>, swap: boolean, index: number): string[] {
  const base = sides.map((s) => {
    const spec = agents[s.id];
    if (spec === undefined) throw new InputError(`no agent spec for side "${s.id}"`);
    return spec;
  });
  if (!swap || index % 2 === 0 || base.length < 2) return base;
  return base.map((_, seat) => base[(seat + 1) % base.length]!);
}

/** A worker batch's watchdog slot value (see GameRunner.play): which launch (20 bits) and how many of its games have started (11 bits). */
export function progressValue(token: number, started: number): number {
  return ((token & 0xfffff) << 11) | (started & 0x7ff);
}

/** The error of a game stopped by its wall-clock limit. */
export function timeLimitError(limitMs: number): string {
  return `exceeded the time limit of ${limitMs / 1000} s per game (raise --game-time-limit, or the game does not end)`;
}

/** The dice of the starting position the turn records' shape is read from (the same in every thread). */
const SHAPE_SEED = 'turn-record-shape';
const shapes = new WeakMap<LoadedScenario, TurnRecordShape>();

/** The shape of `scenario`'s turn records (turns.csv columns): the same for every game and every thread. */
export function turnShapeOf(scenario: LoadedScenario): TurnRecordShape {
  let shape = shapes.get(scenario);
  if (!shape) shapes.set(scenario, (shape = turnRecordShape(scenario, scenario.initialState(createRng(SHAPE_SEED)))));
  return shape;
}

export interface PlayOptions {
  maxActions?: number;
  /** Keep the position at the end of every turn in row.turnLog (turns.csv). */
  turnRecords?: boolean;
  /** Wall-clock limit of the game in ms (0 or absent: none), checked between actions: over it the game is an error row. */
  timeLimitMs?: number;
  /** Keep the action keys in row.actionKeys. */
  records?: boolean;
  /** Polled between actions; when it returns true the game is abandoned and playGame returns null. */
  shouldStop?: () => boolean;
}

function errorText(e: unknown): string {
  if (e instanceof Error) return `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message}`.replace(/\s+/g, ' ').slice(0, 500);
  return String(e).slice(0, 500);
}

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return typeof x === 'object' && x !== null && typeof (x as { then?: unknown }).then === 'function';
}

/**
 * Plays game `index` with the given agents (one per seat) and returns its row. An exception from the
 * rules or an agent is caught and recorded in `error` (with the seed in the row, so the game can be
 * replayed). Returns null only when `shouldStop` asked to abandon the game.
 */
export async function playGame(
  scenario: LoadedScenario,
  agents: readonly HarnessAgent[],
  specs: readonly string[],
  index: number,
  seed: string,
  options: PlayOptions = {},
): Promise<GameRow | null> {
  const maxActions = options.maxActions ?? DEFAULT_MAX_ACTIONS;
  const started = performance.now();
  const game = scenario.game;
  const n = scenario.sides.length;
  const row: GameRow = {
    game: index,
    seed,
    agents: specs.slice(),
    winner: null,
    victoryLevel: '',
    turns: null,
    vp: new Array<number | null>(n).fill(null),
    metrics: {},
    actions: 0,
    ms: 0,
    error: null,
  };
  const keys: string[] | undefined = options.records ? [] : undefined;
  const shape = options.turnRecords ? turnShapeOf(scenario) : undefined;
  const turnLog: TurnLogEntry[] | undefined = shape ? [] : undefined;
  let state: unknown;
  try {
    const dice = createRng(seed);
    const rngs = agents.map((_, seat) => createRng(agentSeed(seed, seat)));
    state = scenario.initialState(dice);
    let turn = turnLog ? scenario.turn(state) : 0;
    while (!game.isTerminal(state)) {
      if (options.shouldStop?.()) return null;
      if (options.timeLimitMs && performance.now() - started > options.timeLimitMs) {
        row.error = timeLimitError(options.timeLimitMs);
        break;
      }
      if (row.actions >= maxActions) {
        row.error = `exceeded the limit of ${maxActions} actions (raise --max-actions, or the game does not end)`;
        break;
      }
      const seat = game.toMove(state);
      const agent = agents[seat];
      if (!agent) throw new Error(`toMove gave seat ${seat}, but the game has ${agents.length} seats`);
      let action = agent.act(game, state, seat, rngs[seat]!);
      if (isThenable(action)) action = await action;
      if (keys) keys.push(game.actionKey(action));
      const before = state;
      state = game.apply(state, action, dice);
      row.actions++;
      if (turnLog) {
        // The position just before the turn changes is the end of the turn.
        const now = scenario.turn(state);
        if (now !== turn) {
          turnLog.push({ turn, record: turnRecordOf(scenario, before, shape!) });
          turn = now;
        }
      }
    }
    if (turnLog) turnLog.push({ turn: scenario.turn(state), record: turnRecordOf(scenario, state, shape!) });
    const out = scenario.outcome(state);
    if (row.error === null) row.winner = out.winner;
    row.victoryLevel = out.victoryLevel;
    row.turns = out.turns;
    row.vp = Array.from({ length: n }, (_, i) => out.vp[i] ?? null);
    row.metrics = Object.fromEntries(
      scenario.metrics.map((m) => [m.id, Array.from({ length: n }, (_, i) => out.metrics[m.id]?.[i] ?? null)]),
    );
  } catch (e) {
    row.error = errorText(e);
    row.winner = null;
  }
  row.ms = Math.round((performance.now() - started) * 100) / 100;
  if (keys) row.actionKeys = keys;
  if (turnLog) row.turnLog = turnLog;
  return row;
}

export interface MatchOptions {
  /** A loaded scenario, or a shipped scenario id / path. */
  scenario: LoadedScenario | string;
  scenarioOptions?: ScenarioOptions;
  /** Agent spec per side id, or per seat. */
  agents: Readonly<Record<string, string>> | readonly string[];
  /** The game's seed (used as is). Default "0". */
  seed?: string | number;
  /** The game's index, recorded in the row. Default 0. */
  game?: number;
  maxActions?: number;
  records?: boolean;
  systemModule?: string;
  agentModule?: string;
  /** Overrides agentModule / agents/agent.js. */
  agentFactory?: AgentFactory;
}

/** Plays a single game in this thread between agent specs and returns its row (with action keys if `records`). */
export async function runMatch(options: MatchOptions): Promise<GameRow> {
  const scenario =
    typeof options.scenario === 'string'
      ? await loadRunScenario(options.scenario, options.scenarioOptions ?? {}, options.systemModule)
      : options.scenario;
  const specs = Array.isArray(options.agents)
    ? (options.agents as readonly string[]).slice()
    : seatSpecs(scenario.sides, options.agents as Record<string, string>, false, 0);
  if (specs.length !== scenario.sides.length) throw new InputError(`${specs.length} agent specs for ${scenario.sides.length} sides`);
  const factory = options.agentFactory ?? (await loadAgentFactory(options.agentModule));
  const agents: HarnessAgent[] = [];
  try {
    for (const spec of specs) agents.push(await factory(spec, scenario.ai));
    const row = await playGame(scenario, agents, specs, options.game ?? 0, String(options.seed ?? '0'), {
      maxActions: options.maxActions,
      records: options.records,
    });
    return row!;
  } finally {
    for (const a of agents) await a.close?.();
  }
}
