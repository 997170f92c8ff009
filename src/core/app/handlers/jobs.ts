import type { JobInfo } from '../../../shared/variants';
import { isTerminalStatus } from '../../../shared/variants';
import type { DetailAsk, JobCache } from '../../cache';
import { listJobs } from '../../cache';
import { APP_ERROR_CODES, AppError } from '../../errors/app-error';
import type { Logger } from '../../logging/logger';
import { NoPayloadError, rerunSource } from '../../rerun';
import type { ActiveConnection } from '../active-connection';
import { cancelJob } from '../cancel-job';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';
import { cacheKeyOf, fetchDetail, fetcher } from '../job-details';
import { recordedSubmit } from '../recorded-submit';

/** Unfinished jobs of a fresh list that get watched (newest first), so their changes arrive live. */
const MAX_AUTO_WATCH = 500;

export interface JobsDeps {
  connections: ConnectionManager;
  cache: JobCache;
  log: Logger;
}

/**
 * Jobs of the active connection: lists and details through the local store (the service answers
 * when it can, the store when it cannot, and keeps every answer), the timeline the store
 * recorded, where a rerun starts (docs/rerun-tags-bundles.md), and submitting, rerunning,
 * cancelling and watching, which need a logged-in session.
 */
export function jobsHandlers(deps: JobsDeps): NamespaceHandlers<'jobs'> {
  const { connections, cache } = deps;
  const loggedIn = () => {
    const active = connections.requireActive();
    active.requireLogin();
    return active;
  };

  const sourceOf = async (active: ActiveConnection, id: number) => {
    try {
      return await rerunSource(
        {
          store: cache.annotations,
          profileKey: cacheKeyOf(active),
          fullDetail: async (jobId) => (await fetchDetail(cache, active, jobId, true)).detail,
          devices: async () => (await active.devices(false)).devices,
        },
        id,
      );
    } catch (error) {
      if (error instanceof NoPayloadError)
        throw new AppError(APP_ERROR_CODES.notFound, error.message);
      throw error;
    }
  };

  return {
    'jobs.list': async ({ deviceId, cachedOnly }) => {
      const active = connections.requireActive();
      const answer = await listJobs(
        cache,
        cacheKeyOf(active),
        fetcher(active, () => active.client.listJobs()),
        { cachedOnly: cachedOnly ?? false },
      );
      if (answer.fresh) watchUnfinished(active, answer.fresh);
      return {
        jobs:
          deviceId === undefined
            ? answer.jobs
            : answer.jobs.filter((j) => j.device_id === deviceId),
        fetchedAt: answer.fetchedAt,
        fromCache: answer.fromCache,
        offline: answer.offline,
        storeReason: answer.storeReason,
        cache: {
          persistent: cache.status.persistent,
          message: answer.storeProblem ?? cache.status.message,
        },
      };
    },

    'jobs.get': async ({ id, full, fields }) => {
      const ask: DetailAsk = full ? true : fields?.length ? { fields } : false;
      const answer = await fetchDetail(cache, connections.requireActive(), id, ask);
      return {
        detail: answer.detail,
        problems: answer.problems,
        fetchedAt: answer.fetchedAt,
        fromCache: answer.fromCache,
        offline: answer.offline,
        storeReason: answer.storeReason,
      };
    },

    'jobs.history': async ({ id }) => ({
      entries: cache.timeline(cacheKeyOf(connections.requireActive()), id),
    }),

    'jobs.submit': async ({ text, deviceCode, name, origin }) =>
      // Kept with the exact text, so the job can be rerun and bundled byte for byte.
      recordedSubmit(loggedIn(), deps.cache, deps.log, {
        text,
        deviceCode,
        name,
        origin: origin ?? null,
      }),

    'jobs.rerunSource': async ({ id }) => sourceOf(connections.requireActive(), id),

    'jobs.rerun': async ({ id, deviceCode }) => {
      const source = await sourceOf(connections.requireActive(), id);
      const device = deviceCode ?? source.deviceCode;
      if (!device) {
        throw new AppError(
          APP_ERROR_CODES.invalidInput,
          `The device job ${id} ran on is not in the device list: pick a device to run it on.`,
        );
      }
      return recordedSubmit(connections.requireActive(), cache, deps.log, {
        text: source.text,
        deviceCode: device,
        name: source.name || undefined,
        origin: { kind: 'rerun', jobId: id },
      });
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

/**
 * Jobs the service lists as unfinished are watched, so the monitor shows their status changes
 * as they happen. Records without a status (Variant A's list) count as unfinished until they
 * carry a completion time.
 */
function watchUnfinished(active: ActiveConnection, fresh: readonly JobInfo[]): void {
  const open = fresh
    .filter((j) => (j.status ? !isTerminalStatus(j.status) : j.completed_at == null))
    .sort((a, b) => b.id - a.id)
    .slice(0, MAX_AUTO_WATCH);
  try {
    for (const job of open) active.poller.watch(job.id);
  } catch {
    // The connection was replaced while the list was on its way: its poller is stopped.
  }
}
