/**
 * GMT Panzer Dual Fire (5.14, module "dual-fire"): a squad fires its own weapon and its attached
 * crew-served weapon in one turn, the attached weapon's shot taking -1 / -3 (AP, 6.5.2.4) or -5 / -10
 * (GP, 6.5.4.3) for the same or a different target; also from a carrier (6.6.7.2). Asserted on the state.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { gpShotFigures } from '../../../src/rules/panzer/advanced/suppression.js';
import { legalActions, PanzerGame } from '../../../src/rules/panzer/game.js';
import { shotFigures } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { FIRE, MOUNTED, NC, SPOT_FIRE, type State, SUPPRESSION_ON } from '../../../src/rules/panzer/state.js';
import { dice, type MiniSpec, run, withUnits, writeScenario } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];

/** A scenario with `modules`, weapons attached by unit index and units starting aboard carriers (index to index, same side). */
function scene(spec: MiniSpec, attached: Record<number, string[]>, modules: string[], mountedOn: Record<number, number> = {}) {
  const file = writeScenario(spec, { modules });
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const placeOf: number[] = [];
  const next = [0, 0];
  for (const [side] of spec.units) placeOf.push(next[side]!++);
  spec.units.forEach(([side], i) => {
    const placed = data.sides[side].units[placeOf[i]!];
    if (attached[i]) placed.attached = attached[i];
    if (mountedOn[i] !== undefined) placed.mountedOn = placeOf[mountedOn[i]!];
  });
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('dual')) };
}

/** The German Direct Fire Step (First Player), everything not aboard spotted and holding its command (N/C when none). */
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

const DUAL = ['leg-towed', 'gp-fire', 'dual-fire'];
/** 0: a German squad with a Panzerschreck; 1: an MG section; 2: a T-34/85 next to the squad; 3: a Soviet squad two hexes off. */
const squadScene = (modules = DUAL) =>
  scene(
    {
      terrain: OPEN,
      units: [
        [0, 'ger-squad', '0308', 'N'],
        [0, 'ger-section', '0408', 'N'],
        [1, 't3485', '0307', 'S'],
        [1, 'sov-squad', '0310', 'N'],
      ],
    },
    { 0: ['panzerschreck'], 1: ['mg42'] },
    modules,
  );

describe('PANZER 5.14: Dual Fire', () => {
  it('PANZER 5.14: a squad fires its own weapon, then its attached weapon at the same target with the Dual Fire modifier (AP -1, GP -5)', () => {
    const { sc, game, start } = squadScene();
    const fire = firePhase(start, { 0: FIRE, 1: FIRE });
    const legal = legalActions(sc, fire);
    // Its own GP, the Panzerschreck's AP and GP (alone), each a separate choice.
    expect(legal).toEqual(expect.arrayContaining(['g:0:2', 'g:0:3', 'f:0:2', 'g:0:3:d']));
    // 5.1.3.4: the Panzerschreck's GP factor is used only at leg and towed units.
    expect(legal).not.toContain('g:0:2:d');
    const aloneAp = shotFigures(sc, fire, 0, 2, false, false, true).modifier;
    const aloneGp = gpShotFigures(sc, fire, 0, 3, false, false, true).modifier;
    const own = run(game, fire, ['g:0:2']);
    expect(own.units[0]).toMatchObject({ firedAt: 2, dualFired: false });
    const next = legalActions(sc, own);
    // The salvo at the tank is open: the Panzerschreck may join it; the own weapon may not fire again.
    expect(next).toContain('f:0:2');
    expect(next).not.toContain('g:0:2');
    expect(shotFigures(sc, own, 0, 2, false, false, true).modifier).toBe(aloneAp - 1);
    // GP: its rifles at the Soviet squad, then the Panzerschreck's GP at it too.
    const ownGp = run(game, fire, ['g:0:3']);
    expect(legalActions(sc, ownGp)).toContain('g:0:3:d');
    expect(gpShotFigures(sc, ownGp, 0, 3, false, false, true).modifier).toBe(aloneGp - 5);
    const joined = run(game, own, ['f:0:2']);
    expect(joined.salvo!.shots).toEqual([
      { firer: 0, gp: true, dual: false },
      { firer: 0, gp: false, dual: true },
    ]);
    // Once the Panzerschreck fired, nothing more from the squad this turn.
    expect(legalActions(sc, joined).filter((a) => /^[fg]:0:/.test(a))).toEqual([]);
    const done = run(game, joined, ['resolve'], dice(99, 5, 99, 5, 99, 5));
    expect(
      done.events.some((e) => e.includes('Dual Fire weapon') && e.includes(`modifier ${aloneAp - 1 >= 0 ? '+' : ''}${aloneAp - 1}`)),
    ).toBe(true);
    // The HEAT shot is not small arms: the squad keeps the SPOT/FIRE counter (6.1.3).
    expect(done.units[0]).toMatchObject({ fired: true, dualFired: true, mark: SPOT_FIRE });
  });

  it('PANZER 5.14: the attached weapon at a different target takes AP -3 / GP -10', () => {
    const { sc, game, start } = squadScene();
    const fire = firePhase(start, { 0: FIRE });
    const aloneAp = shotFigures(sc, fire, 0, 2, false, false, true).modifier;
    const aloneGp = gpShotFigures(sc, fire, 0, 3, false, false, true).modifier;
    // Own weapon at the Soviet squad, that salvo resolved; then the tank, a different target.
    const s = run(game, fire, ['g:0:3', 'resolve'], dice(99, 5));
    expect(s.salvo).toBeNull();
    expect(s.units[0]).toMatchObject({ fired: true, firedAt: 3 });
    const legal = legalActions(sc, s);
    expect(legal).toContain('f:0:2');
    expect(shotFigures(sc, s, 0, 2, false, false, true).modifier).toBe(aloneAp - 3);
    // Own weapon at the tank, then the Panzerschreck's GP at the Soviet squad.
    const t = run(game, fire, ['g:0:2', 'resolve'], dice(99, 5));
    expect(legalActions(sc, t)).toContain('g:0:3:d');
    expect(gpShotFigures(sc, t, 0, 3, false, false, true).modifier).toBe(aloneGp - 10);
  });

  it('PANZER 5.14: one weapon alone takes no modifier; the attached weapon announced first is the only one to fire (PZ-R75)', () => {
    const { sc, game, start } = squadScene();
    const fire = firePhase(start, { 0: FIRE });
    const alone = shotFigures(sc, fire, 0, 2, false, false, true).modifier;
    const s = run(game, fire, ['f:0:2']);
    expect(s.units[0]).toMatchObject({ firedAt: -1, dualFired: true });
    expect(shotFigures(sc, s, 0, 2, false, false, true).modifier).toBe(alone);
    // The own weapon may not follow, neither in this salvo nor later.
    // The own weapon may not follow: with no shot left the salvo is resolved at once and the step ends.
    expect(s.salvo).toBeNull();
    expect(s.units[0]).toMatchObject({ fired: true, firedAt: -1 });
    expect(legalActions(sc, { ...s, phase: 'fire', stepSeat: 0 }).filter((a) => /^[fg]:0:/.test(a))).toEqual([]);
  });

  it('PANZER 5.14: a suppressed squad fires a single weapon; a section (one weapon at a time) has no Dual Fire', () => {
    const { sc, game, start } = squadScene();
    const fire = firePhase(start, { 0: FIRE, 1: FIRE });
    const sup = withUnits(fire, { 0: { sup: SUPPRESSION_ON } });
    const s = run(game, sup, ['g:0:2']);
    expect(legalActions(sc, s).filter((a) => /^[fg]:0:/.test(a))).toEqual([]);
    // Unsuppressed, the same squad could go on.
    expect(legalActions(sc, run(game, fire, ['g:0:2']))).toContain('f:0:2');
    // The MG section fires the best of its rows as one weapon, never a second shot.
    expect(sc.units[1]!.gpDual).toBe(sc.units[1]!.gp.length);
    expect(legalActions(sc, fire).some((a) => a.startsWith('g:1:') && a.endsWith(':d'))).toBe(false);
    const sec = run(game, fire, ['g:1:3']);
    expect(legalActions(sc, sec).filter((a) => /^[fg]:1:/.test(a))).toEqual([]);
  });

  it('PANZER 5.14: without the module the squad fires one weapon a turn, GP the best of its rows', () => {
    const { sc, game, start } = squadScene(['leg-towed', 'gp-fire']);
    expect(sc.units[0]).toMatchObject({ dualAp: false, gpDual: 2 });
    const fire = firePhase(start, { 0: FIRE });
    expect(legalActions(sc, fire).some((a) => a.endsWith(':d'))).toBe(false);
    const s = run(game, fire, ['g:0:2']);
    expect(legalActions(sc, s).filter((a) => /^[fg]:0:/.test(a))).toEqual([]);
  });
});

describe('PANZER 6.6.7.2: Dual Fire from a carrier', () => {
  const carried = (weapon: string) =>
    scene(
      {
        terrain: OPEN,
        units: [
          [0, 'opel', '0308', 'N'],
          [0, 'ger-squad', '0308', 'N'],
          [0, 'pz4h', '0408', 'N'],
          [1, 't3485', '0307', 'S'],
        ],
      },
      { 1: [weapon] },
      ['leg-towed', 'gp-fire', 'transport', 'dual-fire'],
      { 1: 0 },
    );

  it('PANZER 6.6.7.2: a passenger squad fires its rifles and its anti-tank rifle from its carrier: Transported Combat on each, the Dual Fire modifier from its own fire only', () => {
    const { sc, game, start } = carried('ptrd');
    const fire = firePhase(start, { 0: NC, 2: FIRE });
    const onFoot = withUnits(fire, { 1: { status: 0, carrier: -1, ordered: true, cmd: FIRE } });
    const footAlone = shotFigures(sc, onFoot, 1, 3, false, false, true).modifier;
    // Another German unit at the tank does not make the passenger's anti-tank rifle a Dual Fire shot.
    const tankFirst = run(game, fire, ['f:2:3']);
    expect(shotFigures(sc, tankFirst, 1, 3, false, false, true).modifier).toBe(footAlone - 2);
    const own = run(game, tankFirst, ['g:1:3']);
    expect(legalActions(sc, own)).toContain('f:1:3');
    expect(shotFigures(sc, own, 1, 3, false, false, true).modifier).toBe(footAlone - 2 - 1);
    const joined = run(game, own, ['f:1:3'], dice(99, 5, 99, 5, 99, 5));
    // Both shots resolved from the truck (the turn then runs on: nothing else has a decision).
    expect(joined.units[1]!.status).toBe(MOUNTED);
    expect(joined.events.some((e) => e.includes('Panzergrenadier squad fires GP') && e.includes('-30'))).toBe(true);
    const m = footAlone - 3;
    expect(joined.events.some((e) => e.includes('Dual Fire weapon') && e.includes(`modifier ${m >= 0 ? '+' : ''}${m}`))).toBe(true);
  });

  it('PANZER 5.1.3.4: a Panzerschreck does not fire from a carrier (AP or GP); on foot it fires AP at vehicles and its GP factor only at leg and towed units', () => {
    const { sc, start } = carried('panzerschreck');
    const fire = firePhase(start, { 0: NC, 2: FIRE });
    const legal = legalActions(sc, fire);
    expect(legal).toContain('g:1:3');
    expect(legal).not.toContain('f:1:3');
    expect(legal).not.toContain('g:1:3:d');
    const onFoot = withUnits(fire, { 1: { status: 0, carrier: -1, ordered: true, cmd: FIRE } });
    const foot = legalActions(sc, onFoot);
    expect(foot).toContain('f:1:3');
    // Its fixed GP factor is not used at a vehicle.
    expect(foot).not.toContain('g:1:3:d');
  });
});
