import { describe, expect, it } from 'vitest';
import { levenbergMarquardt } from '../../../../src/shared/analysis';
import { seededNormal } from '../../../support/seeded-normal';

describe('Levenberg–Marquardt', () => {
  it('recovers the parameters of exact data (a Gaussian peak) from a rough start', () => {
    const model = (p: readonly number[], x: number): number =>
      p[0]! * Math.exp(-((x - p[1]!) ** 2) / (2 * p[2]! ** 2));
    const xs = Array.from({ length: 60 }, (_, i) => i * 0.2);
    const ys = xs.map((x) => model([2.5, 6.1, 1.3], x));
    const fit = levenbergMarquardt(model, xs, ys, [1, 5, 2]);
    expect(fit.converged).toBe(true);
    expect(fit.params[0]).toBeCloseTo(2.5, 8);
    expect(fit.params[1]).toBeCloseTo(6.1, 8);
    expect(Math.abs(fit.params[2]!)).toBeCloseTo(1.3, 8);
    expect(fit.residualRms).toBeLessThan(1e-9);
  });

  it('its standard errors match the scatter of repeated noisy fits', () => {
    const model = (p: readonly number[], x: number): number => p[0]! + p[1]! * x;
    const xs = Array.from({ length: 40 }, (_, i) => i / 4);
    const slopes: number[] = [];
    const reported: number[] = [];
    for (let trial = 0; trial < 200; trial++) {
      const n = seededNormal(trial + 1);
      const ys = xs.map((x) => 1 + 0.5 * x + 0.1 * n());
      const fit = levenbergMarquardt(model, xs, ys, [0, 0]);
      slopes.push(fit.params[1]!);
      reported.push(fit.stdErrors![1]!);
    }
    const mean = slopes.reduce((s, v) => s + v, 0) / slopes.length;
    const sd = Math.sqrt(slopes.reduce((s, v) => s + (v - mean) ** 2, 0) / (slopes.length - 1));
    const typical = reported.reduce((s, v) => s + v, 0) / reported.length;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(typical / sd).toBeGreaterThan(0.8);
    expect(typical / sd).toBeLessThan(1.25);
  });
});
