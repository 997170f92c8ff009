import { useEffect, useRef, useState } from 'react';
import type { BatchSummary, BatchView } from '../../../../shared/ipc/batch-schemas';
import type { VariantId } from '../../../../shared/variants';
import { describeError } from '../../../services/errors';
import { useBatchesStore } from '../../../state/batches/store';
import type { Headline } from './headline';
import { headlineOfDetail } from './headline';

/** The batches of the active connection, kept current by the batches store while mounted. */
export function useBatchList(): {
  batches: BatchSummary[];
  storage: string | null;
  error: string | null;
} {
  useEffect(() => useBatchesStore.getState().watchList(), []);
  const batches = useBatchesStore((s) => s.batches);
  const storage = useBatchesStore((s) => s.storage);
  const error = useBatchesStore((s) => s.listError);
  return { batches, storage, error };
}

/**
 * One batch (mount it keyed by the id: nothing is reset here), its members' statuses (the job store's, refreshed as jobs change) and each
 * completed member's headline result, fetched once per job.
 */
export function useBatch(
  id: string | null,
  variant: VariantId,
): { batch: BatchView | null; headlines: Map<number, Headline | string>; error: string | null } {
  const open = useBatchesStore((s) => (id !== null && s.open?.id === id ? s.open : null));
  const batch = open?.batch ?? null;
  const [headlines, setHeadlines] = useState(new Map<number, Headline | string>());
  const asked = useRef(new Set<number>());

  useEffect(() => (id ? useBatchesStore.getState().watchBatch(id) : undefined), [id]);

  useEffect(() => {
    if (!batch) return;
    for (const m of batch.members) {
      if (m.jobId === null || m.jobStatus !== 'completed' || asked.current.has(m.jobId)) continue;
      const jobId = m.jobId;
      asked.current.add(jobId);
      void useBatchesStore
        .getState()
        .readJob(jobId)
        .then((view) => headlineOfDetail(variant, view.detail))
        .catch((e: unknown) => describeError(e, `read job ${jobId}`).detail)
        .then((h) => setHeadlines((prev) => new Map(prev).set(jobId, h)));
    }
  }, [batch, variant]);

  return { batch, headlines, error: open?.error ?? null };
}
