/**
 * Bad input from a person: a scenario, chart pack, counter manifest, flag or command.
 * Carries the file, the place in it and the problem, so the CLI prints one clear line and exits 2.
 */
export class InputError extends Error {
  readonly file: string | undefined;
  readonly place: string | undefined;
  readonly problem: string;
  constructor(problem: string, file?: string, place?: string) {
    super([file, place, problem].filter((p) => p !== undefined && p !== '').join(': '));
    this.name = 'InputError';
    this.file = file;
    this.place = place;
    this.problem = problem;
  }
}

/** Collects problems while validating a file, then throws one InputError listing them. */
export class ProblemList {
  readonly problems: { place: string; problem: string }[] = [];
  constructor(readonly file: string) {}
  add(place: string, problem: string): void {
    this.problems.push({ place, problem });
  }
  get ok(): boolean {
    return this.problems.length === 0;
  }
  throwIfAny(): void {
    if (this.problems.length === 0) return;
    const first = this.problems[0]!;
    const more = this.problems.length > 1
      ? `\n${this.problems.slice(1, 10).map((p) => `  also: ${this.file}: ${p.place}: ${p.problem}`).join('\n')}` +
        (this.problems.length > 10 ? `\n  ... and ${this.problems.length - 10} more` : '')
      : '';
    throw new InputError(first.problem + more, this.file, first.place);
  }
}
