/**
 * The kinds of bad input, so callers and tests can tell them apart without reading message text.
 * - `unknown-key`: a key the file format does not define (usually a misspelling; `suggestion` has the nearest known key).
 * - `missing`: a required key or value is absent.
 * - `bad-value`: a value of the wrong type, out of range, or inconsistent with the rest of the file.
 * - `bad-json`: the file is not valid JSON.
 * - `not-found`: a file, scenario id, side, counter or other name that does not exist.
 * - `unreadable`: the file exists but cannot be read.
 * - `bad-option`: a command-line flag or option the command cannot use.
 * - `illegal-action`: an action the rules do not allow now.
 * - `invalid`: bad input not yet given a more precise kind.
 */
export type InputErrorCode =
  | 'unknown-key'
  | 'missing'
  | 'bad-value'
  | 'bad-json'
  | 'not-found'
  | 'unreadable'
  | 'bad-option'
  | 'illegal-action'
  | 'invalid';

/** What an unknown-key error knows beyond its message. */
export interface InputErrorDetails {
  /** The offending key. */
  key?: string;
  /** The nearest known key, when one is close enough to be the intended one. */
  suggestion?: string;
  /** Further problems found in the same check (see InputError.others). */
  others?: readonly string[];
}

/**
 * Bad input from a person: a scenario, chart pack, counter manifest, flag or command.
 * Carries the file, the place in it, the problem and its kind, so the CLI prints one clear line and exits 2.
 */
export class InputError extends Error {
  readonly file: string | undefined;
  readonly place: string | undefined;
  readonly problem: string;
  readonly code: InputErrorCode;
  readonly key: string | undefined;
  readonly suggestion: string | undefined;
  /**
   * The problems after the first, one line each ("FILE: place: problem"), when a whole file was checked:
   * the message names the first and counts these; a report (`tacsim scenarios validate`) may list them.
   */
  readonly others: readonly string[];
  constructor(problem: string, file?: string, place?: string, code: InputErrorCode = 'invalid', details: InputErrorDetails = {}) {
    super([file, place, problem].filter((p) => p !== undefined && p !== '').join(': '));
    this.name = 'InputError';
    this.file = file;
    this.place = place;
    this.problem = problem;
    this.code = code;
    this.key = details.key;
    this.suggestion = details.suggestion;
    this.others = details.others ?? [];
  }
}

/**
 * Collects problems while validating a file, then throws one InputError: the first problem, with its kind,
 * and how many more there are, on one line; the others ride along in InputError.others.
 */
export class ProblemList {
  readonly problems: { place: string; problem: string; code: InputErrorCode }[] = [];
  constructor(readonly file: string) {}
  add(place: string, problem: string, code: InputErrorCode = 'invalid'): void {
    this.problems.push({ place, problem, code });
  }
  get ok(): boolean {
    return this.problems.length === 0;
  }
  throwIfAny(): void {
    if (this.problems.length === 0) return;
    const first = this.problems[0]!;
    const others = this.problems.length - 1;
    const more = others > 0 ? ` (and ${others} more problem${others > 1 ? 's' : ''})` : '';
    throw new InputError(first.problem + more, this.file, first.place, first.code, {
      others: [
        ...this.problems.slice(1, 10).map((p) => `${this.file}: ${p.place}: ${p.problem}`),
        ...(this.problems.length > 10 ? [`... and ${this.problems.length - 10} more`] : []),
      ],
    });
  }
}
