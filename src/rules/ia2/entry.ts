/**
 * Entering and exiting the board (15.4-15.43). A reinforcement group waits off the map edge (its pieces'
 * hex OFF_BOARD) until its turn; then the whole group is activated at once (`arrive G`, the extended line
 * of 15.41 grouped around its leaders, ruling IA2-R70) and each piece enters by `enter U H` at one of the
 * group's entry hexes, paying the clear (or road) cost once per stack ahead of it in the line and its own
 * (ruling IA2-R71), then moves on as a mover. Pieces leave by `exit U` where the scenario permits (15.42)
 * and never come back (hex EXITED).
 *
 *   arrive G | enter U H | exit U
 */
import type { AgentHooks } from '../../core/extensions.js';
import type { ProblemList } from '../../core/errors.js';
import type { Hex, HexGrid } from '../../hex/grid.js';
import { afterStep, finishMover } from './actions.js';
import type { ScenarioFile } from './formats.js';
import { ROAD, type Scenario } from './scenario.js';
import {
  DEMORALIZED,
  DISRUPTED,
  type Draft,
  F_ACTIVE,
  F_LED,
  F_MOVED,
  F_SPENT,
  GOOD,
  HEX,
  MORALE,
  MP,
  STEPS,
  type State,
} from './state.js';
import { checkGameOver, updateControl } from './turn.js';
import { hasEnemy, isAssaultHex, isCavalry, movementAllowance, moveClass, pieceLabel, stackingAllows } from './units.js';

/** Hex of a piece waiting off the map edge to enter (15.41). */
export const OFF_BOARD = -3;
/** Hex of a piece that has left the board (15.42): it never re-enters. */
export const EXITED = -4;

export type Placement = ScenarioFile['sides'][number]['units'][number];

/** A group of pieces entering together (15.41). Its pieces are the Scenario.units whose entryGroup is its index. */
export interface Reinforcement {
  readonly side: number;
  readonly turn: number;
  readonly hexes: readonly Hex[];
}

/** Where a side may leave the board (15.42) and what leaving is worth. */
export interface BoardExit {
  readonly hexes: ReadonlySet<Hex>;
  readonly vpPerStep: number;
  readonly countsAsDestroyed: boolean;
}

/** A hex with a side on the map edge: the only hexes pieces come on or go off by. */
export function onMapEdge(grid: HexGrid, h: Hex): boolean {
  for (let k = 0; k < 6; k++) if (grid.neighbour(h, k) < 0) return true;
  return false;
}

/** A placement as the loader reads it, with the group it enters with (-1: set up on the map). */
export interface PlacementAt {
  readonly side: ScenarioFile['sides'][number];
  readonly s: number;
  readonly p: Placement;
  readonly place: string;
  readonly entryGroup: number;
}

/** The reinforcement groups of the file, checked (turn within the game, entry hexes on the map edge), and their pieces' placements. */
export function readReinforcements(
  data: ScenarioFile,
  grid: HexGrid,
  hexOf: (label: string, place: string) => Hex,
  problems: ProblemList,
): { groups: Reinforcement[]; placements: PlacementAt[] } {
  const groups: Reinforcement[] = [];
  const placements: PlacementAt[] = [];
  data.sides.forEach((side, s) => {
    side.reinforcements.forEach((r, i) => {
      const place = `sides[${s}].reinforcements[${i}]`;
      if (r.turn > data.turns)
        problems.add(
          `${place}.turn`,
          `turn ${r.turn} is after the last turn (${data.turns}): the group would never enter (15.41)`,
          'bad-value',
        );
      const hexes = r.hexes.map((l, k) => {
        const h = hexOf(l, `${place}.hexes[${k}]`);
        if (h >= 0 && !onMapEdge(grid, h))
          problems.add(`${place}.hexes[${k}]`, `hex ${l} is not on the map edge: units enter from off the board (15.41)`, 'bad-value');
        return h;
      });
      const entryGroup = groups.length;
      groups.push({ side: s, turn: r.turn, hexes });
      r.units.forEach((p, k) => {
        placements.push({ side, s, p: { ...p, hex: '', dugIn: false, hidden: false }, place: `${place}.units[${k}]`, entryGroup });
      });
    });
  });
  return { groups, placements };
}

/** Each side's board exit (15.42), or null where the scenario permits none; exit hexes must be on the map edge. */
export function readExits(
  data: ScenarioFile,
  grid: HexGrid,
  hexOf: (label: string, place: string) => Hex,
  problems: ProblemList,
): (BoardExit | null)[] {
  return data.sides.map((side, s) => {
    const e = side.exit;
    if (e === undefined) return null;
    const hexes = new Set<Hex>();
    e.hexes.forEach((l, k) => {
      const place = `sides[${s}].exit.hexes[${k}]`;
      const h = hexOf(l, place);
      if (h < 0) return;
      if (!onMapEdge(grid, h)) problems.add(place, `hex ${l} is not on the map edge: units leave by the board edge (15.42)`, 'bad-value');
      hexes.add(h);
    });
    return { hexes, vpPerStep: e.vpPerStep, countsAsDestroyed: e.countsAsDestroyed };
  });
}

// ---------------------------------------------------------------- entering (15.41, 15.43)

/**
 * The hexes group g may enter by now: its entry hexes free of enemy pieces; when every one holds enemy
 * units (15.43), from the turn after its own, the map-edge hexes next to them that are free.
 */
export function entryHexes(d: Draft, g: number): Hex[] {
  const r = d.sc.reinforcements[g]!;
  if (d.turn < r.turn) return [];
  const free = r.hexes.filter((h) => !hasEnemy(d, h, r.side));
  if (free.length > 0) return free.slice().sort((a, b) => a - b);
  if (d.turn < r.turn + 1) return [];
  const grid = d.sc.map.grid;
  const out = new Set<Hex>();
  for (const h of r.hexes)
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(h, k);
      if (n >= 0 && onMapEdge(grid, n) && !r.hexes.includes(n) && !hasEnemy(d, n, r.side)) out.add(n);
    }
  return [...out].sort((a, b) => a - b);
}

function groupPieces(d: Draft, g: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < d.sc.units.length; i++) if (d.sc.units[i]!.entryGroup === g) out.push(i);
  return out;
}

/** `arrive G` for each group of `side` with pieces still waiting, unactivated, and a hex to enter by. */
export function arrivals(d: Draft, side: number): string[] {
  const out: string[] = [];
  d.sc.reinforcements.forEach((r, g) => {
    if (r.side !== side) return;
    const waiting = groupPieces(d, g).some((i) => d.hex(i) === OFF_BOARD && !d.flag(i, F_SPENT));
    if (waiting && entryHexes(d, g).length > 0) out.push(`arrive ${g}`);
  });
  return out;
}

/**
 * The cost of entering by hex h (15.41): the road rate where a road leaves the board there, else the clear
 * terrain cost of the piece's movement class; times one more than the stacks ahead of its own in the line.
 */
export function entryCost(d: Draft, unit: number, h: Hex): number {
  return edgeCost(d, unit, h) * (1 + stackInLine(d, unit));
}

/** What one hex of movement off or onto the board at h costs (15.41): road where a road meets the edge, else clear. */
function edgeCost(d: Draft, unit: number, h: Hex): number {
  const map = d.sc.map;
  for (let k = 0; k < 6; k++) if (map.hexside(h, k) & ROAD) return d.sc.charts.roadCost.value;
  const clear = d.sc.charts.terrain.clear ?? d.sc.terrain[map.terrain[h]!]!;
  return clear.move[moveClass(d, unit)];
}

/**
 * The stack a piece stands in, in the line of its group activated this segment (ruling IA2-R71): the
 * group's activated pieces in file order, combat units filling stacks as 4.1 allows (three, at most two
 * companies), leaders in the first.
 */
export function stackInLine(d: Draft, unit: number): number {
  const g = d.sc.units[unit]!.entryGroup;
  let stack = 0,
    combat = 0,
    companies = 0;
  for (const i of groupPieces(d, g)) {
    const def = d.sc.units[i]!;
    if (!d.flag(i, F_ACTIVE) || def.leader) {
      if (i === unit) return 0;
      continue;
    }
    if (combat >= 3 || (def.company && companies >= 2)) {
      stack++;
      combat = 0;
      companies = 0;
    }
    combat++;
    if (def.company) companies++;
    if (i === unit) return stack;
  }
  return stack;
}

/** Activates the waiting pieces of group g (15.41: activated normally), led where a good-order leader of their type is with them (3.11). */
function arrive(d: Draft, g: number): void {
  const pieces = groupPieces(d, g).filter((i) => d.hex(i) === OFF_BOARD && !d.flag(i, F_SPENT));
  const leaders = pieces.filter((i) => d.sc.units[i]!.leader && d.get(i, MORALE) === GOOD);
  for (const p of pieces) {
    d.setFlag(p, F_ACTIVE, true);
    if (d.sc.units[p]!.leader || leaders.some((l) => isCavalry(d, l) === isCavalry(d, p))) d.setFlag(p, F_LED, true);
    d.set(p, MP, 0);
  }
  d.activated = true;
  d.events && d.say(() => `${d.sc.sides[d.sc.reinforcements[g]!.side]!.id} reinforcements (group ${g}) arrive at the board edge`);
}

/** `enter U H` for every activated waiting piece and hex it may enter by, between movers. */
function entries(d: Draft, out: string[]): void {
  if (d.mover >= 0) return;
  for (let u = 0; u < d.sc.units.length; u++) {
    if (d.hex(u) !== OFF_BOARD || !d.flag(u, F_ACTIVE) || d.flag(u, F_SPENT)) continue;
    const def = d.sc.units[u]!;
    for (const h of entryHexes(d, def.entryGroup)) {
      if (!stackingAllows(d, h, def.side, u)) continue;
      if (d.sc.terrain[d.sc.map.terrain[h]!]!.move[moveClass(d, u)] >= 99) continue;
      out.push(`enter ${u} ${h}`);
    }
  }
}

/** The piece comes on at h having spent the entry cost (the first hex of a move is always possible, 5.2), then moves on as a mover. */
function enter(d: Draft, u: number, h: Hex): void {
  const cost = entryCost(d, u, h);
  d.mover = u;
  d.setFlag(u, F_MOVED, true);
  d.set(u, MP, cost);
  d.setHex(u, h);
  d.events && d.say(() => `${pieceLabel(d, u)} enters the board at ${d.sc.map.grid.label(h)} (${cost} MP)`);
  afterStep(d, u, h);
}

// ---------------------------------------------------------------- exiting (15.42)

/** Whether piece u may leave the board now (15.42): where permitted, never demoralized, within its movement, not from an assault hex. */
export function canExit(d: Draft, u: number): boolean {
  const def = d.sc.units[u]!;
  const exit = d.sc.exits[def.side];
  const h = d.hex(u);
  if (!exit || h < 0 || !exit.hexes.has(h) || !d.flag(u, F_ACTIVE) || d.flag(u, F_SPENT)) return false;
  if (d.mover >= 0 ? d.mover !== u || d.oppWindow || d.chargeTo >= 0 : d.flag(u, F_MOVED)) return false;
  const m = d.get(u, MORALE);
  if (m === DEMORALIZED || isAssaultHex(d, h)) return false;
  const ma = movementAllowance(d, u);
  if (ma <= 0) return false;
  const moved = d.flag(u, F_MOVED);
  if (!moved) return true;
  // 13.2: disrupted, one hex a turn; otherwise the step off the board is paid like the step onto it.
  return m !== DISRUPTED && d.get(u, MP) + edgeCost(d, u, h) <= ma;
}

function exitBoard(d: Draft, u: number): void {
  const from = d.hex(u);
  if (d.mover !== u) {
    d.mover = u;
    d.setFlag(u, F_MOVED, true);
  }
  d.setHex(u, EXITED);
  d.events && d.say(() => `${pieceLabel(d, u)} leaves the board at ${d.sc.map.grid.label(from)}`);
  finishMover(d);
  d.setFlag(u, F_SPENT, true);
  updateControl(d);
  checkGameOver(d);
}

// ---------------------------------------------------------------- hooks for actions.ts

/** The entry and exit actions open to the active side now, appended to `out` (the activated segment, or the mover's). */
export function boardEdgeActions(d: Draft, out: string[]): void {
  if (d.sc.reinforcements.length === 0 && d.sc.exits.every((e) => e === null)) return;
  if (d.mover >= 0) {
    if (canExit(d, d.mover)) out.push(`exit ${d.mover}`);
    return;
  }
  entries(d, out);
  for (let u = 0; u < d.sc.units.length; u++) if (d.sc.units[u]!.side === d.active && canExit(d, u)) out.push(`exit ${u}`);
}

/** Applies `arrive`, `enter` or `exit`; false for any other verb. */
export function applyBoardEdge(d: Draft, w: readonly string[]): boolean {
  switch (w[0]) {
    case 'arrive':
      arrive(d, Number(w[1]));
      return true;
    case 'enter':
      enter(d, Number(w[1]), Number(w[2]));
      return true;
    case 'exit':
      exitBoard(d, Number(w[1]));
      return true;
    default:
      return false;
  }
}

/** Whether a side still has combat units to play with: on the map or waiting to enter (15.41). */
export function inPlay(hex: Hex): boolean {
  return hex >= 0 || hex === OFF_BOARD;
}

/** Victory points for exits (15.42): the side's own per step exited, and the enemy's exits when they count as destroyed. */
export function exitPoints(sc: Scenario, s: State, seat: number): number {
  let vp = 0;
  sc.units.forEach((def, i) => {
    const r = s.u[i]!;
    if (r[HEX] !== EXITED || def.leader) return;
    const exit = sc.exits[def.side];
    if (!exit) return;
    if (def.side === seat) vp += exit.vpPerStep * r[STEPS]!;
    else if (exit.countsAsDestroyed) vp += sc.data.victory.vpPerStep * r[STEPS]!;
  });
  return vp;
}

/**
 * The agents' hooks with entry and exit rated: arriving like a leader's activation of its pieces, entering
 * like a step toward the objectives, exiting at what it is worth; every other decision as it was.
 */
export function withEntryAdvice(sc: Scenario, hooks: AgentHooks<State, string>): AgentHooks<State, string> {
  if (sc.reinforcements.length === 0 && sc.exits.every((e) => e === null)) return hooks;
  const doctrine = hooks.doctrine;
  if (!doctrine) return hooks;
  const none = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };
  return {
    ...hooks,
    doctrine: {
      ...doctrine,
      assess: (s, a, seat) => {
        const w = a.split(' ');
        if (w[0] === 'arrive') return { ...none, cohesion: 1.5 };
        if (w[0] === 'enter') return { ...none, objective: 1 };
        if (w[0] === 'exit') {
          const u = Number(w[1]);
          return { ...none, objective: (sc.exits[sc.units[u]!.side]?.vpPerStep ?? 0) * s.u[u]![STEPS]! - 0.5 };
        }
        return doctrine.assess(s, a, seat);
      },
    },
  };
}
