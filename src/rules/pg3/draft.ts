/**
 * The PG3 working copy of a state (the kernel's UnitDraft: copy-on-write unit rows and arrays, occupancy
 * index) with PG3's own fields, and the unit changes that carry rules with them: a move reveals a hidden
 * unit and takes its cargo along, a lost leader shakes his stack.
 */
import type { Rng } from '../../core/game.js';
import type { Hex } from '../../hex/grid.js';
import { UnitDraft } from '../../hex/draft.js';
import type { Scenario } from './scenario.js';
import { CARRIED, ELIMINATED, F_HIDDEN, F_LEADERS_ABOARD, F_LOADED, FLAGS, HEX, STEPS, type State } from './state.js';

/** Rank index of a MAJ (scenario.ts RANKS). */
const MAJ = 4;

/** Where PG3 keeps the fields the kernel reads in a unit row. */
const LAYOUT = { flags: FLAGS, carrier: CARRIED };

/** State's fields but the unit rows and narration (the kernel's): scalars written in place, arrays through `mut`. */
type StateFields = { -readonly [K in Exclude<keyof State, 'u' | 'events'>]: State[K] };

// The kernel's methods, mixed in (see UnitDraft.mixInto): a Draft is made for every apply and every list of
// legal actions. Its fields are declared here, not defined in the class: the constructor sets every one.
export interface Draft extends UnitDraft<State>, StateFields {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface names the mixed-in kernel methods and the declared fields; the constructor sets every field
export class Draft {
  declare readonly sc: Scenario;
  declare readonly rng: Rng;

  /** @param source the state this draft starts from (never written; everything is shared until written). */
  constructor(sc: Scenario, source: State, rng: Rng, narrate: boolean) {
    UnitDraft.init(this, source, sc.map.size, LAYOUT, narrate);
    this.sc = sc;
    this.rng = rng;
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
    this.actions = s.actions;
  }

  seal(): State {
    const s: State = {
      turn: this.turn,
      phase: this.phase,
      active: this.active,
      initiativeWinner: this.initiativeWinner,
      openingLeft: this.openingLeft,
      lastWasPass: this.lastWasPass,
      lastPassSeat: this.lastPassSeat,
      segmentsTaken: this.segmentsTaken,
      savedSegment: this.savedSegment,
      u: this.u,
      act: this.act,
      declIndex: this.declIndex,
      obaUsed: this.obaUsed,
      obaThisSegment: this.obaThisSegment,
      air: this.air,
      smoke: this.smoke,
      wrecks: this.wrecks,
      mines: this.mines,
      control: this.control,
      stepsLost: this.stepsLost,
      decapHex: this.decapHex,
      decapTurn: this.decapTurn,
      stepsExited: this.stepsExited,
      initiativeTurn1: this.initiativeTurn1,
      opp: this.opp,
      queue: this.queue,
      afterPhase: this.afterPhase,
      assaults: this.assaults,
      charge: this.charge,
      events: this.events ?? NO_EVENTS,
      actions: this.actions,
    };
    this.passOccupancy(s.u);
    return s;
  }

  setHex(unit: number, h: Hex): void {
    this.placeUnit(unit, h);
    // 16.6: a hidden unit that moves (or is removed) is placed on the board: hidden no more.
    this.setFlag(unit, F_HIDDEN, false);
    // 5.6: what a transport carries moves with it.
    if (this.flag(unit, F_LOADED | F_LEADERS_ABOARD)) {
      for (let j = 0; j < this.sc.units.length; j++)
        if (this.get(j, CARRIED) === unit + 1) {
          this.set(j, HEX, h);
          this.setFlag(j, F_HIDDEN, false);
        }
    }
  }

  /** Wreck markers in hex h (16.3). */
  wrecksIn(h: Hex): number {
    let n = 0;
    for (const w of this.wrecks) if (w === h) n++;
    return n;
  }

  /** The transport carrying unit i, or -1. */
  carrier(i: number): number {
    return this.get(i, CARRIED) - 1;
  }
  carried(i: number): boolean {
    return this.get(i, CARRIED) !== 0;
  }

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
    this.carryingChanged();
  }

  /** Takes unit i off its transport, in the transport's hex (5.6). */
  alight(i: number): void {
    const t = this.carrier(i);
    if (t < 0) return;
    this.set(i, CARRIED, 0);
    let leaders = false,
      unit = false;
    for (let j = 0; j < this.sc.units.length; j++) {
      if (this.get(j, CARRIED) !== t + 1) continue;
      if (this.sc.units[j]!.isLeader) leaders = true;
      else unit = true;
    }
    this.setFlag(t, F_LOADED, unit);
    this.setFlag(t, F_LEADERS_ABOARD, leaders);
    this.carryingChanged();
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
        if (j !== unit && u.side === l.side && !u.isAfv)
          this.mut('queue').push({ k: 'morale', unit: j, mod, why: `${l.name} lost, his modifier ${l.moraleMod} against them [PG3 6.7]` });
      }
    }
    if (this.decapTurn[l.side] !== 0) return;
    for (const o of this.sc.units) {
      if (o.isLeader && o.side === l.side && o.index !== unit && o.rank > l.rank && this.hex(o.index) !== ELIMINATED) return;
    }
    this.mut('decapHex')[l.side] = h;
    this.mut('decapTurn')[l.side] = this.turn;
    this.events &&
      this.say(
        () =>
          `${l.name}, the highest-ranking leader, is lost: no unit within 3 hexes of ${this.sc.map.grid.label(h)} may move this turn or next [PG3 6.7]`,
      );
  }

  /** 6.7: whether decapitation keeps unit i (in hex h) from moving voluntarily now. */
  decapitated(i: number, h: Hex): boolean {
    const side = this.sc.units[i]!.side;
    const t = this.decapTurn[side]!;
    return t !== 0 && this.turn <= t + 1 && this.sc.map.grid.distance(h, this.decapHex[side]!) <= 3;
  }
}

UnitDraft.mixInto(Draft, LAYOUT);

const NO_EVENTS: readonly string[] = Object.freeze([]);
