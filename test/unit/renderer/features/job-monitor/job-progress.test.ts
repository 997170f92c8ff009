import { describe, expect, it } from 'vitest';
import {
  jobProgress,
  progressPercent,
  usualDurations,
} from '../../../../../src/renderer/features/job-monitor/job-progress';
import type { JobRow } from '../../../../../src/renderer/state/jobs/job-query';

const T0 = Date.UTC(2026, 10, 25, 8);
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const row = (id: number, device: number, took: number | null, status = 'completed'): JobRow => ({
  id,
  name: `job ${id}`,
  device_id: device,
  status: status as JobRow['status'],
  created_at: at(0),
  completed_at: took === null ? null : at(took),
});

describe('a running job’s progress', () => {
  it('is its usual duration per device: the median of its completed jobs, three at least', () => {
    const usual = usualDurations([
      row(9, 3, 30),
      row(8, 3, 10),
      row(7, 3, 20),
      row(6, 3, 500, 'error'), // failed jobs do not say how long a run takes
      row(5, 1, 4),
      row(4, 1, 6),
    ]);
    expect(usual.get(3)).toBe(20_000);
    expect(usual.has(1)).toBe(false);
  });

  it('comes from the log when it has been read', () => {
    const p = jobProgress(row(1, 3, null, 'running'), { fraction: 0.42, message: 'x' }, 20_000, T0);
    expect(p).toEqual({ kind: 'log', fraction: 0.42, message: 'x' });
    expect(progressPercent(p!)).toBe('42 %');
  });

  it('is otherwise estimated from the time since creation, and never says done', () => {
    const running = row(1, 3, null, 'running');
    const half = jobProgress(running, null, 20_000, T0 + 10_000);
    expect(half).toMatchObject({ kind: 'estimate', fraction: 0.5, elapsedMs: 10_000 });
    expect(progressPercent(half!)).toBe('~50 %');
    expect(jobProgress(running, null, 20_000, T0 + 60_000)?.fraction).toBe(0.99);
  });

  it('is not said for a job that is not running, or without anything to go on', () => {
    expect(jobProgress(row(1, 3, null, 'queued'), null, 20_000, T0)).toBeNull();
    expect(jobProgress(row(1, 3, 30), { fraction: 1, message: '' }, 20_000, T0)).toBeNull();
    expect(jobProgress(row(1, 3, null, 'running'), null, undefined, T0)).toBeNull();
  });
});
