/**
 * Text rendering of a PG3 position for the terminal (`tacsim play`, `tacsim scenarios show`):
 * the map as a hex grid and the units with their status.
 *
 * The map is the position as the viewing seat may see it (boardView, the BoardView the browser page draws
 * too), drawn by the kernel (drawBoard in src/hex/ascii.ts): every hex two lines inside its own borders,
 *
 *   /0101 .   \         /0301 .   \
 *   \G2L      /0201 .   \S1!      /
 *
 * the upper line its label, terrain letter (the scenario's legend character), elevation digit and objective
 * (`*` and its holder's letter), the lower line a stack per side (see stackToken) and the hex's markers
 * (smoke, mines, wrecks, entrenchments).
 *
 * Hidden information: secret tank leaders (sides with a fixed number of them) are shown only for the
 * viewing seat's own units, or once revealed by leading. Hidden units (16.6) of the other side are neither
 * drawn on the map nor listed until revealed.
 */
import { paint, renderBoardMap } from '../../hex/ascii.js';
import type { BoardUnit, BoardView } from '../../core/system.js';
import { boardOf } from '../../hex/board.js';
import { seatView } from './hidden.js';
import type { Scenario } from './scenario.js';
import {
  CARRIED,
  DEMORALIZED,
  DISRUPTED,
  DIG,
  EXITED,
  ELIMINATED,
  F_ACTIVATED,
  F_DUG_IN,
  F_ENTRENCHED,
  F_LIMBERED,
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
  MINE_REVEALED,
  MP,
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
  /** Text columns the map may take (a window of whole hex columns around `centre`). Default: the whole map. */
  width?: number;
  centre?: number;
}

/** Whether to colour output on `stream`: a TTY and NO_COLOR unset. */
export function wantColor(stream: { isTTY?: boolean } = process.stdout): boolean {
  return stream.isTTY === true && (process.env.NO_COLOR === undefined || process.env.NO_COLOR === '');
}

const SIDE_COLORS = ['36', '31'];

/** The legend character of each terrain id (the scenario's own letters), else the id's first letter. */
function terrainLetters(sc: Scenario): Map<string, string> {
  const out = new Map<string, string>();
  const legend = (sc.data.map as { legend?: Record<string, string> }).legend ?? {};
  for (const [ch, id] of Object.entries(legend)) if (!out.has(id)) out.set(id, ch);
  for (const id of sc.map.terrainIds) if (!out.has(id)) out.set(id, id.charAt(0));
  return out;
}

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

/** The map as `viewer` may see it (boardView), drawn by the kernel (renderBoardMap): see the file comment. */
export function renderMap(sc: Scenario, s: State, opts: RenderOptions = {}): string {
  const viewer = opts.viewer ?? -1;
  return renderBoardMap(
    boardView(sc, s, viewer),
    terrainLetters(sc),
    sc.sides.map((x) => x.id),
    { ...opts, viewer },
  );
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

/** The values printed on a PG3 counter: fire-range, bombardment, AT, movement, [armour]; a leader's modifiers. */
function unitValues(sc: Scenario, state: State, i: number): string {
  const u = sc.units[i]!;
  if (u.isLeader) return `${u.moraleMod >= 0 ? '+' : ''}${u.moraleMod} ${u.combatMod >= 0 ? '+' : ''}${u.combatMod}`;
  const reduced = state.u[i]![STEPS]! < u.maxSteps;
  const v = reduced ? u.reduced : u.full;
  const parts: string[] = [];
  if (v.df > 0 || v.bomb <= 0) parts.push(`${v.df}-${v.dfRange}`);
  if (v.bomb > 0) parts.push(`B${v.bomb}-${v.bombRange}`);
  if (v.at > 0) parts.push(`AT${v.at}-${v.atRange}`);
  let text = `${parts.join(' ')}-${v.ma}`;
  if (u.isAfv) text += ` [${u.armor}]`;
  return text;
}

function unitDetails(sc: Scenario, state: State, i: number): string {
  const u = sc.units[i]!;
  const r = state.u[i]!;
  if (u.isLeader)
    return `leader rank ${u.rank}, morale ${u.leaderMorale}, combat ${u.combatMod >= 0 ? '+' : ''}${u.combatMod}, morale modifier ${u.moraleMod >= 0 ? '+' : ''}${u.moraleMod}`;
  const reduced = r[STEPS]! < u.maxSteps;
  const v = reduced ? u.reduced : u.full;
  const parts = [`fire ${v.df} range ${v.dfRange}`];
  if (v.bomb > 0) parts.push(`bombard ${v.bomb} range ${v.bombRange}`);
  if (v.at > 0) parts.push(`AT ${v.at} range ${v.atRange}`);
  if (u.isAfv) parts.push(`armour ${u.armor}${u.openTop ? ' (open top)' : ''}`);
  parts.push(`movement ${v.ma} (${u.moveClass})`, `morale ${reduced ? u.moraleReduced : u.moraleFull}`);
  parts.push(`${r[STEPS]}/${u.maxSteps} steps`);
  // MP are kept doubled (roads cost half a point, 5.2).
  if (r[HEX]! >= 0 && (r[FLAGS]! & F_IN_ACT) !== 0) parts.push(`${r[MP]! / 2} MP left`);
  return parts.join(', ');
}

function unitMarkers(sc: Scenario, state: State, i: number, viewer: number): string[] {
  const r = state.u[i]!;
  const fl = r[FLAGS]!;
  const marks: string[] = [];
  const m = r[MORALE]!;
  if (m === DISRUPTED) marks.push('disrupted');
  else if (m === DEMORALIZED) marks.push('demoralized');
  if (fl & F_IN_ACT) marks.push('activating');
  if (fl & F_ACTIVATED) marks.push('spent');
  if (fl & (F_MOVED | F_MOVED_TURN)) marks.push('moved');
  if (fl & F_FIRED) marks.push('fired');
  if (fl & F_SPOTTED) marks.push('spotted');
  if (fl & F_DUG_IN) marks.push('dug in');
  else if (r[DIG]! > 0) marks.push('digging');
  if (fl & F_ENTRENCHED) marks.push('entrenched');
  if (fl & F_LIMBERED) marks.push('limbered');
  if (fl & F_HIDDEN) marks.push('hidden');
  if (r[CARRIED]! > 0) marks.push('carried');
  if (tankLeaderVisible(sc, state, i, viewer)) marks.push('tank leader');
  return marks;
}

function offMapWhere(sc: Scenario, state: State, i: number): string {
  const h = state.u[i]![HEX]!;
  if (h >= 0) return '';
  if (h === ELIMINATED) return 'eliminated';
  if (h === EXITED) return 'exited';
  const u = sc.units[i]!;
  if (h === OFFBOARD && u.entryTurn > state.turn) return `enters turn ${u.entryTurn}`;
  return 'off the map';
}

/** The position as `viewer` may see it (seatView: the other side's hidden units and secret leaders left out). */
export function boardView(sc: Scenario, real: State, viewer: number): BoardView {
  const state = viewer === 0 || viewer === 1 ? seatView(sc, real, viewer) : real;
  const mines = new Set<number>();
  sc.minefields.forEach((m, k) => {
    if (m.side === viewer || (state.mines[k]! & MINE_REVEALED) !== 0) mines.add(m.hex);
  });
  const hexMarkers = (h: number): string[] => {
    const markers: string[] = [];
    if (state.smoke.includes(h)) markers.push('smoke');
    if (mines.has(h)) markers.push('mines');
    const wrecks = state.wrecks.filter((w) => w === h).length;
    for (let k = 0; k < wrecks; k++) markers.push('wreck');
    if (sc.entrenched[h]) markers.push('entrenchment');
    return markers;
  };
  const units: BoardUnit[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    const u = sc.units[i]!;
    if (u.inPool && state.u[i]![HEX]! < 0) continue;
    if (!unitVisible(sc, real, i, viewer) || (u.side !== viewer && state.u[i]![HEX]! === OFFBOARD && real.u[i]![HEX]! >= 0)) continue;
    const h = state.u[i]![HEX]!;
    units.push({
      unit: i,
      side: u.side,
      hex: h >= 0 ? h : -1,
      name: u.name,
      type: u.isLeader ? 'leader' : u.type,
      values: unitValues(sc, state, i),
      where: offMapWhere(sc, state, i),
      reduced: !u.isLeader && state.u[i]![STEPS]! < u.maxSteps,
      leader: u.isLeader,
      markers: unitMarkers(sc, state, i, viewer),
      details: unitDetails(sc, state, i),
    });
  }
  return boardOf(sc.map, sc.ROAD, hexMarkers, {
    units,
    objectives: sc.objectives.map((o, k) => ({ hex: o.hex, vp: o.vp, controller: state.control[k] ?? -1 })),
    status: renderStatus(sc, state),
  });
}
