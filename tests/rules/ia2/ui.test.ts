import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { Ia2Game } from '../../../src/rules/ia2/game.js';
import { loadIa2Scenario } from '../../../src/rules/ia2/scenario.js';
import { ia2Ui } from '../../../src/rules/ia2/ui.js';
import { tacsimIn } from '../../cli/run-tacsim.js';
import { shipped } from './helpers.js';

const { tacsim } = tacsimIn('tacsim-ia2-ui-');

describe('IA2 terminal headings', () => {
  it('IA2 9.1: the pre-game, while the plans are written, is headed as the pre-game, not as a turn 0', () => {
    const sc = loadIa2Scenario(shipped('ia2-tiny'));
    const game = new Ia2Game(sc);
    const dice = createRng('heading');
    const pre = game.initialState(dice);
    const ui = ia2Ui(sc);
    expect(pre.turn).toBe(0);
    expect(ui.turnHeading?.(pre)).toBe('Pre-game: artillery plans (9.1)');
    const first = game.apply(pre, game.legalActions(pre)[0]!, dice);
    expect(first.turn).toBe(1);
    expect(ui.turnHeading?.(first)).toBe(`Turn 1 of ${sc.turns}`);
  });

  it('IA2 9.1: tacsim play heads the plan writing "Pre-game", then turn 1', () => {
    const played = tacsim(['play', 'ia2-tiny', '--side', 'german', '--ai', 'scripted', '--seed', '5'], 'plan\nquit\n');
    expect(played.stdout).toContain('=== Pre-game: artillery plans (9.1) ===');
    expect(played.stdout).toContain('=== Turn 1 of 6 ===');
    expect(played.stdout).not.toContain('Turn 0');
  });
});

describe('IA2 typed commands', () => {
  it('IA2 15.41 / 6.4: the commands the list offers for entering the board and for a leader moving with a unit can be typed as written', () => {
    const sc = loadIa2Scenario(shipped('ia2-tiny'));
    const game = new Ia2Game(sc);
    const ui = ia2Ui(sc);
    const dice = createRng('typed');
    let s = game.initialState(dice);
    const typedBack = new Set<string>();
    for (let ply = 0; ply < 400 && !game.isTerminal(s); ply++) {
      const legal = game.legalActions(s);
      for (const a of legal) {
        const verb = a.split(' ')[0]!;
        if (!['enter', 'arrive', 'join'].includes(verb) || typedBack.has(verb)) continue;
        const w = a.split(' ');
        const typed = verb === 'enter' ? [w[0]!, w[1]!, sc.map.grid.label(Number(w[2]))] : w;
        expect(ui.parseCommand!(s, typed, legal)).toBe(a);
        typedBack.add(verb);
      }
      s = game.apply(s, legal[dice.int(legal.length)]!, dice);
    }
    expect([...typedBack].sort()).toEqual(['arrive', 'enter', 'join']);
  });
});

describe('IA2 terminal map', () => {
  it('IA2 5.3, 5.8: the map shows where roads run, the bridge and the ford, and its legend names them (ia2-medium: road along row 07, bridge 0807, ford 0812)', () => {
    const sc = loadIa2Scenario(shipped('ia2-medium'));
    const game = new Ia2Game(sc);
    const map = ia2Ui(sc).renderMap(game.initialState(createRng('road map')), { viewer: 0 });
    expect(map).toContain('0807 =');
    expect(map).toContain('0812 :');
    expect(map).toContain('0107 +');
    expect(map).toContain('0607 W');
    expect(map).toContain('0108 .');
    expect(map).toContain('0806 m');
    const legend = map.replace(/\s+/g, ' ');
    for (const entry of ['= bridge', ': ford (2 MP)', '+ clear with a road', 'W woods with a road', '. clear', 'w woods'])
      expect(legend).toContain(entry);
  });
});
