/**
 * The turn (SPG S-01..S-09, S-44): Refresh (spent units ready, dropped-off guns deploy, mortars packed or deployed),
 * Initiative (2d6 each, the higher wins, a tie keeps the holder), Reinforcement (line and column
 * arrival), Action (impulses; two passes in succession end it), Victory (sudden death, then the turn limit).
 */
import { roll2d6 } from '../../core/rng.js';
import type { GameOutcome } from '../../core/system.js';
import type { Hex } from '../../hex/grid.js';
import { isDemoralized, isShaken } from './morale.js';
import { fitsIn, stackIn } from './movement.js';
import type { Scenario } from './scenario.js';
import { valuesOf } from './fire.js';
import { CARRIER, F_DROPPED, F_IN_COLUMN, F_PACKED, F_SPENT, HEX, type Draft, type State } from './state.js';

/**
 * S-03: every spent unit becomes ready; a towed gun set down deploys (L40); a packed mortar whose packed
 * side moves no faster deploys; the others wait for their owner's choice (L42, `refreshQueue`).
 */
export function refresh(d: Draft): void {
  const sc = d.sc;
  for (let i = 0; i < sc.units.length; i++) {
    if (d.flag(i, F_SPENT)) d.setFlag(i, F_SPENT, false);
    const def = sc.units[i]!;
    if (d.flag(i, F_PACKED) && d.onMap(i) && d.carrierOf(i) < 0 && (def.gun || (def.mortar && !mortarChooses(sc, d, i))))
      d.setFlag(i, F_PACKED, false);
    if (d.flag(i, F_DROPPED)) d.setFlag(i, F_DROPPED, false);
  }
}

/** S-03 L42: the mortars whose owners choose packed or deployed, the player who had the initiative last turn first. */
function mortarChoices(d: Draft): number[] {
  const sc = d.sc;
  const queue: number[] = [];
  for (const side of [d.initiative, 1 - d.initiative])
    for (let i = 0; i < sc.units.length; i++) if (sc.units[i]!.side === side && mortarChooses(sc, d, i)) queue.push(i);
  return queue;
}

/** S-03 L42: a mortar on the map, not carried, whose packed side moves faster, may be packed or deployed at the Refresh. */
export function mortarChooses(sc: Scenario, s: Pick<State, 'u'>, i: number): boolean {
  const def = sc.units[i]!;
  return def.mortar && s.u[i]![HEX]! >= 0 && s.u[i]![CARRIER] === 0 && def.packedMa > valuesOf(sc, s, i).ma;
}

/** The owner's Refresh choice for the first mortar waiting: packed or deployed; the next one's owner chooses next. */
export function deployChoice(d: Draft, mortar: number, pack: boolean): void {
  const sc = d.sc;
  d.setFlag(mortar, F_PACKED, pack);
  d.d(() => `${sc.units[mortar]!.name} (${sc.units[mortar]!.id}) ${pack ? 'packs up' : 'deploys'}`);
  d.refreshQueue = d.refreshQueue.slice(1);
  const next = d.refreshQueue[0];
  if (next !== undefined) d.active = d.toMove = sc.units[next]!.side;
}

/** S-04: 2d6 each, higher wins, a tie leaves the initiative with the holder (turn 1: roll again, ruling SPG-R05). */
export function rollInitiative(d: Draft): void {
  const sc = d.sc;
  const turn = d.turn;
  if (sc.lock && turn <= sc.lock.throughTurn) {
    d.initiative = sc.lock.side;
    return;
  }
  if (turn === 1 && sc.firstTurnInitiative >= 0) {
    d.initiative = sc.firstTurnInitiative;
    return;
  }
  for (;;) {
    const a = roll2d6(d.rng) + sc.sides[0]!.initiativeBonus;
    const b = roll2d6(d.rng) + sc.sides[1]!.initiativeBonus;
    d.d(() => `initiative: ${sc.sides[0]!.id} ${a}, ${sc.sides[1]!.id} ${b}`);
    if (a !== b) {
      d.initiative = a > b ? 0 : 1;
      return;
    }
    if (d.initiative >= 0) return;
    if (sc.rules.turnOneTieToFirstSide) {
      d.initiative = 0;
      return;
    }
  }
}

/** Hexes of a line arrival (S-07): the group's hexes, or for a delayed column those within 5 of the entry hex on an edge (S-08 L66). */
function lineHexes(sc: Scenario, groupIndex: number, delayed: boolean): readonly Hex[] {
  const g = sc.groups[groupIndex]!;
  if (!delayed) return g.lineHexes;
  const grid = sc.map.grid;
  const out: Hex[] = [];
  for (let h = 0; h < grid.size; h++) {
    const c = grid.col(h),
      r = grid.row(h);
    const edge = c === 0 || r === 0 || c === grid.width - 1 || r === grid.height - 1;
    if (edge && grid.distance(h, g.entryHex) <= 5) out.push(h);
  }
  return out;
}

function enemyIn(sc: Scenario, s: State, side: number, h: Hex): boolean {
  const st = stackIn(sc, s, h);
  return st.units > 0 && st.side !== side;
}

/** Places the waiting units of a line arrival within the stacking limits; what does not fit waits (S-07 L60). Returns whether all came. */
function placeLine(d: Draft, units: readonly number[], hexes: readonly Hex[]): boolean {
  const sc = d.sc;
  let all = true;
  for (const i of units) {
    if (d.hex(i) !== -1 || d.carrierOf(i) >= 0) continue;
    const s = d.seal();
    const h = hexes.find((x) => !enemyIn(sc, s, sc.units[i]!.side, x) && fitsIn(sc, s, i, x));
    if (h === undefined) {
      all = false;
      continue;
    }
    d.moveTo(i, h);
    d.d(() => `${sc.units[i]!.name} (${sc.units[i]!.id}) arrives at ${sc.map.grid.label(h)}`);
  }
  return all;
}

/** S-05..S-08: the initiative player's groups first. */
export function reinforcements(d: Draft): void {
  const sc = d.sc;
  for (const side of [d.initiative, 1 - d.initiative]) {
    for (const g of sc.groups) {
      if (g.side !== side || d.turn < g.turn) continue;
      const state = d.arrived[g.index]!;
      if (state === 1) {
        if (g.column) headOfColumn(d, g.index);
        continue;
      }
      if (state === 0 && g.arrivalRoll < 13) {
        const roll = roll2d6(d.rng);
        d.d(() => `${sc.sides[side]!.id} reinforcement roll: ${roll} (arrives on ${g.arrivalRoll} or less)`);
        if (roll > g.arrivalRoll) continue;
      }
      const arrived = d.mut('arrived');
      if (g.column && state === 0) {
        if (enemyIn(sc, d.seal(), side, g.entryHex)) {
          // S-08 L66: delayed one turn, then a line arrival within 5 hexes of the entry hex.
          arrived[g.index] = 2;
          d.d(() => `the column at ${sc.map.grid.label(g.entryHex)} is blocked and delayed`);
          continue;
        }
        arrived[g.index] = 1;
        for (const i of g.units) if (d.carrierOf(i) < 0) d.setFlag(i, F_IN_COLUMN);
        headOfColumn(d, g.index);
      } else {
        if (placeLine(d, g.units, lineHexes(sc, g.index, state === 2))) arrived[g.index] = 1;
      }
    }
  }
}

/** S-08 L64: the first unit of a waiting column is placed in the entry hex (when it fits and no enemy holds it). */
function headOfColumn(d: Draft, groupIndex: number): void {
  const sc = d.sc;
  const g = sc.groups[groupIndex]!;
  const head = g.units.find((i) => d.flag(i, F_IN_COLUMN));
  if (head === undefined) return;
  const s = d.seal();
  if (enemyIn(sc, s, g.side, g.entryHex) || !fitsIn(sc, s, head, g.entryHex)) return;
  d.setFlag(head, F_IN_COLUMN, false);
  d.moveTo(head, g.entryHex);
  d.d(() => `${sc.units[head]!.name} (${sc.units[head]!.id}) enters at ${sc.map.grid.label(g.entryHex)}`);
}

/**
 * Starts turn `turn`: Refresh, Initiative, Reinforcement; the initiative player is active. With `choices`
 * the Refresh waits for the mortar owners' choices (S-03 L42); without (turn 1: the set-up stands, ruling
 * SPG-R51) mortars stay as they are.
 */
export function startTurn(d: Draft, turn: number, choices = false): void {
  d.turn = turn;
  d.d(() => `--- turn ${turn} ---`);
  refresh(d);
  const queue = choices ? mortarChoices(d) : [];
  if (queue.length > 0) {
    d.refreshQueue = queue;
    d.active = d.toMove = d.sc.units[queue[0]!]!.side;
    return;
  }
  finishRefresh(d);
}

/** The rest of the turn's start once the Refresh choices are made. */
export function finishRefresh(d: Draft): void {
  const turn = d.turn;
  rollInitiative(d);
  if (turn === 1) d.initiativeTurn1 = d.initiative;
  reinforcements(d);
  d.active = d.initiative;
  d.toMove = d.initiative;
  d.acted = 0;
  d.passes = 0;
  d.pbemSecond = false;
  d.atSides = d.sc.units.map(() => 0);
  d.planes = [d.planes[0]!, d.planes[1]!, 0, 0];
  updateControl(d);
}

/** Ruling SPG-R32: an objective belongs to the side that last had a unit in it. */
export function updateControl(d: Draft): void {
  const sc = d.sc;
  sc.objectives.forEach((o, k) => {
    let side = -1,
      mixed = false;
    for (let i = 0; i < sc.units.length; i++) {
      if (d.hex(i) !== o.hex) continue;
      if (side >= 0 && side !== sc.units[i]!.side) mixed = true;
      side = sc.units[i]!.side;
    }
    if (side >= 0 && !mixed && d.control[k] !== side) d.mut('control')[k] = side;
  });
}

/** S-44: sudden death; the last turn ends the game; otherwise the next turn begins. */
export function victoryPhase(d: Draft): void {
  const sc = d.sc;
  const winner = suddenDeathWinner(sc, d, d.turn);
  if (winner >= 0) {
    d.suddenWinner = winner;
    d.over = true;
    d.d(() => `sudden death: ${sc.sides[winner]!.name} wins`);
    return;
  }
  if (d.turn >= sc.turns) {
    d.over = true;
    d.d(() => 'the last turn is over');
    return;
  }
  startTurn(d, d.turn + 1, true);
}

export function suddenDeathWinner(sc: Scenario, s: Pick<State, 'control' | 'lost'>, turn: number): number {
  for (const sd of sc.suddenDeath) {
    if (turn < sd.fromTurn) continue;
    if (sd.kind === 'control') {
      if (
        sd.hexes.every((h) => {
          const k = sc.objectives.findIndex((o) => o.hex === h);
          return k >= 0 && s.control[k] === sd.winner;
        })
      )
        return sd.winner;
    } else if (isDemoralized(sc, s, sd.side)) return sd.winner;
  }
  return -1;
}

export interface SpgOutcome {
  readonly winner: number | null;
  readonly victoryLevel: string;
  readonly turns: number;
  readonly vp: number[];
  readonly lost: number[];
  readonly initiativeTurn1: number;
}

/** Victory points per side (scenario objectives, enemy steps lost, the enemy's loss levels) and the result. */
export function outcomeOf(sc: Scenario, s: State): SpgOutcome {
  const v = sc.data.victory;
  const vp = [0, 1].map((side) => {
    let n = 0;
    sc.objectives.forEach((o, k) => {
      if (s.control[k] === side) n += o.vp;
    });
    const other = 1 - side;
    n += v.vpPerStep * s.lost[other]!;
    if (isShaken(sc, s, other)) n += v.vpShaken;
    if (isDemoralized(sc, s, other)) n += v.vpDemoralized;
    return n;
  });
  const base = { turns: s.turn, vp, lost: s.lost.slice(), initiativeTurn1: s.initiativeTurn1 };
  if (s.suddenWinner >= 0) return { ...base, winner: s.suddenWinner, victoryLevel: 'sudden death' };
  const margin = vp[0]! - vp[1]!;
  if (margin === 0) return { ...base, winner: null, victoryLevel: 'draw' };
  return { ...base, winner: margin > 0 ? 0 : 1, victoryLevel: Math.abs(margin) >= v.decisiveMargin ? 'decisive' : 'marginal' };
}

/** The outcome the harness records: winner, level, VP, and the declared metrics (steps lost, turn-1 initiative). */
export function gameOutcome(sc: Scenario, s: State): GameOutcome {
  const o = outcomeOf(sc, s);
  const firstInitiative = [0, 1].map((seat) => Number(o.initiativeTurn1 === seat));
  return {
    winner: o.winner,
    victoryLevel: o.victoryLevel,
    turns: o.turns,
    vp: o.vp,
    metrics: { steps_lost: o.lost, initiative_turn1: firstInitiative },
  };
}
