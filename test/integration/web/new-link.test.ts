import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import { startWebServer, type WebServer } from '../../../src/web/server';
import { runCli } from '../../support/cli-runner';

/**
 * A way back into a running browser mode (issue 25): the printed address opens the app once, so
 * a presenter who closed the tab had to restart the app. `qjob web --new-link` asks the running
 * server for another one-use address, authenticated by a control token only the same user can
 * read; every other caller is refused.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-new-link-'));
const rendererDir = path.join(root, 'renderer');
mkdirSync(rendererDir);
writeFileSync(
  path.join(rendererDir, 'index.html'),
  '<!doctype html><title>Quantum Job Studio</title>',
);
const dataDir = path.join(root, 'data');
// As src/web/new-link.ts names them.
const NEW_LINK_PATH = '/control/new-link';
const instanceFile = (data: string) => path.join(data, 'web', 'instance.json');
let server: WebServer;

beforeAll(async () => {
  server = await startWebServer({
    dataDir,
    rendererDir,
    variant: 'B',
    secretStoreFactory: async () => new MemorySecretStore(),
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');

/** Whether a WebSocket offering `token` is let in (the server's first message is its session). */
function admitted(token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${server.port}/ws`,
      ['qjob.v1', `qjob.token.${token}`],
      {
        headers: { Origin: `http://127.0.0.1:${server.port}` },
      },
    );
    ws.on('message', () => {
      ws.close();
      resolve(true);
    });
    ws.on('unexpected-response', () => resolve(false));
    ws.on('error', () => resolve(false));
  });
}

/** A raw request to the control path, as any program on the machine could send it. */
function post(headers: Record<string, string>, method = 'POST'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path: NEW_LINK_PATH, method, headers },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('qjob web --new-link', () => {
  it('prints another one-use address into the running browser mode, after the first was spent', async () => {
    expect(await admitted(tokenOf(server.url))).toBe(true);
    // The tab was closed: the printed address is spent.
    expect(await admitted(tokenOf(server.url))).toBe(false);

    const run = await runCli(['web', '--new-link', '--data', dataDir, '--no-open'], {
      env: { PATH: process.env.PATH },
    });
    expect(run.code, run.stderr).toBe(0);
    const url = /^Quantum Job Studio: (http:\/\/127\.0\.0\.1:(\d+)\/#token=[0-9a-f]{64})\n$/.exec(
      run.stdout,
    );
    expect(url?.[2]).toBe(String(server.port));
    expect(await admitted(tokenOf(url![1]!))).toBe(true);
    expect(await admitted(tokenOf(url![1]!))).toBe(false);
  });

  it('keeps the control token in a file only its user can read', () => {
    expect(statSync(instanceFile(dataDir)).mode & 0o077).toBe(0);
  });

  it('refuses whoever lacks the control token, web pages, and other methods', async () => {
    expect(await post({})).toBe(401);
    expect(await post({ Authorization: `Bearer ${'0'.repeat(64)}` })).toBe(401);
    expect(
      await post({ Authorization: 'Bearer x', Origin: `http://127.0.0.1:${server.port}` }),
    ).toBe(403);
    expect(await post({ Host: 'evil.example' })).toBe(421);
    expect(await post({}, 'GET')).toBe(405);
  });

  it('says when no browser mode runs for the data folder (exit 1)', async () => {
    const other = path.join(root, 'nothing-runs');
    const run = await runCli(['web', '--new-link', '--data', other, '--no-open'], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^qjob web: no browser mode is running for the data folder .*nothing-runs .*: start it with npm start or qjob web, which print an address to open\.\n$/,
    );
  });
});
