/**
 * SPG's advice to the agents: the doctrine (expected losses from the chart probabilities, progress toward
 * the objectives, exposure to enemy fire, rallying), an evaluation (evaluate.ts) and an action
 * ordering for MCTS. Every unit is public in SPG; the advisor rates a seat's actions on what that seat
 * may see (obstacles.ts seatView: the other side's hidden minefields it has not seen are not there).
 */
import type { ActionAssessment, AgentHooks, DoctrineAdvisor } from '../../core/extensions.js';
import { doctrineScore } from '../../core/extensions.js';
import type { Hex } from '../../hex/grid.js';
import { opportunityKind } from './actions.js';
import { antiTankChances, antiTankModifier } from './antitank.js';
import { assaultAttackers } from './assault.js';
import { directFireTargets, groupJoiners } from './fire.js';
import { expectedLoss, assaultOdds, threatsTo } from './odds.js';
import { nearestEnemy } from './morale.js';
import type { Scenario } from './scenario.js';
import { HEX, STEPS, type State } from './state.js';
import { seatView } from './obstacles.js';
import { RecentMemo } from '../../core/memo.js';
import { spgEvaluate } from './evaluate.js';

export { spgEvaluate };

const NOTHING: ActionAssessment = { expectedEnemyLoss: 0, expectedOwnLoss: 0, exposure: 0, objective: 0, cohesion: 0 };

export class SpgDoctrine implements DoctrineAdvisor<State, string> {
  /** seatView of the states asked about most recently, by identity and seat (an agent rates every action of one state). */
  private readonly views = new RecentMemo<State, { seat: number; view: State }>(4);
  constructor(private readonly sc: Scenario) {}

  private viewOf(state: State, seat: number): State {
    const known = this.views.get(state);
    if (known !== undefined && known.seat === seat) return known.view;
    const view = seatView(this.sc, state, seat);
    this.views.set(state, { seat, view });
    return view;
  }

  /** Distance from h to the nearest objective the side does not hold (0 when it holds them all). */
  private objectiveDistance(s: State, side: number, h: Hex): number {
    let best = Infinity;
    this.sc.objectives.forEach((o, k) => {
      if (s.control[k] !== side) best = Math.min(best, this.sc.map.grid.distance(h, o.hex));
    });
    if (best === Infinity)
      this.sc.objectives.forEach((o) => {
        best = Math.min(best, this.sc.map.grid.distance(h, o.hex));
      });
    return best === Infinity ? 0 : best;
  }

  /** Expected enemy steps lost to a direct fire group's one attack (S-24). */
  private groupLoss(s: State, group: readonly number[], h: Hex): number {
    return group.length === 0 ? 0 : expectedLoss(this.sc, s, `fire ${[...group].sort((a, b) => a - b).join('.')} ${h}`);
  }

  /** `group` grown one joiner at a time (fire.ts groupJoiners) while a joiner adds more to the group's fire than its own shot. */
  private bestGroup(s: State, seat: number, group: number[], h: Hex, alone: (j: number) => number): number[] {
    const targets = directFireTargets(this.sc, s, seat, h);
    for (;;) {
      const now = this.groupLoss(s, group, h);
      let best = -1,
        bestGain = group.length === 1 ? -Infinity : 1e-9;
      for (const j of groupJoiners(this.sc, s, group, h, targets)) {
        const gain = this.groupLoss(s, [...group, j], h) - now - alone(j);
        if (gain > bestGain) {
          best = j;
          bestGain = gain;
        }
      }
      if (best < 0) return group;
      group = [...group, best];
    }
  }

  assess(state: State, action: string, seat: number): ActionAssessment {
    const sc = this.sc;
    const s = sc.hiddenMines.length === 0 ? state : this.viewOf(state, seat);
    const w = action.split(' ');
    switch (w[0]) {
      case 'fire':
      case 'bomb':
      case 'at':
        return { ...NOTHING, expectedEnemyLoss: expectedLoss(sc, s, action) };
      case 'air':
        return { ...NOTHING, expectedEnemyLoss: 0.4 };
      case 'group': {
        // S-24: a fire group is worth forming when its combined fire reads a better column than its members
        // firing one by one: rated as the first unit's own shot plus what grouping adds (the best group the
        // joiners can make, each joining while it adds more than its own shot).
        const i = Number(w[1]),
          h = Number(w[2]);
        const alone = (j: number): number => expectedLoss(sc, s, `fire ${j} ${h}`);
        const group = this.bestGroup(s, seat, [i], h, alone);
        const members = group.slice(1).reduce((n, j) => n + alone(j), 0);
        return { ...NOTHING, expectedEnemyLoss: this.groupLoss(s, group, h) - members };
      }
      case 'join': {
        // Against firing the group as it is: the join is worth the group's gain less the joiner's own shot.
        const j = Number(w[1]),
          h = s.groupHex;
        const withJ = this.groupLoss(s, [...s.group, j], h) - expectedLoss(sc, s, `fire ${j} ${h}`);
        return { ...NOTHING, expectedEnemyLoss: withJ };
      }
      case 'assault':
      case 'overrun': {
        const h = Number(w[w[0] === 'assault' ? 1 : 2]);
        const attackers = w[0] === 'assault' ? assaultAttackers(sc, s, seat, h) : [Number(w[1])];
        const o = assaultOdds(sc, s, attackers, h);
        const objective = sc.objectives.some((ob, k) => ob.hex === h && s.control[k] !== seat) ? 1 : 0;
        return { ...NOTHING, expectedEnemyLoss: o.attack.expected, expectedOwnLoss: o.defence.expected, objective };
      }
      case 'opp': {
        const i = Number(w[1]),
          m = s.opp;
        if (opportunityKind(sc, s, i, m) === 'at') {
          const mod = antiTankModifier(sc, s, i, m, { opportunity: true }) ?? -9;
          const c = antiTankChances(sc, mod);
          return { ...NOTHING, expectedEnemyLoss: (c.damage + c.kill) / 36 };
        }
        return { ...NOTHING, expectedEnemyLoss: expectedLoss(sc, s, `fire ${i} ${s.u[m]![HEX]}`) * 0.8 };
      }
      case 'rally':
        return { ...NOTHING, cohesion: 1 };
      case 'deploy':
      case 'pack': {
        // S-03: deployed to bombard when an enemy is in range, packed to move otherwise.
        const m = Number(w[1]);
        const inRange = nearestEnemy(sc, s, seat, s.u[m]![HEX]!) <= sc.units[m]!.full.bombRange;
        return { ...NOTHING, cohesion: (w[0] === 'deploy') === inRange ? 0.1 : 0 };
      }
      case 'move': {
        const i = Number(w[1]),
          to = Number(w[2]);
        const from = s.u[i]![HEX]!;
        const before = from >= 0 ? this.objectiveDistance(s, seat, from) : this.objectiveDistance(s, seat, to) + 3;
        const after = this.objectiveDistance(s, seat, to);
        const onObjective = sc.objectives.some((o, k) => o.hex === to && s.control[k] !== seat) ? 2 : 0;
        const exposure = threatsTo(sc, s, seat, to) * 0.08 * s.u[i]![STEPS]!;
        const drop = w[3] === 'drop' ? 0.3 : 0;
        return { ...NOTHING, objective: (before - after) * 0.3 + onObjective + drop, exposure };
      }
      default:
        return NOTHING;
    }
  }
}

export function spgAgentHooks(sc: Scenario): AgentHooks<State, string> {
  const doctrine = new SpgDoctrine(sc);
  return {
    // SPG's moves are slow to generate (a movement search per unit, reactions inside every move): the
    // search spends its time better on breadth, each new leaf valued by the evaluation at once.
    agentDefaults: { mcts: 'rolloutDepth=0,expandAfter=1' },
    doctrine,
    evaluate: (s) => spgEvaluate(sc, s),
    orderActions: (s, actions) => {
      const seat = s.toMove;
      const scored = actions.map((a) => ({ a, v: doctrineScore(doctrine.assess(s, a, seat)) }));
      scored.sort((x, y) => y.v - x.v);
      return scored.map((x) => x.a);
    },
  };
}
