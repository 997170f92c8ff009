import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import type { JobDetailEvent, JobLiveEvent } from '../../../../src/core/jobs/poller-events';
import { JobPoller } from '../../../../src/core/jobs/poller';
import { FollowLimitError, MAX_FOLLOWED_JOBS } from '../../../../src/core/jobs/watch-limits';
import type { JobDetail } from '../../../../src/shared/variants';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../../../support/wire-fixtures';

/*
 * The poller is the one owner of a running job's live state (issue 27): a followed job's record
 * and logs are looked up at its cadence and sent as `live` events when they changed; an unfollow
 * ends the lookups (the status watch goes on), and the number of jobs followed is bounded.
 */

/**
 * Running jobs whose log grows by one line at each look, until `done` holds their id (or while
 * `frozen` is set).
 */
function growingService() {
  const lines = new Map<number, number>();
  const done = new Set<number>();
  const state = { frozen: false };
  const info = (id: number) =>
    jobInfo(
      id,
      done.has(id) ? 'completed' : 'running',
      done.has(id) ? { completed_at: '2026-11-22T11:40:00Z' } : {},
    );
  const fetch = fakeFetch((req) => {
    if (req.path === '/jobs') return jsonResponse(wireJobList('B', [...lines.keys()].map(info)));
    const m = /^\/jobs\/(\d+)$/.exec(req.path);
    if (!m) return jsonResponse({ message: 'no route' }, 404);
    const id = Number(m[1]);
    const withLogs = req.url.searchParams.get('logs') === 'true';
    if (withLogs && !done.has(id) && !state.frozen) lines.set(id, (lines.get(id) ?? 0) + 1);
    const log = Array.from({ length: lines.get(id) ?? 0 }, (_, i) => `step ${i + 1}`).join('\n');
    const detail = { ...info(id), ...(withLogs ? { logs: log } : {}) } as JobDetail<'B'>;
    return jsonResponse(wireJobDetail('B', detail));
  });
  for (const id of [1, 2, 3]) lines.set(id, 0);
  return { fetch, done, state };
}

const logLookups = (fetch: ReturnType<typeof fakeFetch>, id: number) =>
  fetch.calls.filter((c) => c.path === `/jobs/${id}` && c.url.searchParams.get('logs') === 'true')
    .length;

let poller: JobPoller | null = null;
afterEach(() => poller?.stop());

function start(options: { maxFollowed?: number } = {}) {
  const service = growingService();
  poller = new JobPoller({
    client: createServiceClient({
      baseUrl: BASE_URL,
      variant: 'B',
      fetch: service.fetch,
      retry: { retries: 0 },
    }),
    cadence: { runningMs: 50, waitingMs: 50 },
    ...options,
  });
  const live: JobLiveEvent[] = [];
  const details: JobDetailEvent[] = [];
  poller.on('live', (e) => live.push(e));
  poller.on('detail', (e) => details.push(e));
  return { ...service, poller, live, details };
}

describe('JobPoller follow', () => {
  it('sends a followed job’s record and growing logs as live events, and its full detail at its end', async () => {
    const { poller, live, details, done, fetch } = start();
    poller.follow(1);
    expect(poller.following).toEqual([1]);
    expect(poller.watching).toEqual([1]);
    await vi.waitFor(() => expect(live.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    const logs = live.map((e) => e.detail.logs);
    // Each event says something new: the log grew one line per look.
    expect(new Set(logs).size).toBe(logs.length);
    expect(live[0]).toMatchObject({ jobId: 1, status: 'running' });
    expect(live.at(-1)?.detail.logs).toMatch(/^step 1\nstep 2\nstep 3/);
    // Logs only: the payload and result are not asked for while it runs.
    expect(fetch.calls.some((c) => c.url.searchParams.get('payload') === 'true')).toBe(false);

    done.add(1);
    await vi.waitFor(() => expect(details).toHaveLength(1), { timeout: 5_000 });
    expect(live.at(-1)?.status).toBe('completed');
    expect(poller.following).toEqual([]);
    expect(poller.watching).toEqual([]);
  });

  it('sends nothing when a look finds nothing new', async () => {
    const { poller, live, fetch, state } = start();
    poller.follow(2);
    await vi.waitFor(() => expect(live.length).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    // The service stops growing the log: its record and logs stay the same from now on.
    state.frozen = true;
    const seen = live.length;
    const looks = logLookups(fetch, 2);
    await vi.waitFor(() => expect(logLookups(fetch, 2)).toBeGreaterThan(looks + 3), {
      timeout: 5_000,
    });
    // A look under way when it froze may still bring one last line; nothing after it.
    expect(live.length).toBeLessThanOrEqual(seen + 1);
  });

  it('stops looking up the logs on unfollow; the job stays watched for its status', async () => {
    const { poller, live, fetch } = start();
    poller.follow(1);
    await vi.waitFor(() => expect(live.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    poller.unfollow(1);
    expect(poller.following).toEqual([]);
    expect(poller.watching).toEqual([1]);
    // A look under way may still land; after it, none.
    await new Promise((resolve) => setTimeout(resolve, 120));
    const looks = logLookups(fetch, 1);
    const events = live.length;
    const lists = fetch.count('GET', '/jobs');
    await vi.waitFor(() => expect(fetch.count('GET', '/jobs')).toBeGreaterThan(lists + 3), {
      timeout: 5_000,
    });
    expect(logLookups(fetch, 1)).toBe(looks);
    expect(live.length).toBe(events);
  });

  it('counts follows: a job followed twice is followed until both are undone', async () => {
    const { poller } = start();
    poller.follow(1);
    poller.follow(1);
    poller.unfollow(1);
    expect(poller.following).toEqual([1]);
    poller.unfollow(1);
    expect(poller.following).toEqual([]);
    // One unfollow too many does nothing.
    poller.unfollow(1);
    expect(poller.following).toEqual([]);
  });

  it('follows at most maxFollowed jobs: past it a follow is refused, changing nothing', () => {
    const { poller } = start({ maxFollowed: 2 });
    poller.follow(1);
    poller.follow(2);
    // Another follow of a job followed already is not a new one.
    poller.follow(2);
    expect(() => poller.follow(3)).toThrow(FollowLimitError);
    expect(() => poller.follow(3)).toThrow(
      "The job's log is not followed live: the app follows 2 jobs' logs already",
    );
    expect(poller.following).toEqual([1, 2]);
    expect(poller.watching).toEqual([1, 2]);
    poller.unfollow(1);
    poller.follow(3);
    expect(poller.following).toEqual([2, 3]);
  });

  it('follows at most MAX_FOLLOWED_JOBS by default', () => {
    const { poller } = start();
    for (let id = 1; id <= MAX_FOLLOWED_JOBS; id++) poller.follow(id);
    expect(() => poller.follow(MAX_FOLLOWED_JOBS + 1)).toThrow(FollowLimitError);
  });
});
