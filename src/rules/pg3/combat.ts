/**
 * Fire and its effects: the fire tables (7.5), direct fire (10.x), bombardment (9.x), AT fire (11.x),
 * step losses and their allocation (7.6), morale checks (14.1), leader casualties (6.7).
 * Results are queued as Effects so the owner can choose how to allocate step losses (a decision of
 * that seat in the Game).
 */
import type { Hex } from '../../hex/grid.js';
import { roll2d6 } from '../../core/rng.js';
import { columnIndex, shiftColumn, tableResult } from '../../hex/tables.js';
import type { Draft } from './draft.js';
import { DEMORALIZED, DISRUPTED, F_DUG_IN, F_IN_ACT, F_SPOTTED, GOOD, MORALE, STEPS, XFIRE, type Effect } from './state.js';
import { concealing, isNight } from './spotting.js';
import { atStrength, def, fortified, leaderMoraleBonus, moraleValue, other, shareCarrierMorale, values } from './units.js';

// ---------- tables ----------

export { columnIndex, shiftColumn, tableResult };

/** Step losses of a result: X = 1, 2X = 2, 3X = 3 (7.61); assault "1".."3" likewise (7.63). */
export function lossesOf(result: string): number {
  switch (result) {
    case 'X':
    case '1':
      return 1;
    case '2X':
    case '2':
      return 2;
    case '3X':
    case '3':
      return 3;
    default:
      return 0;
  }
}

/** Morale check modifier of an M result (14.1), or -1 if the result is not a morale check. */
export function moraleModOf(d: Draft, result: string): number {
  const m = d.sc.charts.modifiers;
  switch (result) {
    case 'M':
      return m.moraleM.value;
    case 'M1':
      return m.moraleM1.value;
    case 'M2':
      return m.moraleM2.value;
    default:
      return -1;
  }
}

/** Probability of each 2d6 total (index = total). */
export const P2D6 = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((n) => n / 36);

// ---------- direct fire and bombardment ----------

export interface FireSpec {
  readonly kind: 'direct' | 'bombard';
  readonly firers: readonly number[];
  readonly strength: number;
  readonly target: Hex;
  /** Opportunity fire at one moving unit (13.0): only it is affected, no 3-unit shift. */
  readonly moverOnly: number;
  /** Shift shared by every unit in the target hex (range, point blank, terrain, night, 3 units). */
  readonly baseShift: number;
  /** Which seat's units in the hex are attacked (bombardment into an assault hex attacks each side separately, 9.4). */
  readonly targetSeat: number;
  /** Narration (what fired at what): empty when the draft records no events and the doctrine's ratings. */
  readonly label: string;
}

/** Shift specific to one target unit (7.52 split columns): artillery +2 (on both tables: T10 reads an AT gun
 * two bombardment columns above the infantry beside it), dug in. */
export function unitShift(d: Draft, unit: number): number {
  const m = d.sc.charts.modifiers;
  const u = def(d, unit);
  let s = 0;
  if (u.isArtillery) s += m.artilleryTarget.value;
  if (fortified(d, unit)) s += m.dugIn.value; // 16.2 dug in, 16.4 entrenched
  return s;
}

/** The net column for one target unit, with the direct-fire cap (10.3: net +3 / -2 after netting). */
export function columnFor(d: Draft, spec: FireSpec, extraShift: number): number {
  const t = spec.kind === 'direct' ? d.sc.df : d.sc.bomb;
  const base = columnIndex(t, spec.strength);
  if (base < 0) return -1;
  let shift = spec.baseShift + extraShift;
  if (spec.kind === 'direct') {
    const m = d.sc.charts.modifiers;
    shift = Math.max(m.directFireMin.value, Math.min(m.directFireMax.value, shift));
  }
  return shiftColumn(t, base, shift);
}

/** Units of the target seat affected by the fire: the whole hex (7.41), or only the mover (13.0). */
export function fireTargets(d: Draft, spec: FireSpec): number[] {
  if (spec.moverOnly >= 0) return [spec.moverOnly];
  const out: number[] = [];
  for (let i = d.firstIn(spec.target); i >= 0; i = d.nextIn(i)) if (def(d, i).side === spec.targetSeat) out.push(i);
  return out;
}

/**
 * Groups the target units by the column they are attacked on. Under the official split-columns ruling
 * (7.52) each unit is read on its own column; under the alternative, every unit uses the hex's column
 * and a unit-specific shift applies only when it applies to every combat unit in the hex.
 */
export function columnGroups(d: Draft, spec: FireSpec, targets: readonly number[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  let common = 0;
  if (!d.sc.rules.splitColumns) {
    const combat = targets.filter((i) => def(d, i).isCombat);
    const shifts = combat.map((i) => unitShift(d, i));
    common = shifts.length > 0 ? Math.min(...shifts.map((s) => (s > 0 ? s : 0))) + Math.max(...shifts.map((s) => (s < 0 ? s : 0))) : 0;
    if (!shifts.every((s) => s === shifts[0])) common = 0;
  }
  for (const i of targets) {
    const col = columnFor(d, spec, d.sc.rules.splitColumns ? unitShift(d, i) : common);
    if (col < 0) continue;
    let g = groups.get(col);
    if (!g) groups.set(col, (g = []));
    g.push(i);
  }
  return groups;
}

/** Resolves a direct or bombardment attack: one 2d6 roll read on each group's column (7.52). */
export function resolveFire(d: Draft, spec: FireSpec): void {
  const targets = fireTargets(d, spec);
  const table = spec.kind === 'direct' ? d.sc.df : d.sc.bomb;
  const roll = roll2d6(d.rng);
  const groups = columnGroups(d, spec, targets);
  const rule = spec.kind === 'direct' ? '10.2' : '9.4';
  for (const [col, units] of groups) {
    const result = tableResult(table, col, roll);
    d.events &&
      d.say(
        () =>
          `${spec.label}: column ${table.columns[col]} (strength ${spec.strength}), roll ${roll}: ${result} on ${units.map((i) => def(d, i).name).join(', ')} [PG3 ${rule}]`,
      );
    applyHexResult(d, spec.target, units, result, spec.moverOnly >= 0);
  }
  // A unit firing from limiting terrain is marked SPOTTED (8.2).
  for (const f of spec.firers) if (concealing(d, d.hex(f))) d.setFlag(f, F_SPOTTED);
}

/**
 * Applies a DF/bombardment result to units in one hex (7.61, 7.62): X-type results take steps from
 * combat units other than closed-top AFVs (at least one from an open-top AFV on 2X/3X) and from
 * transports; closed-top AFVs check M; survivors check M2. M-type results: non-AFVs check.
 */
export function applyHexResult(d: Draft, hex: Hex, units: readonly number[], result: string, single: boolean): void {
  const losses = lossesOf(result);
  const seat = units.length > 0 ? def(d, units[0]!).side : 0;
  const leaders = units.filter((i) => def(d, i).isLeader);
  const pieces = units.filter((i) => !def(d, i).isLeader);
  if (losses > 0) {
    if (pieces.length === 0) {
      // 6.71: lone leaders lose one leader per step loss; the owner chooses which.
      d.mut('queue').push({
        k: 'loss',
        seat,
        hex,
        losses,
        pool: leaders,
        assault: false,
        needAfv: false,
        why: `${result} on lone leaders [PG3 6.71]`,
      });
      return;
    }
    const combat = pieces.filter((i) => !def(d, i).isTransport && !(def(d, i).isAfv && !def(d, i).openTop));
    const transports = pieces.filter((i) => def(d, i).isTransport);
    const closed = pieces.filter((i) => def(d, i).isAfv && !def(d, i).openTop);
    const hasOpen = combat.some((i) => def(d, i).openTop);
    if (combat.length > 0) {
      d.mut('queue').push({
        k: 'loss',
        seat,
        hex,
        losses,
        pool: combat,
        assault: false,
        needAfv: hasOpen && losses > 1,
        why: `${result} [PG3 7.61]`,
      });
    }
    if (transports.length > 0) {
      d.mut('queue').push({
        k: 'loss',
        seat,
        hex,
        losses,
        pool: transports,
        assault: false,
        needAfv: false,
        why: `${result} on transports [PG3 7.61]`,
      });
    }
    // Leaders first, by seniority (14.11), then the units.
    queueMorale(d, closed, moraleModOf(d, 'M'), 'closed-top AFV after X [PG3 7.62]');
    if (!single) queueMorale(d, [...leaders, ...combat], moraleModOf(d, 'M2'), 'after step loss [PG3 7.61]');
    else queueMorale(d, combat, moraleModOf(d, 'M2'), 'after step loss [PG3 7.61]');
    if (!single && leaders.length > 0 && combat.length + transports.length > 0) {
      d.mut('queue').push({ k: 'leaderCas', hex, seat, steps: losses });
    }
    return;
  }
  const mod = moraleModOf(d, result);
  if (mod < 0) return;
  // M results do not affect AFVs (7.22: armor protects from everything but X results).
  queueMorale(
    d,
    units.filter((i) => !def(d, i).isAfv),
    mod,
    `${result} [PG3 14.1]`,
  );
}

/** Queues morale checks, leaders first by rank (14.11). */
export function queueMorale(d: Draft, units: readonly number[], mod: number, why: string): void {
  const sorted = units.slice().sort((a, b) => def(d, b).rank - def(d, a).rank);
  for (const i of sorted) d.mut('queue').push({ k: 'morale', unit: i, mod, why });
}

// ---------- AT fire ----------

/** The AT fire die-roll modifiers and the firing value, or null if the shot is impossible (11.x). */
export function atShot(
  d: Draft,
  firer: number,
  target: number,
  targetHex: Hex = d.hex(target),
): { value: number; drm: number; crossfire: boolean; dir: number } | null {
  const value = atValue(d, firer, target, targetHex);
  if (value < 0) return null;
  const fh = d.hex(firer);
  const dist = d.sc.map.grid.distance(fh, targetHex);
  const dir = entryDirection(d, fh, targetHex);
  const crossfire = isCrossfire(d, target, dir, dist);
  return { value, drm: atDrmOf(d, target, targetHex, value, dist, crossfire), crossfire, dir };
}

/** Whether atShot would give a shot (not null), without working out its modifiers. */
export function atInReach(d: Draft, firer: number, target: number, targetHex: Hex = d.hex(target)): boolean {
  return atValue(d, firer, target, targetHex) >= 0;
}

/** atShot's `drm`, or NaN where atShot is null; the line's entry direction is traced only when a crossfire is possible. */
export function atShotDrm(d: Draft, firer: number, target: number, targetHex: Hex = d.hex(target)): number {
  const value = atValue(d, firer, target, targetHex);
  if (value < 0) return NaN;
  const fh = d.hex(firer);
  const dist = d.sc.map.grid.distance(fh, targetHex);
  // isCrossfire asks for a direction only past its first two tests.
  const crossfire = d.get(target, XFIRE) > 0 && dist > 1 && isCrossfire(d, target, entryDirection(d, fh, targetHex), dist);
  return atDrmOf(d, target, targetHex, value, dist, crossfire);
}

/** The AT value firer fires at target in targetHex with (11.3: halved beyond range), or -1 if it has no shot. */
function atValue(d: Draft, firer: number, target: number, targetHex: Hex): number {
  const at = atStrength(d, firer);
  const t = def(d, target);
  if (at < 0 || !(t.isAfv || t.type === 'TRUCK')) return -1;
  const dist = d.sc.map.grid.distance(d.hex(firer), targetHex);
  const range = values(d, firer).atRange;
  if (dist <= range) return at;
  // 11.3: AT 2 or more may fire out to 150% of its range at half value (rounded up, 1.1).
  if (at < 2 || dist > Math.floor(range * 1.5)) return -1;
  return Math.ceil(at / 2);
}

/** 11.1 crossfire: a later shot this turn through a non-adjacent hex (not down a hexspine, `dir` -1) gets +2. */
function isCrossfire(d: Draft, target: number, dir: number, dist: number): boolean {
  const first = d.get(target, XFIRE);
  if (first > 0 && dir >= 0 && dist > 1) {
    const diff = Math.abs(first - 1 - dir) % 6;
    if (Math.min(diff, 6 - diff) >= 2) return true;
  }
  return false;
}

/** The AT die-roll modifier of a shot of `value` at `dist` hexes (11.x). */
function atDrmOf(d: Draft, target: number, targetHex: Hex, value: number, dist: number, crossfire: boolean): number {
  const t = def(d, target);
  const ch = d.sc.charts.antiTank;
  const armor = t.isAfv ? t.armor : ch.truckArmor.value;
  let drm = value - armor + d.sc.terrain[d.sc.map.terrain[targetHex]!]!.antiTankDrm;
  if (dist <= 1) drm += ch.pointBlank.value;
  if (crossfire) drm += ch.crossfire.value;
  return drm;
}

/**
 * The neighbour of the target through which a line of fire comes in, as a direction from the target,
 * or -1 when the line runs down a hexspine there (11.1: such shots do not qualify for crossfire).
 */
function entryDirection(d: Draft, from: Hex, to: Hex): number {
  const grid = d.sc.map.grid;
  const [a, b] = grid.linePaths(to, from);
  if (a[0] !== b[0]) return -1;
  return grid.directionTo(to, a[0]!);
}

/** Resolves one AT shot (11.0): 2d6 + AT - armor + DRMs; damage at 10+, elimination at the pack's threshold. */
export function resolveAt(d: Draft, firer: number, target: number): void {
  const shot = atShot(d, firer, target);
  if (!shot) return;
  const roll = roll2d6(d.rng);
  const total = roll + shot.drm;
  const ch = d.sc.charts.antiTank;
  if (d.get(target, XFIRE) === 0 && shot.dir >= 0) d.set(target, XFIRE, shot.dir + 1);
  const fh = d.hex(firer);
  if (concealing(d, fh)) d.setFlag(firer, F_SPOTTED);
  const t = def(d, target);
  if (total >= ch.eliminate.value) {
    d.events &&
      d.say(
        () =>
          `AT fire ${def(d, firer).name} at ${t.name}: roll ${roll} ${fmt(shot.drm)}${shot.crossfire ? ' (crossfire)' : ''} = ${total}: eliminated [PG3 11.0]`,
      );
    stepLoss(d, target, 2, 'AT fire');
  } else if (total >= ch.damage.value) {
    d.events &&
      d.say(
        () =>
          `AT fire ${def(d, firer).name} at ${t.name}: roll ${roll} ${fmt(shot.drm)}${shot.crossfire ? ' (crossfire)' : ''} = ${total}: step loss [PG3 11.0]`,
      );
    stepLoss(d, target, 1, 'AT fire');
    if (d.hex(target) >= 0)
      d.mut('queue').push({ k: 'morale', unit: target, mod: moraleModOf(d, 'M2'), why: 'after step loss [PG3 7.61]' });
  } else {
    d.events && d.say(() => `AT fire ${def(d, firer).name} at ${t.name}: roll ${roll} ${fmt(shot.drm)} = ${total}: no effect [PG3 11.0]`);
  }
}

function fmt(n: number): string {
  return n >= 0 ? `+ ${n}` : `- ${-n}`;
}

/** Probability that an AT shot damages (any step) and eliminates, for the advisor and the play prompt. */
export function atOdds(d: Draft, firer: number, target: number): { damage: number; eliminate: number } {
  const shot = atShot(d, firer, target);
  if (!shot) return { damage: 0, eliminate: 0 };
  const ch = d.sc.charts.antiTank;
  let dmg = 0,
    elim = 0;
  for (let r = 2; r <= 12; r++) {
    if (r + shot.drm >= ch.eliminate.value) elim += P2D6[r]!;
    else if (r + shot.drm >= ch.damage.value) dmg += P2D6[r]!;
  }
  return { damage: dmg + elim, eliminate: elim };
}

// ---------- step losses, morale, leader casualties ----------

/** Takes `n` steps from a unit (7.61: two or more losses eliminate any unit). */
export function stepLoss(d: Draft, unit: number, n: number, why: string): void {
  const u = def(d, unit);
  const steps = d.get(unit, STEPS);
  if (steps <= 0) return;
  const lost = n >= 2 ? steps : 1;
  d.mut('stepsLost')[u.side] = d.stepsLost[u.side]! + (u.isLeader ? 0 : lost);
  // 16.3: each AFV step eliminated in a town or bridge hex leaves a wreck (3 is the most that matters).
  const h = d.hex(unit);
  if (u.isAfv && h >= 0 && d.sc.wreckHex[h] === 1) {
    for (let k = 0; k < lost && d.wrecksIn(h) < 3; k++) d.mut('wrecks').push(h);
    d.events && d.say(() => `wreck${lost > 1 ? 's' : ''} at ${d.sc.map.grid.label(h)}: ${d.wrecksIn(h)} there [PG3 16.3]`);
  }
  if (steps - lost <= 0) {
    d.eliminate(unit);
    d.events && d.say(() => `${u.name} eliminated (${why}) [PG3 7.61]`);
  } else {
    d.set(unit, STEPS, steps - lost);
    d.events && d.say(() => `${u.name} reduced (${why}) [PG3 7.61]`);
  }
}

/**
 * A morale check (14.1): 2d6 + the result's modifier against morale plus one leader's bonus.
 * Fail by 1-2: one state worse; by 3+: demoralized; a demoralized unit failing by 3+ loses a step
 * (a leader is eliminated).
 */
export function moraleCheck(d: Draft, unit: number, mod: number, why: string): void {
  if (d.hex(unit) < 0) return;
  const u = def(d, unit);
  const roll = roll2d6(d.rng);
  const target = moraleValue(d, unit) + leaderMoraleBonus(d, unit, false);
  const by = roll + mod - target;
  const state = d.get(unit, MORALE);
  if (by <= 0) {
    d.events && d.say(() => `${u.name} morale check (${why}): roll ${roll}+${mod} vs ${target}: passes [PG3 14.1]`);
    return;
  }
  let next = state;
  if (state === GOOD) next = by >= 3 ? DEMORALIZED : DISRUPTED;
  else if (state === DISRUPTED) next = DEMORALIZED;
  else if (by >= 3) {
    d.events &&
      d.say(() => `${u.name} morale check (${why}): roll ${roll}+${mod} vs ${target}: fails by ${by} while demoralized [PG3 14.1]`);
    if (u.isLeader) {
      d.eliminate(unit);
      d.events && d.say(() => `${u.name} is lost [PG3 14.1]`);
    } else stepLoss(d, unit, 1, 'failed morale while demoralized');
    return;
  }
  d.set(unit, MORALE, next);
  if (next !== GOOD) d.setFlag(unit, F_DUG_IN, false); // 16.2: disruption or demoralization ends digging in
  shareCarrierMorale(d, unit); // 5.6: the cargo takes the same state and unloads
  d.events &&
    d.say(
      () =>
        `${u.name} morale check (${why}): roll ${roll}+${mod} vs ${target}: fails by ${by}, now ${next === DISRUPTED ? 'disrupted' : 'demoralized'} [PG3 14.1]`,
    );
}

/** Leader casualty roll (6.7): 2d6 minus friendly steps lost in the hex; 2 or less kills the leader. */
export function leaderCasualties(d: Draft, hex: Hex, seat: number, steps: number): void {
  for (const i of d.unitsIn(hex)) {
    const u = def(d, i);
    if (!u.isLeader || u.side !== seat) continue;
    const roll = roll2d6(d.rng);
    if (roll - steps <= 2) {
      d.eliminate(i);
      d.events && d.say(() => `${u.name}: leader casualty roll ${roll} - ${steps} = ${roll - steps}: killed [PG3 6.7]`);
    } else d.events && d.say(() => `${u.name}: leader casualty roll ${roll} - ${steps} = ${roll - steps}: survives [PG3 6.7]`);
  }
}

/** Units of `pool` still alive and in `hex`. */
export function livePool(d: Draft, pool: readonly number[], hex: Hex): number[] {
  return pool.filter((i) => d.hex(i) === hex && d.get(i, STEPS) > 0);
}

/**
 * The units that may take the next step loss of a loss effect (7.61, 7.63): assault losses go first to
 * the units in the best morale state; on 2X/3X (and assault 2/3) at least one loss must go to an
 * (open-top) AFV if one is present.
 */
export function lossCandidates(d: Draft, e: Extract<Effect, { k: 'loss' }>): number[] {
  let c = livePool(d, e.pool, e.hex);
  if (c.length <= 1) return c;
  if (e.assault) {
    const best = Math.min(...c.map((i) => d.get(i, MORALE)));
    if ((e.taken ?? 0) === 0) c = c.filter((i) => d.get(i, MORALE) === best);
  }
  if (e.needAfv && e.losses === 1) {
    const afv = c.filter((i) => def(d, i).isAfv);
    if (afv.length > 0) c = afv;
  }
  return c;
}

/** Whether the current activation contains unit i. */
export function inActivation(d: Draft, i: number): boolean {
  return d.flag(i, F_IN_ACT);
}

/** Whether the unit is in the state worse than good order. */
export function isShaken(d: Draft, i: number): boolean {
  return d.get(i, MORALE) !== GOOD;
}

export { other, isNight };
