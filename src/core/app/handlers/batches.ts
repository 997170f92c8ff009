import type { BatchView } from '../../../shared/ipc/batch-schemas';
import type { JobCache } from '../../job-store';
import { profileCacheKey } from '../../job-store';
import type { BatchStore } from '../../batches/batch-store';
import { BatchBlockedError, BatchRunner } from '../../batches/batch-runner';
import type { BatchTransport } from '../../batches/batch-runner';
import {
  createBatch,
  requireBatch,
  resumeRunning,
  summaryOf,
  viewOf,
} from '../../batches/batch-service';
import { dryRunPayload } from '../../batches/dry-run';
import type { Logger } from '../../logging/logger';
import type { ConnectionManager } from '../connection-manager';
import type { HandlerTable } from '../dispatch';
import type { EventHub } from '../event-hub';
import { requirePayload } from '../../submit/prepare-payload';
import { sendPayload } from '../../submit/send-payload';

type BatchCalls =
  | 'batches.list'
  | 'batches.get'
  | 'batches.create'
  | 'batches.pause'
  | 'batches.resume'
  | 'batches.retry'
  | 'batches.dryRun';

export interface BatchHandlers {
  handlers: Pick<HandlerTable, BatchCalls>;
  /** Stops sending (the app is closing); running batches resume at the next start. */
  stop(): Promise<void>;
}

/**
 * Sweeps sent as local batches (docs/sweeps.md): kept in the batch store, sent by one runner on
 * the active connection, each member watched like any job this app submits. A batch belongs to
 * the connection it was made on; it pauses when another one is active and its own login
 * resumes it, as does a restart.
 */
export function batchHandlers(deps: {
  connections: ConnectionManager;
  cache: JobCache;
  store: BatchStore;
  events: EventHub;
  log: Logger;
}): BatchHandlers {
  const { connections, store, events } = deps;
  const keyOfActive = () => profileCacheKey(connections.requireActive().profile);
  const transport: BatchTransport = {
    blocked(batch) {
      const active = connections.active;
      if (!active || profileCacheKey(active.profile) !== batch.profile)
        return 'Paused: another connection is active. Switch back to its connection and resume.';
      if (!active.isLoggedIn) return `Paused: log in to ${active.profile.name} to go on.`;
      return null;
    },
    async submit(member, batch) {
      const active = connections.active;
      if (!active || profileCacheKey(active.profile) !== batch.profile || !active.isLoggedIn)
        throw new BatchBlockedError(transport.blocked?.(batch) ?? 'Paused.');
      const payload = requirePayload(active.profile.variant, member.text);
      const outcome = await sendPayload(active.client, payload, {
        deviceCode: batch.deviceCode,
        name: member.name,
      });
      active.watchSubmitted(outcome.jobId.id);
      return outcome.jobId.id;
    },
    async listJobs() {
      const active = connections.requireActive();
      const jobs = await active.client.listJobs();
      return jobs.map((j) => ({ id: j.id, name: j.name, createdAt: j.created_at }));
    },
  };
  const runner = new BatchRunner({
    store,
    transport,
    log: deps.log,
    onChange: (id) => events.emit('batches.changed', { id }),
  });
  events.on('session.changed', (state) => {
    const active = connections.active;
    if (state.state === 'active' && active && active.profile.id === state.profileId)
      resumeRunning(store, runner, profileCacheKey(active.profile));
  });

  const view = (id: string): BatchView => {
    const profile = keyOfActive();
    const batch = requireBatch(store, id, profile);
    return viewOf(
      batch,
      store.members(id),
      (jobId) => deps.cache.getRecord(profile, jobId)?.status ?? null,
    );
  };
  const start = (promise: Promise<void>) => void promise;

  return {
    handlers: {
      'batches.list': async () => {
        const profile = keyOfActive();
        return {
          batches: store.list(profile).map((b) => summaryOf(b, store.members(b.id))),
          storage: store.unavailable,
        };
      },
      'batches.get': async ({ id }) => view(id),
      'batches.create': async (input) => {
        const active = connections.requireActive();
        active.requireLogin();
        const batch = createBatch(
          store,
          profileCacheKey(active.profile),
          active.profile.variant,
          input,
        );
        deps.log.info('batch created', { id: batch.id, members: store.members(batch.id).length });
        start(runner.run(batch.id));
        return view(batch.id);
      },
      'batches.pause': async ({ id }) => {
        requireBatch(store, id, keyOfActive());
        await runner.pause(id);
        return view(id);
      },
      'batches.resume': async ({ id }) => {
        requireBatch(store, id, keyOfActive());
        start(runner.resume(id));
        return view(id);
      },
      'batches.retry': async ({ id, indexes }) => {
        requireBatch(store, id, keyOfActive());
        start(runner.retry(id, indexes));
        return view(id);
      },
      'batches.dryRun': async ({ text, deviceCode }) =>
        dryRunPayload(connections.requireActive().profile.variant, text, deviceCode),
    },
    stop: () => runner.stopAll(),
  };
}
