import type { RulesSystem } from '../../core/system.js';
import { InputError } from '../../core/errors.js';

// Placeholder while the PG3 engine is written (replaced in the next commits).
export const pg3System: RulesSystem = {
  id: 'pg3',
  title: 'Panzer Grenadier, 3rd edition',
  load(file: string) {
    throw new InputError('the PG3 engine is not built yet', file);
  },
};
