import { describe, expect, it } from 'vitest';
import {
  dominantFrequencies,
  fitRabi,
  fitT1,
  levenbergMarquardt,
  rabiCurve,
  sampleCurve,
} from '../../../../src/shared/analysis';
import { checkInput } from '../../../../src/shared/analysis/fit-input';
import { invert, solve } from '../../../../src/shared/analysis/small-linear-algebra';

/**
 * The pieces the fits are made of, each against results worked out by hand, and the fits'
 * refusals and canonical forms.
 */

describe('solve and invert', () => {
  it('solves a system that needs row exchanges', () => {
    // The first pivot is 0: without partial pivoting this divides by zero.
    const x = solve(
      [
        [0, 2, 1],
        [1, 1, 1],
        [2, 1, 3],
      ],
      [7, 6, 13],
    );
    expect(x).toEqual([1, 2, 3].map((v) => expect.closeTo(v, 12)));
    // The largest pivot is taken, not merely a non-zero one: exact with a tiny first entry.
    const y = solve(
      [
        [1e-20, 1],
        [1, 1],
      ],
      [1, 2],
    );
    expect(y![0]).toBeCloseTo(1, 12);
    expect(y![1]).toBeCloseTo(1, 12);
  });

  it('returns null for a singular or overflowing system', () => {
    expect(
      solve(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toBeNull();
    expect(solve([[1e-301]], [1])).toBeNull();
    expect(solve([[1e-200]], [1e200])).toBeNull();
  });

  it('inverts, and refuses a singular matrix', () => {
    const inv = invert([
      [4, 7],
      [2, 6],
    ])!;
    const expected = [
      [0.6, -0.7],
      [-0.2, 0.4],
    ];
    inv.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(expected[i]![j]!, 12)));
    expect(
      invert([
        [1, 1],
        [1, 1],
      ]),
    ).toBeNull();
  });
});

describe('dominantFrequencies', () => {
  const ts = Array.from({ length: 64 }, (_, i) => i * 2 + (i % 3) * 0.3);
  it('finds the frequency of a sinusoid, all its variance explained', () => {
    const peaks = dominantFrequencies(
      ts,
      ts.map((t) => 3 + Math.cos(2 * Math.PI * 0.05 * t)),
      1,
    );
    expect(peaks).toHaveLength(1);
    expect(peaks[0]!.frequency).toBeCloseTo(0.05, 3);
    expect(peaks[0]!.power).toBeGreaterThan(0.98);
  });

  it('orders two sinusoids by strength and stops at maxPeaks', () => {
    const ys = ts.map(
      (t) => Math.sin(2 * Math.PI * 0.03 * t) + 0.4 * Math.cos(2 * Math.PI * 0.11 * t),
    );
    const peaks = dominantFrequencies(ts, ys, 2);
    expect(peaks.map((p) => Math.round(p.frequency * 100) / 100)).toEqual([0.03, 0.11]);
    expect(peaks[0]!.power).toBeGreaterThan(peaks[1]!.power);
    expect(dominantFrequencies(ts, ys).length).toBe(3);
  });

  it('has nothing to say about too few points, no span or no variance', () => {
    expect(dominantFrequencies([0, 1, 2], [0, 1, 0])).toEqual([]);
    expect(dominantFrequencies([1, 1, 1, 1], [0, 1, 0, 1])).toEqual([]);
    expect(dominantFrequencies([0, 1, 2, 3], [2, 2, 2, 2])).toEqual([]);
  });

  it('searches up to the Nyquist frequency of the median spacing, not of the closest pair', () => {
    // Samples every 10 ns but two 1 ns apart: a 0.045/ns signal is below 0.05 (Nyquist of 10 ns).
    const xs = [0, 1, ...Array.from({ length: 40 }, (_, i) => 10 * (i + 1))];
    const peaks = dominantFrequencies(
      xs,
      xs.map((t) => Math.cos(2 * Math.PI * 0.045 * t)),
      1,
    );
    expect(peaks[0]!.frequency).toBeCloseTo(0.045, 3);
    expect(peaks[0]!.frequency).toBeLessThanOrEqual(0.05 + 1e-9);
  });
});

describe('levenbergMarquardt', () => {
  const line = (p: readonly number[], x: number) => p[0]! + p[1]! * x;

  it('reports no covariance when there are not more points than parameters', () => {
    const fit = levenbergMarquardt(line, [0, 1], [1, 3], [0, 0]);
    expect(fit.params[0]).toBeCloseTo(1, 8);
    expect(fit.params[1]).toBeCloseTo(2, 8);
    expect([fit.covariance, fit.stdErrors]).toEqual([null, null]);
    expect(fit.sumSquares).toBeCloseTo(0, 12);
  });

  it('reports no covariance for a parameter the model does not use', () => {
    const fit = levenbergMarquardt((p, x) => p[0]! * x, [1, 2, 3], [2, 4, 6.5], [0, 7]);
    expect(fit.params[1]).toBe(7);
    expect(fit.stdErrors).toBeNull();
  });

  it('computes covariance, errors and residuals as defined', () => {
    const xs = [0, 1, 2, 3];
    const ys = [1, 2.9, 5.2, 6.9];
    const fit = levenbergMarquardt(line, xs, ys, [0, 0]);
    // Ordinary least squares by hand: intercept 1, slope 2, residuals 0, −0.1, 0.2, −0.1.
    expect(fit.params[0]).toBeCloseTo(1, 9);
    expect(fit.params[1]).toBeCloseTo(2, 9);
    expect(fit.sumSquares).toBeCloseTo(0.06, 9);
    expect(fit.residualRms).toBeCloseTo(Math.sqrt(0.06 / 4), 9);
    // s² = 0.06 / (4 − 2); (XᵀX)⁻¹ = [[0.7, −0.3], [−0.3, 0.2]].
    const s2 = 0.03;
    expect(fit.covariance![0]![0]).toBeCloseTo(0.7 * s2, 9);
    expect(fit.covariance![0]![1]).toBeCloseTo(-0.3 * s2, 9);
    expect(fit.covariance![1]![1]).toBeCloseTo(0.2 * s2, 9);
    expect(fit.stdErrors![1]).toBeCloseTo(Math.sqrt(0.2 * s2), 9);
    expect(fit.converged).toBe(true);
    // It stops once converged rather than running to maxIterations.
    expect(fit.iterations).toBeLessThan(20);
  });

  it('the numerical and the analytic Jacobian agree', () => {
    const model = (p: readonly number[], x: number) => p[0]! * Math.exp(-p[1]! * x);
    const xs = Array.from({ length: 20 }, (_, i) => i * 0.3);
    const ys = xs.map((x, i) => 2 * Math.exp(-0.7 * x) + (i % 2 ? 0.01 : -0.01));
    const numeric = levenbergMarquardt(model, xs, ys, [1, 1]);
    const analytic = levenbergMarquardt(model, xs, ys, [1, 1], {
      jacobian: (p, x) => [Math.exp(-p[1]! * x), -x * p[0]! * Math.exp(-p[1]! * x)],
    });
    expect(numeric.params[0]).toBeCloseTo(analytic.params[0]!, 6);
    expect(numeric.params[1]).toBeCloseTo(analytic.params[1]!, 6);
    expect(numeric.stdErrors![1]).toBeCloseTo(analytic.stdErrors![1]!, 6);
  });

  it('stops after maxIterations, not converged', () => {
    const model = (p: readonly number[], x: number) => p[0]! * Math.exp(-p[1]! * x);
    const xs = Array.from({ length: 20 }, (_, i) => i * 0.3);
    const ys = xs.map((x) => 2 * Math.exp(-0.7 * x));
    const fit = levenbergMarquardt(model, xs, ys, [1, 3], { maxIterations: 2 });
    expect(fit.iterations).toBe(2);
    expect(fit.converged).toBe(false);
    const done = levenbergMarquardt(model, xs, ys, [1, 3]);
    expect(done.converged).toBe(true);
    expect(done.params[1]).toBeCloseTo(0.7, 9);
  });
});

describe('fit input and refusals', () => {
  it('checks lengths, counts and finiteness, saying which', () => {
    expect(() => checkInput([1, 2], [1], 1)).toThrow('fit: 2 x values but 1 y values');
    expect(() => checkInput([1, 2], [1, 2], 3)).toThrow('fit: need at least 3 points, got 2');
    expect(() => checkInput([1, Infinity], [1, 2], 2)).toThrow(
      'fit: the data contain non-finite values',
    );
    expect(() => checkInput([1, 2], [NaN, 2], 2)).toThrow(/non-finite/);
    expect(() => checkInput([1, 2, 3], [1, 2, 3], 3)).not.toThrow();
  });

  it('fitT1 refuses equal waits, and sorts its input', () => {
    expect(() => fitT1([5, 5, 5, 5], [1, 0.5, 0.2, 0.1])).toThrow('fitT1: all waits are equal');
    expect(() => fitT1([0, 10, 20], [1, 0.5, 0.2])).toThrow(/at least 4 points/);
    const ts = [0, 20, 40, 80, 160, 320];
    const ys = ts.map((t) => 0.1 + 0.8 * Math.exp(-t / 60));
    const shuffled = [3, 0, 5, 1, 4, 2];
    const fit = fitT1(
      shuffled.map((i) => ts[i]!),
      shuffled.map((i) => ys[i]!),
    );
    expect(fit.t1Ns).toBeCloseTo(60, 6);
    expect(fit.amplitude).toBeCloseTo(0.8, 6);
    expect(fit.offset).toBeCloseTo(0.1, 6);
    expect(fit.residualRms).toBeLessThan(1e-9);
  });

  it('fitT1 finds a T1 far from the span/3 guess, starting from waits that do not begin at 0', () => {
    const ts = Array.from({ length: 40 }, (_, i) => 1_000 + i * 500);
    const ys = ts.map((t) => 0.05 + 0.9 * Math.exp(-(t - 1_000) / 2_000));
    const fit = fitT1(ts, ys);
    expect(fit.t1Ns).toBeCloseTo(2_000, 3);
    expect(fit.amplitude * Math.exp(-1_000 / fit.t1Ns)).toBeCloseTo(0.9, 6);
  });

  it('fitRabi: the canonical form (f > 0, amplitude > 0, phase in (−π, π]) and the curve', () => {
    const ts = Array.from({ length: 60 }, (_, i) => i * 4);
    const ys = ts.map((t) => 0.5 + 0.3 * Math.cos(2 * Math.PI * 0.02 * t + 2.5));
    const fit = fitRabi(ts, ys);
    expect(fit.rabiFrequencyMHz).toBeCloseTo(20, 4);
    expect(fit.piPulseNs).toBeCloseTo(25, 4);
    expect(fit.amplitude).toBeCloseTo(0.3, 6);
    expect(fit.offset).toBeCloseTo(0.5, 6);
    expect(fit.phase).toBeCloseTo(2.5, 5);
    expect(fit.piPulseStdErrNs).not.toBeNull();
    expect(rabiCurve(fit, 10)).toBeCloseTo(0.5 + 0.3 * Math.cos(2 * Math.PI * 0.2 + 2.5), 5);
    // No decay in the data: none reported (or a rate too small to matter).
    expect(fit.decay?.timeNs ?? Infinity).toBeGreaterThan(1e6);
  });

  it('fitRabi: a phase near −π comes out in (−π, π], a decay is reported', () => {
    const ts = Array.from({ length: 80 }, (_, i) => i * 5);
    const ys = ts.map(
      (t) => 0.4 + 0.35 * Math.cos(2 * Math.PI * 0.01 * t - 3) * Math.exp(-t / 500),
    );
    const fit = fitRabi(ts, ys);
    expect(fit.phase).toBeCloseTo(-3, 4);
    expect(fit.decay?.timeNs).toBeCloseTo(500, 2);
    expect(fit.decay?.ratePerNs).toBeCloseTo(1 / 500, 6);
  });

  it('sampleCurve spreads at least two points over the range', () => {
    expect(sampleCurve((t) => t * t, 0, 4, 3)).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 4 },
      { x: 4, y: 16 },
    ]);
    expect(sampleCurve((t) => t, 1, 3, 1)).toEqual([
      { x: 1, y: 1 },
      { x: 3, y: 3 },
    ]);
    expect(sampleCurve((t) => t, 0, 1)).toHaveLength(200);
  });
});
