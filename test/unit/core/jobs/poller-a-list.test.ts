import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../../src/core/client/service-client';
import { JobPoller } from '../../../../src/core/jobs/poller';
import type { JobStatusEvent } from '../../../../src/core/jobs/poller-events';
import type { JobStatus } from '../../../../src/shared/variants';
import { BASE_URL, fakeFetch, jsonResponse } from '../../../support/fake-fetch';
import { jobInfo, wireJobDetail, wireJobList } from '../../../support/wire-fixtures';

/**
 * Variant A's job list with `status` (the real service sends it; the specification leaves it
 * unshown): once the client has seen a list with it, the watcher polls with one list request
 * per tick, as in Variant B; a list without it sends the jobs back to lookups by id.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function service(opts: { listStatus: () => boolean }) {
  const start = Date.now();
  const statusOf = (): JobStatus => {
    const t = Date.now() - start;
    return t >= 6_000 ? 'completed' : t >= 2_000 ? 'running' : 'queued';
  };
  return fakeFetch((req) => {
    if (req.path === '/jobs') {
      const infos = [1, 2, 3].map((id) => jobInfo(id, statusOf()));
      const list = wireJobList('A', infos);
      if (!opts.listStatus()) for (const item of list.items) delete item.status;
      return jsonResponse(list);
    }
    const id = Number(req.path.split('/').pop());
    return jsonResponse(wireJobDetail('A', jobInfo(id, statusOf())));
  });
}

describe('JobPoller on Variant A with status in the job list', () => {
  it('polls three jobs with one list request per tick once the client saw a list with status', async () => {
    const fetch = service({ listStatus: () => true });
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'A',
      fetch,
      retry: { retries: 0 },
    });
    await client.listJobs();
    expect(client.listCarriesStatus?.()).toBe(true);
    const poller = new JobPoller({ client, random: () => 0.5 });
    const status: JobStatusEvent[] = [];
    poller.on('status', (e) => status.push(e));
    for (const id of [1, 2, 3]) poller.watch(id);
    await vi.advanceTimersByTimeAsync(10_000);
    // No cheap lookups by id: only lists, and one full lookup per finished job.
    const byIdCheap = fetch.calls.filter((c) => c.path !== '/jobs' && c.url.search === '');
    expect(byIdCheap).toEqual([]);
    expect(fetch.calls.filter((c) => c.path !== '/jobs')).toHaveLength(3);
    expect(
      status
        .filter((e) => e.to === 'completed')
        .map((e) => e.jobId)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(poller.watching).toEqual([]);
    poller.stop();
  });

  it('a list that comes without status sends the jobs to lookups by id at once', async () => {
    let withStatus = true;
    const fetch = service({ listStatus: () => withStatus });
    const client = createServiceClient({
      baseUrl: BASE_URL,
      variant: 'A',
      fetch,
      retry: { retries: 0 },
    });
    await client.listJobs();
    withStatus = false;
    const poller = new JobPoller({ client, random: () => 0.5 });
    const status: JobStatusEvent[] = [];
    poller.on('status', (e) => status.push(e));
    poller.watch(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(client.listCarriesStatus?.()).toBe(false);
    // The list (no status), then the job by id in the same tick.
    expect(fetch.calls.map((c) => c.path)).toEqual(['/jobs', '/jobs', '/jobs/1']);
    expect(status.map((e) => e.to)).toEqual(['queued']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch.calls.filter((c) => c.path === '/jobs')).toHaveLength(2);
    expect(status.map((e) => e.to)).toEqual(['queued', 'running', 'completed']);
    poller.stop();
  });
});
