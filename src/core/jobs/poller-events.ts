import type { JobDetail, JobInfo, JobStatus } from '../../shared/variants';
import type { TruncatedField, WireDecodeError } from '../../shared/wire';
import type { ServiceError } from '../client/errors';

/* What the job poller (poller.ts) tells its listeners. */

export interface JobStatusEvent {
  jobId: number;
  /** Null the first time the job is seen. */
  from: JobStatus | null;
  to: JobStatus;
  /** ISO 8601: when the change was observed. */
  at: string;
  info: JobInfo;
}

export interface JobDetailEvent {
  jobId: number;
  status: JobStatus | null;
  detail: JobDetail;
  problems: WireDecodeError[];
  /** Text parts kept cut because they were larger than the client keeps (a huge log). */
  truncated?: TruncatedField[];
}

export type ConnectionState = 'online' | 'reconnecting';

export interface ConnectionEvent {
  state: ConnectionState;
  /** ISO 8601: the next attempt, while reconnecting. */
  retryAt: string | null;
  /** Failed ticks in a row. */
  attempt: number;
  message: string | null;
}

export interface JobFailureEvent {
  jobId: number;
  error: ServiceError;
  /** True when the job is no longer watched (it does not exist). */
  final: boolean;
}

/**
 * A followed job's record and logs, from a lookup of those alone at the job's cadence; sent when
 * they changed since the last one (the first lookup after a follow is always sent).
 */
export interface JobLiveEvent {
  jobId: number;
  /** The status the poller holds (statuses only move forward), in `detail` too where known. */
  status: JobStatus | null;
  detail: JobDetail;
  problems: WireDecodeError[];
  truncated?: TruncatedField[];
  /** ISO 8601: when the lookup answered. */
  at: string;
}

export interface JobPollerEvents {
  status: [JobStatusEvent];
  /** A followed job's record and logs changed (follow()). */
  live: [JobLiveEvent];
  /** The full detail, fetched once after the job reached a terminal status. */
  detail: [JobDetailEvent];
  connection: [ConnectionEvent];
  failure: [JobFailureEvent];
}
