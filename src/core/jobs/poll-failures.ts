import { ServiceError, isServiceError } from '../client/errors';
import { backoffDelay } from '../client/retry';
import type { PollCadence } from './cadence';

/*
 * How the poller (poller.ts) tells what a failure means: the service out of reach (the whole
 * tick waits, backing off), one job gone for good, or one job that is looked at again later.
 */

export function isAborted(error: unknown): boolean {
  return isServiceError(error) && error.code === 'aborted';
}

/** Failures that say nothing about one job but about reaching the service at all. */
export function isConnectionProblem(error: unknown): boolean {
  if (!isServiceError(error)) return false;
  if (error.code === 'network' || error.code === 'timeout') return true;
  return (
    error.code === 'http' && error.status !== null && (error.status >= 500 || error.status === 429)
  );
}

/** A failure of watching one job, as a ServiceError (a thrown non-ServiceError is a decode one). */
export function watchError(jobId: number, error: unknown): ServiceError {
  return isServiceError(error)
    ? error
    : new ServiceError({
        code: 'decode',
        operation: `watching job ${jobId}`,
        detail: String(error),
        cause: error,
      });
}

/** No such job (or an id that cannot be one): looking again will not change that. */
export function jobGone(error: ServiceError): boolean {
  return (
    error.code === 'invalid-request' ||
    (error.code === 'http' && (error.status === 404 || error.status === 410))
  );
}

/**
 * How long to wait after the `failures`-th failure in a row to reach the service: a backoff, and
 * not sooner than the service asked for (Retry-After), within reason.
 */
export function reconnectDelay(
  failures: number,
  error: unknown,
  cadence: PollCadence,
  random: () => number,
): number {
  const backoff = backoffDelay(
    failures,
    { baseDelayMs: cadence.backoffBaseMs, maxDelayMs: cadence.maxBackoffMs },
    random,
  );
  const asked = isServiceError(error) ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(backoff, Math.min(asked, cadence.maxRetryAfterMs));
}
