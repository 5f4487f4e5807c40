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
import { combatIn, fitsStack, inEntrenchment, leaderMoraleBonus, moraleValue, sideIn, values } from './units.js';
import { seatToMove } from './actions.js';
import { describeAction } from './describe.js';
import { combatOdds, fireOdds, isCombatAction } from './odds.js';
import { boardView, renderMap, renderStatus, renderUnits, unitVisible } from './render.js';
import type { Scenario } from './scenario.js';
import { baseShift, bombardSpec, directFireSpec } from './actions.js';
import { type FireSpec, P2D6 } from './combat.js';
import { mustRecover } from './turn.js';
import {
  DEMORALIZED,
  DISRUPTED,
  F_ACTIVATED,
  F_FIRED,
  F_IN_ACT,
  F_LEADER_ACT,
  F_MOVED,
  GOOD,
  HEX,
  MORALE,
  MP,
  Phase,
  type State,
} from './state.js';

export { boardView } from './render.js';

const COMMAND_HELP = [
  'move U HEX           move unit U (its #number) to hex HEX (board label, e.g. 0405)',
  'fire HEX             fire at HEX (if only one fire action targets it)',
  'fire FROM TARGET     direct fire (or bombardment) from hex FROM at hex TARGET',
  'assault U HEX        assault movement of unit U into the adjacent enemy hex HEX (12.1): only units a leader',
  '                     activates (activate the leader, not the stack), declared FIRE, in good order, unmoved',
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

  const parseCommand = (state: State, words: readonly string[], legal: readonly string[]): string | undefined => {
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
        // 3.13: in an activation a unit declares MOVE before it moves; say so rather than only refusing.
        const declare = legal.indexOf(`decl ${u} m`);
        throw new InputError(
          `unit #${u} cannot move to ${label(h)} now${
            dests.length
              ? ` (it can move to ${dests.join(', ')})`
              : declare >= 0
                ? ` (declare it MOVE first: action ${declare + 1})`
                : ' (it has no move now)'
          }`,
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
        throw new InputError(`you cannot pass now: ${whyNoPass(sc, state, legal)}`);
      case 'assault':
      case 'asl': {
        const u = unitArg(args[0]);
        const h = hexArg(args[1]);
        const why = whyNoAssault(sc, state, u, h, legal);
        if (why !== null) throw new InputError(`no assault by #${u} into ${label(h)}: ${why}`);
        return `asl ${u} ${h}`;
      }
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
    odds: (state, action) => {
      if (action.startsWith('oba ') || action.startsWith('rec '))
        return [...withoutSecrets(sc, state, extraOdds(sc, state, action), seatToMove(state))];
      if (!isCombatAction(action)) return [];
      return [...withoutSecrets(sc, state, [...combatOdds(sc, state, action), ...extraOdds(sc, state, action)], seatToMove(state))];
    },
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
  load: 'other',
  unload: 'other',
  unlimber: 'other',
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
    case 'unload':
    case 'unlimber':
      units = [a];
      from = hexOf(a);
      break;
    case 'mv':
      units = [a];
      from = hexOf(a);
      to = b;
      break;
    case 'load':
      units = [a, b];
      from = hexOf(b);
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

const pct = (p: number): string => `${Math.round(p * 100)}%`;
const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n}`;

/**
 * The column shifts of a fire (baseShift in actions.ts, term by term): the target hex's terrain (TEC), smoke
 * (16.1), night (17.2), three or more combat units in the target hex (4.4, not on opportunity fire, 13.2),
 * point blank (10.3), long range (10.2) and firing uphill. Empty when the terms do not add up to `total` (the
 * rules changed and this was not kept up): no explanation rather than a wrong one.
 */
export function shiftReasons(
  d: Draft,
  kind: 'direct' | 'bombard',
  firers: readonly number[],
  t: number,
  targetSeat: number,
  opp: boolean,
  total: number,
): string[] {
  const m = d.sc.charts.modifiers;
  const grid = d.sc.map.grid;
  const terrain = d.sc.terrain[d.sc.map.terrain[t]!]!;
  const parts: [number, string][] = [];
  parts.push([kind === 'direct' ? terrain.directFireShift : terrain.bombardmentShift, `${d.sc.map.terrainId(t)} in the target hex (TEC)`]);
  if (d.smoke.includes(t) && kind === 'direct') parts.push([-1, 'smoke in the target hex (16.1)']);
  if (isNight(d)) parts.push([m.night.value, 'night']);
  if (!opp) {
    let combat = 0;
    for (let i = d.firstIn(t); i >= 0; i = d.nextIn(i)) {
      const u = d.sc.units[i]!;
      if (u.side === targetSeat && u.isCombat && !u.isApc) combat++;
    }
    if (combat >= 3) parts.push([m.threeUnits.value, '3 or more combat units in the target hex (4.4)']);
  }
  if (kind === 'direct' && firers.length > 0) {
    const dists = firers.map((i) => grid.distance(d.hex(i), t));
    if (dists.every((x) => x <= 1)) parts.push([m.pointBlank.value, 'point blank (10.3)']);
    if (firers.some((i, k) => dists[k]! > Math.ceil(values(d, i).dfRange / 2))) parts.push([m.longRange.value, 'beyond half range (10.2)']);
    if (firers.every((i) => d.sc.map.elevation[d.hex(i)]! < d.sc.map.elevation[t]!)) parts.push([m.targetUphill.value, 'firing uphill']);
  }
  const shown = parts.filter(([v]) => v !== 0);
  if (shown.reduce((a, [v]) => a + v, 0) !== total) return [];
  return [
    `column shift ${signed(total)}: ${shown.length === 0 ? 'nothing shifts it' : shown.map(([v, why]) => `${signed(v)} ${why}`).join(', ')}`,
  ];
}

/** 9.2: the off-board factors `oba T N` fires (the N strongest unused this turn) and its chances as a bombardment. */
function obaChances(d: Draft, t: number, n: number): string[] {
  const seat = d.active;
  const factors = d.sc.sides[seat]!.offboard;
  const unused = factors.map((_, k) => k).filter((k) => ((d.obaUsed[seat]! >> k) & 1) === 0);
  const firing = unused.sort((p, q) => factors[q]! - factors[p]!).slice(0, n);
  const shift = baseShift(d, 'bombard', [], t, 1 - seat, false);
  const spec: FireSpec = {
    kind: 'bombard',
    firers: [],
    strength: firing.reduce((a, k) => a + factors[k]!, 0),
    target: t,
    moverOnly: -1,
    baseShift: shift,
    targetSeat: 1 - seat,
    label: `Off-board artillery (${firing.map((k) => factors[k]).join(' + ')}) at ${d.sc.map.grid.label(t)}`,
  };
  return [...fireOdds(d, spec), ...shiftReasons(d, 'bombard', [], t, 1 - seat, false, shift)];
}

/** 14.4: a recovery attempt's chances (2d6 under morale + leader + terrain; a 2 always recovers; 6.6 Kommissar). */
function recoveryChances(d: Draft, i: number): string[] {
  const u = d.sc.units[i]!;
  const terrain = Math.max(d.sc.terrain[d.sc.map.terrain[d.hex(i)]!]!.recoveryBonus, inEntrenchment(d, i) ? 1 : 0);
  const m = d.get(i, MORALE);
  const under = (target: number): number => P2D6.reduce((a, p, roll) => a + (roll >= 2 && roll < target ? p : 0), 0);
  let kom = -1;
  if (m === DEMORALIZED && !u.isLeader)
    for (let j = d.firstIn(d.hex(i)); j >= 0; j = d.nextIn(j)) {
      const k = d.sc.units[j]!;
      if (k.isKom && k.side === u.side && d.flag(j, F_IN_ACT) && d.get(j, MORALE) !== DEMORALIZED) kom = j;
    }
  if (kom >= 0) {
    const target = d.sc.units[kom]!.leaderMorale + terrain;
    return [
      `Recovery of ${u.name}#${i} with ${d.sc.units[kom]!.name} (6.6): 2d6 under ${target}: good order ${pct(under(target))}, else a step loss`,
    ];
  }
  const target = moraleValue(d, i) + leaderMoraleBonus(d, i, true) + terrain;
  const p = Math.max(under(target), P2D6[2]!);
  return [
    `Recovery of ${u.name}#${i} (14.4): 2d6 under ${target} (morale ${moraleValue(d, i)}, leader ${signed(leaderMoraleBonus(d, i, true))}, terrain ${signed(terrain)}; a 2 always): ${m === DEMORALIZED ? 'to disrupted' : 'to good order'} ${pct(p)}, no change ${pct(1 - p)}`,
  ];
}

/** What the chances of `action` add to odds.ts's: the fire's column shift explained, off-board artillery and recovery chances. */
export function extraOdds(sc: Scenario, state: State, action: string): string[] {
  const p = action.split(' ');
  const a = Number(p[1]);
  const b = Number(p[2]);
  const d = new Draft(sc, state, NO_DICE, false);
  try {
    switch (p[0]) {
      case 'df': {
        const spec = directFireSpec(d, a, b);
        return shiftReasons(d, 'direct', spec.firers, b, spec.targetSeat, false, spec.baseShift);
      }
      case 'bomb': {
        const spec = bombardSpec(d, a, b, 1 - d.active);
        return shiftReasons(d, 'bombard', spec.firers, b, spec.targetSeat, false, spec.baseShift);
      }
      case 'oba':
        return obaChances(d, a, b);
      case 'rec':
        return recoveryChances(d, a);
      default:
        return [];
    }
  } catch {
    return [];
  }
}

/** Why `pass` is not among the legal actions now, in the player's words. */
export function whyNoPass(sc: Scenario, state: State, legal: readonly string[]): string {
  const d = new Draft(sc, state, NO_DICE, false);
  if (state.phase === Phase.Segment && mustRecover(d, d.active)) {
    const who = sc.unitsOf[d.active]!.filter((i) => d.hex(i) >= 0 && d.get(i, MORALE) === DEMORALIZED && !d.flag(i, F_ACTIVATED));
    return `you may not pass while a demoralized unit of yours has not activated this turn: ${who
      .map((i) => `${sc.units[i]!.name}#${i} at ${sc.map.grid.label(d.hex(i))}`)
      .join(', ')} must first try to recover: activate ${who.length > 1 ? 'them' : 'it'} (PG3 3.0 B, 14.4)`;
  }
  if (legal.includes('end')) return 'an activation is under way: "end" ends it';
  return 'passing is not a choice at this decision (type "list" for the legal actions)';
}

/** Why unit i may not assault into hex h now (12.1), or null when it may. */
export function whyNoAssault(sc: Scenario, state: State, i: number, h: number, legal: readonly string[]): string | null {
  if (legal.includes(`asl ${i} ${h}`)) return null;
  const d = new Draft(sc, state, NO_DICE, false);
  const u = sc.units[i]!;
  const label = sc.map.grid.label(h);
  if (u.side !== d.active || d.hex(i) < 0) return `#${i} is not one of your units on the map`;
  if (sc.map.grid.distance(d.hex(i), h) !== 1) return `${label} is not next to #${i}`;
  if (!combatIn(d, h, 1 - u.side)) return `no enemy combat unit you know of is in ${label}`;
  if (!d.flag(i, F_IN_ACT)) return `#${i} is not activated: activate its leader (the "activate leader" action) so that it is led`;
  if (!d.flag(i, F_LEADER_ACT))
    return `#${i} was not activated by a leader of its kind: only units a leader activates may assault (12.1); activate the leader, not the stack or the unit alone`;
  if (d.get(i, MORALE) !== GOOD) return `#${i} is not in good order (12.1)`;
  if (d.flag(i, F_MOVED)) return `#${i} has moved this activation: assault movement starts adjacent, unmoved (12.1)`;
  if (d.flag(i, F_FIRED)) return `#${i} has fired: declare it FIRE and assault instead of firing (12.1)`;
  if (!fitsStack(d, i, h)) return `${label} is full (4.5)`;
  return `#${i} may not assault ${label} now (12.1)`;
}
