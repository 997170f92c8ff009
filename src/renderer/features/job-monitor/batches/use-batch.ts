import { useEffect, useRef, useState } from 'react';
import type { BatchSummary, BatchView } from '../../../../shared/ipc/batch-schemas';
import type { VariantId } from '../../../../shared/variants';
import { call, on } from '../../../services/qjob';
import { describeError } from '../../../services/errors';
import type { Headline } from './headline';
import { headlineOfDetail } from './headline';

/** The batches of the active connection, kept current by `batches.changed`. */
export function useBatchList(): {
  batches: BatchSummary[];
  storage: string | null;
  error: string | null;
} {
  const [state, setState] = useState<{
    batches: BatchSummary[];
    storage: string | null;
    error: string | null;
  }>({
    batches: [],
    storage: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    const load = () =>
      call('batches.list', {})
        .then((r) => live && setState({ batches: r.batches, storage: r.storage, error: null }))
        .catch(
          (e: unknown) =>
            live && setState((s) => ({ ...s, error: describeError(e, 'list the batches').detail })),
        );
    void load();
    const stop = on('batches.changed', () => void load());
    return () => {
      live = false;
      stop();
    };
  }, []);
  return state;
}

/**
 * One batch (mount it keyed by the id: nothing is reset here), its members' statuses (the job store's, refreshed as jobs change) and each
 * completed member's headline result, fetched once per job.
 */
export function useBatch(
  id: string | null,
  variant: VariantId,
): { batch: BatchView | null; headlines: Map<number, Headline | string>; error: string | null } {
  const [batch, setBatch] = useState<BatchView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [headlines, setHeadlines] = useState(new Map<number, Headline | string>());
  const asked = useRef(new Set<number>());

  useEffect(() => {
    if (!id) return;
    let live = true;
    const load = () =>
      call('batches.get', { id })
        .then((b) => {
          if (!live) return;
          setBatch(b);
          setError(null);
          const ids = b.members.flatMap((m) => (m.jobId !== null ? [m.jobId] : []));
          if (ids.length) void call('jobs.watch', { ids }).catch(() => undefined);
        })
        .catch((e: unknown) => live && setError(describeError(e, 'show the batch').detail));
    void load();
    const stops = [
      on('batches.changed', (e) => e.id === id && void load()),
      on('jobs.status', () => void load()),
    ];
    return () => {
      live = false;
      stops.forEach((s) => s());
    };
  }, [id]);

  useEffect(() => {
    if (!batch) return;
    for (const m of batch.members) {
      if (m.jobId === null || m.jobStatus !== 'completed' || asked.current.has(m.jobId)) continue;
      const jobId = m.jobId;
      asked.current.add(jobId);
      void call('jobs.get', { id: jobId, full: true })
        .then((view) => headlineOfDetail(variant, view.detail))
        .catch((e: unknown) => describeError(e, `read job ${jobId}`).detail)
        .then((h) => setHeadlines((prev) => new Map(prev).set(jobId, h)));
    }
  }, [batch, variant]);

  return { batch, headlines, error };
}
