import { describe, expect, it } from 'vitest';
import { coefficientAt, coefficientBefore } from '../../../../src/shared/dialect/coefficient-at';

/*
 * Expected values worked out by hand from the SDK's rule (qilisdk 0.1.6
 * `LinearSchedule.get_coefficient_expression` and `Schedule.get_coefficient`; main's
 * `Interpolator`): alpha = (t - t0) / (t1 - t0), value = v1 * alpha + v0 * (1 - alpha); a step
 * holds the last point at or before t; before the first and after the last point, held.
 */
const ramp = [
  { t: 0, v: 1 },
  { t: 10, v: 0 },
];
const three = [
  { t: 2, v: 1 },
  { t: 4, v: 3 },
  { t: 8, v: -1 },
];

describe('coefficientAt', () => {
  it('linear: between two points, the SDK’s weighted sum', () => {
    expect(coefficientAt(ramp, 'linear', 0)).toBe(1);
    expect(coefficientAt(ramp, 'linear', 2.5)).toBe(0.75); // alpha 0.25: 0 * 0.25 + 1 * 0.75
    expect(coefficientAt(ramp, 'linear', 10)).toBe(0);
    expect(coefficientAt(three, 'linear', 3)).toBe(2); // alpha 0.5: 3 * 0.5 + 1 * 0.5
    expect(coefficientAt(three, 'linear', 5)).toBe(2); // alpha 0.25: -1 * 0.25 + 3 * 0.75
    expect(coefficientAt(three, 'linear', 7)).toBe(0); // alpha 0.75: -0.75 + 0.75
  });

  it('keeps the SDK’s rounding: v1 * alpha + v0 * (1 - alpha), not v0 + alpha * (v1 - v0)', () => {
    const flat = [
      { t: 0, v: 0.1 },
      { t: 7, v: 0.1 },
    ];
    // alpha = 1 / 7 = 0.14285714285714285; 0.1 * alpha = 0.014285714285714285,
    // 0.1 * (1 - alpha) = 0.08571428571428573; their sum is 0.10000000000000002 in doubles
    // (Python prints the same), where v0 + alpha * (v1 - v0) would give 0.1.
    expect(coefficientAt(flat, 'linear', 1)).toBe(0.10000000000000002);
  });

  it('step: the last point at or before t', () => {
    expect(coefficientAt(three, 'step', 2)).toBe(1);
    expect(coefficientAt(three, 'step', 3.99)).toBe(1);
    expect(coefficientAt(three, 'step', 4)).toBe(3);
    expect(coefficientAt(three, 'step', 7.5)).toBe(3);
    expect(coefficientAt(three, 'step', 8)).toBe(-1);
  });

  it('before the first point and after the last: held, for both rules', () => {
    for (const rule of ['linear', 'step'] as const) {
      expect(coefficientAt(three, rule, 0)).toBe(1);
      expect(coefficientAt(three, rule, 1.5)).toBe(1);
      expect(coefficientAt(three, rule, 9)).toBe(-1);
    }
    expect(coefficientAt([{ t: 0, v: 0.7 }], 'linear', 5)).toBe(0.7);
    expect(coefficientAt([], 'linear', 5)).toBe(0);
  });

  it('a time written twice is a jump: the later value at it, the earlier just before', () => {
    const jump = [
      { t: 0, v: 0 },
      { t: 2, v: 1 },
      { t: 2, v: 5 },
      { t: 4, v: 5 },
    ];
    expect(coefficientAt(jump, 'linear', 2)).toBe(5);
    expect(coefficientBefore(jump, 'linear', 2)).toBe(1);
    expect(coefficientAt(jump, 'linear', 1)).toBe(0.5);
    expect(coefficientBefore(three, 'step', 4)).toBe(1);
    expect(coefficientBefore(three, 'linear', 3)).toBe(2);
    expect(coefficientBefore(three, 'linear', 0)).toBe(1);
  });
});
