import { describe, expect, it } from 'vitest';
import type { DurationSample } from '../../../../src/shared/estimates';
import {
  MAX_SAMPLES_PER_GROUP,
  MIN_SAMPLES,
  STUCK_MARGIN_MS,
  buildDurationModel,
  estimateCell,
  estimateRemaining,
  estimateSentence,
  firstAbove,
  phaseOf,
  roughDuration,
  sortedQuantile,
  stuckVerdict,
} from '../../../../src/shared/estimates';

const S = 1000;
const sample = (
  totalS: number,
  runningS: number | null,
  extra: Partial<DurationSample> = {},
): DurationSample => ({
  deviceId: 2,
  kind: 'sampling',
  totalMs: totalS * S,
  runningMs: runningS === null ? null : runningS * S,
  ...extra,
});

describe('quantiles', () => {
  it('interpolates between ranks (type 7) and honours a suffix', () => {
    const xs = [1, 2, 3, 4, 10];
    expect(sortedQuantile(xs, 0)).toBe(1);
    expect(sortedQuantile(xs, 1)).toBe(10);
    expect(sortedQuantile(xs, 0.5)).toBe(3);
    expect(sortedQuantile(xs, 0.9)).toBeCloseTo(4 + 0.6 * 6);
    expect(sortedQuantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(sortedQuantile(xs, 0.5, 2)).toBe(4); // of [3, 4, 10]
    expect(sortedQuantile([], 0.5)).toBeNaN();
  });

  it('finds the first sample strictly above a value', () => {
    expect(firstAbove([1, 2, 2, 3], 2)).toBe(3);
    expect(firstAbove([1, 2, 2, 3], 0)).toBe(0);
    expect(firstAbove([1, 2, 2, 3], 3)).toBe(4);
  });
});

describe('the duration model', () => {
  it('splits each job into its wait and its run, the wait being the whole when the run was not seen', () => {
    const model = buildDurationModel([sample(10, 4), sample(7, null), sample(3, 1)]);
    const all = model.devices['2']!.all;
    expect(all.wait).toEqual([2000, 6000, 7000]);
    expect(all.total).toEqual([3000, 10000, 7000]);
    expect(all.running).toEqual([1000, 4000]);
    expect(model.devices['2']!.kinds['sampling']!.wait).toEqual(all.wait);
    expect(model.jobs).toBe(3);
  });

  it('keeps the newest samples of each group and leaves out impossible ones', () => {
    const many = Array.from({ length: MAX_SAMPLES_PER_GROUP + 50 }, (_, i) => sample(i + 1, null));
    const model = buildDurationModel([sample(-1, null), sample(5, 9), ...many]);
    const all = model.devices['2']!.all;
    expect(all.wait).toHaveLength(MAX_SAMPLES_PER_GROUP);
    // The run longer than the whole is not believed; its job still counts as a wait of 5 s.
    expect(all.running).toEqual([]);
    expect(all.wait[0]).toBe(1000);
    expect(Math.max(...all.wait)).toBe((MAX_SAMPLES_PER_GROUP - 1) * S);
  });
});

describe('the remaining time', () => {
  // Ten jobs of one type on device 2: waits of 1..10 s, each then running 5 s.
  const ten = Array.from({ length: 10 }, (_, i) => sample(i + 1 + 5, 5));
  const model = buildDurationModel(ten);

  it('of a fresh waiting job: the whole durations of every earlier job', () => {
    const e = estimateRemaining(model, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: 0,
    });
    expect(e).toMatchObject({ kind: 'estimate', basis: 10, jobType: 'sampling' });
    if (e.kind !== 'estimate') throw new Error('expected an estimate');
    expect(e.medianMs).toBe(10_500); // median of 6..15 s
    expect(e.highMs).toBeCloseTo(14_100);
  });

  it('is conditional: a job that already waited 6 s is compared with those that waited longer', () => {
    const e = estimateRemaining(model, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: 6 * S,
    });
    // Only the jobs that waited 7..10 s are like it: 4, fewer than an estimate needs.
    expect(e).toMatchObject({ kind: 'none', basis: 4 });
    const later = estimateRemaining(model, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: 4 * S,
    });
    if (later.kind !== 'estimate') throw new Error('expected an estimate');
    // Waits 5..10 s (6 jobs): totals 10..15 s, less the 4 s spent.
    expect(later.basis).toBe(6);
    expect(later.medianMs).toBe(8_500);
  });

  it('of a running job: the run time still to go of jobs that ran longer', () => {
    const runs = [2, 4, 6, 8, 10, 12, 14].map((r) => sample(r + 1, r));
    const m = buildDurationModel(runs);
    const e = estimateRemaining(m, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'running',
      elapsedMs: 3 * S,
    });
    if (e.kind !== 'estimate') throw new Error('expected an estimate');
    expect(e.basis).toBe(6); // 4..14 s
    expect(e.medianMs).toBe(6_000); // median 9 s, less 3 s
  });

  it('falls back from the job type to the whole device, and says so', () => {
    const mixed = [
      ...Array.from({ length: 6 }, () => sample(10, 5, { kind: 'rabi' })),
      sample(4, 2),
    ];
    const e = estimateRemaining(buildDurationModel(mixed), {
      deviceId: 2,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: 0,
    });
    expect(e).toMatchObject({ kind: 'estimate', basis: 7, jobType: null });
    expect(estimateSentence(e, 'Sirius')).toMatch(/from 7 jobs on Sirius/);
  });

  it('says why there is none: too few jobs, none on the device, or waiting longer than nearly all', () => {
    const few = buildDurationModel(ten.slice(0, MIN_SAMPLES - 1));
    const none = estimateRemaining(few, {
      deviceId: 2,
      kind: null,
      phase: 'waiting',
      elapsedMs: 0,
    });
    expect(none).toMatchObject({ kind: 'none', basis: MIN_SAMPLES - 1 });
    expect(estimateSentence(none, 'Sirius')).toBe(
      `No estimate of the end: only ${MIN_SAMPLES - 1} jobs on this device were finished; an estimate needs ${MIN_SAMPLES}.`,
    );
    expect(
      estimateRemaining(model, { deviceId: 9, kind: null, phase: 'waiting', elapsedMs: 0 }),
    ).toMatchObject({
      kind: 'none',
      basis: 0,
    });
    const long = estimateRemaining(model, {
      deviceId: 2,
      kind: null,
      phase: 'waiting',
      elapsedMs: 8 * S,
    });
    expect(long).toMatchObject({ kind: 'none', basis: 2 });
    if (long.kind === 'none') expect(long.reason).toMatch(/longer than all but 2 of the 10/);
  });

  it('reads as an estimate with what it rests on', () => {
    const e = estimateRemaining(model, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: 0,
    });
    if (e.kind !== 'estimate') throw new Error('expected an estimate');
    expect(estimateCell(e)).toBe('≈ 11 s (p90 14 s), from 10 jobs');
    expect(estimateSentence(e, 'Sirius')).toBe(
      'Estimate: ends in ≈ 11 s (p90 14 s), from 10 sampling jobs on Sirius that had been waiting at least as long.',
    );
  });
});

describe('the stuck rule', () => {
  const model = buildDurationModel(Array.from({ length: 10 }, (_, i) => sample(i + 1 + 5, 5)));

  it('flags a job past its device’s high quantile by the margin, not before', () => {
    const high = sortedQuantile(model.devices['2']!.all.wait, 0.9); // 9.1 s
    const threshold = Math.max(2 * high, high + STUCK_MARGIN_MS);
    const at = (ms: number) =>
      stuckVerdict(model, { deviceId: 2, kind: null, phase: 'waiting', elapsedMs: ms });
    expect(at(threshold)).toBeNull();
    expect(at(threshold + 1)).toMatchObject({ highMs: high, thresholdMs: threshold, basis: 10 });
  });

  it('uses the factor for long jobs', () => {
    const slow = buildDurationModel(Array.from({ length: 6 }, () => sample(3600, 600)));
    const at = (ms: number) =>
      stuckVerdict(slow, { deviceId: 2, kind: null, phase: 'running', elapsedMs: ms });
    expect(at(1199 * S)).toBeNull();
    expect(at(1201 * S)).not.toBeNull();
  });

  it('says nothing without enough history', () => {
    const few = buildDurationModel([sample(1, null)]);
    expect(
      stuckVerdict(few, { deviceId: 2, kind: null, phase: 'waiting', elapsedMs: 1e9 }),
    ).toBeNull();
    expect(
      stuckVerdict(few, { deviceId: 3, kind: null, phase: 'waiting', elapsedMs: 1e9 }),
    ).toBeNull();
  });
});

describe('median and p90 on skewed durations (mean and maximum would differ)', () => {
  // Durations of real queues are skewed: most jobs are quick, a few take very long. On these
  // the mean lies far from the median and the maximum far from the 90th percentile.
  it('of a waiting job: the median and p90 of the whole durations', () => {
    const totals = [2, 2, 3, 4, 4, 5, 50]; // median 4 s, mean 10 s, p90 23 s, max 50 s
    const m = buildDurationModel(totals.map((t) => sample(t, null)));
    const e = estimateRemaining(m, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: 0,
    });
    if (e.kind !== 'estimate') throw new Error('expected an estimate');
    expect(e.basis).toBe(7);
    expect(e.medianMs).toBe(4_000);
    expect(e.highMs).toBeCloseTo(23_000, 6); // 5 + 0.4 × (50 - 5)
  });

  it('of a running job: the median and p90 of the run times still to go', () => {
    const runs = [1, 1, 2, 3, 3, 4, 40]; // median 3 s, mean 7.7 s, p90 18.4 s, max 40 s
    const m = buildDurationModel(runs.map((r) => sample(r + 1, r)));
    const fresh = estimateRemaining(m, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'running',
      elapsedMs: 0,
    });
    if (fresh.kind !== 'estimate') throw new Error('expected an estimate');
    expect(fresh.medianMs).toBe(3_000);
    expect(fresh.highMs).toBeCloseTo(18_400, 6); // 4 + 0.4 × (40 - 4)
    // Ran 1.5 s already: the five runs longer than that, [2, 3, 3, 4, 40], less 1.5 s.
    const later = estimateRemaining(m, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'running',
      elapsedMs: 1_500,
    });
    if (later.kind !== 'estimate') throw new Error('expected an estimate');
    expect(later.basis).toBe(5);
    expect(later.medianMs).toBe(1_500);
    expect(later.highMs).toBeCloseTo(24_100, 6); // 4 + 0.6 × 36, less 1.5
  });

  it('flags a stuck job against the p90, not the longest job ever seen', () => {
    const waits = [1, 1, 2, 2, 3, 3, 4, 100]; // p90 32.8 s, max 100 s
    const m = buildDurationModel(waits.map((w) => sample(w, null)));
    const high = 32_800;
    const threshold = Math.max(2 * high, high + STUCK_MARGIN_MS); // 65.6 s
    const at = (ms: number) =>
      stuckVerdict(m, { deviceId: 2, kind: null, phase: 'waiting', elapsedMs: ms });
    expect(at(threshold - 100)).toBeNull();
    const verdict = at(threshold + 100);
    expect(verdict).not.toBeNull();
    expect(verdict!.highMs).toBeCloseTo(high, 6);
    expect(verdict!.thresholdMs).toBeCloseTo(threshold, 6);
    // The same for a running job.
    const running = buildDurationModel(waits.map((r) => sample(r + 1, r)));
    expect(
      stuckVerdict(running, {
        deviceId: 2,
        kind: null,
        phase: 'running',
        elapsedMs: threshold + 100,
      }),
    ).toMatchObject({ phase: 'running', basis: 8 });
  });
});

describe('phases and words', () => {
  it('puts unknown and early statuses before running, and finished ones nowhere', () => {
    expect(phaseOf(null)).toBe('waiting');
    expect(phaseOf('queued')).toBe('waiting');
    expect(phaseOf('running')).toBe('running');
    expect(phaseOf('timeout')).toBeNull();
  });

  it('rounds durations as estimates deserve', () => {
    expect(roughDuration(400)).toBe('< 1 s');
    expect(roughDuration(44_600)).toBe('45 s');
    expect(roughDuration(150_000)).toBe('3 min');
    expect(roughDuration(80 * 60_000)).toBe('80 min');
    expect(roughDuration(125 * 60_000)).toBe('2 h 5 min');
    expect(roughDuration(76 * 3600_000)).toBe('3 d 4 h');
  });
});
