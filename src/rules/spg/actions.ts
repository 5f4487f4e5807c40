/**
 * The Action phase (SPG S-09, S-10, S-15): the active player picks one unit, fire group or assault group
 * and one action (move, fire, AT fire, bombard, air, assault, overrun, rally), resolves it, and the units
 * end spent; he may then act again or hand over (after at least one action); a player who acts not at
 * all has passed, and two passes in succession end the phase. A natural roll on the Reaction table
 * hands control over when the action in progress ends. A move opens an opportunity-fire window for the
 * inactive player in the hex it ends in.
 *
 * Actions are strings: `pass`, `end` (hand over), `move U HEX` / `move U HEX drop`, `fire U.V.W HEX`,
 * `at U T`, `bomb U HEX`, `air K HEX`, `assault HEX`, `overrun U HEX`, `rally U`; in a window `opp U`
 * and `noop`. U, V, T are unit indices, HEX a hex index, K a plane index.
 */
import type { Hex } from '../../hex/grid.js';
import { antiTankModifier, antiTankRollable, resolveAntiTank } from './antitank.js';
import { assaultAttackers, mayBeAssaulted, mayOverrun, resolveAssault } from './assault.js';
import {
  airTargetAllowed,
  bombardHex,
  bombardmentColumns,
  bombardmentGroups,
  bombardmentRange,
  bombardmentSpotted,
  mayBombard,
  resolveAir,
  resolveBombardment,
} from './bombardment.js';
import { canFire, directFirePlan, directFireTargets, fireGroups, firePower, mayDirectFire, resolveDirectFire, valuesOf } from './fire.js';
import { columnPlaceCost, inColumn, moveDestinations, movementAllowance, passengerOf, stackIn } from './movement.js';
import { mayRally, rally } from './morale.js';
import { clearable, clearObstacle, enterWire, mineStrength, wireEntries } from './obstacles.js';
import { roll2d6 } from '../../core/rng.js';
import { tableResult } from '../../hex/tables.js';
import { MP_SCALE, type Scenario } from './scenario.js';
import {
  CARRIER,
  F_DISRUPTED,
  F_DROPPED,
  F_DUG_IN,
  F_IMMOBILE,
  F_IN_COLUMN,
  F_PACKED,
  F_SPENT,
  FLAGS,
  HEX,
  STEPS,
  type Draft,
  type State,
} from './state.js';
import { updateControl, victoryPhase } from './turn.js';

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

/** Units of the inactive player that may opportunity fire at `mover` in hex h (S-15 L192, S-40 L584: ready and good order). */
export function opportunityShooters(sc: Scenario, s: State, mover: number): number[] {
  const h = s.u[mover]![HEX]!;
  if (h < 0) return [];
  const side = 1 - sc.units[mover]!.side;
  const out: number[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side !== side || !ready(s, i) || (s.u[i]![FLAGS]! & F_DISRUPTED) !== 0 || !canFire(s, i)) continue;
    if (opportunityKind(sc, s, i, mover) !== undefined) out.push(i);
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

/** A bombardment unit may fire at hex h: in range and spotted (by itself on the map, or by any friend, S-16 L202). */
function mayBombardHex(sc: Scenario, s: State, i: number, h: Hex): boolean {
  const def = sc.units[i]!;
  return bombardmentRange(sc, s, i, h) <= valuesOf(sc, s, i).bombRange && bombardmentSpotted(sc, s, def.side, h, def.offBoard ? -1 : i);
}

export function legalActions(sc: Scenario, s: State): string[] {
  if (s.over) return [];
  if (s.opp >= 0) return ['noop', ...opportunityShooters(sc, s, s.opp).map((i) => `opp ${i}`)];
  const side = s.active;
  const out: string[] = [s.acted > 0 ? 'end' : 'pass'];
  const seen = new Set<string>();
  const enemyHexes = new Set<Hex>();
  for (let i = 0; i < sc.units.length; i++) if (sc.units[i]!.side !== side && s.u[i]![HEX]! >= 0) enemyHexes.add(s.u[i]![HEX]!);
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
        }
      }
      if (v.at >= 0 && canFire(s, i)) {
        for (let t = 0; t < sc.units.length; t++) {
          if (sc.units[t]!.side === side || s.u[t]![HEX]! < 0 || s.u[t]![CARRIER] !== 0) continue;
          if (antiTankRollable(sc, antiTankModifier(sc, s, i, t))) out.push(`at ${i} ${t}`);
        }
      }
      for (const h of enemyHexes) if (mayOverrun(sc, s, i, h)) out.push(`overrun ${i} ${h}`);
    }
    if (mayBombard(sc, s, i)) {
      for (const h of enemyHexes) {
        if (!mayBombardHex(sc, s, i, h)) continue;
        for (const g of bombardmentGroups(sc, s, i, (j) => mayBombard(sc, s, j) && mayBombardHex(sc, s, j, h))) {
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
      for (const h of dests.keys()) out.push(`move ${i} ${h}`);
      const half = Math.ceil(movementAllowance(sc, s, i) / 2) * MP_SCALE;
      if (!inColumn(s, i) && mayCarry(sc, s, i)) {
        // S-13 L154: picking up costs half the full MA, rounded up; never with a drop-off in the same move (ruling SPG-R10).
        for (const p of pickUps(sc, s, i)) {
          out.push(`move ${i} ${r[HEX]} load ${p}`);
          for (const [h, cost] of dests) if (cost + half <= budget && stackIn(sc, s, h).units <= 1) out.push(`move ${i} ${h} load ${p}`);
        }
      }
      if (passengerOf(sc, s, i) >= 0) {
        // S-13 L154: dropping off costs half the full MA, rounded up, anywhere in the move.
        if (!inColumn(s, i)) out.push(`move ${i} ${r[HEX]} drop`);
        for (const [h, cost] of dests) if (cost + half <= budget) out.push(`move ${i} ${h} drop`);
      }
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

/** Applies a legal action to the draft. */
export function applyAction(d: Draft, action: string): void {
  const sc = d.sc;
  const w = action.split(' ');
  const verb = w[0]!;
  if (verb === 'noop' || verb === 'opp') {
    if (verb === 'opp') opportunityFire(d, Number(w[1]));
    const s = d.seal();
    if (verb === 'noop' || d.hex(d.opp) < 0 || opportunityShooters(sc, s, d.opp).length === 0) closeMove(d);
    return;
  }
  if (verb === 'pass') {
    d.passes++;
    d.d(() => `${sc.sides[d.active]!.id} passes`);
    if (d.passes >= 2) {
      victoryPhase(d);
      return;
    }
    handOver(d, 1 - d.active);
    return;
  }
  if (verb === 'end') {
    d.passes = 0;
    d.d(() => `${sc.sides[d.active]!.id} hands over`);
    handOver(d, 1 - d.active);
    return;
  }
  d.passes = 0;
  d.acted++;
  const rr = reactionRolls(sc);
  switch (verb) {
    case 'move': {
      move(d, Number(w[1]), Number(w[2]), { drop: w[3] === 'drop', load: w[3] === 'load' ? Number(w[4]) : -1 });
      return;
    }
    case 'wire': {
      const i = Number(w[1]),
        h = Number(w[2]);
      const from = d.hex(i);
      if (enterWire(d, i, h)) {
        afterMove(d, i, from, h);
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
      spend(d, firers);
      react(d, resolveDirectFire(d, firers, Number(w[2])), rr.activeFire.rolls);
      break;
    }
    case 'at': {
      const i = Number(w[1]),
        t = Number(w[2]);
      const mod = antiTankModifier(sc, d.seal(), i, t)!;
      spend(d, [i]);
      react(d, resolveAntiTank(d, i, t, mod), rr.activeAntiTank.rolls);
      break;
    }
    case 'bomb': {
      const group = w[1]!.split('.').map(Number);
      spend(d, group);
      react(d, resolveBombardment(d, group, Number(w[2])), rr.activeFire.rolls);
      break;
    }
    case 'air': {
      const k = Number(w[1]),
        side = d.active;
      const planes = d.mut('planes');
      planes[2 + side] = planes[2 + side]! | (1 << k);
      const r = resolveAir(d, side, k, Number(w[2]));
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
    case 'overrun': {
      const i = Number(w[1]),
        h = Number(w[2]);
      d.setFlag(i, F_DUG_IN, false);
      const o = resolveAssault(d, [i], h, true);
      react(d, o.defenceRoll, rr.inactiveFire.rolls);
      react(d, o.attackRoll, rr.activeFire.rolls);
      spend(
        d,
        [i, passengerOf(sc, d.seal(), i)].filter((x) => x >= 0),
      );
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

/** Moves a unit (with its passenger); mines attack it on entry (S-50); then the opportunity window opens. */
function move(d: Draft, i: number, h: Hex, opts: { drop: boolean; load: number }): void {
  const sc = d.sc;
  const from = d.hex(i);
  const drop = opts.drop;
  if (opts.load >= 0) {
    d.setCarrier(opts.load, i);
    // S-13 L158: a gun picked up flips to its towed side.
    if (sc.units[opts.load]!.gun || sc.units[opts.load]!.mortar) d.setFlag(opts.load, F_PACKED);
    d.d(() => `${sc.units[opts.load]!.name} (${sc.units[opts.load]!.id}) is picked up`);
  }
  if (d.flag(i, F_IN_COLUMN)) d.setFlag(i, F_IN_COLUMN, false);
  d.setFlag(i, F_DUG_IN, false); // S-47 L652: lost for good on moving
  if (from !== h) d.moveTo(i, h);
  d.d(() => `${sc.units[i]!.name} (${sc.units[i]!.id}) moves to ${sc.map.grid.label(h)}`);
  if (drop) {
    const p = passengerOf(sc, d.seal(), i);
    if (p >= 0) {
      d.setCarrier(p, -1);
      d.setHex(p, h);
      d.setFlag(p, F_DROPPED);
      d.setFlag(p, F_SPENT);
      d.d(() => `${sc.units[p]!.name} (${sc.units[p]!.id}) is dropped off`);
    }
  }
  const mines = mineStrength(sc, d, h);
  if (mines > 0 && from !== h) {
    const s = d.seal();
    const col = bombardmentColumns(sc, s, 1 - sc.units[i]!.side, mines, h).find((c) => c.unit === i);
    const roll = bombardHex(d, 1 - sc.units[i]!.side, mines, h, () => roll2d6(d.rng), undefined, i);
    // S-50 L674: M2 immobilizes an armored vehicle.
    if (
      roll > 0 &&
      col &&
      col.column >= 0 &&
      sc.units[i]!.armored &&
      d.hex(i) >= 0 &&
      tableResult(sc.tables.bomb, col.column, roll) === 'M2'
    )
      d.setFlag(i, F_IMMOBILE);
  }
  afterMove(d, i, from, h);
}

/** The opportunity-fire window in the hex a unit moved into, if any enemy may fire; else the action ends. */
function afterMove(d: Draft, i: number, from: Hex, h: Hex): void {
  const sc = d.sc;
  const s = d.seal();
  if (d.hex(i) >= 0 && from !== h && opportunityShooters(sc, { ...s, opp: i }, i).length > 0) {
    d.opp = i;
    const def = sc.units[i]!;
    d.oppOpen = def.leg && sc.terrain[sc.map.terrain[h]!]!.cover === 'open' && !sc.wire[h];
    d.toMove = 1 - d.active;
    return;
  }
  d.opp = i;
  closeMove(d);
}

/** The mover (and its passenger) end spent (S-13 L156, S-15 L192); the action ends. */
function closeMove(d: Draft): void {
  const i = d.opp;
  if (i >= 0) {
    const p = passengerOf(d.sc, d.seal(), i);
    spend(d, p >= 0 ? [i, p] : [i]);
  }
  d.opp = -1;
  d.oppOpen = false;
  finishAction(d);
}

/** One opportunity shot at the mover; the shooter is spent (S-15 L192). The inactive player's natural rolls react (S-10 L88). */
function opportunityFire(d: Draft, shooter: number): void {
  const sc = d.sc;
  const s = d.seal();
  const mover = d.opp;
  const kind = opportunityKind(sc, s, shooter, mover);
  d.setFlag(shooter, F_SPENT);
  const rr = sc.charts.reactions;
  if (kind === 'at') {
    const mod = antiTankModifier(sc, s, shooter, mover, { opportunity: true })!;
    react(d, resolveAntiTank(d, shooter, mover, mod), rr.inactiveAntiTank.rolls);
  } else if (kind === 'df') {
    react(d, resolveDirectFire(d, [shooter], d.hex(mover), { opportunityOpen: d.oppOpen, only: mover }), rr.inactiveFire.rolls);
  }
}
