import os from 'node:os';
import type { JobInfo } from '../../../shared/variants';
import { isTerminalStatus } from '../../../shared/variants';
import type { DetailAnswer, DetailAsk, JobCache } from '../../cache';
import { listJobs, profileCacheKey } from '../../cache';
import { buildDiagnosticsText } from '../../diagnostics';
import type { ActiveConnection } from '../active-connection';
import type { ConnectionManager } from '../connection-manager';
import type { HandlerTable } from '../dispatch';
import { detailThroughStore, fetcher } from '../detail-through-store';

type MonitorCalls = 'jobs.list' | 'jobs.get' | 'jobs.history' | 'diagnostics.build';

/** Unfinished jobs of a fresh list that get watched (newest first), so their changes arrive live. */
const MAX_AUTO_WATCH = 500;

export interface MonitorDeps {
  connections: ConnectionManager;
  cache: JobCache;
  app: { name: string; version: string; shell: 'electron' | 'web' };
}

/**
 * The job monitor's calls: lists and details through the local store (the service answers when
 * it can, the store when it cannot, and keeps every answer), the timeline the store recorded,
 * and the diagnostics bundle, built here so the UI never holds anything secret.
 */
export function monitorHandlers(deps: MonitorDeps): Pick<HandlerTable, MonitorCalls> {
  const { connections, cache } = deps;
  const key = (active: ActiveConnection) => profileCacheKey(active.profile);

  const fetchDetail = (
    active: ActiveConnection,
    id: number,
    ask: DetailAsk,
  ): Promise<DetailAnswer> => detailThroughStore(cache, active, id, ask);

  return {
    'jobs.list': async ({ deviceId, cachedOnly }) => {
      const active = connections.requireActive();
      const answer = await listJobs(
        cache,
        key(active),
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
      const answer = await fetchDetail(connections.requireActive(), id, ask);
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
      entries: cache.timeline(key(connections.requireActive()), id),
    }),

    'diagnostics.build': async ({ id }) => {
      const active = connections.requireActive();
      const answer = await fetchDetail(active, id, true);
      const { profile } = active;
      const text = buildDiagnosticsText({
        generatedAt: new Date().toISOString(),
        app: deps.app,
        os: {
          platform: `${os.type()} (${process.platform})`,
          release: os.release(),
          arch: process.arch,
          runtime: process.versions.electron
            ? `Electron ${process.versions.electron}, Node ${process.versions.node}`
            : `Node ${process.versions.node}`,
        },
        profile: {
          id: profile.id,
          name: profile.name,
          baseUrl: profile.baseUrl ?? null,
          variant: profile.variant,
          user: active.session.snapshot.user ?? profile.user ?? null,
        },
        job: answer,
        timeline: cache.timeline(key(active), id),
      });
      return { text, fileName: `job-${id}-diagnostics.txt` };
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
