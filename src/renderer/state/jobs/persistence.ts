import type { MonitorView } from '../../../shared/ipc/settings-schemas';
import { call } from '../../services/qjob';
import type { JobsState } from './initialState';

/**
 * How the person arranged the job monitor (filters, sort, the row cursor, the open job), kept
 * in the settings file through the core: browser mode's page gets a new origin at every launch,
 * so the page's own storage forgot it at each restart.
 */
export type SavedView = MonitorView;

export function viewOf(s: JobsState): SavedView {
  return {
    profileId: s.profileId,
    filters: s.filters,
    sort: s.sort,
    selectedId: s.selectedId,
    openId: s.openId,
    tab: s.tab,
  };
}

/** Writes the view to the settings file; a failure leaves it for this session only (said once). */
export function saveView(view: SavedView, onFailure: (error: unknown) => void): void {
  call('settings.update', { monitorView: view }).catch(onFailure);
}
