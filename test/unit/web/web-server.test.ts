import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CALL_NAMES } from '../../../src/shared/ipc/contract';
import { createEventHub } from '../../../src/core/app/event-hub';
import type { HandlerTable } from '../../../src/core/app/dispatch';
import type { AppCore } from '../../../src/core/app/types';
import { silentLogger } from '../../../src/core/logging/logger';
import { SettingsStore } from '../../../src/core/profiles/settings-store';
import { startWebServer, type WebServer } from '../../../src/web/server';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/ipc/content-security-policy';
import { SOCKET_MAX_CALLS_IN_FLIGHT } from '../../../src/shared/ipc/limits';

const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-web-'));
const rendererDir = path.join(root, 'renderer');
mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
writeFileSync(
  path.join(rendererDir, 'index.html'),
  '<!doctype html><title>Quantum Job Studio</title>',
);
writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'export {}');

/** A core whose handlers are stand-ins: the server’s guards are under test, not the app. */
function fakeCore(): AppCore {
  const fail = Object.fromEntries(
    CALL_NAMES.map((n) => [n, () => Promise.reject(new Error(`unexpected ${n}`))]),
  );
  const handlers = {
    ...fail,
    'app.info': async () => ({
      name: 'Quantum Job Studio',
      version: '0.0.0',
      platform: 'linux',
      shell: 'web',
      dataDir: root,
      logFile: null,
    }),
  } as unknown as HandlerTable;
  return {
    handlers,
    events: createEventHub(),
    logger: silentLogger,
    settings: new SettingsStore({ file: path.join(root, 'settings.json') }),
    dispose: async () => undefined,
  };
}

let server: WebServer;
let core: AppCore;
beforeAll(async () => {
  core = fakeCore();
  server = await startWebServer({
    dataDir: root,
    rendererDir,
    core,
    token: 'a'.repeat(64),
    checkOutput: true,
  });
});
afterAll(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: pathname, method, headers },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

type Opened =
  { ws: WebSocket; status: 'open'; session: Promise<string | null> } | { status: number };
/** Opens a socket; `session` is the session token the server sends first (null when none comes). */
function openSocket(
  protocols: string[],
  headers: Record<string, string> = {},
  port = server.port,
): Promise<Opened> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, protocols, { headers });
    const session = new Promise<string | null>((done) => {
      ws.once('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; token?: string };
        done(m.type === 'session' ? (m.token ?? null) : null);
      });
      ws.once('close', () => done(null));
      setTimeout(() => done(null), 500);
    });
    ws.on('open', () => resolve({ ws, status: 'open', session }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', () => undefined);
  });
}

/** Sends one message and resolves with the answer to it (other messages are ignored). */
function callOver(
  ws: WebSocket,
  message: { id: number; [key: string]: unknown },
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      if (m.type !== 'result' || m.id !== message.id) return;
      ws.off('message', onMessage);
      resolve(m);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify(message));
  });
}

const token = 'a'.repeat(64);

describe('browser mode’s server', () => {
  it('prints the address with the token in the fragment', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${token}`);
  });

  it('serves the public bundle with the CSP and security headers', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('Quantum Job Studio');
    expect(index.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['cache-control']).toBe('no-store');
    expect((await get('/assets/app.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
  });

  it('serves nothing else: no traversal, no other methods, no unknown paths', async () => {
    expect((await get('/../../etc/passwd')).status).toBe(404);
    expect((await get('/missing')).status).toBe(404);
    expect((await get('/', {}, 'POST')).status).toBe(405);
    expect((await get('/ws')).status).toBe(426);
  });

  it('refuses a wrong Host header (DNS rebinding) on pages and sockets', async () => {
    expect((await get('/', { Host: `evil.example:${server.port}` })).status).toBe(421);
    expect((await get('/', { Host: `localhost:${server.port}` })).status).toBe(200);
    const socket = await openSocket(['qjob.v1', `qjob.token.${token}`], {
      Host: `evil.example:${server.port}`,
    });
    expect(socket.status).toBe(421);
  });

  it('refuses a socket without the token, with a wrong token, or from another origin', async () => {
    expect((await openSocket(['qjob.v1'])).status).toBe(401);
    expect((await openSocket(['qjob.v1', `qjob.token.${'b'.repeat(64)}`])).status).toBe(401);
    const foreign = await openSocket(['qjob.v1', `qjob.token.${token}`], {
      Origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
  });

  it('carries the contract over a socket with the right token', async () => {
    const opened = await openSocket(['qjob.v1', `qjob.token.${token}`], {
      Origin: `http://127.0.0.1:${server.port}`,
    });
    if (opened.status !== 'open') throw new Error(`socket refused: ${opened.status}`);
    const { ws } = opened;
    expect(ws.protocol).toBe('qjob.v1');
    expect(await opened.session).toMatch(/^[0-9a-f]{64}$/);
    expect(await callOver(ws, { type: 'call', id: 1, name: 'app.info', input: {} })).toMatchObject({
      type: 'result',
      id: 1,
      ok: true,
      value: { shell: 'web' },
    });
    const invalid = await callOver(ws, {
      type: 'call',
      id: 2,
      name: 'jobs.get',
      input: { id: 'seven' },
    });
    expect(invalid).toMatchObject({
      id: 2,
      ok: false,
      error: { code: 'invalid-input', issues: [{ path: 'id' }] },
    });
    const unknown = await callOver(ws, { type: 'call', id: 3, name: 'shell.exec', input: {} });
    expect(unknown).toMatchObject({ id: 3, ok: false, error: { code: 'unknown-call' } });

    const event = new Promise((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(d.toString()))),
    );
    core.events.emit('ui.command', { command: 'tab.new' });
    expect(await event).toEqual({
      type: 'event',
      name: 'ui.command',
      payload: { command: 'tab.new' },
    });

    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('not json');
    expect(await closed).toBe(4400);
  });
});

describe('browser mode’s launch token', () => {
  it('opens one connection; the session token it brings opens the later ones', async () => {
    const launch = new URL(server.newLaunchUrl()).hash.replace('#token=', '');
    const headers = { Origin: `http://127.0.0.1:${server.port}` };
    const first = await openSocket(['qjob.v1', `qjob.token.${launch}`], headers);
    if (first.status !== 'open') throw new Error(`socket refused: ${first.status}`);
    const session = await first.session;
    expect(session).toMatch(/^[0-9a-f]{64}$/);
    expect(session).not.toBe(launch);

    // The address is used up: a second tab (or whoever read it off a command line) is refused.
    expect((await openSocket(['qjob.v1', `qjob.token.${launch}`], headers)).status).toBe(401);
    // A reload of the first tab comes back with its session token, and gets no new one.
    const reload = await openSocket(['qjob.v1', `qjob.token.${session}`], headers);
    if (reload.status !== 'open') throw new Error(`socket refused: ${reload.status}`);
    expect(await reload.session).toBeNull();
    expect(
      await callOver(reload.ws, { type: 'call', id: 1, name: 'app.info', input: {} }),
    ).toMatchObject({ ok: true });
    first.ws.close();
    reload.ws.close();
  });

  it('with the session token the page proposed, lets a reload in before the first answer', async () => {
    const launch = new URL(server.newLaunchUrl()).hash.replace('#token=', '');
    const headers = { Origin: `http://127.0.0.1:${server.port}` };
    const proposal = 'ab'.repeat(32);
    const offer = ['qjob.v1', `qjob.token.${launch}`, `qjob.session.${proposal}`];
    const first = await openSocket(offer, headers);
    if (first.status !== 'open') throw new Error(`socket refused: ${first.status}`);
    // The page's own proposal is its session: the server sends none.
    expect(await first.session).toBeNull();
    first.ws.close();
    // The reloaded tab still holds the used launch token and its proposal: it gets in.
    const reload = await openSocket(offer, headers);
    expect(reload.status).toBe('open');
    if (reload.status === 'open') reload.ws.close();
    // Another proposal with the used launch token is another page: refused.
    const other = ['qjob.v1', `qjob.token.${launch}`, `qjob.session.${'cd'.repeat(32)}`];
    expect((await openSocket(other, headers)).status).toBe(401);
  });

  it('refuses a proposal no server would make, and issues a session token of its own', async () => {
    const launch = new URL(server.newLaunchUrl()).hash.replace('#token=', '');
    const opened = await openSocket(['qjob.v1', `qjob.token.${launch}`, 'qjob.session.1234']);
    if (opened.status !== 'open') throw new Error(`socket refused: ${opened.status}`);
    expect(await opened.session).toMatch(/^[0-9a-f]{64}$/);
    opened.ws.close();
    expect((await openSocket(['qjob.v1', 'qjob.token.1234'])).status).toBe(401);
  });

  it('is not used up by a handshake refused for another reason', async () => {
    const launch = new URL(server.newLaunchUrl()).hash.replace('#token=', '');
    const foreign = await openSocket(['qjob.v1', `qjob.token.${launch}`], {
      Origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect((await openSocket([`qjob.token.${launch}`])).status).toBe(400);
    const opened = await openSocket(['qjob.v1', `qjob.token.${launch}`]);
    expect(opened.status).toBe('open');
    if (opened.status === 'open') opened.ws.close();
  });
});

describe('browser mode’s sockets with failing and slow handlers', () => {
  let own: WebServer;
  let release: () => void = () => undefined;
  let running = 0;
  let mostAtOnce = 0;
  beforeAll(async () => {
    const base = fakeCore();
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handlers = {
      ...base.handlers,
      // Answers what JSON cannot carry (a bug): only this call may suffer.
      'templates.list': async () => [{ id: 1n }],
      'profiles.list': () => {
        throw new Error('a handler that throws');
      },
      'devices.list': async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await gate;
        running--;
        return { devices: [], fetchedAt: 'now' };
      },
    } as unknown as HandlerTable;
    own = await startWebServer({ dataDir: root, rendererDir, core: { ...base, handlers } });
  });
  afterAll(async () => {
    release();
    await own.stop();
  });

  async function open(): Promise<WebSocket> {
    const launch = new URL(own.newLaunchUrl()).hash.replace('#token=', '');
    const opened = await openSocket(['qjob.v1', `qjob.token.${launch}`], {}, own.port);
    if (opened.status !== 'open') throw new Error(`socket refused: ${opened.status}`);
    await opened.session;
    return opened.ws;
  }

  it('answers a handler that throws, or whose answer cannot be sent, with an error for that call alone', async () => {
    const ws = await open();
    const call = (id: number, name: string) =>
      callOver(ws, {
        type: 'call',
        id,
        name,
        input: name === 'templates.list' ? { variant: 'A' } : {},
      });
    expect(await call(1, 'templates.list')).toMatchObject({
      id: 1,
      ok: false,
      error: { code: 'internal' },
    });
    expect(await call(2, 'profiles.list')).toMatchObject({
      id: 2,
      ok: false,
      error: { code: 'internal' },
    });
    expect(await call(3, 'app.info')).toMatchObject({ id: 3, ok: true });
    ws.close();
  });

  it('runs at most the bound of calls at once per socket and answers every call', async () => {
    const ws = await open();
    const answers: { ok: boolean; error?: { code: string } }[] = [];
    const total = SOCKET_MAX_CALLS_IN_FLIGHT + 20;
    const all = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        answers.push(JSON.parse(data.toString()));
        if (answers.length === total) resolve();
      }),
    );
    for (let id = 1; id <= total; id++)
      ws.send(JSON.stringify({ type: 'call', id, name: 'devices.list', input: {} }));
    // However slow the machine, the calls in flight reach the bound and stay there.
    await vi.waitFor(() => expect(mostAtOnce).toBe(SOCKET_MAX_CALLS_IN_FLIGHT), {
      timeout: 15_000,
    });
    release();
    await all;
    expect(mostAtOnce).toBe(SOCKET_MAX_CALLS_IN_FLIGHT);
    const busy = answers.filter((a) => a.error?.code === 'busy').length;
    expect(answers.filter((a) => a.ok).length + busy).toBe(total);
    ws.close();
  });
});
