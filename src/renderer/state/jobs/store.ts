import { describeError } from '../../services/errors';
import { createDomainStore } from '../create-store';
import { createJobsActions } from './actions';
import { initialJobsState } from './initialState';
import { saveView, viewOf } from './persistence';
import type { SavedView } from './persistence';
import type { JobsState } from './initialState';
import { hasFilters } from './job-query';

export const useJobsStore = createDomainStore(initialJobsState, createJobsActions);

/** The selection and open job of the last session, restored once the same profile's list is loaded. */
let restored: Pick<SavedView, 'profileId' | 'selectedId' | 'openId'> | null = null;

/**
 * Selects and opens what the last session had, once its connection's list is loaded (called
 * when a list has loaded, and when the kept view arrives after the list).
 */
export function restoreSelection(profileId: string | null): void {
  const s = useJobsStore.getState();
  if (!restored || profileId === null || restored.profileId !== profileId) return;
  if (s.profileId !== profileId || s.status !== 'ready') return;
  const { openId, selectedId } = restored;
  restored = null;
  // Opening selects the job too: open first, so a row cursor elsewhere is kept.
  if (openId !== null && s.openId === null) s.open(openId);
  if (selectedId !== null) s.select(selectedId);
}

let keeping = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let warned = false;
/** Long enough that typing in the search writes the settings file once per pause. */
const SAVE_AFTER_MS = 800;

/**
 * Puts back the view the settings file kept (null: none yet), then keeps every change there.
 * Nothing is written before: the defaults shown meanwhile must not replace the kept view.
 */
export function restoreView(
  saved: SavedView | null,
  onKeepFailure: (message: string) => void,
): void {
  if (saved) {
    useJobsStore.setState({ filters: saved.filters, sort: saved.sort, tab: saved.tab });
    restored = { profileId: saved.profileId, selectedId: saved.selectedId, openId: saved.openId };
    restoreSelection(useJobsStore.getState().profileId);
  }
  if (keeping) return;
  keeping = true;
  useJobsStore.subscribe(
    (s) => [s.filters, s.sort, s.selectedId, s.openId, s.tab, s.profileId] as const,
    () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () =>
          saveView(viewOf(useJobsStore.getState()), (error) => {
            if (warned) return;
            warned = true;
            onKeepFailure(
              `The job list’s filters and sort apply to this session only: ${describeError(error, 'keep them').detail}`,
            );
          }),
        SAVE_AFTER_MS,
      );
    },
    { equalityFn: (a, b) => a.every((v, i) => v === b[i]) },
  );
}

export * from './initialState';
export { hasErrors, isFinished, truncationNote } from './records';

export const selectHasFilters = (s: JobsState): boolean => hasFilters(s.filters);
