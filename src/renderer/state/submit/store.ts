import { createDomainStore } from '../create-store';
import { createSubmitActions } from './actions';
import { initialSubmitState } from './initialState';
import { submitKey } from './initialState';
import type { SubmitResult, SubmitState } from './initialState';

export const useSubmitStore = createDomainStore(initialSubmitState, createSubmitActions);
export * from './initialState';

const NOTHING: SubmitResult = { outcome: null, error: null };

/**
 * The last submit's outcome or failure of this tab to this connection: another tab's is not
 * news here, and another connection's job id would open a different job on this one.
 */
export const selectOutcomeFor =
  (tabId: string | null, profileId: string | null) =>
  (s: SubmitState): SubmitResult =>
    (tabId !== null && profileId !== null && s.results[submitKey(tabId, profileId)]) || NOTHING;
