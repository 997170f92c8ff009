import { describe, expect, it, vi } from 'vitest';
import { QjobCallError } from '../../../../../src/shared/ipc/call-error';
import {
  SocketQjob,
  type SocketLike,
  type SocketQjobOptions,
} from '../../../../../src/renderer/services/transport/socket-client';
import { SOCKET_MAX_CALLS_IN_FLIGHT } from '../../../../../src/shared/ipc/limits';

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
  /** The server closes the socket with a code (a browser's CloseEvent carries code and reason). */
  closeWith(code: number, reason = ''): void {
    this.readyState = 3;
    for (const l of this.listeners.get('close') ?? [])
      (l as (e: unknown) => void)({ code, reason });
  }
}

function setup(extra: Partial<SocketQjobOptions> = {}) {
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
    probe: async () => false,
    ...extra,
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

  it('trades the launch token for the session token the server sends, for every later socket', async () => {
    vi.useFakeTimers();
    try {
      const kept: string[] = [];
      const { current } = setup({ onSessionToken: (t) => kept.push(t) });
      current().fire('open');
      current().reply({ type: 'session', token: 'session-token' });
      expect(kept).toEqual(['session-token']);
      current().fire('close');
      await vi.advanceTimersByTimeAsync(20);
      expect(current().protocols).toEqual(['qjob.v1', 'qjob.token.session-token']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most the bound of calls in flight and sends the rest as answers come', async () => {
    const { client, current } = setup();
    current().fire('open');
    const calls = Array.from({ length: SOCKET_MAX_CALLS_IN_FLIGHT + 5 }, () =>
      client.call('app.info', {}),
    );
    expect(current().sent).toHaveLength(SOCKET_MAX_CALLS_IN_FLIGHT);
    current().reply({ type: 'result', id: current().sent[0]!.id, ok: true, value: 1 });
    expect(current().sent).toHaveLength(SOCKET_MAX_CALLS_IN_FLIGHT + 1);
    for (const m of current().sent.slice(1))
      current().reply({ type: 'result', id: m.id, ok: true, value: 1 });
    expect(current().sent).toHaveLength(SOCKET_MAX_CALLS_IN_FLIGHT + 5);
    for (const m of current().sent.slice(SOCKET_MAX_CALLS_IN_FLIGHT + 1))
      current().reply({ type: 'result', id: m.id, ok: true, value: 1 });
    await expect(Promise.all(calls)).resolves.toHaveLength(SOCKET_MAX_CALLS_IN_FLIGHT + 5);
  });

  it('refuses a call larger than one message without sending it, and says the sizes', async () => {
    const { client, current } = setup();
    current().fire('open');
    const text = 'x'.repeat(40 * 1024 * 1024);
    const error = await client
      .call('drafts.save', {
        tabs: ['a', 'b'].map((id) => ({ id, title: id, text, path: null })),
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'too-large' });
    expect((error as Error).message).toBe(
      'This request is 80 MB; the connection to the app carries up to 64 MB at a time, so it was not sent.',
    );
    expect(current().sent).toEqual([]);
  });

  it('says why the server closed the socket, to the calls in flight and the status', async () => {
    const { client, current } = setup();
    const seen: (string | null)[] = [];
    client.onStatus((_s, detail) => seen.push(detail));
    current().fire('open');
    const inFlight = client.call('app.info', {});
    current().closeWith(1009);
    const error = await inFlight.catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/refused a message larger than 64 MB/);
    expect(seen.at(-1)).toBe(
      'The connection to the app closed: the app refused a message larger than 64 MB.',
    );
    client.close();
  });

  it('stops and says what to do when the server answers but keeps refusing the token', async () => {
    vi.useFakeTimers();
    try {
      const { client, sockets, current } = setup({ probe: async () => true });
      const statuses: string[] = [];
      client.onStatus((s) => statuses.push(s));
      const waiting = client.call('app.info', {}).catch((e: unknown) => e);
      current().closeWith(1006);
      await vi.advanceTimersByTimeAsync(20);
      current().closeWith(1006);
      await vi.advanceTimersByTimeAsync(100);
      expect(statuses.at(-1)).toBe('refused');
      expect(sockets).toHaveLength(2);
      expect(String((await waiting) as Error)).toMatch(/already used/);
      await expect(client.call('app.info', {})).rejects.toMatchObject({ code: 'transport-closed' });
    } finally {
      vi.useRealTimers();
    }
  });
});
