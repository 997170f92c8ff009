import type { SetState } from '../create-store';
import { createJobsBookkeeping } from './bookkeeping';
import { createDetailActions } from './detail-actions';
import type { JobsDetailActions } from './detail-actions';
import { createFillActions } from './fill-actions';
import type { JobsFillActions } from './fill-actions';
import type { JobsState } from './initialState';
import { createListActions } from './list-actions';
import type { JobsListActions } from './list-actions';

export type JobsActions = JobsListActions & JobsDetailActions & JobsFillActions;

/**
 * The jobs store's actions, in three parts: the list (`list-actions.ts`), the open job's detail
 * (`detail-actions.ts`) and the lookups that fill what rows lack (`fill-actions.ts`). They share
 * the store's bookkeeping (`bookkeeping.ts`), made here, once per store.
 */
export const createJobsActions = (
  set: SetState<JobsState>,
  get: () => JobsState & JobsActions,
): JobsActions => {
  const parts = { set, get, book: createJobsBookkeeping() };
  return {
    ...createListActions(parts),
    ...createDetailActions(parts),
    ...createFillActions(parts),
  };
};
