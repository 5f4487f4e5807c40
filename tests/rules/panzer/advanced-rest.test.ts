/**
 * GMT Panzer Advanced rules finished after their modules: emergency bail out (6.6.7.1.2) and transported
 * fire (6.6.7.2) in "transport", executing shared commands (6.2.1.1.4) in "command-control", adjusting
 * Planned fire (6.5.1.11.3) in "indirect-fire"; asserted on the state after each action.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { gpShotFigures } from '../../../src/rules/panzer/advanced/suppression.js';
import { describePanzerAction, legalActions, PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
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
import { cc, dice, hex, movePhase, run, transport, withUnits, writeScenario } from './helpers.js';

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

describe('PANZER 6.2.1.1.4: executing shared commands', () => {
  const W = ['..........', '..........', '..........', '..........', '..........', '..........', '..........', '..........'];
  const SEASONED = { forceGrade: 'seasoned', formations: [] };
  /** Two Pz IV side by side sharing a counter, a third far off with its own; three T-34s, two adjacent. */
  const scene = () =>
    cc(
      {
        terrain: W,
        units: [
          [0, 'pz4h', '0407', 'N'],
          [0, 'pz4h', '0408', 'N'],
          [0, 'pz4h', '0907', 'N'],
          [1, 't3485', '0102', 'S'],
          [1, 't3485', '0103', 'S'],
          [1, 't3485', '0802', 'S'],
        ],
      },
      [SEASONED, SEASONED],
    );

  /** Plays the Command Phase (`german` letters for units 0-2, the Soviets N/C) and makes the Germans First Player. */
  const ordered = (german: string) => {
    const { sc, game, start } = scene();
    const placed = run(game, start, [...[...german].map((c, k) => `o:${k}:${c}`), 'o:3:N', 'o:4:N', 'o:5:N']);
    const s = run(game, placed, [placed.chooser === 0 ? 'first' : 'second']);
    return { sc, game, s, placed };
  };

  it('PANZER 6.2.1.1.4: units sharing a FIRE counter pick targets within Command Range of one another', () => {
    const { sc, game, s } = ordered('FFF');
    expect(s.shared).toEqual([0, 0, -1, -1, -1, -1]);
    expect(legalActions(sc, s)).toEqual(expect.arrayContaining(['f:1:3', 'f:1:4', 'f:1:5']));
    const after = run(game, s, ['f:0:3', 'resolve'], dice(100));
    expect(after.aimed[0]).toBe(3);
    const shots = legalActions(sc, after);
    // #4 is next to #3 (range 1, Seasoned); #5 is six hexes from it: not for the sharer, still for the unit with its own counter.
    expect(shots).toContain('f:1:4');
    expect(shots).not.toContain('f:1:5');
    expect(shots).toContain('f:2:5');
  });

  it('PANZER 6.2.1.1.4: units sharing a MOVE end their moves within Command Range of one another', () => {
    const { sc, game, s } = ordered('MMN');
    expect(s.shared).toEqual([0, 0, -1, -1, -1, -1]);
    let m = s;
    while (m.phase !== 'move' || m.stepSeat !== 0)
      m = run(game, m, [legalActions(sc, m).includes('pass') ? 'pass' : legalActions(sc, m)[0]!]);
    const far = hex(sc, '0404');
    m = run(game, m, [`m:0:${far}:0`]);
    const moves = legalActions(sc, m).filter((a) => a.startsWith('m:1:'));
    expect(moves.length).toBeGreaterThan(0);
    for (const a of moves) expect(sc.map.grid.distance(Number(a.split(':')[2]), far)).toBeLessThanOrEqual(1);
  });

  it('PANZER 6.2.1.1.4: units sharing an OVERWATCH fire at the same target', () => {
    const { sc, game, placed } = ordered('OOO');
    // The Combat Phase overwatch at Soviet units (as if they had fired), the Germans First Player.
    const watch: State = {
      ...placed,
      phase: 'fire',
      chooser: -1,
      first: 0,
      stepSeat: 0,
      owStage: 1,
      reactions: [{ seat: 0, targets: [3, 5] }],
    };
    expect(legalActions(sc, watch)).toEqual(expect.arrayContaining(['w:1:3', 'w:1:5']));
    const after = run(game, watch, ['w:0:3'], dice(100));
    const shots = legalActions(sc, after);
    expect(shots).toContain('w:1:3');
    expect(shots).not.toContain('w:1:5');
    expect(shots).toContain('w:2:5');
  });
});

describe('PANZER 6.5.1.11.3: adjusting Planned indirect fire', () => {
  const MAP = Array.from({ length: 8 }, () => '................');
  type PlanSpec = { hex: string; turn: number; sheaf: string; duration: number; adjust?: string[] };
  /** German squads at 0404 and 0804, Soviet squads at 1204 and 0904, a Soviet FO; the Soviet 122mm battery (b0) with `plans`. */
  const planned = (plans: PlanSpec[]) => {
    const file = writeScenario(
      {
        terrain: MAP,
        units: [
          [0, 'ger-squad', '0404', 'SE'],
          [0, 'ger-squad', '0804', 'SE'],
          [1, 'sov-squad', '1204', 'NW'],
          [1, 'sov-squad', '0904', 'NW'],
          [1, 'sov-fo', '1504', 'NW'],
        ],
        turns: 6,
      },
      { modules: ['leg-towed', 'gp-fire', 'indirect-fire'] },
    );
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.sides[1].artillery = [{ battery: 'sov-122', plans }];
    writeFileSync(file, JSON.stringify(data));
    const sc = loadPanzerScenario(file);
    const game = new PanzerGame(sc, { narrate: true });
    return { sc, game, start: game.initialState(createRng('plan')) };
  };
  /** Turn `turn`'s Combat Phase opened from `s` (the Germans First Player, everyone spotted and on N/C). */
  const turnOf = (game: PanzerGame, s: State, turn: number): State =>
    game.apply(
      {
        ...s,
        turn,
        phase: 'choose',
        chooser: 0,
        calls: [],
        ifOpen: false,
        units: s.units.map((u) => ({ ...u, spotted: true, ordered: true, fired: false, cmd: NC })),
      },
      'first',
      dice(1),
    );
  const WALK: PlanSpec = { hex: '0404', turn: 2, sheaf: 'closed', duration: 3, adjust: ['0804'] };

  it('PANZER 6.5.1.11.3: each turn of the mission lands on its plotted Target Point, shifted up to 5 hexes, never Danger Close', () => {
    const { sc, game, start } = planned([WALK]);
    expect(sc.batteries[0]!.plans[0]!.hexes).toEqual([hex(sc, '0404'), hex(sc, '0804'), hex(sc, '0804')]);
    const t2 = turnOf(game, { ...start, plots: [0] }, 2);
    const arrived = game.apply(t2, 'F:0', dice(1));
    expect(arrived.missions.find((m) => m.planned)).toMatchObject({ hex: hex(sc, '0404'), turn: 2 });
    const t3 = turnOf(game, arrived, 3);
    // The Soviet squad at 0904 is a spotted friendly unit within 5 hexes: a Planned mission takes no Danger Close.
    expect(t3.missions.find((m) => m.planned)).toMatchObject({ hex: hex(sc, '0804'), turn: 3, dangerClose: false });
    expect(t3.events.some((e) => e.includes('shifts from 0404 to 0804'))).toBe(true);
    const t4 = turnOf(game, t3, 4);
    expect(t4.missions.find((m) => m.planned)).toMatchObject({ hex: hex(sc, '0804'), turn: 4 });
    expect(turnOf(game, t4, 5).missions.some((m) => m.planned)).toBe(false);
  });

  it('PANZER 6.5.1.11.3: a plot that moves its Target Point more than 5 hexes in a turn, or has more shifts than turns, is refused', () => {
    expect(() => planned([{ ...WALK, adjust: ['1004'] }])).toThrow(/more than 5 hexes/);
    expect(() => planned([{ ...WALK, duration: 1 }])).toThrow(/adjustment/);
  });

  it('PANZER 6.5.1.11.3: the shifts still to come stay secret after the fire arrives: determinize deals them again until they land', () => {
    const other: PlanSpec = { ...WALK, adjust: ['0407'] };
    const { sc, game, start } = planned([WALK, other]);
    const arrivedWith = (k: number) => game.apply(turnOf(game, { ...start, plots: [k] }, 2), 'F:0', dice(1));
    const [a, b] = [arrivedWith(0), arrivedWith(1)];
    for (const seed of ['x', 'y', 'z']) expect(game.determinize(a, 0, createRng(seed))).toEqual(game.determinize(b, 0, createRng(seed)));
    const dealt = new Set(['p', 'q', 'r', 's', 't', 'u'].map((seed) => game.determinize(a, 0, createRng(seed)).plots[0]));
    expect(dealt).toEqual(new Set([0, 1]));
    // Once the second turn has landed on 0804 only the real plot fits what was seen.
    const landed = turnOf(game, a, 3);
    expect(landed.missions.find((m) => m.planned)!.hex).toBe(hex(sc, '0804'));
    for (const seed of ['p', 'q', 'r']) expect(game.determinize(landed, 0, createRng(seed)).plots[0]).toBe(0);
  });
});
