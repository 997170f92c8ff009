import type { EventPayload } from '../../../shared/ipc/contract';
import { isTerminalStatus } from '../../../shared/variants';
import { describeError } from '../../services/errors';
import { call, on } from '../../services/qjob';
import { useEstimatesStore } from '../estimates/store';
import type { JobsStoreParts } from './bookkeeping';
import { indexed } from './bookkeeping';
import type { JobFilters, JobSort, JobsState } from './initialState';
import { initialJobsState } from './initialState';
import { mergeRecord } from './records';

export interface JobsListActions {
  /** Opens the monitor: the local store at once, then the service. */
  load(profileId: string | null): Promise<void>;
  /** Asks the service again; filters, sort, selection and the open job stay. */
  refresh(): Promise<void>;
  /** A `jobs.status` event: the row changes in place, an open detail reloads. */
  applyStatus(event: EventPayload<'jobs.status'>): void;
  setFilters(patch: Partial<JobFilters>): void;
  clearFilters(): void;
  sortBy(key: JobSort['key']): void;
  select(id: number | null): void;
  /**
   * Applies the core's `jobs.status` events (and asks the estimates again) until the returned
   * function is called; `onStatus` then hears each one with the job's name (null: none known).
   */
  watchStatuses(
    onStatus: (event: EventPayload<'jobs.status'>, name: string | null) => void,
  ): () => void;
}

/** What a (re)load keeps: how the person arranged the view. */
function keptView(s: JobsState): Partial<JobsState> {
  return { filters: s.filters, sort: s.sort, tab: s.tab };
}

/** The job list: its rows, how they are filtered and sorted, and their status changes. */
export function createListActions(parts: JobsStoreParts): JobsListActions {
  const { set, get, book } = parts;

  async function fetchList(cachedOnly: boolean): Promise<void> {
    const profileId = get().profileId;
    const list = await call('jobs.list', cachedOnly ? { cachedOnly: true } : {});
    if (get().profileId !== profileId) return;
    // The store answered on its own and has nothing: keep the skeleton until the service answers.
    if (cachedOnly && list.jobs.length === 0) return;
    set({
      records: indexed(book, list.jobs),
      status: 'ready',
      error: null,
      fetchedAt: list.fetchedAt,
      fromCache: list.fromCache,
      offline: cachedOnly ? get().offline : (list.offline ?? null),
      storeReason: cachedOnly ? get().storeReason : (list.storeReason ?? null),
      cache: list.cache ?? get().cache,
    });
  }

  return {
    async load(profileId) {
      // The same profile again (a login, a token refresh): a refresh that keeps everything shown.
      if (profileId !== null && profileId === get().profileId && get().status !== 'idle')
        return get().refresh();
      book.fillQueue.length = 0;
      book.typeAsked.clear();
      book.progressQueue.length = 0;
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
      const at = book.positions.get(event.jobId);
      if (at === undefined) {
        // A job this list has not seen (just submitted): fetch the list once things settle.
        if (book.refreshTimer) clearTimeout(book.refreshTimer);
        book.refreshTimer = setTimeout(() => void get().refresh(), 400);
      } else {
        const records = s.records.slice();
        records[at] = { ...records[at]!, status: event.to };
        set({ records });
      }
      set((st) => ({
        changed: { ...st.changed, [event.jobId]: { from: event.from, at: Date.now() } },
      }));
      // The open job: once ended everything changed (while it runs, its record and logs arrive
      // as `jobs.live` events from the core, which follows it: followLive).
      if (s.openId === event.jobId) {
        if (isTerminalStatus(event.to)) void get().loadDetail(event.jobId, true);
      }
      // An ended job's record gained its completion time: one cheap lookup brings the row up to date.
      else if (at !== undefined && isTerminalStatus(event.to)) {
        call('jobs.get', { id: event.jobId })
          .then((view) => get().profileId === s.profileId && mergeRecord(parts, view.detail))
          .catch(
            () => undefined /* the row keeps the new status; the next refresh fills the rest */,
          );
      }
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

    watchStatuses(onStatus) {
      return on('jobs.status', (event) => {
        get().applyStatus(event);
        useEstimatesStore.getState().refreshSoon();
        const record = get().records.find((r) => r.id === event.jobId);
        onStatus(event, record?.name.trim() || null);
      });
    },
  };
}
