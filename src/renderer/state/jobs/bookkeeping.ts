import type { SetState } from '../create-store';
import type { DetailTab, JobRecord, JobsState } from './initialState';
import type { JobsActions } from './actions';

/**
 * What the jobs store keeps beside its state: never rendered, so kept out of it (a change here
 * must not re-render the table), and owned by one store, which makes it in `createJobsActions`
 * and hands it to its three parts (list, detail, fill). Nothing else reads or writes it.
 */
export interface JobsBookkeeping {
  /** Row positions by id, rebuilt whenever the records array is replaced (100,000 rows: one pass). */
  positions: Map<number, number>;
  /** Status and job-type lookups for rows: waiting, asked now, and how many are under way. */
  fillQueue: { id: number; jobType: boolean }[];
  filling: Set<number>;
  /** Jobs whose type was looked up in this list: a service that does not say it is not asked again. */
  typeAsked: Set<number>;
  fillRunning: number;
  /** Progress lookups for running jobs' rows: waiting, asked now, and how many are under way. */
  progressQueue: number[];
  progressAsked: Set<number>;
  progressRunning: number;
  /** A job the list has not seen changed status: the list is fetched once things settle. */
  refreshTimer: ReturnType<typeof setTimeout> | null;
  /** Quiet reloads under way, by job id: a status event and a live event share one. */
  quietLoads: Map<number, Promise<void>>;
  /** Jobs the core follows for this page (followLive): their logs arrive as `jobs.live` events. */
  following: Set<number>;
  /**
   * Jobs just opened whose tab is picked once their detail has arrived, with the tab shown when
   * they were opened (a tab the person picks meanwhile is left alone).
   */
  opening: Map<number, DetailTab>;
}

export function createJobsBookkeeping(): JobsBookkeeping {
  return {
    positions: new Map(),
    fillQueue: [],
    filling: new Set(),
    typeAsked: new Set(),
    fillRunning: 0,
    progressQueue: [],
    progressAsked: new Set(),
    progressRunning: 0,
    refreshTimer: null,
    quietLoads: new Map(),
    following: new Set(),
    opening: new Map(),
  };
}

/** What each part of the jobs store's actions is built from. */
export interface JobsStoreParts {
  set: SetState<JobsState>;
  get: () => JobsState & JobsActions;
  book: JobsBookkeeping;
}

/** The records as the new list, with their positions indexed. */
export function indexed(book: JobsBookkeeping, records: JobRecord[]): JobRecord[] {
  book.positions = new Map(records.map((r, i) => [r.id, i]));
  return records;
}
