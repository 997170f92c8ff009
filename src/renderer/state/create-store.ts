import { create } from 'zustand';
import { subscribeWithSelector } from 'zustand/middleware';

/** Replace part of a domain's state (zustand merges shallowly). */
export type SetState<S> = (partial: Partial<S> | ((state: S) => Partial<S>)) => void;

/**
 * Every domain store is built here so middleware is applied once, the same way, for all of them
 * (one store per domain, src/renderer/README.md). `subscribeWithSelector` lets side effects such as draft
 * autosave and marker publishing follow one slice of state without re-rendering anything.
 */
export function createDomainStore<S extends object, A extends object>(
  initialState: S,
  actions: (set: SetState<S>, get: () => S & A) => A,
) {
  return create<S & A>()(
    subscribeWithSelector((set, get) => ({
      ...initialState,
      ...actions(set as SetState<S>, get),
    })),
  );
}
