import { Worker } from 'node:worker_threads';

/** File name the bundler must give the compiled worker entry (next to the chunk holding this module). */
const ENGINE_WORKER_BUNDLE_FILE = 'engine-worker.js';

/** What an engine thread is started for, in its `workerData`. */
export interface EngineThreadData {
  /**
   * 'job': runs jobs for the pool; 'lane': shares one job's circuit with the thread running it;
   * 'validate': checks payloads (`pool/validation-thread.ts`).
   */
  role: 'job' | 'lane' | 'validate';
  /** Where the compiled worker is, when the pool was told (so a job's lanes start the same). */
  workerUrl?: string;
  /** How many threads one job's circuit may use, its own included. */
  circuitThreads?: number;
}

/**
 * The validation thread's young generation may grow to 96 MiB (V8's default allows 16 MiB a
 * semi-space). Reading a payload makes nodes that all live until the check ends, so every
 * collection of a small young generation copies them: a 1 MB payload took 160–190 ms of CPU
 * (the collector's threads included) with the default, 130–140 ms with this (a worker each way,
 * fastest of several runs).
 */
const VALIDATION_LIMITS = { resourceLimits: { maxYoungGenerationSizeMb: 96 } };

/**
 * Starts the engine's worker entry (`pool/worker.ts`) on a new thread: the compiled worker at
 * `workerUrl` when given, else `./engine-worker.js` next to this module when it runs as
 * JavaScript, or the TypeScript sources (through tsx) when it runs as TypeScript.
 */
export function startEngineThread(workerUrl: URL | undefined, data: EngineThreadData): Worker {
  const limits = data.role === 'validate' ? VALIDATION_LIMITS : {};
  if (workerUrl) return new Worker(workerUrl, { workerData: data, ...limits });
  const here = import.meta.url;
  if (/\.[mc]?ts$/.test(new URL(here).pathname)) {
    // Sources (vitest, tsx): a JS bootstrap registers tsx inside the worker, then loads worker.ts.
    return new Worker(new URL('./ts-worker-bootstrap.mjs', here), {
      workerData: { ...data, tsEntry: new URL('./pool/worker.ts', here).href },
      ...limits,
    });
  }
  const bundle = new URL(`./${ENGINE_WORKER_BUNDLE_FILE}`, here);
  return new Worker(bundle, { workerData: data, ...limits });
}
