import type { SubmitState } from './initialState';

export const selectHasOutcome = (s: SubmitState): boolean => s.outcome !== null || s.error !== null;
