import { describe, expect, it } from 'vitest';
import type { DurationSample, Estimate, StuckVerdict } from '../../../../src/shared/estimates';
import {
  MAX_SAMPLES_PER_GROUP,
  MIN_SAMPLES,
  buildDurationModel,
  estimateCell,
  estimateRemaining,
  estimateSentence,
  openJobAt,
  roughDuration,
  stuckAdvice,
  stuckSentence,
  waitOf,
} from '../../../../src/shared/estimates';

/**
 * The words of the estimates, at their edges (what a reader sees in the job table, the detail
 * and the notice of a job's end), and the corners of the model and of an open job that the
 * sums in estimates.test.ts do not reach. Written from the mutation run's survivors: each
 * expectation here fails on one of them.
 */

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('roughDuration at each boundary', () => {
  it('says "—" for a time it cannot know, and "< 1 s" below a second', () => {
    expect(roughDuration(Number.NaN)).toBe('—');
    expect(roughDuration(Number.POSITIVE_INFINITY)).toBe('—');
    expect(roughDuration(-5 * S)).toBe('< 1 s');
    expect(roughDuration(999)).toBe('< 1 s');
    expect(roughDuration(1000)).toBe('1 s');
  });

  it('counts seconds up to 90 s, minutes up to 90 min, hours up to 48 h, then days', () => {
    expect(roughDuration(89 * S)).toBe('89 s');
    expect(roughDuration(90 * S)).toBe('2 min');
    expect(roughDuration(89 * MIN)).toBe('89 min');
    expect(roughDuration(90 * MIN)).toBe('1 h 30 min');
    expect(roughDuration(2 * H)).toBe('2 h');
    expect(roughDuration(47 * H)).toBe('47 h');
    expect(roughDuration(48 * H)).toBe('2 d');
    expect(roughDuration(49 * H)).toBe('2 d 1 h');
  });
});

const estimate = (over: Partial<Estimate & { kind: 'estimate' }> = {}) =>
  ({
    kind: 'estimate',
    phase: 'waiting',
    medianMs: 2 * MIN,
    highMs: 5 * MIN,
    basis: 14,
    jobType: 'sampling',
    ...over,
  }) as const;

describe('the estimate in words', () => {
  it('names the job type and the phase it rests on, one job or several', () => {
    expect(estimateSentence(estimate(), 'Sirius')).toBe(
      'Estimate: ends in ≈ 2 min (p90 5 min), from 14 sampling jobs on Sirius that had been waiting at least as long.',
    );
    expect(estimateSentence(estimate({ phase: 'running', basis: 1, jobType: null }), 'Vega')).toBe(
      'Estimate: ends in ≈ 2 min (p90 5 min), from 1 job on Vega that had been running at least as long.',
    );
  });

  it('fits a table cell', () => {
    expect(estimateCell(estimate())).toBe('≈ 2 min (p90 5 min), from 14 jobs');
    expect(estimateCell(estimate({ basis: 1 }))).toBe('≈ 2 min (p90 5 min), from 1 job');
  });

  it('says why a job looks stuck, waiting or running, and what to do', () => {
    const verdict = (phase: 'waiting' | 'running'): StuckVerdict => ({
      phase,
      elapsedMs: 3 * H,
      highMs: 10 * MIN,
      thresholdMs: 20 * MIN,
      basis: 12,
    });
    expect(stuckSentence(verdict('waiting'), 'Sirius')).toBe(
      'Looks stuck: waiting for 3 h, while 90 % of the 12 finished jobs on Sirius waited at most 10 min.',
    );
    expect(stuckSentence(verdict('running'), 'Sirius')).toBe(
      'Looks stuck: running for 3 h, while 90 % of the 12 finished jobs on Sirius ran at most 10 min.',
    );
    expect(stuckAdvice('Sirius', true)).toBe(
      "Check Sirius's status and maintenance in Devices, open the job's logs, or cancel it.",
    );
    expect(stuckAdvice('Sirius', false)).toBe(
      "Check Sirius's status and maintenance in Devices, open the job's logs.",
    );
  });
});

const sample = (totalS: number, runningS: number | null, kind: string | null = 'sampling') =>
  ({
    deviceId: 2,
    kind,
    totalMs: totalS * S,
    runningMs: runningS === null ? null : runningS * S,
  }) satisfies DurationSample;

describe('why there is no estimate', () => {
  it('counts the jobs seen running to the end for a running job, one or several', () => {
    const one = buildDurationModel([sample(10, 4)]);
    const none = estimateRemaining(one, {
      deviceId: 2,
      kind: null,
      phase: 'running',
      elapsedMs: 0,
    });
    expect(none).toEqual({
      kind: 'none',
      phase: 'running',
      basis: 1,
      reason: `only 1 job on this device was seen running to the end; an estimate needs ${MIN_SAMPLES}`,
    });
  });

  it('needs exactly MIN_SAMPLES jobs, not one more', () => {
    const enough = buildDurationModel(
      Array.from({ length: MIN_SAMPLES }, (_, i) => sample(10 + i, 2 + i)),
    );
    for (const phase of ['waiting', 'running'] as const) {
      const e = estimateRemaining(enough, { deviceId: 2, kind: 'sampling', phase, elapsedMs: 0 });
      expect(e).toMatchObject({ kind: 'estimate', phase, basis: MIN_SAMPLES, jobType: 'sampling' });
    }
  });

  it('says a running job has run longer than the jobs seen, with the right verb', () => {
    const model = buildDurationModel(
      Array.from({ length: 8 }, (_, i) => sample(20 + i, 1 + i, null)),
    );
    const long = estimateRemaining(model, {
      deviceId: 2,
      kind: 'sampling',
      phase: 'running',
      elapsedMs: 6.5 * S,
    });
    expect(long).toEqual({
      kind: 'none',
      phase: 'running',
      basis: 2,
      reason: 'it has been running longer than all but 2 of the 8 finished jobs on this device',
    });
  });

  it('gives no estimate when every job of the group ended sooner', () => {
    const model = buildDurationModel(Array.from({ length: 6 }, () => sample(10, 4)));
    for (const phase of ['waiting', 'running'] as const) {
      const e = estimateRemaining(model, { deviceId: 2, kind: 'sampling', phase, elapsedMs: H });
      expect(e).toMatchObject({ kind: 'none', phase, basis: 0 });
    }
  });

  it('sorts the remaining times before taking their median', () => {
    // In order of wait the wholes are 100, 2, 3, 4, 5 s (the first waited 1 s, then ran 99 s).
    const model = buildDurationModel([
      sample(100, 99),
      ...[2, 3, 4, 5].map((t) => sample(t, null)),
    ]);
    const e = estimateRemaining(model, { deviceId: 2, kind: null, phase: 'waiting', elapsedMs: 0 });
    expect(e).toMatchObject({ kind: 'estimate', medianMs: 4 * S });
  });
});

describe('the model at its corners', () => {
  it('keeps a run as long as the whole, and a job of no time at all', () => {
    const model = buildDurationModel([sample(10, 10), sample(0, 0), sample(5, -1)]);
    const all = model.devices['2']!.all;
    expect(all.running).toEqual([0, 10 * S]);
    expect(all.wait).toEqual([0, 0, 5 * S]);
    expect(model.jobs).toBe(3);
  });

  it('groups by job type only jobs that have one', () => {
    const model = buildDurationModel([sample(10, null, null), sample(20, null, 'sampling')]);
    expect(Object.keys(model.devices['2']!.kinds)).toEqual(['sampling']);
    expect(model.devices['2']!.kinds['sampling']!.total).toEqual([20 * S]);
  });

  it('counts a job kept only in its type group, once the device group is full', () => {
    const full = Array.from({ length: MAX_SAMPLES_PER_GROUP }, () => sample(1, null, 'sampling'));
    const model = buildDurationModel([...full, sample(7, null, 'analog'), sample(8, null, null)]);
    expect(model.jobs).toBe(MAX_SAMPLES_PER_GROUP + 1);
    expect(model.devices['2']!.kinds['analog']!.total).toEqual([7 * S]);
    expect(model.devices['2']!.kinds['sampling']!.total).toHaveLength(MAX_SAMPLES_PER_GROUP);
  });

  it('takes the wait as the whole less the run', () => {
    expect(waitOf(sample(10, 4))).toBe(6 * S);
    expect(waitOf(sample(10, null))).toBe(10 * S);
  });
});

describe('an open job as the estimates see it', () => {
  const now = Date.parse('2026-01-01T11:00:00.000Z');
  const job = {
    device_id: 3,
    status: 'queued' as const,
    created_at: '2026-01-01T10:00:00.000Z',
    jobType: 'sampling',
  };

  it('counts a waiting job from its creation and a running one from when it was seen running', () => {
    expect(openJobAt(job, '2026-01-01T10:59:00.000Z', now)).toEqual({
      deviceId: 3,
      kind: 'sampling',
      phase: 'waiting',
      elapsedMs: H,
    });
    expect(openJobAt({ ...job, status: 'running' }, '2026-01-01T10:59:00.000Z', now)).toEqual({
      deviceId: 3,
      kind: 'sampling',
      phase: 'running',
      elapsedMs: MIN,
    });
    // Running, never seen start: just now.
    expect(openJobAt({ ...job, status: 'running' }, undefined, now)?.elapsedMs).toBe(0);
  });

  it('reads a record without a status by its completion time, and ignores a job type that is not text', () => {
    expect(
      openJobAt({ ...job, status: null, completed_at: '2026-01-01T10:01:00Z' }, undefined, now),
    ).toBeNull();
    expect(openJobAt({ ...job, status: null, completed_at: null }, undefined, now)).toMatchObject({
      phase: 'waiting',
      elapsedMs: H,
    });
    expect(openJobAt({ ...job, status: 'completed' }, undefined, now)).toBeNull();
    expect(openJobAt({ ...job, jobType: 7 }, undefined, now)?.kind).toBeNull();
    expect(openJobAt({ ...job, created_at: 'not a date' }, undefined, now)?.elapsedMs).toBe(0);
    expect(
      openJobAt({ ...job, created_at: '2026-01-01T12:00:00.000Z' }, undefined, now)?.elapsedMs,
    ).toBe(0);
  });
});
