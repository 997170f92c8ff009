import { describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { JobPoller } from '../../../../src/core/jobs/poller';
import { MAX_WATCHED_JOBS, WatchLimitError } from '../../../../src/core/jobs/watch-limits';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';

/*
 * How many jobs one poller watches (issue 28): `jobs.watch` with 20 × 10,000 ids took
 * browser mode down, because the scheduler spread every watched job's due time as arguments of
 * Math.min ("Maximum call stack size exceeded", in a promise nobody handled). The watch set is
 * bounded, and the scheduler copes with any number of jobs.
 */

const down = () => fakeFetch(() => jsonResponse({ message: 'down for maintenance' }, 503));
const clientOf = (fetch: ReturnType<typeof fakeFetch>) =>
  createServiceClient({ baseUrl: BASE_URL, variant: 'B', fetch, retry: { retries: 0 } });

describe('JobPoller bounds', () => {
  it('schedules its next look over 200,000 watched jobs', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fetch = down();
      const poller = new JobPoller({
        client: clientOf(fetch),
        maxWatched: 250_000,
        cadence: { backoffBaseMs: 10, maxBackoffMs: 50 },
        random: () => 0.5,
      });
      for (let id = 1; id <= 200_000; id++) poller.watch(id);
      await vi.waitFor(() => expect(fetch.count('GET', '/jobs')).toBeGreaterThan(2), {
        timeout: 10_000,
      });
      // Each failed tick scheduled the next one: the poller is still looking.
      expect(poller.watching).toHaveLength(200_000);
      poller.stop();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('refuses a watch past its bound, watching none of it, and says why', () => {
    const poller = new JobPoller({ client: clientOf(down()), maxWatched: 3 });
    poller.watchAll([1, 2]);
    // Already watched: nothing new to count.
    poller.watchAll([1, 2]);
    const error = (() => {
      try {
        poller.watchAll([2, 3, 4]);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(WatchLimitError);
    expect((error as Error).message).toBe(
      'These 2 jobs were not watched: the app watches 2 already and watches at most 3 at once. ' +
        'Jobs leave the watch as they end; ask again then.',
    );
    expect(poller.watching).toEqual([1, 2]);
    poller.watch(3);
    expect(() => poller.watch(4)).toThrow('The job was not watched');
    expect(poller.watching).toEqual([1, 2, 3]);
    poller.stop();
  });

  it('watches at most MAX_WATCHED_JOBS by default', () => {
    const poller = new JobPoller({ client: clientOf(down()) });
    poller.watchAll(Array.from({ length: MAX_WATCHED_JOBS }, (_, i) => i + 1));
    expect(() => poller.watch(MAX_WATCHED_JOBS + 1)).toThrow(WatchLimitError);
    expect(poller.watching).toHaveLength(MAX_WATCHED_JOBS);
    poller.stop();
  });
});
