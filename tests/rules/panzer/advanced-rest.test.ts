/**
 * GMT Panzer Advanced rules finished after their modules: emergency bail out (6.6.7.1.2) and transported
 * fire (6.6.7.2) in "transport", executing shared commands (6.2.1.1.4) in "command-control", adjusting
 * Planned fire (6.5.1.11.3) in "indirect-fire"; asserted on the state after each action.
 */
import { describe, expect, it } from 'vitest';
import { gpShotFigures } from '../../../src/rules/panzer/advanced/suppression.js';
import { describePanzerAction, legalActions } from '../../../src/rules/panzer/game.js';
import { shotFigures } from '../../../src/rules/panzer/rules.js';
import {
  FIRE,
  MOUNTED,
  MOVE,
  NC,
  NO_MARK,
  OK,
  OVERWATCH,
  SPOT_FIRE_SA,
  type State,
  SUPPRESSION_ON,
} from '../../../src/rules/panzer/state.js';
import { dice, hex, movePhase, run, transport, withUnits } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];

/** The German Direct Fire Step (First Player) with every unit spotted and the commands given (N/C when none). */
function firePhase(s: State, commands: Record<number, number>): State {
  return {
    ...s,
    phase: 'fire',
    first: 0,
    stepSeat: 0,
    owStage: 0,
    units: s.units.map((u, i) => ({ ...u, spotted: u.status !== MOUNTED, ordered: u.status !== MOUNTED, cmd: commands[i] ?? NC })),
  };
}

describe('PANZER 6.6.7.1.2: emergency bail out', () => {
  const truckAndSquad = (enemyHex: string) =>
    transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0308', 'N'],
          [0, 'ger-squad', '0308', 'N'],
          [1, 'sov-squad', enemyHex, 'S'],
        ],
      },
      { 1: 0 },
    );

  it('PANZER 6.6.7.1.2: a passenger bails out at a hex of its carrier move, suppressed, at no cost to the carrier, which moves on', () => {
    const { sc, game, start } = truckAndSquad('0301');
    const s = movePhase(start, { 0: MOVE });
    const to = hex(sc, '0305');
    // The offer opens as the move starts, and again after each step.
    const moving = run(game, s, [`m:0:${to}:0`]);
    expect(legalActions(sc, moving)).toEqual(['e:1', 'go']);
    expect(describePanzerAction(sc, moving, 'e:1')).toContain('bails out');
    const second = run(game, moving, ['go', 'go']);
    expect(second.units[0]!.hex).toBe(hex(sc, '0306'));
    const after = run(game, second, ['e:1']);
    expect(after.units[1]).toMatchObject({ status: OK, carrier: -1, hex: hex(sc, '0306'), sup: SUPPRESSION_ON, moved: true, cmd: NC });
    // The truck goes on to its destination with its whole MF (a bail out costs it nothing).
    expect(after.units[0]).toMatchObject({ hex: to, moved: true, transferred: false });
    expect(after.mover).toBe(-1);
    expect(after.bailOpen).toBe(false);
  });

  it('PANZER 6.6.7.1.2: no bail out to avoid announced overwatch fire: it is offered once the fire is resolved; never to a suppressed passenger', () => {
    const { sc, game, start } = truckAndSquad('0305');
    const s = movePhase(start, { 0: MOVE, 2: OVERWATCH });
    const step = run(game, s, [`m:0:${hex(sc, '0307')}:0`, 'go']);
    // The Soviet overwatch decides first; the passengers have no say until it is over.
    expect(step.reactions.length).toBe(1);
    expect(legalActions(sc, step).some((a) => a.startsWith('e:'))).toBe(false);
    const fired = run(game, step, ['v:2:0'], dice(1));
    expect(legalActions(sc, fired)).toEqual(['e:1', 'go']);
    const suppressed = withUnits(s, { 1: { sup: SUPPRESSION_ON } });
    const quiet = run(game, suppressed, [`m:0:${hex(sc, '0307')}:0`]);
    expect(quiet.bailOpen).toBe(false);
    expect(quiet.units[1]).toMatchObject({ status: MOUNTED, hex: hex(sc, '0307') });
  });
});

describe('PANZER 6.6.7.2: transported fire', () => {
  const scene = () =>
    transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0308', 'N'],
          [0, 'ger-squad', '0308', 'N'],
          [1, 'sov-squad', '0305', 'S'],
        ],
      },
      { 1: 0 },
    );

  it('PANZER 6.6.7.2: a squad fires GP from its carrier (N/C) with -10 and no SHORT HALT modifier; the carrier takes the SPOT/FIRE SA counter', () => {
    const { sc, game, start } = scene();
    const fire = firePhase(start, { 0: NC, 2: FIRE });
    expect(legalActions(sc, fire)).toContain('g:1:2');
    // The same squad on foot in the same hex: the passenger's fire is 10 worse.
    const onFoot = withUnits(fire, { 1: { status: OK, carrier: -1, ordered: true, cmd: FIRE } });
    const mounted = gpShotFigures(sc, fire, 1, 2, false, false);
    expect(mounted.modifier).toBe(gpShotFigures(sc, onFoot, 1, 2, false, false).modifier - 10);
    // A carrier on SHORT HALT gives its passenger no SHORT HALT modifier.
    const halt = withUnits(fire, { 0: { cmd: 3 } });
    expect(gpShotFigures(sc, halt, 1, 2, false, false).modifier).toBe(mounted.modifier);
    const after = run(game, fire, ['g:1:2'], dice(1));
    expect(after.units[1]).toMatchObject({ status: MOUNTED, fired: true, mark: NO_MARK });
    expect(after.units[0]).toMatchObject({ mark: SPOT_FIRE_SA, shown: true, fired: false });
    expect(after.events.some((e) => e.includes('fires GP') && e.includes('-10'))).toBe(true);
  });

  it('PANZER 6.6.7.2: no transported fire from a carrier with MOVE; with OVERWATCH the passenger fires overwatch and the answer is at its carrier', () => {
    const { sc, game, start } = scene();
    expect(legalActions(sc, firePhase(start, { 0: MOVE, 2: FIRE })).some((a) => a.startsWith('g:1:'))).toBe(false);
    const watch: State = { ...firePhase(start, { 0: OVERWATCH, 2: OVERWATCH }), owStage: 1, reactions: [{ seat: 0, targets: [2] }] };
    expect(legalActions(sc, watch)).toContain('v:1:2');
    const after = run(game, watch, ['v:1:2'], dice(1));
    expect(after.units[1]!.fired).toBe(true);
    // The cascade (4.4.2) answers the fire at the carrier: the passenger is no target of its own.
    expect(after.reactions.at(-1)).toEqual({ seat: 1, targets: [0] });
    expect(legalActions(sc, after)).toContain('v:2:0');
  });

  it('PANZER 6.6.7.2: an AP shot from a carrier takes the Transported Combat AP modifier (-2)', () => {
    const { sc, start } = transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0308', 'N'],
          [0, 'ger-squad', '0308', 'N'],
          [1, 'studebaker', '0306', 'S'],
        ],
      },
      { 1: 0 },
    );
    const fire = firePhase(start, { 0: NC });
    const onFoot = withUnits(fire, { 1: { status: OK, carrier: -1, ordered: true, cmd: FIRE } });
    const a = shotFigures(sc, fire, 1, 2, false, false).modifier;
    const b = shotFigures(sc, onFoot, 1, 2, false, false).modifier;
    expect(a).toBe(b - 2);
  });
});
