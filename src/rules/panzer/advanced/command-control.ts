/**
 * Advanced Game grades and command control (5.8, 6.2, 6.3), the scenario switch "command-control". Each
 * side has a Force Grade (an initiative modifier, 6.3.2) and formations with a Formation Grade (the Command
 * Range, 6.2.1.1.2); each unit a Unit Grade (the bail out modifier, 6.5.2.6). A formation places at most
 * its Available Commands of unique commands (FIRE, MOVE, SHORT HALT, OVERWATCH) a turn: units of one
 * formation with the same command within Command Range of one another share one counter (6.2.1.1.3); a
 * command that would need one counter more than the formation has is not offered, and becomes N/C
 * (ruling PZ-R52).
 */
import type { Scenario } from '../scenario.js';
import { isLegOrTowed } from '../scenario.js';
import { alive, MOUNTED, NC, OVERWATCH, type State } from '../state.js';

/** The Command Range of formation f (6.2.1.1.2), by its Formation Grade. */
export function commandRange(sc: Scenario, f: number): number {
  return sc.adv!.commandControl!.commandRange.values[sc.formations[f]!.grade]!;
}

/** A combat unit (6.2.1.1): armed, or a leg or towed unit. */
function combatUnit(sc: Scenario, u: number): boolean {
  return sc.units[u]!.armed || isLegOrTowed(sc.units[u]!);
}

/**
 * 6.2.1.1: the active units of formation f: its combat units on the map and not aboard a carrier, and its
 * unarmed units within Command Range of one of them or carrying passengers, no more of those than combat units.
 */
export function activeUnits(sc: Scenario, state: State, f: number): number[] {
  const members = state.units.flatMap((u, i) => (sc.units[i]!.formation === f && alive(u) ? [i] : []));
  const combat = members.filter((i) => combatUnit(sc, i));
  const range = commandRange(sc, f);
  const grid = sc.map.grid;
  const unarmed = members.filter(
    (i) =>
      !combatUnit(sc, i) &&
      (state.units.some((p) => p.carrier === i && p.status === MOUNTED) ||
        combat.some((c) => grid.distance(state.units[c]!.hex, state.units[i]!.hex) <= range)),
  );
  return [...combat, ...unarmed.slice(0, combat.length)];
}

/**
 * 6.2.1.1.1: the Available Commands of formation f this turn: the Available Commands Table row of its
 * side's Force Grade read at its active units (each full 10 from the tens column, the rest from columns
 * 1-9), never less than 1.
 */
export function availableCommands(sc: Scenario, state: State, f: number): number {
  const row = sc.adv!.commandControl!.availableCommands.rows[sc.forceGrade[sc.formations[f]!.side]!]!;
  const n = activeUnits(sc, state, f).length;
  return Math.max(1, Math.floor(n / 10) * row[9]! + (n % 10 > 0 ? row[(n % 10) - 1]! : 0));
}

/**
 * 6.2.1.1.3: the unique command counters formation f needs for the commands its units hold (with unit u
 * given `cmd` if u >= 0): per command, one for each group of units within Command Range of one another;
 * an inactive unarmed unit takes a counter of its own.
 */
export function countersNeeded(sc: Scenario, state: State, f: number, u = -1, cmd = NC): number {
  return commandGroups(sc, state, f, u, cmd).length;
}

/**
 * 6.2.1.1.3: the unique command counters of formation f as groups of units (with unit u given `cmd` if
 * u >= 0): per command, the active units linked by Command Range share one; each inactive unarmed unit
 * holding one has its own.
 */
function commandGroups(sc: Scenario, state: State, f: number, u = -1, cmd = NC): number[][] {
  const active = new Set(activeUnits(sc, state, f));
  const range = commandRange(sc, f);
  const grid = sc.map.grid;
  const holders = new Map<number, number[]>();
  state.units.forEach((x, i) => {
    if (sc.units[i]!.formation !== f || !alive(x)) return;
    const c = i === u ? cmd : x.ordered ? x.cmd : NC;
    if (c === NC) return;
    holders.set(c, [...(holders.get(c) ?? []), i]);
  });
  const groups: number[][] = [];
  for (const units of holders.values()) {
    const sharing = units.filter((i) => active.has(i));
    for (const i of units) if (!active.has(i)) groups.push([i]);
    // Groups linked by Command Range (a union of units each within range of the next).
    const seen = new Set<number>();
    for (const start of sharing) {
      if (seen.has(start)) continue;
      const group = [start];
      const stack = [start];
      seen.add(start);
      while (stack.length > 0) {
        const a = stack.pop()!;
        for (const b of sharing)
          if (!seen.has(b) && grid.distance(state.units[a]!.hex, state.units[b]!.hex) <= range) {
            seen.add(b);
            stack.push(b);
            group.push(b);
          }
      }
      groups.push(group);
    }
  }
  return groups;
}

// --- Executing shared commands (6.2.1.1.4) -------------------------------------------------------------

/**
 * 6.2.1.1.4: the counter each unit shares once all commands are placed: the lowest unit of its group of two
 * or more units sharing one unique command counter, -1 for a unit with N/C or a counter of its own (ruling
 * PZ-R63: fixed when the Command Phase ends, as the counters lie on the map; the grouping is public, the
 * command under the counter is not).
 */
export function sharedCounters(sc: Scenario, state: State): number[] {
  const shared = state.units.map(() => -1);
  sc.formations.forEach((_, f) => {
    for (const g of commandGroups(sc, state, f)) {
      if (g.length < 2) continue;
      const lead = Math.min(...g);
      for (const i of g) shared[i] = lead;
    }
  });
  return shared;
}

/** The other units sharing unit u's command counter (none without the module or a shared counter). */
export function sharers(state: State, u: number): number[] {
  const lead = state.shared[u] ?? -1;
  if (lead < 0) return [];
  const out: number[] = [];
  state.shared.forEach((l, i) => {
    if (l === lead && i !== u) out.push(i);
  });
  return out;
}

/**
 * 6.2.1.1.4: whether unit u may fire at `target` as its shared command allows. FIRE and SHORT HALT: the
 * target within u's Command Range of every target its sharers have fired at this turn (measured target to
 * target). OVERWATCH: once a sharer has fired, only at the same target.
 */
export function sharedFireAllowed(sc: Scenario, state: State, u: number, target: number): boolean {
  const others = sharers(state, u);
  if (others.length === 0) return true;
  const range = commandRange(sc, sc.units[u]!.formation);
  const grid = sc.map.grid;
  const overwatch = state.units[u]!.cmd === OVERWATCH;
  for (const o of others) {
    const t = state.aimed[o]!;
    if (t < 0) continue;
    if (overwatch ? t !== target : grid.distance(state.units[t]!.hex, state.units[target]!.hex) > range) return false;
  }
  return true;
}

/**
 * 6.2.1.1.4: of the places `hexes` unit u might end its move at (-1 off the map), those that keep it within
 * Command Range of each sharer that has ended its move on the map. When none does (a slower unit cannot
 * catch up), the places that come closest (ruling PZ-R63: movement is adjusted to meet the range, never
 * blocked). Leaving the map is always allowed.
 */
export function sharedMoveFilter(sc: Scenario, state: State, u: number, hexes: readonly number[]): boolean[] {
  const done = sharers(state, u).filter((o) => state.units[o]!.moved && alive(state.units[o]!));
  if (done.length === 0) return hexes.map(() => true);
  const range = commandRange(sc, sc.units[u]!.formation);
  const grid = sc.map.grid;
  const excess = hexes.map((h) => (h < 0 ? 0 : Math.max(0, ...done.map((o) => grid.distance(h, state.units[o]!.hex) - range))));
  const best = Math.min(...excess);
  return excess.map((e) => e === best);
}

/** Whether unit u may be given `cmd` within its formation's Available Commands (N/C always). */
export function withinCommands(sc: Scenario, state: State, u: number, cmd: number): boolean {
  if (cmd === NC) return true;
  const f = sc.units[u]!.formation;
  return countersNeeded(sc, state, f, u, cmd) <= availableCommands(sc, state, f);
}

/** 6.3.2: the Force Grade initiative modifier of `seat` (0 without the module). */
export function initiativeModifier(sc: Scenario, seat: number): number {
  return sc.modules.commandControl ? sc.adv!.commandControl!.initiative.values[sc.forceGrade[seat]!]! : 0;
}

/** 6.5.2.6: the Unit Grade modifier to a bail out roll of unit u (0 without the module). */
export function bailOutGradeModifier(sc: Scenario, u: number): number {
  return sc.modules.commandControl ? sc.adv!.commandControl!.bailOut.values[sc.units[u]!.grade]! : 0;
}
