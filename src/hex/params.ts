/**
 * Scenario parameter overrides (`--set name=value`, balance values, a record's options): each system names
 * the parameters it accepts and how each one edits the scenario data; they are applied here, to a copy,
 * and the copy is validated again by the scenario file's own schema after every override. A value given on
 * the command line is held to exactly the ranges the same value meets in the file (`turns` 1-60, morale
 * 2-12, ...), so no override can make a scenario the file format would refuse.
 */
import { InputError } from '../core/errors.js';

/** A decimal number as a person writes one: 10, -3, 2.5, .5, 1e3. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

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
 * when there are none. `validate` is the scenario file's schema (parsed data in, parsed data out, throwing
 * InputError): it runs after each override, so a value out of the file format's range is refused naming
 * the override. Throws InputError naming `file` and the parameter for an unknown name or a bad value.
 */
export function applyParameterOverrides<D>(
  raw: D,
  set: Readonly<Record<string, string | number | boolean>> | undefined,
  file: string,
  setters: readonly ParameterSetter<D>[],
  validate: (data: D) => D = (data) => data,
): D {
  if (!set) return raw;
  let data: D = structuredClone(raw);
  for (const [name, given] of Object.entries(set)) {
    const fail = (problem: string): never => {
      throw new InputError(problem, file, `--set ${name}`, 'bad-value');
    };
    const value: ParameterValue = {
      number: () => {
        // Decimal numbers only: Number() would also read "0x10", "0b1" and " " as numbers.
        const num = typeof given === 'number' ? given : DECIMAL.test(given.toString()) ? Number(given) : Number.NaN;
        return Number.isFinite(num) ? num : fail(`"${String(given)}" is not a finite number`);
      },
      boolean: () =>
        given === true || given === 'true'
          ? true
          : given === false || given === 'false'
            ? false
            : fail(`expected true or false, not "${String(given)}"`),
      fail,
    };
    const setter = setters.find((s) => {
      const open = s.name.indexOf('<');
      return open < 0 ? s.name === name : name.startsWith(s.name.slice(0, open)) && name.length > open;
    });
    if (!setter) {
      throw new InputError(
        `unknown scenario parameter "${name}" (known: ${setters.map((s) => s.name).join(', ')})`,
        file,
        `--set ${name}`,
        'not-found',
      );
    }
    const open = setter.name.indexOf('<');
    setter.apply(data, open < 0 ? '' : name.slice(open), value);
    try {
      data = validate(data);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      fail(`${String(given)} is not allowed: ${e.place ?? '(top level)'} ${e.problem}`);
    }
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
      if (!Object.hasOwn(rules, key)) v.fail(`unknown rule switch "${key}" (known: ${Object.keys(rules).join(', ')})`);
      rules[key] = v.boolean();
    },
  };
}
