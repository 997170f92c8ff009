import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import {
  SocketQjob,
  type SocketLike,
} from '../../../src/renderer/services/transport/socket-client';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { startWebServer, type WebServer } from '../../../src/web/server';

const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-browser-mode-'));
const rendererDir = path.join(root, 'renderer');
mkdirSync(rendererDir);
writeFileSync(
  path.join(rendererDir, 'index.html'),
  '<!doctype html><title>Quantum Job Studio</title>',
);

let server: WebServer;
let qjob: SocketQjob;

beforeAll(async () => {
  server = await startWebServer({
    dataDir: path.join(root, 'data'),
    rendererDir,
    variant: 'B',
    simulatorSpeed: 20,
    secretStoreFactory: async () => new MemorySecretStore(),
    checkOutput: true,
  });
  const token = new URL(server.url).hash.replace('#token=', '');
  // The renderer's own transport, with the ws package standing in for the browser's WebSocket.
  qjob = new SocketQjob({
    url: `ws://127.0.0.1:${server.port}/ws`,
    token,
    createSocket: (url, protocols) =>
      new WebSocket(url, protocols, {
        headers: { Origin: `http://127.0.0.1:${server.port}` },
      }) as unknown as SocketLike,
  });
});
afterAll(async () => {
  qjob?.close();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('browser mode: the renderer’s transport against the real core and simulator', () => {
  it('starts on the requested variant’s simulator, logged in as demo', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    const session = await qjob.call('session.get', {});
    expect(session).toMatchObject({ profileId: 'simulator-b', state: 'active', user: 'demo' });
    expect((await qjob.call('app.info', {})).shell).toBe('web');
  });

  it('lists devices and submits a payload; the job’s status events arrive over the socket', async () => {
    const { devices } = await qjob.call('devices.list', { refresh: true });
    expect(devices.some((d) => d.code === 'sim.statevector')).toBe(true);
    const completed = new Promise<EventPayload<'jobs.status'>>((resolve) => {
      const off = qjob.on('jobs.status', (e) => {
        if (e.to !== 'completed') return;
        off();
        resolve(e);
      });
    });
    const text = readFileSync('test/fixtures/dialect/b-sampling-bell.yaml', 'utf8');
    const submitted = await qjob.call('jobs.submit', {
      text,
      deviceCode: 'sim.statevector',
      name: 'bell',
    });
    expect((await completed).jobId).toBe(submitted.jobId);
  });

  it('answers a call that breaks the contract with the wrong fields', async () => {
    const error = await qjob.call('jobs.get', { id: -1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid-input', issues: [{ path: 'id' }] });
  });

  it('says open/save dialogs are the browser’s job in browser mode', async () => {
    await expect(qjob.call('files.open', {})).rejects.toMatchObject({ code: 'unsupported' });
  });
});
