import type { EventPayload } from '../../../shared/ipc/contract';
import { JOB_STATUS_MEANING, isTerminalStatus } from '../../../shared/variants';
import { shell } from '../../services/qjob';
import { useAppStore } from '../../state/app/store';
import { useJobsStore } from '../../state/jobs/store';

const notified = new Set<string>();

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Browser mode asks once, from a click (browsers refuse a request that no gesture started). */
export async function enableNotifications(): Promise<NotificationPermission> {
  return notificationsSupported() ? Notification.requestPermission() : 'denied';
}

/**
 * A job ended. The desktop app's main process raises the notification itself (it knows whether
 * the window has focus); browser mode does it here: a system notification when the page is not
 * focused and allowed to, else an in-app notice unless the person is looking at the job list.
 */
export function notifyJobEnd(event: EventPayload<'jobs.status'>, name: string | null): void {
  if (!isTerminalStatus(event.to)) return;
  const key = `${event.profileId}:${event.jobId}:${event.to}`;
  if (notified.has(key)) return;
  notified.add(key);
  const app = useAppStore.getState();
  const focused = document.hasFocus();
  const title = `Job ${event.jobId} ${event.to}`;
  const body = `${name ? `${name}: ` : ''}${JOB_STATUS_MEANING[event.to]}.`;
  if (shell() === 'electron') {
    if (focused && app.view !== 'jobs')
      app.notify(event.to === 'completed' ? 'ok' : 'warn', `${title}. ${body}`);
    return;
  }
  if (!focused && notificationsSupported() && Notification.permission === 'granted') {
    const n = new Notification(title, { body, tag: key });
    n.onclick = () => {
      window.focus();
      useAppStore.getState().showView('jobs');
      useJobsStore.getState().open(event.jobId);
      n.close();
    };
    return;
  }
  if (!focused || app.view !== 'jobs')
    app.notify(event.to === 'completed' ? 'ok' : 'warn', `${title}. ${body}`);
}
