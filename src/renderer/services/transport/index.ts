import type { QjobApi } from '../../../shared/ipc/contract';
import { SOCKET_PATH } from '../../../shared/ipc/socket-protocol';
import { wrapBridge } from './electron-bridge';
import { keepSessionToken, sessionProposal, takeLaunchToken } from './launch-token';
import { SocketQjob, type StatusListener } from './socket-client';

export { QjobCallError } from '../../../shared/ipc/call-error';
export type { StatusListener, TransportStatus } from './socket-client';

/**
 * The renderer's only door to the rest of the app. In the desktop app it is the preload's
 * `window.qjob`; in browser mode (`qjob web`) the same contract over a WebSocket, authenticated
 * with the `#token=` the launch URL carried. UI code imports `getQjob` and nothing else from here.
 */
export type Shell = 'electron' | 'web';

let instance: QjobApi | null = null;
let socket: SocketQjob | null = null;

export function getShell(): Shell {
  return typeof window !== 'undefined' && window.qjob ? 'electron' : 'web';
}

export function getQjob(): QjobApi {
  if (instance) return instance;
  if (window.qjob) {
    instance = wrapBridge(window.qjob);
    return instance;
  }
  const token = takeLaunchToken();
  if (!token) {
    throw new Error(
      'No access token: open the exact address `qjob web` printed (it ends in #token=...).',
    );
  }
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new SocketQjob({
    url: `${scheme}://${window.location.host}${SOCKET_PATH}`,
    token,
    proposedSession: sessionProposal(),
    onSessionToken: (session) => keepSessionToken(session),
  });
  instance = socket;
  return instance;
}

/** The connection to browser mode's server, and why it closed; always 'open' in the desktop app. */
export function onTransportStatus(listener: StatusListener): () => void {
  getQjob();
  if (!socket) {
    listener('open', null);
    return () => undefined;
  }
  return socket.onStatus(listener);
}
