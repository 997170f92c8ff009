import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type {
  JobDetailEvent,
  JobFailureEvent,
  JobStatusEvent,
} from '../../../../src/core/jobs/poller-events';
import { JobPoller } from '../../../../src/core/jobs/poller';
import { waitForJob } from '../../../../src/core/jobs/wait';
import type { WaitError, WaitProgress } from '../../../../src/core/jobs/wait';
import type { Logger } from '../../../../src/core/logging/logger';
import type { JobStatus, VariantId } from '../../../../src/shared/variants';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import type { FakeHandler } from '../../../support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../../../support/wire-fixtures';

/**
 * The job watcher's rules one by one: which failures mean "the service is unreachable" and
 * which belong to one job, what it asks for and when, and that it stops for good.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function pollerOn(
  variant: VariantId,
  handler: FakeHandler,
  extra: { concurrency?: number; logger?: Logger } = {},
) {
  const fetch = fakeFetch(handler);
  const poller = new JobPoller({
    client: createServiceClient({ baseUrl: BASE_URL, variant, fetch, retry: { retries: 0 } }),
    random: () => 0.5,
    cadence: { runningMs: 1_000, waitingMs: 3_000, backoffBaseMs: 1_000, maxBackoffMs: 8_000 },
    ...extra,
  });
  const status: JobStatusEvent[] = [];
  const detail: JobDetailEvent[] = [];
  const failure: JobFailureEvent[] = [];
  const connection: string[] = [];
  poller.on('status', (e) => status.push(e));
  poller.on('detail', (e) => detail.push(e));
  poller.on('failure', (e) => failure.push(e));
  poller.on('connection', (e) => connection.push(e.state));
  return { fetch, poller, status, detail, failure, connection };
}

const lookup = (id: number, status: JobStatus | undefined, extra = {}) =>
  jsonResponse(wireJobDetail('A', { ...jobInfo(id, status), ...extra }));

describe('what the watcher counts as the service being unreachable', () => {
  it.each([
    [500, 'reconnecting'],
    [502, 'reconnecting'],
    [599, 'reconnecting'],
    [429, 'reconnecting'],
  ])('HTTP %i on the job list: %s, the job stays watched', async (status, state) => {
    const w = pollerOn('B', () => jsonResponse({ message: 'no' }, status));
    w.poller.watch(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.connection).toEqual([state]);
    expect(w.poller.connection).toBe('reconnecting');
    expect(w.failure).toEqual([]);
    expect(w.poller.watching).toEqual([1]);
    w.poller.stop();
  });

  it.each([400, 408, 422, 499])(
    'HTTP %i on the job list: the list is unusable, each job is asked for by id',
    async (status) => {
      const lines: string[] = [];
      const logger = { ...silent(), warn: (m: string) => lines.push(m) };
      const w = pollerOn(
        'B',
        (req) =>
          req.path === '/jobs'
            ? jsonResponse({ message: 'bad list' }, status)
            : jsonResponse(wireJobDetail('B', jobInfo(1, 'running'))),
        { logger },
      );
      w.poller.watch(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(w.connection).toEqual([]);
      expect(w.poller.connection).toBe('online');
      expect(w.fetch.calls.map((c) => c.path)).toEqual(['/jobs', '/jobs/1']);
      expect(w.status.map((s) => s.to)).toEqual(['running']);
      expect(lines[0]).toMatch(
        /^job list unusable, polling jobs one by one: Listing jobs failed: HTTP \d+: bad list/,
      );
      w.poller.stop();
    },
  );

  it('a record missing from the list is asked for by id; a job not yet due is not', async () => {
    const w = pollerOn('B', (req) =>
      req.path === '/jobs'
        ? jsonResponse(wireJobList('B', [jobInfo(1, 'running')]))
        : jsonResponse(wireJobDetail('B', jobInfo(2, 'queued'))),
    );
    w.poller.watch(1);
    w.poller.watch(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.fetch.calls.map((c) => c.path)).toEqual(['/jobs', '/jobs/2']);
    // At 1 s job 1 (running) is due, job 2 (queued: every 3 s) is not: only the list.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(w.fetch.calls.map((c) => c.path)).toEqual(['/jobs', '/jobs/2', '/jobs']);
    w.poller.stop();
  });
});

describe('failures that belong to one job', () => {
  it.each([
    [404, true],
    [410, true],
    [403, false],
    [401, false],
  ])('HTTP %i on a lookup: reported, final %s', async (status, final) => {
    const w = pollerOn('A', () => jsonResponse({ message: 'nope' }, status));
    w.poller.watch(3);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.failure.map((f) => [f.jobId, f.final])).toEqual([[3, final]]);
    expect(w.poller.watching).toEqual(final ? [] : [3]);
    if (!final) {
      // Looked at again, slowly: after the longest back-off.
      await vi.advanceTimersByTimeAsync(7_900);
      expect(w.fetch.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(w.fetch.calls).toHaveLength(2);
    }
    expect(w.connection).toEqual([]);
    w.poller.stop();
  });

  it('an id that cannot be a job is dropped at once, nothing sent', async () => {
    const w = pollerOn('A', () => lookup(1, 'running'));
    w.poller.watch(-4);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.failure.map((f) => [f.jobId, f.final, f.error.code])).toEqual([
      [-4, true, 'invalid-request'],
    ]);
    expect(w.fetch.calls).toEqual([]);
    w.poller.stop();
  });

  it('a record that does not decode is reported for its job; the others go on', async () => {
    const w = pollerOn('A', (req) =>
      req.path === '/jobs/1' ? jsonResponse({ id: 1, status: 'exploded' }) : lookup(2, 'running'),
    );
    w.poller.watch(1);
    w.poller.watch(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.failure.map((f) => [f.jobId, f.final, f.error.code])).toEqual([[1, false, 'decode']]);
    expect(w.status.map((s) => [s.jobId, s.to])).toEqual([[2, 'running']]);
    w.poller.stop();
  });
});

describe('what the watcher asks for, and how many at once', () => {
  it('never more lookups in flight than its concurrency (at least one)', async () => {
    for (const [concurrency, expected] of [
      [2, 2],
      [0, 1],
    ] as const) {
      let inFlight = 0;
      let most = 0;
      const w = pollerOn(
        'A',
        async (req) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 100));
          inFlight--;
          return lookup(Number(req.path.split('/')[2]), 'running');
        },
        { concurrency },
      );
      for (let id = 1; id <= 6; id++) w.poller.watch(id);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(most).toBe(expected);
      expect(w.status).toHaveLength(6);
      w.poller.stop();
    }
  });

  it('a job without status that ended fetches its detail once; the detail tells its status', async () => {
    const w = pollerOn('A', (req) => {
      const full = req.url.searchParams.get('logs') === 'true';
      return full
        ? lookup(8, 'completed', { completed_at: '2026-11-22T11:30:00Z' })
        : lookup(8, undefined, { completed_at: '2026-11-22T11:30:00Z' });
    });
    w.poller.watch(8);
    await vi.advanceTimersByTimeAsync(100);
    expect(w.status.map((s) => [s.from, s.to])).toEqual([[null, 'completed']]);
    expect(w.detail.map((d) => [d.jobId, d.status])).toEqual([[8, 'completed']]);
    expect(w.fetch.calls).toHaveLength(2);
    expect(w.poller.watching).toEqual([]);
    w.poller.stop();
  });

  it('an error text of blanks does not count as a failure', async () => {
    const w = pollerOn('A', (req) =>
      req.url.searchParams.get('error') === 'true'
        ? jsonResponse({ ...wireJobDetail('A', jobInfo(4, undefined)), error: 'ICAg' /* "   " */ })
        : lookup(4, undefined),
    );
    w.poller.watch(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.detail).toEqual([]);
    expect(w.poller.watching).toEqual([4]);
    w.poller.stop();
  });

  it('unwatch stops looking at a job; with nothing left nothing more is sent', async () => {
    const w = pollerOn('A', () => lookup(1, 'running'));
    w.poller.watch(1);
    w.poller.watch(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.fetch.calls).toHaveLength(1);
    w.poller.unwatch(1);
    expect(w.poller.watching).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.fetch.calls).toHaveLength(1);
    w.poller.stop();
  });
});

describe('stopping', () => {
  it('cancels what is in flight, reports nothing more, and refuses new jobs', async () => {
    const w = pollerOn('B', () => new Promise(() => undefined));
    w.poller.watch(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.fetch.calls).toHaveLength(1);
    w.poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect([w.connection, w.failure, w.status]).toEqual([[], [], []]);
    expect(w.fetch.calls).toHaveLength(1);
    expect(w.poller.watching).toEqual([]);
    expect(() => w.poller.watch(2)).toThrow('JobPoller: watch() after stop()');
  });

  it('comes back online after the service answers again, and says so once', async () => {
    let down = true;
    const w = pollerOn('B', () =>
      down
        ? Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))
        : jsonResponse(wireJobList('B', [jobInfo(1, 'running')])),
    );
    w.poller.watch(1);
    await vi.advanceTimersByTimeAsync(10);
    down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(w.connection).toEqual(['reconnecting', 'online']);
    expect(w.poller.connection).toBe('online');
    w.poller.stop();
  });
});

describe('waitForJob', () => {
  const service = (status: JobStatus) => (req: { path: string }) =>
    req.path === '/jobs'
      ? jsonResponse(wireJobList('B', [jobInfo(5, status)]))
      : jsonResponse(wireJobDetail('B', jobInfo(5, status)));

  it('looks as often as asked, whatever the status', async () => {
    const fetch = fakeFetch(service('queued'));
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'B',
      fetch,
      retry: { retries: 0 },
    });
    const controller = new AbortController();
    const waiting = waitForJob(client, 5, { intervalMs: 400, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(2_010);
    expect(fetch.calls).toHaveLength(6);
    controller.abort();
    const error = (await waiting) as WaitError;
    expect([error.name, error.code, error.jobId, error.lastStatus, error.message]).toEqual([
      'WaitError',
      'aborted',
      5,
      'queued',
      'Waiting for job 5 was cancelled.',
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch.calls).toHaveLength(6);
  });

  it('a signal that already fired: nothing is asked', async () => {
    const fetch = fakeFetch(service('queued'));
    const client = createServiceClient({ baseUrl: BASE_URL, variant: 'B', fetch });
    const error = (await waitForJob(client, 5, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    )) as WaitError;
    expect([error.code, error.lastStatus]).toEqual(['aborted', null]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch.calls).toEqual([]);
  });

  it('gives up on a job that does not exist, and on a login that is refused', async () => {
    for (const [status, code] of [
      [404, 'http'],
      [401, 'auth'],
    ] as const) {
      const fetch = fakeFetch(() => jsonResponse({ message: 'no' }, status));
      const client = createServiceClient({
        baseUrl: BASE_URL,
        variant: 'A',
        fetch,
        retry: { retries: 0 },
      });
      const waiting = waitForJob(client, 5).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(100);
      expect(((await waiting) as { code: string }).code).toBe(code);
    }
  });

  it('reports a passing failure and the connection while it waits, and the time-out names the last status', async () => {
    let n = 0;
    const fetch = fakeFetch(() => {
      n++;
      if (n === 1) return jsonResponse({ id: 5, status: 'exploded' });
      if (n === 2)
        return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
      return jsonResponse(wireJobDetail('A', jobInfo(5, undefined)));
    });
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'A',
      fetch,
      retry: { retries: 0 },
    });
    const progress: WaitProgress[] = [];
    const waiting = waitForJob(client, 5, {
      intervalMs: 100,
      timeoutMs: 45_000,
      onProgress: (p) => progress.push(p),
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(46_000);
    expect(progress.map((p) => p.type)).toEqual(expect.arrayContaining(['failure', 'connection']));
    expect(progress.find((p) => p.type === 'failure')).toMatchObject({
      jobId: 5,
      message: expect.stringMatching(/^Fetching job 5 failed/),
    });
    const error = (await waiting) as WaitError;
    expect(error.message).toBe(
      'Job 5 did not finish within 45 s. Its status has not been seen yet; only the waiting stopped: wait again or check it later.',
    );
  });
});

function silent(): Logger {
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
}

describe('one request at a time per job, and only what is due', () => {
  it('a lookup slower than the cadence is not sent again while it is on its way', async () => {
    let inFlight = 0;
    let most = 0;
    const w = pollerOn('A', async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2_500));
      inFlight--;
      return lookup(1, 'running');
    });
    w.poller.watch(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    expect(w.fetch.calls.length).toBeGreaterThanOrEqual(3);
    w.poller.stop();
  });

  it('when only a finished job’s detail is due, no list is asked for', async () => {
    const w = pollerOn('B', (req) =>
      req.path === '/jobs'
        ? jsonResponse(wireJobList('B', [jobInfo(1, 'completed')]))
        : new Promise(() => undefined),
    );
    w.poller.watch(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.fetch.calls.map((c) => c.path)).toEqual(['/jobs', '/jobs/1']);
    w.poller.stop();
  });

  it('waitForJob needs no progress listener, through failures and reconnects', async () => {
    let n = 0;
    const fetch = fakeFetch(() => {
      n++;
      if (n === 1) return jsonResponse({ id: 5, status: 'exploded' });
      if (n === 2)
        return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
      return jsonResponse(wireJobDetail('A', jobInfo(5, 'completed')));
    });
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'A',
      fetch,
      retry: { retries: 0 },
    });
    const waiting = waitForJob(client, 5, { intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(40_000);
    expect((await waiting).status).toBe('completed');
  });
});

describe('waitForJob with a text part larger than the client keeps', () => {
  it('returns which part was cut, so the waiting command can say so', async () => {
    const fetch = fakeFetch((req) =>
      req.path === '/jobs'
        ? jsonResponse(wireJobList('A', [jobInfo(9, 'error')]))
        : jsonResponse(
            wireJobDetail('A', {
              ...jobInfo(9, 'error'),
              error: 'boom',
              error_logs: `${'x'.repeat(500)}\nthe end\n`,
            }),
          ),
    );
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'A',
      fetch,
      retry: { retries: 0 },
      limits: { keep: { error_logs: 100 } },
    });
    const waiting = waitForJob(client, 9, { intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(1_000);
    const result = await waiting;
    expect(result.truncated).toEqual([
      expect.objectContaining({ field: 'error_logs', kept: 'tail', totalBytes: 509 }),
    ]);
    expect(result.detail.error_logs?.endsWith('the end\n')).toBe(true);
  });
});

describe('statuses only move forward (issue 28)', () => {
  it('a service that says queued of a running job, or running of a completed one, moves nothing back', async () => {
    // The list says: queued, running, queued (back), completed; the full detail: running (back).
    const said: JobStatus[] = ['queued', 'running', 'queued', 'completed'];
    let lists = 0;
    const warned: string[] = [];
    const logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (m: string) => warned.push(m),
      error: () => undefined,
    } as unknown as Logger;
    const { poller, status, detail } = pollerOn(
      'B',
      (req) => {
        if (req.path === '/jobs') {
          const now = said[Math.min(lists++, said.length - 1)]!;
          return jsonResponse(wireJobList('B', [jobInfo(9, now)]));
        }
        return jsonResponse(wireJobDetail('B', { ...jobInfo(9, 'running'), jobType: 'digital' }));
      },
      { logger },
    );
    poller.watch(9);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(status.map((e) => `${e.from}->${e.to}`)).toEqual([
      'null->queued',
      'queued->running',
      'running->completed',
    ]);
    expect(detail.map((e) => e.status)).toEqual(['completed']);
    expect(warned.filter((m) => m.includes('statuses only move forward'))).toEqual([
      'job 9: the service reported queued after running; the job stays running (statuses only move forward)',
      'job 9: the service reported running after completed; the job stays completed (statuses only move forward)',
    ]);
    poller.stop();
  });
});
