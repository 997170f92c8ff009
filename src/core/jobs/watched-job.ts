import type { JobInfo, JobStatus } from '../../shared/variants';
import { isTerminalStatus, movesBack } from '../../shared/variants';
import type { WireDecodeError } from '../../shared/wire';
import type { Logger } from '../logging/logger';
import { isAborted, isConnectionProblem } from './poll-failures';

/** One job the poller (poller.ts) watches: what it knows of it, and when to look again. */
export interface Watched {
  id: number;
  status: JobStatus | null;
  /** Terminal seen; only the full detail is still to fetch. */
  finishing: boolean;
  dueAt: number;
  inFlight: boolean;
  /** The last record had no status: only `completed_at` or an error text says it ended. */
  statusless: boolean;
  /** When a lookup last asked for the error text (status-less jobs only). */
  errorCheckedAt: number;
  /** The last status the service reported that would have moved the job back (logged once). */
  backwardSeen: JobStatus | null;
}

/** A job just watched: due at `now`, nothing known of it yet. */
export function watchedJob(id: number, now: number): Watched {
  return {
    id,
    status: null,
    finishing: false,
    dueAt: now,
    inFlight: false,
    statusless: false,
    // Never checked: the first look after a status-less record asks at once.
    errorCheckedAt: Number.NEGATIVE_INFINITY,
    backwardSeen: null,
  };
}

/** An error text arrived (even one that could not be decoded): the job failed. */
export function recordSaysFailed(
  detail: { readonly error?: unknown },
  problems: readonly WireDecodeError[],
): boolean {
  return hasText(detail.error) || problems.some((p) => p.field === 'error' && hasText(p.raw));
}

/**
 * Whether a record says the job ended: its status, or without one (job records of a variant that
 * need not carry it) a completion time or an error text, the only signs then. The status stays
 * unknown (null): the detail fetched next carries the error for whoever reads it; nothing
 * invents 'error'.
 */
export function recordSaysEnded(
  status: JobStatus | null,
  info: Pick<JobInfo, 'completed_at'>,
  failed: boolean,
): boolean {
  return status !== null ? isTerminalStatus(status) : info.completed_at != null || failed;
}

/**
 * Whether a record's status would move the job back. Statuses only move forward: a service that
 * says running of a job it called completed (or queued of a running one) is not believed; the job
 * keeps its status, and this is logged once per such status. The job store notes the anomaly on
 * the job's timeline when the record reaches it.
 */
export function movedBack(job: Watched, reported: JobStatus | null, logger: Logger): boolean {
  if (!movesBack(job.status, reported)) return false;
  if (job.backwardSeen === reported) return true;
  job.backwardSeen = reported;
  logger.warn(
    `job ${job.id}: the service reported ${reported} after ${job.status}; the job stays ${job.status} (statuses only move forward)`,
  );
  return true;
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Runs per-job work, at most `concurrency` at a time, each job marked in flight meanwhile. A
 * connection-level failure aborts the run (thrown once the jobs under way are done); a failure
 * that belongs to one job goes to `failed` for that job and the rest go on.
 */
export async function runLimited(
  jobs: readonly Watched[],
  concurrency: number,
  work: (job: Watched) => Promise<void>,
  failed: (job: Watched, error: unknown) => void,
): Promise<void> {
  const queue = [...jobs];
  let connectionError: unknown = null;
  const worker = async () => {
    for (let job = queue.shift(); job && connectionError === null; job = queue.shift()) {
      job.inFlight = true;
      try {
        await work(job);
      } catch (error) {
        if (isConnectionProblem(error) || isAborted(error)) connectionError = error;
        else failed(job, error);
      } finally {
        job.inFlight = false;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  if (connectionError !== null) throw connectionError;
}
