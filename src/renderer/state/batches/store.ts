import type { CallInput, CallOutput } from '../../../shared/ipc/contract';
import type { BatchSummary, BatchView } from '../../../shared/ipc/batch-schemas';
import { call, on } from '../../services/qjob';
import { describeError } from '../../services/errors';
import { createDomainStore } from '../create-store';

export type BatchControl = 'batches.pause' | 'batches.resume' | 'batches.retry';

export interface BatchesState {
  /** The batches of the active connection, kept current by `batches.changed` while watched. */
  batches: BatchSummary[];
  /** Where the batches are kept on this computer (told under the list). */
  storage: string | null;
  listError: string | null;
  /** The batch shown in full, kept current while watched; null until read. */
  open: { id: string; batch: BatchView | null; error: string | null } | null;
  /** The batch view shows this batch when it opens next (the sweep dialog's submit). */
  wanted: string | null;
}

export interface BatchesActions {
  /** Reads the list and keeps it current until the returned function is called. */
  watchList(): () => void;
  /** Reads one batch and keeps it current (its own changes, its jobs' statuses) until stopped. */
  watchBatch(id: string): () => void;
  control(name: BatchControl, id: string): Promise<void>;
  dryRun(text: string, deviceCode: string): Promise<CallOutput<'batches.dryRun'>>;
  /** Creates the batch and asks the batch view to show it. */
  create(input: CallInput<'batches.create'>): Promise<CallOutput<'batches.create'>>;
  /** One member's job in full (its headline result). */
  readJob(id: number): Promise<CallOutput<'jobs.get'>>;
  show(id: string): void;
  /** The batch asked for by `show`, once (null when none was). */
  takeWanted(): string | null;
}

const initialBatchesState: BatchesState = {
  batches: [],
  storage: null,
  listError: null,
  open: null,
  wanted: null,
};

/** Sweeps sent as batches: the list, the one shown in full, and the calls that change them. */
export const useBatchesStore = createDomainStore<BatchesState, BatchesActions>(
  initialBatchesState,
  (set, get) => ({
    watchList() {
      let live = true;
      const load = () =>
        call('batches.list', {})
          .then((r) => live && set({ batches: r.batches, storage: r.storage, listError: null }))
          .catch(
            (e: unknown) => live && set({ listError: describeError(e, 'list the batches').detail }),
          );
      void load();
      const stop = on('batches.changed', () => void load());
      return () => {
        live = false;
        stop();
      };
    },
    watchBatch(id) {
      let live = true;
      set({ open: { id, batch: null, error: null } });
      const load = () =>
        call('batches.get', { id })
          .then((batch) => {
            if (!live) return;
            set({ open: { id, batch, error: null } });
            const ids = batch.members.flatMap((m) => (m.jobId !== null ? [m.jobId] : []));
            if (ids.length) void call('jobs.watch', { ids }).catch(() => undefined);
          })
          .catch((e: unknown) => {
            if (!live) return;
            const error = describeError(e, 'show the batch').detail;
            set((s) => ({ open: { id, batch: s.open?.id === id ? s.open.batch : null, error } }));
          });
      void load();
      const stops = [
        on('batches.changed', (e) => e.id === id && void load()),
        on('jobs.status', () => void load()),
      ];
      return () => {
        live = false;
        stops.forEach((s) => s());
      };
    },
    async control(name, id) {
      await call(name, { id });
    },
    dryRun(text, deviceCode) {
      return call('batches.dryRun', { text, deviceCode });
    },
    async create(input) {
      const batch = await call('batches.create', input);
      get().show(batch.id);
      return batch;
    },
    readJob(id) {
      return call('jobs.get', { id, full: true });
    },
    show(id) {
      set({ wanted: id });
    },
    takeWanted() {
      const id = get().wanted;
      if (id !== null) set({ wanted: null });
      return id;
    },
  }),
);
