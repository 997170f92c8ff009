import { createDomainStore } from '../create-store';
import { createJobsActions } from './actions';
import { initialJobsState } from './initialState';
import { loadSavedView, saveView } from './persistence';
import type { JobsState } from './initialState';
import { hasFilters } from './job-query';

const saved = loadSavedView();

export const useJobsStore = createDomainStore(
  saved
    ? { ...initialJobsState, filters: saved.filters, sort: saved.sort, tab: saved.tab }
    : initialJobsState,
  createJobsActions,
);

/** The selection and open job of the last session, restored once the same profile's list is loaded. */
export const restoredSelection = saved
  ? { profileId: saved.profileId, selectedId: saved.selectedId, openId: saved.openId }
  : null;

let timer: ReturnType<typeof setTimeout> | null = null;
useJobsStore.subscribe(
  (s) => [s.filters, s.sort, s.selectedId, s.openId, s.tab, s.profileId] as const,
  () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => saveView(useJobsStore.getState()), 300);
  },
  { equalityFn: (a, b) => a.every((v, i) => v === b[i]) },
);

export * from './initialState';
export { hasErrors, isFinished, truncationNote } from './actions';

export const selectHasFilters = (s: JobsState): boolean => hasFilters(s.filters);
