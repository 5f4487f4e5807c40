/** Worker thread of probeScenario (probe.ts): for each request, loads its scenario, checks the agents, posts the result. */
import { parentPort } from 'node:worker_threads';
import { InputError } from '../core/errors.js';
import { probeHere, sendInputError, type ProbeMessage, type ProbeRequest } from './probe.js';

parentPort!.on('message', async ({ id, request }: { id: number; request: ProbeRequest }) => {
  let message: ProbeMessage;
  try {
    message = { ok: true, result: await probeHere(request) };
  } catch (e) {
    message =
      e instanceof InputError
        ? { ok: false, message: e.message, inputError: sendInputError(e) }
        : { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage({ ...message, id });
});
