/**
 * Outcome probabilities of a PG3 combat action, shown by `tacsim play` before the person commits to it.
 * Read-only: built on a Draft view of the state (no dice rolled, nothing written).
 */
import type { Rng } from '../../core/game.js';
import { Draft } from './draft.js';
import { atOdds, columnGroups, fireTargets, P2D6, tableResult, type FireSpec } from './combat.js';
import { assaultOdds } from './assault.js';
import { baseShift, bombardSpec, directFireSpec, groupStrength, oppOptions } from './actions.js';
import type { Scenario } from './scenario.js';
import type { State } from './state.js';

const NO_RNG: Rng = {
  next: () => {
    throw new Error('odds must not roll dice');
  },
  int: () => {
    throw new Error('odds must not roll dice');
  },
};

const pct = (p: number): string => `${Math.round(p * 100)}%`;
const RESULT_NAMES: Record<string, string> = { '-': 'no effect' };

/** Whether an action is combat that deserves odds and a confirmation. */
export function isCombatAction(action: string): boolean {
  return /^(df|bomb|oba|at|asl|melee|opp|oppx|oppat) /.test(action);
}

/** The chances of a fire on each unit it can hit, per table column (also the off-board artillery preview's). */
export function fireOdds(d: Draft, spec: FireSpec): string[] {
  const table = spec.kind === 'direct' ? d.sc.df : d.sc.bomb;
  const targets = fireTargets(d, spec);
  const groups = columnGroups(d, spec, targets);
  const lines: string[] = [`${spec.label}: strength ${spec.strength}, shift ${spec.baseShift >= 0 ? '+' : ''}${spec.baseShift}`];
  if (groups.size === 0) {
    lines.push('  too weak for the table or no target: no effect');
    return lines;
  }
  for (const [col, units] of groups) {
    const dist = new Map<string, number>();
    for (let r = 2; r <= 12; r++) {
      const res = tableResult(table, col, r);
      dist.set(res, (dist.get(res) ?? 0) + P2D6[r]!);
    }
    const order = ['-', 'M', 'M1', 'M2', 'X', '2X', '3X'];
    const parts = order.filter((k) => dist.has(k)).map((k) => `${RESULT_NAMES[k] ?? k} ${pct(dist.get(k)!)}`);
    const who = units.map((i) => `${d.sc.units[i]!.name}#${i}`).join(', ');
    lines.push(`  on ${who} (column ${table.columns[col]}): ${parts.join(', ')}`);
  }
  return lines;
}

function assaultText(dist: number[]): string {
  return [
    `no effect ${pct(dist[0]!)}`,
    `M ${pct(dist[4]!)}`,
    `1 step ${pct(dist[1]!)}`,
    `2 steps ${pct(dist[2]!)}`,
    `3 steps ${pct(dist[3]!)}`,
  ]
    .filter((t) => !t.endsWith(' 0%'))
    .join(', ');
}

/** Lines describing the chances of `action`, or [] when there is nothing to estimate. */
export function combatOdds(sc: Scenario, s: State, action: string): string[] {
  const p = action.split(' ');
  const a = Number(p[1]),
    b = Number(p[2]);
  const d = new Draft(sc, s, NO_RNG, false);
  const seat = d.active;
  try {
    switch (p[0]) {
      case 'df':
        return fireOdds(d, directFireSpec(d, a, b));
      case 'bomb':
        return fireOdds(d, bombardSpec(d, a, b, 1 - seat));
      case 'at': {
        const o = atOdds(d, a, b);
        return [
          `AT fire ${sc.units[a]!.name}#${a} at ${sc.units[b]!.name}#${b}: damage ${pct(o.damage)} (eliminate ${pct(o.eliminate)}), no effect ${pct(1 - o.damage)}`,
        ];
      }
      case 'oppat': {
        const mover = s.opp?.mover ?? -1;
        if (mover < 0) return [];
        const o = atOdds(d, a, mover);
        return [
          `AT opportunity fire ${sc.units[a]!.name}#${a} at ${sc.units[mover]!.name}#${mover}: damage ${pct(o.damage)} (eliminate ${pct(o.eliminate)})`,
        ];
      }
      case 'opp':
      case 'oppx': {
        const ctx = s.opp;
        if (!ctx) return [];
        const firers =
          p[0] === 'opp'
            ? [a]
            : oppOptions(d)
                .filter((o) => o.startsWith('opp '))
                .map((o) => Number(o.slice(4)))
                .filter((i) => d.hex(i) === a);
        if (firers.length === 0) return [];
        const mh = d.hex(ctx.mover);
        const spec: FireSpec = {
          kind: 'direct',
          firers,
          strength: groupStrength(d, firers, true),
          target: mh,
          moverOnly: ctx.mover,
          targetSeat: d.active,
          baseShift: baseShift(d, 'direct', firers, mh, d.active, true),
          label: `Opportunity fire at ${sc.units[ctx.mover]!.name} in ${sc.map.grid.label(mh)}`,
        };
        return fireOdds(d, spec);
      }
      case 'asl':
      case 'melee': {
        const hex = p[0] === 'asl' ? b : a;
        const inHex = d.unitsIn(hex);
        const enemy = inHex.filter((i) => sc.units[i]!.side !== seat);
        let own = inHex.filter((i) => sc.units[i]!.side === seat);
        if (p[0] === 'asl') own = [...own, a];
        if (enemy.length === 0) return [];
        return [
          `Assault in ${sc.map.grid.label(hex)} (one round, if it comes to it):`,
          `  you inflict: ${assaultText(assaultOdds(d, hex, own, enemy, true))}`,
          `  you suffer:  ${assaultText(assaultOdds(d, hex, enemy, own, false))}`,
        ];
      }
      case 'oba':
        return [`Off-board artillery at ${sc.map.grid.label(a)} with ${b} factor${b > 1 ? 's' : ''}`];
      default:
        return [];
    }
  } catch {
    return [];
  }
}
