/** The kernel's unit-row draft (src/hex/draft.ts): copy-on-write rows and arrays, the occupancy index. */
import { describe, expect, it } from 'vitest';
// Through the package entry, as a rules system outside the repository would.
import { HEX, UnitDraft } from '../../src/index.js';

/** A second system's state, as small as it gets: rows [hex, flags, carrier + 1], one shared array. */
interface TinyState {
  readonly u: readonly (readonly number[])[];
  readonly events: readonly string[];
  readonly smoke: readonly number[];
}
const FLAGS = 1,
  CARRIER = 2;

/** What both forms of the tiny system's draft do alike. */
interface TinyFields {
  smoke: readonly number[];
}
function sealTiny(d: UnitDraft<TinyState> & TinyFields): TinyState {
  const s = { u: d.u, events: d.events ?? [], smoke: d.smoke };
  d.passOccupancy(s.u);
  return s;
}
/** Puts unit i aboard unit t (in t's hex). */
function boardTiny(d: UnitDraft<TinyState>, i: number, t: number): void {
  d.set(i, CARRIER, t + 1);
  d.set(i, HEX, d.hex(t));
  d.carryingChanged();
}
const LAYOUT = { flags: FLAGS, carrier: CARRIER };

class TinyDraft extends UnitDraft<TinyState> {
  smoke: readonly number[];
  constructor(source: TinyState, narrate = false) {
    super(source, 10, LAYOUT, narrate);
    this.smoke = source.smoke;
  }
  seal(): TinyState {
    return sealTiny(this);
  }
  board(i: number, t: number): void {
    boardTiny(this, i, t);
  }
}

/**
 * The same draft as a class of its own that takes the kernel's methods by mixin (UnitDraft.mixInto), as
 * PG3's does; its setHex adds a rule around the kernel's placeUnit: a unit that moves loses flag bit 8.
 */
// biome-ignore lint/correctness/noUnusedVariables: merged with the class below (the mixin's typing)
interface MixedDraft extends UnitDraft<TinyState>, TinyFields {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface names the mixed-in kernel methods, as PG3's Draft does
class MixedDraft {
  constructor(source: TinyState, narrate = false) {
    UnitDraft.init(this, source, 10, LAYOUT, narrate);
    this.smoke = source.smoke;
  }
  seal(): TinyState {
    return sealTiny(this);
  }
  board(i: number, t: number): void {
    boardTiny(this, i, t);
  }
  setHex(unit: number, h: number): void {
    this.placeUnit(unit, h);
    this.setFlag(unit, 8, false);
  }
}
UnitDraft.mixInto(MixedDraft);

/** The mixed-in form given its row layout by mixInto, as PG3's Draft is: the layout lives on the prototype. */
// biome-ignore lint/correctness/noUnusedVariables: merged with the class below (the mixin's typing)
interface LaidOutDraft extends UnitDraft<TinyState>, TinyFields {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface names the mixed-in kernel methods, as PG3's Draft does
class LaidOutDraft {
  constructor(source: TinyState, narrate = false, layout = LAYOUT) {
    UnitDraft.init(this, source, 10, layout, narrate);
    this.smoke = source.smoke;
  }
  seal(): TinyState {
    return sealTiny(this);
  }
  board(i: number, t: number): void {
    boardTiny(this, i, t);
  }
}
UnitDraft.mixInto(LaidOutDraft, LAYOUT);

const start = (): TinyState =>
  Object.freeze({
    u: Object.freeze(
      [
        [3, 0, 0],
        [3, 0, 0],
        [5, 0, 0],
        [-1, 0, 0],
      ].map((r) => Object.freeze(r)),
    ),
    events: [],
    smoke: Object.freeze([7]),
  });

describe.each([
  ['extends UnitDraft', (s: TinyState, narrate?: boolean) => new TinyDraft(s, narrate)],
  ['mixes UnitDraft in', (s: TinyState, narrate?: boolean) => new MixedDraft(s, narrate)],
  ['mixes UnitDraft in with its row layout', (s: TinyState, narrate?: boolean) => new LaidOutDraft(s, narrate)],
])('UnitDraft, in a system draft that %s', (_form, draft) => {
  it('shares rows and arrays with its source until written, then copies only what it writes; the source never changes', () => {
    const s = start();
    const d = draft(s);
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
    const d = draft(start());
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
    const d2 = draft(next);
    const listed: number[] = [];
    for (let i = d2.firstIn(5); i >= 0; i = d2.nextIn(i)) listed.push(i);
    expect(listed).toEqual([0, 3]);
    // The first draft's index was not changed by the second's moves.
    d2.setHex(0, 6);
    expect(d2.unitsIn(5)).toEqual([3]);
    expect(draft(next).unitsIn(5)).toEqual([0, 3]);
  });

  it('narrates only when asked to', () => {
    const quiet = draft(start());
    quiet.say(() => 'never built');
    expect(quiet.events).toBeNull();
    const loud = draft(start(), true);
    loud.say(() => 'moved');
    expect(loud.seal().events).toEqual(['moved']);
  });
});

describe('UnitDraft.mixInto', () => {
  it("keeps the system's own methods: its setHex applies its rule and still keeps the occupancy index", () => {
    const s = start();
    const d = new MixedDraft(s);
    d.setFlag(0, 8);
    d.setFlag(0, 4);
    expect(d.unitsIn(3)).toEqual([0, 1]);
    d.setHex(0, 5);
    expect(d.flag(0, 8)).toBe(false);
    expect(d.flag(0, 4)).toBe(true);
    expect(d.unitsIn(3)).toEqual([1]);
    expect(d.unitsIn(5)).toEqual([0, 2]);
    expect(s.u[0]).toEqual([3, 0, 0]);
  });

  it('a class given its row layout keeps it off its drafts; a draft made with another layout reads its own', () => {
    const s = start();
    const d = new LaidOutDraft(s);
    expect(Object.keys(d)).not.toContain('flagsAt');
    expect(Object.keys(d)).not.toContain('carrierAt');
    // Flags in field 2 and the carrier in field 1: the draft's own layout wins over its class's.
    const swapped = new LaidOutDraft(s, false, { flags: CARRIER, carrier: FLAGS });
    swapped.setFlag(2, 4);
    expect(swapped.get(2, CARRIER)).toBe(4);
    expect(swapped.get(2, FLAGS)).toBe(0);
    expect(d.flag(2, 4)).toBe(false);
    boardTiny(swapped, 0, 2); // writes field CARRIER (2), which this draft reads as flags, not as a carrier
    expect(swapped.unitsIn(5)).toEqual([0, 2]);
  });

  it('moves units correctly in a state whose index came down through drafts that never asked for one', () => {
    const first = new MixedDraft(start());
    expect(first.unitsIn(5)).toEqual([2]);
    const s1 = first.seal();
    const quiet = new MixedDraft(s1);
    quiet.setFlag(2, 4); // no move, no question about hexes: the index passes on at seal
    const s2 = quiet.seal();
    const d = new MixedDraft(s2);
    d.setHex(1, 5);
    expect(d.unitsIn(5)).toEqual([1, 2]);
    expect(d.unitsIn(3)).toEqual([0]);
    expect(new MixedDraft(s2).unitsIn(3)).toEqual([0, 1]);
  });
});
