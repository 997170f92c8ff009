import { NO_CANCEL_REASON, cancelPathOf } from '../../shared/jobs/cancel-support';
import { WatchLimitError } from '../jobs/watch-limits';
import type { Logger } from '../logging/logger';
import type { ActiveConnection } from './active-connection';
import { unsupported } from '../errors/app-error';

/**
 * Cancelling a job. The service's documented interface has no cancellation: the built-in
 * simulator profiles cancel at the simulator's own endpoint, another profile only when it names
 * a cancel endpoint (src/shared/jobs/cancel-support.ts). The job is watched afterwards so its
 * `cancelled` status arrives as an event like any other.
 */
export async function cancelJob(
  connection: ActiveConnection,
  id: number,
  log: Logger,
): Promise<void> {
  if (cancelPathOf(connection.profile) === null) {
    throw unsupported('Cancelling a job', NO_CANCEL_REASON);
  }
  connection.requireLogin();
  await connection.client.cancelJob(id);
  log.info('job cancel requested', { profile: connection.profile.id, jobId: id });
  try {
    connection.poller.watch(id);
  } catch (error) {
    // The cancel was sent: a full watch list must not report it as failed.
    if (!(error instanceof WatchLimitError)) throw error;
    log.warn('a cancelled job is not watched', { jobId: id, error: error.message });
  }
}
