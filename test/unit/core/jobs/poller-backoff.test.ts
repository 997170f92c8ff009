import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type { ConnectionEvent, JobDetailEvent } from '../../../../src/core/jobs/poller-events';
import { JobPoller } from '../../../../src/core/jobs/poller';
import { DEFAULT_CADENCE, resolveCadence } from '../../../../src/core/jobs/cadence';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../../../support/wire-fixtures';

/**
 * The job watcher's back-off while the service cannot be reached: it grows, but never past
 * the cadence's cap, so a long outage is noticed to be over within one capped delay.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Down from `downFrom` to `upAt` (ms after the start); job 9 completes while it is down. */
function outage(downFrom: number, upAt: number) {
  const start = Date.now();
  return fakeFetch((req) => {
    const t = Date.now() - start;
    if (t >= downFrom && t < upAt) {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    }
    const info = t < downFrom ? jobInfo(9, 'running') : jobInfo(9, 'completed');
    if (req.path === '/jobs') return jsonResponse(wireJobList('B', [info]));
    return jsonResponse(wireJobDetail('B', info));
  });
}

describe('JobPoller back-off', () => {
  it('grows the delay while the service is down but never beyond maxBackoffMs', async () => {
    const maxBackoffMs = 4_000;
    const fetch = outage(500, 600_000);
    const poller = new JobPoller({
      client: createServiceClient({
        baseUrl: BASE_URL,
        variant: 'B',
        fetch,
        retry: { retries: 0 },
      }),
      // The largest jitter: every delay is its ceiling.
      random: () => 1,
      cadence: { backoffBaseMs: 1_000, maxBackoffMs },
    });
    const delays: number[] = [];
    const connection: ConnectionEvent[] = [];
    const details: JobDetailEvent[] = [];
    poller.on('connection', (e) => {
      connection.push(e);
      if (e.retryAt) delays.push(Date.parse(e.retryAt) - Date.now());
    });
    poller.on('detail', (e) => details.push(e));
    poller.watch(9);
    await vi.advanceTimersByTimeAsync(600_000);

    // It did back off: doubling from the base up to the cap...
    expect(delays.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 4_000]);
    // ...and stayed at the cap for the whole ten minutes.
    expect(Math.max(...delays)).toBe(maxBackoffMs);
    expect(delays.length).toBeGreaterThan(600_000 / maxBackoffMs - 5);

    // Back up: seen within one capped delay (plus the time to look).
    await vi.advanceTimersByTimeAsync(maxBackoffMs + 1_000);
    expect(connection.at(-1)?.state).toBe('online');
    expect(details.map((d) => d.status)).toEqual(['completed']);
    poller.stop();
  });

  it('starts over from the base delay after the service was reached again', async () => {
    const start = Date.now();
    const down = (t: number) => (t >= 500 && t < 20_000) || (t >= 40_000 && t < 60_000);
    const fetch = fakeFetch(() => {
      if (down(Date.now() - start))
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      return jsonResponse(wireJobList('B', [jobInfo(9, 'running')]));
    });
    const poller = new JobPoller({
      client: createServiceClient({
        baseUrl: BASE_URL,
        variant: 'B',
        fetch,
        retry: { retries: 0 },
      }),
      random: () => 1,
      cadence: { backoffBaseMs: 1_000, maxBackoffMs: 8_000 },
    });
    const delays: number[] = [];
    poller.on('connection', (e) => {
      if (e.retryAt) delays.push(Date.parse(e.retryAt) - Date.now());
    });
    poller.watch(9);
    await vi.advanceTimersByTimeAsync(39_000);
    const firstOutage = delays.length;
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    await vi.advanceTimersByTimeAsync(2_500);
    // The second outage's first delay is the base again, not the cap.
    expect(delays[firstOutage]).toBe(1_000);
    poller.stop();
  });
});

describe('JobPoller and Retry-After', () => {
  it('does not look again sooner than the service asked, and at most maxRetryAfterMs later', async () => {
    let retryAfter = '20';
    let calls = 0;
    const fetch = fakeFetch(() => {
      calls++;
      return calls <= 2
        ? jsonResponse({ message: 'maintenance' }, 503, { 'retry-after': retryAfter })
        : jsonResponse(wireJobList('B', [jobInfo(9, 'running')]));
    });
    const poller = new JobPoller({
      client: createServiceClient({
        baseUrl: BASE_URL,
        variant: 'B',
        fetch,
        retry: { retries: 0 },
      }),
      random: () => 1,
      cadence: { backoffBaseMs: 1_000, maxBackoffMs: 4_000, maxRetryAfterMs: 60_000 },
    });
    const delays: number[] = [];
    poller.on('connection', (e) => {
      if (e.retryAt) delays.push(Date.parse(e.retryAt) - Date.now());
    });
    poller.watch(9);
    await vi.advanceTimersByTimeAsync(10);
    // Asked for 20 s: longer than the back-off (1 s) would wait.
    expect(delays).toEqual([20_000]);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(calls).toBe(1);
    retryAfter = '7200';
    await vi.advanceTimersByTimeAsync(1_000);
    // Two hours asked: capped at a minute.
    expect(delays).toEqual([20_000, 60_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
    poller.stop();
  });
});

describe('resolveCadence', () => {
  it('takes the defaults for what is missing or not a number, and clamps what is too small', () => {
    expect(resolveCadence()).toEqual(DEFAULT_CADENCE);
    expect(resolveCadence({ runningMs: Number.NaN, waitingMs: Infinity })).toEqual(DEFAULT_CADENCE);
    expect(
      resolveCadence({ runningMs: 1, backoffBaseMs: 1, maxRetryAfterMs: -5, errorCheckMs: 60_000 }),
    ).toMatchObject({
      runningMs: 50,
      backoffBaseMs: 10,
      maxRetryAfterMs: 0,
      errorCheckMs: 60_000,
    });
  });
});
