import type { WorkerReply, WorkerRequest } from './protocol';

export interface WorkerClient<I, O> {
  /**
   * Sends one input to the worker (started on first use). Null when there is no worker to send
   * it to (it could not start, or it broke): the caller then does the work on the main thread.
   * The promise rejects with the worker's error when the work failed there, and with
   * "… worker stopped" when the worker itself broke (`failed` is then true).
   */
  request(input: I): Promise<O> | null;
  /** The worker broke or never started; it is not started again. */
  readonly failed: boolean;
}

export interface WorkerClientOptions<O> {
  /** What the worker does, for the console ("payload analysis", "result decoding"). */
  name: string;
  /** Starts the worker: a Vite `?worker` import's constructor. */
  start(): Worker;
  /** Turns what crossed over into what callers get (e.g. unpacks transferred buffers). */
  receive?(value: O): O;
}

/**
 * The page's side of a worker that answers requests (serve.ts is the worker's side): one
 * worker per client, started on first use, replies matched to their requests by id. A worker
 * that breaks is stopped for good and every request still waiting is rejected, so callers can
 * fall back to the main thread and nothing silently stops.
 */
export function createWorkerClient<I, O>(options: WorkerClientOptions<O>): WorkerClient<I, O> {
  let worker: Worker | null = null;
  let failed = false;
  let nextId = 1;
  const pending = new Map<number, { resolve(value: O): void; reject(e: Error): void }>();

  function stop(): void {
    failed = true;
    worker?.terminate();
    worker = null;
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(new Error(`the ${options.name} worker stopped`));
    }
  }

  function started(): Worker | null {
    if (worker || failed) return worker;
    try {
      worker = options.start();
      worker.onmessage = (event: MessageEvent<WorkerReply<O>>) => {
        const reply = event.data;
        const entry = pending.get(reply.id);
        if (!entry) return;
        pending.delete(reply.id);
        if (reply.ok) entry.resolve(options.receive ? options.receive(reply.value) : reply.value);
        else entry.reject(new Error(reply.error));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        console.error(
          `${options.name} worker failed; continuing on the main thread`,
          event.message,
        );
        stop();
      };
    } catch (error) {
      console.error(`${options.name} worker could not start`, error);
      failed = true;
      worker = null;
    }
    return worker;
  }

  return {
    request(input) {
      const w = started();
      if (!w) return null;
      const id = nextId++;
      const request: WorkerRequest<I> = { id, input };
      return new Promise<O>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage(request);
      });
    },
    get failed() {
      return failed;
    },
  };
}
