/**
 * Steps back (hex/trail.ts): the agents' list leaves out a step into a hex the unit stood in during the current run
 * of plain steps of its activation, which only spends movement (PG3 5.0) and offers more opportunity fire (13.0);
 * anything that can make such a step worth taking clears the run. The player may still take one.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.js';
import { applyAction, legalActionsOf } from '../../../src/rules/pg3/actions.js';
import { Pg3Game } from '../../../src/rules/pg3/game.js';
import { HEX, Phase } from '../../../src/rules/pg3/state.js';
import { finishActivation } from '../../../src/rules/pg3/turn.js';
import { pg3Ui } from '../../../src/rules/pg3/ui.js';
import { ScriptedRng, activate, emptyDraft, hexOf, makeScenario, positionSetup, unitOf } from './helpers.js';
import { board, boardSpec } from './fixture.js';

const G = 0,
  S = 1;

describe('PG3 5.0: steps back are left out of the agents’ list, not out of the rules', () => {
  it('PG3 5.0: after plain steps 1010-1009-1008 neither 1010 nor 1009 is offered again; 1007 is', () => {
    const { d, h, u, place } = positionSetup(board());
    const inf = place(u(G, 'ger-inf'), '1010');
    activate(d, [inf], 'm', true);
    applyAction(d, `mv ${inf} ${h('1009')}`);
    expect(legalActionsOf(d)).not.toContain(`mv ${inf} ${h('1010')}`);
    applyAction(d, `mv ${inf} ${h('1008')}`);
    const legal = legalActionsOf(d);
    expect(d.hex(inf)).toBe(h('1008'));
    expect(legal).not.toContain(`mv ${inf} ${h('1010')}`);
    expect(legal).not.toContain(`mv ${inf} ${h('1009')}`);
    expect(legal).toContain(`mv ${inf} ${h('1007')}`);
    expect(legal).toContain('end');
  });

  it('PG3 5.0: the player may still step back (Game.apply, Game.actionOf, the play prompt); the next activation starts afresh', () => {
    const { d, h, u, place } = positionSetup(board());
    const inf = place(u(G, 'ger-inf'), '1010');
    activate(d, [inf], 'm', true);
    applyAction(d, `mv ${inf} ${h('1009')}`);
    const game = new Pg3Game(d.sc);
    const state = d.seal();
    const back = `mv ${inf} ${h('1010')}`;
    expect(game.legalActions(state)).not.toContain(back);
    expect(game.actionOf(state, back)).toBe(back);
    expect(game.apply(state, back, createRng(1)).u[inf]![HEX]).toBe(h('1010'));
    // At the play prompt: "mv 0 1010" names it.
    expect(pg3Ui(d.sc).parseCommand(state, ['mv', String(inf), '1010'], game.legalActions(state))).toBe(back);
    // A step the rules forbid stays refused: two hexes away.
    expect(game.actionOf(state, `mv ${inf} ${h('1011')}`)).toBeUndefined();
    expect(() => game.apply(state, `mv ${inf} ${h('1011')}`, createRng(1))).toThrow(/illegal action/);
    finishActivation(d);
    activate(d, [inf], 'm', true);
    expect(legalActionsOf(d)).toContain(back);
  });

  it('PG3 5.0: another unit’s plain steps keep the trail; any other action (here a direct fire) clears it', () => {
    // The direct fire's 2d6 of 7 has no effect (10.2).
    const { d, h, u, place } = positionSetup(board(), new ScriptedRng().roll2(7));
    const a = place(u(G, 'ger-inf', 0), '1010');
    const b = place(u(G, 'ger-inf', 1), '1210');
    const firer = place(u(G, 'ger-inf', 2), '0514');
    const target = place(u(S, 'sov-rifle'), '0516');
    activate(d, [a, b], 'm', true);
    activate(d, [firer], 'f', true);
    applyAction(d, `mv ${a} ${h('1009')}`);
    applyAction(d, `mv ${b} ${h('1209')}`);
    expect(legalActionsOf(d)).not.toContain(`mv ${a} ${h('1010')}`);
    expect(legalActionsOf(d)).not.toContain(`mv ${b} ${h('1210')}`);
    applyAction(d, `df ${h('0514')} ${h('0516')}`);
    expect(d.hex(target)).toBe(h('0516'));
    expect(legalActionsOf(d)).toContain(`mv ${a} ${h('1010')}`);
    expect(legalActionsOf(d)).toContain(`mv ${b} ${h('1210')}`);
  });

  it('PG3 1.1: a step that takes an objective may be undone: the step back out of it is offered', () => {
    const sc = makeScenario({ ...boardSpec(), objectives: [{ hex: '0808', vp: 3, controlledBy: 'soviet' }] });
    const d = emptyDraft(sc);
    d.active = G;
    const a = unitOf(sc, G, 'ger-inf');
    d.setHex(a, hexOf(sc, '0807'));
    activate(d, [a], 'm', true);
    applyAction(d, `mv ${a} ${hexOf(sc, '0808')}`);
    expect(d.control[0]).toBe(G);
    expect(legalActionsOf(d)).toContain(`mv ${a} ${hexOf(sc, '0807')}`);
  });

  it('PG3 13.0: opportunity fire declined keeps the trail; opportunity fire taken clears it', () => {
    for (const fire of [false, true]) {
      // A 2d6 of 7 has no effect on column 4 (10.2).
      const { d, h, u, place } = positionSetup(board(), new ScriptedRng().roll2(7));
      const mover = place(u(G, 'ger-inf'), '0505');
      const rifle = place(u(S, 'sov-rifle'), '0508');
      activate(d, [mover], 'm', true);
      applyAction(d, `mv ${mover} ${h('0506')}`);
      expect(d.phase).toBe(Phase.OppFire);
      expect(legalActionsOf(d)).toEqual([`opp ${rifle}`, 'nofire']);
      applyAction(d, fire ? `opp ${rifle}` : 'nofire');
      expect(d.phase).toBe(Phase.Execute);
      expect(d.hex(mover)).toBe(h('0506'));
      expect(legalActionsOf(d).includes(`mv ${mover} ${h('0505')}`)).toBe(fire);
    }
  });
});
