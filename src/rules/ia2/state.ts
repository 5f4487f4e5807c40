/**
 * The IA2 state: unit rows (src/hex/units.ts) for every combat unit and leader, and what the turn tracks
 * (initiative, segment counts, the moving unit and its opportunity-fire window, drumfire, shell shortage,
 * objective control). States are immutable; one `apply` edits a Draft and seals it.
 */
import type { Rng } from '../../core/game.js';
import { UnitDraft, type UnitState } from '../../hex/draft.js';
import type { Hex } from '../../hex/grid.js';
import { HEX, type RowLayout, type UnitRows } from '../../hex/units.js';
import type { Scenario } from './scenario.js';

export { HEX };
/** Unit row fields after HEX. */
export const FLAGS = 1,
  STEPS = 2,
  /** 0 good order, 1 disrupted, 2 demoralized (13.0). */
  MORALE = 3,
  /** Movement points spent this activation. */
  MP = 4,
  /** Opportunity-fire attacks made this turn (12.0: MG two, company one). */
  OPP = 5,
  /** Dig-in progress (15.2): 0 none, 1 marker under the unit, 2 on top (in effect). */
  DIG = 6,
  /** Leaders: the face in play (6.2). */
  FACE = 7;
export const ROW_FIELDS = 8;

export const GOOD = 0,
  DISRUPTED = 1,
  DEMORALIZED = 2;

/** Activated this segment (3.1). */
export const F_ACTIVE = 1,
  /** Activated by a leader of its type: may move closer to the enemy and assault (3.11, 5.5, 11.2). */
  F_LED = 2,
  /** Moved/Fired marker (3.13, 8.44). */
  F_SPENT = 4,
  F_MOUNTED = 8,
  F_LIMBERED = 16,
  /** Spotted marker (7.22): fired from limiting terrain. */
  F_SPOTTED = 32,
  /** Attacks in the assault hex it stands in when the segment ends (11.1). */
  F_ATTACKER = 64,
  /** Entered its assault hex by a cavalry charge (11.7). */
  F_CHARGE = 128,
  /** Started moving this activation (each unit finishes before the next begins, 3.13). */
  F_MOVED = 256;

export const LAYOUT: RowLayout = { flags: FLAGS, carrier: -1 };

export interface State extends UnitState {
  readonly u: UnitRows;
  readonly events: readonly string[];
  readonly turn: number;
  /** Seat that won this turn's initiative. */
  readonly initiative: number;
  /** Seat taking the current segment. */
  readonly active: number;
  readonly toMove: number;
  /** Segments the initiative winner still takes before the other side acts (3.0A). */
  readonly lead: number;
  /** Action segments each seat has taken this turn (15.6 counts them). */
  readonly segs: readonly number[];
  /** Seat whose pass was the last segment, or -1 (two passes in a row by different players end the turn). */
  readonly lastPass: number;
  /** Whether an activation is under way this segment. */
  readonly activated: boolean;
  /** The unit in the middle of a move, or -1. */
  readonly mover: number;
  /** Hex a charging mover goes on to after its intervening hex, or -1 (11.7). */
  readonly chargeTo: Hex;
  /** The inactive side may make opportunity fire at the mover in the hex it entered (12.11). */
  readonly oppWindow: boolean;
  /** Units that have fired at the mover in its current hex (12.21). */
  readonly oppFired: readonly number[];
  /** Drumfire this turn (9.6): [hex, hex, hex, strength, owner] per vertex, flattened. */
  readonly drumfire: readonly number[];
  /** Vertex key each increment fired at last turn (-1: none), for drumfire and the plan. */
  readonly lastVertex: readonly number[];
  /** Increments out of ammunition (15.7). */
  readonly ammoOut: readonly number[];
  /** Shell shortage per seat: 0 none, 1 shortfall, 2 critical (15.7); and the turn of the first. */
  readonly shortage: readonly number[];
  readonly shortageTurn: readonly number[];
  /** Step losses per seat over the game (initiative 3.0A, victory). */
  readonly lost: readonly number[];
  /** Decapitation (6.73): the last turn of the initiative penalty per seat (0 none), and whether it has happened. */
  readonly decapUntil: readonly number[];
  readonly decapDone: readonly number[];
  /** Seat controlling each objective (1.2), -1 nobody. */
  readonly control: readonly number[];
  /** Night spotting range (7.12). */
  readonly nightRange: number;
  readonly initiativeTurn1: number;
  readonly over: boolean;
}

/** A die stream for drafts that only answer questions (legal actions, odds): it must never be rolled. */
export const NO_DICE: Rng = {
  next: () => {
    throw new Error('dice rolled while only inspecting a position');
  },
  int: () => {
    throw new Error('dice rolled while only inspecting a position');
  },
};

/** The working copy of one apply. */
export class Draft extends UnitDraft<State> {
  turn: number;
  initiative: number;
  active: number;
  toMove: number;
  lead: number;
  segs: readonly number[];
  lastPass: number;
  activated: boolean;
  mover: number;
  chargeTo: Hex;
  oppWindow: boolean;
  oppFired: readonly number[];
  drumfire: readonly number[];
  lastVertex: readonly number[];
  ammoOut: readonly number[];
  shortage: readonly number[];
  shortageTurn: readonly number[];
  lost: readonly number[];
  decapUntil: readonly number[];
  decapDone: readonly number[];
  control: readonly number[];
  nightRange: number;
  initiativeTurn1: number;
  over: boolean;

  constructor(
    readonly sc: Scenario,
    s: State,
    readonly rng: Rng,
    narrate: boolean,
  ) {
    super(s, sc.map.size, LAYOUT, narrate);
    this.turn = s.turn;
    this.initiative = s.initiative;
    this.active = s.active;
    this.toMove = s.toMove;
    this.lead = s.lead;
    this.segs = s.segs;
    this.lastPass = s.lastPass;
    this.activated = s.activated;
    this.mover = s.mover;
    this.chargeTo = s.chargeTo;
    this.oppWindow = s.oppWindow;
    this.oppFired = s.oppFired;
    this.drumfire = s.drumfire;
    this.lastVertex = s.lastVertex;
    this.ammoOut = s.ammoOut;
    this.shortage = s.shortage;
    this.shortageTurn = s.shortageTurn;
    this.lost = s.lost;
    this.decapUntil = s.decapUntil;
    this.decapDone = s.decapDone;
    this.control = s.control;
    this.nightRange = s.nightRange;
    this.initiativeTurn1 = s.initiativeTurn1;
    this.over = s.over;
  }

  seal(): State {
    this.passOccupancy(this.u);
    return {
      u: this.u,
      events: this.events ?? [],
      turn: this.turn,
      initiative: this.initiative,
      active: this.active,
      toMove: this.toMove,
      lead: this.lead,
      segs: this.segs,
      lastPass: this.lastPass,
      activated: this.activated,
      mover: this.mover,
      chargeTo: this.chargeTo,
      oppWindow: this.oppWindow,
      oppFired: this.oppFired,
      drumfire: this.drumfire,
      lastVertex: this.lastVertex,
      ammoOut: this.ammoOut,
      shortage: this.shortage,
      shortageTurn: this.shortageTurn,
      lost: this.lost,
      decapUntil: this.decapUntil,
      decapDone: this.decapDone,
      control: this.control,
      nightRange: this.nightRange,
      initiativeTurn1: this.initiativeTurn1,
      over: this.over,
    };
  }

  /** A writable copy of a per-seat (or other small) array field, made on first write. */
  arr(key: ArrayKey): number[] {
    const v = this[key];
    if (v !== this.source[key]) return v as number[];
    const copy = v.slice();
    this[key] = copy;
    return copy;
  }

  d6(): number {
    return this.rng.int(6) + 1;
  }
  roll2d6(): number {
    return this.d6() + this.d6();
  }

  onMap(unit: number): boolean {
    return this.hex(unit) >= 0;
  }
  morale(unit: number): number {
    return this.get(unit, MORALE);
  }
  isNight(): boolean {
    return this.sc.nightTurns.has(this.turn);
  }
}

type ArrayKey =
  | 'segs'
  | 'oppFired'
  | 'drumfire'
  | 'lastVertex'
  | 'ammoOut'
  | 'shortage'
  | 'shortageTurn'
  | 'lost'
  | 'decapUntil'
  | 'decapDone'
  | 'control';
