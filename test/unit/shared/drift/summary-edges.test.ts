import { describe, expect, it } from 'vitest';
import type { DriftRun, DriftSeries } from '../../../../src/shared/drift';
import { buildDriftSeries, driftSummary, formatRunValue } from '../../../../src/shared/drift';

/**
 * The drift sentence and the series at their edges: no sigma, a sigma of zero, no change, a
 * change of exactly three sigmas, small and large percentages, an empty window, runs at the
 * same instant, the window's own bounds. Written from the mutation run's survivors.
 */

const run = (
  jobId: number,
  minute: number,
  valueNs: number | null,
  sigmaNs: number | null = null,
  qubit: number | null = 0,
): DriftRun => ({
  jobId,
  name: `t1 ${jobId}`,
  at: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
  quantity: 't1',
  qubit,
  valueNs,
  sigmaNs,
  reason: valueNs === null ? 'No fit.' : null,
});

const series = (points: DriftRun[]): DriftSeries => ({
  quantity: 't1',
  qubit: 0,
  qubits: [0],
  points,
  omitted: 0,
});

describe('the drift sentence', () => {
  it('says an empty window and an unknown qubit', () => {
    expect(driftSummary({ ...series([]), qubit: null })).toBe(
      'T1 on qubit ?: no runs in this window.',
    );
  });

  it('gives no verdict in sigmas when a sigma is missing or both are zero', () => {
    expect(driftSummary(series([run(1, 0, 20_000), run(2, 60, 25_000, 500)]))).toBe(
      'T1 on qubit 0: 2 runs over 60 min, from 20 µs to 25.00 ± 0.50 µs (+25 %).',
    );
    expect(driftSummary(series([run(1, 0, 20_000, 500), run(2, 60, 25_000)]))).toBe(
      'T1 on qubit 0: 2 runs over 60 min, from 20.00 ± 0.50 µs to 25 µs (+25 %).',
    );
    expect(driftSummary(series([run(1, 0, 20_000, 0), run(2, 60, 25_000, 0)]))).toMatch(
      /\(\+25 %\)\.$/,
    );
  });

  it('calls exactly three sigmas beyond, and a change of nothing ±0.0 %', () => {
    // 3 µs apart with sigmas 0.6 and 0.8 µs: hypot = 1 µs, so 3.0 σ.
    expect(driftSummary(series([run(1, 0, 20_000, 600), run(2, 60, 23_000, 800)]))).toMatch(
      /\(\+15 %, 3\.0 σ: beyond the uncertainties\)\.$/,
    );
    expect(driftSummary(series([run(1, 0, 20_000, 600), run(2, 60, 20_000, 800)]))).toMatch(
      /\(±0\.0 %, 0\.0 σ: within the uncertainties\)\.$/,
    );
  });

  it('gives one decimal below 10 % and none from 10 %, with a minus sign for a fall', () => {
    expect(driftSummary(series([run(1, 0, 20_000), run(2, 60, 18_000)]))).toMatch(/\(−10 %\)\.$/);
    expect(driftSummary(series([run(1, 0, 20_000), run(2, 60, 18_100)]))).toMatch(/\(−9\.5 %\)\.$/);
  });

  it('measures the change between the first and last fitted runs, skipping those without a fit', () => {
    expect(
      driftSummary(
        series([run(1, 0, null), run(2, 30, 20_000), run(3, 60, 22_000), run(4, 90, null)]),
      ),
    ).toBe('T1 on qubit 0: 4 runs over 1 h 30 min (2 without a fit), from 20 µs to 22 µs (+10 %).');
    expect(driftSummary(series([run(1, 0, 20_000), run(2, 30, null)]))).toBe(
      'T1 on qubit 0: 2 runs over 30 min (1 without a fit), 20 µs.',
    );
  });

  it('writes a run without a fit as such', () => {
    expect(formatRunValue(run(1, 0, null))).toBe('no fit');
    expect(formatRunValue(run(1, 0, 1500, 20))).toBe('1.500 ± 0.020 µs');
  });
});

describe('the series', () => {
  it('orders runs of the same instant by job id, and keeps runs on the window’s bounds', () => {
    const same = [run(7, 10, 1), run(3, 10, 2), run(5, 20, 3)];
    const s = buildDriftSeries(same, {
      quantity: 't1',
      qubit: 0,
      from: '2026-01-01T10:10:00.000Z',
      to: '2026-01-01T10:20:00.000Z',
    });
    expect(s.points.map((p) => p.jobId)).toEqual([3, 7, 5]);
  });

  it('shows no run of an unknown qubit, even when asked for none', () => {
    const s = buildDriftSeries([run(1, 0, 5, null, null)], { quantity: 't1' });
    expect(s.qubit).toBeNull();
    expect(s.points).toEqual([]);
  });
});
