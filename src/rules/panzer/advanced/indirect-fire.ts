/**
 * Advanced Game indirect fire (5.9.4, 6.5.1), the scenario switch "indirect-fire". The Indirect Fire Step
 * opens the Combat Phase, the First Player's then the Second's (6.5.1): results are applied at once, so the
 * Second Player's step sees the First Player's. Observers (FO, Command, Recon units with an OVERWATCH
 * command, 6.5.1.1) call fire from off-map batteries and on-map units with a GP-IF row onto a spotted enemy
 * (6.5.1.7); each firing source rolls for Response (6.5.1.12); the SHEAF's hexes are attacked unit by unit
 * as GP fire (6.5.1.13, 6.5.4). Missions continue, are adjusted or checked next turn (6.5.1.8, 6.5.1.9);
 * Danger Close calls check the turn after (6.5.1.10). Planned fire (6.5.1.11) is plotted secretly at the
 * start and arrives on its turn with no observer or response roll. Smoke missions are built in smoke.ts: a call or adjustment may be GP or Smoke (6.5.1.6.1; Illumination is not offered, PZ-R73).
 *
 * Actions: `i:OBS:SRC:HEX:SHEAF[:s]` call (SRC `b<battery>` or `u<unit>`; `:s` Smoke), `j:M` continue mission M
 * (`j:M:x` switching GP and Smoke), `y:M:HEX:SHEAF[:s]` adjust it, `F:B` announce battery B's Planned mission now (6.5.1.11.2), `done` end the step (missions
 * neither continued nor adjusted are checked), `P:B:K` plot plan K of battery B. SHEAF codes: S single hex (on-map), C Closed, O Open, L0..L5 Closed Linear in direction N..NW.
 */
import type { Rng } from '../../../core/game.js';
import { movingShown, smokeOnLine, spots } from '../rules.js';
import { FACINGS, type Plan, type Scenario } from '../scenario.js';
import { alive, FIRE, MOUNTED, type Mission, OVERWATCH, SPOT_FIRE, type State, withUnit } from '../state.js';
import { commandRange } from './command-control.js';
import { type GpFigures, gpDefense, gpTargetModifier, gpThresholds } from './gp-fire.js';
import { fireDamaged } from './hit-locations.js';
import { inSheaf, landSmoke, smokeCloudsOnLine } from './smoke.js';
import { applyGpAttack } from './suppression.js';
import { passengersOf } from './transport.js';

type Log = string[] | null;
type Namer = (sc: Scenario, u: number) => string;

/** The Medium band: Planned fire is always at M range (6.5.1.13). */
const PLANNED_BAND = 2;

/** Off-map SHEAFs (6.5.1.5): Closed, Open, Closed Linear in each of the six directions. */
export const OFF_MAP_SHEAFS = ['C', 'O', 'L0', 'L1', 'L2', 'L3', 'L4', 'L5'] as const;

/** The SHEAF code of a scenario's plan SHEAF name. */
export function sheafCode(name: string): string {
  if (name === 'single') return 'S';
  if (name === 'closed') return 'C';
  if (name === 'open') return 'O';
  return `L${FACINGS.indexOf(name.slice('linear-'.length) as never)}`;
}

/** A SHEAF code in words. */
export function sheafName(code: string): string {
  if (code === 'S') return 'single-hex';
  if (code === 'C') return 'Closed';
  if (code === 'O') return 'Open';
  return `Closed Linear ${FACINGS[Number(code.slice(1))]}`;
}

/**
 * 6.5.1.5: the hexes a SHEAF covers: the Target Point alone (on-map fire); every hex within 1 (Closed) or 2
 * (Open); the Target Point and 6 hexes out in a straight line (Closed Linear), stopping at the map edge.
 */
export function sheafHexes(sc: Scenario, tp: number, code: string): number[] {
  const grid = sc.map.grid;
  if (code === 'S') return [tp];
  if (code[0] === 'L') {
    const d = Number(code.slice(1));
    const out = [tp];
    for (let h = grid.neighbour(tp, d), k = 0; h >= 0 && k < 6; h = grid.neighbour(h, d), k++) out.push(h);
    return out;
  }
  const r = code === 'O' ? 2 : 1;
  const out = [tp];
  const seen = new Set([tp]);
  let ring = [tp];
  for (let k = 0; k < r; k++) {
    const next: number[] = [];
    for (const h of ring)
      for (let d = 0; d < 6; d++) {
        const n = grid.neighbour(h, d);
        if (n >= 0 && !seen.has(n)) {
          seen.add(n);
          next.push(n);
          out.push(n);
        }
      }
    ring = next;
  }
  return out;
}

/** The name of a mission's firing source. */
export function sourceName(sc: Scenario, m: Pick<Mission, 'battery' | 'unit'>, name: Namer): string {
  return m.battery >= 0 ? `${sc.batteries[m.battery]!.name} (off-map)` : name(sc, m.unit);
}

// --- Who may fire, who may call (6.5.1, 6.5.1.1, 6.5.1.7) ----------------------------------------------

/** 6.5.1.1.1-6.5.1.1.3: the distinct sources an observer may call: US FOs 4, other FOs 2, Command and Recon observers 1. */
export function observerCapacity(sc: Scenario, o: number): number {
  const d = sc.units[o]!;
  if (d.observer !== 'fo') return 1;
  return d.nation === 'usa' || d.nation === 'us' ? 4 : 2;
}

/** 6.5.1.11.1: the window of battery b's Planned mission once it has arrived, to the turn of rest after it; null none. */
function planWindow(sc: Scenario, state: State, b: number): { from: number; last: number; rest: number } | null {
  const k = state.plots[b]!;
  const from = state.plotStart[b]!;
  if (k < 0 || from < 0) return null;
  const p = sc.batteries[b]!.plans[k]!;
  return { from, last: from + p.duration - 1, rest: from + p.duration };
}

/** 6.5.1.11.2: battery b's plotted mission has not arrived and may be announced now (a turn early, or on its turn). */
export function planMayArrive(sc: Scenario, state: State, b: number): boolean {
  const k = state.plots[b]!;
  if (k < 0 || state.plotStart[b]! >= 0 || state.batteryTurn[b] === state.turn) return false;
  const t = sc.batteries[b]!.plans[k]!.turn;
  return state.turn >= t - 1 && state.turn <= t;
}

/**
 * Whether off-map battery b may answer a call now: it has not fired (or failed to respond) this turn
 * (6.5.1.7), is not in its Planned mission (once arrived) or the turn of rest after it (6.5.1.11.1), and has no Called
 * mission still waiting to be continued or checked (6.5.1.9).
 */
export function batteryFree(sc: Scenario, state: State, b: number): boolean {
  if (state.batteryTurn[b] === state.turn) return false;
  const w = planWindow(sc, state, b);
  if (w !== null && state.turn >= w.from && state.turn <= w.rest) return false;
  return !state.missions.some((m) => m.battery === b && !m.planned);
}

/** Whether a unit is kept out of indirect fire this turn: it observed or fired a checked mission (6.5.1.9). */
function blocked(state: State, u: number): boolean {
  return state.calls.some((c) => c.observer === u && c.hex < 0);
}

/** Whether on-map unit u may fire indirect now: a GP-IF row, a FIRE command not yet executed (6.5.1), no mission of its own. */
export function onMapFree(sc: Scenario, state: State, u: number): boolean {
  const x = state.units[u]!;
  return (
    sc.units[u]!.indirect !== null &&
    alive(x) &&
    x.ordered &&
    x.cmd === FIRE &&
    !x.fired &&
    !blocked(state, u) &&
    !state.missions.some((m) => m.unit === u)
  );
}

/** Whether unit u is an observer this turn (6.5.1: it may then do no other Overwatch action). */
export function observing(state: State, u: number): boolean {
  return state.calls.some((c) => c.observer === u);
}

/** 4.2.2 with 6.5.1: a unit with a GP-IF row may take FIRE when a spotted enemy is within its indirect range. */
export function hasIndirectTarget(sc: Scenario, state: State, u: number): boolean {
  const row = sc.units[u]!.indirect;
  if (!sc.modules.indirectFire || row === null) return false;
  const me = state.units[u]!;
  return state.units.some((t, i) => {
    if (!alive(t) || !t.spotted || sc.units[i]!.side === sc.units[u]!.side) return false;
    const r = sc.map.grid.distance(me.hex, t.hex);
    return r >= row.minRange && r <= row.range[4]!;
  });
}

/** A source: an off-map battery (`b<k>`) or an on-map unit (`u<k>`). */
export interface Source {
  readonly battery: number;
  readonly unit: number;
}

/** A source from its action code. */
export function parseSource(code: string): Source {
  const n = Number(code.slice(1));
  return code[0] === 'b' ? { battery: n, unit: -1 } : { battery: -1, unit: n };
}

/** The range a source fires at (6.5.1.13): off-map from the observer; on-map the greater of firer and observer to the Target Point. */
function fireRange(sc: Scenario, state: State, src: Source, observer: number, tp: number): number {
  const grid = sc.map.grid;
  const fromObs = grid.distance(state.units[observer]!.hex, tp);
  return src.battery >= 0 ? fromObs : Math.max(fromObs, grid.distance(state.units[src.unit]!.hex, tp));
}

/**
 * Whether `src` may fire at Target Point tp for `observer`: the range within the firer's minimum and
 * maximum (6.5.1.13); an on-map firer may not fire indirect at targets it spots itself (6.5.1).
 */
function sourceReaches(sc: Scenario, state: State, src: Source, observer: number, tp: number): boolean {
  if (!mayCall(sc, src, observer)) return false;
  const row = src.battery >= 0 ? sc.batteries[src.battery]!.indirect : sc.units[src.unit]!.indirect!;
  const r = fireRange(sc, state, src, observer, tp);
  if (r < row.minRange || r > row.range[4]!) return false;
  if (src.unit >= 0) return !state.units.some((t, i) => alive(t) && t.hex === tp && spots(sc, state, src.unit, i));
  return true;
}

/**
 * 6.5.1.1.2, 6.5.1.1.3: Soviet Command and Recon observers call only Attached sources (off-map batteries
 * and on-map units); Soviet FOs and every other nation's observers call any.
 */
export function mayCall(sc: Scenario, src: Source, observer: number): boolean {
  const d = sc.units[observer]!;
  if (d.observer === 'fo' || (d.nation !== 'soviet' && d.nation !== 'russian')) return true;
  return attachment(sc, src, observer) === 'attached';
}

/** 6.5.1.7: hexes of enemy units observer o spots now (the Target Point goes on a spotted target). */
function targetHexes(sc: Scenario, state: State, o: number): number[] {
  const out = new Set<number>();
  state.units.forEach((t, i) => {
    if (alive(t) && sc.units[i]!.side !== sc.units[o]!.side && spots(sc, state, o, i)) out.add(t.hex);
  });
  return [...out].sort((a, b) => a - b);
}

/** Whether o may observe now: an observer label, alive, holding OVERWATCH (6.5.1), not kept out by a check (6.5.1.9). */
function observerReady(sc: Scenario, state: State, o: number): boolean {
  const x = state.units[o]!;
  return sc.units[o]!.observer !== null && alive(x) && x.ordered && x.cmd === OVERWATCH && !blocked(state, o);
}

/**
 * 6.5.1.1.4: how many distinct sources of indirect fire the sources called (action codes) are: two on-map
 * units within Command Range of one another (with command control; the smaller of their formations'
 * ranges) count as one.
 */
export function distinctSources(sc: Scenario, state: State, codes: readonly string[]): number {
  const grid = sc.map.grid;
  const onMap: number[] = [];
  let n = 0;
  for (const c of codes) {
    if (c[0] !== 'u') {
      n++;
      continue;
    }
    const u = Number(c.slice(1));
    const joins =
      sc.modules.commandControl &&
      onMap.some(
        (v) =>
          grid.distance(state.units[u]!.hex, state.units[v]!.hex) <=
          Math.min(commandRange(sc, sc.units[u]!.formation), commandRange(sc, sc.units[v]!.formation)),
      );
    onMap.push(u);
    if (!joins) n++;
  }
  return n;
}

/** The sources `seat` may call now, as action codes. */
function freeSources(sc: Scenario, state: State, seat: number): string[] {
  const out: string[] = [];
  sc.batteries.forEach((b, k) => {
    if (b.side === seat && batteryFree(sc, state, k)) out.push(`b${k}`);
  });
  state.units.forEach((_, i) => {
    if (sc.units[i]!.side === seat && onMapFree(sc, state, i)) out.push(`u${i}`);
  });
  return out;
}

/** Missions of `seat` from an earlier turn, still to be continued, adjusted or checked this step (6.5.1.8). */
function waiting(state: State, seat: number): number[] {
  const out: number[] = [];
  state.missions.forEach((m, k) => {
    if (m.side === seat && !m.planned && m.turn < state.turn) out.push(k);
  });
  return out;
}

/** Whether the source of mission m may fire again now. */
function missionSourceFree(state: State, m: Mission): boolean {
  if (m.battery >= 0) return state.batteryTurn[m.battery] !== state.turn;
  const x = state.units[m.unit]!;
  return alive(x) && x.ordered && x.cmd === FIRE && !x.fired;
}

/** The legal actions of `seat` in its Indirect Fire Step. */
export function indirectActions(sc: Scenario, state: State, seat: number): string[] {
  const out: string[] = [];
  const grid = sc.map.grid;
  const adjust = sc.adv!.indirectFire!.adjustCalled.value;
  // 6.5.1.11.2: a Planned mission may be announced a turn before its plotted turn, or on it.
  sc.batteries.forEach((b, k) => {
    if (b.side === seat && planMayArrive(sc, state, k)) out.push(`F:${k}`);
  });
  // 6.5.1.8: continue or adjust the missions called on earlier turns.
  for (const k of waiting(state, seat)) {
    const m = state.missions[k]!;
    if (!missionSourceFree(state, m)) continue;
    const src: Source = { battery: m.battery, unit: m.unit };
    // 6.5.1.8.1: continuous while a spotted target is in or next to the Target Point.
    const near = state.units.some(
      (t, i) => alive(t) && sc.units[i]!.side !== seat && grid.distance(t.hex, m.hex) <= 1 && spots(sc, state, m.observer, i),
    );
    if (near && sourceReaches(sc, state, src, m.observer, m.hex)) {
      out.push(`j:${k}`);
      // 6.5.1.8.1: the type may change freely between GP and Smoke when continued.
      out.push(`j:${k}:x`);
    }
    // 6.5.1.8.2: adjusted up to 3 hexes onto a spotted target; the SHEAF may change.
    for (const h of targetHexes(sc, state, m.observer)) {
      if (grid.distance(h, m.hex) > adjust || !sourceReaches(sc, state, src, m.observer, h)) continue;
      for (const sh of m.battery >= 0 ? OFF_MAP_SHEAFS : ['S']) out.push(`y:${k}:${h}:${sh}`, `y:${k}:${h}:${sh}:s`);
    }
  }
  // 6.5.1.1, 6.5.1.7: new calls.
  const sources = freeSources(sc, state, seat);
  if (sources.length > 0)
    state.units.forEach((_, o) => {
      if (sc.units[o]!.side !== seat || !observerReady(sc, state, o)) return;
      // 6.5.1.9: an observer with a mission waiting must check it before calling a new one.
      if (state.missions.some((m) => m.observer === o && m.turn < state.turn)) return;
      const mine = state.calls.filter((c) => c.observer === o);
      const called = mine.map((c) => c.source);
      const capacity = observerCapacity(sc, o);
      // 6.5.1.1: an observer calls fire to a single target hex.
      const hexes = mine.length > 0 ? [mine[0]!.hex] : targetHexes(sc, state, o);
      for (const s of sources) {
        if (distinctSources(sc, state, [...called, s]) > capacity) continue;
        const src = parseSource(s);
        for (const h of hexes) {
          if (!sourceReaches(sc, state, src, o, h)) continue;
          // 6.5.1.6.1: GP or Smoke, in any of the SHEAFs.
          for (const sh of src.battery >= 0 ? OFF_MAP_SHEAFS : ['S']) out.push(`i:${o}:${s}:${h}:${sh}`, `i:${o}:${s}:${h}:${sh}:s`);
        }
      }
    });
  out.push('done');
  return out;
}

// --- Response (6.5.1.12) ----------------------------------------------------------------------------

/** 6.5.1.3: the Attachment Level of a source to the observer's formation. */
export function attachment(sc: Scenario, src: Source, observer: number): 'attached' | 'organic' | 'unattached' {
  const f = sc.units[observer]!.formation;
  if (src.battery >= 0) {
    const b = sc.batteries[src.battery]!;
    // 6.5.1.3.2: an Organic battery serves its whole force; 6.5.1.3.3: Attached ones are Unattached to other formations.
    return b.formation < 0 ? 'organic' : b.formation === f ? 'attached' : 'unattached';
  }
  // 6.5.1.3.1: on-map units are Attached to their own formation only.
  return sc.units[src.unit]!.formation === f ? 'attached' : 'unattached';
}

/** 6.5.1.12: the Fire Response Factor: the observer's row by the source's Attachment Level (designed table). */
export function responseFactor(sc: Scenario, src: Source, observer: number): number {
  const t = sc.adv!.indirectFire!.response;
  const kind = sc.units[observer]!.observer!;
  const row = kind === 'fo' ? t.fo : kind === 'recon' ? t.recon : t.command;
  return row[attachment(sc, src, observer)].value;
}

/** Hexes a line from a to b passes through, both ends included (for what hinders it, 6.5.1.12.1). */
function lineHexes(sc: Scenario, a: number, b: number): Set<number> {
  const [left, right] = sc.map.grid.linePaths(a, b);
  const out = new Set<number>([a, b]);
  for (const h of [...left, ...right]) if (h >= 0) out.add(h);
  return out;
}

/**
 * 6.5.1.12.1: the response modifiers: Pre-Registered Point +2 (the battery's own), Command Recon observer
 * +1, adjusted +1, observer suppressed -2, observer's turret damaged -2, -1 for each brew-up smoke and each
 * barrage impacting this turn on the observer's line to the Target Point, and the observer's grade.
 */
export function responseModifier(sc: Scenario, state: State, src: Source, observer: number, tp: number, adjusted: boolean): number {
  const c = sc.adv!.indirectFire!;
  const m = c.modifiers;
  const o = state.units[observer]!;
  let mod = c.grade.values[sc.units[observer]!.grade]!;
  if (src.battery >= 0 && sc.batteries[src.battery]!.preRegistered.includes(tp)) mod += m.preRegistered.value;
  if (sc.units[observer]!.observer === 'command-recon') mod += m.commandRecon.value;
  if (adjusted) mod += m.adjusted.value;
  if (o.sup !== 0) mod += m.observerSuppressed.value;
  if (fireDamaged(sc, o)) mod += m.observerDamaged.value;
  const line = lineHexes(sc, o.hex, tp);
  let hindrances = smokeOnLine(sc, state, o.hex, tp) + smokeCloudsOnLine(sc, state, o.hex, tp);
  for (const x of state.missions)
    if (x.turn === state.turn && !x.smoke && sheafHexes(sc, x.hex, x.sheaf).some((h) => line.has(h))) hindrances++;
  return mod + hindrances * m.hindered.value;
}

/** 6.5.1.10: spotted units of `side` within the Danger Close distance of hex tp, nearest first. */
function spottedFriendsNear(sc: Scenario, state: State, side: number, tp: number): number[] {
  const grid = sc.map.grid;
  const r = sc.adv!.indirectFire!.dangerClose.value;
  return state.units
    .map((u, i) => ({ u, i }))
    .filter(({ u, i }) => alive(u) && u.spotted && sc.units[i]!.side === side && grid.distance(u.hex, tp) <= r)
    .sort((a, b) => grid.distance(a.u.hex, tp) - grid.distance(b.u.hex, tp) || a.i - b.i)
    .map(({ i }) => i);
}

// --- Resolution (6.5.1.13) --------------------------------------------------------------------------

/** The band and GP factor of a GP-IF row at a range (the first R at or above it, 6.5.4.1). */
function ifBand(row: { range: readonly number[] }, range: number): number {
  const b = row.range.findIndex((r) => range <= r);
  return b < 0 ? 4 : b;
}

/**
 * 6.5.1.13 with 6.5.4: the figures of an indirect GP attack on `target`: the GP-IF factor at the band, the
 * target's GP Defense and the modifiers that come from the target (firer modifiers have no place: the
 * firer does not see it, and its position and terrain have no impact, 6.5.1).
 */
export function indirectFigures(
  sc: Scenario,
  state: State,
  target: number,
  factor: number,
  effectiveness: number,
  band: number,
  inBarrage = false,
): GpFigures {
  // 6.6.6: a vehicle moving within a Barrage takes no Target Vehicle Moving modifier.
  const moving = !inBarrage && movingShown(state.units[target]!);
  const d = gpDefense(sc, state, target, moving);
  const [n, s] = gpThresholds(sc, factor, d.value);
  return {
    factor,
    smallArms: false,
    effectiveness,
    gpd: d.value,
    type: d.type,
    modifier: gpTargetModifier(sc, state, target, d.type, moving),
    n,
    s,
    band,
  };
}

/** Units attacked by a SHEAF: every ground unit in its hexes, friend or foe, passengers too (6.5.1, 6.5.4.2.3). */
export function unitsUnder(state: State, hexes: readonly number[]): number[] {
  const set = new Set(hexes);
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if ((alive(u) || u.status === MOUNTED) && set.has(u.hex)) out.push(i);
  });
  return out;
}

/** 6.5.1.13: the fire of one source lands: each unit in the SHEAF is attacked individually as GP fire (6.5.4). */
function land(sc: Scenario, state: State, m: Mission, band: number, rng: Rng, log: Log, name: Namer): State {
  const row = m.battery >= 0 ? sc.batteries[m.battery]!.indirect : sc.units[m.unit]!.indirect!;
  const factor = row.factor[band]!;
  const hexes = sheafHexes(sc, m.hex, m.sheaf);
  if (m.smoke) {
    log?.push(`${sourceName(sc, m, name)} Called smoke lands on ${sc.map.grid.label(m.hex)} (${sheafName(m.sheaf)} SHEAF)`);
    return landSmoke(sc, state, m, hexes, rng, log, hexes.map((h) => sc.map.grid.label(h)).join(' '));
  }
  log?.push(
    `${sourceName(sc, m, name)} ${m.planned ? 'Planned' : 'Called'} fire lands on ${sc.map.grid.label(m.hex)} (${sheafName(m.sheaf)} SHEAF, band ${'PSMLE'[band]}, GP ${factor})`,
  );
  let s = state;
  for (const t of unitsUnder(state, hexes)) {
    if (!(alive(s.units[t]!) || s.units[t]!.status === MOUNTED)) continue;
    s = { ...s, units: withUnit(s.units, t, { underFire: true }) };
    const fig = indirectFigures(sc, s, t, factor, row.effectiveness, band);
    s = applyGpAttack(sc, s, t, fig, `  indirect fire`, false, rng, log, name);
  }
  return s;
}

/** The band a mission's fire lands at: a Planned fire's, else by the range from its source or observer (6.5.1.13). */
function missionBand(sc: Scenario, state: State, m: Mission): number {
  return m.planned ? PLANNED_BAND : ifBand(rowOf(sc, m), fireRange(sc, state, m, m.observer, m.hex));
}

/**
 * 6.6.6 Barrage Movement: a unit that moves into a hex of a GP mission's SHEAF is attacked at once by that
 * source (its passengers with it, 6.5.4.2.3), once per move however many of its hexes it enters: bit k of
 * `state.barrageHits` is set once mission k has attacked this move. A vehicle moving within a Barrage takes no
 * Target Vehicle Moving modifier. Smoke missions attack nobody (6.5.1.6.1).
 */
export function barrageOnEntry(sc: Scenario, state: State, mover: number, hex: number, rng: Rng, log: Log, name: Namer): State {
  if (state.missions.length === 0) return state;
  let s = state;
  for (let k = 0; k < state.missions.length && k < 31; k++) {
    const m = state.missions[k]!;
    if (m.smoke || (s.barrageHits & (1 << k)) !== 0 || !inSheaf(sc, hex, m.hex, m.sheaf)) continue;
    s = { ...s, barrageHits: s.barrageHits | (1 << k) };
    const band = missionBand(sc, s, m);
    const row = rowOf(sc, m);
    const factor = row.factor[band]!;
    log?.push(`${name(sc, mover)} moves into the Barrage of ${sourceName(sc, m, name)} at ${sc.map.grid.label(hex)} (GP ${factor})`);
    for (const t of [mover, ...passengersOf(s, mover)]) {
      if (!(alive(s.units[t]!) || s.units[t]!.status === MOUNTED)) continue;
      s = { ...s, units: withUnit(s.units, t, { underFire: true }) };
      const fig = indirectFigures(sc, s, t, factor, row.effectiveness, band, true);
      s = applyGpAttack(sc, s, t, fig, '  barrage', false, rng, log, name);
    }
  }
  return s;
}

/** Marks a source as having fired (or failed to respond) this turn: a battery's turn; an on-map unit fired, SPOT/FIRE when it fired (6.5.1). */
function markSource(state: State, src: Source, responded: boolean): State {
  if (src.battery >= 0) {
    const batteryTurn = state.batteryTurn.slice();
    batteryTurn[src.battery] = state.turn;
    return { ...state, batteryTurn };
  }
  const change = responded ? { fired: true, shown: true, mark: SPOT_FIRE } : { fired: true, shown: true };
  return { ...state, units: withUnit(state.units, src.unit, change) };
}

/**
 * A call or an adjustment (6.5.1.7, 6.5.1.8.2): the source rolls for Response (6.5.1.12): roll(10) plus the
 * modifiers at or above the Response Factor responds. An unmodified 1 is Danger Close when spotted friendly
 * units are within 5 hexes: the fire lands on the nearest of them (ruling PZ-R56); otherwise it fails.
 * A mission that responds lands at once and stays on the map; Danger Close when friendly units were spotted
 * within 5 hexes of the Target Point (6.5.1.10).
 */
function callFire(
  sc: Scenario,
  state: State,
  observer: number,
  src: Source,
  tp: number,
  sheaf: string,
  adjusted: boolean,
  smoke: boolean,
  rng: Rng,
  log: Log,
  name: Namer,
): State {
  const side = sc.units[observer]!.side;
  const rf = responseFactor(sc, src, observer);
  const mod = responseModifier(sc, state, src, observer, tp, adjusted);
  const roll = rng.int(10) + 1;
  const friends = spottedFriendsNear(sc, state, side, tp);
  let hex = tp;
  let responds = roll + mod >= rf;
  let why = `rolled ${roll}${mod >= 0 ? '+' : ''}${mod} against Response ${rf}`;
  if (roll === 1) {
    responds = friends.length > 0;
    if (responds) hex = state.units[friends[0]!]!.hex;
    why = `rolled an unmodified 1: ${responds ? `Danger Close, the fire falls on ${sc.map.grid.label(hex)}` : 'no response'}`;
  }
  log?.push(
    `${name(sc, observer)} ${adjusted ? 'adjusts' : 'calls'} ${sourceName(sc, src, name)} onto ${sc.map.grid.label(tp)} (${sheafName(sheaf)} SHEAF): ${why}${roll === 1 ? '' : responds ? ': fire responds' : ': no response'}`,
  );
  const source = src.battery >= 0 ? `b${src.battery}` : `u${src.unit}`;
  let s: State = { ...state, calls: [...state.calls, { observer, hex: tp, source }] };
  s = markSource(s, src, responds);
  if (!responds) return s;
  const m: Mission = {
    side,
    observer,
    battery: src.battery,
    unit: src.unit,
    hex,
    sheaf,
    planned: false,
    dangerClose: friends.length > 0,
    turn: state.turn,
    ...(smoke ? { smoke: true } : {}),
  };
  s = { ...s, missions: [...s.missions, m] };
  return land(sc, s, m, ifBand(rowOf(sc, src), fireRange(sc, state, src, observer, hex)), rng, log, name);
}

function rowOf(sc: Scenario, src: Source) {
  return src.battery >= 0 ? sc.batteries[src.battery]!.indirect : sc.units[src.unit]!.indirect!;
}

/** Applies an Indirect Fire Step action (`i`, `j`, `y`, `done`) of the seat whose step it is. */
export function applyIndirect(sc: Scenario, state: State, action: string, rng: Rng, log: Log, name: Namer): State {
  const p = action.split(':');
  if (p[0] === 'F') return arrive(sc, state, Number(p[1]), rng, log, name);
  if (p[0] === 'i') return callFire(sc, state, Number(p[1]), parseSource(p[2]!), Number(p[3]), p[4]!, false, p[5] === 's', rng, log, name);
  if (p[0] === 'y' || p[0] === 'j') {
    const k = Number(p[1]);
    const m = state.missions[k]!;
    const rest: State = { ...state, missions: state.missions.filter((_, x) => x !== k) };
    const src: Source = { battery: m.battery, unit: m.unit };
    if (p[0] === 'y') return callFire(sc, rest, m.observer, src, Number(p[2]), p[3]!, true, p[4] === 's', rng, log, name);
    // 6.5.1.8.1: continuous fire: no response roll, never Danger Close; `x` switches GP and Smoke.
    const smoke = p[2] === 'x' ? !m.smoke : m.smoke === true;
    const { smoke: _was, ...base } = m;
    const again: Mission = { ...base, turn: state.turn, dangerClose: false, ...(smoke ? { smoke: true } : {}) };
    log?.push(
      `${name(sc, m.observer)} continues the fire of ${sourceName(sc, m, name)} on ${sc.map.grid.label(m.hex)}${p[2] === 'x' ? (smoke ? ', now Smoke' : ', now GP') : ''}`,
    );
    let s: State = {
      ...rest,
      missions: [...rest.missions, again],
      calls: [...rest.calls, { observer: m.observer, hex: m.hex, source: m.battery >= 0 ? `b${m.battery}` : `u${m.unit}` }],
    };
    s = markSource(s, src, true);
    return land(sc, s, again, ifBand(rowOf(sc, src), fireRange(sc, state, src, m.observer, m.hex)), rng, log, name);
  }
  return closeStep(sc, state, log, name);
}

/** 6.5.1.9: a Called mission is checked: it comes off the map; its observer and firer take no other indirect fire part this turn. */
function check(state: State, k: number): State {
  const m = state.missions[k]!;
  const calls = [...state.calls, { observer: m.observer, hex: -1, source: '' }];
  if (m.unit >= 0) calls.push({ observer: m.unit, hex: -1, source: '' });
  const batteryTurn = state.batteryTurn.slice();
  if (m.battery >= 0) batteryTurn[m.battery] = state.turn;
  return { ...state, missions: state.missions.filter((_, x) => x !== k), calls, batteryTurn };
}

/**
 * The opening of `seat`'s Indirect Fire Step: Called missions no longer observed (observer gone, not on
 * OVERWATCH, the Target Point out of its line of sight) or Danger Close last turn check at once (6.5.1.9,
 * 6.5.1.10); then its Planned missions due this turn land (6.5.1.11).
 */
export function openStep(sc: Scenario, state: State, rng: Rng, log: Log, name: Namer): State {
  const seat = state.stepSeat;
  let s: State = { ...state, ifOpen: true };
  for (let k = s.missions.length - 1; k >= 0; k--) {
    const m = s.missions[k]!;
    if (m.side !== seat || m.planned || m.turn >= s.turn) continue;
    const o = s.units[m.observer]!;
    const why = !alive(o)
      ? 'its observer is gone'
      : !(o.ordered && o.cmd === OVERWATCH)
        ? 'its observer is not on OVERWATCH'
        : !sc.map.hasLos(o.hex, m.hex)
          ? 'its observer no longer sees the Target Point'
          : m.dangerClose
            ? 'it was Danger Close'
            : '';
    if (why === '') continue;
    log?.push(`The fire of ${sourceName(sc, m, name)} on ${sc.map.grid.label(m.hex)} checks: ${why}`);
    s = check(s, k);
  }
  // 6.5.1.11: Planned missions keep firing for their duration once arrived; one not announced by the turn
  // after its plotted turn arrives then (6.5.1.11.2).
  for (let b = 0; b < sc.batteries.length; b++) {
    if (sc.batteries[b]!.side !== seat || s.plots[b]! < 0) continue;
    const plan = sc.batteries[b]!.plans[s.plots[b]!]!;
    if (s.plotStart[b]! < 0) {
      if (s.turn > plan.turn) s = arrive(sc, s, b, rng, log, name);
      continue;
    }
    const w = planWindow(sc, s, b)!;
    if (s.turn <= w.last) {
      // 6.5.1.11.3: each turn lands on the Target Point its plot gives for that turn (no Danger Close).
      const to = plan.hexes[s.turn - w.from]!;
      const was = s.missions.find((m) => m.planned && m.battery === b);
      if (was !== undefined && was.hex !== to)
        log?.push(
          `${sc.batteries[b]!.name}: its Planned fire shifts from ${sc.map.grid.label(was.hex)} to ${sc.map.grid.label(to)}, as plotted`,
        );
      s = placePlanned(s, b, plan, to);
      s = land(sc, s, s.missions.at(-1)!, PLANNED_BAND, rng, log, name);
    } else if (s.missions.some((m) => m.planned && m.battery === b)) {
      log?.push(`${sc.batteries[b]!.name}: its Planned mission is over; the battery rests a turn`);
      s = { ...s, missions: s.missions.filter((m) => !(m.planned && m.battery === b)) };
    }
  }
  return s;
}

/** The Planned mission of battery b placed on the map for this turn (replacing last turn's), the battery marked as fired. */
function placePlanned(state: State, b: number, plan: Plan, hex = plan.hex): State {
  const m: Mission = {
    side: state.stepSeat,
    observer: -1,
    battery: b,
    unit: -1,
    hex,
    sheaf: sheafCode(plan.sheaf),
    planned: true,
    dangerClose: false,
    turn: state.turn,
  };
  const missions = [...state.missions.filter((x) => !(x.planned && x.battery === b)), m];
  return markSource({ ...state, missions }, { battery: b, unit: -1 }, true);
}

/** 6.5.1.11.2: battery b's plotted mission arrives now: its plot is known to both sides from here on, and it lands. */
export function arrive(sc: Scenario, state: State, b: number, rng: Rng, log: Log, name: Namer): State {
  const plan = sc.batteries[b]!.plans[state.plots[b]!]!;
  const plotStart = state.plotStart.slice();
  plotStart[b] = state.turn;
  const early = state.turn < plan.turn ? ' a turn early' : state.turn > plan.turn ? ' a turn late' : '';
  log?.push(`${sc.batteries[b]!.name}: its Planned fire arrives${early}`);
  const s = placePlanned({ ...state, plotStart }, b, plan);
  return land(sc, s, s.missions.at(-1)!, PLANNED_BAND, rng, log, name);
}

/** The end of `seat`'s Indirect Fire Step: missions neither continued nor adjusted are checked (6.5.1.9, ruling PZ-R57). */
export function closeStep(sc: Scenario, state: State, log: Log, name: Namer): State {
  let s = state;
  for (const k of waiting(state, state.stepSeat).reverse()) {
    const m = s.missions[k]!;
    log?.push(`${name(sc, m.observer)} checks the fire of ${sourceName(sc, m, name)} on ${sc.map.grid.label(m.hex)}`);
    s = check(s, k);
  }
  s = { ...s, ifOpen: false };
  return s.stepSeat === s.first ? { ...s, stepSeat: 1 - s.first } : { ...s, phase: 'fire', stepSeat: s.first, owStage: 0 };
}

// --- Planned fire plots (6.5.1.11.1) ----------------------------------------------------------------

/** The first battery of `seat` with plans and no plot yet, -1 none. */
export function unplotted(sc: Scenario, state: State, seat: number): number {
  return sc.batteries.findIndex((b, k) => b.side === seat && b.plans.length > 0 && state.plots[k]! < 0);
}

/** `P:B:K`: the plots open to battery b (one per plan in the scenario). */
export function plotActions(sc: Scenario, b: number): string[] {
  return sc.batteries[b]!.plans.map((_, k) => `P:${b}:${k}`);
}

export function applyPlot(state: State, b: number, k: number): State {
  const plots = state.plots.slice();
  plots[b] = k;
  return { ...state, plots };
}

/**
 * The plots of the other side as `seat` may know them: a plot whose fire has not arrived is dealt again
 * from its battery's plans that could still be the one plotted (not yet due) (6.5.1.11.1: plotted in secret).
 */
export function dealPlots(sc: Scenario, state: State, seat: number, rng: Rng): State {
  let plots: number[] | null = null;
  sc.batteries.forEach((b, k) => {
    if (b.side === seat || state.plots[k]! < 0) return;
    if (state.plotStart[k]! >= 0) {
      // 6.5.1.11.3: once arrived, the Target Points still to come stay secret: dealt among the plans that
      // could have given what has been seen (its arrival turn, SHEAF and the points landed so far).
      const options = seenPlans(sc, state, k);
      if (options.length > 1) {
        plots ??= state.plots.slice();
        plots[k] = options[rng.int(options.length)]!;
      }
      return;
    }
    // A plan due last turn arrives, at the latest, when its side's Indirect Fire Step opens this turn (6.5.1.11.2).
    const passed =
      state.phase === 'fire' ||
      state.phase === 'assault' ||
      state.phase === 'move' ||
      state.phase === 'cover' ||
      (state.phase === 'indirect' && (state.stepSeat === b.side ? state.ifOpen : state.first === b.side));
    const options = b.plans.flatMap((p, x) => (p.turn >= state.turn || (p.turn + 1 === state.turn && !passed) ? [x] : []));
    if (options.length === 0) return;
    plots ??= state.plots.slice();
    plots[k] = options[rng.int(options.length)]!;
  });
  return plots === null ? state : { ...state, plots };
}

/**
 * The plans of battery b consistent with its Planned fire on the map: arrival a turn early, on time or a
 * turn late (6.5.1.11.2), the same SHEAF, long enough, and the same Target Point on each turn landed so far.
 * None once the mission is off the map (its whole plot has been seen).
 */
function seenPlans(sc: Scenario, state: State, b: number): number[] {
  const m = state.missions.find((x) => x.planned && x.battery === b);
  if (m === undefined) return [];
  const from = state.plotStart[b]!;
  const real = sc.batteries[b]!.plans[state.plots[b]!]!;
  const seen = real.hexes.slice(0, m.turn - from + 1);
  return sc.batteries[b]!.plans.flatMap((p, x) =>
    Math.abs(p.turn - from) <= 1 && p.sheaf === real.sheaf && p.duration >= seen.length && seen.every((h, j) => p.hexes[j] === h)
      ? [x]
      : [],
  );
}

// --- For the agents ---------------------------------------------------------------------------------

/**
 * Expected value of an indirect mission landing at tp with `sheaf` for `seat`: per unit under it, the
 * chance of an effective result (times its PTS/10) and of suppression only (a tenth of that), enemy units
 * counting for, own units against (twice).
 */
export function missionValue(sc: Scenario, state: State, seat: number, src: Source, observer: number, tp: number, sheaf: string): number {
  const row = rowOf(sc, src);
  const band = observer < 0 ? PLANNED_BAND : ifBand(row, fireRange(sc, state, src, observer, tp));
  const factor = row.factor[band]!;
  let v = 0;
  for (const t of unitsUnder(state, sheafHexes(sc, tp, sheaf))) {
    const fig = indirectFigures(sc, state, t, factor, row.effectiveness, band);
    const eff = Math.max(0, Math.min(100, 100 - (fig.s - fig.modifier))) / 100;
    const sup = Math.max(0, Math.min(100, 100 - (fig.n - fig.modifier))) / 100 - eff;
    const worth = (sc.units[t]!.pts / 10) * (eff + 0.1 * sup);
    v += sc.units[t]!.side === seat ? -2 * worth : worth;
  }
  return v;
}

/** The chance (0..1) that a call of `src` by `observer` onto tp responds (6.5.1.12), for the agents. */
export function responseChance(sc: Scenario, state: State, src: Source, observer: number, tp: number, adjusted: boolean): number {
  const need = responseFactor(sc, src, observer) - responseModifier(sc, state, src, observer, tp, adjusted);
  // Rolls 2..10 respond when at or above `need`; a 1 never does on the Target Point.
  let n = 0;
  for (let r = 2; r <= 10; r++) if (r >= need) n++;
  return n / 10;
}
