/**
 * PL IX.A.1, IX.B.1: where minefields and blocks may be set up: one a hex, never at sea, no minefield in a
 * town or on a bridge; the set-up area and the number of counters are the scenario's (ruling PL-R52).
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { custom, open } from './helpers.js';

const base = {
  terrain: ['==........', '==...t..~.', '==........'],
  allied: [{ counter: 'us-rifle', hex: '0302' }],
  german: [{ counter: 'ger-rifle', hex: '1002' }],
};

describe('PL IX: positional defences set up', () => {
  it('PL IX.C.1: no fortification on a stream, sea or beach hex', () => {
    const terrain = ['==b.......', '==b...~...', '==b.......'];
    const at = (h: string) => custom({ ...base, terrain, forts: [[], [h]] });
    expect(at('0502').sc.forts.length).toBe(1);
    expect(() => at('0302')).toThrow(/beach/);
    expect(() => at('0702')).toThrow(/stream/);
  });

  it('PL IX.A.1: one minefield a hex, none on a sea, town or bridge hex; the scenario places them in its set-up area', () => {
    expect(custom({ ...base, mines: ['0403', '0703'] }).sc.mines.length).toBe(2);
    expect(() => custom({ ...base, mines: ['0403', '0403'] })).toThrow(/one a hex/);
    expect(() => custom({ ...base, mines: ['0101'] })).toThrow(/sea hex/);
    expect(() => custom({ ...base, mines: ['0602'] })).toThrow(InputError);
    expect(() => custom({ ...base, mines: ['0902'], bridges: ['0902'] })).toThrow(/bridge/);
  });

  it('PL IX.B.1: one block a hex, none on a sea hex', () => {
    expect(custom({ ...base, blocks: ['0403', '0602'] }).sc.blocks.length).toBe(2);
    expect(() => custom({ ...base, blocks: ['0403', '0403'] })).toThrow(/one a hex/);
    expect(() => custom({ ...base, blocks: ['0201'] })).toThrow(/sea hex/);
    expect(custom({ terrain: open(6, 2), allied: base.allied, german: [{ counter: 'ger-rifle', hex: '0602' }] }).sc.blocks).toEqual([]);
  });
});
