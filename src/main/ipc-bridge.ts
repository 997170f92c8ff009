import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CALL_NAMES } from '../shared/ipc/contract';
import { callChannel, eventChannel } from '../shared/ipc/names';
import { dispatchCall } from '../core/app/dispatch';
import type { AppCore } from '../core/app/types';
import type { Logger } from '../core/logging/logger';
import { isTrustedSender } from './security';

/**
 * Binds the handler table to ipcMain: one channel per call of the contract (a name outside the
 * contract has no channel, so Electron refuses it), the sender frame checked on every message,
 * the input validated by the dispatcher before any handler runs. Core events go to every window.
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
      return dispatchCall(core.handlers, name, input, { checkOutput: options.checkOutput, log });
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
  };
}
