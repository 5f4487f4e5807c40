/**
 * GMT Panzer Advanced leg movement and the rest (module "command-control" for grades): Quickmarch
 * (6.6.4.2) with its Unit Grade suppression check. Asserted on the legal actions and on the state.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRng } from '../../../src/core/rng.js';
import { describePanzerAction, legalActions, PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { gpShotFigures } from '../../../src/rules/panzer/advanced/suppression.js';
import { MOVE, NOT_SUPPRESSED, SUPPRESSION_ON } from '../../../src/rules/panzer/state.js';
import { dice, hex, type MiniSpec, movePhase, run, withUnits, writeScenario } from './helpers.js';

const SEASONED = { forceGrade: 'seasoned', formations: [{ id: 'a', grade: 'seasoned' }] };
const GREEN = { forceGrade: 'seasoned', formations: [{ id: 'a', grade: 'green' }] };
const CC = ['leg-towed', 'gp-fire', 'command-control'];

/** A German squad at 0306 and an MG section (attached MG) at 0506; woods at 0205; a Soviet squad far off. */
const spec: MiniSpec = {
  terrain: ['..........', '..........', '..........', '..........', '.w........', '..........'],
  units: [
    [0, 'ger-squad', '0306', 'N'],
    [0, 'ger-section', '0506', 'N'],
    [1, 'sov-squad', '0901', 'S'],
  ],
};

/** The scene with the side grades, the MG attached to the section (unit 1). */
function scene(grade = SEASONED, modules = CC) {
  const file = writeScenario(spec, { modules });
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.sides[0].units[1].attached = ['mg42'];
  if (modules.includes('command-control')) {
    Object.assign(data.sides[0], grade);
    Object.assign(data.sides[1], SEASONED);
  }
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('misc')) };
}

const quick = (legal: string[], u: number) => legal.filter((a) => a.startsWith(`m:${u}:`) && a.endsWith(':q'));

describe('PANZER 6.6.4.2: Quickmarch', () => {
  it('PANZER 6.6.4.2: a squad on MOVE may quickmarch its quickmarch allowance (3) where a normal move reaches 2, over open hexes only', () => {
    const { sc, start } = scene();
    const s = movePhase(start, { 0: MOVE, 1: MOVE });
    const legal = legalActions(sc, s);
    const far = hex(sc, '0303');
    expect(sc.units[0]!.quickmarch).toBe(3);
    expect(legal).toContain(`m:0:${far}:0:q`);
    expect(legal).not.toContain(`m:0:${far}:0`);
    // Never into woods (6.6.4.2: Brush, Clear, Crops, Path or Road), and never a quickmarch in place.
    expect(quick(legal, 0).some((a) => a.startsWith(`m:0:${hex(sc, '0205')}:`))).toBe(false);
    expect(quick(legal, 0).some((a) => a.startsWith(`m:0:${hex(sc, '0306')}:`))).toBe(false);
    expect(describePanzerAction(sc, s, `m:0:${far}:0:q`)).toContain('quickmarches');
    // 6.6.4.2: a section with attached weapons may not quickmarch.
    expect(quick(legal, 1)).toEqual([]);
  });

  it('PANZER 6.6.4.2: at the end of the move roll(100): within the Unit Grade Quickmarch range (Seasoned 01-30, designed) the squad is suppressed', () => {
    const { sc, game, start } = scene();
    const s = movePhase(start, { 0: MOVE });
    const far = hex(sc, '0303');
    const hit = run(game, s, [`m:0:${far}:0:q`], dice(30));
    expect(hit.units[0]).toMatchObject({ hex: far, sup: SUPPRESSION_ON, moved: true });
    expect(hit.events.some((e) => e.includes('quickmarch: rolled 30 against 01-30: suppressed'))).toBe(true);
    const miss = run(game, s, [`m:0:${far}:0:q`], dice(31));
    expect(miss.units[0]).toMatchObject({ hex: far, sup: NOT_SUPPRESSED });
    // A Green squad is suppressed on 01-50.
    const green = scene(GREEN);
    const g = run(green.game, movePhase(green.start, { 0: MOVE }), [`m:0:${far}:0:q`], dice(45));
    expect(g.units[0]!.sup).toBe(SUPPRESSION_ON);
    // A normal move makes no check.
    const walk = run(game, s, [`m:0:${hex(sc, '0304')}:0`], dice(1));
    expect(walk.units[0]!.sup).toBe(NOT_SUPPRESSED);
  });

  it('PANZER 6.6.4.2: no quickmarch when suppressed, without grades, or with a command other than MOVE', () => {
    const { sc, start } = scene();
    const sup = withUnits(movePhase(start, { 0: MOVE }), { 0: { sup: SUPPRESSION_ON } });
    expect(quick(legalActions(sc, sup), 0)).toEqual([]);
    const plain = scene(SEASONED, ['leg-towed', 'gp-fire']);
    expect(quick(legalActions(plain.sc, movePhase(plain.start, { 0: MOVE })), 0)).toEqual([]);
    expect(quick(legalActions(sc, movePhase(start, { 0: 3 })), 0)).toEqual([]);
  });
});

describe('PANZER 6.6.4.3: Crawling', () => {
  it('PANZER 6.6.4.3: a squad in Full Cover on MOVE crawls one hex at its level, keeping Full Cover, with no SPOT/MOVE and not moving for combat', () => {
    const { sc, game, start } = scene();
    const s = withUnits(movePhase(start, { 0: MOVE, 1: MOVE }), { 0: { fc: true }, 1: { fc: true } });
    const legal = legalActions(sc, s);
    const crawls = legal.filter((a) => a.startsWith('m:0:') && a.endsWith(':c'));
    const to = hex(sc, '0305');
    expect(crawls).toContain(`m:0:${to}:0:c`);
    // One hex only.
    expect(crawls.some((a) => a.startsWith(`m:0:${hex(sc, '0304')}:`))).toBe(false);
    // 6.6.4.3: a section with attached weapons does not crawl (PZ-R78); out of Full Cover nobody crawls.
    expect(legal.some((a) => a.startsWith('m:1:') && a.endsWith(':c'))).toBe(false);
    const noFc = withUnits(s, { 0: { fc: false } });
    expect(legalActions(sc, noFc).some((a) => a.startsWith('m:0:') && a.endsWith(':c'))).toBe(false);
    const after = run(game, s, [`m:0:${to}:0:c`], dice(50));
    expect(after.units[0]).toMatchObject({ hex: to, fc: true, crawled: true, movingShown: false, moved: true });
    expect(after.units[0]!.mark).toBe(s.units[0]!.mark);
    // A normal move gives up Full Cover.
    const walked = run(game, s, [`m:0:${to}:0`], dice(50));
    expect(walked.units[0]).toMatchObject({ hex: to, fc: false });
  });

  it('PANZER 6.6.4.3: no crawl next to a spotted enemy; GP fire at a unit that crawled takes +10', () => {
    const { sc, game, start } = scene();
    const s = withUnits(movePhase(start, { 0: MOVE }), { 0: { fc: true }, 2: { hex: hex(sc, '0304'), spotted: true } });
    const crawls = legalActions(sc, s).filter((a) => a.startsWith('m:0:') && a.endsWith(':c'));
    // 0305 and the hexes around it next to the enemy at 0304 are closed; 0306's far side is open.
    expect(crawls.some((a) => a.startsWith(`m:0:${hex(sc, '0305')}:`))).toBe(false);
    const unseen = withUnits(s, { 2: { spotted: false } });
    expect(legalActions(sc, unseen)).toContain(`m:0:${hex(sc, '0305')}:0:c`);
    const far = withUnits(movePhase(start, { 0: MOVE }), { 0: { fc: true } });
    const before = gpShotFigures(sc, far, 2, 0, false, false).modifier;
    const crawled = run(game, far, [`m:0:${hex(sc, '0305')}:0:c`], dice(50));
    expect(gpShotFigures(sc, crawled, 2, 0, false, false).modifier).toBe(before + 10);
  });
});

describe('PANZER 5.1.3.1: Mortars', () => {
  it("PANZER 5.1.3.1: a mortar section fires its mortar's GP-DF row direct, has no AP, and its mortar does not fire from a carrier", () => {
    const file = writeScenario(
      {
        terrain: ['..........', '..........', '..........', '..........', '..........', '..........'],
        units: [
          [0, 'opel', '0306', 'N'],
          [0, 'ger-mortar-section', '0306', 'N'],
          [1, 'sov-squad', '0303', 'S'],
        ],
      },
      { modules: ['leg-towed', 'gp-fire', 'transport'] },
    );
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.sides[0].units[1].attached = ['grw34'];
    data.sides[0].units[1].mountedOn = 0;
    writeFileSync(file, JSON.stringify(data));
    const sc = loadPanzerScenario(file);
    const game = new PanzerGame(sc, { narrate: true });
    const start = game.initialState(createRng('mortar'));
    expect(sc.units[1]!.armed).toBe(true);
    expect(sc.units[1]!.range).toEqual([0, 0, 0, 0, 0]);
    const fire = {
      ...start,
      phase: 'fire' as const,
      first: 0,
      stepSeat: 0,
      units: start.units.map((u, i) => (i === 2 ? { ...u, spotted: true, ordered: true } : i === 0 ? { ...u, ordered: true, cmd: 0 } : u)),
    };
    // Aboard the truck: its own small arms only (the mortar's 5 at range 3 is not used).
    const mounted = gpShotFigures(sc, fire, 1, 2, false, false);
    expect(mounted.factor).toBe(1);
    // On foot: the mortar's GP-DF row, 5 at range 3, better than the section's own 1.
    const onFoot = withUnits(fire, { 1: { status: 0, carrier: -1, ordered: true, cmd: 1 } });
    expect(gpShotFigures(sc, onFoot, 1, 2, false, false).factor).toBe(5);
    expect(legalActions(sc, onFoot).some((a) => a.startsWith('f:1:'))).toBe(false);
  });
});
