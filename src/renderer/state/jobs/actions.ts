import type { EventPayload } from '../../../shared/ipc/contract';
import { JOB_RECORD_FIELDS, isTerminalStatus } from '../../../shared/variants';
import type { JobRecordField } from '../../../shared/variants';
import { TRUNCATED_PROBLEM_CODE } from '../../../shared/ipc/schemas';
import { readLogProgress } from '../../../shared/jobs/log-progress';
import { describeError, errorCode } from '../../services/errors';
import { call, on } from '../../services/qjob';
import { useEstimatesStore } from '../estimates/store';
import type { SetState } from '../create-store';
import type { DetailTab, JobFilters, JobRecord, JobSort, JobsState } from './initialState';
import { initialJobsState } from './initialState';
import { openingTab } from './detail-tab';
import { LIVE_FIELDS, mergeLiveAnswer } from './live-detail';

export interface JobsActions {
  /** Opens the monitor: the local store at once, then the service. */
  load(profileId: string | null): Promise<void>;
  /** Asks the service again; filters, sort, selection and the open job stay. */
  refresh(): Promise<void>;
  /** A `jobs.status` event: the row changes in place, an open detail reloads. */
  applyStatus(event: EventPayload<'jobs.status'>): void;
  /**
   * What the rows on screen lack and the job list does not carry: Variant A's statuses, from
   * the cheap per-job lookup; with `jobType`, Variant B's job types, from a lookup of the job's
   * `error` part (the least a detail can be), which the local store then keeps.
   */
  fillStatuses(ids: number[], jobType?: boolean): void;
  /**
   * The progress running jobs state in their logs, for their rows: one lookup of each job's
   * record and logs (a few at a time; a job already being looked up is not asked twice).
   */
  fillProgress(ids: number[]): void;
  setFilters(patch: Partial<JobFilters>): void;
  clearFilters(): void;
  sortBy(key: JobSort['key']): void;
  select(id: number | null): void;
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
   * Applies the core's `jobs.status` events (and asks the estimates again) until the returned
   * function is called; `onStatus` then hears each one with the job's name (null: none known).
   */
  watchStatuses(
    onStatus: (event: EventPayload<'jobs.status'>, name: string | null) => void,
  ): () => void;
  /**
   * The payload document of a job as it was submitted from this computer (its exact text, kept
   * in the local store); null when it is not kept here.
   */
  readSubmittedText(id: number): Promise<string | null>;
}

/** Row positions by id, rebuilt whenever the records array is replaced (100,000 rows: one pass). */
let positions = new Map<number, number>();
function index(records: JobRecord[]): JobRecord[] {
  positions = new Map(records.map((r, i) => [r.id, i]));
  return records;
}

/** The lightweight fields a detail or lookup refreshes on its list row (never the heavy ones). */
const RECORD_FIELDS = JOB_RECORD_FIELDS.filter(
  (f): f is Exclude<JobRecordField, 'id' | 'message'> => f !== 'id' && f !== 'message',
);

const FILL_CONCURRENCY = 3;
const fillQueue: { id: number; jobType: boolean }[] = [];
const filling = new Set<number>();
/** Jobs whose type was looked up in this list: a service that does not say it is not asked again. */
const typeAsked = new Set<number>();
let fillRunning = 0;
const PROGRESS_CONCURRENCY = 2;
const progressQueue: number[] = [];
const progressAsked = new Set<number>();
let progressRunning = 0;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** Quiet reloads and live polls under way, by job id: a status event and a timer share one. */
const quietLoads = new Map<number, Promise<void>>();
const livePolls = new Map<number, Promise<void>>();
/**
 * Jobs just opened whose tab is picked once their detail has arrived, with the tab shown when
 * they were opened (a tab the person picks meanwhile is left alone).
 */
const opening = new Map<number, DetailTab>();

export const createJobsActions = (
  set: SetState<JobsState>,
  get: () => JobsState & JobsActions,
): JobsActions => {
  async function fetchList(cachedOnly: boolean): Promise<void> {
    const profileId = get().profileId;
    const list = await call('jobs.list', cachedOnly ? { cachedOnly: true } : {});
    if (get().profileId !== profileId) return;
    // The store answered on its own and has nothing: keep the skeleton until the service answers.
    if (cachedOnly && list.jobs.length === 0) return;
    set({
      records: index(list.jobs),
      status: 'ready',
      error: null,
      fetchedAt: list.fetchedAt,
      fromCache: list.fromCache,
      offline: cachedOnly ? get().offline : (list.offline ?? null),
      storeReason: cachedOnly ? get().storeReason : (list.storeReason ?? null),
      cache: list.cache ?? get().cache,
    });
  }

  /** The records with one row brought up to date from a lookup or detail; null when unchanged. */
  function mergedRecords(records: JobRecord[], fresh: JobRecord): JobRecord[] | null {
    const at = positions.get(fresh.id);
    const row = at === undefined ? undefined : records[at];
    if (at === undefined || !row) return null;
    const next: JobRecord = { ...row };
    for (const key of RECORD_FIELDS)
      if (fresh[key] !== undefined) (next as Record<string, unknown>)[key] = fresh[key];
    // A record without a status (Variant A's may carry none, or null) does not say the job has
    // none: the status the row knows stays.
    if (fresh.status == null) next.status = row.status;
    if (RECORD_FIELDS.every((k) => next[k] === row[k])) return null;
    const out = records.slice();
    out[at] = next;
    return out;
  }

  function mergeRecord(fresh: JobRecord): void {
    const records = mergedRecords(get().records, fresh);
    if (records) set({ records });
  }

  function runFills(): void {
    while (fillRunning < FILL_CONCURRENCY && fillQueue.length) {
      const { id, jobType } = fillQueue.shift()!;
      const profileId = get().profileId;
      fillRunning++;
      call('jobs.get', jobType ? { id, fields: ['error'] } : { id })
        .then((view) => {
          if (get().profileId !== profileId || !positions.has(id)) return;
          mergeRecord(view.detail);
        })
        .catch(() => undefined /* the row keeps its dash; the detail explains when opened */)
        .finally(() => {
          fillRunning--;
          filling.delete(id);
          runFills();
        });
    }
  }

  function runProgressFills(): void {
    while (progressRunning < PROGRESS_CONCURRENCY && progressQueue.length) {
      const id = progressQueue.shift()!;
      const profileId = get().profileId;
      progressRunning++;
      call('jobs.get', { id, fields: ['logs'] })
        .then((view) => {
          if (get().profileId !== profileId || view.fromCache) return;
          keepLogProgress(id, view.detail);
          mergeRecord(view.detail);
        })
        .catch(() => undefined /* the row keeps what it showed; the next round asks again */)
        .finally(() => {
          progressRunning--;
          progressAsked.delete(id);
          runProgressFills();
        });
    }
  }

  /** What a job's logs (when the answer carries them) say of its progress, kept for its row. */
  function keepLogProgress(id: number, detail: Record<string, unknown>): void {
    if (!('logs' in detail)) return;
    const logs = detail['logs'];
    const progress = readLogProgress(typeof logs === 'string' ? logs : null);
    const before = get().logProgress[id];
    if (
      before === progress ||
      (before &&
        progress &&
        before.fraction === progress.fraction &&
        before.message === progress.message)
    )
      return;
    set((s) => ({ logProgress: { ...s.logProgress, [id]: progress } }));
  }

  return {
    async load(profileId) {
      // The same profile again (a login, a token refresh): a refresh that keeps everything shown.
      if (profileId !== null && profileId === get().profileId && get().status !== 'idle')
        return get().refresh();
      fillQueue.length = 0;
      typeAsked.clear();
      progressQueue.length = 0;
      set({
        ...initialJobsState,
        ...keptView(get()),
        profileId,
        status: profileId ? 'loading' : 'idle',
      });
      if (!profileId) return;
      try {
        await fetchList(true);
      } catch {
        // The store is only a head start: the service answer below decides what is shown.
      }
      await get().refresh();
    },

    async refresh() {
      const { profileId, status } = get();
      if (!profileId) return;
      set(status === 'ready' ? { refreshing: true } : {});
      try {
        await fetchList(false);
      } catch (error) {
        if (get().profileId !== profileId) return;
        const detail = describeError(error, 'load the jobs').detail;
        set(get().status === 'ready' ? { error: detail } : { status: 'error', error: detail });
      } finally {
        if (get().profileId === profileId) set({ refreshing: false });
      }
      const open = get().openId;
      if (open !== null) void get().loadDetail(open, true);
    },

    applyStatus(event) {
      const s = get();
      if (event.profileId !== s.profileId) return;
      const at = positions.get(event.jobId);
      if (at === undefined) {
        // A job this list has not seen (just submitted): fetch the list once things settle.
        if (refreshTimer) clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void get().refresh(), 400);
      } else {
        const records = s.records.slice();
        records[at] = { ...records[at]!, status: event.to };
        set({ records });
      }
      set((st) => ({
        changed: { ...st.changed, [event.jobId]: { from: event.from, at: Date.now() } },
      }));
      // The open job: while it runs only its record and logs change, once ended everything.
      if (s.openId === event.jobId)
        void (isTerminalStatus(event.to)
          ? get().loadDetail(event.jobId, true)
          : get().pollLive(event.jobId));
      // An ended job's record gained its completion time: one cheap lookup brings the row up to date.
      else if (at !== undefined && isTerminalStatus(event.to)) {
        call('jobs.get', { id: event.jobId })
          .then((view) => get().profileId === s.profileId && mergeRecord(view.detail))
          .catch(
            () => undefined /* the row keeps the new status; the next refresh fills the rest */,
          );
      }
    },

    fillStatuses(ids, jobType = false) {
      for (const id of ids) {
        if (filling.has(id) || (jobType && typeAsked.has(id))) continue;
        filling.add(id);
        if (jobType) typeAsked.add(id);
        fillQueue.push({ id, jobType });
      }
      runFills();
    },

    fillProgress(ids) {
      for (const id of ids) {
        if (progressAsked.has(id) || livePolls.has(id)) continue;
        progressAsked.add(id);
        progressQueue.push(id);
      }
      runProgressFills();
    },

    setFilters(patch) {
      set((s) => ({ filters: { ...s.filters, ...patch } }));
    },
    clearFilters() {
      set({ filters: initialJobsState.filters });
    },
    sortBy(key) {
      set((s) => ({
        sort:
          s.sort.key === key
            ? { key, dir: s.sort.dir === 'asc' ? 'desc' : 'asc' }
            : { key, dir: key === 'name' || key === 'device' ? 'asc' : 'desc' },
      }));
    },
    select(id) {
      set({ selectedId: id });
    },
    open(id, tab) {
      if (!Number.isSafeInteger(id) || id < 0) return;
      const s = get();
      const kept = s.details[id]?.view;
      // Asked for a tab: that one. Otherwise one with something to show for this job, decided
      // from what is kept now and again when the detail arrives.
      const next = tab ?? (kept ? openingTab(s.tab, kept) : s.tab);
      if (tab) opening.delete(id);
      else opening.set(id, next);
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
      const running = quietLoads.get(id);
      if (running) return running;
      const load = loadDetailNow(id, true).finally(() => quietLoads.delete(id));
      quietLoads.set(id, load);
      return load;
    },

    pollLive(id) {
      const running = livePolls.get(id) ?? quietLoads.get(id);
      if (running) return running;
      const poll = pollLiveNow(id).finally(() => livePolls.delete(id));
      livePolls.set(id, poll);
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

    watchStatuses(onStatus) {
      return on('jobs.status', (event) => {
        get().applyStatus(event);
        useEstimatesStore.getState().refreshSoon();
        const record = get().records.find((r) => r.id === event.jobId);
        onStatus(event, record?.name.trim() || null);
      });
    },

    async readSubmittedText(id) {
      const source = await call('jobs.rerunSource', { id });
      return source.exact ? source.text : null;
    },
  };

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
    keepLogProgress(id, answer.detail);
    const statusChanged = view.detail.status !== before.detail.status;
    set((s) => {
      const entry = s.details[id];
      if (!entry?.view) return {};
      const changes: Partial<JobsState> = {
        details: { ...s.details, [id]: { ...entry, view: mergeLiveAnswer(entry.view, answer) } },
      };
      const records = mergedRecords(s.records, answer.detail);
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
      if (!view.fromCache) keepLogProgress(id, view.detail);
      set((s) => {
        const changes: Partial<JobsState> = {
          details: {
            ...s.details,
            [id]: { status: 'ready', view, error: null, code: null, reloading: false },
          },
          timelines: { ...s.timelines, [id]: history.entries },
        };
        const records = mergedRecords(s.records, view.detail);
        if (records) changes.records = records;
        const openedOn = opening.get(id);
        if (s.openId === id && openedOn !== undefined) {
          if (s.tab === openedOn) changes.tab = openingTab(openedOn, view);
        } else if (s.openId === id && s.tab === 'errors' && !hasErrors(view))
          changes.tab = 'summary';
        return changes;
      });
      opening.delete(id);
    } catch (error) {
      opening.delete(id);
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
};

export function hasErrors(view: {
  detail: Record<string, unknown>;
  problems: { code: string }[];
}): boolean {
  return (
    Boolean(view.detail['error']) ||
    Boolean(view.detail['error_logs']) ||
    view.problems.some((p) => p.code !== TRUNCATED_PROBLEM_CODE)
  );
}

/** The note that a text part is shown cut (larger than the app keeps), or null. */
export function truncationNote(
  view: { problems: { field: string; code: string; message: string }[] },
  field: string,
): string | null {
  return (
    view.problems.find((p) => p.field === field && p.code === TRUNCATED_PROBLEM_CODE)?.message ??
    null
  );
}

/** What a (re)load keeps: how the person arranged the view. */
function keptView(s: JobsState): Partial<JobsState> {
  return { filters: s.filters, sort: s.sort, tab: s.tab };
}

export function isFinished(record: {
  status?: string | null;
  completed_at?: string | null;
}): boolean {
  return record.status ? isTerminalStatus(record.status as never) : record.completed_at != null;
}
