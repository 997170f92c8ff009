import { NO_FILTERS, DEFAULT_SORT } from './job-query';
import type { JobFilters, JobSort } from './job-query';
import type { DetailTab, JobsState } from './initialState';

const KEY = 'qjob.monitor.view';

/** How the person looks at the list: kept across reloads of the window (a renderer preference). */
export interface SavedView {
  profileId: string | null;
  filters: JobFilters;
  sort: JobSort;
  selectedId: number | null;
  openId: number | null;
  tab: DetailTab;
}

export function loadSavedView(): SavedView | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<SavedView>;
    return {
      profileId: typeof v.profileId === 'string' ? v.profileId : null,
      filters: { ...NO_FILTERS, ...(v.filters ?? {}) },
      sort: v.sort && typeof v.sort.key === 'string' ? v.sort : DEFAULT_SORT,
      selectedId: typeof v.selectedId === 'number' ? v.selectedId : null,
      openId: typeof v.openId === 'number' ? v.openId : null,
      tab: v.tab ?? 'summary',
    };
  } catch {
    return null;
  }
}

export function saveView(s: JobsState): void {
  const view: SavedView = {
    profileId: s.profileId,
    filters: s.filters,
    sort: s.sort,
    selectedId: s.selectedId,
    openId: s.openId,
    tab: s.tab,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(view));
  } catch {
    // No storage (private window): the view lasts for this session only.
  }
}
