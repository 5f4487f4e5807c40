/**
 * The IA2 state: unit rows (src/hex/units.ts) for every combat unit and leader, and what the turn tracks
 * (initiative, segment counts, the moving unit and its opportunity-fire window, drumfire, smoke, shell shortage,
 * objective control). States are immutable; one `apply` edits a Draft and seals it.
 */
import type { Rng } from '../../core/game.js';
import { UnitDraft, type UnitState } from '../../hex/draft.js';
import type { Hex } from '../../hex/grid.js';
import { HEX, type RowLayout } from '../../hex/units.js';
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
  FACE = 7,
  /** A weapon loaded on a transport: the transport's index + 1, else 0 (5.6; the kernel's carrier field). */
  CARRIER = 8,
  /** In a river hex, the bank it entered from (rivers.ts: 1 or 2), else 0 (5.81-5.83). */
  BANK = 9;
export const ROW_FIELDS = 10;

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
  F_MOVED = 256,
  /** Moving by Rapid March (15.8): every step so far along a road, out of enemy line of sight. */
  F_RAPID = 4096,
  /** Hidden (15.5): its position is written down, secret from the other side until revealed (hidden.ts). */
  F_HIDDEN = 512,
  /** A leader moving together with the current mover, a unit he activated (6.4, ruling IA2-R19; escort.ts). */
  F_ESCORT = 1024,
  /** On top of an entrenchment marker the enemy holds (15.31): in the hex without its benefits (15.32). */
  F_ON_TOP = 2048,
  /** Left an assault hex this segment while its side's combat units stayed there (11.23: harassing fire may follow it). */
  F_EXITED = 8192;

export const LAYOUT: RowLayout = { flags: FLAGS, carrier: CARRIER };

export interface State extends UnitState {
  /** Seat to decide: the active one, or the inactive one in an opportunity-fire window. */
  readonly toMove: number;
  /** The game turn; 0 in the pre-game, while the sides write their artillery plans (9.1). */
  readonly turn: number;
  /** Seat taking the current segment. */
  readonly active: number;
  /** Seat that won this turn's initiative. */
  readonly initiative: number;
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
  /** Smoke markers on the board (15.11-15.13): [hex, owner] per marker, flattened, in the order placed. */
  readonly smoke: readonly number[];
  /** Vertex key each increment fired at last turn (-1: none), for drumfire and the plan. */
  readonly lastVertex: readonly number[];
  /** Per increment, the turn it ran out of ammunition on (15.7), 0 while it has some. */
  readonly ammoOut: readonly number[];
  /**
   * The artillery plan each side has written (9.1): an index into its Scenario.planLibrary, -1 while not
   * written (turn 0 is the pre-game). Secret from the other side until fired (plans.ts dealPlans).
   */
  readonly plans: readonly number[];
  /**
   * A plan written by hand (9.1, plans.ts WRITTEN): per increment k and turn t, entry k * turns + t - 1:
   * UNWRITTEN, -1 No Fire, or vertex key * 10 + fire group (9.2), or + SMOKE for a Smoke entry (15.11). Absent until a side writes by hand.
   */
  readonly written?: readonly number[];
  /** Shell shortage per seat: 0 none, 1 shortfall, 2 critical (15.7); and the turn of the first. */
  readonly shortage: readonly number[];
  readonly shortageTurn: readonly number[];
  /** Step losses per seat over the game (initiative 3.0A, victory). */
  readonly lost: readonly number[];
  /** Decapitation (6.73): the last turn of the initiative penalty per seat (0 none), and whether it has happened (1: an infantry leader, 2: a cavalry leader). */
  readonly decapUntil: readonly number[];
  readonly decapDone: readonly number[];
  /** Seat controlling each objective (1.2), -1 nobody. */
  readonly control: readonly number[];
  /** Night spotting range (7.12). */
  readonly nightRange: number;
  /**
   * Per seat, the hexes its pieces have searched at the hidden-unit spotting range (15.5), as bit words
   * (seat 0's words, then seat 1's); empty when the scenario has no hidden units (hidden.ts).
   */
  readonly searched: readonly number[];
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

/** The turn's fields of a state (everything but the unit rows and narration), writable in a draft. */
type TurnFields = { -readonly [K in Exclude<keyof State, 'u' | 'events'>]: State[K] };

/**
 * The working copy of one apply: the unit rows (the kernel's UnitDraft methods, mixed in: see
 * UnitDraft.mixInto) and the turn's fields, copied from the state. A Draft is made for every apply and every
 * list of legal actions, so its fields are set one by one, in one order, in the constructor: the object keeps
 * one shape, and its fields and the sealed state's are read as fast as a plain object's.
 */
export interface Draft extends UnitDraft<State>, TurnFields {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface names the mixed-in kernel methods and the turn fields; the constructor sets every field (a test seals a fresh draft and finds every field of its state)
export class Draft {
  constructor(
    readonly sc: Scenario,
    s: State,
    readonly rng: Rng,
    narrate: boolean,
  ) {
    UnitDraft.init(this, s, sc.map.size, LAYOUT, narrate);
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
    this.smoke = s.smoke;
    this.lastVertex = s.lastVertex;
    this.ammoOut = s.ammoOut;
    this.plans = s.plans;
    this.written = s.written;
    this.shortage = s.shortage;
    this.shortageTurn = s.shortageTurn;
    this.lost = s.lost;
    this.decapUntil = s.decapUntil;
    this.decapDone = s.decapDone;
    this.control = s.control;
    this.nightRange = s.nightRange;
    this.searched = s.searched;
    this.initiativeTurn1 = s.initiativeTurn1;
    this.over = s.over;
  }

  seal(): State {
    this.passOccupancy(this.u);
    return {
      u: this.u,
      events: this.events ?? NO_EVENTS,
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
      smoke: this.smoke,
      lastVertex: this.lastVertex,
      ammoOut: this.ammoOut,
      plans: this.plans,
      ...(this.written && { written: this.written }),
      shortage: this.shortage,
      shortageTurn: this.shortageTurn,
      lost: this.lost,
      decapUntil: this.decapUntil,
      decapDone: this.decapDone,
      control: this.control,
      nightRange: this.nightRange,
      searched: this.searched,
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
UnitDraft.mixInto(Draft, LAYOUT);

/** The narration of a state made without narrating: shared, and frozen so that nobody writes to it. */
const NO_EVENTS: readonly string[] = Object.freeze([]);

type ArrayKey =
  | 'segs'
  | 'oppFired'
  | 'drumfire'
  | 'smoke'
  | 'lastVertex'
  | 'ammoOut'
  | 'plans'
  | 'shortage'
  | 'shortageTurn'
  | 'lost'
  | 'decapUntil'
  | 'decapDone'
  | 'control'
  | 'searched';
