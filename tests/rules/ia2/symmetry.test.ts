/**
 * The point-symmetric scenario must play the same for both sides: its map, forces, plans and objectives
 * are their own image under the 180-degree rotation, and the rules and the doctrine answer a rotated
 * position with the rotated answer (no choice made in direction order, list order or seat order).
 */
import { describe, expect, it } from 'vitest';
import { ScriptedAgent } from '../../../agents/scripted.js';
import { createRng } from '../../../src/core/rng.js';
import { assess, ia2AgentHooks } from '../../../src/rules/ia2/doctrine.js';
import { Ia2Game, withDefaultPlans } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario, vertexHexes, vertexKey } from '../../../src/rules/ia2/scenario.js';
import { HEX, type State } from '../../../src/rules/ia2/state.js';
import { ownersChoice } from '../../../src/rules/ia2/units.js';
import { diceAndPicks } from './choices.js';
import { draftOf, edit, ground, hex, shipped } from './helpers.js';

const sc = loadIa2Scenario(shipped('ia2-mirror'));
const grid = sc.map.grid;
const N = sc.map.size;
const R = (h: number): number => (h >= 0 ? grid.rotate180(h) : h);
/** Each piece's counterpart: the other side's piece of the same counter on the image of its start hex. */
const twin = sc.units.map((u) =>
  sc.units.findIndex((v) => v.side !== u.side && v.counter === u.counter && v.startHex === grid.rotate180(u.startHex)),
);
const twinObjective = sc.objectives.map((o) => sc.objectives.findIndex((p) => p.hex === grid.rotate180(o.hex)));
const flip = (x: number): number => (x < 0 ? x : 1 - x);
const swap = (a: readonly number[]): number[] => [a[1]!, a[0]!];
const incTwin = sc.increments.map((inc) => sc.increments.findIndex((j) => j.side !== inc.side && j.strength === inc.strength));
/** A vertex's image (its three hexes rotated); No Fire (-1) stays. */
const vtx = (k: number): number => (k < 0 ? k : vertexKey(N, vertexHexes(N, k).map(R)));

/** The position seen from the other side of the table. */
function rotated(s: State): State {
  const drum: number[] = [];
  for (let k = 0; k < s.drumfire.length; k += 5)
    drum.push(R(s.drumfire[k]!), R(s.drumfire[k + 1]!), R(s.drumfire[k + 2]!), s.drumfire[k + 3]!, 1 - s.drumfire[k + 4]!);
  return {
    ...s,
    u: s.u.map((_, i) => {
      const r = s.u[twin[i]!]!.slice();
      r[HEX] = R(r[HEX]!);
      return r;
    }),
    events: [],
    toMove: 1 - s.toMove,
    active: 1 - s.active,
    initiative: 1 - s.initiative,
    segs: swap(s.segs),
    lastPass: flip(s.lastPass),
    mover: s.mover < 0 ? s.mover : twin[s.mover]!,
    chargeTo: R(s.chargeTo),
    oppFired: s.oppFired.map((i) => twin[i]!),
    drumfire: drum,
    lastVertex: s.lastVertex.map((_, k) => vtx(s.lastVertex[incTwin[k]!]!)),
    ammoOut: s.ammoOut.map((_, k) => s.ammoOut[incTwin[k]!]!),
    shortage: swap(s.shortage),
    shortageTurn: swap(s.shortageTurn),
    lost: swap(s.lost),
    decapUntil: swap(s.decapUntil),
    decapDone: swap(s.decapDone),
    control: s.control.map((_, k) => flip(s.control[twinObjective[k]!]!)),
    initiativeTurn1: flip(s.initiativeTurn1),
    // Each side's library is the image of the other's, candidate by candidate (checked above).
    plans: swap(s.plans),
  };
}

/** An action as the other side would name it in the rotated position. */
function rotatedAction(a: string): string {
  const w = a.split(' ');
  const u = (x: string) => twin[Number(x)]!;
  const h = (x: string) => R(Number(x));
  switch (w[0]) {
    case 'stack':
      return `stack ${h(w[1]!)}`;
    case 'move':
    case 'assault':
      return `${w[0]} ${u(w[1]!)} ${h(w[2]!)}`;
    case 'charge':
      return `charge ${u(w[1]!)} ${h(w[2]!)} ${h(w[3]!)}`;
    case 'join':
      return `join ${u(w[1]!)} ${u(w[2]!)}`;
    case 'fire': {
      const firers = w[1]!
        .split('+')
        .map((x) => u(x))
        .sort((p, q) => p - q)
        .join('+');
      return `fire ${firers} ${h(w[2]!)}${w[3] === undefined ? '' : ` ${u(w[3])}`}`;
    }
    case 'recover':
      return `recover ${u(w[1]!)}${w[2] === undefined ? '' : ` ${u(w[2])}`}`;
    case 'pass':
    case 'end':
    case 'hold':
      return a;
    default:
      return `${w[0]} ${u(w[1]!)}`;
  }
}

describe('IA2 point-symmetric scenario', () => {
  it('IA2 2.0: ia2-mirror is its own image under the 180-degree rotation (terrain, sight, pieces, plans, objectives)', () => {
    for (let h = 0; h < N; h++) {
      expect(R(h)).toBeGreaterThanOrEqual(0);
      expect(sc.map.terrain[R(h)]).toBe(sc.map.terrain[h]);
      for (let g = 0; g < N; g += 3) expect(sc.map.hasLos(R(h), R(g))).toBe(sc.map.hasLos(h, g));
    }
    expect(twin.every((t) => t >= 0)).toBe(true);
    expect(twinObjective.every((t, k) => t >= 0 && sc.objectives[t]!.vp === sc.objectives[k]!.vp)).toBe(true);
    const [blue, red] = [0, 1].map((side) => sc.increments.filter((inc) => inc.side === side));
    expect(blue!.map((inc) => inc.plan.map((v) => (v < 0 ? v : vertexKey(N, vertexHexes(N, v).map(R)))))).toEqual(
      red!.map((inc) => inc.plan),
    );
    // IA2 9.1: the candidate plans each side may write are the images of the other side's, in the same order.
    const [blueLibrary, redLibrary] = sc.planLibrary;
    expect(blueLibrary!.length).toBe(redLibrary!.length);
    blueLibrary!.forEach((plan, i) => {
      const image = redLibrary![i]!;
      expect(image.kind).toBe(plan.kind);
      for (const [k, line] of plan.fire.entries()) expect(line.map(vtx)).toEqual(image.fire[incTwin[k]!]);
    });
  });

  it('IA2 2.0: the rules and the doctrine answer the rotated position with the rotated actions and ratings', () => {
    const game = new Ia2Game(sc);
    const agent = new ScriptedAgent({}, ia2AgentHooks(sc));
    let checked = 0;
    for (let g = 0; g < 3; g++) {
      const rng = createRng(`mirror-${g}`);
      // From turn 1: both sides have written their scenario plan (the pre-game's choice is checked above).
      let s = withDefaultPlans(game, game.initialState(rng), rng);
      for (let n = 0; n < 250 && !game.isTerminal(s); n++) {
        const m = rotated(s);
        const legal = game.legalActions(s);
        expect(new Set(game.legalActions(m))).toEqual(new Set(legal.map(rotatedAction)));
        for (const a of legal) expect(assess(sc, m, rotatedAction(a), m.toMove)).toEqual(assess(sc, s, a, s.toMove));
        checked += legal.length;
        s = game.apply(s, agent.act(game, s, s.toMove, rng), rng);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('IA2 owner choices', () => {
  it('IA2 6.72: an overrun leader escapes to the free hex nearest his own combat units, not the first in direction order', () => {
    const { sc: g, start } = ground();
    const s = edit(start, { 0: { hex: hex(g, '0607') }, 9: { hex: hex(g, '0405') } });
    const d = draftOf(g, s, diceAndPicks([]));
    const near = hex(g, '0506');
    const far = hex(g, '0708');
    expect(ownersChoice(d, [far, near], 1, 15)).toBe(near);
    expect(ownersChoice(d, [near, far], 1, 15)).toBe(near);
    // Equally near (no combat unit of his side left): a draw decides, not the order the hexes are listed in.
    const e = edit(start, { 0: { hex: hex(g, '0607') } });
    expect(ownersChoice(draftOf(g, e, diceAndPicks([], [1])), [near, far], 1, 15)).toBe(far);
  });
});
