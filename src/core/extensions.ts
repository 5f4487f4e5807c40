/**
 * What agents may receive from a rules system beyond the core `Game` contract (src/core owns it so that
 * rules systems and agents share one definition without importing each other). Rules systems implement
 * these; agents never import a rules system (and rules never import agents: they only need these types).
 */
import type { Game } from './game.js';

/**
 * How one action looks to the doctrine of the seat that takes it. Numbers are expectations computed
 * exactly from the chart probabilities (the dice are few), never by sampling.
 */
export interface ActionAssessment {
  /** Exact expected enemy steps lost (from chart probabilities, not sampling). */
  expectedEnemyLoss: number;
  /** Exact expected own steps lost as a direct result of the action (e.g. assault counter-losses, opportunity fire while moving). */
  expectedOwnLoss: number;
  /** Expected own steps lost to enemy fire next, from where the action leaves the units (0 if none). */
  exposure: number;
  /** Progress toward the side's objectives: positive is better (e.g. hexes gained toward an objective, VP gained). */
  objective: number;
  /** Keeps units with leaders / restores order (recovery, staying in command): positive is better. */
  cohesion: number;
}

/**
 * A rules system's advice to the scripted (doctrine) agent. `assess` must use only what `seat` may
 * know in `state` (no hidden enemy units, no secret assignments, no future dice): the scripted agent
 * trusts it to respect fog of war.
 */
export interface DoctrineAdvisor<S, A> {
  assess(state: S, action: A, seat: number): ActionAssessment;
  /** The scripted agent's default weights for this doctrine (tuned per rules system), in place of DEFAULT_DOCTRINE_WEIGHTS; MCTS rates its prior and scripted rollouts by them with `doctrineWeights=system`. */
  readonly weights?: Partial<DoctrineWeights>;
}

/**
 * How a worker thread rebuilds a search: `import(module)` (an absolute path of a compiled .js file),
 * take the export `exportName`, and if it is a function call it with `args` (which must be
 * structured-cloneable; it may return a Promise), else use the export itself. The result is either a
 * SpawnedSearch or a bare Game (a game without hooks).
 */
export interface SpawnSpec {
  module: string;
  exportName: string;
  args: unknown[];
}

/** What a spawn spec rebuilds in a worker: the game and the hooks its agents receive. */
export interface SpawnedSearch<S, A> {
  game: Game<S, A>;
  ai: AgentHooks<S, A>;
}

/**
 * What a rules system offers its agents beyond the `Game` contract, handed to them when they are
 * created (as OpenSpiel hands an Evaluator to MCTSBot): the game object itself is never extended.
 * Every member is optional: an agent uses it when present and falls back to something generic when not.
 */
export interface AgentHooks<S, A> {
  /** Advice for the scripted agent, the MCTS prior and MCTS `rollout=scripted`. */
  doctrine?: DoctrineAdvisor<S, A>;
  /**
   * A value per seat in [-1, 1] for a non-terminal state, for rollouts cut short and the scripted
   * agent's fallback. Public information only (or the seat's own after determinize). Takes precedence
   * over `game.evaluate`.
   */
  evaluate?(state: S): readonly number[];
  /**
   * The same actions, most promising first (a prior for MCTS progressive widening).
   * Must not mutate `actions`; may use only information public to the seat to move.
   */
  orderActions?(state: S, actions: readonly A[]): readonly A[];
  /** Lets MCTS `threads>1` rebuild the game and these hooks in worker threads. */
  spawnSpec?: SpawnSpec;
  /**
   * Options an agent plays this rules system best with, per agent name, written as in a spec
   * (`{ mcts: 'rolloutDepth=0,expandAfter=1' }`): they replace the agent's defaults and a difficulty
   * preset's, never an option the spec itself names. A preset keeps its time budget; the system says
   * how a search is best shaped for its game (for example leaves valued by its evaluation at once where
   * random rollouts are slow and say little).
   */
  agentDefaults?: Readonly<Record<string, string>>;
}

/** No hooks: agents use the Game contract alone. */
export const NO_HOOKS: AgentHooks<any, any> = Object.freeze({});

/** Weights of the doctrine score (the scripted agent's keys). */
export interface DoctrineWeights {
  /** 0..1: how much enemy losses are worth and own losses are accepted. */
  aggression: number;
  /** 0..1: weight of the exposure penalty. */
  caution: number;
  objectiveWeight: number;
  cohesionWeight: number;
}

export const DEFAULT_DOCTRINE_WEIGHTS: DoctrineWeights = { aggression: 0.5, caution: 0.5, objectiveWeight: 1, cohesionWeight: 0.5 };

/**
 * The doctrine score of one assessment (Battle for Wesnoth's candidate-action rating):
 * enemyLoss * (0.5 + aggression) - ownLoss * (1 - aggression) - exposure * caution
 * + objective * objectiveWeight + cohesion * cohesionWeight.
 */
export function doctrineScore(a: ActionAssessment, w: DoctrineWeights = DEFAULT_DOCTRINE_WEIGHTS): number {
  return (
    a.expectedEnemyLoss * (0.5 + w.aggression) -
    a.expectedOwnLoss * (1 - w.aggression) -
    a.exposure * w.caution +
    a.objective * w.objectiveWeight +
    a.cohesion * w.cohesionWeight
  );
}
