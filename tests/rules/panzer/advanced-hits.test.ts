/**
 * GMT Panzer Advanced Game modules "hull-down" (6.1.4.1, 6.6.9), "ag-hits" (6.5.2.2-6.5.2.5) and "bail-out"
 * (5.15, 6.5.2.6.1, 6.5.4.5), asserted on the state the engine produces. Reference cards: pz4h (AP P-band
 * penetration 13, AP Damage row NDDKKKKKBB, size 0), t3485 (Basic armor 11/4: AG hull front 11, turret front
 * 12 at the front angle; size +1), opel (an S-type truck). Reference charts: the designed AP Hit Locations
 * Table (front angle: tens 1-4 TF, 5-7 HF, 8-9 HF*, 10 TK), Hull Dn ranges (clear 01-05, rough 01-20),
 * the Bail Out Table's TK - Crew 30 (the text's value).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTRINE_WEIGHTS, doctrineScore } from '../../../src/core/extensions.js';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import {
  apDamage,
  digits,
  hitAngle,
  hitLocation,
  hullDownAgainst,
  hullDownMiss,
  locationArmor,
} from '../../../src/rules/panzer/advanced/hit-locations.js';
import { gpResult } from '../../../src/rules/panzer/advanced/gp-fire.js';
import { maySearch, searchFinds } from '../../../src/rules/panzer/advanced/hull-down.js';
import { gpShotFigures } from '../../../src/rules/panzer/advanced/suppression.js';
import { panzerAdvisor } from '../../../src/rules/panzer/doctrine.js';
import { legalActions, PanzerGame, victoryPoints } from '../../../src/rules/panzer/game.js';
import { moveAllowance, shotFigures } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario, type Scenario } from '../../../src/rules/panzer/scenario.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import {
  alive,
  BAILED_OUT,
  BREWED_UP,
  DAMAGED,
  FIRE,
  HULL_DOWN,
  KNOCKED_OUT,
  MOVE,
  NC,
  NOT_HULL_DOWN,
  OK,
  PARTIAL_HULL_DOWN,
  type State,
} from '../../../src/rules/panzer/state.js';
import { COUNTERS, dice, hex, type MiniSpec, movePhase, run, withUnits, writeScenario } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];
const ROUGH = ['.......', '.......', '.......', '.......', '...r...', '.......', '.......', '.......', '.......', '.......'];

function game(spec: MiniSpec, modules: string[]) {
  const sc = loadPanzerScenario(writeScenario(spec, { modules }));
  const g = new PanzerGame(sc, { narrate: true });
  return { sc, game: g, start: g.initialState(createRng('hits')) };
}

/** A Panzer IV H at 0305 facing N and a T-34/85 two hexes north at 0303 facing `facing`. */
function duel(modules: string[], facing = 'S', terrain = OPEN) {
  return game(
    {
      terrain,
      units: [
        [0, 'pz4h', '0305', 'N'],
        [1, 't3485', '0303', facing],
      ],
    },
    modules,
  );
}

/** The Combat Phase's direct fire step of seat 0 with every unit spotted and the given commands. */
function firePhase(s: State, commands: Record<number, number>): State {
  return {
    ...s,
    phase: 'fire',
    first: 0,
    stepSeat: 0,
    owStage: 0,
    units: s.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
}

const AG = ['ag-hits'];

describe('PANZER 6.5.2.2: AG hit angles and locations from one d100', () => {
  it('PANZER 6.5.2.2: the hit angle is front, front/side, rear/side or rear by the hexside of the target the line of fire crosses', () => {
    const { sc, start } = duel(AG, 'N');
    const t = start.units[1]!.hex;
    const at = (side: number) => withUnits(start, { 0: { hex: sc.map.grid.neighbour(t, side) } });
    expect(hitAngle(sc, at(0), 0, 1)).toBe('front');
    expect(hitAngle(sc, at(1), 0, 1)).toBe('frontSide');
    expect(hitAngle(sc, at(5), 0, 1)).toBe('frontSide');
    expect(hitAngle(sc, at(2), 0, 1)).toBe('rearSide');
    expect(hitAngle(sc, at(3), 0, 1)).toBe('rear');
  });
  it('PANZER 3.2: a roll(100) reads as tens and units digits 1..10: 07 is tens 10 (0), 100 ("00") is 10 and 10', () => {
    expect(digits(45)).toEqual({ tens: 4, units: 5 });
    expect(digits(7)).toEqual({ tens: 10, units: 7 });
    expect(digits(100)).toEqual({ tens: 10, units: 10 });
    expect(digits(30)).toEqual({ tens: 3, units: 10 });
  });
  it('PANZER 6.5.2.2.2: a tens digit 1 is a deck hit on a falling shot only; a tens digit 10 is always a track hit (6.5.2.2.1)', () => {
    const { sc } = duel(AG);
    expect(hitLocation(sc, 'front', 1, true)).toBe('DK');
    expect(hitLocation(sc, 'front', 1, false)).toBe('TF');
    expect(hitLocation(sc, 'rear', 10, false)).toBe('TK');
    expect(hitLocation(sc, 'front', 9, false)).toBe('HF*');
  });
  it('PANZER 6.5.2.3.1: armor by location and Level / Rising / Falling shot; a falling shot on a hill reads the falling column', () => {
    const { sc, start } = game(
      {
        terrain: OPEN,
        elevation: ['0000000', '0000000', '0000000', '0000000', '0010000', '0000000', '0000000', '0000000', '0000000', '0000000'],
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 't3485', '0303', 'S'],
        ],
      },
      AG,
    );
    const t34 = sc.units[1]!;
    // The hull front at the front angle, level, is the card's Basic Armor Front (designed cards).
    expect(locationArmor(t34, 'front', 'HF', 0)).toBe(t34.armorFront);
    expect(locationArmor(t34, 'front', 'HF*', 0)).toBe(t34.armorFront);
    expect(locationArmor(t34, 'front', 'HF', 1)).toBe(t34.armorFront + 1);
    expect(locationArmor(t34, 'front', 'HF', 2)).toBe(t34.armorFront - 1);
    expect(locationArmor(t34, 'rear', 'HR', 0)).toBe(t34.armorRear);
    // 0305 is on a hill level 1, the T-34 at 0303 is not: the Panzer IV's shot falls, a tens 1 hits the deck.
    expect(sc.map.elevation[hex(sc, '0305')]).toBe(1);
    expect(hitLocation(sc, hitAngle(sc, start, 0, 1), 1, true)).toBe('DK');
  });
});

describe('PANZER 6.5.2.5: AG damage from the units digit of the location roll', () => {
  it("PANZER 6.5.2.5: the units digit is read on the firer's AP Damage row; an S-type target takes 2 off it, never below 1", () => {
    const { sc } = game(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 'opel', '0303', 'S'],
          [1, 't3485', '0302', 'S'],
        ],
      },
      AG,
    );
    const pz = sc.units[0]!;
    expect(pz.apDamage).toBe('NDDKKKKKBB');
    expect(apDamage(pz, sc.units[2]!, 1)).toBe('no damage');
    expect(apDamage(pz, sc.units[2]!, 2)).toBe('damaged');
    expect(apDamage(pz, sc.units[2]!, 10)).toBe('brewed-up');
    // S-type: 3 - 2 = 1 (N); 2 - 2 = 0, read as 1; 10 - 2 = 8 (K).
    expect(apDamage(pz, sc.units[1]!, 3)).toBe('no damage');
    expect(apDamage(pz, sc.units[1]!, 2)).toBe('no damage');
    expect(apDamage(pz, sc.units[1]!, 10)).toBe('knocked-out');
  });
  it('PANZER 6.5.2.5: one hit, one location roll: 42 is the turret front (12 against penetration 13) and units 2, TURRET DAMAGED', () => {
    const { game: g, start } = duel(AG);
    const after = run(g, firePhase(start, { 0: FIRE }), ['f:0:1'], dice(1, 42));
    expect(after.units[1]!.status).toBe(DAMAGED);
    expect(after.units[1]!.dmgHull).toBe(false);
    expect(after.events.join('\n')).toContain('TF, penetrates: TURRET DAMAGED');
  });
  it('PANZER 6.5.2.5: location roll 41 penetrates for No Damage (the vehicle is unharmed); 44 knocks out; 50 (hull front, units 10) brews up', () => {
    const { game: g, start } = duel(AG);
    const fire = firePhase(start, { 0: FIRE });
    expect(run(g, fire, ['f:0:1'], dice(1, 41)).units[1]!.status).toBe(OK);
    expect(run(g, fire, ['f:0:1'], dice(1, 44)).units[1]!.status).toBe(KNOCKED_OUT);
    const bu = run(g, fire, ['f:0:1'], dice(1, 50));
    expect(bu.units[1]!.status).toBe(BREWED_UP);
    expect(bu.events.join('\n')).toContain('HF, penetrates: BREWED UP');
  });
  it('PANZER 6.5.2.3: a location whose armor exceeds the penetration stops the shot: at range 9 (band M, 10) the T-34 turret front 12 and hull front 11 hold', () => {
    const { sc, game: g, start } = duel(AG);
    const far = withUnits(start, { 0: { hex: hex(sc, '0310') }, 1: { hex: hex(sc, '0301') } });
    expect(shotFigures(sc, far, 0, 1, false, false).band).toBe(2);
    const fire = firePhase(far, { 0: FIRE });
    for (const loc of [21, 55]) {
      const after = run(g, fire, ['f:0:1'], dice(1, loc));
      expect(after.units[1]!.status).toBe(OK);
      expect(after.events.join('\n')).toContain('no penetration');
    }
    // At range 2 (band P, 13) the same hull front hit goes through.
    expect(run(g, firePhase(start, { 0: FIRE }), ['f:0:1'], dice(1, 55)).units[1]!.status).not.toBe(OK);
  });
  it('PANZER 6.5.2.2.1: a track hit (location tens 10) immobilizes the vehicle for the rest of the game, no damage roll; a second one changes nothing', () => {
    const { sc, game: g, start } = duel(AG);
    const after = run(g, firePhase(start, { 0: FIRE }), ['f:0:1'], dice(1, 5));
    expect(after.units[1]!.immobile).toBe(true);
    expect(after.units[1]!.status).toBe(OK);
    // No MOVE or SHORT HALT any more.
    const again = run(g, firePhase(withUnits(start, { 1: { immobile: true } }), { 0: FIRE }), ['f:0:1'], dice(1, 5));
    expect(again.events.join('\n')).toContain('track hit again (no effect)');
    expect(legalActions(sc, { ...after, phase: 'command', commandSeat: 1 }).some((a) => a.endsWith(':M'))).toBe(false);
  });
  it('PANZER 6.5.2.2.4: TURRET DMGD fires at the damaged modifier at full MF; HULL DMGD moves at half MF and fires unhindered; a second damage knocks out', () => {
    const { sc, game: g, start } = duel(AG);
    const base = shotFigures(sc, start, 0, 1, false, false).modifier;
    const turret = withUnits(start, { 0: { status: DAMAGED, dmgHull: false } });
    const hull = withUnits(start, { 0: { status: DAMAGED, dmgHull: true } });
    expect(shotFigures(sc, turret, 0, 1, false, false).modifier).toBe(base + sc.charts.modifiers.damaged.value);
    expect(shotFigures(sc, hull, 0, 1, false, false).modifier).toBe(base);
    const move = (s: State) => moveAllowance(sc, withUnits(s, { 0: { cmd: MOVE, ordered: true } }), 0, false);
    expect(move(turret)).toBe(sc.units[0]!.mf);
    expect(move(hull)).toBe(Math.floor(sc.units[0]!.mf / 2));
    const again = run(g, firePhase(withUnits(start, { 1: { status: DAMAGED, dmgHull: true } }), { 0: FIRE }), ['f:0:1'], dice(1, 42));
    expect(again.units[1]!.status).toBe(KNOCKED_OUT);
  });
  it('PANZER 6.5.2: a card without AG armor cannot take part in an "ag-hits" scenario (one clear error naming the card)', () => {
    const file = writeScenario(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 't3485', '0303', 'S'],
        ],
      },
      { modules: AG, counters: COUNTERS_NO_LOCATIONS() },
    );
    expect(() => loadPanzerScenario(file)).toThrow(InputError);
    expect(() => loadPanzerScenario(file)).toThrow(/t3485.*locations/);
  });
});

/** A copy of the reference counters whose T-34/85 card has no AG armor. */
function COUNTERS_NO_LOCATIONS(): string {
  const file = writeScenario({ terrain: OPEN, units: [[0, 'pz4h', '0305', 'N']] }).replace(/\.json$/, '-counters.json');
  const counters = JSON.parse(readFileSync(COUNTERS, 'utf8'));
  delete counters.vehicles.t3485.locations;
  writeFileSync(file, JSON.stringify(counters));
  return file;
}

describe('PANZER 6.1.4.1: hull down and partial hull down', () => {
  const HD = ['hull-down', 'ag-hits'];
  it('PANZER 6.5.2.2.3: hull down turns Hull, Hull* and track hits into misses; partial hull down Hull* and track hits only', () => {
    expect(['TF', 'TS', 'TR', 'DK'].some((l) => hullDownMiss(l, HULL_DOWN))).toBe(false);
    expect(['HF', 'HS', 'HR*', 'TK'].every((l) => hullDownMiss(l, HULL_DOWN))).toBe(true);
    expect(['HF', 'HS', 'TF'].some((l) => hullDownMiss(l, PARTIAL_HULL_DOWN))).toBe(false);
    expect(['HF*', 'TK'].every((l) => hullDownMiss(l, PARTIAL_HULL_DOWN))).toBe(true);
    expect(hullDownMiss('TK', NOT_HULL_DOWN)).toBe(false);
  });
  it('PANZER 6.1.4.1: a hull down T-34 hit on the hull front (location 50) takes no damage; the same hit brews up a T-34 that is not', () => {
    const { game: g, start } = duel(HD);
    const fire = firePhase(withUnits(start, { 1: { hd: HULL_DOWN } }), { 0: FIRE });
    const after = run(g, fire, ['f:0:1'], dice(1, 50));
    expect(after.units[1]!.status).toBe(OK);
    expect(after.events.join('\n')).toContain('a miss (hull down)');
    expect(run(g, firePhase(start, { 0: FIRE }), ['f:0:1'], dice(1, 50)).units[1]!.status).toBe(BREWED_UP);
  });
  it('PANZER 6.6.9: a searched position covers the front and front/side angles, not the rear/side and rear', () => {
    const { sc, start } = duel(HD, 'N');
    const t = start.units[1]!.hex;
    const at = (side: number) => withUnits(start, { 0: { hex: sc.map.grid.neighbour(t, side) }, 1: { hd: HULL_DOWN } });
    expect(hullDownAgainst(sc, at(0), 0, 1)).toBe(HULL_DOWN);
    expect(hullDownAgainst(sc, at(1), 0, 1)).toBe(HULL_DOWN);
    expect(hullDownAgainst(sc, at(2), 0, 1)).toBe(NOT_HULL_DOWN);
    expect(hullDownAgainst(sc, at(3), 0, 1)).toBe(NOT_HULL_DOWN);
  });
  it('PANZER 6.1.4.1.3: a target higher than the firer by 2 is partial hull down at range 2, not at range 3', () => {
    const { sc, start } = game(
      {
        terrain: OPEN,
        elevation: ['0000000', '0000000', '0002000', '0000000', '0000000', '0000000', '0000000', '0000000', '0000000', '0000000'],
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 't3485', '0303', 'S'],
        ],
      },
      HD,
    );
    expect(hullDownAgainst(sc, start, 0, 1)).toBe(NOT_HULL_DOWN);
    const high = withUnits(start, { 1: { hex: hex(sc, '0403') } });
    expect(sc.map.elevation[hex(sc, '0403')]).toBe(2);
    expect(sc.map.grid.distance(high.units[0]!.hex, high.units[1]!.hex)).toBe(2);
    expect(hullDownAgainst(sc, high, 0, 1)).toBe(PARTIAL_HULL_DOWN);
    const far = withUnits(high, { 0: { hex: hex(sc, '0406') } });
    expect(hullDownAgainst(sc, far, 0, 1)).toBe(NOT_HULL_DOWN);
  });
  it('PANZER 6.6.9: a vehicle with MOVE in rough (Hull Dn 01-20) searches: a roll of 20 finds hull down, 21 does not; size +1 adds 5', () => {
    const { sc, game: g, start } = duel(['hull-down'], 'S', ROUGH);
    const pz = withUnits(start, { 0: { hex: hex(sc, '0405') } });
    const moving = movePhase(pz, { 0: MOVE });
    expect(maySearch(sc, moving, 0)).toBe(true);
    expect(legalActions(sc, moving)).toContain('h:0:0:H');
    const found = run(g, moving, ['h:0:1:H'], dice(20));
    expect(found.units[0]!.hd).toBe(HULL_DOWN);
    expect(found.units[0]!.facing).toBe(1);
    expect(found.units[0]!.hex).toBe(hex(sc, '0405'));
    expect(run(g, moving, ['h:0:1:H'], dice(21)).units[0]!.hd).toBe(NOT_HULL_DOWN);
    // Partial hull down: -20 to the roll; a T-34 (size +1) +5.
    expect(run(g, moving, ['h:0:0:P'], dice(40)).units[0]!.hd).toBe(PARTIAL_HULL_DOWN);
    const t34 = withUnits(moving, { 1: { hex: hex(sc, '0405') }, 0: { hex: hex(sc, '0305') } });
    expect(searchFinds(sc, t34, 1, HULL_DOWN, 15)).toBe(true);
    expect(searchFinds(sc, t34, 1, HULL_DOWN, 16)).toBe(false);
  });
  it('PANZER 6.6.9: at the play prompt "search U F [P]" is a search ending facing F (P: partial hull down)', () => {
    const { sc, start } = duel(['hull-down'], 'S', ROUGH);
    const s = movePhase(withUnits(start, { 0: { hex: hex(sc, '0405') } }), { 0: MOVE });
    const legal = legalActions(sc, s);
    const ui = panzerUi(sc);
    expect(ui.parseCommand(s, ['search', '0', 'NE'], legal)).toBe('h:0:1:H');
    expect(ui.parseCommand(s, ['search', '0', 's', 'p'], legal)).toBe('h:0:3:P');
    expect(() => ui.parseCommand(s, ['search', '0', 'up'], legal)).toThrow(InputError);
  });
  it('PANZER 6.6.9: no search without MOVE, nor in terrain with no Hull Dn range; a vehicle that moves gives its position up', () => {
    const { sc, game: g, start } = duel(['hull-down'], 'S', ROUGH);
    const pz = withUnits(start, { 0: { hex: hex(sc, '0405'), hd: HULL_DOWN } });
    expect(maySearch(sc, movePhase(pz, { 0: FIRE }), 0)).toBe(false);
    const heavy = loadPanzerScenario(
      writeScenario(
        {
          terrain: ['HHH', 'HHH', 'HHH'],
          units: [
            [0, 'pz4h', '0202', 'N'],
            [1, 't3485', '0101', 'S'],
          ],
        },
        { modules: ['hull-down'] },
      ),
    );
    expect(heavy.terrain[heavy.map.terrain[heavy.units[0]!.startHex]!]!.hullDown).toBeUndefined();
    const moved = run(g, movePhase(pz, { 0: MOVE }), [`m:0:${hex(sc, '0404')}:0`]);
    expect(moved.units[0]!.hd).toBe(NOT_HULL_DOWN);
  });
  it('PANZER 6.5.4.4.2: a GP track result does nothing to a hull down target of direct fire', () => {
    const {
      sc,
      game: g,
      start,
    } = game(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 'su76m', '0303', 'S'],
        ],
      },
      ['hull-down', 'gp-fire'],
    );
    const fire = firePhase(start, { 0: FIRE });
    const roll = rollFor(sc, fire, 'track');
    expect(run(g, fire, ['g:0:1'], dice(roll, 5)).units[1]!.immobile).toBe(true);
    const hd = run(g, firePhase(withUnits(start, { 1: { hd: HULL_DOWN } }), { 0: FIRE }), ['g:0:1'], dice(roll, 5));
    expect(hd.units[1]!.immobile).toBe(false);
    expect(hd.units[1]!.status).toBe(OK);
  });
});

/** The first d100 roll that gives `outcome` for the GP shot of unit 0 at unit 1 (roll(10) 5). */
function rollFor(sc: Scenario, s: State, outcome: string): number {
  const fig = gpShotFigures(sc, s, 0, 1, false, false);
  for (let r = 1; r <= 100; r++) if (gpResult(sc, s, 1, fig, r + fig.modifier, 5) === outcome) return r;
  throw new Error(`no roll gives ${outcome}`);
}

describe('PANZER 5.15: bailing out', () => {
  const BAIL = ['ag-hits', 'bail-out'];
  it('PANZER 6.5.2.6.1: after a track hit the crew bails out on 30 or less (TK - Crew 30-): the vehicle is out of play for good and scores for the enemy', () => {
    const { sc, game: g, start } = duel(BAIL);
    const fire = firePhase(start, { 0: FIRE });
    const bailed = run(g, fire, ['f:0:1'], dice(1, 5, 30));
    expect(bailed.units[1]!.status).toBe(BAILED_OUT);
    expect(alive(bailed.units[1]!)).toBe(false);
    expect(victoryPoints(sc, bailed)[0]).toBe(sc.units[1]!.pts);
    const stays = run(g, fire, ['f:0:1'], dice(1, 5, 31));
    expect(stays.units[1]!.status).toBe(OK);
    expect(stays.units[1]!.immobile).toBe(true);
  });
  it('PANZER 6.5.2.6.1: No Damage and Damaged results check too (designed 15 and 30); a knock out or a missed shot does not roll', () => {
    const { sc, game: g, start } = duel(BAIL);
    const fire = firePhase(start, { 0: FIRE });
    expect(sc.adv!.bailOut!.noDamage.value).toBe(15);
    expect(run(g, fire, ['f:0:1'], dice(1, 41, 15)).units[1]!.status).toBe(BAILED_OUT);
    expect(run(g, fire, ['f:0:1'], dice(1, 41, 16)).units[1]!.status).toBe(OK);
    expect(run(g, fire, ['f:0:1'], dice(1, 42, 30)).units[1]!.status).toBe(BAILED_OUT);
    const ko = run(g, fire, ['f:0:1'], dice(1, 44, 1));
    expect(ko.units[1]!.status).toBe(KNOCKED_OUT);
    expect(ko.events.join('\n')).not.toContain('bail-out');
    expect(run(g, fire, ['f:0:1'], dice(100, 1)).events.join('\n')).not.toContain('bail-out');
  });
  it('PANZER 6.5.4.5: a GP Damaged result makes the crew check for bail out', () => {
    const {
      sc,
      game: g,
      start,
    } = game(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0305', 'N'],
          [1, 'su76m', '0303', 'S'],
        ],
      },
      ['gp-fire', 'bail-out', 'ag-hits'],
    );
    const fire = firePhase(start, { 0: FIRE });
    const roll = rollFor(sc, fire, 'damaged');
    const bailed = run(g, fire, ['g:0:1'], dice(roll, 45, 30));
    expect(bailed.units[1]!.status).toBe(BAILED_OUT);
    expect(bailed.events.join('\n')).toContain('bail-out check (damaged)');
    const stays = run(g, fire, ['g:0:1'], dice(roll, 45, 31));
    expect(stays.units[1]!.status).toBe(DAMAGED);
    // 6.5.4.4.2: the roll(10) (5: the dice value 45) is over 4, hull damage.
    expect(stays.units[1]!.dmgHull).toBe(true);
  });
});

describe('PANZER 6.6.9: the scripted doctrine and hull down', () => {
  it('PANZER 6.6.9: a MOVE vehicle in rough in view of an enemy rates a search facing it above staying put; with nothing in view it does not', () => {
    const { sc, start } = duel(['hull-down', 'ag-hits'], 'S', ROUGH);
    const s = movePhase(withUnits(start, { 0: { hex: hex(sc, '0405') } }), { 0: MOVE });
    const advisor = panzerAdvisor(sc);
    const score = (a: string) => doctrineScore(advisor.assess(s, a, 0), DEFAULT_DOCTRINE_WEIGHTS);
    const stay = `m:0:${hex(sc, '0405')}:0`;
    expect(score('h:0:0:H')).toBeGreaterThan(score(stay));
    expect(score('h:0:0:H')).toBeGreaterThan(score('h:0:3:H'));
    const alone = withUnits(s, { 1: { status: KNOCKED_OUT } });
    expect(doctrineScore(advisor.assess(alone, 'h:0:0:H', 0))).toBeLessThan(doctrineScore(advisor.assess(alone, stay, 0)) + 0.2);
  });
});
