import { describe, expect, it } from 'vitest';
import { fitRabi, fitT1, rabiCurve, sampleCurve, t1Curve } from '../../../../src/shared/analysis';
import { seededNormal } from '../../../support/seeded-normal';

describe('fitRabi', () => {
  it('finds frequency, π pulse, amplitude, offset and decay of a noisy damped oscillation', () => {
    const n = seededNormal(3);
    const ts = Array.from({ length: 81 }, (_, i) => i * 5); // 0..400 ns
    const f = 0.0125; // 12.5 MHz → π pulse 40 ns
    const ys = ts.map(
      (t) => 0.3 - 0.45 * Math.cos(2 * Math.PI * f * t) * Math.exp(-t / 900) + 0.01 * n(),
    );
    const fit = fitRabi(ts, ys);
    expect(fit.rabiFrequencyMHz).toBeCloseTo(12.5, 1);
    expect(Math.abs(fit.piPulseNs - 40)).toBeLessThan(0.4);
    expect(fit.piPulseStdErrNs).toBeGreaterThan(0);
    expect(fit.amplitude).toBeCloseTo(0.45, 1);
    expect(fit.offset).toBeCloseTo(0.3, 2);
    expect(Math.abs(Math.abs(fit.phase) - Math.PI)).toBeLessThan(0.1); // −cos = cos(· + π)
    expect(fit.decay?.timeNs).toBeGreaterThan(600);
    expect(fit.decay?.timeNs).toBeLessThan(1300);
    expect(fit.residualRms).toBeLessThan(0.015);
    expect(rabiCurve(fit, 40)).toBeCloseTo(0.3 + 0.45 * Math.exp(-40 / 900), 1);
  });

  it('works with uneven sampling and with barely more than one period', () => {
    const ts = [0, 3, 7, 12, 18, 25, 31, 38, 46, 53, 61, 66, 74, 83, 90, 97, 105];
    const ys = ts.map((t) => Math.sin((2 * Math.PI * t) / 100 / 2) ** 2); // f = 10 MHz: period 100 ns
    const fit = fitRabi(ts, ys);
    expect(fit.piPulseNs).toBeCloseTo(50, 3);
    expect(fit.decay).toBeUndefined();
  });

  it('refuses data that do not fit', () => {
    expect(() => fitRabi([0, 1, 2], [0, 1, 0])).toThrow(/at least 5 points/);
    expect(() => fitRabi([0, 1, 2, 3, 4, 5], [1, 1, 1, 1, 1, 1])).toThrow(/do not oscillate/);
    expect(() => fitRabi([0, 1, 2, 3, 4], [0, 1, NaN, 1, 0])).toThrow(/non-finite/);
  });

  it('samples a fitted curve for plotting', () => {
    const pts = sampleCurve((t) => 2 * t, 0, 10, 11);
    expect(pts).toHaveLength(11);
    expect(pts[5]).toEqual({ x: 5, y: 10 });
  });
});

describe('fitT1', () => {
  it('recovers T1 with a standard error that covers the truth', () => {
    let covered = 0;
    for (let trial = 0; trial < 50; trial++) {
      const n = seededNormal(100 + trial);
      const ts = Array.from({ length: 30 }, (_, i) => i * 5000);
      const ys = ts.map((t) => -0.2 + 1.1 * Math.exp(-t / 35000) + 0.02 * n());
      const fit = fitT1(ts, ys);
      expect(Math.abs(fit.t1Ns - 35000) / 35000).toBeLessThan(0.1);
      expect(fit.amplitude).toBeCloseTo(1.1, 1);
      expect(fit.offset).toBeCloseTo(-0.2, 1);
      if (Math.abs(fit.t1Ns - 35000) < 2 * fit.t1StdErrNs!) covered++;
    }
    // ±2σ should hold about 95% of the time.
    expect(covered).toBeGreaterThanOrEqual(42);
  });

  it('fits rising signals too (excited point below ground) and gives the curve', () => {
    const ts = [0, 10, 20, 40, 80, 160, 320];
    const ys = ts.map((t) => 5 - 3 * Math.exp(-t / 50));
    const fit = fitT1(ts, ys);
    expect(fit.t1Ns).toBeCloseTo(50, 6);
    expect(t1Curve(fit, 50)).toBeCloseTo(5 - 3 / Math.E, 8);
  });
});
