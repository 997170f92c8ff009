import { call } from '../../services/qjob';
import { describeError } from '../../services/errors';
import { useAppStore } from '../app/store';
import { fitDrafts } from './draft-budget';
import { isDirty } from './selectors';
import { useEditorStore } from './store';

/** Long enough to batch a burst of typing, short enough that a crash loses a few seconds at most. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the open tabs as drafts whenever they change (debounced), so a crash or a killed
 * window loses nothing. Returns a function that flushes the pending save and stops.
 */
export function startDraftAutosave(): { flush(): Promise<void>; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastWarning: string | null = null;
  const save = (): Promise<void> => {
    timer = null;
    const { tabs, status, activeId } = useEditorStore.getState();
    if (status !== 'ready') return Promise.resolve();
    // Whether each tab had unsaved changes and which was in front are kept too: a restart
    // brings the tabs back as they were, not all "unsaved" and the first in front.
    const payload = tabs.map((tab) => ({
      id: tab.id,
      title: tab.title,
      text: tab.text,
      path: tab.path,
      ...(tab.jobName ? { jobName: tab.jobName } : {}),
      clean: !isDirty(tab),
      ...(tab.id === activeId ? { active: true } : {}),
    }));
    // Tabs too large to keep are left out before anything is sent, and the person is told once.
    const { kept, warning } = fitDrafts(payload);
    if (warning && warning !== lastWarning) useAppStore.getState().notify('warn', warning);
    lastWarning = warning;
    return call('drafts.save', { tabs: kept }).then(
      () =>
        useEditorStore.setState({ draftsSavedAt: new Date().toISOString(), draftsError: warning }),
      (error: unknown) =>
        useEditorStore.setState({ draftsError: describeError(error, 'autosave drafts').detail }),
    );
  };
  const unsubscribe = useEditorStore.subscribe(
    (s) => [s.tabs, s.activeId] as const,
    () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    },
    { equalityFn: (a, b) => a[0] === b[0] && a[1] === b[1] },
  );
  return {
    /** Saves now if a save is pending; resolves when it is written (or failed and said so). */
    flush() {
      if (!timer) return Promise.resolve();
      clearTimeout(timer);
      return save();
    },
    stop() {
      if (timer) clearTimeout(timer);
      unsubscribe();
    },
  };
}
