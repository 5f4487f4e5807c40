/**
 * Tests of further PG3 standard rules (named "PG3 <id>"): 16.6 hidden units, 6.1 leader selection,
 * 15.1 aircraft, 6.6 kommissars, 6.9 / 15.3 cavalry. Positions are set up on a Draft; dice forced with ScriptedRng.
 */
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/rules/pg3/draft.js';
import { activationSet, applyAction, legalActionsOf } from '../../../src/rules/pg3/actions.js';
import type { Scenario } from '../../../src/rules/pg3/scenario.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { createRng } from '../../../src/core/rng.js';
import { DEMORALIZED, FLAGS, GOOD, HEX, MORALE, STEPS, F_HIDDEN, F_IN_ACT, Phase, type State } from '../../../src/rules/pg3/state.js';
import {
  ScriptedRng,
  deepFreeze,
  emptyDraft,
  hexOf,
  makeScenario,
  shipped,
  unitOf,
  writeTemp,
  scenarioData,
  positionSetup,
  activate,
} from './helpers.js';
import { hexSpotsUnit } from '../../../src/rules/pg3/spotting.js';
import { moveBlocked } from '../../../src/rules/pg3/movement.js';
import { revealHidden } from '../../../src/rules/pg3/hidden.js';
import { renderMap, renderUnits } from '../../../src/rules/pg3/render.js';
import { loadPg3Scenario } from '../../../src/rules/pg3/scenario.js';
import { boardSpec, boardWith } from './fixture.js';
import { readFileSync } from 'node:fs';
import { COUNTERS } from './helpers.js';

/** The reference manifest plus an AA gun, a cavalry platoon, a Kommissar and a cavalry leader (test-only counters). */
function extraCounters(): string {
  const m = JSON.parse(readFileSync(COUNTERS, 'utf8')) as { units: Record<string, unknown>; leaders: Record<string, unknown> };
  const src = { source: 'designed' };
  m.units['sov-aa'] = {
    name: 'AA gun',
    nation: 'Soviet',
    type: 'AA',
    movementClass: 'towed',
    steps: 1,
    full: { directFire: { strength: 3, range: 4 }, movement: 0 },
    source: src,
  };
  m.units['sov-cav'] = {
    name: 'Cavalry platoon',
    nation: 'Soviet',
    type: 'CAV',
    movementClass: 'foot',
    steps: 2,
    full: { directFire: { strength: 4, range: 2 }, movement: 6 },
    reduced: { directFire: { strength: 2, range: 2 }, movement: 6 },
    source: src,
  };
  m.leaders['sov-kom-1'] = {
    name: 'Kom. Petrov',
    nation: 'Soviet',
    rank: 'LT',
    morale: 10,
    combat: 0,
    moraleModifier: 0,
    kom: true,
    source: src,
  };
  m.leaders['sov-cav-lt'] = {
    name: 'Lt. Budenko',
    nation: 'Soviet',
    rank: 'LT',
    morale: 8,
    combat: 1,
    moraleModifier: 1,
    cavalry: true,
    source: src,
  };
  return writeTemp(m, 'counters');
}
let extra: string | undefined;
/** Scenario data on the extra manifest. */
function withExtra(data: Record<string, unknown>): Scenario {
  return loadPg3Scenario(writeTemp({ ...data, counters: (extra ??= extraCounters()) }));
}

const G = 0,
  S = 1;

const setup = positionSetup;

// ---------- 16.6 hidden units ----------

describe('PG3 16.6 hidden units', () => {
  /** Two German infantry; Soviet rifles, the first set up hidden at 0308. */
  const hiddenSpec = (hex = '0308') =>
    boardSpec({
      side0: {
        units: [
          { counter: 'ger-inf', hex: '0303' },
          { counter: 'ger-inf', hex: '0803' },
        ],
        leaders: [],
      },
      side1: {
        units: [
          { counter: 'sov-rifle', hex, hidden: true } as never,
          { counter: 'sov-rifle', hex: '0314' },
          { counter: 'sov-rifle', hex: '0914' },
        ],
        leaders: [],
      },
    });

  it('PG3 16.6: a hidden unit is spotted at 1/4 range: 3 hexes in clear daylight, adjacent only in a town', () => {
    const { d, u, place, h } = setup(boardWith());
    const ger = place(u(G, 'ger-inf'), '0808');
    void ger;
    const sov = place(u(S, 'sov-rifle'), '0812');
    expect(hexSpotsUnit(d, h('0808'), sov)).toBe(true); // 4 hexes, not hidden
    d.setFlag(sov, F_HIDDEN);
    expect(hexSpotsUnit(d, h('0808'), sov)).toBe(false);
    expect(hexSpotsUnit(d, h('0809'), sov)).toBe(true); // 3 hexes
    // Town 1214: normally spotted at 3, hidden only from an adjacent hex.
    place(sov, '1214');
    d.setFlag(sov, F_HIDDEN);
    expect(hexSpotsUnit(d, h('1212'), sov)).toBe(false);
    expect(hexSpotsUnit(d, h('1213'), sov)).toBe(true);
    d.setFlag(sov, F_HIDDEN, false);
    expect(hexSpotsUnit(d, h('1212'), sov)).toBe(true);
  });

  it('PG3 16.6: set-up hidden; the other seat is offered no fire at it and its legal actions do not depend on where it is', () => {
    const legalWith = (hex: string): { s: State; acts: string[] } => {
      const sc = makeScenario(hiddenSpec(hex));
      const s = new Pg3Game(sc).initialState(createRng(3));
      const d = new (emptyDraft(sc).constructor as new (...a: unknown[]) => Draft)(sc, s, new ScriptedRng(), false);
      d.active = G;
      d.phase = Phase.Execute;
      d.act = [];
      d.queue = [];
      activate(d, [unitOf(sc, G, 'ger-inf', 0)], 'f');
      return { s, acts: legalActionsOf(d) };
    };
    const a = legalWith('0308'),
      b = legalWith('0310');
    const sc = makeScenario(hiddenSpec());
    const hid = unitOf(sc, S, 'sov-rifle', 0);
    expect(a.s.u[hid]![FLAGS]! & F_HIDDEN).not.toBe(0);
    expect(a.acts).toEqual(b.acts);
    expect(a.acts.some((x) => x.startsWith('df '))).toBe(false);
  });

  it('PG3 16.6: it is revealed when an enemy comes within 1/4 range, when it moves, when it fires', () => {
    const sc = boardWith();
    const { d, u, place, h } = setup(sc);
    const ger = place(u(G, 'ger-inf'), '1210');
    const sov = place(u(S, 'sov-rifle'), '1214');
    d.setFlag(sov, F_HIDDEN);
    const sov2 = place(u(S, 'sov-rifle', 1), '0814');
    d.setFlag(sov2, F_HIDDEN);
    revealHidden(d);
    expect(d.flag(sov, F_HIDDEN)).toBe(true);
    // Unled German infantry may close in: the hidden rifle imposes no combat-movement limit (5.4).
    d.setFlag(sov, F_HIDDEN, false);
    activate(d, [ger], 'm');
    expect(moveBlocked(d, ger, h('1211'))).not.toBeNull();
    d.setFlag(sov, F_HIDDEN);
    expect(moveBlocked(d, ger, h('1211'))).toBeNull();
    // Moving next to the town: adjacent units are always spotted (8.0): revealed.
    applyAction(d, `mv ${ger} ${h('1211')}`);
    if (d.phase === Phase.OppFire) applyAction(d, 'nofire');
    applyAction(d, `mv ${ger} ${h('1212')}`);
    if (d.phase === Phase.OppFire) applyAction(d, 'nofire');
    applyAction(d, `mv ${ger} ${h('1213')}`);
    revealHidden(d);
    expect(d.flag(sov, F_HIDDEN)).toBe(false);
    // Moving reveals.
    const e = setup(sc);
    const r = e.place(e.u(S, 'sov-rifle'), '0814');
    e.d.setFlag(r, F_HIDDEN);
    e.place(e.u(G, 'ger-inf'), '0101');
    e.d.active = S;
    activate(e.d, [r], 'm');
    applyAction(e.d, `mv ${r} ${e.h('0815')}`);
    expect(e.d.flag(r, F_HIDDEN)).toBe(false);
    // Firing reveals: a hidden rifle in town fires at a German two hexes off, which cannot see it.
    const f = setup(sc);
    const fr = f.place(f.u(S, 'sov-rifle'), '1214');
    f.d.setFlag(fr, F_HIDDEN);
    f.place(f.u(G, 'ger-inf'), '1212');
    f.d.active = S;
    activate(f.d, [fr], 'f');
    expect(legalActionsOf(f.d)).toContain(`df ${f.h('1214')} ${f.h('1212')}`);
    applyAction(f.d, `df ${f.h('1214')} ${f.h('1212')}`);
    revealHidden(f.d);
    expect(f.d.flag(fr, F_HIDDEN)).toBe(false);
  });

  it("PG3 16.6: determinize deals the other seat's hidden units to hexes it cannot see, whatever their true hex", () => {
    const sc = makeScenario(hiddenSpec('0308'));
    const sc2 = makeScenario(hiddenSpec('0311'));
    const game = new Pg3Game(sc),
      game2 = new Pg3Game(sc2);
    const s = deepFreeze(game.initialState(createRng(5)));
    const s2 = game2.initialState(createRng(5));
    const hid = unitOf(sc, S, 'sov-rifle', 0);
    const seen = new Set<number>();
    for (let k = 0; k < 30; k++) {
      const x = game.determinize(s, G, createRng(`det-${k}`));
      const y = game2.determinize(s2, G, createRng(`det-${k}`));
      const hx = x.u[hid]![HEX]!;
      expect(hx).toBe(y.u[hid]![HEX]!); // the true hex plays no part
      seen.add(hx);
      expect(x.u[hid]![FLAGS]! & F_HIDDEN).not.toBe(0);
      // Never within German sight at the hidden range.
      const d = new (emptyDraft(sc).constructor as new (...a: unknown[]) => Draft)(sc, x, new ScriptedRng(), false);
      for (const g of [unitOf(sc, G, 'ger-inf', 0), unitOf(sc, G, 'ger-inf', 1)]) expect(hexSpotsUnit(d, d.hex(g), hid)).toBe(false);
      expect(sc.hiddenArea[S]).toContain(hx);
    }
    expect(seen.size).toBeGreaterThan(5);
    // The owner's own view is left alone.
    expect(game.determinize(s, S, createRng(1)).u[hid]![HEX]).toBe(s.u[hid]![HEX]);
  });

  it("PG3 16.6: render draws the other side's hidden units only for their owner", () => {
    const sc = makeScenario(hiddenSpec('0308'));
    const s = new Pg3Game(sc).initialState(createRng(2));
    expect(renderUnits(sc, s, { viewer: G })).not.toContain('0308');
    expect(renderUnits(sc, s, { viewer: S })).toContain('0308');
    expect(renderUnits(sc, s, { viewer: S })).toContain('hidden');
    const mapG = renderMap(sc, s, { viewer: G }),
      mapS = renderMap(sc, s, { viewer: S });
    expect(mapG).not.toEqual(mapS);
  });

  it('PG3 16.6: only set-up units may be hidden; pg3-large hides Soviet units', () => {
    const bad = scenarioData(hiddenSpec());
    (bad.sides as { reinforcements: unknown[] }[])[1]!.reinforcements = [
      { turn: 2, entry: ['1016'], units: [{ counter: 'sov-rifle', hidden: true }] },
    ];
    expect(() => loadPg3Scenario(writeTemp(bad))).toThrow(/16\.6/);
    const large = shipped('pg3-large');
    expect(large.units.filter((x) => x.side === S && x.startHidden).length).toBeGreaterThanOrEqual(2);
    for (const id of ['pg3-tiny', 'pg3-medium', 'pg3-mirror'] as const) expect(shipped(id).hasHidden).toBe(false);
  });
});

// ---------- 6.1 leader selection ----------

describe('PG3 6.1 leader selection', () => {
  const drawSpec = () => {
    const data = scenarioData({
      sides: [
        {
          units: [
            { counter: 'ger-inf', hex: '0303' },
            { counter: 'ger-inf', hex: '0404' },
          ],
        },
        { units: [{ counter: 'sov-rifle', hex: '0909' }] },
      ],
    });
    const g = (data.sides as Record<string, unknown>[])[0]!;
    g.leaders = [
      { draw: 'LT', hex: '0303' },
      { draw: 'SGT', hex: '0404' },
    ];
    g.leaderPool = ['ger-lt-1', ['ger-lt-2', 'ger-sgt-1'], 'ger-cpt-1'];
    return data;
  };

  it('PG3 6.1: pieces drawn at random from the cup and flipped fill the placeholders of their rank; the rest are out of play', () => {
    const sc = loadPg3Scenario(writeTemp(drawSpec()));
    const idx = (c: string): number => sc.units.find((x) => x.counter === c)!.index;
    // Shuffle [lt-1, lt-2|sgt-1, cpt-1] with picks 0, 0 -> [lt-2|sgt-1, cpt-1, lt-1]; the flip shows sgt-1 (1).
    const rng = new ScriptedRng([0, 0, 1]);
    const s = new Pg3Game(sc).initialState(rng);
    expect(s.u[idx('ger-sgt-1')]![HEX]).toBe(hexOf(sc, '0404'));
    expect(s.u[idx('ger-lt-1')]![HEX]).toBe(hexOf(sc, '0303'));
    expect(s.u[idx('ger-lt-2')]![HEX]).toBe(-2); // the other face of the flipped piece
    expect(s.u[idx('ger-cpt-1')]![HEX]).toBe(-2); // no CPT wanted: put aside
    // Flip the other way: lt-2 takes the LT place, no SGT is left to draw.
    const s2 = new Pg3Game(sc).initialState(new ScriptedRng([0, 0, 0]));
    expect(s2.u[idx('ger-lt-2')]![HEX]).toBe(hexOf(sc, '0303'));
    expect(s2.u[idx('ger-sgt-1')]![HEX]).toBe(-2);
    expect(s2.u[idx('ger-lt-1')]![HEX]).toBe(-2);
    // Drawn leaders activate like any other.
    const d = new (emptyDraft(sc).constructor as new (...a: unknown[]) => Draft)(sc, s, new ScriptedRng(), false);
    d.active = G;
    d.phase = Phase.Segment;
    expect(legalActionsOf(d)).toContain(`leader ${idx('ger-lt-1')}`);
    expect(legalActionsOf(d)).not.toContain(`leader ${idx('ger-cpt-1')}`);
  });

  it('PG3 6.1: placeholders need a pool; fixed-leader scenarios draw nothing', () => {
    const bad = drawSpec();
    (bad.sides as Record<string, unknown>[])[0]!.leaderPool = [];
    expect(() => loadPg3Scenario(writeTemp(bad))).toThrow(/6\.1/);
    expect(shipped('pg3-tiny').leaderDraws).toEqual([]);
  });
});

// ---------- 15.1 aircraft ----------

describe('PG3 15.1 aircraft', () => {
  const airScenario = (aa = false): Scenario => {
    const data = scenarioData({
      sides: [
        {
          units: [
            { counter: 'ger-inf', hex: '0303' },
            { counter: 'ger-inf', hex: '0506' },
          ],
        },
        {
          units: [
            { counter: 'sov-t34-76', hex: '0505' },
            { counter: 'sov-rifle', hex: '0505' },
            ...(aa ? [{ counter: 'sov-aa', hex: '0707' }] : []),
          ],
        },
      ],
    });
    (data.sides as Record<string, unknown>[])[0]!.aircraft = { perTurn: 1, pool: [{ df: 8, at: 2 }] };
    return aa ? withExtra(data) : loadPg3Scenario(writeTemp(data));
  };

  it('PG3 15.1: an aircraft attack is the whole segment: 3-6 attacks on the Direct Fire table, an AT 6 costs an AFV a step', () => {
    const sc = airScenario();
    const game = new Pg3Game(sc, { narrate: true });
    const rng = new ScriptedRng().roll1(6).roll1(1); // initiative: German 6+2 v Soviet 1+2
    const s0 = deepFreeze(game.initialState(rng));
    expect(s0.active).toBe(G);
    expect(s0.air[G]).toBe(1);
    const t = hexOf(sc, '0505');
    const acts = game.legalActions(s0);
    expect(acts).toContain(`air ${t} 0`);
    expect(acts.filter((a) => a.startsWith('air'))).toEqual([`air ${t} 0`]); // only the spotted enemy hex
    const tank = unitOf(sc, S, 'sov-t34-76');
    // Air roll 4 (attacks), DF 2d6 = 7 (no effect), AT factors 6 and 1.
    rng.roll1(4).roll2(7).roll1(6).roll1(1);
    const s1 = game.apply(s0, `air ${t} 0`, rng);
    expect(s1.u[tank]![STEPS]).toBe(1); // one step lost
    expect(s1.air[G]).toBe(0);
    expect(s1.segmentsTaken[G]).toBe(1); // the segment is over (the German still has opening segments)
    expect(s1.phase).toBe(Phase.Segment);
    expect(game.legalActions(s1).some((a) => a.startsWith('air'))).toBe(false);
    expect(s1.events.join('\n')).toMatch(/PG3 15\.1/);
    expect(s1.u.every((r) => (r[FLAGS]! & F_IN_ACT) === 0)).toBe(true); // no ground unit acted
  });

  it('PG3 15.1: a 1-2 misses and checks friendly fire (9.5) on adjacent own units; an enemy AA unit within 3 hexes shifts -1', () => {
    const sc = airScenario();
    const game = new Pg3Game(sc, { narrate: true });
    const rng = new ScriptedRng().roll1(6).roll1(1);
    const s0 = game.initialState(rng);
    const t = hexOf(sc, '0505');
    rng.roll1(2).roll1(1).roll1(6).roll2(12); // miss; German hex 0506 adjacent: check 1 = hit, column die 6, 2d6 12
    const s1 = game.apply(s0, `air ${t} 0`, rng);
    expect(s1.events.join('\n')).toMatch(/Friendly fire check at 0506/);
    expect(rng.left).toBe(0);
    expect(s1.u[unitOf(sc, S, 'sov-t34-76')]![STEPS]).toBe(2);
    // AA
    const sa = airScenario(true);
    const ga = new Pg3Game(sa, { narrate: true });
    const r2 = new ScriptedRng().roll1(6).roll1(1);
    const a0 = ga.initialState(r2);
    r2.roll1(5).roll2(7).roll1(1).roll1(1);
    const a1 = ga.apply(a0, `air ${hexOf(sa, '0505')} 0`, r2);
    expect(a1.events.join('\n')).toMatch(/enemy AA: -1 column/);
  });

  it('PG3 15.1: scenarios without aircraft offer no air action and roll no air dice', () => {
    const sc = shipped('pg3-tiny');
    expect(sc.hasAir).toBe(false);
    const s = new Pg3Game(sc).initialState(createRng(1));
    expect(new Pg3Game(sc).legalActions(s).some((a) => a.startsWith('air'))).toBe(false);
  });
});

// ---------- 6.6 Kommissars ----------

describe('PG3 6.6 Kommissars', () => {
  const komBoard = (): Scenario =>
    withExtra(
      scenarioData({
        sides: [
          { units: [{ counter: 'ger-inf', hex: '0101' }] },
          {
            units: [
              { counter: 'sov-rifle', hex: '0808' },
              { counter: 'sov-rifle', hex: '0809' },
            ],
            leaders: [
              { counter: 'sov-kom-1', hex: '0808' },
              { counter: 'sov-lt-1', hex: '0808' },
            ],
          },
        ],
      }),
    );

  it('PG3 6.6: a KOM activates with the demoralized units in his hex only; his own morale replaces theirs: success is good order', () => {
    const sc = komBoard();
    const { d, place } = setup(sc, new ScriptedRng().roll2(9));
    const kom = place(sc.units.find((x) => x.isKom)!.index, '0808');
    const lt = place(unitOf(sc, S, 'sov-rifle', 0) >= 0 ? sc.units.find((x) => x.counter === 'sov-lt-1')!.index : -1, '0808');
    const r = place(unitOf(sc, S, 'sov-rifle', 0), '0808');
    const r2 = place(unitOf(sc, S, 'sov-rifle', 1), '0809');
    d.set(r, MORALE, DEMORALIZED);
    d.set(r2, MORALE, DEMORALIZED);
    d.active = S;
    const set = activationSet(d, 'leader', kom);
    expect([...set.keys()].sort()).toEqual([kom, r].sort());
    void lt;
    activate(d, [kom, r], 'm');
    applyAction(d, `rec ${r}`); // 9 < KOM morale 10 (the rifle's own 8 would fail)
    expect(d.get(r, MORALE)).toBe(GOOD);
  });

  it('PG3 6.6: a failed KOM recovery costs a step and the unit stays demoralized', () => {
    const sc = komBoard();
    const { d, place } = setup(sc, new ScriptedRng().roll2(11));
    const kom = place(sc.units.find((x) => x.isKom)!.index, '0808');
    const r = place(unitOf(sc, S, 'sov-rifle', 0), '0808');
    d.set(r, MORALE, DEMORALIZED);
    d.active = S;
    activate(d, [kom, r], 'm');
    applyAction(d, `rec ${r}`);
    expect(d.get(r, STEPS)).toBe(1);
    expect(d.get(r, MORALE)).toBe(DEMORALIZED);
  });
});

// ---------- 6.9 cavalry leaders ----------

describe('PG3 6.9 cavalry leaders', () => {
  it('PG3 6.9 / 6.3: a cavalry leader (manifest or scenario designation) has MA 6; other leaders 4', () => {
    const data = scenarioData({
      sides: [
        { units: [{ counter: 'ger-inf', hex: '0101' }], leaders: [{ counter: 'ger-lt-1', hex: '0101' }] },
        {
          units: [{ counter: 'sov-cav', hex: '0808' }],
          leaders: [
            { counter: 'sov-cav-lt', hex: '0808' },
            { counter: 'sov-lt-1', hex: '0808' },
          ],
        },
      ],
    });
    ((data.sides as Record<string, unknown>[])[0]!.leaders as Record<string, unknown>[])[0]!.cavalry = true;
    const sc = withExtra(data);
    const ma = (c: string): number => sc.units.find((x) => x.counter === c)!.full.ma;
    expect(ma('sov-cav-lt')).toBe(6);
    expect(ma('ger-lt-1')).toBe(6);
    expect(ma('sov-lt-1')).toBe(4);
  });
});
