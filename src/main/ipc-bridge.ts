import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { TRANSPORT_ERROR_CODES } from '../shared/ipc/call-error';
import { CALL_NAMES } from '../shared/ipc/contract';
import { callChannel, eventChannel } from '../shared/ipc/names';
import { dispatchCall } from '../core/app/dispatch';
import { PageFollowsLedger, type PageFollows } from '../core/app/page-follows';
import type { AppCore } from '../core/app/types';
import type { Logger } from '../core/logging/logger';
import { isTrustedSender } from './security';

/**
 * Binds the handler table to ipcMain: one channel per call of the contract (a name outside the
 * contract has no channel, so Electron refuses it), the sender frame checked on every message,
 * the input validated by the dispatcher before any handler runs. Core events go to every window.
 * Each window's page follows jobs as a browser-mode page does (core/app/page-follows.ts): at most
 * PAGE_MAX_FOLLOWED_JOBS, and its follows end when the window closes or loads a page again.
 */
export function bindIpc(
  core: AppCore,
  options: {
    windows: () => BrowserWindow[];
    devServerUrl?: string | undefined;
    checkOutput: boolean;
    log: Logger;
  },
): () => void {
  const { log } = options;
  const dispatch = { checkOutput: options.checkOutput, log };
  /** Each window's page and the jobs it follows, by its web contents' id. */
  const pages = new PageFollowsLedger<number>(
    (follow) => void dispatchCall(core.handlers, 'jobs.unfollow', follow, dispatch),
  );
  const followsOf = (contents: WebContents): PageFollows => {
    const id = contents.id;
    return pages.of(id, () => {
      contents.once('destroyed', () => pages.gone(id));
      contents.on('render-process-gone', () => pages.replaced(id));
      // A reload, or another page: what the page before it followed ends with it.
      contents.on('did-navigate', () => pages.replaced(id));
    });
  };
  for (const name of CALL_NAMES) {
    ipcMain.handle(callChannel(name), async (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame;
      if (!isTrustedSender(frame, options.devServerUrl)) {
        log.warn('refused an IPC call from an untrusted frame', {
          call: name,
          url: frame?.url?.slice(0, 200),
        });
        return {
          ok: false,
          error: { code: 'forbidden', message: 'This page may not use the app.' },
        };
      }
      const follow = followsOf(event.sender).step(name, input);
      if (follow && 'refusal' in follow)
        return { ok: false, error: { code: TRANSPORT_ERROR_CODES.busy, message: follow.refusal } };
      if (follow && 'answered' in follow) return { ok: true, value: null };
      const outcome = await dispatchCall(core.handlers, name, input, dispatch);
      if (follow) follow.after(outcome.ok);
      return outcome;
    });
  }
  const detach = core.events.onAny((name, payload) => {
    for (const window of options.windows()) {
      if (!window.isDestroyed()) window.webContents.send(eventChannel(name), payload);
    }
  });
  return () => {
    detach();
    for (const name of CALL_NAMES) ipcMain.removeHandler(callChannel(name));
    pages.releaseAll();
  };
}
