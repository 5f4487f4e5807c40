/**
 * Legal actions and their effects. Actions are short strings (stable keys, cheap to store in game
 * records and send between threads):
 *
 *   pass                       end the segment without activating (3.0 B)
 *   save | double              save an opening segment; later spend it for two segments in a row (17.2; rules.excessInitiative)
 *   stack H | leader L | unit U  activate a stack, a leader with his reach and chain, or one unit (3.1-3.3)
 *   decl U m|f|n               declare Move, Fire or (n) leave the unit out of this activation (3.13)
 *   mv U H                     move one hex (5.0)            exit U   leave the map at an exit hex (16.5)
 *   rec U                      recovery attempt (14.4)        dig U    dig in, one of two segments (16.2)
 *   load T U                   transport T takes unit or leader U aboard (5.6)
 *   unload U                   unit or leader U gets off its transport (5.6)
 *   unlimber U                 a weapon unloaded limbered deploys: its whole segment (5.6)
 *   df H T                     direct fire from hex H (combined, leader-extended) at hex T (10.x, 6.41)
 *   bomb H T                   bombardment from hex H at hex T (9.x)
 *   split U T1 T2              HMG U splits its DF: half (rounded up) at hex T1, the rest at hex T2 (7.25)
 *   oba T N                    N off-board artillery factors at hex T (9.2, 9.3)
 *   air T K                    aircraft K of the side's pool attacks hex T: the whole segment (15.1; scenario aircraft)
 *   smoke H T                  mortars/on-board artillery of hex H fire smoke at hex T (16.1; rules.smoke)
 *   obasmoke T                 one off-board artillery factor fires smoke at hex T (16.1; rules.smoke)
 *   at U V                     AT fire by U at vehicle V (11.x)
 *   asl U H                    assault movement into adjacent hex H (12.1)
 *   chg U M T                  cavalry charge (15.31): CAV unit U led by a cavalry leader enters M (opportunity fire there),
 *                              then must assault T (two hexes from its start, spotted, M on the line to it) unless stopped
 *   melee H                    optional assault in an assault hex (12.3)
 *   end                        end the activation; assaults entered this segment are resolved (12.2)
 *   opp U | oppx H | oppat U | nofire   opportunity fire decisions of the inactive seat (13.0)
 *   loss U                     the owner gives the next step loss to unit U (7.61, 7.63)
 *
 * U, V, L are unit indices; H, T hex indices.
 */
import type { Hex } from '../../hex/grid.js';
import { IllegalActionError } from '../../core/game.js';
import { ActionNames } from '../../core/names.js';
import { d6, roll2d6 } from '../../core/rng.js';
import type { Draft } from './draft.js';
import {
  applyHexResult,
  atInReach,
  lossCandidates,
  moraleModOf,
  resolveAt,
  resolveFire,
  stepLoss,
  moraleCheck,
  leaderCasualties,
  columnIndex,
  shiftColumn,
  tableResult,
  type FireSpec,
} from './combat.js';
import { resolveAfterFirstFire, resolveAssault, assaultStrength } from './assault.js';
import {
  anyThreats,
  moveCost2,
  moveOne,
  possibleThreats,
  forEachFleeHex,
  mayStep,
  startingMp2,
  threatens,
  unitMoveBlocked,
} from './movement.js';
import { concealing, fireLineClear, hexSpotsUnit, isNight, spotBits, spotsUnitWith } from './spotting.js';
import {
  ATSHOTS,
  CARRIED,
  DEMORALIZED,
  DIG,
  DISRUPTED,
  F_ACTIVATED,
  F_ENTRENCHED,
  F_LIMBERED,
  F_LOADED,
  F_ASSAULT_IN,
  F_DECL_FIRE,
  F_DECL_MOVE,
  F_DUG_IN,
  F_FIRED,
  F_CAV_LED,
  F_CHARGE,
  F_MOVED_TURN,
  F_HIDDEN,
  F_IN_ACT,
  F_LEADER_ACT,
  F_MOVED,
  F_MUST_STOP,
  F_RECOVERED,
  F_SELF_ACT,
  F_TANK_LEADER,
  F_TL_REVEALED,
  FLAGS,
  GOOD,
  HEX,
  MORALE,
  MP,
  OPP,
  MINE_REVEALED,
  Phase,
  STEPS,
  EXITED,
  XFIRE,
  type Effect,
} from './state.js';
import { doubleSegment, endSegment, finishActivation, mayDoubleSegment, maySaveSegment, saveSegment, updateControl } from './turn.js';
import {
  atReach,
  shareCarrierMorale,
  bombStrength,
  canRide,
  inEntrenchment,
  occupyEntrenchment,
  cannotFire,
  combatIn,
  def,
  dfStrength,
  fitsStack,
  isAssaultHex,
  isCarrier,
  moraleValue,
  leaderMoraleBonus,
  needsLimber,
  sideIn,
  values,
} from './units.js';

// Interned action strings (core/names.ts): the legal-action lists are rebuilt after every action.
const STACK = new ActionNames('stack'),
  LEADER = new ActionNames('leader'),
  UNIT = new ActionNames('unit');
const DECL_MOVE = new ActionNames('decl', ' m'),
  DECL_FIRE = new ActionNames('decl', ' f'),
  DECL_NONE = new ActionNames('decl', ' n');
const MV = new ActionNames('mv'),
  EXIT = new ActionNames('exit'),
  REC = new ActionNames('rec'),
  DIG_IN = new ActionNames('dig');
const LOAD = new ActionNames('load'),
  UNLOAD = new ActionNames('unload'),
  UNLIMBER = new ActionNames('unlimber');
const DF = new ActionNames('df'),
  BOMB = new ActionNames('bomb'),
  SMOKE = new ActionNames('smoke'),
  AT = new ActionNames('at');
const OBA = new ActionNames('oba'),
  OBASMOKE = new ActionNames('obasmoke'),
  AIR = new ActionNames('air');
const ASL = new ActionNames('asl'),
  MELEE = new ActionNames('melee'),
  LOSS = new ActionNames('loss');
const OPP_FIRE = new ActionNames('opp'),
  OPP_AT = new ActionNames('oppat'),
  OPP_CROSS = new ActionNames('oppx');

// ---------- activation (3.1-3.3) ----------

function canActivate(d: Draft, i: number, seat: number): boolean {
  // The row read once: this runs for every unit of the side on every segment's list of activations.
  const r = d.u[i]!;
  return def(d, i).side === seat && r[HEX]! >= 0 && (r[FLAGS]! & F_ACTIVATED) === 0 && r[CARRIED] === 0;
}

/**
 * A set of units, each with whether a leader of its kind leads it (5.4), in the order they were put in: what a
 * Map<number, boolean> would hold, kept in typed arrays that are reused (an activation is begun after every few
 * actions of a random line, and a Map per activation was garbage).
 */
class UnitMarks {
  /** Per unit: 0 not in the set, 1 in it and not led by a leader of its kind, 2 in it and led. */
  private mark = new Uint8Array(0);
  /** The units in the set, in the order first put in: the first `size` entries. */
  private order = new Int32Array(0);
  size = 0;

  /** Empties the set, for units numbered below `units`. */
  reset(units: number): void {
    if (this.mark.length < units) {
      this.mark = new Uint8Array(units);
      this.order = new Int32Array(units);
    } else for (let k = 0; k < this.size; k++) this.mark[this.order[k]!] = 0;
    this.size = 0;
  }
  has(i: number): boolean {
    return this.mark[i] !== 0;
  }
  /** Whether unit i, in the set, is led by a leader of its kind. */
  led(i: number): boolean {
    return this.mark[i] === 2;
  }
  set(i: number, led: boolean): void {
    if (this.mark[i] === 0) this.order[this.size++] = i;
    this.mark[i] = led ? 2 : 1;
  }
  /** The k-th unit put in. */
  unit(k: number): number {
    return this.order[k]!;
  }
}

/** The marks activationSet fills, and those standingWithout asks a leader's reach into (never in use at once). */
const activationMarks = new UnitMarks(),
  reachMarks = new UnitMarks();

/**
 * A regular leader's reach (3.12, 3.2): his hex and, in good order, the six adjacent hexes; units he may lead; his
 * subordinates' reach (with `chain`; without it, the subordinates themselves only).
 */
function leaderReach(d: Draft, leader: number, out: UnitMarks, chain = true): void {
  const l = def(d, leader);
  const m = d.get(leader, MORALE);
  if (m === DEMORALIZED) return;
  out.set(leader, true);
  if (l.isKom) {
    // 6.6 (L188, L190): a Kommissar leads nobody; he activates with the demoralized units stacked with him to help them recover.
    for (let i = d.firstIn(d.hex(leader)); i >= 0; i = d.nextIn(i)) {
      const u = def(d, i);
      if (!u.isLeader && canActivate(d, i, l.side) && d.get(i, MORALE) === DEMORALIZED) out.set(i, false);
    }
    return;
  }
  const h = d.hex(leader);
  const hexes = [h];
  if (m === GOOD)
    for (let k = 0; k < 6; k++) {
      const n = d.sc.map.grid.neighbour(h, k);
      if (n >= 0) hexes.push(n);
    }
  for (const hx of hexes) {
    for (let i = d.firstIn(hx); i >= 0; i = d.nextIn(i)) {
      const u = def(d, i);
      if (!canActivate(d, i, l.side) || out.led(i)) continue;
      if (u.isLeader) {
        // 3.2: lower-ranking leaders activate in turn, through the chain.
        if (u.rank < l.rank && d.get(i, MORALE) !== DEMORALIZED && !u.isKom) {
          if (chain) leaderReach(d, i, out);
          else out.set(i, true);
        }
        continue;
      }
      // 3.3: regular leaders lead non-AFVs and APCs; armoured cars only their own leader (6.8). SP guns: ruling
      // rules.spGunsRegularLeaders (L102 "can only be activated by regular leaders" against L103).
      if (!u.isAfv || u.isApc || (u.type === 'SPG' && d.sc.rules.spGunsRegularLeaders)) out.set(i, true);
    }
  }
}

/** A tank leader's reach (3.3): tank-symbol AFVs and APCs in his hex and, in good order, the adjacent hexes. */
function tankLeaderReach(d: Draft, tank: number, out: UnitMarks): void {
  const m = d.get(tank, MORALE);
  if (m === DEMORALIZED) return;
  const h = d.hex(tank);
  const hexes = [h];
  if (m === GOOD)
    for (let k = 0; k < 6; k++) {
      const n = d.sc.map.grid.neighbour(h, k);
      if (n >= 0) hexes.push(n);
    }
  for (const hx of hexes) {
    for (let i = d.firstIn(hx); i >= 0; i = d.nextIn(i)) {
      const u = def(d, i);
      if (canActivate(d, i, def(d, tank).side) && (u.isTankSymbol || u.isApc)) out.set(i, true);
    }
  }
}

/** The units an activation brings in; the value says whether the unit is led by a leader of its kind (5.4). */
export function activationSet(d: Draft, kind: string, x: number): Map<number, boolean> {
  const marks = markActivation(d, kind, x);
  const set = new Map<number, boolean>();
  for (let k = 0; k < marks.size; k++) set.set(marks.unit(k), marks.led(marks.unit(k)));
  return set;
}

/** activationSet in the shared marks (valid until the next call). */
function markActivation(d: Draft, kind: string, x: number): UnitMarks {
  const seat = d.active;
  const out = activationMarks;
  out.reset(d.sc.units.length);
  if (kind === 'unit') {
    out.set(x, def(d, x).type === 'AC');
  } else if (kind === 'leader') {
    leaderReach(d, x, out);
  } else {
    // 3.11: a whole stack self-activates; leaders in it bring their reach, tank leaders theirs.
    for (let i = d.firstIn(x); i >= 0; i = d.nextIn(i)) if (canActivate(d, i, seat)) out.set(i, def(d, i).type === 'AC');
    for (let i = d.firstIn(x); i >= 0; i = d.nextIn(i)) {
      if (!canActivate(d, i, seat)) continue;
      const u = def(d, i);
      if (u.isLeader) leaderReach(d, i, out);
      else if (d.flag(i, F_TANK_LEADER)) tankLeaderReach(d, i, out);
    }
  }
  return out;
}

/** Whether unit i brings others into an activation: a leader, or (in its own stack) a tank carrying a tank leader (3.3). */
function bringsUnits(d: Draft, i: number): boolean {
  return def(d, i).isLeader || (d.flag(i, F_TANK_LEADER) && d.flag(i, F_SELF_ACT));
}

/**
 * 3.1, 3.13: what of the current activation still stands when unit `out` (a leader or a tank leader) declares
 * itself out: the units in it by themselves (F_SELF_ACT), and those a leader still in it reaches, through the chain
 * of subordinates still in it (3.2). Maps each to whether a leader of its kind still leads it (5.4). Units not in the
 * map were there only through the leader who left.
 */
function standingWithout(d: Draft, out: number): Map<number, boolean> {
  const led = new Map<number, boolean>();
  const givers: number[] = [];
  for (const i of d.act) {
    if (i === out || !d.flag(i, F_IN_ACT) || !d.flag(i, F_SELF_ACT)) continue;
    led.set(i, def(d, i).type === 'AC'); // an armoured car leads itself (6.8)
    if (bringsUnits(d, i)) givers.push(i);
  }
  const reach = reachMarks;
  for (let k = 0; k < givers.length; k++) {
    const g = givers[k]!;
    reach.reset(d.sc.units.length);
    if (def(d, g).isLeader) leaderReach(d, g, reach, false);
    else tankLeaderReach(d, g, reach);
    for (let r = 0; r < reach.size; r++) {
      const j = reach.unit(r);
      const byKind = reach.led(j);
      if (j === out || !d.flag(j, F_IN_ACT)) continue;
      const was = led.get(j);
      if (was === undefined) {
        led.set(j, byKind);
        if (def(d, j).isLeader) givers.push(j);
      } else if (byKind && !was) led.set(j, true);
    }
  }
  return led;
}

/** Applies `standingWithout(d, out)`: units there only through him leave the activation; the rest keep only the lead that stands. */
function withdrawFromActivation(d: Draft, out: number): void {
  const standing = standingWithout(d, out);
  for (const i of d.act) {
    if (i === out || !d.flag(i, F_IN_ACT)) continue;
    const led = standing.get(i);
    if (led === undefined) d.setFlag(i, F_IN_ACT | F_LEADER_ACT | F_DECL_MOVE | F_DECL_FIRE | F_CAV_LED, false);
    else d.setFlag(i, F_LEADER_ACT, led);
  }
  if (d.sc.hasCavalryCharge) {
    for (const i of d.act) d.setFlag(i, F_CAV_LED, false);
    markCavalryLed(
      d,
      d.act.filter((i) => d.flag(i, F_IN_ACT)),
    );
  }
}

// ---------- aircraft (15.1) ----------

/**
 * 15.1: `air T K`: aircraft K (pool index) attacks hex T; that is the side's whole segment (no ground unit or
 * off-board artillery acts in it, L438). Design: one aircraft per air segment (so never more than 3 a hex, L438);
 * targets are enemy-occupied hexes that are not assault hexes and hold an enemy unit that is not hidden (16.6);
 * aircraft with the same values are offered once.
 */
function airActions(d: Draft, out: string[]): void {
  const seat = d.active;
  const pool = d.sc.sides[seat]!.airPool;
  const mask = d.air[seat]!;
  const kinds: number[] = [];
  for (let k = 0; k < pool.length; k++) {
    if (((mask >> k) & 1) === 0) continue;
    if (!kinds.some((j) => pool[j]!.df === pool[k]!.df && pool[j]!.at === pool[k]!.at)) kinds.push(k);
  }
  for (const t of enemyHexes(d, seat)) {
    if (isAssaultHex(d, t)) continue;
    let visible = false;
    for (let i = d.firstIn(t); i >= 0; i = d.nextIn(i))
      if (def(d, i).side !== seat && !d.flag(i, F_HIDDEN)) {
        visible = true;
        break;
      }
    if (!visible) continue;
    for (const k of kinds) out.push(AIR.of2(t, k));
  }
}

/** 15.1 air attack (L438-L443): 1d6: 1-2 misses (and 9.5 friendly fire on the Bombardment table), 3-6 attacks on the
 * Direct Fire table, -1 column if an undemoralized enemy AA unit is within 3 hexes; each AT factor rolls 1d6, a 6 is a
 * step loss to an AFV in the hex (its owner picks which, digest 8.1 #20). Then the segment ends. */
function airStrike(d: Draft, t: Hex, k: number): void {
  const seat = d.active;
  const a = d.sc.sides[seat]!.airPool[k]!;
  d.mut('air')[seat] = d.air[seat]! & ~(1 << k);
  const grid = d.sc.map.grid;
  const r = d6(d.rng);
  d.events &&
    d.say(
      () =>
        `${d.sc.sides[seat]!.name} aircraft (${a.df}${a.at ? `/${a.at} AT` : ''}) at ${grid.label(t)}: roll ${r}: ${r <= 2 ? 'misses' : 'attacks'} [PG3 15.1]`,
    );
  if (r <= 2) friendlyFire(d, t, seat);
  else {
    let aa = 0;
    for (const e of d.sc.units) {
      if (e.side === seat || e.type !== 'AA') continue;
      const h = d.hex(e.index);
      if (h >= 0 && d.get(e.index, MORALE) !== DEMORALIZED && grid.distance(h, t) <= 3) {
        aa = -1;
        break;
      }
    }
    if (a.df > 0) {
      resolveFire(d, {
        kind: 'direct',
        firers: [],
        strength: a.df,
        target: t,
        moverOnly: -1,
        baseShift: baseShift(d, 'direct', [], t, 1 - seat, false) + aa,
        targetSeat: 1 - seat,
        label: d.events !== null ? `Air attack at ${grid.label(t)}${aa ? ' (enemy AA: -1 column)' : ''} [PG3 15.1]` : '',
      });
    }
    let hits = 0;
    for (let f = 0; f < a.at; f++) if (d6(d.rng) === 6) hits++;
    if (hits > 0) {
      const afvs = d.unitsIn(t).filter((i) => def(d, i).side !== seat && def(d, i).isAfv);
      d.events && d.say(() => `Air AT factors: ${hits} six${hits > 1 ? 'es' : ''}${afvs.length ? '' : ' but no AFV there'} [PG3 15.1]`);
      if (afvs.length > 0)
        d.mut('queue').push({
          k: 'loss',
          seat: 1 - seat,
          hex: t,
          losses: hits,
          pool: afvs,
          assault: false,
          needAfv: false,
          why: 'air AT attack [PG3 15.1]',
        });
    }
  }
  d.mut('queue').push({ k: 'finish' });
}

// ---------- legal actions ----------

function activationActions(d: Draft, out: string[]): void {
  const seat = d.active;
  const units = d.sc.units;
  // Stacks in order of their first unit that may activate: the side's units are walked in unit order, so
  // a hex is new the first time one of them is met there (the occupancy lists are in unit order too).
  // `activatable` counts them per hex; it is all zeros between calls.
  const activatable = hexCounts(d.sc.map.size);
  const stacks: Hex[] = [];
  // mustRecover(d, seat), asked in the same walk: a demoralized unit on the map that has not activated.
  let mustRecover = false;
  for (const i of d.sc.unitsOf[seat]!) {
    // canActivate with the row read once, less its side test: these are the side's units.
    const r = d.u[i]!;
    const h = r[HEX]!;
    if (h < 0 || (r[FLAGS]! & F_ACTIVATED) !== 0) continue;
    const demoralized = r[MORALE] === DEMORALIZED;
    if (demoralized) mustRecover = true;
    if (r[CARRIED] !== 0) continue;
    if (activatable[h] === 0) {
      stacks.push(h);
      out.push(STACK.of(h));
    }
    activatable[h]!++;
    if (units[i]!.isLeader && !demoralized) out.push(LEADER.of(i));
  }
  for (const h of stacks) {
    if (activatable[h]! > 1)
      for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) if (canActivate(d, i, seat) && !units[i]!.isLeader) out.push(UNIT.of(i));
    activatable[h] = 0;
  }
  if (d.sc.hasAir && d.air[seat] !== 0) airActions(d, out);
  if (!mustRecover) out.push('pass');
  if (maySaveSegment(d)) out.push('save');
  if (mayDoubleSegment(d)) out.push('double');
}

/** A per-hex counter array of at least `size` entries, all zero (its users set back what they count). */
let hexCountScratch = new Int32Array(0);
function hexCounts(size: number): Int32Array {
  if (hexCountScratch.length < size) hexCountScratch = new Int32Array(size);
  return hexCountScratch;
}

/** Declaration options as bits, listed in this order: Fire, Move, None (3.13). */
const DECLARE_FIRE = 1,
  DECLARE_MOVE = 2,
  DECLARE_NONE = 4;

function declareOptions(d: Draft, i: number): number {
  const u = def(d, i);
  let opts = 0;
  const m = d.get(i, MORALE);
  if (m === DEMORALIZED) return DECLARE_MOVE; // 14.3: must attempt recovery
  const limbered = d.flag(i, F_LIMBERED);
  const v = values(d, i);
  if (!u.isLeader && !u.isTransport && !limbered && (v.df > 0 || v.bomb > 0 || v.at >= 0)) opts |= DECLARE_FIRE;
  // A weapon without MA moves only to unlimber or to limber onto a transport in its hex (5.6).
  if (v.ma > 0 || m !== GOOD || u.isLeader || limbered || (needsLimber(u) && emptyCarrierIn(d, i))) opts |= DECLARE_MOVE;
  // Declaring nothing leaves the unit out (activating is voluntary, 3.12), but someone must act; a leader out
  // takes out with him what only he brought in (3.1), so he may only leave if someone still stands. What still
  // stands without him (standingWithout) is empty exactly when no other unit is in the activation by itself
  // (F_SELF_ACT): those stand, and bring in the rest. The leader whose activation this is acts (3.1): he is in
  // it by himself and no one else is; a leader in an activated stack may stay out.
  const needSelf = bringsUnits(d, i);
  let othersIn = false;
  let othersSelf = false;
  for (let k = 0; k < d.act.length; k++) {
    if (k === d.declIndex) continue;
    const j = d.act[k]!;
    const self = d.flag(j, F_SELF_ACT);
    othersSelf ||= self;
    othersIn ||= d.flag(j, F_IN_ACT) && (self || !needSelf);
  }
  const leaderIsSource = u.isLeader && d.flag(i, F_SELF_ACT) && !othersSelf;
  if ((!leaderIsSource && othersIn) || opts === 0) opts |= DECLARE_NONE;
  return opts;
}

/** Whether a good-order transport of i's side with no unit aboard is in i's hex (5.6). */
function emptyCarrierIn(d: Draft, i: number): boolean {
  const side = def(d, i).side;
  for (let j = d.firstIn(d.hex(i)); j >= 0; j = d.nextIn(j)) {
    const t = def(d, j);
    if (t.side === side && isCarrier(t) && d.get(j, MORALE) === GOOD && !d.flag(j, F_LOADED)) return true;
  }
  return false;
}

/** 5.6: load, unload and unlimber options of the activation. */
function transportActions(d: Draft, out: string[]): void {
  const seat = d.active;
  for (const t of d.act) {
    const tu = def(d, t);
    if (!isCarrier(tu) || !d.flag(t, F_IN_ACT) || !d.flag(t, F_DECL_MOVE) || d.hex(t) < 0 || d.carried(t)) continue;
    const m = d.get(t, MORALE);
    const h = d.hex(t);
    const mp = d.get(t, MP);
    // Unload: personnel and leaders cost the transport 1 MP; weapons none (they unlimber at once: their segment).
    if (m !== DEMORALIZED) {
      for (const c of d.cargoOf(t)) {
        const cu = def(d, c);
        if (needsLimber(cu) ? d.flag(c, F_IN_ACT) : mp < LOAD_MP2) continue;
        if (!fitsStack(d, c, h)) continue;
        out.push(UNLOAD.of(c));
      }
    }
    // Load: only a good-order transport, never in a hex holding enemy units.
    if (m !== GOOD || sideIn(d, h, 1 - seat)) continue;
    let leaders = 0;
    for (const c of d.cargoOf(t)) if (def(d, c).isLeader) leaders++;
    for (let c = d.firstIn(h); c >= 0; c = d.nextIn(c)) {
      const cu = def(d, c);
      if (
        c === t ||
        cu.side !== seat ||
        !canRide(cu) ||
        !d.flag(c, F_IN_ACT) ||
        !d.flag(c, F_DECL_MOVE) ||
        d.get(c, MORALE) === DEMORALIZED
      )
        continue;
      if (cu.isLeader ? leaders >= 3 : d.flag(t, F_LOADED)) continue;
      if (needsLimber(cu)) {
        // Limber and load: all MPs of both, so neither may have moved this segment.
        if (d.flag(t, F_MOVED) || d.flag(c, F_MOVED) || mp < startingMp2(d, t)) continue;
      } else if (mp < LOAD_MP2 || d.get(c, MP) < LOAD_MP2) continue;
      out.push(LOAD.of2(t, c));
    }
  }
  for (const i of d.act) {
    if (
      d.flag(i, F_LIMBERED) &&
      d.flag(i, F_IN_ACT) &&
      d.flag(i, F_DECL_MOVE) &&
      !d.flag(i, F_MOVED) &&
      d.get(i, MORALE) !== DEMORALIZED &&
      !d.carried(i)
    )
      out.push(UNLIMBER.of(i));
  }
}

/** 5.6: loading or unloading personnel costs 1 MP (doubled here) to both units. */
const LOAD_MP2 = 2;

function load(d: Draft, t: number, c: number): void {
  const cu = def(d, c);
  if (needsLimber(cu)) {
    d.set(t, MP, 0);
    d.set(c, MP, 0);
    d.setFlag(t, F_MOVED);
  } else {
    d.set(t, MP, d.get(t, MP) - LOAD_MP2);
    d.set(c, MP, d.get(c, MP) - LOAD_MP2);
  }
  d.setFlag(c, F_MOVED);
  d.set(c, DIG, 0);
  d.setFlag(c, F_DUG_IN | F_LIMBERED | F_ENTRENCHED, false);
  d.board(c, t);
  d.events && d.say(() => `${cu.name} ${needsLimber(cu) ? 'limbers and loads' : 'loads'} onto ${def(d, t).name} [PG3 5.6]`);
}

function unload(d: Draft, c: number): void {
  const t = d.carrier(c);
  const cu = def(d, c);
  if (!needsLimber(cu)) d.set(t, MP, Math.max(0, d.get(t, MP) - LOAD_MP2));
  d.alight(c);
  // The unloaded unit shares the transport's Move action: it may not enter another hex, and is done this turn.
  d.set(c, MP, 0);
  occupyEntrenchment(d, c);
  if (d.flag(c, F_IN_ACT)) d.setFlag(c, F_MUST_STOP | F_MOVED);
  else d.setFlag(c, F_ACTIVATED);
  d.events && d.say(() => `${cu.name} unloads from ${def(d, t).name}${needsLimber(cu) ? ' and unlimbers' : ''} [PG3 5.6]`);
}

/** Units of the activation that may fire, grouped by hex. Read-only: when none may, a shared empty map. */
function firingHexes(d: Draft): ReadonlyMap<Hex, number[]> {
  let byHex: Map<Hex, number[]> | null = null;
  for (const i of d.act) {
    if (!d.flag(i, F_IN_ACT) || !d.flag(i, F_DECL_FIRE) || d.flag(i, F_FIRED) || d.hex(i) < 0 || d.carried(i)) continue;
    if (d.get(i, MORALE) === DEMORALIZED) continue;
    const h = d.hex(i);
    byHex ??= new Map<Hex, number[]>();
    let l = byHex.get(h);
    if (!l) byHex.set(h, (l = []));
    l.push(i);
  }
  return byHex ?? NO_FIRERS;
}
const NO_FIRERS: ReadonlyMap<Hex, number[]> = new Map();

/** Enemy-occupied hexes (any unit of the other side). */
const NO_HEXES: readonly Hex[] = Object.freeze([]);

function enemyHexes(d: Draft, seat: number): Hex[] {
  // Walks the occupancy index: each hex is listed once without a Set (this runs on every legal-action call).
  const out: Hex[] = [];
  const units = d.sc.units;
  for (const i of d.sc.unitsOf[1 - seat]!) {
    const h = d.hex(i);
    if (h < 0) continue;
    let first = d.firstIn(h);
    while (first >= 0 && units[first]!.side === seat) first = d.nextIn(first);
    if (first === i) out.push(h);
  }
  return out;
}

/** Whether some enemy unit in hex t is spotted from hex h (8.0: one spotted unit exposes the hex). */
function hexSpotsHex(d: Draft, h: Hex, t: Hex, seat: number): boolean {
  // What the map and the light rule out for every unit in t, asked once for the hex.
  const bits = spotBits(d, h, t);
  if (bits === 0) return false;
  for (let i = d.firstIn(t); i >= 0; i = d.nextIn(i)) if (def(d, i).side !== seat && spotsUnitWith(d, bits, h, i, t)) return true;
  return false;
}

/** Whether an undemoralized regular leader (9.1) or the firing hex spots some enemy unit in t. */
function bombardSpotted(d: Draft, from: Hex, t: Hex, seat: number): boolean {
  if (hexSpotsHex(d, from, t, seat)) return true;
  for (const l of d.sc.leadersOf[seat]!) {
    if (d.get(l, MORALE) === DEMORALIZED) continue;
    const h = d.hex(l);
    if (h >= 0 && hexSpotsHex(d, h, t, seat)) return true;
  }
  return false;
}

/** Whether unit i (of the active side) has hex t in its DF range with a clear line of fire (7.3, 10.1). */
function mayDirectFire(d: Draft, i: number, t: Hex): boolean {
  const h = d.hex(i);
  const dist = d.sc.map.grid.distance(h, t);
  return dist > 0 && dist <= values(d, i).dfRange && dfStrength(d, i) > 0 && fireLineClear(d, d.active, h, t, def(d, i).isHmgLike);
}

/** The units of a direct fire from hex h at t: those in h in range with a clear line, plus adjacent hexes a leader brings in (6.41). */
export function directFireGroup(d: Draft, h: Hex, t: Hex, byHex: ReadonlyMap<Hex, number[]>): number[] {
  const seat = d.active;
  const grid = d.sc.map.grid;
  const inRange = (i: number): boolean => mayDirectFire(d, i, t);
  const group = (byHex.get(h) ?? []).filter(inRange);
  if (group.length === 0) return group;
  // 6.41: an activated good-order leader with combat modifier N adds N adjacent hexes.
  let cm = 0;
  for (let i = d.firstIn(h); i >= 0; i = d.nextIn(i)) {
    const u = def(d, i);
    if (u.isLeader && u.side === seat && d.flag(i, F_IN_ACT) && d.get(i, MORALE) === GOOD) cm = Math.max(cm, u.combatMod);
  }
  if (cm > 0) {
    const extra: { hex: Hex; units: number[]; s: number }[] = [];
    for (let k = 0; k < 6; k++) {
      const n = grid.neighbour(h, k);
      const us = n >= 0 ? (byHex.get(n) ?? []).filter(inRange) : [];
      if (us.length > 0 && hexSpotsHex(d, n, t, seat)) extra.push({ hex: n, units: us, s: us.reduce((a, i) => a + dfStrength(d, i), 0) });
    }
    extra.sort((a, b) => b.s - a.s);
    for (const e of extra.slice(0, cm)) group.push(...e.units);
  }
  return group;
}

function executeActions(d: Draft, out: string[]): void {
  const seat = d.active;
  const grid = d.sc.map.grid;
  // 15.31: a charge that survived the opportunity fire in its first hex goes on into the charged hex.
  if (d.charge !== null && chargeGoesOn(d)) {
    out.push(ASL.of2(d.charge.unit, d.charge.target));
    return;
  }
  const night = isNight(d);
  const exits = d.sc.sides[seat]!.exitHexes;
  for (const i of d.act) {
    if (!d.flag(i, F_IN_ACT) || d.hex(i) < 0 || d.carried(i)) continue;
    const u = def(d, i);
    const h = d.hex(i);
    const m = d.get(i, MORALE);
    if (d.flag(i, F_DECL_MOVE)) {
      if (m !== GOOD && !d.flag(i, F_RECOVERED) && !d.flag(i, F_MOVED)) out.push(REC.of(i));
      if (m !== DEMORALIZED && !d.flag(i, F_RECOVERED)) {
        if (unitMoveBlocked(d, i) === null) {
          const threats = d.flag(i, F_LEADER_ACT) || u.isLeader ? undefined : possibleThreats(d, i);
          for (let k = 0; k < 6; k++) {
            const n = grid.neighbour(h, k);
            if (n >= 0 && mayStep(d, i, h, n, threats, night, k)) out.push(MV.of2(i, n));
          }
        }
        if (exits.length > 0 && exits.includes(h) && !d.decapitated(i, h)) out.push(EXIT.of(i));
        if (
          m === GOOD &&
          !u.isLeader &&
          !d.flag(i, F_MOVED) &&
          !d.flag(i, F_DUG_IN) &&
          d.sc.terrain[d.sc.map.terrain[h]!]!.digIn &&
          d.sc.entrenched[h] === 0 &&
          d.get(i, MP) > 0
        )
          out.push(DIG_IN.of(i));
      }
    }
  }
  transportActions(d, out);
  const byHex = firingHexes(d);
  const oba = obaLeft(d, seat);
  const enemies = byHex.size > 0 || oba > 0 ? enemyHexes(d, seat) : NO_HEXES;
  for (const [h, units] of byHex) {
    const inAssault = isAssaultHex(d, h);
    // The farthest any unit here reaches with DF and with bombardment: most targets are beyond both.
    let dfReach = -1,
      bombReach = -1;
    if (!inAssault) {
      for (const i of units) {
        const v = values(d, i);
        if (v.dfRange > dfReach && dfStrength(d, i) > 0) dfReach = v.dfRange;
        if (v.bombRange > bombReach && bombStrength(d, i) > 0) bombReach = v.bombRange;
      }
    }
    for (const t of enemies) {
      if (t === h) continue;
      const dist = grid.distance(h, t);
      // A direct fire group is empty exactly when no unit of hex h may fire at t (the leader's hexes join a group, 6.41).
      if (dist <= dfReach && !isAssaultHex(d, t) && hexSpotsHex(d, h, t, seat) && units.some((i) => mayDirectFire(d, i, t)))
        out.push(DF.of2(h, t));
      if (dist <= bombReach && bombardSpotted(d, h, t, seat)) {
        out.push(BOMB.of2(h, t));
        // 16.1: smoke instead of an attack, at a spotted hex in range (not one already smoked).
        if (d.sc.rules.smoke && !d.smoke.includes(t) && units.some((i) => canFireSmoke(d, i, t))) out.push(SMOKE.of2(h, t));
      }
    }
    if (!inAssault) splitActions(d, h, units, enemies, out);
    for (const i of units) {
      const u = def(d, i);
      // AT fire (11.0); a second shot for armor-efficient units (11.2).
      const atLimit = armorEfficient(d, i) ? 2 : 1;
      if (values(d, i).at >= 0 && d.get(i, ATSHOTS) < atLimit && !d.flag(i, F_MOVED)) {
        for (const e of d.sc.vehiclesOf[1 - seat]!) {
          const eh = d.hex(e);
          if (eh < 0) continue;
          if (inAssault ? eh !== h : isAssaultHex(d, eh) && d.unitsIn(eh).some((j) => def(d, j).side === seat && def(d, j).isAfv)) continue;
          if (!hexSpotsUnit(d, h, e) || !atInReach(d, i, e)) continue;
          if (!inAssault && !fireLineClear(d, seat, h, eh, true)) continue;
          out.push(AT.of2(i, e));
        }
      }
      // 12.1: assault movement by activated, good-order units led by a leader of their kind, starting adjacent.
      if (
        !inAssault &&
        !d.flag(i, F_FIRED) &&
        !d.flag(i, F_MOVED) &&
        d.get(i, MORALE) === GOOD &&
        d.flag(i, F_LEADER_ACT) &&
        !u.isTransport &&
        !d.decapitated(i, h)
      ) {
        for (let k = 0; k < 6; k++) {
          const n = grid.neighbour(h, k);
          if (n < 0 || !combatIn(d, n, 1 - seat) || !fitsStack(d, i, n)) continue;
          if (moveCost2(d, i, h, n) < 0) continue;
          out.push(ASL.of2(i, n));
        }
        if (d.sc.hasCavalryCharge && u.type === 'CAV' && d.flag(i, F_CAV_LED)) chargeActions(d, i, h, enemies, out);
      }
    }
    if (inAssault && !d.assaults.includes(h) && units.some((i) => !d.flag(i, F_ASSAULT_IN) && d.get(i, MORALE) !== DEMORALIZED))
      out.push(MELEE.of(h));
  }
  leaderAssaultActions(d, out);
  if (oba > 0) obaActions(d, out, enemies, oba);
  out.push('end');
}

/** 16.1: only mortars and on-board artillery fire smoke, at a hex within their bombardment range. */
function canFireSmoke(d: Draft, i: number, t: Hex): boolean {
  const u = def(d, i);
  return (
    (u.type === 'MORTAR' || u.type === 'ART') && bombStrength(d, i) > 0 && d.sc.map.grid.distance(d.hex(i), t) <= values(d, i).bombRange
  );
}

/** 16.1: each smoke-firing unit (or off-board factor) rolls 2d6; 8 or less places a smoke marker in the target hex. */
function smokeRoll(d: Draft, who: string, t: Hex): void {
  const r = roll2d6(d.rng);
  const placed = r <= SMOKE_ROLL && !d.smoke.includes(t);
  if (placed) d.mut('smoke').push(t);
  d.events &&
    d.say(() => `${who} fires smoke at ${d.sc.map.grid.label(t)}: roll ${r}: ${r <= SMOKE_ROLL ? 'smoke placed' : 'no smoke'} [PG3 16.1]`);
}
const SMOKE_ROLL = 8;

function fireSmoke(d: Draft, h: Hex, t: Hex): void {
  const firers = (firingHexes(d).get(h) ?? []).filter((i) => canFireSmoke(d, i, t));
  for (const i of firers) {
    d.setFlag(i, F_FIRED);
    d.set(i, DIG, 0);
  }
  for (const i of firers) smokeRoll(d, def(d, i).name, t);
}

/** 16.1: one off-board factor fires smoke (the smallest left: its strength does not matter); it counts toward the 3 a segment (9.2). */
function offboardSmoke(d: Draft, t: Hex): void {
  const seat = d.active;
  const vals = d.sc.sides[seat]!.offboard;
  const k = obaRemaining(d, seat).sort((p, q) => vals[p]! - vals[q]!)[0]!;
  d.mut('obaUsed')[seat] = d.obaUsed[seat]! | (1 << k);
  d.obaThisSegment += 1;
  smokeRoll(d, `Off-board artillery factor (${vals[k]})`, t);
}

/** 7.25: the smallest part of a split HMG fire. */
const SPLIT_MIN = 3;

/**
 * 7.25: an HMG may divide its DF among several targets (parts of at least 3), never on opportunity fire.
 * Design: two targets, the larger half (rounded up) at the first; offered only for an HMG firing DF 6+
 * with two eligible target hexes, so the action list stays small. Each part fires alone (no leader bonus).
 */
function splitActions(d: Draft, h: Hex, units: readonly number[], enemies: readonly Hex[], out: string[]): void {
  const seat = d.active;
  const grid = d.sc.map.grid;
  for (const i of units) {
    if (def(d, i).type !== 'HMG' || d.flag(i, F_FIRED)) continue;
    const df = dfStrength(d, i);
    if (df < 2 * SPLIT_MIN) continue;
    const range = values(d, i).dfRange;
    const targets = enemies.filter(
      (t) =>
        t !== h && grid.distance(h, t) <= range && !isAssaultHex(d, t) && hexSpotsHex(d, h, t, seat) && fireLineClear(d, seat, h, t, true),
    );
    for (const a of targets)
      for (const b of targets) {
        if (a === b || (df % 2 === 0 && a > b)) continue; // equal halves: one order is enough
        out.push(`split ${i} ${a} ${b}`);
      }
  }
}

function splitFire(d: Draft, i: number, t1: Hex, t2: Hex): void {
  const seat = d.active;
  const df = dfStrength(d, i);
  const first = Math.ceil(df / 2);
  d.setFlag(i, F_FIRED);
  d.set(i, DIG, 0);
  for (const [t, part] of [
    [t1, first],
    [t2, df - first],
  ] as const) {
    const label = d.events !== null ? `${def(d, i).name} split fire (${part} of ${df}) at ${d.sc.map.grid.label(t)} [PG3 7.25]` : '';
    resolveFire(d, {
      kind: 'direct',
      firers: [i],
      strength: part,
      target: t,
      moverOnly: -1,
      baseShift: baseShift(d, 'direct', [i], t, 1 - seat, false),
      targetSeat: 1 - seat,
      label,
    });
  }
}

function armorEfficient(d: Draft, i: number): boolean {
  const u = def(d, i);
  return u.isAfv && d.sc.sides[u.side]!.armorEfficiency && d.get(i, STEPS) === u.maxSteps;
}

/** Whether the side's off-board artillery factor k has not fired this turn (9.2: each fires once a turn). */
function obaUnused(d: Draft, seat: number, k: number): boolean {
  return ((d.obaUsed[seat]! >> k) & 1) === 0;
}

/** The side's off-board factors that have not fired this turn. */
function obaRemaining(d: Draft, seat: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < d.sc.sides[seat]!.offboard.length; k++) if (obaUnused(d, seat, k)) out.push(k);
  return out;
}

/** How many off-board artillery factors the active side may still fire this segment (9.2: 3 a segment, each once a turn). */
function obaLeft(d: Draft, seat: number): number {
  const room = 3 - d.obaThisSegment;
  if (room <= 0) return 0;
  const used = d.obaUsed[seat]!;
  const n = d.sc.sides[seat]!.offboard.length;
  let left = 0;
  for (let k = 0; k < n; k++) left += ((used >> k) & 1) ^ 1; // obaUnused
  return Math.min(room, left);
}

/** 9.2: `oba T N` for 1..n factors at each enemy hex a good or disrupted leader spots (9.1); smoke (16.1). */
function obaActions(d: Draft, out: string[], enemies: readonly Hex[], n: number): void {
  const seat = d.active;
  const leaders = d.sc.leadersOf[seat]!;
  for (const t of enemies) {
    let spotted = false;
    for (let k = 0; k < leaders.length && !spotted; k++) {
      const l = leaders[k]!;
      const h = d.hex(l);
      spotted = h >= 0 && d.get(l, MORALE) !== DEMORALIZED && hexSpotsHex(d, h, t, seat);
    }
    if (!spotted) continue;
    for (let k = 1; k <= n; k++) out.push(OBA.of2(t, k));
    if (d.sc.rules.smoke && !d.smoke.includes(t)) out.push(OBASMOKE.of(t)); // 16.1
  }
}

/** Opportunity-fire options of the inactive seat against the unit that just entered a hex (13.0-13.2). */
export function oppOptions(d: Draft): string[] {
  const out: string[] = [];
  oppScan(d, out);
  return out;
}

/** Whether the moving unit offers any opportunity fire (oppOptions is not empty), without listing them. */
export function hasOppOption(d: Draft): boolean {
  return oppScan(d, null);
}

/**
 * The opportunity-fire options at the moving unit (13.0), pushed to `out`; with `out` null, only whether
 * there is one (the scan stops at the first).
 */
function oppScan(d: Draft, out: string[] | null): boolean {
  const ctx = d.opp;
  if (!ctx) return false;
  const mover = ctx.mover;
  const mh = d.hex(mover);
  if (mh !== ctx.hex || mh < 0) return false;
  const seat = 1 - d.active;
  const grid = d.sc.map.grid;
  let any = false;
  let dfByHex: Map<Hex, number> | null = null;
  const target = def(d, mover);
  const vehicle = target.isAfv || target.type === 'TRUCK';
  for (const i of d.sc.firersOf[seat]!) {
    const e = def(d, i);
    const h = d.hex(i);
    if (h < 0) continue;
    // Out of reach of both its fire (7.3) and its AT fire at up to 150% of range (11.3): nothing below can
    // make it a shot. Most units are, and this runs after every hex a unit enters.
    const reach = values(d, i);
    const far = grid.distance(h, mh);
    if (far > reach.dfRange && !(vehicle && far <= atReach(reach))) continue;
    if (d.get(i, MORALE) === DEMORALIZED || ctx.fired.includes(i) || cannotFire(d, i)) continue;
    const opp = d.get(i, OPP);
    if (d.flag(i, F_ACTIVATED) && opp === 0) continue; // activated this turn: no opportunity fire (13.0)
    if (isAssaultHex(d, h)) continue;
    const dfUsed = opp & 3,
      atUsed = opp >> 2;
    if (!hexSpotsUnit(d, h, mover)) continue;
    const dist = grid.distance(h, mh);
    if (atUsed === 0 && dfUsed < 2 && dfStrength(d, i) > 0 && dist <= values(d, i).dfRange && fireLineClear(d, seat, h, mh, e.isHmgLike)) {
      // DF affects an AFV only through X results: still a legal shot.
      if (out === null) return true;
      any = true;
      out.push(OPP_FIRE.of(i));
      dfByHex ??= new Map<Hex, number>();
      dfByHex.set(h, (dfByHex.get(h) ?? 0) + 1);
    }
    const atLimit = armorEfficient(d, i) ? 2 : 1;
    if (dfUsed === 0 && atUsed < atLimit && (target.isAfv || target.type === 'TRUCK') && atInReach(d, i, mover)) {
      if (out === null) return true;
      any = true;
      out.push(OPP_AT.of(i));
    }
  }
  if (out === null) return false;
  if (dfByHex !== null) for (const [h, n] of dfByHex) if (n > 1) out.push(OPP_CROSS.of(h));
  if (any) out.push('nofire');
  return any;
}

export function legalActionsOf(d: Draft): string[] {
  const out: string[] = [];
  switch (d.phase) {
    case Phase.Segment:
      activationActions(d, out);
      break;
    case Phase.Declare: {
      const i = d.act[d.declIndex]!;
      const opts = declareOptions(d, i);
      if ((opts & DECLARE_FIRE) !== 0) out.push(DECL_FIRE.of(i));
      if ((opts & DECLARE_MOVE) !== 0) out.push(DECL_MOVE.of(i));
      if ((opts & DECLARE_NONE) !== 0) out.push(DECL_NONE.of(i));
      break;
    }
    case Phase.Execute:
      executeActions(d, out);
      break;
    case Phase.OppFire:
      out.push(...oppOptions(d));
      break;
    case Phase.Allocate: {
      const e = d.queue[0];
      if (e && e.k === 'loss') for (const i of lossCandidates(d, e)) out.push(LOSS.of(i));
      break;
    }
    default:
      break;
  }
  return out;
}

/** Whose decision it is. */
export function seatToMove(d: { readonly phase: Phase; readonly active: number; readonly queue: readonly Effect[] }): number {
  if (d.phase === Phase.OppFire) return 1 - d.active;
  if (d.phase === Phase.Allocate) {
    const e = d.queue[0];
    return e && e.k === 'loss' ? e.seat : d.active;
  }
  return d.active;
}

// ---------- applying ----------

/** An action string taken apart: its verb and up to three numeric arguments (NaN where absent or not a number). */
export interface ParsedAction {
  readonly verb: string;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  /** The last argument as text (the declared mode of `decl U m|f|n`). */
  readonly last: string;
}

/**
 * Parses `verb a b c` by character codes. `action.split(' ')` was most of the doctrine's assess time
 * (a scripted decision parses every legal action): it flattens the string and allocates an array and
 * a string per part.
 */
export function parseAction(action: string): ParsedAction {
  const n = action.length;
  let i = action.indexOf(' ');
  const verb = i < 0 ? action : action.slice(0, i);
  const args = [NaN, NaN, NaN];
  let lastStart = -1;
  for (let k = 0; i >= 0 && i < n; k++) {
    const start = i + 1;
    let j = start;
    let v = 0;
    let numeric = j < n;
    for (; j < n; j++) {
      const c = action.charCodeAt(j);
      if (c === 32) break;
      if (c < 48 || c > 57) numeric = false;
      else v = v * 10 + (c - 48);
    }
    if (k < 3) args[k] = numeric && j > start ? v : NaN;
    lastStart = start;
    i = j < n ? j : -1;
  }
  return { verb, a: args[0]!, b: args[1]!, c: args[2]!, last: lastStart < 0 ? '' : action.slice(lastStart) };
}

export function applyAction(d: Draft, action: string): void {
  const p = parseAction(action);
  const { verb, last } = p;
  // As small integers: the parsed fields are doubles (NaN marks an absent one), and one double written into
  // the unit array (a hex, a unit index) turns it and every later state's copy into a slower array of doubles.
  const a = p.a | 0,
    b = p.b | 0,
    c = p.c | 0;
  // 15.31: a charge stopped in its first hex (shaken, stopped by mines, target gone) is over.
  if (d.charge !== null && d.phase === Phase.Execute && verb !== 'asl') d.charge = null;
  switch (verb) {
    case 'pass':
      d.events && d.say(() => `${d.sc.sides[d.active]!.name} passes [PG3 3.0]`);
      endSegment(d, true);
      return;
    case 'stack':
    case 'leader':
    case 'unit':
      beginActivation(d, verb, a);
      return;
    case 'air':
      airStrike(d, a, b);
      break;
    case 'save':
      saveSegment(d);
      return;
    case 'double':
      doubleSegment(d);
      return;
    case 'decl':
      declare(d, a, last);
      return;
    case 'mv':
      doMove(d, a, b);
      return;
    case 'exit':
      doExit(d, a);
      return;
    case 'rec':
      recover(d, a);
      break;
    case 'load':
      load(d, a, b);
      break;
    case 'unload':
      unload(d, a);
      break;
    case 'unlimber':
      d.setFlag(a, F_LIMBERED, false);
      d.set(a, MP, 0);
      d.setFlag(a, F_MOVED);
      d.events && d.say(() => `${def(d, a).name} unlimbers [PG3 5.6]`);
      break;
    case 'dig':
      digIn(d, a);
      break;
    case 'df':
      directFire(d, a, b);
      break;
    case 'bomb':
      bombard(d, a, b);
      break;
    case 'oba':
      offboard(d, a, b);
      break;
    case 'smoke':
      fireSmoke(d, a, b);
      break;
    case 'split':
      splitFire(d, a, b, c);
      break;
    case 'obasmoke':
      offboardSmoke(d, a);
      break;
    case 'at': {
      d.setFlag(a, F_FIRED);
      d.set(a, ATSHOTS, d.get(a, ATSHOTS) + 1);
      d.set(a, DIG, 0);
      resolveAt(d, a, b);
      break;
    }
    case 'asl':
      assaultMove(d, a, b);
      return;
    case 'chg':
      charge(d, a, b, c);
      return;
    case 'melee': {
      const attackers = d.act.filter(
        (i) => d.hex(i) === a && d.flag(i, F_IN_ACT) && d.flag(i, F_DECL_FIRE) && !d.flag(i, F_FIRED) && d.get(i, MORALE) !== DEMORALIZED,
      );
      resolveAssault(d, a, d.active, attackers);
      break;
    }
    case 'end':
      endActivation(d);
      break;
    case 'opp':
    case 'oppx':
    case 'oppat':
      opportunityFire(d, verb, a);
      break;
    case 'nofire':
      d.opp = null;
      d.phase = Phase.Execute;
      return;
    case 'loss':
      allocateLoss(d, a);
      return;
    default:
      throw new IllegalActionError(action, 'unknown action');
  }
  if (d.phase !== Phase.Over) settleInto(d, d.phase === Phase.OppFire ? Phase.OppFire : Phase.Execute);
}

function beginActivation(d: Draft, kind: string, x: number): void {
  const set = markActivation(d, kind, x);
  // Order: the activating leader first, then by hex and index, so declarations come in a fixed order (an
  // insertion sort: a few units, and the order is total, so any sort gives this list).
  const leaderFirst = kind === 'leader' ? x : -1;
  const list: number[] = [];
  for (let k = 0; k < set.size; k++) {
    const v = set.unit(k);
    let b = list.length - 1;
    list.push(v);
    while (b >= 0 && activatesBefore(d, leaderFirst, v, list[b]!)) {
      list[b + 1] = list[b]!;
      b--;
    }
    list[b + 1] = v;
  }
  for (const i of list) {
    d.setFlag(i, set.led(i) ? F_IN_ACT | F_LEADER_ACT : F_IN_ACT);
    if (kind === 'stack' ? d.hex(i) === x : i === x) d.setFlag(i, F_SELF_ACT);
  }
  if (d.sc.hasCavalryCharge) markCavalryLed(d, list);
  // Tank leaders reveal themselves by leading (digest 8.3): the opponent sees which AFV led.
  if (kind === 'stack')
    for (const i of list)
      if (d.flag(i, F_TANK_LEADER) && list.some((j) => d.flag(j, F_LEADER_ACT) && def(d, j).isTankSymbol)) d.setFlag(i, F_TL_REVEALED);
  d.act = list;
  d.declIndex = 0;
  d.phase = Phase.Declare;
  d.events &&
    d.say(
      () =>
        `${d.sc.sides[d.active]!.name} activates ${kind === 'stack' ? `the stack at ${d.sc.map.grid.label(x)}` : def(d, x).name}: ${list.map((i) => def(d, i).name).join(', ')} [PG3 3.1]`,
    );
  autoDeclare(d);
}

/** Whether unit p declares before unit q: the leader `first` (-1: none), then by hex, then by index. */
function activatesBefore(d: Draft, first: number, p: number, q: number): boolean {
  if (p === first) return true;
  if (q === first) return false;
  const hp = d.hex(p),
    hq = d.hex(q);
  return hp !== hq ? hp < hq : p < q;
}

/** Declarations with only one choice are made at once, so agents only see real decisions. */
function autoDeclare(d: Draft): void {
  while (d.phase === Phase.Declare) {
    const i = d.act[d.declIndex]!;
    const opts = declareOptions(d, i);
    if ((opts & (opts - 1)) !== 0) return; // more than one choice
    declare(d, i, opts === DECLARE_MOVE ? 'm' : opts === DECLARE_FIRE ? 'f' : 'n');
  }
}

function declare(d: Draft, i: number, mode: string): void {
  if (mode === 'm') {
    d.setFlag(i, F_DECL_MOVE);
    d.set(i, MP, startingMp2(d, i));
  } else if (mode === 'f') d.setFlag(i, F_DECL_FIRE);
  else {
    d.setFlag(i, F_IN_ACT | F_LEADER_ACT, false);
    if (bringsUnits(d, i)) withdrawFromActivation(d, i);
  }
  d.declIndex++;
  // Units that left with their leader declare nothing.
  while (d.declIndex < d.act.length && !d.flag(d.act[d.declIndex]!, F_IN_ACT)) d.declIndex++;
  if (d.declIndex >= d.act.length) {
    d.act = d.act.filter((j) => d.flag(j, F_IN_ACT));
    d.phase = Phase.Execute;
    d.events &&
      d.say(() => `Declared: ${d.act.map((j) => `${def(d, j).name} ${d.flag(j, F_DECL_FIRE) ? 'FIRE' : 'MOVE'}`).join(', ')} [PG3 3.13]`);
    return;
  }
  autoDeclare(d);
}

function doMove(d: Draft, i: number, to: Hex): void {
  const from = d.hex(i);
  const leaving = isAssaultHex(d, from);
  moveOne(d, i, to);
  d.set(i, DIG, 0);
  d.set(i, XFIRE, 0); // 11.1: crossfire is void once the target has moved
  d.events && d.say(() => `${def(d, i).name} moves ${d.sc.map.grid.label(from)} -> ${d.sc.map.grid.label(to)}`);
  if (d.sc.mineHex[to] === 1) enterMinefield(d, i, to);
  overrunLoneEnemies(d, i, to);
  updateControl(d, to);
  if (leaving && !d.unitsIn(from).some((j) => def(d, j).side === d.active && !def(d, j).isLeader)) freeShot(d, from, i);
  if (d.hex(i) === to) {
    d.opp = { mover: i, hex: to, fired: [] };
    d.phase = Phase.OppFire;
  }
  settleInto(d, d.phase === Phase.OppFire ? Phase.OppFire : Phase.Execute);
}

/**
 * 16.7: a unit entering a minefield hex turns its minefields face up and rolls one die per strength point:
 * each 6 is a step loss (two or more eliminate), every two 5s another (compound demoralization, 14.12),
 * a 5 or 6 demoralizes, any 3-6 stops it. ENGs: one die fewer when an ENG enters or is already there, two
 * fewer when only ENGs enter (units move one at a time here, so: the mover is an ENG). Leaders do not roll.
 */
export function enterMinefield(d: Draft, i: number, h: Hex): void {
  const u = def(d, i);
  let n = 0;
  for (let k = 0; k < d.sc.minefields.length; k++) {
    if (d.sc.minefields[k]!.hex !== h) continue;
    const m = d.mines[k]!;
    n += m & 3;
    if ((m & MINE_REVEALED) === 0) {
      d.mut('mines')[k] = m | MINE_REVEALED;
      d.events && d.say(() => `minefield at ${d.sc.map.grid.label(h)} revealed: strength ${m & 3} [PG3 16.7]`);
    }
  }
  if (u.isLeader) return;
  if (u.type === 'ENG') n -= 2;
  else if (d.unitsIn(h).some((j) => j !== i && def(d, j).side === u.side && def(d, j).type === 'ENG')) n -= 1;
  if (n <= 0) return;
  let sixes = 0,
    fives = 0,
    stop = false;
  const rolls: number[] = [];
  for (let k = 0; k < n; k++) {
    const r = d6(d.rng);
    rolls.push(r);
    if (r === 6) sixes++;
    else if (r === 5) fives++;
    if (r >= 3) stop = true;
  }
  const losses = sixes + Math.floor(fives / 2);
  d.events &&
    d.say(
      () =>
        `${u.name} in the minefield: ${rolls.join(', ')}${losses > 0 ? `: ${losses} step loss${losses > 1 ? 'es' : ''}` : ''}${sixes + fives > 0 ? ', demoralized' : ''}${stop ? ', stops' : ''} [PG3 16.7]`,
    );
  if (losses > 0) stepLoss(d, i, losses, 'minefield');
  if (d.hex(i) < 0) return;
  if (sixes + fives > 0) {
    d.set(i, MORALE, DEMORALIZED);
    d.setFlag(i, F_DUG_IN, false);
    shareCarrierMorale(d, i);
  }
  if (stop) {
    d.setFlag(i, F_MUST_STOP);
    d.set(i, MP, 0);
  }
}

/** 5.3, 6.71: a combat unit entering a hex of only enemy leaders and transports destroys the transports;
 * each leader rolls 2d6: 9+ removed, else displaced to an adjacent hex free of enemies (eliminated if none). */
function overrunLoneEnemies(d: Draft, i: number, h: Hex): void {
  if (!def(d, i).isCombat) return;
  const enemy = 1 - def(d, i).side;
  // Most hexes entered hold no enemy: asked before copying the hex's list (the loop below changes the hex's units).
  if (!sideIn(d, h, enemy)) return;
  for (const j of d.unitsIn(h)) {
    const e = def(d, j);
    if (e.side !== enemy) continue;
    if (e.isTransport) {
      d.mut('stepsLost')[e.side] = d.stepsLost[e.side]! + d.get(j, STEPS);
      d.eliminate(j);
      d.events && d.say(() => `${e.name} overrun [PG3 5.3]`);
      continue;
    }
    if (!e.isLeader) continue;
    const r = roll2d6(d.rng);
    const grid = d.sc.map.grid;
    const dest = [0, 1, 2, 3, 4, 5].map((k) => grid.neighbour(h, k)).find((n) => n >= 0 && !combatIn(d, n, 1 - enemy));
    if (r >= 9 || dest === undefined) {
      d.eliminate(j);
      d.events && d.say(() => `${e.name} caught alone (roll ${r}) and removed [PG3 6.71]`);
    } else {
      d.setHex(j, dest);
      d.events && d.say(() => `${e.name} escapes to ${grid.label(dest)} (roll ${r}) [PG3 6.71]`);
    }
  }
}

/** 12.12: the last unit of a side to leave an assault hex draws a free shot on the Assault Table; negative shifts do not apply. */
function freeShot(d: Draft, hex: Hex, mover: number): void {
  const enemy = d.unitsIn(hex).filter((j) => def(d, j).side !== d.active);
  if (enemy.length === 0) return;
  const t = d.sc.assault;
  const col0 = columnIndex(t, assaultStrength(d, enemy, false));
  if (col0 < 0) return;
  const leader = enemy.some((j) => def(d, j).isLeader && d.get(j, MORALE) !== DEMORALIZED) ? d.sc.charts.modifiers.assaultLeader.value : 0;
  const col = shiftColumn(t, col0, Math.max(0, leader));
  const roll = d6(d.rng);
  const res = tableResult(t, col, roll);
  d.events && d.say(() => `Free shot at ${def(d, mover).name} leaving the assault hex: roll ${roll}: ${res} [PG3 12.12]`);
  if (res === 'M') d.mut('queue').push({ k: 'morale', unit: mover, mod: moraleModOf(d, 'M'), why: 'free shot [PG3 12.12]' });
  else if (res !== '-') {
    stepLoss(d, mover, Number(res), 'free shot');
    d.mut('queue').push({ k: 'morale', unit: mover, mod: moraleModOf(d, 'M2'), why: 'after step loss [PG3 7.61]' });
  }
}

function doExit(d: Draft, i: number): void {
  const u = def(d, i);
  if (!u.isLeader) d.mut('stepsExited')[u.side] = d.stepsExited[u.side]! + d.get(i, STEPS);
  for (const c of d.cargoOf(i)) if (!def(d, c).isLeader) d.mut('stepsExited')[u.side] = d.stepsExited[u.side]! + d.get(c, STEPS);
  d.events && d.say(() => `${u.name} exits the map [PG3 16.5]`);
  d.setHex(i, EXITED);
  d.setFlag(i, F_IN_ACT, false);
  d.setFlag(i, F_ACTIVATED);
  d.phase = Phase.Execute;
}

/** 14.4: 2d6 below morale (+ one activated leader, + terrain such as town); unmodified 2 restores good order;
 * a demoralized leader rolling 12 deserts; a demoralized unit that fails flees (14.31). */
function recover(d: Draft, i: number): void {
  d.setFlag(i, F_RECOVERED);
  d.set(i, MP, 0);
  const u = def(d, i);
  const roll = roll2d6(d.rng);
  // 14.45: +1 in a town or an entrenchment (not cumulative).
  const terrain = Math.max(d.sc.terrain[d.sc.map.terrain[d.hex(i)]!]!.recoveryBonus, inEntrenchment(d, i) ? 1 : 0);
  const m = d.get(i, MORALE);
  const kom = m === DEMORALIZED && !u.isLeader ? komWith(d, i) : -1;
  if (kom >= 0) {
    // 6.6 (L190-L191, L194): the KOM's own morale replaces the unit's (no leader modifier); success: straight to good
    // order; failure: a step loss, still demoralized (and it flees, 14.31). Terrain still helps (14.45).
    const target = def(d, kom).leaderMorale + terrain;
    if (roll < target) {
      d.set(i, MORALE, GOOD);
      d.events && d.say(() => `${u.name} recovers with ${def(d, kom).name}: roll ${roll} vs ${target}: good order [PG3 6.6]`);
      return;
    }
    d.events && d.say(() => `${u.name} fails to recover with ${def(d, kom).name}: roll ${roll} vs ${target}: a step loss [PG3 6.6]`);
    stepLoss(d, i, 1, 'Kommissar [PG3 6.6]');
    if (d.hex(i) >= 0) d.mut('queue').push({ k: 'flee', unit: i });
    return;
  }
  const target = moraleValue(d, i) + leaderMoraleBonus(d, i, true) + terrain;
  if (roll === 2 || roll < target) {
    const next = roll === 2 ? GOOD : m - 1;
    d.set(i, MORALE, next);
    d.events &&
      d.say(() => `${u.name} recovers: roll ${roll} vs ${target}: now ${next === GOOD ? 'in good order' : 'disrupted'} [PG3 14.4]`);
    return;
  }
  if (u.isLeader && m === DEMORALIZED && roll === 12) {
    d.eliminate(i);
    d.events && d.say(() => `${u.name} deserts: roll 12 [PG3 14.4]`);
    return;
  }
  d.events && d.say(() => `${u.name} fails to recover: roll ${roll} vs ${target} [PG3 14.4]`);
  if (m === DEMORALIZED) d.mut('queue').push({ k: 'flee', unit: i });
}

/** 6.6: an activated, undemoralized Kommissar of unit i's side in its hex (disrupted KOMs may help, L192), or -1. */
function komWith(d: Draft, i: number): number {
  const side = def(d, i).side;
  for (let j = d.firstIn(d.hex(i)); j >= 0; j = d.nextIn(j)) {
    const k = def(d, j);
    if (k.isKom && k.side === side && d.flag(j, F_IN_ACT) && d.get(j, MORALE) !== DEMORALIZED) return j;
  }
  return -1;
}

/** 14.31: a demoralized unit that fails recovery flees toward the nearest safe hex; a 0-MA weapon is eliminated;
 * in an assault hex it leaves by one hex, eliminated if every adjacent hex holds enemy combat units. */
export function flee(d: Draft, i: number): void {
  const u = def(d, i);
  const h = d.hex(i);
  if (h < 0) return;
  const grid = d.sc.map.grid;
  const enemy = 1 - u.side;
  // Only the enemies that could threaten i anywhere are asked about each hex (threatens refuses the rest).
  const threats = anyThreats(d, i);
  const safe = (x: Hex): boolean => {
    for (let k = 0; k < threats.length; k++) if (threatens(d, threats[k]!, i, x)) return false;
    return true;
  };
  if (safe(h) && !isAssaultHex(d, h)) return;
  // 14.35: a demoralized unit in an entrenchment need not flee (it may: the engine always stays).
  if (!isAssaultHex(d, h) && inEntrenchment(d, i)) {
    d.events && d.say(() => `${u.name} stays in its entrenchment [PG3 14.35]`);
    return;
  }
  if (isAssaultHex(d, h)) {
    const out = [0, 1, 2, 3, 4, 5]
      .map((k) => grid.neighbour(h, k))
      .filter((n) => n >= 0 && !combatIn(d, n, enemy) && fitsStack(d, i, n) && moveCost2(d, i, h, n) >= 0);
    if (out.length === 0) {
      d.mut('stepsLost')[u.side] = d.stepsLost[u.side]! + d.get(i, STEPS);
      d.eliminate(i);
      d.events && d.say(() => `${u.name} cannot get out of the assault hex and is eliminated [PG3 14.33]`);
      return;
    }
    d.setHex(i, out[0]!);
    occupyEntrenchment(d, i);
    d.events && d.say(() => `${u.name} flees the assault to ${grid.label(out[0]!)} [PG3 14.33]`);
    return;
  }
  if (values(d, i).ma <= 0) {
    const steps = d.get(i, STEPS);
    d.mut('stepsLost')[u.side] = d.stepsLost[u.side]! + steps;
    d.eliminate(i);
    d.events && d.say(() => `${u.name} cannot flee and is eliminated [PG3 14.35]`);
    return;
  }
  const combatHexes: Hex[] = [];
  for (const e of d.sc.unitsOf[enemy]!) if (d.hex(e) >= 0 && def(d, e).isCombat) combatHexes.push(d.hex(e));
  let best = h,
    bestScore = -Infinity;
  forEachFleeHex(d, i, values(d, i).ma * 2, (x, cost) => {
    // Safe hexes first, nearest (cheapest) of them; otherwise as far from the enemy as it can get. A hex scores at
    // most 1000 - cost + 99 when safe, 99 when not: one that cannot beat the best so far is not looked at further.
    if (x === h || 1099 - cost <= bestScore || !fitsStack(d, i, x)) return;
    const isSafe = safe(x);
    if (!isSafe && bestScore >= 99) return;
    let nearest = 99;
    for (let k = 0; k < combatHexes.length; k++) nearest = Math.min(nearest, grid.distance(combatHexes[k]!, x));
    const score = (isSafe ? 1000 - cost : 0) + nearest;
    if (score > bestScore) {
      bestScore = score;
      best = x;
    }
  });
  if (best !== h) {
    d.setHex(i, best);
    occupyEntrenchment(d, i);
    d.events && d.say(() => `${u.name} flees to ${grid.label(best)} [PG3 14.31]`);
  }
}

function digIn(d: Draft, i: number): void {
  d.set(i, MP, 0);
  const p = d.get(i, DIG) + 1;
  if (p >= 2) {
    d.set(i, DIG, 0);
    d.setFlag(i, F_DUG_IN);
    d.events && d.say(() => `${def(d, i).name} is dug in [PG3 16.2]`);
  } else {
    d.set(i, DIG, p);
    d.events && d.say(() => `${def(d, i).name} starts digging in [PG3 16.2]`);
  }
  d.setFlag(i, F_MOVED); // the segment's movement is spent
}

/** Column shifts shared by every unit of the target hex (10.x, 9.x, 4.4, 8.x). */
export function baseShift(
  d: Draft,
  kind: 'direct' | 'bombard',
  firers: readonly number[],
  t: Hex,
  targetSeat: number,
  opp: boolean,
): number {
  const m = d.sc.charts.modifiers;
  const grid = d.sc.map.grid;
  const terrain = d.sc.terrain[d.sc.map.terrain[t]!]!;
  let s = kind === 'direct' ? terrain.directFireShift : terrain.bombardmentShift;
  if (d.smoke.includes(t)) s += kind === 'direct' ? -1 : 0;
  if (isNight(d)) s += m.night.value;
  if (!opp) {
    let combat = 0;
    for (let i = d.firstIn(t); i >= 0; i = d.nextIn(i)) {
      const u = def(d, i);
      if (u.side === targetSeat && u.isCombat && !u.isApc) combat++;
    }
    if (combat >= 3) s += m.threeUnits.value; // 4.4 (not for opportunity fire, 13.2)
  }
  if (kind === 'direct' && firers.length > 0) {
    const dists = firers.map((i) => grid.distance(d.hex(i), t));
    if (dists.every((x) => x <= 1)) s += m.pointBlank.value; // 10.3: point blank
    // 10.2: with mixed ranges the most restrictive shift applies: any firer beyond half range.
    if (firers.some((i, k) => dists[k]! > Math.ceil(values(d, i).dfRange / 2))) s += m.longRange.value;
    if (firers.every((i) => d.sc.map.elevation[d.hex(i)]! < d.sc.map.elevation[t]!)) s += m.targetUphill.value;
  }
  return s;
}

/**
 * Direct fire strength of a group: the units' DF plus each activated leader's modifier to one unit (6.42). Active
 * fire takes it only from leaders of the current activation ("an activated, undemoralized leader"); opportunity fire
 * by the inactive side from unactivated leaders in the firing hex, who are marked for it (13.0, 13.1).
 */
export function groupStrength(d: Draft, firers: readonly number[], leaderBonus: boolean): number {
  let s = 0;
  for (const i of firers) s += dfStrength(d, i);
  if (leaderBonus && firers.length > 0) {
    const side = def(d, firers[0]!).side;
    const opportunity = side !== d.active;
    const hexes = new Set(firers.map((i) => d.hex(i)));
    const cms: number[] = [];
    for (const h of hexes)
      for (let j = d.firstIn(h); j >= 0; j = d.nextIn(j)) {
        const l = def(d, j);
        if (!l.isLeader || l.side !== side || l.combatMod <= 0 || d.get(j, MORALE) === DEMORALIZED) continue;
        if (opportunity ? !d.flag(j, F_ACTIVATED) : d.flag(j, F_IN_ACT)) cms.push(l.combatMod);
      }
    cms.sort((a, b) => b - a);
    for (const c of cms.slice(0, firers.length)) s += c;
  }
  return s;
}

/**
 * @param labelled whether the spec needs its narration label: the rules narrate only when recording events, and
 * the doctrine rates fires without one (formatting two hex labels per rated fire was a share of its time).
 */
export function directFireSpec(d: Draft, h: Hex, t: Hex, labelled = true): FireSpec {
  const byHex = firingHexes(d);
  const firers = directFireGroup(d, h, t, byHex);
  const seat = d.active;
  const label = labelled ? `Direct fire from ${d.sc.map.grid.label(h)} at ${d.sc.map.grid.label(t)}` : '';
  return {
    kind: 'direct',
    firers,
    strength: groupStrength(d, firers, true),
    target: t,
    moverOnly: -1,
    baseShift: baseShift(d, 'direct', firers, t, 1 - seat, false),
    targetSeat: 1 - seat,
    label,
  };
}

function directFire(d: Draft, h: Hex, t: Hex): void {
  const spec = directFireSpec(d, h, t, d.events !== null);
  for (const i of spec.firers) {
    d.setFlag(i, F_FIRED);
    d.set(i, DIG, 0);
  }
  resolveFire(d, spec);
}

/** @param labelled as for directFireSpec. */
export function bombardSpec(d: Draft, h: Hex, t: Hex, targetSeat: number, labelled = true): FireSpec {
  const grid = d.sc.map.grid;
  const firers = (firingHexes(d).get(h) ?? []).filter((i) => bombStrength(d, i) > 0 && grid.distance(h, t) <= values(d, i).bombRange);
  const strength = firers.reduce((s, i) => s + bombStrength(d, i), 0);
  return {
    kind: 'bombard',
    firers,
    strength,
    target: t,
    moverOnly: -1,
    baseShift: baseShift(d, 'bombard', firers, t, targetSeat, false),
    targetSeat,
    label: labelled ? `Bombardment from ${grid.label(h)} at ${grid.label(t)}` : '',
  };
}

function bombard(d: Draft, h: Hex, t: Hex): void {
  const seat = d.active;
  const spec = bombardSpec(d, h, t, 1 - seat, d.events !== null);
  for (const i of spec.firers) {
    d.setFlag(i, F_FIRED);
    d.set(i, DIG, 0);
  }
  resolveBombardment(d, spec, seat);
}

/** 9.4 into an assault hex: one attack on each side; 9.5 friendly fire on adjacent friendly hexes. */
function resolveBombardment(d: Draft, spec: FireSpec, seat: number): void {
  resolveFire(d, spec);
  if (isAssaultHex(d, spec.target) || d.unitsIn(spec.target).some((i) => def(d, i).side === seat)) {
    resolveFire(d, {
      ...spec,
      targetSeat: seat,
      baseShift: baseShift(d, 'bombard', spec.firers, spec.target, seat, false),
      label: `${spec.label} (own units in the assault hex)`,
    });
  }
  friendlyFire(d, spec.target, seat);
}

/** 9.5: a d6 per adjacent hex holding the firer's own units (+1 German/British/American fire); 1-2 hits it on the
 * Bombardment table at the column a second d6 picks, only the firer's own units there. */
function friendlyFire(d: Draft, target: Hex, seat: number): void {
  const grid = d.sc.map.grid;
  const plus = d.sc.sides[seat]!.friendlyFirePlus ? 1 : 0;
  const ff = (d.sc.charts.bombardment as unknown as { friendlyFireColumns: number[] }).friendlyFireColumns;
  for (let k = 0; k < 6; k++) {
    const n = grid.neighbour(target, k);
    if (n < 0 || !d.unitsIn(n).some((i) => def(d, i).side === seat)) continue;
    const r = d6(d.rng) + plus;
    if (r > 2) continue;
    const col = ff[d6(d.rng) - 1]!;
    d.events && d.say(() => `Friendly fire check at ${grid.label(n)}: ${r}: hit, column ${col} [PG3 9.5]`);
    resolveFire(d, {
      kind: 'bombard',
      firers: [],
      strength: col,
      target: n,
      moverOnly: -1,
      baseShift: 0,
      targetSeat: seat,
      label: d.events !== null ? `Friendly fire at ${grid.label(n)}` : '',
    });
  }
}

function offboard(d: Draft, t: Hex, n: number): void {
  const seat = d.active;
  const left = obaRemaining(d, seat)
    .sort((p, q) => d.sc.sides[seat]!.offboard[q]! - d.sc.sides[seat]!.offboard[p]!)
    .slice(0, n);
  let strength = 0;
  let used = d.obaUsed[seat]!;
  for (const k of left) {
    strength += d.sc.sides[seat]!.offboard[k]!;
    used |= 1 << k;
  }
  d.mut('obaUsed')[seat] = used;
  d.obaThisSegment += left.length;
  const spec: FireSpec = {
    kind: 'bombard',
    firers: [],
    strength,
    target: t,
    moverOnly: -1,
    baseShift: baseShift(d, 'bombard', [], t, 1 - seat, false),
    targetSeat: 1 - seat,
    label: d.events !== null ? `Off-board artillery (${left.length} factor${left.length > 1 ? 's' : ''}) at ${d.sc.map.grid.label(t)}` : '',
  };
  resolveBombardment(d, spec, seat);
}

function assaultMove(d: Draft, i: number, h: Hex): void {
  const from = d.hex(i);
  if (d.charge !== null && d.charge.unit === i) {
    d.setFlag(i, F_CHARGE);
    d.charge = null;
  } // 15.31: +1 column
  d.setHex(i, h);
  d.setFlag(i, F_ASSAULT_IN | F_MUST_STOP | F_MOVED | (def(d, i).isLeader ? 0 : F_FIRED)); // a leader moves in (5.0)
  d.set(i, DIG, 0);
  d.setFlag(i, F_DUG_IN | F_ENTRENCHED, false); // an assaulting unit never holds the entrenchment before the enemy (L355)
  if (!d.assaults.includes(h)) d.mut('assaults').push(h);
  if (d.sc.mineHex[h] === 1) enterMinefield(d, i, h);
  d.events &&
    d.say(
      () =>
        `${def(d, i).name} ${def(d, i).isLeader ? 'goes into the assault' : 'assaults'} from ${d.sc.map.grid.label(from)} into ${d.sc.map.grid.label(h)} [PG3 12.1]`,
    );
  d.phase = Phase.Execute;
}

/**
 * 5.0, 12.1: a leader may choose to go with the units he activated into the hex they assaulted (he is never moved
 * with them). Offered to a good-order leader of the activation who declared Move, has not moved, and starts adjacent
 * to a hex a unit of this activation entered by assault movement.
 */
function leaderAssaultActions(d: Draft, out: string[]): void {
  if (d.assaults.length === 0) return;
  const seat = d.active;
  const grid = d.sc.map.grid;
  for (const l of d.act) {
    if (!def(d, l).isLeader || !d.flag(l, F_IN_ACT) || !d.flag(l, F_DECL_MOVE) || d.flag(l, F_MOVED) || d.carried(l)) continue;
    const h = d.hex(l);
    if (h < 0 || d.get(l, MORALE) !== GOOD || d.decapitated(l, h)) continue;
    for (const t of d.assaults) {
      if (grid.distance(h, t) !== 1 || moveCost2(d, l, h, t) < 0) continue;
      let entered = false;
      for (let j = d.firstIn(t); j >= 0 && !entered; j = d.nextIn(j)) entered = def(d, j).side === seat && d.flag(j, F_ASSAULT_IN);
      if (entered) out.push(ASL.of2(l, t));
    }
  }
}

// ---------- cavalry charge (15.31) ----------

/**
 * 15.31 (L449): CAV units led by an activated cavalry leader of the activation (6.9) may charge: a leader's reach
 * is his hex and, in good order, the adjacent hexes (3.12), so a CAV unit there was activated by him.
 */
function markCavalryLed(d: Draft, list: readonly number[]): void {
  const grid = d.sc.map.grid;
  for (const l of list) {
    const ld = def(d, l);
    if (!ld.isCavalryLeader || !d.flag(l, F_LEADER_ACT) || d.get(l, MORALE) === DEMORALIZED) continue;
    const lh = d.hex(l);
    for (const i of list) {
      if (def(d, i).type !== 'CAV' || !d.flag(i, F_LEADER_ACT)) continue;
      const dist = grid.distance(lh, d.hex(i));
      if (dist === 0 || (dist === 1 && d.get(l, MORALE) === GOOD)) d.setFlag(i, F_CAV_LED);
    }
  }
}

/**
 * 15.31 (L449-L451): charges of unit i (good order, led, declared Fire, not yet moved or fired: the caller checked)
 * from h at enemy hexes two hexes away that h spots; the first hex M is a hex adjacent to both (the hexes the line of
 * sight passes through), free of enemy units and enterable, and the charged hex must be enterable from M. A unit that
 * starts adjacent to the target is two hexes away from nothing it could charge there (it assaults normally, 12.1).
 */
function chargeActions(d: Draft, i: number, h: Hex, enemies: readonly Hex[], out: string[]): void {
  const seat = d.active;
  const grid = d.sc.map.grid;
  for (const t of enemies) {
    if (grid.distance(h, t) !== 2 || !combatIn(d, t, 1 - seat) || !fitsStack(d, i, t) || !hexSpotsHex(d, h, t, seat)) continue;
    for (let k = 0; k < 6; k++) {
      const m = grid.neighbour(h, k);
      if (m < 0 || grid.distance(m, t) !== 1 || sideIn(d, m, 1 - seat) || !fitsStack(d, i, m)) continue;
      if (moveCost2(d, i, h, m) < 0 || moveCost2(d, i, m, t) < 0) continue;
      out.push(`chg ${i} ${m} ${t}`);
    }
  }
}

/** Whether the charge under way goes on: the unit is still in good order next to the charged hex and may enter it. */
function chargeGoesOn(d: Draft): boolean {
  const c = d.charge!;
  const i = c.unit;
  const h = d.hex(i);
  return (
    h >= 0 &&
    d.sc.map.grid.distance(h, c.target) === 1 &&
    d.get(i, MORALE) === GOOD &&
    !d.flag(i, F_MUST_STOP) &&
    combatIn(d, c.target, 1 - def(d, i).side) &&
    fitsStack(d, i, c.target)
  );
}

/** 15.31: the charging unit enters its first hex (a move, no MP: it declared Fire); the inactive side may fire at it there (L450). */
function charge(d: Draft, i: number, m: Hex, t: Hex): void {
  const from = d.hex(i);
  d.setHex(i, m);
  d.setFlag(i, F_MOVED | F_MOVED_TURN | F_FIRED);
  d.setFlag(i, F_DUG_IN | F_ENTRENCHED, false);
  d.set(i, DIG, 0);
  d.set(i, XFIRE, 0);
  d.charge = { unit: i, target: t };
  d.events &&
    d.say(
      () =>
        `${def(d, i).name} charges from ${d.sc.map.grid.label(from)} through ${d.sc.map.grid.label(m)} at ${d.sc.map.grid.label(t)} [PG3 15.31]`,
    );
  if (d.sc.mineHex[m] === 1) enterMinefield(d, i, m);
  updateControl(d, m);
  if (d.hex(i) === m) {
    d.opp = { mover: i, hex: m, fired: [] };
    d.phase = Phase.OppFire;
  }
  settleInto(d, d.phase === Phase.OppFire ? Phase.OppFire : Phase.Execute);
}

function endActivation(d: Draft): void {
  for (const h of d.assaults) {
    const attackers = d.act.filter((i) => d.hex(i) === h && d.flag(i, F_ASSAULT_IN));
    resolveAssault(d, h, d.active, attackers);
  }
  // 14.3: activated demoralized units must attempt recovery.
  for (const i of d.act)
    if (d.flag(i, F_IN_ACT) && d.get(i, MORALE) === DEMORALIZED && !d.flag(i, F_RECOVERED) && d.hex(i) >= 0) recover(d, i);
  d.mut('queue').push({ k: 'finish' });
}

function opportunityFire(d: Draft, verb: string, x: number): void {
  const ctx = d.opp!;
  const seat = 1 - d.active;
  const mover = ctx.mover;
  const mh = d.hex(mover);
  let firers: number[];
  if (verb === 'oppat') {
    firers = [x];
    d.set(x, OPP, d.get(x, OPP) + 4);
    d.setFlag(x, F_ACTIVATED);
    d.opp = { ...ctx, fired: [...ctx.fired, x] };
    resolveAt(d, x, mover);
    return;
  }
  if (verb === 'opp') firers = [x];
  else {
    const opts = oppOptions(d);
    firers = opts
      .filter((o) => o.startsWith('opp '))
      .map((o) => Number(o.slice(4)))
      .filter((i) => d.hex(i) === x);
  }
  for (const i of firers) {
    d.set(i, OPP, d.get(i, OPP) + 1);
    d.setFlag(i, F_ACTIVATED);
  }
  // A leader adding his bonus to opportunity fire is marked too (13.1).
  const strength = groupStrength(d, firers, true);
  for (let j = d.firstIn(d.hex(firers[0]!)); j >= 0; j = d.nextIn(j))
    if (def(d, j).isLeader && def(d, j).side === seat && def(d, j).combatMod > 0 && !d.flag(j, F_ACTIVATED)) {
      d.setFlag(j, F_ACTIVATED);
      break;
    }
  d.opp = { ...ctx, fired: [...ctx.fired, ...firers] };
  const spec: FireSpec = {
    kind: 'direct',
    firers,
    strength,
    target: mh,
    moverOnly: mover,
    targetSeat: d.active,
    baseShift: baseShift(d, 'direct', firers, mh, d.active, true),
    label: d.events !== null ? `Opportunity fire at ${def(d, mover).name} in ${d.sc.map.grid.label(mh)} [PG3 13.0]` : '',
  };
  resolveFire(d, spec);
}

function allocateLoss(d: Draft, unit: number): void {
  const e = d.queue[0]!;
  if (e.k !== 'loss') throw new IllegalActionError(`loss ${unit}`, 'no step loss is waiting');
  applyOneLoss(d, e, unit);
  settleInto(d, d.afterPhase);
}

function applyOneLoss(d: Draft, e: Extract<Effect, { k: 'loss' }>, unit: number): void {
  if (def(d, unit).isLeader) {
    d.eliminate(unit);
    d.events && d.say(() => `${def(d, unit).name} is lost [PG3 6.71]`);
  } else stepLoss(d, unit, 1, e.why);
  const rest = e.losses - 1;
  const needAfv = e.needAfv && !def(d, unit).isAfv;
  if (rest > 0) d.mut('queue')[0] = { ...e, losses: rest, needAfv, taken: (e.taken ?? 0) + 1 };
  else d.mut('queue').shift();
}

/**
 * Works through queued effects until one needs a decision (a step loss with a choice) or the queue is
 * empty, then moves play on to `after` (or where the last decision left it).
 */
export function settleInto(d: Draft, after: Phase): void {
  if (d.queue.length > 0 && d.phase !== Phase.Allocate) d.afterPhase = after;
  else if (d.phase !== Phase.Allocate) d.afterPhase = after;
  while (d.queue.length > 0) {
    const e = d.queue[0]!;
    if (e.k === 'loss') {
      const c = lossCandidates(d, e);
      if (c.length === 0) {
        d.mut('queue').shift();
        continue;
      }
      const distinct =
        c.length > 1 &&
        !c.every(
          (i) =>
            def(d, i).counter === def(d, c[0]!).counter &&
            d.get(i, STEPS) === d.get(c[0]!, STEPS) &&
            d.get(i, MORALE) === d.get(c[0]!, MORALE),
        );
      if (distinct) {
        d.phase = Phase.Allocate;
        return;
      }
      applyOneLoss(d, e, c[0]!);
      continue;
    }
    d.mut('queue').shift();
    switch (e.k) {
      case 'morale':
        if (d.hex(e.unit) >= 0) moraleCheck(d, e.unit, e.mod, e.why);
        break;
      case 'leaderCas':
        leaderCasualties(d, e.hex, e.seat, e.steps);
        break;
      case 'flee':
        flee(d, e.unit);
        break;
      case 'assault':
        resolveAfterFirstFire(d, e.hex, e.attacker, e.units);
        break;
      case 'finish': {
        for (const i of d.act) {
          const h = d.hex(i);
          if (h >= 0) updateControl(d, h);
        } // idempotent per hex
        finishActivation(d);
        endSegment(d, false);
        d.afterPhase = d.phase;
        if (d.phase === Phase.Over) {
          d.mut('queue').length = 0;
          return;
        }
        break;
      }
    }
    if (d.phase === Phase.Over) return;
  }
  d.phase = d.afterPhase;
  if (d.phase === Phase.OppFire && !hasOppOption(d)) {
    d.opp = null;
    d.phase = Phase.Execute;
  }
  if (d.phase === Phase.Execute && d.act.length === 0) d.phase = Phase.Segment;
}

export { applyHexResult, F_MUST_STOP, DISRUPTED, concealing };
