/** Test helper: the proving ground (helpers.ts) with its file data changed, loaded from a temporary copy. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadIa2Scenario, type Scenario } from '../../../src/rules/ia2/scenario.js';
import { fixture } from './helpers.js';

/** The proving ground with its scenario file (parsed JSON) changed by `change`; charts and counters by absolute path. */
export function groundWith(change: (data: Record<string, any>) => void): Scenario {
  const data = JSON.parse(readFileSync(fixture('proving-ground'), 'utf8'));
  data.charts = join(fixture('proving-ground'), '../../../../../scenarios/ia2/charts/reference.json');
  data.counters = join(fixture('proving-ground'), '../../../../../scenarios/ia2/counters/reference.json');
  change(data);
  const f = join(mkdtempSync(join(tmpdir(), 'ia2-std-')), 'ground.json');
  writeFileSync(f, JSON.stringify(data));
  return loadIa2Scenario(f);
}
