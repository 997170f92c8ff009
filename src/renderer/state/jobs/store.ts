import { createDomainStore } from '../create-store';
import { createJobsActions } from './actions';
import { initialJobsState } from './initialState';
import { createViewKeeping } from './view-keeping';
import type { JobsState } from './initialState';
import { hasFilters } from './job-query';

export const useJobsStore = createDomainStore(initialJobsState, createJobsActions);

/**
 * The monitor's view kept in the settings file and put back at start (`view-keeping.ts`, which
 * owns its bookkeeping): made once, for this store.
 */
export const { restoreView, restoreSelection } = createViewKeeping(useJobsStore);

export * from './initialState';
export { hasErrors, isFinished, truncationNote } from './records';

export const selectHasFilters = (s: JobsState): boolean => hasFilters(s.filters);
