/**
 * PG3 at the terminal: the ScenarioUi that `tacsim play`, `replay` and `scenarios show` use. Drawing is
 * render.ts's, words describe.ts's, odds odds.ts's; this file adds the short commands of the play prompt.
 */
import { InputError } from '../../core/errors.js';
import type { Rng } from '../../core/game.js';
import type { ActionKind, ActionPlace, ScenarioUi, UnitMovement, ViewOptions } from '../../core/system.js';
import { Draft } from './draft.js';
import { seatView } from './hidden.js';
import { breaksCombatMovement, moveCost2, threatens, unitMoveBlocked } from './movement.js';
import { isNight } from './spotting.js';
import { combatIn, fitsStack, sideIn } from './units.js';
import { seatToMove } from './actions.js';
import { describeAction } from './describe.js';
import { combatOdds, isCombatAction } from './odds.js';
import { boardView, renderMap, renderStatus, renderUnits, unitVisible } from './render.js';
import type { Scenario } from './scenario.js';
import { DISRUPTED, F_LEADER_ACT, F_MOVED, HEX, MORALE, MP, type State } from './state.js';

export { boardView } from './render.js';

const COMMAND_HELP = [
  'move U HEX           move unit U (its #number) to hex HEX (board label, e.g. 0405)',
  'fire HEX             fire at HEX (if only one fire action targets it)',
  'fire FROM TARGET     direct fire (or bombardment) from hex FROM at hex TARGET',
  'pass | end           pass the segment / end the activation (pass also declines opportunity fire)',
];

export function pg3Ui(sc: Scenario): ScenarioUi<State, string> {
  const grid = sc.map.grid;
  const label = (h: number): string => grid.label(h);

  const hexArg = (text: string | undefined): number => {
    if (text === undefined) throw new InputError('name a hex by its board label, e.g. 0405');
    const h = grid.parseLabel(text);
    if (h < 0) throw new InputError(`"${text}" is not a hex of this map (labels run 0101 to ${grid.label(grid.size - 1)})`);
    return h;
  };

  const unitArg = (text: string | undefined): number => {
    const n = Number((text ?? '').replace(/^#/, ''));
    if (text === undefined || !Number.isInteger(n) || n < 0 || n >= sc.units.length) {
      throw new InputError(`"${text ?? ''}" is not a unit number (0 to ${sc.units.length - 1}; see "units")`);
    }
    return n;
  };

  const parseCommand = (_state: State, words: readonly string[], legal: readonly string[]): string | undefined => {
    const [cmd, ...args] = words;
    const need = (action: string, what: string): string => {
      if (legal.includes(action)) return action;
      throw new InputError(`${what} is not legal now (type "list" for the legal actions)`);
    };
    switch (cmd) {
      case 'move':
      case 'mv': {
        const u = unitArg(args[0]);
        const h = hexArg(args[1]);
        const action = `mv ${u} ${h}`;
        if (legal.includes(action)) return action;
        const dests = legal.filter((a) => a.startsWith(`mv ${u} `)).map((a) => label(Number(a.split(' ')[2])));
        throw new InputError(
          `unit #${u} cannot move to ${label(h)} now${dests.length ? ` (it can move to ${dests.join(', ')})` : ' (it has no move now)'}`,
        );
      }
      case 'fire': {
        if (args.length >= 2) {
          const from = hexArg(args[0]);
          const to = hexArg(args[1]);
          for (const a of [`df ${from} ${to}`, `bomb ${from} ${to}`]) if (legal.includes(a)) return a;
          throw new InputError(`no fire from ${label(from)} at ${label(to)} is legal now`);
        }
        const to = hexArg(args[0]);
        const options = legal.filter((a) => {
          const p = a.split(' ');
          return ((p[0] === 'df' || p[0] === 'bomb') && Number(p[2]) === to) || (p[0] === 'oba' && Number(p[1]) === to);
        });
        if (options.length === 1) return options[0]!;
        if (options.length === 0) throw new InputError(`no fire at ${label(to)} is legal now`);
        throw new InputError(
          `several fire actions target ${label(to)}: ${options.map((a) => `"fire ${label(Number(a.split(' ')[1]))} ${label(to)}"`).join(', ')} (or pick a number)`,
        );
      }
      case 'pass':
        if (legal.includes('pass')) return 'pass';
        if (legal.includes('nofire')) return 'nofire';
        return need('pass', 'passing');
      case 'end':
        return need('end', 'ending the activation');
      default:
        return undefined;
    }
  };

  return {
    renderMap: (state, view: ViewOptions) =>
      renderMap(sc, state, {
        color: view.color === true,
        viewer: view.viewer,
        ...(view.width !== undefined ? { width: view.width } : {}),
        ...(view.centre !== undefined ? { centre: view.centre } : {}),
      }),
    renderUnits: (state, view: ViewOptions) => renderUnits(sc, state, { color: view.color === true, viewer: view.viewer }),
    renderStatus: (state) => renderStatus(sc, state),
    briefing: () => {
      const lines: string[] = [];
      if (sc.data.description) lines.push(sc.data.description);
      if (sc.objectives.length) {
        lines.push(
          `Objectives: ${sc.objectives.map((o) => `${label(o.hex)} (${o.vp} VP, held by ${sc.sides[o.initialController]?.id ?? 'nobody'})`).join(', ')}`,
        );
      }
      return lines;
    },
    describeAction: (state, action) => describeAction(sc, state, action),
    commandHelp: COMMAND_HELP,
    parseCommand,
    // The chances as the seat choosing may know them: a hidden unit in the target hex is hit too (8.0) and counts
    // for the 3-unit shift (4.4), but its own line would name it (16.6).
    odds: (state, action) =>
      isCombatAction(action) ? [...withoutSecrets(sc, state, combatOdds(sc, state, action), seatToMove(state))] : [],
    narration: (state) => state.events,
    board: (state, view) => boardView(sc, state, view.viewer),
    actionPlaces: (state, actions) => actions.map((a) => actionPlace(sc, state, a)),
    publicAction: (before, action, view) => publicAction(sc, before, action, view.viewer),
    publicNarration: (state, view) => publicNarration(sc, state, view.viewer),
    movement: (state, unit) => unitMovement(sc, state, unit),
  };
}

const NO_DICE: Rng = { next: () => 0, int: () => 0 };

/**
 * How unit i of the seat to move may go on moving, as that seat knows the board (seatView: hidden units of the
 * other side are not there), for play's move to a distant hex: its movement points (doubled: roads cost half,
 * 5.2), the step costs of 5.0-5.5 (terrain, no entry into enemy-held hexes, stacking, combat movement, night),
 * and the enemy units that could fire on it in each hex (5.4 threats: spotting it there, in range, able to hurt).
 * What this cannot foresee (a river crossing that makes it stop, 5.7; fire on the way) stops the move there.
 */
export function unitMovement(sc: Scenario, state: State, i: number): UnitMovement | string {
  const seat = seatToMove(state);
  const d = new Draft(sc, seatView(sc, state, seat), NO_DICE, false);
  const u = sc.units[i]!;
  if (u.side !== seat || d.hex(i) < 0) return 'it is not one of your units on the map';
  const blocked = unitMoveBlocked(d, i);
  if (blocked !== null) return blocked;
  const enemy = 1 - u.side;
  return {
    start: d.hex(i),
    budget: d.get(i, MP),
    scale: 2,
    oneHexAlways: !d.flag(i, F_MOVED),
    // 14.2: a disrupted unit moves one hex a turn.
    maxHexes: d.get(i, MORALE) === DISRUPTED ? 1 : undefined,
    stepCost: (from, to) => {
      if (combatIn(d, to, enemy) || !fitsStack(d, i, to)) return -1;
      const cost = moveCost2(d, i, from, to);
      if (cost < 0 || breaksCombatMovement(d, i, from, to)) return -1;
      if (isNight(d) && !d.flag(i, F_LEADER_ACT) && !u.isLeader && !sideIn(d, to, u.side)) return -1;
      return cost;
    },
    firersAt: (hex) => sc.unitsOf[enemy]!.filter((e) => threatens(d, e, i, hex)).length,
  };
}

const KIND: Record<string, ActionKind> = {
  pass: 'pass',
  save: 'other',
  double: 'other',
  stack: 'activate',
  leader: 'activate',
  unit: 'activate',
  decl: 'declare',
  mv: 'move',
  exit: 'move',
  rec: 'other',
  dig: 'other',
  df: 'fire',
  bomb: 'fire',
  oba: 'fire',
  split: 'fire',
  smoke: 'fire',
  air: 'fire',
  obasmoke: 'fire',
  at: 'fire',
  asl: 'assault',
  chg: 'assault',
  melee: 'assault',
  end: 'end',
  opp: 'fire',
  oppx: 'fire',
  oppat: 'fire',
  nofire: 'decide',
  loss: 'decide',
};

/** Where a PG3 action (describe.ts keys) happens: acting units, the hex they stand in, the hex moved to or fired at. */
export function actionPlace(sc: Scenario, state: State, action: string): ActionPlace {
  const p = action.split(' ');
  const a = Number(p[1]);
  const b = Number(p[2]);
  const hexOf = (i: number): number => state.u[i]?.[HEX] ?? -1;
  const inHex = (h: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < sc.units.length; i++) if (state.u[i]![HEX] === h && sc.units[i]!.side === state.active) out.push(i);
    return out;
  };
  const oppHex = state.opp?.hex ?? -1;
  let units: number[] = [];
  let from = -1;
  let to = -1;
  let target = -1;
  switch (p[0]) {
    case 'stack':
      units = inHex(a);
      from = a;
      break;
    case 'leader':
    case 'unit':
    case 'decl':
    case 'rec':
    case 'dig':
    case 'exit':
    case 'loss':
      units = [a];
      from = hexOf(a);
      break;
    case 'mv':
      units = [a];
      from = hexOf(a);
      to = b;
      break;
    case 'df':
    case 'bomb':
    case 'smoke':
      units = inHex(a);
      from = a;
      target = b;
      break;
    case 'oba':
    case 'air':
    case 'obasmoke':
      target = a;
      break;
    case 'split':
      units = [a];
      from = hexOf(a);
      target = b;
      break;
    case 'at':
      units = [a];
      from = hexOf(a);
      target = hexOf(b);
      break;
    case 'asl':
      units = [a];
      from = hexOf(a);
      to = b;
      target = b;
      break;
    case 'chg':
      units = [a];
      from = hexOf(a);
      to = Number(p[3]);
      target = Number(p[3]);
      break;
    case 'melee':
      target = a;
      break;
    case 'opp':
    case 'oppat':
      units = [a];
      from = hexOf(a);
      target = oppHex;
      break;
    case 'oppx':
      from = a;
      target = oppHex;
      break;
  }
  return {
    kind: KIND[p[0] ?? ''] ?? 'other',
    label: describeAction(sc, state, action),
    units,
    from,
    to,
    target,
    combat: isCombatAction(action),
  };
}

/**
 * An action of the other side as `viewer` may learn of it: nothing about it when every unit it names was out of
 * the viewer's sight (16.6 hidden units: activating or declaring one tells nothing; moving or firing reveals it,
 * and the board then shows where it went).
 */
export function publicAction(sc: Scenario, before: State, action: string, viewer: number): ActionPlace {
  const place = actionPlace(sc, before, action);
  const secret = place.units.length > 0 && place.units.every((i) => sc.units[i]!.side !== viewer && !unitVisible(sc, before, i, viewer));
  if (!secret) return place;
  return {
    kind: 'other',
    label: `${sc.sides[1 - viewer]?.name ?? 'the other side'} acts out of sight`,
    units: [],
    from: -1,
    to: -1,
    target: -1,
    combat: false,
  };
}

/** The narration of the last apply without lines naming a unit `viewer` may not see (16.6) or the hex it stands in. */
export function publicNarration(sc: Scenario, state: State, viewer: number): readonly string[] {
  return withoutSecrets(sc, state, state.events, viewer);
}

/** `lines` without those naming a unit of the other side hidden from `viewer` (16.6) or the hex it stands in. */
export function withoutSecrets(sc: Scenario, state: State, lines: readonly string[], viewer: number): readonly string[] {
  const secrets: RegExp[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side === viewer || unitVisible(sc, state, i, viewer)) continue;
    secrets.push(new RegExp(`#${i}(?!\\d)`));
    const h = state.u[i]![HEX]!;
    if (h >= 0) secrets.push(new RegExp(`(?<!\\d)${sc.map.grid.label(h)}(?!\\d)`));
  }
  if (secrets.length === 0) return lines;
  return lines.filter((line) => !secrets.some((re) => re.test(line)));
}
