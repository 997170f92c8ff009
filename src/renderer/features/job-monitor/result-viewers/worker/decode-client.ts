import { decodeResultText } from '../model/decode';
import type { ResultHints, ViewModel } from '../model/models';
import { unpackOutcomes } from '../model/outcome-keys';
import type { DecodeRequest, DecodeResponse } from './protocol';
import DecodeWorker from './decode.worker?worker';

/** Results shorter than this decode on the spot; longer ones in the worker. */
export const WORKER_THRESHOLD_CHARS = 200_000;

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, { resolve(m: ViewModel): void; reject(e: Error): void }>();

function failAll(error: Error): void {
  for (const [id, entry] of pending) {
    pending.delete(id);
    entry.reject(error);
  }
}

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  try {
    worker = new DecodeWorker();
    worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
      const msg = event.data;
      const entry = pending.get(msg.id);
      if (!entry) return;
      pending.delete(msg.id);
      if (msg.ok) entry.resolve(unpackOutcomes(msg.model));
      else entry.reject(new Error(msg.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      console.error(
        'result decoding worker failed; decoding on the main thread instead',
        event.message,
      );
      workerFailed = true;
      worker?.terminate();
      worker = null;
      failAll(new Error('the decoding worker stopped'));
    };
  } catch (error) {
    console.error('result decoding worker could not start', error);
    workerFailed = true;
    worker = null;
  }
  return worker;
}

/** Decode a result's YAML into its viewer model, off the main thread when it is large. */
export function decodeResult(text: string, hints: ResultHints): Promise<ViewModel> {
  const w = text.length > WORKER_THRESHOLD_CHARS ? startWorker() : null;
  if (!w) return Promise.resolve().then(() => decodeResultText(text, hints));
  const id = nextId++;
  const request: DecodeRequest = { id, text, hints };
  return new Promise<ViewModel>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage(request);
  }).catch((error: unknown) => {
    // The worker itself broke (not the result): decode here rather than show nothing.
    if (workerFailed) return decodeResultText(text, hints);
    throw error;
  });
}
