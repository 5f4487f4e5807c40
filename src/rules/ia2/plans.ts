/**
 * Artillery plans as decisions and secrets (9.1, 9.11, 9.13; digest 8.4). Before turn 1 each side writes its
 * plan; here a side picks one candidate of a small library made at load time from public information only
 * (the scenario's plan and named plans, and plans generated from the objectives, the enemy's set-up area and
 * the map), so that a plan is one decision and, in the state, one small index per side. The other side's
 * index is its secret: `dealPlans` (the game's determinize) resamples it among the candidates that agree
 * with every increment's fire seen so far.
 */
import type { ActionAssessment, AgentHooks } from '../../core/extensions.js';
import type { Rng } from '../../core/game.js';
import type { Hex, HexGrid } from '../../hex/grid.js';

/** A vertex as one number: its three hexes sorted, base `size`. */
export function vertexKey(size: number, hexes: readonly Hex[]): number {
  const [a, b, c] = hexes.slice().sort((x, y) => x - y) as [Hex, Hex, Hex];
  return (a * size + b) * size + c;
}
export function vertexHexes(size: number, key: number): [Hex, Hex, Hex] {
  const c = key % size;
  const ab = (key - c) / size;
  const b = ab % size;
  return [(ab - b) / size, b, c];
}
/** A vertex written as its three hex labels, "0503-0504-0603". */
export function vertexLabel(grid: HexGrid, key: number): string {
  return vertexHexes(grid.size, key)
    .map((h) => grid.label(h))
    .join('-');
}

/** 9.13: a fire turn after a fire turn must be at a vertex sharing a hex with the one before. */
export function sharesHex(size: number, a: number, b: number): boolean {
  const p = vertexHexes(size, a);
  return vertexHexes(size, b).some((h) => p.includes(h));
}

/** The first turn (1-based) of `line` that breaks 9.13, or 0 when the line is legal. */
export function illegalShift(size: number, line: readonly number[]): number {
  for (let t = 1; t < line.length; t++) {
    const prev = line[t - 1]!,
      v = line[t]!;
    if (prev >= 0 && v >= 0 && !sharesHex(size, prev, v)) return t + 1;
  }
  return 0;
}

/** The vertices around hex h (9.11: three mutually adjacent hexes of the map), as keys. */
export function verticesAround(grid: HexGrid, h: Hex): number[] {
  const out: number[] = [];
  for (let d = 0; d < 6; d++) {
    const a = grid.neighbour(h, d),
      b = grid.neighbour(h, (d + 1) % 6);
    if (a >= 0 && b >= 0 && grid.distance(a, b) === 1) out.push(vertexKey(grid.size, [h, a, b]));
  }
  return out;
}

export type PlanKind =
  | 'scenario'
  | 'named'
  | 'barrage'
  | 'opening'
  | 'line'
  | 'objective'
  | 'rolling'
  | 'screen'
  | 'smoke'
  | 'none'
  | 'written';

/**
 * The group of a plan entry that is a Smoke mission (9.1, 15.11) rather than a Fire mission: the entry's
 * vertex is its target (9.13 constrains it as a Fire entry's), but it makes no attack and no drumfire
 * (15.14, 9.64). Fire groups (9.2) are 0-8.
 */
export const SMOKE = 9;
/** How a Smoke entry is written in a scenario file: "smoke 0304-0404-0405". */
export const SMOKE_PREFIX = 'smoke ';

/** State.plans[side] of a side that writes its plan by hand, entry by entry (9.1, ruling IA2-R40): its lines are State.written. */
export const WRITTEN = -2;
/** A State.written entry not written yet. */
export const UNWRITTEN = -2;

/** One plan a side may write: a line of fire per increment. */
export interface PlanCandidate {
  /** One word, unique in its side's library: what `plan NAME` names. */
  readonly name: string;
  readonly kind: PlanKind;
  readonly description: string;
  /** Per increment of the scenario (Scenario.increments index; other sides' lines empty): vertex key per turn (turn - 1), -1 No Fire. */
  readonly fire: readonly (readonly number[])[];
  /**
   * 9.2, per increment and turn as `fire`: the fire group. Increments at one vertex on one turn fire as one
   * attack per group, each group separately (ruling IA2-R09); all 0 is every vertex's increments together.
   */
  readonly groups: readonly (readonly number[])[];
  /** How the scripted agent ranks it (planRating): higher is preferred. */
  readonly rating: number;
}

/** What the library is made from: the scenario as loaded, before its library. */
export interface PlanGround {
  readonly map: { readonly grid: HexGrid };
  readonly turns: number;
  readonly units: readonly { readonly side: number; readonly leader: boolean; readonly startHex: Hex }[];
  /** Per seat, whether its artillery may fire Smoke (15.14). */
  readonly smokeAllowed: readonly boolean[];
  readonly increments: readonly {
    readonly side: number;
    readonly id: string;
    readonly strength: number;
    readonly plan: readonly number[];
    readonly groups?: readonly number[];
  }[];
  readonly objectives: readonly { readonly hex: Hex; readonly vp: number; readonly controlledBy: number }[];
}

/** A plan the scenario file names (sides[].plans), its lines read as vertex keys per increment. */
export interface NamedPlan {
  readonly side: number;
  readonly name: string;
  readonly description: string;
  readonly fire: readonly (readonly number[])[];
  /** 9.2: fire group per increment and turn (0 unmarked), as PlanCandidate.groups. */
  readonly groups?: readonly (readonly number[])[];
}

/** Turns an opening barrage fires before it lifts (9.1: the plan is binding, 9.5, so it must lift before the side's own troops arrive). */
const OPENING_TURNS = 2;
/** Turns a screen (15.11) keeps Smoke on the vertex its opening barrage hit, while the side's troops close. */
const SCREEN_TURNS = 2;

/**
 * The candidate plans of `side`, the scenario's own plan first (the default offered to a player), then the
 * file's named plans, then generated ones, then No Fire; identical plans are kept once. A side without
 * increments has only "none". Every line obeys 9.11 and 9.13 (tests check it).
 *
 * Generated (E = the enemy's combat units where they set up, O = objectives the enemy holds at the start):
 *  - barrage-V: every increment at V all game, V the vertex over most of E (nearest the side's own units);
 *  - opening-V: the same for turns 1-2 then No Fire, at that vertex and at the best one sharing no hex with it;
 *  - line-V: with several increments, a barrage line: each on its own vertex of E, turns 1-2;
 *  - objective-V: at the vertex of an O hex over most of E, until the side's nearest unit could arrive;
 *  - rolling-V: starts at the vertex of E nearest the side's units and steps each turn to a vertex sharing
 *    a hex (9.13) nearer the deepest O (or the farthest of E); there it fires once more, then lifts;
 *  - where the scenario allows smoke (15.14): screen-V, the opening barrage at V followed by Smoke at V
 *    while the side's troops close (smoke never harms them, 15.12), and smoke-V, Smoke on V from turn 1,
 *    blinding the enemy's line as the attack goes in (ruling IA2-R135);
 *  - none: No Fire throughout.
 */
export function buildPlanLibrary(g: PlanGround, named: readonly NamedPlan[]): PlanCandidate[][] {
  return [0, 1].map((side) => sideLibrary(g, named, side));
}

function sideLibrary(g: PlanGround, named: readonly NamedPlan[], side: number): PlanCandidate[] {
  const grid = g.map.grid;
  const size = grid.size;
  const T = g.turns;
  const incs = g.increments.flatMap((inc, k) => (inc.side === side ? [k] : []));
  const noFire = (): number[] => new Array<number>(T).fill(-1);
  /** A plan whose listed increments fire the given line each, the others No Fire. */
  const fireOf = (lines: ReadonlyMap<number, readonly number[]>): number[][] =>
    g.increments.map((inc, k) => (inc.side !== side ? [] : (lines.get(k)?.slice() ?? noFire())));
  const all = (line: readonly number[]) => fireOf(new Map(incs.map((k) => [k, line])));
  const rate = (fire: readonly (readonly number[])[], groups: readonly (readonly number[])[]) => planRating(g, side, fire, groups);
  const out: PlanCandidate[] = [];
  const seen = new Set<string>();
  const together = (fire: readonly (readonly number[])[]) => fire.map((l) => l.map(() => 0));
  const add = (name: string, kind: PlanKind, description: string, fire: number[][], groups = together(fire)) => {
    const key = `${fire.map((l) => l.join(',')).join(';')}|${groups.map((l) => l.join(',')).join(';')}`;
    if (seen.has(key)) return;
    seen.add(key);
    let unique = name;
    for (let n = 2; out.some((c) => c.name === unique); n++) unique = `${name}-${n}`;
    out.push({ name: unique, kind, description, fire, groups, rating: rate(fire, groups) });
  };
  if (incs.length === 0) {
    add('none', 'none', 'no artillery', fireOf(new Map()));
    return out;
  }
  const scenarioFire = fireOf(new Map(incs.map((k) => [k, g.increments[k]!.plan])));
  add(
    'scenario',
    'scenario',
    "the scenario's plan",
    scenarioFire,
    scenarioFire.map((l, k) => l.map((_, t) => g.increments[k]!.groups?.[t] ?? 0)),
  );
  for (const p of named)
    if (p.side === side)
      add(
        p.name,
        'named',
        p.description || `the scenario's plan "${p.name}"`,
        p.fire.map((l) => l.slice()),
        p.groups?.map((l, k) => p.fire[k]!.map((_, t) => l[t] ?? 0)),
      );

  const { enemy, own } = setUp(g, side);
  const ownDistance = (h: Hex) => own.reduce((m, o) => Math.min(m, grid.distance(o, h)), 99);
  const hits = (v: number) => vertexHexes(size, v).reduce((n, h) => n + (enemy.get(h) ?? 0), 0);
  const nearOwn = (v: number) => Math.min(...vertexHexes(size, v).map(ownDistance));
  const around = (hexes: Iterable<Hex>) => [...new Set([...hexes].flatMap((h) => verticesAround(grid, h)))];
  // Ties are broken in the side's own frame (the map as seen from its side: the other side's hexes turned
  // half round), so the two sides of a point-symmetric scenario get each other's images, not one side the
  // first of a tie in key order and the other the last.
  const ownFrame = (h: Hex) => (side === 0 ? h : grid.rotate180(h));
  const byFrame = (a: number, b: number) =>
    vertexKey(size, vertexHexes(size, a).map(ownFrame)) - vertexKey(size, vertexHexes(size, b).map(ownFrame)) || a - b;
  // Vertices over the enemy's set-up area: most units first, then nearest the side's own units, then in frame order.
  const targets = around(enemy.keys())
    .filter((v) => hits(v) > 0)
    .sort((a, b) => hits(b) - hits(a) || nearOwn(a) - nearOwn(b) || byFrame(a, b));
  const label = (v: number) => vertexLabel(grid, v);
  const until = (v: number, turns: number) => Array.from({ length: T }, (_, t) => (t < turns ? v : -1));
  const best = targets[0];
  if (best !== undefined) {
    add(`barrage-${label(best)}`, 'barrage', `every increment at ${label(best)} (the enemy's set-up area) all game`, all(until(best, T)));
    const apart = targets.find((v) => !sharesHex(size, v, best));
    for (const v of apart === undefined ? [best] : [best, apart])
      add(
        `opening-${label(v)}`,
        'opening',
        `every increment at ${label(v)} on turns 1-${OPENING_TURNS}, then No Fire`,
        all(until(v, OPENING_TURNS)),
      );
    if (incs.length > 1 && targets.length > 1) {
      const line = new Map(incs.map((k, j) => [k, until(targets[j % targets.length]!, OPENING_TURNS)]));
      add(
        `line-${label(best)}`,
        'line',
        `a barrage line on the enemy's front: ${incs.map((k, j) => `${g.increments[k]!.id} at ${label(targets[j % targets.length]!)}`).join(', ')}, turns 1-${OPENING_TURNS}`,
        fireOf(line),
      );
    }
    if (g.smokeAllowed[side]) {
      // Smoke until the side's nearest unit could stand next to the vertex, at least two turns.
      const closing = Math.min(T, Math.max(OPENING_TURNS, Math.ceil((nearOwn(best) - 1) / 3)));
      const smokeFrom = (from: number, to: number) => Array.from({ length: T }, (_, t) => (t >= from && t < to ? SMOKE : 0));
      add(
        `smoke-${label(best)}`,
        'smoke',
        `every increment Smoke at ${label(best)} on turns 1-${closing}, then No Fire`,
        all(until(best, closing)),
        all(smokeFrom(0, closing)),
      );
    }
  }
  const held = g.objectives.filter((o) => o.controlledBy === 1 - side);
  for (const o of held) {
    const vs = verticesAround(grid, o.hex).sort((a, b) => hits(b) - hits(a) || nearOwn(b) - nearOwn(a) || byFrame(a, b));
    const v = vs[0];
    if (v === undefined) continue;
    // Lifted before the side's nearest unit could stand next to it (a company walks about three clear hexes a turn).
    const turns = Math.min(T, Math.max(1, Math.ceil((ownDistance(o.hex) - 1) / 3)));
    add(
      `objective-${grid.label(o.hex)}`,
      'objective',
      `every increment at ${label(v)} on objective ${grid.label(o.hex)}, ${turns === 1 ? 'turn 1' : `turns 1-${turns}`}, then No Fire`,
      all(until(v, turns)),
    );
  }
  const deepest = held.length > 0 ? held.map((o) => o.hex) : [...enemy.keys()];
  if (deepest.length > 0 && targets.length > 0) {
    const goal = deepest.reduce((a, b) =>
      ownDistance(b) > ownDistance(a) || (ownDistance(b) === ownDistance(a) && (ownFrame(b) - ownFrame(a) || b - a) < 0) ? b : a,
    );
    const toGoal = (v: number) => vertexHexes(size, v).reduce((n, h) => n + grid.distance(h, goal), 0);
    const start = targets.slice().sort((a, b) => nearOwn(a) - nearOwn(b) || hits(b) - hits(a) || byFrame(a, b))[0]!;
    const line: number[] = [];
    let cur = start;
    let stayed = 0;
    for (let t = 0; t < T; t++) {
      // Once it can get no nearer, it fires one more turn there (drumfire, 9.6) and lifts.
      line.push(stayed > 1 ? -1 : cur);
      const next = around(vertexHexes(size, cur)).sort((a, b) => toGoal(a) - toGoal(b) || byFrame(a, b))[0]!;
      if (toGoal(next) < toGoal(cur)) cur = next;
      else stayed++;
    }
    add(
      `rolling-${label(start)}`,
      'rolling',
      `a rolling barrage from ${label(start)} toward ${grid.label(goal)}, one vertex a turn`,
      all(line),
    );
  }
  // 9.2: the owner may fire increments planned at one vertex as separate attacks; each plan that puts
  // several at one vertex together is offered again with every increment firing alone.
  for (const c of out.slice()) {
    if (
      !c.fire.some((line, k) =>
        line.some(
          (v, t) =>
            v >= 0 && c.groups[k]![t] !== SMOKE && c.fire.some((o, j) => j !== k && o[t] === v && c.groups[j]![t] === c.groups[k]![t]),
        ),
      )
    )
      continue;
    add(
      `${c.name}-apart`,
      c.kind,
      `${c.description}, each increment a separate attack (9.2)`,
      c.fire.map((l) => l.slice()),
      c.fire.map((l, k) => l.map((_, t) => (c.groups[k]![t] === SMOKE ? SMOKE : k + 1))),
    );
  }
  if (g.smokeAllowed[side]) {
    // 15.1: the preferred plan (highest rating) and the first opening barrage, each with Smoke kept on its
    // vertices as it lifts, while the side's troops close.
    const preferred = out.reduce((a, c) => (c.rating > a.rating ? c : a), out[0]!);
    for (const c of [preferred, out.find((x) => x.kind === 'opening')]) {
      const screened = c && screenOf(size, c);
      if (screened)
        add(
          `${c.name}-screen`,
          'screen',
          `${c.description}; Smoke where it lifts, ${SCREEN_TURNS} turns (15.11)`,
          screened.fire,
          screened.groups,
        );
    }
  }
  add('none', 'none', 'No Fire on every turn', all(noFire()));
  return out;
}

/**
 * A plan's screen (15.11): after each Fire turn followed by No Fire, Smoke at the same vertex for up to
 * SCREEN_TURNS of those No Fire turns, unless the line's next vertex would then break 9.13 (Smoke counts as
 * Fire for it, digest 8). Undefined when nothing changes.
 */
function screenOf(size: number, c: PlanCandidate): { fire: number[][]; groups: number[][] } | undefined {
  let changed = false;
  const fire = c.fire.map((l) => l.slice());
  const groups = c.groups.map((l) => l.slice());
  fire.forEach((line, k) => {
    const group = groups[k]!;
    for (let t = 0; t + 1 < line.length; t++) {
      if (line[t]! < 0 || group[t] === SMOKE || line[t + 1]! >= 0) continue;
      const before = line.slice();
      for (let u = t + 1; u < Math.min(line.length, t + 1 + SCREEN_TURNS) && before[u]! < 0; u++) {
        line[u] = line[t]!;
        group[u] = SMOKE;
      }
      if (illegalShift(size, line) !== 0) {
        for (let u = t + 1; u < line.length; u++) {
          line[u] = before[u]!;
          group[u] = c.groups[k]![u]!;
        }
        continue;
      }
      changed = true;
      t += SCREEN_TURNS;
    }
  });
  return changed ? { fire, groups } : undefined;
}

/** Where the combat units set up: the enemy's, counted per hex, and the side's own hexes. */
function setUp(g: PlanGround, side: number): { enemy: Map<Hex, number>; own: Hex[] } {
  const enemy = new Map<Hex, number>();
  const own: Hex[] = [];
  for (const u of g.units) {
    if (u.leader || u.startHex < 0) continue;
    if (u.side === side) own.push(u.startHex);
    else enemy.set(u.startHex, (enemy.get(u.startHex) ?? 0) + 1);
  }
  return { enemy, own };
}

/**
 * The scripted agent's preference for a plan, from public information at the start: per increment and
 * fire turn, (strength / 20) x (enemy combat units set up in the vertex's hexes, fading by a quarter a turn
 * as they move, plus half a unit per objective hex the enemy holds, fading by a tenth) less 1.5 per hex the
 * side's own units could have reached by then (two hexes a turn: the plan is binding on them too, 9.5).
 * A Smoke entry (groups SMOKE) is worth the chance of a marker (15.11) times SMOKE_WORTH per enemy unit or
 * held objective in its hexes, fading alike, whatever the increment's strength, and risks nothing (15.12).
 */
export function planRating(
  g: PlanGround,
  side: number,
  fire: readonly (readonly number[])[],
  groups?: readonly (readonly number[])[],
): number {
  const grid = g.map.grid;
  const { enemy, own } = setUp(g, side);
  const held = new Set(g.objectives.filter((o) => o.controlledBy === 1 - side).map((o) => o.hex));
  let total = 0;
  fire.forEach((line, k) => {
    const strength = g.increments[k]!.strength / 20;
    line.forEach((v, t) => {
      if (v < 0) return;
      for (const h of vertexHexes(grid.size, v)) {
        const gain = (enemy.get(h) ?? 0) * 0.75 ** t + (held.has(h) ? 0.5 * 0.9 ** t : 0);
        if (groups?.[k]?.[t] === SMOKE) {
          total += SMOKE_CHANCE * SMOKE_WORTH * gain;
          continue;
        }
        const risk = own.some((o) => grid.distance(o, h) <= 2 * t) ? 1.5 : 0;
        total += strength * (gain - risk);
      }
    });
  });
  return Math.round(total * 1000) / 1000;
}

/** 2d6 <= 8 (15.11): the chance a Smoke mission places its marker. */
const SMOKE_CHANCE = 26 / 36;
/** What a Smoke marker on an enemy unit is worth to the plan's rating, against one unit under fire of strength 20. */
const SMOKE_WORTH = 0.5;

/** The scenario's number of turns, as the lines of `side`'s library have it. */
function turnsOf(library: readonly (readonly PlanCandidate[])[], side: number): number {
  return library[side]![0]!.fire.reduce((m, l) => Math.max(m, l.length), 0);
}

/**
 * The plan `side` has written: a candidate of its library, or (plans[side] WRITTEN) the one written by hand
 * from State.written, entries not written yet read as No Fire; undefined while none is written.
 */
export function writtenPlan(
  library: readonly (readonly PlanCandidate[])[],
  side: number,
  plans: readonly number[],
  written: readonly number[] | undefined,
): PlanCandidate | undefined {
  if (plans[side] !== WRITTEN) return library[side]![plans[side]!];
  const T = turnsOf(library, side);
  const entry = (k: number, t: number) => written?.[k * T + t] ?? UNWRITTEN;
  const base = library[side]![0]!;
  return {
    name: 'written',
    kind: 'written',
    description: 'written by hand',
    fire: base.fire.map((l, k) => (l.length === 0 ? [] : l.map((_, t) => (entry(k, t) < 0 ? -1 : Math.floor(entry(k, t) / 10))))),
    groups: base.fire.map((l, k) => (l.length === 0 ? [] : l.map((_, t) => (entry(k, t) < 0 ? 0 : entry(k, t) % 10)))),
    rating: 0,
  };
}

/** The vertex increment k fires at on `turn` (-1 No Fire) under the plans written (`plans`: library index per side, or WRITTEN with `written`). */
export function plannedVertex(
  library: readonly (readonly PlanCandidate[])[],
  side: number,
  plans: readonly number[],
  k: number,
  turn: number,
  written?: readonly number[],
): number {
  const plan = writtenPlan(library, side, plans, written);
  return plan === undefined ? -1 : (plan.fire[k]![turn - 1] ?? -1);
}

/** The fire group (9.2) of increment k's entry on `turn` under the plans written: increments at one vertex with one group fire as one attack. */
export function plannedGroup(
  library: readonly (readonly PlanCandidate[])[],
  side: number,
  plans: readonly number[],
  k: number,
  turn: number,
  written?: readonly number[],
): number {
  return writtenPlan(library, side, plans, written)?.groups[k]?.[turn - 1] ?? 0;
}

/**
 * Writing by hand (9.1): the next entry `side` has to write, increment by increment (its column) and turn
 * by turn, or undefined when its plan is complete.
 */
export function nextEntry(
  library: readonly (readonly PlanCandidate[])[],
  side: number,
  written: readonly number[] | undefined,
): { k: number; turn: number } | undefined {
  const T = turnsOf(library, side);
  const base = library[side]![0]!;
  for (let k = 0; k < base.fire.length; k++) {
    if (base.fire[k]!.length === 0) continue;
    for (let t = 0; t < T; t++) if ((written?.[k * T + t] ?? UNWRITTEN) === UNWRITTEN) return { k, turn: t + 1 };
  }
  return undefined;
}

/**
 * The entries `side` may write next by hand: "line nofire", and "line fire V" at every vertex of the map
 * the increment may shift to (9.13: one sharing a hex with its previous turn's vertex, any after No Fire or
 * on turn 1), with "/G" fire groups (9.2) 1 to the side's number of increments (at most 8) when it has
 * several; and "line smoke V" at the same vertices when the scenario allows the side smoke (15.14).
 */
export function entryActions(
  library: readonly (readonly PlanCandidate[])[],
  grid: HexGrid,
  side: number,
  written: readonly number[] | undefined,
  vertices: readonly number[],
  smokeAllowed = false,
): string[] {
  const next = nextEntry(library, side, written);
  if (next === undefined) return [];
  const T = turnsOf(library, side);
  const prev = next.turn > 1 ? (written?.[next.k * T + next.turn - 2] ?? -1) : -1;
  const prevVertex = prev < 0 ? -1 : Math.floor(prev / 10);
  const groups = Math.min(SMOKE - 1, library[side]![0]!.fire.filter((l) => l.length > 0).length);
  const out = ['line nofire'];
  for (const v of vertices) {
    if (prevVertex >= 0 && !sharesHex(grid.size, prevVertex, v)) continue;
    const at = vertexLabel(grid, v);
    out.push(`line fire ${at}`);
    if (groups > 1) for (let g = 1; g <= groups; g++) out.push(`line fire ${at}/${g}`);
    if (smokeAllowed) out.push(`line smoke ${at}`);
  }
  return out;
}

/** Every vertex of the map (9.12: any vertex may be fired at), each once, in key order. */
export function allVertices(grid: HexGrid): number[] {
  const out = new Set<number>();
  for (let h = 0; h < grid.size; h++) for (const v of verticesAround(grid, h)) out.add(v);
  return [...out].sort((a, b) => a - b);
}

/** What the determinize needs of a state: the plans written, the turn, and when increments ran out of ammunition. */
export interface PlanSecrets {
  readonly plans: readonly number[];
  readonly written?: readonly number[];
  readonly turn: number;
  readonly ammoOut: readonly number[];
}

/**
 * The candidates of `side`'s library that agree with what the other side has seen of `side`'s plan: for each
 * increment, its line on every turn whose Bombardment phase has been held (the current turn's is held when
 * it begins), up to the turn it ran out of ammunition (15.7: later lines are never fired). Ruling IA2-R41.
 */
export function consistentPlans(library: readonly (readonly PlanCandidate[])[], side: number, s: PlanSecrets): number[] {
  const lib = library[side]!;
  const truth = writtenPlan(library, side, s.plans, s.written);
  if (truth === undefined) return [];
  return lib.flatMap((c, i) => {
    for (let k = 0; k < c.fire.length; k++) {
      const line = c.fire[k]!;
      if (line.length === 0) continue;
      const seenTurns = s.ammoOut[k]! > 0 ? Math.min(s.turn, s.ammoOut[k]!) : s.turn;
      // The grouping (9.2) is seen too: one attack or several.
      for (let t = 0; t < seenTurns; t++) if (line[t] !== truth.fire[k]![t] || c.groups[k]![t] !== truth.groups[k]![t]) return [];
    }
    return [i];
  });
}

/**
 * Determinization for `seat` (9.1, digest 8.4): the other side's written plan is drawn again, uniformly
 * among its candidates consistent with the fire seen so far (consistentPlans); its true index plays no
 * other part. A plan not written yet, a side with one candidate, or a plan the fire seen leaves no
 * alternative to, has nothing to resample.
 */
export function dealPlans<S extends PlanSecrets>(library: readonly (readonly PlanCandidate[])[], state: S, seat: number, rng: Rng): S {
  const other = 1 - seat;
  if (state.plans[other]! < 0 || library[other]!.length <= 1) return state;
  const options = consistentPlans(library, other, state);
  if (state.plans[other] === WRITTEN) return dealWritten(library, state, other, options, rng);
  // Told apart by the fire seen: nothing left to draw (and a search may then keep its root fixed).
  if (options.length === 1) return state;
  const plans = state.plans.slice();
  plans[other] = options[rng.int(options.length)]!;
  return { ...state, plans };
}

/**
 * A plan written by hand is never kept in a determinized state: it is replaced by a candidate consistent
 * with the fire seen, drawn uniformly, or, when none is, by the fire seen followed by No Fire (what is
 * known of it, nothing more).
 */
function dealWritten<S extends PlanSecrets>(
  library: readonly (readonly PlanCandidate[])[],
  state: S,
  other: number,
  options: readonly number[],
  rng: Rng,
): S {
  const plans = state.plans.slice();
  const written = (state.written ?? []).slice();
  const truth = writtenPlan(library, other, state.plans, state.written)!;
  const T = turnsOf(library, other);
  if (options.length > 0) {
    plans[other] = options[rng.int(options.length)]!;
    truth.fire.forEach((line, k) => {
      for (let t = 0; t < line.length; t++) written[k * T + t] = UNWRITTEN;
    });
    return { ...state, plans, written };
  }
  truth.fire.forEach((line, k) => {
    const seenTurns = state.ammoOut[k]! > 0 ? Math.min(state.turn, state.ammoOut[k]!) : state.turn;
    for (let t = seenTurns; t < line.length; t++) written[k * T + t] = -1;
  });
  return { ...state, written };
}

/**
 * The agents' hooks with the pre-game decision added: the scripted agent writes the candidate of highest
 * planRating (public information only: objectives and set-up positions, never the other side's plan), and
 * MCTS orders the candidates the same way; every other decision goes to the doctrine as it is.
 */
export function withPlanAdvice<S extends { readonly turn: number; readonly toMove: number }>(
  library: readonly (readonly PlanCandidate[])[],
  hooks: AgentHooks<S, string>,
): AgentHooks<S, string> {
  const rating = (s: S, action: string) => library[s.toMove]!.find((c) => `plan ${c.name}` === action)?.rating ?? 0;
  const doctrine = hooks.doctrine;
  const orderActions = hooks.orderActions;
  return {
    ...hooks,
    ...(doctrine && {
      doctrine: {
        assess: (s, a, seat) => (s.turn === 0 ? { ...NO_GAIN, objective: rating(s, a) * PLAN_CONVICTION } : doctrine.assess(s, a, seat)),
      },
    }),
    orderActions: (s, actions) =>
      s.turn === 0
        ? actions
            .map((a, k) => ({ a, k, v: rating(s, a) }))
            .sort((p, q) => q.v - p.v || p.k - q.k)
            .map((p) => p.a)
        : orderActions
          ? orderActions(s, actions)
          : actions,
  };
}

/**
 * How much a point of plan rating weighs in the doctrine score, and so in a search's prior. The plan is
 * written once before turn 1 (9.1) and its effects come turns later, beyond what a search of a few hundred
 * iterations sees from the evaluation (which cannot value Smoke's cover at all): there the rating is the
 * better judge, so the prior all but settles on the best-rated plan unless the search's values disagree
 * strongly. The scripted agent's choice (the best rating) is the same at any weight.
 */
const PLAN_CONVICTION = 10;

const NO_GAIN: ActionAssessment = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };
