import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobCache } from '../../../../src/core/job-store';
import {
  MemoryJobCache,
  SqliteJobCache,
  getJob,
  listJobs,
  loadSqlite,
} from '../../../../src/core/job-store';
import { ServiceError } from '../../../../src/core/client/errors';
import type { JobDetail, JobInfo, JobStatus } from '../../../../src/shared/variants';

/**
 * The job store at its edges: the bulk paths a large refresh takes (checked against the memory
 * store, which merges by reading everything), answers in any order or naming a job twice,
 * what a Variant A record carries, and what the store answers when the service is not asked.
 */

const P = 'p:A';
const job = (id: number, extra: Partial<JobInfo> = {}): JobInfo => ({
  id,
  name: `job ${id}`,
  description: '',
  device_id: 1,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: null,
  completed_at: null,
  ...extra,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qjob-cache-edges-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const sqlite = async () => new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'));

/** Both stores through the same steps; their answers must agree at every step. */
async function both(steps: (cache: JobCache) => unknown[]): Promise<void> {
  const lite = await sqlite();
  const memory = new MemoryJobCache(null);
  expect(steps(lite)).toEqual(steps(memory));
  lite.close();
}

describe('large refreshes take the bulk paths and still merge row by row', () => {
  it('2,500 records learnt by lookup, then listed without status, some moved', async () => {
    const N = 2_500;
    const statuses: JobStatus[] = ['running', 'completed', 'queued', 'error'];
    await both((cache) => {
      const out: unknown[] = [];
      cache.upsertRecords(
        P,
        Array.from({ length: N }, (_, i) => job(i + 1)),
        't1',
        'list',
      );
      out.push(
        cache.upsertRecords(
          P,
          Array.from({ length: N }, (_, i) => job(i + 1, { status: statuses[i % 4] })),
          't2',
          'lookup',
        ).length,
      );
      // Every other record moved on; the rest did not.
      const listed = Array.from({ length: N }, (_, i) =>
        job(i + 1, i % 2 ? { updated_at: '2026-01-01T11:00:00.000Z' } : {}),
      );
      const { jobs, changes } = cache.mergeList(P, listed, 't3');
      out.push(
        changes,
        jobs.slice(0, 8).map((j) => [j.id, j.status ?? null]),
      );
      out.push(cache.listRecords(P).filter((j) => j.status).length);
      return out;
    });
  });
});

describe('answers in any order', () => {
  it('changes come in the order of the answer; a job named twice ends as its last record says', async () => {
    await both((cache) => {
      cache.upsertRecords(P, [job(1), job(2), job(3)], 't', 'list');
      const changes = cache.upsertRecords(
        P,
        [
          job(3, { status: 'queued' }),
          job(1, { status: 'running' }),
          job(2, { status: 'error' }),
          job(1, { status: 'completed' }),
        ],
        't2',
        'lookup',
      );
      return [changes, cache.getRecord(P, 1)?.status, cache.timeline(P, 1).map((t) => t.status)];
    });
  });

  it('a descending answer and a mixed one list the same', async () => {
    await both((cache) => {
      const a = cache.mergeList(P, [job(5), job(4), job(3)], 't').jobs.map((j) => j.id);
      const b = cache.mergeList(P, [job(4), job(6), job(3)], 't').jobs.map((j) => j.id);
      return [a, b];
    });
  });
});

describe('what a record carries', () => {
  it('keeps a Variant A notice and the job type a detail told', async () => {
    await both((cache) => {
      cache.upsertRecords(P, [job(1, { message: 'device in maintenance' }), job(2)], 't', 'list');
      cache.putDetail(
        P,
        { detail: { ...job(2), jobType: 'digital' } as JobDetail, problems: [], fetchedAt: 't' },
        'detail',
      );
      return cache
        .listRecords(P)
        .map((j) => [j.id, j.message ?? null, (j as { jobType?: string }).jobType ?? null]);
    });
  });

  it('serves a detail with the record’s newer status, and its own when the record has none', async () => {
    await both((cache) => {
      cache.putDetail(
        P,
        {
          detail: { ...job(4), status: 'running', logs: 'l' } as JobDetail,
          problems: [],
          fetchedAt: 't',
        },
        'detail',
      );
      const before = cache.getDetail(P, 4)?.detail.status;
      cache.observe(P, 4, 'completed', 't2', 'watch');
      const after = cache.getDetail(P, 4)?.detail.status;
      cache.putDetail(
        P,
        { detail: { ...job(5), logs: 'l' } as JobDetail, problems: [], fetchedAt: 't' },
        'detail',
      );
      return [before, after, cache.getDetail(P, 5)?.detail.status ?? null, cache.getDetail(P, 99)];
    });
  });

  it('the SQLite store says it is persistent and where; closing twice is harmless', async () => {
    const file = path.join(dir, 'jobs.sqlite');
    const cache = new SqliteJobCache(await loadSqlite(), file);
    expect(cache.status).toEqual({ persistent: true, message: null, file });
    cache.close();
    cache.close();
    expect(new MemoryJobCache('why').status).toEqual({
      persistent: false,
      message: 'why',
      file: null,
    });
  });
});

describe('answers the store gives on its own', () => {
  const kept = () => {
    const cache = new MemoryJobCache(null);
    cache.upsertRecords(P, [job(1, { status: 'completed' })], 't', 'list');
    return cache;
  };

  it('without a login: the kept list, and why the service was not asked', async () => {
    const answer = await listJobs(kept(), P, {
      unavailable: 'Not logged in to Prod.',
      reason: 'logged-out',
    });
    expect(answer).toMatchObject({
      fromCache: true,
      offline: 'Not logged in to Prod.',
      fresh: null,
      changes: [],
      storeProblem: null,
    });
    expect(answer.jobs.map((j) => j.id)).toEqual([1]);
  });

  it('a job: the kept record with what is missing, or not found in words', async () => {
    const cache = kept();
    const light = await getJob(cache, P, 1, false, {
      unavailable: 'Not logged in to Prod.',
      reason: 'logged-out',
    });
    expect(light).toMatchObject({
      fromCache: true,
      offline: 'Not logged in to Prod.',
      problems: [],
      changes: [],
    });
    const heavy = await getJob(cache, P, 1, true, {
      unavailable: 'Not logged in to Prod.',
      reason: 'logged-out',
    });
    expect(heavy.offline).toBe(
      'Not logged in to Prod. Only its summary is stored here: the payload, result and logs were never opened while the service could be reached.',
    );
    const down = () =>
      Promise.reject(
        new ServiceError({ code: 'network', operation: 'fetching job 7', detail: 'ECONNREFUSED' }),
      );
    const error = (await getJob(cache, P, 7, true, { fetch: down }).catch((e: unknown) => e)) as {
      code: string;
      message: string;
    };
    expect(error.code).toBe('not-found');
    expect(error.message).toBe(
      'Fetching job 7 failed: the service could not be reached (ECONNREFUSED). Job 7 is not in the local store either: it was never listed or opened on this computer.',
    );
  });

  it('a kept detail answers a full lookup while the service is away', async () => {
    const cache = kept();
    const detail = { ...job(1, { status: 'completed' }), logs: 'the log' } as JobDetail;
    await getJob(cache, P, 1, true, { fetch: async () => ({ detail, problems: [] }) });
    const down = () =>
      Promise.reject(new ServiceError({ code: 'timeout', operation: 'x', message: 'No answer!' }));
    const answer = await getJob(cache, P, 1, true, { fetch: down });
    expect(answer).toMatchObject({
      fromCache: true,
      offline: 'No answer!',
      changes: [],
      detail: { logs: 'the log' },
    });
  });

  it('a lookup of some parts keeps only the record; a failure that is not about reaching the service is thrown', async () => {
    const cache = new MemoryJobCache(null);
    const detail = { ...job(2, { status: 'running' }), logs: 'partial' } as JobDetail;
    const answer = await getJob(
      cache,
      P,
      2,
      { fields: ['logs'] },
      { fetch: async () => ({ detail, problems: [] }) },
    );
    expect(answer.changes).toEqual([{ id: 2, from: null, to: 'running' }]);
    expect(cache.getDetail(P, 2)).toBeNull();
    expect(cache.timeline(P, 2).map((t) => t.source)).toEqual(['lookup']);
    const refused = () =>
      Promise.reject(new ServiceError({ code: 'auth', operation: 'x', status: 401 }));
    await expect(getJob(cache, P, 2, true, { fetch: refused })).rejects.toThrow(/401/);
  });
});
