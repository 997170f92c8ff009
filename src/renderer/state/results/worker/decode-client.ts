import { createWorkerClient } from '../../../services/worker/client';
import { decodeResultText } from '../decode';
import type { ResultHints, ViewModel } from '../models';
import { unpackOutcomes } from '../outcome-keys';
import type { DecodeInput } from './protocol';
import DecodeWorker from './decode.worker?worker';

/** Results shorter than this decode on the spot; longer ones in the worker. */
export const WORKER_THRESHOLD_CHARS = 200_000;

const worker = createWorkerClient<DecodeInput, ViewModel>({
  name: 'result decoding',
  start: () => new DecodeWorker(),
  receive: unpackOutcomes,
});

/** Decode a result's YAML into its viewer model, off the main thread when it is large. */
export function decodeResult(text: string, hints: ResultHints): Promise<ViewModel> {
  const inWorker = text.length > WORKER_THRESHOLD_CHARS ? worker.request({ text, hints }) : null;
  if (!inWorker) return Promise.resolve().then(() => decodeResultText(text, hints));
  return inWorker.catch((error: unknown) => {
    // The worker itself broke (not the result): decode here rather than show nothing.
    if (worker.failed) return decodeResultText(text, hints);
    throw error;
  });
}
