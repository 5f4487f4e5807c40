/**
 * PANZER 4.2.2: commands are placed face down before initiative is known, and stay secret until shown.
 * The Game asks the seats in turn; the other seat's face-down commands are hidden information that
 * determinize deals again, so nothing a seat is given (legal actions, the scripted agent's choice, an MCTS
 * search) may depend on them.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../agents/agent.js';
import { createRng } from '../../../src/core/rng.js';
import { hiddenCommandWeights, panzerAgentHooks } from '../../../src/rules/panzer/doctrine.js';
import { commandable, PanzerGame, plausibleCommands } from '../../../src/rules/panzer/game.js';
import { loadPanzerScenario } from '../../../src/rules/panzer/scenario.js';
import type { State } from '../../../src/rules/panzer/state.js';
import { panzerUi } from '../../../src/rules/panzer/ui.js';
import { scenarioFile } from './helpers.js';

for (const id of ['panzer-medium', 'panzer-advanced']) {
  const sc = loadPanzerScenario(scenarioFile(id));
  // As the tools load it: determinize deals face-down commands by the doctrine's odds.
  const game = new PanzerGame(sc, { hiddenCommandWeights: hiddenCommandWeights(sc) });
  const hooks = panzerAgentHooks(sc);
  const start = game.initialState(createRng('hidden'));
  const GERMAN = 0,
    SOVIET = 1;
  // Passengers aboard a carrier take no command (6.6.7): the units commanded.
  const germans = commandable(sc, start, GERMAN).length;

  /** The same position with the Germans' face-down commands set to `letters` (one per vehicle). */
  function withGermanOrders(s: State, letter: string): State {
    return game.apply(s, `O:${letter.repeat(germans)}`, createRng('o'));
  }

  /** German command sets the library offers at the start. */
  const sets = game.legalActions(start).filter((a) => a.startsWith('O:'));

  describe(`PANZER 4.2.2: the other side face-down commands are hidden information (${id})`, () => {
    it('PANZER 4.2.2: the Germans command first; then the Soviets decide, and the German commands are not shown to them', () => {
      expect(game.toMove(start)).toBe(GERMAN);
      const s = withGermanOrders(start, 'M');
      expect(game.toMove(s)).toBe(SOVIET);
      const text = panzerUi(sc).renderUnits(s, { viewer: SOVIET });
      expect(text).toContain('face down');
      expect(text).not.toContain('MOVE]');
      const place = panzerUi(sc).publicAction!(start, `O:${'M'.repeat(germans)}`, { viewer: SOVIET });
      expect(place.label).not.toContain('MOVE');
    });

    it('PANZER 4.2.2: determinize for the Soviets deals the German commands again: the result does not depend on the real ones', () => {
      const variants = sets.map((a) => game.apply(start, a, createRng('o')));
      const dealt = variants.map((v) => game.determinize(v, SOVIET, createRng('deal')));
      for (const d of dealt.slice(1)) expect(d).toEqual(dealt[0]);
      // Its own commands are never touched.
      const own = game.apply(variants[0]!, game.legalActions(variants[0]!)[0]!, createRng('x'));
      expect(game.determinize(own, GERMAN, createRng('d')).units.filter((_, i) => sc.units[i]!.side === GERMAN)).toEqual(
        own.units.filter((_, i) => sc.units[i]!.side === GERMAN),
      );
    });

    it('PANZER 4.2.2: the Soviets legal actions, the scripted choice and an MCTS search are the same whatever the Germans ordered', async () => {
      expect(sets.length).toBeGreaterThan(2);
      const variants = sets.map((a) => game.apply(start, a, createRng('o')));
      const legal = variants.map((v) => game.legalActions(v));
      for (const l of legal.slice(1)) expect(l).toEqual(legal[0]);
      const scripted = variants.map((v) => createAgent('scripted', hooks).act(game, v, SOVIET, createRng('s')));
      for (const c of scripted.slice(1)) expect(c).toEqual(scripted[0]);
      const mcts = [];
      for (const v of variants.slice(0, 3)) {
        const agent = createAgent('mcts:iterations=30,rolloutDepth=6', hooks);
        mcts.push(await agent.act(game, v, SOVIET, createRng('mcts')));
      }
      for (const c of mcts.slice(1)) expect(c).toEqual(mcts[0]);
    }, 120_000);

    it("PANZER 4.2.2: determinize deals each face-down command by the doctrine's odds from the board, every plausible one still possible", () => {
      const placed = withGermanOrders(start, 'M');
      const hidden = commandable(sc, placed, GERMAN);
      const weigh = hiddenCommandWeights(sc);
      let differs = 0;
      for (const u of hidden) {
        const options = plausibleCommands(sc, placed, u);
        const w = weigh(placed, u, options);
        expect(w.every((x) => x > 0)).toBe(true);
        if (Math.max(...w) - Math.min(...w) > 0.05) differs++;
        // Dealt with these odds: the most likely command comes up most often over many deals.
        const counts = new Map<number, number>();
        for (let k = 0; k < 400; k++) {
          const c = game.determinize(placed, SOVIET, createRng(`w${k}`)).units[u]!.cmd;
          counts.set(c, (counts.get(c) ?? 0) + 1);
        }
        const likeliest = options[w.indexOf(Math.max(...w))]!;
        if (Math.max(...w) > 0.5) expect(counts.get(likeliest)!).toBeGreaterThan(400 * (Math.max(...w) - 0.15));
      }
      // The board tells the commands apart for some vehicle (else the odds would be uniform, as before).
      expect(differs).toBeGreaterThan(0);
    });
  });
}
