/**
 * GMT Panzer Advanced Game indirect fire (5.9.4, 6.5.1), the "indirect-fire" switch, asserted on the state
 * after each action. The Called Indirect Fire Response Table is designed (the text does not give it): FO
 * 3 / 4 / 6 for Attached / Organic / Unattached; the modifiers are the text's (6.5.1.12.1). Off-map
 * batteries and the mortars' GP-IF rows are designed reference data.
 *
 * The hand-made map: German FO #0 at 0604, a German mortar section #1 at 0104 (11 hexes from the Soviets:
 * it cannot spot them), a German squad #2 at 0404; Soviet squads #3 at 1204 and #4 at 1205, a T-34 #5 at
 * 1304 and a Soviet FO #6 at 1504. The German 10.5cm battery (b0) is Organic, pre-registered on 1205;
 * the Soviet 122mm battery (b1) has two Planned missions to choose from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import type { Rng } from '../../../src/core/game.js';
import { createRng } from '../../../src/core/rng.js';
import {
  attachment,
  batteryFree,
  distinctSources,
  mayCall,
  observerCapacity,
  observing,
  responseFactor,
  responseModifier,
  sheafHexes,
} from '../../../src/rules/panzer/advanced/indirect-fire.js';
import { panzerAgentHooks } from '../../../src/rules/panzer/doctrine.js';
import { legalCommands, PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario, type Scenario } from '../../../src/rules/panzer/scenario.js';
import { FIRE, NC, OVERWATCH, type State, SUPPRESSION_ON } from '../../../src/rules/panzer/state.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import { dice, hex, scenarioFile, withUnits, writeScenario } from './helpers.js';

const OPEN = Array.from({ length: 8 }, () => '................');
const FO = 0,
  MORTAR = 1,
  GSQUAD = 2,
  SQ1 = 3,
  SQ2 = 4,
  TANK = 5,
  SFO = 6;

function build(): { sc: Scenario; game: PanzerGame; start: State } {
  const file = writeScenario(
    {
      terrain: OPEN,
      units: [
        [0, 'ger-fo', '0604', 'SE'],
        [0, 'ger-mortar-section', '0104', 'SE'],
        [0, 'ger-squad', '0404', 'SE'],
        [1, 'sov-squad', '1204', 'NW'],
        [1, 'sov-squad', '1205', 'NW'],
        [1, 't3485', '1304', 'NW'],
        [1, 'sov-fo', '1504', 'NW'],
      ],
      turns: 6,
    },
    { modules: ['leg-towed', 'gp-fire', 'indirect-fire'] },
  );
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.sides[0].units[1].attached = ['grw34'];
  data.sides[0].artillery = [{ battery: 'ger-105', attachment: 'organic', preRegistered: ['1205'] }];
  data.sides[1].artillery = [
    {
      battery: 'sov-122',
      plans: [
        { hex: '0404', turn: 2, sheaf: 'closed', duration: 2 },
        { hex: '0804', turn: 2, sheaf: 'open', duration: 2 },
      ],
    },
  ];
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('if')) };
}

const { sc, game, start } = build();

/**
 * The Combat Phase of turn `turn` about to open, the Germans First Player: everyone spotted by the other
 * side, commands as given (N/C otherwise), the Soviet plot (battery 1) as given. Steps with nothing left to
 * decide pass by themselves.
 */
function combat(commands: Record<number, number>, turn = 1, plot = -1, rng: Rng = createRng('c'), arrived = -1): State {
  const s: State = {
    ...start,
    turn,
    phase: 'choose',
    chooser: 0,
    plots: [-1, plot],
    plotStart: [-1, arrived],
    units: start.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
  return game.apply(s, 'first', rng);
}

/** The same game on to turn `turn`'s Combat Phase, the FO holding `cmd`, everything else N/C. */
function nextTurn(s: State, cmd: number, turn = 2): State {
  const units = s.units.map((u, i) => ({ ...u, ordered: true, fired: false, cmd: i === FO ? cmd : NC }));
  return game.apply({ ...s, turn, phase: 'choose', chooser: 0, calls: [], ifOpen: false, units }, 'first', createRng('c'));
}

/** d10 response rolls and d100 attack rolls through `dice` (a d10 of r is the d100 value 10r). */
const d10 = (r: number) => r * 10;

describe('PANZER 6.5.1: indirect fire', () => {
  it('PANZER 6.5.1: the Indirect Fire Step opens the Combat Phase, First Player then Second; the Second sees the First results', () => {
    const s = combat({ [FO]: OVERWATCH, [SFO]: OVERWATCH, [GSQUAD]: FIRE });
    expect(s.phase).toBe('indirect');
    expect(s.stepSeat).toBe(0);
    // The German FO calls the battery onto the Soviet squad at 1204: it responds (10) and every attack is effective (100).
    const a = `i:${FO}:b0:${hex(sc, '1204')}:C`;
    expect(game.legalActions(s)).toContain(a);
    const fired = game.apply(s, a, dice(d10(10), 100));
    expect(fired.units[SQ1]!.half).toBe(true);
    expect(fired.units[SQ1]!.underFire).toBe(true);
    // No German source is left: the German step ends; the Soviet step follows with the results applied.
    expect(fired.phase).toBe('indirect');
    expect(fired.stepSeat).toBe(1);
    expect(game.legalActions(fired).some((a) => a.startsWith(`i:${SFO}:`))).toBe(true);
    const after = game.apply(fired, 'done', createRng('d'));
    expect(after.phase).toBe('fire');
    expect(after.stepSeat).toBe(0);
  });

  it('PANZER 6.5.1.2: off-map batteries fire Open, Closed or Closed Linear SHEAFs; an on-map mortar with FIRE a single hex', () => {
    const s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    const legal = game.legalActions(s);
    const tp = hex(sc, '1204');
    // GP calls (a Smoke call adds `:s`, smoke.test.ts).
    const gp = legal.filter((a) => a.split(':').length === 5);
    expect(gp.filter((a) => a.startsWith(`i:${FO}:b0:${tp}:`)).map((a) => a.split(':')[4])).toEqual([
      'C',
      'O',
      'L0',
      'L1',
      'L2',
      'L3',
      'L4',
      'L5',
    ]);
    expect(gp.filter((a) => a.startsWith(`i:${FO}:u${MORTAR}:${tp}:`))).toEqual([`i:${FO}:u${MORTAR}:${tp}:S`]);
    // Without a FIRE command the mortar is no source (6.5.1: on-map units need FIRE).
    expect(game.legalActions(combat({ [FO]: OVERWATCH })).some((a) => a.includes(`:u${MORTAR}:`))).toBe(false);
  });

  it('PANZER 6.5.1: a mortar may take FIRE for indirect fire alone: a spotted enemy within its GP-IF range, none in its own sight', () => {
    const s = { ...start, units: start.units.map((u) => ({ ...u, spotted: true })) };
    expect(legalCommands(sc, s, MORTAR)).toContain(FIRE);
    const blind = { ...sc, modules: { ...sc.modules, indirectFire: false } };
    expect(legalCommands(blind, s, MORTAR)).not.toContain(FIRE);
  });

  it('PANZER 6.5.1.1: the observer calls fire to a single target hex; an FO calls two distinct sources at most', () => {
    let s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    const tp = hex(sc, '1204');
    s = game.apply(s, `i:${FO}:b0:${tp}:C`, dice(d10(2), 1));
    const calls = game.legalActions(s).filter((a) => a.startsWith('i:'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((a) => a.split(':')[3] === String(tp))).toBe(true);
    s = game.apply(s, calls[0]!, dice(d10(2), 1));
    // Both sources called: nothing is left to the Germans and their step has ended.
    expect(s.calls.filter((c) => c.observer === FO)).toHaveLength(2);
    expect(s.stepSeat).toBe(1);
  });

  it('PANZER 5.9.4: only units with an observer label (FO, Command, Recon) call fire; and only on OVERWATCH', () => {
    const squad = combat({ [GSQUAD]: OVERWATCH });
    expect(game.legalActions(squad).some((a) => a.startsWith('i:'))).toBe(false);
    const noOw = combat({ [FO]: FIRE });
    expect(game.legalActions(noOw).some((a) => a.startsWith('i:'))).toBe(false);
  });

  it('PANZER 6.5.1.1.1: an FO calls two distinct sources, a US FO four; a Command or Recon observer one', () => {
    expect(observerCapacity(sc, FO)).toBe(2);
    const units = sc.units.slice();
    units[FO] = { ...units[FO]!, nation: 'usa' };
    expect(observerCapacity({ ...sc, units }, FO)).toBe(4);
    units[FO] = { ...units[FO]!, observer: 'recon' };
    expect(observerCapacity({ ...sc, units }, FO)).toBe(1);
  });

  it('PANZER 6.5.1.1.4: two on-map units within Command Range of one another are one distinct source (with command control)', () => {
    const cc = { ...sc, modules: { ...sc.modules, commandControl: true } };
    const s = withUnits(start, { [GSQUAD]: { hex: hex(sc, '0105') } });
    // Seasoned: Command Range 1 (6.2.1.1.2).
    expect(distinctSources(cc, s, [`u${MORTAR}`, `u${GSQUAD}`])).toBe(1);
    expect(distinctSources(cc, s, ['b0', `u${MORTAR}`, `u${GSQUAD}`])).toBe(2);
    expect(distinctSources(sc, s, [`u${MORTAR}`, `u${GSQUAD}`])).toBe(2);
    expect(distinctSources(cc, start, [`u${MORTAR}`, `u${GSQUAD}`])).toBe(2);
  });

  it('PANZER 6.5.1.3: Attachment Levels: an Organic battery serves the whole side, an Attached one its formation only; on-map units are Attached to their own', () => {
    const b = { battery: 0, unit: -1 };
    expect(attachment(sc, b, FO)).toBe('organic');
    const attachedTo = (f: number) => ({ ...sc, batteries: [{ ...sc.batteries[0]!, formation: f }, sc.batteries[1]!] });
    expect(attachment(attachedTo(0), b, FO)).toBe('attached');
    expect(attachment(attachedTo(1), b, FO)).toBe('unattached');
    expect(responseFactor(attachedTo(1), b, FO)).toBe(6);
    expect(attachment(sc, { battery: -1, unit: MORTAR }, FO)).toBe('attached');
    const units = sc.units.slice();
    units[MORTAR] = { ...units[MORTAR]!, formation: 1 };
    expect(attachment({ ...sc, units }, { battery: -1, unit: MORTAR }, FO)).toBe('unattached');
  });

  it('PANZER 6.5.1.1.2: Soviet Command (and Recon) observers call only Attached sources; FOs and other nations any', () => {
    const units = sc.units.slice();
    units[SFO] = { ...units[SFO]!, observer: 'command' };
    const cmd = { ...sc, units };
    const organic = { battery: 1, unit: -1 };
    expect(mayCall(sc, organic, SFO)).toBe(true);
    expect(mayCall(cmd, organic, SFO)).toBe(false);
    const attached = { ...cmd, batteries: [cmd.batteries[0]!, { ...cmd.batteries[1]!, formation: cmd.units[SFO]!.formation }] };
    expect(mayCall(attached, organic, SFO)).toBe(true);
    units[FO] = { ...units[FO]!, observer: 'command' };
    expect(mayCall({ ...sc, units }, { battery: 0, unit: -1 }, FO)).toBe(true);
  });

  it('PANZER 6.5.1.4: a Pre-Registered Point helps only the battery it is registered for: +2 to its response there', () => {
    const s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    expect(sc.batteries[0]!.preRegistered).toEqual([hex(sc, '1205')]);
    expect(responseModifier(sc, s, { battery: 0, unit: -1 }, FO, hex(sc, '1205'), false)).toBe(2);
    expect(responseModifier(sc, s, { battery: -1, unit: MORTAR }, FO, hex(sc, '1205'), false)).toBe(0);
  });

  it('PANZER 6.5.1.7: the Target Point goes on a spotted enemy unit; an on-map unit may not fire indirect at a target it spots itself', () => {
    const s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    const targets = new Set(
      game
        .legalActions(s)
        .filter((a) => a.startsWith('i:'))
        .map((a) => Number(a.split(':')[3])),
    );
    expect([...targets].sort((a, b) => a - b)).toEqual(
      [hex(sc, '1204'), hex(sc, '1205'), hex(sc, '1304'), hex(sc, '1504')].sort((a, b) => a - b),
    );
    // The mortar moved up to 0704 spots the squads itself: no indirect fire from it at them.
    const near = withUnits(s, { [MORTAR]: { hex: hex(sc, '0704') } });
    expect(game.legalActions(near).some((a) => a.startsWith(`i:${FO}:u${MORTAR}:${hex(sc, '1204')}`))).toBe(false);
  });

  it('PANZER 6.5.1.12: each source rolls for response; a failure leaves no mission and the source has done its orders for the turn', () => {
    const s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    // The mortar is Attached to the FO's formation (one formation per side without command control): Response 3.
    expect(responseFactor(sc, { battery: -1, unit: MORTAR }, FO)).toBe(3);
    expect(responseFactor(sc, { battery: 0, unit: -1 }, FO)).toBe(4);
    const failed = game.apply(s, `i:${FO}:u${MORTAR}:${hex(sc, '1204')}:S`, dice(d10(2), 100));
    expect(failed.missions).toHaveLength(0);
    expect(failed.units[MORTAR]!.fired).toBe(true);
    expect(failed.units[SQ1]!.underFire).toBe(false);
    const failedB = game.apply(s, `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(3), 100));
    expect(failedB.missions).toHaveLength(0);
    expect(batteryFree(sc, failedB, 0)).toBe(false);
    const ok = game.apply(s, `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(4), 1));
    expect(ok.missions).toHaveLength(1);
    expect(ok.missions[0]).toMatchObject({ side: 0, observer: FO, battery: 0, hex: hex(sc, '1204'), sheaf: 'C', planned: false });
  });

  it('PANZER 6.5.1.12: an unmodified 1 lands on the nearest spotted friendly unit within 5 hexes; with none the fire fails', () => {
    const s = combat({ [FO]: OVERWATCH });
    const tp = hex(sc, '1204');
    const none = game.apply(s, `i:${FO}:b0:${tp}:C`, dice(d10(1), 100));
    expect(none.missions).toHaveLength(0);
    const close = withUnits(s, { [GSQUAD]: { hex: hex(sc, '0904'), spotted: true } });
    const hit = game.apply(close, `i:${FO}:b0:${tp}:C`, dice(d10(1), 100));
    expect(hit.missions[0]!.hex).toBe(hex(sc, '0904'));
    expect(hit.missions[0]!.dangerClose).toBe(true);
    expect(hit.units[GSQUAD]!.half).toBe(true);
  });

  it('PANZER 6.5.1.12.1: pre-registered +2, adjusted +1, observer suppressed -2, observer grade (Seasoned 0)', () => {
    const s = combat({ [FO]: OVERWATCH });
    const b = { battery: 0, unit: -1 };
    expect(responseModifier(sc, s, b, FO, hex(sc, '1204'), false)).toBe(0);
    expect(responseModifier(sc, s, b, FO, hex(sc, '1205'), false)).toBe(2);
    expect(responseModifier(sc, s, b, FO, hex(sc, '1204'), true)).toBe(1);
    const sup = withUnits(s, { [FO]: { sup: SUPPRESSION_ON } });
    expect(responseModifier(sc, sup, b, FO, hex(sc, '1204'), false)).toBe(-2);
    // A barrage landed this turn on the observer's line to the Target Point hinders it: -1.
    const barrage = {
      ...s,
      missions: [
        { side: 1, observer: SFO, battery: -1, unit: -1, hex: hex(sc, '0904'), sheaf: 'C', planned: false, dangerClose: false, turn: 1 },
      ],
    };
    expect(responseModifier(sc, barrage, b, FO, hex(sc, '1204'), false)).toBe(-1);
  });

  it('PANZER 6.5.1.5: SHEAFs: on-map 1 hex, Closed radius 1 (7 hexes), Open radius 2 (19), Closed Linear 7 hexes in a line', () => {
    const tp = hex(sc, '0804');
    expect(sheafHexes(sc, tp, 'S')).toEqual([tp]);
    expect(sheafHexes(sc, tp, 'C')).toHaveLength(7);
    expect(sheafHexes(sc, tp, 'O')).toHaveLength(19);
    const line = sheafHexes(sc, hex(sc, '0801'), 'L3');
    expect(line.map((h) => sc.map.grid.label(h))).toEqual(['0801', '0802', '0803', '0804', '0805', '0806', '0807']);
  });

  it('PANZER 6.5.1.13: every unit in the SHEAF is attacked individually as GP fire, friend or foe, at the range from the observer', () => {
    const s = withUnits(combat({ [FO]: OVERWATCH }), { [GSQUAD]: { hex: hex(sc, '1104') } });
    const after = game.apply(s, `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(10), 100));
    // 1104, 1204, 1205, 1304 are in the Closed SHEAF round 1204; 1504 is not.
    for (const u of [GSQUAD, SQ1, SQ2, TANK]) expect(after.units[u]!.underFire).toBe(true);
    expect(after.units[SFO]!.underFire).toBe(false);
    expect(after.units[GSQUAD]!.half).toBe(true);
    expect(after.units[SQ2]!.half).toBe(true);
    const lines = after.events.filter((e) => e.includes('indirect fire 15'));
    expect(lines).toHaveLength(4);
  });

  it('PANZER 6.5.1.8.1: a mission continues next turn with no response roll while its observer spots a target at the Target Point', () => {
    const s = nextTurn(game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(10), 1)), OVERWATCH);
    expect(game.legalActions(s)).toContain('j:0');
    // The d10 is never rolled: the first die is the attack's d100.
    const cont = game.apply(s, 'j:0', dice(100));
    expect(cont.missions).toHaveLength(1);
    expect(cont.missions[0]!.turn).toBe(2);
    expect(cont.units[SQ1]!.half).toBe(true);
  });

  it('PANZER 6.5.1.8.2: a mission is adjusted up to 3 hexes onto a spotted target, rolling for response again at +1', () => {
    const s = nextTurn(game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(10), 1)), OVERWATCH);
    const adjusts = game.legalActions(s).filter((a) => a.startsWith('y:0:'));
    const hexes = new Set(adjusts.map((a) => sc.map.grid.label(Number(a.split(':')[2]))));
    expect([...hexes].sort()).toEqual(['1204', '1205', '1304', '1504']);
    // Response 4 (Organic): a 3 with +1 responds.
    const moved = game.apply(s, `y:0:${hex(sc, '1304')}:O`, dice(d10(3), 1));
    expect(moved.missions[0]).toMatchObject({ hex: hex(sc, '1304'), sheaf: 'O', turn: 2 });
  });

  it('PANZER 6.5.1.9: a mission whose observer is no longer on OVERWATCH checks at once; one not continued is checked at the end of the step', () => {
    const fired = game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(10), 1));
    const gone = nextTurn(fired, FIRE);
    expect(gone.missions).toHaveLength(0);
    expect(gone.events.some((e) => e.includes('not on OVERWATCH'))).toBe(true);
    // The battery of a checked mission takes no other part this turn.
    expect(gone.batteryTurn[0]).toBe(2);
    const watched = nextTurn(fired, OVERWATCH);
    expect(watched.missions).toHaveLength(1);
    const done = game.apply(watched, 'done', createRng('d'));
    expect(done.missions).toHaveLength(0);
  });

  it('PANZER 6.5.1.10: fire called within 5 hexes of spotted friendly units is Danger Close and checks the next turn', () => {
    const s = withUnits(combat({ [FO]: OVERWATCH }), { [GSQUAD]: { hex: hex(sc, '0904'), spotted: true } });
    const fired = game.apply(s, `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(10), 1));
    expect(fired.missions[0]!.dangerClose).toBe(true);
    const next = nextTurn(fired, OVERWATCH);
    expect(next.missions).toHaveLength(0);
    expect(next.events.some((e) => e.includes('Danger Close'))).toBe(true);
  });

  it('PANZER 6.5.1.5: the terminal map shows each mission, its Target Point and SHEAF hexes', () => {
    const s = game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(10), 1));
    const map = panzerUi(sc).renderMap(s, { viewer: 1 });
    expect(map).toContain('barrage');
    expect(map).toContain('Target Point 1204, Closed');
    expect(panzerUi(sc).renderUnits(s, { viewer: 1 })).toContain(
      'Indirect fire (German): 10.5cm leFH 18 battery (off-map), called by #0 Artillery FO section, Target Point 1204, Closed SHEAF over 1204 1203 1304 1305 1205 1105 1104 (fired this turn)',
    );
  });

  it('PANZER 6.5.1.1: a player calls fire in words: "call 0 b0 1204 C", then "done"', () => {
    const s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    const ui = panzerUi(sc);
    const legal = game.legalActions(s);
    expect(ui.parseCommand!(s, ['call', '0', 'b0', '1204', 'c'], legal)).toBe(`i:${FO}:b0:${hex(sc, '1204')}:C`);
    expect(ui.parseCommand!(s, ['done'], legal)).toBe('done');
    expect(ui.describeAction(s, `i:${FO}:u${MORTAR}:${hex(sc, '1204')}:S`)).toBe(
      '#0 Artillery FO section calls #1 Mortar section onto 1204, single-hex SHEAF',
    );
  });

  it('PANZER 6.5.1: an observer that called fire this turn does no other Overwatch action', () => {
    const s = game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${hex(sc, '1204')}:C`, dice(d10(2), 1));
    expect(observing(s, FO)).toBe(true);
    expect(observing(s, GSQUAD)).toBe(false);
  });

  it('PANZER 6.5.1.11: Planned fire lands with no observer or response roll for its duration; the battery rests a turn after it', () => {
    // Plot 0: 0404 on turn 2, Closed, 2 turns, announced on turn 2. The Soviets are Second Player: their step follows the German one.
    const t2 = combat({}, 2, 0);
    expect(t2.stepSeat).toBe(1);
    expect(game.legalActions(t2)).toEqual(['F:1', 'done']);
    const s = game.apply(t2, 'F:1', dice(100));
    const m = s.missions.find((x) => x.planned)!;
    expect(m).toMatchObject({ side: 1, battery: 1, hex: hex(sc, '0404'), sheaf: 'C', observer: -1, turn: 2 });
    expect(s.plotStart).toEqual([-1, 2]);
    expect(s.units[GSQUAD]!.half).toBe(true);
    expect(s.events.some((e) => e.includes('Planned fire lands on 0404'))).toBe(true);
    // Turn 3: it lands again by itself.
    const w3 = combat({}, 3, 0, dice(1), 2);
    expect(w3.missions.some((x) => x.planned && x.turn === 3)).toBe(true);
    // Turn 4: the plot is over and the battery rests (it answers no call); turn 5 it may be called again.
    const w4 = combat({ [SFO]: OVERWATCH }, 4, 0, dice(1), 2);
    expect(w4.missions.some((x) => x.planned)).toBe(false);
    expect(batteryFree(sc, { ...w4, turn: 3, batteryTurn: [-1, -1] }, 1)).toBe(false);
    expect(batteryFree(sc, { ...w4, turn: 4, batteryTurn: [-1, -1] }, 1)).toBe(false);
    expect(batteryFree(sc, { ...w4, turn: 5, batteryTurn: [-1, -1] }, 1)).toBe(true);
  });

  it('PANZER 6.5.1.11.2: Planned fire may be announced a turn early; not announced on its turn, it arrives a turn late', () => {
    const t1 = combat({}, 1, 0);
    expect(game.legalActions(t1)).toEqual(['F:1', 'done']);
    const early = game.apply(t1, 'F:1', dice(1));
    expect(early.plotStart).toEqual([-1, 1]);
    expect(early.events.some((e) => e.includes('arrives a turn early'))).toBe(true);
    const late = combat({}, 3, 0, dice(1));
    expect(late.plotStart).toEqual([-1, 3]);
    expect(late.missions.some((x) => x.planned && x.turn === 3)).toBe(true);
    expect(late.events.some((e) => e.includes('arrives a turn late'))).toBe(true);
    // Before it arrives the battery may still be called.
    expect(batteryFree(sc, { ...t1, batteryTurn: [-1, -1] }, 1)).toBe(true);
  });

  it('PANZER 6.5.1.11.1: a side plots its Planned fire in secret before its first commands', () => {
    // The Germans command first; the Soviets then plot (one action per plan) and then command.
    let s = game.apply(start, game.legalActions(start).find((a) => a.startsWith('O:'))!, createRng('o'));
    expect(game.toMove(s)).toBe(1);
    expect(game.legalActions(s)).toEqual(['P:1:0', 'P:1:1']);
    const place = panzerUi(sc).publicAction!(s, 'P:1:1', { viewer: 0 });
    expect(place.label).not.toContain('0804');
    s = game.apply(s, 'P:1:1', createRng('p'));
    expect(s.plots).toEqual([-1, 1]);
    expect(game.legalActions(s).some((a) => a.startsWith('O:'))).toBe(true);
    expect(panzerUi(sc).renderUnits(s, { viewer: 0 })).toContain('has a plot, face down');
    expect(panzerUi(sc).renderUnits(s, { viewer: 1 })).toContain('on 0804');
  });
});

describe('PANZER 6.5.1.11.1: the Planned fire plot is hidden information (panzer-advanced)', () => {
  const adv = loadPanzerScenario(scenarioFile('panzer-advanced'));
  const g = new PanzerGame(adv);
  const hooks = panzerAgentHooks(adv);
  const s0 = g.initialState(createRng('hidden-plot'));
  const GERMAN = 0;
  /** The same game to the German's next decision after the Soviets plot plan k (all else equal). */
  const b = adv.batteries.findIndex((x) => x.plans.length > 0);
  function after(k: number): State {
    let s = g.apply(s0, g.legalActions(s0).find((a) => a.startsWith('O:'))!, createRng('o'));
    s = g.apply(s, `P:${b}:${k}`, createRng('p'));
    const rng: Rng = createRng('same');
    // The Soviets act alike whatever they plotted (no early announcement of the Planned fire).
    while (g.toMove(s) !== GERMAN && !g.isTerminal(s)) {
      const legal = g.legalActions(s);
      s = g.apply(s, legal.find((a) => !a.startsWith('F:')) ?? legal[0]!, rng);
    }
    return s;
  }
  const plans = adv.batteries[b]!.plans;
  const states = plans.map((_, k) => after(k));

  it('PANZER 6.5.1.11.1: determinize for the Germans deals the Soviet plot again: the result does not depend on the real one', () => {
    expect(new Set(states.map((s) => s.plots.join(','))).size).toBe(plans.length);
    const dealt = states.map((s) => g.determinize(s, GERMAN, createRng('deal')));
    for (const d of dealt.slice(1)) expect(d).toEqual(dealt[0]);
  });

  it('PANZER 6.5.1.11.1: the German legal actions, scripted choice and MCTS choice do not change with the plotted hex', async () => {
    const legal = states.map((s) => g.legalActions(s));
    for (const l of legal.slice(1)) expect(l).toEqual(legal[0]);
    const scripted = states.map((s) => createAgent('scripted', hooks).act(g, s, GERMAN, createRng('s')));
    for (const c of scripted.slice(1)) expect(c).toEqual(scripted[0]);
    const mcts = [];
    for (const s of states.slice(0, 3))
      mcts.push(await createAgent('mcts:iterations=30,rolloutDepth=6', hooks).act(g, s, GERMAN, createRng('m')));
    for (const c of mcts.slice(1)) expect(c).toEqual(mcts[0]);
  }, 120_000);
});
