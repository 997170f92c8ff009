import WebSocket from 'ws';
import { SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../src/shared/ipc/socket-protocol';
import type { ServerProcess } from './server-process';

/** What a call on browser mode's socket answers. */
export interface CallAnswer {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

/** A page's socket to a browser-mode server in a child process, open and past its session. */
export async function openAppSocket(server: ServerProcess): Promise<WebSocket> {
  const { url } = await server.ask<{ url: string }>('launch');
  const token = new URL(url).hash.replace('#token=', '');
  const ws = new WebSocket(
    `ws://127.0.0.1:${server.port}/ws`,
    [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`],
    { headers: { Origin: `http://127.0.0.1:${server.port}` }, maxPayload: 0 },
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve()); // the session token comes first
    ws.once('error', reject);
  });
  return ws;
}

let nextId = 1;

/** One call of the IPC contract over the socket, and its answer (or the socket's close). */
export function callApp(ws: WebSocket, name: string, input: unknown = {}): Promise<CallAnswer> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onClose = (code: number) =>
      reject(new Error(`the socket closed (${code}) before ${name} was answered`));
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as CallAnswer & { type: string; id: number };
      if (message.type !== 'result' || message.id !== id) return;
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve(message);
    };
    ws.on('message', onMessage);
    ws.once('close', onClose);
    ws.send(JSON.stringify({ type: 'call', id, name, input }));
  });
}
