import type { SubmitState } from './initialState';

/** The last submit's outcome or failure, when it came from this tab (another tab's is not news here). */
export const selectOutcomeFor =
  (tabId: string | null) =>
  (s: SubmitState): Pick<SubmitState, 'outcome' | 'error'> => ({
    outcome: s.outcome && s.outcome.tabId === tabId ? s.outcome : null,
    error: s.error && s.error.tabId === tabId ? s.error : null,
  });
