/**
 * Scenario parameter overrides (`--set name=value`): each system names the parameters it accepts and
 * how each one edits the raw scenario data; they are applied here, to a copy, before the whole scenario
 * is validated and resolved.
 */
import { InputError } from '../core/errors.js';

/** The value given for one parameter, read as the setter needs it; each reader throws a one-line InputError. */
export interface ParameterValue {
  number(): number;
  boolean(): boolean;
  /** Throws an InputError naming the file and the parameter. */
  fail(problem: string): never;
}

/** One settable parameter: an exact name (`turns`) or a family written with a placeholder (`initiative.<side>`). */
export interface ParameterSetter<D> {
  /** `turns`, or `initiative.<side>`: the part before `<` is a prefix, the rest of a given name its key. */
  readonly name: string;
  /** Writes the value into `data` (a private copy). `key`: the name after the prefix (empty for an exact name). */
  apply(data: D, key: string, value: ParameterValue): void;
}

/**
 * The scenario data with the `set` overrides applied (a deep copy; `raw` is unchanged), or `raw` itself
 * when there are none. Throws InputError naming `file` and the parameter for an unknown name or a bad value.
 */
export function applyParameterOverrides<D>(
  raw: D,
  set: Readonly<Record<string, string | number | boolean>> | undefined,
  file: string,
  setters: readonly ParameterSetter<D>[],
): D {
  if (!set) return raw;
  const data: D = structuredClone(raw);
  for (const [name, given] of Object.entries(set)) {
    const fail = (problem: string): never => {
      throw new InputError(problem, file, name);
    };
    const value: ParameterValue = {
      number: () => {
        const num = typeof given === 'number' ? given : Number(given);
        return Number.isFinite(num) ? num : fail(`--set ${name}: "${String(given)}" is not a number`);
      },
      boolean: () =>
        given === true || given === 'true'
          ? true
          : given === false || given === 'false'
            ? false
            : fail(`--set ${name}: expected true or false`),
      fail,
    };
    const setter = setters.find((s) => {
      const open = s.name.indexOf('<');
      return open < 0 ? s.name === name : name.startsWith(s.name.slice(0, open));
    });
    if (!setter) return fail(`unknown scenario parameter "${name}" (known: ${setters.map((s) => s.name).join(', ')})`);
    const open = setter.name.indexOf('<');
    setter.apply(data, open < 0 ? '' : name.slice(open), value);
  }
  return data;
}

/** What the common setters below need of a scenario's data. */
interface SidesData<S> {
  sides: S[];
}
interface VictoryData {
  victory: { decisiveMargin: number; vpPerStep: number; objectives: { hex: string; vp: number }[] };
}

/** `turns`: the turn limit. */
export function turnsParameter<D extends { turns: number }>(): ParameterSetter<D> {
  return {
    name: 'turns',
    apply: (data, _, v) => {
      data.turns = v.number();
    },
  };
}

/** `decisiveMargin` and `vpPerStep` of the victory conditions. */
export function victoryParameters<D extends VictoryData>(): ParameterSetter<D>[] {
  return [
    {
      name: 'decisiveMargin',
      apply: (data, _, v) => {
        data.victory.decisiveMargin = v.number();
      },
    },
    {
      name: 'vpPerStep',
      apply: (data, _, v) => {
        data.victory.vpPerStep = v.number();
      },
    },
  ];
}

/** A per-side parameter `<prefix>.<side>` (e.g. `morale.<side>`): `write` changes the side named. */
export function sideParameter<D extends SidesData<{ id: string }>>(
  prefix: string,
  write: (side: D['sides'][number], value: ParameterValue) => void,
): ParameterSetter<D> {
  return {
    name: `${prefix}.<side>`,
    apply: (data, id, v) => {
      const side = data.sides.find((s) => s.id === id) ?? v.fail(`no side "${id}" (sides: ${data.sides.map((s) => s.id).join(', ')})`);
      write(side, v);
    },
  };
}

/** `objective.<hex>`: the VP of the objective at that hex. */
export function objectiveParameter<D extends VictoryData>(): ParameterSetter<D> {
  return {
    name: 'objective.<hex>',
    apply: (data, label, v) => {
      const obj = data.victory.objectives.find((o) => o.hex === label) ?? v.fail(`no objective at hex ${label}`);
      obj.vp = v.number();
    },
  };
}

/** `rule.<switch>`: an optional rule or ruling switch of the scenario's `rules`. */
export function ruleSwitchParameter<D extends { rules: object }>(): ParameterSetter<D> {
  return {
    name: 'rule.<switch>',
    apply: (data, key, v) => {
      const rules = data.rules as Record<string, boolean>;
      if (!(key in rules)) v.fail(`unknown rule switch "${key}" (known: ${Object.keys(rules).join(', ')})`);
      rules[key] = v.boolean();
    },
  };
}
