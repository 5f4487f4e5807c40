/**
 * Monte Carlo tree search over the `Game` contract (UCT: Kocsis & Szepesvári, "Bandit based
 * Monte-Carlo planning", ECML 2006; survey: Browne et al., "A Survey of Monte Carlo Tree Search
 * Methods", IEEE TCIAIG 4(1), 2012). One iteration = select, expand, roll out, back up.
 *
 * Design choices, and why:
 *
 * - Open loop below the dice, closed above them. Nodes are keyed by the path of action keys from the
 *   root. Where the path from the root drew no random number (the search's rng counts its draws: the
 *   Game contract puts every die in the rng passed to `apply`, so a transition that drew none is the
 *   same on every visit), the node keeps its state, its legal actions and its children by legal-action
 *   index: an iteration walks those nodes without applying anything or building a key. From the first
 *   transition that rolled a die, every iteration re-applies the path's actions with fresh dice from the
 *   search's rng, so a sampled roll is never treated as known and each node's value averages over the
 *   dice (Perez Liebana et al., "Open Loop Search for General Video Game Playing", GECCO 2015); there
 *   children are found by key. The search never touches the game's own dice stream. Dice that decide who moves next (an initiative
 *   roll, a reaction that hands the turn over mid-move) are sampled the same way: the node after such
 *   an action collects the children of every seat that came to move there, so the search never plans
 *   as if it keeps the move.
 *
 * - Hidden information (determinization, single-observer ISMCTS). When the game has `determinize`,
 *   every iteration starts from `determinize(rootState, seat, rng)`: the other seats' secrets are
 *   resampled consistently with what the searching seat knows. One tree over action keys is shared
 *   by all determinizations (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
 *   Search", IEEE TCIAIG 4(2), 2012, SO-ISMCTS); a determinize that draws no random number (nothing
 *   hidden from the seat) is called once and the root is kept. In open-loop nodes legal actions are
 *   recomputed at every visit and only children legal in the current determinization are candidates; UCB uses each child's
 *   availability count (times it was selectable) instead of the parent's visits, as in that paper.
 *   Like all determinization methods it can suffer strategy fusion (Frank & Basin 1998; Long et al.,
 *   AAAI 2010), but it never exploits the true secret: the root state is only seen through
 *   `determinize`.
 *
 * - Several seats, any move order. Each node stores the total reward of the seat that moved into it
 *   (max^n backup, Luckhardt & Irani 1986; UCT in multi-player games: Sturtevant, CG 2008), using
 *   `game.returns` per seat. Selection at a node maximises for whoever is to move there, so the same
 *   seat moving many times in a row, or the inactive seat taking an interrupt decision (opportunity
 *   fire), needs nothing special.
 *
 * - Large action spaces. With a doctrine advisor (`prior=doctrine`, the default), PUCT selection with
 *   the doctrine's scores as the prior (Rosin 2011; Silver et al. 2017): a wargame decision has tens
 *   of legal actions and a 200 ms search affords a few hundred iterations, so the prior keeps them on
 *   the plausible few and the rollouts choose among those (or overrule the doctrine when they show it
 *   wrong). The doctrine's scores are weighted by the generic defaults (weights tuned for the scripted
 *   agent made a weaker prior: docs/design.md, Tuning), or with `doctrineWeights=system` as the scripted
 *   agent weights them for this game (the rules system's `DoctrineAdvisor.weights` when it has them); the
 *   same weights pick the moves of scripted rollouts.
 *   The advisor, evaluator and action ordering are the hooks the agent was created with
 *   (AgentHooks, as OpenSpiel's MCTSBot is given an Evaluator); the game object is only played. Without one (`prior=none`), progressive widening (Coulom, "Computing Elo ratings of move
 *   patterns in the game of Go", 2007; Chaslot et al., "Progressive strategies for MCTS", 2008;
 *   Couëtoux et al., "Continuous upper confidence trees", LION 2011): a node visited n times may have
 *   at most max(1, ceil(widening * n^alpha)) children, added in the order of `hooks.orderActions`
 *   when the game offers it, else in random order.
 *
 * - Leaves: rollouts of at most `rolloutDepth` actions, uniformly random, or (`rollout=scripted`)
 *   the doctrine advisor's best action for the seat to move (scripted.ts), with
 *   one step in ten random so rollouts vary; without an advisor, scripted rollouts are random. A
 *   random rollout is played by the game's `playout` when it has one (the same line and draws, with less
 *   work). A rollout cut short is valued by the evaluator (`hooks.evaluate`, else `game.evaluate`), or 0s.
 *
 * - Budgets: `iterations`, `timeMs` (clock read about once a millisecond, at most every 32 iterations; a decision
 *   with fewer legal moves than `fullBreadth` gets that share of it, at least a quarter; it stops early once the
 *   choice is settled and runs on by `extend` when it is close), `maxNodes` (after which
 *   search continues with selection and rollouts only). `threads=N` is root parallelism (Chaslot,
 *   Winands & van den Herik, "Parallel Monte-Carlo Tree Search", CG 2008): N-1 worker threads each
 *   grow their own tree from the same root with their own rng stream, and root visit counts are
 *   summed. Workers rebuild the game and its hooks from `hooks.spawnSpec` (doctrine.ts); the state must be
 *   structured-cloneable.
 *
 * - The move played is the root child with the highest lower confidence bound of its mean reward
 *   (`lowerBound`: mean - 2 standard errors, the variance padded by one worst-case reward), which is the
 *   most visited child unless a less visited one is better beyond its noise (robustChoice; with `overrideMargin`,
 *   better by that margin too). With an iterations
 *   budget the same seed, game and state always give the same move (any thread count).
 *
 * - `reuse`: a wargame's side makes several decisions in a row (the steps of one activation), and a fresh
 *   search at each one re-learns what the last one knew. With reuse the agent keeps the subtree of the
 *   move it played and, when the next decision is that position (the same seat to move, equal state: no
 *   die was rolled and the other side did not move), the search continues it (continueFrom). Only the
 *   seat's own moves are followed, and only from a root with nothing hidden from the seat (FIXED). A
 *   decision then depends on the last one too: the same seeds and actions from the start of a game still
 *   give the same game.
 *
 * The inner loop allocates nothing but what the game's own `legalActions`/`apply` allocate and the
 * nodes it adds: plain records with a children array (and, in open-loop nodes, a Map index once they
 * have many children).
 */
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import type { Game, Rng } from '../src/core/game.js';
import { CountingRng, createRng } from '../src/core/rng.js';
import { sameValue } from '../src/core/equal.js';
import type { Agent } from './agent.js';
import {
  DEFAULT_DOCTRINE_WEIGHTS,
  NO_HOOKS,
  type AgentHooks,
  type DoctrineAdvisor,
  type DoctrineWeights,
  type SpawnSpec,
} from './doctrine.js';
import { bestByDoctrine, doctrineScore } from './scripted.js';
import { boolKey, choiceKey, intKey, numberKey, type KeyTable } from './spec.js';
import { compiledPath } from './spawn.js';

export interface MctsOptions {
  /** Iterations per tree; Infinity when only `timeMs` bounds the search. */
  iterations: number;
  /** Wall-time budget in ms; Infinity for none. */
  timeMs: number;
  /** Under a time budget: the fraction of timeMs added when the choice is close at the deadline. */
  extend: number;
  exploration: number;
  widening: number;
  alpha: number;
  rollout: 'random' | 'scripted';
  rolloutDepth: number;
  /** How children are found and preferred: the doctrine prior (PUCT), or progressive widening. */
  prior: 'doctrine' | 'none';
  /** PUCT exploration constant (prior=doctrine). */
  cpuct: number;
  /** Softmax temperature over doctrine scores for the prior (lower trusts the doctrine more). */
  priorTemp: number;
  /** The final choice: how much higher a less visited move's mean must be than the most visited's to be played instead (see robustChoice). */
  overrideMargin: number;
  /** The doctrine weights of the prior and of scripted rollouts: the rules system's own (as the scripted agent plays), or the generic defaults. */
  doctrineWeights: 'system' | 'generic';
  /** PUCT: visits a new node needs before its children are created and rated (0: at once). */
  expandAfter: number;
  /** Under timeMs: a decision with fewer legal moves than this gets that share of the budget (at least MIN_BREADTH_SHARE); 1: always all. */
  fullBreadth: number;
  maxNodes: number;
  threads: number;
  /** Continue the last decision's tree when the next decision is the position its move led to (see MctsAgent). */
  reuse: boolean;
  verbose: boolean;
}

export const MCTS_DEFAULTS: MctsOptions = {
  iterations: 1000,
  timeMs: Infinity,
  extend: 0,
  exploration: 1.4,
  widening: 2,
  alpha: 0.5,
  rollout: 'random',
  rolloutDepth: 200,
  prior: 'doctrine',
  cpuct: 0.7,
  priorTemp: 0.3,
  overrideMargin: 0,
  doctrineWeights: 'generic',
  expandAfter: 0,
  fullBreadth: 8,
  maxNodes: 200_000,
  threads: 1,
  reuse: false,
  verbose: false,
};

export const MCTS_KEYS: KeyTable = {
  iterations: intKey('search iterations per decision (per thread)', '1000 (unlimited when timeMs is given)', 1),
  timeMs: numberKey('wall-time budget per decision in milliseconds', 'none', 0, Infinity, true),
  extend: numberKey(
    'with timeMs: when the best moves are close at the deadline, search on for up to this fraction of timeMs more (at most timeMs x (1 + extend) in all)',
    '0',
    0,
    4,
  ),
  exploration: numberKey('UCT exploration constant (higher explores more)', '1.4', 0),
  widening: numberKey('progressive widening: a node with n visits has at most ceil(widening * n^alpha) children', '2', 0, Infinity, true),
  alpha: numberKey('progressive widening exponent (0..1; 1 is almost no widening limit)', '0.5', 0, 1),
  rollout: choiceKey('rollout policy: random moves, or the scripted doctrine when the game has an advisor', 'random', [
    'random',
    'scripted',
  ]),
  rolloutDepth: intKey("actions per rollout before the position is valued by the game's evaluation (0: value the leaf at once)", '200', 0),
  prior: choiceKey(
    "doctrine: PUCT selection with the game's doctrine as the prior (when it has an advisor); none: UCT with progressive widening",
    'doctrine',
    ['doctrine', 'none'],
  ),
  cpuct: numberKey('PUCT exploration constant (prior=doctrine; higher explores more)', '0.7', 0),
  priorTemp: numberKey('softmax temperature over doctrine scores for the prior (lower trusts the doctrine more)', '0.3', 0.001),
  overrideMargin: numberKey(
    "the move played is the most visited unless a less visited one has the highest lower confidence bound and a mean above the most visited's by more than this (0: the bound alone decides)",
    '0',
    0,
    2,
  ),
  doctrineWeights: choiceKey(
    "weights of the doctrine score in the prior and in scripted rollouts: system: the rules system's tuned weights when it has them (as the scripted agent plays); generic: the scripted agent's generic defaults",
    'generic',
    ['system', 'generic'],
  ),
  fullBreadth: intKey(
    'with timeMs: a decision with fewer legal moves than this gets that share of timeMs (at least a quarter), so a two-way choice such as an opportunity fire answers sooner; 1 gives every decision all of timeMs',
    '8',
    1,
  ),
  expandAfter: intKey(
    'prior=doctrine: visits a new node needs before its moves are generated and rated (0: at once; 1: a new leaf is valued first, which saves rating the moves of leaves never revisited)',
    '0',
    0,
  ),
  maxNodes: intKey('tree size cap per thread; when reached the tree stops growing', '200000', 1),
  threads: intKey('search threads (root parallelism; needs hooks with a spawnSpec)', '1', 1, 64),
  reuse: boolKey(
    "continue the last decision's search when this decision is the position its move led to (the same seat to move again, no dice rolled, nothing hidden from it): the move's subtree and its statistics are kept, and the budget is spent on top of them",
    'false',
  ),
  verbose: boolKey("print the root's top moves with visits and mean values to stderr", 'false'),
};

/**
 * A node of the tree: reached by a path of action keys from the root. Where every transition from the
 * root to it drew no random number (and the root state is fixed), the node is FIXED: it is the same state
 * on every visit, so it keeps that state, its legal actions and its children by legal-action index, and an
 * iteration passing through it applies nothing. Below the first transition that drew a die (CHANCE) the
 * tree is open loop: the path is re-simulated with fresh dice and children are found by action key.
 */
interface SearchNode {
  /** Key of the action leading here ('' at the root). */
  readonly key: string;
  visits: number;
  /** Sum of rewards for the seat that moved into this node. */
  total: number;
  /** Sum of squared rewards (the final choice's confidence bound, at whichever node becomes a root). */
  squares: number;
  /** Times this node was a legal, selectable child of an open-loop node (ISMCTS availability count; a FIXED parent's children are always available, so its visits stand for it). */
  avail: number;
  /** The children (a shared empty array until the first is added: most nodes are leaves). */
  children: SearchNode[];
  /** Key index of an open-loop node, built once it has more than INDEX_AT children. */
  index: Map<string, SearchNode> | null;
  /** PUCT: unnormalised prior weight exp((score - best score of the parent) / priorTemp). */
  prior: number;
  /** PUCT: children were created for the legal actions of this node (and `best` holds their best doctrine score). */
  expanded: boolean;
  best: number;
  /** UNKNOWN until the transition into it is first taken from a FIXED parent; then FIXED or CHANCE. */
  kind: number;
  /** FIXED: the state here. */
  state: unknown;
  /** FIXED, once visited: the legal actions at `state` (empty when it is terminal). */
  legal: readonly unknown[] | null;
  /** FIXED: the child of each legal action (by index into `legal`), once created. */
  byLegal: (SearchNode | undefined)[] | null;
  /** FIXED: the seat to move at `state`. */
  mover: number;
  /** PUCT, FIXED: the sum of the children's prior weights. */
  priorSum: number;
  /** A child of a FIXED node: the index of its action among the parent's legal actions. */
  at: number;
}

const UNKNOWN = 0;
const FIXED = 1;
const CHANCE = 2;
const NO_ACTIONS: readonly never[] = Object.freeze([]);
/** The children of a node that has none yet (never written: attachChild replaces it). */
const NO_CHILDREN: SearchNode[] = [];

const INDEX_AT = 12;
/** PUCT first-play urgency: an unvisited child is valued this much below its visited siblings' mean. */
const FPU_REDUCTION = 0.1;

/** The child of `node` reached by the action with this key: by the key index once there is one, else a scan. */
function childOf(node: SearchNode, key: string): SearchNode | undefined {
  if (node.index !== null) return node.index.get(key);
  const children = node.children;
  for (let j = 0; j < children.length; j++) if (children[j]!.key === key) return children[j];
  return undefined;
}

/** Adds a child to `node`, keeping the key index of an open-loop node (built once it has more than INDEX_AT children). */
function attachChild(node: SearchNode, child: SearchNode): void {
  if (node.children === NO_CHILDREN) node.children = [child];
  else node.children.push(child);
  if (node.kind === FIXED) return; // found by legal-action index, never by key
  if (node.index !== null) node.index.set(child.key, child);
  else if (node.children.length > INDEX_AT) node.index = new Map(node.children.map((ch) => [ch.key, ch]));
}
/** Iterations between two progress reports under an iterations budget (MctsTree.onProgress). */
const PROGRESS_EVERY = 64;

/** Most iterations between two readings of the clock under a time budget. */
const CLOCK_EVERY = 32;

function newNode(key: string): SearchNode {
  return {
    key,
    visits: 0,
    total: 0,
    squares: 0,
    avail: 0,
    children: NO_CHILDREN,
    index: null,
    prior: 1,
    expanded: false,
    best: 0,
    kind: UNKNOWN,
    state: undefined,
    legal: null,
    byLegal: null,
    mover: 0,
    priorSum: 0,
    at: -1,
  };
}

/** What a search says about one root move. */
export interface RootChildStats {
  key: string;
  visits: number;
  /** Sum of rewards for the seat to move at the root. */
  total: number;
  /** Sum of squared rewards (for the final choice's lower confidence bound; absent from older workers). */
  squares?: number;
  /** The doctrine prior's share of this move among the root's moves (prior=doctrine). */
  prior?: number;
}

export interface SearchResult {
  iterations: number;
  nodes: number;
  children: RootChildStats[];
}

/** One step of the expected line of play (the principal variation). */
export interface LineStep {
  key: string;
  description: string;
  /** The seat that takes this action. */
  seat: number;
  visits: number;
  /** Mean reward for `seat`, in [-1, 1]. */
  mean: number;
  /** The transition into this step's position rolled dice: what follows is one sample of them. */
  afterDice: boolean;
}

/**
 * One search tree. Kept as a class with monomorphic fields so V8 keeps the inner loop fast.
 */
export class MctsTree<S, A> {
  /** The root: a new node, or an earlier tree's node this search continues (continueFrom). */
  root: SearchNode = newNode('');
  nodes = 1;
  iterations = 0;
  /** The root's visits taken over from an earlier search (continueFrom), 0 for a fresh one. */
  reused = 0;
  private readonly path: SearchNode[] = [];
  private readonly seats: number[] = [];
  private untried: number[] = [];
  private readonly zeros: number[];
  private readonly advisor: DoctrineAdvisor<S, A> | undefined;
  /** The advisor whose scores are the PUCT prior (undefined: progressive widening). */
  private readonly priorAdvisor: DoctrineAdvisor<S, A> | undefined;
  /** The weights of every doctrine score the search takes (prior and scripted rollouts), resolved once per tree. */
  private readonly weights: DoctrineWeights;
  private readonly evaluate: ((state: S) => readonly number[]) | undefined;
  private readonly orderActions: ((state: S, actions: readonly A[]) => readonly A[]) | undefined;
  /** Selection scratch: the child of each legal action at the current open-loop node. */
  private sel: (SearchNode | undefined)[] = [];
  /** The search's rng, counting draws (tree transitions and determinizations). */
  private readonly crng: CountingRng;

  constructor(
    private readonly game: Game<S, A>,
    private readonly rootState: S,
    private readonly seat: number,
    private readonly rng: Rng,
    private readonly opt: MctsOptions,
    hooks: AgentHooks<S, A> = NO_HOOKS,
    /** Milliseconds, for the `timeMs` budget (a test passes a scripted clock). */
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.zeros = new Array<number>(game.players).fill(0);
    this.advisor = opt.rollout === 'scripted' ? hooks.doctrine : undefined;
    this.priorAdvisor = opt.prior === 'doctrine' ? hooks.doctrine : undefined;
    // The scripted agent's resolution (scripted.ts): the system's tuned weights over the generic defaults.
    const systemWeights = opt.doctrineWeights === 'system' ? hooks.doctrine?.weights : undefined;
    this.weights = systemWeights === undefined ? DEFAULT_DOCTRINE_WEIGHTS : { ...DEFAULT_DOCTRINE_WEIGHTS, ...systemWeights };
    this.evaluate = hooks.evaluate?.bind(hooks) ?? game.evaluate?.bind(game);
    this.orderActions = hooks.orderActions?.bind(hooks);
    this.crng = new CountingRng(rng);
  }

  /**
   * Told the iterations so far while the search runs (at every reading of the clock under a time budget,
   * every PROGRESS_EVERY iterations under an iterations budget): a thinking indicator's count. It must
   * not touch the search.
   */
  onProgress: ((iterations: number) => void) | undefined = undefined;

  /**
   * Continues the search from `node`: a FIXED node of an earlier tree whose kept state equals this tree's
   * root state (MctsAgent's `reuse`). Its visits, children and kept states are taken over, so the budget
   * is spent on top of what the earlier search already learnt about this position.
   */
  continueFrom(node: SearchNode): void {
    this.root = node;
    this.reused = node.visits;
    let count = 0;
    const stack = [node];
    while (stack.length > 0) {
      const n = stack.pop()!;
      count++;
      for (const c of n.children) stack.push(c);
    }
    this.nodes = count;
  }

  /** Runs until the iterations or time budget is spent (under a time budget, see `runTimed`). */
  run(): SearchResult {
    const { iterations, timeMs } = this.opt;
    if (timeMs === Infinity) {
      // An iterations budget runs exactly that many (reproducible counts for comparisons and tests).
      for (let i = 0; i < iterations; i++) {
        this.iterate();
        if (this.onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) this.onProgress(i + 1);
      }
    } else this.runTimed(iterations, timeMs);
    return this.result();
  }

  /**
   * A time budget: the clock is read about once a millisecond (after every iteration while iterations are
   * slow, a rules engine's; at most every CLOCK_EVERY when they are fast), so a budget is never overrun by
   * more than about a millisecond and fast games do not pay for the readings. The search stops early once
   * the choice is settled (`decided`); at the deadline, when the choice is close (`close`), it goes on for
   * up to `extend` x timeMs more.
   */
  private runTimed(iterations: number, fullTimeMs: number): void {
    // Fewer candidates need less time: the budget shrinks with the number of legal moves (breadthShare).
    const timeMs = fullTimeMs * breadthShare(this.game.legalActions(this.rootState).length, this.opt.fullBreadth);
    const start = this.clock();
    let deadline = start + timeMs;
    let extended = this.opt.extend <= 0;
    let nextCheck = 1;
    for (let i = 0; i < iterations; i++) {
      this.iterate();
      if (i + 1 !== nextCheck) continue;
      const now = this.clock();
      this.onProgress?.(i + 1);
      if (now >= deadline) {
        if (extended || !this.close()) break;
        extended = true;
        deadline = start + timeMs * (1 + this.opt.extend);
      }
      const perMs = (i + 1) / Math.max(1e-3, now - start);
      nextCheck = i + 1 + Math.max(1, Math.min(CLOCK_EVERY, Math.floor(perMs)));
      // Iterations the remaining time allows, at the rate so far (capped by the iteration budget).
      const left = Math.min(iterations - i - 1, Math.ceil((deadline - now) * perMs));
      if (this.decided(left) || (now - start >= SETTLE_AFTER * timeMs && this.settled())) break;
    }
  }

  /**
   * Early stop: the most visited root child cannot be overtaken in `left` more iterations, so the move
   * is settled and more search would not change it (a solo player gets easy moves at once). Used
   * under a time budget only.
   */
  private decided(left: number): boolean {
    let first = 0,
      second = 0;
    for (const c of this.root.children) {
      if (c.visits > first) {
        second = first;
        first = c.visits;
      } else if (c.visits > second) second = c.visits;
    }
    return first - second > left;
  }

  /**
   * Early stop on the values: the most visited root child's lower confidence bound is above the upper
   * bound of every other child searched (`lowerBound`, mirrored), so more search would only confirm it: an
   * obvious decision (an opportunity fire not worth taking, a free shot) answers after SETTLE_AFTER of its
   * budget instead of all of it.
   */
  private settled(): boolean {
    let best: SearchNode | undefined;
    for (const c of this.root.children) if (best === undefined || c.visits > best.visits) best = c;
    if (best === undefined || best.visits < SETTLE_MIN_VISITS) return false;
    const floor = lowerBound(best.visits, best.total, best.squares);
    for (const c of this.root.children) if (c !== best && c.visits > 0 && upperBound(c.visits, c.total, c.squares) >= floor) return false;
    return true;
  }

  /**
   * A close choice, worth more time: the runner-up has at least CLOSE_SHARE of the leader's visits, or
   * the robust final rule (the lower confidence bound) would play another move than the most visited.
   */
  private close(): boolean {
    const children = this.root.children;
    let first: SearchNode | undefined;
    let second = 0;
    for (const c of children) {
      if (first === undefined || c.visits > first.visits) {
        second = first?.visits ?? 0;
        first = c;
      } else if (c.visits > second) second = c.visits;
    }
    if (first === undefined || first.visits === 0) return false;
    if (second >= CLOSE_SHARE * first.visits) return true;
    return children[robustChoice(children, this.opt.overrideMargin)] !== first;
  }

  result(): SearchResult {
    const root = this.root;
    let priorSum = 0;
    for (const c of root.children) priorSum += c.prior;
    const withPrior = this.priorAdvisor !== undefined && root.expanded;
    return {
      iterations: this.iterations,
      nodes: this.nodes,
      children: root.children.map((c) => ({
        key: c.key,
        visits: c.visits,
        total: c.total,
        squares: c.squares,
        ...(withPrior ? { prior: c.prior / priorSum } : {}),
      })),
    };
  }

  /** One iteration: select and expand from a (determinized) root, roll out, back up. */
  iterate(): void {
    if (this.priorAdvisor !== undefined) this.iteratePuct(this.priorAdvisor);
    else this.iterateWidening();
  }

  /**
   * The root as this iteration sees it. A game without `determinize`, or whose determinize drew no random
   * number (nothing is hidden from the searching seat), gives the same root on every iteration: the root
   * is then FIXED and determinize is not called again.
   */
  private startState(): S {
    const root = this.root;
    if (root.kind === FIXED) return root.state as S;
    const game = this.game;
    if (game.determinize === undefined) {
      root.kind = FIXED;
      root.state = this.rootState;
      return this.rootState;
    }
    const crng = this.crng;
    const before = crng.draws;
    const s = game.determinize(this.rootState, this.seat, crng);
    if (crng.draws === before && root.kind === UNKNOWN) {
      root.kind = FIXED;
      root.state = s;
    } else root.kind = CHANCE;
    return s;
  }

  /**
   * Takes the transition from `node` (in `state`) to `child` by `action`: from a FIXED node, the child's
   * kept state (FIXED), or an apply whose dice draws decide, the first time, whether the child is FIXED
   * (kept) or CHANCE. From an open-loop node, an apply with fresh dice.
   */
  private step(node: SearchNode, state: S, child: SearchNode, action: A): S {
    if (node.kind === FIXED) {
      if (child.kind === FIXED) return child.state as S;
      if (child.kind === CHANCE) return this.game.apply(state, action, this.crng);
      const crng = this.crng;
      const before = crng.draws;
      const next = this.game.apply(state, action, crng);
      if (crng.draws === before) {
        child.kind = FIXED;
        child.state = next;
      } else child.kind = CHANCE;
      return next;
    }
    return this.game.apply(state, action, this.crng);
  }

  /** The legal actions at `node` in `state`, kept with a FIXED node (empty when the state is terminal). */
  private legalAt(node: SearchNode, state: S): readonly A[] {
    if (node.kind === FIXED) {
      let legal = node.legal as readonly A[] | null;
      if (legal === null) {
        const game = this.game;
        legal = game.isTerminal(state) ? NO_ACTIONS : game.legalActions(state);
        node.legal = legal;
        if (legal.length > 0) node.mover = game.toMove(state);
      }
      return legal;
    }
    return this.game.isTerminal(state) ? NO_ACTIONS : this.game.legalActions(state);
  }

  /**
   * Selection by PUCT with the doctrine as the prior (Rosin, "Multi-armed bandits with episode context",
   * AMAI 2011; Silver et al., "Mastering the game of Go without human knowledge", Nature 2017):
   *   score = Q + cpuct * P(a) * sqrt(N) / (1 + n(a)),
   * P = softmax of the doctrine scores (temperature priorTemp) over the actions legal in this
   * determinization, N = the node's visits, Q = mean reward of the child for the seat choosing, and an
   * unvisited child valued at the mean of its visited siblings less FPU_REDUCTION. A node's children
   * are created for all its legal actions once it has `expandAfter` visits (0: the first time it is
   * reached, which is then the iteration's leaf; 1: a new leaf is first valued by a rollout, so a game
   * whose moves are costly to generate and rate pays for that only at nodes the search comes back to),
   * and actions that only some determinizations allow are added when first seen. The doctrine rates
   * each node's moves once, when it is expanded (FIXED nodes keep the prior's total too). With a few
   * hundred iterations a decision, the prior keeps the search on the doctrine's candidates and the
   * rollouts decide between them; progressive widening spread the same budget over twenty children.
   */
  private iteratePuct(advisor: DoctrineAdvisor<S, A>): void {
    const game = this.game;
    const path = this.path;
    const seats = this.seats;
    const cpuct = this.opt.cpuct;
    const root = this.root;
    let state = this.startState();
    let node = root;
    let depth = 0;
    for (;;) {
      const fixed = node.kind === FIXED;
      if (!fixed && game.isTerminal(state)) break;
      if (!node.expanded && node !== root && node.visits < this.opt.expandAfter) break; // a young leaf: value it first
      const legal = this.legalAt(node, state);
      const n = legal.length;
      if (n === 0) break;
      const mover = fixed ? node.mover : game.toMove(state);
      if (!node.expanded) {
        if (this.nodes + n > this.opt.maxNodes && node !== root) break; // tree full: roll out from here
        this.expand(node, advisor, state, legal, mover);
        if (node !== root) break; // a new leaf: value it by a rollout
      }
      let best: SearchNode | undefined;
      let bestIdx = -1;
      let bestScore = -Infinity;
      if (fixed) {
        // Every legal action has its child, in legal order.
        const children = node.byLegal!;
        let visitedTotal = 0,
          visitedN = 0;
        for (let i = 0; i < n; i++) {
          const child = children[i]!;
          child.avail++;
          if (child.visits > 0) {
            visitedTotal += child.total;
            visitedN += child.visits;
          }
        }
        const fpu = visitedN > 0 ? visitedTotal / visitedN - FPU_REDUCTION : 0;
        const scale = (cpuct * Math.sqrt(Math.max(1, node.visits))) / node.priorSum;
        for (let i = 0; i < n; i++) {
          const child = children[i]!;
          const v = child.visits;
          const score = (v > 0 ? child.total / v : fpu) + (scale * child.prior) / (1 + v);
          if (score > bestScore) {
            bestScore = score;
            best = child;
            bestIdx = i;
          }
        }
      } else {
        // Pass 1: the children of the legal actions, their prior mass and the siblings' mean.
        const sel = this.sel;
        let priorSum = 0,
          visitedTotal = 0,
          visitedN = 0;
        for (let i = 0; i < n; i++) {
          const key = game.actionKey(legal[i]!);
          let child = childOf(node, key);
          if (child === undefined && this.nodes < this.opt.maxNodes) child = this.addChild(node, key, advisor, state, legal[i]!, mover);
          sel[i] = child;
          if (child === undefined) continue;
          child.avail++;
          priorSum += child.prior;
          if (child.visits > 0) {
            visitedTotal += child.total;
            visitedN += child.visits;
          }
        }
        // Pass 2: PUCT.
        const fpu = visitedN > 0 ? visitedTotal / visitedN - FPU_REDUCTION : 0;
        const sqrtN = Math.sqrt(Math.max(1, node.visits));
        for (let i = 0; i < n; i++) {
          const child = sel[i];
          if (child === undefined) continue;
          const v = child.visits;
          const q = v > 0 ? child.total / v : fpu;
          const score = q + (cpuct * (child.prior / priorSum) * sqrtN) / (1 + v);
          if (score > bestScore) {
            bestScore = score;
            best = child;
            bestIdx = i;
          }
        }
      }
      if (best === undefined) break;
      state = this.step(node, state, best, legal[bestIdx]!);
      path[depth] = best;
      seats[depth] = mover;
      depth++;
      node = best;
    }
    this.rollOutAndBackUp(state, depth);
  }

  /** Creates a child for every legal action, weighted by the doctrine's opinion of it. */
  private expand(node: SearchNode, advisor: DoctrineAdvisor<S, A>, state: S, legal: readonly A[], mover: number): void {
    const n = legal.length;
    const scores = new Array<number>(n);
    let top = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = doctrineScore(advisor.assess(state, legal[i]!, mover), this.weights);
      scores[i] = s;
      if (s > top) top = s;
    }
    node.best = top;
    node.expanded = true;
    const t = this.opt.priorTemp;
    const byLegal = node.kind === FIXED ? new Array<SearchNode | undefined>(n) : null;
    let priorSum = 0;
    for (let i = 0; i < n; i++) {
      const child = newNode(this.game.actionKey(legal[i]!));
      child.prior = Math.exp((scores[i]! - top) / t);
      priorSum += child.prior;
      attachChild(node, child);
      if (byLegal !== null) byLegal[i] = child;
    }
    node.byLegal = byLegal;
    node.priorSum = priorSum;
    this.nodes += n;
  }

  /** A child for an action legal only in some determinizations, first met now. */
  private addChild(node: SearchNode, key: string, advisor: DoctrineAdvisor<S, A>, state: S, action: A, mover: number): SearchNode {
    const child = newNode(key);
    child.prior = Math.exp(Math.min(0, doctrineScore(advisor.assess(state, action, mover), this.weights) - node.best) / this.opt.priorTemp);
    attachChild(node, child);
    this.nodes++;
    return child;
  }

  /** UCT with progressive widening (prior=none, or a game without a doctrine advisor). */
  private iterateWidening(): void {
    const game = this.game;
    const path = this.path;
    const seats = this.seats;
    const c = this.opt.exploration;
    const widening = this.opt.widening;
    const alpha = this.opt.alpha;
    const canExpand = this.nodes < this.opt.maxNodes;
    let state = this.startState();
    let node = this.root;
    let depth = 0;

    // Selection and expansion.
    for (;;) {
      const fixed = node.kind === FIXED;
      if (!fixed && game.isTerminal(state)) break;
      const legal = this.legalAt(node, state);
      const n = legal.length;
      if (n === 0) break;
      const mover = fixed ? node.mover : game.toMove(state);
      let best: SearchNode | null = null;
      let bestIdx = -1;
      let bestScore = -Infinity;
      let untried = 0;
      const untriedIdx = this.untried;
      if (fixed) {
        // A FIXED node: its children are always all available, so UCB1 takes the node's own visits
        // (this one included) as their availability; children are scanned densely, each knowing its action's index.
        const children = node.children;
        const m = children.length;
        if (m < n && canExpand) {
          const limit = alpha === 0.5 ? Math.ceil(widening * Math.sqrt(node.visits)) : Math.ceil(widening * node.visits ** alpha);
          if (m < limit || m === 0) {
            const byLegal = (node.byLegal ??= new Array<SearchNode | undefined>(n));
            for (let i = 0; i < n; i++) if (byLegal[i] === undefined) untriedIdx[untried++] = i;
            const pick = this.chooseUntried(state, legal, untried);
            const action = legal[pick]!;
            const child = newNode(game.actionKey(action));
            child.at = pick;
            child.avail = 1;
            attachChild(node, child);
            byLegal[pick] = child;
            this.nodes++;
            state = this.step(node, state, child, action);
            path[depth] = child;
            seats[depth] = mover;
            depth++;
            break;
          }
        }
        if (m === 0) break; // nothing tried here and the tree may not grow: roll out from here
        const cLog = c * Math.sqrt(Math.log(node.visits + 1));
        for (let j = 0; j < m; j++) {
          const child = children[j]!;
          const v = child.visits;
          const score = child.total / v + cLog / Math.sqrt(v);
          if (score > bestScore) {
            bestScore = score;
            best = child;
          }
        }
        state = best!.kind === FIXED ? (best!.state as S) : this.step(node, state, best!, legal[best!.at]!);
        path[depth] = best!;
        seats[depth] = mover;
        depth++;
        node = best!;
        continue;
      }
      for (let i = 0; i < n; i++) {
        const child = childOf(node, game.actionKey(legal[i]!));
        if (child === undefined) {
          untriedIdx[untried++] = i;
          continue;
        }
        const avail = ++child.avail;
        const v = child.visits;
        const score = child.total / v + c * Math.sqrt(Math.log(avail) / v);
        if (score > bestScore) {
          bestScore = score;
          best = child;
          bestIdx = i;
        }
      }
      if (untried > 0 && canExpand) {
        const limit = alpha === 0.5 ? Math.ceil(widening * Math.sqrt(node.visits)) : Math.ceil(widening * node.visits ** alpha);
        if (node.children.length < limit || best === null) {
          const pick = this.chooseUntried(state, legal, untried);
          const action = legal[pick]!;
          const child = newNode(game.actionKey(action));
          child.avail = 1;
          attachChild(node, child);
          this.nodes++;
          state = this.step(node, state, child, action);
          path[depth] = child;
          seats[depth] = mover;
          depth++;
          break;
        }
      }
      if (best === null) break; // Nothing tried here and the tree may not grow: roll out from here.
      state = this.step(node, state, best, legal[bestIdx]!);
      path[depth] = best;
      seats[depth] = mover;
      depth++;
      node = best;
    }

    this.rollOutAndBackUp(state, depth);
  }

  /** Rolls out from `state` (or takes its returns if terminal) and credits the first `depth` nodes of the path. */
  private rollOutAndBackUp(state: S, depth: number): void {
    const game = this.game;
    const rng = this.rng;
    const path = this.path;
    const seats = this.seats;
    // Rollout.
    let rewards: readonly number[];
    if (game.isTerminal(state)) {
      rewards = game.returns(state);
    } else {
      const maxDepth = this.opt.rolloutDepth;
      const advisor = this.advisor;
      let d = 0;
      let terminal = false;
      if (advisor === undefined && game.playout !== undefined) {
        // The game plays the random line itself, on one working copy (the same actions and draws as below).
        state = game.playout(state, rng, maxDepth);
        terminal = game.isTerminal(state);
        d = maxDepth;
      }
      while (d < maxDepth) {
        const legal = game.legalActions(state);
        const n = legal.length;
        if (n === 0) break;
        let i: number;
        if (advisor !== undefined && rng.next() >= 0.1) {
          i = bestByDoctrine(advisor, state, legal, game.toMove(state), this.weights, 0, rng);
        } else {
          i = n === 1 ? 0 : rng.int(n);
        }
        state = game.apply(state, legal[i]!, rng);
        d++;
        if (game.isTerminal(state)) {
          terminal = true;
          break;
        }
      }
      rewards = terminal ? game.returns(state) : this.evaluate !== undefined ? this.evaluate(state) : this.zeros;
    }

    // Backup (max^n: each node is credited with the reward of the seat that moved into it).
    for (let d = 0; d < depth; d++) {
      const nd = path[d]!;
      const r = rewards[seats[d]!] ?? 0;
      nd.visits++;
      nd.total += r;
      nd.squares += r * r;
    }
    this.root.visits++;
    this.iterations++;
  }

  private chooseUntried(state: S, legal: readonly A[], untried: number): number {
    const untriedIdx = this.untried;
    if (untried === 1) return untriedIdx[0]!;
    const order = this.orderActions;
    if (order !== undefined) {
      // The first action in the preferred order that has no child yet.
      const ordered = order(state, legal);
      const keys = new Set<string>();
      for (let k = 0; k < untried; k++) keys.add(this.game.actionKey(legal[untriedIdx[k]!]!));
      for (const a of ordered) {
        const key = this.game.actionKey(a);
        if (keys.has(key)) {
          for (let k = 0; k < untried; k++) if (this.game.actionKey(legal[untriedIdx[k]!]!) === key) return untriedIdx[k]!;
        }
      }
    }
    return untriedIdx[this.rng.int(untried)]!;
  }

  /**
   * The expected line of play after the root move `key`: from that child, the most visited child at each
   * step (at least `minVisits` visits), described in the position it is played from. Positions of FIXED
   * nodes are the tree's own; past a die roll the line is shown for one sample of the dice, drawn from
   * `rng` (not the search's). Stops where the sampled position does not allow the next move.
   */
  line(key: string, rng: Rng, maxSteps = 8, minVisits = 2): LineStep[] {
    const game = this.game;
    const dice = new CountingRng(rng);
    const out: LineStep[] = [];
    let state =
      this.root.kind === FIXED
        ? (this.root.state as S)
        : game.determinize
          ? game.determinize(this.rootState, this.seat, rng)
          : this.rootState;
    let rolled = false;
    let next: SearchNode | undefined = this.root.children.find((c) => c.key === key);
    while (next !== undefined && out.length < maxSteps && !game.isTerminal(state)) {
      const step: SearchNode = next;
      const action = game.legalActions(state).find((a) => game.actionKey(a) === step.key);
      if (action === undefined) break;
      out.push({
        key: step.key,
        description: game.describeAction ? game.describeAction(state, action) : step.key,
        seat: game.toMove(state),
        visits: step.visits,
        mean: step.visits > 0 ? step.total / step.visits : 0,
        afterDice: rolled,
      });
      next = undefined;
      for (const c of step.children) if (c.visits >= minVisits && (next === undefined || c.visits > next.visits)) next = c;
      if (next === undefined || out.length >= maxSteps) break;
      const before = dice.draws;
      state = step.kind === FIXED ? (step.state as S) : game.apply(state, action, dice);
      rolled = dice.draws !== before;
    }
    return out;
  }
}

/** The runner-up is "close" when it has at least this share of the leader's visits. */
const CLOSE_SHARE = 0.7;
/** The share of a time budget searched before `settled` may stop it, and the visits its leader needs first. */
const SETTLE_AFTER = 0.1;
const SETTLE_MIN_VISITS = 64;
/** The least share of its time budget a decision gets however few its moves (breadthShare). */
const MIN_BREADTH_SHARE = 0.25;

/**
 * The lower confidence bound of a move's mean reward: mean - 2 s / sqrt(n), with s^2 the sample variance
 * of its rewards plus one pseudo-observation at the widest spread a reward in [-1, 1] allows (so that a
 * move seen a few times, all alike, is not trusted as if its value were known). A move never visited has
 * no bound (-Infinity).
 */
/**
 * The share of a time budget a decision among `legal` moves gets: legal / fullBreadth, at least
 * MIN_BREADTH_SHARE and at most all of it (a wargame's two-way choices, fire or hold, need far less search
 * than a move among twenty hexes).
 */
export function breadthShare(legal: number, fullBreadth: number): number {
  return Math.min(1, Math.max(MIN_BREADTH_SHARE, legal / Math.max(1, fullBreadth)));
}

/** The mirror of lowerBound: mean + 2 standard errors (the variance padded by one worst-case reward). */
export function upperBound(visits: number, total: number, squares: number | undefined): number {
  if (visits <= 0) return Infinity;
  return (2 * total) / visits - lowerBound(visits, total, squares);
}

export function lowerBound(visits: number, total: number, squares: number | undefined): number {
  if (visits <= 0) return -Infinity;
  const mean = total / visits;
  const sq = squares ?? visits; // an older worker's result: the widest spread
  const spread = Math.max(0, sq - visits * mean * mean) + 1;
  return mean - (2 * Math.sqrt(spread / visits)) / Math.sqrt(visits);
}

/** One root move in a search report. */
export interface SearchChild {
  key: string;
  description: string;
  visits: number;
  /** Mean reward for the seat that chose, in [-1, 1]. */
  mean: number;
  /** The doctrine prior's share of this move among the root's moves (prior=doctrine with an advisor). */
  prior?: number;
  /** The lower confidence bound of `mean` the final choice compares (see lowerBound). */
  bound?: number;
}

/** What the last decision's search did, for the CLI and `verbose`. */
export interface SearchReport {
  iterations: number;
  elapsedMs: number;
  /** Tree nodes, summed over threads. */
  nodes: number;
  threads: number;
  /** With `reuse`: the visits this decision's main tree took over from the last decision's search (0: a fresh search). */
  reused?: number;
  /** Root moves, most visited first (at most 10). */
  top: SearchChild[];
  chosen: string;
  /** The chosen move's description. */
  chosenDescription?: string;
  /**
   * The expected line of play: the chosen move, then the most visited reply at each step of the main
   * thread's tree (the principal variation), each described in the position it is played from; past a
   * die roll, for one sample of the dice. Absent for a forced move.
   */
  line?: LineStep[];
}

/** Runs a single-threaded search and returns the chosen action (no report, no workers). */
export function mctsSearch<S, A>(
  game: Game<S, A>,
  state: S,
  seat: number,
  rng: Rng,
  options: Partial<MctsOptions> = {},
  hooks: AgentHooks<S, A> = NO_HOOKS,
): A {
  const opt = { ...MCTS_DEFAULTS, ...options };
  const legal = game.legalActions(state);
  const tree = new MctsTree(game, state, seat, rng, opt, hooks);
  const res = tree.run();
  return legal[pickBest(game, legal, mergeChildren([res]), opt.overrideMargin)]!;
}

function mergeChildren(results: SearchResult[]): Map<string, RootChildStats> {
  const merged = new Map<string, RootChildStats>();
  for (const r of results) {
    for (const c of r.children) {
      const m = merged.get(c.key);
      if (m) {
        m.visits += c.visits;
        m.total += c.total;
        if (m.squares !== undefined || c.squares !== undefined) m.squares = (m.squares ?? m.visits) + (c.squares ?? c.visits);
        m.prior ??= c.prior;
      } else merged.set(c.key, { ...c });
    }
  }
  return merged;
}

/** The move played, among the actions legal in the real state: `robustChoice` over their root statistics. */
function pickBest<S, A>(game: Game<S, A>, legal: readonly A[], stats: Map<string, RootChildStats>, margin: number): number {
  return robustChoice(
    legal.map((a) => stats.get(game.actionKey(a))),
    margin,
  );
}

/**
 * The final choice among root moves (undefined: never searched): the highest lower confidence bound of the
 * mean reward (`lowerBound`), ties by visits, then by order. Most visits alone can pick a worse move: a
 * move the prior favours collects visits before the rollouts have shown it worse, and one unlucky first
 * roll keeps a better one waiting (the die-bet test); the bound takes a less visited move only when its
 * value is better beyond the noise of its fewer visits, and it stays with the most visited otherwise.
 *
 * With `margin` > 0 a less visited move must also have a mean above the most visited's by more than
 * `margin`. Where the moves' values are nearly equal, PUCT settles with a low-prior move's mean a little
 * above a high-prior one's (their exploration bonuses differ by that much), and a long search's standard
 * errors are smaller than that gap, so the bound alone would play against the prior on a difference the
 * search itself made (docs/design.md, "Why a longer search is not stronger").
 */
export function robustChoice(moves: readonly (Pick<RootChildStats, 'visits' | 'total' | 'squares'> | undefined)[], margin: number): number {
  let most = -1;
  for (let i = 0; i < moves.length; i++) if (moves[i] !== undefined && (most < 0 || moves[i]!.visits > moves[most]!.visits)) most = i;
  const floor = margin > 0 && most >= 0 && moves[most]!.visits > 0 ? moves[most]!.total / moves[most]!.visits + margin : -Infinity;
  let bestIdx = 0;
  let bestBound = -Infinity;
  let bestVisits = -1;
  for (let i = 0; i < moves.length; i++) {
    const s = moves[i];
    const visits = s ? s.visits : 0;
    let bound = s ? lowerBound(s.visits, s.total, s.squares) : -Infinity;
    if (i !== most && visits > 0 && s!.total / visits <= floor) bound = -Infinity;
    if (bound > bestBound || (bound === bestBound && visits > bestVisits)) {
      bestIdx = i;
      bestBound = bound;
      bestVisits = visits;
    }
  }
  return bestIdx;
}

// ---------------------------------------------------------------------------------------------
// Worker pool for root parallelism.

interface WorkerTask {
  id: number;
  spec: SpawnSpec;
  state: unknown;
  seat: number;
  seed: number;
  options: MctsOptions;
}

type WorkerReply = { id: number; ok: true; result: SearchResult } | { id: number; ok: false; error: string };

/** The compiled worker script beside this module (dist/agents/mcts-worker.js). */
export function mctsWorkerFile(): string {
  const here = compiledPath(import.meta.url);
  return join(dirname(here), 'mcts-worker.js');
}

class SearchPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (r: SearchResult) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  constructor(size: number) {
    const file = mctsWorkerFile();
    for (let i = 0; i < size; i++) {
      const w = new Worker(file);
      w.unref();
      w.on('message', (msg: WorkerReply) => {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.ok) p.resolve(msg.result);
        else p.reject(new Error(`mcts worker: ${msg.error}`));
      });
      w.on('error', (err) => this.failAll(err instanceof Error ? err : new Error(String(err))));
      this.workers.push(w);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  /** Posts one task per worker (synchronously: throws DataCloneError at once if the state cannot be sent). */
  post(tasks: Omit<WorkerTask, 'id'>[]): Promise<SearchResult>[] {
    const promises: Promise<SearchResult>[] = [];
    for (let i = 0; i < tasks.length; i++) {
      const id = this.nextId++;
      const w = this.workers[i]!;
      const p = new Promise<SearchResult>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
      });
      try {
        w.postMessage({ ...tasks[i], id });
      } catch (err) {
        this.pending.delete(id);
        throw err;
      }
      w.ref();
      promises.push(p.finally(() => w.unref()));
    }
    return promises;
  }

  async close(): Promise<void> {
    const ws = this.workers.splice(0);
    await Promise.all(ws.map((w) => w.terminate()));
  }
}

// ---------------------------------------------------------------------------------------------
// The agent.

export class MctsAgent implements Agent {
  readonly name = 'mcts';
  readonly options: MctsOptions;
  /** What the last decision's search did. */
  lastSearch: SearchReport | undefined;
  /** Told this thread's iterations so far while a search runs (Agent.onProgress). */
  onProgress: ((iterations: number) => void) | undefined = undefined;
  private pool: SearchPool | null = null;
  private warned = false;
  /**
   * With `reuse`: the node of the move last played, in the main tree of the search that chose it, kept
   * while it is FIXED (the move rolled no die and nothing was hidden from the seat at the root).
   */
  private kept: { game: Game<any, any>; seat: number; node: SearchNode } | undefined;

  constructor(
    options: Partial<MctsOptions> = {},
    private readonly hooks: AgentHooks<any, any> = NO_HOOKS,
  ) {
    const opt = { ...MCTS_DEFAULTS, ...options };
    if (options.timeMs !== undefined && options.timeMs !== Infinity && options.iterations === undefined) opt.iterations = Infinity;
    this.options = opt;
  }

  /**
   * Searches and returns the chosen action: synchronously on one thread, as a Promise with threads>1.
   */
  act<S, A>(game: Game<S, A>, state: S, seat: number, rng: Rng): A | Promise<A> {
    const hooks = this.hooks as AgentHooks<S, A>;
    const opt = this.options;
    const legal = game.legalActions(state);
    if (legal.length === 0) throw new Error(`mcts: no legal actions for seat ${seat} in ${game.name}`);
    const started = performance.now();
    const start = this.takeKept(game, state, seat);
    if (legal.length === 1) {
      // A forced move: nothing to search (a kept tree follows it, for the decision after).
      const only = legal[0]!;
      if (start !== undefined) this.keep(game, seat, start, game.actionKey(only));
      this.lastSearch = {
        iterations: 0,
        elapsedMs: 0,
        nodes: 0,
        threads: 0,
        top: [],
        chosen: game.actionKey(only),
        chosenDescription: game.describeAction ? game.describeAction(state, only) : game.actionKey(only),
      };
      return only;
    }

    let threads = opt.threads;
    const spawnSpec = hooks.spawnSpec;
    if (threads > 1 && spawnSpec === undefined) {
      this.warnOnce(
        `mcts: the hooks of ${game.name} have no spawnSpec, so threads=${threads} cannot rebuild it in worker threads; searching on 1 thread`,
      );
      threads = 1;
    }
    // Seeds for the worker trees come first from the agent's rng, so the result is reproducible.
    const seeds: number[] = [];
    for (let i = 1; i < threads; i++) seeds.push(rng.int(0x7fffffff));

    let pending: Promise<SearchResult>[] = [];
    if (threads > 1) {
      try {
        if (this.pool !== null && this.pool.size !== threads - 1) {
          void this.pool.close();
          this.pool = null;
        }
        this.pool ??= new SearchPool(threads - 1);
        pending = this.pool.post(
          seeds.map((seed) => ({ spec: spawnSpec!, state, seat, seed, options: { ...opt, verbose: false, threads: 1 } })),
        );
      } catch (err) {
        this.warnOnce(`mcts: cannot search on worker threads (${err instanceof Error ? err.message : String(err)}); searching on 1 thread`);
        threads = 1;
        pending = [];
      }
    }
    const tree = new MctsTree(game, state, seat, rng, opt, hooks);
    if (start !== undefined) tree.continueFrom(start);
    tree.onProgress = this.onProgress;
    const own = tree.run();
    if (pending.length === 0) return this.finish(game, state, seat, legal, tree, [own], threads, started);
    return Promise.all(pending).then((others) => this.finish(game, state, seat, legal, tree, [own, ...others], threads, started));
  }

  private finish<S, A>(
    g: Game<S, A>,
    state: S,
    seat: number,
    legal: readonly A[],
    tree: MctsTree<S, A>,
    results: SearchResult[],
    threads: number,
    started: number,
  ): A {
    const stats = mergeChildren(results);
    const chosen = legal[pickBest(g, legal, stats, this.options.overrideMargin)]!;
    const top = [...stats.values()]
      .sort((a, b) => b.visits - a.visits || b.total / Math.max(1, b.visits) - a.total / Math.max(1, a.visits))
      .slice(0, 10)
      .map((s) => ({
        key: s.key,
        description: this.describe(g, state, legal, s.key),
        visits: s.visits,
        mean: s.visits > 0 ? s.total / s.visits : 0,
        ...(s.prior !== undefined ? { prior: s.prior } : {}),
        ...(s.visits > 0 ? { bound: lowerBound(s.visits, s.total, s.squares) } : {}),
      }));
    const chosenKey = g.actionKey(chosen);
    if (this.options.reuse && tree.root.kind === FIXED) this.keep(g, seat, tree.root, chosenKey);
    this.lastSearch = {
      iterations: results.reduce((n, r) => n + r.iterations, 0),
      elapsedMs: performance.now() - started,
      nodes: results.reduce((n, r) => n + r.nodes, 0),
      threads,
      ...(tree.reused > 0 ? { reused: tree.reused } : {}),
      top,
      chosen: chosenKey,
      chosenDescription: g.describeAction ? g.describeAction(state, chosen) : chosenKey,
      // Its own fixed-seed dice, so describing the line never shifts the agent's stream.
      line: tree.line(chosenKey, createRng('mcts/line')),
    };
    if (this.options.verbose) process.stderr.write(formatSearchReport(this.lastSearch, seat));
    return chosen;
  }

  /**
   * The kept node, when this decision is the position it stands for: the same game and seat, and a state
   * equal to the node's (so the last move rolled no die and the seat moves again). Only the seat's own
   * moves are followed, never a reply of the other side's: a tree holds a node for each reply the search
   * tried, and matching one would tell the seat which reply was played even where the rules hide it.
   * The kept node is given up either way.
   */
  private takeKept<S, A>(game: Game<S, A>, state: S, seat: number): SearchNode | undefined {
    const kept = this.kept;
    this.kept = undefined;
    if (kept === undefined || kept.game !== game || kept.seat !== seat) return undefined;
    const node = kept.node;
    return node.kind === FIXED && node.legal !== null && node.mover === seat && sameValue(node.state, state) ? node : undefined;
  }

  /** Keeps the child of `node` for the action with this key, if the search made it and it is FIXED. */
  private keep<S, A>(game: Game<S, A>, seat: number, node: SearchNode, key: string): void {
    const child = node.children.find((c) => c.key === key);
    if (child !== undefined && child.kind === FIXED) this.kept = { game, seat, node: child };
  }

  private describe<S, A>(g: Game<S, A>, state: S, legal: readonly A[], key: string): string {
    if (g.describeAction === undefined) return key;
    const a = legal.find((x) => g.actionKey(x) === key);
    return a === undefined ? key : g.describeAction(state, a);
  }

  private warnOnce(message: string): void {
    if (this.warned) return;
    this.warned = true;
    process.stderr.write(`${message}\n`);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }
}

/**
 * The `verbose` printout (and `why`'s): the root's top moves with visits, mean value, lower bound and
 * prior, then the expected line of play.
 */
export function formatSearchReport(r: SearchReport, seat: number): string {
  const lines = [
    `mcts seat ${seat}: ${r.iterations} iterations in ${r.elapsedMs.toFixed(0)} ms on ${r.threads} thread(s)${r.reused ? ` on top of ${r.reused} from the last decision` : ''}, ${r.nodes} nodes; chose ${r.chosenDescription ?? r.chosen}`,
  ];
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
  for (const c of r.top)
    lines.push(
      `  ${String(c.visits).padStart(8)} visits  mean ${signed(c.mean)}${c.bound !== undefined && Number.isFinite(c.bound) ? `  bound ${signed(c.bound)}` : ''}${c.prior !== undefined ? `  prior ${(c.prior * 100).toFixed(0).padStart(3)}%` : ''}  ${c.description}`,
    );
  if (r.line && r.line.length > 0) {
    lines.push('  expected line:');
    for (const [i, step] of r.line.entries())
      lines.push(
        `    ${i + 1}. seat ${step.seat}${step.afterDice ? ' (after the dice)' : ''}: ${step.description}  (${step.visits} visits, mean ${signed(step.mean)})`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** Builds a tree from a worker task (used by mcts-worker.ts). */
export function runWorkerSearch<S, A>(
  game: Game<S, A>,
  hooks: AgentHooks<S, A>,
  state: S,
  seat: number,
  seed: number,
  options: MctsOptions,
): SearchResult {
  return new MctsTree(game, state, seat, createRng(`mcts-worker/${seed}`), options, hooks).run();
}
