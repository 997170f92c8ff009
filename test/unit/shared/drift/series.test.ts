import { describe, expect, it } from 'vitest';
import type { DriftRun } from '../../../../src/shared/drift';
import { buildDriftSeries, driftSummary } from '../../../../src/shared/drift';

const run = (
  jobId: number,
  hour: number,
  valueNs: number | null,
  sigmaNs: number | null = 800,
  qubit: number | null = 0,
  quantity: DriftRun['quantity'] = 't1',
): DriftRun => ({
  jobId,
  name: `t1 ${jobId}`,
  at: new Date(Date.UTC(2026, 0, 1, hour)).toISOString(),
  quantity,
  qubit,
  valueNs,
  sigmaNs,
  reason: valueNs === null ? 'No T1 decay could be fitted: too few points.' : null,
});

describe('a drift series', () => {
  const runs = [
    run(4, 12, 18_200, 600),
    run(1, 10, 24_100, 800),
    run(2, 11, 22_000),
    run(9, 13, 260, 3, 0, 'piPulse'),
    run(5, 9, 30_000, 900, 1),
    run(6, 14, null, null, 1),
    run(7, 15, 31_000, 900, null),
  ];

  it('shows the qubit of the newest run by default, oldest first, and lists every qubit', () => {
    const s = buildDriftSeries(runs, { quantity: 't1' });
    expect(s.qubits).toEqual([0, 1]);
    expect(s.qubit).toBe(1);
    expect(s.points.map((p) => p.jobId)).toEqual([5, 6]);
    const q0 = buildDriftSeries(runs, { quantity: 't1', qubit: 0 });
    expect(q0.points.map((p) => p.jobId)).toEqual([1, 2, 4]);
    expect(buildDriftSeries(runs, { quantity: 'piPulse' }).points.map((p) => p.jobId)).toEqual([9]);
  });

  it('keeps to the time window and to the newest runs within the cap', () => {
    const s = buildDriftSeries(runs, {
      quantity: 't1',
      qubit: 0,
      from: '2026-01-01T10:30:00Z',
      to: '2026-01-01T12:00:00Z',
    });
    expect(s.points.map((p) => p.jobId)).toEqual([2, 4]);
    const capped = buildDriftSeries(runs, { quantity: 't1', qubit: 0 }, 2);
    expect(capped.points.map((p) => p.jobId)).toEqual([2, 4]);
    expect(capped.omitted).toBe(1);
  });

  it('is empty, with no qubit, when the device has no run of the quantity', () => {
    const s = buildDriftSeries(runs.slice(0, 3), { quantity: 'piPulse' });
    expect(s).toEqual({ quantity: 'piPulse', qubit: null, qubits: [], points: [], omitted: 0 });
  });

  it('says the drift in words: runs, span, first and last fit, the change in sigmas', () => {
    expect(driftSummary(buildDriftSeries(runs, { quantity: 't1', qubit: 0 }))).toBe(
      'T1 on qubit 0: 3 runs over 2 h, from 24.10 ± 0.80 µs to 18.20 ± 0.60 µs (−24 %, 5.9 σ: beyond the uncertainties).',
    );
    const steady = [run(1, 10, 24_100), run(2, 11, 24_500)];
    expect(driftSummary(buildDriftSeries(steady, { quantity: 't1' }))).toMatch(
      /\(\+1\.7 %, 0\.4 σ: within the uncertainties\)\.$/,
    );
    expect(driftSummary(buildDriftSeries(runs, { quantity: 't1', qubit: 1 }))).toBe(
      'T1 on qubit 1: 2 runs over 5 h (1 without a fit), 30.00 ± 0.90 µs.',
    );
    expect(driftSummary(buildDriftSeries([run(3, 1, null)], { quantity: 't1' }))).toBe(
      'T1 on qubit 0: 1 run, none with a fit.',
    );
  });
});
