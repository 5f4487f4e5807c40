/**
 * SPG at the terminal: the map with ready/spent and disrupted units visible, the order of battle, one-line
 * status, actions in words, short commands and odds before fire, AT fire, assault and overrun.
 */
import { InputError } from '../../core/errors.js';
import type { ActionKind, ActionPlace, BoardUnit, BoardView, ScenarioUi, ViewOptions } from '../../core/system.js';
import { boardOf } from '../../hex/board.js';
import { renderBoardMap } from '../../hex/ascii.js';
import type { Hex } from '../../hex/grid.js';
import { isDemoralized, isShaken } from './morale.js';
import { knownMineStrength } from './obstacles.js';
import { oddsLines } from './odds.js';
import { ROAD as ROAD_BIT, type Scenario } from './scenario.js';
import { valuesOf } from './fire.js';
import {
  CARRIER,
  F_DISRUPTED,
  F_DROPPED,
  F_DUG_IN,
  F_IMMOBILE,
  F_IN_COLUMN,
  F_PACKED,
  F_SPENT,
  FLAGS,
  HEX,
  OUT_OF_AMMO,
  STEPS,
  type State,
} from './state.js';
import { outcomeOf } from './turn.js';

const HELP = [
  'move U HEX [drop]    move unit U (number or id, e.g. german-2) to hex HEX (e.g. 0405); "drop" drops its passenger there',
  'move V HEX load P    vehicle V picks up unit P in its hex and moves to HEX',
  'wire U HEX           leg unit U tries to enter the wire at HEX (morale check)',
  'clear U HEX          engineer U tries to clear the obstacle at HEX (morale check)',
  'fire U[,V,W] HEX     direct fire by unit U (with V, W in a fire group) at hex HEX',
  'group U HEX, join V  form a fire group of first firer U against HEX one unit at a time, then "fire"',
  'at U T               AT fire by unit U at vehicle T',
  'bomb U[,V,W] HEX     bombardment by unit U (an off-board battery too; with V, W in a group) at hex HEX',
  'assault HEX          assault hex HEX with every eligible adjacent infantry unit',
  'overrun U HEX        overrun hex HEX with vehicle or cavalry unit U',
  'rally U              rally disrupted unit U',
  'end | pass           hand over the initiative (after acting) / pass; in a window, "pass" declines opportunity fire',
  'opp U [R]            opportunity fire by unit U at the unit that just moved (or at its tank rider R alone)',
  'deploy M | pack M    at the Refresh: mortar M on its deployed or packed side',
];

export function spgUi(sc: Scenario): ScenarioUi<State, string> {
  const grid = sc.map.grid;
  /** The scenario's own legend character of each terrain id. */
  const terrainChar = new Map(Object.entries(sc.data.map.legend).map(([ch, id]) => [id, ch]));
  const where = (s: State, i: number): string => {
    const h = s.u[i]![HEX]!;
    if (sc.units[i]!.offBoard) return 'off-board artillery';
    if ((s.u[i]![FLAGS]! & F_IN_COLUMN) !== 0) return 'in column';
    return h >= 0 ? grid.label(h) : h === -1 ? 'not arrived' : h === -4 ? 'out of ammunition' : 'eliminated';
  };
  const state = (s: State, i: number): string => {
    const f = s.u[i]![FLAGS]!;
    const parts = [(f & F_SPENT) !== 0 ? 'spent' : 'ready'];
    if ((f & F_DISRUPTED) !== 0) parts.push('DISRUPTED');
    if ((f & F_PACKED) !== 0) parts.push('packed');
    if (s.u[i]![STEPS]! < sc.units[i]!.steps && s.u[i]![STEPS]! > 0) parts.push('reduced');
    const c = s.u[i]![CARRIER]! - 1;
    if (c >= 0) parts.push(`aboard ${sc.units[c]!.id}`);
    return parts.join(', ');
  };
  const asUnit = (text: string | undefined): number => {
    const t = (text ?? '').replace(/^#/, '');
    const byId = sc.units.findIndex((u) => u.id === t);
    const n = byId >= 0 ? byId : /^\d+$/.test(t) ? Number(t) : -1;
    if (n < 0 || n >= sc.units.length)
      throw new InputError(
        `"${text ?? ''}" names no unit (a number 0-${sc.units.length - 1} or an id such as ${sc.units[0]!.id}; see "units")`,
      );
    return n;
  };
  const asHex = (text: string | undefined): Hex => {
    const h = text === undefined ? -1 : grid.parseLabel(text);
    if (h < 0) throw new InputError(`"${text ?? ''}" is not a hex label of this ${grid.width}x${grid.height} map (e.g. 0304)`);
    return h;
  };
  const pick = (legal: readonly string[], action: string, what: string): string => {
    if (legal.includes(action)) return action;
    throw new InputError(`${what} is not legal now (type "list" for the legal actions)`);
  };

  const ui: ScenarioUi<State, string> = {
    renderMap: (s, view: ViewOptions) =>
      renderBoardMap(
        boardView(sc, s, view.viewer, renderStatusOf(s)),
        terrainChar,
        sc.sides.map((x) => x.id),
        view,
      ),
    renderUnits: (s) =>
      sc.units
        .map((u, i) => `  #${i} ${u.id} ${u.name}: ${where(s, i)}${s.u[i]![HEX]! >= 0 || u.offBoard ? ` (${state(s, i)})` : ''}`)
        .join('\n'),
    renderStatus: (s) => {
      const o = outcomeOf(sc, s);
      const side = (k: number): string =>
        `${sc.sides[k]!.id} ${o.vp[k]} VP, lost ${s.lost[k]}${isDemoralized(sc, s, k) ? ' DEMORALIZED' : isShaken(sc, s, k) ? ' shaken' : ''}`;
      const who = s.over
        ? 'game over'
        : s.opp >= 0
          ? `${sc.sides[s.toMove]!.id} may opportunity fire at ${sc.units[s.opp]!.id}`
          : `${sc.sides[s.active]!.id} to act (${s.acted} action(s) this impulse)`;
      return `Turn ${s.turn} of ${sc.turns}, initiative ${sc.sides[s.initiative]?.id ?? '-'}; ${who}; ${side(0)}; ${side(1)}`;
    },
    briefing: () => [
      ...(sc.data.description ? [sc.data.description] : []),
      `Objectives: ${sc.objectives.map((o) => `${grid.label(o.hex)} (${o.vp} VP, held by ${sc.sides[o.controlledBy]!.id})`).join(', ') || 'none'}`,
      ...worksAndObstacles(sc),
      ...sc.groups.map(
        (g) =>
          `Reinforcements: ${sc.sides[g.side]!.id}, turn ${g.turn}${g.arrivalRoll < 13 ? ` or later (arrives on 2d6 <= ${g.arrivalRoll})` : ''}, ${
            g.column ? `column at ${grid.label(g.entryHex)}` : `line at ${g.lineHexes.map((h) => grid.label(h)).join(' ')}`
          }: ${g.units
            .filter((i) => sc.units[i]!.startCarrier < 0)
            .map((i) => {
              const rider = g.units.find((p) => sc.units[p]!.startCarrier === i);
              return rider === undefined ? sc.units[i]!.name : `${sc.units[i]!.name} carrying ${sc.units[rider]!.name}`;
            })
            .join(', ')}`,
      ),
      `Terrain: ${Object.entries(sc.data.map.legend)
        .map(([ch, id]) => `${ch} ${id}`)
        .join(', ')}; * objective (and its holder).`,
    ],
    describeAction: (s, action) => describe(sc, s, action),
    commandHelp: HELP,
    parseCommand(_s, words, legal) {
      const [cmd, a, b, c] = words;
      switch (cmd) {
        case 'move':
          return pick(
            legal,
            `move ${asUnit(a)} ${asHex(b)}${c === 'drop' ? ' drop' : c === 'load' ? ` load ${asUnit(words[4])}` : ''}`,
            `moving ${a} to ${b}`,
          );
        case 'wire':
          return pick(legal, `wire ${asUnit(a)} ${asHex(b)}`, `entering the wire at ${b}`);
        case 'clear':
          return pick(legal, `clear ${asUnit(a)} ${asHex(b)}`, `clearing ${b}`);
        case 'fire':
          return pick(
            legal,
            `fire ${(a ?? '')
              .split(',')
              .map(asUnit)
              .sort((x, y) => x - y)
              .join('.')} ${asHex(b)}`,
            `that fire at ${b}`,
          );
        case 'at':
          return pick(legal, `at ${asUnit(a)} ${asUnit(b)}`, `AT fire by ${a} at ${b}`);
        case 'bomb':
          return pick(
            legal,
            `bomb ${(a ?? '')
              .split(',')
              .map(asUnit)
              .sort((x, y) => x - y)
              .join('.')} ${asHex(b)}`,
            `bombarding ${b} with ${a}`,
          );
        case 'assault':
          return pick(legal, `assault ${asHex(a)}`, `assaulting ${a}`);
        case 'overrun':
          return pick(legal, `overrun ${asUnit(a)} ${asHex(b)}`, `overrunning ${b} with ${a}`);
        case 'rally':
          return pick(legal, `rally ${asUnit(a)}`, `rallying ${a}`);
        case 'opp':
          return pick(legal, `opp ${asUnit(a)}${b === undefined ? '' : ` ${asUnit(b)}`}`, `opportunity fire by ${a}`);
        case 'group':
          return pick(legal, `group ${asUnit(a)} ${asHex(b)}`, `a fire group of ${a} at ${b}`);
        case 'join':
        case 'deploy':
        case 'pack':
          return pick(legal, `${cmd} ${asUnit(a)}`, `${cmd} ${a}`);
        case 'end':
          return pick(legal, 'end', 'handing over');
        case 'pass':
          return legal.includes('noop') ? 'noop' : pick(legal, 'pass', 'passing');
        default:
          return undefined;
      }
    },
    odds: (s, action) => oddsLines(sc, s, action),
    narration: (s) => s.events,
    // SPG has no hidden units (digest 8.3): every seat sees the whole board, and every action as it is.
    board: (s, view) => boardView(sc, s, view.viewer, renderStatusOf(s)),
    actionPlaces: (s, actions) => actions.map((a) => actionPlace(sc, s, a)),
    publicAction: (s, action) => actionPlace(sc, s, action),
    publicNarration: (s) => s.events,
  };
  return ui;
  function renderStatusOf(s: State): string {
    return ui.renderStatus(s, { viewer: -1 });
  }
}

/** The scenario's fortifications, foxholes and obstacles (S-45..S-51), which the map does not draw. */
function worksAndObstacles(sc: Scenario): string[] {
  const m = sc.data.map;
  const parts = [
    ['fortified positions', m.fortifications],
    ['foxholes', m.foxholes],
    ['wire', m.wire],
    ['minefields', m.mines.filter((x) => x.hiddenFrom === undefined).map((x) => `${x.hex} (${x.kind === 'ap' ? 'AP' : 'AT+AP'})`)],
    ['AT ditches', m.atDitches],
    ['heavy buildings', m.heavyBuildings],
  ] as const;
  const listed = parts.filter(([, hexes]) => hexes.length > 0).map(([what, hexes]) => `${what} ${hexes.join(', ')}`);
  // S-50 L672: hidden minefields are secret from one side until a unit enters them: only how many.
  const secret = m.mines.filter((x) => x.hiddenFrom !== undefined);
  const hidden = secret.length > 0 ? ` Hidden minefields: ${secret.map((x) => `one secret from ${x.hiddenFrom}`).join(', ')}.` : '';
  return listed.length > 0 ? [`Works and obstacles: ${listed.join('; ')}.${hidden}`] : [];
}

export function describe(sc: Scenario, s: State, action: string): string {
  const w = action.split(' ');
  const grid = sc.map.grid;
  const unit = (t: string | undefined): string => {
    const u = sc.units[Number(t)]!;
    return `${u.name} (${u.id})`;
  };
  const hex = (t: string | undefined): string => grid.label(Number(t));
  switch (w[0]) {
    case 'pass':
      return 'pass';
    case 'end':
      return 'hand over the initiative';
    case 'noop':
      return `no opportunity fire at ${unit(String(s.opp))}`;
    case 'opp':
      return `${unit(w[1])} opportunity fires at ${unit(w[2] ?? String(s.opp))}`;
    case 'group':
      return `${unit(w[1])} forms a fire group against ${hex(w[2])}`;
    case 'join':
      return `${unit(w[1])} joins the fire group`;
    case 'deploy':
    case 'pack':
      return `${unit(w[1])} ${w[0] === 'pack' ? 'packs up' : 'deploys'}`;
    case 'move':
      return `${unit(w[1])} ${w[3] === 'load' ? `picks up ${unit(w[4])} and ` : ''}moves to ${hex(w[2])}${w[3] === 'drop' ? ' and drops its passenger off' : ''}`;
    case 'wire':
      return `${unit(w[1])} tries to enter the wire at ${hex(w[2])}`;
    case 'clear':
      return `${unit(w[1])} tries to clear the obstacle at ${hex(w[2])}`;
    case 'fire':
      return `${w[1]!.split('.').map(unit).join(' + ')} fire at ${hex(w[2])}`;
    case 'at':
      return `${unit(w[1])} AT fire at ${unit(w[2])}`;
    case 'bomb':
      return `${w[1]!.split('.').map(unit).join(' + ')} bombard ${hex(w[2])}`;
    case 'air':
      return `air support (plane ${Number(w[1]) + 1}) at ${hex(w[2])}`;
    case 'assault':
      return `assault on ${hex(w[1])}`;
    case 'overrun':
      return `${unit(w[1])} overruns ${hex(w[2])}`;
    case 'rally':
      return `${unit(w[1])} tries to rally`;
    default:
      return action;
  }
}

/** Map colours by terrain id. */
/** The values printed on an SPG counter: fire-range, AT-range, movement, [armour]; morale in the details. */
function counterValues(sc: Scenario, s: State, i: number): string {
  const u = sc.units[i]!;
  const v = valuesOf(sc, s, i);
  const parts: string[] = [];
  if (v.df > 0) parts.push(`${v.df}-${v.dfRange}`);
  if (v.bomb > 0) parts.push(`B${v.bomb}-${v.bombRange}`);
  if (v.at >= 0) parts.push(`AT${v.at}-${v.atRange}`);
  return `${parts.join(' ') || '0'}-${v.ma}${u.armored ? ` [${u.armor}]` : ''}`;
}

function counterDetails(sc: Scenario, s: State, i: number): string {
  const u = sc.units[i]!;
  const v = valuesOf(sc, s, i);
  const parts = [`fire ${v.df} range ${v.dfRange}`];
  if (v.bomb > 0) parts.push(`bombard ${v.bomb} range ${v.bombRange}`);
  if (v.at >= 0) parts.push(`AT ${v.at} range ${v.atRange}`);
  if (u.armored) parts.push(`armour ${u.armor}${u.openTop ? ' (open top)' : ''}`);
  parts.push(`movement ${v.ma}`, `morale ${u.morale}`, `${s.u[i]![STEPS]}/${u.steps} steps`);
  return parts.join(', ');
}

/** The position as data for a page (every seat sees all of it but the other side's hidden minefields, S-50 L672). */
export function boardView(sc: Scenario, s: State, viewer: number, status: string): BoardView {
  const hexMarkers = (h: number): string[] => {
    const markers: string[] = [];
    if (sc.fortified[h]) markers.push('fortification');
    if (sc.heavy[h]) markers.push('heavy building');
    if (sc.foxholes[h]) markers.push('foxholes');
    if (sc.wire[h] && !s.cleared.includes(h)) markers.push('wire');
    if (knownMineStrength(sc, s, h, viewer) > 0) markers.push('mines');
    if (sc.atDitch[h]) markers.push('AT ditch');
    if (s.cleared.includes(h)) markers.push('cleared');
    return markers;
  };
  const units: BoardUnit[] = sc.units.map((u, i) => {
    const row = s.u[i]!;
    const f = row[FLAGS]!;
    const h = row[HEX]!;
    const markers: string[] = [(f & F_SPENT) !== 0 ? 'spent' : 'ready'];
    if (f & F_DISRUPTED) markers.push('disrupted');
    if (f & F_PACKED) markers.push('packed');
    if (f & F_DUG_IN) markers.push('dug in');
    if (f & F_IMMOBILE) markers.push('immobile');
    if (f & F_DROPPED) markers.push('dropped');
    if (row[CARRIER]! > 0) markers.push('carried');
    const where = u.offBoard
      ? 'off-board artillery'
      : (f & F_IN_COLUMN) !== 0
        ? 'in a column, arriving'
        : h >= 0
          ? ''
          : h === -1
            ? `arrives turn ${u.fromTurn}`
            : h === OUT_OF_AMMO
              ? 'out of ammunition'
              : 'eliminated';
    return {
      unit: i,
      side: u.side,
      hex: h >= 0 ? h : -1,
      name: u.name,
      type: u.type,
      values: counterValues(sc, s, i),
      where,
      reduced: row[STEPS]! > 0 && row[STEPS]! < u.steps,
      leader: false,
      markers,
      details: counterDetails(sc, s, i),
    };
  });
  return boardOf(sc.map, ROAD_BIT, hexMarkers, {
    units,
    objectives: sc.objectives.map((o, k) => ({ hex: o.hex, vp: o.vp, controller: s.control[k] ?? -1 })),
    status,
  });
}

const KIND: Record<string, ActionKind> = {
  pass: 'pass',
  end: 'end',
  noop: 'decide',
  opp: 'fire',
  move: 'move',
  wire: 'move',
  clear: 'other',
  fire: 'fire',
  at: 'fire',
  bomb: 'fire',
  air: 'fire',
  assault: 'assault',
  overrun: 'assault',
  rally: 'other',
};
const COMBAT = new Set(['opp', 'fire', 'at', 'bomb', 'air', 'assault', 'overrun']);

/** Where an SPG action (describe's keys) happens on the map. */
export function actionPlace(sc: Scenario, s: State, action: string): ActionPlace {
  const w = action.split(' ');
  const hexOf = (i: number): number => s.u[i]?.[HEX] ?? -1;
  const group = (t: string | undefined): number[] =>
    (t ?? '')
      .split('.')
      .filter((x) => x !== '')
      .map(Number);
  let units: number[] = [];
  let from = -1;
  let to = -1;
  let target = -1;
  switch (w[0]) {
    case 'opp':
      units = [Number(w[1])];
      from = hexOf(units[0]!);
      target = s.opp >= 0 ? hexOf(s.opp) : -1;
      break;
    case 'move':
    case 'wire':
    case 'overrun':
      units = [Number(w[1])];
      from = hexOf(units[0]!);
      to = Number(w[2]);
      if (w[0] === 'overrun') target = to;
      break;
    case 'clear':
      units = [Number(w[1])];
      from = hexOf(units[0]!);
      target = Number(w[2]);
      break;
    case 'fire':
    case 'bomb':
      units = group(w[1]);
      from = hexOf(units[0]!);
      target = Number(w[2]);
      break;
    case 'at':
      units = [Number(w[1])];
      from = hexOf(units[0]!);
      target = hexOf(Number(w[2]));
      break;
    case 'air':
      target = Number(w[2]);
      break;
    case 'assault':
      target = Number(w[1]);
      break;
    case 'rally':
      units = [Number(w[1])];
      from = hexOf(units[0]!);
      break;
  }
  return { kind: KIND[w[0] ?? ''] ?? 'other', label: describe(sc, s, action), units, from, to, target, combat: COMBAT.has(w[0] ?? '') };
}
