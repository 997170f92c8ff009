import type { BrowserWindow } from 'electron';
import type { EventHub } from '../core/app/event-hub';
import type { Logger } from '../core/logging/logger';

/** After this long without an answer, the page is checked for signs of life. */
export const CLOSE_ANSWER_TIMEOUT_MS = 3_000;
const LIVENESS_TIMEOUT_MS = 2_000;

/**
 * The unsaved-changes guard. Closing the window first sends `app.closeRequested`; the renderer
 * answers with `app.respondToClose`: `proceed: true` closes, `proceed: false` keeps the window.
 * The renderer may take its time (it is asking the person) as long as it is alive; a page that
 * has crashed or hangs cannot make the window impossible to close: after the time-out it is probed,
 * and a dead page closes the window. A second close attempt after the time-out closes it too —
 * nothing is lost either way, the editor's drafts are autosaved.
 */
export function installCloseGuard(
  window: BrowserWindow,
  events: EventHub,
  log: Logger,
  onKept: () => void = () => undefined,
) {
  let allowed = false;
  let askedAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const settle = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    askedAt = null;
  };
  const closeNow = (why: string): void => {
    settle();
    allowed = true;
    log.info('closing the window', { why });
    if (!window.isDestroyed()) window.close();
  };
  const probe = async (): Promise<void> => {
    if (askedAt === null || window.isDestroyed()) return;
    const alive = await Promise.race([
      window.webContents.executeJavaScript('true', false).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), LIVENESS_TIMEOUT_MS)),
    ]);
    if (!alive && askedAt !== null) closeNow('the page did not answer and is not responding');
  };

  window.on('close', (event) => {
    if (allowed) return;
    event.preventDefault();
    if (askedAt !== null) {
      if (Date.now() - askedAt >= CLOSE_ANSWER_TIMEOUT_MS)
        closeNow('closed again while the page was asking');
      return;
    }
    askedAt = Date.now();
    events.emit('app.closeRequested', {});
    timer = setTimeout(() => void probe(), CLOSE_ANSWER_TIMEOUT_MS);
  });
  window.webContents.on('render-process-gone', () => {
    if (askedAt !== null) closeNow('the page is gone');
  });

  return {
    respond(proceed: boolean): void {
      if (proceed) return closeNow('the page agreed');
      settle();
      onKept();
    },
  };
}
