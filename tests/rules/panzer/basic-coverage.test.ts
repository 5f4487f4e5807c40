/**
 * GMT Panzer Basic Game sections the older rule tests reached only in passing, each asserted on the state
 * or the figures the engine produces: components and counters (1.x), general procedures (3.x), spotting
 * and line of sight (4.1), commands and initiative (4.2, 4.3), AP fire and fields of fire (4.4), movement
 * (4.5) and the Adjustment Phase (4.6). Maps are small hand-made boards with the reference Data Cards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../src/core/game.js';
import { CountingRng, createRng } from '../../../src/core/rng.js';
import { directShots, legalCommands, movers, PanzerGame, victoryPoints } from '../../../src/rules/panzer/game.js';
import { canFireAt, destinations, enterCost, spots, spottedBySide, spottingRange } from '../../../src/rules/panzer/rules.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import {
  BU_WRECK,
  COMMAND_NAMES,
  DAMAGED,
  FIRE,
  KNOCKED_OUT,
  KO_WRECK,
  MOVE,
  NC,
  OVERWATCH,
  SHORT_HALT,
  SPOT_FIRE,
  SPOT_MOVE,
} from '../../../src/rules/panzer/state.js';
import { COUNTERS, dice, hex, type MiniSpec, mini, run, withUnits, writeScenario } from './helpers.js';

const OPEN = (rows: number) => Array.from({ length: rows }, () => '.....');

/** A scenario on `spec` whose counter manifest adds designed cards `extra` to the reference ones. */
function withCards(spec: MiniSpec, extra: Record<string, unknown>) {
  const manifest = JSON.parse(readFileSync(COUNTERS, 'utf8')) as { vehicles: Record<string, unknown> };
  Object.assign(manifest.vehicles, extra);
  const file = join(tmpdir(), `panzer-cards-${process.pid}-${Object.keys(extra).join('-')}.json`);
  writeFileSync(file, JSON.stringify(manifest));
  const sc = loadPanzerScenario(writeScenario(spec, { counters: file }));
  const game = new PanzerGame(sc, { narrate: true });
  return { sc, game, start: game.initialState(createRng('cards')) };
}

/** The StuG's card with its gun mount changed. */
function stugWith(change: { tt: number; arc: 'front' | 'rear' }): unknown {
  const manifest = JSON.parse(readFileSync(COUNTERS, 'utf8')) as { vehicles: Record<string, { ap: object }> };
  const stug = manifest.vehicles.stug!;
  return { ...stug, tt: change.tt, ap: { ...stug.ap, arc: change.arc } };
}

describe('PANZER 1.x: components and counters', () => {
  it('PANZER 1.0 / 1.7 / 1.7.2 / 3.4 / 4.4.3.2: each vehicle has its own command counter, face down until executed; SHORT HALT shows its FIRE half, then its MOVE half', () => {
    const { sc, game, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'pz4h', '0309', 'N'],
        [0, 'pz4h', '0109', 'N'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    let s = run(game, start, ['o:0:H', 'o:1:F', 'o:2:N'], dice(60, 40));
    // Two German vehicles, two counters with their own commands, both face down.
    expect([s.units[0]!.cmd, s.units[1]!.cmd]).toEqual([SHORT_HALT, FIRE]);
    expect(s.units.every((u) => !u.shown)).toBe(true);
    s = game.apply(s, 'first', dice(50));
    expect(s.phase).toBe('fire');
    s = game.apply(game.apply(s, 'f:0:2', dice(99)), 'resolve', dice(99));
    // Resolving the shot turns the firer's counter face up and marks it SPOT/FIRE; the other stays face down.
    expect(s.units[0]!.shown).toBe(true);
    expect(s.units[0]!.fired).toBe(true);
    expect(s.units[0]!.mark).toBe(SPOT_FIRE);
    expect(s.units[1]!.shown).toBe(false);
    expect(s.phase).toBe('move');
    // The SHORT HALT vehicle still has its move to make: only it is a mover, and moving turns SPOT/FIRE into SPOT/MOVE.
    expect(movers(sc, s, 0)).toEqual([0]);
    s = game.apply(s, `m:0:${hex(sc, '0308')}:0`, createRng('m'));
    // The last move of the turn: the Adjustment Phase follows, and the mover keeps its SPOT/MOVE.
    expect(s.units[0]!.hex).toBe(hex(sc, '0308'));
    expect(s.units[0]!.mark).toBe(SPOT_MOVE);
    expect(s.turn).toBe(2);
  });

  it('PANZER 1.1 / 1.10 / 1.11 / 3.2: a Basic Game needs percentile dice only: every roll of a whole game is a d100', () => {
    const { game, start } = mini({
      terrain: ['.....', '..w..', '.....', '.....', '.....', '.....'],
      turns: 4,
      units: [
        [0, 'pz4h', '0306', 'N'],
        [0, 'stug', '0106', 'N'],
        [1, 't3485', '0301', 'S'],
        [1, 'su85', '0501', 'S'],
      ],
    });
    const base = createRng('rolls');
    const sizes = new Set<number>();
    const counted: Rng = {
      next: () => {
        sizes.add(0);
        return base.next();
      },
      int: (m: number) => {
        sizes.add(m);
        return base.int(m);
      },
    };
    const pick = createRng('choices');
    let s = start;
    for (let k = 0; k < 400 && !game.isTerminal(s); k++) {
      const acts = game.legalActions(s);
      s = game.apply(s, acts[pick.int(acts.length)]!, counted);
    }
    expect(game.isTerminal(s)).toBe(true);
    expect([...sizes]).toEqual([100]);
  });

  it('PANZER 1.5 / 1.6: the Data Card fields the Basic Game reads: movement row, size, armor, turret, AP rows', () => {
    const { sc } = mini({
      terrain: OPEN(3),
      units: [
        [0, 'stug', '0103', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    const [stug, t34] = sc.units;
    expect([stug!.mf, stug!.traction, stug!.roadMf, stug!.size, stug!.armorFront, stug!.armorRear, stug!.arc]).toEqual([
      5,
      'T',
      10,
      -1,
      8,
      3,
      'front',
    ]);
    expect([t34!.mf, t34!.roadMf, t34!.size, t34!.armorFront, t34!.armorRear, t34!.arc]).toEqual([6, 12, 1, 11, 4, 'all']);
    expect(t34!.range).toEqual([3, 8, 14, 20, 26]);
    expect(t34!.pen).toEqual([15, 14, 12, 10, 8]);
  });

  it('PANZER 1.7.1: a Basic Game unit counter is a vehicle with its Data Card and movement factor; a leg unit needs the Advanced leg-towed module', () => {
    const { sc } = mini({
      terrain: OPEN(3),
      units: [
        [0, 'pz4h', '0103', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(sc.units.map((u) => [u.kind, u.name.length > 0, u.mf])).toEqual([
      ['vehicle', true, 5],
      ['vehicle', true, 6],
    ]);
    const legs = writeScenario({
      terrain: OPEN(3),
      units: [
        [0, 'ger-squad', '0103', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(() => loadPanzerScenario(legs)).toThrow(/sides\[0\]\.units\[0\]\.counter.*leg-towed/);
  });

  it('PANZER 1.7.3 / 1.7.4: information counters (DMGD, KO, SPOT/FIRE) and the wreck a KO leaves in its hex, one wreck counter a hex', () => {
    const { sc, game, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    // Margin 12 - 11 = 1 at band S: damaged; the same again knocks out.
    let s = run(game, start, ['o:0:F', 'o:1:N', 'first', 'f:0:1'], dice(60, 40, 1));
    expect(s.units[1]!.status).toBe(DAMAGED);
    expect(s.units[0]!.mark).toBe(SPOT_FIRE);
    s = run(game, s, ['o:0:F', 'o:1:N', 'first', 'f:0:1'], dice(60, 40, 1));
    expect(s.units[1]!.status).toBe(KNOCKED_OUT);
    const h = hex(sc, '0302');
    expect(s.wrecks[h]).toBe(KO_WRECK);
    expect(s.wrecks.filter((w) => w !== 0)).toEqual([KO_WRECK]);
  });

  it('PANZER 1.7.5: a VP hex scores for the side the scenario gives it to until the other side takes it', () => {
    const sc0 = loadPanzerScenario(
      writeScenario(
        {
          terrain: ['.....', '..w..', '.....'],
          units: [
            [0, 'pz4h', '0103', 'N'],
            [1, 't3485', '0501', 'S'],
          ],
        },
        { objectives: [{ hex: '0303', vp: 5, controlledBy: 'soviet' }] },
      ),
    );
    const game = new PanzerGame(sc0);
    const s = game.initialState(createRng('vp'));
    expect(victoryPoints(sc0, s)).toEqual([0, 5]);
  });

  it('PANZER 1.8 / 3.1 / 4.3: the turn track and the First Player are state: initiative after all commands, a new turn each Adjustment Phase', () => {
    const { game, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(start.turn).toBe(1);
    expect(start.first).toBe(-1);
    let s = game.apply(start, 'o:0:N', dice(50));
    // Initiative is not rolled until both sides have placed their commands.
    expect(s.phase).toBe('command');
    expect(s.first).toBe(-1);
    s = run(game, s, ['o:1:N'], dice(30, 80));
    expect(s.phase).toBe('choose');
    s = game.apply(s, 'first', dice(50));
    // The Soviets won and chose to be First Player; the turn is over (nobody acts) and the track moves on.
    expect(s.turn).toBe(2);
    expect(s.phase).toBe('command');
    expect(s.first).toBe(-1);
  });
});

describe('PANZER 3.x: general procedures', () => {
  it('PANZER 3.0 / 3.5 / 3.5.2: range counts hexes; a target at the E range may be fired at, one hex beyond it may not', () => {
    // SU-76M: E range 22, fixed mount facing N; the targets straight ahead, marked SPOT/MOVE (spotted to 40).
    const { sc, start } = mini({
      terrain: OPEN(25),
      units: [
        [0, 'su76m', '0324', 'N'],
        [1, 't3485', '0302', 'S'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    const s = withUnits(start, { 1: { mark: SPOT_MOVE }, 2: { mark: SPOT_MOVE } });
    expect(sc.map.grid.distance(s.units[0]!.hex, s.units[1]!.hex)).toBe(22);
    expect(spots(sc, s, 0, 1) && spots(sc, s, 0, 2)).toBe(true);
    expect(canFireAt(sc, s, 0, 1)).toBe(true);
    expect(canFireAt(sc, s, 0, 2)).toBe(false);
  });
});

describe('PANZER 4.1: spotting', () => {
  it('PANZER 4.1 / 4.1.1: unarmed vehicles do not spot; a target stays spotted while any armed vehicle sees it, but only a firer that spots it may fire', () => {
    const { sc, start } = mini({
      terrain: ['.....', '.....', '..w..', '.....', '.....'],
      units: [
        [0, 'pz4h', '0305', 'N'],
        [0, 'pz4h', '0102', 'N'],
        [0, 'opel', '0502', 'N'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    // #0 looks through the woods at 0303 and does not see; #1 from the side does; the truck sees but may not spot.
    expect(spots(sc, start, 0, 3)).toBe(false);
    expect(spots(sc, start, 1, 3)).toBe(true);
    expect(spots(sc, start, 2, 3)).toBe(false);
    expect(sc.map.hasLos(start.units[2]!.hex, start.units[3]!.hex)).toBe(true);
    expect(start.units[3]!.spotted).toBe(true);
    expect(canFireAt(sc, start, 0, 3)).toBe(false);
    expect(canFireAt(sc, start, 1, 3)).toBe(true);
    // Without #1 the T-34 is no longer spotted by the side.
    expect(spottedBySide(sc, withUnits(start, { 1: { status: 2 } }), 3)).toBe(false);
  });

  it('PANZER 4.1.2: a vehicle spots all round: an enemy straight behind it is spotted', () => {
    const { sc, start } = mini({
      terrain: OPEN(8),
      units: [
        [0, 'stug', '0302', 'N'],
        [1, 't3485', '0307', 'N'],
      ],
    });
    expect(spots(sc, start, 0, 1)).toBe(true);
    expect(start.units[1]!.spotted).toBe(true);
  });

  it('PANZER 4.1.3.1: the target size modifier does not change the spotting range', () => {
    const { sc, start } = mini({
      terrain: ['w.w..', '.....', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0101', 'S'],
        [1, 'su76m', '0301', 'S'],
      ],
    });
    expect(sc.units[1]!.size).not.toBe(sc.units[2]!.size);
    expect(spottingRange(sc, start, 1)).toBe(spottingRange(sc, start, 2));
    expect(spottingRange(sc, start, 1)).toBe(8);
  });

  it('PANZER 4.1.4 / 4.1.4.1: line of sight runs hex centre to centre over the terrain heights; vehicles never block it', () => {
    const { sc, start } = mini({
      terrain: ['.....', '.....', '.....', '.....', '..b..', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0307', 'N'],
        [0, 'pz4h', '0104', 'N'],
        [1, 't3485', '0101', 'S'],
        [1, 't3485', '0102', 'S'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    // Two vehicles stand on the line from #1 to #2 (and #3 next to it): #1 still spots the T-34 at 0101.
    expect(spots(sc, start, 1, 2)).toBe(true);
    // The woods (height 3) at 0306 block #0's line up its column; the brush (height 0) alone would not.
    expect(spots(sc, start, 0, 4)).toBe(false);
    expect(sc.map.hasLos(hex(sc, '0305'), hex(sc, '0301'))).toBe(true);
  });

  it('PANZER 4.1.4.1.4: a hill level adds height: from level 2 a unit sees over a building that blocks at level 0', () => {
    const spec = (level: string): MiniSpec => ({
      terrain: ['.....', '.....', '..h..', '.....', '.....', '.....', '.....', '.....', '.....'],
      elevation: [`00${level}00`, '00000', '00000', '00000', '00000', '00000', '00000', '00000', '00000'],
      units: [
        [0, 'pz4h', '0301', 'S'],
        [1, 't3485', '0309', 'N'],
      ],
    });
    const flat = mini(spec('0'));
    expect(flat.sc.map.hasLos(hex(flat.sc, '0301'), hex(flat.sc, '0309'))).toBe(false);
    const hill = mini(spec('2'));
    expect(hill.sc.map.hasLos(hex(hill.sc, '0301'), hex(hill.sc, '0309'))).toBe(true);
    expect(hill.start.units[1]!.spotted).toBe(true);
  });

  it('PANZER 4.1.4.1.5.1: a continuous slope (ground rising a level a hex, nothing on it) does not block', () => {
    const { sc } = mini({
      terrain: OPEN(6),
      elevation: ['00400', '00300', '00200', '00100', '00000', '00000'],
      units: [
        [0, 'pz4h', '0301', 'S'],
        [1, 't3485', '0306', 'N'],
      ],
    });
    expect(sc.map.hasLos(hex(sc, '0301'), hex(sc, '0306'))).toBe(true);
    // The same ground with a level-3 knoll in the middle of it does block.
    const knoll = mini({
      terrain: OPEN(6),
      elevation: ['00400', '00300', '00200', '00300', '00000', '00000'],
      units: [
        [0, 'pz4h', '0301', 'S'],
        [1, 't3485', '0306', 'N'],
      ],
    });
    expect(knoll.sc.map.hasLos(hex(knoll.sc, '0302'), hex(knoll.sc, '0306'))).toBe(false);
  });

  it('PANZER 4.1.4.1.9: brew-up smoke does not block the line of sight, and costs +1 MF to enter or turn in its hex', () => {
    const { sc, start } = mini({
      terrain: OPEN(8),
      units: [
        [0, 'pz4h', '0307', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    const h = hex(sc, '0306');
    const smoky = { ...start, wrecks: start.wrecks.map((w, k) => (k === h || k === hex(sc, '0304') ? BU_WRECK : w)) };
    expect(spots(sc, smoky, 0, 1)).toBe(true);
    const def = sc.units[0]!;
    expect(enterCost(sc, start, def, start.units[0]!.hex, h, 0)).toBe(1);
    expect(enterCost(sc, smoky, def, start.units[0]!.hex, h, 0)).toBe(2);
    const turnHere = (s: typeof start) =>
      destinations(sc, withUnits(s, { 0: { hex: h } }), 0).find((d) => d.hex === h && d.facing === 3)!.cost;
    expect(turnHere(smoky)).toBe(turnHere(start) + 1);
  });

  it('PANZER 4.1.4.2.6: a line along a hexspine is blocked by blocking terrain in either hex beside it', () => {
    const { sc } = mini({
      terrain: OPEN(8),
      units: [
        [0, 'pz4h', '0101', 'N'],
        [1, 't3485', '0508', 'S'],
      ],
    });
    const grid = sc.map.grid;
    // Find a pair of hexes whose centre line runs along hexspines (its two hex paths differ).
    let pair: [number, number, number, number] | undefined;
    for (let a = 0; a < grid.size && pair === undefined; a++)
      for (let b = 0; b < grid.size && pair === undefined; b++) {
        if (a === b) continue;
        const [left, right] = grid.linePaths(a, b);
        const k = left.findIndex((h, i) => i < left.length - 1 && h >= 0 && right[i]! >= 0 && h !== right[i]);
        if (k >= 0) pair = [a, b, left[k]!, right[k]!];
      }
    expect(pair).toBeDefined();
    const [a, b, l, r] = pair!;
    const withWoodsAt = (h: number) => {
      const terrain = OPEN(8).map((row, y) => [...row].map((c, x) => (grid.col(h) === x && grid.row(h) === y ? 'w' : c)).join(''));
      return mini({
        terrain,
        units: [
          [0, 'pz4h', '0101', 'N'],
          [1, 't3485', '0508', 'S'],
        ],
      }).sc.map;
    };
    expect(sc.map.hasLos(a, b)).toBe(true);
    expect(withWoodsAt(l).hasLos(a, b)).toBe(false);
    expect(withWoodsAt(r).hasLos(a, b)).toBe(false);
  });
});

describe('PANZER 4.2 / 4.4: commands and the Combat Phase', () => {
  it('PANZER 4.2: five commands; N/C is the default and does nothing: an N/C vehicle neither fires nor moves', () => {
    const { sc, game, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    expect(COMMAND_NAMES).toEqual(['N/C', 'FIRE', 'MOVE', 'SHORT HALT', 'OVERWATCH']);
    expect(legalCommands(sc, start, 0)).toEqual([NC, FIRE, MOVE, SHORT_HALT, OVERWATCH]);
    expect(start.units[0]!.cmd).toBe(NC);
    const s = run(game, start, ['o:0:N', 'o:1:F', 'second'], dice(60, 40));
    // The Soviets are First Player; the German N/C vehicle has no shot to take and no move to make.
    expect(directShots(sc, s, 0)).toEqual([]);
    expect(movers(sc, s, 0)).toEqual([]);
    const t = game.apply(s, 'f:1:0', dice(99));
    expect(t.turn).toBe(2);
    expect(t.units[0]!.hex).toBe(start.units[0]!.hex);
    expect(t.units[0]!.fired).toBe(false);
  });

  it('PANZER 4.4.1: the First Player fires first; a FIRE vehicle with a target must fire (no pass is offered), once a turn, marked SPOT/FIRE; then the Second Player', () => {
    const { game, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'pz4h', '0309', 'N'],
        [0, 'pz4h', '0109', 'N'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    let s = run(game, start, ['o:0:F', 'o:1:F', 'o:2:F', 'first'], dice(60, 40, 50));
    expect(game.toMove(s)).toBe(0);
    expect([...game.legalActions(s)].sort()).toEqual(['f:0:2', 'f:1:2']);
    s = game.apply(s, 'f:0:2', dice(99));
    // #0 has announced its fire: its command is shown, its shot waits for the rest of the fire at the T-34.
    expect(game.legalActions(s)).toEqual(['f:1:2', 'resolve']);
    expect(s.units[0]!.shown).toBe(true);
    expect(s.units[0]!.fired).toBe(false);
    s = game.apply(s, 'f:1:2', dice(99));
    // Nobody else can join: both shots are resolved, each vehicle once, marked SPOT/FIRE.
    expect([s.units[0]!.fired, s.units[1]!.fired]).toEqual([true, true]);
    expect([s.units[0]!.mark, s.units[1]!.mark]).toEqual([SPOT_FIRE, SPOT_FIRE]);
    // The Second Player's step: the T-34 fires at either German vehicle.
    expect(game.toMove(s)).toBe(1);
    expect([...game.legalActions(s)].sort()).toEqual(['f:2:0', 'f:2:1']);
  });

  it('PANZER 4.4.1: all fire at one target is announced before any is resolved; a firer whose target is destroyed first still fired at it, and the target takes no more fire that step', () => {
    const { game, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'pz4h', '0309', 'N'],
        [0, 'pz4h', '0109', 'N'],
        [0, 'pz4h', '0509', 'N'],
        [1, 't3485', '0302', 'N'],
        [1, 't3485', '0502', 'N'],
      ],
    });
    let s = run(game, start, ['o:0:F', 'o:1:F', 'o:2:F', 'o:3:N', 'o:4:N', 'first'], dice(60, 40, 50));
    // While fire is announced at #3 only shots at #3 may be added; #4 waits for the next salvo.
    s = game.apply(s, 'f:0:3', dice(99));
    expect(s.salvo).toEqual({ target: 3, shots: [{ firer: 0, gp: false, dual: false }], resolving: false });
    expect([...game.legalActions(s)].sort()).toEqual(['f:1:3', 'f:2:3', 'resolve']);
    s = game.apply(s, 'f:1:3', dice(99));
    // Resolved in the order announced: #0 rolls 1 and knocks the T-34 out from behind (rear 4); #1 rolls nothing,
    // is held to have fired at the wreck, and may not shift its fire to #4.
    const counted = new CountingRng(dice(1));
    s = game.apply(s, 'resolve', counted);
    expect(counted.draws).toBe(1);
    expect(s.units[3]!.status).toBe(KNOCKED_OUT);
    expect([s.units[1]!.fired, s.units[1]!.mark]).toEqual([true, SPOT_FIRE]);
    expect(s.salvo).toBeNull();
    expect(s.engaged).toEqual([3]);
    // #2, left out of that salvo, fires at the other T-34 only.
    expect(game.legalActions(s)).toEqual(['f:2:4']);
  });

  it('PANZER 4.4 / 4.4.3: only a vehicle with an AP row fires, and AP fire is directed only at vehicles', () => {
    const { sc, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'opel', '0309', 'N'],
        [0, 'pz4h', '0109', 'N'],
        [1, 'studebaker', '0302', 'S'],
      ],
    });
    // The unarmed Opel gets no FIRE command and no shot; the Pz IV may fire at the (unarmed) truck, a vehicle.
    expect(legalCommands(sc, start, 0)).toEqual([NC, MOVE]);
    expect(canFireAt(sc, start, 0, 2)).toBe(false);
    expect(canFireAt(sc, start, 1, 2)).toBe(true);
  });

  it('PANZER 4.4.3.1 / 4.4.3.1.4: a front mount fires into the hexes its front 60-degree arc reaches, not abeam or behind', () => {
    const { sc, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'stug', '0309', 'N'],
        [1, 't3485', '0302', 'S'],
        [1, 't3485', '0503', 'S'],
        [1, 't3485', '0509', 'S'],
        [1, 't3485', '0310', 'S'],
      ],
    });
    expect([1, 2, 3, 4].map((t) => canFireAt(sc, start, 0, t))).toEqual([true, true, false, false]);
  });

  it('PANZER 4.4.3.1.2: a Turretless 360 vehicle (TT 360) fires all round, like a turreted one', () => {
    const { sc, start } = withCards(
      {
        terrain: OPEN(10),
        units: [
          [0, 'stug360', '0305', 'N'],
          [1, 't3485', '0309', 'S'],
          [1, 't3485', '0105', 'S'],
        ],
      },
      { stug360: stugWith({ tt: 360, arc: 'front' }) },
    );
    expect(sc.units[0]!.arc).toBe('all');
    expect(canFireAt(sc, start, 0, 1)).toBe(true);
    expect(canFireAt(sc, start, 0, 2)).toBe(true);
  });

  it('PANZER 4.4.3.1.5: a rear mount (overscored ammo) fires only into its rear 60 degrees', () => {
    const { sc, start } = withCards(
      {
        terrain: OPEN(10),
        units: [
          [0, 'stugrear', '0305', 'N'],
          [1, 't3485', '0309', 'S'],
          [1, 't3485', '0301', 'S'],
        ],
      },
      { stugrear: stugWith({ tt: 0, arc: 'rear' }) },
    );
    expect(sc.units[0]!.arc).toBe('rear');
    expect(canFireAt(sc, start, 0, 1)).toBe(true);
    expect(canFireAt(sc, start, 0, 2)).toBe(false);
  });
});

describe('PANZER 4.5 / 4.6: movement and adjustment', () => {
  it('PANZER 4.5.1 / 4.5.1.1: vehicles move one at a time, each move complete before the next; a mover may use all, some or none of its MF', () => {
    const { sc, game, start } = mini({
      terrain: OPEN(8),
      units: [
        [0, 'pz4h', '0308', 'N'],
        [0, 'pz4h', '0108', 'N'],
        [1, 't3485', '0501', 'S'],
      ],
    });
    let s = run(game, start, ['o:0:M', 'o:1:M', 'o:2:N', 'first'], dice(60, 40));
    expect(s.phase).toBe('move');
    expect(movers(sc, s, 0)).toEqual([0, 1]);
    // Every destination within the MF of 5 (straight ahead 1 MF a hex), none beyond it.
    const ahead = destinations(sc, s, 0).filter((d) => d.facing === 0 && sc.map.grid.col(d.hex) === sc.map.grid.col(s.units[0]!.hex));
    expect(Math.max(...ahead.map((d) => d.cost))).toBe(5);
    s = game.apply(s, `m:0:${hex(sc, '0305')}:0`, createRng('a'));
    expect(s.units[0]!.hex).toBe(hex(sc, '0305'));
    expect(s.mover).toBe(-1);
    // The first mover is done: only the second is offered now.
    expect(movers(sc, s, 0)).toEqual([1]);
    expect(game.legalActions(s).every((a) => a.startsWith('m:1:'))).toBe(true);
  });

  it('PANZER 4.6: the Adjustment Phase clears the commands: next turn every vehicle is unordered, face down, free to fire and move', () => {
    const { game, start } = mini({
      terrain: OPEN(10),
      units: [
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    const s = run(game, start, ['o:0:F', 'o:1:M', 'first', 'f:0:1', 'conceal'], dice(60, 40, 99));
    expect(s.phase).toBe('move');
    const t = game.apply(s, game.legalActions(s)[0]!, createRng('mv'));
    expect(t.turn).toBe(2);
    expect(t.phase).toBe('command');
    for (const u of t.units) {
      expect([u.ordered, u.shown, u.fired, u.moved, u.movingShown]).toEqual([false, false, false, false, false]);
      expect(u.cmd).toBe(NC);
    }
  });
});
