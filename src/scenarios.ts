import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from './core/errors.js';
import type { SpawnedSearch, SpawnSpec } from './core/extensions.js';
import { compiledPath, moduleUrl } from './core/modules.js';
import type { LoadedScenario, LoadMode, RulesSystem, ScenarioOptions } from './core/system.js';
import { ia2System } from './rules/ia2/index.js';
import { pg3System } from './rules/pg3/index.js';
import { plSystem } from './rules/pl/index.js';
import { panzerSystem } from './rules/panzer/index.js';
import { spgSystem } from './rules/spg/index.js';

/** The folder of shipped scenarios: <package>/scenarios, found from this file in src/ or dist/src/. */
export function scenariosRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'scenarios')) && existsSync(join(dir, 'package.json'))) return join(dir, 'scenarios');
    dir = dirname(dir);
  }
  throw new Error('cannot find the scenarios folder of the tacsim package');
}

/** The rules systems built into tacsim: the one place that names them. */
const BUILT_IN: readonly RulesSystem[] = [pg3System, spgSystem, ia2System, plSystem, panzerSystem];

const systems = new Map<string, RulesSystem>(BUILT_IN.map((s) => [s.id, s]));

/**
 * Adds a rules system (e.g. from a test, or a system kept outside tacsim). Give it a `module` so worker
 * threads (simulation workers, MCTS threads) can load it too.
 */
export function registerSystem(system: RulesSystem): void {
  systems.set(system.id, system);
}

/** Imports a compiled module exporting a RulesSystem as `system` and registers it (with `module` set to it). */
export async function registerSystemModule(pathOrUrl: string): Promise<RulesSystem> {
  const url = moduleUrl(pathOrUrl);
  const mod = (await import(url)) as { system?: RulesSystem };
  if (!mod.system || typeof mod.system.load !== 'function')
    throw new InputError('the module exports no RulesSystem named "system"', pathOrUrl);
  const system = mod.system.module === undefined ? { ...mod.system, load: mod.system.load.bind(mod.system), module: url } : mod.system;
  registerSystem(system);
  return system;
}

/**
 * The module a worker thread must register before loading a scenario of `systemId`: undefined for a
 * built-in system (every thread has it) or an unknown one.
 */
export function systemModuleOf(systemId: string): string | undefined {
  if (BUILT_IN.some((s) => s.id === systemId)) return undefined;
  return systems.get(systemId)?.module;
}

export function listSystems(): RulesSystem[] {
  return [...systems.values()];
}

export interface ShippedScenario {
  id: string;
  system: string;
  file: string;
}

/**
 * The module worker threads must register before loading this scenario (see systemModuleOf), from the
 * "system" its file names; undefined when none is needed or the file cannot tell (loading reports that).
 */
export function systemModuleOfScenario(idOrPath: string): string | undefined {
  try {
    const data = JSON.parse(readFileSync(resolveScenarioFile(idOrPath), 'utf8')) as { system?: unknown };
    return typeof data.system === 'string' ? systemModuleOf(data.system) : undefined;
  } catch {
    return undefined;
  }
}

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
  const ids = listShippedScenarios()
    .map((s) => s.id)
    .join(', ');
  throw new InputError(`no shipped scenario has this id and no file has this path (shipped: ${ids})`, idOrPath);
}

/**
 * Loads and validates a scenario by shipped id or path. Throws InputError on any problem. The hooks of
 * the result carry a spawn spec, so MCTS threads rebuild the same game and hooks (spawnScenarioSearch).
 */
export function loadScenario(idOrPath: string, options: ScenarioOptions = {}, mode: LoadMode = {}): LoadedScenario {
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
  const loaded = system.load(file, options, mode);
  if (loaded.ai.spawnSpec !== undefined) return loaded;
  const spawnSpec: SpawnSpec = {
    module: compiledPath(import.meta.url),
    exportName: 'spawnScenarioSearch',
    args: [loaded.file, loaded.options, systemModuleOf(system.id) ?? null],
  };
  return withMember(loaded, 'ai', withMember(loaded.ai, 'spawnSpec', spawnSpec));
}

/** A copy of `obj` (same prototype, so methods of a class instance survive) with one member replaced. */
function withMember<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): T {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(obj) as object) as T, obj);
  copy[key] = value;
  return copy;
}

/** Entry of worker threads (a SpawnSpec export): the game and hooks of a scenario file, as loadScenario gives them. */
export async function spawnScenarioSearch(
  file: string,
  options: ScenarioOptions,
  systemModule: string | null,
): Promise<SpawnedSearch<unknown, unknown>> {
  if (systemModule !== null) await registerSystemModule(systemModule);
  const sc = loadScenario(file, options);
  return { game: sc.game, ai: sc.ai };
}
