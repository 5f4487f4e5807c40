/**
 * The Action phase (SPG S-09, S-10, S-15): the active player picks one unit, fire group or assault group
 * and one action (move, fire, AT fire, bombard, air, assault, overrun, rally), resolves it, and the units
 * end spent; he may then act again or hand over (after at least one action); a player who acts not at
 * all has passed, and two passes in succession end the phase. A natural roll on the Reaction table
 * hands control over when the action in progress ends.
 *
 * A move walks its path hex by hex (S-15 L192): each hex entered in sight of a ready enemy that could fire
 * opens an opportunity-fire window for the inactive player; a mover that was hit there, or that has just
 * overrun a hex (S-38 L160), goes on where its player says. In PBEM mode (S-53) the inactive side has no
 * windows: its unspent good-order units next to the hex entered fire by themselves.
 *
 * Actions are strings: `pass`, `end` (hand over), `move U HEX` / `move U HEX drop` / `move V HEX load P`,
 * `fire U.V.W HEX`, `group U HEX` then `join V` ... and `fire ...` (a fire group formed one unit at a
 * time, S-24), `at U T`, `bomb U HEX`, `air K HEX`, `assault HEX`, `overrun U HEX`, `rally U`,
 * `wire U HEX`, `clear U HEX`; in a window `opp U` and `noop`; while a move goes on `move U HEX` (HEX its
 * own hex to stop) and `overrun U HEX`; at the Refresh `deploy M` / `pack M` (S-03). U, V, T, P, M are
 * unit indices, HEX a hex index, K a plane index.
 */
import type { Hex } from '../../hex/grid.js';
import { antiTankModifier, antiTankRollable, resolveAntiTank } from './antitank.js';
import { assaultAttackers, mayBeAssaulted, mayOverrunAtAll, mayOverrunFrom, overrunTarget, resolveAssault } from './assault.js';
import {
  airTargetAllowed,
  bombardmentColumns,
  bombardmentGroups,
  bombardmentRange,
  bombardmentSpotted,
  mayBombard,
  resolveAir,
  resolveBombardment,
} from './bombardment.js';
import {
  canFire,
  directFirePlan,
  directFireTargets,
  fireGroups,
  firePower,
  groupJoiners,
  mayDirectFire,
  resolveDirectFire,
  valuesOf,
} from './fire.js';
import {
  columnPlaceCost,
  enemyPresence,
  entryCost,
  fitsIn,
  inColumn,
  moveDestinations,
  movementAllowance,
  passengerOf,
  planPath,
  stackIn,
} from './movement.js';
import { mayRally, rally } from './morale.js';
import { clearable, clearObstacle, enterWire, knownMineStrength, mineAttack, mineStrength, wireEntries } from './obstacles.js';
import { MP_SCALE, type Scenario } from './scenario.js';
import {
  CARRIER,
  F_DISRUPTED,
  F_DROPPED,
  F_DUG_IN,
  F_IN_COLUMN,
  F_PACKED,
  F_SPENT,
  FLAGS,
  HEX,
  MOVE_DROP,
  MOVE_PLAIN,
  ridesOutside,
  STEPS,
  type Draft,
  type State,
} from './state.js';
import { deployChoice, finishRefresh, updateControl, victoryPhase } from './turn.js';

/** `moveEnd` of a move whose player says where it goes on (after a successful overrun, S-38 L160). */
const MOVE_ON = -3;

function ready(s: State, i: number): boolean {
  return (s.u[i]![FLAGS]! & F_SPENT) === 0;
}

/** The MP budget (x MP_SCALE) and start of a unit's move: from its hex, or from its place in a column (S-08 L64). */
export function moveBudget(sc: Scenario, s: State, i: number): { budget: number; start?: Hex; pre: number } {
  const budget = movementAllowance(sc, s, i) * MP_SCALE;
  if (!inColumn(s, i)) return { budget, pre: 0 };
  const g = sc.groups[sc.units[i]!.group]!;
  const place = g.units.filter((k) => inColumn(s, k) && k < i).length;
  return { budget, start: g.entryHex, pre: place * columnPlaceCost(sc, i, g.entryHex) };
}

/** Half the unit's full MA, rounded up, x MP_SCALE: a pick-up, a drop-off or an overrun (S-13 L154, S-38 L158). */
function halfMa(sc: Scenario, s: State, i: number): number {
  return Math.ceil(movementAllowance(sc, s, i) / 2) * MP_SCALE;
}

/** Units of the inactive player that may opportunity fire at `mover` in hex h (S-15 L192, S-40 L584: ready and good order). */
export function opportunityShooters(sc: Scenario, s: State, mover: number): number[] {
  const h = s.u[mover]![HEX]!;
  if (h < 0) return [];
  const side = 1 - sc.units[mover]!.side;
  const out: number[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side !== side || !ready(s, i) || (s.u[i]![FLAGS]! & F_DISRUPTED) !== 0 || !canFire(s, i)) continue;
    if (opportunityKind(sc, s, i, mover) !== undefined || riderShot(sc, s, i, mover) >= 0) out.push(i);
  }
  return out;
}

/** S-11 L146: the outside rider of the mover that unit i may opportunity fire at alone on the Direct Fire table, or -1. */
export function riderShot(sc: Scenario, s: State, i: number, mover: number): number {
  const rider = passengerOf(sc, s, mover);
  if (rider < 0 || !ridesOutside(sc, mover) || !sc.units[rider]!.soft) return -1;
  const h = s.u[mover]![HEX]!;
  if (!mayDirectFire(sc, s, i, h, [rider])) return -1;
  return directFirePlan(sc, s, [i], h, { only: rider }).columns.some((c) => c.column >= 0) ? rider : -1;
}

/** The window's choices for one shooter: at the mover, and (direct fire) at its outside rider alone. */
function opportunityChoices(sc: Scenario, s: State, i: number): string[] {
  const out: string[] = [];
  if (opportunityKind(sc, s, i, s.opp) !== undefined) out.push(`opp ${i}`);
  const rider = riderShot(sc, s, i, s.opp);
  if (rider >= 0) out.push(`opp ${i} ${rider}`);
  // Ruling SPG-R06, rule.opportunityFireGroups: direct fire by a group (S-24) of ready good-order units.
  if (sc.rules.opportunityFireGroups && opportunityKind(sc, s, i, s.opp) === 'df') {
    const h = s.u[s.opp]![HEX]!;
    const able = (j: number): boolean => (s.u[j]![FLAGS]! & F_DISRUPTED) === 0;
    const group = fireGroups(sc, s, i, h, [s.opp])[1]?.filter(able);
    if (group && group.length > 1) out.push(`opp ${group.join('.')}`);
  }
  return out;
}

/** How unit i would opportunity fire at the mover: AT at a vehicle, direct fire at a soft mover; undefined if it cannot. */
export function opportunityKind(sc: Scenario, s: State, i: number, mover: number): 'at' | 'df' | undefined {
  const mdef = sc.units[mover]!;
  if (mdef.vehicle && antiTankRollable(sc, antiTankModifier(sc, s, i, mover, { opportunity: true }))) return 'at';
  const h = s.u[mover]![HEX]!;
  if (mdef.soft && mayDirectFire(sc, s, i, h, [mover])) {
    const plan = directFirePlan(sc, s, [i], h, { opportunityOpen: s.oppOpen, only: mover });
    if (plan.columns.some((c) => c.column >= 0)) return 'df';
  }
  return undefined;
}

/**
 * How many enemy units could take a shot at unit i in each hex, by range and line of sight only (cheap: for
 * choosing the mover's path, ruling SPG-R49); in PBEM mode only adjacent units fire (S-53 L694).
 */
function exposure(sc: Scenario, s: State, i: number): (h: Hex) => number {
  const def = sc.units[i]!;
  const shooters: { at: Hex; range: number }[] = [];
  for (let j = 0; j < sc.units.length; j++) {
    if (sc.units[j]!.side === def.side || !ready(s, j) || (s.u[j]![FLAGS]! & F_DISRUPTED) !== 0 || !canFire(s, j)) continue;
    const v = valuesOf(sc, s, j);
    let range = -1;
    if (def.vehicle && v.at >= 0) range = v.atRange;
    if (def.soft && v.df > 0) range = Math.max(range, v.dfRange);
    if (sc.rules.pbem) range = Math.min(range, 1);
    if (range > 0) shooters.push({ at: s.u[j]![HEX]!, range });
  }
  const memo = new Map<Hex, number>();
  return (h) => {
    let n = memo.get(h);
    if (n === undefined) {
      n = 0;
      for (const x of shooters) if (sc.map.grid.distance(x.at, h) <= x.range && sc.map.hasLos(x.at, h)) n++;
      memo.set(h, n);
    }
    return n;
  };
}

/** S-12 L140, S-40 L580: a vehicle may pick a unit up when it carries none, is in good order, and is not a reduced 2-step armored vehicle. */
export function mayCarry(sc: Scenario, s: State, v: number): boolean {
  const def = sc.units[v]!;
  if (!def.vehicle || (s.u[v]![FLAGS]! & F_DISRUPTED) !== 0 || passengerOf(sc, s, v) >= 0) return false;
  return !(def.armored && def.steps === 2 && s.u[v]![STEPS]! < 2) && movementAllowance(sc, s, v) > 0;
}

/** Ready leg units of the vehicle's side in its hex that it may pick up. */
export function pickUps(sc: Scenario, s: State, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    if (i === v || sc.units[i]!.side !== sc.units[v]!.side || !sc.units[i]!.leg || s.u[i]![HEX] !== s.u[v]![HEX] || s.u[i]![CARRIER] !== 0)
      continue;
    if ((s.u[i]![FLAGS]! & F_SPENT) === 0) out.push(i);
  }
  return out;
}

/**
 * A bombardment unit may fire at hex h: in range and spotted (by itself on the map, or by any friend, S-16
 * L202). `spottedByAny` answers bombardmentSpotted without a firer for the unit's side (a legal-action
 * generation asks it for every unit and hex).
 */
function mayBombardHex(sc: Scenario, s: State, i: number, h: Hex, spottedByAny: (h: Hex) => boolean): boolean {
  const def = sc.units[i]!;
  if (bombardmentRange(sc, s, i, h) > valuesOf(sc, s, i).bombRange) return false;
  return spottedByAny(h) || (!def.offBoard && bombardmentSpotted(sc, s, def.side, h, i));
}

/**
 * S-38 L158: the hex from which unit i would overrun hex h in this move, reached within `budget` with half
 * its MA left over (the hex it stands in first, then the cheapest, ruling SPG-R50), or -1.
 */
function overrunFrom(sc: Scenario, s: State, i: number, h: Hex, here: Hex, dests: ReadonlyMap<Hex, number>, budget: number): Hex {
  const half = halfMa(sc, s, i);
  const side = sc.units[i]!.side;
  if (half > budget || !mayOverrunAtAll(sc, s, i) || !overrunTarget(sc, s, side, h)) return -1;
  const grid = sc.map.grid;
  if (here >= 0 && grid.distance(here, h) === 1) return here;
  // Only a hex next to h will do: look those up rather than walk every destination.
  let best = -1,
    bestCost = Infinity,
    tied = false;
  for (let k = 0; k < 6; k++) {
    const f = grid.neighbour(h, k);
    const cost = f >= 0 ? dests.get(f) : undefined;
    if (cost === undefined || cost + half > budget || cost > bestCost || knownMineStrength(sc, s, f, side) !== 0) continue;
    tied = cost === bestCost;
    if (!tied) {
      best = f;
      bestCost = cost;
    }
  }
  if (!tied) return best;
  // Equally cheap: the one the move search reached first.
  for (const [f, cost] of dests) if (cost === bestCost && grid.distance(f, h) === 1 && knownMineStrength(sc, s, f, side) === 0) return f;
  return best;
}

/** `move U HEX` and `move U HEX drop` strings, made once per unit and hex of a scenario: a position lists hundreds of them. */
const moveStrings = new WeakMap<Scenario, (string | undefined)[]>();
function moveAction(sc: Scenario, i: number, h: Hex, drop = false): string {
  let table = moveStrings.get(sc);
  if (table === undefined) moveStrings.set(sc, (table = []));
  const k = (i * sc.map.size + h) * 2 + (drop ? 1 : 0);
  return (table[k] ??= drop ? `move ${i} ${h} drop` : `move ${i} ${h}`);
}

/** Enemy hexes of seat `side`. */
function enemyHexesOf(sc: Scenario, s: State, side: number): Set<Hex> {
  const out = new Set<Hex>();
  for (let i = 0; i < sc.units.length; i++) if (sc.units[i]!.side !== side && s.u[i]![HEX]! >= 0) out.add(s.u[i]![HEX]!);
  return out;
}

export function legalActions(sc: Scenario, s: State): string[] {
  if (s.over) return [];
  if (s.refreshQueue.length > 0) {
    const m = s.refreshQueue[0]!;
    return [`deploy ${m}`, `pack ${m}`];
  }
  if (s.opp >= 0) return ['noop', ...new Set(opportunityShooters(sc, s, s.opp).flatMap((i) => opportunityChoices(sc, s, i)))];
  if (s.replan) return continuations(sc, s);
  if (s.group.length > 0) return groupActions(sc, s);
  const side = s.active;
  const out: string[] = [s.acted > 0 ? 'end' : 'pass'];
  const seen = new Set<string>();
  const enemyHexes = enemyHexesOf(sc, s, side);
  const spotted = new Map<Hex, boolean>();
  const spottedByAny = (h: Hex): boolean => {
    let yes = spotted.get(h);
    if (yes === undefined) spotted.set(h, (yes = bombardmentSpotted(sc, s, side, h)));
    return yes;
  };
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!;
    if (def.side !== side || !ready(s, i)) continue;
    const r = s.u[i]!;
    const onMap = r[HEX]! >= 0;
    if (onMap && r[CARRIER] === 0) {
      if (mayRally(sc, s, i)) out.push(`rally ${i}`);
      const v = valuesOf(sc, s, i);
      if (v.df > 0 && canFire(s, i)) {
        for (const h of enemyHexes) {
          if (sc.map.grid.distance(r[HEX]!, h) > v.dfRange) continue;
          const targets = directFireTargets(sc, s, side, h);
          if (targets.length === 0 || !mayDirectFire(sc, s, i, h, targets)) continue;
          for (const g of fireGroups(sc, s, i, h, targets)) {
            const key = `fire ${g.join('.')} ${h}`;
            if (seen.has(key)) continue;
            seen.add(key);
            if (directFirePlan(sc, s, g, h).columns.some((c) => c.column >= 0)) out.push(key);
          }
          // S-24: any other group is formed one unit at a time.
          if (groupJoiners(sc, s, [i], h, targets).length > 0) out.push(`group ${i} ${h}`);
        }
      }
      if (v.at >= 0 && canFire(s, i)) {
        for (let t = 0; t < sc.units.length; t++) {
          if (sc.units[t]!.side === side || s.u[t]![HEX]! < 0 || s.u[t]![CARRIER] !== 0) continue;
          if (antiTankRollable(sc, antiTankModifier(sc, s, i, t))) out.push(`at ${i} ${t}`);
        }
      }
    }
    if (mayBombard(sc, s, i)) {
      for (const h of enemyHexes) {
        if (!mayBombardHex(sc, s, i, h, spottedByAny)) continue;
        for (const g of bombardmentGroups(sc, s, i, (j) => mayBombard(sc, s, j) && mayBombardHex(sc, s, j, h, spottedByAny))) {
          const key = `bomb ${g.join('.')} ${h}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const strength = g.reduce((n, j) => n + firePower(s, j, valuesOf(sc, s, j).bomb), 0);
          if (bombardmentColumns(sc, s, side, strength, h).some((c) => c.column >= 0)) out.push(key);
        }
      }
    }
    for (const h of wireEntries(sc, s, i)) out.push(`wire ${i} ${h}`);
    for (const h of clearable(sc, s, i)) out.push(`clear ${i} ${h}`);
    if ((onMap && r[CARRIER] === 0) || inColumn(s, i)) {
      const { budget, start, pre } = moveBudget(sc, s, i);
      const dests = moveDestinations(sc, s, i, budget, start, pre);
      for (const h of dests.keys()) out.push(moveAction(sc, i, h));
      const half = halfMa(sc, s, i);
      if (!inColumn(s, i) && mayCarry(sc, s, i)) {
        // S-13 L154: picking up costs half the full MA, rounded up; never with a drop-off in the same move (ruling SPG-R10).
        for (const p of pickUps(sc, s, i)) {
          out.push(`move ${i} ${r[HEX]} load ${p}`);
          for (const [h, cost] of dests) if (cost + half <= budget && stackIn(sc, s, h).units <= 1) out.push(`move ${i} ${h} load ${p}`);
        }
      }
      if (passengerOf(sc, s, i) >= 0) {
        // S-13 L154: dropping off costs half the full MA, rounded up, anywhere in the move.
        if (!inColumn(s, i)) out.push(moveAction(sc, i, r[HEX]!, true));
        for (const [h, cost] of dests) if (cost + half <= budget) out.push(moveAction(sc, i, h, true));
      }
      // S-38: an overrun is made in the course of a move, from the hex it stands in or one it moves to.
      if (onMap && r[CARRIER] === 0)
        for (const h of enemyHexes) if (overrunFrom(sc, s, i, h, r[HEX]!, dests, budget) >= 0) out.push(`overrun ${i} ${h}`);
    }
  }
  const planes = sc.sides[side]!.planes;
  planes.forEach((p, k) => {
    if ((s.planes[side]! & (1 << k)) === 0 || (s.planes[2 + side]! & (1 << k)) !== 0 || s.turn < p.fromTurn) return;
    for (const h of enemyHexes) if (airTargetAllowed(sc, s, side, h)) out.push(`air ${k} ${h}`);
  });
  for (const h of enemyHexes) if (mayBeAssaulted(sc, s, side, h) && assaultAttackers(sc, s, side, h).length > 0) out.push(`assault ${h}`);
  return out;
}

/** S-24: while a fire group is formed: fire with it (two units or more), or add one more unit. */
function groupActions(sc: Scenario, s: State): string[] {
  const h = s.groupHex;
  const targets = directFireTargets(sc, s, s.active, h);
  const out: string[] = [];
  if (s.group.length > 1) out.push(`fire ${[...s.group].sort((a, b) => a - b).join('.')} ${h}`);
  for (const j of groupJoiners(sc, s, s.group, h, targets)) out.push(`join ${j}`);
  return out;
}

/** MP x MP_SCALE the mover has left in the move in progress (its MA may have dropped with a step lost). */
function movePointsLeft(sc: Scenario, s: State): number {
  return movementAllowance(sc, s, s.mover) * MP_SCALE - s.moveSpent;
}

/** Whether the mover may end its move in the hex it stands in (S-12 L140 stacking; S-40 L578 no disrupted unit next to an enemy). */
function mayStopHere(sc: Scenario, s: State, i: number): boolean {
  const h = s.u[i]![HEX]!;
  if (!fitsIn(sc, s, i, h)) return false;
  const p = passengerOf(sc, s, i);
  const disrupted = ((s.u[i]![FLAGS]! | (p >= 0 ? s.u[p]![FLAGS]! : 0)) & F_DISRUPTED) !== 0;
  return !(disrupted && (enemyPresence(sc, s, sc.units[i]!.side)[h]! & 2) !== 0);
}

/** Where a move in progress may go on: a hex within the MP left, the hex it stands in (stop), or an overrun (once). */
function continuations(sc: Scenario, s: State): string[] {
  const i = s.mover;
  const here = s.u[i]![HEX]!;
  const left = movePointsLeft(sc, s);
  const out: string[] = [];
  if (mayStopHere(sc, s, i)) out.push(moveAction(sc, i, here));
  // Ruling SPG-R44: a unit that entered a minefield stops there.
  if (left <= 0 || mineStrength(sc, s, here) > 0) return out;
  const dests = moveDestinations(sc, s, i, left);
  for (const h of dests.keys()) out.push(moveAction(sc, i, h));
  if (!s.overran)
    for (const h of enemyHexesOf(sc, s, sc.units[i]!.side))
      if (overrunFrom(sc, s, i, h, here, new Map(), left) === here) out.push(`overrun ${i} ${h}`);
  return out;
}

const reactionRolls = (sc: Scenario) => sc.charts.reactions;

/** S-10: the first natural roll that triggers a Reaction in the action hands control over when it ends. */
function react(d: Draft, natural: number, rolls: readonly number[]): void {
  if (natural === 0 || d.reaction || d.sc.rules.pbem) return;
  if (rolls.includes(natural)) {
    d.reaction = true;
    d.d(() => `natural ${natural}: Reaction!`);
  }
}

function spend(d: Draft, units: readonly number[]): void {
  for (const i of units) if (d.hex(i) >= 0 || d.hex(i) === -1) d.setFlag(i, F_SPENT);
}

/** Control passes to `seat`: a new impulse (flanking shots count per impulse, S-34 L476). */
function handOver(d: Draft, seat: number): void {
  d.active = seat;
  d.toMove = seat;
  d.acted = 0;
  if (d.atSides.some((x) => x !== 0)) d.atSides = d.sc.units.map(() => 0);
}

/** The end of an action: control, then a Reaction's hand-over. */
function finishAction(d: Draft): void {
  updateControl(d);
  d.toMove = d.active;
  if (d.reaction) {
    d.reaction = false;
    handOver(d, 1 - d.active);
  }
}

/**
 * The active player is done for now: a hand-over or a pass (S-09). In PBEM mode (S-43, S-53) each side has
 * one impulse, the initiative player's first; after the second comes the PBEM rally phase, then Victory.
 */
function relinquish(d: Draft, passing: boolean): void {
  const sc = d.sc;
  d.d(() => `${sc.sides[d.active]!.id} ${passing ? 'passes' : 'hands over'}`);
  if (sc.rules.pbem) {
    if (!d.pbemSecond) {
      d.pbemSecond = true;
      handOver(d, 1 - d.active);
      return;
    }
    pbemRally(d);
    victoryPhase(d);
    return;
  }
  if (!passing) {
    d.passes = 0;
    handOver(d, 1 - d.active);
    return;
  }
  d.passes++;
  if (d.passes >= 2) {
    victoryPhase(d);
    return;
  }
  handOver(d, 1 - d.active);
}

/** S-43 L614, S-53 L696: every unspent disrupted unit of both sides that may rally tries to, the initiative player's first. */
function pbemRally(d: Draft): void {
  const sc = d.sc;
  for (const side of [d.initiative, 1 - d.initiative])
    for (let i = 0; i < sc.units.length; i++) {
      if (sc.units[i]!.side !== side || d.flag(i, F_SPENT)) continue;
      if (mayRally(sc, d.seal(), i)) rally(d, i);
    }
}

/** Applies a legal action to the draft. */
export function applyAction(d: Draft, action: string): void {
  const sc = d.sc;
  const w = action.split(' ');
  const verb = w[0]!;
  if (verb === 'deploy' || verb === 'pack') {
    deployChoice(d, Number(w[1]), verb === 'pack');
    if (d.refreshQueue.length === 0) finishRefresh(d);
    return;
  }
  if (verb === 'noop' || verb === 'opp') {
    if (verb === 'opp' && w[1]!.includes('.')) opportunityGroupFire(d, w[1]!.split('.').map(Number));
    else if (verb === 'opp') opportunityFire(d, Number(w[1]), w[2] === undefined ? -1 : Number(w[2]));
    if (verb === 'noop' || d.hex(d.opp) < 0 || opportunityShooters(sc, d.seal(), d.opp).length === 0) {
      d.opp = -1;
      d.oppOpen = false;
      d.toMove = d.active;
      goOn(d);
    }
    return;
  }
  if (d.replan) {
    d.replan = false;
    const i = Number(w[1]),
      h = Number(w[2]);
    const s = d.seal();
    if (verb === 'overrun') {
      d.path = [];
      d.moveEnd = h;
    } else {
      d.path = planPath(sc, s, i, d.hex(i), h, movePointsLeft(sc, s), exposure(sc, s, i))!;
      d.moveEnd = MOVE_PLAIN;
    }
    d.moverMark = markOf(d, i);
    walk(d);
    return;
  }
  if (verb === 'pass' || verb === 'end') {
    relinquish(d, verb === 'pass');
    return;
  }
  if (verb === 'group' || verb === 'join') {
    if (verb === 'group') {
      d.group = [Number(w[1])];
      d.groupHex = Number(w[2]);
    } else d.group = [...d.group, Number(w[1])];
    return;
  }
  d.passes = 0;
  d.acted++;
  const rr = reactionRolls(sc);
  switch (verb) {
    case 'move': {
      const i = Number(w[1]);
      startMove(d, i, Number(w[2]), w[3] === 'drop' ? MOVE_DROP : MOVE_PLAIN, w[3] === 'load' ? Number(w[4]) : -1);
      return;
    }
    case 'overrun': {
      const i = Number(w[1]),
        h = Number(w[2]);
      const s = d.seal();
      const { budget } = moveBudget(sc, s, i);
      const from = overrunFrom(sc, s, i, h, d.hex(i), moveDestinations(sc, s, i, budget), budget);
      startMove(d, i, from, h, -1);
      return;
    }
    case 'wire': {
      const i = Number(w[1]),
        h = Number(w[2]);
      if (enterWire(d, i, h)) {
        // Ruling SPG-R31: getting through the wire is a move into its hex, and all of the unit's action.
        beginMove(d, i, [], movementAllowance(sc, d.seal(), i) * MP_SCALE, MOVE_PLAIN);
        if (!openWindow(d)) goOn(d);
        return;
      }
      spend(d, [i]);
      break;
    }
    case 'clear': {
      const i = Number(w[1]);
      clearObstacle(d, i, Number(w[2]));
      spend(d, [i]);
      break;
    }
    case 'fire': {
      const firers = w[1]!.split('.').map(Number);
      d.group = [];
      d.groupHex = -1;
      spend(d, firers);
      react(d, resolveDirectFire(d, firers, Number(w[2])), rr.activeFire.rolls);
      break;
    }
    case 'at': {
      const i = Number(w[1]),
        t = Number(w[2]);
      const mod = antiTankModifier(sc, d.seal(), i, t)!;
      spend(d, [i]);
      react(
        d,
        d.attack(() => resolveAntiTank(d, i, t, mod)),
        rr.activeAntiTank.rolls,
      );
      break;
    }
    case 'bomb': {
      const group = w[1]!.split('.').map(Number);
      spend(d, group);
      react(
        d,
        d.attack(() => resolveBombardment(d, group, Number(w[2]))),
        rr.activeFire.rolls,
      );
      break;
    }
    case 'air': {
      const k = Number(w[1]),
        side = d.active;
      const planes = d.mut('planes');
      planes[2 + side] = planes[2 + side]! | (1 << k);
      const r = d.attack(() => resolveAir(d, side, k, Number(w[2])));
      if (r.gone) planes[side] = planes[side]! & ~(1 << k);
      if (r.roll > 0) react(d, r.roll, rr.activeFire.rolls);
      break;
    }
    case 'assault': {
      const h = Number(w[1]);
      const attackers = assaultAttackers(sc, d.seal(), d.active, h);
      const o = resolveAssault(d, attackers, h);
      react(d, o.defenceRoll, rr.inactiveFire.rolls);
      react(d, o.attackRoll, rr.activeFire.rolls);
      spend(d, attackers);
      break;
    }
    case 'rally': {
      const i = Number(w[1]);
      rally(d, i);
      spend(d, [i]);
      break;
    }
    default:
      throw new Error(`unknown SPG action verb "${verb}"`);
  }
  finishAction(d);
}

/** The mover's steps and disruption, to tell whether a shot changed it. */
function markOf(d: Draft, i: number): number {
  return d.steps(i) * 2 + (d.flag(i, F_DISRUPTED) ? 1 : 0);
}

function beginMove(d: Draft, i: number, path: number[], spent: number, end: number): void {
  d.mover = i;
  d.path = path;
  d.moveSpent = spent;
  d.moveEnd = end;
  d.overran = false;
  d.replan = false;
  d.moverMark = markOf(d, i);
}

/**
 * A move action (S-12..S-15): a pick-up first (S-13 L154), the path to `to` (or from the column, S-08 L64),
 * then what ends it (a drop-off, an overrun of hex `end`).
 */
function startMove(d: Draft, i: number, to: Hex, end: number, load: number): void {
  const sc = d.sc;
  const s = d.seal();
  const { budget, start, pre } = moveBudget(sc, s, i);
  const half = halfMa(sc, s, i);
  const spent = pre + (load >= 0 ? half : 0);
  const afterwards = end === MOVE_PLAIN ? 0 : half;
  const risk = exposure(sc, s, i);
  let path: number[];
  if (start !== undefined) {
    const enter = entryCost(sc, i, start);
    path = [start, enter, ...planPath(sc, s, i, start, to, budget - spent - enter - afterwards, risk)!];
  } else path = planPath(sc, s, i, d.hex(i), to, budget - spent - afterwards, risk)!;
  if (load >= 0) {
    d.setCarrier(load, i);
    // S-13 L158: a gun picked up flips to its towed side.
    if (sc.units[load]!.gun || sc.units[load]!.mortar) d.setFlag(load, F_PACKED);
    d.d(() => `${sc.units[load]!.name} (${sc.units[load]!.id}) is picked up`);
  }
  d.setFlag(i, F_DUG_IN, false); // S-47 L652: lost for good on moving
  beginMove(d, i, path, spent, end);
  walk(d);
}

/** Walks the path hex by hex until a window opens, the mover is hit or lost, or the path ends. */
function walk(d: Draft): void {
  const sc = d.sc;
  const i = d.mover;
  while (d.path.length > 0) {
    const h = d.path[0]!,
      cost = d.path[1]!;
    d.path = d.path.slice(2);
    d.moveSpent += cost;
    if (d.flag(i, F_IN_COLUMN)) d.setFlag(i, F_IN_COLUMN, false);
    d.moveTo(i, h);
    d.d(() => `${sc.units[i]!.name} (${sc.units[i]!.id}) moves to ${sc.map.grid.label(h)}`);
    // S-34 L484: opportunity shots flank one another only in the same hex of the move.
    if (d.atSides[i] !== 0) d.mut('atSides')[i] = 0;
    mineStop(d, i, h);
    // Ruling SPG-R39; with rule.opportunityFireAtMoveEnd only the hex where the path ends.
    const windowHere = d.path.length === 0 || !sc.rules.opportunityFireAtMoveEnd;
    if (d.hex(i) >= 0 && windowHere && openWindow(d)) return;
    if (!stillPlanned(d)) return;
  }
  arrive(d);
}

/** After a hex entered: false (and the move closed) when the mover is gone; a mover that was hit drops its plan. */
function stillPlanned(d: Draft): boolean {
  const i = d.mover;
  if (d.hex(i) < 0) {
    closeMove(d);
    return false;
  }
  if (markOf(d, i) !== d.moverMark) {
    d.moverMark = markOf(d, i);
    d.path = [];
    d.moveEnd = MOVE_ON;
  }
  return true;
}

/** The window has closed: the move goes on. */
function goOn(d: Draft): void {
  if (stillPlanned(d)) walk(d);
}

/** A passenger that a hit on its carrier has put down was moved in this action: it ends spent (S-13 L156). */
function spendDismounted(d: Draft, rider: number): void {
  if (rider >= 0 && d.hex(rider) >= 0 && d.carrierOf(rider) < 0) spend(d, [rider]);
}

/** S-50 L674: a minefield attacks a unit entering it (obstacles.ts mineAttack); ruling SPG-R44: it stops there. */
function mineStop(d: Draft, i: number, h: Hex): void {
  const sc = d.sc;
  if (mineStrength(sc, d, h) <= 0) return;
  const rider = passengerOf(sc, d.seal(), i);
  mineAttack(d, i, h);
  spendDismounted(d, rider);
  // Stopped short by a minefield it did not know of: where it ends is its player's choice (or its loss) as after a hit.
  if (d.path.length > 0) d.moveEnd = MOVE_ON;
  d.path = [];
}

/**
 * The mover has entered a hex. Outside PBEM mode a window opens when an enemy could fire: returns true, the
 * inactive player decides. In PBEM mode the adjacent unspent good-order enemies that could hurt it fire
 * by themselves, without a change of control (S-53 L694, L700).
 */
function openWindow(d: Draft): boolean {
  const sc = d.sc;
  const i = d.mover;
  const h = d.hex(i);
  const def = sc.units[i]!;
  d.oppOpen = def.leg && sc.terrain[sc.map.terrain[h]!]!.cover === 'open' && !sc.wire[h];
  d.opp = i;
  if (!sc.rules.pbem) {
    if (opportunityShooters(sc, d.seal(), i).length > 0) {
      d.toMove = 1 - d.active;
      return true;
    }
  } else {
    for (let j = 0; j < sc.units.length && d.hex(i) >= 0; j++) {
      if (sc.units[j]!.side === def.side || d.flag(j, F_SPENT) || d.flag(j, F_DISRUPTED) || d.hex(j) < 0) continue;
      if (sc.map.grid.distance(d.hex(j), d.hex(i)) !== 1) continue;
      const s = d.seal();
      if (canFire(s, j) && opportunityKind(sc, s, j, i) !== undefined) opportunityFire(d, j);
    }
  }
  d.opp = -1;
  d.oppOpen = false;
  return false;
}

/** The path is walked: drop the passenger off, or overrun, or let the player say where the move goes on; else it ends. */
function arrive(d: Draft): void {
  const sc = d.sc;
  const i = d.mover;
  const end = d.moveEnd;
  d.moveEnd = MOVE_PLAIN;
  if (end === MOVE_DROP) {
    const p = passengerOf(sc, d.seal(), i);
    if (p >= 0) {
      d.setCarrier(p, -1);
      d.setHex(p, d.hex(i));
      d.setFlag(p, F_DROPPED);
      d.setFlag(p, F_SPENT);
      d.d(() => `${sc.units[p]!.name} (${sc.units[p]!.id}) is dropped off`);
    }
  } else if (end >= 0) {
    overrun(d, i, end);
    return;
  } else if (end === MOVE_ON) {
    const options = continuations(sc, d.seal());
    if (options.length === 0) forcedStop(d, i);
    else if (options.length > 1 || options[0] !== `move ${i} ${d.hex(i)}`) {
      d.replan = true;
      d.toMove = d.active;
      return;
    }
  }
  closeMove(d);
}

/**
 * A mover that may neither stop where it is nor go anywhere: a disrupted unit next to an enemy surrenders
 * (S-40 L580); one over the stacking limit is the unit its player gives up (S-12 L140, ruling SPG-R49).
 */
function forcedStop(d: Draft, i: number): void {
  const sc = d.sc;
  d.d(() => `${sc.units[i]!.name} (${sc.units[i]!.id}) cannot end its move where it is and is lost`);
  d.eliminate(i);
}

/**
 * S-38 L158-L160: the overrun from the hex the mover stands in costs half its MA; cleared, it advances into
 * the hex (a hex entered: opportunity fire may strike there) and may move on with what MA it has left,
 * but not overrun again; repulsed, it stops where it is.
 */
function overrun(d: Draft, i: number, h: Hex): void {
  const sc = d.sc;
  const s = d.seal();
  if (!mayOverrunFrom(sc, s, i, h, d.hex(i)) || movePointsLeft(sc, s) < halfMa(sc, s, i)) {
    d.moveEnd = MOVE_ON;
    arrive(d);
    return;
  }
  d.moveSpent += halfMa(sc, s, i);
  d.overran = true;
  const rr = sc.charts.reactions;
  const o = resolveAssault(d, [i], h, true);
  react(d, o.defenceRoll, rr.inactiveFire.rolls);
  react(d, o.attackRoll, rr.activeFire.rolls);
  if (!o.cleared || d.hex(i) !== h) {
    closeMove(d);
    return;
  }
  d.moverMark = markOf(d, i);
  d.moveEnd = MOVE_ON;
  if (!openWindow(d)) goOn(d);
}

/** The move is over: the mover and its passenger end spent (S-13 L156, S-15 L192); the action ends. */
function closeMove(d: Draft): void {
  const i = d.mover;
  if (i >= 0) {
    const p = passengerOf(d.sc, d.seal(), i);
    spend(d, p >= 0 ? [i, p] : [i]);
  }
  d.mover = -1;
  d.path = [];
  d.moveSpent = 0;
  d.moveEnd = MOVE_PLAIN;
  d.overran = false;
  d.replan = false;
  d.moverMark = 0;
  d.opp = -1;
  d.oppOpen = false;
  finishAction(d);
}

/**
 * One opportunity shot at the mover, or with `rider` >= 0 direct fire at its outside rider alone (S-11
 * L146); the shooter is spent (S-15 L192). The inactive player's natural rolls react (S-10 L88). A
 * passenger the shot dismounts was moved in this action: it ends spent (S-13 L156).
 */
function opportunityFire(d: Draft, shooter: number, rider = -1): void {
  const sc = d.sc;
  const s = d.seal();
  const mover = d.opp;
  const kind = rider >= 0 ? 'rider' : opportunityKind(sc, s, shooter, mover);
  const passenger = passengerOf(sc, s, mover);
  d.setFlag(shooter, F_SPENT);
  const rr = sc.charts.reactions;
  if (kind === 'at') {
    const mod = antiTankModifier(sc, s, shooter, mover, { opportunity: true })!;
    react(
      d,
      d.attack(() => resolveAntiTank(d, shooter, mover, mod)),
      rr.inactiveAntiTank.rolls,
    );
  } else if (kind === 'df') {
    react(d, resolveDirectFire(d, [shooter], d.hex(mover), { opportunityOpen: d.oppOpen, only: mover }), rr.inactiveFire.rolls);
  } else if (kind === 'rider') {
    react(d, resolveDirectFire(d, [shooter], d.hex(mover), { only: rider }), rr.inactiveFire.rolls);
  }
  spendDismounted(d, passenger);
}

/** Ruling SPG-R06 with rule.opportunityFireGroups: a fire group's opportunity direct fire at the mover; every member is spent. */
function opportunityGroupFire(d: Draft, group: readonly number[]): void {
  const sc = d.sc;
  const mover = d.opp;
  const passenger = passengerOf(sc, d.seal(), mover);
  spend(d, group);
  react(d, resolveDirectFire(d, group, d.hex(mover), { opportunityOpen: d.oppOpen, only: mover }), sc.charts.reactions.inactiveFire.rolls);
  spendDismounted(d, passenger);
}
