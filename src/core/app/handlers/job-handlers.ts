import type { Logger } from '../../logging/logger';
import { cancelJob } from '../cancel-job';
import type { ConnectionManager } from '../connection-manager';
import type { HandlerTable } from '../dispatch';
import type { JobCache } from '../../cache';
import { recordedSubmit } from '../recorded-submit';

// jobs.list and jobs.get go through the local job store: see monitor-handlers.ts.
type JobCalls = 'devices.list' | 'jobs.submit' | 'jobs.cancel' | 'jobs.watch';

/** Devices and jobs of the active connection. Every call needs a logged-in session. */
export function jobHandlers(deps: {
  connections: ConnectionManager;
  cache: JobCache;
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

    'jobs.submit': async ({ text, deviceCode, name, origin }) =>
      // Kept with the exact text, so the job can be rerun and bundled byte for byte.
      recordedSubmit(loggedIn(), deps.cache, deps.log, {
        text,
        deviceCode,
        name,
        origin: origin ?? null,
      }),

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
