/**
 * Panzer at a terminal: the map with each vehicle's facing, the vehicles with their commands as the
 * viewing seat may know them (the other side's stay face down until shown, 4.2.2), short commands, the
 * chances of a shot.
 */
import { InputError } from '../../core/errors.js';
import type { ActionPlace, BoardUnit, BoardView, ScenarioUi, ViewOptions } from '../../core/system.js';
import { renderBoardMap, type StackMark, sideLettersOf, wrapWords } from '../../hex/ascii.js';
import { boardOf } from '../../hex/board.js';
import { sheafHexes, sheafName, sourceName } from './advanced/indirect-fire.js';
import { gpShotFigures } from './advanced/suppression.js';
import { commandable, describePanzerAction, seatToMove, unitName, victoryPoints } from './game.js';
import { damageOf, shotFigures, movingShown } from './rules.js';
import { FACINGS, ROAD, type Scenario } from './scenario.js';
import {
  alive,
  BAILED_OUT,
  BREWED_UP,
  BU_WRECK,
  COMMAND_LETTERS,
  COMMAND_NAMES,
  DAMAGED,
  ELIMINATED,
  EXITED,
  HULL_DOWN,
  KNOCKED_OUT,
  NO_WRECK,
  MOUNTED,
  NOT_SUPPRESSED,
  PARTIAL_HULL_DOWN,
  SPOT_FIRE,
  SPOT_FIRE_SA,
  SPOT_MOVE,
  SUPPRESSION_ON,
  type State,
  type Unit,
} from './state.js';

/** A unit's kind as the map and lists write it (5.1, 5.2): veh, sqd (squad), hsq (half-squad), sec (section), gun (towed). */
export function kindLabel(sc: Scenario, state: State, u: number): string {
  const kind = sc.units[u]!.kind;
  if (kind === 'squad') return state.units[u]!.half ? 'hsq' : 'sqd';
  return kind === 'section' ? 'sec' : kind === 'towed' ? 'gun' : 'veh';
}

/** The counters on a unit: DAMAGED, track hit, SPOT markers, SUPPRESSION/ON or OFF (5.10). */
function counterFlags(u: Unit): string[] {
  return [
    u.status === DAMAGED ? (u.dmgHull ? 'HULL DAMAGED' : 'DAMAGED') : '',
    u.hd === HULL_DOWN ? 'HULL DOWN' : u.hd === PARTIAL_HULL_DOWN ? 'PARTIAL HULL DOWN' : '',
    u.immobile ? 'TRACK' : '',
    u.mark === SPOT_MOVE ? 'SPOT/MOVE' : u.mark === SPOT_FIRE ? 'SPOT/FIRE' : u.mark === SPOT_FIRE_SA ? 'SPOT/FIRE SA' : '',
    u.sup === NOT_SUPPRESSED ? '' : u.sup === SUPPRESSION_ON ? 'SUPPRESSION/ON' : 'SUPPRESSION/OFF',
  ].filter((f) => f !== '');
}

/** Where a unit is, or how it left play. */
function placeText(sc: Scenario, u: Unit): string {
  if (u.status === KNOCKED_OUT) return 'knocked out';
  if (u.status === BREWED_UP) return 'brewed up';
  if (u.status === EXITED) return 'exited';
  if (u.status === ELIMINATED) return 'eliminated';
  if (u.status === BAILED_OUT) return `abandoned in ${sc.map.grid.label(u.hex)} (BAIL)`;
  if (u.status === MOUNTED) return `aboard #${u.carrier} in ${sc.map.grid.label(u.hex)}`;
  return `${sc.map.grid.label(u.hex)} facing ${FACINGS[u.facing]}`;
}

/** The unit's weapons in a few words: AP row, GP factor at its closest band. */
function weaponText(sc: Scenario, u: number): string {
  const d = sc.units[u]!;
  const parts: string[] = [];
  if (d.range[4]! > 0) parts.push(`AP ${d.pen.join('/')} to ${d.range[4]}`);
  for (const g of d.gp) parts.push(`GP ${g.factor.join('/')} to ${g.range[4]}${g.smallArms ? ' SA' : ''}`);
  return parts.length > 0 ? parts.join(', ') : 'unarmed';
}

/** Arrows for the six facings of a flat-topped hex (N NE SE S SW NW). */
export const FACING_ARROWS = ['^', '/', '\\', 'v', ',', '`'] as const;
const ARROW_HELP = 'facing: ^ N, / NE, \\ SE, v S, , SW, ` NW';

/** The position as data (`tacsim serve`, and the terminal map through the kernel's board drawing). */
export function panzerBoard(sc: Scenario, state: State, view: ViewOptions): BoardView {
  const units: BoardUnit[] = state.units.map((u, i) => {
    const d = sc.units[i]!;
    const on = alive(u);
    const markers = [...counterFlags(u), `facing ${FACINGS[u.facing]}`];
    return {
      unit: i,
      side: d.side,
      hex: on ? u.hex : -1,
      name: d.name,
      type: d.kind === 'vehicle' ? 'vehicle' : d.kind === 'towed' ? 'gun' : 'infantry',
      values: d.kind === 'vehicle' ? `${d.mf}${d.traction} ${d.armorFront}/${d.armorRear}` : `${d.mf}L ${kindLabel(sc, state, i)}`,
      where: on ? '' : placeText(sc, u),
      reduced: u.status === DAMAGED || u.half,
      leader: false,
      markers,
      details: `${commandText(sc, state, i, view.viewer) || 'no command'}; ${weaponText(sc, i)}`,
    };
  });
  // 6.5.1.5, 6.1.4.3.10: the Barrage areas of the GP missions on the map, and the SMOKE counters.
  const barrage = new Set(state.missions.flatMap((m) => (m.smoke ? [] : sheafHexes(sc, m.hex, m.sheaf))));
  const smoke = new Set(state.smoke.map((c) => c.hex));
  const markersOf = (h: number): string[] => [
    ...(state.wrecks[h] !== NO_WRECK ? ['wreck'] : []),
    ...(state.wrecks[h] === BU_WRECK || smoke.has(h) ? ['smoke'] : []),
    ...(barrage.has(h) ? ['barrage'] : []),
  ];
  return boardOf(sc.map, ROAD, markersOf, {
    units,
    objectives: sc.objectives.map((o, k) => ({ hex: o.hex, vp: o.vp, controller: state.control[k]! })),
    status: panzerStatus(sc, state),
  });
}

/** Panzer has no leaders, spent units, morale or digging in: the map's stacks are a side letter and a count. */
const NO_STACK_MARKS: readonly StackMark[] = [];

/**
 * The terminal map (the kernel's board drawing: stacks by side, wrecks #, smoke %) and under it each
 * vehicle's facing as an arrow (3.3).
 */
export function renderPanzerMap(sc: Scenario, state: State, view: ViewOptions): string {
  const letters = new Map(Object.entries(sc.data.map.legend).map(([ch, id]) => [id, ch]));
  const map = renderBoardMap(
    panzerBoard(sc, state, view),
    letters,
    sc.sides.map((x) => x.id),
    view,
    NO_STACK_MARKS,
  );
  const sideLetters = sideLettersOf(sc.sides.map((x) => x.id));
  // With leg and towed units on the map each entry names the unit's kind and marks suppression (5.10).
  const kinds = sc.modules.legTowed;
  const facings = state.units
    .map((u, i) =>
      alive(u)
        ? `${sideLetters[sc.units[i]!.side]}#${i}${kinds ? ` ${kindLabel(sc, state, i)}` : ''} ${sc.map.grid.label(u.hex)}${FACING_ARROWS[u.facing]}${u.sup !== NOT_SUPPRESSED ? '!' : ''}`
        : '',
    )
    .filter((x) => x !== '');
  const help = kinds ? `${ARROW_HELP}; veh vehicle, sqd squad, hsq half-squad, sec section, gun towed gun; ! suppressed` : ARROW_HELP;
  const lines = wrapWords(`Units (${help}): ${facings.join(', ')}`, view.width ?? 120);
  const indirect = indirectFireLines(sc, state, view.viewer).flatMap((l) => wrapWords(l, view.width ?? 120));
  return [map, ...lines, ...indirect].join('\n');
}

/**
 * The indirect fire on the map (6.5.1): each mission's source, observer, Target Point, SHEAF and the hexes
 * it covers; the Planned fire plots (6.5.1.11.1), shown to their own side only until the fire arrives.
 */
export function indirectFireLines(sc: Scenario, state: State, viewer: number): string[] {
  if (!sc.modules.indirectFire) return [];
  const grid = sc.map.grid;
  const out = state.missions.map((m) => {
    const by = m.planned ? 'Planned' : `called by ${unitName(sc, m.observer)}`;
    const hexes = sheafHexes(sc, m.hex, m.sheaf).map((h) => grid.label(h));
    const when = m.turn === state.turn ? 'fired this turn' : `fired turn ${m.turn}`;
    return `${m.smoke ? 'Smoke mission' : 'Indirect fire'} (${sc.sides[m.side]!.name}): ${sourceName(sc, m, unitName)}, ${by}, Target Point ${grid.label(m.hex)}, ${sheafName(m.sheaf)} SHEAF over ${hexes.join(' ')} (${when}${m.dangerClose ? ', Danger Close' : ''})`;
  });
  sc.batteries.forEach((b, k) => {
    const plot = state.plots[k]!;
    if (plot < 0) return;
    if (b.side === viewer) {
      const p = b.plans[plot]!;
      // 6.5.1.11.3: the plotted shifts of its later turns.
      const shifts = p.hexes.filter((h, j) => j > 0 && h !== p.hexes[j - 1]).map((h) => grid.label(h));
      out.push(
        `Planned fire (${sc.sides[b.side]!.name}): ${b.name} on ${grid.label(p.hex)}${shifts.length > 0 ? ` then ${shifts.join(' then ')}` : ''}, turn ${p.turn}, ${p.sheaf} SHEAF, ${p.duration} turn(s)${state.plotStart[k]! >= 0 ? `, arrived turn ${state.plotStart[k]}` : ' (secret)'}`,
      );
    } else if (state.plotStart[k]! >= 0)
      // The other side sees where it has landed (the missions above); its later turns stay face down (ruling PZ-R64).
      out.push(`Planned fire (${sc.sides[b.side]!.name}): ${b.name} arrived turn ${state.plotStart[k]}; the rest of its plot is face down`);
    else out.push(`Planned fire (${sc.sides[b.side]!.name}): ${b.name} has a plot, face down`);
  });
  // 6.1.4.3.10, 6.8.4: the SMOKE counters, ON or OFF.
  if (state.smoke.length > 0)
    out.push(`Smoke: ${state.smoke.map((c) => `${grid.label(c.hex)} ${c.on ? 'ON' : 'OFF'}${c.closed ? '' : ' (Open)'}`).join(', ')}`);
  return out;
}

function commandText(sc: Scenario, state: State, u: number, viewer: number): string {
  const x = state.units[u]!;
  if (!x.ordered) return '';
  if (sc.units[u]!.side === viewer || x.shown) return COMMAND_NAMES[x.cmd]!;
  return 'face down';
}

export function renderPanzerUnits(sc: Scenario, state: State, view: ViewOptions): string {
  const lines: string[] = [];
  for (let side = 0; side < 2; side++) {
    lines.push(`${sc.sides[side]!.name}:`);
    state.units.forEach((u, i) => {
      const d = sc.units[i]!;
      if (d.side !== side) return;
      const where = placeText(sc, u);
      const flags = [
        ...counterFlags(u),
        alive(u) && u.spotted ? 'spotted' : '',
        commandText(sc, state, i, view.viewer),
        u.fired ? 'fired' : '',
        u.moved ? 'moved' : '',
      ].filter((f) => f !== '');
      lines.push(
        d.kind === 'vehicle'
          ? `  #${i} ${d.name} (${d.mf}${d.traction} ${d.roadMf}, armor ${d.armorFront}/${d.armorRear}, ${weaponText(sc, i)}, ${d.pts} pts): ${where}${flags.length ? ` [${flags.join(', ')}]` : ''}`
          : `  #${i} ${d.name} ${kindLabel(sc, state, i)} (${d.mf}L, ${weaponText(sc, i)}, ${d.pts} pts): ${where}${flags.length ? ` [${flags.join(', ')}]` : ''}`,
      );
    });
  }
  lines.push(...indirectFireLines(sc, state, view.viewer));
  return lines.join('\n');
}

export function panzerStatus(sc: Scenario, state: State): string {
  const vp = victoryPoints(sc, state);
  const who =
    state.phase === 'over'
      ? 'game over'
      : state.pending !== null
        ? `${sc.sides[sc.units[state.pending.target]!.side]!.name} decides whether to reveal`
        : state.reactions.length > 0
          ? `${sc.sides[state.reactions.at(-1)!.seat]!.name} may fire overwatch`
          : state.phase === 'command'
            ? `${sc.sides[state.commandSeat]!.name} gives commands (secret)`
            : state.phase === 'choose'
              ? `${sc.sides[state.chooser]!.name} won the initiative (${state.initiativeRolls.join(' vs ')}) and chooses`
              : state.phase === 'indirect'
                ? `${sc.sides[state.stepSeat]!.name} calls indirect fire`
                : state.salvo !== null
                  ? `${sc.sides[state.stepSeat]!.name} announces fire at #${state.salvo.target}`
                  : `${sc.sides[state.stepSeat]!.name} ${state.phase === 'fire' ? 'fires' : state.phase === 'assault' ? 'may close-assault' : 'moves'}`;
  const first = state.first >= 0 ? `, First Player ${sc.sides[state.first]!.name}` : '';
  return `Turn ${state.turn}/${sc.turns}, ${state.phase} phase${first}: ${who}. VP ${sc.sides[0]!.name} ${vp[0]}, ${sc.sides[1]!.name} ${vp[1]}`;
}

export const PANZER_COMMAND_HELP = [
  'orders LETTERS    commands for all your vehicles in order, one letter each: F fire, M move, H short halt, O overwatch, N n/c (a set the list offers)',
  'order U C         command C (F M H O N) for vehicle #U',
  'first | second    after winning the initiative: be First Player (fire first, move last) or Second (move first)',
  'fire U T          vehicle #U fires at enemy #T (overwatch), or announces its direct fire at #T (a passenger fires from its carrier)',
  'resolve           resolve the direct fire announced at one target (every shot at it is announced first)',
  'gp U T            unit #U fires GP at enemy #T (Advanced Game, direct fire or overwatch)',
  'pass              hold overwatch fire now',
  'reveal | conceal  when your MOVE vehicle is fired on: show MOVE (the shot takes -2) or keep it face down',
  'move U HEX [F]    vehicle #U moves to HEX (CCRR) ending facing F (N NE SE S SW NW); "move U here F" turns in place',
  "exit U            vehicle #U leaves the map at its side's exit edge",
  'assault U T       leg unit #U attacks adjacent enemy #T: close assault on a vehicle, hand to hand otherwise (Advanced Game); passenger #U: dismount attack',
  'advance U HEX T   leg unit #U moves to HEX (overwatch may answer) and then attacks enemy #T (Advancing Attack)',
  'overrun V T       vehicle #V with MOVE drives next to enemy leg or towed unit #T and overruns it (Advanced Game)',
  'hold              make no more close assaults this turn',
  'mount U V         leg or towed unit #U with MOVE mounts vehicle #V (Advanced Game transport)',
  'dismount V        vehicle #V puts its passengers down in its hex before it moves (Advanced Game transport)',
  'bail P            passenger #P bails out of its moving carrier into its hex, suppressed (emergency bail out)',
  'go                the moving carrier carries on with its passengers aboard',
  'search U F [P]    vehicle #U with MOVE searches its hex for hull down (P: partial hull down), ending facing F (Advanced Game)',
  'call O S HEX SH [smoke]  observer #O calls source S (bK off-map battery K, uK on-map unit #K) onto HEX, SHEAF SH (S single, C Closed, O Open, L0-L5 linear N..NW); smoke: a Smoke mission',
  'continue M [switch]      continue indirect fire mission M (its number in the list of missions); switch: GP to Smoke or back',
  'adjust M HEX SH [smoke]  adjust mission M onto HEX (3 hexes at most) with SHEAF SH; smoke: a Smoke mission',
  'done              end your Indirect Fire Step (missions not continued are checked)',
  'plot B K          plot Planned fire K of battery B (secret)',
  'arrive B          announce the Planned fire of battery B now (a turn early or on its plotted turn)',
];

/** 6.5.1.6.1: `smoke` after a call or an adjustment makes it a Smoke mission. */
function smokeWord(w: string | undefined): string {
  return w === 'smoke' ? ':s' : '';
}

export function parsePanzerCommand(sc: Scenario, state: State, words: readonly string[], legal: readonly string[]): string | undefined {
  const [cmd, ...args] = words;
  const need = (a: string): string => {
    if (!legal.includes(a)) throw new InputError(`that is not legal now (type "list" for the legal actions)`);
    return a;
  };
  switch (cmd) {
    case 'orders': {
      const letters = (args[0] ?? '').toUpperCase();
      const n = commandable(sc, state, state.commandSeat).length;
      if (letters.length !== n) throw new InputError(`give ${n} letters, one per vehicle, in the order of the unit list`);
      if (legal.includes(`O:${letters}`)) return `O:${letters}`;
      throw new InputError('that set is not one of the offered sets: give the commands one vehicle at a time with "order U C"');
    }
    case 'order': {
      const c = (args[1] ?? '').toUpperCase().charAt(0);
      if (!COMMAND_LETTERS.includes(c as never)) throw new InputError('a command is one of F M H O N');
      return need(`o:${args[0]}:${c}`);
    }
    case 'first':
    case 'second':
    case 'reveal':
    case 'conceal':
    case 'pass':
    case 'resolve':
      return need(cmd);
    case 'fire': {
      const f = `f:${args[0]}:${args[1]}`;
      const w = `w:${args[0]}:${args[1]}`;
      if (legal.includes(f)) return f;
      return need(w);
    }
    case 'gp': {
      const g = `g:${args[0]}:${args[1]}`;
      const v = `v:${args[0]}:${args[1]}`;
      if (legal.includes(g)) return g;
      return need(v);
    }
    case 'hold':
      return need('hold');
    case 'done':
      return need('done');
    case 'call':
      return need(`i:${args[0]}:${args[1]}:${sc.map.grid.parseLabel(args[2] ?? '')}:${(args[3] ?? '').toUpperCase()}${smokeWord(args[4])}`);
    case 'continue':
      return need(`j:${args[0]}${args[1] === 'switch' ? ':x' : ''}`);
    case 'adjust':
      return need(`y:${args[0]}:${sc.map.grid.parseLabel(args[1] ?? '')}:${(args[2] ?? '').toUpperCase()}${smokeWord(args[3])}`);
    case 'plot':
      return need(`P:${args[0]}:${args[1]}`);
    case 'arrive':
      return need(`F:${args[0]}`);
    case 'assault': {
      const d = `D:${args[0]}:${args[1]}`;
      return legal.includes(d) ? d : need(`a:${args[0]}:${args[1]}`);
    }
    case 'overrun':
      return need(`R:${args[0]}:${args[1]}`);
    case 'advance':
      return need(`A:${args[0]}:${sc.map.grid.parseLabel(args[1] ?? '')}:${args[2]}`);
    case 'mount':
      return need(`b:${args[0]}:${args[1]}`);
    case 'dismount':
      return need(`d:${args[0]}`);
    case 'bail':
      return need(`e:${args[0]}`);
    case 'go':
      return need('go');
    case 'search': {
      const f = FACINGS.indexOf((args[1] ?? '').toUpperCase() as never);
      if (f < 0) throw new InputError('a facing is one of N NE SE S SW NW');
      return need(`h:${args[0]}:${f}:${(args[2] ?? '').toUpperCase() === 'P' ? 'P' : 'H'}`);
    }
    case 'exit': {
      const a = legal.find((x) => x.startsWith(`m:${args[0]}:x`));
      if (a === undefined) throw new InputError(`vehicle #${args[0]} cannot leave the map now`);
      return a;
    }
    case 'move': {
      const u = Number(args[0]);
      const h = args[1] === 'here' && Number.isInteger(u) && state.units[u] ? state.units[u]!.hex : sc.map.grid.parseLabel(args[1] ?? '');
      if (h < 0) throw new InputError(`"${args[1]}" is not a hex of the map (write CCRR)`);
      const f = args[2] === undefined ? -1 : FACINGS.indexOf(args[2].toUpperCase() as never);
      if (args[2] !== undefined && f < 0) throw new InputError('a facing is one of N NE SE S SW NW');
      const options = legal.filter((a) => a.startsWith(`m:${u}:${h}:`) && (f < 0 || a === `m:${u}:${h}:${f}`));
      if (options.length === 0)
        throw new InputError(`vehicle #${u} cannot end its move in ${args[1]}${f >= 0 ? ` facing ${args[2]}` : ''} now`);
      return options[0];
    }
  }
  return undefined;
}

/** The chances of a shot, for the play prompt. */
export function shotOdds(sc: Scenario, state: State, action: string): string[] {
  const p = action.split(':');
  if (p[0] === 'g' || p[0] === 'v') {
    const g = gpShotFigures(sc, state, Number(p[1]), Number(p[2]), p[0] === 'v', state.units[Number(p[2])]!.movingShown, p[3] === 'd');
    return [
      `GP factor ${g.factor}${g.smallArms ? ' (small arms)' : ''} against GPD ${g.gpd}${g.type}, net modifier ${g.modifier}: d100 + modifier at or under ${g.n} no effect, at or under ${g.s} suppressed, above it effective`,
    ];
  }
  if (p[0] !== 'f' && p[0] !== 'w') return [];
  const fig = shotFigures(
    sc,
    state,
    Number(p[1]),
    Number(p[2]),
    p[0] === 'w',
    movingShown(state.units[Number(p[2])]!),
    sc.units[Number(p[1])]!.dualAp,
  );
  const dmg = ['damaged (a second damage knocks it out)', 'knocked out', 'brewed up'][damageOf(fig.margin)] ?? 'no effect (no penetration)';
  return [
    `band ${'PSMLE'[fig.band]}, net modifier ${fig.modifier}, hit on ${fig.hitNumber} or less (d100); a hit: ${dmg} (margin ${fig.margin})`,
  ];
}

export function panzerUi(sc: Scenario): ScenarioUi<State, string> {
  return {
    renderMap: (s, v) => renderPanzerMap(sc, s, v),
    board: (s, v) => panzerBoard(sc, s, v),
    actionPlaces: (s, actions) => actions.map((a) => actionPlace(sc, s, a)),
    renderUnits: (s, v) => renderPanzerUnits(sc, s, v),
    renderStatus: (s) => panzerStatus(sc, s),
    briefing: () => [
      sc.data.title,
      sc.data.description,
      `${sc.turns} turns. Objectives: ${sc.objectives.map((o) => `${sc.map.grid.label(o.hex)} (${o.vp} VP)`).join(', ') || 'none'}.`,
    ],
    describeAction: (s, a) => describePanzerAction(sc, s, a),
    commandHelp: PANZER_COMMAND_HELP,
    parseCommand: (s, w, l) => parsePanzerCommand(sc, s, w, l),
    odds: (s, a) => shotOdds(sc, s, a),
    narration: (s) => s.events,
    publicAction: (before, action, view) => publicAction(sc, before, action, view),
  };
}

/** Where an action happens: the acting vehicle's hex, the hex moved to, the vehicle fired at. */
function actionPlace(sc: Scenario, state: State, action: string): ActionPlace {
  const p = action.split(':');
  const label = describePanzerAction(sc, state, action);
  // A passenger (6.6.7.2: it may fire from its carrier) is where its carrier is.
  const unitHex = (u: number) => (alive(state.units[u]!) || state.units[u]!.status === MOUNTED ? state.units[u]!.hex : -1);
  if (p[0] === 'f' || p[0] === 'w' || p[0] === 'g' || p[0] === 'v') {
    const u = Number(p[1]);
    return { kind: 'fire', label, units: [u], from: unitHex(u), to: -1, target: unitHex(Number(p[2])), combat: true };
  }
  if (p[0] === 'm') {
    const u = Number(p[1]);
    const to = p[2]!.startsWith('x') ? -1 : Number(p[2]);
    return { kind: 'move', label, units: [u], from: unitHex(u), to, target: -1, combat: false };
  }
  if (p[0] === 'i' || p[0] === 'y') {
    const m = p[0] === 'y' ? state.missions[Number(p[1])]! : null;
    const o = m !== null ? m.observer : Number(p[1]);
    const h = Number(p[0] === 'y' ? p[2] : p[3]);
    return { kind: 'fire', label, units: [o], from: unitHex(o), to: -1, target: h, combat: true };
  }
  if (p[0] === 'o') {
    const u = Number(p[1]);
    return { kind: 'declare', label, units: [u], from: unitHex(u), to: -1, target: -1, combat: false };
  }
  return { kind: 'decide', label, units: [], from: -1, to: -1, target: -1, combat: false };
}

/** A seat's commands are face down: the other seat learns only that they were given (4.2.2). */
function publicAction(sc: Scenario, before: State, action: string, view: ViewOptions): ActionPlace {
  const seat = seatToMove(sc, before);
  // 6.5.1.11.1: a Planned fire plot is as secret as a command.
  const plot = action.startsWith('P:');
  const secret = (action.startsWith('o:') || action.startsWith('O:') || plot) && view.viewer !== seat;
  const label = secret
    ? `${sc.sides[seat]!.name} ${plot ? 'plots Planned fire in secret' : 'places a command face down'}`
    : describePanzerAction(sc, before, action);
  return {
    kind: secret ? 'decide' : /^[fwgv]:/.test(action) ? 'fire' : action.startsWith('m:') ? 'move' : 'other',
    label,
    units: [],
    from: -1,
    to: -1,
    target: -1,
    combat: false,
  };
}
