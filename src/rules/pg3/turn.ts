/** The turn (PG3 3.0): initiative, action segments, passing, marker removal, reinforcements, victory. */
import { d6, shuffled } from '../../core/rng.js';
import type { Draft } from './draft.js';
import {
  ACT_FLAGS,
  ATSHOTS,
  DEMORALIZED,
  F_ACTIVATED,
  F_ENTRENCHED,
  F_ENTRY_WAIT,
  F_IN_ACT,
  F_MOVED_TURN,
  F_SPOTTED,
  MORALE,
  OFFBOARD,
  OPP,
  Phase,
  XFIRE,
} from './state.js';
import { isNight } from './spotting.js';
import { combatIn, def, fitsStack, inEntrenchment, isAssaultHex, occupyEntrenchment } from './units.js';
import type { GameOutcome } from '../../core/system.js';
import type { Scenario } from './scenario.js';
import type { State } from './state.js';

/** Current initiative rating: the scenario's, less one per `initiativeLossEvery` steps lost, never below 0 (3.0). */
export function initiativeRating(sc: Scenario, stepsLost: readonly number[], seat: number): number {
  const side = sc.sides[seat]!;
  const drop = side.initiativeLossEvery > 0 ? Math.floor(stepsLost[seat]! / side.initiativeLossEvery) : 0;
  return Math.max(0, side.initiative - drop);
}

/** Opening segments of the initiative winner: the difference halved, rounded up (3.0, T1/T2). */
export function openingSegments(difference: number): number {
  return Math.max(1, Math.ceil(difference / 2));
}

/** 17.4: fog of war rolls start after each side's third segment; 16 or more on 3d6 ends the turn. */
const FOG_AFTER = 3,
  FOG_ROLL = 16;

/** 17.2 excess initiative (optional): the winner of 3 or more opening segments may save one, before his first. */
export function maySaveSegment(d: Draft): boolean {
  const seat = d.active;
  return (
    d.sc.rules.excessInitiative && d.savedSegment === -1 && seat === d.initiativeWinner && d.openingLeft >= 3 && d.segmentsTaken[seat] === 0
  );
}

/** 17.2: later in the turn (after his opening segments) he spends it to take two segments in a row. */
export function mayDoubleSegment(d: Draft): boolean {
  return d.savedSegment === d.active && d.openingLeft === 0;
}

export function saveSegment(d: Draft): void {
  d.savedSegment = d.active;
  d.openingLeft--;
  d.events && d.say(() => `${d.sc.sides[d.active]!.name} saves an opening segment for later [PG3 17.2]`);
}

export function doubleSegment(d: Draft): void {
  d.savedSegment = -2;
  // endSegment keeps the initiative winner active while openingLeft > 0: this segment and one more.
  d.openingLeft = 2;
  d.events && d.say(() => `${d.sc.sides[d.active]!.name} spends the saved segment: two segments in a row [PG3 17.2]`);
}

/** 15.1 (L437): each side with aircraft draws its number for the turn at random from its pool; unflown ones are lost. */
function drawAircraft(d: Draft): void {
  for (let seat = 0; seat < 2; seat++) {
    const side = d.sc.sides[seat]!;
    let mask = 0;
    if (side.airPool.length > 0 && d.turn >= side.airFromTurn) {
      for (const k of shuffled(
        d.rng,
        side.airPool.map((_, k) => k),
      ).slice(0, side.airPerTurn))
        mask |= 1 << k;
    }
    d.mut('air')[seat] = mask;
    d.events &&
      mask &&
      d.say(
        () =>
          `${side.name} receives ${side.airPool
            .filter((_, k) => (mask >> k) & 1)
            .map((a) => `aircraft ${a.df}${a.at ? `/${a.at} AT` : ''}`)
            .join(', ')} this turn [PG3 15.1]`,
      );
  }
}

/** Starts turn `turn`: reinforcements arrive, markers are clear, initiative is rolled (3.0 A). */
export function startTurn(d: Draft, turn: number): void {
  d.turn = turn;
  d.events && d.say(() => `--- Turn ${turn} of ${d.sc.turns} ---`);
  placeReinforcements(d);
  // 3.0: each side rolls 1d6 + Initiative; ties are re-rolled.
  let r0 = 0,
    r1 = 0;
  const i0 = initiativeRating(d.sc, d.stepsLost, 0),
    i1 = initiativeRating(d.sc, d.stepsLost, 1);
  do {
    r0 = d6(d.rng) + i0;
    r1 = d6(d.rng) + i1;
  } while (r0 === r1);
  const winner = r0 > r1 ? 0 : 1;
  const n = openingSegments(Math.abs(r0 - r1));
  d.initiativeWinner = winner;
  if (turn === 1) d.initiativeTurn1 = winner;
  d.active = winner;
  d.openingLeft = n;
  d.lastWasPass = false;
  d.lastPassSeat = -1;
  d.segmentsTaken = [0, 0];
  d.savedSegment = -1;
  d.obaUsed = [0, 0];
  d.obaThisSegment = 0;
  if (d.sc.hasAir) drawAircraft(d);
  d.phase = Phase.Segment;
  d.events &&
    d.say(
      () =>
        `Initiative: ${d.sc.sides[0].name} ${r0} (rating ${i0}), ${d.sc.sides[1].name} ${r1} (rating ${i1}): ${d.sc.sides[winner].name} takes ${n} segment${n > 1 ? 's' : ''} first [PG3 3.0]`,
    );
}

/** 16.5: reinforcements enter on their turn at their entry hexes; blocked entry waits a turn and comes in beside. */
function placeReinforcements(d: Draft): void {
  const grid = d.sc.map.grid;
  for (const u of d.sc.units) {
    if (u.entryTurn === 0 || d.hex(u.index) !== OFFBOARD) continue;
    const waited = d.flag(u.index, F_ENTRY_WAIT);
    if (u.entryTurn > d.turn) continue;
    if (u.entryTurn < d.turn && !waited) continue;
    let placed = false;
    const candidates = waited
      ? u.entryHexes.flatMap((h) => [h, ...[0, 1, 2, 3, 4, 5].map((k) => grid.neighbour(h, k))]).filter((h) => h >= 0)
      : u.entryHexes;
    for (const h of candidates) {
      if (combatIn(d, h, 1 - u.side) || !fitsStack(d, u.index, h)) continue;
      if (d.sc.moveCost2[d.sc.map.terrain[h]! * 4 + u.moveClassIndex]! < 0) continue;
      d.setHex(u.index, h);
      occupyEntrenchment(d, u.index);
      d.setFlag(u.index, F_ENTRY_WAIT, false);
      placed = true;
      d.events && d.say(() => `${u.name} arrives at ${grid.label(h)} [PG3 16.5]`);
      break;
    }
    if (!placed) d.setFlag(u.index, F_ENTRY_WAIT, true);
  }
}

/** Whether `seat` has a demoralized unit or leader on the map that has not activated (it may not pass, 3.0 B). */
export function mustRecover(d: Draft, seat: number): boolean {
  for (const i of d.sc.unitsOf[seat]!) {
    if (d.hex(i) >= 0 && d.get(i, MORALE) === DEMORALIZED && !d.flag(i, F_ACTIVATED)) return true;
  }
  return false;
}

/** Ends the current segment (an activation or a pass) and hands the next one out (3.0 B). */
export function endSegment(d: Draft, passed: boolean): void {
  const seat = d.active;
  d.mut('segmentsTaken')[seat] = d.segmentsTaken[seat]! + 1;
  d.obaThisSegment = 0;
  if (passed) {
    if (d.lastPassSeat === 1 - seat) {
      d.events && d.say(() => `${d.sc.sides[seat]!.name} passes after ${d.sc.sides[1 - seat]!.name} passed: the turn ends [PG3 3.0]`);
      endTurn(d);
      return;
    }
    d.lastPassSeat = seat;
  } else d.lastPassSeat = -1;
  // 17.4 fog of war (optional): once both sides have had 3 segments, 3d6 >= 16 (+1 at night) after each later one ends the turn.
  if (d.sc.rules.fogOfWar && d.segmentsTaken[seat]! > FOG_AFTER && d.segmentsTaken[1 - seat]! >= FOG_AFTER) {
    const r = d6(d.rng) + d6(d.rng) + d6(d.rng);
    const night = isNight(d) ? 1 : 0;
    if (r + night >= FOG_ROLL) {
      d.events && d.say(() => `Fog of war: ${r}${night ? ' + 1 (night)' : ''}: the turn ends [PG3 17.4]`);
      endTurn(d);
      return;
    }
  }
  if (seat === d.initiativeWinner && d.openingLeft > 0) d.openingLeft--;
  if (seat === d.initiativeWinner && d.openingLeft > 0) d.active = seat;
  else d.active = 1 - seat;
  d.phase = Phase.Segment;
}

/** Marker removal (3.0 C), smoke (16.1), then the next turn or the end of the game. */
export function endTurn(d: Draft): void {
  for (const u of d.sc.units) {
    const i = u.index;
    d.setFlag(i, F_ACTIVATED | ACT_FLAGS | F_MOVED_TURN | F_IN_ACT, false);
    d.set(i, OPP, 0);
    d.set(i, ATSHOTS, 0);
    d.set(i, XFIRE, 0);
    // SPOTTED markers stay only while enemies could still see the unit; simplified: cleared each turn.
    d.setFlag(i, F_SPOTTED, false);
    // 16.4: units left alone in an entrenchment (the enemy gone) now hold it.
    if (d.sc.entrenched.length > 0 && !d.flag(i, F_ENTRENCHED) && inEntrenchment(d, i) && !isAssaultHex(d, d.hex(i)))
      d.setFlag(i, F_ENTRENCHED);
  }
  // 16.1: each smoke marker: 1 stays, 2 drifts (a d6 picks the direction: designed, the diagram is not in the text), 3-6 removed.
  const smoke: number[] = [];
  for (const h of d.smoke) {
    const r = d6(d.rng);
    if (r === 1) smoke.push(h);
    else if (r === 2) {
      const n = d.sc.map.grid.neighbour(h, d6(d.rng) - 1);
      if (n >= 0) smoke.push(n);
    }
  }
  d.smoke = smoke;
  d.act = [];
  if (d.turn >= d.sc.turns || sideEliminated(d)) {
    d.phase = Phase.Over;
    d.events && d.say(() => 'The game is over.');
    return;
  }
  startTurn(d, d.turn + 1);
}

/** A side with no units on the map and none still to arrive has lost everything. */
export function sideEliminated(d: Draft): boolean {
  for (let seat = 0; seat < 2; seat++) {
    let any = false;
    for (const u of d.sc.units) {
      if (u.side !== seat || u.isLeader) continue;
      const h = d.hex(u.index);
      if (h >= 0 || (h === OFFBOARD && u.entryTurn > 0)) {
        any = true;
        break;
      }
    }
    if (!any) return true;
  }
  return false;
}

/** Objective control (1.1): the last side to occupy the hex with combat units. */
export function updateControl(d: Draft, h: number): void {
  const objs = d.sc.objectives;
  for (let k = 0; k < objs.length; k++) {
    if (objs[k]!.hex !== h) continue;
    const a = combatIn(d, h, 0),
      b = combatIn(d, h, 1);
    const c = a && !b ? 0 : b && !a ? 1 : d.control[k]!;
    if (c !== d.control[k]) d.mut('control')[k] = c;
  }
}

/** Victory points per seat: objectives held, enemy steps eliminated, steps exited. */
export function victoryPoints(sc: Scenario, s: Pick<State, 'control' | 'stepsLost' | 'stepsExited'>): [number, number] {
  const vp: [number, number] = [0, 0];
  sc.objectives.forEach((o, k) => {
    const c = s.control[k]!;
    if (c >= 0) vp[c as 0 | 1] += o.vp;
  });
  vp[0] += sc.vpPerStep * s.stepsLost[1]! + sc.sides[0].exitVpPerStep * s.stepsExited[0]!;
  vp[1] += sc.vpPerStep * s.stepsLost[0]! + sc.sides[1].exitVpPerStep * s.stepsExited[1]!;
  return vp;
}

/** How a game came out in PG3's terms; index.ts reports it as a GameOutcome with the declared metrics. */
export interface Pg3Outcome extends Omit<GameOutcome, 'metrics'> {
  readonly stepsLost: readonly number[];
  /** Seat that won the turn-1 initiative (-1 before it is rolled). */
  readonly initiativeTurn1: number;
}

export function outcomeOf(sc: Scenario, s: State): Pg3Outcome {
  const vp = victoryPoints(sc, s);
  const margin = vp[0] - vp[1];
  const winner = margin > 0 ? 0 : margin < 0 ? 1 : null;
  const level = winner === null ? 'draw' : Math.abs(margin) >= sc.decisiveMargin ? 'decisive' : 'marginal';
  return {
    winner,
    victoryLevel: level,
    turns: s.turn,
    vp,
    stepsLost: [s.stepsLost[0], s.stepsLost[1]],
    initiativeTurn1: s.initiativeTurn1,
  };
}

/** Marks the units of the finished activation with MOVED/FIRED (3.13) and clears its working flags. */
export function finishActivation(d: Draft): void {
  for (const i of d.act) {
    if (d.flag(i, F_IN_ACT)) d.setFlag(i, F_ACTIVATED);
    d.setFlag(i, ACT_FLAGS, false);
  }
  d.act = [];
  d.declIndex = 0;
  d.assaults = [];
  d.charge = null;
  d.opp = null;
}

export { def, F_IN_ACT };
