/** The kernel's unit-row draft (src/hex/draft.ts): copy-on-write rows and arrays, the occupancy index. */
import { describe, expect, it } from 'vitest';
import { UnitDraft } from '../../src/hex/draft.js';
import { HEX } from '../../src/hex/units.js';

/** A second system's state, as small as it gets: rows [hex, flags, carrier + 1], one shared array. */
interface TinyState {
  readonly u: readonly (readonly number[])[];
  readonly events: readonly string[];
  readonly smoke: readonly number[];
}
const FLAGS = 1, CARRIER = 2;

class TinyDraft extends UnitDraft<TinyState> {
  smoke: readonly number[];
  constructor(source: TinyState, narrate = false) {
    super(source, 10, { flags: FLAGS, carrier: CARRIER }, narrate);
    this.smoke = source.smoke;
  }
  seal(): TinyState {
    const s = { u: this.u, events: this.events ?? [], smoke: this.smoke };
    this.passOccupancy(s.u);
    return s;
  }
  /** Puts unit i aboard unit t (in t's hex). */
  board(i: number, t: number): void {
    this.set(i, CARRIER, t + 1);
    this.set(i, HEX, this.hex(t));
    this.carryingChanged();
  }
}

const start = (): TinyState => Object.freeze({
  u: Object.freeze([[3, 0, 0], [3, 0, 0], [5, 0, 0], [-1, 0, 0]].map((r) => Object.freeze(r))),
  events: [],
  smoke: Object.freeze([7]),
});

describe('UnitDraft', () => {
  it('shares rows and arrays with its source until written, then copies only what it writes; the source never changes', () => {
    const s = start();
    const d = new TinyDraft(s);
    d.set(0, FLAGS, 0); // same value: nothing copied
    expect(d.u).toBe(s.u);
    d.setFlag(1, 4);
    expect(d.u).not.toBe(s.u);
    expect(d.u[0]).toBe(s.u[0]);
    expect(d.u[1]).not.toBe(s.u[1]);
    expect(d.flag(1, 4)).toBe(true);
    expect(s.u[1]![FLAGS]).toBe(0);
    expect(d.smoke).toBe(s.smoke);
    d.mut('smoke').push(8);
    d.mut('smoke').push(9); // the second write reuses the draft's own copy
    expect(d.seal().smoke).toEqual([7, 8, 9]);
    expect(s.smoke).toEqual([7]);
  });

  it('keeps the occupancy index in unit order through moves, leaves carried units out, and hands it to the next state', () => {
    const d = new TinyDraft(start());
    expect(d.unitsIn(3)).toEqual([0, 1]);
    d.setHex(0, 5);
    expect(d.unitsIn(3)).toEqual([1]);
    expect(d.unitsIn(5)).toEqual([0, 2]);
    d.setHex(3, 5); // from off the map
    expect(d.unitsIn(5)).toEqual([0, 2, 3]);
    d.setHex(2, -2); // eliminated
    expect(d.unitsIn(5)).toEqual([0, 3]);
    d.board(1, 0);
    expect(d.hex(1)).toBe(5);
    expect(d.unitsIn(5)).toEqual([0, 3]);
    const next = d.seal();
    const d2 = new TinyDraft(next);
    const listed: number[] = [];
    for (let i = d2.firstIn(5); i >= 0; i = d2.nextIn(i)) listed.push(i);
    expect(listed).toEqual([0, 3]);
    // The first draft's index was not changed by the second's moves.
    d2.setHex(0, 6);
    expect(d2.unitsIn(5)).toEqual([3]);
    expect(new TinyDraft(next).unitsIn(5)).toEqual([0, 3]);
  });

  it('narrates only when asked to', () => {
    const quiet = new TinyDraft(start());
    quiet.say(() => 'never built');
    expect(quiet.events).toBeNull();
    const loud = new TinyDraft(start(), true);
    loud.say(() => 'moved');
    expect(loud.seal().events).toEqual(['moved']);
  });
});
