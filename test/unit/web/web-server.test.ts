import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CALL_NAMES } from '../../../src/shared/ipc/contract';
import { createEventHub } from '../../../src/core/app/event-hub';
import type { HandlerTable } from '../../../src/core/app/dispatch';
import type { AppCore } from '../../../src/core/app/types';
import { silentLogger } from '../../../src/core/logging/logger';
import { SettingsStore } from '../../../src/core/profiles/settings-store';
import { startWebServer, type WebServer } from '../../../src/web/server';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/ipc/content-security-policy';

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

type Opened = { ws: WebSocket; status: 'open' } | { status: number };
function openSocket(protocols: string[], headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, protocols, { headers });
    ws.on('open', () => resolve({ ws, status: 'open' }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', () => undefined);
  });
}

function callOver(ws: WebSocket, message: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(data.toString())));
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
