/**
 * Hidden units (15.5, optional rule; rule switch `hiddenUnits`). A piece set up hidden carries F_HIDDEN: its
 * position is written down, a secret of its side. It is revealed when an enemy piece could spot it at a
 * quarter of the normal range (at least one hex), when it moves or fires, and (ruling IA2-R74) when fire
 * changes it or a stack activation names its hex. Each side's searched hexes (State.searched) record
 * where the enemy has looked: a hidden piece can only be where nobody has looked, in its side's hidden
 * set-up area. `dealHidden` (part of the game's determinize) draws the other side's hidden pieces again
 * among such hexes; the rules that answer a side's questions (spotting, 3.11 distance to the enemy,
 * objective control) do not see the enemy's hidden pieces, so nothing a side decides can depend on where
 * they truly are.
 */
import type { ProblemList } from '../../core/errors.js';
import type { AgentHooks } from '../../core/extensions.js';
import type { Rng } from '../../core/game.js';
import type { Hex, HexGrid } from '../../hex/grid.js';
import { onMapEdge } from './entry.js';
import type { ScenarioFile } from './formats.js';
import type { Scenario, UnitDef } from './scenario.js';
import { Draft, F_HIDDEN, F_LIMBERED, F_MOUNTED, FACE, FLAGS, HEX, MORALE, NO_DICE, type State, STEPS } from './state.js';
import { seesThroughSmoke, smokeIn } from './sight.js';
import { pieceLabel, visibility } from './units.js';

/** Bit words per seat in State.searched. */
export function searchWords(sc: Scenario): number {
  return Math.ceil(sc.map.size / 32);
}

/** The searched hexes at the start: none, for each seat; nothing to keep when nobody sets up hidden. */
export function initialSearched(sc: Scenario): number[] {
  return sc.units.some((u) => u.startHidden) ? new Array<number>(2 * searchWords(sc)).fill(0) : [];
}

export function searched(sc: Scenario, s: { readonly searched: readonly number[] }, seat: number, h: Hex): boolean {
  const k = seat * searchWords(sc) + (h >>> 5);
  return ((s.searched[k]! >>> (h & 31)) & 1) === 1;
}

/**
 * The hidden set-up area of each side (15.5: positions are written down): the side's `hiddenArea` hexes, or
 * where its hidden placements stand. Every hidden placement must lie in it, and no hex of it may be one the
 * enemy enters by (15.41, 15.43), where an entering piece would find a hidden one in its hex.
 */
export function readHiddenArea(
  data: ScenarioFile,
  grid: HexGrid,
  units: readonly UnitDef[],
  entryHexes: readonly { readonly side: number; readonly hexes: readonly Hex[] }[],
  hexOf: (label: string, place: string) => Hex,
  problems: ProblemList,
): Hex[][] {
  return data.sides.map((side, s) => {
    const listed = side.hiddenArea.map((l, k) => hexOf(l, `sides[${s}].hiddenArea[${k}]`)).filter((h) => h >= 0);
    const hidden = units.filter((u) => u.side === s && u.startHidden && u.startHex >= 0);
    if (listed.length > 0)
      for (const u of hidden)
        if (!listed.includes(u.startHex))
          problems.add(
            `sides[${s}].units`,
            `hidden ${u.counter} at ${grid.label(u.startHex)} is outside the side's hiddenArea (15.5: hidden units set up in it)`,
            'bad-value',
          );
    const area = [...new Set(listed.length > 0 ? listed : hidden.map((u) => u.startHex))].sort((a, b) => a - b);
    for (const g of entryHexes) {
      if (g.side === s) continue;
      const near = new Set(g.hexes);
      for (const h of g.hexes)
        for (let k = 0; k < 6; k++) {
          const n = grid.neighbour(h, k);
          if (n >= 0 && onMapEdge(grid, n)) near.add(n);
        }
      for (const h of area)
        if (near.has(h))
          problems.add(
            `sides[${s}].hiddenArea`,
            `hex ${grid.label(h)} is one the enemy's reinforcements enter by (15.41, 15.43): no hidden unit may wait there`,
            'bad-value',
          );
    }
    return area;
  });
}

/**
 * The spotting range of a piece at `from` for a hidden piece at `to` (15.5): a quarter of 7.1-7.43's, at
 * least one hex, in the turn's light (`range` the turn's spotting range, `night` whether night rules apply).
 * A Smoke hex (`smoky`) is limiting terrain seen into at three hexes (15.12).
 */
export function hiddenRange(sc: Scenario, range: number, night: boolean, from: Hex, to: Hex, smoky = false): number {
  const map = sc.map;
  const t = sc.terrain[map.terrain[to]!]!;
  let r = range;
  const above = map.elevation[from]! + sc.terrain[map.terrain[from]!]!.viewerBonus - map.elevation[to]!;
  if (above > 0 && !night) r += above * sc.charts.spotting.perLevelAbove.value;
  if (t.limiting) r = Math.min(r, t.spotDistance);
  if (smoky) r = Math.min(r, sc.charts.smoke.sightInto.value);
  return Math.max(1, Math.floor(r / 4));
}

/**
 * Per scenario, per light (spotting range and night rules), per hex: the hexes a piece there searches
 * (15.5) as bit words, made on first use. A search depends only on the map, the piece's hex and the
 * turn's light, so each is worked out once and a search after every action is a few word operations.
 */
const SEARCH_MASKS = new WeakMap<Scenario, Map<number, (Uint32Array | undefined)[]>>();

/** The search masks of every hex in the given light (15.5), filled as asked for (searchMask). */
function searchMasks(sc: Scenario, range: number, night: boolean): (Uint32Array | undefined)[] {
  let byLight = SEARCH_MASKS.get(sc);
  if (byLight === undefined) {
    byLight = new Map();
    SEARCH_MASKS.set(sc, byLight);
  }
  const light = range * 2 + (night ? 1 : 0);
  let byHex = byLight.get(light);
  if (byHex === undefined) {
    byHex = new Array<Uint32Array | undefined>(sc.map.size).fill(undefined);
    byLight.set(light, byHex);
  }
  return byHex;
}

/**
 * The hexes a piece at `from` searches in the given light (15.5): within its hidden range, in line of sight
 * beyond one hex; with `smoke` (State.smoke) laid over the map, which no remembered mask knows (15.12).
 */
function searchMask(sc: Scenario, range: number, night: boolean, from: Hex, smoke: readonly number[] = []): Uint32Array {
  const grid = sc.map.grid;
  const mask = new Uint32Array(searchWords(sc));
  const sightInto = sc.charts.smoke.sightInto.value;
  for (const to of grid.within(from, searchReach(sc))) {
    const dist = grid.distance(from, to);
    if (dist > hiddenRange(sc, range, night, from, to, smokeIn(smoke, to))) continue;
    if (dist > 1 && !seesThroughSmoke(sc.map, sc.los, smoke, sightInto, from, to)) continue;
    mask[to >>> 5]! |= 1 << (to & 31);
  }
  return mask;
}

/** Whether a Smoke marker lies within a search's reach of `from`: only then can it change what a piece there searches. */
function smokeNear(sc: Scenario, smoke: readonly number[], from: Hex): boolean {
  const reach = searchReach(sc);
  for (let k = 0; k < smoke.length; k += 2) if (sc.map.grid.distance(from, smoke[k]!) <= reach) return true;
  return false;
}

/** Marks in d.searched the hexes `seat`'s pieces on the map search now (15.5). */
export type SearchMarker = (d: Draft, seat: number) => void;

/** The search of 15.5 by `seat`'s pieces on the map, each adding its hex's search mask in the turn's light. */
export function markSearched(d: Draft, seat: number): void {
  const sc = d.sc;
  const words = searchWords(sc);
  const range = visibility(d);
  const night = d.isNight();
  const masks = searchMasks(sc, range, night);
  const base = seat * words;
  let bits: number[] | null = null;
  for (let i = 0; i < sc.units.length; i++) {
    if (sc.units[i]!.side !== seat) continue;
    const from = d.hex(i);
    if (from < 0) continue;
    let mask = masks[from];
    if (d.smoke.length > 0 && smokeNear(sc, d.smoke, from)) mask = searchMask(sc, range, night, from, d.smoke);
    else if (mask === undefined) masks[from] = mask = searchMask(sc, range, night, from);
    for (let k = 0; k < words; k++) {
      const had = (bits ?? d.searched)[base + k]!;
      if ((mask[k]! & ~had) === 0) continue;
      bits ??= d.arr('searched');
      bits[base + k] = had | mask[k]!;
    }
  }
}

/**
 * After every action (and at set-up): each side searches around its pieces on the map at the hidden range
 * (`mark`, markSearched but in tests), and the other side's hidden pieces in a hex searched are revealed
 * (15.5); a hidden piece that moved, fired, was changed by fire or had its hex named by a stack activation is
 * revealed too (ruling IA2-R74).
 */
export function searchAndReveal(d: Draft, action = '', mark: SearchMarker = markSearched): void {
  if (d.searched.length === 0) return;
  const sc = d.sc;
  const n = sc.units.length;
  let acted: ((i: number) => boolean) | null = null;
  for (let i = 0; i < n; i++) {
    if (!d.flag(i, F_HIDDEN)) continue;
    const was = d.source.u[i]!;
    const changed = d.hex(i) !== was[HEX] || d.get(i, STEPS) !== was[STEPS] || d.get(i, MORALE) !== was[MORALE];
    acted ??= actedOpenly(d, action);
    if (changed || acted(i) || d.hex(i) < 0) reveal(d, i, 'it acted');
  }
  // Sides with a piece still hidden (bit per side): a side searches only while the other has one.
  let hiddenSides = 0;
  for (let i = 0; i < n; i++) if (d.flag(i, F_HIDDEN)) hiddenSides |= 1 << sc.units[i]!.side;
  for (let seat = 0; seat < 2; seat++) {
    if ((hiddenSides & (1 << (1 - seat))) === 0) continue;
    mark(d, seat);
    for (let i = 0; i < n; i++)
      if (sc.units[i]!.side !== seat && d.flag(i, F_HIDDEN) && searched(sc, d, seat, d.hex(i))) reveal(d, i, 'spotted');
  }
}

/**
 * Whether piece i acted openly by `action` (ruling IA2-R74): it fired (or added its leader's bonus), made
 * opportunity fire, assaulted or charged, or stands in the hex a stack activation of its side named.
 */
function actedOpenly(d: Draft, action: string): (i: number) => boolean {
  const w = action.split(' ');
  const named = new Set<number>();
  if (w[0] === 'fire') for (const f of [...w[1]!.split('+'), ...(w[3] === undefined ? [] : [w[3]])]) named.add(Number(f));
  // 12.15: a combined opportunity attack reveals each of its firers.
  if (w[0] === 'opfire') for (const f of w[1]!.split('+')) named.add(Number(f));
  if (w[0] === 'assault' || w[0] === 'charge') named.add(Number(w[1]));
  const stackHex = w[0] === 'stack' ? Number(w[1]) : w[0] === 'cold' ? d.hex(Number(w[1])) : -1;
  return (i) => named.has(i) || (stackHex >= 0 && d.hex(i) === stackHex && d.sc.units[i]!.side === d.active);
}

const REACH = new WeakMap<Scenario, number>();
/** The farthest any piece can find a hidden one (15.5): a quarter of the day range raised by the map's highest viewpoint. */
export function searchReach(sc: Scenario): number {
  let r = REACH.get(sc);
  if (r === undefined) {
    let top = 0;
    for (let h = 0; h < sc.map.size; h++) top = Math.max(top, sc.map.elevation[h]! + sc.terrain[sc.map.terrain[h]!]!.viewerBonus);
    r = Math.max(1, Math.floor((sc.charts.spotting.dayRange.value + top * sc.charts.spotting.perLevelAbove.value) / 4));
    REACH.set(sc, r);
  }
  return r;
}

/** Enemy combat units in h that `side` knows of: not hidden (15.5). */
export function knownEnemyCombat(d: Draft, h: Hex, side: number): boolean {
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i))
    if (d.sc.units[i]!.side !== side && !d.sc.units[i]!.leader && !d.flag(i, F_HIDDEN)) return true;
  return false;
}

function reveal(d: Draft, i: number, why: string): void {
  d.setFlag(i, F_HIDDEN, false);
  d.events && d.say(() => `${pieceLabel(d, i)} is revealed (${why}, 15.5)`);
}

/** The movement class a piece sets up by (for the hexes it may be hidden in): as units.ts moveClass, from the row alone. */
function canStand(sc: Scenario, s: State, i: number, h: Hex): boolean {
  const def = sc.units[i]!;
  const f = s.u[i]![FLAGS]!;
  const cls =
    def.type === 'GUN' && f & F_LIMBERED
      ? 'gun'
      : (def.type === 'CAV' && f & F_MOUNTED) || (def.leader && def.faces[s.u[i]![FACE]!]!.type === 'cavalry')
        ? 'horse'
        : 'foot';
  return sc.terrain[sc.map.terrain[h]!]!.move[cls] < 99;
}

/**
 * `state` with the other side's hidden pieces drawn again for `seat` (15.5, ruling IA2-R75): one by one in
 * unit order, uniformly among the hexes of their side's hidden area that `seat` has not searched, free of
 * `seat`'s pieces, where the piece may stand and stacking (4.1) allows with what is already there. Only
 * public facts choose the hexes, so the draw is the same whatever the truth. A draw that finds no hex for
 * some piece is made again (at most a few times), then stacking is let go.
 */
export function dealHidden(sc: Scenario, state: State, seat: number, rng: Rng): State {
  if (state.searched.length === 0) return state;
  const other = 1 - seat;
  const hidden: number[] = [];
  for (let i = 0; i < sc.units.length; i++) if (sc.units[i]!.side === other && state.u[i]![FLAGS]! & F_HIDDEN) hidden.push(i);
  if (hidden.length === 0) return state;
  const d = new Draft(sc, state, NO_DICE, false);
  const open = sc.hiddenArea[other]!.filter((h) => {
    if (searched(sc, state, seat, h)) return false;
    for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (sc.units[i]!.side === seat) return false;
    return true;
  });
  // What is in each open hex of the other side's that `seat` can see: its revealed pieces.
  const known = (h: Hex) => {
    let combat = 0,
      companies = 0;
    for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i))
      if (sc.units[i]!.side === other && !(state.u[i]![FLAGS]! & F_HIDDEN) && !sc.units[i]!.leader) {
        combat++;
        if (sc.units[i]!.company) companies++;
      }
    return { combat, companies };
  };
  const start = new Map(open.map((h) => [h, known(h)]));
  const draw = (keepStacking: boolean): Map<number, Hex> | null => {
    const load = new Map([...start].map(([h, v]) => [h, { ...v }]));
    const out = new Map<number, Hex>();
    for (const i of hidden) {
      const def = sc.units[i]!;
      const fits = open.filter((h) => {
        if (!canStand(sc, state, i, h)) return false;
        const l = load.get(h)!;
        return !keepStacking || def.leader || (l.combat < 3 && (!def.company || l.companies < 2));
      });
      if (fits.length === 0) return null;
      const h = fits.length === 1 ? fits[0]! : fits[rng.int(fits.length)]!;
      out.set(i, h);
      if (!def.leader) {
        const l = load.get(h)!;
        l.combat++;
        if (def.company) l.companies++;
      }
    }
    return out;
  };
  let drawn: Map<number, Hex> | null = null;
  for (let attempt = 0; attempt < 8 && drawn === null; attempt++) drawn = draw(true);
  drawn ??= draw(false);
  if (drawn === null) return state;
  const u = state.u.map((row, i) => {
    const h = drawn.get(i);
    if (h === undefined || h === row[HEX]) return row;
    const r = row.slice();
    r[HEX] = h;
    return r;
  });
  return { ...state, u };
}

/** The state as `seat` may know it for the doctrine: the other side's hidden pieces taken off the map. */
export function publicView(sc: Scenario, s: State, seat: number): State {
  let u: number[][] | null = null;
  s.u.forEach((row, i) => {
    if (sc.units[i]!.side === seat || !(row[FLAGS]! & F_HIDDEN) || row[HEX]! < 0) return;
    u ??= s.u.map((r) => r as number[]);
    const r = row.slice();
    r[HEX] = -1;
    u[i] = r;
  });
  return u === null ? s : { ...s, u };
}

/**
 * The agents' hooks reading positions as the seat deciding may know them (15.5): the doctrine and the
 * action order see the other side's hidden pieces nowhere. The evaluator runs on determinized states.
 */
export function withHiddenView(sc: Scenario, hooks: AgentHooks<State, string>): AgentHooks<State, string> {
  if (!sc.units.some((u) => u.startHidden)) return hooks;
  const doctrine = hooks.doctrine;
  const orderActions = hooks.orderActions;
  const views = new WeakMap<State, [State | undefined, State | undefined]>();
  const view = (s: State, seat: number): State => {
    let pair = views.get(s);
    if (pair === undefined) {
      pair = [undefined, undefined];
      views.set(s, pair);
    }
    pair[seat] ??= publicView(sc, s, seat);
    return pair[seat]!;
  };
  return {
    ...hooks,
    ...(doctrine && { doctrine: { ...doctrine, assess: (s, a, seat) => doctrine.assess(view(s, seat), a, seat) } }),
    ...(orderActions && { orderActions: (s, actions) => orderActions(view(s, s.toMove), actions) }),
  };
}
