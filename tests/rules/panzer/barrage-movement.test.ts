/**
 * GMT Panzer Advanced Game barrage movement (6.6.6), with the "indirect-fire" switch: a unit moving into the
 * SHEAF of a GP mission on the map is attacked by its source at once, once per move, asserted on the state
 * and the narration after the move.
 *
 * The hand-made open map: German FO #0 at 0604 and squad #1 at 0404 (no commands), Soviet squad #2 at 1204
 * and T-34/85 #3 at 1304 on MOVE; a German 10.5cm battery mission with a Closed SHEAF on 1004 (1004 and its
 * six neighbours).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CountingRng, createRng } from '../../../src/core/rng.js';
import { indirectFigures, OFF_MAP_SHEAFS, sheafHexes } from '../../../src/rules/panzer/advanced/indirect-fire.js';
import { inSheaf } from '../../../src/rules/panzer/advanced/smoke.js';
import { PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { type Mission, MOVE, NC, type State } from '../../../src/rules/panzer/state.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import { dice, writeScenario } from './helpers.js';

const SQUAD = 2,
  TANK = 3;

const file = writeScenario(
  {
    terrain: Array.from({ length: 8 }, () => '................'),
    units: [
      [0, 'ger-fo', '0604', 'SE'],
      [0, 'ger-squad', '0404', 'SE'],
      [1, 'sov-squad', '1204', 'NW'],
      [1, 't3485', '1304', 'NW'],
    ],
    turns: 6,
  },
  { modules: ['leg-towed', 'gp-fire', 'indirect-fire'] },
);
const data = JSON.parse(readFileSync(file, 'utf8'));
data.sides[0].artillery = [{ battery: 'ger-105', attachment: 'organic' }];
writeFileSync(file, JSON.stringify(data));
const sc = loadPanzerScenario(file);
const game = new PanzerGame(sc, { narrate: true });
const start = game.initialState(createRng('barrage'));
const at = (label: string) => sc.map.grid.parseLabel(label);

const mission: Mission = {
  side: 0,
  observer: 0,
  battery: 0,
  unit: -1,
  hex: at('1004'),
  sheaf: 'C',
  planned: false,
  dangerClose: false,
  turn: 1,
};

/** The Soviets (Second Player) about to move, everyone spotted, the German barrage on the map. */
const moving: State = {
  ...start,
  phase: 'move',
  first: 0,
  stepSeat: 1,
  units: start.units.map((u, i) => ({ ...u, spotted: true, ordered: true, cmd: i >= 2 ? MOVE : NC })),
  missions: [mission],
};

/** Every roll 1 (an attack that does nothing), counting the rolls taken. */
const counting = (): CountingRng => new CountingRng(dice(1));

const moveTo = (u: number, label: string, facing = 5) => `m:${u}:${at(label)}:${facing}`;

describe('PANZER 6.6.6: Barrage Movement', () => {
  it('PANZER 6.6.6: a squad moving through two hexes of one SHEAF is attacked once, at its first hex in it', () => {
    const rng = counting();
    const after = game.apply(moving, moveTo(SQUAD, '1004'), rng);
    expect(after.units[SQUAD]!.hex).toBe(at('1004'));
    expect(after.units[SQUAD]!.underFire).toBe(true);
    expect(after.events.filter((e) => e.includes('moves into the Barrage'))).toHaveLength(1);
    expect(after.events.filter((e) => e.includes('  barrage'))).toHaveLength(1);
    // An attack's rolls: the same as one attack alone.
    expect(rng.draws).toBeGreaterThan(0);
  });

  it('PANZER 6.6.6: a move that stays out of every SHEAF draws no barrage attack', () => {
    const rng = counting();
    const after = game.apply(moving, moveTo(SQUAD, '1205'), rng);
    expect(after.units[SQUAD]!.hex).toBe(at('1205'));
    expect(after.units[SQUAD]!.underFire).toBe(false);
    expect(after.events.some((e) => e.includes('Barrage'))).toBe(false);
    expect(rng.draws).toBe(0);
  });

  it('PANZER 6.6.6: overlapping SHEAFs attack once each; a Smoke mission attacks nobody', () => {
    const overlap: State = {
      ...moving,
      missions: [mission, { ...mission, hex: at('1104') }, { ...mission, hex: at('0904'), smoke: true }],
    };
    const rng = counting();
    const after = game.apply(overlap, moveTo(SQUAD, '1004'), rng);
    expect(after.events.filter((e) => e.includes('moves into the Barrage'))).toHaveLength(2);
    expect(after.events.some((e) => e.includes('at 0904'))).toBe(false);
  });

  it('PANZER 6.6.6: a barrage attack that suppresses the mover halves what is left of its move at once (6.6.2)', () => {
    // 100: the best roll for the attack (suppressed or worse on the GP table).
    const after = game.apply(moving, moveTo(SQUAD, '1004'), { next: () => 0.99, int: (m: number) => m - 1 });
    // Its route is 1105 1004: the attack at 1105 reduces and suppresses it, so it stops there.
    expect(after.units[SQUAD]!.sup).not.toBe(0);
    expect(after.units[SQUAD]!.half).toBe(true);
    expect(after.units[SQUAD]!.hex).toBe(at('1105'));
    expect(after.events.some((e) => e.includes('stops: its movement factor is spent'))).toBe(true);
  });

  it('PANZER 6.6.6: a vehicle moving within a Barrage takes no Target Vehicle Moving modifier', () => {
    const shown: State = { ...moving, units: moving.units.map((u, i) => (i === TANK ? { ...u, movingShown: true } : u)) };
    const still: State = { ...moving, units: moving.units.map((u, i) => (i === TANK ? { ...u, movingShown: false } : u)) };
    const inBarrage = indirectFigures(sc, shown, TANK, 20, 0, 2, true);
    expect(inBarrage.modifier).toBe(indirectFigures(sc, still, TANK, 20, 0, 2).modifier);
    expect(inBarrage.gpd).toBe(indirectFigures(sc, still, TANK, 20, 0, 2).gpd);
    // Outside a barrage the revealed MOVE counts.
    const out = indirectFigures(sc, shown, TANK, 20, 0, 2);
    expect(out.modifier !== inBarrage.modifier || out.gpd !== inBarrage.gpd).toBe(true);
  });

  it('PANZER 6.6.6: the terminal map marks the Barrage hexes and names the mark in its legend', () => {
    const map = panzerUi(sc).renderMap(moving, { viewer: 0 });
    // The legend names only the marks the drawing used.
    expect(map.replace(/\s+/g, ' ')).toContain('$ barrage');
    expect(map).not.toContain('? barrage');
  });

  it('PANZER 6.5.1.5: the hot-path SHEAF membership test agrees with the SHEAF hex lists, edges included', () => {
    const grid = sc.map.grid;
    for (const tp of [at('0101'), at('0804'), at('1608')])
      for (const sheaf of ['S', ...OFF_MAP_SHEAFS]) {
        const listed = new Set(sheafHexes(sc, tp, sheaf));
        for (let h = 0; h < grid.size; h++) expect(inSheaf(sc, h, tp, sheaf)).toBe(listed.has(h));
      }
  });
});
