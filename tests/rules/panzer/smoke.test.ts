/**
 * GMT Panzer Advanced Game smoke and barrages (6.1.4.3.10, 5.11, 6.5.1.6, 6.5.2.4, 6.5.4.3, 6.8.4) and smoke
 * ammo (5.16.2.3, 5.16.2.5, 6.5.1.11.4), with the "indirect-fire" switch, asserted on the state after each
 * action. The S ammo limits are designed (7 off-map, 5 on-map; ruling PZ-R70).
 *
 * The hand-made map (as indirect-fire.test.ts): German FO #0 at 0604, a German mortar section #1 at 0104, a
 * German squad #2 at 0404; Soviet squads #3 at 1204 and #4 at 1205, a T-34 #5 at 1304 and a Soviet FO #6
 * at 1504. The German 10.5cm battery (b0) is Organic.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { gpFigures } from '../../../src/rules/panzer/advanced/gp-fire.js';
import { responseModifier } from '../../../src/rules/panzer/advanced/indirect-fire.js';
import { adjustSmoke, layCounters, type SmokeCounter, smokeModifier, smokeValue } from '../../../src/rules/panzer/advanced/smoke.js';
import { PanzerGame } from '../../../src/rules/panzer/game.js';
import { shotFigures, smokeOnLine } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario, type Scenario } from '../../../src/rules/panzer/scenario.js';
import { FIRE, MOVE, type Mission, NC, OVERWATCH, SPOT_FIRE, type State } from '../../../src/rules/panzer/state.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import { dice, hex, writeScenario } from './helpers.js';

const OPEN = Array.from({ length: 8 }, () => '................');
const FO = 0,
  MORTAR = 1,
  GSQUAD = 2,
  SQ1 = 3,
  TANK = 5;

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
  data.sides[0].artillery = [{ battery: 'ger-105', attachment: 'organic' }];
  writeFileSync(file, JSON.stringify(data));
  const sc = loadPanzerScenario(file);
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('smoke')) };
}

const { sc, game, start } = build();
const d10 = (r: number) => r * 10;

/** The Combat Phase of turn 1 about to open, the Germans First Player, everyone spotted, commands as given. */
function combat(commands: Record<number, number>): State {
  const s: State = {
    ...start,
    phase: 'choose',
    chooser: 0,
    units: start.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: commands[i] ?? NC })),
  };
  return game.apply(s, 'first', createRng('c'));
}

const at = (label: string) => hex(sc, label);
const cloud = (label: string, tp: string, closed = true, on = true): SmokeCounter => ({ hex: at(label), tp: at(tp), closed, on });
const withSmoke = (s: State, smoke: SmokeCounter[]): State => ({ ...s, smoke: [...smoke].sort((a, b) => a.hex - b.hex) });
const barrage = (tp: string, sheaf: string): Mission => ({
  side: 0,
  observer: FO,
  battery: 0,
  unit: -1,
  hex: at(tp),
  sheaf,
  planned: false,
  dangerClose: false,
  turn: 1,
});

describe('PANZER 6.5.1.6.1: Smoke missions', () => {
  it('PANZER 6.5.1.6.1: GP and Smoke missions are called in Closed, Open and Closed Linear SHEAFs', () => {
    const legal = game.legalActions(combat({ [FO]: OVERWATCH, [MORTAR]: FIRE }));
    const tp = at('1204');
    const smoke = legal.filter((a) => a.startsWith(`i:${FO}:b0:${tp}:`) && a.endsWith(':s')).map((a) => a.split(':')[4]);
    expect(smoke).toEqual(['C', 'O', 'L0', 'L1', 'L2', 'L3', 'L4', 'L5']);
    expect(legal).toContain(`i:${FO}:u${MORTAR}:${tp}:S:s`);
  });

  it('PANZER 6.5.1.6.1: a Smoke mission lays SMOKE/ON over its SHEAF and attacks nobody', () => {
    const s = combat({ [FO]: OVERWATCH });
    // Responds (10); the smoke ammo roll 3 is within the battery's limit of 7.
    const after = game.apply(s, `i:${FO}:b0:${at('1204')}:C:s`, dice(d10(10), d10(3)));
    expect(after.missions).toHaveLength(1);
    expect(after.missions[0]!.smoke).toBe(true);
    expect(after.smoke.map((c) => sc.map.grid.label(c.hex)).sort()).toEqual(['1104', '1105', '1203', '1204', '1205', '1304', '1305']);
    expect(after.smoke.every((c) => c.on && c.closed && c.tp === at('1204'))).toBe(true);
    expect(after.units[SQ1]!.half).toBe(false);
    expect(after.units[SQ1]!.underFire).toBe(false);
    expect(after.units[SQ1]!.sup).toBe(0);
    // An Open SHEAF lays Open smoke.
    const open = game.apply(s, `i:${FO}:b0:${at('1204')}:O:s`, dice(d10(10), d10(3)));
    expect(open.smoke).toHaveLength(19);
    expect(open.smoke.every((c) => !c.closed)).toBe(true);
  });

  it('PANZER 6.5.1.8.1: a continued mission may switch between GP and Smoke without a response roll', () => {
    let s = combat({ [FO]: OVERWATCH });
    s = game.apply(s, `i:${FO}:b0:${at('1204')}:C`, dice(d10(10), 1));
    expect(s.smoke).toHaveLength(0);
    // On to turn 2's Indirect Fire Step with the same observer.
    const units = s.units.map((u, i) => ({ ...u, ordered: true, fired: false, cmd: i === FO ? OVERWATCH : NC }));
    s = game.apply({ ...s, turn: 2, phase: 'choose', chooser: 0, calls: [], ifOpen: false, units }, 'first', createRng('c'));
    const k = s.missions.findIndex((m) => m.side === 0);
    expect(game.legalActions(s)).toContain(`j:${k}:x`);
    // The only roll is the smoke ammo (2): no response roll.
    const after = game.apply(s, `j:${k}:x`, dice(d10(2), d10(10)));
    expect(after.missions.find((m) => m.side === 0)!.smoke).toBe(true);
    expect(after.smoke).toHaveLength(7);
  });
});

describe('PANZER 6.5.1.11.4: smoke ammo limits', () => {
  it('PANZER 5.16.2.5: an off-map battery out of smoke: no SMOKE counter, no ARTILLERY IMPACT; the battery has fired', () => {
    const s = combat({ [FO]: OVERWATCH });
    const after = game.apply(s, `i:${FO}:b0:${at('1204')}:C:s`, dice(d10(10), d10(8)));
    expect(after.smoke).toHaveLength(0);
    expect(after.missions).toHaveLength(0);
    expect(after.batteryTurn[0]).toBe(after.turn);
    expect(after.events.join('\n')).toContain('out of smoke');
  });

  it('PANZER 5.16.2.3: an on-map unit out of smoke places nothing and is still marked SPOT/FIRE', () => {
    const s = combat({ [FO]: OVERWATCH, [MORTAR]: FIRE });
    const out = game.apply(s, `i:${FO}:u${MORTAR}:${at('1204')}:S:s`, dice(d10(10), d10(6)));
    expect(out.smoke).toHaveLength(0);
    expect(out.missions).toHaveLength(0);
    expect(out.units[MORTAR]!.mark).toBe(SPOT_FIRE);
    // Within the on-map limit of 5: one Closed SMOKE counter on the Target Point.
    const ok = game.apply(s, `i:${FO}:u${MORTAR}:${at('1204')}:S:s`, dice(d10(10), d10(5)));
    expect(ok.smoke).toEqual([{ hex: at('1204'), tp: at('1204'), closed: true, on: true }]);
  });
});

describe('PANZER 6.8.4: smoke life', () => {
  it('PANZER 6.8.4: the Adjust/Remove Counters Step turns SMOKE/ON to OFF and removes SMOKE/OFF', () => {
    const on = [cloud('0804', '0804'), cloud('0904', '0904', true, false)];
    expect(adjustSmoke(on)).toEqual([cloud('0804', '0804', true, false)]);
    expect(adjustSmoke(adjustSmoke(on))).toEqual([]);
  });

  it('PANZER 6.1.4.3.10: new smoke turns an existing SMOKE/OFF counter to SMOKE/ON (one counter per hex)', () => {
    const laid = layCounters([cloud('0804', '0804', true, false)], at('0904'), [at('0804'), at('0904')], 'O');
    expect(laid).toEqual([cloud('0804', '0904', false, true), cloud('0904', '0904', false, true)]);
  });

  it('PANZER 6.8.4: smoke laid this turn is OFF next turn and gone the turn after, in play', () => {
    let s = game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${at('1204')}:C:s`, dice(d10(10), d10(3)));
    const agents = createRng('play');
    while (s.turn === 1) s = game.apply(s, game.legalActions(s)[0]!, agents);
    expect(s.smoke.length).toBe(7);
    expect(s.smoke.every((c) => !c.on)).toBe(true);
    // Turn 2's Adjustment Phase, the smoke not fired again.
    while (s.turn === 2 && s.phase !== 'over') {
      const legal = game.legalActions(s);
      s = game.apply(s, legal.includes('done') ? 'done' : legal[0]!, agents);
    }
    expect(s.smoke).toEqual([]);
  });
});

describe('PANZER 6.5.2.4: smoke and barrage modifiers', () => {
  const s0 = combat({});
  const a = at('0404');
  const b = at('1204');

  it('PANZER 6.5.2.4: AP: Smoke -5 Closed, -3 Open; Barrage -3 Closed, -1 Open; once per cloud, cumulative', () => {
    expect(smokeModifier(sc, s0, a, b, 'ap')).toBe(0);
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0804', '0804')]), a, b, 'ap')).toBe(-5);
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0804', '0804', false)]), a, b, 'ap')).toBe(-3);
    // Two hexes of one cloud count once; two clouds count twice.
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0804', '0804'), cloud('0904', '0804')]), a, b, 'ap')).toBe(-5);
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0804', '0804'), cloud('0904', '0904')]), a, b, 'ap')).toBe(-10);
    // Smoke in the firer's or the target's own hex counts.
    expect(smokeModifier(sc, withSmoke(s0, [cloud('1204', '1204')]), a, b, 'ap')).toBe(-5);
    expect(smokeModifier(sc, { ...s0, missions: [barrage('0804', 'C')] }, a, b, 'ap')).toBe(-3);
    expect(smokeModifier(sc, { ...s0, missions: [barrage('0804', 'O')] }, a, b, 'ap')).toBe(-1);
    // A Smoke mission is no Barrage.
    expect(smokeModifier(sc, { ...s0, missions: [{ ...barrage('0804', 'C'), smoke: true }] }, a, b, 'ap')).toBe(0);
    // Off the line: nothing.
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0801', '0801')]), a, b, 'ap')).toBe(0);
  });

  it('PANZER 5.11: where smoke and a barrage coexist only the strongest modifier applies', () => {
    const both = { ...withSmoke(s0, [cloud('0804', '0804', false)]), missions: [barrage('0804', 'S')] };
    // Open smoke -3 and a Closed (single-hex) barrage -3 in the one hex: -3, not -6.
    expect(smokeModifier(sc, both, a, b, 'ap')).toBe(-3);
    expect(smokeModifier(sc, both, a, b, 'gp')).toBe(-10);
  });

  it('PANZER 6.5.4.3: GP: Smoke -20 Closed, -10 Open; Barrage -10 Closed, -5 Open; in the GP figures of direct fire', () => {
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0804', '0804')]), a, b, 'gp')).toBe(-20);
    expect(smokeModifier(sc, withSmoke(s0, [cloud('0804', '0804', false)]), a, b, 'gp')).toBe(-10);
    expect(smokeModifier(sc, { ...s0, missions: [barrage('0804', 'C')] }, a, b, 'gp')).toBe(-10);
    expect(smokeModifier(sc, { ...s0, missions: [barrage('0804', 'O')] }, a, b, 'gp')).toBe(-5);
    expect(sc.adv!.indirectFire!.smoke.batteryAmmo.source.source).toBe('designed');
    // The T-34 (1304) firing GP at the German squad (0404): closed smoke at 0804 lowers the roll by 20.
    const clear = gpFigures(sc, s0, TANK, GSQUAD, false, false, smokeOnLine, false);
    const smoked = gpFigures(sc, withSmoke(s0, [cloud('0804', '0804')]), TANK, GSQUAD, false, false, smokeOnLine, false);
    expect(smoked.modifier - clear.modifier).toBe(-20);
  });

  it('PANZER 6.5.2.4: an AP shot through Closed smoke takes -5 in its figures', () => {
    const file = writeScenario(
      {
        terrain: OPEN,
        units: [
          [0, 'pz4h', '0404', 'SE'],
          [1, 't3485', '1204', 'NW'],
        ],
      },
      { modules: ['leg-towed', 'gp-fire', 'indirect-fire'] },
    );
    const sc2 = loadPanzerScenario(file);
    const g2 = new PanzerGame(sc2, {});
    const s2 = g2.initialState(createRng('ap'));
    const clear = shotFigures(sc2, s2, 0, 1, false, false);
    const smoked = shotFigures(sc2, { ...s2, smoke: [{ hex: at('0804'), tp: at('0804'), closed: true, on: true }] }, 0, 1, false, false);
    expect(smoked.modifier - clear.modifier).toBe(-5);
  });

  it('PANZER 6.5.1.12: smoke on the observer line hinders the Response (-1 per cloud)', () => {
    const s = combat({ [FO]: OVERWATCH });
    const src = { battery: 0, unit: -1 };
    const base = responseModifier(sc, s, src, FO, b, false);
    expect(responseModifier(sc, withSmoke(s, [cloud('0904', '0904')]), src, FO, b, false)).toBe(base - 1);
  });
});

describe('PANZER 6.1.4.3.10: smoke on the terminal map and for the agents', () => {
  it('PANZER 6.1.4.3.10: the map shows SMOKE counters and their state', () => {
    const s = game.apply(combat({ [FO]: OVERWATCH }), `i:${FO}:b0:${at('1204')}:C:s`, dice(d10(10), d10(3)));
    const text = panzerUi(sc).renderUnits(s, { viewer: 1 });
    expect(text).toContain('Smoke mission (German)');
    expect(text).toMatch(/Smoke: .*1204 ON/);
    expect(panzerUi(sc).renderMap(s, { viewer: 1 })).toContain('smoke');
  });

  it('PANZER 6.5.1.6.1: the terminal UI calls a Smoke mission with the word smoke', () => {
    const s = combat({ [FO]: OVERWATCH });
    const ui = panzerUi(sc);
    const legal = game.legalActions(s);
    const tp = at('1204');
    expect(ui.parseCommand!(s, ['call', '0', 'b0', '1204', 'c', 'smoke'], legal)).toBe(`i:${FO}:b0:${tp}:C:s`);
    expect(ui.parseCommand!(s, ['call', '0', 'b0', '1204', 'c'], legal)).toBe(`i:${FO}:b0:${tp}:C`);
    expect(ui.describeAction(s, `i:${FO}:b0:${tp}:O:s`)).toContain('Open SHEAF, Smoke');
  });

  it('PANZER 6.5.1.6.1: a smoke mission is worth something to the doctrine only when own units move near the enemy it screens', () => {
    const s = combat({});
    const hexes = [at('1204')];
    expect(smokeValue(sc, s, 0, hexes)).toBe(0);
    const moving = { ...s, units: s.units.map((u, i) => (i === GSQUAD ? { ...u, cmd: MOVE } : u)) };
    expect(smokeValue(sc, moving, 0, hexes)).toBeGreaterThan(0);
    const firing = { ...s, units: s.units.map((u, i) => (i === GSQUAD ? { ...u, cmd: FIRE } : u)) };
    expect(smokeValue(sc, firing, 0, hexes)).toBe(0);
  });
});
