import { describe, expect, it } from 'vitest';
import { withThreads } from '../../agents/presets.js';
import { createRng } from '../../src/core/rng.js';
import { InputError } from '../../src/core/errors.js';
import {
  createAgent,
  DIFFICULTY_PRESETS,
  describeAgents,
  formatAgentHelp,
  type MctsAgent,
  RandomAgent,
  ScriptedAgent,
} from '../../agents/index.js';
import type { Game } from '../../src/core/game.js';
import { skirmish, skirmishHooks, type SkirmishAction, type SkirmishState } from './toy-games.js';
import type { AgentHooks } from '../../agents/doctrine.js';

function thrown(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('createAgent specs', () => {
  it('builds agents from good specs', () => {
    expect(createAgent('random')).toBeInstanceOf(RandomAgent);
    const s = createAgent('scripted:aggression=0.7') as ScriptedAgent;
    expect(s).toBeInstanceOf(ScriptedAgent);
    expect(s.options.aggression).toBe(0.7);
    expect(s.options.caution).toBe(0.5);
    const m = createAgent('mcts:iterations=2000') as MctsAgent;
    expect(m.options.iterations).toBe(2000);
    const t = createAgent(' mcts:timeMs=1000, exploration=1.2 ,verbose=true,rollout=scripted') as MctsAgent;
    expect(t.options).toMatchObject({ timeMs: 1000, exploration: 1.2, iterations: Infinity, verbose: true, rollout: 'scripted' });
    expect((createAgent('mcts') as MctsAgent).options.iterations).toBe(1000);
  });

  it("accepts the difficulty presets as agent specs, with options after them replacing the preset's", () => {
    for (const p of DIFFICULTY_PRESETS) {
      const a = createAgent(p.name);
      expect(a.name).toBe(p.spec.split(':')[0]);
    }
    const normal = createAgent('normal') as MctsAgent;
    expect(normal.options).toMatchObject({ timeMs: 200, rolloutDepth: 10, iterations: Infinity });
    const hard = createAgent('hard:threads=2,timeMs=800') as MctsAgent;
    expect(hard.options).toMatchObject({ timeMs: 800, extend: 0.5, threads: 2, rolloutDepth: 10 });
    expect((createAgent('easy') as ScriptedAgent).options.noise).toBe(0.5);
    // Each level searches longer than the one below and states a time that covers its budget.
    const budgets = DIFFICULTY_PRESETS.filter((p) => p.spec.startsWith('mcts')).map((p) => {
      const o = (createAgent(p.name) as MctsAgent).options;
      expect(p.maxMsPerDecision).toBeGreaterThanOrEqual(o.timeMs * (1 + o.extend));
      return o.timeMs;
    });
    expect(budgets).toEqual([...budgets].sort((a, b) => a - b));
    expect(thrown(() => createAgent('hard:foo=1')).message).toContain('no option "foo"');
    expect(thrown(() => createAgent('insane')).message).toContain('presets are easy, normal, hard, expert');
    expect(formatAgentHelp()).toContain('expert  = mcts:timeMs=3000');
  });

  it("takes a rules system's own search options over the defaults and a preset's, never over the spec's", () => {
    const hooks: AgentHooks<unknown, unknown> = { agentDefaults: { mcts: 'rolloutDepth=0,expandAfter=1' } };
    expect((createAgent('mcts', hooks) as MctsAgent).options).toMatchObject({ rolloutDepth: 0, expandAfter: 1, iterations: 1000 });
    // The preset keeps its time budget; the system shapes the search.
    expect((createAgent('hard', hooks) as MctsAgent).options).toMatchObject({ timeMs: 1000, extend: 0.5, rolloutDepth: 0, expandAfter: 1 });
    expect((createAgent('mcts:rolloutDepth=10', hooks) as MctsAgent).options).toMatchObject({ rolloutDepth: 10, expandAfter: 1 });
    expect((createAgent('hard:rolloutDepth=10', hooks) as MctsAgent).options.rolloutDepth).toBe(10);
    // Other agents are not touched by MCTS options, and a game without them keeps the defaults.
    expect(createAgent('scripted', hooks)).toBeInstanceOf(ScriptedAgent);
    expect((createAgent('mcts') as MctsAgent).options).toMatchObject({ rolloutDepth: 200, expandAfter: 0 });
    // A system's options are checked like a spec's.
    expect(thrown(() => createAgent('mcts', { agentDefaults: { mcts: 'rolloutDepht=0' } })).message).toContain('no option "rolloutDepht"');
  });

  it('rejects an unknown name, listing the agents', () => {
    const e = thrown(() => createAgent('alphazero:x=1'));
    expect(e.message).toContain('unknown agent "alphazero"');
    expect(e.message).toMatch(/random, scripted, mcts/);
    expect(e.message).toContain('iterations');
  });

  it('rejects an unknown key, listing the keys with meanings and defaults', () => {
    const e = thrown(() => createAgent('mcts:iters=5'));
    expect(e.message).toContain('no option "iters"');
    for (const k of [
      'iterations',
      'timeMs',
      'exploration',
      'widening',
      'alpha',
      'rollout',
      'rolloutDepth',
      'maxNodes',
      'threads',
      'verbose',
    ]) {
      expect(e.message).toContain(k);
    }
    expect(e.message).toContain('default 1000');
    expect(thrown(() => createAgent('random:foo=1')).message).toContain('takes no options');
  });

  it('rejects bad values, saying what is accepted', () => {
    const cases: [string, RegExp][] = [
      ['scripted:aggression=1.5', /aggression .* must be a number from 0 to 1, not "1.5"/],
      ['mcts:iterations=abc', /iterations .* must be a whole number of at least 1/],
      ['mcts:iterations=2.5', /whole number/],
      ['mcts:rollout=smart', /one of random, scripted/],
      ['mcts:verbose=maybe', /true or false/],
      ['mcts:threads', /needs a value/],
      ['mcts:iterations=5,iterations=6', /given twice/],
    ];
    for (const [spec, re] of cases) {
      const e = thrown(() => createAgent(spec));
      expect(e.message).toMatch(re);
      expect(e.message).toContain('default');
    }
  });

  it('describes every agent for help', () => {
    const d = describeAgents();
    expect(d.map((a) => a.name)).toEqual(['random', 'scripted', 'mcts']);
    const mcts = d.find((a) => a.name === 'mcts')!;
    expect(mcts.keys.find((k) => k.key === 'maxNodes')!.default).toBe('200000');
    expect(formatAgentHelp()).toContain('aggression');
  });
});

describe('scripted agent', () => {
  const actWith = (
    spec: string,
    game: Game<SkirmishState, SkirmishAction>,
    hooks: AgentHooks<SkirmishState, SkirmishAction> = {},
    seed = 's',
  ): SkirmishAction => createAgent(spec, hooks).act(game, { done: null }, 0, createRng(seed)) as SkirmishAction;

  it('plays the action its doctrine rates best', () => {
    const g = skirmish();
    const act = (spec: string): SkirmishAction => actWith(spec, g, skirmishHooks);
    expect(act('scripted')).toBe('assault'); // 2*1 - 1.6*0.5 = 1.2
    expect(act('scripted:aggression=0')).toBe('fire'); // 0.4 - 0.2 = 0.2
    expect(act('scripted:aggression=0,caution=1')).toBe('rally'); // 0.15
    expect(act('scripted:aggression=0,caution=0,objectiveWeight=3')).toBe('advance'); // -0.2 + 1.5
  });

  it('breaks ties with its own rng, and noise varies the choice', () => {
    const flat: AgentHooks<SkirmishState, SkirmishAction> = {
      doctrine: { assess: () => ({ expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 }) },
    };
    const g = skirmish();
    const seen = new Set(Array.from({ length: 40 }, (_, i) => actWith('scripted', g, flat, `tie${i}`)));
    expect(seen.size).toBe(5);
    const noisy = new Set(Array.from({ length: 40 }, (_, i) => actWith('scripted:noise=2', g, skirmishHooks, `n${i}`)));
    expect(noisy.size).toBeGreaterThan(1);
    expect(actWith('scripted', g, flat, 'same')).toBe(actWith('scripted', g, flat, 'same'));
  });

  it('falls back to a greedy evaluation, then to random, without an advisor', () => {
    expect(actWith('scripted', skirmish(true))).toBe('rally');
    // An evaluator among the hooks takes precedence over the game's own.
    expect(actWith('scripted', skirmish(true), { evaluate: (s) => (s.done === 'fire' ? [1, -1] : [0, 0]) })).toBe('fire');
    const seen = new Set(Array.from({ length: 40 }, (_, i) => actWith('scripted', skirmish(), {}, `r${i}`)));
    expect(seen.size).toBe(5);
  });

  it('serves as the MCTS rollout policy: scripted rollouts find the one good follow-up that random ones miss', () => {
    // Seat 0 chooses "safe" (worth 0.3 at once) or "risky", after which it picks one of ten follow-ups:
    // "good" wins, the nine others lose. The tree may hold only the root's two children (maxNodes 3), so
    // the rollouts value "risky": random ones about -0.8, the doctrine's (which rates "good" best) about +0.8.
    type S = { step: 'start' | 'risky' | 'done'; value: number };
    const followUps = ['good', ...Array.from({ length: 9 }, (_, i) => `bad${i}`)];
    const game: Game<S, string> = {
      name: 'follow-up',
      players: 1,
      toMove: () => 0,
      legalActions: (s) => (s.step === 'start' ? ['safe', 'risky'] : s.step === 'risky' ? followUps : []),
      apply: (_s, a) =>
        a === 'safe'
          ? { step: 'done', value: 0.3 }
          : a === 'risky'
            ? { step: 'risky', value: 0 }
            : { step: 'done', value: a === 'good' ? 1 : -1 },
      isTerminal: (s) => s.step === 'done',
      returns: (s) => [s.value],
      actionKey: (a) => a,
    };
    const zero = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };
    const hooks: AgentHooks<S, string> = { doctrine: { assess: (_s, a) => ({ ...zero, objective: a === 'good' ? 1 : 0 }) } };
    const start: S = { step: 'start', value: 0 };
    const spec = 'mcts:iterations=200,prior=none,maxNodes=3';
    expect(createAgent(`${spec},rollout=scripted`, hooks).act(game, start, 0, createRng('m'))).toBe('risky');
    expect(createAgent(`${spec},rollout=random`, hooks).act(game, start, 0, createRng('m'))).toBe('safe');
  });
});

describe('random agent', () => {
  it('is uniform over legal actions (fixed seed, wide bound)', () => {
    const g = skirmish(false);
    const agent = new RandomAgent();
    const rng = createRng('uniform');
    const counts = new Map<string, number>();
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      const a = agent.act(g, { done: null }, 0, rng);
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    expect(counts.size).toBe(5);
    // Expected 2000 each, standard deviation 40: allow 6 of them.
    for (const c of counts.values()) expect(Math.abs(c - n / 5)).toBeLessThan(240);
  });
});

describe('play runs searching agents on all cores but one (withThreads)', () => {
  it('adds threads to an mcts spec or preset that names none, and leaves the rest alone', () => {
    expect(withThreads('hard', 3)).toBe('hard:threads=3');
    expect(withThreads('mcts:timeMs=200', 3)).toBe('mcts:timeMs=200,threads=3');
    expect(withThreads('mcts', 2)).toBe('mcts:threads=2');
    expect(withThreads('mcts:threads=1,timeMs=200', 3)).toBe('mcts:threads=1,timeMs=200');
    expect(withThreads('scripted', 3)).toBe('scripted');
    expect(withThreads('easy', 3)).toBe('easy');
    expect(withThreads('hard', 1)).toBe('hard');
  });
});
