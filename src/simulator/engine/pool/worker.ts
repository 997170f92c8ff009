import { parentPort, workerData } from 'node:worker_threads';
import { configureCircuitThreads } from '../circuits/lanes';
import { runLaneShare } from '../circuits/share';
import type { ShareTask } from '../circuits/share';
import { failure, runJob, validateJob } from '../run/run-job';
import type { EngineThreadData } from '../engine-thread';
import type { FromWorker, ToWorker, ValidateReply, ValidateRequest } from './worker-protocol';

/**
 * Entry of an engine thread. A job thread runs one job at a time for the pool and reports
 * progress; cancellation is the pool terminating it, so no AbortSignal crosses the boundary. A
 * lane shares the circuits of the job thread that started it (`circuits/share.ts`); a validation
 * thread checks payloads (`validation-thread.ts`).
 */
const port = parentPort;
if (!port) throw new Error('the engine worker must run in a worker thread');
const data = (workerData ?? { role: 'job' }) as EngineThreadData;

if (data.role === 'lane') {
  port.on('message', (task: ShareTask) => runLaneShare(task));
} else if (data.role === 'validate') {
  port.on('message', ({ id, job }: ValidateRequest) => {
    port.postMessage({ id, outcome: validateJob(job) } satisfies ValidateReply);
  });
} else {
  configureCircuitThreads(
    data.circuitThreads,
    data.workerUrl ? new URL(data.workerUrl) : undefined,
  );
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
}
