/**
 * Text rendering of a PG3 position for the terminal (`tacsim play`, `tacsim scenarios show`):
 * the map as a hex grid and the units with their status.
 *
 * The map is drawn by the kernel (src/hex/ascii.ts), two text rows per hex:
 *
 *   0101 .   0301 t1
 *   G3L  *   0201 w   ...
 *
 * Row 1 of a cell: board label, terrain letter (the scenario's legend character), elevation digit
 * (blank at 0). Row 2: unit markers, one per side present: side letter + number of units (+L when a
 * leader is there), `*` for an objective (with the controlling side's letter) and `~` for smoke.
 *
 * Hidden information: secret tank leaders (sides with a fixed number of them) are shown only for the
 * viewing seat's own units, or once revealed by leading. Hidden units (16.6) of the other side are neither
 * drawn on the map nor listed until revealed.
 */
import { drawHexMap, paint, type Segment } from '../../hex/ascii.js';
import type { Scenario } from './scenario.js';
import {
  DEMORALIZED,
  DISRUPTED,
  DIG,
  EXITED,
  ELIMINATED,
  F_ACTIVATED,
  F_DUG_IN,
  F_FIRED,
  F_IN_ACT,
  F_MOVED,
  F_MOVED_TURN,
  F_HIDDEN,
  F_SPOTTED,
  F_TANK_LEADER,
  F_TL_REVEALED,
  FLAGS,
  HEX,
  MORALE,
  OFFBOARD,
  Phase,
  STEPS,
  type State,
} from './state.js';

export interface RenderOptions {
  /** ANSI colours. Default: false. */
  color?: boolean;
  /** Seat whose secrets may be shown (own tank leaders); -1 shows no secret. Default -1. */
  viewer?: number;
}

/** Whether to colour output on `stream`: a TTY and NO_COLOR unset. */
export function wantColor(stream: { isTTY?: boolean } = process.stdout): boolean {
  return stream.isTTY === true && (process.env.NO_COLOR === undefined || process.env.NO_COLOR === '');
}

const SIDE_COLORS = ['36', '31'];

/** One letter per side, distinct: the first letter of each side id (A/B if they clash). */
export function sideLetters(sc: Scenario): [string, string] {
  const a = sc.sides[0].id.charAt(0).toUpperCase() || 'A';
  const b = sc.sides[1].id.charAt(0).toUpperCase() || 'B';
  return a === b ? ['A', 'B'] : [a, b];
}

/** The legend character of each terrain id (the scenario's own letters), else the id's first letter. */
function terrainLetters(sc: Scenario): Map<string, string> {
  const out = new Map<string, string>();
  const legend = (sc.data.map as { legend?: Record<string, string> }).legend ?? {};
  for (const [ch, id] of Object.entries(legend)) if (!out.has(id)) out.set(id, ch);
  for (const id of sc.map.terrainIds) if (!out.has(id)) out.set(id, id.charAt(0));
  return out;
}

const TERRAIN_COLORS: Record<string, string> = {
  woods: '32',
  forest: '32',
  town: '33',
  village: '33',
  field: '93',
  swamp: '34',
  marsh: '34',
  river: '94',
  stream: '94',
  hill: '35',
};

/** Whether `viewer` may see that unit i carries a tank leader. */
export function tankLeaderVisible(sc: Scenario, s: State, i: number, viewer: number): boolean {
  const fl = s.u[i]![FLAGS]!;
  if ((fl & F_TANK_LEADER) === 0) return false;
  const side = sc.units[i]!.side;
  return sc.sides[side]!.tankLeaders < 0 || side === viewer || (fl & F_TL_REVEALED) !== 0;
}

/** Whether `viewer` may see where unit i is (16.6: another side's hidden units are secret). */
export function unitVisible(sc: Scenario, s: State, i: number, viewer: number): boolean {
  return (s.u[i]![FLAGS]! & F_HIDDEN) === 0 || sc.units[i]!.side === viewer;
}

/** The map as text: a header of column numbers, two text rows per hex row, a legend line. */
export function renderMap(sc: Scenario, s: State, opts: RenderOptions = {}): string {
  const color = opts.color === true;
  const grid = sc.map.grid;
  const letters = terrainLetters(sc);
  const sides = sideLetters(sc);
  const objectives = new Map(sc.objectives.map((o, k) => [o.hex, k]));
  const viewer = opts.viewer ?? -1;
  const cellTop = (h: number): Segment[] => {
    const id = sc.map.terrainId(h);
    const e = sc.map.elevation[h]!;
    return [{ text: `${grid.label(h)} ` }, { text: `${letters.get(id) ?? '?'}${e !== 0 ? String(e) : ' '}`, code: TERRAIN_COLORS[id] }];
  };
  const cellBottom = (h: number): Segment[] => {
    const count = [0, 0];
    const leaders = [false, false];
    for (let i = 0; i < sc.units.length; i++) {
      if (s.u[i]![HEX] !== h || !unitVisible(sc, s, i, viewer)) continue;
      const u = sc.units[i]!;
      if (u.isLeader) leaders[u.side] = true;
      else count[u.side]!++;
    }
    const parts: Segment[] = [];
    const add = (text: string, code: string): void => {
      if (parts.length > 0) parts.push({ text: ' ' });
      parts.push({ text, code });
    };
    for (const seat of [0, 1]) {
      if (count[seat]! > 0 || leaders[seat])
        add(`${sides[seat]}${count[seat]! > 0 ? count[seat] : ''}${leaders[seat] ? 'L' : ''}`, SIDE_COLORS[seat]!);
    }
    const obj = objectives.get(h);
    if (obj !== undefined) {
      const c = s.control[obj]!;
      add(`*${c >= 0 && c <= 1 ? sides[c] : ''}`, '1');
    }
    if (s.smoke.includes(h)) add('~', '90');
    return parts;
  };
  const lines = drawHexMap(grid, (h, row) => (row === 0 ? cellTop(h) : cellBottom(h)), { width: 8, color });
  const used = new Set<string>();
  for (let h = 0; h < grid.size; h++) used.add(sc.map.terrainId(h));
  const legend = [...letters.entries()]
    .filter(([id]) => used.has(id))
    .map(([id, ch]) => `${ch}=${id}`)
    .join(' ');
  lines.push(
    `terrain: ${legend}; digit = elevation; ${sides[0]}=${sc.sides[0].id} ${sides[1]}=${sc.sides[1].id} (count, L = leader); * objective (controller); ~ smoke`,
  );
  return lines.join('\n');
}

function where(sc: Scenario, h: number): string {
  return h >= 0 ? sc.map.grid.label(h) : h === OFFBOARD ? 'off map' : h === ELIMINATED ? 'eliminated' : h === EXITED ? 'exited' : String(h);
}

/** One unit's status line: index, name, hex, steps, morale and markers. */
export function unitStatus(sc: Scenario, s: State, i: number, viewer = -1): string {
  const u = sc.units[i]!;
  const r = s.u[i]!;
  const h = r[HEX]!;
  const fl = r[FLAGS]!;
  const marks: string[] = [];
  if (!u.isLeader) marks.push(`${r[STEPS]}/${u.maxSteps} step${u.maxSteps > 1 ? 's' : ''}`);
  const m = r[MORALE]!;
  marks.push(m === DISRUPTED ? 'disrupted' : m === DEMORALIZED ? 'demoralized' : 'good order');
  if (fl & F_IN_ACT) marks.push('activating');
  if (fl & F_ACTIVATED) marks.push('activated');
  if (fl & (F_MOVED | F_MOVED_TURN)) marks.push('moved');
  if (fl & F_FIRED) marks.push('fired');
  if (fl & F_SPOTTED) marks.push('spotted');
  if (fl & F_HIDDEN) marks.push('hidden');
  if (fl & F_DUG_IN) marks.push('dug in');
  else if (r[DIG]! > 0) marks.push('digging');
  if (tankLeaderVisible(sc, s, i, viewer)) marks.push('tank leader');
  if (u.entryTurn > 0 && h === OFFBOARD) marks.push(`enters turn ${u.entryTurn}`);
  return `#${String(i).padEnd(3)} ${u.name.padEnd(24)} ${where(sc, h).padEnd(10)} ${marks.join(', ')}`;
}

/** Every unit by side, with status. */
export function renderUnits(sc: Scenario, s: State, opts: RenderOptions = {}): string {
  const viewer = opts.viewer ?? -1;
  const color = opts.color === true;
  const lines: string[] = [];
  for (const seat of [0, 1]) {
    lines.push(paint(color, SIDE_COLORS[seat]!, `${sc.sides[seat]!.name} (${sc.sides[seat]!.id})${seat === viewer ? ' - you' : ''}`));
    for (let i = 0; i < sc.units.length; i++)
      if (sc.units[i]!.side === seat && unitVisible(sc, s, i, viewer)) lines.push(`  ${unitStatus(sc, s, i, viewer)}`);
  }
  return lines.join('\n');
}

const PHASES = [
  'choose an activation',
  'declare move or fire',
  'carry out the activation',
  'opportunity fire',
  'allocate a step loss',
  'game over',
];

/** One line: turn, phase, whose segment, objectives held. */
export function renderStatus(sc: Scenario, s: State): string {
  const held = sc.objectives.map((o, k) => `${sc.map.grid.label(o.hex)}:${sc.sides[s.control[k]!]?.id ?? 'none'}`).join(' ');
  return (
    `Turn ${s.turn} of ${sc.turns}, ${sc.sides[s.active]!.id}'s segment, ${PHASES[s.phase as number] ?? `phase ${s.phase}`}` +
    `${s.phase === Phase.Over ? '' : ''}; steps lost ${sc.sides[0].id} ${s.stepsLost[0]}, ${sc.sides[1].id} ${s.stepsLost[1]}` +
    (held ? `; objectives ${held}` : '')
  );
}
