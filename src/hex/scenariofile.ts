/**
 * What every system's scenario file starts with (format, system, id, title, description, the chart pack
 * and counter manifest it plays with), and reading it: parameters applied, the chart pack and counter
 * manifest found beside it (or given on the command line) and validated.
 */
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { ScenarioOptions } from '../core/system.js';
import { parseWith, readJsonFile } from '../core/validate.js';
import { applyParameterOverrides, type ParameterSetter } from './params.js';

/** The header fields of a scenario of system `system`. */
export function scenarioHeader<Id extends string>(system: Id) {
  return {
    format: z.literal('tacsim-scenario/1', { message: 'format must be "tacsim-scenario/1"' }),
    system: z.literal(system),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { message: 'a scenario id is lower-case letters, digits and dashes' }),
    title: z.string(),
    description: z.string().default(''),
    /** Chart pack and counter manifest, relative to this file. */
    charts: z.string(),
    counters: z.string(),
  };
}

export interface ScenarioSources<D, C, M> {
  readonly data: D;
  readonly charts: C;
  readonly counters: M;
  readonly chartsFile: string;
  readonly countersFile: string;
}

/** Reads a scenario file with its `--set` overrides, and its chart pack and counter manifest. Throws InputError. */
export function readScenarioSources<D extends { charts: string; counters: string }, C, M>(
  file: string,
  options: ScenarioOptions,
  schemas: { scenario: z.ZodType<D>; charts: (file: string) => C; counters: (file: string) => M },
  setters: readonly ParameterSetter<D>[],
): ScenarioSources<D, C, M> {
  const raw = parseWith(schemas.scenario, readJsonFile(file), file);
  const data = applyParameterOverrides(raw, options.set, file, setters, (d) => parseWith(schemas.scenario, d, file));
  const base = dirname(file);
  const chartsFile = options.charts ? resolve(options.charts) : resolve(base, data.charts);
  const countersFile = options.counters ? resolve(options.counters) : resolve(base, data.counters);
  return { data, charts: schemas.charts(chartsFile), counters: schemas.counters(countersFile), chartsFile, countersFile };
}

/** Rule switches (`--set rule.<name>=true`): booleans with their defaults, nothing else allowed. */
export function ruleSwitches<K extends string>(defaults: Record<K, boolean>) {
  const shape = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, z.boolean().default(v as boolean)])) as Record<
    K,
    z.ZodDefault<z.ZodBoolean>
  >;
  return z.strictObject(shape).default(defaults as never);
}
