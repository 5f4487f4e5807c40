/**
 * The state of a Panzer Basic Game: small immutable records, replaced (never changed) by `apply`.
 */

import type { SmokeCounter } from './advanced/smoke.js';

/** Commands (4.2): N/C is the default. */
export const NC = 0,
  FIRE = 1,
  MOVE = 2,
  SHORT_HALT = 3,
  OVERWATCH = 4;
export const COMMAND_LETTERS = ['N', 'F', 'M', 'H', 'O'] as const;
export const COMMAND_NAMES = ['N/C', 'FIRE', 'MOVE', 'SHORT HALT', 'OVERWATCH'] as const;

/** Vehicle condition (4.4.3.2.6): OK, damaged, knocked out, brewed up; or gone off the map (4.5.1.1.9). */
export const OK = 0,
  DAMAGED = 1,
  KNOCKED_OUT = 2,
  BREWED_UP = 3,
  EXITED = 4,
  /** Advanced Game: a leg or towed unit eliminated by fire (6.5.4.4.3); it leaves no wreck. */
  ELIMINATED = 5,
  /** Advanced Game: the crew bailed out (5.15, 6.5.2.6); the vehicle is out of action for good, no wreck. */
  BAILED_OUT = 6,
  /** Advanced Game (6.6.7): a passenger aboard its carrier (`carrier`); out of play on its own until it dismounts. */
  MOUNTED = 7;

/** Hull down positions (6.1.4.1): none, Hull Down, Partial Hull Down. */
export const NOT_HULL_DOWN = 0,
  HULL_DOWN = 1,
  PARTIAL_HULL_DOWN = 2;

/** SUPPRESSION counters (5.10): none, SUPPRESSION/ON, SUPPRESSION/OFF; the effects are the same for ON and OFF. */
export const NOT_SUPPRESSED = 0,
  SUPPRESSION_ON = 1,
  SUPPRESSION_OFF = 2;

/** SPOT markers (4.1.3): none, SPOT/MOVE, SPOT/FIRE. */
export const NO_MARK = 0,
  SPOT_MOVE = 1,
  SPOT_FIRE = 2,
  /** SPOT/FIRE SA: the unit fired small arms only (6.1.3, 5.7). */
  SPOT_FIRE_SA = 3;

/** Wreck counters in a hex (4.1.4.1.8): none, KO wreck, BU wreck (with its brew-up smoke, 4.1.4.1.9). */
export const NO_WRECK = 0,
  KO_WRECK = 1,
  BU_WRECK = 2;

export interface Unit {
  readonly hex: number;
  readonly facing: number;
  readonly status: number;
  readonly mark: number;
  /** This turn's command; meaningful once `ordered`. Secret from the other side until `shown`. */
  readonly cmd: number;
  readonly ordered: boolean;
  /** The command counter has been turned face up (executed, or revealed when fired on). */
  readonly shown: boolean;
  /** Its owner revealed MOVE / SHORT HALT, so fire at it takes the moving modifier (4.4.3.2.2). */
  readonly movingShown: boolean;
  /** Has fired this turn (one shot per vehicle per turn, 4.4.1). */
  readonly fired: boolean;
  /** Dual Fire (5.14): the target its own (not Dual Fire) weapon was announced at this turn, -1 none. */
  readonly firedAt: number;
  /** Dual Fire (5.14): its Dual Fire weapon was announced this turn. */
  readonly dualFired: boolean;
  /** Has made its move this turn. */
  readonly moved: boolean;
  /** Spotted by the other side in the last Spotting Phase (4.1.1). */
  readonly spotted: boolean;
  /** Advanced Game (5.10): SUPPRESSION counter; 0 in the Basic Game. */
  readonly sup: number;
  /** Attacked by AP or GP fire this turn (6.8.3.1.2, the UNDER FIRE counter). */
  readonly underFire: boolean;
  /** A squad reduced to its half-squad (5.1.1, 6.5.4.4.3). */
  readonly half: boolean;
  /** Track hit (6.5.4.4.2 rule of 10s): immobile for the rest of the scenario. */
  readonly immobile: boolean;
  /** In Full Cover (6.1.4.2), chosen in the Adjust Full Cover Step for the next turn. */
  readonly fc: boolean;
  /** Hull down position found by searching (6.1.4.1, 6.6.9): NOT_HULL_DOWN, HULL_DOWN, PARTIAL_HULL_DOWN. */
  readonly hd: number;
  /** AG hit locations (6.5.2.2.4): a DAMAGED vehicle's damage is to the hull (movement) rather than the turret (fire). */
  readonly dmgHull: boolean;
  /** Transport (6.6.7): the carrier of a MOUNTED passenger, else -1. */
  readonly carrier: number;
  /** Transport (6.6.7.1.1): the vehicle mounted or dismounted passengers this turn (a MOVE or SHORT HALT costs half its MF). */
  readonly transferred: boolean;
  /** Crawled this turn (6.6.4.3): GP fire at it takes +10. */
  readonly crawled: boolean;
}

/** One step of a move under way: a hex entered (forward or reverse), a turn in place, or leaving the map. */
export interface Step {
  readonly kind: 'enter' | 'turn' | 'exit';
  readonly hex: number;
  readonly facing: number;
  /** MF spent from the start of the move up to and including this step. */
  readonly spent: number;
}

/** An overwatch opportunity (4.4.2, 4.5): `seat` may fire an OVERWATCH vehicle at one of `targets`, or pass. */
export interface Reaction {
  readonly seat: number;
  readonly targets: readonly number[];
}

/** A shot announced at a target whose owner must first say whether it reveals MOVE (4.4.3.2.2). */
export interface PendingShot {
  readonly firer: number;
  readonly target: number;
  readonly overwatch: boolean;
  /** A GP shot (6.5.4) rather than AP. */
  readonly gp: boolean;
  /** Fired by the unit's Dual Fire weapon (5.14). */
  readonly dual: boolean;
}

/** One shot announced in a salvo (4.4.1): the firer and whether it fires GP (6.5.4) rather than AP. */
export interface SalvoShot {
  readonly firer: number;
  readonly gp: boolean;
  /** Fired by the unit's Dual Fire weapon (5.14). */
  readonly dual: boolean;
}

/**
 * 4.4.1: the direct fire a side announces at one target; every shot at it is announced before any is
 * resolved, then they are resolved in the order announced (ruling PZ-R50).
 */
export interface Salvo {
  readonly target: number;
  /** Shots announced and not yet resolved. */
  readonly shots: readonly SalvoShot[];
  /** Announcing is over: the shots are being resolved. */
  readonly resolving: boolean;
}

/**
 * An Indirect Fire mission on the map (6.5.1): one firing source (an off-map battery or an on-map unit)
 * at a Target Point with a SHEAF; Called (with its observer) or Planned. It stays from turn to turn until
 * checked (6.5.1.8, 6.5.1.9) or, Planned, until its plot ends (6.5.1.11.1).
 */
export interface Mission {
  readonly side: number;
  /** The observer unit; -1 for Planned fire. */
  readonly observer: number;
  /** The off-map battery (an index of the scenario's batteries), or -1. */
  readonly battery: number;
  /** The on-map firing unit, or -1. */
  readonly unit: number;
  /** Target Point hex. */
  readonly hex: number;
  /** SHEAF pattern (6.5.1.5): 'single', 'closed', 'open', 'linear-N' ... */
  readonly sheaf: string;
  readonly planned: boolean;
  /** Called or adjusted within 5 hexes of spotted friendly units (6.5.1.10): it checks next turn. */
  readonly dangerClose: boolean;
  /** The turn it last fired. */
  readonly turn: number;
  /** A Smoke mission (6.5.1.6.1): it lays SMOKE counters rather than attacking; absent or false, GP. */
  readonly smoke?: boolean;
}

/**
 * 'cover': the Adjust Full Cover Step of the Adjustment Phase (6.8.2), a decision of each seat in turn.
 * 'assault': the Close Assault / Hand-to-Hand Combat Step opening the Movement Phase (6.6.1).
 * 'indirect': the Indirect Fire Step opening the Combat Phase (6.5.1), First Player then Second.
 */
export type Phase = 'command' | 'choose' | 'indirect' | 'fire' | 'assault' | 'move' | 'cover' | 'over';

export interface State {
  readonly turn: number;
  readonly phase: Phase;
  readonly units: readonly Unit[];
  /** Wreck counter per hex. */
  readonly wrecks: readonly number[];
  /** Seat giving commands (Command Phase). */
  readonly commandSeat: number;
  /** Seat that won the initiative and chooses First or Second Player; -1 none. */
  readonly chooser: number;
  readonly initiativeRolls: readonly number[];
  /** First Player seat this turn, -1 before it is known. */
  readonly first: number;
  /** Whose direct fire (Combat Phase) or movement (Movement Phase) step it is. */
  readonly stepSeat: number;
  /** Combat Phase: 0 direct fire, 1 the First Player's overwatch, 2 the Second Player's. */
  readonly owStage: number;
  readonly pending: PendingShot | null;
  /** Direct Fire Step (4.4.1): the salvo being announced or resolved, null none. */
  readonly salvo: Salvo | null;
  /** Direct Fire Step (4.4.1): targets of this step's resolved salvos; no more direct fire at them this step. */
  readonly engaged: readonly number[];
  /** Overwatch opportunities, the last the one being decided (cascades push on top). */
  readonly reactions: readonly Reaction[];
  /** Vehicle moving now, -1 none; its remaining steps and its movement allowance. */
  readonly mover: number;
  readonly route: readonly Step[];
  readonly allowance: number;
  /** The mover is searching for a hull down position (6.6.9): 0 no, else the kind searched for (HULL_DOWN, PARTIAL_HULL_DOWN). */
  readonly search: number;
  /** The mover makes an Advancing Attack (6.6.1.1, 6.6.1.2) or an Overrun (6.6.10): the target it attacks at the end of its move, -1 none. */
  readonly closing: number;
  /** The mover is quickmarching (6.6.4.2): it checks for suppression when its move ends. */
  readonly quick: boolean;
  /** Objective holder per objective (-1 nobody) and who alone occupied it at the end of the last turn. */
  readonly control: readonly number[];
  readonly occupant: readonly number[];
  /** Seat that won the turn-1 initiative, -1 before. */
  readonly initiativeTurn1: number;
  /** 6.6.6: the missions (bit k: mission k) that have attacked the unit moving now, so each attacks it once a move. */
  readonly barrageHits: number;
  /** SMOKE counters on the map (6.1.4.3.10), one per hex, sorted by hex; empty without indirect fire. */
  readonly smoke: readonly SmokeCounter[];
  /** Indirect fire (6.5.1): the missions on the map. */
  readonly missions: readonly Mission[];
  /** 6.5.1.11.1: the Planned mission each battery's side plotted (an index of its plans), -1 none yet; secret until it arrives. */
  readonly plots: readonly number[];
  /** The turn each battery's plotted mission arrived (its plot is then known to both sides), -1 not yet (6.5.1.11.2). */
  readonly plotStart: readonly number[];
  /** The turn each battery last fired or failed to respond (6.5.1.7: once a turn). */
  readonly batteryTurn: readonly number[];
  /** The current Indirect Fire Step is open: its Planned fire and automatic checks are done. */
  readonly ifOpen: boolean;
  /**
   * 6.6.7.1.2: the mover carries unsuppressed passengers and has just taken a step: its side may bail
   * them out in its hex (`e:p`) or carry on (`go`) before the next step.
   */
  readonly bailOpen: boolean;
  /**
   * Command control (6.2.1.1.4), from the end of the Command Phase: per unit, the lowest unit of the group
   * sharing its unique command counter, -1 none; empty without the module or before the commands are placed.
   */
  readonly shared: readonly number[];
  /** Command control (6.2.1.1.4): per unit, the target it announced fire at this turn, -1 none; empty as `shared`. */
  readonly aimed: readonly number[];
  /**
   * This turn's calls for fire: the observer, its target hex (6.5.1.1) and the source called (`b<battery>`,
   * `u<unit>`); a -1 hex marks a checked mission's observer or on-map firer (6.5.1.9).
   */
  readonly calls: readonly { readonly observer: number; readonly hex: number; readonly source: string }[];
  /** Narration of the last apply (only when narrating). */
  readonly events: readonly string[];
}

/** A copy of `units` with unit `i` changed. */
export function withUnit(units: readonly Unit[], i: number, change: Partial<Unit>): Unit[] {
  const next = units.slice();
  next[i] = { ...units[i]!, ...change };
  return next;
}

/** Whether a vehicle is on the map and neither knocked out nor brewed up. */
export function alive(u: Unit): boolean {
  return u.status === OK || u.status === DAMAGED;
}

/**
 * 4.1.4.1.8: the wreck counters after a vehicle in hex h took `status`: a KO or BU leaves one wreck per
 * hex, a BU wreck replacing a KO wreck, never the reverse; any other status leaves them as they are.
 */
export function withWreck(wrecks: readonly number[], h: number, status: number): readonly number[] {
  if (status !== KNOCKED_OUT && status !== BREWED_UP) return wrecks;
  const w = status === BREWED_UP ? BU_WRECK : KO_WRECK;
  if (w <= wrecks[h]!) return wrecks;
  const next = wrecks.slice();
  next[h] = w;
  return next;
}
