import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { abortError } from '../work';
import type { EngineJob, EngineOutcome, EngineProgress } from '../types';
import { startEngineThread } from '../engine-thread';
import type { FromWorker, ToWorker } from './worker-protocol';

export interface EnginePoolOptions {
  /** Worker threads; default: one less than the cores, at least 1. */
  size?: number;
  /**
   * Where the compiled worker is. Default: `./engine-worker.js` next to this module when it runs
   * as JavaScript, or the TypeScript sources (through tsx) when it runs as TypeScript.
   */
  workerUrl?: URL;
  /**
   * Threads one job's circuit may use, its worker's own included (the others share the state
   * in a SharedArrayBuffer). Default: the machine's cores (`os.availableParallelism()`).
   */
  circuitThreads?: number;
}

interface Task {
  id: number;
  job: EngineJob;
  onProgress?: (p: EngineProgress) => void;
  signal?: AbortSignal;
  resolve: (o: EngineOutcome) => void;
  reject: (e: Error) => void;
  detach: () => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/**
 * Runs engine jobs on worker threads so a 22-qubit simulation never blocks the HTTP server's
 * event loop. Jobs queue when all workers are busy. Aborting a running job terminates its
 * worker (synchronous physics cannot be interrupted otherwise) and a fresh one replaces it.
 */
export class EnginePool {
  private readonly size: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EnginePoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
  }

  run(
    job: EngineJob,
    onProgress?: (p: EngineProgress) => void,
    signal?: AbortSignal,
  ): Promise<EngineOutcome> {
    if (this.closed) return Promise.reject(new Error('the engine pool is closed'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<EngineOutcome>((resolve, reject) => {
      const task: Task = {
        id: this.nextId++,
        job,
        onProgress,
        signal,
        resolve,
        reject,
        detach: () => {},
      };
      if (signal) {
        const onAbort = (): void => this.abort(task);
        signal.addEventListener('abort', onAbort, { once: true });
        task.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Terminate all workers; queued and running jobs reject. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      this.settle(task, new Error('the engine pool was closed'));
    const slots = [...this.slots];
    this.slots.clear();
    for (const slot of slots)
      if (slot.task) this.settle(slot.task, new Error('the engine pool was closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.spawn();
      }
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ type: 'run', id: task.id, job: task.job } satisfies ToWorker);
    }
  }

  private spawn(): Slot {
    const { workerUrl, circuitThreads } = this.options;
    const worker = startEngineThread(workerUrl, {
      role: 'job',
      ...(workerUrl ? { workerUrl: workerUrl.href } : {}),
      ...(circuitThreads ? { circuitThreads } : {}),
    });
    const slot: Slot = { worker, task: null };
    this.slots.add(slot);
    worker.on('message', (msg: FromWorker) => {
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      if (msg.type === 'progress') {
        task.onProgress?.(msg.progress);
        return;
      }
      slot.task = null;
      // An idle worker must not keep the process (a CLI, a test run) alive.
      worker.unref();
      this.settle(task, msg.outcome);
      this.dispatch();
    });
    const lost = (reason: string): void => {
      if (!this.slots.delete(slot)) return;
      const task = slot.task;
      slot.task = null;
      if (task) {
        this.settle(task, {
          ok: false,
          error: `simulator worker failed: ${reason}`,
          errorLogs: `error: the simulator's worker thread stopped while running this job: ${reason}\n  hint:     very wide states need 2^n·16 bytes per copy; use fewer qubits`,
        });
      }
      this.dispatch();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    return slot;
  }

  private abort(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
    } else {
      const slot = [...this.slots].find((s) => s.task === task);
      if (!slot) return;
      this.slots.delete(slot);
      slot.task = null;
      void slot.worker.terminate();
    }
    this.settle(task, abortError(task.signal));
    this.dispatch();
  }

  private settle(task: Task, outcome: EngineOutcome | Error): void {
    task.detach();
    if (outcome instanceof Error) task.reject(outcome);
    else task.resolve(outcome);
  }
}
