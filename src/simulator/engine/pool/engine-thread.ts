import { Worker } from 'node:worker_threads';

/** File name the bundler must give the compiled worker entry (next to the pool's chunk). */
const ENGINE_WORKER_BUNDLE_FILE = 'engine-worker.js';

/** What an engine thread is started for, in its `workerData`. */
export interface EngineThreadData {
  /**
   * 'job': runs jobs for the pool; 'lane': shares one job's circuit with the thread running it;
   * 'validate': checks payloads (`validation-thread.ts`).
   */
  role: 'job' | 'lane' | 'validate';
  /** Where the compiled worker is, when the pool was told (so a job's lanes start the same). */
  workerUrl?: string;
  /** How many threads one job's circuit may use, its own included. */
  circuitThreads?: number;
}

/**
 * Starts the engine's worker entry (`worker.ts`) on a new thread: the compiled worker at
 * `workerUrl` when given, else `./engine-worker.js` next to this module when it runs as
 * JavaScript, or the TypeScript sources (through tsx) when it runs as TypeScript.
 */
export function startEngineThread(workerUrl: URL | undefined, data: EngineThreadData): Worker {
  if (workerUrl) return new Worker(workerUrl, { workerData: data });
  const here = import.meta.url;
  if (/\.[mc]?ts$/.test(new URL(here).pathname)) {
    // Sources (vitest, tsx): a JS bootstrap registers tsx inside the worker, then loads worker.ts.
    return new Worker(new URL('./ts-worker-bootstrap.mjs', here), {
      workerData: { ...data, tsEntry: new URL('./worker.ts', here).href },
    });
  }
  return new Worker(new URL(`./${ENGINE_WORKER_BUNDLE_FILE}`, here), { workerData: data });
}
