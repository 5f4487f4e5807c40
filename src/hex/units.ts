/**
 * Unit rows: the changing facts of each unit of a game, one small array of numbers per unit (the
 * system lays out its fields). Rows are shared between successive states until a unit changes (see
 * UnitDraft), so an action copies the few rows it writes, not every unit's fields.
 *
 * Every system's row starts with the unit's hex (`HEX`); a negative hex is a unit not on the map.
 */
export type UnitRow = readonly number[];
export type UnitRows = readonly UnitRow[];

/** Field 0 of every unit row: the hex the unit stands in, or one of the off-map values below. */
export const HEX = 0;

/** Hex values for units not on the map: not yet entered, eliminated, exited through a board edge. */
export const OFFBOARD = -1,
  ELIMINATED = -2,
  EXITED = -3;

/** Where a system keeps the fields the kernel reads, besides HEX. */
export interface RowLayout {
  /** Field of bit flags (UnitDraft.flag). */
  readonly flags: number;
  /**
   * Field holding the index + 1 of the unit carrying this one (0: not carried), or -1 when the system has
   * no carrying. A carried unit keeps its carrier's hex but is left out of the hex occupancy index.
   */
  readonly carrier: number;
}

/** What identifies a piece of a scenario in every system: its index (row), id, side, counter and name. */
export interface PieceIdentity {
  readonly index: number;
  /** Unique in the scenario, e.g. "german-3". */
  readonly id: string;
  /** Seat of its side. */
  readonly side: number;
  /** Key of its counter in the counter manifest. */
  readonly counter: string;
  readonly name: string;
}
