/// <reference lib="webworker" />
import type { WorkerReply, WorkerRequest } from './protocol';

/**
 * The worker's side of client.ts: answers each request with `work(input)`, or with the error it
 * threw. `transferOf` names buffers of the value to move rather than copy (it may repack the
 * value to do so; it runs before the reply is sent).
 */
export function serveRequests<I, O>(
  work: (input: I) => O,
  transferOf: (value: O) => Transferable[] = () => [],
): void {
  const scope = self as unknown as DedicatedWorkerGlobalScope;
  scope.onmessage = (event: MessageEvent<WorkerRequest<I>>) => {
    const { id, input } = event.data;
    let reply: WorkerReply<O>;
    let transfer: Transferable[] = [];
    try {
      const value = work(input);
      transfer = transferOf(value);
      reply = { id, ok: true, value };
    } catch (error) {
      reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage(reply, transfer);
  };
}
