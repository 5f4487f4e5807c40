/** What the Panzer Grenadier family reads off one side of a counter once it is loaded (PG3 2.1, SPG S-11). */

/** Fire values of one side of a counter (full or reduced): strengths and ranges, and the movement allowance. */
export interface FireValues {
  readonly df: number;
  readonly dfRange: number;
  readonly bomb: number;
  readonly bombRange: number;
  /** A negative value where a system marks "no AT value" (SPG: -1). */
  readonly at: number;
  readonly atRange: number;
  readonly ma: number;
}
