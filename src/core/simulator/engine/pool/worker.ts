import { parentPort } from 'node:worker_threads';
import { failure, runJob } from '../run/run-job';
import type { FromWorker, ToWorker } from './worker-protocol';

/**
 * Entry of an engine worker thread: runs one job at a time and reports progress. Cancellation
 * is the pool terminating this thread, so no AbortSignal crosses the boundary.
 */
const port = parentPort;
if (!port) throw new Error('the engine worker must run in a worker thread');

port.on('message', (msg: ToWorker) => {
  const post = (m: FromWorker): void => port.postMessage(m);
  runJob(msg.job, (progress) => post({ type: 'progress', id: msg.id, progress }))
    .catch((err: unknown) => failure(err))
    .then((outcome) => post({ type: 'done', id: msg.id, outcome }))
    .catch((err: unknown) => {
      // Posting failed (e.g. an unclonable value): report it rather than hang the pool.
      post({ type: 'done', id: msg.id, outcome: failure(err) });
    });
});
