import type { JobsState } from './initialState';
import { hasFilters } from './job-query';

export const selectHasFilters = (s: JobsState): boolean => hasFilters(s.filters);
