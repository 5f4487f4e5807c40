/**
 * What `tacsim play` shows besides the map, for any rules system, from the system-neutral BoardView and
 * ActionPlaces of its ui: the units with their factors, one unit or hex in full, the legal actions grouped so a
 * long list fits a screen, the numbers the player calls units by, and the computer's last search.
 */
import type { SearchReport } from '../../agents/mcts.js';
import { InputError } from '../core/errors.js';
import type { ActionPlace, BoardUnit, BoardView } from '../core/system.js';
import { engineUnitWords, shownUnitText } from '../core/typed-units.js';

/**
 * The numbers the player calls units by: the units the player may see, numbered in the order they were first
 * seen (at the start: the order of the scenario), so that a unit keeps its number for the whole session and
 * no gap in the numbers tells that unseen units exist. Without hidden units they are the engine's numbers.
 */
export class UnitNumbers {
  private readonly shownOf = new Map<number, number>();
  private readonly engineOf: number[] = [];

  /** Numbers the units of `board` not numbered yet. */
  see(board: BoardView): void {
    for (const u of board.units) {
      if (this.shownOf.has(u.unit)) continue;
      this.shownOf.set(u.unit, this.engineOf.length);
      this.engineOf.push(u.unit);
    }
  }

  /** The player's number of engine unit `unit`, or undefined when the player has never seen it. */
  shown(unit: number): number | undefined {
    return this.shownOf.get(unit);
  }

  /** The engine unit the player calls `n`; throws InputError when no unit has that number. */
  engine(n: number): number {
    const unit = this.engineOf[n];
    if (unit === undefined) throw new InputError(`there is no unit #${n} (0 to ${this.engineOf.length - 1}; see "units")`);
    return unit;
  }

  /** `text` with every "#N" (an engine unit number, as systems write them) in the player's numbers. */
  text(text: string): string {
    return shownUnitText(text, (unit) => this.shownOf.get(unit));
  }

  /**
   * A command's words with the unit numbers the player typed (a number of 1 to 3 digits, or #N, alone or in a
   * comma-separated group) as engine numbers; hex labels (4 or 6 digits) and other words stay as they are.
   */
  words(words: readonly string[]): string[] {
    return engineUnitWords(words, (n) => this.engine(n));
  }
}

const where = (board: BoardView, u: BoardUnit): string => (u.hex >= 0 ? (board.hexes[u.hex]?.label ?? '?') : u.where || 'off the map');

/** The units as a table, the viewer's side first: number, name, where, the counter's values, status. */
export function unitsTable(board: BoardView, numbers: UnitNumbers, sideNames: readonly string[], viewer: number): string[] {
  const lines: string[] = [];
  const seats = [viewer, ...sideNames.map((_, k) => k).filter((k) => k !== viewer)].filter((k) => k >= 0 && k < sideNames.length);
  for (const seat of seats) {
    lines.push(`${sideNames[seat]}${seat === viewer ? ' (you)' : ''}:`);
    const units = board.units.filter((u) => u.side === seat);
    if (units.length === 0) lines.push('  (none seen)');
    for (const u of units) {
      const n = numbers.shown(u.unit);
      lines.push(
        `  #${String(n ?? '?').padEnd(3)} ${numbers.text(u.name).slice(0, 26).padEnd(26)} ${where(board, u).slice(0, 14).padEnd(14)} ${u.values.padEnd(20)} ${u.markers.join(', ')}`.trimEnd(),
      );
    }
  }
  lines.push('Values as on the counter (fire-range, B bombard, AT anti-tank, -movement, [armour]); "info N" shows one unit in full.');
  return lines;
}

/** One unit in full: where, counter values, factors (movement points left while it moves), status. */
export function unitInfo(board: BoardView, numbers: UnitNumbers, unit: number, sideNames: readonly string[]): string[] {
  const u = board.units.find((x) => x.unit === unit);
  if (u === undefined) throw new InputError(`unit #${numbers.shown(unit) ?? '?'} is not one you can see now`);
  return [
    `#${numbers.shown(unit)} ${u.name} (${sideNames[u.side] ?? u.side}${u.leader ? ', leader' : `, ${u.type}`}${u.reduced ? ', reduced' : ''}) at ${where(board, u)}`,
    `  counter: ${u.values}`,
    `  ${numbers.text(u.details)}`,
    `  status: ${u.markers.length > 0 ? u.markers.join(', ') : 'none'}`,
  ];
}

/** One hex in full: terrain, elevation, markers, objective, and the units in it. */
export function hexInfo(board: BoardView, numbers: UnitNumbers, hex: number, sideNames: readonly string[]): string[] {
  const h = board.hexes[hex]!;
  const lines = [
    `${h.label}: ${h.terrain}${h.elevation !== 0 ? `, elevation ${h.elevation}` : ''}${h.markers.length > 0 ? `; ${h.markers.join(', ')}` : ''}`,
  ];
  const o = board.objectives.find((x) => x.hex === hex);
  if (o !== undefined) lines.push(`  objective, ${o.vp} VP, held by ${sideNames[o.controller] ?? 'nobody'}`);
  const units = board.units.filter((u) => u.hex === hex);
  if (units.length === 0) lines.push('  no units you can see');
  for (const u of units)
    lines.push(
      `  #${numbers.shown(u.unit)} ${u.name} (${sideNames[u.side] ?? u.side}) ${u.values}${u.markers.length ? `: ${u.markers.join(', ')}` : ''}`,
    );
  return lines;
}

/** How many actions a list may show in full before it is grouped. */
export const FULL_LIST = 20;

/** Numbers as short runs: 1, 13-16. */
function runs(ns: readonly number[]): string {
  const out: string[] = [];
  for (let k = 0; k < ns.length; ) {
    let e = k;
    while (e + 1 < ns.length && ns[e + 1] === ns[e]! + 1) e++;
    out.push(e === k ? String(ns[k]) : `${ns[k]}-${ns[e]}`);
    k = e + 1;
  }
  return out.join(', ');
}

/**
 * The legal actions as numbered lines (number = place in `labels` + 1): all of them when they are few; else
 * grouped: a kind with few actions in full, a larger one as one line per acting unit (moves, fire, assaults) or
 * per hex (activations, declarations...): its first action, how many more, and the command that lists them.
 */
export function actionMenu(
  labels: readonly string[],
  places: readonly ActionPlace[] | undefined,
  numbers: UnitNumbers,
  hexLabel: (h: number) => string,
): string[] {
  const line = (k: number): string => `  ${String(k + 1).padStart(3)}. ${labels[k]}`;
  if (labels.length <= FULL_LIST || places === undefined) return labels.map((_, k) => line(k));
  const byKind = new Map<string, number[]>();
  for (const [k, p] of places.entries()) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), k]);
  const out: string[] = [];
  for (const [kind, ks] of byKind) {
    if (ks.length <= 6) {
      for (const k of ks) out.push(line(k));
      continue;
    }
    out.push(`  ${kind}: ${ks.length} actions ("list ${kind}" lists them all)`);
    const perUnit = kind === 'move' || kind === 'fire' || kind === 'assault';
    const groups = new Map<string, number[]>();
    for (const k of ks) {
      const p = places[k]!;
      const u = p.units[0];
      const key = perUnit && u !== undefined ? `#${numbers.shown(u) ?? '?'}` : p.from >= 0 ? hexLabel(p.from) : '';
      groups.set(key, [...(groups.get(key) ?? []), k]);
    }
    for (const [key, gk] of groups) {
      if (gk.length === 1 || key === '') {
        for (const k of gk) out.push(line(k));
        continue;
      }
      const where = gk
        .slice(1)
        .map((k) => (places[k]!.to >= 0 ? places[k]!.to : places[k]!.target))
        .filter((h) => h >= 0)
        .map(hexLabel)
        // Facings of one destination are separate actions; the preview names each hex once.
        .filter((label, i, all) => all.indexOf(label) === i);
      const more = where.length > 0 ? ` to ${where.slice(0, 6).join(' ')}${where.length > 6 ? ' ...' : ''}` : '';
      out.push(`${line(gk[0]!)}   (+${gk.length - 1} more${more}: ${runs(gk.slice(1).map((k) => k + 1))}; "list ${key}")`);
    }
  }
  return out;
}

/** The actions `filter` names: a kind ("move", "fire"...), a unit ("#3", "3") or a hex ("0405": acting from it, moving or firing to it). */
export function filterActions(
  filter: string,
  places: readonly ActionPlace[],
  numbers: UnitNumbers,
  parseHex: (label: string) => number,
): number[] {
  const f = filter.toLowerCase();
  if (/^#?\d{1,3}$/.test(f)) {
    const unit = numbers.engine(Number(f.replace('#', '')));
    return places.flatMap((p, k) => (p.units.includes(unit) ? [k] : []));
  }
  const hex = /^\d{4}$|^\d{6}$/.test(f) ? parseHex(f) : -1;
  if (hex >= 0) return places.flatMap((p, k) => (p.from === hex || p.to === hex || p.target === hex ? [k] : []));
  const kinds = new Set(places.map((p) => p.kind));
  if (!kinds.has(f as ActionPlace['kind']))
    throw new InputError(`"${filter}" is neither a kind of action now (${[...kinds].join(', ')}), a unit number nor a hex`);
  return places.flatMap((p, k) => (p.kind === f ? [k] : []));
}

/**
 * The computer's last decision as its search weighed it (agents' SearchReport), or a line saying there is
 * none. `secret`: some of the computer's units are hidden from the player, so its candidates and expected
 * line (which would say where they are) are left out.
 */
export function whyText(search: SearchReport | undefined, describe: (key: string) => string, secret = false): string[] {
  if (search === undefined) return ['the computer has not searched yet (or its agent does not search: only mcts reports what it weighed)'];
  const lines = [
    `The computer's last decision: ${secret ? 'hidden from you' : describe(search.chosen)}, after ${search.iterations} iterations in ${(search.elapsedMs / 1000).toFixed(1)} s${search.reused ? `, on top of ${search.reused} carried over from its decision before` : ''}.`,
  ];
  if (secret) {
    lines.push('  (its candidates are not shown while some of its units or decisions are hidden from you)');
    return lines;
  }
  if (search.top.length > 0) {
    lines.push(
      '  visits  value  bound  prior  candidate (value: mean result for the computer, -1 loss .. +1 win; bound: the lower bound it chose by)',
    );
    const num = (x: number | undefined) => (x === undefined ? '    -' : ((x >= 0 ? '+' : '') + x.toFixed(2)).padStart(5));
    for (const c of search.top.slice(0, 8))
      lines.push(
        `  ${String(c.visits).padStart(6)}  ${num(c.mean)}  ${num(c.bound)}  ${c.prior !== undefined ? c.prior.toFixed(2).padStart(5) : '    -'}  ${describe(c.key)}`,
      );
  }
  if (search.line !== undefined && search.line.length > 0)
    lines.push(`  expected line: ${search.line.map((step) => `${step.afterDice ? '(dice) ' : ''}${step.description}`).join(' -> ')}`);
  return lines;
}
