/**
 * The turn (3.0): Initiative Determination, Bombardment, the Action phase of segments with its pass rule and
 * mandatory Fog of War (15.6, shell shortage 15.7), and Marker Removal; objective control (1.2) and the
 * outcome of the game.
 */
import type { GameOutcome } from '../../core/system.js';
import type { Hex } from '../../hex/grid.js';
import { bombardVertex } from './combat.js';
import { exitPoints, inPlay } from './entry.js';
import { plannedGroup, plannedVertex, SMOKE } from './plans.js';
import { type Scenario, vertexHexes } from './scenario.js';
import {
  type Draft,
  F_ACTIVE,
  F_HIDDEN,
  F_ATTACKER,
  F_CHARGE,
  F_EXITED,
  F_LED,
  F_MOVED,
  F_SPENT,
  FLAGS,
  MP,
  OPP,
  type State,
} from './state.js';
import { isCombat } from './units.js';

/** Lead segments from the winning margin (3.0A): half, with 1/2 rounded up to 1 but 1.5 down to 1, 2.5 to 2. */
export function leadSegments(margin: number): number {
  return Math.max(1, Math.floor(margin / 2));
}

/** A side's initiative this turn (3.0A): the rating, -1 per threshold of step losses, -2 under decapitation (6.73), never below 0. */
export function currentInitiative(
  sc: Scenario,
  s: { lost: readonly number[]; decapUntil: readonly number[] },
  side: number,
  turn: number,
): number {
  const def = sc.sides[side]!;
  let v = def.initiative - Math.floor(s.lost[side]! / def.lossesPerInitiative);
  if (s.decapUntil[side]! > 0 && turn <= s.decapUntil[side]!) v -= 2;
  return Math.max(0, v);
}

/** Starts turn `turn`: initiative, then the Bombardment phase, then the first action segment. */
export function startTurn(d: Draft, turn: number): void {
  d.turn = turn;
  d.events && d.say(() => `turn ${turn} begins${d.isNight() ? ' (night)' : ''}`);
  const init = [0, 1].map((s) => currentInitiative(d.sc, d, s, turn));
  let a = 0,
    b = 0;
  do {
    a = d.d6() + init[0]!;
    b = d.d6() + init[1]!;
  } while (a === b);
  const winner = a > b ? 0 : 1;
  d.initiative = winner;
  d.lead = leadSegments(Math.abs(a - b));
  if (turn === 1) d.initiativeTurn1 = winner;
  d.events &&
    d.say(
      () => `initiative: ${d.sc.sides[0]!.id} ${a}, ${d.sc.sides[1]!.id} ${b}: ${d.sc.sides[winner]!.id} leads by ${d.lead} segment(s)`,
    );
  bombardmentPhase(d);
  d.segs = [0, 0];
  d.lastPass = -1;
  d.active = winner;
  d.toMove = winner;
  d.activated = false;
  updateControl(d);
  checkGameOver(d);
}

/**
 * The Bombardment phase (9.0-9.7): the initiative player's increments first, each as its side's written plan
 * says (9.1, State.plans). Increments planned at the same vertex fire as one attack per fire group written
 * in the plan (9.2, ruling IA2-R09): one attack when unmarked, separate attacks when grouped apart. An
 * increment firing at the vertex it fired at last turn puts drumfire on it (9.6). Critical shortfall halves
 * the increment and may exhaust its ammunition (15.7). An increment planned to fire Smoke makes no attack and
 * no drumfire (15.11, 15.14, 9.64) and breaks its drumfire continuity (9.64: two Fire turns in a row are
 * needed); it places a marker on 2d6 <= 8 (placeSmoke).
 */
export function bombardmentPhase(d: Draft): void {
  const sc = d.sc;
  const size = sc.map.size;
  d.drumfire = [];
  const last = d.arr('lastVertex');
  for (const side of [d.initiative, 1 - d.initiative]) {
    // Keyed by vertex and fire group (9.2): each group an attack of its own, drumfire too.
    const byVertex = new Map<number, { v: number; strength: number; drum: number }>();
    sc.increments.forEach((inc, k) => {
      if (inc.side !== side) return;
      const v = plannedVertex(sc.planLibrary, side, d.plans, k, d.turn, d.written);
      if (v < 0 || d.ammoOut[k]) {
        last[k] = -1;
        return;
      }
      let strength = inc.strength;
      if (d.shortage[side] === 2) {
        strength = Math.ceil(strength / 2);
        if (d.d6() <= 2) {
          d.arr('ammoOut')[k] = d.turn;
          d.events && d.say(() => `increment ${inc.id} is out of ammunition (15.7)`);
        }
      }
      const group = plannedGroup(sc.planLibrary, side, d.plans, k, d.turn, d.written);
      if (group === SMOKE) {
        last[k] = -1;
        placeSmoke(d, inc.id, v, side);
        return;
      }
      const key = v * 10 + group;
      const g = byVertex.get(key) ?? { v, strength: 0, drum: 0 };
      g.strength += strength;
      if (last[k] === v) g.drum += strength;
      byVertex.set(key, g);
      last[k] = v;
    });
    for (const g of byVertex.values()) {
      const hexes = vertexHexes(size, g.v);
      bombardVertex(d, hexes, g.strength, side);
      if (g.drum > 0) d.drumfire = [...d.drumfire, ...hexes, g.drum, side];
    }
  }
}

/**
 * A Smoke mission (15.11): 2d6 <= 8 places a Smoke marker in a hex of the vertex, by 1d6 on the placement
 * figure the text lacks (ruling IA2-R130): 1-2 the first of its three hexes, 3-4 the second, 5-6 the third,
 * in the owner's frame (seat 0 in hex order, seat 1 in the order of the map turned half round).
 */
export function placeSmoke(d: Draft, id: string, vertex: number, side: number): void {
  const roll = d.roll2d6();
  if (roll > d.sc.charts.smoke.placeAtOrBelow.value) {
    d.events && d.say(() => `increment ${id} fires smoke: rolled ${roll}, no marker (15.11)`);
    return;
  }
  const hexes = ownFrameOrder(d, vertexHexes(d.sc.map.size, vertex), side);
  const h = hexes[Math.floor((d.d6() - 1) / 2)]!;
  d.smoke = [...d.smoke, h, side];
  d.events && d.say(() => `increment ${id} fires smoke: rolled ${roll}, a Smoke marker in ${d.sc.map.grid.label(h)} (15.11)`);
}

/** The hexes in the owner's frame: seat 1 sees the map turned half round, so a point-symmetric scenario plays alike for both. */
function ownFrameOrder(d: Draft, hexes: readonly Hex[], side: number): Hex[] {
  const grid = d.sc.map.grid;
  const frame = (h: Hex) => (side === 0 ? h : grid.rotate180(h));
  return hexes.slice().sort((a, b) => frame(a) - frame(b));
}

/**
 * Smoke dispersal and drift (15.13), in Marker Removal, a die per marker in the order placed: 1 it stays,
 * 2 it drifts one hex by a second die on the scatter diagram the text lacks (ruling IA2-R131: "Hex 1" is
 * the hex north of it in the owner's frame, seat 1's frame the map turned half round, and 2-6 go on
 * clockwise), 3-6 it is removed. Smoke drifting off the map is removed.
 */
export function disperseSmoke(d: Draft): void {
  if (d.smoke.length === 0) return;
  const grid = d.sc.map.grid;
  const chart = d.sc.charts.smoke;
  const kept: number[] = [];
  for (let k = 0; k < d.smoke.length; k += 2) {
    const h = d.smoke[k]!,
      owner = d.smoke[k + 1]!;
    const roll = d.d6();
    if (roll <= chart.staysAtOrBelow.value) {
      kept.push(h, owner);
      d.events && d.say(() => `smoke in ${grid.label(h)} stays (rolled ${roll}, 15.13)`);
    } else if (roll <= chart.driftsAtOrBelow.value) {
      const scatter = d.d6();
      const to = grid.neighbour(h, ((owner === 0 ? 0 : 3) + scatter - 1) % 6);
      if (to >= 0) kept.push(to, owner);
      d.events &&
        d.say(
          () =>
            `smoke in ${grid.label(h)} drifts (rolled ${roll}, then ${scatter}): ${to >= 0 ? `to ${grid.label(to)}` : 'off the map'} (15.13)`,
        );
    } else d.events && d.say(() => `smoke in ${grid.label(h)} disperses (rolled ${roll}, 15.13)`);
  }
  d.smoke = kept;
}

/** Objective control (1.2): the side whose combat units last occupied the hex alone. */
export function updateControl(d: Draft): void {
  d.sc.objectives.forEach((o, k) => {
    let sides = 0;
    // 15.5: a hidden unit takes no control until revealed (control is public).
    for (let i = d.firstIn(o.hex); i >= 0; i = d.nextIn(i)) if (isCombat(d, i) && !d.flag(i, F_HIDDEN)) sides |= 1 << d.sc.units[i]!.side;
    const c = sides === 1 ? 0 : sides === 2 ? 1 : -1;
    if (c >= 0 && d.control[k] !== c) d.arr('control')[k] = c;
  });
}

/** The game ends after the last turn, or when a side has no combat unit left on the map or waiting to enter (15.41). */
export function checkGameOver(d: Draft): void {
  for (const side of [0, 1]) {
    if (!d.sc.units.some((u, i) => u.side === side && !u.leader && !u.transport && inPlay(d.hex(i)))) d.over = true;
  }
}

/**
 * Ends the active side's segment (3.1): marks its activated pieces Moved/Fired; two passes in a row by the
 * two players end the turn (ruling IA2-R03); from the point both have taken three segments, the player who
 * took it rolls 3d6 for Fog of War (15.6, ruling IA2-R02), 15 or more (+1 at night) ending the turn, 3 or 4
 * starting a shell shortage (15.7).
 */
export function endSegment(d: Draft, passed: boolean): void {
  for (let i = 0; i < d.sc.units.length; i++) {
    if (!d.flag(i, F_ACTIVE)) continue;
    d.set(i, FLAGS, (d.get(i, FLAGS) | F_SPENT) & ~(F_ACTIVE | F_LED | F_MOVED | F_EXITED));
    d.set(i, MP, 0);
  }
  d.activated = false;
  const side = d.active;
  const segs = d.arr('segs');
  segs[side] = segs[side]! + 1;
  const bothPassed = passed && d.lastPass === 1 - side;
  d.lastPass = passed ? side : -1;
  if (bothPassed) {
    d.events && d.say(() => 'both players pass: the turn ends');
    endTurn(d);
    return;
  }
  if (segs[0]! >= 3 && segs[1]! >= 3) {
    const raw = d.d6() + d.d6() + d.d6();
    const roll = raw + (d.isNight() ? d.sc.charts.fogOfWar.nightBonus.value : 0);
    d.events && d.say(() => `fog of war: ${d.sc.sides[side]!.id} rolls ${roll}`);
    // 15.7 with the unmodified roll (ruling IA2-R12); the switch reads the night-modified one.
    const forShortage = d.sc.data.rules.fogOfWarNightShortage ? roll : raw;
    if (forShortage <= d.sc.charts.fogOfWar.shortageAtOrBelow.value) shellShortage(d, side);
    if (roll >= d.sc.charts.fogOfWar.endsTurnAt.value) {
      d.events && d.say(() => 'the fog of war ends the turn');
      endTurn(d);
      return;
    }
  }
  let next: number;
  if (side === d.initiative && d.lead > 1) {
    d.lead -= 1;
    next = side;
  } else {
    d.lead = 0;
    next = 1 - side;
  }
  d.active = next;
  d.toMove = next;
}

/** 15.7: the first 3-4 a shortfall, a second on a later turn a critical shortfall. */
export function shellShortage(d: Draft, side: number): void {
  const level = d.shortage[side]!;
  if (level === 0) {
    d.arr('shortage')[side] = 1;
    d.arr('shortageTurn')[side] = d.turn;
    d.events && d.say(() => `${d.sc.sides[side]!.id}: shell shortfall (15.7)`);
  } else if (level === 1 && d.turn > d.shortageTurn[side]!) {
    d.arr('shortage')[side] = 2;
    d.events && d.say(() => `${d.sc.sides[side]!.id}: critical shell shortfall (15.7)`);
  }
}

/** Marker Removal (3.0D): Moved/Fired, opportunity fire and drumfire markers go, smoke disperses or drifts (15.13); then the next turn, or the end. */
export function endTurn(d: Draft): void {
  for (let i = 0; i < d.sc.units.length; i++) {
    const f = d.get(i, FLAGS);
    const cleared = f & ~(F_SPENT | F_ACTIVE | F_LED | F_MOVED | F_ATTACKER | F_CHARGE | F_EXITED);
    if (cleared !== f) d.set(i, FLAGS, cleared);
    d.set(i, OPP, 0);
    d.set(i, MP, 0);
  }
  d.drumfire = [];
  disperseSmoke(d);
  d.mover = -1;
  d.chargeTo = -1;
  d.oppWindow = false;
  d.oppFired = [];
  updateControl(d);
  if (d.turn >= d.sc.turns) {
    d.over = true;
    return;
  }
  startTurn(d, d.turn + 1);
}

/** Victory points per seat: objectives held and enemy steps lost (2.3: the scenario's conditions). */
export function victoryPoints(sc: Scenario, s: State): number[] {
  return [0, 1].map((seat) => {
    let vp = sc.data.victory.vpPerStep * s.lost[1 - seat]! + exitPoints(sc, s, seat);
    sc.objectives.forEach((o, k) => {
      if (s.control[k] === seat) vp += o.vp;
    });
    return vp;
  });
}

export function outcomeOf(sc: Scenario, s: State): { winner: number | null; level: string; vp: number[] } {
  const vp = victoryPoints(sc, s);
  const margin = vp[0]! - vp[1]!;
  if (margin === 0) return { winner: null, level: 'draw', vp };
  return { winner: margin > 0 ? 0 : 1, level: Math.abs(margin) >= sc.data.victory.decisiveMargin ? 'decisive' : 'marginal', vp };
}

export function gameOutcome(sc: Scenario, s: State): GameOutcome {
  const o = outcomeOf(sc, s);
  return {
    winner: o.winner,
    victoryLevel: o.level,
    turns: s.turn,
    vp: o.vp,
    metrics: {
      steps_lost: s.lost.slice(),
      initiative_turn1: [0, 1].map((k) => (s.initiativeTurn1 === k ? 1 : 0)),
    },
  };
}
