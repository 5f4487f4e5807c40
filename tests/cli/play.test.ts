/**
 * `tacsim play` as a new player meets it (issue 14 item 7): factors of units, a move to a distant hex in one
 * command, grouped menus, assault and pass explained, chances of off-board artillery and recovery, the column
 * shift explained, --set and --counters, --load of the other side, hidden units kept hidden, `why`, and Ctrl-C
 * while the computer thinks.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionMenu, FULL_LIST, UnitNumbers, unitsTable, whyText } from '../../src/cli/play-view.js';
import { createRng } from '../../src/core/rng.js';
import { bombardSpec, directFireSpec } from '../../src/rules/pg3/actions.js';
import { Draft } from '../../src/rules/pg3/draft.js';
import type { Pg3Game } from '../../src/rules/pg3/game.js';
import type { Scenario } from '../../src/rules/pg3/scenario.js';
import type { State } from '../../src/rules/pg3/state.js';
import { shiftReasons } from '../../src/rules/pg3/ui.js';
import { loadScenario } from '../../src/scenarios.js';
import { tacsimIn } from './run-tacsim.js';

const { tmp, tacsim, start } = tacsimIn('tacsim-play-');

/** Polls until `ready` holds. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (ready()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const base = ['play', 'pg3-tiny', '--side', 'german', '--ai', 'random', '--seed', '1'];

describe('tacsim play: what a player is shown', () => {
  it("a unit's grouped moves name each destination hex once, however many facings it may end in", () => {
    const numbers = new UnitNumbers();
    const moves = [0, 0, 0, 1, 1, 1, 2, 2].map((to, k) => ({
      kind: 'move' as const,
      label: `#0 moves to ${to} facing ${k}`,
      units: [0],
      from: 0,
      to,
      target: -1,
      combat: false,
    }));
    const labels = [...moves.map((m) => m.label), ...Array.from({ length: FULL_LIST }, (_, k) => `other ${k}`)];
    const places = [...moves, ...Array.from({ length: FULL_LIST }, () => ({ ...moves[0]!, kind: 'fire' as const, units: [1] }))];
    const menu = actionMenu(labels, places, numbers, (h) => `h${h}`);
    expect(menu).toContain('    1. #0 moves to 0 facing 0   (+7 more to h0 h1 h2: 2-8; "list #?")');
  });
  it("units and info N show each unit's factors: fire strength, range, movement, armour, morale, movement points, status", () => {
    const r = tacsim(base, '1\n2\n2\n1\n2\nunits\ninfo 3\ninfo 0\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/#0 +Infantry platoon +0103 +5-3-3 +activating/);
    expect(r.stdout).toMatch(/#3 +PzKpfw IV H +0105 +6-8 AT8-8-6 \[5\]/);
    expect(r.stdout).toMatch(
      /#3 PzKpfw IV H \(german, .*\) at 0105\n {2}counter: .*\n {2}fire 6 range 8, AT 8 range 8, armour 5.*, movement 6 .*morale \d+/,
    );
    // Unit 0 declared MOVE: its movement points left while it moves.
    expect(r.stdout).toMatch(
      /#0 Infantry platoon .*\n.*\n {2}fire 5 range 3, movement 3 \(foot\), morale 8, 2\/2 steps, 3 MP left\n {2}status: activating/,
    );
  });

  it('move U HEX goes to a distant hex by the cheapest path, one legal move at a time, naming where opportunity fire may come', () => {
    const r = tacsim(base, '1\n2\n2\n1\n2\nmove 0 0304\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /move #0: 0103 -> 0[12]0[34] -> 0304, 2 of 3 movement points\n {2}opportunity fire may come at 0304 \(\d units?\)/,
    );
    expect(r.stdout).toMatch(/you: move Infantry platoon#0 @0103 to 0[12]0[34]\n[\s\S]*you: move Infantry platoon#0 @0[12]0[34] to 0304/);
    const far = tacsim(base, '1\n2\n2\n1\n2\nmove 0 0809\nmove 0 0706\nquit\n');
    expect(far.stdout).toMatch(/"0809" is not a hex of this map/);
    expect(far.stdout).toMatch(/unit #0 cannot reach 0706 now: no path within its 3 movement points/);
  });

  it('assault is in help and explained when a leader is needed; pass is refused with its reason', () => {
    const r = tacsim(base, 'help\n1\n1\n1\n1\n1\nassault 0 0203\nquit\n');
    expect(r.stdout).toMatch(
      /assault U HEX +assault movement of unit U into the adjacent enemy hex HEX \(12\.1\): only units a leader\n +activates/,
    );
    expect(r.stdout).toMatch(/no assault by #0 into 0203: no enemy combat unit you know of is in 0203/);
  });

  it("the map is redrawn after the computer's turn when it changed the board, around the action", () => {
    const r = tacsim(base, '1\n2\n2\n1\n2\nmove 0 0304\nquit\n');
    const afterComputer = r.stdout.split(/soviet: opportunity fire by/).pop()!;
    expect(afterComputer).toMatch(/\/0304 \. +\\/);
    expect(afterComputer.indexOf('Terrain:')).toBeLessThan(afterComputer.indexOf('Your decision:'));
  });

  it('fits the map to --width on a medium map, as a window that "map all" and "map HEX" change', () => {
    const r = tacsim(
      ['play', 'pg3-medium', '--side', 'german', '--ai', 'random', '--seed', '1', '--width', '100'],
      'map 1805\nmap all\nquit\n',
    );
    expect(r.code).toBe(0);
    const [first, centred, whole] = r.stdout.split(/german> map/);
    for (const part of [first!, centred!])
      for (const line of part.split('\n')) if (/^[\\/ ]/.test(line)) expect(line.length).toBeLessThanOrEqual(100);
    expect(first).toMatch(/columns 01-09 of 20/);
    expect(centred).toMatch(/columns 1[0-9]-20 of 20/);
    expect(centred).toContain('/1805');
    expect(whole).not.toMatch(/columns \d+-\d+ of/);
    expect(whole).toContain('/2001');
  });

  it('long menus are grouped by kind and unit so they fit a screen; "list move" and "list #N" show a group', () => {
    const r = tacsim(['play', 'pg3-medium', '--side', 'german', '--ai', 'random', '--seed', '1'], 'list\nlist activate\nlist #0\nquit\n');
    expect(r.code).toBe(0);
    const menu = r.stdout.split('german> list\n')[1]!.split('german> ')[0]!;
    expect(menu.split('\n').length).toBeLessThan(FULL_LIST + 10);
    expect(menu).toMatch(/activate: \d+ actions \("list activate" lists them all\)/);
    expect(menu).toMatch(/ +1\. activate the stack at 0405 +\(\+\d more: [\d, -]+; "list 0405"\)/);
    expect(r.stdout).toMatch(/german> list activate\n( +\d+\. activate .*\n)+/);
    expect(r.stdout).toMatch(/german> list #0\n( +\d+\. .*\n)* +\d+\. activate Infantry platoon#0 @0405 alone\n/);
  });
});

describe('tacsim play: options and records', () => {
  it('--set switches an optional rule on for solo play and the record keeps it; --counters is read; a bad --set is one line', () => {
    const record = join(tmp, 'fog.json');
    const r = tacsim([...base, '--set', 'rule.fogOfWar=true', '--record', record], 'quit\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(record, 'utf8')).options).toEqual({ set: { 'rule.fogOfWar': true } });
    const bad = tacsim([...base, '--set', 'fog'], 'quit\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^tacsim: --set takes NAME=VALUE/);
    const noCounters = tacsim([...base, '--counters', 'nowhere.json'], 'quit\n');
    expect(noCounters.code).toBe(2);
    expect(noCounters.stderr).toMatch(/nowhere\.json: no such counter manifest/);
  });

  it('--load REC --side soviet plays the other side of a saved game against the agent of the record', () => {
    const saved = join(tmp, 'as-german.json');
    tacsim([...base, '--record', saved], '1\nquit\n');
    const r = tacsim(['play', '--load', saved, '--side', 'soviet'], 'quit\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/you play Soviet outpost \(soviet\) against random \(german\)/);
    // A record whose both sides were played by people: the computer is the default agent, never "human".
    const both = JSON.parse(readFileSync(saved, 'utf8'));
    both.agents = { german: 'human', soviet: 'human' };
    writeFileSync(join(tmp, 'both.json'), JSON.stringify(both));
    const r2 = tacsim(['play', '--load', join(tmp, 'both.json'), '--side', 'soviet', '--ai', 'random'], 'quit\n');
    expect(r2.code).toBe(0);
    expect(r2.stderr).toBe('');
  });

  it('Ctrl-C while the computer thinks ends the game at once and writes the --record file', async () => {
    const record = join(tmp, 'interrupted.json');
    // The computer (german) moves first and would think for a minute.
    const p = start(['play', 'pg3-tiny', '--side', 'soviet', '--ai', 'mcts:timeMs=60000', '--seed', '1', '--record', record]);
    await until(() => p.output().stdout.includes('is thinking...'), 'the computer thinking');
    p.child.kill('SIGINT');
    const end = await p.exited;
    expect(end.code).toBe(130);
    expect(end.stdout).toMatch(/Ctrl-C: quitting after 0 actions/);
    expect(existsSync(record)).toBe(true);
    expect(JSON.parse(readFileSync(record, 'utf8')).agents).toEqual({ german: 'mcts:timeMs=60000', soviet: 'human' });
  });

  it('why prints what the computer weighed for its last decision', () => {
    const r = tacsim(['play', 'pg3-tiny', '--side', 'soviet', '--ai', 'mcts:iterations=200', '--seed', '1'], 'why\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/The computer's last decision: .+, after 200 iterations/);
    expect(r.stdout).toMatch(/ +\d+ +[+-]\d\.\d\d +([+-]\d\.\d\d|-) +(\d\.\d\d|-) +\S/);
  });
});

describe('play helpers', () => {
  it('why prints a prior, the bound and an expected line when the search report has them, and none of them while units are hidden', () => {
    const report = {
      iterations: 5,
      elapsedMs: 1200,
      nodes: 9,
      threads: 1,
      chosen: 'a',
      top: [{ key: 'a', description: 'do a', visits: 4, mean: 0.5, prior: 0.25, bound: 0.1 }],
      line: [
        { key: 'a', description: 'do a', seat: 0, visits: 4, mean: 0.5, afterDice: false },
        { key: 'b', description: 'do b', seat: 1, visits: 2, mean: -0.5, afterDice: true },
      ],
    };
    const lines = whyText(report, (k) => `do ${k}`);
    expect(lines[0]).toBe("The computer's last decision: do a, after 5 iterations in 1.2 s.");
    expect(lines[2]).toMatch(/^ +4 +\+0\.50 +\+0\.10 +0\.25 +do a$/);
    expect(lines[3]).toBe('  expected line: do a -> (dice) do b');
    const secret = whyText(report, (k) => `do ${k}`, true).join('\n');
    expect(secret).toMatch(/hidden from you/);
    expect(secret).not.toMatch(/do a|do b/);
    // A search that continued the decision before it (mcts reuse) says how much it carried over.
    expect(whyText({ ...report, reused: 300 }, (k) => `do ${k}`)[0]).toBe(
      "The computer's last decision: do a, after 5 iterations in 1.2 s, on top of 300 carried over from its decision before.",
    );
  });

  it('unit numbers: the units the player sees, numbered as first seen, with no gap where hidden units are', () => {
    const n = new UnitNumbers();
    const board = (units: number[]) => ({ units: units.map((unit) => ({ unit })) }) as never;
    n.see(board([0, 1, 2, 5]));
    n.see(board([0, 1, 2, 3, 5]));
    expect([0, 1, 2, 5, 3].map((u) => n.shown(u))).toEqual([0, 1, 2, 3, 4]);
    expect(n.text('Rifle#5 and Gun#3, hidden #4')).toBe('Rifle#3 and Gun#4, hidden #?');
    expect(n.words(['3', '0405', '1,2', '#4'])).toEqual(['5', '0405', '1,2', '3']);
    expect(() => n.words(['7'])).toThrow(/there is no unit #7/);
  });

  it("the units table writes a unit number inside a name in the player's numbers too, so no gap shows the hidden units", () => {
    const n = new UnitNumbers();
    const unit = (u: number) => ({ unit: u, side: 1, hex: 7, name: `Rifle company #${u}`, values: '5-4 4', markers: [] });
    const board = { units: [unit(0), unit(3)], hexes: { 7: { label: '0101' } } } as never;
    n.see(board);
    const rows = unitsTable(board, n, ['german', 'russian'], 0).filter((l) => l.includes('Rifle'));
    expect(rows.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual(['#0 Rifle company #0 0101 5-4 4', '#1 Rifle company #1 0101 5-4 4']);
  });
});

describe('PG3 fire preview: the column shift explained', () => {
  it('PG3 10.2-10.3, 4.4, 16.1: the shift is explained term by term, and the terms add up to the shift applied', () => {
    let explained = 0;
    for (const id of ['pg3-tiny', 'pg3-medium', 'pg3-mirror']) {
      const sc = loadScenario(id);
      const game = sc.game as Pg3Game;
      const scenario = (game as unknown as { scenario: Scenario }).scenario;
      const dice = createRng(`shift-${id}`);
      let state = sc.initialState(dice) as State;
      for (let k = 0; k < 400 && !game.isTerminal(state); k++) {
        const legal = game.legalActions(state);
        for (const a of legal) {
          const p = a.split(' ');
          if (p[0] !== 'df' && p[0] !== 'bomb') continue;
          const d = new Draft(scenario, state, dice, false);
          const spec =
            p[0] === 'df' ? directFireSpec(d, Number(p[1]), Number(p[2])) : bombardSpec(d, Number(p[1]), Number(p[2]), 1 - d.active);
          const lines = shiftReasons(d, spec.kind, spec.firers, spec.target, spec.targetSeat, false, spec.baseShift);
          expect(lines, a).toHaveLength(1);
          explained++;
        }
        state = game.apply(state, legal[dice.int(legal.length)]!, dice);
      }
    }
    expect(explained).toBeGreaterThan(20);
  });
});

describe('tacsim play: hidden units stay hidden (PG3 16.6, pg3-large)', () => {
  it("the computer's actions with hidden units are announced without their hexes, and the unit numbers have no gap", () => {
    const record = join(tmp, 'large.json');
    const answers = `${Array.from({ length: 250 }, () => '1\ny\n').join('')}units\nquit\n`;
    const r = tacsim(['play', 'pg3-large', '--side', 'german', '--ai', 'random', '--seed', '4', '--record', record], answers);
    expect(r.code).toBe(0);
    const rec = JSON.parse(readFileSync(record, 'utf8')) as { actions: string[]; seats: undefined };
    const sc = loadScenario('pg3-large', {}, { narrate: true });
    const dice = createRng('4');
    let state = sc.initialState(dice);
    const said = r.stdout.split('\n').filter((l) => l.startsWith('soviet: '));
    let k = 0;
    let secret = 0;
    for (const key of rec.actions) {
      const action = sc.game.legalActions(state).find((a) => sc.game.actionKey(a) === key)!;
      if (sc.game.toMove(state) === 1) {
        const seen = sc.ui.publicAction!(state, action, { viewer: 0 });
        const line = said[k++]!;
        if (seen.units.length === 0 && seen.kind === 'other') {
          secret++;
          expect(line).toMatch(/acts out of sight/);
        }
        expect(line).not.toContain('#?');
      }
      state = sc.game.apply(state, action, dice);
    }
    expect(k).toBe(said.length);
    // The units listed are numbered 0, 1, 2... with no gap where the hidden ones are (one revealed later has the next number).
    const listed = [...r.stdout.split('german> units')[1]!.matchAll(/^ {2}#(\d+) /gm)].map((m) => Number(m[1])).sort((a, b) => a - b);
    expect(listed).toEqual(listed.map((_, i) => i));
    expect(listed.length).toBeLessThan(sc.unitCounts.reduce((a, b) => a + b, 0));
    expect(secret).toBeGreaterThan(0);
  });
});

describe('PG3 at the prompt: chances and refusals explained', () => {
  /** Positions of random pg3 games where `found` holds for some legal action, with that action. */
  function* positions(id: string, seed: string, steps: number) {
    const sc = loadScenario(id);
    const dice = createRng(seed);
    let state = sc.initialState(dice);
    for (let k = 0; k < steps && !sc.game.isTerminal(state); k++) {
      const legal = sc.game.legalActions(state) as string[];
      yield { sc, state, legal };
      state = sc.game.apply(state, legal[dice.int(legal.length)]!, dice);
    }
  }

  it('PG3 14.4, 9.2: a recovery attempt and off-board artillery show their chances before they are committed', () => {
    let rec = 0;
    let oba = 0;
    for (const { sc, state, legal } of positions('pg3-medium', 'odds', 3000)) {
      for (const a of legal) {
        if (a.startsWith('rec ') && rec < 5) {
          rec++;
          expect(sc.ui.odds(state, a).join('\n')).toMatch(
            /Recovery of .+: 2d6 under \d+ .*: to (disrupted|good order) \d+%, no change \d+%/,
          );
        }
        if (a.startsWith('oba ') && oba < 5) {
          oba++;
          const lines = sc.ui.odds(state, a).join('\n');
          expect(lines).toMatch(/Off-board artillery \([\d +]+\) at \d{4}: strength \d+/);
          expect(lines).toMatch(/column shift [+-]\d+: /);
        }
      }
      if (rec >= 5 && oba >= 5) break;
    }
    expect(rec).toBeGreaterThan(0);
    expect(oba).toBeGreaterThan(0);
  });

  it('PG3 3.0 B: pass is refused with its reason when a demoralized unit must try to recover first', () => {
    let refused = 0;
    for (const { sc, state, legal } of positions('pg3-medium', 'pass', 3000)) {
      if (legal.includes('pass') || !legal.some((a) => a.startsWith('stack ') || a.startsWith('unit '))) continue;
      expect(() => sc.ui.parseCommand(state, ['pass'], legal)).toThrow(/you cannot pass now: .*demoralized.* must first try to recover/);
      if (++refused >= 3) break;
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('PG3 3.13: a move asked of a unit that must first declare MOVE says which action declares it', () => {
    let told = 0;
    for (const { sc, state, legal } of positions('pg3-medium', 'declare', 3000)) {
      const declare = legal.find((a) => /^decl \d+ m$/.test(a));
      if (declare === undefined) continue;
      const unit = declare.split(' ')[1]!;
      if (legal.some((a) => a.startsWith(`mv ${unit} `))) continue;
      expect(() => sc.ui.parseCommand(state, ['move', unit, '0101'], legal)).toThrow(
        new RegExp(`declare it MOVE first: action ${legal.indexOf(declare) + 1}\\)`),
      );
      if (++told >= 3) break;
    }
    expect(told).toBeGreaterThan(0);
  });
});
