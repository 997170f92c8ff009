/** A request as it crosses to a worker: the caller's input, with an id to match the reply. */
export interface WorkerRequest<I> {
  id: number;
  input: I;
}

/** A worker's reply to one request: its value, or why the work failed. */
export type WorkerReply<O> =
  { id: number; ok: true; value: O } | { id: number; ok: false; error: string };
