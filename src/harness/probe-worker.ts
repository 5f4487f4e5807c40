/** Worker thread of probeScenario (probe.ts): loads the scenario of workerData, checks the agents, posts the result. */
import { parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../core/errors.js';
import { probeHere, sendInputError, type ProbeMessage, type ProbeRequest } from './probe.js';

let message: ProbeMessage;
try {
  message = { ok: true, result: await probeHere(workerData as ProbeRequest) };
} catch (e) {
  message =
    e instanceof InputError
      ? { ok: false, message: e.message, inputError: sendInputError(e) }
      : { ok: false, message: e instanceof Error ? e.message : String(e) };
}
parentPort!.postMessage(message);
