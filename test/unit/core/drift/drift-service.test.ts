import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobCache } from '../../../../src/core/job-store';
import { MemoryJobCache, SqliteJobCache, loadSqlite } from '../../../../src/core/job-store';
import { DriftService, SCAN_DETAILS } from '../../../../src/core/drift';
import type { JobDetail } from '../../../../src/shared/variants';
import { experimentJobA, samplingJobB, t1JobB } from '../../shared/drift/drift-details';

/**
 * The drift series of a device read from the local job store (SQLite, and memory when there is
 * none): only that device's finished T1 or Rabi jobs, each fitted once and remembered until its
 * detail is fetched again.
 */

const P = 'sim-b:B';
let dir: string;
let opened: JobCache[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qjob-drift-'));
});
afterEach(() => {
  for (const c of opened) c.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => Promise<JobCache>][] = [
  ['sqlite', async () => new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'))],
  ['memory', async () => new MemoryJobCache(null)],
];

function keep(cache: JobCache, detail: JobDetail, fetchedAt = '2026-01-01T12:00:00.000Z') {
  cache.upsertRecords(P, [detail], fetchedAt, 'list');
  cache.putDetail(P, { detail, problems: [], fetchedAt }, 'detail');
}

describe.each(stores)('the drift series from the job store (%s)', (_, open) => {
  it("lists a device's finished T1 runs on a qubit, oldest first, with their fits", async () => {
    const cache = await open();
    opened.push(cache);
    keep(cache, t1JobB({ id: 1, minute: 1, t1Ns: 50_000 }));
    keep(cache, t1JobB({ id: 2, minute: 2, t1Ns: 40_000 }));
    keep(cache, t1JobB({ id: 3, minute: 3, t1Ns: 30_000 }));
    keep(cache, t1JobB({ id: 4, minute: 4, t1Ns: 30_000, deviceId: 8 }));
    keep(cache, t1JobB({ id: 5, minute: 5, qubit: 1 }));
    keep(cache, t1JobB({ id: 6, minute: 6, status: 'running' }));
    keep(cache, samplingJobB({ id: 7, minute: 7 }));
    const drift = new DriftService(cache);
    const s = drift.series(P, 'B', 7, { quantity: 't1', qubit: 0 });
    expect(s.points.map((p) => p.jobId)).toEqual([1, 2, 3]);
    expect(s.qubits).toEqual([0, 1]);
    const values = s.points.map((p) => p.valueNs!);
    expect(values[0]).toBeGreaterThan(values[1]!);
    expect(values[1]).toBeGreaterThan(values[2]!);
    expect(s).toMatchObject({ deviceId: 7, capped: false, persistent: cache.status.persistent });
    expect(drift.series(P, 'B', 7, { quantity: 't1' }).qubit).toBe(1);
    expect(drift.series(P, 'B', 7, { quantity: 'piPulse' }).points).toEqual([]);
    // Another profile's jobs are another service's.
    expect(drift.series('other:B', 'B', 7, { quantity: 't1' }).points).toEqual([]);
  });

  it('fits each detail once, and again when it was fetched again', async () => {
    const cache = await open();
    opened.push(cache);
    keep(cache, t1JobB({ id: 1, minute: 1 }));
    keep(cache, samplingJobB({ id: 2, minute: 2 }));
    const drift = new DriftService(cache);
    drift.series(P, 'B', 7, { quantity: 't1' });
    expect(drift.fitted).toBe(2);
    drift.series(P, 'B', 7, { quantity: 't1' });
    drift.series(P, 'B', 7, { quantity: 'piPulse' });
    expect(drift.fitted).toBe(2);
    keep(cache, t1JobB({ id: 1, minute: 1, t1Ns: 20_000 }), '2026-01-02T12:00:00.000Z');
    const after = drift.series(P, 'B', 7, { quantity: 't1' });
    expect(drift.fitted).toBe(3);
    expect(after.points[0]!.valueNs!).toBeLessThan(25_000);
  });

  it('reads Variant A experiments by their payload tag', async () => {
    const cache = await open();
    opened.push(cache);
    keep(cache, experimentJobA({ id: 1, minute: 1, experiment: 't1', qubit: 2 }));
    keep(cache, experimentJobA({ id: 2, minute: 2, experiment: 'rabi', qubit: 2 }));
    const drift = new DriftService(cache);
    expect(drift.series(P, 'A', 7, { quantity: 't1' }).points.map((p) => p.jobId)).toEqual([1]);
    expect(drift.series(P, 'A', 7, { quantity: 'piPulse' }).points.map((p) => p.qubit)).toEqual([
      2,
    ]);
  });
});

describe('the drift scan on a device with many jobs', () => {
  it(`looks at the newest ${SCAN_DETAILS} kept details only, and says so`, async () => {
    const cache = new SqliteJobCache(await loadSqlite(), path.join(dir, 'jobs.sqlite'));
    opened.push(cache);
    keep(cache, t1JobB({ id: 1, minute: 1 }));
    for (let id = 2; id <= SCAN_DETAILS + 1; id++) keep(cache, samplingJobB({ id, minute: 2 }));
    const s = new DriftService(cache).series(P, 'B', 7, { quantity: 't1' });
    expect(s).toMatchObject({ scanned: SCAN_DETAILS, capped: true, points: [] });
  });
});
