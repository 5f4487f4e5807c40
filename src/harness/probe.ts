/**
 * What a run needs to know of its scenario before the first game (sides, metrics, parameters, the files
 * it was read from) and the checks of its agent specs, found by loading the scenario in a worker thread
 * when the run can be stopped: loading a big map takes seconds of work that cannot be cut into pieces,
 * and Ctrl-C must not wait for it. The run's own thread then never holds a loaded scenario.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError, type InputErrorCode } from '../core/errors.js';
import type { LoadedScenario, MetricDeclaration, ScenarioOptions, ScenarioParameter, SideInfo } from '../core/system.js';
import { logJsonReads } from '../core/validate.js';
import { loadScenario, registerSystemModule, systemModuleOfScenario } from '../scenarios.js';
import type { TurnRecordShape } from '../core/turns.js';
import { buildId } from './queue/protocol.js';
import { loadAgentFactory, turnShapeOf } from './match.js';

/** What a run's games depend on beyond run.json's settings: every file its scenario was loaded from. */
export interface RunFingerprint {
  /** Absolute path to the SHA-256 (hex) of the file's text: the scenario, its charts and counters. */
  files: Record<string, string>;
  /** `buildId()` of the tacsim that played the games; absent in runs made before it was kept. */
  program?: string;
}

/** The plain facts of a loaded scenario that a run's own thread uses. */
export interface ScenarioSketch {
  readonly id: string;
  readonly system: string;
  /** Absolute path of the scenario file. */
  readonly file: string;
  readonly sides: readonly SideInfo[];
  readonly metrics: readonly MetricDeclaration[];
  readonly parameters: readonly ScenarioParameter[];
  readonly fingerprint: RunFingerprint;
  readonly title: string;
  /** The columns of its turns.csv. */
  readonly turnShape: TurnRecordShape;
}

/** Agent specs to check against the scenario: one per side given, the others `defaultAgent`. */
export interface AgentCheck {
  agents?: Record<string, string>;
  defaultAgent: string;
}

export interface ProbeRequest {
  scenario: string;
  options: ScenarioOptions;
  systemModule?: string;
  agentModule?: string;
  /** Each is resolved to a spec per side (see resolveAgents) and each spec tried once. */
  agentChecks?: AgentCheck[];
}

export interface ProbeResult {
  sketch: ScenarioSketch;
  /** Per agent check, the spec of every side. */
  agents: Record<string, string>[];
}

/** The run was stopped (Ctrl-C) before its first game: nothing was played or written. */
export class StoppedError extends Error {
  constructor() {
    super('stopped before the first game');
    this.name = 'StoppedError';
  }
}

/**
 * Loads the scenario and checks the agent specs: in a worker thread when there is a signal to honour
 * (the call then ends with StoppedError within moments of a stop), in this thread otherwise.
 * Bad input is thrown as the same InputError either way.
 */
export async function probeScenario(request: ProbeRequest, signal?: AbortSignal): Promise<ProbeResult> {
  if (signal === undefined) return probeHere(request);
  if (signal.aborted) throw new StoppedError();
  // A system registered here from a module (TACSIM_SYSTEMS, a plugin) is registered there from the same module.
  const systemModule = request.systemModule ?? systemModuleOfScenario(request.scenario);
  const sent: ProbeRequest = { ...request, ...(systemModule !== undefined ? { systemModule } : {}) };
  // One worker serves the probes of a process in turn (starting one costs more than most loads); a
  // probe that finds it busy gets a worker of its own.
  const prober = idleProber ?? new Worker(new URL(compiledFile('probe-worker.js')));
  idleProber = undefined;
  const id = ++probes;
  // Stopped mid-load, failed or gone: such a worker is not used again.
  let broken = false;
  prober.ref();
  try {
    return await new Promise<ProbeResult>((resolve, reject) => {
      const finish = (end: () => void) => {
        signal.removeEventListener('abort', onAbort);
        prober.off('message', onMessage);
        prober.off('error', onError);
        prober.off('exit', onExit);
        end();
      };
      const onAbort = () => {
        broken = true;
        finish(() => reject(new StoppedError()));
      };
      const onMessage = (m: ProbeMessage & { id: number }) => {
        if (m.id !== id) return;
        finish(() => {
          if (m.ok) resolve(m.result);
          else reject(m.inputError ? rebuildInputError(m.inputError) : new Error(m.message));
        });
      };
      const onError = (e: Error) => {
        broken = true;
        finish(() => reject(e));
      };
      const onExit = (code: number) => {
        broken = true;
        finish(() => reject(new Error(`the scenario could not be loaded (its worker stopped with code ${code})`)));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      prober.on('message', onMessage);
      prober.once('error', onError);
      prober.once('exit', onExit);
      prober.postMessage({ id, request: sent });
    });
  } finally {
    // A stop ends the worker even in the middle of a load. An idle one must not keep the process alive.
    if (broken || idleProber !== undefined) await prober.terminate();
    else {
      prober.unref();
      idleProber = prober;
    }
  }
}

let idleProber: Worker | undefined;
let probes = 0;

/** probeScenario in this thread. */
export async function probeHere(request: ProbeRequest): Promise<ProbeResult> {
  if (request.systemModule) await registerSystemModule(request.systemModule);
  const { scenario, fingerprint } = loadFingerprinted(request.scenario, request.options);
  const agents: Record<string, string>[] = [];
  for (const check of request.agentChecks ?? [])
    agents.push(await resolveAgents(scenario, check.agents, check.defaultAgent, request.agentModule));
  const sketch: ScenarioSketch = {
    id: scenario.id,
    system: scenario.system,
    file: scenario.file,
    sides: scenario.sides.map((s) => ({ id: s.id, name: s.name })),
    metrics: scenario.metrics.map((m) => ({ id: m.id, kind: m.kind, label: m.label })),
    parameters: scenario.parameters.map((p) => ({ name: p.name, description: p.description, value: p.value, min: p.min, max: p.max })),
    fingerprint,
    title: scenario.title,
    turnShape: turnShapeOf(scenario),
  };
  return { sketch, agents };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Loads a scenario and notes every file it was read from (the scenario, charts, counters). */
function loadFingerprinted(ref: string, options: ScenarioOptions): { scenario: LoadedScenario; fingerprint: RunFingerprint } {
  const { value: scenario, reads } = logJsonReads(() => loadScenario(ref, options));
  const texts = new Map(reads);
  if (!texts.has(scenario.file)) texts.set(scenario.file, readFileSync(scenario.file, 'utf8'));
  const files: Record<string, string> = {};
  for (const file of [...texts.keys()].sort()) files[file] = sha256(texts.get(file)!);
  return { scenario, fingerprint: { files, program: buildId() } };
}

/** Checks agent specs against the scenario's sides, fills in the default, and validates each spec. */
export async function resolveAgents(
  scenario: Pick<LoadedScenario, 'id' | 'sides' | 'ai'>,
  agents: Record<string, string> | undefined,
  defaultAgent: string,
  agentModule?: string,
): Promise<Record<string, string>> {
  const ids = scenario.sides.map((s) => s.id);
  for (const side of Object.keys(agents ?? {})) {
    if (!ids.includes(side))
      throw new InputError(`scenario ${scenario.id} has no side "${side}" (sides: ${ids.join(', ')})`, undefined, '--agent');
  }
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = (agents && Object.hasOwn(agents, id) ? agents[id] : undefined) ?? defaultAgent;
  const factory = await loadAgentFactory(agentModule);
  for (const spec of new Set(Object.values(out))) {
    try {
      const agent = await factory(spec, scenario.ai);
      await agent.close?.();
    } catch (e) {
      if (e instanceof Error && e.name === 'InputError') throw e;
      throw new InputError(`bad agent spec "${spec}": ${e instanceof Error ? e.message : String(e)}`, undefined, '--agent');
    }
  }
  return out;
}

/** What the probe worker posts back. */
export type ProbeMessage = { ok: true; result: ProbeResult } | { ok: false; message: string; inputError?: SentInputError };

/** An InputError as it crosses between threads (a structured clone keeps no class). */
export interface SentInputError {
  problem: string;
  file?: string;
  place?: string;
  code: InputErrorCode;
  key?: string;
  suggestion?: string;
  others: readonly string[];
}

export function sendInputError(e: InputError): SentInputError {
  return {
    problem: e.problem,
    code: e.code,
    others: [...e.others],
    ...(e.file !== undefined ? { file: e.file } : {}),
    ...(e.place !== undefined ? { place: e.place } : {}),
    ...(e.key !== undefined ? { key: e.key } : {}),
    ...(e.suggestion !== undefined ? { suggestion: e.suggestion } : {}),
  };
}

function rebuildInputError(s: SentInputError): InputError {
  return new InputError(s.problem, s.file, s.place, s.code, {
    others: s.others,
    ...(s.key !== undefined ? { key: s.key } : {}),
    ...(s.suggestion !== undefined ? { suggestion: s.suggestion } : {}),
  });
}

/**
 * A compiled module of this folder: beside this one in dist/, or (when this module runs from the
 * TypeScript sources, in tests) the compiled copy in dist/src/harness/.
 */
function compiledFile(name: string): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const i = here.lastIndexOf('/src/harness/');
    if (i < 0) throw new Error(`cannot locate the compiled ${name} from ${here}`);
    return `file://${here.slice(0, i)}/dist/src/harness/${name}`;
  }
  return new URL(`./${name}`, import.meta.url).href;
}
