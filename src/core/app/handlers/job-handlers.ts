import type { Logger } from '../../logging/logger';
import { cancelJob } from '../cancel-job';
import type { ConnectionManager } from '../connection-manager';
import type { HandlerTable } from '../dispatch';
import { preparePayload } from '../payload-submission';

// jobs.list and jobs.get go through the local job store: see monitor-handlers.ts.
type JobCalls = 'devices.list' | 'jobs.submit' | 'jobs.cancel' | 'jobs.watch';

/** Devices and jobs of the active connection. Every call needs a logged-in session. */
export function jobHandlers(deps: {
  connections: ConnectionManager;
  log: Logger;
}): Pick<HandlerTable, JobCalls> {
  const { connections } = deps;
  const loggedIn = () => {
    const active = connections.requireActive();
    active.requireLogin();
    return active;
  };

  return {
    'devices.list': ({ refresh }) => connections.requireActive().devices(refresh ?? false),

    'jobs.submit': async ({ text, deviceCode, name }) => {
      const active = loggedIn();
      const payload = preparePayload(active.profile.variant, text);
      const outcome = await active.client.execute(payload, {
        deviceCode,
        ...(name ? { name } : {}),
      });
      // Watched from the start, so every status change of the new job arrives as an event.
      active.watchSubmitted(outcome.jobId.id);
      deps.log.info('job submitted', {
        profile: active.profile.id,
        jobId: outcome.jobId.id,
        type: payload.type,
      });
      return { jobId: outcome.jobId.id, executeType: payload.type, message: outcome.message };
    },

    'jobs.cancel': async ({ id }) => {
      await cancelJob(loggedIn(), id, deps.log);
      return null;
    },

    'jobs.watch': async ({ ids }) => {
      const active = loggedIn();
      for (const id of ids) active.poller.watch(id);
      return null;
    },
  };
}
