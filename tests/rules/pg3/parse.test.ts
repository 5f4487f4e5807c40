import { describe, expect, it } from 'vitest';
import { parseAction } from '../../../src/rules/pg3/actions.js';

describe('PG3 action strings', () => {
  it('parseAction reads the verb and numeric arguments as split(" ") + Number would', () => {
    for (const action of ['pass', 'end', 'mv 12 145', 'decl 3 m', 'decl 10 f', 'split 100 120 130', 'chg 1 2 3', 'oppx 45', 'loss 0']) {
      const parts = action.split(' ');
      const p = parseAction(action);
      expect(p.verb).toBe(parts[0]);
      expect(p.a).toEqual(parts[1] !== undefined && /^\d+$/.test(parts[1]) ? Number(parts[1]) : NaN);
      expect(p.b).toEqual(parts[2] !== undefined && /^\d+$/.test(parts[2]) ? Number(parts[2]) : NaN);
      expect(p.c).toEqual(parts[3] !== undefined ? Number(parts[3]) : NaN);
      expect(p.last).toBe(parts.length > 1 ? parts.at(-1) : '');
    }
  });
});
