/**
 * From dusk to dawn (7.11, ruling IA2-R78): a scenario may name the turn day begins (`dawn`) and the turn night begins
 * (`dusk`); the four 15-minute turns before each follow the rule's schedule of spotting ranges and night
 * rules. Turns listed in `nightTurns` stay night turns.
 */
import type { ProblemList } from '../../core/errors.js';
import type { ScenarioFile } from './formats.js';

/** One turn's light: its spotting range (null: the night range, 7.12) and whether night rules are in effect. */
interface Light {
  readonly range: number | null;
  readonly night: boolean;
}

const DAY: Light = { range: null, night: false };
const NIGHT: Light = { range: null, night: true };

/** 7.11, minutes before dawn 60, 45, 30, 15 (index 0-3: turns dawn-4 .. dawn-1). */
const BEFORE_DAWN: readonly Light[] = [NIGHT, { range: 2, night: true }, { range: 4, night: false }, { range: 8, night: false }];
/** 7.11, minutes before dusk 60, 45, 30, 15 (turns dusk-4 .. dusk-1): 12 hexes (day), 8, 4, then 2 under night rules. */
const BEFORE_DUSK: readonly Light[] = [DAY, { range: 8, night: false }, { range: 4, night: false }, { range: 2, night: true }];

function lightOf(turn: number, dawn: number | undefined, dusk: number | undefined): Light {
  const byDawn = (): Light => (turn >= dawn! ? DAY : turn < dawn! - 4 ? NIGHT : BEFORE_DAWN[turn - dawn! + 4]!);
  const byDusk = (): Light => (turn >= dusk! ? NIGHT : turn < dusk! - 4 ? DAY : BEFORE_DUSK[turn - dusk! + 4]!);
  if (dawn === undefined && dusk === undefined) return DAY;
  if (dusk === undefined) return byDawn();
  if (dawn === undefined) return byDusk();
  // Both: the one whose schedule the turn falls in; a night between dusk and dawn, or a day between dawn and dusk.
  if (dawn < dusk) return turn < dawn ? byDawn() : byDusk();
  return turn < dawn - 4 ? byDusk() : byDawn();
}

/**
 * The night turns (the scenario's list and those the schedule puts under night rules) and the turns whose
 * spotting range the schedule sets (2, 4 or 8 hexes). Dawn and dusk must fall within the game, and a day or
 * a night between them must leave room for the four turns of the schedule.
 */
export function readDaylight(data: ScenarioFile, problems: ProblemList): { nightTurns: Set<number>; ranges: Map<number, number> } {
  const { dawn, dusk } = data;
  for (const [key, t] of [
    ['dawn', dawn],
    ['dusk', dusk],
  ] as const)
    if (t !== undefined && t > data.turns + 4)
      problems.add(key, `turn ${t} is more than four turns after the last (${data.turns}): 7.11 would never apply`, 'bad-value');
  if (dawn !== undefined && dusk !== undefined && Math.abs(dawn - dusk) < 4)
    problems.add(
      'dusk',
      `dawn (turn ${dawn}) and dusk (turn ${dusk}) are less than four turns apart: 7.11 needs four turns before each`,
      'bad-value',
    );
  const nightTurns = new Set(data.nightTurns);
  const ranges = new Map<number, number>();
  for (let t = 1; t <= data.turns; t++) {
    const l = lightOf(t, dawn, dusk);
    if (l.night) nightTurns.add(t);
    if (l.range !== null) ranges.set(t, l.range);
  }
  return { nightTurns, ranges };
}
