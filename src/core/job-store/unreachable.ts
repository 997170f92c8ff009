import { isServiceError } from '../client/errors';

/**
 * Failures that say the service cannot be reached at all (rather than refusing this request):
 * the moments to answer from the local store. Auth and decode failures are not among them; they
 * must be seen, not papered over with old data.
 */
export function isUnreachable(error: unknown): boolean {
  if (!isServiceError(error)) return false;
  if (error.code === 'network' || error.code === 'timeout') return true;
  return (
    error.code === 'http' && error.status !== null && (error.status >= 500 || error.status === 429)
  );
}
