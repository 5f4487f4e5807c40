/**
 * What the agents get of Panzer: a doctrine advisor for the scripted agent (commands as whole-side
 * candidate sets, fire by expected damage, overwatch by a threshold, moves by objective progress, cover and
 * exposure) and a public evaluator. Everything here reads only what the seat may know: positions, spots,
 * shown commands, its own commands; never the other side's face-down commands.
 */
import type { ActionAssessment, AgentHooks, DoctrineAdvisor } from '../../core/extensions.js';
import { RecentMemo } from '../../core/memo.js';
import {
  ADVANCING,
  advancingAttacks,
  closeAssaultFigures,
  closeAssaultOutcome,
  DISMOUNTING,
  FROM_PLACE,
  handToHandModifiers,
  mayAttackTarget,
  overrunFigures,
} from './advanced/close-combat.js';
import { fullCoverEligible } from './advanced/full-cover.js';
import { pivotFacings } from './advanced/pivot.js';
import { gpMaxRange, gpResult } from './advanced/gp-fire.js';
import { quickmarchRange } from './advanced/grades.js';
import { agHit, digits, hitAngle, hitLocation, hullDownAgainst, hullDownMiss, shotSlope } from './advanced/hit-locations.js';
import { hullDownRange, searchChance, searchKind } from './advanced/hull-down.js';
import { batteryFree, missionValue, OFF_MAP_SHEAFS, parseSource, responseChance, sheafCode, sheafHexes } from './advanced/indirect-fire.js';
import { smokeValue } from './advanced/smoke.js';
import { gpShotFigures } from './advanced/suppression.js';
import { passengersOf } from './advanced/transport.js';
import { commandable, type HiddenCommandWeights, legalCommands, orderSet, victoryPoints } from './game.js';
import { bandOf, canFireAt, canFireGpAt, damageOf, movingShown, shotFigures, spots } from './rules.js';
import { isLegOrTowed, type Scenario } from './scenario.js';
import {
  alive,
  COMMAND_LETTERS,
  withUnit,
  DAMAGED,
  NOT_SUPPRESSED,
  FIRE,
  HULL_DOWN,
  MOVE,
  OVERWATCH,
  SHORT_HALT,
  type State,
} from './state.js';

/**
 * The expected value an overwatch shot must reach to be fired rather than held for a better chance later
 * in the turn (digest 7: a threshold policy): in tenths of PTS destroyed.
 */
export const OVERWATCH_THRESHOLD = 0.12;

const NONE: ActionAssessment = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };

/** Value of destroying vehicle t, in tenths of its PTS; a damage result counts a third. */
function killValue(sc: Scenario, t: number): number {
  return sc.units[t]!.pts / 10;
}

/** Expected value of `firer` shooting at `target` now. */
export function shotValue(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  moving?: boolean,
  dual = false,
): number {
  const fig = shotFigures(sc, state, firer, target, overwatch, moving ?? movingShown(state.units[target]!), dual);
  if (sc.modules.agHits || sc.modules.hullDown)
    return (fig.hitNumber / 100) * advancedHitValue(sc, state, firer, target, fig.band, fig.margin);
  const dmg = damageOf(fig.margin);
  if (dmg < 0) return 0;
  const already = state.units[target]!.status === 1;
  const kill = dmg >= 1 || already ? 1 : 0.35;
  return (fig.hitNumber / 100) * kill * killValue(sc, target);
}

/** What each GP result is worth, as a share of the target's PTS (6.5.4.4). */
const GP_OUTCOME_VALUE = {
  none: 0,
  suppressed: 0.15,
  reduced: 0.5,
  eliminated: 1,
  damaged: 0.35,
  track: 0.3,
  'knocked-out': 1,
  'brewed-up': 1,
} as const;

/** Expected value of a GP shot (6.5.4) of `firer` at `target` now, over the hundred rolls. */
export function gpShotValue(
  sc: Scenario,
  state: State,
  firer: number,
  target: number,
  overwatch: boolean,
  moving?: boolean,
  dual = false,
): number {
  const fig = gpShotFigures(sc, state, firer, target, overwatch, moving ?? movingShown(state.units[target]!), dual);
  if (fig.factor <= 0) return 0;
  let v = 0;
  for (let roll = 1; roll <= 100; roll += 3) v += GP_OUTCOME_VALUE[gpResult(sc, state, target, fig, roll + fig.modifier, 5)];
  return (v / 34) * killValue(sc, target);
}

/** Best shot value of `u` at spotted enemies it may fire at, AP or GP (0 when none). */
function bestShot(sc: Scenario, state: State, u: number): number {
  let best = 0;
  state.units.forEach((t, i) => {
    if (!t.spotted) return;
    if (canFireAt(sc, state, u, i)) best = Math.max(best, shotValue(sc, state, u, i, false));
    if (canFireGpAt(sc, state, u, i)) best = Math.max(best, gpShotValue(sc, state, u, i, false));
  });
  return best;
}

// --- Direct fire salvos (4.4.1) ---------------------------------------------------------------------

/**
 * Expected destructions announced at a target after which further firers that have another target go
 * there instead (a doctrine figure: fire is spread once a target is likely done for).
 */
export const SALVO_ENOUGH = 0.9;

/** What a quickmarch's certain suppression would cost in move value (a doctrine figure, scaled by the grade's range, 6.6.4.2). */
export const QUICKMARCH_RISK = 0.15;

/** Value of one direct fire shot (AP or GP) of `firer` at `target` now, in tenths of PTS. */
function directShotValue(sc: Scenario, state: State, firer: number, target: number, gp: boolean, dual = false): number {
  return gp ? gpShotValue(sc, state, firer, target, false, undefined, dual) : shotValue(sc, state, firer, target, false, undefined, dual);
}

/**
 * 5.14: what firing a Dual Fire weapon alone gives up: the unit's own weapon fires no more this turn
 * (ruling PZ-R75), so the best shot its own weapon has now is lost; 0 once the own weapon has fired.
 */
function ownWeaponForgone(sc: Scenario, state: State, firer: number): number {
  if (state.units[firer]!.firedAt >= 0) return 0;
  const def = sc.units[firer]!;
  let best = 0;
  state.units.forEach((t, i) => {
    if (!t.spotted || state.engaged.includes(i) || (state.salvo !== null && state.salvo.target !== i)) return;
    if (!def.dualAp && canFireAt(sc, state, firer, i)) best = Math.max(best, shotValue(sc, state, firer, i, false));
    if (def.gpDual > 0 && canFireGpAt(sc, state, firer, i)) best = Math.max(best, gpShotValue(sc, state, firer, i, false));
  });
  return best;
}

/** The best direct shot `firer` has at a spotted target other than `except` that no resolved salvo of this step has taken. */
function otherTargetValue(sc: Scenario, state: State, firer: number, except: number): number {
  let best = 0;
  state.units.forEach((t, i) => {
    if (i === except || !t.spotted || state.engaged.includes(i)) return;
    if (canFireAt(sc, state, firer, i)) best = Math.max(best, shotValue(sc, state, firer, i, false));
    if (sc.modules.gpFire && canFireGpAt(sc, state, firer, i)) best = Math.max(best, gpShotValue(sc, state, firer, i, false));
  });
  return best;
}

/**
 * 4.4.1: a shot announced into a salvo. Opening one is worth the shot; joining one is worth the shot times
 * the chance the target is still there when it comes (the salvo's expected destructions so far, each
 * shot's value over the target's), less what the firer could do at another target instead; a firer with
 * no other target joins, or its shot is lost.
 */
function salvoShotValue(sc: Scenario, state: State, firer: number, target: number, gp: boolean, dual = false): number {
  const value = directShotValue(sc, state, firer, target, gp, dual) - (dual ? ownWeaponForgone(sc, state, firer) : 0);
  const salvo = state.salvo;
  if (salvo === null) return value;
  const worth = killValue(sc, target);
  let announced = 0;
  for (const x of salvo.shots) announced += worth > 0 ? directShotValue(sc, state, x.firer, target, x.gp, x.dual) / worth : 0;
  const other = otherTargetValue(sc, state, firer, target);
  if (other === 0) return value * Math.max(0.05, 1 - announced) + 0.01;
  if (announced >= SALVO_ENOUGH) return -other;
  return value * (1 - announced) - other;
}

/** What an overwatching `u` could expect against enemies in range and sight, moving ones taking -2. */
function watchValue(sc: Scenario, state: State, u: number): number {
  let best = 0;
  const grid = sc.map.grid;
  const me = state.units[u]!;
  state.units.forEach((t, i) => {
    if (!alive(t) || sc.units[i]!.side === sc.units[u]!.side) return;
    const d = grid.distance(me.hex, t.hex);
    if (!sc.map.hasLos(me.hex, t.hex)) return;
    if (bandOf(sc.units[u]!, d) >= 0 && !isLegOrTowed(sc.units[i]!)) best = Math.max(best, shotValue(sc, state, u, i, true, true) * 0.8);
    if (sc.modules.gpFire && d >= 1 && d <= gpMaxRange(sc, u)) best = Math.max(best, gpShotValue(sc, state, u, i, true, true) * 0.8);
  });
  return best;
}

/** Hexes from h to the place the side of `u` wants to go: the nearest objective it does not hold, else the nearest enemy. */
function goalDistance(sc: Scenario, state: State, u: number, h: number): number {
  const grid = sc.map.grid;
  const side = sc.units[u]!.side;
  let best = Number.POSITIVE_INFINITY;
  sc.objectives.forEach((o, k) => {
    if (state.control[k] !== side) best = Math.min(best, grid.distance(h, o.hex));
  });
  if (best === Number.POSITIVE_INFINITY)
    state.units.forEach((t, i) => {
      if (alive(t) && sc.units[i]!.side !== side) best = Math.min(best, grid.distance(h, t.hex));
    });
  return best === Number.POSITIVE_INFINITY ? 0 : best;
}

/** Value of a MOVE command for u: how far it is from where its side wants it. */
function moveValue(sc: Scenario, state: State, u: number): number {
  const d = goalDistance(sc, state, u, state.units[u]!.hex);
  return d === 0 ? -0.2 : Math.min(0.4, 0.05 * d);
}

function commandValue(sc: Scenario, state: State, u: number, cmd: number): number {
  // 6.6.7.2: a carrier's command tells when its squads and sections aboard may fire (never on MOVE).
  if (sc.modules.transport && cmd !== MOVE) {
    const aboard = passengersOf(state, u).filter((x) => sc.units[x]!.kind === 'squad' || sc.units[x]!.kind === 'section');
    if (aboard.length > 0) {
      let v = 0;
      for (const x of aboard) v += cmd === OVERWATCH ? watchValue(sc, state, x) : bestShot(sc, state, x);
      return ownCommandValue(sc, state, u, cmd) + v;
    }
  }
  return ownCommandValue(sc, state, u, cmd);
}

function ownCommandValue(sc: Scenario, state: State, u: number, cmd: number): number {
  if (cmd === FIRE) return Math.max(bestShot(sc, state, u), indirectUnitValue(sc, state, u));
  if (cmd === SHORT_HALT) return bestShot(sc, state, u) * 0.5 + moveValue(sc, state, u) * 0.5 + hullDownMoveCost(sc, state, u);
  if (cmd === MOVE)
    return withCloseCombat(sc, state, u, withHullDownSearch(sc, state, u, moveValue(sc, state, u) + hullDownMoveCost(sc, state, u)));
  if (cmd === OVERWATCH) return Math.max(watchValue(sc, state, u), observerValue(sc, state, u));
  return 0;
}

// --- Indirect fire (6.5.1) ----------------------------------------------------------------------------

/** The value (tenths of PTS) an indirect call must reach to be made rather than the step ended (a doctrine figure). */
export const INDIRECT_THRESHOLD = 0.05;

/** Expected value of calling `src` by observer o onto tp with `sheaf`: the chance it responds times what it does (6.5.1.12, 6.5.1.13). */
function callValue(
  sc: Scenario,
  state: State,
  o: number,
  src: string,
  tp: number,
  sheaf: string,
  adjusted: boolean,
  smoke = false,
): number {
  const x = parseSource(src);
  const side = sc.units[o]!.side;
  // 6.5.1.6.1: a Smoke mission screens own movers from the enemy in it (smokeValue); GP attacks.
  const v = smoke ? smokeValue(sc, state, side, sheafHexes(sc, tp, sheaf)) : missionValue(sc, state, side, x, o, tp, sheaf);
  return responseChance(sc, state, x, o, tp, adjusted) * v;
}

/** The best call observer o could make with one of `sources` onto an enemy it spots now (the best SHEAF for each). */
function bestCall(sc: Scenario, state: State, o: number, sources: readonly string[]): number {
  const hexes = new Set<number>();
  state.units.forEach((t, i) => {
    if (alive(t) && sc.units[i]!.side !== sc.units[o]!.side && spots(sc, state, o, i)) hexes.add(t.hex);
  });
  let best = 0;
  for (const src of sources)
    for (const h of hexes)
      for (const sh of src[0] === 'b' ? OFF_MAP_SHEAFS : ['S']) best = Math.max(best, callValue(sc, state, o, src, h, sh, false));
  return best;
}

/** OVERWATCH for an observer (6.5.1): the best call it could make now with its side's free batteries and indirect fire units. */
function observerValue(sc: Scenario, state: State, o: number): number {
  if (!sc.modules.indirectFire || sc.units[o]!.observer === null) return 0;
  const side = sc.units[o]!.side;
  const sources = [
    ...sc.batteries.flatMap((b, k) => (b.side === side && batteryFree(sc, state, k) ? [`b${k}`] : [])),
    ...state.units.flatMap((x, i) => (sc.units[i]!.side === side && alive(x) && sc.units[i]!.indirect !== null ? [`u${i}`] : [])),
  ];
  return bestCall(sc, state, o, sources);
}

/** FIRE for an indirect fire unit: the best call one of its side's observers could make with it, halved (the observer must watch). */
function indirectUnitValue(sc: Scenario, state: State, u: number): number {
  if (!sc.modules.indirectFire || sc.units[u]!.indirect === null) return 0;
  let best = 0;
  state.units.forEach((x, o) => {
    if (sc.units[o]!.side === sc.units[u]!.side && sc.units[o]!.observer !== null && alive(x))
      best = Math.max(best, bestCall(sc, state, o, [`u${u}`]) * 0.5);
  });
  return best;
}

/** Enemy units that could fire at hex h next (range and line of sight), weighted by their chance: AP at vehicles, GP at leg and towed units. */
function exposureAt(sc: Scenario, state: State, u: number, h: number): number {
  const grid = sc.map.grid;
  const onFoot = isLegOrTowed(sc.units[u]!);
  let e = 0;
  state.units.forEach((t, i) => {
    if (!alive(t) || sc.units[i]!.side === sc.units[u]!.side || !sc.units[i]!.armed) return;
    const d = grid.distance(t.hex, h);
    if (onFoot) {
      const reach = gpMaxRange(sc, i);
      if (d < 1 || d > reach || !sc.map.hasLos(t.hex, h)) return;
      e += 1 - d / (reach + 1);
      return;
    }
    const band = bandOf(sc.units[i]!, d);
    if (band < 0 || !sc.map.hasLos(t.hex, h)) return;
    e += (5 - band) / 5;
  });
  // A carrier risks its passengers too (6.5.2.6.2).
  const pts = passengersOf(state, u).reduce((a, p) => a + sc.units[p]!.pts, sc.units[u]!.pts);
  return e * 0.05 * (pts / 10);
}

/**
 * Hexes from its goal within which passengers get down (6.6.7), and the goal distance from which a leg or
 * towed unit rides rather than walks (doctrine figures).
 */
export const DISMOUNT_NEAR = 3;
export const MOUNT_FAR = 5;

/** 6.6.7.1.1: dismount vehicle v's passengers near their goal or under the enemy's guns; ride on otherwise. */
function dismountValue(sc: Scenario, state: State, v: number): number {
  const h = state.units[v]!.hex;
  const p = passengersOf(state, v)[0];
  if (p === undefined) return 0;
  const near = goalDistance(sc, state, p, h) <= DISMOUNT_NEAR || exposureAt(sc, state, v, h) > 0;
  return near ? 0.4 : -0.4;
}

/**
 * 6.6.7.1.2: bail out of a moving carrier (suppressed, at no cost to it) when the carrier is in trouble
 * (damaged, immobile, suppressed or fired at this turn) or has brought the passenger to its goal; ride on otherwise.
 */
function bailOutValue(sc: Scenario, state: State, p: number): number {
  const c = state.units[state.units[p]!.carrier]!;
  const trouble = c.status === DAMAGED || c.immobile || c.sup !== 0 || c.underFire;
  return trouble || goalDistance(sc, state, p, c.hex) === 0 ? 0.4 : -0.4;
}

/** 6.6.7.1.1: mount a carrier when the goal is far and no enemy can fire at the unit where it stands. */
function mountValue(sc: Scenario, state: State, p: number): number {
  const h = state.units[p]!.hex;
  const far = goalDistance(sc, state, p, h) >= MOUNT_FAR && exposureAt(sc, state, p, h) === 0;
  return far ? 0.4 : -0.4;
}

/** What a move of `u` to hex h is worth whatever its facing: progress to its goal, cover, an objective, exposure; and the nearest enemy. */
interface MoveTarget {
  /** Progress, objective and cover, summed in the order the assessment adds the facing and the hull down cost to them. */
  readonly lead: number;
  readonly hullDownCost: number;
  readonly exposure: number;
  readonly nearest: number;
}

/**
 * The move targets of the last states valued (key by seat, unit and hex): the scripted agent values all the
 * moves of one state in a row, each hex once for its six facings.
 */
const MOVE_TARGETS = new RecentMemo<State, Map<number, MoveTarget>>(2);

function moveTarget(sc: Scenario, state: State, u: number, h: number, seat: number): MoveTarget {
  let memo = MOVE_TARGETS.get(state);
  if (memo === undefined) MOVE_TARGETS.set(state, (memo = new Map()));
  const key = (seat * sc.units.length + u) * sc.map.grid.size + h;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const before = goalDistance(sc, state, u, state.units[u]!.hex);
  const after = goalDistance(sc, state, u, h);
  const t = sc.terrain[sc.map.terrain[h]!]!;
  const cover = t.apCover === 'heavy' ? 0.15 : t.apCover === 'medium' ? 0.1 : t.apCover === 'light' ? 0.05 : 0;
  const onObjective = sc.objectives.some((o) => o.hex === h) ? 0.3 : 0;
  let nearest = -1;
  let nd = Number.POSITIVE_INFINITY;
  state.units.forEach((e, i) => {
    if (alive(e) && sc.units[i]!.side !== seat) {
      const d = sc.map.grid.distance(h, e.hex);
      if (d < nd) {
        nd = d;
        nearest = i;
      }
    }
  });
  const value: MoveTarget = {
    lead: (before - after) * 0.1 + onObjective + cover,
    hullDownCost: hullDownMoveCost(sc, state, u),
    exposure: exposureAt(sc, state, u, h),
    nearest,
  };
  memo.set(key, value);
  return value;
}

export function panzerAdvisor(sc: Scenario): DoctrineAdvisor<State, string> {
  return {
    assess(state, action, seat) {
      const p = action.split(':');
      switch (p[0]) {
        case 'O': {
          const units = commandable(sc, state, seat);
          // With command control the set is worth the commands it really places (the rest become N/C, 6.2.1.1.3).
          const placed = sc.modules.commandControl ? orderSet(sc, state, p[1]!).units : null;
          let v = 0;
          units.forEach((u, k) => {
            v += commandValue(sc, state, u, placed !== null ? placed[u]!.cmd : COMMAND_LETTERS.indexOf(p[1]![k] as never));
          });
          return { ...NONE, expectedEnemyLoss: v };
        }
        case 'o': {
          const u = Number(p[1]);
          const cmd = COMMAND_LETTERS.indexOf(p[2] as never);
          const legal = legalCommands(sc, state, u);
          return { ...NONE, expectedEnemyLoss: (legal.includes(cmd) ? commandValue(sc, state, u, cmd) : 0) - 0.5 };
        }
        case 'f':
        case 'g': {
          const u = Number(p[1]);
          const dual = p[0] === 'g' ? p[3] === 'd' : sc.units[u]!.dualAp;
          return { ...NONE, expectedEnemyLoss: salvoShotValue(sc, state, u, Number(p[2]), p[0] === 'g', dual) };
        }
        case 'resolve':
          return NONE;
        case 'w':
          return {
            ...NONE,
            expectedEnemyLoss: shotValue(sc, state, Number(p[1]), Number(p[2]), true, undefined, sc.units[Number(p[1])]!.dualAp),
          };
        case 'c': {
          // Full Cover (6.1.4.2) for units in view of the enemy or holding their goal; out of it for those still to advance.
          let v = 0;
          fullCoverEligible(sc, state, seat).forEach((u, k) => {
            const here = state.units[u]!.hex;
            const goal = goalDistance(sc, state, u, here);
            const fc = p[1]![k] === 'F';
            const keep = goal === 0 || sc.units[u]!.kind === 'towed' || exposureAt(sc, state, u, here) > 0;
            v += fc === keep ? 0.05 : 0;
          });
          // 6.8.1: turning to the nearest spotted enemy puts it in the front field of fire and the front armor/cover.
          if (p[2] === 'p') for (const f of pivotFacings(sc, state, seat) ?? []) v += f >= 0 ? 0.02 : 0;
          return { ...NONE, objective: v };
        }
        case 'v':
          return { ...NONE, expectedEnemyLoss: gpShotValue(sc, state, Number(p[1]), Number(p[2]), true, undefined, p[3] === 'd') };
        case 'pass':
          return { ...NONE, expectedEnemyLoss: OVERWATCH_THRESHOLD };
        case 'reveal':
        case 'conceal': {
          const pend = state.pending!;
          const loss = pend.gp
            ? gpShotValue(sc, state, pend.firer, pend.target, pend.overwatch, p[0] === 'reveal', pend.dual)
            : shotValue(sc, state, pend.firer, pend.target, pend.overwatch, p[0] === 'reveal', pend.dual);
          return { ...NONE, expectedOwnLoss: loss };
        }
        case 'first':
        case 'second': {
          // Fire first when own vehicles hold fire commands; otherwise move first and fire second.
          const firing = state.units.filter(
            (u, i) => sc.units[i]!.side === seat && u.ordered && (u.cmd === FIRE || u.cmd === SHORT_HALT),
          ).length;
          const moving = state.units.filter((u, i) => sc.units[i]!.side === seat && u.ordered && u.cmd === MOVE).length;
          const wantFirst = firing >= moving;
          return { ...NONE, objective: (p[0] === 'first') === wantFirst ? 0.1 : 0 };
        }
        case 'm': {
          const u = Number(p[1]);
          if (p[2]!.startsWith('x')) return { ...NONE, objective: (sc.units[u]!.pts / 10) * sc.sides[seat]!.exitVp * 0.5 };
          const h = Number(p[2]);
          const f = Number(p[3]);
          const here = moveTarget(sc, state, u, h, seat);
          // Face the nearest enemy: front armor toward it.
          const facing = here.nearest >= 0 && (sc.map.grid.arcsOf(h, f, state.units[here.nearest]!.hex) & 3) !== 0 ? 0.05 : 0;
          // 6.6.4.2: a quickmarch risks suppression (the grade's range): worth it only for the ground it gains.
          const risk = p[4] === 'q' ? ((quickmarchRange(sc, u) ?? 0) / 100) * QUICKMARCH_RISK : 0;
          return { ...NONE, objective: here.lead + facing + here.hullDownCost - risk, exposure: here.exposure };
        }
        case 'a':
          return { ...NONE, expectedEnemyLoss: closeCombatValue(sc, state, Number(p[1]), Number(p[2])) };
        case 'R':
          return { ...NONE, expectedEnemyLoss: overrunValue(sc, state, Number(p[1]), Number(p[2])) };
        case 'A':
          return { ...NONE, expectedEnemyLoss: advancingValue(sc, state, Number(p[1]), Number(p[2]), Number(p[3])) };
        case 'D': {
          // A Dismount Attack against the dismount it replaces (its passengers are put down either way).
          const u = Number(p[1]);
          return {
            ...NONE,
            expectedEnemyLoss: closeCombatValue(sc, state, u, Number(p[2]), DISMOUNTING),
            objective: dismountValue(sc, state, state.units[u]!.carrier),
          };
        }
        case 'hold':
          return NONE;
        case 'b':
          return { ...NONE, objective: mountValue(sc, state, Number(p[1])) };
        case 'd':
          return { ...NONE, objective: dismountValue(sc, state, Number(p[1])) };
        case 'e':
          return { ...NONE, objective: bailOutValue(sc, state, Number(p[1])) };
        case 'go':
          return NONE;
        case 'h':
          return hullDownSearchAssessment(sc, state, Number(p[1]), Number(p[2]), searchKind(p[3]!), seat);
        case 'P': {
          // 6.5.1.11.1: plot the Planned mission that would do most against the enemy as it stands now,
          // over each turn's Target Point (6.5.1.11.3: a plot may shift it turn by turn).
          const b = Number(p[1]);
          const plan = sc.batteries[b]!.plans[Number(p[2])]!;
          let v = 0;
          for (const h of plan.hexes) v += missionValue(sc, state, seat, { battery: b, unit: -1 }, -1, h, sheafCode(plan.sheaf));
          return { ...NONE, objective: v / plan.hexes.length };
        }
        case 'i':
          return { ...NONE, expectedEnemyLoss: callValue(sc, state, Number(p[1]), p[2]!, Number(p[3]), p[4]!, false, p[5] === 's') };
        case 'j': {
          const m = state.missions[Number(p[1])]!;
          const smoke = p[2] === 'x' ? !m.smoke : m.smoke === true;
          const v = smoke
            ? smokeValue(sc, state, seat, sheafHexes(sc, m.hex, m.sheaf))
            : missionValue(sc, state, seat, m, m.observer, m.hex, m.sheaf);
          return { ...NONE, expectedEnemyLoss: v };
        }
        case 'y': {
          const m = state.missions[Number(p[1])]!;
          const src = m.battery >= 0 ? `b${m.battery}` : `u${m.unit}`;
          return { ...NONE, expectedEnemyLoss: callValue(sc, state, m.observer, src, Number(p[2]), p[3]!, true, p[4] === 's') };
        }
        case 'done':
          return { ...NONE, expectedEnemyLoss: INDIRECT_THRESHOLD };
        case 'F': {
          // 6.5.1.11.2: announce the Planned fire now when it would do more than a call's worth; else wait (at most a turn).
          const b = Number(p[1]);
          const plan = sc.batteries[b]!.plans[state.plots[b]!]!;
          const v = missionValue(sc, state, seat, { battery: b, unit: -1 }, -1, plan.hex, sheafCode(plan.sheaf));
          return { ...NONE, expectedEnemyLoss: v };
        }
      }
      return NONE;
    },
  };
}

// --- Advanced modules: hull down (6.6.9) and AG hits (6.5.2.2-6.5.2.5) ------------------------------

/** Value of one AP hit of `firer` on `target` with the Advanced modules, over the hundred location rolls (tenths of PTS). */
function advancedHitValue(sc: Scenario, state: State, firer: number, target: number, band: number, margin: number): number {
  const damaged = state.units[target]!.status === DAMAGED;
  const hd = hullDownAgainst(sc, state, firer, target);
  const angle = hitAngle(sc, state, firer, target);
  const falling = shotSlope(sc, state, firer, target) === 2;
  let v = 0;
  for (let roll = 1; roll <= 100; roll++) {
    const { tens } = digits(roll);
    if (hullDownMiss(hitLocation(sc, angle, tens, falling), hd)) continue;
    if (!sc.modules.agHits) {
      const dmg = damageOf(margin);
      v += dmg < 0 ? 0 : dmg >= 1 || damaged ? 1 : 0.35;
      continue;
    }
    const r = agHit(sc, state, firer, target, band, roll).result;
    v += r === 'knocked-out' || r === 'brewed-up' ? 1 : r === 'damaged' ? (damaged ? 1 : 0.35) : r === 'track' ? 0.25 : 0;
  }
  return (v / 100) * killValue(sc, target);
}

/** The share of hits a hull down (or partial) position turns into misses at the front angle (6.5.2.2.3). */
function hullDownShare(sc: Scenario, kind: number): number {
  let n = 0;
  for (let tens = 1; tens <= 10; tens++) if (hullDownMiss(hitLocation(sc, 'front', tens, false), kind)) n++;
  return n / 10;
}

/** Enemies that could fire AP at vehicle u from its front or front/side (where a hull down position protects, 6.6.9). */
function frontalThreat(sc: Scenario, state: State, u: number, h: number): number {
  if (isLegOrTowed(sc.units[u]!)) return 0;
  return exposureAt(sc, state, u, h);
}

/** A MOVE or SHORT HALT gives a held hull down position up (6.6.9): what the position is worth where the vehicle stands. */
function hullDownMoveCost(sc: Scenario, state: State, u: number): number {
  const unit = state.units[u]!;
  if (!sc.modules.hullDown || unit.hd === 0) return 0;
  return -frontalThreat(sc, state, u, unit.hex) * hullDownShare(sc, unit.hd) - 0.05;
}

/** A MOVE command's worth `move`, or more as a search for hull down where the vehicle stands in view of the enemy (6.6.9). */
function withHullDownSearch(sc: Scenario, state: State, u: number, move: number): number {
  const unit = state.units[u]!;
  if (!sc.modules.hullDown || isLegOrTowed(sc.units[u]!) || unit.hd !== 0 || hullDownRange(sc, unit.hex) === 0) return move;
  const threat = frontalThreat(sc, state, u, unit.hex);
  if (threat === 0) return move;
  return Math.max(move, searchChance(sc, state, u, HULL_DOWN) * hullDownShare(sc, HULL_DOWN) * threat + 0.05);
}

/** A search for hull down (6.6.9) ending facing `facing`: the protection it may bring against the enemies in view, and facing them. */
function hullDownSearchAssessment(sc: Scenario, state: State, u: number, facing: number, kind: number, seat: number): ActionAssessment {
  const h = state.units[u]!.hex;
  const chance = searchChance(sc, state, u, kind);
  const threat = frontalThreat(sc, state, u, h);
  // The position protects the front and front/side angles: worth most facing an enemy in view.
  const faced = state.units.some(
    (e, i) => alive(e) && sc.units[i]!.side !== seat && sc.map.hasLos(h, e.hex) && (sc.map.grid.arcsOf(h, facing, e.hex) & 3) !== 0,
  );
  const faces = faced ? 0.05 : 0;
  const onObjective = sc.objectives.some((o) => o.hex === h) ? 0.3 : 0;
  return {
    ...NONE,
    objective: onObjective + faces + (threat > 0 ? 0.05 : -0.1),
    exposure: threat * (1 - chance * hullDownShare(sc, kind) * (faces > 0 ? 1 : 0.3)),
  };
}

// --- Advanced module: close assault and hand-to-hand (6.6.1) ----------------------------------------

/** What each Close Assault result is worth, as a share of the vehicle's PTS (6.6.1.1.3). */
const CLOSE_ASSAULT_VALUE = { none: 0, suppressed: 0.15, damaged: 0.35, track: 0.3, 'knocked-out': 1, 'brewed-up': 1 } as const;

/** Expected value of leg unit u attacking t now (6.6.1): a Close Assault over the hundred rolls, or a Hand-to-Hand roll-off's odds. */
function closeCombatValue(sc: Scenario, state: State, u: number, t: number, how = FROM_PLACE): number {
  if (!isLegOrTowed(sc.units[t]!)) {
    const fig = closeAssaultFigures(sc, state, u, t, how);
    let v = 0;
    for (let roll = 1; roll <= 100; roll++) v += CLOSE_ASSAULT_VALUE[closeAssaultOutcome(fig, roll + fig.modifier, 5)];
    return (v / 100) * killValue(sc, t);
  }
  const [ma, md] = handToHandModifiers(sc, state, u, t, how);
  // The chance the attacker wins one roll-off (ties rolled again).
  let win = 0;
  let decided = 0;
  for (let a = 1; a <= 100; a++)
    for (let d = 1; d <= 100; d++) {
      if (a + ma === d + md) continue;
      decided++;
      if (a + ma > d + md) win++;
    }
  const p = decided === 0 ? 0.5 : win / decided;
  const share = (x: number) => (sc.units[x]!.kind === 'squad' && !state.units[x]!.half ? 0.5 : 1);
  return p * share(t) * killValue(sc, t) - (1 - p) * share(u) * killValue(sc, u);
}

/** The worth of vehicle v's Overrun of `t` (6.6.10): over the hundred rolls, a squad's reduction half a kill, a suppression a tenth. */
function overrunValue(sc: Scenario, state: State, v: number, t: number): number {
  const fig = overrunFigures(sc, state, v, t);
  const full = sc.units[t]!.kind === 'squad' && !state.units[t]!.half;
  let x = 0;
  for (let roll = 1; roll <= 100; roll++) {
    const total = roll + fig.modifier;
    x += total <= fig.n ? 0 : total <= fig.s ? 0.1 : full ? 0.5 : 1;
  }
  return ADVANCE_RISK * (x / 100) * killValue(sc, t);
}

/**
 * Share of an Advancing Attack's worth the doctrine counts (designed): the step may draw overwatch fire that
 * stops it (6.6.1.1), and the attacker ends the turn next to its target.
 */
export const ADVANCE_RISK = 0.7;

/** The worth of `u`'s Advancing Attack on `t` from hex h: the attack as made from h, discounted by ADVANCE_RISK. */
function advancingValue(sc: Scenario, state: State, u: number, h: number, t: number): number {
  const there = { ...state, units: withUnit(state.units, u, { hex: h }) };
  return ADVANCE_RISK * closeCombatValue(sc, there, u, t, ADVANCING);
}

/**
 * A leg unit's MOVE command's worth `move`, or its best close combat when better (6.6.1): against an adjacent
 * spotted enemy, or by an Advancing Attack (the command is valued before the step, as if unsuppressed and
 * not moved).
 */
function withCloseCombat(sc: Scenario, state: State, u: number, move: number): number {
  if (!sc.modules.closeAssault || !isLegOrTowed(sc.units[u]!) || sc.units[u]!.kind === 'towed') return move;
  let best = move;
  state.units.forEach((_, t) => {
    if (mayAttackTarget(sc, state, u, t)) best = Math.max(best, closeCombatValue(sc, state, u, t));
  });
  if (state.units[u]!.sup === NOT_SUPPRESSED)
    for (const [h, t] of advancingAttacks(sc, state, u)) best = Math.max(best, advancingValue(sc, state, u, h, t));
  return best;
}

/** VP difference and material on the board, from public information only. */
export function panzerEvaluate(sc: Scenario, state: State): number[] {
  const vp = victoryPoints(sc, state);
  const total = sc.units.reduce((a, d) => a + d.pts, 0) + sc.objectives.reduce((a, o) => a + o.vp, 0);
  const v = Math.max(-1, Math.min(1, (vp[0]! - vp[1]!) / Math.max(1, total / 4)));
  return [v, -v];
}

/**
 * The odds determinize deals a face-down command with (digest 7: the other side's commands are hidden, not
 * random): a softmax of the doctrine's value of each command over HIDDEN_COMMAND_TEMPERATURE, mixed with a
 * HIDDEN_COMMAND_SURPRISE share of uniform so no plausible command is ruled out. The values read the board
 * as both sides see it, never the counter itself.
 */
export const HIDDEN_COMMAND_TEMPERATURE = 0.15;
export const HIDDEN_COMMAND_SURPRISE = 0.2;

export function hiddenCommandWeights(sc: Scenario): HiddenCommandWeights {
  return (state, u, commands) => {
    // Each command valued as if the counter held it (a SHORT HALT's shot differs from a FIRE's).
    const values = commands.map((c) => commandValue(sc, { ...state, units: withUnit(state.units, u, { cmd: c }) }, u, c));
    const top = Math.max(...values);
    const soft = values.map((v) => Math.exp((v - top) / HIDDEN_COMMAND_TEMPERATURE));
    const sum = soft.reduce((a, b) => a + b, 0);
    return soft.map((x) => (1 - HIDDEN_COMMAND_SURPRISE) * (x / sum) + HIDDEN_COMMAND_SURPRISE / commands.length);
  };
}

export function panzerAgentHooks(sc: Scenario): AgentHooks<State, string> {
  return {
    doctrine: panzerAdvisor(sc),
    evaluate: (s) => panzerEvaluate(sc, s),
    // Leaves valued after the doctrine plays on for 20 actions (about a turn's commands, moves and fire):
    // Panzer's VP move only when fire resolves, and random rollouts to the end bought 4-10 iterations in 200 ms.
    agentDefaults: { mcts: 'rollout=scripted,rolloutDepth=20' },
  };
}
