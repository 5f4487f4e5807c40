/**
 * Difficulty presets: named agent specs, accepted wherever an agent spec is (`play --ai`, `sim --agent`,
 * `serve --ai`), optionally with options after them that replace the preset's (`hard:threads=2`). Each
 * states the most wall time it takes for a decision: the search budget (`timeMs`, plus `extend` x timeMs
 * when the choice is close at the deadline) and a margin for the set-up, the report and a machine busy
 * with other work (`node dist/benchmarks/preset-times.js SCENARIO` measures them). The levels are
 * ordered by strength (each searches longer than the one below, `easy` not at all); their measured
 * strength is in the README's ladder.
 *
 * Each answers within its maxMsPerDecision on the 2-core machine, on pg3-medium against the scripted agent
 * with the machine shared (`node dist/benchmarks/preset-times.js pg3-medium 40`; the figures are in the README).
 */
export interface DifficultyPreset {
  readonly name: string;
  /** The agent spec it stands for. */
  readonly spec: string;
  readonly description: string;
  /** The most wall time a decision takes, in milliseconds, on one core. */
  readonly maxMsPerDecision: number;
}

export const DIFFICULTY_PRESETS: readonly DifficultyPreset[] = [
  {
    name: 'easy',
    spec: 'scripted:noise=0.5',
    description: 'the doctrine agent with its ratings blurred by noise: plausible moves, often not the best; answers at once',
    maxMsPerDecision: 250,
  },
  {
    name: 'normal',
    spec: 'mcts:timeMs=200,rolloutDepth=10',
    description: 'tree search for 0.2 s a decision, short rollouts valued by the evaluation',
    maxMsPerDecision: 500,
  },
  {
    name: 'hard',
    spec: 'mcts:timeMs=1000,rolloutDepth=10,extend=0.5',
    description: 'tree search for 1 s a decision, up to 1.5 s when the best moves are close',
    maxMsPerDecision: 2000,
  },
  {
    name: 'expert',
    spec: 'mcts:timeMs=3000,rolloutDepth=10,extend=0.5',
    description: 'tree search for 3 s a decision, up to 4.5 s when the best moves are close',
    maxMsPerDecision: 5000,
  },
];

export function findPreset(name: string): DifficultyPreset | undefined {
  return DIFFICULTY_PRESETS.find((p) => p.name === name);
}

/** The presets as help text: one line each. */
export function formatPresetHelp(): string {
  return [
    "difficulty presets (an agent spec each; options after the name replace the preset's, e.g. hard:threads=2):",
    ...DIFFICULTY_PRESETS.map(
      (p) => `  ${p.name.padEnd(7)} = ${p.spec}  ${p.description} (at most ${(p.maxMsPerDecision / 1000).toFixed(1)} s a decision)`,
    ),
  ].join('\n');
}

/**
 * `spec` searching on `threads` threads (root parallelism) unless it names its own `threads`: what `play`
 * runs, with all cores but one. Specs of agents that do not search (scripted, random) are returned as they are.
 */
export function withThreads(spec: string, threads: number): string {
  const text = spec.trim();
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  const base = findPreset(name)?.spec ?? name;
  if (threads <= 1 || !base.startsWith('mcts')) return spec;
  const options = colon < 0 ? '' : text.slice(colon + 1);
  if (/(^|,)\s*threads\s*=/.test(options)) return spec;
  return `${text}${colon < 0 ? ':' : ','}threads=${threads}`;
}
