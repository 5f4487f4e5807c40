import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from './core/errors.js';
import type { LoadedScenario, RulesSystem, ScenarioOptions } from './core/system.js';
import { pg3System } from './rules/pg3/index.js';

/** The folder of shipped scenarios: <package>/scenarios, found from this file in src/ or dist/src/. */
export function scenariosRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'scenarios')) && existsSync(join(dir, 'package.json'))) return join(dir, 'scenarios');
    dir = dirname(dir);
  }
  throw new Error('cannot find the scenarios folder of the tacsim package');
}

const systems = new Map<string, RulesSystem>([[pg3System.id, pg3System]]);

/** Adds a rules system (e.g. from a test, or a future SPG/IA2/PL/Panzer module). */
export function registerSystem(system: RulesSystem): void {
  systems.set(system.id, system);
}

export function listSystems(): RulesSystem[] {
  return [...systems.values()];
}

export interface ShippedScenario { id: string; system: string; file: string }

/** Shipped scenarios: every scenarios/<system>/<id>.json that declares a "system". */
export function listShippedScenarios(): ShippedScenario[] {
  const root = scenariosRoot();
  const out: ShippedScenario[] = [];
  for (const sys of readdirSync(root, { withFileTypes: true })) {
    if (!sys.isDirectory()) continue;
    for (const f of readdirSync(join(root, sys.name))) {
      if (!f.endsWith('.json')) continue;
      const file = join(root, sys.name, f);
      try {
        const data = JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown; system?: unknown };
        if (typeof data.id === 'string' && typeof data.system === 'string') out.push({ id: data.id, system: data.system, file });
      } catch {
        // Not a scenario (or broken): `tacsim scenarios validate` reports it; the list skips it.
      }
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** A shipped scenario's id, or a path to a scenario file, to an absolute path. */
export function resolveScenarioFile(idOrPath: string): string {
  const shipped = listShippedScenarios().find((s) => s.id === idOrPath);
  if (shipped) return shipped.file;
  const p = resolve(idOrPath);
  if (existsSync(p)) return p;
  const ids = listShippedScenarios().map((s) => s.id).join(', ');
  throw new InputError(`no shipped scenario has this id and no file has this path (shipped: ${ids})`, idOrPath);
}

/** Loads and validates a scenario by shipped id or path. Throws InputError on any problem. */
export function loadScenario(idOrPath: string, options: ScenarioOptions = {}): LoadedScenario {
  const file = resolveScenarioFile(idOrPath);
  let data: { system?: unknown };
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as { system?: unknown };
  } catch (e) {
    throw new InputError(`not valid JSON (${(e as Error).message})`, file);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new InputError('a scenario must be a JSON object', file);
  if (typeof data.system !== 'string') {
    throw new InputError(`missing "system" (one of: ${[...systems.keys()].join(', ')})`, file, 'system');
  }
  const system = systems.get(data.system);
  if (!system) throw new InputError(`unknown rules system "${data.system}" (known: ${[...systems.keys()].join(', ')})`, file, 'system');
  return system.load(file, options);
}
