/**
 * A doctrine agent in the style of Battle for Wesnoth's candidate-action AI: every legal action is a
 * candidate, rated by what the game's doctrine advisor says about it, and the best one is played.
 *
 *   score = enemyLoss * (0.5 + aggression) - ownLoss * (1 - aggression) - exposure * caution
 *         + objective * objectiveWeight + cohesion * cohesionWeight  (+ uniform noise in [-noise, noise])
 *
 * The expectations come from the advisor it was given (`hooks.doctrine`, see DoctrineAdvisor in
 * doctrine.ts), which the rules system computes exactly from its charts. The agent sees only what the
 * advisor, and for the fallback `game.determinize` and the evaluator, let its seat see: the advisor is responsible for using
 * public information only, and the fallback searches a determinized state when the game has hidden
 * information. Ties are broken by the agent's own rng; it never reads the game's dice stream.
 *
 * Without an advisor it plays a one-ply greedy move by the evaluator (`hooks.evaluate`, else
 * `game.evaluate`), averaged over a few dice samples from its own rng, and without that, a random move.
 */
import type { Game, Rng } from '../src/core/game.js';
import type { Agent } from './agent.js';
import { doctrineScore, NO_HOOKS, type AgentHooks, type DoctrineAdvisor, type DoctrineWeights } from './doctrine.js';
export { doctrineScore };
export type { DoctrineWeights };
import { numberKey, intKey, type KeyTable } from './spec.js';

export interface ScriptedOptions extends DoctrineWeights {
  /** Uniform perturbation of each score in [-noise, noise], for variety. */
  noise: number;
  /** Dice samples per action in the greedy fallback (no advisor). */
  samples: number;
}

export const SCRIPTED_DEFAULTS: ScriptedOptions = {
  aggression: 0.5,
  caution: 0.5,
  objectiveWeight: 1,
  cohesionWeight: 0.5,
  noise: 0,
  samples: 4,
};

export const SCRIPTED_KEYS: KeyTable = {
  aggression: numberKey('how much enemy losses are worth against own losses (0 cautious .. 1 reckless)', '0.5', 0, 1),
  caution: numberKey('penalty weight for leaving units exposed to enemy fire next (0..1)', '0.5', 0, 1),
  objectiveWeight: numberKey('weight of progress toward objectives', '1', 0),
  cohesionWeight: numberKey('weight of keeping units in command and in good order', '0.5', 0),
  noise: numberKey('random perturbation of each score, for variety', '0', 0),
  samples: intKey('dice samples per action when the game has no doctrine advisor (greedy fallback)', '4', 1, 1000),
};

const TIE = 1e-9;

/**
 * Index of the best action by doctrine for `seat`, ties broken uniformly by `rng`.
 * `noise` > 0 adds a uniform perturbation to each score.
 */
export function bestByDoctrine<S, A>(
  advisor: DoctrineAdvisor<S, A>,
  state: S,
  actions: readonly A[],
  seat: number,
  w: DoctrineWeights,
  noise: number,
  rng: Rng,
): number {
  return argmaxWithTies(actions.length, (i) => doctrineScore(advisor.assess(state, actions[i]!, seat), w), noise, rng);
}

/**
 * Index in 0..n-1 of the highest score, plus uniform noise in [-noise, noise] when noise > 0; ties
 * (within 1e-9) broken uniformly by reservoir sampling with `rng`.
 */
function argmaxWithTies(n: number, scoreOf: (i: number) => number, noise: number, rng: Rng): number {
  let best = -Infinity;
  let bestIdx = 0;
  let ties = 0;
  for (let i = 0; i < n; i++) {
    let s = scoreOf(i);
    if (noise > 0) s += (rng.next() * 2 - 1) * noise;
    if (s > best + TIE) {
      best = s;
      bestIdx = i;
      ties = 1;
    } else if (s >= best - TIE) {
      ties++;
      if (rng.int(ties) === 0) bestIdx = i;
    }
  }
  return bestIdx;
}

export class ScriptedAgent implements Agent {
  readonly name: string;
  readonly options: ScriptedOptions;
  constructor(
    options: Partial<ScriptedOptions> = {},
    private readonly hooks: AgentHooks<any, any> = NO_HOOKS,
  ) {
    // The doctrine's own weights (tuned for its rules system) replace the generic defaults; a spec's replace both.
    this.options = { ...SCRIPTED_DEFAULTS, ...hooks.doctrine?.weights, ...options };
    this.name = 'scripted';
  }

  act<S, A>(game: Game<S, A>, state: S, seat: number, rng: Rng): A {
    const hooks = this.hooks as AgentHooks<S, A>;
    const legal = game.legalActions(state);
    if (legal.length === 0) throw new Error(`scripted: no legal actions for seat ${seat} in ${game.name}`);
    if (legal.length === 1) return legal[0]!;
    if (hooks.doctrine) return legal[bestByDoctrine(hooks.doctrine, state, legal, seat, this.options, this.options.noise, rng)]!;
    const evaluate = hooks.evaluate ?? game.evaluate?.bind(game);
    if (evaluate) return legal[this.greedy(game, evaluate, state, legal, seat, rng)]!;
    return legal[rng.int(legal.length)]!;
  }

  /** One-ply greedy by `evaluate` (or `returns` at terminal states), on a determinized state. */
  private greedy<S, A>(
    g: Game<S, A>,
    evaluate: (s: S) => readonly number[],
    state: S,
    legal: readonly A[],
    seat: number,
    rng: Rng,
  ): number {
    const samples = this.options.samples;
    return argmaxWithTies(
      legal.length,
      (i) => {
        let sum = 0;
        for (let k = 0; k < samples; k++) {
          const view = g.determinize ? g.determinize(state, seat, rng) : state;
          const next = g.apply(view, legal[i]!, rng);
          const v = g.isTerminal(next) ? g.returns(next) : evaluate(next);
          sum += v[seat] ?? 0;
        }
        return sum / samples;
      },
      this.options.noise,
      rng,
    );
  }
}
