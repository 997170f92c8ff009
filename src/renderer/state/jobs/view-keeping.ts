import { describeError } from '../../services/errors';
import type { JobsActions } from './actions';
import type { JobsState } from './initialState';
import { saveView, viewOf } from './persistence';
import type { SavedView } from './persistence';

/** Long enough that typing in the search writes the settings file once per pause. */
const SAVE_AFTER_MS = 800;

/** What a view keeping works on: the jobs store (its hook's static API). */
export interface KeptStore {
  getState(): JobsState & JobsActions;
  setState(partial: Partial<JobsState>): void;
  subscribe<T>(
    selector: (s: JobsState & JobsActions) => T,
    listener: (value: T, previous: T) => void,
    options: { equalityFn: (a: T, b: T) => boolean },
  ): () => void;
}

export interface ViewKeeping {
  /**
   * Puts back the view the settings file kept (null: none yet), then keeps every change there.
   * Nothing is written before: the defaults shown meanwhile must not replace the kept view.
   */
  restoreView(saved: SavedView | null, onKeepFailure: (message: string) => void): void;
  /**
   * Selects and opens what the last session had, once its connection's list is loaded (called
   * when a list has loaded, and when the kept view arrives after the list).
   */
  restoreSelection(profileId: string | null): void;
}

/**
 * How the job monitor's view is kept in the settings file and put back at the next start. Its
 * bookkeeping (the selection still to restore, the pending save, whether a failure was said) is
 * made here, once per store (`store.ts`), and read or written by nothing else.
 */
export function createViewKeeping(store: KeptStore): ViewKeeping {
  /** The selection and open job of the last session, restored once the same profile's list is loaded. */
  let restored: Pick<SavedView, 'profileId' | 'selectedId' | 'openId'> | null = null;
  let keeping = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let warned = false;

  const restoreSelection = (profileId: string | null): void => {
    const s = store.getState();
    if (!restored || profileId === null || restored.profileId !== profileId) return;
    if (s.profileId !== profileId || s.status !== 'ready') return;
    const { openId, selectedId } = restored;
    restored = null;
    // Opening selects the job too: open first, so a row cursor elsewhere is kept.
    if (openId !== null && s.openId === null) s.open(openId);
    if (selectedId !== null) s.select(selectedId);
  };

  const restoreView = (saved: SavedView | null, onKeepFailure: (message: string) => void): void => {
    if (saved) {
      store.setState({ filters: saved.filters, sort: saved.sort, tab: saved.tab });
      restored = { profileId: saved.profileId, selectedId: saved.selectedId, openId: saved.openId };
      restoreSelection(store.getState().profileId);
    }
    if (keeping) return;
    keeping = true;
    store.subscribe(
      (s) => [s.filters, s.sort, s.selectedId, s.openId, s.tab, s.profileId] as const,
      () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(
          () =>
            saveView(viewOf(store.getState()), (error) => {
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
  };

  return { restoreView, restoreSelection };
}
