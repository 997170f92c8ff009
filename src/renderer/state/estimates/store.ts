import type { CallOutput } from '../../../shared/ipc/contract';
import { call } from '../../services/qjob';
import { createDomainStore } from '../create-store';

export type EstimatesView = CallOutput<'estimates.get'>;

interface EstimatesState {
  /** The duration model and running jobs' start times; null until first read or without a login. */
  view: EstimatesView | null;
}

/** Asked again at most this often while jobs change status (the core's answer is cheap, not free). */
const REFRESH_AFTER_MS = 1_500;

/**
 * What the estimates of when jobs end rest on (src/shared/estimates), read from the core. It is
 * read again shortly after job statuses change: a job that ended adds to the model, one that
 * began to run gets its start time.
 */
export const useEstimatesStore = createDomainStore<
  EstimatesState,
  { load(): Promise<void>; refreshSoon(): void; reset(): void }
>({ view: null }, (set, get) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    async load() {
      try {
        set({ view: await call('estimates.get', {}) });
      } catch {
        // No connection or no login yet: no estimates, and the views say nothing about them.
        set({ view: null });
      }
    },
    refreshSoon() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void get().load();
      }, REFRESH_AFTER_MS);
    },
    reset() {
      set({ view: null });
    },
  };
});
