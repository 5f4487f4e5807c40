/** Small games for the agent tests. */
import type { Game, Rng } from '../../src/core/game.js';
import { d6 } from '../../src/core/rng.js';
import type { ActionAssessment, AgentHooks } from '../../agents/doctrine.js';

/**
 * Die bet: seat 0 picks bet A (wins if a d6 shows 3 or more) or bet B (wins only on a 6); seat 1
 * never moves. Zero-sum, +1/-1.
 */
export interface BetState {
  bet: 'A' | 'B' | null;
  won: boolean;
}
export const dieBet: Game<BetState, 'A' | 'B'> = {
  name: 'die-bet',
  players: 2,
  toMove: () => 0,
  legalActions: (s) => (s.bet === null ? ['A', 'B'] : []),
  apply(_s, a, rng) {
    const roll = d6(rng);
    return { bet: a, won: a === 'A' ? roll >= 3 : roll === 6 };
  },
  isTerminal: (s) => s.bet !== null,
  returns: (s) => (s.won ? [1, -1] : [-1, 1]),
  actionKey: (a) => a,
};

/**
 * Card guess: seat 1 holds one card drawn from the deck A, B, B (so A one time in three). Seat 0
 * guesses the card and wins on a correct guess. The card is secret to seat 0; `determinize`
 * redraws it from the deck.
 */
export interface GuessState {
  card: 'A' | 'B';
  guess: 'A' | 'B' | null;
}
export const cardGuess: Game<GuessState, 'A' | 'B'> = {
  name: 'card-guess',
  players: 2,
  toMove: () => 0,
  legalActions: (s) => (s.guess === null ? ['A', 'B'] : []),
  apply: (s, a) => ({ card: s.card, guess: a }),
  isTerminal: (s) => s.guess !== null,
  returns: (s) => (s.guess === s.card ? [1, -1] : [-1, 1]),
  actionKey: (a) => a,
  determinize: (s, seat, rng: Rng) => (seat === 0 ? { card: rng.int(3) === 0 ? 'A' : 'B', guess: s.guess } : s),
};
/** The same game with the secret left in plain view (no determinize): a cheating searcher would see it. */
export const cardGuessOpen: Game<GuessState, 'A' | 'B'> = { ...cardGuess, name: 'card-guess-open', determinize: undefined };

/**
 * Interrupt: seat 0 makes two decisions in a row (x, then y), then seat 1 makes an interrupt
 * decision z (say, opportunity fire). Value for seat 0:
 *   x=0: 0.2 whatever follows;  x=1,y=1: z=1 -> -0.5, z=0 -> 1;  x=1,y=0: z=1 -> 0.5, z=0 -> 0.
 * With seat 1 playing well, seat 0 should take x=0 (0.2) rather than x=1 (at best 0).
 */
export interface InterruptState {
  x: number;
  y: number;
  z: number;
}
export const interrupt: Game<InterruptState, number> = {
  name: 'interrupt',
  players: 2,
  toMove: (s) => (s.x < 0 || s.y < 0 ? 0 : 1),
  legalActions: (s) => (s.z >= 0 ? [] : [0, 1]),
  apply: (s, a) => (s.x < 0 ? { ...s, x: a } : s.y < 0 ? { ...s, y: a } : { ...s, z: a }),
  isTerminal: (s) => s.z >= 0,
  returns(s) {
    const v = s.x === 0 ? 0.2 : s.y === 1 ? (s.z === 1 ? -0.5 : 1) : s.z === 1 ? 0.5 : 0;
    return [v, -v];
  },
  actionKey: (a) => String(a),
};

/** Many choices: seat 0 picks a number 0..n-1 and scores value(k); one move, then terminal. */
export function wideGame(n: number, value: (k: number) => number): Game<{ k: number }, number> {
  const actions = Array.from({ length: n }, (_, i) => i);
  return {
    name: 'wide',
    players: 1,
    toMove: () => 0,
    legalActions: (s) => (s.k < 0 ? actions : []),
    apply: (_s, a) => ({ k: a }),
    isTerminal: (s) => s.k >= 0,
    returns: (s) => [value(s.k)],
    actionKey: (a) => String(a),
  };
}

/** Hooks for wideGame that order its moves best first. */
export function wideOrder(value: (k: number) => number): AgentHooks<{ k: number }, number> {
  return { orderActions: (_s, acts) => acts.slice().sort((a, b) => value(b) - value(a)) };
}

/**
 * Skirmish: seat 0 picks one of five named actions; the toy doctrine advisor (skirmishHooks) returns
 * fixed assessments for them. `evaluate` gives the fallback something to read.
 */
export type SkirmishAction = 'assault' | 'fire' | 'hold' | 'advance' | 'rally';
export interface SkirmishState {
  done: SkirmishAction | null;
}
export const SKIRMISH: Record<SkirmishAction, ActionAssessment> = {
  // Big expected kill, big own losses: good for an aggressive doctrine only.
  assault: { expectedEnemyLoss: 2, expectedOwnLoss: 1.6, exposure: 0, objective: 0, cohesion: 0 },
  // Moderate kill, no losses, exposed afterwards.
  fire: { expectedEnemyLoss: 0.8, expectedOwnLoss: 0, exposure: 0.4, objective: 0, cohesion: 0 },
  hold: { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 },
  advance: { expectedEnemyLoss: 0, expectedOwnLoss: 0.2, exposure: 0.6, objective: 0.5, cohesion: 0 },
  rally: { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0.3 },
};
export function skirmish(withEvaluate = false): Game<SkirmishState, SkirmishAction> {
  const acts: SkirmishAction[] = ['assault', 'fire', 'hold', 'advance', 'rally'];
  const g: Game<SkirmishState, SkirmishAction> = {
    name: 'skirmish',
    players: 2,
    toMove: () => 0,
    legalActions: (s) => (s.done === null ? acts : []),
    apply: (_s, a) => ({ done: a }),
    isTerminal: () => false,
    returns: () => [0, 0],
    actionKey: (a) => a,
  };
  if (withEvaluate) g.evaluate = (s) => (s.done === 'rally' ? [0.5, -0.5] : [0, 0]);
  return g;
}

/** The skirmish doctrine: the fixed assessments of SKIRMISH. */
export const skirmishHooks: AgentHooks<SkirmishState, SkirmishAction> = { doctrine: { assess: (_s, a) => SKIRMISH[a] } };

/**
 * Ambush: seat 1 holds a card, A three times in four. Seat 0 may stay (-0.2) or go; after go, seat 1
 * may spring a trap only if it holds A (seat 0 loses), else must pass (seat 0 wins). The legal
 * actions of seat 1 differ between determinizations.
 */
export interface AmbushState {
  card: 'A' | 'B';
  step: number;
  last: string;
}
export const ambush: Game<AmbushState, string> = {
  name: 'ambush',
  players: 2,
  toMove: (s) => (s.step === 0 ? 0 : 1),
  legalActions: (s) => (s.step === 0 ? ['stay', 'go'] : s.step === 1 ? (s.card === 'A' ? ['pass', 'trap'] : ['pass']) : []),
  apply: (s, a) => ({ card: s.card, step: a === 'stay' ? 2 : s.step + 1, last: a }),
  isTerminal: (s) => s.step === 2,
  returns(s) {
    const v = s.last === 'stay' ? -0.2 : s.last === 'trap' ? -1 : 1;
    return [v, -v];
  },
  actionKey: (a) => a,
  determinize: (s, seat, rng) => (seat === 0 ? { ...s, card: rng.int(4) === 0 ? 'B' : 'A' } : s),
};
