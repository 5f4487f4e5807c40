/**
 * GMT Panzer Basic Game rules (digest 2.1, 3.1), each asserted on the state the engine produces. Maps are
 * small hand-made boards; the vehicles are the reference Data Cards (pz4h: MF 5T, armor 8/3, AP to 26 with
 * bands 3/8/14/20/26 and penetration 13/12/10/9/7; t3485: size +1, armor 11/4, penetration 15/14/12/10/8).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { d100, effectiveCommand, legalActions, legalCommands, overwatchShots, victoryPoints } from '../../../src/rules/panzer/game.js';
import {
  bandOf,
  canFireAt,
  damageOf,
  destinations,
  movementAllowance,
  overStacked,
  shotFigures,
  spottingRange,
} from '../../../src/rules/panzer/rules.js';
import {
  BREWED_UP,
  BU_WRECK,
  DAMAGED,
  EXITED,
  FIRE,
  KNOCKED_OUT,
  KO_WRECK,
  MOVE,
  NC,
  OVERWATCH,
  SPOT_FIRE,
  SPOT_MOVE,
} from '../../../src/rules/panzer/state.js';
import { dice, hex, mini, run, withUnits } from './helpers.js';

const OPEN = ['.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....'];
/** German Pz IV (#0) at 0309 facing N, Soviet T-34/85 (#1) at 0302 facing S: 7 hexes apart on one column. */
const duel = () =>
  mini({
    terrain: OPEN,
    units: [
      [0, 'pz4h', '0309', 'N'],
      [1, 't3485', '0302', 'S'],
    ],
  });

describe('PANZER 3.2: reading the dice', () => {
  it('PANZER 3.2: roll(100) reads 01-100 ("00" is 100): the lowest die face gives 1, the highest 100', () => {
    expect(d100(dice(1))).toBe(1);
    expect(d100(dice(100))).toBe(100);
    const rng = createRng('d100');
    for (let k = 0; k < 2000; k++) {
      const r = d100(rng);
      expect(r).toBeGreaterThanOrEqual(1);
      expect(r).toBeLessThanOrEqual(100);
    }
  });
});

describe('PANZER 3.5.1: range in hexes', () => {
  it('PANZER 3.5.1: an adjacent target is at range 1 (the target hex counted, not the firer own)', () => {
    const { sc } = duel();
    expect(sc.map.grid.distance(hex(sc, '0305'), hex(sc, '0304'))).toBe(1);
  });
});

describe('PANZER 3.7: movement fractions', () => {
  it('PANZER 3.7: MF 5 is 2 at SHORT HALT, 2 damaged, 1 both; MF 3 damaged at SHORT HALT is still 1', () => {
    expect(movementAllowance(5, true, false)).toBe(2);
    expect(movementAllowance(5, false, true)).toBe(2);
    expect(movementAllowance(5, true, true)).toBe(1);
    expect(movementAllowance(3, true, true)).toBe(1);
  });
});

describe('PANZER 4.1.3: spotting ranges', () => {
  it('PANZER 4.1.3: a vehicle in the open with no SPOT marker is spotted at the row-0 range of 20 hexes', () => {
    const { sc, start } = duel();
    expect(spottingRange(sc, start, 1)).toBe(20);
    expect(start.units[1]!.spotted).toBe(true);
  });
  it('PANZER 4.1.3: SPOT/FIRE in the open is clamped to row +2; SPOT/MOVE is row +2; Heavy cover with SPOT/FIRE is row 0', () => {
    const { sc, start } = mini({
      terrain: ['..k..', '.....', '.....'],
      units: [
        [0, 'pz4h', '0103', 'N'],
        [1, 't3485', '0301', 'S'],
        [1, 't3485', '0501', 'S'],
      ],
    });
    const fired = withUnits(start, { 2: { mark: SPOT_FIRE }, 1: { mark: SPOT_FIRE } });
    expect(spottingRange(sc, fired, 2)).toBe(sc.spotRange[0]);
    expect(spottingRange(sc, withUnits(start, { 2: { mark: SPOT_MOVE } }), 2)).toBe(sc.spotRange[0]);
    // #1 in the brick building: Heavy spotting cover -3, SPOT/FIRE +3.
    expect(spottingRange(sc, fired, 1)).toBe(20);
    expect(spottingRange(sc, start, 1)).toBe(sc.spotRange[5]);
  });
  it('PANZER 3.8 / 4.1.3.2: in an over-stacked hex (6 vehicles) a vehicle in Heavy cover counts as in the open', () => {
    const six: [number, string, string, string][] = Array.from({ length: 6 }, () => [1, 't3485', '0101', 'S']);
    const { sc, start } = mini({
      terrain: ['..k..', '.....', '.....'].map((r, i) => (i === 0 ? 'k....' : r)),
      units: [[0, 'pz4h', '0103', 'N'], ...six],
    });
    expect(overStacked(sc, start, hex(sc, '0101'))).toBe(true);
    expect(spottingRange(sc, start, 1)).toBe(20);
  });
  it('PANZER 4.1.5: the Spotting Phase takes the SPOT marker off a vehicle no enemy spots', () => {
    const { sc, game, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    // Woods between them on the column block the line: neither is spotted, and marks laid on them go.
    expect(start.units[1]!.spotted).toBe(false);
    const s = run(game, withUnits(start, { 1: { mark: SPOT_FIRE } }), ['o:0:N', 'o:1:N', 'first'], dice(70, 20));
    expect(s.turn).toBe(2);
    expect(s.units[1]!.mark).toBe(0);
    void sc;
  });
});

describe('PANZER 4.2.2: the Place Command Step', () => {
  it('PANZER 4.2.2: FIRE and SHORT HALT are offered only with a spotted target; without one FIRE becomes N/C', () => {
    const { sc, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    expect(legalCommands(sc, start, 0)).toEqual([NC, MOVE, OVERWATCH]);
    expect(effectiveCommand(sc, start, 0, FIRE)).toBe(NC);
    const d = duel();
    expect(legalCommands(d.sc, d.start, 0)).toContain(FIRE);
  });
  it('PANZER 4.2.2: each seat places its commands in turn, the first seat before the second, before initiative is known', () => {
    const { game, start } = duel();
    expect(game.toMove(start)).toBe(0);
    const s = game.apply(start, 'o:0:F', createRng('x'));
    expect(game.toMove(s)).toBe(1);
    expect(s.units[0]!.ordered && s.units[0]!.cmd === FIRE && !s.units[0]!.shown).toBe(true);
    expect(s.first).toBe(-1);
  });
});

describe('PANZER 4.3.1: initiative', () => {
  it('PANZER 4.3.1: each side rolls d100, ties are rolled again, and the higher chooses First or Second Player', () => {
    const { game, start } = duel();
    const s = run(game, start, ['o:0:F', 'o:1:N'], dice(50, 50, 30, 80));
    expect(s.phase).toBe('choose');
    expect(s.initiativeRolls).toEqual([30, 80]);
    expect(game.toMove(s)).toBe(1);
    expect(game.legalActions(s)).toEqual(['first', 'second']);
    const t = game.apply(s, 'second', createRng('y'));
    expect(t.first).toBe(0);
  });
  it('PANZER 4.3.2 / 4.5: the First Player fires first; the Second Player moves first', () => {
    const { game, start } = duel();
    let s = run(game, start, ['o:0:F', 'o:1:F'], dice(80, 20));
    s = game.apply(s, 'first', createRng('z'));
    expect(s.phase).toBe('fire');
    expect(game.toMove(s)).toBe(0);
    const m = run(game, start, ['o:0:M', 'o:1:M', 'first'], dice(80, 20));
    expect(m.phase).toBe('move');
    expect(game.toMove(m)).toBe(1);
  });
});

describe('PANZER 4.4.3: AP fire', () => {
  it('PANZER 4.4.3.2.1: the band is the first R value at or above the range; beyond E no shot', () => {
    const { sc } = duel();
    const pz = sc.units[0]!;
    expect([1, 3, 4, 8, 9, 26].map((r) => bandOf(pz, r))).toEqual([0, 0, 1, 1, 2, 4]);
    expect(bandOf(pz, 27)).toBe(-1);
  });
  it('PANZER 4.4.3.2.3: hit number from the table by band and net modifier; roll at or under hits (digest 6 #18)', () => {
    const { sc, game, start } = duel();
    const fig = shotFigures(sc, start, 0, 1, false, false);
    expect(fig.band).toBe(1);
    expect(fig.modifier).toBe(1); // T-34/85 size +1
    const hit = fig.hitNumber;
    const atHit = run(game, start, ['o:0:F', 'o:1:N', 'first', 'f:0:1'], dice(60, 40, hit));
    expect(atHit.units[1]!.status).toBe(DAMAGED);
    const over = run(game, start, ['o:0:F', 'o:1:N', 'first', 'f:0:1'], dice(60, 40, hit + 1));
    expect(over.units[1]!.status).toBe(0);
    expect(over.units[0]!.mark).toBe(SPOT_FIRE);
  });
  it('PANZER 4.4.3.2.5: penetration at the band against the armor of the aspect hit: front 11 from ahead, rear 4 from behind', () => {
    const { sc, start } = duel();
    expect(shotFigures(sc, start, 0, 1, false, false).margin).toBe(12 - 11);
    const behind = withUnits(start, { 1: { facing: 0 } });
    expect(shotFigures(sc, behind, 0, 1, false, false).margin).toBe(12 - 4);
  });
  it('PANZER 4.4.3.2.4: on the front/rear boundary the owner takes the better armor', () => {
    const { sc, start } = mini({
      terrain: OPEN,
      units: [
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0302', 'NE'],
      ],
    });
    // Facing NE, the line from the south runs... into the rear flank (side S is relative side 2): rear armor.
    expect(shotFigures(sc, start, 0, 1, false, false).margin).toBe(12 - 4);
    const along = mini({
      terrain: OPEN,
      units: [
        [0, 'pz4h', '0105', 'N'],
        [1, 't3485', '0303', 'SE'],
      ],
    });
    // A line along the hexspine between the target's front flank and rear flank: the better (front) armor.
    const arcs = along.sc.map.grid.arcsOf(along.start.units[1]!.hex, 2, along.start.units[0]!.hex);
    if ((arcs & 0b110) === 0b110) expect(shotFigures(along.sc, along.start, 0, 1, false, false).margin).toBe(12 - 11);
  });
  it('PANZER 4.4.3.2.6: margin -1 none, 0-3 damaged, 4-9 knocked out, 10+ brewed up (digest 6 #19)', () => {
    expect([-1, 0, 3, 4, 9, 10].map(damageOf)).toEqual([-1, 0, 0, 1, 1, 2]);
  });
  it('PANZER 4.4.3.2.6: a second damaged result knocks the vehicle out and leaves a KO wreck (digest 6 #20)', () => {
    const { game, start } = duel();
    const s = run(game, withUnits(start, { 1: { status: DAMAGED } }), ['o:0:F', 'o:1:N', 'first', 'f:0:1'], dice(60, 40, 1));
    expect(s.units[1]!.status).toBe(KNOCKED_OUT);
    expect(s.wrecks[start.units[1]!.hex]).toBe(KO_WRECK);
    expect(s.phase).toBe('over');
  });
  it('PANZER 4.1.4.1.8: a BU wreck is placed with its smoke; a later KO in the same hex keeps the BU wreck (digest 6 #21)', () => {
    const { sc, game, start } = mini({
      terrain: OPEN,
      units: [
        [0, 'panther', '0304', 'N'],
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0302', 'N'],
        [1, 't3485', '0302', 'N'],
      ],
    });
    const h = hex(sc, '0302');
    // Panther at range 2 into the rear (armor 4): margin 19 - 4 = 15 brews up; the Pz IV at 7: 12 - 4 = 8 knocks out.
    let s = run(game, start, ['o:0:F', 'o:1:F', 'o:2:N', 'o:3:N', 'first', 'f:0:2', 'resolve'], dice(60, 40, 1));
    expect(s.units[2]!.status).toBe(BREWED_UP);
    expect(s.wrecks[h]).toBe(BU_WRECK);
    s = game.apply(s, 'f:1:3', dice(1));
    expect(s.units[3]!.status).toBe(KNOCKED_OUT);
    expect(s.wrecks[h]).toBe(BU_WRECK);
  });
  it('PANZER 4.4.3.1.3 / 4.4.3.1.1: a fixed mount fires only into its 60-degree front arc; a turret all round', () => {
    const { sc, start } = mini({
      terrain: OPEN,
      units: [
        [0, 'stug', '0305', 'S'],
        [0, 'pz4h', '0105', 'S'],
        [1, 't3485', '0302', 'S'],
      ],
    });
    expect(canFireAt(sc, start, 0, 2)).toBe(false);
    expect(canFireAt(sc, start, 1, 2)).toBe(true);
    expect(canFireAt(sc, withUnits(start, { 0: { facing: 0 } }), 0, 2)).toBe(true);
  });
  it('PANZER 4.4.3.2.2: a target that reveals MOVE is hit at -2; one whose owner keeps it face down is not (digest 6 #15)', () => {
    const { sc, game, start } = duel();
    const s = run(game, start, ['o:0:F', 'o:1:M', 'first', 'f:0:1'], dice(60, 40));
    expect(s.pending).not.toBeNull();
    expect(game.toMove(s)).toBe(1);
    expect(game.legalActions(s)).toEqual(['reveal', 'conceal']);
    const base = shotFigures(sc, s, 0, 1, false, false).hitNumber;
    const moving = shotFigures(sc, s, 0, 1, false, true).hitNumber;
    expect(moving).toBeLessThan(base);
    // A roll between the two: it hits a concealed mover, misses a revealed one.
    const roll = moving + 1;
    const revealed = game.apply(s, 'reveal', dice(roll));
    expect(revealed.units[1]!.status).toBe(0);
    expect(revealed.units[1]!.shown).toBe(true);
    const concealed = game.apply(s, 'conceal', dice(roll));
    expect(concealed.units[1]!.status).toBe(DAMAGED);
    expect(concealed.units[1]!.shown).toBe(false);
  });
  it('PANZER 4.4.3.2.2: the firer at SHORT HALT takes -4 and a damaged firer -3', () => {
    const { sc, start } = duel();
    const base = shotFigures(sc, start, 0, 1, false, false).modifier;
    expect(shotFigures(sc, withUnits(start, { 0: { cmd: 3, ordered: true } }), 0, 1, false, false).modifier).toBe(base - 4);
    expect(shotFigures(sc, withUnits(start, { 0: { status: DAMAGED } }), 0, 1, false, false).modifier).toBe(base - 3);
  });
  it('PANZER 4.4.3.2.2: brew-up smoke on the line of fire costs -2 per counter', () => {
    const { sc, start } = duel();
    const base = shotFigures(sc, start, 0, 1, false, false).modifier;
    const smoky = { ...start, wrecks: start.wrecks.map((w, h) => (h === hex(sc, '0305') ? BU_WRECK : w)) };
    expect(shotFigures(sc, smoky, 0, 1, false, false).modifier).toBe(base - 2);
  });
});

describe('PANZER 4.4.2: overwatch fire', () => {
  it('PANZER 4.4.2: after all direct fire, an OVERWATCH vehicle may fire at an enemy that fired; its shot opens a cascade', () => {
    const { game, start } = mini({
      terrain: OPEN,
      units: [
        [0, 'pz4h', '0309', 'N'],
        [1, 't3485', '0302', 'S'],
        [1, 't3485', '0502', 'S'],
      ],
    });
    // German FIRE at #1 (misses); Soviet #1 on overwatch... #2 OVERWATCH answers the German shot.
    let s = run(game, start, ['o:0:F', 'o:1:N', 'o:2:O', 'first', 'f:0:1'], dice(60, 40, 99));
    expect(s.reactions.length).toBe(1);
    expect(game.toMove(s)).toBe(1);
    expect(game.legalActions(s)).toEqual(['w:2:0', 'pass']);
    const before = s;
    s = game.apply(s, 'w:2:0', dice(99));
    expect(s.events.some((e) => e.includes('overwatch-fires'))).toBe(true);
    expect(s.units[2]!.mark).toBe(SPOT_FIRE);
    // One shot per vehicle per turn: once #2 has fired it is offered no other overwatch shot.
    const spent = withUnits(before, { 2: { fired: true } });
    expect(overwatchShots(game.sc, spent, { seat: 1, targets: [0] })).toEqual([]);
    expect(legalActions(game.sc, spent)).toEqual(['pass']);
  });
  it('PANZER 4.5: overwatch may fire at every step of an enemy move, before the move goes on', () => {
    const { sc, game, start } = mini({
      terrain: ['.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....'],
      units: [
        [0, 'pz4h', '0109', 'N'],
        [1, 't3485', '0502', 'S'],
      ],
    });
    let s = run(game, start, ['o:0:M', 'o:1:O', 'second'], dice(60, 40));
    expect(s.phase).toBe('move');
    const dest = destinations(sc, s, 0).find((d) => d.hex === hex(sc, '0105') && d.facing === 0)!;
    s = game.apply(s, `m:0:${dest.hex}:0`, createRng('m'));
    // Interrupted after the first hex: the mover stands in 0108 with the rest of its route to come.
    expect(s.reactions.length).toBe(1);
    expect(game.toMove(s)).toBe(1);
    expect(s.units[0]!.hex).toBe(hex(sc, '0108'));
    expect(s.route.length).toBeGreaterThan(0);
    expect(s.units[0]!.mark).toBe(SPOT_MOVE);
    s = game.apply(s, 'pass', createRng('p'));
    expect(s.units[0]!.hex).toBe(hex(sc, '0107'));
    s = game.apply(s, 'w:1:0', dice(1));
    // Hit: rear/front... any damage stops nothing unless destroyed; the move goes on afterwards.
    expect(s.units[1]!.fired).toBe(true);
  });
});

describe('PANZER 4.5.1.1: movement', () => {
  const field = () =>
    mini({
      terrain: ['.....', '.....', '..w..', '.....', '.....', '.....'],
      units: [
        [0, 'pz4h', '0305', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    });
  it('PANZER 4.5.1.1.2: entering woods costs its terrain cost; heavy woods are closed off the road', () => {
    const { sc, start } = field();
    const intoWoods = destinations(sc, start, 0).find((d) => d.hex === hex(sc, '0303') && d.facing === 0)!;
    expect(intoWoods.cost).toBe(1 + 2);
  });
  it('PANZER 4.5.1.1.4: one free hexside turn per hex; a turn of 2 or 3 hexsides costs the turn cost', () => {
    const { sc, start } = field();
    const here = start.units[0]!.hex;
    const ds = destinations(sc, start, 0).filter((d) => d.hex === here);
    expect(ds.find((d) => d.facing === 1)!.cost).toBe(0);
    expect(ds.find((d) => d.facing === 2)!.cost).toBe(1);
    expect(ds.find((d) => d.facing === 3)!.cost).toBe(1);
  });
  it('PANZER 4.5.1.1.7: reverse costs twice the terrain cost, facing kept', () => {
    const { sc, start } = field();
    const back = destinations(sc, start, 0).find((d) => d.hex === hex(sc, '0306') && d.facing === 0)!;
    expect(back.cost).toBe(2);
  });
  it('PANZER 4.5.1.1.3: a vehicle may always move one hex ahead, even when it costs more than its MF', () => {
    const { sc, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    });
    const crippled = withUnits(start, { 0: { status: DAMAGED, cmd: 3, ordered: true } });
    const ds = destinations(sc, crippled, 0);
    expect(ds.some((d) => d.hex === hex(sc, '0302'))).toBe(true);
    expect(ds.some((d) => d.hex === hex(sc, '0301'))).toBe(false);
  });
  it('PANZER 4.5.1.1.2: a wheeled vehicle may not climb two levels in one hex; a tracked one may', () => {
    const { sc, start } = mini({
      terrain: ['.....', '.....', '.....'],
      elevation: ['00000', '00200', '00000'],
      units: [
        [0, 'opel', '0303', 'N'],
        [0, 'pz4h', '0103', 'N'],
        [1, 't3485', '0501', 'S'],
      ],
    });
    expect(destinations(sc, start, 0).some((d) => d.hex === hex(sc, '0302'))).toBe(false);
    const tracked = withUnits(start, { 1: { hex: hex(sc, '0303') } });
    expect(destinations(sc, tracked, 1).some((d) => d.hex === hex(sc, '0302'))).toBe(true);
  });
  it('PANZER 4.5.1.1.5: the road rate (1 MF a hex, road MF) along the road; a wreck on it cancels the road rate', () => {
    const road = ['0301', '0302', '0303', '0304', '0305', '0306', '0307', '0308', '0309', '0310'];
    const { sc, start } = mini({
      terrain: OPEN.map(() => 'rrrrr'),
      roads: [road],
      units: [
        [0, 'pz4h', '0310', 'N'],
        [1, 't3485', '0101', 'S'],
      ],
    });
    const far = destinations(sc, start, 0).find((d) => d.hex === hex(sc, '0302'));
    expect(far?.road).toBe(true);
    const wrecked = { ...start, wrecks: start.wrecks.map((w, h) => (h === hex(sc, '0307') ? KO_WRECK : w)) };
    expect(destinations(sc, wrecked, 0).some((d) => d.hex === hex(sc, '0302'))).toBe(false);
  });
  it('PANZER 4.5.1.1.6: a bridge is entered and left only along its road', () => {
    const { sc, start } = mini({
      terrain: ['.....', 'ss=ss', '.....'],
      roads: [['0301', '0302', '0303']],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [0, 'pz4h', '0203', 'N'],
        [1, 't3485', '0501', 'S'],
      ],
    });
    expect(destinations(sc, start, 0).some((d) => d.hex === hex(sc, '0302'))).toBe(true);
    // From 0203 the hex faced is 0202 (stream): the bridge at 0302 is not across a road hexside from it.
    const b = withUnits(start, { 1: { facing: 1 } });
    expect(destinations(sc, b, 1).some((d) => d.hex === hex(sc, '0302') && d.steps.length === 1)).toBe(false);
  });
  it('PANZER 4.5.1.1.9: a vehicle may leave the map at its side exit edge, and it scores its PTS', () => {
    const { sc, game, start } = mini({
      terrain: ['.....', '.....', '.....'],
      units: [
        [0, 'pz4h', '0301', 'N'],
        [1, 't3485', '0103', 'S'],
      ],
      exitEdge: ['N', undefined],
    });
    const s = run(game, start, ['o:0:M', 'o:1:N', 'first'], dice(60, 40));
    const exit = game.legalActions(s).find((a) => a.startsWith('m:0:x'))!;
    expect(exit).toBeDefined();
    const t = game.apply(s, exit, createRng('e'));
    expect(t.units[0]!.status).toBe(EXITED);
    expect(victoryPoints(sc, t)[0]).toBe(sc.units[0]!.pts);
  });
  it('PANZER 4.5.1.1.10: a vehicle may pass through but not end in a hex with enemies; an armed one entering unarmed enemies knocks them out', () => {
    const { sc, game, start } = mini({
      terrain: OPEN.slice(0, 5),
      units: [
        [0, 'pz4h', '0305', 'N'],
        [1, 'studebaker', '0304', 'S'],
        [1, 't3485', '0302', 'N'],
      ],
    });
    const ds = destinations(sc, start, 0);
    expect(ds.some((d) => d.hex === hex(sc, '0302'))).toBe(false);
    expect(ds.some((d) => d.hex === hex(sc, '0301'))).toBe(true);
    const s = run(game, start, ['o:0:M', 'o:1:N', 'o:2:N', 'second'], dice(60, 40));
    const t = game.apply(s, `m:0:${hex(sc, '0304')}:0`, createRng('o'));
    expect(t.units[1]!.status).toBe(KNOCKED_OUT);
  });
  it('PANZER 4.5.1.1.8: MOVE may stay in place (a no-move move) and still gets SPOT/MOVE', () => {
    const { sc, game, start } = field();
    const s = run(game, start, ['o:0:M', 'o:1:N', 'first'], dice(60, 40));
    const t = game.apply(s, `m:0:${hex(sc, '0305')}:0`, createRng('s'));
    expect(t.units[0]!.mark).toBe(SPOT_MOVE);
  });
});

describe('PANZER 4.5.1.1.8: no-move moves', () => {
  it('PANZER 4.5.1.1.8: a MOVE vehicle staying in place is still moving: the enemy overwatch may fire at it', () => {
    const { sc, game, start } = duel();
    let s = run(game, start, ['o:0:M', 'o:1:O', 'second'], dice(60, 40));
    s = game.apply(s, `m:0:${hex(sc, '0309')}:0`, createRng('stay'));
    expect(s.reactions).toHaveLength(1);
    expect(game.legalActions(s)).toEqual(['w:1:0', 'pass']);
    expect(s.units[0]!.hex).toBe(hex(sc, '0309'));
  });
});

describe('PANZER 4.6: adjustment phase', () => {
  it('PANZER 4.6.1: a FIRE command left unexecuted (its only target destroyed first) is an illegal play: SPOT/FIRE', () => {
    const { game, start } = mini({
      terrain: ['.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....', '.....', 'k....'],
      units: [
        [0, 'pz4h', '0309', 'N'],
        [0, 'pz4h', '0110', 'N'],
        [1, 'su85', '0302', 'S'],
        [1, 't3485', '0502', 'S'],
      ],
    });
    expect(start.units[1]!.spotted).toBe(false);
    // #1 in a brick house is spotted at 4 hexes only. The Soviets fire first: the SU-85 (14 at band S against front 8) knocks out #0;
    // the T-34, left out of that salvo, has nothing left to fire at (4.4.1).
    const s = run(game, start, ['o:0:N', 'o:1:N', 'o:2:F', 'o:3:F', 'second', 'f:2:0', 'resolve'], dice(60, 40, 1));
    expect(s.units[0]!.status).toBe(KNOCKED_OUT);
    expect(s.turn).toBe(2);
    expect(s.units[3]!.mark).toBe(SPOT_FIRE);
  });
  it('PANZER 4.6.2: the game ends after the last turn with VP counted', () => {
    const { game, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      turns: 1,
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    const s = run(game, start, ['o:0:N', 'o:1:N', 'first'], dice(60, 40));
    expect(s.phase).toBe('over');
    expect(game.isTerminal(s)).toBe(true);
  });
  it('PANZER 3.6: a side alone on an objective at the end of two turns in a row controls it', () => {
    const { sc, game, start } = mini({
      terrain: ['.....', '..w..', '.....'],
      turns: 3,
      objectives: [{ hex: '0303', vp: 7 }],
      units: [
        [0, 'pz4h', '0303', 'N'],
        [1, 't3485', '0301', 'S'],
      ],
    });
    let s = run(game, start, ['o:0:N', 'o:1:N', 'first'], dice(60, 40));
    expect(s.control[0]).toBe(-1);
    s = run(game, s, ['o:0:N', 'o:1:N', 'first'], dice(60, 40));
    expect(s.control[0]).toBe(0);
    expect(victoryPoints(sc, s)[0]).toBe(7);
  });
});
