/**
 * Advanced Game transport (6.6.7), the scenario switch "transport": vehicles with a Transport Capacity
 * carry leg units and tow one towed unit. A passenger is MOUNTED: it moves with its carrier and is out of
 * play on its own (no command, no spotting, no fire, never a target of its own, ruling PZ-R51). It mounts
 * by its MOVE (6.6.7.1.1), the carrier dismounts its passengers as part of its own move, each costing a
 * carrier with MOVE or SHORT HALT half its MF. GP fire at a carrier attacks each passenger too (6.5.4.2.3);
 * when the carrier is knocked out or brewed up each passenger rolls to escape (6.5.2.6.2). During its
 * carrier's move an unsuppressed passenger may bail out, suppressed (6.6.7.1.2); a squad or section aboard
 * a carrier whose command is not MOVE fires from it through the GP and AP fire code, with the Transported
 * Combat modifier (6.6.7.2).
 */
import type { Rng } from '../../../core/game.js';
import type { Step } from '../state.js';
import {
  alive,
  BAILED_OUT,
  BREWED_UP,
  ELIMINATED,
  EXITED,
  FIRE,
  MOUNTED,
  NC,
  NO_MARK,
  NOT_SUPPRESSED,
  OK,
  OVERWATCH,
  SHORT_HALT,
  SPOT_FIRE,
  SPOT_FIRE_SA,
  SPOT_MOVE,
  SUPPRESSION_ON,
  type State,
  type Unit,
  withUnit,
} from '../state.js';
import type { Scenario } from '../scenario.js';
import { bailOutGradeModifier } from './command-control.js';

type Log = string[] | null;
type Namer = (sc: Scenario, u: number) => string;

/** The passengers aboard vehicle v. */
export function passengersOf(state: State, v: number): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.status === MOUNTED && u.carrier === v) out.push(i);
  });
  return out;
}

/**
 * 6.6.7.1: whether vehicle v has room for passenger p: its Transport Capacity at least the Passenger
 * Capacity of all it carries, leg components added up, and one towed unit at most.
 */
export function hasRoom(sc: Scenario, state: State, v: number, p: number): boolean {
  const cap = sc.units[v]!.transport;
  const pc = sc.units[p]!.passenger;
  if (cap === null || pc === null) return false;
  const aboard = passengersOf(state, v);
  if (sc.units[p]!.kind === 'towed' && (pc.towed > cap.towed || aboard.some((x) => sc.units[x]!.kind === 'towed'))) return false;
  const leg = aboard.reduce((a, x) => a + sc.units[x]!.passenger!.leg, pc.leg);
  return leg <= cap.leg;
}

/** Whether vehicle v tows a gun now (6.6.7.1: it may not move in reverse). */
export function towing(sc: Scenario, state: State, v: number): boolean {
  return sc.modules.transport && passengersOf(state, v).some((x) => sc.units[x]!.kind === 'towed');
}

/** Whether a route takes a reverse step: entering the hex behind the vehicle with its facing kept (4.5.1.1.7). */
export function reverses(sc: Scenario, hex: number, facing: number, steps: readonly Step[]): boolean {
  let h = hex;
  let f = facing;
  for (const s of steps) {
    if (s.kind === 'enter' && s.facing === f && sc.map.grid.neighbour(h, (f + 3) % 6) === s.hex) return true;
    h = s.hex;
    f = s.facing;
  }
  return false;
}

/**
 * 6.6.7.1.1: the mounts open to passenger p, a unit with MOVE that has not moved: `b:p:v` for each friendly
 * vehicle v with room that has not moved yet, in its hex, or adjacent for an unsuppressed squad, half-squad
 * or section without attached weapons.
 */
export function mountActions(sc: Scenario, state: State, p: number): string[] {
  const def = sc.units[p]!;
  if (!sc.modules.transport || def.passenger === null) return [];
  const u = state.units[p]!;
  const reach = (def.kind === 'squad' || (def.kind === 'section' && !def.burdened)) && u.sup === NOT_SUPPRESSED ? 1 : 0;
  const out: string[] = [];
  state.units.forEach((c, v) => {
    if (v === p || sc.units[v]!.side !== def.side || !alive(c) || c.moved || v === state.mover) return;
    if (sc.map.grid.distance(u.hex, c.hex) > reach || !hasRoom(sc, state, v, p)) return;
    out.push(`b:${p}:${v}`);
  });
  return out;
}

/** 6.6.7.1.1: passenger p mounts vehicle v, spending its whole move; v has transferred passengers this turn. */
export function applyMount(sc: Scenario, state: State, p: number, v: number, log: Log, name: Namer): State {
  const c = state.units[v]!;
  log?.push(`${name(sc, p)} mounts ${name(sc, v)}`);
  const units = withUnit(state.units, p, {
    status: MOUNTED,
    carrier: v,
    hex: c.hex,
    facing: c.facing,
    moved: true,
    shown: true,
    fc: false,
    hd: 0,
    mark: NO_MARK,
  });
  return { ...state, units: withUnit(units, v, { transferred: true }) };
}

/** The dismount open to vehicle v, about to move: `d:v` when it carries passengers (ruling PZ-R51: before its move). */
export function dismountActions(sc: Scenario, state: State, v: number): string[] {
  return sc.modules.transport && passengersOf(state, v).length > 0 ? [`d:${v}`] : [];
}

/**
 * 6.6.7.1.1: vehicle v dismounts every passenger into its hex: each has spent its move, is marked SPOT/MOVE,
 * faces as the carrier, and is seen as the carrier was; no command of its own this turn.
 */
export function applyDismount(sc: Scenario, state: State, v: number, log: Log, name: Namer): State {
  const c = state.units[v]!;
  let units = state.units;
  for (const p of passengersOf(state, v)) {
    log?.push(`${name(sc, p)} dismounts from ${name(sc, v)} in ${sc.map.grid.label(c.hex)}`);
    units = withUnit(units, p, dismounted(c, { mark: SPOT_MOVE }));
  }
  return { ...state, units: withUnit(units, v, { transferred: true }) };
}

/** A passenger off its carrier c, in its hex, spotted as it was, with no command. */
export function dismounted(c: Unit, change: Partial<Unit>): Partial<Unit> {
  return {
    status: OK,
    carrier: -1,
    hex: c.hex,
    facing: c.facing,
    moved: true,
    spotted: c.spotted,
    cmd: NC,
    ordered: false,
    shown: false,
    movingShown: false,
    ...change,
  };
}

/** The passengers of carrier v follow it into hex h facing f. */
export function carryPassengers(units: readonly Unit[], v: number, h: number, f: number): readonly Unit[] {
  let out = units;
  units.forEach((u, i) => {
    if (u.status === MOUNTED && u.carrier === v) out = withUnit(out, i, { hex: h, facing: f });
  });
  return out;
}

/**
 * The fate of passengers whose carrier left play: off the map with it (4.5.1.1.9); out with its crew when
 * it bails out (5.15), suppressed; knocked out or brewed up (6.5.2.6.2): roll(100) at or above the
 * passenger row escapes into the hex, suppressed, else the passenger is eliminated.
 */
export function passengerFates(sc: Scenario, state: State, rng: Rng, log: Log, name: Namer): State {
  if (!state.units.some((u) => u.status === MOUNTED && !alive(state.units[u.carrier]!))) return state;
  const t = sc.adv!.transport!;
  const sup = sc.modules.gpFire ? SUPPRESSION_ON : NOT_SUPPRESSED;
  let units = state.units;
  state.units.forEach((u, p) => {
    if (u.status !== MOUNTED) return;
    const c = state.units[u.carrier]!;
    if (alive(c)) return;
    if (c.status === EXITED) {
      units = withUnit(units, p, { status: EXITED, carrier: -1 });
      return;
    }
    if (c.status === BAILED_OUT) {
      log?.push(`${name(sc, p)} bails out with the crew of ${name(sc, u.carrier)}`);
      units = withUnit(units, p, dismounted(c, { sup, underFire: true }));
      return;
    }
    const towed = sc.units[p]!.kind === 'towed';
    const need = c.status === BREWED_UP ? (towed ? t.buTowed : t.buLeg).value : (towed ? t.koTowed : t.koLeg).value;
    // 6.5.2.6.2: the passenger's Unit Grade modifies the roll (Elite +5, Green -5).
    const roll = rng.int(100) + 1 + bailOutGradeModifier(sc, p);
    const escapes = roll >= need;
    log?.push(`${name(sc, p)} aboard ${name(sc, u.carrier)}: rolled ${roll} against ${need}+: ${escapes ? 'escapes' : 'eliminated'}`);
    units = withUnit(units, p, escapes ? dismounted(c, { sup, underFire: true }) : { status: ELIMINATED, carrier: -1 });
  });
  return { ...state, units };
}

/** 6.5.4.2.3: the set GP Defense of a passenger: 3S aboard an Under Cover vehicle, 1S otherwise. */
export function passengerGpd(sc: Scenario, state: State, p: number): number {
  const t = sc.adv!.transport!;
  return sc.units[state.units[p]!.carrier]!.transport?.underCover ? t.gpdUnderCover.value : t.gpdOpen.value;
}

// --- Emergency bail out (6.6.7.1.2) ------------------------------------------------------------------

/** The passengers of the mover that may bail out now: unsuppressed ones (6.6.7.1.2). */
function bailers(state: State): number[] {
  return state.mover < 0 ? [] : passengersOf(state, state.mover).filter((p) => state.units[p]!.sup === NOT_SUPPRESSED);
}

/**
 * 6.6.7.1.2: whether the mover's side is offered an emergency bail out now: the transport module on, the
 * mover alive with unsuppressed passengers. The offer comes when its move starts and after each step, once
 * any overwatch fire announced at the step is resolved (never to avoid it, ruling PZ-R61).
 */
export function bailOutOffered(sc: Scenario, state: State): boolean {
  return sc.modules.transport && state.mover >= 0 && alive(state.units[state.mover]!) && bailers(state).length > 0;
}

/** The actions of an open bail out offer: `e:p` for each unsuppressed passenger of the mover, `go` to carry on. */
export function bailOutActions(state: State): string[] {
  return [...bailers(state).map((p) => `e:${p}`), 'go'];
}

/**
 * 6.6.7.1.2: passenger p bails out of its moving carrier at no cost to it: placed in the carrier's hex
 * (facing as the carrier: any facing is allowed), SUPPRESSION/ON, its move spent and no command.
 */
export function applyBailOut(sc: Scenario, state: State, p: number, log: Log, name: Namer): State {
  const c = state.units[state.units[p]!.carrier]!;
  log?.push(`${name(sc, p)} bails out of ${name(sc, state.units[p]!.carrier)} in ${sc.map.grid.label(c.hex)}`);
  const sup = sc.modules.gpFire ? SUPPRESSION_ON : NOT_SUPPRESSED;
  return { ...state, units: withUnit(state.units, p, dismounted(c, { sup, mark: NO_MARK })) };
}

// --- Transported fire (6.6.7.2) ----------------------------------------------------------------------

/**
 * 6.6.7.2: whether passenger p may fire now: a squad, half-squad or section (attached weapons with it)
 * aboard a carrier in play whose command is not MOVE, not fired this turn. `overwatch`: it fires as its
 * carrier's OVERWATCH; otherwise in its side's Direct Fire Step with a carrier on FIRE, SHORT HALT or N/C
 * (ruling PZ-R62: a passenger has no command of its own; its carrier's command tells when it fires).
 */
export function passengerMayFire(sc: Scenario, state: State, p: number, overwatch: boolean, dual = false): boolean {
  const u = state.units[p]!;
  // 5.14: `dual`, its Dual Fire weapon, which may fire after its own weapon.
  if (!sc.modules.transport || u.status !== MOUNTED || (u.fired && !dual)) return false;
  const kind = sc.units[p]!.kind;
  if (kind !== 'squad' && kind !== 'section') return false;
  const c = state.units[u.carrier]!;
  if (!alive(c) || !c.ordered) return false;
  return overwatch ? c.cmd === OVERWATCH : c.cmd === FIRE || c.cmd === SHORT_HALT || c.cmd === NC;
}

/** Whether unit u fires from a carrier (the Transported Combat modifiers apply, 6.6.7.2). */
export function firesTransported(state: State, u: number): boolean {
  return state.units[u]!.status === MOUNTED;
}

/**
 * 6.6.7.2: after passenger p fired, its carrier takes the SPOT/FIRE counter (SPOT/FIRE SA for small arms,
 * a SPOT/FIRE it holds already kept) and shows its command (the passenger fired on it); the passenger,
 * not spotted on its own, keeps no mark.
 */
export function markCarrierFire(state: State, p: number): State {
  const u = state.units[p]!;
  const c = state.units[u.carrier]!;
  const mark = u.mark === SPOT_FIRE || c.mark === SPOT_FIRE ? SPOT_FIRE : SPOT_FIRE_SA;
  const units = withUnit(withUnit(state.units, u.carrier, { mark, shown: true }), p, { mark: NO_MARK });
  return { ...state, units };
}
