import type { JobInfo } from '../../../shared/variants';
import { isTerminalStatus } from '../../../shared/variants';
import type { DetailAsk, JobCache } from '../../cache';
import { listJobs } from '../../cache';
import { APP_ERROR_CODES, AppError } from '../../errors/app-error';
import { WatchLimitError } from '../../jobs/poller';
import type { Logger } from '../../logging/logger';
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
 * recorded, and submitting, cancelling and watching, which need a logged-in session.
 */
/** Rerun's two calls are with the handover's (./handover-handlers.ts: rerun, tags, bundles). */
type RerunCalls = 'jobs.rerunSource' | 'jobs.rerun';

export function jobsHandlers(deps: JobsDeps): Omit<NamespaceHandlers<'jobs'>, RerunCalls> {
  const { connections, cache } = deps;
  const loggedIn = () => {
    const active = connections.requireActive();
    active.requireLogin();
    return active;
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
      if (answer.fresh) watchUnfinished(active, answer.fresh, answer.jobs);
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

    'jobs.cancel': async ({ id }) => {
      await cancelJob(loggedIn(), id, deps.log);
      return null;
    },

    'jobs.watch': async ({ ids }) => {
      const active = loggedIn();
      try {
        active.poller.watchAll(ids);
      } catch (error) {
        if (error instanceof WatchLimitError)
          throw new AppError(APP_ERROR_CODES.busy, error.message);
        throw error;
      }
      return null;
    },
  };
}

/**
 * Jobs the service lists as unfinished are watched, so the monitor shows their status changes
 * as they happen. Records without a status (Variant A's list) count as unfinished until they
 * carry a completion time. A job the store knows as ended (`kept`, the list as the store now
 * holds it) is not, whatever the service says now: statuses only move forward.
 */
function watchUnfinished(
  active: ActiveConnection,
  fresh: readonly JobInfo[],
  kept: readonly JobInfo[],
): void {
  const candidates = fresh
    .filter((j) => (j.status ? !isTerminalStatus(j.status) : j.completed_at == null))
    .sort((a, b) => b.id - a.id)
    .slice(0, MAX_AUTO_WATCH);
  const ended = new Set<number>();
  const wanted = new Set(candidates.map((j) => j.id));
  for (const j of kept) if (wanted.has(j.id) && isTerminalStatus(j.status)) ended.add(j.id);
  const open = candidates.filter((j) => !ended.has(j.id));
  try {
    for (const job of open) active.poller.watch(job.id);
  } catch {
    // The connection was replaced while the list was on its way: its poller is stopped.
  }
}
