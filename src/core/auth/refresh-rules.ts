import { ServiceError, isServiceError } from '../client/errors';
import type { StoredSession } from './stored-session';
import { storedSessionSchema } from './stored-session';

/*
 * The small decisions of the session, apart from its state machine: when a refresh failure
 * is final, what the person is told, how a kept entry is read.
 */

/** "The session has ended: ... (HTTP 400: refresh token revoked (invalid_grant)). Log in again." */
export function endedMessage(error: ServiceError): string {
  const service = error.serviceMessage
    ? `: ${error.serviceMessage}${error.serviceCode ? ` (${error.serviceCode})` : ''}`
    : '';
  const why = error.status !== null ? `HTTP ${error.status}${service}` : error.message;
  return `The session has ended: the service refused to renew the login (${why}). Log in again.`;
}

export function parseStored(text: string): StoredSession | null {
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A refusal that will not change by asking again: the refresh token is no good. */
export function isDefinitiveRejection(error: unknown): error is ServiceError {
  if (!isServiceError(error)) return false;
  if (error.code === 'auth') return true;
  return (
    error.code === 'http' &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Lets one waiter give up on a shared promise without cancelling it for the others. */
export function abandonable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    return Promise.reject(
      new ServiceError({ code: 'aborted', operation: 'renewing the login', cause: signal.reason }),
    );
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () =>
      reject(
        new ServiceError({
          code: 'aborted',
          operation: 'renewing the login',
          cause: signal.reason,
        }),
      );
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
