import { describe, expect, it, vi } from 'vitest';
import { QjobCallError } from '../../../../src/shared/ipc/call-error';
import { SocketQjob, type SocketLike } from '../../../../src/renderer/transport/socket-client';

/** A socket the test drives by hand. */
class FakeSocket {
  readyState = 0;
  sent: { id: number; name: string; input: unknown }[] = [];
  readonly listeners = new Map<string, ((e?: { data: unknown }) => void)[]>();
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.fire('close');
  }
  addEventListener(type: string, listener: (e?: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, data?: unknown): void {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const l of this.listeners.get(type) ?? []) l(data === undefined ? undefined : { data });
  }
  reply(message: unknown): void {
    this.fire('message', JSON.stringify(message));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = new SocketQjob({
    url: 'ws://127.0.0.1:1/ws',
    token: 'secret-token',
    createSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s as unknown as SocketLike;
    },
    reconnectDelaysMs: [10],
  });
  return { client, sockets, current: () => sockets[sockets.length - 1]! };
}

describe('the contract over browser mode’s WebSocket', () => {
  it('offers the token as a subprotocol, not in the URL', () => {
    const { current } = setup();
    expect(current().url).toBe('ws://127.0.0.1:1/ws');
    expect(current().protocols).toEqual(['qjob.v1', 'qjob.token.secret-token']);
  });

  it('holds calls until the socket is open, then pairs answers with calls', async () => {
    const { client, current } = setup();
    const info = client.call('app.info', {});
    const session = client.call('session.get', {});
    expect(current().sent).toEqual([]);
    current().fire('open');
    expect(current().sent.map((m) => m.name)).toEqual(['app.info', 'session.get']);
    const [a, b] = current().sent;
    current().reply({ type: 'result', id: b!.id, ok: true, value: 'session' });
    current().reply({ type: 'result', id: a!.id, ok: true, value: 'info' });
    await expect(info).resolves.toBe('info');
    await expect(session).resolves.toBe('session');
  });

  it('rejects a failed call with a QjobCallError carrying code and issues', async () => {
    const { client, current } = setup();
    current().fire('open');
    const p = client.call('jobs.get', { id: 1 });
    const id = current().sent[0]!.id;
    current().reply({
      type: 'result',
      id,
      ok: false,
      error: { code: 'invalid-input', message: 'no', issues: [{ path: 'id', message: 'bad' }] },
    });
    const error = await p.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QjobCallError);
    expect(error).toMatchObject({ code: 'invalid-input', issues: [{ path: 'id' }] });
  });

  it('refuses a name outside the contract without sending it', async () => {
    const { client, current } = setup();
    current().fire('open');
    const error = await client.call('nope' as 'app.info', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unknown-call' });
    expect(current().sent).toEqual([]);
  });

  it('delivers events to their listeners until unsubscribed', () => {
    const { client, current } = setup();
    current().fire('open');
    const seen: unknown[] = [];
    const off = client.on('devices.updated', (p) => seen.push(p));
    current().reply({
      type: 'event',
      name: 'devices.updated',
      payload: { devices: [], fetchedAt: 'now' },
    });
    current().reply({ type: 'event', name: 'session.changed', payload: {} });
    off();
    current().reply({
      type: 'event',
      name: 'devices.updated',
      payload: { devices: [], fetchedAt: 'later' },
    });
    expect(seen).toEqual([{ devices: [], fetchedAt: 'now' }]);
  });

  it('fails calls in flight when the socket drops, reconnects, and sends held calls on the new socket', async () => {
    vi.useFakeTimers();
    try {
      const { client, sockets, current } = setup();
      const statuses: string[] = [];
      client.onStatus((s) => statuses.push(s));
      current().fire('open');
      const inFlight = client.call('devices.list', {});
      current().fire('close');
      await expect(inFlight).rejects.toMatchObject({ code: 'transport-closed' });
      const held = client.call('session.get', {});
      await vi.advanceTimersByTimeAsync(20);
      expect(sockets).toHaveLength(2);
      current().fire('open');
      const id = current().sent[0]!.id;
      current().reply({ type: 'result', id, ok: true, value: 'ok' });
      await expect(held).resolves.toBe('ok');
      expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
      client.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
