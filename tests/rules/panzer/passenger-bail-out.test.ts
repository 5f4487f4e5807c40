/**
 * GMT Panzer 6.5.2.6.2: the passengers' own bail out check after a No Damage, Damaged or Track result on
 * their carrier whose crew stays (modules "bail-out" and "transport"); Pass values from the chart pack
 * (No Damage 50- is the text's; Damaged and Track are designed).
 */
import { describe, expect, it } from 'vitest';
import { checkBailOut } from '../../../src/rules/panzer/advanced/bail-out.js';
import { unitName } from '../../../src/rules/panzer/game.js';
import { BAILED_OUT, MOUNTED, OK, SUPPRESSION_ON } from '../../../src/rules/panzer/state.js';
import { dice, transport } from './helpers.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......', '.......'];
const MODULES = ['leg-towed', 'gp-fire', 'transport', 'bail-out'];

/** Unit 0: an Opel truck at 0308 carrying units 1 and 2 (German squads); 3: a Soviet squad far off. */
function truck() {
  return transport(
    {
      terrain: OPEN,
      units: [
        [0, 'opel', '0308', 'N'],
        [0, 'ger-squad', '0308', 'N'],
        [0, 'ger-squad', '0308', 'N'],
        [1, 'sov-squad', '0301', 'S'],
      ],
    },
    { 1: 0, 2: 0 },
    MODULES,
  );
}

describe('PANZER 6.5.2.6.2: passengers bail out', () => {
  it('PANZER 6.5.2.6.2: the crew stays; each passenger rolls on the Pass row: at or under 50 it bails out into the hex, SUPPRESSION/ON; over it stays aboard', () => {
    const { sc, start } = truck();
    expect(sc.adv!.bailOut!.pass!.noDamage.value).toBe(50);
    expect(sc.adv!.bailOut!.pass!.noDamage.source.source).toBe('rule');
    expect(sc.adv!.bailOut!.pass!.damaged.source.source).toBe('designed');
    // Crew 99 (stays), passenger 1 rolls 50 (bails), passenger 2 rolls 51 (stays).
    const after = checkBailOut(sc, start, 0, 'noDamage', dice(99, 50, 51), null, unitName);
    expect(after.units[0]!.status).toBe(OK);
    expect(after.units[1]).toMatchObject({ status: OK, carrier: -1, hex: start.units[0]!.hex, sup: SUPPRESSION_ON, moved: true });
    expect(after.units[2]).toMatchObject({ status: MOUNTED, carrier: 0 });
  });
  it('PANZER 6.5.2.6.2: when the crew bails out the passengers do not roll (they stay aboard); Damaged and Track check too', () => {
    const { sc, start } = truck();
    const crew = checkBailOut(sc, start, 0, 'track', dice(1, 1, 1), null, unitName);
    expect(crew.units[0]!.status).toBe(BAILED_OUT);
    expect(crew.units[1]!.status).toBe(MOUNTED);
    const dmg = checkBailOut(sc, start, 0, 'damaged', dice(99, 1, 1), null, unitName);
    expect(dmg.units[1]!.status).toBe(OK);
    expect(dmg.units[2]!.status).toBe(OK);
  });
});
