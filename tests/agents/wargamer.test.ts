/**
 * Plays like a wargamer: positions where the scripted agent (the doctrine, which is also the MCTS prior)
 * blundered in recorded pg3-medium self-play, each replayed from its record (fixtures/*.json: the game's
 * seed and the actions up to the position) and asked again. Every test failed on the doctrine the
 * positions were recorded with.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/agent.js';
import { doctrineScore } from '../../agents/doctrine.js';
import { createRng } from '../../src/core/rng.js';
import type { Pg3Game, Pg3State } from '../../src/rules/pg3/index.js';
import { loadScenario } from '../../src/scenarios.js';

const production = loadScenario('pg3-medium');
const game = production.game as unknown as Pg3Game;
const doctrine = production.ai.doctrine!;

interface Recorded {
  seed: string;
  /** What the agent played at the position when it was recorded. */
  played: string;
  actions: string[];
}

function position(name: string): { record: Recorded; state: Pg3State } {
  const record = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Recorded;
  const dice = createRng(record.seed);
  let state = production.initialState(dice) as Pg3State;
  for (const a of record.actions) state = game.apply(state, a, dice);
  return { record, state };
}

/** The scripted agent's choice at `state`, under several tie-breaking streams: the shipped weights and the generic ones. */
function choices(state: Pg3State): string[] {
  const seat = game.toMove(state);
  const out: string[] = [];
  for (const spec of ['scripted', 'scripted:aggression=0.5,caution=0.5,objectiveWeight=1,cohesionWeight=0.5'])
    for (let k = 0; k < 5; k++) out.push(createAgent(spec, production.ai).act(game, state, seat, createRng(`choice/${k}`)) as string);
  return out;
}

const score = (state: Pg3State, action: string): number => doctrineScore(doctrine.assess(state, action, game.toMove(state)));

describe('plays like a wargamer (pg3-medium positions from recorded self-play)', () => {
  it('PG3 3.1: no activation undoes itself: a platoon that stepped 1408-1407 is not walked back to 1408', () => {
    const { record, state } = position('pg3-medium-walk-back');
    expect(record.played).toBe('mv 22 153');
    expect(game.legalActions(state)).toContain('mv 22 153');
    for (const c of choices(state)) expect(c).not.toBe('mv 22 153');
    // The way back rates below ending the activation where it stands.
    expect(score(state, 'mv 22 153')).toBeLessThan(score(state, 'end'));
  });

  it('PG3 3.13: a declared fire has a target: the Maxim with nothing to fire at does not declare FIRE', () => {
    const { record, state } = position('pg3-medium-fire-no-target');
    expect(record.played).toBe('decl 23 f');
    // Declaring FIRE there leads to no fire action: only the end of the activation.
    const after = game.apply(state, 'decl 23 f', createRng('x'));
    expect(game.legalActions(after)).toEqual(['end']);
    for (const c of choices(state)) expect(c).not.toBe('decl 23 f');
    expect(doctrine.assess(state, 'decl 23 f', game.toMove(state)).expectedEnemyLoss).toBe(0);
  });

  it('PG3 6.5: a leader stays with his troops: Lt. Hahn does not walk off alone toward the enemy', () => {
    const { record, state } = position('pg3-medium-lone-leader');
    expect(record.played).toBe('mv 20 169');
    const sc = game.scenario;
    const grid = sc.map.grid;
    const seat = game.toMove(state);
    const troopsWithin1 = (h: number): number =>
      sc.units.filter((u) => u.side === seat && !u.isLeader && state.u[u.index]![0]! >= 0 && grid.distance(state.u[u.index]![0]!, h) <= 1)
        .length;
    for (const c of choices(state)) {
      expect(c).not.toBe('mv 20 169');
      const [verb, unit, to] = c.split(' ');
      // Any leader move it makes ends next to troops he can lead.
      if (verb === 'mv' && sc.units[Number(unit)]!.isLeader) expect(troopsWithin1(Number(to))).toBeGreaterThan(0);
    }
    expect(troopsWithin1(169)).toBe(0);
  });

  it('PG3 16.2: the last turn is played for the victory conditions: a gun fires at the adjacent enemy instead of digging in', () => {
    const { record, state } = position('pg3-medium-last-turn-dig');
    expect(record.played).toBe('dig 27');
    expect(state.turn).toBe(game.scenario.turns);
    expect(game.legalActions(state)).toContain('df 69 127');
    for (const c of choices(state)) expect(c).not.toBe('dig 27');
    expect(score(state, 'dig 27')).toBeLessThan(score(state, 'df 69 127'));
  });
});

/**
 * Known and open (issue 16, item 7): at these positions hard's search walks a unit back into a hex it stood in
 * during the activation. Leaving such steps out of the agents' list (and two narrower variants) stopped it here but
 * lost games against scripted on paired seeds (docs/design.md, "Steps walked back and forth"), so they are marked as
 * failing: a remedy that stops the walk back turns them red, to be made plain tests with it. At both positions the
 * doctrine, the search's prior, favours the step back itself (docs/design.md, "The two walked-back positions read
 * again"), so a remedy has to reach the steps that led there.
 */
describe("plays like a wargamer: the search (positions from hard's recorded games against scripted)", () => {
  /** Steps into a hex a unit has stood in during the position's activation, found by replaying the record. */
  function stepsBack(record: Recorded): Set<string> {
    const dice = createRng(record.seed);
    let state = production.initialState(dice) as Pg3State;
    let stood = new Set<string>();
    for (const a of record.actions) {
      const [verb, unit, to] = a.split(' ');
      if (verb === 'stack' || verb === 'leader' || verb === 'unit') stood = new Set<string>();
      if (verb === 'mv') stood.add(`mv ${unit} ${state.u[Number(unit)]![0]}`).add(`mv ${unit} ${to}`);
      state = game.apply(state, a, dice);
    }
    return stood;
  }

  /** hard's search at a fixed budget (timeMs=1000 gives about 1000-3500 iterations on this machine), on the three streams that walked back at the position when it was found. */
  function searchDoesNotWalkBack(name: string): () => void {
    return () => {
      const { record, state } = position(name);
      const back = stepsBack(record);
      for (let k = 0; k < 3; k++) {
        const rng = createRng(`rev/${record.actions.length}/${k}`);
        const choice = createAgent('mcts:iterations=1000,rolloutDepth=10', production.ai).act(
          game,
          state,
          game.toMove(state),
          rng,
        ) as string;
        expect(back.has(choice), choice).toBe(false);
      }
    };
  }

  it("PG3 6.71: a leader stays with his troops: the search does not walk the German captain alone out of his platoon's hex toward the Soviet guns", () => {
    // hard walked him on to 0708 and 0808, where opportunity fire killed him and froze the Germans around him (6.7).
    const { record, state } = position('pg3-medium-hard-lone-captain');
    expect(record.played).toBe('mv 18 146');
    expect(game.legalActions(state)).toContain(record.played);
    for (let k = 0; k < 3; k++) {
      const rng = createRng(`rev/${record.actions.length}/${k}`);
      const choice = createAgent('mcts:iterations=3000,rolloutDepth=10', production.ai).act(game, state, game.toMove(state), rng);
      expect(choice).not.toBe(record.played);
    }
  });

  it('PG3 3.1: at the recorded search positions hard walked a unit back into a hex of the same activation', () => {
    for (const name of ['pg3-medium-hard-walk-back-rear', 'pg3-medium-hard-walk-back-late']) {
      const { record } = position(name);
      expect(stepsBack(record).has(record.played), name).toBe(true);
    }
  });

  it.fails(
    'PG3 3.1: no activation undoes itself (known to fail): a tank in the rear, out of sight, is not walked back and forth between 0108 and 0208',
    searchDoesNotWalkBack('pg3-medium-hard-walk-back-rear'),
  );
  it.fails(
    'PG3 3.1: no activation undoes itself (known to fail): a platoon that stepped 0609-0510-0509 is not walked back to 0510',
    searchDoesNotWalkBack('pg3-medium-hard-walk-back-late'),
  );
});
