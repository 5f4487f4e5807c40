/**
 * The changing facts of an SPG game (immutable once sealed) and the working copy one `apply` edits
 * (the kernel's copy-on-write UnitDraft). No leaders, no markers: a unit is ready or spent, in good order
 * or disrupted (SPG S-03, S-21, S-40).
 */
import type { Rng } from '../../core/game.js';
import { UnitDraft, type UnitState } from '../../hex/draft.js';
import type { Hex } from '../../hex/grid.js';
import { ELIMINATED, HEX, type UnitRows } from '../../hex/units.js';
import type { Scenario } from './scenario.js';

export { HEX, ELIMINATED, OFFBOARD } from '../../hex/units.js';

/** Unit row fields after HEX: steps left, flag bits, carrier index + 1 (0: not carried). */
export const STEPS = 1,
  FLAGS = 2,
  CARRIER = 3;
/** Removed for lack of ammunition (S-31 L400): off the map, not a loss. */
export const OUT_OF_AMMO = -4;

/** S-03: spent (rotated), shown ready again at Refresh. */
export const F_SPENT = 1;
/** S-40: disrupted; a second disruption eliminates. */
export const F_DISRUPTED = 2;
/** S-03, S-11 L130: a gun on its limbered ("T") side or a packed mortar. */
export const F_PACKED = 4;
/** S-47: dug in at set-up; lost for good on moving. */
export const F_DUG_IN = 8;
/** S-50 L674: immobilized by a mine. */
export const F_IMMOBILE = 16;
/** Waiting off the map in a reinforcement column (S-08 L64). */
export const F_IN_COLUMN = 32;
/** Dropped off as a passenger this turn (a towed gun deploys at the next Refresh, S-03 L40). */
export const F_DROPPED = 64;

export interface State extends UnitState {
  readonly u: UnitRows;
  readonly events: readonly string[];
  readonly turn: number;
  /** Seat holding the initiative this turn (S-04), -1 before the first roll. */
  readonly initiative: number;
  /** Seat whose impulse it is (S-09). */
  readonly active: number;
  /** Seat to decide: the active one, or the inactive one in an opportunity-fire window. */
  readonly toMove: number;
  /** Actions taken in the current impulse (a hand-over needs one, S-09 L74). */
  readonly acted: number;
  /** Passes in succession (two end the Action phase, S-09 L80). */
  readonly passes: number;
  /** Steps lost per side that count as losses (S-42 L606). */
  readonly lost: readonly number[];
  /** Per objective: the side controlling it (ruling SPG-R32). */
  readonly control: readonly number[];
  /** Per unit: the hexsides AT shots entered it through this impulse (flanking, S-34 L476). */
  readonly atSides: readonly number[];
  /** Per side: bit per plane still in the air pool (S-32). */
  readonly planes: readonly number[];
  /** Per reinforcement group: 0 not yet arrived, 1 arrived. */
  readonly arrived: readonly number[];
  /** The unit that just moved into a hex where the inactive player may opportunity fire at it (S-15 L192), or -1. */
  readonly opp: number;
  /** The mover was moving on its own in the open (DF +1 against leg units, S-25 L354). */
  readonly oppOpen: boolean;
  /** A Reaction was triggered in the current action: control changes when it ends (S-10 L90). */
  readonly reaction: boolean;
  readonly over: boolean;
  /** Sudden-death winner (S-44), -1 none. */
  readonly suddenWinner: number;
  readonly initiativeTurn1: number;
  /** Obstacle hexes engineers have cleared (S-52). */
  readonly cleared: readonly number[];
  /** Per hidden minefield of the scenario (S-50 L672): the hex it lies in (a secret of its side until revealed). */
  readonly hiddenMines: readonly Hex[];
  /** Bit k: hidden minefield k is revealed (a unit entered it). */
  readonly minesRevealed: number;
  /** The unit whose move action is in progress (S-15 L192: opportunity fire interrupts it hex by hex), or -1. */
  readonly mover: number;
  /** Hexes the mover has still to enter, in order. */
  readonly path: readonly Hex[];
  /** MP x MP_SCALE the mover has spent so far (pick-up, column place and overrun included). */
  readonly moveSpent: number;
  /** How the move in progress ends: MOVE_PLAIN, MOVE_DROP (drop the passenger off), or the hex it overruns (S-38). */
  readonly moveEnd: number;
  /** The move in progress has made its one overrun (S-38 L160). */
  readonly overran: boolean;
  /** The mover's player decides where the move goes on (after the mover was hit, or a successful overrun). */
  readonly replan: boolean;
  /** The mover's steps and disruption when its path was planned: a change makes its player plan again. */
  readonly moverMark: number;
  /** A direct fire group being formed (S-24), first firer first; empty when none. */
  readonly group: readonly number[];
  /** The hex the group being formed will fire at. */
  readonly groupHex: Hex;
  /** Mortars whose owners still choose packed or deployed in this Refresh (S-03 L42), in order. */
  readonly refreshQueue: readonly number[];
  /** PBEM mode (S-53): the initiative player's one impulse is over. */
  readonly pbemSecond: boolean;
}

/** `moveEnd` of a move that just ends where its path does. */
export const MOVE_PLAIN = -1;
/** `moveEnd` of a move that drops its passenger off where it ends (S-13 L154). */
export const MOVE_DROP = -2;

const LAYOUT = { flags: FLAGS, carrier: CARRIER };

export class Draft extends UnitDraft<State> {
  turn: number;
  initiative: number;
  active: number;
  toMove: number;
  acted: number;
  passes: number;
  lost: readonly number[];
  control: readonly number[];
  atSides: readonly number[];
  planes: readonly number[];
  arrived: readonly number[];
  opp: number;
  oppOpen: boolean;
  reaction: boolean;
  over: boolean;
  suddenWinner: number;
  initiativeTurn1: number;
  cleared: readonly number[];
  hiddenMines: readonly Hex[];
  minesRevealed: number;
  mover: number;
  path: readonly Hex[];
  moveSpent: number;
  moveEnd: number;
  overran: boolean;
  replan: boolean;
  moverMark: number;
  group: readonly number[];
  groupHex: Hex;
  refreshQueue: readonly number[];
  pbemSecond: boolean;
  /** Units disrupted by the attack being applied: one attack disrupts a unit once, however its results cascade (S-22). */
  disruptedNow: Set<number> | undefined;

  constructor(
    readonly sc: Scenario,
    source: State,
    readonly rng: Rng,
    narrate: boolean,
  ) {
    super(source, sc.map.size, LAYOUT, narrate);
    const s = source;
    this.turn = s.turn;
    this.initiative = s.initiative;
    this.active = s.active;
    this.toMove = s.toMove;
    this.acted = s.acted;
    this.passes = s.passes;
    this.lost = s.lost;
    this.control = s.control;
    this.atSides = s.atSides;
    this.planes = s.planes;
    this.arrived = s.arrived;
    this.opp = s.opp;
    this.oppOpen = s.oppOpen;
    this.reaction = s.reaction;
    this.over = s.over;
    this.suddenWinner = s.suddenWinner;
    this.initiativeTurn1 = s.initiativeTurn1;
    this.cleared = s.cleared;
    this.hiddenMines = s.hiddenMines;
    this.minesRevealed = s.minesRevealed;
    this.mover = s.mover;
    this.path = s.path;
    this.moveSpent = s.moveSpent;
    this.moveEnd = s.moveEnd;
    this.overran = s.overran;
    this.replan = s.replan;
    this.moverMark = s.moverMark;
    this.group = s.group;
    this.groupHex = s.groupHex;
    this.refreshQueue = s.refreshQueue;
    this.pbemSecond = s.pbemSecond;
    this.disruptedNow = undefined;
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
      acted: this.acted,
      passes: this.passes,
      lost: this.lost,
      control: this.control,
      atSides: this.atSides,
      planes: this.planes,
      arrived: this.arrived,
      opp: this.opp,
      oppOpen: this.oppOpen,
      reaction: this.reaction,
      over: this.over,
      suddenWinner: this.suddenWinner,
      initiativeTurn1: this.initiativeTurn1,
      cleared: this.cleared,
      hiddenMines: this.hiddenMines,
      minesRevealed: this.minesRevealed,
      mover: this.mover,
      path: this.path,
      moveSpent: this.moveSpent,
      moveEnd: this.moveEnd,
      overran: this.overran,
      replan: this.replan,
      moverMark: this.moverMark,
      group: this.group,
      groupHex: this.groupHex,
      refreshQueue: this.refreshQueue,
      pbemSecond: this.pbemSecond,
    };
  }

  onMap(i: number): boolean {
    return this.hex(i) >= 0;
  }
  steps(i: number): number {
    return this.get(i, STEPS);
  }
  reduced(i: number): boolean {
    return this.get(i, STEPS) < this.sc.units[i]!.steps;
  }
  carrierOf(i: number): number {
    return this.get(i, CARRIER) - 1;
  }
  /** The unit carried by vehicle v, or -1. */
  passengerOf(v: number): number {
    // A reinforcement's passenger waits off the map (-1) with its carrier and enters with it (S-05 L52, S-08 L64).
    for (let i = 0; i < this.sc.units.length; i++)
      if (this.get(i, CARRIER) === v + 1 && (this.hex(i) >= 0 || this.hex(i) === this.hex(v))) return i;
    return -1;
  }

  /** Puts a carrier and its passenger in hex h. */
  moveTo(i: number, h: Hex): void {
    const p = this.passengerOf(i);
    this.setHex(i, h);
    if (p >= 0) this.setHex(p, h);
  }

  setCarrier(i: number, v: number): void {
    this.set(i, CARRIER, v + 1);
    this.carryingChanged();
  }

  /**
   * Eliminates a unit. `loss`: counts for the loss levels (S-42 L606). `whole`: a full-unit elimination by a
   * combat result (X, an AT kill), which destroys an unarmored transport's passenger with it (S-22 L320);
   * otherwise a passenger dismounts in the hex, loses a step and is disrupted (S-22 L316-L318).
   */
  eliminate(i: number, loss = true, whole = false): void {
    const where = this.hex(i);
    if (where < 0) return;
    const def = this.sc.units[i]!;
    if (loss && !(def.vehicle && def.full.df <= 0 && def.full.at < 0)) this.addLoss(def.side, this.steps(i));
    const p = this.passengerOf(i);
    this.set(i, STEPS, 0);
    if (this.carrierOf(i) >= 0) this.setCarrier(i, -1);
    this.setHex(i, ELIMINATED);
    this.d(() => `${def.name} (${def.id}) is eliminated`);
    if (p >= 0) {
      this.setCarrier(p, -1);
      this.setHex(p, where);
      if (whole && !def.armored) this.eliminate(p, loss);
      else this.hurtPassenger(p);
    }
  }

  /** S-22 L316-L318: a passenger whose carrier is destroyed or (riding outside) loses a step: a step lost and disrupted. */
  private hurtPassenger(p: number): void {
    this.loseStep(p);
    if (this.onMap(p)) this.disrupt(p);
  }

  /** One step lost: a full 2-step unit flips, anything else is eliminated (S-11 L130). */
  loseStep(i: number): void {
    const def = this.sc.units[i]!;
    if (this.hex(i) < 0) return;
    if (this.steps(i) >= 2) {
      this.set(i, STEPS, this.steps(i) - 1);
      if (!(def.vehicle && def.full.df <= 0 && def.full.at < 0)) this.addLoss(def.side, 1);
      this.d(() => `${def.name} (${def.id}) loses a step`);
      const p = this.passengerOf(i);
      // S-12 L140: a reduced 2-step armored vehicle carries nothing; S-22 L318 tank riders dismount, lose a step, disrupt.
      if (p >= 0 && ridesOutside(this.sc, i)) {
        this.setCarrier(p, -1);
        this.setHex(p, this.hex(i));
        this.hurtPassenger(p);
      }
    } else {
      this.eliminate(i);
    }
  }

  /**
   * S-40 L576: disrupted; a second disruption eliminates. One attack disrupts a unit once, however its
   * results reach it (directly, or through its carrier). S-22 L318: a tank rider disrupted by combat
   * dismounts where it is; a passenger inside a vehicle shares its carrier's fate.
   */
  disrupt(i: number): void {
    if (!this.onMap(i) || this.disruptedNow?.has(i)) return;
    this.disruptedNow?.add(i);
    if (this.flag(i, F_DISRUPTED)) {
      const def = this.sc.units[i]!;
      this.d(() => `${def.name} (${def.id}) is disrupted again and withdraws`);
      this.eliminate(i);
      return;
    }
    this.setFlag(i, F_DISRUPTED);
    this.d(() => `${this.sc.units[i]!.name} (${this.sc.units[i]!.id}) is disrupted`);
    const c = this.carrierOf(i);
    if (c >= 0 && ridesOutside(this.sc, c)) {
      this.setCarrier(i, -1);
      this.d(() => `${this.sc.units[i]!.name} (${this.sc.units[i]!.id}) dismounts`);
    }
    const p = this.passengerOf(i);
    if (p >= 0 && !ridesOutside(this.sc, i)) this.disrupt(p);
  }

  /** Runs one attack's results: a unit is disrupted at most once by them (see `disrupt`). */
  attack<T>(resolve: () => T): T {
    if (this.disruptedNow) return resolve();
    this.disruptedNow = new Set();
    try {
      return resolve();
    } finally {
      this.disruptedNow = undefined;
    }
  }

  addLoss(side: number, steps: number): void {
    const lost = this.mut('lost');
    lost[side] = lost[side]! + steps;
  }

  /** Narration (only when narrating). */
  d(text: () => string): void {
    if (this.events) this.say(text);
  }
}

/** S-22 L318: a passenger of this carrier rides outside (a tank rider): an armored vehicle that is not a halftrack. */
export function ridesOutside(sc: Scenario, carrier: number): boolean {
  const c = sc.units[carrier]!;
  return c.armored && c.type !== 'APC';
}

export function isSpent(s: State, i: number): boolean {
  return (s.u[i]![FLAGS]! & F_SPENT) !== 0;
}
export function isDisrupted(s: State, i: number): boolean {
  return (s.u[i]![FLAGS]! & F_DISRUPTED) !== 0;
}
export function hexOf(s: State, i: number): Hex {
  return s.u[i]![HEX]!;
}
