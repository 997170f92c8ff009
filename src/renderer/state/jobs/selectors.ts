import type { JobsState } from './initialState';
import { hasFilters } from '../../features/job-monitor/job-query';

export const selectHasFilters = (s: JobsState): boolean => hasFilters(s.filters);
