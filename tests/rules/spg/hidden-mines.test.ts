/**
 * SPG S-50 L672: minefields laid by hidden placement are a secret of their side until a unit enters one.
 * spg-medium hides one AT+AP field (1008) from the Germans (side 0); spg-tiny hides none.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import type { MctsAgent } from '../../../agents/mcts.js';
import { createRng } from '../../../src/core/rng.js';
import { InputError } from '../../../src/core/errors.js';
import { legalActions } from '../../../src/rules/spg/actions.js';
import { spgAgentHooks } from '../../../src/rules/spg/doctrine.js';
import { SpgGame } from '../../../src/rules/spg/game.js';
import { moveDestinations } from '../../../src/rules/spg/movement.js';
import { dealHiddenMines, knownMineStrength, mineStrength, seatView } from '../../../src/rules/spg/obstacles.js';
import { loadSpgScenario, type Scenario } from '../../../src/rules/spg/scenario.js';
import { HEX, type State } from '../../../src/rules/spg/state.js';
import { edit, hex, scenarioFile, tiny } from './helpers.js';

const mediumFile = scenarioFile('spg-medium');
const sc = loadSpgScenario(mediumFile);
const game = new SpgGame(sc, { narrate: true });
const start = game.initialState(createRng('hidden-mines'));
const H = (label: string): number => hex(sc, label);
const GERMAN = 0,
  SOVIET = 1;
const field = sc.hiddenMines[0]!;

/** Hexes of the field's area no unit stands in, other than its own. */
function otherFreeHexes(s: State): number[] {
  const units = new Set(s.u.map((r) => r[HEX]!));
  return field.area.filter((h) => h !== s.hiddenMines[0] && !units.has(h) && sc.publicMines[h] === 0);
}

describe('SPG S-50: hidden minefields are a secret of their side', () => {
  it('SPG S-50: the scenario lays the field where its file says, secret from the Germans, in an area that holds its hex', () => {
    expect(sc.hiddenMines).toHaveLength(1);
    expect(field.hiddenFrom).toBe(GERMAN);
    expect(start.hiddenMines).toEqual([H('1008')]);
    expect(start.minesRevealed).toBe(0);
    expect(field.area).toContain(H('1008'));
    expect(sc.publicMines[H('1008')]).toBe(0);
    expect(sc.publicMines[H('1006')]).toBe(12);
  });

  it('SPG S-50: the Germans do not know of it, the Soviets do, and it attacks all the same', () => {
    expect(mineStrength(sc, start, H('1008'))).toBe(30);
    expect(knownMineStrength(sc, start, H('1008'), SOVIET)).toBe(30);
    expect(knownMineStrength(sc, start, H('1008'), GERMAN)).toBe(0);
    expect(knownMineStrength(sc, start, H('1006'), GERMAN)).toBe(12);
    // What the German seat's advisor reads: the field is off the map; the Soviet seat's view is the state itself.
    expect(seatView(sc, start, GERMAN).hiddenMines).toEqual([-1]);
    expect(seatView(sc, start, SOVIET)).toBe(start);
    expect(knownMineStrength(sc, { ...start, minesRevealed: 1 }, H('1008'), GERMAN)).toBe(30);
  });

  it('SPG S-50: a German unit plans its moves through the unknown field; the Soviets plan with it', () => {
    const german = sc.units.findIndex((u) => u.side === GERMAN && u.leg && start.u[u.index]![HEX]! >= 0);
    const soviet = sc.units.findIndex((u) => u.side === SOVIET && u.leg && u.full.ma >= 3 && start.u[u.index]![HEX]! >= 0);
    // Both on the west bank next to the field (0908 and 0907 are stream hexes next to 1008).
    const s = edit(start, { [german]: { hex: H('0908') }, [soviet]: { hex: H('0907') } });
    const revealed = { ...s, minesRevealed: 1 };
    const reach = (x: State, i: number): number[] => [...moveDestinations(sc, x, i, 8).keys()];
    const unknown = reach(s, german),
      known = reach(revealed, german);
    // Known, the field stops a move that enters it (ruling SPG-R44): the hexes beyond it drop out.
    expect(known.every((h) => unknown.includes(h))).toBe(true);
    expect(unknown.length).toBeGreaterThan(known.length);
    // The Soviets laid it: revealing it changes nothing for them.
    expect(reach(s, soviet)).toEqual(reach(revealed, soviet));
  });

  it('SPG S-50: a German unit whose move crosses the field is attacked in it, stops there and reveals it to both sides', () => {
    const german = sc.units.findIndex((u) => u.side === GERMAN && u.leg && start.u[u.index]![HEX]! >= 0);
    // Turn 1, German impulse: the German unit on the west bank next to the field.
    const s = edit(start, { [german]: { hex: H('0908') } });
    expect(s.toMove).toBe(GERMAN);
    const moves = legalActions(sc, s).filter((a) => a.startsWith(`move ${german} `));
    let crossed = 0,
      beyond = 0;
    for (const a of moves) {
      const to = Number(a.split(' ')[2]);
      const after = game.apply(s, a, createRng(`cross/${a}`));
      if ((after.minesRevealed & 1) === 0) continue;
      crossed++;
      expect(after.events.join('\n')).toContain('a hidden minefield is revealed at 1008');
      expect(knownMineStrength(sc, after, H('1008'), GERMAN)).toBe(30);
      // Stopped in the field (or lost there), not where the move was meant to end.
      const at = after.u[german]![HEX]!;
      expect(at === H('1008') || at < 0).toBe(true);
      if (to !== H('1008')) beyond++;
    }
    expect(beyond).toBeGreaterThan(0);
    expect(crossed).toBeGreaterThan(1);
  });

  it('SPG S-50: determinize deals the unseen field to a free hex of its area, whatever its true hex', () => {
    const elsewhere = { ...start, hiddenMines: [otherFreeHexes(start)[3]!] };
    const dealt = new Set<number>();
    for (let k = 0; k < 200; k++) {
      const a = game.determinize!(start, GERMAN, createRng(`deal/${k}`));
      const b = game.determinize!(elsewhere, GERMAN, createRng(`deal/${k}`));
      expect(a.hiddenMines).toEqual(b.hiddenMines);
      const h = a.hiddenMines[0]!;
      expect(field.area).toContain(h);
      expect(start.u.some((r) => r[HEX] === h)).toBe(false);
      expect(sc.publicMines[h]).toBe(0);
      dealt.add(h);
    }
    // Spread over the area, not stuck on the true hex.
    expect(dealt.size).toBeGreaterThan(5);
    // The Soviets laid it: nothing to resample for them. Once revealed, it stays where it is.
    expect(game.determinize!(start, SOVIET, createRng('deal'))).toBe(start);
    const revealed = { ...start, minesRevealed: 1 };
    expect(game.determinize!(revealed, GERMAN, createRng('deal'))).toBe(revealed);
    // It is never dealt to a hex a unit stands in (entering would have revealed it).
    const crowded = edit(start, { 0: { hex: field.area[0]! }, 1: { hex: field.area[1]! } });
    for (let k = 0; k < 50; k++)
      expect(field.area.slice(0, 2)).not.toContain(dealHiddenMines(sc, crowded, GERMAN, createRng(`crowd/${k}`)).hiddenMines[0]);
  });

  it('SPG S-50: a game with no hidden minefield has no determinize', () => {
    expect(tiny().game.determinize).toBeUndefined();
    expect(game.determinize).toBeDefined();
  });

  it('SPG S-50: the Germans choose the same actions wherever the field lies (scripted and MCTS, fixed seeds)', async () => {
    const hooks = spgAgentHooks(sc);
    // German decisions along a seeded scripted game while the field is unrevealed.
    const states: State[] = [];
    const play = createAgent('scripted', hooks);
    const rng = createRng('hidden-mines/game');
    let s = start;
    let german = 0;
    for (let ply = 0; ply < 600 && states.length < 3 && !game.isTerminal(s) && (s.minesRevealed & 1) === 0; ply++) {
      if (s.toMove === GERMAN && game.legalActions(s).length > 5 && german++ % 4 === 0) states.push(s);
      s = game.apply(s, await play.act(game, s, s.toMove, rng), rng);
    }
    expect(states.length).toBeGreaterThanOrEqual(3);
    // And one where German units stand on the west bank next to the field, where its place matters most.
    const near = sc.units.filter((u) => u.side === GERMAN && u.leg && start.u[u.index]![HEX]! >= 0).slice(0, 2);
    states.push(edit(start, { [near[0]!.index]: { hex: H('0908') }, [near[1]!.index]: { hex: H('0907') } }));
    for (const [n, s0] of states.entries()) {
      const moved = otherFreeHexes(s0).map((h) => ({ ...s0, hiddenMines: [h] }));
      expect(moved.length).toBeGreaterThan(3);
      const s1 = moved[n % moved.length]!;
      expect(game.legalActions(s1)).toEqual(game.legalActions(s0));
      const scripted = async (x: State) => createAgent('scripted:noise=0.2', hooks).act(game, x, GERMAN, createRng(`scripted/${n}`));
      expect(await scripted(s1)).toBe(await scripted(s0));
      // The whole search, not only its choice: every iteration starts from the same dealt position.
      const search = async (x: State) => {
        const agent = createAgent('mcts:iterations=40,rolloutDepth=8,expandAfter=1', hooks) as MctsAgent;
        const chosen = await agent.act(game, x, GERMAN, createRng(`mcts/${n}`));
        return { chosen, top: agent.lastSearch!.top };
      };
      expect(await search(s1)).toEqual(await search(s0));
    }
  });
});

describe('SPG S-50: hidden minefields in scenario files', () => {
  const data = JSON.parse(readFileSync(mediumFile, 'utf8')) as { map: { mines: Record<string, unknown>[] }; [k: string]: unknown };
  const workDir = mkdtempSync(join(tmpdir(), 'tacsim-spg-hidden-'));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  let n = 0;
  const load = (change: (d: typeof data) => void): Scenario => {
    const d = structuredClone(data);
    d.charts = join(dirname(mediumFile), data.charts as string);
    d.counters = join(dirname(mediumFile), data.counters as string);
    change(d);
    const file = join(workDir, `v${++n}.json`);
    writeFileSync(file, JSON.stringify(d));
    return loadSpgScenario(file);
  };

  it('rejects a hidden minefield outside its area, an area without hiddenFrom, and a unit set up in a hidden minefield', () => {
    expect(() =>
      load((d) => {
        d.map.mines[0]!.hex = '0101';
      }),
    ).toThrow(/map\.mines\[0\]\.hex.*outside the minefield's area/);
    expect(() =>
      load((d) => {
        delete d.map.mines[0]!.hiddenFrom;
      }),
    ).toThrow(/map\.mines\.0\.area|map\.mines\[0\]\.area|an area is for a hidden minefield/);
    const occupied = sc.map.grid.label(sc.units.find((u) => u.startHex >= 0 && sc.publicMines[u.startHex] === 0)!.startHex);
    expect(() =>
      load((d) => {
        d.map.mines[0]!.hex = occupied;
        d.map.mines[0]!.area = { hexes: [occupied] };
      }),
    ).toThrow(new RegExp(`sets up in the hidden minefield at ${occupied}`));
    let error: unknown;
    try {
      load((d) => {
        d.map.mines[0]!.hex = '0101';
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
  });

  it('a hidden minefield with no area may lie anywhere on the map', () => {
    const v = load((d) => {
      delete d.map.mines[0]!.area;
    });
    expect(v.hiddenMines[0]!.area).toHaveLength(v.map.size);
  });
});
