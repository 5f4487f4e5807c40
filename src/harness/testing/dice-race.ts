/**
 * A tiny two-player rules system used by the harness tests (and handy for trying the harness):
 * a dice race. Compiled into dist/ so worker threads can load it as a `systemModule`/`agentModule`.
 *
 * Each turn both players move once, the turn-1 initiative winner (a die roll) first. "one": advance
 * one die. "two": roll two dice and advance their total, but a roll with a 1 on either die is a setback
 * (back 3 spaces, one step lost). First to `target` wins; at the turn limit the leader wins.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Game, Rng } from '../../core/game.js';
import { IllegalActionError } from '../../core/game.js';
import { InputError } from '../../core/errors.js';
import type { GameOutcome, LoadedScenario, RulesSystem, ScenarioOptions, ScenarioParameter, ScenarioUi } from '../../core/system.js';
import type { HarnessAgent } from '../types.js';

export interface RaceState {
  readonly pos: readonly number[];
  readonly setbacks: readonly number[];
  readonly turn: number;
  /** Seat to move now. */
  readonly toMove: number;
  /** Moves made this turn (0 or 1). */
  readonly moved: number;
  readonly first: number;
  readonly winner: number | null | undefined;
  readonly done: boolean;
}

export type RaceAction = 'one' | 'two';

interface RaceConfig {
  target: number;
  turns: number;
  headStart: number;
  failRate: number;
}

function makeGame(cfg: RaceConfig): Game<RaceState, RaceAction> {
  const finish = (s: RaceState, pos: number[], setbacks: number[], toMove: number, moved: number, turn: number): RaceState => {
    const reached = pos.findIndex((p) => p >= cfg.target);
    if (reached >= 0) return { ...s, pos, setbacks, toMove, moved, turn, winner: reached, done: true };
    if (turn > cfg.turns) {
      const winner = pos[0]! === pos[1]! ? null : pos[0]! > pos[1]! ? 0 : 1;
      return { ...s, pos, setbacks, toMove, moved, turn: cfg.turns, winner, done: true };
    }
    return { ...s, pos, setbacks, toMove, moved, turn, winner: undefined, done: false };
  };
  return {
    name: 'dice-race',
    players: 2,
    toMove: (s) => s.toMove,
    legalActions: (s) => (s.done ? [] : ['one', 'two']),
    apply(s, a, rng) {
      if (s.done) throw new IllegalActionError(a, 'the game is over');
      if (a !== 'one' && a !== 'two') throw new IllegalActionError(String(a), 'unknown action');
      if (cfg.failRate > 0 && rng.next() < cfg.failRate) throw new Error(`dice-race: injected failure on turn ${s.turn}`);
      const pos = s.pos.slice();
      const setbacks = s.setbacks.slice();
      const me = s.toMove;
      if (a === 'one') pos[me] = pos[me]! + rng.int(6) + 1;
      else {
        const d1 = rng.int(6) + 1;
        const d2 = rng.int(6) + 1;
        if (d1 === 1 || d2 === 1) {
          pos[me] = Math.max(0, pos[me]! - 3);
          setbacks[me] = setbacks[me]! + 1;
        } else pos[me] = pos[me]! + d1 + d2;
      }
      const moved = s.moved + 1;
      if (moved >= 2) return finish(s, pos, setbacks, s.first, 0, s.turn + 1);
      return finish(s, pos, setbacks, 1 - me, moved, s.turn);
    },
    isTerminal: (s) => s.done,
    returns: (s) => (s.winner === null || s.winner === undefined ? [0, 0] : s.winner === 0 ? [1, -1] : [-1, 1]),
    actionKey: (a) => a,
    evaluate: (s) => {
      const d = Math.tanh((s.pos[0]! - s.pos[1]!) / cfg.target);
      return [d, -d];
    },
  };
}

function raceUi(sides: readonly { id: string }[]): ScenarioUi<RaceState, RaceAction> {
  const status = (s: RaceState): string => `Turn ${s.turn}: ${sides.map((x, i) => `${x.id} at ${s.pos[i]}`).join(', ')}`;
  return {
    renderMap: status,
    renderUnits: status,
    renderStatus: status,
    briefing: () => [],
    describeAction: (_s, a) => (a === 'one' ? 'advance one die' : 'roll two dice'),
    commandHelp: [],
    parseCommand: () => undefined,
    odds: () => [],
    narration: () => [],
  };
}

function num(data: Record<string, unknown>, key: string, file: string, fallback: number): number {
  const v = data[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new InputError(`"${key}" must be a number`, file, key);
  return v;
}

export const system: RulesSystem = {
  id: 'dice-race',
  title: 'Dice race (harness test fixture)',
  load(file: string, options: ScenarioOptions = {}): LoadedScenario<RaceState, RaceAction> {
    const abs = resolve(file);
    const data = JSON.parse(readFileSync(abs, 'utf8')) as Record<string, unknown>;
    const base: RaceConfig = {
      target: num(data, 'target', abs, 30),
      turns: num(data, 'turns', abs, 20),
      headStart: num(data, 'headStart', abs, 0),
      failRate: num(data, 'failRate', abs, 0),
    };
    const limits: Record<keyof RaceConfig, [number, number, string]> = {
      target: [5, 200, 'spaces to reach'],
      turns: [1, 200, 'turn limit'],
      headStart: [-20, 20, 'head start of the first side (negative: of the second)'],
      failRate: [0, 1, 'chance that any move throws (tests error handling)'],
    };
    const cfg = { ...base };
    for (const [name, value] of Object.entries(options.set ?? {})) {
      if (!(name in limits)) throw new InputError(`unknown parameter "${name}" (known: ${Object.keys(limits).join(', ')})`, abs, 'set');
      const n = typeof value === 'number' ? value : Number(value);
      const [min, max] = limits[name as keyof RaceConfig];
      if (!Number.isFinite(n) || n < min || n > max)
        throw new InputError(`parameter "${name}" must be a number from ${min} to ${max}`, abs, 'set');
      cfg[name as keyof RaceConfig] = n;
    }
    const parameters: ScenarioParameter[] = (Object.keys(limits) as (keyof RaceConfig)[]).map((name) => ({
      name,
      description: limits[name][2],
      value: cfg[name],
      min: limits[name][0],
      max: limits[name][1],
    }));
    const sides = (data.sides as { id: string; name: string }[] | undefined) ?? [
      { id: 'east', name: 'East' },
      { id: 'west', name: 'West' },
    ];
    return {
      id: String(data.id ?? 'dice-race'),
      title: String(data.title ?? 'Dice race'),
      system: 'dice-race',
      file: abs,
      sides,
      game: makeGame(cfg),
      mapWidth: 1,
      mapHeight: 1,
      unitCounts: [1, 1],
      turnLimit: cfg.turns,
      parameters,
      options,
      // The columns the harness tests have always read: a setback counts as a lost step.
      metrics: [
        { id: 'steps_lost', kind: 'perSeat', label: 'steps lost' },
        { id: 'initiative_turn1', kind: 'oneSeat', label: 'turn-1 initiative winner' },
      ],
      ai: {},
      ui: raceUi(sides),
      initialState(rng: Rng): RaceState {
        const first = rng.int(2);
        return {
          pos: [Math.max(0, cfg.headStart), Math.max(0, -cfg.headStart)],
          setbacks: [0, 0],
          turn: 1,
          toMove: first,
          moved: 0,
          first,
          winner: undefined,
          done: false,
        };
      },
      outcome(s: RaceState): GameOutcome {
        const winner = s.winner ?? null;
        const margin = Math.abs(s.pos[0]! - s.pos[1]!);
        return {
          winner,
          victoryLevel: winner === null ? 'draw' : margin >= 10 ? 'decisive' : 'marginal',
          turns: s.turn,
          vp: s.pos.slice(),
          metrics: { steps_lost: s.setbacks.slice(), initiative_turn1: [s.first === 0 ? 1 : 0, s.first === 1 ? 1 : 0] },
        };
      },
      turn: (s) => s.turn,
      stateHash: (s) => `${s.pos.join('/')}:${s.setbacks.join('/')}:${s.turn}:${s.toMove}:${s.moved}`,
    };
  },
};

/**
 * Fixture agents: "random", "one" (always one die), "two" (always two dice), "throw" (throws when asked
 * to act), "exit-once:PATH" (ends its worker thread the first time it acts while PATH does not exist,
 * creating PATH; tests worker replacement), "slow:MS" (random, busy-waits MS ms per action).
 */
export function createAgent(spec: string, _hooks?: unknown): HarnessAgent {
  const [kind, arg] = spec.split(/:(.*)/s) as [string, string | undefined];
  const random = (game: Game<RaceState, RaceAction>, s: RaceState, _seat: number, rng: Rng) => {
    const legal = game.legalActions(s);
    return legal[rng.int(legal.length)]!;
  };
  switch (kind) {
    case 'random':
      return { name: spec, act: random };
    case 'one':
    case 'two':
      return { name: spec, act: () => kind };
    case 'throw':
      return {
        name: spec,
        act: () => {
          throw new Error('fixture agent "throw" always throws');
        },
      };
    case 'exit-once':
      return {
        name: spec,
        act: (game, s, seat, rng) => {
          if (arg && !existsSync(arg)) {
            writeFileSync(arg, 'exited\n');
            process.exit(3);
          }
          return random(game, s, seat, rng);
        },
      };
    case 'slow': {
      const ms = Number(arg ?? 5);
      return {
        name: spec,
        act: (game, s, seat, rng) => {
          const end = Date.now() + ms;
          while (Date.now() < end) {
            /* busy wait */
          }
          return random(game, s, seat, rng);
        },
      };
    }
    default:
      throw new InputError(`unknown dice-race agent "${spec}" (random, one, two, throw, exit-once:PATH, slow:MS)`);
  }
}
