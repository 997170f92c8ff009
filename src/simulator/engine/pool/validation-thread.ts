import type { Worker } from 'node:worker_threads';
import type { EngineJob, EngineOutcome } from '../types';
import { startEngineThread } from '../engine-thread';
import type { ValidateReply, ValidateRequest } from './worker-protocol';

interface Pending {
  resolve: (outcome: EngineOutcome | null) => void;
  reject: (error: Error) => void;
}

/**
 * The `validating` step on a thread of its own: reading a payload of megabytes takes the better
 * part of a second, and on the server's thread every request of every client would wait for it.
 * One thread, started ahead (`warm`) or on the first validation and restarted after a failure, checks payloads in
 * the order they come (`validateJob`, the same check as on any thread); it is separate from the
 * job workers, so a payload is validated while a 22-qubit run holds them. An idle thread does
 * not keep the process alive.
 */
export class ValidationThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly workerUrl?: URL) {}

  /**
   * Starts the thread ahead of the first payload (a simulator does at its own start), so no job
   * waits in `validating` for a thread to load. Idle, it keeps nothing alive.
   */
  warm(): void {
    if (this.closed || this.worker) return;
    this.start().unref();
  }

  /** `validateJob(job)` on the thread: null when the job is valid, else its failure. */
  validate(job: EngineJob): Promise<EngineOutcome | null> {
    if (this.closed) return Promise.reject(new Error('the validation thread is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, job } satisfies ValidateRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll('the validation thread was closed');
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startEngineThread(this.workerUrl, {
      role: 'validate',
      ...(this.workerUrl ? { workerUrl: this.workerUrl.href } : {}),
    });
    worker.on('message', (reply: ValidateReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(reply.outcome);
    });
    const lost = (reason: string): void => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(`the validation thread stopped: ${reason}`);
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private failAll(message: string): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(new Error(message));
  }
}
