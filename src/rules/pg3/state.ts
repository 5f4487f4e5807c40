/**
 * The changing part of a PG3 game. Compact and immutable: per-unit fields live in one flat number
 * array (stride F), so an action copies one small array and a few scalars (about a microsecond) rather
 * than a tree of objects. Nothing random is stored here: dice come from the Rng passed to apply.
 */
import type { Hex } from '../../hex/grid.js';
export { HEX, OFFBOARD, ELIMINATED, EXITED } from '../../hex/units.js';

/** Field offsets in a unit's row of State.u (HEX, the kernel's, is field 0). */
export const STEPS = 1,
  MORALE = 2,
  FLAGS = 3,
  MP = 4,
  OPP = 5,
  ATSHOTS = 6,
  XFIRE = 7,
  DIG = 8;
/** Carrier index + 1 while the unit rides a transport (5.6), else 0. A carried unit keeps HEX equal to its
 * carrier's but is left out of the hex occupancy index: it counts as part of its carrier (stacking, fire, spotting). */
export const CARRIED = 9;
/** Fields in a unit's row. */
export const F = 10;

/** Bit of State.mines: the minefield has been turned face up (16.7). */
export const MINE_REVEALED = 4;

/** Morale states (PG3 14.1). */
export const GOOD = 0,
  DISRUPTED = 1,
  DEMORALIZED = 2;

/** FLAGS bits. */
export const F_ACTIVATED = 1 << 0; // MOVED/FIRED marker: activated (or opportunity-fired) this turn (3.13, 13.1)
export const F_DECL_MOVE = 1 << 1; // declared Move this activation (3.13)
export const F_DECL_FIRE = 1 << 2; // declared Fire this activation (3.13)
export const F_IN_ACT = 1 << 3; // part of the current activation
export const F_SPOTTED = 1 << 4; // SPOTTED marker: fired from limiting terrain (8.2)
export const F_TANK_LEADER = 1 << 5; // carries a tank leader (6.8) -- secret for sides with a number of them
export const F_DUG_IN = 1 << 6; // dug in (16.2)
export const F_FIRED = 1 << 7; // has fired (or assaulted) in this activation
export const F_MOVED = 1 << 8; // has moved (entered a hex) this activation
export const F_MOVED_TURN = 1 << 9; // has moved this turn (disrupted units move 1 hex a turn, 14.2)
export const F_ASSAULT_IN = 1 << 10; // entered an assault hex this activation (12.1)
export const F_MUST_STOP = 1 << 11; // must stop (left a river hex, 5.7; entered an assault hex, 12.1)
export const F_TL_REVEALED = 1 << 12; // tank leader revealed by leading a combat move or assault
export const F_RECOVERED = 1 << 13; // attempted recovery this activation (14.4)
export const F_LEADER_ACT = 1 << 14; // activated through a leader of its kind (may combat-move, assault: 5.4, 12.1)
export const F_ENTRY_WAIT = 1 << 15; // reinforcement whose entry hexes were blocked: enters a turn later (16.5)
export const F_LOADED = 1 << 16; // transport carrying a weapon or personnel unit (5.6)
export const F_LEADERS_ABOARD = 1 << 17; // transport carrying one or more leaders (5.6)
export const F_LIMBERED = 1 << 18; // weapon unloaded on its limbered side (5.6): no fire until it unlimbers
export const F_ENTRENCHED = 1 << 19; // occupies an entrenchment it entered before the enemy (16.4, 12.4 L355)
export const F_HIDDEN = 1 << 20; // hidden unit (16.6): position secret from the other seat until spotted, moved or fired
export const F_CAV_LED = 1 << 21; // CAV unit activated by a cavalry leader: may charge (15.31)
export const F_CHARGE = 1 << 22; // entered its assault hex by a cavalry charge this activation (+1 column, 15.31)
export const F_SELF_ACT = 1 << 23; // in the activation by itself (3.1): the single unit, a member of the activated stack, or the activating leader

export const ACT_FLAGS =
  F_DECL_MOVE |
  F_DECL_FIRE |
  F_IN_ACT |
  F_FIRED |
  F_MOVED |
  F_ASSAULT_IN |
  F_MUST_STOP |
  F_RECOVERED |
  F_LEADER_ACT |
  F_CAV_LED |
  F_CHARGE |
  F_SELF_ACT;

/** Whose decision and what kind. */
export const enum Phase {
  /** Active seat picks an activation or passes (3.0 B). */
  Segment = 0,
  /** Active seat declares Move or Fire for each activated unit, in order (3.13). */
  Declare = 1,
  /** Active seat carries out actions of the activation. */
  Execute = 2,
  /** Inactive seat may opportunity-fire at the unit that just entered a hex (13.0). */
  OppFire = 3,
  /** The owner allocates a step loss among eligible units (7.61, 7.63). */
  Allocate = 4,
  Over = 5,
}

/** A step loss waiting to be allocated by its owner, and what follows it. */
export interface PendingLoss {
  readonly seat: number;
  readonly hex: Hex;
  /** Units that may take this loss (all chosen by the owner). */
  readonly eligible: readonly number[];
  readonly losses: number;
  /** Units that must take the first loss if any of them are eligible (7.63 best morale status first). */
  readonly why: string;
}

/** Deferred work after combat: morale checks and leader casualty checks (7.62, 6.7, 14.1). */
export type Effect =
  | {
      readonly k: 'loss';
      readonly seat: number;
      readonly hex: Hex;
      readonly losses: number;
      readonly pool: readonly number[];
      readonly assault: boolean;
      readonly needAfv: boolean;
      readonly why: string;
      readonly taken?: number;
    }
  | { readonly k: 'morale'; readonly unit: number; readonly mod: number; readonly why: string }
  | { readonly k: 'leaderCas'; readonly hex: Hex; readonly seat: number; readonly steps: number }
  | { readonly k: 'flee'; readonly unit: number }
  | { readonly k: 'assault'; readonly hex: Hex; readonly attacker: number; readonly units: readonly number[] }
  /** Ends the current activation once everything before it is resolved. */
  | { readonly k: 'finish' };

export interface OppContext {
  /** The unit that just entered a hex. */
  readonly mover: number;
  readonly hex: Hex;
  /** Units that have already fired at this mover in this hex (13.2: one shot per hex entered). */
  readonly fired: readonly number[];
}

/** 15.31: a cavalry charge under way: the unit stands in the first hex entered (opportunity fire there) and must go on into target. */
export interface ChargeContext {
  readonly unit: number;
  readonly target: Hex;
}

export interface State {
  readonly turn: number;
  readonly phase: Phase;
  /** Seat whose segment it is. */
  readonly active: number;
  /** Seat that won the initiative this turn, and how many opening segments it still has (3.0). */
  readonly initiativeWinner: number;
  readonly openingLeft: number;
  /** Whether the previous segment was a pass (two passes in a row end the turn, 3.0 B). */
  readonly lastWasPass: boolean;
  /** Seat whose segment was the last pass, or -1. */
  readonly lastPassSeat: number;
  readonly segmentsTaken: readonly [number, number];
  /** 17.2 excess initiative: the seat that saved an opening segment this turn, -1 none, -2 spent. */
  readonly savedSegment: number;
  /**
   * One row of F fields per unit (HEX, STEPS, ...): `u[unit][HEX]`. Rows are shared between successive
   * states until a unit changes, so an action copies the few rows it writes, not every unit's fields.
   */
  readonly u: readonly (readonly number[])[];
  /** Units of the current activation, in declaration order. */
  readonly act: readonly number[];
  /** Index in `act` of the next unit to declare. */
  readonly declIndex: number;
  /** Off-board artillery factors used this turn (bit i = factor i), per seat; factors fired this segment. */
  readonly obaUsed: readonly [number, number];
  readonly obaThisSegment: number;
  /** 15.1: aircraft drawn for this turn and not yet flown, per seat (bit k = Scenario aircraft pool index k). */
  readonly air: readonly [number, number];
  /** Hexes with smoke (16.1). */
  readonly smoke: readonly Hex[];
  /** Minefields (16.7), in Scenario.minefields order: strength (0 = dummy, or cleared) + MINE_REVEALED once entered. */
  readonly mines: readonly number[];
  /** Wreck markers (16.3): one entry per wreck, so a hex appears up to 3 times. */
  readonly wrecks: readonly Hex[];
  /** Controller seat of each objective. */
  readonly control: readonly number[];
  readonly stepsLost: readonly [number, number];
  /** 6.7 decapitation, per side: the hex where its highest-ranking leader fell (-1: not yet; it happens once)
   * and the turn it happened (0: not yet). No unit within 3 hexes of it moves voluntarily this turn and next. */
  readonly decapHex: readonly [number, number];
  readonly decapTurn: readonly [number, number];
  readonly stepsExited: readonly [number, number];
  readonly initiativeTurn1: number;
  readonly opp: OppContext | null;
  /** Effects still to resolve, first first; `afterPhase` is where play returns when they are done. */
  readonly queue: readonly Effect[];
  readonly afterPhase: Phase;
  /** Hexes entered by assaulting units this activation, resolved at its end (12.2). */
  readonly assaults: readonly Hex[];
  /** 15.31: the cavalry charge under way in this activation, or null. */
  readonly charge: ChargeContext | null;
  /** Narration of the last apply, when the game was created with narrate: true. */
  readonly events: readonly string[];
  /** Actions applied so far (for game length statistics). */
  readonly actions: number;
}
