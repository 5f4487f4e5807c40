/**
 * The agent contract and the spec parser behind `--agent` options: `name` or `name:key=value,...`,
 * e.g. `random`, `scripted:aggression=0.7`, `mcts:iterations=2000`, `mcts:timeMs=1000,exploration=1.2`.
 */
import type { Game, Rng } from '../src/core/game.js';
import { InputError } from '../src/core/errors.js';
import { MCTS_KEYS, MctsAgent, type MctsOptions, type SearchReport } from './mcts.js';
import { RANDOM_KEYS, RandomAgent } from './random.js';
import { SCRIPTED_KEYS, ScriptedAgent, type ScriptedOptions } from './scripted.js';
import type { KeyTable } from './spec.js';
import { NO_HOOKS, type AgentHooks } from './doctrine.js';
import { DIFFICULTY_PRESETS, findPreset, formatPresetHelp } from './presets.js';

/**
 * A player. `act` is called only when it is `seat`'s decision (game.toMove(state) === seat), with the
 * agent's own rng: an agent never reads the game's dice stream.
 */
export interface Agent {
  readonly name: string;
  act<S, A>(game: Game<S, A>, state: S, seat: number, rng: Rng): A | Promise<A>;
  /** Releases threads or other resources. */
  close?(): Promise<void>;
  /**
   * What the agent's last decision weighed, for `play`'s `why` and the browser's thinking panel
   * (searching agents only; undefined before the first decision).
   */
  readonly lastSearch?: SearchReport | undefined;
  /**
   * Set by a caller that shows a thinking indicator: a searching agent calls it with its iterations so far
   * while it searches (about once a millisecond at most; the caller throttles). It never changes the choice.
   */
  onProgress?: ((iterations: number) => void) | undefined;
}

/** One kind of agent, for help and for the spec parser. */
export interface AgentDescription {
  readonly name: string;
  readonly description: string;
  readonly keys: readonly { readonly key: string; readonly description: string; readonly default: string; readonly accepts: string }[];
}

interface AgentKind {
  readonly description: string;
  readonly keys: KeyTable;
  create(options: Record<string, unknown>, hooks: AgentHooks<any, any>): Agent;
}

const KINDS: Readonly<Record<string, AgentKind>> = {
  random: {
    description: 'plays a uniformly random legal action',
    keys: RANDOM_KEYS,
    create: () => new RandomAgent(),
  },
  scripted: {
    description: 'doctrine agent: rates every action by expected losses, exposure, objectives and cohesion, and plays the best',
    keys: SCRIPTED_KEYS,
    create: (o, hooks) => new ScriptedAgent(o as Partial<ScriptedOptions>, hooks),
  },
  mcts: {
    description: 'Monte Carlo tree search (open loop over dice, determinized for hidden information)',
    keys: MCTS_KEYS,
    create: (o, hooks) => new MctsAgent(o as Partial<MctsOptions>, hooks),
  },
};

/** Every agent name with its keys, meanings and defaults (for CLI help). */
export function describeAgents(): AgentDescription[] {
  return Object.entries(KINDS).map(([name, kind]) => ({
    name,
    description: kind.description,
    keys: Object.entries(kind.keys).map(([key, k]) => ({ key, description: k.description, default: k.defaultText, accepts: k.accepts })),
  }));
}

/** describeAgents() as text: one line per agent, one indented line per key; then the difficulty presets. */
export function formatAgentHelp(): string {
  return `${describeAgents().map(formatOne).join('\n')}\n${formatPresetHelp()}`;
}

function formatOne(d: AgentDescription): string {
  const lines = [`${d.name}: ${d.description}`];
  if (d.keys.length === 0) lines.push('  (no options)');
  for (const k of d.keys)
    lines.push(
      `  ${k.key}=${k.accepts.startsWith('one of') ? k.accepts.slice(7).replace(/, /g, '|') : '...'}  ${k.description} (default ${k.default})`,
    );
  return lines.join('\n');
}

/**
 * Builds an agent from a spec: `name` or `name:key=value,key=value`, given the hooks of the game it will
 * play (LoadedScenario.ai: advisor, evaluator, action ordering; without them it uses the Game contract
 * alone). `name` may be a difficulty preset (presets.ts): its spec, with any options given after it in
 * place of the preset's. Options are taken in this order, each replacing the one before: the agent's
 * defaults, the preset's, the rules system's (`hooks.agentDefaults`), the spec's own. Throws InputError naming what is accepted when the name, a key or a value is wrong.
 */
export function createAgent(spec: string, hooks: AgentHooks<any, any> = NO_HOOKS): Agent {
  const text = spec.trim();
  const colon = text.indexOf(':');
  let name = (colon < 0 ? text : text.slice(0, colon)).trim();
  const preset = findPreset(name);
  const options: Record<string, unknown> = {};
  if (preset !== undefined) {
    // The preset's own options first; those given after the preset's name replace them.
    const pc = preset.spec.indexOf(':');
    name = pc < 0 ? preset.spec : preset.spec.slice(0, pc);
    if (pc >= 0) Object.assign(options, parseOptions(name, KINDS[name]!, preset.spec.slice(pc + 1), preset.spec));
  }
  const kind = Object.hasOwn(KINDS, name) ? KINDS[name] : undefined;
  if (kind === undefined) {
    throw new InputError(
      `unknown agent "${name}" in "${spec}"; the agents are ${Object.keys(KINDS).join(', ')}, written name or name:key=value,key=value (${describeAgents()
        .map((d) => `${d.name}: ${d.keys.length === 0 ? 'no options' : d.keys.map((k) => k.key).join(', ')}`)
        .join(
          '; ',
        )}), and the difficulty presets are ${DIFFICULTY_PRESETS.map((p) => p.name).join(', ')}; tacsim play --help explains them`,
      undefined,
      'agent',
    );
  }
  const systemDefaults = hooks.agentDefaults?.[name];
  if (systemDefaults !== undefined) Object.assign(options, parseOptions(name, kind, systemDefaults, `${name}:${systemDefaults}`));
  Object.assign(options, parseOptions(name, kind, colon < 0 ? '' : text.slice(colon + 1), spec));
  return kind.create(options, hooks);
}

/** Parses `key=value,key=value` for agent `name`; throws InputError naming what is accepted. */
function parseOptions(name: string, kind: AgentKind, text: string, spec: string): Record<string, unknown> {
  const help = formatOne({ name, description: kind.description, keys: describeAgents().find((d) => d.name === name)!.keys });
  const options: Record<string, unknown> = {};
  const rest = text.trim();
  if (rest !== '') {
    for (const part of rest.split(',')) {
      const eq = part.indexOf('=');
      const key = (eq < 0 ? part : part.slice(0, eq)).trim();
      const k = Object.hasOwn(kind.keys, key) ? kind.keys[key] : undefined;
      if (k === undefined) {
        const known = Object.keys(kind.keys);
        throw new InputError(
          `agent ${name} has no option "${key}"; ${known.length ? `its options are ${known.join(', ')}` : 'it takes no options'}\n${help}`,
          undefined,
          spec,
        );
      }
      if (eq < 0) throw new InputError(`option ${key} of agent ${name} needs a value (${key}=...): ${k.accepts}\n${help}`, undefined, spec);
      const raw = part.slice(eq + 1).trim();
      const v = k.parse(raw);
      if (v === undefined) {
        throw new InputError(`option ${key} of agent ${name} must be ${k.accepts}, not "${raw}"\n${help}`, undefined, spec);
      }
      if (Object.hasOwn(options, key)) throw new InputError(`option ${key} of agent ${name} is given twice\n${help}`, undefined, spec);
      options[key] = v;
    }
  }
  return options;
}
