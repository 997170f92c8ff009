import { describe, expect, it } from 'vitest';
import { buildDurationModel } from '../../../../../../src/shared/estimates';
import type { DurationSample } from '../../../../../../src/shared/estimates';
import { jobWhen } from '../../../../../../src/renderer/features/job-monitor/table/job-eta';
import {
  jobProgress,
  progressPercent,
  progressSentence,
} from '../../../../../../src/renderer/features/job-monitor/table/job-progress';
import type { JobRow } from '../../../../../../src/renderer/state/jobs/job-query';

const T0 = Date.UTC(2026, 10, 25, 8);
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const running = (id: number, status = 'running'): JobRow => ({
  id,
  name: `job ${id}`,
  device_id: 3,
  status: status as JobRow['status'],
  created_at: at(0),
  jobType: 'analog',
});
/** Finished jobs of device 3 that were seen running for `runs` seconds each. */
const history = (...runs: number[]) =>
  buildDurationModel(
    runs.map((s): DurationSample => ({
      deviceId: 3,
      kind: 'analog',
      totalMs: s * 1000,
      runningMs: s * 1000,
    })),
  );
/** The estimates' view of job 1 having run for `elapsed` seconds, at T0 + elapsed. */
const whenAt = (runs: number[], elapsed: number) =>
  jobWhen(
    { model: history(...runs), runningSince: { '1': at(0) }, builtAt: at(0) },
    running(1),
    T0 + elapsed * 1000,
  );

describe('a running job’s progress', () => {
  it('is what its own log states, whatever other jobs took', () => {
    // Issue 25: three short jobs on the device made a long evolution read "~99 %" at 47 %.
    const p = jobProgress(
      running(1),
      { fraction: 0.47, message: 't = 9.375/20' },
      whenAt([5, 6, 7, 8, 9], 60),
    );
    expect(p).toEqual({ kind: 'log', fraction: 0.47, message: 't = 9.375/20' });
    expect(progressPercent(p!)).toBe('47 %');
    expect(progressSentence(p!, 'Vega')).toBe("47 %, from the job's log: t = 9.375/20.");
  });

  it('is estimated only from the finished jobs that ran at least as long, and says so', () => {
    // Five runs of 20 s to 60 s; this one has run 10 s: the median still to go is 30 s.
    const p = jobProgress(running(1), null, whenAt([20, 30, 40, 50, 60], 10));
    expect(p).toMatchObject({ kind: 'estimate', elapsedMs: 10_000 });
    expect(p!.fraction).toBeCloseTo(10 / 40, 6);
    expect(progressPercent(p!)).toBe('~25 %');
    expect(progressSentence(p!, 'Vega')).toBe(
      'About 25 % (an estimate from other jobs): running for 10 s, and the 5 analog jobs on Vega that ran at least as long ended ≈ 30 s later (p90 46 s).',
    );
  });

  it('is not guessed once the job has run longer than the history it would rest on', () => {
    expect(jobProgress(running(1), null, whenAt([5, 6, 7, 8, 9], 60))).toBeNull();
    expect(jobProgress(running(1), null, whenAt([5, 6], 1))).toBeNull();
    expect(jobProgress(running(1), null, null)).toBeNull();
  });

  it('is not said for a job that is not running', () => {
    expect(jobProgress(running(1, 'queued'), { fraction: 0.5, message: '' }, null)).toBeNull();
    expect(jobProgress(running(1, 'completed'), { fraction: 1, message: '' }, null)).toBeNull();
  });
});
