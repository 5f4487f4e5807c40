/**
 * The scripted PL doctrine weighs gunfire at temporary bridges (X.C.4.b), landings from the sea (XI.C),
 * the engineer's equipment carrier keeping by its engineer (X.B, ruling PL-R43), aircraft joining one
 * attack on a hex (XII.C.2.b) and the risk to one's own fort under the enemy on top of it (IX.C.10.a).
 */
import { describe, expect, it } from 'vitest';
import { legalActions } from '../../../src/rules/pl/actions.js';
import { PlDoctrine } from '../../../src/rules/pl/doctrine.js';
import { PH_AIR, PH_MOVE_OTHERS, PH_MOVE_VEHICLES } from '../../../src/rules/pl/state.js';
import { custom, hex, loadedDice, open, townFortWithEnemyOnTop } from './helpers.js';

const ALLIED = 0;
const objectiveOf = (a: { objective: number }) => a.objective;

describe('PL doctrine: bridges, landings, equipment carriers', () => {
  it('PL X.C.4.b: the side holding the objectives is advised to shell a temporary bridge; the side that must cross is not', () => {
    const scenario = (heldBy: 'allied' | 'german') =>
      custom({
        terrain: ['...~......', '...~......', '...~......'],
        truckBridges: ['0402'],
        // 155 mm, 60 (H) against the Truck Bridge's 23: 2-1, an X on a 1.
        allied: [{ counter: 'us-155mm', hex: '0102' }],
        german: [{ counter: 'ger-rifle', hex: '0902' }],
        objectives: [{ hex: '0202', vp: 3, heldBy }],
      });
    const holder = scenario('allied');
    const shell = `shell 0 ${hex(holder.sc, '0402')}`;
    expect(legalActions(holder.sc, holder.start)).toContain(shell);
    expect(objectiveOf(new PlDoctrine(holder.sc).assess(holder.start, shell, ALLIED))).toBeGreaterThan(0);
    const crosser = scenario('german');
    expect(objectiveOf(new PlDoctrine(crosser.sc).assess(crosser.start, shell, ALLIED))).toBeLessThan(0);
  });

  it('PL XI.C: landing toward the objectives is advised', () => {
    const { sc, game, start } = custom({
      terrain: ['=b......', '=b......', '=b......'],
      allied: [{ counter: 'us-rifle', hex: '0102', lands: 1 }],
      german: [{ counter: 'ger-rifle', hex: '0801' }],
      objectives: [{ hex: '0502', vp: 3, heldBy: 'german' }],
    });
    const s = { ...start, phase: PH_MOVE_OTHERS };
    const land = legalActions(sc, s).find((a) => a.startsWith('land 0 '));
    expect(land).toBeDefined();
    expect(objectiveOf(new PlDoctrine(sc).assess(s, land!, ALLIED))).toBeGreaterThan(0);
    expect(game.legalActions(s)).toContain(land);
  });

  it("PL X.B: the engineer's equipment carrier is advised to come within a hex of its engineer, not to leave it", () => {
    const { sc, start } = custom({
      terrain: open(12, 3),
      allied: [
        { counter: 'us-engineer', hex: '0302' },
        { counter: 'us-truck', hex: '0802', equipmentFor: 0 },
      ],
      german: [{ counter: 'ger-rifle', hex: '1201' }],
      objectives: [{ hex: '1102', vp: 3, heldBy: 'german' }],
    });
    const s = { ...start, phase: PH_MOVE_VEHICLES };
    const doctrine = new PlDoctrine(sc);
    const toEngineer = doctrine.assess(s, `move 1 ${hex(sc, '0402')}`, ALLIED);
    const toObjective = doctrine.assess(s, `move 1 ${hex(sc, '1002')}`, ALLIED);
    expect(objectiveOf(toEngineer)).toBeGreaterThan(objectiveOf(toObjective));
    expect(objectiveOf(toEngineer)).toBeGreaterThan(0);
  });

  it('PL XII.C.2.b / XII.C.3.d: an aircraft joining the attack on a hex is worth what it adds to the one roll', () => {
    const p47 = (id: string) => ({ id, name: id, ordnance: 'bombs', mg: { attack: 3, weapon: 'I' } });
    const { sc, game, start } = custom({
      terrain: open(12, 3),
      allied: [{ counter: 'us-rifle', hex: '0101' }],
      german: [
        { counter: 'ger-rifle', hex: '0602' },
        { counter: 'ger-rifle', hex: '0902' },
      ],
      aircraft: [p47('bomber'), p47('strafer')],
    });
    const doctrine = new PlDoctrine(sc);
    const flown = game.apply({ ...start, phase: PH_AIR }, 'air 0 1 ord', loadedDice());
    // Machine guns beside the bombs: 33 to 8 reads 4-1 where 30 read 3-1, a real gain.
    const joining = doctrine.assess(flown, 'air 1 1 mg', ALLIED).expectedEnemyLoss;
    expect(joining).toBeGreaterThan(0.05);
    // Machine guns alone at the other platoon: 3 to 8, below the table, worth nothing.
    expect(doctrine.assess(flown, 'air 1 2 mg', ALLIED).expectedEnemyLoss).toBe(0);
  });

  it("PL IX.C.10.a: fire into a town hex at the enemy on top of one's own fort counts the risk to the fort", () => {
    const { sc, s } = townFortWithEnemyOnTop();
    // The second Pz IV joining: 44 at the fort's 40 reads 1-1, where a 1 or 2 disperses the rifle inside.
    const a = new PlDoctrine(sc).assess({ ...s, target: 0, firers: [2] }, 'fire 3 0', 1);
    expect(a.expectedEnemyLoss).toBeGreaterThan(0);
    expect(a.expectedOwnLoss).toBeGreaterThan(0);
  });
});
