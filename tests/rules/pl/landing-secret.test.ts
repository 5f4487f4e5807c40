/**
 * PL XI.A-XI.D: in a landing the Allied record of landing turns and sea hexes is secret (XI.A.2) and the units
 * at sea stand face down (XI.B.1); the German fires at a sea hex before the counter there is turned up (XI.D.1).
 * determinize deals the German seat the unseen counters again; nothing the German is offered, shown or advised
 * depends on who is at sea.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { createRng } from '../../../src/core/rng.js';
import { plAgentHooks } from '../../../src/rules/pl/doctrine.js';
import { dealLandings } from '../../../src/rules/pl/hidden.js';
import { CARRIER, F_REVEALED, HEX, OFFBOARD, type State } from '../../../src/rules/pl/state.js';
import { plUi } from '../../../src/rules/pl/ui.js';
import { at, custom, flagOf, fortifiedLanding, hex, loadedDice, play } from './helpers.js';

const ALLIED = 0,
  GERMAN = 1;

/** fortifiedLanding's German combat phase of turn 1: units 0-2 ashore, 3 and 4 (with 5) face down at sea, 6 still to come. */
function landing() {
  const made = fortifiedLanding();
  let s = made.start;
  while (s.side === ALLIED) s = made.game.apply(s, 'next', loadedDice());
  return { ...made, s };
}

/** Determinizations of `s` for the German seat, one a seed. */
function deals(sc: ReturnType<typeof landing>['sc'], s: State, n: number): State[] {
  return Array.from({ length: n }, (_, k) => dealLandings(sc, s, GERMAN, createRng(`deal/${k}`)));
}

describe('PL XI: the secret landing', () => {
  it('PL XI.A.1 / XI.A.2: determinize deals the German the unseen landing counters again (a carrier with its passenger as one); his legal actions stay the same', () => {
    const { sc, game, s } = landing();
    expect([at(s, 3), at(s, 4), at(s, 5), at(s, 6)]).toEqual([hex(sc, '0104'), hex(sc, '0105'), hex(sc, '0105'), OFFBOARD]);
    const legal = game.legalActions(s);
    const arrangements = new Set<string>();
    for (const t of deals(sc, s, 30)) {
      expect(game.legalActions(t)).toEqual(legal);
      // Units ashore (landed, so seen) never move; the sea hexes holding a counter are the same.
      for (const i of [0, 1, 2, 7, 8, 9, 10, 11]) expect(t.u[i]).toEqual(s.u[i]);
      const sea = [3, 4, 6].map((i) => at(t, i)).filter((h) => h >= 0);
      expect(sea.sort()).toEqual([hex(sc, '0104'), hex(sc, '0105')].sort());
      // The gun rides with its carrier, its record the carrier's.
      expect([at(t, 5), t.landing[5], t.u[5]![CARRIER]]).toEqual([at(t, 4), t.landing[4], 5]);
      // Each unit at sea lands next turn by its record; the one to come lands later.
      for (const i of [3, 4, 6]) expect(t.landing[i]![0]).toBe(at(t, i) >= 0 ? 2 : 3);
      arrangements.add([3, 4, 6].map((i) => at(t, i)).join(','));
    }
    expect(arrangements.size).toBeGreaterThan(2);
    // The Allied seat knows its own record: nothing is dealt again.
    expect(dealLandings(sc, s, ALLIED, createRng('deal'))).toBe(s);
    // A determinized landing plays on to the end.
    let t = deals(sc, s, 1)[0]!;
    const rng = createRng('deal/play');
    for (let ply = 0; ply < 3000 && !t.over; ply++) {
      const l = game.legalActions(t);
      t = game.apply(t, l[rng.int(l.length)]!, rng);
    }
    expect(t.over).toBe(true);
  });

  it('PL XI.B.1: the German viewer sees face-down counters at sea, not who they are, nor where the landings to come will be', () => {
    const { sc, game, s } = landing();
    const ui = plUi(sc);
    const board = ui.board!(s, { viewer: GERMAN } as never);
    const shown = board.units.filter((u) => u.name === 'face-down counter');
    expect(shown.map((u) => u.unit)).toEqual([3, 4, 5, 6]);
    // The counters' hexes are dealt in unit order: unit numbers say nothing of who is where.
    expect(shown.map((u) => u.hex)).toEqual([hex(sc, '0104'), hex(sc, '0105'), -1, -1]);
    for (const t of deals(sc, s, 10)) expect(ui.board!(t, { viewer: GERMAN } as never).units).toEqual(board.units);
    const german = ui.renderUnits(s, { viewer: GERMAN } as never);
    const allied = ui.renderUnits(s, { viewer: ALLIED } as never);
    for (const i of [3, 4, 5, 6]) {
      expect(german).not.toContain(sc.units[i]!.id);
      expect(allied).toContain(sc.units[i]!.id);
    }
    expect(ui.board!(s, { viewer: ALLIED } as never).units.some((u) => u.name === 'face-down counter')).toBe(false);
    expect(allied).toContain(`${sc.units[6]!.id} `);
    expect(allied).toMatch(/lands turn 3 from 0103/);
    // Placing them at sea names them to the Allied player only; the briefing names no landing.
    const placed = ui.publicNarration!(s, { viewer: GERMAN } as never).join('\n');
    expect(placed).not.toContain(sc.units[3]!.id);
    expect(ui.publicNarration!(s, { viewer: ALLIED } as never).join('\n')).toContain(sc.units[3]!.id);
    expect(ui.briefing().join('\n')).not.toContain(sc.units[6]!.id);
    expect(game.legalActions(s)).toContain('next');
  });

  it("PL XI.D.1: the German fires at a sea hex, not a unit; the odds shown and the advice are a landing craft's; the counter is turned face up when the attack resolves", () => {
    const { sc, game, s } = landing();
    const pz = 9;
    const ddHex = hex(sc, '0104');
    const legal = game.legalActions(s);
    expect(legal).toContain(`shell ${pz} ${ddHex}`);
    expect(legal.some((a) => /^fire \d+ [3-6]$/.test(a))).toBe(false);
    const ui = plUi(sc);
    // The DD tank at 0104 would defend at 9 with +2 on the die (XI.D.4); the German is shown a landing craft.
    const shown = ui.odds(s, `shell ${pz} ${ddHex}`).join(' ');
    expect(shown).toMatch(/:8,/);
    expect(shown).not.toMatch(/die/);
    const hooks = plAgentHooks(sc);
    const advice = (t: State) => legal.map((a) => JSON.stringify(hooks.doctrine!.assess(t, a, GERMAN)));
    for (const t of deals(sc, s, 8)) expect(advice(t)).toEqual(advice(s));
    const building = game.apply(s, `shell ${pz} ${ddHex}`, loadedDice());
    expect(flagOf(building, 3) & F_REVEALED).toBe(0);
    // 22 (the Pz IV's 11 A doubled within half range, armoured target) to the DD's 9: 2-1, a roll of 1 + 2 for the DD.
    const fired = game.apply(building, 'resolve', loadedDice(1));
    expect(flagOf(fired, 3) & F_REVEALED).toBe(F_REVEALED);
    expect(fired.events.join('\n')).toMatch(/roll 1\+2/);
    // Seen, the tank is now fired at by its number and stays where it is in every determinization.
    for (const t of deals(sc, fired, 8)) expect(at(t, 3)).toBe(ddHex);
    expect(game.legalActions(fired).some((a) => a.startsWith('shell ') && a.endsWith(` ${ddHex}`))).toBe(false);
  });

  it('PL XI.D.1: only the German is offered fire at the face-down counters at sea; the Allied player never orders fire at his own', () => {
    const { sc, game, start } = custom({
      terrain: ['=b......', '=b......', '=b......', '=b......'],
      allied: [
        { counter: 'us-rifle', hex: '0102', lands: 1 },
        { counter: 'us-81mm', hex: '0303' },
      ],
      german: [{ counter: 'ger-rifle', hex: '0603' }],
    });
    const sea = hex(sc, '0102');
    const legal = game.legalActions(start);
    expect(legal).toContain(`order 1 ${hex(sc, '0603')}`);
    expect(legal.filter((a) => a.endsWith(` ${sea}`))).toEqual([]);
  });

  it('PL XI.D.1: the scripted German chooses the same whoever is at sea', async () => {
    const { sc, game, s } = landing();
    const agent = createAgent('scripted', plAgentHooks(sc));
    const choice = (t: State) => agent.act(game, t, GERMAN, createRng('choose'));
    const first = await choice(s);
    for (const t of deals(sc, s, 8)) expect(await choice(t)).toBe(first);
    // So along a few of his decisions of the turn.
    let t = s;
    for (let k = 0; k < 6 && t.side === GERMAN && !t.over; k++) {
      const a = await choice(t);
      for (const x of deals(sc, t, 4)) expect(await choice(x)).toBe(a);
      t = game.apply(t, a, createRng(`apply/${k}`));
    }
    expect(play(game, s, ['next']).u[3]![HEX]).toBe(at(s, 3));
  });

  it('PL XI.A.2: along 20 random landing games, every German decision offers the same actions and advice in every deal', () => {
    const { sc, game } = fortifiedLanding();
    const hooks = plAgentHooks(sc);
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      const rng = createRng(`pl-secret-landing/${g}`);
      let s = game.initialState(rng);
      for (let ply = 0; ply < 3000 && !s.over; ply++) {
        const legal = game.legalActions(s);
        if (game.toMove(s) === GERMAN && dealLandings(sc, s, GERMAN, createRng('probe')) !== s) {
          const advice = (x: State) => legal.map((a) => JSON.stringify(hooks.doctrine!.assess(x, a, GERMAN)));
          for (const t of deals(sc, s, 2)) {
            expect(game.legalActions(t)).toEqual(legal);
            expect(advice(t)).toEqual(advice(s));
          }
          checked++;
        }
        s = game.apply(s, legal[rng.int(legal.length)]!, rng);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('PL XI.A.2: a deal for the German does not depend on who is where; an MCTS search of his seat chooses the same whoever is at sea', async () => {
    const { sc, game, s } = landing();
    const swapped = deals(sc, s, 6).filter((t) => at(t, 3) !== at(s, 3));
    expect(swapped.length).toBeGreaterThan(0);
    for (const t of swapped) {
      expect(dealLandings(sc, t, GERMAN, createRng('same'))).toEqual(dealLandings(sc, s, GERMAN, createRng('same')));
      const search = async (x: State) =>
        createAgent('mcts:iterations=40,rolloutDepth=4,expandAfter=1', plAgentHooks(sc)).act(game, x, GERMAN, createRng('search'));
      expect(await search(t)).toBe(await search(s));
    }
  });
});
