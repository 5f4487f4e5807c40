/**
 * The Panzer Basic Game sequence (digest 2.1): Spotting, Command (secret, one seat after the other),
 * Initiative (d100 each, the winner picks First or Second Player), Combat (direct fire First then Second,
 * then overwatch fire with cascades), Movement (Second then First, each step open to the other side's
 * overwatch), Adjustment. `apply` never mutates its input and takes every die from the rng it is given.
 * The secrets are the other side's face-down commands (4.2.2) and, with indirect fire, its Planned fire plots
 * (6.5.1.11.1): `determinize` deals them again.
 */
import { textDigest } from '../../core/digest.js';
import type { Rng } from '../../core/game.js';
import { IllegalActionError } from '../../core/game.js';
import { WordActionGame } from '../../core/word-game.js';
import { advancedApHit } from './advanced/ap-hits.js';
import { type BailCause, checkBailOut } from './advanced/bail-out.js';
import { applyFullCover, fullCoverEligible, fullCoverSets } from './advanced/full-cover.js';
import {
  advanceStep,
  closeCombatActions,
  DISMOUNTING,
  dismountAttackActions,
  finishAdvance,
  overrunActions,
  overrunApproach,
  resolveCloseCombat,
  resolveOverrun,
} from './advanced/close-combat.js';
import { initiativeModifier, sharedCounters, sharedFireAllowed, sharedMoveFilter, withinCommands } from './advanced/command-control.js';
import { hasWeapon, weaponFree } from './advanced/dual-fire.js';
import { quickmarchRange } from './advanced/grades.js';
import { crawlDestinations, legDestinations, mayCrawl, mayQuickmarch } from './advanced/legs.js';
import { movementDamaged } from './advanced/hit-locations.js';
import {
  applyIndirect,
  applyPlot,
  barrageOnEntry,
  closeStep,
  dealPlots,
  hasIndirectTarget,
  indirectActions,
  observing,
  openStep,
  parseSource,
  plotActions,
  sheafName,
  sourceName,
  unplotted,
} from './advanced/indirect-fire.js';
import { applyPivot, pivotFacings } from './advanced/pivot.js';
import { hullDownRange, searchActions, searchFinds, searchKind, searchModifier } from './advanced/hull-down.js';
import { applyGpShot, recoverSuppression } from './advanced/suppression.js';
import {
  applyBailOut,
  applyDismount,
  applyMount,
  bailOutActions,
  bailOutOffered,
  carryPassengers,
  dismountActions,
  markCarrierFire,
  mountActions,
  passengerFates,
  passengerMayFire,
  passengersOf,
  reverses,
  towing,
} from './advanced/transport.js';
import { adjustSmoke } from './advanced/smoke.js';
import { canFireAt, canFireGpAt, damageOf, destinations, firesInDirectStep, moveAllowance, shotFigures, spottedBySide } from './rules.js';
import type { Scenario } from './scenario.js';
import { FACINGS, isLegOrTowed } from './scenario.js';
import {
  alive,
  BAILED_OUT,
  BREWED_UP,
  COMMAND_LETTERS,
  COMMAND_NAMES,
  DAMAGED,
  ELIMINATED,
  EXITED,
  FIRE,
  HULL_DOWN,
  KNOCKED_OUT,
  KO_WRECK,
  MOUNTED,
  MOVE,
  NC,
  NO_MARK,
  NOT_HULL_DOWN,
  OK,
  OVERWATCH,
  type Reaction,
  SHORT_HALT,
  SPOT_FIRE,
  SPOT_FIRE_SA,
  SPOT_MOVE,
  type State,
  SUPPRESSION_ON,
  type Unit,
  withUnit,
  withWreck,
} from './state.js';

/** One percentile roll, 01-100 (3.2). */
export function d100(rng: Rng): number {
  return rng.int(100) + 1;
}

/**
 * How likely a face-down counter of vehicle u is to hold each of `commands` (weights, same order), as its
 * side's doctrine would choose from what both sides can see; determinize deals uniformly without one.
 */
export type HiddenCommandWeights = (state: State, u: number, commands: readonly number[]) => readonly number[];

export class PanzerGame extends WordActionGame<State> {
  constructor(
    readonly sc: Scenario,
    readonly opts: { narrate?: boolean; hiddenCommandWeights?: HiddenCommandWeights } = {},
  ) {
    super(`panzer:${sc.data.id}`);
  }

  initialState(rng: Rng): State {
    const sc = this.sc;
    const units: Unit[] = sc.units.map((d) => ({
      hex: d.startHex,
      facing: d.startFacing,
      status: OK,
      mark: NO_MARK,
      cmd: NC,
      ordered: false,
      shown: false,
      movingShown: false,
      fired: false,
      firedAt: -1,
      dualFired: false,
      moved: false,
      spotted: false,
      sup: 0,
      underFire: false,
      half: false,
      immobile: false,
      fc: false,
      hd: 0,
      dmgHull: false,
      carrier: d.startCarrier,
      transferred: false,
      crawled: false,
    }));
    // 6.6.7: a unit starting mounted is aboard its carrier, in its hex.
    units.forEach((u, i) => {
      if (u.carrier >= 0) units[i] = { ...u, status: MOUNTED, hex: units[u.carrier]!.hex, facing: units[u.carrier]!.facing };
    });
    const zero: State = {
      turn: 1,
      phase: 'command',
      units,
      wrecks: new Array<number>(sc.map.size).fill(0),
      smoke: [],
      barrageHits: 0,
      commandSeat: 0,
      chooser: -1,
      initiativeRolls: [0, 0],
      first: -1,
      stepSeat: -1,
      owStage: 0,
      pending: null,
      salvo: null,
      engaged: [],
      reactions: [],
      mover: -1,
      route: [],
      allowance: 0,
      search: 0,
      closing: -1,
      quick: false,
      control: sc.objectives.map((o) => o.holder),
      occupant: sc.objectives.map(() => -1),
      initiativeTurn1: -1,
      missions: [],
      plots: sc.batteries.map(() => -1),
      plotStart: sc.batteries.map(() => -1),
      batteryTurn: sc.batteries.map(() => -1),
      ifOpen: false,
      bailOpen: false,
      shared: [],
      aimed: [],
      calls: [],
      events: [],
    };
    return advance(sc, spottingPhase(sc, zero), rng, []);
  }

  toMove(state: State): number {
    return seatToMove(this.sc, state);
  }

  computeLegalActions(state: State): string[] {
    return legalActions(this.sc, state);
  }

  protected override illegalReason(state: State): string {
    return `not legal in turn ${state.turn}, ${state.phase} phase`;
  }

  protected applyLegal(state: State, action: string, rng: Rng): State {
    const events: string[] = [];
    const narrate = this.opts.narrate === true;
    const next = applyAction(this.sc, { ...state, events: [] }, action, rng, narrate ? events : null);
    return advance(this.sc, next, rng, narrate ? events : null);
  }

  isTerminal(state: State): boolean {
    return state.phase === 'over';
  }

  returns(state: State): readonly number[] {
    const vp = victoryPoints(this.sc, state);
    if (vp[0] === vp[1]) return [0, 0];
    return vp[0]! > vp[1]! ? [1, -1] : [-1, 1];
  }

  /**
   * A state consistent with what `seat` knows: every face-down command of the other side is dealt again
   * from the commands its vehicle could still hold at this point of the turn (4.2.2: a FIRE or SHORT HALT
   * needs a target; a vehicle that has not fired when its side's fire is over holds no FIRE; one that has
   * not moved when its side's movement is over holds no MOVE).
   */
  determinize(secret: State, seat: number, rng: Rng): State {
    const sc = this.sc;
    // 6.5.1.11.1: the other side's Planned fire plots are secret until their fire arrives: dealt first, so
    // that nothing below reads the real ones.
    const state = sc.batteries.length > 0 ? dealPlots(sc, secret, seat, rng) : secret;
    const faceDown = (i: number) => {
      const u = state.units[i]!;
      return sc.units[i]!.side !== seat && u.ordered && !u.shown && alive(u);
    };
    // The doctrine's odds are read from the board with every face-down command blanked: never from the counters.
    let blind: State | undefined;
    let units: Unit[] | null = null;
    for (let i = 0; i < state.units.length; i++) {
      const u = state.units[i]!;
      if (!faceDown(i)) continue;
      if (blind === undefined && this.opts.hiddenCommandWeights !== undefined)
        blind = { ...state, units: state.units.map((x, k) => (faceDown(k) ? { ...x, cmd: NC } : x)) };
      const options = plausibleCommands(sc, state, i);
      // 6.2.1.1.4: units seen sharing one counter hold the command dealt to the first of them, when it may be theirs.
      const lead = state.shared[i] ?? -1;
      const leadCmd = lead >= 0 && lead < i ? (units ?? state.units)[lead]!.cmd : -1;
      const cmd = options.includes(leadCmd) ? leadCmd : options[this.dealCommand(blind ?? state, i, options, rng)]!;
      units ??= state.units.slice();
      units[i] = { ...u, cmd };
    }
    return units === null ? state : { ...state, units };
  }

  /** The index in `options` of the command dealt to a face-down counter of u: by the doctrine's weights when given. */
  private dealCommand(state: State, u: number, options: readonly number[], rng: Rng): number {
    const weigh = this.opts.hiddenCommandWeights;
    if (weigh === undefined || options.length < 2) return rng.int(options.length);
    const w = weigh(state, u, options);
    let total = 0;
    for (const x of w) total += x;
    let r = rng.next() * total;
    for (let k = 0; k < w.length; k++) {
      r -= w[k]!;
      if (r < 0) return k;
    }
    return w.length - 1;
  }

  describeAction(state: State, action: string): string {
    return describePanzerAction(this.sc, state, action);
  }
}

/** The seat whose decision it is. */
export function seatToMove(sc: Scenario, state: State): number {
  if (state.pending !== null) return sc.units[state.pending.target]!.side;
  if (state.reactions.length > 0) return state.reactions.at(-1)!.seat;
  if (state.phase === 'command') return state.commandSeat;
  if (state.phase === 'choose') return state.chooser;
  return state.stepSeat;
}

// --- Commands (4.2) -------------------------------------------------------------------------------

/** 4.2.2: the commands vehicle u may be given: FIRE and SHORT HALT only with a spotted target it can fire at. */
export function legalCommands(sc: Scenario, state: State, u: number): number[] {
  const def = sc.units[u]!;
  // Track hit (6.5.4.4.2): no moving; 6.6.4.1, 6.6.5: towed guns and burdened sections take no SHORT HALT.
  // 6.1.4.2: in Full Cover a towed gun or a burdened section takes no MOVE, a leg unit no SHORT HALT.
  const fc = state.units[u]!.fc;
  const moves = state.units[u]!.immobile || (fc && (def.kind === 'towed' || def.burdened)) ? [] : [MOVE];
  const halts = state.units[u]!.immobile || def.kind === 'towed' || def.burdened || fc ? [] : [SHORT_HALT];
  const hasTarget =
    def.armed &&
    (state.units.some(
      (t, i) => t.spotted && sc.units[i]!.side !== def.side && (canFireAt(sc, state, u, i) || canFireGpAt(sc, state, u, i)),
    ) ||
      hasIndirectTarget(sc, state, u));
  const all = !def.armed ? [NC, ...moves] : hasTarget ? [NC, FIRE, ...moves, ...halts, OVERWATCH] : [NC, ...moves, OVERWATCH];
  // 6.2.1.1.3: while its counter is placed, only the commands its formation still has (ruling PZ-R52).
  if (!sc.modules.commandControl || state.phase !== 'command' || state.units[u]!.ordered) return all;
  return all.filter((c) => withinCommands(sc, state, u, c));
}

/**
 * A command set placed vehicle by vehicle in the order of `commandable`, one letter each: each illegal
 * command (4.2.2), or one beyond its formation's Available Commands (6.2.1.1.3), becomes N/C.
 */
export function orderSet(sc: Scenario, state: State, letters: string): State {
  let s = state;
  commandable(sc, state, state.commandSeat).forEach((u, k) => {
    const cmd = effectiveCommand(sc, s, u, COMMAND_LETTERS.indexOf(letters[k] as never));
    s = { ...s, units: withUnit(s.units, u, { cmd, ordered: true }) };
  });
  return s;
}

/** 4.2.2: an illegal command becomes N/C. */
export function effectiveCommand(sc: Scenario, state: State, u: number, cmd: number): number {
  return legalCommands(sc, state, u).includes(cmd) ? cmd : NC;
}

/** Vehicles of `seat` that receive a command this turn (on the map, not destroyed). */
export function commandable(sc: Scenario, state: State, seat: number): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (sc.units[i]!.side === seat && alive(u)) out.push(i);
  });
  return out;
}

/**
 * The candidate command sets an agent chooses among (digest 7: a library, not the product of every
 * vehicle's five commands): whole-side doctrines, each vehicle taking the first of its preferences that is
 * legal for it.
 */
export const COMMAND_LIBRARY: readonly (readonly number[])[] = [
  [MOVE],
  [FIRE, MOVE],
  [FIRE, OVERWATCH],
  [SHORT_HALT, MOVE],
  [OVERWATCH],
  [FIRE, NC],
  [NC],
];

export function librarySets(sc: Scenario, state: State, seat: number): string[] {
  const units = commandable(sc, state, seat);
  const legal = units.map((u) => legalCommands(sc, state, u));
  const sets = new Set<string>();
  for (const prefs of COMMAND_LIBRARY) sets.add(legal.map((l) => COMMAND_LETTERS[prefs.find((c) => l.includes(c)) ?? NC]).join(''));
  // Vehicles with a target fire, the rest advance or watch, by whether they are in view of the enemy.
  sets.add(
    units.map((u, k) => (legal[k]!.includes(FIRE) ? 'F' : state.units[u]!.spotted && legal[k]!.includes(OVERWATCH) ? 'O' : 'M')).join(''),
  );
  // 6.5.1: each set also with its observers watching (to call fire) and its indirect fire units on FIRE.
  if (sc.modules.indirectFire) {
    const letterFor = (k: number): string | null => {
      const u = units[k]!;
      if (sc.units[u]!.observer !== null && legal[k]!.includes(OVERWATCH)) return 'O';
      if (sc.units[u]!.indirect !== null && legal[k]!.includes(FIRE)) return 'F';
      return null;
    };
    for (const set of [...sets]) sets.add([...set].map((c, k) => letterFor(k) ?? c).join(''));
  }
  return [...sets];
}

/**
 * Commands a face-down counter of vehicle u may hold, as the other side can tell (see determinize): what
 * was legal for it when commands were placed (the spotted flags do not change until the next Spotting
 * Phase), less what its side's finished steps rule out.
 */
export function plausibleCommands(sc: Scenario, state: State, u: number): number[] {
  const side = sc.units[u]!.side;
  const placed = legalCommands(sc, { ...state, units: withUnit(state.units, u, { fired: false }) }, u);
  const fireOver =
    state.phase === 'move' ||
    state.phase === 'assault' ||
    state.phase === 'cover' ||
    (state.phase === 'fire' && (state.owStage > 0 || (state.stepSeat !== side && state.first === side)));
  const moveOver = state.phase === 'cover' || (state.phase === 'move' && state.stepSeat === state.first && side !== state.first);
  return placed.filter((c) => {
    if ((c === FIRE || c === SHORT_HALT) && fireOver) return false;
    if ((c === MOVE || c === SHORT_HALT) && (moveOver || state.units[u]!.moved)) return false;
    return true;
  });
}

// --- Legal actions ----------------------------------------------------------------------------------

/**
 * A seat's Adjustment decision (6.8.1, 6.8.2): each Full Cover set (`c:<letters>`, `c:` when no unit may
 * be in Full Cover), and when the Pivot Step would turn a unit, the same with `:p` (ruling PZ-R81).
 */
function adjustActions(sc: Scenario, state: State, seat: number): string[] {
  const sets = fullCoverSets(sc, state, seat);
  if (pivotFacings(sc, state, seat) === null) return sets;
  const base = sets.length > 0 ? sets : ['c:'];
  return [...base, ...base.map((a) => `${a}:p`)];
}

export function legalActions(sc: Scenario, state: State): string[] {
  if (state.phase === 'over') return [];
  if (state.pending !== null) return ['reveal', 'conceal'];
  if (state.reactions.length > 0) {
    const r = state.reactions.at(-1)!;
    return [
      ...overwatchShots(sc, state, r).map(([u, t]) => `w:${u}:${t}`),
      ...overwatchGpShots(sc, state, r).map(([u, t]) => `v:${u}:${t}`),
      ...overwatchDualGpShots(sc, state, r).map(([u, t]) => `v:${u}:${t}:d`),
      'pass',
    ];
  }
  if (state.phase === 'command') {
    // 6.5.1.11.1: a side plots its Planned fire, in secret, before its first commands.
    const b = sc.batteries.length > 0 ? unplotted(sc, state, state.commandSeat) : -1;
    if (b >= 0) return plotActions(sc, b);
    const units = commandable(sc, state, state.commandSeat);
    const next = units.find((u) => !state.units[u]!.ordered);
    if (next === undefined) return [];
    const orders = legalCommands(sc, state, next).map((c) => `o:${next}:${COMMAND_LETTERS[c]}`);
    if (units.every((u) => !state.units[u]!.ordered)) return [...librarySets(sc, state, state.commandSeat).map((s) => `O:${s}`), ...orders];
    return orders;
  }
  if (state.phase === 'choose') return ['first', 'second'];
  if (state.phase === 'indirect') return indirectActions(sc, state, state.stepSeat);
  if (state.phase === 'cover') return adjustActions(sc, state, state.stepSeat);
  if (state.phase === 'assault') return [...closeCombatActions(sc, state, state.stepSeat), 'hold'];
  if (state.phase === 'fire') {
    const shots = [
      ...directShots(sc, state, state.stepSeat).map(([u, t]) => `f:${u}:${t}`),
      ...directGpShots(sc, state, state.stepSeat).map(([u, t]) => `g:${u}:${t}`),
      ...directDualGpShots(sc, state, state.stepSeat).map(([u, t]) => `g:${u}:${t}:d`),
    ];
    // 4.4.1: with a salvo announced, the other shots at its target may join it before it is resolved.
    return state.salvo === null ? shots : [...shots, 'resolve'];
  }
  // 6.6.7.1.2: during a carrier's move its unsuppressed passengers may bail out, or it carries on.
  if (state.bailOpen) return bailOutActions(state);
  const out: string[] = [];
  for (const u of movers(sc, state, state.stepSeat)) {
    const unit = state.units[u]!;
    // 6.6.7.1: a vehicle towing a gun may not move in reverse.
    const tows = towing(sc, state, u);
    let dests = destinations(sc, state, u);
    if (tows) dests = dests.filter((d) => !reverses(sc, unit.hex, unit.facing, d.steps));
    // 6.2.1.1.4: units sharing a MOVE or SHORT HALT end their moves within Command Range of one another.
    if (state.shared.length > 0) {
      const ok = sharedMoveFilter(
        sc,
        state,
        u,
        dests.map((d) => d.hex),
      );
      dests = dests.filter((_, k) => ok[k]);
    }
    for (const d of dests) out.push(d.hex < 0 ? `m:${u}:x${d.steps.at(-1)!.hex}` : `m:${u}:${d.hex}:${d.facing}`);
    // 6.6.4.2: a leg unit on MOVE may quickmarch instead.
    if (mayQuickmarch(sc, state, u)) {
      let quick = legDestinations(sc, state, u, true);
      if (state.shared.length > 0) {
        const ok = sharedMoveFilter(
          sc,
          state,
          u,
          quick.map((d) => d.hex),
        );
        quick = quick.filter((_, k) => ok[k]);
      }
      for (const d of quick) out.push(`m:${u}:${d.hex}:${d.facing}:q`);
    }
    // 6.6.4.3: a leg unit in Full Cover may crawl one hex instead.
    if (mayCrawl(sc, state, u)) for (const d of crawlDestinations(sc, state, u)) out.push(`m:${u}:${d.hex}:${d.facing}:c`);
    out.push(
      ...searchActions(sc, state, u),
      ...mountActions(sc, state, u),
      ...dismountActions(sc, state, u),
      ...dismountAttackActions(sc, state, u),
      ...overrunActions(sc, state, u),
    );
  }
  return out;
}

type CanFire = (sc: Scenario, state: State, firer: number, target: number, dual: boolean) => boolean;

/**
 * Whether unit i may announce a shot now with its Dual Fire weapon (`dual`, 5.14) or its own: the weapon
 * exists and is free this turn (AP `gp` false), as its command (or its carrier's, 6.6.7.2) allows.
 */
function mayAnnounce(sc: Scenario, state: State, i: number, gp: boolean, dual: boolean, overwatch: boolean): boolean {
  const def = sc.units[i]!;
  const u = state.units[i]!;
  if (gp ? !sc.modules.gpFire : !def.armed) return false;
  if (sc.modules.dualFire && !hasWeapon(def, gp, dual)) return false;
  if (!weaponFree(state, i, dual)) return false;
  if (overwatch) return (alive(u) && u.ordered && u.cmd === OVERWATCH) || passengerMayFire(sc, state, i, true, dual);
  // 6.6.7.2: a passenger fires from its carrier as the carrier's command allows.
  return (alive(u) && firesInDirectStep(u)) || passengerMayFire(sc, state, i, false, dual);
}

/**
 * Shots of `seat` in the Direct Fire Step: its FIRE and SHORT HALT units with the weapon free, at targets
 * `can` allows. 4.4.1: while a salvo is announced only its target; otherwise any target but those whose
 * salvo this step has resolved (all fire at a target is announced at once). `dual` (5.14): the Dual Fire
 * weapon's GP shots; for AP the unit's AP weapon is its Dual Fire weapon or its own as the card says.
 */
function directShotsBy(sc: Scenario, state: State, seat: number, can: CanFire, gp: boolean, dual: boolean): [number, number][] {
  const out: [number, number][] = [];
  const salvo = state.salvo;
  state.units.forEach((_, i) => {
    if (sc.units[i]!.side !== seat) return;
    const d = gp ? dual : sc.units[i]!.dualAp;
    if (!mayAnnounce(sc, state, i, gp, d, false)) return;
    state.units.forEach((_, t) => {
      if (salvo !== null ? t !== salvo.target : state.engaged.includes(t)) return;
      // 6.2.1.1.4: units sharing a FIRE or SHORT HALT pick targets within Command Range of one another.
      if (can(sc, state, i, t, d) && (state.shared.length === 0 || sharedFireAllowed(sc, state, i, t))) out.push([i, t]);
    });
  });
  return out;
}

/** Overwatch shots open to a reaction: the seat's unrevealed OVERWATCH units at its targets, as `can` allows (4.4.2). */
function overwatchShotsBy(sc: Scenario, state: State, r: Reaction, can: CanFire, gp: boolean, dual: boolean): [number, number][] {
  const out: [number, number][] = [];
  state.units.forEach((_, i) => {
    if (sc.units[i]!.side !== r.seat) return;
    const d = gp ? dual : sc.units[i]!.dualAp;
    if (!mayAnnounce(sc, state, i, gp, d, true)) return;
    // 6.5.1: an observer calling indirect fire does nothing else of Overwatch.
    if (state.calls.length > 0 && observing(state, i)) return;
    // 6.2.1.1.4: units sharing an OVERWATCH fire at the same target.
    for (const t of r.targets)
      if (can(sc, state, i, t, d) && (state.shared.length === 0 || sharedFireAllowed(sc, state, i, t))) out.push([i, t]);
  });
  return out;
}

/** Direct fire AP shots of `seat` (4.4.1). */
export function directShots(sc: Scenario, state: State, seat: number): [number, number][] {
  return directShotsBy(sc, state, seat, canFireAt, false, false);
}

/** GP direct fire shots of `seat` (6.5.4) with the units' own GP weapons. */
export function directGpShots(sc: Scenario, state: State, seat: number): [number, number][] {
  return sc.modules.gpFire ? directShotsBy(sc, state, seat, canFireGpAt, true, false) : [];
}

/** GP direct fire shots of `seat` with Dual Fire weapons (5.14). */
export function directDualGpShots(sc: Scenario, state: State, seat: number): [number, number][] {
  return sc.modules.gpFire && sc.modules.dualFire ? directShotsBy(sc, state, seat, canFireGpAt, true, true) : [];
}

/** Whether the seat of the Direct Fire Step has a shot left: AP, GP, or GP with a Dual Fire weapon (5.14). */
function anyDirectShot(sc: Scenario, s: State): boolean {
  return (
    directShots(sc, s, s.stepSeat).length > 0 ||
    directGpShots(sc, s, s.stepSeat).length > 0 ||
    directDualGpShots(sc, s, s.stepSeat).length > 0
  );
}

/** AP overwatch shots open to a reaction (4.4.2). */
export function overwatchShots(sc: Scenario, state: State, r: Reaction): [number, number][] {
  return overwatchShotsBy(sc, state, r, canFireAt, false, false);
}

/** GP overwatch shots open to a reaction (6.5.3) with the units' own GP weapons. */
export function overwatchGpShots(sc: Scenario, state: State, r: Reaction): [number, number][] {
  return sc.modules.gpFire ? overwatchShotsBy(sc, state, r, canFireGpAt, true, false) : [];
}

/** GP overwatch shots with Dual Fire weapons (5.14). */
export function overwatchDualGpShots(sc: Scenario, state: State, r: Reaction): [number, number][] {
  return sc.modules.gpFire && sc.modules.dualFire ? overwatchShotsBy(sc, state, r, canFireGpAt, true, true) : [];
}

/** Vehicles of `seat` with MOVE or SHORT HALT that have still to move (4.5). */
export function movers(sc: Scenario, state: State, seat: number): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (sc.units[i]!.side === seat && alive(u) && u.ordered && (u.cmd === MOVE || u.cmd === SHORT_HALT) && !u.moved && !u.immobile)
      out.push(i);
  });
  return out;
}

// --- Applying actions -------------------------------------------------------------------------------

type Log = string[] | null;

function applyAction(sc: Scenario, state: State, action: string, rng: Rng, log: Log): State {
  const parts = action.split(':');
  switch (parts[0]) {
    case 'o': {
      const u = Number(parts[1]);
      const cmd = effectiveCommand(sc, state, u, COMMAND_LETTERS.indexOf(parts[2] as never));
      return { ...state, units: withUnit(state.units, u, { cmd, ordered: true }) };
    }
    case 'O':
      return orderSet(sc, state, parts[1]!);
    case 'first':
    case 'second': {
      const first = action === 'first' ? state.chooser : 1 - state.chooser;
      log?.push(
        `${sc.sides[state.chooser]!.name} takes ${action === 'first' ? 'First' : 'Second'} Player: ${sc.sides[first]!.name} fires first, moves last`,
      );
      // 6.5.1: with indirect fire the Combat Phase opens with the Indirect Fire Step.
      return { ...state, phase: sc.modules.indirectFire ? 'indirect' : 'fire', first, stepSeat: first, owStage: 0, chooser: -1 };
    }
    case 'f':
    case 'g': {
      const u = Number(parts[1]);
      // 5.14: 'f' fires the AP weapon (the Dual Fire weapon or the unit's own, as it is); 'g:u:t:d' the Dual Fire GP weapons.
      return joinSalvo(sc, state, u, Number(parts[2]), parts[0] === 'g', parts[0] === 'g' ? parts[3] === 'd' : sc.units[u]!.dualAp, log);
    }
    case 'resolve':
      return { ...state, salvo: { ...state.salvo!, resolving: true } };
    case 'w':
    case 'v': {
      const u = Number(parts[1]);
      const t = Number(parts[2]);
      const dual = parts[0] === 'v' ? parts[3] === 'd' : sc.units[u]!.dualAp;
      return announce(sc, announced(aim(state, u, t), u, t, dual), u, t, true, parts[0] === 'v', dual, rng, log);
    }
    case 'reveal':
    case 'conceal': {
      const p = state.pending!;
      let s: State = { ...state, pending: null };
      if (action === 'reveal') {
        s = { ...s, units: withUnit(s.units, p.target, { movingShown: true, shown: true }) };
        log?.push(`${unitName(sc, p.target)} reveals ${COMMAND_NAMES[s.units[p.target]!.cmd]}`);
      }
      return fireShot(sc, s, p.firer, p.target, p.overwatch, p.gp, p.dual, rng, log);
    }
    case 'pass':
      return { ...state, reactions: state.reactions.slice(0, -1) };
    case 'c': {
      // 6.8.2: the Second Player adjusts first, then the First Player (ruling PZ-R26); 6.8.1 the Pivot Step comes first.
      const pivoted = parts[2] === 'p' ? applyPivot(sc, state, state.stepSeat) : state;
      const next = applyFullCover(sc, pivoted, state.stepSeat, parts[1]!);
      return { ...next, stepSeat: state.stepSeat === state.first ? -1 : state.first };
    }
    case 'm':
      return parts[4] === 'c'
        ? startCrawl(sc, state, Number(parts[1]), Number(parts[2]), Number(parts[3]), log)
        : startMove(sc, state, Number(parts[1]), parts[2]!, parts[3], log, parts[4] === 'q');
    case 'a':
      return resolveCloseCombat(sc, state, Number(parts[1]), Number(parts[2]), rng, log, unitName);
    case 'R':
      return startOverrun(sc, state, Number(parts[1]), Number(parts[2]), log);
    case 'A':
      return startAdvance(sc, state, Number(parts[1]), Number(parts[2]), Number(parts[3]), log);
    case 'D': {
      // 6.6.1.1, 6.6.1.2 Dismount Attack: the carrier dismounts its passengers, then the attack (no overwatch after the dismount).
      const p = Number(parts[1]);
      const dismounted = applyDismount(sc, state, state.units[p]!.carrier, log, unitName);
      return resolveCloseCombat(sc, dismounted, p, Number(parts[2]), rng, log, unitName, DISMOUNTING);
    }
    case 'hold':
      // 6.6.1.1.1: the First Player's close combats, then the Second Player's; then the Movement Step.
      return state.stepSeat === state.first
        ? { ...state, stepSeat: 1 - state.first }
        : { ...state, phase: 'move', stepSeat: 1 - state.first, owStage: 0 };
    case 'b':
      return applyMount(sc, state, Number(parts[1]), Number(parts[2]), log, unitName);
    case 'd':
      return applyDismount(sc, state, Number(parts[1]), log, unitName);
    case 'e':
      return applyBailOut(sc, state, Number(parts[1]), log, unitName);
    case 'go':
      return { ...state, bailOpen: false };
    case 'h':
      return startSearch(sc, state, Number(parts[1]), Number(parts[2]), searchKind(parts[3]!), log);
    case 'P':
      log?.push(`${sc.sides[state.commandSeat]!.name} plots Planned fire for ${sc.batteries[Number(parts[1])]!.name}`);
      return applyPlot(state, Number(parts[1]), Number(parts[2]));
    case 'F':
    case 'i':
    case 'j':
    case 'y':
    case 'done':
      return applyIndirect(sc, state, action, rng, log, unitName);
  }
  throw new IllegalActionError(action, 'unknown action');
}

/** 6.2.1.1.4: with command control, the target `firer` announced fire at is kept for its sharers. */
function aim(state: State, firer: number, target: number): State {
  if (state.aimed.length === 0) return state;
  const aimed = state.aimed.slice();
  aimed[firer] = target;
  return { ...state, aimed };
}

/** 5.14: `firer` has announced its own weapon at `target`, or its Dual Fire weapon (`dual`). */
function announced(state: State, firer: number, target: number, dual: boolean): State {
  return { ...state, units: withUnit(state.units, firer, dual ? { dualFired: true } : { firedAt: target }) };
}

/** 4.4.1: `firer` announces its direct fire at `target`, opening a salvo at it or joining the one announced; its command is revealed. */
function joinSalvo(sc: Scenario, state: State, firer: number, target: number, gp: boolean, dual: boolean, log: Log): State {
  const salvo = state.salvo ?? { target, shots: [], resolving: false };
  log?.push(`${unitName(sc, firer)} announces ${dual ? 'Dual Fire ' : ''}${gp ? 'GP ' : ''}fire at ${unitName(sc, target)}`);
  const f = state.units[firer]!;
  // 6.6.7.2: a passenger's announced fire shows the command of its carrier (it fires on that command).
  const units = f.status === MOUNTED ? withUnit(state.units, f.carrier, { shown: true }) : state.units;
  return {
    ...aim(state, firer, target),
    units: withUnit(units, firer, dual ? { shown: true, dualFired: true } : { shown: true, firedAt: target }),
    salvo: { ...salvo, shots: [...salvo.shots, { firer, gp, dual }] },
  };
}

/**
 * 4.4.1: the next shot of a salvo being resolved, or the salvo's end (its target engaged for the rest of
 * the step). A firer whose target is already destroyed is held to have fired at it: no roll, SPOT/FIRE.
 */
function resolveSalvoShot(sc: Scenario, state: State, rng: Rng, log: Log): State {
  const salvo = state.salvo!;
  const [shot, ...rest] = salvo.shots;
  if (shot === undefined) return { ...state, salvo: null, engaged: [...state.engaged, salvo.target] };
  const s: State = { ...state, salvo: { ...salvo, shots: rest, resolving: true } };
  if (alive(s.units[salvo.target]!)) return announce(sc, s, shot.firer, salvo.target, false, shot.gp, shot.dual, rng, log);
  const d = sc.units[shot.firer]!;
  const smallArms = shot.gp ? d.gp.length > 0 && d.gp.every((g) => g.smallArms) : d.apSmallArms;
  log?.push(`${unitName(sc, shot.firer)} fires at ${unitName(sc, salvo.target)}, already destroyed`);
  const fired: State = {
    ...s,
    units: withUnit(s.units, shot.firer, { fired: true, shown: true, mark: smallArms ? SPOT_FIRE_SA : SPOT_FIRE }),
  };
  return fired.units[shot.firer]!.status === MOUNTED ? markCarrierFire(fired, shot.firer) : fired;
}

/** A shot announced: the target's owner may first reveal MOVE / SHORT HALT for the moving modifier (4.4.3.2.2). */
function announce(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  gp: boolean,
  dual: boolean,
  rng: Rng,
  log: Log,
): State {
  const t = state.units[target]!;
  // 6.6.4.3: a crawling unit is not moving for combat: nothing to reveal.
  if ((t.cmd === MOVE || t.cmd === SHORT_HALT) && t.ordered && !t.movingShown && !t.crawled)
    return { ...state, pending: { firer, target, overwatch, gp, dual } };
  return fireShot(sc, state, firer, target, overwatch, gp, dual, rng, log);
}

/** An AP shot (4.4.3) or a GP shot (6.5.4); the target is under fire this turn (6.8.3.1.2). */
function fireShot(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  gp: boolean,
  dual: boolean,
  rng: Rng,
  log: Log,
): State {
  const s: State = sc.modules.gpFire ? { ...state, units: withUnit(state.units, target, { underFire: true }) } : state;
  if (!gp) return resolveShot(sc, s, firer, target, overwatch, dual, rng, log);
  let after = applyGpShot(sc, s, firer, target, overwatch, rng, log, unitName, dual);
  // 6.5.4.2.3: GP fire at a carrier attacks each of its passengers too, each with its own roll.
  for (const p of passengersOf(s, target)) after = applyGpShot(sc, after, firer, p, overwatch, rng, log, unitName, dual);
  return afterShot(sc, state, after, firer, target, overwatch);
}

/**
 * 4.4.3.2: one AP shot: hit on d100 at or under the hit number, then damage by the armor margin; the firer
 * is marked SPOT/FIRE and its command shown (4.4.1). An overwatch shot opens the other side's overwatch
 * at the firer (cascade, 4.4.2).
 */
function resolveShot(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  dual: boolean,
  rng: Rng,
  log: Log,
): State {
  const t = state.units[target]!;
  const moving = t.movingShown && (t.cmd === MOVE || t.cmd === SHORT_HALT);
  const fig = shotFigures(sc, state, firer, target, overwatch, moving, dual);
  const roll = d100(rng);
  const f = state.units[firer]!;
  let units: readonly Unit[] = withUnit(state.units, firer, {
    fired: true,
    shown: true,
    // 6.1.3: small arms only leave SPOT/FIRE SA; a SPOT/FIRE from this turn's other weapon stays (5.14).
    mark: sc.units[firer]!.apSmallArms && !(f.fired && f.mark === SPOT_FIRE) ? SPOT_FIRE_SA : SPOT_FIRE,
  });
  let wrecks = state.wrecks;
  let result = 'miss';
  let bail: BailCause | null = null;
  if (roll <= fig.hitNumber && (sc.modules.agHits || sc.modules.hullDown)) {
    const effect = advancedApHit(sc, state, units, wrecks, firer, target, fig.band, fig.margin, rng);
    ({ units, wrecks, result, bail } = effect);
  } else if (roll <= fig.hitNumber) {
    const dmg = damageOf(fig.margin);
    const cur = units[target]!;
    if (dmg < 0) result = 'hit, no penetration';
    else {
      const status = dmg === 2 ? BREWED_UP : dmg === 1 || cur.status === DAMAGED ? KNOCKED_OUT : DAMAGED;
      units = withUnit(units, target, { status });
      result = status === DAMAGED ? 'hit: DAMAGED' : status === KNOCKED_OUT ? 'hit: KNOCKED OUT' : 'hit: BREWED UP';
      wrecks = withWreck(wrecks, cur.hex, status);
      if (status === DAMAGED) bail = 'damaged';
    }
  }
  log?.push(
    `${unitName(sc, firer)} ${overwatch ? 'overwatch-fires' : 'fires'}${dual ? ' its Dual Fire weapon' : ''} at ${unitName(sc, target)}: band ${'PSMLE'[fig.band]}, modifier ${fig.modifier >= 0 ? '+' : ''}${fig.modifier}, hit on ${fig.hitNumber}, rolled ${roll}: ${result}`,
  );
  let after: State = { ...state, units, wrecks };
  // 6.5.2.6.1: the crew may bail out, checked at once.
  if (bail !== null) after = checkBailOut(sc, after, target, bail, rng, log, unitName);
  return afterShot(sc, state, after, firer, target, overwatch);
}

/** After a shot: an overwatch shot opens the other side's overwatch at the firer (cascade, 4.4.2); a mover damaged or suppressed loses half its remaining MF at once (3.7, 6.6.2). */
function afterShot(sc: Scenario, before: State, after: State, firer: number, target: number, overwatch: boolean): State {
  let s = after;
  // 6.6.7.2: a passenger's fire is seen as its carrier's.
  const carrier = before.units[firer]!.status === MOUNTED ? before.units[firer]!.carrier : -1;
  if (carrier >= 0) s = markCarrierFire(s, firer);
  if (overwatch) {
    const reactions = [...s.reactions, { seat: 1 - sc.units[firer]!.side, targets: [carrier >= 0 ? carrier : firer] }];
    s = { ...s, reactions };
  }
  return slowMover(sc, before, s, target);
}

/** 3.7, 6.6.2: a mover damaged or suppressed by an attack loses half its remaining MF at once; an immobilized one stops. */
function slowMover(sc: Scenario, before: State, after: State, target: number): State {
  if (before.mover < 0 || target !== before.mover) return after;
  let s = after;
  const was = before.units[target]!;
  const now = s.units[target]!;
  if ((movementDamaged(sc, now) && !movementDamaged(sc, was)) || (now.sup !== 0 && was.sup === 0))
    s = { ...s, allowance: Math.max(1, Math.floor(s.allowance / 2)) };
  if (now.immobile) s = { ...s, route: [] };
  return s;
}

/** Starts the move of vehicle u to a destination: SPOT/MOVE, command shown (4.5.1); steps follow in advance(). */
function startMove(sc: Scenario, state: State, u: number, where: string, facing: string | undefined, log: Log, quick = false): State {
  const dests = quick ? legDestinations(sc, state, u, true) : destinations(sc, state, u);
  const d = where.startsWith('x')
    ? dests.find((x) => x.hex < 0 && x.steps.at(-1)!.hex === Number(where.slice(1)))
    : dests.find((x) => x.hex === Number(where) && x.facing === Number(facing));
  if (d === undefined) throw new IllegalActionError(`m:${u}:${where}`, 'no such destination');
  const unit = state.units[u]!;
  const mf = quick ? sc.units[u]!.quickmarch : moveAllowance(sc, state, u, d.road);
  log?.push(
    `${unitName(sc, u)} ${quick ? 'quickmarches' : 'moves'}${d.road ? ' by road' : ''}: ${d.steps.length === 0 ? 'stays in place' : d.steps.map((s) => (s.kind === 'exit' ? 'off the map' : s.kind === 'turn' ? `turn ${FACINGS[s.facing]}` : sc.map.grid.label(s.hex))).join(' ')}`,
  );
  // A no-move move is still a move the other side's overwatch may answer (4.5.1.1.8): one step in place.
  const steps = d.steps.length > 0 ? d.steps : [{ kind: 'turn' as const, hex: unit.hex, facing: unit.facing, spent: 0 }];
  const moving: State = {
    ...state,
    // A unit that moves leaves Full Cover (a crawl, 6.6.4.3, keeps it: startCrawl) and its hull down position (6.6.9).
    units: withUnit(state.units, u, { mark: SPOT_MOVE, shown: true, movingShown: true, fc: false, hd: NOT_HULL_DOWN }),
    mover: u,
    route: steps,
    allowance: Math.max(mf, d.steps.at(-1)?.spent ?? 0),
    barrageHits: 0,
    quick,
  };
  // 6.6.7.1.2: passengers may bail out in the hex the move starts from too.
  return bailOutOffered(sc, moving) ? { ...moving, bailOpen: true } : moving;
}

/**
 * 6.6.1.1, 6.6.1.2 Advancing Attack: leg unit u announces its attack on `target` and moves one hex to h; the
 * step is a move the other side's overwatch answers (resolved before the attack, in advance()).
 */
function startAdvance(sc: Scenario, state: State, u: number, h: number, target: number, log: Log): State {
  const st = advanceStep(sc, state, u, h);
  log?.push(`${unitName(sc, u)} advances to ${sc.map.grid.label(h)} to attack ${unitName(sc, target)}`);
  return {
    ...state,
    units: withUnit(state.units, u, { mark: SPOT_MOVE, shown: true, movingShown: true, fc: false }),
    mover: u,
    route: [{ kind: 'enter', hex: st.hex, facing: st.facing, spent: st.cost }],
    allowance: st.cost,
    closing: target,
    barrageHits: 0,
  };
}

/**
 * 6.6.4.3: leg unit u crawls one hex: it keeps its Full Cover, takes no SPOT/MOVE and is not moving for
 * combat (no moving modifier, no reveal); GP fire at it this turn takes +10.
 */
function startCrawl(sc: Scenario, state: State, u: number, to: number, facing: number, log: Log): State {
  const d = crawlDestinations(sc, state, u).find((x) => x.hex === to && x.facing === facing);
  if (d === undefined) throw new IllegalActionError(`m:${u}:${to}:${facing}:c`, 'no such crawl');
  log?.push(`${unitName(sc, u)} crawls to ${sc.map.grid.label(to)}`);
  return {
    ...state,
    units: withUnit(state.units, u, { shown: true, crawled: true }),
    mover: u,
    route: d.steps,
    allowance: d.cost,
    barrageHits: 0,
  };
}

/**
 * 6.6.10 Overrun: vehicle v announces its Overrun of `target` and moves next to it; each step draws the other
 * side's overwatch as any move; the step into the target's hex is the Overrun itself (in advance()).
 */
function startOverrun(sc: Scenario, state: State, v: number, target: number, log: Log): State {
  const a = overrunApproach(sc, state, v, target);
  if (a === null) throw new IllegalActionError(`R:${v}:${target}`, 'no way to overrun');
  log?.push(`${unitName(sc, v)} moves to overrun ${unitName(sc, target)} from ${sc.map.grid.label(a.hex)}`);
  const moving: State = {
    ...state,
    units: withUnit(state.units, v, { mark: SPOT_MOVE, shown: true, movingShown: true, fc: false, hd: NOT_HULL_DOWN }),
    mover: v,
    route: a.steps,
    allowance: moveAllowance(sc, state, v, false),
    closing: target,
    barrageHits: 0,
  };
  return bailOutOffered(sc, moving) ? { ...moving, bailOpen: true } : moving;
}

/**
 * 6.6.9: vehicle u spends its whole move searching its hex for a hull down position, turning to face
 * `facing`: the turn is a step the other side's overwatch may answer; the roll comes when the move ends.
 */
function startSearch(sc: Scenario, state: State, u: number, facing: number, kind: number, log: Log): State {
  const unit = state.units[u]!;
  log?.push(
    `${unitName(sc, u)} searches ${sc.map.grid.label(unit.hex)} for ${kind === HULL_DOWN ? 'hull down' : 'partial hull down'}, facing ${FACINGS[facing]}`,
  );
  return {
    ...state,
    units: withUnit(state.units, u, { mark: SPOT_MOVE, shown: true, movingShown: true, hd: NOT_HULL_DOWN }),
    mover: u,
    route: [{ kind: 'turn', hex: unit.hex, facing, spent: 0 }],
    allowance: moveAllowance(sc, state, u, false),
    search: kind,
    barrageHits: 0,
  };
}

/** The end of a search for hull down (6.6.9): roll(100) with the modifiers within the terrain's Hull Dn range finds it. */
function endSearch(sc: Scenario, s: State, rng: Rng, log: Log): State {
  const u = s.mover;
  const unit = s.units[u]!;
  if (!alive(unit) || unit.immobile) return { ...s, search: 0 };
  const roll = d100(rng);
  const found = searchFinds(sc, s, u, s.search, roll);
  log?.push(
    `${unitName(sc, u)} hull down search: rolled ${roll}${searchModifier(sc, u, s.search) >= 0 ? '+' : ''}${searchModifier(sc, u, s.search)} against 01-${hullDownRange(sc, unit.hex)}: ${found ? 'found' : 'none found'}`,
  );
  return { ...s, search: 0, units: found ? withUnit(s.units, u, { hd: s.search }) : s.units };
}

/** 6.6.4.2: at the end of a quickmarch roll(100): within the Unit Grade's Quickmarch range the unit is suppressed (SUPPRESSION/ON). */
function endQuickmarch(sc: Scenario, s: State, rng: Rng, log: Log): State {
  const u = s.mover;
  const unit = s.units[u]!;
  if (!alive(unit)) return { ...s, quick: false };
  const roll = d100(rng);
  const range = quickmarchRange(sc, u) ?? 0;
  const suppressed = roll <= range;
  log?.push(`${unitName(sc, u)} quickmarch: rolled ${roll} against 01-${range}: ${suppressed ? 'suppressed' : 'not suppressed'}`);
  return { ...s, quick: false, units: suppressed ? withUnit(s.units, u, { sup: SUPPRESSION_ON }) : s.units };
}

/** One step of the move under way; the step is allowed while MF last (a damaged mover may have to stop). */
function takeStep(sc: Scenario, state: State, log: Log): State {
  const u = state.mover;
  const step = state.route[0]!;
  const rest = state.route.slice(1);
  if (step.spent > state.allowance) {
    log?.push(`${unitName(sc, u)} stops: its movement factor is spent`);
    return { ...state, route: [] };
  }
  if (step.kind === 'exit') {
    log?.push(`${unitName(sc, u)} leaves the map`);
    return { ...state, units: withUnit(state.units, u, { status: EXITED }), route: [] };
  }
  let units = carryPassengers(withUnit(state.units, u, { hex: step.hex, facing: step.facing }), u, step.hex, step.facing);
  if (step.kind === 'enter' && sc.units[u]!.armed) {
    // 4.5.1.1.10: an armed vehicle entering a hex of enemy unarmed vehicles only knocks them out.
    const side = sc.units[u]!.side;
    const enemies = units.map((_, i) => i).filter((i) => alive(units[i]!) && units[i]!.hex === step.hex && sc.units[i]!.side !== side);
    if (enemies.length > 0 && enemies.every((i) => !sc.units[i]!.armed)) {
      let wrecks = state.wrecks;
      for (const i of enemies) {
        units = withUnit(units, i, { status: KNOCKED_OUT });
        log?.push(`${unitName(sc, i)} is overrun and knocked out`);
      }
      if (wrecks[step.hex] === 0) {
        const next = wrecks.slice();
        next[step.hex] = KO_WRECK;
        wrecks = next;
      }
      return { ...state, units, wrecks, route: rest };
    }
  }
  return { ...state, units, route: rest };
}

// --- The sequence ---------------------------------------------------------------------------------

/** Goes on from `state` to the next decision, resolving what needs none (rolls come from `rng`). */
function advance(sc: Scenario, state: State, rng: Rng, log: Log): State {
  let s = state;
  for (let guard = 0; guard < 10000; guard++) {
    if (s.phase === 'over') break;
    // 6.5.2.6.2: passengers of a carrier that has left play escape or are lost at once.
    if (sc.modules.transport) s = passengerFates(sc, s, rng, log, unitName);
    if (s.pending !== null) break;
    if (s.reactions.length > 0) {
      const r = s.reactions.at(-1)!;
      if (overwatchShots(sc, s, r).length > 0 || overwatchGpShots(sc, s, r).length > 0) break;
      s = { ...s, reactions: s.reactions.slice(0, -1) };
      continue;
    }
    if (sideGone(sc, s)) {
      s = endGame(sc, s, log);
      break;
    }
    if (s.phase === 'command') {
      if (commandable(sc, s, s.commandSeat).some((u) => !s.units[u]!.ordered)) break;
      if (sc.batteries.length > 0 && unplotted(sc, s, s.commandSeat) >= 0) break;
      if (s.commandSeat === 0) {
        s = { ...s, commandSeat: 1 };
        continue;
      }
      // 6.2.1.1.4: the shared counters lie on the map from now on (their commands stay face down).
      if (sc.modules.commandControl) s = { ...s, shared: sharedCounters(sc, s), aimed: s.units.map(() => -1) };
      s = initiative(sc, s, rng, log);
      continue;
    }
    if (s.phase === 'choose') break;
    if (s.phase === 'indirect') {
      // 6.5.1: each player's Indirect Fire Step: its Planned fire and automatic checks, then its calls.
      if (!s.ifOpen) {
        s = openStep(sc, s, rng, log, unitName);
        continue;
      }
      if (indirectActions(sc, s, s.stepSeat).length > 1) break;
      s = closeStep(sc, s, log, unitName);
      continue;
    }
    if (s.phase === 'cover') {
      // 6.8.2: each seat with eligible units decides; then the rest of the Adjustment Phase.
      if (s.stepSeat >= 0 && adjustActions(sc, s, s.stepSeat).length > 0) break;
      if (s.stepSeat >= 0 && s.stepSeat !== s.first) {
        s = { ...s, stepSeat: s.first };
        continue;
      }
      s = adjustment(sc, s, rng, log);
      if (s.phase === 'over') break;
      s = spottingPhase(sc, s);
      continue;
    }
    if (s.phase === 'fire') {
      if (s.owStage === 0) {
        if (s.salvo !== null) {
          // 4.4.1: the salvo waits while other shots may join it; then its shots are resolved in turn.
          if (!s.salvo.resolving && anyDirectShot(sc, s)) break;
          s = resolveSalvoShot(sc, s, rng, log);
          continue;
        }
        if (anyDirectShot(sc, s)) break;
        if (s.stepSeat === s.first) {
          s = { ...s, stepSeat: 1 - s.first, engaged: [] };
          continue;
        }
        s = { ...s, owStage: 1, engaged: [], reactions: [{ seat: s.first, targets: firedBy(sc, s, 1 - s.first) }] };
        continue;
      }
      if (s.owStage === 1) {
        s = { ...s, owStage: 2, reactions: [{ seat: 1 - s.first, targets: firedBy(sc, s, s.first) }] };
        continue;
      }
      s = sc.modules.closeAssault
        ? { ...s, phase: 'assault', stepSeat: s.first, owStage: 0 }
        : { ...s, phase: 'move', stepSeat: 1 - s.first, owStage: 0 };
      continue;
    }
    if (s.phase === 'assault' && s.mover < 0) {
      // 6.6.1: a seat with an attack open decides (attack or hold); a seat without passes at once.
      if (closeCombatActions(sc, s, s.stepSeat).length > 0) break;
      s = s.stepSeat === s.first ? { ...s, stepSeat: 1 - s.first } : { ...s, phase: 'move', stepSeat: 1 - s.first, owStage: 0 };
      continue;
    }
    // Movement Phase.
    if (s.mover >= 0) {
      // 6.6.7.1.2: the bail out offer waits for the mover's side while it still has unsuppressed passengers.
      if (s.bailOpen) {
        if (bailOutOffered(sc, s)) break;
        s = { ...s, bailOpen: false };
        continue;
      }
      if (!alive(s.units[s.mover]!) || s.route.length === 0) {
        if (s.search !== 0) s = endSearch(sc, s, rng, log);
        if (s.quick) s = endQuickmarch(sc, s, rng, log);
        const mover = s.mover;
        s = { ...s, units: withUnit(s.units, mover, { moved: true }), mover: -1, route: [] };
        // 6.6.1.1, 6.6.1.2: an Advancing Attack follows its move and the overwatch fire at it.
        if (s.closing >= 0) s = isLegOrTowed(sc.units[mover]!) ? finishAdvance(sc, s, mover, rng, log, unitName) : { ...s, closing: -1 };
        continue;
      }
      // 6.6.10: the step into the target's hex is the Overrun (no overwatch fire at it).
      if (s.closing >= 0 && s.route.length === 1 && !isLegOrTowed(sc.units[s.mover]!)) {
        s = resolveOverrun(sc, s, rng, log, unitName);
        continue;
      }
      const from = s.units[s.mover]!.hex;
      s = takeStep(sc, s, log);
      // 6.6.6: moving into a Barrage (a search for hull down in one too) draws its fire at once, before overwatch.
      if (s.missions.length > 0 && alive(s.units[s.mover]!) && (s.units[s.mover]!.hex !== from || s.search !== 0)) {
        const before = s;
        s = slowMover(sc, before, barrageOnEntry(sc, s, s.mover, s.units[s.mover]!.hex, rng, log, unitName), s.mover);
      }
      const m = s.units[s.mover]!;
      if (alive(m)) {
        const r: Reaction = { seat: 1 - sc.units[s.mover]!.side, targets: [s.mover] };
        if (overwatchShots(sc, s, r).length > 0 || overwatchGpShots(sc, s, r).length > 0) s = { ...s, reactions: [r] };
      }
      // 6.6.7.1.2: after the step (and any overwatch fire at it) its passengers may bail out.
      if (bailOutOffered(sc, s)) s = { ...s, bailOpen: true };
      continue;
    }
    if (movers(sc, s, s.stepSeat).length > 0) break;
    if (s.stepSeat !== s.first) {
      s = { ...s, stepSeat: s.first };
      continue;
    }
    if (sc.modules.legTowed && s.phase === 'move') {
      s = { ...s, phase: 'cover', stepSeat: 1 - s.first };
      continue;
    }
    s = adjustment(sc, s, rng, log);
    if (s.phase === 'over') break;
    s = spottingPhase(sc, s);
  }
  return log === null || log.length === 0 ? s : { ...s, events: log };
}

/** Units of `seat` that fired this turn (targets of the other side's overwatch in the Combat Phase, 4.4.2). */
function firedBy(sc: Scenario, s: State, seat: number): number[] {
  const out = new Set<number>();
  s.units.forEach((u, i) => {
    if (sc.units[i]!.side !== seat || !u.fired) return;
    if (alive(u)) out.add(i);
    // 6.6.7.2: a passenger that fired is seen as its carrier.
    else if (u.status === MOUNTED && alive(s.units[u.carrier]!)) out.add(u.carrier);
  });
  return [...out].sort((a, b) => a - b);
}

/** 4.3.1: each side rolls d100, ties rolled again; the higher chooses First or Second Player. */
function initiative(sc: Scenario, s: State, rng: Rng, log: Log): State {
  let a = 0;
  let b = 0;
  // 6.3.1: with command control each roll takes its Force Grade modifier; ties of the net rolls are rolled again.
  const ma = initiativeModifier(sc, 0);
  const mb = initiativeModifier(sc, 1);
  do {
    a = d100(rng) + ma;
    b = d100(rng) + mb;
  } while (a === b);
  const chooser = a > b ? 0 : 1;
  log?.push(`Initiative: ${sc.sides[0]!.name} ${a}, ${sc.sides[1]!.name} ${b}: ${sc.sides[chooser]!.name} chooses`);
  return { ...s, phase: 'choose', chooser, initiativeRolls: [a, b], initiativeTurn1: s.turn === 1 ? chooser : s.initiativeTurn1 };
}

/** 4.1.1, 4.1.5: who is spotted; SPOT markers come off vehicles no enemy spots. */
function spottingPhase(sc: Scenario, s: State): State {
  const units = s.units.map((u, i) => {
    if (!alive(u)) return u;
    const spotted = spottedBySide(sc, s, i);
    return spotted === u.spotted && (spotted || u.mark === NO_MARK) ? u : { ...u, spotted, mark: spotted ? u.mark : NO_MARK };
  });
  return { ...s, units, phase: 'command', commandSeat: 0 };
}

/**
 * 4.6.1: unexecuted FIRE / SHORT HALT / MOVE is an illegal play and leaves SPOT/FIRE or SPOT/MOVE; commands
 * come off. 3.6: objective control. 4.6.2: the last turn ends the game.
 */
function adjustment(sc: Scenario, before: State, rng: Rng, log: Log): State {
  // 6.8.3, 6.8.4: suppression recovery and ON to OFF, before the commands come off.
  const s = sc.modules.gpFire ? recoverSuppression(sc, before, rng, log, unitName) : before;
  const units = s.units.map((u) => {
    let mark = u.mark;
    if (alive(u) && u.ordered) {
      if ((u.cmd === FIRE || u.cmd === SHORT_HALT) && !u.fired) mark = SPOT_FIRE;
      else if (u.cmd === MOVE && !u.moved) mark = SPOT_MOVE;
    }
    return {
      ...u,
      mark,
      cmd: NC,
      ordered: false,
      shown: false,
      movingShown: false,
      fired: false,
      firedAt: -1,
      dualFired: false,
      moved: false,
      transferred: false,
      crawled: false,
    };
  });
  let next: State = {
    ...s,
    units,
    // 6.8.4: SMOKE/ON to SMOKE/OFF, SMOKE/OFF off.
    smoke: adjustSmoke(s.smoke),
    first: -1,
    stepSeat: -1,
    reactions: [],
    pending: null,
    salvo: null,
    engaged: [],
    mover: -1,
    route: [],
    calls: [],
    ifOpen: false,
    shared: [],
    aimed: [],
  };
  next = objectiveControl(sc, next, log);
  if (next.turn >= sc.turns) return endGame(sc, next, log);
  return { ...next, turn: next.turn + 1 };
}

/** 3.6: a side alone on an objective at the end of two turns in a row controls it until the other side does. */
function objectiveControl(sc: Scenario, s: State, log: Log): State {
  const control = s.control.slice();
  const occupant = sc.objectives.map((o, k) => {
    const sides = new Set<number>();
    s.units.forEach((u, i) => {
      if (alive(u) && u.hex === o.hex && sc.units[i]!.armed) sides.add(sc.units[i]!.side);
    });
    const only = sides.size === 1 ? [...sides][0]! : -1;
    if (only >= 0 && s.occupant[k] === only && control[k] !== only) {
      control[k] = only;
      log?.push(`${sc.sides[only]!.name} takes the objective at ${sc.map.grid.label(o.hex)}`);
    }
    return only;
  });
  return { ...s, control, occupant };
}

function sideGone(sc: Scenario, s: State): boolean {
  return [0, 1].some((seat) => !s.units.some((u, i) => sc.units[i]!.side === seat && alive(u)));
}

function endGame(sc: Scenario, s: State, log: Log): State {
  const vp = victoryPoints(sc, s);
  log?.push(`Game over: ${sc.sides[0]!.name} ${vp[0]} VP, ${sc.sides[1]!.name} ${vp[1]} VP`);
  return { ...s, phase: 'over', reactions: [], pending: null, salvo: null };
}

/** Victory points: PTS of enemy vehicles knocked out or brewed up, objectives held, own vehicles exited. */
export function victoryPoints(sc: Scenario, s: State): number[] {
  const vp: number[] = [0, 0];
  s.units.forEach((u, i) => {
    const d = sc.units[i]!;
    // 5.15: an abandoned vehicle is out of action for good and scores like a destroyed one (ruling PZ-R34).
    if (u.status === KNOCKED_OUT || u.status === BREWED_UP || u.status === ELIMINATED || u.status === BAILED_OUT) vp[1 - d.side]! += d.pts;
    if (u.status === EXITED) vp[d.side]! += d.pts * sc.sides[d.side]!.exitVp;
  });
  sc.objectives.forEach((o, k) => {
    if (s.control[k]! >= 0) vp[s.control[k]!]! += o.vp;
  });
  return vp;
}

// --- Words ----------------------------------------------------------------------------------------

export function unitName(sc: Scenario, u: number): string {
  return `#${u} ${sc.units[u]!.name}`;
}

export function describePanzerAction(sc: Scenario, state: State, action: string): string {
  const p = action.split(':');
  const grid = sc.map.grid;
  switch (p[0]) {
    case 'o':
      return `order ${unitName(sc, Number(p[1]))}: ${COMMAND_NAMES[COMMAND_LETTERS.indexOf(p[2] as never)]}`;
    case 'O': {
      const units = commandable(sc, state, state.commandSeat);
      return `orders: ${units.map((u, k) => `#${u} ${COMMAND_NAMES[COMMAND_LETTERS.indexOf(p[1]![k] as never)]}`).join(', ')}`;
    }
    case 'first':
      return 'be First Player (fire first, move last)';
    case 'second':
      return 'be Second Player (fire second, move first)';
    case 'f':
      return `${unitName(sc, Number(p[1]))} announces fire at ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'g':
      return `${unitName(sc, Number(p[1]))} announces ${p[3] === 'd' ? 'Dual Fire ' : ''}GP fire at ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'v':
      return `${unitName(sc, Number(p[1]))} overwatch-fires ${p[3] === 'd' ? 'Dual Fire ' : ''}GP at ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'w':
      return `${unitName(sc, Number(p[1]))} overwatch-fires at ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'pass':
      return 'hold overwatch fire';
    case 'resolve':
      return state.salvo ? `resolve the fire announced at ${unitName(sc, state.salvo.target)}` : 'resolve the fire announced';
    case 'c': {
      const units = fullCoverEligible(sc, state, state.stepSeat);
      const inFc = units.filter((_, k) => p[1]![k] === 'F');
      const cover = inFc.length === 0 ? 'no unit in Full Cover' : `Full Cover: ${inFc.map((u) => `#${u}`).join(' ')}`;
      return p[2] === 'p' ? `leg and towed units face their nearest spotted enemy; ${cover}` : cover;
    }
    case 'reveal':
      return `reveal the MOVE of ${state.pending ? unitName(sc, state.pending.target) : 'the target'} (fire at it takes the moving modifier)`;
    case 'conceal':
      return `keep the command of ${state.pending ? unitName(sc, state.pending.target) : 'the target'} face down`;
    case 'a':
      return `${unitName(sc, Number(p[1]))} ${sc.units[Number(p[2])]!.kind === 'vehicle' ? 'close-assaults' : 'attacks hand to hand'} ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'A':
      return `${unitName(sc, Number(p[1]))} advances to ${grid.label(Number(p[2]))} and ${sc.units[Number(p[3])]!.kind === 'vehicle' ? 'close-assaults' : 'attacks hand to hand'} ${unitName(sc, Number(p[3]))} in ${grid.label(state.units[Number(p[3])]!.hex)}`;
    case 'R':
      return `${unitName(sc, Number(p[1]))} overruns ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'D':
      return `${unitName(sc, Number(p[1]))} dismounts and ${sc.units[Number(p[2])]!.kind === 'vehicle' ? 'close-assaults' : 'attacks hand to hand'} ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'hold':
      return 'no more close assaults or hand-to-hand attacks this turn';
    case 'b':
      return `${unitName(sc, Number(p[1]))} mounts ${unitName(sc, Number(p[2]))} in ${grid.label(state.units[Number(p[2])]!.hex)}`;
    case 'd':
      return `${unitName(sc, Number(p[1]))} dismounts its passengers in ${grid.label(state.units[Number(p[1])]!.hex)}`;
    case 'e': {
      const c = state.units[Number(p[1])]!.carrier;
      return `${unitName(sc, Number(p[1]))} bails out of ${unitName(sc, c)} in ${grid.label(state.units[c]!.hex)} (suppressed)`;
    }
    case 'go':
      return `${state.mover >= 0 ? unitName(sc, state.mover) : 'the carrier'} carries on moving with its passengers aboard`;
    case 'h':
      return `${unitName(sc, Number(p[1]))} searches ${grid.label(state.units[Number(p[1])]!.hex)} for ${p[3] === 'P' ? 'partial hull down' : 'hull down'}, ending facing ${FACINGS[Number(p[2])]}`;
    case 'P': {
      const b = sc.batteries[Number(p[1])]!;
      const plan = b.plans[Number(p[2])]!;
      // 6.5.1.11.3: the plotted shifts of its later turns.
      const shifts = plan.hexes.filter((h, k) => k > 0 && h !== plan.hexes[k - 1]).map((h) => grid.label(h));
      return `plot Planned fire of ${b.name} on ${grid.label(plan.hex)}, turn ${plan.turn}, ${plan.sheaf} SHEAF, ${plan.duration} turn(s)${shifts.length > 0 ? `, shifting to ${shifts.join(' then ')}` : ''}`;
    }
    case 'i':
      return `${unitName(sc, Number(p[1]))} calls ${sourceName(sc, parseSource(p[2]!), unitName)} onto ${grid.label(Number(p[3]))}, ${sheafName(p[4]!)} SHEAF${p[5] === 's' ? ', Smoke' : ''}`;
    case 'j': {
      const m = state.missions[Number(p[1])]!;
      return `continue the fire of ${sourceName(sc, m, unitName)} on ${grid.label(m.hex)}${p[2] === 'x' ? (m.smoke ? ', now GP' : ', now Smoke') : ''}`;
    }
    case 'y': {
      const m = state.missions[Number(p[1])]!;
      return `adjust the fire of ${sourceName(sc, m, unitName)} from ${grid.label(m.hex)} to ${grid.label(Number(p[2]))}, ${sheafName(p[3]!)} SHEAF${p[4] === 's' ? ', Smoke' : ''}`;
    }
    case 'done':
      return 'end the Indirect Fire Step (missions not continued are checked)';
    case 'F': {
      const b = sc.batteries[Number(p[1])]!;
      const plan = b.plans[state.plots[Number(p[1])]!]!;
      return `announce the Planned fire of ${b.name} on ${grid.label(plan.hex)} now (plotted for turn ${plan.turn})`;
    }
    case 'm': {
      const u = Number(p[1]);
      if (p[2]!.startsWith('x')) return `${unitName(sc, u)} leaves the map from ${grid.label(Number(p[2]!.slice(1)))}`;
      const h = Number(p[2]);
      const f = FACINGS[Number(p[3])];
      return h === state.units[u]!.hex
        ? `${unitName(sc, u)} stays in ${grid.label(h)} facing ${f}`
        : `${unitName(sc, u)} ${p[4] === 'q' ? 'quickmarches' : 'moves'} to ${grid.label(h)} facing ${f}`;
    }
  }
  return action;
}

/** A short stable digest of everything that affects play. */
export function panzerStateHash(s: State): string {
  return textDigest(JSON.stringify({ ...s, events: undefined }));
}
