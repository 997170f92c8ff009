import { describeError, errorCode } from '../../services/errors';
import type { EventPayload } from '../../../shared/ipc/contract';
import { call, on } from '../../services/qjob';
import type { JobsStoreParts } from './bookkeeping';
import type { DetailTab, JobsState } from './initialState';
import { openingTab } from './detail-tab';
import { mergeLiveAnswer } from './live-detail';
import { hasErrors, isFinished, keepLogProgress, mergedRecords } from './records';

export interface JobsDetailActions {
  open(id: number, tab?: DetailTab): void;
  close(): void;
  setTab(tab: DetailTab): void;
  /** Full detail and timeline; `quiet` keeps the shown detail while reloading (running jobs). */
  loadDetail(id: number, quiet?: boolean): Promise<void>;
  /**
   * Has the core follow a running job while its detail is shown: the core's poller looks up its
   * record and logs at its cadence and sends their changes (`jobs.live`), applied here until the
   * returned function is called (it also ends the follow). The one owner of a job's live state.
   */
  followLive(id: number): () => void;
  /**
   * A `jobs.live` event: the shown detail takes the record and logs (payload and result stay);
   * the full detail is fetched once the job has ended.
   */
  applyLive(event: EventPayload<'jobs.live'>): Promise<void>;
  compare(withId: number | null): void;
  /** Asks to confirm cancelling a job (null: the question is gone). */
  askCancel(id: number | null): void;
  /**
   * Asks the service to cancel a job (where the connection can). The `cancelled` status arrives
   * as a `jobs.status` event like any other change; throws what the service said otherwise.
   */
  cancel(id: number): Promise<void>;
  buildDiagnostics(id: number): Promise<{ text: string; fileName: string }>;
  /**
   * The payload document of a job as it was submitted from this computer (its exact text, kept
   * in the local store); null when it is not kept here.
   */
  readSubmittedText(id: number): Promise<string | null>;
}

/** The open job: its detail, timeline and tab, kept current while it runs. */
export function createDetailActions(parts: JobsStoreParts): JobsDetailActions {
  const { set, get, book } = parts;

  async function applyLiveNow(event: EventPayload<'jobs.live'>): Promise<void> {
    const { profileId, jobId: id, view: answer } = event;
    // Another connection's job, or a view from the store (the shown detail is as good): kept.
    if (get().profileId !== profileId || answer.fromCache) return;
    const before = get().details[id]?.view;
    if (!before) return;
    const view = mergeLiveAnswer(before, answer);
    keepLogProgress(parts, id, answer.detail);
    const statusChanged = view.detail.status !== before.detail.status;
    set((s) => {
      const entry = s.details[id];
      if (!entry?.view) return {};
      const changes: Partial<JobsState> = {
        details: { ...s.details, [id]: { ...entry, view: mergeLiveAnswer(entry.view, answer) } },
      };
      const records = mergedRecords(parts, s.records, answer.detail);
      if (records) changes.records = records;
      return changes;
    });
    if (isFinished(view.detail)) await get().loadDetail(id, true);
    else if (statusChanged) {
      const history = await call('jobs.history', { id }).catch(() => null);
      if (history && get().profileId === profileId)
        set((s) => ({ timelines: { ...s.timelines, [id]: history.entries } }));
    }
  }

  async function loadDetailNow(id: number, quiet: boolean): Promise<void> {
    const profileId = get().profileId;
    set((s) => {
      const prev = s.details[id];
      const entry =
        quiet && prev?.view
          ? { ...prev, reloading: true }
          : { status: 'loading' as const, view: null, error: null, code: null, reloading: false };
      return { details: { ...s.details, [id]: entry } };
    });
    try {
      const [view, history] = await Promise.all([
        call('jobs.get', { id, full: true }),
        call('jobs.history', { id }).catch(() => ({ entries: [] })),
      ]);
      if (get().profileId !== profileId) return;
      if (!view.fromCache) keepLogProgress(parts, id, view.detail);
      set((s) => {
        const changes: Partial<JobsState> = {
          details: {
            ...s.details,
            [id]: { status: 'ready', view, error: null, code: null, reloading: false },
          },
          timelines: { ...s.timelines, [id]: history.entries },
        };
        const records = mergedRecords(parts, s.records, view.detail);
        if (records) changes.records = records;
        const openedOn = book.opening.get(id);
        if (s.openId === id && openedOn !== undefined) {
          if (s.tab === openedOn) changes.tab = openingTab(openedOn, view);
        } else if (s.openId === id && s.tab === 'errors' && !hasErrors(view))
          changes.tab = 'summary';
        return changes;
      });
      book.opening.delete(id);
    } catch (error) {
      book.opening.delete(id);
      if (get().profileId !== profileId) return;
      const text = describeError(error, `open job ${id}`).detail;
      set((s) => {
        const prev = s.details[id];
        // A quiet reload that failed keeps what is shown; the next one may work.
        if (quiet && prev?.view)
          return { details: { ...s.details, [id]: { ...prev, reloading: false } } };
        return {
          details: {
            ...s.details,
            [id]: {
              status: 'error',
              view: null,
              error: text,
              code: errorCode(error),
              reloading: false,
            },
          },
        };
      });
    }
  }

  return {
    open(id, tab) {
      if (!Number.isSafeInteger(id) || id < 0) return;
      const s = get();
      const kept = s.details[id]?.view;
      // Asked for a tab: that one. Otherwise one with something to show for this job, decided
      // from what is kept now and again when the detail arrives.
      const next = tab ?? (kept ? openingTab(s.tab, kept) : s.tab);
      if (tab) book.opening.delete(id);
      else book.opening.set(id, next);
      set({
        openId: id,
        selectedId: id,
        compareWith: s.openId === id ? s.compareWith : null,
        tab: next,
      });
      void get().loadDetail(id, s.details[id]?.status === 'ready');
    },
    close() {
      set({ openId: null, compareWith: null });
    },
    setTab(tab) {
      set({ tab });
    },

    loadDetail(id, quiet = false) {
      if (!quiet) return loadDetailNow(id, false);
      const running = book.quietLoads.get(id);
      if (running) return running;
      const load = loadDetailNow(id, true).finally(() => book.quietLoads.delete(id));
      book.quietLoads.set(id, load);
      return load;
    },

    followLive(id) {
      const profileId = get().profileId;
      if (profileId === null) return () => undefined;
      const stop = on('jobs.live', (event) => {
        if (event.jobId === id) void get().applyLive(event);
      });
      book.following.add(id);
      // Refused (not logged in, too many followed): the status still arrives as `jobs.status`
      // events, its end reloads the detail, and Refresh fetches it now.
      call('jobs.follow', { profileId, id }).catch(() => undefined);
      return () => {
        stop();
        book.following.delete(id);
        call('jobs.unfollow', { profileId, id }).catch(() => undefined);
      };
    },

    applyLive(event) {
      return applyLiveNow(event);
    },

    compare(withId) {
      set({ compareWith: withId });
      if (withId !== null && get().details[withId]?.status !== 'ready')
        void get().loadDetail(withId);
    },

    askCancel(id) {
      set({ cancelAsk: id });
    },
    async cancel(id) {
      // The `cancelled` status arrives as a `jobs.status` event, which reloads the open job.
      await call('jobs.cancel', { id });
    },

    buildDiagnostics(id) {
      return call('diagnostics.build', { id });
    },

    async readSubmittedText(id) {
      const source = await call('jobs.rerunSource', { id });
      return source.exact ? source.text : null;
    },
  };
}
