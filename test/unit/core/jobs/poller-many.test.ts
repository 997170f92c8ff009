import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type { JobDetailEvent } from '../../../../src/core/jobs/poller-events';
import { JobPoller } from '../../../../src/core/jobs/poller';
import type { PollCadence } from '../../../../src/core/jobs/cadence';
import { errorCheckInterval, resolveCadence } from '../../../../src/core/jobs/cadence';
import { encodeBase64Text } from '../../../../src/shared/wire';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../../../support/wire-fixtures';

/*
 * Many jobs watched at once on a variant whose job records need not carry a status
 * (Variant A): one list serves them, and the error-text lookups a status-less record needs are
 * spread so that their number per second stays bounded, however many jobs are watched.
 */

const isList = (c: { path: string }) => c.path === '/jobs';
const asksForError = (c: { url: URL }) => c.url.searchParams.get('error') === 'true';
const isFull = (c: { url: URL }) => c.url.searchParams.get('logs') === 'true';
const isLookup = (c: { path: string; url: URL }) => !isList(c) && !asksForError(c) && !isFull(c);

/**
 * `count` Variant A jobs. With `withStatus` the records say `running` until `completeAtMs`
 * (then `completed`); without, they carry no status and job `failing` fails at `failAtMs`, which
 * only its error text shows.
 */
function manyJobs(opts: {
  count: number;
  withStatus: boolean;
  completeAtMs?: number;
  failing?: number;
  failAtMs?: number;
}) {
  const start = Date.now();
  const record = (id: number, t: number) => {
    const done = opts.completeAtMs !== undefined && t >= opts.completeAtMs;
    const info = jobInfo(
      id,
      done ? 'completed' : 'running',
      done ? { completed_at: '2026-11-25T10:00:00Z' } : {},
    );
    return info;
  };
  const strip = (wire: Record<string, unknown>) => {
    if (!opts.withStatus) delete wire.status;
    return wire;
  };
  return fakeFetch((req) => {
    const t = Date.now() - start;
    if (isList(req)) {
      const list = wireJobList(
        'A',
        Array.from({ length: opts.count }, (_, i) => record(i + 1, t)),
      );
      list.items.forEach(strip);
      return jsonResponse(list);
    }
    const id = Number(/^\/jobs\/(\d+)$/.exec(req.path)?.[1]);
    const wire = strip(wireJobDetail('A', record(id, t)));
    const failed = id === opts.failing && t >= (opts.failAtMs ?? Infinity);
    if (asksForError(req) && failed) wire.error = encodeBase64Text(`job ${id}: qubit 2 lost`);
    if (isFull(req)) wire.logs = encodeBase64Text(`log of ${id}`);
    return jsonResponse(wire);
  });
}

function pollerOn(fetch: ReturnType<typeof fakeFetch>, cadence: Partial<PollCadence> = {}) {
  const client = createServiceClient({
    baseUrl: BASE_URL,
    variant: 'A',
    fetch,
    retry: { retries: 0 },
  });
  const poller = new JobPoller({ client, cadence, random: () => 0.5 });
  const details: JobDetailEvent[] = [];
  poller.on('detail', (e) => details.push(e));
  return { poller, details };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('JobPoller, many jobs on Variant A', () => {
  it('serves more than `listAbove` due jobs from one GET /jobs, not one lookup each', async () => {
    const fetch = manyJobs({ count: 40, withStatus: true, completeAtMs: 20_000 });
    const { poller, details } = pollerOn(fetch);
    for (let id = 1; id <= 40; id++) poller.watch(id);
    await vi.advanceTimersByTimeAsync(19_000);
    // One list a second while running; no job looked up by id.
    expect(fetch.calls.filter(isList).length).toBeGreaterThanOrEqual(15);
    expect(fetch.calls.filter(isLookup)).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    // Each completed job's full detail, exactly once.
    expect(details.map((d) => d.jobId).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(fetch.calls.filter(isFull)).toHaveLength(40);
    expect(poller.watching).toEqual([]);
    poller.stop();
  });

  it('keeps per-job lookups for a few jobs (a list can be larger than a few records)', async () => {
    const fetch = manyJobs({ count: 3, withStatus: true });
    const { poller } = pollerOn(fetch);
    for (let id = 1; id <= 3; id++) poller.watch(id);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch.calls.filter(isList)).toEqual([]);
    expect(fetch.calls.filter(isLookup).length).toBeGreaterThanOrEqual(12);
    poller.stop();
  });

  it('finds a status-less job that failed (error text only) among many watched from the list', async () => {
    const fetch = manyJobs({ count: 30, withStatus: false, failing: 17, failAtMs: 10_000 });
    const { poller, details } = pollerOn(fetch);
    for (let id = 1; id <= 30; id++) poller.watch(id);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(details.map((d) => [d.jobId, d.status, d.detail.error])).toEqual([
      [17, null, 'job 17: qubit 2 lost'],
    ]);
    expect(poller.watching).toHaveLength(29);
    poller.stop();
  });

  it('spreads error-text lookups so their rate stays within errorChecksPerSecond', async () => {
    const fetch = manyJobs({ count: 60, withStatus: false });
    const { poller } = pollerOn(fetch, { errorChecksPerSecond: 1 });
    for (let id = 1; id <= 60; id++) poller.watch(id);
    await vi.advanceTimersByTimeAsync(110_000);
    // Every job once at first (a failure may already be there), then once per 60 s (60 jobs at
    // one a second), not once per 30 s: at most two rounds in 110 s instead of four.
    const checks = fetch.calls.filter(asksForError);
    expect(checks.length).toBeGreaterThanOrEqual(60);
    expect(checks.length).toBeLessThanOrEqual(120);
    const perJob = new Map<string, number>();
    for (const c of checks) perJob.set(c.path, (perJob.get(c.path) ?? 0) + 1);
    expect(perJob.size).toBe(60);
    poller.stop();
  });
});

describe('errorCheckInterval', () => {
  it('is errorCheckMs for a few jobs and grows with their number past the rate', () => {
    const cadence = resolveCadence({ errorCheckMs: 30_000, errorChecksPerSecond: 5 });
    expect(errorCheckInterval(1, cadence)).toBe(30_000);
    expect(errorCheckInterval(150, cadence)).toBe(30_000);
    expect(errorCheckInterval(1_000, cadence)).toBe(200_000);
  });
});
