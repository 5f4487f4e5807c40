/**
 * The changing facts of a Panzer Leader game (immutable once sealed) and the working copy one `apply`
 * edits (the kernel's copy-on-write UnitDraft). A unit is face-up or inverted (fired, dispersed), may be
 * designated for next turn's indirect fire, and may carry one passenger (V.C).
 */
import type { Rng } from '../../core/game.js';
import { UnitDraft, type UnitState } from '../../hex/draft.js';
import type { Hex } from '../../hex/grid.js';
import type { UnitRows } from '../../hex/units.js';
import type { Scenario } from './scenario.js';

export { HEX, ELIMINATED, EXITED, OFFBOARD } from '../../hex/units.js';

/**
 * Unit row fields after HEX: flag bits, carrier index + 1 (0: not carried), movement points left x2 (-1:
 * untouched), and the friendly movement phases an engineer has begun and ended without moving (X.B.1-2).
 */
export const FLAGS = 1,
  CARRIER = 2,
  MP_LEFT = 3,
  STATIONARY = 4;

/** VII.B.6: fired this segment (inverted): may not move or load. */
export const F_FIRED = 1;
/** Dispersed (inverted) until the end of its side's next segment (ESP 10, ruling PL-R02). */
export const F_DISPERSED = 2;
/** Moved this phase: V.B.4, a move is final. */
export const F_MOVED = 4;
/** VII.C.7: named in an IF order not yet executed: may not move. */
export const F_DESIGNATED = 8;
/** VII.L.2: fired in enemy line of sight: spotted wherever it stands until its side's next segment. */
export const F_SPOTTED = 16;
/** VII.E.3: transported (loaded, carried or unloaded) this segment: may not close assault. */
export const F_TRANSPORTED = 32;
/** V.C.2.b: loaded or unloaded this segment as a passenger: may not move. */
export const F_PASSENGER_NOW = 64;
/** VII.B.4: attacked (DF, overrun or CAT) this segment. */
export const F_ATTACKED = 128;
/** X.B.1: an engineer's demolition (or block) attempt failed once: the next may come after fewer stationary turns. */
export const F_TASK_FAILED = 256;
/** X.B.2: this engineer has made its one block of the situation. */
export const F_BLOCK_MADE = 512;
/** IX.C.10: inside the fortification of its hex (under the counter): it defends with the fort's DS only. */
export const F_IN_FORT = 1024;
/** V.C.2.d: loaded or unloaded this segment as a carrier (never both, never twice). */
export const F_CARRIED_NOW = 2048;
/** XI.C.1: landed from the sea this movement phase (after which no unit already ashore moves in it). */
export const F_LANDED = 4096;
/**
 * XI.D.1: a unit landing from the sea whose identity the German player has seen: turned face up to resolve
 * fire at it at sea, or landed. A face-down unit at sea is only a counter in its hex (ruling PL-R44).
 */
export const F_REVEALED = 8192;

/** Phases of a player segment (XIII.A). */
export const PH_COMBAT = 0,
  PH_AIR = 1,
  PH_MOVE_VEHICLES = 2,
  PH_MOVE_OTHERS = 3,
  PH_ASSAULT = 4,
  /** XIII.A.2.b: within the air phase, the German player's AA fire at the aircraft flown in. */
  PH_AA = 5;
export const PHASE_NAMES = ['combat', 'air', 'vehicular movement', 'non-vehicular movement', 'close assault', 'anti-aircraft'] as const;

/** An indirect-fire order (VII.C.3): written secretly by `side` on `turn`, executed in its next combat phase. */
export interface IfOrder {
  readonly side: number;
  readonly turn: number;
  readonly hex: Hex;
  readonly units: readonly number[];
}

export interface State extends UnitState {
  readonly u: UnitRows;
  readonly events: readonly string[];
  readonly turn: number;
  /** Seat of the phasing player (XIII: Allied 0 then German 1). */
  readonly side: number;
  /** Seat whose player segment opens every turn: 0 (XIII), or the set-up die's choice (rule.firstPlayerByDie). */
  readonly first: number;
  readonly phase: number;
  readonly over: boolean;
  /** The direct fire attack being put together (VII.B.5): its target unit, or -1. */
  readonly target: number;
  readonly firers: readonly number[];
  /** VII.B.8: further units of the target's hex chosen to be hit by the same attack (the player's combination). */
  readonly aimed: readonly number[];
  /** IF orders not yet executed; the other side's are its secret (digest 8.3). */
  readonly orders: readonly IfOrder[];
  /** One entry per wreck (VIII), by hex. */
  readonly wrecks: readonly Hex[];
  readonly mines: readonly Hex[];
  readonly blocks: readonly Hex[];
  /** VII.K.6: stream hexes whose bridge stands (a bridge destroyed, X.B.1, leaves a plain stream hex). */
  readonly bridges: readonly Hex[];
  /** X.C.3-4: those of the bridges that are temporary (tank bridges laid in play, truck bridges set up). */
  readonly tempBridges: readonly Hex[];
  /** IX.C: hexes of the fortifications still standing (a fort is never moved, IX.C.1; destroyed only by fire, IX.C.8). */
  readonly forts: readonly Hex[];
  /** X.A, X.B.3: minefields and blocks an engineer has turned over: [hex, engineer] (cleared when it next begins a movement phase on them). */
  readonly clearing: readonly (readonly [Hex, number])[];
  /** Per objective: the seat controlling it (XIV.B.7). */
  readonly control: readonly number[];
  /** Per hex of Scenario.controlHexes: the seat whose unit was last in it (XIV.B.7.b-c), -1 for none yet. */
  readonly held: readonly number[];
  /** Per seat: its units eliminated that count for victory (XIV.B.8). */
  readonly lost: readonly number[];
  /** Hexes hit by IF this combat phase (VII.C.11), overrun this movement phase (VII.D.5) or close assaulted this segment (VII.E.4). */
  readonly hit: readonly Hex[];
  /** Per aircraft: 1 on the map and flying, 0 shot down or gone. */
  readonly airUp: readonly number[];
  /** Per aircraft: machine-gun attacks made (XII.C.4: four per game). */
  readonly airMg: readonly number[];
  /** Per aircraft: 1 when its bombs or rockets are spent (XII.C.4: once per game). */
  readonly airOrdnance: readonly number[];
  /** Per aircraft: 1 when it attacked in this air phase. */
  readonly airDone: readonly number[];
  /**
   * XII.C.2, XIII.A.2: the aircraft flown in this air phase, three numbers each: aircraft, target unit, 1 for
   * machine guns / 0 for bombs or rockets; the German AA fires at them (phase PH_AA), then each hex's
   * aircraft attack together. [] when none flies.
   */
  readonly airPending: readonly number[];
  /**
   * XI.A.2: the Allied player's secret landing record, per unit: [turn it lands, its sea hex], [0, -1] for a
   * unit that does not land; [] when the scenario has no landing. determinize deals the German seat a new one.
   */
  readonly landing: readonly (readonly [number, Hex])[];
}

const LAYOUT = { flags: FLAGS, carrier: CARRIER };

export class Draft extends UnitDraft<State> {
  turn: number;
  side: number;
  readonly first: number;
  phase: number;
  over: boolean;
  target: number;
  firers: readonly number[];
  aimed: readonly number[];
  orders: readonly IfOrder[];
  wrecks: readonly Hex[];
  mines: readonly Hex[];
  blocks: readonly Hex[];
  bridges: readonly Hex[];
  tempBridges: readonly Hex[];
  forts: readonly Hex[];
  clearing: readonly (readonly [Hex, number])[];
  control: readonly number[];
  held: readonly number[];
  lost: readonly number[];
  hit: readonly Hex[];
  airUp: readonly number[];
  airMg: readonly number[];
  airOrdnance: readonly number[];
  airDone: readonly number[];
  airPending: readonly number[];
  landing: readonly (readonly [number, Hex])[];

  constructor(
    readonly sc: Scenario,
    source: State,
    readonly rng: Rng,
    narrate: boolean,
  ) {
    super(source, sc.map.size, LAYOUT, narrate);
    const s = source;
    this.turn = s.turn;
    this.side = s.side;
    this.first = s.first;
    this.phase = s.phase;
    this.over = s.over;
    this.target = s.target;
    this.firers = s.firers;
    this.aimed = s.aimed;
    this.orders = s.orders;
    this.wrecks = s.wrecks;
    this.mines = s.mines;
    this.blocks = s.blocks;
    this.bridges = s.bridges;
    this.tempBridges = s.tempBridges;
    this.forts = s.forts;
    this.clearing = s.clearing;
    this.control = s.control;
    this.held = s.held;
    this.lost = s.lost;
    this.hit = s.hit;
    this.airUp = s.airUp;
    this.airMg = s.airMg;
    this.airOrdnance = s.airOrdnance;
    this.airDone = s.airDone;
    this.airPending = s.airPending;
    this.landing = s.landing;
  }

  seal(): State {
    this.passOccupancy(this.u);
    return this.snapshot(this.u);
  }

  /**
   * The position as it stands, for a look at its legal actions in the middle of an apply: with its own list
   * of rows (`u`), so that no occupancy index is remembered for rows this draft goes on changing.
   */
  peek(): State {
    return this.snapshot(this.u.slice());
  }

  private snapshot(u: readonly (readonly number[])[]): State {
    return {
      u,
      events: this.events ?? [],
      turn: this.turn,
      side: this.side,
      first: this.first,
      phase: this.phase,
      over: this.over,
      target: this.target,
      firers: this.firers,
      aimed: this.aimed,
      orders: this.orders,
      wrecks: this.wrecks,
      mines: this.mines,
      blocks: this.blocks,
      bridges: this.bridges,
      tempBridges: this.tempBridges,
      forts: this.forts,
      clearing: this.clearing,
      control: this.control,
      held: this.held,
      lost: this.lost,
      hit: this.hit,
      airUp: this.airUp,
      airMg: this.airMg,
      airOrdnance: this.airOrdnance,
      airDone: this.airDone,
      airPending: this.airPending,
      landing: this.landing,
    };
  }

  /** The unit carrying `unit`, or -1. */
  carrierOf(unit: number): number {
    return this.get(unit, CARRIER) - 1;
  }

  /** The passenger `unit` carries, or -1 (V.C.1: one at most). */
  passengerOf(unit: number): number {
    for (let i = 0; i < this.u.length; i++) if (this.u[i]![CARRIER] === unit + 1) return i;
    return -1;
  }
}

/** XI.A.2: the turn unit i lands from the sea by the landing record (0: it does not land). */
export function landingTurn(s: { readonly landing: State['landing'] }, i: number): number {
  return s.landing[i]?.[0] ?? 0;
}

/** XI.B.1: the sea hex unit i is placed on before it lands, by the landing record (-1: it does not land). */
export function seaHexOf(s: { readonly landing: State['landing'] }, i: number): Hex {
  return s.landing[i]?.[1] ?? -1;
}

/** A read-only draft of a state, for the questions legality asks (occupancy, carriers) without an rng. */
export function view(sc: Scenario, s: State): Draft {
  return new Draft(sc, s, NO_DICE, false);
}

const NO_DICE: Rng = {
  next: () => {
    throw new Error('a read-only view of a PL state rolls no dice');
  },
  int: () => {
    throw new Error('a read-only view of a PL state rolls no dice');
  },
};
