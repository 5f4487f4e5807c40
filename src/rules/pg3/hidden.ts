/**
 * PG3 16.6 hidden units (L474-L476). A unit set up `hidden` has a secret position: the other side spots it
 * only at 1/4 of the normal range (minimum 1 hex: 3 hexes in clear daylight, adjacent only in a town), and it
 * is placed on the board (the F_HIDDEN flag cleared) once an enemy unit spots it, or when it moves or fires.
 *
 * Where the engine applies it:
 *  - spotting.ts hexSpotsUnit: the 1/4 range, so no fire (direct, bombardment, AT, off-board) can be aimed at a
 *    hex only hidden units hold, and no fire picks a hidden unit individually;
 *  - draft.ts setHex: moving (or leaving the map) reveals; revealHidden below: firing and being spotted;
 *  - movement.ts threatens: hidden units impose no combat-movement limit (5.4) and make no hex unsafe for fleeing;
 *  - entering a hidden unit's hex: a mover that could try it stands adjacent to it, and adjacent units are always
 *    spotted (8.0, L263), so the unit is revealed by then and 5.3 forbids the entry as for any enemy unit. The
 *    engine therefore never lets a unit enter a hex holding only hidden enemies;
 *  - Pg3Game.determinize: the other seat's hidden units are dealt to random hexes that seat cannot see;
 *  - render.ts: the other side's hidden units are not drawn;
 *  - doctrine.ts: the advisor rates a seat's actions on seatView below, where they are off the map.
 * What remains public (rulings): units in a fired-at hex are all hit, hidden or not (the attack hits the whole
 * hex, 8.0), and the 3-unit shift (4.4) counts them; the opponent may be asked for an opportunity-fire decision
 * that only a hidden unit could make (13.0), which tells it a unit of the other side can see the mover.
 */
import type { Rng } from '../../core/game.js';
import { Draft } from './draft.js';
import { tankLeaderVisible, unitVisible } from './render.js';
import type { Scenario } from './scenario.js';
import { hexSpotsUnit } from './spotting.js';
import { ATSHOTS, CARRIED, F_FIRED, F_HIDDEN, F_TANK_LEADER, FLAGS, HEX, MINE_REVEALED, OFFBOARD, OPP, type State } from './state.js';
import { def, fitsStack } from './units.js';

const NO_DICE: Rng = { next: () => 0, int: () => 0 };

/**
 * What `seat` may know of `state`, as a state its advisor may read: the position the terminal draws for that seat
 * (render.ts unitVisible, tankLeaderVisible). The other side's hidden units are off the map (16.6); its tank leaders
 * not yet revealed are on no tank (6.8); the strengths of its minefields not yet entered are dealt to them in
 * ascending order (16.7: the seat knows which counters were laid, not which is where). Everything else is public.
 * Returns `state` itself when the other side holds no such secret.
 */
export function seatView(sc: Scenario, state: State, seat: number): State {
  const other = 1 - seat;
  const secretLeaders = sc.sides[other]!.tankLeaders >= 0;
  if (!sc.hasHidden && !secretLeaders && sc.minefields.length === 0) return state;
  let d: Draft | null = null;
  const draft = (): Draft => (d ??= new Draft(sc, state, NO_DICE, false));
  for (const i of sc.unitsOf[other]!) {
    const row = state.u[i]!;
    const flags = row[FLAGS]!;
    // A hidden transport's cargo leaves the map with it.
    if (row[HEX]! >= 0 && row[CARRIED] === 0 && !unitVisible(sc, state, i, seat)) draft().setHex(i, OFFBOARD);
    if (secretLeaders && (flags & F_TANK_LEADER) !== 0 && !tankLeaderVisible(sc, state, i, seat)) draft().setFlag(i, F_TANK_LEADER, false);
  }
  if (sc.minefields.length > 0) {
    const secret: number[] = [];
    for (let k = 0; k < sc.minefields.length; k++)
      if (sc.minefields[k]!.side === other && (state.mines[k]! & MINE_REVEALED) === 0) secret.push(k);
    const strengths = secret.map((k) => state.mines[k]!).sort((a, b) => a - b);
    if (secret.some((k, n) => state.mines[k] !== strengths[n])) {
      const m = draft().mut('mines');
      secret.forEach((k, n) => {
        m[k] = strengths[n]!;
      });
    }
  }
  return d === null ? state : (d as Draft).seal();
}

/** Whether any unit of `seat` on the map spots unit `target` if it stood in hex `th`. */
function seatSpotsAt(d: Draft, seat: number, target: number, th: number): boolean {
  const units = d.sc.units;
  for (let i = 0; i < units.length; i++) {
    if (units[i]!.side !== seat) continue;
    const h = d.hex(i);
    if (h >= 0 && hexSpotsUnit(d, h, target, th)) return true;
  }
  return false;
}

/** 16.6 (L476): hidden units that fired or that an enemy unit can spot (at 1/4 range) lose their hidden status. */
export function revealHidden(d: Draft): void {
  const units = d.sc.units;
  for (let i = 0; i < units.length; i++) {
    if (!d.flag(i, F_HIDDEN)) continue;
    const h = d.hex(i);
    if (h < 0) {
      d.setFlag(i, F_HIDDEN, false);
      continue;
    }
    const fired = d.flag(i, F_FIRED) || d.get(i, OPP) > 0 || d.get(i, ATSHOTS) > 0;
    if (fired || seatSpotsAt(d, 1 - units[i]!.side, i, h)) {
      d.setFlag(i, F_HIDDEN, false);
      // What it carries is placed with it.
      for (const c of d.cargoOf(i)) d.setFlag(c, F_HIDDEN, false);
      d.events && d.say(() => `${units[i]!.name} is revealed at ${d.sc.map.grid.label(h)}: ${fired ? 'it fired' : 'spotted'} [PG3 16.6]`);
    }
  }
}

/**
 * Determinization for `seat` (16.6): each hidden unit of the other side is dealt to a random hex of its side's
 * hidden area (scenario.hiddenArea: within 3 hexes of the side's visible set-up) that the seat's units would not
 * spot it in, that its movement class may occupy, free of the seat's units and within stacking. Its true hex
 * plays no part in the choice. With no such hex it stays where it is.
 */
export function relocateHidden(d: Draft, seat: number, rng: Rng): void {
  const sc = d.sc;
  const other = 1 - seat;
  const hidden: number[] = [];
  for (const u of sc.units)
    if (u.side === other && d.flag(u.index, F_HIDDEN) && d.hex(u.index) >= 0 && !d.carried(u.index)) hidden.push(u.index);
  if (hidden.length === 0) return;
  const keep = new Map<number, number[]>();
  for (const i of hidden) {
    keep.set(i, d.cargoOf(i));
    d.setHex(i, OFFBOARD);
  }
  const area = sc.hiddenArea[other]!;
  for (const i of hidden) {
    const u = def(d, i);
    const candidates = (hexes: Iterable<number>): number[] => {
      const ok: number[] = [];
      for (const h of hexes) {
        if (sc.moveCost2[sc.map.terrain[h]! * 4 + u.moveClassIndex]! < 0) continue;
        let seatHere = false;
        for (let j = d.firstIn(h); j >= 0; j = d.nextIn(j))
          if (def(d, j).side === seat) {
            seatHere = true;
            break;
          }
        if (seatHere || !fitsStack(d, i, h)) continue;
        d.setFlag(i, F_HIDDEN); // spotted as a hidden unit: the 1/4 range
        if (seatSpotsAt(d, seat, i, h)) continue;
        ok.push(h);
      }
      return ok;
    };
    let ok = candidates(area);
    // No room there: anywhere on the map out of the seat's sight.
    if (ok.length === 0) ok = candidates(Array.from({ length: sc.map.size }, (_, h) => h));
    const to = ok.length > 0 ? ok[rng.int(ok.length)]! : u.startHex;
    d.setHex(i, to);
    d.setFlag(i, F_HIDDEN);
    for (const c of keep.get(i)!) d.setFlag(c, F_HIDDEN);
  }
}
