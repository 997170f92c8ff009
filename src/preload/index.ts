import { contextBridge, ipcRenderer } from 'electron';
import { CALL_NAME_LIST, EVENT_NAME_LIST, callChannel, eventChannel } from '../shared/ipc/names';

/**
 * `window.qjob`: the contract's calls and events by name, nothing more (no ipcRenderer, no
 * generic send). Only the name lists are imported, so the sandboxed preload stays tiny and has no
 * schemas: validation happens in the main process, which owns the data.
 *
 * A failed call rejects with a plain `{code, message, issues}` object rather than an Error: the
 * context bridge copies plain objects intact but drops an Error's custom fields. The renderer's
 * `getQjob()` turns it back into a `QjobCallError`.
 */
const callNames: ReadonlySet<string> = new Set(CALL_NAME_LIST);
const eventNames: ReadonlySet<string> = new Set(EVENT_NAME_LIST);

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const api = {
  call(name: string, input: unknown): Promise<unknown> {
    if (typeof name !== 'string' || !callNames.has(name)) {
      return Promise.reject({ code: 'unknown-call', message: `Unknown call '${String(name)}'.` });
    }
    return ipcRenderer.invoke(callChannel(name), input).then((outcome: Outcome) => {
      if (outcome && outcome.ok) return outcome.value;
      return Promise.reject(
        outcome?.error ?? { code: 'internal', message: `No answer to ${name}.` },
      );
    });
  },
  on(name: string, listener: (payload: unknown) => void): () => void {
    if (typeof name !== 'string' || !eventNames.has(name))
      throw new Error(`Unknown event '${String(name)}'.`);
    if (typeof listener !== 'function') throw new Error('A listener must be a function.');
    const channel = eventChannel(name);
    const handler = (_event: unknown, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
};

contextBridge.exposeInMainWorld('qjob', api);
