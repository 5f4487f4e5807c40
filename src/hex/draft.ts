/**
 * A Draft is the working copy that one `apply` edits; the system's `seal` turns it into the next immutable
 * state. It starts out sharing everything with its input state, which is never touched: the first write to
 * a unit copies that unit's row (and once, the list of rows), the first write to another array copies that
 * array (`mut`). An unchanged value written again copies nothing.
 *
 * UnitDraft holds what every system's draft has: the unit rows, the hex occupancy index and narration. A
 * system's draft either extends it, or, where a draft is made for every action and every list of legal
 * actions, is a class of its own that takes UnitDraft's methods (`UnitDraft.mixInto`, the TypeScript
 * handbook's mixin pattern) and sets UnitDraft's fields with `UnitDraft.init` from its own constructor:
 * V8 does not inline a `super(...)` call, an ordinary function call it does. Either way the kernel's
 * methods are written once, here.
 */
import { packedInts } from '../core/arrays.js';
import { RecentMemo } from '../core/memo.js';
import type { Hex } from './grid.js';
import { HEX, type RowLayout, type UnitRows } from './units.js';

/** What a system's state has for the kernel: unit rows (units.ts) and the narration of the last apply. */
export interface UnitState {
  readonly u: UnitRows;
  readonly events: readonly string[];
}

/** Names of the state's arrays (other than the unit rows and narration) a draft shares until it writes them. */
export type SharedArrayKey<S> = Exclude<
  { [K in keyof S]: S[K] extends readonly unknown[] ? K : never }[keyof S],
  'u' | 'events' | undefined
>;
/** The writable form of a shared array: pairs stay pairs. */
export type Writable<T> = T extends readonly [number, number] ? [number, number] : T extends readonly (infer E)[] ? E[] : never;

export class UnitDraft<S extends UnitState> {
  /** The state this draft starts from (never written; everything is shared until written). */
  declare readonly source: S;
  /** One row per unit; rows not yet written are the source state's own. */
  declare u: (readonly number[])[];
  declare events: string[] | null;
  /** Where the unit rows keep the flags and the carrier (RowLayout): on the prototype of a class given them by `mixInto`. */
  declare private flagsAt: number;
  declare private carrierAt: number;
  declare private hexCount: number;
  declare private occHead: number[] | null;
  declare private occNext: number[] | null;
  /** The unit rows the occupancy index was built from, while it still matches (shared with the state). */
  declare private occFrom: UnitRows | null;
  /** Whether occHead/occNext belong to this draft alone (else they are shared through OCCUPANCY). */
  declare private occOwned: boolean;

  /**
   * @param source the state this draft starts from
   * @param narrate whether `say` records narration (play, replays) or not (playouts)
   */
  constructor(source: S, hexes: number, layout: RowLayout, narrate: boolean) {
    UnitDraft.init(this, source, hexes, layout, narrate);
  }

  /**
   * Sets the kernel's fields of a new draft d: UnitDraft's constructor, callable from the constructor of a
   * system's draft that took UnitDraft's methods with `mixInto` (it must call this before anything else).
   * Kept small: it runs for every apply and every list of legal actions.
   * @param hexes the number of hexes of the map (hex indexes run from 0 to hexes - 1)
   */
  static init<S extends UnitState>(d: UnitDraft<S>, source: S, hexes: number, layout: RowLayout, narrate: boolean): void {
    (d as { source: S }).source = source;
    d.u = source.u as (readonly number[])[];
    d.events = narrate ? [] : null;
    // Set on the draft only when its class's prototype does not already hold this layout (see mixInto).
    if (d.flagsAt !== layout.flags) d.flagsAt = layout.flags;
    if (d.carrierAt !== layout.carrier) d.carrierAt = layout.carrier;
    d.hexCount = hexes;
    // Positions are unchanged until the first setHex: the source state's occupancy index, if one was
    // made, is looked up when first needed (many drafts never need one).
    d.occFrom = source.u;
    d.occHead = null;
    d.occNext = null;
    d.occOwned = false;
  }

  /**
   * Gives the class of a system's draft UnitDraft's methods, but for those it defines itself (a system's
   * `setHex` that adds its rules calls `placeUnit`). Declare `interface YourDraft extends UnitDraft<YourState> {}`
   * beside the class so that the type knows them.
   *
   * Given the system's row layout, the class's prototype holds it, so its drafts do not: V8 sizes an object
   * for the fields its constructor assigns itself plus 8, and fields beyond that live in a second,
   * separately allocated store; `init` sets the kernel's fields, which that count does not see. The
   * layout read from the prototype is also a constant to the optimizing compiler.
   */
  static mixInto(target: abstract new (...args: never[]) => unknown, layout?: RowLayout): void {
    const from = UnitDraft.prototype as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(from)) {
      if (name === 'constructor' || Object.hasOwn(target.prototype, name)) continue;
      Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(from, name)!);
    }
    if (layout) {
      const proto = target.prototype as { flagsAt: number; carrierAt: number };
      proto.flagsAt = layout.flags;
      proto.carrierAt = layout.carrier;
    }
  }

  /**
   * The draft's own, writable copy of one of the state's arrays, made on the first write (copy-on-write).
   * Most actions touch only the unit rows; copying every other array for every action was a tenth of an
   * `apply`. The fields are typed read-only, so every write must come through here.
   */
  mut<K extends SharedArrayKey<S>>(key: K): Writable<S[K]> {
    const self = this as unknown as Record<K, readonly unknown[]>;
    const v = self[key];
    if (v !== (this.source[key] as unknown)) return v as Writable<S[K]>;
    const copy = v.slice();
    self[key] = copy;
    return copy as Writable<S[K]>;
  }

  /**
   * Appends a line of narration. Call sites write `d.events && d.say(() => ...)` so that playouts, which
   * do not narrate, allocate neither the string nor the closure.
   */
  say(text: () => string): void {
    if (this.events) this.events.push(text());
  }

  get(unit: number, field: number): number {
    return this.u[unit]![field]!;
  }
  set(unit: number, field: number, v: number): void {
    if (this.u[unit]![field] !== v) this.row(unit)[field] = v;
  }
  flag(unit: number, bit: number): boolean {
    return (this.u[unit]![this.flagsAt]! & bit) !== 0;
  }
  setFlag(unit: number, bit: number, on = true): void {
    const f = this.u[unit]![this.flagsAt]!;
    this.set(unit, this.flagsAt, on ? f | bit : f & ~bit);
  }
  hex(unit: number): Hex {
    return this.u[unit]![HEX]!;
  }

  /**
   * The draft's own, writable row of a unit: copied from the source state on the first write, with the
   * list of rows (copy-on-write). Copying all units' fields for every action was a sixth of a random
   * playout's time, counting the collector; most actions change one or two units.
   */
  private row(unit: number): number[] {
    const src = this.source.u;
    let u = this.u;
    if (u === src) this.u = u = src.slice();
    let r = u[unit]!;
    if (r === src[unit]) u[unit] = r = r.slice();
    return r as number[];
  }

  /** Puts a unit in hex h (negative: off the map); a system whose rules act on a move redefines it around placeUnit. */
  setHex(unit: number, h: Hex): void {
    this.placeUnit(unit, h);
  }

  /** Puts a unit in hex h (negative: off the map), keeping the occupancy index. */
  placeUnit(unit: number, h: Hex): void {
    const old = this.hex(unit);
    this.set(unit, HEX, h);
    if (this.occHead === null && this.occFrom !== null) this.reuseOcc();
    this.occFrom = null;
    if (this.occHead !== null && (this.carrierAt < 0 || this.get(unit, this.carrierAt) === 0)) this.relink(unit, old, h);
    else this.occHead = null;
  }

  /** To call after changing who carries whom: the occupancy index is rebuilt when next asked. */
  carryingChanged(): void {
    this.occHead = null;
    this.occFrom = null;
  }

  /** Units in hex h, any side, in unit order; carried units are not listed (they count as part of their carrier). */
  unitsIn(h: Hex): number[] {
    if (this.occHead === null) this.findOcc();
    const out: number[] = [];
    for (let i = this.occHead![h]!; i >= 0; i = this.occNext![i]!) out.push(i);
    return out;
  }

  /** First unit in hex h or -1; iterate with nextIn. */
  firstIn(h: Hex): number {
    if (this.occHead === null) this.findOcc();
    return this.occHead![h]!;
  }
  nextIn(unit: number): number {
    return this.occNext![unit]!;
  }

  /**
   * To call from the system's seal with the new state's unit rows: its positions match the index built
   * here, so the drafts made from it reuse it.
   */
  passOccupancy(u: UnitRows): void {
    if (this.occHead === null && this.occFrom !== null) this.reuseOcc();
    if (this.occHead !== null) {
      OCCUPANCY.set(u, { head: this.occHead, next: this.occNext! });
      this.occOwned = false;
    }
  }

  /**
   * Moves one unit between hex lists of the occupancy index instead of rebuilding it (a move is the
   * commonest action). Lists stay in unit order, so the index equals a fresh build.
   */
  private relink(unit: number, from: Hex, to: Hex): void {
    if (!this.occOwned) {
      this.occHead = this.occHead!.slice();
      this.occNext = this.occNext!.slice();
      this.occOwned = true;
    }
    const head = this.occHead!,
      next = this.occNext!;
    if (from >= 0) {
      if (head[from] === unit) head[from] = next[unit]!;
      else
        for (let i = head[from]!; i >= 0; i = next[i]!)
          if (next[i] === unit) {
            next[i] = next[unit]!;
            break;
          }
    }
    next[unit] = -1;
    if (to >= 0) {
      let prev = -1;
      for (let i = head[to]!; i >= 0 && i < unit; i = next[i]!) prev = i;
      if (prev < 0) {
        next[unit] = head[to]!;
        head[to] = unit;
      } else {
        next[unit] = next[prev]!;
        next[prev] = unit;
      }
    }
  }

  /** Takes the occupancy index of the rows this draft's positions still match, if one was made. */
  private reuseOcc(): void {
    const cached = OCCUPANCY.get(this.occFrom!);
    if (cached) {
      this.occHead = cached.head;
      this.occNext = cached.next;
    }
  }

  private findOcc(): void {
    if (this.occFrom !== null) this.reuseOcc();
    if (this.occHead === null) this.buildOcc();
  }

  private buildOcc(): void {
    const n = this.u.length;
    const head = packedInts(this.hexCount, -1);
    const next = packedInts(n, -1);
    const carrierAt = this.carrierAt;
    for (let i = n - 1; i >= 0; i--) {
      const h = this.hex(i);
      if (h >= 0 && (carrierAt < 0 || this.get(i, carrierAt) === 0)) {
        next[i] = head[h]!;
        head[h] = i;
      }
    }
    this.occHead = head;
    this.occNext = next;
    this.occOwned = this.occFrom === null;
    if (this.occFrom !== null) OCCUPANCY.set(this.occFrom, { head, next });
  }
}

/** Occupancy index (first unit per hex, next unit) per list of unit rows: positions are immutable once sealed. */
const OCCUPANCY = new RecentMemo<UnitRows, { head: number[]; next: number[] }>(8);
