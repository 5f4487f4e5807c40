/** Plain-language descriptions of actions and units, for the play prompt, logs and replays. */
import type { Scenario } from './scenario.js';
import { DEMORALIZED, DISRUPTED, HEX, MORALE, STEPS, type State } from './state.js';

export function unitLabel(sc: Scenario, s: State, i: number): string {
  const u = sc.units[i]!;
  const h = s.u[i]![HEX]!;
  const where = h >= 0 ? sc.map.grid.label(h) : h === -1 ? 'off map' : h === -2 ? 'eliminated' : 'exited';
  const red = !u.isLeader && s.u[i]![STEPS]! < u.maxSteps ? ' (reduced)' : '';
  const m = s.u[i]![MORALE]!;
  const mor = m === DISRUPTED ? ' [disrupted]' : m === DEMORALIZED ? ' [demoralized]' : '';
  return `${u.name}#${i}${red}${mor} @${where}`;
}

export function describeAction(sc: Scenario, s: State, action: string): string {
  const p = action.split(' ');
  const a = Number(p[1]),
    b = Number(p[2]);
  const L = (h: number): string => sc.map.grid.label(h);
  const U = (i: number): string => unitLabel(sc, s, i);
  switch (p[0]) {
    case 'pass':
      return 'pass the segment';
    case 'save':
      return 'save one opening segment for later in the turn';
    case 'double':
      return 'spend the saved segment: take two segments in a row';
    case 'stack':
      return `activate the stack at ${L(a)}`;
    case 'leader':
      return `activate leader ${U(a)} with the units he can lead`;
    case 'unit':
      return `activate ${U(a)} alone`;
    case 'decl':
      return `${U(a)} will ${p[2] === 'm' ? 'MOVE' : p[2] === 'f' ? 'FIRE' : 'stay out of this activation'}`;
    case 'mv':
      return `move ${U(a)} to ${L(b)}`;
    case 'exit':
      return `exit ${U(a)} off the map`;
    case 'rec':
      return `recovery attempt for ${U(a)}`;
    case 'dig':
      return `dig in ${U(a)}`;
    case 'load':
      return `${U(b)} boards ${U(a)}`;
    case 'unload':
      return `${U(a)} gets off its transport`;
    case 'unlimber':
      return `${U(a)} unlimbers`;
    case 'df':
      return `direct fire from ${L(a)} at ${L(b)}`;
    case 'bomb':
      return `bombard from ${L(a)} at ${L(b)}`;
    case 'oba':
      return `off-board artillery (${b} factor${b > 1 ? 's' : ''}) at ${L(a)}`;
    case 'split':
      return `split fire: ${U(a)} at ${L(b)} (larger half) and ${L(Number(p[3]))}`;
    case 'smoke':
      return `fire smoke from ${L(a)} at ${L(b)}`;
    case 'air': {
      const x = sc.sides[s.active]!.airPool[b];
      return `aircraft ${x ? `${x.df}${x.at ? `/${x.at} AT` : ''}` : b} attacks ${L(a)}: the whole segment`;
    }
    case 'obasmoke':
      return `one off-board artillery factor fires smoke at ${L(a)}`;
    case 'at':
      return `AT fire: ${U(a)} at ${U(b)}`;
    case 'asl':
      return `assault: ${U(a)} into ${L(b)}`;
    case 'chg':
      return `cavalry charge: ${U(a)} through ${L(b)} into ${L(Number(p[3]))}`;
    case 'melee':
      return `assault in ${L(a)}`;
    case 'end':
      return 'end this activation';
    case 'opp':
      return `opportunity fire by ${U(a)}`;
    case 'oppx':
      return `combined opportunity fire from ${L(a)}`;
    case 'oppat':
      return `AT opportunity fire by ${U(a)}`;
    case 'nofire':
      return 'no opportunity fire';
    case 'loss':
      return `take the step loss on ${U(a)}`;
    default:
      return action;
  }
}
