/**
 * The chances of a fire or an assault before it is committed, computed exactly from the tables over the
 * 36 rolls of two dice (no sampling, no dice rolled): for the odds prompt and the scripted agent.
 */
import { tableResult } from '../../hex/tables.js';
import { opportunityShot } from './actions.js';
import { assaultStrength, baseColumn, directFireColumn, lossesOf } from './combat.js';
import type { Scenario } from './scenario.js';
import { Draft, F_ATTACKER, NO_DICE, STEPS, type State } from './state.js';
import { face, fireStrength, sidePieces } from './units.js';

/** Probability of each 2d6 total. */
export const P2D6: readonly number[] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((n) => n / 36);

export function inspect(sc: Scenario, s: State): Draft {
  return new Draft(sc, s, NO_DICE, false);
}

export interface FireForecast {
  /** Per target piece: the chance of each result. */
  readonly targets: readonly { readonly unit: number; readonly chances: ReadonlyMap<string, number> }[];
  /** Expected enemy steps lost (and a third of a step for each morale result, for ranking). */
  readonly expectedLoss: number;
}

/** What a `fire U H [L]` or `opfire F[+G]` would do. */
export function forecastFire(sc: Scenario, s: State, action: string): FireForecast | undefined {
  const w = action.split(' ');
  const d = inspect(sc, s);
  let firer: number, targets: number[], opportunity: boolean, strength: number;
  let range = -1;
  let extraShift = 0;
  let from: number[] = [];
  if (w[0] === 'fire') {
    const firers = w[1]!.split('+').map(Number);
    firer = firers[0]!;
    targets = sidePieces(d, Number(w[2]), 1 - sc.units[firer]!.side);
    opportunity = false;
    const critical = sc.units[firer]!.type === 'GUN' && s.shortage[sc.units[firer]!.side] === 2;
    strength = firers.reduce((n, f) => n + (critical ? Math.ceil(fireStrength(d, f) / 2) : fireStrength(d, f)), 0);
    // 6.52: a leader's bonus needs a firer in his hex (6.51: the others he combined from adjacent hexes).
    const l = w[3] === undefined ? -1 : Number(w[3]);
    if (l >= 0 && firers.some((f) => d.hex(f) === d.hex(l))) strength += face(d, l).combat;
    range = Math.max(...firers.map((f) => sc.map.grid.distance(d.hex(f), Number(w[2]))));
    from = firers.map((f) => d.hex(f));
  } else if (w[0] === 'opfire') {
    // 12.15: one unit's attack or a combined one, as applyAction resolves it.
    const firers = w[1]!.split('+').map(Number);
    const shot = opportunityShot(d, firers);
    firer = firers[0]!;
    targets = [s.mover];
    opportunity = true;
    strength = shot.strength;
    range = shot.range;
    extraShift = shot.extraShift ?? 0;
    from = [...(shot.from ?? [])];
  } else return undefined;
  const def = sc.units[firer]!;
  if (range < 0) range = sc.map.grid.distance(d.hex(firer), d.hex(targets[0]!));
  const shot = { strength, side: def.side, range, opportunity, fieldGun: def.type === 'GUN', extraShift, from };
  let expectedLoss = 0;
  const out = targets.map((t) => {
    const col = directFireColumn(d, shot, t, opportunity);
    const chances = new Map<string, number>();
    for (let roll = 2; roll <= 12; roll++) {
      const r = col < 0 ? '-' : tableResult(sc.df, col, roll);
      chances.set(r, (chances.get(r) ?? 0) + P2D6[roll]!);
      if (!sc.units[t]!.leader) expectedLoss += P2D6[roll]! * (Math.min(lossesOf(r), s.u[t]![STEPS]!) + (r === '-' ? 0 : 0.3));
    }
    return { unit: t, chances };
  });
  return { targets: out, expectedLoss };
}

/** Expected steps each side loses in an assault the active side would make into hex h with `attackers` added. */
export function forecastAssault(sc: Scenario, s: State, h: number, attackers: readonly number[]): { enemy: number; own: number } {
  const d = inspect(sc, s);
  const side = sc.units[attackers[0]!]!.side;
  const att = [...new Set([...sidePieces(d, h, side).filter((p) => d.flag(p, F_ATTACKER)), ...attackers])];
  const def = sidePieces(d, h, 1 - side);
  const expect = (firers: readonly number[], attacking: boolean, targets: readonly number[]) => {
    const col = baseColumn(sc.assault, assaultStrength(d, firers, attacking));
    if (col < 0) return 0;
    const steps = targets.reduce((n, t) => n + (sc.units[t]!.leader ? 0 : d.get(t, STEPS)), 0);
    let e = 0;
    for (let roll = 2; roll <= 12; roll++) e += P2D6[roll]! * Math.min(steps, lossesOf(tableResult(sc.assault, col, roll)));
    return e;
  };
  return { enemy: expect(att, true, def), own: expect(def, false, att) };
}

/** Lines for the odds prompt. */
export function fireOdds(sc: Scenario, s: State, action: string): string[] {
  const w = action.split(' ');
  if (w[0] === 'assault' || w[0] === 'charge') {
    const h = Number(w[w[0] === 'charge' ? 3 : 2]);
    const f = forecastAssault(sc, s, h, [Number(w[1])]);
    return [
      `expected steps lost with the units now attacking: enemy ${f.enemy.toFixed(2)}, own ${f.own.toFixed(2)} (before first fire and morale)`,
    ];
  }
  const f = forecastFire(sc, s, action);
  if (!f) return [];
  return f.targets.map(
    (t) =>
      `${sc.units[t.unit]!.name} #${t.unit}: ${[...t.chances]
        .sort((a, b) => b[1] - a[1])
        .map(([r, p]) => `${r} ${Math.round(p * 100)}%`)
        .join(', ')}`,
  );
}
