/**
 * Panzer Leader at the terminal: the map with face-up and inverted (fired, dispersed) counters, the order
 * of battle, one-line status, actions in words, short commands, and the odds column with its chances
 * before an attack is committed. A seat sees its own IF orders, never the other side's (unless the
 * scenario plays with open orders).
 */
import { InputError } from '../../core/errors.js';
import type { ActionKind, ActionPlace, BoardUnit, BoardView, ScenarioUi, ViewOptions } from '../../core/system.js';
import { renderBoardMap } from '../../hex/ascii.js';
import { boardOf } from '../../hex/board.js';
import type { Hex } from '../../hex/grid.js';
import {
  airAttackOdds,
  airPlan,
  assaulters,
  assaultOdds,
  BRIDGE_TARGET,
  structureFireOdds,
  directFireOdds,
  faceDownAt,
  isLegal,
  landingCraftOdds,
  legalActions,
  overrunOdds,
  overrunsOf,
  overrunWays,
} from './actions.js';
import { chances, columnName } from './combat.js';
import { outcomeOf } from './game.js';
import { shownLanders, visibleOrders } from './hidden.js';
import { ROAD, type Scenario } from './scenario.js';
import {
  CARRIER,
  EXITED,
  F_DESIGNATED,
  F_DISPERSED,
  F_FIRED,
  F_IN_FORT,
  F_MOVED,
  F_SPOTTED,
  FLAGS,
  HEX,
  landingTurn,
  OFFBOARD,
  PH_AA,
  PHASE_NAMES,
  seaHexOf,
  type State,
  view,
} from './state.js';

/** Where a landing unit not yet seen is, for the other side (XI.A.2). */
const UNSEEN = 'at sea or yet to land (the landing record is secret)';
/** The narration of a unit placed at sea (XI.B.1), which names it. */
export const OFFSHORE = ' is offshore at ';

const HELP = [
  'fire U T        unit U fires at enemy unit T (again with another U to combine fire on T), then "resolve"',
  'aim T           the fire being put together also hits unit T of its target hex (any combination, VII.B.8)',
  'shell U HEX     unit U fires at the temporary bridge (X.C.4.b; not I weapons), empty fort (IX.C.8) or face-down counter at sea (XI.D.1) at HEX, then "resolve"',
  'resolve         roll the direct fire attack being put together',
  'order U HEX     write an IF order: unit U fires indirectly at HEX next turn (secret; any hex, empty too)',
  'air A T [mg]    aircraft A flies at enemy unit T with its bombs or rockets (or machine guns); all at one hex attack together',
  'aim T           (air phase) the air attack on T\'s hex also hits unit T (XII.C.3.b); "next" ends the flying',
  'move U HEX      move unit U (number or id) to HEX (e.g. 0405)',
  'land U HEX      unit U at sea lands on the beach hex HEX next to it (XI.C), then may move on',
  'load C P        carrier C loads unit P in its hex; unload C sets its passenger down',
  'overrun U HEX   vehicle U overruns HEX (the first legal way through); overrun U V .. HEX: together (VII.D.5)',
  'cat HEX [U ..]  close assault HEX with every eligible adjacent unit, or with the units U .. named',
  'leave A         aircraft A leaves the map for good (XII.A.3; it may not come back)',
  'aa U A          (German, once the aircraft have flown) AA unit U fires at aircraft A; pass: no more AA, the attacks go in',
  'clear E HEX     engineer E turns over the minefield or block at HEX next to it, or removes the one it stands on',
  'demolish E HEX  engineer E moves off to HEX and rolls to blow its bridge or make its block',
  "exit U          unit U leaves the map from one of its side's exit hexes (where the scenario allows it)",
  'next            end this phase',
];

export function plUi(sc: Scenario): ScenarioUi<State, string> {
  const grid = sc.map.grid;
  const terrainChar = new Map(Object.entries(sc.data.map.legend).map(([ch, id]) => [id, ch]));
  const asUnit = (text: string | undefined): number => {
    const t = (text ?? '').replace(/^#/, '');
    const byId = sc.units.findIndex((u) => u.id === t);
    const n = byId >= 0 ? byId : /^\d+$/.test(t) ? Number(t) : -1;
    if (n < 0 || n >= sc.units.length)
      throw new InputError(`"${text ?? ''}" names no unit (a number 0-${sc.units.length - 1} or an id such as ${sc.units[0]!.id})`);
    return n;
  };
  const asHex = (text: string | undefined): Hex => {
    const h = text === undefined ? -1 : grid.parseLabel(text);
    if (h < 0) throw new InputError(`"${text ?? ''}" is not a hex label of this ${grid.width}x${grid.height} map (e.g. 0304)`);
    return h;
  };
  const pick = (legal: readonly string[], action: string | undefined, what: string, s?: State): string => {
    if (action !== undefined && (legal.includes(action) || (s !== undefined && isLegal(sc, s, action, legal)))) return action;
    throw new InputError(`${what} is not legal now (type "list" for the legal actions)`);
  };
  const status = (s: State): string => {
    const o = outcomeOf(sc, s);
    const who = s.over
      ? 'game over'
      : s.phase === PH_AA
        ? `${sc.sides[1 - s.side]!.id} AA decision (${airPlan(s)
            .map((p) => `${sc.aircraft[p.k]!.name} attacking ${sc.units[p.t]!.id}`)
            .join(', ')})`
        : `${sc.sides[s.side]!.id} ${PHASE_NAMES[s.phase]} phase${s.target >= 0 ? ` (fire at ${sc.units[s.target]!.id} being put together)` : s.target <= BRIDGE_TARGET ? ` (fire at the ${seaCounter(s, BRIDGE_TARGET - s.target) ? 'face-down counter' : s.tempBridges.includes(BRIDGE_TARGET - s.target) ? 'bridge' : 'fort'} at ${grid.label(BRIDGE_TARGET - s.target)} being put together)` : ''}`;
    return `Turn ${Math.min(s.turn, sc.turns)} of ${sc.turns}; ${who}; ${sc.sides[0]!.id} ${o.vp[0]} VP, ${sc.sides[1]!.id} ${o.vp[1]} VP`;
  };
  const where = (s: State, i: number): string => {
    const h = s.u[i]![HEX]!;
    return offMap(s, i, h);
  };
  /** Where a unit off the map is (XIV.B.3): not yet entered (or landed, by its record, XI.A.2), exited or eliminated. */
  const offMap = (s: State, i: number, h: Hex): string =>
    h >= 0
      ? grid.label(h)
      : h === EXITED
        ? 'exited'
        : h === OFFBOARD
          ? landingTurn(s, i) > 0
            ? `lands turn ${landingTurn(s, i)} from ${grid.label(seaHexOf(s, i))}`
            : `enters turn ${sc.units[i]!.enters} at ${grid.label(sc.units[i]!.startHex)}`
          : 'eliminated';
  const markers = (s: State, i: number): string[] => {
    const f = s.u[i]![FLAGS]!;
    const m: string[] = [];
    if (f & F_DISPERSED) m.push('dispersed');
    else if (f & F_FIRED) m.push('fired');
    if (f & F_MOVED) m.push('moved');
    if (f & F_SPOTTED) m.push('spotted');
    if (s.u[i]![CARRIER]! > 0) m.push(`aboard ${sc.units[s.u[i]![CARRIER]! - 1]!.id}`);
    if ((s.u[i]![FLAGS]! & F_IN_FORT) !== 0) m.push('in fort');
    return m;
  };
  const board = (s: State, viewer: number): BoardView => {
    const hexMarkers = (h: Hex): string[] => {
      const m: string[] = [];
      if (s.mines.includes(h)) m.push('mines');
      if (s.wrecks.includes(h)) m.push('wreck');
      if (s.blocks.includes(h)) m.push('block');
      if (s.bridges.includes(h)) m.push(s.tempBridges.includes(h) ? 'temporary bridge' : 'bridge');
      if (s.forts.includes(h)) m.push('fort');
      return m;
    };
    const own = new Set(visibleOrders(sc, s, viewer).flatMap((o) => o.units));
    const unseen = shownLanders(sc, s, viewer);
    const units: BoardUnit[] = sc.units.map((u, i) => {
      const shown = unseen.get(i);
      if (shown !== undefined) return faceDownCounter(i, u.side, shown);
      const h = s.u[i]![HEX]!;
      const m = markers(s, i);
      // The designation is a secret of its side (VII.C.3).
      if ((s.u[i]![FLAGS]! & F_DESIGNATED) !== 0 && (own.has(i) || u.side === viewer)) m.push('IF ordered');
      const c = u.c;
      return {
        unit: i,
        side: u.side,
        hex: h >= 0 ? h : -1,
        name: u.name,
        type: u.c.category,
        values: `${c.attack} ${c.weapon} ${c.range}${c.rangeAsterisk ? '*' : ''} / ${c.defense} ${c.movement}`,
        where: h >= 0 ? '' : offMap(s, i, h),
        reduced: false,
        leader: false,
        markers: m,
        details: `AS ${c.attack} (${c.weapon}), range ${c.range}, DS ${c.defense}, MA ${c.movement}, ${c.target === 'A' ? 'armoured' : 'non-armoured'} target; ${c.modes.join(' ')}`,
      };
    });
    return boardOf(sc.map, ROAD, hexMarkers, {
      units,
      objectives: sc.objectives.map((o, k) => ({ hex: o.hex, vp: o.vp, controller: s.control[k] ?? -1 })),
      status: status(s),
    });
  };
  /** XI.B.1: a landing unit the viewer has not seen: a face-down counter on a sea hex, or a landing still to come (XI.A.2). */
  const faceDownCounter = (i: number, side: number, h: Hex): BoardUnit => ({
    unit: i,
    side,
    hex: h,
    name: 'face-down counter',
    type: 'unknown',
    values: '?',
    where: h >= 0 ? '' : UNSEEN,
    reduced: false,
    leader: false,
    markers: [],
    details: 'face down at sea: what it is shows when fire at it is resolved (XI.D.1)',
  });
  const unitName = (t: number): string => `${sc.units[t]!.name} (${sc.units[t]!.id})`;
  /** The face-down counter at sea in h, if any (XI.D.1: the German fires at it by its hex). */
  const seaCounter = (s: State, h: Hex): boolean => faceDownAt(view(sc, s), h) >= 0;
  const structureName = (s: State, h: Hex): string =>
    seaCounter(s, h) ? 'face-down counter' : s.tempBridges.includes(h) ? 'temporary bridge' : 'empty fortification';
  const describe = (s: State, action: string): string => {
    const w = action.split(' ');
    const n = (k: number): number => Number(w[k]);
    switch (w[0]) {
      case 'order':
        return `${unitName(n(1))} is ordered to fire indirectly at ${grid.label(n(2))} next turn`;
      case 'fire':
        return `${unitName(n(1))} ${s.target >= 0 ? 'joins the fire' : 'fires'} at ${unitName(n(2))} in ${grid.label(s.u[n(2)]![HEX]!)}`;
      case 'shell':
        return `${unitName(n(1))} ${s.target <= BRIDGE_TARGET ? 'joins the fire' : 'fires'} at the ${structureName(s, n(2))} at ${grid.label(n(2))}`;
      case 'resolve':
        return `resolve the fire at ${s.target >= 0 ? unitName(s.target) : s.target <= BRIDGE_TARGET ? `the ${structureName(s, BRIDGE_TARGET - s.target)} at ${grid.label(BRIDGE_TARGET - s.target)}` : '-'}`;
      case 'air':
        return `${sc.aircraft[n(1)]!.name} flies at ${unitName(n(2))} with ${w[3] === 'mg' ? 'machine guns' : sc.aircraft[n(1)]!.ordnance}`;
      case 'move':
        return `${unitName(n(1))} moves to ${grid.label(n(2))}`;
      case 'land':
        return `${unitName(n(1))} lands on the beach at ${grid.label(n(2))}`;
      case 'load':
        return `${unitName(n(1))} loads ${unitName(n(2))}`;
      case 'unload':
        return `${unitName(n(1))} unloads its passenger`;
      case 'aim':
        return `the fire at ${s.target >= 0 ? unitName(s.target) : '-'} also hits ${unitName(n(1))}`;
      case 'overrun':
        return overrunWays(w.slice(1).map(Number))
          .map(([i, k]) => `${unitName(i)} overruns ${grid.label(n(2))}, leaving to ${grid.label(grid.neighbour(n(2), k))}`)
          .join('; ');
      case 'cat':
        return `close assault on ${grid.label(n(1))}${
          w.length > 2
            ? ` by ${w
                .slice(2)
                .map((x) => unitName(Number(x)))
                .join(', ')}`
            : ''
        }`;
      case 'leave':
        return `${sc.aircraft[n(1)]?.name ?? 'the aircraft'} leaves the map for good`;
      case 'aa':
        return `${unitName(n(1))} fires AA at ${sc.aircraft[n(2)]?.name ?? 'the aircraft'}`;
      case 'pass':
        return 'no more AA fire: the air attacks go in';
      case 'exit':
        return `${unitName(n(1))} leaves the map at ${grid.label(s.u[n(1)]![HEX]!)}`;
      case 'clear':
        return `${unitName(n(1))} ${s.u[n(1)]![HEX] === n(2) ? 'removes' : 'begins clearing'} the ${s.mines.includes(n(2)) ? 'minefield' : 'block'} at ${grid.label(n(2))}`;
      case 'demolish':
        return `${unitName(n(1))} moves off to ${grid.label(n(2))} and rolls to ${s.bridges.includes(s.u[n(1)]![HEX]!) ? 'blow the bridge' : 'make a block'}`;
      case 'next':
        return `end the ${PHASE_NAMES[s.phase]} phase`;
      default:
        return action;
    }
  };
  const odds = (s: State, action: string): string[] => {
    const d = view(sc, s);
    const w = action.split(' ');
    const n = (k: number): number => Number(w[k]);
    let o: { attack: number; defense: number; col: number; drm: number } | undefined;
    switch (w[0]) {
      case 'fire':
        o = directFireOdds(d, s.target >= 0 ? [...s.firers, n(1)] : [n(1)], n(2));
        break;
      case 'shell': {
        // XI.D.1: a face-down counter at sea shows the odds against a landing craft, whatever it is.
        const firers = s.target <= BRIDGE_TARGET ? [...s.firers, n(1)] : [n(1)];
        o = seaCounter(s, n(2)) ? landingCraftOdds(d, firers, n(2)) : structureFireOdds(d, firers, n(2), true);
        break;
      }
      case 'resolve': {
        const h = BRIDGE_TARGET - s.target;
        if (s.target >= 0) o = directFireOdds(d, s.firers, s.target);
        else if (s.target <= BRIDGE_TARGET)
          o = seaCounter(s, h) ? landingCraftOdds(d, s.firers, h) : structureFireOdds(d, s.firers, h, true);
        break;
      }
      case 'aim':
        if (s.target >= 0) o = directFireOdds(view(sc, { ...s, aimed: [...s.aimed, n(1)] }), s.firers, s.target);
        break;
      case 'overrun':
        o = overrunOdds(
          d,
          overrunWays(w.slice(1).map(Number)).map(([i]) => i),
          n(2),
        );
        break;
      case 'cat':
        o = assaultOdds(d, n(1), w.length > 2 ? w.slice(2).map(Number) : assaulters(d, n(1)));
        break;
      case 'air':
        // XII.C.2.b: the odds of the hex's attack with this aircraft joining it.
        o = airAttackOdds(d, [...airPlan(s).filter((p) => p.t === n(2)), { k: n(1), w: w[3] === 'mg' ? 'mg' : 'ord' }], n(2));
        break;
    }
    if (o === undefined) return [];
    const p = chances(sc, o.col, o.drm);
    return [
      `odds ${o.attack}:${o.defense}, column ${columnName(sc, o.col)}${o.drm ? `, die ${o.drm > 0 ? '+' : ''}${o.drm}` : ''}: eliminated ${Math.round(100 * p.x)}%, dispersed ${Math.round(100 * p.d)}%`,
    ];
  };
  const kinds: Record<string, ActionKind> = {
    order: 'declare',
    fire: 'fire',
    aim: 'fire',
    shell: 'fire',
    resolve: 'fire',
    air: 'fire',
    move: 'move',
    land: 'move',
    load: 'other',
    unload: 'other',
    overrun: 'assault',
    cat: 'assault',
    aa: 'fire',
    leave: 'other',
    pass: 'other',
    exit: 'move',
    clear: 'other',
    demolish: 'move',
    next: 'end',
  };
  const place = (s: State, action: string): ActionPlace => {
    const w = action.split(' ');
    const n = (k: number): number => Number(w[k]);
    const hexOf = (i: number): Hex => s.u[i]?.[HEX] ?? -1;
    let units: number[] = [];
    let from = -1,
      to = -1,
      target = -1;
    switch (w[0]) {
      case 'order':
        units = [n(1)];
        from = hexOf(n(1));
        target = n(2);
        break;
      case 'fire':
        units = [n(1)];
        from = hexOf(n(1));
        target = hexOf(n(2));
        break;
      case 'shell':
        units = [n(1)];
        from = hexOf(n(1));
        target = n(2);
        break;
      case 'resolve':
        units = [...s.firers];
        target = s.target >= 0 ? hexOf(s.target) : s.target <= BRIDGE_TARGET ? BRIDGE_TARGET - s.target : -1;
        break;
      case 'air':
        target = hexOf(n(2));
        break;
      case 'move':
      case 'land':
        units = [n(1)];
        from = hexOf(n(1));
        to = n(2);
        break;
      case 'load':
      case 'unload':
        units = [n(1)];
        from = hexOf(n(1));
        break;
      case 'aim':
        units = [...s.firers];
        target = hexOf(n(1));
        break;
      case 'overrun':
        units = overrunWays(w.slice(1).map(Number)).map(([i]) => i);
        from = hexOf(n(1));
        target = n(2);
        to = grid.neighbour(n(2), n(3));
        break;
      case 'cat':
        units = w.slice(2).map(Number);
        target = n(1);
        break;
      case 'aa':
        units = [n(1)];
        from = hexOf(n(1));
        target = hexOf(airPlan(s).find((p) => p.k === n(2))?.t ?? -1);
        break;
      case 'exit':
        units = [n(1)];
        from = hexOf(n(1));
        break;
      case 'clear':
        units = [n(1)];
        from = hexOf(n(1));
        target = n(2);
        break;
      case 'demolish':
        units = [n(1)];
        from = hexOf(n(1));
        to = n(2);
        break;
    }
    const combat = ['fire', 'resolve', 'air', 'aa', 'overrun', 'cat'].includes(w[0] ?? '');
    return { kind: kinds[w[0] ?? ''] ?? 'other', label: describe(s, action), units, from, to, target, combat };
  };

  /** VII.D.5: the first exit directions that make the named vehicles' combined overrun of h legal, if any. */
  const combinedOverrun = (s: State, units: readonly number[], h: Hex): string | undefined => {
    const ways = units.map((i) =>
      overrunsOf(view(sc, s), i)
        .filter(([x]) => x === h)
        .map(([, k]) => k),
    );
    const agents = legalActions(sc, s);
    const tryFrom = (j: number, chosen: number[]): string | undefined => {
      if (j === units.length) {
        const action = `overrun ${units[0]} ${h} ${chosen[0]}${units
          .slice(1)
          .map((i, x) => ` ${i} ${chosen[x + 1]}`)
          .join('')}`;
        return isLegal(sc, s, action, agents) ? action : undefined;
      }
      for (const k of ways[j]!) {
        const found = tryFrom(j + 1, [...chosen, k]);
        if (found !== undefined) return found;
      }
      return undefined;
    };
    return tryFrom(0, []);
  };

  return {
    renderMap: (s, v: ViewOptions) =>
      renderBoardMap(
        board(s, v.viewer),
        terrainChar,
        sc.sides.map((x) => x.id),
        v,
      ),
    renderUnits: (s, v) => {
      const unseen = shownLanders(sc, s, v.viewer);
      const lines = sc.units.map((u, i) => {
        const shown = unseen.get(i);
        if (shown !== undefined) return `  #${i} face-down counter: ${shown >= 0 ? `at sea at ${grid.label(shown)}` : UNSEEN}`;
        const m = markers(s, i);
        return `  #${i} ${u.id} ${u.name} [${u.c.attack} ${u.c.weapon} ${u.c.range} / ${u.c.defense} ${u.c.movement}]: ${where(s, i)}${m.length ? ` (${m.join(', ')})` : ''}`;
      });
      for (const o of visibleOrders(sc, s, v.viewer))
        lines.push(
          `  IF order of ${sc.sides[o.side]!.id} (turn ${o.turn}): ${o.units.map((i) => sc.units[i]!.id).join(', ')} at ${grid.label(o.hex)}`,
        );
      return lines.join('\n');
    },
    renderStatus: (s) => status(s),
    briefing: () => [
      ...(sc.data.description ? [sc.data.description] : []),
      `Objectives: ${sc.objectives.map((o) => `${o.control === 'town' ? 'the town of ' : o.control === 'bridge' ? 'the bridge at ' : ''}${grid.label(o.hex)} (${o.vp} VP, held by ${sc.sides[o.heldBy]!.id})`).join(', ') || 'none'}; ${sc.data.victory.vpPerUnit} VP per enemy unit eliminated (not trucks or wagons); tactical victory by ${sc.data.victory.tactical} VP, decisive by ${sc.data.victory.decisive}.`,
      ...(sc.mines.length ? [`Minefields: ${sc.mines.map((m) => grid.label(m.hex)).join(', ')}`] : []),
      ...(sc.blocks.length ? [`Blocks: ${sc.blocks.map((h) => grid.label(h)).join(', ')}`] : []),
      ...(sc.bridges.length
        ? [`Bridges: ${sc.bridges.map((h) => grid.label(h) + (sc.truckBridges.includes(h) ? ' (truck bridge)' : '')).join(', ')}`]
        : []),
      ...(sc.forts.length ? [`Fortifications: ${sc.forts.map((f) => `${grid.label(f.hex)} (${sc.sides[f.side]!.id})`).join(', ')}`] : []),
      ...sc.units
        .filter((u) => u.enters > 0 && u.startCarrier < 0 && u.lands === 0)
        .map((u) => `Reinforcement: ${u.id} enters on turn ${u.enters} at ${grid.label(u.startHex)}`),
      ...(sc.units.some((u) => u.lands > 0)
        ? [
            `Landing: ${sc.units.filter((u) => u.lands > 0).length} ${sc.sides[0]!.name} units land from the sea; their turns and sea hexes are the ${sc.sides[0]!.name} player's secret, and at sea they stand face down (XI.A.2, XI.B.1).`,
          ]
        : []),
      ...sc.exits.flatMap((e, side) =>
        e ? [`${sc.sides[side]!.name} may leave the map at ${e.hexes.map((h) => grid.label(h)).join(', ')}: ${e.vp} VP a unit`] : [],
      ),
      ...(sc.aircraft.length
        ? [
            `Aircraft: ${sc.aircraft.map((a) => `${a.name} (${a.role === 'observation' ? 'observation' : a.ordnance}, from turn ${a.arrives}${a.leaves < sc.turns ? ` to turn ${a.leaves}` : ''})`).join(', ')}`,
          ]
        : []),
      `Terrain: ${Object.entries(sc.data.map.legend)
        .map(([ch, id]) => `${ch} ${id}`)
        .join(', ')}.`,
    ],
    describeAction: describe,
    commandHelp: HELP,
    parseCommand(s, words, legal) {
      const [cmd, a, b, c] = words;
      switch (cmd) {
        case 'fire':
          return pick(legal, `fire ${asUnit(a)} ${asUnit(b)}`, `fire by ${a} at ${b}`);
        case 'aim':
          return pick(legal, `aim ${asUnit(a)}`, `adding ${a} to the target`, s);
        case 'resolve':
          return pick(legal, 'resolve', 'resolving');
        case 'order':
          return pick(legal, `order ${asUnit(a)} ${asHex(b)}`, `an IF order for ${a} at ${b}`, s);
        case 'air':
          return pick(legal, `air ${Number(a)} ${asUnit(b)} ${c === 'mg' ? 'mg' : 'ord'}`, `that air attack`, s);
        case 'move':
          return pick(legal, `move ${asUnit(a)} ${asHex(b)}`, `moving ${a} to ${b}`);
        case 'land':
          return pick(legal, `land ${asUnit(a)} ${asHex(b)}`, `landing ${a} at ${b}`);
        case 'load':
          return pick(legal, `load ${asUnit(a)} ${asUnit(b)}`, `loading ${b} on ${a}`);
        case 'unload':
          return pick(legal, `unload ${asUnit(a)}`, `unloading ${a}`);
        case 'overrun': {
          const named = words.slice(1);
          if (named.length < 2) throw new InputError('overrun needs the vehicles and the hex: overrun U [V ..] HEX');
          const h = asHex(named[named.length - 1]);
          const units = named.slice(0, -1).map(asUnit);
          if (units.length === 1)
            return pick(
              legal,
              legal.find((x) => x.startsWith(`overrun ${units[0]} ${h} `) && x.split(' ').length === 4),
              `an overrun of ${named[1]} by ${a}`,
            );
          return pick(legal, combinedOverrun(s, units, h), `a combined overrun of ${named[named.length - 1]} by ${units.join(', ')}`, s);
        }
        case 'cat': {
          const units = words.slice(2).map(asUnit);
          const h = asHex(a);
          return pick(legal, units.length > 0 ? `cat ${h} ${units.join(' ')}` : `cat ${h}`, `a close assault on ${a}`, s);
        }
        case 'aa':
          return pick(legal, `aa ${asUnit(a)} ${Number(b)}`, `AA fire by ${a} at aircraft ${b}`);
        case 'leave':
          return pick(legal, `leave ${Number(a)}`, `aircraft ${a} leaving`, s);
        case 'pass':
          return pick(legal, 'pass', 'passing on AA fire');
        case 'exit':
          return pick(legal, `exit ${asUnit(a)}`, `${a} leaving the map`);
        case 'clear':
          return pick(legal, `clear ${asUnit(a)} ${asHex(b)}`, `clearing ${b} by ${a}`);
        case 'shell':
          return pick(
            legal,
            `shell ${asUnit(a)} ${asHex(b)}`,
            `fire by ${a} at the temporary bridge, empty fort or face-down counter at ${b}`,
            s,
          );
        case 'demolish':
          return pick(legal, `demolish ${asUnit(a)} ${asHex(b)}`, `a demolition by ${a} moving to ${b}`);
        case 'next':
          return pick(legal, 'next', 'ending the phase');
        default:
          return s === undefined ? undefined : undefined;
      }
    },
    odds,
    narration: (s) => s.events,
    board: (s, v) => board(s, v.viewer),
    actionPlaces: (s, actions) => actions.map((a) => place(s, a)),
    publicAction: (s, action, v) => {
      // An IF order is written secretly (VII.C.3): the other seat learns only that one was written.
      if (action.startsWith('order ') && s.side !== v.viewer && !sc.rules.openOrders)
        return { kind: 'declare', label: 'an IF order is written', units: [], from: -1, to: -1, target: -1, combat: false };
      return place(s, action);
    },
    publicNarration: (s, v) =>
      s.events.filter(
        (e) =>
          !(s.side !== v.viewer && !sc.rules.openOrders && e.includes('ordered to fire indirectly')) &&
          // XI.B.1: only the Allied player knows which unit goes to which sea hex.
          !(v.viewer !== 0 && e.includes(OFFSHORE)),
      ),
  };
}
