import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { SOCKET_MAX_FRAME_BYTES } from '../../src/shared/ipc/limits';
import { SOCKET_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../src/shared/ipc/socket-protocol';
import type { Expectation } from './hostile-corpus';
import { readIndex } from './hostile-corpus';

/**
 * The socket corpus (test/fixtures/hostile/socket/index.json) played against a browser-mode
 * server: how to connect (token, Host, Origin, subprotocol), what to send, and what came of it
 * (`http 401`, `close 1009`, `answer busy`, ...), for the socket test and the memory test.
 */
export interface SocketCase {
  id: string;
  what: string;
  connect: {
    token?: 'launch' | 'none' | 'forged' | 'reused';
    host?: string;
    origin?: string;
    subprotocol?: boolean;
  };
  send?:
    | { kind: 'text'; text: string }
    | { kind: 'bytes'; hex: string }
    | { kind: 'binary'; hex: string }
    | { kind: 'oversize' }
    | { kind: 'deep'; depth: number }
    | { kind: 'flood'; count: number }
    /** `calls` jobs.watch calls of `ids` job ids each, every id a new one. */
    | { kind: 'watch'; calls: number; ids: number };
  expect: Expectation;
}

export const socketCases = (): SocketCase[] => readIndex<SocketCase>('socket');

export interface SocketTarget {
  port: number;
  /** A fresh one-use launch token. */
  launchToken(): Promise<string>;
}

/** The HTTP answer to an upgrade the server refuses: `http <status>` and its text. */
function rawUpgrade(port: number, headers: string[]): Promise<{ code: string; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        [
          'GET /ws HTTP/1.1',
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          ...headers,
          '',
          '',
        ].join('\r\n'),
      );
    });
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? '?';
      resolve({ code: `http ${status}`, text });
    });
  });
}

/** Plays one case; `code` is what came of it, `message` the words that came with it. */
export async function playSocketCase(
  target: SocketTarget,
  c: SocketCase,
): Promise<{ code: string; message: string }> {
  const { port } = target;
  const good = await target.launchToken();
  let token = good;
  if (c.connect.token === 'none') token = '';
  if (c.connect.token === 'forged') token = '0'.repeat(64);
  if (c.connect.token === 'reused') {
    // The page opens with it once, as the launch address is meant to be used.
    const first = new WebSocket(
      `ws://127.0.0.1:${port}/ws`,
      [SOCKET_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${good}`],
      { headers: { Origin: `http://127.0.0.1:${port}` } },
    );
    first.on('error', () => undefined);
    await new Promise((r) => first.once('message', r));
    first.close();
  }
  const protocols = [
    ...(c.connect.subprotocol === false ? [] : [SOCKET_PROTOCOL]),
    ...(token ? [`${TOKEN_PROTOCOL_PREFIX}${token}`] : []),
  ];
  const host = `${c.connect.host ?? '127.0.0.1'}:${port}`;
  const origin = c.connect.origin ?? `http://127.0.0.1:${port}`;
  if (!c.send) {
    const headers = [`Host: ${host}`, `Origin: ${origin}`];
    if (protocols.length) headers.push(`Sec-WebSocket-Protocol: ${protocols.join(', ')}`);
    const { code, text } = await rawUpgrade(port, headers);
    return { code, message: text.split('\r\n\r\n')[1] ?? '' };
  }

  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, protocols, {
    headers: { Origin: origin, Host: host },
    maxPayload: 0,
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: string; message: string }>((resolve) =>
    ws.once('close', (code, reason) =>
      resolve({ code: `close ${code}`, message: reason.toString() }),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve()); // the session token comes first
    ws.once('close', () => reject(new Error(`${c.id}: closed before its session`)));
  });
  type Result = { type: string; ok: boolean; error?: { code: string; message: string } };
  const answers: Result[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Result;
    if (m.type === 'result') answers.push(m);
  });
  const answered = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (answers.length >= count ? resolve() : setTimeout(check, 10));
      check();
    });

  const send = c.send;
  let expected = 1;
  switch (send.kind) {
    case 'text':
      ws.send(send.text);
      break;
    case 'bytes':
      ws.send(Buffer.from(send.hex, 'hex'), { binary: false });
      break;
    case 'binary':
      ws.send(Buffer.from(send.hex, 'hex'), { binary: true });
      break;
    case 'oversize':
      ws.send(Buffer.alloc(SOCKET_MAX_FRAME_BYTES + 1, 0x20), { binary: false });
      break;
    case 'deep': {
      const input = `${'['.repeat(send.depth)}${']'.repeat(send.depth)}`;
      ws.send(`{"type":"call","id":1,"name":"templates.list","input":{"variant":${input}}}`);
      break;
    }
    case 'flood':
      expected = send.count;
      for (let id = 1; id <= send.count; id++)
        ws.send(JSON.stringify({ type: 'call', id, name: 'app.info', input: {} }));
      break;
    case 'watch':
      expected = send.calls;
      for (let id = 1; id <= send.calls; id++) {
        const first = 1_000_000 + (id - 1) * send.ids;
        const ids = Array.from({ length: send.ids }, (_, i) => first + i);
        ws.send(JSON.stringify({ type: 'call', id, name: 'jobs.watch', input: { ids } }));
      }
      break;
  }
  const outcome = await Promise.race([closed, answered(expected).then(() => null)]);
  ws.close();
  if (outcome) return outcome;
  const busy = answers.filter((a) => a.error?.code === 'busy');
  const failed = answers.find((a) => !a.ok && a.error?.code !== 'busy');
  if (failed) return { code: `answer ${failed.error!.code}`, message: failed.error!.message };
  if (busy.length)
    return {
      code: 'answer busy',
      message: `${busy.length} of ${answers.length} busy: ${busy[0]!.error!.message}`,
    };
  return { code: 'answer ok', message: '' };
}

/** A masked text frame, as a client must send it (RFC 6455 §5.2). */
function clientTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i & 3]!;
  const n = payload.length;
  let head: Buffer;
  if (n < 126) head = Buffer.from([0x81, 0x80 | n]);
  else if (n < 65_536) head = Buffer.from([0x81, 0x80 | 126, n >> 8, n & 0xff]);
  else {
    head = Buffer.alloc(10);
    head[0] = 0x81;
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, mask, payload]);
}

/** A page that sends calls and never reads a byte of what comes back. */
export interface NonReadingClient {
  send(text: string): void;
  destroy(): void;
}

/**
 * A WebSocket client made by hand on a TCP socket: the upgrade with a launch token, then text
 * frames, and nothing read after the server's 101 (the socket is paused), so everything the
 * server sends stays unread on its side once the kernel's buffers are full.
 */
export function nonReadingClient(port: number, launchToken: string): Promise<NonReadingClient> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(
        [
          'GET /ws HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Origin: http://127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          `Sec-WebSocket-Protocol: ${SOCKET_PROTOCOL}, ${TOKEN_PROTOCOL_PREFIX}${launchToken}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    let head = '';
    const onData = (data: Buffer): void => {
      head += data.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      if (!head.startsWith('HTTP/1.1 101')) {
        socket.destroy();
        reject(new Error(`the upgrade was refused: ${head.split('\r\n')[0]}`));
        return;
      }
      // A server that closes or cuts it off is what the attack is about, not an error here.
      socket.on('error', () => undefined);
      resolve({
        send: (text) => socket.write(clientTextFrame(text)),
        destroy: () => socket.destroy(),
      });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}
