import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobCache } from '../../../../src/core/job-store';
import { MemoryJobCache, SqliteJobCache, loadSqlite } from '../../../../src/core/job-store';
import { mergedStatus, overKept } from '../../../../src/core/job-store/record-merge';
import type { JobInfo, JobStatus } from '../../../../src/shared/variants';
import { JOB_STATUSES, isTerminalStatus } from '../../../../src/shared/variants';

/**
 * Variant A's job records may come without `status`. What the store learnt about a job (from a
 * single-job lookup or the job watcher) must survive such a record when it cannot have changed:
 * a finished job stays finished, whatever else the record says.
 */

const P = 'simulator-a:A';
const record = (extra: Partial<JobInfo> = {}): JobInfo => ({
  id: 5,
  name: 'job 5',
  description: '',
  device_id: 1,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  completed_at: null,
  ...extra,
});

const TERMINAL = JOB_STATUSES.filter((s) => isTerminalStatus(s));
const ACTIVE = JOB_STATUSES.filter((s) => !isTerminalStatus(s));

describe('mergedStatus', () => {
  const kept = (
    status: JobStatus | null,
    at = '2026-01-01T10:00:00Z',
    done: string | null = null,
  ) => ({
    status,
    updated_at: at,
    completed_at: done,
  });

  it('takes the status a fresh record carries when it moves the job forward', () => {
    expect(mergedStatus(kept('queued'), record({ status: 'running' }))).toBe('running');
    expect(mergedStatus(kept('running'), record({ status: 'error' }))).toBe('error');
    expect(mergedStatus(undefined, record({ status: 'queued' }))).toBe('queued');
  });

  it('keeps the kept status over a fresh one that would move the job back', () => {
    expect(mergedStatus(kept('completed'), record({ status: 'running' }))).toBe('completed');
    expect(mergedStatus(kept('completed'), record({ status: 'error' }))).toBe('completed');
    expect(mergedStatus(kept('running'), record({ status: 'queued' }))).toBe('running');
  });

  it.each(TERMINAL)('keeps a learnt %s through a status-less record that moved on', (status) => {
    const moved = record({
      updated_at: '2026-01-01T11:00:00Z',
      completed_at: '2026-01-01T11:00:00Z',
    });
    expect(mergedStatus(kept(status), moved)).toBe(status);
    expect(mergedStatus(kept(status), record())).toBe(status);
  });

  it.each(ACTIVE)('keeps a learnt %s only while the record has not moved', (status) => {
    expect(mergedStatus(kept(status), record())).toBe(status);
    expect(mergedStatus(kept(status), record({ updated_at: '2026-01-01T10:00:01Z' }))).toBeNull();
    expect(mergedStatus(kept(status), record({ completed_at: '2026-01-01T10:00:01Z' }))).toBeNull();
    // Absent dates count as null, the same as the kept nulls.
    expect(
      mergedStatus(kept(status, '2026-01-01T10:00:00Z'), {
        ...record(),
        completed_at: undefined,
      }),
    ).toBe(status);
  });

  it('knows nothing when nothing was learnt', () => {
    expect(mergedStatus(undefined, record())).toBeNull();
    expect(mergedStatus(kept(null), record())).toBeNull();
  });
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qjob-merge-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const kinds: [string, () => Promise<JobCache>][] = [
  ['sqlite', async () => new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'))],
  ['memory', async () => new MemoryJobCache('no SQLite in this test')],
];

describe.each(kinds)('%s job store, records without status (Variant A)', (_kind, open) => {
  it('keeps a finished job finished when the watcher saw it end and the list then moved on', async () => {
    const cache = await open();
    cache.upsertRecords(P, [record()], 't1', 'list');
    expect(cache.observe(P, 5, 'completed', '2026-01-01T10:30:00Z', 'watch')).toBe(true);
    // The next list: no status, but the record now carries its completion time.
    const later = record({
      updated_at: '2026-01-01T10:30:00Z',
      completed_at: '2026-01-01T10:30:00Z',
    });
    expect(cache.mergeList(P, [later], 't2').jobs.map((j) => j.status)).toEqual(['completed']);
    expect(cache.getRecord(P, 5)?.status).toBe('completed');
    expect(cache.listRecords(P).map((j) => j.status)).toEqual(['completed']);
    // And again: a refresh with the same record still knows.
    cache.upsertRecords(P, [later], 't3', 'list');
    expect(cache.getRecord(P, 5)?.status).toBe('completed');
    expect(cache.timeline(P, 5).map((t) => t.status)).toEqual(['completed']);
    cache.close();
  });

  it('keeps an error learnt from a lookup through a status-less record with new dates', async () => {
    const cache = await open();
    cache.upsertRecords(P, [record({ status: 'error' })], 't1', 'lookup');
    const changes = cache.upsertRecords(
      P,
      [record({ updated_at: '2026-01-01T10:05:00Z', completed_at: null })],
      't2',
      'list',
    );
    expect(changes).toEqual([]);
    expect(cache.getRecord(P, 5)?.status).toBe('error');
    cache.close();
  });

  it('forgets a running status once the record moved (it may have ended since)', async () => {
    const cache = await open();
    cache.upsertRecords(P, [record({ status: 'running' })], 't1', 'lookup');
    cache.upsertRecords(P, [record({ updated_at: '2026-01-01T10:05:00Z' })], 't2', 'list');
    expect(cache.getRecord(P, 5)?.status).toBeNull();
    cache.close();
  });
});

describe.each(kinds)('%s job store, a record that would move the job back', (_kind, open) => {
  it('keeps the status and the completion time, and notes the anomaly once', async () => {
    const cache = await open();
    const done = '2026-01-01T10:30:00Z';
    cache.mergeList(P, [record({ status: 'completed', completed_at: done })], 't1');
    for (const at of ['t2', 't3'])
      cache.mergeList(P, [record({ status: 'running', updated_at: done })], at);
    expect(cache.getRecord(P, 5)).toMatchObject({ status: 'completed', completed_at: done });
    expect(cache.listRecords(P)).toEqual([
      expect.objectContaining({ status: 'completed', completed_at: done }),
    ]);
    expect(cache.timeline(P, 5)).toEqual([
      { status: 'completed', at: 't1', source: 'list' },
      { status: 'running', at: 't2', source: 'list', anomaly: { kept: 'completed' } },
    ]);
    cache.close();
  });
});

describe('overKept (the list answered without writing, for a store that cannot be written)', () => {
  it('lays the service records over the kept ones, newest first, keeping learnt statuses', () => {
    const kept = [
      record({ id: 3, status: 'completed' }),
      record({ id: 2, status: 'running' }),
      record({ id: 1, status: 'queued' }),
    ];
    const fresh = [
      record({ id: 4 }),
      // A terminal status learnt earlier survives a record without one.
      record({ id: 3, updated_at: '2026-01-01T11:00:00Z' }),
      // A status the service sends wins.
      record({ id: 2, status: 'error' }),
    ];
    const jobs = overKept(fresh, kept);
    expect(jobs.map((j) => [j.id, j.status])).toEqual([
      [4, undefined],
      [3, 'completed'],
      [2, 'error'],
      [1, 'queued'],
    ]);
    expect(jobs[1]!.updated_at).toBe('2026-01-01T11:00:00Z');
    expect(jobs[0]).toBe(fresh[0]);
  });
});
