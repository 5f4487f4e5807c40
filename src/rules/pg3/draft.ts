/**
 * A Draft is the working copy that one `apply` edits, and `seal` turns it into the next immutable State.
 * It starts out sharing everything with its input State, which is never touched: the first write to a
 * unit copies that unit's row (and once, the list of rows), the first write to another array copies that
 * array (`mut`). An unchanged value written again copies nothing.
 */
import type { Rng } from '../../core/game.js';
import type { Hex } from '../../core/hex.js';
import type { Scenario } from './scenario.js';
import { RecentMemo } from '../../core/memo.js';
import { packedInts } from '../../core/arrays.js';

/** Rank index of a MAJ (scenario.ts RANKS). */
const MAJ = 4;
import {
  CARRIED, ELIMINATED, F_HIDDEN, F_LEADERS_ABOARD, F_LOADED, FLAGS, HEX, STEPS, Phase,
  type ChargeContext, type Effect, type OppContext, type State,
} from './state.js';

export class Draft {
  turn: number;
  phase: Phase;
  active: number;
  initiativeWinner: number;
  openingLeft: number;
  lastWasPass: boolean;
  lastPassSeat: number;
  segmentsTaken: readonly [number, number];
  savedSegment: number;
  /** One row of F fields per unit (state.ts); rows not yet written are the source state's own. */
  u: (readonly number[])[];
  act: readonly number[];
  declIndex: number;
  obaUsed: readonly [number, number];
  obaThisSegment: number;
  air: readonly [number, number];
  smoke: readonly Hex[];
  wrecks: readonly Hex[];
  mines: readonly number[];
  control: readonly number[];
  stepsLost: readonly [number, number];
  decapHex: readonly [number, number];
  decapTurn: readonly [number, number];
  stepsExited: readonly [number, number];
  initiativeTurn1: number;
  opp: OppContext | null;
  queue: readonly Effect[];
  afterPhase: Phase;
  assaults: readonly Hex[];
  charge: ChargeContext | null;
  events: string[] | null;
  actions: number;
  private occHead: number[] | null = null;
  private occNext: number[] | null = null;
  /** The unit rows the occupancy index was built from, while it still matches (shared with the state). */
  private occFrom: readonly (readonly number[])[] | null;
  /** Whether occHead/occNext belong to this draft alone (else they are shared through OCCUPANCY). */
  private occOwned = false;

  /** @param source the state this draft starts from (never written; everything is shared until written). */
  constructor(readonly sc: Scenario, readonly source: State, readonly rng: Rng, narrate: boolean) {
    const s = source;
    this.turn = s.turn;
    this.phase = s.phase;
    this.active = s.active;
    this.initiativeWinner = s.initiativeWinner;
    this.openingLeft = s.openingLeft;
    this.lastWasPass = s.lastWasPass;
    this.lastPassSeat = s.lastPassSeat;
    this.segmentsTaken = s.segmentsTaken;
    this.savedSegment = s.savedSegment;
    this.u = s.u as (readonly number[])[];
    this.act = s.act;
    this.declIndex = s.declIndex;
    this.obaUsed = s.obaUsed;
    this.obaThisSegment = s.obaThisSegment;
    this.air = s.air;
    this.smoke = s.smoke;
    this.wrecks = s.wrecks;
    this.mines = s.mines;
    this.control = s.control;
    this.stepsLost = s.stepsLost;
    this.decapHex = s.decapHex;
    this.decapTurn = s.decapTurn;
    this.stepsExited = s.stepsExited;
    this.initiativeTurn1 = s.initiativeTurn1;
    this.opp = s.opp;
    this.queue = s.queue;
    this.afterPhase = s.afterPhase;
    this.assaults = s.assaults;
    this.charge = s.charge;
    this.events = narrate ? [] : null;
    this.actions = s.actions;
    // Positions are unchanged until the first setHex: reuse the source state's occupancy index.
    this.occFrom = s.u;
    const cached = OCCUPANCY.get(s.u);
    if (cached) { this.occHead = cached.head; this.occNext = cached.next; }
  }

  /**
   * The draft's own, writable copy of one of the state's arrays, made on the first write (copy-on-write).
   * Most actions touch only the unit array; copying the other fourteen for every action was a tenth of an
   * `apply`. The fields are typed read-only, so every write must come through here.
   */
  mut<K extends SharedArray>(key: K): Writable<Draft[K]> {
    const self: Pick<Draft, SharedArray> = this;
    const v = self[key];
    if (v !== this.source[key]) return v as Writable<Draft[K]>;
    const copy = v.slice() as unknown as Draft[K];
    self[key] = copy;
    return copy as Writable<Draft[K]>;
  }

  seal(): State {
    const s: State = {
      turn: this.turn, phase: this.phase, active: this.active, initiativeWinner: this.initiativeWinner,
      openingLeft: this.openingLeft, lastWasPass: this.lastWasPass, lastPassSeat: this.lastPassSeat,
      segmentsTaken: this.segmentsTaken, savedSegment: this.savedSegment, u: this.u, act: this.act, declIndex: this.declIndex,
      obaUsed: this.obaUsed, obaThisSegment: this.obaThisSegment, air: this.air, smoke: this.smoke, wrecks: this.wrecks, mines: this.mines, control: this.control,
      stepsLost: this.stepsLost, decapHex: this.decapHex, decapTurn: this.decapTurn, stepsExited: this.stepsExited, initiativeTurn1: this.initiativeTurn1,
      opp: this.opp, queue: this.queue, afterPhase: this.afterPhase, assaults: this.assaults, charge: this.charge,
      events: this.events ?? NO_EVENTS, actions: this.actions,
    };
    // The next state's positions match the index built here: let its views reuse it.
    if (this.occHead !== null) { OCCUPANCY.set(s.u, { head: this.occHead, next: this.occNext! }); this.occOwned = false; }
    return s;
  }

  /**
   * Appends a line of narration. Call sites write `d.events && d.say(() => ...)` so that playouts, which
   * do not narrate, allocate neither the string nor the closure.
   */
  say(text: () => string): void {
    if (this.events) this.events.push(text());
  }

  get(unit: number, field: number): number { return this.u[unit]![field]!; }
  set(unit: number, field: number, v: number): void {
    if (this.u[unit]![field] !== v) this.row(unit)[field] = v;
  }
  flag(unit: number, bit: number): boolean { return (this.u[unit]![FLAGS]! & bit) !== 0; }
  setFlag(unit: number, bit: number, on = true): void {
    const f = this.u[unit]![FLAGS]!;
    this.set(unit, FLAGS, on ? f | bit : f & ~bit);
  }
  hex(unit: number): Hex { return this.u[unit]![HEX]!; }

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
  setHex(unit: number, h: Hex): void {
    const old = this.hex(unit);
    this.set(unit, HEX, h);
    // 16.6: a hidden unit that moves (or is removed) is placed on the board: hidden no more.
    this.setFlag(unit, F_HIDDEN, false);
    this.occFrom = null;
    if (this.occHead !== null && this.get(unit, CARRIED) === 0) this.relink(unit, old, h);
    else this.occHead = null;
    // 5.6: what a transport carries moves with it.
    if (this.flag(unit, F_LOADED | F_LEADERS_ABOARD)) {
      for (let j = 0; j < this.sc.units.length; j++) if (this.get(j, CARRIED) === unit + 1) { this.set(j, HEX, h); this.setFlag(j, F_HIDDEN, false); }
    }
  }

  /** Wreck markers in hex h (16.3). */
  wrecksIn(h: Hex): number {
    let n = 0;
    for (const w of this.wrecks) if (w === h) n++;
    return n;
  }

  /** The transport carrying unit i, or -1. */
  carrier(i: number): number { return this.get(i, CARRIED) - 1; }
  carried(i: number): boolean { return this.get(i, CARRIED) !== 0; }

  /** Units and leaders carried by transport t. */
  cargoOf(t: number): number[] {
    const out: number[] = [];
    if (!this.flag(t, F_LOADED | F_LEADERS_ABOARD)) return out;
    for (let j = 0; j < this.sc.units.length; j++) if (this.get(j, CARRIED) === t + 1) out.push(j);
    return out;
  }

  /** Puts unit i aboard transport t (5.6). */
  board(i: number, t: number): void {
    this.set(i, CARRIED, t + 1);
    this.set(i, HEX, this.hex(t));
    this.setFlag(t, this.sc.units[i]!.isLeader ? F_LEADERS_ABOARD : F_LOADED);
    this.occHead = null;
    this.occFrom = null;
  }

  /** Takes unit i off its transport, in the transport's hex (5.6). */
  alight(i: number): void {
    const t = this.carrier(i);
    if (t < 0) return;
    this.set(i, CARRIED, 0);
    let leaders = false, unit = false;
    for (let j = 0; j < this.sc.units.length; j++) {
      if (this.get(j, CARRIED) !== t + 1) continue;
      if (this.sc.units[j]!.isLeader) leaders = true; else unit = true;
    }
    this.setFlag(t, F_LOADED, unit);
    this.setFlag(t, F_LEADERS_ABOARD, leaders);
    this.occHead = null;
    this.occFrom = null;
  }

  /** Removes a unit from play (PG3 7.61); what it carries shares its fate (5.6), its steps counted as lost. */
  eliminate(unit: number): void {
    for (const j of this.cargoOf(unit)) {
      const c = this.sc.units[j]!;
      if (!c.isLeader) this.mut('stepsLost')[c.side] = this.stepsLost[c.side]! + this.get(j, STEPS);
      this.set(j, CARRIED, 0);
      this.set(j, STEPS, 0);
      this.set(j, HEX, ELIMINATED);
      this.events && this.say(() => `${c.name} is lost with its transport [PG3 5.6]`);
    }
    this.setFlag(unit, F_LOADED | F_LEADERS_ABOARD, false);
    const h = this.hex(unit);
    if (this.sc.units[unit]!.isLeader && h >= 0 && !this.carried(unit)) this.leaderLost(unit, h);
    this.set(unit, STEPS, 0);
    this.setHex(unit, ELIMINATED);
  }

  /**
   * PG3 6.7: a leader of rank MAJ or higher lost: the friendly units stacked with him check morale at once, his
   * morale modifier subtracted from their morale (AFVs excepted: regular leaders never touch their morale, 6.8).
   * The side's highest-ranking leader lost (once per side): decapitation around the hex (see State.decapHex).
   */
  private leaderLost(unit: number, h: Hex): void {
    const l = this.sc.units[unit]!;
    if (l.rank >= MAJ) {
      const mod = this.sc.charts.modifiers.moraleM.value + l.moraleMod;
      for (const j of this.unitsIn(h)) {
        const u = this.sc.units[j]!;
        if (j !== unit && u.side === l.side && !u.isAfv) this.mut('queue').push({ k: 'morale', unit: j, mod, why: `${l.name} lost, his modifier ${l.moraleMod} against them [PG3 6.7]` });
      }
    }
    if (this.decapTurn[l.side] !== 0) return;
    for (const o of this.sc.units) {
      if (o.isLeader && o.side === l.side && o.index !== unit && o.rank > l.rank && this.hex(o.index) !== ELIMINATED) return;
    }
    this.mut('decapHex')[l.side] = h;
    this.mut('decapTurn')[l.side] = this.turn;
    this.events && this.say(() => `${l.name}, the highest-ranking leader, is lost: no unit within 3 hexes of ${this.sc.map.grid.label(h)} may move this turn or next [PG3 6.7]`);
  }

  /** 6.7: whether decapitation keeps unit i (in hex h) from moving voluntarily now. */
  decapitated(i: number, h: Hex): boolean {
    const side = this.sc.units[i]!.side;
    const t = this.decapTurn[side]!;
    return t !== 0 && this.turn <= t + 1 && this.sc.map.grid.distance(h, this.decapHex[side]!) <= 3;
  }

  /** Units (and leaders) in hex h, any side; units riding a transport are not listed (5.6). */
  unitsIn(h: Hex): number[] {
    if (this.occHead === null) this.buildOcc();
    const out: number[] = [];
    for (let i = this.occHead![h]!; i >= 0; i = this.occNext![i]!) out.push(i);
    return out;
  }

  /** First unit in hex h or -1; iterate with nextIn. */
  firstIn(h: Hex): number {
    if (this.occHead === null) this.buildOcc();
    return this.occHead![h]!;
  }
  nextIn(unit: number): number { return this.occNext![unit]!; }

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
    const head = this.occHead!, next = this.occNext!;
    if (from >= 0) {
      if (head[from] === unit) head[from] = next[unit]!;
      else for (let i = head[from]!; i >= 0; i = next[i]!) if (next[i] === unit) { next[i] = next[unit]!; break; }
    }
    next[unit] = -1;
    if (to >= 0) {
      let prev = -1;
      for (let i = head[to]!; i >= 0 && i < unit; i = next[i]!) prev = i;
      if (prev < 0) { next[unit] = head[to]!; head[to] = unit; }
      else { next[unit] = next[prev]!; next[prev] = unit; }
    }
  }

  private buildOcc(): void {
    const n = this.sc.units.length;
    const head = packedInts(this.sc.map.size, -1);
    const next = packedInts(n, -1);
    for (let i = n - 1; i >= 0; i--) {
      const h = this.hex(i);
      if (h >= 0 && this.get(i, CARRIED) === 0) {
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

/** The State arrays a Draft shares with its source until it writes them (Draft.mut). */
type SharedArray = 'segmentsTaken' | 'act' | 'obaUsed' | 'air' | 'smoke' | 'wrecks' | 'mines' | 'control' | 'stepsLost'
  | 'decapHex' | 'decapTurn' | 'stepsExited' | 'queue' | 'assaults';
type Writable<T> = T extends readonly [number, number] ? [number, number] : T extends readonly (infer E)[] ? E[] : never;

/** Occupancy index (first unit per hex, next unit) per list of unit rows: positions are immutable once sealed. */
const OCCUPANCY = new RecentMemo<readonly (readonly number[])[], { head: number[]; next: number[] }>(8);

const NO_EVENTS: readonly string[] = Object.freeze([]);
