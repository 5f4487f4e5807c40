/**
 * Assault and overrun (SPG S-36..S-39): the defenders fire first at one attacking hex (never spent by it),
 * then the attackers still in good order make one roll on the 2d6 Assault table (ruling SPG-R01); every
 * unit is affected, armored or not; disrupted defenders retreat one hex or surrender; if the hex is
 * cleared at least half the attackers (rounded up) advance into it. An overrun is one armored vehicle or
 * cavalry unit against leg units in open, wheat or brush hexes; it costs half the MA.
 */
import { roll2d6 } from '../../core/rng.js';
import type { Hex } from '../../hex/grid.js';
import { canFire, enemiesIn, valuesOf } from './fire.js';
import { fitsIn, movementAllowance } from './movement.js';
import { moraleOf } from './morale.js';
import { hasAtDitch, hasWire, knownMineStrength, mineAttack } from './obstacles.js';
import { applyHits, readColumn, readResults } from './results.js';
import type { Scenario } from './scenario.js';
import { CARRIER, F_DISRUPTED, F_SPENT, FLAGS, HEX, type Draft, type State } from './state.js';

/** Infantry of `side` that may assault hex h: ready, good order, adjacent, not carried (S-36 L504-L508). */
export function assaultAttackers(sc: Scenario, s: State, side: number, h: Hex): number[] {
  const out: number[] = [];
  for (let i = 0; i < sc.units.length; i++) {
    const def = sc.units[i]!,
      r = s.u[i]!;
    if (def.side !== side || !def.assaults || r[HEX]! < 0 || r[CARRIER] !== 0) continue;
    if ((r[FLAGS]! & (F_SPENT | F_DISRUPTED)) !== 0 || valuesOf(sc, s, i).df <= 0) continue;
    if (sc.map.grid.distance(r[HEX]!, h) === 1) out.push(i);
  }
  return out;
}

/** Whether `side` may assault hex h: enemies there, no wire (S-49 L668), no mines it knows of (S-50 L678). */
export function mayBeAssaulted(sc: Scenario, s: State, side: number, h: Hex): boolean {
  return !hasWire(sc, s, h) && knownMineStrength(sc, s, h, side) === 0 && enemiesIn(sc, s, side, h).length > 0;
}

/** Defensive first fire strength of a unit (S-36 L506, ruling SPG-R21): HMG half down, disrupted half up, guns and mortars 0. */
export function defenceStrength(sc: Scenario, s: State, i: number): number {
  const def = sc.units[i]!;
  if (def.gun || def.mortar || !canFire(s, i)) return 0;
  let v = valuesOf(sc, s, i).df;
  if (def.hmg) v = Math.floor(v / 2);
  if ((s.u[i]![FLAGS]! & F_DISRUPTED) !== 0) v = Math.ceil(v / 2);
  return v;
}

/** S-37 L522: a leg unit of the target hex in a fortification or building: -1 to assault fire either way. */
function coverShift(sc: Scenario, s: State, h: Hex): number {
  const m = sc.charts.assaultModifiers;
  const leg = enemiesIn(sc, s, -1, h).some((t) => sc.units[t]!.leg);
  return leg && (sc.fortified[h] || sc.terrain[sc.map.terrain[h]!]!.building) ? m.buildingOrFortification.value : 0;
}

/** The column shift of the attackers' roll (S-37). */
export function assaultShift(sc: Scenario, s: State, attackers: readonly number[], h: Hex, overrun: boolean): number {
  const m = sc.charts.assaultModifiers;
  const side = sc.units[attackers[0]!]!.side;
  const defenders = enemiesIn(sc, s, side, h);
  const open = sc.terrain[sc.map.terrain[h]!]!.cover === 'open' && !sc.fortified[h];
  let shift = 0;
  if (!overrun) {
    const cover = coverShift(sc, s, h);
    shift += cover;
    if (cover === 0 && sc.foxholes[h] && defenders.some((t) => sc.units[t]!.leg && !sc.units[t]!.gun)) shift += m.foxholes.value;
    if (attackers.every((a) => sc.map.elevation[s.u[a]![HEX]!]! < sc.map.elevation[h]!)) shift += m.higherGround.value;
    if (open && defenders.some((t) => sc.units[t]!.armored && !sc.units[t]!.openTop)) shift += m.closedArmorInClear.value;
    if (Math.min(...attackers.map((a) => moraleOf(sc, s, a))) > Math.max(...defenders.map((t) => moraleOf(sc, s, t))))
      shift += m.higherMorale.value;
    if (attackers.some((a) => sc.units[a]!.engineer)) shift += m.engineers.value;
    if (sc.sides[side]!.panzerfausts && defenders.some((t) => sc.units[t]!.vehicle)) shift += m.panzerfaustAttack.value;
  } else {
    const a = sc.units[attackers[0]!]!;
    if (a.armored && !a.openTop && open && !sc.foxholes[h]) shift += m.overrunArmorAttack.value;
    // S-46 L646, ruling SPG-R30: foxholes are -1 to every attack on leg units, overruns included.
    if (sc.foxholes[h] && defenders.some((t) => sc.units[t]!.leg)) shift += m.foxholes.value;
  }
  if (defenders.every((t) => (s.u[t]![FLAGS]! & F_DISRUPTED) !== 0)) shift += m.allDefendersDisrupted.value;
  return shift;
}

/** Odds helper: the defenders' first fire strength and the attack strength. */
export function assaultStrengths(sc: Scenario, s: State, attackers: readonly number[], h: Hex): { defence: number; attack: number } {
  const side = sc.units[attackers[0]!]!.side;
  return {
    defence: enemiesIn(sc, s, side, h).reduce((n, t) => n + defenceStrength(sc, s, t), 0),
    attack: attackers.reduce((n, a) => n + valuesOf(sc, s, a).df, 0),
  };
}

export interface AssaultOutcome {
  readonly defenceRoll: number;
  readonly attackRoll: number;
  readonly cleared: boolean;
}

/**
 * Resolves an assault (or an overrun when `overrun`) of `attackers` on hex h. Returns both natural rolls
 * (0 when not rolled) for the Reactions (S-10 L86-L88).
 */
export function resolveAssault(d: Draft, attackers: readonly number[], h: Hex, overrun = false): AssaultOutcome {
  const sc = d.sc;
  const side = sc.units[attackers[0]!]!.side;
  let s = d.seal();
  const defenders = enemiesIn(sc, s, side, h);
  // Defensive first fire at one attacking hex: the one with the most attackers (ruling SPG-R07: only its assaulting units).
  const byHex = new Map<Hex, number[]>();
  for (const a of attackers) byHex.set(s.u[a]![HEX]!, [...(byHex.get(s.u[a]![HEX]!) ?? []), a]);
  const [firedAt] = [...byHex.entries()].sort((x, y) => y[1].length - x[1].length || x[0] - y[0])[0]!;
  const defence = defenders.reduce((n, t) => n + defenceStrength(sc, s, t), 0);
  let defenceRoll = 0;
  if (defence > 0) {
    const m = sc.charts.assaultModifiers;
    let shift = overrun ? 0 : coverShift(sc, s, h);
    const a = sc.units[attackers[0]!]!;
    // S-46 L648: foxholes negate open ground for overruns.
    const open = sc.terrain[sc.map.terrain[h]!]!.cover === 'open' && !sc.foxholes[h];
    if (overrun && a.armored && !a.openTop && open) shift += m.overrunArmorDefence.value;
    if (overrun && sc.sides[1 - side]!.panzerfausts && defenders.some((t) => sc.units[t]!.assaults)) shift += m.panzerfaustDefence.value;
    // Ruling SPG-R07: only the attacking units of that hex; with rule.defensiveFireHitsWholeHex every unit in it.
    const struck = sc.rules.defensiveFireHitsWholeHex
      ? sc.units.map((_, u) => u).filter((u) => s.u[u]![HEX] === firedAt && sc.units[u]!.side === side)
      : (byHex.get(firedAt) ?? []);
    const cols = struck.map((u) => ({ unit: u, column: readColumn(sc.tables.assault, defence, shift) }));
    if (cols.some((c) => c.column >= 0)) {
      defenceRoll = roll2d6(d.rng);
      const hits = readResults(sc.tables.assault, cols, defenceRoll);
      d.d(
        () =>
          `defensive first fire, strength ${defence}: rolled ${defenceRoll}: ${hits.map((x) => `${sc.units[x.unit]!.id} ${x.result}`).join(', ')}`,
      );
      applyHits(d, hits);
    }
  }
  s = d.seal();
  const fit = attackers.filter((a) => d.onMap(a) && !d.flag(a, F_DISRUPTED));
  let attackRoll = 0;
  if (fit.length > 0) {
    const strength = fit.reduce((n, a) => n + valuesOf(sc, s, a).df, 0);
    const shift = assaultShift(sc, s, fit, h, overrun);
    const cols = enemiesIn(sc, s, side, h).map((t) => ({ unit: t, column: readColumn(sc.tables.assault, strength, shift) }));
    if (cols.some((c) => c.column >= 0)) {
      attackRoll = roll2d6(d.rng);
      const hits = readResults(sc.tables.assault, cols, attackRoll);
      d.d(
        () =>
          `${overrun ? 'overrun' : 'assault'}, strength ${strength}: rolled ${attackRoll}: ${hits.map((x) => `${sc.units[x.unit]!.id} ${x.result}`).join(', ')}`,
      );
      applyHits(d, hits);
    }
    retreatDisrupted(d, side, h, fit);
  }
  const cleared = fit.length > 0 && enemiesIn(sc, d.seal(), side, h).length === 0;
  if (cleared) advance(d, fit, h, overrun);
  else d.d(() => `the ${overrun ? 'overrun' : 'assault'} on ${sc.map.grid.label(h)} is repulsed`);
  return { defenceRoll, attackRoll, cleared };
}

/** How much farther a retreat would rather go than into a known minefield: further than any map is wide. */
const MINED_RETREAT = 1000;

/**
 * S-39 L570: every disrupted defender retreats one hex, away from the enemy where it can (ruling SPG-R42),
 * into a minefield its side knows of only when nothing else is open, or surrenders. A minefield attacks a
 * unit retreating into it as any unit entering (S-50 L672).
 */
function retreatDisrupted(d: Draft, side: number, h: Hex, attackers: readonly number[]): void {
  const sc = d.sc;
  for (const t of enemiesIn(sc, d.seal(), side, h)) {
    if (!d.onMap(t) || !d.flag(t, F_DISRUPTED) || d.carrierOf(t) >= 0) continue;
    const s = d.seal();
    let best = -1,
      bestScore = -Infinity;
    for (let k = 0; k < 6; k++) {
      const n = sc.map.grid.neighbour(h, k);
      if (n < 0 || enemiesIn(sc, s, sc.units[t]!.side, n).length > 0 || !fitsIn(sc, s, t, n)) continue;
      if (sc.moveCost[sc.map.terrain[n]! * 6 + sc.units[t]!.moveClass]! < 0) continue;
      const mined = knownMineStrength(sc, s, n, sc.units[t]!.side) > 0 ? MINED_RETREAT : 0;
      const score = Math.min(...attackers.map((a) => sc.map.grid.distance(s.u[a]![HEX]!, n))) - mined;
      if (score > bestScore) {
        bestScore = score;
        best = n;
      }
    }
    if (best < 0) {
      d.d(() => `${sc.units[t]!.name} (${sc.units[t]!.id}) cannot retreat and surrenders`);
      d.eliminate(t);
    } else {
      d.d(() => `${sc.units[t]!.name} (${sc.units[t]!.id}) retreats to ${sc.map.grid.label(best)}`);
      d.moveTo(t, best);
      mineAttack(d, t, best);
    }
  }
}

/** S-39 L572: at least half the attackers (rounded up) advance, the strongest first, within the stacking limits. */
function advance(d: Draft, attackers: readonly number[], h: Hex, overrun: boolean): void {
  const sc = d.sc;
  const must = overrun ? attackers.length : Math.ceil(attackers.length / 2);
  const order = [...attackers].sort((a, b) => valuesOf(sc, d, b).df - valuesOf(sc, d, a).df || a - b);
  let moved = 0;
  for (const a of order) {
    if (moved >= must) break;
    if (!fitsIn(sc, d.seal(), a, h)) continue;
    d.moveTo(a, h);
    moved++;
  }
  d.d(() => `${moved} unit(s) advance into ${sc.map.grid.label(h)}`);
}

/** S-38: units that may overrun hex h from where they stand: a ready armored vehicle or cavalry unit with half its MA. */
export function mayOverrun(sc: Scenario, s: State, i: number, h: Hex): boolean {
  return mayOverrunFrom(sc, s, i, h, s.u[i]![HEX]!);
}

/**
 * S-38 L558-L562: whether unit i, standing in hex `from` (where its move has taken it), may overrun hex h: a
 * good-order armored vehicle or cavalry unit with a DF value and some MA, next to an open, wheat or brush hex
 * (no fortification, mines or AT ditch) holding enemy leg units only.
 */
export function mayOverrunFrom(sc: Scenario, s: State, i: number, h: Hex, from: Hex): boolean {
  if (from < 0 || sc.map.grid.distance(from, h) !== 1) return false;
  return mayOverrunAtAll(sc, s, i) && overrunTarget(sc, s, sc.units[i]!.side, h);
}

/** S-38 L558: what unit i itself needs to overrun: a ready, good-order armored vehicle or cavalry unit on the map, with a DF value and some MA. */
export function mayOverrunAtAll(sc: Scenario, s: State, i: number): boolean {
  const def = sc.units[i]!,
    r = s.u[i]!;
  if (!(def.armored || def.type === 'CAV') || r[HEX]! < 0 || r[CARRIER] !== 0) return false;
  return (r[FLAGS]! & (F_SPENT | F_DISRUPTED)) === 0 && valuesOf(sc, s, i).df > 0 && movementAllowance(sc, s, i) > 0;
}

/** S-38 L560-L562: whether `side` may overrun hex h: open, wheat or brush, no fortification, mines it knows of or AT ditch, enemy leg units only. */
export function overrunTarget(sc: Scenario, s: State, side: number, h: Hex): boolean {
  const terr = sc.terrain[sc.map.terrain[h]!]!;
  if (!terr.overrun || sc.fortified[h] || knownMineStrength(sc, s, h, side) > 0 || hasAtDitch(sc, s, h)) return false;
  const defenders = enemiesIn(sc, s, side, h);
  return defenders.length > 0 && defenders.every((t) => sc.units[t]!.leg);
}
