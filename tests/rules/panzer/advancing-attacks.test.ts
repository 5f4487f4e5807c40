/**
 * GMT Panzer Advanced Game module "close-assault": Advancing Attacks and Dismount Attacks (6.6.1.1, 6.6.1.2),
 * their modifiers (6.6.1.1.2, 6.6.1.2.2) and shared MOVE commands in close combat (6.6.11), asserted on the
 * state the engine produces from fixed dice. Reference cards: ger-squad / sov-squad, t3485 (GPD 6A), opel (truck).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import {
  ADVANCING,
  closeAssaultFigures,
  closeAssaultOutcome,
  DISMOUNTING,
  FROM_PLACE,
  handToHandModifiers,
  overrunFactor,
  overrunFigures,
} from '../../../src/rules/panzer/advanced/close-combat.js';
import { panzerAdvisor } from '../../../src/rules/panzer/doctrine.js';
import { legalActions, PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import {
  ELIMINATED,
  MOUNTED,
  MOVE,
  NC,
  NOT_SUPPRESSED,
  OK,
  OVERWATCH,
  SHORT_HALT,
  SPOT_MOVE,
  type State,
  SUPPRESSION_OFF,
  SUPPRESSION_ON,
} from '../../../src/rules/panzer/state.js';
import { dice, hex, type MiniSpec, movePhase, run, transport, withUnits, writeScenario } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];

function game(spec: MiniSpec, modules = ['leg-towed', 'close-assault']) {
  const sc = loadPanzerScenario(writeScenario(spec, { modules }));
  const g = new PanzerGame(sc, { narrate: true });
  return { sc, game: g, start: g.initialState(createRng('adv')) };
}

/** The Close Assault / Hand-to-Hand Step of seat 0 (the First Player), every unit spotted, with the given commands. */
function assaultStep(s: State, commands: Record<number, number>): State {
  return {
    ...s,
    phase: 'assault',
    first: 0,
    stepSeat: 0,
    owStage: 0,
    units: s.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
}

/** A German squad at 0305 and an enemy `counter` two hexes off at 0303 (0304 between them). */
function apart(counter: string, terrain = OPEN, modules?: string[]) {
  return game(
    {
      terrain,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [1, counter, '0303', 'S'],
      ],
    },
    modules,
  );
}

describe('PANZER 6.6.1.1: Advancing Attack', () => {
  it('PANZER 6.6.1.1: a squad with MOVE two hexes from a spotted vehicle may advance one hex next to it and close-assault; not unspotted, suppressed or without MOVE', () => {
    const { sc, start } = apart('t3485');
    const s = assaultStep(start, { 0: MOVE });
    const mid = hex(sc, '0304');
    expect(legalActions(sc, s)).toEqual([`A:0:${mid}:1`, 'hold']);
    expect(legalActions(sc, withUnits(s, { 1: { spotted: false } }))).toEqual(['hold']);
    expect(legalActions(sc, withUnits(s, { 0: { sup: 1 } }))).toEqual(['hold']);
    expect(legalActions(sc, assaultStep(start, { 0: OVERWATCH }))).toEqual(['hold']);
    // Three hexes off: one hex's move does not reach.
    expect(legalActions(sc, withUnits(s, { 1: { hex: hex(sc, '0302') } }))).toEqual(['hold']);
  });
  it('PANZER 6.6.1.1: the squad moves into the hex, then attacks with the advance modifier; it is marked SPOT/MOVE and its move is spent', () => {
    const { sc, game: g, start } = apart('opel');
    const s = assaultStep(start, { 0: MOVE });
    const mid = hex(sc, '0304');
    const there = withUnits(s, { 0: { hex: mid } });
    const fig = closeAssaultFigures(sc, there, 0, 1, ADVANCING);
    expect(fig.modifier).toBe(closeAssaultFigures(sc, there, 0, 1, FROM_PLACE).modifier - 10);
    let r = 1;
    while (closeAssaultOutcome(fig, r + fig.modifier, 5) !== 'knocked-out') r++;
    const after = run(g, s, [`A:0:${mid}:1`], dice(r, 41));
    expect(after.units[0]!.hex).toBe(mid);
    expect(after.units[0]!.mark).toBe(SPOT_MOVE);
    expect(after.units[0]!.moved).toBe(true);
    expect(after.units[1]!.status).not.toBe(OK);
    expect(after.mover).toBe(-1);
    expect(after.closing).toBe(-1);
    // One roll lower the modified roll misses (the -10 counted): no effect.
    const miss = run(g, s, [`A:0:${mid}:1`], dice(fig.n - fig.modifier, 41));
    expect(miss.units[1]!.status).toBe(OK);
    expect(miss.units[0]!.hex).toBe(mid);
  });
  it('PANZER 6.6.1.1: overwatch fire at the advancing step is resolved first: a squad suppressed on the way does not attack', () => {
    const { sc, game: g, start } = apart('t3485', OPEN, ['leg-towed', 'gp-fire', 'close-assault']);
    const s = assaultStep(start, { 0: MOVE, 1: OVERWATCH });
    const mid = hex(sc, '0304');
    const stepped = g.apply(s, `A:0:${mid}:1`, createRng('x'));
    // The step is taken and the other side's overwatch may answer it before the attack.
    expect(stepped.units[0]!.hex).toBe(mid);
    expect(stepped.reactions.at(-1)?.seat).toBe(1);
    expect(stepped.closing).toBe(1);
    const legal = legalActions(sc, stepped);
    expect(legal).toContain('v:1:0');
    // Overwatch GP fire with high dice suppresses (or reduces) the squad: it makes no attack.
    const shot = run(g, stepped, ['v:1:0'], dice(100, 100, 100, 100));
    expect(shot.units[0]!.sup).not.toBe(NOT_SUPPRESSED);
    expect(shot.units[1]!.underFire).toBe(false);
    expect(shot.units[1]!.status).toBe(OK);
    expect(shot.closing).toBe(-1);
    expect(shot.events.some((e) => e.includes('does not attack'))).toBe(true);
    // Without the overwatch fire the attack is made (the vehicle is under fire).
    const passed = run(g, stepped, ['pass'], dice(50, 50));
    expect(passed.units[1]!.underFire).toBe(true);
    expect(passed.units[0]!.sup).toBe(NOT_SUPPRESSED);
  });
  it('PANZER 6.6.1.1: an Advancing Attack is made alone: a squad already in the hex it enters does not join it', () => {
    const { sc, start } = game({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0305', 'N'],
        [0, 'ger-squad', '0304', 'N'],
        [1, 't3485', '0303', 'S'],
      ],
    });
    const s = assaultStep(start, { 0: MOVE, 1: MOVE });
    const there = withUnits(s, { 0: { hex: hex(sc, '0304') } });
    expect(closeAssaultFigures(sc, there, 0, 2, FROM_PLACE).modifier).toBe(20);
    expect(closeAssaultFigures(sc, there, 0, 2, ADVANCING).modifier).toBe(-10);
  });
});

describe('PANZER 6.6.1.2: Advancing Attack into Hand-to-Hand', () => {
  it('PANZER 6.6.1.2.2: an advancing attacker takes -10 on its rolls; the squad moves and fights it out', () => {
    const { sc, game: g, start } = apart('sov-squad');
    const s = assaultStep(start, { 0: MOVE });
    const mid = hex(sc, '0304');
    expect(legalActions(sc, s)).toContain(`A:0:${mid}:1`);
    const there = withUnits(s, { 0: { hex: mid } });
    expect(handToHandModifiers(sc, there, 0, 1, ADVANCING)).toEqual([-10, 0]);
    expect(handToHandModifiers(sc, there, 0, 1, FROM_PLACE)).toEqual([0, 0]);
    // The attacker rolls 100 each time, the defender 1: the defender is reduced, then eliminated.
    const after = run(g, s, [`A:0:${mid}:1`], dice(100, 1, 100, 1));
    expect(after.units[0]!.hex).toBe(mid);
    expect(after.units[1]!.status).toBe(ELIMINATED);
    expect(after.units[0]!.half).toBe(false);
  });
  it('PANZER 6.6.1.2: the scripted doctrine advances a squad onto an unsupported vehicle in close terrain, not onto an enemy squad against the odds', () => {
    const woods = ['.......', '.......', '..w....', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];
    const v = apart('t3485', woods);
    const s = assaultStep(v.start, { 0: MOVE });
    const mid = hex(v.sc, '0304');
    const advisor = panzerAdvisor(v.sc);
    expect(closeAssaultFigures(v.sc, withUnits(s, { 0: { hex: mid } }), 0, 1, ADVANCING).modifier).toBe(20);
    expect(advisor.assess(s, `A:0:${mid}:1`, 0).expectedEnemyLoss).toBeGreaterThan(advisor.assess(s, 'hold', 0).expectedEnemyLoss);
    const sq = apart('sov-squad');
    const weak = withUnits(assaultStep(sq.start, { 0: MOVE }), { 0: { half: true } });
    expect(panzerAdvisor(sq.sc).assess(weak, `A:0:${mid}:1`, 0).expectedEnemyLoss).toBeLessThan(0);
  });
});

describe('PANZER 6.6.1.1: Dismount Attack', () => {
  function carried() {
    return transport(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0305', 'N'],
          [0, 'ger-squad', '0305', 'N'],
          [0, 'ger-squad', '0305', 'N'],
          [1, 't3485', '0304', 'S'],
        ],
      },
      { 1: 0 },
      ['leg-towed', 'gp-fire', 'transport', 'close-assault'],
    );
  }
  it('PANZER 6.6.1.1: a passenger squad of a moving carrier dismounts and close-assaults an adjacent spotted vehicle; the carrier may still move', () => {
    const { sc, game: g, start } = carried();
    const s = movePhase(start, { 0: MOVE, 2: MOVE });
    expect(s.units[1]!.status).toBe(MOUNTED);
    expect(legalActions(sc, s)).toContain('D:1:3');
    expect(legalActions(sc, withUnits(s, { 1: { sup: 1 } }))).not.toContain('D:1:3');
    expect(legalActions(sc, withUnits(s, { 3: { spotted: false } }))).not.toContain('D:1:3');
    const after = run(g, s, ['D:1:3'], dice(50, 50));
    expect(after.units[1]!.status).toBe(OK);
    expect(after.units[1]!.carrier).toBe(-1);
    expect(after.units[1]!.hex).toBe(hex(sc, '0305'));
    expect(after.units[1]!.mark).toBe(SPOT_MOVE);
    expect(after.units[3]!.underFire).toBe(true);
    expect(legalActions(sc, after).some((a) => a.startsWith('m:0:'))).toBe(true);
    expect(legalActions(sc, after).some((a) => a.startsWith('D:'))).toBe(false);
  });
  it('PANZER 6.6.1.1.2: a Dismount Attack takes -10 and does not combine with the other squad in the hex', () => {
    const { sc, start } = carried();
    const s = movePhase(start, { 0: MOVE, 2: MOVE });
    const off = withUnits(s, { 1: { status: OK, carrier: -1, moved: true } });
    expect(closeAssaultFigures(sc, off, 1, 3, DISMOUNTING).modifier).toBe(-10);
    expect(closeAssaultFigures(sc, { ...off, phase: 'assault', stepSeat: 0, first: 0 }, 1, 3, FROM_PLACE).modifier).toBe(20);
  });
});

describe('PANZER 6.6.11: Command Control with Close Assault and Hand-to-Hand', () => {
  it('PANZER 6.6.11: once a unit sharing a MOVE command has attacked, its sharers may attack only the same target', () => {
    const {
      sc,
      game: g,
      start,
    } = game({
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0404', 'N'],
        [0, 'ger-squad', '0305', 'N'],
        [1, 'sov-squad', '0304', 'S'],
        [1, 'sov-squad', '0204', 'S'],
      ],
    });
    const s: State = { ...assaultStep(start, { 0: MOVE, 1: MOVE }), shared: [0, 0, -1, -1], aimed: [-1, -1, -1, -1] };
    const before = legalActions(sc, s).filter((a) => a.startsWith('a:1:'));
    expect(before).toEqual(['a:1:2', 'a:1:3']);
    // Unit 0 attacks unit 2 and loses both roll-offs (1 to 100): unit 2 stands.
    const after = run(g, s, ['a:0:2'], dice(1, 100, 1, 100));
    expect(after.units[0]!.status).toBe(ELIMINATED);
    expect(after.units[2]!.status).toBe(OK);
    expect(after.aimed[0]).toBe(2);
    expect(legalActions(sc, after).filter((a) => a.startsWith('a:1:'))).toEqual(['a:1:2']);
    // Units not sharing a counter attack freely.
    const free = run(g, { ...s, shared: [0, 1, -1, -1] }, ['a:0:2'], dice(1, 100, 1, 100));
    expect(legalActions(sc, free).filter((a) => a.startsWith('a:1:'))).toEqual(['a:1:2', 'a:1:3']);
  });
});

describe('PANZER 6.6.10: Overrun', () => {
  /** A German squad at 0303 (MOVE, so the German move waits), a T-34/85 at 0306 facing N; the Soviet move of the Movement Phase. */
  function overrun(squad = 'ger-squad') {
    const g = game(
      {
        terrain: OPEN,
        units: [
          [0, squad, '0303', 'S'],
          [1, 't3485', '0306', 'N'],
        ],
      },
      ['leg-towed', 'gp-fire', 'close-assault'],
    );
    const s: State = {
      ...g.start,
      phase: 'move',
      first: 0,
      stepSeat: 1,
      owStage: 0,
      units: g.start.units.map((u) => ({ ...u, spotted: true, ordered: true, cmd: MOVE })),
    };
    return { ...g, s };
  }
  it('PANZER 6.6.10: a vehicle with MOVE may overrun a spotted dismounted leg unit it can reach; not with SHORT HALT or unspotted', () => {
    const { sc, s } = overrun();
    expect(legalActions(sc, s)).toContain('R:1:0');
    expect(legalActions(sc, withUnits(s, { 1: { cmd: SHORT_HALT } }))).not.toContain('R:1:0');
    expect(legalActions(sc, withUnits(s, { 0: { spotted: false } }))).not.toContain('R:1:0');
    // Out of reach: 10 hexes off.
    expect(legalActions(sc, withUnits(s, { 1: { hex: hex(sc, '0310') } })).some((a) => a.startsWith('R:'))).toBe(false);
  });
  it('PANZER 6.6.10.1: the Overrun factor adds every GP weapon at 1 hex, 15 at most, against the target GPD by its terrain', () => {
    const { sc, s } = overrun();
    let sum = 0;
    for (const row of sc.units[1]!.gp) sum += row.factor[row.range.findIndex((r) => r >= 1)]!;
    expect(overrunFactor(sc, s, 1)).toBe(Math.min(15, sum));
    const fig = overrunFigures(sc, s, 1, 0);
    expect(fig.gpd).toBe(sc.units[0]!.gpdByCover[0]);
    expect(fig.modifier).toBe(0);
    expect(overrunFigures(sc, withUnits(s, { 1: { sup: 1 } }), 1, 0).modifier).toBe(sc.adv!.modifiers.gpFirerSuppressed.value);
  });
  it('PANZER 6.6.10.2: an effective Overrun reduces a squad and suppresses it; the vehicle stays in the hex it came from', () => {
    const { sc, game: g, s } = overrun();
    const fig = overrunFigures(sc, s, 1, 0);
    const after = run(g, s, ['R:1:0'], dice(Math.min(100, fig.s + 1)));
    expect(after.units[0]!.half).toBe(true);
    expect(after.units[0]!.sup).toBe(SUPPRESSION_ON);
    expect(after.units[0]!.status).toBe(OK);
    expect(after.units[1]!.hex).toBe(hex(sc, '0304'));
    expect(after.units[1]!.moved).toBe(true);
    expect(after.units[1]!.mark).toBe(SPOT_MOVE);
    // A roll at or under N does nothing, but a SUPPRESSION/OFF still turns ON.
    const none = run(g, withUnits(s, { 0: { sup: SUPPRESSION_OFF } }), ['R:1:0'], dice(1));
    expect(none.units[0]!.half).toBe(false);
    expect(none.units[0]!.sup).toBe(SUPPRESSION_ON);
  });
  it('PANZER 6.6.10.2: an effective Overrun eliminates a half-squad and the vehicle takes its hex', () => {
    const { sc, game: g, s } = overrun();
    const half = withUnits(s, { 0: { half: true } });
    const fig = overrunFigures(sc, half, 1, 0);
    const after = run(g, half, ['R:1:0'], dice(Math.min(100, fig.s + 1)));
    expect(after.units[0]!.status).toBe(ELIMINATED);
    expect(after.units[1]!.hex).toBe(hex(sc, '0303'));
  });
  it('PANZER 6.6.10: overwatch fire answers the steps before the Overrun, and the Overrun comes after it', () => {
    const { sc, game: g, s } = overrun();
    const ow = withUnits(s, { 0: { cmd: OVERWATCH } });
    const stepped = g.apply(ow, 'R:1:0', createRng('o'));
    expect(stepped.reactions.at(-1)?.seat).toBe(0);
    expect(stepped.units[0]!.underFire).toBe(false);
    expect(stepped.closing).toBe(0);
    let x = stepped;
    for (let k = 0; k < 10 && x.closing >= 0; k++) x = g.apply(x, 'pass', dice(1));
    expect(x.closing).toBe(-1);
    expect(x.units[0]!.underFire).toBe(true);
    expect(sc.map.grid.distance(x.units[1]!.hex, x.units[0]!.hex)).toBe(1);
  });
});

describe('PANZER 6.6.11: Command Control with Overrun', () => {
  it('PANZER 6.6.11: a vehicle sharing a MOVE command overruns only the target a sharer attacked', () => {
    const g = game(
      {
        terrain: OPEN,
        units: [
          [0, 'ger-squad', '0303', 'S'],
          [0, 'ger-squad', '0403', 'S'],
          [1, 't3485', '0306', 'N'],
          [1, 't3485', '0406', 'N'],
        ],
      },
      ['leg-towed', 'gp-fire', 'close-assault'],
    );
    const s: State = {
      ...g.start,
      phase: 'move',
      first: 0,
      stepSeat: 1,
      owStage: 0,
      units: g.start.units.map((u) => ({ ...u, spotted: true, ordered: true, cmd: MOVE })),
      shared: [-1, -1, 2, 2],
      aimed: [-1, -1, -1, -1],
    };
    const both = legalActions(g.sc, s).filter((a) => a.startsWith('R:3:'));
    expect(both).toEqual(['R:3:0', 'R:3:1']);
    const after = legalActions(g.sc, { ...s, aimed: [-1, -1, 0, -1] }).filter((a) => a.startsWith('R:3:'));
    expect(after).toEqual(['R:3:0']);
  });
});
