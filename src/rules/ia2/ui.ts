/**
 * IA2 at the terminal: the map with each hex's pieces, the order of battle with morale and markers, a
 * status line, actions in words, commands with hexes written CCRR, and the chances of a fire before it is
 * committed.
 */
import { InputError } from '../../core/errors.js';
import type { ActionKind, ActionPlace, BoardUnit, BoardView, ScenarioUi, ViewOptions } from '../../core/system.js';
import { boardOf } from '../../hex/board.js';
import { renderBoardMap } from '../../hex/ascii.js';
import { fireOdds } from './odds.js';
import { nextEntry, type PlanCandidate, plannedVertex, SMOKE, vertexKey, vertexLabel, WRITTEN, writtenPlan } from './plans.js';
import { smokeIn } from './sight.js';
import { ROAD, type Scenario } from './scenario.js';
import {
  DEMORALIZED,
  CARRIER,
  DIG,
  DISRUPTED,
  F_ACTIVE,
  F_LIMBERED,
  F_MOUNTED,
  F_SPENT,
  F_HIDDEN,
  F_SPOTTED,
  FACE,
  FLAGS,
  HEX,
  MORALE,
  STEPS,
  type State,
} from './state.js';
import { currentInitiative, victoryPoints } from './turn.js';

/** Which words of an action are hexes (written CCRR in commands and descriptions). */
const HEX_ARGS: Record<string, readonly number[]> = { move: [2], stack: [1], fire: [2], assault: [2], charge: [2, 3], enter: [2] };

export function pieceName(sc: Scenario, s: State, i: number): string {
  const def = sc.units[i]!;
  const base = def.leader ? def.faces[s.u[i]![FACE]!]!.name : def.name;
  return `${base} #${i}`;
}

function commandForm(sc: Scenario, action: string): string {
  const w = action.split(' ');
  for (const k of HEX_ARGS[w[0]!] ?? []) if (w[k] !== undefined) w[k] = sc.map.grid.label(Number(w[k]));
  return w.join(' ');
}

/** A plan's lines in words, turn runs merged: "20 A: 0503-0603-0504 turns 1-2, No Fire turns 3-6". */
export function planLines(sc: Scenario, c: PlanCandidate): string[] {
  const turns = (a: number, b: number) => (a === b ? `turn ${a}` : `turns ${a}-${b}`);
  return c.fire.flatMap((line, k) => {
    if (line.length === 0) return [];
    const runs: string[] = [];
    for (let t = 0; t < line.length; ) {
      let e = t;
      const group = c.groups[k]!;
      while (e + 1 < line.length && line[e + 1] === line[t] && group[e + 1] === group[t]) e++;
      runs.push(`${entryText(sc, line[t]!, group[t]!)} ${turns(t + 1, e + 1)}`);
      t = e + 1;
    }
    return [`${sc.increments[k]!.id}: ${runs.join(', ')}`];
  });
}

/** One plan entry in words, as in the scenario file: "No Fire", a vertex with its fire group after it (9.2), or "Smoke" and a vertex (15.11). */
function entryText(sc: Scenario, vertex: number, group: number): string {
  if (vertex < 0) return 'No Fire';
  const at = vertexLabel(sc.map.grid, vertex);
  return group === SMOKE ? `Smoke ${at}` : `${at}${group ? `/${group}` : ''}`;
}

/**
 * One entry of a plan written by hand at the prompt (9.1): "fire V[/G]", "smoke V" or "nofire", refused in
 * one line naming the rule it breaks (9.11 a vertex, 9.13 the shift, 9.2 the fire group, 15.14 smoke).
 */
function writtenEntry(sc: Scenario, s: State, words: readonly string[], legal: readonly string[]): string {
  const at = nextEntry(sc.planLibrary, s.toMove, s.written)!;
  const where = `increment ${sc.increments[at.k]!.id}, turn ${at.turn}`;
  const verb = words[0]!;
  if (verb === 'nofire' || (verb === 'no' && words[1] === 'fire')) return 'line nofire';
  const smokeAllowed = sc.smokeAllowed[s.toMove]!;
  const smokeHelp = smokeAllowed ? ', "smoke V"' : '';
  if ((verb !== 'fire' && verb !== 'smoke') || words[1] === undefined)
    throw new InputError(
      `${where}: write "fire V" (V a vertex such as 0503-0603-0504, optionally "/G" a fire group)${smokeHelp} or "nofire"`,
    );
  if (verb === 'smoke' && !smokeAllowed)
    throw new InputError(
      `${where}: this scenario does not allow ${sc.sides[s.toMove]!.id} to fire smoke (15.14): write "fire V" or "nofire"`,
    );
  const [vertex, group] = words[1].split('/');
  if (verb === 'smoke' && group !== undefined)
    throw new InputError(`${where}: a smoke mission makes no attack and has no fire group (15.11): write "smoke ${vertex}"`);
  const grid = sc.map.grid;
  const hexes = vertex!.split('-');
  const known = (l: string) => /^\d{4}$/.test(l) && grid.parseLabel(l) >= 0;
  if (hexes.length !== 3 || !hexes.every(known))
    throw new InputError(
      `${where}: "${vertex}" is not a vertex: write three hexes of the map that touch each other, such as 0503-0603-0504 (9.11)`,
    );
  const [a, b, c] = hexes.map((l) => grid.parseLabel(l)) as [number, number, number];
  if (grid.distance(a, b) !== 1 || grid.distance(b, c) !== 1 || grid.distance(a, c) !== 1)
    throw new InputError(`${where}: ${vertex} is not a vertex: its three hexes must touch each other (9.11)`);
  const label = vertexLabel(grid, vertexKey(grid.size, [a, b, c]));
  const action = verb === 'smoke' ? `line smoke ${label}` : `line fire ${label}${group === undefined ? '' : `/${group}`}`;
  if (legal.includes(action)) return action;
  if (group !== undefined && legal.includes(`line fire ${label}`)) {
    const increments = sc.planLibrary[s.toMove]![0]!.fire.filter((l) => l.length > 0).length;
    throw new InputError(
      increments > 1
        ? `${where}: no fire group "${group}": write "/1" to "/${increments}" after the vertex (9.2)`
        : `${where}: no fire group "${group}": with one increment there is nothing to group, write the vertex alone (9.2)`,
    );
  }
  const previous = plannedVertex(sc.planLibrary, s.toMove, s.plans, at.k, at.turn - 1, s.written);
  throw new InputError(
    `${where}: ${label} shares no hex with turn ${at.turn - 1}'s vertex ${previous >= 0 ? vertexLabel(grid, previous) : ''} (9.13): ${verb} at a vertex sharing a hex with it, or write "nofire" first`,
  );
}

/** `plan NAME` in words: the plan's name, what it is, its lines; the default (the scenario's plan) says so. */
function describePlan(sc: Scenario, s: State, name: string): string {
  if (name === 'write') return 'write your own artillery plan, an entry per increment and turn (9.1)';
  const lib = sc.planLibrary[s.toMove]!;
  const k = lib.findIndex((c) => c.name === name);
  const c = lib[k]!;
  return `write artillery plan "${c.name}"${k === 0 ? ' [default]' : ''}: ${c.description} (${planLines(sc, c).join('; ')})`;
}

export function describe(sc: Scenario, s: State, action: string): string {
  const w = action.split(' ');
  const n = (k: number) => pieceName(sc, s, Number(w[k]));
  const hx = (k: number) => sc.map.grid.label(Number(w[k]));
  switch (w[0]) {
    case 'plan':
      return describePlan(sc, s, w[1]!);
    case 'line': {
      const at = nextEntry(sc.planLibrary, s.toMove, s.written)!;
      const [vertex, group] = (w[2] ?? '').split('/');
      const entry =
        w[1] === 'nofire'
          ? 'No Fire'
          : w[1] === 'smoke'
            ? `Smoke at ${vertex} (15.11)`
            : `Fire at ${vertex}${group ? ` as fire group ${group} (9.2)` : ''}`;
      return `${sc.increments[at.k]!.id} turn ${at.turn}: ${entry}`;
    }
    case 'pass':
      return 'pass the segment';
    case 'end':
      return 'end the segment';
    case 'act':
      return `activate ${n(1)} alone`;
    case 'lead':
      return `activate leader ${n(1)} with the pieces he directs`;
    case 'stack':
      return `activate the stack in ${hx(1)}`;
    case 'move':
      return `move ${n(1)} to ${hx(2)}`;
    case 'stop':
      return `${n(1)} stops`;
    case 'fire':
      return `${w[1]!
        .split('+')
        .map((f) => pieceName(sc, s, Number(f)))
        .join(' + ')} ${w[1]!.includes('+') ? 'fire' : 'fires'} at ${hx(2)}${w[3] ? ` with ${n(3)}'s bonus` : ''}`;
    case 'assault':
      return `${n(1)} assaults ${hx(2)}`;
    case 'charge':
      return `${n(1)} charges ${hx(3)} through ${hx(2)}`;
    case 'recover':
      return `${n(1)} attempts recovery${w[2] ? ` helped by ${n(2)}` : ''}`;
    case 'opfire':
      return `${w[1]!
        .split('+')
        .map((f) => pieceName(sc, s, Number(f)))
        .join(' + ')} ${w[1]!.includes('+') ? 'make combined' : 'makes'} opportunity fire at the mover`;
    case 'hold':
      return 'no (more) opportunity fire here';
    case 'load':
      return `${n(2)} loads on ${n(1)} (5.64)`;
    case 'join':
      return `${n(1)} moves with ${n(2)} (6.4)`;
    case 'arrive':
      return `activate reinforcement group ${w[1]} at the board edge (15.41)`;
    case 'enter':
      return `${n(1)} enters the board at ${hx(2)}`;
    case 'exit':
      return `${n(1)} leaves the board (15.42)`;
    default:
      return `${w[0]} ${n(1)}`;
  }
}

/** The markers of hex h on the board: drumfire (9.6) and smoke (15.11), both public. */
function hexMarkers(s: State, h: number): string[] {
  const out: string[] = [];
  if (s.drumfire.some((x, k) => k % 5 < 3 && x === h)) out.push('drumfire');
  if (smokeIn(s.smoke, h)) out.push('smoke');
  return out;
}

/** Piece i is hidden (15.5) from `viewer` (-1: from everybody). */
function hiddenFrom(sc: Scenario, s: State, i: number, viewer: number): boolean {
  return (s.u[i]![FLAGS]! & F_HIDDEN) !== 0 && sc.units[i]!.side !== viewer;
}

/** An action by a piece hidden from `viewer` that leaves it hidden (activation, recovery, dig): told without its place. */
function concernsHidden(sc: Scenario, s: State, action: string, viewer: number): boolean {
  const w = action.split(' ');
  if (!['act', 'lead', 'recover', 'dig', 'limber', 'unlimber', 'mount', 'dismount'].includes(w[0]!)) return false;
  return hiddenFrom(sc, s, Number(w[1]), viewer);
}

function markers(s: State, i: number): string[] {
  const r = s.u[i]!;
  const f = r[FLAGS]!;
  const out: string[] = [];
  if (r[MORALE] === DISRUPTED) out.push('disrupted');
  if (r[MORALE] === DEMORALIZED) out.push('demoralized');
  if (f & F_SPENT) out.push('moved/fired');
  if (f & F_ACTIVE) out.push('activated');
  if (f & F_SPOTTED) out.push('spotted');
  if (r[DIG] === 2) out.push('dug in');
  if (r[DIG] === 1) out.push('digging');
  if (f & F_HIDDEN) out.push('hidden');
  return out;
}

/** Turn, segment, whose decision, initiative and score: all public. */
function ia2StatusLine(sc: Scenario, s: State, viewer: number): string {
  if (s.turn === 0 && s.plans[s.toMove] === WRITTEN) {
    const at = nextEntry(sc.planLibrary, s.toMove, s.written)!;
    return `Pre-game (9.1): ${sc.sides[s.toMove]!.id} writes its plan by hand: increment ${sc.increments[at.k]!.id}, turn ${at.turn} of ${sc.turns}: "fire V[/G]" (V a vertex such as 0503-0603-0504, G a fire group, 9.2)${sc.smokeAllowed[s.toMove] ? ', "smoke V" (15.11)' : ''} or "nofire"`;
  }
  if (s.turn === 0)
    return `Pre-game (9.1): ${sc.sides[s.toMove]!.id} writes its artillery plan, one line per increment and turn (the other side's stays secret until fired)`;
  const vp = victoryPoints(sc, s);
  const phase = s.oppWindow ? 'opportunity fire' : s.mover >= 0 ? 'moving' : s.activated ? 'segment' : 'activation';
  // The viewer's own plan is its to read (9.1); the other side's is not named.
  const own = viewer >= 0 ? writtenPlan(sc.planLibrary, viewer, s.plans, s.written) : undefined;
  const plan = own !== undefined && sc.planLibrary[viewer]!.length > 1 ? `; your plan "${own.name}"` : '';
  return `Turn ${s.turn}/${sc.turns}${sc.nightTurns.has(s.turn) ? ' (night)' : ''}, ${sc.sides[s.active]!.id} segment ${s.segs[s.active]! + 1} (${phase}), ${sc.sides[s.toMove]!.id} to decide; initiative ${[0, 1].map((k) => currentInitiative(sc, s, k, s.turn)).join('/')}; VP ${sc.sides[0]!.id} ${vp[0]} ${sc.sides[1]!.id} ${vp[1]}${plan}`;
}

/** The heading of the turn `s` is in: the pre-game (turn 0) is not a turn of the game (9.1 plans are written before turn 1). */
export function ia2TurnHeading(sc: Scenario, s: State): string {
  return s.turn === 0 ? 'Pre-game: artillery plans (9.1)' : `Turn ${s.turn} of ${sc.turns}`;
}

export function ia2Ui(sc: Scenario): ScenarioUi<State, string> {
  const grid = sc.map.grid;
  const mapTerrain = terminalTerrain(sc);
  const board = (s: State, view: ViewOptions): BoardView =>
    boardOf(sc.map, ROAD, (h) => hexMarkers(s, h), {
      // 15.5: the other side's hidden pieces are not on the viewer's board.
      units: sc.units.flatMap((def, i) => (hiddenFrom(sc, s, i, view.viewer) ? [] : [boardUnit(sc, s, i, def.type)])),
      objectives: sc.objectives.map((o, k) => ({ hex: o.hex, vp: o.vp, controller: s.control[k]! })),
      status: ia2StatusLine(sc, s, view.viewer),
    });
  return {
    turnHeading: (s) => ia2TurnHeading(sc, s),
    renderMap: (s, view) => {
      const b = board(s, view);
      return renderBoardMap(
        { ...b, hexes: b.hexes.map((x) => ({ ...x, terrain: mapTerrain.ids[x.hex]! })) },
        mapTerrain.letters,
        sc.sides.map((x) => x.id),
        view,
      );
    },
    renderUnits: (s, view) =>
      [
        ...sc.units.map((def, i) => {
          const r = s.u[i]!;
          if (hiddenFrom(sc, s, i, view.viewer)) return `  ${pieceName(sc, s, i).padEnd(28)} ${sc.sides[def.side]!.id.padEnd(8)} hidden`;
          const where = r[HEX]! >= 0 ? grid.label(r[HEX]!) : r[HEX] === -2 ? 'eliminated' : 'off the map';
          const extra: string[] = [];
          if (def.type === 'CAV') extra.push(r[FLAGS]! & F_MOUNTED ? 'mounted' : 'dismounted');
          if (def.type === 'MG' || def.type === 'GUN') extra.push(r[FLAGS]! & F_LIMBERED ? 'limbered' : 'unlimbered');
          if (def.steps === 2 && r[STEPS] === 1) extra.push('reduced');
          if (r[CARRIER]! > 0) extra.push(`loaded on ${pieceName(sc, s, r[CARRIER]! - 1)}`);
          if (def.leader) {
            const f = def.faces[r[FACE]!]!;
            extra.push(`${f.rank}* ${f.type} morale ${f.morale} combat +${f.combat} morale +${f.moraleBonus}`);
          }
          return `  ${pieceName(sc, s, i).padEnd(28)} ${sc.sides[def.side]!.id.padEnd(8)} ${where.padEnd(10)} ${[...extra, ...markers(s, i)].join(', ')}`;
        }),
        ...artilleryLines(sc, s, view.viewer),
      ].join('\n'),
    renderStatus: (s, view) => ia2StatusLine(sc, s, view.viewer),
    briefing: () => [
      sc.data.description,
      `Objectives: ${sc.objectives.map((o) => `${grid.label(o.hex)} (${o.vp} VP)`).join(', ') || 'none'}; ${sc.data.victory.vpPerStep} VP per enemy step lost.`,
      ...sc.sides.flatMap((side, k) => {
        const incs = sc.increments.filter((inc) => inc.side === k);
        return incs.length === 0
          ? []
          : [
              `${side.id} artillery: ${incs.map((inc) => `${inc.id} (${inc.strength})`).join(', ')}; its plan is written before play from ${sc.planLibrary[k]!.length} candidates and stays secret until fired (9.1)${sc.smokeAllowed[k] ? '; it may fire Smoke (15.1)' : ''}`,
            ];
      }),
    ],
    describeAction: (s, a) => describe(sc, s, a),
    commandHelp: [
      'act U | lead L | stack HEX | pass     start a segment (3.1)',
      'move U HEX | stop U                   move one hex at a time (HEX written CCRR)',
      'fire U[+V] HEX [L]                    direct fire (units of one hex combined), leader L adding his bonus',
      'assault U HEX | charge U HEX HEX      assault an adjacent hex, or charge through a clear hex',
      'recover U [L] | dig U | limber U | unlimber U | mount U | dismount U',
      'opfire F[+G] | hold                   opportunity fire at the mover (units of one hex combined), or none',
      'join L U                              leader L moves with unit U he activated (6.4)',
      'load T W | unload W                   weapon W loads on wagon T, or unloads (5.64, 5.65)',
      'arrive G | enter U HEX | exit U       reinforcement group G comes up; U enters at HEX; U leaves the board (15.4)',
      'end                                   end the segment (assaults are resolved)',
      'plan [NAME]                           before play: write the artillery plan NAME of the list (9.1); "plan" alone the default',
      "plan write | fire V[/G] | smoke V | nofire   before play: write your own plan, then each increment's entry turn by turn (9.1, 9.13; G a fire group, 9.2; smoke where the scenario allows it, 15.14)",
    ],
    parseCommand(s, words, legal) {
      const verb = words[0]!;
      if (s.turn === 0 && s.plans[s.toMove] === WRITTEN) return writtenEntry(sc, s, words, legal);
      if (verb === 'plan' && s.turn === 0) {
        const wanted = `plan ${words[1] ?? sc.planLibrary[s.toMove]![0]!.name}`;
        if (legal.includes(wanted)) return wanted;
        throw new InputError(`no plan "${words[1]}": write one of ${legal.map((a) => a.slice(5)).join(', ')} (or a number from the list)`);
      }
      if (
        ![
          'act',
          'lead',
          'stack',
          'pass',
          'move',
          'stop',
          'fire',
          'assault',
          'charge',
          'recover',
          'dig',
          'limber',
          'unlimber',
          'mount',
          'dismount',
          'opfire',
          'hold',
          'end',
          'join',
          'load',
          'unload',
          'arrive',
          'enter',
          'exit',
        ].includes(verb)
      )
        return undefined;
      const typed = words.join(' ');
      const found = legal.find((a) => commandForm(sc, a) === typed || a === typed);
      if (found !== undefined) return found;
      throw new InputError(`"${typed}" is not legal now (type a number from the list, or "help")`);
    },
    odds: (s, a) => fireOdds(sc, s, a),
    narration: (s) => s.events,
    board,
    actionPlaces: (s, actions) => actions.map((a) => actionPlace(sc, s, a)),
    publicAction: (before, action, view) => {
      if (concernsHidden(sc, before, action, view.viewer))
        return {
          kind: 'other',
          label: `${sc.sides[before.toMove]!.id}: a hidden unit acts (15.5)`,
          units: [],
          from: -1,
          to: -1,
          target: -1,
          combat: false,
        };
      const place = actionPlace(sc, before, action);
      if (!(action.startsWith('plan ') || action.startsWith('line ')) || before.toMove === view.viewer) return place;
      return { ...place, label: `${sc.sides[before.toMove]!.id} writes its artillery plan (secret until fired, 9.1)` };
    },
  };
}

/**
 * The terrain the terminal map draws in each hex (by the kernel's drawBoard: one letter per terrain id, the
 * ids in use named in its legend): clear as '.', as on the other systems' maps, every other terrain by its
 * first letter; a hex a road runs through by its terrain's letter in capitals ('+' for clear), a bridge
 * (5.3: a river hex with a road) as '=' and a ford (5.8) as ':' with its cost, so that the roads, bridges and
 * fords a move may use are on the map and in its legend.
 */
function terminalTerrain(sc: Scenario): { ids: string[]; letters: Map<string, string> } {
  const map = sc.map;
  const letters = new Map(map.terrainIds.map((id) => [id, id.startsWith('c') ? '.' : id.charAt(0)]));
  const ids: string[] = [];
  for (let h = 0; h < map.size; h++) {
    const id = map.terrainId(h);
    const ford = sc.rivers.fords.get(h);
    let shown = id;
    if (sc.rivers.bridge[h] === 1) {
      shown = 'bridge';
      letters.set(shown, '=');
    } else if (ford !== undefined) {
      shown = `ford (${ford} MP)`;
      letters.set(shown, ':');
    } else if (map.anySide(h, ROAD)) {
      shown = `${id} with a road`;
      const letter = letters.get(id)!.toUpperCase();
      letters.set(shown, letter === letters.get(id) ? '+' : letter);
    }
    ids.push(shown);
  }
  return { ids, letters };
}

/**
 * The artillery as `viewer` may know it: its own side's written plan in full; of the other side's only the
 * vertices already fired at (9.1: the plan is revealed a turn at a time).
 */
function artilleryLines(sc: Scenario, s: State, viewer: number): string[] {
  if (sc.increments.length === 0) return [];
  const out = ['  artillery:'];
  sc.sides.forEach((side, k) => {
    const incs = sc.increments.flatMap((inc, i) => (inc.side === k ? [i] : []));
    if (incs.length === 0) return;
    const plan = writtenPlan(sc.planLibrary, k, s.plans, s.written);
    if (plan === undefined || (s.turn === 0 && s.plans[k] === WRITTEN))
      out.push(`    ${side.id}: ${incs.map((i) => sc.increments[i]!.id).join(', ')}: plan not written yet`);
    else if (k === viewer) out.push(`    ${side.id}: plan "${plan.name}": ${planLines(sc, plan).join('; ')}`);
    else {
      const fired = incs.map((i) => {
        const seen = s.ammoOut[i]! > 0 ? Math.min(s.turn, s.ammoOut[i]!) : s.turn;
        const past = plan.fire[i]!.slice(0, seen).map(
          (v, t) =>
            `${t + 1}: ${v >= 0 && plan.groups[i]![t] === SMOKE ? `Smoke ${vertexLabel(sc.map.grid, v)}` : v < 0 ? 'No Fire' : vertexLabel(sc.map.grid, v)}`,
        );
        return `${sc.increments[i]!.id} (${sc.increments[i]!.strength}) ${past.length > 0 ? past.join(', ') : 'not fired yet'}`;
      });
      out.push(`    ${side.id}: plan secret; fired so far: ${fired.join('; ')}`);
    }
  });
  return out;
}

/** Everything on a counter is public (digest 8.4): every piece is drawn for every viewer. */
function boardUnit(sc: Scenario, s: State, i: number, type: string): BoardUnit {
  const def = sc.units[i]!;
  const r = s.u[i]!;
  let values: string;
  if (def.leader) {
    const f = def.faces[r[FACE]!]!;
    values = `${f.rank}* ${f.morale} +${f.combat}/+${f.moraleBonus}`;
  } else {
    const reduced = def.steps === 2 && r[STEPS] === 1 ? 1 : 0;
    const v = def.type === 'CAV' && !(r[FLAGS]! & F_MOUNTED) ? def.dismounted[reduced]! : def.values[reduced]!;
    const ma = (def.type === 'MG' || def.type === 'GUN') && r[FLAGS]! & F_LIMBERED ? def.limberedMovement : v.ma;
    values = `${v.df}-${v.dfRange} ${ma}`;
  }
  return {
    unit: i,
    side: def.side,
    hex: r[HEX]! >= 0 ? r[HEX]! : -1,
    name: pieceName(sc, s, i),
    type: def.leader ? 'leader' : type === 'CAV' ? 'cavalry' : type === 'MG' ? 'machine gun' : type === 'GUN' ? 'artillery' : 'infantry',
    values,
    where: r[HEX]! >= 0 ? '' : r[HEX] === -2 ? 'eliminated' : 'off the map',
    reduced: def.steps === 2 && r[STEPS] === 1,
    leader: def.leader,
    markers: markers(s, i),
    details: `morale ${['good order', 'disrupted', 'demoralized'][r[MORALE]!]}`,
  };
}

function actionPlace(sc: Scenario, s: State, action: string): ActionPlace {
  const w = action.split(' ');
  const verb = w[0]!;
  const unitHex = (u: number) => Math.max(-1, s.u[u]![HEX]!);
  const place = (kind: ActionKind, units: number[], from: number, to = -1, target = -1, combat = false): ActionPlace => ({
    kind,
    label: describe(sc, s, action),
    units,
    from,
    to,
    target,
    combat,
  });
  switch (verb) {
    case 'plan':
    case 'line':
      return place('decide', [], -1);
    case 'pass':
    case 'hold':
      return place('pass', [], -1);
    case 'end':
      return place('end', [], -1);
    case 'stack':
      return place('activate', [], Number(w[1]));
    case 'act':
    case 'lead':
      return place('activate', [Number(w[1])], unitHex(Number(w[1])));
    case 'move':
      return place('move', [Number(w[1])], unitHex(Number(w[1])), Number(w[2]));
    case 'fire': {
      const firers = w[1]!.split('+').map(Number);
      return place('fire', firers, unitHex(firers[0]!), -1, Number(w[2]), true);
    }
    case 'opfire': {
      const firers = w[1]!.split('+').map(Number);
      return place('fire', firers, unitHex(firers[0]!), -1, unitHex(s.mover), true);
    }
    case 'assault':
      return place('assault', [Number(w[1])], unitHex(Number(w[1])), -1, Number(w[2]), true);
    case 'charge':
      return place('assault', [Number(w[1])], unitHex(Number(w[1])), Number(w[2]), Number(w[3]), true);
    case 'arrive':
      return place('activate', [], -1);
    case 'enter':
      // 15.41: from off the map edge onto the entry hex.
      return place('move', [Number(w[1])], -1, Number(w[2]));
    default:
      return place('other', [Number(w[1])], unitHex(Number(w[1])));
  }
}
