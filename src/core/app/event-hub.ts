import type { EventName, EventPayload } from '../../shared/ipc/contract';

type AnyListener = (name: EventName, payload: unknown) => void;

/**
 * The core's events, typed by the contract. Transports subscribe with `onAny` and forward
 * everything; a listener that throws is logged by the caller's `onError`, never breaks the others.
 */
export interface EventHub {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void;
  onAny(listener: AnyListener): () => void;
}

export function createEventHub(onError: (error: unknown) => void = () => undefined): EventHub {
  const any = new Set<AnyListener>();
  return {
    emit(name, payload) {
      for (const listener of [...any]) {
        try {
          listener(name, payload);
        } catch (error) {
          onError(error);
        }
      }
    },
    on(name, listener) {
      const wrapped: AnyListener = (n, payload) => {
        if (n === name) listener(payload as EventPayload<typeof name>);
      };
      any.add(wrapped);
      return () => any.delete(wrapped);
    },
    onAny(listener) {
      any.add(listener);
      return () => any.delete(listener);
    },
  };
}
