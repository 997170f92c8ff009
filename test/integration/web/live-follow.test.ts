import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MemorySecretStore } from '../../../src/core/auth/memory-secret-store';
import {
  SocketQjob,
  type SocketLike,
} from '../../../src/renderer/services/transport/socket-client';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { MAX_FOLLOWED_JOBS } from '../../../src/core/jobs/watch-limits';
import { PAGE_MAX_FOLLOWED_JOBS } from '../../../src/shared/ipc/limits';
import { startWebServer, type WebServer } from '../../../src/web/server';

/*
 * One owner of a job's live state (issue 27): the page asks the core to follow the job it shows
 * (`jobs.follow`), and the core's poller sends the job's record and logs as they change
 * (`jobs.live`) over browser mode's socket, on real loopback HTTP against the simulator. A page's
 * follows are bounded and end with its socket.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-live-follow-'));
const rendererDir = path.join(root, 'renderer');
mkdirSync(rendererDir);
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>QJS</title>');

let server: WebServer;
const pages: SocketQjob[] = [];

/** A page: the renderer's own transport, with the ws package for the browser's WebSocket. */
function openPage(): SocketQjob {
  // Each address opens the app once: each page gets one of its own.
  const token = new URL(server.newLaunchUrl()).hash.replace('#token=', '');
  const page = new SocketQjob({
    url: `ws://127.0.0.1:${server.port}/ws`,
    token,
    createSocket: (url, protocols) =>
      new WebSocket(url, protocols, {
        headers: { Origin: `http://127.0.0.1:${server.port}` },
      }) as unknown as SocketLike,
  });
  pages.push(page);
  return page;
}

beforeAll(async () => {
  server = await startWebServer({
    dataDir: path.join(root, 'data'),
    rendererDir,
    variant: 'B',
    // Simulated time at a tenth of real speed: a job runs for half a minute, its log growing.
    simulatorSpeed: 0.1,
    secretStoreFactory: async () => new MemorySecretStore(),
    checkOutput: true,
  });
});
afterAll(async () => {
  for (const page of pages) page.close();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const bell = readFileSync('resources/templates/b/bell.yaml', 'utf8');
const submit = (page: SocketQjob, name: string) =>
  page.call('jobs.submit', { text: bell, deviceCode: 'qpu.digital.sirius', name });

describe('browser mode: the core follows the job a page shows', () => {
  it('sends a followed job’s growing log over the socket until it ends', async () => {
    const page = openPage();
    const { jobId } = await submit(page, 'live over the socket');
    const live: EventPayload<'jobs.live'>[] = [];
    page.on('jobs.live', (event) => {
      if (event.jobId === jobId) live.push(event);
    });
    await page.call('jobs.follow', { profileId: 'simulator-b', id: jobId });

    await vi.waitFor(
      () => {
        const last = live.at(-1)?.view.detail;
        expect(last?.status).toMatch(/completed|error/);
      },
      { timeout: 120_000, interval: 200 },
    );
    const logs = live.map((e) => String(e.view.detail.logs ?? ''));
    // The log arrived as it grew: more than one version of it, each longer than the one before.
    expect(new Set(logs).size).toBeGreaterThan(1);
    for (let i = 1; i < logs.length; i++) expect(logs[i]!.startsWith(logs[i - 1]!)).toBe(true);
    expect(logs[0]).toContain('received');
    expect(logs.at(-1)).toMatch(/finished|error/);
    for (const event of live) {
      expect(event).toMatchObject({ profileId: 'simulator-b', view: { fromCache: false } });
      // Record and logs only: the payload is not sent while it runs.
      expect(event.view.detail.payload ?? null).toBeNull();
    }
  }, 150_000);

  it('bounds what a page and the app follow, refuses another connection’s job, and unfollows when a page goes', async () => {
    const perPage = PAGE_MAX_FOLLOWED_JOBS;
    const fill = MAX_FOLLOWED_JOBS / perPage;
    expect(Number.isInteger(fill)).toBe(true);
    const first = openPage();
    const ids: number[] = [];
    for (let i = 0; i <= MAX_FOLLOWED_JOBS; i++)
      ids.push((await submit(first, `bounded ${i}`)).jobId);
    const follow = (page: SocketQjob, id: number) =>
      page.call('jobs.follow', { profileId: 'simulator-b', id });

    await expect(
      first.call('jobs.follow', { profileId: 'simulator-a', id: ids[0]! }),
    ).rejects.toMatchObject({ code: 'conflict' });
    // Pages that follow as many jobs as each may, until the app follows as many as it may.
    const pagesFollowing = [first, ...Array.from({ length: fill - 1 }, openPage)];
    for (const [n, page] of pagesFollowing.entries())
      for (const id of ids.slice(n * perPage, (n + 1) * perPage)) await follow(page, id);
    // The same job again is no new follow; another one is past what one page may follow.
    await follow(first, ids[0]!);
    await expect(follow(first, ids.at(-1)!)).rejects.toMatchObject({
      code: 'busy',
      message: expect.stringContaining('this page follows 2 jobs already'),
    });
    // A page with room of its own is refused by the app's bound.
    const late = openPage();
    await expect(follow(late, ids.at(-1)!)).rejects.toMatchObject({
      code: 'busy',
      message: expect.stringContaining(`the app follows ${MAX_FOLLOWED_JOBS} jobs' logs already`),
    });

    // The first page goes: its follows end with its socket, and there is room again.
    first.close();
    await vi.waitFor(() => follow(late, ids.at(-1)!), { timeout: 10_000, interval: 200 });
    // Still running or waiting: had they ended, their follows would have ended with them.
    for (const id of ids.slice(0, perPage)) {
      const { detail } = await late.call('jobs.get', { id });
      expect(detail.status).not.toMatch(/completed|error|cancelled|timeout/);
    }
  }, 150_000);
});
