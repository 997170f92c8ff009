import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type {
  ConnectionEvent,
  JobDetailEvent,
  JobFailureEvent,
  JobStatusEvent,
} from '../../../../src/core/jobs/poller-events';
import { JobPoller } from '../../../../src/core/jobs/poller';
import { WaitError, waitForJob } from '../../../../src/core/jobs/wait';
import type { JobStatus, VariantId } from '../../../../src/shared/variants';
import { encodeBase64Text } from '../../../../src/shared/wire';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../../../support/wire-fixtures';

/** Jobs whose status follows a timeline: [[fromMs, status], ...] relative to the test start. */
function fakeService(
  variant: VariantId,
  timelines: Record<number, [number, JobStatus][]>,
  options: { downBetween?: [number, number] } = {},
) {
  const start = Date.now();
  const statusOf = (id: number): JobStatus => {
    const t = Date.now() - start;
    let current: JobStatus = 'pending';
    for (const [from, status] of timelines[id] ?? []) if (t >= from) current = status;
    return current;
  };
  const info = (id: number) => {
    const status = statusOf(id);
    const done = ['completed', 'error', 'cancelled', 'timeout'].includes(status);
    return jobInfo(id, status, done ? { completed_at: '2026-11-22T11:30:00Z' } : {});
  };
  const fetch = fakeFetch((req) => {
    const t = Date.now() - start;
    if (options.downBetween && t >= options.downBetween[0] && t < options.downBetween[1]) {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    }
    if (req.path === '/jobs')
      return jsonResponse(
        wireJobList(
          variant,
          Object.keys(timelines).map((id) => info(Number(id))),
        ),
      );
    const m = /^\/jobs\/(\d+)$/.exec(req.path);
    if (m) {
      const id = Number(m[1]);
      if (!timelines[id]) return jsonResponse({ message: `job ${id} not found` }, 404);
      const full = req.url.searchParams.get('logs') === 'true';
      const detail = { ...info(id), ...(full ? { logs: `log of ${id}` } : {}) };
      const wire = wireJobDetail(variant, detail);
      if (full) wire.logs = encodeBase64Text(`log of ${id}`);
      return jsonResponse(wire);
    }
    return jsonResponse({ message: 'no route' }, 404);
  });
  return fetch;
}

function clientFor(variant: VariantId, fetch: ReturnType<typeof fakeFetch>) {
  return createServiceClient({ baseUrl: BASE_URL, variant, fetch, retry: { retries: 0 } });
}

function record(poller: JobPoller) {
  const events = {
    status: [] as JobStatusEvent[],
    detail: [] as JobDetailEvent[],
    connection: [] as ConnectionEvent[],
    failure: [] as JobFailureEvent[],
  };
  poller.on('status', (e) => events.status.push(e));
  poller.on('detail', (e) => events.detail.push(e));
  poller.on('connection', (e) => events.connection.push(e));
  poller.on('failure', (e) => events.failure.push(e));
  return events;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('JobPoller, job records with status (Variant B)', () => {
  it('serves every watched job from one GET /jobs per tick, then fetches each full detail once', async () => {
    const fetch = fakeService('B', {
      1: [
        [0, 'queued'],
        [3_500, 'running'],
        [6_500, 'completed'],
      ],
      2: [
        [0, 'running'],
        [2_500, 'error'],
      ],
      3: [
        [0, 'validating'],
        [1_000, 'queued'],
        [4_000, 'running'],
        [8_500, 'completed'],
      ],
    });
    const poller = new JobPoller({ client: clientFor('B', fetch), random: () => 0.5 });
    const events = record(poller);
    for (const id of [1, 2, 3]) poller.watch(id);
    await vi.advanceTimersByTimeAsync(15_000);

    expect(poller.watching).toEqual([]);
    const light = fetch.calls.filter((c) => /^\/jobs\/\d+$/.test(c.path) && c.url.search === '');
    expect(light).toHaveLength(0);
    const full = fetch.calls.filter((c) => /^\/jobs\/\d+$/.test(c.path) && c.url.search !== '');
    expect(full.map((c) => c.path).sort()).toEqual(['/jobs/1', '/jobs/2', '/jobs/3']);
    expect(full[0]!.url.searchParams.get('payload')).toBe('true');
    // A running job is looked at every second: about 9 lists in 9 s, not one per job.
    const lists = fetch.count('GET', '/jobs');
    expect(lists).toBeGreaterThanOrEqual(6);
    expect(lists).toBeLessThanOrEqual(11);

    const path1 = events.status.filter((e) => e.jobId === 1).map((e) => `${e.from}->${e.to}`);
    expect(path1).toEqual(['null->queued', 'queued->running', 'running->completed']);
    expect(events.status.find((e) => e.jobId === 2 && e.to === 'error')).toBeDefined();
    expect(events.detail.map((d) => [d.jobId, d.status, d.detail.logs])).toEqual(
      expect.arrayContaining([
        [1, 'completed', 'log of 1'],
        [2, 'error', 'log of 2'],
        [3, 'completed', 'log of 3'],
      ]),
    );
    expect(events.connection).toEqual([]);
    poller.stop();
  });

  it('survives the service going down: reconnecting with a retry time, then online and done', async () => {
    const fetch = fakeService(
      'B',
      {
        7: [
          [0, 'running'],
          [5_000, 'completed'],
        ],
      },
      { downBetween: [1_500, 9_000] },
    );
    const poller = new JobPoller({
      client: clientFor('B', fetch),
      random: () => 0.5,
      cadence: { maxBackoffMs: 4_000 },
    });
    const events = record(poller);
    poller.watch(7);
    await vi.advanceTimersByTimeAsync(20_000);

    const reconnecting = events.connection.filter((e) => e.state === 'reconnecting');
    expect(reconnecting.length).toBeGreaterThanOrEqual(2);
    expect(reconnecting[0]!.retryAt).toMatch(/Z$/);
    expect(reconnecting.map((e) => e.attempt)).toEqual(reconnecting.map((_, i) => i + 1));
    expect(events.connection.at(-1)!.state).toBe('online');
    expect(events.detail.map((d) => d.status)).toEqual(['completed']);
    // Backed off: far fewer attempts than one per second while down.
    expect(fetch.calls.length).toBeLessThan(12);
    poller.stop();
  });
});

describe('JobPoller, job records without status in the list (Variant A)', () => {
  it('polls each job with the flag-less lookup, faster while running than while queued', async () => {
    const fetch = fakeService('A', {
      1: [
        [0, 'queued'],
        [9_000, 'running'],
        [14_000, 'completed'],
      ],
    });
    const poller = new JobPoller({ client: clientFor('A', fetch), random: () => 0.5 });
    record(poller);
    poller.watch(1);
    await vi.advanceTimersByTimeAsync(8_900);
    const whileQueued = fetch.calls.length;
    expect(whileQueued).toBeGreaterThanOrEqual(3);
    expect(whileQueued).toBeLessThanOrEqual(4);
    await vi.advanceTimersByTimeAsync(5_000);
    const whileRunning = fetch.calls.length - whileQueued;
    expect(whileRunning).toBeGreaterThanOrEqual(4);
    expect(fetch.count('GET', '/jobs')).toBe(0);
    expect(fetch.calls.every((c) => c.path === '/jobs/1' && c.url.search === '')).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    // Completed: exactly one full lookup, with the flags.
    expect(fetch.calls.filter((c) => c.url.search !== '')).toHaveLength(1);
    expect(poller.watching).toEqual([]);
    poller.stop();
  });

  /**
   * A real Variant A service may send records without `status`, and may fail a job without
   * setting `completed_at`: only the `error` text (sent when the lookup asks for it) says so.
   */
  function statuslessService(failAtMs: number | null) {
    const start = Date.now();
    return fakeFetch((req) => {
      const failed = failAtMs !== null && Date.now() - start >= failAtMs;
      const record: Record<string, unknown> = wireJobDetail('A', jobInfo(21, undefined));
      delete record.status;
      if (req.url.searchParams.get('error') === 'true' && failed) {
        record.error = encodeBase64Text('device lost qubit 3');
      }
      if (req.url.searchParams.get('logs') === 'true') record.logs = encodeBase64Text('log of 21');
      return jsonResponse(record);
    });
  }
  const asksForError = (c: { url: URL }) => c.url.searchParams.get('error') === 'true';
  const isFull = (c: { url: URL }) => c.url.searchParams.get('logs') === 'true';

  it('finds a status-less job that failed without completed_at, by asking for its error now and then', async () => {
    const fetch = statuslessService(5_000);
    const poller = new JobPoller({ client: clientFor('A', fetch), random: () => 0.5 });
    const events = record(poller);
    poller.watch(21);
    await vi.advanceTimersByTimeAsync(40_000);

    expect(poller.watching).toEqual([]);
    // The status is not invented: it stays unknown, and the error text is there to read.
    expect(events.detail.map((d) => [d.jobId, d.status, d.detail.error])).toEqual([
      [21, null, 'device lost qubit 3'],
    ]);
    expect(events.status).toEqual([]);
    // The error is asked for rarely (first look after the status-less record, then every
    // ~30 s); the other looks stay cheap.
    const checks = fetch.calls.filter((c) => asksForError(c) && !isFull(c));
    expect(checks).toHaveLength(2);
    expect(checks[0]!.url.search).toBe('?error=true');
    expect(fetch.calls.filter((c) => !asksForError(c)).length).toBeGreaterThanOrEqual(8);
    expect(fetch.calls.filter(isFull)).toHaveLength(1);
    poller.stop();
  });

  it('keeps a status-less job that has not failed under watch, checking its error every ~30 s', async () => {
    const fetch = statuslessService(null);
    const poller = new JobPoller({ client: clientFor('A', fetch), random: () => 0.5 });
    const events = record(poller);
    poller.watch(21);
    await vi.advanceTimersByTimeAsync(95_000);
    expect(poller.watching).toEqual([21]);
    expect(events.detail).toEqual([]);
    const checks = fetch.calls.filter(asksForError).length;
    expect(checks).toBeGreaterThanOrEqual(3);
    expect(checks).toBeLessThanOrEqual(4);
    poller.stop();
  });

  it('reports a job that does not exist and stops watching it', async () => {
    const fetch = fakeService('A', { 1: [[0, 'running']] });
    const poller = new JobPoller({ client: clientFor('A', fetch) });
    const events = record(poller);
    poller.watch(99);
    await vi.advanceTimersByTimeAsync(100);
    expect(events.failure).toHaveLength(1);
    expect(events.failure[0]).toMatchObject({ jobId: 99, final: true });
    expect(events.failure[0]!.error.message).toMatch(
      /Fetching job 99 failed: HTTP 404: job 99 not found/,
    );
    expect(poller.watching).toEqual([]);
    poller.stop();
  });
});

describe('waitForJob', () => {
  it('resolves with the full detail and reports progress', async () => {
    const fetch = fakeService('B', {
      5: [
        [0, 'queued'],
        [2_000, 'running'],
        [4_000, 'completed'],
      ],
    });
    const progress: string[] = [];
    const pending = waitForJob(clientFor('B', fetch), 5, {
      intervalMs: 500,
      onProgress: (p) => {
        if (p.type === 'status') progress.push(p.to);
      },
    });
    await vi.advanceTimersByTimeAsync(6_000);
    const result = await pending;
    expect(result.status).toBe('completed');
    expect(result.detail.logs).toBe('log of 5');
    expect(progress).toEqual(['queued', 'running', 'completed']);
  });

  it('gives up after its time-out with the last status', async () => {
    const fetch = fakeService('B', { 5: [[0, 'running']] });
    const pending = waitForJob(clientFor('B', fetch), 5, { timeoutMs: 3_000 });
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3_500);
    const error = (await caught) as WaitError;
    expect(error).toBeInstanceOf(WaitError);
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(
      /did not finish within 3 s\. It is still running on its device; only the waiting stopped/,
    );
    const before = fetch.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch.calls.length).toBe(before);
  });

  it('stops on the signal', async () => {
    const fetch = fakeService('B', { 5: [[0, 'running']] });
    const controller = new AbortController();
    const caught = waitForJob(clientFor('B', fetch), 5, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1_500);
    controller.abort();
    expect(((await caught) as WaitError).code).toBe('aborted');
  });
});
