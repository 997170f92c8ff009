import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../../../../src/renderer/state/jobs/job-query';
import {
  NO_FILTERS,
  createJobQuery,
  durationMs,
  filterJobs,
  queryJobs,
  sortJobs,
} from '../../../../../src/renderer/state/jobs/job-query';

const STATUSES = [
  'pending',
  'validating',
  'queued',
  'running',
  'completed',
  'error',
  'cancelled',
  'timeout',
] as const;
const DEVICES = ['simulator', 'Digital QPU', 'Analog QPU'];
const deviceName = (id: number) => DEVICES[id - 1] ?? `device ${id}`;
const T0 = Date.UTC(2026, 0, 1);

/** 100,000 jobs over 100 days, as the monitor receives them (newest first). */
function manyJobs(n = 100_000): JobRow[] {
  return Array.from({ length: n }, (_, k) => {
    const i = n - k;
    const created = T0 + i * 86_400 * 1000 * (100 / n);
    return {
      id: i,
      name: i % 10 === 0 ? `bell ${i}` : `job ${i}`,
      device_id: (i % 3) + 1,
      status: i % 97 === 0 ? null : STATUSES[i % STATUSES.length],
      created_at: new Date(created).toISOString(),
      completed_at: i % 2 ? new Date(created + (i % 1000) * 1000).toISOString() : null,
      jobType: i % 4 === 0 ? 'digital' : i % 4 === 1 ? 'pulse' : undefined,
    };
  });
}

describe('filterJobs at 100,000 rows', () => {
  const rows = manyJobs();

  it('returns everything without filters (a copy)', () => {
    const out = filterJobs(rows, NO_FILTERS);
    expect(out).toHaveLength(100_000);
    expect(out).not.toBe(rows);
  });

  it('filters by status, including "not known yet"', () => {
    const errors = filterJobs(rows, { ...NO_FILTERS, statuses: ['error'] });
    expect(errors.length).toBeGreaterThan(12_000);
    expect(errors.every((r) => r.status === 'error')).toBe(true);
    const unknown = filterJobs(rows, { ...NO_FILTERS, statuses: ['unknown'] });
    expect(unknown).toHaveLength(Math.floor(100_000 / 97));
  });

  it('filters by device and job type together', () => {
    const out = filterJobs(rows, { ...NO_FILTERS, deviceIds: [2], jobTypes: ['digital'] });
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((r) => r.device_id === 2 && r.jobType === 'digital')).toBe(true);
  });

  it('searches by id prefix, exact #id, and name', () => {
    expect(filterJobs(rows, { ...NO_FILTERS, query: '#4242' }).map((r) => r.id)).toEqual([4242]);
    const prefix = filterJobs(rows, { ...NO_FILTERS, query: '9999' });
    // Ids starting with the digits, and names holding them ("job 19999").
    expect(prefix.map((r) => r.id)).toEqual(expect.arrayContaining([9999, 99990, 99995, 19999]));
    expect(prefix.every((r) => String(r.id).startsWith('9999') || r.name.includes('9999'))).toBe(
      true,
    );
    expect(filterJobs(rows, { ...NO_FILTERS, query: '#999999' })).toEqual([]);
    const named = filterJobs(rows, { ...NO_FILTERS, query: 'BELL' });
    expect(named).toHaveLength(10_000);
  });

  it('filters by a local date range, both ends inclusive', () => {
    const day = (d: number) => {
      const x = new Date(T0 + d * 86_400_000);
      return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    };
    const out = filterJobs(rows, { ...NO_FILTERS, from: day(10), to: day(11) });
    expect(out.length).toBeGreaterThan(1500);
    expect(out.length).toBeLessThan(2500);
    const from = new Date(day(10) + 'T00:00:00').getTime();
    const to = new Date(day(12) + 'T00:00:00').getTime();
    expect(
      out.every((r) => Date.parse(r.created_at) >= from && Date.parse(r.created_at) < to),
    ).toBe(true);
  });
});

describe('sortJobs at 100,000 rows', () => {
  const rows = manyJobs();
  const now = T0 + 200 * 86_400_000;

  it('sorts by every column, both ways, stable on the id', () => {
    for (const key of [
      'id',
      'name',
      'device',
      'status',
      'jobType',
      'created',
      'duration',
    ] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const out = sortJobs(rows, { key, dir }, deviceName, now);
        expect(out).toHaveLength(rows.length);
        for (let i = 1; i < 2000; i++) {
          const a = out[i - 1]!;
          const b = out[i]!;
          if (key === 'id') expect(dir === 'asc' ? a.id < b.id : a.id > b.id).toBe(true);
          if (key === 'created')
            expect(
              dir === 'asc' ? a.created_at <= b.created_at : a.created_at >= b.created_at,
            ).toBe(true);
        }
      }
    }
  });

  it('orders like one comparison of keys then id (newest first), rows in any order', () => {
    const some = manyJobs(3_000);
    // Shuffled (a refresh need not list newest first) and in id order.
    const shuffled = some.map((r, i) => some[(i * 7919) % some.length]!);
    for (const input of [some, shuffled]) {
      for (const key of ['name', 'device', 'status', 'jobType', 'created', 'duration'] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const value = (r: JobRow): string | number | null => {
            if (key === 'name') return r.name.toLowerCase();
            if (key === 'device') return deviceName(r.device_id).toLowerCase();
            if (key === 'jobType') return typeof r.jobType === 'string' ? r.jobType : null;
            if (key === 'created') return Date.parse(r.created_at);
            if (key === 'duration') return durationMs(r, now);
            const order = STATUSES.indexOf(r.status as (typeof STATUSES)[number]);
            return order < 0 ? null : order;
          };
          const expected = input.slice().sort((a, b) => {
            const va = value(a);
            const vb = value(b);
            if (va === vb) return b.id - a.id;
            if (va === null || vb === null) return va === null ? 1 : -1;
            return (va < vb ? -1 : 1) * (dir === 'asc' ? 1 : -1);
          });
          expect(sortJobs(input, { key, dir }, deviceName, now).map((r) => r.id)).toEqual(
            expected.map((r) => r.id),
          );
        }
      }
    }
  });

  it('puts unknown values last whichever the direction', () => {
    for (const dir of ['asc', 'desc'] as const) {
      const out = sortJobs(rows, { key: 'status', dir }, deviceName, now);
      expect(out.at(-1)!.status).toBeNull();
      const byType = sortJobs(rows, { key: 'jobType', dir }, deviceName, now);
      expect(byType.at(-1)!.jobType).toBeUndefined();
    }
  });

  it('orders device names alphabetically and durations numerically', () => {
    const byDevice = sortJobs(rows, { key: 'device', dir: 'asc' }, deviceName, now);
    expect(deviceName(byDevice[0]!.device_id)).toBe('Analog QPU');
    const byDuration = sortJobs(rows, { key: 'duration', dir: 'desc' }, deviceName, now);
    expect(durationMs(byDuration[0]!, now)!).toBeGreaterThanOrEqual(
      durationMs(byDuration[1]!, now)!,
    );
  });

  it('filters then sorts in one call', () => {
    const out = queryJobs(
      rows,
      { ...NO_FILTERS, statuses: ['completed'] },
      { key: 'id', dir: 'asc' },
      deviceName,
      now,
    );
    expect(out[0]!.status).toBe('completed');
    expect(out[0]!.id).toBeLessThan(out[1]!.id);
  });
});

describe('a list queried again and again (createJobQuery)', () => {
  const now = T0 + 200 * 86_400_000;
  const ids = (rows: JobRow[]) => rows.map((r) => r.id);
  /** A live change: a new array with one row replaced by a changed copy. */
  const change = (rows: JobRow[], at: number, patch: Partial<JobRow>) => {
    const out = rows.slice();
    out[at] = { ...out[at]!, ...patch };
    return out;
  };

  it('answers what queryJobs answers through filter, live, refresh and sort changes', () => {
    const query = createJobQuery();
    let rows = manyJobs(20_000);
    const check = (filters: typeof NO_FILTERS, sort: Parameters<typeof queryJobs>[2]) =>
      expect(ids(query(rows, filters, sort, deviceName, now))).toEqual(
        ids(queryJobs(rows, filters, sort, deviceName, now)),
      );
    const byName = { key: 'name', dir: 'asc' } as const;
    const byStatus = { key: 'status', dir: 'desc' } as const;
    const week = { ...NO_FILTERS, from: '2026-01-10', to: '2026-01-16' };
    check(NO_FILTERS, byName);
    check({ ...NO_FILTERS, query: 'bell' }, byName);
    // A status change keeps the name order; a rename moves the row.
    rows = change(rows, 5, { status: 'completed' });
    check({ ...NO_FILTERS, query: 'bell' }, byName);
    rows = change(rows, 7, { name: 'aaa first' });
    check(NO_FILTERS, byName);
    expect(query(rows, NO_FILTERS, byName, deviceName, now)[0]!.name).toBe('aaa first');
    // Sorted by status, a status change moves the row.
    check(NO_FILTERS, byStatus);
    rows = change(rows, 9, { status: rows[9]!.status === 'error' ? 'pending' : 'error' });
    check(NO_FILTERS, byStatus);
    // A refresh: every row a new object with the same values, then a job more at the top.
    rows = structuredClone(rows);
    check(week, byStatus);
    rows = [{ ...rows[0]!, id: 20_001, name: 'newest' }, ...rows];
    check(week, byName);
    check(NO_FILTERS, { key: 'duration', dir: 'asc' });
  });

  it('reads a changed date again', () => {
    const query = createJobQuery();
    let rows = manyJobs(1_000);
    const day = { ...NO_FILTERS, from: '2030-05-01', to: '2030-05-01' };
    expect(query(rows, day, { key: 'id', dir: 'desc' }, deviceName, now)).toEqual([]);
    rows = change(rows, 3, { created_at: new Date(2030, 4, 1, 12).toISOString() });
    expect(ids(query(rows, day, { key: 'id', dir: 'desc' }, deviceName, now))).toEqual([
      rows[3]!.id,
    ]);
    expect(ids(filterJobs(rows, day))).toEqual([rows[3]!.id]);
  });
});
