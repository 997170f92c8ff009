import type { CallArgs } from '../../../shared/ipc/contract';
import type { JobInfo } from '../../../shared/variants';
import { isTerminalStatus } from '../../../shared/variants';
import type { DetailAsk, JobCache } from '../../job-store';
import { listJobs } from '../../job-store';
import { APP_ERROR_CODES, AppError } from '../../errors/app-error';
import { FollowLimitError, WatchLimitError } from '../../jobs/watch-limits';
import type { Logger } from '../../logging/logger';
import { NoPayloadError, rerunSource } from '../../rerun';
import type { ActiveConnection } from '../active-connection';
import { cancelJob } from '../cancel-job';
import type { ConnectionManager } from '../connection-manager';
import { requirePayload } from '../../submit/prepare-payload';
import { deviceIn, submitJob } from '../../submit/submit-job';
import type { NamespaceHandlers } from '../dispatch';
import { cacheKeyOf, fetchDetail, fetcher } from '../job-details';

/** Unfinished jobs of a fresh list that get watched (newest first), so their changes arrive live. */
const MAX_AUTO_WATCH = 500;

export interface JobsDeps {
  connections: ConnectionManager;
  cache: JobCache;
  log: Logger;
  /** Told of every job submitted from the app, with the service's notice (the device history keeps it). */
  onSubmitted?: (submitted: { profileKey: string; deviceCode: string; message: string }) => void;
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

  /**
   * Submits from the app, on a connection already checked to be logged in: the payload
   * prepared as the editor checks it, the submission kept in the local store (exact text,
   * device as listed, origin), and the new job watched from the start so every status change
   * arrives as an event.
   */
  const submit = async (active: ActiveConnection, input: CallArgs<'jobs.submit'>) => {
    const payload = requirePayload(active.profile.variant, input.text);
    const profileKey = cacheKeyOf(active);
    const outcome = await submitJob(
      {
        client: active.client,
        store: cache.annotations,
        profileKey,
        device: async (code) => {
          const view = await active.devices(false);
          return deviceIn(view.devices, code, view.fetchedAt);
        },
        onRecordFailed: (error) =>
          deps.log.warn('a submitted job could not be recorded in the local job store', { error }),
      },
      { ...input, payload, origin: input.origin ?? null },
    );
    const jobId = outcome.jobId.id;
    active.watchSubmitted(jobId);
    deps.log.info('job submitted', {
      profile: active.profile.id,
      jobId,
      type: outcome.executeType,
      ...(input.origin ? { origin: input.origin.kind } : {}),
    });
    const message = outcome.message?.trim();
    if (message) deps.onSubmitted?.({ profileKey, deviceCode: input.deviceCode, message });
    return { jobId, executeType: outcome.executeType, message: outcome.message };
  };

  const sourceOf = async (active: ActiveConnection, id: number) => {
    try {
      return await rerunSource(
        {
          store: cache.annotations,
          profileKey: cacheKeyOf(active),
          variant: active.profile.variant,
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

    // Kept with the exact text, so the job can be rerun and bundled byte for byte.
    'jobs.submit': async (input) => submit(loggedIn(), input),

    'jobs.rerunSource': async ({ id }) => sourceOf(connections.requireActive(), id),

    'jobs.rerun': async ({ id, deviceCode }) => {
      const active = loggedIn();
      const source = await sourceOf(active, id);
      const device = deviceCode ?? source.deviceCode;
      if (!device) {
        throw new AppError(
          APP_ERROR_CODES.invalidInput,
          `The device job ${id} ran on is not in the device list: pick a device to run it on.`,
        );
      }
      return submit(active, {
        text: source.text,
        deviceCode: device,
        ...(source.name ? { name: source.name } : {}),
        origin: { kind: 'rerun', jobId: id },
      });
    },

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

    // The open job's detail: the poller is the one that keeps it current (docs/architecture.md).
    'jobs.follow': async ({ profileId, id }) => {
      const active = loggedIn();
      if (active.profile.id !== profileId) {
        throw new AppError(
          APP_ERROR_CODES.conflict,
          `Job ${id} was opened on another connection than the active one (${active.profile.name}): open it again to follow it.`,
        );
      }
      try {
        active.poller.follow(id);
      } catch (error) {
        if (error instanceof FollowLimitError || error instanceof WatchLimitError)
          throw new AppError(APP_ERROR_CODES.busy, error.message);
        throw error;
      }
      return null;
    },

    'jobs.unfollow': async ({ profileId, id }) => {
      // A follow of a connection since replaced ended with its poller.
      const active = connections.active;
      if (active?.profile.id === profileId) active.poller.unfollow(id);
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
