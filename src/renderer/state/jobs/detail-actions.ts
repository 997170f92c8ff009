import { describeError, errorCode } from '../../services/errors';
import { call } from '../../services/qjob';
import type { JobsStoreParts } from './bookkeeping';
import type { DetailTab, JobsState } from './initialState';
import { openingTab } from './detail-tab';
import { LIVE_FIELDS, mergeLiveAnswer } from './live-detail';
import { hasErrors, isFinished, keepLogProgress, mergedRecords } from './records';

export interface JobsDetailActions {
  open(id: number, tab?: DetailTab): void;
  close(): void;
  setTab(tab: DetailTab): void;
  /** Full detail and timeline; `quiet` keeps the shown detail while reloading (running jobs). */
  loadDetail(id: number, quiet?: boolean): Promise<void>;
  /**
   * A running job's shown detail brought up to date with a lookup of its record and logs only;
   * the full detail is fetched once the job has ended.
   */
  pollLive(id: number): Promise<void>;
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

  async function pollLiveNow(id: number): Promise<void> {
    const profileId = get().profileId;
    let answer;
    try {
      answer = await call('jobs.get', { id, fields: [...LIVE_FIELDS] });
    } catch {
      return; // The shown detail stays; the next tick tries again (the status bar says offline).
    }
    // From the store (the service is away): the shown detail is as good; keep it.
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

    pollLive(id) {
      const running = book.livePolls.get(id) ?? book.quietLoads.get(id);
      if (running) return running;
      const poll = pollLiveNow(id).finally(() => book.livePolls.delete(id));
      book.livePolls.set(id, poll);
      return poll;
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
      await call('jobs.cancel', { id });
      // The open job shows its new status at once rather than at the next tick.
      if (get().openId === id) void get().pollLive(id);
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
