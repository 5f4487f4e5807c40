/**
 * The option keys an agent accepts in a spec such as `mcts:iterations=2000,exploration=1.2`:
 * each with its meaning, its default (as shown in help) and a parser that rejects bad values.
 */
export interface KeySpec<T = unknown> {
  readonly description: string;
  /** The default as shown in help ("1000", "none", "random"). */
  readonly defaultText: string;
  /** What values are accepted, for error messages ("a number from 0 to 1"). */
  readonly accepts: string;
  /** Parses a value; returns undefined when it is not accepted. */
  parse(raw: string): T | undefined;
}

export type KeyTable = Readonly<Record<string, KeySpec>>;

export function numberKey(description: string, defaultText: string, min: number, max = Infinity, minExclusive = false): KeySpec<number> {
  const accepts = max === Infinity ? `a number ${minExclusive ? 'above' : 'of at least'} ${min}` : `a number from ${min} to ${max}`;
  return {
    description,
    defaultText,
    accepts,
    parse(raw) {
      if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(raw.trim())) return undefined;
      const v = Number(raw);
      if (!Number.isFinite(v) || v < min || v > max || (minExclusive && v === min)) return undefined;
      return v;
    },
  };
}

export function intKey(description: string, defaultText: string, min: number, max = Number.MAX_SAFE_INTEGER): KeySpec<number> {
  return {
    description,
    defaultText,
    accepts: max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`,
    parse(raw) {
      if (!/^\+?\d+$/.test(raw.trim())) return undefined;
      const v = Number(raw);
      return v >= min && v <= max ? v : undefined;
    },
  };
}

export function boolKey(description: string, defaultText: string): KeySpec<boolean> {
  return {
    description,
    defaultText,
    accepts: 'true or false',
    parse(raw) {
      const v = raw.trim().toLowerCase();
      if (v === 'true' || v === 'yes' || v === '1') return true;
      if (v === 'false' || v === 'no' || v === '0') return false;
      return undefined;
    },
  };
}

export function choiceKey<C extends string>(description: string, defaultText: C, choices: readonly C[]): KeySpec<C> {
  return {
    description,
    defaultText,
    accepts: `one of ${choices.join(', ')}`,
    parse(raw) {
      const v = raw.trim();
      return (choices as readonly string[]).includes(v) ? (v as C) : undefined;
    },
  };
}
