/** Panzer at the terminal: facing on the map, commands hidden from the other seat, short commands. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { createRng } from '../../../src/core/rng.js';
import { PanzerGame } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import { scenarioFile } from './helpers.js';

const sc = loadPanzerScenario(scenarioFile('panzer-tiny'));
const game = new PanzerGame(sc);
const ui = panzerUi(sc);
const start = game.initialState(createRng('ui'));

describe('PANZER 3.3: the terminal map', () => {
  it('PANZER 3.3: each vehicle is drawn with an arrow for the hexside it faces', () => {
    const map = ui.renderMap(start, { viewer: 0 });
    expect(map).toContain('G#0 0105/'); // Pz IV #0 facing NE
    expect(map).toContain('S#1 1004,'); // T-34/85 #1 facing SW
    const turned = { ...start, units: start.units.map((u, i) => (i === 0 ? { ...u, facing: 3 } : u)) };
    expect(ui.renderMap(turned, { viewer: 0 })).toContain('G#0 0105v');
    expect(ui.board!(start, { viewer: 0 }).units[0]!.markers).toContain('facing NE');
  });
  it('PANZER 3.3: the map legend names no leaders, morale or spent units, which Panzer does not have', () => {
    const map = ui.renderMap(start, { viewer: 0 }).replace(/\s+/g, ' ');
    expect(map).toContain('Units: G german, S soviet, then how many units.');
    expect(map).not.toMatch(/leader|demoralized|dug in|spent/);
    expect(map).toMatch(/Units \(facing: \^ N/);
  });
  it('PANZER 4.2.2: a command typed as "order U C" is the per-vehicle order; an illegal one is refused in one line', () => {
    expect(ui.parseCommand(start, ['order', '0', 'M'], game.legalActions(start))).toBe('o:0:M');
    expect(() => ui.parseCommand(start, ['order', '0', 'X'], game.legalActions(start))).toThrow(InputError);
    const s = game.apply(start, 'o:0:O', createRng('o'));
    expect(ui.renderUnits(s, { viewer: 1 })).toContain('face down');
    expect(ui.renderUnits(s, { viewer: 0 })).toContain('OVERWATCH');
  });
});
