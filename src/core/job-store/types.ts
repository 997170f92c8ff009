import type { z } from 'zod';
import type { AnnotationStore } from '../annotations/types';
import type { fieldProblemSchema } from '../../shared/ipc/schemas';
import type { JobDetail, JobInfo, JobStatus } from '../../shared/variants';

/** A decode problem of a detail field as the contract carries it (raw text kept for support). */
export type CachedProblem = z.infer<typeof fieldProblemSchema>;

/** Where an observed status came from: the job list, a single-job lookup, or the job watcher. */
export const OBSERVATION_SOURCES = ['list', 'lookup', 'watch', 'detail'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/** One status this app saw a job in, and when (the job's timeline as far as we know it). */
export interface TimelineEntry {
  status: JobStatus;
  /** ISO 8601 UTC. */
  at: string;
  source: ObservationSource;
  /**
   * Set when the service reported a status that would have moved the job back (completed, then
   * running): a service anomaly, recorded here but not taken; the job stayed `kept`.
   */
  anomaly?: { kept: JobStatus };
}

export interface CachedDetail {
  detail: JobDetail;
  problems: CachedProblem[];
  /** ISO 8601: when the service sent it. */
  fetchedAt: string;
}

/** A status that differs from what the store knew (for the timeline and the job watcher). */
export interface StatusChange {
  id: number;
  from: JobStatus | null;
  to: JobStatus;
}

/** Whether the store survives a restart, and why not when it does not. */
export interface CacheStatus {
  persistent: boolean;
  /** Null when all is well; otherwise a sentence for people (shown in the monitor). */
  message: string | null;
  file: string | null;
}

/**
 * The local store of job records, fetched details and status timelines, per profile key (see
 * `profileCacheKey`). A cache: the service stays the truth; every answer from it is written
 * here and overwrites what was kept.
 */
export interface JobCache {
  readonly status: CacheStatus;
  /** Tags, notes and submissions, kept beside the records (in the same file when persistent). */
  readonly annotations: AnnotationStore;
  /** Every record kept for the profile, newest id first, with the best status and job type known. */
  listRecords(profile: string): JobInfo[];
  getRecord(profile: string, id: number): JobInfo | null;
  /** Writes records the service returned; returns the statuses that changed (new jobs included). */
  upsertRecords(
    profile: string,
    records: readonly JobInfo[],
    at: string,
    source: ObservationSource,
  ): StatusChange[];
  /**
   * Writes the service's job list (as `upsertRecords` with source 'list') and returns what
   * `listRecords` would then return: every record kept, the service's over the others.
   */
  mergeList(
    profile: string,
    records: readonly JobInfo[],
    at: string,
  ): { jobs: JobInfo[]; changes: StatusChange[] };
  /** Keeps a full detail (payload, result, logs, errors) and refreshes its record. */
  putDetail(profile: string, value: CachedDetail, source: ObservationSource): StatusChange | null;
  getDetail(profile: string, id: number): CachedDetail | null;
  /** A status seen by the job watcher: timeline and record. */
  observe(
    profile: string,
    id: number,
    status: JobStatus,
    at: string,
    source: ObservationSource,
  ): boolean;
  timeline(profile: string, id: number): TimelineEntry[];
  close(): void;
}
