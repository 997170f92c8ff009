import { describe, expect, it } from 'vitest';
import type { JobDetail, JobInfo } from '../../../../src/shared/variants';
import { MemoryJobCache, getJob, listJobs } from '../../../../src/core/job-store';
import { ServiceError } from '../../../../src/core/client/errors';

const P = 'p:B';
const job = (id: number, status: JobInfo['status'] = 'completed'): JobInfo => ({
  id,
  name: `job ${id}`,
  description: '',
  device_id: 1,
  status,
  created_at: '2026-01-01T10:00:00.000Z',
});
const down = () =>
  Promise.reject(
    new ServiceError({ code: 'network', operation: 'listing jobs', detail: 'ECONNREFUSED' }),
  );

describe('listJobs', () => {
  it('writes the service answer to the store and returns the store', async () => {
    const cache = new MemoryJobCache(null);
    cache.upsertRecords(P, [job(1)], 't', 'list');
    const answer = await listJobs(cache, P, { fetch: async () => [job(2, 'running')] });
    expect(answer.fromCache).toBe(false);
    expect(answer.jobs.map((j) => j.id)).toEqual([2, 1]);
    expect(answer.fresh?.map((j) => j.id)).toEqual([2]);
  });

  it('answers from the store, saying why, when the service cannot be reached', async () => {
    const cache = new MemoryJobCache(null);
    cache.upsertRecords(P, [job(1)], 't', 'list');
    const answer = await listJobs(cache, P, { fetch: down });
    expect(answer.fromCache).toBe(true);
    expect(answer.offline).toMatch(/could not be reached.*ECONNREFUSED/);
    expect(answer.storeReason).toBe('unreachable');
    expect(answer.jobs).toHaveLength(1);
  });

  it('answers from the store without asking, and says it is a login not the network, when logged out', async () => {
    const cache = new MemoryJobCache(null);
    cache.upsertRecords(P, [job(1)], 't', 'list');
    const answer = await listJobs(cache, P, {
      unavailable: 'Not logged in.',
      reason: 'logged-out',
    });
    expect(answer).toMatchObject({ fromCache: true, storeReason: 'logged-out' });
    expect(answer.jobs).toHaveLength(1);
  });

  it('does not hide an auth failure behind old data', async () => {
    const cache = new MemoryJobCache(null);
    const auth = () =>
      Promise.reject(new ServiceError({ code: 'auth', operation: 'listing jobs', status: 401 }));
    await expect(listJobs(cache, P, { fetch: auth })).rejects.toThrow(/401/);
  });

  it('answers at once from the store when asked to', async () => {
    const cache = new MemoryJobCache(null);
    cache.upsertRecords(P, [job(1)], 't', 'list');
    const answer = await listJobs(
      cache,
      P,
      { fetch: () => new Promise(() => undefined) },
      { cachedOnly: true },
    );
    expect(answer).toMatchObject({ fromCache: true, offline: null, storeReason: null });
  });
});

/** A store whose writes fail as SQLite's do on a full disk; reads still work. */
class FullDiskCache extends MemoryJobCache {
  override mergeList(): never {
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  }
  override putDetail(): never {
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  }
  override upsertRecords(
    ...args: Parameters<MemoryJobCache['upsertRecords']>
  ): ReturnType<MemoryJobCache['upsertRecords']> {
    if (args[3] !== 'list')
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    return super.upsertRecords(...args);
  }
}

describe('a store that cannot be written', () => {
  it('still answers the list with the service records over the kept ones, and says why', async () => {
    const cache = new FullDiskCache(null);
    cache.upsertRecords(P, [job(1), job(2, 'running')], 't', 'list');
    const answer = await listJobs(cache, P, { fetch: async () => [job(3, 'queued'), job(2)] });
    expect(answer.jobs.map((j) => [j.id, j.status])).toEqual([
      [3, 'queued'],
      [2, 'completed'],
      [1, 'completed'],
    ]);
    expect(answer).toMatchObject({ fromCache: false, offline: null, changes: [] });
    expect(answer.fresh?.map((j) => j.id)).toEqual([3, 2]);
    expect(answer.storeProblem).toBe(
      "The local job store could not keep the latest list (the disk is full (SQLITE_FULL)): the service's answer is shown, and the store catches up once it can be written again.",
    );
  });

  it('still opens a job the service sends', async () => {
    const cache = new FullDiskCache(null);
    const detail: JobDetail = { ...job(4), logs: 'hello' };
    const full = await getJob(cache, P, 4, true, { fetch: async () => ({ detail, problems: [] }) });
    expect(full).toMatchObject({ detail: { logs: 'hello' }, fromCache: false, changes: [] });
    const light = await getJob(cache, P, 4, false, {
      fetch: async () => ({ detail, problems: [] }),
    });
    expect(light.detail.id).toBe(4);
  });

  it('does not take a bug for a full disk', async () => {
    const cache = new MemoryJobCache(null);
    cache.mergeList = () => {
      throw new TypeError('a bug');
    };
    await expect(listJobs(cache, P, { fetch: async () => [job(1)] })).rejects.toThrow('a bug');
  });
});

describe('getJob', () => {
  const detail: JobDetail = { ...job(4), logs: 'hello', error: null };

  it('keeps a fetched detail and serves it offline', async () => {
    const cache = new MemoryJobCache(null);
    await getJob(cache, P, 4, true, { fetch: async () => ({ detail, problems: [] }) });
    const offline = await getJob(cache, P, 4, true, { fetch: down });
    expect(offline.fromCache).toBe(true);
    expect(offline.detail.logs).toBe('hello');
    expect(offline.offline).toMatch(/could not be reached/);
    expect(offline.storeReason).toBe('unreachable');
  });

  it('a lookup of some parts updates the record but never replaces the kept full detail', async () => {
    const cache = new MemoryJobCache(null);
    const queued: JobDetail = { ...detail, status: 'queued' };
    await getJob(cache, P, 4, true, { fetch: async () => ({ detail: queued, problems: [] }) });
    const running: JobDetail = { ...job(4), status: 'running', logs: 'hello\nmore', error: null };
    const live = await getJob(
      cache,
      P,
      4,
      { fields: ['logs'] },
      {
        fetch: async () => ({ detail: running, problems: [] }),
      },
    );
    expect(live).toMatchObject({ fromCache: false, detail: { logs: 'hello\nmore' } });
    expect(cache.getRecord(P, 4)?.status).toBe('running');
    expect(cache.getDetail(P, 4)?.detail.logs).toBe('hello');
    // Offline, a lookup of the logs is answered with the kept detail, as the full one is.
    const offline = await getJob(cache, P, 4, { fields: ['logs'] }, { fetch: down });
    expect(offline).toMatchObject({ fromCache: true, detail: { logs: 'hello' } });
  });

  it('serves a record without its detail with a note, and a stranger as not found', async () => {
    const cache = new MemoryJobCache(null);
    cache.upsertRecords(P, [job(5)], 't', 'list');
    const loggedOut = { unavailable: 'Not logged in.', reason: 'logged-out' } as const;
    const partial = await getJob(cache, P, 5, true, loggedOut);
    expect(partial.offline).toMatch(/Only its summary is stored/);
    expect(partial.storeReason).toBe('logged-out');
    await expect(getJob(cache, P, 6, true, loggedOut)).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
