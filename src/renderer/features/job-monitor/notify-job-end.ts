import type { EventPayload } from '../../../shared/ipc/contract';
import { isTerminalStatus } from '../../../shared/variants';
import { useAppStore } from '../../state/app/store';
import { openJobOn } from '../../state/app/open-job';
import { useEstimatesStore } from '../../state/estimates/store';
import { isFinished, useJobsStore } from '../../state/jobs/store';
import { jobWhen } from './table/job-eta';
import { createEndMemory, decideJobEndNotice, endKey } from './notice-decision';

const told = createEndMemory();

/** The unfinished jobs of the list that look stuck now (few: only unfinished ones are looked at). */
function stuckJobIds(): number[] {
  const view = useEstimatesStore.getState().view;
  if (!view) return [];
  const now = Date.now();
  return useJobsStore
    .getState()
    .records.filter((r) => !isFinished(r) && jobWhen(view, r, now)?.stuck)
    .map((r) => r.id);
}

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Browser mode asks once, from a click (browsers refuse a request that no gesture started). */
export async function enableNotifications(): Promise<NotificationPermission> {
  return notificationsSupported() ? Notification.requestPermission() : 'denied';
}

/**
 * A job ended: told as `decideJobEndNotice` says, once per job and ending. Clicking a system
 * notification shows the job, on its own connection.
 */
export function notifyJobEnd(event: EventPayload<'jobs.status'>, name: string | null): void {
  if (!isTerminalStatus(event.to) || !told.first(endKey(event))) return;
  const app = useAppStore.getState();
  const notice = decideJobEndNotice({
    ...event,
    name,
    shell: app.shell,
    focused: document.hasFocus(),
    watchingJobs: app.view === 'jobs',
    permission: notificationsSupported() ? Notification.permission : 'unsupported',
    stuck: stuckJobIds(),
  });
  // The notice belongs to the job's connection: it is not shown while another one is in use.
  if (notice.kind === 'in-app') app.notify(notice.tone, notice.text, event.profileId);
  if (notice.kind !== 'system') return;
  const n = new Notification(notice.title, { body: notice.body, tag: notice.tag });
  n.onclick = () => {
    window.focus();
    void openJobOn(event.profileId, event.jobId);
    n.close();
  };
}
