import type { JobStatus } from '../../shared/variants';

/** How often a watched job is looked at, by what it is doing. */
export interface PollCadence {
  /** While running: results may come any moment. */
  runningMs: number;
  /** While pending, validating or queued (or status unknown): nothing to see for a while. */
  waitingMs: number;
  /** Cap of the back-off while the service cannot be reached. */
  maxBackoffMs: number;
  /** First back-off delay; doubles per failed tick. */
  backoffBaseMs: number;
  /**
   * A service that says when to come back (Retry-After on a 503 or 429) is not asked sooner,
   * up to this long: past it the watcher looks again anyway.
   */
  maxRetryAfterMs: number;
  /**
   * For jobs whose records carry no status (Variant A): how often a lookup also asks for the
   * `error` text, since a service may fail a job without setting `completed_at`. Slower than
   * polling because the error text can be long.
   */
  errorCheckMs: number;
  /**
   * Status-less records only: error-text lookups across all watched jobs are spread so that no
   * more than this many are made per second; with many jobs each is checked less often than
   * `errorCheckMs`.
   */
  errorChecksPerSecond: number;
  /**
   * Where job records may lack a status (Variant A) each job is looked up by id; once more than
   * this many are due at once, one `GET /jobs` serves them instead (its records carry
   * `completed_at` and any status), so the requests no longer grow with the jobs watched.
   */
  listAbove: number;
}

export const DEFAULT_CADENCE: Readonly<PollCadence> = Object.freeze({
  runningMs: 1_000,
  waitingMs: 3_000,
  maxBackoffMs: 30_000,
  backoffBaseMs: 1_000,
  maxRetryAfterMs: 600_000,
  errorCheckMs: 30_000,
  errorChecksPerSecond: 5,
  listAbove: 8,
});

export function resolveCadence(override: Partial<PollCadence> = {}): PollCadence {
  const pick = (key: keyof PollCadence, min: number) => {
    const value = override[key];
    return value === undefined || !Number.isFinite(value)
      ? DEFAULT_CADENCE[key]
      : Math.max(min, value);
  };
  return {
    runningMs: pick('runningMs', 50),
    waitingMs: pick('waitingMs', 50),
    maxBackoffMs: pick('maxBackoffMs', 50),
    backoffBaseMs: pick('backoffBaseMs', 10),
    maxRetryAfterMs: pick('maxRetryAfterMs', 0),
    errorCheckMs: pick('errorCheckMs', 50),
    errorChecksPerSecond: pick('errorChecksPerSecond', 0.01),
    listAbove: pick('listAbove', 0),
  };
}

export function intervalFor(status: JobStatus | null | undefined, cadence: PollCadence): number {
  return status === 'running' ? cadence.runningMs : cadence.waitingMs;
}

/**
 * How long a status-less job waits between error-text lookups: `errorCheckMs`, stretched so the
 * checks for all `statuslessJobs` stay within `errorChecksPerSecond`.
 */
export function errorCheckInterval(statuslessJobs: number, cadence: PollCadence): number {
  return Math.max(cadence.errorCheckMs, (statuslessJobs * 1000) / cadence.errorChecksPerSecond);
}
