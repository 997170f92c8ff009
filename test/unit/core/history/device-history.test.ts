import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryJobCache, SqliteJobCache, loadSqlite } from '../../../../src/core/job-store';
import type { DeviceHistoryStore } from '../../../../src/core/history';
import {
  EstimatesService,
  MAX_ENTRIES_PER_DEVICE,
  MemoryDeviceHistory,
  mergeDeviceHistories,
  openDeviceHistory,
} from '../../../../src/core/history';
import type { JobInfo } from '../../../../src/shared/variants';

/**
 * The device history kept beside the job store (SQLite, and memory when there is no store):
 * a status lasts as one entry, a change adds one, a notice seen again is kept once, the size is
 * bounded, and it survives a restart. Then the duration samples the estimates are built from.
 */

const P = 'sim-b:B';
const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

let dir: string;
let opened: SqliteJobCache[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qjob-history-'));
});
afterEach(() => {
  for (const c of opened) c.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});
const sqliteCache = async () => {
  const cache = new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'));
  opened.push(cache);
  return cache;
};

const stores: [string, () => Promise<DeviceHistoryStore>][] = [
  ['sqlite', async () => openDeviceHistory(await sqliteCache())],
  ['memory', async () => new MemoryDeviceHistory()],
];

describe.each(stores)('the device history (%s)', (_, open) => {
  it('keeps a status as one entry while it lasts and adds one per change', async () => {
    const h = await open();
    h.recordStatuses(P, [{ code: 'sirius', status: 'online' }], t(0));
    h.recordStatuses(P, [{ code: 'sirius', status: 'online' }], t(1));
    h.recordStatuses(P, [{ code: 'sirius', status: 'maintenance' }], t(2));
    h.recordStatuses(P, [{ code: 'sirius', status: 'maintenance' }], t(3));
    h.recordStatuses(P, [{ code: 'sirius', status: 'online' }], t(4));
    expect(h.entries(P, 'sirius', t(0))).toEqual([
      { kind: 'status', value: 'online', at: t(0), lastAt: t(1) },
      { kind: 'status', value: 'maintenance', at: t(2), lastAt: t(3) },
      { kind: 'status', value: 'online', at: t(4), lastAt: t(4) },
    ]);
    // Another profile or device sees nothing of it.
    expect(h.entries('other:B', 'sirius', t(0))).toEqual([]);
    expect(h.entries(P, 'vega', t(0))).toEqual([]);
  });

  it('keeps a notice seen again once, with when it was first and last seen', async () => {
    const h = await open();
    const notice = 'Sirius is in maintenance until 12:00 UTC.';
    h.recordMessage(P, 'sirius', notice, t(5));
    h.recordMessage(P, 'sirius', notice, t(7));
    expect(h.entries(P, 'sirius', t(0))).toEqual([
      { kind: 'message', value: notice, at: t(5), lastAt: t(7) },
    ]);
  });

  it('answers from the status in force at the start of the span', async () => {
    const h = await open();
    h.recordStatuses(P, [{ code: 'altair', status: 'offline' }], t(0));
    h.recordStatuses(P, [{ code: 'altair', status: 'maintenance' }], t(10));
    h.recordStatuses(P, [{ code: 'altair', status: 'online' }], t(20));
    h.recordMessage(P, 'altair', 'old notice', t(1));
    expect(h.entries(P, 'altair', t(15)).map((e) => e.value)).toEqual(['maintenance', 'online']);
  });

  it('is bounded: the oldest entries go first', async () => {
    const h = await open();
    const n = MAX_ENTRIES_PER_DEVICE + 5;
    for (let i = 0; i < n; i++) {
      h.recordStatuses(P, [{ code: 'flappy', status: i % 2 ? 'offline' : 'online' }], t(i));
    }
    const kept = h.entries(P, 'flappy', t(0));
    expect(kept).toHaveLength(MAX_ENTRIES_PER_DEVICE);
    expect(kept[0]!.at).toBe(t(5));
  });
});

describe('the device history in the SQLite store', () => {
  it('survives a restart', async () => {
    const first = await sqliteCache();
    openDeviceHistory(first).recordStatuses(P, [{ code: 'sirius', status: 'maintenance' }], t(0));
    first.close();
    const again = openDeviceHistory(await sqliteCache());
    expect(again.entries(P, 'sirius', t(0))).toHaveLength(1);
    expect(again.persistent).toBe(true);
  });
});

const job = (id: number, extra: Partial<JobInfo>): JobInfo => ({
  id,
  name: `job ${id}`,
  description: '',
  device_id: 2,
  created_at: '2026-01-01T10:00:00.000Z',
  status: 'completed',
  ...extra,
});

describe.each([
  ['sqlite', sqliteCache],
  ['memory', async () => new MemoryJobCache('no store in this test')],
] as const)('duration samples from the job store (%s)', (_, openCache) => {
  it('take the whole time from the service and the run from the timeline', async () => {
    const cache = await openCache();
    // Job 1: watched queued → running → completed; the service says it took 60 s.
    cache.upsertRecords(P, [job(1, { status: 'queued' })], '2026-01-01T10:00:01.000Z', 'watch');
    cache.observe(P, 1, 'running', '2026-01-01T10:00:40.000Z', 'watch');
    cache.upsertRecords(
      P,
      [job(1, { completed_at: '2026-01-01T10:01:00.000Z' })],
      '2026-01-01T10:01:02.000Z',
      'watch',
    );
    // Job 2: first seen already completed (no run seen). Job 3: still running. Job 4: failed.
    cache.upsertRecords(
      P,
      [
        job(2, { completed_at: '2026-01-01T10:00:30.000Z' }),
        job(3, { status: 'running' }),
        job(4, { status: 'error', completed_at: '2026-01-01T10:00:05.000Z' }),
      ],
      '2026-01-01T10:02:00.000Z',
      'list',
    );
    const service = new EstimatesService(cache);
    const { model, runningSince } = service.get(P);
    expect(model.jobs).toBe(2);
    expect(model.devices['2']!.all).toEqual({
      // Pairs in order of wait: job 2 (30 s, run not seen), then job 1 (38 s waiting + 22 s run).
      wait: [30_000, 38_000],
      total: [30_000, 60_000],
      running: [22_000],
    });
    expect(runningSince).toEqual({ '3': '2026-01-01T10:02:00.000Z' });
  });
  it('name the unfinished jobs that look stuck, for the notice of a job end', async () => {
    const cache = await openCache();
    // Six jobs on device 2 that each waited 10 s: enough to rest the stuck rule on.
    const done = Array.from({ length: 6 }, (_, i) =>
      job(10 + i, {
        created_at: `2026-01-01T10:0${i}:00.000Z`,
        completed_at: `2026-01-01T10:0${i}:10.000Z`,
      }),
    );
    // Job 20 has waited an hour (stuck); job 21 a few seconds; job 22 ended (Variant A: no
    // status, a completion time); job 23 has no status and no completion time (waiting, long).
    cache.upsertRecords(
      P,
      [
        ...done,
        job(20, { status: 'queued', created_at: '2026-01-01T10:00:00.000Z' }),
        job(21, { status: 'queued', created_at: '2026-01-01T10:59:57.000Z' }),
        job(22, {
          status: undefined,
          created_at: '2026-01-01T09:00:00.000Z',
          completed_at: '2026-01-01T09:00:10.000Z',
        }),
        job(23, { status: undefined, created_at: '2026-01-01T09:30:00.000Z' }),
      ],
      '2026-01-01T11:00:00.000Z',
      'list',
    );
    const service = new EstimatesService(cache);
    const now = Date.parse('2026-01-01T11:00:00.000Z');
    expect(service.stuckJobs(P, now).sort((a, b) => a - b)).toEqual([20, 23]);
    // With too few finished jobs to rest on, nothing is called stuck.
    expect(new EstimatesService(cache).stuckJobs('other-profile', now)).toEqual([]);
  });
});

describe('histories of several stores', () => {
  it('become one: a status seen by two is one span, a notice is listed once', () => {
    const s = (value: string, at: number, last: number) =>
      ({ kind: 'status', value, at: t(at), lastAt: t(last) }) as const;
    const merged = mergeDeviceHistories([
      [s('online', 0, 10), s('maintenance', 12, 20)],
      [s('online', 5, 11), { kind: 'message', value: 'down at noon', at: t(6), lastAt: t(6) }],
      [
        { kind: 'message', value: 'down at noon', at: t(8), lastAt: t(9) },
        s('maintenance', 13, 25),
      ],
    ]);
    expect(merged).toEqual([
      s('online', 0, 11),
      { kind: 'message', value: 'down at noon', at: t(6), lastAt: t(9) },
      s('maintenance', 12, 25),
    ]);
  });
});
