import { Notification, type BrowserWindow } from 'electron';
import type { JobEndedNotice } from '../core/app/types';
import type { EventHub } from '../core/app/event-hub';

/**
 * A desktop notification when a job ends while the window is not focused (a focused window shows
 * the change itself). Clicking it brings the window up on that job.
 */
export function createJobNotifier(getWindow: () => BrowserWindow | null, events: EventHub) {
  return (notice: JobEndedNotice): void => {
    const window = getWindow();
    if (!window || window.isDestroyed() || window.isFocused() || !Notification.isSupported())
      return;
    const notification = new Notification({
      title: notice.title,
      body: notice.body,
      silent: notice.status === 'completed',
    });
    notification.on('click', () => {
      if (window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      events.emit('ui.command', {
        command: 'job.open',
        jobId: notice.jobId,
        profileId: notice.profileId,
      });
    });
    notification.show();
  };
}
