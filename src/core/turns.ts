/**
 * The kernel's turn record (LoadedScenario.turnRecord): a position summed up per seat at the end of a turn,
 * derived from what every system already declares, its outcome() (VP, perSeat metrics) and its ui.board()
 * (counters on the map, eliminated counters by type, objective holders). A system whose board does not show
 * something the record needs gives its own turnRecord instead.
 */
import type { BoardView, LoadedScenario, TurnRecord } from './system.js';

/** What the records of one scenario hold: fixed at its start, so every game's columns are the same. */
export interface TurnRecordShape {
  /** Board labels of the objective hexes, in the board's order ("0405"). */
  readonly objectives: readonly string[];
  /** Unit types present at the start (leaders included), sorted; a type seen later counts as "other". */
  readonly unitTypes: readonly string[];
  /** Whether the system draws a board (ui.board): without it, units and objectives are not recorded. */
  readonly board: boolean;
  /** The declared perSeat metric ids, in declaration order. */
  readonly metrics: readonly string[];
}

export const OTHER_UNIT_TYPE = 'other';

/** Each seat's own board: a seat sees all of its own units, hidden ones too (one view for nobody would not). */
function seatBoards<S>(scenario: LoadedScenario<S>, state: S): BoardView[] {
  const board = scenario.ui.board;
  if (!board) return [];
  return scenario.sides.map((_, seat) => board.call(scenario.ui, state, { viewer: seat }));
}

/** The shape of `scenario`'s turn records, read off its starting position. */
export function turnRecordShape<S>(scenario: LoadedScenario<S>, start: S): TurnRecordShape {
  const boards = seatBoards(scenario, start);
  const first = boards[0];
  const labels = new Map(first?.hexes.map((h) => [h.hex, h.label]) ?? []);
  const types = new Set<string>();
  boards.forEach((b, seat) => {
    for (const u of b.units) if (u.side === seat) types.add(u.type);
  });
  return {
    objectives: first?.objectives.map((o) => labels.get(o.hex) ?? String(o.hex)) ?? [],
    unitTypes: [...types].sort(),
    board: first !== undefined,
    metrics: scenario.metrics.filter((m) => m.kind === 'perSeat').map((m) => m.id),
  };
}

/** The kernel's default turn record of `state`, in `shape`. */
export function defaultTurnRecord<S>(scenario: LoadedScenario<S>, state: S, shape: TurnRecordShape): TurnRecord {
  const seats = scenario.sides.length;
  const out = scenario.outcome(state);
  const vp = Array.from({ length: seats }, (_, i) => out.vp[i] ?? 0);
  const metrics = Object.fromEntries(shape.metrics.map((id) => [id, Array.from({ length: seats }, (_, i) => out.metrics[id]?.[i] ?? 0)]));
  const boards = shape.board ? seatBoards(scenario, state) : [];
  const unitsOnMap = new Array<number>(seats).fill(0);
  const eliminated: Record<string, number[]> = {};
  for (const type of [...shape.unitTypes, OTHER_UNIT_TYPE]) eliminated[type] = new Array<number>(seats).fill(0);
  boards.forEach((b, seat) => {
    for (const u of b.units) {
      if (u.side !== seat) continue;
      if (u.hex >= 0) unitsOnMap[seat]!++;
      else if (u.where === 'eliminated') eliminated[shape.unitTypes.includes(u.type) ? u.type : OTHER_UNIT_TYPE]![seat]!++;
    }
  });
  const objectives = boards[0]?.objectives ?? [];
  const holders = objectives.map((o) => (o.controller >= 0 && o.controller < seats ? o.controller : -1));
  const objectiveVp = new Array<number>(seats).fill(0);
  objectives.forEach((o, k) => {
    if (holders[k]! >= 0) objectiveVp[holders[k]!]! += o.vp;
  });
  return { vp, metrics, unitsOnMap: shape.board ? unitsOnMap : [], holders, objectiveVp: shape.board ? objectiveVp : [], eliminated };
}

/** The turn record of `state`: the system's own, or the kernel's default. */
export function turnRecordOf<S>(scenario: LoadedScenario<S>, state: S, shape: TurnRecordShape): TurnRecord {
  return scenario.turnRecord ? scenario.turnRecord(state) : defaultTurnRecord(scenario, state, shape);
}
