import type { DetailTab, JobDetailView } from './initialState';

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Whether a tab of the detail would show something, rather than its empty state. */
export function tabHasContent(tab: DetailTab, view: JobDetailView): boolean {
  const d = view.detail as Record<string, unknown>;
  switch (tab) {
    case 'summary':
    case 'payload':
      return true;
    case 'result':
      return d['result'] != null || view.problems.some((p) => p.field === 'result');
    case 'logs':
      return hasText(d['logs']);
    case 'errors':
      // What the tab lists: the error logs and the fields that could not be decoded (the
      // `error` text itself is on top of every tab).
      return hasText(d['error_logs']) || view.problems.length > 0;
  }
}

/**
 * The tab a job opens on: a failed job on its errors (the first thing anyone needs to read),
 * otherwise the tab the person was on last, unless it would be empty for this job (the result
 * of a job still running): then its logs while it runs, else its summary.
 */
export function openingTab(last: DetailTab, view: JobDetailView): DetailTab {
  const status = view.detail.status ?? null;
  if ((status === 'error' || status === 'timeout') && tabHasContent('errors', view))
    return 'errors';
  if (tabHasContent(last, view)) return last;
  return tabHasContent('logs', view) ? 'logs' : 'summary';
}
