import { parseServiceError } from '../../shared/wire';
import { endpointUrl, jobPath } from '../client/endpoints';
import { sendRequest } from '../client/request';
import type { FetchLike } from '../client/transport';
import type { Logger } from '../logging/logger';
import type { ActiveConnection } from './active-connection';
import { unsupported } from './app-error';

/**
 * Cancelling a job. The service's interface documents no cancellation; the embedded simulator
 * offers `POST {job}/cancel` as an extension, so only the built-in profiles can cancel. The job is
 * watched afterwards so its `cancelled` status arrives as an event like any other.
 */
export async function cancelJob(
  connection: ActiveConnection,
  id: number,
  fetch: FetchLike,
  log: Logger,
): Promise<void> {
  if (connection.profile.builtin !== 'simulator') {
    throw unsupported(
      'Cancelling a job',
      "The service's interface documents no cancellation; only the built-in simulator can cancel jobs.",
    );
  }
  connection.requireLogin();
  const config = connection.client.config;
  await sendRequest(
    {
      fetch,
      userAgent: config.userAgent,
      timeoutMs: config.timeoutMs,
      deadlineMs: config.deadlineMs,
      retry: config.retry,
      parseError: parseServiceError,
      authorizer: connection.session,
      logger: log,
    },
    {
      operation: `cancelling job ${id}`,
      method: 'POST',
      url: endpointUrl(config.baseUrl, `${jobPath(config.paths.job, id)}/cancel`).toString(),
      auth: 'session',
      // Cancelling twice is harmless: the second answer is "already cancelled".
      idempotent: true,
    },
  );
  connection.poller.watch(id);
}
