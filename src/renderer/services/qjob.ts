import type {
  CallInput,
  CallName,
  CallOutput,
  EventName,
  EventPayload,
} from '../../shared/ipc/contract';
import {
  getQjob,
  getShell,
  onTransportStatus,
  type Shell,
  type StatusListener,
  type TransportStatus,
} from './transport';

/**
 * The one module through which the UI does I/O (src/renderer/README.md). Stores call these
 * functions; components never do. Keeping it this thin means a test can swap the transport
 * without touching any store.
 */
export function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  return getQjob().call(name, input);
}

export function on<N extends EventName>(
  name: N,
  listener: (payload: EventPayload<N>) => void,
): () => void {
  return getQjob().on(name, listener);
}

/** Browser mode's socket to the local server, and why it closed (always 'open' in the desktop app). */
export function onTransport(listener: StatusListener): () => void {
  return onTransportStatus(listener);
}

/** Which shell hosts the page, known synchronously (the desktop app's preload or browser mode). */
export function shell(): Shell {
  return getShell();
}

export type { Shell, TransportStatus };
