import type { z } from 'zod';
import type { CallOutput } from '../../../shared/ipc/contract';
import type {
  cacheStatusSchema,
  jobInfoViewSchema,
  StoreReason,
  timelineEntrySchema,
} from '../../../shared/ipc/schemas';
import type { LogProgress } from '../../../shared/jobs/log-progress';
import type { JobStatus } from '../../../shared/variants';
import type { JobFilters, JobSort } from './job-query';
import { DEFAULT_SORT, NO_FILTERS } from './job-query';

export type JobRecord = z.infer<typeof jobInfoViewSchema>;
export type JobDetailView = CallOutput<'jobs.get'>;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export type CacheStatus = z.infer<typeof cacheStatusSchema>;
export type { JobFilters, JobSort };

export type DetailTab = 'summary' | 'payload' | 'result' | 'logs' | 'errors';

export interface DetailEntry {
  status: 'loading' | 'ready' | 'error';
  view: JobDetailView | null;
  error: string | null;
  /** The error's code when it crossed the contract (`not-found`, `service.http`, ...). */
  code: string | null;
  /** A quiet reload (a running job's logs) is under way; the shown detail stays. */
  reloading: boolean;
}

export interface JobsState {
  /** The profile the list belongs to; a switch empties it. */
  profileId: string | null;
  records: JobRecord[];
  /** 'loading' shows skeleton rows until the first answer (from the store or the service). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  refreshing: boolean;
  error: string | null;
  fetchedAt: string | null;
  fromCache: boolean;
  /** Why the list comes from the local store (service unreachable, not logged in). */
  offline: string | null;
  /** Which of the two: only 'unreachable' is offline. */
  storeReason: StoreReason | null;
  cache: CacheStatus | null;
  filters: JobFilters;
  sort: JobSort;
  /** The row cursor (arrow keys move it, Enter opens it). */
  selectedId: number | null;
  /** The job whose detail is shown. */
  openId: number | null;
  tab: DetailTab;
  details: Record<number, DetailEntry>;
  timelines: Record<number, TimelineEntry[]>;
  /**
   * What running jobs' own logs last said of their progress (null: the log states none), read
   * from the open job's detail and from lookups of the running rows on screen: the one source
   * of progress for a job's row and its detail.
   */
  logProgress: Record<number, LogProgress | null>;
  /** Live status changes seen in this session: job id -> the status before, for a highlight. */
  changed: Record<number, { from: JobStatus | null; at: number }>;
  /** The job picked for Compare with the open one, and the view of it. */
  compareWith: number | null;
  /** The job whose cancelling is being confirmed. */
  cancelAsk: number | null;
}

export const initialJobsState: JobsState = {
  profileId: null,
  records: [],
  status: 'idle',
  refreshing: false,
  error: null,
  fetchedAt: null,
  fromCache: false,
  offline: null,
  storeReason: null,
  cache: null,
  filters: NO_FILTERS,
  sort: DEFAULT_SORT,
  selectedId: null,
  openId: null,
  tab: 'summary',
  details: {},
  timelines: {},
  logProgress: {},
  changed: {},
  compareWith: null,
  cancelAsk: null,
};
